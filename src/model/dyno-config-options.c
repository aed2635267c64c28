/* dyno-config-options.c: the options of a run, each declared once (dyno-option.h)
 *
 * To add an option: a field in DynoConfig (dyno-config.h), one entry here with its type,
 * range, default, help text, the phases it applies to and its names on the command line, in
 * a result file and in the app's settings (a new settings key goes into the schema too, with
 * the same type: tests/test-options.c holds them together). dyno-cli run, the result file,
 * the app's settings, validation and remote runs then know it. An option only one kind of
 * phase uses belongs to that kind (DynoPhaseKind.options), not here.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "dyno-config-enums.h"
#include "dyno-error.h"
#include "dyno-option.h"
#include "dyno-parse.h"
#include "dyno-result-json-private.h"

#define DATA_PHASES (DYNO_PHASE_WRITES_DATA | DYNO_PHASE_READS_DATA)
#define OFFSET(field) G_STRUCT_OFFSET (DynoConfig, field)
/* Far beyond any volume (dyno_parse_size's bound) */
#define MAX_SIZE ((double) (G_GUINT64_CONSTANT (1) << 60))

/* ---- checks against the other options ------------------------------------------------------ */

static gboolean
size_check (const DynoOption *option, const DynoConfig *config, GError **error)
{
  g_autofree char *chunk = dyno_format_size (config->chunk);
  g_autofree char *size = dyno_format_size (config->size);

  if (config->size < config->chunk)
    return dyno_error_set_invalid (error, _("File size %s is smaller than the chunk size %s"),
                                   size, chunk);
  return TRUE;
}

static gboolean
chunk_check (const DynoOption *option, const DynoConfig *config, GError **error)
{
  g_autofree char *chunk = dyno_format_size (config->chunk);

  if (config->chunk < DYNO_MIN_CHUNK || config->chunk > DYNO_MAX_CHUNK
      || (config->chunk & (config->chunk - 1)) != 0)
    return dyno_error_set_invalid (error,
                                   _("Chunk size %s must be a power of two from 256 bytes to "
                                     "64 MiB"),
                                   chunk);
  return TRUE;
}

static gboolean
per_char_size_check (const DynoOption *option, const DynoConfig *config, GError **error)
{
  if (config->per_char_size != 0 && config->per_char_size > config->size)
    return dyno_error_set_invalid (error, _("The per-char size cannot be larger than the file "
                                            "size"));
  return TRUE;
}

static gboolean
queue_size_check (const DynoOption *option, const DynoConfig *config, GError **error)
{
  if (config->queue_size < DYNO_QUEUE_SIZE_UNIT || config->queue_size % DYNO_QUEUE_SIZE_UNIT != 0)
    /* The exact bytes: 65535 rounds to "64.0 KiB", which reads as if it were whole. */
    return dyno_error_set_invalid (error, _("The test file size for queued tests (%" PRIu64
                                            " bytes) must be a whole number of 64 KiB "
                                            "(65536 bytes), at least 64 KiB"),
                                   config->queue_size);
  return TRUE;
}

static gboolean
queue_cache_check (const DynoOption *option, const DynoConfig *config, GError **error)
{
  if (config->queue_cache == DYNO_CACHE_NONE)
    return dyno_error_set_invalid (error, _("Queued tests read through O_DIRECT or from an "
                                            "evicted cache; the “none” cache policy would "
                                            "measure the page cache"));
  return TRUE;
}

/* ---- the selection ("tests") --------------------------------------------------------------- */

static gboolean
tests_parse (const DynoOption *option, DynoConfig *config, const char *text, GError **error)
{
  return dyno_config_select (config, text, error);
}

static char *
tests_format (const DynoOption *option, const DynoConfig *config)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    g_string_append_printf (text, "%s%s", i ? "," : "",
                            dyno_phase_get_key (dyno_config_get_phase (config, i)));
  return g_string_free (text, FALSE);
}

/* Bonnie's kinds of the data file, as --tests takes them: "putc,write,…" */
static char *
tests_help_text (const DynoOption *option)
{
  g_autoptr (GString) kinds = g_string_new (NULL);
  guint n_bonnie = 0;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  for (guint i = 0; i < n_bonnie; i++)
    if (!dyno_phase_has_flag (bonnie[i], DYNO_PHASE_FILE_TEST))
      g_string_append_printf (kinds, "%s%s", kinds->len ? "," : "", dyno_phase_get_key (bonnie[i]));
  /* TRANSLATORS: --tests's help; %s lists Bonnie's phases of the data file ("putc,write,…"),
   * the names after "groups" are what --tests takes, not to be translated */
  return g_strdup_printf (_("Phases to run: %s, the file tests, or the groups all, io, block, "
                            "char, files (default all)"),
                          kinds->str);
}

static JsonNode *
tests_to_json (const DynoOption *option, const DynoConfig *config)
{
  JsonArray *tests = json_array_new ();
  JsonNode *node;

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    json_array_add_string_element (tests, dyno_phase_get_key (dyno_config_get_phase (config, i)));
  node = json_node_init_array (json_node_alloc (), tests);
  json_array_unref (tests);
  return node;
}

static gboolean
tests_from_json (const DynoOption *option, DynoConfig *config, JsonNode *node, const char *where,
                 GError **error)
{
  JsonArray *tests;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return dyno_json_fail (error, where, NULL, _("expected an array, found %s"),
                           dyno_json_describe (node));
  tests = json_node_get_array (node);
  if (json_array_get_length (tests) > 256)
    return dyno_json_fail (error, where, NULL, _("%u elements are more than the %u allowed"),
                           json_array_get_length (tests), 256);
  dyno_config_clear_phases (config);
  for (guint i = 0; i < json_array_get_length (tests); i++)
    {
      JsonNode *element = json_array_get_element (tests, i);
      g_autofree char *index = g_strdup_printf ("%s[%u]", where, i);
      const DynoPhase *phase;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return dyno_json_fail (error, index, NULL, _("expected a phase name, found %s"),
                               dyno_json_describe (element));
      phase = dyno_phase_lookup (json_node_get_string (element));
      if (phase == NULL)
        return dyno_json_fail (error, index, NULL, _("unknown phase “%s”"),
                               json_node_get_string (element));
      dyno_config_add_phase (config, phase);
    }
  return TRUE;
}

static GVariant *
tests_to_settings (const DynoOption *option, const DynoConfig *config)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) keys = NULL;

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    g_strv_builder_add (builder, dyno_phase_get_key (dyno_config_get_phase (config, i)));
  keys = g_strv_builder_end (builder);
  return g_variant_new_strv ((const char *const *) keys, -1);
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

static gboolean
tests_from_settings (const DynoOption *option, DynoConfig *config, GVariant *value,
                     GError **error)
{
  g_autofree const char **keys = g_variant_get_strv (value, NULL);

  dyno_config_clear_phases (config);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      const DynoPhase *phase = dyno_phase_lookup (keys[i]);

      /* A newer Dyno's phase, or a hand-edited setting: the rest still runs. */
      if (phase == NULL)
        warn_unknown_phase (keys[i]);
      else
        dyno_config_add_phase (config, phase);
    }
  return TRUE;
}

/* ---- what each target sizes itself ("auto") ------------------------------------------------- */

/* The names of the flags set: the options' auto names, and "repeat" for the runs added for
 * precision, which is no option's. */
static JsonNode *
auto_to_json (const DynoOption *option, const DynoConfig *config)
{
  g_autofree char *names = dyno_auto_flags_to_string (config->phase_time > 0 ? config->autos : 0);
  g_auto (GStrv) parts = g_strsplit (names, ",", -1);
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_alloc ();

  for (guint i = 0; parts[i] != NULL; i++)
    if (*parts[i] != '\0')
      json_array_add_string_element (array, parts[i]);
  json_node_init_array (node, array);
  json_array_unref (array);
  return node;
}

static gboolean
auto_from_json (const DynoOption *option, DynoConfig *config, JsonNode *node, const char *where,
                GError **error)
{
  JsonArray *array;

  /* Files without the list sized nothing themselves. */
  config->autos = 0;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return dyno_json_fail (error, where, NULL, _("expected an array, found %s"),
                           dyno_json_describe (node));
  array = json_node_get_array (node);
  if (json_array_get_length (array) > 16)
    return dyno_json_fail (error, where, NULL, _("%u elements are more than the %u allowed"),
                           json_array_get_length (array), 16);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *index = g_strdup_printf ("%s[%u]", where, i);
      DynoAutoFlags flag;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return dyno_json_fail (error, index, NULL, _("expected a string, found %s"),
                               dyno_json_describe (element));
      /* Sizes a newer Dyno calibrates and this one does not know are only a record. */
      if (dyno_auto_flags_from_string (json_node_get_string (element), &flag))
        config->autos |= flag;
    }
  return TRUE;
}

/* ---- the per-char size: a file has the size used, whatever chose it ----------------------- */

static JsonNode *
per_char_size_to_json (const DynoOption *option, const DynoConfig *config)
{
  return json_node_init_int (json_node_alloc (),
                             (gint64) MIN (dyno_config_get_per_char_size (config),
                                           (guint64) G_MAXINT64));
}

/* We write the effective size; keep 0 ("the mode's default") when that is what it was, so a
 * config loaded and run again follows the default as the original did. Read after the size
 * and the per-char mode. */
static gboolean
per_char_size_from_json (const DynoOption *option, DynoConfig *config, JsonNode *node,
                         const char *where, GError **error)
{
  guint64 size = 0;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!dyno_json_read_uint64 (node, where, NULL, 0, G_MAXINT64, &size, error))
    return FALSE;
  config->per_char_size = 0;
  if (size != dyno_config_get_per_char_size (config))
    config->per_char_size = size;
  return TRUE;
}

/* ---- the table ------------------------------------------------------------------------------ */

static const DynoOption options[] = {
  { .name = "size", .type = DYNO_OPTION_SIZE, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = OFFSET (size), .min = 1, .max = MAX_SIZE, .def = "1G", .unit = "bytes",
    .help = N_("Size of the data file, with K/M/G/T suffix, or auto: as large as block writes "
               "fill in the phase time (default auto)"),
    .arg = N_("SIZE|auto"), .applies = DATA_PHASES, .cli = "size", .cli_short = 's',
    .json = "size", .settings = "size", .auto_flag = DYNO_AUTO_SIZE, .auto_name = "size",
    .check = size_check },
  { .name = "chunk", .type = DYNO_OPTION_SIZE, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = OFFSET (chunk), .min = DYNO_MIN_CHUNK, .max = DYNO_MAX_CHUNK, .def = "8K",
    .classic = "16K",
    .unit = "bytes", .help = N_("Bytes per block I/O, a power of two (default 8K)"),
    .arg = N_("SIZE"), .applies = DATA_PHASES, .cli = "chunk", .json = "chunk",
    .settings = "chunk", .check = chunk_check },
  { .name = "per-char-size", .type = DYNO_OPTION_SIZE, .offset = OFFSET (per_char_size),
    .min = 0, .max = MAX_SIZE, .unit = "bytes",
    .help = N_("Bytes for the per-char phases (default: the whole file for stdio, 3M for "
               "syscall)"),
    .arg = N_("SIZE"), .cli = "per-char-size", .json = "per_char_size",
    .settings = "per-char-size", .auto_flag = DYNO_AUTO_PER_CHAR, .auto_name = "per_char",
    .to_json = per_char_size_to_json, .from_json = per_char_size_from_json,
    .check = per_char_size_check },
  /* Bonnie ran its data file's phases only. */
  { .name = "tests", .type = DYNO_OPTION_CUSTOM, .offset = -1, .def = "all", .classic = "io",
    .help = N_("Phases to run (default all)"), .help_text = tests_help_text,
    .arg = N_("LIST"), .cli = "tests", .json = "tests", .settings = "tests",
    .parse = tests_parse, .format = tests_format, .to_json = tests_to_json,
    .from_json = tests_from_json, .to_settings = tests_to_settings,
    .from_settings = tests_from_settings },
  /* The kinds' own options (DynoPhaseKind.options) go here in a result file and in --help,
   * each kind's set in the order of their names. */
  { .name = "kinds", .type = DYNO_OPTION_CUSTOM,
    .flags = DYNO_OPTION_KINDS_HERE | DYNO_OPTION_HIDDEN,
    .offset = -1, .help = N_("The options of the kinds of phase") },
  { .name = "per-char", .type = DYNO_OPTION_ENUM, .offset = OFFSET (per_char),
    .enum_type = dyno_per_char_mode_get_type, .def = "stdio",
    .help = N_("Per-char I/O: stdio putc/getc (Bonnie, bonnie++ 1.03) or syscall 1-byte "
               "write/read (bonnie++ 2.00)"),
    .arg = N_("stdio|syscall"), .applies = DYNO_PHASE_PER_CHAR, .cli = "per-char",
    .json = "per_char", .settings = "per-char" },
  { .name = "cache", .type = DYNO_OPTION_ENUM, .offset = OFFSET (cache),
    .enum_type = dyno_cache_policy_get_type, .def = "evict",
    .help = N_("Page cache policy of Bonnie's tests: evict before reads (default), direct "
               "(O_DIRECT), drop (root: all caches), none; the queued tests have --queue-cache"),
    .arg = N_("evict|direct|drop|none"), .applies = DYNO_PHASE_BONNIE, .cli = "cache",
    .json = "cache", .settings = "cache" },
  { .name = "data", .type = DYNO_OPTION_ENUM, .offset = OFFSET (data),
    .enum_type = dyno_data_pattern_get_type, .def = "random",
    .help = N_("Data written: random (incompressible, default) or zeros"),
    .arg = N_("random|zeros"), .cli = "data", .json = "data", .settings = "data" },
  { .name = "repeat", .type = DYNO_OPTION_COUNT, .offset = OFFSET (repeat), .min = 1,
    .max = DYNO_MAX_REPEAT, .def = "3", .classic = "1", .unit = "runs",
    .help = N_("Run every phase N times and report mean, sd and 95% CI (default 3)"),
    .arg = N_("N"), .cli = "repeat", .cli_short = 'x', .json = "repeat", .settings = "repeat" },
  { .name = "phase-time", .type = DYNO_OPTION_SECONDS, .offset = OFFSET (phase_time), .min = 0,
    .max = DYNO_MAX_PHASE_TIME, .def = "3", .classic = "0", .unit = "seconds",
    .help = N_("Seconds every phase measures for at least (default 3); 0 runs the sizes given "
               "once, as Bonnie did"),
    .arg = N_("SECONDS"), .cli = "phase-time", .json = "phase_time",
    /* Files from before phase times ran Bonnie's way: one pass of the sizes given. */
    .json_absent = "0", .settings = "phase-time" },
  { .name = "auto", .type = DYNO_OPTION_CUSTOM, .flags = DYNO_OPTION_HIDDEN, .offset = -1,
    .help = N_("The sizes each target chose for itself"), .json = "auto",
    .to_json = auto_to_json, .from_json = auto_from_json },
  { .name = "precision", .type = DYNO_OPTION_FRACTION, .flags = DYNO_OPTION_JSON_IF_TIMED,
    .offset = OFFSET (precision), .min = 0, .max = 0.99, .def = "5%", .unit = "%",
    .help = N_("Repeat each test past -x until its 95% interval is within ±P of its mean "
               "(default 5%; 0 repeats exactly -x times)"),
    /* Files from before precision targets: no target. */
    .arg = N_("P%"), .cli = "precision", .json = "precision", .json_absent = "0" },
  { .name = "max-time", .type = DYNO_OPTION_SECONDS, .flags = DYNO_OPTION_JSON_IF_TIMED,
    .offset = OFFSET (max_time), .min = 0, .max = DYNO_MAX_MAX_TIME, .def = "300",
    .unit = "seconds",
    .help = N_("Seconds a target may take with the repeats added for precision (default 300; "
               "0: no limit)"),
    .arg = N_("SECONDS"), .cli = "max-time", .json = "max_time", .json_absent = "0" },
  { .name = "queue-size", .type = DYNO_OPTION_SIZE,
    .flags = DYNO_OPTION_JSON_IF_APPLIES | DYNO_OPTION_PRESET_KEEPS | DYNO_OPTION_FILE_FROM_ZERO,
    /* From 0: its check says what a size must be (whole 64 KiB) better than a range would */
    .offset = OFFSET (queue_size), .min = 0, .max = MAX_SIZE, .def = "1G",
    .unit = "bytes",
    .help = N_("Size of the queued tests' test file (default 1G, as CrystalDiskMark)"),
    .arg = N_("SIZE"), .applies = DYNO_PHASE_QUEUED, .cli = "queue-size", .json = "queued.size",
    .settings = "queue-size", .check = queue_size_check },
  { .name = "queue-cache", .type = DYNO_OPTION_ENUM, .flags = DYNO_OPTION_JSON_IF_APPLIES,
    .offset = OFFSET (queue_cache), .enum_type = dyno_cache_policy_get_type, .def = "direct",
    .help = N_("Page cache policy of the queued tests: direct (O_DIRECT, the default, as "
               "CrystalDiskMark; where there is none, evicted buffered I/O with a warning unless "
               "given), evict or drop"),
    .arg = N_("direct|evict|drop"), .applies = DYNO_PHASE_QUEUED, .cli = "queue-cache",
    .json = "queued.cache", .check = queue_cache_check },
  { .name = "io-engine", .type = DYNO_OPTION_ENUM, .flags = DYNO_OPTION_JSON_IF_APPLIES,
    .offset = OFFSET (io_engine), .enum_type = dyno_io_engine_get_type, .def = "auto",
    .help = N_("How queued tests keep I/Os in flight: io_uring, threads (pread/pwrite), or auto "
               "(default)"),
    .arg = N_("auto|io_uring|threads"), .applies = DYNO_PHASE_QUEUED, .cli = "io-engine",
    .json = "queued.engine" },
  { .name = "interval", .type = DYNO_OPTION_SECONDS, .flags = DYNO_OPTION_JSON_IF_APPLIES,
    .offset = OFFSET (interval), .min = 0, .max = DYNO_MAX_INTERVAL, .unit = "seconds",
    .help = N_("Seconds of rest before each queued test (default 5 with --profile, else 0)"),
    .arg = N_("SECONDS"), .applies = DYNO_PHASE_QUEUED, .cli = "interval",
    .json = "queued.interval", .settings = "interval" },
  { .name = "seed", .type = DYNO_OPTION_SEED, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = OFFSET (seed), .min = 1, .max = (double) G_MAXUINT64,
    .help = N_("Random seed, to repeat a run exactly"), .arg = N_("N"), .cli = "seed",
    .json = "seed" },
  { .name = "label", .type = DYNO_OPTION_STRING,
    .flags = DYNO_OPTION_NOT_IN_RESULT | DYNO_OPTION_PRESET_KEEPS, .offset = OFFSET (label),
    .help = N_("Label for the result (default: host name)"), .arg = N_("LABEL"), .cli = "label",
    .cli_short = 'm', .json = "label", .settings = "label" },
  { .name = "notes", .type = DYNO_OPTION_STRING,
    .flags = DYNO_OPTION_NOT_IN_RESULT | DYNO_OPTION_PRESET_KEEPS, .offset = OFFSET (notes),
    .help = N_("Free-text notes kept with the result"), .arg = N_("TEXT"), .cli = "notes",
    .json = "notes", .settings = "notes" },
  { .name = "no-space-check", .type = DYNO_OPTION_BOOL, .flags = DYNO_OPTION_NOT_IN_RESULT,
    .offset = OFFSET (skip_space_check),
    .help = N_("Do not refuse when the free space looks too small (compressed or thin file "
               "systems)"),
    .cli = "no-space-check", .json = "skip_space_check" },
};

static const DynoOptionSet run_options = {
  "run", options, G_N_ELEMENTS (options), 0, NULL,
};

const DynoOptionSet *
dyno_config_option_set (void)
{
  return &run_options;
}

/* ---- "auto" names ------------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  DynoAutoFlags flags;
  GString *text;
} AutoNames;

static gboolean
collect_auto (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  AutoNames *names = data;

  if (option->auto_flag == 0 || option->auto_name == NULL)
    return TRUE;
  if (names->text != NULL && (names->flags & option->auto_flag))
    g_string_append_printf (names->text, "%s%s", names->text->len ? "," : "", option->auto_name);
  if (names->name != NULL && g_str_equal (names->name, option->auto_name))
    {
      names->flags |= option->auto_flag;
      return FALSE;
    }
  return TRUE;
}

static gboolean
or_auto_flag (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  *(DynoAutoFlags *) data |= option->auto_flag;
  return TRUE;
}

DynoAutoFlags
dyno_auto_flags_all (void)
{
  static gsize all;

  if (g_once_init_enter (&all))
    {
      DynoAutoFlags flags = 0;

      dyno_options_foreach (or_auto_flag, &flags);
      g_once_init_leave (&all, flags);
    }
  return (DynoAutoFlags) all;
}

char *
dyno_auto_flags_to_string (DynoAutoFlags flags)
{
  AutoNames names = { NULL, flags, g_string_new (NULL) };

  dyno_options_foreach (collect_auto, &names);
  if (flags & DYNO_AUTO_REPEAT)
    g_string_append_printf (names.text, "%s%s", names.text->len ? "," : "", "repeat");
  return g_string_free (names.text, FALSE);
}

gboolean
dyno_auto_flags_from_string (const char *text, DynoAutoFlags *out)
{
  g_auto (GStrv) parts = NULL;
  DynoAutoFlags flags = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *name = g_strstrip (parts[i]);
      AutoNames names = { name, 0, NULL };

      if (*name == '\0')
        continue;
      if (g_str_equal (name, "repeat"))
        names.flags = DYNO_AUTO_REPEAT;
      else
        dyno_options_foreach (collect_auto, &names);
      if (names.flags == 0)
        return FALSE;
      flags |= names.flags;
    }
  if (out != NULL)
    *out = flags;
  return TRUE;
}
