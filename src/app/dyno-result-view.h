/* dyno-result-view.h: a finished run in Bonnie's layout, with the system it ran on
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-array-group.h"
#include "dyno-compare.h"
#include "dyno-compare-graph.h"
#include "dyno-drive-grid.h"
#include "dyno-price-group.h"
#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_RESULT_VIEW (dyno_result_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoResultView, dyno_result_view, DYNO, RESULT_VIEW, AdwBin)

DynoResult *dyno_result_view_get_result (DynoResultView *self);
/* NULL shows the empty state. */
void        dyno_result_view_set_result (DynoResultView *self, DynoResult *result);
/* Where the result was saved, for the heading; NULL while saving or when not saved. */
void        dyno_result_view_set_saved_path (DynoResultView *self, const char *path);
/* The label that shows a phase's figure for a target, or NULL when the table has no row for
 * it: for tests. */
GtkLabel   *dyno_result_view_get_rate_label (DynoResultView  *self,
                                             guint            target,
                                             const DynoPhase *phase);

/* The caption under a phase's figure that says how precise it is ("±2.1 % · 3 runs", marked
 * "warning" with the reason as its tooltip when it missed its target), or NULL when the figure
 * was not judged against a target or the table has no row for it: for tests. */
GtkWidget  *dyno_result_view_get_precision_caption (DynoResultView  *self,
                                                    guint            target,
                                                    const DynoPhase *phase);

/* A target's drive test tiles, NULL when it has no drive tests: for tests. */
DynoDriveGrid *dyno_result_view_get_grid (DynoResultView *self, guint target);
/* What the first drive grid's figures count (its switch); the rate when there is none. */
DynoGridUnit   dyno_result_view_get_grid_unit (DynoResultView *self);

/* The headline of a session over several folders ("encrypted vs plain" and a line per group
 * of phases), NULL when there is none; and the page's scrolled window: for tests. */
const char *dyno_result_view_get_headline (DynoResultView *self);
GtkScrolledWindow *dyno_result_view_get_scroller (DynoResultView *self);
/* A paired run's forest plot under its answer (two folders, repeats): NULL for other runs. */
DynoCompareGraph *dyno_result_view_get_forest (DynoResultView *self);

/* A target's Array group (on an array only) and Price group (with figures only), NULL when it
 * has none: for tests. "target-changed" (guint index) follows a change made in them. */
DynoArrayGroup *dyno_result_view_get_array_group (DynoResultView *self, guint target);
DynoPriceGroup *dyno_result_view_get_price_group (DynoResultView *self, guint target);

/* The comparison the headline and the forest plot show (a session over several folders, its
 * baseline and equivalence margin as on the page); NULL for other runs. Not a copy. */
DynoComparison *dyno_result_view_get_comparison (DynoResultView *self);
/* Measures the others against entry (as the Baseline drop-down does); for a session over
 * several folders only. */
void        dyno_result_view_set_baseline (DynoResultView *self, guint entry);
/* The Baseline drop-down over the headline, and the first encrypted target's Encryption
 * group (its words in the "dyno-crypto-text" data); NULL when there is none: for tests. */
GtkDropDown *dyno_result_view_get_baseline_dropdown (DynoResultView *self);
GtkWidget   *dyno_result_view_get_crypto_group (DynoResultView *self);

/* Opens the Export menu (results.export). */
void        dyno_result_view_popup_export (DynoResultView *self);

G_END_DECLS
