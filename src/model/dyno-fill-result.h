/* dyno-fill-result.h: a fill test (`dyno-cli fill`): one file written sequentially until the
 * drive sags, its curve, the steady stretches of the curve, and the recovery after rest
 *
 * A document of its own ("dyno-fill", docs/result-format.md), not a result file: a fill has no
 * phases and no repeats. The main pass and every recovery pass are a DynoFillPass: samples of
 * the rate against the bytes written, and the segments dyno_segments_find () cuts them into.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-segments.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

#define DYNO_FILL_FORMAT "dyno-fill"
#define DYNO_FILL_VERSION 1

/* One pass of writing: the fill itself, or a recovery pass after a rest. */
typedef struct
{
  double rest;          /* seconds of rest before it (0 for the fill) */
  guint64 requested;    /* bytes it was to write */
  guint64 written;      /* bytes it wrote */
  double seconds;       /* how long it wrote */
  GArray *samples;      /* DynoFillSample, `written` counted from the pass's start */
  GArray *segments;     /* DynoFillSegment, in order */
  /* Recovery passes only: the bytes written again at the fast stretch's speed (the leading
   * segments faster than halfway between the fill's first and second segment), and that as a
   * fraction of the fill's fast stretch (≥ 1: all of it came back). NAN when there is none. */
  guint64 recovered;
  double recovered_fraction;
} DynoFillPass;

typedef struct
{
  char *id;                 /* a random UUID */
  gint64 created;           /* unix microseconds */
  char *tool;               /* "dyno 0.1.0" */
  char *label;              /* NULL: none */
  char *path;               /* the folder written in, as given */
  DynoSystemInfo *system;
  DynoTargetInfo *info;
  guint64 block;            /* bytes per write */
  guint queue;              /* writes in flight */
  char *engine;             /* "io_uring" or "pwrite" */
  gboolean direct;          /* O_DIRECT; else buffered and flushed, said in direct_refused */
  char *direct_refused;     /* why not O_DIRECT, or NULL */
  double sample_interval;   /* seconds: a sample ends after this or 256 MiB */
  guint64 calibration_bytes;   /* the first stretch of the fill that sized the estimate */
  double calibration_seconds;
  double estimated_seconds; /* the pre-flight estimate of the fill's time; NAN unknown */
  DynoFillPass *fill;
  GPtrArray *recovery;      /* DynoFillPass *, in order */
  gboolean stopped;         /* stopped before its end (Stop, a signal): what it wrote is kept */
  char *error_code;         /* dyno_error_to_string (), or NULL when it did not fail */
  char *error_message;
  GPtrArray *notes;         /* char *: what the figures mean */
  GPtrArray *warnings;      /* char *: what may make them wrong */
  /* Not in the JSON: the scratch folder the fill could not remove, for the front end's list
   * of leftovers (dyno-leftovers.h); NULL when it went. */
  char *scratch_left;
} DynoFillResult;

/* Bytes per sample at most: a sample ends after sample_interval or this, whichever first. */
#define DYNO_FILL_SAMPLE_BYTES (G_GUINT64_CONSTANT (256) << 20)

DynoFillPass   *dyno_fill_pass_new (void);
void            dyno_fill_pass_free (DynoFillPass *pass);

DynoFillResult *dyno_fill_result_new (const char *path);
void            dyno_fill_result_free (DynoFillResult *result);

/* Cuts every pass into segments and works out what each recovery pass got back. */
void            dyno_fill_result_analyze (DynoFillResult *result);
/* The bytes of pass written at the fast stretch's rate of fill, and their fraction of it; FALSE
 * when fill has no fast stretch (fewer than two segments, the first not the faster). */
gboolean        dyno_fill_recovered (const DynoFillPass *fill,
                                     const DynoFillPass *pass,
                                     guint64            *bytes,
                                     double             *fraction);
/* TRUE when the first segment is a fast stretch: faster than the second by a quarter. */
gboolean        dyno_fill_pass_has_fast_stretch (const DynoFillPass *pass);

/* The "dyno-fill" document, pretty-printed, ending in a newline. */
char           *dyno_fill_result_to_json (const DynoFillResult *result);
/* Reads a "dyno-fill" document: every field checked, errors naming the field by its path and
 * the input by name ("“x.json”: samples[3].rate: …"); name NULL for data from elsewhere. */
DynoFillResult *dyno_fill_result_from_data (const char *data,
                                            gsize       length,
                                            const char *name,
                                            GError    **error);
DynoFillResult *dyno_fill_result_load (const char *path, GError **error);
/* Whether the file at path (or data) is a "dyno-fill" document rather than another format: its
 * text names the format near its start. Reads at most 64 KiB. */
gboolean        dyno_fill_file_sniff (const char *path);
gboolean        dyno_fill_data_sniff (const char *data, gsize length);

/* In words, translated: "Wrote at 3.1 GB/s for the first 42.0 GB (its fast cache), then at
 * 1.1 GB/s." */
char           *dyno_fill_pass_describe (const DynoFillPass *pass);
/* The same for a recovery pass of result: "After 60 s of rest, 38.0 GB of the 42.0 GB fast
 * stretch came back (90 %)." */
char           *dyno_fill_recovery_describe (const DynoFillResult *result,
                                             const DynoFillPass   *pass);
/* Decimal units, as reviewers chart a fill: "3.1 GB/s", "420 MB/s"; "42.0 GB", "512 MB". */
char           *dyno_fill_format_rate (double rate);
char           *dyno_fill_format_bytes (guint64 bytes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoFillPass, dyno_fill_pass_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoFillResult, dyno_fill_result_free)

G_END_DECLS
