/* dyno-run-shared.c: the event queue and status between worker threads and DynoEngine
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-engine-private.h"
#include "dyno-run-private.h"

struct _DynoRunShared
{
  gatomicrefcount ref_count;
  GMutex lock;
  GArray *events;
  DynoStatus status;
  guint phases_per_target;
  guint phases_done;
  gint64 started_ns;
};

static void
event_clear_func (gpointer data)
{
  dyno_event_clear (data);
}

void
dyno_event_clear (DynoEvent *event)
{
  g_clear_pointer (&event->text, g_free);
  g_clear_object (&event->owner);
}

DynoRunShared *
dyno_run_shared_new (guint n_targets, guint phases_per_target)
{
  DynoRunShared *shared = g_new0 (DynoRunShared, 1);

  g_atomic_ref_count_init (&shared->ref_count);
  g_mutex_init (&shared->lock);
  shared->events = g_array_new (FALSE, TRUE, sizeof (DynoEvent));
  g_array_set_clear_func (shared->events, event_clear_func);
  shared->phases_per_target = MAX (phases_per_target, 1);
  shared->started_ns = dyno_now_ns ();
  shared->status.running = TRUE;
  shared->status.n_targets = n_targets;
  shared->status.phase = NULL;
  shared->status.remaining = NAN;
  shared->status.rate = NAN;
  return shared;
}

DynoRunShared *
dyno_run_shared_ref (DynoRunShared *shared)
{
  g_atomic_ref_count_inc (&shared->ref_count);
  return shared;
}

void
dyno_run_shared_unref (DynoRunShared *shared)
{
  if (!g_atomic_ref_count_dec (&shared->ref_count))
    return;
  g_array_unref (shared->events);
  g_mutex_clear (&shared->lock);
  g_free (shared);
}

void
dyno_run_shared_push (DynoRunShared *shared, DynoEvent *event)
{
  g_mutex_lock (&shared->lock);
  g_array_append_vals (shared->events, event, 1);
  g_mutex_unlock (&shared->lock);
  /* now owned by the queue */
  event->text = NULL;
  event->owner = NULL;
}

GArray *
dyno_run_shared_drain (DynoRunShared *shared)
{
  GArray *events;

  g_mutex_lock (&shared->lock);
  events = shared->events;
  shared->events = g_array_new (FALSE, TRUE, sizeof (DynoEvent));
  g_array_set_clear_func (shared->events, event_clear_func);
  g_mutex_unlock (&shared->lock);
  return events;
}

static void
update_estimate (DynoRunShared *shared)
{
  double total = (double) shared->phases_per_target * MAX (shared->status.n_targets, 1);
  double done = shared->phases_done + (shared->status.phase != NULL ? shared->status.phase_progress : 0);

  shared->status.elapsed = (dyno_now_ns () - shared->started_ns) / 1e9;
  shared->status.progress = CLAMP (done / total, 0.0, 1.0);
  /* Too early to extrapolate: the first percent says little about the slow phases. */
  if (shared->status.progress > 0.01 && shared->status.elapsed > 1)
    shared->status.remaining
        = shared->status.elapsed * (1 - shared->status.progress) / shared->status.progress;
  else
    shared->status.remaining = NAN;
}

void
dyno_run_shared_get_status (DynoRunShared *shared, DynoStatus *status)
{
  g_mutex_lock (&shared->lock);
  if (shared->status.running)
    update_estimate (shared);
  *status = shared->status;
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_set_phase (DynoRunShared *shared, guint target, guint repeat,
                           const DynoPhase *phase)
{
  g_mutex_lock (&shared->lock);
  shared->status.target = target;
  shared->status.repeat = repeat;
  shared->status.phase = phase;
  shared->status.phase_progress = 0;
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_set_progress (DynoRunShared *shared, double phase_progress, double rate)
{
  g_mutex_lock (&shared->lock);
  shared->status.phase_progress = phase_progress;
  shared->status.rate = rate;
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_phase_done (DynoRunShared *shared)
{
  g_mutex_lock (&shared->lock);
  shared->phases_done++;
  shared->status.phase = NULL;
  shared->status.phase_progress = 0;
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_finish (DynoRunShared *shared)
{
  g_mutex_lock (&shared->lock);
  update_estimate (shared);
  shared->status.running = FALSE;
  shared->status.phase = NULL;
  shared->status.progress = 1;
  shared->status.remaining = 0;
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_target_done (DynoRunShared *shared, guint target)
{
  g_mutex_lock (&shared->lock);
  /* A failed target skips its remaining phases; progress must still add up. */
  shared->phases_done = MAX (shared->phases_done, (target + 1) * shared->phases_per_target);
  g_mutex_unlock (&shared->lock);
}
