/* dyno-histogram.c
 *
 * Log-linear buckets: values below 32 ns are exact; above, each power of two is split into
 * 32 equal sub-buckets, so a bucket is at most 1/32 (about 3 %) of its value wide.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-histogram.h"

#define SUB_BITS 5
#define SUB_COUNT (1u << SUB_BITS)
#define N_BUCKETS (SUB_COUNT + (64 - SUB_BITS) * SUB_COUNT)

struct _DynoHistogram
{
  guint64 count;
  guint64 min;
  guint64 max;
  double sum;
  guint64 buckets[N_BUCKETS];
};

static inline guint
bucket_of (guint64 v)
{
  guint msb;

  if (v < SUB_COUNT)
    return (guint) v;
  msb = 63 - __builtin_clzll (v);
  return SUB_COUNT + (msb - SUB_BITS) * SUB_COUNT
         + (guint) ((v >> (msb - SUB_BITS)) & (SUB_COUNT - 1));
}

static guint64
bucket_upper (guint index)
{
  guint msb;
  guint sub;
  guint64 lower;

  if (index < SUB_COUNT)
    return index;
  msb = (index - SUB_COUNT) / SUB_COUNT + SUB_BITS;
  sub = (index - SUB_COUNT) % SUB_COUNT;
  lower = (guint64) (SUB_COUNT + sub) << (msb - SUB_BITS);
  return lower + ((G_GUINT64_CONSTANT (1) << (msb - SUB_BITS)) - 1);
}

DynoHistogram *
dyno_histogram_new (void)
{
  DynoHistogram *h = g_new0 (DynoHistogram, 1);

  h->min = G_MAXUINT64;
  return h;
}

void
dyno_histogram_free (DynoHistogram *histogram)
{
  g_free (histogram);
}

void
dyno_histogram_reset (DynoHistogram *histogram)
{
  memset (histogram, 0, sizeof *histogram);
  histogram->min = G_MAXUINT64;
}

void
dyno_histogram_record (DynoHistogram *h, guint64 ns)
{
  h->buckets[bucket_of (ns)]++;
  h->count++;
  h->sum += (double) ns;
  if (ns > h->max)
    h->max = ns;
  if (ns < h->min)
    h->min = ns;
}

void
dyno_histogram_merge (DynoHistogram *dest, const DynoHistogram *src)
{
  for (guint i = 0; i < N_BUCKETS; i++)
    dest->buckets[i] += src->buckets[i];
  dest->count += src->count;
  dest->sum += src->sum;
  dest->max = MAX (dest->max, src->max);
  dest->min = MIN (dest->min, src->min);
}

guint64
dyno_histogram_count (const DynoHistogram *histogram)
{
  return histogram->count;
}

guint64
dyno_histogram_max (const DynoHistogram *histogram)
{
  return histogram->max;
}

guint64
dyno_histogram_min (const DynoHistogram *histogram)
{
  return histogram->count ? histogram->min : 0;
}

double
dyno_histogram_mean (const DynoHistogram *histogram)
{
  return histogram->count ? histogram->sum / (double) histogram->count : NAN;
}

guint64
dyno_histogram_percentile (const DynoHistogram *h, double p)
{
  guint64 rank;
  guint64 seen = 0;

  if (h->count == 0)
    return 0;
  if (p >= 100)
    return h->max;
  if (p <= 0)
    return h->min;

  rank = (guint64) ceil (p / 100.0 * (double) h->count);
  if (rank == 0)
    rank = 1;
  for (guint i = 0; i < N_BUCKETS; i++)
    {
      seen += h->buckets[i];
      if (seen >= rank)
        return CLAMP (bucket_upper (i), h->min, h->max);
    }
  return h->max;
}
