/* dyno-results-page-private.h: DynoResultsPage's insides, shared by its files and the GUI tests
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-results-page.h"

G_BEGIN_DECLS

struct _DynoResultsPage
{
  AdwBin parent_instance;

  /* Template widgets */
  AdwLeaflet *leaflet;
  GtkStack *detail_stack;
  DynoHistoryView *history_view;
  DynoResultView *result_view;
  DynoCompareView *compare_view;

  GSettings *settings;
  DynoHistory *history;
  GtkNativeDialog *import_chooser;
  GCancellable *io_cancellable; /* imports and exports; cancelled when the page goes */
  guint n_ingests;              /* imports and opens under way */
  guint n_exports;              /* exports under way */
};

/* dyno-results-page.c */
/* TRUE once the page was disposed: callbacks of work it started find nobody to tell. */
gboolean   dyno_results_page_is_disposed (DynoResultsPage *self);
/* The window the page is in, for dialogs; NULL when it is in none. */
GtkWindow *dyno_results_page_get_window (DynoResultsPage *self);
/* In the window's toast overlay; dropped when the page is in none. Takes the toast. */
void       dyno_results_page_add_toast (DynoResultsPage *self, AdwToast *toast);
void       dyno_results_page_toast (DynoResultsPage *self, const char *text);
void       dyno_results_page_show_error (DynoResultsPage *self,
                                         const char      *heading,
                                         const char      *body);

/* dyno-results-page-export.c: results.export and its menus' items, copies to the clipboard */
/* Opens the shown run's or comparison's Export menu. */
void       dyno_results_page_export (DynoResultsPage *self);
/* Ask for a file, then write; kind as for dyno_results_page_export_chart_to (). */
void       dyno_results_page_choose_export_chart (DynoResultsPage *self, const char *kind);
void       dyno_results_page_choose_export_table (DynoResultsPage *self);
void       dyno_results_page_choose_export_report (DynoResultsPage *self);
/* Whether what is shown has a forest plot to export: a comparison of two or more entries with
 * repeats, or a paired run (dyno_headline_is_paired ()). */
gboolean   dyno_results_page_can_export_forest (DynoResultsPage *self);
/* The comparison shown as Markdown; the run of the result view as Bonnie-style text. */
void       dyno_results_page_copy_table (DynoResultsPage *self);
void       dyno_results_page_copy_results (DynoResultsPage *self);

G_END_DECLS
