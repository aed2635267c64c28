/* dyno-fill-chart-view.h: a fill test's chart in a widget, growing while the fill runs
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-fill-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_FILL_CHART_VIEW (dyno_fill_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoFillChartView, dyno_fill_chart_view, DYNO, FILL_CHART_VIEW, GtkWidget)

GtkWidget *dyno_fill_chart_view_new (void);
/* Draws result (not copied: the caller keeps it alive and calls _changed after adding samples
 * to it), its axis reaching planned bytes (0: what it wrote); NULL draws nothing. */
void       dyno_fill_chart_view_set_result (DynoFillChartView    *self,
                                            const DynoFillResult *result,
                                            guint64               planned);
/* Queues one redraw: samples were added to the result. */
void       dyno_fill_chart_view_changed (DynoFillChartView *self);
/* How many redraws were drawn, for tests. */
guint      dyno_fill_chart_view_get_n_draws (DynoFillChartView *self);

G_END_DECLS
