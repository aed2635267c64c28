/* test-compare.c: comparisons of runs: ratios, noise, names and the five formats
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dyno-compare.h"
#include "dyno-import.h"
#include "dyno-test-util.h"

#define MB 1e6
#define MIB (1024.0 * 1024.0)

/* ---- synthetic results ---------------------------------------------------------------- */

typedef struct
{
  const char *phase; /* key */
  double rates[4]; /* B/s or ops/s, one per repeat; 0 ends the list; < 0 is a too-fast run */
} PhaseSpec;

static DynoTargetResult *
make_target (const char *path, const PhaseSpec *specs, guint n_specs)
{
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new (path));

  for (guint i = 0; i < n_specs; i++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, PHASE (specs[i].phase));

      for (guint r = 0; r < G_N_ELEMENTS (specs[i].rates) && specs[i].rates[r] != 0; r++)
        {
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = r;
          run.too_fast = specs[i].rates[r] < 0;
          run.rate = fabs (specs[i].rates[r]);
          run.cpu_percent = 10 + r;
          run.latency.max = 0.01 * (r + 1);
          dyno_phase_result_add_run (phase, &run);
        }
      phase->latency.p99 = 0.002;
      phase->latency.max = 0.05;
    }
  return target;
}

static DynoResult *
make_result (const char *label, const char *host, const PhaseSpec *specs, guint n_specs)
{
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();

  system->hostname = g_strdup (host);
  dyno_result_set_system (result, system);
  dyno_result_set_label (result, label);
  dyno_result_add_target (result, make_target ("/mnt/test", specs, n_specs));
  return result;
}

static DynoResult *
make_simple (const char *label, double write, double read)
{
  const PhaseSpec specs[] = {
    { "write", { write } },
    { "read", { read } },
  };

  return make_result (label, "host", specs, G_N_ELEMENTS (specs));
}

static DynoComparison *
compare_results (DynoResult *first, ...)
{
  DynoComparison *comparison = dyno_comparison_new ();
  va_list args;

  va_start (args, first);
  for (DynoResult *r = first; r != NULL; r = va_arg (args, DynoResult *))
    {
      dyno_comparison_add_result (comparison, r);
      g_object_unref (r);
    }
  va_end (args);
  return comparison;
}

/* One session over two folders, their repeats interleaved: the targets of one result. */
static DynoResult *
make_session (const PhaseSpec *specs_a, const PhaseSpec *specs_b, guint n_specs)
{
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();

  system->hostname = g_strdup ("h");
  dyno_result_set_system (result, system);
  dyno_result_set_label (result, "session");
  dyno_result_add_target (result, make_target ("/mnt/plain", specs_a, n_specs));
  dyno_result_add_target (result, make_target ("/mnt/enc", specs_b, n_specs));
  return result;
}

/* The CPU seconds each run of a phase took (it moved 1 GB): Dyno's threads, the FUSE daemon
 * and the whole machine; NULL or NAN where not measured. */
static void
set_cpu (DynoResult   *result,
         guint         target,
         const char   *key,
         const double *own,
         const double *helper,
         const double *machine)
{
  DynoPhaseResult *phase = dyno_target_result_find_phase (dyno_result_get_target (result, target),
                                                          key);

  for (guint i = 0; i < phase->runs->len; i++)
    {
      DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, i);

      run->amount = 1000000000;
      run->cpu_seconds = own[i];
      run->helper_cpu_seconds = helper != NULL ? helper[i] : NAN;
      run->machine_cpu_seconds = machine != NULL ? machine[i] : NAN;
    }
}

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "import", name, NULL);
}

/* Bray's FileVault table, NoFV first: the comparison the format exists for. */
static DynoComparison *
seed_003 (void)
{
  g_autofree char *path = fixture_path ("seed-003-bray-bonnie-msec.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = dyno_import_file (path, DYNO_IMPORT_AUTO, &error);
  DynoComparison *comparison = dyno_comparison_new ();

  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 4);
  for (guint i = 0; i < results->len; i++)
    dyno_comparison_add_result (comparison, g_ptr_array_index (results, i));
  return comparison;
}

static void
assert_contains (const char *haystack, const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("expected “%s” in:\n%s", needle, haystack);
}

static guint
count (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}


/* ---- verdicts ------------------------------------------------------------------------- */

/* Three answers from constructed intervals: a difference when ×1 is left out; no difference
 * larger than the margin when the interval lies within it; inconclusive otherwise, as the
 * walk-through's −89 % to +15 % and −24 % to +595 % were ("no difference Dyno can measure"). */
static void
test_verdict_three_way (void)
{
  const double m = DYNO_COMPARE_DEFAULT_EQUIVALENCE;
  DynoCompareCell cell = { .present = TRUE, .n = 3, .equivalence = m,
                           .difference = DYNO_DIFFERENCE_WITHIN_NOISE };
  g_autofree char *words = NULL;
  g_autofree char *same = NULL;

  g_assert_cmpint (dyno_verdict_from_interval (0.5, 0.9, m), ==, DYNO_VERDICT_SLOWER);
  g_assert_cmpint (dyno_verdict_from_interval (1.1, 2.0, m), ==, DYNO_VERDICT_FASTER);
  /* A difference stays one however small: 2 % slower, surely. */
  g_assert_cmpint (dyno_verdict_from_interval (0.97, 0.99, m), ==, DYNO_VERDICT_SLOWER);
  g_assert_cmpint (dyno_verdict_from_interval (0.97, 1.03, m), ==, DYNO_VERDICT_EQUIVALENT);
  g_assert_cmpint (dyno_verdict_from_interval (0.11, 1.15, m), ==, DYNO_VERDICT_INCONCLUSIVE);
  g_assert_cmpint (dyno_verdict_from_interval (0.76, 6.95, m), ==, DYNO_VERDICT_INCONCLUSIVE);
  /* Wider than ±10 % and holding ×1: inconclusive under the default margin and under 10 %. */
  g_assert_cmpint (dyno_verdict_from_interval (0.85, 1.12, m), ==, DYNO_VERDICT_INCONCLUSIVE);
  g_assert_cmpint (dyno_verdict_from_interval (0.85, 1.12, 0.10), ==, DYNO_VERDICT_INCONCLUSIVE);
  /* The bound: [1/(1 + m), 1 + m], neither side more than 5 % faster than the other. */
  g_assert_cmpint (dyno_verdict_from_interval (1 / 1.05, 1.05, m), ==, DYNO_VERDICT_EQUIVALENT);
  g_assert_cmpint (dyno_verdict_from_interval (0.95, 1.02, m), ==, DYNO_VERDICT_INCONCLUSIVE);
  g_assert_cmpint (dyno_verdict_from_interval (0.98, 1.051, m), ==, DYNO_VERDICT_INCONCLUSIVE);
  g_assert_cmpint (dyno_verdict_from_interval (0.95, 1.02, 0.10), ==, DYNO_VERDICT_EQUIVALENT);
  /* No interval, no verdict. */
  g_assert_cmpint (dyno_verdict_from_interval (NAN, 1.2, m), ==, DYNO_VERDICT_NONE);
  g_assert_cmpint (dyno_verdict_from_interval (0, 1.2, m), ==, DYNO_VERDICT_NONE);

  /* Choosing the other side as the baseline turns [lo, hi] into [1/hi, 1/lo]: slower and
   * faster swap, and the rest never changes, at the margin's edges too. */
  for (double lo = 0.80; lo < 1.2; lo += 0.0125)
    for (double hi = lo; hi < 1.25; hi += 0.0125)
      {
        DynoVerdict v = dyno_verdict_from_interval (lo, hi, m);
        DynoVerdict flipped = dyno_verdict_from_interval (1 / hi, 1 / lo, m);

        if (v == DYNO_VERDICT_SLOWER)
          g_assert_cmpint (flipped, ==, DYNO_VERDICT_FASTER);
        else if (v == DYNO_VERDICT_FASTER)
          g_assert_cmpint (flipped, ==, DYNO_VERDICT_SLOWER);
        else
          g_assert_cmpint (flipped, ==, v);
      }

  /* In words: inconclusive says so, with its interval and real minus signs. */
  cell.ratio = 0.4;
  cell.ratio_low = 0.11;
  cell.ratio_high = 1.15;
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_INCONCLUSIVE);
  words = dyno_compare_cell_describe_verdict (&cell);
  g_assert_cmpstr (words, ==, "inconclusive: needs more repeats (\u221289 to +15 %)");
  g_assert_cmpstr (dyno_verdict_to_string (DYNO_VERDICT_INCONCLUSIVE), ==, "inconclusive");
  cell.ratio = 0.99;
  cell.ratio_low = 0.975;
  cell.ratio_high = 1.004;
  same = dyno_compare_cell_describe_verdict (&cell);
  g_assert_cmpstr (same, ==, "no difference larger than 5 % (\u22122.5 to +0.4 %)");
  g_assert_cmpstr (dyno_verdict_to_string (DYNO_VERDICT_EQUIVALENT), ==, "equivalent");
  g_assert_cmpstr (dyno_verdict_to_string (DYNO_VERDICT_SLOWER), ==, "slower");
  g_assert_cmpstr (dyno_verdict_to_string (DYNO_VERDICT_FASTER), ==, "faster");
  g_assert_null (dyno_verdict_to_string (DYNO_VERDICT_NONE));
}

/* The margin is the comparison's: the same cell is equivalent within ±5 % and inconclusive
 * within ±1 %, in the cell, its words, the tables and the JSON. */
static void
test_equivalence_margin (void)
{
  const PhaseSpec a[] = { { "write", { 100 * MB, 101 * MB, 99 * MB } } };
  const PhaseSpec b[] = { { "write", { 100.5 * MB, 99.5 * MB, 101.2 * MB } } };
  g_autoptr (DynoComparison) c = compare_results (make_result ("a", "h", a, 1),
                                                  make_result ("b", "h", b, 1), NULL);
  g_autofree char *wide = NULL;
  g_autofree char *narrow = NULL;
  g_autofree char *json = NULL;
  DynoCompareCell cell;

  g_assert_cmpfloat (dyno_comparison_get_equivalence (c), ==, 0.05);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpfloat (cell.equivalence, ==, 0.05);
  g_assert_cmpfloat (cell.ratio_low, >, 1 / 1.05);
  g_assert_cmpfloat (cell.ratio_high, <, 1.05);
  g_assert_cmpfloat (cell.ratio_low, <, 0.99);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_EQUIVALENT);
  wide = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  assert_contains (wide, "≈: no difference larger than 5 %");

  dyno_comparison_set_equivalence (c, 0.01);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_INCONCLUSIVE);
  narrow = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  assert_contains (narrow, "?: inconclusive: the ratio’s 95 % interval holds ×1 and reaches past "
                           "±1 %");
  json = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_JSON, DYNO_RATE_UNIT_MB);
  assert_contains (json, "\"equivalence\" : 0.01");
  assert_contains (json, "\"verdict\" : \"inconclusive\"");
}

/* Choosing the other side as the baseline turns each paired ratio r with [lo, hi] into 1/r
 * with [1/hi, 1/lo] (the rounds' log ratios negated), slower into faster, and so the typical
 * change too; from both sides' spreads (Welch) the same. */
static void
test_baseline_flip (void)
{
  const PhaseSpec plain[] = {
    { "write", { 100 * MB, 400 * MB, 1600 * MB } },
    { "read", { 300 * MB, 290 * MB, 310 * MB } },
    { "seeks", { 900, 1000, 950 } },
  };
  const PhaseSpec enc[] = {
    { "write", { 12.5 * MB * 1.03, 50 * MB * 0.97, 200 * MB * 1.01 } },
    { "read", { 200 * MB, 205 * MB, 199 * MB } },
    { "seeks", { 880, 1010, 940 } },
  };
  const char *const keys[] = { "write", "read", "seeks" };

  for (guint apart = 0; apart < 2; apart++)
    {
      g_autoptr (DynoComparison) c
          = apart ? compare_results (make_result ("plain", "h", plain, 3),
                                     make_result ("enc", "h", enc, 3), NULL)
                  : compare_results (make_session (plain, enc, 3), NULL);
      DynoCompareCell forward[G_N_ELEMENTS (keys)];
      DynoCompareCell typical, back_typical;

      g_assert_cmpuint (dyno_comparison_get_baseline (c), ==, 0);
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          dyno_comparison_get_cell (c, 1, PHASE (keys[i]), &forward[i]);
          g_assert_cmpint (forward[i].paired, ==, !apart);
        }
      g_assert_true (dyno_comparison_get_typical (c, 1, &typical, NULL));

      dyno_comparison_set_baseline (c, 1);
      g_assert_true (dyno_comparison_get_baseline_chosen (c));
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          DynoCompareCell back;
          DynoVerdict v = dyno_compare_cell_get_verdict (&forward[i]);
          DynoVerdict w;

          dyno_comparison_get_cell (c, 0, PHASE (keys[i]), &back);
          w = dyno_compare_cell_get_verdict (&back);
          g_assert_cmpint (back.paired, ==, forward[i].paired);
          g_assert_cmpfloat_with_epsilon (back.ratio * forward[i].ratio, 1, 1e-12);
          g_assert_cmpfloat_with_epsilon (back.ratio_low * forward[i].ratio_high, 1, 1e-12);
          g_assert_cmpfloat_with_epsilon (back.ratio_high * forward[i].ratio_low, 1, 1e-12);
          g_assert_cmpint (back.difference, ==, forward[i].difference);
          if (v == DYNO_VERDICT_SLOWER)
            g_assert_cmpint (w, ==, DYNO_VERDICT_FASTER);
          else if (v == DYNO_VERDICT_FASTER)
            g_assert_cmpint (w, ==, DYNO_VERDICT_SLOWER);
          else
            g_assert_cmpint (w, ==, v);
        }
      /* Paired, the write phase is 8× slower and read slower too, in both directions. */
      if (!apart)
        {
          g_assert_cmpint (dyno_compare_cell_get_verdict (&forward[0]), ==, DYNO_VERDICT_SLOWER);
          g_assert_cmpint (dyno_compare_cell_get_verdict (&forward[1]), ==, DYNO_VERDICT_SLOWER);
        }
      g_assert_true (dyno_comparison_get_typical (c, 0, &back_typical, NULL));
      g_assert_cmpfloat_with_epsilon (back_typical.ratio * typical.ratio, 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (back_typical.ratio_low * typical.ratio_high, 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (back_typical.ratio_high * typical.ratio_low, 1, 1e-12);
      g_assert_false (dyno_comparison_get_typical (c, 1, &back_typical, NULL));
    }
}

/* The encrypted folder given first is measured against the plain one, and so is a remote
 * machine's against the local; a caller's choice wins; imports keep the first. */
static void
test_automatic_baseline (void)
{
  const PhaseSpec plain[] = {
    { "write", { 400 * MB, 404 * MB, 396 * MB } },
    { "read", { 500 * MB, 505 * MB, 495 * MB } },
  };
  const PhaseSpec enc[] = {
    { "write", { 36 * MB, 37 * MB, 35 * MB } },
    { "read", { 300 * MB, 303 * MB, 297 * MB } },
  };
  DynoResult *session = make_session (enc, plain, 2);
  DynoTargetResult *first = dyno_result_get_target (session, 0);
  DynoCryptoLayer *layer = dyno_crypto_layer_new ("gocryptfs");
  g_autoptr (DynoComparison) c = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *typical = NULL;
  g_autofree char *paired = NULL;
  g_autofree char *versus = NULL;
  DynoCompareCell cell;

  /* /mnt/plain is encrypted here: make_session names the first folder so. */
  g_ptr_array_add (first->info->encryption, g_strdup ("gocryptfs (FUSE)"));
  g_ptr_array_add (first->info->crypto, layer);
  c = compare_results (session, NULL);
  dyno_comparison_name_by_folder (c);
  g_assert_cmpstr (dyno_comparison_get_name (c, 0), ==, "plain");
  g_assert_cmpstr (dyno_comparison_get_name (c, 1), ==, "enc");
  g_assert_cmpuint (dyno_comparison_get_baseline (c), ==, 1);
  g_assert_false (dyno_comparison_get_baseline_chosen (c));
  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_SLOWER);
  versus = dyno_comparison_describe_versus (c, 0);
  g_assert_cmpstr (versus, ==, "plain vs enc (baseline)");
  summary = dyno_comparison_describe_summary (c, 0);
  assert_contains (summary, "plain (encrypted with gocryptfs) is 91 % slower at block write, "
                            "40 % slower at block read");
  g_assert_null (dyno_comparison_describe_summary (c, 1));
  typical = dyno_comparison_describe_typical (c, 0);
  assert_contains (typical, "plain (encrypted with gocryptfs) is typically ");
  assert_contains (typical, "% slower than enc (");
  assert_contains (typical, "the geometric mean of block write and block read.");
  paired = dyno_comparison_format_paired (c, DYNO_RATE_UNIT_MB);
  assert_contains (paired, "plain vs enc (baseline)\nplain (encrypted with gocryptfs) is "
                           "typically");
  g_assert_null (strstr (paired, "faster"));

  /* A person's choice wins. */
  dyno_comparison_set_baseline (c, 0);
  g_assert_cmpuint (dyno_comparison_get_baseline (c), ==, 0);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_FASTER);

  /* A remote machine given first is measured against the local one; two plain folders and
   * imports (which know neither) keep the first. */
  {
    DynoResult *remote = make_result ("srv", "srv", plain, 2);
    DynoResult *local = make_result ("lap", "lap", enc, 2);
    g_autoptr (DynoComparison) two = NULL;
    g_autoptr (DynoComparison) plain_two = compare_results (make_result ("a", "h", plain, 2),
                                                            make_result ("b", "h", enc, 2),
                                                            NULL);

    dyno_result_set_remote (remote, "root@srv");
    two = compare_results (remote, local, NULL);
    g_assert_cmpuint (dyno_comparison_get_baseline (two), ==, 1);
    g_assert_cmpuint (dyno_comparison_get_baseline (plain_two), ==, 0);
  }
}

/* The one answer first: the geometric mean of the key phases' ratios (rewrite left out), its
 * interval from the rounds, and its verdict by the same rule. */
static void
test_typical (void)
{
  const PhaseSpec plain[] = {
    { "write", { 400 * MB, 800 * MB, 600 * MB } },
    { "rewrite", { 200 * MB, 400 * MB, 300 * MB } },
    { "read", { 500 * MB, 1000 * MB, 750 * MB } },
    { "seeks", { 1000, 2000, 1500 } },
  };
  /* Each round ×0.25 at write, ×0.5 at read, ×1.0 at seeks (×0.1 at rewrite, left out),
   * within a percent. */
  const PhaseSpec enc[] = {
    { "write", { 100 * MB * 1.01, 200 * MB * 0.99, 150 * MB } },
    { "rewrite", { 20 * MB, 40 * MB, 30 * MB } },
    { "read", { 250 * MB, 500 * MB * 1.01, 375 * MB * 0.99 } },
    { "seeks", { 1000 * 0.99, 2000, 1500 * 1.01 } },
  };
  const PhaseSpec same_a[] = { { "write", { 100 * MB, 200 * MB, 150 * MB } },
                               { "read", { 100 * MB, 200 * MB, 150 * MB } } };
  const PhaseSpec same_b[] = { { "write", { 101 * MB, 199 * MB, 151 * MB } },
                               { "read", { 99 * MB, 201 * MB, 150 * MB } } };
  const PhaseSpec wild_b[] = { { "write", { 50 * MB, 300 * MB, 150 * MB } },
                               { "read", { 150 * MB, 120 * MB, 160 * MB } } };
  g_autoptr (DynoComparison) c = compare_results (make_session (plain, enc, 4), NULL);
  g_autoptr (GPtrArray) used = NULL;
  g_autofree char *text = NULL;
  DynoCompareCell cell;

  dyno_comparison_name_by_folder (c);
  g_assert_true (dyno_comparison_get_typical (c, 1, &cell, &used));
  g_assert_cmpuint (used->len, ==, 3);
  g_assert_true (g_ptr_array_find (used, PHASE ("write"), NULL));
  g_assert_true (g_ptr_array_find (used, PHASE ("read"), NULL));
  g_assert_true (g_ptr_array_find (used, PHASE ("seeks"), NULL));
  g_assert_false (g_ptr_array_find (used, PHASE ("rewrite"), NULL));
  g_assert_true (cell.paired);
  g_assert_cmpuint (cell.n, ==, 3);
  g_assert_cmpfloat_with_epsilon (cell.ratio, cbrt (0.25 * 0.5 * 1.0), 0.005);
  g_assert_cmpfloat (cell.ratio_low, <=, cell.ratio);
  g_assert_cmpfloat (cell.ratio, <=, cell.ratio_high);
  g_assert_cmpfloat (cell.ratio_high, <, 1);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_SLOWER);
  /* Paired, it is exactly the geometric mean of the phases' ratios shown beside it. */
  {
    double sum = 0;

    for (guint i = 0; i < used->len; i++)
      {
        DynoCompareCell phase;

        dyno_comparison_get_cell (c, 1, g_ptr_array_index (used, i), &phase);
        sum += log (phase.ratio);
      }
    g_assert_cmpfloat_with_epsilon (cell.ratio, exp (sum / used->len), 1e-12);
  }
  text = dyno_comparison_describe_typical (c, 1);
  /* ∛(0.25 × 0.5 × 1) = 0.5 */
  assert_contains (text, "enc is typically 50 % slower than plain (");
  assert_contains (text, "the geometric mean of block write, block read and random seeks.");
  g_assert_null (dyno_comparison_describe_typical (c, 0));

  /* Equivalent and inconclusive by the same rule. */
  {
    g_autoptr (DynoComparison) same = compare_results (make_session (same_a, same_b, 2), NULL);
    g_autoptr (DynoComparison) wild = compare_results (make_session (same_a, wild_b, 2), NULL);
    g_autofree char *same_text = NULL;
    g_autofree char *wild_text = NULL;

    dyno_comparison_name_by_folder (same);
    dyno_comparison_name_by_folder (wild);
    g_assert_true (dyno_comparison_get_typical (same, 1, &cell, NULL));
    g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_EQUIVALENT);
    same_text = dyno_comparison_describe_typical (same, 1);
    assert_contains (same_text, "enc and plain: typically no difference larger than 5 % (");
    g_assert_true (dyno_comparison_get_typical (wild, 1, &cell, NULL));
    g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_INCONCLUSIVE);
    wild_text = dyno_comparison_describe_typical (wild, 1);
    assert_contains (wild_text, "enc against plain: inconclusive, needs more repeats: the typical "
                                "change runs from \u2212");
  }
}

/* ---- arithmetic ----------------------------------------------------------------------- */

static void
test_ratios (void)
{
  g_autoptr (DynoComparison) c = compare_results (make_simple ("a", 400 * MB, 500 * MB),
                                                  make_simple ("b", 100 * MB, 550 * MB), NULL);
  DynoCompareCell cell;

  g_assert_cmpuint (dyno_comparison_get_n_entries (c), ==, 2);
  g_assert_cmpuint (dyno_comparison_get_baseline (c), ==, 0);
  {
    g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (c);

    g_assert_cmpuint (phases->len, ==, 2);
    g_assert_true (g_ptr_array_index (phases, 0) == PHASE ("write"));
    g_assert_true (g_ptr_array_index (phases, 1) == PHASE ("read"));
  }

  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_true (cell.present);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_BASELINE);
  g_assert_cmpfloat (cell.ratio, ==, 1.0);
  g_assert_cmpfloat (cell.rate, ==, 400 * MB);
  g_assert_cmpuint (cell.n, ==, 1);
  g_assert_true (isnan (cell.rate_sd));
  g_assert_cmpfloat (cell.cpu_percent, ==, 10);
  g_assert_cmpfloat (cell.latency_p99, ==, 0.002);
  g_assert_cmpfloat (cell.latency_max, ==, 0.05);

  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 0.25, 1e-12);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SINGLE_SAMPLE);
  dyno_comparison_get_cell (c, 1, PHASE ("read"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 1.1, 1e-12);

  /* The other way round: every ratio inverts, and the new baseline reads ×1. */
  dyno_comparison_set_baseline (c, 1);
  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 4.0, 1e-12);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SINGLE_SAMPLE);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_BASELINE);
  g_assert_cmpfloat (cell.ratio, ==, 1.0);
}

static void
test_noise (void)
{
  const PhaseSpec base[] = { { "write", { 100 * MB, 101 * MB, 99 * MB } } };
  const PhaseSpec same[] = { { "write", { 100.5 * MB, 99.5 * MB, 100.2 * MB } } };
  const PhaseSpec faster[] = { { "write", { 150 * MB, 151 * MB, 149 * MB } } };
  const PhaseSpec once[] = { { "write", { 150 * MB } } };
  g_autoptr (DynoComparison) c = compare_results (make_result ("base", "h", base, 1),
                                                  make_result ("same", "h", same, 1),
                                                  make_result ("faster", "h", faster, 1),
                                                  make_result ("once", "h", once, 1), NULL);
  DynoCompareCell cell;
  g_autofree char *text = NULL;
  g_autofree char *md = NULL;

  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_cmpuint (cell.n, ==, 3);
  g_assert_cmpfloat_with_epsilon (cell.rate, 100 * MB, 1);
  g_assert_cmpfloat_with_epsilon (cell.rate_sd, 1 * MB, 1);
  g_assert_true (cell.rate_ci95 > cell.rate_sd);

  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_WITHIN_NOISE);
  dyno_comparison_get_cell (c, 2, PHASE ("write"), &cell);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SIGNIFICANT);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 1.5, 1e-9);
  dyno_comparison_get_cell (c, 3, PHASE ("write"), &cell);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SINGLE_SAMPLE);

  /* A mix: "≈" marks no difference larger than 5 %, "?" the single run, and the legend says
   * what both mean. */
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_EQUIVALENT);
  text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  assert_contains (text, "×1.00 ≈");
  assert_contains (text, "×1.50 ?");
  assert_contains (text, "≈: no difference larger than 5 %");
  assert_contains (text, "?: a single run");
  g_assert_null (strstr (text, "inconclusive"));
  md = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_MARKDOWN, DYNO_RATE_UNIT_MB);
  assert_contains (md, "| faster | 150.0 (×1.50) |");
  assert_contains (md, "| same | 100.1 (×1.00 ≈) |");
}

/* Interleaved rounds: enc is 8× slower than plain in every round, while both drift ×16 from
 * round to round (as the first pass on fresh blocks is slower). Each side's spread hides the
 * gap; the rounds' pairs, of one session, do not. */
static void
test_paired (void)
{
  const PhaseSpec plain[] = { { "write", { 100 * MB, 400 * MB, 1600 * MB } } };
  const PhaseSpec enc[] = { { "write", { 12.5 * MB, 50 * MB, 200 * MB } } };
  const PhaseSpec noisy[] = { { "write", { 12.5 * MB * 1.03, 50 * MB * 0.97, 200 * MB * 1.01 } } };
  g_autoptr (DynoComparison) c = compare_results (make_session (plain, enc, 1), NULL);
  DynoResult *session = dyno_comparison_get_result (c, 0);
  DynoPhaseResult *mine = dyno_target_result_find_phase (dyno_result_get_target (session, 1),
                                                         "write");
  DynoPhaseResult *base = dyno_target_result_find_phase (dyno_result_get_target (session, 0),
                                                         "write");
  g_autofree char *paired = NULL;
  g_autofree char *json = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *cell_json;
  DynoCompareCell cell;
  double low, high;

  g_assert_cmpuint (dyno_comparison_get_n_entries (c), ==, 2);

  /* Today's bug, kept as the reason: from both sides' means and spreads the interval holds 1. */
  g_assert_true (dyno_stats_ratio_ci95 (&mine->rate, &base->rate, &low, &high));
  g_assert_cmpfloat (low, <, 1);
  g_assert_cmpfloat (high, >, 1);

  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_true (cell.paired);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 0.125, 1e-9);
  g_assert_cmpfloat (cell.ratio_low, <=, cell.ratio);
  g_assert_cmpfloat (cell.ratio, <=, cell.ratio_high);
  g_assert_cmpfloat (cell.ratio_high, <, 1);
  g_assert_cmpfloat (cell.ratio_high / cell.ratio_low, <, 1.01);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SIGNIFICANT);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_SLOWER);
  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_false (cell.paired);

  /* The text says how the interval was made and what it left out; the JSON says it too. */
  paired = dyno_comparison_format_paired (c, DYNO_RATE_UNIT_MB);
  assert_contains (paired, "88 % slower at block write");
  assert_contains (paired, "Ratios are the geometric mean of the 3 rounds' ratios");
  assert_contains (paired, "95 % interval is from those pairs, which cancels what drifts");
  assert_contains (paired, "No run is dropped as an outlier");
  json = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_JSON, DYNO_RATE_UNIT_MB);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  cell_json = json_array_get_object_element (
      json_object_get_array_member (
          json_array_get_object_element (
              json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                            "phases"),
              0),
          "cells"),
      1);
  g_assert_true (json_object_get_boolean_member (cell_json, "ratio_paired"));
  g_assert_cmpstr (json_object_get_string_member (cell_json, "verdict"), ==, "slower");

  /* Some noise in the pairs: still ×0.125 or so, and still tight below 1. */
  {
    g_autoptr (DynoComparison) n = compare_results (make_session (plain, noisy, 1), NULL);

    dyno_comparison_get_cell (n, 1, PHASE ("write"), &cell);
    g_assert_true (cell.paired);
    g_assert_cmpfloat_with_epsilon (cell.ratio, 0.125, 0.002);
    g_assert_cmpfloat (cell.ratio_low, <=, cell.ratio);
    g_assert_cmpfloat (cell.ratio, <=, cell.ratio_high);
    g_assert_cmpfloat (cell.ratio_high, <, 0.2);
    g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_SLOWER);
  }

  /* The same figures from two separate runs pair nothing: their rounds did not run together. */
  {
    g_autoptr (DynoComparison) apart = compare_results (make_result ("plain", "h", plain, 1),
                                                        make_result ("enc", "h", enc, 1), NULL);
    g_autofree char *text = NULL;

    dyno_comparison_get_cell (apart, 1, PHASE ("write"), &cell);
    g_assert_false (cell.paired);
    g_assert_cmpfloat_with_epsilon (cell.ratio, 0.125, 1e-9);
    g_assert_cmpfloat (cell.ratio_low, <, 1);
    g_assert_cmpfloat (cell.ratio_high, >, 1);
    /* Wide, and holding ×1: inconclusive, never "the same". */
    g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_INCONCLUSIVE);
    text = dyno_comparison_format_paired (apart, DYNO_RATE_UNIT_MB);
    assert_contains (text, "from both sides' means and spreads");
    g_assert_null (strstr (text, "pairs"));
    g_assert_null (strstr (text, "geometric mean of the rounds"));
  }

  /* Repeats that do not match, or a run too fast on one side, leave runs without a partner:
   * pairing the rest would drop them, so the interval is from the spreads. */
  g_array_index (mine->runs, DynoPhaseRun, 2).repeat = 7;
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_false (cell.paired);
  g_assert_cmpfloat (cell.ratio_high, >, 1);
  g_array_index (mine->runs, DynoPhaseRun, 2).repeat = 2;
  g_array_index (mine->runs, DynoPhaseRun, 2).too_fast = TRUE;
  dyno_phase_result_summarize (mine);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_false (cell.paired);
  g_assert_cmpuint (cell.n, ==, 2);
  g_array_index (mine->runs, DynoPhaseRun, 2).too_fast = FALSE;
  dyno_phase_result_summarize (mine);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_true (cell.paired);

  /* A figure that may come from a cache stays without a verdict, paired or not. */
  g_array_index (mine->runs, DynoPhaseRun, 0).cache_doubt = g_intern_static_string ("cached");
  dyno_phase_result_summarize (mine);
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_UNKNOWN);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_NONE);
}

static const PhaseSpec cpu_plain[] = { { "write", { 100 * MB, 400 * MB, 1600 * MB } } };
static const PhaseSpec cpu_enc[] = { { "write", { 12.5 * MB, 50 * MB, 200 * MB } } };

/* Other processes' CPU is in the machine's figure: divided by a slow target's few MB/s it made
 * gocryptfs "cost 40.7 CPU-seconds per GB less across the machine". A difference whose
 * interval holds zero draws no conclusion, and the machine's figure comes second, labelled. */
static void
test_cpu_noise (void)
{
  const double own_plain[] = { 1.00, 1.02, 0.98 };
  const double own_enc[] = { 1.01, 0.99, 1.00 };
  const double noisy_plain[] = { 5, 30, 10 };
  const double noisy_enc[] = { 25, 8, 40 };
  const double busy_plain[] = { 60, 62, 61 };
  const double busy_enc[] = { 20, 21, 22 };
  DynoResult *session = make_session (cpu_plain, cpu_enc, 1);
  g_autoptr (DynoComparison) c = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *busy = NULL;
  g_autofree char *apart = NULL;

  set_cpu (session, 0, "write", own_plain, NULL, noisy_plain);
  set_cpu (session, 1, "write", own_enc, NULL, noisy_enc);
  c = compare_results (session, NULL);
  summary = dyno_comparison_describe_summary (c, 1);
  assert_contains (summary, "88 % slower at block write");
  assert_contains (summary,
                   "no CPU difference Dyno can measure in Dyno's threads (±0.1 CPU-s/GB)");
  g_assert_null (strstr (summary, "more"));
  g_assert_null (strstr (summary, "less"));
  g_assert_null (strstr (summary, "machine"));

  /* A machine-wide difference beyond its interval is said, as the machine's, after the I/O
   * path's "no difference". */
  set_cpu (session, 0, "write", own_plain, NULL, busy_plain);
  set_cpu (session, 1, "write", own_enc, NULL, busy_enc);
  busy = dyno_comparison_describe_summary (c, 1);
  assert_contains (busy, "no CPU difference Dyno can measure in Dyno's threads (±0.1 CPU-s/GB); "
                         "across the machine, other processes included: 40.0 ± ");
  assert_contains (busy, " CPU-seconds per GB less.");
  g_assert_null (strstr (busy, "more"));

  /* Separate runs compare spreads (Welch): the same noise, the same answer. */
  {
    DynoResult *plain = make_result ("plain", "h", cpu_plain, 1);
    DynoResult *enc = make_result ("enc", "h", cpu_enc, 1);
    g_autoptr (DynoComparison) two = NULL;

    set_cpu (plain, 0, "write", own_plain, NULL, noisy_plain);
    set_cpu (enc, 0, "write", own_enc, NULL, noisy_enc);
    two = compare_results (plain, enc, NULL);
    apart = dyno_comparison_describe_summary (two, 1);
    assert_contains (apart, "no CPU difference Dyno can measure in Dyno's threads (±");
    g_assert_null (strstr (apart, "per GB more"));
    g_assert_null (strstr (apart, "per GB less"));
  }
}

/* The CPU gocryptfs adds is in its daemon and Dyno's threads: 2.3 CPU-seconds per GB more in
 * every round, while the rounds themselves drift, is "more", with the rounds' interval. */
static void
test_cpu_more (void)
{
  const double own_plain[] = { 1.0, 1.5, 0.8 };
  const double own_enc[] = { 1.1, 1.6, 0.9 };
  const double helper_enc[] = { 2.25, 2.15, 2.2 };
  DynoResult *session = make_session (cpu_plain, cpu_enc, 1);
  g_autoptr (DynoComparison) c = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *apart = NULL;

  dyno_result_get_target (session, 1)->info->helper = g_strdup ("gocryptfs");
  set_cpu (session, 0, "write", own_plain, NULL, NULL);
  set_cpu (session, 1, "write", own_enc, helper_enc, NULL);
  c = compare_results (session, NULL);
  summary = dyno_comparison_describe_summary (c, 1);
  /* Differences 2.35, 2.25, 2.3: ± t(2) × 0.05 / √3 = 0.12. */
  assert_contains (summary, "; it costs 2.3 ± 0.1 CPU-seconds per GB more in Dyno's threads and "
                            "gocryptfs (gocryptfs: 2.2 of them).");
  g_assert_null (strstr (summary, "less"));

  /* From two separate runs the drift stays in the spreads: wider, still more. */
  {
    DynoResult *plain = make_result ("plain", "h", cpu_plain, 1);
    DynoResult *enc = make_result ("enc", "h", cpu_enc, 1);
    g_autoptr (DynoComparison) two = NULL;

    dyno_result_get_target (enc, 0)->info->helper = g_strdup ("gocryptfs");
    set_cpu (plain, 0, "write", own_plain, NULL, NULL);
    set_cpu (enc, 0, "write", own_enc, helper_enc, NULL);
    two = compare_results (plain, enc, NULL);
    apart = dyno_comparison_describe_summary (two, 1);
    assert_contains (apart, "it costs 2.3 ± 0.");
    assert_contains (apart, " CPU-seconds per GB more in Dyno's threads and gocryptfs");
    g_assert_null (strstr (apart, "± 0.1 "));
  }
}

/* A figure that may come from a cache below the target decides nothing: 14 × faster through
 * gocryptfs under a throttled device was a cache, not encryption. Its ratio stays shown, its
 * verdict and headline go, and the paired table marks it with the reason. */
static void
test_cache_doubt (void)
{
  const PhaseSpec base[] = { { "read", { 42 * MB, 42.1 * MB, 41.9 * MB } } };
  const PhaseSpec cached[] = { { "read", { 601 * MB, 600 * MB, 602 * MB } } };
  DynoResult *plain = make_result ("plain", "h", base, 1);
  DynoResult *enc = make_result ("enc", "h", cached, 1);
  DynoPhaseResult *phase = dyno_target_result_find_phase (dyno_result_get_target (enc, 0), "read");
  const char *doubt = g_intern_static_string ("may come from a cache below: the server of "
                                              "this nfs4 share");
  g_autoptr (DynoComparison) c = NULL;
  g_auto (GStrv) headline = NULL;
  g_autofree char *verdict = NULL;
  g_autofree char *paired = NULL;
  g_autofree char *summary = NULL;
  DynoCompareCell cell;

  g_array_index (phase->runs, DynoPhaseRun, 1).cache_doubt = doubt;
  dyno_phase_result_summarize (phase);
  g_assert_true (phase->cache_doubt == doubt);
  c = compare_results (plain, enc, NULL);

  dyno_comparison_get_cell (c, 1, PHASE ("read"), &cell);
  g_assert_true (cell.cache_doubt == doubt);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 601.0 / 42.0, 1e-3);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_UNKNOWN);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_NONE);
  verdict = dyno_compare_cell_describe_verdict (&cell);
  assert_contains (verdict, "cache");

  headline = dyno_comparison_describe_headline (c, 1);
  for (guint i = 0; headline[i] != NULL; i++)
    g_assert_null (strstr (headline[i], "Block read"));
  summary = dyno_comparison_describe_summary (c, 1);
  g_assert_null (strstr (summary, "faster"));

  paired = dyno_comparison_format_paired (c, DYNO_RATE_UNIT_MB);
  assert_contains (paired, "601.0 MB/s †");
  assert_contains (paired, "enc: no verdict at block read: it may come from a cache below");
  assert_contains (paired, "† may come from a cache below: the server of this nfs4 share");
  g_assert_null (strstr (paired, "42.0 MB/s †"));

  /* The baseline's doubt decides the same: either side's cache spoils the ratio. */
  dyno_comparison_set_baseline (c, 1);
  dyno_comparison_get_cell (c, 0, PHASE ("read"), &cell);
  g_assert_true (cell.cache_doubt == doubt);
  g_assert_cmpint (dyno_compare_cell_get_verdict (&cell), ==, DYNO_VERDICT_NONE);
}

/* Every format carries the mark of a figure that may come from a cache below, and the legend
 * its reason, as "+++++" travels with a figure too fast to trust; the reason is text, so HTML
 * escapes it. bonnie++'s CSV has no column for it and stays as bonnie++ reads it. */
static void
test_cache_doubt_formats (void)
{
  const PhaseSpec base[] = { { "read", { 42 * MB, 42.1 * MB, 41.9 * MB } } };
  const PhaseSpec cached[] = { { "read", { 601 * MB, 600 * MB, 602 * MB } } };
  DynoResult *plain = make_result ("plain", "h", base, 1);
  DynoResult *enc = make_result ("enc", "h", cached, 1);
  DynoPhaseResult *phase = dyno_target_result_find_phase (dyno_result_get_target (enc, 0), "read");
  const char *doubt = g_intern_static_string ("may come from a cache below: the server of "
                                              "this <script>nfs4</script> share");
  g_autoptr (DynoComparison) c = NULL;
  g_autofree char *text = NULL;
  g_autofree char *md = NULL;
  g_autofree char *html = NULL;
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *cells;

  g_array_index (phase->runs, DynoPhaseRun, 0).cache_doubt = doubt;
  dyno_phase_result_summarize (phase);
  c = compare_results (plain, enc, NULL);

  text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  assert_contains (text, "601.0†");
  g_assert_null (strstr (text, "42.0†"));
  assert_contains (text, "×14.3 †");
  assert_contains (text, "† may come from a cache below: the server of this <script>nfs4"
                         "</script> share: no verdict from this figure\n");

  md = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_MARKDOWN, DYNO_RATE_UNIT_MB);
  assert_contains (md, "| enc | 601.0 † (×14.3 †) |");
  assert_contains (md, "| plain (baseline) | 42.0 |");
  /* Markdown renderers pass inline HTML: the note is shown, not run */
  assert_contains (md, "† may come from a cache below: the server of this &lt;script&gt;nfs4");
  g_assert_null (strstr (md, "<script>"));

  html = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_HTML, DYNO_RATE_UNIT_MB);
  g_assert_null (strstr (html, "<script>"));
  assert_contains (html, "<td class=\"doubt\" title=\"may come from a cache below: the server "
                         "of this &lt;script&gt;nfs4&lt;/script&gt; share\">601.0&#8201;"
                         "<span class=\"mark\">†</span>");
  assert_contains (html, "<p class=\"legend\">† may come from a cache below: the server of "
                         "this &lt;script&gt;nfs4&lt;/script&gt; share: no verdict from this "
                         "figure</p>");

  json = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_JSON, DYNO_RATE_UNIT_MB);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  cells = json_object_get_array_member (
      json_array_get_object_element (
          json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                        "phases"),
          0),
      "cells");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (cells, 0),
                                              "cache_doubt"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (cells, 1),
                                                  "cache_doubt"),
                   ==, doubt);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (cells, 1),
                                                  "difference"),
                   ==, "unknown");

  /* bonnie++'s columns are numbers or "+++++": no room for a mark. */
  csv = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_CSV, DYNO_RATE_UNIT_MB);
  g_assert_null (strstr (csv, "†"));
  g_assert_null (strstr (csv, "cache"));
}

/* "repeat the runs (-x 3)" only where a side ran once: three runs too fast to time on both
 * sides are not helped by -x 3, which was given. */
static void
test_no_verdict_advice (void)
{
  const PhaseSpec fast[] = { { "write", { -1 * MB, -1 * MB, -1 * MB } } };
  const PhaseSpec once[] = { { "write", { 100 * MB } } };
  g_autoptr (DynoComparison) thrice = compare_results (make_result ("a", "h", fast, 1),
                                                       make_result ("b", "h", fast, 1), NULL);
  g_autoptr (DynoComparison) single = compare_results (make_result ("a", "h", once, 1),
                                                       make_result ("b", "h", once, 1), NULL);
  g_autofree char *text = dyno_comparison_describe_summary (thrice, 1);
  g_autofree char *advice = dyno_comparison_describe_summary (single, 1);

  g_assert_null (strstr (text, "-x 3"));
  assert_contains (text, "no phase has a figure on both sides");
  assert_contains (advice, "repeat the runs (-x 3)");
}

/* The headline: one line per group of phases, in words, for each entry but the baseline. */
static void
test_headline (void)
{
  const PhaseSpec plain[] = {
    { "write", { 400 * MB, 404 * MB, 396 * MB } },
    { "rewrite", { 200 * MB, 202 * MB, 198 * MB } },
    { "read", { 500 * MB, 510 * MB, 490 * MB } },
    { "seeks", { 2000 } },
    { "seq_create", { -50000, -52000 } },
  };
  const PhaseSpec encrypted[] = {
    { "write", { 76 * MB, 77 * MB, 75 * MB } },
    { "rewrite", { 250 * MB, 252 * MB, 248 * MB } },
    { "read", { 502 * MB, 495 * MB, 508 * MB } },
    { "seeks", { 1000 } },
    { "seq_create", { 9000, 9100 } },
  };
  g_autoptr (DynoComparison) c = compare_results (make_result ("plain", "h", plain,
                                                               G_N_ELEMENTS (plain)),
                                                  make_result ("gocryptfs", "h", encrypted,
                                                               G_N_ELEMENTS (encrypted)),
                                                  NULL);
  g_auto (GStrv) lines = dyno_comparison_describe_headline (c, 1);
  g_auto (GStrv) none = dyno_comparison_describe_headline (c, 0);
  g_autofree char *versus = dyno_comparison_describe_versus (c, 1);

  g_assert_cmpstr (versus, ==, "gocryptfs vs plain (baseline)");
  /* Sequential output, input and random; the create the baseline ran too fast says nothing. */
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  /* A gap larger than the noise: the ratio and the change, with a real minus sign. */
  g_assert_cmpstr (lines[0], ==, "Block write ×0.19 (\u221281 %), Rewrite ×1.25 (+25 %)");
  /* The ratio's 95 % interval lies within ±5 %. */
  g_assert_cmpstr (lines[1], ==, "Block read: no difference larger than 5 %");
  /* One run a side: no telling. */
  g_assert_cmpstr (lines[2], ==, "Random seeks ×0.50 (single runs: cannot tell)");
  g_strfreev (lines);

  /* Phases that say nothing are said once, together, after the gaps. */
  {
    const PhaseSpec a[] = {
      { "putc", { 10 * MB, 10.1 * MB, 9.9 * MB } },
      { "write", { 400 * MB, 404 * MB, 396 * MB } },
      { "rewrite", { 200 * MB, 202 * MB, 198 * MB } },
    };
    const PhaseSpec b[] = {
      { "putc", { 5 * MB, 5.05 * MB, 4.95 * MB } },
      { "write", { 401 * MB, 399 * MB, 402 * MB } },
      { "rewrite", { 201 * MB, 199 * MB, 200 * MB } },
    };
    g_autoptr (DynoComparison) other = compare_results (make_result ("a", "h", a, 3),
                                                        make_result ("b", "h", b, 3), NULL);

    lines = dyno_comparison_describe_headline (other, 1);
    g_assert_cmpuint (g_strv_length (lines), ==, 1);
    g_assert_cmpstr (lines[0], ==,
                     "Per-char write ×0.50 (\u221250 %), Block write, Rewrite: no difference "
                     "larger than 5 %");
  }
  /* The baseline has nothing to say against itself. */
  g_assert_cmpuint (g_strv_length (none), ==, 0);
}

/* A session over several folders: its entries are named by their folders. */
static void
test_name_by_folder (void)
{
  const PhaseSpec specs[] = { { "write", { 100 * MB } } };
  g_autoptr (DynoResult) session = make_result ("lap", "h", specs, 1);
  g_autoptr (DynoResult) other = make_result ("srv", "h", specs, 1);
  g_autoptr (DynoComparison) one = dyno_comparison_new ();
  g_autoptr (DynoComparison) two = dyno_comparison_new ();

  dyno_result_add_target (session, make_target ("/tmp/encrypted", specs, 1));
  dyno_comparison_add_result (one, session);
  dyno_comparison_name_by_folder (one);
  g_assert_cmpstr (dyno_comparison_get_name (one, 0), ==, "test");
  g_assert_cmpstr (dyno_comparison_get_name (one, 1), ==, "encrypted");

  /* With another session, the session's name comes first; a single-folder one is as it was. */
  dyno_comparison_add_result (two, session);
  dyno_comparison_add_result (two, other);
  dyno_comparison_name_by_folder (two);
  g_assert_cmpstr (dyno_comparison_get_name (two, 0), ==, "lap test");
  g_assert_cmpstr (dyno_comparison_get_name (two, 1), ==, "lap encrypted");
  g_assert_cmpstr (dyno_comparison_get_name (two, 2), ==, "srv");
}

static void
test_unknown (void)
{
  const PhaseSpec base[] = {
    { "write", { 100 * MB } },
    { "read", { -900 * MB, -950 * MB } },
    { "seeks", { 500 } },
  };
  const PhaseSpec other[] = {
    { "read", { 200 * MB } },
    { "seeks", { -9000, 8000 } },
  };
  g_autoptr (DynoComparison) c = compare_results (make_result ("base", "h", base, 3),
                                                  make_result ("other", "h", other, 2), NULL);
  DynoCompareCell cell;
  g_autofree char *text = NULL;
  g_autofree char *describe = NULL;

  /* Absent: the other never ran a block write. */
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_false (cell.present);
  g_assert_true (isnan (cell.rate));
  g_assert_true (isnan (cell.ratio));
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_UNKNOWN);

  /* The baseline's read was too fast every time: no figure, so no ratio against it. */
  dyno_comparison_get_cell (c, 0, PHASE ("read"), &cell);
  g_assert_true (cell.too_fast);
  g_assert_cmpuint (cell.n, ==, 0);
  g_assert_true (isnan (cell.rate));
  g_assert_true (isnan (cell.ratio));
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_BASELINE);
  dyno_comparison_get_cell (c, 1, PHASE ("read"), &cell);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_UNKNOWN);
  describe = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (describe, ==, "—");

  /* One run of two too fast: the mean is of the other, and it is a figure. */
  dyno_comparison_get_cell (c, 1, PHASE ("seeks"), &cell);
  g_assert_false (cell.too_fast);
  g_assert_cmpuint (cell.n, ==, 1);
  g_assert_cmpfloat (cell.rate, ==, 8000);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 16, 1e-12);

  text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  assert_contains (text, "+++++ +++");
  assert_contains (text, "+++++: the phase took less than");
}

static void
test_describe (void)
{
  DynoCompareCell cell = { .present = TRUE, .rate = 1, .n = 3 };
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autofree char *d = NULL;
  g_autofree char *e = NULL;
  g_autofree char *f = NULL;
  g_autofree char *g = NULL;

  cell.ratio = 2.6 / 15.7;
  cell.difference = DYNO_DIFFERENCE_SIGNIFICANT;
  a = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (a, ==, "×0.17");
  cell.ratio = 12.0 / 12.4;
  cell.ratio_low = 0.96;
  cell.ratio_high = 1.01;
  cell.equivalence = 0.05;
  cell.difference = DYNO_DIFFERENCE_WITHIN_NOISE;
  b = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (b, ==, "×0.97 (no difference larger than 5 %)");
  cell.ratio_low = 0.8;
  cell.ratio_high = 1.2;
  g_clear_pointer (&b, g_free);
  b = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (b, ==, "×0.97 (inconclusive: needs more repeats)");
  cell.ratio_low = cell.ratio_high = NAN;
  cell.ratio = 1.02;
  cell.difference = DYNO_DIFFERENCE_SINGLE_SAMPLE;
  c = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (c, ==, "×1.02 (single sample)");
  cell.ratio = 1;
  cell.difference = DYNO_DIFFERENCE_BASELINE;
  d = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (d, ==, "baseline");
  cell.ratio = NAN;
  cell.difference = DYNO_DIFFERENCE_UNKNOWN;
  e = dyno_comparison_describe_ratio (&cell);
  g_assert_cmpstr (e, ==, "—");

  f = dyno_compare_format_ratio (12.345);
  g_assert_cmpstr (f, ==, "×12.3");
  g = dyno_compare_format_ratio (0.0123);
  g_assert_cmpstr (g, ==, "×0.012");
  g_assert_cmpstr (dyno_difference_to_string (DYNO_DIFFERENCE_WITHIN_NOISE), ==, "within-noise");
}

static void
test_names (void)
{
  const PhaseSpec specs[] = { { "write", { 100 * MB } } };
  g_autoptr (DynoComparison) c = dyno_comparison_new ();
  g_autoptr (DynoResult) two = make_result (NULL, "srv", specs, 1);
  g_autoptr (DynoResult) lap1 = make_result ("lap", "x", specs, 1);
  g_autoptr (DynoResult) lap2 = make_result ("lap", "y", specs, 1);
  g_autoptr (DynoResult) empty = dyno_result_new ();
  guint found;

  /* A second folder of the same session: the folder tells them apart. */
  dyno_result_add_target (two, make_target ("/srv/b", specs, 1));
  /* A target that measured nothing is left out. */
  dyno_result_add_target (two, make_target ("/srv/failed", NULL, 0));
  dyno_comparison_add_result (c, two);
  dyno_comparison_add_result (c, lap1);
  dyno_comparison_add_result (c, lap2);
  dyno_comparison_add_result (c, empty);

  /* The label, else the folder, else the host: what the app, the CLI and the charts say. */
  g_assert_cmpuint (dyno_comparison_get_n_entries (c), ==, 4);
  g_assert_cmpstr (dyno_comparison_get_name (c, 0), ==, "test");
  g_assert_cmpstr (dyno_comparison_get_name (c, 1), ==, "b");
  g_assert_cmpstr (dyno_comparison_get_name (c, 2), ==, "lap");
  g_assert_cmpstr (dyno_comparison_get_name (c, 3), ==, "lap (2)");
  g_assert_cmpuint (dyno_comparison_get_target (c, 1), ==, 1);
  g_assert_true (dyno_comparison_get_result (c, 3) == lap2);

  /* A name set by hand is kept, and an automatic one steps aside. */
  dyno_comparison_set_name (c, 3, "plain");
  g_assert_cmpstr (dyno_comparison_get_name (c, 3), ==, "plain");
  dyno_comparison_set_name (c, 0, "lap");
  g_assert_cmpstr (dyno_comparison_get_name (c, 2), ==, "lap (2)");
  dyno_comparison_set_name (c, 0, NULL);
  g_assert_cmpstr (dyno_comparison_get_name (c, 0), ==, "test");
  g_assert_cmpstr (dyno_comparison_get_name (c, 2), ==, "lap");

  g_assert_true (dyno_comparison_find_entry (c, "plain", &found));
  g_assert_cmpuint (found, ==, 3);
  g_assert_true (dyno_comparison_find_entry (c, "LAP", &found));
  g_assert_cmpuint (found, ==, 2);
  g_assert_true (dyno_comparison_find_entry (c, "2", &found));
  g_assert_cmpuint (found, ==, 1);
  g_assert_false (dyno_comparison_find_entry (c, "5", &found));
  g_assert_false (dyno_comparison_find_entry (c, "nope", &found));
}

/* One naming for a run and its targets: the label, then the folder, then the host. */
static void
test_result_names (void)
{
  const PhaseSpec specs[] = { { "write", { 100 * MB } } };
  g_autoptr (DynoResult) labelled = make_result ("lap", "vm", specs, 1);
  g_autoptr (DynoResult) folders = make_result (NULL, "vm", specs, 1);
  g_autoptr (DynoResult) alike = make_result (NULL, "vm", specs, 1);
  g_autoptr (DynoResult) nowhere = dyno_result_new ();
  g_autoptr (DynoResult) nothing = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autofree char *d = NULL;
  g_autofree char *e = NULL;
  g_autofree char *f = NULL;
  g_autofree char *g = NULL;
  g_autofree char *h = NULL;
  g_autofree char *i = NULL;
  g_autofree char *j = NULL;

  a = dyno_result_dup_name (labelled);
  g_assert_cmpstr (a, ==, "lap");
  b = dyno_result_dup_target_name (labelled, 0);
  g_assert_cmpstr (b, ==, "lap");
  dyno_result_add_target (labelled, make_target ("/srv/secret", specs, 1));
  c = dyno_result_dup_target_name (labelled, 1);
  g_assert_cmpstr (c, ==, "lap · secret");

  /* No label: the folders, never the host all runs share ("vm"). */
  dyno_result_add_target (folders, make_target ("/srv/secret", specs, 1));
  d = dyno_result_dup_name (folders);
  g_assert_cmpstr (d, ==, "test, secret");
  e = dyno_result_dup_target_name (folders, 1);
  g_assert_cmpstr (e, ==, "secret");

  /* Two folders that end alike keep their whole paths. */
  dyno_result_add_target (alike, make_target ("/srv/test", specs, 1));
  f = dyno_result_dup_target_name (alike, 0);
  g_assert_cmpstr (f, ==, "/mnt/test");
  g = dyno_result_dup_target_name (alike, 1);
  g_assert_cmpstr (g, ==, "/srv/test");

  /* No folder (an import): the host. */
  system->hostname = g_strdup ("nas");
  dyno_result_set_system (nowhere, system);
  dyno_result_add_target (nowhere, dyno_target_result_new (dyno_target_info_new (NULL)));
  h = dyno_result_dup_name (nowhere);
  g_assert_cmpstr (h, ==, "nas");
  i = dyno_result_dup_target_name (nowhere, 0);
  g_assert_cmpstr (i, ==, "nas");
  j = dyno_result_dup_name (nothing);
  g_assert_cmpstr (j, ==, "unnamed");
}

/* ---- seed 003: FileVault against no FileVault ----------------------------------------- */

static void
test_seed_003 (void)
{
  g_autoptr (DynoComparison) c = seed_003 ();
  g_autofree char *text = NULL;
  g_autofree char *md = NULL;
  g_autofree char *source = NULL;
  g_auto (GStrv) lines = NULL;
  DynoCompareCell cell;
  guint fv_row = 0;

  g_assert_cmpuint (dyno_comparison_get_n_entries (c), ==, 4);
  g_assert_cmpstr (dyno_comparison_get_name (c, 0), ==, "NoFV");
  g_assert_cmpstr (dyno_comparison_get_name (c, 1), ==, "FV");

  /* "FV ÷ NoFV: block write ×0.17, block read ×0.97" */
  dyno_comparison_get_cell (c, 1, PHASE ("write"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 2.6 / 15.7, 1e-12);
  g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SINGLE_SAMPLE);
  dyno_comparison_get_cell (c, 1, PHASE ("read"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 12.0 / 12.4, 1e-12);
  dyno_comparison_get_cell (c, 1, PHASE ("seeks"), &cell);
  g_assert_false (cell.present);

  text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MIB);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "FV "))
      fv_row = i;
  g_assert_cmpuint (fv_row, >, 0);
  /* In MiB/s the table reads as Bray's did, with the ratios under FV's row. */
  assert_contains (lines[fv_row], " 2.60 ");
  assert_contains (lines[fv_row], " 12.0 ");
  g_assert_true (g_str_has_prefix (lines[fv_row + 1], "÷ NoFV"));
  g_assert_cmpstr (lines[fv_row + 1], ==,
                   "÷ NoFV                ×0.25        ×0.17        ×0.83        ×0.92        ×0.97");
  assert_contains (text, "MiB/s %CP");
  assert_contains (text, "Single runs: a ratio cannot tell");
  g_assert_null (strstr (text, "Seeks"));
  /* Four rows and three ratio rows. */
  g_assert_cmpuint (count (text, "÷ NoFV"), ==, 3);

  md = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_MARKDOWN, DYNO_RATE_UNIT_MB);
  assert_contains (md, "| Run | Per-char write (MB/s) | Block write (MB/s) |");
  assert_contains (md, "|:---|---:|---:|---:|---:|---:|\n");
  assert_contains (md, "| NoFV (baseline) | 10.7 | 16.5 | 6.82 | 8.07 | 13.0 |\n");
  assert_contains (md, "| FV | 2.62 (×0.25) | 2.73 (×0.17) | 5.66 (×0.83) | 7.44 (×0.92) | "
                       "12.6 (×0.97) |\n");
  g_assert_true (g_str_has_prefix (md, "| Run |"));
  g_assert_cmpuint (count (md, "\n| "), ==, 4); /* four rows under the header */

  source = dyno_comparison_describe_source (c);
  g_assert_cmpstr (source, ==, "Measured with Bonnie; compared with Dyno " PACKAGE_VERSION);

  /* Another baseline: FV, and NoFV is now ×6 at block writes. */
  dyno_comparison_set_baseline (c, 1);
  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.ratio, 15.7 / 2.6, 1e-12);
  g_clear_pointer (&text, g_free);
  text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  assert_contains (text, "÷ FV ");
  assert_contains (text, "×6.04");
}

/* ---- the formats ---------------------------------------------------------------------- */

/* A priced entry: each figure divided by its amount, in its own currency; an entry without a
 * price (an import, an older file) gets no per-price figures; currencies never mix. */
static void
test_per_price (void)
{
  const PhaseSpec specs[] = {
    { "write", { 120 * MB } },
    { "read", { 300 * MB } },
    { "seeks", { 900 } },
    { "putc", { -1 * MB } },
  };
  DynoResult *usd = make_result ("usd", "host", specs, G_N_ELEMENTS (specs));
  DynoResult *eur = make_result ("eur", "host", specs, G_N_ELEMENTS (specs));
  DynoResult *none = make_result ("none", "host", specs, G_N_ELEMENTS (specs));
  g_autoptr (DynoComparison) c = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autofree char *md = NULL;
  g_autofree char *html = NULL;
  DynoCompareCell cell;
  const char *currency = NULL;
  double amount = 0;
  JsonObject *root;
  JsonArray *entries;
  JsonObject *write = NULL;

  g_assert_true (dyno_target_result_set_price (dyno_result_get_target (usd, 0), 1000, "USD"));
  g_assert_true (dyno_target_result_set_price (dyno_result_get_target (eur, 0), 50, "EUR"));
  c = compare_results (usd, eur, none, NULL);

  g_assert_true (dyno_comparison_get_price (c, 0, &amount, &currency));
  g_assert_cmpfloat (amount, ==, 1000);
  g_assert_cmpstr (currency, ==, "USD");
  g_assert_false (dyno_comparison_get_price (c, 2, &amount, &currency));

  dyno_comparison_get_cell (c, 0, PHASE ("write"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.per_price, 120 * MB / 1000, 1e-6);
  dyno_comparison_get_cell (c, 0, PHASE ("seeks"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.per_price, 0.9, 1e-12);
  dyno_comparison_get_cell (c, 1, PHASE ("read"), &cell);
  g_assert_cmpfloat_with_epsilon (cell.per_price, 300 * MB / 50, 1e-6);
  /* The ratio is still rate over rate, never price over price. */
  g_assert_cmpfloat_with_epsilon (cell.ratio, 1.0, 1e-12);
  dyno_comparison_get_cell (c, 1, PHASE ("putc"), &cell);
  g_assert_true (cell.too_fast);
  g_assert_true (isnan (cell.per_price));
  dyno_comparison_get_cell (c, 2, PHASE ("write"), &cell);
  g_assert_true (isnan (cell.per_price));

  /* Text: a row under each priced entry, in MB/s or ops/s per unit of its currency. */
  text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\nper USD "));
  g_assert_nonnull (strstr (text, "\nper EUR "));
  g_assert_null (strstr (text, "per none"));
  g_assert_nonnull (strstr (text, " 0.120 "));  /* 120 MB/s / 1000 USD */
  g_assert_nonnull (strstr (text, " 0.300 "));  /* 300 MB/s / 1000 USD */
  g_assert_nonnull (strstr (text, " 0.900"));   /* 900 seeks/s / 1000 USD */
  g_assert_nonnull (strstr (text, " 2.40 "));   /* 120 MB/s / 50 EUR */
  g_assert_nonnull (strstr (text, " 6.00 "));   /* 300 MB/s / 50 EUR */
  g_assert_nonnull (strstr (text, " 18.0"));    /* 900 seeks/s / 50 EUR */
  {
    /* The priced rows sit right under their entry's row, before the ratios. */
    const char *eur_row = strstr (text, "\neur ");
    const char *per_eur = strstr (text, "\nper EUR ");
    const char *ratio = strstr (eur_row, "\n÷ usd");

    g_assert_nonnull (eur_row);
    g_assert_true (eur_row < per_eur && per_eur < ratio);
  }

  md = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_MARKDOWN, DYNO_RATE_UNIT_MB);
  g_assert_nonnull (strstr (md, "| per USD | — | 0.120 | 0.300 | 0.900 |"));
  g_assert_nonnull (strstr (md, "| per EUR | — | 2.40 | 6.00 | 18.0 |"));
  html = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_HTML, DYNO_RATE_UNIT_MB);
  g_assert_nonnull (strstr (html, "<tr class=\"price\"><th scope=\"row\" class=\"entry\">per EUR</th>"));

  /* JSON: the entry's price and each cell's rate per currency unit, in B/s or ops/s. */
  json = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_JSON, DYNO_RATE_UNIT_MB);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  entries = json_object_get_array_member (root, "entries");
  {
    JsonObject *price = json_object_get_object_member (json_array_get_object_element (entries, 1),
                                                       "price");

    g_assert_nonnull (price);
    g_assert_cmpfloat (json_object_get_double_member (price, "amount"), ==, 50);
    g_assert_cmpstr (json_object_get_string_member (price, "currency"), ==, "EUR");
    g_assert_false (json_object_has_member (json_array_get_object_element (entries, 2), "price"));
  }
  for (guint i = 0; i < json_array_get_length (json_object_get_array_member (root, "phases")); i++)
    {
      JsonObject *phase
          = json_array_get_object_element (json_object_get_array_member (root, "phases"), i);

      if (g_str_equal (json_object_get_string_member (phase, "id"), "write"))
        write = phase;
    }
  g_assert_nonnull (write);
  {
    JsonArray *cells = json_object_get_array_member (write, "cells");

    g_assert_cmpfloat_with_epsilon (
        json_object_get_double_member (json_array_get_object_element (cells, 0), "per_price"),
        120 * MB / 1000, 1e-6);
    g_assert_cmpfloat_with_epsilon (
        json_object_get_double_member (json_array_get_object_element (cells, 1), "per_price"),
        120 * MB / 50, 1e-6);
    g_assert_false (json_object_has_member (json_array_get_object_element (cells, 2),
                                            "per_price"));
  }
}

static void
test_json (void)
{
  g_autoptr (DynoComparison) c = seed_003 ();
  g_autofree char *text = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_JSON, DYNO_RATE_UNIT_MB);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root;
  JsonArray *phases;
  JsonObject *write = NULL;
  JsonObject *fv;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "dyno-comparison");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (root, "baseline"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (root, "equivalence"), ==, 0.05);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "entries")), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (
                       json_array_get_object_element (json_object_get_array_member (root, "entries"),
                                                      1),
                       "name"),
                   ==, "FV");

  phases = json_object_get_array_member (root, "phases");
  g_assert_cmpuint (json_array_get_length (phases), ==, 5);
  for (guint i = 0; i < json_array_get_length (phases); i++)
    {
      JsonObject *phase = json_array_get_object_element (phases, i);

      if (g_str_equal (json_object_get_string_member (phase, "id"), "write"))
        write = phase;
    }
  g_assert_nonnull (write);
  g_assert_cmpstr (json_object_get_string_member (write, "unit"), ==, "B/s");
  fv = json_array_get_object_element (json_object_get_array_member (write, "cells"), 1);
  g_assert_cmpfloat (json_object_get_double_member (fv, "rate"), ==, 2.6 * MIB);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (fv, "ratio"), 2.6 / 15.7, 1e-12);
  g_assert_cmpstr (json_object_get_string_member (fv, "difference"), ==, "single-sample");
  g_assert_true (json_object_get_null_member (fv, "rate_sd"));
  g_assert_false (json_object_get_boolean_member (fv, "ratio_paired"));
  g_assert_cmpstr (json_object_get_string_member (
                       json_array_get_object_element (json_object_get_array_member (write, "cells"),
                                                      0),
                       "difference"),
                   ==, "baseline");
}

static void
test_html (void)
{
  g_autoptr (DynoComparison) c = compare_results (make_simple ("plain <ext4>", 400 * MB, 500 * MB),
                                                  make_simple ("luks & co", 100 * MB, 550 * MB),
                                                  NULL);
  g_autofree char *html = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_HTML, DYNO_RATE_UNIT_MB);

  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>\n<html>"));
  g_assert_true (g_str_has_suffix (html, "</html>\n"));
  assert_contains (html, "<style>");
  assert_contains (html, "<table class=\"dyno\">");
  assert_contains (html, "<caption>");
  assert_contains (html, "Block write<span class=\"unit\">MB/s</span>");
  assert_contains (html, "plain &lt;ext4&gt;");
  assert_contains (html, "luks &amp; co");
  assert_contains (html, ">×0.25</span>");
  assert_contains (html, "<p class=\"source\">Measured with Dyno " PACKAGE_VERSION " on host</p>");
  /* Well-formed enough: every element opened is closed. */
  g_assert_cmpuint (count (html, "<table"), ==, count (html, "</table>"));
  g_assert_cmpuint (count (html, "<tr"), ==, count (html, "</tr>"));
  g_assert_cmpuint (count (html, "<td"), ==, count (html, "</td>"));
  g_assert_cmpuint (count (html, "<th"), ==, count (html, "</th>") + count (html, "<thead>"));
  g_assert_cmpuint (count (html, "<span"), ==, count (html, "</span>"));
  g_assert_null (strstr (html, "<ext4>"));
}

static void
test_csv_lines (void)
{
  const PhaseSpec specs[] = {
    { "write", { 100 * MIB, 110 * MIB, 120 * MIB } },
    { "read", { -900 * MIB } },
    { "seq_create", { 3000, 5000 } },
  };
  g_autoptr (DynoComparison) c = compare_results (make_result ("x,y", "h", specs, 3),
                                                  make_simple ("b", 1 * MB, 2 * MB), NULL);
  g_autofree char *csv = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_CSV, DYNO_RATE_UNIT_MB);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_auto (GStrv) fields = NULL;

  g_assert_cmpuint (g_strv_length (lines), ==, 3); /* two lines and the empty end */
  g_assert_cmpstr (lines[2], ==, "");
  fields = g_strsplit (lines[0], ",", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 50);
  g_assert_cmpstr (fields[0], ==, "1.98");
  g_assert_cmpstr (fields[2], ==, "x;y"); /* the entry's name, its comma made safe */
  /* The mean of the three block writes in K/sec, as bonnie++ writes it: 110 MiB/s. */
  g_assert_cmpstr (fields[11], ==, "112640");
  g_assert_cmpstr (fields[12], ==, "11");
  g_assert_cmpstr (fields[17], ==, "+++++");
  g_assert_cmpstr (fields[26], ==, "4000");
}

/* Feeds text to a program on its standard input; NULL when it is not installed. */
static gboolean
run_filter (const char *program, const char *input, char **out, char **err, int *status)
{
  g_autofree char *path = g_find_program_in_path (program);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) stdout_bytes = NULL;
  g_autoptr (GBytes) stderr_bytes = NULL;
  g_autoptr (GBytes) stdin_bytes = g_bytes_new (input, strlen (input));

  if (path == NULL)
    return FALSE;
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                  | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error, path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate (process, stdin_bytes, NULL, &stdout_bytes, &stderr_bytes, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (process);
  /* g_strndup (NULL, 0) is NULL: empty output is an empty string here. */
  *out = g_strdup_printf ("%.*s", (int) g_bytes_get_size (stdout_bytes),
                          (const char *) g_bytes_get_data (stdout_bytes, NULL));
  *err = g_strdup_printf ("%.*s", (int) g_bytes_get_size (stderr_bytes),
                          (const char *) g_bytes_get_data (stderr_bytes, NULL));
  return TRUE;
}

static void
test_csv_bonnie_tools (void)
{
  g_autoptr (DynoComparison) c = seed_003 ();
  g_autofree char *csv = dyno_comparison_format (c, DYNO_COMPARE_FORMAT_CSV, DYNO_RATE_UNIT_MB);
  static const char *const tools[] = { "bon_csv2txt", "bon_csv2html" };
  guint ran = 0;

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      if (!run_filter (tools[i], csv, &out, &err, &status))
        continue;
      ran++;
      if (status != 0 || strstr (err, "Expected") != NULL || strstr (err, "Can't") != NULL)
        g_error ("%s failed (exit %d):\n%s\ninput:\n%s", tools[i], status, err, csv);
      /* Every entry comes out as a row with its figures. bon_csv2txt cuts names to two
       * characters and scales K/sec; bon_csv2html keeps both. */
      if (g_str_equal (tools[i], "bon_csv2txt"))
        {
          assert_contains (out, "\nFV 1000M");
          assert_contains (out, "\nV2 8000M");
          assert_contains (out, " 15.7m ");
          assert_contains (out, " 2662k ");
          g_assert_cmpuint (count (out, "1000M"), ==, 3);
        }
      else
        {
          assert_contains (out, "<table");
          assert_contains (out, ">NoFV<");
          assert_contains (out, ">V20z<");
          assert_contains (out, ">10444<");
          assert_contains (out, ">2560<");
        }
    }
  if (ran == 0)
    g_test_skip ("bon_csv2txt and bon_csv2html are not installed (apt-get install bonnie++)");
}

static void
test_empty (void)
{
  g_autoptr (DynoComparison) c = dyno_comparison_new ();

  for (DynoCompareFormat f = DYNO_COMPARE_FORMAT_TEXT; f <= DYNO_COMPARE_FORMAT_JSON; f++)
    {
      g_autofree char *text = dyno_comparison_format (c, f, DYNO_RATE_UNIT_MB);

      g_assert_nonnull (text);
    }
  {
    g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (c);

    g_assert_cmpuint (phases->len, ==, 0);
  }
}

static void
test_format_names (void)
{
  DynoCompareFormat format;

  g_assert_true (dyno_compare_format_from_string ("md", &format));
  g_assert_cmpint (format, ==, DYNO_COMPARE_FORMAT_MARKDOWN);
  g_assert_true (dyno_compare_format_from_string ("HTML", &format));
  g_assert_cmpint (format, ==, DYNO_COMPARE_FORMAT_HTML);
  g_assert_false (dyno_compare_format_from_string ("xml", &format));
  for (DynoCompareFormat f = DYNO_COMPARE_FORMAT_TEXT; f <= DYNO_COMPARE_FORMAT_JSON; f++)
    {
      g_assert_true (dyno_compare_format_from_string (dyno_compare_format_to_string (f), &format));
      g_assert_cmpint (format, ==, f);
    }
}

/* Each entry states the data file its own target wrote, and a paired answer on different
 * work says so: two separate runs, or a file from before paired targets shared their sizes. */
static void
test_different_work (void)
{
  const PhaseSpec specs_a[] = { { "write", { 800 * MB, 810 * MB, 790 * MB } },
                                { "read", { 900 * MB, 910 * MB, 890 * MB } } };
  const PhaseSpec specs_b[] = { { "write", { 100 * MB, 101 * MB, 99 * MB } },
                                { "read", { 300 * MB, 310 * MB, 290 * MB } } };
  DynoResult *plain = make_result ("plain", "host", specs_a, G_N_ELEMENTS (specs_a));
  DynoResult *enc = make_result ("enc", "host", specs_b, G_N_ELEMENTS (specs_b));
  g_autoptr (DynoComparison) comparison = NULL;
  g_autofree char *work = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *paired = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  JsonArray *entries;

  /* What the configuration says is the largest of a run's targets, not either one's. */
  config->size = 2921512960;
  dyno_result_set_config (plain, config);
  dyno_result_set_config (enc, config);
  dyno_result_get_target (plain, 0)->sizing.size = 2921512960;
  dyno_result_get_target (enc, 0)->sizing.size = 336265216; /* 320.7 MiB */
  comparison = compare_results (plain, enc, NULL);

  g_assert_cmpuint (dyno_comparison_get_data_size (comparison, 0), ==, 2921512960);
  g_assert_cmpuint (dyno_comparison_get_data_size (comparison, 1), ==, 336265216);
  g_assert_null (dyno_comparison_describe_work (comparison, 0)); /* the baseline */
  work = dyno_comparison_describe_work (comparison, 1);
  g_assert_cmpstr (work, ==, "The targets did different work: a 2.72 GiB data file for plain, "
                             "320.7 MiB for enc.");
  summary = dyno_comparison_describe_summary (comparison, 1);
  g_assert_nonnull (strstr (summary, work));
  paired = dyno_comparison_format_paired (comparison, DYNO_RATE_UNIT_MB);
  g_assert_nonnull (strstr (paired, work));

  /* The tables and the JSON give each entry its own size. */
  text = dyno_comparison_format (comparison, DYNO_COMPARE_FORMAT_TEXT, DYNO_RATE_UNIT_MB);
  g_assert_nonnull (strstr (text, "2786M"));
  g_assert_nonnull (strstr (text, "321M"));
  g_assert_nonnull (strstr (text, work)); /* in the legend, for two separate runs too */
  json = dyno_comparison_format (comparison, DYNO_COMPARE_FORMAT_JSON, DYNO_RATE_UNIT_MB);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  entries = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "entries");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (entries, 0),
                                               "file_size"), ==, 2921512960);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (entries, 1),
                                               "file_size"), ==, 336265216);

  /* The same work: nothing to say. */
  dyno_result_get_target (dyno_comparison_get_result (comparison, 1), 0)->sizing.size
      = 2921512960;
  g_assert_null (dyno_comparison_describe_work (comparison, 1));
  g_clear_pointer (&summary, g_free);
  summary = dyno_comparison_describe_summary (comparison, 1);
  g_assert_null (strstr (summary, "different work"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare/ratios", test_ratios);
  g_test_add_func ("/compare/verdict/three-way", test_verdict_three_way);
  g_test_add_func ("/compare/verdict/equivalence-margin", test_equivalence_margin);
  g_test_add_func ("/compare/verdict/baseline-flip", test_baseline_flip);
  g_test_add_func ("/compare/verdict/automatic-baseline", test_automatic_baseline);
  g_test_add_func ("/compare/verdict/typical", test_typical);
  g_test_add_func ("/compare/noise", test_noise);
  g_test_add_func ("/compare/paired", test_paired);
  g_test_add_func ("/compare/cpu-noise", test_cpu_noise);
  g_test_add_func ("/compare/cpu-more", test_cpu_more);
  g_test_add_func ("/compare/unknown", test_unknown);
  g_test_add_func ("/compare/cache-doubt", test_cache_doubt);
  g_test_add_func ("/compare/no-verdict-advice", test_no_verdict_advice);
  g_test_add_func ("/compare/cache-doubt-formats", test_cache_doubt_formats);
  g_test_add_func ("/compare/describe", test_describe);
  g_test_add_func ("/compare/headline", test_headline);
  g_test_add_func ("/compare/different-work", test_different_work);
  g_test_add_func ("/compare/name-by-folder", test_name_by_folder);
  g_test_add_func ("/compare/names", test_names);
  g_test_add_func ("/compare/result-names", test_result_names);
  g_test_add_func ("/compare/seed-003", test_seed_003);
  g_test_add_func ("/compare/format/json", test_json);
  g_test_add_func ("/compare/per-price", test_per_price);
  g_test_add_func ("/compare/format/html", test_html);
  g_test_add_func ("/compare/format/csv", test_csv_lines);
  g_test_add_func ("/compare/format/csv-bonnie-tools", test_csv_bonnie_tools);
  g_test_add_func ("/compare/format/empty", test_empty);
  g_test_add_func ("/compare/format/names", test_format_names);

  return g_test_run ();
}
