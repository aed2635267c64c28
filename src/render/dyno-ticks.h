/* dyno-ticks.h: round axis ticks (1-2-5 steps) for the chart's rate, CPU and time axes
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DYNO_TIME_SECONDS,
  DYNO_TIME_MINUTES,
  DYNO_TIME_HOURS,
} DynoTimeUnit;

/* An axis: ticks at first, first + step, … up to last (both included). */
typedef struct
{
  double lo;       /* the axis range, covering the data */
  double hi;
  double step;
  double first;    /* the first tick ≥ lo */
  guint n_ticks;
  int decimals;    /* digits after the point that label every tick exactly */
} DynoTicks;

/* The 1-2-5 × 10^k step that cuts range into at most max_ticks intervals, and no fewer than
 * max_ticks / 2.5 (so ranges of 0–1 and 0–7.3 get five or so ticks each). */
double dyno_ticks_nice_step (double range, guint max_ticks);

/* Ticks for a value axis starting at lo: hi is rounded up to a whole step so the top grid line
 * is labelled. hi <= lo (no data, or a flat series) gives the range lo..lo+1. */
void   dyno_ticks_compute (double lo, double hi, guint max_ticks, DynoTicks *ticks);

/* Ticks for a time axis in seconds, kept at lo..hi (the curve fills the plot): steps of
 * 1-2-5 seconds up to 30 s, then 1, 2, 5, 10, 15, 30 min, then hours; *unit says which unit
 * the labels use (the step is a whole number of it). */
void   dyno_ticks_compute_time (double        lo,
                                double        hi,
                                guint         max_ticks,
                                DynoTicks    *ticks,
                                DynoTimeUnit *unit);

double dyno_ticks_get (const DynoTicks *ticks, guint i);

/* The seconds in one unit: 1, 60, 3600. */
double dyno_time_unit_seconds (DynoTimeUnit unit);

/* value / divisor with as many decimals as the step needs in that unit: "1.5", "250", "0.004";
 * divisor is 60 for minutes, 1000 for a "k" the caller appends. */
char  *dyno_ticks_format (const DynoTicks *ticks, double value, double divisor);

G_END_DECLS
