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

#include "dyno-app-enums.h"
#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-option.h"
#include "dyno-parse.h"
#include "dyno-presets.h"
#include "dyno-units.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)

static const char *const titles[DYNO_N_PRESETS] = {
  [DYNO_PRESET_QUICK] = N_("Quick"),
  [DYNO_PRESET_CLASSIC] = N_("Bonnie Classic"),
  [DYNO_PRESET_FULL] = N_("bonnie++ Full"),
  /* TRANSLATORS: the preset that runs one of CrystalDiskMark's profiles */
  [DYNO_PRESET_DRIVE] = N_("Drive profile"),
  [DYNO_PRESET_CUSTOM] = N_("Custom"),
};

const char *const *
dyno_preset_get_keys (void)
{
  static const char **keys;

  /* The options' keys, from their tables, but those a preset keeps (the label, the notes, the
   * drive tests' file size). */
  if (g_once_init_enter (&keys))
    g_once_init_leave (&keys, dyno_options_settings_keys (TRUE));
  return keys;
}

gboolean
dyno_preset_from_string (const char *text, DynoPreset *out)
{
  int preset;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!dyno_enum_from_nick (DYNO_TYPE_PRESET, text, NULL, &preset))
    return FALSE;
  if (out != NULL)
    *out = preset;
  return TRUE;
}

const char *
dyno_preset_title (DynoPreset preset)
{
  g_return_val_if_fail (preset < DYNO_N_PRESETS, NULL);
  return _(titles[preset]);
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
  const DynoOptionSet *const *sets = dyno_option_sets ();

  g_return_val_if_fail (config != NULL, FALSE);

  /* Start from the options' defaults, which are bonnie++'s, for every option a preset sets
   * (dyno-config-options.c and the kinds' own). The sizes a target chooses for itself keep
   * the defaults the settings read "auto" as (dyno_settings_get_config). */
  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      if (sets[s]->options[i].settings != NULL
          && !(sets[s]->options[i].flags & DYNO_OPTION_PRESET_KEEPS))
        dyno_option_set_default (sets[s], &sets[s]->options[i], config);
  config->per_char_size = 0;
  config->cache = cache;
  config->repeat = DYNO_PRESET_REPEAT;
  config->phase_time = DYNO_PRESET_PHASE_TIME;
  config->autos = DYNO_AUTO_ALL;
  /* Only the drive tests rest; the key keeps CrystalDiskMark's interval for them. The drive
   * tests' cache is their option's default, O_DIRECT, which the app has no setting for. */
  config->interval = DYNO_PROFILE_INTERVAL;

  switch (preset)
    {
    case DYNO_PRESET_QUICK:
      /* Bonnie's phases but per-char I/O, which is what makes a run slow and says little about
       * a modern disk. Ten phases of 3 s, three times, plus the calibration and the syncs:
       * about 2 minutes. */
      dyno_config_select (config, "io,files", NULL);
      for (guint i = dyno_config_get_n_phases (config); i-- > 0;)
        if (dyno_phase_has_flag (dyno_config_get_phase (config, i), DYNO_PHASE_PER_CHAR))
          dyno_config_remove_phase (config, dyno_config_get_phase (config, i));
      return TRUE;

    case DYNO_PRESET_CLASSIC:
      /* Bonnie 2.0.6: one pass over twice the RAM (set apart), no file tests, with the values
       * of Bonnie's own the options have (DynoOption.classic: its chunk, its seeks…). */
      config->size = dyno_preset_twice_ram (ram_bytes);
      dyno_options_set_classic (config);
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
  /* Every option a preset sets, where some selected phase uses it (the rest before each test
   * matters only where there are drive tests), and the sizes left to the targets. */
  return dyno_config_same_phases (a, b) && dyno_options_equal (a, b, TRUE)
         && effective_autos (a) == effective_autos (b);
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

DynoConfig *
dyno_settings_get_config (GSettings *settings, GError **error)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_auto (GStrv) keys = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  /* Every size the settings leave as "auto" (or empty, or 0) the target calibrates for
   * itself when the phase time is above 0; the others are as given, as dyno-cli's options. */
  config->autos = DYNO_AUTO_ALL;
  if (!dyno_options_from_settings (settings, config, error))
    return NULL;
  /* Chosen phases none of which this Dyno knows: the preset's, not nothing at all. An empty
   * list is the user's choice, which the Test setup page asks to change. */
  keys = g_settings_get_strv (settings, "tests");
  if (dyno_config_get_n_phases (config) == 0 && keys[0] != NULL)
    {
      g_autoptr (GPtrArray) phases = dyno_settings_get_phases (settings);

      dyno_config_set_phases (config, phases);
    }
  /* Bonnie's single pass: every size is as given (their defaults where "auto"). */
  if (config->phase_time <= 0)
    config->autos = 0;
  return g_steal_pointer (&config);
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
  /* Unknown keys are skipped with a warning (the "tests" option's own reading). */
  for (guint i = 0; keys[i] != NULL; i++)
    {
      const DynoPhase *phase = dyno_phase_lookup (keys[i]);

      if (phase != NULL && !g_ptr_array_find (phases, phase, NULL))
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
    dyno_options_to_settings (config, batch, TRUE);
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
