/* dyno-fill-chart.h: a fill test as a chart: MB/s against the bytes written, with its steady
 * stretches drawn as levels and its knees marked; several fills overlaid for a comparison
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dyno-chart-style.h"
#include "dyno-fill-result.h"

G_BEGIN_DECLS

/* One curve on the chart. */
typedef struct
{
  const char *name;          /* for the legend; NULL: no legend entry */
  const DynoFillPass *pass;
  gboolean segments;         /* draw its levels (labelled with their rates) and knees */
  guint64 planned;           /* bytes the pass is to write (the axis reaches it); 0: written */
} DynoFillCurve;

/* The curves on one plot: the rate (MB/s) against the bytes written (MB or GB), each curve in
 * the style's next colour, the levels of those with segments as thicker horizontal lines with
 * their rate written above, and each knee as a dashed vertical line with its position. */
void     dyno_fill_chart_draw_curves (cairo_t              *cr,
                                      double                width,
                                      double                height,
                                      const DynoFillCurve  *curves,
                                      guint                 n_curves,
                                      const char           *title,
                                      const char           *subtitle,
                                      const DynoChartStyle *style);

/* One fill: its curve with its segments, and its recovery passes as further curves; the title
 * names the folder (or the label), the subtitle the sentence. planned: the bytes the fill is to
 * write, for a fill under way (0: as written). */
void     dyno_fill_chart_draw (cairo_t              *cr,
                               double                width,
                               double                height,
                               const DynoFillResult *result,
                               guint64               planned,
                               const DynoChartStyle *style);

/* The same into a PNG, SVG or PDF file (format "png", "svg", "pdf"); width and height in
 * points. Written whole or not at all. */
gboolean dyno_fill_chart_render_to_file (const DynoFillResult *result,
                                         const DynoChartStyle *style,
                                         double                width,
                                         double                height,
                                         const char           *format,
                                         const char           *path,
                                         GError              **error);

/* Several fills overlaid, each its main pass with its levels, named by names[i]. */
gboolean dyno_fill_chart_render_overlay_to_file (DynoFillResult *const *results,
                                                 const char *const     *names,
                                                 guint                  n_results,
                                                 const char            *title,
                                                 const DynoChartStyle  *style,
                                                 double                 width,
                                                 double                 height,
                                                 const char            *format,
                                                 const char            *path,
                                                 GError               **error);

G_END_DECLS
