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
#include <string.h>

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
  /* TRANSLATORS: the preset that runs one of CrystalDiskMark's profiles */
  [DYNO_PRESET_DRIVE] = { "drive", N_("Drive profile") },
  [DYNO_PRESET_CUSTOM] = { "custom", N_("Custom") },
};

const char * const dyno_preset_keys[] = {
  "size", "chunk", "tests", "files-spec", "seeks", "seekers", "per-char", "per-char-size",
  "cache", "data", "repeat", "phase-time", "interval", NULL,
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

/* The descriptions spell these out. */
G_STATIC_ASSERT ((int) DYNO_PRESET_PHASE_TIME == 3 && DYNO_PRESET_REPEAT == 3);

char *
dyno_preset_describe (DynoPreset preset, guint64 ram_bytes)
{
  g_autofree char *twice = dyno_format_size (dyno_preset_twice_ram (ram_bytes));

  switch (preset)
    {
    case DYNO_PRESET_QUICK:
      return g_strdup (_("Block I/O, seeks and small files, sized to each disk: every phase "
                         "3 s, 3 times; about 2 minutes"));
    case DYNO_PRESET_CLASSIC:
      /* TRANSLATORS: %s is a size, twice the RAM, like "32 GiB" */
      return g_strdup_printf (_("Tim Bray’s Bonnie: per-char and block I/O and seeks on %s, "
                                "twice the RAM, once"),
                              twice);
    case DYNO_PRESET_FULL:
      return g_strdup (_("Every bonnie++ phase, sized to each disk: every phase 3 s, 3 times; "
                         "a few minutes"));
    case DYNO_PRESET_DRIVE:
      return dyno_preset_describe_drive (NULL, FALSE, DYNO_DEFAULT_QUEUE_SIZE);
    case DYNO_PRESET_CUSTOM:
      return g_strdup (_("Your own options, below"));
    case DYNO_N_PRESETS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Seconds of work before the test file is written: what the estimate leaves out. */
#define DRIVE_PREPARE_SECONDS 30

char *
dyno_preset_describe_drive (const DynoProfile *profile, gboolean mix, guint64 queue_size)
{
  g_autoptr (GPtrArray) phases = NULL;
  g_autofree char *size = dyno_format_size (queue_size);
  g_autofree char *duration = NULL;
  const char *ops;
  guint n_tests = 0;
  guint minutes;

  if (profile == NULL)
    profile = dyno_profile_lookup ("default");
  phases = dyno_profile_get_phases (profile, mix, 0);
  /* A test is read, write and maybe mix: count its read phases. */
  for (guint i = 0; i < phases->len; i++)
    n_tests += g_strcmp0 (((const DynoPhase *) g_ptr_array_index (phases, i))->kind->op, "read")
               == 0;
  ops = mix
            /* TRANSLATORS: what the tests of a drive profile do, in its description */
            ? _("read, write and a 70 % read mix")
            /* TRANSLATORS: what the tests of a drive profile do, in its description */
            : _("read and write");
  /* Each test rests, then measures, every time. */
  minutes = (guint) ((phases->len * DYNO_PROFILE_REPEAT
                          * (DYNO_PROFILE_PHASE_TIME + DYNO_PROFILE_INTERVAL)
                      + DRIVE_PREPARE_SECONDS + 59)
                     / 60);
  /* TRANSLATORS: the time a drive profile takes, in its description */
  duration = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u minute", "about %u minutes",
                                           minutes),
                              minutes);
  return g_strdup_printf (
      /* TRANSLATORS: profile name, what its tests do, how many, the file size, seconds measured,
       * seconds of rest, repeats, the time: "CrystalDiskMark’s Default profile, read and write:
       * 4 tests on a 1 GiB file, each 5 s after 5 s of rest, 5 times; about 7 minutes" */
      g_dngettext (GETTEXT_PACKAGE,
                   "CrystalDiskMark’s %s profile, %s: %u test on a %s file, each %g s after %g s "
                   "of rest, %u times; %s",
                   "CrystalDiskMark’s %s profile, %s: %u tests on a %s file, each %g s after %g s "
                   "of rest, %u times; %s",
                   n_tests),
      dyno_profile_get_title (profile), ops, n_tests, size, DYNO_PROFILE_PHASE_TIME,
      DYNO_PROFILE_INTERVAL, DYNO_PROFILE_REPEAT, duration);
}

gboolean
dyno_preset_fill (DynoPreset preset,
                  DynoConfig *config,
                  guint64 ram_bytes,
                  DynoCachePolicy cache,
                  const DynoProfile *profile,
                  gboolean mix)
{
  g_return_val_if_fail (config != NULL, FALSE);

  /* Start from the engine's defaults, which are bonnie++'s. The sizes a target chooses for
   * itself keep the defaults the settings read "auto" as (dyno_settings_get_config). */
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
  config->repeat = DYNO_PRESET_REPEAT;
  config->phase_time = DYNO_PRESET_PHASE_TIME;
  config->autos = DYNO_AUTO_ALL;
  /* Only the drive tests rest; the key keeps CrystalDiskMark's interval for them. */
  config->interval = DYNO_PROFILE_INTERVAL;
  config->queue_cache = DYNO_CACHE_DIRECT;

  switch (preset)
    {
    case DYNO_PRESET_QUICK:
      /* Per-char I/O is what makes a run slow, and says little about a modern disk. Ten
       * phases of 3 s, three times, plus the calibration and the syncs: about 2 minutes. */
      dyno_config_select (config, "write,rewrite,read,seeks,files", NULL);
      return TRUE;

    case DYNO_PRESET_CLASSIC:
      /* Bonnie 2.0.6: one pass over twice the RAM in 16 KiB chunks, 4000 seeks by 3 seeker
       * processes, no file tests. */
      config->size = dyno_preset_twice_ram (ram_bytes);
      config->chunk = 16384;
      dyno_config_select (config, "io", NULL);
      config->seeks = 4000;
      config->seekers = 3;
      config->repeat = 1;
      config->phase_time = 0;
      config->autos = 0;
      return TRUE;

    case DYNO_PRESET_FULL:
      return TRUE;

    case DYNO_PRESET_DRIVE:
      {
        /* CrystalDiskMark's way: each test 5 s after 5 s of rest, 5 times, with O_DIRECT. */
        g_autoptr (GPtrArray) phases
            = dyno_profile_get_phases (profile != NULL ? profile : dyno_profile_lookup ("default"),
                                       mix, 0);

        dyno_config_set_phases (config, phases);
        config->phase_time = DYNO_PROFILE_PHASE_TIME;
        config->interval = DYNO_PROFILE_INTERVAL;
        config->repeat = DYNO_PROFILE_REPEAT;
        return TRUE;
      }

    case DYNO_PRESET_CUSTOM:
    case DYNO_N_PRESETS:
    default:
      return FALSE;
    }
}

/* The sizes a config leaves to its targets: none with a phase time of 0, whatever the flags. */
static DynoAutoFlags
effective_autos (const DynoConfig *config)
{
  return config->phase_time > 0 ? config->autos & DYNO_AUTO_ALL : 0;
}

gboolean
dyno_preset_same_options (const DynoConfig *a, const DynoConfig *b)
{
  return a->size == b->size && a->chunk == b->chunk && a->per_char_size == b->per_char_size
         && dyno_config_same_phases (a, b) && a->files_num == b->files_num
         && a->files_max == b->files_max && a->files_min == b->files_min
         && a->files_dirs == b->files_dirs && a->seeks == b->seeks && a->seekers == b->seekers
         && a->per_char == b->per_char && a->cache == b->cache && a->data == b->data
         && a->repeat == b->repeat && a->phase_time == b->phase_time
         && effective_autos (a) == effective_autos (b)
         /* The rest before each test matters only where there are drive tests. */
         && (!dyno_config_has_queued_tests (a) || a->interval == b->interval);
}

gboolean
dyno_settings_is_auto (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  while (g_ascii_isspace (*text))
    text++;
  return g_ascii_strncasecmp (text, "auto", 4) == 0
         && (text[4] == '\0' || text[4] == ':' || g_ascii_isspace (text[4]));
}

gboolean
dyno_settings_parse_size (const char *text, guint64 *size, gboolean *is_auto, GError **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  if (dyno_settings_is_auto (text))
    {
      g_autofree char *stripped = g_strstrip (g_strdup (text));

      if (g_ascii_strcasecmp (stripped, "auto") != 0)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a size: use auto, or a number with K, M, G or T"), text);
          return FALSE;
        }
      if (size != NULL)
        *size = DYNO_DEFAULT_SIZE;
      if (is_auto != NULL)
        *is_auto = TRUE;
      return TRUE;
    }
  if (is_auto != NULL)
    *is_auto = FALSE;
  return dyno_parse_size (text, size != NULL ? size : &(guint64) { 0 }, error);
}

gboolean
dyno_settings_parse_files_spec (const char *text,
                                DynoConfig *config,
                                gboolean   *is_auto,
                                GError    **error)
{
  g_autofree char *spec = NULL;
  gboolean automatic;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (config != NULL, FALSE);

  /* "auto" or "auto:MAX:MIN:DIRS": bonnie++'s -n with the count left to the target. */
  automatic = dyno_settings_is_auto (text);
  if (automatic)
    {
      const char *rest = strchr (text, ':');

      spec = g_strdup_printf ("%u%s", DYNO_DEFAULT_FILES, rest != NULL ? rest : "");
      g_strstrip (spec);
    }
  else
    spec = g_strstrip (g_strdup (text));
  if (!dyno_parse_files_spec (spec, config, error))
    return FALSE;
  if (is_auto != NULL)
    *is_auto = automatic;
  return TRUE;
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
  gboolean auto_size;
  gboolean auto_files;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  /* Every size the settings leave as "auto" (or empty, or 0) the target calibrates for
   * itself when the phase time is above 0; the others are as given, as dyno-cli's options. */
  config->autos = DYNO_AUTO_ALL;

  size = g_settings_get_string (settings, "size");
  if (!dyno_settings_parse_size (size, &config->size, &auto_size, &local_error))
    {
      setting_error (error, _("File size"), local_error);
      return NULL;
    }
  if (!auto_size)
    config->autos &= ~DYNO_AUTO_SIZE;

  files = g_settings_get_string (settings, "files-spec");
  if (!dyno_settings_parse_files_spec (files, config, &auto_files, &local_error))
    {
      setting_error (error, _("File tests"), local_error);
      return NULL;
    }
  if (!auto_files)
    config->autos &= ~DYNO_AUTO_FILES;

  per_char_size = g_settings_get_string (settings, "per-char-size");
  g_strstrip (per_char_size);
  if (*per_char_size != '\0')
    {
      if (!dyno_parse_size (per_char_size, &config->per_char_size, &local_error))
        {
          setting_error (error, _("Per-char size"), local_error);
          return NULL;
        }
      config->autos &= ~DYNO_AUTO_PER_CHAR;
    }

  config->chunk = g_settings_get_uint64 (settings, "chunk");
  {
    g_autoptr (GPtrArray) phases = dyno_settings_get_phases (settings);

    dyno_config_set_phases (config, phases);
  }
  config->seeks = g_settings_get_uint (settings, "seeks");
  if (config->seeks == 0)
    config->seeks = DYNO_DEFAULT_SEEKS;
  else
    config->autos &= ~DYNO_AUTO_SEEKS;
  config->seekers = g_settings_get_uint (settings, "seekers");
  config->per_char = g_settings_get_enum (settings, "per-char");
  config->cache = g_settings_get_enum (settings, "cache");
  config->data = g_settings_get_enum (settings, "data");
  config->repeat = g_settings_get_uint (settings, "repeat");
  config->phase_time = CLAMP (g_settings_get_double (settings, "phase-time"), 0,
                              DYNO_MAX_PHASE_TIME);
  /* The drive tests (queued phases): CrystalDiskMark's file, its rest between tests. */
  config->queue_size = g_settings_get_uint64 (settings, "queue-size");
  config->interval = CLAMP (g_settings_get_double (settings, "interval"), 0, DYNO_MAX_INTERVAL);
  config->queue_cache = DYNO_CACHE_DIRECT;
  /* Bonnie's single pass: every size is as given (their defaults where "auto"). */
  if (config->phase_time <= 0)
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
  if (!dyno_preset_fill (preset, fallback, 0, DYNO_CACHE_EVICT,
                         dyno_settings_get_drive_profile (settings),
                         g_settings_get_boolean (settings, "drive-mix")))
    dyno_preset_fill (DYNO_PRESET_QUICK, fallback, 0, DYNO_CACHE_EVICT, NULL, FALSE);
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
  DynoAutoFlags autos = effective_autos (config);
  g_autofree char *size = (autos & DYNO_AUTO_SIZE) ? g_strdup ("auto")
                                                   : dyno_units_size_to_text (config->size);
  g_autofree char *files = dyno_format_files_spec (config);
  g_autofree char *per_char_size
      = config->per_char_size && !(autos & DYNO_AUTO_PER_CHAR)
            ? dyno_units_size_to_text (config->per_char_size)
            : g_strdup ("");

  if (autos & DYNO_AUTO_FILES)
    {
      const char *rest = strchr (files, ':');
      char *spec = g_strconcat ("auto", rest != NULL ? rest : "", NULL);

      g_free (files);
      files = spec;
    }
  g_settings_set_string (batch, "size", size);
  g_settings_set_uint64 (batch, "chunk", config->chunk);
  dyno_settings_set_phases (batch, config->phases);
  g_settings_set_string (batch, "files-spec", files);
  g_settings_set_uint (batch, "seeks", (autos & DYNO_AUTO_SEEKS) ? 0 : config->seeks);
  g_settings_set_uint (batch, "seekers", config->seekers);
  g_settings_set_enum (batch, "per-char", config->per_char);
  g_settings_set_string (batch, "per-char-size", per_char_size);
  g_settings_set_enum (batch, "cache", config->cache);
  g_settings_set_enum (batch, "data", config->data);
  g_settings_set_uint (batch, "repeat", config->repeat);
  g_settings_set_double (batch, "phase-time", config->phase_time);
  g_settings_set_double (batch, "interval", config->interval);
}

void
dyno_settings_apply_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes)
{
  g_autoptr (GSettings) batch = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (preset < DYNO_N_PRESETS);

  batch = new_batch (settings);
  if (dyno_preset_fill (preset, config, ram_bytes, g_settings_get_enum (settings, "default-cache"),
                        dyno_settings_get_drive_profile (settings),
                        g_settings_get_boolean (settings, "drive-mix")))
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
                         g_settings_get_enum (settings, "default-cache"),
                         dyno_settings_get_drive_profile (settings),
                         g_settings_get_boolean (settings, "drive-mix")))
    return TRUE;
  current = dyno_settings_get_config (settings, NULL);
  return current != NULL && dyno_preset_same_options (current, wanted);
}

char *
dyno_settings_describe_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (preset < DYNO_N_PRESETS, NULL);

  if (preset == DYNO_PRESET_DRIVE)
    return dyno_preset_describe_drive (dyno_settings_get_drive_profile (settings),
                                       g_settings_get_boolean (settings, "drive-mix"),
                                       g_settings_get_uint64 (settings, "queue-size"));
  return dyno_preset_describe (preset, ram_bytes);
}

const DynoProfile *
dyno_settings_get_drive_profile (GSettings *settings)
{
  g_autofree char *nick = NULL;
  const DynoProfile *profile;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  /* The schema's enum has the profiles' nicks. */
  nick = g_settings_get_string (settings, "drive-profile");
  profile = dyno_profile_lookup (nick);
  return profile != NULL ? profile : dyno_profile_lookup ("default");
}

GPtrArray *
dyno_settings_get_drive_phases (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return dyno_profile_get_phases (dyno_settings_get_drive_profile (settings),
                                  g_settings_get_boolean (settings, "drive-mix"), 0);
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
