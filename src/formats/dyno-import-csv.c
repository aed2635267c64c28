/* dyno-import-csv.c: bonnie++'s CSV lines, field by field
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three layouts, told apart by the first field and the field count (never by a header line:
 * bonnie++ 2.00a's -x header has 48 names for 50 fields and two of them swapped, so the
 * positions below are those of the data, from bon_time.cpp):
 *  - 1.03 (1.00–1.03e): 27 fields, no version; file_size may carry ":chunk" and num_files
 *    "num:max:min/dirs";
 *  - 1.9x (1.93c–1.97): 48 fields, "1.97,1.97,…" (1.96 wrote one field too few with -s 0);
 *  - 1.98 (bonnie++ 1.98, 2.00, 2.00a, and Dyno's own export): 50 fields, "1.98,2.00a,…",
 *    with the seek count and seeker count in fields 7–8.
 * Empty fields are tests that did not run (-s 0, -n 0, -f): the phase is left out.
 * "+++++" is a test too fast to time, "+++" its %CPU.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-error.h"
#include "dyno-bonnie-csv-private.h"
#include "dyno-import-private.h"
#include "dyno-option.h"

#define NONE (-1)

typedef struct
{
  const char *format; /* for messages; the line's own version is used when it has one */
  guint n_fields;
  int name;
  int concurrency;
  int seed;
  int file_size;
  int io_chunk;
  int seeks;
  int seekers;
  int io_values; /* 12 fields: putc, putc_cpu … seeks, seeks_cpu */
  int num_files;
  int max_size;
  int min_size;
  int num_dirs;
  int file_values; /* 12 fields: seq_create, seq_create_cpu … ran_del, ran_del_cpu */
  int latencies;   /* 12 fields, one per phase */
  const char *const *names;
} CsvLayout;

/* clang-format off */
static const char *const names_103[] = {
  "name", "file_size",
  "putc", "putc_cpu", "put_block", "put_block_cpu", "rewrite", "rewrite_cpu",
  "getc", "getc_cpu", "get_block", "get_block_cpu", "seeks", "seeks_cpu",
  "num_files",
  "seq_create", "seq_create_cpu", "seq_stat", "seq_stat_cpu", "seq_del", "seq_del_cpu",
  "ran_create", "ran_create_cpu", "ran_stat", "ran_stat_cpu", "ran_del", "ran_del_cpu",
};

static const char *const names_197[] = {
  "format_version", "bonnie_version", "name", "concurrency", "seed", "file_size",
  "io_chunk_size",
  "putc", "putc_cpu", "put_block", "put_block_cpu", "rewrite", "rewrite_cpu",
  "getc", "getc_cpu", "get_block", "get_block_cpu", "seeks", "seeks_cpu",
  "num_files", "max_size", "min_size", "file_chunk_size", "num_dirs",
  "seq_create", "seq_create_cpu", "seq_stat", "seq_stat_cpu", "seq_del", "seq_del_cpu",
  "ran_create", "ran_create_cpu", "ran_stat", "ran_stat_cpu", "ran_del", "ran_del_cpu",
  "putc_latency", "put_block_latency", "rewrite_latency", "getc_latency",
  "get_block_latency", "seeks_latency",
  "seq_create_latency", "seq_stat_latency", "seq_del_latency",
  "ran_create_latency", "ran_stat_latency", "ran_del_latency",
};

/* clang-format on */

G_STATIC_ASSERT (G_N_ELEMENTS (names_103) == 27);
G_STATIC_ASSERT (G_N_ELEMENTS (names_197) == 48);
G_STATIC_ASSERT (G_N_ELEMENTS (dyno_bonnie_csv_198_names) == 50);

static const CsvLayout layout_103 = {
  "1.03", 27, 0, NONE, NONE, 1, NONE, NONE, NONE, 2, 14, NONE, NONE, NONE, 15, NONE, names_103,
};
static const CsvLayout layout_197 = {
  "1.97", 48, 2, 3, 4, 5, 6, NONE, NONE, 7, 19, 20, 21, 23, 24, 36, names_197,
};
static const CsvLayout layout_198 = {
  "1.98", 50, 2, 3, 4, 5, 6, 7, 8, 9, 21, 22, 23, 25, 26, 38, dyno_bonnie_csv_198_names,
};

/* bonnie++ 1.03's defaults, and 1.9x's where the CSV does not say (bonnie.h.in) */
#define BONNIE_103_SEEKERS 3
#define BONNIE_19X_SEEKERS 5
#define BONNIE_SEEKS 8192
#define MAX_FIELDS 64

typedef struct
{
  const DynoImportInput *input;
  const CsvLayout *layout;
  guint number;
  char **fields;
} CsvLine;

static gboolean
field_fail (GError **error, const CsvLine *line, int index, const char *what)
{
  /* TRANSLATORS: field 12 (put_block) is not a number: “abc” */
  return dyno_import_fail (error, line->input, line->number, _("field %d (%s) %s: “%s”"),
                           index + 1, line->layout->names[index], what, line->fields[index]);
}

static const char *
field (const CsvLine *line, int index)
{
  if (index == NONE)
    return "";
  return line->fields[index];
}

static gboolean
is_version_like (const char *text)
{
  guint major, minor;

  return dyno_import_parse_version (text, &major, &minor);
}

gboolean
dyno_import_csv_is_header (const char *line)
{
  while (*line == ' ' || *line == '\t')
    line++;
  return g_str_has_prefix (line, "name,") || g_str_has_prefix (line, "format_version,");
}

gboolean
dyno_import_csv_is_candidate (const char *line)
{
  guint commas = 0;

  for (const char *p = line; *p != '\0'; p++)
    if (*p == ',')
      commas++;
  /* 26, 47 or 49 for real lines; a damaged one should still be reported as CSV */
  return commas >= 20;
}

/* ---- fields --------------------------------------------------------------------------- */

static gboolean
parse_uint_field (const CsvLine *line, int index, guint min, guint max, guint *out,
                  GError **error)
{
  const char *text = field (line, index);
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, min, max, &value, NULL))
    {
      g_autofree char *what = g_strdup_printf (_("is not a whole number from %u to %u"), min,
                                               max);

      return field_fail (error, line, index, what);
    }
  *out = (guint) value;
  return TRUE;
}

/* A rate and its %CPU; both empty: the test did not run. */
static gboolean
parse_pair (const CsvLine *line, int index, DynoBonnieColumn id, DynoImportRun *run, GError **error)
{
  const char *rate = field (line, index);
  const char *cpu = field (line, index + 1);
  DynoImportPhase *phase = &run->phases[id];
  double value;

  if (*rate == '\0' && *cpu == '\0')
    return TRUE;
  if (*rate == '\0')
    return dyno_import_fail (error, line->input, line->number,
                             _("field %d (%s) is empty but field %d (%s) is not"), index + 1,
                             line->layout->names[index], index + 2,
                             line->layout->names[index + 1]);

  phase->present = TRUE;
  if (dyno_import_is_plus (rate, strlen (rate)))
    phase->too_fast = TRUE;
  else if (dyno_import_parse_decimal (rate, strlen (rate), &value))
    {
      /* bonnie++'s K/sec is KiB/s; seeks and files are per second */
      if (dyno_phase_get_unit (dyno_import_bonnie_phase (id)) == DYNO_UNIT_BYTES)
        value *= 1024;
      if (value > DYNO_IMPORT_MAX_RATE)
        return field_fail (error, line, index, _("is out of range"));
      phase->rate = value;
    }
  else
    return field_fail (error, line, index, _("is not a number"));

  if (*cpu == '\0' || dyno_import_is_plus (cpu, strlen (cpu)))
    phase->cpu_percent = NAN;
  else if (dyno_import_parse_decimal (cpu, strlen (cpu), &value) && value <= DYNO_IMPORT_MAX_CPU)
    phase->cpu_percent = value;
  else
    return field_fail (error, line, index + 1, _("is not a CPU percentage"));
  return TRUE;
}

static gboolean
parse_size_field (const CsvLine *line, int index, guint64 default_unit, const char *text,
                  guint64 *out, GError **error)
{
  if (!dyno_import_parse_size (text, strlen (text), default_unit, out))
    return field_fail (error, line, index, _("is not a size"));
  return TRUE;
}

static gboolean
parse_chunk (const CsvLine *line, int index, const char *text, DynoImportRun *run,
             GError **error)
{
  guint64 chunk;

  if (!parse_size_field (line, index, 1, text, &chunk, error))
    return FALSE;
  if (chunk == 0 || chunk > DYNO_MAX_CHUNK)
    return field_fail (error, line, index, _("is not a chunk size from 1 byte to 64 MiB"));
  run->config->chunk = chunk;
  run->chunk_known = TRUE;
  return TRUE;
}

static gboolean
parse_file_size (const CsvLine *line, DynoImportRun *run, GError **error)
{
  int index = line->layout->file_size;
  g_autofree char *text = g_strdup (field (line, index));
  char *colon;

  if (*text == '\0')
    return TRUE;
  /* 1.03 writes "2G:64k" when the chunk is not 8192 */
  colon = strchr (text, ':');
  if (colon != NULL)
    {
      if (line->layout != &layout_103)
        return field_fail (error, line, index, _("is not a size"));
      *colon = '\0';
      if (!parse_chunk (line, index, colon + 1, run, error))
        return FALSE;
    }
  /* a bare number is MiB, as bonnie++ -s takes it */
  return parse_size_field (line, index, G_GUINT64_CONSTANT (1) << 20, text, &run->config->size,
                           error);
}

static gboolean
parse_files (const CsvLine *line, DynoImportRun *run, GError **error)
{
  const CsvLayout *layout = line->layout;
  const char *num = field (line, layout->num_files);
  guint64 bytes;

  if (*num == '\0')
    {
      for (int i = 0; i < 12; i++)
        if (*field (line, layout->file_values + i) != '\0')
          return dyno_import_fail (error, line->input, line->number,
                                   _("field %d (%s) is empty but the file tests have figures"),
                                   layout->num_files + 1, layout->names[layout->num_files]);
      return TRUE;
    }

  if (layout == &layout_103)
    {
      if (!dyno_import_parse_files_spec (num, run->config))
        return field_fail (error, line, layout->num_files,
                           _("is not a file test description (num:max:min/dirs)"));
      return TRUE;
    }

  if (!parse_uint_field (line, layout->num_files, 1, DYNO_MAX_FILES_NUM,
                         &dyno_config_get_files (run->config)->num,
                         error))
    return FALSE;
  dyno_config_get_files (run->config)->max = 0;
  dyno_config_get_files (run->config)->min = 0;
  dyno_config_get_files (run->config)->dirs = 1;
  if (*field (line, layout->max_size) != '\0')
    {
      const char *max = field (line, layout->max_size);

      if (g_str_equal (max, "link") || g_str_equal (max, "-1"))
        dyno_config_get_files (run->config)->max = DYNO_FILES_LINK;
      else if (g_str_equal (max, "symlink") || g_str_equal (max, "-2"))
        dyno_config_get_files (run->config)->max = DYNO_FILES_SYMLINK;
      else if (dyno_import_parse_size (max, strlen (max), 1, &bytes) && bytes <= G_MAXINT32)
        dyno_config_get_files (run->config)->max = (gint64) bytes;
      else
        return field_fail (error, line, layout->max_size,
                           _("is not a file size (bytes, “link” or “symlink”)"));
    }
  if (*field (line, layout->min_size) != '\0')
    {
      const char *min = field (line, layout->min_size);

      if (!dyno_import_parse_size (min, strlen (min), 1, &bytes) || bytes > G_MAXINT32)
        return field_fail (error, line, layout->min_size, _("is not a file size in bytes"));
      if (dyno_config_get_files (run->config)->max > 0)
        dyno_config_get_files (run->config)->min
            = MIN ((gint64) bytes, dyno_config_get_files (run->config)->max);
    }
  if (*field (line, layout->num_dirs) != '\0'
      && !parse_uint_field (line, layout->num_dirs, 1, DYNO_MAX_FILES_DIRS,
                            &dyno_config_get_files (run->config)->dirs, error))
    return FALSE;
  return TRUE;
}

/* ---- lines ---------------------------------------------------------------------------- */

static const char *
chunk_note (void)
{
  return _("bonnie++ 2.00's CSV does not record the chunk size; its default of 8192 bytes is "
           "assumed.");
}

const char *
dyno_import_csv_find_chunk_note (DynoImportRun *run)
{
  for (guint i = 0; i < run->notes->len; i++)
    if (g_str_equal (g_ptr_array_index (run->notes, i), chunk_note ()))
      return g_ptr_array_index (run->notes, i);
  return NULL;
}

/* What field 1 says measured: bonnie++'s version, or the program of our own export
 * ("dyno-0.1.0", or whatever tool an imported result had). */
static char *
tool_from_field (const char *text, const char *format)
{
  g_autofree char *clean = NULL;

  if (*text == '\0')
    return g_strdup_printf ("bonnie++ %s", format);
  if (is_version_like (text))
    return g_strdup_printf ("bonnie++ %s", text);
  /* Anything else is text from a stranger's file: valid UTF-8, printable, bounded. */
  clean = dyno_import_clean_label (text, -1);
  if (clean == NULL)
    return g_strdup ("bonnie++");
  if (g_str_has_prefix (clean, "dyno-"))
    return g_strdup_printf ("dyno %s", clean + strlen ("dyno-"));
  return g_steal_pointer (&clean);
}

static const CsvLayout *
choose_layout (const DynoImportInput *input, guint number, char ***fields, GError **error)
{
  guint n = g_strv_length (*fields);
  const char *first = (*fields)[0];
  const char *second = n > 1 ? (*fields)[1] : "";
  guint major, minor;
  gboolean versioned;

  versioned = dyno_import_parse_version (first, &major, &minor)
              && (n != 27 || is_version_like (second) || g_str_has_prefix (second, "dyno-"));
  if (!versioned)
    {
      if (n == 27)
        return &layout_103;
      dyno_import_fail (error, input, number,
                        ngettext ("expected a bonnie++ CSV line (27, 48 or 50 fields), found %u "
                                  "field",
                                  "expected a bonnie++ CSV line (27, 48 or 50 fields), found %u "
                                  "fields",
                                  n),
                        n);
      return NULL;
    }

  if (major > 1 || minor >= 98)
    {
      if (n == 50)
        return &layout_198;
      dyno_import_fail (error, input, number,
                        _("expected 50 fields for bonnie++ %s CSV, found %u"), first, n);
      return NULL;
    }
  if (major == 1 && minor >= 90)
    {
      /* 1.96 printed one empty field too few when the I/O tests were skipped (-s 0) */
      if (n == 47 && minor == 96)
        {
          gboolean io_empty = TRUE;

          for (guint i = 5; i < 18; i++)
            io_empty &= *(*fields)[i] == '\0';
          if (io_empty)
            {
              GStrvBuilder *builder = g_strv_builder_new ();

              for (guint i = 0; i < n; i++)
                {
                  if (i == 5)
                    g_strv_builder_add (builder, "");
                  g_strv_builder_add (builder, (*fields)[i]);
                }
              g_strfreev (*fields);
              *fields = g_strv_builder_end (builder);
              g_strv_builder_unref (builder);
              return &layout_197;
            }
        }
      if (n == 48)
        return &layout_197;
      dyno_import_fail (error, input, number,
                        _("expected 48 fields for bonnie++ %s CSV, found %u"), first, n);
      return NULL;
    }

  dyno_import_fail (error, input, number,
                    _("unknown bonnie++ CSV format version “%s”: expected 1.03 (27 fields, no "
                      "version), 1.9x (48 fields) or 1.98 (50 fields)"),
                    first);
  return NULL;
}

DynoImportRun *
dyno_import_csv_parse_line (const DynoImportInput *input, char *text, guint number,
                            GError **error)
{
  g_autoptr (DynoImportRun) run = dyno_import_run_new ();
  g_auto (GStrv) fields = NULL;
  g_autofree char *where = NULL;
  const CsvLayout *layout;
  const char *format;
  const char *general;
  CsvLine line = { input, NULL, number, NULL };
  gboolean versioned;
  gboolean io_tests = FALSE;
  guint commas = 0;

  for (const char *p = text; *p != '\0'; p++)
    commas += *p == ',';
  if (commas >= MAX_FIELDS)
    {
      dyno_import_fail (error, input, number,
                        _("expected a bonnie++ CSV line (27, 48 or 50 fields), found %u fields"),
                        commas + 1);
      return NULL;
    }
  if (strlen (text) > DYNO_IMPORT_MAX_CSV_LINE)
    {
      dyno_import_fail (error, input, number,
                        _("the line is too long for bonnie++ CSV (%zu bytes; at most %u)"),
                        strlen (text), DYNO_IMPORT_MAX_CSV_LINE);
      return NULL;
    }

  fields = g_strsplit (text, ",", -1);
  for (guint i = 0; fields[i] != NULL; i++)
    g_strstrip (fields[i]);
  layout = choose_layout (input, number, &fields, error);
  if (layout == NULL)
    return NULL;
  line.layout = layout;
  line.fields = fields;
  versioned = layout != &layout_103;
  format = versioned ? fields[0] : layout->format;

  run->label = dyno_import_clean_label (field (&line, layout->name), -1);
  run->tool = versioned ? tool_from_field (fields[1], fields[0]) : g_strdup ("bonnie++ 1.03");
  where = dyno_import_describe_line (input, number, number);
  /* TRANSLATORS: provenance: "bonnie++ 1.98 CSV, line 3 of run.csv" */
  run->source = g_strdup_printf (_("bonnie++ %s CSV, %s"), format, where);
  run->from_csv = TRUE;
  run->first_line = run->last_line = number;

  /* 1.0x uses stdio over the whole file; 1.92 and later 1-byte syscalls over 3 MiB */
  run->config->per_char = versioned ? DYNO_PER_CHAR_SYSCALL : DYNO_PER_CHAR_STDIO;
  run->config->chunk = DYNO_DEFAULT_CHUNK;
  dyno_config_set_uint (run->config, "seeks", BONNIE_SEEKS);
  dyno_config_set_uint (run->config, "seekers",
                        versioned ? BONNIE_19X_SEEKERS : BONNIE_103_SEEKERS);

  if (layout->concurrency != NONE && *field (&line, layout->concurrency) != '\0')
    {
      guint concurrency;

      if (!parse_uint_field (&line, layout->concurrency, 0, 1000000, &concurrency, error))
        return NULL;
      if (concurrency > 1)
        {
          g_autofree char *note =
              g_strdup_printf (_("bonnie++ ran with -c %u, which only labels its output: the "
                                 "figures are those of one process."),
                               concurrency);

          dyno_import_run_add_note (run, note);
        }
    }
  /* A decimal seed, or the name of bonnie++'s -Z file (not a seed we can record) */
  if (layout->seed != NONE)
    {
      guint64 seed;

      if (g_ascii_string_to_unsigned (field (&line, layout->seed), 10, 0, G_MAXUINT64, &seed,
                                      NULL))
        run->config->seed = seed;
    }

  if (!parse_file_size (&line, run, error))
    return NULL;
  if (layout->io_chunk != NONE && *field (&line, layout->io_chunk) != '\0'
      && !parse_chunk (&line, layout->io_chunk, field (&line, layout->io_chunk), run, error))
    return NULL;
  {
    guint seeks = dyno_config_get_uint (run->config, "seeks");
    guint seekers = dyno_config_get_uint (run->config, "seekers");

    if (layout->seeks != NONE && *field (&line, layout->seeks) != '\0'
        && !parse_uint_field (&line, layout->seeks, 1, G_MAXINT32, &seeks, error))
      return NULL;
    if (layout->seekers != NONE && *field (&line, layout->seekers) != '\0'
        && !parse_uint_field (&line, layout->seekers, 1,
                              (guint) dyno_option_lookup ("seekers", NULL)->max, &seekers, error))
      return NULL;
    dyno_config_set_uint (run->config, "seeks", seeks);
    dyno_config_set_uint (run->config, "seekers", seekers);
  }
  run->seek_threads = dyno_config_get_uint (run->config, "seekers");

  for (DynoBonnieColumn id = BONNIE_COL_PUTC; id <= BONNIE_COL_SEEKS; id++)
    if (!parse_pair (&line, layout->io_values + 2 * (id - BONNIE_COL_PUTC), id, run, error))
      return NULL;
  for (DynoBonnieColumn id = BONNIE_COL_SEQ_CREATE; id <= BONNIE_COL_RAND_DELETE; id++)
    if (!parse_pair (&line, layout->file_values + 2 * (id - BONNIE_COL_SEQ_CREATE), id, run,
                     error))
      return NULL;
  if (!parse_files (&line, run, error))
    return NULL;

  if (layout->latencies != NONE)
    for (DynoBonnieColumn id = 0; id < BONNIE_COL_N_COLUMNS; id++)
      {
        int index = layout->latencies + id;
        const char *text_latency = field (&line, index);
        double seconds;

        if (*text_latency == '\0')
          continue;
        if (!dyno_import_parse_latency (text_latency, strlen (text_latency), &seconds))
          {
            field_fail (error, &line, index, _("is not a latency (like 850us, 12ms or 3s)"));
            return NULL;
          }
        /* A latency for a test without figures has nothing to belong to. */
        if (run->phases[id].present)
          run->phases[id].latency = seconds;
      }

  for (DynoBonnieColumn id = 0; id < BONNIE_COL_N_COLUMNS; id++)
    if (run->phases[id].present)
      {
        io_tests |= !dyno_import_bonnie_is_file_test (id);
        run->has_io_row |= !dyno_import_bonnie_is_file_test (id);
        run->has_file_row |= dyno_import_bonnie_is_file_test (id);
      }
  if (!run->has_io_row && !run->has_file_row)
    {
      dyno_import_fail (error, input, number, _("the line has no figures: every test is empty"));
      return NULL;
    }
  if (!io_tests)
    run->config->size = 0;

  /* The general note first, before what the fields added */
  if (g_str_has_prefix (fields[0], "dyno-") || g_str_has_prefix (fields[1], "dyno-"))
    general = _("Imported from a CSV export in bonnie++'s format: elapsed times, CPU seconds, "
                "latency percentiles, the per-char mode and the live samples are not in it; a "
                "latency is the phase's slowest operation.");
  else if (versioned)
    general = _("Imported from bonnie++ CSV: elapsed times, CPU seconds and latency percentiles "
                "were not recorded; a latency is the phase's slowest operation.");
  else
    general = _("Imported from bonnie++ 1.03 CSV: elapsed times, CPU seconds and latencies were "
                "not recorded.");
  g_ptr_array_insert (run->notes, 0, g_strdup (general));
  if (versioned && (run->phases[BONNIE_COL_PUTC].present || run->phases[BONNIE_COL_GETC].present)
      && !g_str_has_prefix (fields[1], "dyno-"))
    dyno_import_run_add_note (run,
                              _("The per-char size is not in bonnie++'s CSV; bonnie++ 1.92 and "
                                "later default to 3 MiB."));
  /* 2.00a leaves io_chunk_size empty whatever -s said (our own export fills it in) */
  if (layout == &layout_198 && io_tests && !run->chunk_known
      && !g_str_has_prefix (fields[1], "dyno-"))
    dyno_import_run_add_note (run, chunk_note ());
  return g_steal_pointer (&run);
}

gboolean
dyno_import_csv_parse (DynoImportInput *input, GPtrArray *runs, GError **error)
{
  char *line;

  while ((line = dyno_import_reader_next (&input->reader)) != NULL)
    {
      const char *p = line;
      DynoImportRun *run;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0' || dyno_import_csv_is_header (line))
        continue;
      run = dyno_import_csv_parse_line (input, line, input->reader.number, error);
      if (run == NULL)
        return FALSE;
      g_ptr_array_add (runs, run);
      /* bonnie++ ends every CSV line with a line break: a data line without one is where a
       * copy stopped, and its last field may have lost digits (“5106” of “51067”) and still
       * read as a figure. */
      if (input->reader.unterminated)
        return dyno_import_fail (error, input, input->reader.number,
                                 _("the file ends inside this line, without a line break: it "
                                   "was cut short (a line that is whole needs its line "
                                   "break); nothing was imported"));
      if (runs->len > DYNO_IMPORT_MAX_RUNS)
        return dyno_import_fail (error, input, input->reader.number,
                                 _("more than %u runs: import the file in parts"),
                                 DYNO_IMPORT_MAX_RUNS);
    }
  return TRUE;
}
