/* dyno-chart.h: the live dynamometer curve: MB/s, ops/s and CPU over the whole run
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-chart-model.h"
#include "dyno-chart-style.h"
#include "dyno-phase.h"
#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_CHART (dyno_chart_get_type ())
G_DECLARE_FINAL_TYPE (DynoChart, dyno_chart, DYNO, CHART, GtkWidget)

GtkWidget *dyno_chart_new (void);
void       dyno_chart_clear (DynoChart *self);
/* Appends a batch (one target's samples, in time order) and queues one redraw. */
void       dyno_chart_append (DynoChart *self, const DynoSample *samples, guint n_samples);
guint      dyno_chart_get_n_samples (DynoChart *self);
/* The byte phases (MB/s) and the operation phases (ops/s) are drawn in two panels, one over the
 * other, each as soon as it has samples; the time axis under them spans the whole run. */

/* Additions to the contract above. */

/* MB/s (10^6 B/s, the default) or MiB/s on the rate axis; the "rate-scale" property. */
DynoRateScale         dyno_chart_get_rate_scale (DynoChart *self);
void                  dyno_chart_set_rate_scale (DynoChart *self, DynoRateScale scale);
/* The axes this chart shares with the run's other charts (merge their own ranges): the same
 * time axis, rate tops and CPU top on every card. */
void                  dyno_chart_set_shared_range (DynoChart *self, const DynoChartRange *range);
void                  dyno_chart_get_own_range (DynoChart *self, DynoChartRange *range);
/* A phase run ended: its figure, dashed over a buffered write's curve. */
void                  dyno_chart_set_run (DynoChart          *self,
                                          guint               target,
                                          const DynoPhase    *phase,
                                          const DynoPhaseRun *run);
/* Seconds of rest before each queued test: drawn as a band named "rest 5 s". */
void                  dyno_chart_set_rest (DynoChart *self, double seconds);
/* What the chart draws, for saving it as shown: dyno_chart_render_to_file (model, …). */
const DynoChartModel *dyno_chart_get_model (DynoChart *self);

/* A chart style for drawing in widget: light, dark or high-contrast palette as the app shows,
 * the widget's text colour and a font a size below the interface font. */
DynoChartStyle *dyno_chart_style_new_for_widget (GtkWidget *widget, DynoRateScale rate_scale);

G_END_DECLS
