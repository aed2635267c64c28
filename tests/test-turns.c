/* test-turns.c: the order of rounds across machines (dyno-turns.h), without machines
 *
 * The sides are played here: what a runner or a remote dyno-cli would say is fed in, and the
 * orders that come out are checked: one workload for all, then A B B A one round at a time,
 * rounds for precision, and the end for everyone when a side fails or is lost.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-phase-ctx.h"
#include "dyno-turns.h"

typedef struct
{
  GString *log;        /* "W0 W1 R0.0 R1.0 …" */
  DynoWorkload workload;
  guint workloads;
  char **only;         /* of the last round */
} Orders;

static void
on_order (guint target, const DynoStreamEvent *order, gpointer data)
{
  Orders *o = data;

  switch (order->kind)
    {
    case DYNO_STREAM_WORKLOAD:
      g_string_append_printf (o->log, "W%u ", target);
      o->workload = order->workload;
      o->workloads++;
      break;
    case DYNO_STREAM_ROUND:
      g_string_append_printf (o->log, "R%u.%u%s ", target, order->repeat,
                              order->only != NULL ? "*" : "");
      g_strfreev (o->only);
      o->only = g_strdupv (order->only);
      break;
    case DYNO_STREAM_END:
      g_string_append_printf (o->log, "E%u:%s ", target, order->text);
      break;
    default:
      g_assert_not_reached ();
    }
}

static DynoConfig *
fixed_config (guint repeat)
{
  DynoConfig *config = dyno_config_new ();

  config->size = 16 * 1024 * 1024;
  config->autos = 0;
  config->phase_time = 0.2;
  config->repeat = repeat;
  g_assert_true (dyno_config_select (config, "write,read", NULL));
  return config;
}

/* The side of target says its round repeat is over. */
static void
finish (DynoTurns *turns, guint target, guint repeat, const char *error)
{
  DynoStreamEvent finished = { .kind = DYNO_STREAM_ROUND_FINISHED, .target = target,
                               .repeat = repeat, .started = 1.0 + repeat,
                               .text = (char *) error };

  dyno_turns_round_finished (turns, target, &finished);
}

static void
test_abba (void)
{
  g_autoptr (DynoConfig) config = fixed_config (3);
  Orders o = { .log = g_string_new (NULL) };
  DynoTurns *turns = dyno_turns_new (config, 2, dyno_now_ns (), on_order, &o);

  /* Sizes given: no calibration to wait for, round 0 of target 0 at once. */
  dyno_turns_start (turns);
  g_assert_cmpstr (o.log->str, ==, "R0.0 ");
  /* Nothing moves until the target whose round it is says it is over. */
  finish (turns, 1, 0, NULL);
  g_assert_cmpstr (o.log->str, ==, "R0.0 ");
  finish (turns, 0, 0, NULL);
  finish (turns, 1, 0, NULL);
  finish (turns, 1, 1, NULL);
  finish (turns, 0, 1, NULL);
  finish (turns, 0, 2, NULL);
  g_assert_false (dyno_turns_get_ended (turns));
  finish (turns, 1, 2, NULL);
  g_assert_cmpstr (o.log->str, ==, "R0.0 R1.0 R1.1 R0.1 R0.2 R1.2 E0:not-sought E1:not-sought ");
  g_assert_true (dyno_turns_get_ended (turns));
  /* The rounds' starts there against when they were ordered here */
  g_assert_true (isfinite (dyno_turns_get_offset (turns, 1, 2)));
  g_assert_true (isnan (dyno_turns_get_offset (turns, 1, 3)));
  dyno_turns_free (turns);
  g_string_free (o.log, TRUE);
}

static void
test_workload (void)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  Orders o = { .log = g_string_new (NULL) };
  DynoTurns *turns;
  DynoStreamEvent a = { .kind = DYNO_STREAM_SIZED, .free_bytes = 100ull << 30,
                        .free_inodes = 1 << 20, .text = (char *) "/a" };
  DynoStreamEvent b = a;

  config->repeat = 2;
  config->phase_time = 1;
  config->autos = DYNO_AUTO_SIZE;
  g_assert_true (dyno_config_select (config, "write,read", NULL));
  turns = dyno_turns_new (config, 2, dyno_now_ns (), on_order, &o);
  dyno_sizing_clear (&a.sizing);
  dyno_sizing_clear (&b.sizing);
  a.sizing.write_rate = 100e6;
  b.sizing.write_rate = 400e6;
  b.text = (char *) "root@nas:/b";
  dyno_turns_start (turns);
  g_assert_cmpstr (o.log->str, ==, "");
  g_assert_false (dyno_turns_is_sized (turns, 1));
  dyno_turns_sized (turns, 1, &b);
  g_assert_true (dyno_turns_is_sized (turns, 1));
  g_assert_cmpstr (o.log->str, ==, "");
  dyno_turns_sized (turns, 0, &a);
  /* One workload for both, from the faster one's rate: 400 MB/s × 1 s or more. */
  g_assert_cmpstr (o.log->str, ==, "W0 W1 R0.0 ");
  g_assert_cmpuint (o.workloads, ==, 2);
  g_assert_cmpuint (o.workload.io_size, >=, 300 * 1000 * 1000);
  dyno_turns_free (turns);
  g_string_free (o.log, TRUE);
}

static void
test_failure_ends_all (void)
{
  g_autoptr (DynoConfig) config = fixed_config (3);
  Orders o = { .log = g_string_new (NULL) };
  DynoTurns *turns = dyno_turns_new (config, 3, dyno_now_ns (), on_order, &o);

  dyno_turns_start (turns);
  finish (turns, 0, 0, NULL);
  /* Target 1's round failed (its disk filled up): nobody runs another round, and every side,
   * its own too, is told to end. */
  finish (turns, 1, 0, "No space left on device");
  g_assert_cmpstr (o.log->str, ==, "R0.0 R1.0 E0:not-sought E1:not-sought E2:not-sought ");
  finish (turns, 2, 0, NULL);
  g_assert_cmpstr (o.log->str, ==, "R0.0 R1.0 E0:not-sought E1:not-sought E2:not-sought ");
  dyno_turns_free (turns);
  g_string_free (o.log, TRUE);

  /* A side lost (its connection dropped) while waiting for the calibrations */
  o.log = g_string_new (NULL);
  config->autos = DYNO_AUTO_SIZE;
  config->phase_time = 1;
  turns = dyno_turns_new (config, 2, dyno_now_ns (), on_order, &o);
  dyno_turns_start (turns);
  dyno_turns_lost (turns, 1);
  g_assert_cmpstr (o.log->str, ==, "E0:not-sought E1:not-sought ");
  dyno_turns_free (turns);
  g_string_free (o.log, TRUE);
}

static void
add_run (DynoTurns *turns, guint target, const char *key, guint repeat, double rate)
{
  DynoPhaseRun run;

  dyno_phase_run_init (&run);
  run.repeat = repeat;
  run.rate = rate;
  run.elapsed = 1;
  run.amount = (guint64) rate;
  dyno_turns_phase_finished (turns, target, dyno_phase_lookup (key), &run);
}

static void
test_precision (void)
{
  g_autoptr (DynoConfig) config = fixed_config (2);
  Orders o = { .log = g_string_new (NULL) };
  DynoTurns *turns;

  config->autos = DYNO_AUTO_REPEAT;
  config->precision = 0.05;
  turns = dyno_turns_new (config, 2, dyno_now_ns (), on_order, &o);
  dyno_turns_start (turns);
  for (guint r = 0; r < 2; r++)
    for (guint t = 0; t < 2; t++)
      {
        /* Steady reads; target 1's writes vary ×2 */
        add_run (turns, t, "write", r, t == 1 && r == 1 ? 200e6 : 100e6);
        add_run (turns, t, "read", r, 300e6);
      }
  finish (turns, 0, 0, NULL);
  finish (turns, 1, 0, NULL);
  finish (turns, 1, 1, NULL);
  finish (turns, 0, 1, NULL);
  /* A third round of the write alone ("*"), A B again */
  g_assert_cmpstr (o.log->str, ==, "R0.0 R1.0 R1.1 R0.1 R0.2* ");
  g_assert_cmpstrv (o.only, ((const char *[]) { "write", NULL }));
  add_run (turns, 0, "write", 2, 100e6);
  finish (turns, 0, 2, NULL);
  g_assert_cmpstr (o.log->str, ==, "R0.0 R1.0 R1.1 R0.1 R0.2* R1.2* ");
  dyno_turns_free (turns);
  g_string_free (o.log, TRUE);
  g_strfreev (o.only);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/turns/abba", test_abba);
  g_test_add_func ("/turns/workload", test_workload);
  g_test_add_func ("/turns/failure-ends-all", test_failure_ends_all);
  g_test_add_func ("/turns/precision", test_precision);
  return g_test_run ();
}
