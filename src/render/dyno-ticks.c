/* dyno-ticks.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-ticks.h"

/* Slack for values that are a whole number of steps but lost a bit in floating point. */
#define EPSILON 1e-9

static int
decimals_for_step (double step)
{
  double l = floor (log10 (step) + EPSILON);

  return l >= 0 ? 0 : (int) -l;
}

double
dyno_ticks_nice_step (double range, guint max_ticks)
{
  double raw;
  double magnitude;
  double norm;

  g_return_val_if_fail (max_ticks > 0, 1.0);

  if (!(range > 0) || !isfinite (range))
    return 1.0;

  raw = range / max_ticks;
  magnitude = pow (10, floor (log10 (raw)));
  norm = raw / magnitude;

  if (norm <= 1 + EPSILON)
    return magnitude;
  if (norm <= 2 + EPSILON)
    return 2 * magnitude;
  if (norm <= 5 + EPSILON)
    return 5 * magnitude;
  return 10 * magnitude;
}

static void
fill_ticks (DynoTicks *ticks, double lo, double hi, double step, double unit_size)
{
  ticks->lo = lo;
  ticks->hi = hi;
  ticks->step = step;
  ticks->first = ceil (lo / step - EPSILON) * step;
  if (ticks->first > hi + step * EPSILON)
    ticks->n_ticks = 0;
  else
    ticks->n_ticks = (guint) floor ((hi - ticks->first) / step + EPSILON) + 1;
  ticks->decimals = decimals_for_step (step / unit_size);
}

void
dyno_ticks_compute (double lo, double hi, guint max_ticks, DynoTicks *ticks)
{
  double step;

  g_return_if_fail (ticks != NULL);
  g_return_if_fail (max_ticks > 0);

  if (!isfinite (lo))
    lo = 0;
  if (!isfinite (hi) || hi <= lo)
    hi = lo + 1;

  step = dyno_ticks_nice_step (hi - lo, max_ticks);
  lo = floor (lo / step + EPSILON) * step;
  hi = ceil (hi / step - EPSILON) * step;
  fill_ticks (ticks, lo, hi, step, 1);
}

/* Steps a reader counts in without effort: a clock's 15 s, 30 s, 15 min, not 20 s or 25 min. */
static const double time_steps[] = {
  1, 2, 5, 10, 15, 30,
  60, 2 * 60, 5 * 60, 10 * 60, 15 * 60, 30 * 60,
  3600, 2 * 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600,
};

void
dyno_ticks_compute_time (double        lo,
                         double        hi,
                         guint         max_ticks,
                         DynoTicks    *ticks,
                         DynoTimeUnit *unit)
{
  double raw;
  double step = 0;
  DynoTimeUnit u;

  g_return_if_fail (ticks != NULL);
  g_return_if_fail (max_ticks > 0);

  if (!isfinite (lo))
    lo = 0;
  if (!isfinite (hi) || hi <= lo)
    hi = lo + 1;

  raw = (hi - lo) / max_ticks;
  if (raw < 1)
    step = dyno_ticks_nice_step (hi - lo, max_ticks);
  else
    for (guint i = 0; i < G_N_ELEMENTS (time_steps); i++)
      if (time_steps[i] >= raw * (1 - EPSILON))
        {
          step = time_steps[i];
          break;
        }
  if (step == 0)
    step = 24 * 3600 * dyno_ticks_nice_step ((hi - lo) / (24 * 3600), max_ticks);

  if (step < 60)
    u = DYNO_TIME_SECONDS;
  else if (step < 3600)
    u = DYNO_TIME_MINUTES;
  else
    u = DYNO_TIME_HOURS;

  fill_ticks (ticks, lo, hi, step, dyno_time_unit_seconds (u));
  if (unit)
    *unit = u;
}

double
dyno_ticks_get (const DynoTicks *ticks, guint i)
{
  double value;

  g_return_val_if_fail (ticks != NULL, 0);

  value = ticks->first + i * ticks->step;
  /* Snap to the step so labels never read 0.30000000000000004 or -0. */
  value = round (value / ticks->step) * ticks->step;
  return value == 0 ? 0 : value;
}

double
dyno_time_unit_seconds (DynoTimeUnit unit)
{
  switch (unit)
    {
    case DYNO_TIME_MINUTES:
      return 60;
    case DYNO_TIME_HOURS:
      return 3600;
    case DYNO_TIME_SECONDS:
    default:
      return 1;
    }
}

char *
dyno_ticks_format (const DynoTicks *ticks, double value, double divisor)
{
  int decimals;
  double v;

  g_return_val_if_fail (ticks != NULL, NULL);
  g_return_val_if_fail (divisor > 0, NULL);

  decimals = decimals_for_step (ticks->step / divisor);
  v = value / divisor;
  if (fabs (v) < ticks->step / divisor * 1e-6)
    v = 0;
  return g_strdup_printf ("%.*f", decimals, v);
}
