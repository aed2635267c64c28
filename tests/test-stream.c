/* test-stream.c: the --stream codec writes every event as one JSON line and reads it back
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-stream.h"
#include "dyno-test-util.h"

static char *
round_trip (const DynoStreamEvent *event, DynoStreamEvent *back)
{
  g_autoptr (GError) error = NULL;
  char *line = dyno_stream_encode (event);

  g_assert_nonnull (line);
  g_assert_null (strchr (line, '\n'));
  g_assert_true (dyno_stream_decode (line, back, &error));
  g_assert_no_error (error);
  g_assert_cmpint (back->kind, ==, event->kind);
  return line;
}

static void
test_sample (void)
{
  DynoSample s = { .t = 1.25, .phase_t = 0.5, .target = 2, .repeat = 1,
                   .phase = PHASE ("rnd-read:4k:q32:t1"), .done = 123456789, .rate = 4.5e8,
                   .process_cpu = 37.5, .system_cpu = { 1.0, 2.0, NAN, 96.0 }, .progress = 0.25 };
  DynoStreamEvent event = { .kind = DYNO_STREAM_SAMPLE, .target = 2, .repeat = 1,
                            .phase = s.phase, .sample = s };
  DynoStreamEvent back;
  g_autofree char *line = round_trip (&event, &back);

  g_assert_cmpstr (line, ==,
                   "{\"event\":\"sample\",\"target\":2,\"repeat\":1,\"phase\":\"rnd-read:4k:q32:t1\","
                   "\"t\":1.25,\"phase_t\":0.5,\"done\":123456789,\"rate\":450000000.0,"
                   "\"unit\":\"B/s\",\"process_cpu\":37.5,\"sys_user\":1.0,\"sys_system\":2.0,"
                   "\"sys_iowait\":null,\"sys_idle\":96.0,\"progress\":0.25}");
  g_assert_true (back.phase == s.phase && back.sample.phase == s.phase);
  g_assert_cmpuint (back.sample.target, ==, 2);
  g_assert_cmpuint (back.sample.done, ==, s.done);
  g_assert_cmpfloat (back.sample.rate, ==, s.rate);
  g_assert_true (isnan (back.sample.system_cpu.iowait));
  g_assert_cmpfloat (back.sample.progress, ==, 0.25);
  dyno_stream_event_clear (&back);
}

static void
test_phase_events (void)
{
  DynoStreamEvent started = { .kind = DYNO_STREAM_PHASE_STARTED, .target = 0, .repeat = 3,
                              .phase = PHASE ("write") };
  DynoStreamEvent finished = { .kind = DYNO_STREAM_PHASE_FINISHED, .repeat = 3,
                               .phase = PHASE ("seeks") };
  DynoStreamEvent back;
  g_autofree char *line = NULL;
  g_autofree char *line2 = NULL;

  line = round_trip (&started, &back);
  g_assert_cmpstr (line, ==, "{\"event\":\"phase-started\",\"target\":0,\"repeat\":3,\"phase\":\"write\"}");
  g_assert_true (back.phase == PHASE ("write"));
  g_assert_cmpuint (back.repeat, ==, 3);
  dyno_stream_event_clear (&back);

  dyno_phase_run_init (&finished.run);
  finished.run.amount = 8192;
  finished.run.elapsed = 2.0;
  finished.run.rate = 4096;
  finished.run.too_fast = TRUE;
  finished.run.latency.p99 = 0.001;
  line2 = round_trip (&finished, &back);
  g_assert_nonnull (strstr (line2, "\"unit\":\"ops/s\""));
  g_assert_cmpuint (back.run.amount, ==, 8192);
  g_assert_cmpfloat (back.run.rate, ==, 4096);
  g_assert_true (back.run.too_fast);
  g_assert_true (isnan (back.run.cpu_percent));
  g_assert_cmpfloat (back.run.latency.p99, ==, 0.001);
  dyno_stream_event_clear (&back);
}

/* Doubles whose shortest form has an exponent and no '.' (1e-10, 1e+308): json-glib 1.6
 * printed them as "1e-10.0", which no reader takes (found by fuzz-stream). */
static void
test_exponent_doubles (void)
{
  static const double values[] = { 1e-10, 1e308, 1e22, 5e-324, 1e-5 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      DynoStreamEvent finished = { .kind = DYNO_STREAM_PHASE_FINISHED, .phase = PHASE ("write") };
      DynoStreamEvent back;
      g_autofree char *line = NULL;

      dyno_phase_run_init (&finished.run);
      finished.run.amount = 1;
      finished.run.latency.max = values[i];
      line = round_trip (&finished, &back);
      g_assert_null (strstr (line, "e-10.0"));
      g_assert_null (strstr (line, "e+308.0"));
      /* Within a unit in the last place: the one move that makes it print as JSON. */
      g_assert_cmpfloat (fabs (back.run.latency.max - values[i]), <=, fabs (values[i]) * 1e-15);
      dyno_stream_event_clear (&back);
    }
}

static void
test_text_events (void)
{
  /* A path need not be UTF-8; the line must be. */
  DynoStreamEvent started = { .kind = DYNO_STREAM_TARGET_STARTED, .target = 1,
                              .text = (char *) "/mnt/t\xff\xfe" };
  DynoStreamEvent message = { .kind = DYNO_STREAM_MESSAGE, .warning = TRUE,
                              .text = (char *) "careful \"quoted\"\nline" };
  DynoStreamEvent finished = { .kind = DYNO_STREAM_TARGET_FINISHED, .target = 1 };
  DynoStreamEvent interrupted = { .kind = DYNO_STREAM_INTERRUPTED };
  DynoStreamEvent back;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;

  a = round_trip (&started, &back);
  g_assert_true (g_utf8_validate (a, -1, NULL));
  g_assert_true (g_str_has_prefix (back.text, "/mnt/t"));
  dyno_stream_event_clear (&back);
  b = round_trip (&message, &back);
  g_assert_true (back.warning);
  g_assert_cmpstr (back.text, ==, message.text);
  dyno_stream_event_clear (&back);
  c = round_trip (&finished, &back);
  g_assert_cmpstr (c, ==, "{\"event\":\"target-finished\",\"target\":1,\"error\":null}");
  g_assert_null (back.text);
  dyno_stream_event_clear (&back);
  d = round_trip (&interrupted, &back);
  g_assert_cmpstr (d, ==, "{\"event\":\"interrupted\"}");
  dyno_stream_event_clear (&back);
}

static void
test_result (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/t"));
  DynoStreamEvent event = { .kind = DYNO_STREAM_RESULT, .result = result };
  DynoStreamEvent back;
  DynoPhaseRun run;
  g_autofree char *line = NULL;

  dyno_phase_run_init (&run);
  run.rate = 1e9;
  dyno_phase_result_add_run (dyno_target_result_ensure_phase (target, PHASE ("read")), &run);
  dyno_result_add_target (result, target);
  line = round_trip (&event, &back);
  g_assert_true (g_str_has_prefix (line, "{\"event\":\"result\",\"result\":{\"format\":\"dyno-result\""));
  g_assert_nonnull (back.result);
  g_assert_cmpstr (dyno_result_get_id (back.result), ==, dyno_result_get_id (result));
  g_assert_cmpfloat (dyno_phase_result_get_rate (
                         dyno_target_result_find_phase (dyno_result_get_target (back.result, 0), "read")),
                     ==, 1e9);
  dyno_stream_event_clear (&back);
}

static void
test_reject (void)
{
  static const char *const bad[] = {
    "", "not json", "[1,2]", "{}", "{\"event\":\"bogus\",\"target\":0}",
    "{\"event\":\"phase-started\",\"target\":0,\"repeat\":0}",
    "{\"event\":\"phase-started\",\"target\":0,\"repeat\":0,\"phase\":\"nope\"}",
    "{\"event\":\"phase-started\",\"target\":-1,\"repeat\":0,\"phase\":\"write\"}",
    "{\"event\":\"sample\",\"target\":0,\"repeat\":0,\"phase\":\"write\"}",
    "{\"event\":\"result\",\"result\":{\"format\":\"something else\"}}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      DynoStreamEvent event;

      g_assert_false (dyno_stream_decode (bad[i], &event, &error));
      g_assert_nonnull (error);
      dyno_stream_event_clear (&event);
    }
}

static void
test_unknown_fields (void)
{
  g_autoptr (GError) error = NULL;
  DynoStreamEvent event;

  /* What a newer Dyno adds does not stop an older reader. */
  g_assert_true (dyno_stream_decode ("{\"event\":\"phase-started\",\"target\":0,\"repeat\":0,"
                                     "\"phase\":\"read\",\"new\":[1,{\"x\":2}]}",
                                     &event, &error));
  g_assert_no_error (error);
  g_assert_true (event.phase == PHASE ("read"));
  dyno_stream_event_clear (&event);
}

static void
test_hello (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  DynoStreamEvent hello;
  DynoStreamEvent back;

  /* The first line: which protocol and which Dyno; a reader checks it before anything else. */
  dyno_stream_event_init_hello (&hello, "0.1.0");
  line = round_trip (&hello, &back);
  g_assert_cmpstr (line, ==, "{\"event\":\"hello\",\"protocol\":2,\"dyno\":\"0.1.0\"}");
  g_assert_cmpuint (back.protocol, ==, DYNO_STREAM_PROTOCOL);
  g_assert_cmpstr (back.text, ==, "0.1.0");
  g_assert_true (dyno_stream_check_hello (&back, &error));
  g_assert_no_error (error);
  dyno_stream_event_clear (&back);
  dyno_stream_event_clear (&hello);

  /* Another protocol, newer or older, or a stream from before the hello line, is refused
   * with a reason. */
  for (guint i = 0; i < 2; i++)
    {
      const char *line_of[] = { "{\"event\":\"hello\",\"protocol\":3,\"dyno\":\"9.0\"}",
                                "{\"event\":\"hello\",\"protocol\":1,\"dyno\":\"0.0.9\"}" };

      g_assert_true (dyno_stream_decode (line_of[i], &back, &error));
      g_assert_false (dyno_stream_check_hello (&back, &error));
      g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
      g_assert_nonnull (strstr (error->message, i == 0 ? "protocol 3" : "protocol 1"));
      g_clear_error (&error);
      dyno_stream_event_clear (&back);
    }
  g_assert_true (dyno_stream_decode (
      "{\"event\":\"target-started\",\"target\":0,\"path\":\"/x\"}", &back, &error));
  g_assert_false (dyno_stream_check_hello (&back, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_clear_error (&error);
  dyno_stream_event_clear (&back);
  g_assert_false (dyno_stream_decode ("{\"event\":\"hello\",\"dyno\":\"0.1.0\"}", &back, &error));
  g_clear_error (&error);
  dyno_stream_event_clear (&back);
}

static void
test_tag_host (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *sample = NULL;
  g_autofree char *interrupted = NULL;
  DynoStreamEvent back;

  /* --parallel --stream: "host" after "event", target the index of the host's -d, the rest
   * (a newer writer's fields too) as it was, in its order; the line still reads back. */
  sample = dyno_stream_tag_host ("{\"event\":\"phase-started\",\"target\":0,\"repeat\":0,"
                                 "\"phase\":\"write\",\"future\":[1,2]}",
                                 "me@nas", 2);
  g_assert_cmpstr (sample, ==,
                   "{\"event\":\"phase-started\",\"host\":\"me@nas\",\"target\":2,"
                   "\"repeat\":0,\"phase\":\"write\",\"future\":[1,2]}");
  g_assert_true (dyno_stream_decode (sample, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (back.target, ==, 2);
  dyno_stream_event_clear (&back);

  /* Events without a target get no target; a host already there is replaced. */
  interrupted = dyno_stream_tag_host ("{\"event\":\"interrupted\",\"host\":\"x\"}", "nas", 1);
  g_assert_cmpstr (interrupted, ==, "{\"event\":\"interrupted\",\"host\":\"nas\"}");
  g_assert_null (dyno_stream_tag_host ("[1]", "nas", 0));
  g_assert_null (dyno_stream_tag_host ("{", "nas", 0));
}

static void
test_aggregate (void)
{
  DynoStreamEvent event = { .kind = DYNO_STREAM_AGGREGATE, .phase = PHASE ("write"),
                            .hosts = 3, .sum = 3e8, .text = (char *) "me@nas",
                            .slowest_rate = 5e7, .fastest_rate = 1.5e8, .spread = 100 };
  DynoStreamEvent tagged = { .kind = DYNO_STREAM_MESSAGE, .target = 1, .text = (char *) "hi",
                             .host = (char *) "me@nas2" };
  DynoStreamEvent result = { .kind = DYNO_STREAM_INTERRUPTED, .host = (char *) "nas" };
  DynoStreamEvent back;
  g_autofree char *line = round_trip (&event, &back);
  g_autofree char *tagged_line = NULL;
  g_autofree char *interrupted = NULL;

  g_assert_cmpstr (line, ==,
                   "{\"event\":\"aggregate\",\"phase\":\"write\",\"hosts\":3,"
                   "\"sum\":300000000.0,\"unit\":\"B/s\",\"slowest\":\"me@nas\","
                   "\"slowest_rate\":50000000.0,\"fastest_rate\":150000000.0,"
                   "\"spread\":100.0}");
  g_assert_true (back.phase == event.phase);
  g_assert_cmpuint (back.hosts, ==, 3);
  g_assert_cmpfloat (back.sum, ==, 3e8);
  g_assert_cmpstr (back.text, ==, "me@nas");
  g_assert_cmpfloat (back.spread, ==, 100);
  g_assert_null (back.host);
  dyno_stream_event_clear (&back);

  /* An event with its host: "host" after "event", and it reads back. */
  tagged_line = round_trip (&tagged, &back);
  g_assert_cmpstr (tagged_line, ==,
                   "{\"event\":\"message\",\"host\":\"me@nas2\",\"target\":1,"
                   "\"level\":\"info\",\"text\":\"hi\"}");
  g_assert_cmpstr (back.host, ==, "me@nas2");
  dyno_stream_event_clear (&back);
  interrupted = round_trip (&result, &back);
  g_assert_cmpstr (interrupted, ==, "{\"event\":\"interrupted\",\"host\":\"nas\"}");
  g_assert_cmpstr (back.host, ==, "nas");
  dyno_stream_event_clear (&back);
}

/* A line nested deeper than any Dyno writes is refused before json-glib's recursion sees it:
 * a remote machine printing 130 000 "[" crashed the local dyno-cli. */
static void
test_deep (void)
{
  g_autofree char *deep = g_strnfill (130000, '[');
  g_autoptr (GError) error = NULL;
  DynoStreamEvent event;

  g_assert_false (dyno_stream_decode (deep, &event, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  g_assert_nonnull (strstr (error->message, "nested more than 64 levels"));
  g_assert_null (dyno_stream_tag_host (deep, "nas", 0));
}

/* Taking turns: what the far side says and the orders it reads, both ways. */
static void
test_turns (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  DynoStreamEvent back;
  DynoStreamEvent sized = { .kind = DYNO_STREAM_SIZED, .target = 0, .free_bytes = 5000000000,
                            .free_inodes = 77, .text = (char *) "/srv/tank" };
  DynoStreamEvent finished = { .kind = DYNO_STREAM_ROUND_FINISHED, .repeat = 3,
                               .started = 12.5, .text = (char *) "Block write failed" };
  DynoStreamEvent workload = { .kind = DYNO_STREAM_WORKLOAD,
                               .workload = { 1 << 30, 1 << 20, 4096, 8192, { 0 } },
                               .text = (char *) "calibrated" };
  const char *only[] = { "write", "read", NULL };
  DynoStreamEvent round = { .kind = DYNO_STREAM_ROUND, .repeat = 2, .only = (char **) only };
  DynoStreamEvent end = { .kind = DYNO_STREAM_END, .text = (char *) "budget" };

  /* The seeks' count goes under its kind's key, both ways. */
  workload.workload.counts[dyno_phase_kind_get_index (dyno_phase_kind_lookup ("seeks"))] = 4000;
  dyno_sizing_clear (&sized.sizing);
  dyno_sizing_set_count (&sized.sizing, dyno_phase_kind_lookup ("seeks"), 512);
  sized.sizing.write_rate = 1.5e9;
  sized.sizing.size = 3ull << 30;
  sized.sizing.files = 2048;
  g_free (round_trip (&sized, &back));
  g_assert_cmpfloat (back.sizing.write_rate, ==, 1.5e9);
  g_assert_true (back.sizing.calibrated);
  g_assert_true (isnan (back.sizing.create_rate));
  g_assert_cmpuint (back.sizing.size, ==, 3ull << 30);
  g_assert_cmpuint (back.sizing.files, ==, 2048);
  g_assert_cmpuint (dyno_sizing_get_count (&back.sizing, dyno_phase_kind_lookup ("seeks")), ==,
                    512);
  g_assert_cmpuint (back.free_bytes, ==, 5000000000);
  g_assert_cmpuint (back.free_inodes, ==, 77);
  g_assert_cmpstr (back.text, ==, "/srv/tank");
  dyno_stream_event_clear (&back);

  g_free (round_trip (&finished, &back));
  g_assert_cmpuint (back.repeat, ==, 3);
  g_assert_cmpfloat (back.started, ==, 12.5);
  g_assert_cmpstr (back.text, ==, "Block write failed");
  dyno_stream_event_clear (&back);

  g_free (round_trip (&workload, &back));
  g_assert_cmpuint (back.workload.io_size, ==, 1 << 30);
  g_assert_cmpuint (back.workload.per_char_size, ==, 1 << 20);
  g_assert_cmpuint (back.workload.files_total, ==, 4096);
  g_assert_cmpuint (back.workload.files_cap, ==, 8192);
  g_assert_cmpuint (back.workload.counts[dyno_phase_kind_get_index (dyno_phase_kind_lookup (
                        "seeks"))], ==, 4000);
  g_assert_cmpstr (back.text, ==, "calibrated");
  dyno_stream_event_clear (&back);

  line = round_trip (&round, &back);
  g_assert_cmpstr (line, ==, "{\"event\":\"round\",\"target\":0,\"repeat\":2,"
                             "\"only\":[\"write\",\"read\"]}");
  g_assert_cmpuint (back.repeat, ==, 2);
  g_assert_cmpstrv (back.only, only);
  dyno_stream_event_clear (&back);
  round.only = NULL;
  g_free (round_trip (&round, &back));
  g_assert_null (back.only);
  dyno_stream_event_clear (&back);

  g_free (round_trip (&end, &back));
  g_assert_cmpstr (back.text, ==, "budget");
  dyno_stream_event_clear (&back);

  /* An order for a phase this Dyno does not know is refused, not skipped. */
  g_assert_false (dyno_stream_decode ("{\"event\":\"round\",\"target\":0,\"repeat\":0,"
                                      "\"only\":[\"warp-drive\"]}", &back, &error));
  g_assert_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT);
  dyno_stream_event_clear (&back);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stream/deep", test_deep);
  g_test_add_func ("/stream/sample", test_sample);
  g_test_add_func ("/stream/phase-events", test_phase_events);
  g_test_add_func ("/stream/exponent-doubles", test_exponent_doubles);
  g_test_add_func ("/stream/text-events", test_text_events);
  g_test_add_func ("/stream/result", test_result);
  g_test_add_func ("/stream/reject", test_reject);
  g_test_add_func ("/stream/unknown-fields", test_unknown_fields);
  g_test_add_func ("/stream/hello", test_hello);
  g_test_add_func ("/stream/tag-host", test_tag_host);
  g_test_add_func ("/stream/aggregate", test_aggregate);
  g_test_add_func ("/stream/turns", test_turns);
  return g_test_run ();
}
