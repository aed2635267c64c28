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

/* A parallel run (dyno_engine_get_parallel with several targets) shows the sum of the targets'
 * rates above their cards. */
typedef enum
{
  DYNO_RUN_VIEW_AGGREGATE_TITLE,   /* "All 3 machines together" */
  DYNO_RUN_VIEW_AGGREGATE_PHASE,   /* "Block write · 3 of 3 in this phase" */
  DYNO_RUN_VIEW_AGGREGATE_SUM,     /* "2272 MB/s" */
  DYNO_RUN_VIEW_AGGREGATE_SLOWEST, /* "root@127.0.0.1: /srv 666 MB/s" */
  DYNO_RUN_VIEW_AGGREGATE_SPREAD,  /* "33 %" */
} DynoRunViewFigure;

gboolean       dyno_run_view_get_parallel (DynoRunView *self);
/* A target's card heading: its folder, or "user@host: path" for a remote one. */
const char    *dyno_run_view_get_card_title (DynoRunView *self, guint target);
/* The aggregate's figure as shown; NULL when the run is not parallel. */
const char    *dyno_run_view_get_aggregate (DynoRunView *self, DynoRunViewFigure figure);

G_END_DECLS
