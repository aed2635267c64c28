/* dyno-chart-layout.h: the frame every chart kind lays out the same way: the margin and the
 * content inside it, the title and subtitle over it, the source line and the note under it
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-chart-render-private.h"

G_BEGIN_DECLS

/* The note under a chart takes at most this many lines. */
#define DYNO_CHART_NOTE_MAX_LINES 3

/* Fills in what the text helpers use: cr, style, decor, the size, and the fonts with their line
 * height and gap (dyno_chart_finish frees them). chart is zeroed by the caller. */
void   dyno_chart_begin (Chart                *chart,
                         cairo_t              *cr,
                         double                width,
                         double                height,
                         const DynoChartStyle *style,
                         const DynoChartDecor *decor);
/* The margin (wider on a saved chart) and the content inside it, into chart->geometry; returns
 * the margin. */
double dyno_chart_layout_content (Chart *chart);
/* From top down: the decor's title (up to two lines) at chart->title_y, its subtitle at
 * chart->subtitle_y, then gap under them when there is either. Returns the top of what is left. */
double dyno_chart_layout_titles (Chart *chart, double top, double gap);
/* From bottom up: the decor's source line (chart->source) at chart->source_y when the decor has
 * one, with a gap over it. Returns the bottom of what is left. */
double dyno_chart_layout_source (Chart *chart, double bottom);
/* chart->source at the right of the content, shortened in the middle when too long. */
void   dyno_chart_draw_source (Chart *chart);
/* The size of a note: the small font wrapped to the content's width in at most
 * DYNO_CHART_NOTE_MAX_LINES lines. */
void   dyno_chart_note_size (Chart *chart, const char *note, double *width, double *height);
/* The note so wrapped, its top left at (x, y), dim. */
void   dyno_chart_draw_note (Chart *chart, const char *note, double x, double y);

G_END_DECLS
