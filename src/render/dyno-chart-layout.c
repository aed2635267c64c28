/* dyno-chart-layout.c: where the parts of a chart go, and the words they use
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-chart-render-private.h"

/* On screen the time axis runs to a round span ahead of the data, at least this long, so a live
 * chart rescales now and then rather than at every sample (and a drawing cache can keep most of
 * the picture). */
#define MIN_LIVE_SPAN 10.0

/* ---- labels ----------------------------------------------------------------------------- */

const char *
dyno_chart_rate_unit_label (Chart *chart)
{
  if (chart->unit == DYNO_UNIT_OPS)
    /* Translators: unit of the chart's left axis, operations per second */
    return _ ("ops/s");
  if (chart->style->rate_scale == DYNO_RATE_SCALE_MIB)
    /* Translators: unit of the chart's left axis, 2^20 bytes per second */
    return _ ("MiB/s");
  /* Translators: unit of the chart's left axis, 10^6 bytes per second */
  return _ ("MB/s");
}

const char *
dyno_chart_rate_axis_title (Chart *chart)
{
  if (chart->unit == DYNO_UNIT_OPS)
    /* Translators: title of a saved chart's left axis */
    return _ ("Rate (ops/s)");
  if (chart->style->rate_scale == DYNO_RATE_SCALE_MIB)
    /* Translators: title of a saved chart's left axis */
    return _ ("Rate (MiB/s)");
  /* Translators: title of a saved chart's left axis */
  return _ ("Rate (MB/s)");
}

const char *
dyno_chart_time_unit_label (DynoTimeUnit unit)
{
  switch (unit)
    {
    case DYNO_TIME_MINUTES:
      /* Translators: unit of the chart's time axis, minutes */
      return C_ ("time unit", "min");
    case DYNO_TIME_HOURS:
      /* Translators: unit of the chart's time axis, hours */
      return C_ ("time unit", "h");
    case DYNO_TIME_SECONDS:
    default:
      /* Translators: unit of the chart's time axis, seconds */
      return C_ ("time unit", "s");
    }
}

const char *
dyno_chart_time_axis_title (DynoTimeUnit unit)
{
  switch (unit)
    {
    case DYNO_TIME_MINUTES:
      /* Translators: title of a saved chart's time axis */
      return _ ("Time (min)");
    case DYNO_TIME_HOURS:
      /* Translators: title of a saved chart's time axis */
      return _ ("Time (h)");
    case DYNO_TIME_SECONDS:
    default:
      /* Translators: title of a saved chart's time axis */
      return _ ("Time (s)");
    }
}

char *
dyno_chart_format_rate_tick (Chart *chart, double value)
{
  g_autofree char *number = dyno_ticks_format (&chart->y_ticks, value, chart->label_divisor);

  if (chart->label_divisor > 1 && value != 0)
    /* Translators: an axis label in thousands, "12k" for 12 000 operations per second */
    return g_strdup_printf (C_ ("thousands", "%sk"), number);
  return g_steal_pointer (&number);
}

/* ---- layout ----------------------------------------------------------------------------- */

ChartLegendItem *
dyno_chart_legend_items (Chart *chart, guint *n_items)
{
  g_autoptr (GPtrArray) phases = dyno_chart_model_get_phases (chart->model, chart->unit);
  ChartLegendItem *items = g_new0 (ChartLegendItem, phases->len + 3);
  guint n = 0;

  for (guint p = 0; p < phases->len; p++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, p);

      items[n++] = (ChartLegendItem) { dyno_phase_get_title (phase), phase, 0, 0 };
    }
  /* Translators: legend of a saved chart: the CPU time of Dyno's I/O threads */
  items[n++] = (ChartLegendItem) { _ ("Process CPU"), NULL, 1, 0 };
  /* Translators: legend of a saved chart: user + system CPU time of the whole machine */
  items[n++] = (ChartLegendItem) { _ ("System CPU"), NULL, 2, 0 };
  /* Translators: legend of a saved chart: CPU time spent waiting for I/O */
  items[n++] = (ChartLegendItem) { _ ("I/O wait"), NULL, 3, 0 };

  for (guint i = 0; i < n; i++)
    {
      double w;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, items[i].label, &w, NULL);
      items[i].width = chart->line_height * 1.4 + chart->gap + w;
    }
  *n_items = n;
  return items;
}

/* The items in rows as they come, an item wider than a row shortened to it; returns the rows. */
static guint
legend_flow (const double    *widths,
             guint            n,
             double           swatch,
             double           spacing,
             double           avail,
             ChartLegendSlot *slots)
{
  double x = 0;
  guint row = 0;

  for (guint i = 0; i < n; i++)
    {
      double w = MIN (widths[i], avail);

      if (x > 0 && x + w > avail)
        {
          row++;
          x = 0;
        }
      slots[i] = (ChartLegendSlot) { x, row, MAX (0, w - swatch) };
      x += w + spacing;
    }
  return row + 1;
}

guint
dyno_chart_legend_layout (Chart           *chart,
                          const double    *widths,
                          guint            n,
                          double           swatch,
                          double           spacing,
                          double           avail,
                          guint            max_rows,
                          ChartLegendSlot *slots)
{
  guint rows;
  double min_column;
  double column;
  guint columns;
  guint max_columns;

  if (n == 0)
    return 0;

  max_rows = MAX (max_rows, 1);
  rows = legend_flow (widths, n, swatch, spacing, avail, slots);
  if (rows <= max_rows)
    return rows;

  /* Too many rows: a grid, each column room for a dozen characters or so at least, with the
   * fewest columns that keep to max_rows; if even the most take as many rows as the items as they
   * come, those. */
  min_column = swatch + chart->line_height * 7;
  max_columns = (guint) MAX (1, floor ((avail + spacing) / (min_column + spacing)));
  max_columns = MIN (max_columns, n);
  if ((n + max_columns - 1) / max_columns >= rows)
    return rows;
  columns = max_columns;
  for (guint c = 1; c <= max_columns; c++)
    if ((n + c - 1) / c <= max_rows)
      {
        columns = c;
        break;
      }
  column = (avail - (columns - 1) * spacing) / columns;
  for (guint i = 0; i < n; i++)
    slots[i] = (ChartLegendSlot) { (i % columns) * (column + spacing), i / columns,
                                   MAX (0, MIN (widths[i], column) - swatch) };
  return (n + columns - 1) / columns;
}

guint
dyno_chart_legend_max_rows (Chart *chart, double height, double row_height)
{
  (void) chart;
  return (guint) MAX (1, floor (height / 5 / row_height));
}

int
dyno_chart_title_lines (Chart *chart)
{
  return chart->height >= 24 * chart->line_height ? 2 : 1;
}

double
dyno_chart_title_height (Chart *chart, const char *title, double width)
{
  g_autoptr (PangoLayout) layout = dyno_chart_wrapped_layout (
      chart, CHART_FONT_TITLE, title, width, dyno_chart_title_lines (chart), PANGO_ALIGN_LEFT);
  PangoRectangle logical;

  pango_layout_get_pixel_extents (layout, NULL, &logical);
  return logical.height;
}

static guint
clamp_ticks (double space, double per_tick, guint lo, guint hi)
{
  double n = floor (space / per_tick);

  return (guint) CLAMP (n, lo, hi);
}

/* The span rounded up to 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k: at most a quarter of the
 * plot is left empty ahead of the data. */
static double
round_up_span (double span)
{
  static const double steps[] = { 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };
  double magnitude = pow (10, floor (log10 (span)));

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * magnitude >= span * (1 - 1e-12))
      return steps[i] * magnitude;
  return 10 * magnitude;
}

void
dyno_chart_setup (Chart                *chart,
                  const DynoChartModel *model,
                  cairo_t              *cr,
                  double                width,
                  double                height,
                  const DynoChartStyle *style,
                  const DynoChartDecor *decor)
{
  DynoChartGeometry *g = &chart->geometry;
  double margin;
  double top;
  double bottom;
  double left;
  double right;
  double lh;
  double rate_max;
  double label_w;
  double w;

  memset (chart, 0, sizeof *chart);
  chart->cr = cr;
  chart->model = model;
  chart->style = style;
  chart->decor = decor;
  chart->unit = dyno_chart_model_get_unit (model);
  chart->width = width;
  chart->height = height;

  dyno_chart_setup_fonts (chart, style);
  lh = chart->line_height;

  /* Axis ranges, from figures the model kept up to date as samples arrived. */
  if (!dyno_chart_model_get_time_range (model, chart->unit, &chart->t0, &chart->t1))
    {
      chart->t0 = 0;
      chart->t1 = 0;
    }
  /* The first unit starts a fraction of a second in; an axis from 0 reads better. */
  if (chart->t0 <= 0.25 * chart->t1)
    chart->t0 = 0;
  if (decor)
    chart->t1 = MAX (chart->t1, chart->t0 + 1);
  else
    chart->t1 = chart->t0 + round_up_span (MAX (chart->t1 - chart->t0, MIN_LIVE_SPAN));

  if (chart->unit == DYNO_UNIT_OPS)
    chart->rate_divisor = 1;
  else if (style->rate_scale == DYNO_RATE_SCALE_MIB)
    chart->rate_divisor = 1024.0 * 1024.0;
  else
    chart->rate_divisor = 1e6;
  rate_max = dyno_chart_model_get_rate_max (model, chart->unit) / chart->rate_divisor;
  if (!(rate_max > 0))
    rate_max = 100;

  margin = decor ? round (lh * 1.5) : round (lh * 0.5);
  g->margin = margin;
  g->content = (DynoChartRect) { margin, margin, MAX (0, width - 2 * margin),
                                 MAX (0, height - 2 * margin) };

  /* Rows from the top: title, subtitle, legend, then the header row over the plot. */
  top = margin;
  if (decor && decor->title)
    {
      double h;

      h = dyno_chart_title_height (chart, decor->title, g->content.width);
      chart->title_y = top;
      top += h;
      if (decor->subtitle)
        {
          chart->subtitle_y = top;
          top += lh;
        }
      top += chart->gap;
    }
  else if (decor && decor->subtitle)
    {
      chart->subtitle_y = top;
      top += lh + chart->gap;
    }
  if (decor && decor->legend)
    {
      guint n;
      g_autofree ChartLegendItem *items = dyno_chart_legend_items (chart, &n);
      g_autofree ChartLegendSlot *slots = g_new (ChartLegendSlot, n);
      g_autofree double *widths = g_new (double, n);
      guint rows;

      for (guint i = 0; i < n; i++)
        widths[i] = items[i].width;
      chart->legend_y = top + chart->gap / 2;
      chart->legend_row_height = lh + chart->gap / 2;
      chart->legend_max_rows = dyno_chart_legend_max_rows (chart, height,
                                                           chart->legend_row_height);
      rows = dyno_chart_legend_layout (chart, widths, n, lh * 1.4 + chart->gap, lh,
                                       g->content.width, chart->legend_max_rows, slots);
      top += rows * chart->legend_row_height + chart->gap;
    }
  chart->header.y = top;
  chart->header.height = lh;
  /* Clear of the upper half of the value axes' top labels. */
  top += lh + MAX (chart->gap, ceil (lh / 2));

  /* Rows from the bottom: source line, time axis title, tick labels. */
  bottom = height - margin;
  if (decor && (decor->source || decor->host))
    {
      double h;

      chart->source = dyno_chart_source_line (decor);
      dyno_chart_text_size (chart, CHART_FONT_SMALL, chart->source, NULL, &h);
      bottom -= h;
      chart->source_y = bottom;
      bottom -= chart->gap;
    }
  if (decor && decor->axis_titles)
    {
      bottom -= lh;
      chart->x_title_y = bottom;
      bottom -= chart->gap / 2;
    }
  bottom -= lh;
  chart->x_labels_y = bottom;
  /* The ticks, and clear of the lower half of the value axes' "0" labels. */
  bottom -= MAX (DYNO_CHART_TICK_LENGTH + 2, ceil (lh / 2));

  /* Whole pixels, so the plot's clip and a cache's partial redraws fall on pixel edges. */
  g->plot.y = round (top);
  g->plot.height = MAX (0, floor (bottom) - g->plot.y);

  /* Value axes: as many ticks as fit with room to read them. */
  {
    guint n = clamp_ticks (g->plot.height, lh * 2.5, 2, 8);

    dyno_ticks_compute (0, rate_max, n, &chart->y_ticks);
    dyno_ticks_compute (0, MAX (100, dyno_chart_model_get_cpu_max (model, chart->unit)), n,
                        &chart->cpu_ticks);
  }
  chart->label_divisor = chart->unit == DYNO_UNIT_OPS && chart->y_ticks.hi >= 10000 ? 1000 : 1;

  /* Columns: rotated axis titles, then tick labels, on both sides. */
  left = margin;
  right = width - margin;
  if (decor && decor->axis_titles)
    {
      chart->left_title_x = left + lh / 2;
      left += lh + chart->gap;
      chart->right_title_x = right - lh / 2;
      right -= lh + chart->gap;
    }

  label_w = 0;
  for (guint i = 0; i < chart->y_ticks.n_ticks; i++)
    {
      g_autofree char *label
          = dyno_chart_format_rate_tick (chart, dyno_ticks_get (&chart->y_ticks, i));

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      label_w = MAX (label_w, w);
    }
  if (!(decor && decor->axis_titles))
    {
      dyno_chart_text_size (chart, CHART_FONT_NORMAL, dyno_chart_rate_unit_label (chart), &w, NULL);
      label_w = MAX (label_w, w);
    }
  g->plot.x = round (left + label_w + chart->gap);

  label_w = 0;
  for (guint i = 0; i < chart->cpu_ticks.n_ticks; i++)
    {
      g_autofree char *label = dyno_ticks_format (&chart->cpu_ticks,
                                                  dyno_ticks_get (&chart->cpu_ticks, i), 1);

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      label_w = MAX (label_w, w);
    }
  if (!(decor && decor->axis_titles))
    {
      /* Translators: unit of the chart's right axis */
      dyno_chart_text_size (chart, CHART_FONT_NORMAL, _ ("CPU %"), &w, NULL);
      label_w = MAX (label_w, w);
      /* The time unit sits at the end of the time axis labels, under this column. */
      dyno_chart_text_size (chart, CHART_FONT_NORMAL,
                            dyno_chart_time_unit_label (DYNO_TIME_MINUTES), &w, NULL);
      label_w = MAX (label_w, w);
    }
  g->plot.width = MAX (0, floor (right - label_w - chart->gap - g->plot.x));

  chart->header.x = g->plot.x;
  chart->header.width = g->plot.width;

  /* Time axis: enough room between labels for the widest one. */
  {
    g_autofree char *widest = g_strdup_printf ("%.0f", ceil (chart->t1));
    guint n;

    dyno_chart_text_size (chart, CHART_FONT_NORMAL, widest, &w, NULL);
    n = clamp_ticks (g->plot.width, w + 4 * lh, 2, 10);
    dyno_ticks_compute_time (chart->t0, chart->t1, n, &chart->x_ticks, &chart->time_unit);
  }
}

void
dyno_chart_finish (Chart *chart)
{
  for (guint i = 0; i < CHART_N_FONTS; i++)
    {
      g_clear_pointer (&chart->fonts[i], pango_font_description_free);
      g_clear_pointer (&chart->font_keys[i], g_free);
    }
  g_clear_pointer (&chart->source, g_free);
}
