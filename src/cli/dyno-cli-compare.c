/* dyno-cli-compare.c: `dyno-cli compare`, and what compare, import and export share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "dyno-array.h"
#include "dyno-cli-fill.h"
#include "dyno-cli-private.h"
#include "platform/dyno-platform.h"
#include "dyno-compare.h"
#include "dyno-import.h"
#include "dyno-output.h"
#include "dyno-parse.h"
#ifdef DYNO_HAVE_CHARTS
#include "dyno-compare-chart.h"
#endif

/* ---- shared --------------------------------------------------------------------------- */

GPtrArray *
dyno_cli_load_inputs (char **paths, DynoImportFormat format)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) results = dyno_import_file (paths[i], format, &error);

      if (results == NULL)
        {
          dyno_cli_error ("%s: %s", paths[i], error->message);
          return NULL;
        }
      if (results->len == 0)
        {
          dyno_cli_error (_("%s: no results found in the file"), paths[i]);
          return NULL;
        }
      for (guint j = 0; j < results->len; j++)
        g_ptr_array_add (all, g_object_ref (g_ptr_array_index (results, j)));
    }
  return g_steal_pointer (&all);
}

gboolean
dyno_cli_write_text (const char *path, const char *text)
{
  g_autoptr (GError) error = NULL;

  if (path == NULL || g_str_equal (path, "-"))
    {
      if (fputs (text, stdout) == EOF || fflush (stdout) != 0)
        {
          int err = errno;

          dyno_cli_error (_("cannot write to standard output: %s; the output is lost"),
                          g_strerror (err));
          dyno_cli_stdout_failed (err, TRUE);
          return FALSE;
        }
      return TRUE;
    }
  if (!dyno_output_write (path, text, strlen (text), &error))
    {
      dyno_cli_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
dyno_cli_write_human_text (const char *path, const char *text)
{
  g_autofree char *converted = NULL;

  /* Standard output is read in the locale's character set: UTF-8 on a Latin-1 terminal
   * shows "Ã—" for "×". g_print () converts so (dyno-cli.c); this text is written whole, so
   * it is converted here the same way. A file stays UTF-8. */
  if (path == NULL || g_str_equal (path, "-"))
    converted = dyno_cli_to_console (text);
  return dyno_cli_write_text (path, converted != NULL ? converted : text);
}

/* "encrypted vs plain (baseline)", the typical change and a line per group of phases, for
 * every entry but the baseline. */
static void
append_headlines (GString *out, const DynoComparison *comparison)
{
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      g_auto (GStrv) lines = NULL;
      g_autofree char *versus = NULL;
      g_autofree char *typical = NULL;

      if (e == dyno_comparison_get_baseline (comparison))
        continue;
      lines = dyno_comparison_describe_headline (comparison, e);
      if (lines == NULL || lines[0] == NULL)
        continue;
      versus = dyno_comparison_describe_versus (comparison, e);
      typical = dyno_comparison_describe_typical (comparison, e);
      g_string_append_printf (out, "%s:\n", versus);
      /* The one answer first. */
      if (typical != NULL)
        g_string_append_printf (out, "  %s\n", typical);
      for (guint i = 0; lines[i] != NULL; i++)
        g_string_append_printf (out, "  %s\n", lines[i]);
      g_string_append_c (out, '\n');
    }
}

gboolean
dyno_cli_has_bonnie (DynoResult *result)
{
  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      for (guint i = 0; i < target->phases->len; i++)
        if (dyno_phase_has_flag (((const DynoPhaseResult *) g_ptr_array_index (target->phases, i))->phase,
                                 DYNO_PHASE_BONNIE))
          return TRUE;
    }
  return FALSE;
}

/* "png", "svg" or "pdf" from a file name, else NULL. */
const char *
dyno_cli_image_format (const char *path)
{
  static const char *const formats[] = { "png", "svg", "pdf" };
  const char *dot = path ? strrchr (path, '.') : NULL;

  if (dot == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (dot + 1, formats[i]) == 0)
      return formats[i];
  return NULL;
}

gboolean
dyno_cli_parse_chart_size (const char *text, double *width, double *height)
{
  g_auto (GStrv) parts = NULL;
  guint64 w;
  guint64 h;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit_set (text, "xX", 2);
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 100, 8000, &w, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 100, 8000, &h, NULL))
    return FALSE;
  *width = w;
  *height = h;
  return TRUE;
}

int
dyno_cli_no_charts (const char *command)
{
  return dyno_cli_usage_error (command,
                               _("this dyno-cli was built without cairo: charts (png, svg, pdf) "
                                 "are not available; tables are (--format text, md, csv, html, "
                                 "json)"));
}

#ifdef DYNO_HAVE_CHARTS
DynoChartStyle *
dyno_cli_chart_style_new (DynoRateUnit unit)
{
  DynoChartStyle *style = dyno_chart_style_new_light ();

  /* Sized for a 1200-point-wide figure read at a column's width in an article. */
  dyno_chart_style_set_font (style, "Cantarell 13");
  style->rate_scale = unit == DYNO_RATE_UNIT_MIB ? DYNO_RATE_SCALE_MIB : DYNO_RATE_SCALE_MB;
  return style;
}

gboolean
dyno_cli_check_render_room (void)
{
  g_autoptr (GError) error = NULL;

  if (dyno_platform_check_render_room (&error))
    return TRUE;
  dyno_cli_error ("%s", error->message);
  return FALSE;
}

gboolean
dyno_cli_check_fonts (const DynoChartStyle *style)
{
  g_autoptr (GError) error = NULL;

  if (dyno_chart_style_check_font (style, &error))
    return TRUE;
  dyno_cli_error ("%s", error->message);
  return FALSE;
}

int
dyno_cli_save_compare_chart (const char                    *command,
                             const DynoComparison          *comparison,
                             const DynoCompareChartOptions *options,
                             DynoRateUnit                   unit,
                             const char                    *title,
                             double                         width,
                             double                         height,
                             const char                    *path)
{
  g_autoptr (DynoChartStyle) style = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *source = dyno_comparison_describe_source (comparison);
  g_autofree char *names = dyno_comparison_join_names (comparison);
  g_autofree char *default_title = NULL;
  g_autofree char *subtitle = NULL;
  const char *format = dyno_cli_image_format (path);
  DynoChartDecor decor;

  if (format == NULL)
    return dyno_cli_usage_error (command, _("-o: “%s” does not end in .png, .svg or .pdf"), path);
  if (options->kind == DYNO_COMPARE_CHART_FOREST
      && dyno_comparison_get_n_entries (comparison) < 2)
    {
      dyno_cli_error (_("A forest plot needs two runs or folders to put side by side, such as a "
                        "run over two folders (dyno-cli run -d A -d B)"));
      return DYNO_EXIT_FAILED;
    }
  if (options->kind == DYNO_COMPARE_CHART_OVERLAY
      && !dyno_compare_chart_has_samples (comparison, options->phase))
    {
      dyno_cli_error (_("No input has live samples of %s (imported results carry none); "
                        "use --chart bars or cpu"),
                      dyno_phase_get_title (options->phase));
      return DYNO_EXIT_FAILED;
    }

  /* Before the style, whose font starts Pango's threads. */
  if (!dyno_cli_check_render_room ())
    return DYNO_EXIT_FAILED;
  style = dyno_cli_chart_style_new (unit);
  if (!dyno_cli_check_fonts (style))
    return DYNO_EXIT_FAILED;

  switch (options->kind)
    {
    case DYNO_COMPARE_CHART_CPU:
      /* Translators: the default title of a chart; %s lists the runs */
      default_title = g_strdup_printf (_("CPU per phase: %s"), names);
      subtitle = g_strdup (_("Bonnie’s %CPU: CPU time of the I/O threads over elapsed time; "
                             "100 is one core"));
      break;
    case DYNO_COMPARE_CHART_OVERLAY:
      /* Translators: the default title of a chart; a phase, then the runs */
      default_title = g_strdup_printf (_("%s over time: %s"), dyno_phase_get_title (options->phase),
                                       names);
      subtitle = g_strdup (_("The live rate through the phase, every repeat drawn"));
      break;
    case DYNO_COMPARE_CHART_FOREST:
      /* "encrypted vs plain", and how to read the ratios */
      default_title = dyno_compare_chart_forest_title (comparison);
      subtitle = dyno_compare_chart_forest_subtitle (comparison);
      break;
    case DYNO_COMPARE_CHART_BARS:
    default:
      /* Translators: the default title of a chart; %s lists the runs */
      default_title = g_strdup_printf (_("Throughput per phase: %s"), names);
      /* The chart's own note says what the ratios (when they fit) and its marks mean; a
       * subtitle that promised ratios would be wrong whenever they do not fit. */
      subtitle = g_strdup (_("Mean of the repeats"));
      break;
    }

  dyno_chart_decor_init (&decor);
  decor.title = title != NULL ? title : default_title;
  decor.subtitle = subtitle;
  decor.source = source;
  if (!dyno_compare_chart_render_to_file (comparison, options, style, &decor, width, height,
                                          DYNO_COMPARE_CHART_PNG_SCALE, format, path, &error))
    {
      dyno_cli_error ("%s: %s", path, error->message);
      return DYNO_EXIT_FAILED;
    }
  return DYNO_EXIT_OK;
}
#endif

/* ---- compare -------------------------------------------------------------------------- */

void
dyno_cli_take_text_option (const char *option, char **value)
{
  g_autofree char *bytes = *value;
  const char *charset = NULL;

  if (bytes == NULL || g_utf8_validate (bytes, -1, NULL))
    {
      *value = g_steal_pointer (&bytes);
      return;
    }
  /* A terminal in a Latin-1 locale types Latin-1; in the C locale (ASCII) nothing converts. */
  if (!g_get_charset (&charset))
    {
      *value = g_locale_to_utf8 (bytes, -1, NULL, NULL, NULL);
      if (*value != NULL)
        return;
    }
  *value = g_utf8_make_valid (bytes, -1);
  /* TRANSLATORS: the first %s is an option such as --label, the second its repaired value */
  dyno_cli_error (_("warning: %s: the text is not valid UTF-8; using “%s”, with "
                    "U+FFFD for the bytes that are not"),
                  option, *value);
}

char *
dyno_cli_option_error (const GError *error, char **args)
{
  /* GOption converts every string value from the locale's character set and reports a byte it
   * cannot convert without saying whose value it was. */
  if (error->domain != G_CONVERT_ERROR)
    return g_strdup (error->message);
  for (guint i = 1; args != NULL && args[i] != NULL; i++)
    {
      g_autofree char *converted = g_locale_to_utf8 (args[i], -1, NULL, NULL, NULL);
      g_autofree char *shown = NULL;
      g_autofree char *option = NULL;
      const char *eq;

      if (converted != NULL)
        continue;
      shown = g_utf8_make_valid (args[i], -1);
      if (args[i][0] == '-' && (eq = strchr (args[i], '=')) != NULL)
        {
          option = g_strndup (args[i], eq - args[i]);
          g_free (shown);
          shown = g_utf8_make_valid (eq + 1, -1);
        }
      else if (args[i][0] == '-' || i == 1)
        option = g_strdup (shown);
      else
        option = g_utf8_make_valid (args[i - 1], -1);
      /* TRANSLATORS: %s are an option, its value (or the option itself) and why, e.g.
       * "Invalid byte sequence in conversion input" */
      return g_strdup_printf (_("%s: “%s” is not text in this locale's character set (%s)"),
                              option, shown, error->message);
    }
  return g_strdup (error->message);
}

#ifdef DYNO_HAVE_CHARTS
/* --chart: phases, the ids of --phase (or overlay_phase, the one an overlay draws); phase,
 * the text given, for the message. */
static int
save_chart (DynoComparison       *comparison,
            DynoCompareChartKind  kind,
            GPtrArray            *phases,
            const DynoPhase      *overlay_phase,
            const char           *phase,
            DynoRateUnit          rate_unit,
            const char           *title,
            double                width,
            double                height,
            const char           *output)
{
  DynoCompareChartOptions options;

  dyno_compare_chart_options_init (&options, kind);
  options.phases = phases;
  options.phase = overlay_phase;
  if (phases != NULL)
    {
      g_autoptr (GPtrArray) ran = dyno_comparison_get_phases (comparison);
      gboolean any = FALSE;

      for (guint i = 0; i < phases->len && !any; i++)
        any = g_ptr_array_find (ran, g_ptr_array_index (phases, i), NULL);
      if (!any)
        {
          dyno_cli_error (_("--phase: none of the inputs ran %s"), phase);
          return DYNO_EXIT_FAILED;
        }
    }
  return dyno_cli_save_compare_chart ("compare", comparison, &options, rate_unit, title, width,
                                      height, output);
}
#endif

/* Whether any target of the inputs knows its data spindles (an array, or --per-spindle). */
static gboolean
any_spindles (GPtrArray *results)
{
  for (guint i = 0; i < results->len; i++)
    for (guint t = 0; t < dyno_result_get_n_targets (g_ptr_array_index (results, i)); t++)
      {
        guint r, w;

        if (dyno_array_target_spindles (dyno_result_get_target (g_ptr_array_index (results, i), t),
                                        &r, &w, NULL))
          return TRUE;
      }
  return FALSE;
}

/* --equivalence "5%", "5 %", "2.5": a share between 0.001 and 0.99; FALSE when not one. */
static gboolean
parse_equivalence (const char *text, double *out)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end = NULL;
  double value;

  if (g_str_has_suffix (copy, "%"))
    copy[strlen (copy) - 1] = '\0';
  g_strchomp (copy);
  if (*copy == '\0')
    return FALSE;
  value = g_ascii_strtod (copy, &end);
  if (end == copy || *end != '\0' || !isfinite (value) || value < 0.1 || value > 99)
    return FALSE;
  *out = value / 100;
  return TRUE;
}

/* --baseline N|NAME; FALSE, with the usage error said, when no run is called so. */
static gboolean
set_baseline (DynoComparison *comparison, const char *baseline)
{
  g_autoptr (GString) names = NULL;
  guint entry;

  if (dyno_comparison_find_entry (comparison, baseline, &entry))
    {
      dyno_comparison_set_baseline (comparison, entry);
      return TRUE;
    }
  names = g_string_new (NULL);
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    g_string_append_printf (names, "%s%u “%s”", e ? ", " : "", e + 1,
                            dyno_comparison_get_name (comparison, e));
  dyno_cli_usage_error ("compare", _("--baseline: no run is called or numbered “%s”; "
                                     "the runs are %s"),
                        baseline, names->str);
  return FALSE;
}

/* The table in the format asked for, with the headlines and the per-spindle lines of the
 * text one. */
static int
write_table (DynoComparison   *comparison,
             GPtrArray        *results,
             DynoCompareFormat compare_format,
             DynoRateUnit      rate_unit,
             guint             read_spindles,
             guint             write_spindles,
             double            read_reference,
             double            write_reference,
             const char       *output)
{
  g_autofree char *table = dyno_comparison_format (comparison, compare_format, rate_unit);
  g_autoptr (GString) text = g_string_new (NULL);

  /* The answer before the table, for people; machine formats stay as they are. */
  if (compare_format == DYNO_COMPARE_FORMAT_TEXT)
    append_headlines (text, comparison);
  g_string_append (text, table);
  /* The seed's arithmetic: what each data spindle of the array does, against one drive.
   * Without --per-spindle, the targets on an array (or run with --per-spindle) have their
   * own spindles, and without --reference their stored reference; only in the text table,
   * whose lines the machine formats have no place for. */
  for (guint i = 0, n = 0; compare_format == DYNO_COMPARE_FORMAT_TEXT && i < results->len; i++)
    {
      g_autofree char *lines
          = dyno_array_format_result_per_spindle (g_ptr_array_index (results, i), read_spindles,
                                                  write_spindles, read_reference,
                                                  write_reference);

      if (lines == NULL || lines[0] == '\0')
        continue;
      if (n++ == 0)
        /* TRANSLATORS: heading of the per-spindle lines after a comparison table */
        g_string_append (text, _("\nPer data spindle:\n"));
      g_string_append (text, lines);
    }
  /* Text and Markdown are for people: in the locale's charset on standard output. CSV, HTML
   * (which declares UTF-8) and JSON are files for programs, in UTF-8 wherever they go. */
  if (compare_format == DYNO_COMPARE_FORMAT_TEXT || compare_format == DYNO_COMPARE_FORMAT_MARKDOWN)
    return dyno_cli_write_human_text (output, text->str) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
  return dyno_cli_write_text (output, text->str) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}

/* N or N:W data spindles (1 to 100000), as --per-spindle takes them. */
static gboolean
parse_spindles (const char *text, guint *read, guint *write)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 3);
  guint64 r = 0, w = 0;

  if (g_strv_length (parts) > 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 1, 100000, &r, NULL)
      || (parts[1] != NULL && !g_ascii_string_to_unsigned (parts[1], 10, 1, 100000, &w, NULL)))
    return FALSE;
  *read = (guint) r;
  *write = parts[1] != NULL ? (guint) w : (guint) r;
  return TRUE;
}

/* The chart options as given, and what they make. */
typedef struct
{
  char *const *chart;
  const char *output;
  const char *format;
  const char *phase;
  const char *title;
  const char *chart_size;
  double *width, *height;
  int *kind;
  GPtrArray **phases;
  const DynoPhase **overlay_phase;
} ChartArgs;

/* Checks --chart and the options that go with it; -1 when they are right, else the exit
 * status of the usage error said. */
static int
check_chart_options (ChartArgs *c)
{
  g_autoptr (GError) error = NULL;
  const char *chart = *c->chart;

  if (chart != NULL)
    {
#ifdef DYNO_HAVE_CHARTS
      DynoCompareChartKind k;

      if (!dyno_compare_chart_kind_from_string (chart, &k))
        return dyno_cli_usage_error ("compare",
                                     _("--chart: “%s” is not bars, cpu, overlay or forest"),
                                     chart);
      *c->kind = k;
#else
      return dyno_cli_no_charts ("compare");
#endif
    }
  if (chart != NULL && c->output == NULL)
    return dyno_cli_usage_error ("compare", _("--chart needs -o FILE.png, .svg or .pdf"));
  if (chart != NULL && c->format != NULL)
    return dyno_cli_usage_error ("compare", _("--chart and --format exclude each other: a chart "
                                              "takes its format from the -o file name"));
  if (chart == NULL && (c->phase != NULL || c->title != NULL || c->chart_size != NULL))
    return dyno_cli_usage_error ("compare", _("--phase, --title and --chart-size need --chart"));
  if (!dyno_cli_parse_chart_size (c->chart_size, c->width, c->height))
    return dyno_cli_usage_error ("compare", _("--chart-size: “%s” is not WIDTHxHEIGHT in points, "
                                              "100 to 8000 each"),
                                 c->chart_size);
  if (c->phase != NULL)
    {
      if (chart != NULL && g_ascii_strcasecmp (chart, "overlay") == 0)
        {
          *c->overlay_phase = dyno_phase_lookup (c->phase);
          if (*c->overlay_phase == NULL)
            return dyno_cli_usage_error ("compare", _("--phase: “%s” is not a phase id"),
                                         c->phase);
        }
      else if (!dyno_parse_tests (c->phase, c->phases, &error))
        return dyno_cli_usage_error ("compare", "--phase: %s", error->message);
    }
  return -1;
}

int
dyno_cli_compare (int argc, char **argv)
{
  g_autofree char *baseline = NULL;
  g_autofree char *format = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *chart = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *output = NULL;
  g_autofree char *title = NULL;
  g_autofree char *chart_size = NULL;
  g_autofree char *per_spindle = NULL;
  g_autofree char *reference = NULL;
  g_autofree char *equivalence = NULL;
  double margin = DYNO_COMPARE_DEFAULT_EQUIVALENCE;
  guint read_spindles = 0, write_spindles = 0;
  double read_reference = NAN, write_reference = NAN;
  g_auto (GStrv) files = NULL;
  g_auto (GStrv) args = NULL;
  const GOptionEntry entries[] = {
    { "baseline", 'b', 0, G_OPTION_ARG_FILENAME, &baseline,
      N_("The run the others are divided by: its number in the order given, or its name "
         "(default: the first that is neither encrypted nor remote, else the first)"),
      N_("N|NAME") },
    { "equivalence", 0, 0, G_OPTION_ARG_STRING, &equivalence,
      /* xgettext:no-c-format */
      N_("The difference too small to matter: a ratio whose 95 % interval lies within ±N % is "
         "“no difference larger than N %” (equivalent); one that holds ×1 and reaches past it, "
         "inconclusive (default 5 %)"),
      N_("N%") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("Table format (default text), or a report to publish: one HTML page (report) or a "
         "PDF (report-pdf) with the answer, the tables, the charts, the machine and the method"),
      N_("text|md|csv|html|json|report|report-pdf") },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit, N_("Units of the rates (default mb)"),
      N_("mb|mib|kib") },
    { "chart", 0, 0, G_OPTION_ARG_STRING, &chart,
      N_("Draw a chart into the -o file instead of a table"), N_("bars|cpu|overlay|forest") },
    { "phase", 0, 0, G_OPTION_ARG_STRING, &phase,
      N_("Phases of a bars, cpu or forest chart (a --tests list), or the one phase of an overlay "
         "(default write)"),
      N_("ID|LIST") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write to FILE (.png, .svg or .pdf for a chart) instead of standard output"),
      N_("FILE") },
    { "title", 0, 0, G_OPTION_ARG_FILENAME, &title, N_("Title of the chart"), N_("TEXT") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, &chart_size,
      N_("Size of the chart in points (default 1200x675; PNG at twice that in pixels)"),
      N_("WxH") },
    { "per-spindle", 0, 0, G_OPTION_ARG_STRING, &per_spindle,
      N_("After the table, every throughput per data spindle of an array: N spindles for "
         "reads and writes, or N:W when writes have W (a RAID6 of 11: 9)"),
      N_("N[:W]") },
    { "reference", 0, 0, G_OPTION_ARG_STRING, &reference,
      N_("What one drive does alone, read[,write], e.g. 93M or 93M,70M, for the per-spindle "
         "lines (default: the one the run stored); each figure then gets its efficiency"),
      N_("RATE[,RATE]") },
    /* No arg_description: GLib would put it in the usage line before the context's own
     * "FILE… —", which already names the files: "FILE… FILE…". */
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (DynoComparison) comparison = NULL;
  DynoCompareFormat compare_format = DYNO_COMPARE_FORMAT_TEXT;
  DynoRateUnit rate_unit = DYNO_RATE_UNIT_MB;
  gboolean report = FALSE;
  gboolean report_pdf = FALSE;
  double width = 1200;
  double height = 675;
  g_autoptr (GPtrArray) phases = NULL;
  const DynoPhase *overlay_phase = dyno_phase_lookup ("write");
  int kind = -1;
  int status;

  g_set_prgname ("dyno-cli compare");
  context = g_option_context_new (_("FILE… — runs side by side, with ratios to a baseline"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads Dyno result files, bonnie++ CSV or text and Bonnie tables "
                                  "(every run in each file) and prints one row per run and "
                                  "target, with each figure's ratio to the baseline and its "
                                  "verdict: slower, faster, no difference larger than the "
                                  "equivalence margin, or inconclusive."));
  g_option_context_set_description (context,
                                    _("Examples:\n"
                                      "  dyno-cli compare plain.json luks.json --format md\n"
                                      "  dyno-cli compare bray.txt --baseline NoFV --chart bars "
                                      "-o bars.png\n"
                                      "  dyno-cli compare plain.json encrypted.json --chart forest "
                                      "-o answer.png\n"
                                      "  dyno-cli compare run.dyno.json --baseline plain "
                                      "--equivalence 2%\n"
                                      "  dyno-cli compare plain.json encrypted.json --format "
                                      "report -o report.html\n\n"
                                      "Exit status: 0 success, 1 an input could not be read, "
                                      "2 usage error.\n"));
  args = g_strdupv (argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_autofree char *message = dyno_cli_option_error (error, args);

      return dyno_cli_usage_error ("compare", "%s", message);
    }
  /* Names and titles are taken as bytes: a C locale would refuse any accent. */
  dyno_cli_take_text_option ("--baseline", &baseline);
  dyno_cli_take_text_option ("--title", &title);
  if (dyno_cli_find_empty (files) >= 0)
    return dyno_cli_empty_name_error ("compare", "FILE");
  if (files == NULL || files[0] == NULL)
    return dyno_cli_usage_error ("compare", _("No result files given"));

  if (format != NULL && dyno_cli_report_format_from_string (format, &report_pdf))
    report = TRUE;
  else if (format != NULL && !dyno_compare_format_from_string (format, &compare_format))
    return dyno_cli_usage_error ("compare", _("--format: “%s” is not text, md, csv, html, json, "
                                              "report or report-pdf"),
                                 format);
  if (unit != NULL && !dyno_rate_unit_from_string (unit, &rate_unit))
    return dyno_cli_usage_error ("compare", _("--unit: “%s” is not mb, mib or kib"), unit);
  status = check_chart_options (&(ChartArgs) { &chart, output, format, phase, title, chart_size,
                                               &width, &height, &kind, &phases,
                                               &overlay_phase });
  if (status >= 0)
    return status;

  if (equivalence != NULL && !parse_equivalence (equivalence, &margin))
    return dyno_cli_usage_error ("compare", _("--equivalence: “%s” is not a percentage between "
                                              "0.1 and 99, such as 5%%"),
                                 equivalence);
  if (reference != NULL
      && !dyno_array_parse_reference (reference, &read_reference, &write_reference, &error))
    return dyno_cli_usage_error ("compare", "--reference: %s", error->message);
  if (per_spindle != NULL)
    {
      if (chart != NULL || report
          || (format != NULL && compare_format != DYNO_COMPARE_FORMAT_TEXT))
        return dyno_cli_usage_error ("compare", _("--per-spindle goes with the text table, not "
                                                  "with --chart or another --format"));
      if (!parse_spindles (per_spindle, &read_spindles, &write_spindles))
        return dyno_cli_usage_error ("compare", _("--per-spindle: “%s” is not a number of data "
                                                  "spindles N or N:W (1 to 100000)"),
                                     per_spindle);
    }

  /* Fills compare with fills, as curves and segments (dyno-cli-fill-files.c). */
  switch (dyno_cli_fill_inputs (files))
    {
    case DYNO_CLI_FILL_ALL:
      if (baseline != NULL || phase != NULL || per_spindle != NULL || reference != NULL)
        return dyno_cli_usage_error ("compare", _("--baseline, --phase, --per-spindle and "
                                                  "--reference are for runs, not fills"));
      return dyno_cli_fill_compare (files, format, chart, output, title, width, height);
    case DYNO_CLI_FILL_MIXED:
      return dyno_cli_fill_mixed_error ("compare");
    case DYNO_CLI_FILL_NONE:
    default:
      break;
    }

  results = dyno_cli_load_inputs (files, DYNO_IMPORT_AUTO);
  if (results == NULL)
    return DYNO_EXIT_FAILED;
  /* --reference alone divides by the spindles the inputs know (an array, or the run's
   * --per-spindle); with none, it has nothing to work on. */
  if (reference != NULL && per_spindle == NULL && !any_spindles (results))
    return dyno_cli_usage_error ("compare", _("--reference needs --per-spindle N: no input "
                                              "is on an array Dyno knows"));

  comparison = dyno_comparison_new ();
  for (guint i = 0; i < results->len; i++)
    dyno_comparison_add_result (comparison, g_ptr_array_index (results, i));
  if (dyno_comparison_get_n_entries (comparison) == 0)
    {
      dyno_cli_error (_("Nothing to compare: the inputs hold no measured phase"));
      return DYNO_EXIT_FAILED;
    }
  /* A session over several folders reads "plain vs encrypted", as in the app. */
  dyno_comparison_name_by_folder (comparison);

  if (baseline != NULL && !set_baseline (comparison, baseline))
    return DYNO_EXIT_USAGE;
  dyno_comparison_set_equivalence (comparison, margin);

  if (kind >= 0)
#ifdef DYNO_HAVE_CHARTS
    return save_chart (comparison, kind, phases, overlay_phase, phase, rate_unit, title, width,
                       height, output);
#else
    return dyno_cli_no_charts ("compare");
#endif

  if (report)
    return dyno_cli_write_report ("compare", comparison, report_pdf, rate_unit, output);

  return write_table (comparison, results, compare_format, rate_unit, read_spindles,
                      write_spindles, read_reference, write_reference, output);
}
