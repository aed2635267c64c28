/* dyno-chart-style.h: colours, font and units of a chart, for screen or file
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-phase.h"

G_BEGIN_DECLS

/* Components 0..1, not premultiplied. A plain struct so this library needs no GDK. */
typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} DynoRgba;

typedef enum
{
  DYNO_CHART_PALETTE_LIGHT,
  DYNO_CHART_PALETTE_DARK,
  DYNO_CHART_PALETTE_HIGH_CONTRAST,      /* light high contrast */
  DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK,
} DynoChartPalette;

typedef enum
{
  DYNO_RATE_SCALE_MB,  /* MB/s: 10^6 B/s, as disks and bonnie++'s peers quote them */
  DYNO_RATE_SCALE_MIB, /* MiB/s: 2^20 B/s */
} DynoRateScale;

/* A kind names its colour slot (DynoPhaseKind.color); a phase with parameters not its kind's
 * defaults takes a shade of it, lighter or darker. */
#define DYNO_CHART_N_COLORS 13
/* Charts of series that are not phases (a drive scan's, a fill's passes) take these in turn */
#define DYNO_CHART_N_SERIES 8

typedef struct
{
  DynoChartPalette palette;
  DynoRgba background;        /* alpha 0: leave the surface as it is (the widget's theme) */
  DynoRgba foreground;        /* labels */
  DynoRgba dim_foreground;    /* tick labels, source line */
  DynoRgba axis;
  DynoRgba grid;
  DynoRgba phases[DYNO_CHART_N_COLORS]; /* the kinds' colour slots */
  DynoRgba process_cpu;
  DynoRgba system_cpu;
  DynoRgba iowait;
  char *font;                 /* a Pango font description: "Cantarell 9" */
  double line_width;          /* the rate curve, in device units at scale 1 */
  double cpu_line_width;
  double fill_alpha;          /* the area under the rate curve, at its top */
  DynoRateScale rate_scale;
} DynoChartStyle;

DynoChartStyle *dyno_chart_style_new (DynoChartPalette palette);
DynoChartStyle *dyno_chart_style_new_light (void);
DynoChartStyle *dyno_chart_style_new_dark (void);
DynoChartStyle *dyno_chart_style_copy (const DynoChartStyle *style);
void            dyno_chart_style_free (DynoChartStyle *style);
void            dyno_chart_style_set_font (DynoChartStyle *style, const char *font);
/* Whether the style's font draws text here: FALSE with an error saying what to install when
 * fontconfig found no font (the labels would come out blank). For saving charts. */
gboolean        dyno_chart_style_check_font (const DynoChartStyle *style, GError **error);
/* Takes the theme's text colour and derives the axis, grid and label colours from it. */
void            dyno_chart_style_set_foreground (DynoChartStyle *style, const DynoRgba *color);

/* The colour of a phase's curve, legend swatch and bars. */
/* The colour of the i-th series of a chart of something else than phases: teal, purple, red,
 * pink, brown, indigo, slate, olive, then again. */
DynoRgba        dyno_chart_style_get_series_color (const DynoChartStyle *style, guint i);
DynoRgba        dyno_chart_style_get_phase_color (const DynoChartStyle *style,
                                                  const DynoPhase      *phase);

/* Same colours, font, widths and scale: what a drawing cache needs to know to keep its picture. */
gboolean        dyno_chart_style_equal (const DynoChartStyle *a, const DynoChartStyle *b);
gboolean        dyno_rgba_equal (const DynoRgba *a, const DynoRgba *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoChartStyle, dyno_chart_style_free)

G_END_DECLS
