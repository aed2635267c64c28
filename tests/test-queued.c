/* test-queued.c: the queued tests (CrystalDiskMark's) on a real folder
 *
 * What is asserted holds on any machine: counts of I/Os and bytes for one pass over the test
 * file, the engine and I/O mode recorded, errors, cleanup. How fast anything went is never
 * asserted; tests/bench/qd-vs-fio measures that.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#if DYNO_PLATFORM_LINUX
#include <sched.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dyno-engine.h"
#include "dyno-error.h"
#include "dyno-profile.h"
#include "dyno-report.h"
#include "dyno-sysinfo-collect.h"
#include "dyno-test-util.h"
#include "platform/dyno-platform.h"
#include "platform/dyno-platform-ring.h"

#define TEST_FILE (G_GUINT64_CONSTANT (2) << 20)

typedef struct
{
  char *dir;
  GString *messages;
  guint samples;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->dir = dyno_test_make_dir ("dyno-queued");
  f->messages = g_string_new (NULL);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  dyno_test_assert_no_scratch (f->dir);
  dyno_test_rm_rf (f->dir);
  g_free (f->dir);
  g_string_free (f->messages, TRUE);
}

static DynoConfig *
queued_config (const char *tests)
{
  DynoConfig *config = dyno_config_new ();

  config->phase_time = 0; /* one pass: the counts are exact */
  config->autos = 0;
  config->repeat = 1;
  config->queue_size = TEST_FILE;
  g_assert_true (dyno_config_select (config, tests, NULL));
  return config;
}

static void
on_message (DynoEngine *e, guint target, int level, const char *text, Fixture *f)
{
  g_string_append_printf (f->messages, "%s\n", text);
}

static void
on_samples (DynoEngine *e, GArray *samples, Fixture *f)
{
  for (guint i = 0; i < samples->len; i++)
    {
      const DynoSample *s = &g_array_index (samples, DynoSample, i);

      g_assert_true (dyno_phase_has_flag (s->phase, DYNO_PHASE_QUEUED));
      g_assert_cmpfloat (s->progress, >=, 0);
      g_assert_cmpfloat (s->progress, <=, 1);
    }
  f->samples += samples->len;
}

static DynoResult *
run (Fixture *f, const DynoConfig *config, GCancellable *cancellable, GError **error)
{
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  const char *targets[] = { f->dir, NULL };

  g_signal_connect (engine, "message", G_CALLBACK (on_message), f);
  g_signal_connect (engine, "samples", G_CALLBACK (on_samples), f);
  return dyno_engine_run_sync (engine, config, targets, cancellable, error);
}

/* One pass moves the test file's size, in whole blocks, whatever the queue and threads. */
static void
assert_one_pass (const DynoTargetResult *target, const char *key)
{
  const DynoPhase *phase = PHASE (key);
  const DynoPhaseResult *result = dyno_target_result_get_phase (target, phase);
  const DynoPhaseRun *run;
  guint64 ios = TEST_FILE / phase->params.block_size;

  g_assert_nonnull (result);
  g_assert_cmpuint (result->runs->len, ==, 1);
  run = dyno_phase_result_get_run (result, 0);
  g_assert_cmpuint (run->ios, ==, ios);
  g_assert_cmpuint (run->amount, ==, ios * phase->params.block_size);
  g_assert_cmpfloat (run->elapsed, >, 0);
  g_assert_cmpfloat_with_epsilon (run->rate, run->amount / run->elapsed, run->rate * 1e-9);
  g_assert_cmpfloat_with_epsilon (run->iops, run->ios / run->elapsed, run->iops * 1e-9);
  g_assert_cmpuint (run->latency.count, ==, ios);
  g_assert_cmpfloat (run->latency.p50, <=, run->latency.p99);
  g_assert_cmpfloat (run->latency.p99, <=, run->latency.max);
  g_assert_cmpfloat (run->latency.mean, >, 0);
  g_assert_cmpfloat (run->latency.mean, <=, run->latency.max);
  /* The I/Os through one slot of a queue follow one another: their latencies add up to no
   * more than the test's time, Q × T slots in all. */
  g_assert_cmpfloat (run->latency.max, <=, run->elapsed * (1 + 1e-6));
  g_assert_cmpfloat (run->latency.mean * run->latency.count, <=,
                     run->elapsed * phase->params.queue_depth * phase->params.threads
                         * (1 + 1e-6));
  g_assert_true (isfinite (run->cpu_seconds) && run->cpu_seconds >= 0);
  g_assert_nonnull (run->engine);
  g_assert_cmpint (run->direct, >=, 0);
  /* A pass this short is too fast to trust, and left out of the mean like any other. */
  g_assert_cmpuint (result->iops.n, ==, run->too_fast ? 0 : 1);
}

/* The automatic engine's choice for a test at queue depth q. */
static const char *
expected_engine (Fixture *f, guint q)
{
  /* Where io_uring is refused, the run says so and uses threads. */
  if (dyno_io_ring_engine_name () == NULL || strstr (f->messages->str, "io_uring is not") != NULL)
    return "threads";
  /* At Q1 there is no queue to keep: one synchronous call per I/O. */
  return q == 1 ? "threads" : "io_uring";
}

static void
test_one_pass (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("seq-read:64k:q4:t1,rnd-read:4k:q8:t2,"
                                                 "seq-write:128k:q2:t1,rnd-write:4k:q1:t1,"
                                                 "rnd-mix:4k:q8:t1:r50,seq-mix:64k:q2:t2:r70");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;

  result = run (f, config, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  g_assert_cmpuint (target->phases->len, ==, 6);
  assert_one_pass (target, "seq-read:64k:q4:t1");
  assert_one_pass (target, "rnd-read:4k:q8:t2");
  assert_one_pass (target, "seq-write:128k:q2:t1");
  assert_one_pass (target, "rnd-write:4k:q1:t1");
  assert_one_pass (target, "rnd-mix:4k:q8:t1:r50");
  assert_one_pass (target, "seq-mix:64k:q2:t2:r70");
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      const DynoPhaseRun *r = dyno_phase_result_get_run (phase, 0);

      g_assert_cmpstr (r->engine, ==, expected_engine (f, phase->phase->params.queue_depth));
      /* A ring per thread; threads: one per I/O in flight. */
      if (g_str_equal (r->engine, "io_uring"))
        g_assert_cmpuint (r->threads, ==, phase->phase->params.threads);
      else
        g_assert_cmpuint (r->threads, ==,
                          phase->phase->params.threads * phase->phase->params.queue_depth);
    }
  /* The test file was written once, not once per test. */
  g_assert_nonnull (strstr (f->messages->str, "Writing the test file"));
  g_assert_null (strstr (strstr (f->messages->str, "Writing the test file") + 1,
                         "Writing the test file"));
}

static void
test_threads_engine (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("rnd-read:4k:q4:t2,seq-write:64k:q3:t1");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;

  config->io_engine = DYNO_IO_ENGINE_THREADS;
  result = run (f, config, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  assert_one_pass (target, "rnd-read:4k:q4:t2");
  assert_one_pass (target, "seq-write:64k:q3:t1");
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
      const DynoPhaseRun *r = dyno_phase_result_get_run (phase, 0);

      g_assert_cmpstr (r->engine, ==, "threads");
      g_assert_cmpuint (r->threads, ==,
                        phase->phase->params.threads * phase->phase->params.queue_depth);
    }
  /* Asked for, not a fallback: no warning. */
  g_assert_null (strstr (f->messages->str, "io_uring"));
}

static void
test_io_uring_engine (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("rnd-read:4k:q16:t1,rnd-write:4k:q1:t1");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;

  config->io_engine = DYNO_IO_ENGINE_IO_URING;
  result = run (f, config, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  if (target->error_message != NULL)
    {
      /* Refused here (no liburing, an old kernel, kernel.io_uring_disabled, seccomp): the
       * run fails with the reason rather than quietly using threads. */
      g_test_message ("io_uring refused here: %s", target->error_message);
      g_assert_cmpint (target->error_code, ==, DYNO_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (target->error_message, "io_uring"));
      g_assert_cmpuint (target->phases->len, ==, 0);
      return;
    }
  assert_one_pass (target, "rnd-read:4k:q16:t1");
  assert_one_pass (target, "rnd-write:4k:q1:t1");
  /* Asked for by name, the ring runs Q1 too. */
  for (guint i = 0; i < target->phases->len; i++)
    g_assert_cmpstr (dyno_phase_result_get_run (g_ptr_array_index (target->phases, i), 0)->engine,
                     ==, "io_uring");
}

/* A timed test runs until its deadline and counts what completed by then. */
static void
test_timed (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("rnd-read:4k:q4:t1,seq-write:64k:q2:t1");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;

  config->phase_time = 0.6; /* longer than DYNO_TOO_FAST_SECONDS */
  config->interval = 0.1;
  config->repeat = 2;
  result = run (f, config, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      g_assert_cmpuint (phase->runs->len, ==, 2);
      for (guint j = 0; j < 2; j++)
        {
          const DynoPhaseRun *r = dyno_phase_result_get_run (phase, j);

          /* Issued until the deadline: at least the phase time, whatever the speed. */
          g_assert_cmpfloat (r->elapsed, >=, 0.6);
          g_assert_cmpuint (r->ios, >, 0);
          g_assert_cmpuint (r->amount, ==, r->ios * phase->phase->params.block_size);
          g_assert_cmpuint (r->passes, ==, 1);
        }
      g_assert_cmpuint (phase->rate.n, ==, 2);
      g_assert_true (isfinite (phase->rate.ci95));
      g_assert_cmpfloat (phase->rate.max, >=, phase->rate.mean);
    }
  g_assert_cmpuint (f->samples, >, 0);
}

/* Buffered on request: the test file goes through the page cache, evicted before each test. */
static void
test_buffered (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("rnd-read:4k:q4:t1");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const DynoTargetResult *target;

  config->queue_cache = DYNO_CACHE_EVICT;
  result = run (f, config, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  assert_one_pass (target, "rnd-read:4k:q4:t1");
  g_assert_cmpint (dyno_phase_result_get_run (g_ptr_array_index (target->phases, 0), 0)->direct,
                   ==, 0);
}

/* Where O_DIRECT is missing the tests run buffered and the result says so. */
static void
test_no_direct_falls_back (void)
{
  g_autoptr (DynoConfig) config = queued_config ("seq-read:64k:q2:t1");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoTargetInfo) info = dyno_target_info_collect ("/dev/shm");
  Fixture f = { 0 };
  const DynoTargetResult *target;
  int direct;

  if (!info->writable || g_strcmp0 (info->fs_type, "tmpfs") != 0)
    {
      g_test_skip ("/dev/shm is not a writable tmpfs here");
      return;
    }
  f.dir = g_mkdtemp (g_strdup ("/dev/shm/dyno-test-queued-XXXXXX"));
  f.messages = g_string_new (NULL);
  result = run (&f, config, NULL, &error);
  g_assert_no_error (error);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  direct = dyno_phase_result_get_run (g_ptr_array_index (target->phases, 0), 0)->direct;
  if (direct == 1)
    g_test_skip ("this kernel's tmpfs supports O_DIRECT (Linux 6.6 and later): no file system here refuses it");
  else
    {
      g_assert_cmpint (direct, ==, 0);
      g_assert_cmpuint (target->warnings->len, >, 0);
      g_assert_nonnull (strstr (f.messages->str, "O_DIRECT"));
    }
  fixture_teardown (&f, NULL);
}

static void
test_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("rnd-read:4k:q32:t2,rnd-write:4k:q32:t2");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  const char *targets[] = { f->dir, NULL };

  /* Long enough that the cancel comes during a test: stopped by the first sample. */
  config->phase_time = 60;
  g_signal_connect_swapped (engine, "samples", G_CALLBACK (g_cancellable_cancel), cancellable);
  result = dyno_engine_run_sync (engine, config, targets, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result);
  /* The fixture's teardown checks the scratch folder went. */
}

static void
test_invalid (void)
{
  g_autoptr (DynoConfig) config = queued_config ("rnd-read:4k:q32:t1");
  g_autoptr (GError) error = NULL;

  config->queue_size = 100000; /* not whole 64 KiB */
  g_assert_false (dyno_config_validate (config, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  config->queue_size = 64 << 10;
  dyno_config_select (config, "seq-read:1m:q1:t1", NULL);
  g_assert_false (dyno_config_validate (config, &error));
  g_assert_nonnull (strstr (error->message, "larger than the test file"));
  g_clear_error (&error);

  config->queue_size = TEST_FILE;
  dyno_config_select (config, "rnd-read:1000:q1:t1", NULL);
  g_assert_false (dyno_config_validate (config, &error));
  g_assert_nonnull (strstr (error->message, "multiple of 512"));
  g_clear_error (&error);

  dyno_config_select (config, "rnd-read:4k:q32:t1", NULL);
  config->queue_cache = DYNO_CACHE_NONE;
  g_assert_false (dyno_config_validate (config, &error));
  g_assert_nonnull (strstr (error->message, "page cache"));
  g_clear_error (&error);

  config->queue_cache = DYNO_CACHE_DIRECT;
  config->io_engine = DYNO_IO_ENGINE_THREADS;
  dyno_config_select (config, "rnd-read:4k:q256:t16", NULL);
  g_assert_false (dyno_config_validate (config, &error));
  g_assert_nonnull (strstr (error->message, "4096 threads"));
}

static void
test_profiles (void)
{
  const DynoProfile *profile = dyno_profile_lookup ("default");
  g_autoptr (GPtrArray) phases = dyno_profile_get_phases (profile, FALSE, 0);
  g_autoptr (GPtrArray) mixed = NULL;
  const char *const expected[] = { "seq-read:1m:q8:t1", "seq-read:1m:q1:t1", "rnd-read:4k:q32:t1",
                                   "rnd-read:4k:q1:t1", "seq-write:1m:q8:t1", "seq-write:1m:q1:t1",
                                   "rnd-write:4k:q32:t1", "rnd-write:4k:q1:t1" };

  g_assert_cmpuint (phases->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < phases->len; i++)
    g_assert_true (g_ptr_array_index (phases, i) == PHASE (expected[i]));
  g_assert_true (dyno_profile_find (phases) == profile);

  mixed = dyno_profile_get_phases (dyno_profile_lookup ("NVMe"), TRUE, 60);
  g_assert_cmpuint (mixed->len, ==, 12);
  g_assert_true (g_ptr_array_find (mixed, PHASE ("rnd-mix:4k:q32:t16:r60"), NULL));
  g_assert_true (g_ptr_array_find (mixed, PHASE ("seq-read:128k:q32:t1"), NULL));
  g_assert_true (dyno_profile_find (mixed) == dyno_profile_lookup ("nvme"));
  g_assert_true (dyno_profile_lookup ("real_world") == dyno_profile_lookup ("Real-World"));
  g_assert_null (dyno_profile_lookup ("fast"));
}

/* A result written and read back keeps what the queued tests measured. */
static void
test_report_and_json (Fixture *f, gconstpointer data)
{
  g_autoptr (DynoConfig) config = queued_config ("seq-read:1m:q8:t1,rnd-read:4k:q32:t1,"
                                                 "rnd-read:4k:q1:t1");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  g_autofree char *csv = NULL;
  const DynoPhaseRun *a, *b;

  result = run (f, config, NULL, &error);
  g_assert_no_error (error);
  json = dyno_result_to_json (result, FALSE);
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  a = dyno_phase_result_get_run (g_ptr_array_index (dyno_result_get_target (result, 0)->phases, 1), 0);
  b = dyno_phase_result_get_run (g_ptr_array_index (dyno_result_get_target (loaded, 0)->phases, 1), 0);
  g_assert_cmpuint (a->ios, ==, b->ios);
  g_assert_cmpfloat_with_epsilon (a->iops, b->iops, a->iops * 1e-12);
  g_assert_cmpstr (a->engine, ==, b->engine);
  g_assert_cmpint (a->direct, ==, b->direct);
  g_assert_cmpfloat_with_epsilon (a->latency.mean, b->latency.mean, 1e-15);
  g_assert_cmpuint (dyno_result_get_config (loaded)->queue_size, ==, TEST_FILE);
  g_assert_nonnull (strstr (json, "\"queue_depth\":32"));

  text = dyno_report_text (loaded, DYNO_RATE_UNIT_MB);
  g_assert_nonnull (strstr (text, "[Read]"));
  g_assert_nonnull (strstr (text, "  SEQ    1MiB (Q=  8, T= 1): "));
  g_assert_nonnull (strstr (text, "  RND    4KiB (Q= 32, T= 1): "));
  g_assert_nonnull (strstr (text, "   Test: 2 MiB (x1)"));
  g_assert_null (strstr (text, "[Write]"));
  /* The engine of every test: with the ring, Q1 is the threads' (expected_engine). */
  if (g_str_equal (expected_engine (f, 32), "io_uring"))
    g_assert_nonnull (strstr (text, "O_DIRECT, io_uring and threads"));
  else
    g_assert_nonnull (strstr (text, "O_DIRECT, threads\n"));

  csv = dyno_report_queued_csv (loaded);
  g_assert_true (g_str_has_prefix (csv, "label,target,test,"));
  g_assert_nonnull (strstr (csv, ",rnd-read:4k:q32:t1,rnd,read,4096,32,1,,1,"));
}

#define RING_BLOCK 4096
#define RING_BLOCKS 64
#define RING_DEPTH 8

/* Every 8 bytes of block b say (b, their place): a read that lands in the wrong buffer, or
 * from the wrong offset, shows. */
static void
fill_block (guchar *buffer, guint64 block, guint64 salt)
{
  for (guint64 at = 0; at < RING_BLOCK; at += 8)
    {
      guint64 word = (block << 32) ^ at ^ salt;

      memcpy (buffer + at, &word, 8);
    }
}

static void
ring_round_trip (const char *path, gboolean register_buffers)
{
  guchar *buffers[RING_DEPTH];
  guint64 block_of[RING_DEPTH];
  g_autofree guchar *expected = g_malloc (RING_BLOCK);
  g_autoptr (DynoIoRing) ring = NULL;
  g_autoptr (GError) error = NULL;
  DynoIoCompletion done[RING_DEPTH];
  guint reaped = 0;
  int fd = open (path, O_RDWR);

  g_assert_cmpint (fd, >=, 0);
  ring = dyno_io_ring_new (fd, RING_DEPTH, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < RING_DEPTH; i++)
    g_assert_cmpint (posix_memalign ((void **) &buffers[i], 4096, RING_BLOCK), ==, 0);
  if (register_buffers && !dyno_io_ring_register_buffers (ring, buffers, RING_DEPTH, RING_BLOCK))
    g_test_message ("buffers not registered here: the plain path again");

  /* Reads of scattered blocks: each buffer gets its own block. */
  for (guint i = 0; i < RING_DEPTH; i++)
    {
      block_of[i] = (i * 37 + 5) % RING_BLOCKS;
      memset (buffers[i], 0xee, RING_BLOCK);
      g_assert_true (dyno_io_ring_queue (ring, FALSE, buffers[i], i, RING_BLOCK,
                                         block_of[i] * RING_BLOCK, 100 + i));
      /* Half go to the kernel early, the rest with the wait. */
      if (i == RING_DEPTH / 2 - 1)
        {
          g_assert_cmpint (dyno_io_ring_submit (ring), ==, RING_DEPTH / 2);
          g_assert_cmpuint (dyno_io_ring_queued (ring), ==, 0);
        }
    }
  g_assert_false (dyno_io_ring_queue (ring, FALSE, buffers[0], 0, RING_BLOCK, 0, 0));
  g_assert_cmpuint (dyno_io_ring_queued (ring), ==, RING_DEPTH / 2);
  while (dyno_io_ring_pending (ring) > 0)
    {
      int n = dyno_io_ring_submit_and_reap (ring, 1, done, G_N_ELEMENTS (done));

      g_assert_cmpint (n, >=, 0);
      for (int k = 0; k < n; k++)
        {
          guint i = (guint) done[k].tag - 100;

          g_assert_cmpuint (i, <, RING_DEPTH);
          g_assert_cmpint (done[k].result, ==, RING_BLOCK);
          fill_block (expected, block_of[i], 0);
          g_assert_cmpmem (buffers[i], RING_BLOCK, expected, RING_BLOCK);
          reaped++;
        }
    }
  g_assert_cmpuint (reaped, ==, RING_DEPTH);
  g_assert_cmpuint (dyno_io_ring_queued (ring), ==, 0);

  /* Writes from each buffer land where they were sent. */
  for (guint i = 0; i < RING_DEPTH; i++)
    {
      fill_block (buffers[i], block_of[i], 0x5a5a);
      g_assert_true (dyno_io_ring_queue (ring, TRUE, buffers[i], i, RING_BLOCK,
                                         block_of[i] * RING_BLOCK, i));
    }
  for (reaped = 0; dyno_io_ring_pending (ring) > 0;)
    {
      int n = dyno_io_ring_submit_and_reap (ring, RING_DEPTH, done, G_N_ELEMENTS (done));

      g_assert_cmpint (n, >=, 0);
      for (int k = 0; k < n; k++)
        g_assert_cmpint (done[k].result, ==, RING_BLOCK);
      reaped += n;
    }
  g_assert_cmpuint (reaped, ==, RING_DEPTH);
  for (guint i = 0; i < RING_DEPTH; i++)
    {
      g_assert_cmpint (pread (fd, buffers[i], RING_BLOCK, block_of[i] * RING_BLOCK), ==,
                       RING_BLOCK);
      fill_block (expected, block_of[i], 0x5a5a);
      g_assert_cmpmem (buffers[i], RING_BLOCK, expected, RING_BLOCK);
      /* Put the block back as it was for the next round. */
      fill_block (buffers[i], block_of[i], 0);
      g_assert_cmpint (pwrite (fd, buffers[i], RING_BLOCK, block_of[i] * RING_BLOCK), ==,
                       RING_BLOCK);
    }

  g_clear_pointer (&ring, dyno_io_ring_free);
  for (guint i = 0; i < RING_DEPTH; i++)
    free (buffers[i]);
  close (fd);
}

/* The ring itself: reads and writes reach the right buffers and offsets, with buffers
 * registered (fixed-buffer I/O) and without, and early submits count. */
static void
test_ring (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "ring.dat", NULL);
  g_autofree guchar *block = g_malloc (RING_BLOCK);
  g_autoptr (GError) error = NULL;
  DynoIoRing *probe;
  int fd;

  probe = dyno_io_ring_new (-1, 1, &error);
  if (probe == NULL)
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
      g_test_skip (error->message);
      return;
    }
  dyno_io_ring_free (probe);

  fd = open (path, O_WRONLY | O_CREAT | O_EXCL, 0600);
  g_assert_cmpint (fd, >=, 0);
  for (guint64 b = 0; b < RING_BLOCKS; b++)
    {
      fill_block (block, b, 0);
      g_assert_cmpint (write (fd, block, RING_BLOCK), ==, RING_BLOCK);
    }
  g_assert_cmpint (close (fd), ==, 0);

  ring_round_trip (path, TRUE);
  ring_round_trip (path, FALSE);
  g_assert_cmpint (unlink (path), ==, 0);
}

/* The queued workers' CPU: round-robin over the CPUs the process may use, from the starting
 * thread's; a thread of its own, so that the test program stays free to move. */
static gpointer
pin_thread_main (gpointer data)
{
#if DYNO_PLATFORM_LINUX
  cpu_set_t allowed, now;
  int from = dyno_platform_current_cpu ();
  int n = 0, first, again, second;

  g_assert_cmpint (sched_getaffinity (0, sizeof allowed, &allowed), ==, 0);
  n = CPU_COUNT (&allowed);
  g_assert_cmpint (from, >=, 0);
  g_assert_true (CPU_ISSET (from, &allowed));

  first = dyno_platform_pin_thread (from, 0);
  g_assert_cmpint (first, ==, from);
  g_assert_cmpint (sched_getaffinity (0, sizeof now, &now), ==, 0);
  g_assert_cmpint (CPU_COUNT (&now), ==, 1);
  g_assert_true (CPU_ISSET (first, &now));
  g_assert_cmpint (dyno_platform_current_cpu (), ==, first);

  /* Pinning again chooses among the process's CPUs, not the one the thread is held to. */
  again = dyno_platform_pin_thread (from, (guint) n);
  g_assert_cmpint (again, ==, first);
  second = dyno_platform_pin_thread (from, 1);
  g_assert_true (CPU_ISSET (second, &allowed));
  if (n > 1)
    g_assert_cmpint (second, !=, first);
  else
    g_assert_cmpint (second, ==, first);
  /* A CPU that is not the process's (gone offline since): the round starts at its first. */
  g_assert_true (CPU_ISSET (dyno_platform_pin_thread (CPU_SETSIZE - 1, 0), &allowed));
#else
  g_assert_cmpint (dyno_platform_pin_thread (dyno_platform_current_cpu (), 0), ==, -1);
#endif
  return NULL;
}

static void
test_pin_thread (void)
{
  g_thread_join (g_thread_new ("pin", pin_thread_main, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/queued/one-pass", test_one_pass);
  ADD ("/queued/threads-engine", test_threads_engine);
  ADD ("/queued/io_uring-engine", test_io_uring_engine);
  ADD ("/queued/timed", test_timed);
  ADD ("/queued/buffered", test_buffered);
  ADD ("/queued/cancel", test_cancel);
  ADD ("/queued/report-and-json", test_report_and_json);
  ADD ("/queued/ring", test_ring);
  g_test_add_func ("/queued/no-direct-falls-back", test_no_direct_falls_back);
  g_test_add_func ("/queued/invalid", test_invalid);
  g_test_add_func ("/queued/profiles", test_profiles);
  g_test_add_func ("/queued/pin-thread", test_pin_thread);
  return g_test_run ();
}
