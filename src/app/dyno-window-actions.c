/* dyno-window-actions.c: the win.* actions and when they are enabled
 *
 * The window's own actions (the run, the targets, its pages) and, forwarded to the Results
 * page's results.* actions, the few the window needs to reach from everywhere: its primary menu
 * and back button are outside the page, and application accelerators (Ctrl+I on the Setup page)
 * look actions up from the window, which does not see its children's.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-window-actions"

#include "config.h"

#include <string.h>

#include "dyno-fill-window.h"
#include "dyno-scan-window.h"
#include "dyno-window-private.h"

static void
run_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_run (DYNO_WINDOW (widget));
}

static void
compare_two_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_compare_two (DYNO_WINDOW (widget));
}

static void
stop_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_stop (DYNO_WINDOW (widget));
}

static void
request_stop_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_request_stop (DYNO_WINDOW (widget));
}

static void
add_folder_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_choose_folder (DYNO_WINDOW (widget));
}

static void
add_target_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_add_target (DYNO_WINDOW (widget), g_variant_get_string (param, NULL));
}

static void
open_results_folder_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_open_results_folder (DYNO_WINDOW (widget));
}

static void
remove_leftovers_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_remove_leftovers (DYNO_WINDOW (widget));
}

/* A window of its own: a scan reads a drive, not a folder, and runs beside a benchmark. */
static void
scan_drive_action (GtkWidget *widget, const char *name, GVariant *param)
{
  gtk_window_present (GTK_WINDOW (dyno_scan_window_new (GTK_WINDOW (widget))));
}

/* A window of its own too: a fill writes one file until the drive sags, beside the rest. */
static void
fill_test_action (GtkWidget *widget, const char *name, GVariant *param)
{
  gtk_window_present (GTK_WINDOW (dyno_fill_window_new (GTK_WINDOW (widget))));
}

static void
show_page_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_window_show_page (DYNO_WINDOW (widget), g_variant_get_string (param, NULL));
}

/* win.NAME activates the Results page's results.NAME. */
static void
results_action (GtkWidget *widget, const char *name, GVariant *param)
{
  DynoWindow *self = DYNO_WINDOW (widget);
  g_autofree char *page_name = NULL;

  g_assert (g_str_has_prefix (name, "win."));
  page_name = g_strconcat ("results.", name + strlen ("win."), NULL);
  gtk_widget_activate_action_variant (GTK_WIDGET (self->results_page), page_name, param);
}

void
dyno_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.run", NULL, run_action);
  /* Run with exactly two targets checked, as a paired comparison. */
  gtk_widget_class_install_action (widget_class, "win.compare-two", NULL, compare_two_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  /* Escape's: stops at once unless more than a few seconds of measuring would be lost. */
  gtk_widget_class_install_action (widget_class, "win.request-stop", NULL, request_stop_action);
  gtk_widget_class_install_action (widget_class, "win.add-folder", NULL, add_folder_action);
  /* The same as Add Folder… with the folder given: for scripts, tests and --target. */
  gtk_widget_class_install_action (widget_class, "win.add-target", "s", add_target_action);
  gtk_widget_class_install_action (widget_class, "win.open-results-folder", NULL,
                                   open_results_folder_action);
  gtk_widget_class_install_action (widget_class, "win.scan-drive", NULL, scan_drive_action);
  gtk_widget_class_install_action (widget_class, "win.fill-test", NULL, fill_test_action);
  gtk_widget_class_install_action (widget_class, "win.remove-leftovers", NULL,
                                   remove_leftovers_action);
  /* "setup", "run" or "results"; the Results page asks for itself with it. */
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);

  /* The Results page's, from the header bar, the primary menu and the shortcuts. */
  gtk_widget_class_install_action (widget_class, "win.go-back", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.paste-import", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.copy-results", NULL, results_action);

  /* Not here: win.rate-unit, the setting's own stateful action (dyno_window_init ()). */
}

void
dyno_window_update_action_states (DynoWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean busy = self->running || self->pending_run;
  g_autoptr (GPtrArray) selected = NULL;
  gboolean on_results;
  gboolean in_detail;
  gboolean can_run;

  /* Before the template is built, and after the window was destroyed (a run ending). */
  if (self->results_page == NULL)
    return;

  on_results = g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "results") == 0;
  in_detail = !g_str_equal (dyno_results_page_get_view (self->results_page), "list");

  can_run = !busy && dyno_setup_view_get_can_run (self->setup_view);
  selected = dyno_target_list_get_selected (dyno_setup_view_get_target_list (self->setup_view));
  gtk_widget_action_set_enabled (widget, "win.run", can_run);
  gtk_widget_action_set_enabled (widget, "win.compare-two", can_run && selected->len == 2);
  gtk_widget_action_set_enabled (widget, "win.stop",
                                 self->pending_run || (self->running && !self->stopping));
  gtk_widget_action_set_enabled (widget, "win.request-stop",
                                 self->pending_run || (self->running && !self->stopping));
  gtk_widget_action_set_enabled (widget, "win.add-folder", !busy);
  gtk_widget_action_set_enabled (widget, "win.add-target", !busy);
  /* UDisks2, which opens the drive for the person, is Linux-only: the menu item is hidden
   * elsewhere (hidden-when action-disabled). */
  gtk_widget_action_set_enabled (widget, "win.scan-drive", DYNO_PLATFORM_LINUX);
  gtk_widget_action_set_enabled (widget, "win.go-back", in_detail);
  gtk_widget_action_set_enabled (widget, "win.export", on_results && in_detail);
  gtk_widget_action_set_enabled (widget, "win.copy-results",
                                 dyno_results_page_get_result (self->results_page) != NULL);
  /* Always enabled: win.open-results-folder, win.show-page, win.find, win.import and
   * win.paste-import. */

  /* The back button only where there is somewhere to go back to. */
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), on_results && in_detail);

  /* One of the two is in the header bar: Run as the suggested action, Stop while running. */
  gtk_widget_set_visible (GTK_WIDGET (self->run_button), !busy);
  /* Beside Run only when it applies, so it reads as what two checked folders offer. */
  gtk_widget_set_visible (GTK_WIDGET (self->compare_button), !busy && selected->len == 2);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), busy);
}
