/* dyno-phase-example.c: how the example kind runs (what it is: dyno-kind-example.c)
 *
 * Writes one 4 KiB block at the start of a file of its own in the scratch folder and
 * fdatasyncs it, as many times as its sizing hook chose; each sync is one operation, timed.
 * The file is removed when the pass ends, also after a failure.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "dyno-phase-ops.h"

#define EXAMPLE_FILE "example"
#define BLOCK 4096

static const guchar block[BLOCK];

static guint64
total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return dyno_run_get_count (run, phase);
}

static gboolean
run_phase (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  const guint64 n = dyno_run_get_count (run, ctx->phase);
  DynoPhaseClock clock;
  gboolean ok = TRUE;
  int fd;

  fd = openat (run->scratch_fd, EXAMPLE_FILE, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    return dyno_run_errno_error (run, errno, error, "creating the example's file");
  dyno_phase_clock_start (ctx, &clock);
  for (guint64 i = 0; i < n && ok; i++)
    {
      if (dyno_run_should_stop (run))
        ok = dyno_run_stop_error (run, error);
      else if (pwrite (fd, block, BLOCK, 0) != BLOCK)
        ok = dyno_run_errno_error (run, errno ? errno : ENOSPC, error,
                                   "writing the example's block");
      else if (fdatasync (fd) != 0)
        ok = dyno_run_errno_error (run, errno, error, "syncing the example's block");
      else
        dyno_phase_clock_tick (ctx, &clock, i + 1);
    }
  if (ok)
    dyno_phase_clock_stop (ctx, &clock, n);
  close (fd);
  unlinkat (run->scratch_fd, EXAMPLE_FILE, 0);
  return ok;
}

static const DynoPhaseOps example_ops = {
  .kind = "example",
  .total = total,
  .run = run_phase,
};

DYNO_PHASE_FILE (example, &example_ops);
