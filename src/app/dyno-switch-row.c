/* dyno-switch-row.c
 *
 * What GNOME Text Editor 43 does for its preferences on libadwaita 1.2: the switch is the
 * row's activatable widget, so a click anywhere on the row toggles it.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-switch-row"

#include "config.h"

#include "dyno-switch-row.h"

struct _DynoSwitchRow
{
  AdwActionRow parent_instance;

  GtkSwitch *toggle;
};

G_DEFINE_FINAL_TYPE (DynoSwitchRow, dyno_switch_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_switch_active (DynoSwitchRow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

static void
dyno_switch_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoSwitchRow *self = DYNO_SWITCH_ROW (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, dyno_switch_row_get_active (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_switch_row_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  DynoSwitchRow *self = DYNO_SWITCH_ROW (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      dyno_switch_row_set_active (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_switch_row_class_init (DynoSwitchRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dyno_switch_row_get_property;
  object_class->set_property = dyno_switch_row_set_property;

  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                      | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dyno_switch_row_init (DynoSwitchRow *self)
{
  self->toggle = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->toggle), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->toggle));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->toggle));
  g_signal_connect_object (self->toggle, "notify::active", G_CALLBACK (on_switch_active), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
dyno_switch_row_new (void)
{
  return g_object_new (DYNO_TYPE_SWITCH_ROW, NULL);
}

gboolean
dyno_switch_row_get_active (DynoSwitchRow *self)
{
  g_return_val_if_fail (DYNO_IS_SWITCH_ROW (self), FALSE);
  return gtk_switch_get_active (self->toggle);
}

void
dyno_switch_row_set_active (DynoSwitchRow *self, gboolean active)
{
  g_return_if_fail (DYNO_IS_SWITCH_ROW (self));

  /* The switch notifies, and on_switch_active passes that on. */
  gtk_switch_set_active (self->toggle, !!active);
}
