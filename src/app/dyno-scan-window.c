/* dyno-scan-window.c: "Scan Drive…": the drives UDisks2 knows, and a read-only scan of one
 *
 * The list comes from UDisks2 (dyno-udisks.c); the drive is opened by UDisks2's OpenDevice,
 * polkit asking the person, and the descriptor goes to the bench layer's dyno_scan_fd () on a
 * GTask's thread: the same loop as `dyno-cli scan`. The worker's progress callback only copies
 * the newest sample into a queue under a mutex; a 100 ms timeout on the main thread moves the
 * batch into the result the chart draws and queues one redraw, so the chart grows without the
 * worker touching GTK and without a redraw per sample.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-scan-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "dyno-scan-chart-view.h"
#include "dyno-scan-chart.h"
#include "dyno-scan-window.h"
#include "dyno-spin-row.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
/* As dyno-export.c draws charts for an article. */
#define EXPORT_FONT "Cantarell 13"
#define EXPORT_WIDTH 1200
#define EXPORT_HEIGHT 675

/* Between the worker and the main thread: what the worker read since the last flush. */
typedef struct
{
  gatomicrefcount ref;
  GMutex mutex;
  DynoScanResult *described; /* the device as the worker found it, samples empty; once */
  GArray *samples;           /* DynoScanSample not yet shown */
  GArray *access;            /* DynoScanAccess not yet shown */
} ScanQueue;

static ScanQueue *
scan_queue_new (void)
{
  ScanQueue *queue = g_new0 (ScanQueue, 1);

  g_atomic_ref_count_init (&queue->ref);
  g_mutex_init (&queue->mutex);
  queue->samples = g_array_new (FALSE, FALSE, sizeof (DynoScanSample));
  queue->access = g_array_new (FALSE, FALSE, sizeof (DynoScanAccess));
  return queue;
}

static ScanQueue *
scan_queue_ref (ScanQueue *queue)
{
  g_atomic_ref_count_inc (&queue->ref);
  return queue;
}

static void
scan_queue_unref (ScanQueue *queue)
{
  if (!g_atomic_ref_count_dec (&queue->ref))
    return;
  g_mutex_clear (&queue->mutex);
  g_clear_pointer (&queue->described, dyno_scan_result_free);
  g_array_unref (queue->samples);
  g_array_unref (queue->access);
  g_free (queue);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ScanQueue, scan_queue_unref)

/* A deep copy, for drawing and writing on another thread than the one that owns result. */
static DynoScanResult *
scan_result_copy (const DynoScanResult *result)
{
  DynoScanResult *copy = dyno_scan_result_new (result->device);

  copy->size = result->size;
  copy->model = g_strdup (result->model);
  copy->rotational = result->rotational;
  copy->in_use = g_strdup (result->in_use);
  copy->sample_size = result->sample_size;
  copy->access_size = result->access_size;
  copy->seed = result->seed;
  copy->direct = result->direct;
  copy->array = result->array != NULL ? dyno_array_info_copy (result->array) : NULL;
  for (guint i = 0; i < result->notes->len; i++)
    g_ptr_array_add (copy->notes, g_strdup (g_ptr_array_index (result->notes, i)));
  g_array_append_vals (copy->samples, result->samples->data, result->samples->len);
  g_array_append_vals (copy->access, result->access->data, result->access->len);
  copy->summary = result->summary;
  return copy;
}

struct _DynoScanWindow
{
  AdwWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkButton *back_button;
  GtkButton *refresh_button;
  GtkStack *stack;
  AdwStatusPage *status_page;
  GtkListBox *drive_list;
  DynoSpinRow *positions_row;
  DynoSpinRow *sample_row;
  DynoSpinRow *access_row;
  GtkLabel *device_label;
  GtkLabel *read_only_label;
  GtkProgressBar *progress_bar;
  DynoScanChartView *chart;
  GtkLabel *summary_label;
  GtkButton *stop_button;
  GtkButton *save_button;

  gboolean disposed;
  GCancellable *list_cancellable;
  GPtrArray *blocks; /* DynoUdisksBlock */
  char *status;
  guint64 sample_override; /* dyno_scan_window_set_options's exact size, until the row changes */

  /* The scan */
  GCancellable *scan_cancellable;
  gboolean opening;
  gboolean scanning;
  gboolean stopped;
  DynoUdisksBlock *block;  /* a copy of the one scanned */
  DynoScanOptions options;
  ScanQueue *queue;
  DynoScanResult *shown;   /* what the chart draws; main thread only */
  guint flush_id;
  char *error;
  guint n_exported;
};

G_DEFINE_FINAL_TYPE (DynoScanWindow, dyno_scan_window, ADW_TYPE_WINDOW)

static void update_actions (DynoScanWindow *self);

static void
toast (DynoScanWindow *self, const char *text)
{
  /* Toast titles are markup; file names and error messages are not. */
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *t = adw_toast_new (escaped);

  adw_toast_set_timeout (t, 5);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static char *
format_rate (double rate)
{
  if (!isfinite (rate))
    return g_strdup ("—");
  /* Translators: a transfer rate in 10^6 bytes per second */
  return g_strdup_printf (_("%.1f MB/s"), rate / 1e6);
}

/* The drives page */

static GtkWidget *
make_row (const DynoUdisksBlock *block)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Scan"));
  g_autofree char *name = dyno_udisks_block_describe (block);
  g_autofree char *title = g_markup_escape_text (name, -1);
  g_autofree char *size = g_format_size_full (block->size, G_FORMAT_SIZE_IEC_UNITS);
  g_autoptr (GString) subtitle = g_string_new (NULL);

  if (block->is_partition && block->model != NULL)
    {
      /* Translators: a partition's row: "A partition of WDC WD40EFRX" */
      g_autofree char *of = g_markup_printf_escaped (_("A partition of %s"), block->model);

      g_string_append (subtitle, of);
    }
  else if (block->is_partition)
    g_string_append (subtitle, _("A partition"));
  if (subtitle->len > 0)
    g_string_append (subtitle, " · ");
  g_string_append (subtitle, size);
  if (block->rotational == DYNO_TRISTATE_YES)
    g_string_append_printf (subtitle, " · %s", _("rotational"));
  else if (block->rotational == DYNO_TRISTATE_NO)
    g_string_append_printf (subtitle, " · %s", _("not rotational"));
  if (block->in_use != NULL)
    {
      /* Translators: in a drive's row: "in use (mounted at /srv)" */
      g_autofree char *use = g_markup_printf_escaped (_("in use (%s)"), block->in_use);

      g_string_append_printf (subtitle, " · <b>%s</b>", use);
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "scan.start");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", block->object_path);
  /* Translators: the tooltip of a drive's Scan button */
  gtk_widget_set_tooltip_text (button, _("Read the drive end to end, changing nothing"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name (block->is_partition
                                                               ? "drive-multidisk-symbolic"
                                                               : "drive-harddisk-symbolic"));
  return row;
}

static void
show_unavailable (DynoScanWindow *self, const char *message)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  g_free (self->status);
  self->status = g_strdup (message);
  /* A status page's description is markup; an error message is not. */
  adw_status_page_set_description (self->status_page, escaped);
  gtk_stack_set_visible_child_name (self->stack, "unavailable");
  update_actions (self);
}

static void
on_listed (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoScanWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) blocks = dyno_udisks_list_finish (res, &error);
  GtkWidget *child;

  if (self->disposed || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->list_cancellable);
  if (blocks == NULL)
    {
      adw_status_page_set_title (self->status_page,
                                 g_error_matches (error, DYNO_UDISKS_ERROR,
                                                  DYNO_UDISKS_ERROR_NOT_RUNNING)
                                     ? _("UDisks2 Is Not Running")
                                     : _("The Drives Could Not Be Listed"));
      show_unavailable (self, error->message);
      return;
    }
  if (blocks->len == 0)
    {
      adw_status_page_set_title (self->status_page, _("No Drives to Scan"));
      show_unavailable (self, _("UDisks2 knows of no drive or partition on this machine"));
      return;
    }
  g_clear_pointer (&self->blocks, g_ptr_array_unref);
  self->blocks = g_steal_pointer (&blocks);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->drive_list))) != NULL)
    gtk_list_box_remove (self->drive_list, child);
  for (guint i = 0; i < self->blocks->len; i++)
    gtk_list_box_append (self->drive_list, make_row (g_ptr_array_index (self->blocks, i)));
  gtk_stack_set_visible_child_name (self->stack, "drives");
  update_actions (self);
}

static void
refresh (DynoScanWindow *self)
{
  if (self->list_cancellable != NULL)
    g_cancellable_cancel (self->list_cancellable);
  g_clear_object (&self->list_cancellable);
  self->list_cancellable = g_cancellable_new ();
  gtk_stack_set_visible_child_name (self->stack, "loading");
  dyno_udisks_list_async (self->list_cancellable, on_listed, g_object_ref (self));
  update_actions (self);
}

/* The scan page */

static void
update_progress (DynoScanWindow *self)
{
  const DynoScanResult *r = self->shown;
  guint positions = self->options.positions;
  guint access_reads = self->options.access_reads;
  guint done = r != NULL ? r->samples->len + r->access->len : 0;
  g_autofree char *text = NULL;

  if (self->opening)
    text = g_strdup (_("Opening the drive (the system may ask for a password)…"));
  else if (r == NULL)
    text = g_strdup (_("Not started"));
  else if (r->samples->len < positions)
    /* Translators: the scan's progress: position n of N */
    text = g_strdup_printf (_("Transfer rate: position %u of %u"), r->samples->len, positions);
  else
    /* Translators: the scan's progress: access-time read n of N */
    text = g_strdup_printf (_("Access time: read %u of %u"), r->access->len, access_reads);
  if (!self->scanning && !self->opening && r != NULL)
    {
      g_clear_pointer (&text, g_free);
      text = g_strdup (self->stopped ? _("Stopped") : self->error != NULL ? _("Failed")
                                                                           : _("Done"));
    }
  gtk_progress_bar_set_text (self->progress_bar, text);
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 positions + access_reads > 0
                                     ? (double) done / (positions + access_reads)
                                     : 0);
}

static void
update_device_label (DynoScanWindow *self)
{
  g_autofree char *name = dyno_udisks_block_describe (self->block);
  const char *in_use = self->shown != NULL && self->shown->in_use != NULL ? self->shown->in_use
                                                                           : self->block->in_use;
  g_autofree char *text = NULL;

  if (in_use != NULL)
    /* Translators: the scan page's title: the drive, and what uses it */
    text = g_strdup_printf (_("%s — in use (%s)"), name, in_use);
  else
    text = g_strdup (name);
  gtk_label_set_text (self->device_label, text);
}

static void
update_summary (DynoScanWindow *self)
{
  const DynoScanResult *r = self->shown;
  g_autoptr (GString) text = g_string_new (NULL);

  if (self->error != NULL)
    g_string_append (text, self->error);
  if (r != NULL && !self->scanning && r->samples->len > 0)
    {
      g_autofree char *min = format_rate (r->summary.min);
      g_autofree char *avg = format_rate (r->summary.avg);
      g_autofree char *max = format_rate (r->summary.max);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: the summary under a finished scan's chart */
      g_string_append_printf (text, _("Transfer rate: min %s, avg %s, max %s"), min, avg, max);
      if (isfinite (r->summary.outer_inner_ratio))
        /* Translators: the first tenth of the drive's rate over the last tenth */
        g_string_append_printf (text, _(" · outer/inner %.2f"), r->summary.outer_inner_ratio);
      if (isfinite (r->summary.access_mean))
        /* Translators: the mean of the access-time reads */
        g_string_append_printf (text, _(" · access time %.2f ms mean over %u reads"),
                                r->summary.access_mean * 1e3, r->access->len);
      for (guint i = 0; i < r->notes->len; i++)
        g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (r->notes, i));
    }
  gtk_label_set_text (self->summary_label, text->str);
}

/* Moves what the worker queued into the shown result; one redraw for the batch. */
static void
flush_queue (DynoScanWindow *self)
{
  ScanQueue *queue = self->queue;
  gboolean changed = FALSE;

  if (queue == NULL)
    return;
  g_mutex_lock (&queue->mutex);
  if (queue->described != NULL && self->shown == NULL)
    {
      self->shown = g_steal_pointer (&queue->described);
      /* The platform cannot tell what holds a descriptor of a file; UDisks2 can. */
      if (self->shown->in_use == NULL)
        self->shown->in_use = g_strdup (self->block->in_use);
      if (self->shown->model == NULL)
        self->shown->model = g_strdup (self->block->model);
      if (self->shown->rotational == DYNO_TRISTATE_UNKNOWN)
        self->shown->rotational = self->block->rotational;
      dyno_scan_chart_view_set_result (self->chart, self->shown, self->options.positions);
      update_device_label (self);
      changed = TRUE;
    }
  if (self->shown != NULL && (queue->samples->len > 0 || queue->access->len > 0))
    {
      g_array_append_vals (self->shown->samples, queue->samples->data, queue->samples->len);
      g_array_append_vals (self->shown->access, queue->access->data, queue->access->len);
      g_array_set_size (queue->samples, 0);
      g_array_set_size (queue->access, 0);
      changed = TRUE;
    }
  g_mutex_unlock (&queue->mutex);
  if (changed)
    {
      dyno_scan_chart_view_changed (self->chart);
      update_progress (self);
    }
}

static gboolean
on_flush_timeout (gpointer data)
{
  flush_queue (DYNO_SCAN_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

/* On the worker: copies, never touches the window. */
static void
on_scan_progress (const DynoScanResult *result,
                  guint stage,
                  guint done,
                  guint total,
                  gpointer data)
{
  ScanQueue *queue = data;

  g_mutex_lock (&queue->mutex);
  if (stage == 0 && done == 0)
    {
      /* Described, nothing read yet: the copy has no samples. */
      g_clear_pointer (&queue->described, dyno_scan_result_free);
      queue->described = scan_result_copy (result);
    }
  else if (stage == 0)
    g_array_append_val (queue->samples,
                        g_array_index (result->samples, DynoScanSample, result->samples->len - 1));
  else
    g_array_append_val (queue->access,
                        g_array_index (result->access, DynoScanAccess, result->access->len - 1));
  g_mutex_unlock (&queue->mutex);
}

typedef struct
{
  int fd;
  char *device;
  DynoScanOptions options;
  ScanQueue *queue;
} ScanJob;

static void
scan_job_free (ScanJob *job)
{
  if (job->fd >= 0)
    close (job->fd);
  g_free (job->device);
  scan_queue_unref (job->queue);
  g_free (job);
}

static void
scan_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ScanJob *job = data;
  g_autoptr (GError) error = NULL;
  DynoScanResult *result;

  result = dyno_scan_fd (job->fd, job->device, &job->options, on_scan_progress, job->queue,
                         cancellable, &error);
  /* Closed here, at once: the drive is not held open until the window goes. */
  close (job->fd);
  job->fd = -1;
  if (result == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, result, (GDestroyNotify) dyno_scan_result_free);
}

static void
on_scanned (GObject *source, GAsyncResult *res, gpointer data)
{
  DynoScanWindow *self = DYNO_SCAN_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoScanResult) result = g_task_propagate_pointer (G_TASK (res), &error);

  if (self->disposed)
    return;
  flush_queue (self);
  g_clear_handle_id (&self->flush_id, g_source_remove);
  self->scanning = FALSE;
  g_clear_object (&self->scan_cancellable);

  if (result != NULL)
    {
      /* The worker's whole result: the same samples as shown, with its summary. */
      if (result->in_use == NULL && self->block->in_use != NULL)
        result->in_use = g_strdup (self->block->in_use);
      if (result->model == NULL)
        result->model = g_strdup (self->block->model);
      if (result->rotational == DYNO_TRISTATE_UNKNOWN)
        result->rotational = self->block->rotational;
      dyno_scan_chart_view_set_result (self->chart, result, 0);
      g_clear_pointer (&self->shown, dyno_scan_result_free);
      self->shown = g_steal_pointer (&result);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      self->stopped = TRUE;
      if (self->shown != NULL)
        {
          self->shown->planned_positions = self->options.positions;
          self->shown->planned_access = self->options.access_reads;
          g_ptr_array_add (self->shown->notes,
                           /* Translators: a note in a stopped scan; positions read of planned */
                           g_strdup_printf (_("Stopped after %u of %u positions and %u of %u "
                                              "access-time reads"),
                                            self->shown->samples->len, self->options.positions,
                                            self->shown->access->len, self->options.access_reads));
          dyno_scan_result_summarize (self->shown);
        }
    }
  else
    {
      self->error = g_strdup (error->message);
      if (self->shown != NULL)
        dyno_scan_result_summarize (self->shown);
    }
  dyno_scan_chart_view_changed (self->chart);
  update_progress (self);
  update_summary (self);
  update_actions (self);
  /* Not the summary, which would show a caret: what there is to do next. */
  if (self->shown != NULL && self->shown->samples->len > 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->save_button));
}

static void
on_opened (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoScanWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GTask) task = NULL;
  int fd = dyno_udisks_open_finish (res, &error);
  ScanJob *job;

  if (self->disposed)
    {
      if (fd >= 0)
        close (fd);
      return;
    }
  self->opening = FALSE;
  if (fd < 0)
    {
      self->scanning = FALSE;
      g_clear_object (&self->scan_cancellable);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        self->stopped = TRUE;
      else
        {
          /* Translators: the drive could not be opened; %s says why */
          self->error = g_strdup_printf (_("The drive was not scanned. %s"), error->message);
          /* Said whole, not under an empty chart: polkit said no, or UDisks2 could not. */
          adw_status_page_set_title (self->status_page, _("The Drive Was Not Opened"));
          show_unavailable (self, self->error);
        }
      update_progress (self);
      update_summary (self);
      update_actions (self);
      return;
    }

  self->queue = scan_queue_new ();
  job = g_new0 (ScanJob, 1);
  job->fd = fd;
  job->device = g_strdup (self->block->device);
  job->options = self->options;
  job->queue = scan_queue_ref (self->queue);
  task = g_task_new (self, self->scan_cancellable, on_scanned, NULL);
  g_task_set_source_tag (task, on_opened);
  g_task_set_task_data (task, job, (GDestroyNotify) scan_job_free);
  g_task_run_in_thread (task, scan_thread);
  self->flush_id = g_timeout_add (100, on_flush_timeout, self);
  update_progress (self);
}

static const DynoUdisksBlock *
find_block (DynoScanWindow *self, const char *object_path)
{
  for (guint i = 0; self->blocks != NULL && i < self->blocks->len; i++)
    {
      const DynoUdisksBlock *block = g_ptr_array_index (self->blocks, i);

      if (g_str_equal (block->object_path, object_path))
        return block;
    }
  return NULL;
}

void
dyno_scan_window_scan (DynoScanWindow *self, const char *object_path)
{
  const DynoUdisksBlock *block;
  DynoUdisksBlock *copy;

  g_return_if_fail (DYNO_IS_SCAN_WINDOW (self));
  g_return_if_fail (object_path != NULL);
  g_return_if_fail (!self->scanning);

  block = find_block (self, object_path);
  g_return_if_fail (block != NULL);

  copy = g_new0 (DynoUdisksBlock, 1);
  copy->object_path = g_strdup (block->object_path);
  copy->device = g_strdup (block->device);
  copy->model = g_strdup (block->model);
  copy->size = block->size;
  copy->rotational = block->rotational;
  copy->is_partition = block->is_partition;
  copy->in_use = g_strdup (block->in_use);
  g_clear_pointer (&self->block, dyno_udisks_block_free);
  self->block = copy;

  dyno_scan_options_init (&self->options);
  self->options.positions = (guint) dyno_spin_row_get_value (self->positions_row);
  self->options.access_reads = (guint) dyno_spin_row_get_value (self->access_row);
  self->options.sample_size = self->sample_override != 0
                                  ? self->sample_override
                                  : (guint64) dyno_spin_row_get_value (self->sample_row) * MIB;
  self->options.seed = g_random_int ();

  dyno_scan_chart_view_set_result (self->chart, NULL, 0);
  g_clear_pointer (&self->shown, dyno_scan_result_free);
  g_clear_pointer (&self->queue, scan_queue_unref);
  g_clear_pointer (&self->error, g_free);
  self->stopped = FALSE;
  self->opening = TRUE;
  self->scanning = TRUE;
  self->scan_cancellable = g_cancellable_new ();

  update_device_label (self);
  update_progress (self);
  update_summary (self);
  gtk_stack_set_visible_child_name (self->stack, "scan");
  update_actions (self);
  dyno_udisks_open_async (self->block->object_path, self->scan_cancellable, on_opened,
                          g_object_ref (self));
}

void
dyno_scan_window_stop (DynoScanWindow *self)
{
  g_return_if_fail (DYNO_IS_SCAN_WINDOW (self));

  if (self->scan_cancellable != NULL)
    g_cancellable_cancel (self->scan_cancellable);
}

/* Export */

typedef struct
{
  DynoScanResult *result;
  guint planned;
  char *format; /* "png", "svg", "pdf" */
  char *path;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  dyno_scan_result_free (job->result);
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

  dyno_chart_style_set_font (style, EXPORT_FONT);
  if (!dyno_scan_chart_render_partial_to_file (job->result, job->planned, style, EXPORT_WIDTH,
                                               EXPORT_HEIGHT, job->format, job->path, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_strdup (job->path), g_free);
}

static void
on_exported (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoScanWindow) self = data;
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
    /* Translators: an export of a scan failed; %s says why */
    message = g_strdup_printf (_("Not saved: %s"), error->message);
  else
    {
      g_autofree char *name = g_filename_display_basename (path);

      /* Translators: a scan's chart or JSON was written; %s is the file's name */
      message = g_strdup_printf (_("Saved “%s”"), name);
    }
  toast (self, message);
}

void
dyno_scan_window_export (DynoScanWindow *self, DynoExportFormat format, const char *path)
{
  g_return_if_fail (DYNO_IS_SCAN_WINDOW (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (self->shown != NULL && !self->scanning);

  if (format == DYNO_EXPORT_JSON)
    {
      g_autofree char *json = dyno_scan_result_to_json (self->shown);

      dyno_export_text_async (json, path, NULL, on_exported, g_object_ref (self));
      return;
    }
  else
    {
      g_autoptr (GTask) task = g_task_new (NULL, NULL, on_exported, g_object_ref (self));
      ExportJob *job = g_new0 (ExportJob, 1);

      g_return_if_fail (dyno_export_format_is_chart (format));
      job->result = scan_result_copy (self->shown);
      /* A stopped scan says how far it got: "134 of 5000 positions". */
      job->planned = self->stopped ? self->options.positions : 0;
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
  dyno_scan_window_export (DYNO_SCAN_WINDOW (data), format, path);
}

static char *
file_stem (DynoScanWindow *self)
{
  const char *device = self->shown != NULL ? self->shown->device : "drive";
  const char *base = strrchr (device, '/');

  return g_strconcat ("scan-", base != NULL ? base + 1 : device, NULL);
}

static void
choose_export (DynoScanWindow *self, gboolean chart)
{
  static const DynoExportFormat json[] = { DYNO_EXPORT_JSON };
  g_autofree char *stem = file_stem (self);

  dyno_export_choose_file (GTK_WINDOW (self),
                           chart ? _("Export the Scan's Chart") : _("Save the Scan"), stem,
                           chart ? dyno_export_chart_formats : json,
                           chart ? DYNO_EXPORT_N_CHART_FORMATS : 1, on_export_chosen,
                           g_object_ref (self), g_object_unref);
}

/* Actions */

static void
update_actions (DynoScanWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean on_scan = g_strcmp0 (page, "scan") == 0;
  gboolean have = self->shown != NULL && self->shown->samples->len > 0 && !self->scanning;

  gtk_widget_action_set_enabled (widget, "scan.start", !self->scanning);
  gtk_widget_action_set_enabled (widget, "scan.stop", self->scanning);
  gtk_widget_action_set_enabled (widget, "scan.back", !self->scanning);
  gtk_widget_action_set_enabled (widget, "scan.refresh", !self->scanning);
  gtk_widget_action_set_enabled (widget, "scan.export-chart", have);
  gtk_widget_action_set_enabled (widget, "scan.save", have);
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), on_scan);
  gtk_widget_set_visible (GTK_WIDGET (self->refresh_button), !on_scan);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), self->scanning);
}

static void
start_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_scan_window_scan (DYNO_SCAN_WINDOW (widget), g_variant_get_string (param, NULL));
}

static void
stop_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_scan_window_stop (DYNO_SCAN_WINDOW (widget));
}

static void
back_action (GtkWidget *widget, const char *name, GVariant *param)
{
  DynoScanWindow *self = DYNO_SCAN_WINDOW (widget);

  gtk_stack_set_visible_child_name (self->stack, self->blocks != NULL ? "drives" : "loading");
  update_actions (self);
  /* What was mounted may have changed while the scan ran. */
  refresh (self);
}

static void
refresh_action (GtkWidget *widget, const char *name, GVariant *param)
{
  refresh (DYNO_SCAN_WINDOW (widget));
}

static void
export_chart_action (GtkWidget *widget, const char *name, GVariant *param)
{
  choose_export (DYNO_SCAN_WINDOW (widget), TRUE);
}

static void
save_action (GtkWidget *widget, const char *name, GVariant *param)
{
  choose_export (DYNO_SCAN_WINDOW (widget), FALSE);
}

static void
on_sample_changed (DynoScanWindow *self)
{
  self->sample_override = 0;
}

static gboolean
dyno_scan_window_close_request (GtkWindow *window)
{
  DynoScanWindow *self = DYNO_SCAN_WINDOW (window);

  /* Closing stops the scan: the worker ends after its current read and closes the drive. */
  dyno_scan_window_stop (self);
  return GTK_WINDOW_CLASS (dyno_scan_window_parent_class)->close_request (window);
}

static void
dyno_scan_window_dispose (GObject *object)
{
  DynoScanWindow *self = DYNO_SCAN_WINDOW (object);

  self->disposed = TRUE;
  if (self->list_cancellable != NULL)
    g_cancellable_cancel (self->list_cancellable);
  if (self->scan_cancellable != NULL)
    g_cancellable_cancel (self->scan_cancellable);
  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->chart != NULL)
    dyno_scan_chart_view_set_result (self->chart, NULL, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_SCAN_WINDOW);
  G_OBJECT_CLASS (dyno_scan_window_parent_class)->dispose (object);
}

static void
dyno_scan_window_finalize (GObject *object)
{
  DynoScanWindow *self = DYNO_SCAN_WINDOW (object);

  g_clear_object (&self->list_cancellable);
  g_clear_object (&self->scan_cancellable);
  g_clear_pointer (&self->blocks, g_ptr_array_unref);
  g_clear_pointer (&self->block, dyno_udisks_block_free);
  g_clear_pointer (&self->shown, dyno_scan_result_free);
  g_clear_pointer (&self->queue, scan_queue_unref);
  g_free (self->status);
  g_free (self->error);
  G_OBJECT_CLASS (dyno_scan_window_parent_class)->finalize (object);
}

static void
dyno_scan_window_class_init (DynoScanWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dyno_scan_window_dispose;
  object_class->finalize = dyno_scan_window_finalize;
  window_class->close_request = dyno_scan_window_close_request;

  g_type_ensure (DYNO_TYPE_SPIN_ROW);
  g_type_ensure (DYNO_TYPE_SCAN_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-scan-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, refresh_button);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, status_page);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, drive_list);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, positions_row);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, sample_row);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, access_row);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, device_label);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, read_only_label);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, DynoScanWindow, save_button);

  gtk_widget_class_install_action (widget_class, "scan.start", "s", start_action);
  gtk_widget_class_install_action (widget_class, "scan.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "scan.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "scan.refresh", NULL, refresh_action);
  gtk_widget_class_install_action (widget_class, "scan.export-chart", NULL, export_chart_action);
  gtk_widget_class_install_action (widget_class, "scan.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dyno_scan_window_init (DynoScanWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_adjustment_configure (dyno_spin_row_get_adjustment (self->positions_row),
                            DYNO_SCAN_DEFAULT_POSITIONS, 2, 10000, 1, 10, 0);
  gtk_adjustment_configure (dyno_spin_row_get_adjustment (self->sample_row),
                            (double) (DYNO_SCAN_DEFAULT_SAMPLE / MIB), 1, 1024, 1, 10, 0);
  gtk_adjustment_configure (dyno_spin_row_get_adjustment (self->access_row),
                            DYNO_SCAN_DEFAULT_ACCESS_READS, 0, 100000, 10, 100, 0);
  g_signal_connect_object (self->sample_row, "notify::value", G_CALLBACK (on_sample_changed),
                           self, G_CONNECT_SWAPPED);
  dyno_scan_options_init (&self->options);
  update_actions (self);
}

DynoScanWindow *
dyno_scan_window_new (GtkWindow *parent)
{
  DynoScanWindow *self = g_object_new (DYNO_TYPE_SCAN_WINDOW, "transient-for", parent, NULL);

  if (parent != NULL)
    gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
  refresh (self);
  return self;
}

const char *
dyno_scan_window_get_page (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

const char *
dyno_scan_window_get_status (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), NULL);
  return self->status;
}

GPtrArray *
dyno_scan_window_get_blocks (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), NULL);
  return self->blocks;
}

void
dyno_scan_window_set_options (DynoScanWindow *self, const DynoScanOptions *options)
{
  g_return_if_fail (DYNO_IS_SCAN_WINDOW (self));
  g_return_if_fail (options != NULL);

  dyno_spin_row_set_value (self->positions_row, options->positions);
  dyno_spin_row_set_value (self->access_row, options->access_reads);
  dyno_spin_row_set_value (self->sample_row, MAX (1, (double) (options->sample_size / MIB)));
  /* After the row, whose change clears it. */
  self->sample_override = options->sample_size;
}

gboolean
dyno_scan_window_get_scanning (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), FALSE);
  return self->scanning;
}

const DynoScanResult *
dyno_scan_window_get_result (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), NULL);
  return self->shown;
}

const char *
dyno_scan_window_get_error (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), NULL);
  return self->error;
}

guint
dyno_scan_window_get_n_exported (DynoScanWindow *self)
{
  g_return_val_if_fail (DYNO_IS_SCAN_WINDOW (self), 0);
  return self->n_exported;
}
