/* dyno-seek-phase.c: random seeks by several threads, as bonnie++ 1.9x and 2.00 do them
 *
 * Each seeker opens its own descriptor, takes tickets from a shared counter until the total
 * is reached, and for each ticket seeks to a random chunk and reads it; every tenth ticket
 * also dirties the chunk and writes it back. CPU is the sum of the seekers' own thread
 * times, not N copies of the process's time (bonnie++ 2.00's over-count).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <unistd.h>

#include "dyno-run-private.h"
#include "platform/dyno-platform.h"

#define UPDATE_EVERY 10

typedef struct _SeekShared SeekShared;

typedef struct
{
  SeekShared *shared;
  guint index;
  GThread *thread;
  DynoProgressSlot *slot;
  DynoHistogram *latency;
  guchar *buffer;
  gint64 finished_ns;
  double cpu_seconds;
  guint64 done;
} Seeker;

struct _SeekShared
{
  DynoRun *run;
  guint64 n_chunks;
  atomic_uint_least64_t next_ticket;
  guint64 total;

  GMutex lock;
  GCond cond;
  guint ready;
  gboolean go;
  gboolean abort;
  GError *error;
};

static void
seeker_fail (Seeker *seeker, GError *error)
{
  SeekShared *shared = seeker->shared;

  g_mutex_lock (&shared->lock);
  if (shared->error == NULL)
    shared->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&shared->lock);
  /* Make the other seekers stop at their next ticket. */
  atomic_store (&shared->next_ticket, shared->total);
}

static gpointer
seeker_main (gpointer data)
{
  Seeker *seeker = data;
  SeekShared *shared = seeker->shared;
  DynoRun *run = shared->run;
  const guint64 chunk = run->config->chunk;
  GError *error = NULL;
  DynoRandom random;
  double cpu_started;
  gint64 last;
  int fd;

  dyno_random_seed (&random, run->seed ^ (G_GUINT64_CONSTANT (0x5eec) + seeker->index));
  fd = dyno_run_open_data (run, O_RDWR, run->direct, &error);
  dyno_sampler_register_thread (run->sampler, seeker->slot);

  /* Opening is not timed: everyone starts together, like bonnie++'s first ticket. */
  g_mutex_lock (&shared->lock);
  shared->ready++;
  g_cond_broadcast (&shared->cond);
  while (!shared->go && !shared->abort)
    g_cond_wait (&shared->cond, &shared->lock);
  g_mutex_unlock (&shared->lock);

  if (fd < 0)
    {
      seeker_fail (seeker, error);
      goto out;
    }

  cpu_started = dyno_platform_thread_cpu_self ();
  last = dyno_now_ns ();
  for (;;)
    {
      guint64 ticket = atomic_fetch_add (&shared->next_ticket, 1);
      guint64 where;
      gssize n;
      gint64 now;

      if (ticket >= shared->total)
        break;
      if (dyno_run_should_stop (run))
        {
          dyno_run_stop_error (run, &error);
          seeker_fail (seeker, error);
          break;
        }

      where = dyno_random_below (&random, shared->n_chunks) * chunk;
      if (lseek (fd, (off_t) where, SEEK_SET) < 0)
        {
          dyno_run_errno_error (run, errno, &error, _("seeking"));
          seeker_fail (seeker, error);
          break;
        }
      n = dyno_run_read_full (fd, seeker->buffer, chunk);
      if (n != (gssize) chunk)
        {
          dyno_run_errno_error (run, n < 0 ? errno : EIO, &error, _("reading after a seek"));
          seeker_fail (seeker, error);
          break;
        }
      if (ticket % UPDATE_EVERY == 0)
        {
          seeker->buffer[where % chunk]--;
          if (lseek (fd, (off_t) where, SEEK_SET) < 0
              || !dyno_run_write_all (run, fd, seeker->buffer, chunk, &error))
            {
              if (error == NULL)
                dyno_run_errno_error (run, errno, &error, _("seeking back to update"));
              seeker_fail (seeker, error);
              break;
            }
        }
      now = dyno_now_ns ();
      dyno_histogram_record (seeker->latency, now - last);
      last = now;
      seeker->done++;
      dyno_progress_slot_set (seeker->slot, seeker->done);
    }

  /* The updates are writes: they count only once they are on the device. */
  if (fd >= 0)
    {
      if (fsync (fd) != 0 && shared->error == NULL)
        {
          dyno_run_errno_error (run, errno, &error, _("fsync after seeks"));
          seeker_fail (seeker, error);
        }
      close (fd);
    }
  seeker->finished_ns = dyno_now_ns ();
  seeker->cpu_seconds = dyno_platform_thread_cpu_self () - cpu_started;

out:
  dyno_sampler_thread_done (run->sampler, seeker->slot);
  return NULL;
}

gboolean
dyno_phase_seeks (DynoRun *run, DynoPhaseCtx *ctx, GError **error)
{
  const guint n = run->config->seekers;
  g_autofree Seeker *seekers = g_new0 (Seeker, n);
  SeekShared shared = { 0 };
  gint64 started;
  gint64 finished = 0;
  double cpu = 0;
  guint64 done = 0;
  gboolean ok;

  shared.run = run;
  shared.n_chunks = run->io_size / run->config->chunk;
  shared.total = ctx->total;
  atomic_init (&shared.next_ticket, 0);
  g_mutex_init (&shared.lock);
  g_cond_init (&shared.cond);

  for (guint i = 0; i < n; i++)
    {
      Seeker *s = &seekers[i];
      void *buffer = NULL;

      s->shared = &shared;
      s->index = i;
      s->slot = &ctx->slot[i];
      s->latency = dyno_histogram_new ();
      if (posix_memalign (&buffer, MAX (run->direct_align, 4096), run->config->chunk) != 0)
        g_error ("out of memory for a %" G_GUINT64_FORMAT "-byte buffer", run->config->chunk);
      s->buffer = buffer;
      dyno_random_fill (&run->random, s->buffer, run->config->chunk);
    }
  for (guint i = 0; i < n; i++)
    seekers[i].thread = g_thread_new ("dyno-seeker", seeker_main, &seekers[i]);

  g_mutex_lock (&shared.lock);
  while (shared.ready < n)
    g_cond_wait (&shared.cond, &shared.lock);
  started = dyno_now_ns ();
  shared.go = TRUE;
  g_cond_broadcast (&shared.cond);
  g_mutex_unlock (&shared.lock);

  for (guint i = 0; i < n; i++)
    {
      g_thread_join (seekers[i].thread);
      finished = MAX (finished, seekers[i].finished_ns);
      cpu += seekers[i].cpu_seconds;
      done += seekers[i].done;
      dyno_histogram_merge (ctx->latency, seekers[i].latency);
      dyno_histogram_free (seekers[i].latency);
      free (seekers[i].buffer);
    }

  ok = shared.error == NULL;
  if (!ok)
    g_propagate_error (error, shared.error);
  else
    {
      ctx->run.elapsed = (finished - started) / 1e9;
      ctx->run.cpu_seconds = cpu;
      ctx->run.amount = done;
      ctx->run.threads = n;
    }
  g_mutex_clear (&shared.lock);
  g_cond_clear (&shared.cond);
  return ok;
}
