/* dyno-chart-layout.c: where the parts of a chart go, and the words they use
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-chart-layout.h"

/* On screen the time axis runs from the run's start to a round span just past the data, at least
 * this long, so a live chart rescales now and then rather than at every sample (and a drawing
 * cache can keep most of the picture), yet always shows the whole run with at most a fifth of the
 * axis ahead of it. */
#define MIN_LIVE_SPAN 2.0

/* ---- labels ----------------------------------------------------------------------------- */

const char *
dyno_chart_rate_unit_label (Chart *chart)
{
  if (chart->panel->unit == DYNO_UNIT_OPS)
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
  if (chart->panel->unit == DYNO_UNIT_OPS)
    /* Translators: title of a saved chart's left axis */
    return _ ("Rate (ops/s)");
  if (chart->style->rate_scale == DYNO_RATE_SCALE_MIB)
    /* Translators: title of a saved chart's left axis */
    return _ ("Rate (MiB/s)");
  /* Translators: title of a saved chart's left axis */
  return _ ("Rate (MB/s)");
}

const char *
dyno_chart_panel_title (Chart *chart)
{
  if (chart->panel->unit == DYNO_UNIT_OPS)
    /* Translators: the title of the live chart's panel of the operation phases (seeks, file
     * tests) */
    return _ ("Operations (ops/s)");
  if (chart->style->rate_scale == DYNO_RATE_SCALE_MIB)
    /* Translators: the title of the live chart's panel of the byte phases */
    return _ ("Throughput (MiB/s)");
  /* Translators: the title of the live chart's panel of the byte phases */
  return _ ("Throughput (MB/s)");
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
  const ChartPanel *panel = chart->panel;
  g_autofree char *number = dyno_ticks_format (&panel->y_ticks, value, panel->label_divisor);

  if (panel->label_divisor >= 1e6 && value != 0)
    /* Translators: an axis label in millions, "4M" for 4 000 000 operations per second */
    return g_strdup_printf (C_ ("millions", "%sM"), number);
  if (panel->label_divisor > 1 && value != 0)
    /* Translators: an axis label in thousands, "12k" for 12 000 operations per second */
    return g_strdup_printf (C_ ("thousands", "%sk"), number);
  return g_steal_pointer (&number);
}

char *
dyno_chart_format_rate (Chart *chart, const ChartPanel *panel, double rate)
{
  double v = rate / panel->rate_divisor;
  const ChartPanel *drawn = chart->panel;
  const char *unit;
  g_autofree char *number = NULL;

  chart->panel = panel;
  unit = dyno_chart_rate_unit_label (chart);
  chart->panel = drawn;
  if (panel->unit == DYNO_UNIT_OPS && v >= 1e6)
    /* Translators: a rate in millions, "4.2M ops/s" */
    number = g_strdup_printf (C_ ("millions", "%.1fM"), v / 1e6);
  else if (panel->unit == DYNO_UNIT_OPS && v >= 10000)
    /* Translators: a rate in thousands, "912k ops/s" */
    number = g_strdup_printf (C_ ("thousands", "%.0fk"), v / 1000);
  else
    number = g_strdup_printf (v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
  return g_strdup_printf ("%s %s", number, unit);
}

/* ---- layout ----------------------------------------------------------------------------- */

static void
measure_items (Chart *chart, ChartLegendItem *items, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      double w;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, items[i].label, &w, NULL);
      items[i].width = chart->line_height * 1.4 + chart->gap + w;
    }
}

/* The dashed results and the rests, when the chart draws any. */
static guint
add_extra_items (Chart *chart, ChartLegendItem *items, guint n)
{
  ChartExtras extras = dyno_chart_extras (chart);

  if (extras & CHART_EXTRA_FIGURE)
    /* Translators: legend of the live chart: the dashed line at a write phase's figure, which
     * counts until fsync returned (its curve shows the writes the page cache took) */
    items[n++] = (ChartLegendItem) { _ ("Result, through fsync"), NULL, CHART_KEY_FIGURE, 0 };
  if (extras & CHART_EXTRA_REST)
    /* Translators: legend of the live chart: the shaded rest before a queued test */
    items[n++] = (ChartLegendItem) { _ ("Rest"), NULL, CHART_KEY_REST, 0 };
  return n;
}

static guint
add_cpu_items (ChartLegendItem *items, guint n)
{
  /* Translators: legend of a chart: the CPU time of Dyno's I/O threads */
  items[n++] = (ChartLegendItem) { _ ("Process CPU"), NULL, CHART_KEY_PROCESS, 0 };
  /* Translators: legend of a chart: user + system CPU time of the whole machine */
  items[n++] = (ChartLegendItem) { _ ("System CPU"), NULL, CHART_KEY_SYSTEM, 0 };
  /* Translators: legend of a chart: CPU time spent waiting for I/O */
  items[n++] = (ChartLegendItem) { _ ("I/O wait"), NULL, CHART_KEY_IOWAIT, 0 };
  return n;
}

ChartLegendItem *
dyno_chart_legend_items (Chart *chart, guint *n_items)
{
  g_autoptr (GPtrArray) bytes = dyno_chart_model_get_phases (chart->model, DYNO_UNIT_BYTES);
  g_autoptr (GPtrArray) ops = dyno_chart_model_get_phases (chart->model, DYNO_UNIT_OPS);
  ChartLegendItem *items = g_new0 (ChartLegendItem, bytes->len + ops->len + 5);
  GPtrArray *units[] = { bytes, ops };
  guint n = 0;

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    for (guint p = 0; p < units[u]->len; p++)
      {
        const DynoPhase *phase = g_ptr_array_index (units[u], p);

        items[n++] = (ChartLegendItem) { dyno_phase_get_title (phase), phase, CHART_KEY_PHASE, 0 };
      }
  n = add_extra_items (chart, items, n);
  n = add_cpu_items (items, n);
  measure_items (chart, items, n);
  *n_items = n;
  return items;
}

ChartLegendItem *
dyno_chart_key_items (Chart *chart, guint *n_items)
{
  guint n_phases = chart->key_phases != NULL ? chart->key_phases->len : 0;
  ChartLegendItem *items = g_new0 (ChartLegendItem, 6 + n_phases);
  guint n = 0;

  /* Translators: the key under the live chart: the coloured curves, one colour per phase */
  items[n++] = (ChartLegendItem) { _ ("Rate"), NULL, CHART_KEY_RATE, 0 };
  /* The phases no name over the plot tells, by their chart names: every phase drawn is named
   * once, over its curve or here. */
  for (guint i = 0; i < n_phases; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (chart->key_phases, i);

      items[n++] = (ChartLegendItem) { dyno_chart_short_phase_name (phase), phase,
                                       CHART_KEY_PHASE, 0 };
    }
  n = add_extra_items (chart, items, n);
  n = add_cpu_items (items, n);
  measure_items (chart, items, n);
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

/* ---- the frame: margin, titles, source line, note ---------------------------------------- */

void
dyno_chart_begin (Chart                *chart,
                  cairo_t              *cr,
                  double                width,
                  double                height,
                  const DynoChartStyle *style,
                  const DynoChartDecor *decor)
{
  chart->cr = cr;
  chart->style = style;
  chart->decor = decor;
  chart->width = width;
  chart->height = height;
  dyno_chart_setup_fonts (chart, style);
}

double
dyno_chart_layout_content (Chart *chart)
{
  DynoChartGeometry *g = &chart->geometry;
  double lh = chart->line_height;
  double margin = chart->decor ? round (lh * 1.5) : round (lh * 0.5);

  g->margin = margin;
  g->content = (DynoChartRect) { margin, margin, MAX (0, chart->width - 2 * margin),
                                 MAX (0, chart->height - 2 * margin) };
  return margin;
}

double
dyno_chart_layout_titles (Chart *chart, double top, double gap)
{
  const DynoChartDecor *decor = chart->decor;

  if (decor && decor->title)
    {
      chart->title_y = top;
      top += dyno_chart_title_height (chart, decor->title, chart->geometry.content.width);
    }
  if (decor && decor->subtitle)
    {
      chart->subtitle_y = top;
      top += chart->line_height;
    }
  if (decor && (decor->title || decor->subtitle))
    top += gap;
  return top;
}

double
dyno_chart_layout_source (Chart *chart, double bottom)
{
  const DynoChartDecor *decor = chart->decor;
  double h;

  if (!(decor && (decor->source || decor->host)))
    return bottom;
  g_free (chart->source);
  chart->source = dyno_chart_source_line (decor);
  dyno_chart_text_size (chart, CHART_FONT_SMALL, chart->source, NULL, &h);
  bottom -= h;
  chart->source_y = bottom;
  return bottom - chart->gap;
}

void
dyno_chart_draw_source (Chart *chart)
{
  const DynoChartRect *content = &chart->geometry.content;

  if (chart->source == NULL)
    return;
  dyno_chart_draw_text_fitted (chart, CHART_FONT_SMALL, chart->source,
                               &chart->style->dim_foreground, content->x + content->width,
                               chart->source_y, content->width, CHART_ALIGN_END,
                               CHART_ALIGN_START, PANGO_ELLIPSIZE_MIDDLE);
}

static PangoLayout *
note_layout (Chart *chart, const char *note)
{
  return dyno_chart_wrapped_layout (chart, CHART_FONT_SMALL, note, chart->geometry.content.width,
                                    DYNO_CHART_NOTE_MAX_LINES, PANGO_ALIGN_LEFT);
}

void
dyno_chart_note_size (Chart *chart, const char *note, double *width, double *height)
{
  g_autoptr (PangoLayout) pl = note_layout (chart, note);
  PangoRectangle logical;

  pango_layout_get_pixel_extents (pl, NULL, &logical);
  if (width)
    *width = logical.width;
  if (height)
    *height = logical.height;
}

void
dyno_chart_draw_note (Chart *chart, const char *note, double x, double y)
{
  g_autoptr (PangoLayout) pl = note_layout (chart, note);

  dyno_chart_show_layout (chart, pl, note, &chart->style->dim_foreground, x, y);
}

static guint
clamp_ticks (double space, double per_tick, guint lo, guint hi)
{
  double n = floor (space / per_tick);

  return (guint) CLAMP (n, lo, hi);
}

/* The span rounded up to 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8 × 10^k: at most a fifth
 * of the plot is left empty ahead of the data. */
static double
round_up_span (double span)
{
  static const double steps[] = { 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10 };
  double magnitude = pow (10, floor (log10 (span)));

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * magnitude >= span * (1 - 1e-12))
      return steps[i] * magnitude;
  return 10 * magnitude;
}

/* A panel's value axes for a plot of its height: as many ticks as fit with room to read them. */
static void
panel_ticks (Chart *chart, ChartPanel *panel)
{
  guint n = clamp_ticks (panel->plot.height, chart->line_height * 2.5, 2, 8);
  DynoChartRange shared;
  double rate_top;
  double cpu_top;

  /* The rate axis reaches the highest sample but for a spike far above the rest (the model's
   * rate top), and as far as the run's other charts' do. */
  dyno_chart_model_get_shared_range (chart->model, &shared);
  rate_top = MAX (dyno_chart_model_get_rate_top (chart->model, panel->unit),
                  shared.rate_top[panel->unit]) / panel->rate_divisor;
  if (!(rate_top > 0))
    rate_top = 100;
  dyno_ticks_compute (0, rate_top, n, &panel->y_ticks);
  cpu_top = MAX (dyno_chart_model_get_cpu_max (chart->model, panel->unit), shared.cpu_top);
  dyno_ticks_compute (0, MAX (100, cpu_top), n, &panel->cpu_ticks);

  /* "12k" from 10 000 on, "4M" from 10^6 on (file stats run at millions per second). */
  panel->label_divisor = 1;
  if (panel->unit == DYNO_UNIT_OPS && panel->y_ticks.hi >= 1e6)
    panel->label_divisor = 1e6;
  else if (panel->unit == DYNO_UNIT_OPS && panel->y_ticks.hi >= 10000)
    panel->label_divisor = 1000;
}

static void layout_panels (Chart *chart, const guint *rows);

/* The rows under the panels, from bottom up (the chart's source line ends there): the note
 * under a saved chart, the key (without a legend), the time axis title and tick labels. Returns
 * where the panels end. */
static double
layout_bottom (Chart *chart, double bottom)
{
  const DynoChartDecor *decor = chart->decor;
  gboolean legend = decor && decor->legend;
  double lh = chart->line_height;

  g_clear_pointer (&chart->note, g_free);
  if (decor && !decor->no_note && (dyno_chart_extras (chart) & CHART_EXTRA_FIGURE))
    {
      double h;

      /* Translators: the note under a saved live chart with a write phase's result drawn
       * dashed over its curve */
      chart->note = g_strdup (_ ("Dashed: a write’s result, counted until fsync returned. Its "
                                 "curve counts each write as it returned, most of them into the "
                                 "page cache, so it runs above the result in bursts; how fast "
                                 "the disk itself took the data meanwhile is not known."));
      dyno_chart_note_size (chart, chart->note, NULL, &h);
      bottom -= h;
      chart->note_y = bottom;
      bottom -= chart->gap;
    }
  if (!legend && !(decor && decor->no_key))
    {
      guint n;
      g_autofree ChartLegendItem *items = dyno_chart_key_items (chart, &n);
      g_autofree ChartLegendSlot *slots = g_new (ChartLegendSlot, n);
      g_autofree double *widths = g_new (double, n);

      for (guint i = 0; i < n; i++)
        widths[i] = items[i].width;
      chart->legend_row_height = lh + chart->gap / 2;
      chart->key_rows = dyno_chart_legend_layout (chart, widths, n, lh * 1.4 + chart->gap, lh,
                                                  chart->geometry.content.width, 2, slots);
      bottom -= chart->key_rows * chart->legend_row_height - chart->gap / 2;
      chart->key_y = bottom;
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
  return bottom;
}

/* Phases no name over the plot tells go into the key, which may then take more rows: the
 * panels shrink to make room. Their names stay where they were but for the value axes' labels,
 * whose width may change with the plots' height: as long as that leaves another phase unnamed,
 * again (the phases only add up, so it ends). A chart too small for plots under a longer key
 * keeps the short one: its colours still tell the phases apart. */
static void
layout_key_phases (Chart *chart, const guint *rows, double source_bottom)
{
  Chart before = *chart;
  guint n = 0;

  chart->key_phases = g_ptr_array_new ();
  for (guint round = 0; round <= 2 * DYNO_CHART_MAX_PANELS; round++)
    {
      for (guint p = 0; p < chart->n_panels; p++)
        {
          chart->panel = &chart->panels[p];
          dyno_chart_add_unnamed_phases (chart, rows[p], chart->key_phases);
        }
      chart->panel = &chart->panels[0];
      if (chart->key_phases->len == n)
        break;
      n = chart->key_phases->len;
      chart->panels_bottom = layout_bottom (chart, source_bottom);
      layout_panels (chart, rows);
    }
  if (n > 0 && chart->panels[0].plot.height < 4 * chart->line_height)
    {
      GPtrArray *phases = chart->key_phases;
      char *note = chart->note;

      /* The copy's note was freed by layout_bottom: take the one it made. */
      *chart = before;
      chart->note = note;
      g_ptr_array_unref (phases);
    }
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
  gboolean legend = decor && decor->legend;
  double margin;
  double top;
  double bottom;
  double source_bottom;
  double lh;
  double t_min;
  double t_max;

  memset (chart, 0, sizeof *chart);
  chart->model = model;
  dyno_chart_begin (chart, cr, width, height, style, decor);
  lh = chart->line_height;

  /* A panel per unit with samples, throughput over operations; the throughput one when empty. */
  for (DynoUnit unit = DYNO_UNIT_BYTES; unit <= DYNO_UNIT_OPS; unit++)
    if (dyno_chart_model_get_n_unit_samples (model, unit) > 0)
      chart->panels[chart->n_panels++].unit = unit;
  if (chart->n_panels == 0)
    chart->panels[chart->n_panels++].unit = DYNO_UNIT_BYTES;
  for (guint p = 0; p < chart->n_panels; p++)
    {
      ChartPanel *panel = &chart->panels[p];

      if (panel->unit == DYNO_UNIT_OPS)
        panel->rate_divisor = 1;
      else if (style->rate_scale == DYNO_RATE_SCALE_MIB)
        panel->rate_divisor = 1024.0 * 1024.0;
      else
        panel->rate_divisor = 1e6;
    }
  chart->panel = &chart->panels[0];

  /* The time axis: the whole run, from its start, from figures the model kept up to date. */
  if (!dyno_chart_model_get_run_time_range (model, &t_min, &t_max))
    t_min = t_max = 0;
  /* The run's other charts' samples may reach further: the same time axis for all. */
  {
    DynoChartRange shared;

    dyno_chart_model_get_shared_range (model, &shared);
    t_max = MAX (t_max, shared.t_end);
  }
  chart->t0 = MIN (0, t_min);
  if (decor)
    chart->t1 = MAX (t_max, chart->t0 + 1);
  else
    chart->t1 = chart->t0 + round_up_span (MAX (t_max - chart->t0, MIN_LIVE_SPAN));

  margin = dyno_chart_layout_content (chart);

  /* Rows from the top: title, subtitle, legend; then the panels. */
  top = dyno_chart_layout_titles (chart, margin, chart->gap);
  if (legend)
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

  /* Rows from the bottom: source line, the note, the key (without a legend), time axis title,
   * tick labels. */
  source_bottom = dyno_chart_layout_source (chart, height - margin);
  bottom = layout_bottom (chart, source_bottom);

  chart->panels_top = top;
  chart->panels_bottom = bottom;
  chart->columns_left = margin;
  chart->columns_right = width - margin;
  if (decor && decor->axis_titles)
    {
      chart->left_title_x = chart->columns_left + lh / 2;
      chart->columns_left += lh + chart->gap;
      chart->right_title_x = chart->columns_right - lh / 2;
      chart->columns_right -= lh + chart->gap;
    }

  /* One row of phase names over each panel; two where one leaves a phase unnamed and the plots
   * keep room enough. */
  {
    guint rows[DYNO_CHART_MAX_PANELS] = { 1, 1 };
    gboolean more = FALSE;

    layout_panels (chart, rows);
    for (guint p = 0; p < chart->n_panels; p++)
      {
        chart->panel = &chart->panels[p];
        rows[p] = dyno_chart_phase_label_rows (chart);
        more |= rows[p] > 1;
      }
    if (more)
      {
        Chart one_row = *chart;

        layout_panels (chart, rows);
        if (chart->panels[0].plot.height < 4 * lh)
          {
            /* The restored copy shares the fonts, which are still the chart's. */
            *chart = one_row;
            for (guint p = 0; p < chart->n_panels; p++)
              rows[p] = 1;
          }
      }
    chart->panel = &chart->panels[0];

    if (!legend && !(decor && decor->no_key))
      layout_key_phases (chart, rows, source_bottom);
  }

  /* A spike above a rate axis is named over it, at the right of its row of phase names. */
  for (guint p = 0; p < chart->n_panels; p++)
    {
      const ChartPanel *panel = &chart->panels[p];
      double rate_max = dyno_chart_model_get_rate_max (model, panel->unit);

      if (rate_max > panel->y_ticks.hi * panel->rate_divisor)
        {
          g_autofree char *value = dyno_chart_format_rate (chart, panel, rate_max);

          /* Translators: over the live chart, where a spike is above the rate axis (the marks
           * at its top): "▲ up to 5012 MB/s" */
          chart->clipped[p] = g_strdup_printf (_ ("▲ up to %s"), value);
        }
    }
}

/* The panels from the top, each a title row (without axis titles), rows[p] rows of phase names
 * and the plot, which is clear of the upper half of its value axes' top labels; the plots share
 * out what is left, in whole pixels, so their clips and a cache's partial redraws fall on pixel
 * edges. Then the columns: the tick labels on both sides, every panel's plot as wide; then the
 * time axis. */
static void
layout_panels (Chart *chart, const guint *rows)
{
  DynoChartGeometry *g = &chart->geometry;
  const DynoChartDecor *decor = chart->decor;
  double lh = chart->line_height;
  /* With axis titles the panel's title is its rotated rate axis title, beside it. */
  double title_room = decor && decor->axis_titles ? 0 : lh + floor (chart->gap / 2);
  double clear = MAX (chart->gap, ceil (lh / 2));
  double between = round (lh * 0.75);
  double plots = floor (chart->panels_bottom) - round (chart->panels_top)
                 - chart->n_panels * (title_room + clear) - (chart->n_panels - 1) * between;
  double plot_h;
  double y = round (chart->panels_top);
  double label_w;
  double w;

  for (guint p = 0; p < chart->n_panels; p++)
    plots -= rows[p] * lh;
  plot_h = MAX (0, floor (plots / chart->n_panels));
  for (guint p = 0; p < chart->n_panels; p++)
    {
      ChartPanel *panel = &chart->panels[p];

      panel->title_y = y;
      y += title_room;
      panel->header.y = y;
      panel->header.height = rows[p] * lh;
      y = round (y + panel->header.height + clear);
      panel->plot.y = y;
      panel->plot.height = p + 1 == chart->n_panels
                               ? MAX (0, floor (chart->panels_bottom) - y) : plot_h;
      y += panel->plot.height + between;
      chart->panel = panel;
      panel_ticks (chart, panel);
    }

  label_w = 0;
  for (guint p = 0; p < chart->n_panels; p++)
    {
      chart->panel = &chart->panels[p];
      for (guint i = 0; i < chart->panel->y_ticks.n_ticks; i++)
        {
          g_autofree char *label
              = dyno_chart_format_rate_tick (chart, dyno_ticks_get (&chart->panel->y_ticks, i));

          dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
          label_w = MAX (label_w, w);
        }
    }
  g->plot.x = round (chart->columns_left + label_w + chart->gap);

  label_w = 0;
  for (guint p = 0; p < chart->n_panels; p++)
    {
      const DynoTicks *ticks = &chart->panels[p].cpu_ticks;

      for (guint i = 0; i < ticks->n_ticks; i++)
        {
          g_autofree char *label = dyno_ticks_format (ticks, dyno_ticks_get (ticks, i), 1);

          dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
          label_w = MAX (label_w, w);
        }
    }
  if (!(decor && decor->axis_titles))
    {
      /* The time unit sits at the end of the time axis labels, under this column. */
      dyno_chart_text_size (chart, CHART_FONT_NORMAL,
                            dyno_chart_time_unit_label (DYNO_TIME_MINUTES), &w, NULL);
      label_w = MAX (label_w, w);
    }
  g->plot.width = MAX (0, floor (chart->columns_right - label_w - chart->gap - g->plot.x));

  for (guint p = 0; p < chart->n_panels; p++)
    {
      ChartPanel *panel = &chart->panels[p];

      panel->plot.x = g->plot.x;
      panel->plot.width = g->plot.width;
      panel->header.x = g->plot.x;
      panel->header.width = g->plot.width;
      g->plots[p] = panel->plot;
      g->headers[p] = panel->header;
      g->units[p] = panel->unit;
      g->axis_max[p] = panel->y_ticks.hi;
    }
  g->n_panels = chart->n_panels;
  g->plot.y = chart->panels[0].plot.y;
  g->plot.height = chart->panels[chart->n_panels - 1].plot.y
                   + chart->panels[chart->n_panels - 1].plot.height - g->plot.y;
  chart->panel = &chart->panels[0];

  /* Time axis: enough room between labels for the widest one. */
  {
    g_autofree char *widest = g_strdup_printf ("%.0f", ceil (chart->t1));
    guint n;

    dyno_chart_text_size (chart, CHART_FONT_NORMAL, widest, &w, NULL);
    n = clamp_ticks (g->plot.width, w + 4 * lh, 2, 10);
    dyno_ticks_compute_time (chart->t0, chart->t1, n, &chart->x_ticks, &chart->time_unit);
  }
  g->t0 = chart->t0;
  g->t1 = chart->t1;
}

gboolean
dyno_chart_has_room (const Chart *chart)
{
  for (guint p = 0; p < chart->n_panels; p++)
    if (chart->panels[p].plot.width < DYNO_CHART_MIN_PLOT
        || chart->panels[p].plot.height < DYNO_CHART_MIN_PLOT)
      return FALSE;
  return TRUE;
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
  g_clear_pointer (&chart->note, g_free);
  g_clear_pointer (&chart->key_phases, g_ptr_array_unref);
  for (guint p = 0; p < DYNO_CHART_MAX_PANELS; p++)
    g_clear_pointer (&chart->clipped[p], g_free);
}
