/* test-options.c: the option tables (dyno-option.h) and what comes from them
 *
 * Every option is declared once; these hold the declarations complete (help, range, default,
 * a member in a result file), the app's GSettings schema to the tables' keys and types, and a
 * configuration through every front end's form and back: the CLI's words, the result file's
 * JSON, the app's settings.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "dyno-config-enums.h"
#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-option.h"
#include "dyno-result-json.h"
#include "dyno-test-util.h"

static gboolean
is_numeric (const DynoOption *option)
{
  return option->type == DYNO_OPTION_SIZE || option->type == DYNO_OPTION_COUNT
         || option->type == DYNO_OPTION_SECONDS || option->type == DYNO_OPTION_FRACTION
         || option->type == DYNO_OPTION_SEED;
}

static gboolean
check_declaration (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  GHashTable *names = data;

  g_test_message ("option %s (%s)", option->name, set->name);
  /* Names are unique: the CLI, the settings and the given bits find an option by them. */
  g_assert_true (g_hash_table_add (names, (gpointer) option->name));
  g_assert_nonnull (option->help);
  g_assert_cmpstr (option->help, !=, "");
  if (option->flags & DYNO_OPTION_KINDS_HERE)
    return TRUE;
  /* Every option is kept in a result file or handed to a remote run. */
  g_assert_nonnull (option->json);
  if (option->cli != NULL && option->type != DYNO_OPTION_BOOL)
    g_assert_nonnull (option->arg);
  if (is_numeric (option))
    {
      g_autoptr (GError) error = NULL;

      g_assert_cmpfloat (option->min, <=, option->max);
      g_assert_cmpfloat (option->max, >, 0);
      /* The default is within the range: dyno_config_new () validates. */
      g_assert_true (dyno_option_validate (set, option, config, NULL, &error)
                     || option->check != NULL);
      g_assert_no_error (error);
    }
  if (option->type == DYNO_OPTION_ENUM)
    {
      g_assert_nonnull (option->enum_type);
      g_assert_nonnull (option->def);
    }
  if (option->type == DYNO_OPTION_CUSTOM)
    g_assert_true (option->to_json != NULL && option->from_json != NULL);
  if (option->auto_flag != 0)
    g_assert_nonnull (option->auto_name);
  /* Bonnie's own value is one the option takes (the Classic preset sets it). */
  if (option->classic != NULL)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (dyno_option_set_text (set, option, config, option->classic, &error));
      g_assert_no_error (error);
    }
  /* A --help line made from the catalogue is made, and says something. */
  g_assert_cmpstr (dyno_option_get_help (option), !=, "");
  /* A kind's option has a kind to apply to. */
  if (set != dyno_config_option_set ())
    {
      guint n_kinds, users = 0;
      const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

      for (guint i = 0; i < n_kinds; i++)
        users += kinds[i]->options == set;
      g_assert_cmpuint (users, >, 0);
    }
  return TRUE;
}

static void
test_declarations (void)
{
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (DynoConfig) config = dyno_config_new ();
  DynoAutoFlags seen = 0;
  guint n_sets = 0;

  dyno_options_foreach (check_declaration, names);
  /* The kinds' own are found through the catalogue: the seeks' and the file tests'. */
  g_assert_nonnull (dyno_option_lookup_cli ("seekers", NULL));
  g_assert_nonnull (dyno_option_lookup_cli ("files", NULL));
  for (const DynoOptionSet *const *sets = dyno_option_sets (); *sets != NULL; sets++)
    n_sets++;
  g_assert_cmpuint (n_sets, >=, 3);
  /* The auto flags are one per option, and the defaults leave every size to the target. */
  for (const DynoOptionSet *const *sets = dyno_option_sets (); *sets != NULL; sets++)
    for (guint i = 0; i < (*sets)->n_options; i++)
      {
        DynoAutoFlags flag = (*sets)->options[i].auto_flag;

        g_assert_cmpuint (seen & flag, ==, 0);
        seen |= flag;
      }
  g_assert_cmpuint (seen, ==, DYNO_AUTO_ALL);
  g_assert_cmpuint (config->autos & DYNO_AUTO_ALL, ==, DYNO_AUTO_ALL);
  /* The defaults are the documented ones. */
  g_assert_cmpuint (config->size, ==, DYNO_DEFAULT_SIZE);
  g_assert_cmpuint (config->chunk, ==, DYNO_DEFAULT_CHUNK);
  g_assert_cmpuint (config->repeat, ==, DYNO_DEFAULT_REPEAT);
  g_assert_cmpfloat (config->phase_time, ==, DYNO_DEFAULT_PHASE_TIME);
  g_assert_cmpfloat (config->precision, ==, DYNO_DEFAULT_PRECISION);
  g_assert_cmpfloat (config->max_time, ==, DYNO_DEFAULT_MAX_TIME);
  g_assert_cmpuint (config->queue_size, ==, DYNO_DEFAULT_QUEUE_SIZE);
  g_assert_cmpint (config->queue_cache, ==, DYNO_CACHE_DIRECT);
  g_assert_cmpint (config->cache, ==, DYNO_CACHE_EVICT);
  g_assert_cmpuint (dyno_config_get_files (config)->num, ==, DYNO_DEFAULT_FILES);
  g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 8192);
  g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 5);
  g_assert_true (dyno_config_validate (config, NULL));
  /* --tests's help lists Bonnie's phases of the data file from the catalogue. */
  g_assert_nonnull (strstr (dyno_option_get_help (dyno_option_lookup_cli ("tests", NULL)),
                            "putc,write,rewrite,getc,read,seeks,"));
  /* Bonnie 2.0.6's own values, which the Classic preset gives. */
  dyno_options_set_classic (config);
  g_assert_cmpuint (config->chunk, ==, 16384);
  g_assert_cmpuint (config->repeat, ==, 1);
  g_assert_cmpfloat (config->phase_time, ==, 0);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 6);
  g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 4000);
  g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 3);
}

/* One message per kind of mistake, naming the option as it was written. */
static void
test_messages (void)
{
  static const struct
  {
    const char *flag;
    const char *text;
    const char *message;
  } cases[] = {
    { "cache", "fast", "--cache: “fast” is not one of evict, direct, drop, none" },
    { "queue-cache", "often", "--queue-cache: “often” is not one of evict, direct, drop, none" },
    { "repeat", "0", "-x: “0” is not a whole number from 1 to 100" },
    { "seekers", "257", "--seekers: “257” is not a whole number from 1 to 256" },
    { "interval", "-1", "--interval: “-1” is not a number of seconds from 0 to 600" },
    { "precision", "100%", "--precision: “100%” is not a percentage from 0 to 99, e.g. 5%" },
    { "size", "0", "-s: the size must be larger than zero" },
    { "seed", "0", "--seed: “0” is not a positive whole number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DynoConfig) config = dyno_config_new ();
      g_autoptr (GError) error = NULL;
      const DynoOptionSet *set = NULL;
      const DynoOption *option = dyno_option_lookup_cli (cases[i].flag, &set);

      g_assert_nonnull (option);
      g_assert_false (dyno_option_parse (set, option, config, cases[i].text, NULL, &error));
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      /* Nothing given is marked given. */
      g_assert_false (dyno_config_option_is_given (config, option->name));
    }
  /* Validation names the option the same way, with its range. */
  {
    g_autoptr (DynoConfig) config = dyno_config_new ();
    g_autoptr (GError) error = NULL;

    dyno_config_select (config, "seeks", NULL);
    dyno_config_set_uint (config, "seekers", 0);
    g_assert_false (dyno_config_validate (config, &error));
    g_assert_cmpstr (error->message, ==, "--seekers must be from 1 to 256");
    /* A kind's option applies only where the kind runs. */
    dyno_config_select (config, "write", NULL);
    g_assert_true (dyno_config_validate (config, NULL));
  }
}

/* A configuration as dyno-cli's words: every option a person can give, none at its default. */
static const char *const cli_words[] = {
  "size", "64M", "chunk", "16K", "per-char-size", "4M",
  "tests", "putc,write,read,seeks,seq_create,rand_stat,rnd-read:4k:q32:t1",
  "files", "2:64k:1k:3", "seeks", "500", "seekers", "7", "per-char", "syscall",
  "cache", "direct", "data", "zeros", "repeat", "4", "phase-time", "2.5",
  "precision", "10%", "max-time", "120", "queue-size", "128M", "queue-cache", "evict",
  "io-engine", "threads", "interval", "1.5", "seed", "42", "label", "lab 'one'",
  "notes", "über\nzwei", "no-space-check", "true", NULL,
};

static gboolean
check_equal (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  const DynoConfig *const *pair = data;
  g_autofree char *a = dyno_option_format (set, option, pair[0]);
  g_autofree char *b = dyno_option_format (set, option, pair[1]);

  g_test_message ("option %s: %s / %s", option->name, a, b);
  g_assert_cmpstr (a, ==, b);
  return TRUE;
}

static void
assert_same_config (const DynoConfig *a, const DynoConfig *b)
{
  const DynoConfig *pair[] = { a, b };

  /* Every option, whether a phase uses it or not; and the sizes left to the targets. */
  dyno_options_foreach (check_equal, pair);
  g_assert_true (dyno_config_same_phases (a, b));
  g_assert_cmpuint (a->autos, ==, b->autos);
  g_assert_true (dyno_options_equal (a, b, FALSE));
}

static DynoConfig *
config_from_words (void)
{
  DynoConfig *config = dyno_config_new ();

  for (guint i = 0; cli_words[i] != NULL; i += 2)
    {
      g_autoptr (GError) error = NULL;
      const DynoOptionSet *set = NULL;
      const DynoOption *option = dyno_option_lookup_cli (cli_words[i], &set);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      g_assert_nonnull (option);
      before = dyno_option_format (set, option, config);
      g_assert_true (dyno_option_parse (set, option, config, cli_words[i + 1], NULL, &error));
      g_assert_no_error (error);
      g_assert_true (dyno_config_option_is_given (config, option->name));
      after = dyno_option_format (set, option, config);
      /* Each word changes its option: none is at its default, so a lost one shows. */
      if (option->type != DYNO_OPTION_CUSTOM || option->format != NULL)
        g_assert_cmpstr (before, !=, after);
    }
  g_assert_true (dyno_config_validate (config, NULL));
  return config;
}

static gboolean
count_given (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  const DynoConfig *config = ((gpointer *) data)[0];
  guint *n = ((gpointer *) data)[1];

  *n += dyno_config_option_is_given (config, option->name);
  return TRUE;
}

/* dyno-cli's words → config → JSON → config → the app's settings → config, equal throughout. */
static void
test_round_trip (void)
{
  g_autoptr (DynoConfig) words = config_from_words ();
  g_autoptr (DynoConfig) from_json = NULL;
  g_autoptr (DynoConfig) from_settings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autofree char *json = NULL;
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  guint n_given = 0;
  gpointer data[] = { NULL, &n_given };

  /* The whole configuration, as a remote run is handed it */
  json = dyno_config_to_json_text (words);
  from_json = dyno_config_from_json_text (json, &error);
  g_assert_no_error (error);
  assert_same_config (words, from_json);
  /* and which options the person gave: all of them here */
  data[0] = from_json;
  dyno_options_foreach (count_given, data);
  g_assert_cmpuint (n_given, ==, g_strv_length ((char **) cli_words) / 2);

  /* The app's settings hold what they have keys for; the rest stays as it was. */
  schema = source != NULL ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      g_test_skip ("no compiled GSettings schema (a build without the app)");
      return;
    }
  /* GSETTINGS_BACKEND=memory (test_env) */
  settings = g_settings_new_full (schema, NULL, NULL);
  dyno_options_to_settings (from_json, settings, FALSE);
  from_settings = dyno_config_copy (from_json);
  dyno_config_clear_phases (from_settings);
  from_settings->size = 1;
  dyno_config_set_uint (from_settings, "seekers", 1);
  from_settings->autos = DYNO_AUTO_ALL;
  g_assert_true (dyno_options_from_settings (settings, from_settings, &error));
  g_assert_no_error (error);
  assert_same_config (from_json, from_settings);
}

/* A result file's config: the run's options and each kind's, under their members. */
static void
test_result_config (void)
{
  g_autoptr (DynoConfig) config = config_from_words ();
  g_autoptr (JsonObject) object = dyno_config_to_json (config);
  g_autoptr (DynoConfig) back = dyno_config_new ();

  for (const DynoOptionSet *const *sets = dyno_option_sets (); *sets != NULL; sets++)
    for (guint i = 0; i < (*sets)->n_options; i++)
      {
        const DynoOption *option = &(*sets)->options[i];
        g_auto (GStrv) path = NULL;
        JsonObject *parent = object;

        if (option->json == NULL || (option->flags & DYNO_OPTION_NOT_IN_RESULT))
          continue;
        path = g_strsplit (option->json, ".", -1);
        for (guint p = 0; path[p + 1] != NULL; p++)
          parent = json_object_get_object_member (parent, path[p]);
        g_test_message ("member %s", option->json);
        g_assert_true (json_object_has_member (parent, path[g_strv_length (path) - 1]));
      }
  /* What a result keeps beside its config is not in it. */
  g_assert_false (json_object_has_member (object, "label"));
  g_assert_true (json_object_has_member (object, "seekers"));
  g_assert_true (dyno_config_from_json (object, back, NULL));
  g_assert_cmpuint (dyno_config_get_uint (back, "seekers"), ==, 7);
  g_assert_cmpint (dyno_config_get_files (back)->max, ==, 65536);
}

static gboolean
check_schema_key (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  GSettingsSchema *schema = data;
  g_autoptr (GSettingsSchemaKey) key = NULL;
  g_autoptr (GVariant) range = NULL;
  const GVariantType *type;
  const char *kind;

  if (option->settings == NULL)
    return TRUE;
  g_test_message ("key %s (option %s)", option->settings, option->name);
  g_assert_true (g_settings_schema_has_key (schema, option->settings));
  key = g_settings_schema_get_key (schema, option->settings);
  type = g_settings_schema_key_get_value_type (key);
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &kind, NULL);
  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      g_assert_true (g_variant_type_equal (type, G_VARIANT_TYPE_UINT64)
                     || g_variant_type_equal (type, G_VARIANT_TYPE_STRING));
      break;
    case DYNO_OPTION_COUNT:
      g_assert_true (g_variant_type_equal (type, G_VARIANT_TYPE_UINT32));
      break;
    case DYNO_OPTION_SECONDS:
    case DYNO_OPTION_FRACTION:
      g_assert_true (g_variant_type_equal (type, G_VARIANT_TYPE_DOUBLE));
      break;
    case DYNO_OPTION_BOOL:
      g_assert_true (g_variant_type_equal (type, G_VARIANT_TYPE_BOOLEAN));
      break;
    case DYNO_OPTION_STRING:
      g_assert_true (g_variant_type_equal (type, G_VARIANT_TYPE_STRING));
      g_assert_cmpstr (kind, ==, "type");
      break;
    case DYNO_OPTION_ENUM:
      {
        g_autoptr (GVariant) values = NULL;
        g_autofree const char **nicks = NULL;

        /* The schema's enum has the GEnum's nicks, in its order. */
        g_assert_cmpstr (kind, ==, "enum");
        g_variant_get (range, "(&sv)", NULL, &values);
        nicks = g_variant_get_strv (values, NULL);
        g_assert_true (g_strv_equal (nicks, dyno_enum_get_nicks (option->enum_type ())));
        break;
      }
    case DYNO_OPTION_CUSTOM:
    default:
      g_assert_true (g_variant_type_equal (type, G_VARIANT_TYPE_STRING)
                     || g_variant_type_equal (type, G_VARIANT_TYPE_STRING_ARRAY));
      break;
    }
  /* A key's range is the option's, with 0 for "auto" where the option has an auto flag. */
  if (g_str_equal (kind, "range") && option->type != DYNO_OPTION_SIZE)
    {
      g_autoptr (GVariant) bounds = NULL;
      g_autoptr (GVariant) low = NULL;
      g_autoptr (GVariant) high = NULL;
      double lo, hi;

      g_variant_get (range, "(&sv)", NULL, &bounds);
      low = g_variant_get_child_value (bounds, 0);
      high = g_variant_get_child_value (bounds, 1);
      lo = g_variant_is_of_type (low, G_VARIANT_TYPE_DOUBLE) ? g_variant_get_double (low)
                                                             : g_variant_get_uint32 (low);
      hi = g_variant_is_of_type (high, G_VARIANT_TYPE_DOUBLE) ? g_variant_get_double (high)
                                                              : g_variant_get_uint32 (high);
      g_assert_cmpfloat (lo, ==, option->auto_flag != 0 ? 0 : option->min);
      g_assert_cmpfloat (hi, <=, option->max);
    }
  return TRUE;
}

/* The schema keeps its keys; each key an option's, of a type that holds it. */
static void
test_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  const char **keys = NULL;
  static const char *const per_run[] = {
    "size", "chunk", "tests", "files-spec", "seeks", "seekers", "per-char", "per-char-size",
    "cache", "data", "repeat", "phase-time", "interval", "queue-size", "label", "notes", NULL,
  };

  schema = source != NULL ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      g_test_skip ("no compiled GSettings schema (a build without the app)");
      return;
    }
  dyno_options_foreach (check_schema_key, schema);
  /* Every per-run key the app had is an option's. */
  keys = dyno_options_settings_keys (FALSE);
  for (guint i = 0; per_run[i] != NULL; i++)
    g_assert_true (g_strv_contains (keys, per_run[i]));
  g_free (keys);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/options/declarations", test_declarations);
  g_test_add_func ("/options/messages", test_messages);
  g_test_add_func ("/options/round-trip", test_round_trip);
  g_test_add_func ("/options/result-config", test_result_config);
  g_test_add_func ("/options/schema", test_schema);
  return g_test_run ();
}
