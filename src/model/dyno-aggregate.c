/* dyno-aggregate.c: several machines measured at once (run --parallel), taken together
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-aggregate.h"

double
dyno_aggregate_phase_rate (DynoResult *result, const DynoPhase *phase)
{
  const DynoTargetResult *target;
  DynoPhaseResult *pr;
  double sum = 0;
  guint n = 0;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NAN);

  if (dyno_result_get_n_targets (result) == 0)
    return NAN;
  target = dyno_result_get_target (result, 0);
  pr = dyno_target_result_get_phase (target, phase);
  if (pr == NULL)
    return NAN;
  if (!isnan (dyno_phase_result_get_rate (pr)))
    return dyno_phase_result_get_rate (pr);
  for (guint i = 0; i < pr->runs->len; i++)
    {
      const DynoPhaseRun *run = dyno_phase_result_get_run (pr, i);

      if (!isnan (run->rate) && !isinf (run->rate))
        {
          sum += run->rate;
          n++;
        }
    }
  return n > 0 ? sum / n : NAN;
}

GArray *
dyno_aggregate_results (GPtrArray *results)
{
  GArray *aggregates = g_array_new (FALSE, TRUE, sizeof (DynoAggregate));
  DynoResult *first;
  const DynoTargetResult *target;

  g_return_val_if_fail (results != NULL, aggregates);

  if (results->len == 0)
    return aggregates;
  first = g_ptr_array_index (results, 0);
  if (dyno_result_get_n_targets (first) == 0)
    return aggregates;
  /* The phases in the first machine's order; one that no machine has a figure for is left
   * out, one that some lack counts those that have it (n). */
  target = dyno_result_get_target (first, 0);
  for (guint p = 0; p < target->phases->len; p++)
    {
      const DynoPhaseResult *pr = g_ptr_array_index (target->phases, p);
      DynoAggregate a = { .phase = pr->phase, .min = INFINITY, .max = -INFINITY,
                          .spread = NAN };

      for (guint i = 0; i < results->len; i++)
        {
          double rate = dyno_aggregate_phase_rate (g_ptr_array_index (results, i), pr->phase);

          if (isnan (rate))
            continue;
          a.sum += rate;
          a.n++;
          a.max = MAX (a.max, rate);
          if (rate < a.min)
            {
              a.min = rate;
              a.slowest = i;
            }
        }
      if (a.n == 0)
        continue;
      if (a.n >= 2 && a.sum > 0)
        a.spread = (a.max - a.min) / (a.sum / a.n);
      g_array_append_val (aggregates, a);
    }
  return aggregates;
}
