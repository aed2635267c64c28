/* dyno-window-private.h: DynoWindow's insides, shared by its files and the GUI tests
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-results-page.h"
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
  GtkButton *compare_button;
  GtkButton *stop_button;
  DynoSetupView *setup_view;
  DynoRunView *run_view;
  DynoResultsPage *results_page;

  GSettings *settings;
  DynoEngine *engine;
  GCancellable *cancellable; /* the running run's; NULL between runs */
  DynoResult *result;
  char *result_path;
  GtkNativeDialog *folder_chooser;
  GtkWindow *close_dialog;
  GtkWindow *stop_dialog;   /* Escape's question, while it is asked */
  double stop_ask_seconds;  /* Escape asks once the run has measured longer than this */
  guint inhibit_cookie;
  guint n_run_targets;

  guint running : 1;       /* from Run until the completion callback */
  guint stopping : 1;      /* Stop was pressed; waiting for the cleanup */
  guint pending_run : 1;   /* Run was pressed while checked targets were being probed */
  guint close_after_run : 1;
  guint paired_run : 1;    /* the run asked for is Compare These Two's */
  guint notified : 1;      /* the run's end was told in a notification not withdrawn yet */
};

enum
{
  DYNO_WINDOW_PROP_0,
  DYNO_WINDOW_PROP_RUNNING,
  DYNO_WINDOW_PROP_RESULT_PATH,
  DYNO_WINDOW_N_PROPS
};

extern GParamSpec *dyno_window_properties[DYNO_WINDOW_N_PROPS];

/* dyno-window-actions.c: the win.* actions, installed on the class */
void dyno_window_class_install_actions (GtkWidgetClass *widget_class);
/* Computes every win.* action's enabled state, and the header bar's buttons, from the
 * window's state; called wherever that state changes. */
void dyno_window_update_action_states (DynoWindow *self);

/* dyno-window-leftovers.c: the scratch folders runs could not remove (dyno-leftovers.h) */
void dyno_window_note_leftover (DynoWindow *self, const char *path);
void dyno_window_offer_leftovers (DynoWindow *self);
void dyno_window_remove_leftovers (DynoWindow *self);

/* dyno-window.c */
/* The id of the notification that tells a run's end (the window's send-notification, which
 * DynoApplication passes on as its own). */
#define DYNO_WINDOW_NOTIFICATION_ID "run-ended"

/* The repeats of Compare These Two when the options ask for a single run. */
#define DYNO_WINDOW_PAIRED_REPEAT 3

/* The seconds of a run Escape stops without asking (dyno_window_request_stop). */
#define DYNO_WINDOW_STOP_ASK_SECONDS 5.0

void dyno_window_show_error (DynoWindow *self, const char *heading, const char *body);
/* win.request-stop (Escape): stops as win.stop does while little would be lost, else asks
 * first in a dialog. */
void dyno_window_request_stop (DynoWindow *self);
void dyno_window_toast (DynoWindow *self, const char *text);
void dyno_window_choose_folder (DynoWindow *self);
void dyno_window_open_results_folder (DynoWindow *self);
void dyno_window_show_page (DynoWindow *self, const char *name);

DynoSetupView   *dyno_window_get_setup_view (DynoWindow *self);
DynoRunView     *dyno_window_get_run_view (DynoWindow *self);
DynoResultsPage *dyno_window_get_results_page (DynoWindow *self);

G_END_DECLS
