/* test-chart.c: the chart renderer's pixels, ticks and decimation, and the DynoChart widget
 *
 * Built twice: without DYNO_TEST_CHART_WIDGET it tests src/render alone and links no GTK (the
 * 'render' suite, which also proves the library stays GTK-free); with it, it tests the widget
 * (the 'gui' suite, under a display).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#ifdef DYNO_TEST_CHART_WIDGET
#include <adwaita.h>

#include "dyno-chart-tiles.h"
#include "dyno-chart.h"
#endif

#include "dyno-chart-model.h"
#include "dyno-error.h"
#include "dyno-chart-render.h"
#include "dyno-test-labels.h"
#include "dyno-ticks.h"

#define MB 1e6

/* ---- synthetic runs --------------------------------------------------------------------- */

typedef struct
{
  const char *phase; /* its key */
  double seconds;
  double rate; /* B/s or ops/s */
} PhaseSpec;

/* All twelve phases, at 10 Hz, with rates a real disk might show. */
static const PhaseSpec full_run[] = {
  { "putc", 6, 80 * MB },
  { "write", 10, 420 * MB },
  { "rewrite", 10, 210 * MB },
  { "getc", 6, 95 * MB },
  { "read", 10, 510 * MB },
  { "seeks", 8, 9000 },
  { "seq_create", 5, 30000 },
  { "seq_stat", 5, 60000 },
  { "seq_delete", 5, 40000 },
  { "rand_create", 5, 25000 },
  { "rand_stat", 5, 50000 },
  { "rand_delete", 5, 35000 },
};

/* The phase of a key, which must be known. */
static const DynoPhase *
phase_of (const char *key)
{
  const DynoPhase *phase = dyno_phase_lookup (key);

  g_assert_nonnull (phase);
  return phase;
}

static DynoSample
make_sample (double t, double phase_t, const DynoPhase *phase, double rate, double wobble)
{
  DynoSample sample = { 0 };

  sample.t = t;
  sample.phase_t = phase_t;
  sample.phase = phase;
  sample.rate = rate * (1 + 0.1 * wobble);
  sample.done = (guint64) (rate * phase_t);
  /* CPU well above the rate curves' share of the plot, so its line is never under a fill. */
  sample.process_cpu = 85 + 5 * wobble;
  sample.system_cpu.user = 20;
  sample.system_cpu.system = 10 + 2 * wobble;
  sample.system_cpu.iowait = 40;
  sample.system_cpu.idle = 30;
  sample.progress = phase_t;
  return sample;
}

static GArray *
make_run (const PhaseSpec *specs, guint n_specs, double hz)
{
  GArray *samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  double t = 0;

  for (guint p = 0; p < n_specs; p++)
    {
      guint n = (guint) (specs[p].seconds * hz);

      for (guint i = 1; i <= n; i++)
        {
          DynoSample sample = make_sample (t + i / hz, i / hz, phase_of (specs[p].phase),
                                           specs[p].rate, sin (i * 0.7));
          g_array_append_val (samples, sample);
        }
      /* The pause between phases (flushing, evicting), short enough for the lines to run on:
       * two sample intervals. */
      t += specs[p].seconds + 0.2;
    }
  return samples;
}

/* Largest difference of any channel between two pictures of the same size. */
static int
max_difference (cairo_surface_t *a, cairo_surface_t *b, guint *n_different)
{
  int width = cairo_image_surface_get_width (a);
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a);
  const guint8 *pb = cairo_image_surface_get_data (b);
  int worst = 0;

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, height);
  *n_different = 0;
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width * 4; x++)
      {
        int d = abs ((int) pa[y * stride + x] - (int) pb[y * stride + x]);

        if (d > 0 && x % 4 == 0)
          (*n_different)++;
        worst = MAX (worst, d);
      }
  return worst;
}

static void
render_full (cairo_surface_t *surface, const DynoChartModel *model, const DynoChartStyle *style)
{
  cairo_t *cr = cairo_create (surface);

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  dyno_chart_render (model, cr, cairo_image_surface_get_width (surface),
                     cairo_image_surface_get_height (surface), style, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

#ifndef DYNO_TEST_CHART_WIDGET

/* The phases of specs one after another, all of them repeats times over, as a run with repeats
 * goes. */
static DynoChartModel *
make_repeated_model (const PhaseSpec *specs, guint n_specs, guint repeats)
{
  DynoChartModel *model = dyno_chart_model_new ();
  double t = 0;

  for (guint r = 0; r < repeats; r++)
    {
      g_autoptr (GArray) samples = make_run (specs, n_specs, 10);

      for (guint i = 0; i < samples->len; i++)
        {
          DynoSample *sample = &g_array_index (samples, DynoSample, i);

          sample->t += t;
          sample->repeat = r;
        }
      t = g_array_index (samples, DynoSample, samples->len - 1).t + 0.5;
      dyno_chart_model_append (model, (DynoSample *) (gpointer) samples->data, samples->len);
    }
  return model;
}

static DynoChartModel *
make_full_model (void)
{
  g_autoptr (GArray) samples = make_run (full_run, G_N_ELEMENTS (full_run), 10);
  DynoChartModel *model = dyno_chart_model_new ();

  dyno_chart_model_append (model, (DynoSample *) (gpointer) samples->data, samples->len);
  return model;
}

/* ---- pixels ----------------------------------------------------------------------------- */

typedef struct
{
  cairo_surface_t *surface;
  int width;
  int height;
  DynoChartGeometry geometry;
} Picture;

static void
picture_clear (Picture *picture)
{
  g_clear_pointer (&picture->surface, cairo_surface_destroy);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

/* ---- labels ----------------------------------------------------------------------------- */

static GArray *
get_labels (const DynoChartModel *model,
            const DynoChartStyle *style,
            const DynoChartDecor *decor,
            int                   width,
            int                   height,
            DynoChartGeometry    *geometry)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  GArray *labels = dyno_chart_render_get_labels (model, cr, width, height, style, decor);

  if (geometry != NULL)
    dyno_chart_render_get_geometry (model, cr, width, height, style, decor, geometry);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return labels;
}

static void
render_picture (Picture              *picture,
                const DynoChartModel *model,
                const DynoChartStyle *style,
                const DynoChartDecor *decor,
                int                   width,
                int                   height)
{
  cairo_t *cr;

  picture->width = width;
  picture->height = height;
  picture->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (picture->surface);
  dyno_chart_render_get_geometry (model, cr, width, height, style, decor, &picture->geometry);
  dyno_chart_render (model, cr, width, height, style, decor);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  /* Every picture's text inside its content box, no label over another (but in pictures too
   * small for a plot, which draw none). */
  if (picture->geometry.plot.width >= 16 && picture->geometry.plot.height >= 16)
    {
      g_autoptr (GArray) labels = dyno_chart_render_get_labels (model, cr, width, height, style,
                                                                decor);

      dyno_test_assert_labels_clean (labels, &picture->geometry.content);
    }
  cairo_destroy (cr);
  cairo_surface_flush (picture->surface);
}

/* Un-premultiplied 0..255 components of a pixel. */
static void
get_pixel (const Picture *picture, int x, int y, guint8 rgba[4])
{
  const guint8 *data = cairo_image_surface_get_data (picture->surface);
  int stride = cairo_image_surface_get_stride (picture->surface);
  guint32 p;
  guint a;

  g_assert (x >= 0 && x < picture->width && y >= 0 && y < picture->height);
  p = *(const guint32 *) (gconstpointer) (data + y * stride + x * 4);
  a = p >> 24;
  rgba[3] = a;
  for (int c = 0; c < 3; c++)
    {
      guint v = (p >> (16 - 8 * c)) & 0xff;

      rgba[c] = a ? (guint8) MIN (255, (v * 255 + a / 2) / a) : 0;
    }
}

static gboolean
pixel_is (const Picture *picture, int x, int y, const DynoRgba *color, int tolerance)
{
  guint8 p[4];
  double want[4] = { color->red, color->green, color->blue, color->alpha };

  get_pixel (picture, x, y, p);
  for (int c = 0; c < 4; c++)
    if (abs ((int) p[c] - (int) round (want[c] * 255)) > tolerance)
      return FALSE;
  return TRUE;
}

/* Pixels of a colour within a rectangle. */
static guint
count_color (const Picture *picture, const DynoChartRect *rect, const DynoRgba *color,
             int tolerance)
{
  guint n = 0;
  int x0 = MAX (0, (int) ceil (rect->x));
  int y0 = MAX (0, (int) ceil (rect->y));
  int x1 = MIN (picture->width, (int) floor (rect->x + rect->width));
  int y1 = MIN (picture->height, (int) floor (rect->y + rect->height));

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (pixel_is (picture, x, y, color, tolerance))
        n++;
  return n;
}

static DynoChartStyle *
make_test_style (void)
{
  DynoChartStyle *style = dyno_chart_style_new_light ();

  /* Opaque, unmistakable colours and wide lines, so whole pixels take exactly these colours. */
  style->axis = (DynoRgba) { 0.5, 0, 0, 1 };
  style->process_cpu = (DynoRgba) { 1, 0, 1, 1 };
  style->system_cpu = (DynoRgba) { 0, 1, 1, 1 };
  style->iowait = (DynoRgba) { 0.5, 0.5, 0, 1 };
  style->line_width = 3;
  style->cpu_line_width = 2.5;
  return style;
}

/* ---- ticks ------------------------------------------------------------------------------ */

static gboolean
is_one_two_five (double step)
{
  double magnitude = pow (10, floor (log10 (step) + 1e-9));
  double norm = step / magnitude;

  return fabs (norm - 1) < 1e-6 || fabs (norm - 2) < 1e-6 || fabs (norm - 5) < 1e-6;
}

static void
test_ticks_examples (void)
{
  struct
  {
    double hi;
    guint max_ticks;
    double step;
    double axis_hi;
    const char *last_label;
  } cases[] = {
    { 1, 5, 0.2, 1, "1.0" },
    { 7.3, 5, 2, 8, "8" },
    { 1234, 5, 500, 1500, "1500" },
    { 1234, 8, 200, 1400, "1400" },
    { 0.004, 5, 0.001, 0.004, "0.004" },
    { 0.0037, 4, 0.001, 0.004, "0.004" },
    { 100, 5, 20, 100, "100" },
    { 101, 5, 50, 150, "150" },
    { 3e9, 6, 5e8, 3e9, "3000000000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DynoTicks ticks;
      g_autofree char *label = NULL;

      dyno_ticks_compute (0, cases[i].hi, cases[i].max_ticks, &ticks);
      g_test_message ("0–%g in ≤ %u: step %g, hi %g", cases[i].hi, cases[i].max_ticks, ticks.step,
                      ticks.hi);
      g_assert_cmpfloat_with_epsilon (ticks.step, cases[i].step, cases[i].step * 1e-9);
      g_assert_cmpfloat_with_epsilon (ticks.hi, cases[i].axis_hi, cases[i].axis_hi * 1e-9);
      g_assert_cmpfloat (ticks.lo, ==, 0);
      g_assert_cmpfloat (dyno_ticks_get (&ticks, 0), ==, 0);
      label = dyno_ticks_format (&ticks, dyno_ticks_get (&ticks, ticks.n_ticks - 1), 1);
      g_assert_cmpstr (label, ==, cases[i].last_label);
    }
}

static void
test_ticks_many_ranges (void)
{
  /* From a thousandth to a billion, in uneven steps: every axis must be round and tight. */
  for (double hi = 0.00093; hi < 2e9; hi *= 1.37)
    for (guint max_ticks = 2; max_ticks <= 10; max_ticks++)
      {
        DynoTicks ticks;
        g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

        dyno_ticks_compute (0, hi, max_ticks, &ticks);
        g_assert_true (is_one_two_five (ticks.step));
        g_assert_cmpfloat (ticks.hi, >=, hi);
        g_assert_cmpfloat (ticks.hi - ticks.step, <, hi);
        g_assert_cmpuint (ticks.n_ticks, >=, 2);
        g_assert_cmpuint (ticks.n_ticks - 1, <=, max_ticks);
        g_assert_cmpfloat_with_epsilon (dyno_ticks_get (&ticks, ticks.n_ticks - 1), ticks.hi,
                                        ticks.step * 1e-6);

        /* Labels read back as their values and are all different. */
        for (guint i = 0; i < ticks.n_ticks; i++)
          {
            double v = dyno_ticks_get (&ticks, i);
            char *label = dyno_ticks_format (&ticks, v, 1);

            g_assert_cmpfloat_with_epsilon (g_ascii_strtod (label, NULL), v, ticks.step * 1e-6);
            for (guint j = 0; j < labels->len; j++)
              g_assert_cmpstr (label, !=, g_ptr_array_index (labels, j));
            g_ptr_array_add (labels, label);
          }
      }
}

static void
test_ticks_degenerate (void)
{
  DynoTicks ticks;

  dyno_ticks_compute (0, 0, 5, &ticks);
  g_assert_cmpfloat (ticks.hi, >, 0);
  g_assert_cmpuint (ticks.n_ticks, >=, 2);

  dyno_ticks_compute (0, NAN, 5, &ticks);
  g_assert_cmpfloat (ticks.hi, >, 0);

  dyno_ticks_compute (5, 5, 5, &ticks);
  g_assert_cmpfloat (ticks.hi, >, ticks.lo);
}

static void
test_ticks_time (void)
{
  struct
  {
    double lo;
    double hi;
    guint max_ticks;
    double step;
    DynoTimeUnit unit;
    const char *second_label;
  } cases[] = {
    { 0, 3, 6, 0.5, DYNO_TIME_SECONDS, "0.5" },
    { 0, 45, 6, 10, DYNO_TIME_SECONDS, "10" },
    { 0, 80, 6, 15, DYNO_TIME_SECONDS, "15" },
    { 0, 600, 6, 120, DYNO_TIME_MINUTES, "2" },
    { 0, 3600, 6, 600, DYNO_TIME_MINUTES, "10" },
    { 0, 36000, 6, 2 * 3600, DYNO_TIME_HOURS, "2" },
    { 95, 400, 5, 120, DYNO_TIME_MINUTES, "4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DynoTicks ticks;
      DynoTimeUnit unit;
      g_autofree char *label = NULL;

      dyno_ticks_compute_time (cases[i].lo, cases[i].hi, cases[i].max_ticks, &ticks, &unit);
      g_assert_cmpfloat_with_epsilon (ticks.step, cases[i].step, 1e-9);
      g_assert_cmpint (unit, ==, cases[i].unit);
      /* The axis stays at the data, so the curve fills the plot. */
      g_assert_cmpfloat (ticks.lo, ==, cases[i].lo);
      g_assert_cmpfloat (ticks.hi, ==, cases[i].hi);
      g_assert_cmpfloat (dyno_ticks_get (&ticks, 0), >=, cases[i].lo);
      g_assert_cmpfloat (dyno_ticks_get (&ticks, ticks.n_ticks - 1), <=, cases[i].hi);
      g_assert_cmpuint (ticks.n_ticks, >=, 2);
      label = dyno_ticks_format (&ticks, dyno_ticks_get (&ticks, 1), dyno_time_unit_seconds (unit));
      g_assert_cmpstr (label, ==, cases[i].second_label);
    }
}

/* ---- model ------------------------------------------------------------------------------ */

/* The model's phases of the unit are those keys, in that order. */
static void
assert_phases (const DynoChartModel *model, DynoUnit unit, const char *keys)
{
  g_autoptr (GPtrArray) phases = dyno_chart_model_get_phases (model, unit);
  g_auto (GStrv) want = g_strsplit (keys, ",", -1);

  g_assert_cmpuint (phases->len, ==, g_strv_length (want));
  g_assert_cmpuint (dyno_chart_model_get_n_phases (model, unit), ==, phases->len);
  for (guint i = 0; want[i] != NULL; i++)
    g_assert_cmpstr (dyno_phase_get_key (g_ptr_array_index (phases, i)), ==, want[i]);
}

static void
test_model_segments (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  guint n_bytes = 0;
  guint n_ops = 0;
  double t0;
  double t1;

  for (guint p = 0; p < G_N_ELEMENTS (full_run); p++)
    {
      guint n = (guint) (full_run[p].seconds * 10);

      if (dyno_phase_get_unit (phase_of (full_run[p].phase)) == DYNO_UNIT_BYTES)
        n_bytes += n;
      else
        n_ops += n;
    }

  g_assert_cmpuint (dyno_chart_model_get_n_samples (model), ==, n_bytes + n_ops);
  g_assert_cmpuint (dyno_chart_model_get_n_unit_samples (model, DYNO_UNIT_BYTES), ==, n_bytes);
  g_assert_cmpuint (dyno_chart_model_get_n_unit_samples (model, DYNO_UNIT_OPS), ==, n_ops);
  g_assert_true (dyno_chart_model_get_last_phase (model) == phase_of ("rand_delete"));

  g_assert_cmpuint (dyno_chart_model_get_n_segments (model, DYNO_UNIT_BYTES), ==, 5);
  g_assert_cmpuint (dyno_chart_model_get_n_segments (model, DYNO_UNIT_OPS), ==, 7);
  assert_phases (model, DYNO_UNIT_BYTES, "putc,write,rewrite,getc,read");
  assert_phases (model, DYNO_UNIT_OPS,
                 "seeks,seq_create,seq_stat,seq_delete,rand_create,rand_stat,rand_delete");
  g_assert_cmpuint (dyno_chart_model_get_n_phases (model, DYNO_UNIT_OPS), ==, 7);

  for (guint s = 0; s < 5; s++)
    {
      const DynoChartSegment *segment = dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, s);

      g_assert_true (segment->phase == phase_of (full_run[s].phase));
      g_assert_cmpuint (segment->n_points, ==, (guint) (full_run[s].seconds * 10));
      g_assert_false (segment->decimated);
      g_assert_true (segment->joined == (s > 0));
      g_assert_cmpfloat (segment->t_end, >, segment->t_start);
    }
  /* Seeks follow the byte phases: a new unit, so nothing to join. */
  g_assert_false (dyno_chart_model_get_segment (model, DYNO_UNIT_OPS, 0)->joined);
  g_assert_true (dyno_chart_model_get_segment (model, DYNO_UNIT_OPS, 1)->joined);

  g_assert_true (dyno_chart_model_get_time_range (model, DYNO_UNIT_BYTES, &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.1, 1e-9);
  g_assert_cmpfloat_with_epsilon (dyno_chart_model_get_rate_max (model, DYNO_UNIT_BYTES),
                                  510 * MB * 1.1, 510 * MB * 0.01);
  g_assert_cmpfloat (dyno_chart_model_get_cpu_max (model, DYNO_UNIT_BYTES), <=, 90);
  g_assert_cmpfloat (dyno_chart_model_get_cpu_max (model, DYNO_UNIT_BYTES), >=, 85);
  g_assert_true (dyno_chart_model_get_time_range (model, DYNO_UNIT_OPS, &t0, &t1));
  g_assert_cmpfloat (t0, >, 40);

  dyno_chart_model_clear (model);
  g_assert_cmpuint (dyno_chart_model_get_n_samples (model), ==, 0);
  g_assert_cmpuint (dyno_chart_model_get_n_segments (model, DYNO_UNIT_BYTES), ==, 0);
  g_assert_false (dyno_chart_model_get_time_range (model, DYNO_UNIT_BYTES, NULL, NULL));
  g_assert_null (dyno_chart_model_get_last_phase (model));
  g_assert_cmpuint (dyno_chart_model_get_n_phases (model, DYNO_UNIT_BYTES), ==, 0);
}

static void
test_model_repeats (void)
{
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  double t = 0;

  /* Two repeats of write then seeks: the second write is a new segment, not joined. */
  for (guint repeat = 0; repeat < 2; repeat++)
    for (guint p = 0; p < 2; p++)
      for (guint i = 0; i < 10; i++)
        {
          DynoSample sample = make_sample (t += 0.1, i * 0.1,
                                           phase_of (p ? "seeks" : "write"),
                                           p ? 100 : 100 * MB, 0);
          sample.repeat = repeat;
          g_array_append_val (samples, sample);
        }

  /* In two batches cut mid-phase: the batch boundary must not split a segment. */
  dyno_chart_model_append (model, (DynoSample *) (gpointer) samples->data, 15);
  dyno_chart_model_append (model, &g_array_index (samples, DynoSample, 15), samples->len - 15);

  g_assert_cmpuint (dyno_chart_model_get_n_segments (model, DYNO_UNIT_BYTES), ==, 2);
  g_assert_cmpuint (dyno_chart_model_get_n_segments (model, DYNO_UNIT_OPS), ==, 2);
  g_assert_cmpuint (dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 1)->repeat, ==, 1);
  g_assert_false (dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 1)->joined);
  g_assert_cmpuint (dyno_chart_model_get_segment (model, DYNO_UNIT_OPS, 0)->n_points, ==, 10);
}

static void
test_model_decimation (void)
{
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  guint n_points;
  guint n_segments;
  double seen_max = 0;
  double seen_min = INFINITY;
  double last_t = -1;

  /* An hour at 10 Hz, one spike and one dip, appended in 100 ms batches like the app does. */
  for (guint i = 0; i < 36000; i++)
    {
      double rate = i == 12345 ? 5000 * MB : i == 23456 ? 1 * MB : 200 * MB + (i % 7) * MB;
      DynoSample sample = make_sample (0.1 * (i + 1), 0.1 * (i + 1), phase_of ("write"),
                                         rate, 0);

      sample.rate = rate;
      g_array_append_val (samples, sample);
    }
  for (guint i = 0; i < samples->len; i++)
    dyno_chart_model_append (model, &g_array_index (samples, DynoSample, i), 1);

  g_assert_cmpuint (dyno_chart_model_get_n_samples (model), ==, 36000);
  n_points = dyno_chart_model_get_n_points (model, DYNO_UNIT_BYTES);
  g_test_message ("36000 samples → %u points, %g s buckets", n_points,
                  dyno_chart_model_get_bucket_width (model, DYNO_UNIT_BYTES));
  g_assert_cmpuint (n_points, <=, DYNO_CHART_MODEL_MAX_BUCKETS);
  g_assert_cmpuint (n_points, >=, DYNO_CHART_MODEL_MAX_BUCKETS / 4);
  g_assert_cmpfloat (dyno_chart_model_get_rate_max (model, DYNO_UNIT_BYTES), ==, 5000 * MB);

  n_segments = dyno_chart_model_get_n_segments (model, DYNO_UNIT_BYTES);
  g_assert_cmpuint (n_segments, ==, 1);
  {
    const DynoChartSegment *segment = dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 0);

    g_assert_true (segment->decimated);
    g_assert_cmpuint (segment->n_points, ==, n_points);
    for (guint i = 0; i < segment->n_points; i++)
      {
        const DynoChartPoint *p = &segment->points[i];

        g_assert_cmpfloat (p->t, >, last_t);
        last_t = p->t;
        g_assert_cmpfloat (p->rate_min, <=, p->rate);
        g_assert_cmpfloat (p->rate, <=, p->rate_max);
        seen_max = MAX (seen_max, p->rate_max);
        seen_min = MIN (seen_min, p->rate_min);
        g_assert_cmpfloat_with_epsilon (p->process_cpu, 85, 1e-9);
        g_assert_cmpfloat_with_epsilon (p->system_cpu, 30, 1e-9);
        g_assert_cmpfloat_with_epsilon (p->iowait, 40, 1e-9);
      }
  }
  /* The spike and the dip survive, though each is one sample in a bucket of dozens. */
  g_assert_cmpfloat (seen_max, ==, 5000 * MB);
  g_assert_cmpfloat (seen_min, ==, 1 * MB);
}

static void
test_model_nan (void)
{
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  DynoSample samples[3];

  samples[0] = make_sample (0.1, 0.1, phase_of ("read"), 100 * MB, 0);
  samples[1] = make_sample (0.2, 0.2, phase_of ("read"), NAN, 0);
  samples[1].process_cpu = NAN;
  samples[2] = make_sample (0.3, 0.3, phase_of ("read"), 120 * MB, 0);
  dyno_chart_model_append (model, samples, G_N_ELEMENTS (samples));

  g_assert_cmpuint (dyno_chart_model_get_n_samples (model), ==, 3);
  g_assert_cmpfloat (dyno_chart_model_get_rate_max (model, DYNO_UNIT_BYTES), ==, 120 * MB);
  g_assert_true (isnan (dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 0)->points[1].rate));
}

/* ---- rendering -------------------------------------------------------------------------- */

static void
assert_margins_empty (const Picture *picture, const DynoRgba *background)
{
  int m = (int) floor (picture->geometry.margin);

  g_assert_cmpint (m, >=, 2);
  for (int y = 0; y < picture->height; y++)
    for (int x = 0; x < picture->width; x++)
      {
        gboolean in_margin = x < m || y < m || x >= picture->width - m || y >= picture->height - m;

        if (in_margin && !pixel_is (picture, x, y, background, 0))
          g_error ("pixel %d,%d in the %d px margin is not the background", x, y, m);
      }
}

static void
assert_axes (const Picture *picture, const DynoChartRect *plot, const DynoChartStyle *style)
{
  int left = (int) floor (plot->x);
  int right = (int) floor (plot->x + plot->width);
  int bottom = (int) floor (plot->y + plot->height);
  int y0 = (int) ceil (plot->y);
  int x0 = (int) ceil (plot->x);
  guint n = 0;
  guint total = 0;

  for (int y = y0; y < bottom; y++, total += 2)
    n += pixel_is (picture, left, y, &style->axis, 0)
         + pixel_is (picture, right, y, &style->axis, 0);
  for (int x = x0; x < right; x++, total++)
    n += pixel_is (picture, x, bottom, &style->axis, 0);
  g_test_message ("%u of %u axis pixels have the axis colour", n, total);
  /* Only the rounded ends of the thick CPU lines may cross an axis. */
  g_assert_cmpuint (n, >=, total * 98 / 100);
}

static void
assert_phase_colors (const Picture *picture, const DynoChartStyle *style, DynoUnit unit)
{
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  for (guint p = 0; p < n_bonnie; p++)
    {
      DynoRgba color = dyno_chart_style_get_phase_color (style, bonnie[p]);
      guint n;

      if (dyno_phase_get_unit (bonnie[p]) != unit)
        continue;
      n = count_color (picture, &picture->geometry.plot, &color, 1);
      g_test_message ("%s: %u pixels", dyno_phase_get_key (bonnie[p]), n);
      g_assert_cmpuint (n, >=, 50);
    }
}

static void
test_render_light (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  g_auto (Picture) picture = { 0 };
  const DynoChartRect *plot;

  render_picture (&picture, model, style, NULL, 800, 400);
  plot = &picture.geometry.plot;

  /* Plots that take most of the picture, inside the content box. */
  g_assert_cmpuint (picture.geometry.n_panels, ==, 2);
  g_assert_cmpfloat (plot->width, >, 800 * 0.75);
  g_assert_cmpfloat (plot->height, >, 400 * 0.6);
  g_assert_cmpfloat (plot->x, >=, picture.geometry.content.x);
  g_assert_cmpfloat (plot->y, >=, picture.geometry.content.y);
  g_assert_cmpfloat (plot->x + plot->width, <=,
                     picture.geometry.content.x + picture.geometry.content.width);

  for (guint p = 0; p < picture.geometry.n_panels; p++)
    {
      const DynoChartRect *panel = &picture.geometry.plots[p];

      /* Each panel's CPU lines run under its own phases: half the time axis, or so. */
      assert_axes (&picture, panel, style);
      g_assert_cmpuint (count_color (&picture, panel, &style->process_cpu, 1), >=, 100);
      g_assert_cmpuint (count_color (&picture, panel, &style->system_cpu, 1), >=, 50);
      g_assert_cmpuint (count_color (&picture, panel, &style->iowait, 1), >=, 50);
    }
  assert_phase_colors (&picture, style, DYNO_UNIT_BYTES);
  assert_phase_colors (&picture, style, DYNO_UNIT_OPS);
  assert_margins_empty (&picture, &style->background);

  /* Phase colours stay inside the plots, but for the swatches over them and the key's stripes
   * under the time axis (on the key's row, that of its "Rate"). */
  {
    g_autoptr (GArray) labels = get_labels (model, style, NULL, 800, 400, NULL);
    const DynoChartLabel *rate = dyno_test_find_label (labels, "Rate");
    DynoChartRect below;
    guint n_bonnie;

    g_assert_nonnull (rate);
    below = (DynoChartRect) { 0, plot->y + plot->height + 1, 800,
                              floor (rate->box.y) - (plot->y + plot->height + 1) };
    const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

    for (guint p = 0; p < n_bonnie; p++)
      {
        DynoRgba color = dyno_chart_style_get_phase_color (style, bonnie[p]);

        g_assert_cmpuint (count_color (&picture, &below, &color, 1), ==, 0);
      }
  }
}

static void
test_render_decor (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  g_auto (Picture) plain = { 0 };
  g_auto (Picture) decorated = { 0 };
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  decor.title = "Samsung SSD 980 PRO";
  decor.subtitle = "/home · ext4";
  decor.host = "testhost";

  render_picture (&plain, model, style, NULL, 900, 450);
  render_picture (&decorated, model, style, &decor, 900, 450);

  /* Title, legend and axis titles take room: the plot shrinks on every side. */
  g_assert_cmpfloat (decorated.geometry.plot.y, >, plain.geometry.plot.y);
  g_assert_cmpfloat (decorated.geometry.plot.x, >, plain.geometry.plot.x);
  g_assert_cmpfloat (decorated.geometry.plot.y + decorated.geometry.plot.height, <,
                     plain.geometry.plot.y + plain.geometry.plot.height);
  g_assert_cmpfloat (decorated.geometry.margin, >, plain.geometry.margin);

  for (guint p = 0; p < decorated.geometry.n_panels; p++)
    assert_axes (&decorated, &decorated.geometry.plots[p], style);
  assert_phase_colors (&decorated, style, DYNO_UNIT_BYTES);
  assert_margins_empty (&decorated, &style->background);

  /* The legend's swatches show the phase colours above the plot. */
  {
    DynoChartRect above = { 0, 0, 900, decorated.geometry.plot.y };
    guint n_bonnie;
    const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

    for (guint p = 0; p < n_bonnie; p++)
      if (dyno_phase_get_unit (bonnie[p]) == DYNO_UNIT_BYTES)
        {
          DynoRgba color = dyno_chart_style_get_phase_color (style, bonnie[p]);

          g_assert_cmpuint (count_color (&decorated, &above, &color, 1), >=, 20);
        }
  }
}

static double
luminance (const Picture *picture, int x, int y)
{
  guint8 p[4];

  get_pixel (picture, x, y, p);
  return (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255 * (p[3] / 255.0);
}

static void
test_render_palettes (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  DynoChartPalette palettes[] = {
    DYNO_CHART_PALETTE_LIGHT,
    DYNO_CHART_PALETTE_DARK,
    DYNO_CHART_PALETTE_HIGH_CONTRAST,
    DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK,
  };

  for (guint i = 0; i < G_N_ELEMENTS (palettes); i++)
    {
      g_autoptr (DynoChartStyle) style = dyno_chart_style_new (palettes[i]);
      g_auto (Picture) picture = { 0 };
      gboolean dark = palettes[i] == DYNO_CHART_PALETTE_DARK
                      || palettes[i] == DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK;
      const DynoChartRect *plot;
      double bg;
      double fg = dark ? 1 : 0;
      guint n = 0;

      render_picture (&picture, model, style, NULL, 640, 240);
      plot = &picture.geometry.plot;
      bg = luminance (&picture, 1, 1);
      if (dark)
        g_assert_cmpfloat (bg, <, 0.15);
      else
        g_assert_cmpfloat (bg, >, 0.95);
      /* The plot's empty top-left corner is the background too. */
      g_assert_cmpfloat (fabs (luminance (&picture, (int) plot->x + 3, (int) plot->y + 2) - bg), <,
                         0.05);
      assert_margins_empty (&picture, &style->background);

      /* Phase colours differ within each unit, so no two phases look alike. */
      {
        guint n_bonnie;
        const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

        for (guint a = 0; a < n_bonnie; a++)
          for (guint b = a + 1; b < n_bonnie; b++)
            if (dyno_phase_get_unit (bonnie[a]) == dyno_phase_get_unit (bonnie[b]))
              {
                DynoRgba x = dyno_chart_style_get_phase_color (style, bonnie[a]);
                DynoRgba y = dyno_chart_style_get_phase_color (style, bonnie[b]);
                double d = fabs (x.red - y.red) + fabs (x.green - y.green)
                           + fabs (x.blue - y.blue);

                g_assert_cmpfloat (d, >, 0.2);
              }
      }

      /* Tick labels left of the plot, in a colour well apart from the background. */
      for (int y = 0; y < picture.height; y++)
        for (int x = 0; x < (int) plot->x; x++)
          if (fabs (luminance (&picture, x, y) - bg) > 0.35
              && fabs (luminance (&picture, x, y) - fg) < 0.65)
            n++;
      g_assert_cmpuint (n, >, 20);
    }
}

/* Bonnie's I/O phases keep the colours they had before phases were kinds (a chart saved today
 * looks like one saved then); the file tests have hues of their own, so that no two of the
 * twelve share a colour in a legend (issue 22: colours repeated across phases). */
static void
test_style_bonnie_colors (void)
{
  static const struct
  {
    DynoChartPalette palette;
    guint32 colors[12]; /* in dyno_phase_bonnie () order */
  } expected[] = {
    { DYNO_CHART_PALETTE_LIGHT,
      { 0xe5a50a, 0x1c71d8, 0xe66100, 0x62a0ea, 0x26a269, 0x865e3c, 0x9141ac, 0x2190a4, 0xe01b24,
        0xd56199, 0x5d5cb6, 0x8a9a1b } },
    { DYNO_CHART_PALETTE_DARK,
      { 0xf6d32d, 0x3584e4, 0xff7800, 0x99c1f1, 0x33d17a, 0xb5835a, 0xc061cb, 0x3fb5c9, 0xed333b,
        0xe889b8, 0x8584e0, 0xb3c43a } },
    { DYNO_CHART_PALETTE_HIGH_CONTRAST,
      { 0x9c6e03, 0x1a5fb4, 0xc64600, 0x3584e4, 0x1f8a58, 0x63452c, 0x613583, 0x156b7a, 0xa51d2d,
        0xa8326c, 0x3b3a8c, 0x5e6a0f } },
    { DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK,
      { 0xf6d32d, 0x3584e4, 0xff7800, 0x99c1f1, 0x33d17a, 0xb5835a, 0xc061cb, 0x3fb5c9, 0xed333b,
        0xe889b8, 0x8584e0, 0xb3c43a } },
  };
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  g_assert_cmpuint (n_bonnie, ==, 12);
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      g_autoptr (DynoChartStyle) style = dyno_chart_style_new (expected[k].palette);

      for (guint i = 0; i < n_bonnie; i++)
        {
          DynoRgba c = dyno_chart_style_get_phase_color (style, bonnie[i]);
          guint32 rgb = (guint32) round (c.red * 255) << 16 | (guint32) round (c.green * 255) << 8
                        | (guint32) round (c.blue * 255);

          g_assert_cmphex (rgb, ==, expected[k].colors[i]);
          g_assert_cmpfloat (c.alpha, ==, 1);
          for (guint j = 0; j < i; j++)
            g_assert_cmphex (expected[k].colors[j], !=, rgb);
        }
    }
}

/* Every kind's colour slot is in the palette, and kinds that may share a plot (those of one
 * unit) have slots of their own: a new kind that took a neighbour's would fail here. */
static void
test_style_kind_slots (void)
{
  guint n_kinds;
  const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    {
      g_assert_cmpuint (kinds[i]->color, <, DYNO_CHART_N_COLORS);
      for (guint j = 0; j < i; j++)
        if (kinds[j]->unit == kinds[i]->unit)
          {
            if (kinds[j]->color == kinds[i]->color)
              g_test_message ("%s and %s share colour slot %u", kinds[j]->nick, kinds[i]->nick,
                              kinds[i]->color);
            g_assert_cmpuint (kinds[j]->color, !=, kinds[i]->color);
          }
    }
}

/* Queued phases of CrystalDiskMark's kind, two parameter sets of a kind. */
static const PhaseSpec queued_run[] = {
  { "seq-read:1m:q8:t1", 5, 3400 * MB },  { "seq-read:1m:q1:t1", 5, 2100 * MB },
  { "rnd-read:4k:q32:t1", 5, 600 * MB },  { "rnd-read:4k:q1:t1", 5, 60 * MB },
  { "seq-write:1m:q8:t1", 5, 2900 * MB }, { "rnd-write:4k:q32:t1", 5, 450 * MB },
  { "seq-mix:1m:q8:t1:r70", 5, 1500 * MB }, { "rnd-mix:4k:q32:t1:r70", 5, 300 * MB },
};

/* Phases that are not Bonnie's: colours of their own, apart from each other and from the
 * Bonnie phases they may share the byte plot with, and their titles or short titles as names
 * (over a wide plot every one fits). */
static void
test_render_queued_phases (void)
{
  g_autoptr (GArray) samples = make_run (queued_run, G_N_ELEMENTS (queued_run), 10);
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  DynoChartPalette palettes[] = {
    DYNO_CHART_PALETTE_LIGHT,
    DYNO_CHART_PALETTE_DARK,
    DYNO_CHART_PALETTE_HIGH_CONTRAST,
    DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK,
  };
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);
  DynoChartDecor decor;

  dyno_chart_model_append (model, (DynoSample *) (gpointer) samples->data, samples->len);
  assert_phases (model, DYNO_UNIT_BYTES,
                 "seq-read:1m:q8:t1,seq-read:1m:q1:t1,rnd-read:4k:q32:t1,rnd-read:4k:q1:t1,"
                 "seq-write:1m:q8:t1,rnd-write:4k:q32:t1,seq-mix:1m:q8:t1:r70,"
                 "rnd-mix:4k:q32:t1:r70");

  for (guint k = 0; k < G_N_ELEMENTS (palettes); k++)
    {
      g_autoptr (DynoChartStyle) style = dyno_chart_style_new (palettes[k]);
      GPtrArray *all = g_ptr_array_new ();

      for (guint i = 0; i < G_N_ELEMENTS (queued_run); i++)
        g_ptr_array_add (all, (gpointer) phase_of (queued_run[i].phase));
      for (guint i = 0; i < n_bonnie; i++)
        if (dyno_phase_get_unit (bonnie[i]) == DYNO_UNIT_BYTES)
          g_ptr_array_add (all, (gpointer) bonnie[i]);
      for (guint a = 0; a < G_N_ELEMENTS (queued_run); a++)
        for (guint b = a + 1; b < all->len; b++)
          {
            DynoRgba x = dyno_chart_style_get_phase_color (style, g_ptr_array_index (all, a));
            DynoRgba y = dyno_chart_style_get_phase_color (style, g_ptr_array_index (all, b));
            double d = fabs (x.red - y.red) + fabs (x.green - y.green) + fabs (x.blue - y.blue);

            if (d <= 0.05)
              g_error ("%s and %s look alike", dyno_phase_get_key (g_ptr_array_index (all, a)),
                       dyno_phase_get_key (g_ptr_array_index (all, b)));
            g_assert_cmpfloat (x.alpha, ==, 1);
          }
      g_ptr_array_unref (all);
    }

  /* On screen and saved: every phase drawn in its colour, named by its title or short title. */
  dyno_chart_decor_init (&decor);
  decor.title = "CrystalDiskMark-like";
  decor.host = "testhost";
  for (int saved = 0; saved < 2; saved++)
    {
      g_autoptr (DynoChartStyle) style = make_test_style ();
      g_auto (Picture) picture = { 0 };
      g_autoptr (GArray) labels = NULL;
      DynoChartGeometry geometry;

      render_picture (&picture, model, style, saved ? &decor : NULL, 1600, 500);
      for (guint i = 0; i < G_N_ELEMENTS (queued_run); i++)
        {
          DynoRgba color = dyno_chart_style_get_phase_color (style,
                                                             phase_of (queued_run[i].phase));

          g_assert_cmpuint (count_color (&picture, &picture.geometry.plot, &color, 1), >=, 50);
        }
      labels = get_labels (model, style, saved ? &decor : NULL, 1600, 500, &geometry);
      dyno_test_assert_labels_clean (labels, &geometry.content);
      for (guint i = 0; i < G_N_ELEMENTS (queued_run); i++)
        {
          const DynoPhase *phase = phase_of (queued_run[i].phase);

          if (saved)
            /* The legend has every title. */
            g_assert_nonnull (dyno_test_find_label (labels, dyno_phase_get_title (phase)));
          else if (!dyno_test_find_label (labels, dyno_phase_get_title (phase))
                   && !dyno_test_find_label (labels, dyno_phase_get_short_title (phase)))
            {
              for (guint l = 0; l < labels->len; l++)
                g_test_message ("label “%s”", g_array_index (labels, DynoChartLabel, l).text);
              g_error ("%s is not named", dyno_phase_get_key (phase));
            }
        }
    }
}

static void
test_render_empty_and_tiny (void)
{
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  g_autoptr (DynoChartModel) full = make_full_model ();

  /* No data: axes, no curves. */
  {
    g_auto (Picture) picture = { 0 };

    render_picture (&picture, model, style, NULL, 400, 200);
    for (guint p = 0; p < picture.geometry.n_panels; p++)
      assert_axes (&picture, &picture.geometry.plots[p], style);
    assert_margins_empty (&picture, &style->background);
  }

  /* Sizes down to nothing must neither crash nor draw outside. */
  for (int w = 1; w <= 61; w += 20)
    for (int h = 1; h <= 41; h += 20)
      {
        g_auto (Picture) picture = { 0 };

        render_picture (&picture, full, style, NULL, w, h);
      }
}

/* Whether a label is in the rows over a panel's plot (one or two), where its phases are named. */
static gboolean
in_panel_header (const DynoChartLabel *label, const DynoChartGeometry *geometry, guint panel)
{
  const DynoChartRect *header = &geometry->headers[panel];

  return label->box.y >= header->y - 0.5
         && label->box.y + label->box.height <= header->y + header->height + 0.5
         && label->box.x >= header->x - 0.5
         && label->box.x + label->box.width <= header->x + header->width + 0.5;
}

/* In the row over the first panel. */
static gboolean
in_header (const DynoChartLabel *label, const DynoChartGeometry *geometry)
{
  return in_panel_header (label, geometry, 0);
}

/* Whether text is a phase's title or its short name over the chart. */
static gboolean
names_phase (const char *text, const DynoPhase *phase)
{
  /* In dyno_phase_bonnie () order: no Putc and Getc jargon (issue 22). */
  static const char *const short_names[] = {
    "Per-char write", "Write", "Rewrite", "Per-char read", "Read", "Seeks", "Seq create",
    "Seq stat", "Seq delete", "Rand create", "Rand stat", "Rand delete",
  };
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  g_assert_cmpuint (n_bonnie, ==, G_N_ELEMENTS (short_names));
  if (g_str_equal (text, dyno_phase_get_title (phase)))
    return TRUE;
  for (guint i = 0; i < n_bonnie; i++)
    g_assert_cmpstr (dyno_phase_get_chart_name (bonnie[i]), ==, short_names[i]);
  for (guint i = 0; i < n_bonnie; i++)
    if (bonnie[i] == phase)
      return g_str_equal (text, short_names[i]);
  return g_str_equal (text, dyno_phase_get_short_title (phase));
}

/* The x of a time on a chart's plots, which share the time axis. */
static double
plot_x (const DynoChartGeometry *geometry, double t)
{
  return geometry->plot.x
         + (t - geometry->t0) / (geometry->t1 - geometry->t0) * geometry->plot.width;
}

static void
test_render_repeats (void)
{
  static const PhaseSpec run[] = {
    { "putc", 20, 80 * MB },   { "write", 10, 420 * MB },
    { "rewrite", 15, 210 * MB }, { "getc", 20, 95 * MB },
    { "read", 8, 510 * MB },   { "seeks", 5, 9000 },
    { "seq_create", 2, 30000 }, { "seq_stat", 0.3, 60000 },
    { "seq_delete", 1.5, 40000 },
  };
  g_autoptr (DynoChartModel) model = make_repeated_model (run, G_N_ELEMENTS (run), 3);
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  guint n_segments = dyno_chart_model_get_n_segments (model, DYNO_UNIT_BYTES);
  DynoChartDecor decor;
  const int sizes[][2] = { { 1200, 675 }, { 600, 300 } };

  g_assert_cmpuint (n_segments, ==, 15);
  dyno_chart_decor_init (&decor);
  decor.title = "Three repeats";
  decor.host = "testhost";

  /* A saved chart of a run with three repeats: the byte phases of each repeat, then a gap where
   * the seeks and file tests ran. Each phase is named once, as the legend names it, over its
   * own samples, never over the gaps; its later repeats go unnamed (issue 22: the names read
   * "Seeks, Seeks, …"); at a small size the narrow ones go unnamed. */
  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      g_autoptr (GArray) labels = NULL;
      DynoChartGeometry geometry;
      guint n_names = 0;
      guint n_write = 0;

      labels = get_labels (model, style, &decor, sizes[z][0], sizes[z][1], &geometry);
      g_test_message ("%d×%d: %u panels, the first %g×%g", sizes[z][0], sizes[z][1],
                      geometry.n_panels, geometry.plots[0].width, geometry.plots[0].height);
      dyno_test_assert_labels_clean (labels, &geometry.content);
      for (guint i = 0; i < labels->len; i++)
        {
          const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);
          double middle = label->box.x + label->box.width / 2;
          gboolean over_its_own = FALSE;

          /* Phase names are the row over the plot. */
          if (!in_header (label, &geometry))
            continue;
          n_names++;
          if (g_str_equal (label->text, "Block write") || g_str_equal (label->text, "Write"))
            n_write++;
          /* The name covers the middle of a segment of its phase. */
          for (guint s = 0; s < n_segments; s++)
            {
              const DynoChartSegment *segment = dyno_chart_model_get_segment (model,
                                                                              DYNO_UNIT_BYTES, s);
              double x0 = plot_x (&geometry, segment->t_start);
              double x1 = plot_x (&geometry, segment->t_end);
              double m = (x0 + x1) / 2;

              if (names_phase (label->text, segment->phase) && label->box.x <= m + 1
                  && label->box.x + label->box.width >= m - 1)
                over_its_own = TRUE;
            }
          if (!over_its_own)
            g_error ("“%s” at %g is not over a segment of its phase", label->text, middle);
        }
      g_test_message ("%u names, %u of block write", n_names, n_write);
      if (z == 0)
        {
          /* Every phase, once. */
          g_assert_cmpuint (n_names, ==, 5);
          g_assert_cmpuint (n_write, ==, 1);
        }
      else
        {
          g_assert_cmpuint (n_names, >=, 1);
          g_assert_cmpuint (n_names, <=, 5);
          g_assert_cmpuint (n_write, <=, 1);
        }
    }

  /* The file tests, in the second panel: the 0.3 s sequential stat is too narrow to name. */
  {
    g_autoptr (GArray) labels = NULL;
    DynoChartGeometry geometry;

    labels = get_labels (model, style, &decor, 1200, 675, &geometry);
    dyno_test_assert_labels_clean (labels, &geometry.content);
    for (guint i = 0; i < labels->len; i++)
      {
        const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

        /* In the row over the plot (the legend above names them all). */
        if (in_panel_header (label, &geometry, 1))
          g_assert_false (names_phase (label->text, phase_of ("seq_stat")));
      }
    g_assert_nonnull (dyno_test_find_label (labels, "Random seeks"));
  }
}

static void
test_render_repeats_in_a_row (void)
{
  /* Only block write and seeks, three times: the byte chart shows block write three times in a
   * row, gaps between, and names it once. */
  static const PhaseSpec run[] = {
    { "write", 10, 420 * MB },
    { "seeks", 3, 9000 },
  };
  g_autoptr (DynoChartModel) model = make_repeated_model (run, G_N_ELEMENTS (run), 3);
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_dark ();
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  for (int screen = 0; screen < 2; screen++)
    {
      g_autoptr (GArray) labels = NULL;
      DynoChartGeometry geometry;
      guint n_write = 0;

      labels = get_labels (model, style, screen ? NULL : &decor, 600, 300, &geometry);
      dyno_test_assert_labels_clean (labels, &geometry.content);
      g_assert_nonnull (dyno_test_find_label (labels, "Block write ×3"));
      g_assert_true (in_header (dyno_test_find_label (labels, "Block write ×3"), &geometry));
      for (guint i = 0; i < labels->len; i++)
        if (in_header (&g_array_index (labels, DynoChartLabel, i), &geometry))
          n_write += strstr (g_array_index (labels, DynoChartLabel, i).text, "rite") != NULL;
      g_assert_cmpuint (n_write, ==, 1);
    }
}

static void
test_render_small_decor (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  DynoChartDecor decor;
  const char *title = "Block and file throughput of a Samsung SSD 980 PRO 2TB on /home (ext4, "
                      "noatime), measured over a week in the lab with repeats";

  dyno_chart_decor_init (&decor);
  decor.title = title;
  decor.subtitle = "Samsung SSD 980 PRO 2TB, WD Black SN850X 4TB, Crucial MX500 1TB, Seagate "
                   "IronWolf Pro 16TB, Kingston A2000, Toshiba N300, Intel Optane, Micron 7450";
  decor.host = "a-rather-long-hostname.lab.example.org";

  /* Saved at sizes from small to an article's: the title on one line or two, shortened past
   * that; the axis titles no longer than the plot is high; nothing out of the content box. */
  for (int height = 270; height <= 675; height += 81)
      {
        g_auto (Picture) picture = { 0 };
        g_autoptr (GArray) labels = NULL;
        int width = height * 16 / 9;
        const DynoChartLabel *t;

        render_picture (&picture, model, style, &decor, width, height);
        assert_margins_empty (&picture, &style->background);
        labels = get_labels (model, style, &decor, width, height, NULL);
        t = dyno_test_find_label (labels, title);
        g_test_message ("%d×%d: plots %g×%g", width, height, picture.geometry.plot.width,
                        picture.geometry.plot.height);
        g_assert_nonnull (t);
        g_assert_cmpfloat (t->box.width, <=, picture.geometry.content.width);
        /* One line at small sizes, shortened: it needs two at the widest. */
        if (height < 360)
          g_assert_true (t->ellipsized);
        if (width >= 1200)
          g_assert_false (t->ellipsized);
        for (guint i = 0; i < labels->len; i++)
          {
            const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

            if (label->angle != 0)
              g_assert_cmpfloat (label->box.height, <=, picture.geometry.plots[0].height + 0.5);
          }
      }
}

/* A model of the phases of specs from first to last (exclusive). */
static DynoChartModel *
make_partial_model (guint first, guint last)
{
  g_autoptr (GArray) samples = make_run (full_run + first, last - first, 10);
  DynoChartModel *model = dyno_chart_model_new ();

  dyno_chart_model_append (model, (DynoSample *) (gpointer) samples->data, samples->len);
  return model;
}

/* The panel a label sits beside: its box's middle between the plot's top and bottom. */
static gboolean
beside_plot (const DynoChartLabel *label, const DynoChartRect *plot)
{
  double cy = label->box.y + label->box.height / 2;

  return cy >= plot->y - 1 && cy <= plot->y + plot->height + 1;
}

static void
test_render_panels (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  DynoChartDecor decor;

  /* On screen: byte phases in MB/s over operation phases in ops/s, each panel its own axes and
   * title, the same time axis. */
  {
    g_auto (Picture) picture = { 0 };
    g_autoptr (GArray) labels = NULL;
    const DynoChartGeometry *g;
    const DynoChartLabel *bytes_title;
    const DynoChartLabel *ops_title;
    guint n_thousands[2] = { 0, 0 };

    render_picture (&picture, model, style, NULL, 900, 420);
    g = &picture.geometry;
    g_assert_cmpuint (g->n_panels, ==, 2);
    g_assert_cmpint (g->units[0], ==, DYNO_UNIT_BYTES);
    g_assert_cmpint (g->units[1], ==, DYNO_UNIT_OPS);
    g_assert_cmpfloat (g->plots[0].y + g->plots[0].height, <, g->headers[1].y);
    g_assert_cmpfloat (g->plots[0].x, ==, g->plots[1].x);
    g_assert_cmpfloat (g->plots[0].width, ==, g->plots[1].width);
    g_assert_cmpfloat (g->plots[1].height, >, 60);
    /* 561 MB/s at the most; 66 000 ops/s: each axis in its own unit. */
    g_assert_cmpfloat (g->axis_max[0], >=, 510 * 1.1);
    g_assert_cmpfloat (g->axis_max[0], <=, 1000);
    g_assert_cmpfloat (g->axis_max[1], >=, 60000 * 1.1);
    for (guint p = 0; p < 2; p++)
      {
        g_assert_cmpuint (count_color (&picture, &g->plots[p], &style->process_cpu, 1), >, 50);
        assert_axes (&picture, &g->plots[p], style);
      }

    labels = get_labels (model, style, NULL, 900, 420, NULL);
    bytes_title = dyno_test_find_label (labels, "Throughput (MB/s)");
    ops_title = dyno_test_find_label (labels, "Operations (ops/s)");
    g_assert_nonnull (bytes_title);
    g_assert_nonnull (ops_title);
    g_assert_false (bytes_title->ellipsized);
    g_assert_cmpfloat (bytes_title->box.y + bytes_title->box.height, <=, g->plots[0].y);
    g_assert_cmpfloat (ops_title->box.y, >=, g->plots[0].y + g->plots[0].height);
    g_assert_cmpfloat (ops_title->box.y + ops_title->box.height, <=, g->plots[1].y);
    /* "20k" and the like only beside the operations; "CPU %" over both right axes. */
    for (guint i = 0; i < labels->len; i++)
      {
        const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

        if (!g_str_has_suffix (label->text, "k") || label->box.x >= g->plots[0].x)
          continue;
        for (guint p = 0; p < 2; p++)
          n_thousands[p] += beside_plot (label, &g->plots[p]);
      }
    g_assert_cmpuint (n_thousands[0], ==, 0);
    g_assert_cmpuint (n_thousands[1], >=, 2);
    {
      guint n_cpu = 0;

      for (guint i = 0; i < labels->len; i++)
        n_cpu += g_str_equal (g_array_index (labels, DynoChartLabel, i).text, "CPU %");
      g_assert_cmpuint (n_cpu, ==, 2);
    }
  }

  /* Saved: the rotated axis titles name the panels. */
  dyno_chart_decor_init (&decor);
  decor.title = "Panels";
  decor.host = "testhost";
  {
    g_autoptr (GArray) labels = NULL;
    DynoChartGeometry geometry;
    const DynoChartLabel *bytes_title;
    const DynoChartLabel *ops_title;

    labels = get_labels (model, style, &decor, 1200, 675, &geometry);
    dyno_test_assert_labels_clean (labels, &geometry.content);
    g_assert_cmpuint (geometry.n_panels, ==, 2);
    bytes_title = dyno_test_find_label (labels, "Throughput (MB/s)");
    ops_title = dyno_test_find_label (labels, "Operations (ops/s)");
    g_assert_nonnull (bytes_title);
    g_assert_nonnull (ops_title);
    g_assert_cmpfloat (bytes_title->angle, !=, 0);
    g_assert_true (beside_plot (bytes_title, &geometry.plots[0]));
    g_assert_true (beside_plot (ops_title, &geometry.plots[1]));
  }

  /* A panel only for a unit with samples: byte phases alone, operations alone, nothing yet. */
  {
    g_autoptr (DynoChartModel) bytes = make_partial_model (0, 5);
    g_autoptr (DynoChartModel) ops = make_partial_model (5, G_N_ELEMENTS (full_run));
    g_autoptr (DynoChartModel) empty = dyno_chart_model_new ();
    g_auto (Picture) picture = { 0 };
    g_autoptr (GArray) labels = NULL;
    DynoChartGeometry geometry;

    render_picture (&picture, bytes, style, NULL, 700, 300);
    g_assert_cmpuint (picture.geometry.n_panels, ==, 1);
    g_assert_cmpint (picture.geometry.units[0], ==, DYNO_UNIT_BYTES);

    labels = get_labels (ops, style, NULL, 700, 300, &geometry);
    g_assert_cmpuint (geometry.n_panels, ==, 1);
    g_assert_cmpint (geometry.units[0], ==, DYNO_UNIT_OPS);
    g_assert_nonnull (dyno_test_find_label (labels, "Operations (ops/s)"));
    g_assert_null (dyno_test_find_label (labels, "Throughput (MB/s)"));

    g_clear_pointer (&labels, g_array_unref);
    labels = get_labels (empty, style, NULL, 700, 300, &geometry);
    g_assert_cmpuint (geometry.n_panels, ==, 1);
    g_assert_cmpint (geometry.units[0], ==, DYNO_UNIT_BYTES);
  }
}

/* Every phase named over the panel of its unit, on screen and saved. */
static void
test_render_phase_names (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  decor.title = "Names";
  for (int saved = 0; saved < 2; saved++)
    {
      g_autoptr (GArray) labels = NULL;
      DynoChartGeometry geometry;

      labels = get_labels (model, style, saved ? &decor : NULL, 1400, 500, &geometry);
      dyno_test_assert_labels_clean (labels, &geometry.content);
      g_assert_cmpuint (geometry.n_panels, ==, 2);
      for (guint p = 0; p < G_N_ELEMENTS (full_run); p++)
        {
          const DynoPhase *phase = phase_of (full_run[p].phase);
          guint panel = dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? 0 : 1;
          gboolean named = FALSE;

          for (guint i = 0; i < labels->len; i++)
            {
              const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

              if (names_phase (label->text, phase) && in_panel_header (label, &geometry, panel))
                named = TRUE;
              /* Never over the other unit's panel. */
              if (names_phase (label->text, phase) && in_panel_header (label, &geometry, 1 - panel))
                g_error ("“%s” is named over the wrong panel", label->text);
            }
          if (!named)
            g_error ("%s is not named over its panel", dyno_phase_get_key (phase));
        }
    }
}

/* On screen, where a phase's stretch is too narrow or its row too full for its name, the key
 * under the time axis names it (issue 22: legends dropped entries): every phase drawn is named
 * once, over its panel or in the key, at sizes that leave room for plots. */
static void
test_render_every_phase_named (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  const int sizes[][2] = { { 1400, 500 }, { 800, 400 }, { 640, 480 }, { 360, 420 } };
  gboolean some_in_key = FALSE;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      DynoChartGeometry geometry;
      g_autoptr (GArray) labels = get_labels (model, style, NULL, sizes[s][0], sizes[s][1],
                                              &geometry);
      const DynoChartRect *last = &geometry.plots[geometry.n_panels - 1];

      dyno_test_assert_labels_clean (labels, &geometry.content);
      for (guint p = 0; p < G_N_ELEMENTS (full_run); p++)
        {
          const DynoPhase *phase = phase_of (full_run[p].phase);
          guint panel = dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? 0 : 1;
          guint over = 0;
          guint in_key = 0;

          for (guint i = 0; i < labels->len; i++)
            {
              const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

              if (!names_phase (label->text, phase))
                continue;
              if (in_panel_header (label, &geometry, panel))
                over++;
              else if (label->box.y > last->y + last->height)
                in_key++;
            }
          if (over + in_key != 1)
            g_error ("%d×%d: %s is named %u times over its panel and %u in the key",
                     sizes[s][0], sizes[s][1], dyno_phase_get_key (phase), over, in_key);
          some_in_key |= in_key > 0;
        }
    }
  /* The narrower sizes cannot name every stretch over the plot. */
  g_assert_true (some_in_key);
}

/* Every line drawn has an entry in a legend: the rates, process CPU, system CPU, I/O wait. */
static void
test_render_key (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  const char *const lines[] = { "Process CPU", "System CPU", "I/O wait" };
  DynoChartDecor decor;

  /* On screen: a key under the time axis. */
  {
    g_auto (Picture) picture = { 0 };
    g_autoptr (GArray) labels = get_labels (model, style, NULL, 800, 400, NULL);
    const DynoChartRect *last;
    const DynoChartLabel *rate;
    DynoChartRect swatches;

    render_picture (&picture, model, style, NULL, 800, 400);
    last = &picture.geometry.plots[picture.geometry.n_panels - 1];
    rate = dyno_test_find_label (labels, "Rate");
    g_assert_nonnull (rate);
    g_assert_cmpfloat (rate->box.y, >, last->y + last->height);
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      {
        const DynoChartLabel *label = dyno_test_find_label (labels, lines[i]);

        g_assert_nonnull (label);
        g_assert_false (label->ellipsized);
        g_assert_cmpfloat (label->box.y, >, last->y + last->height);
      }
    /* The key's swatches in the lines' colours, on its row. */
    swatches = (DynoChartRect) { 0, rate->box.y, 800, rate->box.height };
    g_assert_cmpuint (count_color (&picture, &swatches, &style->process_cpu, 1), >, 5);
    g_assert_cmpuint (count_color (&picture, &swatches, &style->system_cpu, 1), >, 5);
    g_assert_cmpuint (count_color (&picture, &swatches, &style->iowait, 1), >, 5);
  }

  /* Saved: the legend over the plots has every phase and the CPU lines. */
  dyno_chart_decor_init (&decor);
  decor.title = "Legend";
  {
    g_autoptr (GArray) labels = NULL;
    DynoChartGeometry geometry;

    labels = get_labels (model, style, &decor, 1200, 675, &geometry);
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      {
        const DynoChartLabel *label = dyno_test_find_label (labels, lines[i]);

        g_assert_nonnull (label);
        g_assert_cmpfloat (label->box.y + label->box.height, <=, geometry.plots[0].y);
      }
    for (guint p = 0; p < G_N_ELEMENTS (full_run); p++)
      g_assert_nonnull (dyno_test_find_label (labels,
                                              dyno_phase_get_title (phase_of (full_run[p].phase))));
    g_assert_null (dyno_test_find_label (labels, "Rate"));
  }

  /* Saved without a legend: the key again. */
  decor.legend = FALSE;
  {
    g_autoptr (GArray) labels = get_labels (model, style, &decor, 1200, 675, NULL);

    g_assert_nonnull (dyno_test_find_label (labels, "Rate"));
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      g_assert_nonnull (dyno_test_find_label (labels, lines[i]));
  }
}

/* The time axis spans the whole run, from its start to its latest sample, as it grows: never a
 * window of its last seconds, never most of the axis empty ahead of the data. */
static void
test_render_time_range (void)
{
  g_autoptr (GArray) samples = make_run (full_run, G_N_ELEMENTS (full_run), 10);
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  const DynoSample *all = (const DynoSample *) (gpointer) samples->data;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  DynoChartDecor decor;
  double last_t1 = 0;

  dyno_chart_decor_init (&decor);
  for (guint i = 0; i < samples->len; i += 7)
    {
      guint n = MIN (7, samples->len - i);
      double t_first = all[0].t;
      double t_last = all[i + n - 1].t;
      DynoChartGeometry screen;
      DynoChartGeometry saved;

      dyno_chart_model_append (model, &all[i], n);
      dyno_chart_render_get_geometry (model, cr, 800, 400, style, NULL, &screen);
      dyno_chart_render_get_geometry (model, cr, 800, 400, style, &decor, &saved);

      /* From the run's start, whatever unit the latest samples have. */
      g_assert_cmpfloat (screen.t0, ==, 0);
      g_assert_cmpfloat (saved.t0, ==, 0);
      g_assert_cmpfloat (screen.t0, <=, t_first);
      /* To the latest sample: saved exactly, on screen a round span at most a fifth ahead. */
      g_assert_cmpfloat (saved.t1, ==, MAX (t_last, 1));
      g_assert_cmpfloat (screen.t1, >=, t_last);
      if (t_last >= 2)
        g_assert_cmpfloat ((screen.t1 - t_last) / (screen.t1 - screen.t0), <=, 0.2 + 1e-9);
      /* Growing, never shrinking. */
      g_assert_cmpfloat (screen.t1, >=, last_t1);
      last_t1 = screen.t1;
    }

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* ---- gaps, spikes, shared axes, results and rests ---------------------------------------- */

/* Two seconds of write at 10 Hz, a pause of paused seconds (the sampler resting: the first
 * sample after it covers only 0.1 s), two seconds more; then, after gap seconds, seeks. */
static GArray *
make_gapped_run (double paused, double gap)
{
  GArray *samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  double t = 0;
  guint64 done = 0;

  for (guint i = 0; i < 40; i++)
    {
      DynoSample sample;

      t += i == 20 ? paused + 0.1 : 0.1;
      done += (guint64) (100 * MB * 0.1);
      sample = make_sample (t, t, phase_of ("write"), 100 * MB, 0);
      sample.rate = 100 * MB;
      sample.done = done;
      g_array_append_val (samples, sample);
    }
  for (guint i = 1; i <= 20; i++)
    {
      DynoSample sample = make_sample (t + gap + i * 0.1, i * 0.1, phase_of ("seeks"), 500, 0);

      g_array_append_val (samples, sample);
    }
  return samples;
}

static void
test_model_gaps (void)
{
  g_autoptr (GArray) samples = make_gapped_run (3, 5);
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartModel) late = dyno_chart_model_new ();
  const DynoChartSegment *segment;
  guint n_gaps = 0;

  dyno_chart_model_append (model, (const DynoSample *) (gpointer) samples->data, samples->len);
  g_assert_cmpfloat_with_epsilon (dyno_chart_model_get_sample_interval (model), 0.1, 1e-6);

  /* One phase run, one segment: the pause breaks its line, it does not make a repeat. */
  g_assert_cmpuint (dyno_chart_model_get_n_segments (model, DYNO_UNIT_BYTES), ==, 1);
  segment = dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 0);
  g_assert_cmpuint (segment->n_points, ==, 40);
  for (guint i = 0; i < segment->n_points; i++)
    {
      g_assert_true (segment->points[i].gap_before == (i == 20));
      n_gaps += segment->points[i].gap_before;
    }
  g_assert_cmpuint (n_gaps, ==, 1);
  /* Seeks five seconds later: a new unit anyway, and the time between is a gap. */
  segment = dyno_chart_model_get_segment (model, DYNO_UNIT_OPS, 0);
  g_assert_false (segment->joined);
  g_assert_cmpfloat_with_epsilon (segment->prev_t, 4.0 + 3, 1e-6);
  g_assert_cmpfloat_with_epsilon (segment->phase_start, 4.0 + 3 + 5, 1e-6);

  /* A sampler woken late measured the whole time since its last sample (its rate times the
   * spacing is what was done since): no gap. */
  {
    DynoSample *all = (DynoSample *) (gpointer) samples->data;

    for (guint i = 20; i < 40; i++)
      all[i].done += (guint64) (100 * MB * 3);
    dyno_chart_model_append (late, all, samples->len);
    segment = dyno_chart_model_get_segment (late, DYNO_UNIT_BYTES, 0);
    for (guint i = 0; i < segment->n_points; i++)
      g_assert_false (segment->points[i].gap_before);
  }
}

static void
test_model_joined_only_without_gap (void)
{
  const PhaseSpec specs[] = { { "write", 2, 100 * MB }, { "rewrite", 2, 80 * MB } };
  g_autoptr (GArray) close = make_run (specs, G_N_ELEMENTS (specs), 10);
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  DynoSample *all = (DynoSample *) (gpointer) close->data;

  /* 0.3 s between the phases (three intervals): the CPU lines run on. */
  dyno_chart_model_append (model, all, close->len);
  g_assert_true (dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 1)->joined);

  /* Two seconds between them: they break. */
  dyno_chart_model_clear (model);
  for (guint i = 20; i < close->len; i++)
    all[i].t += 2;
  dyno_chart_model_append (model, all, close->len);
  g_assert_false (dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 1)->joined);
}

/* The render draws no curve across a gap: a column of the plot in the middle of the pause has
 * neither the phase's colour nor the CPU lines'. */
static void
test_render_gaps (void)
{
  g_autoptr (GArray) samples = make_gapped_run (3, 5);
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  g_auto (Picture) picture = { 0 };
  DynoRgba write = dyno_chart_style_get_phase_color (style, phase_of ("write"));
  DynoChartRect column;
  DynoChartRect before;

  /* No fill under the rate: the CPU lines keep their colours. */
  style->fill_alpha = 0;
  dyno_chart_model_append (model, (const DynoSample *) (gpointer) samples->data, samples->len);
  render_picture (&picture, model, style, NULL, 900, 500);

  /* The bytes panel, at t = 3.5 (the pause runs from 2.0 to 5.1), and at t = 1 for contrast. */
  column = picture.geometry.plots[0];
  column.x = plot_x (&picture.geometry, 3.5) - 2;
  column.width = 5;
  before = column;
  before.x = plot_x (&picture.geometry, 1.0) - 2;
  g_assert_cmpuint (count_color (&picture, &before, &write, 40), >, 0);
  g_assert_cmpuint (count_color (&picture, &before, &style->process_cpu, 40), >, 0);
  g_assert_cmpuint (count_color (&picture, &column, &write, 40), ==, 0);
  g_assert_cmpuint (count_color (&picture, &column, &style->process_cpu, 40), ==, 0);
  g_assert_cmpuint (count_color (&picture, &column, &style->system_cpu, 40), ==, 0);
}

/* 300 samples about 200 MB/s and one at 5 GB/s: the axis is set by the many, the one is marked
 * at the top edge and named over the plot. */
static void
test_render_robust_scale (void)
{
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartModel) even = dyno_chart_model_new ();
  g_autoptr (DynoChartStyle) style = make_test_style ();
  g_autoptr (GArray) labels = NULL;
  g_auto (Picture) picture = { 0 };
  DynoRgba read = dyno_chart_style_get_phase_color (style, phase_of ("read"));
  DynoChartGeometry geometry;
  DynoChartRect top_edge;
  gboolean named = FALSE;

  for (guint i = 1; i <= 300; i++)
    {
      DynoSample sample = make_sample (i * 0.1, i * 0.1, phase_of ("read"), 200 * MB, sin (i));

      if (i == 150)
        sample.rate = 5000 * MB;
      g_array_append_val (samples, sample);
    }
  dyno_chart_model_append (model, (const DynoSample *) (gpointer) samples->data, samples->len);
  g_assert_cmpfloat (dyno_chart_model_get_rate_max (model, DYNO_UNIT_BYTES), ==, 5000 * MB);
  g_assert_cmpfloat (dyno_chart_model_get_rate_top (model, DYNO_UNIT_BYTES), <, 400 * MB);
  g_assert_cmpfloat (dyno_chart_model_get_rate_top (model, DYNO_UNIT_BYTES), >=, 220 * MB);

  /* Without the spike the axis ends at the highest sample, as before. */
  dyno_chart_model_append (even, (const DynoSample *) (gpointer) samples->data, 149);
  g_assert_cmpfloat (dyno_chart_model_get_rate_top (even, DYNO_UNIT_BYTES), ==,
                     dyno_chart_model_get_rate_max (even, DYNO_UNIT_BYTES));

  labels = get_labels (model, style, NULL, 900, 500, &geometry);
  g_assert_cmpfloat (geometry.axis_max[0], <, 500);
  for (guint i = 0; i < labels->len; i++)
    {
      const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

      if (strstr (label->text, "5000 MB/s") != NULL)
        {
          named = TRUE;
          g_assert_true (in_panel_header (label, &geometry, 0));
        }
    }
  g_assert_true (named);

  /* The mark: the phase's colour in the plot's top rows over the spike. */
  render_picture (&picture, model, style, NULL, 900, 500);
  top_edge = picture.geometry.plots[0];
  top_edge.x = plot_x (&picture.geometry, 15.0) - 6;
  top_edge.width = 13;
  top_edge.height = 8;
  g_assert_cmpuint (count_color (&picture, &top_edge, &read, 60), >, 3);
}

static void
test_render_shared_range (void)
{
  const PhaseSpec fast[] = { { "write", 5, 900 * MB } };
  const PhaseSpec slow[] = { { "write", 2, 90 * MB } };
  g_autoptr (GArray) a = make_run (fast, G_N_ELEMENTS (fast), 10);
  g_autoptr (GArray) b = make_run (slow, G_N_ELEMENTS (slow), 10);
  g_autoptr (DynoChartModel) one = dyno_chart_model_new ();
  g_autoptr (DynoChartModel) two = dyno_chart_model_new ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  DynoChartRange range = { 0 };
  DynoChartRange own;
  DynoChartGeometry g1;
  DynoChartGeometry g2;

  /* Half the CPU on one: its axis would end at 100 %, the other's at 200 %. */
  for (guint i = 0; i < b->len; i++)
    g_array_index (b, DynoSample, i).process_cpu = 180;
  dyno_chart_model_append (one, (const DynoSample *) (gpointer) a->data, a->len);
  dyno_chart_model_append (two, (const DynoSample *) (gpointer) b->data, b->len);
  dyno_chart_render_get_geometry (one, cr, 800, 400, style, NULL, &g1);
  dyno_chart_render_get_geometry (two, cr, 800, 400, style, NULL, &g2);
  g_assert_cmpfloat (g1.axis_max[0], !=, g2.axis_max[0]);
  g_assert_cmpfloat (g1.t1, !=, g2.t1);

  dyno_chart_model_get_own_range (one, &own);
  dyno_chart_range_merge (&range, &own);
  dyno_chart_model_get_own_range (two, &own);
  dyno_chart_range_merge (&range, &own);
  dyno_chart_model_set_shared_range (one, &range);
  dyno_chart_model_set_shared_range (two, &range);
  dyno_chart_render_get_geometry (one, cr, 800, 400, style, NULL, &g1);
  dyno_chart_render_get_geometry (two, cr, 800, 400, style, NULL, &g2);
  g_assert_cmpfloat (g1.axis_max[0], ==, g2.axis_max[0]);
  g_assert_cmpfloat (g1.axis_max[0], >=, 900);
  g_assert_cmpfloat (g1.t1, ==, g2.t1);
  g_assert_cmpfloat (g1.t1, >=, 5);
  {
    g_autoptr (GArray) l1 = get_labels (one, style, NULL, 800, 400, NULL);
    g_autoptr (GArray) l2 = get_labels (two, style, NULL, 800, 400, NULL);
    gboolean cpu_200 = FALSE;

    /* The same labels on both, the CPU axis's 200 % among them. */
    g_assert_cmpuint (l1->len, ==, l2->len);
    for (guint i = 0; i < l1->len; i++)
      cpu_200 |= g_str_equal (g_array_index (l1, DynoChartLabel, i).text, "200");
    g_assert_true (cpu_200);
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A buffered write's result through fsync is drawn dashed and named in the legend; queued
 * tests' rests are bands named "rest 5 s". */
static void
test_render_figures_and_rests (void)
{
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (GArray) labels = NULL;
  g_autoptr (GArray) key = NULL;
  const DynoPhase *seq = dyno_phase_lookup ("seq-write");
  DynoChartDecor decor;
  DynoChartGeometry geometry;
  gboolean rest = FALSE;
  gboolean legend_rest = FALSE;
  gboolean legend_figure = FALSE;
  gboolean note = FALSE;
  gboolean key_figure = FALSE;

  g_assert_nonnull (seq);
  for (guint i = 1; i <= 30; i++)
    {
      DynoSample sample = make_sample (i * 0.1, i * 0.1, phase_of ("write"), 3000 * MB, 0);

      g_array_append_val (samples, sample);
    }
  /* Five seconds of rest, then the queued test. */
  for (guint i = 1; i <= 30; i++)
    {
      DynoSample sample = make_sample (3.2 + 5 + i * 0.1, i * 0.1, seq, 500 * MB, 0);

      g_array_append_val (samples, sample);
    }
  dyno_chart_model_append (model, (const DynoSample *) (gpointer) samples->data, samples->len);
  dyno_chart_model_set_figure (model, 0, 0, phase_of ("write"), 900 * MB, TRUE);
  dyno_chart_model_set_rest (model, 5);
  g_assert_cmpfloat (dyno_chart_model_get_segment (model, DYNO_UNIT_BYTES, 0)->figure, ==,
                     900 * MB);

  dyno_chart_decor_init (&decor);
  decor.title = "Figures and rests";
  decor.host = "test";
  labels = get_labels (model, style, &decor, 1200, 675, &geometry);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = g_array_index (labels, DynoChartLabel, i).text;

      rest |= g_str_equal (text, "rest 5 s");
      legend_rest |= g_str_equal (text, "Rest");
      legend_figure |= g_str_equal (text, "Result, through fsync");
      note |= strstr (text, "fsync returned") != NULL;
    }
  g_assert_true (rest);
  g_assert_true (legend_rest);
  g_assert_true (legend_figure);
  g_assert_true (note);

  /* On screen, the key names it. */
  key = get_labels (model, style, NULL, 900, 500, NULL);
  for (guint i = 0; i < key->len; i++)
    key_figure |= g_str_equal (g_array_index (key, DynoChartLabel, i).text,
                               "Result, through fsync");
  g_assert_true (key_figure);
}

static void
render_through_cache (cairo_surface_t      *surface,
                      const DynoChartModel *model,
                      DynoChartCache       *cache,
                      const DynoChartStyle *style)
{
  cairo_t *cr = cairo_create (surface);

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  dyno_chart_render_cached (model, cache, cr, cairo_image_surface_get_width (surface),
                            cairo_image_surface_get_height (surface), 1, style, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

static void
test_render_cache_matches (void)
{
  g_autoptr (GArray) samples = make_run (full_run, G_N_ELEMENTS (full_run), 10);
  g_autoptr (DynoChartStyle) light = make_test_style ();
  g_autoptr (DynoChartStyle) clear = dyno_chart_style_new_dark ();
  const DynoChartStyle *styles[] = { light, clear };

  /* The widget's way: transparent, over whatever the theme painted. */
  clear->background.alpha = 0;

  for (guint k = 0; k < G_N_ELEMENTS (styles); k++)
      {
        g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
        g_autoptr (DynoChartCache) cache = dyno_chart_cache_new ();
        cairo_surface_t *cached = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 700, 260);
        cairo_surface_t *full = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 700, 260);
        guint n_full;
        guint n_partial;
        guint n_reused;
        guint batch = 0;

        /* Batches of uneven sizes, like a 100 ms drain of a sampler running a bit late. */
        for (guint i = 0; i < samples->len; batch++)
          {
            guint n = MIN (1 + batch % 4, samples->len - i);

            dyno_chart_model_append (model, &g_array_index (samples, DynoSample, i), n);
            i += n;
            render_through_cache (cached, model, cache, styles[k]);

            if (batch % 37 == 0 || i == samples->len)
              {
                guint n_different;
                int worst;

                render_full (full, model, styles[k]);
                worst = max_difference (cached, full, &n_different);
                if (worst > 0)
                  g_test_message ("style %u, %u samples: %u pixels differ, by up to %d", k, i,
                                  n_different, worst);
                /* The same strokes over the same pixels: the same picture, but for cairo's
                 * antialiasing of a stroke that now starts elsewhere (a few levels on edge
                 * pixels). A stale or missing curve would differ by a hundred or more. */
                g_assert_cmpint (worst, <=, 32);
                g_assert_cmpuint (n_different, <=, 700 * 260 / 100);
              }
          }

        dyno_chart_cache_get_stats (cache, &n_full, &n_partial, &n_reused);
        g_test_message ("style %u: %u full, %u partial, %u reused frames", k, n_full, n_partial,
                        n_reused);
        /* Most frames only redraw the end of the curve. */
        g_assert_cmpuint (n_partial, >, 5 * n_full);

        cairo_surface_destroy (cached);
        cairo_surface_destroy (full);
      }
}

static void
count_ready (gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
test_render_cache_async (void)
{
  g_autoptr (GArray) samples = make_run (full_run, G_N_ELEMENTS (full_run), 10);
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (DynoChartStyle) dark = dyno_chart_style_new_dark ();
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  g_autoptr (DynoChartCache) cache = dyno_chart_cache_new ();
  cairo_surface_t *cached = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 240);
  cairo_surface_t *full = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 240);
  guint ready = 0;
  guint n_full;
  guint n_different;

  dyno_chart_cache_set_ready_func (cache, count_ready, &ready);
  dyno_chart_model_append (model, (DynoSample *) (gpointer) samples->data, 200);

  /* The first picture is drawn there and then: there is none to show meanwhile. */
  render_through_cache (cached, model, cache, style);
  g_assert_false (dyno_chart_cache_is_busy (cache));
  render_full (full, model, style);
  g_assert_cmpint (max_difference (cached, full, &n_different), ==, 0);

  /* A new panel (the operations under the throughput) needs a new picture: drawn in a thread,
   * the old one shown till it is in. */
  dyno_chart_model_append (model, &g_array_index (samples, DynoSample, 200), samples->len - 200);
  render_through_cache (cached, model, cache, style);
  g_assert_true (dyno_chart_cache_is_busy (cache));
  g_assert_cmpint (max_difference (cached, full, &n_different), ==, 0);

  while (ready == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ready, ==, 1);
  g_assert_false (dyno_chart_cache_is_busy (cache));

  render_through_cache (cached, model, cache, style);
  render_full (full, model, style);
  g_assert_cmpint (max_difference (cached, full, &n_different), ==, 0);
  dyno_chart_cache_get_stats (cache, &n_full, NULL, NULL);
  g_assert_cmpuint (n_full, ==, 2);

  /* A cache freed with a drawing under way: the drawing finishes and goes nowhere. */
  render_through_cache (cached, model, cache, dark);
  g_assert_true (dyno_chart_cache_is_busy (cache));
  g_clear_pointer (&cache, dyno_chart_cache_free);
  for (int i = 0; i < 200; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (5000);
    }
  g_assert_cmpuint (ready, ==, 1);

  cairo_surface_destroy (cached);
  cairo_surface_destroy (full);
}

static char *
read_head (const char *path, gsize *length)
{
  char *contents = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

static void
test_render_files (void)
{
  g_autoptr (DynoChartModel) model = make_full_model ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dyno-chart-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "chart.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "no", "such", "dir.png", NULL);
  DynoChartDecor decor;
  cairo_surface_t *surface;
  gsize length;

  g_assert_no_error (error);
  dyno_chart_decor_init (&decor);
  decor.title = "Chart";
  decor.host = "testhost";

  g_assert_true (dyno_chart_render_to_file (model, style, &decor, 1000, 400, 1, "png", png,
                                            &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1000);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 400);
  cairo_surface_destroy (surface);

  g_assert_true (dyno_chart_render_to_file (model, style, &decor, 720, 300, 1, "svg", svg,
                                            &error));
  g_assert_no_error (error);
  {
    g_autofree char *contents = read_head (svg, &length);

    g_assert_true (g_str_has_prefix (contents, "<?xml"));
    g_assert_nonnull (strstr (contents, "<svg"));
    g_assert_nonnull (strstr (contents, "720pt"));
  }

  g_assert_true (dyno_chart_render_to_file (model, style, &decor, 720, 300, 1, "PDF", pdf,
                                            &error));
  g_assert_no_error (error);
  {
    g_autofree char *contents = read_head (pdf, &length);

    g_assert_true (g_str_has_prefix (contents, "%PDF"));
    g_assert_cmpuint (length, >, 1000);
  }

  g_assert_false (dyno_chart_render_to_file (model, style, NULL, 100, 100, 1, "bmp", png, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  g_assert_false (dyno_chart_render_to_file (model, style, NULL, 0, 100, 1, "png", png, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_false (dyno_chart_render_to_file (model, style, NULL, 100, 100, 1, "png", bad, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

#else /* DYNO_TEST_CHART_WIDGET */

/* ---- the widget ------------------------------------------------------------------------- */

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
test_widget_append (void)
{
  GtkWidget *chart = g_object_ref_sink (dyno_chart_new ());
  g_autoptr (GArray) samples = make_run (full_run, G_N_ELEMENTS (full_run), 10);
  const DynoSample *all = (const DynoSample *) (gpointer) samples->data;
  const DynoChartModel *model;
  guint n_bytes = 0;
  guint sample_notifies = 0;
  int min;
  int nat;

  g_assert_cmpuint (dyno_chart_get_n_samples (DYNO_CHART (chart)), ==, 0);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (chart)), ==,
                   GTK_ACCESSIBLE_ROLE_IMG);

  /* Room for both panels. */
  gtk_widget_measure (chart, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, >=, 200);
  g_assert_cmpint (nat, >=, min);
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, >=, 200);
  g_assert_cmpint (nat, >=, min);

  g_signal_connect (chart, "notify::n-samples", G_CALLBACK (count_notify), &sample_notifies);

  while (n_bytes < samples->len && dyno_phase_get_unit (all[n_bytes].phase) == DYNO_UNIT_BYTES)
    n_bytes++;

  /* Byte phases in 100 ms batches, as the app drains them. */
  for (guint i = 0; i < n_bytes; i++)
    dyno_chart_append (DYNO_CHART (chart), &all[i], 1);
  g_assert_cmpuint (dyno_chart_get_n_samples (DYNO_CHART (chart)), ==, n_bytes);
  g_assert_cmpuint (sample_notifies, ==, n_bytes);

  /* Seeks and the file tests arrive: kept beside the byte phases, not instead of them. */
  dyno_chart_append (DYNO_CHART (chart), &all[n_bytes], samples->len - n_bytes);
  g_assert_cmpuint (dyno_chart_get_n_samples (DYNO_CHART (chart)), ==, samples->len);
  g_assert_cmpuint (sample_notifies, ==, n_bytes + 1);

  /* What it draws, for saving it as shown: both units. */
  model = dyno_chart_get_model (DYNO_CHART (chart));
  g_assert_cmpuint (dyno_chart_model_get_n_samples (model), ==, samples->len);
  g_assert_cmpuint (dyno_chart_model_get_n_unit_samples (model, DYNO_UNIT_BYTES), ==, n_bytes);
  g_assert_cmpuint (dyno_chart_model_get_n_unit_samples (model, DYNO_UNIT_OPS), ==,
                    samples->len - n_bytes);
  g_assert_cmpint (dyno_chart_get_rate_scale (DYNO_CHART (chart)), ==, DYNO_RATE_SCALE_MB);
  g_object_set (chart, "rate-scale", DYNO_RATE_SCALE_MIB, NULL);
  g_assert_cmpint (dyno_chart_get_rate_scale (DYNO_CHART (chart)), ==, DYNO_RATE_SCALE_MIB);

  dyno_chart_clear (DYNO_CHART (chart));
  g_assert_cmpuint (dyno_chart_get_n_samples (DYNO_CHART (chart)), ==, 0);

  g_assert_finalize_object (chart);
}

/* Draws the widget's snapshot into an image, through the same path a frame takes. */
static cairo_surface_t *
draw_widget (GtkWidget *widget, int width, int height)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
test_widget_draws (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *chart = dyno_chart_new ();
  g_autoptr (GArray) samples = make_run (full_run, 5, 10);
  g_autoptr (DynoChartStyle) light = dyno_chart_style_new_light ();
  DynoRgba write_color = dyno_chart_style_get_phase_color (light, phase_of ("write"));
  AdwStyleManager *manager = adw_style_manager_get_default ();
  cairo_surface_t *surface;
  guint8 *data;
  int stride;
  guint colored = 0;

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 300);
  gtk_window_set_child (GTK_WINDOW (window), chart);
  gtk_window_present (GTK_WINDOW (window));
  dyno_chart_append (DYNO_CHART (chart), (DynoSample *) (gpointer) samples->data, samples->len);
  gtk_test_widget_wait_for_draw (chart);

  g_assert_cmpint (gtk_widget_get_width (chart), >=, 200);
  g_assert_cmpint (gtk_widget_get_height (chart), >=, 120);

  /* Some pixels in the write phase's colour: the snapshot went through the renderer. */
  surface = draw_widget (chart, gtk_widget_get_width (chart), gtk_widget_get_height (chart));
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 p = *(guint32 *) (gpointer) (data + y * stride + 4 * x);
        const DynoRgba *c = &write_color;

        if (abs ((int) ((p >> 16) & 0xff) - (int) round (c->red * 255)) <= 2
            && abs ((int) ((p >> 8) & 0xff) - (int) round (c->green * 255)) <= 2
            && abs ((int) (p & 0xff) - (int) round (c->blue * 255)) <= 2)
          colored++;
      }
  cairo_surface_destroy (surface);
  g_test_message ("%u pixels in the write colour", colored);
  g_assert_cmpuint (colored, >, 50);

  /* Switching to dark redraws with the dark palette, without a crash or a critical. */
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_test_widget_wait_for_draw (chart);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The widget's own snapshot vfunc, as a frame runs it, and its tiles. */
static GskRenderNode *
snapshot_widget (GtkWidget *widget, GPtrArray *tiles)
{
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  dyno_chart_tiles_collect (node, tiles);
  for (guint i = 0; i < tiles->len; i++)
    g_assert_cmpint (gsk_render_node_get_node_type (g_ptr_array_index (tiles, i)), ==,
                     GSK_CAIRO_NODE);
  return node;
}

static cairo_surface_t *
draw_node (GskRenderNode *node, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint
count_shared (GPtrArray *a, GPtrArray *b)
{
  guint n = 0;

  for (guint i = 0; i < b->len; i++)
    n += g_ptr_array_find (a, g_ptr_array_index (b, i), NULL);
  return n;
}

/* A frame after one more sample hands GTK the same nodes but for the few tiles that changed,
 * and together they still show exactly the picture the renderer draws. */
static void
test_widget_tiles (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *chart = dyno_chart_new ();
  g_autoptr (GArray) samples = make_run (full_run, 5, 10);
  g_autoptr (GPtrArray) tiles1 = g_ptr_array_new ();
  g_autoptr (GPtrArray) tiles2 = g_ptr_array_new ();
  g_autoptr (GPtrArray) tiles3 = g_ptr_array_new ();
  g_autoptr (GskRenderNode) node1 = NULL;
  g_autoptr (GskRenderNode) node2 = NULL;
  g_autoptr (GskRenderNode) node3 = NULL;
  g_autoptr (DynoChartStyle) style = NULL;
  const DynoSample *all = (const DynoSample *) (gpointer) samples->data;
  cairo_surface_t *shown;
  cairo_surface_t *expected;
  guint n_different;
  guint shared;
  int worst;
  int width;
  int height;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 300);
  gtk_window_set_child (GTK_WINDOW (window), chart);
  gtk_window_present (GTK_WINDOW (window));
  dyno_chart_append (DYNO_CHART (chart), all, samples->len - 5);
  gtk_test_widget_wait_for_draw (chart);
  width = gtk_widget_get_width (chart);
  height = gtk_widget_get_height (chart);
  style = dyno_chart_style_new_for_widget (chart, DYNO_RATE_SCALE_MB);

  node1 = snapshot_widget (chart, tiles1);
  /* A grid of 64 × 32 pixel tiles over the widget. */
  g_assert_cmpuint (tiles1->len, ==, (guint) (((width + 63) / 64) * ((height + 31) / 32)));

  /* Nothing new: the very same nodes. */
  node2 = snapshot_widget (chart, tiles2);
  g_assert_cmpuint (count_shared (tiles1, tiles2), ==, tiles1->len);

  /* One more sample: a few new tiles at the curve's end and in the row of phase names. */
  dyno_chart_append (DYNO_CHART (chart), &all[samples->len - 5], 1);
  node3 = snapshot_widget (chart, tiles3);
  shared = count_shared (tiles2, tiles3);
  g_test_message ("%u of %u tiles new after one sample", tiles3->len - shared, tiles3->len);
  g_assert_cmpuint (tiles3->len, ==, tiles1->len);
  g_assert_cmpuint (shared, <, tiles3->len);
  g_assert_cmpuint (tiles3->len - shared, <=, tiles3->len / 4);

  /* Together the tiles show what the renderer draws, seams included. */
  shown = draw_node (node3, width, height);
  expected = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  render_full (expected, dyno_chart_get_model (DYNO_CHART (chart)), style);
  worst = max_difference (shown, expected, &n_different);
  g_test_message ("tiles against the renderer: %u pixels differ, by up to %d", n_different, worst);
  g_assert_cmpint (worst, <=, 32);
  g_assert_cmpuint (n_different, <=, (guint) (width * height / 100));
  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);

  gtk_window_destroy (GTK_WINDOW (window));
}
#endif

int
main (int argc, char *argv[])
{
#ifdef DYNO_TEST_CHART_WIDGET
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/chart/widget/append", test_widget_append);
  g_test_add_func ("/chart/widget/draws", test_widget_draws);
  g_test_add_func ("/chart/widget/tiles", test_widget_tiles);
#else
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/ticks/examples", test_ticks_examples);
  g_test_add_func ("/chart/ticks/many-ranges", test_ticks_many_ranges);
  g_test_add_func ("/chart/ticks/degenerate", test_ticks_degenerate);
  g_test_add_func ("/chart/ticks/time", test_ticks_time);
  g_test_add_func ("/chart/model/segments", test_model_segments);
  g_test_add_func ("/chart/model/repeats", test_model_repeats);
  g_test_add_func ("/chart/model/decimation", test_model_decimation);
  g_test_add_func ("/chart/model/nan", test_model_nan);
  g_test_add_func ("/chart/render/light", test_render_light);
  g_test_add_func ("/chart/render/decor", test_render_decor);
  g_test_add_func ("/chart/render/palettes", test_render_palettes);
  g_test_add_func ("/chart/render/empty-and-tiny", test_render_empty_and_tiny);
  g_test_add_func ("/chart/style/bonnie-colors", test_style_bonnie_colors);
  g_test_add_func ("/chart/style/kind-slots", test_style_kind_slots);
  g_test_add_func ("/chart/render/queued-phases", test_render_queued_phases);
  g_test_add_func ("/chart/render/repeats", test_render_repeats);
  g_test_add_func ("/chart/render/repeats-in-a-row", test_render_repeats_in_a_row);
  g_test_add_func ("/chart/render/small-decor", test_render_small_decor);
  g_test_add_func ("/chart/render/panels", test_render_panels);
  g_test_add_func ("/chart/render/phase-names", test_render_phase_names);
  g_test_add_func ("/chart/render/key", test_render_key);
  g_test_add_func ("/chart/render/every-phase-named", test_render_every_phase_named);
  g_test_add_func ("/chart/render/time-range", test_render_time_range);
  g_test_add_func ("/chart/model/gaps", test_model_gaps);
  g_test_add_func ("/chart/model/joined-only-without-gap", test_model_joined_only_without_gap);
  g_test_add_func ("/chart/render/gaps", test_render_gaps);
  g_test_add_func ("/chart/render/robust-scale", test_render_robust_scale);
  g_test_add_func ("/chart/render/shared-range", test_render_shared_range);
  g_test_add_func ("/chart/render/figures-and-rests", test_render_figures_and_rests);
  g_test_add_func ("/chart/render/files", test_render_files);
  g_test_add_func ("/chart/render/cache-matches", test_render_cache_matches);
  g_test_add_func ("/chart/render/cache-async", test_render_cache_async);
#endif

  return g_test_run ();
}
