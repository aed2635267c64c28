/* test-engine.c: every phase on a real folder, cancellation, failures, cleanup
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dyno-files-options.h"
#include "dyno-calibrate.h"
#include "dyno-engine.h"
#include "dyno-error.h"
#include "dyno-scratch.h"
#include "dyno-test-util.h"
#include "platform/dyno-platform.h"
#include "dyno-sysinfo-collect.h"

typedef struct
{
  char *dir;
  char *keep_sum;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *keep = NULL;

  f->dir = dyno_test_make_dir ("dyno-engine");
  keep = g_build_filename (f->dir, "keep.txt", NULL);
  /* A file that was there before the run must be there, unchanged, after it. */
  dyno_test_write_file (keep, "precious data, not Dyno's\n");
  f->keep_sum = dyno_test_checksum_tree (f->dir);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  dyno_test_rm_rf (f->dir);
  g_free (f->dir);
  g_free (f->keep_sum);
}

static void
assert_untouched (Fixture *f)
{
  g_autofree char *sum = dyno_test_checksum_tree (f->dir);

  dyno_test_assert_no_scratch (f->dir);
  g_assert_cmpstr (sum, ==, f->keep_sum);
}

/* Bonnie's way: the sizes given, one pass, one run. What most tests check is easier to say
 * of that; the tests of phase times and repeats set them. */
static DynoConfig *
one_pass_config (void)
{
  DynoConfig *config = dyno_config_new ();

  config->phase_time = 0;
  config->autos = 0;
  config->repeat = 1;
  return config;
}

static DynoConfig *
small_config (void)
{
  DynoConfig *config = one_pass_config ();

  config->size = 16 << 20;
  dyno_config_set_uint (config, "seeks", 512);
  dyno_config_get_files (config)->num = 1;
  return config;
}

typedef struct
{
  GThread *main_thread;
  guint n_signals;
  guint n_off_thread;
  guint n_samples;
  guint phases_started;
  guint phases_finished;
  guint messages;
  GString *message_text;
  GCancellable *cancel_on_sample;
  gint64 cancelled_at;
  char *unmount_on_sample;
} Watch;

static void
count_signal (Watch *w)
{
  w->n_signals++;
  if (g_thread_self () != w->main_thread)
    w->n_off_thread++;
}

static void
on_phase_started (DynoEngine *e, guint target, guint repeat, const DynoPhase *phase, Watch *w)
{
  count_signal (w);
  w->phases_started++;
}

static void
on_samples (DynoEngine *e, GArray *samples, Watch *w)
{
  count_signal (w);
  w->n_samples += samples->len;
  for (guint i = 0; i < samples->len; i++)
    {
      const DynoSample *s = &g_array_index (samples, DynoSample, i);

      g_assert_nonnull (s->phase);
      g_assert_true (dyno_phase_has_flag (s->phase, DYNO_PHASE_BONNIE));
      g_assert_cmpfloat (s->progress, >=, 0);
      g_assert_cmpfloat (s->progress, <=, 1);
      g_assert_false (isnan (s->rate));
      g_assert_cmpfloat (s->t, >=, s->phase_t);
    }
  if (w->cancel_on_sample != NULL && w->cancelled_at == 0)
    {
      w->cancelled_at = g_get_monotonic_time ();
      g_cancellable_cancel (w->cancel_on_sample);
    }
  if (w->unmount_on_sample != NULL)
    {
      g_assert_cmpint (umount2 (w->unmount_on_sample, MNT_DETACH), ==, 0);
      g_clear_pointer (&w->unmount_on_sample, g_free);
    }
}

static void
on_phase_finished (DynoEngine *e, guint target, guint repeat, const DynoPhase *phase,
                   const DynoPhaseRun *run,
                   Watch *w)
{
  count_signal (w);
  w->phases_finished++;
  g_assert_nonnull (run);
}

static void
on_message (DynoEngine *e, guint target, int level, const char *text, Watch *w)
{
  count_signal (w);
  w->messages++;
  g_string_append_printf (w->message_text, "%s\n", text);
}

static DynoResult *
run_watched_every (const DynoConfig *config, const char *dir, guint sample_interval_ms, Watch *w,
                   GCancellable *cancellable, GError **error)
{
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  const char *targets[] = { dir, NULL };

  if (sample_interval_ms > 0)
    dyno_engine_set_sample_interval (engine, sample_interval_ms);

  w->main_thread = g_thread_self ();
  w->message_text = g_string_new (NULL);
  g_signal_connect (engine, "phase-started", G_CALLBACK (on_phase_started), w);
  g_signal_connect (engine, "samples", G_CALLBACK (on_samples), w);
  g_signal_connect (engine, "phase-finished", G_CALLBACK (on_phase_finished), w);
  g_signal_connect (engine, "message", G_CALLBACK (on_message), w);
  return dyno_engine_run_sync (engine, config, targets, cancellable, error);
}

static DynoResult *
run_watched (const DynoConfig *config, const char *dir, Watch *w, GCancellable *cancellable,
             GError **error)
{
  return run_watched_every (config, dir, 0, w, cancellable, error);
}

static void
watch_clear (Watch *w)
{
  if (w->message_text)
    g_string_free (w->message_text, TRUE);
  g_free (w->unmount_on_sample);
}

static void
assert_phase_sane (const DynoPhaseResult *phase)
{
  const DynoPhaseRun *run = dyno_phase_result_get_run (phase, 0);

  g_assert_cmpuint (run->amount, >, 0);
  g_assert_cmpfloat (run->elapsed, >, 0);
  g_assert_true (isfinite (run->rate) && run->rate > 0);
  g_assert_cmpfloat_with_epsilon (run->rate, run->amount / run->elapsed, run->rate * 1e-9);
  g_assert_true (isfinite (run->cpu_seconds) && run->cpu_seconds >= 0);
  g_assert_true (run->cpu_percent >= 0 && run->cpu_percent < 100.0 * run->threads + 5);
  g_assert_cmpuint (run->latency.count, >, 0);
  g_assert_cmpfloat (run->latency.p50, <=, run->latency.p99);
  g_assert_cmpfloat (run->latency.p99, <=, run->latency.p999);
  g_assert_cmpfloat (run->latency.p999, <=, run->latency.max);
  g_assert_true (run->too_fast == (run->elapsed < DYNO_TOO_FAST_SECONDS));
}

static guint
count_phase_samples (const DynoTargetResult *target, guint repeat, const DynoPhase *id,
                     const DynoSample **last)
{
  guint n = 0;

  for (guint i = 0; i < target->samples->len; i++)
    {
      const DynoSample *s = &g_array_index (target->samples, DynoSample, i);

      if (s->repeat == repeat && s->phase == id)
        {
          n++;
          *last = s;
        }
    }
  return n;
}

static void
test_all_phases (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  const DynoTargetResult *target;

  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 1);

  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  g_assert_cmpuint (target->phases->len, ==, N_BONNIE);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      guint n_bonnie;

      g_assert_true (phase->phase == dyno_phase_bonnie (&n_bonnie)[i]); /* execution order */
      g_assert_cmpuint (phase->runs->len, ==, 1);
      assert_phase_sane (phase);
    }

  /* Amounts are what was asked for. */
  g_assert_cmpuint (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "write"), 0)->amount, ==, 16 << 20);
  g_assert_cmpuint (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "putc"), 0)->amount, ==, 16 << 20);
  g_assert_cmpuint (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "seeks"), 0)->amount, ==, 512);
  g_assert_cmpuint (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "seeks"), 0)->threads, ==, 5);
  g_assert_cmpuint (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "rand_delete"), 0)->amount, ==, 1024);

  /* Evicted before each read phase, verified with mincore: (almost) nothing left in RAM. */
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      const DynoPhaseRun *run = dyno_phase_result_get_run (phase, 0);

      if (dyno_phase_has_flag (phase->phase, DYNO_PHASE_READS_DATA))
        {
          g_assert_false (isnan (run->cache_resident));
          g_assert_cmpfloat (run->cache_resident, <, 0.1);
        }
    }
  /* Writes include the fsync. */
  g_assert_cmpfloat (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "write"), 0)->flush_seconds, >=, 0);

  g_assert_cmpuint (w.phases_started, ==, N_BONNIE);
  g_assert_cmpuint (w.phases_finished, ==, N_BONNIE);
  g_assert_cmpuint (w.n_off_thread, ==, 0);
  g_assert_cmpuint (w.n_samples, ==, target->samples->len);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      const DynoSample *last = NULL;

      g_assert_cmpuint (count_phase_samples (target, 0, phase->phase, &last), >, 0);
    }
#if DYNO_PLATFORM_LINUX
  /* The POSIX fallback has no portable way to name a file system. */
  g_assert_nonnull (target->info->fs_type);
#endif
  assert_untouched (f);
  watch_clear (&w);
}

/* A phase that ends before the sampler's first tick (a fast device, a small file) must
 * still leave one sample, spanning the whole phase and carrying its figure: the live chart,
 * the samples table and the comparison overlay would otherwise miss it. The longest interval
 * the engine takes (10 s) is longer than these phases take on any machine but a very slow
 * or busy one; there, a phase may have ticks of its own, but only a whole interval after it
 * began (an earlier tick was the sampler's bug: a time left over from an earlier phase). */
/* Every sample of a phase but its last came at a whole number of intervals into the phase. */
static void
assert_ticks_a_whole_interval_apart (const DynoTargetResult *target, guint repeat,
                                     const DynoPhase *id, double interval)
{
  double expected = interval;
  const DynoSample *last = NULL;
  guint n = count_phase_samples (target, repeat, id, &last);
  guint seen = 0;

  for (guint i = 0; i < target->samples->len; i++)
    {
      const DynoSample *s = &g_array_index (target->samples, DynoSample, i);

      if (s->repeat != repeat || s->phase != id || ++seen == n)
        continue;
      g_assert_cmpfloat (s->phase_t, >=, expected * 0.999);
      expected = s->phase_t + interval;
    }
}

static void
test_short_phase_has_a_sample (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  const DynoTargetResult *target;

  config->size = 1 << 20;
  dyno_config_set_uint (config, "seeks", 64);
  config->repeat = 2;
  result = run_watched_every (config, f->dir, 24 * 3600 * 1000, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpuint (target->phases->len, ==, N_BONNIE);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      for (guint r = 0; r < phase->runs->len; r++)
        {
          const DynoPhaseRun *run = dyno_phase_result_get_run (phase, r);
          const DynoSample *sample = NULL;

          guint n = count_phase_samples (target, r, phase->phase, &sample);

          g_assert_cmpuint (n, >=, 1);
          if (n > 1)
            assert_ticks_a_whole_interval_apart (target, r, phase->phase,
                                                 DYNO_ENGINE_MAX_SAMPLE_INTERVAL_MS / 1000.0);
          else
            g_assert_cmpfloat_with_epsilon (sample->rate, run->rate, run->rate * 1e-9);
          g_assert_cmpuint (sample->done, ==, run->amount);
          g_assert_cmpfloat (sample->progress, ==, 1.0);
          g_assert_cmpfloat (sample->phase_t, >, 0);
        }
    }
  g_assert_cmpuint (w.n_samples, ==, target->samples->len);
  assert_untouched (f);
  watch_clear (&w);
}

static void
test_cache_none_is_resident (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  const DynoPhaseRun *read;

  /* The contrast that shows the eviction is real: without it, the file just written is in
   * RAM, and mincore says so. */
  config->cache = DYNO_CACHE_NONE;
  dyno_config_select (config, "write,read", NULL);
  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  read = dyno_phase_result_get_run (dyno_target_result_find_phase (dyno_result_get_target (result, 0), "read"), 0);
  g_assert_cmpfloat (read->cache_resident, >, 0.5);
  g_assert_nonnull (strstr (w.message_text->str, "none"));
  assert_untouched (f);
  watch_clear (&w);
}

static void
test_per_char_syscall_and_repeat (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  const DynoTargetResult *target;
  const DynoPhaseResult *putc;

  config->per_char = DYNO_PER_CHAR_SYSCALL;
  config->per_char_size = 256 << 10;
  config->repeat = 3;
  dyno_config_select (config, "putc,getc,read", NULL);
  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpuint (target->phases->len, ==, 3);
  putc = dyno_target_result_find_phase (target, "putc");
  g_assert_cmpuint (putc->runs->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (dyno_phase_result_get_run (putc, i)->amount, ==, 256 << 10);
      g_assert_cmpuint (dyno_phase_result_get_run (putc, i)->repeat, ==, i);
    }
  /* The phase is too fast when any of its runs is; which runs are depends on the machine. */
  {
    gboolean any = FALSE;

    for (guint i = 0; i < 3; i++)
      {
        const DynoPhaseRun *run = dyno_phase_result_get_run (putc, i);

        g_assert_true (run->too_fast == (run->elapsed < DYNO_TOO_FAST_SECONDS));
        any |= run->too_fast;
      }
    g_assert_true (putc->too_fast == any);
  }
  /* read needs the full file although write did not run: it was prepared untimed. */
  g_assert_cmpuint (dyno_phase_result_get_run (dyno_target_result_find_phase (target, "read"), 0)->amount, ==, 16 << 20);
  g_assert_cmpuint (w.phases_finished, ==, 9);
  assert_untouched (f);
  watch_clear (&w);
}

static void
test_direct (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  const DynoTargetResult *target;

  config->cache = DYNO_CACHE_DIRECT;
  dyno_config_select (config, "io", NULL);
  dyno_config_set_uint (config, "seeks", 256);
  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  if (target->error_code == DYNO_ERROR_UNSUPPORTED)
    {
      g_test_skip ("the test folder's file system has no O_DIRECT");
      watch_clear (&w);
      return;
    }
  g_assert_null (target->error_message);
  g_assert_cmpuint (target->phases->len, ==, 6);
  /* Per-char phases say they stayed buffered. */
  g_assert_nonnull (dyno_target_result_find_phase (target, "getc")->note);
  g_assert_null (dyno_target_result_find_phase (target, "read")->note);
  assert_untouched (f);
  watch_clear (&w);
}

static void
test_direct_unsupported (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  const DynoTargetResult *target;
  g_autoptr (DynoTargetInfo) info = dyno_target_info_collect ("/dev/shm");

  if (!info->writable || g_strcmp0 (info->fs_type, "tmpfs") != 0)
    {
      g_test_skip ("/dev/shm is not a writable tmpfs here");
      return;
    }
  dir = g_mkdtemp (g_strdup ("/dev/shm/dyno-test-direct-XXXXXX"));
  g_assert_nonnull (dir);

  config->cache = DYNO_CACHE_DIRECT;
  config->size = 1 << 20;
  dyno_config_select (config, "write", NULL);
  result = run_watched (config, dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  if (target->error_message == NULL)
    {
      /* tmpfs gained O_DIRECT in Linux 6.6; nothing here can show the refusal. */
      g_test_skip ("this kernel's tmpfs supports O_DIRECT");
      dyno_test_assert_no_scratch (dir);
      dyno_test_rm_rf (dir);
      watch_clear (&w);
      return;
    }
  g_assert_cmpint (target->error_code, ==, DYNO_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (target->error_message, "O_DIRECT"));
  g_assert_nonnull (strstr (target->error_message, dir));
  dyno_test_assert_no_scratch (dir);
  dyno_test_rm_rf (dir);
  watch_clear (&w);
}

static void
test_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = one_pass_config ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };
  double latency_ms;

  {
    g_autoptr (DynoTargetInfo) info = dyno_target_info_collect (f->dir);

    /* Large enough to be cancelled mid-write, small enough for a nearly full CI disk. */
    config->size = MIN (G_GUINT64_CONSTANT (2) << 30, info->free_bytes / 2);
    if (config->size < (G_GUINT64_CONSTANT (256) << 20))
      {
        g_test_skip ("less than 512 MiB free in the test folder");
        return;
      }
  }
  dyno_config_select (config, "write,read", NULL);
  w.cancel_on_sample = cancellable;
  result = run_watched (config, f->dir, &w, cancellable, &error);
  latency_ms = (g_get_monotonic_time () - w.cancelled_at) / 1000.0;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result);
  g_assert_cmpint (w.cancelled_at, >, 0);
  g_test_message ("stopped %.0f ms after cancelling (scratch removal included)", latency_ms);
  /* Generous for loaded CI machines; the I/O loop itself checks between every chunk. */
  g_assert_cmpfloat (latency_ms, <, 2000);
  assert_untouched (f);
  watch_clear (&w);
}

static void
test_bad_targets (void)
{
  g_autofree char *base = dyno_test_make_dir ("dyno-bad");
  g_autofree char *missing = g_build_filename (base, "missing", NULL);
  g_autofree char *file = g_build_filename (base, "file", NULL);
  g_autofree char *dangling = g_build_filename (base, "dangling", NULL);
  g_autoptr (DynoConfig) config = small_config ();
  struct
  {
    const char *path;
    DynoError code;
  } cases[] = {
    { missing, DYNO_ERROR_NOT_FOUND },
    { file, DYNO_ERROR_NOT_DIRECTORY },
    { dangling, DYNO_ERROR_NOT_FOUND },
  };

  dyno_test_write_file (file, "x");
  g_assert_cmpint (symlink (missing, dangling), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DynoResult) result = NULL;
      const DynoTargetResult *target;
      Watch w = { 0 };

      result = run_watched (config, cases[i].path, &w, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (dyno_result_has_failures (result));
      target = dyno_result_get_target (result, 0);
      g_assert_cmpint (target->error_code, ==, cases[i].code);
      /* The message says what is wrong; the target is named by the result, not repeated. */
      g_assert_cmpstr (target->info->path, ==, cases[i].path);
      g_assert_cmpstr (target->error_message, !=, "");
      g_assert_null (target->error_phase);
      g_assert_cmpuint (target->phases->len, ==, 0);
      watch_clear (&w);
    }
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  dyno_test_rm_rf (base);
}

static void
test_second_target_runs_after_failure (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autofree char *missing = g_build_filename (f->dir, "nope", NULL);
  const char *targets[] = { missing, f->dir, NULL };

  dyno_config_select (config, "write", NULL);
  result = dyno_engine_run_sync (engine, config, targets, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 2);
  g_assert_true (dyno_target_result_failed (dyno_result_get_target (result, 0)));
  g_assert_false (dyno_target_result_failed (dyno_result_get_target (result, 1)));
  g_assert_cmpuint (dyno_result_get_target (result, 1)->phases->len, ==, 1);
  assert_untouched (f);
}

/* Every phase measures for at least the phase time: reads, seeks and stat by making passes
 * (or, seeks, by a deadline), deletes by passes over files put back untimed, the others
 * because the run is sized from a calibration. Nothing
 * here depends on how fast the folder is: a phase's measured time is at least the phase time
 * by construction, whatever the device. */
static void
test_phase_time (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autofree char *json = NULL;
  const DynoTargetResult *target;
  const DynoSizing *sizing;
  Watch w = { 0 };
  guint64 created = 0;

  config->phase_time = 0.3;
  config->repeat = 1;
  g_assert_true (dyno_config_select (config, "putc,write,getc,read,seeks,seq_create,seq_stat,"
                                     "seq_delete",
                                     &error));
  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  sizing = &target->sizing;
  g_assert_true (sizing->calibrated);
  g_assert_true (isfinite (sizing->write_rate) && sizing->write_rate > 0);
  g_assert_true (isfinite (sizing->per_char_rate) && sizing->per_char_rate > 0);
  g_assert_true (isfinite (sizing->create_rate) && sizing->create_rate > 0);
  g_assert_cmpuint (sizing->size, >, 0);
  g_assert_cmpuint (sizing->size % config->chunk, ==, 0);
  g_assert_cmpuint (sizing->per_char_size, <=, sizing->size);
  g_assert_cmpuint (dyno_sizing_get_count (sizing, dyno_phase_kind_lookup ("seeks")), ==, 0);
  g_assert_nonnull (sizing->reason);

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      const DynoPhaseRun *run = dyno_phase_result_get_run (phase, 0);
      const char *key = dyno_phase_get_key (phase->phase);

      g_assert_cmpuint (run->passes, >=, 1);
      g_assert_cmpuint (run->amount, >, 0);
      g_assert_true (isfinite (run->started));
      if (dyno_phase_has_flag (phase->phase, DYNO_PHASE_REPEATABLE)
          || g_str_equal (key, "seq_delete"))
        g_assert_cmpfloat (run->elapsed, >=, config->phase_time);
      else
        g_assert_cmpuint (run->passes, ==, 1);
      /* Each delete pass removes every file the create made, put back between passes. */
      if (g_str_equal (key, "seq_create"))
        created = run->amount;
      if (g_str_equal (key, "seq_delete"))
        g_assert_cmpuint (run->amount, ==, (guint64) run->passes * created);
      if (g_str_equal (key, "write"))
        g_assert_cmpuint (run->amount, ==, sizing->size);
      if (g_str_equal (key, "read"))
        g_assert_cmpuint (run->amount, ==, (guint64) run->passes * sizing->size);
      if (g_str_equal (key, "putc"))
        g_assert_cmpuint (run->amount, ==, sizing->per_char_size);
      if (g_str_equal (key, "getc"))
        g_assert_cmpuint (run->amount, ==, (guint64) run->passes * sizing->per_char_size);
      if (g_str_equal (key, "seq_create"))
        g_assert_cmpuint (run->amount, <=, sizing->files);
      /* Under a single pass the cache was evicted before the phase; between passes too. */
      if (dyno_phase_has_flag (phase->phase, DYNO_PHASE_READS_DATA))
        g_assert_cmpfloat (run->cache_resident, <, 0.1);
    }
  for (guint i = 0; i < target->samples->len; i++)
    {
      const DynoSample *s = &g_array_index (target->samples, DynoSample, i);

      g_assert_cmpfloat (s->progress, <=, 1.0);
    }

  /* What was chosen and why survives a file. */
  json = dyno_result_to_json (result, FALSE);
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dyno_result_get_target (loaded, 0)->sizing.size, ==, sizing->size);
  g_assert_cmpstr (dyno_result_get_target (loaded, 0)->sizing.reason, ==, sizing->reason);
  g_assert_cmpfloat (dyno_result_get_config (loaded)->phase_time, ==, 0.3);
  g_assert_true (dyno_config_is_auto (dyno_result_get_config (loaded), DYNO_AUTO_SIZE));
  assert_untouched (f);
  watch_clear (&w);
}

static void
count_target_started (DynoEngine *e, guint target, const char *path, guint *n)
{
  (*n)++;
}

static int
compare_started (gconstpointer a, gconstpointer b)
{
  const DynoPhaseRun *x = *(const DynoPhaseRun *const *) a;
  const DynoPhaseRun *y = *(const DynoPhaseRun *const *) b;

  return x->started < y->started ? -1 : x->started > y->started;
}

/* Two targets, three repeats: A B B A A B, and each run says when it started. */
static void
test_interleave (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autofree char *second = dyno_test_make_dir ("dyno-engine-b");
  const char *targets[] = { f->dir, second, NULL };
  g_autoptr (GPtrArray) runs = g_ptr_array_new ();
  static const guint expected[] = { 0, 1, 1, 0, 0, 1 };
  guint started = 0;

  config->repeat = 3;
  dyno_config_select (config, "write", NULL);
  g_signal_connect (engine, "target-started", G_CALLBACK (count_target_started), &started);
  result = dyno_engine_run_sync (engine, config, targets, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (started, ==, 6); /* once per round */
  for (guint t = 0; t < 2; t++)
    {
      const DynoPhaseResult *write
          = dyno_target_result_find_phase (dyno_result_get_target (result, t), "write");

      g_assert_cmpuint (write->runs->len, ==, 3);
      for (guint r = 0; r < 3; r++)
        g_ptr_array_add (runs, (gpointer) dyno_phase_result_get_run (write, r));
    }
  g_ptr_array_sort (runs, compare_started);
  for (guint i = 0; i < runs->len; i++)
    {
      const DynoPhaseRun *run = g_ptr_array_index (runs, i);
      const DynoPhaseResult *write0
          = dyno_target_result_find_phase (dyno_result_get_target (result, 0), "write");
      gboolean of_first = FALSE;

      for (guint r = 0; r < write0->runs->len; r++)
        of_first |= dyno_phase_result_get_run (write0, r) == run;
      g_assert_cmpuint (of_first ? 0 : 1, ==, expected[i]);
      g_assert_cmpuint (run->repeat, ==, i / 2);
    }
  assert_untouched (f);
  dyno_test_assert_no_scratch (second);
  dyno_test_rm_rf (second);
}

/* What dyno-calibrate.c lets a data file take of a volume's free space (space_for_data). */
static guint64
space_rule (guint64 free_bytes)
{
  const guint64 margin = G_GUINT64_CONSTANT (64) << 20;

  return free_bytes > margin ? (free_bytes - margin) / 2 : 0;
}

static DynoSizing
made_up_sizing (double write_rate, double per_char_rate, double create_rate, guint64 size)
{
  DynoSizing sizing = { 0 };

  dyno_sizing_clear (&sizing);
  sizing.calibrated = TRUE;
  sizing.write_rate = write_rate;
  sizing.per_char_rate = per_char_rate;
  sizing.create_rate = create_rate;
  sizing.size = size;
  sizing.reason = g_strdup ("its own reason");
  return sizing;
}

/* The choice of one workload for several targets, from made-up rates and free spaces: the
 * fastest target decides, the one with the least free space caps, given sizes stay. */
static void
test_calibrate_common (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoTargetInfo) fast = dyno_target_info_new ("/fast");
  g_autoptr (DynoTargetInfo) slow = dyno_target_info_new ("/slow");
  const DynoTargetInfo *infos[] = { fast, slow };
  const guint64 chunk = config->chunk;
  const guint64 gib = G_GUINT64_CONSTANT (1) << 30;
  DynoSizing a, b;
  DynoSizing *each[] = { &a, &b };
  DynoWorkload w;

  config->phase_time = 3;
  g_assert_true (dyno_config_select (config, "putc,write,read,seeks,seq_create", NULL));
  fast->free_bytes = 100 * gib;
  slow->free_bytes = 200 * gib;
  fast->free_inodes = slow->free_inodes = 1000000000;

  /* Room enough: the fastest rate of each kind sizes everyone's work. */
  a = made_up_sizing (1e9, 2e6, 4000, 3 * gib);
  b = made_up_sizing (1e8, 5e6, 20000, 300 << 20);
  dyno_calibrate_common (config, each, infos, 2, &w);
  g_assert_cmpuint (w.io_size, ==, (G_GUINT64_CONSTANT (3000000000) + chunk - 1) / chunk * chunk);
  g_assert_cmpuint (w.per_char_size, ==, 15007744); /* 5e6 × 3 s in whole 8 KiB */
  g_assert_cmpuint (w.files_total, ==, 60416);      /* 20000 × 3 s in whole 1024s */
  g_assert_cmpuint (w.files_cap, ==, 4 * 60416);
  g_assert_cmpuint (w.counts[dyno_phase_kind_get_index (dyno_phase_kind_lookup ("seeks"))], ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (each[i]->size, ==, w.io_size);
      g_assert_cmpuint (each[i]->per_char_size, ==, w.per_char_size);
      g_assert_cmpuint (each[i]->files, ==, w.files_cap);
      g_assert_cmpuint (dyno_sizing_get_count (each[i], dyno_phase_kind_lookup ("seeks")), ==, 0);
      g_assert_nonnull (strstr (each[i]->reason, "the same for every target"));
      g_assert_null (strstr (each[i]->reason, "capped by the free space"));
    }
  /* Each keeps its own measurements, and the one whose own size differed says so. */
  g_assert_cmpfloat (a.write_rate, ==, 1e9);
  g_assert_cmpfloat (b.write_rate, ==, 1e8);
  g_assert_cmpfloat (b.create_rate, ==, 20000);
  g_assert_nonnull (strstr (a.reason, "on its own this target called for a"));
  g_assert_nonnull (strstr (b.reason, "on its own this target called for a"));
  dyno_sizing_clear (&a);
  dyno_sizing_clear (&b);

  /* The slow target's volume is nearly full: it caps the fast one's file too. */
  slow->free_bytes = 2 * gib;
  a = made_up_sizing (1e9, 2e6, 4000, 3 * gib);
  b = made_up_sizing (1e8, 5e6, 20000, 300 << 20);
  dyno_calibrate_common (config, each, infos, 2, &w);
  g_assert_cmpuint (w.io_size, ==, space_rule (slow->free_bytes) / chunk * chunk);
  g_assert_cmpuint (w.io_size, <=, space_rule (fast->free_bytes));
  g_assert_cmpuint (w.per_char_size, <=, w.io_size);
  g_assert_cmpuint (a.size, ==, b.size);
  g_assert_nonnull (strstr (a.reason, "capped by the free space of /slow"));
  g_assert_nonnull (strstr (b.reason, "capped by the free space of /slow"));
  dyno_sizing_clear (&a);
  dyno_sizing_clear (&b);

  /* Few inodes on one side cap everyone's files. */
  slow->free_inodes = 20000;
  a = made_up_sizing (1e9, 2e6, 4000, 3 * gib);
  b = made_up_sizing (1e8, 5e6, 20000, 300 << 20);
  dyno_calibrate_common (config, each, infos, 2, &w);
  g_assert_cmpuint (w.files_cap, ==, 9216); /* 10000 in whole 1024s */
  g_assert_cmpuint (w.files_total, <=, w.files_cap);
  g_assert_nonnull (strstr (a.reason, "files capped by the free inodes of /slow"));
  dyno_sizing_clear (&a);
  dyno_sizing_clear (&b);

  /* Sizes given stay as given: -s 64M, -n, --seeks. */
  config->autos = DYNO_AUTO_PER_CHAR;
  config->size = 64 << 20;
  dyno_config_set_uint (config, "seeks", 1000);
  a = made_up_sizing (NAN, 2e6, NAN, 64 << 20);
  b = made_up_sizing (NAN, 5e6, NAN, 64 << 20);
  dyno_calibrate_common (config, each, infos, 2, &w);
  g_assert_cmpuint (w.io_size, ==, 64 << 20);
  /* The seeks size themselves (dyno-kind-seeks.c): the count given. */
  g_assert_cmpuint (w.counts[dyno_phase_kind_get_index (dyno_phase_kind_lookup ("seeks"))], ==,
                    1000);
  g_assert_cmpuint (w.files_total, ==, dyno_config_get_files_total (config));
  g_assert_cmpuint (w.files_cap, ==, 0);
  g_assert_cmpuint (a.size, ==, 64 << 20);
  g_assert_cmpuint (b.size, ==, 64 << 20);
  g_assert_cmpuint (a.per_char_size, ==, b.per_char_size);
  g_assert_null (strstr (a.reason, "on its own"));
  dyno_sizing_clear (&a);
  dyno_sizing_clear (&b);
}

/* Two calibrated targets do the same work, within the space of each. Nothing here depends on
 * how fast the folders are: whatever each calibration measured, the sizes are one. */
static void
test_shared_sizing (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autofree char *second = dyno_test_make_dir ("dyno-engine-b");
  const char *targets[] = { f->dir, second, NULL };
  const DynoSizing *first;

  config->phase_time = 0.2;
  config->repeat = 1;
  g_assert_true (dyno_config_select (config, "putc,write,seq_create", &error));
  result = dyno_engine_run_sync (engine, config, targets, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 2);
  first = &dyno_result_get_target (result, 0)->sizing;
  for (guint t = 0; t < 2; t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);
      const DynoSizing *sizing = &target->sizing;
      const DynoPhaseResult *write = dyno_target_result_find_phase (target, "write");
      const DynoPhaseResult *putc_ = dyno_target_result_find_phase (target, "putc");

      g_assert_null (target->error_message);
      g_assert_true (sizing->calibrated);
      g_assert_true (isfinite (sizing->write_rate) && sizing->write_rate > 0);
      g_assert_cmpuint (sizing->size, >, 0);
      g_assert_cmpuint (sizing->size, ==, first->size);
      g_assert_cmpuint (sizing->per_char_size, ==, first->per_char_size);
      g_assert_cmpuint (sizing->files, ==, first->files);
      g_assert_cmpuint (dyno_sizing_get_count (sizing, dyno_phase_kind_lookup ("seeks")), ==,
                        dyno_sizing_get_count (first, dyno_phase_kind_lookup ("seeks")));
      g_assert_nonnull (strstr (sizing->reason, "the same for every target"));
      if (target->info->free_bytes > 0 && space_rule (target->info->free_bytes) >= (16 << 20))
        g_assert_cmpuint (sizing->size, <=, space_rule (target->info->free_bytes));
      /* The phases did that work, not only the sizing says so. */
      g_assert_cmpuint (dyno_phase_result_get_run (write, 0)->amount, ==, sizing->size);
      g_assert_cmpuint (dyno_phase_result_get_run (putc_, 0)->amount, ==, sizing->per_char_size);
    }
  assert_untouched (f);
  dyno_test_assert_no_scratch (second);
  dyno_test_rm_rf (second);
}

static GPid
dead_pid (void)
{
  GPid pid = fork ();

  if (pid == 0)
    _exit (0);
  waitpid (pid, NULL, 0);
  return pid;
}

static void
make_fake_scratch (const char *dir, const char *name, gboolean marker, const char *extra)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *data = g_build_filename (path, "data", NULL);

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  dyno_test_write_file (data, "old data");
  if (marker)
    {
      g_autofree char *m = g_build_filename (path, DYNO_SCRATCH_MARKER, NULL);
      dyno_test_write_file (m, "Dyno scratch folder: safe to delete when no Dyno runs.\npid=1\nidentity=gone:1\n");
    }
  if (extra)
    {
      g_autofree char *e = g_build_filename (path, extra, NULL);
      dyno_test_write_file (e, "someone else's");
    }
}

static void
test_stale_scratch (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  GPid pid = dead_pid ();
  g_autofree char *stale = g_strdup_printf ("dyno-%d-abcdef", (int) pid);
  g_autofree char *unmarked = g_strdup_printf ("dyno-%d-zzzzzz", (int) pid);
  g_autofree char *foreign = g_strdup_printf ("dyno-%d-qqqqqq", (int) pid);
  g_autofree char *alive = g_strdup_printf ("dyno-%d-aaaaaa", (int) getpid ());
  g_autofree char *path = NULL;
  Watch w = { 0 };

  make_fake_scratch (f->dir, stale, TRUE, NULL);
  make_fake_scratch (f->dir, unmarked, FALSE, NULL);
  make_fake_scratch (f->dir, foreign, TRUE, "precious.txt");
  /* Our own pid with an identity that matches this process: a live run, hands off. */
  {
    g_autofree char *p = g_build_filename (f->dir, alive, NULL);
    g_autofree char *m = g_build_filename (p, DYNO_SCRATCH_MARKER, NULL);
    g_autofree char *id = dyno_platform_process_identity (getpid ());
    g_autofree char *text = g_strdup_printf ("Dyno scratch folder: x\npid=%d\nidentity=%s\n", (int) getpid (), id);

    g_mkdir (p, 0700);
    dyno_test_write_file (m, text);
  }

  dyno_config_select (config, "write", NULL);
  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (dyno_result_has_failures (result));

  path = g_build_filename (f->dir, stale, NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (w.message_text->str, stale));
  g_free (path);
  path = g_build_filename (f->dir, unmarked, "data", NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_free (path);
  path = g_build_filename (f->dir, foreign, "precious.txt", NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_free (path);
  path = g_build_filename (f->dir, alive, NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  watch_clear (&w);

  for (const char *const *n = (const char *const[]) { unmarked, foreign, alive, NULL }; *n; n++)
    {
      g_autofree char *p = g_build_filename (f->dir, *n, NULL);
      dyno_test_rm_rf (p);
    }
  assert_untouched (f);
}

static char *
mount_tmpfs (const char *options)
{
  char *dir = dyno_test_make_dir ("dyno-tmpfs");

  if (mount ("tmpfs", dir, "tmpfs", 0, options) != 0)
    {
      g_test_message ("mount tmpfs: %s", g_strerror (errno));
      g_rmdir (dir);
      g_free (dir);
      return NULL;
    }
  return dir;
}

static void
test_enospc_mid_write (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *keep = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;
  Watch w = { 0 };

  if (!dyno_test_is_root ())
    {
      g_test_skip ("needs root to mount a small tmpfs");
      return;
    }
  dir = mount_tmpfs ("size=8m");
  if (dir == NULL)
    {
      g_test_skip ("cannot mount tmpfs here");
      return;
    }
  keep = g_build_filename (dir, "keep.txt", NULL);
  dyno_test_write_file (keep, "still here");
  before = dyno_test_checksum_tree (dir);

  /* Past the pre-flight check on purpose, so the write itself runs out of space. */
  config->size = 32 << 20;
  config->skip_space_check = TRUE;
  dyno_config_select (config, "write,read", NULL);
  result = run_watched (config, dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpint (target->error_code, ==, DYNO_ERROR_NO_SPACE);
  g_assert_true (target->error_phase == PHASE ("write"));
  g_assert_nonnull (strstr (target->error_message, g_strerror (ENOSPC)));
  g_test_message ("error: %s", target->error_message);
  dyno_test_assert_no_scratch (dir);
  after = dyno_test_checksum_tree (dir);
  g_assert_cmpstr (before, ==, after);

  g_assert_cmpint (umount (dir), ==, 0);
  g_rmdir (dir);
  watch_clear (&w);
}

static void
test_preflight_refuses_no_space (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;
  Watch w = { 0 };

  if (!dyno_test_is_root ())
    {
      g_test_skip ("needs root to mount a small tmpfs");
      return;
    }
  dir = mount_tmpfs ("size=8m");
  if (dir == NULL)
    {
      g_test_skip ("cannot mount tmpfs here");
      return;
    }
  config->size = 32 << 20;
  result = run_watched (config, dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpint (target->error_code, ==, DYNO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (target->error_message, "free"));
  g_assert_cmpuint (target->phases->len, ==, 0);
  dyno_test_assert_no_scratch (dir);
  umount (dir);
  g_rmdir (dir);
  watch_clear (&w);
}

static void
test_read_only (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  Watch w = { 0 };

  if (!dyno_test_is_root ())
    {
      g_test_skip ("needs root to mount a read-only tmpfs");
      return;
    }
  dir = mount_tmpfs ("size=64m,ro");
  if (dir == NULL)
    {
      g_test_skip ("cannot mount tmpfs here");
      return;
    }
  result = run_watched (config, dir, &w, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dyno_result_get_target (result, 0)->error_code, ==, DYNO_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (dyno_result_get_target (result, 0)->error_message, "read-only"));
  umount (dir);
  g_rmdir (dir);
  watch_clear (&w);
}

static void
test_vanished_target (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (DynoConfig) config = one_pass_config ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;
  Watch w = { 0 };
  gint64 started;

  if (!dyno_test_is_root ())
    {
      g_test_skip ("needs root to mount and lazily unmount a tmpfs");
      return;
    }
  dir = mount_tmpfs ("size=3g");
  if (dir == NULL)
    {
      g_test_skip ("cannot mount tmpfs here");
      return;
    }
  /* Per-char writes are slow enough to still be running when the unmount lands. */
  config->size = G_GUINT64_CONSTANT (2) << 30;
  config->per_char = DYNO_PER_CHAR_SYSCALL;
  config->per_char_size = config->size;
  dyno_config_select (config, "putc", NULL);
  w.unmount_on_sample = g_strdup (dir);
  started = g_get_monotonic_time ();
  result = run_watched (config, dir, &w, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpint (target->error_code, ==, DYNO_ERROR_VANISHED);
  g_assert_nonnull (strstr (target->error_message, dir));
  /* No hang: the watch notices within about a second. */
  g_assert_cmpint (g_get_monotonic_time () - started, <, 20 * G_USEC_PER_SEC);
  g_rmdir (dir);
  watch_clear (&w);
}

/* Repeats for precision. A target of ±0.01 % no device's timing meets, so whatever the
 * machine's speed the figure misses it; how it says so is what is checked: with -x alone
 * ("asked for"), or past -x with a budget (a run that would take more runs than the budget
 * holds stops at once, saying about how many). Block read makes passes until the phase time,
 * so it is never too fast to have a figure, on any machine. */
static void
test_precision (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (DynoResult) exact = NULL;
  g_autoptr (DynoResult) sought = NULL;
  g_autoptr (GError) error = NULL;
  Watch w = { 0 };
  const DynoPhaseResult *read;

  dyno_config_select (config, "write,read", NULL);
  config->phase_time = 0.6;
  config->repeat = 2;
  config->precision = 0.0001;
  config->max_time = 30;

  /* -x 2 exactly: judged, not sought. */
  exact = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  watch_clear (&w);
  read = dyno_target_result_find_phase (dyno_result_get_target (exact, 0), "read");
  g_assert_cmpuint (read->runs->len, ==, 2);
  g_assert_cmpfloat (read->precision_target, ==, 0.0001);
  g_assert_cmpint (read->precision_met, ==, 0);
  g_assert_cmpfloat (read->precision_reached, >, 0.0001);
  g_assert_nonnull (strstr (read->precision_reason, "asked for (-x)"));
  g_assert_nonnull (strstr (read->precision_reason, "varied ×"));
  /* The machine's own load was measured first, as long as a phase, and the runs' machine
   * CPU is net of it (never below zero). */
#if DYNO_PLATFORM_LINUX
  /* (The POSIX fallback cannot read the machine's CPU times: unknown, NAN, there.) */
  g_assert_cmpfloat (dyno_result_get_system (exact)->idle_busy_cpus, >=, 0);
  g_assert_cmpfloat (dyno_result_get_system (exact)->idle_seconds, >=, 0.59);
  for (guint r = 0; r < read->runs->len; r++)
    g_assert_cmpfloat (dyno_phase_result_get_run (read, r)->machine_cpu_seconds, >=, 0);
#endif

  /* Sought: the spread of two runs calls for far more runs than 30 s hold, so none is added
   * and the reason says about how many it would take. */
  memset (&w, 0, sizeof w);
  config->autos |= DYNO_AUTO_REPEAT;
  sought = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  watch_clear (&w);
  read = dyno_target_result_find_phase (dyno_result_get_target (sought, 0), "read");
  g_assert_cmpint (read->precision_met, ==, 0);
  g_assert_cmpuint (read->runs->len, >=, 2);
  g_assert_nonnull (read->precision_reason);
  g_assert_true (strstr (read->precision_reason, "would take about") != NULL
                 || strstr (read->precision_reason, "time budget") != NULL);
  for (guint r = 0; r < read->runs->len; r++)
    g_assert_cmpuint (dyno_phase_result_get_run (read, r)->repeat, ==, r);
  assert_untouched (f);
}

/* A figure precise enough stops the repeats at -x: a target of ±99 % every run meets but
 * one whose runs varied tenfold. */
static void
test_precision_met (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = small_config ();
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  Watch w = { 0 };
  const DynoPhaseResult *read;

  dyno_config_select (config, "write,read", NULL);
  config->phase_time = 0.6;
  config->repeat = 3;
  config->precision = 0.99;
  config->max_time = 60;
  config->autos |= DYNO_AUTO_REPEAT;
  result = run_watched (config, f->dir, &w, NULL, &error);
  g_assert_no_error (error);
  watch_clear (&w);
  read = dyno_target_result_find_phase (dyno_result_get_target (result, 0), "read");
  g_assert_cmpfloat (read->precision_reached, ==, read->rate.ci95 / read->rate.mean);
  if (read->precision_met == 1)
    g_assert_null (read->precision_reason);
  else
    g_assert_nonnull (read->precision_reason);
  g_assert_cmpuint (read->runs->len, >=, 3);
  /* A run past the third was added only because the runs before it missed the target. */
  if (read->runs->len > 3)
    {
      guint n = read->runs->len - 1;
      g_autofree double *rates = g_new (double, n);
      DynoStats before;

      for (guint r = 0; r < n; r++)
        rates[r] = dyno_phase_result_get_run (read, r)->rate;
      dyno_stats_compute (rates, n, &before);
      g_assert_cmpfloat (before.ci95 / before.mean, >, 0.99);
    }
  assert_untouched (f);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/engine/all-phases", test_all_phases);
  ADD ("/engine/short-phase-has-a-sample", test_short_phase_has_a_sample);
  ADD ("/engine/phase-time", test_phase_time);
  ADD ("/engine/interleave", test_interleave);
  ADD ("/engine/shared-sizing", test_shared_sizing);
  ADD ("/engine/precision", test_precision);
  ADD ("/engine/precision-met", test_precision_met);
  ADD ("/engine/cache-none-is-resident", test_cache_none_is_resident);
  ADD ("/engine/per-char-syscall-repeat", test_per_char_syscall_and_repeat);
  ADD ("/engine/direct", test_direct);
  ADD ("/engine/cancel", test_cancel);
  ADD ("/engine/next-target-after-failure", test_second_target_runs_after_failure);
  ADD ("/engine/stale-scratch", test_stale_scratch);
#undef ADD
  g_test_add_func ("/engine/calibrate-common", test_calibrate_common);
  g_test_add_func ("/engine/direct-unsupported", test_direct_unsupported);
  g_test_add_func ("/engine/bad-targets", test_bad_targets);
  g_test_add_func ("/engine/root/enospc-mid-write", test_enospc_mid_write);
  g_test_add_func ("/engine/root/preflight-no-space", test_preflight_refuses_no_space);
  g_test_add_func ("/engine/root/read-only", test_read_only);
  g_test_add_func ("/engine/root/vanished-target", test_vanished_target);

  return g_test_run ();
}
