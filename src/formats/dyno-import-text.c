/* dyno-import-text.c: the text tables of bonnie++ and Bonnie, as printed or pasted
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tables are found by their header lines anywhere in the text, so a blog post, a forum thread
 * or a mail with quoted ("> ") output imports as it is. Rows are read as whitespace-separated
 * tokens from the right (the figures), so tabs, non-breaking spaces, extra indentation and
 * blank lines from a paste do not matter, and a label may contain spaces:
 *  - bonnie++ I/O rows: label, size[:chunk…], then 12 figures, or 8 with -f (no per-char);
 *    1.9x and 2.00a add a Latency row. 2.00a prints rates as 648k, 46.4m, 464m, 3.1g.
 *  - bonnie++ file rows: [label] num[:max[:min]][/dirs], then 12 figures, then Latency.
 *    2.00a prints the file rates with %5d from a double: garbage, usually num × 1024. Those
 *    are marked unknown, and a note says so.
 *  - Bonnie rows: label, MB (or GB for Bonnie-64), then 5 or 6 rate/%CPU pairs as the header
 *    lists them (K/sec, M/sec, /sec), in Bonnie's column order: per-char, block, rewrite
 *    output, then per-char and block input, then seeks (which people sometimes leave out).
 * The I/O and file blocks of one bonnie++ run are joined when their labels agree (bonnie++
 * cuts labels to fit its columns, so one may be a prefix of the other). A CSV line bonnie++
 * printed after its tables replaces the run it repeats: the CSV is exact and free of 2.00a's
 * garbage.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-error.h"
#include "dyno-import-private.h"
#include "dyno-option.h"

#define MAX_TOKENS 40

/* Bonnie (all of Tim Bray's versions) */
#define BONNIE_SEEKS 4000
#define BONNIE_SEEKERS 3
#define BONNIE_CHUNK 16384
/* bonnie++ where the text does not say (bonnie.h.in) */
#define BONNIEPP_SEEKS 8192
#define BONNIEPP_103_SEEKERS 3
#define BONNIEPP_19X_SEEKERS 5
#define BONNIEPP_MAX_CONCURRENCY 200

typedef struct
{
  gsize offset;
  gsize length;
} Token;

typedef struct
{
  GString *text;
  Token tokens[MAX_TOKENS];
  guint n;
  gboolean too_many;
} TextLine;

typedef enum
{
  BLOCK_NONE,
  BLOCK_IO,
  BLOCK_FILES,
  BLOCK_BONNIE,
} Block;

typedef struct
{
  DynoImportInput *input;
  GPtrArray *runs; /* DynoImportRun*, owned */

  /* the bonnie++ output being read */
  char *version;
  guint generation;
  gboolean text_200;
  guint concurrency;
  char *file_label;
  gboolean file_label_pending;

  Block block;
  guint header_line;
  gboolean need_row;
  DynoImportRun *last_run; /* borrowed: the run of the last data row, for its Latency row */
  Block last_row_block;
  GPtrArray *open_runs; /* borrowed: runs of the latest I/O table without file figures */

  /* the Bonnie table being read */
  guint64 bonnie_size_unit;
  gboolean bonnie_64;
  DynoBonnieColumn bonnie_phases[6];
  double bonnie_scales[6]; /* per column: B/s per unit, 1 for seeks */
  guint bonnie_columns;
} TextState;

/* ---- lines and tokens ----------------------------------------------------------------- */

/* Undoes what pasting does to a table: mail quoting, tabs, non-breaking spaces. */
static void
text_line_init (TextLine *line, const char *raw)
{
  const char *p = raw;
  gsize i;

  g_string_truncate (line->text, 0);
  line->n = 0;
  line->too_many = FALSE;

  while (*p == '>')
    {
      p++;
      while (*p == ' ')
        p++;
    }
  for (; *p != '\0'; p++)
    {
      if ((guchar) p[0] == 0xc2 && (guchar) p[1] == 0xa0)
        {
          g_string_append_c (line->text, ' ');
          p++;
        }
      else if ((guchar) *p < 0x20 || *p == 0x7f)
        g_string_append_c (line->text, ' ');
      else
        g_string_append_c (line->text, *p);
    }

  for (i = 0; i < line->text->len;)
    {
      gsize start;

      while (i < line->text->len && line->text->str[i] == ' ')
        i++;
      if (i >= line->text->len)
        break;
      start = i;
      while (i < line->text->len && line->text->str[i] != ' ')
        i++;
      if (line->n == MAX_TOKENS)
        {
          line->too_many = TRUE;
          break;
        }
      line->tokens[line->n].offset = start;
      line->tokens[line->n].length = i - start;
      line->n++;
    }
}

static const char *
tok (const TextLine *line, guint i)
{
  return line->text->str + line->tokens[i].offset;
}

static gsize
tok_len (const TextLine *line, guint i)
{
  return line->tokens[i].length;
}

static gboolean
tok_is (const TextLine *line, guint i, const char *word)
{
  return i < line->n && tok_len (line, i) == strlen (word)
         && strncmp (tok (line, i), word, tok_len (line, i)) == 0;
}

/* A copy of token i, for messages */
static char *
tok_dup (const TextLine *line, guint i)
{
  g_autofree char *raw = g_strndup (tok (line, i), tok_len (line, i));

  return g_utf8_make_valid (raw, -1);
}

/* The text before token i, as a label; NULL when there is none. */
static char *
label_before (const TextLine *line, guint i)
{
  return dyno_import_clean_label (line->text->str, line->tokens[i].offset);
}

static gboolean
contains (const TextLine *line, const char *needle)
{
  return strstr (line->text->str, needle) != NULL;
}

/* ---- figures -------------------------------------------------------------------------- */

/* A figure in a bonnie++ byte-rate column: KiB/s, or with 2.00a's k/m/g suffix. */
static gboolean
parse_byte_rate (const char *text, gsize length, double *out)
{
  double scale = 1024;
  double value;

  if (length > 1)
    {
      switch (text[length - 1])
        {
        case 'k':
          length--;
          break;
        case 'm':
          scale = 1048576.0;
          length--;
          break;
        case 'g':
          scale = 1073741824.0;
          length--;
          break;
        default:
          break;
        }
    }
  if (!dyno_import_parse_decimal (text, length, &value))
    return FALSE;
  value *= scale;
  if (value > DYNO_IMPORT_MAX_RATE)
    return FALSE;
  *out = value;
  return TRUE;
}

static gboolean
parse_plain_rate (const char *text, gsize length, double *out)
{
  return dyno_import_parse_decimal (text, length, out) && *out <= DYNO_IMPORT_MAX_RATE;
}

static gboolean
is_rate_token (const TextLine *line, guint i, gboolean bytes)
{
  double value;

  if (dyno_import_is_plus (tok (line, i), tok_len (line, i)))
    return TRUE;
  if (bytes)
    return parse_byte_rate (tok (line, i), tok_len (line, i), &value);
  return parse_plain_rate (tok (line, i), tok_len (line, i), &value);
}

static gboolean
is_cpu_token (const TextLine *line, guint i)
{
  double value;

  return dyno_import_is_plus (tok (line, i), tok_len (line, i))
         || (dyno_import_parse_decimal (tok (line, i), tok_len (line, i), &value)
             && value <= DYNO_IMPORT_MAX_CPU);
}

/* rate and %CPU tokens into a phase; the tokens were checked. */
static void
set_phase (DynoImportPhase *phase, const TextLine *line, guint i, gboolean bytes, double scale)
{
  phase->present = TRUE;
  phase->too_fast = dyno_import_is_plus (tok (line, i), tok_len (line, i));
  phase->rate = NAN;
  if (!phase->too_fast)
    {
      if (bytes && scale == 0)
        parse_byte_rate (tok (line, i), tok_len (line, i), &phase->rate);
      else
        {
          parse_plain_rate (tok (line, i), tok_len (line, i), &phase->rate);
          if (scale > 0)
            phase->rate *= scale;
        }
    }
  phase->cpu_percent = NAN;
  if (!dyno_import_is_plus (tok (line, i + 1), tok_len (line, i + 1)))
    dyno_import_parse_decimal (tok (line, i + 1), tok_len (line, i + 1), &phase->cpu_percent);
}

static gboolean
labels_agree (const char *a, const char *b)
{
  if (a == NULL || b == NULL)
    return TRUE;
  return g_str_has_prefix (a, b) || g_str_has_prefix (b, a);
}

/* ---- runs ----------------------------------------------------------------------------- */

static DynoImportRun *
new_bonniepp_run (TextState *state, char *label, guint number)
{
  DynoImportRun *run = dyno_import_run_new ();

  run->label = label;
  run->tool = state->version ? g_strdup_printf ("bonnie++ %s", state->version)
                             : g_strdup ("bonnie++");
  run->generation = state->generation;
  run->first_line = run->last_line = number;
  run->config->chunk = DYNO_DEFAULT_CHUNK;
  dyno_config_set_uint (run->config, "seeks", BONNIEPP_SEEKS);
  /* from the size column, or the generation's default */
  dyno_config_set_uint (run->config, "seekers", 0);
  if (state->concurrency > 1)
    {
      g_autofree char *note =
          g_strdup_printf (_("bonnie++ ran with -c %u, which only labels its output: the "
                             "figures are those of one process."),
                           state->concurrency);

      dyno_import_run_add_note (run, note);
    }
  g_ptr_array_add (state->runs, run);
  return run;
}

/* What the text could not say: per-char mode, seekers and notes follow the generation. */
static void
finish_bonniepp_run (TextState *state, DynoImportRun *run)
{
  g_autofree char *where = dyno_import_describe_line (state->input, run->first_line,
                                                      run->last_line);
  gboolean new_line = run->generation >= 190;

  if (run->source == NULL)
    {
      const char *version = run->tool + strlen ("bonnie++");

      /* TRANSLATORS: provenance: "bonnie++ 1.03c table, lines 20–27 of post.txt" */
      run->source = g_strdup_printf (_("bonnie++%s table, %s"), version, where);
    }
  run->config->per_char = new_line ? DYNO_PER_CHAR_SYSCALL : DYNO_PER_CHAR_STDIO;
  if (dyno_config_get_uint (run->config, "seekers") == 0)
    dyno_config_set_uint (run->config, "seekers",
                          new_line ? BONNIEPP_19X_SEEKERS : BONNIEPP_103_SEEKERS);
  run->seek_threads = dyno_config_get_uint (run->config, "seekers");
  if (!run->phases[BONNIE_COL_PUTC].present && !run->phases[BONNIE_COL_WRITE].present
      && !run->phases[BONNIE_COL_REWRITE].present && !run->phases[BONNIE_COL_GETC].present
      && !run->phases[BONNIE_COL_READ].present && !run->phases[BONNIE_COL_SEEKS].present)
    run->config->size = 0;

  /* The general note first, before what the rows added */
  g_ptr_array_insert (run->notes, 0,
                      g_strdup (new_line ? _("Imported from a bonnie++ text table: elapsed "
                                             "times, CPU seconds and latency percentiles were "
                                             "not recorded; a latency is the phase's slowest "
                                             "operation.")
                                         : _("Imported from a bonnie++ 1.0x text table: elapsed "
                                             "times, CPU seconds and latencies were not "
                                             "recorded.")));
  if (run->generation == 0)
    dyno_import_run_add_note (run,
                              _("The table has no version line; it was read as bonnie++ 1.0x "
                                "output (per-char tests through stdio)."));
  if (new_line && (run->phases[BONNIE_COL_PUTC].present || run->phases[BONNIE_COL_GETC].present))
    dyno_import_run_add_note (run,
                              _("The per-char size is not in bonnie++'s output; bonnie++ 1.92 "
                                "and later default to 3 MiB."));
}

static void
bonniepp_note_rounding (DynoImportRun *run)
{
  dyno_import_run_add_note (run,
                            _("bonnie++ 2.00's text table rounds rates to about three digits "
                              "(such as 46.4m); its CSV line has them exactly."));
}

/* ---- bonnie++ I/O rows ---------------------------------------------------------------- */

/* "2G", "300M", "2G:64k" (1.03), "2G::::20" (2.00a: size:chunk:concurrency:seeks:seekers),
 * "2G::8192:5" (2.00a's bon_csv2txt: size:chunk:seeks:seekers). A size always has an
 * upper-case unit, which tells it from a 2.00a rate such as "464m". */
static gboolean
parse_size_spec (const char *text, gsize length, DynoConfig *config, gboolean *chunk_known)
{
  g_autofree char *copy = g_strndup (text, length);
  g_auto (GStrv) parts = g_strsplit (copy, ":", 6);
  guint n = g_strv_length (parts);
  gsize size_length = strlen (parts[0]);
  guint64 size = 0;
  guint64 chunk = 0;
  guint64 seeks = 0;
  guint64 seekers = 0;
  guint64 concurrency = 0;
  const char *seeks_text = NULL;
  const char *seekers_text = NULL;

  if (n > 5 || size_length < 2 || strchr ("MGT", parts[0][size_length - 1]) == NULL
      || !dyno_import_parse_size (parts[0], size_length, 1, &size))
    return FALSE;
  if (n > 1 && *parts[1] != '\0'
      && (!dyno_import_parse_size (parts[1], strlen (parts[1]), 1, &chunk) || chunk == 0
          || chunk > DYNO_MAX_CHUNK))
    return FALSE;
  if (n == 5)
    {
      if (*parts[2] != '\0'
          && !g_ascii_string_to_unsigned (parts[2], 10, 1, G_MAXUINT32, &concurrency, NULL))
        return FALSE;
      seeks_text = parts[3];
      seekers_text = parts[4];
    }
  else if (n == 4)
    {
      guint64 third = 0;

      if (*parts[2] != '\0'
          && !g_ascii_string_to_unsigned (parts[2], 10, 1, G_MAXUINT32, &third, NULL))
        return FALSE;
      /* bonnie++ allows -c up to 200; a larger third field is bon_csv2txt's seek count */
      if (third > BONNIEPP_MAX_CONCURRENCY)
        {
          seeks_text = parts[2];
          seekers_text = parts[3];
        }
      else
        seeks_text = parts[3];
    }
  else if (n == 3 && *parts[2] != '\0'
           && !g_ascii_string_to_unsigned (parts[2], 10, 1, G_MAXUINT32, &concurrency, NULL))
    return FALSE;
  if (seeks_text != NULL && *seeks_text != '\0'
      && !g_ascii_string_to_unsigned (seeks_text, 10, 1, G_MAXINT32, &seeks, NULL))
    return FALSE;
  if (seekers_text != NULL && *seekers_text != '\0'
      && !g_ascii_string_to_unsigned (seekers_text, 10, 1,
                                      (guint64) dyno_option_lookup ("seekers", NULL)->max,
                                      &seekers, NULL))
    return FALSE;

  if (config != NULL)
    {
      config->size = size;
      if (chunk != 0)
        {
          config->chunk = chunk;
          *chunk_known = TRUE;
        }
      if (seeks != 0)
        dyno_config_set_uint (config, "seeks", seeks);
      if (seekers != 0)
        dyno_config_set_uint (config, "seekers", seekers);
    }
  return TRUE;
}

typedef enum
{
  ROW_NONE,  /* not a row: prose, or the end of the table */
  ROW_OK,
  ROW_ERROR,
} RowResult;

/* How many figures the row ends with, as the table allows, or 0. */
static guint
io_row_values (const TextLine *line)
{
  static const guint counts[] = { 12, 8 };

  for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
    {
      guint v = counts[c];
      guint first = line->n - v;
      gboolean ok = TRUE;

      if (line->n < v + 1 || line->too_many)
        continue;
      if (!parse_size_spec (tok (line, first - 1), tok_len (line, first - 1), NULL, NULL))
        continue;
      for (guint i = 0; i < v && ok; i += 2)
        {
          /* the last pair is the seeks */
          gboolean bytes = i + 2 < v;

          ok = is_rate_token (line, first + i, bytes) && is_cpu_token (line, first + i + 1);
        }
      if (ok)
        return v;
    }
  return 0;
}

static RowResult
parse_io_row (TextState *state, const TextLine *line, guint number)
{
  static const DynoBonnieColumn all[] = { BONNIE_COL_PUTC, BONNIE_COL_WRITE, BONNIE_COL_REWRITE,
                                     BONNIE_COL_GETC, BONNIE_COL_READ,  BONNIE_COL_SEEKS };
  static const DynoBonnieColumn fast[] = { BONNIE_COL_WRITE, BONNIE_COL_REWRITE, BONNIE_COL_READ,
                                      BONNIE_COL_SEEKS };
  guint v = io_row_values (line);
  guint first;
  const DynoBonnieColumn *ids;
  DynoImportRun *run;

  if (v == 0)
    return ROW_NONE;
  first = line->n - v;
  ids = v == 12 ? all : fast;

  run = new_bonniepp_run (state, label_before (line, first - 1), number);
  parse_size_spec (tok (line, first - 1), tok_len (line, first - 1), run->config,
                   &run->chunk_known);
  for (guint p = 0; p < v / 2; p++)
    set_phase (&run->phases[ids[p]], line, first + 2 * p, ids[p] != BONNIE_COL_SEEKS, 0);
  run->has_io_row = TRUE;
  if (state->text_200)
    bonniepp_note_rounding (run);

  g_ptr_array_add (state->open_runs, run);
  state->last_run = run;
  state->last_row_block = BLOCK_IO;
  return ROW_OK;
}

/* ---- bonnie++ file rows --------------------------------------------------------------- */

static RowResult
parse_file_row (TextState *state, const TextLine *line, guint number)
{
  g_autoptr (DynoConfig) spec = dyno_config_new ();
  g_autofree char *spec_text = NULL;
  g_autofree char *label = NULL;
  DynoImportRun *run = NULL;
  guint first;
  gboolean garbage = FALSE;

  if (line->n < 13 || line->too_many)
    return ROW_NONE;
  first = line->n - 12;
  spec_text = g_strndup (tok (line, first - 1), tok_len (line, first - 1));
  if (!dyno_import_parse_files_spec (spec_text, spec))
    return ROW_NONE;
  for (guint i = 0; i < 12; i += 2)
    if (!is_rate_token (line, first + i, FALSE) || !is_cpu_token (line, first + i + 1))
      return ROW_NONE;

  /* bon_csv2txt puts the label in the row; bonnie++ above the block, or not at all (1.03,
   * after its I/O table) */
  label = label_before (line, first - 1);
  if (label == NULL && state->file_label != NULL)
    label = g_strdup (state->file_label);

  for (guint i = 0; i < state->open_runs->len; i++)
    {
      DynoImportRun *candidate = g_ptr_array_index (state->open_runs, i);

      if (labels_agree (candidate->label, label))
        {
          run = candidate;
          g_ptr_array_remove_index (state->open_runs, i);
          break;
        }
    }
  if (run == NULL)
    run = new_bonniepp_run (state, g_steal_pointer (&label), number);
  else if (label != NULL && (run->label == NULL || strlen (label) > strlen (run->label)))
    {
      /* bonnie++ cuts the label shorter in the I/O row (to fit the size) */
      g_free (run->label);
      run->label = g_steal_pointer (&label);
    }

  dyno_config_get_files (run->config)->num = dyno_config_get_files (spec)->num;
  dyno_config_get_files (run->config)->max = dyno_config_get_files (spec)->max;
  dyno_config_get_files (run->config)->min = dyno_config_get_files (spec)->min;
  dyno_config_get_files (run->config)->dirs = dyno_config_get_files (spec)->dirs;
  run->last_line = number;
  run->has_file_row = TRUE;
  for (guint p = 0; p < 6; p++)
    {
      DynoImportPhase *phase = &run->phases[BONNIE_COL_SEQ_CREATE + p];

      set_phase (phase, line, first + 2 * p, FALSE, 0);
      /* 2.00a: "%5d" of a double prints whatever the integer register held, which is
       * usually num × 1024 */
      if (state->text_200 && !phase->too_fast
          && phase->rate == dyno_config_get_files (spec)->num * 1024.0)
        {
          phase->rate = NAN;
          garbage = TRUE;
        }
    }
  if (garbage)
    {
      g_autofree char *note =
          g_strdup_printf (_("bonnie++ 2.00's text table prints wrong file-test rates (an "
                             "integer format applied to a floating-point value), here %u for "
                             "%u × 1024 files; those rates are unknown. Its CSV line has the "
                             "right ones."),
                           dyno_config_get_files (spec)->num * 1024,
                           dyno_config_get_files (spec)->num);

      dyno_import_run_add_note (run, note);
    }

  state->last_run = run;
  state->last_row_block = BLOCK_FILES;
  return ROW_OK;
}

/* ---- Latency rows --------------------------------------------------------------------- */

static RowResult
parse_latency_row (TextState *state, const TextLine *line, guint number, GError **error)
{
  DynoBonnieColumn first = state->last_row_block == BLOCK_IO ? BONNIE_COL_PUTC
                                                        : BONNIE_COL_SEQ_CREATE;
  DynoImportRun *run = state->last_run;
  DynoBonnieColumn present[6];
  guint n_present = 0;
  guint n = line->n - 1;

  if (run == NULL || !tok_is (line, 0, "Latency") || line->too_many)
    return ROW_NONE;
  for (guint i = 1; i < line->n; i++)
    {
      double seconds;

      if (!dyno_import_parse_latency (tok (line, i), tok_len (line, i), &seconds))
        return ROW_NONE;
    }

  for (guint p = 0; p < 6; p++)
    if (run->phases[first + p].present)
      present[n_present++] = first + p;

  /* Blank columns for tests that did not run (-f) disappear between the tokens. */
  if (n != 6 && n != n_present)
    {
      dyno_import_fail (error, state->input, number,
                        _("expected %u latencies (one per test in the row above), found %u"),
                        n_present, n);
      return ROW_ERROR;
    }
  for (guint i = 0; i < n; i++)
    {
      DynoBonnieColumn id = n == 6 ? first + i : present[i];

      if (run->phases[id].present)
        dyno_import_parse_latency (tok (line, i + 1), tok_len (line, i + 1),
                                   &run->phases[id].latency);
    }
  /* Only the 1.9x line prints latencies */
  if (run->generation == 0)
    run->generation = 190;
  state->generation = MAX (state->generation, 190);
  run->last_line = number;
  state->last_run = NULL;
  return ROW_OK;
}

/* ---- Bonnie --------------------------------------------------------------------------- */

/* "Machine MB K/sec %CPU K/sec %CPU … /sec %CPU": which phase each column holds. The state
 * changes only for a header. */
static gboolean
parse_bonnie_header (TextState *state, const TextLine *line)
{
  static const DynoBonnieColumn byte_phases[] = { BONNIE_COL_PUTC, BONNIE_COL_WRITE,
                                             BONNIE_COL_REWRITE, BONNIE_COL_GETC,
                                             BONNIE_COL_READ };
  DynoBonnieColumn phases[G_N_ELEMENTS (state->bonnie_phases)];
  double scales[G_N_ELEMENTS (state->bonnie_scales)];
  guint byte_columns = 0;
  guint columns = 0;

  if (!tok_is (line, 0, "Machine") || !(tok_is (line, 1, "MB") || tok_is (line, 1, "GB"))
      || line->too_many || line->n < 4 || line->n % 2 != 0)
    return FALSE;

  /* Five byte-rate columns in Bonnie's order, then perhaps the seeks */
  for (guint i = 2; i + 1 < line->n; i += 2)
    {
      if (!tok_is (line, i + 1, "%CPU") || columns == G_N_ELEMENTS (phases))
        return FALSE;
      if (tok_is (line, i, "K/sec") || tok_is (line, i, "M/sec"))
        {
          if (byte_columns == G_N_ELEMENTS (byte_phases) || columns > byte_columns)
            return FALSE;
          phases[columns] = byte_phases[byte_columns++];
          scales[columns] = tok_is (line, i, "K/sec") ? 1024.0 : 1048576.0;
        }
      else if (tok_is (line, i, "/sec"))
        {
          phases[columns] = BONNIE_COL_SEEKS;
          scales[columns] = 1;
        }
      else
        return FALSE;
      columns++;
    }
  if (byte_columns != G_N_ELEMENTS (byte_phases))
    return FALSE;

  memcpy (state->bonnie_phases, phases, sizeof phases);
  memcpy (state->bonnie_scales, scales, sizeof scales);
  state->bonnie_columns = columns;
  state->bonnie_64 = tok_is (line, 1, "GB");
  /* Bonnie-64's GB column is the size divided by 1000 MiB */
  state->bonnie_size_unit = state->bonnie_64 ? G_GUINT64_CONSTANT (1000) << 20
                                             : G_GUINT64_CONSTANT (1) << 20;
  return TRUE;
}

static RowResult
parse_bonnie_row (TextState *state, const TextLine *line, guint number)
{
  guint v = state->bonnie_columns * 2;
  g_autofree char *where = NULL;
  DynoImportRun *run;
  guint first;
  double size;

  if (line->n < v + 1 || line->too_many)
    return ROW_NONE;
  first = line->n - v;
  if (!dyno_import_parse_decimal (tok (line, first - 1), tok_len (line, first - 1), &size)
      || size != floor (size) || size * state->bonnie_size_unit > (double) G_MAXINT64)
    return ROW_NONE;
  for (guint i = 0; i < v; i += 2)
    {
      double value;

      if (!parse_plain_rate (tok (line, first + i), tok_len (line, first + i), &value)
          || value * state->bonnie_scales[i / 2] > DYNO_IMPORT_MAX_RATE
          || !dyno_import_parse_decimal (tok (line, first + i + 1), tok_len (line, first + i + 1),
                                         &value)
          || value > DYNO_IMPORT_MAX_CPU)
        return ROW_NONE;
    }

  run = dyno_import_run_new ();
  g_ptr_array_add (state->runs, run);
  run->label = label_before (line, first - 1);
  run->tool = g_strdup (state->bonnie_64 ? "Bonnie-64" : "Bonnie");
  where = dyno_import_describe_line (state->input, number, number);
  if (run->label != NULL)
    /* TRANSLATORS: provenance: "Bonnie table, row “FV”, line 17 of 003.txt" */
    run->source = g_strdup_printf (_("Bonnie table, row “%s”, %s"), run->label, where);
  else
    run->source = g_strdup_printf (_("Bonnie table, %s"), where);
  run->first_line = run->last_line = number;
  run->config->size = (guint64) size * state->bonnie_size_unit;
  run->config->chunk = BONNIE_CHUNK;
  dyno_config_set_uint (run->config, "seeks", BONNIE_SEEKS);
  dyno_config_set_uint (run->config, "seekers", BONNIE_SEEKERS);
  run->config->per_char = DYNO_PER_CHAR_STDIO;
  run->seek_threads = BONNIE_SEEKERS;
  run->has_io_row = TRUE;
  for (guint c = 0; c < state->bonnie_columns; c++)
    set_phase (&run->phases[state->bonnie_phases[c]], line, first + 2 * c,
               state->bonnie_phases[c] != BONNIE_COL_SEEKS, state->bonnie_scales[c]);

  dyno_import_run_add_note (run,
                            _("Imported from a Bonnie table: elapsed times, CPU seconds and "
                              "latencies were not recorded."));
  dyno_import_run_add_note (run,
                            _("Bonnie does not print its chunk size; 16384 bytes (Bonnie 1996 "
                              "and later) is assumed, the 1990 original used 8192."));
  if (state->bonnie_64)
    dyno_import_run_add_note (run,
                              _("Bonnie-64 prints the size in units of 1000 MiB, rounded down."));
  if (!run->phases[BONNIE_COL_SEEKS].present)
    dyno_import_run_add_note (run, _("The table has no random-seek column."));
  return ROW_OK;
}

/* ---- the state machine ---------------------------------------------------------------- */

static gboolean
is_io_header (const TextLine *line)
{
  if (tok_is (line, 0, "Machine") && line->n > 3
      && (tok_is (line, 1, "Size") || tok_is (line, 1, "Size:chnk")) && tok_is (line, 2, "K/sec")
      && tok_is (line, 3, "%CP"))
    return TRUE;
  return tok_is (line, 0, "Name:Size") && tok_is (line, 1, "etc") && tok_is (line, 2, "/sec")
         && tok_is (line, 3, "%CP");
}

static gboolean
is_file_header (const TextLine *line)
{
  return (tok_is (line, 0, "files") || tok_is (line, 0, "files:max")
          || tok_is (line, 0, "files:max:min"))
         && tok_is (line, 1, "/sec") && tok_is (line, 2, "%CP");
}

/* "Version 1.03c  ------Sequential Output------ …" */
static gboolean
is_version_line (const TextLine *line)
{
  return tok_is (line, 0, "Version") && line->n >= 3 && contains (line, "Sequential");
}

DynoImportFormat
dyno_import_text_detect_line (const char *raw)
{
  TextLine line = { g_string_new (NULL) };
  TextState scratch = { 0 };
  DynoImportFormat format = DYNO_IMPORT_AUTO;

  /* Most lines of a blog post are prose: skip them before any copying. */
  if (strlen (raw) <= DYNO_IMPORT_MAX_TABLE_LINE
      && (strstr (raw, "Machine") != NULL || strstr (raw, "files") != NULL
          || strstr (raw, "Version") != NULL || strstr (raw, "Name:Size") != NULL))
    {
      text_line_init (&line, raw);
      if (is_io_header (&line) || is_file_header (&line) || is_version_line (&line))
        format = DYNO_IMPORT_BONNIEPP_TEXT;
      else if (parse_bonnie_header (&scratch, &line))
        format = DYNO_IMPORT_BONNIE_TEXT;
    }
  g_string_free (line.text, TRUE);
  return format;
}

static void
set_version (TextState *state, const TextLine *line)
{
  g_autofree char *version = tok_dup (line, 1);
  guint major, minor;

  g_clear_pointer (&state->version, g_free);
  state->generation = 0;
  state->text_200 = FALSE;
  if (dyno_import_parse_version (version, &major, &minor))
    {
      state->version = g_steal_pointer (&version);
      if (major == 1 && minor < 90)
        state->generation = 103;
      else if (major == 1 && minor < 98)
        state->generation = 190;
      else
        state->generation = 198;
      state->text_200 = state->generation >= 198;
    }
}

static void
end_block (TextState *state)
{
  state->block = BLOCK_NONE;
  state->need_row = FALSE;
}

static void
start_block (TextState *state, Block block, guint number)
{
  state->block = block;
  state->header_line = number;
  state->need_row = TRUE;
  state->last_run = NULL;
}

/* A CSV line after the tables repeats their run exactly: it replaces the text's figures. */
static void
add_csv_run (TextState *state, DynoImportRun *csv)
{
  const DynoImportInput unnamed = { NULL };

  for (guint i = state->runs->len; i > 0; i--)
    {
      DynoImportRun *text = g_ptr_array_index (state->runs, i - 1);
      g_autofree char *where = NULL;
      g_autofree char *note = NULL;

      if (text->from_csv || !labels_agree (text->label, csv->label) || text->label == NULL
          || csv->label == NULL)
        continue;
      /* 2.00a's CSV forgets a chunk size its table shows */
      if (!csv->chunk_known && text->chunk_known)
        {
          csv->config->chunk = text->config->chunk;
          csv->chunk_known = TRUE;
          g_ptr_array_remove (csv->notes, (gpointer) dyno_import_csv_find_chunk_note (csv));
        }
      /* the same input: no need to name it again */
      where = dyno_import_describe_line (&unnamed, text->first_line, text->last_line);
      note = g_strdup_printf (_("The text table on %s shows the same run; the figures come from "
                                "the CSV line, which is exact."),
                              where);
      dyno_import_run_add_note (csv, note);

      g_ptr_array_remove (state->open_runs, text);
      if (state->last_run == text)
        state->last_run = NULL;
      /* Frees the text run, puts the CSV one in its place. */
      g_ptr_array_index (state->runs, i - 1) = csv;
      dyno_import_run_free (text);
      return;
    }
  g_ptr_array_add (state->runs, csv);
}

/* Embedded CSV: a versioned line, or 27 fields with a size or nothing in the second. */
static gboolean
is_embedded_csv (const char *raw)
{
  g_auto (GStrv) fields = NULL;
  guint major, minor;
  guint64 size;
  gsize length;
  guint commas = 0;

  if (!dyno_import_csv_is_candidate (raw) || strlen (raw) > DYNO_IMPORT_MAX_CSV_LINE)
    return FALSE;
  fields = g_strsplit (raw, ",", 3);
  g_strstrip (fields[0]);
  if (dyno_import_parse_version (fields[0], &major, &minor))
    return TRUE;

  /* 1.03: name,size[:chunk],… with 26 commas */
  for (const char *p = raw; *p != '\0'; p++)
    commas += *p == ',';
  if (commas != 26)
    return FALSE;
  g_strstrip (fields[1]);
  length = strcspn (fields[1], ":");
  return length == 0 || dyno_import_parse_size (fields[1], length, 1, &size);
}

static gboolean
parse_line (TextState *state, TextLine *line, const char *raw, guint number, GError **error)
{
  RowResult row = ROW_NONE;

  if (dyno_import_csv_is_header (raw))
    {
      end_block (state);
      return TRUE;
    }
  if (is_embedded_csv (raw))
    {
      g_autofree char *copy = g_strdup (raw);
      DynoImportRun *csv;

      end_block (state);
      csv = dyno_import_csv_parse_line (state->input, copy, number, error);
      if (csv == NULL)
        return FALSE;
      add_csv_run (state, csv);
      return TRUE;
    }
  if (strlen (raw) > DYNO_IMPORT_MAX_TABLE_LINE)
    {
      if (state->need_row)
        return dyno_import_fail (error, state->input, number,
                                 _("expected a table row after the header on line %u"),
                                 state->header_line);
      end_block (state);
      return TRUE;
    }

  text_line_init (line, raw);
  if (line->n == 0)
    return TRUE;

  if (is_version_line (line))
    {
      end_block (state);
      set_version (state, line);
      if (contains (line, "Sequential Create"))
        {
          g_clear_pointer (&state->file_label, g_free);
          state->file_label_pending = TRUE;
        }
      else
        state->concurrency = 0;
      return TRUE;
    }
  /* 1.03 with I/O results: the file block starts without a Version line */
  if (contains (line, "Sequential Create"))
    {
      end_block (state);
      g_clear_pointer (&state->file_label, g_free);
      state->file_label_pending = TRUE;
      return TRUE;
    }
  if (state->file_label_pending && contains (line, "-Create--"))
    {
      const char *create = strstr (line->text->str, "-Create--");

      state->file_label = dyno_import_clean_label (line->text->str, create - line->text->str);
      state->file_label_pending = FALSE;
      return TRUE;
    }
  if (tok_is (line, 0, "Concurrency") && line->n >= 2)
    {
      g_autofree char *value = tok_dup (line, 1);
      guint64 concurrency;

      if (g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT32, &concurrency, NULL))
        {
          state->concurrency = concurrency;
          state->generation = MAX (state->generation, 190);
        }
      return TRUE;
    }
  if (is_io_header (line))
    {
      start_block (state, BLOCK_IO, number);
      g_ptr_array_set_size (state->open_runs, 0);
      if (tok_is (line, 0, "Name:Size"))
        {
          state->text_200 = TRUE;
          state->generation = MAX (state->generation, 198);
        }
      return TRUE;
    }
  if (is_file_header (line))
    {
      start_block (state, BLOCK_FILES, number);
      state->file_label_pending = FALSE;
      return TRUE;
    }
  if (parse_bonnie_header (state, line))
    {
      start_block (state, BLOCK_BONNIE, number);
      g_ptr_array_set_size (state->open_runs, 0);
      return TRUE;
    }

  switch (state->block)
    {
    case BLOCK_IO:
      row = parse_latency_row (state, line, number, error);
      if (row == ROW_NONE)
        row = parse_io_row (state, line, number);
      break;
    case BLOCK_FILES:
      row = parse_latency_row (state, line, number, error);
      if (row == ROW_NONE)
        row = parse_file_row (state, line, number);
      break;
    case BLOCK_BONNIE:
      row = parse_bonnie_row (state, line, number);
      break;
    case BLOCK_NONE:
    default:
      return TRUE;
    }

  if (row == ROW_ERROR)
    return FALSE;
  if (row == ROW_OK)
    {
      state->need_row = FALSE;
      return TRUE;
    }
  if (state->need_row)
    {
      g_autofree char *what = NULL;

      if (state->block == BLOCK_IO)
        what = g_strdup (_("a bonnie++ row: the machine, its size (such as 2G), then 12 figures "
                           "(8 with -f)"));
      else if (state->block == BLOCK_FILES)
        what = g_strdup (_("a bonnie++ file-test row: the number of files (such as 16), then 12 "
                           "figures"));
      else
        what = g_strdup_printf (_("a Bonnie row: the machine, its size, then %u figures"),
                                state->bonnie_columns * 2);
      return dyno_import_fail (error, state->input, number,
                               _("expected %s after the header on line %u"), what,
                               state->header_line);
    }
  end_block (state);
  return TRUE;
}

/* Whether line number is the last one read into some run */
static gboolean
ends_a_run (GPtrArray *runs, guint number)
{
  for (guint i = runs->len; i > 0; i--)
    if (((DynoImportRun *) g_ptr_array_index (runs, i - 1))->last_line == number)
      return TRUE;
  return FALSE;
}

gboolean
dyno_import_text_parse (DynoImportInput *input, GPtrArray *runs, GError **error)
{
  TextState state = { 0 };
  TextLine line = { 0 };
  gboolean ok = TRUE;
  char *raw;

  state.input = input;
  state.runs = runs;
  state.open_runs = g_ptr_array_new ();
  line.text = g_string_new (NULL);

  while (ok && (raw = dyno_import_reader_next (&input->reader)) != NULL)
    {
      ok = parse_line (&state, &line, raw, input->reader.number, error);
      /* bonnie++ and Bonnie end every line with a line break: a table row without one is where
       * a copy stopped, and its last figure may have lost digits or its unit (“5465us” cut to
       * “54”, when the row is no longer read as one) with nothing to show it. Prose after the
       * tables may lack it. */
      if (ok && input->reader.unterminated
          && (ends_a_run (runs, input->reader.number)
              || (state.last_run != NULL && g_str_has_prefix (g_strchug (raw), "Latency"))))
        ok = dyno_import_fail (error, input, input->reader.number,
                               _("the file ends inside this line of a table, without a line "
                                 "break: it was cut short (a line that is whole needs its "
                                 "line break); nothing was imported"));
      if (ok && runs->len > DYNO_IMPORT_MAX_RUNS)
        ok = dyno_import_fail (error, input, input->reader.number,
                               _("more than %u runs: import the text in parts"),
                               DYNO_IMPORT_MAX_RUNS);
    }
  /* A header at the very end, with its row missing */
  if (ok && state.need_row)
    ok = dyno_import_fail (error, input, state.header_line,
                           _("the table header has no row after it"));

  if (ok)
    for (guint i = 0; i < runs->len; i++)
      {
        DynoImportRun *run = g_ptr_array_index (runs, i);

        if (!run->from_csv && run->tool != NULL && g_str_has_prefix (run->tool, "bonnie++"))
          finish_bonniepp_run (&state, run);
      }

  g_ptr_array_unref (state.open_runs);
  g_string_free (line.text, TRUE);
  g_free (state.version);
  g_free (state.file_label);
  return ok;
}
