/* dyno-phase-seeks.c: random seeks by several threads, as bonnie++ 1.9x and 2.00 do them
 *
 * Each seeker opens its own descriptor, takes tickets from a shared counter until the total
 * is reached (or, for a phase that lasts a set time, until its deadline), and for each ticket
 * seeks to a random chunk and reads it; every tenth ticket
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

#include "dyno-option.h"
#include "dyno-error.h"
#include "dyno-phase-ops.h"
#include "dyno-worker-group.h"

#define UPDATE_EVERY 10

typedef struct
{
  DynoRun *run;
  guint64 n_chunks;
  DynoWorkerGroup group;
} SeekShared;

typedef struct
{
  SeekShared *shared;
  guint index;
  DynoPhaseCtx ctx;   /* the seeker's own latency, slot and figures */
  guchar *buffer;
  gint64 finished_ns;
  guint64 done;
} Seeker;

static void
seeker_fail (Seeker *seeker, GError *error)
{
  dyno_worker_group_fail (&seeker->shared->group, error);
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
  DynoPhaseClock clock;
  int fd;

  dyno_random_seed (&random, run->seed ^ (G_GUINT64_CONSTANT (0x5eec) + seeker->index));
  fd = dyno_run_open_data (run, O_RDWR, run->direct, &error);
  dyno_sampler_register_thread (run->sampler, seeker->ctx.slot);

  /* Opening is not timed: everyone starts together, like bonnie++'s first ticket. */
  if (!dyno_worker_group_wait_start (&shared->group))
    {
      /* Another seeker could not be started: the phase fails without running. */
      if (fd >= 0)
        close (fd);
      g_clear_error (&error);
      goto out;
    }
  if (fd < 0)
    {
      seeker_fail (seeker, error);
      goto out;
    }

  dyno_phase_clock_start (&seeker->ctx, &clock);
  for (;;)
    {
      guint64 ticket;
      guint64 where;
      gssize n;

      if (!dyno_worker_group_next_ticket (&shared->group, &ticket))
        break;
      /* Reading the clock per seek costs nanoseconds against a seek's microseconds. */
      if (dyno_worker_group_past_deadline (&shared->group, dyno_now_ns ()))
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
          if (n >= 0)
            dyno_run_short_file_error (run, where + n, run->io_size, &error);
          else
            dyno_run_errno_error (run, errno, &error, _("reading after a seek"));
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
      seeker->done++;
      dyno_phase_clock_tick (&seeker->ctx, &clock, seeker->done);
    }

  /* The updates are writes: they count only once they are on the device. */
  if (fd >= 0)
    {
      if (fsync (fd) != 0 && !dyno_worker_group_failed (&shared->group))
        {
          dyno_run_errno_error (run, errno, &error, _("fsync after seeks"));
          seeker_fail (seeker, error);
        }
      close (fd);
    }
  seeker->finished_ns = dyno_now_ns ();
  dyno_phase_clock_stop (&seeker->ctx, &clock, seeker->done);

out:
  dyno_sampler_thread_done (run->sampler, seeker->ctx.slot);
  return NULL;
}

/* 0 when the phase lasts a set time instead: the runner then shows progress by time. */
static guint64
total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return dyno_run_get_count (run, phase);
}

static guint
n_slots (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return dyno_config_get_uint (run->config, "seekers");
}

static gboolean
run_phase (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  const guint n = dyno_config_get_uint (run->config, "seekers");
  const guint64 count = dyno_run_get_count (run, ctx->phase);
  g_autofree Seeker *seekers = g_new0 (Seeker, n);
  SeekShared shared = { 0 };
  GError *thread_error = NULL;
  GError *seek_error;
  gint64 finished = 0;
  double cpu = 0;
  guint64 done = 0;
  gboolean ok;

  shared.run = run;
  shared.n_chunks = run->io_size / run->config->chunk;
  /* No count of seeks: they go on until the phase time is up. */
  dyno_worker_group_init (&shared.group, n, count > 0 ? count : G_MAXUINT64 / 2);

  for (guint i = 0; i < n; i++)
    {
      Seeker *s = &seekers[i];
      void *buffer = NULL;

      s->shared = &shared;
      s->index = i;
      s->ctx.phase = ctx->phase;
      s->ctx.slot = &ctx->slot[i];
      s->ctx.latency = dyno_histogram_new ();
      dyno_phase_run_init (&s->ctx.run);
      if (posix_memalign (&buffer, MAX (run->direct_align, 4096), run->config->chunk) != 0)
        g_error ("out of memory for a %" G_GUINT64_FORMAT "-byte buffer", run->config->chunk);
      s->buffer = buffer;
      dyno_random_fill (&run->random, s->buffer, run->config->chunk);
    }
  /* A thread that cannot start (a thread or memory limit) fails the phase, not the process. */
  dyno_worker_group_start (&shared.group, "dyno-seeker", seeker_main, seekers, sizeof (Seeker),
                           count == 0 ? run->phase_time : 0, &thread_error);
  dyno_worker_group_join (&shared.group);
  seek_error = dyno_worker_group_steal_error (&shared.group);

  for (guint i = 0; i < n; i++)
    {
      finished = MAX (finished, seekers[i].finished_ns);
      cpu += seekers[i].ctx.run.cpu_seconds;
      done += seekers[i].done;
      dyno_histogram_merge (ctx->latency, seekers[i].ctx.latency);
      dyno_histogram_free (seekers[i].ctx.latency);
      free (seekers[i].buffer);
    }

  if (thread_error != NULL)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
                   _("Could not start seeker thread %u of %u: %s"),
                   shared.group.started_threads + 1, n, thread_error->message);
      g_error_free (thread_error);
      g_clear_error (&seek_error);
      ok = FALSE;
    }
  else if (seek_error != NULL)
    {
      g_propagate_error (error, seek_error);
      ok = FALSE;
    }
  else
    {
      ctx->run.elapsed = (finished - shared.group.started_ns) / 1e9;
      ctx->run.cpu_seconds = cpu;
      ctx->run.amount = done;
      ctx->run.threads = n;
      ok = TRUE;
    }
  dyno_worker_group_clear (&shared.group);
  return ok;
}

static const DynoPhaseOps seeks_ops = {
  .kind = "seeks",
  .total = total,
  .n_slots = n_slots,
  .run = run_phase,
};

DYNO_PHASE_FILE (seeks, &seeks_ops);
