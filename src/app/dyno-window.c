/* dyno-window.c
 *
 * The window owns the engine and the run: it starts it on Run, cancels it on Stop, and only
 * considers it over in the completion callback, after the engine removed its scratch folder.
 * Closing the window during a run therefore asks, cancels and waits for that callback.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-compare.h"
#include "dyno-parse.h"
#include "dyno-remote-settings.h"
#include "dyno-remote-target.h"
#include "dyno-result-store.h"
#include "dyno-units.h"
#include "dyno-window-private.h"

G_DEFINE_FINAL_TYPE (DynoWindow, dyno_window, ADW_TYPE_APPLICATION_WINDOW)

GParamSpec *dyno_window_properties[DYNO_WINDOW_N_PROPS];

enum
{
  SEND_NOTIFICATION,
  WITHDRAW_NOTIFICATION,
  N_SIGNALS
};

static guint window_signals[N_SIGNALS];

/* Toasts and dialogs */

void
dyno_window_toast (DynoWindow *self, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  /* Toast titles are markup; paths and error messages are not. */
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

void
dyno_window_show_error (DynoWindow *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
describe_failure (const DynoTargetResult *result)
{
  const char *path = result->info != NULL ? result->info->path : "?";
  const char *message = result->error_message != NULL ? result->error_message : "";
  gboolean in_phase = result->error_phase != NULL;

  /* Engine messages leave naming the target to us. */
  if (in_phase)
    /* TRANSLATORS: target, phase, error: "/mnt/usb failed during Block write: No space left" */
    return g_strdup_printf (_("%s failed during %s: %s"), path,
                            dyno_phase_get_title (result->error_phase), message);
  /* TRANSLATORS: target, error: "/mnt/usb failed: The folder vanished" */
  return g_strdup_printf (_("%s failed: %s"), path, message);
}

/* Notifications: a run that ends while the window is in the background says so */

/* "Block write 512 MB/s, Block read 1204 MB/s": the figures the list of runs leads with. */
static char *
describe_figures (DynoWindow *self, const DynoTargetResult *target)
{
  DynoRateUnit unit = dyno_units_get_rate_unit (self->settings);
  g_autoptr (GString) text = g_string_new (NULL);

  /* The first figure of a kind a run leads with (DYNO_PHASE_HEADLINE). */
  for (guint i = 0; i < target->phases->len && text->len == 0; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      g_autofree char *rate = NULL;

      if (!dyno_phase_has_flag (phase->phase, DYNO_PHASE_HEADLINE)
          || isnan (dyno_phase_result_get_rate (phase)))
        continue;
      rate = dyno_units_format_rate (dyno_phase_result_get_rate (phase),
                                     dyno_phase_get_unit (phase->phase), unit);
      /* TRANSLATORS: a phase and its figure, in a notification: "Block write 512 MB/s" */
      g_string_append_printf (text, _("%s %s"), dyno_phase_get_title (phase->phase), rate);
    }
  return text->len > 0 ? g_strdup (text->str) : NULL;
}

/* The target and the headline figure: "/mnt/usb: Block write 512 MB/s", or for a session over
 * several folders the first line of its headline, "encrypted vs plain: Block write ×0.19 …". */
static char *
describe_run (DynoWindow *self, DynoResult *result)
{
  guint n_targets = dyno_result_get_n_targets (result);
  g_autoptr (GString) body = g_string_new (NULL);
  guint n_failed = 0;

  for (guint i = 0; i < n_targets; i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, i);

      if (dyno_target_result_failed (target))
        {
          g_autofree char *line = describe_failure (target);

          g_string_append_printf (body, "%s%s", body->len > 0 ? "\n" : "", line);
          n_failed++;
        }
    }
  if (n_targets - n_failed == 1)
    for (guint i = 0; i < n_targets; i++)
      {
        const DynoTargetResult *target = dyno_result_get_target (result, i);
        g_autofree char *figures = NULL;

        if (dyno_target_result_failed (target))
          continue;
        figures = describe_figures (self, target);
        if (figures != NULL)
          /* TRANSLATORS: a target and its figure, in a notification: "/mnt/usb: Block write
           * 512 MB/s" */
          g_string_append_printf (body, _("%s%s: %s"), body->len > 0 ? "\n" : "",
                                  target->info->path != NULL ? target->info->path : "?",
                                  figures);
      }
  else if (n_targets - n_failed >= 2)
    {
      g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
      g_auto (GStrv) lines = NULL;
      g_autofree char *versus = NULL;
      guint other;

      dyno_comparison_add_result (comparison, result);
      dyno_comparison_name_by_folder (comparison);
      /* The first folder but the baseline: the encrypted one when the other is plain. */
      other = dyno_comparison_get_baseline (comparison) == 0 ? 1 : 0;
      lines = dyno_comparison_describe_headline (comparison, other);
      versus = dyno_comparison_describe_versus (comparison, other);
      if (lines[0] != NULL)
        /* TRANSLATORS: "encrypted vs plain: Block write ×0.19 (−81 %)" */
        g_string_append_printf (body, _("%s%s: %s"), body->len > 0 ? "\n" : "", versus,
                                lines[0]);
    }
  return g_string_free (g_steal_pointer (&body), FALSE);
}

static void
notify_run_end (DynoWindow *self, DynoResult *result, const GError *error)
{
  g_autoptr (GNotification) notification = NULL;
  g_autoptr (GIcon) icon = NULL;
  g_autofree char *body = NULL;
  gboolean failed = result == NULL;

  /* In front of the person, the window says it itself; without an app, nothing would send it. */
  if (gtk_window_get_application (GTK_WINDOW (self)) == NULL
      || gtk_window_is_active (GTK_WINDOW (self)))
    return;
  for (guint i = 0; result != NULL && i < dyno_result_get_n_targets (result); i++)
    failed |= dyno_target_result_failed (dyno_result_get_target (result, i));

  notification = g_notification_new (failed ? _("Run failed") : _("Run finished"));
  body = result != NULL ? describe_run (self, result) : g_strdup (error->message);
  if (body != NULL && *body != '\0')
    g_notification_set_body (notification, body);
  icon = g_themed_icon_new (APP_ID);
  g_notification_set_icon (notification, icon);
  /* Clicking it brings the window back (the app's activate). */
  g_signal_emit (self, window_signals[SEND_NOTIFICATION], 0, DYNO_WINDOW_NOTIFICATION_ID,
                 notification);
  self->notified = TRUE;
}

static void
on_active_changed (DynoWindow *self)
{
  /* Seen now: the notification has said what it had to. */
  if (!self->notified || !gtk_window_is_active (GTK_WINDOW (self)))
    return;
  self->notified = FALSE;
  g_signal_emit (self, window_signals[WITHDRAW_NOTIFICATION], 0, DYNO_WINDOW_NOTIFICATION_ID);
}

/* State */

static void
set_running (DynoWindow *self, gboolean running)
{
  if (self->running == !!running)
    return;
  self->running = !!running;
  g_object_notify_by_pspec (G_OBJECT (self), dyno_window_properties[DYNO_WINDOW_PROP_RUNNING]);
  dyno_window_update_action_states (self);
}

static void
set_pending_run (DynoWindow *self, gboolean pending_run)
{
  if (self->pending_run == !!pending_run)
    return;
  self->pending_run = !!pending_run;
  dyno_window_update_action_states (self);
}

static void
set_stopping (DynoWindow *self, gboolean stopping)
{
  if (self->stopping == !!stopping)
    return;
  self->stopping = !!stopping;
  dyno_window_update_action_states (self);
}

static void
inhibit (DynoWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  /* A suspend mid-run would stop the clock and break the figures. */
  if (app != NULL && self->inhibit_cookie == 0)
    self->inhibit_cookie = gtk_application_inhibit (
        app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND | GTK_APPLICATION_INHIBIT_LOGOUT,
        _("Benchmark running"));
}

static void
uninhibit (DynoWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (self->inhibit_cookie != 0 && app != NULL)
    gtk_application_uninhibit (app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
}

/* Saving */

/* One save of a run's results: a run over several machines has one result each, and says it
 * saved them once they are all written. */
typedef struct
{
  DynoWindow *window;
  guint pending;
  guint n_saved;
  gboolean any_failures;
  char *last_name;
} SaveBatch;

typedef struct
{
  SaveBatch *batch;
  DynoResult *result;
} Save;

static void
save_batch_free (SaveBatch *batch)
{
  g_object_unref (batch->window);
  g_free (batch->last_name);
  g_free (batch);
}

static void
on_saved (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autofree Save *save = user_data;
  g_autoptr (DynoResult) result = save->result;
  SaveBatch *batch = save->batch;
  /* Ours till the end: the batch, which holds the window too, may go first. */
  g_autoptr (DynoWindow) self = g_object_ref (batch->window);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = dyno_result_store_save_finish (res, &error);
  g_autofree char *escaped = NULL;
  gboolean last = --batch->pending == 0;
  gboolean any_failures;
  guint n_saved;
  AdwToast *toast;

  /* The window may have been closed while the file was written. */
  if (self->toast_overlay == NULL)
    {
      if (last)
        save_batch_free (batch);
      return;
    }

  if (path == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not save the result: %s"), error->message);

      dyno_window_toast (self, text);
      /* Listed all the same, to be compared in this session. */
      dyno_results_page_add_run (self->results_page, result);
      if (last)
        save_batch_free (batch);
      return;
    }

  dyno_result_set_path (result, path);
  /* In the list once its file is whole: renaming it there rewrites that file. */
  dyno_results_page_add_run (self->results_page, result);
  batch->n_saved++;
  batch->any_failures |= dyno_result_has_failures (result);
  /* The window's result is the run's first (the local one, or the first machine's). */
  if (result == self->result)
    {
      g_settings_set_string (self->settings, "last-result", path);
      g_free (self->result_path);
      self->result_path = g_strdup (path);
      g_object_notify_by_pspec (G_OBJECT (self),
                                dyno_window_properties[DYNO_WINDOW_PROP_RESULT_PATH]);
    }
  g_free (batch->last_name);
  batch->last_name = g_path_get_basename (path);
  if (!last)
    return;

  any_failures = batch->any_failures;
  n_saved = batch->n_saved;
  escaped = g_markup_escape_text (batch->last_name, -1);
  save_batch_free (batch);
  /* A run that failed says so on its result page, once: no cheerful toast over it. */
  if (any_failures)
    return;
  if (n_saved > 1)
    /* TRANSLATORS: a toast after a run over several machines, one result file each */
    toast = adw_toast_new_format (g_dngettext (GETTEXT_PACKAGE, "Saved %u result",
                                               "Saved %u results", n_saved),
                                  n_saved);
  else
    /* TRANSLATORS: a toast; %s is the result's file name */
    toast = adw_toast_new_format (_("Saved “%s”"), escaped);
  adw_toast_set_button_label (toast, _("_Open Folder"));
  adw_toast_set_action_name (toast, "win.open-results-folder");
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The run */

static void
on_target_finished (DynoWindow *self,
                    guint target,
                    const DynoTargetResult *result,
                    DynoEngine *engine)
{
  g_autofree char *text = NULL;

  if (result->scratch_left != NULL)
    dyno_window_note_leftover (self, result->scratch_left);
  /* With one target the run ends now, and the end says it in a dialog. */
  if (!dyno_target_result_failed (result) || self->n_run_targets < 2)
    return;
  /* Say it now: the next target may run for an hour before the result view shows it. */
  text = describe_failure (result);
  dyno_window_toast (self, text);
}

/* Several machines measured at once: the same test on the whole cluster, side by side. */
static void
show_machines (DynoWindow *self, GPtrArray *results)
{
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();

  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      guint first = dyno_comparison_get_n_entries (comparison);

      dyno_comparison_add_result (comparison, result);
      /* A machine by its address, as the run view's cards and dyno-cli's tables name it. */
      if (dyno_result_get_remote (result) != NULL)
        for (guint e = first; e < dyno_comparison_get_n_entries (comparison); e++)
          dyno_comparison_set_name (comparison, e, dyno_result_get_remote (result));
    }
  if (dyno_comparison_get_n_entries (comparison) < 2)
    {
      dyno_results_page_show_result (self->results_page, self->result, NULL);
      return;
    }
  dyno_results_page_show_comparison (self->results_page, comparison);
}

static void
on_run_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DynoWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  /* One result per machine: the local targets' first, then each remote target's. */
  g_autoptr (GPtrArray) results = dyno_engine_run_finish_all (DYNO_ENGINE (source), res, &error);
  DynoResult *result = results != NULL && results->len > 0 ? g_ptr_array_index (results, 0)
                                                            : NULL;
  gboolean stopped = FALSE;

  /* Stopped (Stop, or Close's Stop and Close): what had finished is kept, shown and saved as
   * a stopped run, as a finished one would be. */
  if (result == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_pointer (&results, g_ptr_array_unref);
      results = dyno_engine_take_stopped_results (DYNO_ENGINE (source));
      result = results != NULL && results->len > 0 ? g_ptr_array_index (results, 0) : NULL;
      stopped = result != NULL;
    }

  uninhibit (self);
  g_clear_object (&self->cancellable);
  set_stopping (self, FALSE);
  /* Escape's question has nothing left to stop. */
  if (self->stop_dialog != NULL)
    gtk_window_destroy (self->stop_dialog);
  self->stop_dialog = NULL;

  /* Destroyed from code mid-run: the engine has cleaned up, there is nobody left to tell. */
  if (self->setup_view == NULL)
    {
      set_running (self, FALSE);
      return;
    }
  dyno_setup_view_set_locked (self->setup_view, FALSE);

  if (result == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          dyno_run_view_end (self->run_view, _("Stopped"), FALSE);
          dyno_window_toast (self, _("Stopped; the scratch folder was removed"));
        }
      else
        {
          dyno_run_view_end (self->run_view, _("Could not start"), FALSE);
          if (!self->close_after_run)
            {
              notify_run_end (self, NULL, error);
              dyno_window_show_error (self, _("The Run Could Not Start"), error->message);
            }
        }
    }
  else
    {
      guint n_failed = 0;

      for (guint r = 0; r < results->len; r++)
        {
          DynoResult *each = g_ptr_array_index (results, r);

          for (guint i = 0; i < dyno_result_get_n_targets (each); i++)
            n_failed += dyno_target_result_failed (dyno_result_get_target (each, i));
        }

      dyno_run_view_end (self->run_view,
                         stopped          ? _("Stopped")
                         : n_failed > 0   ? _("Finished with errors")
                                          : _("Finished"),
                         TRUE);
      g_set_object (&self->result, result);
      g_clear_pointer (&self->result_path, g_free);
      if (stopped && !self->close_after_run)
        dyno_window_toast (self, _("Stopped; the phases that had finished are kept, and the "
                                   "scratch folder was removed"));
      if (!self->close_after_run)
        {
          /* A stop is the person's own doing: nothing to notify them of. */
          if (!stopped)
            notify_run_end (self, result, NULL);
          if (results->len > 1)
            show_machines (self, results);
          else
            dyno_results_page_show_result (self->results_page, result, NULL);
        }

      /* A failed run is shown like any other, its result page leading with why: one place
       * that says it, not a dialog, a banner and a toast at once. */

      if (g_settings_get_boolean (self->settings, "autosave"))
        {
          SaveBatch *batch = g_new0 (SaveBatch, 1);

          batch->window = g_object_ref (self);
          batch->pending = results->len;
          for (guint r = 0; r < results->len; r++)
            {
              Save *save = g_new0 (Save, 1);

              save->batch = batch;
              save->result = g_object_ref (g_ptr_array_index (results, r));
              dyno_result_store_save_async (save->result, NULL, on_saved, save);
            }
        }
      else
        for (guint r = 0; r < results->len; r++)
          dyno_results_page_add_run (self->results_page, g_ptr_array_index (results, r));
    }

  set_running (self, FALSE);
  /* The free space changed. */
  dyno_target_list_refresh (dyno_setup_view_get_target_list (self->setup_view));

  if (self->close_after_run)
    gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
start_run (DynoWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoConfig) config = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) targets = NULL;
  DynoTargetList *list = dyno_setup_view_get_target_list (self->setup_view);

  config = dyno_setup_view_build_config (self->setup_view, &error);
  if (config == NULL)
    {
      set_pending_run (self, FALSE);
      dyno_window_show_error (self, _("The Run Could Not Start"), error->message);
      return FALSE;
    }

  rows = dyno_target_list_get_selected (list);
  for (guint i = 0; i < rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (rows, i);

      /* The run starts when every checked target has been looked at. */
      if (dyno_target_row_get_probing (row))
        {
          set_pending_run (self, TRUE);
          return TRUE;
        }
      if (dyno_target_row_get_usable (row))
        {
          g_strv_builder_add (builder, dyno_target_row_get_path (row));
          /* How to reach it, as remembered with it ("Advanced" in Add Remote Folder). */
          if (dyno_target_row_get_remote (row))
            {
              g_autoptr (DynoRemoteEntry) entry = dyno_remote_settings_lookup (
                  self->settings, dyno_target_row_get_path (row));

              dyno_engine_set_remote_options (self->engine, dyno_target_row_get_path (row),
                                              entry != NULL ? entry->remote_cli : NULL,
                                              entry != NULL ? entry->ssh_command : NULL);
            }
        }
      else if (dyno_target_row_get_stalled (row))
        {
          g_autofree char *text = NULL;

          /* Translators: %s is a target's name, like "Backup" */
          text = g_strdup_printf (_("“%s” is not responding and was left out"),
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
          dyno_window_toast (self, text);
        }
    }
  set_pending_run (self, FALSE);
  /* Probed meanwhile, a target turned out too small for the options: its row says why. */
  for (guint i = 0; i < rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (rows, i);

      if (dyno_target_row_get_problem (row) != NULL)
        {
          /* TRANSLATORS: a toast when a run waited for a target that turned out unusable; %s
           * is the target's name and then why */
          g_autofree char *text = g_strdup_printf (
              _("Not started: “%s”: %s"),
              adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
              dyno_target_row_get_problem (row));

          dyno_window_toast (self, text);
          return FALSE;
        }
    }
  targets = g_strv_builder_end (builder);
  if (targets[0] == NULL)
    {
      dyno_window_toast (self, _("Check a target that can be written to run"));
      return FALSE;
    }
  if (self->paired_run)
    {
      if (g_strv_length (targets) != 2)
        {
          dyno_window_toast (self, _("Check two targets that can be written to compare them"));
          return FALSE;
        }
      /* One run a side gives a ratio with no interval: nothing tells a difference from
       * noise. The engine interleaves the repeats of the two, so both see the same machine. */
      if (config->repeat < 2)
        config->repeat = DYNO_WINDOW_PAIRED_REPEAT;
    }

  dyno_engine_set_sample_interval (self->engine,
                                   g_settings_get_uint (self->settings, "sample-interval"));
  /* "Run at the Same Time", shown with several checked targets; Compare These Two interleaves
   * its pair instead. */
  dyno_engine_set_parallel (self->engine, !self->paired_run && g_strv_length (targets) > 1
                                              && g_settings_get_boolean (self->settings,
                                                                         "parallel"));
  self->cancellable = g_cancellable_new ();
  self->n_run_targets = g_strv_length (targets);
  dyno_run_view_begin (self->run_view, config, (const char *const *) targets);
  dyno_setup_view_set_locked (self->setup_view, TRUE);
  inhibit (self);
  set_running (self, TRUE);
  dyno_engine_run_async (self->engine, config, (const char *const *) targets, self->cancellable,
                         on_run_done, g_object_ref (self));
  dyno_window_show_page (self, "run");
  return TRUE;
}

static void
on_targets_changed (DynoWindow *self)
{
  if (self->pending_run)
    start_run (self);
  else
    dyno_window_update_action_states (self);
}

/* Drag and drop anywhere in the window: files are opened, text is imported. */
static gboolean
on_drop (DynoWindow *self, const GValue *value, double x, double y, GtkDropTarget *target)
{
  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *list = g_value_get_boxed (value);
      g_autoptr (GPtrArray) files = g_ptr_array_new ();

      for (GSList *l = list; l != NULL; l = l->next)
        g_ptr_array_add (files, l->data);
      dyno_window_open_files (self, (GFile **) files->pdata, files->len);
      return files->len > 0;
    }
  if (G_VALUE_HOLDS_STRING (value) && g_value_get_string (value) != NULL)
    {
      const char *text = g_value_get_string (value);

      /* TRANSLATORS: where dropped results came from, in their provenance */
      dyno_results_page_import_text (self->results_page, text, _("dropped text"));
      return TRUE;
    }
  return FALSE;
}

/* Closing */

static void
on_close_response (DynoWindow *self, const char *response, AdwMessageDialog *dialog)
{
  self->close_dialog = NULL;
  if (g_str_equal (response, "stop"))
    dyno_window_shut_down (self);
}

static void
save_window_state (DynoWindow *self)
{
  int width;
  int height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_int (self->settings, "window-width", MAX (width, 360));
  g_settings_set_int (self->settings, "window-height", MAX (height, 294));
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
dyno_window_close_request (GtkWindow *window)
{
  DynoWindow *self = DYNO_WINDOW (window);

  if (self->running)
    {
      GtkWidget *dialog;

      /* Already stopping to close, or already asking. */
      if (self->close_after_run || self->close_dialog != NULL)
        return TRUE;

      dialog = adw_message_dialog_new (window, _("Stop the benchmark and close?"),
                                       _("The run is stopped and its scratch folder removed. "
                                         "Figures of phases measured so far are not kept."));
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Keep Running"),
                                        "stop", _("_Stop and Close"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "stop",
                                                  ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self,
                               G_CONNECT_SWAPPED);
      self->close_dialog = GTK_WINDOW (dialog);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }

  save_window_state (self);
  if (GTK_WINDOW_CLASS (dyno_window_parent_class)->close_request != NULL)
    return GTK_WINDOW_CLASS (dyno_window_parent_class)->close_request (window);
  return FALSE;
}

/* GObject */

static void
dyno_window_dispose (GObject *object)
{
  DynoWindow *self = DYNO_WINDOW (object);

  /* Only reached mid-run when destroyed from code; the completion callback holds a
   * reference, so the engine still finishes and cleans up. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  uninhibit (self);
  if (self->folder_chooser != NULL)
    gtk_native_dialog_destroy (self->folder_chooser);
  g_clear_object (&self->folder_chooser);
  if (self->close_dialog != NULL)
    gtk_window_destroy (self->close_dialog);
  self->close_dialog = NULL;
  if (self->stop_dialog != NULL)
    gtk_window_destroy (self->stop_dialog);
  self->stop_dialog = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_WINDOW);
  G_OBJECT_CLASS (dyno_window_parent_class)->dispose (object);
}

static void
dyno_window_finalize (GObject *object)
{
  DynoWindow *self = DYNO_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->engine);
  g_clear_object (&self->result);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->result_path, g_free);
  G_OBJECT_CLASS (dyno_window_parent_class)->finalize (object);
}

static void
dyno_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoWindow *self = DYNO_WINDOW (object);

  switch (prop_id)
    {
    case DYNO_WINDOW_PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case DYNO_WINDOW_PROP_RESULT_PATH:
      g_value_set_string (value, self->result_path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_window_class_init (DynoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dyno_window_dispose;
  object_class->finalize = dyno_window_finalize;
  object_class->get_property = dyno_window_get_property;
  window_class->close_request = dyno_window_close_request;

  dyno_window_properties[DYNO_WINDOW_PROP_RUNNING]
      = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  dyno_window_properties[DYNO_WINDOW_PROP_RESULT_PATH]
      = g_param_spec_string ("result-path", NULL, NULL, NULL,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, DYNO_WINDOW_N_PROPS, dyno_window_properties);

  /* A notification for the desktop (id, GNotification) and its withdrawal (id): the window
   * says what, and DynoApplication, which connects them when the window is added to it, sends
   * them (its own signals of the same names). */
  window_signals[SEND_NOTIFICATION]
      = g_signal_new ("send-notification", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_NOTIFICATION);
  window_signals[WITHDRAW_NOTIFICATION]
      = g_signal_new ("withdraw-notification", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                      NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (DYNO_TYPE_SETUP_VIEW);
  g_type_ensure (DYNO_TYPE_RUN_VIEW);
  g_type_ensure (DYNO_TYPE_RESULTS_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, compare_button);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, setup_view);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, run_view);
  gtk_widget_class_bind_template_child (widget_class, DynoWindow, results_page);
  gtk_widget_class_bind_template_callback (widget_class, dyno_window_update_action_states);

  dyno_window_class_install_actions (widget_class);
}

static void
dyno_window_init (DynoWindow *self)
{
  g_autoptr (GAction) rate_unit = NULL;
  GtkDropTarget *drop;
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->engine = dyno_engine_new ();
  self->stop_ask_seconds = DYNO_WINDOW_STOP_ASK_SECONDS;
  dyno_run_view_set_engine (self->run_view, self->engine);
  g_signal_connect_object (self->engine, "target-finished", G_CALLBACK (on_target_finished), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active_changed), NULL);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_signal_connect_object (dyno_setup_view_get_target_list (self->setup_view), "changed",
                           G_CALLBACK (on_targets_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup_view, "notify::can-run",
                           G_CALLBACK (dyno_window_update_action_states), self,
                           G_CONNECT_SWAPPED);

  /* A stateful action straight from the setting: the primary menu's unit radio items. */
  rate_unit = g_settings_create_action (self->settings, "rate-unit");
  g_action_map_add_action (G_ACTION_MAP (self), rate_unit);

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, types, G_N_ELEMENTS (types));
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  dyno_window_update_action_states (self);
  dyno_window_offer_leftovers (self);
}

/* Public and private API */

DynoWindow *
dyno_window_new (GtkApplication *application)
{
  return g_object_new (DYNO_TYPE_WINDOW, "application", application, NULL);
}

void
dyno_window_add_target (DynoWindow *self, const char *path)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  if (self->running)
    return;
  /* "dyno ssh://nas/srv/tank", or such text dropped on win.add-target: a remote folder. */
  if (dyno_remote_target_is_remote (path))
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (path, &error);
      g_autofree char *uri = NULL;
      g_autoptr (DynoRemoteEntry) entry = NULL;

      if (target == NULL)
        {
          dyno_window_toast (self, error->message);
          return;
        }
      uri = dyno_remote_target_to_uri (target);
      entry = dyno_remote_settings_lookup (self->settings, uri);
      dyno_target_list_add_remote (dyno_setup_view_get_target_list (self->setup_view), uri,
                                   entry != NULL ? entry->remote_cli : NULL,
                                   entry != NULL ? entry->ssh_command : NULL);
      return;
    }
  dyno_target_list_add_folder (dyno_setup_view_get_target_list (self->setup_view), path);
}

void
dyno_window_select_targets (DynoWindow *self, const char *const *paths)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (paths != NULL);

  if (self->running)
    return;
  dyno_target_list_select_only (dyno_setup_view_get_target_list (self->setup_view), paths);
}

void
dyno_window_run (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (self->running || self->pending_run)
    return;
  self->paired_run = FALSE;
  start_run (self);
}

void
dyno_window_compare_two (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (self->running || self->pending_run)
    return;
  self->paired_run = TRUE;
  start_run (self);
}

void
dyno_window_stop (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (self->pending_run)
    {
      set_pending_run (self, FALSE);
      return;
    }
  if (!self->running || self->stopping)
    return;
  if (self->stop_dialog != NULL)
    gtk_window_destroy (self->stop_dialog);
  self->stop_dialog = NULL;

  /* The engine checks between I/Os; the completion callback says when the cleanup is done. */
  set_stopping (self, TRUE);
  g_cancellable_cancel (self->cancellable);
  dyno_run_view_set_stopping (self->run_view);
}

static void
on_stop_response (DynoWindow *self, const char *response, AdwMessageDialog *dialog)
{
  if (self->stop_dialog == GTK_WINDOW (dialog))
    self->stop_dialog = NULL;
  if (g_str_equal (response, "stop"))
    dyno_window_stop (self);
}

void
dyno_window_request_stop (DynoWindow *self)
{
  DynoStatus status;
  g_autofree char *measured = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (self->stop_dialog != NULL)
    {
      gtk_window_present (self->stop_dialog);
      return;
    }
  /* Waiting for a probe, or barely started: nothing worth asking about. */
  dyno_engine_get_status (self->engine, &status);
  if (self->pending_run || !self->running || self->stopping || !status.running
      || !(status.elapsed > self->stop_ask_seconds))
    {
      dyno_window_stop (self);
      return;
    }

  measured = dyno_format_duration (status.elapsed);
  /* TRANSLATORS: %s is how long the run has been going, like "1 min 40 s" */
  body = g_strdup_printf (_("The run has been measuring for %s. A stopped run keeps no figures: "
                            "all of it would be lost."),
                          measured);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Stop the Run?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Keep Running"),
                                    "stop", _("_Stop"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "stop",
                                              ADW_RESPONSE_DESTRUCTIVE);
  /* Escape again, or Enter, keeps the run: a second slip of the finger changes nothing. */
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_stop_response), self,
                           G_CONNECT_SWAPPED);
  self->stop_dialog = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dyno_window_shut_down (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (self->close_dialog != NULL)
    gtk_window_destroy (self->close_dialog);
  self->close_dialog = NULL;
  self->close_after_run = TRUE;
  /* Running, the completion callback closes the window once the scratch is gone. */
  dyno_window_stop (self);
  if (!self->running)
    gtk_window_destroy (GTK_WINDOW (self));
}

gboolean
dyno_window_get_running (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), FALSE);
  return self->running;
}

DynoEngine *
dyno_window_get_engine (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->engine;
}

DynoResult *
dyno_window_get_result (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->result;
}

const char *
dyno_window_get_result_path (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->result_path;
}

void
dyno_window_open_files (DynoWindow *self, GFile **files, guint n_files)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  dyno_results_page_open_files (self->results_page, files, n_files);
}

static void
on_folder_chosen (DynoWindow *self, int response, GtkNativeDialog *dialog)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        dyno_window_add_target (self, path);
      else
        dyno_window_toast (self, _("Only local folders can be measured"));
    }
  g_clear_object (&self->folder_chooser);
}

void
dyno_window_choose_folder (DynoWindow *self)
{
  GtkFileChooserNative *chooser;

  if (self->folder_chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Add a Folder to Measure"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_folder_chosen), self,
                           G_CONNECT_SWAPPED);
  self->folder_chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->folder_chooser);
}

void
dyno_window_open_results_folder (DynoWindow *self)
{
  g_autofree char *dir = dyno_result_store_get_dir ();
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

void
dyno_window_show_page (DynoWindow *self, const char *name)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (g_strcmp0 (name, "setup") != 0 && g_strcmp0 (name, "run") != 0
      && g_strcmp0 (name, "results") != 0)
    return;
  adw_view_stack_set_visible_child_name (self->stack, name);
}

DynoSetupView *
dyno_window_get_setup_view (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->setup_view;
}

DynoRunView *
dyno_window_get_run_view (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->run_view;
}

DynoResultsPage *
dyno_window_get_results_page (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->results_page;
}
