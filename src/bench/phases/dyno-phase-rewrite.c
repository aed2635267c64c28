/* dyno-phase-rewrite.c: Bonnie's rewrite: read a block, dirty it, write it back in place
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "dyno-phase-ops.h"

static guint64
data_total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return run->io_size;
}

static gboolean
run_phase (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  const guint64 chunk = run->config->chunk;
  const guint64 n_chunks = run->io_size / chunk;
  DynoPhaseClock clock;
  int fd;

  fd = dyno_run_open_data (run, O_RDWR, run->direct, error);
  if (fd < 0)
    return FALSE;

  dyno_phase_clock_start (ctx, &clock);
  for (guint64 i = 0; i < n_chunks; i++)
    {
      gssize n;

      if (dyno_run_should_stop (run))
        {
          close (fd);
          return dyno_run_stop_error (run, error);
        }
      n = dyno_run_read_full (fd, run->buffer, chunk);
      if (n != (gssize) chunk)
        {
          int saved = errno;

          close (fd);
          if (n >= 0)
            return dyno_run_short_file_error (run, i * chunk + n, run->io_size, error);
          return dyno_run_errno_error (run, saved, error, _("reading block %llu to rewrite it"),
                                       (unsigned long long) i);
        }
      /* Dirty the block so the write is a real change, as Bonnie does. */
      run->buffer[i % chunk]++;
      if (lseek (fd, -(off_t) chunk, SEEK_CUR) < 0)
        {
          int saved = errno;

          close (fd);
          return dyno_run_errno_error (run, saved, error, _("seeking back to rewrite"));
        }
      if (!dyno_run_write_all (run, fd, run->buffer, chunk, error))
        {
          close (fd);
          return FALSE;
        }
      dyno_phase_clock_tick (ctx, &clock, (i + 1) * chunk);
    }

  if (!dyno_run_flush_and_close (run, ctx, fd, _("rewriting"), error))
    return FALSE;
  dyno_phase_clock_stop (ctx, &clock, n_chunks * chunk);
  return TRUE;
}

static const DynoPhaseOps rewrite_ops = {
  .kind = "rewrite",
  .total = data_total,
  .run = run_phase,
};

DYNO_PHASE_FILE (rewrite, &rewrite_ops);
