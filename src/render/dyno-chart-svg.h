/* dyno-chart-svg.h: a chart as an SVG element for an HTML page, its labels kept as <text>
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef void (*DynoChartSvgDrawFunc) (cairo_t *cr, double width, double height, gconstpointer data);

/* An <svg> element (no XML declaration, no namespace attributes: the HTML parser puts it in
 * the SVG namespace) of width × height user units that scales to its box, drawn by draw.
 * Shapes are cairo's SVG surface's; every piece of text is a <text> element in its colour,
 * font size and weight, at Pango's baseline and as wide as Pango laid it out (textLength), so
 * it reads, selects, searches and prints as text in any font. Every id is prefixed with
 * id_prefix (letters, digits, '-'), so that several charts can share one page; label, when
 * given, becomes the element's accessible name and <title>. NULL with error set when cairo
 * fails. */
char *dyno_chart_svg_element (double                width,
                              double                height,
                              const char           *id_prefix,
                              const char           *label,
                              DynoChartSvgDrawFunc  draw,
                              gconstpointer         data,
                              GError              **error);

/* text with &, <, >, " and ' as entities and control characters left out. */
void  dyno_chart_svg_append_escaped (GString *out, const char *text);
/* A text sink (dyno-chart-text-sink.h) that appends each line of a layout to user_data, a
 * GString, as a <text> element at its place, with its font, colour and Pango's width: for a
 * chart drawn on cairo's SVG surface whose labels must stay text. */
void  dyno_chart_svg_text_sink (cairo_t *cr, PangoLayout *layout, gpointer user_data);

G_END_DECLS
