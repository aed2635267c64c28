/* dyno-io-phases.c: per-char and block writes and reads, rewrite
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
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-parse.h"
#include "dyno-run-private.h"
#include "platform/dyno-platform.h"

/* Per-char latency is timed per group of bytes, as bonnie++ does: one putc says nothing. */
#define PER_CHAR_GROUP 8192

typedef struct
{
  gint64 started;
  double cpu_started;
} PhaseClock;

static void
clock_start (PhaseClock *clock)
{
  clock->cpu_started = dyno_platform_thread_cpu_self ();
  clock->started = dyno_now_ns ();
}

static void
clock_stop (DynoPhaseCtx *ctx, const PhaseClock *clock, guint64 amount)
{
  gint64 stopped = dyno_now_ns ();

  ctx->run.elapsed = (stopped - clock->started) / 1e9;
  ctx->run.cpu_seconds = dyno_platform_thread_cpu_self () - clock->cpu_started;
  ctx->run.amount = amount;
  ctx->run.threads = 1;
}

static gboolean
flush_and_close (DynoRun *run, DynoPhaseCtx *ctx, int fd, const char *what, GError **error)
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
  ctx->run.flush_seconds = (dyno_now_ns () - t0) / 1e9;
  return TRUE;
}

static gboolean
unlink_data (DynoRun *run, GError **error)
{
  if (unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0) != 0 && errno != ENOENT)
    return dyno_run_errno_error (run, errno, error, _("removing the previous data file"));
  run->data_size = 0;
  return TRUE;
}

/* Bonnie's per-char byte is index & 0x7f; random mode cycles through the random buffer.
 * The chunk is a power of two, so the mask is the cheap modulo this inner loop needs. */
typedef struct
{
  const guchar *pool;
  guint64 mask;
} ByteSource;

static void
byte_source_init (ByteSource *src, DynoRun *run)
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

static inline guchar
per_char_byte (const ByteSource *src, guint64 i)
{
  return src->pool[i & src->mask];
}

gboolean
dyno_phase_putc (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint64 total = ctx->total;
  gboolean stdio = run->config->per_char == DYNO_PER_CHAR_STDIO;
  ByteSource src;
  PhaseClock clock;
  FILE *file = NULL;
  gint64 last;
  int fd;

  byte_source_init (&src, run);
  if (!unlink_data (run, error))
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

  clock_start (&clock);
  last = clock.started;
  for (guint64 done = 0; done < total;)
    {
      guint64 group = MIN (PER_CHAR_GROUP, total - done);
      gint64 now;

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
            if (putc_unlocked (per_char_byte (&src, done + i), file) == EOF)
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
              guchar c = per_char_byte (&src, done + i);
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
      now = dyno_now_ns ();
      dyno_histogram_record (ctx->latency, now - last);
      last = now;
      dyno_progress_slot_set (ctx->slot, done);
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
  else if (!flush_and_close (run, ctx, fd, _("per-char writes"), error))
    return FALSE;

  clock_stop (ctx, &clock, total);
  run->data_size = total;
  return TRUE;
}

static gboolean
write_file (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint64 chunk = run->config->chunk;
  const guint64 n_chunks = run->io_size / chunk;
  PhaseClock clock;
  gint64 last;
  int fd;

  if (!unlink_data (run, error))
    return FALSE;
  fd = dyno_run_open_data (run, O_WRONLY | O_CREAT | O_EXCL, run->direct, error);
  if (fd < 0)
    return FALSE;

  clock_start (&clock);
  last = clock.started;
  for (guint64 i = 0; i < n_chunks; i++)
    {
      gint64 now;

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
      if (ctx != NULL)
        {
          now = dyno_now_ns ();
          dyno_histogram_record (ctx->latency, now - last);
          last = now;
          dyno_progress_slot_set (ctx->slot, (i + 1) * chunk);
        }
    }

  if (ctx != NULL)
    {
      if (!flush_and_close (run, ctx, fd, _("block writes"), error))
        return FALSE;
      clock_stop (ctx, &clock, n_chunks * chunk);
    }
  else
    {
      if (fsync (fd) != 0)
        {
          int saved = errno;

          close (fd);
          return dyno_run_errno_error (run, saved, error, _("fsync of the data file"));
        }
      close (fd);
    }
  run->data_size = n_chunks * chunk;
  return TRUE;
}

gboolean
dyno_phase_write (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  return write_file (run, ctx, error);
}

gboolean
dyno_prepare_data_file (DynoRun *run, GError **error)
{
  return write_file (run, NULL, error);
}

gboolean
dyno_phase_rewrite (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint64 chunk = run->config->chunk;
  const guint64 n_chunks = run->io_size / chunk;
  PhaseClock clock;
  gint64 last;
  int fd;

  fd = dyno_run_open_data (run, O_RDWR, run->direct, error);
  if (fd < 0)
    return FALSE;

  clock_start (&clock);
  last = clock.started;
  for (guint64 i = 0; i < n_chunks; i++)
    {
      gssize n;
      gint64 now;

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
      now = dyno_now_ns ();
      dyno_histogram_record (ctx->latency, now - last);
      last = now;
      dyno_progress_slot_set (ctx->slot, (i + 1) * chunk);
    }

  if (!flush_and_close (run, ctx, fd, _("rewriting"), error))
    return FALSE;
  clock_stop (ctx, &clock, n_chunks * chunk);
  return TRUE;
}

gboolean
dyno_phase_getc (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint64 total = ctx->total;
  gboolean stdio = run->config->per_char == DYNO_PER_CHAR_STDIO;
  guint64 histogram[256] = { 0 };
  gboolean short_read = FALSE; /* the last read(2) returned 0: end of file */
  PhaseClock clock;
  FILE *file = NULL;
  gint64 last;
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

  clock_start (&clock);
  last = clock.started;
  for (guint64 done = 0; done < total;)
    {
      guint64 group = MIN (PER_CHAR_GROUP, total - done);
      gint64 now;

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
      now = dyno_now_ns ();
      dyno_histogram_record (ctx->latency, now - last);
      last = now;
      dyno_progress_slot_set (ctx->slot, done);
    }

  if (file)
    {
      funlockfile (file);
      fclose (file);
    }
  else
    close (fd);
  clock_stop (ctx, &clock, total);
  {
    guint64 sum = 0;

    for (guint i = 0; i < 256; i++)
      sum += histogram[i];
    g_assert (sum == total);
  }
  return TRUE;
}

gboolean
dyno_phase_read (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint64 chunk = run->config->chunk;
  const guint64 n_chunks = run->io_size / chunk;
  PhaseClock clock;
  gint64 last;
  int fd;

  fd = dyno_run_open_data (run, O_RDONLY, run->direct, error);
  if (fd < 0)
    return FALSE;

  clock_start (&clock);
  last = clock.started;
  for (guint64 i = 0; i < n_chunks; i++)
    {
      gssize n;
      gint64 now;

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
      now = dyno_now_ns ();
      dyno_histogram_record (ctx->latency, now - last);
      last = now;
      dyno_progress_slot_set (ctx->slot, (i + 1) * chunk);
    }
  close (fd);
  clock_stop (ctx, &clock, n_chunks * chunk);
  return TRUE;
}
