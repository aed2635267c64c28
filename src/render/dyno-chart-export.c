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

#include "dyno-chart-render-private.h"
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
  draw (cr, width, height, data);
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
