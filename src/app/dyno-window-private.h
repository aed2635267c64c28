/* dyno-window-private.h: DynoWindow's insides, shared by its files and the GUI tests
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-compare-view.h"
#include "dyno-export.h"
#include "dyno-history-view.h"
#include "dyno-history.h"
#include "dyno-result-view.h"
#include "dyno-run-view.h"
#include "dyno-setup-view.h"
#include "dyno-window.h"

G_BEGIN_DECLS

struct _DynoWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwViewStack *stack;
  AdwViewSwitcherTitle *switcher_title;
  GtkButton *back_button;
  GtkButton *run_button;
  GtkButton *stop_button;
  DynoSetupView *setup_view;
  DynoRunView *run_view;
  AdwLeaflet *results_leaflet;
  GtkStack *detail_stack;
  DynoHistoryView *history_view;
  DynoResultView *result_view;
  DynoCompareView *compare_view;

  GSettings *settings;
  DynoEngine *engine;
  GCancellable *cancellable; /* the running run's; NULL between runs */
  DynoResult *result;
  char *result_path;
  GtkNativeDialog *folder_chooser;
  GtkNativeDialog *import_chooser;
  DynoHistory *history;
  GCancellable *io_cancellable; /* imports and exports; cancelled when the window goes */
  guint n_ingests;              /* imports and opens under way */
  guint n_exports;              /* exports under way */
  GtkWindow *close_dialog;
  guint inhibit_cookie;
  guint n_run_targets;

  guint running : 1;       /* from Run until the completion callback */
  guint stopping : 1;      /* Stop was pressed; waiting for the cleanup */
  guint pending_run : 1;   /* Run was pressed while checked targets were being probed */
  guint close_after_run : 1;
};

enum
{
  DYNO_WINDOW_PROP_0,
  DYNO_WINDOW_PROP_RUNNING,
  DYNO_WINDOW_PROP_RESULT_PATH,
  DYNO_WINDOW_N_PROPS
};

extern GParamSpec *dyno_window_properties[DYNO_WINDOW_N_PROPS];

/* dyno-window-actions.c */
void dyno_window_install_actions (DynoWindow *self);
void dyno_window_update_actions (DynoWindow *self);

/* dyno-window-results.c: the Results page: history, comparison, import, export */
void             dyno_window_results_init (DynoWindow *self);
void             dyno_window_results_dispose (DynoWindow *self);
/* A run finished (saved_path NULL until saved, or when it is not saved). */
void             dyno_window_results_add_run (DynoWindow *self, DynoResult *result);
/* Shows a run in the detail page, over the list. */
void             dyno_window_show_item (DynoWindow *self, DynoHistoryItem *item);
void             dyno_window_show_result (DynoWindow *self, DynoResult *result, const char *path);
/* "list", "result" or "comparison": what the Results page shows. */
const char      *dyno_window_get_results_page (DynoWindow *self);
void             dyno_window_go_back (DynoWindow *self);
/* win.compare: the checked targets side by side. */
void             dyno_window_compare (DynoWindow *self);
/* win.import and win.paste-import, and what they do with the files or text. */
void             dyno_window_choose_import (DynoWindow *self);
void             dyno_window_import_files (DynoWindow            *self,
                                           GFile                **files,
                                           guint                  n_files,
                                           DynoHistoryIngestMode  mode);
void             dyno_window_paste_import (DynoWindow *self);
void             dyno_window_import_text (DynoWindow *self, const char *text, const char *source);
/* win.export opens the shown page's Export menu; its items ask for a file, then write. */
void             dyno_window_export (DynoWindow *self);
void             dyno_window_choose_export_chart (DynoWindow *self, const char *kind);
void             dyno_window_choose_export_table (DynoWindow *self);
/* kind: "bars", "cpu", "overlay" (the comparison's) or "live" (the shown run's first target) */
void             dyno_window_export_chart_to (DynoWindow       *self,
                                              const char       *kind,
                                              DynoExportFormat  format,
                                              const char       *path);
void             dyno_window_export_table_to (DynoWindow       *self,
                                              DynoExportFormat  format,
                                              const char       *path);
void             dyno_window_copy_table (DynoWindow *self);
/* win.find: the list, with the focus in its search entry. */
void             dyno_window_find (DynoWindow *self);
/* win.delete-run: the run shown, or the row with the focus; with Undo. */
void             dyno_window_delete_current (DynoWindow *self);
void             dyno_window_delete_item (DynoWindow *self, DynoHistoryItem *item);
void             dyno_window_open_file_uri (DynoWindow *self, const char *path);
DynoHistory     *dyno_window_get_history (DynoWindow *self);
DynoHistoryView *dyno_window_get_history_view (DynoWindow *self);
DynoCompareView *dyno_window_get_compare_view (DynoWindow *self);

/* dyno-window.c */
void dyno_window_show_error (DynoWindow *self, const char *heading, const char *body);
void dyno_window_toast (DynoWindow *self, const char *text);
void dyno_window_copy_results (DynoWindow *self);
void dyno_window_choose_folder (DynoWindow *self);
void dyno_window_open_results_folder (DynoWindow *self);
void dyno_window_show_page (DynoWindow *self, const char *name);

DynoSetupView  *dyno_window_get_setup_view (DynoWindow *self);
DynoRunView    *dyno_window_get_run_view (DynoWindow *self);
DynoResultView *dyno_window_get_result_view (DynoWindow *self);

G_END_DECLS
