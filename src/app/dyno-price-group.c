/* dyno-price-group.c
 *
 * The price is asked for here, on the result, rather than in the setup view's target rows:
 * it belongs to what was measured, not to how to measure it, a person knows it best when the
 * figures are in front of them, and a run from dyno-cli or an import gets one the same way.
 * It is stored as dyno-cli run --price stores it (the target's "price" in the result file),
 * so comparisons in the app and in dyno-cli show the same rows per currency unit.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-price-group"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-price.h"
#include "dyno-price-group.h"
#include "dyno-units.h"

struct _DynoPriceGroup
{
  AdwPreferencesGroup parent_instance;

  DynoResult *result; /* owns the target */
  guint index;
  DynoRateUnit rate_unit;
  AdwEntryRow *entry;
  GPtrArray *figure_rows; /* AdwActionRow * */
  GHashTable *figures;    /* phase key -> text */
};

G_DEFINE_FINAL_TYPE (DynoPriceGroup, dyno_price_group, ADW_TYPE_PREFERENCES_GROUP)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static DynoTargetResult *
get_target (DynoPriceGroup *self)
{
  return dyno_result_get_target (self->result, self->index);
}

/* Three significant digits: a few MB/s per USD, or 0.0125 IOPS per EUR. */
static char *
format_value (double value)
{
  int decimals;

  if (!(value > 0))
    return g_strdup ("0");
  if (value < 0.001)
    return g_strdup_printf ("%.2e", value);
  decimals = MAX (0, 2 - (int) floor (log10 (value)));
  return g_strdup_printf ("%.*f", decimals, value);
}

static void
update_figures (DynoPriceGroup *self)
{
  DynoTargetResult *target = get_target (self);

  for (guint i = 0; i < self->figure_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                  g_ptr_array_index (self->figure_rows, i));
  g_ptr_array_set_size (self->figure_rows, 0);
  g_hash_table_remove_all (self->figures);
  if (!dyno_target_result_has_price (target))
    return;

  for (guint p = 0; p < target->phases->len; p++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);
      DynoUnit unit = dyno_phase_get_unit (phase->phase);
      double rate = dyno_phase_result_get_rate (phase);
      double scale = unit == DYNO_UNIT_BYTES ? dyno_rate_unit_scale (self->rate_unit) : 1;
      g_autofree char *value = NULL;
      char *text;
      GtkWidget *row;

      if (!isfinite (rate) || phase->too_fast)
        continue;
      value = format_value (rate / target->price_amount / scale);
      /* TRANSLATORS: a figure per currency unit, like "0.533 MB/s per USD" */
      text = g_strdup_printf (_("%s %s per %s"), value,
                              dyno_units_rate_label (unit, self->rate_unit),
                              target->price_currency);
      row = adw_action_row_new ();
      /* The currency is a person's text: never markup, said before the text is set. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     dyno_phase_get_title (phase->phase));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
      gtk_widget_add_css_class (row, "info-row");
      gtk_widget_add_css_class (row, "per-price");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->figure_rows, row);
      g_hash_table_insert (self->figures, g_strdup (dyno_phase_get_key (phase->phase)), text);
    }
}

static void
show_error (DynoPriceGroup *self, const char *message)
{
  gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry), message);
}

static void
on_apply (DynoPriceGroup *self)
{
  DynoTargetResult *target = get_target (self);
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  g_autofree char *currency = NULL;
  g_autoptr (GError) error = NULL;
  double amount = NAN;

  if (*text == '\0')
    dyno_target_result_set_price (target, NAN, NULL);
  else
    {
      if (!dyno_price_parse (text, &amount, &currency, &error))
        {
          show_error (self, error->message);
          return;
        }
      /* As dyno-cli run --price: the locale's currency when none is given. */
      if (currency == NULL)
        currency = dyno_price_locale_currency ();
      if (currency == NULL)
        {
          show_error (self, _("Give a currency code too, such as “1500 USD”: this system’s "
                              "language settings name none"));
          return;
        }
      dyno_target_result_set_price (target, amount, currency);
      {
        g_autofree char *shown = dyno_price_format (amount, currency);

        gtk_editable_set_text (GTK_EDITABLE (self->entry), shown);
      }
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry), NULL);
  update_figures (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
dyno_price_group_dispose (GObject *object)
{
  DynoPriceGroup *self = DYNO_PRICE_GROUP (object);

  g_clear_pointer (&self->figure_rows, g_ptr_array_unref);
  g_clear_pointer (&self->figures, g_hash_table_unref);
  g_clear_object (&self->result);
  G_OBJECT_CLASS (dyno_price_group_parent_class)->dispose (object);
}

static void
dyno_price_group_class_init (DynoPriceGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dyno_price_group_dispose;

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dyno_price_group_init (DynoPriceGroup *self)
{
  self->figure_rows = g_ptr_array_new ();
  self->figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

GtkWidget *
dyno_price_group_new (DynoResult *result, guint index, DynoRateUnit rate_unit)
{
  DynoPriceGroup *self;
  DynoTargetResult *target;
  g_autofree char *currency = dyno_price_locale_currency ();
  g_autofree char *example = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);
  g_return_val_if_fail (index < dyno_result_get_n_targets (result), NULL);

  target = dyno_result_get_target (result, index);
  self = g_object_new (DYNO_TYPE_PRICE_GROUP, "title", _("Price"), NULL);
  self->result = g_object_ref (result);
  self->index = index;
  self->rate_unit = rate_unit;
  /* TRANSLATORS: under the Price heading; %s is a currency code such as USD */
  example = g_strdup_printf (_("What this target cost, such as “1500 %s”: its figures per "
                               "currency unit appear here and in comparisons"),
                             currency != NULL ? currency : "USD");
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), example);

  self->entry = ADW_ENTRY_ROW (adw_entry_row_new ());
  /* TRANSLATORS: an entry: an amount and a currency code, like 1500 USD */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->entry), _("Amount and currency"));
  adw_entry_row_set_show_apply_button (self->entry, TRUE);
  if (dyno_target_result_has_price (target))
    {
      g_autofree char *shown = dyno_price_format (target->price_amount, target->price_currency);

      gtk_editable_set_text (GTK_EDITABLE (self->entry), shown);
    }
  g_signal_connect_object (self->entry, "apply", G_CALLBACK (on_apply), self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->entry));
  update_figures (self);
  return GTK_WIDGET (self);
}

AdwEntryRow *
dyno_price_group_get_entry (DynoPriceGroup *self)
{
  g_return_val_if_fail (DYNO_IS_PRICE_GROUP (self), NULL);
  return self->entry;
}

const char *
dyno_price_group_get_figure (DynoPriceGroup *self, const DynoPhase *phase)
{
  g_return_val_if_fail (DYNO_IS_PRICE_GROUP (self), NULL);
  g_return_val_if_fail (phase != NULL, NULL);
  return g_hash_table_lookup (self->figures, dyno_phase_get_key (phase));
}
