/* dyno-fill.h: the fill test: one file written sequentially until the drive sags
 *
 * Not a phase: it writes one file of up to half the free space (or what is asked) in a scratch
 * folder, with O_DIRECT (buffered and flushed where that is refused), keeping `queue` writes in
 * flight through the platform's ring (io_uring) or one at a time, and samples the rate against
 * the bytes written; then, for each rest asked for, waits and writes the start of the file again
 * to see how much of the fast stretch came back. The file goes at the end, on stop and on error.
 *
 * The writing runs on a worker thread (dyno_fill_run_async, or dyno_fill_run on a thread of the
 * caller's); the front end polls dyno_fill_get_progress () and drains dyno_fill_take_samples ()
 * on a timeout, as it drains the engine's samples. docs/fill.md tells the whole story.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-fill-result.h"

G_BEGIN_DECLS

#define DYNO_FILL_MAX_RESTS 8
#define DYNO_FILL_DEFAULT_BLOCK (G_GUINT64_CONSTANT (1) << 20)
#define DYNO_FILL_DEFAULT_QUEUE 4
#define DYNO_FILL_DEFAULT_PERCENT 50.0

typedef struct
{
  guint64 size;             /* bytes to write; 0: percent of the free space */
  double percent;           /* of the free space, when size is 0 */
  guint64 block;            /* bytes per write */
  guint queue;              /* writes in flight */
  double rests[DYNO_FILL_MAX_RESTS]; /* seconds of rest before each recovery pass */
  guint n_rests;
  double calibration;       /* seconds of the fill's start that size the estimate */
  double sample_interval;   /* seconds; 0: from the estimate, 0.25 to 1 */
  gboolean buffered;        /* never try O_DIRECT (tests of the fallback) */
} DynoFillOptions;

void dyno_fill_options_init (DynoFillOptions *options);

typedef enum
{
  DYNO_FILL_STAGE_PREPARING,
  DYNO_FILL_STAGE_CALIBRATING, /* the fill's first seconds, which size the estimate */
  DYNO_FILL_STAGE_WRITING,
  DYNO_FILL_STAGE_RESTING,
  DYNO_FILL_STAGE_RECOVERY,    /* writing again after a rest */
  DYNO_FILL_STAGE_CLEANING,
  DYNO_FILL_STAGE_DONE,
} DynoFillStage;

typedef struct
{
  DynoFillStage stage;
  guint pass;               /* 0: the fill; 1…: recovery passes */
  guint64 written;          /* of this pass */
  guint64 requested;        /* of this pass */
  double elapsed;           /* seconds of this pass */
  double rate;              /* the last sample's, B/s; NAN before the first */
  double calibrated_rate;   /* B/s, NAN until calibrated */
  double estimated_seconds; /* the fill's, from the calibrated rate; NAN until then */
  double rest_left;         /* seconds, while resting */
  gboolean direct;          /* O_DIRECT (known from CALIBRATING on) */
} DynoFillProgress;

typedef struct
{
  guint pass;
  DynoFillSample sample;
} DynoFillLiveSample;

#define DYNO_TYPE_FILL (dyno_fill_get_type ())
G_DECLARE_FINAL_TYPE (DynoFill, dyno_fill, DYNO, FILL, GObject)

DynoFill             *dyno_fill_new (const char *folder, const DynoFillOptions *options);

/* The pre-flight check, cheap and synchronous: the folder is there and writable, and the size
 * (the default, a percentage of the free space, or as given) leaves the margin free. FALSE with
 * a DYNO_ERROR that says what is wrong and what would work. */
gboolean              dyno_fill_prepare (DynoFill *self, GError **error);
/* After dyno_fill_prepare (): what will be written, and what it is judged against. */
guint64               dyno_fill_get_size (DynoFill *self);
guint64               dyno_fill_get_free_bytes (DynoFill *self);
/* The space the fill leaves free at least: a fiftieth of the file system, 64 MiB to 1 GiB. */
guint64               dyno_fill_get_margin (DynoFill *self);
const DynoTargetInfo *dyno_fill_get_info (DynoFill *self);

/* Runs the prepared fill on the calling thread. NULL with an error only when nothing could be
 * written (the scratch folder or the file could not be made); otherwise the result, whose
 * `stopped` says cancellable was cancelled (at the next write to complete) and whose
 * error_message says what failed mid-way: either way its curve is what was measured, and its
 * file is gone unless scratch_left says where it stayed. */
DynoFillResult       *dyno_fill_run (DynoFill *self, GCancellable *cancellable, GError **error);
void                  dyno_fill_run_async (DynoFill            *self,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
DynoFillResult       *dyno_fill_run_finish (DynoFill *self, GAsyncResult *result, GError **error);

/* From any thread: where the fill is. */
void                  dyno_fill_get_progress (DynoFill *self, DynoFillProgress *out);
/* From any thread: the samples taken since the last call (DynoFillLiveSample), in order. */
GArray               *dyno_fill_take_samples (DynoFill *self);

/* The sampling interval for a fill expected to take seconds: about 4000 samples, from a
 * quarter of a second to one second. */
double                dyno_fill_sample_interval_for (double seconds);

G_END_DECLS
