/* dyno-chart-render.c: the plot: grid, CPU lines, one curve per phase, axes
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-chart-render-private.h"

typedef enum
{
  CPU_PROCESS,
  CPU_SYSTEM,
  CPU_IOWAIT,
} CpuSeries;

/* A segment of the panel's series. */
static inline const DynoChartSegment *
segment_at (const Chart *chart, guint index)
{
  return dyno_chart_model_get_segment (chart->model, chart->panel->unit, index);
}

static void
draw_grid (Chart *chart)
{
  cairo_t *cr = chart->cr;
  const ChartPanel *panel = chart->panel;
  const DynoChartRect *plot = &panel->plot;

  cairo_set_line_width (cr, 1);
  dyno_chart_set_source (cr, &chart->style->grid);
  /* The zero line is the axis itself. */
  for (guint i = 1; i < panel->y_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&panel->y_ticks, i) * panel->rate_divisor;
      double y = dyno_chart_crisp (dyno_chart_y_rate (chart, v));

      cairo_move_to (cr, plot->x, y);
      cairo_line_to (cr, plot->x + plot->width, y);
    }
  cairo_stroke (cr);
}

static inline double
cpu_value (const DynoChartPoint *point, CpuSeries series)
{
  switch (series)
    {
    case CPU_SYSTEM:
      return point->system_cpu;
    case CPU_IOWAIT:
      return point->iowait;
    case CPU_PROCESS:
    default:
      return point->process_cpu;
    }
}

/* How far into its dash pattern the iowait line is at from: cairo starts the pattern afresh at
 * each subpath, so a redraw that starts mid-line must start where the full line would be. */
static double
cpu_dash_offset (Chart *chart, CpuSeries series, ChartPosition from)
{
  double length = 0;
  gboolean pen_down = FALSE;
  double last_x = 0;
  double last_y = 0;

  for (guint s = 0; s <= from.segment; s++)
    {
      const DynoChartSegment *segment = segment_at (chart, s);
      guint end = s == from.segment ? from.index : segment->n_points;

      if (!segment->joined)
        {
          pen_down = FALSE;
          length = 0;
        }
      for (guint i = 0; i < end; i++)
        {
          double v = cpu_value (&segment->points[i], series);
          double x;
          double y;

          if (segment->points[i].gap_before)
            {
              pen_down = FALSE;
              length = 0;
            }
          if (!isfinite (v))
            {
              pen_down = FALSE;
              length = 0;
              continue;
            }
          x = dyno_chart_x (chart, segment->points[i].t);
          y = dyno_chart_y_cpu (chart, v);
          if (pen_down)
            length += hypot (x - last_x, y - last_y);
          last_x = x;
          last_y = y;
          pen_down = TRUE;
        }
    }

  /* from itself: the distance to it, if the line runs on into it. */
  if (pen_down && from.segment < dyno_chart_model_get_n_segments (chart->model, chart->panel->unit))
    {
      const DynoChartSegment *segment = segment_at (chart, from.segment);
      double v;

      if ((from.index == 0 && !segment->joined) || segment->points[from.index].gap_before)
        return 0;
      v = cpu_value (&segment->points[from.index], series);
      if (!isfinite (v))
        return 0;
      length += hypot (dyno_chart_x (chart, segment->points[from.index].t) - last_x,
                       dyno_chart_y_cpu (chart, v) - last_y);
      return length;
    }
  return 0;
}

static void
stroke_cpu_path (Chart *chart, CpuSeries series, double dash_offset)
{
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;

  switch (series)
    {
    case CPU_SYSTEM:
      dyno_chart_set_source (cr, &style->system_cpu);
      cairo_set_line_width (cr, style->cpu_line_width);
      break;
    case CPU_IOWAIT:
      {
        /* Butt caps: a round cap on every dash would cost more than the line itself. */
        double dashes[] = { 5 * style->cpu_line_width, 3 * style->cpu_line_width };

        dyno_chart_set_source (cr, &style->iowait);
        cairo_set_line_width (cr, style->cpu_line_width);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), dash_offset);
      }
      break;
    case CPU_PROCESS:
    default:
      dyno_chart_set_source (cr, &style->process_cpu);
      cairo_set_line_width (cr, style->cpu_line_width * 1.25);
      break;
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

static void
draw_cpu_line (Chart *chart, CpuSeries series, ChartPosition from)
{
  cairo_t *cr = chart->cr;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);
  gboolean pen_down = FALSE;
  gboolean started = FALSE;
  double dash_offset = 0;

  if (series == CPU_IOWAIT && (from.segment > 0 || from.index > 0))
    dash_offset = cpu_dash_offset (chart, series, from);

  for (guint s = from.segment; s < n_segments; s++)
    {
      const DynoChartSegment *segment = segment_at (chart, s);

      if (!segment->joined)
        pen_down = FALSE;
      for (guint i = s == from.segment ? from.index : 0; i < segment->n_points; i++)
        {
          const DynoChartPoint *point = &segment->points[i];
          double v = cpu_value (point, series);

          if (point->gap_before)
            pen_down = FALSE;
          if (!isfinite (v))
            {
              pen_down = FALSE;
              continue;
            }
          if (pen_down)
            {
              cairo_line_to (cr, dyno_chart_x (chart, point->t), dyno_chart_y_cpu (chart, v));
              continue;
            }
          /* Only the first subpath starts mid-pattern; cairo would start every one there. */
          if (started && dash_offset != 0)
            {
              stroke_cpu_path (chart, series, dash_offset);
              dash_offset = 0;
            }
          cairo_move_to (cr, dyno_chart_x (chart, point->t), dyno_chart_y_cpu (chart, v));
          pen_down = TRUE;
          started = TRUE;
        }
    }

  stroke_cpu_path (chart, series, dash_offset);
}

/* Appends the mean rate of a run of points with finite rates and no gap between them as a
 * polyline; returns the index after the run. */
static guint
trace_rates (Chart *chart, const DynoChartSegment *segment, guint start)
{
  cairo_t *cr = chart->cr;
  guint i;

  for (i = start; i < segment->n_points; i++)
    {
      const DynoChartPoint *point = &segment->points[i];

      if (!isfinite (point->rate) || (i > start && point->gap_before))
        break;
      if (i == start)
        cairo_move_to (cr, dyno_chart_x (chart, point->t), dyno_chart_y_rate (chart, point->rate));
      else
        cairo_line_to (cr, dyno_chart_x (chart, point->t), dyno_chart_y_rate (chart, point->rate));
    }
  return i;
}

/* One phase's curve from point first on: the area under it, the min–max band, the mean line. */
static void
draw_segment (Chart *chart, const DynoChartSegment *segment, guint first)
{
  cairo_t *cr = chart->cr;
  DynoRgba phase_color = dyno_chart_style_get_phase_color (chart->style, segment->phase);
  const DynoRgba *color = &phase_color;
  const DynoChartRect *plot = &chart->panel->plot;
  double base = plot->y + plot->height;
  guint i = first;

  while (i < segment->n_points)
    {
      guint start;
      guint end;
      cairo_pattern_t *gradient;

      /* Skip points without a rate. */
      while (i < segment->n_points && !isfinite (segment->points[i].rate))
        i++;
      if (i >= segment->n_points)
        break;
      start = i;

      if ((i == 0 || !isfinite (segment->points[i - 1].rate) || segment->points[i].gap_before)
          && (i + 1 == segment->n_points || !isfinite (segment->points[i + 1].rate)
              || segment->points[i + 1].gap_before))
        {
          /* A lone sample: a dot, or it would not show at all. */
          const DynoChartPoint *point = &segment->points[i];

          dyno_chart_set_source (cr, color);
          cairo_arc (cr, dyno_chart_x (chart, point->t), dyno_chart_y_rate (chart, point->rate),
                     chart->style->line_width * 1.2, 0, 2 * G_PI);
          cairo_fill (cr);
          i++;
          continue;
        }

      /* The area under the mean, fading towards the axis. */
      end = trace_rates (chart, segment, start);
      cairo_line_to (cr, dyno_chart_x (chart, segment->points[end - 1].t), base);
      cairo_line_to (cr, dyno_chart_x (chart, segment->points[start].t), base);
      cairo_close_path (cr);
      gradient = cairo_pattern_create_linear (0, plot->y, 0, base);
      cairo_pattern_add_color_stop_rgba (gradient, 0, color->red, color->green, color->blue,
                                         color->alpha * chart->style->fill_alpha);
      cairo_pattern_add_color_stop_rgba (gradient, 1, color->red, color->green, color->blue,
                                         color->alpha * chart->style->fill_alpha * 0.3);
      cairo_set_source (cr, gradient);
      cairo_fill (cr);
      cairo_pattern_destroy (gradient);

      /* The min–max band of decimated points: spikes and dips the mean would hide. */
      if (segment->decimated)
        {
          const DynoChartPoint *p = &segment->points[start];

          cairo_move_to (cr, dyno_chart_x (chart, p->t), dyno_chart_y_rate (chart, p->rate_max));
          for (guint j = start + 1; j < end; j++)
            {
              p = &segment->points[j];
              cairo_line_to (cr, dyno_chart_x (chart, p->t),
                             dyno_chart_y_rate (chart, p->rate_max));
            }
          for (guint j = end; j > start; j--)
            {
              p = &segment->points[j - 1];
              cairo_line_to (cr, dyno_chart_x (chart, p->t),
                             dyno_chart_y_rate (chart, p->rate_min));
            }
          cairo_close_path (cr);
          cairo_set_source_rgba (cr, color->red, color->green, color->blue,
                                 color->alpha * MIN (1, chart->style->fill_alpha * 1.6));
          cairo_fill (cr);
        }

      /* The mean, on top. */
      trace_rates (chart, segment, start);
      dyno_chart_set_source (cr, color);
      cairo_set_line_width (cr, chart->style->line_width);
      cairo_stroke (cr);

      i = end;
    }
}

gboolean
dyno_chart_segment_rest (const Chart *chart, const DynoChartSegment *segment, double *t0,
                         double *t1)
{
  double rest = dyno_chart_model_get_rest (chart->model);
  double after;

  if (!(rest > 0) || !dyno_phase_has_flag (segment->phase, DYNO_PHASE_QUEUED))
    return FALSE;
  /* The rest ends as the test's clock starts (but for a sync of the file system), and began
   * at most a rest earlier, after the sample before it. A gap too short to hold most of a rest
   * had none. */
  after = isfinite (segment->prev_t) ? segment->prev_t : MIN (0, segment->phase_start);
  *t1 = segment->phase_start;
  *t0 = MAX (after, *t1 - rest);
  return *t1 - *t0 >= rest / 2;
}

ChartExtras
dyno_chart_extras (const Chart *chart)
{
  ChartExtras extras = 0;

  for (DynoUnit unit = DYNO_UNIT_BYTES; unit <= DYNO_UNIT_OPS; unit++)
    for (guint s = 0; s < dyno_chart_model_get_n_segments (chart->model, unit); s++)
      {
        const DynoChartSegment *segment = dyno_chart_model_get_segment (chart->model, unit, s);
        double t0;
        double t1;

        if (segment->flushed && isfinite (segment->figure))
          extras |= CHART_EXTRA_FIGURE;
        if (dyno_chart_segment_rest (chart, segment, &t0, &t1))
          extras |= CHART_EXTRA_REST;
      }
  return extras;
}

/* The rests before the panel's queued tests: a shaded band where no test ran, named when it is
 * wide enough, rather than a line drawn across it or a test that seems stalled. */
static void
draw_rests (Chart *chart)
{
  cairo_t *cr = chart->cr;
  const DynoChartRect *plot = &chart->panel->plot;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);
  double rest = dyno_chart_model_get_rest (chart->model);
  g_autofree char *label = NULL;
  g_autofree char *brief = NULL;
  double label_w = 0;
  double brief_w = 0;

  if (!(rest > 0))
    return;
  /* Translators: a rest before a queued test on the live chart, "rest 5 s" */
  label = g_strdup_printf (_ ("rest %g s"), rest);
  /* Translators: a rest before a queued test where "rest 5 s" does not fit */
  brief = g_strdup (_ ("rest"));
  dyno_chart_text_size (chart, CHART_FONT_SMALL, label, &label_w, NULL);
  dyno_chart_text_size (chart, CHART_FONT_SMALL, brief, &brief_w, NULL);

  for (guint s = 0; s < n_segments; s++)
    {
      const DynoChartSegment *segment = segment_at (chart, s);
      double t0;
      double t1;
      double x0;
      double x1;

      if (!dyno_chart_segment_rest (chart, segment, &t0, &t1))
        continue;
      x0 = round (dyno_chart_x (chart, t0));
      x1 = round (dyno_chart_x (chart, t1));
      if (x1 - x0 < 1)
        continue;
      cairo_rectangle (cr, x0, plot->y, x1 - x0, plot->height);
      dyno_chart_set_source (cr, &chart->style->grid);
      cairo_fill (cr);
      if (x1 - x0 >= label_w + chart->gap)
        dyno_chart_draw_text (chart, CHART_FONT_SMALL, label, &chart->style->dim_foreground,
                              (x0 + x1) / 2, plot->y + chart->gap / 2, CHART_ALIGN_CENTER,
                              CHART_ALIGN_START);
      else if (x1 - x0 >= brief_w + chart->gap)
        dyno_chart_draw_text (chart, CHART_FONT_SMALL, brief, &chart->style->dim_foreground,
                              (x0 + x1) / 2, plot->y + chart->gap / 2, CHART_ALIGN_CENTER,
                              CHART_ALIGN_START);
    }
}

/* A write's curve counts the bytes each write() returned for, most of them taken into the page
 * cache at memory speed; its figure counts until the fsync at its end returned, when they were
 * on the disk. How far the disk itself had got at each moment (the writeback) is not known to
 * Dyno: the kernel's dirty and writeback counters are the whole machine's. So the curve stays
 * what it is, and the figure is drawn over it as a dashed line at its height, from the phase's
 * start to its end: a reader sees the 3 GB/s bursts for what they are, next to the 0.9 GB/s the
 * table says. */
static void
draw_figures (Chart *chart)
{
  cairo_t *cr = chart->cr;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);
  double dashes[] = { 6, 4 };

  for (guint s = 0; s < n_segments; s++)
    {
      const DynoChartSegment *segment = segment_at (chart, s);
      DynoRgba color;
      double y;
      double x0;
      double x1;

      if (!segment->flushed || !isfinite (segment->figure))
        continue;
      color = dyno_chart_style_get_phase_color (chart->style, segment->phase);
      y = round (dyno_chart_y_rate (chart, segment->figure)) + 0.5;
      x0 = dyno_chart_x (chart, segment->phase_start);
      x1 = MAX (dyno_chart_x (chart, segment->t_end), x0 + 2);
      /* The background under it first, so it reads over the curve's fill. */
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1, y);
      cairo_set_line_width (cr, chart->style->line_width + 2);
      dyno_chart_set_source (cr, &chart->style->foreground);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      cairo_stroke (cr);
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1, y);
      cairo_set_line_width (cr, chart->style->line_width);
      dyno_chart_set_source (cr, &color);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    }
}

/* Points above the rate axis (dyno_chart_model_get_rate_top keeps a spike from setting it):
 * a mark at the top edge over each, in its phase's colour, so the clipping is never hidden. */
static void
draw_clipped (Chart *chart, ChartPosition from)
{
  cairo_t *cr = chart->cr;
  const ChartPanel *panel = chart->panel;
  double top = panel->y_ticks.hi * panel->rate_divisor;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, panel->unit);
  double r = MAX (3, round (chart->line_height * 0.3));
  double last_x = -INFINITY;

  if (dyno_chart_model_get_rate_max (chart->model, panel->unit) <= top)
    return;
  for (guint s = from.segment; s < n_segments; s++)
    {
      const DynoChartSegment *segment = segment_at (chart, s);
      DynoRgba color = dyno_chart_style_get_phase_color (chart->style, segment->phase);

      for (guint i = s == from.segment ? from.index : 0; i < segment->n_points; i++)
        {
          const DynoChartPoint *point = &segment->points[i];
          double high = segment->decimated ? point->rate_max : point->rate;
          double x;

          if (!(high > top))
            continue;
          x = dyno_chart_x (chart, point->t);
          /* One mark for a run of clipped points closer than a mark's width. */
          if (x - last_x < 2 * r)
            continue;
          last_x = x;
          cairo_move_to (cr, x, panel->plot.y);
          cairo_line_to (cr, x + r, panel->plot.y + 1.6 * r);
          cairo_line_to (cr, x - r, panel->plot.y + 1.6 * r);
          cairo_close_path (cr);
          dyno_chart_set_source (cr, &color);
          cairo_fill_preserve (cr);
          dyno_chart_set_source (cr, &chart->style->foreground);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
    }
}

static void
draw_phase_boundaries (Chart *chart)
{
  cairo_t *cr = chart->cr;
  const DynoChartRect *plot = &chart->panel->plot;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);
  double dashes[] = { 2, 3 };

  for (guint s = 0; s < n_segments; s++)
    {
      const DynoChartSegment *segment = segment_at (chart, s);
      double x = dyno_chart_crisp (dyno_chart_x (chart, segment->t_start));

      if (x < plot->x + 2)
        continue;
      cairo_move_to (cr, x, plot->y);
      cairo_line_to (cr, x, plot->y + plot->height);
    }
  dyno_chart_set_source (cr, &chart->style->axis);
  cairo_set_line_width (cr, 1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

/* The plot's contents from a series position on; the caller clips. */
static void
draw_plot (Chart *chart, ChartPosition from)
{
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);

  draw_rests (chart);
  draw_grid (chart);
  /* CPU beneath the rates: the rate is what the chart is about. */
  draw_cpu_line (chart, CPU_SYSTEM, from);
  draw_cpu_line (chart, CPU_IOWAIT, from);
  draw_cpu_line (chart, CPU_PROCESS, from);
  for (guint s = from.segment; s < n_segments; s++)
    draw_segment (chart, segment_at (chart, s),
                  s == from.segment ? from.index : 0);
  draw_figures (chart);
  draw_clipped (chart, from);
  draw_phase_boundaries (chart);
}

static void
draw_axes (Chart *chart)
{
  cairo_t *cr = chart->cr;
  const ChartPanel *panel = chart->panel;
  const DynoChartRect *plot = &panel->plot;
  double left = dyno_chart_crisp (plot->x);
  double right = dyno_chart_crisp (plot->x + plot->width);
  double bottom = dyno_chart_crisp (plot->y + plot->height);

  dyno_chart_set_source (cr, &chart->style->axis);
  cairo_set_line_width (cr, 1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);

  cairo_move_to (cr, left, plot->y);
  cairo_line_to (cr, left, bottom);
  cairo_line_to (cr, right, bottom);
  cairo_line_to (cr, right, plot->y);

  for (guint i = 0; i < chart->x_ticks.n_ticks; i++)
    {
      double x = dyno_chart_crisp (dyno_chart_x (chart, dyno_ticks_get (&chart->x_ticks, i)));

      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + DYNO_CHART_TICK_LENGTH);
    }
  for (guint i = 1; i < panel->cpu_ticks.n_ticks; i++)
    {
      double y = dyno_chart_crisp (dyno_chart_y_cpu (chart, dyno_ticks_get (&panel->cpu_ticks, i)));

      cairo_move_to (cr, right, y);
      cairo_line_to (cr, right + DYNO_CHART_TICK_LENGTH, y);
    }
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

void
dyno_chart_decor_init (DynoChartDecor *decor)
{
  g_return_if_fail (decor != NULL);

  *decor = (DynoChartDecor) {
    .legend = TRUE,
    .axis_titles = TRUE,
  };
}

void
dyno_chart_render_get_geometry (const DynoChartModel *model,
                                cairo_t              *cr,
                                double                width,
                                double                height,
                                const DynoChartStyle *style,
                                const DynoChartDecor *decor,
                                DynoChartGeometry    *geometry)
{
  Chart chart;

  g_return_if_fail (model != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (geometry != NULL);

  dyno_chart_setup (&chart, model, cr, width, height, style, decor);
  *geometry = chart.geometry;
  dyno_chart_finish (&chart);
}

GArray *
dyno_chart_render_get_labels (const DynoChartModel *model,
                              cairo_t              *cr,
                              double                width,
                              double                height,
                              const DynoChartStyle *style,
                              const DynoChartDecor *decor)
{
  GArray *labels = dyno_chart_label_array_new ();
  Chart chart;

  g_return_val_if_fail (model != NULL, labels);
  g_return_val_if_fail (cr != NULL, labels);
  g_return_val_if_fail (style != NULL, labels);

  if (width <= 0 || height <= 0)
    return labels;

  /* Drawn into a group that is thrown away: the same layout, the same text, nothing shown. */
  cairo_push_group (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  dyno_chart_setup (&chart, model, cr, width, height, style, decor);
  chart.labels = labels;
  dyno_chart_draw_all (&chart);
  dyno_chart_finish (&chart);
  cairo_pattern_destroy (cairo_pop_group (cr));
  return labels;
}

void
dyno_chart_draw_all (Chart *chart)
{
  cairo_t *cr = chart->cr;

  if (chart->style->background.alpha > 0)
    {
      dyno_chart_set_source (cr, &chart->style->background);
      cairo_paint (cr);
    }
  /* Too small for the plots: a saved chart still says what it is. */
  if (!dyno_chart_has_room (chart))
    {
      if (chart->decor)
        dyno_chart_draw_decor (chart);
      return;
    }

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  for (guint p = 0; p < chart->n_panels; p++)
    {
      const DynoChartRect *plot = &chart->panels[p].plot;

      chart->panel = &chart->panels[p];
      cairo_save (cr);
      cairo_rectangle (cr, plot->x, plot->y, plot->width, plot->height);
      cairo_clip (cr);
      draw_plot (chart, (ChartPosition) { 0, 0 });
      cairo_restore (cr);
      draw_axes (chart);
    }

  dyno_chart_draw_tick_labels (chart);
  dyno_chart_draw_panel_titles (chart);
  for (guint p = 0; p < chart->n_panels; p++)
    {
      chart->panel = &chart->panels[p];
      dyno_chart_draw_phase_labels (chart);
    }
  chart->panel = &chart->panels[0];
  if (chart->decor)
    dyno_chart_draw_decor (chart);
  if (!(chart->decor && (chart->decor->legend || chart->decor->no_key)))
    dyno_chart_draw_key (chart);
}

/* Empties a rectangle to what dyno_chart_draw_all starts from. */
static void
clear_rect (Chart *chart, double x, double y, double width, double height)
{
  cairo_t *cr = chart->cr;

  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  if (chart->style->background.alpha > 0)
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      dyno_chart_set_source (cr, &chart->style->background);
    }
  else
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
    }
  cairo_paint (cr);
  cairo_restore (cr);
}

void
dyno_chart_draw_plot_tail (Chart *chart, ChartPosition from, double x_clip)
{
  cairo_t *cr = chart->cr;
  const DynoChartRect *plot = &chart->panel->plot;
  double right = plot->x + plot->width;

  if (!dyno_chart_has_room (chart))
    return;
  x_clip = MAX (floor (x_clip), plot->x);
  if (x_clip >= right)
    return;

  clear_rect (chart, x_clip, plot->y, right - x_clip, plot->height);

  cairo_save (cr);
  cairo_rectangle (cr, x_clip, plot->y, right - x_clip, plot->height);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  draw_plot (chart, from);
  /* The left axis lies inside the plot's clip and went over the curves. */
  draw_axes (chart);
  cairo_restore (cr);
}

void
dyno_chart_draw_header (Chart *chart)
{
  const ChartPanel *panel = chart->panel;
  double pad = floor (chart->gap / 2);

  if (!dyno_chart_has_room (chart))
    return;

  clear_rect (chart, panel->plot.x, panel->header.y - pad, panel->plot.width,
              panel->header.height + 2 * pad);
  dyno_chart_draw_phase_labels (chart);
}

void
dyno_chart_render (const DynoChartModel *model,
                   cairo_t              *cr,
                   double                width,
                   double                height,
                   const DynoChartStyle *style,
                   const DynoChartDecor *decor)
{
  Chart chart;

  g_return_if_fail (model != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  dyno_chart_setup (&chart, model, cr, width, height, style, decor);
  dyno_chart_draw_all (&chart);
  dyno_chart_finish (&chart);
  cairo_restore (cr);
}
