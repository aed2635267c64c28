/* dyno-compare-view.h: several runs side by side: Bonnie's table with ratios, bars, %CPU,
 * and one phase over time
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-compare-graph.h"
#include "dyno-compare.h"

G_BEGIN_DECLS

#define DYNO_TYPE_COMPARE_VIEW (dyno_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoCompareView, dyno_compare_view, DYNO, COMPARE_VIEW, AdwBin)

/* Takes a reference. The baseline and the phase come from the settings when they name an
 * entry and a phase it has. */
void              dyno_compare_view_set_comparison (DynoCompareView *self,
                                                    DynoComparison  *comparison);
DynoComparison   *dyno_compare_view_get_comparison (DynoCompareView *self);
void              dyno_compare_view_set_baseline (DynoCompareView *self, guint entry);
/* The overlay's phase. */
void              dyno_compare_view_set_phase (DynoCompareView *self, const DynoPhase *phase);
const DynoPhase  *dyno_compare_view_get_phase (DynoCompareView *self);
DynoCompareGraph *dyno_compare_view_get_graph (DynoCompareView      *self,
                                               DynoCompareChartKind  kind);
/* Opens the Export menu (results.export). */
void              dyno_compare_view_popup_export (DynoCompareView *self);

/* For tests: the headline's text (NULL when there is none), the table's label of an entry's
 * name, and of its ratio to the baseline for a phase (NULL for the baseline, or when the table
 * has no such cell). */
const char       *dyno_compare_view_get_headline (DynoCompareView *self);
GtkLabel         *dyno_compare_view_get_name_label (DynoCompareView *self, guint entry);
GtkLabel         *dyno_compare_view_get_ratio_label (DynoCompareView *self,
                                                     guint            entry,
                                                     const DynoPhase *phase);
/* For tests: the caption under an entry's figure for a phase that says how precise it is, or
 * NULL when its run did not judge it (or the table has no such cell). */
GtkWidget        *dyno_compare_view_get_precision_caption (DynoCompareView *self,
                                                           guint            entry,
                                                           const DynoPhase *phase);

G_END_DECLS
