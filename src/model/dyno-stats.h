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

G_END_DECLS
