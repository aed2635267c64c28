/* dyno-chart-render-private.h: the renderer's internals, shared with its drawing cache
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <pango/pangocairo.h>

#include "dyno-chart-render.h"
#include "dyno-chart-text-sink.h"
#include "dyno-ticks.h"

G_BEGIN_DECLS

#define DYNO_CHART_TICK_LENGTH 4.0
/* Below this the plot is skipped: nothing readable fits. */
#define DYNO_CHART_MIN_PLOT 16.0
/* The key's rate swatch shows the colours of this many phases at most. */
#define DYNO_CHART_KEY_STRIPES 4
/* Phase names over a panel take one row, or two when one leaves some stretch unnamed. */
#define DYNO_CHART_MAX_NAME_ROWS 2

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

/* One of the stacked panels: the byte phases' rates in MB/s over the operation phases' in
 * ops/s, never on one axis. Each has its title, its phase names over it, its value axes; all
 * share the time axis under the last. */
typedef struct
{
  DynoUnit unit;
  DynoChartRect plot;   /* its curves are clipped to this */
  DynoChartRect header; /* the row over the plot: the phase names */
  double title_y;       /* the row over that: the panel's title, the CPU axis' unit */
  /* left: the rate in display units (MB/s, MiB/s, ops/s) */
  DynoTicks y_ticks;
  double rate_divisor;  /* B/s per display unit */
  double label_divisor; /* 1000 when ops/s are labelled "12k" */
  /* right: CPU % */
  DynoTicks cpu_ticks;
} ChartPanel;

/* Everything one drawing needs, worked out before the first stroke so that drawing only walks
 * the model's prepared points. */
typedef struct
{
  cairo_t *cr;
  const DynoChartModel *model;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
  double width;
  double height;

  PangoFontDescription *fonts[CHART_N_FONTS];
  char *font_keys[CHART_N_FONTS];
  double line_height;
  double gap;

  DynoChartGeometry geometry;
  ChartPanel panels[DYNO_CHART_MAX_PANELS];
  guint n_panels;
  const ChartPanel *panel; /* the panel being drawn: what the y helpers below refer to */
  double x_labels_y;
  double x_title_y;
  double title_y;
  double subtitle_y;
  double legend_y;
  double legend_row_height;
  guint legend_max_rows; /* past this many rows the legend goes into a grid of columns */
  double key_y;          /* without a legend: the key of the lines under the time axis */
  guint key_rows;
  GPtrArray *key_phases; /* the phases no name over the plot tells, which the key names */
  double source_y;
  double left_title_x;  /* centre of the rotated axis titles */
  double right_title_x;
  double panels_top;    /* what the panels share out */
  double panels_bottom;
  double columns_left;  /* where the tick label columns start and end */
  double columns_right;

  /* x: seconds since the run started */
  double t0;
  double t1;
  DynoTicks x_ticks;
  DynoTimeUnit time_unit;

  char *source;
  /* Under a saved chart that draws a result through fsync: what the dashed line and the curve
   * each count; NULL when none. */
  char *note;
  double note_y;
  /* Per panel: "Above the axis: up to 5012 MB/s" when some point is, else NULL. */
  char *clipped[DYNO_CHART_MAX_PANELS];

  /* DynoChartLabel: every label drawn, when someone asked (dyno_chart_render_get_labels) */
  GArray *labels;
} Chart;

typedef enum
{
  CHART_KEY_PHASE,   /* a phase's rate curve, in its colour */
  CHART_KEY_RATE,    /* the rate curves, in the colours of the phases drawn */
  CHART_KEY_PROCESS, /* process CPU */
  CHART_KEY_SYSTEM,  /* system CPU: user + system */
  CHART_KEY_IOWAIT,
  CHART_KEY_FIGURE,  /* a phase's result through fsync, dashed over its curve */
  CHART_KEY_REST,    /* a rest before a queued test */
  CHART_KEY_CLIPPED, /* the mark over points above a rate axis */
} ChartKeyKind;

/* What a chart draws besides curves, which its legend or key then explains. */
typedef enum
{
  CHART_EXTRA_FIGURE = 1 << 0,
  CHART_EXTRA_REST = 1 << 1,
} ChartExtras;

/* One entry of a legend: a saved chart's over the plot, or the key under the time axis. */
typedef struct
{
  const char *label;
  const DynoPhase *phase; /* for phase entries */
  ChartKeyKind kind;
  double width;       /* swatch, gap and text */
} ChartLegendItem;

/* Where a legend item goes. */
typedef struct
{
  double x;          /* the swatch's left edge, from the legend's left edge */
  guint row;
  double text_width; /* room for the text: shortened to this when wider */
} ChartLegendSlot;

/* ---- dyno-chart-layout.c: where everything goes, and the words for it */
void dyno_chart_setup (Chart                *chart,
                       const DynoChartModel *model,
                       cairo_t              *cr,
                       double                width,
                       double                height,
                       const DynoChartStyle *style,
                       const DynoChartDecor *decor);
void dyno_chart_finish (Chart *chart);

/* Of chart->panel. */
const char *dyno_chart_rate_unit_label (Chart *chart);
const char *dyno_chart_rate_axis_title (Chart *chart);
/* "Throughput (MB/s)", "Operations (ops/s)": over the panel. */
const char *dyno_chart_panel_title (Chart *chart);
const char *dyno_chart_time_unit_label (DynoTimeUnit unit);
const char *dyno_chart_time_axis_title (DynoTimeUnit unit);
char       *dyno_chart_format_rate_tick (Chart *chart, double value);
/* A rate (B/s or ops/s) in panel's display unit, with the unit: "5012 MB/s", "912k ops/s". */
char       *dyno_chart_format_rate (Chart *chart, const ChartPanel *panel, double rate);
/* The phases drawn and the CPU lines, n_items of them; free it. */
ChartLegendItem *dyno_chart_legend_items (Chart *chart, guint *n_items);
/* The key under a chart without a legend: the rates and the CPU lines; free it. */
ChartLegendItem *dyno_chart_key_items (Chart *chart, guint *n_items);
/* Lays out a legend of n items, widths[i] wide (swatch, gap and text; swatch the part before the
 * text) with spacing between them, in avail: in rows as the items come while that takes at most
 * max_rows, else in a grid of equal columns, the fewest that keep to max_rows (as many as fit
 * when none does). An item wider than its room gets its text shortened. Returns the rows. */
guint       dyno_chart_legend_layout (Chart           *chart,
                                      const double    *widths,
                                      guint            n,
                                      double           swatch,
                                      double           spacing,
                                      double           avail,
                                      guint            max_rows,
                                      ChartLegendSlot *slots);
/* The most legend rows a figure of this height gives room to: a fifth of it, one at least. */
guint       dyno_chart_legend_max_rows (Chart *chart, double height, double row_height);
/* The lines a title may take: two on a figure of 24 lines of text or more, else one. */
int         dyno_chart_title_lines (Chart *chart);
/* The height of a title wrapped to at most dyno_chart_title_lines() lines of width. */
double      dyno_chart_title_height (Chart *chart, const char *title, double width);

/* ---- user units of the plot */

/* The centre of a pixel, so a one-pixel line covers one row of pixels, not two at half. */
static inline double
dyno_chart_crisp (double v)
{
  return floor (v) + 0.5;
}

/* The panels share the time axis: the same x and width. */
static inline double
dyno_chart_x (const Chart *chart, double t)
{
  const DynoChartRect *plot = &chart->geometry.plot;

  return plot->x + (t - chart->t0) / (chart->t1 - chart->t0) * plot->width;
}

static inline double
dyno_chart_y_rate (const Chart *chart, double rate)
{
  const ChartPanel *panel = chart->panel;
  double v = rate / panel->rate_divisor;

  return panel->plot.y + panel->plot.height - v / panel->y_ticks.hi * panel->plot.height;
}

static inline double
dyno_chart_y_cpu (const Chart *chart, double cpu)
{
  const ChartPanel *panel = chart->panel;

  return panel->plot.y + panel->plot.height - cpu / panel->cpu_ticks.hi * panel->plot.height;
}

/* The rest drawn before a queued segment, from *t0 to *t1; FALSE when none is. */
gboolean dyno_chart_segment_rest (const Chart *chart, const DynoChartSegment *segment, double *t0,
                                  double *t1);
/* Which extras the model has for the legend or key. */
ChartExtras dyno_chart_extras (const Chart *chart);

/* Whether every panel has room for a plot; a drawing without shows only its background. */
gboolean dyno_chart_has_room (const Chart *chart);

/* ---- dyno-chart-render.c: the plot */

/* Everything, on a surface the caller cleared or not. */
void dyno_chart_draw_all (Chart *chart);
/* Just chart->panel's plot right of x_clip, redrawn from the series position from on: what
 * changes when samples extend the series and the axes stay. from must lie left of x_clip by more
 * than a line width, so the redrawn pixels come out as a full drawing would make them. */
void dyno_chart_draw_plot_tail (Chart *chart, ChartPosition from, double x_clip);
/* The phase names over chart->panel, after clearing their row. */
void dyno_chart_draw_header (Chart *chart);

/* ---- dyno-chart-labels.c: the words around the plot */
/* Every panel's value labels, the time labels under the last panel. */
void dyno_chart_draw_tick_labels (Chart *chart);
/* Over chart->panel, in the rows its header has. */
void dyno_chart_draw_phase_labels (Chart *chart);
/* The rows chart->panel's names need: one when every stretch wide enough gets a name in one,
 * else DYNO_CHART_MAX_NAME_ROWS. */
guint dyno_chart_phase_label_rows (Chart *chart);
void  dyno_chart_add_unnamed_phases (Chart *chart, guint n_rows, GPtrArray *phases);
/* Every panel's title row. */
void dyno_chart_draw_panel_titles (Chart *chart);
/* The key under the time axis, when there is no legend. */
void dyno_chart_draw_key (Chart *chart);
/* The swatch of a legend or key item, its left edge at x, centred on cy, width long. */
void dyno_chart_draw_swatch (Chart *chart, const ChartLegendItem *item, double x, double cy,
                             double width);
void dyno_chart_draw_decor (Chart *chart);
/* The decor's title (wrapped) and subtitle (ellipsized) at the left of the content. */
void dyno_chart_draw_titles (Chart *chart, double title_y, double subtitle_y);
/* The line under a saved chart: the decor's source, or "Measured with Dyno x.y on HOST". */
char *dyno_chart_source_line (const DynoChartDecor *decor);
/* A phase's name where room is short: for Bonnie's phases shorter than their titles but,
 * unlike bonnie++'s column names ("Block", "Create"), never the same for two phases; for the
 * others their short titles ("RND4K Q32T1", the same under Read and Write: the colour tells). */
const char *dyno_chart_short_phase_name (const DynoPhase *phase);

/* ---- dyno-chart-text.c: laid-out text, cached per thread, so labels that repeat from frame to
 * frame (most of them) are shaped once */
void   dyno_chart_set_source (cairo_t *cr, const DynoRgba *color);
/* The chart's three fonts from the style's (9 pt when it names no size), their cache keys, and
 * the line height and gap they give. */
void   dyno_chart_setup_fonts (Chart *chart, const DynoChartStyle *style);
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
/* dyno_chart_draw_text, shortened with an ellipsis (where mode says) when wider than
 * max_width; returns the width drawn. */
double dyno_chart_draw_text_fitted (Chart             *chart,
                                    ChartFont          font,
                                    const char        *text,
                                    const DynoRgba    *color,
                                    double             x,
                                    double             y,
                                    double             max_width,
                                    ChartAlign         xalign,
                                    ChartAlign         yalign,
                                    PangoEllipsizeMode mode);
/* Text wrapped at words into at most max_lines lines of width, the last one ellipsized if the
 * text needs more; aligned within width. Its own layout, for the caller to free. */
PangoLayout *dyno_chart_wrapped_layout (Chart         *chart,
                                        ChartFont      font,
                                        const char    *text,
                                        double         width,
                                        int            max_lines,
                                        PangoAlignment alignment);
/* Draws a layout (from dyno_chart_wrapped_layout) with its logical box's top left at (x, y);
 * text is what it was made of, for the record of labels. */
void   dyno_chart_show_layout (Chart          *chart,
                               PangoLayout    *layout,
                               const char     *text,
                               const DynoRgba *color,
                               double          x,
                               double          y);
/* Text turned by angle (radians; negative turns it to read upwards), the point (ax, ay) of its
 * logical box (fractions of its width and height: 0, 0 the top left, 1, 1 the bottom right) on
 * (x, y), shortened with an ellipsis when longer than max_length (<= 0: never). Returns the
 * length drawn. Its own layout: the shared ones are laid out for unturned text. */
double dyno_chart_draw_text_turned (Chart          *chart,
                                    ChartFont       font,
                                    const char     *text,
                                    const DynoRgba *color,
                                    double          x,
                                    double          y,
                                    double          angle,
                                    double          ax,
                                    double          ay,
                                    double          max_length);
/* Vertical text reading bottom to top, centred on (x, y), shortened to max_length: the first of
 * texts (a NULL-terminated list, longest first) that fits, else the last one with an ellipsis. */
void   dyno_chart_draw_text_rotated (Chart          *chart,
                                     const char    **texts,
                                     const DynoRgba *color,
                                     double          x,
                                     double          y,
                                     double          max_length);
/* Records a label drawn by other means (nothing happens unless labels are being collected). */
void   dyno_chart_record_label (Chart      *chart,
                                const char *text,
                                double      x,
                                double      y,
                                double      width,
                                double      height,
                                double      angle,
                                gboolean    ellipsized);


typedef void (*DynoChartDrawFunc) (cairo_t *cr, double width, double height, gconstpointer data);

/* Draws a chart into a PNG (at scale pixels per point), SVG or PDF file in one write, so a
 * failed export leaves no half file; shared by every chart kind. */
gboolean dyno_chart_export_file (const char         *format,
                                 const char         *path,
                                 double              width,
                                 double              height,
                                 double              scale,
                                 const char         *title,
                                 DynoChartDrawFunc   draw,
                                 gconstpointer       data,
                                 GError            **error);

G_END_DECLS
