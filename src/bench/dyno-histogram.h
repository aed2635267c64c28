/* dyno-histogram.h: log-bucketed latency histogram (about 3 % resolution, 1 ns to hours)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _DynoHistogram DynoHistogram;

DynoHistogram *dyno_histogram_new (void);
void           dyno_histogram_free (DynoHistogram *histogram);
void           dyno_histogram_reset (DynoHistogram *histogram);
void           dyno_histogram_record (DynoHistogram *histogram, guint64 ns);
void           dyno_histogram_merge (DynoHistogram *dest, const DynoHistogram *src);
guint64        dyno_histogram_count (const DynoHistogram *histogram);
guint64        dyno_histogram_max (const DynoHistogram *histogram);
guint64        dyno_histogram_min (const DynoHistogram *histogram);
double         dyno_histogram_mean (const DynoHistogram *histogram);
/* p in [0, 100]; the upper bound of the bucket holding that rank, clamped to the true max */
guint64        dyno_histogram_percentile (const DynoHistogram *histogram, double p);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoHistogram, dyno_histogram_free)

G_END_DECLS
