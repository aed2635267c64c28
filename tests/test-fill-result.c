/* test-fill-result.c: the fill document (src/model/dyno-fill-result.c): its JSON both ways,
 * the reader's refusals, the sentences and what a recovery pass got back
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "dyno-error.h"
#include "dyno-fill-result.h"

#define MB 1000000.0
#define GB 1000000000.0

/* A pass at rate[k] bytes per second until knee[k], sampled every 1 GB. */
static DynoFillPass *
make_pass (const double *knees, const double *rates, guint n_stretches, double total)
{
  DynoFillPass *pass = dyno_fill_pass_new ();
  double written = 0;
  double t = 0;

  while (written < total)
    {
      guint k = 0;
      DynoFillSample s;
      double bytes;

      while (k + 1 < n_stretches && written >= knees[k])
        k++;
      bytes = MIN (GB, total - written);
      written += bytes;
      t += bytes / rates[k];
      s.written = (guint64) written;
      s.rate = rates[k];
      s.t = t;
      g_array_append_val (pass->samples, s);
    }
  pass->requested = (guint64) total;
  pass->written = (guint64) written;
  pass->seconds = t;
  return pass;
}

static DynoFillResult *
make_result (void)
{
  static const double knees[] = { 42 * GB, 0 };
  static const double rates[] = { 3100 * MB, 1100 * MB };
  static const double again_knees[] = { 21 * GB, 0 };
  DynoFillResult *result = dyno_fill_result_new ("/mnt/fast");
  DynoFillPass *again;

  result->block = 1 << 20;
  result->queue = 4;
  result->engine = g_strdup ("io_uring");
  result->direct = TRUE;
  result->sample_interval = 1;
  result->calibration_bytes = 6200000000;
  result->calibration_seconds = 2;
  result->estimated_seconds = 64.5;
  result->label = g_strdup ("NVMe “fast”");
  result->info->fs_type = g_strdup ("ext4");
  result->info->free_bytes = 400 * (guint64) GB;
  result->system->hostname = g_strdup ("lap");
  dyno_fill_pass_free (result->fill);
  result->fill = make_pass (knees, rates, 2, 200 * GB);
  again = make_pass (again_knees, rates, 2, 63 * GB);
  again->rest = 60;
  g_ptr_array_add (result->recovery, again);
  g_ptr_array_add (result->notes, g_strdup ("A note"));
  g_ptr_array_add (result->warnings, g_strdup ("A warning"));
  dyno_fill_result_analyze (result);
  return result;
}

static void
test_analyze (void)
{
  g_autoptr (DynoFillResult) result = make_result ();
  const DynoFillPass *again = g_ptr_array_index (result->recovery, 0);
  g_autofree char *sentence = dyno_fill_pass_describe (result->fill);
  g_autofree char *recovery = dyno_fill_recovery_describe (result, again);

  g_assert_cmpuint (result->fill->segments->len, ==, 2);
  g_assert_true (dyno_fill_pass_has_fast_stretch (result->fill));
  g_assert_cmpstr (sentence, ==,
                   "Wrote at 3.1 GB/s for the first 42.0 GB (its fast cache), then at 1.1 GB/s.");
  /* Half of the 42 GB came back: 21 GB at the fast rate */
  g_assert_cmpuint (again->recovered, ==, 21 * (guint64) GB);
  g_assert_cmpfloat_with_epsilon (again->recovered_fraction, 0.5, 0.01);
  g_assert_cmpstr (recovery, ==,
                   "After 1 min 00 s of rest, 21.0 GB of the 42.0 GB fast stretch came back "
                   "(50 %).");
}

static void
test_sentences (void)
{
  static const double one[] = { 0 };
  static const double one_rate[] = { 520 * MB };
  static const double three_knees[] = { 24 * GB, 150 * GB, 0 };
  static const double three_rates[] = { 2000 * MB, 450 * MB, 120 * MB };
  g_autoptr (DynoFillPass) flat = make_pass (one, one_rate, 1, 100 * GB);
  g_autoptr (DynoFillPass) qlc = make_pass (three_knees, three_rates, 3, 400 * GB);
  g_autoptr (DynoFillResult) result = make_result ();
  g_autoptr (DynoFillPass) all = make_pass (one, (const double[]) { 3100 * MB }, 1, 63 * GB);
  g_autofree char *flat_text = NULL;
  g_autofree char *qlc_text = NULL;
  g_autofree char *all_text = NULL;
  g_autofree char *none_text = NULL;
  g_autofree char *no_cache_text = NULL;

  g_array_unref (flat->segments);
  flat->segments = dyno_segments_find ((DynoFillSample *) (void *) flat->samples->data,
                                       flat->samples->len, NULL);
  g_array_unref (qlc->segments);
  qlc->segments = dyno_segments_find ((DynoFillSample *) (void *) qlc->samples->data,
                                      qlc->samples->len, NULL);
  flat_text = dyno_fill_pass_describe (flat);
  qlc_text = dyno_fill_pass_describe (qlc);
  g_assert_cmpstr (flat_text, ==, "Wrote at 520 MB/s throughout (100.0 GB, no knee).");
  g_assert_cmpstr (qlc_text, ==,
                   "Wrote at 2.0 GB/s for the first 24.0 GB (its fast cache), then at 450 MB/s "
                   "up to 150.0 GB, then at 120 MB/s.");

  /* A recovery pass that never slowed down: all of it came back. */
  all->rest = 300;
  g_array_unref (all->segments);
  all->segments = dyno_segments_find ((DynoFillSample *) (void *) all->samples->data,
                                      all->samples->len, NULL);
  all_text = dyno_fill_recovery_describe (result, all);
  g_assert_cmpstr (all_text, ==,
                   "After 5 min 00 s of rest, all of the 42.0 GB fast stretch came back (63.0 GB "
                   "written at its speed again).");
  /* One that wrote at the slow rate from its start: none came back. */
  g_array_index (all->segments, DynoFillSegment, 0).rate = 1100 * MB;
  none_text = dyno_fill_recovery_describe (result, all);
  g_assert_cmpstr (none_text, ==,
                   "After 5 min 00 s of rest, none of the 42.0 GB fast stretch came back: the pass "
                   "wrote at 1.1 GB/s from its start.");
  /* A fill without a fast stretch has nothing to get back. */
  dyno_fill_pass_free (result->fill);
  result->fill = g_steal_pointer (&flat);
  no_cache_text = dyno_fill_recovery_describe (result, all);
  g_assert_true (g_str_has_suffix (no_cache_text, "the fill had no fast stretch that could come "
                                                  "back."));
}

static void
test_round_trip (void)
{
  g_autoptr (DynoFillResult) result = make_result ();
  g_autoptr (DynoFillResult) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = dyno_fill_result_to_json (result);
  g_autofree char *again = NULL;
  const DynoFillPass *pass;

  g_assert_true (g_str_has_suffix (json, "}\n"));
  g_assert_true (dyno_fill_data_sniff (json, strlen (json)));
  back = dyno_fill_result_from_data (json, strlen (json), "fill.json", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->id, ==, result->id);
  g_assert_cmpint (back->created, ==, result->created);
  g_assert_cmpstr (back->label, ==, "NVMe “fast”");
  g_assert_cmpstr (back->path, ==, "/mnt/fast");
  g_assert_cmpstr (back->engine, ==, "io_uring");
  g_assert_cmpuint (back->block, ==, 1 << 20);
  g_assert_cmpuint (back->queue, ==, 4);
  g_assert_true (back->direct);
  g_assert_null (back->direct_refused);
  g_assert_cmpstr (back->info->fs_type, ==, "ext4");
  g_assert_cmpstr (back->system->hostname, ==, "lap");
  g_assert_cmpuint (back->calibration_bytes, ==, 6200000000);
  g_assert_cmpfloat (back->estimated_seconds, ==, 64.5);
  g_assert_cmpuint (back->fill->samples->len, ==, result->fill->samples->len);
  g_assert_cmpuint (back->fill->segments->len, ==, 2);
  g_assert_cmpuint (g_array_index (back->fill->segments, DynoFillSegment, 0).end, ==,
                    g_array_index (result->fill->segments, DynoFillSegment, 0).end);
  g_assert_cmpuint (back->recovery->len, ==, 1);
  pass = g_ptr_array_index (back->recovery, 0);
  g_assert_cmpfloat (pass->rest, ==, 60);
  g_assert_cmpuint (pass->recovered, ==, 21 * (guint64) GB);
  g_assert_cmpstr (g_ptr_array_index (back->notes, 0), ==, "A note");
  g_assert_cmpstr (g_ptr_array_index (back->warnings, 0), ==, "A warning");
  g_assert_false (back->stopped);
  g_assert_null (back->error_message);
  /* Written again, byte for byte the same */
  again = dyno_fill_result_to_json (back);
  g_assert_cmpstr (again, ==, json);
}

static void
test_stopped_and_error (void)
{
  g_autoptr (DynoFillResult) result = make_result ();
  g_autoptr (DynoFillResult) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;

  result->stopped = TRUE;
  result->error_code = g_strdup ("no-space");
  result->error_message = g_strdup ("No space left on device");
  result->direct = FALSE;
  result->direct_refused = g_strdup ("tmpfs refuses O_DIRECT");
  json = dyno_fill_result_to_json (result);
  back = dyno_fill_result_from_data (json, strlen (json), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (back->stopped);
  g_assert_cmpstr (back->error_code, ==, "no-space");
  g_assert_cmpstr (back->error_message, ==, "No space left on device");
  g_assert_false (back->direct);
  g_assert_cmpstr (back->direct_refused, ==, "tmpfs refuses O_DIRECT");
}

static void
expect_refusal (const char *json, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoFillResult) result = dyno_fill_result_from_data (json, strlen (json), "x.json",
                                                                  &error);

  g_assert_null (result);
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("expected “%s” in “%s”", message, error->message);
}

static void
test_refusals (void)
{
  expect_refusal ("[1]", "not a Dyno fill document");
  expect_refusal ("{\"format\": \"dyno-result\", \"version\": 1}", "not a Dyno fill document");
  expect_refusal ("{\"format\": \"dyno-fill\"}", "version: missing");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 2}", "newer Dyno");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1,", "not valid JSON");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"samples\": "
                  "[{\"written\": 10, \"rate\": \"fast\"}]}",
                  "“x.json”: samples[0].rate: expected a number, found a string");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"samples\": "
                  "[{\"written\": 10, \"rate\": 1.0}, {\"written\": 5, \"rate\": 1.0}]}",
                  "samples[1]: “written” must grow");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"samples\": "
                  "[{\"written\": -1, \"rate\": 1.0}]}",
                  "samples[0].written: -1 is out of range");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"segments\": "
                  "[{\"start\": 0, \"end\": 10, \"rate\": 1.0}, "
                  "{\"start\": 11, \"end\": 20, \"rate\": 1.0}]}",
                  "segments[1]: a segment must start where the one before it ended");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"recovery\": "
                  "[{\"rest\": -5}]}",
                  "recovery[0].rest: -5 is out of range");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"error\": {\"code\": \"io\"}}",
                  "error.message: missing");
  expect_refusal ("{\"format\": \"dyno-fill\", \"version\": 1, \"stopped\": 1}",
                  "stopped: expected true or false");
}

static void
test_sniff (void)
{
  const char *result = "{\"format\": \"dyno-result\", \"version\": 1, \"x\": "
                       "{\"format\": \"dyno-fill\"}}";
  const char *fill = "{ \"version\" : 1,\n  \"format\" :\n \"dyno-fill\" }";

  g_assert_false (dyno_fill_data_sniff (result, strlen (result)));
  g_assert_true (dyno_fill_data_sniff (fill, strlen (fill)));
  g_assert_false (dyno_fill_data_sniff ("", 0));
  g_assert_false (dyno_fill_data_sniff ("\"format\"", 8));
  /* Text without a quote, or whose last quote opens nothing: not a fill, and no read past it */
  g_assert_false (dyno_fill_data_sniff ("Version 1.03c ------Sequential", 30));
  g_assert_false (dyno_fill_data_sniff ("a \"b\" c", 7));
}

static void
test_format (void)
{
  g_autofree char *a = dyno_fill_format_rate (3.1e9);
  g_autofree char *b = dyno_fill_format_rate (420e6);
  g_autofree char *c = dyno_fill_format_rate (41.94e6);
  g_autofree char *d = dyno_fill_format_bytes (42000000000);
  g_autofree char *e = dyno_fill_format_bytes (268435456);
  g_autofree char *f = dyno_fill_format_bytes (2500000000000);

  g_assert_cmpstr (a, ==, "3.1 GB/s");
  g_assert_cmpstr (b, ==, "420 MB/s");
  g_assert_cmpstr (c, ==, "41.9 MB/s");
  g_assert_cmpstr (d, ==, "42.0 GB");
  g_assert_cmpstr (e, ==, "268 MB");
  g_assert_cmpstr (f, ==, "2.50 TB");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fill-result/analyze", test_analyze);
  g_test_add_func ("/fill-result/sentences", test_sentences);
  g_test_add_func ("/fill-result/round-trip", test_round_trip);
  g_test_add_func ("/fill-result/stopped-and-error", test_stopped_and_error);
  g_test_add_func ("/fill-result/refusals", test_refusals);
  g_test_add_func ("/fill-result/sniff", test_sniff);
  g_test_add_func ("/fill-result/format", test_format);
  return g_test_run ();
}
