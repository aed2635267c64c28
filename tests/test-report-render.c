/* test-report-render.c: a chart as inline SVG whose labels are <text>, and the report's PDF
 *
 * The same chart is drawn once as cairo draws it (its labels, dyno_compare_chart_get_labels) and
 * once through the text sink: every label must come out as <text>, escaped, and no glyph as an
 * outline; drawing without a sink must not change. The PDF must be A4 pages that hold text.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-svg.h"
#include "dyno-chart-text-sink.h"
#include "dyno-compare-chart.h"
#include "dyno-report-render.h"
#include "dyno-test-util.h"

#define MB 1e6

static DynoTargetResult *
make_target (const char *path, double write, double read)
{
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new (path));
  const char *keys[] = { "write", "read" };
  const double rates[] = { write, read };

  for (guint k = 0; k < 2; k++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, PHASE (keys[k]));

      for (guint r = 0; r < 3; r++)
        {
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = r;
          run.rate = rates[k] * (1 + 0.02 * r);
          run.cpu_percent = 10;
          dyno_phase_result_add_run (phase, &run);
        }
    }
  return target;
}

/* A paired session; the second folder's name is markup. */
static DynoComparison *
make_comparison (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();
  DynoComparison *comparison = dyno_comparison_new ();

  system->hostname = g_strdup ("lap");
  dyno_result_set_system (result, system);
  dyno_result_set_label (result, "run <script>x</script>");
  dyno_result_add_target (result, make_target ("/mnt/plain", 400 * MB, 800 * MB));
  dyno_result_add_target (result, make_target ("/mnt/<b>&amp;", 100 * MB, 790 * MB));
  dyno_comparison_add_result (comparison, result);
  dyno_comparison_name_by_folder (comparison);
  return comparison;
}

typedef struct
{
  DynoComparison *comparison;
  DynoCompareChartOptions options;
  DynoChartStyle *style;
} Drawing;

static void
draw (cairo_t *cr, double width, double height, gconstpointer data)
{
  const Drawing *drawing = data;
  DynoChartDecor decor;

  dyno_chart_decor_init (&decor);
  dyno_compare_chart_render (drawing->comparison, &drawing->options, cr, width, height,
                             drawing->style, &decor);
}

static guint
count (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_svg_text (gconstpointer kind_data)
{
  DynoCompareChartKind kind = GPOINTER_TO_INT (kind_data);
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) labels = NULL;
  g_autofree char *svg = NULL;
  Drawing drawing = { comparison };
  cairo_surface_t *surface;
  cairo_t *cr;

  drawing.style = style;
  dyno_compare_chart_options_init (&drawing.options, kind);
  svg = dyno_chart_svg_element (720, 420, "c7", "A chart <&>", draw, &drawing, &error);
  g_assert_no_error (error);
  g_assert_nonnull (svg);

  /* An element for an HTML page: no XML declaration, no namespace URL, labelled. */
  g_assert_true (g_str_has_prefix (svg, "<svg class=\"chart\" viewBox=\"0 0 720 420\""));
  g_assert_true (g_str_has_suffix (svg, "</svg>"));
  g_assert_null (strstr (svg, "<?xml"));
  g_assert_null (strstr (svg, "http"));
  g_assert_nonnull (strstr (svg, "aria-label=\"A chart &lt;&amp;&gt;\""));
  /* No glyph drawn as an outline. */
  g_assert_null (strstr (svg, "glyph"));
  g_assert_null (strstr (svg, "<use"));
  /* Every id is the chart's own, and so is every reference to one. */
  for (const char *p = strstr (svg, " id=\""); p != NULL; p = strstr (p + 1, " id=\""))
    g_assert_true (g_str_has_prefix (p + 5, "c7-"));
  for (const char *p = strstr (svg, "url(#"); p != NULL; p = strstr (p + 1, "url(#"))
    g_assert_true (g_str_has_prefix (p + 5, "c7-"));

  /* As many pieces of text as the chart puts down, at least: a wrapped note is several. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cr = cairo_create (surface);
  labels = dyno_compare_chart_get_labels (comparison, &drawing.options, cr, 720, 420, style,
                                          NULL);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (labels->len, >, 3);
  g_assert_cmpuint (count (svg, "<text "), >=, labels->len);
  g_assert_cmpuint (count (svg, "<text "), ==, count (svg, "</text>"));
  /* The folder's name, which is markup, is text. */
  if (kind == DYNO_COMPARE_CHART_BARS)
    g_assert_nonnull (strstr (svg, "&lt;b&gt;&amp;amp;"));
  g_assert_null (strstr (svg, "<b>"));
  g_assert_nonnull (strstr (svg, ">Block write</text>"));
}

/* Without a sink the layout is drawn: ink on the surface. With one it is not. */
static void
sink_func (cairo_t *cr, PangoLayout *layout, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static gboolean
inked (cairo_surface_t *surface)
{
  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      if (cairo_image_surface_get_data (surface)[y * cairo_image_surface_get_stride (surface) + x]
          != 0)
        return TRUE;
  return FALSE;
}

static void
test_sink (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 200, 40);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  guint calls = 0;

  pango_layout_set_text (layout, "MMMM", -1);
  dyno_chart_text_sink_attach (cr, sink_func, &calls);
  cairo_move_to (cr, 5, 5);
  dyno_chart_pango_show (cr, layout);
  g_assert_cmpuint (calls, ==, 1);
  g_assert_false (inked (surface));

  dyno_chart_text_sink_attach (cr, NULL, NULL);
  cairo_move_to (cr, 5, 5);
  dyno_chart_pango_show (cr, layout);
  g_assert_cmpuint (calls, ==, 1);
  g_assert_true (inked (surface));

  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_report_html_and_pdf (void)
{
  g_autoptr (DynoComparison) comparison = make_comparison ();
  g_autoptr (DynoReportDoc) doc = dyno_report_doc_build (comparison, DYNO_RATE_UNIT_MB);
  g_autofree char *page = dyno_report_render_html (doc);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) pdf = NULL;
  gsize length = 0;
  const char *data;

  /* Each chart twice, light and dark, with ids of its own. */
  g_assert_cmpuint (count (page, "<svg class=\"chart\""), >=, 4);
  g_assert_cmpuint (count (page, "<div class=\"chart-light\">"), ==,
                    count (page, "<div class=\"chart-dark\">"));
  g_assert_nonnull (strstr (page, "id=\"c"));
  g_assert_null (strstr (page, "<script"));
  g_assert_null (strstr (page, "class=\"chart-missing\""));

  pdf = dyno_report_render_pdf (doc, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (pdf, &length);
  g_assert_cmpuint (length, >, 2000);
  g_assert_true (memcmp (data, "%PDF-", 5) == 0);
  /* A4 pages, and fonts: its text is text. */
  g_assert_nonnull (memmem (data, length, "/MediaBox [ 0 0 595.276 841.89 ]", 32));
  g_assert_nonnull (memmem (data, length, "/FontFile", 9));
  g_assert_nonnull (memmem (data, length, "/ToUnicode", 10));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/report-render/svg/bars", GINT_TO_POINTER (DYNO_COMPARE_CHART_BARS),
                        test_svg_text);
  g_test_add_data_func ("/report-render/svg/forest", GINT_TO_POINTER (DYNO_COMPARE_CHART_FOREST),
                        test_svg_text);
  g_test_add_func ("/report-render/sink", test_sink);
  g_test_add_func ("/report-render/html-and-pdf", test_report_html_and_pdf);
  return g_test_run ();
}
