/* dyno-compare-chart-private.h: the comparison chart kinds that live in files of their own
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-compare-chart.h"

G_BEGIN_DECLS

/* dyno-compare-chart-forest.c: DYNO_COMPARE_CHART_FOREST, for the entry points of
 * dyno-compare-chart.c. render records every label it draws into labels when not NULL. */
void dyno_compare_chart_forest_render (const DynoComparison          *comparison,
                                       const DynoCompareChartOptions *options,
                                       cairo_t                       *cr,
                                       double                         width,
                                       double                         height,
                                       const DynoChartStyle          *style,
                                       const DynoChartDecor          *decor,
                                       GArray                        *labels);
void dyno_compare_chart_forest_get_geometry (const DynoComparison          *comparison,
                                             const DynoCompareChartOptions *options,
                                             cairo_t                       *cr,
                                             double                         width,
                                             double                         height,
                                             const DynoChartStyle          *style,
                                             const DynoChartDecor          *decor,
                                             DynoCompareChartGeometry      *geometry);

G_END_DECLS
