/* dyno-report-build.c: a comparison as a report: the answer, the figures, the charts
 *
 * The answer's words are the comparison's own (dyno_comparison_describe_summary, _versus,
 * dyno_compare_cell_describe_verdict): the report says what `dyno-cli compare` and the app
 * say, and follows them when they change. Figures are printed as the comparison tables print
 * them (dyno_text_display_scale, dyno_text_rate_decimals) with the same marks: "+++++" for a
 * phase too fast to time, "†" for a figure that may come from a cache below its target, and
 * here "‡" for one that did not reach the precision asked for and "—" for one not measured.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-parse.h"
#include "dyno-report-build-private.h"
#include "dyno-text-table-private.h"

#define MARK_CACHE "†"
#define MARK_PRECISION "‡"
#define MARK_TOO_FAST "+++++"
#define MARK_NONE "—"

/* Charts are drawn at these sizes in points, their text at the chart style's font; a page
 * shows them at about that size (the report's column is about as wide). */
#define CHART_WIDTH 720.0
#define FOREST_WIDTH 860.0
#define HALF_CHART_WIDTH 420.0
#define HALF_CHART_HEIGHT 270.0

GPtrArray *
dyno_report_results (DynoComparison *comparison)
{
  GPtrArray *results = g_ptr_array_new ();

  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      DynoResult *result = dyno_comparison_get_result (comparison, e);

      if (!g_ptr_array_find (results, result, NULL))
        g_ptr_array_add (results, result);
    }
  return results;
}

const char *
dyno_report_unit_label (const DynoPhase *phase, DynoRateUnit unit)
{
  if (dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES)
    return dyno_rate_unit_label (unit);
  return dyno_phase_has_flag (phase, DYNO_PHASE_FILE_TEST)
             /* Translators: the unit of a file test's rate in a comparison table */
             ? _("files/s")
             /* Translators: the unit of the random seeks' rate in a comparison table */
             : _("seeks/s");
}

/* value (B/s or ops/s) in the display unit with the decimals a figure of size reference gets
 * in the tables: "144.5", "86334". */
static char *
display_value (const DynoPhase *phase, DynoRateUnit unit, double value, double reference)
{
  double scale = dyno_text_display_scale (phase, unit);

  return g_strdup_printf ("%.*f", dyno_text_rate_decimals (phase, unit, fabs (reference) / scale),
                          value / scale);
}

/* What the figures tables' legends need to say, collected while their cells are made. */
typedef struct
{
  gboolean too_fast;
  gboolean not_measured;
  gboolean imprecise;
  double precision; /* the precision asked for, of a figure that missed it */
  GPtrArray *doubts; /* interned reasons, each once */
} Marks;

static void
marks_init (Marks *marks)
{
  memset (marks, 0, sizeof *marks);
  marks->doubts = g_ptr_array_new ();
}

static void
marks_clear (Marks *marks)
{
  g_clear_pointer (&marks->doubts, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Marks, marks_clear)

/* Why an entry has no figure for a phase: it failed in it, did not run it, or none is known. */
static const char *
describe_absence (const DynoComparison *comparison, guint entry, const DynoPhase *phase,
                  const DynoCompareCell *cell)
{
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);

  if (dyno_target_result_failed (target)
      && (target->error_phase == phase || target->error_phase == NULL))
    /* Translators: in a report's table, for a phase a target failed in */
    return _("failed");
  if (!cell->present)
    /* Translators: in a report's table, for a phase a target did not run */
    return _("not run");
  /* Translators: in a report's table, for a phase that ran but has no known figure */
  return _("unknown");
}

/* "3 runs · CPU 10 % · p99 209 µs" */
static char *
figure_detail (const DynoCompareCell *cell)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u run", "%u runs", cell->n),
                          cell->n);
  if (isfinite (cell->cpu_percent) && cell->cpu_percent >= 0)
    /* Translators: Bonnie's %CPU under a figure in a report's table */
    g_string_append_printf (out, _(" · CPU %.0f %%"), cell->cpu_percent);
  if (isfinite (cell->latency_p99))
    {
      g_autofree char *latency = dyno_format_latency (cell->latency_p99);

      /* Translators: the 99th percentile latency under a figure in a report's table */
      g_string_append_printf (out, _(" · p99 %s"), latency);
    }
  return g_string_free (out, FALSE);
}

/* The entry's figure for a phase as a table's cell: "144.5 ± 41.2" with its marks, and the
 * runs, CPU and latency under it; "+++++" or "—" with why when there is none. */
static void
add_figure_cell (DynoReportRow *row, const DynoReportDoc *doc, guint entry,
                 const DynoPhase *phase, Marks *marks)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  DynoRateUnit unit = dyno_report_doc_get_unit (doc);
  const DynoPhaseResult *result = dyno_comparison_get_phase_result (comparison, entry, phase);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *detail = NULL;
  DynoReportCell *out;
  DynoCompareCell cell;
  gboolean dim = FALSE;

  dyno_comparison_get_cell (comparison, entry, phase, &cell);
  if (cell.too_fast)
    {
      g_string_append (text, MARK_TOO_FAST);
      /* Translators: under "+++++" in a report's table */
      detail = g_strdup (_("too fast to time"));
      marks->too_fast = TRUE;
      dim = TRUE;
    }
  else if (!cell.present || !isfinite (cell.rate))
    {
      g_string_append (text, MARK_NONE);
      detail = g_strdup (describe_absence (comparison, entry, phase, &cell));
      marks->not_measured = TRUE;
      dim = TRUE;
    }
  else
    {
      g_autofree char *mean = display_value (phase, unit, cell.rate, cell.rate);

      g_string_append (text, mean);
      if (isfinite (cell.rate_ci95))
        {
          g_autofree char *half = display_value (phase, unit, cell.rate_ci95, cell.rate);

          g_string_append_printf (text, " ± %s", half);
        }
      detail = figure_detail (&cell);
    }
  if (result != NULL && result->cache_doubt != NULL && !cell.too_fast)
    {
      g_string_append (text, MARK_CACHE);
      if (!g_ptr_array_find (marks->doubts, result->cache_doubt, NULL))
        g_ptr_array_add (marks->doubts, (gpointer) result->cache_doubt);
    }
  if (result != NULL && result->precision_met == 0 && !dim)
    {
      g_string_append (text, MARK_PRECISION);
      marks->imprecise = TRUE;
      marks->precision = result->precision_target;
    }
  out = dyno_report_row_add_cell (row, text->str, detail);
  out->numeric = TRUE;
  out->tone = dim ? DYNO_REPORT_TONE_DIM : DYNO_REPORT_TONE_NONE;
}

/* The legend of a figures table: one line per mark it holds. */
static void
add_legend (DynoReportBlock *table, const Marks *marks)
{
  if (marks->too_fast)
    {
      g_autofree char *line
          /* Translators: a report's legend; %.1f is bonnie++'s limit in seconds */
          = g_strdup_printf (_("+++++: the phase took less than %.1f s in every run, too short "
                               "to time (bonnie++’s mark)."),
                             DYNO_TOO_FAST_SECONDS);

      dyno_report_block_add_note (table, line);
    }
  if (marks->not_measured)
    dyno_report_block_add_note (table,
                                /* Translators: a report's legend */
                                _("—: no figure: the target did not run the phase, failed in "
                                  "it, or the input does not say."));
  for (guint i = 0; i < marks->doubts->len; i++)
    {
      /* Translators: a report's legend; %s says why a figure may come from RAM */
      g_autofree char *line = g_strdup_printf (_("† %s: no verdict from this figure."),
                                               (const char *) g_ptr_array_index (marks->doubts,
                                                                                 i));

      dyno_report_block_add_note (table, line);
    }
  if (marks->imprecise)
    {
      g_autofree char *line
          /* Translators: a report's legend; %.0f is the precision asked for, in percent */
          = g_strdup_printf (_("‡: precision not met: the 95 %% interval is wider than the "
                               "±%.0f %% of the mean asked for; the Method section says why."),
                             marks->precision * 100);

      dyno_report_block_add_note (table, line);
    }
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

/* A row with the title of cols[c]'s group across the table, when it starts one. */
static void
add_group_row (DynoReportBlock *table, GPtrArray *cols, guint c)
{
  const DynoPhase *phase = g_ptr_array_index (cols, c);
  DynoReportCell *cell;

  if (c > 0 && ((const DynoPhase *) g_ptr_array_index (cols, c - 1))->kind->group
                   == phase->kind->group)
    return;
  cell = dyno_report_row_add_cell (dyno_report_table_add_row (table, TRUE),
                                   dyno_phase_group_get_title (phase->kind->group), NULL);
  cell->header = TRUE;
  cell->span = table->columns;
}

/* The phase's title, with its unit under it when the row holds its figures. */
static void
add_phase_cell (DynoReportRow *row, const DynoPhase *phase, DynoRateUnit unit, gboolean figures)
{
  DynoReportCell *cell = dyno_report_row_add_cell (row, dyno_phase_get_title (phase),
                                                   figures ? dyno_report_unit_label (phase, unit)
                                                           : NULL);

  cell->header = TRUE;
}

static void
add_figures_table (DynoReportDoc *doc, DynoTextTable t, GPtrArray *cols)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  guint n = dyno_comparison_get_n_entries (comparison);
  guint baseline = dyno_comparison_get_baseline (comparison);
  DynoReportBlock *table = dyno_report_doc_add_table (doc, table_caption (t), n + 1, 1);
  DynoReportRow *row = dyno_report_table_add_row (table, FALSE);
  g_auto (Marks) marks;

  marks_init (&marks);
  table->even = TRUE;
  /* Translators: the first column's header of a report's table */
  dyno_report_row_add_cell (row, C_("report column", "Phase"), NULL)->header = TRUE;
  for (guint e = 0; e < n; e++)
    {
      DynoReportCell *cell = dyno_report_row_add_cell (row, dyno_comparison_get_name (comparison,
                                                                                      e),
                                                       e == baseline && n > 1 ? _("baseline")
                                                                              : NULL);

      cell->header = TRUE;
      cell->numeric = TRUE;
    }
  for (guint c = 0; c < cols->len; c++)
    {
      const DynoPhase *phase = g_ptr_array_index (cols, c);

      add_group_row (table, cols, c);
      row = dyno_report_table_add_row (table, FALSE);
      add_phase_cell (row, phase, dyno_report_doc_get_unit (doc), TRUE);
      for (guint e = 0; e < n; e++)
        add_figure_cell (row, doc, e, phase, &marks);
    }
  add_legend (table, &marks);
}

static DynoReportTone
verdict_tone (DynoVerdict verdict)
{
  switch (verdict)
    {
    case DYNO_VERDICT_SLOWER:
      return DYNO_REPORT_TONE_SLOWER;
    case DYNO_VERDICT_FASTER:
      return DYNO_REPORT_TONE_FASTER;
    case DYNO_VERDICT_EQUIVALENT:
      return DYNO_REPORT_TONE_SAME;
    case DYNO_VERDICT_INCONCLUSIVE:
      return DYNO_REPORT_TONE_INCONCLUSIVE;
    case DYNO_VERDICT_NONE:
    default:
      return DYNO_REPORT_TONE_DIM;
    }
}

/* An entry against the baseline, phase by phase: ratio, its interval, the verdict. */
static void
add_ratio_table (DynoReportDoc *doc, guint entry, GPtrArray *phases)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  guint baseline = dyno_comparison_get_baseline (comparison);
  g_autofree char *versus = dyno_comparison_describe_versus (comparison, entry);
  g_autofree char *caption = NULL;
  g_autofree char *method = dyno_comparison_describe_method (comparison);
  g_autofree char *what = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) doubts = g_ptr_array_new ();
  DynoReportBlock *table;
  DynoReportRow *row;

  /* Translators: a report's table caption; %s is "encrypted vs plain" */
  caption = g_strdup_printf (_("%s, phase by phase"), versus);
  table = dyno_report_doc_add_table (doc, caption, 4, 1);
  row = dyno_report_table_add_row (table, FALSE);
  dyno_report_row_add_cell (row, C_("report column", "Phase"), NULL)->header = TRUE;
  /* Translators: a report's column: a figure divided by the baseline's */
  dyno_report_row_add_cell (row, C_("report column", "Ratio"), NULL)->header = TRUE;
  /* xgettext:no-c-format */
  dyno_report_row_add_cell (row, C_("report column", "95 % interval"), NULL)->header = TRUE;
  dyno_report_row_add_cell (row, C_("report column", "Verdict"), NULL)->header = TRUE;
  for (guint i = 1; i < 3; i++)
    ((DynoReportCell *) g_ptr_array_index (row->cells, i))->numeric = TRUE;

  for (guint c = 0; c < phases->len; c++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, c);
      g_autofree char *ratio = NULL;
      g_autofree char *interval = NULL;
      g_autofree char *verdict = NULL;
      DynoCompareCell cell;
      DynoReportCell *out;

      dyno_comparison_get_cell (comparison, entry, phase, &cell);
      add_group_row (table, phases, c);
      row = dyno_report_table_add_row (table, FALSE);
      add_phase_cell (row, phase, dyno_report_doc_get_unit (doc), FALSE);
      ratio = dyno_compare_format_ratio (cell.ratio);
      if (cell.cache_doubt != NULL)
        {
          char *marked = g_strconcat (ratio, MARK_CACHE, NULL);

          g_free (ratio);
          ratio = marked;
          if (!g_ptr_array_find (doubts, cell.cache_doubt, NULL))
            g_ptr_array_add (doubts, (gpointer) cell.cache_doubt);
        }
      dyno_report_row_add_cell (row, ratio, NULL)->numeric = TRUE;
      if (isfinite (cell.ratio_low) && isfinite (cell.ratio_high))
        {
          g_autofree char *low = dyno_compare_format_ratio (cell.ratio_low);
          g_autofree char *high = dyno_compare_format_ratio (cell.ratio_high);

          interval = g_strdup_printf ("%s – %s", low, high);
        }
      dyno_report_row_add_cell (row, interval != NULL ? interval : MARK_NONE, NULL)->numeric
          = TRUE;
      verdict = dyno_compare_cell_describe_verdict (&cell);
      out = dyno_report_row_add_cell (row, verdict != NULL ? verdict : MARK_NONE, NULL);
      out->tone = verdict_tone (dyno_compare_cell_get_verdict (&cell));
    }

  /* Translators: under a report's ratio table; the entry's name, then the baseline's */
  what = g_strdup_printf (_("Ratio: each figure of %s divided by the same figure of %s."),
                          dyno_comparison_get_name (comparison, entry),
                          dyno_comparison_get_name (comparison, baseline));
  dyno_report_block_add_note (table, what);
  for (guint i = 0; i < doubts->len; i++)
    {
      g_autofree char *line = g_strdup_printf (_("† %s: no verdict from this figure."),
                                               (const char *) g_ptr_array_index (doubts, i));

      dyno_report_block_add_note (table, line);
    }
  lines = g_strsplit (method, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      dyno_report_block_add_note (table, lines[i]);
}

/* CPU per GB moved, as the paired text gives it: where the I/O's cost went. */
static void
add_cpu_table (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  guint n = dyno_comparison_get_n_entries (comparison);
  gboolean any = FALSE;
  gboolean helper = FALSE;
  DynoReportBlock *table;
  DynoReportRow *row;

  for (guint e = 0; e < n; e++)
    {
      double h = NAN;

      any |= dyno_comparison_get_cpu_per_gb (comparison, e, NULL, &h, NULL);
      helper |= isfinite (h);
    }
  if (!any)
    return;

  table = dyno_report_doc_add_table (doc,
                                     /* Translators: a report's table caption */
                                     _("CPU-seconds per GB moved, over the phases in MB/s"),
                                     helper ? 4 : 3, 1);
  row = dyno_report_table_add_row (table, FALSE);
  /* Translators: a report's column: the runs or targets compared */
  dyno_report_row_add_cell (row, C_("report column", "Target"), NULL)->header = TRUE;
  /* Translators: a report's column: Dyno's own I/O threads' CPU */
  dyno_report_row_add_cell (row, C_("report column", "Dyno’s threads"), NULL)->header = TRUE;
  if (helper)
    /* Translators: a report's column: the FUSE daemon's CPU (gocryptfs, sshfs) */
    dyno_report_row_add_cell (row, C_("report column", "File system daemon"), NULL)->header
        = TRUE;
  /* Translators: a report's column: the whole machine's CPU, other processes included */
  dyno_report_row_add_cell (row, C_("report column", "Whole machine"), NULL)->header = TRUE;
  for (guint i = 1; i < row->cells->len; i++)
    ((DynoReportCell *) g_ptr_array_index (row->cells, i))->numeric = TRUE;

  for (guint e = 0; e < n; e++)
    {
      const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, e);
      double own = NAN, daemon = NAN, machine = NAN;
      DynoReportCell *cell;
      char *texts[3];

      dyno_comparison_get_cpu_per_gb (comparison, e, &own, &daemon, &machine);
      row = dyno_report_table_add_row (table, FALSE);
      dyno_report_row_add_cell (row, dyno_comparison_get_name (comparison, e), NULL)->header
          = TRUE;
      texts[0] = isfinite (own) ? g_strdup_printf ("%.2f", own) : g_strdup (MARK_NONE);
      texts[1] = isfinite (daemon) ? g_strdup_printf ("%.2f", daemon) : g_strdup (MARK_NONE);
      texts[2] = isfinite (machine) ? g_strdup_printf ("%.2f", machine) : g_strdup (MARK_NONE);
      for (guint i = 0; i < 3; i++)
        {
          if (i == 1 && !helper)
            continue;
          cell = dyno_report_row_add_cell (row, texts[i],
                                           i == 1 && isfinite (daemon) && target->info != NULL
                                               ? target->info->helper
                                               : NULL);
          cell->numeric = TRUE;
        }
      for (guint i = 0; i < 3; i++)
        g_free (texts[i]);
    }
  dyno_report_block_add_note (table,
                              /* Translators: under a report's CPU table */
                              _("The whole machine’s figure holds every process and kernel "
                                "worker, net of the load measured before the run: dm-crypt’s "
                                "workers are seen only there."));
}

static void
add_figures (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  guint n = dyno_comparison_get_n_entries (comparison);

  /* Translators: a report's section */
  dyno_report_doc_add_heading (doc, 2, "figures", _("Figures"));
  dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NOTE,
                                 /* Translators: at the head of a report's tables */
                                 /* xgettext:no-c-format */
                                 _("Each figure is the mean of its runs ± the half-width of its "
                                   "95 % confidence interval (Student’s t); under it, the runs "
                                   "behind it, Bonnie’s %CPU and the 99th percentile latency."));
  for (DynoTextTable t = 0; t < DYNO_TEXT_N_TABLES; t++)
    {
      g_autoptr (GPtrArray) cols = dyno_text_table_columns (phases, t);

      if (cols->len > 0)
        add_figures_table (doc, t, cols);
    }
  for (guint e = 0; e < n && n > 1; e++)
    if (e != dyno_comparison_get_baseline (comparison))
      add_ratio_table (doc, e, phases);
  add_cpu_table (doc);
}

/* ---- the answer ----------------------------------------------------------------------- */

/* The phases a single run's answer shows first: Bonnie's block write and read, the seeks,
 * CrystalDiskMark's first tests; else the first few it has. */
static GPtrArray *
headline_phases (DynoComparison *comparison)
{
  static const char *const keys[] = { "write", "read", "rewrite", "seeks",
                                      "seq-read:1m:q8:t1", "seq-write:1m:q8:t1",
                                      "rnd-read:4k:q32:t1", "rnd-write:4k:q32:t1" };
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  GPtrArray *chosen = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const DynoPhase *phase = dyno_phase_lookup (keys[i]);

      if (phase != NULL && g_ptr_array_find (phases, phase, NULL))
        g_ptr_array_add (chosen, (gpointer) phase);
    }
  for (guint i = 0; i < phases->len && chosen->len < 4; i++)
    if (!g_ptr_array_find (chosen, g_ptr_array_index (phases, i), NULL))
      g_ptr_array_add (chosen, g_ptr_array_index (phases, i));
  return chosen;
}

static void
add_tiles (DynoReportDoc *doc, guint entry)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  DynoRateUnit unit = dyno_report_doc_get_unit (doc);
  g_autoptr (GPtrArray) phases = headline_phases (comparison);
  DynoReportBlock *tiles = dyno_report_doc_add_tiles (doc);

  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      const DynoPhaseResult *result = dyno_comparison_get_phase_result (comparison, entry,
                                                                        phase);
      g_autofree char *value = NULL;
      g_autofree char *detail = NULL;
      DynoCompareCell cell;
      DynoReportTile *tile;

      dyno_comparison_get_cell (comparison, entry, phase, &cell);
      if (cell.too_fast)
        {
          value = g_strdup (MARK_TOO_FAST);
          detail = g_strdup (_("too fast to time"));
        }
      else if (!cell.present || !isfinite (cell.rate))
        {
          value = g_strdup (MARK_NONE);
          detail = g_strdup (describe_absence (comparison, entry, phase, &cell));
        }
      else
        {
          value = display_value (phase, unit, cell.rate, cell.rate);
          if (isfinite (cell.rate_ci95) && cell.rate > 0)
            detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   /* Translators: under a report's headline
                                                    * figure: its 95 % interval in percent of
                                                    * the mean, and the runs behind it */
                                                   "±%.1f %% (95 %% interval) · mean of %u run",
                                                   "±%.1f %% (95 %% interval) · mean of %u runs",
                                                   cell.n),
                                      cell.rate_ci95 / cell.rate * 100, cell.n);
          else
            detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "mean of %u run",
                                                   "mean of %u runs", cell.n),
                                      cell.n);
          if (result != NULL && result->cache_doubt != NULL)
            {
              char *marked = g_strconcat (value, MARK_CACHE, NULL);

              g_free (value);
              value = marked;
            }
          if (result != NULL && result->precision_met == 0)
            {
              char *marked = g_strconcat (value, MARK_PRECISION, NULL);

              g_free (value);
              value = marked;
            }
        }
      tile = dyno_report_tiles_add (tiles, dyno_phase_get_title (phase), value,
                                    dyno_report_unit_label (phase, unit), detail);
      tile->tone = cell.too_fast || !isfinite (cell.rate) ? DYNO_REPORT_TONE_DIM
                                                          : DYNO_REPORT_TONE_NONE;
    }
}

/* The forest plot's height: a row per phase and entry against the baseline, a title row per
 * group, and room for the axis and the note. */
static double
forest_height (DynoComparison *comparison)
{
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  guint groups = 0;
  guint rows;

  for (guint i = 0; i < phases->len; i++)
    if (i == 0 || ((const DynoPhase *) g_ptr_array_index (phases, i - 1))->kind->group
                      != ((const DynoPhase *) g_ptr_array_index (phases, i))->kind->group)
      groups++;
  rows = phases->len * (dyno_comparison_get_n_entries (comparison) - 1) + groups;
  return CLAMP (120 + rows * 24.0, 240, 2400);
}

static void
add_answer (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) results = dyno_report_results (comparison);
  guint n = dyno_comparison_get_n_entries (comparison);
  guint baseline = dyno_comparison_get_baseline (comparison);

  /* Translators: a report's first section */
  dyno_report_doc_add_heading (doc, 2, "answer", _("The answer"));
  for (guint i = 0; i < results->len; i++)
    if (dyno_result_get_stopped (g_ptr_array_index (results, i)))
      dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_WARNING,
                                     /* Translators: in a report */
                                     _("The run was stopped before its end: the phases it "
                                       "finished are here, each with the runs it completed."));
  for (guint e = 0; e < n; e++)
    {
      const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, e);

      if (dyno_target_result_failed (target))
        {
          /* Translators: in a report; a target's name, then why it failed */
          g_autofree char *text = g_strdup_printf (_("%s failed: %s"),
                                                   dyno_comparison_get_name (comparison, e),
                                                   target->error_message != NULL
                                                       ? target->error_message
                                                       : "?");

          dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_WARNING, text);
        }
    }

  if (n >= 2)
    {
      DynoReportChart chart = { DYNO_REPORT_CHART_FOREST };
      g_autofree char *caption = NULL;

      for (guint e = 0; e < n; e++)
        {
          g_autofree char *typical = NULL;
          g_autofree char *summary = NULL;

          if (e == baseline)
            continue;
          if (n > 2)
            {
              g_autofree char *versus = dyno_comparison_describe_versus (comparison, e);

              dyno_report_doc_add_heading (doc, 3, NULL, versus);
            }
          /* One answer first: the typical change, as run --compare and the app say it; then
           * each phase's verdict. */
          typical = dyno_comparison_describe_typical (comparison, e);
          if (typical != NULL)
            dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_LEAD, typical);
          summary = dyno_comparison_describe_summary (comparison, e);
          if (summary != NULL)
            dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_LEAD, summary);
        }
      /* Wider than the others: the verdicts at its right are sentences. */
      chart.width = FOREST_WIDTH;
      chart.height = forest_height (comparison);
      caption = g_strdup_printf (
          /* Translators: the caption of a report's forest plot; %s is the baseline's name */
          _("Each figure divided by the same figure of %s, with its 95 %% interval, on a log "
            "scale: left of ×1 is slower, right of it faster."),
          dyno_comparison_get_name (comparison, baseline));
      dyno_report_doc_add_chart (doc, &chart, caption);
    }
  else if (n == 1)
    add_tiles (doc, 0);

  /* Each text once: the runs of one imported file share theirs. */
  {
    g_autoptr (GPtrArray) said = g_ptr_array_new ();
    g_autoptr (GPtrArray) whose = g_ptr_array_new ();

    for (guint i = 0; i < results->len; i++)
      {
        DynoResult *result = g_ptr_array_index (results, i);
        const char *notes = dyno_result_get_notes (result);

        if (notes == NULL || *notes == '\0'
            || g_ptr_array_find_with_equal_func (said, notes, g_str_equal, NULL))
          continue;
        g_ptr_array_add (said, (gpointer) notes);
        g_ptr_array_add (whose, result);
      }
    for (guint i = 0; i < said->len; i++)
      {
        DynoResult *result = g_ptr_array_index (whose, i);
        const char *label = dyno_result_get_label (result);
        g_autofree char *intro
            = said->len > 1 && label != NULL && *label != '\0'
                  /* Translators: in a report, before the notes kept with one of its runs */
                  ? g_strdup_printf (_("Notes kept with %s:"), label)
                  /* Translators: in a report, before the notes a person kept with the run */
                  : g_strdup (_("Notes kept with the run:"));

        dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NOTE, intro);
        dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_QUOTE, g_ptr_array_index (said, i));
      }
  }
}

/* ---- charts --------------------------------------------------------------------------- */

static gboolean
entry_has_samples (DynoComparison *comparison, guint entry, const DynoPhase *phase)
{
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);

  /* A target's samples are its own, whatever their target column says. */
  for (guint i = 0; target->samples != NULL && i < target->samples->len; i++)
    {
      const DynoSample *sample = &g_array_index (target->samples, DynoSample, i);

      if (phase == NULL || sample->phase == phase)
        return TRUE;
    }
  return FALSE;
}

/* A CrystalDiskMark-style grid of an entry's queued tests: a row per test, a column per
 * operation, the mean large (CrystalDiskMark shows its best run; the grid says which). */
static void
add_drive_grid (DynoReportDoc *doc, guint entry, GPtrArray *queued)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  DynoRateUnit unit = dyno_report_doc_get_unit (doc);
  static const char *const ops[] = { "read", "write", "mix" };
  gboolean has_op[G_N_ELEMENTS (ops)] = { FALSE };
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *caption = NULL;
  DynoReportBlock *table;
  DynoReportRow *row;
  guint columns = 1;

  for (guint i = 0; i < queued->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (queued, i);
      const char *title = dyno_text_column_title (phase);
      gboolean seen = FALSE;

      for (guint o = 0; o < G_N_ELEMENTS (ops); o++)
        if (g_strcmp0 (phase->kind->op, ops[o]) == 0)
          has_op[o] = TRUE;
      for (guint r = 0; r < rows->len && !seen; r++)
        seen = g_str_equal (g_ptr_array_index (rows, r), title);
      if (!seen)
        g_ptr_array_add (rows, (gpointer) title);
    }
  for (guint o = 0; o < G_N_ELEMENTS (ops); o++)
    columns += has_op[o] ? 1 : 0;

  /* Translators: a report's caption over CrystalDiskMark's grid of one target */
  caption = g_strdup_printf (_("Drive tests of %s, in %s: the mean of the runs (the best run "
                               "under it)"),
                             dyno_comparison_get_name (comparison, entry),
                             dyno_rate_unit_label (unit));
  table = dyno_report_doc_add_table (doc, caption, columns, 1);
  table->style = DYNO_REPORT_STYLE_LEAD;
  row = dyno_report_table_add_row (table, FALSE);
  /* Translators: a report's drive grid: the column of the tests */
  dyno_report_row_add_cell (row, C_("report column", "Test"), NULL)->header = TRUE;
  for (guint o = 0; o < G_N_ELEMENTS (ops); o++)
    if (has_op[o])
      {
        DynoReportCell *cell = dyno_report_row_add_cell (row,
                                                         o == 0   ? C_("report column", "Read")
                                                         : o == 1 ? C_("report column", "Write")
                                                                  : C_("report column", "Mix"),
                                                         NULL);

        cell->header = TRUE;
        cell->numeric = TRUE;
      }
  for (guint r = 0; r < rows->len; r++)
    {
      row = dyno_report_table_add_row (table, FALSE);
      dyno_report_row_add_cell (row, g_ptr_array_index (rows, r), NULL)->header = TRUE;
      for (guint o = 0; o < G_N_ELEMENTS (ops); o++)
        {
          const DynoPhase *phase = NULL;
          const DynoPhaseResult *result = NULL;
          g_autofree char *value = NULL;
          g_autofree char *best = NULL;
          DynoReportCell *cell;

          if (!has_op[o])
            continue;
          for (guint i = 0; i < queued->len && phase == NULL; i++)
            {
              const DynoPhase *p = g_ptr_array_index (queued, i);

              if (g_strcmp0 (p->kind->op, ops[o]) == 0
                  && g_str_equal (dyno_text_column_title (p), g_ptr_array_index (rows, r)))
                phase = p;
            }
          if (phase != NULL)
            result = dyno_comparison_get_phase_result (comparison, entry, phase);
          if (result != NULL && isfinite (dyno_phase_result_get_rate (result)))
            {
              double mean = dyno_phase_result_get_rate (result);

              value = display_value (phase, unit, mean, mean);
              if (result->rate.n > 1 && isfinite (result->rate.max))
                {
                  g_autofree char *max = display_value (phase, unit, result->rate.max,
                                                        result->rate.max);

                  /* Translators: under a drive grid's figure: its best run */
                  best = g_strdup_printf (_("best %s"), max);
                }
            }
          cell = dyno_report_row_add_cell (row, value != NULL ? value : MARK_NONE, best);
          cell->numeric = TRUE;
          cell->tone = value != NULL ? DYNO_REPORT_TONE_NONE : DYNO_REPORT_TONE_DIM;
        }
    }
}

static void
add_charts (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  g_autoptr (GPtrArray) queued = g_ptr_array_new ();
  guint n = dyno_comparison_get_n_entries (comparison);
  DynoReportChart bars = { DYNO_REPORT_CHART_BARS };

  /* Translators: a report's section */
  dyno_report_doc_add_heading (doc, 2, "charts", _("Charts"));
  bars.width = CHART_WIDTH;
  bars.height = n > 2 ? 480 : 420;
  dyno_report_doc_add_chart (doc, &bars,
                             /* Translators: a report's chart caption */
                             /* xgettext:no-c-format */
                             _("Every figure: the mean of its runs, the whiskers its 95 % "
                               "interval."));

  /* One run: how it went, every phase on one time axis. */
  if (n == 1 && entry_has_samples (comparison, 0, NULL))
    {
      DynoReportChart live = { DYNO_REPORT_CHART_LIVE };

      live.entry = 0;
      live.width = CHART_WIDTH;
      live.height = 440;
      dyno_report_doc_add_chart (doc, &live,
                                 /* Translators: a report's chart caption */
                                 _("The run as it went: each phase’s rate (left axis) and the "
                                   "CPU (right axis) over time."));
    }

  /* Each phase's live rate through the phase, every run of every entry: small multiples,
   * said once over them and each captioned with its phase. */
  for (guint i = 0, shown = 0; n > 1 && i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      DynoReportChart overlay = { DYNO_REPORT_CHART_OVERLAY };
      gboolean any = FALSE;

      for (guint e = 0; e < n && !any; e++)
        any = entry_has_samples (comparison, e, phase);
      if (!any)
        continue;
      if (shown++ == 0)
        dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NOTE,
                                       /* Translators: in a report, over its small charts of
                                        * each phase's live rate */
                                       _("Each phase as it went: its live rate through the "
                                         "phase’s own time, every run of every target drawn."));
      overlay.phase = phase;
      overlay.width = HALF_CHART_WIDTH;
      overlay.height = HALF_CHART_HEIGHT;
      overlay.half = TRUE;
      dyno_report_doc_add_chart (doc, &overlay, dyno_phase_get_title (phase));
    }

  /* CrystalDiskMark's grid, for the queued tests. */
  for (guint i = 0; i < phases->len; i++)
    if (dyno_phase_has_flag (g_ptr_array_index (phases, i), DYNO_PHASE_QUEUED))
      g_ptr_array_add (queued, g_ptr_array_index (phases, i));
  for (guint e = 0; e < n && queued->len > 0; e++)
    add_drive_grid (doc, e, queued);

  /* A fill's curve and a drive scan's rate against position go here when a result holds
   * them: a DynoReportChartKind each (dyno-report-doc.h) and its drawing in
   * src/render/dyno-report-charts.c. */
}

/* ---- the whole ------------------------------------------------------------------------ */

/* One run's title, as charts name it: its label, else its folder, else its host. */
static char *
single_title (DynoComparison *comparison)
{
  DynoResult *result = dyno_comparison_get_result (comparison, 0);
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, 0);
  const char *label = dyno_result_get_label (result);

  if (label != NULL && *label != '\0')
    return g_strdup (label);
  if (target->info != NULL && target->info->path != NULL)
    {
      g_autofree char *base = g_path_get_basename (target->info->path);

      if (g_strcmp0 (base, G_DIR_SEPARATOR_S) != 0 && g_strcmp0 (base, ".") != 0)
        return g_steal_pointer (&base);
    }
  return g_strdup (dyno_comparison_get_name (comparison, 0));
}

static void
set_titles (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) results = dyno_report_results (comparison);
  guint n = dyno_comparison_get_n_entries (comparison);
  g_autofree char *title = NULL;
  g_autofree char *source = dyno_comparison_describe_source (comparison);
  g_autoptr (GString) subtitle = g_string_new (NULL);
  g_autoptr (GPtrArray) shown = g_ptr_array_new ();

  if (n == 2)
    title = dyno_comparison_describe_versus (comparison,
                                             dyno_comparison_get_baseline (comparison) == 0 ? 1
                                                                                            : 0);
  else if (n > 2)
    title = dyno_comparison_join_names (comparison);
  else if (n == 1)
    title = single_title (comparison);
  else
    title = g_strdup ("Dyno");

  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const char *label = dyno_result_get_label (result);
      const DynoSystemInfo *system = dyno_result_get_system (result);
      const char *host = dyno_result_get_remote (result) != NULL
                             ? dyno_result_get_remote (result)
                         : system != NULL ? system->hostname
                                          : NULL;
      GDateTime *created = dyno_result_get_created (result);

      /* Each label and host once, and neither where the title says it already. */
      if (label != NULL && *label != '\0' && strstr (title, label) == NULL
          && !g_ptr_array_find_with_equal_func (shown, label, g_str_equal, NULL))
        {
          g_ptr_array_add (shown, (gpointer) label);
          g_string_append_printf (subtitle, "%s%s", subtitle->len ? " · " : "", label);
        }
      if (n == 1 && i == 0)
        {
          const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, 0);

          if (target->info != NULL && target->info->path != NULL)
            g_string_append_printf (subtitle, "%s%s", subtitle->len ? " · " : "",
                                    target->info->path);
        }
      if (host != NULL && strstr (title, host) == NULL
          && !g_ptr_array_find_with_equal_func (shown, host, g_str_equal, NULL))
        {
          g_ptr_array_add (shown, (gpointer) host);
          g_string_append_printf (subtitle, "%s%s", subtitle->len ? " · " : "", host);
        }
      /* When it ran; an import may only know when it was imported, which says nothing. */
      if (created != NULL && i == 0 && dyno_result_get_source (result) == NULL)
        {
          g_autofree char *date = g_date_time_format (created, "%Y-%m-%d %H:%M UTC");

          g_string_append_printf (subtitle, "%s%s", subtitle->len ? " · " : "", date);
        }
    }
  dyno_report_doc_set_title (doc, title, subtitle->len ? subtitle->str : NULL);
  dyno_report_doc_set_footer (doc, source);
}

DynoReportDoc *
dyno_report_doc_build (DynoComparison *comparison, DynoRateUnit unit)
{
  DynoReportDoc *doc;

  g_return_val_if_fail (comparison != NULL, NULL);

  doc = dyno_report_doc_new (comparison, unit);
  set_titles (doc);
  add_answer (doc);
  add_figures (doc);
  add_charts (doc);
  dyno_report_add_targets (doc);
  dyno_report_add_machine (doc);
  dyno_report_add_method (doc);
  dyno_report_add_command (doc);
  return doc;
}
