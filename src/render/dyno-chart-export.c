/* dyno-chart-export.c: a chart into a PNG, SVG or PDF file, drawn as on screen
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-render-private.h"
#include "dyno-chart-svg.h"
#include "dyno-chart-text-sink.h"
#include "dyno-output.h"

static cairo_status_t
append_to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
dyno_chart_export_file (const char         *format,
                        const char         *path,
                        double              width,
                        double              height,
                        double              scale,
                        const char         *title,
                        DynoChartDrawFunc   draw,
                        gconstpointer       data,
                        GError            **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  gboolean png;
  gboolean svg = FALSE;
  g_autofree char *svg_text = NULL;
  GString *svg_texts = NULL;

  png = g_ascii_strcasecmp (format, "png") == 0;
  /* Vector formats have no pixels to scale. */
  if (!png || !(scale >= 0.25 && scale <= 8))
    scale = 1;
  if (!(width >= 1 && height >= 1 && width * scale <= 32767 && height * scale <= 32767))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: exporting a chart */
                   _ ("Invalid chart size %g × %g"), width, height);
      return FALSE;
    }

  /* Drawn into memory, then written in one go: a failed export leaves no half file, and the
   * error names the file the way GLib does. */
  bytes = g_byte_array_new ();
  if (png)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                            (int) ceil (height * scale));
    }
  else if (g_ascii_strcasecmp (format, "svg") == 0)
    {
      surface = cairo_svg_surface_create_for_stream (append_to_bytes, bytes, width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
    }
  else if (g_ascii_strcasecmp (format, "pdf") == 0)
    {
      surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Dyno " PACKAGE_VERSION);
      if (title != NULL)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* Translators: exporting a chart; %s is what the user asked for */
                   _ ("Unknown chart format “%s”: use png, svg or pdf"), format);
      return FALSE;
    }

  cr = cairo_create (surface);
  if (png)
    cairo_scale (cr, scale, scale);
  svg = !png && g_ascii_strcasecmp (format, "svg") == 0;
  /* Cairo's SVG surface draws text as glyph outlines: a saved chart's labels could not be
   * edited, searched or translated in an article. The labels go to a sink instead, as <text>
   * elements, added over the drawing below. */
  if (svg)
    {
      svg_texts = g_string_new ("<g id=\"dyno-text\">\n");
      dyno_chart_text_sink_attach (cr, dyno_chart_svg_text_sink, svg_texts);
    }
  draw (cr, width, height, data);
  if (svg)
    {
      g_string_append (svg_texts, "</g>\n");
      svg_text = g_string_free (g_steal_pointer (&svg_texts), FALSE);
    }
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && png)
    status = cairo_surface_write_to_png_stream (surface, append_to_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* Translators: exporting a chart; %s is cairo's reason */
                   _ ("Could not draw the chart: %s"), cairo_status_to_string (status));
      return FALSE;
    }

  /* The labels as <text>, over the drawing: the last thing in the document. */
  if (svg_text != NULL)
    {
      const char *end = g_strrstr_len ((const char *) bytes->data, bytes->len, "</svg>");

      if (end == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       /* Translators: exporting a chart as SVG */
                       _ ("Could not draw the chart: cairo wrote no SVG document"));
          return FALSE;
        }
      g_byte_array_remove_range (bytes, end - (const char *) bytes->data,
                                 bytes->len - (end - (const char *) bytes->data));
      g_byte_array_append (bytes, (const guint8 *) svg_text, strlen (svg_text));
      g_byte_array_append (bytes, (const guint8 *) "</svg>\n", 7);
    }

  return dyno_output_write (path, bytes->data, bytes->len, error);
}

typedef struct
{
  const DynoChartModel *model;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
} LiveChart;

static void
draw_live_chart (cairo_t *cr, double width, double height, gconstpointer data)
{
  const LiveChart *chart = data;

  dyno_chart_render (chart->model, cr, width, height, chart->style, chart->decor);
}

gboolean
dyno_chart_render_to_file (const DynoChartModel *model,
                           const DynoChartStyle *style,
                           const DynoChartDecor *decor,
                           double                width,
                           double                height,
                           double                scale,
                           const char           *format,
                           const char           *path,
                           GError              **error)
{
  LiveChart chart = { model, style, decor };

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return dyno_chart_export_file (format, path, width, height, scale,
                                 decor ? decor->title : NULL, draw_live_chart, &chart, error);
}

/* The live charts of a run's targets, ready to draw one under another. */
typedef struct
{
  GPtrArray *models;    /* DynoChartModel* */
  GPtrArray *subtitles; /* char* */
  char *title;
} RunCharts;

static void
run_charts_free (RunCharts *charts)
{
  g_ptr_array_unref (charts->models);
  g_ptr_array_unref (charts->subtitles);
  g_free (charts->title);
  g_free (charts);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RunCharts, run_charts_free)

static char *
target_subtitle (DynoResult *result, guint index)
{
  const DynoTargetResult *target = dyno_result_get_target (result, index);
  g_autofree char *name = dyno_result_dup_target_name (result, index);
  g_autofree char *describe = NULL;

  if (target->info == NULL)
    return g_steal_pointer (&name);
  describe = dyno_target_info_describe (target->info);
  if (target->info->path == NULL)
    return g_strdup_printf ("%s (%s)", name, describe);
  /* The name is the path's end (or the label): said once when it is. */
  if (g_str_has_suffix (target->info->path, name))
    return g_strdup_printf ("%s (%s)", target->info->path, describe);
  /* Translators: a target's line over its live chart: "lap · plain — /mnt/plain (ext4 on
   * sda)" */
  return g_strdup_printf (_ ("%s — %s (%s)"), name, target->info->path, describe);
}

static gboolean
has_samples (DynoResult *result, guint index)
{
  const DynoTargetResult *target = dyno_result_get_target (result, index);

  return target->samples != NULL && target->samples->len > 0;
}

guint
dyno_chart_result_count_live (DynoResult *result)
{
  guint n = 0;

  g_return_val_if_fail (DYNO_IS_RESULT (result), 0);

  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    n += has_samples (result, i);
  return n;
}

static RunCharts *
run_charts_new (DynoResult *result, int target_index)
{
  RunCharts *charts = g_new0 (RunCharts, 1);
  const DynoConfig *config = dyno_result_get_config (result);
  /* The run's name, or the one target's asked for. */
  g_autofree char *name = target_index >= 0
                              && (guint) target_index < dyno_result_get_n_targets (result)
                              ? dyno_result_dup_target_name (result, target_index)
                              : dyno_result_dup_name (result);
  DynoChartRange range = { 0 };

  charts->models = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_chart_model_free);
  charts->subtitles = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, i);
      DynoChartModel *model;

      if ((target_index >= 0 && (guint) target_index != i) || !has_samples (result, i))
        continue;
      model = dyno_chart_model_new ();
      dyno_chart_model_append (model, (const DynoSample *) (gconstpointer) target->samples->data,
                               target->samples->len);
      dyno_chart_model_set_figures_from_result (model, result, i);
      if (config != NULL)
        dyno_chart_model_set_rest (model, config->interval);
      g_ptr_array_add (charts->models, model);
      g_ptr_array_add (charts->subtitles, target_subtitle (result, i));
    }
  /* One run, one set of axes: a card that reads 0–200 % beside one that reads 0–100 % misleads. */
  for (guint i = 0; i < charts->models->len; i++)
    {
      DynoChartRange own;

      dyno_chart_model_get_own_range (g_ptr_array_index (charts->models, i), &own);
      dyno_chart_range_merge (&range, &own);
    }
  for (guint i = 0; i < charts->models->len; i++)
    dyno_chart_model_set_shared_range (g_ptr_array_index (charts->models, i), &range);
  /* Translators: the title of a run's saved live chart; %s is its name (its label, else its
   * folders, else its host) */
  charts->title = g_strdup_printf (_ ("%s, live"), name);
  return charts;
}

/* The decor of the i-th of n stacked charts: the title and legend on the first, the key and the
 * note and the source line on the last. */
static void
stacked_decor (const DynoChartDecor *base,
               const RunCharts      *charts,
               guint                 i,
               DynoChartDecor       *decor)
{
  guint n = charts->models->len;

  *decor = *base;
  decor->title = i == 0 ? (base->title != NULL ? base->title : charts->title) : NULL;
  decor->subtitle = g_ptr_array_index (charts->subtitles, i);
  if (i > 0)
    {
      decor->legend = FALSE;
      decor->no_key = TRUE;
    }
  if (i + 1 < n)
    {
      decor->no_note = TRUE;
      decor->host = NULL;
      decor->source = NULL;
    }
}

typedef struct
{
  RunCharts *charts;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
} RunDrawing;

static void
draw_run (cairo_t *cr, double width, double height, gconstpointer data)
{
  const RunDrawing *run = data;
  guint n = run->charts->models->len;
  g_autofree double *more = g_new0 (double, MAX (n, 1));
  double least = INFINITY;
  double sum = 0;
  double each;
  double y = 0;

  if (n == 0)
    {
      if (run->style->background.alpha > 0)
        {
          dyno_chart_set_source (cr, &run->style->background);
          cairo_paint (cr);
        }
      return;
    }
  /* Every plot as high as the others: the first (title, legend) and the last (time axis title,
   * note, source line) get the more room they carry around theirs. */
  for (guint i = 0; i < n; i++)
    {
      DynoChartDecor decor;
      DynoChartGeometry g;

      stacked_decor (run->decor, run->charts, i, &decor);
      dyno_chart_render_get_geometry (g_ptr_array_index (run->charts->models, i), cr, width,
                                      height, run->style, &decor, &g);
      more[i] = height - g.plot.height;
      least = MIN (least, more[i]);
    }
  for (guint i = 0; i < n; i++)
    {
      more[i] -= least;
      sum += more[i];
    }
  each = MAX (1, (height - sum) / n);
  for (guint i = 0; i < n; i++)
    {
      DynoChartDecor decor;
      double h = i + 1 == n ? height - y : each + more[i];

      stacked_decor (run->decor, run->charts, i, &decor);
      cairo_save (cr);
      cairo_translate (cr, 0, round (y));
      dyno_chart_render (g_ptr_array_index (run->charts->models, i), cr, width,
                         round (y + h) - round (y), run->style, &decor);
      cairo_restore (cr);
      y += h;
    }
}

void
dyno_chart_render_result (DynoResult           *result,
                          int                   target_index,
                          cairo_t              *cr,
                          double                width,
                          double                height,
                          const DynoChartStyle *style,
                          const DynoChartDecor *decor)
{
  g_autoptr (RunCharts) charts = NULL;
  DynoChartDecor plain;
  RunDrawing run;

  g_return_if_fail (DYNO_IS_RESULT (result));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  if (decor == NULL)
    {
      dyno_chart_decor_init (&plain);
      decor = &plain;
    }
  charts = run_charts_new (result, target_index);
  run.charts = charts;
  run.style = style;
  run.decor = decor;
  draw_run (cr, width, height, &run);
}

gboolean
dyno_chart_render_result_to_file (DynoResult           *result,
                                  int                   target_index,
                                  const DynoChartStyle *style,
                                  const DynoChartDecor *decor,
                                  double                width,
                                  double                height,
                                  double                scale,
                                  const char           *format,
                                  const char           *path,
                                  GError              **error)
{
  g_autoptr (RunCharts) charts = NULL;
  DynoChartDecor plain;
  RunDrawing run;

  g_return_val_if_fail (DYNO_IS_RESULT (result), FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (decor == NULL)
    {
      dyno_chart_decor_init (&plain);
      decor = &plain;
    }
  charts = run_charts_new (result, target_index);
  if (charts->models->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: exporting a live chart */
                   _ ("This run has no live samples to draw: imported results carry only their "
                      "figures"));
      return FALSE;
    }
  run.charts = charts;
  run.style = style;
  run.decor = decor;
  return dyno_chart_export_file (format, path, width, height, scale,
                                 decor->title != NULL ? decor->title : charts->title, draw_run,
                                 &run, error);
}

gboolean
dyno_chart_live_from_result (DynoChartModel  *model,
                             DynoResult      *result,
                             guint            target_index,
                             char           **title,
                             char           **subtitle)
{
  const DynoTargetResult *target;
  const DynoSystemInfo *system;
  const char *label;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (DYNO_IS_RESULT (result), FALSE);
  g_return_val_if_fail (target_index < dyno_result_get_n_targets (result), FALSE);
  g_return_val_if_fail (title != NULL && subtitle != NULL, FALSE);

  target = dyno_result_get_target (result, target_index);
  if (target->samples == NULL || target->samples->len == 0)
    return FALSE;

  dyno_chart_model_append (model, (const DynoSample *) (gconstpointer) target->samples->data,
                           target->samples->len);

  system = dyno_result_get_system (result);
  label = dyno_result_get_label (result);
  /* Translators: the title of a run's saved live chart; %s is its label or host */
  *title = g_strdup_printf (_ ("%s, live"),
                            label != NULL && *label != '\0' ? label
                            : system != NULL && system->hostname != NULL ? system->hostname
                                                                         : "Dyno");
  *subtitle = NULL;
  if (target->info != NULL)
    {
      g_autofree char *describe = dyno_target_info_describe (target->info);

      *subtitle = g_strdup_printf ("%s (%s)", target->info->path ? target->info->path : "?",
                                   describe);
    }
  return TRUE;
}
