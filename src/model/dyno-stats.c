/* dyno-stats.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-stats.h"

/* Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom. */
static const double t975[] = {
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
  2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
  2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

double
dyno_stats_t975 (guint df)
{
  if (df == 0)
    return NAN;
  if (df <= G_N_ELEMENTS (t975))
    return t975[df - 1];
  if (df <= 60)
    return 2.000;
  if (df <= 120)
    return 1.980;
  return 1.960;
}

void
dyno_stats_compute (const double *values, guint n_values, DynoStats *out)
{
  double sum = 0;
  double m2 = 0;
  guint n = 0;

  out->min = NAN;
  out->max = NAN;
  for (guint i = 0; i < n_values; i++)
    {
      double v = values[i];

      if (isnan (v))
        continue;
      n++;
      sum += v;
      if (n == 1 || v < out->min)
        out->min = v;
      if (n == 1 || v > out->max)
        out->max = v;
    }
  out->n = n;
  out->mean = n ? sum / n : NAN;
  if (n < 2)
    {
      out->sd = NAN;
      out->ci95 = NAN;
      return;
    }
  for (guint i = 0; i < n_values; i++)
    if (!isnan (values[i]))
      m2 += (values[i] - out->mean) * (values[i] - out->mean);
  out->sd = sqrt (m2 / (n - 1));
  out->ci95 = dyno_stats_t975 (n - 1) * out->sd / sqrt (n);
}

gboolean
dyno_stats_differ (const DynoStats *a, const DynoStats *b)
{
  double ca = isnan (a->ci95) ? 0 : a->ci95;
  double cb = isnan (b->ci95) ? 0 : b->ci95;

  if (isnan (a->mean) || isnan (b->mean))
    return FALSE;
  return fabs (a->mean - b->mean) > sqrt (ca * ca + cb * cb);
}

gboolean
dyno_stats_ratio_ci95 (const DynoStats *a, const DynoStats *b, double *low, double *high)
{
  double ratio, va, vb, se, df, t;

  *low = *high = NAN;
  if (a->n < 2 || b->n < 2 || !(a->mean > 0) || !(b->mean > 0) || isnan (a->sd) || isnan (b->sd))
    return FALSE;
  ratio = a->mean / b->mean;
  /* The log of a ratio is a difference: each side's squared coefficient of variation over
   * its count is the variance of its log mean (the delta method). */
  va = (a->sd / a->mean) * (a->sd / a->mean) / a->n;
  vb = (b->sd / b->mean) * (b->sd / b->mean) / b->n;
  se = sqrt (va + vb);
  /* Welch–Satterthwaite degrees of freedom; a side without spread adds none. */
  if (va + vb > 0)
    df = (va + vb) * (va + vb) / ((va * va) / (a->n - 1) + (vb * vb) / (b->n - 1));
  else
    df = a->n + b->n - 2;
  t = dyno_stats_t975 ((guint) MAX (floor (df), 1));
  *low = ratio * exp (-t * se);
  *high = ratio * exp (t * se);
  return TRUE;
}

/* Mean and 95 % half-width of n values, all finite (Student's t, n − 1 degrees of freedom). */
static gboolean
mean_ci95 (const double *values, guint n, double *mean, double *half)
{
  DynoStats stats;

  for (guint i = 0; i < n; i++)
    if (!isfinite (values[i]))
      return FALSE;
  dyno_stats_compute (values, n, &stats);
  if (stats.n < 2)
    return FALSE;
  *mean = stats.mean;
  *half = stats.ci95;
  return TRUE;
}

gboolean
dyno_stats_paired_ratio_ci95 (const double *a,
                              const double *b,
                              guint         n,
                              double       *ratio,
                              double       *low,
                              double       *high)
{
  g_autofree double *logs = NULL;
  double mean, half;

  g_return_val_if_fail (n == 0 || (a != NULL && b != NULL), FALSE);

  *ratio = *low = *high = NAN;
  if (n < 2)
    return FALSE;
  logs = g_new (double, n);
  for (guint i = 0; i < n; i++)
    {
      /* A pair without a positive figure on each side has no log ratio; leaving it out here
       * would drop data silently, so the caller decides and we refuse. */
      if (!(a[i] > 0) || !(b[i] > 0) || !isfinite (a[i]) || !isfinite (b[i]))
        return FALSE;
      logs[i] = log (a[i] / b[i]);
    }
  if (!mean_ci95 (logs, n, &mean, &half))
    return FALSE;
  *ratio = exp (mean);
  *low = exp (mean - half);
  *high = exp (mean + half);
  return TRUE;
}

gboolean
dyno_stats_diff_ci95 (const DynoStats *a, const DynoStats *b, double *diff, double *half)
{
  double va, vb, df;

  *diff = *half = NAN;
  if (a->n < 2 || b->n < 2 || !isfinite (a->mean) || !isfinite (b->mean) || !isfinite (a->sd)
      || !isfinite (b->sd))
    return FALSE;
  va = a->sd * a->sd / a->n;
  vb = b->sd * b->sd / b->n;
  if (va + vb > 0)
    df = (va + vb) * (va + vb) / ((va * va) / (a->n - 1) + (vb * vb) / (b->n - 1));
  else
    df = a->n + b->n - 2;
  *diff = a->mean - b->mean;
  *half = dyno_stats_t975 ((guint) MAX (floor (df), 1)) * sqrt (va + vb);
  return TRUE;
}

gboolean
dyno_stats_paired_diff_ci95 (const double *a,
                             const double *b,
                             guint         n,
                             double       *diff,
                             double       *half)
{
  g_autofree double *diffs = NULL;

  g_return_val_if_fail (n == 0 || (a != NULL && b != NULL), FALSE);

  *diff = *half = NAN;
  if (n < 2)
    return FALSE;
  diffs = g_new (double, n);
  for (guint i = 0; i < n; i++)
    diffs[i] = a[i] - b[i];
  if (!mean_ci95 (diffs, n, diff, half))
    {
      *diff = *half = NAN;
      return FALSE;
    }
  return TRUE;
}
