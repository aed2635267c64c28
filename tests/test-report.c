/* test-report.c: the bonnie++ 1.98 CSV field by field, the text table, and Debian's readers
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-grid.h"
#include "dyno-report.h"
#include "dyno-test-util.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)
#define MIB (G_GUINT64_CONSTANT (1) << 20)

/* ---- building results ----------------------------------------------------------------- */

typedef struct
{
  const char *id; /* phase key */
  double rate; /* B/s or ops/s; NAN with too_fast */
  double cpu;
  gboolean too_fast;
  double p99;
  double max; /* seconds */
} PhaseFigures;

/* Figures chosen so that each CSV rule shows: B/s that truncate to a known KiB/s, a seek
 * rate ≥ 1000, too-fast file phases, latencies in each of bonnie++'s three forms. */
static const PhaseFigures full_figures[] = {
  { "putc", 648 * 1024 + 700, 97.6, FALSE, 0.030, 0.0536 },
  { "write", 475266.0 * 1024 + 1000, 74.9, FALSE, 0.004, 0.006916 },
  { "rewrite", 694360.0 * 1024 + 500, 62.0, FALSE, 0.010, 0.12367 },
  { "getc", 539 * 1024, 93.0, FALSE, 0.020, 150.5 },
  { "read", 3266122.0 * 1024, 99.5, FALSE, NAN, NAN },
  { "seeks", 9806.4, 45.2, FALSE, 0.008, 0.099999 },
  { "seq_create", NAN, NAN, TRUE, 0.001, 0.005106 },
  { "seq_stat", 3489.7, 10.9, FALSE, 0.001, 0.004076 },
  { "seq_delete", 108.2, 0.4, FALSE, 0.001, 0.001657 },
  { "rand_create", 111.0, 0.0, FALSE, 0.002, 0.006055 },
  { "rand_stat", NAN, NAN, TRUE, 0.001, 0.002786 },
  { "rand_delete", 110.9, 0.0, FALSE, 0.002, 0.005465 },
};

static void
add_run (DynoTargetResult *target, const PhaseFigures *f, guint repeat, double factor)
{
  DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, PHASE (f->id));
  DynoPhaseRun run;

  dyno_phase_run_init (&run);
  run.repeat = repeat;
  run.too_fast = f->too_fast;
  run.rate = f->too_fast ? NAN : f->rate * factor;
  run.cpu_percent = f->cpu;
  run.elapsed = f->too_fast ? 0.2 : 10.0;
  run.latency.p99 = f->p99;
  run.latency.max = f->max;
  run.cache_resident
      = dyno_phase_has_flag (PHASE (f->id), DYNO_PHASE_READS_DATA) ? 0.001 * repeat : NAN;
  dyno_phase_result_add_run (phase, &run);

  /* The phase's latency is over all operations of all runs. */
  phase->latency.p99 = f->p99;
  if (isnan (phase->latency.max) || f->max > phase->latency.max)
    phase->latency.max = f->max;
}

/* A target with every phase of full_figures for each repeat; repeat r runs at (1 + r/100). */
static DynoTargetResult *
make_target (const char *path, guint repeats)
{
  DynoTargetInfo *info = dyno_target_info_new (path);
  DynoTargetResult *target;

  info->fs_type = g_strdup ("ext4");
  info->device = g_strdup ("nvme0n1");
  info->rotational = DYNO_TRISTATE_NO;
  target = dyno_target_result_new (info);
  for (guint r = 0; r < repeats; r++)
    for (guint i = 0; i < G_N_ELEMENTS (full_figures); i++)
      add_run (target, &full_figures[i], r, 1.0 + r / 100.0);
  return target;
}

static DynoResult *
make_result (const char *label, DynoConfig *config)
{
  DynoResult *result = dyno_result_new ();

  if (config->seed == 0)
    config->seed = 12345;
  dyno_result_set_config (result, config);
  dyno_result_set_label (result, label);
  return result;
}

static DynoResult *
make_full_result (const char *label, guint repeats)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  DynoResult *result;

  config->size = GIB;
  config->repeat = repeats;
  result = make_result (label, config);
  dyno_result_add_target (result, make_target ("/mnt/ssd", repeats));
  return result;
}

static char **
split_fields (const char *line)
{
  char **fields = g_strsplit (line, ",", -1);

  g_assert_cmpuint (g_strv_length (fields), ==, 50);
  return fields;
}

static char *
csv_line (DynoResult *result, guint target, guint repeat)
{
  char *line = dyno_report_csv_line (result, target, repeat);

  g_assert_nonnull (line);
  g_assert_null (strchr (line, '\n'));
  return line;
}

/* ---- units ---------------------------------------------------------------------------- */

static void
test_units (void)
{
  DynoRateUnit unit = DYNO_RATE_UNIT_KIB;

  g_assert_cmpfloat (dyno_rate_unit_scale (DYNO_RATE_UNIT_MB), ==, 1e6);
  g_assert_cmpfloat (dyno_rate_unit_scale (DYNO_RATE_UNIT_MIB), ==, 1048576);
  g_assert_cmpfloat (dyno_rate_unit_scale (DYNO_RATE_UNIT_KIB), ==, 1024);
  g_assert_cmpstr (dyno_rate_unit_label (DYNO_RATE_UNIT_MB), ==, "MB/s");
  g_assert_cmpstr (dyno_rate_unit_label (DYNO_RATE_UNIT_MIB), ==, "MiB/s");
  g_assert_cmpstr (dyno_rate_unit_label (DYNO_RATE_UNIT_KIB), ==, "K/sec");

  g_assert_true (dyno_rate_unit_from_string ("MB", &unit));
  g_assert_cmpint (unit, ==, DYNO_RATE_UNIT_MB);
  g_assert_true (dyno_rate_unit_from_string ("mib", &unit));
  g_assert_cmpint (unit, ==, DYNO_RATE_UNIT_MIB);
  g_assert_true (dyno_rate_unit_from_string ("KiB", &unit));
  g_assert_cmpint (unit, ==, DYNO_RATE_UNIT_KIB);
  /* A refused name leaves the output alone. */
  g_assert_false (dyno_rate_unit_from_string ("kb", &unit));
  g_assert_false (dyno_rate_unit_from_string ("", &unit));
  g_assert_false (dyno_rate_unit_from_string ("mbx", &unit));
  g_assert_cmpint (unit, ==, DYNO_RATE_UNIT_KIB);
}

/* ---- CSV ------------------------------------------------------------------------------ */

static void
test_csv_fields (void)
{
  g_autoptr (DynoResult) result = make_full_result ("vm", 1);
  g_autofree char *line = csv_line (result, 0, 0);
  g_auto (GStrv) f = split_fields (line);

  g_assert_cmpstr (f[0], ==, "1.98");
  g_assert_cmpstr (f[1], ==, "dyno-" PACKAGE_VERSION);
  g_assert_cmpstr (f[2], ==, "vm");
  g_assert_cmpstr (f[3], ==, "1");
  g_assert_cmpstr (f[4], ==, "12345");
  g_assert_cmpstr (f[5], ==, "1G");
  g_assert_cmpstr (f[6], ==, ""); /* default chunk */
  g_assert_cmpstr (f[7], ==, "8192");
  g_assert_cmpstr (f[8], ==, "5");
  /* KiB/s truncated, %CPU truncated */
  g_assert_cmpstr (f[9], ==, "648");
  g_assert_cmpstr (f[10], ==, "97");
  g_assert_cmpstr (f[11], ==, "475266");
  g_assert_cmpstr (f[12], ==, "74");
  g_assert_cmpstr (f[13], ==, "694360");
  g_assert_cmpstr (f[15], ==, "539");
  g_assert_cmpstr (f[17], ==, "3266122");
  g_assert_cmpstr (f[18], ==, "99");
  /* seeks ≥ 1000: no decimals */
  g_assert_cmpstr (f[19], ==, "9806");
  g_assert_cmpstr (f[20], ==, "45");
  /* -n 16, empty files, one directory */
  g_assert_cmpstr (f[21], ==, "16");
  for (guint i = 22; i <= 25; i++)
    g_assert_cmpstr (f[i], ==, "");
  g_assert_cmpstr (f[26], ==, "+++++");
  g_assert_cmpstr (f[27], ==, "+++");
  g_assert_cmpstr (f[28], ==, "3489");
  g_assert_cmpstr (f[29], ==, "10");
  g_assert_cmpstr (f[30], ==, "108");
  g_assert_cmpstr (f[31], ==, "0");
  g_assert_cmpstr (f[34], ==, "+++++");
  g_assert_cmpstr (f[35], ==, "+++");
  g_assert_cmpstr (f[36], ==, "110");
  /* latencies: the max, in bonnie++'s us/ms/s forms */
  g_assert_cmpstr (f[38], ==, "53600us");
  g_assert_cmpstr (f[39], ==, "6916us");
  g_assert_cmpstr (f[40], ==, "123ms");
  g_assert_cmpstr (f[41], ==, "150s");
  g_assert_cmpstr (f[42], ==, ""); /* unknown */
  g_assert_cmpstr (f[43], ==, "99999us");
  /* a too-fast phase still reports its latency, as bonnie++ does */
  g_assert_cmpstr (f[44], ==, "5106us");
  g_assert_cmpstr (f[49], ==, "5465us");
}

static void
test_csv_sizes (void)
{
  static const struct
  {
    guint64 size;
    guint64 chunk;
    const char *file_size;
    const char *chunk_field;
  } cases[] = {
    { 2 * GIB, 8192, "2G", "" },
    { 300 * MIB, 65536, "300M", "64k" },
    { 512 * MIB, 1024 * 1024, "512M", "1m" },
    { 3 * GIB / 2, 4096, "1536M", "4k" },
    { 100000000, 512, "95M", "512" },  /* 95.37 MiB rounds to 95 */
    { 1000, 8192, "1M", "" },          /* never 0M for a file */
    { 1024 * GIB, 8192, "1024G", "" }, /* bonnie++'s "MG" stops at G */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DynoConfig) config = dyno_config_new ();
      g_autoptr (DynoResult) result = NULL;
      g_autofree char *line = NULL;
      g_auto (GStrv) f = NULL;

      config->size = cases[i].size;
      config->chunk = cases[i].chunk;
      dyno_config_set_uint (config, "seeks", 1000);
      dyno_config_set_uint (config, "seekers", 20);
      result = make_result ("x", config);
      dyno_result_add_target (result, make_target ("/t", 1));
      line = csv_line (result, 0, 0);
      f = split_fields (line);
      g_assert_cmpstr (f[5], ==, cases[i].file_size);
      g_assert_cmpstr (f[6], ==, cases[i].chunk_field);
      g_assert_cmpstr (f[7], ==, "1000");
      g_assert_cmpstr (f[8], ==, "20");
    }
}

static void
test_csv_files_spec (void)
{
  static const struct
  {
    gint64 max;
    gint64 min;
    guint dirs;
    const char *fields[4]; /* max_size, min_size, file_chunk_size, num_dirs */
  } cases[] = {
    { 65536, 1024, 4, { "65536", "1024", "", "4" } },
    { 4096, 0, 1, { "4096", "", "", "" } },
    { DYNO_FILES_LINK, 0, 1, { "link", "", "", "" } },
    { DYNO_FILES_SYMLINK, 0, 8, { "symlink", "", "", "8" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DynoConfig) config = dyno_config_new ();
      g_autoptr (DynoResult) result = NULL;
      g_autofree char *line = NULL;
      g_auto (GStrv) f = NULL;

      dyno_config_get_files (config)->num = 4;
      dyno_config_get_files (config)->max = cases[i].max;
      dyno_config_get_files (config)->min = cases[i].min;
      dyno_config_get_files (config)->dirs = cases[i].dirs;
      result = make_result ("x", config);
      dyno_result_add_target (result, make_target ("/t", 1));
      line = csv_line (result, 0, 0);
      f = split_fields (line);
      g_assert_cmpstr (f[21], ==, "4");
      for (guint j = 0; j < 4; j++)
        g_assert_cmpstr (f[22 + j], ==, cases[i].fields[j]);
    }
}

static void
test_csv_skipped (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoResult) result = NULL;
  DynoTargetResult *target;
  g_autofree char *line = NULL;
  g_auto (GStrv) f = NULL;

  /* Per-char skipped, the rest of the I/O tests and no file tests; a slow seek rate. */
  dyno_config_select (config, "write,rewrite,read,seeks", NULL);
  config->seed = 0;
  result = make_result ("disk, fast\nnew", config);
  config->seed = 0; /* unknown: make_result() had set one */
  dyno_result_set_config (result, config);
  target = dyno_target_result_new (dyno_target_info_new ("/t"));
  for (guint i = 0; i < G_N_ELEMENTS (full_figures); i++)
    {
      PhaseFigures fig = full_figures[i];

      if (!dyno_config_has_phase (config, PHASE (fig.id)))
        continue;
      if (g_str_equal (fig.id, "seeks"))
        fig.rate = 65.84;
      add_run (target, &fig, 0, 1.0);
    }
  dyno_result_add_target (result, target);

  line = csv_line (result, 0, 0);
  f = split_fields (line);
  /* the comma became ';', the newline a space */
  g_assert_cmpstr (f[2], ==, "disk; fast new");
  g_assert_cmpstr (f[4], ==, "");
  g_assert_cmpstr (f[9], ==, "");
  g_assert_cmpstr (f[10], ==, "");
  g_assert_cmpstr (f[11], ==, "475266");
  g_assert_cmpstr (f[15], ==, "");
  g_assert_cmpstr (f[16], ==, "");
  g_assert_cmpstr (f[19], ==, "65.8");
  for (guint i = 21; i <= 37; i++)
    g_assert_cmpstr (f[i], ==, "");
  g_assert_cmpstr (f[38], ==, "");
  g_assert_cmpstr (f[39], ==, "6916us");
  g_assert_cmpstr (f[41], ==, "");
  for (guint i = 44; i <= 49; i++)
    g_assert_cmpstr (f[i], ==, "");
}

static void
test_csv_files_only (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoResult) result = NULL;
  DynoTargetResult *target;
  g_autofree char *line = NULL;
  g_auto (GStrv) f = NULL;

  dyno_config_select (config, "files", NULL);
  result = make_result ("files", config);
  target = dyno_target_result_new (dyno_target_info_new ("/t"));
  for (guint i = 6; i < G_N_ELEMENTS (full_figures); i++)
    add_run (target, &full_figures[i], 0, 1.0);
  dyno_result_add_target (result, target);

  line = csv_line (result, 0, 0);
  f = split_fields (line);
  /* bonnie++ -s 0: the 16 fields after the seed are empty */
  for (guint i = 5; i <= 20; i++)
    g_assert_cmpstr (f[i], ==, "");
  g_assert_cmpstr (f[21], ==, "16");
  g_assert_cmpstr (f[28], ==, "3489");
  for (guint i = 38; i <= 43; i++)
    g_assert_cmpstr (f[i], ==, "");
  g_assert_cmpstr (f[45], ==, "4076us");
}

/* A locale's decimal comma must not reach the CSV: "65,8" would be two fields. */
static void
test_csv_locale (void)
{
  static const char *const locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "de_DE.utf8", "fr_FR" };
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autoptr (DynoResult) result = make_full_result ("vm", 1);
  DynoPhaseResult *seeks;
  g_autofree char *line = NULL;
  g_auto (GStrv) f = NULL;
  gboolean comma = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (locales) && !comma; i++)
    comma = setlocale (LC_NUMERIC, locales[i]) != NULL
            && g_str_equal (localeconv ()->decimal_point, ",");
  if (!comma)
    {
      setlocale (LC_NUMERIC, saved);
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }

  seeks = dyno_target_result_find_phase (dyno_result_get_target (result, 0), "seeks");
  g_array_index (seeks->runs, DynoPhaseRun, 0).rate = 65.84;
  line = csv_line (result, 0, 0);
  setlocale (LC_NUMERIC, saved);
  f = split_fields (line);
  g_assert_cmpstr (f[19], ==, "65.8");
}

/* Two targets, three repeats; the second target lost its block read in repeat 1. A third
 * target failed in its block write, keeping only the per-char write. */
static DynoResult *
make_repeat_result (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  DynoResult *result;
  DynoTargetResult *second;
  DynoTargetResult *failed;
  DynoPhaseResult *read;

  config->size = 2 * GIB;
  config->repeat = 3;
  result = make_result ("ssd", config);
  dyno_result_add_target (result, make_target ("/mnt/a", 3));

  second = make_target ("/mnt/b", 3);
  read = dyno_target_result_find_phase (second, "read");
  g_array_remove_index (read->runs, 1);
  dyno_phase_result_summarize (read);
  dyno_result_add_target (result, second);

  failed = dyno_target_result_new (dyno_target_info_new ("/mnt/full"));
  add_run (failed, &full_figures[0], 0, 1.0);
  dyno_target_result_ensure_phase (failed, PHASE ("write"));
  failed->error_message = g_strdup ("No space left on device");
  failed->error_phase = PHASE ("write");
  dyno_result_add_target (result, failed);
  return result;
}

static void
test_csv_repeats (void)
{
  g_autoptr (DynoResult) result = make_repeat_result ();
  g_autofree char *csv = dyno_report_csv (result, TRUE);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_auto (GStrv) header = NULL;
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  /* header + 3 + 3 + 1 (the failed target measured one repeat), then "" after the last \n */
  g_assert_true (g_str_has_suffix (csv, "\n"));
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 3 + 3 + 1 + 1);
  g_assert_cmpstr (lines[8], ==, "");

  header = split_fields (lines[0]);
  g_assert_cmpstr (header[0], ==, "format_version");
  for (guint i = 0; i < 50; i++)
    {
      g_assert_cmpstr (header[i], !=, "");
      g_assert_false (g_hash_table_contains (names, header[i]));
      g_hash_table_add (names, header[i]);
    }
  /* the names 2.00a forgets or swaps, at the positions of the data */
  g_assert_cmpstr (header[7], ==, "num_seeks");
  g_assert_cmpstr (header[8], ==, "seek_proc_count");
  g_assert_cmpstr (header[9], ==, "putc");
  g_assert_cmpstr (header[11], ==, "put_block");
  g_assert_cmpstr (header[19], ==, "seeks");
  g_assert_cmpstr (header[24], ==, "file_chunk_size");
  g_assert_cmpstr (header[25], ==, "num_dirs");
  g_assert_cmpstr (header[26], ==, "seq_create");
  g_assert_cmpstr (header[38], ==, "putc_latency");
  g_assert_cmpstr (header[49], ==, "ran_del_latency");

  for (guint l = 1; l <= 7; l++)
    {
      g_auto (GStrv) f = split_fields (lines[l]);

      g_assert_cmpstr (f[0], ==, "1.98");
      g_assert_cmpstr (f[2], ==, "ssd");
      g_assert_cmpstr (f[5], ==, "2G");
    }

  /* each line has its own repeat's figures: 475266 KiB/s × (1 + r/100) */
  for (guint r = 0; r < 3; r++)
    {
      g_auto (GStrv) f = split_fields (lines[1 + r]);
      g_autofree char *expected
          = g_strdup_printf ("%" G_GUINT64_FORMAT,
                             (guint64) (full_figures[1].rate * (1.0 + r / 100.0) / 1024));

      g_assert_cmpstr (f[11], ==, expected);
    }
  {
    g_auto (GStrv) r1 = split_fields (lines[5]);
    g_auto (GStrv) r2 = split_fields (lines[6]);
    g_auto (GStrv) bad = split_fields (lines[7]);

    g_autofree char *read2 = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                              (guint64) (full_figures[4].rate * 1.02 / 1024));

    /* the second target has no block read in repeat 1, and repeat 2's in repeat 2 */
    g_assert_cmpstr (r1[17], ==, "");
    g_assert_cmpstr (r1[18], ==, "");
    g_assert_cmpstr (r1[11], !=, "");
    g_assert_cmpstr (r2[17], ==, read2);
    g_assert_cmpstr (r2[18], ==, "99");
    /* the failed target: per-char write only */
    g_assert_cmpstr (bad[9], ==, "648");
    g_assert_cmpstr (bad[11], ==, "");
    g_assert_cmpstr (bad[12], ==, "");
    g_assert_cmpstr (bad[38], ==, "53600us");
    g_assert_cmpstr (bad[39], ==, "");
  }

  /* without the header, the same lines */
  {
    g_autofree char *plain = dyno_report_csv (result, FALSE);

    g_assert_cmpstr (plain, ==, csv + strlen (lines[0]) + 1);
  }
}

/* ---- text ----------------------------------------------------------------------------- */

static int
find_line (char **lines, const char *prefix, int from)
{
  for (int i = from; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return i;
  return -1;
}

/* The three header lines and the rows after them all have the header's width, and each
 * %CPU figure ends where its "%CP" does. */
static void
assert_block_aligned (char **lines, int header, int n_rows)
{
  glong width = g_utf8_strlen (lines[header], -1);

  g_assert_cmpint (width, <=, 100);
  for (int i = header; i < header + 3 + n_rows; i++)
    {
      g_assert_nonnull (lines[i]);
      g_assert_cmpint (g_utf8_strlen (lines[i], -1), ==, width);
    }
  for (const char *p = lines[header + 2]; (p = strstr (p, "%CP")) != NULL; p += 3)
    {
      gsize end = p + 3 - lines[header + 2];
      char c = lines[header + 3][end - 1];

      g_assert_true (g_ascii_isdigit (c) || c == '+' || c == ' ');
      g_assert_cmpint (lines[header + 3][end], ==, end == (gsize) width ? '\0' : ' ');
    }
}

static void
test_text_table (void)
{
  g_autoptr (DynoResult) result = make_full_result ("bench-box", 1);
  g_autofree char *text = dyno_report_text (result, DYNO_RATE_UNIT_MB);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int io = find_line (lines, "dyno ", 0);
  int files;

  g_test_message ("%s", text);
  g_assert_cmpint (io, ==, 0);
  g_assert_nonnull (strstr (lines[io], "Sequential Output"));
  g_assert_true (g_str_has_prefix (lines[io + 2], "Name:Size etc"));
  g_assert_true (g_str_has_prefix (lines[io + 3], "bench-box"));
  g_assert_true (g_str_has_prefix (lines[io + 4], "Latency p99"));
  g_assert_true (g_str_has_prefix (lines[io + 5], "Latency max"));
  assert_block_aligned (lines, io, 3);

  /* 486673384 B/s in MB/s, seeks, latencies in the table's form */
  g_assert_nonnull (strstr (lines[io + 3], " 1G "));
  g_assert_nonnull (strstr (lines[io + 3], " 486.7  75 "));
  g_assert_nonnull (strstr (lines[io + 3], " 9806  45"));
  g_assert_nonnull (strstr (lines[io + 5], " 53.6ms "));
  g_assert_nonnull (strstr (lines[io + 5], " 6.92ms "));
  g_assert_nonnull (strstr (lines[io + 5], " 150s "));

  files = find_line (lines, "       ", io + 6);
  g_assert_cmpint (files, ==, io + 6);
  g_assert_nonnull (strstr (lines[files], "Sequential Create"));
  g_assert_true (g_str_has_prefix (lines[files + 2], "files "));
  assert_block_aligned (lines, files, 3);
  g_assert_true (g_str_has_prefix (lines[files + 3], "bench-box"));
  g_assert_nonnull (strstr (lines[files + 3], " 16    +++++ +++     3490  11 "));

  g_assert_nonnull (strstr (text, "\n+++++: the phase took less than 0.5 s, too fast to measure "
                                  "reliably; use a larger size or more files.\n"));
  g_assert_nonnull (strstr (text, "\nTarget: /mnt/ssd (ext4 on nvme0n1 (SSD))\n"));
  g_assert_nonnull (strstr (text, "\nCache: evict (resident before reads: 0.0 %)\n"));
  g_assert_nonnull (strstr (text, "\nPer-char: stdio, 1 GiB\n"));
  g_assert_null (strstr (text, "± 95%"));
  g_assert_null (strstr (text, "FAILED"));
}

static void
test_text_units (void)
{
  g_autoptr (DynoResult) result = make_full_result ("vm", 1);
  g_autofree char *mib = dyno_report_text (result, DYNO_RATE_UNIT_MIB);
  g_autofree char *kib = dyno_report_text (result, DYNO_RATE_UNIT_KIB);
  g_autofree char *kib_figure = g_strdup_printf (" %.0f ", full_figures[1].rate / 1024);

  g_assert_nonnull (strstr (mib, "   MiB/s %CP"));
  g_assert_nonnull (strstr (mib, " 464.1  75 "));
  g_assert_nonnull (strstr (kib, "   K/sec %CP"));
  g_assert_nonnull (strstr (kib, kib_figure));
  /* seeks are per second in every unit */
  g_assert_nonnull (strstr (kib, " 9806  45"));
}

static void
test_text_repeats (void)
{
  g_autoptr (DynoResult) result = make_repeat_result ();
  g_autofree char *text = dyno_report_text (result, DYNO_RATE_UNIT_MB);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  DynoPhaseResult *write
      = dyno_target_result_find_phase (dyno_result_get_target (result, 0), "write");
  g_autofree char *mean = g_strdup_printf (" %.1f ", write->rate.mean / 1e6);
  g_autofree char *half = g_strdup_printf (" %.1f ", write->rate.ci95 / 1e6);
  int io = find_line (lines, "dyno ", 0);
  int second;
  int failed;

  g_test_message ("%s", text);
  g_assert_cmpint (io, ==, 0);
  g_assert_true (g_str_has_prefix (lines[io + 3], "ssd"));
  g_assert_true (g_str_has_prefix (lines[io + 4], "± 95%"));
  assert_block_aligned (lines, io, 4);
  g_assert_nonnull (strstr (lines[io + 3], mean));
  /* The ± is the mean's 95 % interval, as in every other table, not the spread. */
  g_assert_nonnull (strstr (lines[io + 4], half));
  g_assert_cmpfloat (write->rate.ci95, >, write->rate.sd);
  /* "+++++" when every run was too fast, also over three runs */
  g_assert_nonnull (strstr (text, " +++++ +++ "));
  g_assert_nonnull (strstr (text, "Figures are the mean of 3 runs, ± the half-width of its 95 % "
                                  "interval."));
  g_assert_nonnull (strstr (text, "Cache: evict (resident before reads: 0.0 % to 0.2 %)"));

  /* one block per target, in order */
  second = find_line (lines, "dyno ", io + 1);
  g_assert_cmpint (second, >, io);
  second = find_line (lines, "dyno ", second + 1);
  g_assert_cmpint (second, >, io);
  g_assert_nonnull (strstr (text, "Target: /mnt/a ("));
  g_assert_nonnull (strstr (text, "Target: /mnt/b ("));
  g_assert_true (strstr (text, "Target: /mnt/a (") < strstr (text, "Target: /mnt/b ("));
  /* the second target's block read lost a repeat: said once, under its own table */
  g_assert_nonnull (strstr (text, "\nBlock read: the mean is of 2 runs of 3.\n"));
  g_assert_true (strstr (text, "Block read: the mean") > strstr (text, "Target: /mnt/a ("));
  g_assert_true (strstr (text, "Block read: the mean") < strstr (text, "Target: /mnt/b ("));
  g_assert_true (strstr (text, "Block read: the mean") == g_strrstr (text, "Block read: the mean"));

  /* the failed target: its table shows the per-char write, then the failure */
  failed = find_line (lines, "FAILED", 0);
  g_assert_cmpint (failed, >, second);
  g_assert_cmpstr (lines[failed], ==, "FAILED in phase write: No space left on device");
  assert_block_aligned (lines, second, 3);
  g_assert_nonnull (strstr (lines[second + 3], "    0.66  98 "));
  /* no file block for it */
  g_assert_cmpint (find_line (lines, "                    --", second + 3), ==, -1);
}

static void
test_text_notes (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoResult) result = NULL;
  DynoTargetResult *target;
  DynoPhaseResult *putc;
  g_autofree char *text = NULL;

  config->per_char = DYNO_PER_CHAR_SYSCALL;
  config->cache = DYNO_CACHE_NONE;
  result = make_result (NULL, config);
  {
    DynoSystemInfo *system = dyno_system_info_new ();

    system->hostname = g_strdup ("hosty");
    dyno_result_set_system (result, system);
  }
  target = make_target ("/data", 2);
  /* a phase too fast in one of two runs: shown, with a note */
  putc = dyno_target_result_find_phase (target, "putc");
  g_array_index (putc->runs, DynoPhaseRun, 1).too_fast = TRUE;
  dyno_phase_result_summarize (putc);
  putc->note = g_strdup ("buffered: per-char I/O cannot use O_DIRECT");
  g_ptr_array_add (target->warnings, g_strdup ("The page cache kept 40 % of the file."));
  dyno_result_add_target (result, target);

  text = dyno_report_text (result, DYNO_RATE_UNIT_MB);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\nhosty "));
  g_assert_nonnull (strstr (text, "Per-char write: 1 of 2 runs took less than 0.5 s and is left "
                                  "out of the mean.\n"));
  g_assert_nonnull (strstr (text, "\nPer-char: syscall, 3 MiB\n"));
  g_assert_nonnull (strstr (text, "\nCache: none (resident before reads: 0.0 % to 0.1 %)\n"));
  g_assert_nonnull (
      strstr (text, "\nPer-char write: buffered: per-char I/O cannot use O_DIRECT\n"));
  g_assert_nonnull (strstr (text, "\nWarning: The page cache kept 40 % of the file.\n"));
  /* the per-char write's mean is its one trusted run: 0.7 MB/s, no sd */
  g_assert_nonnull (strstr (text, "    0.66  98 "));
}

/* ---- Debian's bon_csv2txt and bon_csv2html -------------------------------------------- */

static int
run_tool (const char *tool, const char *input, char **out, char **err)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) proc = NULL;

  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                               | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                           &error, tool, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, input, NULL, out, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  return g_subprocess_get_exit_status (proc);
}

/* bon_csv2txt's convSpd(): how it shows a KiB/s figure. */
static char *
bon_speed (guint64 kib)
{
  double m = kib / 1024.0;

  if (kib < 10000)
    return g_strdup_printf ("%4dk", (int) kib);
  if (m < 1000)
    return m < 100 ? g_strdup_printf ("%4.1fm", m) : g_strdup_printf ("%4dm", (int) (m + 0.5));
  return g_strdup_printf ("%4.1fg", m / 1024);
}

/* A figure that may come from a cache below the target carries "†" in the table, as a figure
 * too fast to time carries "+++++", and a note under it with the same mark gives the reason.
 * The CSV keeps bonnie++'s columns of numbers. */
static void
test_text_cache_doubt (void)
{
  g_autoptr (DynoResult) result = make_full_result ("ssd", 1);
  DynoPhaseResult *read = dyno_target_result_find_phase (dyno_result_get_target (result, 0),
                                                         "read");
  g_autofree char *text = NULL;
  g_autofree char *csv = NULL;

  g_array_index (read->runs, DynoPhaseRun, 0).cache_doubt
      = g_intern_static_string ("may come from a cache below: the server of this nfs4 share");
  dyno_phase_result_summarize (read);
  text = dyno_report_text (result, DYNO_RATE_UNIT_MB);
  g_test_message ("%s", text);
  /* 3345 MB/s, its mark, and %CPU still in its column. */
  g_assert_nonnull (strstr (text, "    3345† 100 "));
  g_assert_nonnull (strstr (text, "\n† Block read: may come from a cache below: the server of "
                                  "this nfs4 share; it is not a figure of the disk.\n"));
  csv = dyno_report_csv (result, FALSE);
  g_assert_null (strstr (csv, "†"));
}

static void
test_bon_csv2txt (void)
{
  g_autofree char *tool = g_find_program_in_path ("bon_csv2txt");
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoResult) repeats = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *block = NULL;
  g_auto (GStrv) err_lines = NULL;
  g_auto (GStrv) rows = NULL;

  if (tool == NULL)
    {
      g_test_skip ("bon_csv2txt is not installed (Debian package bonnie++)");
      return;
    }

  result = make_full_result ("vm", 1);
  csv = dyno_report_csv (result, FALSE);
  g_assert_cmpint (run_tool (tool, csv, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_cmpstr (err, ==, "");
  block = bon_speed ((guint64) (full_figures[1].rate / 1024));
  g_assert_nonnull (strstr (out, "\nvm       1G::8192:5 "));
  g_assert_nonnull (strstr (out, block));
  g_assert_nonnull (strstr (out, " 9806  45\n"));
  g_assert_nonnull (strstr (out, "\nLatency             53600us    6916us     123ms      150s"));
  g_assert_nonnull (strstr (out, "\nvm               16 +++++ +++  3489  10 "));
  g_clear_pointer (&csv, g_free);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Several lines and a failed target; with the header bon_csv2txt complains
   * about that one line only, as it does with bonnie++ -x output, and goes on. */
  repeats = make_repeat_result ();
  csv = dyno_report_csv (repeats, TRUE);
  g_assert_cmpint (run_tool (tool, csv, &out, &err), ==, 0);
  err_lines = g_strsplit (err, "\n", -1);
  g_assert_cmpuint (g_strv_length (err_lines), ==, 2);
  g_assert_true (g_str_has_prefix (err_lines[0], "Expected 1.98, got format_version from "));
  g_assert_null (strstr (err, "got 1.98"));
  /* 7 I/O rows and 7 file rows (the failed target's is empty but for its "16") */
  rows = g_strsplit (out, "\nssd", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 7 + 7);
}

static void
test_bon_csv2html (void)
{
  g_autofree char *tool = g_find_program_in_path ("bon_csv2html");
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autofree char *csv = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *lower = NULL;
  g_auto (GStrv) rows = NULL;

  if (tool == NULL)
    {
      g_test_skip ("bon_csv2html is not installed (Debian package bonnie++)");
      return;
    }

  config->chunk = 65536;
  result = make_result ("vm", config);
  dyno_result_add_target (result, make_target ("/a", 3));
  dyno_result_add_target (result, make_target ("/b", 1));
  csv = dyno_report_csv (result, TRUE);

  g_assert_cmpint (run_tool (tool, csv, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_assert_null (strstr (err, "Can't process"));
  lower = g_ascii_strdown (out, -1);
  g_assert_nonnull (strstr (lower, "<table"));
  g_assert_nonnull (strstr (out, ">vm</td>"));
  /* the block write in its MiB/s, and the chunk column our CSV fills */
  g_assert_nonnull (strstr (out, ">464</td>"));
  g_assert_nonnull (strstr (out, ">64k</td>"));
  g_assert_nonnull (strstr (out, ">53600us</td>"));
  /* one pair of rows per CSV line */
  rows = g_strsplit (out, ">vm</td>", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 4);
}

/* The drive grid's words: the mean said as such with its interval to two significant digits,
 * the best run, each unit KDiskMark offers. */
static void
test_grid_figures (void)
{
  const DynoPhase *phase = dyno_phase_lookup ("seq-read:1m:q8:t1");
  g_autoptr (DynoPhaseResult) result = dyno_phase_result_new (phase);
  const double rates[] = { 1000e6, 1100e6, 1200e6 };
  DynoGridFigures f;
  struct
  {
    DynoGridUnit unit;
    const char *figure;
    const char *kind;
    const char *best;
    const char *detail;
  } expect[] = {
    { DYNO_GRID_UNIT_RATE, "1100.00", "mean ± 250", "best 1200.00", "1100 IOPS · 247 µs" },
    { DYNO_GRID_UNIT_GB, "1.100", "mean ± 0.25", "best 1.200", "1100 IOPS · 247 µs" },
    { DYNO_GRID_UNIT_IOPS, "1100.00", "mean ± 250", "best 1200.00", "1100 MB/s · 247 µs" },
    { DYNO_GRID_UNIT_LATENCY, "246.97", "mean", "best 200.00", "1100 MB/s · 1100 IOPS" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    {
      DynoPhaseRun run;

      dyno_phase_run_init (&run);
      run.repeat = i;
      run.rate = rates[i];
      run.elapsed = 5;
      run.iops = rates[i] / 1e6;
      run.ios = (guint64) (run.iops * 5);
      run.latency.count = run.ios;
      run.latency.mean = (300 - 50 * i) * 1e-6;
      dyno_phase_result_add_run (result, &run);
    }
  dyno_grid_figures_from_result (&f, result);
  g_assert_false (dyno_grid_figures_empty (&f));
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      g_autofree char *figure = dyno_grid_format_figure (&f, expect[i].unit, DYNO_RATE_UNIT_MB);
      g_autofree char *kind = dyno_grid_format_kind (&f, expect[i].unit, DYNO_RATE_UNIT_MB);
      g_autofree char *best = dyno_grid_format_best (&f, expect[i].unit, DYNO_RATE_UNIT_MB);
      g_autofree char *detail = dyno_grid_format_detail (&f, expect[i].unit, DYNO_RATE_UNIT_MB);

      g_assert_cmpstr (figure, ==, expect[i].figure);
      g_assert_cmpstr (kind, ==, expect[i].kind);
      g_assert_cmpstr (best, ==, expect[i].best);
      g_assert_cmpstr (detail, ==, expect[i].detail);
    }

  /* Two significant digits, never finer than the figure. */
  {
    g_autofree char *a = dyno_grid_format_interval (1511.89, 2);
    g_autofree char *b = dyno_grid_format_interval (12.345, 2);
    g_autofree char *c = dyno_grid_format_interval (0.3456, 2);
    g_autofree char *d = dyno_grid_format_interval (0.01511, 3);
    g_autofree char *e = dyno_grid_format_interval (0.001234, 2);

    g_assert_cmpstr (a, ==, "± 1500");
    g_assert_cmpstr (b, ==, "± 12");
    g_assert_cmpstr (c, ==, "± 0.35");
    g_assert_cmpstr (d, ==, "± 0.015");
    g_assert_cmpstr (e, ==, "± 0.00");
    g_assert_null (dyno_grid_format_interval (NAN, 2));
  }

  /* Units by name, as dyno-cli takes them. */
  {
    DynoGridUnit unit;

    g_assert_true (dyno_grid_unit_from_string ("IOPS", &unit));
    g_assert_cmpint (unit, ==, DYNO_GRID_UNIT_IOPS);
    g_assert_true (dyno_grid_unit_from_string ("us", &unit));
    g_assert_cmpint (unit, ==, DYNO_GRID_UNIT_LATENCY);
    g_assert_false (dyno_grid_unit_from_string ("furlongs", &unit));
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report/units", test_units);
  g_test_add_func ("/report/csv/fields", test_csv_fields);
  g_test_add_func ("/report/csv/sizes", test_csv_sizes);
  g_test_add_func ("/report/csv/files-spec", test_csv_files_spec);
  g_test_add_func ("/report/csv/skipped", test_csv_skipped);
  g_test_add_func ("/report/csv/files-only", test_csv_files_only);
  g_test_add_func ("/report/csv/locale", test_csv_locale);
  g_test_add_func ("/report/csv/repeats", test_csv_repeats);
  g_test_add_func ("/report/text/table", test_text_table);
  g_test_add_func ("/report/text/units", test_text_units);
  g_test_add_func ("/report/text/repeats", test_text_repeats);
  g_test_add_func ("/report/text/notes", test_text_notes);
  g_test_add_func ("/report/text/cache-doubt", test_text_cache_doubt);
  g_test_add_func ("/report/bon-csv2txt", test_bon_csv2txt);
  g_test_add_func ("/report/bon-csv2html", test_bon_csv2html);
  g_test_add_func ("/report/grid-figures", test_grid_figures);
  return g_test_run ();
}
