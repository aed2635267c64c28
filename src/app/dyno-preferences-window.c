/* dyno-preferences-window.c
 *
 * Only what applies to every run lives here; the options of a run are on the Setup page,
 * next to the targets they apply to.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-config-enums.h"
#include "dyno-model-enums.h"
#include "dyno-preferences-window.h"
#include "dyno-presets.h"
#include "dyno-spin-row.h"
#include "dyno-switch-row.h"

struct _DynoPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  AdwComboRow *rate_unit_row;
  AdwComboRow *default_cache_row;
  DynoSpinRow *sample_interval_row;
  DynoSpinRow *equivalence_row;
  DynoSwitchRow *autosave_row;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (DynoPreferencesWindow, dyno_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
dyno_preferences_window_dispose (GObject *object)
{
  DynoPreferencesWindow *self = DYNO_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (dyno_preferences_window_parent_class)->dispose (object);
}

static void
dyno_preferences_window_class_init (DynoPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_preferences_window_dispose;

  g_type_ensure (DYNO_TYPE_SPIN_ROW);
  g_type_ensure (DYNO_TYPE_SWITCH_ROW);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/dyno_bench/Dyno/dyno-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoPreferencesWindow, rate_unit_row);
  gtk_widget_class_bind_template_child (widget_class, DynoPreferencesWindow, default_cache_row);
  gtk_widget_class_bind_template_child (widget_class, DynoPreferencesWindow, sample_interval_row);
  gtk_widget_class_bind_template_child (widget_class, DynoPreferencesWindow, equivalence_row);
  gtk_widget_class_bind_template_child (widget_class, DynoPreferencesWindow, autosave_row);
}

static void
dyno_preferences_window_init (DynoPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "rate-unit", self->rate_unit_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, dyno_settings_nick_to_index,
                                dyno_settings_index_to_nick,
                                (gpointer) dyno_enum_get_nicks (DYNO_TYPE_RATE_UNIT), NULL);
  g_settings_bind_with_mapping (self->settings, "default-cache", self->default_cache_row,
                                "selected", G_SETTINGS_BIND_DEFAULT, dyno_settings_nick_to_index,
                                dyno_settings_index_to_nick,
                                (gpointer) dyno_enum_get_nicks (DYNO_TYPE_CACHE_POLICY), NULL);
  dyno_spin_row_bind_setting (self->sample_interval_row, self->settings, "sample-interval");
  dyno_spin_row_bind_setting (self->equivalence_row, self->settings, "equivalence-margin");
  g_settings_bind (self->settings, "autosave", self->autosave_row, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

GtkWidget *
dyno_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (DYNO_TYPE_PREFERENCES_WINDOW, "transient-for", parent, "modal", TRUE,
                       NULL);
}
