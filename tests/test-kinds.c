/* test-kinds.c: a kind of phase added the way docs/design.md says, end to end
 *
 * This program is built with the example kind of tests/kinds/ (its two files) and registries
 * generated from the list of kinds in src/meson.build plus "example", which take the place of
 * the libraries' own. The kind must then be in the catalogue, run by the engine on a real
 * folder, sized by its hook, kept in the result file and read back, and shown in the text
 * report, with nothing else changed.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-engine.h"
#include "dyno-phase-ops.h"
#include "dyno-report.h"
#include "dyno-test-util.h"

/* The list's kinds come first, in its order; the example is the last. */
static void
test_registered (void)
{
  guint n_kinds;
  const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);
  const DynoPhaseKind *example = dyno_phase_kind_lookup ("example");
  guint n_bonnie;
  g_autoptr (GPtrArray) all = dyno_phase_expand_name ("all");

  g_assert_nonnull (example);
  g_assert_true (kinds[n_kinds - 1] == example);
  g_assert_cmpstr (kinds[0]->nick, ==, "putc");
  g_assert_nonnull (dyno_phase_ops_lookup (example));
  /* Every kind of the catalogue runs in this build. */
  for (guint i = 0; i < n_kinds; i++)
    g_assert_nonnull (dyno_phase_ops_lookup (kinds[i]));
  /* Not one of Bonnie's: their table and "all" stay as they were. */
  dyno_phase_bonnie (&n_bonnie);
  g_assert_cmpuint (n_bonnie, ==, N_BONNIE);
  g_assert_false (g_ptr_array_find (all, dyno_phase_get (example, NULL), NULL));
  g_assert_cmpstr (dyno_phase_get_title (dyno_phase_get (example, NULL)), ==,
                   "Synced small writes");
  g_assert_cmpstr (dyno_phase_get_chart_name (dyno_phase_get (example, NULL)), ==, "Syncs");
}

static void
test_run (void)
{
  g_autofree char *dir = dyno_test_make_dir ("kinds");
  g_autofree char *before = dyno_test_checksum_tree (dir);
  g_autofree char *after = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (DynoResult) result = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  const DynoPhaseKind *example = dyno_phase_kind_lookup ("example");
  const char *targets[] = { dir, NULL };
  DynoTargetResult *target;
  DynoPhaseResult *phase;
  g_autofree char *json = NULL;
  g_autofree char *report = NULL;

  /* A phase time, so that passes go on until it is over and the figure is measured (with the
   * sizes given, a fast disk would sync 64 blocks too fast to trust: "+++++"). */
  config->phase_time = 0.6;
  config->autos = 0;
  config->repeat = 2;
  config->precision = 0;
  g_assert_true (dyno_config_select (config, "example", &error));
  g_assert_no_error (error);

  /* Run by the engine on a real folder, with nothing left behind. */
  result = dyno_engine_run_sync (engine, config, targets, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  after = dyno_test_checksum_tree (dir);
  g_assert_cmpstr (before, ==, after);
  dyno_test_assert_no_scratch (dir);

  target = dyno_result_get_target (result, 0);
  g_assert_false (dyno_target_result_failed (target));
  phase = dyno_target_result_find_phase (target, "example");
  g_assert_nonnull (phase);
  g_assert_cmpuint (phase->runs->len, ==, 2);
  for (guint i = 0; i < phase->runs->len; i++)
    {
      const DynoPhaseRun *run = dyno_phase_result_get_run (phase, i);

      /* Passes of the count its sizing hook chose with a phase time, 8 syncs, until the phase
       * time is over. */
      g_assert_cmpuint (run->amount, >=, 8);
      g_assert_cmpuint (run->amount % 8, ==, 0);
      g_assert_cmpfloat (run->elapsed, >=, 0.6);
      g_assert_true (isfinite (run->rate) && run->rate > 0);
    }
  g_assert_false (phase->too_fast);
  g_assert_cmpuint (dyno_sizing_get_count (&target->sizing, example), ==, 8);
  /* No data file: it uses none, so nothing says it was small against the RAM. */
  g_assert_false (dyno_config_has_io_tests (config));

  /* In the result file, under its key, and read back. */
  json = dyno_result_to_json (result, TRUE);
  g_assert_nonnull (strstr (json, "\"example_syncs\" : 8"));
  g_assert_nonnull (strstr (json, "\"example\""));
  loaded = dyno_result_load_from_data (json, strlen (json), &error);
  g_assert_no_error (error);
  phase = dyno_target_result_find_phase (dyno_result_get_target (loaded, 0), "example");
  g_assert_nonnull (phase);
  g_assert_cmpuint (phase->runs->len, ==, 2);
  g_assert_cmpuint (dyno_sizing_get_count (&dyno_result_get_target (loaded, 0)->sizing,
                                           example), ==, 8);

  /* In the text report, in a section of its own with its blurb. */
  report = dyno_report_text (loaded, DYNO_RATE_UNIT_MB);
  g_test_message ("%s", report);
  g_assert_nonnull (strstr (report, "tests of their own"));
  g_assert_nonnull (strstr (report, "example (Synced small writes): "));
  g_assert_nonnull (strstr (report, "/sec ± "));
  g_assert_nonnull (strstr (report, " sd of 2 runs"));
  g_assert_nonnull (strstr (report, "Writes one 4 KiB block and waits until it is on the device"));
  g_assert_null (strstr (report, "twice the RAM"));

  dyno_test_rm_rf (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kinds/example/registered", test_registered);
  g_test_add_func ("/kinds/example/run", test_run);
  return g_test_run ();
}
