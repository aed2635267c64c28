/* dyno-segments.h: a fill's curve cut into steady stretches (change-point detection)
 *
 * A sustained write's rate against the bytes written is flat for a while (a drive's fast
 * cache), falls at a knee, and is flat again (the drive's own speed), perhaps more than once.
 * dyno_segments_find () says where those stretches are and how fast each was, and nothing
 * more: noise, a short spike or stall inside a stretch and a slow drift are not knees. Pure
 * arithmetic, so that tests run it on synthetic curves with known knees.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One point of a fill's curve: what was written during one sampling interval. */
typedef struct
{
  guint64 written; /* bytes written since the pass began, when the sample ended */
  double rate;     /* bytes per second over the sample: its bytes over its time */
  double t;        /* seconds since the pass began, when the sample ended */
} DynoFillSample;

/* A steady stretch of the curve. */
typedef struct
{
  guint64 start; /* bytes written since the pass began, where it starts */
  guint64 end;   /* where it ends: the next one's start, or the pass's last byte */
  double rate;   /* bytes per second: its bytes over the time they took */
} DynoFillSegment;

typedef struct
{
  /* Samples a stretch has at least (the search never cuts shorter ones). */
  guint min_samples;
  /* A change must lower the squared error by this many noise variances times ln n
   * (the number of samples): a penalized-likelihood criterion in the manner of BIC. */
  double penalty;
  /* Neighbours whose typical (median) sample rates differ by less than this fraction are one
   * stretch. */
  double merge_ratio;
  /* A stretch holding less than this fraction of the bytes, between two neighbours that are
   * alike (within twice merge_ratio), is a spike or a stall inside one stretch. */
  double blip_fraction;
} DynoSegmentOptions;

#define DYNO_SEGMENT_MIN_SAMPLES 4
#define DYNO_SEGMENT_PENALTY 4.0
#define DYNO_SEGMENT_MERGE_RATIO 0.05
#define DYNO_SEGMENT_BLIP_FRACTION 0.03

void    dyno_segment_options_init (DynoSegmentOptions *options);

/* The steady stretches of samples[0..n) (in the order written, `written` increasing), in
 * order, covering the curve from 0 to the last sample's `written` without gaps:
 * DynoFillSegment. options NULL: the defaults. No samples: an empty array. */
GArray *dyno_segments_find (const DynoFillSample    *samples,
                            guint                    n,
                            const DynoSegmentOptions *options);

/* The noise of the rates: the standard deviation a sample's rate has around its stretch's,
 * estimated from the median absolute deviation of successive differences (a knee is one
 * large difference among many and leaves it alone). 0 for fewer than 3 samples. */
double  dyno_segments_noise (const DynoFillSample *samples, guint n);

G_END_DECLS
