/* dyno-import-diskmark.c: CrystalDiskMark's and KDiskMark's text exports
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * KDiskMark copies CrystalDiskMark's layout, so one reader takes both. A report is a header
 * ("CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo", "KDiskMark (3.1.4): https://…"), test
 * results, and a footer; a text may hold several (a blog post, a forum thread), with prose
 * around them, mail quoting ("> ") and indentation lost or kept. The layouts, from the tools'
 * source:
 *  - CrystalDiskMark 3.x: "Sequential Read :   505.825 MB/s", "Random Read 512KB :",
 *    "Random Read 4KB (QD=32) :   271.859 MB/s [ 66371.9 IOPS]"; Sequential is 1 MiB at QD1,
 *    KB is 1024 bytes; footer "Test : 1000 MB [C: 33.0% (39.3/119.1 GB)] (x5)", Date, OS, and
 *    the comment alone on the line after OS.
 *  - 4.x to 6.x: "Sequential Read (Q= 32,T= 1) :" (128 KiB blocks), 5.x's
 *    "Sequential Read (T= 1) :" (1 MiB, QD1), "Random Read 4KiB (Q=  8,T= 8) : … [ … IOPS]";
 *    footer "Test : 1024 MiB [C: …] (x5)  [Interval=5 sec]", Date, OS, comment.
 *  - 7.x: [Read], [Write] and [Mix] sections of "Sequential 1MiB (Q=  8, T= 1): … MB/s
 *    [ … IOPS] < … us>" and "Random 4KiB (…)"; "Profile: Default", "Test: 1 GiB (x5)
 *    [Interval: 5 sec] <DefaultAffinity=DISABLED>", Date, OS, "Comment: …".
 *  - 8.x and 9.x: "SEQ    1MiB (Q=  8, T= 1):", "RND    4KiB (Q= 32, T= 1):"; "[Mix] Read
 *    70%/Write 30%"; footer Profile, "Test: 1 GiB (x5) [C: 23% (110/476GiB)]", "Mode: [Admin]",
 *    "Time: Measure 5 sec / Interval 5 sec", Date ("2021/02/13 1:05:29"), OS, "Comment: …".
 *  - KDiskMark 1.6 to 3.x: "Sequential   1 MiB (Q=  8, T= 1): …" (a space before the unit),
 *    the fio version ("Flexible I/O Tester (fio-3.30): …"), "Profile: Default [+Mix]", "Test:
 *    1 GiB (x5) [Measure: 5 sec / Interval: 5 sec]" (before 3.0 without Measure), Date
 *    ("2022-08-24 16:10:33", before 2.3 "2020/10/13 …"), "OS: opensuse-tumbleweed 20220821
 *    [linux 5.19.2-1-default]", and since 3.2 "Target: /home 52% (…) [Samsung SSD …]".
 * MB/s is 10^6 bytes per second in CrystalDiskMark, and 1000 KiB/s in KDiskMark (fio's "bw" over
 * 1000, whatever its header says); "us" is the mean latency in microseconds. CrystalDiskMark keeps
 * the best of its runs (the highest rate and, separately, the lowest mean latency); KDiskMark
 * the mean of its runs in the Default profile and the best in the others. A test shown as 0 did
 * not run (the run was stopped, or the test is off) and is left out with a note.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-import-diskmark-private.h"

/* CrystalDiskMark's Mix when the text does not say */
#define DEFAULT_MIX_READ 70

    typedef enum {
      STAGE_BODY,     /* results and footer */
      STAGE_AFTER_OS, /* what may follow the OS line: Comment, Target, 3.x–6.x's bare comment */
      STAGE_DONE,
    } Stage;

typedef struct
{
  Tool tool;
  char *version;     /* "8.0.4"; NULL without a header */
  guint generation;  /* 3, 5, 7, 8 (CrystalDiskMark); 0: unknown or KDiskMark */
  guint header_line; /* 0: no header */
  guint first_line;
  guint last_line;
  Op section;
  guint mix_read;    /* from the [Mix] line; 0: not stated */
  char *fio_version; /* KDiskMark: "fio-3.30" */
  char *profile;
  char *drive; /* CrystalDiskMark's "C:" */
  char *comment;
  char *target;    /* KDiskMark's "Target:" */
  guint count;     /* (x5); 0: not stated */
  double measure;  /* seconds; NAN */
  double interval; /* seconds; NAN */
  gboolean zero_fill;
  guint key_lines[N_KEYS];
  gboolean any_key;
  Stage stage;
  guint n_results;
  GPtrArray *not_run; /* char*: titles of the tests shown as 0 */
  gboolean mix_defaulted;
  DynoImportRun *run;
} Report;

typedef struct
{
  DynoImportInput *input;
  Tool default_tool;
  GPtrArray *reports; /* Report*, finished, in order */
  Report *report;     /* the one being read, or NULL */
  GString *text;      /* the current line, cleaned */
} State;

static void
report_free (Report *report)
{
  g_free (report->version);
  g_free (report->fio_version);
  g_free (report->profile);
  g_free (report->drive);
  g_free (report->comment);
  g_free (report->target);
  g_ptr_array_unref (report->not_run);
  g_clear_pointer (&report->run, dyno_import_run_free);
  g_free (report);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Report, report_free)

/* "1 GiB (x5) [C: 23% (110/476GiB)]", "1000 MB [C: …] (x5)", "1024 MiB [C: …] (x5)
 * [Interval=5 sec]", "1 GiB (x5) [Measure: 5 sec / Interval: 5 sec]", with "<0Fill>" maybe. */
static gboolean
parse_test (Report *report, const char *value)
{
  const char *p = value;
  const char *count;
  const char *bracket;
  guint64 number = 0;
  guint64 unit;
  gsize digits = 0;
  guint n;

  while (g_ascii_isdigit (p[digits]))
    digits++;
  if (digits == 0 || digits > 7)
    return FALSE;
  number = g_ascii_strtoull (p, NULL, 10);
  p += digits;
  while (*p == ' ')
    p++;
  /* 3.x's MB are MiB too: it sizes its file in units of 1024 × 1024 bytes. */
  if (g_str_has_prefix (p, "GiB") || g_str_has_prefix (p, "GB"))
    unit = G_GUINT64_CONSTANT (1) << 30;
  else if (g_str_has_prefix (p, "MiB") || g_str_has_prefix (p, "MB"))
    unit = G_GUINT64_CONSTANT (1) << 20;
  else if (g_str_has_prefix (p, "TiB") || g_str_has_prefix (p, "TB"))
    unit = G_GUINT64_CONSTANT (1) << 40;
  else
    return FALSE;
  if (number == 0 || number > DYNO_IMPORT_MAX_QUEUE_SIZE / unit)
    return FALSE;

  count = strstr (p, "(x");
  if (count == NULL)
    return FALSE;
  count += 2;
  digits = 0;
  while (g_ascii_isdigit (count[digits]))
    digits++;
  if (digits == 0 || digits > 3 || count[digits] != ')')
    return FALSE;
  {
    g_autofree char *copy = g_strndup (count, digits);

    if (!dyno_import_diskmark_parse_uint (copy, DYNO_MAX_REPEAT, &n))
      return FALSE;
  }

  if (!dyno_import_diskmark_find_duration (p, "Interval", &report->interval)
      || !dyno_import_diskmark_find_duration (p, "Measure", &report->measure))
    return FALSE;

  /* "[C: 23% (110/476GiB)]": the drive, or the folder, tested */
  bracket = strchr (p, '[');
  if (bracket != NULL && g_ascii_isalpha (bracket[1]) && bracket[2] == ':')
    {
      gsize length = strcspn (bracket + 1, " ]");

      g_free (report->drive);
      report->drive = dyno_import_clean_label (bracket + 1, length);
    }
  if (strstr (p, "0Fill") != NULL)
    report->zero_fill = TRUE;
  report->count = n;
  if (report->run != NULL)
    report->run->config->queue_size = number * unit;
  return TRUE;
}

/* "Measure 5 sec / Interval 5 sec" */
static gboolean
parse_time (Report *report, const char *value)
{
  double measure;
  double interval;

  if (!dyno_import_diskmark_find_duration (value, "Measure", &measure)
      || !dyno_import_diskmark_find_duration (value, "Interval", &interval)
      || (isnan (measure) && isnan (interval)))
    return FALSE;
  if (!isnan (measure))
    report->measure = measure;
  if (!isnan (interval))
    report->interval = interval;
  return TRUE;
}

/* ---- reports -------------------------------------------------------------------------- */

static const char *
tool_name (Tool tool)
{
  return tool == TOOL_CDM ? "CrystalDiskMark" : "KDiskMark";
}

static Report *
report_new (State *state, Tool tool, char *version, guint number)
{
  Report *report = g_new0 (Report, 1);

  report->tool = tool;
  report->version = version;
  report->first_line = report->last_line = number;
  report->measure = NAN;
  report->interval = NAN;
  report->not_run = g_ptr_array_new_with_free_func (g_free);
  report->run = dyno_import_run_new_queued ();
  if (tool == TOOL_CDM && version != NULL)
    {
      guint major = 0;

      /* 4.x to 6.x share a layout */
      if (sscanf (version, "%u", &major) == 1 && major > 0)
        report->generation = major >= 8 ? 8 : major >= 7 ? 7 : major >= 4 ? 5 : 3;
    }
  state->report = report;
  return report;
}

/* The report being read is complete: check it, and keep it. */
static gboolean
finish_report (State *state, GError **error)
{
  g_autoptr (Report) report = g_steal_pointer (&state->report);

  if (report == NULL)
    return TRUE;
  if (report->n_results == 0)
    {
      if (report->not_run->len > 0)
        return dyno_import_fail (error, state->input, report->first_line,
                                 _ ("every test of the %s report that starts here shows 0 MB/s: "
                                    "none of them ran"),
                                 tool_name (report->tool));
      return dyno_import_fail (error, state->input, report->header_line,
                               _ ("the %s header has no test results after it: expected lines "
                                  "such as “SEQ 1MiB (Q= 8, T= 1): 543.188 MB/s”"),
                               tool_name (report->tool));
    }
  g_ptr_array_add (state->reports, g_steal_pointer (&report));
  if (state->reports->len > DYNO_IMPORT_MAX_RUNS)
    return dyno_import_fail (error, state->input, state->input->reader.number,
                             _ ("more than %u reports: import the text in parts"),
                             DYNO_IMPORT_MAX_RUNS);
  return TRUE;
}

/* A report starts at its header, or at its first section or result line without one. */
static gboolean
ensure_report (State *state, guint number, GError **error)
{
  if (state->report != NULL && state->report->stage == STAGE_BODY && !state->report->any_key)
    return TRUE;
  if (!finish_report (state, error))
    return FALSE;
  report_new (state, state->default_tool, NULL, number);
  return TRUE;
}

static gboolean
add_result (State *state, const TestName *name, const Figures *figures, guint number,
            GError **error)
{
  Report *report = state->report;
  Op op = name->op != OP_NONE ? name->op : report->section;
  const char *ops[] = { NULL, "read", "write", "mix" };
  guint64 block = name->block;
  guint read_percent = 0;
  const DynoPhase *phase;
  DynoPhaseResult *result;
  DynoPhaseRun run;

  if (op == OP_NONE)
    return dyno_import_fail (error, state->input, number,
                             _ ("a test result before any [Read], [Write] or [Mix] line"));
  /* CrystalDiskMark 4.x–6.x ran "Sequential (Q=32,T=1)" with 128 KiB blocks; 3.x's and
   * 5.x's plain "Sequential" with 1 MiB. */
  if (block == 0 && g_str_equal (name->pattern, "seq"))
    block = name->queue_depth > 0 && name->generation == 5 ? 128 * 1024 : 1024 * 1024;
  if (block == 0)
    return dyno_import_fail (error, state->input, number,
                             _ ("the random test does not name its block size"));
  if (op == OP_MIX)
    {
      read_percent = report->mix_read;
      if (read_percent == 0)
        {
          read_percent = DEFAULT_MIX_READ;
          report->mix_defaulted = TRUE;
        }
    }
  phase = dyno_import_queued_phase (name->pattern, ops[op], block,
                                    name->queue_depth ? name->queue_depth : 1,
                                    name->threads ? name->threads : 1, read_percent);
  g_assert (phase != NULL); /* the parser kept every parameter within the limits */
  if (report->generation == 0 && report->tool == TOOL_CDM)
    report->generation = name->generation;

  if (figures->rate == 0)
    {
      g_ptr_array_add (report->not_run, g_strdup (dyno_phase_get_title (phase)));
      return TRUE;
    }

  dyno_phase_run_init (&run);
  /* CrystalDiskMark's MB/s are 10^6 bytes a second, as its header says. KDiskMark's header
   * says so too, but it divides fio's "bw", which is KiB/s, by 1000: its MB/s are 1000 KiB/s
   * (its IOPS, which are fio's, agree with that and not with the header). */
  run.rate = figures->rate * (report->tool == TOOL_KDM ? 1.024e6 : 1e6);
  run.iops = figures->iops;
  run.latency.mean = figures->latency;
  run.threads = name->threads ? name->threads : 1;
  if (report->tool == TOOL_CDM)
    {
      /* CrystalDiskMark always bypasses the cache: FILE_FLAG_NO_BUFFERING in 3.x, DiskSpd's
       * -S since 4.0, which also became its engine. */
      run.direct = 1;
      if (report->generation >= 5)
        run.engine = g_intern_string ("DiskSpd");
    }
  else
    /* KDiskMark hard-codes fio's libaio engine; whether it bypassed the cache (its default)
     * is a setting its text does not show. */
    run.engine = g_intern_string ("fio libaio");

  result = dyno_import_run_ensure_phase (report->run, phase);
  if (result == NULL)
    return dyno_import_fail (error, state->input, number,
                             _ ("more than %u different tests in one report"), DYNO_MAX_PHASES);
  if (!dyno_import_phase_add_run (result, &run))
    return dyno_import_fail (error, state->input, number,
                             _ ("the same test more than %u times in one report"), DYNO_MAX_REPEAT);
  report->n_results++;
  return TRUE;
}

/* "[Read]", "[Write]", "[Mix] Read 70%/Write 30%": FALSE when text is no section line. */
static gboolean
parse_section (State *state, const char *text, guint number, gboolean *is_section, GError **error)
{
  Op op;
  const char *rest;

  *is_section = TRUE;
  if (g_str_has_prefix (text, "[Read]"))
    op = OP_READ, rest = text + 6;
  else if (g_str_has_prefix (text, "[Write]"))
    op = OP_WRITE, rest = text + 7;
  else if (g_str_has_prefix (text, "[Mix]"))
    op = OP_MIX, rest = text + 5;
  else
    {
      *is_section = FALSE;
      return TRUE;
    }
  while (*rest == ' ')
    rest++;
  if (op != OP_MIX && *rest != '\0')
    {
      *is_section = FALSE;
      return TRUE;
    }
  if (!ensure_report (state, number, error))
    return FALSE;
  state->report->section = op;
  state->report->last_line = number;
  if (op == OP_MIX)
    {
      guint read = 0, write = 0;
      int consumed = 0;

      state->report->mix_read = 0;
      if (*rest == '\0')
        return TRUE;
      if (sscanf (rest, "Read %3u%%/Write %3u%%%n", &read, &write, &consumed) != 2
          || rest[consumed] != '\0' || read + write != 100 || read == 0 || write == 0)
        return dyno_import_fail (error, state->input, number,
                                 _ ("expected the mix's shares of reads and writes, such as "
                                    "“[Mix] Read 70%%/Write 30%%”"));
      state->report->mix_read = read;
    }
  return TRUE;
}

static gboolean
parse_key (State *state, Key key, const char *value, guint number, GError **error)
{
  Report *report = state->report;
  DynoImportRun *run = report->run;

  if (report->key_lines[key] != 0)
    return dyno_import_fail (error, state->input, number,
                             _ ("a second “%s” line in one report (the first is on line %u)"),
                             dyno_import_diskmark_key_name (key), report->key_lines[key]);
  report->key_lines[key] = number;
  report->any_key = TRUE;
  report->last_line = number;

  switch (key)
    {
    case KEY_PROFILE:
      g_free (report->profile);
      report->profile = dyno_import_clean_label (value, -1);
      break;
    case KEY_TEST:
      if (!parse_test (report, value))
        return dyno_import_fail (error, state->input, number,
                                 _ ("expected the test size and the number of runs, such as "
                                    "“Test: 1 GiB (x5)” (at most %u runs)"),
                                 DYNO_MAX_REPEAT);
      break;
    case KEY_MODE:
      if (strstr (value, "0Fill") != NULL)
        report->zero_fill = TRUE;
      break;
    case KEY_TIME:
      if (!parse_time (report, value))
        return dyno_import_fail (error, state->input, number,
                                 _ ("expected the measuring and interval times, such as "
                                    "“Time: Measure 5 sec / Interval 5 sec”"));
      break;
    case KEY_DATE:
      {
        GDateTime *date = dyno_import_diskmark_parse_date (value);

        if (date == NULL)
          return dyno_import_fail (error, state->input, number,
                                   _ ("expected a date and time such as “2021/02/13 13:05:29”"));
        g_clear_pointer (&run->created, g_date_time_unref);
        run->created = date;
      }
      break;
    case KEY_OS:
      {
        /* KDiskMark: "opensuse-tumbleweed 20220821 [linux 5.19.2-1-default]" */
        const char *open = strrchr (value, '[');
        gsize length = strlen (value);

        g_clear_pointer (&run->system->os_name, g_free);
        g_clear_pointer (&run->system->kernel, g_free);
        if (report->tool == TOOL_KDM && open != NULL && value[length - 1] == ']' && open > value)
          {
            run->system->os_name = dyno_import_clean_label (value, open - value);
            run->system->kernel = dyno_import_clean_label (open + 1, value + length - 1 - open - 1);
          }
        else
          run->system->os_name = dyno_import_clean_label (value, -1);
        report->stage = STAGE_AFTER_OS;
      }
      break;
    case KEY_COMMENT:
      g_free (report->comment);
      report->comment = dyno_import_clean_label (value, -1);
      if (report->tool == TOOL_CDM && report->stage == STAGE_AFTER_OS)
        report->stage = STAGE_DONE;
      break;
    case KEY_TARGET:
      g_free (report->target);
      report->target = dyno_import_clean_label (value, -1);
      if (report->tool == TOOL_KDM && report->stage == STAGE_AFTER_OS)
        report->stage = STAGE_DONE;
      break;
    case N_KEYS:
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* 3.x to 6.x write the comment alone, on the line after OS: anything but what starts a
 * report or belongs to one. */
static gboolean
is_bare_comment (const Report *report, const char *text)
{
  g_autofree char *header = NULL;
  TestName name;
  Figures figures;

  if (report->tool != TOOL_CDM || report->generation == 0 || report->generation >= 7
      || dyno_import_diskmark_is_boilerplate (text) || g_str_has_prefix (text, "[Read]")
      || g_str_has_prefix (text, "[Write]") || g_str_has_prefix (text, "[Mix]"))
    return FALSE;
  header = dyno_import_diskmark_cdm_header_version (text);
  return header == NULL
         && dyno_import_diskmark_classify_result (text, &name, &figures) == LINE_NOT_RESULT;
}

/* One line; FALSE with an error. */
static gboolean
parse_line (State *state, const char *raw, guint number, GError **error)
{
  const char *text;
  g_autofree char *cdm = NULL;
  g_autofree char *kdm = NULL;
  g_autofree char *fio = NULL;
  gboolean is_section;
  const char *value;
  TestName name;
  Figures figures;
  Key key;

  if (strlen (raw) > DYNO_IMPORT_DISKMARK_MAX_LINE)
    {
      /* Only prose is that long; a report ends before it. */
      if (state->report != NULL && state->report->stage != STAGE_BODY)
        state->report->stage = STAGE_DONE;
      return TRUE;
    }
  dyno_import_diskmark_clean_line (state->text, raw);
  text = state->text->str;

  if (state->report != NULL && state->report->stage == STAGE_AFTER_OS)
    {
      Report *report = state->report;

      if (*text == '\0')
        {
          report->stage = STAGE_DONE;
          return TRUE;
        }
      if (dyno_import_diskmark_match_key (text, &key, &value)
          && (key == KEY_COMMENT || key == KEY_TARGET))
        return parse_key (state, key, value, number, error);
      if (is_bare_comment (report, text))
        {
          g_free (report->comment);
          report->comment = dyno_import_clean_label (text, -1);
          report->last_line = number;
          report->stage = STAGE_DONE;
          return TRUE;
        }
      report->stage = STAGE_DONE;
    }

  if (*text == '\0')
    return TRUE;

  cdm = dyno_import_diskmark_cdm_header_version (text);
  kdm = cdm == NULL ? dyno_import_diskmark_kdm_header_version (text) : NULL;
  if (cdm != NULL || kdm != NULL)
    {
      if (!finish_report (state, error))
        return FALSE;
      if (cdm != NULL)
        report_new (state, TOOL_CDM, g_steal_pointer (&cdm), number);
      else
        report_new (state, TOOL_KDM, g_steal_pointer (&kdm), number);
      state->report->header_line = number;
      return TRUE;
    }

  fio = dyno_import_diskmark_fio_line_version (text);
  if (fio != NULL)
    {
      if (state->report != NULL && state->report->tool == TOOL_KDM
          && state->report->stage == STAGE_BODY)
        {
          g_free (state->report->fio_version);
          state->report->fio_version = g_steal_pointer (&fio);
        }
      return TRUE;
    }

  if (!parse_section (state, text, number, &is_section, error))
    return FALSE;
  if (is_section)
    return TRUE;

  switch (dyno_import_diskmark_classify_result (text, &name, &figures))
    {
    case LINE_RESULT:
      if (!ensure_report (state, number, error))
        return FALSE;
      state->report->last_line = number;
      return add_result (state, &name, &figures, number, error);
    case LINE_BAD_RESULT:
      return dyno_import_fail (error, state->input, number,
                               _ ("expected a test result such as “SEQ 1MiB (Q= 8, T= 1): "
                                  "543.188 MB/s [ 518.0 IOPS] < 15407.04 us>” or “Random Read "
                                  "4KB (QD=32) : 271.859 MB/s [ 66371.9 IOPS]”"));
    case LINE_NOT_RESULT:
    default:
      break;
    }

  /* The footer belongs to the report above it; elsewhere such a line is prose. */
  if (state->report != NULL && state->report->stage == STAGE_BODY
      && dyno_import_diskmark_match_key (text, &key, &value))
    return parse_key (state, key, value, number, error);
  return TRUE;
}

/* ---- results -------------------------------------------------------------------------- */

static void add_note (DynoImportRun *run, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
add_note (DynoImportRun *run, const char *format, ...)
{
  g_autofree char *note = NULL;
  va_list args;

  va_start (args, format);
  note = g_strdup_vprintf (format, args);
  va_end (args);
  dyno_import_run_add_note (run, note);
}

/* "Default", "Peak Performance [+Mix]": whether KDiskMark averaged its runs (Default) or kept
 * the best of them (the others). */
static gboolean
kdm_profile_averages (const char *profile)
{
  return profile == NULL || g_str_has_prefix (profile, "Default");
}

/* Turns a finished report into a run: label, provenance, notes, the runs' bookkeeping. */
static DynoImportRun *
report_to_run (State *state, Report *report, gboolean only_report)
{
  DynoImportRun *run = g_steal_pointer (&report->run);
  DynoConfig *config = run->config;
  const char *tool = tool_name (report->tool);
  gboolean kdm_mean = report->tool == TOOL_KDM && kdm_profile_averages (report->profile);
  g_autofree char *where = NULL;
  g_autofree char *target_path = NULL;

  run->tool = report->version ? g_strdup_printf ("%s %s", tool, report->version) : g_strdup (tool);
  if (only_report && state->input->name != NULL)
    /* TRANSLATORS: provenance: "CrystalDiskMark 8.0.4 text export, run.txt" */
    run->source = g_strdup_printf (_ ("%s text export, %s"), run->tool, state->input->name);
  else if (only_report)
    run->source = g_strdup_printf (_ ("%s text export"), run->tool);
  else
    {
      where = dyno_import_describe_line (state->input, report->first_line, report->last_line);
      /* TRANSLATORS: provenance: "CrystalDiskMark 8.0.4 text export, lines 5–30 of post.txt" */
      run->source = g_strdup_printf (_ ("%s text export, %s"), run->tool, where);
    }

  /* KDiskMark's target: "/home 52% (120.00/230.00 GiB) [Samsung SSD 970 EVO]" */
  if (report->target != NULL)
    {
      gsize length = strcspn (report->target, " ");
      const char *open = strrchr (report->target, '[');
      gsize total = strlen (report->target);

      target_path = g_strndup (report->target, length);
      if (open != NULL && report->target[total - 1] == ']' && total - (open - report->target) > 2)
        run->target->info->device_model
            = dyno_import_clean_label (open + 1, report->target + total - 1 - open - 1);
    }
  if (report->comment != NULL)
    run->label = g_strdup (report->comment);
  else if (report->drive != NULL)
    run->label = g_strdup_printf ("%s %s", tool, report->drive);
  else if (target_path != NULL)
    run->label = g_strdup_printf ("%s %s", tool, target_path);
  else
    run->label = g_strdup (tool);

  /* The comment is what its author wrote about the run: first. */
  if (report->comment != NULL)
    dyno_import_run_add_note (run, report->comment);
  if (report->count > 1 && kdm_mean)
    add_note (run,
              g_dngettext (GETTEXT_PACKAGE,
                           "Imported from a %s text export: each figure is the mean of %u run, "
                           "which was not kept; elapsed times, I/O counts, CPU time and latency "
                           "percentiles were not recorded.",
                           "Imported from a %s text export: each figure is the mean of %u runs, "
                           "which were not kept; elapsed times, I/O counts, CPU time and latency "
                           "percentiles were not recorded.",
                           report->count),
              tool, report->count);
  else if (report->count > 1)
    add_note (run,
              g_dngettext (GETTEXT_PACKAGE,
                           "Imported from a %s text export: each figure is the best of %u run "
                           "(the highest rate; the latency is the lowest of the runs' means), "
                           "which was not kept; elapsed times, I/O counts, CPU time and latency "
                           "percentiles were not recorded.",
                           "Imported from a %s text export: each figure is the best of %u runs "
                           "(the highest rate; the latency is the lowest of the runs' means), "
                           "which were not kept; elapsed times, I/O counts, CPU time and latency "
                           "percentiles were not recorded.",
                           report->count),
              tool, report->count);
  else
    add_note (run,
              _ ("Imported from a %s text export: elapsed times, I/O counts, CPU time and latency "
                 "percentiles were not recorded."),
              tool);
  if (report->profile != NULL)
    add_note (run, _ ("%s's profile: %s."), tool, report->profile);
  if (report->fio_version != NULL)
    add_note (run, _ ("KDiskMark ran %s with its libaio engine."), report->fio_version);
  if (report->target != NULL)
    add_note (run, _ ("KDiskMark's target: %s."), report->target);
  if (report->not_run->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (report->not_run, NULL);
      list = g_strjoinv (", ", (char **)report->not_run->pdata);
      add_note (run, _ ("%s shows 0 MB/s for %s: not run, and left out."), tool, list);
    }
  if (report->mix_defaulted)
    add_note (run, _ ("The text does not give the mix's share of reads; it was taken as "
                      "CrystalDiskMark's default, 70 %%."));

  config->repeat = report->count > 0 ? report->count : 1;
  config->queue_cache = DYNO_CACHE_DIRECT;
  config->data = report->zero_fill ? DYNO_DATA_ZEROS : DYNO_DATA_RANDOM;
  if (!isnan (report->measure) && report->measure <= DYNO_MAX_PHASE_TIME)
    config->phase_time = report->measure;
  if (!isnan (report->interval) && report->interval <= DYNO_MAX_INTERVAL)
    config->interval = report->interval;

  for (guint i = 0; i < run->target->phases->len; i++)
    {
      DynoPhaseResult *phase = g_ptr_array_index (run->target->phases, i);

      if (report->count > 0 && !kdm_mean)
        phase->best_of = report->count;
      if (report->count > 1 && kdm_mean)
        phase->note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the mean of %u run",
                                                    "the mean of %u runs", report->count),
                                       report->count);
      if (report->tool == TOOL_KDM && (phase->phase->kind->params & DYNO_PHASE_PARAM_READ_PERCENT))
        {
          g_autofree char *mix = g_strdup_printf (
              _ ("KDiskMark's mix figure is the mean of its read and write figures weighted by "
                 "their shares (%u %% and %u %%), not their sum"),
              phase->phase->params.read_percent, 100 - phase->phase->params.read_percent);

          if (phase->note != NULL)
            {
              char *joined = g_strdup_printf ("%s; %s", phase->note, mix);

              g_free (phase->note);
              phase->note = joined;
            }
          else
            phase->note = g_steal_pointer (&mix);
        }
    }
  return run;
}

gboolean
dyno_import_diskmark_parse (DynoImportInput *input, DynoImportFormat format, GPtrArray *runs,
                            GError **error)
{
  State state = { 0 };
  gboolean ok = TRUE;
  char *raw;

  state.input = input;
  state.default_tool = format == DYNO_IMPORT_KDM_TEXT ? TOOL_KDM : TOOL_CDM;
  state.reports = g_ptr_array_new_with_free_func ((GDestroyNotify)report_free);
  state.text = g_string_new (NULL);

  while (ok && (raw = dyno_import_reader_next (&input->reader)) != NULL)
    {
      guint number = input->reader.number;

      ok = parse_line (&state, raw, number, error);
      /* Both tools end every line of an export with a line break: a report's line without one
       * is where a copy or a download stopped, and what it says may be cut (“OS: Windows 1”,
       * a figure short of its digits) with nothing to show it. Prose after a report may lack
       * it, as a pasted post's last line does. */
      if (ok && input->reader.unterminated && state.report != NULL
          && state.report->last_line == number)
        ok = dyno_import_fail (error, input, number,
                               _ ("the file ends inside this line, without the line break "
                                  "that ends every line of a %s export: it was cut short "
                                  "(a line that is whole needs its line break); nothing "
                                  "was imported"),
                               tool_name (state.report->tool));
    }
  if (ok)
    ok = finish_report (&state, error);
  else
    g_clear_pointer (&state.report, report_free);

  for (guint i = 0; ok && i < state.reports->len; i++)
    g_ptr_array_add (runs, report_to_run (&state, g_ptr_array_index (state.reports, i),
                                          state.reports->len == 1));

  g_ptr_array_unref (state.reports);
  g_string_free (state.text, TRUE);
  return ok;
}
