/* dyno-stats.h: summary statistics over repeats
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint n;     /* values that were numbers (NaN skipped) */
  double mean; /* NAN when n == 0 */
  double sd;   /* sample standard deviation; NAN when n < 2 */
  double min;
  double max;
  double ci95; /* half-width of the 95 % confidence interval of the mean (Student t); NAN when n < 2 */
} DynoStats;

void   dyno_stats_compute (const double *values, guint n_values, DynoStats *out);
double dyno_stats_t975 (guint degrees_of_freedom);
/* TRUE when the two means differ by more than their combined 95 % intervals allow. */
gboolean dyno_stats_differ (const DynoStats *a, const DynoStats *b);

/* The 95 % confidence interval of a->mean / b->mean, from both sides' repeats (log ratio by
 * the delta method, Welch–Satterthwaite degrees of freedom). FALSE, and NANs, when a side
 * has fewer than two values or a mean that is not positive. */
gboolean dyno_stats_ratio_ci95 (const DynoStats *a, const DynoStats *b, double *low, double *high);

/* The ratio of a to b and its 95 % confidence interval from n pairs measured together (one
 * round of interleaved targets each): the mean of the pairs' log ratios ln(a[i] / b[i]) ±
 * Student's t (n − 1 degrees of freedom) × its standard error, turned back into ratios, so the
 * ratio is their geometric mean and lies inside its interval. What drifts between rounds
 * moves both sides of a pair and cancels. Every pair counts; FALSE, and NANs, with fewer than
 * two pairs or a value that is not a positive number (the caller leaves such runs out). */
gboolean dyno_stats_paired_ratio_ci95 (const double *a,
                                       const double *b,
                                       guint         n,
                                       double       *ratio,
                                       double       *low,
                                       double       *high);

/* The difference a − b and the half-width of its 95 % confidence interval: from both sides'
 * values (Welch: each side's variance over its count, Welch–Satterthwaite degrees of
 * freedom), or, paired, from the n differences a[i] − b[i] (Student's t, n − 1 degrees of
 * freedom). FALSE, and NANs, with fewer than two values on a side or pairs, or a value that
 * is not a finite number. */
gboolean dyno_stats_diff_ci95 (const DynoStats *a, const DynoStats *b, double *diff, double *half);
gboolean dyno_stats_paired_diff_ci95 (const double *a,
                                      const double *b,
                                      guint         n,
                                      double       *diff,
                                      double       *half);

G_END_DECLS
