/* dyno-setup-view.c
 *
 * Every option row is bound to its GSettings key, so what the rows show is what runs, and
 * it is still there next time. The text rows are checked as people type: a size that does
 * not parse keeps the typed text, marks the row, says why in the note, and disables Run.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-setup-view"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-config-enums.h"
#include "dyno-error.h"
#include "dyno-option.h"
#include "dyno-parse.h"
#include "dyno-preflight.h"
#include "dyno-presets.h"
#include "dyno-profile.h"
#include "dyno-setup-view.h"
#include "dyno-spin-row.h"
#include "dyno-switch-row.h"
#include "dyno-units.h"

typedef enum
{
  ENTRY_SIZE,
  ENTRY_FILES,
  ENTRY_PER_CHAR_SIZE,
  N_ENTRIES
} EntryKind;

typedef struct
{
  AdwEntryRow *row;
  GtkWidget *error_icon;
  const char *key;
  char *error; /* why the text does not parse, NULL when it does */
} Entry;

struct _DynoSetupView
{
  AdwPreferencesPage parent_instance;

  DynoTargetList *target_list;
  AdwPreferencesGroup *test_group;
  AdwPreferencesGroup *advanced_toggle_group;
  GtkToggleButton *advanced_button;
  GtkImage *advanced_icon;
  AdwPreferencesGroup *options_group;
  AdwPreferencesGroup *phases_group;
  AdwPreferencesGroup *cache_group;
  AdwPreferencesGroup *record_group;
  AdwComboRow *preset_row;
  GtkBox *note;
  GtkImage *note_icon;
  GtkLabel *note_label;
  DynoSpinRow *phase_time_row;
  DynoSwitchRow *auto_size_row;
  AdwEntryRow *size_row;
  AdwComboRow *chunk_row;
  AdwExpanderRow *tests_row;
  AdwEntryRow *files_row;
  DynoSpinRow *seeks_row;
  DynoSpinRow *seekers_row;
  AdwComboRow *per_char_row;
  AdwEntryRow *per_char_size_row;
  AdwComboRow *cache_row;
  AdwComboRow *data_row;
  DynoSpinRow *repeat_row;
  AdwEntryRow *label_row;
  AdwEntryRow *notes_row;
  AdwPreferencesGroup *drive_group;
  AdwComboRow *drive_profile_row;
  DynoSwitchRow *drive_mix_row;
  AdwExpanderRow *drive_tests_row;
  AdwComboRow *queue_size_row;
  DynoSpinRow *interval_row;

  GSettings *settings;
  /* DynoSwitchRow *, one per kind of Bonnie's (dyno_phase_bonnie ()) and per kind of its own
   * (neither Bonnie's nor queued), each with its phase as "phase" data */
  GPtrArray *phase_rows;
  DynoSwitchRow *whole_profile_row;    /* every test of the drive profile */
  GPtrArray *drive_phases;             /* const DynoPhase *: every profile's tests */
  GPtrArray *drive_rows;               /* DynoSwitchRow *, one per drive_phases entry */
  GtkStringList *queue_sizes;          /* the size row's items: the sizes below, maybe one more */
  Entry entries[N_ENTRIES];
  guint64 ram_bytes;
  char *last_size; /* the last size typed, for when "Size Automatically" is turned off */
  gboolean can_run;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (DynoSetupView, dyno_setup_view, ADW_TYPE_PREFERENCES_PAGE)

enum
{
  PROP_0,
  PROP_CAN_RUN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const preset_nicks[] = { "quick", "classic", "full", "drive", "custom", NULL };
static const char *const profile_nicks[] = { "default", "nvme", "peak", "real-world", NULL };

#define N_CHUNKS 19 /* 256 B to 64 MiB */
/* CrystalDiskMark's test file sizes: 16 MiB to 64 GiB */
#define N_QUEUE_SIZES 13
#define QUEUE_SIZE(i) ((G_GUINT64_CONSTANT (16) << 20) << (i))

static gboolean
chunk_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  guint64 chunk = g_variant_get_uint64 (variant);

  for (guint i = 0; i < N_CHUNKS; i++)
    if ((G_GUINT64_CONSTANT (256) << i) == chunk)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
chunk_set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint index = g_value_get_uint (value);

  if (index >= N_CHUNKS)
    return NULL;
  return g_variant_new_uint64 (G_GUINT64_CONSTANT (256) << index);
}

static GListModel *
create_chunk_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < N_CHUNKS; i++)
    {
      g_autofree char *text = dyno_format_size (G_GUINT64_CONSTANT (256) << i);

      gtk_string_list_append (list, text);
    }
  return G_LIST_MODEL (list);
}

static GListModel *
create_preset_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < DYNO_N_PRESETS; i++)
    gtk_string_list_append (list, dyno_preset_title (i));
  return G_LIST_MODEL (list);
}

static GListModel *
create_profile_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  guint n_profiles;
  const DynoProfile *const *profiles = dyno_profiles (&n_profiles);

  g_assert (n_profiles == G_N_ELEMENTS (profile_nicks) - 1);
  for (guint i = 0; i < n_profiles; i++)
    {
      g_assert (g_str_equal (profiles[i]->nick, profile_nicks[i]));
      gtk_string_list_append (list, dyno_profile_get_title (profiles[i]));
    }
  return G_LIST_MODEL (list);
}

static void
set_model (AdwComboRow *row, GListModel *model)
{
  adw_combo_row_set_model (row, model);
  g_object_unref (model);
}

/* Entries */

static gboolean
check_entry (EntryKind kind, const char *text, GError **error)
{
  g_autoptr (DynoConfig) scratch = dyno_config_new ();
  guint64 bytes;

  switch (kind)
    {
    case ENTRY_SIZE:
      return dyno_settings_parse_size (text, &bytes, NULL, error);
    case ENTRY_FILES:
      return dyno_settings_parse_files_spec (text, scratch, NULL, error);
    case ENTRY_PER_CHAR_SIZE:
      {
        g_autofree char *stripped = g_strstrip (g_strdup (text));

        return *stripped == '\0' || dyno_parse_size (stripped, &bytes, error);
      }
    case N_ENTRIES:
    default:
      g_return_val_if_reached (FALSE);
    }
}

static void update_state (DynoSetupView *self);

static void
on_entry_changed (DynoSetupView *self, AdwEntryRow *row)
{
  g_autoptr (GError) error = NULL;
  Entry *entry = NULL;
  const char *text;

  for (guint i = 0; i < N_ENTRIES; i++)
    if (self->entries[i].row == row)
      entry = &self->entries[i];
  g_assert (entry != NULL);

  if (self->syncing)
    return;

  text = gtk_editable_get_text (GTK_EDITABLE (row));
  g_clear_pointer (&entry->error, g_free);
  if (check_entry (entry - self->entries, text, &error))
    {
      g_autofree char *stored = g_settings_get_string (self->settings, entry->key);

      gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
      gtk_widget_set_visible (entry->error_icon, FALSE);
      if (!g_str_equal (stored, text))
        g_settings_set_string (self->settings, entry->key, text);
    }
  else
    {
      /* Keep what was typed: the setting keeps its last good value until the text parses. */
      entry->error = g_strdup (error->message);
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      gtk_widget_set_tooltip_text (entry->error_icon, error->message);
      gtk_widget_set_visible (entry->error_icon, TRUE);
    }
  update_state (self);
}

static void
load_entry (DynoSetupView *self, Entry *entry)
{
  g_autofree char *stored = g_settings_get_string (self->settings, entry->key);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry->row));

  if (g_str_equal (stored, text))
    return;
  /* A preset or another window changed the key: the row shows the new, valid value. */
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (entry->row), stored);
  self->syncing = FALSE;
  g_clear_pointer (&entry->error, g_free);
  gtk_widget_remove_css_class (GTK_WIDGET (entry->row), "error");
  gtk_widget_set_visible (entry->error_icon, FALSE);
}

static void
setup_entry (DynoSetupView *self, EntryKind kind, AdwEntryRow *row, const char *key)
{
  Entry *entry = &self->entries[kind];

  entry->row = row;
  entry->key = key;
  entry->error_icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");
  gtk_widget_add_css_class (entry->error_icon, "error");
  gtk_widget_set_visible (entry->error_icon, FALSE);
  adw_entry_row_add_suffix (row, entry->error_icon);
  load_entry (self, entry);
  g_signal_connect_object (row, "changed", G_CALLBACK (on_entry_changed), self,
                           G_CONNECT_SWAPPED);
}

/* Size Automatically: on when the size key says "auto"; the entry, shown while it is off (a
 * binding in dyno-setup-view.ui), is for a size of one's own. */

static void
load_auto_size (DynoSetupView *self)
{
  g_autofree char *size = g_settings_get_string (self->settings, "size");
  gboolean automatic = dyno_settings_is_auto (size);

  if (!automatic && dyno_settings_parse_size (size, NULL, NULL, NULL))
    {
      g_free (self->last_size);
      self->last_size = g_strdup (size);
    }
  self->syncing = TRUE;
  dyno_switch_row_set_active (self->auto_size_row, automatic);
  self->syncing = FALSE;
}

static void
on_auto_size_toggled (DynoSetupView *self)
{
  gboolean automatic = dyno_switch_row_get_active (self->auto_size_row);
  g_autofree char *size = g_settings_get_string (self->settings, "size");

  if (self->syncing || automatic == dyno_settings_is_auto (size))
    return;
  if (automatic)
    g_settings_set_string (self->settings, "size", "auto");
  else
    {
      g_autofree char *fallback = dyno_units_size_to_text (DYNO_DEFAULT_SIZE);

      g_settings_set_string (self->settings, "size",
                             self->last_size != NULL ? self->last_size : fallback);
    }
}

/* Phases */

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

static gboolean
same_phases (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!g_ptr_array_find (b, g_ptr_array_index (a, i), NULL))
      return FALSE;
  return TRUE;
}

static void
on_phase_toggled (DynoSetupView *self)
{
  g_autoptr (GPtrArray) current = NULL;
  g_autoptr (GPtrArray) wanted = g_ptr_array_new ();
  g_autoptr (GPtrArray) switched = g_ptr_array_new ();

  if (self->syncing)
    return;
  current = dyno_settings_get_phases (self->settings);
  for (guint i = 0; i < self->phase_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->phase_rows, i);
      gpointer phase = g_object_get_data (row, "phase");

      g_ptr_array_add (switched, phase);
      if (dyno_switch_row_get_active (DYNO_SWITCH_ROW (row)))
        g_ptr_array_add (wanted, phase);
    }
  /* Phases the page has no switch for stay chosen. */
  for (guint i = 0; i < current->len; i++)
    if (!g_ptr_array_find (switched, g_ptr_array_index (current, i), NULL))
      g_ptr_array_add (wanted, g_ptr_array_index (current, i));
  g_ptr_array_sort (wanted, compare_phases);
  if (!same_phases (current, wanted))
    dyno_settings_set_phases (self->settings, wanted);
}

static void
load_phases (DynoSetupView *self)
{
  g_autoptr (GPtrArray) phases = dyno_settings_get_phases (self->settings);
  g_autoptr (GString) summary = g_string_new (NULL);
  const DynoPhase *seeks = dyno_phase_lookup ("seeks");
  g_autoptr (GPtrArray) profile = dyno_settings_get_drive_phases (self->settings);
  guint n_file_tests = 0;
  guint n_queued = 0;
  gboolean io = FALSE;
  gboolean per_char = FALSE;
  gboolean whole_profile = TRUE;

  self->syncing = TRUE;
  for (guint i = 0; i < self->phase_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->phase_rows, i);

      dyno_switch_row_set_active (DYNO_SWITCH_ROW (row),
                                  g_ptr_array_find (phases, g_object_get_data (row, "phase"),
                                                    NULL));
    }
  for (guint i = 0; i < self->drive_rows->len; i++)
    dyno_switch_row_set_active (g_ptr_array_index (self->drive_rows, i),
                                g_ptr_array_find (phases, g_ptr_array_index (self->drive_phases, i),
                                                  NULL));
  for (guint i = 0; i < profile->len; i++)
    whole_profile &= g_ptr_array_find (phases, g_ptr_array_index (profile, i), NULL);
  dyno_switch_row_set_active (self->whole_profile_row, whole_profile);
  self->syncing = FALSE;

  g_ptr_array_sort (phases, compare_phases);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);

      if (dyno_phase_has_flag (phase, DYNO_PHASE_PER_CHAR))
        per_char = TRUE;
      if (dyno_phase_has_flag (phase, DYNO_PHASE_FILE_TEST))
        {
          n_file_tests++;
          continue;
        }
      if (dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
        {
          n_queued++;
          continue;
        }
      io |= dyno_phase_has_flag (phase, DYNO_PHASE_READS_DATA | DYNO_PHASE_WRITES_DATA);
      if (summary->len > 0)
        g_string_append (summary, ", ");
      g_string_append (summary, dyno_phase_get_title (phase));
    }
  if (n_file_tests > 0)
    {
      if (summary->len > 0)
        g_string_append (summary, ", ");
      g_string_append_printf (summary,
                              g_dngettext (GETTEXT_PACKAGE, "%u file test", "%u file tests",
                                           n_file_tests),
                              n_file_tests);
    }
  if (n_queued > 0)
    {
      if (summary->len > 0)
        g_string_append (summary, ", ");
      g_string_append_printf (summary,
                              /* TRANSLATORS: in the summary of the chosen phases */
                              g_dngettext (GETTEXT_PACKAGE, "%u drive test", "%u drive tests",
                                           n_queued),
                              n_queued);
    }
  if (summary->len == 0)
    g_string_append (summary, _("None: choose at least one"));
  adw_expander_row_set_subtitle (self->tests_row, summary->str);

  {
    const DynoProfile *chosen = dyno_profile_find (phases);
    g_autofree char *text = NULL;

    if (n_queued == 0)
      /* TRANSLATORS: the Drive Tests row's summary when none is chosen */
      text = g_strdup (_("None"));
    else if (chosen != NULL && whole_profile && n_queued == profile->len)
      /* TRANSLATORS: the Drive Tests row's summary: a profile's name and its number of tests,
       * "Default profile: 8 tests" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s profile: %u test",
                                           "%s profile: %u tests", n_queued),
                              dyno_profile_get_title (chosen), n_queued);
    else
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u test", "%u tests", n_queued),
                              n_queued);
    adw_expander_row_set_subtitle (self->drive_tests_row, text);
  }
  gtk_widget_set_sensitive (GTK_WIDGET (self->queue_size_row), n_queued > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->interval_row), n_queued > 0);

  /* Rows that do not matter for the chosen phases step back. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->auto_size_row), io);
  gtk_widget_set_sensitive (GTK_WIDGET (self->size_row), io);
  gtk_widget_set_sensitive (GTK_WIDGET (self->chunk_row), io);
  gtk_widget_set_sensitive (GTK_WIDGET (self->files_row), n_file_tests > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seeks_row), g_ptr_array_find (phases, seeks, NULL));
  gtk_widget_set_sensitive (GTK_WIDGET (self->seekers_row),
                            g_ptr_array_find (phases, seeks, NULL));
  gtk_widget_set_sensitive (GTK_WIDGET (self->per_char_row), per_char);
  /* The drive tests bypass the cache themselves (O_DIRECT). */
  gtk_widget_set_sensitive (GTK_WIDGET (self->cache_row), io);
  gtk_widget_set_sensitive (GTK_WIDGET (self->per_char_size_row), per_char);
}

static void
add_phase_row (DynoSetupView *self, const DynoPhase *phase)
{
  GtkWidget *row = dyno_switch_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), dyno_phase_get_title (phase));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dyno_phase_kind_get_blurb (phase->kind));
  g_object_set_data (G_OBJECT (row), "phase", (gpointer) phase);
  g_signal_connect_object (row, "notify::active", G_CALLBACK (on_phase_toggled), self,
                           G_CONNECT_SWAPPED);
  adw_expander_row_add_row (self->tests_row, row);
  g_ptr_array_add (self->phase_rows, row);
}

static void
create_phase_rows (DynoSetupView *self)
{
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);
  guint n_kinds;
  const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

  /* A switch for each of Bonnie's kinds, then for each kind of its own (the drive tests have
   * theirs), its blurb under its title. */
  self->phase_rows = g_ptr_array_new ();
  for (guint i = 0; i < n_bonnie; i++)
    add_phase_row (self, bonnie[i]);
  for (guint i = 0; i < n_kinds; i++)
    if (!(kinds[i]->flags & (DYNO_PHASE_BONNIE | DYNO_PHASE_QUEUED)))
      add_phase_row (self, dyno_phase_get (kinds[i], NULL));
}

/* Drive tests: the whole profile, or tests one by one */

static void
set_phases_if_changed (DynoSetupView *self, GPtrArray *current, GPtrArray *wanted)
{
  g_ptr_array_sort (wanted, compare_phases);
  if (!same_phases (current, wanted))
    dyno_settings_set_phases (self->settings, wanted);
}

static void
on_drive_test_toggled (DynoSetupView *self)
{
  g_autoptr (GPtrArray) current = NULL;
  g_autoptr (GPtrArray) wanted = g_ptr_array_new ();

  if (self->syncing)
    return;
  current = dyno_settings_get_phases (self->settings);
  /* Phases the rows do not show stay as they are. */
  for (guint i = 0; i < current->len; i++)
    if (!g_ptr_array_find (self->drive_phases, g_ptr_array_index (current, i), NULL))
      g_ptr_array_add (wanted, g_ptr_array_index (current, i));
  for (guint i = 0; i < self->drive_rows->len; i++)
    if (dyno_switch_row_get_active (g_ptr_array_index (self->drive_rows, i)))
      g_ptr_array_add (wanted, g_ptr_array_index (self->drive_phases, i));
  set_phases_if_changed (self, current, wanted);
}

static void
on_whole_profile_toggled (DynoSetupView *self)
{
  g_autoptr (GPtrArray) current = NULL;
  g_autoptr (GPtrArray) profile = NULL;
  g_autoptr (GPtrArray) wanted = g_ptr_array_new ();
  gboolean active = dyno_switch_row_get_active (self->whole_profile_row);

  if (self->syncing)
    return;
  current = dyno_settings_get_phases (self->settings);
  profile = dyno_settings_get_drive_phases (self->settings);
  for (guint i = 0; i < current->len; i++)
    if (!g_ptr_array_find (profile, g_ptr_array_index (current, i), NULL))
      g_ptr_array_add (wanted, g_ptr_array_index (current, i));
  if (active)
    g_ptr_array_extend (wanted, profile, NULL, NULL);
  set_phases_if_changed (self, current, wanted);
}

static void
create_drive_rows (DynoSetupView *self)
{
  guint n_profiles;
  const DynoProfile *const *profiles = dyno_profiles (&n_profiles);
  GtkWidget *whole = dyno_switch_row_new ();

  /* The tests of every profile, with their mixes: CrystalDiskMark's whole menu. */
  for (guint p = 0; p < n_profiles; p++)
    {
      g_autoptr (GPtrArray) phases = dyno_profile_get_phases (profiles[p], TRUE, 0);

      for (guint i = 0; i < phases->len; i++)
        if (!g_ptr_array_find (self->drive_phases, g_ptr_array_index (phases, i), NULL))
          g_ptr_array_add (self->drive_phases, g_ptr_array_index (phases, i));
    }
  g_ptr_array_sort (self->drive_phases, compare_phases);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (whole), _("The Whole Profile"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (whole),
                               _("Every test of the drive profile above, as CrystalDiskMark runs "
                                 "them"));
  g_signal_connect_object (whole, "notify::active", G_CALLBACK (on_whole_profile_toggled), self,
                           G_CONNECT_SWAPPED);
  adw_expander_row_add_row (self->drive_tests_row, whole);
  self->whole_profile_row = DYNO_SWITCH_ROW (whole);

  for (guint i = 0; i < self->drive_phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (self->drive_phases, i);
      GtkWidget *row = dyno_switch_row_new ();
      /* TRANSLATORS: a drive test's switch: CrystalDiskMark's name and the operation, "SEQ1M
       * Q8T1 · Read" */
      g_autofree char *title = g_strdup_printf (_("%s · %s"), dyno_phase_get_short_title (phase),
                                                dyno_phase_group_get_title (phase->kind->group));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dyno_phase_get_title (phase));
      g_signal_connect_object (row, "notify::active", G_CALLBACK (on_drive_test_toggled), self,
                               G_CONNECT_SWAPPED);
      adw_expander_row_add_row (self->drive_tests_row, row);
      g_ptr_array_add (self->drive_rows, row);
    }
}

/* The test file size: CrystalDiskMark's choices, and a size of one's own (dyno-cli's) as it is */

static void
load_queue_size (DynoSetupView *self)
{
  guint64 size = g_settings_get_uint64 (self->settings, "queue-size");
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->queue_sizes));
  guint index = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < N_QUEUE_SIZES; i++)
    if (QUEUE_SIZE (i) == size)
      index = i;
  self->syncing = TRUE;
  if (index == GTK_INVALID_LIST_POSITION)
    {
      g_autofree char *text = dyno_format_size (size);
      const char *const items[] = { text, NULL };

      gtk_string_list_splice (self->queue_sizes, N_QUEUE_SIZES, n_items - N_QUEUE_SIZES, items);
      index = N_QUEUE_SIZES;
    }
  else if (n_items > N_QUEUE_SIZES)
    gtk_string_list_splice (self->queue_sizes, N_QUEUE_SIZES, n_items - N_QUEUE_SIZES, NULL);
  adw_combo_row_set_selected (self->queue_size_row, index);
  self->syncing = FALSE;
}

static void
on_queue_size_selected (DynoSetupView *self)
{
  guint index = adw_combo_row_get_selected (self->queue_size_row);

  if (self->syncing || index >= N_QUEUE_SIZES)
    return;
  if (g_settings_get_uint64 (self->settings, "queue-size") != QUEUE_SIZE (index))
    g_settings_set_uint64 (self->settings, "queue-size", QUEUE_SIZE (index));
}

static GtkStringList *
create_queue_size_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < N_QUEUE_SIZES; i++)
    {
      g_autofree char *text = dyno_format_size (QUEUE_SIZE (i));

      gtk_string_list_append (list, text);
    }
  return list;
}

/* The note */

typedef enum
{
  NOTE_INFO,
  NOTE_WARNING,
  NOTE_ERROR,
} NoteLevel;

static char *
describe_cache (const DynoConfig *config, guint64 ram_bytes, NoteLevel *level)
{
  g_autofree char *size = dyno_format_size (config->size);
  g_autofree char *ram = dyno_format_size (ram_bytes);
  g_autofree char *twice = dyno_format_size (2 * ram_bytes);

  if (!dyno_config_has_io_tests (config))
    {
      /* Drive tests say what they do in a note of their own. */
      if (dyno_config_has_queued_tests (config))
        return NULL;
      return g_strdup (_("File tests only: the figures are files created, looked up and deleted "
                         "per second; the data file and the cache policy do not come into it."));
    }

  if (dyno_config_is_auto (config, DYNO_AUTO_SIZE))
    {
      /* The size is only known once each target measured its block writes. */
      g_free (size);
      /* TRANSLATORS: how the data file is sized, standing in for a size in the note: "A data
       * file sized to last 3 s of block writes on each target with cache eviction: …" */
      size = g_strdup_printf (_("A data file sized to last %g s of block writes on each target"),
                              config->phase_time);
      if (config->cache == DYNO_CACHE_NONE)
        {
          *level = MAX (*level, NOTE_WARNING);
          /* TRANSLATORS: %s is the size phrase above; then the RAM, like "16 GiB" */
          return g_strdup_printf (_("%s, without cache eviction on a machine with %s of RAM: "
                                    "reads will likely come from RAM, not the disk. Evict the "
                                    "cache, or give a size of at least twice the RAM."),
                                  size, ram);
        }
    }

  switch (config->cache)
    {
    case DYNO_CACHE_EVICT:
      /* TRANSLATORS: %s is the file size, like "1 GiB" */
      /* Said as the run does it: what could stay cached is measured, not promised away. */
      return g_strdup_printf (_("%s, taken out of the page cache before every read so that "
                                "reads come from the disk; whatever stays cached is measured and "
                                "shown."),
                              size);
    case DYNO_CACHE_DROP:
      /* TRANSLATORS: %s is the file size, like "1 GiB" */
      return g_strdup_printf (_("%s, dropping the page cache before reads (without root only "
                                "the file’s own pages and its copies in the layers below); what "
                                "stayed cached is measured and shown."),
                              size);
    case DYNO_CACHE_DIRECT:
      /* TRANSLATORS: %s is the file size, like "1 GiB" */
      return g_strdup_printf (_("%s with O_DIRECT: block phases bypass the page cache; per-char "
                                "phases are evicted before reading."),
                              size);
    case DYNO_CACHE_NONE:
    default:
      if (ram_bytes > 0 && config->size < 2 * ram_bytes)
        {
          *level = MAX (*level, NOTE_WARNING);
          /* TRANSLATORS: file size, RAM, twice the RAM: "1 GiB", "16 GiB", "32 GiB" */
          return g_strdup_printf (_("%s without cache eviction on a machine with %s of RAM: reads "
                                    "will likely come from RAM, not the disk. Use at least %s, "
                                    "or evict the cache."),
                                  size, ram, twice);
        }
      /* TRANSLATORS: file size, RAM: "32 GiB", "16 GiB" */
      return g_strdup_printf (_("%s without cache eviction, at least twice the RAM (%s): most "
                                "reads come from the disk, as with bonnie++."),
                              size, ram);
    }
}

static char *
describe_drive (const DynoConfig *config)
{
  g_autofree char *size = dyno_format_size (config->queue_size);

  if (!dyno_config_has_queued_tests (config))
    return NULL;
  if (config->phase_time <= 0)
    /* TRANSLATORS: the drive tests' note: the test file's size, the repeats */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Drive tests on a %s file with O_DIRECT, so reads come "
                                         "from the disk, not RAM: each test goes over the file "
                                         "once, %u time.",
                                         "Drive tests on a %s file with O_DIRECT, so reads come "
                                         "from the disk, not RAM: each test goes over the file "
                                         "once, %u times.",
                                         config->repeat),
                            size, config->repeat);
  /* TRANSLATORS: the drive tests' note: file size, seconds measured, seconds of rest, repeats */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Drive tests on a %s file with O_DIRECT, so reads come "
                                       "from the disk, not RAM: each test measures %g s after "
                                       "%g s of rest, %u time.",
                                       "Drive tests on a %s file with O_DIRECT, so reads come "
                                       "from the disk, not RAM: each test measures %g s after "
                                       "%g s of rest, %u times.",
                                       config->repeat),
                          size, config->phase_time, config->interval, config->repeat);
}

static void
set_note (DynoSetupView *self, NoteLevel level, const char *text)
{
  static const char *const icons[] = {
    [NOTE_INFO] = "dialog-information-symbolic",
    [NOTE_WARNING] = "dialog-warning-symbolic",
    [NOTE_ERROR] = "dialog-error-symbolic",
  };

  gtk_image_set_from_icon_name (self->note_icon, icons[level]);
  gtk_label_set_text (self->note_label, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->note), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->note), "error");
  if (level == NOTE_WARNING)
    gtk_widget_add_css_class (GTK_WIDGET (self->note), "warning");
  else if (level == NOTE_ERROR)
    gtk_widget_add_css_class (GTK_WIDGET (self->note), "error");
}

static void
update_state (DynoSetupView *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoConfig) config = dyno_setup_view_build_config (self, &error);
  g_autoptr (GPtrArray) selected = dyno_target_list_get_selected (self->target_list);
  g_autoptr (GPtrArray) rows = dyno_target_list_get_rows (self->target_list);
  g_autoptr (GString) text = g_string_new (NULL);
  NoteLevel level = NOTE_INFO;
  guint n_candidates = 0;
  guint n_blocked = 0;
  gboolean can_run;

  /* A target the options do not fit (too little free space) says so in its row, and a run
   * that would include it cannot start: the reason is where the target is, once. */
  for (guint i = 0; i < rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (rows, i);
      const DynoTargetInfo *info = dyno_target_row_get_info (row);
      g_autoptr (GError) preflight_error = NULL;
      /* A remote folder is checked against its own machine's RAM, as the dyno-cli there will. */
      guint64 ram_bytes = dyno_target_row_get_ram_bytes (row) > 0
                              ? dyno_target_row_get_ram_bytes (row)
                              : self->ram_bytes;

      if (config != NULL && info != NULL && info->writable
          && !dyno_preflight_check (config, info, ram_bytes, NULL, NULL, &preflight_error))
        dyno_target_row_set_problem (row, preflight_error->message);
      else
        dyno_target_row_set_problem (row, NULL);
    }

  for (guint i = 0; i < selected->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (selected, i);

      if (dyno_target_row_get_problem (row) != NULL)
        n_blocked++;
      else if (dyno_target_row_get_usable (row) || dyno_target_row_get_probing (row))
        n_candidates++;
    }

  if (config == NULL)
    {
      level = NOTE_ERROR;
      g_string_append (text, error->message);
    }
  else
    {
      g_autofree char *cache = describe_cache (config, self->ram_bytes, &level);
      g_autofree char *drive = describe_drive (config);

      if (cache != NULL)
        g_string_append (text, cache);
      if (drive != NULL)
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", drive);
      if (n_blocked > 0)
        {
          level = MAX (level, NOTE_WARNING);
          g_string_append_printf (text, "\n%s",
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "A checked target cannot run these options: its "
                                               "row above says why.",
                                               "Some checked targets cannot run these options: "
                                               "their rows above say why.",
                                               n_blocked));
        }
      else if (n_candidates == 0)
        g_string_append_printf (text, "\n%s", _("Check at least one target above to run."));
    }
  set_note (self, level, text->str);

  can_run = config != NULL && n_candidates > 0 && n_blocked == 0;
  if (can_run != self->can_run)
    {
      self->can_run = can_run;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_RUN]);
    }
}

/* Presets */

static void
update_preset_subtitle (DynoSetupView *self)
{
  DynoPreset preset = g_settings_get_enum (self->settings, "preset");
  g_autofree char *text = dyno_settings_describe_preset (self->settings, preset, self->ram_bytes);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), text);
}

static void
on_preset_changed (DynoSetupView *self)
{
  DynoPreset preset = g_settings_get_enum (self->settings, "preset");

  update_preset_subtitle (self);
  /* Choosing a preset fills in its values; "custom" keeps whatever is there. */
  if (preset == DYNO_PRESET_CUSTOM)
    return;
  if (!dyno_settings_match_preset (self->settings, preset, self->ram_bytes))
    dyno_settings_apply_preset (self->settings, preset, self->ram_bytes);
  /* A row may still hold text that did not parse, over a key the preset left as it was. */
  for (guint i = 0; i < N_ENTRIES; i++)
    load_entry (self, &self->entries[i]);
  update_state (self);
}

static void
on_default_cache_changed (DynoSetupView *self)
{
  on_preset_changed (self);
}

static void
on_settings_changed (DynoSetupView *self, const char *key)
{
  DynoPreset preset;

  if (g_str_equal (key, "size"))
    {
      load_entry (self, &self->entries[ENTRY_SIZE]);
      load_auto_size (self);
    }
  else if (g_str_equal (key, "files-spec"))
    load_entry (self, &self->entries[ENTRY_FILES]);
  else if (g_str_equal (key, "per-char-size"))
    load_entry (self, &self->entries[ENTRY_PER_CHAR_SIZE]);
  else if (g_str_equal (key, "tests"))
    load_phases (self);
  else if (g_str_equal (key, "queue-size"))
    {
      load_queue_size (self);
      update_preset_subtitle (self);
    }
  else if (g_str_equal (key, "drive-profile") || g_str_equal (key, "drive-mix"))
    {
      /* The Drive profile preset runs the profile chosen now. */
      if (g_settings_get_enum (self->settings, "preset") == DYNO_PRESET_DRIVE
          && !dyno_settings_match_preset (self->settings, DYNO_PRESET_DRIVE, self->ram_bytes))
        dyno_settings_apply_preset (self->settings, DYNO_PRESET_DRIVE, self->ram_bytes);
      update_preset_subtitle (self);
      load_phases (self);
    }

  /* An option changed by hand no longer matches the preset: it is custom now. A preset
   * writes all its keys in one batch, so this sees them all at once and stays quiet. */
  preset = g_settings_get_enum (self->settings, "preset");
  if (g_strv_contains (dyno_preset_get_keys (), key) && preset != DYNO_PRESET_CUSTOM
      && !dyno_settings_match_preset (self->settings, preset, self->ram_bytes))
    g_settings_set_enum (self->settings, "preset", DYNO_PRESET_CUSTOM);

  update_state (self);
}

/* Advanced settings: behind a disclosure, open or closed as it was left */

static void
on_advanced_toggled (DynoSetupView *self)
{
  gboolean open = gtk_toggle_button_get_active (self->advanced_button);
  GtkWidget *groups[] = { GTK_WIDGET (self->options_group), GTK_WIDGET (self->phases_group),
                          GTK_WIDGET (self->cache_group), GTK_WIDGET (self->drive_group),
                          GTK_WIDGET (self->record_group) };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    gtk_widget_set_visible (groups[i], open);
  gtk_image_set_from_icon_name (self->advanced_icon,
                                open ? "pan-down-symbolic" : "pan-end-symbolic");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->advanced_button),
                               GTK_ACCESSIBLE_STATE_EXPANDED, open, -1);
}

/* A row's tooltip is its option's help text from the option table, with the dyno-cli flag
 * that sets it: the technical word for an expert, where the row's own words are plain. */
static void
set_option_tooltip (GtkWidget *row, const char *key)
{
  const DynoOption *option = dyno_option_lookup_settings (key, NULL);
  g_autofree char *flag = NULL;
  g_autofree char *text = NULL;

  if (option == NULL || option->help == NULL)
    return;
  flag = dyno_option_describe_flag (option);
  /* TRANSLATORS: a setting's tooltip: dyno-cli's flag and its help, "--chunk: Bytes per …" */
  text = g_strdup_printf (_("%s: %s"), flag, g_dgettext (GETTEXT_PACKAGE, option->help));
  gtk_widget_set_tooltip_text (row, text);
}

static void
set_option_tooltips (DynoSetupView *self)
{
  const struct
  {
    gpointer row;
    const char *key;
  } rows[] = {
    { self->phase_time_row, "phase-time" }, { self->repeat_row, "repeat" },
    { self->auto_size_row, "size" },        { self->size_row, "size" },
    { self->chunk_row, "chunk" },           { self->tests_row, "tests" },
    { self->files_row, "files-spec" },      { self->seeks_row, "seeks" },
    { self->seekers_row, "seekers" },       { self->per_char_row, "per-char" },
    { self->per_char_size_row, "per-char-size" }, { self->cache_row, "cache" },
    { self->data_row, "data" },             { self->queue_size_row, "queue-size" },
    { self->interval_row, "interval" },     { self->notes_row, "notes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    set_option_tooltip (GTK_WIDGET (rows[i].row), rows[i].key);
}

static void
bind_combo (DynoSetupView *self, AdwComboRow *row, const char *key, const char *const *nicks)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                dyno_settings_nick_to_index, dyno_settings_index_to_nick,
                                (gpointer) nicks, NULL);
}

static void
dyno_setup_view_constructed (GObject *object)
{
  DynoSetupView *self = DYNO_SETUP_VIEW (object);

  G_OBJECT_CLASS (dyno_setup_view_parent_class)->constructed (object);

  create_phase_rows (self);
  create_drive_rows (self);
  set_model (self->chunk_row, create_chunk_model ());
  set_model (self->preset_row, create_preset_model ());
  set_model (self->drive_profile_row, create_profile_model ());
  self->queue_sizes = create_queue_size_model ();
  adw_combo_row_set_model (self->queue_size_row, G_LIST_MODEL (self->queue_sizes));

  setup_entry (self, ENTRY_SIZE, self->size_row, "size");
  setup_entry (self, ENTRY_FILES, self->files_row, "files-spec");
  setup_entry (self, ENTRY_PER_CHAR_SIZE, self->per_char_size_row, "per-char-size");

  bind_combo (self, self->preset_row, "preset", preset_nicks);
  /* The combo rows list the values in the enums' order, named by their nicks. */
  bind_combo (self, self->per_char_row, "per-char", dyno_enum_get_nicks (DYNO_TYPE_PER_CHAR_MODE));
  bind_combo (self, self->cache_row, "cache", dyno_enum_get_nicks (DYNO_TYPE_CACHE_POLICY));
  bind_combo (self, self->data_row, "data", dyno_enum_get_nicks (DYNO_TYPE_DATA_PATTERN));
  bind_combo (self, self->drive_profile_row, "drive-profile", profile_nicks);
  g_settings_bind (self->settings, "drive-mix", self->drive_mix_row, "active",
                   G_SETTINGS_BIND_DEFAULT);
  dyno_spin_row_bind_setting (self->interval_row, self->settings, "interval");
  load_queue_size (self);
  g_signal_connect_object (self->queue_size_row, "notify::selected",
                           G_CALLBACK (on_queue_size_selected), self, G_CONNECT_SWAPPED);
  g_settings_bind_with_mapping (self->settings, "chunk", self->chunk_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, chunk_get_mapping, chunk_set_mapping,
                                NULL, NULL);
  dyno_spin_row_bind_setting (self->phase_time_row, self->settings, "phase-time");
  dyno_spin_row_bind_setting (self->seeks_row, self->settings, "seeks");
  /* TRANSLATORS: what the Random Seeks row shows for 0: as many as the phase time holds */
  dyno_spin_row_set_zero_text (self->seeks_row, C_("seeks", "Auto"));
  dyno_spin_row_bind_setting (self->seekers_row, self->settings, "seekers");
  dyno_spin_row_bind_setting (self->repeat_row, self->settings, "repeat");
  g_settings_bind (self->settings, "label", self->label_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "notes", self->notes_row, "text", G_SETTINGS_BIND_DEFAULT);

  g_settings_bind (self->settings, "show-advanced", self->advanced_button, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->advanced_button, "toggled", G_CALLBACK (on_advanced_toggled),
                           self, G_CONNECT_SWAPPED);
  on_advanced_toggled (self);
  set_option_tooltips (self);

  load_phases (self);
  load_auto_size (self);
  g_signal_connect_object (self->auto_size_row, "notify::active",
                           G_CALLBACK (on_auto_size_toggled), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->settings, "changed", G_CALLBACK (on_settings_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::preset", G_CALLBACK (on_preset_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::default-cache",
                           G_CALLBACK (on_default_cache_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->target_list, "changed", G_CALLBACK (update_state), self,
                           G_CONNECT_SWAPPED);

  /* A preset follows the RAM and the default cache policy, both of which may have changed
   * since the last start. */
  on_preset_changed (self);
  update_state (self);
}

static void
dyno_setup_view_dispose (GObject *object)
{
  DynoSetupView *self = DYNO_SETUP_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_SETUP_VIEW);
  g_clear_object (&self->settings);
  g_clear_object (&self->queue_sizes);
  g_clear_pointer (&self->drive_phases, g_ptr_array_unref);
  g_clear_pointer (&self->drive_rows, g_ptr_array_unref);
  g_clear_pointer (&self->phase_rows, g_ptr_array_unref);
  g_clear_pointer (&self->last_size, g_free);
  for (guint i = 0; i < N_ENTRIES; i++)
    g_clear_pointer (&self->entries[i].error, g_free);
  G_OBJECT_CLASS (dyno_setup_view_parent_class)->dispose (object);
}

static void
dyno_setup_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoSetupView *self = DYNO_SETUP_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAN_RUN:
      g_value_set_boolean (value, self->can_run);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_setup_view_class_init (DynoSetupViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dyno_setup_view_constructed;
  object_class->dispose = dyno_setup_view_dispose;
  object_class->get_property = dyno_setup_view_get_property;

  properties[PROP_CAN_RUN] = g_param_spec_boolean ("can-run", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DYNO_TYPE_TARGET_LIST);
  g_type_ensure (DYNO_TYPE_SPIN_ROW);
  g_type_ensure (DYNO_TYPE_SWITCH_ROW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-setup-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, target_list);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, test_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, advanced_toggle_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, advanced_button);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, advanced_icon);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, options_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, phases_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, cache_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, record_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, preset_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, note);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, note_icon);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, note_label);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, phase_time_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, auto_size_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, size_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, chunk_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, tests_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, files_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, seeks_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, seekers_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, per_char_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, per_char_size_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, cache_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, data_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, repeat_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, label_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, notes_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, drive_group);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, drive_profile_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, drive_mix_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, drive_tests_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, queue_size_row);
  gtk_widget_class_bind_template_child (widget_class, DynoSetupView, interval_row);
}

static void
dyno_setup_view_init (DynoSetupView *self)
{
  self->settings = g_settings_new (APP_ID);
  self->ram_bytes = dyno_units_get_ram_bytes ();
  self->drive_phases = g_ptr_array_new ();
  self->drive_rows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
}

DynoTargetList *
dyno_setup_view_get_target_list (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);
  return self->target_list;
}

DynoConfig *
dyno_setup_view_build_config (DynoSetupView *self, GError **error)
{
  static const char *const entry_titles[N_ENTRIES] = {
    [ENTRY_SIZE] = N_("Data file size"),
    [ENTRY_FILES] = N_("Small files"),
    [ENTRY_PER_CHAR_SIZE] = N_("Single-byte amount"),
  };
  g_autoptr (DynoConfig) config = NULL;

  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);

  /* What the rows show wins over the last good value in the settings. */
  for (guint i = 0; i < N_ENTRIES; i++)
    if (self->entries[i].error != NULL
        && gtk_widget_get_sensitive (GTK_WIDGET (self->entries[i].row)))
      {
        /* TRANSLATORS: an option and what is wrong with it, like "File size: …" */
        g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT, _("%s: %s"),
                     _(entry_titles[i]), self->entries[i].error);
        return NULL;
      }

  config = dyno_settings_get_config (self->settings, error);
  if (config == NULL || !dyno_config_validate (config, error))
    return NULL;
  return g_steal_pointer (&config);
}

gboolean
dyno_setup_view_get_can_run (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), FALSE);
  return self->can_run;
}

void
dyno_setup_view_set_locked (DynoSetupView *self, gboolean locked)
{
  g_return_if_fail (DYNO_IS_SETUP_VIEW (self));

  /* Group by group, so the page itself still scrolls. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->target_list), !locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->test_group), !locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->options_group), !locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->phases_group), !locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cache_group), !locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->drive_group), !locked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->record_group), !locked);
}

const char *
dyno_setup_view_get_note (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);
  return gtk_label_get_text (self->note_label);
}

AdwEntryRow *
dyno_setup_view_get_size_row (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);
  return self->size_row;
}

DynoSwitchRow *
dyno_setup_view_get_auto_size_row (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);
  return self->auto_size_row;
}

DynoSpinRow *
dyno_setup_view_get_phase_time_row (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);
  return self->phase_time_row;
}

GtkToggleButton *
dyno_setup_view_get_advanced_button (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), NULL);
  return self->advanced_button;
}

gboolean
dyno_setup_view_get_advanced_shown (DynoSetupView *self)
{
  g_return_val_if_fail (DYNO_IS_SETUP_VIEW (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->options_group))
         && gtk_widget_get_visible (GTK_WIDGET (self->phases_group))
         && gtk_widget_get_visible (GTK_WIDGET (self->drive_group));
}
