/* dyno-results-page.h: the Results page: the list of runs, one run, a comparison; import, open,
 * export and delete
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-compare-view.h"
#include "dyno-export.h"
#include "dyno-history-view.h"
#include "dyno-history.h"
#include "dyno-result-view.h"

G_BEGIN_DECLS

#define DYNO_TYPE_RESULTS_PAGE (dyno_results_page_get_type ())
G_DECLARE_FINAL_TYPE (DynoResultsPage, dyno_results_page, DYNO, RESULTS_PAGE, AdwBin)

/* "list", "result" or "comparison": what the page shows (the view property). */
const char      *dyno_results_page_get_view (DynoResultsPage *self);
/* The run of the result view: the last one finished, or one opened; NULL before (the result
 * property). */
DynoResult      *dyno_results_page_get_result (DynoResultsPage *self);

/* A finished run, listed once its file is whole (or not saved): at the top, newest first. */
void             dyno_results_page_add_run (DynoResultsPage *self, DynoResult *result);
/* Shows a run over the list; path is where it was saved, NULL while saving or when not saved. */
void             dyno_results_page_show_result (DynoResultsPage *self,
                                                DynoResult      *result,
                                                const char      *path);
void             dyno_results_page_show_item (DynoResultsPage *self, DynoHistoryItem *item);
/* Shows a comparison made elsewhere (a run over several machines: one entry each). */
void             dyno_results_page_show_comparison (DynoResultsPage *self,
                                                    DynoComparison  *comparison);

/* Lists Dyno result files where they are and imports other tools' output (dyno FILE…, a drop,
 * the file manager); one run is shown, several are compared. */
void             dyno_results_page_open_files (DynoResultsPage *self,
                                               GFile          **files,
                                               guint            n_files);
/* What Import… does with the chosen files, and pasted or dropped text (source names it). */
void             dyno_results_page_import_files (DynoResultsPage       *self,
                                                 GFile                **files,
                                                 guint                  n_files,
                                                 DynoHistoryIngestMode  mode);
void             dyno_results_page_import_text (DynoResultsPage *self,
                                                const char      *text,
                                                const char      *source);

/* What the export dialogs' answers lead to. kind: "bars", "cpu", "overlay" (the comparison's)
 * or "live" (the shown run's first target). */
void             dyno_results_page_export_chart_to (DynoResultsPage  *self,
                                                    const char       *kind,
                                                    DynoExportFormat  format,
                                                    const char       *path);
void             dyno_results_page_export_table_to (DynoResultsPage  *self,
                                                    DynoExportFormat  format,
                                                    const char       *path);
/* The report of what is shown (a comparison, or a run of one or more folders, a paired run
 * read "encrypted vs plain"): format DYNO_EXPORT_REPORT or DYNO_EXPORT_REPORT_PDF. */
void             dyno_results_page_export_report_to (DynoResultsPage  *self,
                                                     DynoExportFormat  format,
                                                     const char       *path);

/* Deletes the run's file (or only lists it no more), with Undo in a toast. */
void             dyno_results_page_delete_item (DynoResultsPage *self, DynoHistoryItem *item);

DynoHistory     *dyno_results_page_get_history (DynoResultsPage *self);
DynoHistoryView *dyno_results_page_get_history_view (DynoResultsPage *self);
DynoResultView  *dyno_results_page_get_result_view (DynoResultsPage *self);
DynoCompareView *dyno_results_page_get_compare_view (DynoResultsPage *self);

G_END_DECLS
