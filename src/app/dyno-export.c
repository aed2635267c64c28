/* dyno-export.c
 *
 * Charts are drawn by the same functions as on screen (src/render), with the light palette and
 * the decor an article needs; tables come from the engine's formatters. Drawing and writing
 * happen in a GTask's thread, on data the UI only reads. Every file is written whole or not at
 * all (dyno_output_write), so a failed export leaves no half file behind, and a device or a
 * pipe the person picked is written into, never replaced.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-export"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-model.h"
#include "dyno-chart-render.h"
#include "dyno-compare.h"
#include "dyno-export.h"
#include "dyno-grid-chart.h"
#include "dyno-output.h"
#include "dyno-report-doc.h"
#include "dyno-report-render.h"

const DynoExportFormat dyno_export_chart_formats[DYNO_EXPORT_N_CHART_FORMATS] = {
  DYNO_EXPORT_PNG,
  DYNO_EXPORT_SVG,
  DYNO_EXPORT_PDF,
};

const DynoExportFormat dyno_export_table_formats[DYNO_EXPORT_N_TABLE_FORMATS] = {
  DYNO_EXPORT_CSV,
  DYNO_EXPORT_MARKDOWN,
  DYNO_EXPORT_HTML,
  DYNO_EXPORT_TEXT,
  DYNO_EXPORT_JSON,
};

const DynoExportFormat dyno_export_report_formats[DYNO_EXPORT_N_REPORT_FORMATS] = {
  DYNO_EXPORT_REPORT,
  DYNO_EXPORT_REPORT_PDF,
};

static const struct
{
  DynoExportFormat format;
  const char *extension;
  const char *name;
} formats[] = {
  { DYNO_EXPORT_PNG, "png", N_("PNG Image") },
  { DYNO_EXPORT_SVG, "svg", N_("SVG Image") },
  { DYNO_EXPORT_PDF, "pdf", N_("PDF Document") },
  { DYNO_EXPORT_TEXT, "txt", N_("Text Table, Bonnie Style") },
  { DYNO_EXPORT_MARKDOWN, "md", N_("Markdown Table") },
  { DYNO_EXPORT_CSV, "csv", N_("CSV, bonnie++ 1.98") },
  { DYNO_EXPORT_HTML, "html", N_("HTML Table") },
  { DYNO_EXPORT_JSON, "json", N_("JSON") },
  /* After the table and the chart of the same extension: a name's ".html" says a table unless
   * the report was asked for (dyno_export_choose_file). */
  { DYNO_EXPORT_REPORT, "html", N_("Report, a Web Page") },
  { DYNO_EXPORT_REPORT_PDF, "pdf", N_("Report, a PDF Document") },
};

#define CHART_FONT "Cantarell 13"

gboolean
dyno_export_format_is_chart (DynoExportFormat format)
{
  return format == DYNO_EXPORT_PNG || format == DYNO_EXPORT_SVG || format == DYNO_EXPORT_PDF;
}

gboolean
dyno_export_format_is_report (DynoExportFormat format)
{
  return format == DYNO_EXPORT_REPORT || format == DYNO_EXPORT_REPORT_PDF;
}

const char *
dyno_export_format_extension (DynoExportFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return formats[i].extension;
  g_return_val_if_reached (NULL);
}

static const char *
format_name (DynoExportFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return _(formats[i].name);
  g_return_val_if_reached (NULL);
}

gboolean
dyno_export_format_for_path (const char *path, DynoExportFormat *out)
{
  const char *dot;

  g_return_val_if_fail (path != NULL, FALSE);

  dot = strrchr (path, '.');
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (dot + 1, formats[i].extension) == 0
        || (formats[i].format == DYNO_EXPORT_HTML && g_ascii_strcasecmp (dot + 1, "htm") == 0)
        || (formats[i].format == DYNO_EXPORT_MARKDOWN
            && g_ascii_strcasecmp (dot + 1, "markdown") == 0))
      {
        if (out != NULL)
          *out = formats[i].format;
        return TRUE;
      }
  return FALSE;
}

char *
dyno_export_resolve_path (const char             *path,
                          DynoExportFormat        asked,
                          const DynoExportFormat *offered,
                          guint                   n_offered,
                          DynoExportFormat       *format)
{
  DynoExportFormat named;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (format != NULL, NULL);

  *format = asked;
  /* The format asked is looked up without being overwritten by the name's. */
  if (!dyno_export_format_for_path (path, &named))
    return g_strconcat (path, ".", dyno_export_format_extension (asked), NULL);
  if (g_str_equal (dyno_export_format_extension (named), dyno_export_format_extension (asked)))
    return g_strdup (path);
  for (guint i = 0; i < n_offered; i++)
    if (g_str_equal (dyno_export_format_extension (offered[i]),
                     dyno_export_format_extension (named)))
      {
        *format = offered[i];
        return g_strdup (path);
      }
  return g_strconcat (path, ".", dyno_export_format_extension (asked), NULL);
}

char *
dyno_export_file_stem (const char *text)
{
  GString *stem = g_string_new (NULL);

  for (const char *p = text != NULL ? text : ""; *p != '\0' && stem->len < 60; p++)
    {
      if (g_ascii_isalnum (*p) || *p == '.' || *p == '_' || *p == '+')
        g_string_append_c (stem, *p);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  while (stem->len > 0 && (stem->str[stem->len - 1] == '-' || stem->str[stem->len - 1] == '.'))
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    g_string_append (stem, "dyno");
  return g_string_free (stem, FALSE);
}

static DynoCompareFormat
compare_format (DynoExportFormat format)
{
  switch (format)
    {
    case DYNO_EXPORT_MARKDOWN:
      return DYNO_COMPARE_FORMAT_MARKDOWN;
    case DYNO_EXPORT_CSV:
      return DYNO_COMPARE_FORMAT_CSV;
    case DYNO_EXPORT_HTML:
      return DYNO_COMPARE_FORMAT_HTML;
    case DYNO_EXPORT_JSON:
      return DYNO_COMPARE_FORMAT_JSON;
    case DYNO_EXPORT_TEXT:
    case DYNO_EXPORT_PNG:
    case DYNO_EXPORT_SVG:
    case DYNO_EXPORT_PDF:
    default:
      return DYNO_COMPARE_FORMAT_TEXT;
    }
}

char *
dyno_export_comparison_table (DynoComparison *comparison,
                              DynoExportFormat format,
                              DynoRateUnit unit)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (!dyno_export_format_is_chart (format), NULL);

  return dyno_comparison_format (comparison, compare_format (format), unit);
}

char *
dyno_export_result_table (DynoResult *result, DynoExportFormat format, DynoRateUnit unit)
{
  g_autoptr (DynoComparison) comparison = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);
  g_return_val_if_fail (!dyno_export_format_is_chart (format), NULL);

  switch (format)
    {
    case DYNO_EXPORT_TEXT:
      return dyno_report_text (result, unit);
    case DYNO_EXPORT_CSV:
      return dyno_report_csv (result, TRUE);
    case DYNO_EXPORT_JSON:
      return dyno_result_to_json (result, TRUE);
    case DYNO_EXPORT_MARKDOWN:
    case DYNO_EXPORT_HTML:
    case DYNO_EXPORT_PNG:
    case DYNO_EXPORT_SVG:
    case DYNO_EXPORT_PDF:
    default:
      /* The comparison's tables read well for one run too: a row per target. */
      comparison = dyno_comparison_new ();
      dyno_comparison_add_result (comparison, result);
      return dyno_comparison_format (comparison, compare_format (format), unit);
    }
}

/* Drawing */

static DynoChartStyle *
article_style (DynoRateUnit unit)
{
  DynoChartStyle *style = dyno_chart_style_new_light ();

  /* Sized for a 1200-point-wide figure read at a column's width, as dyno-cli draws it. */
  dyno_chart_style_set_font (style, CHART_FONT);
  style->rate_scale = unit == DYNO_RATE_UNIT_MIB ? DYNO_RATE_SCALE_MIB : DYNO_RATE_SCALE_MB;
  return style;
}

static gboolean
write_bytes (const char *path, const void *data, gsize length, GError **error)
{
  /* A file chooser can name a FIFO or a device node too: never replace those. */
  return dyno_output_write (path, data, length, error);
}

gboolean
dyno_export_compare_chart (DynoComparison *comparison,
                           const DynoCompareChartOptions *options,
                           DynoRateUnit unit,
                           DynoExportFormat format,
                           const char *path,
                           GError **error)
{
  g_autoptr (DynoChartStyle) style = article_style (unit);
  g_autofree char *source = NULL;
  g_autofree char *names = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  DynoChartDecor decor;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (dyno_export_format_is_chart (format), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  source = dyno_comparison_describe_source (comparison);
  names = dyno_comparison_join_names (comparison);
  /* The legend names every run; a title that would run off the figure leaves them to it. */
  if (g_utf8_strlen (names, -1) > 40)
    g_clear_pointer (&names, g_free);
  switch (options->kind)
    {
    case DYNO_COMPARE_CHART_CPU:
      /* TRANSLATORS: the title of an exported chart; %s lists the runs */
      title = names != NULL ? g_strdup_printf (_("CPU per phase: %s"), names)
                            : g_strdup (_("CPU per phase"));
      subtitle = g_strdup (_("Bonnie’s %CPU: CPU time of the I/O threads over elapsed time; "
                             "100 is one core"));
      break;
    case DYNO_COMPARE_CHART_OVERLAY:
      title = names != NULL
                  /* TRANSLATORS: the title of an exported chart; a phase, then the runs */
                  ? g_strdup_printf (_("%s over time: %s"), dyno_phase_get_title (options->phase),
                                     names)
                  /* TRANSLATORS: the title of an exported chart; %s is a phase */
                  : g_strdup_printf (_("%s over time"), dyno_phase_get_title (options->phase));
      subtitle = g_strdup (_("The live rate through the phase, every repeat drawn"));
      break;
    case DYNO_COMPARE_CHART_FOREST:
      /* "encrypted vs plain" and how to read it, as dyno-cli compare --chart forest says. */
      title = dyno_compare_chart_forest_title (comparison);
      subtitle = dyno_compare_chart_forest_subtitle (comparison);
      break;
    case DYNO_COMPARE_CHART_BARS:
    default:
      /* TRANSLATORS: the title of an exported chart; %s lists the runs */
      title = names != NULL ? g_strdup_printf (_("Throughput per phase: %s"), names)
                            : g_strdup (_("Throughput per phase"));
      /* The chart's own note says what the ratios (when they fit) and its marks mean. */
      subtitle = g_strdup (_("Mean of the repeats"));
      break;
    }

  dyno_chart_decor_init (&decor);
  decor.title = title;
  decor.subtitle = subtitle;
  decor.source = source;
  return dyno_compare_chart_render_to_file (comparison, options, style, &decor,
                                            DYNO_COMPARE_CHART_WIDTH, DYNO_COMPARE_CHART_HEIGHT,
                                            DYNO_COMPARE_CHART_PNG_SCALE,
                                            dyno_export_format_extension (format), path, error);
}

/* Every target's live chart, one under another on the same axes (or target_index's alone):
 * what dyno-cli export writes. */
static gboolean
export_live_chart (DynoResult *result,
                   int target_index,
                   DynoRateUnit unit,
                   DynoExportFormat format,
                   const char *path,
                   GError **error)
{
  const DynoSystemInfo *system = dyno_result_get_system (result);
  g_autoptr (DynoChartStyle) style = article_style (unit);
  guint n = target_index >= 0 ? 1 : dyno_chart_result_count_live (result);
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  decor.host = system != NULL && system->hostname != NULL ? system->hostname : g_get_host_name ();
  /* Twice the size in pixels, as the comparison charts: sharp on any screen or page. */
  return dyno_chart_render_result_to_file (result, target_index, style, &decor,
                                           DYNO_COMPARE_CHART_WIDTH,
                                           DYNO_COMPARE_CHART_HEIGHT
                                               + DYNO_CHART_STACKED_HEIGHT * (MAX (n, 1) - 1),
                                           DYNO_COMPARE_CHART_PNG_SCALE,
                                           dyno_export_format_extension (format), path, error);
}

/* CrystalDiskMark's grid of every target with drive tests, its figures in grid_unit. */
static gboolean
export_grid_chart (DynoResult *result,
                   DynoRateUnit unit,
                   DynoGridUnit grid_unit,
                   DynoExportFormat format,
                   const char *path,
                   GError **error)
{
  const DynoSystemInfo *system = dyno_result_get_system (result);
  g_autoptr (DynoChartStyle) style = article_style (unit);
  guint n = dyno_grid_chart_count_targets (result);
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  decor.host = system != NULL && system->hostname != NULL ? system->hostname : g_get_host_name ();
  return dyno_grid_chart_render_to_file (result, -1, grid_unit, style, &decor,
                                         DYNO_COMPARE_CHART_WIDTH,
                                         DYNO_COMPARE_CHART_HEIGHT
                                             + DYNO_GRID_CHART_STACKED_HEIGHT * (MAX (n, 1) - 1),
                                         DYNO_COMPARE_CHART_PNG_SCALE,
                                         dyno_export_format_extension (format), path, error);
}

gboolean
dyno_export_report (DynoComparison   *comparison,
                    DynoRateUnit      unit,
                    DynoExportFormat  format,
                    const char       *path,
                    GError          **error)
{
  g_autoptr (DynoReportDoc) doc = NULL;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (dyno_export_format_is_report (format), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  doc = dyno_report_doc_build (comparison, unit);
  if (format == DYNO_EXPORT_REPORT_PDF)
    {
      g_autoptr (GBytes) bytes = dyno_report_render_pdf (doc, error);
      gsize length = 0;
      gconstpointer data;

      if (bytes == NULL)
        return FALSE;
      data = g_bytes_get_data (bytes, &length);
      return write_bytes (path, data, length, error);
    }
  else
    {
      g_autofree char *html = dyno_report_render_html (doc);

      return write_bytes (path, html, strlen (html), error);
    }
}

/* Tasks */

typedef enum
{
  JOB_COMPARE_CHART,
  JOB_LIVE_CHART,
  JOB_GRID_CHART,
  JOB_REPORT,
  JOB_TEXT,
} JobKind;

typedef struct
{
  JobKind kind;
  DynoComparison *comparison;
  DynoCompareChartOptions options;
  DynoResult *result;
  int target;
  DynoGridUnit grid_unit;
  DynoRateUnit unit;
  DynoExportFormat format;
  char *text;
  char *path;
} Job;

static void
job_free (Job *job)
{
  g_clear_pointer (&job->comparison, dyno_comparison_unref);
  g_clear_object (&job->result);
  g_free (job->text);
  g_free (job->path);
  g_free (job);
}

static void
job_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gboolean ok = FALSE;

  switch (job->kind)
    {
    case JOB_COMPARE_CHART:
      ok = dyno_export_compare_chart (job->comparison, &job->options, job->unit, job->format,
                                      job->path, &error);
      break;
    case JOB_LIVE_CHART:
      ok = export_live_chart (job->result, job->target, job->unit, job->format, job->path,
                              &error);
      break;
    case JOB_GRID_CHART:
      ok = export_grid_chart (job->result, job->unit, job->grid_unit, job->format, job->path,
                              &error);
      break;
    case JOB_REPORT:
      ok = dyno_export_report (job->comparison, job->unit, job->format, job->path, &error);
      break;
    case JOB_TEXT:
      ok = write_bytes (job->path, job->text, strlen (job->text), &error);
      break;
    default:
      g_assert_not_reached ();
    }

  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_strdup (job->path), g_free);
}

static void
run_job (Job *job, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, run_job);
  g_task_set_name (task, "[dyno] export");
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
}

void
dyno_export_compare_chart_async (DynoComparison *comparison,
                                 const DynoCompareChartOptions *options,
                                 DynoRateUnit unit,
                                 DynoExportFormat format,
                                 const char *path,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  Job *job;

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (dyno_export_format_is_chart (format));
  g_return_if_fail (path != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_COMPARE_CHART;
  job->comparison = dyno_comparison_ref (comparison);
  job->options = *options;
  job->unit = unit;
  job->format = format;
  job->path = g_strdup (path);
  run_job (job, cancellable, callback, user_data);
}

void
dyno_export_live_chart_async (DynoResult *result,
                              int target,
                              DynoRateUnit unit,
                              DynoExportFormat format,
                              const char *path,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data)
{
  Job *job;

  g_return_if_fail (DYNO_IS_RESULT (result));
  g_return_if_fail (target < (int) dyno_result_get_n_targets (result));
  g_return_if_fail (dyno_export_format_is_chart (format));
  g_return_if_fail (path != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_LIVE_CHART;
  job->result = g_object_ref (result);
  job->target = target;
  job->unit = unit;
  job->format = format;
  job->path = g_strdup (path);
  run_job (job, cancellable, callback, user_data);
}

void
dyno_export_grid_chart_async (DynoResult *result,
                              DynoRateUnit unit,
                              DynoGridUnit grid_unit,
                              DynoExportFormat format,
                              const char *path,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data)
{
  Job *job;

  g_return_if_fail (DYNO_IS_RESULT (result));
  g_return_if_fail (dyno_export_format_is_chart (format));
  g_return_if_fail (path != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_GRID_CHART;
  job->result = g_object_ref (result);
  job->target = -1;
  job->unit = unit;
  job->grid_unit = grid_unit;
  job->format = format;
  job->path = g_strdup (path);
  run_job (job, cancellable, callback, user_data);
}

void
dyno_export_report_async (DynoComparison     *comparison,
                          DynoRateUnit        unit,
                          DynoExportFormat    format,
                          const char         *path,
                          GCancellable       *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer            user_data)
{
  Job *job;

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (dyno_export_format_is_report (format));
  g_return_if_fail (path != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_REPORT;
  job->comparison = dyno_comparison_ref (comparison);
  job->unit = unit;
  job->format = format;
  job->path = g_strdup (path);
  run_job (job, cancellable, callback, user_data);
}

void
dyno_export_text_async (const char *text,
                        const char *path,
                        GCancellable *cancellable,
                        GAsyncReadyCallback callback,
                        gpointer user_data)
{
  Job *job;

  g_return_if_fail (text != NULL);
  g_return_if_fail (path != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_TEXT;
  job->text = g_strdup (text);
  job->path = g_strdup (path);
  run_job (job, cancellable, callback, user_data);
}

char *
dyno_export_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The save dialog */

typedef struct
{
  DynoExportChosenFunc func;
  gpointer user_data;
  GDestroyNotify destroy;
  GArray *formats; /* DynoExportFormat, in the order of the filters */
} Chooser;

static void
chooser_free (Chooser *chooser)
{
  if (chooser->destroy != NULL)
    chooser->destroy (chooser->user_data);
  g_array_unref (chooser->formats);
  g_free (chooser);
}

static void
on_chooser_response (GtkNativeDialog *dialog, int response, Chooser *chooser)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  DynoExportFormat format = g_array_index (chooser->formats, DynoExportFormat, 0);
  GtkFileFilter *filter;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    path = g_file_get_path (file);

  if (path != NULL)
    {
      /* The filter chosen, unless the name says otherwise. */
      filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
      if (filter != NULL)
        {
          g_autoptr (GListModel) filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));

          for (guint i = 0; i < g_list_model_get_n_items (filters) && i < chooser->formats->len;
               i++)
            {
              g_autoptr (GtkFileFilter) each = g_list_model_get_item (filters, i);

              if (each == filter)
                format = g_array_index (chooser->formats, DynoExportFormat, i);
            }
        }
      {
        char *resolved = dyno_export_resolve_path (path, format,
                                                   (const DynoExportFormat *) (gconstpointer)
                                                       chooser->formats->data,
                                                   chooser->formats->len, &format);

        g_free (path);
        path = resolved;
      }
      chooser->func (path, format, chooser->user_data);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
dyno_export_choose_file (GtkWindow *parent,
                         const char *title,
                         const char *stem,
                         const DynoExportFormat *export_formats,
                         guint n_formats,
                         DynoExportChosenFunc func,
                         gpointer user_data,
                         GDestroyNotify destroy)
{
  GtkFileChooserNative *dialog;
  Chooser *chooser;
  g_autofree char *name = NULL;

  g_return_if_fail (export_formats != NULL && n_formats > 0);
  g_return_if_fail (func != NULL);

  dialog = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);

  chooser = g_new0 (Chooser, 1);
  chooser->func = func;
  chooser->user_data = user_data;
  chooser->destroy = destroy;
  chooser->formats = g_array_new (FALSE, FALSE, sizeof (DynoExportFormat));
  for (guint i = 0; i < n_formats; i++)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
      g_autofree char *pattern = g_strdup_printf ("*.%s",
                                                  dyno_export_format_extension (export_formats[i]));

      gtk_file_filter_set_name (filter, format_name (export_formats[i]));
      gtk_file_filter_add_pattern (filter, pattern);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
      g_array_append_val (chooser->formats, export_formats[i]);
    }

  name = g_strconcat (stem, ".", dyno_export_format_extension (export_formats[0]), NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);

  g_signal_connect_data (dialog, "response", G_CALLBACK (on_chooser_response), chooser,
                         (GClosureNotify) (void (*) (void)) chooser_free, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
