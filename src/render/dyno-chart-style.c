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

/* The kinds' colour slots (DynoPhaseKind.color), from the GNOME palette, picked as stand-ins for
 * the Okabe–Ito colours (blue, orange, vermillion, sky blue, bluish green, reddish purple) that
 * stay apart under the common colour-vision deficiencies, then GNOME's brown, purple, red and
 * pink and an indigo, olive and slate. Phases run one after another, so neighbours in execution
 * order get hues that differ in lightness as well as hue. Every slot is a hue of its own, so that
 * no two of Bonnie's twelve phases share one in a chart's legend; kinds that never share a plot
 * with each other (the drive tests, in bytes, and the file tests, in operations) may share a
 * slot. Each slot is given for a light background, a dark one (one or two steps lighter) and
 * light high contrast (the darkest shade, for at least 3:1 against white). */
typedef struct
{
  DynoRgba light;
  DynoRgba dark;
  DynoRgba high_contrast;
} Slot;

static const Slot slots[DYNO_CHART_N_COLORS] = {
  { RGB (0xe5a50a), RGB (0xf6d32d), RGB (0x9c6e03) }, /* 0 putc: Yellow 5, 3, darker */
  { RGB (0x1c71d8), RGB (0x3584e4), RGB (0x1a5fb4) }, /* 1 write: Blue 4, 3, 5 */
  { RGB (0xe66100), RGB (0xff7800), RGB (0xc64600) }, /* 2 rewrite: Orange 4, 3, 5 */
  { RGB (0x62a0ea), RGB (0x99c1f1), RGB (0x3584e4) }, /* 3 getc: Blue 2, 1, 3 */
  { RGB (0x26a269), RGB (0x33d17a), RGB (0x1f8a58) }, /* 4 read: Green 5, 3, darker */
  { RGB (0x865e3c), RGB (0xb5835a), RGB (0x63452c) }, /* 5 seeks: Brown 4, 2, 5 */
  { RGB (0x9141ac), RGB (0xc061cb), RGB (0x613583) }, /* 6 seq_create: Purple 3, 2, 5 */
  { RGB (0x2190a4), RGB (0x3fb5c9), RGB (0x156b7a) }, /* 7 seq_stat: teal */
  { RGB (0xe01b24), RGB (0xed333b), RGB (0xa51d2d) }, /* 8 seq_delete: Red 3, 2, 5 */
  { RGB (0xd56199), RGB (0xe889b8), RGB (0xa8326c) }, /* 9 rand_create: pink */
  { RGB (0x5d5cb6), RGB (0x8584e0), RGB (0x3b3a8c) }, /* 10 rand_stat: indigo */
  { RGB (0x8a9a1b), RGB (0xb3c43a), RGB (0x5e6a0f) }, /* 11 rand_delete: olive */
  { RGB (0x6f8396), RGB (0x97a8b8), RGB (0x4a5a6a) }, /* 12 free: slate */
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

  style->palette = palette;
  style->font = g_strdup (DEFAULT_FONT);
  style->rate_scale = DYNO_RATE_SCALE_MB;

  switch (palette)
    {
    case DYNO_CHART_PALETTE_DARK:
      style->background = (DynoRgba) RGB (0x1e1e1e); /* libadwaita's dark view background */
      fg = (DynoRgba) RGB (0xffffff);
      style->line_width = 1.5;
      style->cpu_line_width = 1.0;
      style->fill_alpha = 0.3;
      break;

    case DYNO_CHART_PALETTE_HIGH_CONTRAST:
      style->background = (DynoRgba) RGB (0xffffff);
      fg = (DynoRgba) RGB (0x000000);
      style->line_width = 2.5;
      style->cpu_line_width = 1.5;
      style->fill_alpha = 0.25;
      break;

    case DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK:
      style->background = (DynoRgba) RGB (0x000000);
      fg = (DynoRgba) RGB (0xffffff);
      style->line_width = 2.5;
      style->cpu_line_width = 1.5;
      style->fill_alpha = 0.3;
      break;

    case DYNO_CHART_PALETTE_LIGHT:
    default:
      style->background = (DynoRgba) RGB (0xffffff);
      fg = (DynoRgba) { 0, 0, 6 / 255.0, 0.8 }; /* libadwaita's view foreground */
      style->line_width = 1.5;
      style->cpu_line_width = 1.0;
      style->fill_alpha = 0.25;
      break;
    }

  for (guint i = 0; i < DYNO_CHART_N_COLORS; i++)
    style->phases[i] = palette == DYNO_CHART_PALETTE_HIGH_CONTRAST ? slots[i].high_contrast
                       : palette == DYNO_CHART_PALETTE_DARK
                               || palette == DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK
                           ? slots[i].dark
                           : slots[i].light;
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
  for (guint i = 0; i < DYNO_CHART_N_COLORS; i++)
    if (!dyno_rgba_equal (&a->phases[i], &b->phases[i]))
      return FALSE;
  return TRUE;
}

/* 0 for a phase with its kind's default parameters, else a shade 1 to 3 picked by its
 * parameters, so that SEQ1M Q8T1 and SEQ1M Q1T1 tell apart however many of a kind a chart has. */
static guint
parameter_shade (const DynoPhase *phase)
{
  const DynoPhaseParams *p = &phase->params;
  const DynoPhaseParams *d = &phase->kind->defaults;
  guint h;

  if (phase->kind->params == 0
      || (p->block_size == d->block_size && p->queue_depth == d->queue_depth
          && p->threads == d->threads && p->read_percent == d->read_percent))
    return 0;
  h = g_bit_storage (p->block_size) * 31u + g_bit_storage (p->queue_depth) * 7u
      + g_bit_storage (p->threads) * 3u + p->read_percent / 10;
  return 1 + h % 3;
}

static DynoRgba
mix (const DynoRgba *color, double r, double g, double b, double amount)
{
  return (DynoRgba) {
    color->red + (r - color->red) * amount,
    color->green + (g - color->green) * amount,
    color->blue + (b - color->blue) * amount,
    color->alpha,
  };
}

DynoRgba
dyno_chart_style_get_series_color (const DynoChartStyle *style, guint i)
{
  static const guint order[DYNO_CHART_N_SERIES] = { 7, 6, 8, 9, 5, 10, 12, 11 };
  static const DynoRgba black = RGB (0x000000);

  g_return_val_if_fail (style != NULL, black);
  return style->phases[order[i % DYNO_CHART_N_SERIES]];
}

DynoRgba
dyno_chart_style_get_phase_color (const DynoChartStyle *style, const DynoPhase *phase)
{
  static const DynoRgba black = RGB (0x000000);
  const DynoRgba *base;
  guint shade;

  g_return_val_if_fail (style != NULL, black);
  g_return_val_if_fail (phase != NULL, style->foreground);

  base = &style->phases[phase->kind->color % DYNO_CHART_N_COLORS];
  shade = parameter_shade (phase);
  if (shade == 0)
    return *base;
  /* Lighter, darker, then lighter still: apart from the base and each other on any
   * background. */
  if (shade == 2)
    return mix (base, 0, 0, 0, 0.3);
  return mix (base, 1, 1, 1, shade == 1 ? 0.3 : 0.55);
}
