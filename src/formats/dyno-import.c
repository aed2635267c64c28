/* dyno-import.c: results from other tools and other machines
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This file holds the public entry points, format detection and what the readers share: the
 * decoding of UTF-16, the line reader, strict number parsing and turning a run into a
 * DynoResult. dyno-import-csv.c reads bonnie++'s CSV, dyno-import-text.c the text tables of
 * bonnie++ and Bonnie, dyno-import-diskmark.c the text exports of CrystalDiskMark and
 * KDiskMark, dyno-import-fio.c fio's JSON; Dyno's own files go to dyno_result_load_from_data().
 *
 * Windows tools write UTF-16 (CrystalDiskMark 5 to 7 save it, Notepad's "Unicode" and
 * PowerShell's ">" too), so every input is first decoded to UTF-8 when it is UTF-16: with a
 * byte order mark, or without one when every other byte of the text is NUL.
 *
 * Detection (AUTO) looks at the content only, never at a file name:
 *  - a "{" as the first non-blank character: JSON, fio's when its first key is one only fio
 *    writes ("fio version", "jobs", "client_stats"…), else a Dyno result file; text lines fio
 *    printed before its JSON ("note: both iodepth >= 1 and synchronous I/O engine…") are
 *    allowed before a fio "{";
 *  - any bonnie++ or Bonnie table header ("Machine  Size K/sec %CP", "Name:Size etc",
 *    "files  /sec %CP", "Machine  MB M/sec %CPU"…): text, which also picks up the CSV lines
 *    bonnie++ prints after its tables;
 *  - a CrystalDiskMark or KDiskMark header or result line ("CrystalDiskMark 8.0.4 x64 (C)…",
 *    "KDiskMark (3.1.4): …", "SEQ 1MiB (Q= 8, T= 1): … MB/s", "Sequential Read : … MB/s");
 *  - a CSV header or data line first: bonnie++ CSV, where every line must be one;
 *  - prose with a CSV line in it: text;
 *  - anything else is refused.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-files-options.h"
#include "dyno-enum.h"
#include "dyno-error.h"
#include "dyno-formats-enums.h"
#include "dyno-file-private.h"
#include "dyno-import-private.h"

#define MAX_LABEL_BYTES 256
static const char unknown_format_hint[] =
    N_("expected a bonnie++ CSV line (27, 48 or 50 fields), a bonnie++ or Bonnie text table, a "
       "CrystalDiskMark or KDiskMark text export, fio's JSON output, or a Dyno result file");

/* ---- runs ----------------------------------------------------------------------------- */

DynoImportRun *
dyno_import_run_new (void)
{
  DynoImportRun *run = g_new0 (DynoImportRun, 1);

  run->notes = g_ptr_array_new_with_free_func (g_free);
  run->config = dyno_config_new ();
  /* What bonnie++ and Bonnie do; the readers change what the input says otherwise. */
  dyno_config_clear_phases (run->config);
  run->config->size = 0;
  dyno_config_get_files (run->config)->num = 0;
  run->config->cache = DYNO_CACHE_NONE;
  run->config->data = DYNO_DATA_ZEROS;
  run->config->repeat = 1;
  /* Bonnie and bonnie++ run the sizes given, once. */
  run->config->phase_time = 0;
  run->config->autos = 0;
  run->config->seed = 0;
  for (guint i = 0; i < BONNIE_COL_N_COLUMNS; i++)
    {
      run->phases[i].rate = NAN;
      run->phases[i].cpu_percent = NAN;
      run->phases[i].latency = NAN;
    }
  return run;
}

void
dyno_import_run_free (DynoImportRun *run)
{
  if (run == NULL)
    return;
  g_free (run->label);
  g_free (run->tool);
  g_free (run->source);
  g_ptr_array_unref (run->notes);
  dyno_config_free (run->config);
  g_clear_pointer (&run->target, dyno_target_result_free);
  g_clear_pointer (&run->system, dyno_system_info_free);
  g_clear_pointer (&run->created, g_date_time_unref);
  g_free (run);
}

DynoImportRun *
dyno_import_run_new_queued (void)
{
  DynoImportRun *run = dyno_import_run_new ();

  run->target = dyno_target_result_new (dyno_target_info_new (NULL));
  run->system = dyno_system_info_new ();
  /* Unknown until the input says: CrystalDiskMark's defaults are not assumed. */
  run->config->repeat = 1;
  run->config->queue_size = 0;
  run->config->interval = 0;
  run->config->io_engine = DYNO_IO_ENGINE_AUTO;
  run->config->data = DYNO_DATA_RANDOM;
  return run;
}

void
dyno_import_run_add_note (DynoImportRun *run, const char *note)
{
  for (guint i = 0; i < run->notes->len; i++)
    if (g_str_equal (g_ptr_array_index (run->notes, i), note))
      return;
  g_ptr_array_add (run->notes, g_strdup (note));
}

/* The queued phases' part: their target as the reader filled it. */
static DynoResult *
queued_run_to_result (DynoImportRun *run, DynoResult *result)
{
  g_autoptr (GPtrArray) phases = g_ptr_array_new ();
  DynoTargetResult *target = g_steal_pointer (&run->target);

  for (guint i = 0; i < target->phases->len; i++)
    {
      DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      g_ptr_array_add (phases, (gpointer) phase->phase);
    }
  dyno_config_set_phases (run->config, phases);
  dyno_result_set_config (result, run->config);
  dyno_result_set_system (result, g_steal_pointer (&run->system));
  if (run->created != NULL)
    dyno_result_set_created (result, run->created);
  dyno_result_add_target (result, target);
  return result;
}

DynoResult *
dyno_import_run_to_result (DynoImportRun *run)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (GString) notes = g_string_new (NULL);
  DynoSystemInfo *system;
  DynoTargetResult *target;

  for (guint i = 0; i < run->notes->len; i++)
    {
      if (i > 0)
        g_string_append_c (notes, '\n');
      g_string_append (notes, g_ptr_array_index (run->notes, i));
    }

  /* The label and notes live in the config too; the result file keeps one copy. */
  g_free (run->config->label);
  run->config->label = g_strdup (run->label);
  g_free (run->config->notes);
  run->config->notes = notes->len > 0 ? g_strdup (notes->str) : NULL;

  dyno_result_set_label (result, run->label);
  dyno_result_set_notes (result, run->config->notes);
  dyno_result_set_tool (result, run->tool);
  dyno_result_set_source (result, run->source);
  if (run->target != NULL)
    {
      queued_run_to_result (run, result);
      return g_steal_pointer (&result);
    }

  dyno_config_clear_phases (run->config);
  for (DynoBonnieColumn id = 0; id < BONNIE_COL_N_COLUMNS; id++)
    if (run->phases[id].present)
      dyno_config_add_phase (run->config, dyno_import_bonnie_phase (id));
  if (!dyno_config_has_flags (run->config, DYNO_PHASE_FILE_TEST))
    {
      dyno_config_get_files (run->config)->num = 0;
      dyno_config_get_files (run->config)->max = 0;
      dyno_config_get_files (run->config)->min = 0;
      dyno_config_get_files (run->config)->dirs = 1;
    }
  dyno_result_set_config (result, run->config);

  /* bonnie++'s name is the machine's (its -m default is the host name). */
  system = dyno_system_info_new ();
  system->hostname = g_strdup (run->label);
  dyno_result_set_system (result, system);

  target = dyno_target_result_new (dyno_target_info_new (NULL));
  for (DynoBonnieColumn id = 0; id < BONNIE_COL_N_COLUMNS; id++)
    {
      const DynoImportPhase *figures = &run->phases[id];
      DynoPhaseResult *phase;
      DynoPhaseRun phase_run;

      if (!figures->present)
        continue;
      dyno_phase_run_init (&phase_run);
      phase_run.too_fast = figures->too_fast;
      phase_run.rate = figures->too_fast ? NAN : figures->rate;
      phase_run.cpu_percent = figures->cpu_percent;
      phase_run.latency.max = figures->latency;
      if (id == BONNIE_COL_SEEKS && run->seek_threads > 0)
        phase_run.threads = run->seek_threads;
      phase = dyno_target_result_ensure_phase (target, dyno_import_bonnie_phase (id));
      dyno_phase_result_add_run (phase, &phase_run);
      phase->latency.max = figures->latency;
    }
  dyno_result_add_target (result, target);
  return g_steal_pointer (&result);
}

/* ---- queued phases -------------------------------------------------------------------- */

const DynoPhase *
dyno_import_queued_phase (const char *pattern, const char *op, guint64 block_size,
                          guint queue_depth, guint threads, guint read_percent)
{
  g_autofree char *nick = g_strdup_printf ("%s-%s", pattern, op);
  const DynoPhaseKind *kind = dyno_phase_kind_lookup (nick);
  DynoPhaseParams params = {
    .block_size = block_size,
    .queue_depth = queue_depth,
    .threads = threads,
  };

  g_assert (kind != NULL && dyno_phase_has_flag (dyno_phase_get (kind, NULL), DYNO_PHASE_QUEUED));
  if (block_size == 0 || block_size > DYNO_IMPORT_MAX_BLOCK || queue_depth == 0
      || queue_depth > DYNO_IMPORT_MAX_QUEUE_DEPTH || threads == 0
      || threads > DYNO_IMPORT_MAX_THREADS)
    return NULL;
  if (kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
    {
      /* A phase key has no "r0": 0 would read back as the kind's default. */
      if (read_percent == 0 || read_percent > 100)
        return NULL;
      params.read_percent = read_percent;
    }
  return dyno_phase_get (kind, &params);
}

DynoPhaseResult *
dyno_import_run_ensure_phase (DynoImportRun *run, const DynoPhase *phase)
{
  DynoPhaseResult *result;

  g_assert (run->target != NULL);
  result = dyno_target_result_get_phase (run->target, phase);
  if (result != NULL)
    return result;
  if (run->target->phases->len >= DYNO_MAX_PHASES)
    return NULL;
  return dyno_target_result_ensure_phase (run->target, phase);
}

gboolean
dyno_import_phase_add_run (DynoPhaseResult *phase, DynoPhaseRun *run)
{
  DynoLatency *total = &phase->latency;
  const DynoLatency *latency = &run->latency;

  if (phase->runs->len >= DYNO_MAX_REPEAT)
    return FALSE;
  run->repeat = phase->runs->len;
  if (phase->runs->len == 0)
    *total = *latency;
  else
    {
      /* Without the runs' histograms only the mean and the maximum combine. */
      double w_total = total->count > 0 ? (double) total->count : phase->runs->len;
      double w_run = latency->count > 0 ? (double) latency->count : 1;

      if (isnan (total->mean) || isnan (latency->mean))
        total->mean = NAN;
      else
        total->mean = (total->mean * w_total + latency->mean * w_run) / (w_total + w_run);
      total->max = isnan (total->max) || isnan (latency->max) ? NAN
                                                               : MAX (total->max, latency->max);
      total->count = total->count > 0 && latency->count > 0 ? total->count + latency->count : 0;
      total->p50 = total->p90 = total->p99 = total->p999 = NAN;
    }
  dyno_phase_result_add_run (phase, run);
  return TRUE;
}

/* ---- lines ---------------------------------------------------------------------------- */

void
dyno_import_reader_init (DynoImportReader *reader, const char *data, gsize length)
{
  reader->buffer = g_malloc (length + 1);
  memcpy (reader->buffer, data, length);
  reader->buffer[length] = '\0';
  reader->pos = reader->buffer;
  reader->end = reader->buffer + length;
  reader->number = 0;
}

void
dyno_import_reader_clear (DynoImportReader *reader)
{
  g_clear_pointer (&reader->buffer, g_free);
  reader->pos = reader->end = NULL;
}

char *
dyno_import_reader_next (DynoImportReader *reader)
{
  char *line;
  char *brk;

  if (reader->pos == NULL || reader->pos >= reader->end)
    return NULL;

  /* The buffer has no NULs but its terminator (the caller checked), so strpbrk stops at the
   * next line break or the end. */
  line = reader->pos;
  brk = strpbrk (line, "\r\n");
  reader->unterminated = brk == NULL;
  if (brk == NULL)
    reader->pos = reader->end;
  else
    {
      reader->pos = brk + 1;
      if (*brk == '\r' && *reader->pos == '\n')
        reader->pos++;
      *brk = '\0';
    }
  reader->number++;
  return line;
}

/* ---- errors --------------------------------------------------------------------------- */

gboolean
dyno_import_fail (GError **error, const DynoImportInput *input, guint line, const char *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (input != NULL && input->name != NULL && line > 0)
    /* TRANSLATORS: “input name”: line 3: what went wrong */
    g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("“%s”: line %u: %s"), input->name,
                 line, message);
  else if (line > 0)
    g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("line %u: %s"), line, message);
  else if (input != NULL && input->name != NULL)
    g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, "“%s”: %s", input->name, message);
  else
    g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, message);
  return FALSE;
}

char *
dyno_import_describe_line (const DynoImportInput *input, guint first, guint last)
{
  if (input->name != NULL)
    {
      if (last > first)
        /* TRANSLATORS: provenance of an import: "lines 5–14 of run.txt" */
        return g_strdup_printf (_("lines %u–%u of %s"), first, last, input->name);
      return g_strdup_printf (_("line %u of %s"), first, input->name);
    }
  if (last > first)
    return g_strdup_printf (_("lines %u–%u"), first, last);
  return g_strdup_printf (_("line %u"), first);
}

/* ---- numbers -------------------------------------------------------------------------- */

gboolean
dyno_import_parse_decimal (const char *text, gsize length, double *out)
{
  char buf[40];
  gboolean digits = FALSE;
  gboolean point = FALSE;
  double value;

  if (length == 0 || length >= sizeof buf)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    {
      if (g_ascii_isdigit (text[i]))
        digits = TRUE;
      else if (text[i] == '.' && !point)
        point = TRUE;
      else
        return FALSE;
    }
  if (!digits)
    return FALSE;

  memcpy (buf, text, length);
  buf[length] = '\0';
  value = g_ascii_strtod (buf, NULL);
  if (!isfinite (value) || value < 0)
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
dyno_import_is_plus (const char *text, gsize length)
{
  if (length == 0)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (text[i] != '+')
      return FALSE;
  return TRUE;
}

gboolean
dyno_import_parse_latency (const char *text, gsize length, double *out)
{
  gsize digits = 0;
  double value;
  double scale;

  while (digits < length && (g_ascii_isdigit (text[digits]) || text[digits] == '.'))
    digits++;
  if (!dyno_import_parse_decimal (text, digits, &value))
    return FALSE;

  if (length - digits == 2 && strncmp (text + digits, "us", 2) == 0)
    scale = 1e-6;
  else if (length - digits == 2 && strncmp (text + digits, "ms", 2) == 0)
    scale = 1e-3;
  else if (length - digits == 1 && text[digits] == 's')
    scale = 1;
  else
    return FALSE;

  value *= scale;
  if (value > DYNO_IMPORT_MAX_LATENCY)
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
dyno_import_parse_size (const char *text, gsize length, guint64 default_unit, guint64 *out)
{
  gsize digits = 0;
  guint64 unit = default_unit;
  double value;
  double bytes;

  while (digits < length && (g_ascii_isdigit (text[digits]) || text[digits] == '.'))
    digits++;
  if (!dyno_import_parse_decimal (text, digits, &value))
    return FALSE;

  if (length - digits == 1)
    {
      switch (text[digits])
        {
        case 'k':
        case 'K':
          unit = G_GUINT64_CONSTANT (1) << 10;
          break;
        case 'm':
        case 'M':
          unit = G_GUINT64_CONSTANT (1) << 20;
          break;
        case 'g':
        case 'G':
          unit = G_GUINT64_CONSTANT (1) << 30;
          break;
        case 't':
        case 'T':
          unit = G_GUINT64_CONSTANT (1) << 40;
          break;
        default:
          return FALSE;
        }
    }
  else if (length != digits)
    return FALSE;

  bytes = floor (value * (double) unit);
  /* Far beyond any volume, and it would not fit the result file's integers. */
  if (bytes > (double) (G_GUINT64_CONSTANT (1) << 60))
    return FALSE;
  *out = (guint64) bytes;
  return TRUE;
}

static gboolean
parse_small_uint (const char *text, gsize length, guint max, guint *out)
{
  guint64 value = 0;

  if (length == 0 || length > 9)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      value = value * 10 + (text[i] - '0');
    }
  if (value > max)
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

gboolean
dyno_import_parse_version (const char *text, guint *major, guint *minor)
{
  const char *dot;
  const char *rest;
  gsize minor_length = 0;

  if (text == NULL)
    return FALSE;
  dot = strchr (text, '.');
  if (dot == NULL || !parse_small_uint (text, dot - text, 99, major))
    return FALSE;
  rest = dot + 1;
  while (g_ascii_isdigit (rest[minor_length]))
    minor_length++;
  if (minor_length == 0 || minor_length > 2 || !parse_small_uint (rest, minor_length, 99, minor))
    return FALSE;
  rest += minor_length;
  /* "1.03c", "2.00a", "1.97.3", or nothing more */
  if (*rest == '\0')
    return TRUE;
  if (g_ascii_islower (rest[0]) && rest[1] == '\0')
    return TRUE;
  if (rest[0] == '.' && g_ascii_isdigit (rest[1]))
    {
      for (rest++; g_ascii_isdigit (*rest); rest++)
        ;
      return *rest == '\0';
    }
  return FALSE;
}

static gboolean
parse_file_size_limit (const char *text, gsize length, gint64 *out)
{
  guint64 bytes;

  if (length == 4 && strncmp (text, "link", 4) == 0)
    *out = DYNO_FILES_LINK;
  else if (length == 7 && strncmp (text, "symlink", 7) == 0)
    *out = DYNO_FILES_SYMLINK;
  else if (length == 2 && strncmp (text, "-1", 2) == 0)
    *out = DYNO_FILES_LINK;
  else if (length == 2 && strncmp (text, "-2", 2) == 0)
    *out = DYNO_FILES_SYMLINK;
  else if (dyno_import_parse_size (text, length, 1, &bytes) && bytes <= G_MAXINT32)
    *out = (gint64) bytes;
  else
    return FALSE;
  return TRUE;
}

gboolean
dyno_import_parse_files_spec (const char *text, DynoConfig *config)
{
  const char *slash = strchr (text, '/');
  gsize main_length = slash ? (gsize) (slash - text) : strlen (text);
  const char *parts[5];
  gsize lengths[5];
  guint n_parts = 0;
  const char *p = text;
  guint num;
  guint dirs = 1;
  gint64 max = 0;
  gint64 min = 0;

  /* num[:max[:min[:dirs]]], bon_csv2txt's num:max:min:dirs, or bonnie++'s …/dirs */
  while (n_parts < G_N_ELEMENTS (parts))
    {
      const char *colon = memchr (p, ':', main_length - (p - text));
      gsize length = colon ? (gsize) (colon - p) : main_length - (p - text);

      parts[n_parts] = p;
      lengths[n_parts] = length;
      n_parts++;
      if (colon == NULL)
        break;
      p = colon + 1;
    }
  if (n_parts > 4 || (n_parts == 4 && slash != NULL))
    return FALSE;

  if (!parse_small_uint (parts[0], lengths[0], DYNO_MAX_FILES_NUM, &num) || num == 0)
    return FALSE;
  if (n_parts > 1 && lengths[1] > 0 && !parse_file_size_limit (parts[1], lengths[1], &max))
    return FALSE;
  if (n_parts > 2 && lengths[2] > 0)
    {
      if (!parse_file_size_limit (parts[2], lengths[2], &min) || min < 0)
        return FALSE;
    }
  if (n_parts > 3 && lengths[3] > 0
      && (!parse_small_uint (parts[3], lengths[3], DYNO_MAX_FILES_DIRS, &dirs) || dirs == 0))
    return FALSE;
  if (slash != NULL
      && (!parse_small_uint (slash + 1, strlen (slash + 1), DYNO_MAX_FILES_DIRS, &dirs)
          || dirs == 0))
    return FALSE;
  /* bon_csv2txt writes "num:0:0" for bonnie++'s defaults */
  if (max <= 0)
    min = 0;
  /* bonnie++ refuses that itself */
  if (max > 0 && min > max)
    return FALSE;

  dyno_config_get_files (config)->num = num;
  dyno_config_get_files (config)->max = max;
  dyno_config_get_files (config)->min = min;
  dyno_config_get_files (config)->dirs = dirs;
  return TRUE;
}

char *
dyno_import_clean_label (const char *text, gssize length)
{
  g_autofree char *valid = g_utf8_make_valid (text, length);
  const char *end;

  for (char *p = valid; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';
  g_strstrip (valid);
  if (*valid == '\0')
    return NULL;
  if (strlen (valid) > MAX_LABEL_BYTES)
    {
      g_utf8_validate (valid, MAX_LABEL_BYTES, &end);
      valid[end - valid] = '\0';
    }
  return g_steal_pointer (&valid);
}

/* ---- formats -------------------------------------------------------------------------- */

const char *
dyno_import_format_to_string (DynoImportFormat format)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_IMPORT_FORMAT, format);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_import_format_from_string (const char *text, DynoImportFormat *out)
{
  /* Accepted only; the nicks are what is written. */
  static const DynoEnumAlias aliases[] = {
    { "json", DYNO_IMPORT_DYNO_JSON },
    { "csv", DYNO_IMPORT_BONNIEPP_CSV },
    { "text", DYNO_IMPORT_BONNIEPP_TEXT },
    { "bonnie", DYNO_IMPORT_BONNIE_TEXT },
    { "cdm", DYNO_IMPORT_CDM_TEXT },
    { "kdm", DYNO_IMPORT_KDM_TEXT },
    { "fio", DYNO_IMPORT_FIO_JSON },
    { NULL },
  };
  int format;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!dyno_enum_from_nick (DYNO_TYPE_IMPORT_FORMAT, text, aliases, &format))
    return FALSE;
  if (out != NULL)
    *out = format;
  return TRUE;
}

/* The input without its UTF-8 byte order marks: CrystalDiskMark 5 to 7 wrote a second one
 * after the one their C library wrote, which decodes to two. */
static void
skip_bom (const char **data, gsize *length)
{
  while (*length >= 3 && memcmp (*data, "\xef\xbb\xbf", 3) == 0)
    {
      *data += 3;
      *length -= 3;
    }
}

/* ---- UTF-16 --------------------------------------------------------------------------- */

static gboolean
fail_too_large (GError **error, const DynoImportInput *input, guint64 length)
{
  g_autofree char *size = g_format_size (length);

  return dyno_import_fail (error, input, 0,
                           _("too large to import (%s): the tools Dyno imports print at most a "
                             "few hundred kilobytes, and the limit is 16 MiB"),
                           size);
}

typedef enum
{
  ENCODING_UTF8,
  ENCODING_UTF16LE,
  ENCODING_UTF16BE,
} Encoding;

/* UTF-16 with a byte order mark, or without one: text in UTF-16 is mostly ASCII, so most of
 * its code units have a NUL high byte, which UTF-8 text never has. */
static Encoding
sniff_encoding (const char *data, gsize length, gboolean *bom)
{
  const guchar *b = (const guchar *) data;
  gsize pairs = MIN (length, 4096) / 2;
  gsize le = 0;
  gsize be = 0;

  *bom = length >= 2 && ((b[0] == 0xff && b[1] == 0xfe) || (b[0] == 0xfe && b[1] == 0xff));
  if (*bom)
    return b[0] == 0xff ? ENCODING_UTF16LE : ENCODING_UTF16BE;
  if (pairs < 2)
    return ENCODING_UTF8;
  for (gsize i = 0; i < pairs; i++)
    {
      if (b[2 * i] != 0 && b[2 * i + 1] == 0)
        le++;
      else if (b[2 * i] == 0 && b[2 * i + 1] != 0)
        be++;
    }
  if (le * 10 >= pairs * 6)
    return ENCODING_UTF16LE;
  if (be * 10 >= pairs * 6)
    return ENCODING_UTF16BE;
  return ENCODING_UTF8;
}

/* UTF-16 to UTF-8; FALSE with an error naming the line for odd lengths and lone surrogates.
 * A NUL code unit stays a NUL byte, for the caller's check to report. */
static gboolean
decode_utf16 (const char *data, gsize length, Encoding encoding, gboolean bom,
              const DynoImportInput *input, char **out, gsize *out_length, GError **error)
{
  const guchar *b = (const guchar *) data;
  const char *name = encoding == ENCODING_UTF16LE ? "UTF-16LE" : "UTF-16BE";
  g_autoptr (GString) text = NULL;
  guint line = 1;

  if (length % 2 != 0)
    {
      if (bom)
        return dyno_import_fail (error, input, 0,
                                 _("the input starts with a %s byte order mark but has an odd "
                                   "number of bytes (%zu): it is cut short"),
                                 name, length);
      return dyno_import_fail (error, input, 0,
                               _("the input looks like %s text (every other byte is NUL) but "
                                 "has an odd number of bytes (%zu): it is cut "
                                 "short, or binary data"),
                               name, length);
    }

  text = g_string_sized_new (length / 2 + 1);
  for (gsize i = bom ? 2 : 0; i < length; i += 2)
    {
      gunichar unit = encoding == ENCODING_UTF16LE ? (gunichar) (b[i] | b[i + 1] << 8)
                                                   : (gunichar) (b[i] << 8 | b[i + 1]);
      gunichar c = unit;

      if (unit >= 0xdc00 && unit <= 0xdfff)
        return dyno_import_fail (error, input, line,
                                 _("not valid %s text: a low surrogate (0x%04X) without a high "
                                   "one before it"),
                                 name, unit);
      if (unit >= 0xd800 && unit <= 0xdbff)
        {
          gunichar low = 0;

          if (i + 3 < length)
            low = encoding == ENCODING_UTF16LE ? (gunichar) (b[i + 2] | b[i + 3] << 8)
                                               : (gunichar) (b[i + 2] << 8 | b[i + 3]);
          if (low < 0xdc00 || low > 0xdfff)
            return dyno_import_fail (error, input, line,
                                     _("not valid %s text: a high surrogate (0x%04X) without a "
                                       "low one after it"),
                                     name, unit);
          c = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          i += 2;
        }
      /* Numbered as the line reader numbers them: LF, CRLF and a lone CR end a line. */
      if (c == '\n')
        line++;
      else if (c == '\r' && !(i + 3 < length && (encoding == ENCODING_UTF16LE
                                                     ? b[i + 2] == '\n' && b[i + 3] == 0
                                                     : b[i + 2] == 0 && b[i + 3] == '\n')))
        line++;
      g_string_append_unichar (text, c);
    }
  *out_length = text->len;
  *out = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

/* The input as UTF-8 without byte order marks: *data and *length point into the original, or
 * into *decoded when it was UTF-16. */
static gboolean
decode_input (const char **data, gsize *length, char **decoded, const DynoImportInput *input,
              GError **error)
{
  gboolean bom;
  Encoding encoding = sniff_encoding (*data, *length, &bom);
  gsize decoded_length = 0;

  *decoded = NULL;
  if (encoding != ENCODING_UTF8)
    {
      /* The limit holds for what was given, before it grows by decoding. */
      if (*length > DYNO_IMPORT_MAX_TEXT_SIZE)
        return fail_too_large (error, input, *length);
      if (!decode_utf16 (*data, *length, encoding, bom, input, decoded, &decoded_length, error))
        return FALSE;
      *data = *decoded;
      *length = decoded_length;
    }
  skip_bom (data, length);
  return TRUE;
}

static gboolean
looks_like_json (const char *data, gsize length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (data[i] == '{')
        return TRUE;
      if (!g_ascii_isspace (data[i]))
        return FALSE;
    }
  return FALSE;
}

static gboolean
is_blank (const char *line)
{
  for (; *line != '\0'; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;
  return TRUE;
}

/* data has no NULs and is at most DYNO_IMPORT_MAX_TEXT_SIZE (or decoded from that much). */
static DynoImportFormat
detect_text (const char *data, gsize length)
{
  DynoImportReader reader;
  DynoImportFormat text_format = DYNO_IMPORT_AUTO;
  gboolean first = TRUE;
  gboolean first_is_csv = FALSE;
  gboolean all_csv = TRUE;
  gboolean any_csv = FALSE;
  char *line;

  dyno_import_reader_init (&reader, data, length);
  while ((line = dyno_import_reader_next (&reader)) != NULL)
    {
      gboolean csv;

      if (is_blank (line))
        continue;
      csv = dyno_import_csv_is_header (line) || dyno_import_csv_is_candidate (line);
      if (first)
        first_is_csv = csv;
      first = FALSE;
      any_csv |= csv;
      all_csv &= csv;
      if (!csv && text_format == DYNO_IMPORT_AUTO)
        {
          text_format = dyno_import_text_detect_line (line);
          if (text_format == DYNO_IMPORT_AUTO)
            text_format = dyno_import_diskmark_detect_line (line);
          /* A table or report settles it: the text reader also takes the CSV lines around
           * a table. */
          if (text_format != DYNO_IMPORT_AUTO)
            break;
        }
    }
  dyno_import_reader_clear (&reader);

  if (text_format != DYNO_IMPORT_AUTO)
    return text_format;
  /* A CSV file throughout, or one that starts like one: read it strictly, so that a damaged
   * line is reported rather than skipped. */
  if (any_csv && (all_csv || first_is_csv))
    return DYNO_IMPORT_BONNIEPP_CSV;
  /* Prose around a CSV line (a forum post) */
  if (any_csv)
    return DYNO_IMPORT_BONNIEPP_TEXT;
  return DYNO_IMPORT_AUTO;
}

DynoImportFormat
dyno_import_detect (const char *data, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *decoded = NULL;

  g_return_val_if_fail (data != NULL || length == 0, DYNO_IMPORT_AUTO);

  if (data == NULL)
    return DYNO_IMPORT_AUTO;
  if (!decode_input (&data, &length, &decoded, NULL, &error))
    return DYNO_IMPORT_AUTO;
  /* fio's JSON may follow lines of text, so it is looked for before Dyno's. */
  if (dyno_import_fio_detect (data, length))
    return DYNO_IMPORT_FIO_JSON;
  if (looks_like_json (data, length))
    return DYNO_IMPORT_DYNO_JSON;
  /* Decoding made it longer than it was, within the limit. */
  if ((decoded == NULL && length > DYNO_IMPORT_MAX_TEXT_SIZE)
      || memchr (data, '\0', length) != NULL)
    return DYNO_IMPORT_AUTO;
  return detect_text (data, length);
}

/* ---- entry points --------------------------------------------------------------------- */

static guint
line_of_offset (const char *data, gsize offset)
{
  guint line = 1;

  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n' || (data[i] == '\r' && (i + 1 >= offset || data[i + 1] != '\n')))
      line++;
  return line;
}

static GPtrArray *
import_json (const char *data, gsize length, const char *source_name, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  DynoResult *result;

  result = dyno_result_load_from_data (data, length, &local_error);
  if (result == NULL)
    {
      if (source_name != NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "“%s”: ",
                                    source_name);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  results = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (results, result);
  return g_steal_pointer (&results);
}

GPtrArray *
dyno_import_data (const char *data, gsize length, DynoImportFormat format,
                  const char *source_name, GError **error)
{
  g_autoptr (GPtrArray) runs = NULL;
  g_autoptr (GPtrArray) results = NULL;
  g_autofree char *display_name = NULL;
  g_autofree char *decoded = NULL;
  DynoImportInput input = { 0 };
  const char *nul;
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    data = "";
  if (source_name != NULL)
    display_name = dyno_import_clean_label (source_name, -1);
  input.name = display_name;

  if (!decode_input (&data, &length, &decoded, &input, error))
    return NULL;
  if (format == DYNO_IMPORT_AUTO && dyno_import_fio_detect (data, length))
    format = DYNO_IMPORT_FIO_JSON;
  if (format == DYNO_IMPORT_DYNO_JSON
      || (format == DYNO_IMPORT_AUTO && looks_like_json (data, length)))
    return import_json (data, length, display_name, error);

  if (length > DYNO_IMPORT_MAX_TEXT_SIZE && decoded == NULL)
    {
      fail_too_large (error, &input, length);
      return NULL;
    }
  nul = memchr (data, '\0', length);
  if (nul != NULL)
    {
      dyno_import_fail (error, &input, line_of_offset (data, nul - data),
                        _("found a NUL byte, so this is neither UTF-8 nor UTF-16 text: %s"),
                        _(unknown_format_hint));
      return NULL;
    }

  if (format == DYNO_IMPORT_AUTO)
    {
      gboolean blank = TRUE;

      for (gsize i = 0; i < length && blank; i++)
        blank = g_ascii_isspace (data[i]);
      if (blank)
        {
          dyno_import_fail (error, &input, 0, _("the input is empty: %s"),
                            _(unknown_format_hint));
          return NULL;
        }
      format = detect_text (data, length);
      if (format == DYNO_IMPORT_AUTO)
        {
          dyno_import_fail (error, &input, 0, _("not a recognised format: %s"),
                            _(unknown_format_hint));
          return NULL;
        }
    }

  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_import_run_free);
  dyno_import_reader_init (&input.reader, data, length);
  switch (format)
    {
    case DYNO_IMPORT_BONNIEPP_CSV:
      ok = dyno_import_csv_parse (&input, runs, error);
      break;
    case DYNO_IMPORT_CDM_TEXT:
    case DYNO_IMPORT_KDM_TEXT:
      ok = dyno_import_diskmark_parse (&input, format, runs, error);
      break;
    case DYNO_IMPORT_FIO_JSON:
      ok = dyno_import_fio_parse (&input, data, length, runs, error);
      break;
    case DYNO_IMPORT_BONNIEPP_TEXT:
    case DYNO_IMPORT_BONNIE_TEXT:
    case DYNO_IMPORT_AUTO:
    case DYNO_IMPORT_DYNO_JSON:
    default:
      ok = dyno_import_text_parse (&input, runs, error);
      break;
    }
  dyno_import_reader_clear (&input.reader);
  if (!ok)
    return NULL;

  if (runs->len == 0)
    {
      if (format == DYNO_IMPORT_BONNIEPP_CSV)
        dyno_import_fail (error, &input, 0,
                          _("no runs found: expected bonnie++ CSV data lines (27, 48 or 50 "
                            "fields), not only header or blank lines"));
      else if (format == DYNO_IMPORT_CDM_TEXT || format == DYNO_IMPORT_KDM_TEXT)
        dyno_import_fail (error, &input, 0,
                          _("no runs found: expected a CrystalDiskMark or KDiskMark text export "
                            "with test results such as “SEQ 1MiB (Q= 8, T= 1): 543.188 MB/s”"));
      else
        dyno_import_fail (error, &input, 0, _("no runs found: %s"), _(unknown_format_hint));
      return NULL;
    }

  results = g_ptr_array_new_full (runs->len, g_object_unref);
  for (guint i = 0; i < runs->len; i++)
    g_ptr_array_add (results, dyno_import_run_to_result (g_ptr_array_index (runs, i)));
  return g_steal_pointer (&results);
}

GPtrArray *
dyno_import_file (const char *path, DynoImportFormat format, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  guint64 size = 0;
  gsize length = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_basename (path);
  fd = dyno_file_open_regular (path, &size, error);
  if (fd < 0)
    return NULL;

  /* Dyno's own files may be large and have their own reader, which also remembers the path. */
  if (format == DYNO_IMPORT_DYNO_JSON)
    {
      DynoResult *result;
      GPtrArray *results;

      close (fd);
      result = dyno_result_load (path, error);
      if (result == NULL)
        return NULL;
      results = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (results, result);
      return results;
    }

  /* Read one byte past the text limit, enough to tell a large JSON file from large junk. */
  if (!dyno_file_read_fd (fd, path, (gsize) MIN (size, DYNO_IMPORT_MAX_TEXT_SIZE + 1), &data,
                          &length, error))
    return NULL;

  if (format == DYNO_IMPORT_AUTO)
    {
      const char *start = data;
      gsize start_length = length;

      /* UTF-8 only: a Dyno file in UTF-16 is read from memory like any other input. */
      skip_bom (&start, &start_length);
      if (looks_like_json (start, start_length) && !dyno_import_fio_detect (start, start_length))
        return dyno_import_file (path, DYNO_IMPORT_DYNO_JSON, error);
    }

  if (size > DYNO_IMPORT_MAX_TEXT_SIZE)
    {
      DynoImportInput input = { .name = name };

      fail_too_large (error, &input, size);
      return NULL;
    }
  return dyno_import_data (data, length, format, name, error);
}
