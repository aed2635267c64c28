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

#include "dyno-engine-private.h"
#include "dyno-engine.h"
#include "dyno-error.h"
#include "dyno-remote-run.h"
#include "dyno-result-json.h"
#include "dyno-runner.h"
#include "dyno-stream.h"

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
          g_signal_emit (self, signals[PHASE_FINISHED], 0, event->target, event->repeat,
                         event->phase, &event->run);
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

  if (run->local_result != NULL)
    g_ptr_array_add (results, g_steal_pointer (&run->local_result));
  for (guint i = 0; i < run->slots->len; i++)
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
  /* One after another: the remote targets follow the local ones. */
  if (!run->parallel)
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
  if (slot->result == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    slot->result = failed_remote_result (slot, error);
  if (slot->result != NULL && dyno_result_get_n_targets (slot->result) > 0)
    {
      g_object_ref (self);
      g_signal_emit (self, signals[TARGET_FINISHED], 0, slot->index,
                     dyno_result_get_target (slot->result, 0));
      g_object_unref (self);
    }
  if (!run->parallel)
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

  run = g_new0 (Run, 1);
  run->self = self;
  run->config = dyno_config_copy (config);
  run->targets = g_strdupv ((char **) targets);
  run->local_index = g_array_new (FALSE, FALSE, sizeof (guint));
  run->slots = g_ptr_array_new_with_free_func (remote_slot_free);
  run->samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  run->phases_per_target = MAX (dyno_runner_count_phases (config), 1);
  run->parallel = self->parallel;
  run->started = g_get_monotonic_time ();
  /* The far side gets the configuration as its result will record it, one shell word. */
  config_json = dyno_config_to_json_text (config);
  for (guint i = 0; targets[i] != NULL; i++)
    {
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (targets[i], &error);
      const char *run_args[] = { "--config-json", config_json, NULL };
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
  if (local_targets[0] != NULL)
    {
      job = g_new0 (RunJob, 1);
      job->config = dyno_config_copy (config);
      job->targets = g_steal_pointer (&local_targets);
      /* What a phase takes at least: its phase time, and for queued tests the rest before. */
      job->shared = dyno_run_shared_new (g_strv_length (job->targets),
                                         dyno_runner_count_phases (config),
                                         config->phase_time > 0
                                                 && dyno_config_has_queued_tests (config)
                                             ? config->phase_time + config->interval
                                             : config->phase_time);
      job->interval = self->sample_interval;
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
  if (run->parallel)
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
