/* dyno-scan-chart-view.h: a drive scan's chart in a widget, growing while the scan runs
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-scan-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_SCAN_CHART_VIEW (dyno_scan_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoScanChartView, dyno_scan_chart_view, DYNO, SCAN_CHART_VIEW, GtkWidget)

GtkWidget *dyno_scan_chart_view_new (void);
/* Draws result (not copied: the caller keeps it alive and calls _changed after adding samples
 * to it) with planned positions asked for; NULL draws nothing. */
void       dyno_scan_chart_view_set_result (DynoScanChartView    *self,
                                            const DynoScanResult *result,
                                            guint                 planned);
/* Queues one redraw: samples were added to the result. */
void       dyno_scan_chart_view_changed (DynoScanChartView *self);
/* How many redraws were drawn, for tests. */
guint      dyno_scan_chart_view_get_n_draws (DynoScanChartView *self);

G_END_DECLS
