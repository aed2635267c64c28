/* dyno-data-file.c: the data file Bonnie's I/O phases share: written whole by the write
 * phase (or untimed for read phases without it), flushed, removed
 *
 * Each phase opens its file untimed, then times the loop, the flush and the close: the clock
 * stops only when the data is on the device (fsync), unlike Bonnie and bonnie++ 1.0x.
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

#include "dyno-parse.h"
#include "dyno-run-private.h"

gboolean
dyno_run_flush_and_close (DynoRun *run, DynoPhaseCtx *ctx, int fd, const char *what,
                          GError **error)
{
  gint64 t0 = dyno_now_ns ();

  if (fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      return dyno_run_errno_error (run, saved, error, _("fsync after %s"), what);
    }
  if (close (fd) != 0)
    return dyno_run_errno_error (run, errno, error, _("closing the file after %s"), what);
  if (ctx != NULL)
    ctx->run.flush_seconds = (dyno_now_ns () - t0) / 1e9;
  return TRUE;
}

gboolean
dyno_run_unlink_data (DynoRun *run, GError **error)
{
  if (unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0) != 0 && errno != ENOENT)
    return dyno_run_errno_error (run, errno, error, _("removing the previous data file"));
  run->data_size = 0;
  return TRUE;
}

void
dyno_byte_source_init (DynoByteSource *src, DynoRun *run)
{
  static const guchar bonnie[128] = {
    0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,  11,  12,  13,  14,  15,
    16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,
    32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46,  47,
    48,  49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63,
    64,  65,  66,  67,  68,  69,  70,  71,  72,  73,  74,  75,  76,  77,  78,  79,
    80,  81,  82,  83,  84,  85,  86,  87,  88,  89,  90,  91,  92,  93,  94,  95,
    96,  97,  98,  99,  100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
    112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127,
  };

  if (run->config->data == DYNO_DATA_ZEROS)
    {
      src->pool = bonnie;
      src->mask = G_N_ELEMENTS (bonnie) - 1;
    }
  else
    {
      src->pool = run->buffer;
      src->mask = run->config->chunk - 1;
    }
}

gboolean
dyno_run_write_data_file (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint64 chunk = run->config->chunk;
  const guint64 n_chunks = run->io_size / chunk;
  DynoPhaseClock clock;
  int fd;

  if (!dyno_run_unlink_data (run, error))
    return FALSE;
  fd = dyno_run_open_data (run, O_WRONLY | O_CREAT | O_EXCL, run->direct, error);
  if (fd < 0)
    return FALSE;

  dyno_phase_clock_start (ctx, &clock);
  for (guint64 i = 0; i < n_chunks; i++)
    {
      if (dyno_run_should_stop (run))
        {
          close (fd);
          return dyno_run_stop_error (run, error);
        }
      dyno_run_scramble (run, i);
      if (!dyno_run_write_all (run, fd, run->buffer, chunk, error))
        {
          g_autofree char *done = dyno_format_size (i * chunk);
          g_autofree char *size = dyno_format_size (run->io_size);

          close (fd);
          g_prefix_error (error, _("after %s of %s: "), done, size);
          return FALSE;
        }
      dyno_phase_clock_tick (ctx, &clock, (i + 1) * chunk);
    }

  if (!dyno_run_flush_and_close (run, ctx, fd, _("block writes"), error))
    return FALSE;
  dyno_phase_clock_stop (ctx, &clock, n_chunks * chunk);
  run->data_size = n_chunks * chunk;
  return TRUE;
}
