/* dyno-presets.h: the named test setups of the Test setup page and `dyno --preset`
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-config.h"
#include "dyno-profile.h"

G_BEGIN_DECLS

/* Quick's and Full's phase time and repeats (Classic is Bonnie's single pass; Drive profile
 * has CrystalDiskMark's 5 s, 5 s of rest and 5 times, DYNO_PROFILE_*). */
#define DYNO_PRESET_PHASE_TIME DYNO_DEFAULT_PHASE_TIME
#define DYNO_PRESET_REPEAT DYNO_DEFAULT_REPEAT

/* Values and nicks are the schema's "preset" enum and `dyno --preset`'s names
 * (DYNO_TYPE_PRESET, dyno-app-enums.h; tests hold the schema to them). */
typedef enum
{
  DYNO_PRESET_QUICK,   /*< nick=quick >*/
  DYNO_PRESET_CLASSIC, /*< nick=classic >*/
  DYNO_PRESET_FULL,    /*< nick=full >*/
  /* a CrystalDiskMark profile: the "drive-profile" and "drive-mix" keys */
  DYNO_PRESET_DRIVE,   /*< nick=drive >*/
  DYNO_PRESET_CUSTOM,  /*< nick=custom >*/
  DYNO_N_PRESETS       /*< skip >*/
} DynoPreset;

gboolean    dyno_preset_from_string (const char *text, DynoPreset *out);
const char *dyno_preset_title (DynoPreset preset);
/* One line saying what the preset does on this machine (sizes that follow the RAM are
 * spelled out). */
char       *dyno_preset_describe (DynoPreset preset, guint64 ram_bytes);
/* Twice the RAM rounded up to whole GiB, at least 1 GiB: bonnie++'s default file size. */
guint64     dyno_preset_twice_ram (guint64 ram_bytes);
/* The same for the Drive profile preset: CrystalDiskMark's profile and whether it has [Mix],
 * the test file's size and the time it takes. */
char       *dyno_preset_describe_drive (const DynoProfile *profile,
                                        gboolean           mix,
                                        guint64            queue_size);
/* Sets the per-run fields of config (not label, notes, seed, nor the drive tests' file size,
 * which a preset keeps) to the preset's values; profile and mix are what Drive profile runs
 * (NULL: CrystalDiskMark's Default). FALSE for DYNO_PRESET_CUSTOM, which has no values of its
 * own. */
gboolean    dyno_preset_fill (DynoPreset         preset,
                              DynoConfig        *config,
                              guint64            ram_bytes,
                              DynoCachePolicy    cache,
                              const DynoProfile *profile,
                              gboolean           mix);
/* TRUE when the per-run fields of a and b are the same, the phase time and the sizes left to
 * the targets included (none are with a phase time of 0). */
gboolean    dyno_preset_same_options (const DynoConfig *a, const DynoConfig *b);

/* The size settings' "auto" ("AUTO", " auto "; "auto:0:0:4" for the files): the target
 * chooses. */
gboolean    dyno_settings_is_auto (const char *text);
/* The "size" key: "auto" (size is then the default, is_auto TRUE) or a size. */
gboolean    dyno_settings_parse_size (const char *text,
                                      guint64    *size,
                                      gboolean   *is_auto,
                                      GError    **error);
/* The "files-spec" key: bonnie++'s -n, whose NUM may be "auto" ("auto", "auto:4k:0:10"). */
gboolean    dyno_settings_parse_files_spec (const char *text,
                                            DynoConfig *config,
                                            gboolean   *is_auto,
                                            GError    **error);

/* The per-run keys of the settings schema (those a preset sets), NULL-terminated: the
 * options' settings keys (dyno-option.h) but those a preset keeps. */
const char *const *dyno_preset_get_keys (void);

/* Reads the options' keys into a new config (dyno_options_from_settings); NULL with an error
 * naming the bad setting. With a phase time above 0 the sizes that are "auto", empty or 0 are
 * left to each target (config->autos), the others are as given. */
DynoConfig *dyno_settings_get_config (GSettings *settings, GError **error);
/* The phases (const DynoPhase *) of the "tests" key, in its order, each once. Keys this Dyno
 * does not know are skipped, with a warning (once per key); when the key names phases but none
 * this Dyno knows, the current preset's phases (Quick's for Custom) stand in. An empty key
 * gives none. Free it. */
GPtrArray  *dyno_settings_get_phases (GSettings *settings);
/* Writes phases (const DynoPhase *) to the "tests" key, by their keys. */
void        dyno_settings_set_phases (GSettings *settings, GPtrArray *phases);
/* Writes the preset's values and the "preset" key in one batch. */
void        dyno_settings_apply_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes);
/* TRUE when the per-run keys hold the preset's values (always TRUE for CUSTOM). */
gboolean    dyno_settings_match_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes);
/* dyno_preset_describe, with the Drive profile preset's profile and file size from the keys. */
char       *dyno_settings_describe_preset (GSettings *settings, DynoPreset preset, guint64 ram_bytes);
/* The "drive-profile" key's profile; and its phases, with mixes when "drive-mix" is on. */
const DynoProfile *dyno_settings_get_drive_profile (GSettings *settings);
GPtrArray         *dyno_settings_get_drive_phases (GSettings *settings);

/* g_settings_bind_with_mapping() functions between an enum key and a combo row's "selected":
 * user_data is the NULL-terminated list of the enum's nicks in the row's order. */
gboolean    dyno_settings_nick_to_index (GValue *value, GVariant *variant, gpointer user_data);
GVariant   *dyno_settings_index_to_nick (const GValue       *value,
                                         const GVariantType *type,
                                         gpointer            user_data);

G_END_DECLS
