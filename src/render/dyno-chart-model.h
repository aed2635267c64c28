/* dyno-chart-model.h: one target's samples, prepared for drawing as they arrive
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-phase.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* The model keeps no samples: each one lands in a time bucket of its unit's series, and drawing
 * iterates the buckets. A bucket keeps the min and max rate of its samples, so a one-sample spike
 * survives decimation. The bucket width starts below the sample interval (one sample per bucket)
 * and doubles, merging neighbours, whenever a unit holds more than this many buckets: an hour at
 * 10 Hz draws as 256 to 512 points, two or three pixels apart on a typical window: cairo's
 * stroker costs grow with the points, and finer than that only adds jitter the min/max band shows
 * anyway. */
#define DYNO_CHART_MODEL_MAX_BUCKETS 512
#define DYNO_CHART_MODEL_FIRST_WIDTH 0.03125 /* s; a power of two keeps bucket edges exact */

/* One bucket, ready to draw. Means are over the bucket's samples; NAN when none was known. */
typedef struct
{
  double t;           /* mean sample time, seconds since the run started */
  double rate;        /* mean rate, B/s or ops/s */
  double rate_min;
  double rate_max;
  double process_cpu; /* % of one CPU */
  double system_cpu;  /* user + system, % of the machine */
  double iowait;      /* % of the machine */
} DynoChartPoint;

/* A stretch of one phase (one repeat of it), drawn in the phase's colour. */
typedef struct
{
  const DynoPhase *phase;
  guint target;
  guint repeat;
  double t_start;                /* first and last sample time */
  double t_end;
  /* TRUE when this segment follows the unit's previous segment without a gap: the CPU lines run
   * on across the phase boundary instead of breaking. */
  gboolean joined;
  /* TRUE when some point stands for more than one sample: rate_min/rate_max then differ. */
  gboolean decimated;
  guint n_points;
  const DynoChartPoint *points;  /* in time order; valid until the next append or clear */
} DynoChartSegment;

typedef struct _DynoChartModel DynoChartModel;

DynoChartModel *dyno_chart_model_new (void);
/* A deep copy, cheap (the points, not the samples): for drawing in another thread. */
DynoChartModel *dyno_chart_model_copy (const DynoChartModel *model);
void            dyno_chart_model_free (DynoChartModel *model);
void            dyno_chart_model_clear (DynoChartModel *model);
/* Samples in time order (later batches after earlier ones); rates that are NAN are skipped. */
void            dyno_chart_model_append (DynoChartModel   *model,
                                         const DynoSample *samples,
                                         guint             n_samples);
guint           dyno_chart_model_get_n_samples (const DynoChartModel *model);
/* The phase of the latest sample, or NULL when empty. */
const DynoPhase *dyno_chart_model_get_last_phase (const DynoChartModel *model);

/* Per unit: the byte phases (MB/s) and the operation phases (ops/s) are two series, drawn in
 * two panels. */
guint           dyno_chart_model_get_n_unit_samples (const DynoChartModel *model, DynoUnit unit);
/* The first and last sample time of either unit; FALSE when there is none. */
gboolean        dyno_chart_model_get_run_time_range (const DynoChartModel *model,
                                                     double               *t_min,
                                                     double               *t_max);
/* FALSE when the unit has no samples yet. */
gboolean        dyno_chart_model_get_time_range (const DynoChartModel *model,
                                                 DynoUnit              unit,
                                                 double               *t_min,
                                                 double               *t_max);
/* The highest rate of any sample of the unit; 0 when none. */
double          dyno_chart_model_get_rate_max (const DynoChartModel *model, DynoUnit unit);
/* The highest CPU figure (process, system or iowait); 0 when none. */
double          dyno_chart_model_get_cpu_max (const DynoChartModel *model, DynoUnit unit);
/* The current bucket width in seconds. */
double          dyno_chart_model_get_bucket_width (const DynoChartModel *model, DynoUnit unit);
guint           dyno_chart_model_get_n_points (const DynoChartModel *model, DynoUnit unit);
guint           dyno_chart_model_get_n_segments (const DynoChartModel *model, DynoUnit unit);
const DynoChartSegment *dyno_chart_model_get_segment (const DynoChartModel *model,
                                                      DynoUnit              unit,
                                                      guint                 index);
/* Changes whenever points already handed out were rewritten (a coarsening, a clear), not when
 * samples only extend the series (new points, the last point updated): a drawing cache may then
 * redraw just the tail. */
guint           dyno_chart_model_get_generation (const DynoChartModel *model, DynoUnit unit);
/* The phases (const DynoPhase *) with at least one segment in the unit, in dyno_phase_compare
 * order, for a legend; free it. */
GPtrArray      *dyno_chart_model_get_phases (const DynoChartModel *model, DynoUnit unit);
/* How many those are. The set only grows until a clear, which changes the generation. */
guint           dyno_chart_model_get_n_phases (const DynoChartModel *model, DynoUnit unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoChartModel, dyno_chart_model_free)

G_END_DECLS
