/* dyno-fill-chart.c: a fill's curve, its levels and knees, with cairo and Pango only
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "dyno-chart-render-private.h"
#include "dyno-fill-chart.h"
#include "dyno-parse.h"
#include "dyno-ticks.h"

static void
set_color (cairo_t *cr, const DynoRgba *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

/* Text anchored at (x, y) by xalign/yalign (0 left/top … 1 right/bottom), cut with an ellipsis
 * at max_width when that is > 0; returns its width. */
static double
draw_text (cairo_t              *cr,
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

  pango_font_description_set_size (font, (int) (pango_font_description_get_size (font) * scale));
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
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
  return w;
}

static double
line_height (cairo_t *cr, const DynoChartStyle *style)
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

/* Where the plot is and what its axes hold. */
typedef struct
{
  double left, right, top, bottom, pw, ph;
  double unit; /* bytes per unit of the x axis */
  double line; /* the height of a line of text */
  DynoTicks rate_ticks;
  DynoTicks byte_ticks;
} Plot;

#define X_OF(bytes)                                                                              \
  (p->left + p->pw * (((bytes) / p->unit) - p->byte_ticks.lo)                                   \
                 / (p->byte_ticks.hi - p->byte_ticks.lo))
#define Y_OF(rate)                                                                               \
  (p->bottom - p->ph * (((rate) / 1e6) - p->rate_ticks.lo)                                      \
                   / (p->rate_ticks.hi - p->rate_ticks.lo))

static void
draw_axes (cairo_t *cr, const DynoChartStyle *style, const Plot *p, const char *axis_title)
{
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < p->rate_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&p->rate_ticks, i);
      double y = floor (Y_OF (v * 1e6)) + 0.5;
      g_autofree char *label = dyno_ticks_format (&p->rate_ticks, v, 1);

      set_color (cr, &style->grid);
      cairo_move_to (cr, p->left, y);
      cairo_line_to (cr, p->right, y);
      cairo_stroke (cr);
      draw_text (cr, style, &style->dim_foreground, 1.0, FALSE, label, p->left - 6, y, 1, 0.5, 0);
    }
  for (guint i = 0; i < p->byte_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&p->byte_ticks, i);
      double x = floor (X_OF (v * p->unit)) + 0.5;
      g_autofree char *label = dyno_ticks_format (&p->byte_ticks, v, 1);

      set_color (cr, &style->grid);
      cairo_move_to (cr, x, p->top);
      cairo_line_to (cr, x, p->bottom);
      cairo_stroke (cr);
      draw_text (cr, style, &style->dim_foreground, 1.0, FALSE, label, x, p->bottom + 4, 0.5, 0,
                 0);
    }
  set_color (cr, &style->axis);
  cairo_rectangle (cr, floor (p->left) + 0.5, floor (p->top) + 0.5, floor (p->pw), floor (p->ph));
  cairo_stroke (cr);
  draw_text (cr, style, &style->foreground, 1.0, FALSE, axis_title, p->left + p->pw / 2,
             p->bottom + 4 + p->line * 1.4, 0.5, 0, 0);
  cairo_save (cr);
  cairo_translate (cr, 24, p->top + p->ph / 2);
  cairo_rotate (cr, -G_PI / 2);
  /* Translators: the y axis of a fill chart */
  draw_text (cr, style, &style->foreground, 1.0, TRUE, _("Write rate (MB/s)"), 0, 0, 0.5, 0, 0);
  cairo_restore (cr);
}

static void
draw_fill_curves (cairo_t *cr, const DynoChartStyle *style, const Plot *p,
                  const DynoFillCurve *curves, guint n_curves)
{
  cairo_save (cr);
  cairo_rectangle (cr, p->left, p->top, p->pw, p->ph);
  cairo_clip (cr);
  for (guint c = 0; c < n_curves; c++)
    {
      const DynoFillPass *pass = curves[c].pass;
      const DynoRgba series = dyno_chart_style_get_series_color (style, c);
      const DynoRgba *color = &series;
      guint64 before = 0;

      /* The curve: each sample a step over the bytes it wrote, as the rate held there */
      set_color (cr, color);
      cairo_set_line_width (cr, MAX (style->line_width, 1.5));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      for (guint i = 0; i < pass->samples->len; i++)
        {
          const DynoFillSample *s = &g_array_index (pass->samples, DynoFillSample, i);
          double y = Y_OF (isfinite (s->rate) ? s->rate : 0);

          if (i == 0)
            cairo_move_to (cr, X_OF (0.0), y);
          else
            cairo_line_to (cr, X_OF ((double) before), y);
          cairo_line_to (cr, X_OF ((double) s->written), y);
          before = s->written;
        }
      cairo_stroke (cr);
      if (!curves[c].segments)
        continue;
      /* The levels, darker and thicker over the curve, and the knees between them */
      for (guint k = 0; k < pass->segments->len; k++)
        {
          const DynoFillSegment *s = &g_array_index (pass->segments, DynoFillSegment, k);
          double x0 = X_OF ((double) s->start);
          double x1 = X_OF ((double) s->end);
          double y = Y_OF (s->rate);

          /* One fill: its levels stand out from its curve; several: each in its colour. */
          set_color (cr, n_curves == 1 ? &style->foreground : color);
          cairo_set_line_width (cr, MAX (style->line_width, 1.5) * (n_curves == 1 ? 1.8 : 2.6));
          cairo_move_to (cr, x0, y);
          cairo_line_to (cr, x1, y);
          cairo_stroke (cr);
          if (k + 1 < pass->segments->len)
            {
              const double dashes[] = { 5, 4 };

              cairo_set_line_width (cr, 1.2);
              cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
              cairo_move_to (cr, floor (x1) + 0.5, p->top);
              cairo_line_to (cr, floor (x1) + 0.5, p->bottom);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
        }
    }
  cairo_restore (cr);
}

static void
draw_levels_and_knees (cairo_t *cr, const DynoChartStyle *style, const Plot *p,
                       const DynoFillCurve *curves, guint n_curves)
{
  /* Labels outside the clip: each level's rate above its middle, each knee's position at the
   * p->top of its p->line. */
  for (guint c = 0; c < n_curves; c++)
    {
      const DynoFillPass *pass = curves[c].pass;
      const DynoRgba label_series = dyno_chart_style_get_series_color (style, c);
      const DynoRgba *label_color = &label_series;

      if (!curves[c].segments)
        continue;
      for (guint k = 0; k < pass->segments->len; k++)
        {
          const DynoFillSegment *s = &g_array_index (pass->segments, DynoFillSegment, k);
          double x = (X_OF ((double) s->start) + X_OF ((double) s->end)) / 2;
          g_autofree char *rate = dyno_fill_format_rate (s->rate);

          draw_text (cr, style, n_curves == 1 ? &style->foreground : label_color, 1.0, TRUE,
                     rate, x, Y_OF (s->rate) - 4, 0.5, 1, 0);
          if (k + 1 < pass->segments->len)
            {
              g_autofree char *at = dyno_fill_format_bytes (s->end);
              /* Translators: a knee on a fill chart; %s is where it is, "42.0 GB" */
              g_autofree char *knee = g_strdup_printf (_("knee at %s"), at);

              draw_text (cr, style, n_curves == 1 ? &style->foreground : label_color, 1.0, FALSE,
                         knee, X_OF ((double) s->end) + 4,
                         p->top + 4 + p->line * 1.2 * (c % 3), 0, 0,
                         0);
            }
        }
    }
}

static void
draw_legend (cairo_t *cr, const DynoChartStyle *style, const Plot *p,
             const DynoFillCurve *curves, guint n_curves)
{
  double legend_x;

  /* The legend, at the p->top p->right above the plot */
  legend_x = p->right;
  for (guint c = n_curves; c-- > 0;)
    {
      const DynoRgba series = dyno_chart_style_get_series_color (style, c);
      const DynoRgba *color = &series;
      double w;

      if (curves[c].name == NULL)
        continue;
      w = draw_text (cr, style, &style->foreground, 1.0, FALSE, curves[c].name, legend_x,
                     p->top - p->line * 0.6, 1, 1, p->pw / MAX (n_curves, 1));
      set_color (cr, color);
      cairo_rectangle (cr, legend_x - w - p->line * 1.4, p->top - p->line * 1.35, p->line * 1.0,
                       p->line * 0.5);
      cairo_fill (cr);
      legend_x -= w + p->line * 2.4;
    }
}

#undef X_OF
#undef Y_OF

void
dyno_fill_chart_draw_curves (cairo_t              *cr,
                             double                width,
                             double                height,
                             const DynoFillCurve  *curves,
                             guint                 n_curves,
                             const char           *title,
                             const char           *subtitle,
                             const DynoChartStyle *style)
{
  Plot plot = { 0 };
  Plot *p = &plot;
  double max_rate = 0;
  double max_bytes = 0;
  const char *axis_title;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (n_curves == 0 || curves != NULL);

  p->line = line_height (cr, style);
  cairo_save (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background);
      cairo_paint (cr);
    }
  if (title != NULL)
    draw_text (cr, style, &style->foreground, 1.4, TRUE, title, 24, 16, 0, 0, width - 48);
  if (subtitle != NULL)
    draw_text (cr, style, &style->dim_foreground, 1.0, FALSE, subtitle, 24, 16 + p->line * 1.6,
               0, 0, width - 48);

  for (guint c = 0; c < n_curves; c++)
    {
      const DynoFillPass *pass = curves[c].pass;

      for (guint i = 0; i < pass->samples->len; i++)
        {
          const DynoFillSample *s = &g_array_index (pass->samples, DynoFillSample, i);

          if (isfinite (s->rate))
            max_rate = MAX (max_rate, s->rate / 1e6);
          max_bytes = MAX (max_bytes, s->written);
        }
      max_bytes = MAX (max_bytes, curves[c].planned);
    }
  /* GB for a fill of a drive, MB for a small one (a test's 400 MB) */
  if (max_bytes >= 2e9)
    {
      p->unit = 1e9;
      /* Translators: the x axis of a fill chart */
      axis_title = _("Written (GB)");
    }
  else
    {
      p->unit = 1e6;
      /* Translators: the x axis of a fill chart, for a small fill */
      axis_title = _("Written (MB)");
    }
  dyno_ticks_compute (0, max_rate * 1.08, 6, &p->rate_ticks);
  dyno_ticks_compute (0, max_bytes / p->unit, 10, &p->byte_ticks);

  p->left = 24 + p->line * 5;
  p->right = width - 24;
  p->top = 16 + p->line * 4.6;
  p->bottom = height - p->line * 3.5;
  p->pw = p->right - p->left;
  p->ph = p->bottom - p->top;
  if (p->pw < 50 || p->ph < 50)
    {
      cairo_restore (cr);
      return;
    }
  draw_axes (cr, style, p, axis_title);
  draw_fill_curves (cr, style, p, curves, n_curves);
  draw_levels_and_knees (cr, style, p, curves, n_curves);
  draw_legend (cr, style, p, curves, n_curves);
  cairo_restore (cr);
}

static char *
title_of (const DynoFillResult *result)
{
  const char *name = result->label != NULL ? result->label : result->path;
  g_autofree char *display = g_strdup (name != NULL ? name : "?");

  /* Translators: the title of a fill chart; %s is a folder or the fill's name */
  return g_strdup_printf (_("Fill of %s"), display);
}

void
dyno_fill_chart_draw (cairo_t              *cr,
                      double                width,
                      double                height,
                      const DynoFillResult *result,
                      guint64               planned,
                      const DynoChartStyle *style)
{
  g_autofree DynoFillCurve *curves = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  guint n = 1 + result->recovery->len;

  g_return_if_fail (result != NULL);

  curves = g_new0 (DynoFillCurve, n);
  curves[0].pass = result->fill;
  curves[0].segments = TRUE;
  curves[0].planned = planned;
  /* Translators: the legend of a fill chart's main curve */
  curves[0].name = result->recovery->len > 0 ? _("fill") : NULL;
  for (guint i = 0; i < result->recovery->len; i++)
    {
      const DynoFillPass *pass = g_ptr_array_index (result->recovery, i);
      g_autofree char *rest = dyno_format_duration (pass->rest);
      /* Translators: the legend of a recovery pass on a fill chart; %s is its rest */
      char *name = g_strdup_printf (_("after %s of rest"), rest);

      g_ptr_array_add (names, name);
      curves[i + 1].pass = pass;
      curves[i + 1].name = name;
    }
  title = title_of (result);
  subtitle = result->fill->segments->len > 0 ? dyno_fill_pass_describe (result->fill) : NULL;
  if (result->stopped && subtitle != NULL)
    {
      g_autofree char *stopped = subtitle;

      /* Translators: a fill's sentence, for a fill that was stopped */
      subtitle = g_strdup_printf (_("%s Stopped before its end."), stopped);
    }
  dyno_fill_chart_draw_curves (cr, width, height, curves, n, title, subtitle, style);
}

typedef struct
{
  const DynoFillResult *result;
  const DynoChartStyle *style;
} OneChart;

static void
draw_one (cairo_t *cr, double width, double height, gconstpointer data)
{
  const OneChart *chart = data;

  dyno_fill_chart_draw (cr, width, height, chart->result, 0, chart->style);
}

gboolean
dyno_fill_chart_render_to_file (const DynoFillResult *result,
                                const DynoChartStyle *style,
                                double                width,
                                double                height,
                                const char           *format,
                                const char           *path,
                                GError              **error)
{
  OneChart chart = { result, style };
  g_autofree char *title = NULL;

  g_return_val_if_fail (result != NULL && style != NULL, FALSE);
  g_return_val_if_fail (format != NULL && path != NULL, FALSE);

  title = title_of (result);
  return dyno_chart_export_file (format, path, width, height, 2, title, draw_one, &chart, error);
}

typedef struct
{
  DynoFillCurve *curves;
  guint n;
  const char *title;
  const char *subtitle;
  const DynoChartStyle *style;
} OverlayChart;

static void
draw_overlay (cairo_t *cr, double width, double height, gconstpointer data)
{
  const OverlayChart *chart = data;

  dyno_fill_chart_draw_curves (cr, width, height, chart->curves, chart->n, chart->title,
                               chart->subtitle, chart->style);
}

gboolean
dyno_fill_chart_render_overlay_to_file (DynoFillResult *const *results,
                                        const char *const     *names,
                                        guint                  n_results,
                                        const char            *title,
                                        const DynoChartStyle  *style,
                                        double                 width,
                                        double                 height,
                                        const char            *format,
                                        const char            *path,
                                        GError               **error)
{
  g_autofree DynoFillCurve *curves = g_new0 (DynoFillCurve, MAX (n_results, 1));
  OverlayChart chart = { curves, n_results, NULL, NULL, style };

  g_return_val_if_fail (n_results == 0 || (results != NULL && names != NULL), FALSE);
  g_return_val_if_fail (style != NULL && format != NULL && path != NULL, FALSE);

  for (guint i = 0; i < n_results; i++)
    {
      curves[i].pass = results[i]->fill;
      curves[i].name = names[i];
      curves[i].segments = TRUE;
    }
  /* Translators: the title of an overlay of fills */
  chart.title = title != NULL ? title : _("Fills compared");
  /* Translators: the subtitle of an overlay of fills */
  chart.subtitle = _("Write rate against the bytes written; the levels are each fill's steady "
                     "stretches");
  return dyno_chart_export_file (format, path, width, height, 2, chart.title, draw_overlay,
                                 &chart, error);
}
