/* dyno-run-shared.h: what the worker threads share with DynoEngine (dyno-run-shared.c)
 *
 * Workers never call into GObject signal emission or the consumer's code: they push plain
 * events into this queue, and DynoEngine emits them on the consumer's main context. The
 * worker side (runner, sampler, phases) includes this, never dyno-engine.h: the engine
 * starts the workers, not the other way round.
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

typedef enum
{
  DYNO_EVENT_TARGET_STARTED,
  DYNO_EVENT_PHASE_STARTED,
  DYNO_EVENT_SAMPLE,
  DYNO_EVENT_PHASE_FINISHED,
  DYNO_EVENT_MESSAGE,
  DYNO_EVENT_TARGET_FINISHED,
  DYNO_EVENT_SIZED,          /* taking turns: a target's calibration, before its first round */
  DYNO_EVENT_ROUND_FINISHED, /* taking turns: a round that was ordered is over */
} DynoEventKind;

typedef struct
{
  DynoEventKind kind;
  guint target;
  guint repeat;
  const DynoPhase *phase;
  DynoSample sample;             /* SAMPLE */
  DynoPhaseRun run;              /* PHASE_FINISHED */
  int level;                     /* MESSAGE */
  char *text;                    /* TARGET_STARTED: path; MESSAGE: text; SIZED: path;
                                  * ROUND_FINISHED: why the target ended, or NULL */
  DynoSizing sizing;             /* SIZED (reason: NULL) */
  guint64 free_bytes;            /* SIZED */
  guint64 free_inodes;           /* SIZED */
  double started;                /* ROUND_FINISHED: seconds from the run's start to the round's */
  const DynoTargetResult *result; /* TARGET_FINISHED: no longer touched by the worker */
  GObject *owner;                 /* keeps result alive until the event is delivered */
} DynoEvent;

typedef struct _DynoRunShared DynoRunShared;

/* config (may be NULL) prices the remaining-time estimate (dyno-estimate.h). */
DynoRunShared *dyno_run_shared_new (const DynoConfig *config,
                                    guint             n_targets,
                                    guint             phases_per_target,
                                    double            phase_time);
DynoRunShared *dyno_run_shared_ref (DynoRunShared *shared);
void           dyno_run_shared_unref (DynoRunShared *shared);
/* Takes ownership of event->text. */
void           dyno_run_shared_push (DynoRunShared *shared, DynoEvent *event);
/* Returns the queued events (DynoEvent) and empties the queue. */
GArray        *dyno_run_shared_drain (DynoRunShared *shared);
void           dyno_run_shared_get_status (DynoRunShared *shared, DynoStatus *status);
void           dyno_run_shared_set_phase (DynoRunShared *shared,
                                          guint          target,
                                          guint          repeat,
                                          const DynoPhase *phase);
void           dyno_run_shared_set_progress (DynoRunShared *shared, double phase_progress, double rate);
void           dyno_run_shared_phase_done (DynoRunShared *shared);
void           dyno_run_shared_skip_phases (DynoRunShared *shared, guint target, guint n);
/* n more phases for every target: the repeats added for precision. */
void           dyno_run_shared_add_phases (DynoRunShared *shared, guint n);
/* What target's calibration measured and the sizes it runs, which price its phases in the
 * remaining-time estimate; and that the calibrations are over (the next phase's time starts
 * now). */
void           dyno_run_shared_set_sizing (DynoRunShared      *shared,
                                           guint               target,
                                           const DynoSizing   *sizing,
                                           const DynoWorkload *workload);
void           dyno_run_shared_calibrated (DynoRunShared *shared);
/* The estimate as it was learnt at each phase's end, for tests: what the phase took (from
 * the end of the one before), the seconds then left and the correction of the prices. */
typedef struct
{
  guint target;
  const DynoPhase *phase;
  double seconds;
  double remaining;
  double correction;
} DynoEstimateEntry;
GArray        *dyno_run_shared_dup_estimate_log (DynoRunShared *shared);
void           dyno_run_shared_finish (DynoRunShared *shared);
/* When the run started (dyno_now_ns ()): the time of every sample and phase is from then. */
gint64         dyno_run_shared_get_started_ns (DynoRunShared *shared);

/* Taking turns with targets elsewhere (docs/remote.md, "Local and remote targets together"):
 * the runner opens its targets (and says what each calibration found, DYNO_EVENT_SIZED), then
 * does only what it is told, order by order: a DYNO_STREAM_WORKLOAD, a _ROUND of one target
 * (DYNO_EVENT_ROUND_FINISHED when it is over), and _END. Set before the runner starts. */
void           dyno_run_shared_set_take_turns (DynoRunShared *shared);
gboolean       dyno_run_shared_get_take_turns (DynoRunShared *shared);
/* From the engine's thread: order is copied. */
void           dyno_run_shared_give_order (DynoRunShared                 *shared,
                                           const DynoStreamEvent *order);
/* From the runner's thread: waits for the next order; FALSE when cancellable was cancelled
 * first. Clear *order with dyno_stream_event_clear (). */
gboolean       dyno_run_shared_wait_order (DynoRunShared           *shared,
                                           GCancellable            *cancellable,
                                           DynoStreamEvent *order);
void           dyno_event_clear (DynoEvent *event);

G_END_DECLS
