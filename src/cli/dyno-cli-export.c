/* dyno-cli-export.c: `dyno-cli export`: one run as a chart or a table
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "dyno-cli-fill.h"
#include "dyno-cli-private.h"
#include "dyno-compare.h"
#include "dyno-report.h"
#ifdef DYNO_HAVE_CHARTS
#include <cairo.h>

#include "dyno-chart-model.h"
#include "dyno-chart-render.h"
#include "dyno-grid-chart.h"
#endif
#include "dyno-grid.h"

typedef enum
{
  EXPORT_PNG,
  EXPORT_SVG,
  EXPORT_PDF,
  EXPORT_CSV,
  EXPORT_QUEUED_CSV,
  EXPORT_MARKDOWN,
  EXPORT_HTML,
  EXPORT_TEXT,
  EXPORT_JSON,
  EXPORT_REPORT,     /* one HTML page: the answer, tables, charts, stack, machine, method */
  EXPORT_REPORT_PDF, /* the same as a PDF */
} ExportFormat;

static const struct
{
  const char *name;
  ExportFormat format;
} export_formats[] = {
  { "png", EXPORT_PNG },   { "svg", EXPORT_SVG },       { "pdf", EXPORT_PDF },
  { "csv", EXPORT_CSV },   { "md", EXPORT_MARKDOWN },   { "html", EXPORT_HTML },
  { "text", EXPORT_TEXT }, { "json", EXPORT_JSON }, { "queued-csv", EXPORT_QUEUED_CSV },
  { "report", EXPORT_REPORT }, { "report-pdf", EXPORT_REPORT_PDF },
  /* aliases and file name extensions */
  { "markdown", EXPORT_MARKDOWN }, { "htm", EXPORT_HTML }, { "txt", EXPORT_TEXT },
};

static gboolean
export_format_from_string (const char *text, ExportFormat *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (export_formats); i++)
    if (g_ascii_strcasecmp (text, export_formats[i].name) == 0)
      {
        *out = export_formats[i].format;
        return TRUE;
      }
  return FALSE;
}

/* The format's first name in export_formats ("png", "md", …). */
static const char *
export_format_name (ExportFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (export_formats); i++)
    if (export_formats[i].format == format)
      return export_formats[i].name;
  return "?";
}

static gboolean
is_image (ExportFormat format)
{
  return format == EXPORT_PNG || format == EXPORT_SVG || format == EXPORT_PDF;
}

/* The run's targets as a comparison: every one, or only the one asked for. */
static DynoComparison *
comparison_of (DynoResult *result, int target)
{
  DynoComparison *comparison = dyno_comparison_new ();

  if (target >= 0)
    dyno_comparison_add (comparison, result, target);
  else
    dyno_comparison_add_result (comparison, result);
  return comparison;
}

#ifdef DYNO_HAVE_CHARTS
/* Every target's live chart, one under another on the same axes, or the one asked for. */
static int
save_live_chart (DynoResult   *result,
                 int           target_index,
                 ExportFormat  format,
                 DynoRateUnit  unit,
                 const char   *title,
                 double        width,
                 double        height,
                 const char   *path)
{
  g_autoptr (DynoChartStyle) style = NULL;
  g_autoptr (GError) error = NULL;
  const DynoSystemInfo *system = dyno_result_get_system (result);
  DynoChartDecor decor;

  const DynoTargetResult *target = target_index >= 0 ? dyno_result_get_target (result,
                                                                              target_index)
                                                     : NULL;

  if (target != NULL ? target->samples == NULL || target->samples->len == 0
                     : dyno_chart_result_count_live (result) == 0)
    {
      dyno_cli_error (_("%s has no live samples (imported results carry none); use --chart bars "
                        "or cpu, or a table format"),
                      dyno_result_get_path (result) ? dyno_result_get_path (result) : "?");
      return DYNO_EXIT_FAILED;
    }
  /* Before the style, whose font starts Pango's threads. */
  if (!dyno_cli_check_render_room ())
    return DYNO_EXIT_FAILED;
  style = dyno_cli_chart_style_new (unit);
  if (!dyno_cli_check_fonts (style))
    return DYNO_EXIT_FAILED;
  dyno_chart_decor_init (&decor);
  decor.title = title;
  decor.host = system && system->hostname ? system->hostname : "?";

  /* PNG at twice the size in pixels, as the comparison charts: sharp on any screen. */
  if (!dyno_chart_render_result_to_file (result, target_index, style, &decor, width, height,
                                         DYNO_COMPARE_CHART_PNG_SCALE,
                                         format == EXPORT_PNG ? "png"
                                         : format == EXPORT_SVG ? "svg" : "pdf",
                                         path, &error))
    {
      dyno_cli_error ("%s: %s", path, error->message);
      return DYNO_EXIT_FAILED;
    }
  return DYNO_EXIT_OK;
}

/* CrystalDiskMark's grid of the drive tests, every target's or the one asked for. */
static int
save_grid_chart (DynoResult   *result,
                 int           target_index,
                 ExportFormat  format,
                 DynoRateUnit  rate_unit,
                 DynoGridUnit  grid_unit,
                 const char   *title,
                 double        width,
                 double        height,
                 const char   *path)
{
  g_autoptr (DynoChartStyle) style = NULL;
  g_autoptr (GError) error = NULL;
  const DynoSystemInfo *system = dyno_result_get_system (result);
  DynoChartDecor decor;

  if (!dyno_cli_check_render_room ())
    return DYNO_EXIT_FAILED;
  style = dyno_cli_chart_style_new (rate_unit);
  if (!dyno_cli_check_fonts (style))
    return DYNO_EXIT_FAILED;
  dyno_chart_decor_init (&decor);
  decor.title = title;
  decor.host = system && system->hostname ? system->hostname : "?";
  if (!dyno_grid_chart_render_to_file (result, target_index, grid_unit, style, &decor, width,
                                       height, DYNO_COMPARE_CHART_PNG_SCALE,
                                       format == EXPORT_PNG ? "png"
                                       : format == EXPORT_SVG ? "svg" : "pdf",
                                       path, &error))
    {
      dyno_cli_error ("%s: %s", path, error->message);
      return DYNO_EXIT_FAILED;
    }
  return DYNO_EXIT_OK;
}
#endif

/* The run in the format asked for; file: the input's name, for messages. */
static int
write_export (DynoResult   *result,
              const char   *file,
              ExportFormat  export_format,
              const char   *chart,
              int           target_index,
              DynoRateUnit  rate_unit,
              DynoGridUnit  grid_unit,
              const char   *title,
              double        width,
              double        height,
              const char   *output)
{
  int status = DYNO_EXIT_OK;

  switch (export_format)
    {
    case EXPORT_PNG:
    case EXPORT_SVG:
    case EXPORT_PDF:
#ifdef DYNO_HAVE_CHARTS
      if (chart == NULL || g_str_equal (chart, "live"))
        status = save_live_chart (result, target_index, export_format, rate_unit, title, width,
                                  height, output);
      else if (g_str_equal (chart, "grid"))
        status = save_grid_chart (result, target_index, export_format, rate_unit, grid_unit,
                                  title, width, height, output);
      else
        {
          g_autoptr (DynoComparison) comparison = comparison_of (result, target_index);
          DynoCompareChartOptions options;

          dyno_compare_chart_options_init (&options, g_str_equal (chart, "cpu")
                                                         ? DYNO_COMPARE_CHART_CPU
                                                     : g_str_equal (chart, "forest")
                                                         ? DYNO_COMPARE_CHART_FOREST
                                                         : DYNO_COMPARE_CHART_BARS);
          /* A paired run reads "encrypted vs plain", as dyno-cli compare names it. */
          if (options.kind == DYNO_COMPARE_CHART_FOREST)
            dyno_comparison_name_by_folder (comparison);
          if (dyno_comparison_get_n_entries (comparison) == 0)
            {
              dyno_cli_error (_("%s: the run measured no phase"), file);
              return DYNO_EXIT_FAILED;
            }
          status = dyno_cli_save_compare_chart ("export", comparison, &options, rate_unit, title,
                                                width, height, output);
        }
#endif
      break;

    case EXPORT_CSV:
    case EXPORT_QUEUED_CSV:
      {
        /* bonnie++'s CSV holds Bonnie's tests only: a run of queued tests alone gets theirs. */
        g_autofree char *text = export_format == EXPORT_QUEUED_CSV || !dyno_cli_has_bonnie (result)
                                    ? dyno_report_queued_csv (result)
                                    : dyno_report_csv (result, FALSE);

        status = dyno_cli_write_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
      }
      break;

    case EXPORT_TEXT:
      {
        g_autofree char *text = dyno_report_text (result, rate_unit);

        status = dyno_cli_write_human_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
      }
      break;

    case EXPORT_REPORT:
    case EXPORT_REPORT_PDF:
      {
        g_autoptr (DynoComparison) comparison = comparison_of (result, target_index);

        /* A run over two folders reads "encrypted vs plain", as dyno-cli compare names it. */
        dyno_comparison_name_by_folder (comparison);
        status = dyno_cli_write_report ("export", comparison, export_format == EXPORT_REPORT_PDF,
                                        rate_unit, output);
      }
      break;

    case EXPORT_JSON:
      {
        g_autofree char *json = dyno_result_to_json (result, TRUE);
        g_autofree char *text = g_strconcat (json, "\n", NULL);

        status = dyno_cli_write_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
      }
      break;

    case EXPORT_MARKDOWN:
    case EXPORT_HTML:
    default:
      {
        g_autoptr (DynoComparison) comparison = comparison_of (result, target_index);
        g_autofree char *text
            = dyno_comparison_format (comparison,
                                      export_format == EXPORT_HTML ? DYNO_COMPARE_FORMAT_HTML
                                                                   : DYNO_COMPARE_FORMAT_MARKDOWN,
                                      rate_unit);

        if (export_format == EXPORT_HTML)
          status = dyno_cli_write_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
        else
          status = dyno_cli_write_human_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
      }
      break;
    }
  return status;
}

int
dyno_cli_export (int argc, char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *chart = NULL;
  g_autofree char *target = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *title = NULL;
  g_autofree char *chart_size = NULL;
  g_auto (GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("What to write (default: from the -o file name)"),
      N_("png|svg|pdf|csv|queued-csv|md|html|text|json|report|report-pdf") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write, or - for standard output (tables only)"), N_("FILE") },
    { "chart", 0, 0, G_OPTION_ARG_STRING, &chart,
      N_("For png, svg and pdf: the live rate and CPU over time, bars per phase, %CPU per "
         "phase, the ratios of a run over two folders as a forest plot, or the drive tests in "
         "CrystalDiskMark's grid (default live)"),
      N_("live|bars|cpu|forest|grid") },
    { "target", 't', 0, G_OPTION_ARG_STRING, &target,
      N_("Only this target of a run over several folders, counted from 1"), N_("N") },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit,
      N_("Units of the rates (default mb); with --chart grid also gb, iops or us (the mean "
         "latency), what the grid's large figures count"),
      N_("mb|mib|kib|gb|iops|us") },
    { "title", 0, 0, G_OPTION_ARG_FILENAME, &title, N_("Title of the chart"), N_("TEXT") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, &chart_size,
      N_("Size of the chart in points (default 1200x675; PNG at twice that in pixels)"),
      N_("WxH") },
    /* No arg_description: GLib would put it in the usage line before the context's own
     * "FILE… —", which already names the files: "FILE… FILE…". */
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  g_auto (GStrv) args = NULL;
  ExportFormat export_format;
  DynoRateUnit rate_unit = DYNO_RATE_UNIT_MB;
  DynoGridUnit grid_unit = DYNO_GRID_UNIT_RATE;
  gboolean grid;
  DynoResult *result;
  double width = 1200;
  double height = 675;
  int target_index = -1;

  g_set_prgname ("dyno-cli export");
  context = g_option_context_new (_("FILE -o OUT — a run as a chart or a table"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes one run (a Dyno result file, or an importable bonnie++ "
                                  "or Bonnie file holding one run) as a PNG, SVG or PDF chart, "
                                  "bonnie++ CSV, a Markdown or HTML table, Bonnie's text table, "
                                  "a Dyno result file, or a report to publish: one HTML page "
                                  "(report) or a PDF (report-pdf) with the answer, the tables, "
                                  "the charts, the machine and the method."));
  g_option_context_set_description (context,
                                    _("Examples:\n"
                                      "  dyno-cli export run.dyno.json -o live.png\n"
                                      "  dyno-cli export run.dyno.json --chart bars -o bars.svg\n"
                                      "  dyno-cli export paired.dyno.json --chart forest -o "
                                      "answer.svg\n"
                                      "  dyno-cli export drive.dyno.json --chart grid --unit iops "
                                      "-o grid.png\n"
                                      "  dyno-cli export bonnie.csv --format md -o -\n"
                                      "  dyno-cli export paired.dyno.json --format report -o "
                                      "report.html\n\n"
                                      "Exit status: 0 success, 1 the input could not be read or "
                                      "the output written, 2 usage error.\n"));
  args = g_strdupv (argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_autofree char *message = dyno_cli_option_error (error, args);

      return dyno_cli_usage_error ("export", "%s", message);
    }
  /* Taken as bytes: a C locale would refuse any accent. */
  dyno_cli_take_text_option ("--title", &title);
  if (dyno_cli_find_empty (files) >= 0)
    return dyno_cli_empty_name_error ("export", "FILE");
  if (files == NULL || files[0] == NULL)
    return dyno_cli_usage_error ("export", _("No result file given"));
  if (files[1] != NULL)
    return dyno_cli_usage_error ("export", _("One run at a time; to put several side by side use "
                                             "dyno-cli compare"));
  if (output == NULL)
    return dyno_cli_usage_error ("export", _("Where to? Give the file with -o FILE"));

  if (format != NULL)
    {
      if (!export_format_from_string (format, &export_format))
        return dyno_cli_usage_error ("export", _("--format: “%s” is not png, svg, pdf, csv, "
                                                 "queued-csv, md, html, text, json, report or "
                                                 "report-pdf"),
                                     format);
    }
  else
    {
      const char *dot = strrchr (output, '.');

      if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL
          || !export_format_from_string (dot + 1, &export_format))
        return dyno_cli_usage_error ("export", _("Which format? “%s” does not say; give --format"),
                                     output);
    }
  /* The grid's units besides the rates': GB/s, IOPS, µs. */
  grid = chart != NULL && g_str_equal (chart, "grid");
  if (unit != NULL && !(grid && dyno_grid_unit_from_string (unit, &grid_unit))
      && !dyno_rate_unit_from_string (unit, &rate_unit))
    return dyno_cli_usage_error ("export", grid ? _("--unit: “%s” is not mb, mib, gb, iops or us")
                                                : _("--unit: “%s” is not mb, mib or kib"),
                                 unit);
  if (!dyno_cli_parse_chart_size (chart_size, &width, &height))
    return dyno_cli_usage_error ("export", _("--chart-size: “%s” is not WIDTHxHEIGHT in points, "
                                             "100 to 8000 each"),
                                 chart_size);
  if (chart != NULL && !g_str_equal (chart, "live") && !g_str_equal (chart, "bars")
      && !g_str_equal (chart, "cpu") && !g_str_equal (chart, "forest")
      && !g_str_equal (chart, "grid"))
    return dyno_cli_usage_error ("export", _("--chart: “%s” is not live, bars, cpu, forest or "
                                             "grid"),
                                 chart);
  if (!is_image (export_format) && (chart != NULL || title != NULL || chart_size != NULL))
    return dyno_cli_usage_error ("export", _("--chart, --title and --chart-size are for png, svg "
                                             "and pdf"));
  if (is_image (export_format) && g_str_equal (output, "-"))
    return dyno_cli_usage_error ("export", _("Charts go to a file, not standard output"));
#ifndef DYNO_HAVE_CHARTS
  if (is_image (export_format))
    return dyno_cli_no_charts ("export");
#endif

  /* A fill exports as its chart, its words, its samples or itself (dyno-cli-fill-files.c). */
  if (dyno_cli_fill_inputs (files) == DYNO_CLI_FILL_ALL)
    {
      if (chart != NULL || target != NULL || unit != NULL)
        return dyno_cli_usage_error ("export", _("--chart, --target and --unit are for runs, not "
                                                 "fills"));
      return dyno_cli_fill_export (files[0], export_format_name (export_format), output, title,
                                   width, height);
    }

  results = dyno_cli_load_inputs (files, DYNO_IMPORT_AUTO);
  if (results == NULL)
    return DYNO_EXIT_FAILED;
  if (results->len != 1)
    return dyno_cli_usage_error ("export",
                                 g_dngettext (GETTEXT_PACKAGE,
                                              "%s holds %u run; export takes one: use dyno-cli "
                                              "import to split them, or dyno-cli compare",
                                              "%s holds %u runs; export takes one: use dyno-cli "
                                              "import to split them, or dyno-cli compare",
                                              results->len),
                                 files[0], results->len);
  result = g_ptr_array_index (results, 0);

  if (target != NULL)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (target, 10, 1, MAX (1, dyno_result_get_n_targets (result)),
                                       &n, NULL))
        return dyno_cli_usage_error ("export", _("--target: “%s” is not a target of this run (it "
                                                 "has %u)"),
                                     target, dyno_result_get_n_targets (result));
      target_index = (int) n - 1;
    }
  if (dyno_result_get_n_targets (result) == 0)
    {
      dyno_cli_error (_("%s: the run measured no target"), files[0]);
      return DYNO_EXIT_FAILED;
    }

#ifdef DYNO_HAVE_CHARTS
  /* Every target's live chart, one under another: each as high as a chart of one would be but
   * for the title and legend they share, unless a size was asked for. */
  if (is_image (export_format) && (chart == NULL || g_str_equal (chart, "live"))
      && target_index < 0 && chart_size == NULL && dyno_chart_result_count_live (result) > 1)
    height += DYNO_CHART_STACKED_HEIGHT * (dyno_chart_result_count_live (result) - 1);
  if (is_image (export_format) && grid && target_index < 0
      && chart_size == NULL && dyno_grid_chart_count_targets (result) > 1)
    height += DYNO_GRID_CHART_STACKED_HEIGHT * (dyno_grid_chart_count_targets (result) - 1);
#endif

  return write_export (result, files[0], export_format, chart, target_index, rate_unit,
                       grid_unit, title, width, height, output);
}
