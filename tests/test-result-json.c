/* test-result-json.c: results survive a trip through JSON, and hostile files are refused politely
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-files-options.h"
#include "dyno-error.h"
#include "dyno-result.h"
#include "dyno-test-util.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define GIB (G_GUINT64_CONSTANT (1) << 30)

/* ---- comparing ------------------------------------------------------------------------- */

/* Bit for bit: the writer must not round. NaN (unknown) must come back as NaN. */
static gboolean
same_double (double a, double b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}

#define assert_same_double(a, b)                                                                  \
  G_STMT_START                                                                                    \
  {                                                                                               \
    double a_ = (a), b_ = (b);                                                                    \
    if (!same_double (a_, b_))                                                                    \
      {                                                                                           \
        g_autofree char *m_ = g_strdup_printf ("%s == %s: %.17g != %.17g", #a, #b, a_, b_);       \
        g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, m_);                    \
      }                                                                                           \
  }                                                                                               \
  G_STMT_END

static void
assert_latency_equal (const DynoLatency *a, const DynoLatency *b)
{
  g_assert_cmpuint (a->count, ==, b->count);
  assert_same_double (a->p50, b->p50);
  assert_same_double (a->p90, b->p90);
  assert_same_double (a->p99, b->p99);
  assert_same_double (a->p999, b->p999);
  assert_same_double (a->max, b->max);
}

static void
assert_split_equal (const DynoCpuSplit *a, const DynoCpuSplit *b)
{
  assert_same_double (a->user, b->user);
  assert_same_double (a->system, b->system);
  assert_same_double (a->iowait, b->iowait);
  assert_same_double (a->idle, b->idle);
}

static void
assert_stats_equal (const DynoStats *a, const DynoStats *b)
{
  g_assert_cmpuint (a->n, ==, b->n);
  assert_same_double (a->mean, b->mean);
  assert_same_double (a->sd, b->sd);
  assert_same_double (a->min, b->min);
  assert_same_double (a->max, b->max);
  assert_same_double (a->ci95, b->ci95);
}

static void
assert_strv_equal (GPtrArray *a, GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

static void
assert_phase_equal (const DynoPhaseResult *a, const DynoPhaseResult *b)
{
  g_assert_true (a->phase == b->phase);
  g_assert_cmpstr (a->note, ==, b->note);
  g_assert_cmpint (a->too_fast, ==, b->too_fast);
  assert_stats_equal (&a->rate, &b->rate);
  assert_stats_equal (&a->cpu_percent, &b->cpu_percent);
  assert_latency_equal (&a->latency, &b->latency);
  g_assert_cmpuint (a->runs->len, ==, b->runs->len);
  for (guint i = 0; i < a->runs->len; i++)
    {
      const DynoPhaseRun *ra = dyno_phase_result_get_run (a, i);
      const DynoPhaseRun *rb = dyno_phase_result_get_run (b, i);

      g_assert_cmpuint (ra->repeat, ==, rb->repeat);
      g_assert_cmpuint (ra->amount, ==, rb->amount);
      assert_same_double (ra->elapsed, rb->elapsed);
      assert_same_double (ra->flush_seconds, rb->flush_seconds);
      assert_same_double (ra->cpu_seconds, rb->cpu_seconds);
      assert_same_double (ra->cpu_percent, rb->cpu_percent);
      assert_same_double (ra->rate, rb->rate);
      assert_latency_equal (&ra->latency, &rb->latency);
      g_assert_cmpint (ra->too_fast, ==, rb->too_fast);
      assert_same_double (ra->cache_resident, rb->cache_resident);
      assert_split_equal (&ra->system_cpu, &rb->system_cpu);
      g_assert_cmpuint (ra->threads, ==, rb->threads);
    }
}

static void
assert_target_equal (const DynoTargetResult *a, const DynoTargetResult *b)
{
  g_assert_cmpstr (a->info->path, ==, b->info->path);
  g_assert_cmpstr (a->info->mount_point, ==, b->info->mount_point);
  g_assert_cmpstr (a->info->fs_type, ==, b->info->fs_type);
  g_assert_cmpstr (a->info->mount_source, ==, b->info->mount_source);
  g_assert_cmpstr (a->info->mount_options, ==, b->info->mount_options);
  g_assert_cmpstr (a->info->device, ==, b->info->device);
  g_assert_cmpstr (a->info->device_model, ==, b->info->device_model);
  g_assert_cmpint (a->info->rotational, ==, b->info->rotational);
  assert_strv_equal (a->info->encryption, b->info->encryption);
  g_assert_cmpint (a->info->network, ==, b->info->network);
  g_assert_cmpint (a->info->cow, ==, b->info->cow);
  g_assert_cmpstr (a->info->cow_hint, ==, b->info->cow_hint);
  g_assert_cmpuint (a->info->total_bytes, ==, b->info->total_bytes);
  g_assert_cmpuint (a->info->free_bytes, ==, b->info->free_bytes);
  g_assert_cmpuint (a->info->free_inodes, ==, b->info->free_inodes);

  g_assert_cmpint (a->started_at, ==, b->started_at);
  assert_same_double (a->elapsed, b->elapsed);
  assert_strv_equal (a->warnings, b->warnings);
  g_assert_cmpstr (a->error_message, ==, b->error_message);
  g_assert_cmpint (a->error_code, ==, b->error_code);
  g_assert_true (a->error_phase == b->error_phase);

  g_assert_cmpuint (a->phases->len, ==, b->phases->len);
  for (guint i = 0; i < a->phases->len; i++)
    assert_phase_equal (g_ptr_array_index (a->phases, i), g_ptr_array_index (b->phases, i));

  g_assert_cmpuint (a->samples->len, ==, b->samples->len);
  for (guint i = 0; i < a->samples->len; i++)
    {
      const DynoSample *sa = &g_array_index (a->samples, DynoSample, i);
      const DynoSample *sb = &g_array_index (b->samples, DynoSample, i);

      assert_same_double (sa->t, sb->t);
      assert_same_double (sa->phase_t, sb->phase_t);
      g_assert_cmpuint (sa->target, ==, sb->target);
      g_assert_cmpuint (sa->repeat, ==, sb->repeat);
      g_assert_true (sa->phase == sb->phase);
      g_assert_cmpuint (sa->done, ==, sb->done);
      assert_same_double (sa->rate, sb->rate);
      assert_same_double (sa->process_cpu, sb->process_cpu);
      assert_split_equal (&sa->system_cpu, &sb->system_cpu);
      assert_same_double (sa->progress, sb->progress);
    }
}

static void
assert_config_equal (const DynoConfig *a, const DynoConfig *b)
{
  g_assert_cmpuint (a->size, ==, b->size);
  g_assert_cmpuint (a->chunk, ==, b->chunk);
  g_assert_cmpuint (a->per_char_size, ==, b->per_char_size);
  g_assert_true (dyno_config_same_phases (a, b));
  g_assert_cmpuint (dyno_config_get_files (a)->num, ==, dyno_config_get_files (b)->num);
  g_assert_cmpint (dyno_config_get_files (a)->max, ==, dyno_config_get_files (b)->max);
  g_assert_cmpint (dyno_config_get_files (a)->min, ==, dyno_config_get_files (b)->min);
  g_assert_cmpuint (dyno_config_get_files (a)->dirs, ==, dyno_config_get_files (b)->dirs);
  g_assert_cmpuint (dyno_config_get_uint (a, "seeks"), ==, dyno_config_get_uint (b, "seeks"));
  g_assert_cmpuint (dyno_config_get_uint (a, "seekers"), ==, dyno_config_get_uint (b, "seekers"));
  g_assert_cmpint (a->per_char, ==, b->per_char);
  g_assert_cmpint (a->cache, ==, b->cache);
  g_assert_cmpint (a->data, ==, b->data);
  g_assert_cmpuint (a->repeat, ==, b->repeat);
  g_assert_cmpuint (a->seed, ==, b->seed);
  g_assert_cmpstr (a->label, ==, b->label);
  g_assert_cmpstr (a->notes, ==, b->notes);
}

static void
assert_results_equal (DynoResult *a, DynoResult *b)
{
  const DynoSystemInfo *sa = dyno_result_get_system (a);
  const DynoSystemInfo *sb = dyno_result_get_system (b);

  g_assert_cmpstr (dyno_result_get_id (a), ==, dyno_result_get_id (b));
  g_assert_true (g_date_time_equal (dyno_result_get_created (a), dyno_result_get_created (b)));
  g_assert_cmpstr (dyno_result_get_tool (a), ==, dyno_result_get_tool (b));
  g_assert_cmpstr (dyno_result_get_source (a), ==, dyno_result_get_source (b));
  g_assert_cmpstr (dyno_result_get_label (a), ==, dyno_result_get_label (b));
  g_assert_cmpstr (dyno_result_get_notes (a), ==, dyno_result_get_notes (b));
  assert_config_equal (dyno_result_get_config (a), dyno_result_get_config (b));

  g_assert_cmpstr (sa->hostname, ==, sb->hostname);
  g_assert_cmpstr (sa->os_name, ==, sb->os_name);
  g_assert_cmpstr (sa->kernel, ==, sb->kernel);
  g_assert_cmpstr (sa->arch, ==, sb->arch);
  g_assert_cmpstr (sa->cpu_model, ==, sb->cpu_model);
  g_assert_cmpuint (sa->cpu_count, ==, sb->cpu_count);
  g_assert_cmpuint (sa->ram_bytes, ==, sb->ram_bytes);

  g_assert_cmpuint (dyno_result_get_n_targets (a), ==, dyno_result_get_n_targets (b));
  for (guint i = 0; i < dyno_result_get_n_targets (a); i++)
    assert_target_equal (dyno_result_get_target (a, i), dyno_result_get_target (b, i));
}

/* ---- building a result that uses every field -------------------------------------------- */

/* Values a careless writer would round or mangle: thirds, tiny and huge magnitudes, subnormals. */
static const double awkward[] = {
  0.1, 1.0 / 3.0, 123456789.123456789, 1e-9, 4.9406564584124654e-324, 1.7976931348623157e308,
  2.0, 0.0, 6.02214076e23, 9007199254740993.0,
};

static double
awkward_value (guint i)
{
  return awkward[i % G_N_ELEMENTS (awkward)];
}

static void
fill_run (DynoPhaseRun *run, guint repeat, guint salt, gboolean unknowns)
{
  dyno_phase_run_init (run);
  run->repeat = repeat;
  run->amount = GIB + salt;
  run->elapsed = 10.0 + awkward_value (salt);
  run->flush_seconds = awkward_value (salt + 1);
  run->cpu_seconds = unknowns ? NAN : 3.25 + salt / 7.0;
  run->cpu_percent = unknowns ? NAN : 97.0 / 3.0 + salt;
  run->rate = unknowns ? NAN : 104857600.0 / 3.0 * (salt + 1);
  run->latency.count = 131072 + salt;
  run->latency.p50 = 1e-5 / 3.0;
  run->latency.p90 = 2e-4 + salt * 1e-7;
  run->latency.p99 = unknowns ? NAN : 0.0123456789;
  run->latency.p999 = 0.1 + salt;
  run->latency.max = 1.5 + salt;
  run->too_fast = FALSE;
  run->cache_resident = (salt % 5) / 4.0;
  run->system_cpu.user = 12.5 + salt / 3.0;
  run->system_cpu.system = 30.0 / 7.0;
  run->system_cpu.iowait = unknowns ? NAN : 40.1;
  run->system_cpu.idle = 100.0 / 3.0;
  run->threads = 1 + salt % 5;
}

static DynoTargetInfo *
make_info (const char *path, gboolean full)
{
  DynoTargetInfo *info = dyno_target_info_new (path);

  if (!full)
    return info;
  info->mount_point = g_strdup ("/srv/data");
  info->fs_type = g_strdup ("btrfs");
  info->mount_source = g_strdup ("/dev/mapper/luks-1234");
  info->mount_options = g_strdup ("rw,relatime,compress=zstd:3,ssd,space_cache=v2");
  info->device = g_strdup ("nvme0n1");
  info->device_model = g_strdup ("Samsung SSD 980 PRO 1TB \"quoted\" \\ back\tslash");
  info->rotational = DYNO_TRISTATE_NO;
  g_ptr_array_add (info->encryption, g_strdup ("dm-crypt (LUKS2)"));
  g_ptr_array_add (info->encryption, g_strdup ("fscrypt"));
  info->network = TRUE;
  info->cow = TRUE;
  info->cow_hint = g_strdup ("btrfs, compress=zstd:3");
  info->total_bytes = G_GUINT64_CONSTANT (1000204886016);
  info->free_bytes = G_GUINT64_CONSTANT (512110190592);
  info->free_inodes = 4294967296;
  return info;
}

static void
add_samples (DynoTargetResult *target, guint index, guint n)
{
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  for (guint i = 0; i < n; i++)
    {
      DynoSample sample = {
        .t = i * 0.1 + index / 3.0,
        .phase_t = i * 0.1,
        .target = index,
        .repeat = i % 3,
        .phase = bonnie[i % n_bonnie],
        .done = (guint64) i * 8192 * 1024,
        .rate = i % 7 == 0 ? NAN : 1e9 / (i + 3),
        .process_cpu = 99.0 / (i + 1),
        .system_cpu = { 1.0 / (i + 2), 2.5, i % 4 == 0 ? NAN : 0.75, 100.0 - i * 0.01 },
        .progress = i / (double) n,
      };

      g_array_append_val (target->samples, sample);
    }
}

static DynoResult *
make_full_result (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GDateTime) created = g_date_time_new_utc (2026, 3, 14, 9, 26, 53.589793);
  DynoSystemInfo *system = dyno_system_info_new ();
  DynoResult *result = dyno_result_new ();
  guint n_ok_phases;
  const DynoPhase *const *ok_phases = dyno_phase_bonnie (&n_ok_phases);
  DynoTargetResult *target;

  dyno_result_set_id (result, "5b0c1a8e-2f7d-4c39-9a51-3f0e6d2b7c11");
  dyno_result_set_created (result, created);
  dyno_result_set_tool (result, "dyno 0.1.0");
  dyno_result_set_source (result, "re-saved from “old run.json”");
  dyno_result_set_label (result, "NVMe vs. USB stick — «première» 測試");
  dyno_result_set_notes (result, "Line one\nLine two with \"quotes\", a tab\t and \\ backslash.\n");

  config->size = 2 * GIB;
  config->chunk = 16384;
  config->per_char_size = 0;
  dyno_config_select (config, "all", NULL);
  dyno_config_get_files (config)->num = 4;
  dyno_config_get_files (config)->max = DYNO_FILES_SYMLINK;
  dyno_config_get_files (config)->min = 0;
  dyno_config_get_files (config)->dirs = 8;
  dyno_config_set_uint (config, "seeks", 1000);
  dyno_config_set_uint (config, "seekers", 3);
  config->per_char = DYNO_PER_CHAR_SYSCALL;
  config->cache = DYNO_CACHE_DIRECT;
  config->data = DYNO_DATA_ZEROS;
  config->repeat = 3;
  /* Above 2^53, where a JSON number would lose the low bits. */
  config->seed = G_GUINT64_CONSTANT (18446744073709551557);
  config->label = g_strdup (dyno_result_get_label (result));
  config->notes = g_strdup (dyno_result_get_notes (result));
  dyno_result_set_config (result, config);

  system->hostname = g_strdup ("bench-01");
  system->os_name = g_strdup ("Debian GNU/Linux 12 (bookworm)");
  system->kernel = g_strdup ("Linux 6.1.0-18-amd64");
  system->arch = g_strdup ("x86_64");
  system->cpu_model = g_strdup ("AMD Ryzen 7 5800X 8-Core Processor");
  system->cpu_count = 16;
  system->ram_bytes = 32 * GIB;
  dyno_result_set_system (result, system);

  /* Target 0: every phase, three repeats each, some unknowns and too-fast runs. */
  target = dyno_target_result_new (make_info ("/srv/data/bench", TRUE));
  target->started_at = G_GINT64_CONSTANT (1773480413589793);
  target->elapsed = 1234.5678901234567;
  g_ptr_array_add (target->warnings, g_strdup ("The file is smaller than twice the RAM"));
  g_ptr_array_add (target->warnings, g_strdup ("btrfs compresses: figures may flatter"));
  for (guint p = 0; p < n_ok_phases; p++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, ok_phases[p]);

      for (guint r = 0; r < 3; r++)
        {
          DynoPhaseRun run;

          fill_run (&run, r, p * 3 + r, p == 3 && r == 1);
          if (dyno_phase_has_flag (ok_phases[p], DYNO_PHASE_FILE_TEST) && r == 2)
            {
              run.too_fast = TRUE;
              run.rate = NAN;
            }
          dyno_phase_result_add_run (phase, &run);
        }
      phase->latency.count = 393216 + p;
      phase->latency.p50 = 2e-5 * (p + 1);
      phase->latency.p90 = 1.0 / 7.0;
      phase->latency.p99 = p == 4 ? NAN : 0.25 + p;
      phase->latency.p999 = 0.5 + p;
      phase->latency.max = 150.5 + p;
      if (dyno_phase_has_flag (ok_phases[p], DYNO_PHASE_PER_CHAR))
        phase->note = g_strdup ("buffered: per-char I/O cannot use O_DIRECT");
    }
  add_samples (target, 0, 257);
  dyno_result_add_target (result, target);

  /* Target 1: failed in rewrite after write; info mostly unknown, no start time. */
  target = dyno_target_result_new (make_info ("/media/usb", FALSE));
  target->elapsed = NAN;
  target->error_message = g_strdup ("No space left on device (wrote 1.2 GB of 2.0 GB)");
  target->error_code = DYNO_ERROR_NO_SPACE;
  target->error_phase = PHASE ("rewrite");
  {
    DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, PHASE ("write"));
    DynoPhaseRun run;

    fill_run (&run, 0, 99, TRUE);
    dyno_phase_result_add_run (phase, &run);
  }
  add_samples (target, 1, 5);
  dyno_result_add_target (result, target);

  return result;
}

static DynoResult *
load_text (const char *text, GError **error)
{
  return dyno_result_load_from_data (text, strlen (text), error);
}

static JsonObject *
parse_object (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

/* ---- round trips ----------------------------------------------------------------------- */

static void
check_round_trip (gboolean pretty)
{
  g_autoptr (DynoResult) result = make_full_result ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = dyno_result_to_json (result, pretty);
  g_autofree char *again = NULL;

  g_assert_nonnull (json);
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_results_equal (result, loaded);
  g_assert_null (dyno_result_get_path (loaded));
  g_assert_true (dyno_result_has_failures (loaded));

  /* Writing what was read gives the same text: nothing drifts over repeated saves. */
  again = dyno_result_to_json (loaded, pretty);
  g_assert_cmpstr (again, ==, json);
}

/* Two phases of one kind with different parameters live side by side, keep their keys and
 * parameters through a file, and the file names the parameters for other programs. */
static void
test_phase_parameters (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  const char *keys[] = { "rnd-read:4k:q32:t1", "rnd-read:4k:q1:t1", "seq-write:1m:q8:t1" };
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/t"));
  const DynoTargetResult *back;

  g_assert_true (dyno_config_select (config, "rnd-read:4k:q1:t1,rnd-read:4k:q32:t1,seq-write",
                                     &error));
  dyno_result_set_config (result, config);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, PHASE (keys[i]));
      DynoPhaseRun run;

      dyno_phase_run_init (&run);
      run.rate = 1e8 * (i + 1);
      run.elapsed = 5;
      run.amount = 5e8 * (i + 1);
      dyno_phase_result_add_run (phase, &run);
    }
  g_assert_cmpuint (target->phases->len, ==, 3);
  dyno_result_add_target (result, target);

  json = dyno_result_to_json (result, FALSE);
  g_assert_nonnull (strstr (json, "\"id\":\"rnd-read:4k:q32:t1\",\"unit\":\"B/s\",\"kind\":\"rnd-read\","
                                  "\"pattern\":\"rnd\",\"op\":\"read\",\"block_size\":4096,"
                                  "\"queue_depth\":32,\"threads\":1"));
  g_assert_nonnull (strstr (json, "\"tests\":[\"rnd-read:4k:q32:t1\",\"rnd-read:4k:q1:t1\","
                                  "\"seq-write:1m:q8:t1\"]"));
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  back = dyno_result_get_target (loaded, 0);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const DynoPhaseResult *phase = dyno_target_result_find_phase (back, keys[i]);

      g_assert_nonnull (phase);
      g_assert_cmpfloat (dyno_phase_result_get_rate (phase), ==, 1e8 * (i + 1));
    }
  g_assert_cmpuint (dyno_target_result_find_phase (back, "rnd-read:4k:q1:t1")->phase->params.queue_depth,
                    ==, 1);
  g_assert_true (dyno_config_same_phases (dyno_result_get_config (loaded), config));
}

/* A target's price survives a file; a target without one writes no "price" and reads back
 * without one; an integer amount reads as a number. */
/* The layers evicted below a target, and a doubt, survive a save and a load unchanged; a
 * file with too many layers or a layer without a name is refused. */
static void
test_cache_below_round_trip (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/a"));
  DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, dyno_phase_lookup ("read"));
  const DynoPhaseResult *back;
  const DynoPhaseRun *run;
  DynoPhaseRun r;
  g_autoptr (GString) many = g_string_new ("[");

  dyno_phase_run_init (&r);
  r.rate = 42e6;
  r.amount = 1 << 20;
  r.elapsed = 1;
  r.cache_resident = 0;
  r.n_below = 2;
  r.below[0] = (DynoCacheLayer) { g_intern_static_string ("gocryptfs"),
                                  g_intern_static_string ("/c/x"), 0.0 };
  r.below[1] = (DynoCacheLayer) { g_intern_static_string ("loop (image in memory)"),
                                  g_intern_static_string ("/t/img"), NAN };
  dyno_phase_result_add_run (phase, &r);
  r.repeat = 1;
  r.cache_doubt = g_intern_static_string ("may come from a cache below: x");
  dyno_phase_result_add_run (phase, &r);
  dyno_phase_result_judge_precision (phase, 0.05, "not reached: because");
  dyno_result_add_target (result, target);
  {
    DynoSystemInfo *system = dyno_system_info_new ();

    system->idle_busy_cpus = 0.25;
    system->idle_seconds = 1;
    dyno_result_set_system (result, system);
  }

  json = dyno_result_to_json (result, FALSE);
  g_assert_nonnull (strstr (json, "\"precision\":{\"target\":0.05"));
  g_assert_nonnull (strstr (json, "\"met\":true"));
  g_assert_null (strstr (json, "not reached: because"));
  g_assert_nonnull (strstr (json, "\"cache_below\":[{\"layer\":\"gocryptfs\",\"path\":\"/c/x\","
                                  "\"resident\":0"));
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  back = dyno_target_result_find_phase (dyno_result_get_target (loaded, 0), "read");
  run = dyno_phase_result_get_run (back, 0);
  g_assert_cmpuint (run->n_below, ==, 2);
  g_assert_cmpstr (run->below[0].kind, ==, "gocryptfs");
  g_assert_cmpstr (run->below[0].path, ==, "/c/x");
  g_assert_cmpfloat (run->below[0].resident, ==, 0);
  g_assert_true (isnan (run->below[1].resident));
  g_assert_null (run->cache_doubt);
  g_assert_cmpstr (dyno_phase_result_get_run (back, 1)->cache_doubt, ==,
                   "may come from a cache below: x");
  g_assert_cmpstr (back->cache_doubt, ==, "may come from a cache below: x");
  g_assert_cmpfloat (dyno_result_get_system (loaded)->idle_busy_cpus, ==, 0.25);
  g_assert_cmpfloat (dyno_result_get_system (loaded)->idle_seconds, ==, 1);
  /* Two equal runs: an interval of zero width meets any target. */
  g_assert_cmpint (back->precision_met, ==, 1);
  g_assert_cmpfloat (back->precision_target, ==, 0.05);
  g_assert_cmpfloat (back->precision_reached, ==, 0);
  g_assert_null (back->precision_reason);
  again = dyno_result_to_json (loaded, FALSE);
  g_assert_cmpstr (again, ==, json);

  /* A missed one keeps its reason; a single run has no interval. */
  {
    g_autoptr (DynoPhaseResult) single = dyno_phase_result_new (dyno_phase_lookup ("read"));

    dyno_phase_result_add_run (single, &r);
    dyno_phase_result_judge_precision (single, 0.05, NULL);
    g_assert_cmpint (single->precision_met, ==, 0);
    g_assert_true (isnan (single->precision_reached));
    g_assert_cmpstr (single->precision_reason, ==, "a single run: no interval");
  }

  /* Seven layers, one more than a run holds. */
  for (guint i = 0; i < DYNO_MAX_CACHE_LAYERS + 1; i++)
    g_string_append_printf (many, "%s{\"layer\":\"loop\"}", i ? "," : "");
  g_string_append (many, "]");
  {
    g_autofree char *bad = NULL;
    g_autoptr (DynoResult) refused = NULL;
    const char *at = strstr (json, "\"cache_below\":[");
    const char *end = strchr (at, ']');

    bad = g_strdup_printf ("%.*s\"cache_below\":%s%s", (int) (at - json), json, many->str,
                           end + 1);
    refused = dyno_result_load_from_data (bad, strlen (bad), &error);
    g_assert_null (refused);
    g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
    g_assert_nonnull (strstr (error->message, "cache_below"));
    g_clear_error (&error);
    g_free (bad);
    bad = g_strdup_printf ("%.*s\"cache_below\":[{\"path\":\"/x\"}]%s", (int) (at - json), json,
                           end + 1);
    g_clear_object (&refused);
    refused = dyno_result_load_from_data (bad, strlen (bad), &error);
    g_assert_null (refused);
    g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
    g_assert_nonnull (strstr (error->message, "layer"));
  }
}

static void
test_price_round_trip (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;
  DynoTargetResult *priced = dyno_target_result_new (dyno_target_info_new ("/a"));
  DynoTargetResult *unpriced = dyno_target_result_new (dyno_target_info_new ("/b"));
  const DynoTargetResult *back;

  g_assert_false (dyno_target_result_has_price (priced));
  g_assert_false (dyno_target_result_set_price (priced, 0, "USD"));
  g_assert_false (dyno_target_result_set_price (priced, -1, "USD"));
  g_assert_false (dyno_target_result_set_price (priced, INFINITY, "USD"));
  g_assert_false (dyno_target_result_set_price (priced, NAN, "USD"));
  g_assert_false (dyno_target_result_set_price (priced, 1500, "usd"));
  g_assert_false (dyno_target_result_set_price (priced, 1500, "US"));
  g_assert_false (dyno_target_result_has_price (priced));
  g_assert_true (dyno_target_result_set_price (priced, 1499.99, "USD"));
  g_assert_true (dyno_target_result_has_price (priced));
  dyno_result_add_target (result, priced);
  dyno_result_add_target (result, unpriced);

  json = dyno_result_to_json (result, FALSE);
  g_assert_nonnull (strstr (json, "\"price\":{\"amount\":1499.99,\"currency\":\"USD\"}"));
  g_assert_null (strstr (strstr (json, "\"/b\""), "\"price\""));
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  back = dyno_result_get_target (loaded, 0);
  g_assert_true (dyno_target_result_has_price (back));
  g_assert_cmpfloat (back->price_amount, ==, 1499.99);
  g_assert_cmpstr (back->price_currency, ==, "USD");
  back = dyno_result_get_target (loaded, 1);
  g_assert_false (dyno_target_result_has_price (back));
  g_assert_true (isnan (back->price_amount));
  g_assert_null (back->price_currency);
  again = dyno_result_to_json (loaded, FALSE);
  g_assert_cmpstr (again, ==, json);

  g_clear_object (&loaded);
  loaded = load_text ("{\"format\": \"dyno-result\", \"version\": 1, \"targets\": [{\"price\": "
                      "{\"amount\": 1500, \"currency\": \"EUR\"}}, {\"price\": null}]}",
                      &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (dyno_result_get_target (loaded, 0)->price_amount, ==, 1500);
  g_assert_cmpstr (dyno_result_get_target (loaded, 0)->price_currency, ==, "EUR");
  g_assert_false (dyno_target_result_has_price (dyno_result_get_target (loaded, 1)));

  /* Clearing */
  g_assert_true (dyno_target_result_set_price (dyno_result_get_target (loaded, 0), 0, NULL));
  g_assert_false (dyno_target_result_has_price (dyno_result_get_target (loaded, 0)));
}

static void
test_round_trip_pretty (void)
{
  check_round_trip (TRUE);
}

static void
test_round_trip_compact (void)
{
  g_autoptr (DynoResult) result = make_full_result ();
  g_autofree char *pretty = dyno_result_to_json (result, TRUE);
  g_autofree char *compact = dyno_result_to_json (result, FALSE);

  check_round_trip (FALSE);
  g_assert_null (strchr (compact, '\n'));
  g_assert_cmpuint (strlen (compact), <, strlen (pretty));
}

static void
test_explicit_per_char_size (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;

  /* An explicit size stays explicit; the default (0) stays the default (see the full test). */
  config->per_char = DYNO_PER_CHAR_STDIO;
  config->per_char_size = 5 * MIB;
  dyno_config_get_files (config)->max = DYNO_FILES_LINK;
  dyno_config_get_files (config)->min = 100;
  dyno_config_select (config, "read,seq_stat", NULL);
  dyno_result_set_config (result, config);
  json = dyno_result_to_json (result, FALSE);
  loaded = load_text (json, &error);
  g_assert_no_error (error);
  assert_config_equal (dyno_result_get_config (result), dyno_result_get_config (loaded));
  g_assert_cmpuint (dyno_result_get_config (loaded)->per_char_size, ==, 5 * MIB);
  g_assert_cmpint (dyno_config_get_files (dyno_result_get_config (loaded))->max, ==, DYNO_FILES_LINK);
  g_assert_cmpuint (dyno_result_get_n_targets (loaded), ==, 0);
}

/* What other programs see: the shape docs/result-format.md promises. */
static void
test_written_shape (void)
{
  g_autoptr (DynoResult) result = make_full_result ();
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *json = dyno_result_to_json (result, TRUE);
  JsonObject *root = parse_object (parser, json);
  JsonObject *config = json_object_get_object_member (root, "config");
  JsonArray *targets = json_object_get_array_member (root, "targets");
  JsonObject *t0 = json_array_get_object_element (targets, 0);
  JsonObject *t1 = json_array_get_object_element (targets, 1);
  JsonArray *phases = json_object_get_array_member (t0, "phases");
  JsonObject *getc = json_array_get_object_element (phases, 3);
  JsonObject *seeks = json_array_get_object_element (phases, 5);
  JsonObject *run = json_array_get_object_element (json_object_get_array_member (getc, "runs"), 1);
  JsonObject *error = json_object_get_object_member (t1, "error");
  JsonObject *samples = json_object_get_object_member (t0, "samples");
  JsonArray *fields = json_object_get_array_member (samples, "fields");
  JsonArray *row = json_array_get_array_element (json_object_get_array_member (samples, "rows"), 0);

  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "dyno-result");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (root, "created"), ==,
                   "2026-03-14T09:26:53.589793Z");
  g_assert_cmpstr (json_object_get_string_member (root, "tool"), ==, "dyno 0.1.0");

  /* The seed is a string so that 64 bits survive readers that use doubles. */
  g_assert_cmpstr (json_object_get_string_member (config, "seed"), ==, "18446744073709551557");
  /* The effective per-char size: the syscall mode's 3 MiB, not the stored 0. */
  g_assert_cmpint (json_object_get_int_member (config, "per_char_size"), ==, 3 * MIB);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (config, "tests")), ==, 12);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (config, "files"),
                                                  "max"),
                   ==, "symlink");
  g_assert_cmpstr (json_object_get_string_member (config, "cache"), ==, "direct");
  g_assert_false (json_object_has_member (config, "label"));

  g_assert_cmpstr (json_object_get_string_member (getc, "id"), ==, "getc");
  g_assert_cmpstr (json_object_get_string_member (getc, "unit"), ==, "B/s");
  g_assert_cmpstr (json_object_get_string_member (seeks, "unit"), ==, "ops/s");
  /* Unknown figures are null, never NaN (which JSON does not have) or 0 (which lies). */
  g_assert_true (json_object_get_null_member (run, "rate"));
  g_assert_true (json_object_get_null_member (run, "cpu_seconds"));
  g_assert_false (json_object_get_null_member (run, "elapsed"));
  g_assert_false (g_regex_match_simple ("\\b(nan|inf|infinity)\\b", json, G_REGEX_CASELESS, 0));

  g_assert_false (json_object_has_member (t0, "error"));
  g_assert_cmpstr (json_object_get_string_member (error, "code"), ==, "no-space");
  g_assert_cmpstr (json_object_get_string_member (error, "phase"), ==, "rewrite");
  g_assert_true (json_object_get_null_member (t1, "started"));
  g_assert_true (json_object_get_null_member (json_object_get_object_member (t1, "info"),
                                              "rotational"));
  g_assert_cmpstr (json_object_get_string_member (t0, "started"), ==,
                   "2026-03-14T09:26:53.589793Z");

  g_assert_cmpuint (json_array_get_length (fields), ==, 13);
  g_assert_cmpstr (json_array_get_string_element (fields, 4), ==, "phase");
  g_assert_cmpuint (json_array_get_length (row), ==, 13);
  g_assert_cmpstr (json_array_get_string_element (row, 4), ==, "putc");
}

static void
test_source_absent (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *json = dyno_result_to_json (result, FALSE);
  JsonObject *root = parse_object (parser, json);

  /* Our own runs have no provenance line; only imports do. */
  g_assert_false (json_object_has_member (root, "source"));
  loaded = load_text (json, &error);
  g_assert_no_error (error);
  g_assert_null (dyno_result_get_source (loaded));
  g_assert_cmpstr (dyno_result_get_tool (loaded), ==, "dyno " PACKAGE_VERSION);
}

static void
test_invalid_utf8_written_readably (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  DynoTargetResult *target;

  /* File names are bytes; a Latin-1 one must not make the file unreadable. */
  target = dyno_target_result_new (dyno_target_info_new ("/mnt/caf\xe9"));
  g_ptr_array_add (target->warnings, g_strdup ("bad \xff byte"));
  dyno_result_add_target (result, target);
  json = dyno_result_to_json (result, TRUE);
  g_assert_true (g_utf8_validate (json, -1, NULL));
  loaded = load_text (json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dyno_result_get_target (loaded, 0)->info->path, ==, "/mnt/caf\xef\xbf\xbd");
  g_assert_cmpstr (g_ptr_array_index (dyno_result_get_target (loaded, 0)->warnings, 0), ==,
                   "bad \xef\xbf\xbd byte");
}

/* ---- files ----------------------------------------------------------------------------- */

static void
test_save_load (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-result-json");
  g_autofree char *path = g_build_filename (dir, "run 1.json", NULL);
  g_autoptr (DynoResult) result = make_full_result ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *json = NULL;
  g_autoptr (GDir) listing = NULL;
  struct stat st;
  mode_t mask;
  guint n_entries = 0;

  g_assert_null (dyno_result_get_path (result));
  g_assert_true (dyno_result_save (result, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dyno_result_get_path (result), ==, path);

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  /* 0644 as far as the umask lets it: results are not secret, and others may compare them. */
  mask = umask (022);
  umask (mask);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644 & ~mask);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  json = dyno_result_to_json (result, TRUE);
  g_assert_true (g_str_has_suffix (contents, "\n"));
  g_assert_true (g_str_has_prefix (contents, json));

  loaded = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (dyno_result_get_path (loaded), ==, path);
  assert_results_equal (result, loaded);

  /* Saving over it again replaces it whole and leaves no temporary file behind. */
  dyno_result_set_label (loaded, "second save");
  g_assert_true (dyno_result_save (loaded, path, &error));
  g_assert_no_error (error);
  g_clear_object (&loaded);
  loaded = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dyno_result_get_label (loaded), ==, "second save");
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_entries++;
  g_assert_cmpuint (n_entries, ==, 1);

  dyno_test_rm_rf (dir);
}

static void
test_save_error (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-result-json");
  g_autofree char *path = g_build_filename (dir, "missing", "run.json", NULL);
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (dyno_result_save (result, path, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "run.json"));
  g_assert_null (dyno_result_get_path (result));
  dyno_test_rm_rf (dir);
}

static void
test_load_missing (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-result-json");
  g_autofree char *path = g_build_filename (dir, "nothing-here.json", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_null (dyno_result_load (path, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "nothing-here.json"));
  dyno_test_rm_rf (dir);
}

static void
test_load_not_regular (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-result-json");
  g_autoptr (GError) error = NULL;

  /* A directory, and a device that never ends: neither may be read. */
  g_assert_null (dyno_result_load (dir, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (dyno_result_load ("/dev/zero", &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "zero"));
  dyno_test_rm_rf (dir);
}

static void
test_load_too_large (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-result-json");
  g_autofree char *path = g_build_filename (dir, "huge.json", NULL);
  g_autoptr (GError) error = NULL;
  int fd;

  /* Sparse: costs no disk, and must be refused before a byte of it is read. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 513 * MIB), ==, 0);
  close (fd);
  g_assert_null (dyno_result_load (path, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_nonnull (strstr (error->message, "huge.json"));
  g_assert_nonnull (strstr (error->message, "too large"));
  dyno_test_rm_rf (dir);
}

static void
test_load_names_file (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-result-json");
  g_autofree char *path = g_build_filename (dir, "bad-phase.json", NULL);
  g_autoptr (GError) error = NULL;

  dyno_test_write_file (path, "{\"format\": \"dyno-result\", \"version\": 1, \"targets\": "
                              "[{\"phases\": [{\"id\": \"zoom\"}]}]}");
  g_assert_null (dyno_result_load (path, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_cmpstr (error->message, ==,
                   "“bad-phase.json”: targets[0].phases[0].id: unknown phase “zoom”");
  dyno_test_rm_rf (dir);
}

/* ---- fixtures: files written by this format's version 1, kept as they were --------------- */

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "results", name, NULL);
}

/* A file written before phase times reads as what it was: one pass of the sizes given. */
static void
test_fixture_before_phase_times (void)
{
  g_autofree char *path = fixture_path ("full-v1-before-phase-times.json");
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  const DynoConfig *config;
  const DynoPhaseRun *run;

  result = dyno_result_load (path, &error);
  g_assert_no_error (error);
  config = dyno_result_get_config (result);
  g_assert_cmpfloat (config->phase_time, ==, 0);
  g_assert_cmpint (config->autos, ==, 0);
  g_assert_false (dyno_config_is_auto (config, DYNO_AUTO_SIZE));
  run = dyno_phase_result_get_run (
      dyno_target_result_find_phase (dyno_result_get_target (result, 0), "write"), 0);
  g_assert_cmpuint (run->passes, ==, 1);
  g_assert_true (isnan (run->started));
  g_assert_false (dyno_result_get_target (result, 0)->sizing.calibrated);
}

static void
test_fixture_full (void)
{
  g_autofree char *path = fixture_path ("full-v1.json");
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *json = NULL;
  const DynoConfig *config;
  DynoTargetResult *target;
  DynoPhaseResult *phase;
  const DynoPhaseRun *run;
  const DynoSample *sample;

  result = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);

  g_assert_cmpstr (dyno_result_get_id (result), ==, "0f8e2a4c-6b1d-4e7f-9c3a-5d2b8e1f4a60");
  g_assert_cmpint (g_date_time_to_unix (dyno_result_get_created (result)), ==, 1773480413);
  g_assert_cmpstr (dyno_result_get_label (result), ==, "laptop NVMe, evening");
  config = dyno_result_get_config (result);
  g_assert_cmpuint (config->size, ==, 4 * GIB);
  g_assert_cmpuint (config->per_char_size, ==, 0);
  g_assert_cmpint (config->per_char, ==, DYNO_PER_CHAR_SYSCALL);
  g_assert_cmpuint (config->repeat, ==, 2);
  g_assert_cmpuint (config->seed, ==, G_GUINT64_CONSTANT (12345678901234567890));
  g_assert_cmpstr (config->label, ==, "laptop NVMe, evening");
  g_assert_cmpuint (dyno_result_get_system (result)->cpu_count, ==, 8);

  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 2);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpstr (target->info->fs_type, ==, "ext4");
  g_assert_cmpint (target->info->rotational, ==, DYNO_TRISTATE_NO);
  g_assert_cmpuint (target->phases->len, ==, 3);
  phase = dyno_target_result_find_phase (target, "write");
  g_assert_nonnull (phase);
  g_assert_cmpuint (phase->runs->len, ==, 2);
  run = dyno_phase_result_get_run (phase, 1);
  g_assert_cmpuint (run->amount, ==, 4 * GIB);
  assert_same_double (run->rate, 4294967296.0 / 2.5);
  assert_same_double (phase->rate.mean, (4294967296.0 / 3.0 + 4294967296.0 / 2.5) / 2);
  g_assert_cmpuint (phase->rate.n, ==, 2);
  phase = dyno_target_result_find_phase (target, "seq_create");
  g_assert_true (phase->too_fast);
  g_assert_true (isnan (dyno_phase_result_get_run (phase, 0)->rate));
  g_assert_cmpuint (target->samples->len, ==, 4);
  sample = &g_array_index (target->samples, DynoSample, 3);
  g_assert_true (sample->phase == PHASE ("read"));
  assert_same_double (sample->progress, 0.5);

  target = dyno_result_get_target (result, 1);
  g_assert_true (dyno_target_result_failed (target));
  g_assert_cmpint (target->error_code, ==, DYNO_ERROR_VANISHED);
  g_assert_true (target->error_phase == PHASE ("read"));

  /* Stability: what version 1 wrote, this code writes byte for byte. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  json = dyno_result_to_json (result, TRUE);
  g_assert_true (g_str_has_suffix (contents, "\n"));
  contents[strlen (contents) - 1] = '\0';
  g_assert_cmpstr (json, ==, contents);
}

static void
test_fixture_import (void)
{
  g_autofree char *path = fixture_path ("bonnie-import-v1.json");
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  DynoTargetResult *target;
  DynoPhaseResult *phase;
  const DynoPhaseRun *run;

  result = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dyno_result_get_tool (result), ==, "bonnie++ 1.03c");
  g_assert_cmpstr (dyno_result_get_source (result), ==, "bonnie++ 1.03 CSV, line 2 of old.csv");
  g_assert_cmpstr (dyno_result_get_system (result)->hostname, ==, "oldbox");
  g_assert_null (dyno_result_get_system (result)->kernel);

  target = dyno_result_get_target (result, 0);
  g_assert_null (target->info->path);
  g_assert_cmpint (target->started_at, ==, 0);
  g_assert_true (isnan (target->elapsed));
  g_assert_cmpuint (target->samples->len, ==, 0);
  phase = dyno_target_result_find_phase (target, "write");
  run = dyno_phase_result_get_run (phase, 0);
  assert_same_double (run->rate, 48128000.0);
  assert_same_double (run->cpu_percent, 21.0);
  g_assert_true (isnan (run->elapsed));
  g_assert_true (isnan (run->cpu_seconds));
  g_assert_true (isnan (run->latency.p99));
  g_assert_true (isnan (run->system_cpu.user));
  g_assert_cmpuint (run->threads, ==, 1);
  phase = dyno_target_result_find_phase (target, "seq_stat");
  g_assert_true (phase->too_fast);
  g_assert_true (isnan (phase->rate.mean));
}

static void
test_fixture_rejected (void)
{
  static const struct
  {
    const char *name;
    int code;
    const char *message;
  } cases[] = {
    { "newer-version.json", DYNO_ERROR_NEWER_VERSION,
      "“newer-version.json” was written by a newer Dyno (result format version 2); this version "
      "reads version 1" },
    { "other-format.json", DYNO_ERROR_BAD_FORMAT,
      "“other-format.json” is not a Dyno result file (format “speedtest-result”)" },
    { "truncated.json", DYNO_ERROR_BAD_FORMAT, "“truncated.json” is not valid JSON: " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture_path (cases[i].name);
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", cases[i].name);
      g_assert_null (dyno_result_load (path, &error));
      g_assert_error (error, DYNO_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

/* ---- reading leniently: defaults, unknown fields, other writers ------------------------- */

static void
test_minimal (void)
{
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoConfig) defaults = dyno_config_new ();
  DynoTargetResult *target;
  DynoPhaseResult *phase;
  const DynoPhaseRun *run;

  result = load_text ("{\"format\": \"dyno-result\", \"version\": 1, \"targets\": [{\"phases\": "
                      "[{\"id\": \"read\", \"runs\": [{\"rate\": 1e8}, {\"rate\": 3e8}]}]}]}",
                      &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  /* Missing optional fields get the defaults a new result has. */
  g_assert_nonnull (dyno_result_get_id (result));
  g_assert_cmpstr (dyno_result_get_tool (result), ==, "dyno " PACKAGE_VERSION);
  g_assert_null (dyno_result_get_label (result));
  assert_config_equal (dyno_result_get_config (result), defaults);
  g_assert_null (dyno_result_get_system (result)->hostname);

  target = dyno_result_get_target (result, 0);
  g_assert_null (target->info->path);
  g_assert_cmpint (target->info->rotational, ==, DYNO_TRISTATE_UNKNOWN);
  g_assert_false (dyno_target_result_failed (target));
  g_assert_null (target->error_phase);
  phase = g_ptr_array_index (target->phases, 0);
  g_assert_true (phase->phase == PHASE ("read"));
  run = dyno_phase_result_get_run (phase, 1);
  assert_same_double (run->rate, 3e8);
  g_assert_true (isnan (run->elapsed));
  g_assert_true (isnan (run->cache_resident));
  g_assert_cmpuint (run->threads, ==, 1);
  g_assert_cmpuint (run->repeat, ==, 0);
  /* The summary is computed from the runs. */
  g_assert_cmpuint (phase->rate.n, ==, 2);
  assert_same_double (phase->rate.mean, 2e8);
  g_assert_true (isnan (phase->latency.p50));
}

static void
test_summary_follows_runs (void)
{
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  DynoPhaseResult *phase;

  /* The stored summary says 999 and not too fast; the runs say otherwise and win. The latency
   * summary, which the runs cannot rebuild, is kept as stored. */
  result = load_text (
      "{\"format\": \"dyno-result\", \"version\": 1, \"targets\": [{\"phases\": [{\"id\": "
      "\"seeks\", \"too_fast\": false, \"summary\": {\"rate\": {\"n\": 1, \"mean\": 999}}, "
      "\"latency\": {\"count\": 7, \"p50\": 0.001, \"max\": 0.5}, \"runs\": ["
      "{\"repeat\": 0, \"rate\": 100, \"cpu_percent\": 10}, "
      "{\"repeat\": 1, \"rate\": 300, \"cpu_percent\": 30}, "
      "{\"repeat\": 2, \"rate\": null, \"too_fast\": true}]}]}]}",
      &error);
  g_assert_no_error (error);
  phase = g_ptr_array_index (dyno_result_get_target (result, 0)->phases, 0);
  g_assert_cmpuint (phase->rate.n, ==, 2);
  assert_same_double (phase->rate.mean, 200.0);
  assert_same_double (phase->cpu_percent.mean, 20.0);
  g_assert_true (phase->too_fast);
  g_assert_cmpuint (phase->latency.count, ==, 7);
  assert_same_double (phase->latency.p50, 0.001);
  assert_same_double (phase->latency.max, 0.5);
  g_assert_true (isnan (phase->latency.p99));
}

static void
test_summary_without_runs (void)
{
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  DynoPhaseResult *phase;

  /* Averages only (an import of a summary table): the stored figures are all there is. */
  result = load_text ("{\"format\": \"dyno-result\", \"version\": 1, \"targets\": [{\"phases\": "
                      "[{\"id\": \"write\", \"too_fast\": true, \"summary\": {\"rate\": {\"n\": 3, "
                      "\"mean\": 5e8, \"sd\": 1e7, \"min\": 4.9e8, \"max\": 5.1e8, \"ci95\": "
                      "2.5e7}, \"cpu_percent\": {\"n\": 3, \"mean\": 40}}}]}]}",
                      &error);
  g_assert_no_error (error);
  phase = g_ptr_array_index (dyno_result_get_target (result, 0)->phases, 0);
  g_assert_cmpuint (phase->runs->len, ==, 0);
  g_assert_cmpuint (phase->rate.n, ==, 3);
  assert_same_double (phase->rate.mean, 5e8);
  assert_same_double (phase->rate.ci95, 2.5e7);
  assert_same_double (phase->cpu_percent.mean, 40.0);
  g_assert_true (isnan (phase->cpu_percent.sd));
  g_assert_true (phase->too_fast);
}

static void
test_unknown_fields_ignored (void)
{
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  DynoTargetResult *target;
  const DynoSample *sample;

  /* A later revision of version 1 may add fields anywhere and reorder the sample columns. */
  result = load_text (
      "{\"format\": \"dyno-result\", \"version\": 1, \"future\": {\"a\": [1, {\"b\": null}]},"
      " \"config\": {\"size\": 4096, \"turbo\": true, \"files\": {\"num\": 2, \"shape\": \"x\"}},"
      " \"system\": {\"gpu\": \"none\", \"cpu_count\": 4},"
      " \"targets\": [{\"path\": \"/t\", \"colour\": \"red\", \"info\": {\"fs_type\": \"xfs\","
      " \"raid\": [1, 2]}, \"phases\": [{\"id\": \"write\", \"extra\": 1, \"runs\": [{\"rate\":"
      " 5, \"joules\": 3.5, \"latency\": {\"p75\": 1}}]}],"
      " \"samples\": {\"fields\": [\"phase\", \"temperature\", \"rate\", \"t\"],"
      " \"rows\": [[\"write\", 41.5, 1000.5, 0.25], [\"read\", null, null, 0.5]],"
      " \"compression\": \"none\"}}]}",
      &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dyno_result_get_config (result)->size, ==, 4096);
  g_assert_cmpuint (dyno_config_get_files (dyno_result_get_config (result))->num, ==, 2);
  g_assert_cmpuint (dyno_result_get_system (result)->cpu_count, ==, 4);
  target = dyno_result_get_target (result, 0);
  g_assert_cmpstr (target->info->path, ==, "/t");
  g_assert_cmpstr (target->info->fs_type, ==, "xfs");
  g_assert_cmpuint (target->samples->len, ==, 2);
  sample = &g_array_index (target->samples, DynoSample, 0);
  g_assert_true (sample->phase == PHASE ("write"));
  assert_same_double (sample->rate, 1000.5);
  assert_same_double (sample->t, 0.25);
  /* Columns the file lacks take their defaults; the target comes from where the row is. */
  g_assert_true (isnan (sample->phase_t));
  g_assert_true (isnan (sample->progress));
  g_assert_cmpuint (sample->target, ==, 0);
  g_assert_cmpuint (sample->done, ==, 0);
  sample = &g_array_index (target->samples, DynoSample, 1);
  g_assert_true (sample->phase == PHASE ("read"));
  g_assert_true (isnan (sample->rate));
}

static void
test_lenient_numbers (void)
{
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GError) error = NULL;
  const DynoConfig *config;

  /* Other writers may write counts as 1e9 or 2.0, and the seed as a plain number. */
  result = load_text ("\xef\xbb\xbf{\"format\": \"dyno-result\", \"version\": 1.0, \"config\": "
                      "{\"size\": 1e9, \"repeat\": 2.0, \"seed\": 42, \"chunk\": 8192}, "
                      "\"targets\": [], \"created\": \"2020-01-02T03:04:05\"}",
                      &error);
  g_assert_no_error (error);
  config = dyno_result_get_config (result);
  g_assert_cmpuint (config->size, ==, 1000000000);
  g_assert_cmpuint (config->repeat, ==, 2);
  g_assert_cmpuint (config->seed, ==, 42);
  /* No zone: UTC, as we write. */
  g_assert_cmpint (g_date_time_to_unix (dyno_result_get_created (result)), ==, 1577934245);
}

/* ---- refusing ----------------------------------------------------------------------------- */

#define HEAD "{\"format\": \"dyno-result\", \"version\": 1, "
#define TARGET(body) HEAD "\"targets\": [{" body "}]}"
#define PHASE_JSON(body) TARGET ("\"phases\": [{" body "}]")
#define RUN(body) PHASE_JSON ("\"id\": \"write\", \"runs\": [{" body "}]")
#define SAMPLES(body) TARGET ("\"samples\": {" body "}")

static const struct
{
  const char *data;
  int code;
  const char *message; /* a part of the message that says what is wrong, and where */
} bad_cases[] = {
  /* not ours */
  { "{\"format\": \"bonnie\", \"version\": 1, \"targets\": []}", DYNO_ERROR_BAD_FORMAT,
    "The data is not a Dyno result file (format “bonnie”)" },
  { "{\"version\": 1, \"targets\": []}", DYNO_ERROR_BAD_FORMAT, "no “format” field" },
  { "{\"format\": 7, \"version\": 1}", DYNO_ERROR_BAD_FORMAT, "not a Dyno result file" },
  { "null", DYNO_ERROR_BAD_FORMAT, "expected a JSON object, found null" },
  { "[]", DYNO_ERROR_BAD_FORMAT, "expected a JSON object, found an array" },
  { "[{\"format\": \"dyno-result\", \"version\": 1, \"targets\": []}]", DYNO_ERROR_BAD_FORMAT,
    "found an array" },
  { "\"dyno-result\"", DYNO_ERROR_BAD_FORMAT, "found a string" },
  { "42", DYNO_ERROR_BAD_FORMAT, "found a number" },
  /* versions */
  { "{\"format\": \"dyno-result\", \"version\": 2, \"targets\": {}}", DYNO_ERROR_NEWER_VERSION,
    "The data was written by a newer Dyno (result format version 2); this version reads "
    "version 1" },
  { "{\"format\": \"dyno-result\", \"version\": 99999999999}", DYNO_ERROR_NEWER_VERSION,
    "newer Dyno" },
  { "{\"format\": \"dyno-result\", \"targets\": []}", DYNO_ERROR_BAD_FORMAT,
    "no result format version" },
  { "{\"format\": \"dyno-result\", \"version\": \"1\"}", DYNO_ERROR_BAD_FORMAT,
    "invalid result format version (expected a whole number, found a string)" },
  { "{\"format\": \"dyno-result\", \"version\": 0}", DYNO_ERROR_BAD_FORMAT,
    "invalid result format version (0)" },
  /* not JSON */
  { "", DYNO_ERROR_BAD_FORMAT, "The data is empty" },
  { " \n\t ", DYNO_ERROR_BAD_FORMAT, "The data is empty" },
  { "hello world", DYNO_ERROR_BAD_FORMAT, "The data is not valid JSON: 1:" },
  { HEAD "\"targets\": [", DYNO_ERROR_BAD_FORMAT, "is not valid JSON" },
  { HEAD "\"targets\": [], \"label\": \"unterminated", DYNO_ERROR_BAD_FORMAT,
    "is not valid JSON" },
  { HEAD "\"targets\": [],}", DYNO_ERROR_BAD_FORMAT, "is not valid JSON" },
  { RUN ("\"rate\": NaN"), DYNO_ERROR_BAD_FORMAT, "is not valid JSON" },
  { RUN ("\"rate\": Infinity"), DYNO_ERROR_BAD_FORMAT, "is not valid JSON" },
  { "{'format': 'dyno-result'}", DYNO_ERROR_BAD_FORMAT,
    "not valid JSON: unexpected character “'” at line 1, column 2" },
  { HEAD "\n\"targets\": [] /* comment [[[ */}", DYNO_ERROR_BAD_FORMAT,
    "unexpected character “/” at line 2, column 15" },
  { HEAD "\"targets\": [], \"label\": \"\xff\xfe\"}", DYNO_ERROR_BAD_FORMAT, "not valid JSON" },
  { HEAD "\"targets\": [], \xc3\xa9: 1}", DYNO_ERROR_BAD_FORMAT, "unexpected byte 0xC3" },
  /* required fields and wrong types */
  { HEAD "\"label\": \"x\"}", DYNO_ERROR_BAD_FORMAT, "targets: missing" },
  { HEAD "\"targets\": {}}", DYNO_ERROR_BAD_FORMAT, "targets: expected an array, found an object" },
  { HEAD "\"targets\": null}", DYNO_ERROR_BAD_FORMAT, "targets: expected an array, found null" },
  { HEAD "\"targets\": [1]}", DYNO_ERROR_BAD_FORMAT,
    "targets[0]: expected an object, found a number" },
  { HEAD "\"targets\": [], \"label\": 5}", DYNO_ERROR_BAD_FORMAT,
    "label: expected a string, found a number" },
  { HEAD "\"targets\": [], \"created\": \"yesterday\"}", DYNO_ERROR_BAD_FORMAT,
    "created: “yesterday” is not an ISO 8601 date and time" },
  { HEAD "\"targets\": [], \"config\": []}", DYNO_ERROR_BAD_FORMAT,
    "config: expected an object, found an array" },
  { HEAD "\"targets\": [], \"system\": {\"cpu_count\": \"eight\"}}", DYNO_ERROR_BAD_FORMAT,
    "system.cpu_count: expected a number, found a string" },
  { TARGET ("\"elapsed\": \"fast\""), DYNO_ERROR_BAD_FORMAT,
    "targets[0].elapsed: expected a number, found a string" },
  { TARGET ("\"path\": [\"/a\"]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].path: expected a string, found an array" },
  { TARGET ("\"started\": 1700000000"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].started: expected a string, found a number" },
  { TARGET ("\"warnings\": [\"ok\", false]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].warnings[1]: expected a string, found true or false" },
  { TARGET ("\"info\": {\"rotational\": \"yes\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].info.rotational: expected true, false or null, found a string" },
  { TARGET ("\"info\": {\"encryption\": \"LUKS\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].info.encryption: expected an array, found a string" },
  { TARGET ("\"info\": {\"total_bytes\": -1}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].info.total_bytes: -1 is negative" },
  /* prices */
  { TARGET ("\"price\": 1500"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price: expected an object, found a number" },
  { TARGET ("\"price\": {\"currency\": \"USD\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.amount: missing" },
  { TARGET ("\"price\": {\"amount\": 1500}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.currency: missing" },
  { TARGET ("\"price\": {\"amount\": 0, \"currency\": \"USD\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.amount: a price must be larger than zero" },
  { TARGET ("\"price\": {\"amount\": -3.5, \"currency\": \"USD\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.amount: -3.5 is negative" },
  { TARGET ("\"price\": {\"amount\": null, \"currency\": \"USD\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.amount: a price must be larger than zero" },
  { TARGET ("\"price\": {\"amount\": 1e999, \"currency\": \"USD\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.amount: the number is too large" },
  { TARGET ("\"price\": {\"amount\": \"1500\", \"currency\": \"USD\"}"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].price.amount: expected a number, found a string" },
  { TARGET ("\"price\": {\"amount\": 1500, \"currency\": \"usd\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.currency: expected a currency code of three capital letters" },
  { TARGET ("\"price\": {\"amount\": 1500, \"currency\": \"US$\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.currency: expected a currency code" },
  { TARGET ("\"price\": {\"amount\": 1500, \"currency\": \"EURO\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.currency: expected a currency code" },
  { TARGET ("\"price\": {\"amount\": 1500, \"currency\": null}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.currency: expected a currency code" },
  { TARGET ("\"price\": {\"amount\": 1500, \"currency\": 840}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].price.currency: expected a string, found a number" },
  /* phases */
  { PHASE_JSON ("\"id\": \"foo\""), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].id: unknown phase “foo”" },
  { PHASE_JSON ("\"runs\": []"), DYNO_ERROR_BAD_FORMAT, "targets[0].phases[0].id: missing" },
  { PHASE_JSON ("\"id\": 3"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].id: expected a phase name, found a number" },
  { TARGET ("\"phases\": [{\"id\": \"read\"}, {\"id\": \"write\"}, {\"id\": \"read\"}]"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].phases[2].id: phase “read” appears twice" },
  { TARGET ("\"phases\": [{\"id\": \"read\"}, 7]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[1]: expected an object, found a number" },
  { PHASE_JSON ("\"id\": \"seeks\", \"unit\": \"B/s\""), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].unit: “B/s” does not match phase “seeks”" },
  { PHASE_JSON ("\"id\": \"write\", \"runs\": {}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].runs: expected an array, found an object" },
  { PHASE_JSON ("\"id\": \"write\", \"too_fast\": \"no\""), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].too_fast: expected true or false, found a string" },
  { PHASE_JSON ("\"id\": \"write\", \"latency\": {\"p99\": -0.5}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].latency.p99: -0.5 is negative" },
  { PHASE_JSON ("\"id\": \"write\", \"summary\": {\"rate\": {\"mean\": \"x\"}}"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].phases[0].summary.rate.mean: expected a number" },
  /* runs */
  { RUN ("\"rate\": \"fast\""), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].runs[0].rate: expected a number, found a string" },
  { RUN ("\"repeat\": 100"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].runs[0].repeat: 100 is out of range (0 to 99)" },
  { RUN ("\"repeat\": 1.5"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].runs[0].repeat: expected a whole number, found 1.5" },
  { RUN ("\"amount\": -5"), DYNO_ERROR_BAD_FORMAT, "runs[0].amount: -5 is negative" },
  /* json-glib wraps integers past 2^63; they must not come back as plausible sizes */
  { RUN ("\"amount\": 99999999999999999999"), DYNO_ERROR_BAD_FORMAT, "runs[0].amount: " },
  { RUN ("\"rate\": 1e999"), DYNO_ERROR_BAD_FORMAT, "runs[0].rate: the number is too large" },
  { RUN ("\"elapsed\": -1e999"), DYNO_ERROR_BAD_FORMAT,
    "runs[0].elapsed: the number is too large" },
  { RUN ("\"cache_resident\": 1.5"), DYNO_ERROR_BAD_FORMAT,
    "runs[0].cache_resident: 1.5 is out of range (0 to 1)" },
  { RUN ("\"threads\": 1e12"), DYNO_ERROR_BAD_FORMAT,
    "runs[0].threads: 1000000000000 is out of range" },
  { RUN ("\"latency\": [1, 2]"), DYNO_ERROR_BAD_FORMAT,
    "runs[0].latency: expected an object, found an array" },
  { RUN ("\"system_cpu\": {\"idle\": true}"), DYNO_ERROR_BAD_FORMAT,
    "runs[0].system_cpu.idle: expected a number, found true or false" },
  { PHASE_JSON ("\"id\": \"write\", \"runs\": [{}, 3]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].phases[0].runs[1]: expected an object, found a number" },
  /* the failure record */
  { TARGET ("\"error\": {\"code\": \"io\", \"phase\": \"nope\", \"message\": \"EIO\"}"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].error.phase: unknown phase “nope”" },
  { TARGET ("\"error\": {\"code\": \"io\"}"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].error.message: missing" },
  { TARGET ("\"error\": \"disk full\""), DYNO_ERROR_BAD_FORMAT,
    "targets[0].error: expected an object, found a string" },
  /* config */
  { HEAD "\"targets\": [], \"config\": {\"cache\": \"fast\"}}", DYNO_ERROR_BAD_FORMAT,
    "config.cache: “fast” is not one of evict, direct, drop, none" },
  { HEAD "\"targets\": [], \"config\": {\"per_char\": \"bytes\"}}", DYNO_ERROR_BAD_FORMAT,
    "config.per_char: “bytes” is not one of stdio, syscall" },
  { HEAD "\"targets\": [], \"config\": {\"data\": 0}}", DYNO_ERROR_BAD_FORMAT,
    "config.data: expected a string, found a number" },
  { HEAD "\"targets\": [], \"config\": {\"tests\": [\"write\", \"bogus\"]}}",
    DYNO_ERROR_BAD_FORMAT, "config.tests[1]: unknown phase “bogus”" },
  { HEAD "\"targets\": [], \"config\": {\"repeat\": 0}}", DYNO_ERROR_BAD_FORMAT,
    "config.repeat: 0 is out of range (1 to 100)" },
  { HEAD "\"targets\": [], \"config\": {\"seekers\": 1000}}", DYNO_ERROR_BAD_FORMAT,
    "config.seekers: 1000 is out of range (0 to 256)" },
  { HEAD "\"targets\": [], \"config\": {\"seed\": \"12x\"}}", DYNO_ERROR_BAD_FORMAT,
    "config.seed: “12x” is not a whole number" },
  { HEAD "\"targets\": [], \"config\": {\"seed\": \"-1\"}}", DYNO_ERROR_BAD_FORMAT,
    "config.seed: “-1” is not a whole number" },
  { HEAD "\"targets\": [], \"config\": {\"seed\": \"18446744073709551616\"}}",
    DYNO_ERROR_BAD_FORMAT, "config.seed: “18446744073709551616” is not a whole number" },
  { HEAD "\"targets\": [], \"config\": {\"files\": {\"max\": \"hardlink\"}}}",
    DYNO_ERROR_BAD_FORMAT, "config.files.max: expected a size, “link” or “symlink”" },
  { HEAD "\"targets\": [], \"config\": {\"files\": {\"max\": -1}}}", DYNO_ERROR_BAD_FORMAT,
    "config.files.max: -1 is negative" },
  { HEAD "\"targets\": [], \"config\": {\"files\": {\"num\": 100001}}}", DYNO_ERROR_BAD_FORMAT,
    "config.files.num: 100001 is out of range" },
  /* samples */
  { SAMPLES ("\"rows\": []"), DYNO_ERROR_BAD_FORMAT, "targets[0].samples.fields: missing" },
  { SAMPLES ("\"fields\": [\"t\", 2], \"rows\": []"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].samples.fields[1]: expected a string, found a number" },
  { SAMPLES ("\"fields\": [\"t\", \"phase\", \"t\"], \"rows\": []"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].samples.fields[2]: “t” appears twice" },
  { SAMPLES ("\"fields\": [\"t\", \"rate\"], \"rows\": [[0.1, 5]]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].samples.fields: samples need a “phase” field" },
  { SAMPLES ("\"fields\": [\"t\", \"phase\", \"rate\"], \"rows\": [[0.1, \"write\"]]"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].samples.rows[0]: 2 values for 3 fields" },
  { SAMPLES ("\"fields\": [\"phase\"], \"rows\": [[\"write\"], \"read\"]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].samples.rows[1]: expected an array, found a string" },
  { SAMPLES ("\"fields\": [\"phase\", \"target\"], \"rows\": [[\"write\", 1]]"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].samples.rows[0].target: 1 is out of range (0 to 0)" },
  { SAMPLES ("\"fields\": [\"phase\"], \"rows\": [[\"write\"], [\"warp\"]]"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].samples.rows[1].phase: unknown phase “warp”" },
  { SAMPLES ("\"fields\": [\"phase\"], \"rows\": [[null]]"), DYNO_ERROR_BAD_FORMAT,
    "targets[0].samples.rows[0].phase: expected a phase name, found null" },
  { SAMPLES ("\"fields\": [\"phase\", \"rate\"], \"rows\": [[\"write\", \"1 GB/s\"]]"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].samples.rows[0].rate: expected a number, found a string" },
  { SAMPLES ("\"fields\": [\"phase\", \"done\"], \"rows\": [[\"write\", -8]]"),
    DYNO_ERROR_BAD_FORMAT, "targets[0].samples.rows[0].done: -8 is negative" },
};

static void
test_reject (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DynoResult) result = NULL;

      {
        /* TAP wants UTF-8; some cases are deliberately not. */
        g_autofree char *shown = g_utf8_make_valid (bad_cases[i].data, -1);

        g_test_message ("case %u: %s", i, shown);
      }
      result = load_text (bad_cases[i].data, &error);
      g_assert_null (result);
      g_assert_error (error, DYNO_ERROR, bad_cases[i].code);
      if (strstr (error->message, bad_cases[i].message) == NULL)
        g_error ("case %u: “%s” does not contain “%s”", i, error->message, bad_cases[i].message);
    }
}

static void
test_reject_nul (void)
{
  static const char data[] = HEAD "\"targets\": [], \"label\": \"a\0b\"}";
  static const char outside[] = HEAD "\"targets\": []}\0garbage";
  g_autoptr (GError) error = NULL;

  /* The length, not a NUL, says where the data ends; a NUL inside is not UTF-8 text. */
  g_assert_null (dyno_result_load_from_data (data, sizeof data - 1, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_clear_error (&error);
  g_assert_null (dyno_result_load_from_data (outside, sizeof outside - 1, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_nonnull (strstr (error->message, "unexpected byte 0x00"));
}

/* Every prefix of a file is what a full disk or an interrupted copy leaves behind. */
static void
test_truncated (void)
{
  g_autoptr (DynoResult) result = make_full_result ();
  g_autofree char *json = dyno_result_to_json (result, TRUE);
  gsize length = strlen (json);
  const char *small = RUN ("\"rate\": 1.5, \"latency\": {\"p99\": null}");
  gsize small_length = strlen (small);

  for (gsize n = 0; n < small_length; n++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (dyno_result_load_from_data (small, n, &error));
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
    }
  /* The big one (about 170 kB) at some 150 points: an odd stride lands in every kind of place. */
  for (gsize n = 0; n < length; n += length / 150 | 1)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (dyno_result_load_from_data (json, n, &error));
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
    }
}

static void
test_deep_nesting (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;

  /* Enough to overflow the stack of a recursive parser many times over. */
  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (text, '[');
  g_assert_null (dyno_result_load_from_data (text->str, text->len, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_nonnull (strstr (error->message, "nested more than 64 levels deep"));
  g_clear_error (&error);

  /* Objects count as much as arrays, and brackets in strings not at all. */
  g_string_assign (text, HEAD "\"targets\": [], \"x\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\",");
  g_string_append (text, "\"deep\": ");
  for (guint i = 0; i < 70; i++)
    g_string_append (text, "{\"a\": ");
  g_assert_null (dyno_result_load_from_data (text->str, text->len, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_nonnull (strstr (error->message, "nested more than 64 levels deep (line 1"));
  g_clear_error (&error);

  /* Just within the limit is fine, even as an unknown field. */
  g_string_assign (text, HEAD "\"targets\": [], \"deep\": ");
  for (guint i = 0; i < 63; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < 63; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  result = dyno_result_load_from_data (text->str, text->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
}

static void
test_huge_arrays (void)
{
  g_autoptr (GString) text = g_string_new (HEAD "\"targets\": [], \"junk\": [0");
  g_autoptr (GString) chunk = g_string_new (NULL);
  g_autoptr (GString) runs = g_string_new (HEAD "\"targets\": [{\"phases\": [{\"id\": \"write\", "
                                           "\"runs\": [{}");
  g_autoptr (GError) error = NULL;

  /* 33 Mi tiny values: cheap as text, 2 GiB as a json-glib tree. Refused before parsing. */
  for (guint i = 0; i < (1u << 20); i++)
    g_string_append (chunk, ",0");
  for (guint i = 0; i < 33; i++)
    g_string_append_len (text, chunk->str, chunk->len);
  g_string_append (text, "]}");
  g_assert_null (dyno_result_load_from_data (text->str, text->len, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_nonnull (strstr (error->message, "has more than 33554432 values"));
  g_clear_error (&error);

  /* More runs than repeats can exist. */
  for (guint i = 0; i < DYNO_MAX_REPEAT; i++)
    g_string_append (runs, ", {}");
  g_string_append (runs, "]}]}]}");
  g_assert_nonnull (strstr (runs->str, "[{}, {}, {}"));
  g_assert_null (dyno_result_load_from_data (runs->str, runs->len, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_cmpstr (error->message, ==,
                   "targets[0].phases[0].runs: 101 elements are more than the 100 allowed");
}

static void
test_extreme_doubles_written_as_json (void)
{
  static const double values[] = { 1e308, 2e17, 1e-300, 4e18, 1e19, 123456789.0, 0.5 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr (DynoResult) result = dyno_result_new ();
      g_autoptr (DynoResult) loaded = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *json = NULL;
      DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/x"));

      /* json-glib 1.6 would print 1e308 as "1e+308.0", which no JSON reader accepts. */
      target->elapsed = values[i];
      dyno_result_add_target (result, target);
      json = dyno_result_to_json (result, FALSE);
      loaded = load_text (json, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (dyno_result_get_target (loaded, 0)->elapsed, values[i],
                                      values[i] * 1e-15);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/result-json/round-trip/pretty", test_round_trip_pretty);
  g_test_add_func ("/result-json/round-trip/phase-parameters", test_phase_parameters);
  g_test_add_func ("/result-json/round-trip/compact", test_round_trip_compact);
  g_test_add_func ("/result-json/round-trip/price", test_price_round_trip);
  g_test_add_func ("/result-json/round-trip/cache-below", test_cache_below_round_trip);
  g_test_add_func ("/result-json/round-trip/per-char-size", test_explicit_per_char_size);
  g_test_add_func ("/result-json/round-trip/invalid-utf8", test_invalid_utf8_written_readably);
  g_test_add_func ("/result-json/write/shape", test_written_shape);
  g_test_add_func ("/result-json/write/extreme-doubles", test_extreme_doubles_written_as_json);
  g_test_add_func ("/result-json/write/source-absent", test_source_absent);
  g_test_add_func ("/result-json/file/save-load", test_save_load);
  g_test_add_func ("/result-json/file/save-error", test_save_error);
  g_test_add_func ("/result-json/file/missing", test_load_missing);
  g_test_add_func ("/result-json/file/not-regular", test_load_not_regular);
  g_test_add_func ("/result-json/file/too-large", test_load_too_large);
  g_test_add_func ("/result-json/file/error-names-file", test_load_names_file);
  g_test_add_func ("/result-json/fixture/full", test_fixture_full);
  g_test_add_func ("/result-json/fixture/before-phase-times", test_fixture_before_phase_times);
  g_test_add_func ("/result-json/fixture/import", test_fixture_import);
  g_test_add_func ("/result-json/fixture/rejected", test_fixture_rejected);
  g_test_add_func ("/result-json/read/minimal", test_minimal);
  g_test_add_func ("/result-json/read/summary-follows-runs", test_summary_follows_runs);
  g_test_add_func ("/result-json/read/summary-without-runs", test_summary_without_runs);
  g_test_add_func ("/result-json/read/unknown-fields", test_unknown_fields_ignored);
  g_test_add_func ("/result-json/read/lenient-numbers", test_lenient_numbers);
  g_test_add_func ("/result-json/reject/cases", test_reject);
  g_test_add_func ("/result-json/reject/nul", test_reject_nul);
  g_test_add_func ("/result-json/reject/truncated", test_truncated);
  g_test_add_func ("/result-json/reject/deep-nesting", test_deep_nesting);
  g_test_add_func ("/result-json/reject/huge-arrays", test_huge_arrays);

  return g_test_run ();
}
