/* dyno-phase-read.c: Bonnie's block read of the whole data file
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

  fd = dyno_run_open_data (run, O_RDONLY, run->direct, error);
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
          return dyno_run_errno_error (run, saved, error,
                                       _("reading block %llu"), (unsigned long long) i);
        }
      dyno_phase_clock_tick (ctx, &clock, (i + 1) * chunk);
    }
  close (fd);
  dyno_phase_clock_stop (ctx, &clock, n_chunks * chunk);
  return TRUE;
}

static const DynoPhaseOps read_ops = {
  .kind = "read",
  .total = data_total,
  .run = run_phase,
};

DYNO_PHASE_FILE (read, &read_ops);
