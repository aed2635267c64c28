/* dyno-presets.c
 *
 * A preset writes its values into the same keys the Custom rows show, so the rows always say
 * what will run; changing any of them by hand turns the preset into "custom".
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-presets"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-error.h"
#include "dyno-parse.h"
#include "dyno-presets.h"
#include "dyno-units.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)

typedef struct
{
  const char *id;
  const char *title;
} PresetInfo;

static const PresetInfo presets[DYNO_N_PRESETS] = {
  [DYNO_PRESET_QUICK] = { "quick", N_("Quick") },
  [DYNO_PRESET_CLASSIC] = { "classic", N_("Bonnie Classic") },
  [DYNO_PRESET_FULL] = { "full", N_("bonnie++ Full") },
  [DYNO_PRESET_CUSTOM] = { "custom", N_("Custom") },
};

const char * const dyno_preset_keys[] = {
  "size", "chunk", "tests", "files-spec", "seeks", "seekers", "per-char", "per-char-size",
  "cache", "data", "repeat", NULL,
};

gboolean
dyno_preset_from_string (const char *text, DynoPreset *out)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < DYNO_N_PRESETS; i++)
    if (g_ascii_strcasecmp (text, presets[i].id) == 0)
      {
        if (out != NULL)
          *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
dyno_preset_title (DynoPreset preset)
{
  g_return_val_if_fail (preset < DYNO_N_PRESETS, NULL);
  return _(presets[preset].title);
}

guint64
dyno_preset_twice_ram (guint64 ram_bytes)
{
  guint64 twice = 2 * ram_bytes;

  /* Whole GiB keep the size readable ("48G") and exact when it goes through the settings. */
  twice = (twice + GIB - 1) / GIB * GIB;
  return MAX (twice, GIB);
}

char *
dyno_preset_describe (DynoPreset preset, guint64 ram_bytes)
{
  g_autofree char *twice = dyno_format_size (dyno_preset_twice_ram (ram_bytes));

  switch (preset)
    {
    case DYNO_PRESET_QUICK:
      return g_strdup (_("1 GiB, block I/O, seeks and 4 × 1024 small files: a few minutes"));
    case DYNO_PRESET_CLASSIC:
      /* TRANSLATORS: %s is a size, twice the RAM, like "32 GiB" */
      return g_strdup_printf (_("Tim Bray’s Bonnie: per-char and block I/O and seeks on %s, "
                                "twice the RAM"),
                              twice);
    case DYNO_PRESET_FULL:
      /* TRANSLATORS: %s is a size, twice the RAM, like "32 GiB" */
      return g_strdup_printf (_("Every bonnie++ phase on %s, twice the RAM, and 16 × 1024 "
                                "small files: takes a while"),
                              twice);
    case DYNO_PRESET_CUSTOM:
      return g_strdup (_("Your own options, below"));
    case DYNO_N_PRESETS:
    default:
      g_return_val_if_reached (NULL);
    }
}

gboolean
dyno_preset_fill (DynoPreset preset, DynoConfig *config, guint64 ram_bytes, DynoCachePolicy cache)
{
  g_return_val_if_fail (config != NULL, FALSE);

  /* Start from the engine's defaults, which are bonnie++'s. */
  config->size = DYNO_DEFAULT_SIZE;
  config->chunk = DYNO_DEFAULT_CHUNK;
  config->per_char_size = 0;
  dyno_config_select (config, "all", NULL);
  config->files_num = DYNO_DEFAULT_FILES;
  config->files_max = 0;
  config->files_min = 0;
  config->files_dirs = 1;
  config->seeks = DYNO_DEFAULT_SEEKS;
  config->seekers = DYNO_DEFAULT_SEEKERS;
  config->per_char = DYNO_PER_CHAR_STDIO;
  config->cache = cache;
  config->data = DYNO_DATA_RANDOM;
  config->repeat = 1;
  config->phase_time = 0;
  config->autos = 0;

  switch (preset)
    {
    case DYNO_PRESET_QUICK:
      /* Per-char I/O is what makes a run slow, and says little about a modern disk. */
      dyno_config_select (config, "write,rewrite,read,seeks,files", NULL);
      config->files_num = 4;
      return TRUE;

    case DYNO_PRESET_CLASSIC:
      /* Bonnie 2.0.6: 16 KiB chunks, 4000 seeks by 3 seeker processes, no file tests. */
      config->size = dyno_preset_twice_ram (ram_bytes);
      config->chunk = 16384;
      dyno_config_select (config, "io", NULL);
      config->seeks = 4000;
      config->seekers = 3;
      return TRUE;

    case DYNO_PRESET_FULL:
      config->size = dyno_preset_twice_ram (ram_bytes);
      return TRUE;

    case DYNO_PRESET_CUSTOM:
    case DYNO_N_PRESETS:
    default:
      return FALSE;
    }
}

gboolean
dyno_preset_same_options (const DynoConfig *a, const DynoConfig *b)
{
  return a->size == b->size && a->chunk == b->chunk && a->per_char_size == b->per_char_size
         && dyno_config_same_phases (a, b) && a->files_num == b->files_num
         && a->files_max == b->files_max && a->files_min == b->files_min
         && a->files_dirs == b->files_dirs && a->seeks == b->seeks && a->seekers == b->seekers
         && a->per_char == b->per_char && a->cache == b->cache && a->data == b->data
         && a->repeat == b->repeat;
}

static void
setting_error (GError **error, const char *setting, const GError *cause)
{
  /* TRANSLATORS: first %s is the name of an option, like "File size"; second the problem */
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT, _("%s: %s"), setting,
               cause->message);
}

DynoConfig *
dyno_settings_get_config (GSettings *settings, GError **error)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) local_error = NULL;
  g_autofree char *size = NULL;
  g_autofree char *files = NULL;
  g_autofree char *per_char_size = NULL;
  g_autofree char *label = NULL;
  g_autofree char *notes = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  size = g_settings_get_string (settings, "size");
  if (!dyno_parse_size (size, &config->size, &local_error))
    {
      setting_error (error, _("File size"), local_error);
      return NULL;
    }

  files = g_settings_get_string (settings, "files-spec");
  if (!dyno_parse_files_spec (files, config, &local_error))
    {
      setting_error (error, _("File tests"), local_error);
      return NULL;
    }

  per_char_size = g_settings_get_string (settings, "per-char-size");
  g_strstrip (per_char_size);
  if (*per_char_size != '\0'
      && !dyno_parse_size (per_char_size, &config->per_char_size, &local_error))
    {
      setting_error (error, _("Per-char size"), local_error);
      return NULL;
    }

  config->chunk = g_settings_get_uint64 (settings, "chunk");
  {
    g_autoptr (GPtrArray) phases = dyno_settings_get_phases (settings);

    dyno_config_set_phases (config, phases);
  }
  config->seeks = g_settings_get_uint (settings, "seeks");
  config->seekers = g_settings_get_uint (settings, "seekers");
  config->per_char = g_settings_get_enum (settings, "per-char");
  config->cache = g_settings_get_enum (settings, "cache");
  config->data = g_settings_get_enum (settings, "data");
  config->repeat = g_settings_get_uint (settings, "repeat");
  /* The app's settings give every size: one pass of them, as before phase times. */
  config->phase_time = 0;
  config->autos = 0;

  label = g_settings_get_string (settings, "label");
  notes = g_settings_get_string (settings, "notes");
  g_strstrip (label);
  g_strstrip (notes);
  config->label = *label != '\0' ? g_steal_pointer (&label) : NULL;
  config->notes = *notes != '\0' ? g_steal_pointer (&notes) : NULL;

  return g_steal_pointer (&config);
}

/* Once per unknown key and process: the setting is read again at every change of any. */
static void
warn_unknown_phase (const char *key)
{
  G_LOCK_DEFINE_STATIC (warned);
  static GHashTable *warned;
  gboolean first;

  G_LOCK (warned);
  if (warned == NULL)
    warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  first = g_hash_table_add (warned, g_strdup (key));
  G_UNLOCK (warned);
  if (first)
    g_warning ("Setting “tests”: unknown phase “%s”, skipped", key);
}

GPtrArray *
dyno_settings_get_phases (GSettings *settings)
{
  g_auto (GStrv) keys = NULL;
  GPtrArray *phases;
  DynoPreset preset;
  g_autoptr (DynoConfig) fallback = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  keys = g_settings_get_strv (settings, "tests");
  phases = g_ptr_array_new ();
  for (guint i = 0; keys[i] != NULL; i++)
    {
      const DynoPhase *phase = dyno_phase_lookup (keys[i]);

      if (phase == NULL)
        {
          /* A newer Dyno's phase, or a hand-edited setting: the rest still runs. */
          warn_unknown_phase (keys[i]);
          continue;
        }
      if (!g_ptr_array_find (phases, phase, NULL))
        g_ptr_array_add (phases, (gpointer) phase);
    }
  /* Chosen phases none of which this Dyno knows: the preset's, not nothing at all. An empty
   * list is the user's choice, which the Test setup page asks to change. */
  if (phases->len > 0 || keys[0] == NULL)
    return phases;

  fallback = dyno_config_new ();
  preset = g_settings_get_enum (settings, "preset");
  if (!dyno_preset_fill (preset, fallback, 0, DYNO_CACHE_EVICT))
    dyno_preset_fill (DYNO_PRESET_QUICK, fallback, 0, DYNO_CACHE_EVICT);
  g_ptr_array_extend (phases, fallback->phases, NULL, NULL);
  return phases;
}

void
dyno_settings_set_phases (GSettings *settings, GPtrArray *phases)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) keys = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (phases != NULL);

  for (guint i = 0; i < phases->len; i++)
    g_strv_builder_add (builder, dyno_phase_get_key (g_ptr_array_index (phases, i)));
  keys = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "tests", (const char *const *) keys);
}

static GSettings *
new_batch (GSettings *settings)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  GSettings *batch;

  /* A second object on the same schema, so delaying it leaves the bindings of the caller's
   * object alone; the backend tells every object once the batch is applied. */
  g_object_get (settings, "settings-schema", &schema, NULL);
  batch = g_settings_new_full (schema, NULL, NULL);
  g_settings_delay (batch);
  return batch;
}

static void
write_config (GSettings *batch, const DynoConfig *config)
{
  g_autofree char *size = dyno_units_size_to_text (config->size);
  g_autofree char *files = dyno_format_files_spec (config);
  g_autofree char *per_char_size
      = config->per_char_size ? dyno_units_size_to_text (config->per_char_size) : g_strdup ("");

  g_settings_set_string (batch, "size", size);
  g_settings_set_uint64 (batch, "chunk", config->chunk);
  dyno_settings_set_phases (batch, config->phases);
  g_settings_set_string (batch, "files-spec", files);
  g_settings_set_uint (batch, "seeks", config->seeks);
  g_settings_set_uint (batch, "seekers", config->seekers);
  g_settings_set_enum (batch, "per-char", config->per_char);
  g_settings_set_string (batch, "per-char-size", per_char_size);
  g_settings_set_enum (batch, "cache", config->cache);
  g_settings_set_enum (batch, "data", config->data);
  g_settings_set_uint (batch, "repeat", config->repeat);
}

void
dyno_settings_apply_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes)
{
  g_autoptr (GSettings) batch = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (preset < DYNO_N_PRESETS);

  batch = new_batch (settings);
  if (dyno_preset_fill (preset, config, ram_bytes, g_settings_get_enum (settings, "default-cache")))
    write_config (batch, config);
  g_settings_set_enum (batch, "preset", preset);
  g_settings_apply (batch);
}

gboolean
dyno_settings_match_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes)
{
  g_autoptr (DynoConfig) current = NULL;
  g_autoptr (DynoConfig) wanted = dyno_config_new ();

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);

  if (!dyno_preset_fill (preset, wanted, ram_bytes,
                         g_settings_get_enum (settings, "default-cache")))
    return TRUE;
  current = dyno_settings_get_config (settings, NULL);
  return current != NULL && dyno_preset_same_options (current, wanted);
}

gboolean
dyno_settings_nick_to_index (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_str_equal (nicks[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

GVariant *
dyno_settings_index_to_nick (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *nicks = user_data;
  guint index = g_value_get_uint (value);

  /* GTK_INVALID_LIST_POSITION (an empty model) writes nothing. */
  if (index >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[index]);
}
