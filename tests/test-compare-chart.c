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
#include "dyno-test-labels.h"

#define MB 1e6

/* ---- synthetic comparisons ------------------------------------------------------------ */

typedef struct
{
  const char *phase; /* its key */
  double rate;  /* B/s or ops/s; < 0: too fast */
  double cpu;
} Figure;

/* The phase of a key, which must be known. */
static const DynoPhase *
phase_of (const char *key)
{
  const DynoPhase *phase = dyno_phase_lookup (key);

  g_assert_nonnull (phase);
  return phase;
}

/* The phases of a --tests list, "write,read" or "io". */
static GPtrArray *
phase_list (const char *tests)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();

  g_assert_true (dyno_config_select (config, tests, NULL));
  return g_ptr_array_copy (config->phases, NULL, NULL);
}

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
        DynoPhaseResult *phase = dyno_target_result_ensure_phase (target,
                                                                  phase_of (figures[i].phase));
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
            sample.phase = phase->phase;
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
    { "write", 100 * MB, 20 }, { "read", 500 * MB, 30 },
    { "seeks", 5000, 10 },     { "seq_create", 20000, 40 },
  };
  const Figure b[] = {
    { "write", 300 * MB, 60 }, { "read", 510 * MB, 35 },
    { "seeks", -9000, 10 },    { "seq_create", 30000, 45 },
  };
  const Figure c[] = {
    { "write", 200 * MB, 40 }, { "read", 490 * MB, 32 },
    { "seeks", 7000, 12 },     { "seq_create", 10000, 50 },
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

static const char *const long_names[] = {
  "Samsung SSD 980 PRO 2TB on /home (ext4, noatime, discard=async, commit=60)",
  "WD Black SN850X 4TB /mnt/scratch xfs with a very long label indeed",
  "Crucial MX500 SATA 1TB btrfs compress=zstd:3 space_cache=v2",
  "Seagate IronWolf Pro 16TB 7200rpm ZFS raidz2 pool tank/benchmarks dataset",
  "Kingston A2000 NVMe f2fs",
  "Toshiba N300 8TB ext4 via USB 3.2 Gen 2 enclosure (UAS), the slow one that nobody wants to "
  "use for anything serious but still shows up in every single comparison we make",
  "Intel Optane P5800X 800GB",
  "Micron 7450 PRO 3.84TB U.3 xfs",
};

/* n entries that ran all twelve phases (sequential stat too fast), with long names or short. */
static DynoComparison *
make_wide_comparison (guint n_entries, gboolean long_labels)
{
  DynoComparison *comparison = dyno_comparison_new ();

  for (guint e = 0; e < n_entries; e++)
    {
      double k = 1 + 0.4 * e;
      const Figure figures[] = {
        { "putc", 80 * MB * k, 99 },       { "write", 420 * MB * k, 40 },
        { "rewrite", 210 * MB * k, 30 },   { "getc", 95 * MB * k, 99 },
        { "read", 510 * MB * k, 25 },      { "seeks", 9000 * k, 12 },
        { "seq_create", 30000 * k, 60 },   { "seq_stat", -60000, 70 },
        { "seq_delete", 40000 * k, 65 },   { "rand_create", 25000 * k, 55 },
        { "rand_stat", 50000 * k, 70 },    { "rand_delete", 35000 * k, 60 },
      };
      g_autofree char *name = long_labels ? g_strdup (long_names[e % G_N_ELEMENTS (long_names)])
                                          : g_strdup_printf ("disk %u", e + 1);
      g_autoptr (DynoResult) result = make_result (name, figures, G_N_ELEMENTS (figures), 0);

      dyno_comparison_add_result (comparison, result);
    }
  return comparison;
}

/* Three entries whose block write ran 250, 400 and 550 ms, three times each, sampled every
 * 30 ms. */
static DynoComparison *
make_quick_comparison (void)
{
  DynoComparison *comparison = dyno_comparison_new ();

  for (guint e = 0; e < 3; e++)
    {
      DynoResult *result = dyno_result_new ();
      DynoSystemInfo *system = dyno_system_info_new ();
      DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/mnt/test"));
      double seconds = 0.25 + 0.15 * e;
      double t = 0;
      g_autofree char *name = g_strdup_printf ("quick %u", e + 1);

      system->hostname = g_strdup ("testhost");
      dyno_result_set_system (result, system);
      dyno_result_set_label (result, name);
      for (guint r = 0; r < 3; r++)
        {
          DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, phase_of ("write"));
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = r;
          run.rate = (200 + 150 * e) * MB;
          dyno_phase_result_add_run (phase, &run);
          for (double pt = 0.03; pt <= seconds + 1e-9; pt += 0.03)
            {
              DynoSample sample = { 0 };

              sample.t = t + pt;
              sample.phase_t = pt;
              sample.phase = phase->phase;
              sample.repeat = r;
              sample.rate = run.rate * (1 + 0.05 * sin (pt * 40));
              g_array_append_val (target->samples, sample);
            }
          t += seconds + 0.2;
        }
      dyno_result_add_target (result, target);
      dyno_comparison_add_result (comparison, result);
      g_object_unref (result);
    }
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
  /* Every picture's text inside its content box, no label over another. */
  {
    g_autoptr (GArray) labels = dyno_compare_chart_get_labels (comparison, options, cr, width,
                                                               height, style, decor);

    dyno_test_assert_labels_clean (labels, &picture->geometry.content);
  }
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

/* ---- labels --------------------------------------------------------------------------- */

static GArray *
get_labels (const DynoComparison          *comparison,
            const DynoCompareChartOptions *options,
            const DynoChartDecor          *decor,
            int                            width,
            int                            height,
            DynoCompareChartGeometry      *geometry)
{
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  GArray *labels;

  labels = dyno_compare_chart_get_labels (comparison, options, cr, width, height, style, decor);
  if (geometry != NULL)
    dyno_compare_chart_get_geometry (comparison, options, cr, width, height, style, decor,
                                     geometry);
  /* Nothing was drawn: the labels are measured in a group that is thrown away. */
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  {
    const guint8 *data = cairo_image_surface_get_data (surface);

    for (int i = 0; i < cairo_image_surface_get_stride (surface) * height; i++)
      g_assert_cmpuint (data[i], ==, 0);
  }
  cairo_surface_destroy (surface);
  g_assert_cmpuint (labels->len, >, 0);
  return labels;
}

/* ---- tests ---------------------------------------------------------------------------- */

static void
test_bars (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (GPtrArray) phases = phase_list ("read,write");
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  DynoChartDecor decor;
  const DynoChartRect *plot;
  double group;
  int tops[3];
  guint axis = 0;

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  options.phases = phases;
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

/* The slots a drawing put down, as an array of DynoCompareChartSlot. */
static GArray *
get_slots (const DynoComparison          *comparison,
           const DynoCompareChartOptions *options,
           const DynoChartDecor          *decor,
           int                            width,
           int                            height)
{
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  GArray *slots = dyno_compare_chart_get_slots (comparison, options, cr, width, height, style,
                                                decor);

  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return slots;
}

static const DynoCompareChartSlot *
find_slot (GArray *slots, guint entry, const DynoPhase *phase)
{
  for (guint i = 0; i < slots->len; i++)
    {
      const DynoCompareChartSlot *slot = &g_array_index (slots, DynoCompareChartSlot, i);

      if (slot->entry == entry && slot->phase == phase)
        return slot;
    }
  return NULL;
}

/* A label with this text whose box lies inside rect. */
static const DynoChartLabel *
find_label_in (GArray *labels, const char *text, const DynoChartRect *rect)
{
  for (guint i = 0; i < labels->len; i++)
    {
      const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

      if (g_str_equal (label->text, text) && label->box.x >= rect->x - 0.5
          && label->box.y >= rect->y - 0.5
          && label->box.x + label->box.width <= rect->x + rect->width + 0.5
          && label->box.y + label->box.height <= rect->y + rect->height + 0.5)
        return label;
    }
  return NULL;
}

/* The note's text, the label in the note's box; NULL when there is none. */
static const char *
note_of (GArray *labels, const DynoCompareChartGeometry *geometry)
{
  const DynoChartRect *note = &geometry->note;

  if (note->width <= 0)
    return NULL;
  for (guint i = 0; i < labels->len; i++)
    {
      const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

      if (fabs (label->box.x - note->x) < 1 && fabs (label->box.y - note->y) < 1)
        return label->text;
    }
  return NULL;
}

static void
test_too_fast (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (GPtrArray) phases = phase_list ("seeks");
  g_auto (Picture) picture = { 0 };
  g_autoptr (GArray) labels = NULL;
  g_autoptr (GArray) slots = NULL;
  DynoCompareChartOptions options;
  DynoCompareChartGeometry geometry;
  const DynoCompareChartSlot *slot;
  const char *note;

  /* Seeks only: the second entry's were too fast: no bar at all, "too fast" in its slot. */
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  options.phases = phases;
  render (&picture, comparison, &options, NULL, 600, 400, "too-fast.png");
  g_assert_cmpint (picture.geometry.units[0], ==, DYNO_UNIT_OPS);
  g_assert_cmpuint (count_in (&picture, &picture.geometry.plots[0], entry_pixel (0)), >, 500);
  g_assert_cmpuint (count_in (&picture, &picture.geometry.plots[0], entry_pixel (1)), ==, 0);

  slots = get_slots (comparison, &options, NULL, 600, 400);
  g_assert_cmpuint (slots->len, ==, 3);
  slot = find_slot (slots, 1, phase_of ("seeks"));
  g_assert_nonnull (slot);
  g_assert_cmpint (slot->mark, ==, DYNO_COMPARE_CHART_MARK_TOO_FAST);
  g_assert_cmpfloat (slot->bar.height, ==, 0);
  g_assert_cmpint (find_slot (slots, 0, phase_of ("seeks"))->mark, ==,
                   DYNO_COMPARE_CHART_MARK_NONE);
  g_assert_cmpfloat (find_slot (slots, 0, phase_of ("seeks"))->bar.height, >, 0);

  labels = get_labels (comparison, &options, NULL, 600, 400, &geometry);
  g_assert_nonnull (find_label_in (labels, "too fast", &slot->slot));
  g_assert_null (dyno_test_find_label (labels, "+++++"));
  note = note_of (labels, &geometry);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, "too fast: "));
  g_assert_nonnull (strstr (note, "0.5 s"));
  assert_nothing_outside (&picture);
}

/* Block write and read by three entries: the second's block write too fast, the third never
 * ran block read; a fourth failed in block read. */
static DynoComparison *
make_gappy_comparison (void)
{
  const Figure a[] = { { "write", 100 * MB, 20 }, { "read", 500 * MB, 30 } };
  const Figure b[] = { { "write", -3000 * MB, 90 }, { "read", 520 * MB, 35 } };
  const Figure c[] = { { "write", 200 * MB, 40 } };
  const Figure d[] = { { "write", 150 * MB, 30 } };
  DynoComparison *comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) ra = make_result ("plain", a, G_N_ELEMENTS (a), 0.01);
  g_autoptr (DynoResult) rb = make_result ("ramdisk", b, G_N_ELEMENTS (b), 0.01);
  g_autoptr (DynoResult) rc = make_result ("write only", c, G_N_ELEMENTS (c), 0.01);
  g_autoptr (DynoResult) rd = make_result ("broken", d, G_N_ELEMENTS (d), 0.01);
  DynoTargetResult *failed = dyno_result_get_target (rd, 0);

  failed->error_message = g_strdup ("Input/output error");
  failed->error_phase = phase_of ("read");
  dyno_comparison_add_result (comparison, ra);
  dyno_comparison_add_result (comparison, rb);
  dyno_comparison_add_result (comparison, rc);
  dyno_comparison_add_result (comparison, rd);
  return comparison;
}

/* Figures too fast, not run or failed are never bars: their slots stay empty but for a word,
 * the note says what the words mean, in the bars and in the %CPU chart. */
static void
test_not_measured (void)
{
  g_autoptr (DynoComparison) comparison = make_gappy_comparison ();
  const DynoCompareChartKind kinds[] = { DYNO_COMPARE_CHART_BARS, DYNO_COMPARE_CHART_CPU };
  const int sizes[][2] = { { 1200, 675 }, { 600, 340 } };
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  decor.title = "Gaps";
  decor.source = "Measured with Dyno on testhost";
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (int screen = 0; screen < 2; screen++)
        {
          const DynoChartDecor *d = screen ? NULL : &decor;
          int width = sizes[z][0];
          int height = sizes[z][1];
          g_auto (Picture) picture = { 0 };
          g_autoptr (GArray) labels = NULL;
          g_autoptr (GArray) slots = NULL;
          DynoCompareChartOptions options;
          DynoCompareChartGeometry geometry;
          const DynoPhase *write = phase_of ("write");
          const DynoPhase *read = phase_of ("read");
          const struct
          {
            guint entry;
            const DynoPhase *phase;
            DynoCompareChartMark mark;
            const char *word;
          } empty[] = {
            { 1, write, DYNO_COMPARE_CHART_MARK_TOO_FAST, "too fast" },
            { 2, read, DYNO_COMPARE_CHART_MARK_NOT_RUN, "not run" },
            { 3, read, DYNO_COMPARE_CHART_MARK_FAILED, "failed" },
          };
          const char *note;
          double group;

          dyno_compare_chart_options_init (&options, kinds[k]);
          g_test_message ("kind %d, %d×%d, %s", kinds[k], width, height,
                          screen ? "screen" : "saved");
          render (&picture, comparison, &options, d, width, height, "not-measured.png");
          assert_nothing_outside (&picture);
          slots = get_slots (comparison, &options, d, width, height);
          labels = get_labels (comparison, &options, d, width, height, &geometry);
          g_assert_cmpuint (slots->len, ==, 2 * 4);
          g_assert_cmpuint (geometry.n_panels, ==, 1);

          /* No bar for what was not measured: none recorded, and not a pixel of the entry's
           * colour in its slot; its word in the slot. */
          for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
            {
              const DynoCompareChartSlot *slot = find_slot (slots, empty[i].entry,
                                                            empty[i].phase);
              DynoChartRect inner;

              g_assert_nonnull (slot);
              g_assert_cmpint (slot->mark, ==, empty[i].mark);
              g_assert_cmpfloat (slot->bar.width, ==, 0);
              g_assert_cmpfloat (slot->bar.height, ==, 0);
              inner = (DynoChartRect) { ceil (slot->slot.x) + 1, slot->slot.y,
                                        floor (slot->slot.width) - 2, slot->slot.height };
              g_assert_cmpuint (count_in (&picture, &inner, entry_pixel (empty[i].entry)), ==,
                                0);
              if (find_label_in (labels, empty[i].word, &slot->slot) == NULL)
                g_error ("no “%s” in the slot of entry %u", empty[i].word, empty[i].entry);
            }
          /* The rest are bars, in their colours. */
          for (guint i = 0; i < slots->len; i++)
            {
              const DynoCompareChartSlot *slot = &g_array_index (slots, DynoCompareChartSlot, i);

              if (slot->mark != DYNO_COMPARE_CHART_MARK_NONE)
                continue;
              g_assert_cmpfloat (slot->bar.height, >, 0);
              g_assert_cmpuint (count_in (&picture, &slot->bar, entry_pixel (slot->entry)), >,
                                0);
            }
          /* The block write group's bars: the too fast one left out, no invented height. */
          group = geometry.plots[0].width / 2;
          g_assert_cmpuint (count_in (&picture,
                                      &(DynoChartRect) { geometry.plots[0].x, geometry.plots[0].y,
                                                         group, geometry.plots[0].height },
                                      entry_pixel (1)),
                            ==, 0);

          /* The note under the plots says what each word means. */
          note = note_of (labels, &geometry);
          g_assert_nonnull (note);
          g_assert_cmpfloat (geometry.note.y, >=, geometry.plots[0].y + geometry.plots[0].height);
          g_assert_nonnull (strstr (note, "too fast: "));
          g_assert_nonnull (strstr (note, "not run: "));
          g_assert_nonnull (strstr (note, "failed: "));
          g_assert_null (strstr (note, "unknown: "));
          /* Ratios only in the bars, and the note explains them only when they are drawn. */
          if (kinds[k] == DYNO_COMPARE_CHART_CPU)
            g_assert_false (geometry.ratios);
          g_assert_true ((strstr (note, "its ratio to plain") != NULL) == geometry.ratios);
          if (geometry.ratios)
            g_assert_nonnull (dyno_test_find_label (labels, "×2.00"));
          else
            g_assert_null (dyno_test_find_label (labels, "×2.00"));
        }
}

/* Ratios sit right over their bars, under the figure; where they do not all fit, none is drawn
 * and the note does not promise them. */
static void
test_ratios (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (DynoComparison) wide = make_wide_comparison (8, FALSE);
  g_autoptr (GPtrArray) phases = phase_list ("write");
  DynoCompareChartOptions options;
  DynoChartDecor decor;

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  dyno_chart_decor_init (&decor);
  decor.title = "Ratios";

  /* Block write of three entries: ×3.00 and ×2.00 over the bars of "fast" and "middle". */
  options.phases = phases;
  {
    g_autoptr (GArray) labels = NULL;
    g_autoptr (GArray) slots = NULL;
    DynoCompareChartGeometry geometry;
    const char *ratios[] = { NULL, "×3.00", "×2.00" };

    labels = get_labels (comparison, &options, &decor, 900, 500, &geometry);
    slots = get_slots (comparison, &options, &decor, 900, 500);
    g_assert_true (geometry.ratios);
    g_assert_nonnull (strstr (note_of (labels, &geometry), "its ratio to plain, the baseline"));
    for (guint e = 1; e < 3; e++)
      {
        const DynoCompareChartSlot *slot = find_slot (slots, e, phase_of ("write"));
        const DynoChartLabel *ratio = dyno_test_find_label (labels, ratios[e]);

        g_assert_nonnull (ratio);
        /* Inside its slot, its bottom on the bar's top (or its whisker's), a few pixels over
         * it at most. */
        g_assert_cmpfloat (ratio->box.x, >=, slot->slot.x - 0.5);
        g_assert_cmpfloat (ratio->box.x + ratio->box.width, <=,
                           slot->slot.x + slot->slot.width + 0.5);
        g_assert_cmpfloat (ratio->box.y + ratio->box.height, <=, slot->bar.y);
        g_assert_cmpfloat (ratio->box.y + ratio->box.height, >=, slot->bar.y - 30);
      }
  }

  /* Eight entries, twelve phases, a small figure: no room for the ratios: none, and no word
   * of them in the note. */
  options.phases = NULL;
  {
    g_autoptr (GArray) labels = NULL;
    DynoCompareChartGeometry geometry;
    const char *note;

    labels = get_labels (wide, &options, &decor, 600, 340, &geometry);
    g_assert_false (geometry.ratios);
    for (guint i = 0; i < labels->len; i++)
      g_assert_false (g_str_has_prefix (g_array_index (labels, DynoChartLabel, i).text, "×"));
    note = note_of (labels, &geometry);
    /* Sequential stat was too fast everywhere: the note says so, but nothing of ratios. */
    g_assert_nonnull (note);
    g_assert_null (strstr (note, "ratio"));
    g_assert_nonnull (strstr (note, "too fast"));
  }
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

  g_assert_true (dyno_compare_chart_has_samples (comparison, phase_of ("write")));
  g_assert_false (dyno_compare_chart_has_samples (comparison, phase_of ("putc")));

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_OVERLAY);
  options.phase = phase_of ("write");
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
  options.phase = phase_of ("putc");
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

static void
test_unit_label (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  const DynoCompareChartKind kinds[] = { DYNO_COMPARE_CHART_BARS, DYNO_COMPARE_CHART_CPU,
                                         DYNO_COMPARE_CHART_OVERLAY };
  const int sizes[][2] = { { 600, 300 }, { 1200, 675 } };

  /* On screen, without decor, the unit stands over the value axis: whole ("CPU %", not "PU %"),
   * inside the figure, right-aligned with the tick labels under it. */
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_auto (Picture) picture = { 0 };
        g_autoptr (GArray) labels = NULL;
        DynoCompareChartOptions options;
        DynoCompareChartGeometry geometry;
        const DynoChartLabel *unit;
        const char *text = kinds[k] == DYNO_COMPARE_CHART_CPU ? "CPU %" : "MB/s";

        dyno_compare_chart_options_init (&options, kinds[k]);
        labels = get_labels (comparison, &options, NULL, sizes[z][0], sizes[z][1], &geometry);
        unit = dyno_test_find_label (labels, text);
        g_assert_nonnull (unit);
        g_assert_false (unit->ellipsized);
        g_assert_cmpfloat (unit->box.x, >=, geometry.content.x);
        g_assert_cmpfloat (unit->box.x + unit->box.width, <=, geometry.plots[0].x);
        g_assert_cmpfloat (unit->box.y + unit->box.height, <=, geometry.plots[0].y);
        dyno_test_assert_labels_clean (labels, &geometry.content);

        render (&picture, comparison, &options, NULL, sizes[z][0], sizes[z][1], "unit.png");
        assert_nothing_outside (&picture);
      }
}

static void
test_cpu_title_fits (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  DynoCompareChartOptions options;
  DynoChartDecor decor;

  /* The app's CPU chart, legend and axis titles, at heights down to 160 px: the rotated title
   * is the whole "CPU (%, 100 = one core)" where it fits, a shorter one where not, and never
   * longer than the plot is high. */
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_CPU);
  dyno_chart_decor_init (&decor);
  for (int height = 160; height <= 400; height += 40)
    {
      g_auto (Picture) picture = { 0 };
      g_autoptr (GArray) labels = NULL;
      g_autofree char *name = g_strdup_printf ("cpu-%d.png", height);
      DynoCompareChartGeometry geometry;
      const DynoChartLabel *title = NULL;

      labels = get_labels (comparison, &options, &decor, 720, height, &geometry);
      for (guint i = 0; i < labels->len; i++)
        if (g_array_index (labels, DynoChartLabel, i).angle != 0)
          title = &g_array_index (labels, DynoChartLabel, i);
      g_assert_nonnull (title);
      g_assert_cmpfloat_with_epsilon (title->angle, -G_PI / 2, 1e-9);
      g_assert_false (title->ellipsized);
      g_assert_cmpfloat (title->box.height, <=, geometry.plots[0].height + 0.5);
      g_assert_cmpfloat (title->box.y, >=, geometry.plots[0].y - 0.5);
      if (height >= 340)
        g_assert_cmpstr (title->text, ==, "CPU (%, 100 = one core)");
      if (height >= 200)
        g_assert_true (g_str_has_prefix (title->text, "CPU"));
      dyno_test_assert_labels_clean (labels, &geometry.content);

      render (&picture, comparison, &options, &decor, 720, height, name);
      assert_nothing_outside (&picture);
    }
}

static void
test_long_legend (void)
{
  g_autoptr (DynoComparison) comparison = make_wide_comparison (8, TRUE);
  g_autoptr (GPtrArray) io = phase_list ("io");
  const DynoCompareChartKind kinds[] = { DYNO_COMPARE_CHART_BARS, DYNO_COMPARE_CHART_OVERLAY };
  const int sizes[][2] = { { 600, 300 }, { 1200, 675 } };
  DynoChartDecor decor;

  /* Eight entries with long names: every one in the legend, shortened to its room, the legend
   * in a grid when rows as they come would take too much of the height; the plot keeps most. */
  dyno_chart_decor_init (&decor);
  decor.title = "Eight disks";
  decor.host = "testhost";
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_auto (Picture) picture = { 0 };
        g_autoptr (GArray) labels = NULL;
        DynoCompareChartOptions options;
        DynoCompareChartGeometry geometry;
        guint n_entries = 0;
        guint n_shortened = 0;
        double legend_bottom = 0;

        dyno_compare_chart_options_init (&options, kinds[k]);
        options.phases = io;
        labels = get_labels (comparison, &options, &decor, sizes[z][0], sizes[z][1], &geometry);
        for (guint i = 0; i < labels->len; i++)
          {
            const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

            for (guint e = 0; e < G_N_ELEMENTS (long_names); e++)
              if (g_str_has_prefix (label->text, long_names[e]))
                {
                  n_entries++;
                  n_shortened += label->ellipsized ? 1 : 0;
                  legend_bottom = MAX (legend_bottom, label->box.y + label->box.height);
                }
          }
        g_assert_cmpuint (n_entries, ==, 8);
        if (sizes[z][0] < 1000)
          g_assert_cmpuint (n_shortened, >=, 1);
        g_assert_cmpfloat (legend_bottom, <, geometry.plots[0].y);
        /* The legend takes a fifth of the height or so, not the plot's share. */
        g_assert_cmpfloat (legend_bottom, <, sizes[z][1] * 0.45);
        g_assert_cmpfloat (geometry.plots[0].height, >, sizes[z][1] * 0.25);
        dyno_test_assert_labels_clean (labels, &geometry.content);

        render (&picture, comparison, &options, &decor, sizes[z][0], sizes[z][1], "legend.png");
        assert_nothing_outside (&picture);
      }
}

static void
test_long_title (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  DynoCompareChartOptions options;
  DynoChartDecor decor;
  DynoChartDecor plain;
  const char *title = "Block and file throughput of three NVMe and SATA drives on three file "
                      "systems, measured over a week in the lab with repeats and then some more";

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  dyno_chart_decor_init (&decor);
  decor.title = title;
  decor.subtitle = "Samsung SSD 980 PRO 2TB, WD Black SN850X 4TB, Crucial MX500 1TB, Seagate "
                   "IronWolf Pro 16TB, Kingston A2000, Toshiba N300, Intel Optane, Micron 7450";
  decor.host = "a-rather-long-hostname.lab.example.org";
  dyno_chart_decor_init (&plain);
  plain.title = "Short";

  /* Small: one line, shortened with an ellipsis. Large: wrapped to two lines. */
  for (int large = 0; large < 2; large++)
    {
      int width = large ? 1200 : 600;
      int height = large ? 675 : 300;
      g_auto (Picture) picture = { 0 };
      g_autoptr (GArray) labels = NULL;
      g_autoptr (GArray) short_labels = NULL;
      DynoCompareChartGeometry geometry;
      const DynoChartLabel *long_title;
      const DynoChartLabel *short_title;

      labels = get_labels (comparison, &options, &decor, width, height, &geometry);
      short_labels = get_labels (comparison, &options, &plain, width, height, NULL);
      long_title = dyno_test_find_label (labels, title);
      short_title = dyno_test_find_label (short_labels, "Short");
      g_assert_nonnull (long_title);
      g_assert_nonnull (short_title);
      g_assert_true (long_title->ellipsized != large);
      if (large)
        g_assert_cmpfloat (long_title->box.height, >=, 1.8 * short_title->box.height);
      else
        g_assert_cmpfloat (long_title->box.height, ==, short_title->box.height);
      g_assert_true (dyno_test_find_label (labels, decor.subtitle)->ellipsized != large);
      dyno_test_assert_labels_clean (labels, &geometry.content);

      render (&picture, comparison, &options, &decor, width, height, "title.png");
      assert_nothing_outside (&picture);
    }
}

static gboolean
is_phase_name (const char *text)
{
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  for (guint i = 0; i < n_bonnie; i++)
    if (g_str_equal (text, dyno_phase_get_title (bonnie[i])))
      return TRUE;
  return g_strv_contains ((const char *const[]) { "Putc", "Write", "Rewrite", "Getc", "Read",
                                                  "Seeks", "Seq create", "Seq stat", "Seq delete",
                                                  "Rand create", "Rand stat", "Rand delete",
                                                  NULL },
                          text);
}

static void
test_narrow_groups (void)
{
  g_autoptr (DynoComparison) comparison = make_wide_comparison (6, FALSE);
  const DynoCompareChartKind kinds[] = { DYNO_COMPARE_CHART_BARS, DYNO_COMPARE_CHART_CPU };
  const int sizes[][2] = { { 600, 300 }, { 1200, 675 }, { 420, 300 } };
  DynoChartDecor decor;
  guint n_turned = 0;

  /* All twelve phases, six entries: the names under the groups never overlap one another, the
   * tick labels or the bars, whether across, turned, or left out where nothing fits. */
  dyno_chart_decor_init (&decor);
  decor.title = "Six disks";
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (int screen = 0; screen < 2; screen++)
        {
          g_auto (Picture) picture = { 0 };
          g_autoptr (GArray) labels = NULL;
          DynoCompareChartOptions options;
          DynoCompareChartGeometry geometry;
          const DynoChartDecor *d = screen ? NULL : &decor;
          guint n_names = 0;

          dyno_compare_chart_options_init (&options, kinds[k]);
          labels = get_labels (comparison, &options, d, sizes[z][0], sizes[z][1], &geometry);
          for (guint i = 0; i < labels->len; i++)
            {
              const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

              if (!is_phase_name (label->text))
                continue;
              n_names++;
              n_turned += label->angle != 0 ? 1 : 0;
              /* Under the plots. */
              g_assert_cmpfloat (label->box.y, >=,
                                 geometry.plots[0].y + geometry.plots[0].height);
            }
          /* Each phase named once, but where the groups are too narrow for any name. */
          if (sizes[z][0] >= 600)
            g_assert_cmpuint (n_names, ==, 12);
          else
            g_assert_true (n_names == 12 || n_names == 0);
          dyno_test_assert_labels_clean (labels, &geometry.content);

          render (&picture, comparison, &options, d, sizes[z][0], sizes[z][1], "narrow.png");
          assert_nothing_outside (&picture);
        }
  /* Some were too wide to go across. */
  g_assert_cmpuint (n_turned, >, 0);
}

static void
test_overlay_short (void)
{
  g_autoptr (DynoComparison) comparison = make_quick_comparison ();
  DynoCompareChartOptions options;
  DynoChartDecor decor;

  /* Phases of 250 to 550 ms: the time axis ends with the longest, in milliseconds, so the lines
   * fill the plot rather than its first half. */
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_OVERLAY);
  options.phase = phase_of ("write");
  dyno_chart_decor_init (&decor);
  for (int titled = 0; titled < 2; titled++)
    {
      g_auto (Picture) picture = { 0 };
      g_autoptr (GArray) labels = NULL;
      DynoCompareChartGeometry geometry;
      const DynoChartRect *plot;
      const DynoChartDecor *d = titled ? &decor : NULL;
      gboolean unit = FALSE;

      labels = get_labels (comparison, &options, d, 600, 300, &geometry);
      if (titled)
        g_assert_nonnull (dyno_test_find_label (labels, "Time into Block write (ms)"));
      for (guint i = 0; i < labels->len; i++)
        unit |= g_str_has_suffix (g_array_index (labels, DynoChartLabel, i).text, " ms");
      g_assert_true (unit != titled);
      g_assert_nonnull (dyno_test_find_label (labels, "200"));
      dyno_test_assert_labels_clean (labels, &geometry.content);

      render (&picture, comparison, &options, d, 600, 300, "overlay-short.png");
      plot = &picture.geometry.plots[0];
      /* The longest line reaches the plot's right end; the shortest goes past its middle. */
      {
        DynoChartRect right = { plot->x + plot->width * 0.9, plot->y, plot->width * 0.1,
                                plot->height };
        DynoChartRect middle = { plot->x + plot->width * 0.4, plot->y, plot->width * 0.1,
                                 plot->height };

        g_assert_cmpuint (count_in (&picture, &right, entry_pixel (2)), >, 10);
        g_assert_cmpuint (count_in (&picture, &middle, entry_pixel (0)), >, 10);
      }
      assert_nothing_outside (&picture);
    }
}

/* Queued phases beside Bonnie's: one byte panel, each phase named by its title or short title,
 * an overlay of one of them; nothing outside the content. */
static void
test_queued_phases (void)
{
  const Figure a[] = {
    { "write", 400 * MB, 20 },
    { "seq-read:1m:q8:t1", 3400 * MB, 30 },
    { "rnd-read:4k:q32:t1", 600 * MB, 40 },
    { "rnd-write:4k:q1:t1", 90 * MB, 15 },
  };
  const Figure b[] = {
    { "write", 300 * MB, 20 },
    { "seq-read:1m:q8:t1", 2400 * MB, 30 },
    { "rnd-read:4k:q32:t1", 500 * MB, 40 },
    { "rnd-write:4k:q1:t1", 70 * MB, 15 },
  };
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) ra = make_result ("nvme", a, G_N_ELEMENTS (a), 0.01);
  g_autoptr (DynoResult) rb = make_result ("sata", b, G_N_ELEMENTS (b), 0);
  g_autoptr (GPtrArray) phases = NULL;
  DynoCompareChartKind kinds[] = { DYNO_COMPARE_CHART_BARS, DYNO_COMPARE_CHART_CPU,
                                   DYNO_COMPARE_CHART_OVERLAY };
  DynoChartDecor decor;

  dyno_comparison_add_result (comparison, ra);
  dyno_comparison_add_result (comparison, rb);
  phases = dyno_comparison_get_phases (comparison);
  g_assert_cmpuint (phases->len, ==, 4);
  g_assert_true (dyno_compare_chart_has_samples (comparison, phase_of ("rnd-read:4k:q32:t1")));
  dyno_chart_decor_init (&decor);
  decor.title = "Queued";
  decor.host = "testhost";

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_auto (Picture) picture = { 0 };
      g_autoptr (GArray) labels = NULL;
      DynoCompareChartOptions options;
      DynoCompareChartGeometry geometry;

      dyno_compare_chart_options_init (&options, kinds[k]);
      options.phase = phase_of ("rnd-read:4k:q32:t1");
      render (&picture, comparison, &options, &decor, 1200, 675, "queued.png");
      assert_nothing_outside (&picture);
      g_assert_cmpuint (picture.geometry.n_panels, ==, 1);
      labels = get_labels (comparison, &options, &decor, 1200, 675, &geometry);
      dyno_test_assert_labels_clean (labels, &geometry.content);
      if (kinds[k] == DYNO_COMPARE_CHART_OVERLAY)
        continue;
      g_assert_cmpint (geometry.units[0], ==,
                       kinds[k] == DYNO_COMPARE_CHART_BARS ? DYNO_UNIT_BYTES : DYNO_UNIT_OPS);
      for (guint i = 0; i < phases->len; i++)
        {
          const DynoPhase *phase = g_ptr_array_index (phases, i);

          g_autofree char *with_section = g_strdup_printf (
              "%s %s", dyno_phase_get_short_title (phase),
              dyno_phase_group_get_short_title (phase->kind->group));

          /* A queued test's short name says Read or Write: "SEQ1M Q8T1" is both. */
          if (dyno_test_find_label (labels, dyno_phase_get_title (phase)) == NULL
              && dyno_test_find_label (labels, dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED)
                                                   ? with_section
                                                   : dyno_phase_get_short_title (phase))
                     == NULL)
            g_error ("%s is not named", dyno_phase_get_key (phase));
        }
      /* The whiskers are said to be the 95 % interval. */
      if (kinds[k] == DYNO_COMPARE_CHART_BARS)
        {
          const char *note = note_of (labels, &geometry);

          g_assert_nonnull (note);
          g_assert_nonnull (strstr (note, "whisker: its 95 % interval"));
        }
    }
}

/* Where the bars must go by their short names, a queued test's keeps its section. */
static void
test_queued_short_names (void)
{
  const Figure a[] = {
    { "seq-read:1m:q8:t1", 3400 * MB, 30 },  { "seq-read:1m:q1:t1", 2100 * MB, 30 },
    { "rnd-read:4k:q32:t1", 600 * MB, 40 },  { "rnd-read:4k:q1:t1", 60 * MB, 40 },
    { "seq-write:1m:q8:t1", 2900 * MB, 30 }, { "seq-write:1m:q1:t1", 2000 * MB, 30 },
    { "rnd-write:4k:q32:t1", 450 * MB, 15 }, { "rnd-write:4k:q1:t1", 90 * MB, 15 },
  };
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) ra = make_result ("nvme", a, G_N_ELEMENTS (a), 0.01);
  g_autoptr (GArray) labels = NULL;
  DynoCompareChartOptions options;
  DynoCompareChartGeometry geometry;
  DynoChartDecor decor;
  guint read = 0;
  guint write = 0;

  dyno_comparison_add_result (comparison, ra);
  dyno_chart_decor_init (&decor);
  decor.title = "Drive";
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  labels = get_labels (comparison, &options, &decor, 900, 500, &geometry);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = g_array_index (labels, DynoChartLabel, i).text;

      g_assert_cmpstr (text, !=, "SEQ1M Q8T1");
      read += g_str_has_prefix (text, "SEQ1M Q8T1 Read")
              || g_str_has_prefix (text, "Sequential read 1 MiB Q8");
      write += g_str_has_prefix (text, "SEQ1M Q8T1 Write")
               || g_str_has_prefix (text, "Sequential write 1 MiB Q8");
    }
  g_assert_cmpuint (read, ==, 1);
  g_assert_cmpuint (write, ==, 1);
}

/* The reason the tests give a figure that may come from a cache below its target. */
#define DOUBT "may come from a cache below: the server of this nfs4 share"

/* Marks the phase's first run of the entry's result doubtful, as the runner does. */
static void
set_doubt (DynoComparison *comparison, guint entry, const char *key)
{
  DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);
  DynoPhaseResult *phase = dyno_target_result_find_phase (target, key);

  g_assert_nonnull (phase);
  g_array_index (phase->runs, DynoPhaseRun, 0).cache_doubt = g_intern_static_string (DOUBT);
  dyno_phase_result_summarize (phase);
}

/* Pixels of exactly this colour inside the bar a slot records. */
static guint
count_in_bar (const Picture *picture, GArray *slots, guint entry, const char *key, guint32 value)
{
  const DynoCompareChartSlot *slot = find_slot (slots, entry, phase_of (key));

  g_assert_nonnull (slot);
  g_assert_cmpfloat (slot->bar.height, >, 10);
  return count_in (picture, &slot->bar, value);
}

/* A figure that may come from a cache below is still a bar, but hatched, not solid; its figure
 * carries "†" and the note the reason, as the tables do. */
static void
test_cache_doubt_bars (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (GPtrArray) phases = phase_list ("write,read");
  g_auto (Picture) picture = { 0 };
  g_autoptr (GArray) slots = NULL;
  g_autoptr (GArray) labels = NULL;
  DynoCompareChartOptions options;
  DynoCompareChartGeometry geometry;
  const DynoCompareChartSlot *slot;
  const char *note;
  guint marked = 0;
  double area;

  set_doubt (comparison, 1, "read");
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
  options.phases = phases;
  render (&picture, comparison, &options, NULL, 900, 500, "cache-doubt-bars.png");
  assert_nothing_outside (&picture);

  slots = get_slots (comparison, &options, NULL, 900, 500);
  slot = find_slot (slots, 1, phase_of ("read"));
  g_assert_nonnull (slot);
  g_assert_cmpint (slot->mark, ==, DYNO_COMPARE_CHART_MARK_NONE);
  g_assert_cmpstr (slot->cache_doubt, ==, DOUBT);
  g_assert_null (find_slot (slots, 1, phase_of ("write"))->cache_doubt);
  g_assert_null (find_slot (slots, 0, phase_of ("read"))->cache_doubt);

  /* Solid bars are all their colour; the doubtful one only its outline and hatching. */
  area = slot->bar.width * slot->bar.height;
  g_assert_cmpuint (count_in_bar (&picture, slots, 1, "write", entry_pixel (1)), >,
                    0.9 * find_slot (slots, 1, phase_of ("write"))->bar.width
                        * find_slot (slots, 1, phase_of ("write"))->bar.height);
  g_assert_cmpuint (count_in_bar (&picture, slots, 1, "read", entry_pixel (1)), <, 0.6 * area);
  g_assert_cmpuint (count_in_bar (&picture, slots, 1, "read", entry_pixel (1)), >, 0.1 * area);

  labels = get_labels (comparison, &options, NULL, 900, 500, &geometry);
  for (guint i = 0; i < labels->len; i++)
    {
      const DynoChartLabel *label = &g_array_index (labels, DynoChartLabel, i);

      if (g_str_has_suffix (label->text, " †"))
        marked++;
    }
  g_assert_cmpuint (marked, ==, 1);
  note = note_of (labels, &geometry);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, "† " DOUBT));
}

/* ---- forest plots --------------------------------------------------------------------- */

typedef struct
{
  const char *phase; /* its key */
  double rate;       /* B/s or ops/s; 0: the entry did not run it */
  double spread;     /* the repeats' rates: rate × (1 − spread, 1, 1 + spread) */
  guint runs;        /* 1 or 3 */
} Measured;

/* A result of one target whose phases ran as often as each says. */
static DynoResult *
make_measured_result (const char *label, const Measured *measured, guint n)
{
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/mnt/test"));

  system->hostname = g_strdup ("testhost");
  dyno_result_set_system (result, system);
  dyno_result_set_label (result, label);
  for (guint r = 0; r < 3; r++)
    for (guint i = 0; i < n; i++)
      {
        DynoPhaseResult *phase;
        DynoPhaseRun run;

        if (measured[i].rate <= 0 || r >= measured[i].runs)
          continue;
        phase = dyno_target_result_ensure_phase (target, phase_of (measured[i].phase));
        dyno_phase_run_init (&run);
        run.repeat = r;
        run.rate = measured[i].rate * (1 + measured[i].spread * ((double) r - 1));
        run.cpu_percent = 20;
        dyno_phase_result_add_run (phase, &run);
      }
  dyno_result_add_target (result, target);
  return result;
}

/* plain against encrypted: block write 38 % slower with a wide interval, rewrite slower, block
 * read the same, seeks faster, per-char write once on each side, per-char read never on the
 * encrypted side, sequential create the same. */
static DynoComparison *
make_forest_comparison (void)
{
  const Measured plain[] = {
    { "putc", 80 * MB, 0, 1 },       { "write", 400 * MB, 0.1, 3 },
    { "rewrite", 200 * MB, 0.02, 3 }, { "getc", 90 * MB, 0.02, 3 },
    { "read", 500 * MB, 0.005, 3 },   { "seeks", 9000, 0.02, 3 },
    { "seq_create", 30000, 0.05, 3 },
  };
  const Measured encrypted[] = {
    { "putc", 60 * MB, 0, 1 },        { "write", 250 * MB, 0.1, 3 },
    { "rewrite", 150 * MB, 0.02, 3 }, { "read", 495 * MB, 0.005, 3 },
    { "seeks", 12000, 0.02, 3 },      { "seq_create", 29000, 0.05, 3 },
  };
  DynoComparison *comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) ra = make_measured_result ("plain", plain, G_N_ELEMENTS (plain));
  g_autoptr (DynoResult) rb = make_measured_result ("encrypted", encrypted,
                                                    G_N_ELEMENTS (encrypted));

  dyno_comparison_add_result (comparison, ra);
  dyno_comparison_add_result (comparison, rb);
  return comparison;
}

/* All twelve of Bonnie's phases (or CrystalDiskMark's eight), n_entries entries, each slower
 * than the last by a tenth, the baseline first. */
static DynoComparison *
make_long_forest_comparison (gboolean crystal, guint n_entries)
{
  static const char *const bonnie[] = {
    "putc", "write", "rewrite", "getc", "read", "seeks",
    "seq_create", "seq_stat", "seq_delete", "rand_create", "rand_stat", "rand_delete",
  };
  static const char *const diskmark[] = {
    "seq-read:1m:q8:t1",  "seq-read:1m:q1:t1",  "rnd-read:4k:q32:t1",  "rnd-read:4k:q1:t1",
    "seq-write:1m:q8:t1", "seq-write:1m:q1:t1", "rnd-write:4k:q32:t1", "rnd-write:4k:q1:t1",
  };
  static const char *const names[] = { "plain", "encrypted", "gocryptfs", "fscrypt" };
  const char *const *keys = crystal ? diskmark : bonnie;
  guint n = crystal ? G_N_ELEMENTS (diskmark) : G_N_ELEMENTS (bonnie);
  DynoComparison *comparison = dyno_comparison_new ();

  for (guint e = 0; e < n_entries; e++)
    {
      g_autofree Measured *measured = g_new0 (Measured, n);
      g_autoptr (DynoResult) result = NULL;

      for (guint i = 0; i < n; i++)
        measured[i] = (Measured) { keys[i], (100 + 10 * i) * MB * (1 - 0.1 * e * (i % 3)),
                                   0.01 + 0.01 * (i % 4), i == 5 ? 1 : 3 };
      result = make_measured_result (names[e % G_N_ELEMENTS (names)], measured, n);
      dyno_comparison_add_result (comparison, result);
    }
  return comparison;
}

static DynoChartDecor
forest_decor (const DynoComparison *comparison, char **title, char **subtitle)
{
  DynoChartDecor decor;

  *title = dyno_compare_chart_forest_title (comparison);
  *subtitle = dyno_compare_chart_forest_subtitle (comparison);
  dyno_chart_decor_init (&decor);
  decor.title = *title;
  decor.subtitle = *subtitle;
  decor.source = "Measured with Dyno 0.1.0 on testhost";
  return decor;
}

static guint32
verdict_pixel (DynoVerdict verdict)
{
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  DynoRgba color;

  dyno_compare_chart_verdict_color (style, verdict, &color);
  g_assert_cmpfloat (color.alpha, ==, 1);
  return opaque (&color);
}

/* Where a ratio lies on the geometry's log axis. */
static double
forest_x (const DynoCompareChartGeometry *geometry, double ratio)
{
  const DynoChartRect *plot = &geometry->plots[0];

  return plot->x + (log (ratio) - log (geometry->ratio_min))
                       / (log (geometry->ratio_max) - log (geometry->ratio_min)) * plot->width;
}

/* Whether x is the pixel column of a tick's grid line (or the reference line), or of a dashed
 * line at an end of the equivalence margin. */
static gboolean
on_grid (const DynoCompareChartGeometry *geometry, int x)
{
  for (guint i = 0; i < geometry->n_ratio_ticks; i++)
    if ((int) floor (forest_x (geometry, geometry->ratio_ticks[i])) == x)
      return TRUE;
  return (int) floor (forest_x (geometry, geometry->equivalence_low)) == x
         || (int) floor (forest_x (geometry, geometry->equivalence_high)) == x;
}

/* The pixel most of the plot's part of row y has: its background or band. */
static guint32
row_background (const Picture *picture, const DynoChartRect *plot, int y)
{
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint32 best = 0;
  guint most = 0;

  for (int x = (int) plot->x; x < (int) (plot->x + plot->width); x++)
    {
      guint32 value = pixel (picture, x, y);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (value))) + 1;

      g_hash_table_insert (counts, GUINT_TO_POINTER (value), GUINT_TO_POINTER (n));
      if (n > most)
        {
          most = n;
          best = value;
        }
    }
  return best;
}

/* Fails unless the plot's part of rows y0 ≤ y < y1 is empty but for the grid and the columns
 * x0 ≤ x < x1. */
static void
assert_row_empty_but (const Picture                  *picture,
                      const DynoCompareChartGeometry *geometry,
                      int                             y0,
                      int                             y1,
                      double                          x0,
                      double                          x1,
                      const char                     *what)
{
  const DynoChartRect *plot = &geometry->plots[0];

  for (int y = y0; y < y1; y++)
    {
      guint32 background = row_background (picture, plot, y);

      for (int x = (int) plot->x + 1; x < (int) (plot->x + plot->width) - 1; x++)
        if (pixel (picture, x, y) != background && !on_grid (geometry, x) && !(x >= x0 && x < x1))
          g_error ("%s: pixel (%d, %d) is %08x, not the row's %08x", what, x, y,
                   pixel (picture, x, y), background);
    }
}

/* The first and last x with exactly this colour in pixel row y of the plot; FALSE if none. */
static gboolean
colour_span (const Picture *picture, const DynoChartRect *plot, int y, guint32 value, int *first,
             int *last)
{
  *first = G_MAXINT;
  *last = G_MININT;
  for (int x = (int) plot->x; x < (int) (plot->x + plot->width); x++)
    if (pixel (picture, x, y) == value)
      {
        *first = MIN (*first, x);
        *last = MAX (*last, x);
      }
  return *first <= *last;
}

/* One paired run drawn: ×1 in the middle of the axis with the reference line on it; each phase's
 * point where its ratio is, its interval's ends where ratio_low and ratio_high are, its verdict
 * in words at the right; a single run hollow without a line, a phase not measured on one side
 * without a point. */
static void
test_forest (void)
{
  g_autoptr (DynoComparison) comparison = make_forest_comparison ();
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  DynoChartDecor decor = forest_decor (comparison, &title, &subtitle);
  g_auto (Picture) picture = { 0 };
  g_autoptr (GArray) labels = NULL;
  g_autoptr (GArray) slots = NULL;
  DynoCompareChartOptions options;
  DynoCompareChartGeometry geometry;
  const DynoChartRect *plot;
  double x1;
  guint n_line = 0;
  guint verdicts_seen[5] = { 0 };
  double data_low = 1 / 1.05;
  double data_high = 1.05;

  g_assert_cmpstr (title, ==, "encrypted vs plain (baseline)");
  g_assert_nonnull (strstr (subtitle, "95 % interval"));
  g_assert_nonnull (strstr (subtitle, "left of ×1 is slower"));

  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_FOREST);
  render (&picture, comparison, &options, &decor, 1200, 675, "forest.png");
  assert_nothing_outside (&picture);
  labels = get_labels (comparison, &options, &decor, 1200, 675, &geometry);
  slots = get_slots (comparison, &options, &decor, 1200, 675);
  g_assert_cmpuint (slots->len, ==, 0);
  plot = &geometry.plots[0];
  g_assert_cmpuint (geometry.n_panels, ==, 1);
  g_assert_cmpfloat (plot->width, >, 400);
  /* The axis holds the data, ×1 and the ±5 % margin, and not much more: fitted, not centred
   * on ×1 (which left half of it empty for a run only ever slower). */
  for (guint i = 0; i < phases->len; i++)
    {
      DynoCompareCell cell;

      dyno_comparison_get_cell (comparison, 1, g_ptr_array_index (phases, i), &cell);
      for (guint k = 0; k < 3; k++)
        {
          double v = k == 0 ? cell.ratio : k == 1 ? cell.ratio_low : cell.ratio_high;

          if (isfinite (v) && v > 0)
            {
              data_low = MIN (data_low, v);
              data_high = MAX (data_high, v);
            }
        }
    }
  g_assert_cmpfloat (geometry.ratio_min, <, data_low);
  g_assert_cmpfloat (geometry.ratio_max, >, data_high);
  g_assert_cmpfloat (log (geometry.ratio_max / geometry.ratio_min), <=,
                     1.15 * log (data_high / data_low));
  g_assert_cmpfloat_with_epsilon (geometry.equivalence_high, 1.05, 1e-9);
  g_assert_cmpfloat_with_epsilon (geometry.equivalence_low, 1 / 1.05, 1e-9);
  /* ×1 is a tick, and every tick lies on the axis. */
  {
    gboolean one = FALSE;

    g_assert_cmpuint (geometry.n_ratio_ticks, >=, 3);
    for (guint i = 0; i < geometry.n_ratio_ticks; i++)
      {
        one |= geometry.ratio_ticks[i] == 1;
        g_assert_cmpfloat (geometry.ratio_ticks[i], >=, geometry.ratio_min);
        g_assert_cmpfloat (geometry.ratio_ticks[i], <=, geometry.ratio_max);
      }
    g_assert_true (one);
  }

  /* The reference line: a line down the plot at ×1 that its neighbours lack. */
  x1 = forest_x (&geometry, 1);
  for (int y = (int) plot->y; y < (int) (plot->y + plot->height); y++)
    n_line += pixel (&picture, (int) floor (x1), y)
                      != pixel (&picture, (int) floor (x1) + 3, y)
                  ? 1
                  : 0;
  g_assert_cmpuint (n_line, >, plot->height * 0.8);

  /* The titles of the groups, the phases' names. */
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);

      g_assert_nonnull (dyno_test_find_label (labels, dyno_phase_get_title (phase)));
      g_assert_nonnull (dyno_test_find_label (labels,
                                              dyno_phase_group_get_title (phase->kind->group)));
    }

  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      g_autofree char *words = NULL;
      const DynoChartLabel *label;
      DynoCompareCell cell;
      DynoVerdict verdict;
      double cy;
      int first = 0;
      int last = 0;

      dyno_comparison_get_cell (comparison, 1, phase, &cell);
      verdict = dyno_compare_cell_get_verdict (&cell);
      verdicts_seen[verdict]++;
      words = dyno_compare_chart_forest_words (&cell);
      g_test_message ("%s: %s", dyno_phase_get_key (phase), words);
      /* The verdict in words, whole, right of the plot, on the phase's row. */
      label = dyno_test_find_label (labels, words);
      g_assert_nonnull (label);
      g_assert_false (label->ellipsized);
      g_assert_cmpfloat (label->box.x, >=, plot->x + plot->width);
      cy = label->box.y + label->box.height / 2;
      g_assert_cmpfloat (fabs (cy - (dyno_test_find_label (labels, dyno_phase_get_title (phase))
                                         ->box.y
                                     + label->box.height / 2)),
                         <, 1.5);

      if (verdict != DYNO_VERDICT_NONE)
        {
          guint32 color = verdict_pixel (verdict);
          int top = G_MAXINT;
          gboolean found = FALSE;

          /* The interval: the widest run of the colour within a pixel of the row's middle. */
          for (int y = (int) cy - 1; y <= (int) cy + 1; y++)
            {
              int f;
              int l;

              if (colour_span (&picture, plot, y, color, &f, &l)
                  && (!found || l - f > last - first))
                {
                  first = f;
                  last = l;
                  found = TRUE;
                }
            }
          g_assert_true (found);
          g_assert_cmpfloat (fabs (first - forest_x (&geometry, cell.ratio_low)), <=, 2);
          g_assert_cmpfloat (fabs (last + 1 - forest_x (&geometry, cell.ratio_high)), <=, 2);
          /* The point: the top of the disc in the colour, centred on the ratio. */
          for (int y = (int) cy - 20; y < (int) cy && top == G_MAXINT; y++)
            if (colour_span (&picture, plot, y, color, &first, &last))
              top = y;
          g_assert_cmpint (top, <, (int) cy - 2);
          g_assert_cmpfloat (fabs ((first + last + 1) / 2.0 - forest_x (&geometry, cell.ratio)),
                             <=, 1.5);
          /* Nothing of the colour elsewhere in the plot's row. */
          assert_row_empty_but (&picture, &geometry, (int) cy, (int) cy + 1,
                                forest_x (&geometry, cell.ratio_low) - 3,
                                forest_x (&geometry, cell.ratio_high) + 3, words);
        }
      else if (isfinite (cell.ratio))
        {
          double x = forest_x (&geometry, cell.ratio);
          g_autoptr (GArray) none = NULL;

          /* A single run: a hollow point at the ratio and no line either side. */
          g_assert_true (isnan (cell.ratio_low));
          g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_SINGLE_SAMPLE);
          assert_row_empty_but (&picture, &geometry, (int) cy - 1, (int) cy + 2, x - 12, x + 12,
                                words);
          g_assert_cmphex (pixel (&picture, (int) x, (int) cy),
                           ==, row_background (&picture, plot, (int) cy));
          {
            guint ring = 0;

            for (int dx = -8; dx <= 8; dx++)
              ring += pixel (&picture, (int) x + dx, (int) cy)
                              != row_background (&picture, plot, (int) cy)
                          ? 1
                          : 0;
            /* Its left and right edges. */
            g_assert_cmpuint (ring, >=, 2);
          }
        }
      else
        {
          /* Not measured on both sides: no point at all. */
          g_assert_cmpint (cell.difference, ==, DYNO_DIFFERENCE_UNKNOWN);
          assert_row_empty_but (&picture, &geometry, (int) cy - 6, (int) cy + 6, 0, 0, words);
        }
    }
  /* Each kind of row was there: slower (write, rewrite), faster (seeks), no difference larger
   * than 5 % (read), inconclusive (seq create: ±5 % spreads, three runs), and two without an
   * interval (putc once, getc on one side). */
  g_assert_cmpuint (verdicts_seen[DYNO_VERDICT_SLOWER], ==, 2);
  g_assert_cmpuint (verdicts_seen[DYNO_VERDICT_FASTER], ==, 1);
  g_assert_cmpuint (verdicts_seen[DYNO_VERDICT_EQUIVALENT], ==, 1);
  g_assert_cmpuint (verdicts_seen[DYNO_VERDICT_INCONCLUSIVE], ==, 1);
  g_assert_cmpuint (verdicts_seen[DYNO_VERDICT_NONE], ==, 2);

  /* The note says what the points, the hollow one and the words without a point mean. */
  {
    const char *note = note_of (labels, &geometry);

    g_assert_nonnull (note);
    g_assert_cmpfloat (geometry.note.y, >=, plot->y + plot->height);
    g_assert_nonnull (strstr (note, "95 % confidence interval"));
    g_assert_nonnull (strstr (note, "hollow"));
    g_assert_nonnull (strstr (note, "not measured on both sides"));
  }
  g_assert_nonnull (dyno_test_find_label (labels, "×1"));
  g_assert_nonnull (dyno_test_find_label (labels, "← slower"));
  g_assert_nonnull (dyno_test_find_label (labels, "faster →"));
}

/* Every figure size, short and long lists of phases, one entry against the baseline or three:
 * every row's verdict is there (shortened only where the figure is small), no label over
 * another or out of the figure, nothing drawn outside the content. */
/* A paired read whose encrypted side may come from a cache below: 14 × "faster" was RAM. Its
 * row has no verdict's colour, a "†" before its words and the reason in the note. */
static void
test_forest_cache_doubt (void)
{
  const Measured plain[] = { { "read", 42 * MB, 0.01, 3 } };
  const Measured encrypted[] = { { "read", 601 * MB, 0.01, 3 } };
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) ra = make_measured_result ("plain", plain, 1);
  g_autoptr (DynoResult) rb = make_measured_result ("encrypted", encrypted, 1);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  DynoChartDecor decor;
  DynoCompareChartOptions options;
  DynoCompareChartGeometry geometry;
  const DynoVerdict verdicts[] = { DYNO_VERDICT_FASTER, DYNO_VERDICT_SLOWER, DYNO_VERDICT_EQUIVALENT };
  const char *note;

  dyno_comparison_add_result (comparison, ra);
  dyno_comparison_add_result (comparison, rb);
  decor = forest_decor (comparison, &title, &subtitle);
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_FOREST);

  /* Without the doubt, the blue of "faster"; the test sees the colour it then looks for. */
  {
    g_auto (Picture) picture = { 0 };

    render (&picture, comparison, &options, &decor, 900, 400, "forest-no-doubt.png");
    g_assert_cmpuint (count_in (&picture, &picture.geometry.plots[0],
                                verdict_pixel (DYNO_VERDICT_FASTER)),
                      >, 20);
  }

  set_doubt (comparison, 1, "read");
  {
    g_auto (Picture) picture = { 0 };
    g_autoptr (GArray) labels = NULL;

    render (&picture, comparison, &options, &decor, 900, 400, "forest-cache-doubt.png");
    assert_nothing_outside (&picture);
    for (guint i = 0; i < G_N_ELEMENTS (verdicts); i++)
      g_assert_cmpuint (count_in (&picture, &picture.geometry.content,
                                  verdict_pixel (verdicts[i])),
                        ==, 0);
    labels = get_labels (comparison, &options, &decor, 900, 400, &geometry);
    g_assert_nonnull (dyno_test_find_label (labels,
                                            "† no verdict: a figure may come from a cache below"));
    g_assert_null (dyno_test_find_label (labels, "a hollow point: a single run on a side, so no "
                                                 "interval"));
    note = note_of (labels, &geometry);
    g_assert_nonnull (note);
    g_assert_nonnull (strstr (note, "a dashed ring"));
    g_assert_nonnull (strstr (note, "† " DOUBT));
    g_assert_null (strstr (note, "hollow point"));
  }
}

static void
test_forest_sizes (void)
{
  const int sizes[][2] = { { 1200, 675 }, { 800, 450 }, { 600, 340 }, { 420, 240 } };

  for (int crystal = 0; crystal < 2; crystal++)
    for (guint n_entries = 2; n_entries <= 4; n_entries += 2)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        for (int screen = 0; screen < 2; screen++)
          {
            g_autoptr (DynoComparison) comparison = make_long_forest_comparison (crystal,
                                                                                 n_entries);
            g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
            g_autofree char *title = NULL;
            g_autofree char *subtitle = NULL;
            DynoChartDecor decor = forest_decor (comparison, &title, &subtitle);
            const DynoChartDecor *d = screen ? NULL : &decor;
            g_autofree char *name = g_strdup_printf ("forest-%s-%u-%dx%d%s.png",
                                                     crystal ? "cdm" : "bonnie", n_entries,
                                                     sizes[z][0], sizes[z][1],
                                                     screen ? "-screen" : "");
            g_auto (Picture) picture = { 0 };
            g_autoptr (GArray) labels = NULL;
            DynoCompareChartOptions options;
            DynoCompareChartGeometry geometry;
            gboolean cut = FALSE;

            g_test_message ("%s", name);
            dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_FOREST);
            render (&picture, comparison, &options, d, sizes[z][0], sizes[z][1], name);
            assert_nothing_outside (&picture);
            labels = get_labels (comparison, &options, d, sizes[z][0], sizes[z][1], &geometry);
            dyno_test_assert_labels_clean (labels, &geometry.content);
            for (guint i = 0; i < labels->len; i++)
              cut |= strstr (g_array_index (labels, DynoChartLabel, i).text, "more row") != NULL;

            /* Every row's words, but where a small figure left rows out (and says so). */
            for (guint e = 1; e < n_entries && !cut; e++)
              for (guint i = 0; i < phases->len; i++)
                {
                  DynoCompareCell cell;
                  g_autofree char *words = NULL;
                  const DynoChartLabel *label;

                  dyno_comparison_get_cell (comparison, e, g_ptr_array_index (phases, i), &cell);
                  words = dyno_compare_chart_forest_words (&cell);
                  label = dyno_test_find_label (labels, words);
                  if (label == NULL)
                    g_error ("%s: no “%s”", name, words);
                  g_assert_cmpfloat (label->box.x, >=,
                                     geometry.plots[0].x + geometry.plots[0].width);
                  if (sizes[z][0] >= 1200)
                    g_assert_false (label->ellipsized);
                }
            /* The big figures hold every row: all of Bonnie's twelve, three entries each. */
            if (sizes[z][0] >= 1200 || (sizes[z][0] >= 800 && n_entries == 2))
              g_assert_false (cut);
          }
}

/* A comparison of one run has nothing to put against the baseline: a word says so. */
static void
test_forest_single_entry (void)
{
  const Measured plain[] = { { "write", 400 * MB, 0.1, 3 } };
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  g_autoptr (DynoResult) result = make_measured_result ("plain", plain, G_N_ELEMENTS (plain));
  g_autoptr (GArray) labels = NULL;
  g_auto (Picture) picture = { 0 };
  DynoCompareChartOptions options;
  DynoCompareChartGeometry geometry;
  g_autofree char *title = NULL;

  dyno_comparison_add_result (comparison, result);
  title = dyno_compare_chart_forest_title (comparison);
  g_assert_cmpstr (title, ==, "plain");
  dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_FOREST);
  render (&picture, comparison, &options, NULL, 600, 340, "forest-single.png");
  labels = get_labels (comparison, &options, NULL, 600, 340, &geometry);
  g_assert_cmpuint (labels->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_array_index (labels, DynoChartLabel, 0).text,
                                   "Nothing to compare"));
}

/* "forest" is a kind; its PNG and SVG files are whole. */
static void
test_forest_files (void)
{
  g_autoptr (DynoComparison) comparison = make_forest_comparison ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (DynoChartStyle) dark = dyno_chart_style_new_dark ();
  g_autoptr (GError) error = NULL;
  const char *keep_dir = g_getenv ("DYNO_TEST_KEEP_CHARTS");
  g_autofree char *dir = keep_dir && *keep_dir ? g_strdup (keep_dir)
                                               : g_dir_make_tmp ("dyno-forest-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "forest-file.png", NULL);
  g_autofree char *dark_png = g_build_filename (dir, "forest-dark.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "forest-file.svg", NULL);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *data = NULL;
  DynoChartDecor decor = forest_decor (comparison, &title, &subtitle);
  DynoCompareChartOptions options;
  DynoCompareChartKind kind;
  cairo_surface_t *surface;

  g_assert_true (dyno_compare_chart_kind_from_string ("forest", &kind));
  g_assert_cmpint (kind, ==, DYNO_COMPARE_CHART_FOREST);
  g_assert_true (dyno_compare_chart_kind_from_string ("Forest", NULL));
  dyno_compare_chart_options_init (&options, kind);

  g_assert_true (dyno_compare_chart_render_to_file (comparison, &options, style, &decor, 1200, 675,
                                                    2, "png", png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 2400);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 1350);
  cairo_surface_destroy (surface);
  g_assert_true (dyno_compare_chart_render_to_file (comparison, &options, dark, &decor, 1200, 675,
                                                    1, "png", dark_png, &error));
  g_assert_no_error (error);

  g_assert_true (dyno_compare_chart_render_to_file (comparison, &options, style, &decor, 1200, 675,
                                                    1, "svg", svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  if (keep_dir == NULL || *keep_dir == '\0')
    {
      g_unlink (png);
      g_unlink (dark_png);
      g_unlink (svg);
      g_rmdir (dir);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare-chart/bars", test_bars);
  g_test_add_func ("/compare-chart/bars-two-panels", test_bars_two_panels);
  g_test_add_func ("/compare-chart/too-fast", test_too_fast);
  g_test_add_func ("/compare-chart/cache-doubt", test_cache_doubt_bars);
  g_test_add_func ("/compare-chart/not-measured", test_not_measured);
  g_test_add_func ("/compare-chart/ratios", test_ratios);
  g_test_add_func ("/compare-chart/cpu", test_cpu);
  g_test_add_func ("/compare-chart/overlay", test_overlay);
  g_test_add_func ("/compare-chart/overlay-without-samples", test_overlay_without_samples);
  g_test_add_func ("/compare-chart/files", test_files);
  g_test_add_func ("/compare-chart/kinds", test_kinds);
  g_test_add_func ("/compare-chart/unit-label", test_unit_label);
  g_test_add_func ("/compare-chart/cpu-title-fits", test_cpu_title_fits);
  g_test_add_func ("/compare-chart/long-legend", test_long_legend);
  g_test_add_func ("/compare-chart/long-title", test_long_title);
  g_test_add_func ("/compare-chart/narrow-groups", test_narrow_groups);
  g_test_add_func ("/compare-chart/overlay-short", test_overlay_short);
  g_test_add_func ("/compare-chart/queued-phases", test_queued_phases);
  g_test_add_func ("/compare-chart/queued-short-names", test_queued_short_names);
  g_test_add_func ("/compare-chart/forest", test_forest);
  g_test_add_func ("/compare-chart/forest-cache-doubt", test_forest_cache_doubt);
  g_test_add_func ("/compare-chart/forest-sizes", test_forest_sizes);
  g_test_add_func ("/compare-chart/forest-single-entry", test_forest_single_entry);
  g_test_add_func ("/compare-chart/forest-files", test_forest_files);

  return g_test_run ();
}
