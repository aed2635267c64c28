/* dyno-engine.c
 *
 * The run itself happens on a GTask worker thread (dyno-runner.c) with a sampler thread
 * beside it. This object owns the hand-off: a timeout on the caller's main context drains the
 * workers' event queue and emits the signals there, once per sample interval.
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
#include "dyno-runner.h"

#define DEFAULT_SAMPLE_INTERVAL_MS 100

struct _DynoEngine
{
  GObject parent_instance;

  guint sample_interval;
  DynoRunShared *shared;
  GSource *drain_source;
  gboolean running;
  DynoStatus last_status; /* what a finished run ended with */
};

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

static gboolean
drain_cb (gpointer data)
{
  emit_events (DYNO_ENGINE (data));
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

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  DynoEngine *self = DYNO_ENGINE (source);
  GTask *outer = data;
  GError *error = NULL;
  DynoResult *result;

  /* Everything the workers queued is delivered before the caller hears the run ended. */
  emit_events (self);
  if (self->shared != NULL)
    dyno_run_shared_get_status (self->shared, &self->last_status);
  if (self->drain_source != NULL)
    {
      g_source_destroy (self->drain_source);
      g_clear_pointer (&self->drain_source, g_source_unref);
    }
  g_clear_pointer (&self->shared, dyno_run_shared_unref);
  set_running (self, FALSE);

  result = g_task_propagate_pointer (G_TASK (res), &error);
  if (result == NULL)
    g_task_return_error (outer, error);
  else
    g_task_return_pointer (outer, result, g_object_unref);
  g_object_unref (outer);
}

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
  GThread *thread;
  RunJob *job;

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

  job = g_new0 (RunJob, 1);
  job->config = dyno_config_copy (config);
  job->targets = g_strdupv ((char **) targets);
  /* What a phase takes at least: its phase time, and for queued tests the rest before. */
  job->shared = dyno_run_shared_new (g_strv_length (job->targets), dyno_runner_count_phases (config),
                                     config->phase_time > 0 && dyno_config_has_queued_tests (config)
                                         ? config->phase_time + config->interval
                                         : config->phase_time);
  job->interval = self->sample_interval;

  self->shared = dyno_run_shared_ref (job->shared);
  self->drain_source = g_timeout_source_new (self->sample_interval);
  g_source_set_name (self->drain_source, "[dyno] engine events");
  g_source_set_callback (self->drain_source, drain_cb, self, NULL);
  g_source_attach (self->drain_source, g_main_context_get_thread_default ());
  set_running (self, TRUE);

  inner = g_task_new (self, cancellable, run_done, g_steal_pointer (&outer));
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
      return;
    }
  g_thread_unref (thread);
}

DynoResult *
dyno_engine_run_finish (DynoEngine *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (DYNO_IS_ENGINE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
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

  if (self->shared != NULL)
    {
      dyno_run_shared_get_status (self->shared, status);
      return;
    }
  *status = self->last_status;
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

  interval_ms = CLAMP (interval_ms, 10, 10000);
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
  self->last_status = (DynoStatus) { .running = FALSE, .phase = NULL, .remaining = NAN, .rate = NAN };
}

DynoEngine *
dyno_engine_new (void)
{
  return g_object_new (DYNO_TYPE_ENGINE, NULL);
}
