/* test-engine-remote.c: DynoEngine with remote targets, against real sshd servers
 *
 * tests/ssh/run-engine-remote.py starts private sshd servers on 127.0.0.1 … (tests/lib/
 * dyno_sshd.py) and runs this with DYNO_TEST_SSH_COMMAND (ssh with the generated ssh_config),
 * DYNO_TEST_SSH_HOSTS ("127.0.0.1:PORT 127.0.0.2:PORT") and DYNO_CLI (the dyno-cli under test,
 * which stands for the remote one). The "remote" folders are on this machine, so the test sees
 * their scratch folders. Runs are tiny: waits are bounds, never measurements.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include <signal.h>

#include "dyno-compare.h"
#include "dyno-engine.h"
#include "dyno-error.h"
#include "dyno-remote-probe.h"
#include "dyno-remote-target.h"
#include "dyno-sysinfo-collect.h"
#include "dyno-test-util.h"

#define GONE_WITHIN_S 30 /* a bound on the remote cleanup, not a speed test */

static const char *ssh_command;
static const char *cli;
static GStrv hosts; /* "127.0.0.1:PORT" */

static char *
url (guint host, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (hosts[host], ":", 2);

  return g_strdup_printf ("ssh://root@%s:%s%s", parts[0], parts[1], path);
}

static DynoConfig *
small_config (double phase_time)
{
  DynoConfig *config = dyno_config_new ();

  config->size = 16 * 1024 * 1024;
  config->autos &= ~DYNO_AUTO_SIZE;
  config->phase_time = phase_time;
  config->repeat = 1;
  config->seed = 4242;
  config->label = g_strdup ("engine-remote");
  g_assert_true (dyno_config_select (config, "write,read", NULL));
  return config;
}

/* What the signals said, per target index. */
typedef struct
{
  GMainLoop *loop;
  GPtrArray *results;
  GError *error;
  GString *order;       /* "S1 S0 P0 …": started, phase-started, finished, in arrival order */
  guint started[4];
  guint phases_started[4];
  guint phases_finished[4];
  guint samples[4];
  guint finished[4];
  guint bad_index;      /* a signal for a target that does not exist */
  char *failure[4];     /* target-finished's error message */
  gboolean cancel_on_sample;
  GCancellable *cancellable;
  guint n_targets;
} Record;

static void
record_clear (Record *r)
{
  g_clear_pointer (&r->loop, g_main_loop_unref);
  g_clear_pointer (&r->results, g_ptr_array_unref);
  g_clear_error (&r->error);
  g_string_free (r->order, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (r->failure); i++)
    g_free (r->failure[i]);
  g_clear_object (&r->cancellable);
}

static gboolean
index_ok (Record *r, guint target)
{
  if (target < r->n_targets)
    return TRUE;
  r->bad_index++;
  return FALSE;
}

static void
on_target_started (DynoEngine *engine, guint target, const char *path, Record *r)
{
  if (index_ok (r, target))
    r->started[target]++;
  g_string_append_printf (r->order, "S%u ", target);
}

static void
on_phase_started (DynoEngine *engine, guint target, guint repeat, const DynoPhase *phase,
                  Record *r)
{
  if (index_ok (r, target))
    r->phases_started[target]++;
  g_string_append_printf (r->order, "P%u ", target);
}

static void
on_samples (DynoEngine *engine, GArray *batch, Record *r)
{
  for (guint i = 0; i < batch->len; i++)
    {
      const DynoSample *s = &g_array_index (batch, DynoSample, i);

      if (index_ok (r, s->target))
        r->samples[s->target]++;
    }
  if (r->cancel_on_sample && batch->len > 0)
    g_cancellable_cancel (r->cancellable);
}

static void
on_phase_finished (DynoEngine *engine, guint target, guint repeat, const DynoPhase *phase,
                   const DynoPhaseRun *run, Record *r)
{
  if (index_ok (r, target))
    r->phases_finished[target]++;
}

static void
on_target_finished (DynoEngine *engine, guint target, const DynoTargetResult *result, Record *r)
{
  if (!index_ok (r, target))
    return;
  r->finished[target]++;
  g_free (r->failure[target]);
  r->failure[target] = g_strdup (result->error_message);
  g_string_append_printf (r->order, "F%u ", target);
}

static void
on_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Record *r = data;

  r->results = dyno_engine_run_finish_all (DYNO_ENGINE (source), res, &r->error);
  g_main_loop_quit (r->loop);
}

/* Runs config on targets and records every signal. */
static void
run_engine (DynoEngine *engine, const DynoConfig *config, const char *const *targets, Record *r)
{
  r->loop = g_main_loop_new (NULL, FALSE);
  r->order = g_string_new (NULL);
  r->n_targets = g_strv_length ((char **) targets);
  g_assert_cmpuint (r->n_targets, <=, G_N_ELEMENTS (r->started));
  if (r->cancellable == NULL)
    r->cancellable = g_cancellable_new ();
  g_signal_connect (engine, "target-started", G_CALLBACK (on_target_started), r);
  g_signal_connect (engine, "phase-started", G_CALLBACK (on_phase_started), r);
  g_signal_connect (engine, "samples", G_CALLBACK (on_samples), r);
  g_signal_connect (engine, "phase-finished", G_CALLBACK (on_phase_finished), r);
  g_signal_connect (engine, "target-finished", G_CALLBACK (on_target_finished), r);
  dyno_engine_run_async (engine, config, targets, r->cancellable, on_done, r);
  g_assert_true (dyno_engine_get_running (engine));
  g_main_loop_run (r->loop);
  g_assert_false (dyno_engine_get_running (engine));
  g_signal_handlers_disconnect_by_data (engine, r);
}

static DynoEngine *
remote_engine (const char *const *targets)
{
  DynoEngine *engine = dyno_engine_new ();

  for (guint i = 0; targets[i] != NULL; i++)
    if (dyno_remote_target_is_remote (targets[i]))
      dyno_engine_set_remote_options (engine, targets[i], cli, ssh_command);
  return engine;
}

static void
assert_phases (DynoResult *result, const char *where)
{
  const DynoTargetResult *target;

  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 1);
  target = dyno_result_get_target (result, 0);
  g_assert_null (target->error_message);
  g_assert_cmpuint (target->phases->len, ==, 2);
  g_assert_nonnull (dyno_target_result_find_phase (target, "write"));
  g_assert_nonnull (dyno_target_result_find_phase (target, "read"));
  g_assert_cmpuint (target->samples->len, >, 0);
  g_assert_nonnull (dyno_result_get_system (result));
  g_assert_nonnull (dyno_result_get_system (result)->hostname);
  g_assert_cmpstr (dyno_result_get_remote (result), ==, where);
}

static int
compare_first (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
test_one_remote (void)
{
  g_autofree char *dir = dyno_test_make_dir ("engine-remote");
  g_autofree char *target = url (0, dir);
  const char *targets[] = { target, NULL };
  g_autoptr (DynoEngine) engine = remote_engine (targets);
  g_autoptr (DynoConfig) config = small_config (0.2);
  DynoResult *result;
  const DynoConfig *remote_config;
  DynoStatus status;
  Record r = { 0 };

  run_engine (engine, config, targets, &r);
  g_assert_no_error (r.error);
  g_assert_cmpuint (r.bad_index, ==, 0);
  g_assert_cmpuint (r.started[0], ==, 1);
  g_assert_cmpuint (r.phases_started[0], ==, 2);
  g_assert_cmpuint (r.phases_finished[0], ==, 2);
  g_assert_cmpuint (r.samples[0], >, 0);
  g_assert_cmpuint (r.finished[0], ==, 1);
  g_assert_null (r.failure[0]);

  g_assert_cmpuint (r.results->len, ==, 1);
  result = g_ptr_array_index (r.results, 0);
  assert_phases (result, "root@127.0.0.1");
  g_assert_cmpstr (dyno_result_get_target (result, 0)->info->path, ==, dir);
  /* The far side ran this configuration, handed over as JSON (run --config-json). */
  remote_config = dyno_result_get_config (result);
  g_assert_cmpuint (remote_config->size, ==, config->size);
  g_assert_cmpuint (remote_config->seed, ==, 4242);
  g_assert_cmpfloat_with_epsilon (remote_config->phase_time, 0.2, 1e-9);
  g_assert_cmpstr (dyno_result_get_label (result), ==, "engine-remote");
  g_assert_cmpuint (dyno_config_get_n_phases (remote_config), ==, 2);
  /* The same fields as a local run's result */
  g_assert_nonnull (dyno_result_get_id (result));
  g_assert_nonnull (dyno_result_get_created (result));
  g_assert_nonnull (dyno_result_get_target (result, 0)->info->fs_type);
  g_assert_cmpfloat (dyno_target_result_find_phase (dyno_result_get_target (result, 0), "write")
                         ->runs->len, ==, 1);

  dyno_engine_get_status (engine, &status);
  g_assert_false (status.running);
  g_assert_cmpfloat (status.progress, ==, 1);

  dyno_test_assert_no_scratch (dir);
  record_clear (&r);
  dyno_test_rm_rf (dir);
}

static void
test_parallel_mixed (void)
{
  g_autofree char *local = dyno_test_make_dir ("engine-local");
  g_autofree char *dir1 = dyno_test_make_dir ("engine-remote1");
  g_autofree char *dir2 = dyno_test_make_dir ("engine-remote2");
  g_autofree char *remote1 = url (0, dir1);
  g_autofree char *remote2 = url (1, dir2);
  /* The local folder in the middle: indices are those given, not the local runner's. */
  const char *targets[] = { remote1, local, remote2, NULL };
  g_autoptr (DynoEngine) engine = remote_engine (targets);
  g_autoptr (DynoConfig) config = small_config (0.5);
  const char *order;
  Record r = { 0 };

  dyno_engine_set_parallel (engine, TRUE);
  g_assert_true (dyno_engine_get_parallel (engine));
  run_engine (engine, config, targets, &r);
  g_assert_no_error (r.error);
  g_assert_cmpuint (r.bad_index, ==, 0);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (r.started[i], ==, 1);
      g_assert_cmpuint (r.phases_started[i], ==, 2);
      g_assert_cmpuint (r.phases_finished[i], ==, 2);
      g_assert_cmpuint (r.samples[i], >, 0);
      g_assert_cmpuint (r.finished[i], ==, 1);
      g_assert_null (r.failure[i]);
    }
  /* Three results: the local one first, then the remotes in the order given. */
  g_assert_cmpuint (r.results->len, ==, 3);
  g_assert_null (dyno_result_get_remote (g_ptr_array_index (r.results, 0)));
  g_assert_cmpstr (dyno_result_get_target (g_ptr_array_index (r.results, 0), 0)->info->path, ==,
                   local);
  assert_phases (g_ptr_array_index (r.results, 1), "root@127.0.0.1");
  assert_phases (g_ptr_array_index (r.results, 2), "root@127.0.0.2");
  /* At the same time: both remote machines started before either finished. */
  order = r.order->str;
  g_test_message ("signals: %s", order);
  g_assert_nonnull (strstr (order, "S0 "));
  g_assert_nonnull (strstr (order, "S2 "));
  g_assert_true (strstr (order, "S0 ") < strstr (order, "F2 "));
  g_assert_true (strstr (order, "S2 ") < strstr (order, "F0 "));

  record_clear (&r);
  dyno_test_assert_no_scratch (local);
  dyno_test_assert_no_scratch (dir1);
  dyno_test_assert_no_scratch (dir2);
  dyno_test_rm_rf (local);
  dyno_test_rm_rf (dir1);
  dyno_test_rm_rf (dir2);
}

/* A remote target that fails ends the run it takes turns in: the run still gives its one
 * result, each target saying what became of it. */
static void
run_failing (const char *remote_cli, const char *const *expected, int code)
{
  g_autofree char *local = dyno_test_make_dir ("engine-local");
  g_autofree char *dir = dyno_test_make_dir ("engine-remote");
  g_autofree char *target = url (0, dir);
  const char *targets[] = { local, target, NULL };
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (DynoConfig) config = small_config (0.2);
  const DynoTargetResult *failed;
  Record r = { 0 };

  dyno_engine_set_remote_options (engine, target, remote_cli, ssh_command);
  run_engine (engine, config, targets, &r);
  g_assert_no_error (r.error);
  g_assert_cmpuint (r.bad_index, ==, 0);
  /* The local target had the first round, and keeps it; the run ended at the remote's. */
  g_assert_cmpuint (r.finished[0], ==, 1);
  g_assert_null (r.failure[0]);
  g_assert_cmpuint (r.finished[1], ==, 1);
  g_assert_nonnull (r.failure[1]);
  g_test_message ("the failure: %s", r.failure[1]);
  for (guint i = 0; expected[i] != NULL; i++)
    g_assert_nonnull (strstr (r.failure[1], expected[i]));

  g_assert_cmpuint (r.results->len, ==, 1);
  g_assert_cmpuint (dyno_result_get_n_targets (g_ptr_array_index (r.results, 0)), ==, 2);
  g_assert_null (dyno_result_get_remote (g_ptr_array_index (r.results, 0)));
  g_assert_cmpuint (dyno_result_get_target (g_ptr_array_index (r.results, 0), 0)->phases->len, ==,
                    2);
  g_assert_cmpuint (dyno_target_result_find_phase (
                        dyno_result_get_target (g_ptr_array_index (r.results, 0), 0), "write")
                        ->runs->len, ==, 1);
  failed = dyno_result_get_target (g_ptr_array_index (r.results, 0), 1);
  g_assert_cmpstr (failed->remote, ==, "root@127.0.0.1");
  g_assert_true (dyno_target_result_failed (failed));
  g_assert_cmpstr (failed->error_message, ==, r.failure[1]);
  /* The front ends say how to point at dyno-cli (--remote-cli, the app's Advanced) by it. */
  g_assert_cmpint (failed->error_code, ==, code);

  record_clear (&r);
  dyno_test_rm_rf (local);
  dyno_test_rm_rf (dir);
}

static void
test_missing_cli (void)
{
  const char *expected[] = { "root@127.0.0.1", "/nonexistent/dyno-cli", "-Dgui=false", NULL };

  run_failing ("/nonexistent/dyno-cli", expected, DYNO_ERROR_REMOTE_NO_CLI);
}

static void
test_protocol_mismatch (void)
{
  g_autofree char *dir = dyno_test_make_dir ("engine-fake");
  g_autofree char *fake = g_build_filename (dir, "fake-dyno-cli", NULL);
  const char *expected[] = { "root@127.0.0.1", "protocol 99", "-Dgui=false", NULL };

  dyno_test_write_file (fake, "#!/bin/sh\n"
                              "printf '%s\\n' '{\"event\":\"hello\",\"protocol\":99,"
                              "\"dyno\":\"9.9.9\"}'\n"
                              "cat >/dev/null\n");
  g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
  run_failing (fake, expected, DYNO_ERROR_BAD_FORMAT);
  dyno_test_rm_rf (dir);
}

static void
test_cancel (void)
{
  g_autofree char *dir = dyno_test_make_dir ("engine-remote");
  g_autofree char *target = url (0, dir);
  const char *targets[] = { target, NULL };
  g_autoptr (DynoEngine) engine = remote_engine (targets);
  g_autoptr (DynoConfig) config = small_config (0);
  g_autoptr (GPtrArray) scratch = NULL;
  gint64 end;
  Record r = { 0 };

  /* Big enough that the write is still going when its first sample comes. */
  config->size = 4ull * 1024 * 1024 * 1024;
  config->skip_space_check = TRUE;
  r.cancel_on_sample = TRUE;
  run_engine (engine, config, targets, &r);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (r.results);
  g_assert_cmpuint (r.samples[0], >, 0);
  /* The far side removes its scratch folder once ssh's input closes; the callback came after
   * ssh ended, so it is gone or going. */
  end = g_get_monotonic_time () + GONE_WITHIN_S * G_USEC_PER_SEC;
  do
    {
      g_clear_pointer (&scratch, g_ptr_array_unref);
      scratch = dyno_test_list_scratch (dir);
      if (scratch->len == 0)
        break;
      g_usleep (50000);
    }
  while (g_get_monotonic_time () < end);
  g_assert_cmpuint (scratch->len, ==, 0);

  record_clear (&r);
  dyno_test_rm_rf (dir);
}

/* A local and a remote folder one after another take turns, A B B A, one round at a time, on
 * one workload, and give one result whose rounds pair. */
static void
test_turns (void)
{
  g_autofree char *local = dyno_test_make_dir ("engine-local");
  g_autofree char *dir = dyno_test_make_dir ("engine-remote");
  g_autofree char *remote = url (0, dir);
  const char *targets[] = { local, remote, NULL };
  g_autoptr (DynoEngine) engine = remote_engine (targets);
  g_autoptr (DynoConfig) config = small_config (0.6);
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  const char *expected[] = { "0.0", "1.0", "1.1", "0.1", "0.2", "1.2" };
  DynoCompareCell cell;
  DynoResult *result;
  GArray *rounds = g_array_new (FALSE, FALSE, sizeof (double) * 3);
  Record r = { 0 };

  config->repeat = 3;
  run_engine (engine, config, targets, &r);
  g_assert_no_error (r.error);
  g_assert_cmpuint (r.bad_index, ==, 0);
  g_test_message ("signals: %s", r.order->str);
  /* Phases started in the order of the rounds, one target at a time */
  g_assert_nonnull (strstr (r.order->str, "P0 P0 S1 P1 P1 S1 P1 P1 S0 P0 P0 S0 P0 P0 S1 P1 P1 "));
  g_assert_cmpuint (r.finished[0], ==, 1);
  g_assert_cmpuint (r.finished[1], ==, 1);
  g_assert_null (r.failure[0]);
  g_assert_null (r.failure[1]);

  /* One result: the local folder, then the remote one, marked with its machine */
  g_assert_cmpuint (r.results->len, ==, 1);
  result = g_ptr_array_index (r.results, 0);
  g_assert_null (dyno_result_get_remote (result));
  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 2);
  g_assert_cmpstr (dyno_result_get_target (result, 0)->info->path, ==, local);
  g_assert_null (dyno_result_get_target (result, 0)->remote);
  g_assert_cmpstr (dyno_result_get_target (result, 1)->info->path, ==, dir);
  g_assert_cmpstr (dyno_result_get_target (result, 1)->remote, ==, "root@127.0.0.1");
  g_assert_nonnull (dyno_result_get_target (result, 1)->system);
  g_assert_nonnull (dyno_result_get_target (result, 1)->system->hostname);
  /* The same work on both sides */
  g_assert_cmpuint (dyno_result_get_target (result, 0)->sizing.size, ==,
                    dyno_result_get_target (result, 1)->sizing.size);

  /* The rounds by when they began, on the run's clock: A B B A A B, none overlapping. */
  for (guint t = 0; t < 2; t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);
      const DynoPhaseResult *write = dyno_target_result_find_phase (target, "write");
      const DynoPhaseResult *read = dyno_target_result_find_phase (target, "read");

      g_assert_cmpuint (write->runs->len, ==, 3);
      g_assert_cmpuint (read->runs->len, ==, 3);
      for (guint i = 0; i < 3; i++)
        {
          const DynoPhaseRun *w = dyno_phase_result_get_run (write, i);
          const DynoPhaseRun *rd = dyno_phase_result_get_run (read, i);
          double round[3] = { w->started, rd->started + rd->elapsed, t * 10 + w->repeat };

          g_assert_cmpuint (w->repeat, ==, rd->repeat);
          g_array_append_vals (rounds, round, 1);
        }
    }
  g_array_sort (rounds, compare_first);
  for (guint i = 0; i < rounds->len; i++)
    {
      const double *round = (const double *) rounds->data + 3 * i;
      g_autofree char *name = g_strdup_printf ("%.0f.%.0f", floor (round[2] / 10),
                                               fmod (round[2], 10));

      g_test_message ("round %s: %.3f – %.3f s", name, round[0], round[1]);
      g_assert_cmpstr (name, ==, expected[i]);
      if (i > 0)
        g_assert_cmpfloat (round[0], >=, ((const double *) rounds->data)[3 * (i - 1) + 1] - 0.05);
    }

  /* Its rounds pair: the comparison's interval comes from them. */
  dyno_comparison_add (comparison, result, 0);
  dyno_comparison_add (comparison, result, 1);
  dyno_comparison_get_cell (comparison, 1, dyno_phase_lookup ("read"), &cell);
  g_assert_true (cell.paired);

  g_array_unref (rounds);
  record_clear (&r);
  dyno_test_assert_no_scratch (local);
  dyno_test_assert_no_scratch (dir);
  dyno_test_rm_rf (local);
  dyno_test_rm_rf (dir);
}

static void
on_probe (GObject *source, GAsyncResult *res, gpointer data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (res);
}

static DynoRemoteProbe *
probe_sync (const char *target, const char *remote_cli, GError **error)
{
  g_autoptr (GAsyncResult) res = NULL;

  dyno_remote_probe_async (target, remote_cli, ssh_command, NULL, on_probe, &res);
  while (res == NULL)
    g_main_context_iteration (NULL, TRUE);
  return dyno_remote_probe_finish (res, error);
}

static void
test_probe (void)
{
  g_autofree char *dir = dyno_test_make_dir ("engine-probe");
  g_autofree char *target = url (1, dir);
  g_autoptr (DynoTargetInfo) local = dyno_target_info_collect (dir);
  g_autoptr (DynoRemoteProbe) probe = NULL;
  g_autoptr (GError) error = NULL;

  probe = probe_sync (target, cli, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (probe->where, ==, "root@127.0.0.2");
  g_assert_cmpstr (probe->version, ==, PACKAGE_VERSION);
  g_assert_nonnull (probe->target);
  g_assert_cmpstr (probe->target->path, ==, dir);
  g_assert_cmpstr (probe->target->fs_type, ==, local->fs_type);
  g_assert_true (probe->target->writable);
  g_assert_cmpuint (probe->target->total_bytes, ==, local->total_bytes);
  g_assert_nonnull (probe->system);
  g_assert_nonnull (probe->system->hostname);
  g_assert_nonnull (probe->info);

  /* No dyno-cli there: the message says what to install. */
  g_clear_pointer (&probe, dyno_remote_probe_free);
  probe = probe_sync (target, "/nonexistent/dyno-cli", &error);
  g_assert_null (probe);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "-Dgui=false"));
  dyno_test_rm_rf (dir);
}

int
main (int argc, char *argv[])
{
  const char *host_list = g_getenv ("DYNO_TEST_SSH_HOSTS");

  g_test_init (&argc, &argv, NULL);
  ssh_command = g_getenv ("DYNO_TEST_SSH_COMMAND");
  cli = g_getenv ("DYNO_CLI");
  if (ssh_command == NULL || cli == NULL || host_list == NULL)
    {
      g_test_skip ("run by tests/ssh/run-engine-remote.py, which starts the sshd servers");
      return g_test_run ();
    }
  hosts = g_strsplit (host_list, " ", -1);
  g_assert_cmpuint (g_strv_length (hosts), >=, 2);
  /* An order written to a side that just ended is a failed write (dyno-engine.h). */
  signal (SIGPIPE, SIG_IGN);
  /* Only the per-target ssh command: nothing falls back on the environment's. */
  g_unsetenv ("DYNO_SSH_COMMAND");

  g_test_add_func ("/engine-remote/one-remote", test_one_remote);
  g_test_add_func ("/engine-remote/parallel-mixed", test_parallel_mixed);
  g_test_add_func ("/engine-remote/missing-cli", test_missing_cli);
  g_test_add_func ("/engine-remote/protocol-mismatch", test_protocol_mismatch);
  g_test_add_func ("/engine-remote/cancel", test_cancel);
  g_test_add_func ("/engine-remote/turns", test_turns);
  g_test_add_func ("/engine-remote/probe", test_probe);
  return g_test_run ();
}
