/* dyno-compare-chart-private.h: the comparison chart kinds that live in files of their own
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-compare-chart.h"

G_BEGIN_DECLS

/* A colour from its 0xrrggbb code, opaque: for the tables of colours. */
#define RGB(hex)                                                                                  \
  {                                                                                               \
    ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0       \
  }

/* Of four sets of colours, the one for style's palette. */
static inline const DynoRgba *
dyno_compare_chart_pick_colors (const DynoChartStyle *style,
                                const DynoRgba       *light,
                                const DynoRgba       *dark,
                                const DynoRgba       *high_contrast,
                                const DynoRgba       *high_contrast_dark)
{
  switch (style->palette)
    {
    case DYNO_CHART_PALETTE_DARK:
      return dark;
    case DYNO_CHART_PALETTE_HIGH_CONTRAST:
      return high_contrast;
    case DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK:
      return high_contrast_dark;
    case DYNO_CHART_PALETTE_LIGHT:
    default:
      return light;
    }
}

/* The phases a chart of options draws, a new array in dyno_phase_compare order: options->phase
 * alone for an overlay, else those of options->phases the comparison has (all when it names
 * none). */
GPtrArray *dyno_compare_chart_selected_phases (const DynoComparison          *comparison,
                                               const DynoCompareChartOptions *options);

/* What the entry points of dyno-compare-chart.c are given, for the kinds they hand on. */
typedef struct
{
  const DynoComparison *comparison;
  const DynoCompareChartOptions *options;
  cairo_t *cr;
  double width;
  double height;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
} DynoCompareChartArgs;

/* dyno-compare-chart-forest.c: DYNO_COMPARE_CHART_FOREST. draw draws over what the caller
 * clipped and painted, recording every label it draws into labels when not NULL. */
void dyno_compare_chart_forest_draw (const DynoCompareChartArgs *args, GArray *labels);
void dyno_compare_chart_forest_get_geometry (const DynoCompareChartArgs *args,
                                             DynoCompareChartGeometry   *geometry);

G_END_DECLS
