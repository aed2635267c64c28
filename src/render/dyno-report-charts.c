/* dyno-report-charts.c: a report's charts, drawn by the charts' own code
 *
 * The forest plot, the bars, the live curves are the ones the app and dyno-cli draw
 * (dyno-compare-chart.c, dyno-chart-render.c): the report asks for them without title or
 * source line, since its caption and footer say those, and on a transparent background, so
 * that the page's own light or dark shows through. For HTML each becomes an inline <svg>
 * whose labels stay text (dyno-chart-svg.c); the PDF draws them straight onto its page.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-chart-model.h"
#include "dyno-chart-render.h"
#include "dyno-chart-svg.h"
#include "dyno-compare-chart.h"
#include "dyno-report-render.h"

/* Points of text in a full-width chart and in one of a pair: a page shows a full chart at
 * about its own size, so its text reads as the page's small print. */
#define CHART_FONT "Cantarell 10"
#define HALF_CHART_FONT "Cantarell 9"

DynoChartStyle *
dyno_report_chart_style_new (const DynoReportChart *chart, gboolean dark)
{
  DynoChartStyle *style = dark ? dyno_chart_style_new_dark () : dyno_chart_style_new_light ();

  dyno_chart_style_set_font (style, chart->half ? HALF_CHART_FONT : CHART_FONT);
  style->background.alpha = 0;
  return style;
}

void
dyno_report_chart_draw (const DynoReportDoc   *doc,
                        const DynoReportBlock *block,
                        cairo_t               *cr,
                        double                 width,
                        double                 height,
                        const DynoChartStyle  *style)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (DynoChartStyle) scaled = dyno_chart_style_copy (style);
  DynoCompareChartOptions options;
  DynoChartDecor decor;

  g_return_if_fail (block->kind == DYNO_REPORT_BLOCK_CHART);

  scaled->rate_scale = dyno_report_doc_get_unit (doc) == DYNO_RATE_UNIT_MIB
                           ? DYNO_RATE_SCALE_MIB
                           : DYNO_RATE_SCALE_MB;
  dyno_chart_decor_init (&decor);
  switch (block->chart.kind)
    {
    case DYNO_REPORT_CHART_LIVE:
      {
        g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
        g_autofree char *title = NULL;
        g_autofree char *subtitle = NULL;
        guint entry = block->chart.entry;

        if (entry < dyno_comparison_get_n_entries (comparison)
            && dyno_chart_live_from_result (model, dyno_comparison_get_result (comparison, entry),
                                            dyno_comparison_get_target (comparison, entry),
                                            &title, &subtitle))
          dyno_chart_render (model, cr, width, height, scaled, &decor);
      }
      return;
    case DYNO_REPORT_CHART_FOREST:
      dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_FOREST);
      break;
    case DYNO_REPORT_CHART_OVERLAY:
      dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_OVERLAY);
      options.phase = block->chart.phase;
      break;
    case DYNO_REPORT_CHART_BARS:
    default:
      dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_BARS);
      break;
    }
  dyno_compare_chart_render (comparison, &options, cr, width, height, scaled, &decor);
}

typedef struct
{
  const DynoReportDoc *doc;
  const DynoReportBlock *block;
  const DynoChartStyle *style;
} ChartData;

static void
draw_chart (cairo_t *cr, double width, double height, gconstpointer data)
{
  const ChartData *chart = data;

  dyno_report_chart_draw (chart->doc, chart->block, cr, width, height, chart->style);
}

char *
dyno_report_chart_svg (const DynoReportDoc   *doc,
                       const DynoReportBlock *block,
                       guint                  index,
                       gboolean               dark,
                       gpointer               user_data,
                       GError               **error)
{
  g_autoptr (DynoChartStyle) style = dyno_report_chart_style_new (&block->chart, dark);
  g_autofree char *prefix = g_strdup_printf ("c%u%s", index, dark ? "d" : "");
  ChartData data = { doc, block, style };

  return dyno_chart_svg_element (block->chart.width, block->chart.height, prefix, block->text,
                                 draw_chart, &data, error);
}

char *
dyno_report_render_html (const DynoReportDoc *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);

  return dyno_report_doc_to_html (doc, dyno_report_chart_svg, NULL);
}
