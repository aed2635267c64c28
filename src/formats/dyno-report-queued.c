/* dyno-report-queued.c: the queued tests in CrystalDiskMark's text layout, and as CSV
 *
 * The block a person compares with CrystalDiskMark's "Save (Text)" keeps its layout line for
 * line: "[Read]" and "[Write]" sections, "  SEQ    1MiB (Q=  8, T= 1):  3456.789 MB/s [
 * 3296.7 IOPS] <  2423.01 us>", then Profile, Test, Mode, Time, Date, OS and Comment. Like
 * CrystalDiskMark's own export it stays in English whatever the locale, so the two can be
 * read side by side and by the same scripts. Two things differ, and the header says so: the
 * figure on each line is the mean over the runs (CrystalDiskMark prints its best run), with
 * the 95 % interval and the best run after it; and a second table gives latency percentiles
 * and the CPU each test cost per GB moved, its own threads' and the whole machine's.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-grid.h"
#include "dyno-parse.h"
#include "dyno-profile.h"
#include "dyno-report.h"
#include "dyno-report-private.h"

#define RULE "------------------------------------------------------------------------------\n"

static gboolean
is_queued (const DynoPhaseResult *phase)
{
  return dyno_phase_has_flag (phase->phase, DYNO_PHASE_QUEUED);
}

/* "SEQ    1MiB", "RND    4KiB", "SEQ  128KiB": CrystalDiskMark's test names. */
static void
append_test_name (GString *out, const DynoPhase *phase)
{
  guint64 block = phase->params.block_size;
  const char *pattern = g_strcmp0 (phase->kind->pattern, "seq") == 0 ? "SEQ" : "RND";

  if (block >= (1 << 20) && block % (1 << 20) == 0)
    g_string_append_printf (out, "%s %4" G_GUINT64_FORMAT "MiB", pattern, block >> 20);
  else if (block % 1024 == 0)
    g_string_append_printf (out, "%s %4" G_GUINT64_FORMAT "KiB", pattern, block >> 10);
  else
    g_string_append_printf (out, "%s %5" G_GUINT64_FORMAT "B", pattern, block);
  g_string_append_printf (out, " (Q=%3u, T=%2u)", phase->params.queue_depth, phase->params.threads);
}

static double
mean_latency_us (const DynoPhaseResult *phase)
{
  return isnan (phase->latency.mean) ? NAN : phase->latency.mean * 1e6;
}

/* width columns (0: as wide as it takes), decimals after the point; "—" when unknown */
static void
append_number (GString *out, double value, int width, int decimals)
{
  if (isnan (value))
    g_string_append_printf (out, "%*s", width + 2 /* the dash is 3 bytes, 1 column */, "—");
  else
    g_string_append_printf (out, "%*.*f", width, decimals, value);
}

static void
append_test_line (GString *out, const DynoPhaseResult *phase)
{
  double mb = phase->rate.mean / 1e6;

  g_string_append (out, "  ");
  append_test_name (out, phase->phase);
  g_string_append (out, ": ");
  append_number (out, mb, 9, 3);
  g_string_append (out, " MB/s [");
  append_number (out, phase->iops.mean, 9, 1);
  g_string_append (out, " IOPS] <");
  append_number (out, mean_latency_us (phase), 9, 2);
  g_string_append (out, " us>");
  if (phase->rate.n > 1)
    {
      int digits;
      /* To two significant digits, as the grid's: "±2849.648" said more than two runs know.
       * Labelled: the half-width of the mean's 95 % interval, as everywhere in Dyno. */
      double half = dyno_grid_round_interval (phase->rate.ci95 / 1e6, 3, &digits);

      g_string_append (out, "  ±");
      append_number (out, half, 0, digits);
      g_string_append (out, " (95%), best");
      g_string_append_c (out, ' ');
      append_number (out, phase->rate.max / 1e6, 0, 3);
    }
  else if (phase->best_of > 0)
    g_string_append_printf (out, "  (best of %u)", phase->best_of);
  if (phase->too_fast)
    g_string_append (out, "  (too fast to trust)");
  /* As "+++++" is named: a figure that may come from a cache below is not one of the disk. */
  if (phase->cache_doubt != NULL)
    g_string_append_printf (out, "  († %s)", phase->cache_doubt);
  g_string_append_c (out, '\n');
}

static void
append_section (GString *out, const DynoTargetResult *target, const char *op)
{
  gboolean any = FALSE;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (!is_queued (phase) || g_strcmp0 (phase->phase->kind->op, op) != 0)
        continue;
      if (!any)
        {
          if (g_str_equal (op, "mix"))
            g_string_append_printf (out, "\n[Mix] Read %u%%/Write %u%%\n",
                                    phase->phase->params.read_percent,
                                    100 - phase->phase->params.read_percent);
          else
            g_string_append_printf (out, "\n[%s]\n", g_str_equal (op, "read") ? "Read" : "Write");
          any = TRUE;
        }
      append_test_line (out, phase);
    }
}

static guint
max_runs (const DynoTargetResult *target)
{
  guint n = 0;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (is_queued (phase))
        n = MAX (n, phase->runs->len);
    }
  return n;
}

/* "O_DIRECT, io_uring" from the runs; both engines when tests differed (the automatic engine
 * runs Q1 tests with threads, the others with io_uring). */
static char *
describe_mode (const DynoTargetResult *target)
{
  const char *engine = NULL, *other = NULL;
  int direct = -2;
  gboolean direct_differs = FALSE;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      for (guint j = 0; is_queued (phase) && j < phase->runs->len; j++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, j);

          if (run->engine != NULL && engine != NULL && g_strcmp0 (run->engine, engine) != 0)
            other = run->engine;
          else if (run->engine != NULL && engine == NULL)
            engine = run->engine;
          if (direct != -2 && run->direct != direct)
            direct_differs = TRUE;
          direct = run->direct;
        }
    }
  return g_strdup_printf ("%s, %s%s%s",
                          direct_differs ? "O_DIRECT and buffered"
                          : direct == 1  ? "O_DIRECT"
                          : direct == 0  ? "buffered (page cache evicted before each test)"
                                         : "unknown I/O mode",
                          engine ? engine : "unknown engine", other ? " and " : "",
                          other ? other : "");
}

static void
append_footer (GString *out, DynoResult *result, const DynoTargetResult *target)
{
  const DynoConfig *config = dyno_result_get_config (result);
  const DynoSystemInfo *system = dyno_result_get_system (result);
  const DynoTargetInfo *info = target->info;
  g_autoptr (GPtrArray) phases = g_ptr_array_new ();
  const DynoProfile *profile;
  g_autofree char *size = dyno_format_size (config->queue_size);
  g_autofree char *mode = describe_mode (target);
  GDateTime *created = dyno_result_get_created (result);
  g_autofree char *date = NULL;
  const char *label = dyno_result_get_label (result);
  const char *notes = dyno_result_get_notes (result);

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (is_queued (phase))
        g_ptr_array_add (phases, (gpointer) phase->phase);
    }
  profile = dyno_profile_find (phases);
  if (created != NULL)
    {
      g_autoptr (GDateTime) local = g_date_time_to_local (created);

      date = g_date_time_format (local, "%Y/%m/%d %H:%M:%S");
    }

  g_string_append_printf (out, "\nProfile: %s\n", profile ? profile->title : "Custom");
  g_string_append_printf (out, "   Test: %s (x%u)", size, MAX (max_runs (target), 1));
  if (info != NULL && info->total_bytes > 0 && info->free_bytes <= info->total_bytes)
    {
      g_autofree char *used = dyno_format_size (info->total_bytes - info->free_bytes);
      g_autofree char *total = dyno_format_size (info->total_bytes);

      g_string_append_printf (out, " [%s: %.0f%% (%s/%s)]", info->path,
                              100.0 * (info->total_bytes - info->free_bytes) / info->total_bytes,
                              used, total);
    }
  g_string_append_printf (out, "\n   Mode: %s\n", mode);
  if (config->phase_time > 0)
    g_string_append_printf (out, "   Time: Measure %g sec / Interval %g sec\n", config->phase_time,
                            config->interval);
  else
    g_string_append_printf (out, "   Time: one pass over the test file / Interval %g sec\n",
                            config->interval);
  if (date != NULL)
    g_string_append_printf (out, "   Date: %s\n", date);
  if (system != NULL && system->os_name != NULL)
    {
      g_string_append_printf (out, "     OS: %s", system->os_name);
      if (system->kernel != NULL)
        g_string_append_printf (out, " [%s]", system->kernel);
      if (system->arch != NULL)
        g_string_append_printf (out, " (%s)", system->arch);
      g_string_append_c (out, '\n');
    }
  if ((label && *label) || (notes && *notes))
    g_string_append_printf (out, "Comment: %s%s%s\n", label ? label : "",
                            label && *label && notes && *notes ? " — " : "",
                            notes ? notes : "");
}

/* Text in width columns (characters, not bytes: "µs"), right-aligned; negative: left. */
static void
append_cell (GString *out, const char *text, int width)
{
  int pad = ABS (width) - (int) g_utf8_strlen (text, -1);

  if (width > 0)
    for (int i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (width < 0)
    for (int i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
}

/* Latency percentiles and CPU: what CrystalDiskMark does not show. */
static void
append_details (GString *out, const DynoTargetResult *target)
{
  g_string_append (out, "\n");
  /* Translators: column heads of the queued tests' detail table */
  append_cell (out, _("Test"), -28);
  append_cell (out, _("p50 µs"), 10);
  append_cell (out, _("p99 µs"), 10);
  append_cell (out, _("p99.9 µs"), 10);
  append_cell (out, _("max µs"), 10);
  append_cell (out, _("CPU s/GB"), 11);
  append_cell (out, _("all CPUs"), 11);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      g_autoptr (GString) name = g_string_new (NULL);

      if (!is_queued (phase))
        continue;
      g_string_append_printf (name, "%s %s", dyno_phase_get_short_title (phase->phase),
                              phase->phase->kind->op);
      g_string_append_printf (out, "%-28s ", name->str);
      append_number (out, phase->latency.p50 * 1e6, 9, 1);
      g_string_append_c (out, ' ');
      append_number (out, phase->latency.p99 * 1e6, 9, 1);
      g_string_append_c (out, ' ');
      append_number (out, phase->latency.p999 * 1e6, 9, 1);
      g_string_append_c (out, ' ');
      append_number (out, phase->latency.max * 1e6, 9, 1);
      g_string_append_c (out, ' ');
      append_number (out, dyno_phase_result_cpu_per_gb (phase, FALSE), 10, 3);
      g_string_append_c (out, ' ');
      append_number (out, dyno_phase_result_cpu_per_gb (phase, TRUE), 10, 3);
      g_string_append_c (out, '\n');
    }
  /* Translators: explains the last two columns of the table above */
  g_string_append (out, _("CPU s/GB: seconds of CPU per 10⁹ bytes moved, by Dyno's I/O threads; "
                          "all CPUs: by the whole machine, kernel threads and file system "
                          "daemons included\n"));
}

gboolean
dyno_report_has_queued (const DynoTargetResult *target)
{
  for (guint i = 0; i < target->phases->len; i++)
    if (is_queued (g_ptr_array_index (target->phases, i)))
      return TRUE;
  return FALSE;
}

void
dyno_report_append_queued (GString *out, DynoResult *result, const DynoTargetResult *target)
{
  guint n = max_runs (target);

  g_string_append (out, RULE);
  g_string_append_printf (out, "%s: queued tests in CrystalDiskMark's layout\n",
                          dyno_result_get_tool (result) ? dyno_result_get_tool (result) : "Dyno");
  g_string_append (out, RULE);
  g_string_append (out, "* MB/s = 1,000,000 bytes/s, IOPS = I/Os per second, us = mean latency\n");
  if (n > 1)
    g_string_append_printf (out, "* Each figure is the mean of %u runs, then its 95 %% confidence "
                                 "interval and the best run (CrystalDiskMark prints the best)\n",
                            n);
  append_section (out, target, "read");
  append_section (out, target, "write");
  append_section (out, target, "mix");
  append_footer (out, result, target);
  append_details (out, target);
}

/* ---- CSV: one line per target and queued test ------------------------------------------ */

static const char *const csv_fields[] = {
  "label", "target", "test", "pattern", "op", "block_size", "queue_depth", "threads",
  "read_percent", "runs", "mb_s_mean", "mb_s_ci95", "mb_s_best", "iops_mean", "iops_best",
  "latency_mean_us", "latency_p50_us", "latency_p99_us", "latency_p999_us", "latency_max_us",
  "cpu_s_per_gb", "machine_cpu_s_per_gb", "engine", "direct",
};

static void
csv_text (GString *out, const char *text)
{
  /* RFC 4180: quote every text field, double the quotes inside. */
  g_string_append_c (out, '"');
  for (const char *p = text ? text : ""; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, (guchar) *p < 0x20 ? ' ' : *p);
    }
  g_string_append_c (out, '"');
}

static void
csv_number (GString *out, double value, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Never the locale's decimal comma: that would split the field. */
  if (!isnan (value))
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, decimals == 1 ? "%.1f" : "%.3f", value));
}

char *
dyno_report_queued_csv (DynoResult *result)
{
  GString *out = g_string_new (NULL);
  const char *label = dyno_result_get_label (result);

  for (guint i = 0; i < G_N_ELEMENTS (csv_fields); i++)
    g_string_append_printf (out, "%s%s", i ? "," : "", csv_fields[i]);
  g_string_append_c (out, '\n');

  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      for (guint i = 0; i < target->phases->len; i++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
          const DynoPhaseParams *p = &phase->phase->params;
          const char *engine = NULL;
          int direct = -1;
          g_autofree char *path = NULL;

          if (!is_queued (phase))
            continue;
          for (guint j = 0; j < phase->runs->len; j++)
            {
              engine = g_array_index (phase->runs, DynoPhaseRun, j).engine;
              direct = g_array_index (phase->runs, DynoPhaseRun, j).direct;
            }
          path = target->info && target->info->path ? g_filename_display_name (target->info->path)
                                                    : NULL;
          csv_text (out, label);
          g_string_append_c (out, ',');
          csv_text (out, path);
          g_string_append_printf (out, ",%s,%s,%s,%" G_GUINT64_FORMAT ",%u,%u,",
                                  dyno_phase_get_key (phase->phase), phase->phase->kind->pattern,
                                  phase->phase->kind->op, p->block_size, p->queue_depth,
                                  p->threads);
          if (phase->phase->kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
            g_string_append_printf (out, "%u", p->read_percent);
          g_string_append_printf (out, ",%u,", phase->runs->len);
          csv_number (out, phase->rate.mean / 1e6, 3);
          g_string_append_c (out, ',');
          csv_number (out, phase->rate.ci95 / 1e6, 3);
          g_string_append_c (out, ',');
          csv_number (out, phase->rate.max / 1e6, 3);
          g_string_append_c (out, ',');
          csv_number (out, phase->iops.mean, 1);
          g_string_append_c (out, ',');
          csv_number (out, phase->iops.max, 1);
          g_string_append_c (out, ',');
          csv_number (out, phase->latency.mean * 1e6, 1);
          g_string_append_c (out, ',');
          csv_number (out, phase->latency.p50 * 1e6, 1);
          g_string_append_c (out, ',');
          csv_number (out, phase->latency.p99 * 1e6, 1);
          g_string_append_c (out, ',');
          csv_number (out, phase->latency.p999 * 1e6, 1);
          g_string_append_c (out, ',');
          csv_number (out, phase->latency.max * 1e6, 1);
          g_string_append_c (out, ',');
          csv_number (out, dyno_phase_result_cpu_per_gb (phase, FALSE), 3);
          g_string_append_c (out, ',');
          csv_number (out, dyno_phase_result_cpu_per_gb (phase, TRUE), 3);
          g_string_append_printf (out, ",%s,%s\n", engine ? engine : "",
                                  direct < 0 ? "" : direct ? "true" : "false");
        }
    }
  return g_string_free (out, FALSE);
}
