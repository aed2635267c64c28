/* dyno-segments.c: a fill's curve cut into steady stretches
 *
 * The curve is a piecewise constant rate plus noise. The cut:
 *
 * 1. Binary segmentation on the logarithms of the rates (a drive's noise is a share of its
 *    rate), weighted by bytes (each byte counts once, as on the
 *    chart's axis), cutting an interval where that lowers the weighted squared error by more
 *    than a penalty: DYNO_SEGMENT_PENALTY × ln n noise variances, the noise estimated robustly
 *    from the median absolute deviation of successive differences, so that neither a knee nor
 *    a few outliers inflate it. No stretch is shorter than min_samples. Each cut is then moved
 *    to its best place between its neighbours (binary segmentation places a first cut where
 *    two later ones would have been; this puts it back on the knee).
 * 2. Cleaning, until nothing changes: a short stretch between two alike neighbours (a spike,
 *    a stall) joins them; a stretch of a few samples between two different levels (the way
 *    down, a sample across the knee) joins the closer one; neighbours whose median rates are
 *    within merge_ratio join; a cut that no longer pays the penalty after the moves goes;
 *    neighbours that one straight line fits better than two levels (a slow drift cut into
 *    steps) join; a short first or last stretch that is slower than its neighbour (starting
 *    up, the last flush) joins it. A short first stretch that is faster is kept: that is what
 *    a small cache looks like.
 * 3. The knee inside the sample that mixes both rates (its bytes at the first and the rest at
 *    the second take its time), rather than at a sample's end: a sample of a quarter second at
 *    40 MiB/s would otherwise put it up to 10 MiB off.
 *
 * Binary segmentation rather than PELT: its cost is O(n × stretches) where PELT with few
 * changes degenerates to O(n²), and a day-long fill has 10⁵ samples.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dyno-segments.h"

void
dyno_segment_options_init (DynoSegmentOptions *options)
{
  g_return_if_fail (options != NULL);
  options->min_samples = DYNO_SEGMENT_MIN_SAMPLES;
  options->penalty = DYNO_SEGMENT_PENALTY;
  options->merge_ratio = DYNO_SEGMENT_MERGE_RATIO;
  options->blip_fraction = DYNO_SEGMENT_BLIP_FRACTION;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median of values[0..n), which it sorts. */
static double
median_of (double *values, guint n)
{
  if (n == 0)
    return NAN;
  qsort (values, n, sizeof (double), compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The robust noise of x[0..n): 1.4826 × MAD of the successive differences, over √2 (a
 * difference of two samples has twice one sample's variance). */
static double
noise_of (const double *x, guint n)
{
  g_autofree double *d = NULL;
  double centre;

  if (n < 3)
    return 0;
  d = g_new (double, n - 1);
  for (guint i = 0; i + 1 < n; i++)
    d[i] = x[i + 1] - x[i];
  centre = median_of (d, n - 1);
  for (guint i = 0; i + 1 < n; i++)
    d[i] = fabs (d[i] - centre);
  return 1.4826 * median_of (d, n - 1) / G_SQRT2;
}

double
dyno_segments_noise (const DynoFillSample *samples, guint n)
{
  g_autofree double *x = NULL;

  g_return_val_if_fail (n == 0 || samples != NULL, 0);
  if (n < 3)
    return 0;
  x = g_new (double, n);
  for (guint i = 0; i < n; i++)
    x[i] = samples[i].rate;
  return noise_of (x, n);
}

/* Prefix sums over the samples, so that any interval's fit costs O(1). */
typedef struct
{
  guint n;
  double *bytes;   /* per sample */
  double *seconds; /* per sample */
  /* prefix sums, n + 1 each: weight, weight × x, weight × x², and for the straight line the
   * position u (the sample's middle, as a fraction of all bytes): w u, w u², w u x */
  double *sw, *swx, *swxx, *swu, *swuu, *swux;
  double *sb, *ss; /* bytes and seconds */
} Sums;

static void
sums_clear (Sums *s)
{
  g_free (s->bytes);
  g_free (s->seconds);
  g_free (s->sw);
  g_free (s->swx);
  g_free (s->swxx);
  g_free (s->swu);
  g_free (s->swuu);
  g_free (s->swux);
  g_free (s->sb);
  g_free (s->ss);
}

/* x: the rates divided by their median (numbers near 1 keep the sums of squares exact). */
static void
sums_init (Sums *s, const DynoFillSample *samples, guint n, const double *x)
{
  double total = samples[n - 1].written;
  double mean_bytes = total / n;
  guint64 before = 0;
  double t_before = 0;

  s->n = n;
  s->bytes = g_new (double, n);
  s->seconds = g_new (double, n);
  s->sw = g_new0 (double, n + 1);
  s->swx = g_new0 (double, n + 1);
  s->swxx = g_new0 (double, n + 1);
  s->swu = g_new0 (double, n + 1);
  s->swuu = g_new0 (double, n + 1);
  s->swux = g_new0 (double, n + 1);
  s->sb = g_new0 (double, n + 1);
  s->ss = g_new0 (double, n + 1);
  for (guint i = 0; i < n; i++)
    {
      double b = samples[i].written > before ? (double) (samples[i].written - before) : 0;
      double sec = samples[i].rate > 0 ? b / samples[i].rate : MAX (samples[i].t - t_before, 0);
      double w = mean_bytes > 0 ? b / mean_bytes : 1;
      double u = total > 0 ? (before + b / 2) / total : 0;

      s->bytes[i] = b;
      s->seconds[i] = sec;
      s->sw[i + 1] = s->sw[i] + w;
      s->swx[i + 1] = s->swx[i] + w * x[i];
      s->swxx[i + 1] = s->swxx[i] + w * x[i] * x[i];
      s->swu[i + 1] = s->swu[i] + w * u;
      s->swuu[i + 1] = s->swuu[i] + w * u * u;
      s->swux[i + 1] = s->swux[i] + w * u * x[i];
      s->sb[i + 1] = s->sb[i] + b;
      s->ss[i + 1] = s->ss[i] + sec;
      before = MAX (before, samples[i].written);
      t_before = samples[i].t;
    }
}

/* The weighted squared error of one level over samples [a, b). */
static double
sse_level (const Sums *s, guint a, guint b)
{
  double w = s->sw[b] - s->sw[a];
  double wx = s->swx[b] - s->swx[a];
  double wxx = s->swxx[b] - s->swxx[a];

  if (w <= 0)
    return 0;
  return MAX (wxx - wx * wx / w, 0);
}

/* The weighted squared error of one straight line (rate against position) over [a, b). */
static double
sse_line (const Sums *s, guint a, guint b)
{
  double w = s->sw[b] - s->sw[a];
  double wx = s->swx[b] - s->swx[a];
  double wu = s->swu[b] - s->swu[a];
  double wuu = s->swuu[b] - s->swuu[a];
  double wux = s->swux[b] - s->swux[a];
  double level = sse_level (s, a, b);
  double suu;
  double sux;

  if (w <= 0)
    return 0;
  suu = wuu - wu * wu / w;
  sux = wux - wu * wx / w;
  if (suu <= 1e-300)
    return level;
  return MAX (level - sux * sux / suu, 0);
}

/* The bytes over the seconds of samples [a, b). */
static double
rate_of (const Sums *s, guint a, guint b)
{
  double seconds = s->ss[b] - s->ss[a];

  return seconds > 0 ? (s->sb[b] - s->sb[a]) / seconds : NAN;
}

/* The cut in [lo, hi] that best splits [a, b) into two levels, and what it saves. */
static guint
best_cut (const Sums *s, guint a, guint b, guint lo, guint hi, double *gain)
{
  double whole = sse_level (s, a, b);
  guint best = lo;

  *gain = -1;
  for (guint c = lo; c <= hi; c++)
    {
      double g = whole - sse_level (s, a, c) - sse_level (s, c, b);

      if (g > *gain)
        {
          *gain = g;
          best = c;
        }
    }
  return best;
}

static int
compare_uints (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a;
  guint y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* Binary segmentation: the cuts (sample indices where a stretch begins), sorted. */
static GArray *
binary_segmentation (const Sums *s, guint m, double threshold)
{
  GArray *cuts = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *todo = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  guint whole[2] = { 0, s->n };

  g_array_append_val (todo, whole);
  while (todo->len > 0)
    {
      guint *span = &g_array_index (todo, guint, (todo->len - 1) * 2);
      guint a = span[0];
      guint b = span[1];
      double gain;
      guint c;

      g_array_set_size (todo, todo->len - 1);
      if (b - a < 2 * m)
        continue;
      c = best_cut (s, a, b, a + m, b - m, &gain);
      if (gain <= threshold)
        continue;
      g_array_append_val (cuts, c);
      {
        guint left[2] = { a, c };
        guint right[2] = { c, b };

        g_array_append_val (todo, left);
        g_array_append_val (todo, right);
      }
    }
  g_array_unref (todo);
  g_array_sort (cuts, compare_uints);
  return cuts;
}

/* Moves each cut to where it best splits the stretch between its neighbours. */
static void
refine_cuts (const Sums *s, GArray *cuts, guint m)
{
  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < cuts->len; k++)
      {
        guint a = k > 0 ? g_array_index (cuts, guint, k - 1) : 0;
        guint b = k + 1 < cuts->len ? g_array_index (cuts, guint, k + 1) : s->n;
        double gain;

        if (b - a < 2 * m)
          continue;
        g_array_index (cuts, guint, k) = best_cut (s, a, b, a + m, b - m, &gain);
      }
}

/* The stretches as sample indices: stretch k is [starts[k], starts[k + 1]), the last one ends
 * at n. */
typedef struct
{
  const Sums *s;
  GArray *starts;
  double total_bytes;
  double threshold; /* what a cut must save: the penalty in squared error */
  const DynoSegmentOptions *options;
} Stretches;

static guint
stretch_start (const Stretches *st, guint k)
{
  return g_array_index (st->starts, guint, k);
}

static guint
stretch_end (const Stretches *st, guint k)
{
  return k + 1 < st->starts->len ? g_array_index (st->starts, guint, k + 1) : st->s->n;
}

/* The stretch's rate: its bytes over their time, less the sample at each knee, which mixes
 * both sides' rates (when the stretch has samples enough to spare them). */
static double
stretch_rate (const Stretches *st, guint k)
{
  guint a = stretch_start (st, k);
  guint b = stretch_end (st, k);

  if (b - a >= 2 * st->options->min_samples)
    {
      if (k > 0)
        a++;
      if (k + 1 < st->starts->len)
        b--;
    }
  return rate_of (st->s, a, b);
}

/* The median of the stretch's sample rates: what it is alike or unlike its neighbours by, which
 * a stall or a spike inside it does not move. */
static double
stretch_level (const Stretches *st, guint k)
{
  guint a = stretch_start (st, k);
  guint b = stretch_end (st, k);
  g_autofree double *rates = g_new (double, b - a);

  for (guint i = a; i < b; i++)
    rates[i - a] = st->s->seconds[i] > 0 ? st->s->bytes[i] / st->s->seconds[i] : 0;
  return median_of (rates, b - a);
}

static double
relative_difference (double a, double b)
{
  double top = MAX (a, b);

  if (!(top > 0))
    return 0;
  return fabs (a - b) / top;
}

static gboolean
stretch_is_short (const Stretches *st, guint k)
{
  guint a = stretch_start (st, k);
  guint b = stretch_end (st, k);
  double bytes = st->s->sb[b] - st->s->sb[a];

  return b - a < 2 * st->options->min_samples
         || bytes < st->options->blip_fraction * st->total_bytes;
}

/* Joins stretch k with the next one. */
static void
join_next (Stretches *st, guint k)
{
  g_array_remove_index (st->starts, k + 1);
}

/* A short stretch between two alike neighbours: a spike or a stall within one stretch. */
static gboolean
absorb_blip (Stretches *st)
{
  for (guint k = 1; k + 1 < st->starts->len; k++)
    if (stretch_is_short (st, k)
        && relative_difference (stretch_level (st, k - 1), stretch_level (st, k + 1))
               < 2 * st->options->merge_ratio)
      {
        join_next (st, k);
        join_next (st, k - 1);
        return TRUE;
      }
  /* A few samples between two different levels: the way from one to the other (a sample
   * across the knee mixes both rates), which joins the level closer to it. */
  for (guint k = 1; k + 1 < st->starts->len; k++)
    if (stretch_end (st, k) - stretch_start (st, k) < 2 * st->options->min_samples)
      {
        double rate = stretch_level (st, k);

        if (relative_difference (rate, stretch_level (st, k - 1))
            < relative_difference (rate, stretch_level (st, k + 1)))
          join_next (st, k - 1);
        else
          join_next (st, k);
        return TRUE;
      }
  /* At the ends: starting up, or the last flush; a faster first stretch is a cache. */
  if (st->starts->len >= 2)
    {
      guint last = st->starts->len - 1;

      if (stretch_is_short (st, 0) && stretch_level (st, 0) < stretch_level (st, 1))
        {
          join_next (st, 0);
          return TRUE;
        }
      if (stretch_is_short (st, last) && stretch_level (st, last) < stretch_level (st, last - 1))
        {
          join_next (st, last - 1);
          return TRUE;
        }
    }
  return FALSE;
}

/* The two alike neighbours closest in rate, when they are within merge_ratio. */
static gboolean
merge_close (Stretches *st)
{
  double best = st->options->merge_ratio;
  int found = -1;

  for (guint k = 0; k + 1 < st->starts->len; k++)
    {
      double d = relative_difference (stretch_level (st, k), stretch_level (st, k + 1));

      if (d < best)
        {
          best = d;
          found = (int) k;
        }
    }
  if (found < 0)
    return FALSE;
  join_next (st, (guint) found);
  return TRUE;
}

/* The stretch's samples less the one at each cut, which mixes both sides' rates, when it has
 * more than two: [*a, *b). */
static void
trimmed (const Stretches *st, guint k, guint *a, guint *b)
{
  *a = stretch_start (st, k);
  *b = stretch_end (st, k);
  if (*b - *a > 2)
    {
      if (k > 0)
        (*a)++;
      if (k + 1 < st->starts->len)
        (*b)--;
    }
}

/* Neighbours whose cut no longer pays its penalty, now that the cuts moved and stretches
 * joined, judged without the samples at the cuts: the weakest first. */
static gboolean
merge_insignificant (Stretches *st)
{
  const Sums *s = st->s;
  double weakest = st->threshold;
  int found = -1;

  for (guint k = 0; k + 1 < st->starts->len; k++)
    {
      guint a1, b1, a2, b2;
      double w, wx, wxx, both;
      double gain;

      trimmed (st, k, &a1, &b1);
      trimmed (st, k + 1, &a2, &b2);
      w = s->sw[b1] - s->sw[a1] + s->sw[b2] - s->sw[a2];
      wx = s->swx[b1] - s->swx[a1] + s->swx[b2] - s->swx[a2];
      wxx = s->swxx[b1] - s->swxx[a1] + s->swxx[b2] - s->swxx[a2];
      both = w > 0 ? MAX (wxx - wx * wx / w, 0) : 0;
      gain = both - sse_level (s, a1, b1) - sse_level (s, a2, b2);
      if (gain <= weakest)
        {
          weakest = gain;
          found = (int) k;
        }
    }
  if (found < 0)
    return FALSE;
  join_next (st, (guint) found);
  return TRUE;
}

/* Neighbours one straight line fits at least as well as two levels: a drift cut in steps. */
static gboolean
merge_drift (Stretches *st)
{
  double best = 0;
  int found = -1;

  for (guint k = 0; k + 1 < st->starts->len; k++)
    {
      guint a = stretch_start (st, k);
      guint c = stretch_end (st, k);
      guint b = stretch_end (st, k + 1);
      double saving = sse_level (st->s, a, c) + sse_level (st->s, c, b) - sse_line (st->s, a, b);

      if (saving >= best)
        {
          best = saving;
          found = (int) k;
        }
    }
  if (found < 0)
    return FALSE;
  join_next (st, (guint) found);
  return TRUE;
}

/* Where in sample i, which starts at byte `from`, the rate went from `before` to `after`: the
 * bytes x at the first rate and the rest at the second take the sample's time,
 * x / before + (b − x) / after = seconds. -1 when the sample's rate is not between the two
 * (it is not the one that mixes them). */
static double
knee_in_sample (const Sums *s, guint i, double from, double before, double after)
{
  double b = s->bytes[i];
  double seconds = s->seconds[i];
  double rate = seconds > 0 ? b / seconds : NAN;
  double x;

  if (!(rate > MIN (before, after) && rate < MAX (before, after)) || before == after)
    return -1;
  x = (seconds - b / after) / (1 / before - 1 / after);
  return from + CLAMP (x, 0, b);
}

/* The knee between stretch k and the next, in bytes: inside the sample that mixes both rates
 * (the last of k or the first of the next), else at their boundary. */
static double
knee_of (const Stretches *st, guint k)
{
  guint c = stretch_end (st, k);
  double before = stretch_rate (st, k);
  double after = stretch_rate (st, k + 1);
  double knee;

  knee = knee_in_sample (st->s, c - 1, st->s->sb[c - 1], before, after);
  if (knee < 0)
    knee = knee_in_sample (st->s, c, st->s->sb[c], before, after);
  return knee >= 0 ? knee : st->s->sb[c];
}

GArray *
dyno_segments_find (const DynoFillSample    *samples,
                    guint                    n,
                    const DynoSegmentOptions *options)
{
  DynoSegmentOptions defaults;
  GArray *out = g_array_new (FALSE, TRUE, sizeof (DynoFillSegment));
  g_autofree double *x = NULL;
  g_autofree double *sorted = NULL;
  g_autoptr (GArray) cuts = NULL;
  Sums sums = { 0 };
  Stretches st = { 0 };
  double scale;
  double sigma;
  guint m;

  g_return_val_if_fail (n == 0 || samples != NULL, out);
  if (options == NULL)
    {
      dyno_segment_options_init (&defaults);
      options = &defaults;
    }
  if (n == 0 || samples[n - 1].written == 0)
    return out;
  m = MAX (options->min_samples, 1);

  /* The logarithm of the rates: a drive's noise grows with its rate (3 % of 3 GB/s is more
   * than 3 % of 1 GB/s), and in logarithms it is the same on every stretch, so one noise
   * figure serves them all. Floored at a thousandth of the median, so that a stall is an
   * outlier and not minus infinity. */
  x = g_new (double, n);
  sorted = g_new (double, n);
  for (guint i = 0; i < n; i++)
    sorted[i] = isfinite (samples[i].rate) ? MAX (samples[i].rate, 0) : 0;
  scale = median_of (sorted, n);
  if (!(scale > 0))
    scale = 1;
  for (guint i = 0; i < n; i++)
    x[i] = log (MAX (isfinite (samples[i].rate) ? samples[i].rate : 0, scale * 1e-3) / scale);
  /* A perfectly steady curve has no noise to speak of: 0.2 % keeps the penalty finite. */
  sigma = MAX (noise_of (x, n), 0.002);

  sums_init (&sums, samples, n, x);
  st.threshold = options->penalty * log (MAX (n, 2)) * sigma * sigma;
  cuts = binary_segmentation (&sums, m, st.threshold);
  refine_cuts (&sums, cuts, m);

  st.s = &sums;
  st.options = options;
  st.total_bytes = sums.sb[n];
  st.starts = g_array_new (FALSE, FALSE, sizeof (guint));
  {
    guint zero = 0;

    g_array_append_val (st.starts, zero);
  }
  for (guint k = 0; k < cuts->len; k++)
    {
      guint c = g_array_index (cuts, guint, k);

      /* refine_cuts may have moved two cuts onto one place */
      if (c > g_array_index (st.starts, guint, st.starts->len - 1) && c < n)
        g_array_append_val (st.starts, c);
    }
  while (absorb_blip (&st) || merge_close (&st) || merge_insignificant (&st)
         || merge_drift (&st))
    ;

  for (guint k = 0; k < st.starts->len; k++)
    {
      DynoFillSegment segment = {
        .start = k > 0 ? g_array_index (out, DynoFillSegment, k - 1).end : 0,
        .end = k + 1 < st.starts->len ? (guint64) llround (knee_of (&st, k))
                                      : samples[n - 1].written,
        .rate = stretch_rate (&st, k),
      };

      /* The samples' own count of bytes, to the byte, where they are not split. */
      if (k + 1 < st.starts->len && segment.end == (guint64) st.s->sb[stretch_end (&st, k)])
        segment.end = samples[stretch_end (&st, k) - 1].written;
      segment.end = MAX (segment.end, segment.start);
      g_array_append_val (out, segment);
    }
  g_array_unref (st.starts);
  sums_clear (&sums);
  return out;
}
