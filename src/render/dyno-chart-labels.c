/* dyno-chart-labels.c: tick labels, phase names, legend, title and source line
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-chart-render-private.h"

void
dyno_chart_draw_tick_labels (Chart *chart)
{
  const DynoChartRect *plot = &chart->geometry.plot;
  const DynoChartRect *content = &chart->geometry.content;
  const DynoRgba *dim = &chart->style->dim_foreground;
  double last_end = -INFINITY;

  for (guint i = 0; i < chart->y_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&chart->y_ticks, i);
      g_autofree char *label = dyno_chart_format_rate_tick (chart, v);

      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim, plot->x - chart->gap,
                            dyno_chart_y_rate (chart, v * chart->rate_divisor), CHART_ALIGN_END,
                            CHART_ALIGN_CENTER);
    }

  for (guint i = 0; i < chart->cpu_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&chart->cpu_ticks, i);
      g_autofree char *label = dyno_ticks_format (&chart->cpu_ticks, v, 1);

      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim,
                            plot->x + plot->width + chart->gap, dyno_chart_y_cpu (chart, v),
                            CHART_ALIGN_START, CHART_ALIGN_CENTER);
    }

  /* Time labels centred on their ticks, kept inside the content box, never overlapping. */
  for (guint i = 0; i < chart->x_ticks.n_ticks; i++)
    {
      double t = dyno_ticks_get (&chart->x_ticks, i);
      g_autofree char *label = dyno_ticks_format (&chart->x_ticks, t,
                                                  dyno_time_unit_seconds (chart->time_unit));
      double w;
      double x;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      x = dyno_chart_x (chart, t) - w / 2;
      x = CLAMP (x, content->x, content->x + content->width - w);
      if (x < last_end + chart->gap)
        continue;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim, x, chart->x_labels_y,
                            CHART_ALIGN_START, CHART_ALIGN_START);
      last_end = x + w;
    }

  if (!(chart->decor && chart->decor->axis_titles))
    {
      double x = MAX (plot->x + plot->width + chart->gap, last_end + chart->gap);

      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, dyno_chart_rate_unit_label (chart), dim,
                            plot->x - chart->gap, chart->header.y, CHART_ALIGN_END,
                            CHART_ALIGN_START);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, _ ("CPU %"), dim,
                            plot->x + plot->width + chart->gap, chart->header.y, CHART_ALIGN_START,
                            CHART_ALIGN_START);
      if (x + chart->line_height <= content->x + content->width)
        dyno_chart_draw_text (chart, CHART_FONT_NORMAL,
                              dyno_chart_time_unit_label (chart->time_unit), dim, x,
                              chart->x_labels_y, CHART_ALIGN_START, CHART_ALIGN_START);
    }
}

static void
draw_swatch (Chart *chart, DynoPhaseId phase, double x, double cy)
{
  double r = round (chart->line_height * 0.3);

  dyno_chart_set_source (chart->cr, &chart->style->phase[phase]);
  cairo_arc (chart->cr, x + r, cy, r, 0, 2 * G_PI);
  cairo_fill (chart->cr);
}

/* Names for the row over the plot, where a segment may be narrow: shorter than the phase titles
 * but, unlike bonnie++'s column names ("Block", "Create"), never the same for two phases. */
static const char *
phase_label (DynoPhaseId phase)
{
  switch (phase)
    {
    case DYNO_PHASE_PUTC:
      /* Translators: the phase names over the chart, where room is short; keep them short and
       * distinct from one another */
      return C_ ("chart phase", "Putc");
    case DYNO_PHASE_WRITE:
      return C_ ("chart phase", "Write");
    case DYNO_PHASE_REWRITE:
      return C_ ("chart phase", "Rewrite");
    case DYNO_PHASE_GETC:
      return C_ ("chart phase", "Getc");
    case DYNO_PHASE_READ:
      return C_ ("chart phase", "Read");
    case DYNO_PHASE_SEEKS:
      return C_ ("chart phase", "Seeks");
    case DYNO_PHASE_SEQ_CREATE:
      return C_ ("chart phase", "Seq create");
    case DYNO_PHASE_SEQ_STAT:
      return C_ ("chart phase", "Seq stat");
    case DYNO_PHASE_SEQ_DELETE:
      return C_ ("chart phase", "Seq delete");
    case DYNO_PHASE_RAND_CREATE:
      return C_ ("chart phase", "Rand create");
    case DYNO_PHASE_RAND_STAT:
      return C_ ("chart phase", "Rand stat");
    case DYNO_PHASE_RAND_DELETE:
      return C_ ("chart phase", "Rand delete");
    case DYNO_N_PHASES:
    default:
      return "";
    }
}

/* Each segment's phase named over it, when the name fits its width: the full title, else the
 * short label, else nothing (the colour still tells). The coloured dot keys the name to the
 * curve; a saved chart's legend does that already. */
void
dyno_chart_draw_phase_labels (Chart *chart)
{
  const DynoChartRect *plot = &chart->geometry.plot;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->unit);
  gboolean dots = !(chart->decor && chart->decor->legend);
  double swatch = dots ? round (chart->line_height * 0.6) + chart->gap : 0;
  double cy = chart->header.y + chart->header.height / 2;

  for (guint s = 0; s < n_segments; s++)
    {
      const DynoChartSegment *segment = dyno_chart_model_get_segment (chart->model, chart->unit, s);
      double x0 = MAX (plot->x, dyno_chart_x (chart, segment->t_start));
      double x1 = MIN (plot->x + plot->width, dyno_chart_x (chart, segment->t_end));
      const char *titles[] = { dyno_phase_title (segment->phase), phase_label (segment->phase) };

      if (s + 1 < n_segments)
        {
          const DynoChartSegment *next = dyno_chart_model_get_segment (chart->model, chart->unit,
                                                                       s + 1);

          x1 = MIN (plot->x + plot->width, dyno_chart_x (chart, next->t_start));
        }

      for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
        {
          double w;
          double x;

          dyno_chart_text_size (chart, CHART_FONT_NORMAL, titles[i], &w, NULL);
          if (swatch + w + chart->gap > x1 - x0)
            continue;
          x = round ((x0 + x1 - swatch - w) / 2);
          if (dots)
            draw_swatch (chart, segment->phase, x, cy);
          dyno_chart_draw_text (chart, CHART_FONT_NORMAL, titles[i], &chart->style->dim_foreground,
                                x + swatch, cy, CHART_ALIGN_START, CHART_ALIGN_CENTER);
          break;
        }
    }
}

static void
draw_legend (Chart *chart)
{
  cairo_t *cr = chart->cr;
  const DynoChartRect *content = &chart->geometry.content;
  ChartLegendItem items[DYNO_N_PHASES + 3];
  guint n = dyno_chart_legend_items (chart, items);
  double x = content->x;
  double cy = chart->legend_y + chart->line_height / 2;
  double sample = chart->line_height * 1.4;

  for (guint i = 0; i < n; i++)
    {
      if (x > content->x && x + items[i].width > content->x + content->width)
        {
          x = content->x;
          cy += chart->legend_row_height;
        }

      if (items[i].kind == 0)
        {
          double h = round (chart->line_height * 0.6);

          cairo_rectangle (cr, x, round (cy - h / 2), sample, h);
          dyno_chart_set_source (cr, &chart->style->phase[items[i].phase]);
          cairo_fill (cr);
        }
      else
        {
          const DynoRgba *color = items[i].kind == 1   ? &chart->style->process_cpu
                                  : items[i].kind == 2 ? &chart->style->system_cpu
                                                       : &chart->style->iowait;
          double w = chart->style->cpu_line_width * (items[i].kind == 1 ? 1.25 : 1);

          if (items[i].kind == 3)
            {
              double dashes[] = { 4 * chart->style->cpu_line_width,
                                  3 * chart->style->cpu_line_width };

              cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
            }
          cairo_move_to (cr, x, round (cy) + 0.5);
          cairo_line_to (cr, x + sample, round (cy) + 0.5);
          dyno_chart_set_source (cr, color);
          cairo_set_line_width (cr, w);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, items[i].label, &chart->style->foreground,
                            x + sample + chart->gap, cy, CHART_ALIGN_START, CHART_ALIGN_CENTER);
      x += items[i].width + chart->line_height;
    }
}

void
dyno_chart_draw_decor (Chart *chart)
{
  const DynoChartDecor *decor = chart->decor;
  const DynoChartRect *plot = &chart->geometry.plot;
  const DynoChartRect *content = &chart->geometry.content;

  if (decor->title)
    dyno_chart_draw_text (chart, CHART_FONT_TITLE, decor->title, &chart->style->foreground,
                          content->x, chart->title_y, CHART_ALIGN_START, CHART_ALIGN_START);
  if (decor->subtitle)
    dyno_chart_draw_text (chart, CHART_FONT_NORMAL, decor->subtitle, &chart->style->dim_foreground,
                          content->x, chart->subtitle_y, CHART_ALIGN_START, CHART_ALIGN_START);
  if (decor->legend)
    draw_legend (chart);
  if (decor->axis_titles)
    {
      double cy = plot->y + plot->height / 2;

      dyno_chart_draw_text_rotated (chart, dyno_chart_rate_axis_title (chart),
                                    &chart->style->foreground, chart->left_title_x, cy);
      /* Translators: title of a saved chart's right axis */
      dyno_chart_draw_text_rotated (chart, _ ("CPU (%)"), &chart->style->foreground,
                                    chart->right_title_x, cy);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, dyno_chart_time_axis_title (chart->time_unit),
                            &chart->style->foreground, plot->x + plot->width / 2, chart->x_title_y,
                            CHART_ALIGN_CENTER, CHART_ALIGN_START);
    }
  if (chart->source)
    dyno_chart_draw_text (chart, CHART_FONT_SMALL, chart->source, &chart->style->dim_foreground,
                          content->x + content->width, chart->source_y, CHART_ALIGN_END,
                          CHART_ALIGN_START);
}
