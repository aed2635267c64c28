/* test-compare-chart.c: the comparison charts' pixels and files (src/render, no GTK)
 *
 * Set DYNO_TEST_KEEP_CHARTS=DIR to keep the PNG, SVG and PDF files drawn here for a look.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dyno-compare-chart.h"

#define MB 1e6

/* ---- synthetic comparisons ------------------------------------------------------------ */

typedef struct
{
  DynoPhaseId phase;
  double rate;  /* B/s or ops/s; < 0: too fast */
  double cpu;
} Figure;

/* One result with a run of each figure (three repeats when jitter > 0) and 5 s of samples per
 * phase at 10 Hz. */
static DynoResult *
make_result (const char *label, const Figure *figures, guint n_figures, double jitter)
{
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/mnt/test"));
  guint repeats = jitter > 0 ? 3 : 1;
  double t = 0;

  system->hostname = g_strdup ("testhost");
  dyno_result_set_system (result, system);
  dyno_result_set_label (result, label);
  for (guint r = 0; r < repeats; r++)
    for (guint i = 0; i < n_figures; i++)
      {
        DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, figures[i].phase);
        DynoPhaseRun run;

        dyno_phase_run_init (&run);
        run.repeat = r;
        run.too_fast = figures[i].rate < 0;
        run.rate = fabs (figures[i].rate) * (1 + jitter * ((double) r - 1));
        run.cpu_percent = figures[i].cpu;
        dyno_phase_result_add_run (phase, &run);
        for (guint s = 1; s <= 50; s++)
          {
            DynoSample sample = { 0 };

            sample.t = t + s * 0.1;
            sample.phase_t = s * 0.1;
            sample.phase = figures[i].phase;
            sample.repeat = r;
            sample.rate = run.rate * (1 + 0.05 * sin (s * 0.5));
            sample.process_cpu = figures[i].cpu;
            g_array_append_val (target->samples, sample);
          }
        t += 5.5;
      }
  dyno_result_add_target (result, target);
  return result;
}

/* Three runs: block write 100, 300 and 200 MB/s; block read all about 500; seeks and a file
 * test in ops/s; the second entry's seeks too fast. */
static DynoComparison *
make_comparison (void)
{
  const Figure a[] = {
    { DYNO_PHASE_WRITE, 100 * MB, 20 }, { DYNO_PHASE_READ, 500 * MB, 30 },
    { DYNO_PHASE_SEEKS, 5000, 10 },     { DYNO_PHASE_SEQ_CREATE, 20000, 40 },
  };
  const Figure b[] = {
    { DYNO_PHASE_WRITE, 300 * MB, 60 }, { DYNO_PHASE_READ, 510 * MB, 35 },
    { DYNO_PHASE_SEEKS, -9000, 10 },    { DYNO_PHASE_SEQ_CREATE, 30000, 45 },
  };
  const Figure c[] = {
    { DYNO_PHASE_WRITE, 200 * MB, 40 }, { DYNO_PHASE_READ, 490 * MB, 32 },
    { DYNO_PHASE_SEEKS, 7000, 12 },     { DYNO_PHASE_SEQ_CREATE, 10000, 50 },
  };
  DynoComparison *comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) ra = make_result ("plain", a, G_N_ELEMENTS (a), 0.01);
  g_autoptr (DynoResult) rb = make_result ("fast", b, G_N_ELEMENTS (b), 0.01);
  g_autoptr (DynoResult) rc = make_result ("middle", c, G_N_ELEMENTS (c), 0);

  dyno_comparison_add_result (comparison, ra);
  dyno_comparison_add_result (comparison, rb);
  dyno_comparison_add_result (comparison, rc);
  return comparison;
}

/* ---- pixels --------------------------------------------------------------------------- */

typedef struct
{
  cairo_surface_t *surface;
  int width;
  int height;
  DynoCompareChartGeometry geometry;
} Picture;

static void
picture_clear (Picture *picture)
{
  g_clear_pointer (&picture->surface, cairo_surface_destroy);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

static void
keep (const char *name, cairo_surface_t *surface)
{
  const char *dir = g_getenv ("DYNO_TEST_KEEP_CHARTS");
  g_autofree char *path = NULL;

  if (dir == NULL || *dir == '\0')
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
}

static void
render (Picture                       *picture,
        const DynoComparison          *comparison,
        const DynoCompareChartOptions *options,
        const DynoChartDecor          *decor,
        int                            width,
        int                            height,
        const char                    *keep_as)
{
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  cairo_t *cr;

  picture->width = width;
  picture->height = height;
  picture->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (picture->surface);
  dyno_compare_chart_get_geometry (comparison, options, cr, width, height, style, decor,
                                   &picture->geometry);
  dyno_compare_chart_render (comparison, options, cr, width, height, style, decor);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (picture->surface);
  keep (keep_as, picture->surface);
}

static guint32
pixel (const Picture *picture, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (picture->surface);
  int stride = cairo_image_surface_get_stride (picture->surface);

  return ((const guint32 *) (gconstpointer) (data + y * stride))[x];
}

static guint32
opaque (const DynoRgba *color)
{
  return 0xff000000u | (guint32) round (color->red * 255) << 16
         | (guint32) round (color->green * 255) << 8 | (guint32) round (color->blue * 255);
}

static guint32
entry_pixel (guint entry)
{
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  DynoRgba color;

  dyno_compare_chart_entry_color (style, entry, &color);
  return opaque (&color);
}

/* Pixels of exactly this colour inside rect (x0 ≤ x < x1). */
static guint
count_in (const Picture *picture, const DynoChartRect *rect, guint32 value)
{
  guint n = 0;

  for (int y = (int) rect->y; y < (int) (rect->y + rect->height); y++)
    for (int x = (int) rect->x; x < (int) (rect->x + rect->width); x++)
      n += pixel (picture, x, y) == value ? 1 : 0;
  return n;
}

/* The highest row holding the colour between x0 and x1 in the plot: the top of a bar. */
static int
top_of (const Picture *picture, const DynoChartRect *plot, double x0, double x1, guint32 value)
{
  for (int y = (int) plot->y; y < (int) (plot->y + plot->height); y++)
    for (int x = (int) x0; x < (int) x1; x++)
      if (pixel (picture, x, y) == value)
        return y;
  return G_MAXINT;
}

static void
assert_nothing_outside (const Picture *picture)
{
  const DynoChartRect *c = &picture->geometry.content;
  guint32 background = pixel (picture, 0, 0);

  g_assert_cmphex (background, ==, 0xffffffff);
  for (int y = 0; y < picture->height; y++)
    for (int x = 0; x < picture->width; x++)
      if (x < c->x - 1 || x >= c->x + c->width + 1 || y < c->y - 1 || y >= c->y + c->height + 1)
        if (pixel (picture, x, y) != background)
          g_error ("pixel (%d, %d) outside the content box is %08x", x, y, pixel (picture, x, y));
}

/* ---- tests ---------------------------------------------------------------------------- */

static void
test_bars (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  DynoChartDecor decor;
  const DynoChartRect *plot;
  double group;
  int tops[3];
  guint axis = 0;

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  options.phases = DYNO_PHASE_BIT (DYNO_PHASE_WRITE) | DYNO_PHASE_BIT (DYNO_PHASE_READ);
  dyno_chart_decor_init (&decor);
  decor.title = "Block I/O";
  decor.source = "Measured with Dyno on testhost";
  render (&picture, comparison, &options, &decor, 900, 500, "bars.png");

  /* Only byte phases were asked for: one panel, in MB/s. */
  g_assert_cmpuint (picture.geometry.n_panels, ==, 1);
  g_assert_cmpint (picture.geometry.units[0], ==, DYNO_UNIT_BYTES);
  g_assert_cmpfloat (picture.geometry.axis_max[0], >=, 500);
  plot = &picture.geometry.plots[0];
  g_assert_cmpfloat (plot->width, >, 400);
  g_assert_cmpfloat (plot->height, >, 200);

  /* Every entry's bars, in its own colour, inside the plot. */
  for (guint e = 0; e < 3; e++)
    g_assert_cmpuint (count_in (&picture, plot, entry_pixel (e)), >, 500);
  g_assert_cmphex (entry_pixel (0), !=, entry_pixel (1));
  g_assert_cmphex (entry_pixel (1), !=, entry_pixel (2));

  /* The block write group (the left half): bars as tall as 100 < 200 < 300, in proportion. */
  group = plot->width / 2;
  for (guint e = 0; e < 3; e++)
    tops[e] = top_of (&picture, plot, plot->x, plot->x + group, entry_pixel (e));
  g_assert_cmpint (tops[1], <, tops[2]);
  g_assert_cmpint (tops[2], <, tops[0]);
  {
    double bottom = plot->y + plot->height;
    double h_plain = bottom - tops[0];
    double h_fast = bottom - tops[1];

    g_assert_cmpfloat_with_epsilon (h_fast / h_plain, 3.0, 0.1);
  }
  /* The block reads: three bars of about the same height. */
  for (guint e = 0; e < 3; e++)
    tops[e] = top_of (&picture, plot, plot->x + group, plot->x + plot->width, entry_pixel (e));
  g_assert_cmpint (ABS (tops[0] - tops[1]), <, plot->height * 0.05);

  /* The axis: the plot's left edge is drawn all the way down. */
  for (int y = (int) plot->y; y < (int) (plot->y + plot->height); y++)
    axis += pixel (&picture, (int) plot->x, y) != 0xffffffff ? 1 : 0;
  g_assert_cmpuint (axis, >, plot->height * 0.95);

  assert_nothing_outside (&picture);
}

static void
test_bars_two_panels (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  DynoChartDecor decor;

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  dyno_chart_decor_init (&decor);
  decor.title = "Everything";
  render (&picture, comparison, &options, &decor, 1200, 675, "bars-two-panels.png");

  /* MB/s and ops/s never share an axis. */
  g_assert_cmpuint (picture.geometry.n_panels, ==, 2);
  g_assert_cmpint (picture.geometry.units[0], ==, DYNO_UNIT_BYTES);
  g_assert_cmpint (picture.geometry.units[1], ==, DYNO_UNIT_OPS);
  g_assert_cmpfloat (picture.geometry.plots[0].x + picture.geometry.plots[0].width, <,
                     picture.geometry.plots[1].x);
  g_assert_cmpfloat (picture.geometry.axis_max[1], >=, 30000);
  for (guint p = 0; p < 2; p++)
    for (guint e = 0; e < 3; e++)
      g_assert_cmpuint (count_in (&picture, &picture.geometry.plots[p], entry_pixel (e)), >, 50);
  assert_nothing_outside (&picture);
}

static void
test_too_fast (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  const DynoChartRect *plot;
  guint solid;

  /* Seeks only: the second entry's were too fast, drawn hatched, not as a solid bar. */
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  options.phases = DYNO_PHASE_BIT (DYNO_PHASE_SEEKS);
  render (&picture, comparison, &options, NULL, 600, 400, "too-fast.png");
  plot = &picture.geometry.plots[0];
  g_assert_cmpint (picture.geometry.units[0], ==, DYNO_UNIT_OPS);

  solid = count_in (&picture, plot, entry_pixel (0));
  g_assert_cmpuint (count_in (&picture, plot, entry_pixel (1)), >, 0);
  g_assert_cmpuint (count_in (&picture, plot, entry_pixel (1)), <, solid / 4);
  assert_nothing_outside (&picture);
}

static void
test_cpu (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  DynoChartDecor decor;
  const DynoChartRect *plot;

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_CPU);
  dyno_chart_decor_init (&decor);
  decor.title = "CPU";
  render (&picture, comparison, &options, &decor, 1000, 500, "cpu.png");

  /* One panel for all four phases: percent has no unit to mix. */
  g_assert_cmpuint (picture.geometry.n_panels, ==, 1);
  plot = &picture.geometry.plots[0];
  for (guint e = 0; e < 3; e++)
    g_assert_cmpuint (count_in (&picture, plot, entry_pixel (e)), >, 200);
  /* Block write: 20 % < 40 % < 60 %, the first of four groups. */
  {
    double group = plot->width / 4;
    int plain = top_of (&picture, plot, plot->x, plot->x + group, entry_pixel (0));
    int fast = top_of (&picture, plot, plot->x, plot->x + group, entry_pixel (1));
    int middle = top_of (&picture, plot, plot->x, plot->x + group, entry_pixel (2));

    g_assert_cmpint (fast, <, middle);
    g_assert_cmpint (middle, <, plain);
  }
  assert_nothing_outside (&picture);
}

static void
test_overlay (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  DynoChartDecor decor;
  const DynoChartRect *plot;
  int tops[3];

  g_assert_true (dyno_compare_chart_has_samples (comparison, DYNO_PHASE_WRITE));
  g_assert_false (dyno_compare_chart_has_samples (comparison, DYNO_PHASE_PUTC));

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_OVERLAY);
  options.phase = DYNO_PHASE_WRITE;
  dyno_chart_decor_init (&decor);
  decor.title = "Block write, live";
  render (&picture, comparison, &options, &decor, 1000, 500, "overlay.png");

  g_assert_cmpuint (picture.geometry.n_panels, ==, 1);
  plot = &picture.geometry.plots[0];
  /* One line per entry, at heights ordered as the rates. The middle entry's line is 20 % above
   * the plain one's… all three are there, in their colours. */
  for (guint e = 0; e < 3; e++)
    {
      g_assert_cmpuint (count_in (&picture, plot, entry_pixel (e)), >, 100);
      tops[e] = top_of (&picture, plot, plot->x + plot->width * 0.5,
                        plot->x + plot->width * 0.6, entry_pixel (e));
    }
  g_assert_cmpint (tops[1], <, tops[2]);
  g_assert_cmpint (tops[2], <, tops[0]);
  assert_nothing_outside (&picture);
}

static void
test_overlay_without_samples (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;

  /* No entry ran putc: an empty plot with a word why, and nothing drawn in entry colours. */
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_OVERLAY);
  options.phase = DYNO_PHASE_PUTC;
  render (&picture, comparison, &options, NULL, 600, 300, "overlay-empty.png");
  for (guint e = 0; e < 3; e++)
    g_assert_cmpuint (count_in (&picture, &picture.geometry.plots[0], entry_pixel (e)), ==, 0);
}

static void
test_files (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (GError) error = NULL;
  const char *keep_dir = g_getenv ("DYNO_TEST_KEEP_CHARTS");
  g_autofree char *dir = keep_dir && *keep_dir ? g_strdup (keep_dir)
                                               : g_dir_make_tmp ("dyno-compare-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "files.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "files.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "files.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "files.bmp", NULL);
  g_autofree char *data = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  cairo_surface_t *surface;
  DynoCompareChartOptions options;
  DynoChartDecor decor;
  gsize length;

  g_assert_nonnull (dir);
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  dyno_chart_decor_init (&decor);
  decor.title = "Three disks compared";
  decor.source = "Measured with Dyno on testhost";

  /* PNG: the points at twice the pixels, and read back whole. */
  g_assert_true (dyno_compare_chart_render_to_file (comparison, &options, style, &decor, 600, 340,
                                                    2, "png", png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 680);
  cairo_surface_destroy (surface);

  g_assert_true (dyno_compare_chart_render_to_file (comparison, &options, style, &decor, 1200, 675,
                                                    2, "svg", svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &data, &length, NULL));
  g_assert_true (g_str_has_prefix (data, "<?xml"));
  g_assert_nonnull (strstr (data, "<svg"));
  g_assert_nonnull (strstr (data, "width=\"1200"));
  g_clear_pointer (&data, g_free);

  g_assert_true (dyno_compare_chart_render_to_file (comparison, &options, style, &decor, 1200, 675,
                                                    2, "pdf", pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &data, &length, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF"));
  g_clear_pointer (&data, g_free);
  if (pdftotext != NULL)
    {
      g_autofree char *out = NULL;
      int status;
      const char *argv[] = { pdftotext, pdf, "-", NULL };

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, &out, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_cmpint (status, ==, 0);
      g_assert_nonnull (strstr (out, "Three disks compared"));
      g_assert_nonnull (strstr (out, "plain"));
    }
  else
    g_test_message ("pdftotext not installed (apt-get install poppler-utils): "
                    "PDF text not checked");

  g_assert_false (dyno_compare_chart_render_to_file (comparison, &options, style, &decor, 600, 340,
                                                     1, "bmp", bad, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  if (!(keep_dir && *keep_dir))
    {
      g_unlink (png);
      g_unlink (svg);
      g_unlink (pdf);
      g_rmdir (dir);
    }
}

static void
test_kinds (void)
{
  DynoCompareChartKind kind;

  g_assert_true (dyno_compare_chart_kind_from_string ("bars", &kind));
  g_assert_cmpint (kind, ==, DYNO_COMPARE_CHART_BARS);
  g_assert_true (dyno_compare_chart_kind_from_string ("OVERLAY", &kind));
  g_assert_cmpint (kind, ==, DYNO_COMPARE_CHART_OVERLAY);
  g_assert_false (dyno_compare_chart_kind_from_string ("pie", &kind));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare-chart/bars", test_bars);
  g_test_add_func ("/compare-chart/bars-two-panels", test_bars_two_panels);
  g_test_add_func ("/compare-chart/too-fast", test_too_fast);
  g_test_add_func ("/compare-chart/cpu", test_cpu);
  g_test_add_func ("/compare-chart/overlay", test_overlay);
  g_test_add_func ("/compare-chart/overlay-without-samples", test_overlay_without_samples);
  g_test_add_func ("/compare-chart/files", test_files);
  g_test_add_func ("/compare-chart/kinds", test_kinds);

  return g_test_run ();
}
