/* dyno-grid.h: CrystalDiskMark's grid of drive tests, without widgets: its rows and columns, a
 * tile's figures and how they read in each unit, for the app's grid, its saved image and
 * dyno-cli's
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-phase.h"
#include "dyno-rate-unit.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* What a tile's big figure counts, as KDiskMark offers: the rate (in the app's rate unit:
 * MB/s, MiB/s), GB/s, I/Os per second, or the mean latency of an I/O. */
typedef enum
{
  DYNO_GRID_UNIT_RATE,    /*< nick=rate >*/
  DYNO_GRID_UNIT_GB,      /*< nick=gb >*/
  DYNO_GRID_UNIT_IOPS,    /*< nick=iops >*/
  DYNO_GRID_UNIT_LATENCY, /*< nick=us >*/
} DynoGridUnit;

#define DYNO_GRID_N_UNITS 4

/* Its nick ("rate", "gb", "iops", "us"), and back (also "mb" for the rate, "µs"). */
const char *dyno_grid_unit_to_string (DynoGridUnit unit);
gboolean    dyno_grid_unit_from_string (const char *text, DynoGridUnit *out);
/* Translated: "MB/s" (or the rate unit's), "GB/s", "IOPS", "µs". */
const char *dyno_grid_unit_label (DynoGridUnit unit, DynoRateUnit rate_unit);

/* A tile: a queued phase's figures, from its result or its runs so far. */
typedef struct
{
  const DynoPhase *phase;
  guint n_runs;          /* runs behind the figures (not too fast) */
  guint best_of;         /* an import's figure is the best of this many runs; 0: all kept */
  DynoStats rate;        /* B/s */
  DynoStats iops;
  double latency;        /* mean seconds per I/O over every I/O; NAN when unknown */
  double best_latency;   /* the lowest of the runs' mean latencies; NAN */
  gboolean too_fast;
  const char *cache_doubt;
} DynoGridFigures;

void   dyno_grid_figures_from_result (DynoGridFigures *figures, const DynoPhaseResult *result);
/* Whether there is a figure to show. */
gboolean dyno_grid_figures_empty (const DynoGridFigures *figures);

/* The big figure in unit, at CrystalDiskMark's precision ("1723.02", "1.723", "82090.0",
 * "389.05"); "+++++" when every run was too fast; "—" when there is none. */
char  *dyno_grid_format_figure (const DynoGridFigures *figures,
                                DynoGridUnit           unit,
                                DynoRateUnit           rate_unit);
/* What the big figure is, beside it: "mean ± 1500" (the 95 % interval, two significant digits,
 * never finer than the figure), "mean of 1 run", "best of 5" (an import: CrystalDiskMark's own
 * figure), "mean" (a latency: over every I/O). NULL when empty. */
char  *dyno_grid_format_kind (const DynoGridFigures *figures,
                              DynoGridUnit           unit,
                              DynoRateUnit           rate_unit);
/* "best 1809.55": the fastest run, CrystalDiskMark's figure, in unit; NULL with one run, for
 * an import (its figure is the best already). */
char  *dyno_grid_format_best (const DynoGridFigures *figures,
                              DynoGridUnit           unit,
                              DynoRateUnit           rate_unit);
/* The other figures, small: "82090 IOPS · 389 µs" under a rate; "" when none. */
char  *dyno_grid_format_detail (const DynoGridFigures *figures,
                                DynoGridUnit           unit,
                                DynoRateUnit           rate_unit);
/* "± 1500" to two significant digits, never more decimals than decimals; NULL for none. */
char  *dyno_grid_format_interval (double half, int decimals);
/* The interval so rounded, and the decimals to print it with. */
double dyno_grid_round_interval (double half, int decimals, int *digits);

/* The phase that names a test's row: its read phase ("SEQ1M Q8T1"), for write and mix too. */
const DynoPhase *dyno_grid_row_phase (const DynoPhase *phase);
/* A column's order: read, write, then the mixes, most reads first. */
int    dyno_grid_compare_columns (const DynoPhase *a, const DynoPhase *b);
/* Same column: the same operation (and share of reads). */
gboolean dyno_grid_same_column (const DynoPhase *a, const DynoPhase *b);

G_END_DECLS
