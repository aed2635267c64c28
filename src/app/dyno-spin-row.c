/* dyno-spin-row.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-spin-row"

#include "config.h"

#include "dyno-spin-row.h"

struct _DynoSpinRow
{
  AdwActionRow parent_instance;

  GtkSpinButton *spin;
};

G_DEFINE_FINAL_TYPE (DynoSpinRow, dyno_spin_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_value_changed (DynoSpinRow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

static void
dyno_spin_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoSpinRow *self = DYNO_SPIN_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_double (value, dyno_spin_row_get_value (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_spin_row_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  DynoSpinRow *self = DYNO_SPIN_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      dyno_spin_row_set_value (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_spin_row_class_init (DynoSpinRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dyno_spin_row_get_property;
  object_class->set_property = dyno_spin_row_set_property;

  properties[PROP_VALUE] = g_param_spec_double ("value", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE,
                                                0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dyno_spin_row_init (DynoSpinRow *self)
{
  GtkAdjustment *adjustment = gtk_adjustment_new (0, 0, 100, 1, 10, 0);

  self->spin = GTK_SPIN_BUTTON (gtk_spin_button_new (adjustment, 1, 0));
  gtk_spin_button_set_numeric (self->spin, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->spin), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->spin));
  g_signal_connect_object (self->spin, "value-changed", G_CALLBACK (on_value_changed), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
dyno_spin_row_new (void)
{
  return g_object_new (DYNO_TYPE_SPIN_ROW, NULL);
}

GtkAdjustment *
dyno_spin_row_get_adjustment (DynoSpinRow *self)
{
  g_return_val_if_fail (DYNO_IS_SPIN_ROW (self), NULL);
  return gtk_spin_button_get_adjustment (self->spin);
}

double
dyno_spin_row_get_value (DynoSpinRow *self)
{
  g_return_val_if_fail (DYNO_IS_SPIN_ROW (self), 0);
  return gtk_spin_button_get_value (self->spin);
}

void
dyno_spin_row_set_value (DynoSpinRow *self, double value)
{
  g_return_if_fail (DYNO_IS_SPIN_ROW (self));
  gtk_spin_button_set_value (self->spin, value);
}

static gboolean
get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_UINT32))
    g_value_set_double (value, g_variant_get_uint32 (variant));
  else if (g_variant_is_of_type (variant, G_VARIANT_TYPE_INT32))
    g_value_set_double (value, g_variant_get_int32 (variant));
  else
    return FALSE;
  return TRUE;
}

static GVariant *
set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  double v = g_value_get_double (value);

  if (g_variant_type_equal (type, G_VARIANT_TYPE_UINT32))
    return g_variant_new_uint32 ((guint32) CLAMP (v, 0, G_MAXUINT32));
  if (g_variant_type_equal (type, G_VARIANT_TYPE_INT32))
    return g_variant_new_int32 ((gint32) CLAMP (v, G_MININT32, G_MAXINT32));
  return NULL;
}

static double
variant_to_double (GVariant *variant)
{
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_UINT32))
    return g_variant_get_uint32 (variant);
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_INT32))
    return g_variant_get_int32 (variant);
  return 0;
}

void
dyno_spin_row_bind_setting (DynoSpinRow *self, GSettings *settings, const char *key)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaKey) schema_key = NULL;
  g_autoptr (GVariant) range = NULL;
  g_autoptr (GVariant) bounds = NULL;
  const char *kind = NULL;
  GtkAdjustment *adjustment;

  g_return_if_fail (DYNO_IS_SPIN_ROW (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (key != NULL);

  /* The schema is the one place the limits are written down. */
  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &kind, &bounds);

  adjustment = gtk_spin_button_get_adjustment (self->spin);
  if (g_str_equal (kind, "range"))
    {
      g_autoptr (GVariant) min = g_variant_get_child_value (bounds, 0);
      g_autoptr (GVariant) max = g_variant_get_child_value (bounds, 1);

      gtk_adjustment_set_lower (adjustment, variant_to_double (min));
      gtk_adjustment_set_upper (adjustment, variant_to_double (max));
    }
  else
    {
      gtk_adjustment_set_lower (adjustment, 0);
      gtk_adjustment_set_upper (adjustment, G_MAXINT32);
    }

  g_settings_bind_with_mapping (settings, key, self, "value", G_SETTINGS_BIND_DEFAULT,
                                get_mapping, set_mapping, NULL, NULL);
}
