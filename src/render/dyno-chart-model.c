/* dyno-chart-model.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-chart-model.h"

#define N_UNITS 2
/* The sample spacings the interval is the median of; the first ones are enough to know it. */
#define N_SPACINGS 63
/* Rates go into bins an eighth of an octave wide (9 %), from 1 B/s or op/s to 2^64: enough for
 * a percentile that sets an axis, without keeping the samples. */
#define BINS_PER_OCTAVE 8
#define N_BINS (64 * BINS_PER_OCTAVE)

/* What a bucket's point is computed from; kept so later samples and merges stay exact. */
typedef struct
{
  gint64 index;   /* floor (t / width) */
  guint n;
  double t_first; /* its first and last sample time: the gaps between buckets */
  double t_last;
  gboolean gap_before;
  double t_sum;
  guint n_rate;
  double rate_sum;
  double rate_min;
  double rate_max;
  guint n_process;
  double process_sum;
  guint n_system;
  double system_sum;
  guint n_iowait;
  double iowait_sum;
} Bucket;

typedef struct
{
  DynoChartSegment pub;
  GArray *buckets; /* Bucket */
  GArray *points;  /* DynoChartPoint, one per bucket */
} Segment;

typedef struct
{
  GPtrArray *segments; /* Segment* */
  double width;
  guint n_points;
  guint n_samples;
  double t_min;
  double t_max;
  double rate_max;
  double cpu_max;
  GPtrArray *phases; /* const DynoPhase *, each once, in the order they came */
  guint generation;
  /* The samples' rates by octave bins, for the percentile that sets the axis: n_zero at or below
   * 1, the others in bins[floor (log2 (rate) * BINS_PER_OCTAVE)]. */
  guint n_rates;
  guint n_low;
  guint bins[N_BINS];
} Series;

struct _DynoChartModel
{
  Series series[N_UNITS];
  guint n_samples;
  guint generations; /* hands out Series.generation, so a clear never repeats an old value */
  /* The latest sample, to tell whether the next one continues its segment. */
  gboolean have_last;
  const DynoPhase *last_phase;
  guint last_target;
  guint last_repeat;
  double last_t;
  guint64 last_done;
  /* Spacings of samples within a phase, sorted, and the phase_t of phases' first samples (the
   * sampler's first tick comes one interval after the phase starts): the interval is their
   * median. */
  double spacings[N_SPACINGS];
  guint n_spacings;
  DynoChartRange shared;
  double rest;
};

static void
segment_free (gpointer data)
{
  Segment *segment = data;

  g_array_unref (segment->buckets);
  g_array_unref (segment->points);
  g_free (segment);
}

static void
segment_sync (Segment *segment)
{
  segment->pub.points = (const DynoChartPoint *) (gpointer) segment->points->data;
  segment->pub.n_points = segment->points->len;
}

static void
series_init (Series *series, guint generation)
{
  series->segments = g_ptr_array_new_with_free_func (segment_free);
  series->width = DYNO_CHART_MODEL_FIRST_WIDTH;
  series->n_points = 0;
  series->n_samples = 0;
  series->t_min = INFINITY;
  series->t_max = -INFINITY;
  series->rate_max = 0;
  series->cpu_max = 0;
  series->phases = g_ptr_array_new ();
  series->generation = generation;
  series->n_rates = 0;
  series->n_low = 0;
  memset (series->bins, 0, sizeof series->bins);
}

static void
bucket_init (Bucket *bucket, gint64 index, double t, gboolean gap_before)
{
  *bucket = (Bucket) {
    .index = index,
    .t_first = t,
    .t_last = t,
    .gap_before = gap_before,
    .rate_min = INFINITY,
    .rate_max = -INFINITY,
  };
}

static void
bucket_add (Bucket *bucket, const DynoSample *sample)
{
  double system = sample->system_cpu.user + sample->system_cpu.system;

  bucket->n++;
  bucket->t_sum += sample->t;
  bucket->t_last = sample->t;
  if (isfinite (sample->rate))
    {
      bucket->n_rate++;
      bucket->rate_sum += sample->rate;
      bucket->rate_min = MIN (bucket->rate_min, sample->rate);
      bucket->rate_max = MAX (bucket->rate_max, sample->rate);
    }
  if (isfinite (sample->process_cpu))
    {
      bucket->n_process++;
      bucket->process_sum += sample->process_cpu;
    }
  if (isfinite (system))
    {
      bucket->n_system++;
      bucket->system_sum += system;
    }
  if (isfinite (sample->system_cpu.iowait))
    {
      bucket->n_iowait++;
      bucket->iowait_sum += sample->system_cpu.iowait;
    }
}

static void
bucket_merge (Bucket *into, const Bucket *from)
{
  into->n += from->n;
  into->t_sum += from->t_sum;
  into->t_last = from->t_last;
  into->n_rate += from->n_rate;
  into->rate_sum += from->rate_sum;
  into->rate_min = MIN (into->rate_min, from->rate_min);
  into->rate_max = MAX (into->rate_max, from->rate_max);
  into->n_process += from->n_process;
  into->process_sum += from->process_sum;
  into->n_system += from->n_system;
  into->system_sum += from->system_sum;
  into->n_iowait += from->n_iowait;
  into->iowait_sum += from->iowait_sum;
}

static void
bucket_to_point (const Bucket *bucket, DynoChartPoint *point)
{
  point->t = bucket->t_sum / bucket->n;
  if (bucket->n_rate > 0)
    {
      point->rate = bucket->rate_sum / bucket->n_rate;
      point->rate_min = bucket->rate_min;
      point->rate_max = bucket->rate_max;
    }
  else
    {
      point->rate = point->rate_min = point->rate_max = NAN;
    }
  point->process_cpu = bucket->n_process ? bucket->process_sum / bucket->n_process : NAN;
  point->system_cpu = bucket->n_system ? bucket->system_sum / bucket->n_system : NAN;
  point->iowait = bucket->n_iowait ? bucket->iowait_sum / bucket->n_iowait : NAN;
  point->gap_before = bucket->gap_before;
}

static double
model_interval (const DynoChartModel *model)
{
  return model->n_spacings > 0 ? model->spacings[model->n_spacings / 2] : NAN;
}

static void
add_spacing (DynoChartModel *model, double spacing)
{
  guint i;

  if (!(spacing > 0) || model->n_spacings >= N_SPACINGS)
    return;
  for (i = model->n_spacings; i > 0 && model->spacings[i - 1] > spacing; i--)
    model->spacings[i] = model->spacings[i - 1];
  model->spacings[i] = spacing;
  model->n_spacings++;
}

/* How far apart two samples (or buckets) may be and still be joined by a line. */
static double
gap_threshold (const DynoChartModel *model, const Series *series)
{
  double interval = model_interval (model);

  if (isnan (interval))
    return INFINITY;
  return DYNO_CHART_MODEL_GAP_FACTOR * MAX (interval, series->width);
}

static gint64
half_index (gint64 index)
{
  /* floor (index / 2), also below zero */
  return index >= 0 ? index / 2 : -((-index + 1) / 2);
}

/* Doubles the bucket width: neighbours that now share a bucket merge, each segment on its own so
 * no bucket mixes two phases. Costs one pass, and happens once per doubling of the run time. */
static void
series_coarsen (Series *series, guint generation)
{
  series->width *= 2;
  series->generation = generation;
  series->n_points = 0;

  for (guint s = 0; s < series->segments->len; s++)
    {
      Segment *segment = g_ptr_array_index (series->segments, s);
      Bucket *buckets = (Bucket *) (gpointer) segment->buckets->data;
      DynoChartPoint *points = (DynoChartPoint *) (gpointer) segment->points->data;
      guint out = 0;

      for (guint i = 0; i < segment->buckets->len; i++)
        {
          gint64 index = half_index (buckets[i].index);

          if (out > 0 && buckets[out - 1].index == index)
            {
              bucket_merge (&buckets[out - 1], &buckets[i]);
              segment->pub.decimated = TRUE;
            }
          else
            {
              buckets[out] = buckets[i];
              buckets[out].index = index;
              out++;
            }
        }
      /* Wider buckets hide gaps narrower than a few of them, as they hide the samples'
       * spacing: a line then runs on where it did not. */
      for (guint i = 1; i < out; i++)
        buckets[i].gap_before = buckets[i].gap_before
                                && buckets[i].t_first - buckets[i - 1].t_last
                                       > DYNO_CHART_MODEL_GAP_FACTOR * series->width;
      for (guint i = 0; i < out; i++)
        bucket_to_point (&buckets[i], &points[i]);

      g_array_set_size (segment->buckets, out);
      g_array_set_size (segment->points, out);
      segment_sync (segment);
      series->n_points += out;
    }
}

static void
series_add_rate (Series *series, double rate)
{
  if (!isfinite (rate))
    return;
  series->n_rates++;
  if (rate <= 1)
    series->n_low++;
  else
    series->bins[MIN ((guint) floor (log2 (rate) * BINS_PER_OCTAVE), N_BINS - 1)]++;
}

static void
series_add (DynoChartModel   *model,
            Series           *series,
            const DynoSample *sample,
            gboolean          new_segment,
            gboolean          joined,
            gboolean          gap)
{
  Segment *segment;
  gint64 index = (gint64) floor (sample->t / series->width);
  Bucket *bucket;
  double system;

  if (new_segment || series->segments->len == 0)
    {
      segment = g_new0 (Segment, 1);
      segment->buckets = g_array_new (FALSE, FALSE, sizeof (Bucket));
      segment->points = g_array_new (FALSE, FALSE, sizeof (DynoChartPoint));
      segment->pub.phase = sample->phase;
      segment->pub.target = sample->target;
      segment->pub.repeat = sample->repeat;
      segment->pub.t_start = sample->t;
      segment->pub.phase_start = isfinite (sample->phase_t) ? sample->t - sample->phase_t
                                                             : sample->t;
      segment->pub.prev_t = model->have_last ? model->last_t : NAN;
      segment->pub.figure = NAN;
      segment->pub.joined = joined && !gap && series->segments->len > 0;
      gap = FALSE;
      g_ptr_array_add (series->segments, segment);
      if (!g_ptr_array_find (series->phases, sample->phase, NULL))
        g_ptr_array_add (series->phases, (gpointer) sample->phase);
    }
  else
    {
      segment = g_ptr_array_index (series->segments, series->segments->len - 1);
    }

  if (segment->buckets->len > 0
      && g_array_index (segment->buckets, Bucket, segment->buckets->len - 1).index == index)
    {
      bucket = &g_array_index (segment->buckets, Bucket, segment->buckets->len - 1);
    }
  else
    {
      Bucket empty;
      DynoChartPoint point = { 0 };

      bucket_init (&empty, index, sample->t, gap && segment->buckets->len > 0);
      g_array_append_val (segment->buckets, empty);
      g_array_append_val (segment->points, point);
      bucket = &g_array_index (segment->buckets, Bucket, segment->buckets->len - 1);
      series->n_points++;
    }

  bucket_add (bucket, sample);
  if (bucket->n > 1)
    segment->pub.decimated = TRUE;
  bucket_to_point (bucket,
                   &g_array_index (segment->points, DynoChartPoint, segment->points->len - 1));
  segment->pub.t_end = sample->t;
  segment_sync (segment);

  series->n_samples++;
  series_add_rate (series, sample->rate);
  series->t_min = MIN (series->t_min, sample->t);
  series->t_max = MAX (series->t_max, sample->t);
  if (isfinite (sample->rate))
    series->rate_max = MAX (series->rate_max, sample->rate);
  system = sample->system_cpu.user + sample->system_cpu.system;
  if (isfinite (sample->process_cpu))
    series->cpu_max = MAX (series->cpu_max, sample->process_cpu);
  if (isfinite (system))
    series->cpu_max = MAX (series->cpu_max, system);
  if (isfinite (sample->system_cpu.iowait))
    series->cpu_max = MAX (series->cpu_max, sample->system_cpu.iowait);

  if (series->n_points > DYNO_CHART_MODEL_MAX_BUCKETS)
    series_coarsen (series, ++model->generations);
}

DynoChartModel *
dyno_chart_model_new (void)
{
  DynoChartModel *model = g_new0 (DynoChartModel, 1);

  for (guint u = 0; u < N_UNITS; u++)
    series_init (&model->series[u], ++model->generations);
  return model;
}

DynoChartModel *
dyno_chart_model_copy (const DynoChartModel *model)
{
  DynoChartModel *copy;

  g_return_val_if_fail (model != NULL, NULL);

  copy = g_memdup2 (model, sizeof *model);
  for (guint u = 0; u < N_UNITS; u++)
    {
      const GPtrArray *segments = model->series[u].segments;

      copy->series[u].phases = g_ptr_array_copy (model->series[u].phases, NULL, NULL);
      copy->series[u].segments = g_ptr_array_new_full (segments->len, segment_free);
      for (guint s = 0; s < segments->len; s++)
        {
          const Segment *segment = g_ptr_array_index (segments, s);
          Segment *dup = g_memdup2 (segment, sizeof *segment);

          dup->buckets = g_array_copy (segment->buckets);
          dup->points = g_array_copy (segment->points);
          segment_sync (dup);
          g_ptr_array_add (copy->series[u].segments, dup);
        }
    }
  return copy;
}

void
dyno_chart_model_free (DynoChartModel *model)
{
  if (model == NULL)
    return;

  for (guint u = 0; u < N_UNITS; u++)
    {
      g_ptr_array_unref (model->series[u].segments);
      g_ptr_array_unref (model->series[u].phases);
    }
  g_free (model);
}

void
dyno_chart_model_clear (DynoChartModel *model)
{
  g_return_if_fail (model != NULL);

  for (guint u = 0; u < N_UNITS; u++)
    {
      g_ptr_array_unref (model->series[u].segments);
      g_ptr_array_unref (model->series[u].phases);
      series_init (&model->series[u], ++model->generations);
    }
  model->n_samples = 0;
  model->have_last = FALSE;
  model->n_spacings = 0;
}

void
dyno_chart_model_append (DynoChartModel   *model,
                         const DynoSample *samples,
                         guint             n_samples)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (samples != NULL || n_samples == 0);

  for (guint i = 0; i < n_samples; i++)
    {
      const DynoSample *sample = &samples[i];
      DynoUnit unit;
      gboolean same;
      gboolean joined;
      gboolean gap;

      if (sample->phase == NULL || !isfinite (sample->t))
        continue;

      unit = dyno_phase_get_unit (sample->phase);
      same = model->have_last && model->last_phase == sample->phase
             && model->last_target == sample->target && model->last_repeat == sample->repeat;
      /* A new phase of the same unit right after the last one: the CPU lines carry on. */
      joined = model->have_last && dyno_phase_get_unit (model->last_phase) == unit
               && model->last_target == sample->target;
      gap = FALSE;
      if (same)
        {
          double spacing = sample->t - model->last_t;

          add_spacing (model, spacing);
          gap = spacing > gap_threshold (model, &model->series[unit]);
          /* A sampler woken late still measured the whole time since its last sample: its
           * rate times the spacing is what was done since. After a pause it measured only
           * from the pause's end, so did less than that. */
          if (gap && sample->rate > 0 && sample->done >= model->last_done
              && (sample->done - model->last_done) / sample->rate >= 0.5 * spacing)
            gap = FALSE;
        }
      else
        {
          /* The sampler's first tick in a phase comes one interval after its start. */
          add_spacing (model, sample->phase_t);
          gap = model->have_last
                && sample->t - model->last_t > gap_threshold (model, &model->series[unit]);
        }

      series_add (model, &model->series[unit], sample, !same, joined, gap);

      model->n_samples++;
      model->have_last = TRUE;
      model->last_phase = sample->phase;
      model->last_target = sample->target;
      model->last_repeat = sample->repeat;
      model->last_t = sample->t;
      model->last_done = sample->done;
    }
}

guint
dyno_chart_model_get_n_samples (const DynoChartModel *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->n_samples;
}

const DynoPhase *
dyno_chart_model_get_last_phase (const DynoChartModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);
  return model->have_last ? model->last_phase : NULL;
}

static const Series *
get_series (const DynoChartModel *model, DynoUnit unit)
{
  g_assert (unit < N_UNITS);
  return &model->series[unit];
}

guint
dyno_chart_model_get_n_unit_samples (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->n_samples;
}

gboolean
dyno_chart_model_get_time_range (const DynoChartModel *model,
                                 DynoUnit              unit,
                                 double               *t_min,
                                 double               *t_max)
{
  const Series *series;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (unit < N_UNITS, FALSE);

  series = get_series (model, unit);
  if (series->n_samples == 0)
    return FALSE;
  if (t_min)
    *t_min = series->t_min;
  if (t_max)
    *t_max = series->t_max;
  return TRUE;
}

gboolean
dyno_chart_model_get_run_time_range (const DynoChartModel *model, double *t_min, double *t_max)
{
  double lo = INFINITY;
  double hi = -INFINITY;

  g_return_val_if_fail (model != NULL, FALSE);

  for (guint u = 0; u < N_UNITS; u++)
    if (model->series[u].n_samples > 0)
      {
        lo = MIN (lo, model->series[u].t_min);
        hi = MAX (hi, model->series[u].t_max);
      }
  if (!isfinite (lo))
    return FALSE;
  if (t_min)
    *t_min = lo;
  if (t_max)
    *t_max = hi;
  return TRUE;
}

double
dyno_chart_model_get_rate_max (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->rate_max;
}

double
dyno_chart_model_get_cpu_max (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->cpu_max;
}

double
dyno_chart_model_get_bucket_width (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->width;
}

guint
dyno_chart_model_get_n_points (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->n_points;
}

guint
dyno_chart_model_get_n_segments (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->segments->len;
}

const DynoChartSegment *
dyno_chart_model_get_segment (const DynoChartModel *model, DynoUnit unit, guint index)
{
  const Series *series;
  const Segment *segment;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (unit < N_UNITS, NULL);

  series = get_series (model, unit);
  g_return_val_if_fail (index < series->segments->len, NULL);

  segment = g_ptr_array_index (series->segments, index);
  return &segment->pub;
}

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

GPtrArray *
dyno_chart_model_get_phases (const DynoChartModel *model, DynoUnit unit)
{
  GPtrArray *phases;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (unit < N_UNITS, NULL);

  phases = g_ptr_array_copy (get_series (model, unit)->phases, NULL, NULL);
  g_ptr_array_sort (phases, compare_phases);
  return phases;
}

guint
dyno_chart_model_get_n_phases (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->phases->len;
}

guint
dyno_chart_model_get_generation (const DynoChartModel *model, DynoUnit unit)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);
  return get_series (model, unit)->generation;
}

double
dyno_chart_model_get_rate_top (const DynoChartModel *model, DynoUnit unit)
{
  const Series *series;
  guint wanted;
  guint seen;

  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (unit < N_UNITS, 0);

  series = get_series (model, unit);
  if (series->n_rates == 0)
    return series->rate_max;
  /* The bin the percentile falls in, and its upper edge: a little above the percentile, never
   * below it. */
  wanted = (guint) ceil (series->n_rates * DYNO_CHART_MODEL_SCALE_PERCENTILE);
  seen = series->n_low;
  if (seen >= wanted)
    return series->rate_max;
  for (guint b = 0; b < N_BINS; b++)
    {
      seen += series->bins[b];
      if (seen >= wanted)
        {
          double top = exp2 ((b + 1.0) / BINS_PER_OCTAVE) * DYNO_CHART_MODEL_HEADROOM;

          return MIN (series->rate_max, top);
        }
    }
  return series->rate_max;
}

double
dyno_chart_model_get_sample_interval (const DynoChartModel *model)
{
  g_return_val_if_fail (model != NULL, NAN);
  return model_interval (model);
}

void
dyno_chart_model_set_shared_range (DynoChartModel *model, const DynoChartRange *range)
{
  g_return_if_fail (model != NULL);

  if (range != NULL)
    model->shared = *range;
  else
    memset (&model->shared, 0, sizeof model->shared);
}

void
dyno_chart_model_get_shared_range (const DynoChartModel *model, DynoChartRange *range)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (range != NULL);

  *range = model->shared;
}

void
dyno_chart_model_get_own_range (const DynoChartModel *model, DynoChartRange *range)
{
  double t_max = 0;

  g_return_if_fail (model != NULL);
  g_return_if_fail (range != NULL);

  memset (range, 0, sizeof *range);
  if (dyno_chart_model_get_run_time_range (model, NULL, &t_max))
    range->t_end = t_max;
  for (guint u = 0; u < N_UNITS; u++)
    {
      range->rate_top[u] = dyno_chart_model_get_rate_top (model, u);
      range->cpu_top = MAX (range->cpu_top, model->series[u].cpu_max);
    }
}

void
dyno_chart_range_merge (DynoChartRange *range, const DynoChartRange *other)
{
  g_return_if_fail (range != NULL);
  g_return_if_fail (other != NULL);

  range->t_end = MAX (range->t_end, other->t_end);
  for (guint u = 0; u < N_UNITS; u++)
    range->rate_top[u] = MAX (range->rate_top[u], other->rate_top[u]);
  range->cpu_top = MAX (range->cpu_top, other->cpu_top);
}

void
dyno_chart_model_set_figure (DynoChartModel  *model,
                             guint            target,
                             guint            repeat,
                             const DynoPhase *phase,
                             double           figure,
                             gboolean         flushed)
{
  Series *series;

  g_return_if_fail (model != NULL);
  g_return_if_fail (phase != NULL);

  series = &model->series[dyno_phase_get_unit (phase)];
  for (guint s = series->segments->len; s > 0; s--)
    {
      Segment *segment = g_ptr_array_index (series->segments, s - 1);

      if (segment->pub.phase != phase || segment->pub.target != target
          || segment->pub.repeat != repeat)
        continue;
      if (segment->pub.figure == figure && segment->pub.flushed == flushed)
        return;
      segment->pub.figure = figure;
      segment->pub.flushed = flushed;
      /* Drawn over the whole segment, left of a cache's redrawn tail: a new picture. */
      series->generation = ++model->generations;
      return;
    }
}

void
dyno_chart_model_set_run (DynoChartModel     *model,
                          guint               target,
                          const DynoPhase    *phase,
                          const DynoPhaseRun *run)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (phase != NULL);
  g_return_if_fail (run != NULL);

  if (!isfinite (run->rate))
    return;
  /* A direct write's curve counts writes the device took, as its figure does; a buffered one's
   * counts what the page cache took, and its figure waits for the flush too. */
  dyno_chart_model_set_figure (model, target, run->repeat, phase, run->rate,
                               run->flush_seconds > 0 && run->direct != 1);
}

void
dyno_chart_model_set_figures_from_result (DynoChartModel *model,
                                          DynoResult     *result,
                                          guint           target_index)
{
  const DynoTargetResult *target;

  g_return_if_fail (model != NULL);
  g_return_if_fail (DYNO_IS_RESULT (result));
  g_return_if_fail (target_index < dyno_result_get_n_targets (result));

  target = dyno_result_get_target (result, target_index);
  for (guint p = 0; target->phases != NULL && p < target->phases->len; p++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);

      for (guint r = 0; phase->runs != NULL && r < phase->runs->len; r++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, r);

          dyno_chart_model_set_run (model, target_index, phase->phase, run);
        }
    }
}

void
dyno_chart_model_set_rest (DynoChartModel *model, double seconds)
{
  g_return_if_fail (model != NULL);

  seconds = isfinite (seconds) && seconds > 0 ? seconds : 0;
  if (model->rest == seconds)
    return;
  model->rest = seconds;
  for (guint u = 0; u < N_UNITS; u++)
    model->series[u].generation = ++model->generations;
}

double
dyno_chart_model_get_rest (const DynoChartModel *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->rest;
}
