/* dyno-aggregate.h: several machines measured at once, taken together
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-result.h"

G_BEGIN_DECLS

typedef struct
{
  const DynoPhase *phase;
  guint n;        /* results that measured it */
  double sum;     /* of their rates */
  double min;
  guint slowest;  /* index into results of the one with min */
  double max;
  double spread;  /* (max-min)/mean, NAN when n<2 */
} DynoAggregate;

/* For each phase of the first result's first target, in its order, that the results measured:
 * the sum of the hosts' rates, the slowest host (index into results) and the spread. A phase
 * some results lack counts those that have it (n); one none has a figure for is left out.
 * Returns a GArray of DynoAggregate. */
GArray *dyno_aggregate_results (GPtrArray *results /* DynoResult* */);

/* The figure of a phase in a result's first target, also when its runs were too fast to trust
 * (a sum still adds up): NAN when it was not measured. */
double dyno_aggregate_phase_rate (DynoResult *result, const DynoPhase *phase);

G_END_DECLS
