/* dyno-export.h: charts and tables to files, drawn and written off the main thread
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-compare-chart.h"
#include "dyno-grid.h"
#include "dyno-report.h"
#include "dyno-result.h"

G_BEGIN_DECLS

typedef enum
{
  DYNO_EXPORT_PNG,
  DYNO_EXPORT_SVG,
  DYNO_EXPORT_PDF,
  DYNO_EXPORT_TEXT,     /* Bonnie-style table */
  DYNO_EXPORT_MARKDOWN,
  DYNO_EXPORT_CSV,      /* bonnie++ 1.98 */
  DYNO_EXPORT_HTML,
  DYNO_EXPORT_JSON,
  DYNO_EXPORT_REPORT,     /* one HTML page: the answer, tables, charts, stack, machine, method */
  DYNO_EXPORT_REPORT_PDF, /* the same as a PDF */
} DynoExportFormat;

#define DYNO_EXPORT_N_CHART_FORMATS 3
#define DYNO_EXPORT_N_TABLE_FORMATS 5
#define DYNO_EXPORT_N_REPORT_FORMATS 2
extern const DynoExportFormat dyno_export_chart_formats[DYNO_EXPORT_N_CHART_FORMATS];
extern const DynoExportFormat dyno_export_table_formats[DYNO_EXPORT_N_TABLE_FORMATS];
extern const DynoExportFormat dyno_export_report_formats[DYNO_EXPORT_N_REPORT_FORMATS];

gboolean    dyno_export_format_is_chart (DynoExportFormat format);
gboolean    dyno_export_format_is_report (DynoExportFormat format);
/* "png", "md", …; a report's is that of its kind of file, "html" or "pdf" */
const char *dyno_export_format_extension (DynoExportFormat format);
/* From the file name's extension; FALSE when it has none we write. */
gboolean    dyno_export_format_for_path (const char *path, DynoExportFormat *out);
/* The file a save dialog's answer names and its format: the name's extension where it is one
 * of the kinds offered (a report named ".pdf" is the PDF report, not a chart), else the kind
 * asked (the dialog's filter) with its extension added: a chart named ".csv" stays a chart,
 * "x.csv.png". */
char       *dyno_export_resolve_path (const char             *path,
                                      DynoExportFormat        asked,
                                      const DynoExportFormat *offered,
                                      guint                   n_offered,
                                      DynoExportFormat       *format);
/* Letters, digits, dots and dashes of text, for a file name: "NoFV-vs-FV". */
char       *dyno_export_file_stem (const char *text);

/* The comparison as a table in a text format (TEXT to JSON). */
char       *dyno_export_comparison_table (DynoComparison   *comparison,
                                          DynoExportFormat  format,
                                          DynoRateUnit      unit);
/* One result: Bonnie's table (TEXT), bonnie++ CSV, the result file itself (JSON), or a
 * one-run comparison table (MARKDOWN, HTML). */
char       *dyno_export_result_table (DynoResult       *result,
                                      DynoExportFormat  format,
                                      DynoRateUnit      unit);

/* Sized for an article (1200 × 675 points, PNG at twice that in pixels), light, with a title,
 * legend, axis units and the source line; the pixels are those of the screen's chart. */
void        dyno_export_compare_chart_async (DynoComparison                *comparison,
                                             const DynoCompareChartOptions *options,
                                             DynoRateUnit                   unit,
                                             DynoExportFormat               format,
                                             const char                    *path,
                                             GCancellable                  *cancellable,
                                             GAsyncReadyCallback            callback,
                                             gpointer                       user_data);
/* The live charts of a result's targets (target -1), one under another on the same axes, or
 * of one target, as the Live page drew them. */
void        dyno_export_live_chart_async (DynoResult          *result,
                                          int                  target,
                                          DynoRateUnit         unit,
                                          DynoExportFormat     format,
                                          const char          *path,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
/* CrystalDiskMark's grid of every target's drive tests, the figures in grid_unit. */
void        dyno_export_grid_chart_async (DynoResult          *result,
                                          DynoRateUnit         unit,
                                          DynoGridUnit         grid_unit,
                                          DynoExportFormat     format,
                                          const char          *path,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
/* The report of a comparison (one run: a comparison of its targets), built and drawn in the
 * worker: REPORT (HTML) or REPORT_PDF. */
void        dyno_export_report_async (DynoComparison      *comparison,
                                      DynoRateUnit         unit,
                                      DynoExportFormat     format,
                                      const char          *path,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
/* Its sync form, for the worker and tests. */
gboolean    dyno_export_report (DynoComparison    *comparison,
                                DynoRateUnit       unit,
                                DynoExportFormat   format,
                                const char        *path,
                                GError           **error);
void        dyno_export_text_async (const char          *text,
                                    const char          *path,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
/* The path written. */
char       *dyno_export_finish (GAsyncResult *result, GError **error);

/* The sync form of dyno_export_compare_chart_async, for the worker and tests. */
gboolean    dyno_export_compare_chart (DynoComparison                *comparison,
                                       const DynoCompareChartOptions *options,
                                       DynoRateUnit                   unit,
                                       DynoExportFormat               format,
                                       const char                    *path,
                                       GError                       **error);

typedef void (*DynoExportChosenFunc) (const char       *path,
                                      DynoExportFormat  format,
                                      gpointer          user_data);

/* A save dialog offering formats as filters; the name's extension, else the filter chosen, says
 * the format (the extension is added when missing). func runs only when a file was chosen. */
void        dyno_export_choose_file (GtkWindow              *parent,
                                     const char             *title,
                                     const char             *stem,
                                     const DynoExportFormat *formats,
                                     guint                   n_formats,
                                     DynoExportChosenFunc    func,
                                     gpointer                user_data,
                                     GDestroyNotify          destroy);

G_END_DECLS
