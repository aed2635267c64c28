/* test-segments.c: the change-point detection of a fill's curve (src/model/dyno-segments.c)
 * on synthetic curves with known knees, over many seeds
 *
 * Each curve is made the way the fill runner samples a drive: one sample per second (or per
 * 256 MiB, whichever comes first) of a true rate that is a function of the bytes written,
 * with Gaussian noise, optionally heavy-tailed outliers, spikes and stalls. Every case is
 * deterministic (seeded) and asserts where the knees are and how fast each stretch was.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-segments.h"

#define GB 1e9
#define MB 1e6
#define N_SEEDS 25

typedef double (*RateFunc) (double bytes, gconstpointer data);

typedef struct
{
  double knee[4];   /* bytes where the rate changes */
  double rate[5];   /* the rate before knee[0], between knee[0] and knee[1], … */
  guint n_knees;
  double total;     /* bytes of the whole fill */
  double noise;     /* relative standard deviation of a sample's rate */
  double outliers;  /* share of samples whose rate is off by ±30 % */
  double interval;  /* seconds per sample */
  double chunk;     /* bytes per sample at most */
  /* a spike or stall: from this byte, `blip_samples` samples at blip_factor × the rate */
  double blip_at;
  guint blip_samples;
  double blip_factor;
  /* a slow drift: the rate at the end is drift × the rate at the start (1: none) */
  double drift;
} Curve;

static double
true_rate (const Curve *c, double bytes)
{
  guint k = 0;
  double rate;

  while (k < c->n_knees && bytes >= c->knee[k])
    k++;
  rate = c->rate[k];
  if (c->drift != 0 && c->drift != 1)
    rate *= 1 + (c->drift - 1) * bytes / c->total;
  return rate;
}

static double
gaussian (GRand *rand)
{
  double u1 = g_rand_double_range (rand, 1e-12, 1);
  double u2 = g_rand_double (rand);

  return sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
}

/* Samples the curve as the runner does: a sample ends after `interval` seconds or `chunk`
 * bytes, whichever comes first; a sample that crosses a knee mixes both rates. */
static GArray *
sample_curve (const Curve *c, guint32 seed)
{
  GArray *samples = g_array_new (FALSE, TRUE, sizeof (DynoFillSample));
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  double written = 0;
  double t = 0;
  guint blip_left = 0;

  while (written < c->total)
    {
      double factor = 1 + c->noise * gaussian (rand);
      double seconds = 0;
      double bytes = 0;
      DynoFillSample s;

      if (c->outliers > 0 && g_rand_double (rand) < c->outliers)
        factor *= g_rand_boolean (rand) ? 1.3 : 0.7;
      if (c->blip_samples > 0 && blip_left == 0 && written >= c->blip_at
          && written < c->blip_at + c->chunk)
        blip_left = c->blip_samples;
      if (blip_left > 0)
        {
          factor *= c->blip_factor;
          blip_left--;
        }
      factor = MAX (factor, 0.05);
      /* in small steps, so that a sample across a knee has the mix of both */
      while (seconds < c->interval && bytes < c->chunk && written + bytes < c->total)
        {
          double step = MIN (c->interval / 64, c->interval - seconds);
          double r = true_rate (c, written + bytes) * factor;
          double b = MIN (r * step, c->chunk - bytes);

          b = MIN (b, c->total - written - bytes);
          seconds += b / r;
          bytes += b;
        }
      written += bytes;
      t += seconds;
      s.written = (guint64) written;
      s.rate = bytes / seconds;
      s.t = t;
      g_array_append_val (samples, s);
    }
  return samples;
}

static GArray *
find (GArray *samples)
{
  return dyno_segments_find ((const DynoFillSample *) (void *) samples->data, samples->len, NULL);
}

/* The segments cover the curve from 0 to its end, in order, without gaps. */
static void
assert_covers (GArray *segments, GArray *samples)
{
  g_assert_cmpuint (segments->len, >, 0);
  g_assert_cmpuint (g_array_index (segments, DynoFillSegment, 0).start, ==, 0);
  for (guint k = 0; k + 1 < segments->len; k++)
    g_assert_cmpuint (g_array_index (segments, DynoFillSegment, k).end, ==,
                      g_array_index (segments, DynoFillSegment, k + 1).start);
  g_assert_cmpuint (g_array_index (segments, DynoFillSegment, segments->len - 1).end, ==,
                    g_array_index (samples, DynoFillSample, samples->len - 1).written);
}

/* Every seed finds the knees of c within knee_tolerance (a fraction of the knee's position)
 * and each stretch's rate within rate_tolerance. */
static void
check_curve (const Curve *c, double knee_tolerance, double rate_tolerance)
{
  for (guint32 seed = 1; seed <= N_SEEDS; seed++)
    {
      g_autoptr (GArray) samples = sample_curve (c, seed);
      g_autoptr (GArray) segments = find (samples);

      assert_covers (segments, samples);
      if (segments->len != c->n_knees + 1)
        {
          for (guint k = 0; k < segments->len; k++)
            {
              const DynoFillSegment *s = &g_array_index (segments, DynoFillSegment, k);

              g_test_message ("seed %u: segment %u: %.3f–%.3f GB at %.1f MB/s", seed, k,
                              s->start / GB, s->end / GB, s->rate / MB);
            }
          g_test_message ("seed %u: %u samples, noise %.1f MB/s", seed, samples->len,
                          dyno_segments_noise ((const DynoFillSample *) (void *) samples->data,
                                               samples->len) / MB);
        }
      for (guint k = 0; g_test_verbose () && k < segments->len; k++)
        g_test_message ("seed %u: %.4f-%.4f GB at %.3f MB/s", seed,
                        g_array_index (segments, DynoFillSegment, k).start / GB,
                        g_array_index (segments, DynoFillSegment, k).end / GB,
                        g_array_index (segments, DynoFillSegment, k).rate / MB);
      g_assert_cmpuint (segments->len, ==, c->n_knees + 1);
      for (guint k = 0; k < segments->len; k++)
        {
          const DynoFillSegment *s = &g_array_index (segments, DynoFillSegment, k);
          /* the true mean over the stretch (a drift's too), by time: bytes over seconds */
          double from = k > 0 ? c->knee[k - 1] : 0;
          double to = k < c->n_knees ? c->knee[k] : c->total;
          double seconds = 0;
          double expect_rate;
          guint steps = 1000;

          if (k < c->n_knees)
            g_assert_cmpfloat_with_epsilon (s->end, c->knee[k], knee_tolerance * c->knee[k]);
          for (guint i = 0; i < steps; i++)
            seconds += (to - from) / steps / true_rate (c, from + (i + 0.5) * (to - from) / steps);
          expect_rate = (to - from) / seconds;
          g_assert_cmpfloat_with_epsilon (s->rate, expect_rate, rate_tolerance * expect_rate);
        }
    }
}

static void
init_curve (Curve *c, double total, double noise)
{
  *c = (Curve) { .total = total, .noise = noise, .interval = 1, .chunk = 256.0 * 1024 * 1024,
                 .drift = 1 };
}

/* An NVMe's SLC cache: 3.1 GB/s for the first 42 GB, then 1.1 GB/s to 200 GB. */
static void
test_one_knee (void)
{
  Curve c;

  init_curve (&c, 200 * GB, 0.03);
  c.n_knees = 1;
  c.knee[0] = 42 * GB;
  c.rate[0] = 3100 * MB;
  c.rate[1] = 1100 * MB;
  check_curve (&c, 0.01, 0.02);
}

/* A QLC drive: cache, then its TLC-like folding speed, then the slow QLC direct writes. */
static void
test_two_knees (void)
{
  Curve c;

  init_curve (&c, 400 * GB, 0.04);
  c.n_knees = 2;
  c.knee[0] = 24 * GB;
  c.knee[1] = 150 * GB;
  c.rate[0] = 2000 * MB;
  c.rate[1] = 450 * MB;
  c.rate[2] = 120 * MB;
  check_curve (&c, 0.015, 0.03);
}

/* The knee of tests/fill's throttled device: few samples before it (a fill of 400 MiB sampled
 * every quarter second), 40 MiB/s for 256 MiB then 10 MiB/s. */
static void
test_small_knee (void)
{
  Curve c;

  init_curve (&c, 400.0 * 1048576, 0.03);
  c.interval = 0.25;
  c.n_knees = 1;
  c.knee[0] = 256.0 * 1048576;
  c.rate[0] = 40.0 * 1048576;
  c.rate[1] = 10.0 * 1048576;
  check_curve (&c, 0.015, 0.03);
}

/* A small SLC cache at the start of a big fill: 6 GB of 1 TB. */
static void
test_small_cache (void)
{
  Curve c;

  init_curve (&c, 1000 * GB, 0.03);
  c.n_knees = 1;
  c.knee[0] = 6 * GB;
  c.rate[0] = 1800 * MB;
  c.rate[1] = 160 * MB;
  check_curve (&c, 0.02, 0.03);
}

/* No knee: one stretch at the drive's speed. */
static void
test_flat (void)
{
  Curve c;

  init_curve (&c, 100 * GB, 0.02);
  c.rate[0] = 520 * MB;
  check_curve (&c, 0, 0.01);
}

/* A noisy flat curve with outliers (a USB stick's jitter) is still one stretch. */
static void
test_noisy_flat (void)
{
  Curve c;

  init_curve (&c, 30 * GB, 0.12);
  c.outliers = 0.05;
  c.rate[0] = 90 * MB;
  check_curve (&c, 0, 0.03);
}

/* A hard disk's slow drift from the outer to the inner tracks, 2:1 over the fill, is not a
 * knee: one stretch, at the fill's mean rate. */
static void
test_slow_drift (void)
{
  Curve c;

  init_curve (&c, 2000 * GB, 0.02);
  c.rate[0] = 250 * MB;
  c.drift = 0.5;
  check_curve (&c, 0, 0.02);
}

/* A short spike (three samples at three times the rate) inside one stretch is noise. */
static void
test_short_spike (void)
{
  Curve c;

  init_curve (&c, 100 * GB, 0.03);
  c.rate[0] = 400 * MB;
  c.blip_at = 60 * GB;
  c.blip_samples = 3;
  c.blip_factor = 3;
  /* the spike's bytes are in the mean */
  check_curve (&c, 0, 0.05);
}

/* A stall (four samples at a twentieth: garbage collection) inside the slow stretch of a
 * one-knee curve leaves one knee. */
static void
test_stall_after_knee (void)
{
  Curve c;

  init_curve (&c, 200 * GB, 0.03);
  c.n_knees = 1;
  c.knee[0] = 42 * GB;
  c.rate[0] = 3100 * MB;
  c.rate[1] = 1100 * MB;
  c.blip_at = 120 * GB;
  c.blip_samples = 4;
  c.blip_factor = 0.05;
  check_curve (&c, 0.02, 0.06);
}

/* A knee and then a drift: the knee stays, the drift does not add one. */
static void
test_knee_then_drift (void)
{
  Curve c;

  init_curve (&c, 2000 * GB, 0.02);
  c.n_knees = 1;
  c.knee[0] = 200 * GB;
  c.rate[0] = 600 * MB;
  c.rate[1] = 200 * MB;
  c.drift = 0.7;
  check_curve (&c, 0.02, 0.02);
}

/* Few samples, none, one byte: no crash, covering segments. */
static void
test_edges (void)
{
  DynoFillSample one = { .written = 1, .rate = 5, .t = 0.2 };
  DynoFillSample two[2] = { { 100, 50, 2 }, { 200, 100, 3 } };
  g_autoptr (GArray) none = dyno_segments_find (NULL, 0, NULL);
  g_autoptr (GArray) single = dyno_segments_find (&one, 1, NULL);
  g_autoptr (GArray) pair = dyno_segments_find (two, 2, NULL);
  const DynoFillSegment *s;

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (single->len, ==, 1);
  s = &g_array_index (single, DynoFillSegment, 0);
  g_assert_cmpuint (s->start, ==, 0);
  g_assert_cmpuint (s->end, ==, 1);
  g_assert_cmpfloat_with_epsilon (s->rate, 5, 1e-9);
  g_assert_cmpuint (pair->len, ==, 1);
  s = &g_array_index (pair, DynoFillSegment, 0);
  /* 200 bytes over 2 + 1 seconds */
  g_assert_cmpfloat_with_epsilon (s->rate, 200.0 / 3, 1e-9);
}

/* The noise estimate ignores a knee: the MAD of differences sees it as one outlier. */
static void
test_noise (void)
{
  Curve c;
  g_autoptr (GArray) samples = NULL;
  double noise;

  init_curve (&c, 200 * GB, 0.03);
  c.n_knees = 1;
  c.knee[0] = 42 * GB;
  c.rate[0] = 3100 * MB;
  c.rate[1] = 1100 * MB;
  samples = sample_curve (&c, 7);
  noise = dyno_segments_noise ((const DynoFillSample *) (void *) samples->data, samples->len);
  /* Most samples are in the 1.1 GB/s stretch: about 3 % of it, not the knee's 2 GB/s. */
  g_assert_cmpfloat (noise, >, 0.015 * 1100 * MB);
  g_assert_cmpfloat (noise, <, 0.08 * 1100 * MB);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/segments/one-knee", test_one_knee);
  g_test_add_func ("/segments/two-knees", test_two_knees);
  g_test_add_func ("/segments/small-knee", test_small_knee);
  g_test_add_func ("/segments/small-cache", test_small_cache);
  g_test_add_func ("/segments/flat", test_flat);
  g_test_add_func ("/segments/noisy-flat", test_noisy_flat);
  g_test_add_func ("/segments/slow-drift", test_slow_drift);
  g_test_add_func ("/segments/short-spike", test_short_spike);
  g_test_add_func ("/segments/stall-after-knee", test_stall_after_knee);
  g_test_add_func ("/segments/knee-then-drift", test_knee_then_drift);
  g_test_add_func ("/segments/edges", test_edges);
  g_test_add_func ("/segments/noise", test_noise);
  return g_test_run ();
}
