/* dyno-import-fio-private.h: what the fio reader's two halves share: fio's JSON read into jobs
 * (dyno-import-fio-json.c) and the jobs made into phases and results (dyno-import-fio.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "dyno-import-private.h"

G_BEGIN_DECLS

/* Where errors go: the input, for its name, and the caller's error; notes (char*, may be
 * NULL): what was read as unknown, for every run of the file */
typedef struct
{
  const DynoImportInput *input;
  GError **error;
  GPtrArray *notes;
  /* Of an input holding several JSON documents (fio appending to one file): which one is read,
   * from 1, and the line it starts on, so that an error says which; 0 for a single one. */
  guint document;
  guint document_line;
} DynoFioCtx;

typedef struct
{
  guint64 value; /* ns */
  guint64 count;
} DynoFioBin;

/* One direction (read, write or mixed) of one job entry. */
typedef struct
{
  gboolean present;
  double bytes;
  double rate;    /* B/s */
  double iops;
  double runtime; /* s */
  double ios;
  DynoLatency latency; /* seconds */
  GArray *bins;        /* DynoFioBin, NULL without JSON+ histograms */
} DynoFioDir;

typedef struct
{
  char *path;        /* "jobs[2]" */
  const char *name;  /* jobname */
  const char *host;  /* client/server: the server */
  gint64 groupid;
  GHashTable *options;
  DynoFioDir read;
  DynoFioDir write;
  DynoFioDir mixed;
  gboolean trim;
  double cpu_seconds; /* NAN */
  double job_runtime; /* s, NAN */
  double error;
} DynoFioJob;

/* The JSON: from the first non-blank "{", or the first line starting with "{" after a few lines
 * of text, to the first line that is only "}" (fio closes its object at column 0), or the end. */
gboolean    dyno_import_fio_find_start (const char *data,
                                        gsize       length,
                                        gsize      *start,
                                        guint      *start_line);
gsize       dyno_import_fio_find_end (const char *data, gsize length, gsize start);
/* Depth, count and characters bounded, before json-glib sees the text */
gboolean    dyno_import_fio_check_shape (const DynoImportInput *input,
                                         const char            *data,
                                         gsize                  length,
                                         guint                  first_line,
                                         GError               **error);
/* json-glib's parse error, on the input's line */
gboolean    dyno_import_fio_fail_parse (const DynoImportInput *input,
                                        guint                  first_line,
                                        const GError          *parse_error,
                                        GError               **error);
/* The lines before the JSON, cleaned, at most a few */
GPtrArray  *dyno_import_fio_leading_notes (const char *data, gsize start);

/* "an object", "a string"…: what a member is, for messages */
const char *dyno_import_fio_describe (JsonNode *node);
/* "“run.json”: jobs[2].read: …"; an empty path names nothing */
gboolean    dyno_import_fio_fail_at (DynoFioCtx *ctx, const char *path, const char *format, ...)
    G_GNUC_PRINTF (3, 4);
/* A number from 0 to max, NAN when absent or out of range (fio writes -1 for what it does
 * not know: a note says which was left out); FALSE with an error when it is no number. */
gboolean    dyno_import_fio_get_number (DynoFioCtx  *ctx,
                                        JsonObject  *object,
                                        const char  *path,
                                        const char  *name,
                                        double       max,
                                        double      *out);
gboolean    dyno_import_fio_get_object (DynoFioCtx  *ctx,
                                        JsonObject  *parent,
                                        const char  *path,
                                        const char  *name,
                                        JsonObject **out);
gboolean    dyno_import_fio_get_string (DynoFioCtx  *ctx,
                                        JsonObject  *parent,
                                        const char  *path,
                                        const char  *name,
                                        const char **out);

/* A job's option, NULL when neither the job nor the global options set it */
const char *dyno_import_fio_option (GHashTable *options, const char *name);
/* A flag such as group_reporting: fio writes "" for it, or a value; "0" turns it off. */
gboolean    dyno_import_fio_option_set (GHashTable *options, const char *name);
/* fio's sizes ("4k", "1M", "4KiB", "4096") and times ("60", "500ms", "1m") */
gboolean    dyno_import_fio_parse_size (const char *text, gboolean kb_base_1000, guint64 *out);
gboolean    dyno_import_fio_parse_time (const char *text, double *out);
gboolean    dyno_import_fio_parse_count (const char *text, guint max, guint *out);
/* Engines that do one I/O at a time per job, whatever iodepth says (fio caps it at 1) */
gboolean    dyno_import_fio_engine_is_synchronous (const char *engine);

/* One entry of "jobs" or "client_stats", with the global options for its host; *out is set
 * (to free) even when it fails. */
gboolean    dyno_import_fio_read_job (DynoFioCtx  *ctx,
                                      JsonNode    *node,
                                      const char  *path,
                                      JsonNode    *globals,
                                      DynoFioJob **out);
void        dyno_import_fio_job_free (DynoFioJob *job);

/* Adds note (taking it) unless notes has it already */
void        dyno_import_fio_add_unique (GPtrArray *notes, char *note);

G_END_DECLS
