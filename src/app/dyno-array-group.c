/* dyno-array-group.c
 *
 * What a figure measured on an array means depends on how many disks carried it: the group
 * names the array (its level, members, chunk, spares and how it was found), its data spindles
 * for reads and for writes, and, once the person says what one member drive does alone, each
 * throughput figure per data spindle and its efficiency, as the seed 000 works it out by hand.
 * It is only built for a target on an array (or run with dyno-cli run --per-spindle): a plain
 * disk has one spindle, and a per-spindle figure would only repeat the table. A hardware RAID
 * shows as one disk; its spindles are given on the command line (docs/compare.md).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-array-group"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-array.h"
#include "dyno-array-group.h"
#include "dyno-parse.h"

struct _DynoArrayGroup
{
  AdwPreferencesGroup parent_instance;

  DynoResult *result;  /* owns the target */
  guint index;
  AdwEntryRow *reference_row;
  GPtrArray *figure_rows;  /* AdwActionRow *, one per throughput figure */
  GHashTable *figures;     /* phase key -> the figure's text */
};

G_DEFINE_FINAL_TYPE (DynoArrayGroup, dyno_array_group, ADW_TYPE_PREFERENCES_GROUP)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static DynoTargetResult *
get_target (DynoArrayGroup *self)
{
  return dyno_result_get_target (self->result, self->index);
}

static GtkWidget *
info_row_new (const char *title, const char *value)
{
  GtkWidget *row = adw_action_row_new ();

  /* Device names and models are data, never markup (said before the text is set). */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
  gtk_widget_add_css_class (row, "info-row");
  return row;
}

static char *
describe_member (const DynoArrayMember *m)
{
  GString *text = g_string_new (m->model != NULL ? m->model : _("unknown model"));

  if (m->rotational == DYNO_TRISTATE_YES)
    /* TRANSLATORS: a member drive of an array that spins */
    g_string_append (text, _(" · hard disk"));
  else if (m->rotational == DYNO_TRISTATE_NO)
    /* TRANSLATORS: a member drive of an array that does not spin */
    g_string_append (text, _(" · solid state"));
  if (m->size > 0)
    {
      g_autofree char *size = dyno_format_size (m->size);

      g_string_append_printf (text, " · %s", size);
    }
  if (m->group != NULL)
    /* TRANSLATORS: the set of an array a member belongs to, like "in md1" or "in raidz2-0" */
    g_string_append_printf (text, _(" · in %s"), m->group);
  if (m->spare)
    /* TRANSLATORS: a member that carries no data until another fails */
    g_string_append (text, _(" · hot spare"));
  return g_string_free (text, FALSE);
}

static void
add_array_rows (DynoArrayGroup *self, const DynoArrayInfo *array)
{
  g_autofree char *describe = dyno_array_info_describe (array);
  /* TRANSLATORS: an array's level and name, like "raid6 (md0)" */
  g_autofree char *layout = array->name != NULL
                                    && !g_str_has_prefix (array->level ? array->level : "",
                                                          array->name)
                                ? g_strdup_printf (_("%s (%s)"),
                                                   array->level ? array->level : "?", array->name)
                                : g_strdup (array->level ? array->level : "?");
  GtkWidget *members = adw_expander_row_new ();
  g_autofree char *count = NULL;
  guint active = dyno_array_info_get_n_active (array);

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), info_row_new (_("Layout"), layout));

  /* TRANSLATORS: an array's members, like "11 members + 2 spares" */
  count = array->spares > 0
              ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u member + %u spares",
                                              "%u members + %u spares", active),
                                 active, array->spares)
              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u member", "%u members", active),
                                 active);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (members), _("Members"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (members), count);
  for (guint i = 0; i < array->members->len; i++)
    {
      const DynoArrayMember *m = g_ptr_array_index (array->members, i);
      g_autofree char *text = describe_member (m);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (members),
                                info_row_new (m->name != NULL ? m->name : "?", text));
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), members);

  if (array->chunk > 0)
    {
      g_autofree char *chunk = dyno_format_size (array->chunk);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self),
                                 info_row_new (_("Chunk"), chunk));
    }
  {
    g_autofree char *spares = g_strdup_printf ("%u", array->spares);

    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), info_row_new (_("Spares"), spares));
  }
  {
    /* A group's description is markup; the array's names are not. */
    g_autofree char *escaped = g_markup_escape_text (describe, -1);

    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), escaped);
  }
}

static void
add_spindle_row (DynoArrayGroup *self)
{
  DynoTargetResult *target = get_target (self);
  const char *how = NULL;
  guint read = 0, write = 0;
  g_autofree char *value = NULL;
  g_autofree char *subtitle = NULL;
  GtkWidget *row;

  dyno_array_target_spindles (target, &read, &write, &how);
  /* TRANSLATORS: data spindles of an array, like "18 for reads, 18 for writes" */
  value = g_strdup_printf (_("%u for reads, %u for writes"), read, write);
  /* TRANSLATORS: how the data spindles were found: "given" or the array's source, like
   * "sysfs md/level, md/raid_disks" */
  subtitle = g_strdup_printf (_("%s · found by: %s"), value,
                              target->spindles_read > 0 ? _("given on the command line")
                                                         : how != NULL ? how : "?");
  row = info_row_new (_("Data spindles"), subtitle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
}

static void
update_figures (DynoArrayGroup *self)
{
  DynoTargetResult *target = get_target (self);
  guint read = 0, write = 0;

  for (guint i = 0; i < self->figure_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                  g_ptr_array_index (self->figure_rows, i));
  g_ptr_array_set_size (self->figure_rows, 0);
  g_hash_table_remove_all (self->figures);
  if (!dyno_array_target_spindles (target, &read, &write, NULL))
    return;

  for (guint p = 0; p < target->phases->len; p++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);
      gboolean writes = dyno_array_phase_writes (phase->phase);
      double rate = dyno_phase_result_get_rate (phase);
      g_autofree char *figure = NULL;
      GtkWidget *row;

      if (dyno_phase_get_unit (phase->phase) != DYNO_UNIT_BYTES || !isfinite (rate)
          || phase->too_fast)
        continue;
      figure = dyno_array_format_figure (rate, writes ? write : read,
                                        writes ? target->reference_write
                                               : target->reference_read);
      row = info_row_new (dyno_phase_get_title (phase->phase), figure);
      gtk_widget_add_css_class (row, "per-spindle");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->figure_rows, row);
      g_hash_table_insert (self->figures, g_strdup (dyno_phase_get_key (phase->phase)),
                           g_steal_pointer (&figure));
    }
}

static char *
reference_text (const DynoTargetResult *target)
{
  if (!isfinite (target->reference_read) || !isfinite (target->reference_write))
    return g_strdup ("");
  if (target->reference_read == target->reference_write)
    return g_strdup_printf ("%g", target->reference_read / 1e6);
  return g_strdup_printf ("%g,%g", target->reference_read / 1e6, target->reference_write / 1e6);
}

gboolean
dyno_array_group_parse_reference (const char *text, double *read, double *write)
{
  g_autofree char *clean = NULL;
  g_auto (GStrv) parts = NULL;
  g_autoptr (GString) with_units = g_string_new (NULL);

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (read != NULL && write != NULL, FALSE);

  clean = g_strstrip (g_strdup (text));
  if (*clean == '\0')
    {
      *read = *write = NAN;
      return TRUE;
    }
  /* A bare number is MB/s here, as the row's title says; dyno-cli's --reference reads it as
   * bytes/s, where a unit is expected. */
  parts = g_strsplit (clean, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));
      char *end = NULL;

      g_ascii_strtod (part, &end);
      if (i > 0)
        g_string_append_c (with_units, ',');
      g_string_append (with_units, part);
      if (end != part && *end == '\0')
        g_string_append_c (with_units, 'M');
    }
  return dyno_array_parse_reference (with_units->str, read, write, NULL);
}

static void
on_reference_apply (DynoArrayGroup *self)
{
  DynoTargetResult *target = get_target (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->reference_row));
  double read = NAN, write = NAN;

  if (!dyno_array_group_parse_reference (text, &read, &write)
      || !dyno_array_target_set_reference (target, read, write))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->reference_row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_row),
                                   _("Give one drive’s rate in MB/s, such as 93, or its read and "
                                     "write rates, such as 93,70"));
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->reference_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_row), NULL);
  update_figures (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
dyno_array_group_dispose (GObject *object)
{
  DynoArrayGroup *self = DYNO_ARRAY_GROUP (object);

  g_clear_pointer (&self->figure_rows, g_ptr_array_unref);
  g_clear_pointer (&self->figures, g_hash_table_unref);
  g_clear_object (&self->result);
  G_OBJECT_CLASS (dyno_array_group_parent_class)->dispose (object);
}

static void
dyno_array_group_class_init (DynoArrayGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dyno_array_group_dispose;

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dyno_array_group_init (DynoArrayGroup *self)
{
  self->figure_rows = g_ptr_array_new ();
  self->figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

GtkWidget *
dyno_array_group_new (DynoResult *result, guint index)
{
  DynoArrayGroup *self;
  DynoTargetResult *target;
  guint read = 0, write = 0;
  g_autofree char *reference = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);
  g_return_val_if_fail (index < dyno_result_get_n_targets (result), NULL);

  target = dyno_result_get_target (result, index);
  if (!dyno_array_target_spindles (target, &read, &write, NULL))
    return NULL;

  self = g_object_new (DYNO_TYPE_ARRAY_GROUP, "title", _("Array"), NULL);
  self->result = g_object_ref (result);
  self->index = index;
  if (target->info != NULL && target->info->array != NULL)
    add_array_rows (self, target->info->array);
  add_spindle_row (self);

  self->reference_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  /* TRANSLATORS: an entry; what a person types is a rate in MB/s, like 93 or 93,70 */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->reference_row),
                                 _("Reference rate: one drive alone sustains … MB/s (read,write)"));
  adw_entry_row_set_show_apply_button (self->reference_row, TRUE);
  reference = reference_text (target);
  gtk_editable_set_text (GTK_EDITABLE (self->reference_row), reference);
  g_signal_connect_object (self->reference_row, "apply", G_CALLBACK (on_reference_apply), self,
                           G_CONNECT_SWAPPED);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->reference_row));
  update_figures (self);
  return GTK_WIDGET (self);
}

AdwEntryRow *
dyno_array_group_get_reference_row (DynoArrayGroup *self)
{
  g_return_val_if_fail (DYNO_IS_ARRAY_GROUP (self), NULL);
  return self->reference_row;
}

const char *
dyno_array_group_get_figure (DynoArrayGroup *self, const DynoPhase *phase)
{
  g_return_val_if_fail (DYNO_IS_ARRAY_GROUP (self), NULL);
  g_return_val_if_fail (phase != NULL, NULL);
  return g_hash_table_lookup (self->figures, dyno_phase_get_key (phase));
}
