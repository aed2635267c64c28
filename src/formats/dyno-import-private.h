/* dyno-import-private.h: what the importer's format readers share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-import.h"

G_BEGIN_DECLS

/* bonnie++ and Bonnie print a few hundred bytes per run, CrystalDiskMark and KDiskMark about a
 * kilobyte, fio's JSON+ a few hundred kilobytes for a dozen jobs, and even a blog post with a
 * dozen tables stays far below this; anything bigger is not their output, and refusing it early
 * bounds what a hostile file can cost. It applies to the input as given (UTF-16 decodes to at
 * most 1.5 times as many bytes). Dyno's JSON files have their own, larger limit. */
#define DYNO_IMPORT_MAX_TEXT_SIZE (G_GUINT64_CONSTANT (16) << 20)
/* Each run becomes a DynoResult of a few kilobytes; a file with more is not a benchmark log. */
#define DYNO_IMPORT_MAX_RUNS 10000
/* A bonnie++ CSV line is under 400 bytes unless the machine name is absurd. */
#define DYNO_IMPORT_MAX_CSV_LINE 65536
/* Table rows are under 100 columns; longer lines are prose and not worth tokenising. */
#define DYNO_IMPORT_MAX_TABLE_LINE 1024

/* Reads the input line by line, in place: the buffer is a private copy whose line breaks
 * (LF, CRLF or a lone CR) are overwritten with NULs. */
typedef struct
{
  char *buffer;
  char *pos;
  char *end;
  guint number; /* of the line last returned, from 1 */
  /* The line last returned ended the input without a line break: the last line of a file cut
   * short, or of one saved without a final line break. */
  gboolean unterminated;
} DynoImportReader;

typedef struct
{
  const char *name; /* the input's display name, or NULL */
  DynoImportReader reader;
} DynoImportInput;

/* The columns of Bonnie's and bonnie++'s tables and CSV lines, in their order: the layout of
 * the formats these readers read. dyno_import_bonnie_phase () is the phase of each. */
typedef enum
{
  BONNIE_COL_PUTC,
  BONNIE_COL_WRITE,
  BONNIE_COL_REWRITE,
  BONNIE_COL_GETC,
  BONNIE_COL_READ,
  BONNIE_COL_SEEKS,
  BONNIE_COL_SEQ_CREATE,
  BONNIE_COL_SEQ_STAT,
  BONNIE_COL_SEQ_DELETE,
  BONNIE_COL_RAND_CREATE,
  BONNIE_COL_RAND_STAT,
  BONNIE_COL_RAND_DELETE,
  BONNIE_COL_N_COLUMNS
} DynoBonnieColumn;

static inline const DynoPhase *
dyno_import_bonnie_phase (DynoBonnieColumn column)
{
  guint n;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n);

  g_assert (column < n);
  return bonnie[column];
}

static inline gboolean
dyno_import_bonnie_is_file_test (DynoBonnieColumn column)
{
  return column >= BONNIE_COL_SEQ_CREATE;
}

/* One phase as the input states it. */
typedef struct
{
  gboolean present;
  gboolean too_fast;  /* "+++++" */
  double rate;        /* B/s or ops/s; NAN when unknown */
  double cpu_percent; /* NAN when unknown ("+++") */
  double latency;     /* seconds, the slowest operation; NAN when unknown */
} DynoImportPhase;

/* One run (a CSV line, a bonnie++ table, a Bonnie row) before it becomes a DynoResult. */
typedef struct
{
  char *label;
  char *tool;
  char *source;
  GPtrArray *notes; /* char*, translated, one sentence each */
  DynoConfig *config;
  DynoImportPhase phases[BONNIE_COL_N_COLUMNS];
  guint seek_threads; /* 0: unknown */
  guint first_line;
  guint last_line;
  gboolean chunk_known;
  guint generation; /* 103: bonnie++ 1.0x, 190: 1.9x, 198: 1.98 and later; 0: unknown */
  gboolean from_csv;
  gboolean has_io_row;
  gboolean has_file_row;
  /* Queued phases (CrystalDiskMark, KDiskMark, fio): the phase results as the input states
   * them, in its order, and what it says about the machine; NULL for Bonnie's tables, whose
   * figures are in phases[] and whose machine is only bonnie++'s name. */
  DynoTargetResult *target;
  DynoSystemInfo *system;
  GDateTime *created; /* NULL: not in the input */
} DynoImportRun;

DynoImportRun *dyno_import_run_new (void);
/* A run of queued phases: no Bonnie phases, sizes and times unknown until the reader sets
 * them, an empty target and system description to fill. */
DynoImportRun *dyno_import_run_new_queued (void);
void           dyno_import_run_free (DynoImportRun *run);
void           dyno_import_run_add_note (DynoImportRun *run, const char *note);
DynoResult    *dyno_import_run_to_result (DynoImportRun *run);

void  dyno_import_reader_init (DynoImportReader *reader, const char *data, gsize length);
void  dyno_import_reader_clear (DynoImportReader *reader);
/* The next line without its line break, or NULL at the end. */
char *dyno_import_reader_next (DynoImportReader *reader);

/* Sets a DYNO_ERROR_BAD_FORMAT error "“name”: line N: message" (no line part for line 0). */
gboolean dyno_import_fail (GError          **error,
                           const DynoImportInput *input,
                           guint             line,
                           const char       *format,
                           ...) G_GNUC_PRINTF (4, 5);
/* "“name”" or NULL, for provenance strings. */
char    *dyno_import_describe_line (const DynoImportInput *input, guint first, guint last);

/* Strict number forms, so that "nan", "1e999", "-3" or "0x10" never pass as a figure:
 * digits with at most one decimal point. */
gboolean dyno_import_parse_decimal (const char *text, gsize length, double *out);
gboolean dyno_import_is_plus (const char *text, gsize length);
/* bonnie++'s latency: "NNNus", "NNNms" or "NNNs" (also fractional), in seconds. */
gboolean dyno_import_parse_latency (const char *text, gsize length, double *out);
/* A bonnie++ size: a number with K/M/G/T (1024-based), or without a suffix in units of
 * default_unit bytes. */
gboolean dyno_import_parse_size (const char *text, gsize length, guint64 default_unit,
                                 guint64 *out);
/* A version like "1.03c", "1.97", "2.00a" (also "1.97.3"): TRUE with major/minor. */
gboolean dyno_import_parse_version (const char *text, guint *major, guint *minor);
/* bonnie++ -n's description: num[:max[:min[:dirs]]][/dirs], max possibly "link"/"symlink". */
gboolean dyno_import_parse_files_spec (const char *text, DynoConfig *config);
/* bonnie++'s name field or a table's label: valid UTF-8, no control characters, trimmed;
 * NULL when nothing is left. */
char    *dyno_import_clean_label (const char *text, gssize length);

/* Implausibly large figures are refused rather than carried into comparisons. */
#define DYNO_IMPORT_MAX_RATE 1e15     /* B/s or ops/s: a petabyte per second */
#define DYNO_IMPORT_MAX_CPU 100000.0  /* %: a thousand CPUs */
#define DYNO_IMPORT_MAX_LATENCY 1e7   /* seconds: four months */

/* ---- queued phases (CrystalDiskMark, KDiskMark, fio) ---------------------------------- */

/* What a phase key holds (dyno_phase_parse reads back at most these), so that every imported
 * phase saves and loads again. */
#define DYNO_IMPORT_MAX_QUEUE_DEPTH 4096
#define DYNO_IMPORT_MAX_THREADS 256
#define DYNO_IMPORT_MAX_BLOCK (G_GUINT64_CONSTANT (1) << 30)
/* CrystalDiskMark's test file is at most 64 GiB, fio's may be a whole device */
#define DYNO_IMPORT_MAX_QUEUE_SIZE (G_GUINT64_CONSTANT (1) << 50)

/* The queued phase of a pattern ("seq" or "rnd") and an operation ("read", "write" or "mix"),
 * or NULL when a parameter is outside what a phase holds: block 1 byte to 1 GiB, queue depth
 * and threads from 1 to the limits above, a mix's read share 1 to 100 % (0 is ignored for
 * reads and writes). */
const DynoPhase *dyno_import_queued_phase (const char *pattern,
                                           const char *op,
                                           guint64     block_size,
                                           guint       queue_depth,
                                           guint       threads,
                                           guint       read_percent);
/* The result of phase in run's target, appended (input order) when new; NULL when the target
 * already holds DYNO_MAX_PHASES others. */
DynoPhaseResult *dyno_import_run_ensure_phase (DynoImportRun *run, const DynoPhase *phase);
/* Adds one run to a phase result, numbering its repeat, and keeps the phase's latency (over
 * all its operations) in step: the run's own when it is the only one, else the mean weighted
 * by count and the slowest maximum; percentiles of several runs cannot be combined. FALSE when
 * the phase already has DYNO_MAX_REPEAT runs. */
gboolean dyno_import_phase_add_run (DynoPhaseResult *phase, DynoPhaseRun *run);

/* dyno-import-csv.c */
/* Whether line could be a bonnie++ CSV data line (so a damaged one gets an error rather
 * than being taken for prose). */
gboolean dyno_import_csv_is_candidate (const char *line);
gboolean dyno_import_csv_is_header (const char *line);
/* Parses one data line into a run; FALSE with an error naming the line and field. */
DynoImportRun *dyno_import_csv_parse_line (const DynoImportInput *input,
                                           char              *line,
                                           guint              number,
                                           GError           **error);
/* The note saying 2.00a's CSV lacks the chunk size, if run has it, else NULL. */
const char *dyno_import_csv_find_chunk_note (DynoImportRun *run);
/* The whole input as CSV: every line must be a header, blank or a data line. */
gboolean dyno_import_csv_parse (DynoImportInput *input, GPtrArray *runs, GError **error);

/* dyno-import-text.c */
/* Which table the text holds first, or DYNO_IMPORT_AUTO for none. */
DynoImportFormat dyno_import_text_detect_line (const char *line);
gboolean dyno_import_text_parse (DynoImportInput *input, GPtrArray *runs, GError **error);

/* dyno-import-diskmark.c: CrystalDiskMark's and KDiskMark's text exports */
/* DYNO_IMPORT_CDM_TEXT or DYNO_IMPORT_KDM_TEXT when line is one of their headers or results,
 * else DYNO_IMPORT_AUTO. */
DynoImportFormat dyno_import_diskmark_detect_line (const char *line);
/* Every report in the input; format (CDM or KDM) names the tool of reports without a header. */
gboolean dyno_import_diskmark_parse (DynoImportInput  *input,
                                     DynoImportFormat  format,
                                     GPtrArray        *runs,
                                     GError          **error);

/* dyno-import-fio.c: fio's JSON and JSON+ output */
/* Whether data (UTF-8, no byte order mark) is fio's JSON: its first key, after any lines of
 * text fio printed before it, is one only fio writes. */
gboolean dyno_import_fio_detect (const char *data, gsize length);
gboolean dyno_import_fio_parse (DynoImportInput *input,
                                const char      *data,
                                gsize            length,
                                GPtrArray       *runs,
                                GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoImportRun, dyno_import_run_free)

G_END_DECLS
