/* dyno-engine.h: runs a configuration on targets in worker threads and reports back
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-config.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* Where a run stands; a snapshot, safe to take from the thread that started the run. */
typedef struct
{
  gboolean running;
  guint target;          /* index of the target being measured */
  guint n_targets;
  guint repeat;
  const DynoPhase *phase; /* NULL between phases */
  double phase_progress; /* 0..1 */
  double progress;       /* 0..1 over the whole run */
  double elapsed;        /* seconds since the run started */
  double remaining;      /* estimate in seconds; NAN while unknown */
  double rate;           /* the latest sample's rate */
} DynoStatus;

typedef enum
{
  DYNO_MESSAGE_INFO,
  DYNO_MESSAGE_WARNING,
} DynoMessageLevel;

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
 * does not fail the run: its DynoTargetResult says what went wrong, and later targets still run. */
DynoResult *dyno_engine_run_finish (DynoEngine *self, GAsyncResult *result, GError **error);

gboolean    dyno_engine_get_running (DynoEngine *self);
void        dyno_engine_get_status (DynoEngine *self, DynoStatus *status);
guint       dyno_engine_get_sample_interval (DynoEngine *self);
void        dyno_engine_set_sample_interval (DynoEngine *self, guint interval_ms);

/* Blocking convenience for tests and scripts: runs a main loop until the run ends. */
DynoResult *dyno_engine_run_sync (DynoEngine         *self,
                                  const DynoConfig   *config,
                                  const char * const *targets,
                                  GCancellable       *cancellable,
                                  GError            **error);

G_END_DECLS
