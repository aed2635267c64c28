/* dyno-report-render.h: a report's charts, and the report as HTML with them or as a PDF
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dyno-chart-style.h"
#include "dyno-report-doc.h"

G_BEGIN_DECLS

/* The style a report's chart is drawn in: light or dark, the page's background showing
 * through, text sized for the chart's own width (half charts a little smaller). */
DynoChartStyle *dyno_report_chart_style_new (const DynoReportChart *chart, gboolean dark);

/* Draws a CHART block's chart in user units from (0, 0) to (width, height) of cr, without
 * title or source line (the report has them), with its legend and axis titles. */
void     dyno_report_chart_draw (const DynoReportDoc   *doc,
                                 const DynoReportBlock *block,
                                 cairo_t               *cr,
                                 double                 width,
                                 double                 height,
                                 const DynoChartStyle  *style);

/* A DynoReportSvgFunc: the block's chart as an <svg> element whose labels are <text>. */
char    *dyno_report_chart_svg (const DynoReportDoc   *doc,
                                const DynoReportBlock *block,
                                guint                  index,
                                gboolean               dark,
                                gpointer               user_data,
                                GError               **error);

/* dyno_report_doc_to_html with its charts drawn. */
char    *dyno_report_render_html (const DynoReportDoc *doc);

/* dyno-report-pdf.c: the same report as a PDF of A4 pages, its text selectable, its charts
 * drawn as vectors; NULL with error set when cairo fails. */
GBytes  *dyno_report_render_pdf (const DynoReportDoc *doc, GError **error);

G_END_DECLS
