/* dyno-chart-cache.c: the live chart's picture, kept between frames and redrawn at its end
 *
 * A frame of the live chart follows a batch of samples. Those only extend the series: the
 * model's last point takes in more samples and new points follow it. So the picture left of
 * the previous last point stays as it was, and a frame redraws the plot from just before that
 * point, plus the row of phase names, whose last name moves as its phase grows: in the panel
 * whose series grew (both, when a batch crossed from a byte phase into an operation phase).
 * The redraw starts a few points further back than it clips, so every redrawn pixel gets the
 * same strokes (joins, caps, dash phase) it would get in a full drawing.
 *
 * A full drawing costs a cairo stroke or fill per curve, each a millisecond or more on a slow
 * machine, and is needed whenever an axis, the size or the style changes. With a ready function,
 * it is done in a worker thread on copies of the model and style, as Sysprof does its charts:
 * until the new picture is swapped in whole, frames paint the previous one, so the main loop
 * never waits for it.
 *
 * The picture is drawn on in place. Whoever paints it into a recording surface (GTK's cairo
 * nodes are ones) makes cairo keep a copy-on-write snapshot of it, and the next redraw then
 * copies all of it first: the widget copies the changed tiles out instead (dyno-chart-tiles.c).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-render-private.h"

/* Points the redraw starts before the first changed one, at least. */
#define BACKTRACK 3

typedef struct
{
  DynoUnit unit;
  DynoTicks y_ticks;
  DynoTicks cpu_ticks;
  double label_divisor;
  DynoChartRect plot;
  DynoChartRect header;
  gboolean has_clipped;
  double rate_max; /* the highest sample: what "▲ up to" names */
} PanelAxes;

typedef struct
{
  double t0;
  double t1;
  DynoTicks x_ticks;
  guint n_panels;
  PanelAxes panels[DYNO_CHART_MAX_PANELS];
  /* The legend (or the key's stripes) lists the phases drawn, which only grow in number until a
   * clear, which changes the generation: their number tells whether it changed. */
  guint n_phases;
  ChartExtras extras; /* the legend's or key's entries besides the phases */
} Axes;

/* A unit's series as last drawn, for the next frame to tell what changed since. */
typedef struct
{
  guint generation;
  guint n_segments;
  guint last_n_points; /* in the last segment */
  guint n_unit_samples;
} SeriesState;

typedef struct _Job Job;

struct _DynoChartCache
{
  cairo_surface_t *surface; /* the picture */
  gboolean swapped;         /* a worker's picture came in since the last update */
  double width;
  double height;
  double scale;
  DynoChartStyle *style; /* a copy, to notice changes */
  char *decor_key;
  Axes axes;

  SeriesState series[2]; /* per unit */
  gboolean valid;

  DynoChartCacheReadyFunc ready_func;
  gpointer ready_data;
  Job *job; /* the full drawing in a worker thread, if any */

  guint n_full;
  guint n_partial;
  guint n_reused;
};

static gboolean
ticks_equal (const DynoTicks *a, const DynoTicks *b)
{
  return a->lo == b->lo && a->hi == b->hi && a->step == b->step && a->first == b->first
         && a->n_ticks == b->n_ticks && a->decimals == b->decimals;
}

static gboolean
rect_equal (const DynoChartRect *a, const DynoChartRect *b)
{
  return a->x == b->x && a->y == b->y && a->width == b->width && a->height == b->height;
}

static void
axes_from_chart (Axes *axes, const Chart *chart)
{
  memset (axes, 0, sizeof *axes);
  axes->t0 = chart->t0;
  axes->t1 = chart->t1;
  axes->x_ticks = chart->x_ticks;
  axes->n_panels = chart->n_panels;
  for (guint p = 0; p < chart->n_panels; p++)
    {
      const ChartPanel *panel = &chart->panels[p];

      axes->panels[p] = (PanelAxes) {
        .unit = panel->unit,
        .y_ticks = panel->y_ticks,
        .cpu_ticks = panel->cpu_ticks,
        .label_divisor = panel->label_divisor,
        .plot = panel->plot,
        .header = panel->header,
        .has_clipped = chart->clipped[p] != NULL,
        .rate_max = chart->clipped[p] != NULL
                        ? dyno_chart_model_get_rate_max (chart->model, panel->unit) : 0,
      };
    }
  axes->extras = dyno_chart_extras (chart);
  axes->n_phases = dyno_chart_model_get_n_phases (chart->model, DYNO_UNIT_BYTES)
                   + dyno_chart_model_get_n_phases (chart->model, DYNO_UNIT_OPS);
  /* The key under a chart without a legend shows the first few only. */
  if (!(chart->decor && chart->decor->legend))
    axes->n_phases = MIN (axes->n_phases, DYNO_CHART_KEY_STRIPES);
}

static gboolean
axes_equal (const Axes *a, const Axes *b)
{
  if (!(a->t0 == b->t0 && a->t1 == b->t1 && ticks_equal (&a->x_ticks, &b->x_ticks)
        && a->n_panels == b->n_panels && a->n_phases == b->n_phases
        && a->extras == b->extras))
    return FALSE;
  for (guint p = 0; p < a->n_panels; p++)
    {
      const PanelAxes *x = &a->panels[p];
      const PanelAxes *y = &b->panels[p];

      if (!(x->unit == y->unit && ticks_equal (&x->y_ticks, &y->y_ticks)
            && ticks_equal (&x->cpu_ticks, &y->cpu_ticks) && x->label_divisor == y->label_divisor
            && rect_equal (&x->plot, &y->plot) && rect_equal (&x->header, &y->header)
            && x->has_clipped == y->has_clipped && x->rate_max == y->rate_max))
        return FALSE;
    }
  return TRUE;
}

static char *
decor_key (const DynoChartDecor *decor)
{
  if (decor == NULL)
    return NULL;
  return g_strdup_printf ("%s\x1f%s\x1f%d\x1f%d\x1f%s\x1f%s\x1f%d\x1f%d",
                          decor->title ? decor->title : "", decor->subtitle ? decor->subtitle : "",
                          decor->legend, decor->axis_titles, decor->host ? decor->host : "",
                          decor->source ? decor->source : "", decor->no_key, decor->no_note);
}

/* A full drawing for a worker thread: it owns copies of everything it reads. */
struct _Job
{
  DynoChartCache *cache; /* NULL once the cache is gone */
  DynoChartModel *model;
  DynoChartStyle *style;
  gboolean has_decor;
  DynoChartDecor decor;
  char *strings[4];      /* the decor's, copied */
  char *decor_key;
  double width;
  double height;
  double scale;

  /* What the worker drew. */
  cairo_surface_t *surface;
  Axes axes;
  SeriesState series[2];
};

static void
job_free (Job *job)
{
  g_clear_pointer (&job->model, dyno_chart_model_free);
  g_clear_pointer (&job->style, dyno_chart_style_free);
  for (guint i = 0; i < G_N_ELEMENTS (job->strings); i++)
    g_free (job->strings[i]);
  g_free (job->decor_key);
  g_clear_pointer (&job->surface, cairo_surface_destroy);
  g_free (job);
}

/* The series as drawn, for the next frame to tell what changed since. */
static void
read_series (const DynoChartModel *model, SeriesState series[2])
{
  for (DynoUnit unit = DYNO_UNIT_BYTES; unit <= DYNO_UNIT_OPS; unit++)
    {
      SeriesState *state = &series[unit];

      state->generation = dyno_chart_model_get_generation (model, unit);
      state->n_segments = dyno_chart_model_get_n_segments (model, unit);
      state->last_n_points
          = state->n_segments > 0
              ? dyno_chart_model_get_segment (model, unit, state->n_segments - 1)->n_points
              : 0;
      state->n_unit_samples = dyno_chart_model_get_n_unit_samples (model, unit);
    }
}

static cairo_surface_t *
create_surface (double width, double height, double scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) ceil (width * scale),
                                                         (int) ceil (height * scale));

  cairo_surface_set_device_scale (surface, scale, scale);
  return surface;
}

static void
job_run (GTask        *task,
         gpointer      source_object,
         gpointer      task_data,
         GCancellable *cancellable)
{
  Job *job = task_data;
  Chart chart;
  cairo_t *cr;

  job->surface = create_surface (job->width, job->height, job->scale);
  cr = cairo_create (job->surface);
  cairo_rectangle (cr, 0, 0, job->width, job->height);
  cairo_clip (cr);
  dyno_chart_setup (&chart, job->model, cr, job->width, job->height, job->style,
                    job->has_decor ? &job->decor : NULL);
  dyno_chart_draw_all (&chart);
  axes_from_chart (&job->axes, &chart);
  read_series (job->model, job->series);
  dyno_chart_finish (&chart);
  cairo_destroy (cr);
  cairo_surface_flush (job->surface);

  g_task_return_boolean (task, TRUE);
}

static void
job_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Job *job = user_data;
  DynoChartCache *cache = job->cache;

  if (cache == NULL)
    return;

  /* Swap the new picture in whole. */
  cache->job = NULL;
  cache->swapped = TRUE;
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  cache->surface = g_steal_pointer (&job->surface);
  cache->width = job->width;
  cache->height = job->height;
  cache->scale = job->scale;
  g_clear_pointer (&cache->style, dyno_chart_style_free);
  cache->style = g_steal_pointer (&job->style);
  g_free (cache->decor_key);
  cache->decor_key = g_steal_pointer (&job->decor_key);
  cache->axes = job->axes;
  memcpy (cache->series, job->series, sizeof cache->series);
  cache->valid = TRUE;
  cache->n_full++;

  /* The next frame shows it, and catches up with samples that came in meanwhile. */
  if (cache->ready_func)
    cache->ready_func (cache->ready_data);
}

static void
start_job (DynoChartCache       *cache,
           const DynoChartModel *model,
           double                width,
           double                height,
           double                scale,
           const DynoChartStyle *style,
           const DynoChartDecor *decor)
{
  g_autoptr (GTask) task = NULL;
  Job *job = g_new0 (Job, 1);

  job->cache = cache;
  job->model = dyno_chart_model_copy (model);
  job->style = dyno_chart_style_copy (style);
  if (decor)
    {
      job->has_decor = TRUE;
      job->decor = *decor;
      job->decor.title = job->strings[0] = g_strdup (decor->title);
      job->decor.subtitle = job->strings[1] = g_strdup (decor->subtitle);
      job->decor.host = job->strings[2] = g_strdup (decor->host);
      job->decor.source = job->strings[3] = g_strdup (decor->source);
    }
  job->decor_key = decor_key (decor);
  job->width = width;
  job->height = height;
  job->scale = scale;
  cache->job = job;

  /* job_done frees the job, also when the cache went first. */
  task = g_task_new (NULL, NULL, job_done, job);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_run);
}

static void
paint_picture (DynoChartCache *cache, cairo_t *cr, double width, double height)
{
  if (cache->surface == NULL)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_set_source_surface (cr, cache->surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

DynoChartCache *
dyno_chart_cache_new (void)
{
  return g_new0 (DynoChartCache, 1);
}

void
dyno_chart_cache_free (DynoChartCache *cache)
{
  if (cache == NULL)
    return;

  /* A job still running finishes on its own and finds no cache to deliver to. */
  if (cache->job)
    cache->job->cache = NULL;
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  g_clear_pointer (&cache->style, dyno_chart_style_free);
  g_clear_pointer (&cache->decor_key, g_free);
  g_free (cache);
}

void
dyno_chart_cache_set_ready_func (DynoChartCache          *cache,
                                 DynoChartCacheReadyFunc  func,
                                 gpointer                 user_data)
{
  g_return_if_fail (cache != NULL);

  cache->ready_func = func;
  cache->ready_data = user_data;
}

gboolean
dyno_chart_cache_is_busy (const DynoChartCache *cache)
{
  g_return_val_if_fail (cache != NULL, FALSE);
  return cache->job != NULL;
}

void
dyno_chart_cache_get_stats (const DynoChartCache *cache,
                            guint                *n_full,
                            guint                *n_partial,
                            guint                *n_reused)
{
  g_return_if_fail (cache != NULL);

  if (n_full)
    *n_full = cache->n_full;
  if (n_partial)
    *n_partial = cache->n_partial;
  if (n_reused)
    *n_reused = cache->n_reused;
}

static const DynoChartPoint *
point_at (const Chart *chart, ChartPosition pos)
{
  return &dyno_chart_model_get_segment (chart->model, chart->panel->unit, pos.segment)
              ->points[pos.index];
}

/* Steps one point back through the series; FALSE at its start. */
static gboolean
position_back (const Chart *chart, ChartPosition *pos)
{
  if (pos->index > 0)
    {
      pos->index--;
      return TRUE;
    }
  if (pos->segment == 0)
    return FALSE;
  pos->segment--;
  pos->index
      = dyno_chart_model_get_segment (chart->model, chart->panel->unit, pos->segment)->n_points - 1;
  return TRUE;
}

/* Redraws what changed in chart->panel since its series had was->n_segments segments, the last
 * of was->last_n_points. */
static void
draw_tail (const SeriesState *was, Chart *chart)
{
  ChartPosition changed = { was->n_segments - 1, was->last_n_points - 1 };
  ChartPosition from = changed;
  double x_clip = chart->panel->plot.x;
  double reach = 2 * MAX (chart->style->line_width, chart->style->cpu_line_width * 1.25) + 2;

  /* Clip just left of the point before the changed one: the line into the changed point
   * starts there. */
  if (position_back (chart, &from))
    x_clip = floor (dyno_chart_x (chart, point_at (chart, from)->t)) - 1;
  /* Start the strokes well left of the clip, so their ends and caps fall outside it. */
  for (guint i = 1; position_back (chart, &from); i++)
    if (i >= BACKTRACK && dyno_chart_x (chart, point_at (chart, from)->t) < x_clip - reach)
      break;

  dyno_chart_draw_plot_tail (chart, from, x_clip);
  dyno_chart_draw_header (chart);
}

/* Whether the series can be brought up to date by drawing their ends. */
static gboolean
series_extend (const SeriesState was[2], const SeriesState now[2])
{
  for (guint u = 0; u < 2; u++)
    if (now[u].generation != was[u].generation
        || (was[u].n_segments == 0 && now[u].n_segments > 0)
        || now[u].n_segments < was[u].n_segments
        || (now[u].n_segments == was[u].n_segments && now[u].last_n_points < was[u].last_n_points))
      return FALSE;
  return TRUE;
}

gboolean
dyno_chart_cache_update (DynoChartCache       *cache,
                         const DynoChartModel *model,
                         double                width,
                         double                height,
                         double                scale,
                         const DynoChartStyle *style,
                         const DynoChartDecor *decor)
{
  g_autofree char *key = NULL;
  cairo_t *pcr = NULL;
  Chart chart;
  Axes axes;
  SeriesState series[2];
  gboolean resized;
  gboolean full;
  gboolean changed;

  g_return_val_if_fail (cache != NULL, FALSE);
  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);

  if (width <= 0 || height <= 0)
    return FALSE;
  if (!(scale > 0))
    scale = 1;

  changed = cache->swapped;
  cache->swapped = FALSE;

  /* A new picture is on its way; this one will do till then. */
  if (cache->job)
    return changed;

  resized = cache->surface == NULL || cache->width != width || cache->height != height
            || cache->scale != scale;
  if (resized && cache->ready_func && cache->surface)
    {
      start_job (cache, model, width, height, scale, style, decor);
      return changed;
    }
  if (resized)
    {
      g_clear_pointer (&cache->surface, cairo_surface_destroy);
      cache->surface = create_surface (width, height, scale);
      cache->width = width;
      cache->height = height;
      cache->scale = scale;
      cache->valid = FALSE;
    }

  /* Work out the axes as a full drawing would, and compare. */
  pcr = cairo_create (cache->surface);
  cairo_rectangle (pcr, 0, 0, width, height);
  cairo_clip (pcr);
  dyno_chart_setup (&chart, model, pcr, width, height, style, decor);
  axes_from_chart (&axes, &chart);
  key = decor_key (decor);
  read_series (model, series);

  full = !cache->valid || cache->style == NULL || !dyno_chart_style_equal (style, cache->style)
         || g_strcmp0 (key, cache->decor_key) != 0 || !axes_equal (&axes, &cache->axes)
         || !series_extend (cache->series, series);

  if (full && cache->ready_func && cache->valid)
    {
      dyno_chart_finish (&chart);
      cairo_destroy (pcr);
      start_job (cache, model, width, height, scale, style, decor);
      return changed;
    }

  if (full)
    {
      cairo_save (pcr);
      cairo_set_operator (pcr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (pcr);
      cairo_restore (pcr);
      dyno_chart_draw_all (&chart);
      cache->n_full++;
      changed = TRUE;
    }
  else
    {
      gboolean partial = FALSE;

      /* The panels whose series grew; a unit without a panel has no samples, so grew not. */
      for (guint p = 0; p < chart.n_panels; p++)
        {
          DynoUnit unit = chart.panels[p].unit;

          if (series[unit].n_unit_samples == cache->series[unit].n_unit_samples)
            continue;
          chart.panel = &chart.panels[p];
          draw_tail (&cache->series[unit], &chart);
          partial = TRUE;
        }
      if (partial)
        {
          cache->n_partial++;
          changed = TRUE;
        }
      else
        {
          cache->n_reused++;
        }
    }

  dyno_chart_finish (&chart);
  cairo_destroy (pcr);
  cairo_surface_flush (cache->surface);

  if (cache->style == NULL || !dyno_chart_style_equal (style, cache->style))
    {
      g_clear_pointer (&cache->style, dyno_chart_style_free);
      cache->style = dyno_chart_style_copy (style);
    }
  g_free (cache->decor_key);
  cache->decor_key = g_steal_pointer (&key);
  cache->axes = axes;
  memcpy (cache->series, series, sizeof cache->series);
  cache->valid = TRUE;
  return changed;
}

cairo_surface_t *
dyno_chart_cache_get_picture (const DynoChartCache *cache)
{
  g_return_val_if_fail (cache != NULL, NULL);
  return cache->surface;
}

void
dyno_chart_render_cached (const DynoChartModel *model,
                          DynoChartCache       *cache,
                          cairo_t              *cr,
                          double                width,
                          double                height,
                          double                scale,
                          const DynoChartStyle *style,
                          const DynoChartDecor *decor)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (cache != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  if (width <= 0 || height <= 0)
    return;

  dyno_chart_cache_update (cache, model, width, height, scale, style, decor);
  paint_picture (cache, cr, width, height);
}
