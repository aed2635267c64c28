/* dyno-runner.c: targets, repeats and phases in order, with cache control between them
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
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-preflight.h"
#include "dyno-run-private.h"
#include "dyno-runner.h"
#include "dyno-scratch.h"
#include "platform/dyno-platform.h"
#include "dyno-sysinfo-collect.h"

/* Helpers the phases share */

gboolean
dyno_run_stop_error (DynoRun *run, GError **error)
{
  if (atomic_load (&run->vanished))
    {
      g_autofree char *display = g_filename_display_name (run->target_path);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_VANISHED,
                   _("The target %s disappeared during the run (unmounted or removed)"),
                   display);
    }
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The run was stopped"));
  return FALSE;
}

gboolean
dyno_run_errno_error (DynoRun *run, int saved_errno, GError **error, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  /* After the target vanished, whatever error the I/O hit is a symptom, not the cause. */
  if (atomic_load (&run->vanished))
    return dyno_run_stop_error (run, error);

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved_errno), "%s (%s)",
               g_strerror (saved_errno), what);
  return FALSE;
}

gboolean
dyno_run_short_file_error (DynoRun *run, guint64 at, guint64 expected, GError **error)
{
  /* End of file where Dyno's own file should go on is not a disk error: saying EIO would
   * make a person think the disk is failing. */
  if (atomic_load (&run->vanished))
    return dyno_run_stop_error (run, error);
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
               _("The data file ended at byte %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
                 ": something else shortened it during the run"),
               at, expected);
  return FALSE;
}

int
dyno_run_open_data (DynoRun *run, int flags, gboolean direct, GError **error)
{
  int fd = openat (run->scratch_fd, DYNO_DATA_FILE,
                   flags | O_NOFOLLOW | O_CLOEXEC | (direct ? dyno_platform_direct_open_flag () : 0),
                   0600);

  if (fd < 0)
    {
      dyno_run_errno_error (run, errno, error, _("opening the data file"));
      return -1;
    }
  if (direct && dyno_platform_direct_open_flag () == 0 && !dyno_platform_set_direct (fd, error))
    {
      close (fd);
      return -1;
    }
  return fd;
}

void
dyno_run_scramble (DynoRun *run, guint64 index)
{
  const guint64 chunk = run->config->chunk;

  if (run->config->data == DYNO_DATA_ZEROS)
    {
      /* bonnie++: one byte changes per chunk, the rest stays zero. */
      run->buffer[index % chunk]++;
      return;
    }

  /* A fresh 8-byte stamp in every 4 KiB block keeps blocks unique for deduplicating file
   * systems and SSDs, at the cost of a few stores rather than refilling the buffer. */
  {
    guint64 stamp = dyno_random_next (&run->random);

    for (guint64 offset = 0; offset + 8 <= chunk; offset += 4096)
      {
        guint64 v = stamp + offset;
        memcpy (run->buffer + offset, &v, 8);
      }
  }
}

gboolean
dyno_run_write_all (DynoRun *run, int fd, const guchar *buf, gsize len, GError **error)
{
  while (len > 0)
    {
      gssize n = write (fd, buf, len);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return dyno_run_errno_error (run, errno, error, _("writing"));
        }
      if (n == 0)
        return dyno_run_errno_error (run, ENOSPC, error, _("writing"));
      buf += n;
      len -= n;
    }
  return TRUE;
}

gssize
dyno_run_read_full (int fd, guchar *buf, gsize len)
{
  gsize got = 0;

  while (got < len)
    {
      gssize n = read (fd, buf + got, len - got);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return -1;
        }
      if (n == 0)
        break;
      got += n;
    }
  return (gssize) got;
}

/* The run */

typedef struct
{
  DynoRun run;
  DynoHistogram *latency[DYNO_N_PHASES]; /* every operation of every repeat, per phase */
  char *size_note; /* why the size differs from the one asked for, or NULL */
} RunState;

guint
dyno_runner_count_phases (const DynoConfig *config)
{
  guint32 mask = config->tests;

  if (config->files_num == 0)
    mask &= ~DYNO_PHASES_FILES;
  return (guint) __builtin_popcount (mask) * MAX (config->repeat, 1);
}

static void
push_message (DynoRun *run, DynoMessageLevel level, const char *text)
{
  DynoEvent event = { .kind = DYNO_EVENT_MESSAGE, .target = run->target, .level = level,
                      .text = g_strdup (text) };

  dyno_run_shared_push (run->shared, &event);
}

static gboolean
selected (DynoRun *run, DynoPhaseId id)
{
  if (dyno_phase_is_file_test (id) && run->config->files_num == 0)
    return FALSE;
  return (run->config->tests & DYNO_PHASE_BIT (id)) != 0;
}

static guint64
phase_total (DynoRun *run, DynoPhaseId id)
{
  switch (id)
    {
    case DYNO_PHASE_PUTC:
    case DYNO_PHASE_GETC:
      return dyno_config_get_per_char_size (run->config);
    case DYNO_PHASE_WRITE:
    case DYNO_PHASE_REWRITE:
    case DYNO_PHASE_READ:
      return run->io_size;
    case DYNO_PHASE_SEEKS:
      return run->config->seeks;
    case DYNO_PHASE_SEQ_CREATE:
    case DYNO_PHASE_SEQ_STAT:
    case DYNO_PHASE_SEQ_DELETE:
    case DYNO_PHASE_RAND_CREATE:
    case DYNO_PHASE_RAND_STAT:
    case DYNO_PHASE_RAND_DELETE:
      return dyno_config_get_files_total (run->config);
    case DYNO_N_PHASES:
    default:
      g_assert_not_reached ();
    }
}

/* Before a read phase: make sure the data file exists and the cache holds none of it. */
static gboolean
prepare_read (DynoRun *run, DynoPhaseRun *out, GError **error)
{
  int fd;

  if (run->data_size < run->io_size)
    {
      push_message (run, DYNO_MESSAGE_INFO, _("Writing the data file for the read phases (not timed)"));
      if (!dyno_prepare_data_file (run, error))
        return FALSE;
    }

  fd = dyno_run_open_data (run, O_RDONLY, FALSE, error);
  if (fd < 0)
    return FALSE;
  if (run->config->cache != DYNO_CACHE_NONE && !dyno_platform_evict (fd, error))
    {
      close (fd);
      g_prefix_error (error, _("evicting the data file from the page cache: "));
      return FALSE;
    }
  if (run->config->cache == DYNO_CACHE_DROP && dyno_platform_can_drop_caches ())
    {
      g_autoptr (GError) local_error = NULL;

      if (!dyno_platform_drop_caches (&local_error))
        push_message (run, DYNO_MESSAGE_WARNING, local_error->message);
    }
  out->cache_resident = dyno_platform_resident_fraction (fd, run->data_size);
  close (fd);
  return TRUE;
}

static gboolean
run_phase_impl (RunState *state, DynoPhaseCtx *ctx, DynoFileSet *files, GError **error)
{
  DynoRun *run = &state->run;

  switch (ctx->id)
    {
    case DYNO_PHASE_PUTC:
      return dyno_phase_putc (run, ctx, error);
    case DYNO_PHASE_WRITE:
      return dyno_phase_write (run, ctx, error);
    case DYNO_PHASE_REWRITE:
      return dyno_phase_rewrite (run, ctx, error);
    case DYNO_PHASE_GETC:
      return dyno_phase_getc (run, ctx, error);
    case DYNO_PHASE_READ:
      return dyno_phase_read (run, ctx, error);
    case DYNO_PHASE_SEEKS:
      return dyno_phase_seeks (run, ctx, error);
    case DYNO_PHASE_SEQ_CREATE:
    case DYNO_PHASE_RAND_CREATE:
      return dyno_phase_files_create (run, files, ctx, error);
    case DYNO_PHASE_SEQ_STAT:
    case DYNO_PHASE_RAND_STAT:
      return dyno_phase_files_stat (run, files, ctx, error);
    case DYNO_PHASE_SEQ_DELETE:
    case DYNO_PHASE_RAND_DELETE:
      return dyno_phase_files_delete (run, files, ctx, error);
    case DYNO_N_PHASES:
    default:
      g_assert_not_reached ();
    }
}

static const char *
phase_note (DynoRun *run, DynoPhaseId id)
{
  if (run->config->cache == DYNO_CACHE_DIRECT && dyno_phase_is_per_char (id))
    return _("Buffered: per-char I/O cannot use O_DIRECT; the file was evicted from the cache "
             "before reading instead");
  if (run->config->cache == DYNO_CACHE_DIRECT && dyno_phase_is_file_test (id))
    return _("Buffered: file tests go through the page cache and end with syncfs()");
  return NULL;
}

static void
fill_latency (DynoLatency *out, const DynoHistogram *h)
{
  out->count = dyno_histogram_count (h);
  if (out->count == 0)
    {
      dyno_latency_clear (out);
      return;
    }
  out->p50 = dyno_histogram_percentile (h, 50) / 1e9;
  out->p90 = dyno_histogram_percentile (h, 90) / 1e9;
  out->p99 = dyno_histogram_percentile (h, 99) / 1e9;
  out->p999 = dyno_histogram_percentile (h, 99.9) / 1e9;
  out->max = dyno_histogram_max (h) / 1e9;
}

static gboolean
run_phase (RunState *state, DynoPhaseId id, DynoFileSet *files, GError **error)
{
  DynoRun *run = &state->run;
  g_autoptr (DynoHistogram) latency = dyno_histogram_new ();
  DynoPhaseCtx ctx = { .id = id, .latency = latency, .total = phase_total (run, id) };
  DynoCpuTimes cpu_before, cpu_after;
  gboolean have_cpu;
  DynoPhaseResult *result;
  gboolean ok;

  dyno_phase_run_init (&ctx.run);
  ctx.run.repeat = run->repeat;
  run->current_phase = id;

  if (dyno_phase_reads_data_file (id) && !prepare_read (run, &ctx.run, error))
    return FALSE;
  if (dyno_run_should_stop (run))
    return dyno_run_stop_error (run, error);

  {
    DynoEvent event = { .kind = DYNO_EVENT_PHASE_STARTED, .target = run->target,
                        .repeat = run->repeat, .phase = id };
    dyno_run_shared_push (run->shared, &event);
  }
  dyno_run_shared_set_phase (run->shared, run->target, run->repeat, id);

  ctx.slot = dyno_sampler_begin_phase (run->sampler, run->target, run->repeat, id, ctx.total,
                                       id == DYNO_PHASE_SEEKS ? run->config->seekers : 1);
  if (id != DYNO_PHASE_SEEKS)
    dyno_sampler_register_thread (run->sampler, ctx.slot);
  have_cpu = dyno_platform_read_cpu_times (&cpu_before);

  ok = run_phase_impl (state, &ctx, files, error);
  if (ok && ctx.run.elapsed > 0)
    {
      ctx.run.rate = ctx.run.amount / ctx.run.elapsed;
      ctx.run.cpu_percent = ctx.run.cpu_seconds / ctx.run.elapsed * 100.0;
    }

  dyno_sampler_end_phase (run->sampler, ok, ok && ctx.run.elapsed > 0 ? ctx.run.rate : NAN);
  if (!ok)
    return FALSE;

  if (have_cpu && dyno_platform_read_cpu_times (&cpu_after))
    dyno_platform_cpu_split (&cpu_before, &cpu_after, &ctx.run.system_cpu);
  ctx.run.too_fast = ctx.run.elapsed < DYNO_TOO_FAST_SECONDS;
  fill_latency (&ctx.run.latency, latency);

  if (state->latency[id] == NULL)
    state->latency[id] = dyno_histogram_new ();
  dyno_histogram_merge (state->latency[id], latency);

  result = dyno_target_result_ensure_phase (run->target_result, id);
  if (result->note == NULL && phase_note (run, id) != NULL)
    result->note = g_strdup (phase_note (run, id));
  dyno_phase_result_add_run (result, &ctx.run);
  fill_latency (&result->latency, state->latency[id]);

  {
    DynoEvent event = { .kind = DYNO_EVENT_PHASE_FINISHED, .target = run->target,
                        .repeat = run->repeat, .phase = id, .run = ctx.run };
    dyno_run_shared_push (run->shared, &event);
  }
  dyno_run_shared_phase_done (run->shared);
  run->current_phase = -1;
  return TRUE;
}

static gboolean
run_file_series (RunState *state, gboolean random_order, GError **error)
{
  DynoRun *run = &state->run;
  const DynoPhaseId create = random_order ? DYNO_PHASE_RAND_CREATE : DYNO_PHASE_SEQ_CREATE;
  const DynoPhaseId stat = random_order ? DYNO_PHASE_RAND_STAT : DYNO_PHASE_SEQ_STAT;
  const DynoPhaseId delete = random_order ? DYNO_PHASE_RAND_DELETE : DYNO_PHASE_SEQ_DELETE;
  DynoFileSet *set;
  gboolean ok;

  if (!selected (run, create) && !selected (run, stat) && !selected (run, delete))
    return TRUE;

  set = dyno_file_set_new (run, random_order);
  /* Stat and delete need files: unselected steps still run, untimed. */
  ok = selected (run, create) ? run_phase (state, create, set, error)
                              : dyno_phase_files_create (run, set, NULL, error);
  if (ok && selected (run, stat))
    ok = run_phase (state, stat, set, error);
  if (ok)
    ok = selected (run, delete) ? run_phase (state, delete, set, error)
                                : dyno_phase_files_delete (run, set, NULL, error);
  dyno_file_set_free (set);
  return ok;
}

static gboolean
run_repeat (RunState *state, GError **error)
{
  DynoRun *run = &state->run;

  for (DynoPhaseId id = DYNO_PHASE_PUTC; id <= DYNO_PHASE_SEEKS; id++)
    if (selected (run, id) && !run_phase (state, id, NULL, error))
      return FALSE;

  /* The data file is not needed by the file tests; give its space back first. */
  if (run->data_size > 0)
    {
      unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
      run->data_size = 0;
    }

  return run_file_series (state, FALSE, error) && run_file_series (state, TRUE, error);
}

static gboolean
check_direct (DynoRun *run, GError **error)
{
  int fd;

  fd = openat (run->scratch_fd, "probe",
               O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | dyno_platform_direct_open_flag (),
               0600);
  if (fd < 0)
    {
      int saved = errno;

      if (saved == EINVAL || saved == EOPNOTSUPP)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       _("The file system at %s does not support direct I/O (O_DIRECT); use the "
                         "“evict” cache policy instead"),
                       run->target_path);
          return FALSE;
        }
      return dyno_run_errno_error (run, saved, error, _("probing for direct I/O"));
    }
  if (dyno_platform_direct_open_flag () == 0 && !dyno_platform_set_direct (fd, error))
    {
      close (fd);
      unlinkat (run->scratch_fd, "probe", 0);
      return FALSE;
    }
  run->direct_align = dyno_platform_direct_alignment (fd);
  close (fd);
  unlinkat (run->scratch_fd, "probe", 0);

  if (run->config->chunk % run->direct_align != 0)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                   _("Direct I/O on %s needs a chunk size that is a multiple of %lu bytes"),
                   run->target_path, (unsigned long) run->direct_align);
      return FALSE;
    }
  run->direct = TRUE;
  return TRUE;
}

static void
record_failure (DynoRun *run, const GError *error, int phase)
{
  DynoTargetResult *tr = run->target_result;

  tr->error_code = error->domain == DYNO_ERROR ? error->code : DYNO_ERROR_FAILED;
  tr->error_phase = phase;
  tr->error_message = g_strdup (error->message);
}

static gboolean
is_cancel (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
run_target (RunState *state, guint index, const char *path)
{
  DynoRun *run = &state->run;
  g_autoptr (GError) error = NULL;
  DynoTargetResult *tr;
  gint64 started = dyno_now_ns ();
  void *buffer = NULL;

  run->target = index;
  run->target_path = path;
  run->target_fd = -1;
  run->scratch_fd = -1;
  run->data_size = 0;
  run->direct = FALSE;
  run->direct_align = 4096;
  run->current_phase = -1;
  atomic_store (&run->vanished, 0);
  memset (state->latency, 0, sizeof state->latency);

  tr = dyno_target_result_new (dyno_target_info_collect (path));
  tr->started_at = g_get_real_time ();
  run->target_result = tr;

  {
    DynoEvent event = { .kind = DYNO_EVENT_TARGET_STARTED, .target = index, .text = g_strdup (path) };
    dyno_run_shared_push (run->shared, &event);
  }

  if (!dyno_preflight_check (run->config, tr->info, 0, tr->notes,
                             tr->warnings, &error))
    goto out;
  if (state->size_note != NULL && dyno_config_has_io_tests (run->config))
    g_ptr_array_insert (tr->notes, 0, g_strdup (state->size_note));
  for (guint i = 0; i < tr->notes->len; i++)
    push_message (run, DYNO_MESSAGE_INFO, g_ptr_array_index (tr->notes, i));
  for (guint i = 0; i < tr->warnings->len; i++)
    push_message (run, DYNO_MESSAGE_WARNING, g_ptr_array_index (tr->warnings, i));

  run->target_fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (run->target_fd < 0 || fstat (run->target_fd, &run->target_stat) != 0)
    {
      dyno_run_errno_error (run, errno, &error, _("opening the target folder"));
      goto out;
    }
  {
    g_autoptr (GPtrArray) stale = g_ptr_array_new_with_free_func (g_free);

    /* Removing folders in someone's volume is worth a warning, even with -q. */
    dyno_scratch_remove_stale (run->target_fd, stale);
    for (guint i = 0; i < stale->len; i++)
      {
        push_message (run, DYNO_MESSAGE_WARNING, g_ptr_array_index (stale, i));
        g_ptr_array_add (tr->warnings, g_strdup (g_ptr_array_index (stale, i)));
      }
  }
  if (!dyno_scratch_create (run->target_fd, &run->scratch_name, &run->scratch_fd, &error))
    goto out;
  dyno_sampler_watch (run->sampler, path, &run->target_stat, &run->vanished, &run->stop);

  if (run->config->cache == DYNO_CACHE_DIRECT && dyno_config_has_io_tests (run->config)
      && !check_direct (run, &error))
    goto out;

  if (posix_memalign (&buffer, MAX (run->direct_align, 4096), run->config->chunk) != 0)
    g_error ("out of memory for a %" G_GUINT64_FORMAT "-byte buffer", run->config->chunk);
  run->buffer = buffer;
  if (run->config->data == DYNO_DATA_ZEROS)
    memset (run->buffer, 0, run->config->chunk);
  else
    dyno_random_fill (&run->random, run->buffer, run->config->chunk);

  for (run->repeat = 0; run->repeat < run->config->repeat; run->repeat++)
    if (!run_repeat (state, &error))
      break;

out:
  if (error != NULL && !is_cancel (error))
    {
      record_failure (run, error, run->current_phase);
      push_message (run, DYNO_MESSAGE_WARNING, error->message);
    }

  dyno_sampler_unwatch (run->sampler);
  if (run->scratch_fd >= 0)
    close (run->scratch_fd);
  if (run->scratch_name != NULL)
    {
      g_autoptr (GError) cleanup_error = NULL;

      if (!dyno_scratch_remove (run->target_fd, run->scratch_name, &cleanup_error))
        {
          g_ptr_array_add (tr->warnings, g_strdup (cleanup_error->message));
          push_message (run, DYNO_MESSAGE_WARNING, cleanup_error->message);
        }
    }
  g_clear_pointer (&run->scratch_name, g_free);
  if (run->target_fd >= 0)
    close (run->target_fd);
  free (buffer);
  run->buffer = NULL;
  for (guint i = 0; i < DYNO_N_PHASES; i++)
    g_clear_pointer (&state->latency[i], dyno_histogram_free);

  {
    GArray *samples = dyno_sampler_take_samples (run->sampler);

    g_array_unref (tr->samples);
    tr->samples = samples;
  }
  tr->elapsed = (dyno_now_ns () - started) / 1e9;
  dyno_run_shared_target_done (run->shared, index);
}

static void
on_cancelled (GCancellable *cancellable, gpointer data)
{
  DynoRun *run = data;

  atomic_store (&run->stop, 1);
}

DynoResult *
dyno_runner_run (const DynoConfig *config,
                 const char *const *targets,
                 DynoRunShared *shared,
                 GCancellable *cancellable,
                 guint sample_interval_ms,
                 GError **error)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoConfig) effective = dyno_config_copy (config);
  RunState state = { 0 };
  DynoRun *run = &state.run;
  gulong handler = 0;
  gboolean cancelled = FALSE;

  if (effective->seed == 0)
    effective->seed = ((guint64) g_random_int () << 32) | g_random_int () | 1;
  state.size_note = dyno_config_round_size (effective);
  dyno_result_set_config (result, effective);
  dyno_result_set_label (result, effective->label);
  dyno_result_set_notes (result, effective->notes);
  dyno_result_set_system (result, dyno_system_info_collect ());

  run->config = dyno_result_get_config (result);
  run->shared = shared;
  run->cancellable = cancellable;
  run->seed = run->config->seed;
  run->io_size = run->config->size; /* a whole number of chunks: dyno_config_round_size */
  run->run_started_ns = dyno_now_ns ();
  atomic_init (&run->stop, 0);
  atomic_init (&run->vanished, 0);
  dyno_random_seed (&run->random, run->seed);
  run->sampler = dyno_sampler_new (shared, sample_interval_ms, run->run_started_ns);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), run, NULL);

  for (guint i = 0; targets[i] != NULL; i++)
    {
      DynoEvent event = { .kind = DYNO_EVENT_TARGET_FINISHED, .target = i };

      run_target (&state, i, targets[i]);
      dyno_result_add_target (result, run->target_result);
      event.result = run->target_result;
      event.owner = g_object_ref (G_OBJECT (result));
      dyno_run_shared_push (shared, &event);
      run->target_result = NULL;

      if (g_cancellable_is_cancelled (cancellable))
        {
          cancelled = TRUE;
          break;
        }
    }

  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  dyno_sampler_free (run->sampler);
  dyno_run_shared_finish (shared);
  g_free (state.size_note);

  if (cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The run was stopped"));
      return NULL;
    }
  return g_steal_pointer (&result);
}
