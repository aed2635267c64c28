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

static const GActionEntry actions[] = {
  { "run", run_action },
  { "stop", stop_action },
  { "copy-results", copy_results_action },
  { "add-folder", add_folder_action },
  /* The same as Add Folder… with the folder given: for scripts, tests and --target. */
  { "add-target", add_target_action, "s" },
  { "open-results-folder", open_results_folder_action },
  { "show-page", show_page_action, "s" },
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

  set_enabled (self, "run", !busy && dyno_setup_view_get_can_run (self->setup_view));
  set_enabled (self, "stop", self->pending_run || (self->running && !self->stopping));
  set_enabled (self, "copy-results", self->result != NULL);
  set_enabled (self, "add-folder", !busy);
  set_enabled (self, "add-target", !busy);

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
