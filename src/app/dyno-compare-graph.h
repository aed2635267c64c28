/* dyno-compare-graph.h: one chart of a comparison (bars, %CPU or a phase over time) on screen
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-compare-chart.h"

G_BEGIN_DECLS

#define DYNO_TYPE_COMPARE_GRAPH (dyno_compare_graph_get_type ())
G_DECLARE_FINAL_TYPE (DynoCompareGraph, dyno_compare_graph, DYNO, COMPARE_GRAPH, GtkWidget)

GtkWidget            *dyno_compare_graph_new (DynoCompareChartKind kind);
DynoCompareChartKind  dyno_compare_graph_get_kind (DynoCompareGraph *self);
/* NULL draws nothing. Keeps a reference. */
void                  dyno_compare_graph_set_comparison (DynoCompareGraph *self,
                                                         DynoComparison   *comparison);
DynoComparison       *dyno_compare_graph_get_comparison (DynoCompareGraph *self);
/* The overlay's phase. */
void                  dyno_compare_graph_set_phase (DynoCompareGraph *self,
                                                    const DynoPhase  *phase);
const DynoPhase      *dyno_compare_graph_get_phase (DynoCompareGraph *self);
/* MB/s or MiB/s on byte axes. */
void                  dyno_compare_graph_set_rate_scale (DynoCompareGraph *self,
                                                         DynoRateScale     scale);
/* The comparison, options and style changed in place (a new baseline): draw again. */
void                  dyno_compare_graph_invalidate (DynoCompareGraph *self);
const DynoCompareChartOptions *dyno_compare_graph_get_options (DynoCompareGraph *self);

G_END_DECLS
