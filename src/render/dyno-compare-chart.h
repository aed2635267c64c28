/* dyno-compare-chart.h: a comparison drawn with cairo: bars per phase, %CPU, live overlays and
 * a forest plot of a paired run's ratios
 *
 * GTK-free like the rest of src/render, so dyno-cli can save these charts headless and the app
 * can draw the same pixels in a widget.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dyno-chart-render.h"
#include "dyno-chart-style.h"
#include "dyno-compare.h"

G_BEGIN_DECLS

/* The nicks are the kinds dyno-cli compare's --chart and the app's export take
 * (DYNO_TYPE_COMPARE_CHART_KIND, dyno-render-enums.h). */
typedef enum
{
  /* One group of bars per phase, one bar per entry, its figure over it and its ratio to the
   * baseline under the figure, just over the bar (when every ratio fits its slot; else none).
   * MB/s and ops/s never share an axis: with both kinds of phase selected the chart has two
   * panels side by side, each with its own axis. Only what was measured is a bar: a figure too
   * fast to trust, not run, failed or unknown leaves its slot empty but for a word saying which
   * (see DynoCompareChartMark), and a note under the chart says what the words mean. A figure
   * that may come from a cache below its target is a hatched, outlined bar, "†" after its
   * figure and its ratio, and the note gives the reason. */
  DYNO_COMPARE_CHART_BARS,    /*< nick=bars >*/
  /* The same groups, of Bonnie's %CPU (100 = one core): one axis, since % has no unit to mix. */
  DYNO_COMPARE_CHART_CPU,     /*< nick=cpu >*/
  /* One phase's live rate over the phase's own time, one line per entry (and repeat). */
  DYNO_COMPARE_CHART_OVERLAY, /*< nick=overlay >*/
  /* A paired run's answer (dyno-compare-chart-forest.c): a row per phase (and entry but the
   * baseline) under its group's title, the ratio to the baseline as a point and its 95 %
   * interval as a line on a log axis fitted to the data, ×1 and the equivalence margin (dashed
   * lines), the verdict in words at the right, coloured by verdict
   * (dyno_compare_chart_verdict_color; inconclusive dashed too). A single run on a side: a
   * hollow point, no line; a phase not measured on both sides: no point. */
  DYNO_COMPARE_CHART_FOREST,  /*< nick=forest >*/
} DynoCompareChartKind;

typedef struct
{
  DynoCompareChartKind kind;
  /* bars, cpu, forest: the phases to draw (const DynoPhase *, not owned), NULL or empty for all
   * the comparison has; drawn in dyno_phase_compare order whatever the order here */
  GPtrArray *phases;
  const DynoPhase *phase; /* overlay: the phase */
  gboolean ratios;        /* bars: the ratio to the baseline under each other entry's figure */
} DynoCompareChartOptions;

/* Where a drawing put its panels; a panel's plot holds its bars or lines. */
typedef struct
{
  guint n_panels;
  DynoChartRect plots[2];
  DynoUnit units[2];       /* bars: what each panel's axis counts */
  double axis_max[2];      /* the top of each panel's value axis, in display units */
  DynoChartRect content;   /* everything drawn lies inside */
  gboolean ratios;         /* bars: the ratios to the baseline are drawn */
  DynoChartRect note;      /* bars, cpu: the note under the plots saying what the ratios and the
                            * words in empty slots mean; forest: what the points, lines and
                            * words mean; 0 × 0 when there is none */
  double ratio_min;        /* forest: the ends of the log ratio axis across plots[0], fitted */
  double ratio_max;        /* to the data, ×1 and the margin; 0 for the others */
  double equivalence_low;  /* forest: the equivalence margin's ends, 1 / (1 + m) and 1 + m, */
  double equivalence_high; /* drawn as dashed lines; 0 for the others */
  guint n_ratio_ticks;     /* forest: the ticks of the ratio axis, each with a grid line */
  double ratio_ticks[9];
} DynoCompareChartGeometry;

/* Why a slot of a bars or cpu chart has no bar: each shows as a word in the slot. */
typedef enum /*< skip >*/
{
  DYNO_COMPARE_CHART_MARK_NONE,     /* a bar: the figure was measured */
  DYNO_COMPARE_CHART_MARK_TOO_FAST, /* under DYNO_TOO_FAST_SECONDS: bonnie++'s "+++++" */
  DYNO_COMPARE_CHART_MARK_NOT_RUN,  /* the entry has no such phase */
  DYNO_COMPARE_CHART_MARK_FAILED,   /* the entry's target failed in this phase */
  DYNO_COMPARE_CHART_MARK_UNKNOWN,  /* ran, but no figure is known (an import without it) */
} DynoCompareChartMark;

/* One entry's slot in a phase's group, as a bars or cpu chart drew it. */
typedef struct
{
  guint entry;
  const DynoPhase *phase;
  guint panel;
  DynoCompareChartMark mark;
  DynoChartRect slot;  /* the slot's room in the plot */
  DynoChartRect bar;   /* the bar drawn; width and height 0 when none was */
  /* Why the entry's figure may come from a cache below the target (interned), NULL when it
   * does not: such a bar is drawn hatched, its figure marked "†" and the note says why. */
  const char *cache_doubt;
} DynoCompareChartSlot;

/* phases NULL, phase "write", ratios on. */
void     dyno_compare_chart_options_init (DynoCompareChartOptions *options,
                                          DynoCompareChartKind     kind);
gboolean dyno_compare_chart_kind_from_string (const char *text, DynoCompareChartKind *out);

/* The colour of an entry's bars and lines in a style's palette (eight, then again). */
void     dyno_compare_chart_entry_color (const DynoChartStyle *style, guint entry, DynoRgba *out);
/* forest: a row's verdict in words, as dyno_compare_cell_describe_verdict says it but shorter
 * where the note says the rest ("inconclusive (−87 to +31 %)"); NULL for the baseline. */
char    *dyno_compare_chart_forest_words (const DynoCompareCell *cell);
/* forest: the colour of a verdict's points, lines and words, opaque and told apart under the
 * common colour-vision deficiencies: slower vermillion, faster blue, the same grey; NONE (a
 * single run) the style's dim foreground. */
void     dyno_compare_chart_verdict_color (const DynoChartStyle *style,
                                           DynoVerdict           verdict,
                                           DynoRgba             *out);
/* forest: what a saved forest plot is called by default: "encrypted vs plain" (every entry but
 * the baseline, then the baseline), and its subtitle, which says how to read it. */
char    *dyno_compare_chart_forest_title (const DynoComparison *comparison);
char    *dyno_compare_chart_forest_subtitle (const DynoComparison *comparison);

/* TRUE when some entry has live samples of phase (imported results have none). */
gboolean dyno_compare_chart_has_samples (const DynoComparison *comparison,
                                         const DynoPhase      *phase);

/* Draws in user units from (0, 0) to (width, height); decor is NULL on screen. The source line
 * is decor->source, else "Measured with Dyno VERSION on decor->host". */
void     dyno_compare_chart_render (const DynoComparison          *comparison,
                                    const DynoCompareChartOptions *options,
                                    cairo_t                       *cr,
                                    double                         width,
                                    double                         height,
                                    const DynoChartStyle          *style,
                                    const DynoChartDecor          *decor);

void     dyno_compare_chart_get_geometry (const DynoComparison          *comparison,
                                          const DynoCompareChartOptions *options,
                                          cairo_t                       *cr,
                                          double                         width,
                                          double                         height,
                                          const DynoChartStyle          *style,
                                          const DynoChartDecor          *decor,
                                          DynoCompareChartGeometry      *geometry);

/* The labels dyno_compare_chart_render draws, in the order it draws them (an array from
 * dyno_chart_label_array_new). cr measures the text; nothing is drawn on it. */
GArray  *dyno_compare_chart_get_labels (const DynoComparison          *comparison,
                                        const DynoCompareChartOptions *options,
                                        cairo_t                       *cr,
                                        double                         width,
                                        double                         height,
                                        const DynoChartStyle          *style,
                                        const DynoChartDecor          *decor);

/* The slots dyno_compare_chart_render draws (an array of DynoCompareChartSlot), in drawing
 * order; empty for an overlay or a forest plot. cr measures the text; nothing is drawn on it. */
GArray  *dyno_compare_chart_get_slots (const DynoComparison          *comparison,
                                       const DynoCompareChartOptions *options,
                                       cairo_t                       *cr,
                                       double                         width,
                                       double                         height,
                                       const DynoChartStyle          *style,
                                       const DynoChartDecor          *decor);

/* format "png": width × height points drawn at scale device pixels each (2 for a sharp 1200 ×
 * 675 chart in an article); "svg", "pdf": width × height points, scale ignored. */
gboolean dyno_compare_chart_render_to_file (const DynoComparison          *comparison,
                                            const DynoCompareChartOptions *options,
                                            const DynoChartStyle          *style,
                                            const DynoChartDecor          *decor,
                                            double                         width,
                                            double                         height,
                                            double                         scale,
                                            const char                    *format,
                                            const char                    *path,
                                            GError                       **error);

#define DYNO_COMPARE_CHART_WIDTH 1200
#define DYNO_COMPARE_CHART_HEIGHT 675
#define DYNO_COMPARE_CHART_PNG_SCALE 2

G_END_DECLS
