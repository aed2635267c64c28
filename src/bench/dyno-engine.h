/* dyno-engine.h: runs a configuration on targets in worker threads and reports back
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-config.h"
#include "dyno-engine-types.h"
#include "dyno-result.h"
#include "dyno-stream.h"

G_BEGIN_DECLS

#define DYNO_TYPE_ENGINE (dyno_engine_get_type ())
G_DECLARE_FINAL_TYPE (DynoEngine, dyno_engine, DYNO, ENGINE, GObject)

DynoEngine *dyno_engine_new (void);

/*
 * Signals, all emitted on the thread-default main context of the caller of run_async, in order:
 *   target-started  (guint target, const char *path)
 *   phase-started   (guint target, guint repeat, const DynoPhase *phase)
 *   samples         (GArray *of DynoSample): a batch, at most one per sample interval
 *   phase-finished  (guint target, guint repeat, const DynoPhase *phase, const DynoPhaseRun *run)
 *   message         (guint target, int DynoMessageLevel, const char *text)
 *   target-finished (guint target, const DynoTargetResult *result)
 *   turn            (const DynoStreamEvent *event): a run that takes turns
 *                   (dyno_engine_set_take_turns) says what its calibration found
 *                   (DYNO_STREAM_SIZED) and that an ordered round is over (_ROUND_FINISHED)
 * The callback runs after the last signal. Cancelling removes the scratch directory first.
 *
 * A program that runs benchmarks should ignore SIGXFSZ (signal (SIGXFSZ, SIG_IGN) in its
 * main): under a file size limit the data file's growth would kill it mid-write and leave the
 * scratch folder behind; ignored, write() fails with EFBIG and the run fails cleanly.
 */
void        dyno_engine_run_async (DynoEngine          *self,
                                   const DynoConfig    *config,
                                   const char * const  *targets,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data);
/* NULL with G_IO_ERROR_CANCELLED, or a DYNO_ERROR for a bad configuration. A target that fails
 * does not fail the run: its DynoTargetResult says what went wrong, and later targets still run.
 *
 * targets may hold remote folders, ssh://[user@]host[:port]/path or [user@]host:/path
 * (dyno-remote-target.h), among local ones: the dyno-cli of that machine measures it over ssh
 * (dyno-remote-run.c) and its events come through the same signals with that target's index.
 * A remote target that cannot be reached or speaks another protocol fails on its own, with a
 * message that says what to install there.
 *
 * Several targets one after another (not dyno_engine_set_parallel ()) of which some are
 * remote take turns, as the targets of one machine do: every side calibrates, all do the
 * workload of the fastest within the least free space, and the rounds alternate A B B A
 * across all the targets, one round at a time (dyno-turns.h). They give one result, the
 * remote targets marked with their machine (DynoTargetResult's remote and system), so that
 * its rounds pair as two local targets' do. A failure on any side ends the run with what
 * every side finished, the failed target saying why. */
DynoResult *dyno_engine_run_finish (DynoEngine *self, GAsyncResult *result, GError **error);

gboolean    dyno_engine_get_running (DynoEngine *self);
void        dyno_engine_get_status (DynoEngine *self, DynoStatus *status);
/* Live samples come every interval_ms, from DYNO_ENGINE_MIN_SAMPLE_INTERVAL_MS to
 * DYNO_ENGINE_MAX_SAMPLE_INTERVAL_MS (values outside are clamped). */
#define DYNO_ENGINE_MIN_SAMPLE_INTERVAL_MS 10
#define DYNO_ENGINE_MAX_SAMPLE_INTERVAL_MS 10000
guint       dyno_engine_get_sample_interval (DynoEngine *self);
void        dyno_engine_set_sample_interval (DynoEngine *self, guint interval_ms);

/* How to reach one remote target (by its text as given to run_async): the dyno-cli on the far
 * side (NULL: "dyno-cli") and the ssh command line (NULL: $DYNO_SSH_COMMAND, else "ssh"), as
 * the app remembers them per remote. Kept until changed; NULL, NULL forgets. */
void        dyno_engine_set_remote_options (DynoEngine *self,
                                            const char *target,
                                            const char *remote_cli,
                                            const char *ssh_command);
/* Measure the targets at the same time rather than one after another: every remote target on
 * its machine at once, and the local targets (one after another among themselves) alongside. */
void        dyno_engine_set_parallel (DynoEngine *self, gboolean parallel);
gboolean    dyno_engine_get_parallel (DynoEngine *self);
/* After a cancel that did not end the run soon enough (a second ^C): kills the ssh of every
 * remote target still running; its far side then stops when its input closes. */
void        dyno_engine_force_stop (DynoEngine *self);
/* The far side of a run across machines (dyno-cli run --take-turns, docs/remote.md): its
 * local targets open, calibrate and say so (signal "turn"), then run only what
 * dyno_engine_give_order () orders: a DYNO_STREAM_WORKLOAD, a _ROUND of one target, the _END.
 * Set before run_async; such a run takes no remote target. */
void        dyno_engine_set_take_turns (DynoEngine *self, gboolean take_turns);
/* FALSE with an error when order is not one of those, or no run that takes turns is under
 * way. */
gboolean    dyno_engine_give_order (DynoEngine            *self,
                                    const DynoStreamEvent *order,
                                    GError               **error);
/* Every result of the run, one per machine: the local targets' result first when there are
 * local targets, then one per remote target in the order given, each with its remote
 * machine's system, its target description and dyno_result_get_remote () set ("user@host").
 * (dyno_engine_run_finish () keeps working and returns the first of them.) */
GPtrArray  *dyno_engine_run_finish_all (DynoEngine *self, GAsyncResult *result, GError **error);
/* After a run that finished with G_IO_ERROR_CANCELLED: its results that hold a finished
 * phase, each marked stopped (dyno_result_get_stopped ()), with the phases that had finished
 * and the runs they completed; NULL when nothing had. Transfer full; taken once. */
GPtrArray  *dyno_engine_take_stopped_results (DynoEngine *self);

/* Blocking convenience for tests and scripts: runs a main loop until the run ends. */
DynoResult *dyno_engine_run_sync (DynoEngine         *self,
                                  const DynoConfig   *config,
                                  const char * const *targets,
                                  GCancellable       *cancellable,
                                  GError            **error);

G_END_DECLS
