/* dyno-run-view.h: the live view of a run: one chart per target, phase, progress, figures
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-chart.h"
#include "dyno-drive-grid.h"
#include "dyno-engine.h"

G_BEGIN_DECLS

#define DYNO_TYPE_RUN_VIEW (dyno_run_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoRunView, dyno_run_view, DYNO, RUN_VIEW, AdwBin)

/* The view follows the engine's signals from now on. */
void       dyno_run_view_set_engine (DynoRunView *self, DynoEngine *engine);
/* Clears the view and makes one chart per target. */
void       dyno_run_view_begin (DynoRunView        *self,
                                const DynoConfig   *config,
                                const char * const *targets);
/* The run ended; headline says how ("Finished", "Stopped"); completed fills the bars. */
void       dyno_run_view_end (DynoRunView *self, const char *headline, gboolean completed);
/* Shown while the cancelled run removes its scratch folder. */
void       dyno_run_view_set_stopping (DynoRunView *self);
guint      dyno_run_view_get_n_charts (DynoRunView *self);
DynoChart *dyno_run_view_get_chart (DynoRunView *self, guint target);
/* A target's drive test tiles, NULL when the run has no drive tests. */
DynoDriveGrid *dyno_run_view_get_grid (DynoRunView *self, guint target);

G_END_DECLS
