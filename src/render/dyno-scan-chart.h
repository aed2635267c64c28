/* dyno-scan-chart.h: a `dyno-cli scan` as a chart: MB/s across the device, access times
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dyno-chart-style.h"
#include "dyno-scan-result.h"

G_BEGIN_DECLS

/* The transfer rate against the position (0–100 % of the device) as a line on the left axis,
 * the access times as dots on the right axis (ms), titled with the device and its model. */
void     dyno_scan_chart_draw (cairo_t              *cr,
                               double                width,
                               double                height,
                               const DynoScanResult *result,
                               const DynoChartStyle *style);

/* The same for a scan under way or stopped: planned is the number of positions asked for (0:
 * as many as result holds); the positions read so far are drawn where they are on the device,
 * so the line grows from the left, and the subtitle says "12 of 100 positions". */
void     dyno_scan_chart_draw_partial (cairo_t              *cr,
                                       double                width,
                                       double                height,
                                       const DynoScanResult *result,
                                       guint                 planned,
                                       const DynoChartStyle *style);

/* The same into a PNG, SVG or PDF file (format "png", "svg", "pdf"); width and height in
 * points. Written whole or not at all. */
gboolean dyno_scan_chart_render_to_file (const DynoScanResult *result,
                                         const DynoChartStyle *style,
                                         double                width,
                                         double                height,
                                         const char           *format,
                                         const char           *path,
                                         GError              **error);

/* The same for a stopped scan, with the positions planned as dyno_scan_chart_draw_partial. */
gboolean dyno_scan_chart_render_partial_to_file (const DynoScanResult *result,
                                                 guint                 planned,
                                                 const DynoChartStyle *style,
                                                 double                width,
                                                 double                height,
                                                 const char           *format,
                                                 const char           *path,
                                                 GError              **error);

G_END_DECLS
