/* dyno-scan-chart.c: a scan of a block device as a chart, with cairo and Pango only
 *
 * The transfer rate is a line over the position on the device (0 % is the start, the outer
 * tracks of a disk), the access times dots on a second axis at the right. Colours, font and
 * line width come from the chart style, so the scan looks like Dyno's other charts.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "dyno-chart-render-private.h"
#include "dyno-scan-chart.h"
#include "dyno-ticks.h"

typedef struct
{
  const DynoScanResult *result;
  const DynoChartStyle *style;
  guint planned;
} ScanChart;

static void
set_color (cairo_t *cr, const DynoRgba *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

/* Draws text with its anchor at (x, y): xalign 0 left, 0.5 centre, 1 right; yalign likewise;
 * cut with an ellipsis at max_width when that is > 0 (a subtitle in a narrow window). */
static void
draw_text_limited (cairo_t              *cr,
                   const DynoChartStyle *style,
                   const DynoRgba       *color,
                   double                scale,
                   gboolean              bold,
                   const char           *text,
                   double                x,
                   double                y,
                   double                xalign,
                   double                yalign,
                   double                max_width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font
      = pango_font_description_from_string (style->font ? style->font : "Sans 10");
  int w;
  int h;

  pango_font_description_set_size (font,
                                   (int) (pango_font_description_get_size (font) * scale));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  set_color (cr, color);
  cairo_move_to (cr, x - w * xalign, y - h * yalign);
  dyno_chart_pango_show (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_text (cairo_t              *cr,
           const DynoChartStyle *style,
           const DynoRgba       *color,
           double                scale,
           gboolean              bold,
           const char           *text,
           double                x,
           double                y,
           double                xalign,
           double                yalign)
{
  draw_text_limited (cr, style, color, scale, bold, text, x, y, xalign, yalign, 0);
}

static double
font_height (cairo_t *cr, const DynoChartStyle *style)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font
      = pango_font_description_from_string (style->font ? style->font : "Sans 10");
  int h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, NULL, &h);
  pango_font_description_free (font);
  g_object_unref (layout);
  return h;
}

void
dyno_scan_chart_draw (cairo_t              *cr,
                      double                width,
                      double                height,
                      const DynoScanResult *result,
                      const DynoChartStyle *style)
{
  dyno_scan_chart_draw_partial (cr, width, height, result, 0, style);
}

void
dyno_scan_chart_draw_partial (cairo_t              *cr,
                              double                width,
                              double                height,
                              const DynoScanResult *result,
                              guint                 planned,
                              const DynoChartStyle *style)
{
  g_autofree char *positions = NULL;
  DynoRgba rate;
  DynoRgba access;
  const DynoRgba *rate_color = &rate;
  const DynoRgba *access_color = &access;
  DynoTicks rate_ticks;
  DynoTicks access_ticks;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *size = NULL;
  double max_rate = 0;
  double max_access = 0;
  double line;
  double left;
  double right;
  double top;
  double bottom;
  double pw;
  double ph;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (result != NULL);
  g_return_if_fail (style != NULL);

  rate = dyno_chart_style_get_series_color (style, 0);
  access = dyno_chart_style_get_series_color (style, 1);
  line = font_height (cr, style);

  cairo_save (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background);
      cairo_paint (cr);
    }

  /* Translators: the title of a scan chart; %s is the device, then its model */
  title = result->model != NULL
              ? g_strdup_printf (_ ("Scan of %s (%s)"), result->device, result->model)
              : g_strdup_printf (_ ("Scan of %s"), result->device);
  size = g_format_size_full (result->size, G_FORMAT_SIZE_IEC_UNITS);
  if (planned > result->samples->len)
    /* Translators: a scan under way or stopped: positions read of those planned */
    positions = g_strdup_printf (_ ("%u of %u"), result->samples->len, planned);
  else
    positions = g_strdup_printf ("%u", result->samples->len);
  /* Translators: under a scan chart's title: size, sample size, positions (a number, or "12
   * of 100"), access reads */
  subtitle = g_strdup_printf (_ ("%s, %s positions of %" PRIu64 " KiB, %u access "
                                 "reads of %" PRIu64 " KiB, read-only%s%s"),
                              size, positions, result->sample_size / 1024,
                              result->access->len, result->access_size / 1024,
                              result->in_use ? ", " : "", result->in_use ? result->in_use : "");
  draw_text_limited (cr, style, &style->foreground, 1.4, TRUE, title, 24, 16, 0, 0,
                     width - 48);
  draw_text_limited (cr, style, &style->dim_foreground, 1.0, FALSE, subtitle, 24,
                     16 + line * 1.6, 0, 0, width - 48);

  left = 24 + line * 5;
  right = width - 24 - line * 4.5;
  top = 16 + line * 4.2;
  bottom = height - line * 3.5;
  pw = right - left;
  ph = bottom - top;
  if (pw < 50 || ph < 50)
    {
      cairo_restore (cr);
      return;
    }

  for (guint i = 0; i < result->samples->len; i++)
    max_rate = MAX (max_rate, g_array_index (result->samples, DynoScanSample, i).rate / 1e6);
  for (guint i = 0; i < result->access->len; i++)
    max_access = MAX (max_access, g_array_index (result->access, DynoScanAccess, i).seconds * 1e3);
  dyno_ticks_compute (0, max_rate, 6, &rate_ticks);
  dyno_ticks_compute (0, max_access, 6, &access_ticks);

  /* Grid and the rate axis labels (left) */
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < rate_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&rate_ticks, i);
      double y = floor (bottom - (v - rate_ticks.lo) / (rate_ticks.hi - rate_ticks.lo) * ph) + 0.5;
      g_autofree char *label = dyno_ticks_format (&rate_ticks, v, 1);

      set_color (cr, &style->grid);
      cairo_move_to (cr, left, y);
      cairo_line_to (cr, right, y);
      cairo_stroke (cr);
      draw_text (cr, style, &style->dim_foreground, 1.0, FALSE, label, left - 6, y, 1, 0.5);
    }
  for (guint i = 0; i < access_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&access_ticks, i);
      double y = bottom - (v - access_ticks.lo) / (access_ticks.hi - access_ticks.lo) * ph;
      g_autofree char *label = dyno_ticks_format (&access_ticks, v, 1);

      draw_text (cr, style, access_color, 1.0, FALSE, label, right + 6, y, 0, 0.5);
    }
  /* The position axis: 0–100 % of the device */
  for (guint p = 0; p <= 100; p += 10)
    {
      double x = floor (left + pw * p / 100.0) + 0.5;
      g_autofree char *label = g_strdup_printf ("%u %%", p);

      set_color (cr, &style->grid);
      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
      cairo_stroke (cr);
      draw_text (cr, style, &style->dim_foreground, 1.0, FALSE, label, x, bottom + 4, 0.5, 0);
    }
  set_color (cr, &style->axis);
  cairo_rectangle (cr, floor (left) + 0.5, floor (top) + 0.5, floor (pw), floor (ph));
  cairo_stroke (cr);

  draw_text (cr, style, &style->foreground, 1.0, FALSE,
             /* Translators: the x axis of a scan chart */
             _ ("Position on the device (0 % = start)"), left + pw / 2, bottom + 4 + line * 1.4,
             0.5, 0);
  cairo_save (cr);
  cairo_translate (cr, 24, top + ph / 2);
  cairo_rotate (cr, -G_PI / 2);
  /* Translators: the left axis of a scan chart */
  draw_text (cr, style, rate_color, 1.0, TRUE, _ ("Transfer rate (MB/s)"), 0, 0, 0.5, 0);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_translate (cr, width - 24, top + ph / 2);
  cairo_rotate (cr, G_PI / 2);
  /* Translators: the right axis of a scan chart */
  draw_text (cr, style, access_color, 1.0, TRUE, _ ("Access time (ms)"), 0, 0, 0.5, 0);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_rectangle (cr, left, top, pw, ph);
  cairo_clip (cr);
  /* Access times: dots, at their offset on the device */
  set_color (cr, access_color);
  for (guint i = 0; i < result->access->len && result->size > 0; i++)
    {
      const DynoScanAccess *a = &g_array_index (result->access, DynoScanAccess, i);
      double x = left + pw * (double) a->offset / result->size;
      double y = bottom - (a->seconds * 1e3 - access_ticks.lo)
                              / (access_ticks.hi - access_ticks.lo) * ph;

      cairo_arc (cr, x, y, MAX (style->line_width, 1.5), 0, 2 * G_PI);
      cairo_fill (cr);
    }
  /* The rate: a line through the samples, at the middle of each read */
  set_color (cr, rate_color);
  cairo_set_line_width (cr, MAX (style->line_width, 1.5));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < result->samples->len && result->size > 0; i++)
    {
      const DynoScanSample *s = &g_array_index (result->samples, DynoScanSample, i);
      double middle = s->position + result->sample_size / 2.0;
      double x = left + pw * MIN (middle / result->size, 1.0);
      double y = bottom - (s->rate / 1e6 - rate_ticks.lo) / (rate_ticks.hi - rate_ticks.lo) * ph;

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_restore (cr);
}

static void
draw_scan_chart (cairo_t *cr, double width, double height, gconstpointer data)
{
  const ScanChart *chart = data;

  dyno_scan_chart_draw_partial (cr, width, height, chart->result, chart->planned, chart->style);
}

gboolean
dyno_scan_chart_render_to_file (const DynoScanResult *result,
                                const DynoChartStyle *style,
                                double                width,
                                double                height,
                                const char           *format,
                                const char           *path,
                                GError              **error)
{
  return dyno_scan_chart_render_partial_to_file (result, 0, style, width, height, format, path,
                                                 error);
}

gboolean
dyno_scan_chart_render_partial_to_file (const DynoScanResult *result,
                                        guint                 planned,
                                        const DynoChartStyle *style,
                                        double                width,
                                        double                height,
                                        const char           *format,
                                        const char           *path,
                                        GError              **error)
{
  ScanChart chart = { result, style, planned };
  g_autofree char *title = NULL;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (format != NULL && path != NULL, FALSE);

  title = g_strdup_printf (_ ("Scan of %s"), result->device);
  return dyno_chart_export_file (format, path, width, height, 1, title, draw_scan_chart, &chart,
                                 error);
}
