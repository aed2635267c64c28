/* test-import.c: bonnie++ CSV and text tables, Bonnie tables and Dyno files, as people have them
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dyno-compare.h"
#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-import.h"
#include "dyno-parse.h"
#include "dyno-profile.h"
#include "dyno-report.h"
#include "dyno-test-util.h"

#define KIB 1024.0
#define MIB 1048576.0
#define GIB (G_GUINT64_CONSTANT (1) << 30)

/* ---- helpers -------------------------------------------------------------------------- */

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "import", name, NULL);
}

static char *
read_fixture (const char *name, gsize *length)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr (GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, length, &error);
  g_assert_no_error (error);
  return data;
}

/* Every import must survive a save and a load: what we store is what we can read back. */
static void
assert_json_round_trip (DynoResult *result)
{
  g_autofree char *json = dyno_result_to_json (result, FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) loaded = dyno_result_load_from_data (json, strlen (json), &error);

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (dyno_result_get_tool (loaded), ==, dyno_result_get_tool (result));
  g_assert_cmpstr (dyno_result_get_source (loaded), ==, dyno_result_get_source (result));
  g_assert_cmpuint (dyno_result_get_n_targets (loaded), ==, 1);
}

static GPtrArray *
import_ok (const char *data, gsize length, DynoImportFormat format, const char *name)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *results = dyno_import_data (data, length, format, name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (results);
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);

      g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 1);
      g_assert_nonnull (dyno_result_get_source (result));
      g_assert_nonnull (dyno_result_get_tool (result));
      g_assert_true (dyno_result_get_config (result)->cache == DYNO_CACHE_NONE);
      assert_json_round_trip (result);
    }
  return results;
}

static GPtrArray *
import_fixture (const char *name, guint expected_runs)
{
  gsize length;
  g_autofree char *data = read_fixture (name, &length);
  GPtrArray *results = import_ok (data, length, DYNO_IMPORT_AUTO, name);

  g_assert_cmpuint (results->len, ==, expected_runs);
  return results;
}

static char *
import_error (const char *data, gsize length, DynoImportFormat format, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = dyno_import_data (data, length, format, name, &error);

  g_assert_null (results);
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_test_message ("error: %s", error->message);
  return g_strdup (error->message);
}

static const DynoPhaseRun *
phase_run (DynoResult *result, const DynoPhase *id)
{
  DynoPhaseResult *phase = dyno_target_result_get_phase (dyno_result_get_target (result, 0), id);

  if (phase == NULL)
    return NULL;
  g_assert_cmpuint (phase->runs->len, ==, 1);
  return dyno_phase_result_get_run (phase, 0);
}

static void
assert_all_bonnie (const DynoConfig *config)
{
  g_autofree char *tests = dyno_format_tests (config);

  g_assert_cmpstr (tests, ==, "all");
}

static void
assert_absent (DynoResult *result, const DynoPhase *id)
{
  g_assert_null (phase_run (result, id));
  g_assert_false (dyno_config_has_phase (dyno_result_get_config (result), id));
}

static void
assert_phase (DynoResult *result, const DynoPhase *id, double rate, double cpu)
{
  const DynoPhaseRun *run = phase_run (result, id);

  g_assert_nonnull (run);
  g_assert_true (dyno_config_has_phase (dyno_result_get_config (result), id));
  g_assert_false (run->too_fast);
  if (isnan (rate))
    g_assert_true (isnan (run->rate));
  else
    g_assert_cmpfloat_with_epsilon (run->rate, rate, fabs (rate) * 1e-9 + 1e-9);
  if (isnan (cpu))
    g_assert_true (isnan (run->cpu_percent));
  else
    g_assert_cmpfloat_with_epsilon (run->cpu_percent, cpu, 1e-9);
  /* What bonnie++ and Bonnie never record */
  g_assert_true (isnan (run->elapsed));
  g_assert_true (isnan (run->cpu_seconds));
  g_assert_cmpuint (run->amount, ==, 0);
  g_assert_true (isnan (run->latency.p50) && isnan (run->latency.p99));
}

static void
assert_too_fast (DynoResult *result, const DynoPhase *id)
{
  const DynoPhaseRun *run = phase_run (result, id);

  g_assert_nonnull (run);
  g_assert_true (run->too_fast);
  g_assert_true (isnan (run->rate));
  g_assert_true (isnan (run->cpu_percent));
}

static void
assert_latency (DynoResult *result, const DynoPhase *id, double seconds)
{
  const DynoPhaseRun *run = phase_run (result, id);
  DynoPhaseResult *phase = dyno_target_result_get_phase (dyno_result_get_target (result, 0), id);

  g_assert_nonnull (run);
  if (isnan (seconds))
    {
      g_assert_true (isnan (run->latency.max));
      return;
    }
  g_assert_cmpfloat_with_epsilon (run->latency.max, seconds, seconds * 1e-9);
  g_assert_cmpfloat_with_epsilon (phase->latency.max, seconds, seconds * 1e-9);
}

static DynoResult *
result_at (GPtrArray *results, guint i)
{
  return g_ptr_array_index (results, i);
}

static void
assert_contains (const char *haystack, const char *needle)
{
  if (haystack == NULL || strstr (haystack, needle) == NULL)
    g_error ("“%s” does not contain “%s”", haystack ? haystack : "(null)", needle);
}

/* A text figure against the exact CSV one: 2.00a rounds to k (exact KiB), 46.4m, 464m, 3.1g. */
static void
assert_close_to_csv (double text, double csv, const DynoPhase *id)
{
  double tolerance;

  if (dyno_phase_get_unit (id) == DYNO_UNIT_BYTES)
    tolerance = MAX (KIB, csv * 0.017);
  else
    tolerance = MAX (0.05, csv * 1e-6);
  if (fabs (text - csv) > tolerance)
    g_error ("%s: text %.1f and CSV %.1f differ by more than %.1f", dyno_phase_get_key (id),
             text, csv, tolerance);
}

/* Phases known in both agree: presence, too fast, %CPU, rate within the text's rounding,
 * latency. */
static void
assert_text_matches_csv (DynoResult *text, DynoResult *csv)
{
  for (guint b_ = 0; b_ < N_BONNIE; b_++)
    {
      const DynoPhase *id = BONNIE (b_);
      const DynoPhaseRun *t = phase_run (text, id);
      const DynoPhaseRun *c = phase_run (csv, id);

      g_assert_true ((t == NULL) == (c == NULL));
      if (t == NULL)
        continue;
      g_assert_cmpint (t->too_fast, ==, c->too_fast);
      if (isfinite (t->rate) && isfinite (c->rate))
        assert_close_to_csv (t->rate, c->rate, id);
      if (isfinite (t->cpu_percent) && isfinite (c->cpu_percent))
        g_assert_cmpfloat (t->cpu_percent, ==, c->cpu_percent);
      g_assert_true (isnan (t->latency.max) == isnan (c->latency.max));
      if (isfinite (t->latency.max))
        g_assert_cmpfloat_with_epsilon (t->latency.max, c->latency.max, 1e-12);
    }
  g_assert_cmpstr (dyno_result_get_label (text), ==, dyno_result_get_label (csv));
  g_assert_cmpuint (dyno_result_get_config (text)->size, ==,
                    dyno_result_get_config (csv)->size);
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (text))->num, ==,
                    dyno_config_get_files (dyno_result_get_config (csv))->num);
}

/* ---- the seeds ------------------------------------------------------------------------ */

/* A blog post with bonnie++ 1.03c's full table in its middle */
static void
test_seed_002 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("seed-002-blog-bonnie++-1.03c.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  DynoTargetResult *target = dyno_result_get_target (r, 0);

  g_assert_cmpstr (dyno_result_get_label (r), ==, "hp-xw");
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "bonnie++ 1.03c");
  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "bonnie++ 1.03c table, lines 22–26 of seed-002-blog-bonnie++-1.03c.txt");
  g_assert_cmpstr (dyno_result_get_system (r)->hostname, ==, "hp-xw");
  g_assert_null (target->info->path);
  assert_contains (dyno_result_get_notes (r), "not recorded");

  g_assert_cmpuint (config->size, ==, 8 * GIB);
  g_assert_cmpuint (config->chunk, ==, 8192);
  g_assert_cmpint (config->per_char, ==, DYNO_PER_CHAR_STDIO);
  g_assert_cmpuint (dyno_config_get_per_char_size (config), ==, 8 * GIB);
  g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 16);
  g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 3);
  assert_all_bonnie (config);
  g_assert_cmpint (config->data, ==, DYNO_DATA_ZEROS);

  assert_phase (r, PHASE ("putc"), 45167 * KIB, 68);
  assert_phase (r, PHASE ("write"), 44605 * KIB, 11);
  assert_phase (r, PHASE ("rewrite"), 14707 * KIB, 7);
  assert_phase (r, PHASE ("getc"), 32389 * KIB, 57);
  assert_phase (r, PHASE ("read"), 32344 * KIB, 7);
  assert_phase (r, PHASE ("seeks"), 65.8, 0);
  assert_phase (r, PHASE ("seq_create"), 111, 0);
  assert_phase (r, PHASE ("seq_stat"), 3489, 10);
  assert_phase (r, PHASE ("seq_delete"), 108, 0);
  assert_phase (r, PHASE ("rand_create"), 111, 0);
  assert_phase (r, PHASE ("rand_stat"), 3999, 9);
  assert_phase (r, PHASE ("rand_delete"), 110, 0);
  /* 1.03 has no latency */
  assert_latency (r, PHASE ("write"), NAN);
  g_assert_cmpuint (phase_run (r, PHASE ("seeks"))->threads, ==, 3);
}

/* Tim Bray's M/sec table: four machines, no seek column */
static void
test_seed_003 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("seed-003-bray-bonnie-msec.txt", 4);
  static const struct
  {
    const char *label;
    guint mb;
    double figures[10];
  } rows[] = {
    { "NoFV", 1000, { 10.2, 77.4, 15.7, 8.3, 6.5, 4.0, 7.7, 52.8, 12.4, 3.6 } },
    { "FV", 1000, { 2.5, 18.6, 2.6, 1.4, 5.4, 3.7, 7.1, 39.4, 12.0, 3.1 } },
    { "Debian", 1000, { 5.0, 73.0, 7.3, 36.7, 3.1, 41.5, 4.2, 87.6, 5.9, 33.0 } },
    { "V20z", 8000, { 51.5, 66.1, 52.3, 26.0, 21.7, 14.3, 59.2, 70.9, 63.4, 16.9 } },
  };
  /* Bonnie's column order: per-char, block, rewrite out; per-char, block in */
  static const char *const columns[] = { "putc", "write", "rewrite", "getc", "read" };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      DynoResult *r = result_at (results, i);
      const DynoConfig *config = dyno_result_get_config (r);
      g_autofree char *source = g_strdup_printf (
          "Bonnie table, row “%s”, line %u of seed-003-bray-bonnie-msec.txt", rows[i].label,
          16 + i);

      g_assert_cmpstr (dyno_result_get_label (r), ==, rows[i].label);
      g_assert_cmpstr (dyno_result_get_tool (r), ==, "Bonnie");
      g_assert_cmpstr (dyno_result_get_source (r), ==, source);
      g_assert_cmpstr (dyno_result_get_system (r)->hostname, ==, rows[i].label);
      g_assert_cmpuint (config->size, ==, (guint64) rows[i].mb << 20);
      g_assert_cmpint (config->per_char, ==, DYNO_PER_CHAR_STDIO);
      for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
        assert_phase (r, PHASE (columns[c]), rows[i].figures[2 * c] * MIB, rows[i].figures[2 * c + 1]);
      assert_absent (r, PHASE ("seeks"));
      for (guint b_ = 6; b_ < N_BONNIE; b_++)
        {
          const DynoPhase *id = BONNIE (b_);

          assert_absent (r, id);
        }
      assert_contains (dyno_result_get_notes (r), "random-seek");
    }
  /* The figures the post is about: FileVault makes block writes 6 times slower */
  g_assert_cmpfloat (phase_run (result_at (results, 1), PHASE ("write"))->rate, ==, 2.6 * MIB);
  g_assert_cmpfloat (phase_run (result_at (results, 0), PHASE ("write"))->rate, ==, 15.7 * MIB);
}

/* ---- the methodology's samples -------------------------------------------------------- */

static void
test_sample_103 (void)
{
  g_autoptr (GPtrArray) text = import_fixture ("bonnie++-1.03c.txt", 1);
  g_autoptr (GPtrArray) csv = import_fixture ("bonnie++-1.03c.csv", 1);
  DynoResult *t = result_at (text, 0);
  DynoResult *c = result_at (csv, 0);

  g_assert_cmpstr (dyno_result_get_tool (t), ==, "bonnie++ 1.03c");
  g_assert_cmpstr (dyno_result_get_tool (c), ==, "bonnie++ 1.03");
  g_assert_cmpstr (dyno_result_get_source (c), ==,
                   "bonnie++ 1.03 CSV, line 1 of bonnie++-1.03c.csv");
  assert_phase (c, PHASE ("putc"), 200503 * KIB, 99);
  assert_phase (c, PHASE ("read"), 2924478 * KIB, 99);
  assert_too_fast (c, PHASE ("seeks"));
  for (guint b_ = 6; b_ < N_BONNIE; b_++)
    {
      const DynoPhase *id = BONNIE (b_);

      assert_too_fast (c, id);
    }
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (c))->num, ==, 4);
  g_assert_cmpuint (dyno_result_get_config (c)->size, ==, 2 * GIB);
  g_assert_true (phase_run (c, PHASE ("seeks")) != NULL
                 && dyno_target_result_get_phase (dyno_result_get_target (c, 0),
                                                  PHASE ("seeks"))->too_fast);
  assert_text_matches_csv (t, c);
}

static void
test_sample_200 (void)
{
  g_autoptr (GPtrArray) text = import_fixture ("bonnie++-2.00a.txt", 1);
  g_autoptr (GPtrArray) csv = import_fixture ("bonnie++-2.00a.csv", 1);
  DynoResult *t = result_at (text, 0);
  DynoResult *c = result_at (csv, 0);
  const DynoConfig *config = dyno_result_get_config (c);

  g_assert_cmpstr (dyno_result_get_tool (t), ==, "bonnie++ 2.00a");
  g_assert_cmpstr (dyno_result_get_tool (c), ==, "bonnie++ 2.00a");
  g_assert_cmpstr (dyno_result_get_source (c), ==,
                   "bonnie++ 1.98 CSV, line 1 of bonnie++-2.00a.csv");
  g_assert_cmpint (config->per_char, ==, DYNO_PER_CHAR_SYSCALL);
  g_assert_cmpuint (config->per_char_size, ==, 0);
  g_assert_cmpuint (dyno_config_get_per_char_size (config), ==, 3 << 20);
  g_assert_cmpuint (config->seed, ==, 1796019680);
  g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 8192);
  g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 5);
  g_assert_cmpuint (phase_run (c, PHASE ("seeks"))->threads, ==, 5);

  /* 648k, 464m, 678m, 539k, 3.1g */
  assert_phase (t, PHASE ("putc"), 648 * KIB, 97);
  assert_phase (t, PHASE ("write"), 464 * MIB, 74);
  assert_phase (t, PHASE ("read"), 3.1 * 1024 * MIB, 99);
  assert_phase (t, PHASE ("seeks"), 9806, 45);
  assert_phase (c, PHASE ("write"), 475266 * KIB, 74);
  assert_phase (c, PHASE ("read"), 3266122 * KIB, 99);
  assert_latency (c, PHASE ("putc"), 0.0536);
  assert_latency (t, PHASE ("putc"), 0.0536);
  assert_latency (c, PHASE ("rand_delete"), 0.005465);
  for (guint b_ = 6; b_ < N_BONNIE; b_++)
    {
      const DynoPhase *id = BONNIE (b_);

      assert_too_fast (t, id);
    }
  assert_text_matches_csv (t, c);
  assert_contains (dyno_result_get_notes (t), "rounds rates");
  assert_contains (dyno_result_get_notes (c), "3 MiB");
  assert_contains (dyno_result_get_notes (c), "slowest operation");
}

/* ---- CSV ------------------------------------------------------------------------------ */

static void
test_csv_103_variants (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("csv-1.03-variants.csv", 4);
  DynoResult *full = result_at (results, 0);
  DynoResult *chunk = result_at (results, 1);
  DynoResult *nofiles = result_at (results, 2);
  DynoResult *noio = result_at (results, 3);
  const DynoConfig *config;

  /* The BOM does not end up in the first name, the header line does not count, CRLF works */
  g_assert_cmpstr (dyno_result_get_label (full), ==, "full");
  g_assert_cmpstr (dyno_result_get_source (full), ==,
                   "bonnie++ 1.03 CSV, line 2 of csv-1.03-variants.csv");
  g_assert_cmpuint (dyno_result_get_config (full)->size, ==, 300 << 20);
  assert_phase (full, PHASE ("seeks"), 65.8, 0);
  assert_phase (full, PHASE ("rand_delete"), 110, 0);

  /* -f and -s 2G:64k and -n 4:65536:1024/4 */
  config = dyno_result_get_config (chunk);
  g_assert_cmpuint (config->size, ==, 2 * GIB);
  g_assert_cmpuint (config->chunk, ==, 65536);
  g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 4);
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, 65536);
  g_assert_cmpint (dyno_config_get_files (config)->min, ==, 1024);
  g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 4);
  assert_absent (chunk, PHASE ("putc"));
  assert_absent (chunk, PHASE ("getc"));
  assert_phase (chunk, PHASE ("write"), 50000 * KIB, 12);
  assert_too_fast (chunk, PHASE ("seq_stat"));
  assert_phase (chunk, PHASE ("rand_delete"), 390, 3);

  /* -n 0 */
  for (guint b_ = 6; b_ < N_BONNIE; b_++)
    {
      const DynoPhase *id = BONNIE (b_);

      assert_absent (nofiles, id);
    }
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (nofiles))->num, ==, 0);
  assert_phase (nofiles, PHASE ("seeks"), 200, 2);

  /* -s 0 */
  for (const DynoPhase *id = PHASE ("putc"); id <= PHASE ("seeks"); id++)
    assert_absent (noio, id);
  g_assert_cmpuint (dyno_result_get_config (noio)->size, ==, 0);
  assert_phase (noio, PHASE ("seq_stat"), 3489, 10);
  g_assert_cmpstr (dyno_result_get_source (noio), ==,
                   "bonnie++ 1.03 CSV, line 5 of csv-1.03-variants.csv");
}

static void
test_csv_19x (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("csv-1.9x.csv", 3);
  DynoResult *box = result_at (results, 0);
  DynoResult *fast = result_at (results, 1);
  DynoResult *old = result_at (results, 2);

  g_assert_cmpstr (dyno_result_get_tool (box), ==, "bonnie++ 1.97");
  g_assert_cmpstr (dyno_result_get_source (box), ==, "bonnie++ 1.97 CSV, line 2 of csv-1.9x.csv");
  g_assert_cmpuint (dyno_result_get_config (box)->size, ==, 16 * GIB);
  assert_phase (box, PHASE ("seeks"), 290.3, 6);
  assert_latency (box, PHASE ("write"), 0.612);
  assert_latency (box, PHASE ("rewrite"), 1.017);
  assert_latency (box, PHASE ("rand_stat"), 11e-6);
  assert_too_fast (box, PHASE ("seq_create"));

  /* -f: no per-char figures or latencies; the chunk in io_chunk_size */
  assert_absent (fast, PHASE ("putc"));
  assert_absent (fast, PHASE ("getc"));
  assert_phase (fast, PHASE ("seeks"), 15615, 114);
  g_assert_cmpuint (dyno_result_get_config (fast)->chunk, ==, 65536);
  assert_latency (fast, PHASE ("write"), 11.097);

  /* 1.96 with -s 0 wrote 47 fields */
  g_assert_cmpstr (dyno_result_get_tool (old), ==, "bonnie++ 1.96");
  for (const DynoPhase *id = PHASE ("putc"); id <= PHASE ("seeks"); id++)
    assert_absent (old, id);
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (old))->num, ==, 50);
  assert_phase (old, PHASE ("seq_create"), 170, 2);
  assert_phase (old, PHASE ("rand_delete"), 345, 1);
  assert_latency (old, PHASE ("seq_stat"), 0.022897);
}

static void
test_csv_198 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("csv-1.98-mixed.csv", 2);
  DynoResult *link = result_at (results, 0);
  DynoResult *ours = result_at (results, 1);
  const DynoConfig *config = dyno_result_get_config (link);

  g_assert_cmpuint (config->size, ==, 4 * GIB);
  g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 16384);
  g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 10);
  g_assert_cmpuint (phase_run (link, PHASE ("seeks"))->threads, ==, 10);
  g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 8);
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, DYNO_FILES_LINK);
  g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 3);
  g_assert_cmpuint (config->seed, ==, 12345);
  assert_latency (link, PHASE ("putc"), 0.050);
  assert_latency (link, PHASE ("write"), 1.5);
  assert_latency (link, PHASE ("rewrite"), 150);
  assert_latency (link, PHASE ("read"), 2);
  assert_phase (link, PHASE ("seeks"), 1234, 60);
  assert_contains (dyno_result_get_notes (link), "-c 2");
  assert_contains (dyno_result_get_notes (link), "chunk size");

  /* Our own export: field 1 names the tool, the chunk is in field 6 */
  g_assert_cmpstr (dyno_result_get_tool (ours), ==, "dyno 0.1.0");
  g_assert_cmpuint (dyno_result_get_config (ours)->chunk, ==, 65536);
  g_assert_cmpint (dyno_config_get_files (dyno_result_get_config (ours))->max, ==, 65536);
  g_assert_cmpint (dyno_config_get_files (dyno_result_get_config (ours))->min, ==, 1024);
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (ours))->dirs, ==, 4);
  assert_latency (ours, PHASE ("getc"), 150);
  assert_latency (ours, PHASE ("read"), NAN);
  g_assert_null (strstr (dyno_result_get_notes (ours), "chunk size"));
}

/* bonnie++ 2.00a -x 2: its header has 48 names for 50 fields, two of them swapped. */
static void
test_csv_misaligned_header (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie++-2.00a-x2-header.csv", 2);

  for (guint i = 0; i < 2; i++)
    {
      DynoResult *r = result_at (results, i);
      const DynoConfig *config = dyno_result_get_config (r);

      g_assert_cmpstr (dyno_result_get_label (r), ==, "nos");
      /* num_dirs is field 25 in the data, whatever the header says */
      g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 1);
      g_assert_cmpint (dyno_config_get_files (config)->max, ==, 4096);
      g_assert_cmpint (dyno_config_get_files (config)->min, ==, 1024);
      g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 2);
      for (const DynoPhase *id = PHASE ("putc"); id <= PHASE ("seeks"); id++)
        assert_absent (r, id);
    }
  assert_phase (result_at (results, 0), PHASE ("seq_create"), 1629, 94);
  assert_phase (result_at (results, 1), PHASE ("rand_create"), 1880, 93);
  assert_latency (result_at (results, 1), PHASE ("rand_delete"), 0.004611);
  g_assert_cmpstr (dyno_result_get_source (result_at (results, 1)), ==,
                   "bonnie++ 1.98 CSV, line 3 of bonnie++-2.00a-x2-header.csv");
}

/* A name without a source: provenance says only the line */
static void
test_csv_no_source_name (void)
{
  const char *line = "box,1G,1,2,3,4,5,6,7,8,9,10,11.5,12,,,,,,,,,,,,,\n";
  g_autoptr (GPtrArray) results = import_ok (line, strlen (line), DYNO_IMPORT_BONNIEPP_CSV, NULL);

  g_assert_cmpuint (results->len, ==, 1);
  g_assert_cmpstr (dyno_result_get_source (result_at (results, 0)), ==,
                   "bonnie++ 1.03 CSV, line 1");
  assert_phase (result_at (results, 0), PHASE ("seeks"), 11.5, 12);
}

/* ---- round trip through our own CSV --------------------------------------------------- */

static void
add_figure (DynoTargetResult *target, const DynoPhase *id, guint repeat, double rate, double cpu,
            gboolean too_fast, double latency)
{
  DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, id);
  DynoPhaseRun run;

  dyno_phase_run_init (&run);
  run.repeat = repeat;
  run.rate = too_fast ? NAN : rate;
  run.too_fast = too_fast;
  run.cpu_percent = cpu;
  run.elapsed = too_fast ? 0.2 : 10;
  run.latency.max = latency;
  run.latency.p99 = latency / 2;
  dyno_phase_result_add_run (phase, &run);
}

static DynoResult *
make_result (guint repeats)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoConfig) config = dyno_config_new ();
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/srv/bench"));

  config->size = 3 * GIB;
  config->chunk = 131072;
  dyno_config_set_uint (config, "seeks", 4096);
  dyno_config_set_uint (config, "seekers", 7);
  dyno_config_get_files (config)->num = 2;
  dyno_config_get_files (config)->max = 8192;
  dyno_config_get_files (config)->min = 512;
  dyno_config_get_files (config)->dirs = 3;
  config->seed = 987654321;
  config->per_char = DYNO_PER_CHAR_SYSCALL;
  dyno_result_set_config (result, config);
  dyno_result_set_label (result, "round, trip");

  for (guint r = 0; r < repeats; r++)
    {
      double f = 1 + r / 10.0;

      add_figure (target, PHASE ("putc"), r, 654321.7 * f, 97.6, FALSE, 0.0536);
      add_figure (target, PHASE ("write"), r, 1.23456789e9 * f, 44.4, FALSE, 0.000125);
      add_figure (target, PHASE ("rewrite"), r, 4.5e8 * f, 30.0, FALSE, 0.75);
      add_figure (target, PHASE ("getc"), r, 700000 * f, 99.0, FALSE, 2.5);
      add_figure (target, PHASE ("read"), r, NAN, NAN, TRUE, 0.001);
      add_figure (target, PHASE ("seeks"), r, 987.65 * f, 12.3, FALSE, 0.02);
      add_figure (target, PHASE ("seq_create"), r, 1500.9 * f, 50.5, FALSE, 0.003);
      add_figure (target, PHASE ("seq_stat"), r, NAN, NAN, TRUE, 0.0001);
      add_figure (target, PHASE ("seq_delete"), r, 2500.1 * f, 60.0, FALSE, 0.004);
      add_figure (target, PHASE ("rand_create"), r, 1400 * f, 40.0, FALSE, 0.005);
      add_figure (target, PHASE ("rand_stat"), r, 90000.5 * f, 99.9, FALSE, 0.0002);
      add_figure (target, PHASE ("rand_delete"), r, 2300.3 * f, 55.0, FALSE, 150.25);
    }
  dyno_result_add_target (result, target);
  return g_steal_pointer (&result);
}

/* What the CSV keeps of a figure: KiB/s and %CPU truncated, seeks to 0.1 or 1, latencies to
 * bonnie++'s us/ms/s resolution. */
static void
assert_round_trip_figure (const DynoPhaseRun *before, const DynoPhaseRun *after, const DynoPhase *id)
{
  double tolerance;

  g_assert_cmpint (before->too_fast, ==, after->too_fast);
  if (before->too_fast)
    {
      g_assert_true (isnan (after->rate));
      return;
    }
  if (dyno_phase_get_unit (id) == DYNO_UNIT_BYTES)
    tolerance = KIB;
  else if (id == PHASE ("seeks"))
    tolerance = before->rate >= 1000 ? 0.5 : 0.05;
  else
    tolerance = 1;
  g_assert_cmpfloat (after->rate, <=, before->rate);
  g_assert_cmpfloat (before->rate - after->rate, <, tolerance + 1e-6);
  g_assert_cmpfloat (after->cpu_percent, ==, floor (before->cpu_percent));

  if (before->latency.max < 0.1)
    tolerance = 1e-6;
  else if (before->latency.max < 100)
    tolerance = 1e-3;
  else
    tolerance = 1;
  g_assert_cmpfloat (fabs (after->latency.max - before->latency.max), <, tolerance);
}

static void
check_round_trip (guint repeats)
{
  g_autoptr (DynoResult) result = make_result (repeats);
  g_autofree char *csv = dyno_report_csv (result, TRUE);
  g_autoptr (GPtrArray) imported = NULL;
  DynoTargetResult *target = dyno_result_get_target (result, 0);

  g_test_message ("%s", csv);
  g_assert_cmpint (dyno_import_detect (csv, strlen (csv)), ==, DYNO_IMPORT_BONNIEPP_CSV);
  imported = import_ok (csv, strlen (csv), DYNO_IMPORT_AUTO, "export.csv");
  g_assert_cmpuint (imported->len, ==, repeats);

  for (guint r = 0; r < repeats; r++)
    {
      DynoResult *back = result_at (imported, r);
      const DynoConfig *config = dyno_result_get_config (back);

      g_assert_cmpstr (dyno_result_get_tool (back), ==, "dyno " PACKAGE_VERSION);
      g_assert_cmpstr (dyno_result_get_label (back), ==, "round; trip");
      g_assert_cmpuint (config->size, ==, 3 * GIB);
      g_assert_cmpuint (config->chunk, ==, 131072);
      g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 4096);
      g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 7);
      g_assert_cmpuint (dyno_config_get_files (config)->num, ==, 2);
      g_assert_cmpint (dyno_config_get_files (config)->max, ==, 8192);
      g_assert_cmpint (dyno_config_get_files (config)->min, ==, 512);
      g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 3);
      g_assert_cmpuint (config->seed, ==, 987654321);
      assert_all_bonnie (config);
      for (guint b_ = 0; b_ < N_BONNIE; b_++)
        {
          const DynoPhase *id = BONNIE (b_);
          DynoPhaseResult *phase = dyno_target_result_get_phase (target, id);

          assert_round_trip_figure (dyno_phase_result_get_run (phase, r), phase_run (back, id),
                                    id);
        }
    }

  /* and once more: import → export → import gives the same figures exactly */
  {
    g_autofree char *again = dyno_report_csv (result_at (imported, 0), FALSE);
    g_autoptr (GPtrArray) twice = import_ok (again, strlen (again), DYNO_IMPORT_AUTO, NULL);
    g_autofree char *first_line = dyno_report_csv_line (result_at (imported, 0), 0, 0);
    g_autofree char *expected = g_strconcat (first_line, "\n", NULL);

    g_assert_cmpuint (twice->len, ==, 1);
    for (guint b_ = 0; b_ < N_BONNIE; b_++)
      {
        const DynoPhase *id = BONNIE (b_);
        const DynoPhaseRun *a = phase_run (result_at (imported, 0), id);
        const DynoPhaseRun *b = phase_run (result_at (twice, 0), id);

        g_assert_true ((isnan (a->rate) && isnan (b->rate)) || a->rate == b->rate);
        g_assert_true ((isnan (a->latency.max) && isnan (b->latency.max))
                       || a->latency.max == b->latency.max);
      }
    g_assert_cmpstr (again, ==, expected);
  }
}

static void
test_round_trip (void)
{
  check_round_trip (1);
}

static void
test_round_trip_repeats (void)
{
  check_round_trip (3);
}

/* ---- text tables ---------------------------------------------------------------------- */

static void
test_text_196_forum (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie++-1.96-forum.txt", 1);
  DynoResult *r = result_at (results, 0);

  g_assert_cmpstr (dyno_result_get_label (r), ==, "desk");
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "bonnie++ 1.96");
  g_assert_cmpint (dyno_result_get_config (r)->per_char, ==, DYNO_PER_CHAR_SYSCALL);
  g_assert_cmpuint (dyno_result_get_config (r)->size, ==, 12 * GIB);
  assert_phase (r, PHASE ("putc"), 431 * KIB, 94);
  assert_phase (r, PHASE ("seeks"), 262.1, 9);
  assert_latency (r, PHASE ("write"), 7.8);
  assert_latency (r, PHASE ("getc"), 0.0318);
  assert_phase (r, PHASE ("rand_delete"), 16060, 29);
  assert_too_fast (r, PHASE ("seq_stat"));
  assert_latency (r, PHASE ("rand_delete"), 0.00585);
  assert_contains (dyno_result_get_notes (r), "3 MiB");
}

/* -f leaves the per-char columns blank; the Latency row then has 4 figures */
static void
test_text_197_fast (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie++-1.97-fast.txt", 1);
  DynoResult *r = result_at (results, 0);

  assert_absent (r, PHASE ("putc"));
  assert_absent (r, PHASE ("getc"));
  assert_phase (r, PHASE ("write"), 40123 * KIB, 3);
  assert_phase (r, PHASE ("read"), 80001 * KIB, 4);
  assert_latency (r, PHASE ("write"), 12.226);
  assert_latency (r, PHASE ("rewrite"), 61.883);
  assert_latency (r, PHASE ("read"), 0.349);
  assert_latency (r, PHASE ("seeks"), 3.643);
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (r))->num, ==, 50);
  assert_phase (r, PHASE ("seq_create"), 171, 2);
  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "bonnie++ 1.97 table, lines 4–10 of bonnie++-1.97-fast.txt");
}

/* bonnie++ without -q prints its tables and then the CSV line: one run, the CSV's figures */
static void
test_text_then_csv (void)
{
  g_autoptr (GPtrArray) text = import_fixture ("bonnie++-1.97-fast.txt", 1);
  g_autoptr (GPtrArray) both = import_fixture ("bonnie++-1.97-fast-stdout.txt", 1);
  g_autoptr (GPtrArray) real = import_fixture ("bonnie++-2.00a-stdout.txt", 1);
  DynoResult *r = result_at (both, 0);

  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "bonnie++ 1.97 CSV, line 11 of bonnie++-1.97-fast-stdout.txt");
  assert_contains (dyno_result_get_notes (r), "lines 4–10");
  assert_text_matches_csv (result_at (text, 0), r);

  /* 2.00a's CSV forgets the chunk its table shows (32M:64k) */
  r = result_at (real, 0);
  g_assert_cmpstr (dyno_result_get_label (r), ==, "tiny-stdout");
  g_assert_cmpuint (dyno_result_get_config (r)->chunk, ==, 65536);
  g_assert_cmpuint (dyno_result_get_config (r)->size, ==, 32 << 20);
  g_assert_null (strstr (dyno_result_get_notes (r), "chunk size"));
  assert_phase (r, PHASE ("putc"), 1666 * KIB, 98);
  assert_latency (r, PHASE ("putc"), 0.056267);
}

/* 2.00a's text file-test rates are "%5d" of a double: num × 1024 instead of the rate */
static void
test_text_200_garbage (void)
{
  g_autoptr (GPtrArray) text = import_fixture ("bonnie++-2.00a-tiny-text.txt", 1);
  g_autoptr (GPtrArray) csv = import_fixture ("bonnie++-2.00a-tiny.csv", 1);
  DynoResult *t = result_at (text, 0);
  DynoResult *c = result_at (csv, 0);

  /* the table says 1024 (1 × 1024 files), the CSV 1904 */
  assert_phase (t, PHASE ("seq_create"), NAN, 99);
  assert_phase (c, PHASE ("seq_create"), 1904, 99);
  assert_contains (dyno_result_get_notes (t), "wrong file-test rates");
  assert_text_matches_csv (t, c);
}

static void
test_text_200_fast (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie++-2.00a-fast.txt", 1);
  DynoResult *r = result_at (results, 0);

  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "bonnie++ 1.98 CSV, line 7 of bonnie++-2.00a-fast.txt");
  g_assert_cmpuint (dyno_result_get_config (r)->chunk, ==, 65536);
  assert_absent (r, PHASE ("putc"));
  assert_too_fast (r, PHASE ("write"));
  assert_latency (r, PHASE ("seeks"), 0.013157);
}

/* bon_csv2txt: one I/O table, then one file table, labels in the rows, matched by label */
static void
test_text_csv2txt (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie++-csv2txt.txt", 2);
  DynoResult *alpha = result_at (results, 0);
  DynoResult *beta = result_at (results, 1);

  g_assert_cmpstr (dyno_result_get_label (alpha), ==, "alpha");
  g_assert_cmpstr (dyno_result_get_label (beta), ==, "beta");
  g_assert_cmpuint (dyno_result_get_config (beta)->chunk, ==, 65536);
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (beta))->dirs, ==, 4);
  assert_phase (alpha, PHASE ("seeks"), 65.8, 0);
  assert_phase (alpha, PHASE ("rand_stat"), 3999, 9);
  assert_phase (beta, PHASE ("rand_stat"), 4000, 9);
}

/* The seed's table after a mail client, a blog engine and Windows had their way with it */
static void
test_text_mangled (void)
{
  g_autoptr (GPtrArray) clean = import_fixture ("seed-002-blog-bonnie++-1.03c.txt", 1);
  g_autoptr (GPtrArray) mangled = import_fixture ("bonnie++-1.03c-mangled.txt", 1);

  assert_text_matches_csv (result_at (mangled, 0), result_at (clean, 0));
  for (guint b_ = 0; b_ < N_BONNIE; b_++)
    {
      const DynoPhase *id = BONNIE (b_);

      g_assert_cmpfloat (phase_run (result_at (mangled, 0), id)->rate, ==,
                         phase_run (result_at (clean, 0), id)->rate);
    }
}

static void
test_text_several_runs (void)
{
  gsize l1, l2;
  g_autofree char *a = read_fixture ("bonnie++-1.96-forum.txt", &l1);
  g_autofree char *b = read_fixture ("seed-002-blog-bonnie++-1.03c.txt", &l2);
  g_autofree char *both = g_strconcat (a, "\n\n", b, NULL);
  g_autoptr (GPtrArray) results = import_ok (both, strlen (both), DYNO_IMPORT_AUTO, "two.txt");

  g_assert_cmpuint (results->len, ==, 2);
  g_assert_cmpstr (dyno_result_get_label (result_at (results, 0)), ==, "desk");
  g_assert_cmpstr (dyno_result_get_tool (result_at (results, 0)), ==, "bonnie++ 1.96");
  g_assert_cmpstr (dyno_result_get_label (result_at (results, 1)), ==, "hp-xw");
  g_assert_cmpstr (dyno_result_get_tool (result_at (results, 1)), ==, "bonnie++ 1.03c");
  /* the second run is stdio: the version line reset what the first said */
  g_assert_cmpint (dyno_result_get_config (result_at (results, 1))->per_char, ==,
                   DYNO_PER_CHAR_STDIO);
}

/* Rows without the Version line: still read, as 1.0x, and a note says so */
static void
test_text_no_version (void)
{
  const char *text =
      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
      "my host         1G   100  50   200  20   300  30   400  40   500  50  60.5   6\n";
  g_autoptr (GPtrArray) results = import_ok (text, strlen (text), DYNO_IMPORT_AUTO, NULL);
  DynoResult *r = result_at (results, 0);

  g_assert_cmpuint (results->len, ==, 1);
  g_assert_cmpstr (dyno_result_get_label (r), ==, "my host");
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "bonnie++");
  g_assert_cmpstr (dyno_result_get_source (r), ==, "bonnie++ table, line 2");
  assert_phase (r, PHASE ("seeks"), 60.5, 6);
  assert_contains (dyno_result_get_notes (r), "no version line");
}

/* ---- Bonnie --------------------------------------------------------------------------- */

static void
test_bonnie_ksec (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie-ksec.txt", 3);
  DynoResult *sparc = result_at (results, 0);
  DynoResult *box = result_at (results, 1);
  DynoResult *big = result_at (results, 2);
  const char *header = "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  "
                       "/sec %CPU\n";

  g_assert_cmpint (dyno_import_detect (header, strlen (header)), ==, DYNO_IMPORT_BONNIE_TEXT);
  g_assert_cmpstr (dyno_result_get_label (sparc), ==, "sparc20");
  g_assert_cmpuint (dyno_result_get_config (sparc)->size, ==, 200 << 20);
  g_assert_cmpuint (dyno_config_get_uint (dyno_result_get_config (sparc), "seeks"), ==, 4000);
  g_assert_cmpuint (dyno_config_get_uint (dyno_result_get_config (sparc), "seekers"), ==, 3);
  /* Column two is the block write, column three the rewrite */
  assert_phase (sparc, PHASE ("putc"), 2105 * KIB, 97.3);
  assert_phase (sparc, PHASE ("write"), 4312 * KIB, 32.1);
  assert_phase (sparc, PHASE ("rewrite"), 1802 * KIB, 21.4);
  assert_phase (sparc, PHASE ("getc"), 2144 * KIB, 96.8);
  assert_phase (sparc, PHASE ("read"), 4513 * KIB, 25.0);
  assert_phase (sparc, PHASE ("seeks"), 78.4, 7.2);
  g_assert_cmpstr (dyno_result_get_label (box), ==, "my box");
  assert_phase (big, PHASE ("read"), 345678 * KIB, 77.7);
  assert_phase (big, PHASE ("seeks"), 150, 12);
}

static void
test_bonnie_64 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("bonnie-64.txt", 1);
  DynoResult *r = result_at (results, 0);

  g_assert_cmpstr (dyno_result_get_tool (r), ==, "Bonnie-64");
  g_assert_cmpuint (dyno_result_get_config (r)->size, ==, (G_GUINT64_CONSTANT (8000) << 20));
  assert_phase (r, PHASE ("write"), 52.3 * MIB, 26.0);
  assert_phase (r, PHASE ("seeks"), 210, 5.1);
}

/* ---- Dyno JSON ------------------------------------------------------------------------ */

static void
test_json (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "results",
                                                 "full-v1.json", NULL);
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) from_data = NULL;
  g_autoptr (GPtrArray) from_file = NULL;
  gsize length;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dyno_import_detect (data, length), ==, DYNO_IMPORT_DYNO_JSON);
  from_data = dyno_import_data (data, length, DYNO_IMPORT_AUTO, "full-v1.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_data->len, ==, 1);
  g_assert_cmpuint (dyno_result_get_n_targets (result_at (from_data, 0)), ==, 2);
  g_assert_cmpstr (dyno_result_get_tool (result_at (from_data, 0)), ==, "dyno 0.1.0");
  from_file = dyno_import_file (path, DYNO_IMPORT_AUTO, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_file->len, ==, 1);
  g_assert_cmpstr (dyno_result_get_path (result_at (from_file, 0)), ==, path);
  g_assert_cmpstr (dyno_result_get_id (result_at (from_file, 0)), ==,
                   dyno_result_get_id (result_at (from_data, 0)));
}

static void
test_json_errors_named (void)
{
  g_autofree char *message = import_error ("{\"format\": \"x\"}", 15, DYNO_IMPORT_AUTO, "x.json");

  assert_contains (message, "“x.json”");
  assert_contains (message, "not a Dyno result file");
}

/* ---- detection, names, files ---------------------------------------------------------- */

static void
test_detect (void)
{
  static const struct
  {
    const char *fixture;
    DynoImportFormat format;
  } cases[] = {
    { "seed-002-blog-bonnie++-1.03c.txt", DYNO_IMPORT_BONNIEPP_TEXT },
    { "seed-003-bray-bonnie-msec.txt", DYNO_IMPORT_BONNIE_TEXT },
    { "bonnie++-1.03c.csv", DYNO_IMPORT_BONNIEPP_CSV },
    { "csv-1.03-variants.csv", DYNO_IMPORT_BONNIEPP_CSV },
    { "csv-1.9x.csv", DYNO_IMPORT_BONNIEPP_CSV },
    { "bonnie++-2.00a-x2-header.csv", DYNO_IMPORT_BONNIEPP_CSV },
    { "bonnie++-2.00a-stdout.txt", DYNO_IMPORT_BONNIEPP_TEXT },
    { "bonnie-64.txt", DYNO_IMPORT_BONNIE_TEXT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length;
      g_autofree char *data = read_fixture (cases[i].fixture, &length);

      g_assert_cmpint (dyno_import_detect (data, length), ==, cases[i].format);
    }
  g_assert_cmpint (dyno_import_detect ("hello\nworld\n", 12), ==, DYNO_IMPORT_AUTO);
  g_assert_cmpint (dyno_import_detect ("", 0), ==, DYNO_IMPORT_AUTO);
  g_assert_cmpint (dyno_import_detect ("\xef\xbb\xbf  {}", 6), ==, DYNO_IMPORT_DYNO_JSON);
}

static void
test_format_names (void)
{
  for (DynoImportFormat f = DYNO_IMPORT_AUTO; f <= DYNO_IMPORT_BONNIE_TEXT; f++)
    {
      DynoImportFormat back;

      g_assert_true (dyno_import_format_from_string (dyno_import_format_to_string (f), &back));
      g_assert_cmpint (back, ==, f);
    }
  g_assert_false (dyno_import_format_from_string ("xml", NULL));
}

/* A forced format reads what it is told */
static void
test_forced_format (void)
{
  gsize length;
  g_autofree char *csv = read_fixture ("bonnie++-2.00a.csv", &length);
  g_autofree char *message = import_error (csv, length, DYNO_IMPORT_DYNO_JSON, NULL);
  g_autoptr (GPtrArray) as_text = import_ok (csv, length, DYNO_IMPORT_BONNIEPP_TEXT, NULL);

  assert_contains (message, "not valid JSON");
  /* the text reader takes the CSV lines it finds */
  g_assert_cmpuint (as_text->len, ==, 1);
}

static void
test_file (void)
{
  g_autofree char *path = fixture_path ("seed-003-bray-bonnie-msec.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = dyno_import_file (path, DYNO_IMPORT_AUTO, &error);
  g_autoptr (GPtrArray) missing = NULL;
  g_autoptr (GPtrArray) dir = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 4);
  /* An import is not the file it came from: saving must not overwrite the original */
  g_assert_null (dyno_result_get_path (result_at (results, 0)));

  missing = dyno_import_file ("/nonexistent/x.csv", DYNO_IMPORT_AUTO, &error);
  g_assert_null (missing);
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  dir = dyno_import_file ("/", DYNO_IMPORT_AUTO, &error);
  g_assert_null (dir);
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
}

/* ---- what is refused, and where ------------------------------------------------------- */

static const char line_198[] =
    "1.98,2.00a,vm,1,1796019680,2G,,8192,5,648,97,475266,74,694360,62,539,93,3266122,99,9806,"
    "45,4,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,53600us,6916us,"
    "12367us,39213us,2971us,9268us,5106us,4076us,1657us,6055us,2786us,5465us";

static void
test_reject_field_counts (void)
{
  g_autofree char *short_line = g_strndup (line_198, strrchr (line_198, ',') - line_198);
  g_autofree char *in_third = g_strdup_printf ("format_version,x\n%s\n%s\n", line_198,
                                               short_line);
  g_autofree char *long_line = g_strdup_printf ("%s,5465us\n", line_198);
  g_autofree char *message = NULL;

  message = import_error (in_third, strlen (in_third), DYNO_IMPORT_AUTO, "run.csv");
  g_assert_cmpstr (message, ==,
                   "“run.csv”: line 3: expected 50 fields for bonnie++ 1.98 CSV, found 49");
  g_free (message);
  message = import_error (long_line, strlen (long_line), DYNO_IMPORT_AUTO, NULL);
  g_assert_cmpstr (message, ==, "line 1: expected 50 fields for bonnie++ 1.98 CSV, found 51");
  g_free (message);
  message = import_error ("a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x\n", 48,
                          DYNO_IMPORT_AUTO, NULL);
  assert_contains (message, "line 1: expected a bonnie++ CSV line (27, 48 or 50 fields), found 24");
  g_free (message);
  message = import_error ("1.50,1.50,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x\n", 58,
                          DYNO_IMPORT_AUTO, NULL);
  assert_contains (message, "unknown bonnie++ CSV format version “1.50”");
}

static void
test_reject_fields (void)
{
  static const struct
  {
    const char *line;
    const char *message;
  } cases[] = {
    { "box,1G,1,2,3,4,abc,6,7,8,9,10,11,12,,,,,,,,,,,,,",
      "line 2: field 7 (rewrite) is not a number: “abc”" },
    { "box,1G,1,2,-3,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,",
      "line 2: field 5 (put_block) is not a number: “-3”" },
    { "box,1G,1,2,nan,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,", "field 5 (put_block) is not a number" },
    { "box,1G,1,2,inf,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,", "field 5 (put_block) is not a number" },
    { "box,1G,1,2,1e9,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,", "field 5 (put_block) is not a number" },
    { "box,1G,1,2,99999999999999999999,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,",
      "field 5 (put_block) is out of range" },
    { "box,1G,1,2,3,4,5,6,7,8,9,10,11,-12,,,,,,,,,,,,,",
      "field 14 (seeks_cpu) is not a CPU percentage" },
    { "box,1G,1,2,,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,",
      "field 5 (put_block) is empty but field 6 (put_block_cpu) is not" },
    { "box,12Q,1,2,3,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,",
      "field 2 (file_size) is not a size: “12Q”" },
    { "box,1G:0,1,2,3,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,",
      "field 2 (file_size) is not a chunk size" },
    { "box,1G,1,2,3,4,5,6,7,8,9,10,11,12,16:x,1,1,1,1,1,1,1,1,1,1,1,1",
      "field 15 (num_files) is not a file test description" },
    { "box,1G,1,2,3,4,5,6,7,8,9,10,11,12,,1,1,1,1,1,1,1,1,1,1,1,1",
      "field 15 (num_files) is empty but the file tests have figures" },
    { "box,,,,,,,,,,,,,,,,,,,,,,,,,,", "line 2: the line has no figures" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *data = g_strdup_printf ("box,1G,,,,,,,,,,,1.5,1,,,,,,,,,,,,,\n%s\n",
                                               cases[i].line);
      g_autofree char *message = import_error (data, strlen (data), DYNO_IMPORT_AUTO, NULL);

      assert_contains (message, cases[i].message);
    }
}

static void
test_reject_latency (void)
{
  g_autofree char *bad = g_strdup (line_198);
  g_autofree char *message = NULL;

  memcpy (strstr (bad, "53600us"), "53600xx", 7);
  message = import_error (bad, strlen (bad), DYNO_IMPORT_AUTO, NULL);
  assert_contains (message, "field 39 (putc_latency) is not a latency");
}

static void
test_reject_nul (void)
{
  static const char data[] = "vm,2G,200503,99\n\n1.98,\0,x";
  g_autofree char *message = import_error (data, sizeof data - 1, DYNO_IMPORT_AUTO, "nul.csv");

  assert_contains (message, "“nul.csv”: line 3: found a NUL byte");
}

static void
test_reject_empty (void)
{
  g_autofree char *empty = import_error ("", 0, DYNO_IMPORT_AUTO, "empty.csv");
  g_autofree char *blank = import_error (" \r\n\n\t\n", 6, DYNO_IMPORT_AUTO, NULL);
  g_autofree char *bom = import_error ("\xef\xbb\xbf", 3, DYNO_IMPORT_AUTO, NULL);
  g_autofree char *forced = import_error ("", 0, DYNO_IMPORT_BONNIEPP_CSV, NULL);

  assert_contains (empty, "“empty.csv”: the input is empty");
  assert_contains (blank, "the input is empty");
  assert_contains (bom, "the input is empty");
  assert_contains (forced, "no runs found");
}

static void
test_reject_lone_header (void)
{
  const char *header = "name,file_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,"
                       "getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,"
                       "seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,"
                       "ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,ran_del,ran_del_cpu\n";
  g_autofree char *message = import_error (header, strlen (header), DYNO_IMPORT_AUTO, "h.csv");

  assert_contains (message, "“h.csv”: no runs found");
}

static void
test_reject_unknown (void)
{
  const char *diary = "Dear diary,\nI ran dd today.\n";
  g_autofree char *prose = import_error (diary, strlen (diary), DYNO_IMPORT_AUTO, "diary.txt");
  g_autofree char *json_like = NULL;

  g_assert_cmpstr (prose, ==,
                   "“diary.txt”: not a recognised format: expected a bonnie++ CSV line (27, 48 "
                   "or 50 fields), a bonnie++ or Bonnie text table, a CrystalDiskMark or "
                   "KDiskMark text export, fio's JSON output, or a Dyno result file");
  json_like = import_error ("{ nope", 6, DYNO_IMPORT_AUTO, NULL);
  assert_contains (json_like, "not valid JSON");
}

static void
test_reject_garbage (void)
{
  for (guint seed = 1; seed <= 200; seed++)
    {
      GRand *rand = g_rand_new_with_seed (seed);
      gsize length = g_rand_int_range (rand, 1, 4096);
      g_autofree char *data = g_malloc (length);
      g_autoptr (GPtrArray) results = NULL;
      g_autoptr (GError) error = NULL;

      for (gsize i = 0; i < length; i++)
        data[i] = (char) g_rand_int_range (rand, 0, 256);
      /* often text-like: a table header and digits, to get past detection */
      if (seed % 2 == 0 && length > 200)
        memcpy (data, "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU\n1 ",
                72);
      results = dyno_import_data (data, length, DYNO_IMPORT_AUTO, "junk", &error);
      g_assert_true ((results == NULL) != (error == NULL));
      if (error != NULL)
        g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
      g_rand_free (rand);
    }
}

static void
test_reject_too_large (void)
{
  gsize length = 100 * 1000 * 1000;
  g_autofree char *data = g_malloc (length);
  g_autofree char *message = NULL;
  g_autofree char *dir = dyno_test_make_dir ("import");
  g_autofree char *path = g_build_filename (dir, "huge.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  int fd;

  memset (data, 'x', length);
  message = import_error (data, length, DYNO_IMPORT_AUTO, "huge.csv");
  assert_contains (message, "“huge.csv”: too large to import (100.0");
  assert_contains (message, "16 MiB");

  /* A file says so too, without reading all of it */
  fd = g_open (path, O_WRONLY | O_CREAT, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1000 * 1000), ==, 0);
  close (fd);
  results = dyno_import_file (path, DYNO_IMPORT_AUTO, &error);
  g_assert_null (results);
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  assert_contains (error->message, "too large");
  dyno_test_rm_rf (dir);
}

static void
test_reject_long_line (void)
{
  gsize length = 2 << 20;
  g_autofree char *data = g_malloc (length + 1);
  g_autofree char *message = NULL;
  g_autofree char *csv = NULL;

  memset (data, 'a', length);
  data[length] = '\0';
  message = import_error (data, length, DYNO_IMPORT_AUTO, NULL);
  assert_contains (message, "not a recognised format");

  /* a CSV line with a name of a megabyte */
  csv = g_strconcat (data, ",1G,1,2,3,4,5,6,7,8,9,10,11,12,,,,,,,,,,,,,\n", NULL);
  g_free (message);
  message = import_error (csv, strlen (csv), DYNO_IMPORT_AUTO, NULL);
  assert_contains (message, "line 1: the line is too long");
}

/* One damaged line fails the whole import */
static void
test_reject_all_or_nothing (void)
{
  gsize length;
  g_autofree char *good = read_fixture ("csv-1.03-variants.csv", &length);
  g_autofree char *bad = g_strconcat (good, "broken,1G,1,2\r\n", NULL);
  g_autofree char *message = import_error (bad, strlen (bad), DYNO_IMPORT_AUTO, "v.csv");

  assert_contains (message, "“v.csv”: line 8: expected a bonnie++ CSV line");
}

static void
test_reject_text (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "Version 1.03c       ------Sequential Output------ --Sequential Input- --Random-\n"
      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
      "box  1G 1 2 3 4 5 x 7 8 9 10 11 12\n",
      "line 3: expected a bonnie++ row: the machine, its size (such as 2G), then 12 figures (8 "
      "with -f) after the header on line 2" },
    { "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n\n\n",
      "line 1: the table header has no row after it" },
    { "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
      "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "vm               2G  648k  97  464m  74  678m  62  539k  93  3.1g  99  9806  45\n"
      "Latency             53600us    6916us   12367us\n",
      "line 4: expected 6 latencies (one per test in the row above), found 3" },
    { "Machine    MB M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU\n"
      "NoFV     1000  10.2 77.4  15.7  8.3   6.5  4.0   7.7 52.8  12.4\n",
      "line 2: expected a Bonnie row: the machine, its size, then 10 figures after the header on "
      "line 1" },
    { "Machine    MB M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU\n"
      "NoFV     1000  10.2 77.4  15.7  8.3   6.5  4.0   7.7 52.8  inf 3.6\n",
      "line 2: expected a Bonnie row" },
    { "Machine    MB M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU\n"
      "NoFV     -1000  10.2 77.4  15.7  8.3   6.5  4.0   7.7 52.8  1 3.6\n",
      "line 2: expected a Bonnie row" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = import_error (cases[i].text, strlen (cases[i].text),
                                               DYNO_IMPORT_AUTO, NULL);

      assert_contains (message, cases[i].message);
    }
}

/* Inputs the fuzzers once crashed on: they must import or fail, and what imports must save and
 * load back. */
static void
test_fuzz_crashes (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fixtures", "import", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr (GString) known_bugs = g_string_new (NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *data = NULL;
      g_autoptr (GPtrArray) results = NULL;
      g_autoptr (GError) error = NULL;
      gsize length;

      if (!g_str_has_prefix (name, "crash-"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      results = dyno_import_data (data, length, DYNO_IMPORT_AUTO, name, &error);
      g_assert_true ((results == NULL) != (error == NULL));
      n++;

      for (guint i = 0; results != NULL && i < results->len; i++)
        {
          DynoResult *result = result_at (results, i);
          g_autofree char *json = dyno_result_to_json (result, FALSE);
          g_autoptr (GError) load_error = NULL;
          g_autoptr (DynoResult) loaded = dyno_result_load_from_data (json, strlen (json),
                                                                      &load_error);

          /* Text taken from the file is shown in the app and written to others: UTF-8 only. */
          g_assert_true (g_utf8_validate (dyno_result_get_tool (result), -1, NULL));
          g_assert_true (dyno_result_get_label (result) == NULL
                         || g_utf8_validate (dyno_result_get_label (result), -1, NULL));

          /* Known, outside the importer: json-glib 1.6 writes a double such as 1e308 as
           * "1e+308.0", which no JSON reader takes; dyno-result-json-write.c passes doubles
           * to it unchecked. Reported; it stays visible here until it is fixed. */
          if (loaded == NULL)
            g_string_append_printf (known_bugs, "%s: %s; ", name, load_error->message);
        }
    }
  g_test_message ("%u crash inputs", n);
  if (known_bugs->len > 0)
    g_test_incomplete (known_bugs->str);
}

/* ---- real bonnie++ -------------------------------------------------------------------- */

/* bonnie++ itself, tiny: its CSV (stdout with -q) and its text (stderr) must agree. */
static void
test_real_bonniepp (void)
{
  g_autofree char *bonnie = g_find_program_in_path ("bonnie++");
  g_autofree char *dir = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) csv = NULL;
  g_autoptr (GPtrArray) text = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  int status = 0;

  if (bonnie == NULL)
    {
      g_test_skip ("bonnie++ is not installed (apt-get install bonnie++)");
      return;
    }

  dir = dyno_test_make_dir ("import-bonnie");
  /* -s 32 needs a RAM figure of at most 16 MiB (-r 16); -n 1 is 1024 files; -q puts the text
   * on stderr and the CSV on stdout. As root bonnie++ insists on -u. */
  g_ptr_array_add (argv, bonnie);
  g_ptr_array_add (argv, "-d");
  g_ptr_array_add (argv, dir);
  g_ptr_array_add (argv, "-s");
  g_ptr_array_add (argv, "32:8192");
  g_ptr_array_add (argv, "-r");
  g_ptr_array_add (argv, "16");
  g_ptr_array_add (argv, "-n");
  g_ptr_array_add (argv, "1");
  g_ptr_array_add (argv, "-m");
  g_ptr_array_add (argv, "tiny");
  g_ptr_array_add (argv, "-q");
  if (dyno_test_is_root ())
    {
      g_ptr_array_add (argv, "-u");
      g_ptr_array_add (argv, "root");
    }
  g_ptr_array_add (argv, NULL);

  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                     &status, &error)
      || !g_spawn_check_wait_status (status, NULL))
    {
      g_autofree char *reason = g_strdup_printf ("bonnie++ did not run: %s %s",
                                                 error ? error->message : "", err ? err : "");

      dyno_test_rm_rf (dir);
      g_test_skip (reason);
      return;
    }
  dyno_test_rm_rf (dir);
  g_test_message ("stdout:\n%s\nstderr:\n%s", out, err);

  csv = import_ok (out, strlen (out), DYNO_IMPORT_AUTO, "bonnie++ stdout");
  text = import_ok (err, strlen (err), DYNO_IMPORT_AUTO, "bonnie++ stderr");
  g_assert_cmpuint (csv->len, ==, 1);
  g_assert_cmpuint (text->len, ==, 1);
  g_assert_cmpint (dyno_import_detect (out, strlen (out)), ==, DYNO_IMPORT_BONNIEPP_CSV);
  g_assert_cmpint (dyno_import_detect (err, strlen (err)), ==, DYNO_IMPORT_BONNIEPP_TEXT);
  g_assert_true (g_str_has_prefix (dyno_result_get_tool (result_at (csv, 0)), "bonnie++ "));
  g_assert_cmpstr (dyno_result_get_tool (result_at (csv, 0)), ==,
                   dyno_result_get_tool (result_at (text, 0)));
  g_assert_cmpuint (dyno_result_get_config (result_at (csv, 0))->size, ==, 32 << 20);
  assert_all_bonnie (dyno_result_get_config (result_at (csv, 0)));
  assert_text_matches_csv (result_at (text, 0), result_at (csv, 0));

  /* Both on one stream, as without -q: one run */
  {
    g_autofree char *both = g_strconcat (err, out, NULL);
    g_autoptr (GPtrArray) merged = import_ok (both, strlen (both), DYNO_IMPORT_AUTO, NULL);

    g_assert_cmpuint (merged->len, ==, 1);
    assert_text_matches_csv (result_at (text, 0), result_at (merged, 0));
  }
}

/* ---- CrystalDiskMark and KDiskMark ---------------------------------------------------- */

static DynoImportFormat
detect_string (const char *text)
{
  return dyno_import_detect (text, strlen (text));
}

#define MB 1e6
/* KDiskMark's "MB/s": fio's KiB/s over 1000 */
#define KDM_MB 1.024e6

/* The only run of a queued phase, which must be there and in the config. */
static const DynoPhaseRun *
queued_run (DynoResult *result, const char *key)
{
  const DynoPhase *phase = PHASE (key);
  DynoPhaseResult *found;

  g_assert_nonnull (phase);
  found = dyno_target_result_get_phase (dyno_result_get_target (result, 0), phase);
  if (found == NULL)
    g_error ("%s: no phase %s", dyno_result_get_source (result), key);
  g_assert_true (dyno_config_has_phase (dyno_result_get_config (result), phase));
  g_assert_cmpuint (found->runs->len, ==, 1);
  return dyno_phase_result_get_run (found, 0);
}

static DynoPhaseResult *
queued_phase (DynoResult *result, const char *key)
{
  DynoPhaseResult *found = dyno_target_result_get_phase (dyno_result_get_target (result, 0),
                                                         PHASE (key));

  g_assert_nonnull (found);
  return found;
}

/* A figure as the text shows it: within rounding of its last digit */
static void
assert_close (double value, double expected, double relative)
{
  if (!(fabs (value - expected) <= fabs (expected) * relative + 1e-12))
    g_error ("%.9g is not %.9g (within %g)", value, expected, relative);
}

static void
assert_queued (DynoResult *result, const char *key, double rate, double iops, double latency)
{
  const DynoPhaseRun *run = queued_run (result, key);

  assert_close (run->rate, rate, 1e-12);
  if (isnan (iops))
    g_assert_true (isnan (run->iops));
  else
    assert_close (run->iops, iops, 1e-12);
  if (isnan (latency))
    g_assert_true (isnan (run->latency.mean));
  else
    assert_close (run->latency.mean, latency, 1e-12);
  /* What a text export never has */
  g_assert_true (isnan (run->elapsed) && isnan (run->cpu_seconds));
  g_assert_cmpuint (run->ios, ==, 0);
  g_assert_cmpuint (run->amount, ==, 0);
  g_assert_true (isnan (run->latency.p99) && isnan (run->latency.max));
  g_assert_false (run->too_fast);
}

static void
assert_created (DynoResult *result, int year, int month, int day, int hour, int minute,
                int second)
{
  GDateTime *created = dyno_result_get_created (result);
  g_autoptr (GDateTime) local = g_date_time_to_local (created);

  g_assert_cmpint (g_date_time_get_year (local), ==, year);
  g_assert_cmpint (g_date_time_get_month (local), ==, month);
  g_assert_cmpint (g_date_time_get_day_of_month (local), ==, day);
  g_assert_cmpint (g_date_time_get_hour (local), ==, hour);
  g_assert_cmpint (g_date_time_get_minute (local), ==, minute);
  g_assert_cmpint (g_date_time_get_second (local), ==, second);
}

static void
assert_best_of (DynoResult *result, guint best_of)
{
  DynoTargetResult *target = dyno_result_get_target (result, 0);

  for (guint i = 0; i < target->phases->len; i++)
    {
      DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      g_assert_cmpuint (phase->best_of, ==, best_of);
    }
}

/* The keys of the result's phases, in its order */
static char *
phase_keys (DynoResult *result)
{
  DynoTargetResult *target = dyno_result_get_target (result, 0);
  g_autoptr (GString) keys = g_string_new (NULL);

  for (guint i = 0; i < target->phases->len; i++)
    {
      DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      g_string_append_printf (keys, "%s%s", i ? " " : "", dyno_phase_get_key (phase->phase));
    }
  return g_string_free (g_steal_pointer (&keys), FALSE);
}

/* 3.x: no sections, Sequential at 1 MiB QD1, 512KB and 4KB (1024-based) random tests, the
 * comment alone after OS; CRLF. */
static void
test_cdm_3 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-3.0.3.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  g_autofree char *keys = phase_keys (r);

  g_assert_cmpint (detect_string ("           Sequential Read :   512.345 MB/s"), ==,
                   DYNO_IMPORT_CDM_TEXT);
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "CrystalDiskMark 3.0.3");
  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "CrystalDiskMark 3.0.3 text export, crystaldiskmark-3.0.3.txt");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "Samsung 840 Pro on the Z77 board");
  g_assert_true (
      g_str_has_prefix (dyno_result_get_notes (r), "Samsung 840 Pro on the Z77 board\n"));
  assert_contains (dyno_result_get_notes (r), "best of 5 runs");
  g_assert_cmpstr (keys, ==,
                   "seq-read:1m:q1:t1 seq-write:1m:q1:t1 rnd-read:512k:q1:t1 rnd-write:512k:q1:t1 "
                   "rnd-read:4k:q1:t1 rnd-write:4k:q1:t1 rnd-read:4k:q32:t1 rnd-write:4k:q32:t1");
  assert_queued (r, "seq-read:1m:q1:t1", 512.345 * MB, NAN, NAN);
  assert_queued (r, "rnd-write:512k:q1:t1", 455.007 * MB, NAN, NAN);
  assert_queued (r, "rnd-read:4k:q1:t1", 31.250 * MB, 7629.4, NAN);
  assert_queued (r, "rnd-read:4k:q32:t1", 380.500 * MB, 92895.5, NAN);
  assert_queued (r, "rnd-write:4k:q32:t1", 301.750 * MB, 73669.4, NAN);
  g_assert_cmpint (queued_run (r, "rnd-read:4k:q32:t1")->direct, ==, 1);
  /* 3.x had its own engine, not DiskSpd */
  g_assert_null (queued_run (r, "rnd-read:4k:q32:t1")->engine);

  /* "Test : 1000 MB [C: 41.2% (49.1/119.2 GB)] (x5)": 3.x's MB are MiB */
  g_assert_cmpuint (config->queue_size, ==, 1000 * MIB);
  g_assert_cmpuint (config->repeat, ==, 5);
  assert_best_of (r, 5);
  g_assert_cmpfloat (config->phase_time, ==, 0);
  g_assert_cmpint (config->autos, ==, 0);
  g_assert_cmpint (config->queue_cache, ==, DYNO_CACHE_DIRECT);
  g_assert_cmpint (config->data, ==, DYNO_DATA_RANDOM);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 8);
  assert_created (r, 2013, 5, 1, 9, 7, 3);
  g_assert_cmpstr (dyno_result_get_system (r)->os_name, ==,
                   "Windows 7 Ultimate SP1 [6.1 Build 7601] (x64)");
  g_assert_null (dyno_result_get_system (r)->hostname);
}

/* 5.x, saved as UTF-16LE with two byte order marks: 128 KiB "Sequential (Q=32,T=1)", 1 MiB
 * "Sequential (T= 1)", all-zero test data. */
static void
test_cdm_5_double_bom (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-5.2.1-double-bom.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);

  g_assert_cmpstr (dyno_result_get_tool (r), ==, "CrystalDiskMark 5.2.1");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "CrystalDiskMark D:");
  assert_queued (r, "seq-read:128k:q32:t1", 540.002 * MB, NAN, NAN);
  assert_queued (r, "seq-write:128k:q32:t1", 498.500 * MB, NAN, NAN);
  assert_queued (r, "seq-read:1m:q1:t1", 470.875 * MB, NAN, NAN);
  assert_queued (r, "rnd-read:4k:q32:t1", 288.250 * MB, 70373.5, NAN);
  assert_queued (r, "rnd-write:4k:q1:t1", 88.500 * MB, 21606.4, NAN);
  g_assert_cmpstr (queued_run (r, "rnd-write:4k:q1:t1")->engine, ==, "DiskSpd");
  g_assert_cmpuint (config->queue_size, ==, 500 * MIB);
  g_assert_cmpfloat (config->interval, ==, 5);
  g_assert_cmpint (config->data, ==, DYNO_DATA_ZEROS);
  g_assert_cmpuint (config->repeat, ==, 5);
  /* No comment: the line after OS is blank */
  g_assert_true (g_str_has_prefix (dyno_result_get_notes (r), "Imported"));
  assert_created (r, 2017, 3, 4, 8, 0, 15);
}

/* 6.x, UTF-16LE with a byte order mark and CRLF: Q8T8 random tests, a blank comment */
static void
test_cdm_6 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-6.0.2.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);

  g_assert_cmpstr (dyno_result_get_tool (r), ==, "CrystalDiskMark 6.0.2");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "CrystalDiskMark C:");
  g_assert_true (g_str_has_prefix (dyno_result_get_notes (r), "Imported from a CrystalDiskMark"));
  assert_queued (r, "seq-read:128k:q32:t1", 561.784 * MB, NAN, NAN);
  assert_queued (r, "rnd-read:4k:q8:t8", 390.021 * MB, 95220.0, NAN);
  assert_queued (r, "rnd-write:4k:q8:t8", 355.870 * MB, 86882.3, NAN);
  assert_queued (r, "rnd-read:4k:q1:t1", 38.912 * MB, 9500.0, NAN);
  g_assert_cmpuint (queued_run (r, "rnd-read:4k:q8:t8")->threads, ==, 8);
  g_assert_cmpuint (config->queue_size, ==, GIB);
  g_assert_cmpuint (config->repeat, ==, 3);
  assert_best_of (r, 3);
  g_assert_cmpfloat (config->interval, ==, 5);
  assert_created (r, 2018, 11, 20, 21, 14, 9);
}

/* 7.x: sections, "Sequential 1MiB", latencies, Mix, "Comment:"; UTF-8 with a BOM */
static void
test_cdm_7_mix (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-7.0.0-mix.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  g_autoptr (GPtrArray) profile = dyno_profile_get_phases (dyno_profile_lookup ("default"), TRUE,
                                                           70);

  g_assert_cmpstr (dyno_result_get_label (r), ==, "970 EVO Plus, Mix on");
  assert_queued (r, "seq-read:1m:q8:t1", 3412.105 * MB, 3254.0, 2456.75e-6);
  assert_queued (r, "rnd-read:4k:q32:t16", 1890.250 * MB, 461486.8, 1108.20e-6);
  assert_queued (r, "rnd-write:4k:q1:t1", 190.250 * MB, 46447.8, 21.45e-6);
  assert_queued (r, "seq-mix:1m:q8:t1:r70", 2701.300 * MB, 2576.2, 3101.97e-6);
  assert_queued (r, "rnd-mix:4k:q1:t1:r70", 75.000 * MB, 18310.5, 54.51e-6);
  g_assert_cmpuint (queued_run (r, "rnd-mix:4k:q32:t16:r70")->threads, ==, 16);
  /* The phase's latency is its only run's */
  assert_close (queued_phase (r, "seq-read:1m:q8:t1")->latency.mean, 2456.75e-6, 1e-12);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 12);
  g_assert_cmpfloat (config->interval, ==, 5);
  g_assert_cmpfloat (config->phase_time, ==, 0);
  assert_contains (dyno_result_get_notes (r), "profile: Default");
  /* 7.x's Default ran RND4K Q32T16, where 8.x's runs Q32T1: not the same tests */
  g_assert_false (dyno_config_has_phase (config, g_ptr_array_index (profile, 2)));
  g_assert_true (dyno_phase_get_key (g_ptr_array_index (profile, 2)) != NULL);
}

/* 8.x "Save (Text)", pasted into Notepad and saved as "Unicode": UTF-16LE with a byte order
 * mark and CRLF; the Default profile, with every footer field */
static void
test_cdm_8_default (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-8.0.4-default.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  g_autoptr (GPtrArray) profile = dyno_profile_get_phases (dyno_profile_lookup ("default"), FALSE,
                                                           0);
  DynoTargetResult *target = dyno_result_get_target (r, 0);

  g_assert_cmpstr (dyno_result_get_tool (r), ==, "CrystalDiskMark 8.0.4");
  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "CrystalDiskMark 8.0.4 text export, crystaldiskmark-8.0.4-default.txt");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "Samsung 980 PRO 1TB (firmware 3B2QGXA7)");
  g_assert_true (g_str_has_prefix (dyno_result_get_notes (r),
                                   "Samsung 980 PRO 1TB (firmware 3B2QGXA7)\nImported from a "
                                   "CrystalDiskMark text export: each figure is the best of 5 "
                                   "runs"));
  g_assert_cmpstr (dyno_result_get_system (r)->os_name, ==,
                   "Windows 10 Professional [10.0 Build 19042] (x64)");
  assert_created (r, 2021, 2, 13, 13, 5, 29);

  /* Exactly the phases a Dyno run of the Default profile has, as the same pointers */
  g_assert_cmpuint (target->phases->len, ==, profile->len);
  for (guint i = 0; i < profile->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (profile, i);

      g_assert_nonnull (dyno_target_result_get_phase (target, phase));
      g_assert_true (dyno_config_get_phase (config, i) == phase);
    }
  g_assert_true (dyno_profile_find (profile) == dyno_profile_lookup ("default"));

  assert_queued (r, "seq-read:1m:q8:t1", 3456.789 * MB, 3296.7, 2423.01e-6);
  assert_queued (r, "seq-read:1m:q1:t1", 2210.432 * MB, 2108.0, 474.06e-6);
  assert_queued (r, "rnd-read:4k:q32:t1", 612.345 * MB, 149498.3, 213.85e-6);
  assert_queued (r, "rnd-read:4k:q1:t1", 62.118 * MB, 15165.5, 65.80e-6);
  assert_queued (r, "seq-write:1m:q8:t1", 3012.500 * MB, 2872.9, 2781.11e-6);
  assert_queued (r, "seq-write:1m:q1:t1", 2801.125 * MB, 2671.4, 374.10e-6);
  assert_queued (r, "rnd-write:4k:q32:t1", 498.750 * MB, 121765.1, 262.44e-6);
  assert_queued (r, "rnd-write:4k:q1:t1", 201.600 * MB, 49218.8, 20.21e-6);
  /* CrystalDiskMark's IOPS are its MB/s over the block size */
  assert_close (queued_run (r, "rnd-read:4k:q32:t1")->iops, 612.345 * MB / 4096, 1e-6);
  g_assert_cmpstr (queued_run (r, "seq-read:1m:q8:t1")->engine, ==, "DiskSpd");
  g_assert_cmpint (queued_run (r, "seq-read:1m:q8:t1")->direct, ==, 1);

  /* "Test: 1 GiB (x5)", "Time: Measure 5 sec / Interval 5 sec" */
  g_assert_cmpuint (config->queue_size, ==, GIB);
  g_assert_cmpuint (config->repeat, ==, 5);
  assert_best_of (r, 5);
  g_assert_cmpfloat (config->phase_time, ==, 5);
  g_assert_cmpfloat (config->interval, ==, 5);
  g_assert_cmpint (config->autos, ==, 0);
  g_assert_cmpint (config->queue_cache, ==, DYNO_CACHE_DIRECT);
  g_assert_cmpint (config->data, ==, DYNO_DATA_RANDOM);
  g_assert_cmpint (dyno_import_detect (NULL, 0), ==, DYNO_IMPORT_AUTO);
}

/* CrystalDiskMark 8's NVMe settings with Mix: SEQ128K Q32T1 and RND4K Q32T16, 0Fill */
static void
test_cdm_8_nvme_mix (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-8-nvme-mix.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  g_autoptr (GPtrArray) phases = g_ptr_array_new ();

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    g_ptr_array_add (phases, (gpointer) dyno_config_get_phase (config, i));
  g_assert_true (dyno_profile_find (phases) == dyno_profile_lookup ("nvme"));
  assert_queued (r, "seq-read:128k:q32:t1", 6905.500 * MB, 52684.0, 607.31e-6);
  assert_queued (r, "rnd-read:4k:q32:t16", 4120.750 * MB, 1006042.5, 508.70e-6);
  assert_queued (r, "seq-mix:128k:q32:t1:r70", 5603.000 * MB, 42747.5, 748.44e-6);
  assert_queued (r, "rnd-mix:4k:q32:t16:r70", 2980.625 * MB, 727691.7, 703.36e-6);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 12);
  g_assert_cmpuint (config->queue_size, ==, 4 * GIB);
  g_assert_cmpuint (config->repeat, ==, 3);
  g_assert_cmpfloat (config->phase_time, ==, 10);
  g_assert_cmpfloat (config->interval, ==, 30);
  g_assert_cmpint (config->data, ==, DYNO_DATA_ZEROS);
  g_assert_cmpstr (dyno_result_get_label (r), ==, "CrystalDiskMark E:");
  assert_created (r, 2022, 7, 30, 0, 4, 58);
}

/* A run stopped early: the tests it did not reach show 0 and are left out */
static void
test_cdm_8_stopped (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-8-stopped.txt", 1);
  DynoResult *r = result_at (results, 0);
  g_autofree char *keys = phase_keys (r);

  g_assert_cmpstr (keys, ==,
                   "seq-read:1m:q8:t1 seq-read:1m:q1:t1 rnd-read:4k:q32:t1 rnd-read:4k:q1:t1 "
                   "seq-write:1m:q8:t1");
  assert_contains (dyno_result_get_notes (r),
                   "shows 0 MB/s for Sequential write 1 MiB Q1 T1, Random write 4 KiB Q32 T1, "
                   "Random write 4 KiB Q1 T1: not run, and left out");
  g_assert_false (dyno_config_has_phase (dyno_result_get_config (r), PHASE ("seq-write:1m:q1:t1")));
}

/* A blog post: two reports in Markdown fences with prose around them, the second pasted
 * without its indentation; prose that looks like a result or a footer line stays prose. */
static void
test_cdm_blog (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("crystaldiskmark-blog-two-reports.md", 2);
  DynoResult *old = result_at (results, 0);
  DynoResult *new = result_at (results, 1);

  g_assert_cmpstr (dyno_result_get_tool (old), ==, "CrystalDiskMark 3.0.1");
  g_assert_cmpstr (dyno_result_get_source (old), ==,
                   "CrystalDiskMark 3.0.1 text export, lines 7–23 of "
                   "crystaldiskmark-blog-two-reports.md");
  g_assert_cmpstr (dyno_result_get_tool (new), ==, "CrystalDiskMark 8.0.0");
  g_assert_cmpstr (dyno_result_get_source (new), ==,
                   "CrystalDiskMark 8.0.0 text export, lines 29–48 of "
                   "crystaldiskmark-blog-two-reports.md");
  /* The closing fence is no comment */
  g_assert_cmpstr (dyno_result_get_label (old), ==, "CrystalDiskMark C:");
  assert_queued (old, "seq-read:1m:q1:t1", 250.125 * MB, NAN, NAN);
  assert_queued (new, "seq-read:1m:q8:t1", 2470.084 * MB, 2355.7, 3386.97e-6);
  assert_queued (new, "rnd-write:4k:q1:t1", 127.670 * MB, 31169.4, 31.86e-6);
  assert_created (new, 2020, 12, 16, 22, 21, 28);
  g_assert_cmpint (detect_string ("Sequential speed: 500 MB/s\n"), ==, DYNO_IMPORT_AUTO);
}

/* KDiskMark 3.1: its MB/s are 1000 KiB/s, its mix a weighted mean, its Default profile the mean
 * of the runs */
static void
test_kdm_31 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("kdiskmark-3.1.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  const DynoSystemInfo *system = dyno_result_get_system (r);
  const DynoPhaseRun *run;
  gsize length;
  g_autofree char *data = read_fixture ("kdiskmark-3.1.txt", &length);

  g_assert_cmpint (dyno_import_detect (data, length), ==, DYNO_IMPORT_KDM_TEXT);
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "KDiskMark 3.1.4");
  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "KDiskMark 3.1.4 text export, kdiskmark-3.1.txt");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "KDiskMark");
  assert_queued (r, "seq-read:1m:q8:t1", 3456.789 * KDM_MB, 3375.8, 2423.01e-6);
  assert_queued (r, "rnd-read:4k:q32:t1", 701.125 * KDM_MB, 175281.2, 186.66e-6);
  assert_queued (r, "rnd-write:4k:q1:t1", 180.250 * KDM_MB, 45062.5, 22.52e-6);
  assert_queued (r, "rnd-mix:4k:q32:t1:r70", 674.650 * KDM_MB, 168662.5, 193.97e-6);
  /* fio's IOPS agree with 1000 KiB/s, not with the header's 10^6 B/s */
  run = queued_run (r, "rnd-read:4k:q32:t1");
  assert_close (run->iops * 4096, run->rate, 1e-6);
  g_assert_cmpstr (run->engine, ==, "fio libaio");
  g_assert_cmpint (run->direct, ==, -1);
  assert_best_of (r, 0);
  g_assert_cmpstr (queued_phase (r, "seq-read:1m:q8:t1")->note, ==, "the mean of 5 runs");
  assert_contains (queued_phase (r, "seq-mix:1m:q8:t1:r70")->note, "weighted by their shares");
  assert_contains (dyno_result_get_notes (r), "the mean of 5 runs");
  assert_contains (dyno_result_get_notes (r), "KDiskMark ran fio-3.33 with its libaio engine.");
  g_assert_cmpuint (config->queue_size, ==, GIB);
  g_assert_cmpuint (config->repeat, ==, 5);
  g_assert_cmpfloat (config->phase_time, ==, 5);
  g_assert_cmpfloat (config->interval, ==, 5);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 12);
  g_assert_cmpstr (system->os_name, ==, "fedora 38");
  g_assert_cmpstr (system->kernel, ==, "linux 6.3.7-200.fc38.x86_64");
  assert_created (r, 2023, 6, 11, 9, 41, 27);
}

/* KDiskMark 3.2's Peak profile keeps the best of the runs; its Target names the drive */
static void
test_kdm_32_peak (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("kdiskmark-3.2.0-peak.txt", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);

  g_assert_cmpstr (dyno_result_get_label (r), ==, "KDiskMark /home");
  g_assert_cmpstr (dyno_result_get_target (r, 0)->info->device_model, ==,
                   "Samsung SSD 870 EVO 500GB");
  assert_contains (dyno_result_get_notes (r), "target: /home 52% (120.00/230.00 GiB)");
  assert_queued (r, "rnd-read:4k:q32:t16", 402.125 * KDM_MB, 100531.2, 5210.33e-6);
  assert_best_of (r, 3);
  g_assert_null (queued_phase (r, "rnd-read:4k:q32:t16")->note);
  g_assert_cmpuint (config->queue_size, ==, 2 * GIB);
  g_assert_cmpfloat (config->phase_time, ==, 60);
  g_assert_cmpfloat (config->interval, ==, 10);
}

/* KDiskMark 2.2: no Measure, the old date, narrower columns */
static void
test_kdm_22 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("kdiskmark-2.2.0-hdd.txt", 1);
  DynoResult *r = result_at (results, 0);

  g_assert_cmpstr (dyno_result_get_tool (r), ==, "KDiskMark 2.2.0");
  assert_queued (r, "rnd-read:4k:q32:t16", 1.875 * KDM_MB, 468.8, 998012.44e-6);
  assert_queued (r, "seq-write:1m:q1:t1", 160.125 * KDM_MB, 156.4, 6547.30e-6);
  g_assert_cmpfloat (dyno_result_get_config (r)->phase_time, ==, 0);
  g_assert_cmpfloat (dyno_result_get_config (r)->interval, ==, 5);
  assert_created (r, 2021, 1, 17, 11, 2, 44);
}

static void
test_diskmark_reject (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\n[Read]\n"
      "  SEQ    1MiB (Q=  8, T= 1):  3456.789 MB/s [   3296.7 IOPS] <  2423.01 us>\n"
      "  SEQ    1MiB (Q=  1, T= 1):  22x0.432 MB/s [   2108.0 IOPS] <   474.06 us>\n",
      "“cdm.txt”: line 4: expected a test result such as “SEQ 1MiB (Q= 8, T= 1): 543.188 MB/s" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  3456.789 MB/s [ 3296.7 IOPS] < 2423.01 us> extra\n",
      "line 2: expected a test result" },
    { "  SEQ    1MiB (Q=  8, T= 1):  3456.789 MB/s\n", "line 1: a test result before any [Read]" },
    { "[Read]\n  SEQ    1MiX (Q=  8, T= 1):  3456.789 MB/s\n", "line 2: expected a test result" },
    { "[Read]\n  SEQ    1MiB (Q=99999, T= 1):  3456.789 MB/s\n", "line 2: expected a test result" },
    { "[Read]\n  SEQ    4096MiB (Q= 8, T= 1):  3456.789 MB/s\n", "line 2: expected a test result" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  9999999999.000 MB/s\n", "line 2: expected a test" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  1.000 MB/s\n[Mix] Read 70%/Write 20%\n",
      "line 3: expected the mix's shares of reads and writes" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  1.000 MB/s\n   Date: 2021/13/45 25:00:00\n",
      "line 3: expected a date and time such as “2021/02/13 13:05:29”" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  1.000 MB/s\n   Test: lots (x5)\n",
      "line 3: expected the test size and the number of runs, such as “Test: 1 GiB (x5)”" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  1.000 MB/s\n   Test: 1 GiB (x500)\n",
      "line 3: expected the test size and the number of runs" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  1.000 MB/s\n   Test: 1 GiB (x5)\n   Date: 2021/02/13 "
      "13:05:29\n   Test: 1 GiB (x3)\n",
      "line 5: a second “Test” line in one report (the first is on line 3)" },
    { "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  1.000 MB/s\n   Time: soon\n",
      "line 3: expected the measuring and interval times" },
    { "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\n\nno results here\n",
      "line 1: the CrystalDiskMark header has no test results after it" },
    { "[Write]\n  SEQ    1MiB (Q=  8, T= 1):     0.000 MB/s [      0.0 IOPS] <     0.00 us>\n",
      "line 1: every test of the CrystalDiskMark report that starts here shows 0 MB/s" },
    { "           Sequential Read :   512.345 MB/s\n    Random Read 4KB :   1.0 MB/s\n"
      "    Random Read 4KB :   1.0 MB/s [ 1 IOPS] [ 2 IOPS]\n",
      "line 3: expected a test result" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = import_error (cases[i].text, strlen (cases[i].text),
                                               DYNO_IMPORT_CDM_TEXT, "cdm.txt");

      assert_contains (message, cases[i].message);
    }
}

/* One damaged report among good ones fails the whole import */
static void
test_diskmark_all_or_nothing (void)
{
  gsize length;
  g_autofree char *good = read_fixture ("crystaldiskmark-blog-two-reports.md", &length);
  g_autofree char *bad = g_strconcat (good, "[Read]\nRND 4KiB (Q= 1, T= 1): 4l.069 MB/s\n", NULL);
  g_autofree char *message = import_error (bad, strlen (bad), DYNO_IMPORT_AUTO, "post.md");

  assert_contains (message, "“post.md”: line 53: expected a test result");
}

/* ---- fio ------------------------------------------------------------------------------ */

static const DynoPhaseRun *
fio_run (DynoResult *result, const char *key, guint i)
{
  DynoPhaseResult *phase = queued_phase (result, key);

  g_assert_cmpuint (i, <, phase->runs->len);
  return dyno_phase_result_get_run (phase, i);
}

/* fio 3.33, one job, with lines fio printed before its JSON */
static void
test_fio_randread (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("fio-3.33-randread.json", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  const DynoPhaseRun *run = fio_run (r, "rnd-read:4k:q32:t1", 0);
  g_autoptr (GDateTime) created = g_date_time_new_from_unix_utc (1690000123);
  gsize length;
  g_autofree char *data = read_fixture ("fio-3.33-randread.json", &length);

  g_assert_cmpint (dyno_import_detect (data, length), ==, DYNO_IMPORT_FIO_JSON);
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "fio 3.33");
  g_assert_cmpstr (dyno_result_get_source (r), ==, "fio 3.33 JSON output, fio-3.33-randread.json");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "/dev/nvme0n1");
  g_assert_true (g_date_time_equal (dyno_result_get_created (r), created));
  assert_contains (dyno_result_get_notes (r),
                   "fio printed: “fio: file /dev/nvme0n1 exceeds 32-bit tausworthe random "
                   "generator.”");
  g_assert_cmpstr (dyno_result_get_target (r, 0)->info->device, ==, "nvme0n1");
  g_assert_cmpstr (dyno_result_get_target (r, 0)->info->path, ==, "/dev/nvme0n1");

  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 1);
  g_assert_cmpfloat (run->rate, ==, 1966047232);
  assert_close (run->iops, 28800000000.0 / 60001, 1e-9);
  g_assert_cmpuint (run->ios, ==, 28800000);
  g_assert_cmpuint (run->amount, ==, G_GUINT64_CONSTANT (28800000) * 4096);
  assert_close (run->elapsed, 60.001, 1e-12);
  assert_close (run->cpu_seconds, (11.254 + 38.735) / 100 * 60.001, 1e-9);
  assert_close (run->cpu_percent, 11.254 + 38.735, 1e-9);
  assert_close (run->latency.mean, 254321.123456e-9, 1e-9);
  assert_close (run->latency.p50, 211968e-9, 1e-12);
  assert_close (run->latency.p90, 350208e-9, 1e-12);
  assert_close (run->latency.p99, 602112e-9, 1e-12);
  assert_close (run->latency.p999, 1003520e-9, 1e-12);
  assert_close (run->latency.max, 8123456e-9, 1e-12);
  g_assert_cmpuint (run->latency.count, ==, 28800000);
  g_assert_cmpstr (run->engine, ==, "fio libaio");
  g_assert_cmpint (run->direct, ==, 1);
  g_assert_cmpuint (run->threads, ==, 1);
  assert_close (queued_phase (r, "rnd-read:4k:q32:t1")->latency.p99, 602112e-9, 1e-12);
  g_assert_cmpuint (queued_phase (r, "rnd-read:4k:q32:t1")->best_of, ==, 0);
  /* global options: size=10G, runtime=60 with time_based, direct=1 */
  g_assert_cmpuint (config->queue_size, ==, 10 * GIB);
  g_assert_cmpfloat (config->phase_time, ==, 60);
  g_assert_cmpint (config->queue_cache, ==, DYNO_CACHE_DIRECT);
  g_assert_cmpuint (config->repeat, ==, 1);
}

/* JSON+: several jobs; numjobs=4 without group_reporting (four entries, merged into one run of
 * four threads, percentiles from the merged histograms); a 70/30 randrw; a trim job left out;
 * the sequential job again after a stonewall, as a second run */
static void
test_fio_json_plus (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("fio-json+-multi-job.json", 1);
  DynoResult *r = result_at (results, 0);
  const DynoConfig *config = dyno_result_get_config (r);
  g_autofree char *keys = phase_keys (r);
  DynoPhaseResult *seq = queued_phase (r, "seq-read:1m:q8:t1");
  const DynoPhaseRun *run;

  g_assert_cmpstr (dyno_result_get_source (r), ==,
                   "fio 3.35 JSON+ output, fio-json+-multi-job.json");
  g_assert_cmpstr (dyno_result_get_label (r), ==, "/mnt/test");
  g_assert_cmpstr (keys, ==, "seq-read:1m:q8:t1 rnd-read:4k:q32:t4 rnd-mix:4k:q16:t1:r70");
  assert_contains (dyno_result_get_notes (r),
                   "Left out: job “trim” (rw=randtrim: Dyno has no trim test).");

  /* the same workload twice: two runs of one phase */
  g_assert_cmpuint (seq->runs->len, ==, 2);
  g_assert_cmpuint (config->repeat, ==, 2);
  g_assert_cmpuint (fio_run (r, "seq-read:1m:q8:t1", 0)->repeat, ==, 0);
  g_assert_cmpuint (fio_run (r, "seq-read:1m:q8:t1", 1)->repeat, ==, 1);
  g_assert_cmpfloat (fio_run (r, "seq-read:1m:q8:t1", 0)->rate, ==, 4194304000.0);
  g_assert_cmpfloat (fio_run (r, "seq-read:1m:q8:t1", 1)->rate, ==, 4124398933.0);
  g_assert_cmpuint (seq->rate.n, ==, 2);
  assert_close (seq->latency.mean, (1999876.5e-9 * 120000 + 2033000e-9 * 118000) / 238000, 1e-9);
  assert_close (seq->latency.max, 10e-3, 1e-12);
  g_assert_true (isnan (seq->latency.p99));

  /* numjobs=4: one run of 4 threads, rates and I/Os added up */
  run = fio_run (r, "rnd-read:4k:q32:t4", 0);
  g_assert_cmpuint (run->threads, ==, 4);
  g_assert_cmpfloat (run->rate, ==, 273066666.0 + 286720000.0 + 266240000.0 + 279893333.0);
  assert_close (run->iops, 270000, 1e-9);
  g_assert_cmpuint (run->ios, ==, 8100000);
  assert_close (run->latency.mean,
                (2000000 * 63000.0 + 2100000 * 61000.0 + 1950000 * 65000.0 + 2050000 * 62000.0)
                    / 8100000 * 1e-9,
                1e-9);
  assert_close (run->latency.max, 1200000e-9, 1e-12);
  /* from the merged bins: 50 % ≤ 40 µs, 75 % ≤ 60 µs, 95 % ≤ 90 µs, the rest 500 µs */
  assert_close (run->latency.p50, 40e-6, 1e-12);
  assert_close (run->latency.p90, 90e-6, 1e-12);
  assert_close (run->latency.p99, 500e-6, 1e-12);
  assert_close (run->cpu_seconds, (15 + 16 + 17 + 18) / 100.0 * 30, 1e-9);
  g_assert_cmpstr (run->engine, ==, "fio io_uring");

  /* randrw, rwmixread=70: reads and writes together */
  run = fio_run (r, "rnd-mix:4k:q16:t1:r70", 0);
  g_assert_cmpfloat (run->rate, ==, 95573333.0 + 40960000.0);
  g_assert_cmpuint (run->ios, ==, 1000000);
  assert_close (run->latency.mean, (700000 * 100000.0 + 300000 * 40000.0) / 1e6 * 1e-9, 1e-9);
  assert_close (run->latency.p50, 80e-6, 1e-12);
  assert_close (run->latency.p90, 120e-6, 1e-12);
  assert_close (run->latency.max, 3e-3, 1e-12);

  g_assert_cmpint (config->io_engine, ==, DYNO_IO_ENGINE_IO_URING);
  g_assert_cmpuint (config->queue_size, ==, 4 * GIB);
  g_assert_cmpfloat (config->phase_time, ==, 30);
}

/* Client/server: one result per server, "All clients" left out, each host's global options */
static void
test_fio_client_server (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("fio-client-server.json", 2);
  DynoResult *a = result_at (results, 0);
  DynoResult *b = result_at (results, 1);

  g_assert_cmpstr (dyno_result_get_system (a)->hostname, ==, "storage-a");
  g_assert_cmpstr (dyno_result_get_system (b)->hostname, ==, "storage-b");
  g_assert_cmpstr (dyno_result_get_source (a), ==,
                   "fio 3.33 JSON output from host “storage-a” for “/dev/sdb”, "
                   "fio-client-server.json");
  g_assert_cmpstr (dyno_result_get_label (b), ==, "storage-b /dev/sdc");
  g_assert_cmpfloat (fio_run (a, "seq-write:128k:q16:t1", 0)->rate, ==, 1048576000.0);
  g_assert_cmpfloat (fio_run (b, "seq-write:128k:q16:t1", 0)->rate, ==, 983040000.0);
  g_assert_cmpint (fio_run (a, "seq-write:128k:q16:t1", 0)->direct, ==, 1);
  g_assert_cmpint (fio_run (b, "seq-write:128k:q16:t1", 0)->direct, ==, 0);
  g_assert_cmpint (dyno_result_get_config (a)->queue_cache, ==, DYNO_CACHE_DIRECT);
  g_assert_cmpint (dyno_result_get_config (b)->queue_cache, ==, DYNO_CACHE_EVICT);
  g_assert_cmpuint (queued_phase (a, "seq-write:128k:q16:t1")->runs->len, ==, 1);
}

/* fio 2.2 on Windows, redirected by PowerShell: UTF-16LE; io_bytes in KiB, latencies in µs, no
 * bw_bytes; psync with iodepth=4, which fio capped at 1 */
static void
test_fio_old_utf16 (void)
{
  g_autoptr (GPtrArray) results = import_fixture ("fio-2.2-utf16.json", 1);
  DynoResult *r = result_at (results, 0);
  const DynoPhaseRun *run = fio_run (r, "rnd-read:4k:q1:t1", 0);
  gsize length;
  g_autofree char *data = read_fixture ("fio-2.2-utf16.json", &length);

  g_assert_cmpint (dyno_import_detect (data, length), ==, DYNO_IMPORT_FIO_JSON);
  g_assert_cmpstr (dyno_result_get_tool (r), ==, "fio 2.2.10");
  g_assert_cmpuint (run->amount, ==, 25000 * 4096);
  g_assert_cmpfloat (run->rate, ==, 10000 * 1024);
  assert_close (run->latency.mean, 398.75e-6, 1e-12);
  assert_close (run->latency.p50, 350e-6, 1e-12);
  assert_close (run->latency.max, 25000e-6, 1e-12);
  g_assert_cmpint (run->direct, ==, 0);
  g_assert_cmpstr (run->engine, ==, "fio");
  assert_contains (dyno_result_get_notes (r), "asked for iodepth=4 with the synchronous psync "
                                              "engine, which fio caps at 1");
  assert_contains (dyno_result_get_notes (r), "fio printed: “note: both iodepth >= 1");
  g_assert_cmpint (dyno_result_get_config (r)->queue_cache, ==, DYNO_CACHE_EVICT);
}

static char *
fio_variant (const char *from, const char *to)
{
  gsize length;
  g_autofree char *data = read_fixture ("fio-3.33-randread.json", &length);
  g_autoptr (GString) text = g_string_new (data);

  g_assert_cmpuint (g_string_replace (text, from, to, 1), ==, 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* fio's -1 (a figure it does not have) is no figure: shown as unknown, with a note, and the
 * rest of the file is kept. */
static void
test_fio_out_of_range (void)
{
  g_autofree char *text = fio_variant ("\"usr_cpu\" : ", "\"usr_cpu\" : -1, \"x\" : ");
  g_autoptr (GPtrArray) results = import_ok (text, strlen (text), DYNO_IMPORT_AUTO, "f.json");
  DynoResult *r = g_ptr_array_index (results, 0);

  assert_contains (dyno_result_get_notes (r), "fio's jobs[0].usr_cpu is out of range: shown as "
                                              "unknown");
}

static void
test_fio_reject (void)
{
  static const struct
  {
    const char *from;
    const char *to;
    const char *message;
  } cases[] = {
    { "\"bw_bytes\" : 1966047232", "\"bw_bytes\" : \"fast\"",
      "“f.json”: jobs[0].read: “bw_bytes”: expected a number, found a string" },
    { "\"error\" : 0", "\"error\" : 5", "job “randread-4k-q32” failed (fio's error 5)" },
    { "\"iodepth\" : \"32\"", "\"iodepth\" : \"many\"", "iodepth “many” is not a whole number" },
    { "\"iodepth\" : \"32\"", "\"iodepth\" : \"8192\"", "is beyond what Dyno records" },
    { "\"iodepth\" : \"32\"", "\"iodepth\" : \"32\", \"numjobs\" : \"1000\"",
      "ran numjobs=1000: Dyno records at most 256 threads" },
    { "\"iodepth\" : \"32\"", "\"iodepth\" : [32]", "option “iodepth”: expected a string" },
    { "\"jobs\" : [", "\"jobs\" : 3, \"x\" : [", "jobs: expected an array, found a number" },
    { "\"jobname\" : \"randread-4k-q32\",", "", "jobs[0]: a job without a “jobname”" },
    { "\"runtime\" : 60001,", "\"runtime\" : 60001,,", "“f.json”: line 37: not valid JSON" },
    { "\"rw\" : \"randread\"", "\"rw\" : \"trim\"",
      "nothing Dyno can compare: every job was left out: job “randread-4k-q32” (rw=trim" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = fio_variant (cases[i].from, cases[i].to);
      g_autofree char *message = import_error (text, strlen (text), DYNO_IMPORT_AUTO, "f.json");

      assert_contains (message, cases[i].message);
    }

  {
    gsize length;
    g_autofree char *data = read_fixture ("fio-broken-nothing-left.json", &length);
    g_autofree char *message = import_error (data, length, DYNO_IMPORT_AUTO, NULL);

    g_assert_cmpstr (message, ==,
                     "nothing Dyno can compare: every job was left out: job “trim-only” "
                     "(rw=trim: Dyno has no trim test); job “varbs” (block sizes varied, and "
                     "Dyno's tests use one)");
  }
  {
    g_autoptr (GString) deep = g_string_new ("{\"fio version\" : \"fio-3.33\", \"jobs\" : ");
    g_autofree char *message = NULL;

    for (guint i = 0; i < 100000; i++)
      g_string_append_c (deep, '[');
    message = import_error (deep->str, deep->len, DYNO_IMPORT_AUTO, NULL);
    assert_contains (message, "line 1: fio's JSON nests 5 levels deep; this nests more than 64");
  }
  {
    const char *text = "{\"fio version\": \"fio-3.33\"}";
    g_autofree char *message = import_error (text, strlen (text), DYNO_IMPORT_AUTO, NULL);

    assert_contains (message, "no “jobs” or “client_stats”");
  }
}

/* ---- encodings ------------------------------------------------------------------------ */

static char *
to_utf16 (const char *text, gboolean big_endian, gboolean bom, gsize *length)
{
  glong n = 0;
  g_autofree gunichar2 *units = g_utf8_to_utf16 (text, -1, NULL, &n, NULL);
  GByteArray *bytes = g_byte_array_new ();

  if (bom)
    g_byte_array_append (bytes, (const guint8 *) (big_endian ? "\xfe\xff" : "\xff\xfe"), 2);
  for (glong i = 0; i < n; i++)
    {
      guint8 pair[2] = { units[i] & 0xff, units[i] >> 8 };

      if (big_endian)
        {
          guint8 t = pair[0];

          pair[0] = pair[1];
          pair[1] = t;
        }
      g_byte_array_append (bytes, pair, 2);
    }
  *length = bytes->len;
  return (char *) g_byte_array_free (bytes, FALSE);
}

/* UTF-16, either order, with or without a byte order mark, imports as UTF-8 does, for every
 * format; what is neither is refused with a message that says so. */
static void
test_utf16 (void)
{
  static const char *const fixtures[] = { "csv-1.03-variants.csv", "seed-003-bray-bonnie-msec.txt",
                                          "kdiskmark-3.1.txt" };

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    for (guint variant = 0; variant < 4; variant++)
      {
        gsize length;
        g_autofree char *data = read_fixture (fixtures[f], &length);
        g_autoptr (GPtrArray) plain = import_ok (data, length, DYNO_IMPORT_AUTO, fixtures[f]);
        g_autofree char *wide = to_utf16 (data, variant & 1, variant & 2, &length);
        g_autoptr (GPtrArray) decoded = import_ok (wide, length, DYNO_IMPORT_AUTO, fixtures[f]);

        g_assert_cmpuint (decoded->len, ==, plain->len);
        for (guint i = 0; i < plain->len; i++)
          {
            g_assert_cmpstr (dyno_result_get_label (result_at (decoded, i)), ==,
                             dyno_result_get_label (result_at (plain, i)));
            g_assert_cmpstr (dyno_result_get_source (result_at (decoded, i)), ==,
                             dyno_result_get_source (result_at (plain, i)));
          }
      }

  /* A character beyond the BMP (a surrogate pair) survives */
  {
    gsize length;
    g_autofree char *wide = to_utf16 ("[Read]\nSEQ 1MiB (Q= 8, T= 1): 1.000 MB/s\n"
                                      "Comment: disk \360\237\222\276 one\n",
                                      FALSE, TRUE, &length);
    g_autoptr (GPtrArray) results = import_ok (wide, length, DYNO_IMPORT_AUTO, NULL);

    g_assert_cmpstr (dyno_result_get_label (result_at (results, 0)), ==,
                     "disk \360\237\222\276 one");
  }
  /* Cut short, and a lone surrogate: named as UTF-16 errors, with the line */
  {
    g_autofree char *odd = import_error ("\xff\xfe[\0R\0e", 7, DYNO_IMPORT_AUTO, "x.txt");
    g_autofree char *odd_nobom = import_error ("a\0b\0c\0d\0e", 9, DYNO_IMPORT_AUTO, NULL);
    g_autofree char *lone = import_error ("\xff\xfe" "a\0\n\0b\0\n\0\x00\xd8" "c\0", 14,
                                          DYNO_IMPORT_AUTO, "x.txt");
    g_autofree char *low = import_error ("\xfe\xff\0a\xdc\x00", 6, DYNO_IMPORT_AUTO, NULL);

    assert_contains (odd, "“x.txt”: the input starts with a UTF-16LE byte order mark but has an "
                          "odd number of bytes (7)");
    assert_contains (odd_nobom, "looks like UTF-16LE text (every other byte is NUL) but has an "
                                "odd number of bytes (9)");
    g_assert_cmpstr (lone, ==,
                     "“x.txt”: line 3: not valid UTF-16LE text: a high surrogate (0xD800) without "
                     "a low one after it");
    assert_contains (low, "line 1: not valid UTF-16BE text: a low surrogate (0xDC00)");
  }
  /* Binary: NULs, but not UTF-16's pattern */
  {
    static const char binary[] = "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0";
    g_autofree char *message = import_error (binary, sizeof binary - 1, DYNO_IMPORT_AUTO, NULL);

    assert_contains (message, "line 1: found a NUL byte, so this is neither UTF-8 nor UTF-16 text");
  }
  /* CRLF, a lone CR and LF count lines alike in UTF-16 too */
  {
    gsize length;
    g_autofree char *wide = to_utf16 ("[Read]\r\n\rSEQ 1MiB (Q= 8, T= 1): x MB/s\n", FALSE, TRUE,
                                      &length);
    g_autofree char *message = import_error (wide, length, DYNO_IMPORT_AUTO, NULL);

    assert_contains (message, "line 3: expected a test result");
  }
}

/* ---- names, detection, comparison ----------------------------------------------------- */

static void
test_formats_new (void)
{
  static const struct
  {
    const char *fixture;
    DynoImportFormat format;
  } cases[] = {
    { "crystaldiskmark-3.0.3.txt", DYNO_IMPORT_CDM_TEXT },
    { "crystaldiskmark-6.0.2.txt", DYNO_IMPORT_CDM_TEXT },
    { "crystaldiskmark-8.0.4-default.txt", DYNO_IMPORT_CDM_TEXT },
    { "crystaldiskmark-blog-two-reports.md", DYNO_IMPORT_CDM_TEXT },
    { "kdiskmark-2.2.0-hdd.txt", DYNO_IMPORT_KDM_TEXT },
    { "fio-json+-multi-job.json", DYNO_IMPORT_FIO_JSON },
    { "fio-client-server.json", DYNO_IMPORT_FIO_JSON },
    { "seed-003-bray-bonnie-msec.txt", DYNO_IMPORT_BONNIE_TEXT },
  };
  static const char *const names[] = { "crystaldiskmark", "kdiskmark", "fio-json" };
  DynoImportFormat format;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length;
      g_autofree char *data = read_fixture (cases[i].fixture, &length);

      g_assert_cmpint (dyno_import_detect (data, length), ==, cases[i].format);
    }
  /* Dyno's JSON is not fio's, and fio's first key tells */
  g_assert_cmpint (detect_string ("{\"format\": \"dyno-result\"}"), ==,
                   DYNO_IMPORT_DYNO_JSON);
  g_assert_cmpint (detect_string ("note: hi\n{\n  \"fio version\" : \"x\"}"), ==,
                   DYNO_IMPORT_FIO_JSON);
  g_assert_cmpint (detect_string ("note: hi\n{\n  \"format\" : \"x\"}"), ==,
                   DYNO_IMPORT_AUTO);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (dyno_import_format_from_string (names[i], &format));
      g_assert_cmpstr (dyno_import_format_to_string (format), ==, names[i]);
    }
  g_assert_true (dyno_import_format_from_string ("CDM", &format));
  g_assert_cmpint (format, ==, DYNO_IMPORT_CDM_TEXT);
  g_assert_true (dyno_import_format_from_string ("kdm", &format));
  g_assert_cmpint (format, ==, DYNO_IMPORT_KDM_TEXT);
  g_assert_true (dyno_import_format_from_string ("fio", &format));
  g_assert_cmpint (format, ==, DYNO_IMPORT_FIO_JSON);

  /* A forced format reads what it is told */
  {
    gsize length;
    g_autofree char *fio = read_fixture ("fio-3.33-randread.json", &length);
    g_autofree char *as_dyno = import_error (fio, length, DYNO_IMPORT_DYNO_JSON, NULL);
    g_autofree char *as_cdm = import_error (fio, length, DYNO_IMPORT_CDM_TEXT, NULL);
    g_autofree char *cdm = read_fixture ("crystaldiskmark-3.0.3.txt", &length);
    g_autofree char *as_fio = import_error (cdm, length, DYNO_IMPORT_FIO_JSON, NULL);
    g_autoptr (GPtrArray) as_kdm = import_ok (cdm, length, DYNO_IMPORT_KDM_TEXT, NULL);

    assert_contains (as_dyno, "not valid JSON");
    assert_contains (as_cdm, "no runs found: expected a CrystalDiskMark or KDiskMark text export");
    assert_contains (as_fio, "expected fio's JSON output");
    /* its header says which tool wrote it */
    g_assert_cmpstr (dyno_result_get_tool (result_at (as_kdm, 0)), ==, "CrystalDiskMark 3.0.3");
  }
  /* A file on disk goes through the same readers */
  {
    g_autofree char *path = fixture_path ("fio-3.33-randread.json");
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) results = dyno_import_file (path, DYNO_IMPORT_AUTO, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (results->len, ==, 1);
    g_assert_cmpstr (dyno_result_get_tool (result_at (results, 0)), ==, "fio 3.33");
    g_assert_null (dyno_result_get_path (result_at (results, 0)));
  }
}

/* A Dyno run of CrystalDiskMark's Default profile lines up, phase by phase, with an imported
 * CrystalDiskMark run of it: the phases are the same interned pointers. */
static void
test_compare_cdm_with_dyno (void)
{
  g_autoptr (GPtrArray) imported = import_fixture ("crystaldiskmark-8.0.4-default.txt", 1);
  DynoResult *cdm = result_at (imported, 0);
  DynoTargetResult *cdm_target = dyno_result_get_target (cdm, 0);
  g_autoptr (DynoResult) dyno = dyno_result_new ();
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GPtrArray) profile = dyno_profile_get_phases (dyno_profile_lookup ("default"), FALSE,
                                                           0);
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  g_autoptr (GPtrArray) phases = NULL;
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/mnt/ssd"));

  dyno_config_set_phases (config, profile);
  dyno_result_set_config (dyno, config);
  dyno_result_set_label (dyno, "dyno");
  dyno_result_set_tool (dyno, "dyno 0.1.0");
  for (guint i = 0; i < profile->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (profile, i);
      DynoPhaseResult *mine = dyno_phase_result_new (phase);
      const DynoPhaseRun *theirs = queued_run (cdm, dyno_phase_get_key (phase));

      for (guint repeat = 0; repeat < 3; repeat++)
        {
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = repeat;
          run.elapsed = 5;
          run.rate = theirs->rate * (0.5 + 0.001 * repeat);
          run.amount = (guint64) (run.rate * 5);
          run.ios = run.amount / phase->params.block_size;
          run.threads = phase->params.threads;
          dyno_phase_result_add_run (mine, &run);
        }
      g_ptr_array_add (target->phases, mine);
    }
  dyno_result_add_target (dyno, target);

  dyno_comparison_add (comparison, cdm, 0);
  dyno_comparison_add (comparison, dyno, 0);
  dyno_comparison_set_baseline (comparison, 0);
  phases = dyno_comparison_get_phases (comparison);
  /* no phase of one that the other lacks: eight, not sixteen */
  g_assert_cmpuint (phases->len, ==, cdm_target->phases->len);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      DynoCompareCell base;
      DynoCompareCell cell;

      dyno_comparison_get_cell (comparison, 0, phase, &base);
      dyno_comparison_get_cell (comparison, 1, phase, &cell);
      g_assert_true (base.present && cell.present);
      g_assert_cmpint (base.difference, ==, DYNO_DIFFERENCE_BASELINE);
      assert_close (cell.ratio, 0.501, 1e-9);
      /* CrystalDiskMark kept one figure per test: the gap cannot be weighed against noise */
      g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SINGLE_SAMPLE);
      g_assert_cmpuint (base.n, ==, 1);
      g_assert_cmpuint (cell.n, ==, 3);
    }
}

/* The broken fixtures: each refused as a whole, with what was expected and where */
static void
test_broken_fixtures (void)
{
  static const struct
  {
    const char *fixture;
    const char *message;
  } cases[] = {
    { "crystaldiskmark-broken-figure.txt",
      "“crystaldiskmark-broken-figure.txt”: line 5: expected a test result such as" },
    { "kdiskmark-broken-date.txt",
      "“kdiskmark-broken-date.txt”: line 27: expected a date and time such as" },
    { "fio-broken-type.json",
      "“fio-broken-type.json”: jobs[0].read: “total_ios”: expected a number, found a string" },
    { "fio-broken-nothing-left.json", "nothing Dyno can compare: every job was left out" },
    { "utf16-broken-surrogate.txt",
      "“utf16-broken-surrogate.txt”: line 5: not valid UTF-16LE text: a high surrogate (0xD83D)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length;
      g_autofree char *data = read_fixture (cases[i].fixture, &length);
      g_autofree char *message = import_error (data, length, DYNO_IMPORT_AUTO, cases[i].fixture);
      g_autofree char *path = fixture_path (cases[i].fixture);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) results = dyno_import_file (path, DYNO_IMPORT_AUTO, &error);

      assert_contains (message, cases[i].message);
      /* the same from the file */
      g_assert_null (results);
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
      g_assert_cmpstr (error->message, ==, message);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/import/seed/002-bonnie++-1.03c-blog", test_seed_002);
  g_test_add_func ("/import/seed/003-bonnie-msec", test_seed_003);
  g_test_add_func ("/import/sample/1.03c", test_sample_103);
  g_test_add_func ("/import/sample/2.00a", test_sample_200);
  g_test_add_func ("/import/csv/1.03-variants", test_csv_103_variants);
  g_test_add_func ("/import/csv/1.9x", test_csv_19x);
  g_test_add_func ("/import/csv/1.98", test_csv_198);
  g_test_add_func ("/import/csv/misaligned-header", test_csv_misaligned_header);
  g_test_add_func ("/import/csv/no-source-name", test_csv_no_source_name);
  g_test_add_func ("/import/round-trip/one", test_round_trip);
  g_test_add_func ("/import/round-trip/repeats", test_round_trip_repeats);
  g_test_add_func ("/import/text/1.96-forum", test_text_196_forum);
  g_test_add_func ("/import/text/1.97-fast", test_text_197_fast);
  g_test_add_func ("/import/text/then-csv", test_text_then_csv);
  g_test_add_func ("/import/text/2.00a-garbage", test_text_200_garbage);
  g_test_add_func ("/import/text/2.00a-fast", test_text_200_fast);
  g_test_add_func ("/import/text/csv2txt", test_text_csv2txt);
  g_test_add_func ("/import/text/mangled", test_text_mangled);
  g_test_add_func ("/import/text/several-runs", test_text_several_runs);
  g_test_add_func ("/import/text/no-version", test_text_no_version);
  g_test_add_func ("/import/bonnie/ksec", test_bonnie_ksec);
  g_test_add_func ("/import/bonnie/64", test_bonnie_64);
  g_test_add_func ("/import/json/delegate", test_json);
  g_test_add_func ("/import/json/errors-named", test_json_errors_named);
  g_test_add_func ("/import/detect", test_detect);
  g_test_add_func ("/import/format-names", test_format_names);
  g_test_add_func ("/import/forced-format", test_forced_format);
  g_test_add_func ("/import/file", test_file);
  g_test_add_func ("/import/reject/field-counts", test_reject_field_counts);
  g_test_add_func ("/import/reject/fields", test_reject_fields);
  g_test_add_func ("/import/reject/latency", test_reject_latency);
  g_test_add_func ("/import/reject/nul", test_reject_nul);
  g_test_add_func ("/import/reject/empty", test_reject_empty);
  g_test_add_func ("/import/reject/lone-header", test_reject_lone_header);
  g_test_add_func ("/import/reject/unknown", test_reject_unknown);
  g_test_add_func ("/import/reject/garbage", test_reject_garbage);
  g_test_add_func ("/import/reject/too-large", test_reject_too_large);
  g_test_add_func ("/import/reject/long-line", test_reject_long_line);
  g_test_add_func ("/import/reject/all-or-nothing", test_reject_all_or_nothing);
  g_test_add_func ("/import/reject/text", test_reject_text);
  g_test_add_func ("/import/reject/fuzz-crashes", test_fuzz_crashes);
  g_test_add_func ("/import/real-bonnie++", test_real_bonniepp);
  g_test_add_func ("/import/crystaldiskmark/3.x", test_cdm_3);
  g_test_add_func ("/import/crystaldiskmark/5.x-double-bom", test_cdm_5_double_bom);
  g_test_add_func ("/import/crystaldiskmark/6.x-utf16", test_cdm_6);
  g_test_add_func ("/import/crystaldiskmark/7.x-mix", test_cdm_7_mix);
  g_test_add_func ("/import/crystaldiskmark/8.x-default", test_cdm_8_default);
  g_test_add_func ("/import/crystaldiskmark/8.x-nvme-mix", test_cdm_8_nvme_mix);
  g_test_add_func ("/import/crystaldiskmark/8.x-stopped", test_cdm_8_stopped);
  g_test_add_func ("/import/crystaldiskmark/blog", test_cdm_blog);
  g_test_add_func ("/import/kdiskmark/3.1", test_kdm_31);
  g_test_add_func ("/import/kdiskmark/3.2-peak", test_kdm_32_peak);
  g_test_add_func ("/import/kdiskmark/2.2", test_kdm_22);
  g_test_add_func ("/import/diskmark/reject", test_diskmark_reject);
  g_test_add_func ("/import/diskmark/all-or-nothing", test_diskmark_all_or_nothing);
  g_test_add_func ("/import/fio/randread", test_fio_randread);
  g_test_add_func ("/import/fio/json+", test_fio_json_plus);
  g_test_add_func ("/import/fio/client-server", test_fio_client_server);
  g_test_add_func ("/import/fio/2.x-utf16", test_fio_old_utf16);
  g_test_add_func ("/import/fio/reject", test_fio_reject);
  g_test_add_func ("/import/fio/out-of-range", test_fio_out_of_range);
  g_test_add_func ("/import/utf16", test_utf16);
  g_test_add_func ("/import/formats-new", test_formats_new);
  g_test_add_func ("/import/compare-crystaldiskmark-with-dyno", test_compare_cdm_with_dyno);
  g_test_add_func ("/import/broken-fixtures", test_broken_fixtures);

  return g_test_run ();
}
