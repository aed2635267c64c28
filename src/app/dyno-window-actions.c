/* dyno-window-actions.c: the win.* actions and when they are enabled
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-window-actions"

#include "config.h"

#include "dyno-window-private.h"

static void
run_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_run (DYNO_WINDOW (user_data));
}

static void
stop_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_stop (DYNO_WINDOW (user_data));
}

static void
copy_results_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_copy_results (DYNO_WINDOW (user_data));
}

static void
add_folder_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_choose_folder (DYNO_WINDOW (user_data));
}

static void
add_target_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_add_target (DYNO_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static void
open_results_folder_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_open_results_folder (DYNO_WINDOW (user_data));
}

static void
show_page_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_show_page (DYNO_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static void
go_back_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_go_back (DYNO_WINDOW (user_data));
}

static void
import_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_choose_import (DYNO_WINDOW (user_data));
}

static void
paste_import_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_paste_import (DYNO_WINDOW (user_data));
}

static void
compare_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_compare (DYNO_WINDOW (user_data));
}

static void
export_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_export (DYNO_WINDOW (user_data));
}

static void
export_chart_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_choose_export_chart (DYNO_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static void
export_table_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_choose_export_table (DYNO_WINDOW (user_data));
}

static void
copy_table_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_copy_table (DYNO_WINDOW (user_data));
}

static void
find_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_find (DYNO_WINDOW (user_data));
}

static void
delete_run_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_delete_current (DYNO_WINDOW (user_data));
}

static void
open_file_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_window_open_file_uri (DYNO_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static const GActionEntry actions[] = {
  { "run", run_action },
  { "stop", stop_action },
  { "copy-results", copy_results_action },
  { "add-folder", add_folder_action },
  /* The same as Add Folder… with the folder given: for scripts, tests and --target. */
  { "add-target", add_target_action, "s" },
  { "open-results-folder", open_results_folder_action },
  { "show-page", show_page_action, "s" },
  { "go-back", go_back_action },
  { "import", import_action },
  { "paste-import", paste_import_action },
  { "compare", compare_action },
  { "export", export_action },
  /* "bars", "cpu", "overlay" of the comparison shown, or "live" of the run shown */
  { "export-chart", export_chart_action, "s" },
  { "export-table", export_table_action },
  { "copy-table", copy_table_action },
  { "find", find_action },
  { "delete-run", delete_run_action },
  /* An exported file, from its toast */
  { "open-file", open_file_action, "s" },
};

static void
set_enabled (DynoWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
dyno_window_update_actions (DynoWindow *self)
{
  gboolean busy = self->running || self->pending_run;
  gboolean on_results;
  const char *page;
  guint n_runs;

  /* Template signals fire while the window is being built. */
  if (g_action_map_lookup_action (G_ACTION_MAP (self), "run") == NULL || self->history == NULL)
    return;

  on_results = g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "results") == 0;
  page = dyno_window_get_results_page (self);
  n_runs = g_list_model_get_n_items (dyno_history_get_model (self->history));

  set_enabled (self, "run", !busy && dyno_setup_view_get_can_run (self->setup_view));
  set_enabled (self, "stop", self->pending_run || (self->running && !self->stopping));
  set_enabled (self, "copy-results", dyno_result_view_get_result (self->result_view) != NULL);
  set_enabled (self, "add-folder", !busy);
  set_enabled (self, "add-target", !busy);
  set_enabled (self, "go-back", !g_str_equal (page, "list"));
  set_enabled (self, "compare", dyno_history_get_n_selected (self->history) >= 2);
  set_enabled (self, "export", on_results && !g_str_equal (page, "list"));
  set_enabled (self, "export-table", !g_str_equal (page, "list"));
  set_enabled (self, "export-chart", !g_str_equal (page, "list"));
  set_enabled (self, "copy-table", g_str_equal (page, "comparison"));
  set_enabled (self, "delete-run", n_runs > 0);

  /* The back button only where there is somewhere to go back to. */
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), on_results && !g_str_equal (page, "list"));

  /* One of the two is in the header bar: Run as the suggested action, Stop while running. */
  gtk_widget_set_visible (GTK_WIDGET (self->run_button), !busy);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), busy);
}

void
dyno_window_install_actions (DynoWindow *self)
{
  g_autoptr (GAction) rate_unit = NULL;

  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);

  /* A stateful action straight from the setting: the primary menu's unit radio items. */
  rate_unit = g_settings_create_action (self->settings, "rate-unit");
  g_action_map_add_action (G_ACTION_MAP (self), rate_unit);

  dyno_window_update_actions (self);
}
