/* dyno-engine.c
 *
 * The run itself happens on a GTask worker thread (dyno-runner.c) with a sampler thread
 * beside it. This object owns the hand-off: a timeout on the caller's main context drains the
 * workers' event queue and emits the signals there, once per sample interval.
 *
 * Remote targets (ssh://host/path) are measured by the dyno-cli of their machine: each is a
 * DynoRemoteRun (dyno-remote-run.c), driven on the caller's main context with GIO's
 * asynchronous calls, no thread of its own. Their events become the same signals, with the
 * target's index in the array given; the local runner measures the local targets only and
 * its indices are mapped back.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-calibrate.h"
#include "dyno-clock.h"
#include "dyno-engine.h"
#include "dyno-error.h"
#include "dyno-plan.h"
#include "dyno-remote-run.h"
#include "dyno-result-json.h"
#include "dyno-run-shared.h"
#include "dyno-runner.h"
#include "dyno-stream.h"
#include "dyno-sysinfo-collect.h"
#include "dyno-turns.h"

#define DEFAULT_SAMPLE_INTERVAL_MS 100

typedef struct _Run Run;

/* How to reach one remote target, as set with dyno_engine_set_remote_options () */
typedef struct
{
  char *remote_cli;
  char *ssh_command;
} RemoteOptions;

static void
remote_options_free (gpointer data)
{
  RemoteOptions *options = data;

  g_free (options->remote_cli);
  g_free (options->ssh_command);
  g_free (options);
}

struct _DynoEngine
{
  GObject parent_instance;

  guint sample_interval;
  DynoRunShared *shared;
  GSource *drain_source;
  gboolean running;
  gboolean parallel;
  gboolean take_turns;        /* the far side of a run across machines: rounds on order */
  GHashTable *remote_options; /* target text → RemoteOptions */
  Run *run;                   /* the run under way, or NULL */
  DynoStatus last_status; /* what a finished run ended with */
  GPtrArray *stopped_results; /* DynoResult*: what the last stopped run finished */
};

/* One remote target of a run. */
typedef struct
{
  Run *run;
  guint index;               /* in the targets given */
  DynoRemoteRun *remote;
  DynoResult *result;        /* when it is over: its own, or one that says why it failed */
  gboolean started;
  gboolean done;
  gboolean hello;            /* the stream began: what it says on stderr is worth a message */
  const DynoPhase *phase;    /* as its samples say */
  guint repeat;
  guint phases_done;
  double phase_progress;
  double rate;
  double offset;             /* taking turns: seconds from its clock to the run's, as its
                              * samples' arrival says (the least lag seen); NAN before one */
} RemoteSlot;

struct _Run
{
  DynoEngine *self;          /* not a reference: the engine outlives its run */
  GTask *task;               /* the caller's */
  DynoConfig *config;
  GStrv targets;
  GArray *local_index;       /* guint: index in targets of the local runner's target i */
  GPtrArray *slots;          /* RemoteSlot*, in the order given */
  guint next_remote;         /* one after another: the next slot to start */
  guint pending;             /* the local runner and the remote runs not yet over */
  gboolean local_running;
  DynoResult *local_result;
  GError *local_error;
  GArray *samples;           /* DynoSample of remote runs, for the next batch */
  gboolean parallel;
  guint phases_per_target;
  gint64 started;            /* monotonic µs */
  /* Local and remote targets together, not in parallel: their rounds take turns, ordered by
   * turns, and the run gives one result of all of them (docs/remote.md). */
  DynoTurns *turns;
  gint64 epoch_ns;           /* the run's clock (dyno_now_ns ()), the local runner's too */
  gboolean local_ordered_workload;
  gboolean local_ordered_end;
};

static void
remote_slot_free (gpointer data)
{
  RemoteSlot *slot = data;

  if (slot->remote != NULL)
    g_signal_handlers_disconnect_by_data (slot->remote, slot);
  g_clear_object (&slot->remote);
  g_clear_object (&slot->result);
  g_free (slot);
}

static void
run_free (Run *run)
{
  g_clear_object (&run->task);
  dyno_config_free (run->config);
  g_strfreev (run->targets);
  g_array_unref (run->local_index);
  g_ptr_array_unref (run->slots);
  g_clear_object (&run->local_result);
  g_clear_error (&run->local_error);
  g_array_unref (run->samples);
  g_clear_pointer (&run->turns, dyno_turns_free);
  g_free (run);
}

G_DEFINE_FINAL_TYPE (DynoEngine, dyno_engine, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_SAMPLE_INTERVAL,
  N_PROPS
};

enum
{
  TARGET_STARTED,
  PHASE_STARTED,
  SAMPLES,
  PHASE_FINISHED,
  MESSAGE,
  TARGET_FINISHED,
  TURN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct
{
  DynoConfig *config;
  GStrv targets;
  DynoRunShared *shared;
  guint interval;
} RunJob;

static void
run_job_free (gpointer data)
{
  RunJob *job = data;

  dyno_config_free (job->config);
  g_strfreev (job->targets);
  dyno_run_shared_unref (job->shared);
  g_free (job);
}

static void
flush_samples (DynoEngine *self, GArray **batch)
{
  if (*batch == NULL)
    return;
  g_signal_emit (self, signals[SAMPLES], 0, *batch);
  g_clear_pointer (batch, g_array_unref);
}

static void turn_event (DynoEngine *self, const DynoEvent *event);

static void
emit_events (DynoEngine *self)
{
  g_autoptr (GArray) events = NULL;
  GArray *batch = NULL;

  if (self->shared == NULL)
    return;
  events = dyno_run_shared_drain (self->shared);

  g_object_ref (self);
  for (guint i = 0; i < events->len; i++)
    {
      DynoEvent *event = &g_array_index (events, DynoEvent, i);

      /* The local runner counts its own targets; the signals count all of them. */
      if (self->run != NULL && event->target < self->run->local_index->len)
        event->target = g_array_index (self->run->local_index, guint, event->target);
      if (event->kind == DYNO_EVENT_SAMPLE && self->run != NULL
          && event->sample.target < self->run->local_index->len)
        event->sample.target = g_array_index (self->run->local_index, guint, event->sample.target);
      if (event->kind == DYNO_EVENT_SAMPLE)
        {
          if (batch == NULL)
            batch = g_array_new (FALSE, FALSE, sizeof (DynoSample));
          g_array_append_val (batch, event->sample);
          continue;
        }
      flush_samples (self, &batch);

      switch (event->kind)
        {
        case DYNO_EVENT_TARGET_STARTED:
          g_signal_emit (self, signals[TARGET_STARTED], 0, event->target, event->text);
          break;
        case DYNO_EVENT_PHASE_STARTED:
          g_signal_emit (self, signals[PHASE_STARTED], 0, event->target, event->repeat, event->phase);
          break;
        case DYNO_EVENT_PHASE_FINISHED:
          if (self->run != NULL && self->run->turns != NULL)
            dyno_turns_phase_finished (self->run->turns, event->target, event->phase,
                                       &event->run);
          g_signal_emit (self, signals[PHASE_FINISHED], 0, event->target, event->repeat,
                         event->phase, &event->run);
          break;
        case DYNO_EVENT_SIZED:
        case DYNO_EVENT_ROUND_FINISHED:
          turn_event (self, event);
          break;
        case DYNO_EVENT_MESSAGE:
          g_signal_emit (self, signals[MESSAGE], 0, event->target, event->level, event->text);
          break;
        case DYNO_EVENT_TARGET_FINISHED:
          g_signal_emit (self, signals[TARGET_FINISHED], 0, event->target, event->result);
          break;
        case DYNO_EVENT_SAMPLE:
        default:
          break;
        }
    }
  flush_samples (self, &batch);
  g_object_unref (self);
}

/* The remote runs' samples since the last batch, as one batch. */
static void
flush_remote_samples (DynoEngine *self)
{
  g_autoptr (GArray) batch = NULL;

  if (self->run == NULL || self->run->samples->len == 0)
    return;
  batch = g_steal_pointer (&self->run->samples);
  self->run->samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  g_signal_emit (self, signals[SAMPLES], 0, batch);
}

static gboolean
drain_cb (gpointer data)
{
  DynoEngine *self = DYNO_ENGINE (data);

  emit_events (self);
  flush_remote_samples (self);
  return G_SOURCE_CONTINUE;
}

static void
set_running (DynoEngine *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
run_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  RunJob *job = task_data;
  GError *error = NULL;
  DynoResult *result;

  result = dyno_runner_run (job->config, (const char *const *) job->targets, job->shared,
                            cancellable, job->interval, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, g_object_unref);
}

/* The run's own thread rather than g_task_run_in_thread (): GTask's pool cannot say that it
 * failed to start a thread, and the run would then wait for ever. */
static gpointer
run_thread_main (gpointer data)
{
  GTask *task = data;

  run_thread (task, g_task_get_source_object (task), g_task_get_task_data (task),
              g_task_get_cancellable (task));
  g_object_unref (task);
  return NULL;
}

static void start_next_remote (Run *run);
static void start_remotes (Run *run);
static void to_run_clock (RemoteSlot *slot, DynoTargetResult *target);
static DynoResult *partial_remote_result (RemoteSlot *slot, const GError *error);
static DynoResult *merge_turns (Run *run);

/* Every part of the run has ended: the caller hears of it. */
static void
run_complete (Run *run)
{
  DynoEngine *self = run->self;
  g_autoptr (GTask) task = g_steal_pointer (&run->task);
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = g_steal_pointer (&run->local_error);
  GCancellable *cancellable = g_task_get_cancellable (task);

  /* Everything the workers queued is delivered before the caller hears the run ended. */
  emit_events (self);
  flush_remote_samples (self);
  dyno_engine_get_status (self, &self->last_status);
  self->last_status.running = FALSE;
  if (self->drain_source != NULL)
    {
      g_source_destroy (self->drain_source);
      g_clear_pointer (&self->drain_source, g_source_unref);
    }
  g_clear_pointer (&self->shared, dyno_run_shared_unref);
  self->run = NULL;

  /* Targets that took turns: one result, as the targets of one runner give. */
  if (run->turns != NULL)
    g_ptr_array_add (results, merge_turns (run));
  if (run->local_result != NULL)
    g_ptr_array_add (results, g_steal_pointer (&run->local_result));
  for (guint i = 0; i < run->slots->len && run->turns == NULL; i++)
    {
      RemoteSlot *slot = g_ptr_array_index (run->slots, i);

      if (slot->result != NULL)
        g_ptr_array_add (results, g_steal_pointer (&slot->result));
    }
  run_free (run);
  set_running (self, FALSE);

  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    {
      /* What finished is kept for dyno_engine_take_stopped_results (): a stopped hour of
       * measuring is not thrown away. */
      g_clear_pointer (&self->stopped_results, g_ptr_array_unref);
      self->stopped_results = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < results->len; i++)
        {
          DynoResult *each = g_ptr_array_index (results, i);
          gboolean any = FALSE;

          for (guint t = 0; t < dyno_result_get_n_targets (each); t++)
            any |= dyno_result_get_target (each, t)->phases->len > 0;
          if (any)
            {
              dyno_result_set_stopped (each, TRUE);
              g_ptr_array_add (self->stopped_results, g_object_ref (each));
            }
        }
      if (self->stopped_results->len == 0)
        g_clear_pointer (&self->stopped_results, g_ptr_array_unref);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The run was cancelled"));
    }
  else if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_steal_pointer (&results), (GDestroyNotify) g_ptr_array_unref);
}

static void
run_part_done (Run *run)
{
  g_assert (run->pending > 0);
  if (--run->pending == 0)
    run_complete (run);
}

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Run *run = data;
  DynoEngine *self = DYNO_ENGINE (source);

  /* Everything the workers queued is delivered before the next part starts. */
  emit_events (self);
  run->local_running = FALSE;
  run->local_result = g_task_propagate_pointer (G_TASK (res), &run->local_error);
  if (self->shared != NULL)
    dyno_run_shared_get_status (self->shared, &self->last_status);
  /* Taking turns: a runner that ended before the rounds did (it could not start) ends them. */
  if (run->turns != NULL)
    for (guint i = 0; i < run->local_index->len; i++)
      dyno_turns_lost (run->turns, g_array_index (run->local_index, guint, i));
  /* One after another: the remote targets follow the local ones. */
  else if (!run->parallel)
    start_next_remote (run);
  run_part_done (run);
}

/* ---- remote targets ----------------------------------------------------------------------- */

static void
on_remote_event (DynoRemoteRun *remote, const char *line, DynoStreamEvent *event, gpointer data)
{
  RemoteSlot *slot = data;
  DynoEngine *self = slot->run->self;

  switch (event->kind)
    {
    case DYNO_STREAM_HELLO:
      slot->hello = TRUE;
      break;
    case DYNO_STREAM_SIZED:
    case DYNO_STREAM_ROUND_FINISHED:
      /* Only a run that takes turns asked for these. */
      if (slot->run->turns != NULL)
        {
          if (event->kind == DYNO_STREAM_SIZED)
            dyno_turns_sized (slot->run->turns, slot->index, event);
          else
            dyno_turns_round_finished (slot->run->turns, slot->index, event);
          start_remotes (slot->run);
        }
      break;
    case DYNO_STREAM_TARGET_STARTED:
      flush_remote_samples (self);
      g_signal_emit (self, signals[TARGET_STARTED], 0, slot->index,
                     slot->run->targets[slot->index]);
      break;
    case DYNO_STREAM_PHASE_STARTED:
      flush_remote_samples (self);
      slot->phase = event->phase;
      slot->repeat = event->repeat;
      slot->phase_progress = 0;
      g_signal_emit (self, signals[PHASE_STARTED], 0, slot->index, event->repeat, event->phase);
      break;
    case DYNO_STREAM_SAMPLE:
      {
        DynoSample sample = event->sample;

        sample.target = slot->index;
        if (slot->run->turns != NULL)
          {
            /* Its clock started elsewhere: the least lag seen puts its times on the run's. */
            double lag = (dyno_now_ns () - slot->run->epoch_ns) / 1e9 - sample.t;

            slot->offset = isnan (slot->offset) ? lag : MIN (slot->offset, lag);
            sample.t += slot->offset;
          }
        slot->phase = sample.phase;
        slot->phase_progress = CLAMP (sample.progress, 0, 1);
        slot->rate = sample.rate;
        g_array_append_val (slot->run->samples, sample);
      }
      break;
    case DYNO_STREAM_PHASE_FINISHED:
      flush_remote_samples (self);
      slot->phases_done++;
      slot->phase = NULL;
      slot->phase_progress = 0;
      if (slot->run->turns != NULL)
        {
          /* Kept as it came (its own clock), for a result of a side that is lost. */
          dyno_turns_phase_finished (slot->run->turns, slot->index, event->phase, &event->run);
          if (isfinite (slot->offset))
            event->run.started += slot->offset;
        }
      g_signal_emit (self, signals[PHASE_FINISHED], 0, slot->index, event->repeat, event->phase,
                     &event->run);
      break;
    case DYNO_STREAM_MESSAGE:
      flush_remote_samples (self);
      g_signal_emit (self, signals[MESSAGE], 0, slot->index,
                     event->warning ? DYNO_MESSAGE_WARNING : DYNO_MESSAGE_INFO,
                     event->text != NULL ? event->text : "");
      break;
    case DYNO_STREAM_TARGET_FINISHED: /* once its result is in: target-finished needs it */
    case DYNO_STREAM_INTERRUPTED:
    case DYNO_STREAM_RESULT:
    case DYNO_STREAM_AGGREGATE:
    default:
      break;
    }
}

static void
on_remote_stderr (DynoRemoteRun *remote, const char *line, gpointer data)
{
  RemoteSlot *slot = data;
  g_autofree char *text = NULL;

  /* Before the stream began it is ssh's or the shell's, and the failure says what it means. */
  if (!slot->hello || line[0] == '\0')
    return;
  text = g_strdup_printf ("%s: %s", dyno_remote_run_get_where (remote), line);
  flush_remote_samples (slot->run->self);
  g_signal_emit (slot->run->self, signals[MESSAGE], 0, slot->index, DYNO_MESSAGE_WARNING, text);
}

/* A result for a remote target that has none of its own: what went wrong, for that machine. */
static DynoResult *
failed_remote_result (RemoteSlot *slot, const GError *error)
{
  DynoResult *result = dyno_result_new ();
  DynoTargetResult *target;

  dyno_result_set_config (result, slot->run->config);
  dyno_result_set_remote (result, dyno_remote_run_get_where (slot->remote));
  target = dyno_target_result_new (dyno_target_info_new (slot->run->targets[slot->index]));
  target->error_message = g_strdup (error->message);
  target->error_code = error->domain == DYNO_ERROR ? error->code : DYNO_ERROR_FAILED;
  dyno_result_add_target (result, target);
  return result;
}

static void
on_remote_done (GObject *source, GAsyncResult *res, gpointer data)
{
  RemoteSlot *slot = data;
  Run *run = slot->run;
  DynoEngine *self = run->self;
  g_autoptr (GError) error = NULL;

  slot->result = dyno_remote_run_finish (DYNO_REMOTE_RUN (source), res, &error);
  slot->done = TRUE;
  slot->phase = NULL;
  flush_remote_samples (self);
  if (run->turns != NULL)
    {
      /* Its side is over: if the rounds were not, nobody does another; what it finished is
       * kept, on the run's clock. */
      dyno_turns_lost (run->turns, slot->index);
      if (slot->result == NULL)
        slot->result = partial_remote_result (slot, error);
      else if (dyno_result_get_n_targets (slot->result) > 0)
        to_run_clock (slot, dyno_result_get_target (slot->result, 0));
    }
  else if (slot->result == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    slot->result = failed_remote_result (slot, error);
  /* Stopped from here: whether the far side removed its scratch folder. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_signal_emit (self, signals[MESSAGE], 0, slot->index, DYNO_MESSAGE_INFO, error->message);
  if (slot->result != NULL && dyno_result_get_n_targets (slot->result) > 0)
    {
      g_object_ref (self);
      g_signal_emit (self, signals[TARGET_FINISHED], 0, slot->index,
                     dyno_result_get_target (slot->result, 0));
      g_object_unref (self);
    }
  if (!run->parallel && run->turns == NULL)
    start_next_remote (run);
  run_part_done (run);
}

static void
start_remote (RemoteSlot *slot)
{
  Run *run = slot->run;

  slot->started = TRUE;
  run->pending++;
  dyno_remote_run_start_async (slot->remote, g_task_get_cancellable (run->task), on_remote_done,
                               slot);
}

static void
start_next_remote (Run *run)
{
  GCancellable *cancellable = g_task_get_cancellable (run->task);

  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    return;
  if (run->next_remote < run->slots->len)
    start_remote (g_ptr_array_index (run->slots, run->next_remote++));
}

/* ---- taking turns ------------------------------------------------------------------------- */

static RemoteSlot *
slot_of (Run *run, guint target)
{
  for (guint i = 0; i < run->slots->len; i++)
    if (((RemoteSlot *) g_ptr_array_index (run->slots, i))->index == target)
      return g_ptr_array_index (run->slots, i);
  return NULL;
}

static guint
local_of (Run *run, guint target)
{
  for (guint i = 0; i < run->local_index->len; i++)
    if (g_array_index (run->local_index, guint, i) == target)
      return i;
  return G_MAXUINT;
}

/* An order of the run's DynoTurns to the side that has target: the local runner (one
 * workload and one end for all its targets), or a remote dyno-cli, as a line of its input. */
static void
give_order (guint target, const DynoStreamEvent *order, gpointer data)
{
  Run *run = data;
  RemoteSlot *slot = slot_of (run, target);
  DynoStreamEvent copy = *order;
  g_autofree char *line = NULL;

  if (slot == NULL)
    {
      gboolean *once = order->kind == DYNO_STREAM_WORKLOAD ? &run->local_ordered_workload
                       : order->kind == DYNO_STREAM_END    ? &run->local_ordered_end
                                                           : NULL;

      if (once != NULL && *once)
        return;
      if (once != NULL)
        *once = TRUE;
      copy.target = local_of (run, target);
      if (run->local_running && run->self->shared != NULL)
        dyno_run_shared_give_order (run->self->shared, &copy);
      return;
    }
  /* Its own run has one target. */
  copy.target = 0;
  line = dyno_stream_encode (&copy);
  dyno_remote_run_send_line (slot->remote, line);
}

/* Each side calibrates in its turn, so that two calibrations on one disk do not slow each
 * other: the local runner first (it started with the run), then each remote machine once
 * every target before it has said what it found. Without a calibration all start at once. */
static void
start_remotes (Run *run)
{
  GCancellable *cancellable = run->task != NULL ? g_task_get_cancellable (run->task) : NULL;
  gboolean calibrating = dyno_plan_calibrates (run->config);

  if (run->turns == NULL || dyno_turns_get_ended (run->turns)
      || (cancellable != NULL && g_cancellable_is_cancelled (cancellable)))
    return;
  for (guint i = 0; i < run->local_index->len; i++)
    if (calibrating
        && !dyno_turns_is_sized (run->turns, g_array_index (run->local_index, guint, i)))
      return;
  for (guint i = 0; i < run->slots->len; i++)
    {
      RemoteSlot *slot = g_ptr_array_index (run->slots, i);

      if (!slot->started)
        start_remote (slot);
      if (calibrating && !dyno_turns_is_sized (run->turns, slot->index))
        return;
    }
}

/* A SIZED or ROUND_FINISHED of the local runner: handed to the run's DynoTurns, or, on the far
 * side of a run across machines, said to the caller (signal "turn"). */
static void
turn_event (DynoEngine *self, const DynoEvent *event)
{
  DynoStreamEvent turn = { .kind = event->kind == DYNO_EVENT_SIZED ? DYNO_STREAM_SIZED
                                                                   : DYNO_STREAM_ROUND_FINISHED,
                           .target = event->target, .repeat = event->repeat,
                           .sizing = event->sizing, .free_bytes = event->free_bytes,
                           .free_inodes = event->free_inodes, .started = event->started,
                           .text = event->text };

  if (self->run != NULL && self->run->turns != NULL)
    {
      if (turn.kind == DYNO_STREAM_SIZED)
        dyno_turns_sized (self->run->turns, event->target, &turn);
      else
        dyno_turns_round_finished (self->run->turns, event->target, &turn);
      start_remotes (self->run);
      return;
    }
  g_signal_emit (self, signals[TURN], 0, &turn);
}

/* Seconds from a remote side's clock to the run's, for its round repeat: exact from when the
 * round was ordered, else what its samples said. */
static double
remote_offset (RemoteSlot *slot, guint repeat)
{
  double offset = dyno_turns_get_offset (slot->run->turns, slot->index, repeat);

  if (isfinite (offset))
    return offset;
  return isfinite (slot->offset) ? slot->offset : 0;
}

/* A remote target's times, counted from its side's start, counted from the run's. */
static void
to_run_clock (RemoteSlot *slot, DynoTargetResult *target)
{
  for (guint i = 0; i < target->phases->len; i++)
    {
      DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      for (guint r = 0; r < phase->runs->len; r++)
        {
          DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, r);

          if (isfinite (run->started))
            run->started += remote_offset (slot, run->repeat);
        }
    }
  for (guint i = 0; i < target->samples->len; i++)
    {
      DynoSample *sample = &g_array_index (target->samples, DynoSample, i);

      sample->t += remote_offset (slot, sample->repeat);
    }
}

/* A remote side that ended without its result (lost, stopped, failed): the phases it said it
 * finished, and why it ended (error: NULL when the run was stopped from here). */
static DynoResult *
partial_remote_result (RemoteSlot *slot, const GError *error)
{
  g_autoptr (GPtrArray) phases = dyno_turns_take_phases (slot->run->turns, slot->index);
  g_autoptr (DynoRemoteTarget) where = dyno_remote_target_parse (slot->run->targets[slot->index],
                                                                 NULL);
  DynoResult *result = dyno_result_new ();
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new (
      where != NULL ? where->path : slot->run->targets[slot->index]));

  dyno_result_set_config (result, slot->run->config);
  dyno_result_set_remote (result, dyno_remote_run_get_where (slot->remote));
  while (phases != NULL && phases->len > 0)
    g_ptr_array_add (target->phases, g_ptr_array_steal_index (phases, 0));
  to_run_clock (slot, target);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      target->error_message = g_strdup (error->message);
      target->error_code = error->domain == DYNO_ERROR ? error->code : DYNO_ERROR_FAILED;
    }
  if (target->phases->len > 0)
    /* Translators: %s is a remote machine, "user@host" */
    g_ptr_array_add (target->warnings,
                     g_strdup_printf (_("The figures are as %s sent them during the run; its "
                                        "own result did not come, so its CPU and latency "
                                        "details are missing"),
                                      dyno_remote_run_get_where (slot->remote)));
  dyno_result_add_target (result, target);
  return result;
}

/* The targets that took turns, in one result in the order given: the local runner's with
 * each remote side's target inserted at its place, marked with its machine. */
static DynoResult *
merge_turns (Run *run)
{
  DynoResult *combined = g_steal_pointer (&run->local_result);

  if (combined == NULL)
    {
      combined = dyno_result_new ();
      dyno_result_set_config (combined, run->config);
      dyno_result_set_label (combined, run->config->label);
      dyno_result_set_notes (combined, run->config->notes);
      dyno_result_set_system (combined, dyno_system_info_collect ());
    }
  for (guint i = 0; i < run->slots->len; i++)
    {
      RemoteSlot *slot = g_ptr_array_index (run->slots, i);
      DynoTargetResult *target;
      g_autoptr (DynoRemoteTarget) where = dyno_remote_target_parse (run->targets[slot->index],
                                                                     NULL);

      if (slot->result != NULL && dyno_result_get_n_targets (slot->result) > 0)
        {
          target = dyno_result_steal_target (slot->result, 0);
          if (dyno_result_get_system (slot->result) != NULL)
            target->system = dyno_system_info_copy (dyno_result_get_system (slot->result));
        }
      else
        {
          target = dyno_target_result_new (dyno_target_info_new (
              where != NULL ? where->path : run->targets[slot->index]));
          target->error_code = DYNO_ERROR_FAILED;
          /* Translators: %s is a remote machine, "user@host" */
          target->error_message = g_strdup_printf (_("The run ended before %s had its turn"),
                                                   dyno_remote_run_get_where (slot->remote));
        }
      target->remote = g_strdup (dyno_remote_run_get_where (slot->remote));
      dyno_result_insert_target (combined, MIN (slot->index, dyno_result_get_n_targets (combined)),
                                 target);
    }
  return combined;
}

/* ---- a run -------------------------------------------------------------------------------- */

void
dyno_engine_run_async (DynoEngine *self,
                       const DynoConfig *config,
                       const char *const *targets,
                       GCancellable *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_autoptr (GTask) outer = NULL;
  g_autoptr (GTask) inner = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GStrvBuilder) local_builder = g_strv_builder_new ();
  g_autofree char *config_json = NULL;
  g_auto (GStrv) local_targets = NULL;
  guint n_remote = 0;
  gboolean turns;
  GThread *thread;
  RunJob *job;
  Run *run;

  g_return_if_fail (DYNO_IS_ENGINE (self));
  g_return_if_fail (config != NULL);
  g_return_if_fail (targets != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, dyno_engine_run_async);

  if (self->running)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_BUSY, _("A run is already in progress"));
      return;
    }
  g_clear_pointer (&self->stopped_results, g_ptr_array_unref);
  if (targets[0] == NULL)
    {
      g_task_return_new_error (outer, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                               _("No target folder was given"));
      return;
    }
  if (!dyno_config_validate (config, &error) || !dyno_runner_check_config (config, &error))
    {
      g_task_return_error (outer, g_steal_pointer (&error));
      return;
    }

  for (guint i = 0; targets[i] != NULL; i++)
    n_remote += dyno_remote_target_is_remote (targets[i]) ? 1 : 0;
  if (self->take_turns && n_remote > 0)
    {
      g_task_return_new_error (outer, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                               _("A run that takes turns measures folders of its own machine "
                                 "only"));
      return;
    }
  /* Local and remote targets one after another: their rounds take turns, as a runner's
   * targets' do, and give one result. */
  turns = !self->parallel && n_remote > 0 && g_strv_length ((char **) targets) > 1;

  run = g_new0 (Run, 1);
  run->self = self;
  run->config = dyno_config_copy (config);
  /* Every side writes the same data: one seed for all. */
  if (turns && run->config->seed == 0)
    run->config->seed = ((guint64) g_random_int () << 32) | g_random_int () | 1;
  run->targets = g_strdupv ((char **) targets);
  run->local_index = g_array_new (FALSE, FALSE, sizeof (guint));
  run->slots = g_ptr_array_new_with_free_func (remote_slot_free);
  run->samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  run->phases_per_target = MAX (dyno_plan_count_phases (config), 1);
  run->parallel = self->parallel;
  run->started = g_get_monotonic_time ();
  /* The far side gets the configuration as its result will record it, one shell word. */
  config_json = dyno_config_to_json_text (run->config);
  for (guint i = 0; targets[i] != NULL; i++)
    {
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (targets[i], &error);
      const char *run_args[] = { "--config-json", config_json, turns ? "--take-turns" : NULL,
                                 NULL };
      RemoteOptions *options;
      RemoteSlot *slot;

      if (error != NULL)
        {
          run_free (run);
          g_task_return_error (outer, g_steal_pointer (&error));
          return;
        }
      if (target == NULL)
        {
          g_array_append_val (run->local_index, i);
          g_strv_builder_add (local_builder, targets[i]);
          continue;
        }
      options = g_hash_table_lookup (self->remote_options, targets[i]);
      slot = g_new0 (RemoteSlot, 1);
      slot->run = run;
      slot->index = i;
      slot->rate = NAN;
      slot->offset = NAN;
      slot->remote = dyno_remote_run_new (target, options != NULL ? options->remote_cli : NULL,
                                          options != NULL ? options->ssh_command : NULL,
                                          run_args);
      g_signal_connect (slot->remote, "event", G_CALLBACK (on_remote_event), slot);
      g_signal_connect (slot->remote, "stderr-line", G_CALLBACK (on_remote_stderr), slot);
      g_ptr_array_add (run->slots, slot);
    }
  local_targets = g_strv_builder_end (local_builder);
  run->task = g_steal_pointer (&outer);
  self->run = run;

  self->drain_source = g_timeout_source_new (self->sample_interval);
  g_source_set_name (self->drain_source, "[dyno] engine events");
  g_source_set_callback (self->drain_source, drain_cb, self, NULL);
  g_source_attach (self->drain_source, g_main_context_get_thread_default ());
  set_running (self, TRUE);

  /* Held while the parts start, so that one that ends at once does not end the run. */
  run->pending = 1;
  run->epoch_ns = dyno_now_ns ();
  if (local_targets[0] != NULL)
    {
      job = g_new0 (RunJob, 1);
      job->config = dyno_config_copy (run->config);
      job->targets = g_steal_pointer (&local_targets);
      /* What a phase takes at least: its phase time, and for queued tests the rest before. */
      job->shared = dyno_run_shared_new (config, g_strv_length (job->targets),
                                         dyno_plan_count_phases (config),
                                         config->phase_time > 0
                                                 && dyno_config_has_queued_tests (config)
                                             ? config->phase_time + config->interval
                                             : config->phase_time);
      job->interval = self->sample_interval;
      if (turns || self->take_turns)
        dyno_run_shared_set_take_turns (job->shared);
      run->epoch_ns = dyno_run_shared_get_started_ns (job->shared);
      self->shared = dyno_run_shared_ref (job->shared);

      run->pending++;
      run->local_running = TRUE;
      inner = g_task_new (self, cancellable, run_done, run);
      /* A stopped run still returns what it finished (dyno_engine_take_stopped_results ()):
       * GTask would otherwise drop it for the cancellable's error. */
      g_task_set_check_cancellable (inner, FALSE);
      g_task_set_source_tag (inner, run_thread);
      g_task_set_task_data (inner, job, run_job_free);
      thread = g_thread_try_new ("dyno-run", run_thread_main, g_object_ref (inner), &error);
      if (thread == NULL)
        {
          g_object_unref (inner);
          /* TRANSLATORS: %s says why, e.g. "Error creating thread: Resource temporarily
           * unavailable" */
          g_task_return_new_error (inner, DYNO_ERROR, DYNO_ERROR_FAILED,
                                   _("Cannot start the run: %s"), error->message);
        }
      else
        g_thread_unref (thread);
    }
  if (turns)
    {
      run->turns = dyno_turns_new (run->config, g_strv_length (run->targets), run->epoch_ns,
                                   give_order, run);
      start_remotes (run);
      dyno_turns_start (run->turns);
    }
  else if (run->parallel)
    while (run->next_remote < run->slots->len)
      start_next_remote (run);
  else if (!run->local_running)
    start_next_remote (run);
  run_part_done (run);
}

GPtrArray *
dyno_engine_run_finish_all (DynoEngine *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

GPtrArray *
dyno_engine_take_stopped_results (DynoEngine *self)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), NULL);
  return g_steal_pointer (&self->stopped_results);
}

DynoResult *
dyno_engine_run_finish (DynoEngine *self, GAsyncResult *result, GError **error)
{
  g_autoptr (GPtrArray) results = dyno_engine_run_finish_all (self, result, error);

  if (results == NULL)
    return NULL;
  if (results->len == 0)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED, _("The run gave no result"));
      return NULL;
    }
  return g_object_ref (g_ptr_array_index (results, 0));
}

void
dyno_engine_set_remote_options (DynoEngine *self,
                                const char *target,
                                const char *remote_cli,
                                const char *ssh_command)
{
  RemoteOptions *options;

  g_return_if_fail (DYNO_IS_ENGINE (self));
  g_return_if_fail (target != NULL);

  if (remote_cli == NULL && ssh_command == NULL)
    {
      g_hash_table_remove (self->remote_options, target);
      return;
    }
  options = g_new0 (RemoteOptions, 1);
  options->remote_cli = g_strdup (remote_cli);
  options->ssh_command = g_strdup (ssh_command);
  g_hash_table_replace (self->remote_options, g_strdup (target), options);
}

void
dyno_engine_set_parallel (DynoEngine *self, gboolean parallel)
{
  g_return_if_fail (DYNO_IS_ENGINE (self));
  self->parallel = !!parallel;
}

gboolean
dyno_engine_get_parallel (DynoEngine *self)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), FALSE);
  return self->parallel;
}

void
dyno_engine_force_stop (DynoEngine *self)
{
  g_return_if_fail (DYNO_IS_ENGINE (self));

  for (guint i = 0; self->run != NULL && i < self->run->slots->len; i++)
    {
      RemoteSlot *slot = g_ptr_array_index (self->run->slots, i);

      if (slot->started && !slot->done)
        dyno_remote_run_force_exit (slot->remote);
    }
}

void
dyno_engine_set_take_turns (DynoEngine *self, gboolean take_turns)
{
  g_return_if_fail (DYNO_IS_ENGINE (self));
  self->take_turns = !!take_turns;
}

gboolean
dyno_engine_give_order (DynoEngine *self, const DynoStreamEvent *order, GError **error)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (order != NULL, FALSE);

  if (order->kind != DYNO_STREAM_WORKLOAD && order->kind != DYNO_STREAM_ROUND
      && order->kind != DYNO_STREAM_END)
    return dyno_error_set_invalid (error, _("“%s” is not an order for a run that takes turns"),
                                   dyno_stream_kind_get_name (order->kind));
  if (!self->take_turns || self->run == NULL || self->shared == NULL)
    return dyno_error_set_invalid (error, _("No run here takes turns"));
  dyno_run_shared_give_order (self->shared, order);
  return TRUE;
}

typedef struct
{
  GMainContext *context;
  DynoResult *result;
  GError *error;
  gboolean done;
} SyncData;

static void
sync_done (GObject *source, GAsyncResult *res, gpointer data)
{
  SyncData *sync = data;

  sync->result = dyno_engine_run_finish (DYNO_ENGINE (source), res, &sync->error);
  sync->done = TRUE;
  g_main_context_wakeup (sync->context);
}

DynoResult *
dyno_engine_run_sync (DynoEngine *self,
                      const DynoConfig *config,
                      const char *const *targets,
                      GCancellable *cancellable,
                      GError **error)
{
  SyncData sync = { 0 };

  g_return_val_if_fail (DYNO_IS_ENGINE (self), NULL);

  sync.context = g_main_context_new ();
  g_main_context_push_thread_default (sync.context);
  dyno_engine_run_async (self, config, targets, cancellable, sync_done, &sync);
  while (!sync.done)
    g_main_context_iteration (sync.context, TRUE);
  g_main_context_pop_thread_default (sync.context);
  g_main_context_unref (sync.context);

  if (sync.error != NULL)
    g_propagate_error (error, sync.error);
  return sync.result;
}

/* The local runner's status where it runs, the remote targets' from their samples; the target
 * shown is the first of those being measured. */
static void
run_get_status (Run *run, DynoRunShared *shared, DynoStatus *status)
{
  guint n_targets = g_strv_length (run->targets);
  guint n_local = run->local_index->len;
  double done = 0;
  gboolean have_target = FALSE;

  *status = (DynoStatus) { .running = TRUE, .n_targets = n_targets, .remaining = NAN,
                           .rate = NAN };
  status->elapsed = (g_get_monotonic_time () - run->started) / (double) G_USEC_PER_SEC;
  if (shared != NULL)
    {
      DynoStatus local;

      dyno_run_shared_get_status (shared, &local);
      done += local.progress * n_local;
      if (run->slots->len == 0)
        {
          *status = local;
          status->n_targets = n_targets;
          if (local.target < n_local)
            status->target = g_array_index (run->local_index, guint, local.target);
          return;
        }
      if (run->local_running)
        {
          *status = local;
          status->n_targets = n_targets;
          status->target = local.target < n_local
                               ? g_array_index (run->local_index, guint, local.target)
                               : 0;
          have_target = TRUE;
        }
    }
  for (guint i = 0; i < run->slots->len; i++)
    {
      RemoteSlot *slot = g_ptr_array_index (run->slots, i);
      double progress;

      if (slot->done)
        progress = 1;
      else
        progress = MIN ((slot->phases_done + (slot->phase != NULL ? slot->phase_progress : 0))
                            / run->phases_per_target,
                        1);
      done += progress;
      if (slot->started && !slot->done && (!have_target || slot->index < status->target))
        {
          status->target = slot->index;
          status->repeat = slot->repeat;
          status->phase = slot->phase;
          status->phase_progress = slot->phase != NULL ? slot->phase_progress : 0;
          status->rate = slot->rate;
          have_target = TRUE;
        }
    }
  if (run->turns != NULL)
    status->target = dyno_turns_get_current (run->turns);
  status->running = TRUE;
  status->elapsed = (g_get_monotonic_time () - run->started) / (double) G_USEC_PER_SEC;
  status->progress = n_targets > 0 ? CLAMP (done / n_targets, 0, 1) : 0;
  status->remaining = status->progress > 0.01 && status->elapsed > 1
                          ? status->elapsed * (1 - status->progress) / status->progress
                          : NAN;
}

gboolean
dyno_engine_get_running (DynoEngine *self)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), FALSE);
  return self->running;
}

void
dyno_engine_get_status (DynoEngine *self, DynoStatus *status)
{
  g_return_if_fail (DYNO_IS_ENGINE (self));
  g_return_if_fail (status != NULL);

  if (self->run == NULL)
    {
      *status = self->last_status;
      return;
    }
  run_get_status (self->run, self->shared, status);
}

guint
dyno_engine_get_sample_interval (DynoEngine *self)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), 0);
  return self->sample_interval;
}

void
dyno_engine_set_sample_interval (DynoEngine *self, guint interval_ms)
{
  g_return_if_fail (DYNO_IS_ENGINE (self));

  interval_ms = CLAMP (interval_ms, DYNO_ENGINE_MIN_SAMPLE_INTERVAL_MS,
                       DYNO_ENGINE_MAX_SAMPLE_INTERVAL_MS);
  if (self->sample_interval == interval_ms)
    return;
  self->sample_interval = interval_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAMPLE_INTERVAL]);
}

static void
dyno_engine_dispose (GObject *object)
{
  DynoEngine *self = DYNO_ENGINE (object);

  if (self->drain_source != NULL)
    {
      g_source_destroy (self->drain_source);
      g_clear_pointer (&self->drain_source, g_source_unref);
    }
  G_OBJECT_CLASS (dyno_engine_parent_class)->dispose (object);
}

static void
dyno_engine_finalize (GObject *object)
{
  DynoEngine *self = DYNO_ENGINE (object);

  g_clear_pointer (&self->shared, dyno_run_shared_unref);
  g_clear_pointer (&self->remote_options, g_hash_table_unref);
  g_clear_pointer (&self->stopped_results, g_ptr_array_unref);
  G_OBJECT_CLASS (dyno_engine_parent_class)->finalize (object);
}

static void
dyno_engine_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoEngine *self = DYNO_ENGINE (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_SAMPLE_INTERVAL:
      g_value_set_uint (value, self->sample_interval);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_engine_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  DynoEngine *self = DYNO_ENGINE (object);

  switch (prop_id)
    {
    case PROP_SAMPLE_INTERVAL:
      dyno_engine_set_sample_interval (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_engine_class_init (DynoEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dyno_engine_dispose;
  object_class->finalize = dyno_engine_finalize;
  object_class->get_property = dyno_engine_get_property;
  object_class->set_property = dyno_engine_set_property;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAMPLE_INTERVAL]
      = g_param_spec_uint ("sample-interval", NULL, NULL, 10, 10000, DEFAULT_SAMPLE_INTERVAL_MS,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TARGET_STARTED] = g_signal_new ("target-started", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                          G_TYPE_UINT, G_TYPE_STRING);
  signals[PHASE_STARTED] = g_signal_new ("phase-started", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                         G_TYPE_UINT, G_TYPE_UINT, G_TYPE_POINTER);
  signals[SAMPLES] = g_signal_new ("samples", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[PHASE_FINISHED] = g_signal_new ("phase-finished", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                                          G_TYPE_UINT, G_TYPE_UINT, G_TYPE_POINTER, G_TYPE_POINTER);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_INT,
                                   G_TYPE_STRING);
  signals[TARGET_FINISHED] = g_signal_new ("target-finished", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                           G_TYPE_UINT, G_TYPE_POINTER);
  signals[TURN] = g_signal_new ("turn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
dyno_engine_init (DynoEngine *self)
{
  self->sample_interval = DEFAULT_SAMPLE_INTERVAL_MS;
  self->remote_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                remote_options_free);
  self->last_status = (DynoStatus) { .running = FALSE, .phase = NULL, .remaining = NAN, .rate = NAN };
}

DynoEngine *
dyno_engine_new (void)
{
  return g_object_new (DYNO_TYPE_ENGINE, NULL);
}
