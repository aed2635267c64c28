/* dyno-option.h: a run's options, declared once, in the manner of fio's fio_options[]
 *
 * Every option of a run is one DynoOption: its name, type, where its value lives, range,
 * default, help text, the kinds of phase it applies to, and the names it has on the command
 * line, in a result file's "config" and in the app's settings. The run's own options are the
 * table of dyno-config-options.c; a kind of phase declares its own options with the kind
 * (DynoPhaseKind.options, dyno-phase.h), as a fio engine declares its options, and their values
 * live in a block of the kind's own in the configuration. The generic code here walks both:
 * dyno-cli's parsing and --help, the result file's config both ways, the app's settings, the
 * validation and what a remote run is handed all come from these tables, so an option is added
 * in one place.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dyno-config.h"

G_BEGIN_DECLS

typedef enum
{
  DYNO_OPTION_SIZE,     /* guint64 bytes; "512M", "2G" */
  DYNO_OPTION_COUNT,    /* guint; a whole number */
  DYNO_OPTION_SECONDS,  /* double; "0,5" in a German locale too */
  DYNO_OPTION_FRACTION, /* double from 0 to 1, typed and shown as a percentage ("5%") */
  DYNO_OPTION_ENUM,     /* int, one of a GEnum's values, named by its nicks */
  DYNO_OPTION_STRING,   /* char *, owned by the configuration; NULL when not set */
  DYNO_OPTION_BOOL,     /* gboolean */
  DYNO_OPTION_SEED,     /* guint64 from 1; a string in JSON (doubles would round it) */
  DYNO_OPTION_CUSTOM,   /* the option's own parse, format and JSON functions */
} DynoOptionType;

typedef enum
{
  /* Not in a result file's "config" (the result keeps it elsewhere, or not at all), but
   * handed to a remote run with the rest (dyno_config_to_json_text). */
  DYNO_OPTION_NOT_IN_RESULT = 1 << 0,
  /* Written to a file only when a selected phase uses it (the queued tests' "queued"). */
  DYNO_OPTION_JSON_IF_APPLIES = 1 << 1,
  /* Written to a file only with a phase time above 0 (the precision and its budget). */
  DYNO_OPTION_JSON_IF_TIMED = 1 << 2,
  /* A preset leaves it as it is (the label, the drive tests' file size). */
  DYNO_OPTION_PRESET_KEEPS = 1 << 3,
  /* Not listed in --help. */
  DYNO_OPTION_HIDDEN = 1 << 4,
  /* A file may hold 0 (an import, an older Dyno): read from 0, though a person gives at least
   * the minimum. */
  DYNO_OPTION_FILE_FROM_ZERO = 1 << 5,
  /* No value: where the kinds' own options go among the run's (in a file, in --help). */
  DYNO_OPTION_KINDS_HERE = 1 << 6,
} DynoOptionFlags;

typedef struct _DynoOption DynoOption;
typedef struct _DynoOptionSet DynoOptionSet;

/* Custom options: text to value (the CLI's flag, a setting) and back. */
typedef gboolean (*DynoOptionParseFunc) (const DynoOption *option,
                                         DynoConfig       *config,
                                         const char       *text,
                                         GError          **error);
typedef char *(*DynoOptionFormatFunc) (const DynoOption *option, const DynoConfig *config);
/* A custom option's part of a result file's config: the node to set at option->json, or NULL
 * to leave it out; and reading it back (node is NULL when the file has none). where is the
 * path of the member for error messages ("config.files"). */
typedef JsonNode *(*DynoOptionToJsonFunc) (const DynoOption *option, const DynoConfig *config);
typedef gboolean (*DynoOptionFromJsonFunc) (const DynoOption *option,
                                            DynoConfig       *config,
                                            JsonNode         *node,
                                            const char       *where,
                                            GError          **error);

struct _DynoOption
{
  const char *name;       /* stable, unique among all options: "chunk", "files", "seekers" */
  DynoOptionType type;
  DynoOptionFlags flags;
  gssize offset;          /* of the value in DynoConfig, or in its set's block; -1: none */
  GType (*enum_type) (void); /* DYNO_OPTION_ENUM: dyno_cache_policy_get_type … */
  double min, max;        /* the range of a number, inclusive (FRACTION: as a fraction) */
  const char *def;        /* the default, as dyno-cli takes it ("8K", "5", "evict"); NULL: 0 */
  const char *classic;    /* what Bonnie 2.0.6 itself used, as dyno-cli takes it ("16K"): the
                           * Classic preset's value (dyno_options_set_classic); NULL: def */
  const char *unit;       /* untranslated: "bytes", "seconds", "%", "×1024 files"; NULL */
  const char *help;       /* N_(): the --help line and the option's description */
  /* The --help line made when asked, translated, where it lists what the catalogue holds (the
   * kinds --tests takes); NULL: help */
  char *(*help_text) (const DynoOption *option);
  const char *arg;        /* N_(): the --help placeholder ("SIZE"); NULL for a bool */
  DynoPhaseFlags applies; /* a selected phase with any of these flags uses it; 0: every run */
  const char *cli;        /* dyno-cli run's long flag without "--", NULL: none */
  char cli_short;         /* its short flag, 0: none */
  const char *json;       /* its member in a result file's "config": "chunk", "queued.size";
                           * NULL: none (parts of a custom option have their own) */
  const char *json_absent; /* what a file without the member meant (older files' meaning),
                            * as text; NULL: the default */
  const char *settings;   /* its key in the app's GSettings schema; NULL: none */
  DynoAutoFlags auto_flag; /* the size a target calibrates itself when the option is "auto"
                            * (or 0 where 0 means auto); 0: none */
  const char *auto_name;  /* the flag's name in a file's "auto" list ("per_char") */
  DynoOptionParseFunc parse;
  DynoOptionFormatFunc format;
  DynoOptionToJsonFunc to_json;
  DynoOptionFromJsonFunc from_json;
  /* A custom value in the app's settings (the "tests" list); NULL: by the key's type */
  GVariant *(*to_settings) (const DynoOption *option, const DynoConfig *config);
  gboolean (*from_settings) (const DynoOption *option,
                             DynoConfig       *config,
                             GVariant         *value,
                             GError          **error);
  /* A check of its value against the others, after every option is set; NULL: the range */
  gboolean (*check) (const DynoOption *option, const DynoConfig *config, GError **error);
};

/* The options of a run (kind == NULL) or of a kind of phase, with the size of the block the
 * kind's values live in. */
struct _DynoOptionSet
{
  const char *name;           /* "run", or the kind's nick */
  const DynoOption *options;
  guint n_options;
  gsize values_size;          /* 0 for the run's own: they live in DynoConfig */
  /* Puts defaults into a fresh block (NULL: the options' defaults are parsed in) */
  void (*init) (gpointer values);
};

/* The run's own options (dyno-config-options.c). */
const DynoOptionSet *dyno_config_option_set (void);

/* Every option: the run's, then each kind's (each set once, in the order of the sets' names,
 * which keeps files and --help stable whatever the catalogue's order). */
typedef gboolean (*DynoOptionForeachFunc) (const DynoOptionSet *set,
                                           const DynoOption    *option,
                                           gpointer             user_data);
void                 dyno_options_foreach (DynoOptionForeachFunc func, gpointer user_data);
/* The same, with the kinds' options where the run's table puts them (DYNO_OPTION_KINDS_HERE):
 * the order of a result file's members and of --help. */
void                 dyno_options_foreach_in_place (DynoOptionForeachFunc func, gpointer user_data);
/* Every option set: the run's, then each kind's, NULL-terminated; for the process. */
const DynoOptionSet *const *dyno_option_sets (void);
const DynoOption    *dyno_option_lookup (const char *name, const DynoOptionSet **set);
const DynoOption    *dyno_option_lookup_cli (const char *flag, const DynoOptionSet **set);
const DynoOption    *dyno_option_lookup_settings (const char *key, const DynoOptionSet **set);

/* Where an option's value is in config; NULL for a custom option without an offset. */
gpointer    dyno_option_get_ptr (const DynoOptionSet *set,
                                 const DynoOption    *option,
                                 const DynoConfig    *config);
/* Its --help line, translated (help_text's, made once per process, or help's). */
const char *dyno_option_get_help (const DynoOption *option);
/* A selected phase uses it (options with applies == 0 always apply). */
gboolean    dyno_option_applies (const DynoOption *option, const DynoConfig *config);
/* "--seekers", "-x", or the name for an option with no flag: how a person wrote it. */
char       *dyno_option_describe_flag (const DynoOption *option);

/* Sets the option from text as a person typed it (the CLI, a setting): parsed and checked
 * against its range, with one message per kind of mistake naming it as who (e.g.
 * "--seekers"; NULL: the option's flag). Options with an auto_flag take "auto" and clear or
 * set the flag. */
gboolean    dyno_option_parse (const DynoOptionSet *set,
                               const DynoOption    *option,
                               DynoConfig          *config,
                               const char          *text,
                               const char          *who,
                               GError             **error);
/* Sets the value from text with none of a person's choice's side effects (no auto flag, not
 * given): a default, what a file's missing member meant. */
gboolean    dyno_option_set_text (const DynoOptionSet *set,
                                  const DynoOption    *option,
                                  DynoConfig          *config,
                                  const char          *text,
                                  GError             **error);
/* The value as dyno-cli takes it back ("8K" as "8192", "evict", "5%"). */
char       *dyno_option_format (const DynoOptionSet *set,
                                const DynoOption    *option,
                                const DynoConfig    *config);
/* Resets an option to its default. */
void        dyno_option_set_default (const DynoOptionSet *set,
                                     const DynoOption    *option,
                                     DynoConfig          *config);
/* Its value is within its range (and passes its check); the message names who (NULL: the
 * option's flag or name). */
gboolean    dyno_option_validate (const DynoOptionSet *set,
                                  const DynoOption    *option,
                                  const DynoConfig    *config,
                                  const char          *who,
                                  GError             **error);
/* The same value in both (strings compared as text; custom options by their format). */
gboolean    dyno_option_equal (const DynoOptionSet *set,
                               const DynoOption    *option,
                               const DynoConfig    *a,
                               const DynoConfig    *b);

/* An enum option's value of a nick (any case); FALSE when it has none. */
gboolean    dyno_option_enum_from_nick (const DynoOption *option, const char *text, int *out);
/* The messages the table gives, one per kind of mistake; who is the option as written. */
gboolean    dyno_option_error_range (GError **error, const char *who, const char *text,
                                     const DynoOption *option);

/* ---- the kinds' values in a configuration --------------------------------------------- */

/* The block of a kind's option set in config: the kind's own struct (dyno-option.c makes
 * one per set for every configuration, with its defaults). Never NULL. */
gpointer    dyno_config_get_values (const DynoConfig *config, const DynoOptionSet *set);
/* An option's value by its name, for code outside the kind that declares it (bonnie++'s CSV
 * has the seekers): guint options (COUNT, BOOL, ENUM) and gint64 ones (custom parts). */
guint       dyno_config_get_uint (const DynoConfig *config, const char *name);
void        dyno_config_set_uint (DynoConfig *config, const char *name, guint value);
/* The person gave it (dyno_option_parse), rather than leaving its default: fio's
 * fio_option_is_set (). */
gboolean    dyno_config_option_is_given (const DynoConfig *config, const char *name);
void        dyno_config_option_set_given (DynoConfig *config, const DynoOption *option);
/* The option's auto_flag is set (and the phase time above 0): the target calibrates it. */
gboolean    dyno_config_option_is_auto (const DynoConfig *config, const char *name);
/* Its auto_flag; 0 when it has none. */
DynoAutoFlags dyno_option_get_auto_flag (const char *name);

/* For dyno-config.c: the kinds' blocks of a new configuration, a copy's, and their end. */
void        dyno_option_values_init (DynoConfig *config);
void        dyno_option_values_copy (DynoConfig *copy, const DynoConfig *config);
void        dyno_option_values_free (DynoConfig *config);

/* ---- the front ends ---------------------------------------------------------------------- */

/* The app's settings: every option with a settings key. get: NULL with an error naming the
 * setting; autos follow the keys' "auto" (or 0, or empty) where the option has a flag. */
gboolean    dyno_options_from_settings (GSettings *settings, DynoConfig *config, GError **error);
/* to_settings writes the options with a settings key (not those a preset keeps when
 * preset_only) into settings (delayed or not: the caller applies). */
void        dyno_options_to_settings (const DynoConfig *config,
                                      GSettings        *settings,
                                      gboolean          preset_only);
/* The settings keys of the options, NULL-terminated, preset_only as above. Free the array. */
const char **dyno_options_settings_keys (gboolean preset_only);

/* Sets every option that has a value of Bonnie's own (DynoOption.classic) to it: the Classic
 * preset, Bonnie 2.0.6's run. */
void        dyno_options_set_classic (DynoConfig *config);

/* Every option that a phase of config uses and a preset sets is the same in a and b. */
gboolean    dyno_options_equal (const DynoConfig *a, const DynoConfig *b, gboolean preset_only);

/* Checks every option that applies to config against its range and checks. */
gboolean    dyno_options_validate (const DynoConfig *config, GError **error);

G_END_DECLS
