/* dyno-fill-window.c: "Fill Test…": a folder written until the drive sags, live
 *
 * The fill runs on a GTask's thread (dyno_fill_run_async () of src/bench/dyno-fill.c: the same
 * runner as `dyno-cli fill`). A 100 ms timeout on the main thread drains the samples the
 * worker buffered (dyno_fill_take_samples ()) into the result the chart draws, cuts the fill's
 * segments again once a second so the knees show while it runs, and queues one redraw; the
 * worker never touches GTK. Stop (and closing the window) cancels: the worker stops at its next
 * completed write, removes its file and hands back the curve it measured.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-fill-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-fill-chart-view.h"
#include "dyno-fill-chart.h"
#include "dyno-fill-window.h"
#include "dyno-fill.h"
#include "dyno-leftovers.h"
#include "dyno-parse.h"
#include "dyno-spin-row.h"

/* As dyno-export.c draws charts for an article. */
#define EXPORT_FONT "Cantarell 13"
#define EXPORT_WIDTH 1200
#define EXPORT_HEIGHT 675
#define FLUSH_MS 100
/* The live segments are cut again every this many flushes. */
#define SEGMENT_EVERY 10

struct _DynoFillWindow
{
  AdwWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwPreferencesGroup *options_group;
  AdwActionRow *folder_row;
  DynoSpinRow *share_row;
  DynoSpinRow *rest_row;
  GtkProgressBar *progress_bar;
  GtkButton *start_button;
  GtkButton *stop_button;
  DynoFillChartView *chart;
  GtkLabel *sentence_label;
  GtkButton *save_button;

  gboolean disposed;
  char *folder;
  guint64 size;
  GtkNativeDialog *chooser;

  DynoFill *fill;
  GCancellable *cancellable;
  gboolean running;
  DynoFillResult *shown; /* what the chart draws; main thread only */
  guint64 planned;
  guint flush_id;
  guint n_flushes;
  char *error;
  char *sentence;
  guint n_exported;
};

G_DEFINE_FINAL_TYPE (DynoFillWindow, dyno_fill_window, ADW_TYPE_WINDOW)

static void update_actions (DynoFillWindow *self);

static void
toast (DynoFillWindow *self, const char *text)
{
  /* Toast titles are markup; file names and error messages are not. */
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void
set_sentence (DynoFillWindow *self, const char *text)
{
  g_free (self->sentence);
  self->sentence = g_strdup (text);
  gtk_label_set_text (self->sentence_label, text != NULL ? text : "");
}

/* The pass a live sample belongs to, made when it is the first of a recovery pass. */
static DynoFillPass *
pass_for (DynoFillWindow *self, guint index)
{
  if (index == 0)
    return self->shown->fill;
  while (self->shown->recovery->len < index)
    g_ptr_array_add (self->shown->recovery, dyno_fill_pass_new ());
  return g_ptr_array_index (self->shown->recovery, index - 1);
}

static void
update_progress (DynoFillWindow *self, const DynoFillProgress *p)
{
  g_autofree char *done = dyno_fill_format_bytes (p->written);
  g_autofree char *total = dyno_fill_format_bytes (p->requested);
  g_autofree char *rate = dyno_fill_format_rate (p->rate);
  g_autofree char *text = NULL;

  switch (p->stage)
    {
    case DYNO_FILL_STAGE_PREPARING:
      text = g_strdup (_("Preparing…"));
      break;
    case DYNO_FILL_STAGE_RESTING:
      {
        g_autofree char *left = dyno_format_duration (p->rest_left);

        /* Translators: the progress of a fill test at rest; a duration */
        text = g_strdup_printf (_("Resting, %s left"), left);
        gtk_progress_bar_pulse (self->progress_bar);
      }
      break;
    case DYNO_FILL_STAGE_RECOVERY:
      /* Translators: a recovery pass's progress: bytes of bytes, the rate */
      text = g_strdup_printf (_("Writing again: %s of %s, %s"), done, total, rate);
      break;
    case DYNO_FILL_STAGE_CLEANING:
      text = g_strdup (_("Removing the file…"));
      break;
    case DYNO_FILL_STAGE_CALIBRATING:
    case DYNO_FILL_STAGE_WRITING:
    case DYNO_FILL_STAGE_DONE:
    default:
      /* Translators: a fill test's progress: bytes of bytes, the rate */
      text = g_strdup_printf (_("%s of %s, %s"), done, total, rate);
      break;
    }
  if (p->stage != DYNO_FILL_STAGE_RESTING && p->requested > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, (double) p->written / p->requested);
  gtk_progress_bar_set_text (self->progress_bar, text);
  if (p->stage == DYNO_FILL_STAGE_WRITING && isfinite (p->estimated_seconds)
      && self->sentence == NULL)
    {
      g_autofree char *first = dyno_fill_format_rate (p->calibrated_rate);
      g_autofree char *eta = dyno_format_duration (p->estimated_seconds);
      g_autofree char *words = NULL;

      /* Translators: once a fill's first seconds are measured: a rate, a duration */
      words = g_strdup_printf (_("Writing at %s at first: the fill takes about %s at that rate "
                                 "(longer if the drive slows down)."),
                               first, eta);
      set_sentence (self, words);
    }
}

static void
flush_samples (DynoFillWindow *self)
{
  g_autoptr (GArray) samples = NULL;
  DynoFillProgress progress;

  if (self->fill == NULL || self->shown == NULL)
    return;
  samples = dyno_fill_take_samples (self->fill);
  for (guint i = 0; i < samples->len; i++)
    {
      const DynoFillLiveSample *live = &g_array_index (samples, DynoFillLiveSample, i);

      g_array_append_val (pass_for (self, live->pass)->samples, live->sample);
    }
  dyno_fill_get_progress (self->fill, &progress);
  if (progress.pass == 0 && progress.requested > 0)
    self->planned = progress.requested;
  /* The knees as they appear: the fill's segments, cut again now and then. */
  if (samples->len > 0 && ++self->n_flushes % SEGMENT_EVERY == 0)
    {
      DynoFillPass *fill = self->shown->fill;

      g_array_unref (fill->segments);
      fill->segments = dyno_segments_find ((const DynoFillSample *) (void *) fill->samples->data,
                                           fill->samples->len, NULL);
    }
  update_progress (self, &progress);
  dyno_fill_chart_view_set_result (self->chart, self->shown, self->planned);
}

static gboolean
on_flush_timeout (gpointer data)
{
  flush_samples (DYNO_FILL_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

static void
show_result (DynoFillWindow *self, DynoFillResult *result)
{
  g_autoptr (GString) words = g_string_new (NULL);
  g_autofree char *sentence = dyno_fill_pass_describe (result->fill);

  g_string_append (words, sentence);
  for (guint i = 0; i < result->recovery->len; i++)
    {
      g_autofree char *recovery = dyno_fill_recovery_describe (result,
                                                               g_ptr_array_index (result->recovery,
                                                                                  i));

      g_string_append_printf (words, "\n%s", recovery);
    }
  if (result->stopped)
    {
      g_autofree char *written = dyno_fill_format_bytes (result->fill->written);

      g_string_append_c (words, '\n');
      /* Translators: a fill stopped by the person; %s is what it wrote */
      g_string_append_printf (words, _("Stopped after %s; the file was removed and the curve "
                                       "kept."),
                              written);
    }
  if (result->error_message != NULL)
    g_string_append_printf (words, "\n%s", result->error_message);
  for (guint i = 0; i < result->warnings->len; i++)
    g_string_append_printf (words, "\n%s", (const char *) g_ptr_array_index (result->warnings,
                                                                                i));
  for (guint i = 0; i < result->notes->len; i++)
    g_string_append_printf (words, "\n%s", (const char *) g_ptr_array_index (result->notes, i));
  set_sentence (self, words->str);
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 result->fill->requested > 0
                                     ? (double) result->fill->written / result->fill->requested
                                     : 1);
  {
    g_autofree char *done = dyno_fill_format_bytes (result->fill->written);
    /* Translators: the progress bar after a fill; %s is what it wrote */
    g_autofree char *text = g_strdup_printf (_("Wrote %s"), done);

    gtk_progress_bar_set_text (self->progress_bar, text);
  }
}

static void
on_filled (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoFillWindow) self = data;
  g_autoptr (GError) error = NULL;
  DynoFillResult *result = dyno_fill_run_finish (DYNO_FILL (source), res, &error);

  if (result != NULL && result->scratch_left != NULL)
    {
      g_autoptr (GError) list_error = NULL;

      /* Listed, so that the next run, `dyno-cli clean` or this window's toast offer it. */
      if (!dyno_leftovers_add (result->scratch_left, &list_error))
        g_warning ("Cannot note the scratch folder left behind: %s", list_error->message);
    }
  self->running = FALSE;
  if (self->disposed)
    {
      g_clear_pointer (&result, dyno_fill_result_free);
      return;
    }
  g_clear_handle_id (&self->flush_id, g_source_remove);
  g_clear_object (&self->fill);
  g_clear_pointer (&self->shown, dyno_fill_result_free);
  if (result == NULL)
    {
      g_free (self->error);
      self->error = g_strdup (error->message);
      set_sentence (self, error->message);
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      gtk_progress_bar_set_text (self->progress_bar, _("Not started"));
      dyno_fill_chart_view_set_result (self->chart, NULL, 0);
    }
  else
    {
      self->shown = result;
      if (result->error_message != NULL)
        {
          g_free (self->error);
          self->error = g_strdup (result->error_message);
        }
      show_result (self, result);
      dyno_fill_chart_view_set_result (self->chart, self->shown, 0);
    }
  update_actions (self);
  if (self->shown != NULL && !self->disposed)
    gtk_widget_grab_focus (GTK_WIDGET (self->save_button));
}

void
dyno_fill_window_start (DynoFillWindow *self)
{
  DynoFillOptions options;
  double rest;

  g_return_if_fail (DYNO_IS_FILL_WINDOW (self));

  if (self->running || self->folder == NULL)
    return;
  dyno_fill_options_init (&options);
  options.percent = dyno_spin_row_get_value (self->share_row);
  options.size = self->size;
  rest = dyno_spin_row_get_value (self->rest_row);
  if (rest > 0)
    {
      options.rests[0] = rest;
      options.n_rests = 1;
    }

  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->shown, dyno_fill_result_free);
  set_sentence (self, NULL);
  self->shown = dyno_fill_result_new (self->folder);
  self->planned = 0;
  self->n_flushes = 0;
  g_clear_object (&self->fill);
  self->fill = dyno_fill_new (self->folder, &options);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->running = TRUE;
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _("Preparing…"));
  dyno_fill_chart_view_set_result (self->chart, self->shown, 0);
  /* The pre-flight check runs on the worker too: the folder's description may run tools. */
  dyno_fill_run_async (self->fill, self->cancellable, on_filled, g_object_ref (self));
  self->flush_id = g_timeout_add (FLUSH_MS, on_flush_timeout, self);
  update_actions (self);
}

void
dyno_fill_window_stop (DynoFillWindow *self)
{
  g_return_if_fail (DYNO_IS_FILL_WINDOW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* Export */

typedef struct
{
  char *json;   /* the document, for a chart drawn from it off the main thread */
  char *format; /* "png", "svg", "pdf" */
  char *path;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_free (job->json);
  g_free (job->format);
  g_free (job->path);
  g_free (job);
}

static void
export_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ExportJob *job = data;
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoFillResult) result = dyno_fill_result_from_data (job->json, strlen (job->json),
                                                                  NULL, &error);

  dyno_chart_style_set_font (style, EXPORT_FONT);
  if (result == NULL
      || !dyno_fill_chart_render_to_file (result, style, EXPORT_WIDTH, EXPORT_HEIGHT, job->format,
                                          job->path, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_strdup (job->path), g_free);
}

static void
on_exported (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoFillWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *message = NULL;

  if (G_IS_TASK (res) && g_task_get_source_tag (G_TASK (res)) == export_thread)
    path = g_task_propagate_pointer (G_TASK (res), &error);
  else
    path = dyno_export_finish (res, &error);
  self->n_exported++;
  if (self->disposed)
    return;
  if (path == NULL)
    /* Translators: an export of a fill failed; %s says why */
    message = g_strdup_printf (_("Not saved: %s"), error->message);
  else
    {
      g_autofree char *name = g_filename_display_basename (path);

      /* Translators: a fill's chart or JSON was written; %s is the file's name */
      message = g_strdup_printf (_("Saved “%s”"), name);
    }
  toast (self, message);
}

void
dyno_fill_window_export (DynoFillWindow *self, DynoExportFormat format, const char *path)
{
  g_autofree char *json = NULL;

  g_return_if_fail (DYNO_IS_FILL_WINDOW (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (self->shown != NULL && !self->running);

  json = dyno_fill_result_to_json (self->shown);
  if (format == DYNO_EXPORT_JSON)
    dyno_export_text_async (json, path, NULL, on_exported, g_object_ref (self));
  else
    {
      g_autoptr (GTask) task = g_task_new (NULL, NULL, on_exported, g_object_ref (self));
      ExportJob *job = g_new0 (ExportJob, 1);

      g_return_if_fail (dyno_export_format_is_chart (format));
      job->json = g_steal_pointer (&json);
      job->format = g_strdup (dyno_export_format_extension (format));
      job->path = g_strdup (path);
      g_task_set_source_tag (task, export_thread);
      g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
      g_task_run_in_thread (task, export_thread);
    }
}

static void
on_export_chosen (const char *path, DynoExportFormat format, gpointer data)
{
  dyno_fill_window_export (DYNO_FILL_WINDOW (data), format, path);
}

static void
choose_export (DynoFillWindow *self, gboolean chart)
{
  static const DynoExportFormat json[] = { DYNO_EXPORT_JSON };
  g_autofree char *base = g_path_get_basename (self->folder != NULL ? self->folder : "folder");
  g_autofree char *safe = dyno_export_file_stem (base);
  g_autofree char *stem = g_strconcat ("fill-", safe, NULL);

  dyno_export_choose_file (GTK_WINDOW (self),
                           chart ? _("Export the Fill's Chart") : _("Save the Fill"), stem,
                           chart ? dyno_export_chart_formats : json,
                           chart ? DYNO_EXPORT_N_CHART_FORMATS : 1, on_export_chosen,
                           g_object_ref (self), g_object_unref);
}

/* The folder */

void
dyno_fill_window_set_folder (DynoFillWindow *self, const char *path)
{
  g_autofree char *display = NULL;

  g_return_if_fail (DYNO_IS_FILL_WINDOW (self));
  g_return_if_fail (path != NULL);

  g_free (self->folder);
  self->folder = g_strdup (path);
  display = g_filename_display_name (path);
  adw_action_row_set_subtitle (self->folder_row, display);
  update_actions (self);
}

static void
on_folder_chosen (DynoFillWindow *self, int response, GtkNativeDialog *dialog)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        dyno_fill_window_set_folder (self, path);
      else
        toast (self, _("Only local folders can be filled"));
    }
  g_clear_object (&self->chooser);
}

static void
choose_folder (DynoFillWindow *self)
{
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Choose a Folder to Fill"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Choose"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_folder_chosen), self,
                           G_CONNECT_SWAPPED);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* Actions */

static void
update_actions (DynoFillWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean have = self->shown != NULL && self->shown->fill->samples->len > 0 && !self->running;

  gtk_widget_action_set_enabled (widget, "fill.start", !self->running && self->folder != NULL);
  gtk_widget_action_set_enabled (widget, "fill.stop", self->running);
  gtk_widget_action_set_enabled (widget, "fill.choose-folder", !self->running);
  gtk_widget_action_set_enabled (widget, "fill.export-chart", have);
  gtk_widget_action_set_enabled (widget, "fill.save", have);
  gtk_widget_set_sensitive (GTK_WIDGET (self->options_group), !self->running);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), self->running);
  gtk_widget_set_visible (GTK_WIDGET (self->start_button), !self->running);
}

static void
start_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_fill_window_start (DYNO_FILL_WINDOW (widget));
}

static void
stop_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_fill_window_stop (DYNO_FILL_WINDOW (widget));
}

static void
choose_folder_action (GtkWidget *widget, const char *name, GVariant *param)
{
  choose_folder (DYNO_FILL_WINDOW (widget));
}

static void
export_chart_action (GtkWidget *widget, const char *name, GVariant *param)
{
  choose_export (DYNO_FILL_WINDOW (widget), TRUE);
}

static void
save_action (GtkWidget *widget, const char *name, GVariant *param)
{
  choose_export (DYNO_FILL_WINDOW (widget), FALSE);
}

static gboolean
dyno_fill_window_close_request (GtkWindow *window)
{
  /* Closing stops the fill: the worker removes its file after its current write. */
  dyno_fill_window_stop (DYNO_FILL_WINDOW (window));
  return GTK_WINDOW_CLASS (dyno_fill_window_parent_class)->close_request (window);
}

static void
dyno_fill_window_dispose (GObject *object)
{
  DynoFillWindow *self = DYNO_FILL_WINDOW (object);

  self->disposed = TRUE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->chart != NULL)
    dyno_fill_chart_view_set_result (self->chart, NULL, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_FILL_WINDOW);
  G_OBJECT_CLASS (dyno_fill_window_parent_class)->dispose (object);
}

static void
dyno_fill_window_finalize (GObject *object)
{
  DynoFillWindow *self = DYNO_FILL_WINDOW (object);

  g_clear_object (&self->fill);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->shown, dyno_fill_result_free);
  g_free (self->folder);
  g_free (self->error);
  g_free (self->sentence);
  G_OBJECT_CLASS (dyno_fill_window_parent_class)->finalize (object);
}

static void
dyno_fill_window_class_init (DynoFillWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dyno_fill_window_dispose;
  object_class->finalize = dyno_fill_window_finalize;
  window_class->close_request = dyno_fill_window_close_request;

  g_type_ensure (DYNO_TYPE_SPIN_ROW);
  g_type_ensure (DYNO_TYPE_FILL_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-fill-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, options_group);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, folder_row);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, share_row);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, rest_row);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, start_button);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, sentence_label);
  gtk_widget_class_bind_template_child (widget_class, DynoFillWindow, save_button);

  gtk_widget_class_install_action (widget_class, "fill.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "fill.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "fill.choose-folder", NULL,
                                   choose_folder_action);
  gtk_widget_class_install_action (widget_class, "fill.export-chart", NULL, export_chart_action);
  gtk_widget_class_install_action (widget_class, "fill.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dyno_fill_window_init (DynoFillWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_adjustment_configure (dyno_spin_row_get_adjustment (self->share_row),
                            DYNO_FILL_DEFAULT_PERCENT, 1, 95, 1, 10, 0);
  gtk_adjustment_configure (dyno_spin_row_get_adjustment (self->rest_row), 0, 0, 86400, 10, 60,
                            0);
  gtk_progress_bar_set_text (self->progress_bar, _("Choose a folder, then Start"));
  update_actions (self);
}

DynoFillWindow *
dyno_fill_window_new (GtkWindow *parent)
{
  DynoFillWindow *self = g_object_new (DYNO_TYPE_FILL_WINDOW, "transient-for", parent, NULL);

  if (parent != NULL)
    gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
  return self;
}

const char *
dyno_fill_window_get_folder (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), NULL);
  return self->folder;
}

void
dyno_fill_window_set_size (DynoFillWindow *self, guint64 bytes)
{
  g_return_if_fail (DYNO_IS_FILL_WINDOW (self));
  self->size = bytes;
}

void
dyno_fill_window_set_options (DynoFillWindow *self, double percent, double rest)
{
  g_return_if_fail (DYNO_IS_FILL_WINDOW (self));
  dyno_spin_row_set_value (self->share_row, percent);
  dyno_spin_row_set_value (self->rest_row, rest);
}

gboolean
dyno_fill_window_get_running (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), FALSE);
  return self->running;
}

const DynoFillResult *
dyno_fill_window_get_result (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), NULL);
  return self->shown;
}

const char *
dyno_fill_window_get_error (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), NULL);
  return self->error;
}

const char *
dyno_fill_window_get_sentence (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), NULL);
  return self->sentence;
}

guint
dyno_fill_window_get_n_draws (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), 0);
  return dyno_fill_chart_view_get_n_draws (self->chart);
}

guint
dyno_fill_window_get_n_exported (DynoFillWindow *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_WINDOW (self), 0);
  return self->n_exported;
}
