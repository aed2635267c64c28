/* test-estimate.c: the remaining-time estimate learns from its calibration and its phases
 *
 * Nothing here depends on how fast the machine is: the estimator is fed figures, and a real
 * run is checked against what its own log says its phases took.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-run-shared.h"
#include "dyno-estimate.h"
#include "dyno-option.h"
#include "dyno-plan.h"
#include "dyno-runner.h"
#include "dyno-test-util.h"

static DynoConfig *
make_config (const char *tests, double phase_time, guint repeat)
{
  DynoConfig *config = dyno_config_new ();

  g_assert_true (dyno_config_select (config, tests, NULL));
  config->phase_time = phase_time;
  config->repeat = repeat;
  config->precision = 0;
  config->size = 8 << 20;
  config->autos = 0;
  return config;
}

/* A calibration's rates price each phase with the untimed work it brings: a read makes
 * passes past the phase time, a rewrite reads and writes, a delete puts its files back. */
static void
test_prices (void)
{
  g_autoptr (DynoConfig) config = make_config ("write,rewrite,read,files", 3, 3);
  DynoSizing sizing = { .calibrated = TRUE, .write_rate = 100e6, .create_rate = 1000 };
  /* The block write fills the phase time at 100 MB/s; 3000 files take 3 s to create. */
  DynoWorkload workload = { .io_size = 300000000, .files_total = 3000 };
  double write = dyno_estimate_phase_seconds (config, &sizing, &workload, PHASE ("write"));
  double read = dyno_estimate_phase_seconds (config, &sizing, &workload, PHASE ("read"));
  double rewrite = dyno_estimate_phase_seconds (config, &sizing, &workload, PHASE ("rewrite"));
  double create = dyno_estimate_phase_seconds (config, &sizing, &workload, PHASE ("seq_create"));
  double del = dyno_estimate_phase_seconds (config, &sizing, &workload, PHASE ("seq_delete"));

  g_assert_cmpfloat_with_epsilon (write, 3.1, 1e-9);
  g_assert_cmpfloat (read, >, write);
  g_assert_cmpfloat (rewrite, >, write);
  g_assert_cmpfloat_with_epsilon (create, 3.1, 1e-9);
  /* More than twice the phase time: the files come back between its passes. */
  g_assert_cmpfloat (del, >, 2 * 3);
  /* Without rates a phase is its phase time; without that either, nothing prices it. */
  g_assert_cmpfloat_with_epsilon (dyno_estimate_phase_seconds (config, NULL, NULL,
                                                               PHASE ("read")),
                                  3.1, 1e-9);
  config->phase_time = 0;
  g_assert_true (isnan (dyno_estimate_phase_seconds (config, NULL, NULL, PHASE ("read"))));
  /* The warm-up writes the data file once at the calibrated rate. */
  config->phase_time = 3;
  g_assert_cmpfloat_with_epsilon (dyno_estimate_warm_up_seconds (config, &sizing, &workload), 3,
                                  1e-9);
}

/* As phases end the estimate is measured work for what was seen, and the price corrected by
 * how the phases seen compared with theirs for the rest. */
static void
test_learns (void)
{
  g_autoptr (DynoConfig) config = make_config ("write,read", 1, 3);
  g_autoptr (DynoEstimate) estimate = dyno_estimate_new (config, 1);
  double price = 1.1; /* the phase time and the overhead of a phase without rates */

  /* Before the calibration: six phases at their price, the idle measurement to come. */
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0), 6 * price + 1, 1e-9);
  dyno_estimate_calibrated (estimate);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0), 6 * price, 1e-9);
  /* Half a second into the first phase: counting down. */
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0.5), 6 * price - 0.5,
                                  1e-9);

  /* The write took twice its price: the reads not yet seen are expected to as well. */
  dyno_estimate_phase_done (estimate, 0, PHASE ("write"), 2 * price);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_get_correction (estimate), 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0),
                                  2 * (2 * price) + 3 * (price * 2), 1e-9);
  /* The read took its price: the correction is the ratio of the sums. */
  dyno_estimate_phase_done (estimate, 0, PHASE ("read"), price);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_get_correction (estimate), 1.5, 1e-9);
  /* Both seen: each is expected to take again what it took. */
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0),
                                  2 * (2 * price) + 2 * price, 1e-9);
  dyno_estimate_phase_done (estimate, 0, PHASE ("write"), 4 * price);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0),
                                  (2 * price + 4 * price) / 2 + 2 * price, 1e-9);

  /* Rounds added for precision count the mean phase; a failed target none. */
  dyno_estimate_add_phases (estimate, 2);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0),
                                  3 * price + 2 * price + 2 * (7 * price / 3), 1e-9);
  dyno_estimate_skip_target (estimate, 0);
  g_assert_cmpfloat_with_epsilon (dyno_estimate_remaining (estimate, 0), 2 * (7 * price / 3),
                                  1e-9);
}

/* A real run: at every phase's end the estimate is what the log says it must be, from what
 * the phases took, and at the last one nothing is left. */
static void
test_runner_log (void)
{
  g_autoptr (DynoConfig) config = make_config ("write,read,seeks", 0.2, 3);
  g_autofree char *dir = dyno_test_make_dir ("dyno-estimate");
  const char *targets[] = { dir, NULL };
  guint n_phases = dyno_plan_count_phases (config);
  guint per_round = n_phases / config->repeat;
  DynoRunShared *shared = dyno_run_shared_new (config, 1, n_phases, config->phase_time);
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (GArray) log = NULL;
  g_autoptr (GHashTable) sums = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  double seen_price = 0, seen_measured = 0;

  config->seed = 1;
  dyno_config_set_uint (config, "seeks", 64);
  result = dyno_runner_run (config, targets, shared, NULL, 100, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_false (dyno_result_has_failures (result));
  log = dyno_run_shared_dup_estimate_log (shared);
  /* One learning step per phase that ended. */
  g_assert_cmpuint (log->len, ==, n_phases);

  for (guint i = 0; i < log->len; i++)
    {
      const DynoEstimateEntry *e = &g_array_index (log, DynoEstimateEntry, i);
      double *sum = g_hash_table_lookup (sums, e->phase);
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, e->phase));
      double correction;
      double expected = 0;

      g_assert_cmpfloat (e->seconds, >=, 0);
      if (sum == NULL)
        {
          sum = g_new0 (double, 1);
          g_hash_table_insert (sums, (gpointer) e->phase, sum);
          /* First seen: its price enters the correction (no rates: no warm-up priced). */
          seen_price += dyno_estimate_phase_seconds (config, NULL, NULL, e->phase);
          seen_measured += e->seconds;
        }
      *sum += e->seconds;
      g_hash_table_insert (counts, (gpointer) e->phase, GUINT_TO_POINTER (count + 1));
      correction = CLAMP (seen_measured / seen_price, 0.5, 4.0);
      g_assert_cmpfloat_with_epsilon (e->correction, correction, 1e-9);

      /* What is left: each phase's remaining runs at what it took, or at its corrected price
       * while it has not been seen. */
      for (guint p = 0; p < per_round; p++)
        {
          const DynoPhase *phase = dyno_config_get_phase (config, p);
          double *phase_sum = g_hash_table_lookup (sums, phase);
          guint done = GPOINTER_TO_UINT (g_hash_table_lookup (counts, phase));
          double each = phase_sum != NULL
                            ? *phase_sum / done
                            : dyno_estimate_phase_seconds (config, NULL, NULL, phase)
                                  * correction;

          expected += each * (config->repeat - done);
        }
      g_assert_cmpfloat_with_epsilon (e->remaining, expected, 1e-9);
    }
  g_assert_cmpfloat (g_array_index (log, DynoEstimateEntry, log->len - 1).remaining, ==, 0);

  dyno_run_shared_unref (shared);
  dyno_test_assert_no_scratch (dir);
  dyno_test_rm_rf (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimate/prices", test_prices);
  g_test_add_func ("/estimate/learns", test_learns);
  g_test_add_func ("/estimate/runner-log", test_runner_log);
  return g_test_run ();
}
