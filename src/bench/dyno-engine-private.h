/* dyno-engine-private.h: what the worker threads share with DynoEngine
 *
 * Workers never call into GObject signal emission or the consumer's code: they push plain
 * events into this queue, and DynoEngine emits them on the consumer's main context.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-engine.h"
#include "dyno-result.h"

G_BEGIN_DECLS

typedef enum
{
  DYNO_EVENT_TARGET_STARTED,
  DYNO_EVENT_PHASE_STARTED,
  DYNO_EVENT_SAMPLE,
  DYNO_EVENT_PHASE_FINISHED,
  DYNO_EVENT_MESSAGE,
  DYNO_EVENT_TARGET_FINISHED,
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
  char *text;                    /* TARGET_STARTED: path; MESSAGE: text */
  const DynoTargetResult *result; /* TARGET_FINISHED: no longer touched by the worker */
  GObject *owner;                 /* keeps result alive until the event is delivered */
} DynoEvent;

typedef struct _DynoRunShared DynoRunShared;

DynoRunShared *dyno_run_shared_new (guint n_targets, guint phases_per_target, double phase_time);
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
void           dyno_run_shared_skip_phases (DynoRunShared *shared, guint n);
/* n more phases for every target: the repeats added for precision. */
void           dyno_run_shared_add_phases (DynoRunShared *shared, guint n);
void           dyno_run_shared_finish (DynoRunShared *shared);
void           dyno_event_clear (DynoEvent *event);

G_END_DECLS
