/* dyno-phase-queued.c: CrystalDiskMark's tests: T threads keeping Q I/Os in flight each
 *
 * The six queued kinds (seq-read, rnd-read, seq-write, rnd-write, seq-mix, rnd-mix) run here,
 * with their block size, queue depth Q, threads T and read share as parameters. They work on
 * a test file of their own (config->queue_size, 1 GiB by default as in CrystalDiskMark),
 * written once per target before the first of them, untimed, and kept until the target ends.
 *
 * I/O: O_DIRECT unless buffered I/O was asked for (or the file system has no O_DIRECT: then
 * buffered, evicted before each test, and said so). With io_uring, each of T threads drives
 * a ring of Q I/Os; without it, T × Q threads do one pread()/pwrite() at a time, which keeps
 * as many I/Os in flight at a higher CPU cost. At Q1 the automatic engine takes the second
 * way, which is then the cheaper one. The result records which. Each worker is kept
 * on one CPU, round-robin over those the process may use, as DiskSpd (CrystalDiskMark's
 * engine) does by default: one the scheduler moves between CPUs waits longer for each I/O.
 *
 * Every I/O takes a ticket from one counter: sequential tests read or write block after
 * block (all I/Os in flight are consecutive blocks), random ones go to a block-aligned offset
 * anywhere in the file. A test that lasts a phase time stops issuing at its deadline and
 * counts what completed; with phase time 0 it does one pass: the file's size in I/Os.
 * Writes stamp every 4 KiB of their buffer first, so no two written blocks are alike and a
 * compressing or deduplicating layer cannot flatter the figure; they end with fdatasync(),
 * which is timed.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dyno-option.h"
#include "dyno-error.h"
#include "dyno-parse.h"
#include "dyno-phase-ops.h"
#include "dyno-worker-group.h"
#include "platform/dyno-platform.h"
#include "platform/dyno-platform-ring.h"

/* The untimed preparation writes the test file in pieces of this size. */
#define PREPARE_PIECE (G_GUINT64_CONSTANT (4) << 20)
/* Completions reaped per wait, at most */
#define REAP_BATCH 64
/* The unit of the write stamp: what deduplication and compression work on. */
#define STAMP_UNIT 4096

typedef struct _QueuedShared QueuedShared;

typedef struct
{
  QueuedShared *shared;
  guint index;
  DynoPhaseCtx ctx;           /* the worker's own latency histogram, slot and figures */
  guint depth;                /* I/Os this worker keeps in flight */
  guchar **buffers;           /* one per I/O in flight */
  gint64 *submitted;          /* ns, per I/O in flight */
  guint8 *is_write;           /* per I/O in flight */
  DynoRandom random;
  guint64 stamp;              /* the next write stamp */
  guint64 bytes;
  guint64 ios;
  guint64 n_waits;            /* submit-and-wait calls, */
  guint64 n_submits;          /* submit-only calls, */
  guint64 in_kernel_sum;      /* and I/Os left in flight after each wait: for debugging */
  gboolean wrote;
  int cpu;                    /* the CPU the worker is kept on, -1: none */
  gint64 finished_ns;
  gint64 flush_ns;
} QueuedWorker;

struct _QueuedShared
{
  DynoRun *run;
  const DynoPhase *phase;
  gboolean use_ring;
  gboolean direct;
  guint64 block;
  guint64 n_blocks;
  guint read_percent;         /* 100: reads only, 0: writes only */
  gboolean sequential;
  int first_cpu;              /* where the workers' round-robin over the CPUs starts */
  DynoWorkerGroup group;      /* its tickets: "unlimited" for a timed test */
};

/* What the worker could not do fails the phase; the others stop at their next ticket. */
static void
worker_fail (QueuedWorker *worker, GError *error)
{
  dyno_worker_group_fail (&worker->shared->group, error);
}

static void
stamp_buffer (QueuedWorker *worker, guchar *buffer, guint64 offset)
{
  const guint64 block = worker->shared->block;
  guint64 stamp = worker->stamp++;

  if (worker->shared->run->config->data == DYNO_DATA_ZEROS)
    return;
  for (guint64 at = 0; at + 16 <= block; at += STAMP_UNIT)
    {
      guint64 words[2] = { stamp ^ ((guint64) worker->index << 48), offset + at };

      memcpy (buffer + at, words, sizeof words);
    }
}

/* The next I/O: FALSE when there are no more tickets. */
static gboolean
next_io (QueuedWorker *worker, guint64 *offset, gboolean *write)
{
  QueuedShared *shared = worker->shared;
  guint64 ticket;

  if (!dyno_worker_group_next_ticket (&shared->group, &ticket))
    return FALSE;
  if (shared->sequential)
    *offset = (ticket % shared->n_blocks) * shared->block;
  else
    *offset = dyno_random_below (&worker->random, shared->n_blocks) * shared->block;
  if (shared->read_percent >= 100)
    *write = FALSE;
  else if (shared->read_percent == 0)
    *write = TRUE;
  else
    *write = dyno_random_below (&worker->random, 100) >= shared->read_percent;
  return TRUE;
}

static gboolean
check_result (QueuedWorker *worker, gint64 result, gboolean write, guint64 offset, GError **error)
{
  QueuedShared *shared = worker->shared;
  DynoRun *run = shared->run;

  if (result == (gint64) shared->block)
    return TRUE;
  if (result < 0)
    return dyno_run_errno_error (run, (int) -result, error,
                                 write ? _("writing %s at byte %" PRIu64 " of the test file")
                                       : _("reading %s at byte %" PRIu64 " of the test file"),
                                 dyno_phase_get_short_title (shared->phase), offset);
  if (write)
    return dyno_run_errno_error (run, ENOSPC, error, _("writing the test file"));
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
               _("The test file ended at byte %" PRIu64 " of %" PRIu64
                 ": something else shortened it during the run"),
               offset + (guint64) result, run->config->queue_size);
  return FALSE;
}

/* Queues the next I/O into slot: FALSE when there are no more tickets. */
static gboolean
queue_next (QueuedWorker *worker, DynoIoRing *ring, guint slot, guint64 *offsets)
{
  QueuedShared *shared = worker->shared;
  gboolean write;

  if (!next_io (worker, &offsets[slot], &write))
    return FALSE;
  worker->is_write[slot] = write;
  if (write)
    stamp_buffer (worker, worker->buffers[slot], offsets[slot]);
  dyno_io_ring_queue (ring, write, worker->buffers[slot], slot, shared->block, offsets[slot], slot);
  return TRUE;
}

/* Hands what is queued to the kernel once it holds back as many I/Os as the kernel has.
 * Submitting the refills of a whole batch of completions in one call would hand the device
 * a whole queue at once (the block layer plugs a submission of three or more, and issues
 * them at its end): the device then idles while the ring is refilled, completes them all
 * together, and the queue goes on in bursts, each waiting for the last (docs/design.md has
 * the measurements). With this rule a device that ran dry gets its first
 * I/O at once, then 1, 2, 4, …; a busy one gets them in one call. The last of a batch goes
 * with the wait that follows it (one system call per I/O at Q1, none more). Returns -errno
 * when the ring broke. */
static int
submit_early (QueuedWorker *worker, DynoIoRing *ring, gboolean last)
{
  guint queued = dyno_io_ring_queued (ring);

  if (last || queued == 0 || queued < dyno_io_ring_pending (ring) - queued)
    return 0;
  worker->n_submits++;
  return dyno_io_ring_submit (ring);
}

/* Depth I/Os on the worker's ring. Returns with every I/O completed: the buffers are then
 * free. Latency: an I/O is stamped when its slot was taken back, the instant its predecessor
 * was reaped (fio's "lat" likewise starts when it prepares the I/O), so one clock read per
 * batch of completions stamps both their end and their successors' start. */
static void
run_ring (QueuedWorker *worker, DynoIoRing *ring)
{
  QueuedShared *shared = worker->shared;
  DynoRun *run = shared->run;
  g_autofree guint64 *offsets = g_new0 (guint64, worker->depth);
  DynoIoCompletion done[REAP_BATCH];
  GError *error = NULL;
  gboolean issuing = TRUE;
  gint64 now = dyno_now_ns ();
  int n = 0;

  for (guint slot = 0; slot < worker->depth && n >= 0; slot++)
    {
      worker->submitted[slot] = now;
      if (!queue_next (worker, ring, slot, offsets))
        {
          issuing = FALSE;
          break;
        }
      n = submit_early (worker, ring, slot + 1 == worker->depth);
    }

  while (n >= 0 && dyno_io_ring_pending (ring) > 0)
    {
      n = dyno_io_ring_submit_and_reap (ring, 1, done, G_N_ELEMENTS (done));
      if (n < 0)
        break;
      worker->n_waits++;
      worker->in_kernel_sum += dyno_io_ring_pending (ring);
      now = dyno_now_ns ();
      if (issuing && ((dyno_worker_group_past_deadline (&shared->group, now))
                      || dyno_run_should_stop (run)))
        issuing = FALSE;

      for (int i = 0; i < n; i++)
        {
          guint slot = (guint) done[i].tag;
          gboolean write = worker->is_write[slot];

          if (!check_result (worker, done[i].result, write, offsets[slot], &error))
            {
              worker_fail (worker, g_steal_pointer (&error));
              issuing = FALSE;
              continue;
            }
          dyno_histogram_record (worker->ctx.latency, now - worker->submitted[slot]);
          worker->bytes += shared->block;
          worker->ios++;
          worker->wrote |= write;
          worker->submitted[slot] = now;
          if (issuing && queue_next (worker, ring, slot, offsets))
            {
              int ret = submit_early (worker, ring, i + 1 == n);

              if (ret < 0)
                {
                  n = ret;
                  break;
                }
            }
          else
            issuing = FALSE;
        }
      dyno_progress_slot_set (worker->ctx.slot, worker->bytes);
    }

  /* G_MESSAGES_DEBUG=Dyno: how the queue was kept (tests/bench/qd-vs-fio shows it). */
  if (worker->n_waits > 0)
    {
      g_autofree char *how = dyno_io_ring_describe (ring);

      g_debug ("queued worker %u: %" G_GUINT64_FORMAT " I/Os, %.3f waits and %.3f early "
               "submits per I/O, %.1f reaped per wait, %.1f of %u still in flight then (%s, "
               "CPU %d)",
               worker->index, worker->ios, (double) worker->n_waits / MAX (worker->ios, 1),
               (double) worker->n_submits / MAX (worker->ios, 1),
               (double) worker->ios / worker->n_waits,
               (double) worker->in_kernel_sum / worker->n_waits, worker->depth, how,
               worker->cpu);
    }

  if (n < 0)
    {
      /* The ring broke: nothing more can be reaped, and the kernel still owns the buffers
       * of what is in flight. Leak them rather than free memory in use. */
      dyno_run_errno_error (run, -n, &error, _("waiting for queued I/O"));
      worker_fail (worker, error);
      worker->buffers = NULL;
    }
}

/* One I/O at a time with pread()/pwrite(): the fallback where there is no ring. */
static void
run_sync (QueuedWorker *worker, int fd)
{
  QueuedShared *shared = worker->shared;
  DynoRun *run = shared->run;
  guchar *buffer = worker->buffers[0];
  GError *error = NULL;
  guint64 offset;
  gboolean write;

  while (next_io (worker, &offset, &write))
    {
      gint64 start, end;
      gssize n;

      if (dyno_run_should_stop (run))
        break;
      if (write)
        stamp_buffer (worker, buffer, offset);
      start = dyno_now_ns ();
      if (dyno_worker_group_past_deadline (&shared->group, start))
        break;
      do
        n = write ? pwrite (fd, buffer, shared->block, (off_t) offset)
                  : pread (fd, buffer, shared->block, (off_t) offset);
      while (n < 0 && errno == EINTR);
      end = dyno_now_ns ();
      if (!check_result (worker, n < 0 ? -errno : n, write, offset, &error))
        {
          worker_fail (worker, error);
          return;
        }
      dyno_histogram_record (worker->ctx.latency, end - start);
      worker->bytes += shared->block;
      worker->ios++;
      worker->wrote |= write;
      dyno_progress_slot_set (worker->ctx.slot, worker->bytes);
    }
}

static int
open_test_file (DynoRun *run, int flags, gboolean direct, GError **error)
{
  int fd = openat (run->scratch_fd, DYNO_QUEUE_FILE,
                   flags | O_NOFOLLOW | O_CLOEXEC | (direct ? dyno_platform_direct_open_flag () : 0),
                   0600);

  if (fd < 0)
    {
      dyno_run_errno_error (run, errno, error, _("opening the test file"));
      return -1;
    }
  if (direct && dyno_platform_direct_open_flag () == 0 && !dyno_platform_set_direct (fd, error))
    {
      close (fd);
      return -1;
    }
  return fd;
}

static gpointer
worker_main (gpointer data)
{
  QueuedWorker *worker = data;
  QueuedShared *shared = worker->shared;
  DynoRun *run = shared->run;
  DynoIoRing *ring = NULL;
  GError *error = NULL;
  double cpu_started;
  int fd;

  worker->cpu = dyno_platform_pin_thread (shared->first_cpu, worker->index);
  dyno_sampler_register_thread (run->sampler, worker->ctx.slot);
  fd = open_test_file (run, shared->read_percent >= 100 ? O_RDONLY : O_RDWR, shared->direct, &error);
  /* The ring is this thread's, made here: the kernel then knows who reaps its completions.
   * Buffers it cannot register (a memory-lock limit) are used as they are. */
  if (fd >= 0 && shared->use_ring)
    {
      ring = dyno_io_ring_new (fd, worker->depth, &error);
      if (ring != NULL)
        dyno_io_ring_register_buffers (ring, worker->buffers, worker->depth, shared->block);
    }

  /* Everyone starts together: opening is not timed. */
  if (!dyno_worker_group_wait_start (&shared->group) || fd < 0 || error != NULL)
    {
      if (fd >= 0)
        close (fd);
      if (error != NULL)
        worker_fail (worker, error);
      goto out;
    }

  cpu_started = dyno_platform_thread_cpu_self ();
  if (shared->use_ring)
    run_ring (worker, ring);
  else
    run_sync (worker, fd);
  worker->finished_ns = dyno_now_ns ();

  /* Writes count once they are on the device: the flush is part of the test. */
  if (worker->wrote && !dyno_worker_group_failed (&shared->group))
    {
      int ret;

      do
        ret = fdatasync (fd);
      while (ret != 0 && errno == EINTR);
      if (ret != 0)
        {
          dyno_run_errno_error (run, errno, &error, _("flushing the test file"));
          worker_fail (worker, error);
        }
      worker->flush_ns = dyno_now_ns () - worker->finished_ns;
      worker->finished_ns += worker->flush_ns;
    }
  worker->ctx.run.cpu_seconds = dyno_platform_thread_cpu_self () - cpu_started;
  g_clear_pointer (&ring, dyno_io_ring_free);
  close (fd);

out:
  g_clear_pointer (&ring, dyno_io_ring_free);
  dyno_sampler_thread_done (run->sampler, worker->ctx.slot);
  return NULL;
}

/* io_uring is tried once per run; where it is refused the run goes on with threads. */
static gboolean
ring_available (DynoRun *run)
{
  if (run->ring_state < 0)
    {
      g_autoptr (GError) error = NULL;
      DynoIoRing *ring = dyno_io_ring_new (-1, 1, &error);

      run->ring_state = ring != NULL;
      dyno_io_ring_free (ring);
      if (ring == NULL)
        run->ring_error = g_strdup (error->message);
    }
  return run->ring_state > 0;
}

/* With the automatic engine a test at Q1 does one pread()/pwrite() at a time: with no queue to
 * keep, a synchronous call is the shorter way to the device, and a ring's submit and wait the
 * longer (RND4K Q1T1 write at ×0.5 of the synchronous calls' IOPS on the same machine, reads
 * alike; docs/design.md). --io-engine io_uring still uses the ring. */
static gboolean
use_ring (DynoRun *run, const DynoPhase *phase)
{
  if (run->config->io_engine == DYNO_IO_ENGINE_THREADS)
    return FALSE;
  if (run->config->io_engine == DYNO_IO_ENGINE_AUTO && phase->params.queue_depth == 1)
    return FALSE;
  return ring_available (run);
}

static guint64
queued_total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  /* A timed test shows its progress by time; one pass moves the file's size. */
  return run->phase_time > 0 ? 0 : run->config->queue_size / phase->params.block_size
                                       * phase->params.block_size;
}

static guint
queued_slots (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  const DynoPhaseParams *p = &phase->params;

  return use_ring (run, phase) ? p->threads : p->threads * p->queue_depth;
}

/* The test file, written once per target (untimed), of random data so that a compressing
 * file system stores all of it. */
static gboolean
write_test_file (DynoRun *run, GError **error)
{
  const guint64 size = run->config->queue_size;
  g_autofree guchar *piece = g_malloc (PREPARE_PIECE);
  int fd;

  dyno_run_message (run, DYNO_MESSAGE_INFO, _("Writing the test file for the queued tests (not timed)"));
  unlinkat (run->scratch_fd, DYNO_QUEUE_FILE, 0);
  run->queue_file_size = 0;
  fd = open_test_file (run, O_WRONLY | O_CREAT | O_EXCL, FALSE, error);
  if (fd < 0)
    return FALSE;
  for (guint64 done = 0; done < size;)
    {
      guint64 n = MIN (PREPARE_PIECE, size - done);

      if (dyno_run_should_stop (run))
        {
          close (fd);
          return dyno_run_stop_error (run, error);
        }
      if (run->config->data == DYNO_DATA_ZEROS)
        memset (piece, 0, n);
      else
        dyno_random_fill (&run->random, piece, n);
      if (!dyno_run_write_all (run, fd, piece, n, error))
        {
          close (fd);
          return FALSE;
        }
      done += n;
    }
  if (fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      return dyno_run_errno_error (run, saved, error, _("flushing the test file"));
    }
  close (fd);
  run->queue_file_size = size;
  return TRUE;
}

/* O_DIRECT was asked for (--queue-cache direct), not left as the queued tests' default. */
static gboolean
direct_asked (DynoRun *run)
{
  return run->config->queue_cache == DYNO_CACHE_DIRECT
         && dyno_config_option_is_given (run->config, "queue-cache");
}

/* Whether O_DIRECT works on this target, tried once per target. */
static gboolean
probe_direct (DynoRun *run, const DynoPhase *phase, GError **error)
{
  int fd;

  if (run->queue_direct < 0)
    {
      fd = openat (run->scratch_fd, DYNO_QUEUE_FILE,
                   O_RDONLY | O_NOFOLLOW | O_CLOEXEC | dyno_platform_direct_open_flag ());
      /* Falling back is for the queued tests' own default; a person who asked for
       * --queue-cache direct gets it or a refusal, as the other phases do. */
      if (fd < 0 && (errno == EINVAL || errno == EOPNOTSUPP) && direct_asked (run))
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       _("The file system at %s does not support direct I/O (O_DIRECT); use "
                         "the “evict” cache policy instead"),
                       run->target_path);
          return FALSE;
        }
      if (fd < 0 && (errno == EINVAL || errno == EOPNOTSUPP))
        {
          g_autofree char *message = g_strdup_printf (
              _("The file system at %s does not support direct I/O (O_DIRECT): the queued "
                "tests go through the page cache, evicted before each test"),
              run->target_path);

          run->queue_direct = 0;
          dyno_run_message (run, DYNO_MESSAGE_WARNING, message);
          g_ptr_array_add (run->target_result->warnings, g_steal_pointer (&message));
        }
      else if (fd < 0)
        return dyno_run_errno_error (run, errno, error, _("probing for direct I/O"));
      else
        {
          if (dyno_platform_direct_open_flag () == 0 && direct_asked (run)
              && !dyno_platform_set_direct (fd, error))
            {
              close (fd);
              return FALSE;
            }
          if (dyno_platform_direct_open_flag () == 0 && !dyno_platform_set_direct (fd, NULL))
            run->queue_direct = 0;
          else
            {
              run->queue_direct = 1;
              run->queue_direct_align = dyno_platform_direct_alignment (fd);
            }
          close (fd);
        }
    }
  if (run->queue_direct > 0 && phase->params.block_size % run->queue_direct_align != 0)
    {
      g_autofree char *block = dyno_format_size (phase->params.block_size);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                   _("Direct I/O on %s needs blocks that are a multiple of %lu bytes; “%s” "
                     "uses %s blocks"),
                   run->target_path, (unsigned long) run->queue_direct_align,
                   dyno_phase_get_key (phase), block);
      return FALSE;
    }
  return TRUE;
}

static gboolean
rest (DynoRun *run, double seconds, GError **error)
{
  gint64 until = dyno_now_ns () + (gint64) (seconds * 1e9);

  while (dyno_now_ns () < until)
    {
      if (dyno_run_should_stop (run))
        return dyno_run_stop_error (run, error);
      g_usleep (MIN (100000, (until - dyno_now_ns ()) / 1000 + 1));
    }
  return TRUE;
}

static gboolean
queued_prepare (DynoRun *run, const DynoPhase *phase, gconstpointer data, GError **error)
{
  const DynoConfig *config = run->config;

  if (config->io_engine == DYNO_IO_ENGINE_IO_URING && !ring_available (run))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                   _("%s; choose the “threads” or “auto” I/O engine"), run->ring_error);
      return FALSE;
    }
  /* Without io_uring each I/O in flight is a thread: the same cap as the threads engine's,
   * and the process limit, or q4096:t256 tried 1 Mi threads and aborted. */
  if (!use_ring (run, phase))
    {
      guint64 n = (guint64) phase->params.threads * phase->params.queue_depth;
      struct rlimit limit;

      if (n > DYNO_MAX_IO_THREADS)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       /* Translators: a queued test, the threads it would need, the cap */
                       _("“%s” would need %" PRIu64 " threads without io_uring (%s); "
                         "at most %u are allowed: lower its queue depth or threads"),
                       dyno_phase_get_key (phase), n,
                       run->ring_error != NULL ? run->ring_error : _("the threads engine"),
                       DYNO_MAX_IO_THREADS);
          return FALSE;
        }
      if (getrlimit (RLIMIT_NPROC, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
          && n >= (guint64) limit.rlim_cur)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       /* Translators: a queued test, the threads it would need, the limit */
                       _("“%s” would need %" PRIu64 " threads, and this user may run "
                         "%" PRIu64 " processes and threads (ulimit -u): lower its "
                         "queue depth or threads"),
                       dyno_phase_get_key (phase), n, (guint64) limit.rlim_cur);
          return FALSE;
        }
    }
  if (config->io_engine == DYNO_IO_ENGINE_AUTO && !ring_available (run) && !run->ring_warned)
    {
      g_autofree char *message = g_strdup_printf (
          _("%s: the queued tests keep their I/Os in flight with one thread each, which costs "
            "more CPU"),
          run->ring_error);

      run->ring_warned = TRUE;
      dyno_run_message (run, DYNO_MESSAGE_WARNING, message);
      g_ptr_array_add (run->target_result->warnings, g_steal_pointer (&message));
    }

  if (run->queue_file_size != config->queue_size && !write_test_file (run, error))
    return FALSE;
  if (config->queue_cache == DYNO_CACHE_DIRECT && !probe_direct (run, phase, error))
    return FALSE;

  /* Every test starts from a cold cache, reads and writes alike, direct ones too: a file
   * system may accept O_DIRECT and serve it from the page cache all the same (ext4's fscrypt
   * files without inline encryption fall back to buffered I/O silently: RND4K Q32T1 read at
   * 2545 MB/s under a 40 MiB/s throttle, from the pages the test file's writing left). */
  if (config->queue_cache != DYNO_CACHE_NONE)
    {
      int fd = open_test_file (run, O_RDONLY, FALSE, error);

      if (fd < 0)
        return FALSE;
      if (!dyno_platform_evict (fd, error))
        {
          close (fd);
          g_prefix_error (error, _("evicting the test file from the page cache: "));
          return FALSE;
        }
      close (fd);
      if (config->queue_cache == DYNO_CACHE_DROP && dyno_platform_can_drop_caches ())
        dyno_platform_drop_caches (NULL);
    }

  return config->interval <= 0 || rest (run, config->interval, error);
}

static gboolean
queued_run (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  const DynoPhase *phase = ctx->phase;
  const DynoPhaseParams *p = &phase->params;
  QueuedShared shared = { 0 };
  QueuedWorker *workers;
  GError *thread_error = NULL;
  GError *io_error;
  guint n;
  gint64 finished = 0, flush = 0;
  double cpu = 0;
  guint64 bytes = 0, ios = 0;
  gsize align = MAX (run->queue_direct_align, 4096);
  gboolean ok;

  shared.run = run;
  shared.phase = phase;
  shared.use_ring = use_ring (run, phase);
  shared.direct = run->config->queue_cache == DYNO_CACHE_DIRECT && run->queue_direct > 0;
  shared.block = p->block_size;
  shared.n_blocks = run->config->queue_size / p->block_size;
  shared.sequential = g_strcmp0 (phase->kind->pattern, "seq") == 0;
  shared.first_cpu = dyno_platform_current_cpu ();
  if (g_strcmp0 (phase->kind->op, "read") == 0)
    shared.read_percent = 100;
  else if (g_strcmp0 (phase->kind->op, "write") == 0)
    shared.read_percent = 0;
  else
    shared.read_percent = p->read_percent;
  n = shared.use_ring ? p->threads : p->threads * p->queue_depth;
  dyno_worker_group_init (&shared.group, n, run->phase_time > 0 ? G_MAXUINT64 / 2 : shared.n_blocks);
  workers = g_new0 (QueuedWorker, n);
  for (guint i = 0; i < n; i++)
    {
      QueuedWorker *w = &workers[i];

      w->shared = &shared;
      w->index = i;
      w->depth = shared.use_ring ? p->queue_depth : 1;
      w->ctx.phase = phase;
      w->ctx.slot = &ctx->slot[i];
      w->ctx.latency = dyno_histogram_new ();
      dyno_phase_run_init (&w->ctx.run);
      dyno_random_seed (&w->random, run->seed ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (i + 1))
                                        ^ ((guint64) run->repeat << 32)
                                        ^ g_str_hash (dyno_phase_get_key (phase)));
      w->stamp = dyno_random_next (&w->random);
      w->buffers = g_new0 (guchar *, w->depth);
      w->submitted = g_new0 (gint64, w->depth);
      w->is_write = g_new0 (guint8, w->depth);
      for (guint b = 0; b < w->depth; b++)
        {
          void *buffer = NULL;

          if (posix_memalign (&buffer, align, shared.block) != 0)
            {
              /* The pre-flight check bounds the buffers; a limit it could not see (a cgroup's
               * memory) fails the phase, not the process. */
              if (thread_error == NULL)
                g_set_error (&thread_error, DYNO_ERROR, DYNO_ERROR_NO_SPACE,
                             _("out of memory for the I/O buffers"));
              continue;
            }
          if (run->config->data == DYNO_DATA_ZEROS)
            memset (buffer, 0, shared.block);
          else
            dyno_random_fill (&w->random, buffer, shared.block);
          w->buffers[b] = buffer;
        }
    }

  /* A thread that cannot start (a thread or memory limit) fails the phase, not the process. */
  if (thread_error == NULL)
    dyno_worker_group_start (&shared.group, "dyno-queued", worker_main, workers,
                             sizeof (QueuedWorker), run->phase_time, &thread_error);
  dyno_worker_group_join (&shared.group);
  io_error = dyno_worker_group_steal_error (&shared.group);

  for (guint i = 0; i < n; i++)
    {
      QueuedWorker *w = &workers[i];

      finished = MAX (finished, w->finished_ns);
      flush = MAX (flush, w->flush_ns);
      if (!isnan (w->ctx.run.cpu_seconds))
        cpu += w->ctx.run.cpu_seconds;
      bytes += w->bytes;
      ios += w->ios;
      dyno_histogram_merge (ctx->latency, w->ctx.latency);
      dyno_histogram_free (w->ctx.latency);
      /* NULL when a broken ring kept them (run_ring) */
      for (guint b = 0; w->buffers != NULL && b < w->depth; b++)
        free (w->buffers[b]);
      g_free (w->buffers);
      g_free (w->submitted);
      g_free (w->is_write);
    }
  g_free (workers);

  if (thread_error != NULL)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
                   _("Could not start I/O thread %u of %u: %s"),
                   shared.group.started_threads + 1, n, thread_error->message);
      g_error_free (thread_error);
      g_clear_error (&io_error);
      ok = FALSE;
    }
  else if (io_error != NULL)
    {
      g_propagate_error (error, io_error);
      ok = FALSE;
    }
  else if (dyno_run_should_stop (run))
    {
      dyno_run_stop_error (run, error);
      ok = FALSE;
    }
  else
    {
      ctx->run.elapsed = (finished - shared.group.started_ns) / 1e9;
      ctx->run.flush_seconds = flush / 1e9;
      ctx->run.cpu_seconds = cpu;
      ctx->run.amount = bytes;
      ctx->run.ios = ios;
      ctx->run.threads = n;
      ctx->run.engine = shared.use_ring ? dyno_io_ring_engine_name () : "threads";
      ctx->run.direct = shared.direct ? 1 : 0;
      ok = TRUE;
    }
  dyno_worker_group_clear (&shared.group);
  return ok;
}

/* One set of functions for the six kinds: the phase's kind and parameters say what to do. */
static const DynoPhaseOps seq_read_ops = {
  .kind = "seq-read", .total = queued_total, .n_slots = queued_slots,
  .prepare = queued_prepare, .run = queued_run,
};
static const DynoPhaseOps rnd_read_ops = {
  .kind = "rnd-read", .total = queued_total, .n_slots = queued_slots,
  .prepare = queued_prepare, .run = queued_run,
};
static const DynoPhaseOps seq_write_ops = {
  .kind = "seq-write", .total = queued_total, .n_slots = queued_slots,
  .prepare = queued_prepare, .run = queued_run,
};
static const DynoPhaseOps rnd_write_ops = {
  .kind = "rnd-write", .total = queued_total, .n_slots = queued_slots,
  .prepare = queued_prepare, .run = queued_run,
};
static const DynoPhaseOps seq_mix_ops = {
  .kind = "seq-mix", .total = queued_total, .n_slots = queued_slots,
  .prepare = queued_prepare, .run = queued_run,
};
static const DynoPhaseOps rnd_mix_ops = {
  .kind = "rnd-mix", .total = queued_total, .n_slots = queued_slots,
  .prepare = queued_prepare, .run = queued_run,
};

DYNO_PHASE_FILE (queued, &seq_read_ops, &rnd_read_ops, &seq_write_ops, &rnd_write_ops,
                 &seq_mix_ops, &rnd_mix_ops);
