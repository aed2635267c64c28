/* dyno-runner.c: targets, repeats and phases in order, with cache control between them
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dyno-files-options.h"
#include "dyno-option.h"
#include "dyno-calibrate.h"
#include "dyno-enum.h"
#include "dyno-error.h"
#include "dyno-model-enums.h"
#include "dyno-parse.h"
#include "dyno-phase-ops.h"
#include "dyno-plan.h"
#include "dyno-preflight.h"
#include "dyno-run-private.h"
#include "dyno-runner.h"
#include "dyno-scratch.h"
#include "platform/dyno-platform.h"
#include "dyno-sysinfo-collect.h"

/* The run */

typedef struct
{
  DynoRun run;
  GHashTable *latency; /* DynoPhase -> DynoHistogram: every operation of every repeat */
  char *size_note; /* why the size differs from the one asked for, or NULL */
  GHashTable *only; /* const DynoPhase * set: the phases of a round added for precision;
                     * NULL runs the whole plan */
  DynoPrecisionStop precision_stop;
  GHashTable *hopeless; /* DynoPhaseResult * -> runs it would need (GUINT_TO_POINTER): the
                         * figures no run the budget allows would make precise enough */
} RunState;

gboolean
dyno_runner_check_config (const DynoConfig *config, GError **error)
{
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    {
      const DynoPhase *phase = dyno_config_get_phase (config, i);

      if (dyno_phase_ops_lookup (phase->kind) == NULL)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       _("Dyno cannot run the test “%s” (%s): this build reads it from other "
                         "tools' results only"),
                       dyno_phase_get_key (phase), dyno_phase_get_title (phase));
          return FALSE;
        }
    }
  return TRUE;
}


#define push_message dyno_run_message

/* The file's copies in the layers below the target (a gocryptfs folder's cipher file, a disk
 * image behind a loop device) are evicted too, or the figure says why they could not be:
 * evicting the file alone let reads through gocryptfs run at the speed of RAM. */
static void
evict_below (DynoRun *run, const char *name, DynoPhaseRun *out)
{
  g_autofree char *path = g_build_filename (run->target_path, run->scratch_name, name, NULL);

  out->n_below = dyno_platform_evict_below (path, out->below, DYNO_MAX_CACHE_LAYERS,
                                            &out->cache_doubt);
}

/* After a queued test with O_DIRECT: did the I/O really bypass the page cache? A file system
 * may accept O_DIRECT and go through the cache all the same (ext4's fscrypt files without
 * inline encryption): then the pages it read or wrote are resident, and the figure is
 * marked. A few pages are other readers' (or readahead of metadata); a hundredth is not. */
static const char *
check_direct_bypassed (DynoRun *run)
{
  int fd = openat (run->scratch_fd, DYNO_QUEUE_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  g_autofree char *text = NULL;
  double resident;

  if (fd < 0)
    return NULL;
  resident = dyno_platform_resident_fraction (fd, run->config->queue_size);
  close (fd);
  if (!(resident > 0.01))
    return NULL;
  /* Translators: a mark on a figure; %.0f is a percentage */
  text = g_strdup_printf (_("may come from the page cache: O_DIRECT was accepted, yet %.0f %% of "
                            "the test file was cached after the test (the file system went "
                            "through the page cache)"),
                          resident * 100);
  return g_intern_string (text);
}

/* Before a read phase: make sure the data file exists and the cache holds none of it. */
static gboolean
prepare_read (DynoRun *run, DynoPhaseRun *out, GError **error)
{
  int fd;

  if (run->data_size < run->io_size)
    {
      push_message (run, DYNO_MESSAGE_INFO, _("Writing the data file for the read phases (not timed)"));
      if (!dyno_run_write_data_file (run, NULL, error))
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
  if (run->config->cache != DYNO_CACHE_NONE)
    evict_below (run, DYNO_DATA_FILE, out);
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

static const char *
phase_note (DynoRun *run, const DynoPhase *id)
{
  if (run->config->cache == DYNO_CACHE_DIRECT && dyno_phase_has_flag (id, DYNO_PHASE_PER_CHAR))
    return _("Buffered: per-char I/O cannot use O_DIRECT; the file was evicted from the cache "
             "before reading instead");
  if (run->config->cache == DYNO_CACHE_DIRECT && dyno_phase_has_flag (id, DYNO_PHASE_FILE_TEST))
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
  out->mean = dyno_histogram_mean (h) / 1e9;
  out->p50 = dyno_histogram_percentile (h, 50) / 1e9;
  out->p90 = dyno_histogram_percentile (h, 90) / 1e9;
  out->p99 = dyno_histogram_percentile (h, 99) / 1e9;
  out->p999 = dyno_histogram_percentile (h, 99.9) / 1e9;
  out->max = dyno_histogram_max (h) / 1e9;
}

/* Ends the series of phases that left state behind (dyno-phase-ops.h): files no timed phase
 * removed are removed now, untimed. */
static gboolean
end_series (DynoRun *run, GError **error)
{
  gpointer state = g_steal_pointer (&run->series_state);
  gboolean ok = TRUE;

  if (state != NULL)
    ok = run->series_finish (run, state, error);
  run->series = NULL;
  run->series_finish = NULL;
  return ok;
}

/* What passes over the same data add up to. */
typedef struct
{
  guint64 amount;
  double elapsed;
  double cpu_seconds;
  double flush_seconds;
  guint threads;
  guint passes;
} Passes;

static void
add_pass (Passes *total, const DynoPhaseRun *pass)
{
  total->amount += pass->amount;
  total->elapsed += pass->elapsed;
  if (!isnan (pass->cpu_seconds))
    total->cpu_seconds += pass->cpu_seconds;
  if (!isnan (pass->flush_seconds))
    total->flush_seconds += pass->flush_seconds;
  total->threads = pass->threads;
  total->passes++;
}

/* The phase's counters go on from where the last pass left them. */
static void
carry_progress (DynoPhaseCtx *ctx, guint n_slots)
{
  for (guint i = 0; i < MAX (n_slots, 1); i++)
    ctx->slot[i].base = atomic_load_explicit (&ctx->slot[i].done, memory_order_relaxed);
}

static gboolean
run_phase (RunState *state, const DynoPhase *id, GError **error)
{
  DynoRun *run = &state->run;
  const DynoPhaseOps *ops = dyno_phase_ops_lookup (id->kind);
  g_autoptr (DynoHistogram) latency = dyno_histogram_new ();
  DynoPhaseCtx ctx = { .phase = id, .latency = latency };
  DynoHistogram *all_latency;
  DynoCpuTimes cpu_before, cpu_after;
  gint64 cpu_started = 0;
  gboolean have_cpu;
  double helper_before;
  DynoPhaseResult *result;
  /* A phase that leaves its data as it found it, or can have it put back untimed, makes
   * passes until it has measured for the phase time: a fast device gets a figure instead of
   * "+++++". */
  gboolean passes = run->phase_time > 0
                    && (dyno_phase_has_flag (id, DYNO_PHASE_REPEATABLE) || ops->restore != NULL);
  Passes total = { 0 };
  double restore_seconds = 0; /* spent putting data back between passes, untimed */
  double cache_resident = NAN;
  DynoPhaseRun below;         /* what evict_below found before the first pass */
  guint n_slots;
  gboolean ok;

  g_assert (ops != NULL); /* dyno_runner_check_config */

  /* A phase of another series (or of none) ends the current one first. */
  if (run->series_state != NULL && g_strcmp0 (run->series, ops->series) != 0
      && !end_series (run, error))
    return FALSE;
  /* The file tests and the queued tests do not need the data file: give its space back
   * first. */
  if (dyno_phase_has_flag (id, DYNO_PHASE_FILE_TEST | DYNO_PHASE_QUEUED) && run->data_size > 0)
    {
      unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
      run->data_size = 0;
    }

  dyno_phase_run_init (&ctx.run);
  ctx.run.repeat = run->repeat;
  ctx.total = ops->total (run, id, ops->data);
  run->current_phase = id;

  if (dyno_phase_has_flag (id, DYNO_PHASE_READS_DATA) && !prepare_read (run, &ctx.run, error))
    return FALSE;
  cache_resident = ctx.run.cache_resident;
  if (ops->prepare != NULL && !ops->prepare (run, id, ops->data, error))
    return FALSE;
  /* The queued tests evict their own file in prepare; O_DIRECT at the top does not bypass an
   * image's page cache below, so the layers go whatever the cache policy of the phase. */
  if (dyno_phase_has_flag (id, DYNO_PHASE_QUEUED) && run->config->queue_cache != DYNO_CACHE_NONE)
    evict_below (run, DYNO_QUEUE_FILE, &ctx.run);
  below = ctx.run;
  if (dyno_run_should_stop (run))
    return dyno_run_stop_error (run, error);
  /* Settle before the clock: what earlier untimed work (a calibration, an untimed delete, the
   * last data file's removal) left for the file system to write would otherwise be paid by
   * this phase's first flush. */
  if (!dyno_platform_sync_fs (run->scratch_fd, error))
    {
      g_prefix_error (error, _("syncing the file system before a phase: "));
      return FALSE;
    }

  {
    DynoEvent event = { .kind = DYNO_EVENT_PHASE_STARTED, .target = run->target,
                        .repeat = run->repeat, .phase = id };
    dyno_run_shared_push (run->shared, &event);
  }
  dyno_run_shared_set_phase (run->shared, run->target, run->repeat, id);

  n_slots = ops->n_slots != NULL ? ops->n_slots (run, id, ops->data) : 0;
  /* Phases with threads of their own register each one; others run on this thread. */
  ctx.slot = dyno_sampler_begin_phase (run->sampler, run->target, run->repeat, id, ctx.total,
                                       run->phase_time, MAX (n_slots, 1));
  if (n_slots == 0)
    dyno_sampler_register_thread (run->sampler, ctx.slot);
  have_cpu = dyno_platform_read_cpu_times (&cpu_before);
  cpu_started = dyno_now_ns ();
  helper_before = dyno_platform_process_cpu_of (run->target_result->info->helper_pid);

  for (;;)
    {
      ok = ops->run (run, &ctx, ops->data, error);
      if (!ok)
        break;
      add_pass (&total, &ctx.run);
      if (!passes || total.elapsed >= run->phase_time || total.passes >= G_MAXINT
          || dyno_run_should_stop (run))
        break;
      /* Putting data back can cost far more than the pass it feeds (a delete runs at ten or
       * more times the rate of the creates that make its files, so each second of deletes
       * costs ten of creates): once that has taken a phase time, stop as soon as the figure
       * is no longer too fast to trust, rather than let the deletes double a Quick run. */
      if (ops->restore != NULL && restore_seconds >= run->phase_time
          && total.elapsed >= DYNO_TOO_FAST_SECONDS)
        break;

      /* Another pass: the same work again, from a cold cache when reads are measured, on
       * data put back when the pass used it up. The sampler rests meanwhile, so the eviction
       * or the restoring shows as neither I/O nor a gap. */
      if (total.passes == 1 && total.elapsed > 0)
        dyno_sampler_set_total (run->sampler,
                                ctx.total * (guint64) ceil (run->phase_time / total.elapsed));
      dyno_sampler_pause (run->sampler, TRUE);
      carry_progress (&ctx, n_slots);
      if (dyno_phase_has_flag (id, DYNO_PHASE_READS_DATA))
        {
          DynoPhaseRun ignored;

          dyno_phase_run_init (&ignored);
          ok = prepare_read (run, &ignored, error);
          /* Any pass whose data may have come from a cache below marks the figure. */
          if (below.cache_doubt == NULL)
            below.cache_doubt = ignored.cache_doubt;
        }
      /* Settled before the next pass's clock, as before the first. */
      if (ok && ops->restore != NULL)
        {
          gint64 t0 = dyno_now_ns ();

          ok = ops->restore (run, id, ops->data, error)
               && dyno_platform_sync_fs (run->scratch_fd, error);
          restore_seconds += (dyno_now_ns () - t0) / 1e9;
        }
      dyno_sampler_pause (run->sampler, FALSE);
      if (!ok)
        break;
      ctx.run.elapsed = ctx.run.flush_seconds = ctx.run.cpu_seconds = NAN;
      ctx.run.amount = 0;
    }
  if (ok)
    {
      ctx.run.amount = total.amount;
      ctx.run.elapsed = total.elapsed;
      ctx.run.cpu_seconds = total.cpu_seconds;
      ctx.run.flush_seconds = total.flush_seconds;
      ctx.run.threads = total.threads;
      ctx.run.passes = total.passes;
      ctx.run.cache_resident = cache_resident;
      ctx.run.n_below = below.n_below;
      memcpy (ctx.run.below, below.below, sizeof ctx.run.below);
      ctx.run.cache_doubt = below.cache_doubt;
      if (ctx.run.cache_doubt == NULL && dyno_phase_has_flag (id, DYNO_PHASE_QUEUED)
          && ctx.run.direct == 1)
        ctx.run.cache_doubt = check_direct_bypassed (run);
      ctx.run.started = (dyno_now_ns () - run->run_started_ns) / 1e9 - total.elapsed;
      if (ctx.run.elapsed > 0)
        {
          ctx.run.rate = ctx.run.amount / ctx.run.elapsed;
          ctx.run.cpu_percent = ctx.run.cpu_seconds / ctx.run.elapsed * 100.0;
        }
    }

  dyno_sampler_end_phase (run->sampler, ok, ok && ctx.run.elapsed > 0 ? ctx.run.rate : NAN);
  if (!ok)
    return FALSE;

  if (have_cpu && dyno_platform_read_cpu_times (&cpu_after))
    {
      dyno_platform_cpu_split (&cpu_before, &cpu_after, &ctx.run.system_cpu);
      ctx.run.machine_cpu_seconds = dyno_platform_cpu_busy_seconds (&cpu_before, &cpu_after);
      /* Net of what the machine did without Dyno: other processes' CPU divided by 20 MB/s
       * read as "40.7 CPU-seconds per GB" of gocryptfs. */
      if (isfinite (run->idle_busy_cpus) && isfinite (ctx.run.machine_cpu_seconds))
        ctx.run.machine_cpu_seconds
            = MAX (ctx.run.machine_cpu_seconds
                       - run->idle_busy_cpus * (dyno_now_ns () - cpu_started) / 1e9,
                   0);
    }
  /* The FUSE daemon's part of it, which neither Dyno's threads nor the kernel show. */
  if (!isnan (helper_before))
    ctx.run.helper_cpu_seconds
        = dyno_platform_process_cpu_of (run->target_result->info->helper_pid) - helper_before;
  ctx.run.too_fast = ctx.run.elapsed < DYNO_TOO_FAST_SECONDS;
  fill_latency (&ctx.run.latency, latency);

  all_latency = g_hash_table_lookup (state->latency, id);
  if (all_latency == NULL)
    {
      all_latency = dyno_histogram_new ();
      g_hash_table_insert (state->latency, (gpointer) id, all_latency);
    }
  dyno_histogram_merge (all_latency, latency);

  result = dyno_target_result_ensure_phase (run->target_result, id);
  if (result->note == NULL && phase_note (run, id) != NULL)
    result->note = g_strdup (phase_note (run, id));
  dyno_phase_result_add_run (result, &ctx.run);
  fill_latency (&result->latency, all_latency);

  {
    DynoEvent event = { .kind = DYNO_EVENT_PHASE_FINISHED, .target = run->target,
                        .repeat = run->repeat, .phase = id, .run = ctx.run };
    dyno_run_shared_push (run->shared, &event);
  }
  dyno_run_shared_phase_done (run->shared);
  run->current_phase = NULL;
  return TRUE;
}

/* One repeat: every phase of the plan, in its order (of a round added for precision, only
 * the phases that need it). */
static gboolean
run_repeat (RunState *state, GError **error)
{
  DynoRun *run = &state->run;
  const DynoConfig *config = run->config;

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    {
      const DynoPhase *phase = dyno_config_get_phase (config, i);

      if (state->only != NULL && !g_hash_table_contains (state->only, phase))
        continue;
      if (dyno_plan_selects (config, phase) && !run_phase (state, phase, error))
        return FALSE;
    }
  return end_series (run, error);
}

/* An untimed pass before the first timed round of a target: the first writes to fresh blocks
 * (a thin volume's, a new image's, a tmpfs's pages) cost an allocation later ones do not, and
 * were in the statistics (262, then 753 and 1729 MB/s). fio's ramp_time, CrystalDiskMark's
 * prepared file and SNIA's preconditioning do the same. */
static gboolean
warm_up (RunState *state, GError **error)
{
  DynoRun *run = &state->run;
  const DynoConfig *config = run->config;
  gboolean writes = FALSE;

  if (config->phase_time <= 0 || !dyno_config_has_io_tests (config))
    return TRUE;
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    writes |= dyno_phase_has_flag (dyno_config_get_phase (config, i), DYNO_PHASE_WRITES_DATA);
  if (!writes)
    return TRUE;
  push_message (run, DYNO_MESSAGE_INFO,
                _("Warming up: writing the data file once, untimed, so that allocating fresh "
                  "blocks is not in the figures"));
  if (!dyno_run_write_data_file (run, NULL, error))
    return FALSE;
  unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
  run->data_size = 0;
  g_ptr_array_add (run->target_result->notes,
                   g_strdup (_("An untimed warm-up pass wrote the data file once before the "
                               "timed runs, so that first-touch allocation is not in the "
                               "figures")));
  return TRUE;
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

  if (dyno_config_has_io_tests (run->config) && run->config->chunk % run->direct_align != 0)
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
record_failure (DynoRun *run, const GError *error, const DynoPhase *phase)
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

/* A target between its rounds: what DynoRun holds while it is the target being measured. */
typedef struct
{
  const char *path;
  DynoTargetResult *result;
  GHashTable *latency;
  gboolean opened;  /* scratch folder made, sizes known */
  gboolean announced; /* the notes on its sizes are made */
  gboolean warmed;  /* the untimed warm-up pass ran */
  gboolean done;    /* finished or failed: it runs no more rounds */
  gint64 elapsed_ns;
  int target_fd;
  struct stat target_stat;
  char *scratch_name;
  int scratch_fd;
  gboolean direct;
  gsize direct_align;
  guint64 io_size;
  guint64 per_char_size;
  guint64 files_total;
  guint64 files_cap;
  guint64 counts[DYNO_PHASE_MAX_KINDS];
  guchar *buffer;
  guint64 queue_file_size;
  int queue_direct;
  gsize queue_direct_align;
  gboolean ring_warned;
} TargetSlot;

static void
activate (RunState *state, guint index, TargetSlot *slot)
{
  DynoRun *run = &state->run;

  run->target = index;
  run->target_path = slot->path;
  run->target_result = slot->result;
  run->target_fd = slot->target_fd;
  run->target_stat = slot->target_stat;
  run->scratch_name = slot->scratch_name;
  run->scratch_fd = slot->scratch_fd;
  run->direct = slot->direct;
  run->direct_align = slot->direct_align;
  run->io_size = slot->io_size;
  run->per_char_size = slot->per_char_size;
  run->files_total = slot->files_total;
  run->files_cap = slot->files_cap;
  memcpy (run->counts, slot->counts, sizeof run->counts);
  run->buffer = slot->buffer;
  run->queue_file_size = slot->queue_file_size;
  run->queue_direct = slot->queue_direct;
  run->queue_direct_align = slot->queue_direct_align;
  run->ring_warned = slot->ring_warned;
  run->data_size = 0;
  run->current_phase = NULL;
  state->latency = slot->latency;
  atomic_store (&run->vanished, 0);
}

static void
deactivate (RunState *state, TargetSlot *slot)
{
  DynoRun *run = &state->run;

  slot->target_fd = run->target_fd;
  slot->target_stat = run->target_stat;
  slot->scratch_name = run->scratch_name;
  slot->scratch_fd = run->scratch_fd;
  slot->direct = run->direct;
  slot->direct_align = run->direct_align;
  slot->io_size = run->io_size;
  slot->per_char_size = run->per_char_size;
  slot->files_total = run->files_total;
  slot->files_cap = run->files_cap;
  memcpy (slot->counts, run->counts, sizeof slot->counts);
  slot->buffer = run->buffer;
  slot->queue_file_size = run->queue_file_size;
  slot->queue_direct = run->queue_direct;
  slot->queue_direct_align = run->queue_direct_align;
  slot->ring_warned = run->ring_warned;
  run->scratch_name = NULL;
  run->buffer = NULL;
  run->target_result = NULL;
  state->latency = NULL;
}

/* Checks, scratch folder, buffer and sizes: the target's first round starts here, or, when
 * the targets share their sizes, the untimed measuring before the first round. */
static gboolean
open_target (RunState *state, TargetSlot *slot, GError **error)
{
  DynoRun *run = &state->run;
  DynoTargetResult *tr = slot->result;
  void *buffer = NULL;

  if (!dyno_preflight_check (run->config, tr->info, 0, tr->notes, tr->warnings, error)
      || !dyno_preflight_check_memory (run->config, 0, error))
    return FALSE;
  if (state->size_note != NULL && dyno_config_has_io_tests (run->config)
      && !dyno_config_is_auto (run->config, DYNO_AUTO_SIZE))
    g_ptr_array_insert (tr->notes, 0, g_strdup (state->size_note));
  for (guint i = 0; i < tr->notes->len; i++)
    push_message (run, DYNO_MESSAGE_INFO, g_ptr_array_index (tr->notes, i));
  for (guint i = 0; i < tr->warnings->len; i++)
    push_message (run, DYNO_MESSAGE_WARNING, g_ptr_array_index (tr->warnings, i));

  run->target_fd = open (slot->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (run->target_fd < 0 || fstat (run->target_fd, &run->target_stat) != 0)
    return dyno_run_errno_error (run, errno, error, _("opening the target folder"));
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
  if (!dyno_scratch_create (run->target_fd, &run->scratch_name, &run->scratch_fd, error))
    return FALSE;
  dyno_sampler_watch (run->sampler, slot->path, &run->target_stat, &run->vanished, &run->stop);

  /* Asked for, O_DIRECT is probed before anything is written, for the queued tests too: they
   * fall back to evicted buffered I/O only when direct I/O is their default, not a request
   * (--queue-cache direct given). */
  if (((run->config->cache == DYNO_CACHE_DIRECT && dyno_config_has_io_tests (run->config))
       || (run->config->queue_cache == DYNO_CACHE_DIRECT
           && dyno_config_option_is_given (run->config, "queue-cache")
           && dyno_config_has_queued_tests (run->config)))
      && !check_direct (run, error))
    return FALSE;

  if (posix_memalign (&buffer, MAX (run->direct_align, 4096), run->config->chunk) != 0)
    g_error ("out of memory for a %" G_GUINT64_FORMAT "-byte buffer", run->config->chunk);
  run->buffer = buffer;
  if (run->config->data == DYNO_DATA_ZEROS)
    memset (run->buffer, 0, run->config->chunk);
  else
    dyno_random_fill (&run->random, run->buffer, run->config->chunk);

  if (dyno_plan_calibrates (run->config))
    push_message (run, DYNO_MESSAGE_INFO, _("Measuring the target to size the run (not timed)"));
  if (!dyno_calibrate (run, tr->info, &tr->sizing, error))
    return FALSE;
  slot->opened = TRUE;
  return TRUE;
}

/* The notes on the sizes the target runs with, once they are final: at its first timed round,
 * which is also when they are shown under its name. */
static void
announce_sizing (RunState *state, TargetSlot *slot)
{
  DynoRun *run = &state->run;
  DynoTargetResult *tr = slot->result;

  if (dyno_config_is_auto (run->config, DYNO_AUTO_SIZE) && dyno_config_has_io_tests (run->config))
    {
      guint first_note = tr->notes->len;
      guint first_warning = tr->warnings->len;

      dyno_preflight_size_notes (run->config, run->io_size, 0, tr->notes, tr->warnings);
      for (guint i = first_note; i < tr->notes->len; i++)
        push_message (run, DYNO_MESSAGE_INFO, g_ptr_array_index (tr->notes, i));
      for (guint i = first_warning; i < tr->warnings->len; i++)
        push_message (run, DYNO_MESSAGE_WARNING, g_ptr_array_index (tr->warnings, i));
    }
  if (tr->sizing.space_short && dyno_config_has_io_tests (run->config))
    {
      g_autofree char *size = dyno_format_size (run->io_size);
      g_autofree char *rate = dyno_format_rate (tr->sizing.write_rate, DYNO_UNIT_BYTES);
      g_autofree char *warning = NULL;

      /* Translators: a target too full for honest figures; the data file's size, the rate of
       * block writes, the milliseconds they fill it in, then the least time a figure needs */
      warning = g_strdup_printf (_("This folder has too little free space for an honest run: "
                                   "the data file could only be %s, which block writes at %s "
                                   "fill in %.0f ms, where a figure needs at least %.1f s of "
                                   "them. Free some space or choose another folder."),
                                 size, rate, run->io_size / tr->sizing.write_rate * 1000,
                                 DYNO_TOO_FAST_SECONDS);
      g_ptr_array_add (tr->warnings, g_strdup (warning));
      push_message (run, DYNO_MESSAGE_WARNING, warning);
    }
  if (tr->sizing.reason != NULL)
    {
      g_autofree char *size = dyno_format_size (run->io_size);
      g_autofree char *note = NULL;

      /* Translators: how a run was sized; %s: a size, then why */
      note = g_strdup_printf (_("Sized for %g s per phase: a %s data file (%s)"),
                              run->config->phase_time, size, tr->sizing.reason);
      g_ptr_array_insert (tr->notes, 0, g_strdup (note));
      push_message (run, DYNO_MESSAGE_INFO, note);
    }
}

/* Ends the target: its scratch folder goes, with everything in it. */
static void
close_target (RunState *state, TargetSlot *slot)
{
  DynoRun *run = &state->run;
  DynoTargetResult *tr = slot->result;

  /* A failed or stopped series leaves its state: end it (after a stop its untimed deletes
   * stop at once); the scratch removal below takes whatever files are left. */
  if (run->series_state != NULL)
    {
      g_autoptr (GError) ignored = NULL;

      end_series (run, &ignored);
    }
  dyno_sampler_unwatch (run->sampler);
  /* The kernel picks a cipher's implementation when it first encrypts: look again now that
   * the run has written, so the result names the driver that did the work. */
  if (tr->info != NULL && tr->info->crypto->len > 0)
    {
      g_ptr_array_set_size (tr->info->crypto, 0);
      dyno_platform_describe_crypto (tr->info);
    }
  if (run->scratch_fd >= 0)
    close (run->scratch_fd);
  run->scratch_fd = -1;
  if (run->scratch_name != NULL)
    {
      g_autoptr (GError) cleanup_error = NULL;

      if (!dyno_scratch_remove (run->target_fd, run->scratch_name, &cleanup_error))
        {
          g_autofree char *where = g_build_filename (run->target_path, run->scratch_name, NULL);
          g_autofree char *shown = g_filename_display_name (where);

          if (dyno_run_daemon_gone (run->target_path))
            {
              g_autofree char *display = g_filename_display_name (run->target_path);

              g_clear_error (&cleanup_error);
              g_set_error (&cleanup_error, DYNO_ERROR, DYNO_ERROR_VANISHED,
                           /* Translators: a scratch folder's name, then the folder it is in */
                           _("The scratch folder %s is left in %s, whose file system stopped "
                             "answering: mount it again, and Dyno offers to remove it (or run "
                             "“dyno-cli clean”)"),
                           run->scratch_name, display);
            }
          /* For the front end's list of what Dyno left (dyno-leftovers.h). */
          g_free (tr->scratch_left);
          tr->scratch_left = g_strdup (where);
          g_ptr_array_add (tr->warnings, g_strdup (cleanup_error->message));
          push_message (run, DYNO_MESSAGE_WARNING, cleanup_error->message);
          /* Files left on someone's volume, as large as -s: the run did not end well, even
           * when every phase did, and the person must learn where they are. */
          if (tr->error_message == NULL)
            {
              tr->error_code = cleanup_error->domain == DYNO_ERROR ? cleanup_error->code
                                                                   : DYNO_ERROR_FAILED;
              tr->error_phase = NULL;
              /* TRANSLATORS: the first %s is a folder's path, the second says why, e.g.
               * "Cannot open the scratch folder dyno-42-a9Xk2Q to remove it: Permission
               * denied" */
              tr->error_message = g_strdup_printf (_("The scratch folder %s was left behind "
                                                     "(%s); it holds only Dyno's files: Dyno "
                                                     "offers to remove it (“dyno-cli clean”)"),
                                                   shown, cleanup_error->message);
            }
        }
    }
  g_clear_pointer (&run->scratch_name, g_free);
  if (run->target_fd >= 0)
    close (run->target_fd);
  run->target_fd = -1;
  free (run->buffer);
  run->buffer = NULL;
  g_clear_pointer (&slot->latency, g_hash_table_unref);
  state->latency = NULL;
  tr->elapsed = slot->elapsed_ns / 1e9;
  slot->done = TRUE;
}

static void
take_samples (DynoRun *run, DynoTargetResult *tr)
{
  g_autoptr (GArray) samples = dyno_sampler_take_samples (run->sampler);

  g_array_append_vals (tr->samples, samples->data, samples->len);
}

/* One round: target index, repeat run->repeat; with open_only, only the opening of the
 * target (open_all). Returns FALSE when the target is done (it failed, or the run was
 * stopped). */
static gboolean
run_round (RunState *state, guint index, TargetSlot *slot, gboolean last, gboolean open_only)
{
  DynoRun *run = &state->run;
  g_autoptr (GError) error = NULL;
  gint64 started = dyno_now_ns ();
  gboolean ok = TRUE;

  activate (state, index, slot);
  {
    DynoEvent event = { .kind = DYNO_EVENT_TARGET_STARTED, .target = index,
                        .text = g_strdup (slot->path) };
    dyno_run_shared_push (run->shared, &event);
  }
  if (!slot->opened)
    {
      slot->result->started_at = g_get_real_time ();
      ok = open_target (state, slot, &error);
      /* Calibrated in its first round: what came before is no phase's. */
      if (ok && !open_only)
        dyno_run_shared_calibrated (run->shared);
    }
  else
    dyno_sampler_watch (run->sampler, slot->path, &run->target_stat, &run->vanished,
                        &run->stop);
  if (ok && !open_only && !slot->announced)
    {
      DynoWorkload workload = { .io_size = run->io_size, .per_char_size = run->per_char_size,
                                .files_total = run->files_total, .files_cap = run->files_cap };

      memcpy (workload.counts, run->counts, sizeof workload.counts);
      announce_sizing (state, slot);
      slot->announced = TRUE;
      /* The sizes are final: they and the calibration's rates price its phases. */
      dyno_run_shared_set_sizing (run->shared, index, &slot->result->sizing, &workload);
    }
  if (ok && !open_only && !slot->warmed)
    {
      slot->warmed = TRUE;
      ok = warm_up (state, &error);
    }
  if (ok && !open_only)
    ok = run_repeat (state, &error);
  /* Between rounds the data file goes: another target may share the volume. */
  if (run->scratch_fd >= 0 && run->data_size > 0)
    {
      unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
      run->data_size = 0;
    }
  dyno_sampler_unwatch (run->sampler);
  take_samples (run, slot->result);
  slot->elapsed_ns += dyno_now_ns () - started;

  /* Unless dyno_run_stop_error () said so already. */
  if (error != NULL && !is_cancel (error) && !atomic_load (&run->vanished)
      && dyno_run_daemon_gone (run->target_path))
    {
      g_autofree char *message = dyno_run_daemon_gone_message (run, error->message);

      g_clear_error (&error);
      g_set_error_literal (&error, DYNO_ERROR, DYNO_ERROR_VANISHED, message);
    }
  if (error != NULL && !is_cancel (error))
    {
      record_failure (run, error, run->current_phase);
      push_message (run, DYNO_MESSAGE_WARNING, error->message);
    }
  if (!ok || (last && !open_only))
    close_target (state, slot);
  deactivate (state, slot);
  return ok;
}

static void warn_busy (RunState *state, DynoTargetResult *tr);

static void
target_finished (RunState *state, DynoResult *result, guint index, TargetSlot *slot)
{
  DynoEvent event = { .kind = DYNO_EVENT_TARGET_FINISHED, .target = index };

  /* The last change to the target: the event hands it to the caller's thread. */
  warn_busy (state, slot->result);
  event.result = slot->result;
  event.owner = g_object_ref (G_OBJECT (result));
  dyno_run_shared_push (state->run.shared, &event);
}

static void
skip_target (RunState *state, DynoResult *result, guint index, TargetSlot *slot)
{
  const DynoConfig *config = state->run.config;

  /* Failed: its remaining phases are skipped, for the progress to add up (in a round added
   * for precision there are none planned past it). */
  if (state->run.repeat + 1 < config->repeat)
    dyno_run_shared_skip_phases (state->run.shared, index,
                                 dyno_plan_count_phases (config) / MAX (config->repeat, 1)
                                     * (config->repeat - state->run.repeat - 1));
  target_finished (state, result, index, slot);
}

/* ---- precision ------------------------------------------------------------------------ */

/* Whether repeating a phase can make its figure more precise than it is: not when it has
 * none (too fast every time), nor when its data may have come from a cache below (more of
 * that says nothing about the disk). */
static gboolean
needs_more (const DynoPhaseResult *phase, double target)
{
  if (phase->cache_doubt != NULL || phase->rate.n == 0)
    return FALSE;
  return !(dyno_phase_result_get_precision (phase) <= target);
}

/* How many runs a figure would need for its interval to reach target, from the spread of
 * its runs so far: n = (z × sd / mean / target)², with the normal quantile (Student's t at
 * three runs would ask for five times too many). */
static double
runs_needed (const DynoPhaseResult *phase, double target)
{
  if (phase->rate.n < 2 || !(phase->rate.mean > 0) || !isfinite (phase->rate.sd))
    return NAN;
  return ceil (pow (1.96 * phase->rate.sd / phase->rate.mean / target, 2));
}

/* The phases some target still needs more runs of; a step of a file-test series brings the
 * whole series (the stat phase stats what the create phase made). A figure that would need
 * far more runs than rounds_left allows is left as it is, and said so: its device varies more
 * than any budget can average out (this VM's fast device read at 376 to 2519 MB/s). */
static GHashTable *
imprecise_phases (RunState *state, TargetSlot *slots, guint n_targets, double rounds_left)
{
  const DynoConfig *config = state->run.config;
  GHashTable *plan = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n_targets; i++)
    {
      if (!slots[i].opened || slots[i].done)
        continue;
      for (guint j = 0; j < slots[i].result->phases->len; j++)
        {
          DynoPhaseResult *phase = g_ptr_array_index (slots[i].result->phases, j);
          double needed;

          if (!needs_more (phase, config->precision)
              || g_hash_table_contains (state->hopeless, phase))
            continue;
          needed = runs_needed (phase, config->precision);
          /* Half again as many as the budget holds: a spread from a few runs is itself rough,
           * so a figure near the line gets its chance. */
          if (isfinite (needed)
              && (needed > DYNO_MAX_REPEAT || needed > phase->rate.n + 1.5 * rounds_left))
            {
              g_hash_table_insert (state->hopeless, phase,
                                   GUINT_TO_POINTER ((guint) MIN (needed, G_MAXINT)));
              continue;
            }
          g_hash_table_add (plan, (gpointer) phase->phase);
        }
    }
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    {
      const DynoPhase *phase = dyno_config_get_phase (config, i);
      const DynoPhaseOps *ops = dyno_phase_ops_lookup (phase->kind);
      GHashTableIter iter;
      gpointer key;

      if (ops == NULL || ops->series == NULL || !dyno_plan_selects (config, phase))
        continue;
      g_hash_table_iter_init (&iter, plan);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          const DynoPhaseOps *other = dyno_phase_ops_lookup (((const DynoPhase *) key)->kind);

          if (other != NULL && g_strcmp0 (other->series, ops->series) == 0)
            {
              g_hash_table_add (plan, (gpointer) phase);
              break;
            }
        }
    }
  return plan;
}

/* Rounds after the -x ones, of the phases whose 95 % interval is still wider than the
 * precision asked for, A B B A as before, until every figure is precise enough, the time
 * budget would be passed, or DYNO_MAX_REPEAT rounds ran (Phoronix Test Suite adds runs while
 * the deviation is high). Nothing is dropped to narrow an interval: every run counts. */
static void
add_rounds (RunState *state, DynoResult *result, TargetSlot *slots, guint n_targets,
            gboolean *cancelled)
{
  DynoRun *run = &state->run;
  const DynoConfig *config = run->config;
  guint n_open = 0;
  guint n_selected = 0;
  double budget;
  double estimate = NAN; /* seconds of the next round */
  guint last_plan = 0;

  for (guint i = 0; i < n_targets; i++)
    n_open += slots[i].opened && !slots[i].done ? 1 : 0;
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    n_selected += dyno_plan_selects (config, dyno_config_get_phase (config, i)) ? 1 : 0;
  budget = config->max_time > 0 ? config->max_time * n_open : INFINITY;
  state->precision_stop = DYNO_PRECISION_DONE;

  while (!*cancelled && n_open > 0)
    {
      g_autoptr (GHashTable) plan = NULL;
      double spent = (dyno_now_ns () - run->run_started_ns) / 1e9;
      double rounds_left = DYNO_MAX_REPEAT - run->repeat;
      guint n_plan;
      gint64 started;

      if (isnan (estimate))
        {
          /* The first added round: as long as a whole round took so far (the calibration
           * counted in: rather too long than past the budget). */
          gint64 all = 0;

          for (guint i = 0; i < n_targets; i++)
            all += slots[i].opened && !slots[i].done ? slots[i].elapsed_ns : 0;
          estimate = all / 1e9 / MAX (run->repeat, 1);
        }
      if (isfinite (budget) && estimate > 0)
        rounds_left = MIN (rounds_left, MAX (budget - spent, 0) / estimate);
      plan = imprecise_phases (state, slots, n_targets, rounds_left);
      n_plan = g_hash_table_size (plan);
      if (n_plan == 0)
        break;
      if (run->repeat >= DYNO_MAX_REPEAT)
        {
          state->precision_stop = DYNO_PRECISION_MAX_REPEAT;
          break;
        }
      if (last_plan > 0 && n_plan < last_plan)
        estimate = estimate * n_plan / last_plan;
      else if (last_plan == 0)
        estimate = estimate * n_plan / MAX (n_selected, 1);
      last_plan = n_plan;
      if (spent + estimate > budget)
        {
          state->precision_stop = DYNO_PRECISION_BUDGET;
          break;
        }
      {
        g_autofree char *text = NULL;

        /* Translators: a message during a run; %u is the run's number, the second %u how
         * many tests, %.0f the precision asked for in percent */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Run %u for precision: %u test is not yet within "
                                             "±%.0f %%",
                                             "Run %u for precision: %u tests are not yet "
                                             "within ±%.0f %%",
                                             n_plan),
                                run->repeat + 1, n_plan, config->precision * 100);
        push_message (run, DYNO_MESSAGE_INFO, text);
      }
      dyno_run_shared_add_phases (run->shared, n_plan);
      state->only = plan;
      started = dyno_now_ns ();
      for (guint k = 0; k < n_targets && !*cancelled; k++)
        {
          guint i = run->repeat % 2 == 0 ? k : n_targets - 1 - k;

          if (!slots[i].opened || slots[i].done)
            continue;
          if (!run_round (state, i, &slots[i], FALSE, FALSE))
            {
              skip_target (state, result, i, &slots[i]);
              n_open--;
            }
          if (g_cancellable_is_cancelled (run->cancellable))
            *cancelled = TRUE;
        }
      state->only = NULL;
      estimate = (dyno_now_ns () - started) / 1e9;
      run->repeat++;
    }
}

/* Each figure of a finished target against the precision asked for, with why it was not
 * reached. */
static void
judge_precision (RunState *state, DynoTargetResult *tr)
{
  const DynoConfig *config = state->run.config;

  if (!(config->precision > 0) || config->phase_time <= 0)
    return;
  for (guint i = 0; i < tr->phases->len; i++)
    {
      DynoPhaseResult *phase = g_ptr_array_index (tr->phases, i);
      g_autofree char *spread = dyno_phase_result_describe_spread (phase);
      g_autofree char *why = NULL;

      if (phase->runs->len == 0)
        continue;
      if (g_hash_table_contains (state->hopeless, phase))
        /* Translators: why a figure's precision was not reached: about how many runs it would
         * take, then the spread of its runs ("the device's own runs varied ×6.7") */
        why = g_strdup_printf (_("it would take about %u runs, more than Dyno makes within "
                                 "its budget: %s"),
                               GPOINTER_TO_UINT (g_hash_table_lookup (state->hopeless, phase)),
                               spread);
      else if (phase->cache_doubt != NULL)
        /* Translators: why a figure's precision was not sought */
        why = g_strdup (_("its data may come from a cache below: repeating cannot help"));
      else if (phase->rate.n == 0 && tr->sizing.space_short)
        /* Translators: why a figure's precision was not reached */
        why = g_strdup (_("too fast to measure: the folder has too little free space for a "
                          "data file that lasts the phase time"));
      else if (phase->rate.n == 0)
        /* Translators: why a figure's precision was not reached */
        why = g_strdup (_("too fast to measure: give a larger size or a longer phase time"));
      else
        switch (state->precision_stop)
          {
          case DYNO_PRECISION_BUDGET:
            /* Translators: why a figure's precision was not reached: the time budget in
             * seconds, then the spread of its runs ("the device's own runs varied ×6.7") */
            why = g_strdup_printf (_("not reached within the time budget (%.0f s a target, "
                                     "--max-time): %s"),
                                   config->max_time, spread);
            break;
          case DYNO_PRECISION_MAX_REPEAT:
            /* Translators: why a figure's precision was not reached; %u is a count of runs */
            why = g_strdup_printf (_("not reached in %u runs, the most Dyno makes: %s"),
                                   phase->rate.n, spread);
            break;
          case DYNO_PRECISION_NOT_SOUGHT:
            /* Translators: why a figure's precision was not reached; %u is the -x count */
            why = g_strdup_printf (_("not reached in the %u runs asked for (-x): %s"),
                                   config->repeat, spread);
            break;
          case DYNO_PRECISION_DONE:
          default:
            break; /* the spread, the judge's own reason */
          }
      dyno_phase_result_judge_precision (phase, config->precision, why);
    }
}

/* Several targets with calibrated sizes: a comparison of them must compare the same work, so
 * each is measured first, untimed, before any timed round (which keeps A B B A as it is), and
 * all then run the sizes the fastest of them calls for, within the least free space of them
 * (dyno_calibrate_common). A target that fails here is done, as in its first round. */
static void
open_all (RunState *state, DynoResult *result, TargetSlot *slots, guint n_targets)
{
  DynoRun *run = &state->run;
  g_autofree DynoSizing **each = g_new0 (DynoSizing *, n_targets);
  g_autofree const DynoTargetInfo **infos = g_new0 (const DynoTargetInfo *, n_targets);
  guint n_open = 0;
  DynoWorkload common;

  for (guint i = 0; i < n_targets; i++)
    {
      if (!run_round (state, i, &slots[i], FALSE, TRUE))
        skip_target (state, result, i, &slots[i]);
      if (g_cancellable_is_cancelled (run->cancellable))
        return; /* the caller's loop ends at once and cleans up */
    }
  for (guint i = 0; i < n_targets; i++)
    if (slots[i].opened && !slots[i].done)
      {
        each[n_open] = &slots[i].result->sizing;
        infos[n_open] = slots[i].result->info;
        n_open++;
      }
  if (n_open == 0)
    return;
  dyno_calibrate_common (run->config, each, infos, n_open, &common);
  for (guint i = 0; i < n_targets; i++)
    if (slots[i].opened && !slots[i].done)
      {
        slots[i].io_size = common.io_size;
        slots[i].per_char_size = common.per_char_size;
        slots[i].files_total = common.files_total;
        slots[i].files_cap = common.files_cap;
        memcpy (slots[i].counts, common.counts, sizeof slots[i].counts);
        /* The estimate prices each target's phases at its own rates. */
        dyno_run_shared_set_sizing (run->shared, i, &slots[i].result->sizing, &common);
      }
  /* What came before (the idle measurement, every calibration) is no phase's. */
  dyno_run_shared_calibrated (run->shared);
}

/* ---- taking turns ----------------------------------------------------------------------- */

/* The targets calibrated, untimed, as open_all does; what each found goes to the engine, which
 * has the other machines' too and sends back the workload for all. */
static void
open_for_turns (RunState *state, DynoResult *result, TargetSlot *slots, guint n_targets)
{
  DynoRun *run = &state->run;

  for (guint i = 0; i < n_targets; i++)
    {
      run->repeat = 0;
      if (!run_round (state, i, &slots[i], FALSE, TRUE))
        {
          /* It has no calibration to give: the engine hears why instead. */
          DynoEvent event = { .kind = DYNO_EVENT_ROUND_FINISHED, .target = i,
                              .text = g_strdup (slots[i].result->error_message != NULL
                                                    ? slots[i].result->error_message
                                                    : _("The target had ended")) };

          skip_target (state, result, i, &slots[i]);
          dyno_run_shared_push (run->shared, &event);
        }
      if (g_cancellable_is_cancelled (run->cancellable))
        return;
    }
  for (guint i = 0; i < n_targets; i++)
    if (slots[i].opened && !slots[i].done)
      {
        DynoEvent event = { .kind = DYNO_EVENT_SIZED, .target = i,
                            .sizing = slots[i].result->sizing,
                            .free_bytes = slots[i].result->info->free_bytes,
                            .free_inodes = slots[i].result->info->free_inodes,
                            .text = g_strdup (slots[i].path) };

        event.sizing.reason = NULL;
        dyno_run_shared_push (run->shared, &event);
      }
}

static void
adopt_workload (RunState *state, TargetSlot *slots, guint n_targets, const DynoStreamEvent *order)
{
  for (guint i = 0; i < n_targets; i++)
    if (slots[i].opened && !slots[i].done)
      {
        slots[i].io_size = order->workload.io_size;
        slots[i].per_char_size = order->workload.per_char_size;
        slots[i].files_total = order->workload.files_total;
        slots[i].files_cap = order->workload.files_cap;
        memcpy (slots[i].counts, order->workload.counts, sizeof slots[i].counts);
        dyno_calibrate_adopt (state->run.config, &order->workload,
                              order->text != NULL ? order->text : "", &slots[i].result->sizing);
        dyno_run_shared_set_sizing (state->run.shared, i, &slots[i].result->sizing,
                                    &order->workload);
      }
  dyno_run_shared_calibrated (state->run.shared);
}

/* One round that was ordered; the engine hears when it is over, and why the target ended if
 * it did. */
static void
ordered_round (RunState *state, DynoResult *result, TargetSlot *slots, guint n_targets,
               const DynoStreamEvent *order, guint *added_repeat)
{
  DynoRun *run = &state->run;
  g_autoptr (GHashTable) only = NULL;
  DynoEvent event = { .kind = DYNO_EVENT_ROUND_FINISHED, .target = order->target,
                      .repeat = order->repeat };
  TargetSlot *slot;

  event.started = (dyno_now_ns () - run->run_started_ns) / 1e9;
  if (order->target >= n_targets)
    {
      event.text = g_strdup_printf (_("There is no target %u here"), order->target);
      dyno_run_shared_push (run->shared, &event);
      return;
    }
  slot = &slots[order->target];
  if (order->only != NULL)
    {
      only = g_hash_table_new (NULL, NULL);
      for (guint i = 0; order->only[i] != NULL; i++)
        g_hash_table_add (only, (gpointer) dyno_phase_lookup (order->only[i]));
    }
  /* A round past -x, for precision: the plan grows, once per round. */
  if (order->repeat >= run->config->repeat && order->repeat + 1 > *added_repeat)
    {
      *added_repeat = order->repeat + 1;
      dyno_run_shared_add_phases (run->shared, only != NULL ? g_hash_table_size (only)
                                                            : dyno_plan_count_phases (run->config)
                                                                  / MAX (run->config->repeat, 1));
    }
  run->repeat = order->repeat;
  state->only = only;
  if (!slot->done && !run_round (state, order->target, slot, FALSE, FALSE))
    skip_target (state, result, order->target, slot);
  state->only = NULL;
  if (slot->done)
    event.text = g_strdup (slot->result->error_message != NULL
                               ? slot->result->error_message
                               : _("The target had ended"));
  dyno_run_shared_push (run->shared, &event);
}

/* The run of a runner that takes turns (dyno_run_shared_set_take_turns): rounds only when
 * told, in the order told, until the end or a stop. */
static void
take_turns (RunState *state, DynoResult *result, TargetSlot *slots, guint n_targets,
            gboolean *cancelled)
{
  DynoRun *run = &state->run;
  guint added_repeat = run->config->repeat;

  if (dyno_plan_calibrates (run->config))
    open_for_turns (state, result, slots, n_targets);
  while (!g_cancellable_is_cancelled (run->cancellable))
    {
      DynoStreamEvent order;
      gboolean end = FALSE;

      if (!dyno_run_shared_wait_order (run->shared, run->cancellable, &order))
        break;
      switch (order.kind)
        {
        case DYNO_STREAM_WORKLOAD:
          adopt_workload (state, slots, n_targets, &order);
          break;
        case DYNO_STREAM_ROUND:
          ordered_round (state, result, slots, n_targets, &order, &added_repeat);
          break;
        case DYNO_STREAM_END:
          {
            int stop = DYNO_PRECISION_NOT_SOUGHT;

            /* As an END order names it; a name this Dyno does not know: not sought. */
            dyno_enum_from_nick (DYNO_TYPE_PRECISION_STOP, order.text, NULL, &stop);
            state->precision_stop = stop;
          }
          end = TRUE;
          break;
        default:
          break;
        }
      dyno_stream_event_clear (&order);
      if (end)
        break;
    }
  *cancelled = g_cancellable_is_cancelled (run->cancellable);
}

/* How busy the machine is while Dyno does nothing, just before the run: the baseline its
 * machine-wide CPU figures are net of, and a warning when other processes were busy. As long
 * as a phase, at most a second. */
static void
measure_idle (DynoRun *run, DynoSystemInfo *system)
{
  double seconds = MIN (run->config->phase_time, 1.0);
  DynoCpuTimes before, after;
  gint64 t0;
  double busy;

  run->idle_busy_cpus = NAN;
  if (seconds <= 0 || !dyno_platform_read_cpu_times (&before))
    return;
  t0 = dyno_now_ns ();
  g_usleep ((gulong) (seconds * G_USEC_PER_SEC));
  if (!dyno_platform_read_cpu_times (&after))
    return;
  busy = dyno_platform_cpu_busy_seconds (&before, &after);
  if (!isfinite (busy))
    return;
  seconds = (dyno_now_ns () - t0) / 1e9;
  run->idle_busy_cpus = busy / seconds;
  system->idle_busy_cpus = run->idle_busy_cpus;
  system->idle_seconds = seconds;
}

/* Other processes busy when the run began: the machine-wide CPU is uncertain by as much. */
static void
warn_busy (RunState *state, DynoTargetResult *tr)
{
  double busy = state->run.idle_busy_cpus;

  if (!(busy >= 0.25))
    return;
  /* Translators: %.2f is a number of CPUs' worth of busy time, e.g. "0.60" */
  g_ptr_array_add (tr->warnings,
                   g_strdup_printf (_("Other processes kept %.2f CPUs busy just before the run: "
                                      "the machine-wide CPU figures are net of that, but "
                                      "uncertain by as much"),
                                    busy));
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
  TargetSlot *slots;
  guint n_targets;
  guint64 largest = 0;
  gulong handler = 0;
  gboolean cancelled = FALSE;
  gboolean adaptive;

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
  run->target_fd = run->scratch_fd = -1;
  run->ring_state = -1;
  /* The engine's clock: a front end places every sample and phase from then. */
  run->run_started_ns = dyno_run_shared_get_started_ns (shared);
  atomic_init (&run->stop, 0);
  atomic_init (&run->vanished, 0);
  dyno_random_seed (&run->random, run->seed);
  /* Before any target is touched: a thread that cannot start leaves nothing to clean up. */
  run->sampler = dyno_sampler_new (shared, sample_interval_ms, run->run_started_ns, error);
  if (run->sampler == NULL)
    {
      g_prefix_error (error, _("Cannot start the run: "));
      dyno_run_shared_finish (shared);
      g_free (state.size_note);
      return NULL;
    }
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), run, NULL);
  measure_idle (run, (DynoSystemInfo *) dyno_result_get_system (result));

  n_targets = g_strv_length ((char **) targets);
  slots = g_new0 (TargetSlot, n_targets);
  for (guint i = 0; i < n_targets; i++)
    {
      slots[i].path = targets[i];
      slots[i].result = dyno_target_result_new (dyno_target_info_collect (targets[i]));
      slots[i].latency = g_hash_table_new_full (NULL, NULL, NULL,
                                                (GDestroyNotify) dyno_histogram_free);
      slots[i].target_fd = slots[i].scratch_fd = -1;
      slots[i].direct_align = 4096;
      slots[i].queue_direct = -1;
      slots[i].queue_direct_align = 4096;
    }

  adaptive = dyno_config_is_auto (run->config, DYNO_AUTO_REPEAT) && run->config->precision > 0;
  state.precision_stop = DYNO_PRECISION_NOT_SOUGHT;
  state.hopeless = g_hash_table_new (NULL, NULL);

  if (dyno_run_shared_get_take_turns (shared))
    take_turns (&state, result, slots, n_targets, &cancelled);
  else if (n_targets > 1 && dyno_plan_calibrates (run->config))
    {
      run->repeat = 0;
      open_all (&state, result, slots, n_targets);
      cancelled = g_cancellable_is_cancelled (cancellable);
    }

  /* Repeats alternate between the targets, A B B A A B …, so that whatever drifts while the
   * run goes on (heat, a host's cache, other work) falls on every target alike. With repeats
   * added for precision no round is known to be the last: the targets stay open for them. */
  for (run->repeat = 0; run->repeat < run->config->repeat && !cancelled
                       && !dyno_run_shared_get_take_turns (shared);
       run->repeat++)
    for (guint k = 0; k < n_targets && !cancelled; k++)
      {
        guint i = run->repeat % 2 == 0 ? k : n_targets - 1 - k;
        gboolean last = !adaptive && run->repeat + 1 == run->config->repeat;

        if (slots[i].done)
          continue;
        if (!run_round (&state, i, &slots[i], last, FALSE))
          skip_target (&state, result, i, &slots[i]);
        else if (last)
          {
            judge_precision (&state, slots[i].result);
            target_finished (&state, result, i, &slots[i]);
          }
        if (g_cancellable_is_cancelled (cancellable))
          cancelled = TRUE;
      }
  if (adaptive && !cancelled && !dyno_run_shared_get_take_turns (shared))
    add_rounds (&state, result, slots, n_targets, &cancelled);

  /* Done with the repeats added for precision, or stopped: every target that has a scratch
   * folder loses it now. */
  for (guint i = 0; i < n_targets; i++)
    if (!slots[i].done && slots[i].opened)
      {
        activate (&state, i, &slots[i]);
        close_target (&state, &slots[i]);
        deactivate (&state, &slots[i]);
        if (!cancelled)
          judge_precision (&state, slots[i].result);
        target_finished (&state, result, i, &slots[i]);
      }
    else if (!slots[i].done)
      {
        g_clear_pointer (&slots[i].latency, g_hash_table_unref);
        /* Taking turns, a target whose first round never came (another one failed): said,
         * rather than a target with nothing and no reason. */
        if (!cancelled && dyno_run_shared_get_take_turns (shared))
          {
            slots[i].result->error_code = DYNO_ERROR_FAILED;
            slots[i].result->error_message
                = g_strdup (_("Not measured: the run ended before this target's first round, "
                              "when another target of the run failed"));
            target_finished (&state, result, i, &slots[i]);
          }
      }

  /* In the order given, whatever order they ran in. */
  for (guint i = 0; i < n_targets; i++)
    {
      DynoTargetResult *tr = slots[i].result;

      if (tr->sizing.size > 0 && dyno_config_is_auto (run->config, DYNO_AUTO_SIZE))
        largest = MAX (largest, tr->sizing.size);
      dyno_result_add_target (result, tr);
    }
  /* Readers that know no sizing see the largest data file a target used. */
  if (largest > 0)
    ((DynoConfig *) run->config)->size = largest;
  g_free (slots);
  g_clear_pointer (&state.hopeless, g_hash_table_unref);

  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  dyno_sampler_free (run->sampler);
  dyno_run_shared_finish (shared);
  g_free (state.size_note);
  g_free (run->ring_error);

  /* Stopped, the run keeps what it finished: each phase with the runs it completed (a phase
   * cut short added none). The engine hands it out beside its "cancelled" (dyno-engine.h). */
  if (cancelled)
    {
      dyno_result_set_stopped (result, TRUE);
      for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
        {
          DynoTargetResult *tr = dyno_result_get_target (result, i);

          if (tr->phases->len > 0)
            g_ptr_array_add (tr->warnings,
                             g_strdup (_("The run was stopped before it ended: these are the "
                                         "phases that had finished, each with the repeats it "
                                         "had completed; the phase it was in and those after "
                                         "it are missing")));
        }
    }
  return g_steal_pointer (&result);
}
