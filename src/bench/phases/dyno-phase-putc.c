/* dyno-phase-putc.c: Bonnie's per-char write: putc() or 1-byte write() calls, then fsync
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-phase-ops.h"

/* Per-char latency is timed per group of bytes, as bonnie++ does: one putc says nothing. */
#define PER_CHAR_GROUP 8192

static guint64
per_char_total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return run->per_char_size;
}

static gboolean
run_phase (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  const guint64 total = ctx->total;
  gboolean stdio = run->config->per_char == DYNO_PER_CHAR_STDIO;
  DynoByteSource src;
  DynoPhaseClock clock;
  FILE *file = NULL;
  int fd;

  dyno_byte_source_init (&src, run);
  if (!dyno_run_unlink_data (run, error))
    return FALSE;
  /* Per-char I/O cannot be O_DIRECT: a 1-byte O_DIRECT write fails (bonnie++ -D's bug). */
  fd = dyno_run_open_data (run, O_WRONLY | O_CREAT | O_EXCL, FALSE, error);
  if (fd < 0)
    return FALSE;
  if (stdio && (file = fdopen (fd, "w")) == NULL)
    {
      int saved = errno;

      close (fd);
      return dyno_run_errno_error (run, saved, error, _("opening the data file"));
    }
  /* Bonnie ran single-threaded, where glibc's putc skips its lock; holding the lock for the
   * whole phase gives the same per-byte cost in our threaded process. */
  if (file)
    flockfile (file);

  dyno_phase_clock_start (ctx, &clock);
  for (guint64 done = 0; done < total;)
    {
      guint64 group = MIN (PER_CHAR_GROUP, total - done);

      if (dyno_run_should_stop (run))
        {
          if (file)
            {
              funlockfile (file);
              fclose (file);
            }
          else
            close (fd);
          return dyno_run_stop_error (run, error);
        }
      if (stdio)
        {
          for (guint64 i = 0; i < group; i++)
            if (putc_unlocked (dyno_byte_source_get (&src, done + i), file) == EOF)
              {
                int saved = errno;

                funlockfile (file);
                fclose (file);
                return dyno_run_errno_error (run, saved, error, _("writing byte %llu"),
                                             (unsigned long long) (done + i));
              }
        }
      else
        {
          for (guint64 i = 0; i < group; i++)
            {
              guchar c = dyno_byte_source_get (&src, done + i);
              gssize n;

              do
                n = write (fd, &c, 1);
              while (n < 0 && errno == EINTR);
              if (n != 1)
                {
                  int saved = n < 0 ? errno : ENOSPC;

                  close (fd);
                  return dyno_run_errno_error (run, saved, error,
                                               _("writing byte %llu"), (unsigned long long) (done + i));
                }
            }
        }
      done += group;
      dyno_phase_clock_tick (ctx, &clock, done);
    }

  if (stdio)
    {
      gint64 t0 = dyno_now_ns ();

      funlockfile (file);
      if (fflush (file) != 0 || fsync (fileno (file)) != 0)
        {
          int saved = errno;

          fclose (file);
          return dyno_run_errno_error (run, saved, error, _("flushing the per-char file"));
        }
      if (fclose (file) != 0)
        return dyno_run_errno_error (run, errno, error, _("closing the per-char file"));
      ctx->run.flush_seconds = (dyno_now_ns () - t0) / 1e9;
    }
  else if (!dyno_run_flush_and_close (run, ctx, fd, _("per-char writes"), error))
    return FALSE;

  dyno_phase_clock_stop (ctx, &clock, total);
  run->data_size = total;
  return TRUE;
}

static const DynoPhaseOps putc_ops = {
  .kind = "putc",
  .total = per_char_total,
  .run = run_phase,
};

DYNO_PHASE_FILE (putc, &putc_ops);
