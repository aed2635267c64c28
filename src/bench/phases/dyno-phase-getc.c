/* dyno-phase-getc.c: Bonnie's per-char read: getc() or 1-byte read() calls
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
  guint64 histogram[256] = { 0 };
  gboolean short_read = FALSE; /* the last read(2) returned 0: end of file */
  DynoPhaseClock clock;
  FILE *file = NULL;
  int fd;

  fd = dyno_run_open_data (run, O_RDONLY, FALSE, error);
  if (fd < 0)
    return FALSE;
  if (stdio && (file = fdopen (fd, "r")) == NULL)
    {
      int saved = errno;

      close (fd);
      return dyno_run_errno_error (run, saved, error, _("opening the data file"));
    }
  if (file)
    flockfile (file); /* see dyno_phase_putc() */

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
      for (guint64 i = 0; i < group; i++)
        {
          int c;

          if (stdio)
            c = getc_unlocked (file);
          else
            {
              guchar byte;
              gssize n;

              do
                n = read (fd, &byte, 1);
              while (n < 0 && errno == EINTR);
              c = n == 1 ? byte : EOF;
              short_read = n == 0;
            }
          if (c == EOF)
            {
              gboolean at_end = file != NULL ? !ferror (file) : short_read;
              int saved = errno ? errno : EIO;

              if (file)
                {
                  funlockfile (file);
                  fclose (file);
                }
              else
                close (fd);
              if (at_end)
                return dyno_run_short_file_error (run, done + i, total, error);
              return dyno_run_errno_error (run, saved, error,
                                           _("reading byte %llu"), (unsigned long long) (done + i));
            }
          /* Counting the bytes keeps the compiler from optimising the reads away. */
          histogram[c]++;
        }
      done += group;
      dyno_phase_clock_tick (ctx, &clock, done);
    }

  if (file)
    {
      funlockfile (file);
      fclose (file);
    }
  else
    close (fd);
  dyno_phase_clock_stop (ctx, &clock, total);
  {
    guint64 sum = 0;

    for (guint i = 0; i < 256; i++)
      sum += histogram[i];
    g_assert (sum == total);
  }
  return TRUE;
}

static const DynoPhaseOps getc_ops = {
  .kind = "getc",
  .total = per_char_total,
  .run = run_phase,
};

DYNO_PHASE_FILE (getc, &getc_ops);
