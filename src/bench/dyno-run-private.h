/* dyno-run-private.h: the state of a run as the worker threads see it
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <time.h>

#include "dyno-config.h"
#include "dyno-histogram.h"
#include "dyno-phase-ctx.h"
#include "dyno-random.h"
#include "dyno-result.h"
#include "dyno-run-shared.h"
#include "dyno-sampler.h"
#include "dyno-scratch.h"

G_BEGIN_DECLS

typedef struct _DynoRun DynoRun;

struct _DynoRun
{
  /* The whole run */
  const DynoConfig *config;
  DynoRunShared *shared;
  DynoSampler *sampler;
  GCancellable *cancellable;
  guint64 seed;
  gint64 run_started_ns;
  double idle_busy_cpus; /* the machine's CPUs busy before the run (measure_idle); NAN */

  /* Set from other threads (cancellation, sampler's vanish check); read between I/Os. */
  atomic_int stop;
  atomic_int vanished;

  /* The current target */
  guint target;
  const char *target_path;
  int target_fd;
  struct stat target_stat;
  char *scratch_name;
  int scratch_fd;
  DynoTargetResult *target_result;
  gboolean direct;        /* O_DIRECT in effect for block phases */
  gsize direct_align;

  /* What this target does: the configuration's sizes, or what its calibration chose */
  guint64 io_size;        /* bytes of the data file, whole chunks */
  guint64 per_char_size;  /* bytes the per-char phases move */
  guint64 files_total;    /* files per file-test series */
  guint64 files_cap;      /* a create that lasts phase_time makes at most this many; 0: it
                           * makes files_total */
  /* Operations per pass each kind's sizing hook chose, by dyno_phase_kind_get_index ()
   * (dyno_run_get_count); 0: as many as phase_time holds */
  guint64 counts[DYNO_PHASE_MAX_KINDS];
  double phase_time;      /* seconds each phase measures for; 0: one pass */

  /* The data file */
  guint64 data_size;      /* bytes the data file holds now; 0 when there is none */
  guchar *buffer;         /* chunk bytes, aligned for O_DIRECT */
  DynoRandom random;

  /* The queued phases' test file (dyno-phase-queued.c), kept for the target's rounds */
  guint64 queue_file_size;  /* bytes it holds; 0: none yet */
  int queue_direct;         /* O_DIRECT on this target: 1 works, 0 does not, -1 not tried */
  gsize queue_direct_align;
  gboolean ring_warned;     /* this target was told io_uring is missing */
  /* io_uring, tried once per run: 1 works, 0 refused (ring_error says why), -1 not tried */
  int ring_state;
  char *ring_error;

  guint repeat;
  const DynoPhase *current_phase; /* NULL between phases */

  /* What a series of phases passes on (dyno-phase-ops.h); NULL between series */
  const char *series;
  gpointer series_state;
  gboolean (*series_finish) (DynoRun *run, gpointer state, GError **error);
};

static inline gboolean
dyno_run_should_stop (DynoRun *run)
{
  return atomic_load_explicit (&run->stop, memory_order_relaxed) != 0;
}

/* The operations a pass of phase does, as its kind's sizing hook chose (dyno-phase-kind.h);
 * 0: as many as the phase time holds. */
static inline guint64
dyno_run_get_count (DynoRun *run, const DynoPhase *phase)
{
  return run->counts[dyno_phase_kind_get_index (phase->kind)];
}

/* An info or warning line for the person watching (the CLI's stderr, the app's log). */
void     dyno_run_message (DynoRun *run, DynoMessageLevel level, const char *text);
/* A FUSE file system whose daemon died answers ENOTCONN or ECONNABORTED (statfs reaches it);
 * the message names the daemon (info->helper) and what failed (dyno-run-io.c). */
gboolean dyno_run_daemon_gone (const char *path);
char    *dyno_run_daemon_gone_message (DynoRun *run, const char *what);
/* Sets the error for a stop: cancellation or a vanished target. */
gboolean dyno_run_stop_error (DynoRun *run, GError **error);
/* Sets a DYNO_ERROR from errno, naming what was being done. */
/* A read of Dyno's own data file ended before `expected` bytes, at byte `at`. */
gboolean dyno_run_short_file_error (DynoRun *run, guint64 at, guint64 expected, GError **error);
gboolean dyno_run_errno_error (DynoRun *run, int saved_errno, GError **error, const char *format, ...)
    G_GNUC_PRINTF (4, 5);
int      dyno_run_open_data (DynoRun *run, int flags, gboolean direct, GError **error);
void     dyno_run_scramble (DynoRun *run, guint64 index);
gboolean dyno_run_write_all (DynoRun *run, int fd, const guchar *buf, gsize len, GError **error);
gssize   dyno_run_read_full (int fd, guchar *buf, gsize len);

/* File tests (dyno-file-set.c): a series is create, stat, delete of one set of files, in
 * order of creation or at random; ctx is NULL for untimed preparation. */
typedef struct _DynoFileSet DynoFileSet;
DynoFileSet *dyno_file_set_new (DynoRun *run, gboolean random_order, guint64 n);
void         dyno_file_set_free (DynoFileSet *set);
gboolean     dyno_file_set_create (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, GError **error);
/* Timed create that stops after seconds; the set is then the files it made. */
gboolean     dyno_file_set_create_for (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx,
                                       double seconds, GError **error);
gboolean     dyno_file_set_stat (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, GError **error);
gboolean     dyno_file_set_delete (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, GError **error);

/* The data file (dyno-data-file.c) */
gboolean dyno_run_unlink_data (DynoRun *run, GError **error);
/* Writes the whole data file in chunks, timed when ctx is not NULL (the write phase), else
 * untimed for read phases that run without it. Leaves run->data_size set. */
gboolean dyno_run_write_data_file (DynoRun *run, DynoPhaseCtx *ctx, GError **error);
/* fsync and close, the flush timed into ctx (when not NULL). */
gboolean dyno_run_flush_and_close (DynoRun *run, DynoPhaseCtx *ctx, int fd, const char *what,
                                   GError **error);

/* The per-char phases' bytes: Bonnie's index & 0x7f, or the random buffer cycled. */
typedef struct
{
  const guchar *pool;
  guint64 mask;
} DynoByteSource;

void dyno_byte_source_init (DynoByteSource *src, DynoRun *run);

static inline guchar
dyno_byte_source_get (const DynoByteSource *src, guint64 i)
{
  return src->pool[i & src->mask];
}

G_END_DECLS
