/* dyno-chart-style.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dyno-chart-style.h"

#define DEFAULT_FONT "Cantarell 9"

#define RGB(hex)                                                                                  \
  {                                                                                               \
    ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0       \
  }

/* Phase colours from the GNOME palette, picked as stand-ins for the Okabe–Ito colours (blue,
 * orange, vermillion, sky blue, bluish green, reddish purple) that stay apart under the common
 * colour-vision deficiencies. Phases run one after another, so neighbours in execution order get
 * hues that differ in lightness as well as hue. The byte and the operation phases never share a
 * plot, so each set only needs to be distinct within itself. */
static const DynoRgba light_phases[DYNO_N_PHASES] = {
  [DYNO_PHASE_PUTC] = RGB (0xe5a50a),        /* Yellow 5 */
  [DYNO_PHASE_WRITE] = RGB (0x1c71d8),       /* Blue 4 */
  [DYNO_PHASE_REWRITE] = RGB (0xe66100),     /* Orange 4 */
  [DYNO_PHASE_GETC] = RGB (0x62a0ea),        /* Blue 2 */
  [DYNO_PHASE_READ] = RGB (0x26a269),        /* Green 5 */
  [DYNO_PHASE_SEEKS] = RGB (0x865e3c),       /* Brown 4 */
  [DYNO_PHASE_SEQ_CREATE] = RGB (0x1c71d8),  /* Blue 4 */
  [DYNO_PHASE_SEQ_STAT] = RGB (0x26a269),    /* Green 5 */
  [DYNO_PHASE_SEQ_DELETE] = RGB (0x9141ac),  /* Purple 3 */
  [DYNO_PHASE_RAND_CREATE] = RGB (0x62a0ea), /* Blue 2 */
  [DYNO_PHASE_RAND_STAT] = RGB (0xe5a50a),   /* Yellow 5 */
  [DYNO_PHASE_RAND_DELETE] = RGB (0xe66100), /* Orange 4 */
};

/* The same hues one or two steps lighter, to stand out on a dark background. */
static const DynoRgba dark_phases[DYNO_N_PHASES] = {
  [DYNO_PHASE_PUTC] = RGB (0xf6d32d),        /* Yellow 3 */
  [DYNO_PHASE_WRITE] = RGB (0x3584e4),       /* Blue 3 */
  [DYNO_PHASE_REWRITE] = RGB (0xff7800),     /* Orange 3 */
  [DYNO_PHASE_GETC] = RGB (0x99c1f1),        /* Blue 1 */
  [DYNO_PHASE_READ] = RGB (0x33d17a),        /* Green 3 */
  [DYNO_PHASE_SEEKS] = RGB (0xb5835a),       /* Brown 2 */
  [DYNO_PHASE_SEQ_CREATE] = RGB (0x3584e4),  /* Blue 3 */
  [DYNO_PHASE_SEQ_STAT] = RGB (0x33d17a),    /* Green 3 */
  [DYNO_PHASE_SEQ_DELETE] = RGB (0xc061cb),  /* Purple 2 */
  [DYNO_PHASE_RAND_CREATE] = RGB (0x99c1f1), /* Blue 1 */
  [DYNO_PHASE_RAND_STAT] = RGB (0xf6d32d),   /* Yellow 3 */
  [DYNO_PHASE_RAND_DELETE] = RGB (0xff7800), /* Orange 3 */
};

/* High contrast, light: the darkest shade of each hue, for at least 3:1 against white. */
static const DynoRgba high_contrast_phases[DYNO_N_PHASES] = {
  [DYNO_PHASE_PUTC] = RGB (0x9c6e03),        /* darker than Yellow 5 */
  [DYNO_PHASE_WRITE] = RGB (0x1a5fb4),       /* Blue 5 */
  [DYNO_PHASE_REWRITE] = RGB (0xc64600),     /* Orange 5 */
  [DYNO_PHASE_GETC] = RGB (0x3584e4),        /* Blue 3 */
  [DYNO_PHASE_READ] = RGB (0x1f8a58),        /* darker than Green 5 */
  [DYNO_PHASE_SEEKS] = RGB (0x63452c),       /* Brown 5 */
  [DYNO_PHASE_SEQ_CREATE] = RGB (0x1a5fb4),  /* Blue 5 */
  [DYNO_PHASE_SEQ_STAT] = RGB (0x1f8a58),
  [DYNO_PHASE_SEQ_DELETE] = RGB (0x613583),  /* Purple 5 */
  [DYNO_PHASE_RAND_CREATE] = RGB (0x3584e4), /* Blue 3 */
  [DYNO_PHASE_RAND_STAT] = RGB (0x9c6e03),
  [DYNO_PHASE_RAND_DELETE] = RGB (0xc64600), /* Orange 5 */
};

static DynoRgba
with_alpha (const DynoRgba *color, double alpha)
{
  return (DynoRgba) { color->red, color->green, color->blue, color->alpha * alpha };
}

void
dyno_chart_style_set_foreground (DynoChartStyle *style, const DynoRgba *color)
{
  gboolean high_contrast;

  g_return_if_fail (style != NULL);
  g_return_if_fail (color != NULL);

  high_contrast = style->palette == DYNO_CHART_PALETTE_HIGH_CONTRAST
                  || style->palette == DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK;

  /* Derived like libadwaita derives its borders and dim labels from the text colour, so the
   * chart follows whatever the theme (or an accessibility setting) picks. */
  style->foreground = *color;
  style->dim_foreground = with_alpha (color, high_contrast ? 0.9 : 0.65);
  style->axis = with_alpha (color, high_contrast ? 0.8 : 0.45);
  style->grid = with_alpha (color, high_contrast ? 0.3 : 0.1);
  /* The CPU lines are neutral, so they never read as one more phase; process CPU, the one Bonnie
   * reports, is the strongest, and iowait is told apart by its dashes. */
  style->process_cpu = with_alpha (color, high_contrast ? 0.95 : 0.7);
  style->system_cpu = with_alpha (color, high_contrast ? 0.6 : 0.35);
  style->iowait = with_alpha (color, high_contrast ? 0.8 : 0.5);
}

DynoChartStyle *
dyno_chart_style_new (DynoChartPalette palette)
{
  DynoChartStyle *style = g_new0 (DynoChartStyle, 1);
  DynoRgba fg;
  const DynoRgba *phases;

  style->palette = palette;
  style->font = g_strdup (DEFAULT_FONT);
  style->rate_scale = DYNO_RATE_SCALE_MB;

  switch (palette)
    {
    case DYNO_CHART_PALETTE_DARK:
      style->background = (DynoRgba) RGB (0x1e1e1e); /* libadwaita's dark view background */
      fg = (DynoRgba) RGB (0xffffff);
      phases = dark_phases;
      style->line_width = 1.5;
      style->cpu_line_width = 1.0;
      style->fill_alpha = 0.3;
      break;

    case DYNO_CHART_PALETTE_HIGH_CONTRAST:
      style->background = (DynoRgba) RGB (0xffffff);
      fg = (DynoRgba) RGB (0x000000);
      phases = high_contrast_phases;
      style->line_width = 2.5;
      style->cpu_line_width = 1.5;
      style->fill_alpha = 0.25;
      break;

    case DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK:
      style->background = (DynoRgba) RGB (0x000000);
      fg = (DynoRgba) RGB (0xffffff);
      phases = dark_phases;
      style->line_width = 2.5;
      style->cpu_line_width = 1.5;
      style->fill_alpha = 0.3;
      break;

    case DYNO_CHART_PALETTE_LIGHT:
    default:
      style->background = (DynoRgba) RGB (0xffffff);
      fg = (DynoRgba) { 0, 0, 6 / 255.0, 0.8 }; /* libadwaita's view foreground */
      phases = light_phases;
      style->line_width = 1.5;
      style->cpu_line_width = 1.0;
      style->fill_alpha = 0.25;
      break;
    }

  memcpy (style->phase, phases, sizeof style->phase);
  dyno_chart_style_set_foreground (style, &fg);
  return style;
}

DynoChartStyle *
dyno_chart_style_new_light (void)
{
  return dyno_chart_style_new (DYNO_CHART_PALETTE_LIGHT);
}

DynoChartStyle *
dyno_chart_style_new_dark (void)
{
  return dyno_chart_style_new (DYNO_CHART_PALETTE_DARK);
}

DynoChartStyle *
dyno_chart_style_copy (const DynoChartStyle *style)
{
  DynoChartStyle *copy;

  g_return_val_if_fail (style != NULL, NULL);

  copy = g_memdup2 (style, sizeof *style);
  copy->font = g_strdup (style->font);
  return copy;
}

void
dyno_chart_style_free (DynoChartStyle *style)
{
  if (style == NULL)
    return;

  g_free (style->font);
  g_free (style);
}

void
dyno_chart_style_set_font (DynoChartStyle *style, const char *font)
{
  g_return_if_fail (style != NULL);

  if (font == NULL || *font == '\0')
    font = DEFAULT_FONT;
  if (g_strcmp0 (style->font, font) == 0)
    return;
  g_free (style->font);
  style->font = g_strdup (font);
}

gboolean
dyno_rgba_equal (const DynoRgba *a, const DynoRgba *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

gboolean
dyno_chart_style_equal (const DynoChartStyle *a, const DynoChartStyle *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a == b)
    return TRUE;
  if (a->palette != b->palette || a->rate_scale != b->rate_scale
      || a->line_width != b->line_width || a->cpu_line_width != b->cpu_line_width
      || a->fill_alpha != b->fill_alpha || g_strcmp0 (a->font, b->font) != 0)
    return FALSE;
  if (!dyno_rgba_equal (&a->background, &b->background)
      || !dyno_rgba_equal (&a->foreground, &b->foreground)
      || !dyno_rgba_equal (&a->dim_foreground, &b->dim_foreground)
      || !dyno_rgba_equal (&a->axis, &b->axis) || !dyno_rgba_equal (&a->grid, &b->grid)
      || !dyno_rgba_equal (&a->process_cpu, &b->process_cpu)
      || !dyno_rgba_equal (&a->system_cpu, &b->system_cpu)
      || !dyno_rgba_equal (&a->iowait, &b->iowait))
    return FALSE;
  for (guint i = 0; i < DYNO_N_PHASES; i++)
    if (!dyno_rgba_equal (&a->phase[i], &b->phase[i]))
      return FALSE;
  return TRUE;
}
