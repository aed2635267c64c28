/* dyno-chart-tiles.h: the live chart's picture as render nodes that outlive their frame
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _DynoChartTiles DynoChartTiles;

DynoChartTiles *dyno_chart_tiles_new (void);
void            dyno_chart_tiles_free (DynoChartTiles *tiles);
/* Appends picture (an image surface, with its device scale) to snapshot at (0, 0). When changed,
 * tiles whose pixels differ from the last frame's get new nodes; the others are appended again,
 * the very same nodes, which GTK then neither redraws nor uploads. */
void            dyno_chart_tiles_snapshot (DynoChartTiles  *tiles,
                                           cairo_surface_t *picture,
                                           gboolean         changed,
                                           GtkSnapshot     *snapshot);

/* Adds the tile nodes found in node (a widget's snapshot: containers and clips around them) to
 * tiles, in drawing order; for tests and the benchmark, which tell new tiles from kept ones. */
void            dyno_chart_tiles_collect (GskRenderNode *node,
                                          GPtrArray     *tiles);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoChartTiles, dyno_chart_tiles_free)

G_END_DECLS
