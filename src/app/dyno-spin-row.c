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
  char *zero_text; /* shown for 0 ("Auto"), NULL: "0" */
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
dyno_spin_row_finalize (GObject *object)
{
  DynoSpinRow *self = DYNO_SPIN_ROW (object);

  g_free (self->zero_text);
  G_OBJECT_CLASS (dyno_spin_row_parent_class)->finalize (object);
}

static void
dyno_spin_row_class_init (DynoSpinRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dyno_spin_row_finalize;
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

static gboolean
on_output (GtkSpinButton *spin, DynoSpinRow *self)
{
  if (self->zero_text == NULL || gtk_spin_button_get_value (spin) != 0)
    return FALSE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), self->zero_text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), self->zero_text);
  return TRUE;
}

static int
on_input (GtkSpinButton *spin, double *new_value, DynoSpinRow *self)
{
  g_autofree char *typed = NULL;
  g_autofree char *zero = NULL;

  if (self->zero_text == NULL)
    return FALSE;
  typed = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (spin)), -1);
  zero = g_utf8_casefold (self->zero_text, -1);
  if (!g_str_equal (g_strstrip (typed), zero))
    return FALSE;
  *new_value = 0;
  return TRUE;
}

void
dyno_spin_row_set_zero_text (DynoSpinRow *self, const char *text)
{
  g_return_if_fail (DYNO_IS_SPIN_ROW (self));

  if (self->zero_text == NULL && text != NULL)
    {
      g_signal_connect_object (self->spin, "output", G_CALLBACK (on_output), self, 0);
      g_signal_connect_object (self->spin, "input", G_CALLBACK (on_input), self, 0);
    }
  g_free (self->zero_text);
  self->zero_text = g_strdup (text);
  /* Letters are typed too now. */
  gtk_spin_button_set_numeric (self->spin, text == NULL);
  gtk_spin_button_update (self->spin);
  on_output (self->spin, self);
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
  else if (g_variant_is_of_type (variant, G_VARIANT_TYPE_DOUBLE))
    g_value_set_double (value, g_variant_get_double (variant));
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
  if (g_variant_type_equal (type, G_VARIANT_TYPE_DOUBLE))
    return g_variant_new_double (v);
  return NULL;
}

static double
variant_to_double (GVariant *variant)
{
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_UINT32))
    return g_variant_get_uint32 (variant);
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_INT32))
    return g_variant_get_int32 (variant);
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_DOUBLE))
    return g_variant_get_double (variant);
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
  /* A key in seconds or the like: tenths, in steps of a half. */
  if (g_variant_type_equal (g_settings_schema_key_get_value_type (schema_key),
                            G_VARIANT_TYPE_DOUBLE))
    {
      gtk_spin_button_set_digits (self->spin, 1);
      gtk_adjustment_set_step_increment (adjustment, 0.5);
      gtk_adjustment_set_page_increment (adjustment, 5);
    }
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
