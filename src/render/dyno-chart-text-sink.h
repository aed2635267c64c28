/* dyno-chart-text-sink.h: where a chart's text goes instead of being drawn as glyphs
 *
 * Every label of every chart is shown through dyno_chart_pango_show (). On its own that is
 * pango_cairo_show_layout (). With a sink attached to the cairo context (the inline SVG of a
 * report, dyno-chart-svg.c), the laid-out text is handed to the sink at the current point,
 * with the context's transformation and source, and no glyph is drawn: the sink writes it as
 * text that stays text.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* Called for each layout shown on cr while the sink is attached; the layout's top left is at
 * cr's current point, in cr's user space. */
typedef void (*DynoChartTextSinkFunc) (cairo_t *cr, PangoLayout *layout, gpointer user_data);

/* Attaches func to cr for the rest of cr's life (or until attached again; NULL detaches). */
void dyno_chart_text_sink_attach (cairo_t *cr, DynoChartTextSinkFunc func, gpointer user_data);

/* pango_cairo_show_layout (cr, layout), or the layout handed to cr's sink. */
void dyno_chart_pango_show (cairo_t *cr, PangoLayout *layout);

G_END_DECLS
