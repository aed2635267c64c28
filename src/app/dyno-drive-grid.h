/* dyno-drive-grid.h: CrystalDiskMark's window: a tile per drive test (queued phase), a row per
 * test (SEQ1M Q8T1 …), a column per operation (Read, Write, Mix)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-grid.h"
#include "dyno-phase.h"
#include "dyno-rate-unit.h"
#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_DRIVE_GRID (dyno_drive_grid_get_type ())
G_DECLARE_FINAL_TYPE (DynoDriveGrid, dyno_drive_grid, DYNO, DRIVE_GRID, GtkWidget)

GtkWidget       *dyno_drive_grid_new (void);
/* The tests to show: a tile for each queued phase of phases (const DynoPhase *; the others are
 * left out), every tile empty. */
void             dyno_drive_grid_set_phases (DynoDriveGrid *self, GPtrArray *phases);
/* A finished target: its queued phases' tiles, each the mean of its runs with the 95 %
 * interval and the best run, which is CrystalDiskMark's figure (an import's best of N is that
 * figure alone). */
void             dyno_drive_grid_set_target (DynoDriveGrid *self, const DynoTargetResult *target);
/* Live: the test now running, highlighted; NULL for none. */
void             dyno_drive_grid_set_running (DynoDriveGrid *self, const DynoPhase *phase);
const DynoPhase *dyno_drive_grid_get_running (DynoDriveGrid *self);
/* Live: a run of a test ended (the engine's phase-finished): its tile shows the runs so far. */
void             dyno_drive_grid_add_run (DynoDriveGrid      *self,
                                          const DynoPhase    *phase,
                                          const DynoPhaseRun *run);
/* MB/s (the default) or MiB/s. */
void             dyno_drive_grid_set_rate_unit (DynoDriveGrid *self, DynoRateUnit rate_unit);
/* What the big figures count (the "unit" property; the switch over the row names sets it):
 * the rate, GB/s, IOPS or the mean latency. */
void             dyno_drive_grid_set_unit (DynoDriveGrid *self, DynoGridUnit unit);
DynoGridUnit     dyno_drive_grid_get_unit (DynoDriveGrid *self);
/* For tests: what a tile says its figure is, "mean ± 1500", "one run", "best of 5". */
const char      *dyno_drive_grid_get_kind (DynoDriveGrid *self, const DynoPhase *phase);

guint            dyno_drive_grid_get_n_tiles (DynoDriveGrid *self);
/* Tiles that have a figure: the "n-filled" property. */
guint            dyno_drive_grid_get_n_filled (DynoDriveGrid *self);
/* For tests: a tile's figure ("—" while empty) and its line of IOPS and latency; NULL when the
 * grid has no tile for phase. */
const char      *dyno_drive_grid_get_figure (DynoDriveGrid *self, const DynoPhase *phase);
const char      *dyno_drive_grid_get_detail (DynoDriveGrid *self, const DynoPhase *phase);
/* "best 1809" (CrystalDiskMark's figure), empty when there is only one run. */
const char      *dyno_drive_grid_get_best (DynoDriveGrid *self, const DynoPhase *phase);

/* The phases of results that go in a grid: the queued ones. */
gboolean         dyno_drive_grid_has_tests (GPtrArray *phases);

G_END_DECLS
