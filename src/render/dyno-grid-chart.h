/* dyno-grid-chart.h: a run's drive tests as CrystalDiskMark's grid, saved as an image
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dyno-chart-render.h"
#include "dyno-grid.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* Points a saved grid grows by, at the default size, for each target under the first. */
#define DYNO_GRID_CHART_STACKED_HEIGHT 560

/* The targets of result that ran drive tests (queued phases). */
guint    dyno_grid_chart_count_targets (DynoResult *result);

/* The grid of target target_index, or of every target with drive tests (-1), one under
 * another: a row per test, a column per operation, each tile with its figure in unit large,
 * what it is beside it ("mean ± 15"), the other figures and the best run under it; the decor's
 * title (NULL: "NAME, drive tests"), the target as each grid's subtitle, a note saying what
 * the figures are, and the source line. */
void     dyno_grid_chart_render (DynoResult           *result,
                                 int                   target_index,
                                 DynoGridUnit          unit,
                                 cairo_t              *cr,
                                 double                width,
                                 double                height,
                                 const DynoChartStyle *style,
                                 const DynoChartDecor *decor);
/* The same into a PNG, SVG or PDF file, as dyno_chart_render_to_file; FALSE with an error
 * when there is no drive test to draw. */
gboolean dyno_grid_chart_render_to_file (DynoResult           *result,
                                         int                   target_index,
                                         DynoGridUnit          unit,
                                         const DynoChartStyle *style,
                                         const DynoChartDecor *decor,
                                         double                width,
                                         double                height,
                                         double                scale,
                                         const char           *format,
                                         const char           *path,
                                         GError              **error);

G_END_DECLS
