/* test-parse.c: sizes, test lists and -n specs as people type them
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "dyno-test-util.h"

static void
test_size_valid (void)
{
  static const struct
  {
    const char *text;
    guint64 bytes;
  } cases[] = {
    { "0", 0 },
    { "4096", 4096 },
    { "64k", 65536 },
    { "64K", 65536 },
    { "64KiB", 65536 },
    { "512M", G_GUINT64_CONSTANT (512) << 20 },
    { "1G", G_GUINT64_CONSTANT (1) << 30 },
    { "1.5G", (G_GUINT64_CONSTANT (3) << 30) / 2 },
    { "2T", G_GUINT64_CONSTANT (2) << 40 },
    { " 256m ", G_GUINT64_CONSTANT (256) << 20 },
    { "100b", 100 },
    { "8GB", G_GUINT64_CONSTANT (8) << 30 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      guint64 bytes = 12345;

      g_assert_true (dyno_parse_size (cases[i].text, &bytes, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (bytes, ==, cases[i].bytes);
    }
}

static void
test_size_invalid (void)
{
  static const char *const cases[] = {
    "",     "x",    "-5G",  "0x",   "1e99", "G",   "1.2.3", "12Q", "1G2",
    "99999999999999999999", "16777216T", "1K M", "--1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      guint64 bytes = 777;

      g_assert_false (dyno_parse_size (cases[i], &bytes, &error));
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
      /* The message quotes what was typed, so a person sees which value was wrong. */
      g_assert_nonnull (strstr (error->message, cases[i]));
      g_assert_cmpuint (bytes, ==, 777);
    }
}

static void
test_files_spec (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *formatted = NULL;

  g_assert_true (dyno_parse_files_spec ("4", config, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 4);
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, 0);
  g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 1);

  g_assert_true (dyno_parse_files_spec ("16:64k:1k:8", config, &error));
  g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 16);
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, 65536);
  g_assert_cmpint (dyno_config_get_files (config)->min, ==, 1024);
  g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 8);
  formatted = dyno_format_files_spec (config);
  g_assert_cmpstr (formatted, ==, "16:65536:1024:8");

  g_assert_true (dyno_parse_files_spec ("2:link", config, &error));
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, DYNO_FILES_LINK);
  g_assert_true (dyno_parse_files_spec ("2:-2", config, &error));
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, DYNO_FILES_SYMLINK);
}

static void
test_files_spec_invalid (void)
{
  static const char *const cases[] = {
    "", "x", "4:1k:2k", "4:1k:0:0", "1:2:3:4:5", "-1", "4:1k:1k:x", "4:128M",
  };
  g_autoptr (DynoConfig) config = dyno_config_new ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (dyno_parse_files_spec (cases[i], config, &error));
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
      /* Nothing of a bad spec is applied. */
      g_assert_cmpuint (dyno_config_get_files (config)->num, ==, DYNO_DEFAULT_FILES);
    }
}

static gboolean
has (GPtrArray *phases, const char *key)
{
  return g_ptr_array_find (phases, dyno_phase_lookup (key), NULL);
}

static void
test_tests_list (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autofree char *text = NULL;
  GPtrArray *phases = NULL;

  g_assert_true (dyno_parse_tests ("write,read", &phases, &error));
  g_assert_cmpuint (phases->len, ==, 2);
  g_assert_true (has (phases, "write") && has (phases, "read"));
  g_clear_pointer (&phases, g_ptr_array_unref);
  g_assert_true (dyno_parse_tests ("all", &phases, &error));
  g_assert_cmpuint (phases->len, ==, 12);
  g_clear_pointer (&phases, g_ptr_array_unref);
  g_assert_true (dyno_parse_tests ("block, seeks ,files", &phases, &error));
  g_assert_true (has (phases, "rewrite"));
  g_assert_true (has (phases, "rand_delete"));
  g_assert_false (has (phases, "putc"));
  g_clear_pointer (&phases, g_ptr_array_unref);

  /* The selection is kept in execution order, whatever order it was typed in. */
  g_assert_true (dyno_config_select (config, "rand_delete,seeks,files,block", &error));
  text = dyno_format_tests (config);
  g_assert_cmpstr (text, ==,
                   "write,rewrite,read,seeks,seq_create,seq_stat,seq_delete,rand_create,"
                   "rand_stat,rand_delete");
  g_clear_pointer (&text, g_free);
  g_assert_true (dyno_config_select (config, "all", &error));
  text = dyno_format_tests (config);
  g_assert_cmpstr (text, ==, "all");
  g_clear_pointer (&text, g_free);

  /* Phases with parameters: any order and case, defaults filled in, one key each. */
  g_assert_true (dyno_parse_tests ("rnd-read:4k:q32:t1,RND-READ:Q32:4KiB,seq-read", &phases, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (phases->len, ==, 2);
  g_assert_cmpstr (dyno_phase_get_key (g_ptr_array_index (phases, 0)), ==, "rnd-read:4k:q32:t1");
  g_assert_cmpstr (dyno_phase_get_key (g_ptr_array_index (phases, 1)), ==, "seq-read:1m:q8:t1");
  g_assert_true (dyno_phase_lookup ("rnd-read:4k:q32:t1") == dyno_phase_lookup ("rnd-read:q32:4096"));
  g_assert_false (dyno_phase_lookup ("rnd-read:4k:q1") == dyno_phase_lookup ("rnd-read:4k:q32"));
  g_assert_cmpstr (dyno_phase_get_short_title (dyno_phase_lookup ("rnd-read:4k:q32:t1")), ==,
                   "RND4K Q32T1");
  g_assert_cmpstr (dyno_phase_get_key (dyno_phase_lookup ("rnd-mix")), ==, "rnd-mix:4k:q32:t1:r70");
  g_clear_pointer (&phases, g_ptr_array_unref);

  g_assert_false (dyno_parse_tests ("write,bogus", &phases, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "bogus"));
  g_clear_error (&error);
  /* A parameter the kind does not take is named. */
  g_assert_false (dyno_parse_tests ("write:q32", &phases, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "q32"));
  g_clear_error (&error);
  g_assert_false (dyno_parse_tests ("rnd-read:4k:q0", &phases, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (dyno_parse_tests (",", &phases, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_assert_null (phases);
}

static void
test_config_validate (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (dyno_config_validate (config, &error));
  g_assert_no_error (error);

  config->chunk = 12000;
  g_assert_false (dyno_config_validate (config, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  config->chunk = 8192;
  config->size = 4096;
  g_assert_false (dyno_config_validate (config, &error));
  g_clear_error (&error);

  config->size = 1 << 20;
  dyno_config_set_uint (config, "seekers", 0);
  g_assert_false (dyno_config_validate (config, &error));
  g_clear_error (&error);

  dyno_config_set_uint (config, "seekers", 5);
  config->repeat = 0;
  g_assert_false (dyno_config_validate (config, &error));
  g_clear_error (&error);

  config->repeat = 3;
  dyno_config_get_files (config)->min = 100;
  dyno_config_get_files (config)->max = 10;
  g_assert_false (dyno_config_validate (config, &error));
  g_clear_error (&error);

  /* Seekers only matter when seeks run. */
  dyno_config_get_files (config)->min = 0;
  dyno_config_set_uint (config, "seekers", 0);
  dyno_config_select (config, "write", NULL);
  g_assert_true (dyno_config_validate (config, &error));
  g_assert_no_error (error);
}

static void
test_per_char_size (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();

  config->size = 64 << 20;
  g_assert_cmpuint (dyno_config_get_per_char_size (config), ==, 64 << 20);
  config->per_char = DYNO_PER_CHAR_SYSCALL;
  g_assert_cmpuint (dyno_config_get_per_char_size (config), ==, 3 << 20);
  config->size = 1 << 20;
  g_assert_cmpuint (dyno_config_get_per_char_size (config), ==, 1 << 20);
  config->per_char_size = 512 << 10;
  g_assert_cmpuint (dyno_config_get_per_char_size (config), ==, 512 << 10);
}

static void
test_format (void)
{
  static const struct
  {
    guint64 bytes;
    const char *text;
  } sizes[] = {
    { 0, "0 B" }, { 512, "512 B" }, { 8192, "8 KiB" }, { 1 << 30, "1 GiB" },
    { (3ull << 30) / 2, "1.50 GiB" }, { 300ull << 20, "300 MiB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *text = dyno_format_size (sizes[i].bytes);
      g_assert_cmpstr (text, ==, sizes[i].text);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/parse/size/valid", test_size_valid);
  g_test_add_func ("/parse/size/invalid", test_size_invalid);
  g_test_add_func ("/parse/files-spec/valid", test_files_spec);
  g_test_add_func ("/parse/files-spec/invalid", test_files_spec_invalid);
  g_test_add_func ("/parse/tests", test_tests_list);
  g_test_add_func ("/parse/format-size", test_format);
  g_test_add_func ("/config/validate", test_config_validate);
  g_test_add_func ("/config/per-char-size", test_per_char_size);

  return g_test_run ();
}
