/* dyno-compare-format.c: a comparison as text, Markdown, bonnie++ CSV, HTML and JSON
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every format shows the same figure per entry and phase: the mean rate over the runs that
 * were not too fast (DynoCompareCell.rate), so a table, its CSV and its chart agree.
 *
 * - TEXT: Bonnie's layout, one row per entry (rate and %CPU per phase) and, under each entry
 *   but the baseline, a row "÷ BASELINE" of ratios. "≈" marks a ratio with no difference
 *   larger than the equivalence margin, "?" an inconclusive one (dyno-compare-verdict.c).
 *   When every ratio rests on single runs (Bray's tables, most bonnie++ logs) a legend line
 *   says so once rather than marking every cell; in a mix, "?" marks the single-run ratios
 *   too: neither can tell.
 * - MARKDOWN: a GitHub table per group of phases, the unit in each header, the ratio in
 *   parentheses after the figure, with the same marks and legend.
 * - CSV: bonnie++ 1.98, one line per entry holding the means (not the first repeat), named
 *   with the entry's name so that bon_csv2html's rows match the other formats. A phase too fast
 *   in every repeat is "+++++", as bonnie++ writes it.
 * - HTML: a standalone page with its CSS in a <style> element: one table per group of phases,
 *   each with a caption, units in the headers, ratios and noise marks, then the legend and the
 *   source line.
 * - JSON: {"format": "dyno-comparison", "version": 1, …}: the entries, and per phase the
 *   cells with rates in B/s or ops/s, ratios and the difference as a string.
 *
 * A figure that may come from a cache below its target, which Dyno could neither evict nor
 * check (DynoPhaseResult.cache_doubt), is marked "†" after it in text, Markdown and HTML, as
 * bonnie++ marks what it cannot trust with "+++++", and the legend names each reason once; a
 * ratio resting on such a figure (the entry's or the baseline's) is marked "†" too, since it
 * decides no verdict. JSON gives the reason per cell ("cache_doubt"). bonnie++'s CSV has fixed
 * columns of numbers and no place for it: a mark there would break its readers.
 *
 * An entry with a price (dyno-cli run --price) gets, in text, Markdown and HTML, a row "per
 * USD" under its own of each figure divided by the amount, in its own currency (entries in
 * different currencies are never divided into each other); in JSON a "price" and per cell a
 * "per_price". bonnie++'s CSV has no place for it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-text-table-private.h"
#include "dyno-compare.h"
#include "dyno-enum.h"
#include "dyno-formats-enums.h"
#include "dyno-report.h"

#define MIN_LABEL_WIDTH 19
#define MAX_LABEL_WIDTH 40
#define RATE_WIDTH 8
#define CPU_WIDTH 3
#define COLUMN_WIDTH (1 + RATE_WIDTH + 1 + CPU_WIDTH)

#define MARK_EQUIVALENT "≈"
#define MARK_INCONCLUSIVE "?"
#define MARK_SINGLE "?"
#define MARK_CACHE "†"

/* Bonnie's tables: the data file's phases, the file tests, then the queued tests. Header
 * tokens are kept as bonnie++ prints them, untranslated, as dyno_report_text does, so tables
 * from different locales compare column for column. */
static DynoUnit
table_unit (DynoTextTable table)
{
  return table == DYNO_TEXT_TABLE_FILES ? DYNO_UNIT_OPS : DYNO_UNIT_BYTES;
}

/* A group's banner, or its short form when the full one does not fit over its columns. */
static const char *
group_banner (const DynoPhase *first, guint width)
{
  const DynoPhaseGroup *group = first->kind->group;

  return g_utf8_strlen (group->title, -1) < width ? group->title : group->short_title;
}

/* What the marks and the legend need to know about the whole comparison. */
typedef struct
{
  gboolean any_equivalent;
  gboolean any_inconclusive;
  gboolean any_single;
  gboolean any_significant;
  gboolean any_too_fast;
  gboolean all_single; /* every known ratio rests on a single run */
  GPtrArray *doubts;   /* interned: each distinct cache_doubt of a figure, in table order */
} Summary;

static void
summary_clear (Summary *summary)
{
  g_clear_pointer (&summary->doubts, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Summary, summary_clear)

/* Why the entry's own figure, not its baseline's, may come from a cache below; NULL when it
 * does not. A cell's cache_doubt holds either side's, which spoils the ratio, but only the
 * figure that itself may come from RAM is marked. */
static const char *
own_doubt (const DynoComparison *comparison, guint entry, const DynoPhase *id)
{
  const DynoPhaseResult *phase = dyno_comparison_get_phase_result (comparison, entry, id);

  return phase != NULL ? phase->cache_doubt : NULL;
}

static void
summarize (const DynoComparison *comparison, Summary *summary)
{
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  guint known = 0;
  guint single = 0;

  memset (summary, 0, sizeof *summary);
  summary->doubts = g_ptr_array_new ();
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    for (guint c = 0; c < phases->len; c++)
      {
        const char *doubt = own_doubt (comparison, e, g_ptr_array_index (phases, c));
        DynoCompareCell cell;

        dyno_comparison_get_cell (comparison, e, g_ptr_array_index (phases, c), &cell);
        summary->any_too_fast |= cell.too_fast;
        if (doubt != NULL && !g_ptr_array_find (summary->doubts, doubt, NULL))
          g_ptr_array_add (summary->doubts, (gpointer) doubt);
        switch (cell.difference)
          {
          case DYNO_DIFFERENCE_WITHIN_NOISE:
            if (dyno_compare_cell_get_verdict (&cell) == DYNO_VERDICT_EQUIVALENT)
              summary->any_equivalent = TRUE;
            else
              summary->any_inconclusive = TRUE;
            known++;
            break;
          case DYNO_DIFFERENCE_SINGLE_SAMPLE:
            summary->any_single = TRUE;
            single++;
            known++;
            break;
          case DYNO_DIFFERENCE_SIGNIFICANT:
            summary->any_significant = TRUE;
            known++;
            break;
          case DYNO_DIFFERENCE_BASELINE:
          case DYNO_DIFFERENCE_UNKNOWN:
          default:
            break;
          }
      }
  summary->all_single = known > 0 && single == known;
}

/* The mark after a ratio: "†" when a figure under it may come from a cache below, "≈" no
 * difference larger than the margin, "?" inconclusive or a single run (unless all are), ""
 * for a difference. */
static const char *
ratio_mark (const DynoCompareCell *cell, const Summary *summary)
{
  if (cell->cache_doubt != NULL)
    return MARK_CACHE;
  if (dyno_compare_cell_get_verdict (cell) == DYNO_VERDICT_EQUIVALENT)
    return MARK_EQUIVALENT;
  if (dyno_compare_cell_get_verdict (cell) == DYNO_VERDICT_INCONCLUSIVE)
    return MARK_INCONCLUSIVE;
  if (cell->difference == DYNO_DIFFERENCE_SINGLE_SAMPLE && !summary->all_single)
    return MARK_SINGLE;
  return "";
}

/* ---- shared helpers ------------------------------------------------------------------- */

/* Control characters would break a line or a column. */
static char *
clean_text (const char *text)
{
  char *clean = g_utf8_make_valid (text ? text : "", -1);

  for (char *p = clean; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';
  return clean;
}

/* The figure in the display unit, "+++++" when too fast, NULL when there is none. */
static char *
format_rate (const DynoCompareCell *cell, const DynoPhase *id, DynoRateUnit unit)
{
  double value;

  if (cell->too_fast)
    return g_strdup ("+++++");
  if (!isfinite (cell->rate))
    return NULL;
  value = cell->rate / dyno_text_display_scale (id, unit);
  return g_strdup_printf ("%.*f", dyno_text_rate_decimals (id, unit, value), value);
}

static char *
format_cpu (const DynoCompareCell *cell)
{
  if (cell->too_fast)
    return g_strdup ("+++");
  if (!isfinite (cell->cpu_percent) || cell->cpu_percent < 0)
    return g_strdup ("");
  return g_strdup_printf ("%d", (int) MIN (floor (cell->cpu_percent + 0.5), 999));
}

/* A rate per currency unit, in the table's unit (MB/s or ops/s per USD): three significant
 * digits, "0.12", "3.45", "1234"; NULL without a figure. Fits RATE_WIDTH. */
static char *
format_per_price (const DynoCompareCell *cell, const DynoPhase *id, DynoRateUnit unit)
{
  double value;
  int decimals;

  if (cell->too_fast || !isfinite (cell->per_price))
    return NULL;
  value = cell->per_price / dyno_text_display_scale (id, unit);
  if (value <= 0)
    return g_strdup ("0");
  if (value < 0.001)
    return g_strdup_printf ("%.2e", value);
  decimals = MAX (0, 2 - (int) floor (log10 (value)));
  return g_strdup_printf ("%.*f", decimals, value);
}

/* The figure of a priced entry's row for one phase, or NULL. */
static char *
entry_per_price (const DynoComparison *comparison, guint entry, const DynoPhase *id,
                 DynoRateUnit unit)
{
  DynoCompareCell cell;

  dyno_comparison_get_cell (comparison, entry, id, &cell);
  return format_per_price (&cell, id, unit);
}

/* Translated: "per USD", the label of a priced entry's row of rates per currency unit. */
static char *
per_price_label (const DynoComparison *comparison, guint entry)
{
  const char *currency = NULL;

  if (!dyno_comparison_get_price (comparison, entry, NULL, &currency))
    return NULL;
  /* Translators: the label of a comparison row that divides each figure by the entry's
   * price; %s is a currency code such as USD: "per USD" */
  return g_strdup_printf (_("per %s"), currency);
}

static const char *
unit_label (const DynoPhase *phase, DynoRateUnit unit)
{
  return dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? dyno_rate_unit_label (unit) : "/sec";
}

static const char *
phase_unit_label (const DynoPhase *id, DynoRateUnit unit)
{
  if (dyno_phase_get_unit (id) == DYNO_UNIT_BYTES)
    return dyno_rate_unit_label (unit);
  /* Markdown and HTML are for people, in their language (Bonnie's text table keeps its
   * "/sec"). */
  return dyno_phase_has_flag (id, DYNO_PHASE_FILE_TEST)
             /* Translators: the unit of a file test's rate in a comparison table */
             ? _("files/s")
             /* Translators: the unit of the random seeks' rate in a comparison table */
             : _("seeks/s");
}

/* bonnie++'s print_size(): the data file in whole MiB, or GiB when exact: "1000M", "4G". */
static char *
format_file_size (guint64 bytes)
{
  guint64 mib = (bytes + (G_GUINT64_CONSTANT (1) << 19)) >> 20;

  if (mib == 0 && bytes > 0)
    mib = 1;
  if (mib != 0 && mib % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "G", mib / 1024);
  return g_strdup_printf ("%" G_GUINT64_FORMAT "M", mib);
}

/* What goes right of the name in Bonnie's label column: the file size, or the file count. */
static char *
entry_spec (const DynoComparison *comparison, guint entry, DynoTextTable table)
{
  const DynoConfig *config = dyno_result_get_config (dyno_comparison_get_result (comparison,
                                                                                 entry));
  /* The size this entry's target wrote, which its own sizing knows; not the configuration's,
   * which holds only the largest of a run's targets. */
  guint64 size = dyno_comparison_get_data_size (comparison, entry);

  if (table == DYNO_TEXT_TABLE_OTHER)
    return g_strdup ("");
  if (table_unit (table) == DYNO_UNIT_BYTES)
    return size > 0 ? format_file_size (size) : g_strdup ("");
  guint num = dyno_config_get_files (config)->num;

  return num > 0 ? g_strdup_printf ("%u", num) : g_strdup ("");
}

/* "† may come from a cache below: …": each reason once, as the paired table's footnote says
 * it; a figure of a single entry may carry one too. */
static void
append_doubts (GString *out, const Summary *summary)
{
  for (guint i = 0; i < summary->doubts->len; i++)
    {
      g_autofree char *doubt = clean_text (g_ptr_array_index (summary->doubts, i));

      /* Translators: a footnote under a table; %s says why a figure may come from RAM */
      g_string_append_printf (out, _("† %s: no verdict from this figure\n"), doubt);
    }
}

/* The legend under a table, one sentence per line. */
static void
append_legend (GString *out, const DynoComparison *comparison, const Summary *summary)
{
  g_autofree char *base = NULL;

  if (dyno_comparison_get_n_entries (comparison) < 2)
    {
      append_doubts (out, summary);
      return;
    }
  base = clean_text (dyno_comparison_get_name (comparison,
                                               dyno_comparison_get_baseline (comparison)));
  g_string_append_printf (out,
                          /* Translators: the legend of a comparison table; %s is the
                           * baseline's name */
                          _("×: each figure divided by the same figure of %s, the baseline."),
                          base);
  g_string_append_c (out, '\n');
  if (summary->any_equivalent)
    {
      g_autofree char *margin = dyno_compare_format_margin (
          dyno_comparison_get_equivalence (comparison));

      g_string_append_printf (out,
                              /* Translators: the legend of a comparison table; the first %s is
                               * a mark, the others the equivalence margin, "5" */
                              _("%s: no difference larger than %s %%: the ratio’s 95 %% "
                                "interval lies within ±%s %%."),
                              MARK_EQUIVALENT, margin, margin);
      g_string_append_c (out, '\n');
    }
  if (summary->any_inconclusive)
    {
      g_autofree char *margin = dyno_compare_format_margin (
          dyno_comparison_get_equivalence (comparison));

      g_string_append_printf (out,
                              /* Translators: the legend of a comparison table; the first %s is
                               * a mark, the second the equivalence margin, "5" */
                              _("%s: inconclusive: the ratio’s 95 %% interval holds ×1 and "
                                "reaches past ±%s %%; more repeats would tell."),
                              MARK_INCONCLUSIVE, margin);
      g_string_append_c (out, '\n');
    }
  if (summary->all_single)
    {
      g_string_append (out, _("Single runs: a ratio cannot tell a real difference from noise; "
                              "repeat each run (dyno-cli run -x 3) to know."));
      g_string_append_c (out, '\n');
    }
  else if (summary->any_single)
    {
      g_string_append_printf (out,
                              /* Translators: the legend of a comparison table; %s is a mark */
                              _("%s: a single run on one side: noise unknown."), MARK_SINGLE);
      g_string_append_c (out, '\n');
    }
  if (summary->any_too_fast)
    {
      g_string_append_printf (out,
                              _("+++++: the phase took less than %.1f s, too fast to measure "
                                "reliably."),
                              DYNO_TOO_FAST_SECONDS);
      g_string_append_c (out, '\n');
    }
  append_doubts (out, summary);
  /* A ratio of different work is not a ratio of the targets: under the table it is read with. */
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      g_autofree char *work = dyno_comparison_describe_work (comparison, e);
      g_autofree char *clean = NULL;

      if (work == NULL)
        continue;
      clean = clean_text (work);
      g_string_append (out, clean);
      g_string_append_c (out, '\n');
    }
}

/* ---- text ----------------------------------------------------------------------------- */

static guint
text_label_width (const DynoComparison *comparison, DynoTextTable table)
{
  guint width = MIN_LABEL_WIDTH;
  guint n = dyno_comparison_get_n_entries (comparison);

  for (guint e = 0; e < n; e++)
    {
      g_autofree char *name = clean_text (dyno_comparison_get_name (comparison, e));
      g_autofree char *spec = entry_spec (comparison, e, table);

      width = MAX (width, g_utf8_strlen (name, -1) + 1 + g_utf8_strlen (spec, -1) + 1);
    }
  if (n > 1)
    {
      g_autofree char *base = clean_text (dyno_comparison_get_name (
          comparison, dyno_comparison_get_baseline (comparison)));

      width = MAX (width, g_utf8_strlen (base, -1) + 3);
    }
  return MIN (width, MAX_LABEL_WIDTH);
}

static void
append_text_table (GString *out, const DynoComparison *comparison, DynoTextTable table,
                   GPtrArray *cols, DynoRateUnit unit, const Summary *summary)
{
  guint width = text_label_width (comparison, table);
  guint n = dyno_comparison_get_n_entries (comparison);
  guint baseline = dyno_comparison_get_baseline (comparison);
  g_autofree char *base = clean_text (dyno_comparison_get_name (comparison, baseline));
  g_autofree char *ratio_label = g_strdup_printf ("÷ %s", base);

  /* The banners over the groups that have a column. */
  dyno_text_append_padded (out, table == DYNO_TEXT_TABLE_IO ? "dyno " PACKAGE_VERSION : "",
                           width - 1, FALSE);
  for (guint c = 0, end; c < cols->len; c = end)
    {
      guint banner_width;

      end = dyno_text_group_end (cols, c);
      banner_width = (end - c) * COLUMN_WIDTH - 1;
      dyno_text_append_banner (out, group_banner (g_ptr_array_index (cols, c), banner_width),
                               banner_width);
    }
  g_string_append_c (out, '\n');

  dyno_text_append_padded (out, "", width - 1, FALSE);
  for (guint c = 0; c < cols->len; c++)
    dyno_text_append_banner (out, dyno_text_column_title (g_ptr_array_index (cols, c)),
                             COLUMN_WIDTH - 1);
  g_string_append_c (out, '\n');

  dyno_text_append_padded (out,
                           table == DYNO_TEXT_TABLE_FILES   ? "Name:Files"
                           : table == DYNO_TEXT_TABLE_OTHER ? "Name"
                                                            : "Name:Size",
                           width - 1, FALSE);
  for (guint c = 0; c < cols->len; c++)
    {
      g_string_append_c (out, ' ');
      dyno_text_append_padded (out, unit_label (g_ptr_array_index (cols, c), unit), RATE_WIDTH,
                               TRUE);
      g_string_append (out, " %CP");
    }
  g_string_append_c (out, '\n');

  for (guint e = 0; e < n; e++)
    {
      g_autofree char *name = clean_text (dyno_comparison_get_name (comparison, e));
      g_autofree char *spec = entry_spec (comparison, e, table);
      g_autofree char *per_price = NULL;

      dyno_text_append_name_and_spec (out, name, spec, width - 1);
      for (guint c = 0; c < cols->len; c++)
        {
          const DynoPhase *id = g_ptr_array_index (cols, c);
          DynoCompareCell cell;
          g_autofree char *rate = NULL;
          g_autofree char *cpu = NULL;

          dyno_comparison_get_cell (comparison, e, id, &cell);
          rate = format_rate (&cell, id, unit);
          cpu = rate ? format_cpu (&cell) : g_strdup ("");
          if (rate != NULL && own_doubt (comparison, e, id) != NULL)
            {
              char *marked = g_strconcat (rate, MARK_CACHE, NULL);

              g_free (rate);
              rate = marked;
            }
          g_string_append_c (out, ' ');
          /* A marked figure wider than its column pushes the row right rather than lose
           * its mark to the cut. */
          if (rate != NULL && g_utf8_strlen (rate, -1) > RATE_WIDTH)
            g_string_append (out, rate);
          else
            dyno_text_append_padded (out, rate ? rate : "", RATE_WIDTH, TRUE);
          g_string_append_c (out, ' ');
          dyno_text_append_padded (out, cpu, CPU_WIDTH, TRUE);
        }
      g_string_append_c (out, '\n');

      per_price = per_price_label (comparison, e);
      if (per_price != NULL)
        {
          /* Each figure divided by the entry's price, in its own currency. */
          dyno_text_append_padded (out, per_price, width - 1, FALSE);
          for (guint c = 0; c < cols->len; c++)
            {
              g_autofree char *value
                  = entry_per_price (comparison, e, g_ptr_array_index (cols, c), unit);

              g_string_append_c (out, ' ');
              dyno_text_append_padded (out, value ? value : "", RATE_WIDTH, TRUE);
              g_string_append (out, "    ");
            }
          while (out->len > 0 && out->str[out->len - 1] == ' ')
            g_string_truncate (out, out->len - 1);
          g_string_append_c (out, '\n');
        }

      if (e == baseline)
        continue;
      dyno_text_append_padded (out, ratio_label, width - 1, FALSE);
      for (guint c = 0; c < cols->len; c++)
        {
          DynoCompareCell cell;
          g_autofree char *ratio = NULL;

          dyno_comparison_get_cell (comparison, e, g_ptr_array_index (cols, c), &cell);
          ratio = isfinite (cell.ratio) ? dyno_compare_format_ratio (cell.ratio) : g_strdup ("");
          g_string_append_c (out, ' ');
          dyno_text_append_padded (out, ratio, RATE_WIDTH, TRUE);
          g_string_append_c (out, ' ');
          dyno_text_append_padded (out, ratio_mark (&cell, summary), CPU_WIDTH, FALSE);
        }
      /* Trailing blanks of the mark column are noise in a pasted table. */
      while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }
}

static char *
format_text (const DynoComparison *comparison, DynoRateUnit unit)
{
  GString *out = g_string_new (NULL);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  g_auto (Summary) summary = { 0 };
  gboolean first = TRUE;

  summarize (comparison, &summary);
  for (DynoTextTable t = 0; t < DYNO_TEXT_N_TABLES; t++)
    {
      g_autoptr (GPtrArray) cols = dyno_text_table_columns (phases, t);

      if (cols->len == 0)
        continue;
      if (!first)
        g_string_append_c (out, '\n');
      append_text_table (out, comparison, t, cols, unit, &summary);
      first = FALSE;
    }
  append_legend (out, comparison, &summary);
  return g_string_free (out, FALSE);
}

/* ---- Markdown ------------------------------------------------------------------------- */

/* A label or a note as literal Markdown text. A table cell holds no newline and no bare pipe;
 * renderers pass inline HTML through, so <, > and & become entities (a label "<script>" or
 * "<img onerror=…>" is shown, never run); the other characters that start emphasis, code,
 * links, images or strikethrough are escaped with a backslash, and so is a "#" that would start
 * a heading. */
static void
append_md_text (GString *out, const char *text)
{
  g_autofree char *clean = clean_text (text);

  for (const char *p = clean; *p != '\0'; p++)
    {
      if (*p == '<')
        g_string_append (out, "&lt;");
      else if (*p == '>')
        g_string_append (out, "&gt;");
      else if (*p == '&')
        g_string_append (out, "&amp;");
      else
        {
          if (strchr ("|\\*_`[]~!", *p) != NULL || (*p == '#' && p == clean))
            g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
        }
    }
}

static char *
format_markdown (const DynoComparison *comparison, DynoRateUnit unit)
{
  GString *out = g_string_new (NULL);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  guint n = dyno_comparison_get_n_entries (comparison);
  guint baseline = dyno_comparison_get_baseline (comparison);
  g_autofree char *source = dyno_comparison_describe_source (comparison);
  g_auto (Summary) summary = { 0 };
  gboolean first = TRUE;

  summarize (comparison, &summary);
  for (DynoTextTable t = 0; t < DYNO_TEXT_N_TABLES; t++)
    {
      g_autoptr (GPtrArray) cols = dyno_text_table_columns (phases, t);

      if (cols->len == 0)
        continue;
      if (!first)
        g_string_append_c (out, '\n');
      first = FALSE;

      /* Translators: the first column's header of a Markdown or HTML comparison table */
      g_string_append_printf (out, "| %s |", C_("table column", "Run"));
      for (guint c = 0; c < cols->len; c++)
        {
          /* A test's title may come from a result file: literal text too. */
          g_string_append_c (out, ' ');
          append_md_text (out, dyno_phase_get_title (g_ptr_array_index (cols, c)));
          g_string_append_printf (out, " (%s) |",
                                  phase_unit_label (g_ptr_array_index (cols, c), unit));
        }
      g_string_append (out, "\n|:---|");
      for (guint c = 0; c < cols->len; c++)
        g_string_append (out, "---:|");
      g_string_append_c (out, '\n');

      for (guint e = 0; e < n; e++)
        {
          g_autofree char *per_price = NULL;

          g_string_append (out, "| ");
          append_md_text (out, dyno_comparison_get_name (comparison, e));
          if (e == baseline && n > 1)
            g_string_append_printf (out, " (%s)", _("baseline"));
          g_string_append (out, " |");
          for (guint c = 0; c < cols->len; c++)
            {
              const DynoPhase *id = g_ptr_array_index (cols, c);
              DynoCompareCell cell;
              g_autofree char *rate = NULL;

              dyno_comparison_get_cell (comparison, e, id, &cell);
              rate = format_rate (&cell, id, unit);
              g_string_append_printf (out, " %s", rate ? rate : "—");
              if (rate != NULL && own_doubt (comparison, e, id) != NULL)
                g_string_append (out, " " MARK_CACHE);
              if (e != baseline && isfinite (cell.ratio))
                {
                  g_autofree char *ratio = dyno_compare_format_ratio (cell.ratio);
                  const char *mark = ratio_mark (&cell, &summary);

                  g_string_append_printf (out, " (%s%s%s)", ratio, *mark ? " " : "", mark);
                }
              g_string_append (out, " |");
            }
          g_string_append_c (out, '\n');

          per_price = per_price_label (comparison, e);
          if (per_price != NULL)
            {
              g_string_append (out, "| ");
              append_md_text (out, per_price);
              g_string_append (out, " |");
              for (guint c = 0; c < cols->len; c++)
                {
                  g_autofree char *value
                      = entry_per_price (comparison, e, g_ptr_array_index (cols, c), unit);

                  g_string_append_printf (out, " %s |", value ? value : "—");
                }
              g_string_append_c (out, '\n');
            }
        }
    }
  if (n > 0)
    {
      GString *legend = g_string_new (NULL);
      g_auto (GStrv) lines = NULL;

      /* Markdown joins the lines of a paragraph: two trailing blanks keep each on its own. */
      append_legend (legend, comparison, &summary);
      lines = g_strsplit (legend->str, "\n", -1);
      g_string_free (legend, TRUE);
      g_string_append_c (out, '\n');
      for (guint i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '\0')
          {
            append_md_text (out, lines[i]);
            g_string_append (out, "  \n");
          }
      append_md_text (out, source);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* ---- CSV ------------------------------------------------------------------------------ */

/* A one-run copy of an entry whose run holds the entry's means, named as the entry: what
 * dyno_report_csv_line() needs to write the figures the other formats show. */
static DynoResult *
make_mean_result (const DynoComparison *comparison, guint entry)
{
  DynoResult *source = dyno_comparison_get_result (comparison, entry);
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);
  DynoResult *copy = dyno_result_new ();
  DynoTargetResult *copy_target;

  dyno_result_set_label (copy, dyno_comparison_get_name (comparison, entry));
  dyno_result_set_tool (copy, dyno_result_get_tool (source));
  dyno_result_set_config (copy, dyno_result_get_config (source));
  if (dyno_result_get_system (source) != NULL)
    dyno_result_set_system (copy, dyno_system_info_copy (dyno_result_get_system (source)));
  copy_target = dyno_target_result_new (target->info ? dyno_target_info_copy (target->info)
                                                     : NULL);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      DynoPhaseResult *copy_phase = dyno_target_result_ensure_phase (copy_target, phase->phase);
      DynoCompareCell cell;
      DynoPhaseRun run;

      dyno_comparison_get_cell (comparison, entry, phase->phase, &cell);
      dyno_phase_run_init (&run);
      run.too_fast = cell.too_fast;
      run.rate = cell.rate;
      run.cpu_percent = cell.cpu_percent;
      run.latency.p99 = cell.latency_p99;
      run.latency.max = cell.latency_max;
      dyno_phase_result_add_run (copy_phase, &run);
      copy_phase->latency = phase->latency;
      copy_phase->latency.max = cell.latency_max;
    }
  dyno_result_add_target (copy, copy_target);
  return copy;
}

static char *
format_csv (const DynoComparison *comparison)
{
  GString *out = g_string_new (NULL);

  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      g_autoptr (DynoResult) mean = make_mean_result (comparison, e);
      g_autofree char *line = dyno_report_csv_line (mean, 0, 0);

      g_string_append (out, line);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* ---- HTML ----------------------------------------------------------------------------- */

static const char html_style[] =
  "body { font-family: system-ui, -apple-system, 'Cantarell', 'Segoe UI', sans-serif;\n"
  "       color: #1e1e24; background: #fff; margin: 2em; }\n"
  "table.dyno { border-collapse: collapse; margin: 0 0 1.5em; font-size: 0.95em; }\n"
  "table.dyno caption { caption-side: top; text-align: left; font-weight: 600;\n"
  "                     font-size: 1.1em; padding: 0 0 0.5em; }\n"
  "table.dyno th, table.dyno td { padding: 0.35em 0.75em; border-bottom: 1px solid #deddda; }\n"
  "table.dyno thead th { border-bottom: 2px solid #9a9996; vertical-align: bottom; }\n"
  "table.dyno th.group { text-align: center; border-bottom: 1px solid #c0bfbc;\n"
  "                      font-weight: 500; color: #5e5c64; }\n"
  "table.dyno th.phase { text-align: right; font-weight: 600; }\n"
  "table.dyno th.entry { text-align: left; font-weight: 600; white-space: nowrap; }\n"
  "table.dyno td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }\n"
  "table.dyno tr.baseline { background: #f6f5f4; }\n"
  "table.dyno .unit { display: block; font-weight: 400; color: #77767b; font-size: 0.85em; }\n"
  "table.dyno .tag { font-weight: 400; color: #77767b; font-size: 0.85em; }\n"
  "table.dyno .ratio { display: block; font-size: 0.85em; color: #1c71d8; }\n"
  "table.dyno .ratio.down { color: #c01c28; }\n"
  "table.dyno .ratio.equivalent, table.dyno .ratio.single, table.dyno .ratio.cached\n"
  "  { color: #77767b; }\n"
  "table.dyno .ratio.inconclusive { color: #813d9c; font-style: italic; }\n"
  "table.dyno td.doubt { color: #77767b; font-style: italic; }\n"
  "table.dyno td.doubt .mark { color: #c64600; font-style: normal; }\n"
  "table.dyno .fast { color: #77767b; }\n"
  "p.legend, p.source { color: #5e5c64; font-size: 0.85em; margin: 0.25em 0; }\n";

static void
append_html_text (GString *out, const char *text)
{
  g_autofree char *clean = clean_text (text);
  g_autofree char *escaped = g_markup_escape_text (clean, -1);

  g_string_append (out, escaped);
}

static const char *
table_caption (DynoTextTable table)
{
  if (table == DYNO_TEXT_TABLE_IO)
    /* Translators: the caption of an HTML comparison table of the data file phases */
    return _("Throughput: sequential output and input, random seeks");
  if (table == DYNO_TEXT_TABLE_QUEUED)
    /* Translators: the caption of an HTML comparison table of CrystalDiskMark-style tests */
    return _("Throughput at a queue depth: sequential and random reads and writes");
  if (table == DYNO_TEXT_TABLE_OTHER)
    /* Translators: the caption of an HTML comparison table of tests that are neither
     * Bonnie's nor CrystalDiskMark's */
    return _("Other tests");
  /* Translators: the caption of an HTML comparison table of the small-file phases */
  return _("Small files: create, stat and delete");
}

static void
append_html_cell (GString *out, const DynoComparison *comparison, guint e, const DynoPhase *id,
                  DynoRateUnit unit, const Summary *summary)
{
  DynoCompareCell cell;
  g_autofree char *rate = NULL;
  const char *doubt;

  dyno_comparison_get_cell (comparison, e, id, &cell);
  rate = format_rate (&cell, id, unit);
  if (cell.too_fast)
    {
      g_string_append_printf (out, "<td class=\"fast\" title=\"%s\">+++++</td>",
                              _("too fast to measure reliably"));
      return;
    }
  if (rate == NULL)
    {
      g_string_append (out, "<td>—</td>");
      return;
    }
  doubt = own_doubt (comparison, e, id);
  if (doubt != NULL)
    {
      /* The reason comes from the platform and a translation: text, never markup. */
      g_string_append (out, "<td class=\"doubt\" title=\"");
      append_html_text (out, doubt);
      g_string_append_printf (out, "\">%s&#8201;<span class=\"mark\">%s</span>", rate,
                              MARK_CACHE);
    }
  else
    g_string_append_printf (out, "<td>%s", rate);
  if (e != dyno_comparison_get_baseline (comparison) && isfinite (cell.ratio))
    {
      g_autofree char *ratio = dyno_compare_format_ratio (cell.ratio);
      g_autofree char *title = dyno_comparison_describe_ratio (&cell);
      g_autofree char *title_escaped = g_markup_escape_text (title, -1);
      const char *mark = ratio_mark (&cell, summary);
      DynoVerdict verdict = dyno_compare_cell_get_verdict (&cell);
      const char *kind = cell.cache_doubt != NULL                          ? " cached"
                         : verdict == DYNO_VERDICT_EQUIVALENT               ? " equivalent"
                         : verdict == DYNO_VERDICT_INCONCLUSIVE             ? " inconclusive"
                         : cell.difference == DYNO_DIFFERENCE_SINGLE_SAMPLE ? " single"
                                                                           : "";

      g_string_append_printf (out, "<span class=\"ratio%s%s\" title=\"%s\">%s%s%s</span>",
                              cell.ratio < 1 ? " down" : "", kind, title_escaped, ratio,
                              *mark ? "&#8201;" : "", mark);
    }
  g_string_append (out, "</td>");
}

static char *
format_html (const DynoComparison *comparison, DynoRateUnit unit)
{
  GString *out = g_string_new (NULL);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  guint n = dyno_comparison_get_n_entries (comparison);
  guint baseline = dyno_comparison_get_baseline (comparison);
  g_autofree char *source = dyno_comparison_describe_source (comparison);
  GString *names = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_auto (Summary) summary = { 0 };

  summarize (comparison, &summary);
  for (guint e = 0; e < n; e++)
    {
      if (e > 0)
        g_string_append (names, ", ");
      g_string_append (names, dyno_comparison_get_name (comparison, e));
    }
  /* Translators: the title of an HTML comparison page; %s lists the runs compared */
  title = g_strdup_printf (_("Dyno comparison: %s"), names->str);
  g_string_free (names, TRUE);

  g_string_append (out, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>");
  append_html_text (out, title);
  g_string_append_printf (out, "</title>\n<meta name=\"generator\" content=\"Dyno %s\">\n",
                          PACKAGE_VERSION);
  g_string_append_printf (out, "<style>\n%s</style>\n</head>\n<body>\n", html_style);

  for (DynoTextTable table = 0; table < DYNO_TEXT_N_TABLES; table++)
    {
      g_autoptr (GPtrArray) cols = dyno_text_table_columns (phases, table);

      if (cols->len == 0)
        continue;
      g_string_append (out, "<table class=\"dyno\">\n<caption>");
      append_html_text (out, table_caption (table));
      if (n > 1)
        {
          g_autofree char *base = clean_text (dyno_comparison_get_name (comparison, baseline));
          g_autofree char *against = NULL;

          /* Translators: after a comparison table's caption; %s is the baseline's name */
          against = g_strdup_printf (_(", ratios against %s"), base);
          append_html_text (out, against);
        }
      g_string_append (out, "</caption>\n<thead>\n<tr><th rowspan=\"2\" scope=\"col\" "
                            "class=\"entry\">");
      append_html_text (out, C_("table column", "Run"));
      g_string_append (out, "</th>");
      for (guint c = 0, end; c < cols->len; c = end)
        {
          const DynoPhase *first = g_ptr_array_index (cols, c);

          end = dyno_text_group_end (cols, c);
          /* Translated, as the rest of the page (Bonnie's text table keeps his titles). */
          g_string_append_printf (out,
                                  "<th colspan=\"%u\" scope=\"colgroup\" class=\"group\">",
                                  end - c);
          append_html_text (out, dyno_phase_group_get_title (first->kind->group));
          g_string_append (out, "</th>");
        }
      g_string_append (out, "</tr>\n<tr>");
      for (guint c = 0; c < cols->len; c++)
        {
          const DynoPhase *id = g_ptr_array_index (cols, c);

          g_string_append (out, "<th scope=\"col\" class=\"phase\">");
          append_html_text (out, dyno_phase_get_title (id));
          g_string_append_printf (out, "<span class=\"unit\">%s</span></th>",
                                  phase_unit_label (id, unit));
        }
      g_string_append (out, "</tr>\n</thead>\n<tbody>\n");

      for (guint e = 0; e < n; e++)
        {
          g_autofree char *per_price = NULL;

          g_string_append (out, e == baseline && n > 1 ? "<tr class=\"baseline\">" : "<tr>");
          g_string_append (out, "<th scope=\"row\" class=\"entry\">");
          append_html_text (out, dyno_comparison_get_name (comparison, e));
          if (e == baseline && n > 1)
            {
              g_string_append (out, " <span class=\"tag\">(");
              append_html_text (out, _("baseline"));
              g_string_append (out, ")</span>");
            }
          g_string_append (out, "</th>");
          for (guint c = 0; c < cols->len; c++)
            append_html_cell (out, comparison, e, g_ptr_array_index (cols, c), unit, &summary);
          g_string_append (out, "</tr>\n");

          per_price = per_price_label (comparison, e);
          if (per_price != NULL)
            {
              g_string_append (out, "<tr class=\"price\"><th scope=\"row\" class=\"entry\">");
              append_html_text (out, per_price);
              g_string_append (out, "</th>");
              for (guint c = 0; c < cols->len; c++)
                {
                  g_autofree char *value
                      = entry_per_price (comparison, e, g_ptr_array_index (cols, c), unit);

                  g_string_append_printf (out, "<td>%s</td>", value ? value : "—");
                }
              g_string_append (out, "</tr>\n");
            }
        }
      g_string_append (out, "</tbody>\n</table>\n");
    }

  {
    GString *legend = g_string_new (NULL);
    g_auto (GStrv) lines = NULL;

    append_legend (legend, comparison, &summary);
    lines = g_strsplit (legend->str, "\n", -1);
    g_string_free (legend, TRUE);
    for (guint i = 0; lines[i] != NULL; i++)
      if (lines[i][0] != '\0')
        {
          g_string_append (out, "<p class=\"legend\">");
          append_html_text (out, lines[i]);
          g_string_append (out, "</p>\n");
        }
  }
  g_string_append (out, "<p class=\"source\">");
  append_html_text (out, source);
  g_string_append (out, "</p>\n</body>\n</html>\n");
  return g_string_free (out, FALSE);
}

/* ---- JSON ----------------------------------------------------------------------------- */

static void
add_number (JsonBuilder *builder, const char *name, double value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_string (JsonBuilder *builder, const char *name, const char *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static char *
format_json (const DynoComparison *comparison, DynoRateUnit unit)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *source = dyno_comparison_describe_source (comparison);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  guint n = dyno_comparison_get_n_entries (comparison);
  char *text;

  json_builder_begin_object (b);
  add_string (b, "format", "dyno-comparison");
  /* 2: verdicts are slower, faster, equivalent or inconclusive (1 had "same" for the last
   * two), and "equivalence" gives the margin. */
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 2);
  add_string (b, "tool", "dyno " PACKAGE_VERSION);
  json_builder_set_member_name (b, "baseline");
  json_builder_add_int_value (b, dyno_comparison_get_baseline (comparison));
  /* What "equivalent" means: no difference larger than this share, 0.05 for ±5 %. */
  add_number (b, "equivalence", dyno_comparison_get_equivalence (comparison));
  add_string (b, "display_unit", dyno_rate_unit_label (unit));
  add_string (b, "source", source);

  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint e = 0; e < n; e++)
    {
      DynoResult *result = dyno_comparison_get_result (comparison, e);
      const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, e);
      const DynoSystemInfo *system = dyno_result_get_system (result);
      GDateTime *created = dyno_result_get_created (result);
      g_autofree char *created_text = created ? g_date_time_format_iso8601 (created) : NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, e);
      add_string (b, "name", dyno_comparison_get_name (comparison, e));
      add_string (b, "id", dyno_result_get_id (result));
      add_string (b, "label", dyno_result_get_label (result));
      add_string (b, "tool", dyno_result_get_tool (result));
      add_string (b, "source", dyno_result_get_source (result));
      add_string (b, "file", dyno_result_get_path (result));
      add_string (b, "created", created_text);
      /* The machine that measured the entry: a remote target's own, not the result's. */
      add_string (b, "hostname",
                  target->system != NULL ? target->system->hostname
                  : system != NULL       ? system->hostname
                                         : NULL);
      add_string (b, "remote",
                  target->remote != NULL ? target->remote : dyno_result_get_remote (result));
      json_builder_set_member_name (b, "target");
      json_builder_add_int_value (b, dyno_comparison_get_target (comparison, e));
      add_string (b, "path", target->info ? target->info->path : NULL);
      json_builder_set_member_name (b, "file_size");
      json_builder_add_int_value (b, (gint64) dyno_comparison_get_data_size (comparison, e));
      /* The one answer first (dyno_comparison_get_typical): null for the baseline. */
      {
        g_autoptr (GPtrArray) used = NULL;
        DynoCompareCell typical;

        json_builder_set_member_name (b, "typical");
        if (dyno_comparison_get_typical (comparison, e, &typical, &used))
          {
            json_builder_begin_object (b);
            add_number (b, "ratio", typical.ratio);
            json_builder_set_member_name (b, "ratio_ci95");
            if (isfinite (typical.ratio_low) && isfinite (typical.ratio_high))
              {
                json_builder_begin_array (b);
                json_builder_add_double_value (b, typical.ratio_low);
                json_builder_add_double_value (b, typical.ratio_high);
                json_builder_end_array (b);
              }
            else
              json_builder_add_null_value (b);
            json_builder_set_member_name (b, "ratio_paired");
            json_builder_add_boolean_value (b, typical.paired);
            add_string (b, "verdict",
                        dyno_verdict_to_string (dyno_compare_cell_get_verdict (&typical)));
            json_builder_set_member_name (b, "phases");
            json_builder_begin_array (b);
            for (guint i = 0; i < used->len; i++)
              json_builder_add_string_value (b, dyno_phase_get_key (g_ptr_array_index (used, i)));
            json_builder_end_array (b);
            json_builder_end_object (b);
          }
        else
          json_builder_add_null_value (b);
      }
      /* Only for entries with a price (dyno-cli run --price): imports have none. */
      if (dyno_target_result_has_price (target))
        {
          json_builder_set_member_name (b, "price");
          json_builder_begin_object (b);
          add_number (b, "amount", target->price_amount);
          add_string (b, "currency", target->price_currency);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "phases");
  json_builder_begin_array (b);
  for (guint c = 0; c < phases->len; c++)
    {
      const DynoPhase *id = g_ptr_array_index (phases, c);
      double scale = dyno_text_display_scale (id, unit);

      json_builder_begin_object (b);
      add_string (b, "id", dyno_phase_get_key (id));
      add_string (b, "title", dyno_phase_get_title (id));
      add_string (b, "unit", dyno_phase_get_unit (id) == DYNO_UNIT_BYTES ? "B/s" : "ops/s");
      add_string (b, "display_unit", dyno_phase_get_unit (id) == DYNO_UNIT_BYTES
                                         ? dyno_rate_unit_label (unit)
                                         : "ops/s");
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (guint e = 0; e < n; e++)
        {
          DynoCompareCell cell;

          dyno_comparison_get_cell (comparison, e, id, &cell);
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "entry");
          json_builder_add_int_value (b, e);
          json_builder_set_member_name (b, "present");
          json_builder_add_boolean_value (b, cell.present);
          json_builder_set_member_name (b, "too_fast");
          json_builder_add_boolean_value (b, cell.too_fast);
          add_number (b, "rate", cell.rate);
          add_number (b, "rate_sd", cell.rate_sd);
          add_number (b, "rate_ci95", cell.rate_ci95);
          add_number (b, "display_rate", cell.rate / scale);
          json_builder_set_member_name (b, "n");
          json_builder_add_int_value (b, cell.n);
          add_number (b, "cpu_percent", cell.cpu_percent);
          add_number (b, "latency_p99", cell.latency_p99);
          add_number (b, "latency_max", cell.latency_max);
          add_number (b, "ratio", cell.ratio);
          json_builder_set_member_name (b, "ratio_ci95");
          if (isfinite (cell.ratio_low) && isfinite (cell.ratio_high))
            {
              json_builder_begin_array (b);
              json_builder_add_double_value (b, cell.ratio_low);
              json_builder_add_double_value (b, cell.ratio_high);
              json_builder_end_array (b);
            }
          else
            json_builder_add_null_value (b);
          /* How that interval was made: from the rounds' pairs of one session, or from both
           * sides' spreads; a reader weighing two runs' answers needs to know. */
          json_builder_set_member_name (b, "ratio_paired");
          json_builder_add_boolean_value (b, cell.paired);
          add_string (b, "verdict", dyno_verdict_to_string (dyno_compare_cell_get_verdict (&cell)));
          add_string (b, "difference", dyno_difference_to_string (cell.difference));
          /* Why this cell's own figure may come from a cache below; the difference of a
           * cell is unknown when its figure or the baseline's has one. */
          add_string (b, "cache_doubt", own_doubt (comparison, e, id));
          /* B/s or ops/s per unit of the entry's currency; null without a rate. */
          if (dyno_comparison_get_price (comparison, e, NULL, NULL))
            add_number (b, "per_price", cell.per_price);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);
  {
    char *with_newline = g_strconcat (text, "\n", NULL);

    g_free (text);
    return with_newline;
  }
}

/* ---- entry points --------------------------------------------------------------------- */

char *
dyno_comparison_format (const DynoComparison *comparison,
                        DynoCompareFormat     format,
                        DynoRateUnit          unit)
{
  g_return_val_if_fail (comparison != NULL, NULL);

  switch (format)
    {
    case DYNO_COMPARE_FORMAT_MARKDOWN:
      return format_markdown (comparison, unit);
    case DYNO_COMPARE_FORMAT_CSV:
      return format_csv (comparison);
    case DYNO_COMPARE_FORMAT_HTML:
      return format_html (comparison, unit);
    case DYNO_COMPARE_FORMAT_JSON:
      return format_json (comparison, unit);
    case DYNO_COMPARE_FORMAT_TEXT:
    default:
      return format_text (comparison, unit);
    }
}

gboolean
dyno_compare_format_from_string (const char *text, DynoCompareFormat *out)
{
  /* Accepted only; the nicks are what is written. */
  static const DynoEnumAlias aliases[] = {
    { "txt", DYNO_COMPARE_FORMAT_TEXT },
    { "markdown", DYNO_COMPARE_FORMAT_MARKDOWN },
    { "htm", DYNO_COMPARE_FORMAT_HTML },
    { NULL },
  };
  int format;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!dyno_enum_from_nick (DYNO_TYPE_COMPARE_FORMAT, text, aliases, &format))
    return FALSE;
  if (out != NULL)
    *out = format;
  return TRUE;
}

const char *
dyno_compare_format_to_string (DynoCompareFormat format)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_COMPARE_FORMAT, format);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}
