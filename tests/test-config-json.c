/* test-config-json.c: a configuration through its JSON and back (run --config-json)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-config-enums.h"
#include "dyno-error.h"
#include "dyno-model-enums.h"
#include "dyno-result-json.h"
#include "dyno-test-util.h"

/* Every field differs from dyno_config_new ()'s, so a field that is lost shows. */
static DynoConfig *
unusual_config (void)
{
  DynoConfig *config = dyno_config_new ();

  config->size = 3ull * 1024 * 1024 * 1024 + 65536;
  config->chunk = 64 * 1024;
  config->per_char_size = 5 * 1024 * 1024;
  dyno_config_clear_phases (config);
  dyno_config_add_phase (config, PHASE ("write"));
  dyno_config_add_phase (config, PHASE ("seeks"));
  dyno_config_add_phase (config, PHASE ("seq_create"));
  dyno_config_add_phase (config, PHASE ("rnd-read:4k:q32:t1"));
  dyno_config_add_phase (config, PHASE ("seq-write:1m:q8:t2"));
  dyno_config_get_files (config)->num = 7;
  dyno_config_get_files (config)->max = 4096;
  dyno_config_get_files (config)->min = 512;
  dyno_config_get_files (config)->dirs = 3;
  dyno_config_set_uint (config, "seeks", 1234);
  dyno_config_set_uint (config, "seekers", 9);
  config->per_char = DYNO_PER_CHAR_SYSCALL;
  config->cache = DYNO_CACHE_DIRECT;
  config->data = DYNO_DATA_ZEROS;
  config->repeat = 4;
  config->phase_time = 1.25;
  config->autos = dyno_option_get_auto_flag ("seeks");
  config->queue_size = 256 * 1024 * 1024;
  config->queue_cache = DYNO_CACHE_EVICT;
  config->io_engine = DYNO_IO_ENGINE_THREADS;
  config->interval = 2.5;
  /* Above 2^53: a double would round it. */
  config->seed = G_GUINT64_CONSTANT (18446744073709551557);
  config->label = g_strdup ("nas 'tank'; $(true)");
  config->notes = g_strdup ("über \"quoted\"\nsecond line");
  config->skip_space_check = TRUE;
  return config;
}

static void
assert_same (const DynoConfig *a, const DynoConfig *b)
{
  g_assert_cmpuint (a->size, ==, b->size);
  g_assert_cmpuint (a->chunk, ==, b->chunk);
  g_assert_cmpuint (dyno_config_get_per_char_size (a), ==, dyno_config_get_per_char_size (b));
  g_assert_cmpuint (dyno_config_get_n_phases (a), ==, dyno_config_get_n_phases (b));
  for (guint i = 0; i < dyno_config_get_n_phases (a); i++)
    g_assert_true (dyno_config_get_phase (a, i) == dyno_config_get_phase (b, i));
  g_assert_cmpuint (dyno_config_get_files (a)->num, ==, dyno_config_get_files (b)->num);
  g_assert_cmpint (dyno_config_get_files (a)->max, ==, dyno_config_get_files (b)->max);
  g_assert_cmpint (dyno_config_get_files (a)->min, ==, dyno_config_get_files (b)->min);
  g_assert_cmpuint (dyno_config_get_files (a)->dirs, ==, dyno_config_get_files (b)->dirs);
  g_assert_cmpuint (dyno_config_get_uint (a, "seeks"), ==, dyno_config_get_uint (b, "seeks"));
  g_assert_cmpuint (dyno_config_get_uint (a, "seekers"), ==, dyno_config_get_uint (b, "seekers"));
  g_assert_cmpint (a->per_char, ==, b->per_char);
  g_assert_cmpint (a->cache, ==, b->cache);
  g_assert_cmpint (a->data, ==, b->data);
  g_assert_cmpuint (a->repeat, ==, b->repeat);
  g_assert_cmpfloat (a->phase_time, ==, b->phase_time);
  g_assert_cmpuint (a->autos, ==, b->autos);
  g_assert_cmpuint (a->queue_size, ==, b->queue_size);
  g_assert_cmpint (a->queue_cache, ==, b->queue_cache);
  g_assert_cmpint (a->io_engine, ==, b->io_engine);
  g_assert_cmpfloat (a->interval, ==, b->interval);
  g_assert_cmpuint (a->seed, ==, b->seed);
  g_assert_cmpstr (a->label, ==, b->label);
  g_assert_cmpstr (a->notes, ==, b->notes);
  g_assert_cmpint (a->skip_space_check, ==, b->skip_space_check);
}

static void
test_round_trip (void)
{
  g_autoptr (DynoConfig) config = unusual_config ();
  g_autoptr (DynoConfig) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = dyno_config_to_json_text (config);

  g_assert_null (strchr (text, '\n')); /* one line, one shell word when quoted */
  g_test_message ("%s", text);
  back = dyno_config_from_json_text (text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  assert_same (config, back);
  g_assert_true (dyno_config_validate (back, NULL));
}

static void
test_defaults_and_links (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoConfig) back = NULL;
  g_autofree char *text = NULL;

  /* The defaults stay defaults (per_char_size 0: the mode's own), links stay links. */
  dyno_config_get_files (config)->max = DYNO_FILES_SYMLINK;
  text = dyno_config_to_json_text (config);
  back = dyno_config_from_json_text (text, NULL);
  g_assert_nonnull (back);
  assert_same (config, back);
  g_assert_cmpuint (back->per_char_size, ==, 0);
  g_assert_null (back->label);
  g_assert_false (back->skip_space_check);
}

static void
test_bad (void)
{
  const char *bad[] = { "", "[1]", "{\"repeat\":0}", "{\"cache\":\"sometimes\"}",
                        "{\"tests\":[\"no-such-test\"]}", "{\"label\":3}", NULL };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DynoConfig) config = dyno_config_from_json_text (bad[i], &error);

      g_assert_null (config);
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
    }
}

/* The app's settings name the model's values with the enums' nicks: the schema's enums and the
 * model's GEnums must be one list, with one value for each name. */
static void
test_enum_nicks_match_schema (void)
{
  if (!dyno_test_check_schema_enum ("cache", DYNO_TYPE_CACHE_POLICY, TRUE))
    return;
  dyno_test_check_schema_enum ("default-cache", DYNO_TYPE_CACHE_POLICY, TRUE);
  dyno_test_check_schema_enum ("per-char", DYNO_TYPE_PER_CHAR_MODE, TRUE);
  dyno_test_check_schema_enum ("data", DYNO_TYPE_DATA_PATTERN, TRUE);
  /* The app offers MB/s and MiB/s; K/sec is bonnie++'s, for dyno-cli. */
  dyno_test_check_schema_enum ("rate-unit", DYNO_TYPE_RATE_UNIT, FALSE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/config-json/round-trip", test_round_trip);
  g_test_add_func ("/config-json/defaults-and-links", test_defaults_and_links);
  g_test_add_func ("/config-json/bad", test_bad);
  g_test_add_func ("/config-json/enum-nicks-match-schema", test_enum_nicks_match_schema);
  return g_test_run ();
}
