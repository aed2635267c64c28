/* dyno-run-shared.c: the event queue and status between worker threads and DynoEngine
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-clock.h"
#include "dyno-estimate.h"
#include "dyno-run-shared.h"
#include "dyno-stream.h"

struct _DynoRunShared
{
  gatomicrefcount ref_count;
  GMutex lock;
  GArray *events;
  DynoStatus status;
  guint phases_per_target;
  guint phases_done;
  gint64 started_ns;

  /* The remaining-time estimate (dyno-estimate.c): each phase priced from the calibration,
   * learnt from what the phases took as they end. Without a price (no phase time and no
   * rates), each phase lasts about phase_time, or the progress is extrapolated; that figure
   * only ever goes down. */
  DynoEstimate *estimate;
  GArray *estimate_log; /* DynoEstimateEntry, one per phase that ended */
  double phase_time;
  gint64 phase_started_ns;
  double phases_seconds;   /* wall time of the phases done, from the end of the one before:
                            * preparation, settling and rests between them included */
  gint64 last_done_ns;     /* the end of the last phase, or the run's start */
  guint phases_timed;
  double last_remaining;   /* NAN until known */
  gint64 last_estimate_ns;

  /* Taking turns: the orders the engine gave that the runner has not taken yet. */
  gboolean take_turns;
  GQueue orders;           /* DynoStreamEvent* */
  GCond order_given;
};

static void
order_free (gpointer data)
{
  DynoStreamEvent *order = data;

  dyno_stream_event_clear (order);
  g_free (order);
}

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
dyno_run_shared_new (const DynoConfig *config, guint n_targets, guint phases_per_target,
                     double phase_time)
{
  DynoRunShared *shared = g_new0 (DynoRunShared, 1);

  if (config != NULL)
    shared->estimate = dyno_estimate_new (config, n_targets);
  shared->estimate_log = g_array_new (FALSE, TRUE, sizeof (DynoEstimateEntry));

  g_atomic_ref_count_init (&shared->ref_count);
  g_mutex_init (&shared->lock);
  g_cond_init (&shared->order_given);
  g_queue_init (&shared->orders);
  shared->events = g_array_new (FALSE, TRUE, sizeof (DynoEvent));
  g_array_set_clear_func (shared->events, event_clear_func);
  shared->phases_per_target = MAX (phases_per_target, 1);
  shared->started_ns = dyno_now_ns ();
  shared->last_done_ns = shared->started_ns;
  shared->status.running = TRUE;
  shared->status.n_targets = n_targets;
  shared->status.phase = NULL;
  shared->status.remaining = NAN;
  shared->status.rate = NAN;
  shared->phase_time = phase_time;
  shared->last_remaining = NAN;
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
  g_clear_pointer (&shared->estimate, dyno_estimate_free);
  g_array_unref (shared->estimate_log);
  g_queue_clear_full (&shared->orders, order_free);
  g_cond_clear (&shared->order_given);
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

/* Seconds left: with a phase time, what the phases left will take at the pace so far (never
 * less than the phase time each); without one, the elapsed time scaled by the progress. */
static double
model_remaining (DynoRunShared *shared, double total, gint64 now)
{
  double left = total - shared->phases_done;
  double per_phase;
  double in_phase = 0;

  if (shared->phase_time <= 0)
    {
      /* Too early to extrapolate: the first percent says little about the slow phases. */
      if (shared->status.progress > 0.01 && shared->status.elapsed > 1)
        return shared->status.elapsed * (1 - shared->status.progress) / shared->status.progress;
      return NAN;
    }
  per_phase = shared->phase_time * 1.1;
  if (shared->phases_timed > 0)
    per_phase = MAX (per_phase, shared->phases_seconds / shared->phases_timed);
  if (shared->status.phase != NULL)
    {
      in_phase = (now - shared->phase_started_ns) / 1e9;
      left -= 1;
    }
  return MAX (left, 0) * per_phase + MAX (per_phase - in_phase, 0);
}

static void
update_estimate (DynoRunShared *shared)
{
  double total = (double) shared->phases_per_target * MAX (shared->status.n_targets, 1);
  double done = shared->phases_done + (shared->status.phase != NULL ? shared->status.phase_progress : 0);
  gint64 now = dyno_now_ns ();
  double remaining;

  shared->status.elapsed = (now - shared->started_ns) / 1e9;
  shared->status.progress = CLAMP (done / total, 0.0, 1.0);
  /* The priced estimate: what is left of the plan, counting down with the clock through the
   * phase under way; it is learnt again at every phase's end, and may then go up. */
  remaining = shared->estimate != NULL
                  ? dyno_estimate_remaining (shared->estimate,
                                             (now - shared->last_done_ns) / 1e9)
                  : NAN;
  if (!isnan (remaining))
    {
      shared->status.remaining = remaining;
      return;
    }
  remaining = model_remaining (shared, total, now);
  /* A figure that jumps up is worse than one that is a little optimistic: it never rises.
   * When the run is behind the figure shown, that figure counts down more slowly, in the
   * proportion of the two, so it meets the truth without a jump. */
  if (!isnan (remaining) && !isnan (shared->last_remaining))
    {
      double dt = (now - shared->last_estimate_ns) / 1e9;
      double pace = remaining > shared->last_remaining && remaining > 0
                        ? MAX (shared->last_remaining / remaining, 0.2)
                        : 1.0;

      remaining = MIN (remaining, MAX (shared->last_remaining - dt * pace, 0));
    }
  if (!isnan (remaining))
    {
      shared->last_remaining = remaining;
      shared->last_estimate_ns = now;
    }
  shared->status.remaining = remaining;
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
  shared->phase_started_ns = dyno_now_ns ();
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
  if (shared->status.phase != NULL)
    {
      gint64 now = dyno_now_ns ();
      double seconds = (now - shared->last_done_ns) / 1e9;

      shared->phases_seconds += seconds;
      shared->phases_timed++;
      shared->last_done_ns = now;
      if (shared->estimate != NULL)
        {
          DynoEstimateEntry entry = { .target = shared->status.target,
                                      .phase = shared->status.phase, .seconds = seconds };

          dyno_estimate_phase_done (shared->estimate, shared->status.target,
                                    shared->status.phase, seconds);
          entry.remaining = dyno_estimate_remaining (shared->estimate, 0);
          entry.correction = dyno_estimate_get_correction (shared->estimate);
          g_array_append_val (shared->estimate_log, entry);
        }
    }
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
dyno_run_shared_add_phases (DynoRunShared *shared, guint n)
{
  g_mutex_lock (&shared->lock);
  /* Repeats added for precision: the plan grows, and the progress with it. */
  shared->phases_per_target += n;
  if (shared->estimate != NULL)
    dyno_estimate_add_phases (shared->estimate, n * MAX (shared->status.n_targets, 1));
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_skip_phases (DynoRunShared *shared, guint target, guint n)
{
  g_mutex_lock (&shared->lock);
  /* A failed target skips its remaining phases; progress must still add up. */
  shared->phases_done += n;
  if (shared->estimate != NULL)
    dyno_estimate_skip_target (shared->estimate, target);
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_set_sizing (DynoRunShared *shared, guint target, const DynoSizing *sizing,
                            const DynoWorkload *workload)
{
  g_mutex_lock (&shared->lock);
  if (shared->estimate != NULL)
    dyno_estimate_set_sizing (shared->estimate, target, sizing, workload);
  g_mutex_unlock (&shared->lock);
}

void
dyno_run_shared_calibrated (DynoRunShared *shared)
{
  g_mutex_lock (&shared->lock);
  /* What came before (the idle measurement, the calibrations) is no phase's. */
  shared->last_done_ns = dyno_now_ns ();
  if (shared->estimate != NULL)
    dyno_estimate_calibrated (shared->estimate);
  g_mutex_unlock (&shared->lock);
}

GArray *
dyno_run_shared_dup_estimate_log (DynoRunShared *shared)
{
  GArray *log;

  g_mutex_lock (&shared->lock);
  log = g_array_copy (shared->estimate_log);
  g_mutex_unlock (&shared->lock);
  return log;
}

gint64
dyno_run_shared_get_started_ns (DynoRunShared *shared)
{
  return shared->started_ns;
}

/* ---- taking turns ------------------------------------------------------------------------- */

void
dyno_run_shared_set_take_turns (DynoRunShared *shared)
{
  g_mutex_lock (&shared->lock);
  shared->take_turns = TRUE;
  g_mutex_unlock (&shared->lock);
}

gboolean
dyno_run_shared_get_take_turns (DynoRunShared *shared)
{
  gboolean take_turns;

  g_mutex_lock (&shared->lock);
  take_turns = shared->take_turns;
  g_mutex_unlock (&shared->lock);
  return take_turns;
}

void
dyno_run_shared_give_order (DynoRunShared *shared, const DynoStreamEvent *order)
{
  DynoStreamEvent *copy = g_new0 (DynoStreamEvent, 1);

  copy->kind = order->kind;
  copy->target = order->target;
  copy->repeat = order->repeat;
  copy->workload = order->workload;
  copy->text = g_strdup (order->text);
  copy->only = g_strdupv (order->only);
  g_mutex_lock (&shared->lock);
  g_queue_push_tail (&shared->orders, copy);
  g_cond_signal (&shared->order_given);
  g_mutex_unlock (&shared->lock);
}

gboolean
dyno_run_shared_wait_order (DynoRunShared *shared, GCancellable *cancellable,
                            DynoStreamEvent *order)
{
  DynoStreamEvent *next = NULL;

  g_mutex_lock (&shared->lock);
  /* A cancellation wakes nothing here: the wait looks at it five times a second. */
  while (next == NULL && !g_cancellable_is_cancelled (cancellable))
    {
      next = g_queue_pop_head (&shared->orders);
      if (next == NULL)
        g_cond_wait_until (&shared->order_given, &shared->lock,
                           g_get_monotonic_time () + G_USEC_PER_SEC / 5);
    }
  g_mutex_unlock (&shared->lock);
  if (next == NULL)
    return FALSE;
  *order = *next;
  g_free (next);
  return TRUE;
}
