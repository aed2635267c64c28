/* test-histogram.c: percentiles against an exact sort, merging, edge values; statistics
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dyno-histogram.h"
#include "dyno-stats.h"

static int
compare_u64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a;
  guint64 y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

static guint64
exact_percentile (const guint64 *sorted, guint n, double p)
{
  guint rank = (guint) ceil (p / 100.0 * n);
  return sorted[MAX (rank, 1) - 1];
}

static void
test_percentiles_match_exact (void)
{
  g_autoptr (DynoHistogram) h = dyno_histogram_new ();
  const guint n = 100000;
  g_autofree guint64 *values = g_new (guint64, n);
  GRand *rand = g_rand_new_with_seed (42);
  static const double ps[] = { 1, 50, 90, 99, 99.9 };

  /* A long-tailed distribution like real I/O latency: mostly µs, a few ms. */
  for (guint i = 0; i < n; i++)
    {
      double u = g_rand_double (rand);
      values[i] = (guint64) (2000.0 / (1.0 - 0.999 * u));
      dyno_histogram_record (h, values[i]);
    }
  g_rand_free (rand);
  qsort (values, n, sizeof *values, compare_u64);

  g_assert_cmpuint (dyno_histogram_count (h), ==, n);
  g_assert_cmpuint (dyno_histogram_max (h), ==, values[n - 1]);
  g_assert_cmpuint (dyno_histogram_min (h), ==, values[0]);
  for (guint i = 0; i < G_N_ELEMENTS (ps); i++)
    {
      guint64 exact = exact_percentile (values, n, ps[i]);
      guint64 approx = dyno_histogram_percentile (h, ps[i]);

      /* Never below the truth, at most one bucket (1/32) above. */
      g_assert_cmpuint (approx, >=, exact);
      g_assert_cmpfloat ((double) approx, <=, exact * (1 + 1.0 / 32) + 1);
    }
  g_assert_cmpuint (dyno_histogram_percentile (h, 100), ==, values[n - 1]);
}

static void
test_small_values_exact (void)
{
  g_autoptr (DynoHistogram) h = dyno_histogram_new ();

  for (guint64 v = 0; v < 32; v++)
    dyno_histogram_record (h, v);
  g_assert_cmpuint (dyno_histogram_percentile (h, 50), ==, 15);
  g_assert_cmpuint (dyno_histogram_percentile (h, 0), ==, 0);
  g_assert_cmpuint (dyno_histogram_max (h), ==, 31);
  g_assert_cmpfloat_with_epsilon (dyno_histogram_mean (h), 15.5, 1e-9);
}

static void
test_extremes (void)
{
  g_autoptr (DynoHistogram) h = dyno_histogram_new ();

  g_assert_cmpuint (dyno_histogram_percentile (h, 99), ==, 0);
  g_assert_true (isnan (dyno_histogram_mean (h)));
  dyno_histogram_record (h, G_MAXUINT64);
  dyno_histogram_record (h, 1);
  g_assert_cmpuint (dyno_histogram_max (h), ==, G_MAXUINT64);
  g_assert_cmpuint (dyno_histogram_percentile (h, 99.9), ==, G_MAXUINT64);
  g_assert_cmpuint (dyno_histogram_percentile (h, 50), ==, 1);
}

static void
test_merge (void)
{
  g_autoptr (DynoHistogram) a = dyno_histogram_new ();
  g_autoptr (DynoHistogram) b = dyno_histogram_new ();

  for (guint i = 0; i < 1000; i++)
    dyno_histogram_record (a, 1000);
  for (guint i = 0; i < 1000; i++)
    dyno_histogram_record (b, 1000000);
  dyno_histogram_merge (a, b);
  g_assert_cmpuint (dyno_histogram_count (a), ==, 2000);
  g_assert_cmpuint (dyno_histogram_percentile (a, 50), <, 1100);
  g_assert_cmpuint (dyno_histogram_percentile (a, 51), >=, 1000000);
  g_assert_cmpuint (dyno_histogram_max (a), ==, 1000000);
  dyno_histogram_reset (a);
  g_assert_cmpuint (dyno_histogram_count (a), ==, 0);
}

static void
test_stats (void)
{
  const double values[] = { 10, 12, NAN, 14 };
  DynoStats s, t, one;

  dyno_stats_compute (values, G_N_ELEMENTS (values), &s);
  g_assert_cmpuint (s.n, ==, 3);
  g_assert_cmpfloat_with_epsilon (s.mean, 12, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.sd, 2, 1e-12);
  g_assert_cmpfloat (s.min, ==, 10);
  g_assert_cmpfloat (s.max, ==, 14);
  /* t(0.975, 2) = 4.303: the interval is 4.303 × 2 / √3 */
  g_assert_cmpfloat_with_epsilon (s.ci95, 4.303 * 2 / sqrt (3), 1e-9);

  dyno_stats_compute (values, 1, &one);
  g_assert_cmpuint (one.n, ==, 1);
  g_assert_true (isnan (one.sd));
  g_assert_true (isnan (one.ci95));

  t = s;
  t.mean = 15;
  g_assert_false (dyno_stats_differ (&s, &t)); /* 3 apart, intervals ±5 each */
  t.mean = 30;
  g_assert_true (dyno_stats_differ (&s, &t));

  g_assert_cmpfloat (dyno_stats_t975 (1), ==, 12.706);
  g_assert_cmpfloat (dyno_stats_t975 (1000), ==, 1.96);
}

/* Interleaved rounds: B 8× slower than A in every round while both drift ×16 between rounds.
 * Each side's spread hides the gap (the interval from independent means holds 1); the
 * rounds' pairs do not. */
static void
test_paired_ratio (void)
{
  const double fast[] = { 100, 400, 1600 };
  const double slow[] = { 12.5, 50, 200 };
  const double twice[] = { 2, 8 };
  const double once[] = { 1, 1 };
  const double with_zero[] = { 2, 0 };
  DynoStats a, b;
  double ratio, low, high;

  dyno_stats_compute (slow, 3, &a);
  dyno_stats_compute (fast, 3, &b);
  g_assert_true (dyno_stats_ratio_ci95 (&a, &b, &low, &high));
  g_assert_cmpfloat (low, <, 1);
  g_assert_cmpfloat (high, >, 1);

  g_assert_true (dyno_stats_paired_ratio_ci95 (slow, fast, 3, &ratio, &low, &high));
  g_assert_cmpfloat_with_epsilon (ratio, 0.125, 1e-12);
  g_assert_cmpfloat_with_epsilon (low, 0.125, 1e-12);
  g_assert_cmpfloat_with_epsilon (high, 0.125, 1e-12);

  /* Log ratios ln 2 and ln 8: their mean is ln 4, their sd ln 4 / √2, t(1) = 12.706. */
  g_assert_true (dyno_stats_paired_ratio_ci95 (twice, once, 2, &ratio, &low, &high));
  g_assert_cmpfloat_with_epsilon (ratio, 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (log (low), log (4) * (1 - 12.706 / 2), 1e-9);
  g_assert_cmpfloat_with_epsilon (log (high), log (4) * (1 + 12.706 / 2), 1e-9);
  g_assert_cmpfloat (low, <=, ratio);
  g_assert_cmpfloat (ratio, <=, high);

  /* One pair has no spread; a figure that is not positive has no log. */
  g_assert_false (dyno_stats_paired_ratio_ci95 (twice, once, 1, &ratio, &low, &high));
  g_assert_true (isnan (ratio) && isnan (low) && isnan (high));
  g_assert_false (dyno_stats_paired_ratio_ci95 (with_zero, once, 2, &ratio, &low, &high));
  g_assert_true (isnan (ratio) && isnan (low) && isnan (high));
}

static void
test_diff (void)
{
  const double base[] = { 1, 2, 3 };
  const double more[] = { 3.3, 4.3, 5.3 };
  const double noisy[] = { 2, 5 };
  const double once[] = { 1, 2 };
  const double broken[] = { 1, NAN };
  DynoStats a, b;
  double diff, half;

  /* Welch: variances 1/3 each, 4 degrees of freedom (t = 2.776). */
  dyno_stats_compute (base, 3, &a);
  dyno_stats_compute (base, 3, &b);
  g_assert_true (dyno_stats_diff_ci95 (&a, &b, &diff, &half));
  g_assert_cmpfloat_with_epsilon (diff, 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (half, 2.776 * sqrt (2.0 / 3), 1e-9);
  /* Shifted by 2.3: the means differ by as much, the spreads still say ±1.6. */
  dyno_stats_compute (more, 3, &a);
  g_assert_true (dyno_stats_diff_ci95 (&a, &b, &diff, &half));
  g_assert_cmpfloat_with_epsilon (diff, 2.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (half, 2.776 * sqrt (2.0 / 3), 1e-9);

  /* Paired, the same shift in every round is exactly 2.3. */
  g_assert_true (dyno_stats_paired_diff_ci95 (more, base, 3, &diff, &half));
  g_assert_cmpfloat_with_epsilon (diff, 2.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (half, 0, 1e-12);
  /* Differences 1 and 3: mean 2, sd √2, t(1) × √2 / √2. */
  g_assert_true (dyno_stats_paired_diff_ci95 (noisy, once, 2, &diff, &half));
  g_assert_cmpfloat_with_epsilon (diff, 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (half, 12.706, 1e-9);

  g_assert_false (dyno_stats_paired_diff_ci95 (noisy, once, 1, &diff, &half));
  g_assert_false (dyno_stats_paired_diff_ci95 (broken, once, 2, &diff, &half));
  g_assert_true (isnan (diff) && isnan (half));
  dyno_stats_compute (noisy, 1, &a);
  g_assert_false (dyno_stats_diff_ci95 (&a, &b, &diff, &half));
  g_assert_true (isnan (diff) && isnan (half));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/histogram/percentiles", test_percentiles_match_exact);
  g_test_add_func ("/histogram/small-values", test_small_values_exact);
  g_test_add_func ("/histogram/extremes", test_extremes);
  g_test_add_func ("/histogram/merge", test_merge);
  g_test_add_func ("/stats/summary", test_stats);
  g_test_add_func ("/stats/paired-ratio", test_paired_ratio);
  g_test_add_func ("/stats/diff", test_diff);

  return g_test_run ();
}
