/* dyno-fill.c: the fill test's runner
 *
 * One file, `data`, in a scratch folder of its own (dyno-scratch.c: the marker, the stale
 * folders of dead runs removed first), written sequentially from its first byte. The first
 * seconds of the fill are its calibration: their rate gives the estimate of the whole fill's
 * time and the sampling interval. They are part of the curve, not a separate write, because a
 * separate calibration write would spend part of a drive's fast cache where no curve shows it.
 *
 * A sample ends at the completion of the write that passes the sampling interval or 256 MiB
 * since the last one, whichever first; its rate is the bytes completed over the time between
 * those two completions, so a sample holds whole writes and no time is lost between samples.
 * A drive that stalls for a minute delays its sample by a minute: the sample then spans the
 * stall, and its rate shows it.
 *
 * O_DIRECT through the platform module; where the file system refuses it, buffered writes,
 * each block's writeback started as soon as it is written (dyno_platform_start_writeback ())
 * and every sample waited for with dyno_platform_flush_range () before the sample's time is
 * taken, so that the time is the device's; the result says so. With the platform's ring (io_uring)
 * `queue` writes are in flight at once, each into a buffer of its own; without one, or when
 * buffered, one write at a time.
 *
 * Recovery: after a rest, the start of the same file is written again (in place: no more
 * free space is needed, and the drive's cache does not care which blocks it takes) for one
 * and a half times the fast stretch the fill found, so that a cache that came back whole
 * still shows its knee.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-fill.h"
#include "dyno-parse.h"
#include "dyno-random.h"
#include "dyno-run-private.h"
#include "dyno-scratch.h"
#include "dyno-sysinfo-collect.h"
#include "platform/dyno-platform-flush.h"
#include "platform/dyno-platform-ring.h"
#include "platform/dyno-platform.h"

#define MIN_MARGIN (G_GUINT64_CONSTANT (64) << 20)
#define MAX_MARGIN (G_GUINT64_CONSTANT (1) << 30)
/* Buffered writes are written out at least this often, so that dirty pages stay few. */
#define FLUSH_BYTES (G_GUINT64_CONSTANT (64) << 20)
/* A recovery pass writes this many times the fill's fast stretch. */
#define RECOVERY_FACTOR 1.5

struct _DynoFill
{
  GObject parent_instance;

  char *folder;
  DynoFillOptions options;
  DynoTargetInfo *info;
  guint64 size;
  guint64 free_bytes;
  guint64 margin;
  gboolean prepared;

  GMutex lock; /* guards progress and pending */
  DynoFillProgress progress;
  GArray *pending; /* DynoFillLiveSample */
};

G_DEFINE_FINAL_TYPE (DynoFill, dyno_fill, G_TYPE_OBJECT)

void
dyno_fill_options_init (DynoFillOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->percent = DYNO_FILL_DEFAULT_PERCENT;
  options->block = DYNO_FILL_DEFAULT_BLOCK;
  options->queue = DYNO_FILL_DEFAULT_QUEUE;
  options->calibration = 2;
}

double
dyno_fill_sample_interval_for (double seconds)
{
  if (!isfinite (seconds) || seconds <= 0)
    return 0.25;
  return CLAMP (seconds / 4000, 0.25, 1.0);
}

static void
dyno_fill_finalize (GObject *object)
{
  DynoFill *self = DYNO_FILL (object);

  g_free (self->folder);
  g_clear_pointer (&self->info, dyno_target_info_free);
  g_array_unref (self->pending);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (dyno_fill_parent_class)->finalize (object);
}

static void
dyno_fill_class_init (DynoFillClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dyno_fill_finalize;
}

static void
dyno_fill_init (DynoFill *self)
{
  g_mutex_init (&self->lock);
  self->pending = g_array_new (FALSE, FALSE, sizeof (DynoFillLiveSample));
  self->progress.rate = NAN;
  self->progress.calibrated_rate = NAN;
  self->progress.estimated_seconds = NAN;
}

DynoFill *
dyno_fill_new (const char *folder, const DynoFillOptions *options)
{
  DynoFill *self;

  g_return_val_if_fail (folder != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->n_rests <= DYNO_FILL_MAX_RESTS, NULL);

  self = g_object_new (DYNO_TYPE_FILL, NULL);
  self->folder = g_strdup (folder);
  self->options = *options;
  if (self->options.block == 0)
    self->options.block = DYNO_FILL_DEFAULT_BLOCK;
  if (self->options.queue == 0)
    self->options.queue = 1;
  return self;
}

/* ---- pre-flight ------------------------------------------------------------------------- */

static guint64
margin_for (guint64 total_bytes)
{
  return CLAMP (total_bytes / 50, MIN_MARGIN, MAX_MARGIN);
}

gboolean
dyno_fill_prepare (DynoFill *self, GError **error)
{
  g_autofree char *display = NULL;
  guint64 room;
  guint64 size;

  g_return_val_if_fail (DYNO_IS_FILL (self), FALSE);

  display = g_filename_display_name (self->folder);
  g_clear_pointer (&self->info, dyno_target_info_free);
  self->info = dyno_target_info_collect (self->folder);
  if (!self->info->writable)
    {
      g_set_error (error, DYNO_ERROR, self->info->unwritable_code, "%s: %s", display,
                   self->info->unwritable_reason ? self->info->unwritable_reason
                                                 : _("cannot write there"));
      return FALSE;
    }
  if (self->options.block < 4096 || self->options.block % 4096 != 0
      || self->options.block > (G_GUINT64_CONSTANT (64) << 20))
    return dyno_error_set_invalid (error, _("The block size must be a multiple of 4 KiB from "
                                            "4 KiB to 64 MiB"));
  if (self->options.queue < 1 || self->options.queue > 256)
    return dyno_error_set_invalid (error, _("The queue depth must be from 1 to 256"));

  self->free_bytes = self->info->free_bytes;
  self->margin = margin_for (self->info->total_bytes);
  room = self->free_bytes > self->margin ? self->free_bytes - self->margin : 0;
  if (self->options.size > 0 && self->options.size < self->options.block)
    {
      g_autofree char *block = dyno_format_size (self->options.block);

      return dyno_error_set_invalid (error, _("A fill writes one block at least (%s)"), block);
    }
  if (self->options.size > 0)
    size = self->options.size;
  else
    size = (guint64) (self->free_bytes * (self->options.percent / 100.0));
  size -= size % self->options.block;
  if (size > room)
    {
      g_autofree char *want = dyno_fill_format_bytes (size);
      g_autofree char *free_text = dyno_fill_format_bytes (self->free_bytes);
      g_autofree char *margin_text = dyno_fill_format_bytes (self->margin);
      g_autofree char *most = dyno_fill_format_bytes (room - room % self->options.block);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_NO_SPACE,
                   /* Translators: a fill that would leave too little free space: the size
                    * asked for, the folder, its free space, the margin, the most it can be */
                   _("Writing %s in %s would leave less than %s of its %s free; the most a "
                     "fill may write there is %s"),
                   want, display, margin_text, free_text, most);
      return FALSE;
    }
  if (size < self->options.block)
    {
      g_autofree char *free_text = dyno_fill_format_bytes (self->free_bytes);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_NO_SPACE,
                   /* Translators: the folder, then its free space */
                   _("%s has too little free space for a fill (%s)"), display, free_text);
      return FALSE;
    }
  self->size = size;
  self->prepared = TRUE;
  return TRUE;
}

guint64
dyno_fill_get_size (DynoFill *self)
{
  g_return_val_if_fail (DYNO_IS_FILL (self), 0);
  return self->size;
}

guint64
dyno_fill_get_free_bytes (DynoFill *self)
{
  g_return_val_if_fail (DYNO_IS_FILL (self), 0);
  return self->free_bytes;
}

guint64
dyno_fill_get_margin (DynoFill *self)
{
  g_return_val_if_fail (DYNO_IS_FILL (self), 0);
  return self->margin;
}

const DynoTargetInfo *
dyno_fill_get_info (DynoFill *self)
{
  g_return_val_if_fail (DYNO_IS_FILL (self), NULL);
  return self->info;
}

void
dyno_fill_get_progress (DynoFill *self, DynoFillProgress *out)
{
  g_return_if_fail (DYNO_IS_FILL (self));
  g_return_if_fail (out != NULL);

  g_mutex_lock (&self->lock);
  *out = self->progress;
  g_mutex_unlock (&self->lock);
}

GArray *
dyno_fill_take_samples (DynoFill *self)
{
  GArray *taken;

  g_return_val_if_fail (DYNO_IS_FILL (self), NULL);

  g_mutex_lock (&self->lock);
  taken = self->pending;
  self->pending = g_array_new (FALSE, FALSE, sizeof (DynoFillLiveSample));
  g_mutex_unlock (&self->lock);
  return taken;
}

static void
set_stage (DynoFill *self, DynoFillStage stage, guint pass, guint64 requested)
{
  g_mutex_lock (&self->lock);
  self->progress.stage = stage;
  self->progress.pass = pass;
  self->progress.requested = requested;
  self->progress.written = 0;
  self->progress.elapsed = 0;
  g_mutex_unlock (&self->lock);
}

/* ---- writing ---------------------------------------------------------------------------- */

static double
now_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct
{
  DynoFill *self;
  GCancellable *cancellable;
  DynoFillResult *result;
  int fd;
  gboolean direct;
  DynoIoRing *ring;
  guint queue;
  guint64 block;
  void **buffers;
  guint64 *lengths;   /* of each buffer's write in flight */
  guint *free_slots;  /* a stack of the buffers not in flight */
  guint n_free;
  double interval;
  gboolean stopped;
  GError *failure;    /* the first failed write or flush */
  guint64 failed_at;  /* bytes of the pass written before it */
} Writer;

/* Each 4 KiB of a buffer carries its offset and pass: no two blocks of the file are alike,
 * so neither a deduplicating drive nor a file system can skip writing them. */
static void
stamp (void *buffer, guint64 length, guint64 offset, guint pass)
{
  for (guint64 at = 0; at + 16 <= length; at += 4096)
    {
      guint64 words[2] = { offset + at, ((guint64) pass << 32) ^ G_GUINT64_CONSTANT (0x64796e6f) };

      memcpy ((char *) buffer + at, words, sizeof words);
    }
}

typedef struct
{
  Writer *w;
  DynoFillPass *pass;
  guint index;
  guint64 total;
  gboolean calibrating;
  double t0;
  double sample_t;
  guint64 sample_done;
  guint64 done;
  guint64 flushed;
} PassState;

static gboolean
flush (PassState *p, GError **error)
{
  if (p->w->direct || p->done == p->flushed)
    return TRUE;
  if (!dyno_platform_flush_range (p->w->fd, p->flushed, p->done - p->flushed, error))
    return FALSE;
  p->flushed = p->done;
  return TRUE;
}

/* Ends a sample at this completion when it is due (or final). */
static gboolean
maybe_sample (PassState *p, gboolean final, GError **error)
{
  Writer *w = p->w;
  DynoFill *self = w->self;
  DynoFillLiveSample live = { 0 };
  double now = now_seconds ();

  if (!w->direct && p->done - p->flushed >= FLUSH_BYTES && !flush (p, error))
    return FALSE;
  if (p->done == p->sample_done
      || (!final && now - p->sample_t < w->interval
          && p->done - p->sample_done < DYNO_FILL_SAMPLE_BYTES))
    return TRUE;
  /* Buffered: the sample's time includes writing it out. */
  if (!flush (p, error))
    return FALSE;
  now = now_seconds ();
  live.pass = p->index;
  live.sample.written = p->done;
  live.sample.t = now - p->t0;
  live.sample.rate = now > p->sample_t ? (p->done - p->sample_done) / (now - p->sample_t) : NAN;
  g_array_append_val (p->pass->samples, live.sample);
  p->sample_t = now;
  p->sample_done = p->done;

  g_mutex_lock (&self->lock);
  g_array_append_val (self->pending, live);
  self->progress.written = p->done;
  self->progress.elapsed = live.sample.t;
  self->progress.rate = live.sample.rate;
  if (p->calibrating && (live.sample.t >= self->options.calibration || p->done * 10 >= p->total))
    {
      double rate = p->done / live.sample.t;

      p->calibrating = FALSE;
      w->result->calibration_bytes = p->done;
      w->result->calibration_seconds = live.sample.t;
      w->result->estimated_seconds = rate > 0 ? p->total / rate : NAN;
      self->progress.calibrated_rate = rate;
      self->progress.estimated_seconds = w->result->estimated_seconds;
      self->progress.stage = DYNO_FILL_STAGE_WRITING;
      if (self->options.sample_interval <= 0)
        w->interval = dyno_fill_sample_interval_for (w->result->estimated_seconds);
      w->result->sample_interval = w->interval;
    }
  g_mutex_unlock (&self->lock);
  return TRUE;
}

static void
write_failed (Writer *w, int err, guint64 at)
{
  if (w->failure != NULL)
    return;
  g_set_error_literal (&w->failure, DYNO_ERROR, dyno_error_from_errno (err), g_strerror (err));
  w->failed_at = at;
}

/* With the ring: queue writes in flight, refilled as they complete. */
static gboolean
write_queued (PassState *p, GError **error)
{
  Writer *w = p->w;
  g_autofree DynoIoCompletion *done = g_new (DynoIoCompletion, w->queue);
  guint64 submitted = 0;
  gboolean stopping = FALSE;

  for (;;)
    {
      int n;

      while (!stopping && w->n_free > 0 && submitted < p->total)
        {
          guint slot = w->free_slots[--w->n_free];
          guint64 length = MIN (w->block, p->total - submitted);

          stamp (w->buffers[slot], length, submitted, p->index);
          w->lengths[slot] = length;
          /* Buffers not registered: G_MAXUINT is no registered buffer's index. */
          if (!dyno_io_ring_queue (w->ring, TRUE, w->buffers[slot], G_MAXUINT, length, submitted,
                                   slot))
            {
              w->free_slots[w->n_free++] = slot;
              break;
            }
          submitted += length;
        }
      if (dyno_io_ring_pending (w->ring) == 0)
        break;
      n = dyno_io_ring_submit_and_reap (w->ring, 1, done, w->queue);
      if (n < 0)
        {
          write_failed (w, -n, p->done);
          /* The ring itself failed: what is in flight cannot be waited for through it. */
          return TRUE;
        }
      for (int i = 0; i < n; i++)
        {
          guint slot = (guint) done[i].tag;

          if (done[i].result < 0)
            write_failed (w, (int) -done[i].result, p->done);
          else if ((guint64) done[i].result < w->lengths[slot])
            /* O_DIRECT writes whole blocks or fail; a short one is a full file system. */
            write_failed (w, ENOSPC, p->done);
          else
            p->done += w->lengths[slot];
          w->free_slots[w->n_free++] = slot;
        }
      if (w->failure != NULL)
        stopping = TRUE;
      else if (!maybe_sample (p, FALSE, error))
        return FALSE;
      if (g_cancellable_is_cancelled (w->cancellable))
        {
          stopping = TRUE;
          w->stopped = TRUE;
        }
    }
  return TRUE;
}

/* Without the ring (or buffered): one write at a time. */
static gboolean
write_one_by_one (PassState *p, GError **error)
{
  Writer *w = p->w;
  void *buffer = w->buffers[0];

  while (p->done < p->total)
    {
      guint64 length = MIN (w->block, p->total - p->done);
      guint64 written = 0;

      stamp (buffer, length, p->done, p->index);
      while (written < length)
        {
          ssize_t n = pwrite (w->fd, (char *) buffer + written, length - written,
                              (off_t) (p->done + written));

          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            {
              write_failed (w, n < 0 ? errno : ENOSPC, p->done);
              return TRUE;
            }
          written += (guint64) n;
        }
      /* Buffered: the device gets this block now, not at the sample's flush, so that it
       * never waits for the writer between samples. */
      if (!w->direct && !dyno_platform_start_writeback (w->fd, p->done, length, error))
        return FALSE;
      p->done += length;
      if (!maybe_sample (p, FALSE, error))
        return FALSE;
      if (g_cancellable_is_cancelled (w->cancellable))
        {
          w->stopped = TRUE;
          return TRUE;
        }
    }
  return TRUE;
}

/* Writes total bytes from the file's start into pass; a failed write or flush leaves
 * w->failure, a stop w->stopped. */
static void
write_pass (Writer *w, DynoFillPass *pass, guint index, guint64 total)
{
  PassState p = { .w = w, .pass = pass, .index = index, .total = total };
  GError *error = NULL;
  gboolean ok;

  pass->requested = total;
  p.calibrating = index == 0;
  p.t0 = p.sample_t = now_seconds ();
  ok = w->ring != NULL ? write_queued (&p, &error) : write_one_by_one (&p, &error);
  /* The writes that completed are on the curve, also those before a failed one. */
  if (ok)
    ok = maybe_sample (&p, TRUE, &error);
  pass->written = p.done;
  pass->seconds = now_seconds () - p.t0;
  if (!ok)
    {
      /* A flush that failed: the bytes since the last sample are not known to be written. */
      pass->written = p.sample_done;
      if (w->failure == NULL)
        {
          w->failure = error;
          w->failed_at = p.sample_done;
          error = NULL;
        }
      g_clear_error (&error);
    }
}

/* Opens `data` in the scratch folder: O_DIRECT unless refused (then *reason says why). */
static int
open_file (DynoFill *self, int scratch_fd, gboolean *direct, char **reason, GError **error)
{
  const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
  int direct_flag = dyno_platform_direct_open_flag ();
  int fd = -1;

  *direct = FALSE;
  if (!self->options.buffered)
    {
      fd = openat (scratch_fd, DYNO_DATA_FILE, flags | direct_flag, 0600);
      if (fd >= 0 && direct_flag == 0)
        {
          g_autoptr (GError) local = NULL;

          if (!dyno_platform_set_direct (fd, &local))
            *reason = g_strdup_printf (_("the file system refused unbuffered writes (%s)"),
                                       local->message);
        }
      if (fd >= 0 && *reason == NULL)
        {
          *direct = TRUE;
          return fd;
        }
      if (fd < 0 && errno != EINVAL && errno != EOPNOTSUPP)
        {
          int saved = errno;

          g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                       _("Cannot create the fill's file: %s"), g_strerror (saved));
          return -1;
        }
      if (fd < 0)
        *reason = g_strdup (_("the file system refused O_DIRECT"));
      if (fd >= 0)
        close (fd);
      unlinkat (scratch_fd, DYNO_DATA_FILE, 0);
    }
  else
    *reason = g_strdup (_("buffered writes were asked for (--buffered)"));
  fd = openat (scratch_fd, DYNO_DATA_FILE, flags, 0600);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                   _("Cannot create the fill's file: %s"), g_strerror (saved));
    }
  return fd;
}

/* Buffers for the writes in flight, and the ring when there is one and it is worth it. */
static gboolean
set_up_writer (Writer *w, GError **error)
{
  DynoFillResult *result = w->result;
  gsize align = MAX (w->direct ? dyno_platform_direct_alignment (w->fd) : 4096, 4096);
  DynoRandom random;

  w->queue = w->self->options.queue;
  w->block = w->self->options.block;
  if (w->direct && w->block % align != 0)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                   _("The block size must be a multiple of %zu bytes for unbuffered writes "
                     "here"),
                   align);
      return FALSE;
    }
  /* Buffered writes land in the page cache: more in flight would only fill it faster. */
  if (!w->direct && w->queue > 1)
    {
      g_ptr_array_add (result->notes,
                       g_strdup_printf (_("Buffered writes go one at a time (not %u in flight): "
                                          "the page cache takes them, and each sample is "
                                          "written out to the device before it is timed"),
                                        w->queue));
      w->queue = 1;
    }
  if (w->queue > 1)
    {
      g_autoptr (GError) ring_error = NULL;

      w->ring = dyno_io_ring_new (w->fd, w->queue, &ring_error);
      if (w->ring == NULL)
        {
          g_ptr_array_add (result->warnings,
                           g_strdup_printf (_("%s: the fill wrote one block at a time, not %u "
                                              "in flight"),
                                            ring_error->message, w->queue));
          w->queue = 1;
        }
    }
  result->queue = w->queue;
  result->engine = g_strdup (w->ring != NULL ? dyno_io_ring_engine_name () : "pwrite");

  dyno_random_seed (&random, g_random_int () | ((guint64) g_random_int () << 32));
  w->buffers = g_new0 (void *, w->queue);
  w->lengths = g_new0 (guint64, w->queue);
  w->free_slots = g_new0 (guint, w->queue);
  for (guint i = 0; i < w->queue; i++)
    {
      if (posix_memalign (&w->buffers[i], align, w->block) != 0)
        g_error ("out of memory for a %" G_GUINT64_FORMAT "-byte buffer", w->block);
      /* Incompressible: a drive or file system that compresses cannot flatter the curve. */
      dyno_random_fill (&random, w->buffers[i], w->block);
      w->free_slots[w->n_free++] = i;
    }
  return TRUE;
}

static void
tear_down_writer (Writer *w)
{
  g_clear_pointer (&w->ring, dyno_io_ring_free);
  for (guint i = 0; w->buffers != NULL && i < w->queue; i++)
    free (w->buffers[i]);
  g_clear_pointer (&w->buffers, g_free);
  g_clear_pointer (&w->lengths, g_free);
  g_clear_pointer (&w->free_slots, g_free);
  if (w->fd >= 0)
    close (w->fd);
  w->fd = -1;
}

/* Rests for seconds, or until cancelled (FALSE). */
static gboolean
rest (Writer *w, guint pass, double seconds)
{
  DynoFill *self = w->self;
  double end = now_seconds () + seconds;
  double left;

  set_stage (self, DYNO_FILL_STAGE_RESTING, pass, 0);
  while ((left = end - now_seconds ()) > 0)
    {
      if (g_cancellable_is_cancelled (w->cancellable))
        {
          w->stopped = TRUE;
          return FALSE;
        }
      g_mutex_lock (&self->lock);
      self->progress.rest_left = left;
      g_mutex_unlock (&self->lock);
      g_usleep ((gulong) (MIN (left, 0.1) * G_USEC_PER_SEC));
    }
  return TRUE;
}

static void
say_failure (Writer *w, guint index)
{
  DynoFillResult *result = w->result;
  g_autofree char *at = dyno_fill_format_bytes (w->failed_at);
  DynoError code = w->failure->domain == DYNO_ERROR ? w->failure->code : DYNO_ERROR_FAILED;

  g_free (result->error_code);
  result->error_code = g_strdup (dyno_error_to_string (code));
  g_free (result->error_message);
  if (index == 0)
    /* Translators: the bytes written before a fill's write failed, then why */
    result->error_message = g_strdup_printf (_("Writing failed after %s: %s"), at,
                                             w->failure->message);
  else
    /* Translators: which recovery pass, the bytes it wrote before it failed, then why */
    result->error_message = g_strdup_printf (_("Recovery pass %u failed after %s: %s"), index,
                                             at, w->failure->message);
}

/* The recovery passes, each after its rest. */
static void
recover (Writer *w)
{
  DynoFill *self = w->self;
  DynoFillResult *result = w->result;
  guint64 fast;
  guint64 total;

  if (self->options.n_rests == 0)
    return;
  g_array_unref (result->fill->segments);
  result->fill->segments = dyno_segments_find (
      (const DynoFillSample *) (void *) result->fill->samples->data, result->fill->samples->len,
      NULL);
  if (!dyno_fill_pass_has_fast_stretch (result->fill))
    {
      g_ptr_array_add (result->notes,
                       g_strdup (_("No recovery pass was run: the fill had no fast stretch to "
                                   "come back (its first stretch was not faster than the next)")));
      return;
    }
  fast = g_array_index (result->fill->segments, DynoFillSegment, 0).end;
  total = (guint64) (fast * RECOVERY_FACTOR);
  total += w->block - 1;
  total -= total % w->block;
  total = MIN (total, result->fill->written);
  for (guint i = 0; i < self->options.n_rests && !w->stopped && w->failure == NULL; i++)
    {
      DynoFillPass *pass = dyno_fill_pass_new ();

      if (!rest (w, i + 1, self->options.rests[i]))
        {
          dyno_fill_pass_free (pass);
          return;
        }
      pass->rest = self->options.rests[i];
      g_ptr_array_add (result->recovery, pass);
      set_stage (self, DYNO_FILL_STAGE_RECOVERY, i + 1, total);
      write_pass (w, pass, i + 1, total);
      if (w->failure != NULL)
        say_failure (w, i + 1);
    }
}

/* Removes the file and the scratch folder; what stays is said and listed. */
static void
clean_up (DynoFill *self, int target_fd, const char *scratch_name, DynoFillResult *result)
{
  g_autoptr (GError) error = NULL;

  set_stage (self, DYNO_FILL_STAGE_CLEANING, 0, 0);
  if (dyno_scratch_remove (target_fd, scratch_name, &error))
    return;
  g_ptr_array_add (result->warnings, g_strdup (error->message));
  result->scratch_left = g_build_filename (self->folder, scratch_name, NULL);
}

DynoFillResult *
dyno_fill_run (DynoFill *self, GCancellable *cancellable, GError **error)
{
  g_autoptr (DynoFillResult) result = NULL;
  g_autoptr (GPtrArray) stale = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *scratch_name = NULL;
  g_autofree char *reason = NULL;
  Writer w = { .self = self, .cancellable = cancellable, .fd = -1 };
  int target_fd;
  int scratch_fd = -1;

  g_return_val_if_fail (DYNO_IS_FILL (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!self->prepared && !dyno_fill_prepare (self, error))
    return NULL;
  set_stage (self, DYNO_FILL_STAGE_PREPARING, 0, self->size);

  result = dyno_fill_result_new (self->folder);
  dyno_system_info_free (result->system);
  result->system = dyno_system_info_collect ();
  dyno_target_info_free (result->info);
  result->info = dyno_target_info_copy (self->info);
  result->block = self->options.block;
  result->queue = self->options.queue;
  result->sample_interval = self->options.sample_interval > 0 ? self->options.sample_interval
                                                              : 0.25;
  w.result = result;
  w.interval = result->sample_interval;

  target_fd = open (self->folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (target_fd < 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), _("Cannot open %s: %s"),
                   self->folder, g_strerror (saved));
      return NULL;
    }
  /* Folders of fills and runs that died (SIGKILL, a power cut) go first. */
  dyno_scratch_remove_stale (target_fd, stale);
  for (guint i = 0; i < stale->len; i++)
    g_ptr_array_add (result->warnings, g_strdup (g_ptr_array_index (stale, i)));
  if (!dyno_scratch_create (target_fd, &scratch_name, &scratch_fd, error))
    {
      close (target_fd);
      return NULL;
    }
  w.fd = open_file (self, scratch_fd, &w.direct, &reason, error);
  close (scratch_fd);
  if (w.fd < 0 || !set_up_writer (&w, error))
    {
      tear_down_writer (&w);
      clean_up (self, target_fd, scratch_name, result);
      close (target_fd);
      return NULL;
    }
  result->direct = w.direct;
  if (!w.direct)
    {
      result->direct_refused = g_steal_pointer (&reason);
      g_ptr_array_add (result->warnings,
                       g_strdup_printf (_("Not unbuffered: %s; the writes went through the page "
                                          "cache, each sample written out to the device before "
                                          "it was timed"),
                                        result->direct_refused));
    }
  if (self->info->network)
    g_ptr_array_add (result->warnings,
                     g_strdup (_("A network file system: the curve is the network's and the "
                                 "server's as much as a drive's")));

  g_mutex_lock (&self->lock);
  self->progress.direct = w.direct;
  g_mutex_unlock (&self->lock);
  set_stage (self, DYNO_FILL_STAGE_CALIBRATING, 0, self->size);
  write_pass (&w, result->fill, 0, self->size);
  if (w.failure != NULL)
    say_failure (&w, 0);
  else if (!w.stopped)
    recover (&w);
  g_clear_error (&w.failure);

  tear_down_writer (&w);
  clean_up (self, target_fd, scratch_name, result);
  close (target_fd);
  result->stopped = w.stopped;
  dyno_fill_result_analyze (result);
  set_stage (self, DYNO_FILL_STAGE_DONE, 0, 0);
  return g_steal_pointer (&result);
}

static void
run_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  DynoFillResult *result = dyno_fill_run (DYNO_FILL (source), cancellable, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) dyno_fill_result_free);
}

void
dyno_fill_run_async (DynoFill            *self,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (DYNO_IS_FILL (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dyno_fill_run_async);
  /* A stopped fill keeps its curve: cancelling must not turn the result into an error. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, run_in_thread);
}

DynoFillResult *
dyno_fill_run_finish (DynoFill *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
