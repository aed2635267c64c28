/* dyno-report.c: results as a Bonnie-style text table and as bonnie++ 1.98 CSV
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CSV follows bonnie++ 1.98/2.00a's bon_time.cpp field for field (50 fields, 49 commas),
 * so Debian's bon_csv2txt and bon_csv2html read it, with three deliberate differences:
 *  - field 1 (bonnie_version) names the program that measured: "dyno-0.1.0". Neither reader
 *    looks at it (bon_csv2txt prints its own "2.00a", bon_csv2html never prints column 1);
 *  - field 6 (io_chunk_size) holds the chunk when it is not 8192, as bonnie++ 1.97 did; 2.00a
 *    always leaves it empty. Field 24 (file_chunk_size) stays empty: we have no such setting;
 *  - the optional header line has one correct name per field (2.00a prints the 48 names of
 *    1.97, without seeks/seek_proc_count and with num_dirs/file_chunk_size swapped). Field 7
 *    is called "num_seeks" so that no name appears twice ("seeks" is the rate, field 19).
 *
 * The header line starts "format_version," as bonnie++ -x prints it. bon_csv2html skips such
 * a line silently (it says "Can't process" to a line starting "name,"). bon_csv2txt skips only
 * lines starting "name,": for ours it prints one "Expected 1.98, got format_version …" line
 * on stderr, goes on, and exits 0 — exactly what it does with bonnie++'s own -x output. Ask
 * for no header when piping into bon_csv2txt.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "dyno-bonnie-csv-private.h"
#include "dyno-array.h"
#include "dyno-option.h"
#include "dyno-report.h"
#include "dyno-report-private.h"
#include "dyno-text-table-private.h"

#define CSV_VERSION "1.98"
#define CSV_N_FIELDS DYNO_BONNIE_CSV_198_N_FIELDS
/* bon_csv2html reads lines with fgets() into 1024 bytes: keep names well short of that. */
#define CSV_MAX_NAME_BYTES 200

/* The text table: a label column, then one column per phase of a rate and its %CPU. */
#define LABEL_WIDTH 19
#define RATE_WIDTH 8
#define CPU_WIDTH 3
#define COLUMN_WIDTH (1 + RATE_WIDTH + 1 + CPU_WIDTH)



/* ---- shared helpers ------------------------------------------------------------------- */

/* The configuration as this target ran it: the sizes its calibration chose in place of the
 * ones the configuration gives (dyno_config_is_auto). Free with dyno_config_free. */
static DynoConfig *
target_config (DynoResult *result, const DynoTargetResult *target)
{
  DynoConfig *config = dyno_config_copy (dyno_result_get_config (result));
  const DynoSizing *sizing = &target->sizing;

  if (sizing->size > 0)
    config->size = sizing->size;
  if (sizing->per_char_size > 0)
    config->per_char_size = sizing->per_char_size;
  if (sizing->files > 0)
    dyno_config_get_files (config)->num = (guint) MIN ((sizing->files + 1023) / 1024, G_MAXUINT);
  /* bonnie++'s spec has a field for the seeks (io_spec). */
  {
    const DynoPhaseKind *seeks = dyno_phase_kind_lookup ("seeks");
    guint64 count = seeks != NULL ? dyno_sizing_get_count (sizing, seeks) : 0;

    if (count > 0)
      dyno_config_set_uint (config, "seeks", (guint) MIN (count, G_MAXUINT));
  }
  return config;
}

static const char *
result_name (DynoResult *result)
{
  const char *label = dyno_result_get_label (result);
  const DynoConfig *config = dyno_result_get_config (result);
  const DynoSystemInfo *system = dyno_result_get_system (result);

  if (label != NULL && *label != '\0')
    return label;
  if (config->label != NULL && *config->label != '\0')
    return config->label;
  if (system->hostname != NULL && *system->hostname != '\0')
    return system->hostname;
  return "dyno";
}

/* Control characters would break a line or a column; the CSV also loses its commas. */
static char *
sanitize_name (const char *name, gboolean for_csv)
{
  char *clean = g_utf8_make_valid (name, -1);

  for (char *p = clean; *p != '\0'; p++)
    {
      if ((guchar) *p < 0x20 || *p == 0x7f)
        *p = ' ';
      else if (for_csv && *p == ',')
        *p = ';';
    }
  if (for_csv && strlen (clean) > CSV_MAX_NAME_BYTES)
    {
      const char *end = clean + CSV_MAX_NAME_BYTES;

      /* Cut at a character boundary. */
      while (end > clean && ((guchar) *end & 0xc0) == 0x80)
        end--;
      clean[end - clean] = '\0';
    }
  return clean;
}

/* The run of one repeat: runs[repeat] when it is that repeat, else the run that says so. */
static const DynoPhaseRun *
find_run (const DynoPhaseResult *phase, guint repeat)
{
  if (phase == NULL)
    return NULL;
  if (repeat < phase->runs->len)
    {
      const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, repeat);

      if (run->repeat == repeat)
        return run;
    }
  for (guint i = 0; i < phase->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, i);

      if (run->repeat == repeat)
        return run;
    }
  return NULL;
}

/* How many repeats left a trace: one more than the highest repeat of any run. */
static guint
target_n_repeats (const DynoTargetResult *target)
{
  guint n = 0;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      for (guint j = 0; j < phase->runs->len; j++)
        n = MAX (n, g_array_index (phase->runs, DynoPhaseRun, j).repeat + 1);
    }
  return n;
}

/* The most runs any phase of the target has. */
static guint
target_max_runs (const DynoTargetResult *target)
{
  guint n = 0;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      n = MAX (n, phase->runs->len);
    }
  return n;
}

static gboolean
target_has_phases (const DynoTargetResult *target, DynoTextTable table)
{
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (dyno_text_table_of (phase->phase) == table)
        return TRUE;
    }
  return FALSE;
}

/* Bonnie's columns of one of its tables, all of them, in its order. */
static GPtrArray *
bonnie_columns (DynoTextTable table)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  const DynoPhase *const *bonnie;
  guint n;

  bonnie = dyno_phase_bonnie (&n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (all, (gpointer) bonnie[i]);
  return dyno_text_table_columns (all, table);
}

/* bonnie++'s print_size(): a count with the biggest unit that divides it exactly. units[0]
 * is the unit of the count itself; a ' ' unit is dropped ("512", "64k", "2G"). */
static void
append_bonnie_size (GString *out, guint64 size, const char *units)
{
  guint i = 0;

  while (size != 0 && size % 1024 == 0 && units[i + 1] != '\0')
    {
      size /= 1024;
      i++;
    }
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, size);
  if (units[i] != ' ')
    g_string_append_c (out, units[i]);
}

/* The data file size as bonnie++ writes it: whole MiB ("300M"), or GiB when exact ("2G").
 * bonnie++ only knows whole MiB; we round to the nearest, and never down to 0 for a file. */
static void
append_file_size (GString *out, guint64 bytes)
{
  guint64 mib = (bytes + (G_GUINT64_CONSTANT (1) << 19)) >> 20;

  if (mib == 0 && bytes > 0)
    mib = 1;
  append_bonnie_size (out, mib, "MG");
}

/* bonnie++'s print_latency(): "NNNus" below 0.1 s, "NNNms" up to 100 s, "NNNs" above, each
 * truncated; nothing when unknown. We round to the microsecond first so that 0.0536 s is
 * "53600us", not the "53599us" a double can give (bonnie++ truncates straight away). */
static void
append_bonnie_latency (GString *out, double seconds)
{
  gint64 us;

  if (!isfinite (seconds) || seconds <= 0)
    return;
  us = (gint64) floor (seconds * 1e6 + 0.5);
  if (us >= G_GINT64_CONSTANT (100000000))
    g_string_append_printf (out, "%" G_GINT64_FORMAT "s", us / 1000000);
  else if (us >= 100000)
    g_string_append_printf (out, "%" G_GINT64_FORMAT "ms", us / 1000);
  else
    g_string_append_printf (out, "%" G_GINT64_FORMAT "us", us);
}

/* ---- CSV ------------------------------------------------------------------------------ */

static void
append_csv_double (GString *out, const char *format, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Never the locale's decimal comma: it would split the field. */
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, format, value));
}

/* ",rate,cpu" for one phase in one repeat, as bonnie++'s print_stat(). */
static void
append_csv_stat (GString *out, const DynoPhase *id, const DynoPhaseRun *run)
{
  double rate;

  if (run == NULL)
    {
      g_string_append (out, ",,");
      return;
    }
  if (run->too_fast)
    {
      g_string_append (out, ",+++++,+++");
      return;
    }

  rate = run->rate;
  if (!isfinite (rate) || rate < 0)
    {
      g_string_append (out, ",,");
      return;
    }

  g_string_append_c (out, ',');
  if (dyno_phase_get_unit (id) == DYNO_UNIT_OPS && !dyno_phase_has_flag (id, DYNO_PHASE_FILE_TEST))
    append_csv_double (out, rate >= 1000 ? "%.0f" : "%.1f", rate); /* seeks */
  else if (dyno_phase_get_unit (id) == DYNO_UNIT_BYTES)
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, (guint64) (rate / 1024));
  else
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, (guint64) rate);

  g_string_append_c (out, ',');
  if (isfinite (run->cpu_percent) && run->cpu_percent >= 0)
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, (guint64) run->cpu_percent);
}

static double
run_max_latency (const DynoPhaseResult *phase, const DynoPhaseRun *run)
{
  if (run == NULL)
    return NAN;
  if (isfinite (run->latency.max))
    return run->latency.max;
  /* Imports of a single run may only carry the phase's figure. */
  if (phase->runs->len == 1)
    return phase->latency.max;
  return NAN;
}

/* bonnie_version: the program that measured. bonnie++ writes a bare version ("2.00a"); we
 * keep that for imported bonnie++ results and write "dyno-0.1.0" for ours. */
static char *
csv_tool_version (DynoResult *result)
{
  const char *tool = dyno_result_get_tool (result);
  char *version;

  if (tool == NULL || *tool == '\0')
    return g_strdup ("dyno-" PACKAGE_VERSION);
  if (g_str_has_prefix (tool, "bonnie++ "))
    tool += strlen ("bonnie++ ");
  version = sanitize_name (tool, TRUE);
  g_strdelimit (version, " ", '-');
  return version;
}

char *
dyno_report_csv_line (DynoResult *result, guint target_index, guint repeat)
{
  const DynoConfig *config;
  DynoTargetResult *target;
  g_autofree char *name = NULL;
  g_autofree char *version = NULL;
  g_autoptr (DynoConfig) sized = NULL;
  const DynoPhase *const *bonnie;
  guint n_bonnie;
  GString *line;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);
  g_return_val_if_fail (target_index < dyno_result_get_n_targets (result), NULL);

  /* The fields follow Bonnie's twelve phases in their order; queued tests have none. */
  bonnie = dyno_phase_bonnie (&n_bonnie);
  target = dyno_result_get_target (result, target_index);
  config = sized = target_config (result, target);
  name = sanitize_name (result_name (result), TRUE);
  version = csv_tool_version (result);

  line = g_string_new (CSV_VERSION);
  g_string_append_printf (line, ",%s,%s,1,", version, name);
  if (config->seed != 0)
    g_string_append_printf (line, "%" G_GUINT64_FORMAT, config->seed);

  /* Fields 5–20: the I/O tests, all empty when none was asked for (bonnie++ -s 0). */
  if (dyno_config_has_io_tests (config))
    {
      g_string_append_c (line, ',');
      append_file_size (line, config->size);
      g_string_append_c (line, ',');
      if (config->chunk != DYNO_DEFAULT_CHUNK)
        append_bonnie_size (line, config->chunk, " km");
      g_string_append_printf (line, ",%u,%u", dyno_config_get_uint (config, "seeks"),
                              dyno_config_get_uint (config, "seekers"));
      for (guint i = 0; i < n_bonnie; i++)
        if (!dyno_phase_has_flag (bonnie[i], DYNO_PHASE_FILE_TEST))
          append_csv_stat (line, bonnie[i],
                           find_run (dyno_target_result_get_phase (target, bonnie[i]), repeat));
    }
  else
    g_string_append (line, ",,,,,,,,,,,,,,,,");

  /* Fields 21–37: the file tests (bonnie++ -n 0 leaves them all empty). */
  if (dyno_config_has_file_tests (config))
    {
      g_string_append_printf (line, ",%u,", dyno_config_get_files (config)->num);
      if (dyno_config_get_files (config)->max == DYNO_FILES_LINK)
        g_string_append (line, "link");
      else if (dyno_config_get_files (config)->max == DYNO_FILES_SYMLINK)
        g_string_append (line, "symlink");
      else if (dyno_config_get_files (config)->max > 0)
        g_string_append_printf (line, "%" G_GINT64_FORMAT, dyno_config_get_files (config)->max);
      g_string_append_c (line, ',');
      if (dyno_config_get_files (config)->max > 0 && dyno_config_get_files (config)->min > 0)
        g_string_append_printf (line, "%" G_GINT64_FORMAT, dyno_config_get_files (config)->min);
      /* file_chunk_size, then num_dirs */
      g_string_append (line, ",,");
      if (dyno_config_get_files (config)->dirs > 1)
        g_string_append_printf (line, "%u", dyno_config_get_files (config)->dirs);
      for (guint i = 0; i < n_bonnie; i++)
        if (dyno_phase_has_flag (bonnie[i], DYNO_PHASE_FILE_TEST))
          append_csv_stat (line, bonnie[i],
                           find_run (dyno_target_result_get_phase (target, bonnie[i]), repeat));
    }
  else
    g_string_append (line, ",,,,,,,,,,,,,,,,,");

  /* Fields 38–49: the worst latency of each phase, always present. */
  for (guint i = 0; i < n_bonnie; i++)
    {
      DynoPhaseResult *phase = dyno_target_result_get_phase (target, bonnie[i]);

      g_string_append_c (line, ',');
      if (phase != NULL)
        append_bonnie_latency (line, run_max_latency (phase, find_run (phase, repeat)));
    }

  return g_string_free (line, FALSE);
}

char *
dyno_report_csv (DynoResult *result, gboolean header)
{
  GString *out;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  out = g_string_new (NULL);
  if (header)
    {
      for (guint i = 0; i < CSV_N_FIELDS; i++)
        g_string_append_printf (out, "%s%s", i ? "," : "", dyno_bonnie_csv_198_names[i]);
      g_string_append_c (out, '\n');
    }

  /* One line per target and repeat. A target that measured nothing gets no line: the format
   * cannot say why, and an empty row would read as a run. */
  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      guint n = target_n_repeats (dyno_result_get_target (result, t));

      for (guint r = 0; r < n; r++)
        {
          g_autofree char *line = dyno_report_csv_line (result, t, r);

          g_string_append (out, line);
          g_string_append_c (out, '\n');
        }
    }
  return g_string_free (out, FALSE);
}

/* ---- text ----------------------------------------------------------------------------- */

static void
append_cell (GString *out, const char *rate, const char *cpu)
{
  g_string_append_c (out, ' ');
  dyno_text_append_padded (out, rate, RATE_WIDTH, TRUE);
  g_string_append_c (out, ' ');
  dyno_text_append_padded (out, cpu, CPU_WIDTH, TRUE);
}

/* A phase's mean rate and %CPU over its runs, "+++++" when every run was too fast, "†" after
 * a figure that may come from a cache below the target (the notes say why). */
static void
append_mean_cell (GString *out, const DynoPhaseResult *phase, DynoRateUnit unit)
{
  g_autofree char *rate = NULL;
  g_autofree char *cpu = NULL;
  double value;

  if (phase == NULL || (phase->rate.n == 0 && !phase->too_fast))
    {
      append_cell (out, "", "");
      return;
    }
  if (phase->rate.n == 0)
    {
      append_cell (out, "+++++", "+++");
      return;
    }

  value = phase->rate.mean / dyno_text_display_scale (phase->phase, unit);
  rate = g_strdup_printf ("%.*f", dyno_text_rate_decimals (phase->phase, unit, value), value);
  if (isfinite (phase->cpu_percent.mean) && phase->cpu_percent.mean >= 0)
    cpu = g_strdup_printf ("%d", (int) MIN (floor (phase->cpu_percent.mean + 0.5), 999));
  if (phase->cache_doubt != NULL)
    {
      g_autofree char *marked = g_strconcat (rate, "†", NULL);

      /* Wider than its column, the row moves right rather than the cut losing the mark. */
      if (g_utf8_strlen (marked, -1) > RATE_WIDTH)
        {
          g_string_append_printf (out, " %s ", marked);
          dyno_text_append_padded (out, cpu ? cpu : "", CPU_WIDTH, TRUE);
          return;
        }
      append_cell (out, marked, cpu ? cpu : "");
      return;
    }
  append_cell (out, rate, cpu ? cpu : "");
}

/* The standard deviation of the rate, with the decimals of the mean. */
static void
append_sd_cell (GString *out, const DynoPhaseResult *phase, DynoRateUnit unit)
{
  g_autofree char *half = NULL;
  double scale;

  /* The half-width of the mean's 95 % interval: the ± of every other table of Dyno. */
  if (phase == NULL || phase->rate.n < 2 || !isfinite (phase->rate.ci95))
    {
      append_cell (out, "", "");
      return;
    }
  /* The decimals of the mean, so that mean and interval line up. */
  scale = dyno_text_display_scale (phase->phase, unit);
  half = g_strdup_printf ("%.*f",
                          dyno_text_rate_decimals (phase->phase, unit, phase->rate.mean / scale),
                          phase->rate.ci95 / scale);
  append_cell (out, half, "");
}

/* Compact latency for the table: "742us", "6.92ms", "53.6ms", "1.25s". ASCII only, so that
 * byte and column counts agree in any terminal. */
static char *
format_table_latency (double seconds)
{
  if (!isfinite (seconds) || seconds < 0)
    return g_strdup ("");
  if (seconds < 1e-3)
    return g_strdup_printf ("%.0fus", seconds * 1e6);
  if (seconds < 1e-2)
    return g_strdup_printf ("%.2fms", seconds * 1e3);
  if (seconds < 1)
    return g_strdup_printf ("%.1fms", seconds * 1e3);
  if (seconds < 100)
    return g_strdup_printf ("%.2fs", seconds);
  return g_strdup_printf ("%.0fs", seconds);
}

static double
phase_latency (const DynoPhaseResult *phase, gboolean max)
{
  if (phase == NULL)
    return NAN;
  return max ? phase->latency.max : phase->latency.p99;
}

static void
append_latency_row (GString *out, const DynoTargetResult *target, GPtrArray *cols,
                    const char *title, gboolean max)
{
  gboolean any = FALSE;

  for (guint c = 0; c < cols->len; c++)
    any |= isfinite (phase_latency (dyno_target_result_get_phase (target, cols->pdata[c]), max));
  if (!any)
    return;

  dyno_text_append_padded (out, title, LABEL_WIDTH, FALSE);
  for (guint c = 0; c < cols->len; c++)
    {
      g_autofree char *text = format_table_latency (
          phase_latency (dyno_target_result_get_phase (target, cols->pdata[c]), max));

      g_string_append_c (out, ' ');
      dyno_text_append_padded (out, text, COLUMN_WIDTH - 1, TRUE);
    }
  g_string_append_c (out, '\n');
}

static void
append_rows (GString *out, const DynoTargetResult *target, GPtrArray *cols,
             const char *name, const char *spec, DynoRateUnit unit, gboolean show_sd)
{
  dyno_text_append_name_and_spec (out, name, spec, LABEL_WIDTH);
  for (guint c = 0; c < cols->len; c++)
    append_mean_cell (out, dyno_target_result_get_phase (target, cols->pdata[c]), unit);
  g_string_append_c (out, '\n');

  if (show_sd)
    {
      dyno_text_append_padded (out, "± 95%", LABEL_WIDTH, FALSE);
      for (guint c = 0; c < cols->len; c++)
        append_sd_cell (out, dyno_target_result_get_phase (target, cols->pdata[c]), unit);
      g_string_append_c (out, '\n');
    }

  append_latency_row (out, target, cols, "Latency p99", FALSE);
  append_latency_row (out, target, cols, "Latency max", TRUE);
}

/* Group banners over the columns, then their titles: the first two lines of a table. */
static void
append_column_heads (GString *out, GPtrArray *cols, const char *corner)
{
  dyno_text_append_padded (out, corner, LABEL_WIDTH - 1, FALSE);
  g_string_append_c (out, ' ');
  for (guint c = 0, end; c < cols->len; c = end)
    {
      const DynoPhase *first = g_ptr_array_index (cols, c);

      end = dyno_text_group_end (cols, c);
      dyno_text_append_banner (out, first->kind->group->title, (end - c) * COLUMN_WIDTH - 1);
    }
  g_string_append_c (out, '\n');

  dyno_text_append_padded (out, "", LABEL_WIDTH, FALSE);
  for (guint c = 0; c < cols->len; c++)
    dyno_text_append_banner (out, dyno_text_column_title (cols->pdata[c]), COLUMN_WIDTH - 1);
  g_string_append_c (out, '\n');
}

static void
append_units_header (GString *out, const char *label, guint n_columns, const char *unit,
                     const char *last_unit)
{
  dyno_text_append_padded (out, label, LABEL_WIDTH, FALSE);
  for (guint i = 0; i < n_columns; i++)
    {
      const char *u = i + 1 == n_columns && last_unit ? last_unit : unit;

      g_string_append_c (out, ' ');
      dyno_text_append_padded (out, u, RATE_WIDTH, TRUE);
      g_string_append (out, " %CP");
    }
  g_string_append_c (out, '\n');
}

/* bonnie++ 2.00a's "Name:Size etc": size:chunk:concurrency:seeks:seekers, defaults left out
 * and trailing colons dropped, so "1G" for the defaults and "1G::::20" for 20 seekers. */
static char *
io_spec (const DynoConfig *config)
{
  GString *spec = g_string_new (NULL);

  append_file_size (spec, config->size);
  g_string_append_c (spec, ':');
  if (config->chunk != DYNO_DEFAULT_CHUNK)
    append_bonnie_size (spec, config->chunk, " km");
  g_string_append (spec, "::");
  /* bonnie++'s own defaults, which its -s leaves out */
  if (dyno_config_get_uint (config, "seeks") != 8192)
    g_string_append_printf (spec, "%u", dyno_config_get_uint (config, "seeks"));
  g_string_append_c (spec, ':');
  if (dyno_config_get_uint (config, "seekers") != 5)
    g_string_append_printf (spec, "%u", dyno_config_get_uint (config, "seekers"));
  while (spec->len > 0 && spec->str[spec->len - 1] == ':')
    g_string_truncate (spec, spec->len - 1);
  return g_string_free (spec, FALSE);
}

/* Table header tokens are kept as bonnie++ prints them, untranslated, so tables pasted from
 * different locales compare column for column. */
static void
append_io_table (GString *out, DynoResult *result, const DynoTargetResult *target,
                 const char *name, DynoRateUnit unit, gboolean show_sd)
{
  g_autoptr (DynoConfig) config = target_config (result, target);
  g_autofree char *tool = sanitize_name (dyno_result_get_tool (result)
                                             ? dyno_result_get_tool (result)
                                             : "dyno " PACKAGE_VERSION,
                                         FALSE);
  g_autofree char *spec = io_spec (config);
  g_autoptr (GPtrArray) cols = bonnie_columns (DYNO_TEXT_TABLE_IO);

  append_column_heads (out, cols, tool);
  append_units_header (out, "Name:Size etc", cols->len, dyno_rate_unit_label (unit), "/sec");
  append_rows (out, target, cols, name, spec, unit, show_sd);
}

static void
append_files_table (GString *out, DynoResult *result, const DynoTargetResult *target,
                    const char *name, DynoRateUnit unit, gboolean show_sd)
{
  g_autoptr (DynoConfig) config = target_config (result, target);
  g_autofree char *spec = dyno_format_files_spec (config);
  g_autoptr (GPtrArray) cols = bonnie_columns (DYNO_TEXT_TABLE_FILES);
  const char *columns;

  /* The parts of the spec dyno_format_files_spec() writes, as -n takes them. */
  if (dyno_config_get_files (config)->dirs > 1)
    columns = "files:max:min:dirs";
  else if (dyno_config_get_files (config)->min != 0)
    columns = "files:max:min";
  else if (dyno_config_get_files (config)->max != 0)
    columns = "files:max";
  else
    columns = "files";

  append_column_heads (out, cols, "");
  append_units_header (out, columns, cols->len, "/sec", NULL);
  append_rows (out, target, cols, name, spec, unit, show_sd);
}

/* "evict (resident before reads: 0.0 %)": how much of the data file the page cache held
 * as each read phase began, the proof that reads came from the disk. */
static char *describe_below (const DynoTargetResult *target);

static char *
describe_cache (const DynoConfig *config, const DynoTargetResult *target)
{
  const char *policy = dyno_cache_policy_to_string (config->cache);
  g_autofree char *below = NULL;
  g_autofree char *text = NULL;
  double lo = INFINITY;
  double hi = -INFINITY;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (!dyno_phase_has_flag (phase->phase, DYNO_PHASE_READS_DATA))
        continue;
      for (guint j = 0; j < phase->runs->len; j++)
        {
          double resident = g_array_index (phase->runs, DynoPhaseRun, j).cache_resident;

          if (isfinite (resident))
            {
              lo = MIN (lo, resident);
              hi = MAX (hi, resident);
            }
        }
    }

  if (!isfinite (lo))
    return g_strdup (policy);
  below = describe_below (target);
  if (hi - lo < 0.0005)
    text = g_strdup_printf (_("%s (resident before reads: %.1f %%)"), policy, hi * 100);
  else
    text = g_strdup_printf (_("%s (resident before reads: %.1f %% to %.1f %%)"), policy,
                            lo * 100, hi * 100);
  if (below == NULL)
    return g_steal_pointer (&text);
  /* Translators: the cache line of a report, then the layers below the target that were
   * evicted too: "evict (resident before reads: 0.0 %); below it: gocryptfs 0.0 %, loop 0.0 %" */
  return g_strdup_printf (_("%s; below it: %s"), text, below);
}

/* "gocryptfs 0.0 %, loop 0.0 %, loop (image in memory)": every layer below the target that
 * a read phase evicted, with the most of it that stayed resident in any run. */
static char *
describe_below (const DynoTargetResult *target)
{
  g_autoptr (GPtrArray) kinds = g_ptr_array_new ();
  g_autoptr (GArray) most = g_array_new (FALSE, FALSE, sizeof (double));
  GString *out;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      for (guint j = 0; j < phase->runs->len; j++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, j);

          for (guint k = 0; k < run->n_below && k < DYNO_MAX_CACHE_LAYERS; k++)
            {
              const DynoCacheLayer *layer = &run->below[k];
              guint index;

              if (layer->kind == NULL)
                continue;
              if (k >= kinds->len)
                {
                  double none = NAN;

                  g_ptr_array_add (kinds, (gpointer) layer->kind);
                  g_array_append_val (most, none);
                }
              index = MIN (k, kinds->len - 1);
              if (isfinite (layer->resident)
                  && !(g_array_index (most, double, index) >= layer->resident))
                g_array_index (most, double, index) = layer->resident;
            }
        }
    }
  if (kinds->len == 0)
    return NULL;
  out = g_string_new (NULL);
  for (guint i = 0; i < kinds->len; i++)
    {
      double resident = g_array_index (most, double, i);

      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, (const char *) g_ptr_array_index (kinds, i));
      if (isfinite (resident))
        g_string_append_printf (out, " %.1f %%", resident * 100);
    }
  return g_string_free (out, FALSE);
}

/* A path as the result file shows it: bytes that are not UTF-8 become U+FFFD and control
 * characters JSON escapes (\n, \t, \u001b…), so a folder name cannot break the footer
 * into lines or send a terminal escape. */
static char *
escape_path (const char *path)
{
  g_autofree char *valid = g_utf8_make_valid (path, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p++)
    {
      guchar c = *p;

      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* The fewest runs behind any figure of the target. */
static guint
fewest_runs (const DynoTargetResult *target)
{
  guint fewest = G_MAXUINT;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (phase->runs->len > 0)
        fewest = MIN (fewest, phase->runs->len);
    }
  return fewest == G_MAXUINT ? 0 : fewest;
}

/* How precise each figure is against the precision asked for, and how many runs it took:
 * "met: Block write ±1.2 % (3 runs), …" and a line with the reason for each that missed. */
static void
append_precision (GString *out, const DynoTargetResult *target)
{
  g_autoptr (GString) met = g_string_new (NULL);
  double asked = NAN;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (phase->precision_met >= 0 && isfinite (phase->precision_target))
        asked = phase->precision_target;
    }
  if (!isfinite (asked))
    return;
  /* Translators: a report's line on precision; a percentage */
  g_string_append_printf (out, _("Precision asked: a 95 %% interval within ±%.1f %% of the "
                                 "mean."),
                          asked * 100);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      const char *title = dyno_phase_get_title (phase->phase);
      g_autofree char *item = NULL;

      if (phase->precision_met < 0)
        continue;
      if (isfinite (phase->precision_reached))
        /* Translators: a figure's precision and the runs behind it: "Block write ±1.2 % (3
         * runs)" */
        item = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s ±%.1f %% (%u run)",
                                             "%s ±%.1f %% (%u runs)", phase->runs->len),
                                title, phase->precision_reached * 100, phase->runs->len);
      else
        /* Translators: a figure without an interval and the runs behind it */
        item = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u run)", "%s (%u runs)",
                                             phase->runs->len),
                                title, phase->runs->len);
      if (phase->precision_met == 1)
        {
          if (met->len > 0)
            g_string_append (met, ", ");
          g_string_append (met, item);
          continue;
        }
      /* Translators: a figure whose precision was not reached, and why: "Random seeks ±8.3 %
       * (12 runs): not reached within the time budget …" */
      g_string_append_printf (out, _("  not met: %s: %s"), item,
                              phase->precision_reason != NULL ? phase->precision_reason : "");
      g_string_append_c (out, '\n');
    }
  if (met->len > 0)
    {
      /* Translators: the figures that reached the precision asked for */
      g_string_append_printf (out, _("  met: %s"), met->str);
      g_string_append_c (out, '\n');
    }
}

static void
append_target_notes (GString *out, DynoResult *result, const DynoTargetResult *target,
                     guint n_runs)
{
  g_autoptr (DynoConfig) config = target_config (result, target);
  g_autofree char *cache = describe_cache (config, target);
  gboolean any_too_fast = FALSE;
  /* The Bonnie tables' notes; the queued block says its own in CrystalDiskMark's layout. */
  gboolean bonnie = target_has_phases (target, DYNO_TEXT_TABLE_IO)
                    || target_has_phases (target, DYNO_TEXT_TABLE_FILES);

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      any_too_fast |= phase->too_fast;
    }
  if (any_too_fast && target->sizing.space_short)
    {
      g_string_append_printf (out,
                              _("+++++: the phase took less than %.1f s, too fast to measure "
                                "reliably: the folder has too little free space for a larger "
                                "data file."),
                              DYNO_TOO_FAST_SECONDS);
      g_string_append_c (out, '\n');
    }
  else if (any_too_fast)
    {
      g_string_append_printf (out,
                              _("+++++: the phase took less than %.1f s, too fast to measure "
                                "reliably; use a larger size or more files."),
                              DYNO_TOO_FAST_SECONDS);
      g_string_append_c (out, '\n');
    }
  /* A figure whose data may have come from a cache below the target is marked as "+++++"
   * is: the reason, phase by phase. */
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (phase->cache_doubt == NULL)
        continue;
      /* The mark the figure carries in the table above. */
      g_string_append (out, "† ");
      /* Translators: a phase's title, then why its figure may come from RAM */
      g_string_append_printf (out, _("%s: %s; it is not a figure of the disk."),
                              dyno_phase_get_title (phase->phase), phase->cache_doubt);
      g_string_append_c (out, '\n');
    }
  append_precision (out, target);
  /* A mean over fewer runs than the others: runs too fast to trust are left out of it, and
   * a repeat may have lost a phase. Say so where it happened. */
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      guint fast = 0;

      for (guint j = 0; j < phase->runs->len; j++)
        fast += g_array_index (phase->runs, DynoPhaseRun, j).too_fast ? 1 : 0;
      /* Runs added for precision differ from phase to phase by design; only a run lost
       * from the phase's own is worth a line then. */
      if (phase->rate.n > 0
          && phase->rate.n + fast < (phase->precision_met >= 0 ? phase->runs->len : n_runs))
        {
          g_string_append_printf (out,
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%s: the mean is of %u run of %u.",
                                               "%s: the mean is of %u runs of %u.",
                                               phase->rate.n),
                                  dyno_phase_get_title (phase->phase), phase->rate.n, n_runs);
          g_string_append_c (out, '\n');
        }
      if (fast > 0 && phase->rate.n > 0)
        {
          g_string_append_printf (out,
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%s: %u of %u runs took less than %.1f s and "
                                               "is left out of the mean.",
                                               "%s: %u of %u runs took less than %.1f s and "
                                               "are left out of the mean.",
                                               fast),
                                  dyno_phase_get_title (phase->phase), fast, phase->runs->len,
                                  DYNO_TOO_FAST_SECONDS);
          g_string_append_c (out, '\n');
        }
    }
  if (n_runs > 1 && bonnie && fewest_runs (target) < n_runs)
    {
      /* Translators: the runs behind a report's figures, when repeats were added for
       * precision to some of them: "the mean of 3 to 10 runs" */
      g_string_append_printf (out, _("Figures are the mean of %u to %u runs, ± the half-width "
                                     "of its 95 %% interval."),
                              fewest_runs (target), n_runs);
      g_string_append_c (out, '\n');
    }
  else if (n_runs > 1 && bonnie)
    {
      g_string_append_printf (out,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "Figures are the mean of %u run, ± the half-width "
                                           "of its 95 %% interval.",
                                           "Figures are the mean of %u runs, ± the half-width "
                                           "of its 95 %% interval.",
                                           n_runs),
                              n_runs);
      g_string_append_c (out, '\n');
    }

  if (target->info != NULL)
    {
      g_autofree char *describe = dyno_target_info_describe (target->info);
      g_autofree char *path = escape_path (target->info->path ? target->info->path : "?");

      /* A folder of another machine's, in a run across machines: host:path, as scp writes it. */
      if (target->remote != NULL)
        g_string_append_printf (out, "%s %s:%s (%s)", _("Target:"), target->remote, path,
                                describe);
      else
        g_string_append_printf (out, _("Target: %s (%s)"), path, describe);
      g_string_append_c (out, '\n');
    }
  if (bonnie)
    {
      g_string_append_printf (out, _("Cache: %s"), cache);
      g_string_append_c (out, '\n');
    }

  /* How the phases lasted the phase time: the passes over the same data, per phase. */
  {
    g_autoptr (GString) passes = g_string_new (NULL);

    for (guint i = 0; i < target->phases->len; i++)
      {
        const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
        guint most = 0;

        for (guint j = 0; j < phase->runs->len; j++)
          most = MAX (most, g_array_index (phase->runs, DynoPhaseRun, j).passes);
        if (most > 1)
          g_string_append_printf (passes, "%s%s %u", passes->len ? ", " : "",
                                  dyno_phase_get_title (phase->phase), most);
      }
    if (passes->len > 0)
      {
        /* Translators: %.0f is the phase time in seconds, then "Block read 3, Random stat 40" */
        g_string_append_printf (out, _("Passes to last %g s: %s"), config->phase_time,
                                passes->str);
        g_string_append_c (out, '\n');
      }
  }

  if (dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR))
    {
      g_autofree char *size = dyno_format_size (dyno_config_get_per_char_size (config));

      g_string_append_printf (out, _("Per-char: %s, %s"),
                              dyno_per_char_mode_to_string (config->per_char), size);
    }
  else if (bonnie)
    g_string_append (out, _("Per-char: not run"));
  if (bonnie || dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR))
    g_string_append_c (out, '\n');

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (phase->note != NULL)
        {
          g_string_append_printf (out, _("%s: %s"), dyno_phase_get_title (phase->phase), phase->note);
          g_string_append_c (out, '\n');
        }
    }
  for (guint i = 0; i < target->notes->len; i++)
    {
      g_string_append_printf (out, _("Note: %s"),
                              (const char *) g_ptr_array_index (target->notes, i));
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < target->warnings->len; i++)
    {
      g_string_append_printf (out, _("Warning: %s"),
                              (const char *) g_ptr_array_index (target->warnings, i));
      g_string_append_c (out, '\n');
    }
  if (dyno_target_result_failed (target))
    {
      if (target->error_phase != NULL)
        g_string_append_printf (out, _("FAILED in phase %s: %s"),
                                dyno_phase_get_key (target->error_phase),
                                target->error_message);
      else
        g_string_append_printf (out, _("FAILED: %s"), target->error_message);
      g_string_append_c (out, '\n');
    }
}

char *
dyno_report_text (DynoResult *result, DynoRateUnit unit)
{
  GString *out;
  g_autofree char *name = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  out = g_string_new (NULL);
  name = sanitize_name (result_name (result), FALSE);
  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      DynoTargetResult *target = dyno_result_get_target (result, t);
      guint n_runs = target_max_runs (target);
      gboolean show_sd = n_runs > 1;

      if (t > 0)
        g_string_append_c (out, '\n');
      if (target_has_phases (target, DYNO_TEXT_TABLE_IO))
        append_io_table (out, result, target, name, unit, show_sd);
      if (target_has_phases (target, DYNO_TEXT_TABLE_FILES))
        append_files_table (out, result, target, name, unit, show_sd);
      if (dyno_report_has_queued (target))
        dyno_report_append_queued (out, result, target);
      if (dyno_report_has_other (target))
        dyno_report_append_other (out, result, target, unit);
      append_target_notes (out, result, target, n_runs);
      /* On an array (or with --per-spindle): each throughput figure per data spindle and,
       * with a reference rate, against one drive alone, as the seed 000 works it out. */
      {
        g_autofree char *per_spindle = dyno_array_format_target_per_spindle (target);

        if (per_spindle != NULL)
          g_string_append (out, per_spindle);
      }
    }
  return g_string_free (out, FALSE);
}
