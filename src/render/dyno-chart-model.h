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

/* Samples further apart than this many sample intervals (or bucket widths, when those are wider)
 * have a gap between them: the sampler was paused (a delete phase putting its files back between
 * passes, an eviction), or no phase ran (a rest, a calibration, another target's turn). Lines
 * break there: the chart draws only where samples are. Four intervals leave room for a sampler
 * woken late on a busy machine, whose sample still covers the time since the last one. */
#define DYNO_CHART_MODEL_GAP_FACTOR 4.0

/* The rate axis ends at the highest sample unless a few stand far above the rest: then at this
 * percentile of the samples, with DYNO_CHART_MODEL_HEADROOM over it, and the points above are
 * drawn clipped and marked at the top edge. One 5 GB/s sample of a read served from a cache
 * would otherwise flatten a 200 MB/s curve into its axis. */
#define DYNO_CHART_MODEL_SCALE_PERCENTILE 0.98
#define DYNO_CHART_MODEL_HEADROOM 1.25

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
  /* No samples for a while before this point (DYNO_CHART_MODEL_GAP_FACTOR): lines break here. */
  gboolean gap_before;
} DynoChartPoint;

/* A stretch of one phase (one repeat of it), drawn in the phase's colour. */
typedef struct
{
  const DynoPhase *phase;
  guint target;
  guint repeat;
  double t_start;                /* first and last sample time */
  double t_end;
  /* TRUE when this segment follows the unit's previous segment without a gap (the previous sample
   * of the target was of that segment, and no more than DYNO_CHART_MODEL_GAP_FACTOR intervals
   * before): the CPU lines run on across the phase boundary instead of breaking. */
  gboolean joined;
  /* When the phase's clock started (its first sample's t less its phase_t), and the time of
   * the sample before the segment's first in the model, of any unit (NAN when none): what lies
   * between is preparation or a rest, not measured. */
  double phase_start;
  double prev_t;
  /* The phase run's own figure once it ended (dyno_chart_model_set_figure), NAN before. With
   * flushed, it counts until the data were on the disk (an fsync or syncfs returned), while the
   * curve counts the writes as they returned, most into the page cache: the two differ, and the
   * chart draws both. */
  double figure;
  gboolean flushed;
  /* TRUE when some point stands for more than one sample: rate_min/rate_max then differ. */
  gboolean decimated;
  guint n_points;
  const DynoChartPoint *points;  /* in time order; valid until the next append or clear */
} DynoChartSegment;

typedef struct _DynoChartModel DynoChartModel;

/* What several charts of one run share, so their axes read alike: the end of the time axis and
 * the tops of the rate axes (per unit) and the CPU axis. 0 leaves an axis to the model. */
typedef struct
{
  double t_end;
  double rate_top[2];
  double cpu_top;
} DynoChartRange;

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
/* Where the unit's rate axis should end: the highest rate, or, when a few samples stand far
 * above the rest, DYNO_CHART_MODEL_SCALE_PERCENTILE of them with headroom (then below
 * dyno_chart_model_get_rate_max: the points above are clipped). 0 when none. */
double          dyno_chart_model_get_rate_top (const DynoChartModel *model, DynoUnit unit);
/* The sample interval, as the samples tell it (their median spacing); NAN before two samples. */
double          dyno_chart_model_get_sample_interval (const DynoChartModel *model);
/* The axes this chart shares with its run's others (see DynoChartRange); NULL: none. */
void            dyno_chart_model_set_shared_range (DynoChartModel       *model,
                                                   const DynoChartRange *range);
void            dyno_chart_model_get_shared_range (const DynoChartModel *model,
                                                   DynoChartRange       *range);
/* The model's own axes: its last sample time, its rate tops and its highest CPU figure, to
 * merge with other charts' into a shared range. */
void            dyno_chart_model_get_own_range (const DynoChartModel *model,
                                                DynoChartRange       *range);
/* Merges other into range: the larger of each. */
void            dyno_chart_range_merge (DynoChartRange *range, const DynoChartRange *other);
/* The phase run's own figure, once it ended: of the last segment of target, repeat and phase
 * (none: nothing happens). flushed: the figure includes an fsync or syncfs the curve does not
 * show (see DynoChartSegment). */
void            dyno_chart_model_set_figure (DynoChartModel  *model,
                                             guint            target,
                                             guint            repeat,
                                             const DynoPhase *phase,
                                             double           figure,
                                             gboolean         flushed);
/* dyno_chart_model_set_figure with a phase run's figure, flushed when it includes a flush of
 * writes that did not go round the page cache. */
void            dyno_chart_model_set_run (DynoChartModel     *model,
                                          guint               target,
                                          const DynoPhase    *phase,
                                          const DynoPhaseRun *run);
/* The figures of a result's runs, for the samples of its target target_index appended. */
void            dyno_chart_model_set_figures_from_result (DynoChartModel *model,
                                                          DynoResult     *result,
                                                          guint           target_index);
/* Seconds of rest before each queued phase (DynoConfig.interval): drawn as a rest before
 * their segments. 0: none. */
void            dyno_chart_model_set_rest (DynoChartModel *model, double seconds);
double          dyno_chart_model_get_rest (const DynoChartModel *model);
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
