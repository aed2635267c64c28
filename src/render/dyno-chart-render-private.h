/* dyno-chart-render-private.h: the renderer's internals, shared with its drawing cache
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <pango/pangocairo.h>

#include "dyno-chart-render.h"
#include "dyno-ticks.h"

G_BEGIN_DECLS

#define DYNO_CHART_TICK_LENGTH 4.0
/* Below this the plot is skipped: nothing readable fits. */
#define DYNO_CHART_MIN_PLOT 16.0

typedef enum
{
  CHART_ALIGN_START,
  CHART_ALIGN_CENTER,
  CHART_ALIGN_END,
} ChartAlign;

typedef enum
{
  CHART_FONT_NORMAL,
  CHART_FONT_TITLE,
  CHART_FONT_SMALL,
  CHART_N_FONTS
} ChartFont;

/* A point of a unit's series: segment index, point index within it. */
typedef struct
{
  guint segment;
  guint index;
} ChartPosition;

/* Everything one drawing needs, worked out before the first stroke so that drawing only walks
 * the model's prepared points. */
typedef struct
{
  cairo_t *cr;
  const DynoChartModel *model;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
  DynoUnit unit;
  double width;
  double height;

  PangoFontDescription *fonts[CHART_N_FONTS];
  char *font_keys[CHART_N_FONTS];
  double line_height;
  double gap;

  DynoChartGeometry geometry;
  DynoChartRect header; /* the row above the plot: unit labels and phase names */
  double x_labels_y;
  double x_title_y;
  double title_y;
  double subtitle_y;
  double legend_y;
  double legend_row_height;
  double source_y;
  double left_title_x;  /* centre of the rotated axis titles */
  double right_title_x;

  /* x: seconds since the run started */
  double t0;
  double t1;
  DynoTicks x_ticks;
  DynoTimeUnit time_unit;
  /* left: the rate in display units (MB/s, MiB/s, ops/s) */
  DynoTicks y_ticks;
  double rate_divisor;  /* B/s per display unit */
  double label_divisor; /* 1000 when ops/s are labelled "12k" */
  /* right: CPU % */
  DynoTicks cpu_ticks;

  char *source;
} Chart;

/* One entry of a saved chart's legend. */
typedef struct
{
  const char *label;
  DynoPhaseId phase;  /* for phase entries */
  int kind;           /* 0 phase, 1 process CPU, 2 system CPU, 3 iowait */
  double width;       /* swatch, gap and text */
} ChartLegendItem;

/* ---- dyno-chart-layout.c: where everything goes, and the words for it */
void dyno_chart_setup (Chart                *chart,
                       const DynoChartModel *model,
                       cairo_t              *cr,
                       double                width,
                       double                height,
                       const DynoChartStyle *style,
                       const DynoChartDecor *decor);
void dyno_chart_finish (Chart *chart);

const char *dyno_chart_rate_unit_label (Chart *chart);
const char *dyno_chart_rate_axis_title (Chart *chart);
const char *dyno_chart_time_unit_label (DynoTimeUnit unit);
const char *dyno_chart_time_axis_title (DynoTimeUnit unit);
char       *dyno_chart_format_rate_tick (Chart *chart, double value);
/* Fills items (room for DYNO_N_PHASES + 3) with the phases drawn and the CPU lines. */
guint       dyno_chart_legend_items (Chart *chart, ChartLegendItem *items);

/* ---- user units of the plot */

/* The centre of a pixel, so a one-pixel line covers one row of pixels, not two at half. */
static inline double
dyno_chart_crisp (double v)
{
  return floor (v) + 0.5;
}

static inline double
dyno_chart_x (const Chart *chart, double t)
{
  const DynoChartRect *plot = &chart->geometry.plot;

  return plot->x + (t - chart->t0) / (chart->t1 - chart->t0) * plot->width;
}

static inline double
dyno_chart_y_rate (const Chart *chart, double rate)
{
  const DynoChartRect *plot = &chart->geometry.plot;
  double v = rate / chart->rate_divisor;

  return plot->y + plot->height - v / chart->y_ticks.hi * plot->height;
}

static inline double
dyno_chart_y_cpu (const Chart *chart, double cpu)
{
  const DynoChartRect *plot = &chart->geometry.plot;

  return plot->y + plot->height - cpu / chart->cpu_ticks.hi * plot->height;
}

/* ---- dyno-chart-render.c: the plot */

/* Everything, on a surface the caller cleared or not. */
void dyno_chart_draw_all (Chart *chart);
/* Just the plot right of x_clip, redrawn from the series position from on: what changes when
 * samples extend the series and the axes stay. from must lie left of x_clip by more than a line
 * width, so the redrawn pixels come out as a full drawing would make them. */
void dyno_chart_draw_plot_tail (Chart *chart, ChartPosition from, double x_clip);
/* The phase names over the plot, after clearing their row. */
void dyno_chart_draw_header (Chart *chart);

/* ---- dyno-chart-labels.c: the words around the plot */
void dyno_chart_draw_tick_labels (Chart *chart);
void dyno_chart_draw_phase_labels (Chart *chart);
void dyno_chart_draw_decor (Chart *chart);

/* ---- dyno-chart-text.c: laid-out text, cached per thread, so labels that repeat from frame to
 * frame (most of them) are shaped once */
void   dyno_chart_set_source (cairo_t *cr, const DynoRgba *color);
void   dyno_chart_text_size (Chart      *chart,
                             ChartFont   font,
                             const char *text,
                             double     *width,
                             double     *height);
/* Draws text with its logical box aligned on (x, y); returns the width. */
double dyno_chart_draw_text (Chart          *chart,
                             ChartFont       font,
                             const char     *text,
                             const DynoRgba *color,
                             double          x,
                             double          y,
                             ChartAlign      xalign,
                             ChartAlign      yalign);
void   dyno_chart_draw_text_rotated (Chart          *chart,
                                     const char     *text,
                                     const DynoRgba *color,
                                     double          x,
                                     double          y);

G_END_DECLS
