/* dyno-compare-chart.c: bars per phase, %CPU per phase, and live overlays of a comparison
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The live chart's parts are reused: its style (colours, font), its tick code, and its text
 * helpers (dyno-chart-text.c, through a Chart that only carries the cairo context and fonts).
 * Everything is laid out first (CompareLayout), then drawn, so dyno_compare_chart_get_geometry()
 * reports exactly what dyno_compare_chart_render() uses.
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-render-private.h"
#include "dyno-compare-chart.h"

#define DEFAULT_FONT_SIZE 9
#define MAX_PANELS 2
#define N_ENTRY_COLORS 8
/* Bars fill this share of their phase's slot; the rest separates the phases. */
#define GROUP_FILL 0.86
/* Overlay lines are averaged down to about one point per this many user units. */
#define OVERLAY_POINT_SPACING 1.5

/* Okabe–Ito's colour-blind-safe order (blue, orange, bluish green, reddish purple, yellow,
 * vermillion, sky blue, then brown) in GNOME palette shades, as the phases' colours are. */
#define RGB(hex)                                                                                  \
  {                                                                                               \
    ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0       \
  }
static const DynoRgba light_entries[N_ENTRY_COLORS] = {
  RGB (0x1c71d8), RGB (0xe66100), RGB (0x26a269), RGB (0x9141ac),
  RGB (0xe5a50a), RGB (0xc01c28), RGB (0x62a0ea), RGB (0x865e3c),
};
static const DynoRgba dark_entries[N_ENTRY_COLORS] = {
  RGB (0x62a0ea), RGB (0xff7800), RGB (0x33d17a), RGB (0xc061cb),
  RGB (0xf6d32d), RGB (0xf66151), RGB (0x99c1f1), RGB (0xb5835a),
};
static const DynoRgba high_contrast_entries[N_ENTRY_COLORS] = {
  RGB (0x1a5fb4), RGB (0xc64600), RGB (0x1f8a58), RGB (0x613583),
  RGB (0x9c6e03), RGB (0xa51d2d), RGB (0x3584e4), RGB (0x63452c),
};

typedef struct
{
  DynoUnit unit;
  guint32 phases;
  guint n_phases;
  DynoChartRect plot;
  DynoTicks ticks;
  double divisor;       /* B/s (or ops/s, or %) per display unit */
  double label_divisor; /* 1000 for "12k" labels */
  double left_title_x;  /* centre of the rotated axis title */
} Panel;

typedef struct
{
  Chart chart; /* cr, style, decor, fonts, line_height, gap: what the text helpers use */
  const DynoComparison *comparison;
  DynoCompareChartOptions options;
  guint n_entries;

  Panel panels[MAX_PANELS];
  guint n_panels;
  PangoFontDescription *ratio_font; /* a step below the figures, so "×0.17" fits its bar */

  double title_y;
  double subtitle_y;
  double legend_y;
  double legend_row_height;
  double x_labels_y;  /* phase names or time tick labels */
  double x_labels_height;
  double x_title_y;
  double source_y;
  char *source;

  /* overlay: seconds into the phase */
  double t1;
  DynoTicks x_ticks;
  DynoTimeUnit time_unit;
} CompareLayout;

/* ---- small things ------------------------------------------------------------------------ */

void
dyno_compare_chart_options_init (DynoCompareChartOptions *options, DynoCompareChartKind kind)
{
  g_return_if_fail (options != NULL);

  *options = (DynoCompareChartOptions) {
    .kind = kind,
    .phases = 0,
    .phase = DYNO_PHASE_WRITE,
    .ratios = TRUE,
  };
}

gboolean
dyno_compare_chart_kind_from_string (const char *text, DynoCompareChartKind *out)
{
  static const struct
  {
    const char *name;
    DynoCompareChartKind kind;
  } names[] = {
    { "bars", DYNO_COMPARE_CHART_BARS },
    { "cpu", DYNO_COMPARE_CHART_CPU },
    { "overlay", DYNO_COMPARE_CHART_OVERLAY },
  };

  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i].name) == 0)
      {
        if (out != NULL)
          *out = names[i].kind;
        return TRUE;
      }
  return FALSE;
}

void
dyno_compare_chart_entry_color (const DynoChartStyle *style, guint entry, DynoRgba *out)
{
  const DynoRgba *colors;

  g_return_if_fail (style != NULL);
  g_return_if_fail (out != NULL);

  switch (style->palette)
    {
    case DYNO_CHART_PALETTE_DARK:
    case DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK:
      colors = dark_entries;
      break;
    case DYNO_CHART_PALETTE_HIGH_CONTRAST:
      colors = high_contrast_entries;
      break;
    case DYNO_CHART_PALETTE_LIGHT:
    default:
      colors = light_entries;
      break;
    }
  *out = colors[entry % N_ENTRY_COLORS];
}

static gboolean
sample_counts (const DynoSample *sample, DynoPhaseId phase)
{
  return sample->phase == phase && isfinite (sample->rate) && isfinite (sample->phase_t);
}

static gboolean
entry_has_samples (const DynoComparison *comparison, guint entry, DynoPhaseId phase)
{
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);

  for (guint i = 0; i < target->samples->len; i++)
    if (sample_counts (&g_array_index (target->samples, DynoSample, i), phase))
      return TRUE;
  return FALSE;
}

gboolean
dyno_compare_chart_has_samples (const DynoComparison *comparison, DynoPhaseId phase)
{
  g_return_val_if_fail (comparison != NULL, FALSE);

  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    if (entry_has_samples (comparison, e, phase))
      return TRUE;
  return FALSE;
}

static guint
count_bits (guint32 mask)
{
  guint n = 0;

  for (; mask != 0; mask &= mask - 1)
    n++;
  return n;
}

static double
rate_divisor (const DynoChartStyle *style, DynoUnit unit)
{
  if (unit == DYNO_UNIT_OPS)
    return 1;
  return style->rate_scale == DYNO_RATE_SCALE_MIB ? 1024.0 * 1024.0 : 1e6;
}

static const char *
unit_axis_title (const CompareLayout *layout, const Panel *panel)
{
  if (layout->options.kind == DYNO_COMPARE_CHART_CPU)
    /* Translators: the value axis of a chart of Bonnie's %CPU per phase; 100 is one core */
    return _("CPU (%, 100 = one core)");
  if (panel->unit == DYNO_UNIT_OPS)
    return _("Rate (ops/s)");
  if (layout->chart.style->rate_scale == DYNO_RATE_SCALE_MIB)
    return _("Rate (MiB/s)");
  return _("Rate (MB/s)");
}

static const char *
unit_short_label (const CompareLayout *layout, const Panel *panel)
{
  if (layout->options.kind == DYNO_COMPARE_CHART_CPU)
    return _("CPU %");
  if (panel->unit == DYNO_UNIT_OPS)
    return _("ops/s");
  if (layout->chart.style->rate_scale == DYNO_RATE_SCALE_MIB)
    return _("MiB/s");
  return _("MB/s");
}

static char *
format_tick (const Panel *panel, double value)
{
  g_autofree char *number = dyno_ticks_format (&panel->ticks, value, panel->label_divisor);

  if (panel->label_divisor > 1 && value != 0)
    return g_strdup_printf (C_ ("thousands", "%sk"), number);
  return g_steal_pointer (&number);
}

/* "16.5", "2.73", "9000", "77": as many digits as a reader compares. */
static char *
format_value (double value)
{
  if (!isfinite (value))
    return g_strdup ("—");
  if (value >= 100)
    return g_strdup_printf ("%.0f", value);
  if (value >= 10)
    return g_strdup_printf ("%.1f", value);
  return g_strdup_printf ("%.2f", value);
}

/* %CPU as Bonnie printed it: whole percent, a decimal under 10. */
static char *
format_cpu_value (double value)
{
  if (!isfinite (value))
    return g_strdup ("—");
  return g_strdup_printf (value >= 10 ? "%.0f" : "%.1f", value);
}

static char *
format_bar_value (const CompareLayout *layout, double value)
{
  if (layout->options.kind == DYNO_COMPARE_CHART_CPU)
    return format_cpu_value (value);
  return format_value (value);
}

/* ---- fonts and text ------------------------------------------------------------------- */

static void
setup_fonts (Chart *chart, const DynoChartStyle *style)
{
  PangoFontDescription *font;
  int size;
  double lh;

  chart->fonts[CHART_FONT_NORMAL]
      = pango_font_description_from_string (style->font ? style->font : "Sans");
  font = chart->fonts[CHART_FONT_NORMAL];
  if (pango_font_description_get_size (font) <= 0)
    pango_font_description_set_size (font, DEFAULT_FONT_SIZE * PANGO_SCALE);
  size = pango_font_description_get_size (font);
  chart->fonts[CHART_FONT_TITLE] = pango_font_description_copy (font);
  pango_font_description_set_weight (chart->fonts[CHART_FONT_TITLE], PANGO_WEIGHT_BOLD);
  chart->fonts[CHART_FONT_SMALL] = pango_font_description_copy (font);
  if (pango_font_description_get_size_is_absolute (font))
    {
      pango_font_description_set_absolute_size (chart->fonts[CHART_FONT_TITLE], size * 1.4);
      pango_font_description_set_absolute_size (chart->fonts[CHART_FONT_SMALL], size * 0.85);
    }
  else
    {
      pango_font_description_set_size (chart->fonts[CHART_FONT_TITLE], (int) (size * 1.4));
      pango_font_description_set_size (chart->fonts[CHART_FONT_SMALL], (int) (size * 0.85));
    }
  for (guint i = 0; i < CHART_N_FONTS; i++)
    chart->font_keys[i] = pango_font_description_to_string (chart->fonts[i]);

  dyno_chart_text_size (chart, CHART_FONT_NORMAL, "0", NULL, &lh);
  chart->line_height = lh;
  chart->gap = round (lh * 0.4);
}

/* The phase names of the live chart's header (dyno-chart-labels.c), for slots too narrow for
 * the full title; the same msgids, so they share their translations. */
static const char *
short_phase_name (DynoPhaseId phase)
{
  switch (phase)
    {
    case DYNO_PHASE_PUTC:
      return C_ ("chart phase", "Putc");
    case DYNO_PHASE_WRITE:
      return C_ ("chart phase", "Write");
    case DYNO_PHASE_REWRITE:
      return C_ ("chart phase", "Rewrite");
    case DYNO_PHASE_GETC:
      return C_ ("chart phase", "Getc");
    case DYNO_PHASE_READ:
      return C_ ("chart phase", "Read");
    case DYNO_PHASE_SEEKS:
      return C_ ("chart phase", "Seeks");
    case DYNO_PHASE_SEQ_CREATE:
      return C_ ("chart phase", "Seq create");
    case DYNO_PHASE_SEQ_STAT:
      return C_ ("chart phase", "Seq stat");
    case DYNO_PHASE_SEQ_DELETE:
      return C_ ("chart phase", "Seq delete");
    case DYNO_PHASE_RAND_CREATE:
      return C_ ("chart phase", "Rand create");
    case DYNO_PHASE_RAND_STAT:
      return C_ ("chart phase", "Rand stat");
    case DYNO_PHASE_RAND_DELETE:
      return C_ ("chart phase", "Rand delete");
    case DYNO_N_PHASES:
    default:
      return "";
    }
}

static PangoLayout *
wrapped_layout (CompareLayout *layout, const char *text, double width)
{
  PangoLayout *pl = pango_cairo_create_layout (layout->chart.cr);

  pango_layout_set_font_description (pl, layout->chart.fonts[CHART_FONT_NORMAL]);
  pango_layout_set_text (pl, text, -1);
  pango_layout_set_width (pl, (int) (MAX (width, 1) * PANGO_SCALE));
  pango_layout_set_wrap (pl, PANGO_WRAP_WORD);
  pango_layout_set_alignment (pl, PANGO_ALIGN_CENTER);
  pango_layout_set_height (pl, -2); /* at most two lines, then an ellipsis */
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
  return pl;
}

static gboolean
words_fit (CompareLayout *layout, const char *text, double width)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      double w;

      dyno_chart_text_size (&layout->chart, CHART_FONT_NORMAL, words[i], &w, NULL);
      if (w > width)
        return FALSE;
    }
  return TRUE;
}

/* A phase's name under its bars, wrapped to the slot at word boundaries: the title ("Sequential
 * create") when its words fit, else the short name ("Seq create"), ellipsized if need be. */
static PangoLayout *
phase_name_layout (CompareLayout *layout, DynoPhaseId phase, double width)
{
  const char *title = dyno_phase_title (phase);

  if (words_fit (layout, title, width))
    {
      PangoLayout *pl = wrapped_layout (layout, title, width);

      if (!pango_layout_is_ellipsized (pl))
        return pl;
      g_object_unref (pl);
    }
  return wrapped_layout (layout, short_phase_name (phase), width);
}

/* ---- legend --------------------------------------------------------------------------- */

static char *
legend_label (const CompareLayout *layout, guint entry)
{
  const char *name = dyno_comparison_get_name (layout->comparison, entry);

  if (layout->options.kind == DYNO_COMPARE_CHART_OVERLAY
      && !entry_has_samples (layout->comparison, entry, layout->options.phase))
    /* Translators: a chart legend entry whose result has no live samples (an import) */
    return g_strdup_printf (_("%s (no samples)"), name);
  if (entry == dyno_comparison_get_baseline (layout->comparison) && layout->n_entries > 1
      && layout->options.kind == DYNO_COMPARE_CHART_BARS && layout->options.ratios)
    /* Translators: a chart legend entry: the run the ratios are against */
    return g_strdup_printf (_("%s (baseline)"), name);
  return g_strdup (name);
}

static double
legend_item_width (CompareLayout *layout, const char *label)
{
  double w;

  dyno_chart_text_size (&layout->chart, CHART_FONT_NORMAL, label, &w, NULL);
  return layout->chart.line_height * 1.4 + layout->chart.gap + w;
}

static guint
legend_rows (CompareLayout *layout, double avail)
{
  double x = 0;
  guint rows = 1;

  for (guint e = 0; e < layout->n_entries; e++)
    {
      g_autofree char *label = legend_label (layout, e);
      double w = legend_item_width (layout, label);

      if (x > 0 && x + w > avail)
        {
          rows++;
          x = 0;
        }
      x += w + layout->chart.line_height * 1.5;
    }
  return rows;
}

/* ---- values --------------------------------------------------------------------------- */

/* The figure of a bar in display units; NAN when there is none (absent, too fast). */
static double
bar_value (const CompareLayout *layout, const Panel *panel, const DynoCompareCell *cell)
{
  if (layout->options.kind == DYNO_COMPARE_CHART_CPU)
    return cell->cpu_percent;
  return cell->rate / panel->divisor;
}

static double
bar_top_value (const CompareLayout *layout, const Panel *panel, const DynoCompareCell *cell)
{
  double v = bar_value (layout, panel, cell);

  if (layout->options.kind == DYNO_COMPARE_CHART_BARS && isfinite (cell->rate_ci95))
    v += cell->rate_ci95 / panel->divisor;
  return v;
}

/* The highest line of the overlay and how long its phase ran, in display units and seconds. */
static void
overlay_extent (const CompareLayout *layout, double divisor, double *rate_max, double *t_max)
{
  *rate_max = 0;
  *t_max = 0;
  for (guint e = 0; e < layout->n_entries; e++)
    {
      const DynoTargetResult *target = dyno_comparison_get_target_result (layout->comparison, e);

      for (guint i = 0; i < target->samples->len; i++)
        {
          const DynoSample *s = &g_array_index (target->samples, DynoSample, i);

          if (!sample_counts (s, layout->options.phase))
            continue;
          *rate_max = MAX (*rate_max, s->rate / divisor);
          *t_max = MAX (*t_max, s->phase_t);
        }
    }
}

/* ---- layout --------------------------------------------------------------------------- */

static guint32
selected_phases (const DynoComparison *comparison, const DynoCompareChartOptions *options)
{
  guint32 have = dyno_comparison_get_phases (comparison);

  if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
    return DYNO_PHASE_BIT (options->phase);
  return options->phases != 0 ? have & options->phases : have;
}

static void
layout_setup (CompareLayout                 *layout,
              const DynoComparison          *comparison,
              const DynoCompareChartOptions *options,
              cairo_t                       *cr,
              double                         width,
              double                         height,
              const DynoChartStyle          *style,
              const DynoChartDecor          *decor)
{
  Chart *chart = &layout->chart;
  DynoChartGeometry *g = &chart->geometry;
  guint32 phases = selected_phases (comparison, options);
  double lh;
  double margin;
  double top;
  double bottom;
  double left;
  double right;
  double label_h;
  double panels_width;
  guint total_phases = 0;

  memset (layout, 0, sizeof *layout);
  chart->cr = cr;
  chart->style = style;
  chart->decor = decor;
  chart->width = width;
  chart->height = height;
  layout->comparison = comparison;
  layout->options = *options;
  layout->n_entries = dyno_comparison_get_n_entries (comparison);
  setup_fonts (chart, style);
  lh = chart->line_height;
  layout->ratio_font = pango_font_description_copy (chart->fonts[CHART_FONT_NORMAL]);
  if (pango_font_description_get_size_is_absolute (layout->ratio_font))
    pango_font_description_set_absolute_size (
        layout->ratio_font, pango_font_description_get_size (layout->ratio_font) * 0.75);
  else
    pango_font_description_set_size (
        layout->ratio_font, (int) (pango_font_description_get_size (layout->ratio_font) * 0.75));

  /* Panels: bars keep bytes and operations apart, each with its axis; the rest have one. */
  if (options->kind == DYNO_COMPARE_CHART_BARS)
    {
      guint32 kinds[2] = { 0, 0 };

      for (DynoPhaseId id = 0; id < DYNO_N_PHASES; id++)
        if (phases & DYNO_PHASE_BIT (id))
          kinds[dyno_phase_unit (id) == DYNO_UNIT_BYTES ? 0 : 1] |= DYNO_PHASE_BIT (id);
      for (guint k = 0; k < 2; k++)
        if (kinds[k] != 0)
          {
            Panel *panel = &layout->panels[layout->n_panels++];

            panel->unit = k == 0 ? DYNO_UNIT_BYTES : DYNO_UNIT_OPS;
            panel->phases = kinds[k];
          }
    }
  else
    {
      Panel *panel = &layout->panels[layout->n_panels++];

      panel->phases = phases;
      panel->unit = options->kind == DYNO_COMPARE_CHART_OVERLAY ? dyno_phase_unit (options->phase)
                                                                 : DYNO_UNIT_OPS;
    }
  for (guint p = 0; p < layout->n_panels; p++)
    {
      Panel *panel = &layout->panels[p];

      panel->n_phases = count_bits (panel->phases);
      panel->divisor = options->kind == DYNO_COMPARE_CHART_CPU ? 1
                                                               : rate_divisor (style, panel->unit);
      panel->label_divisor = 1;
      total_phases += panel->n_phases;
    }

  margin = decor ? round (lh * 1.5) : round (lh * 0.5);
  g->margin = margin;
  g->content = (DynoChartRect) { margin, margin, MAX (0, width - 2 * margin),
                                 MAX (0, height - 2 * margin) };

  /* From the top: title, subtitle, legend. */
  top = margin;
  if (decor && decor->title)
    {
      double h;

      dyno_chart_text_size (chart, CHART_FONT_TITLE, decor->title, NULL, &h);
      layout->title_y = top;
      top += h;
    }
  if (decor && decor->subtitle)
    {
      layout->subtitle_y = top;
      top += lh;
    }
  if (decor && (decor->title || decor->subtitle))
    top += chart->gap;
  if (decor && decor->legend && layout->n_entries > 0)
    {
      guint rows = legend_rows (layout, g->content.width);

      layout->legend_y = top + chart->gap / 2;
      layout->legend_row_height = lh + chart->gap / 2;
      top += rows * layout->legend_row_height + chart->gap;
    }
  /* Room for the unit over the axis when there are no axis titles, and for bar labels. */
  top += lh / 2 + (decor && decor->axis_titles ? 0 : lh);

  /* From the bottom: source line, x axis title (overlay), labels under the plot. */
  bottom = height - margin;
  if (decor && (decor->source || decor->host))
    {
      double h;

      if (decor->source)
        layout->source = g_strdup (decor->source);
      else
        layout->source = g_strdup_printf (_("Measured with Dyno %s on %s"), PACKAGE_VERSION,
                                          decor->host);
      dyno_chart_text_size (chart, CHART_FONT_SMALL, layout->source, NULL, &h);
      bottom -= h;
      layout->source_y = bottom;
      bottom -= chart->gap;
    }
  if (options->kind == DYNO_COMPARE_CHART_OVERLAY && decor && decor->axis_titles)
    {
      bottom -= lh;
      layout->x_title_y = bottom;
      bottom -= chart->gap / 2;
    }
  label_h = options->kind == DYNO_COMPARE_CHART_OVERLAY ? lh : 2 * lh;
  bottom -= label_h;
  layout->x_labels_y = bottom;
  layout->x_labels_height = label_h;
  bottom -= DYNO_CHART_TICK_LENGTH + chart->gap / 2;

  /* Value axes, before their labels' widths are known: as many ticks as fit. */
  {
    double plot_h = MAX (1, floor (bottom) - round (top));
    guint n_ticks = (guint) CLAMP (floor (plot_h / (lh * 2.5)), 2, 8);
    /* Labels stand over the bars: two lines of small text, kept inside the plot. */
    double headroom = options->kind == DYNO_COMPARE_CHART_OVERLAY ? 1.05
                                                                   : 1 + (2.3 * lh) / plot_h;

    for (guint p = 0; p < layout->n_panels; p++)
      {
        Panel *panel = &layout->panels[p];
        double max = 0;

        if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
          overlay_extent (layout, panel->divisor, &max, &layout->t1);
        else
          for (guint e = 0; e < layout->n_entries; e++)
            for (DynoPhaseId id = 0; id < DYNO_N_PHASES; id++)
              {
                DynoCompareCell cell;
                double v;

                if (!(panel->phases & DYNO_PHASE_BIT (id)))
                  continue;
                dyno_comparison_get_cell (comparison, e, id, &cell);
                v = bar_top_value (layout, panel, &cell);
                if (isfinite (v))
                  max = MAX (max, v);
              }
        if (!(max > 0))
          max = options->kind == DYNO_COMPARE_CHART_CPU ? 100 : 1;
        dyno_ticks_compute (0, max * headroom, n_ticks, &panel->ticks);
        if (panel->unit == DYNO_UNIT_OPS && options->kind != DYNO_COMPARE_CHART_CPU
            && panel->ticks.hi >= 10000)
          panel->label_divisor = 1000;
      }
  }

  /* Columns: per panel, the rotated axis title and the tick labels, then the plot. */
  left = margin;
  right = width - margin;
  panels_width = right - left;
  for (guint p = 0; p < layout->n_panels; p++)
    {
      Panel *panel = &layout->panels[p];
      double label_w = 0;
      double axis_w;
      double share;
      double w;

      for (guint i = 0; i < panel->ticks.n_ticks; i++)
        {
          g_autofree char *label = format_tick (panel, dyno_ticks_get (&panel->ticks, i));

          dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
          label_w = MAX (label_w, w);
        }
      axis_w = label_w + chart->gap + (decor && decor->axis_titles ? lh + chart->gap : 0);
      panel->left_title_x = left + lh / 2;
      /* Each panel's plot is as wide as its share of the phases. */
      share = total_phases > 0 ? (double) panel->n_phases / total_phases : 1;
      if (layout->n_panels == 1)
        w = right - left - axis_w;
      else
        w = (panels_width - 2 * axis_w - 2 * lh) * share;
      panel->plot.x = round (left + axis_w);
      panel->plot.y = round (top);
      panel->plot.width = MAX (0, floor (w));
      panel->plot.height = MAX (0, floor (bottom) - panel->plot.y);
      left = panel->plot.x + panel->plot.width + 2 * lh;
    }
  /* The phase names were given two lines; most need one, and the plot takes what is left. */
  if (options->kind != DYNO_COMPARE_CHART_OVERLAY)
    {
      double needed = 0;

      for (guint p = 0; p < layout->n_panels; p++)
        {
          Panel *panel = &layout->panels[p];
          double group = panel->n_phases > 0 ? panel->plot.width / panel->n_phases : 0;

          for (DynoPhaseId id = 0; id < DYNO_N_PHASES; id++)
            if (panel->phases & DYNO_PHASE_BIT (id))
              {
                g_autoptr (PangoLayout) name = phase_name_layout (layout, id, group - chart->gap);
                PangoRectangle logical;

                pango_layout_get_pixel_extents (name, NULL, &logical);
                needed = MAX (needed, logical.height);
              }
        }
      if (needed > 0 && needed < layout->x_labels_height)
        {
          double spare = floor (layout->x_labels_height - needed);

          layout->x_labels_y += spare;
          layout->x_labels_height -= spare;
          for (guint p = 0; p < layout->n_panels; p++)
            layout->panels[p].plot.height += spare;
        }
    }
  g->plot = layout->panels[0].plot;

  if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
    {
      double w;
      guint n;
      g_autofree char *widest = g_strdup_printf ("%.0f", ceil (layout->t1));

      layout->t1 = MAX (layout->t1, 1);
      dyno_chart_text_size (chart, CHART_FONT_NORMAL, widest, &w, NULL);
      n = (guint) CLAMP (floor (layout->panels[0].plot.width / (w + 4 * lh)), 2, 10);
      dyno_ticks_compute_time (0, layout->t1, n, &layout->x_ticks, &layout->time_unit);
    }
}

static void
layout_finish (CompareLayout *layout)
{
  for (guint i = 0; i < CHART_N_FONTS; i++)
    {
      g_clear_pointer (&layout->chart.fonts[i], pango_font_description_free);
      g_clear_pointer (&layout->chart.font_keys[i], g_free);
    }
  g_clear_pointer (&layout->source, g_free);
  g_clear_pointer (&layout->ratio_font, pango_font_description_free);
}

/* ---- drawing: shared ------------------------------------------------------------------ */

static double
panel_y (const Panel *panel, double value)
{
  return panel->plot.y + panel->plot.height - value / panel->ticks.hi * panel->plot.height;
}

static void
draw_value_axis (CompareLayout *layout, const Panel *panel)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;
  double left = dyno_chart_crisp (panel->plot.x);
  double bottom = dyno_chart_crisp (panel->plot.y + panel->plot.height);

  cairo_set_line_width (cr, 1);
  dyno_chart_set_source (cr, &style->grid);
  for (guint i = 1; i < panel->ticks.n_ticks; i++)
    {
      double y = dyno_chart_crisp (panel_y (panel, dyno_ticks_get (&panel->ticks, i)));

      cairo_move_to (cr, panel->plot.x, y);
      cairo_line_to (cr, panel->plot.x + panel->plot.width, y);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < panel->ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&panel->ticks, i);
      g_autofree char *label = format_tick (panel, v);

      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, &style->dim_foreground,
                            panel->plot.x - chart->gap, panel_y (panel, v), CHART_ALIGN_END,
                            CHART_ALIGN_CENTER);
    }

  dyno_chart_set_source (cr, &style->axis);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  cairo_move_to (cr, left, panel->plot.y);
  cairo_line_to (cr, left, bottom);
  cairo_line_to (cr, dyno_chart_crisp (panel->plot.x + panel->plot.width), bottom);
  cairo_stroke (cr);

  if (chart->decor && chart->decor->axis_titles)
    dyno_chart_draw_text_rotated (chart, unit_axis_title (layout, panel), &style->foreground,
                                  panel->left_title_x, panel->plot.y + panel->plot.height / 2);
  else
    dyno_chart_draw_text (chart, CHART_FONT_NORMAL, unit_short_label (layout, panel),
                          &style->dim_foreground, panel->plot.x - chart->gap,
                          panel->plot.y - chart->line_height * 1.5, CHART_ALIGN_END,
                          CHART_ALIGN_START);
}

static void
draw_legend (CompareLayout *layout)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartRect *content = &chart->geometry.content;
  double x = content->x;
  double cy = layout->legend_y + chart->line_height / 2;
  double sample = chart->line_height * 1.4;

  for (guint e = 0; e < layout->n_entries; e++)
    {
      g_autofree char *label = legend_label (layout, e);
      double w = legend_item_width (layout, label);
      DynoRgba color;

      if (x > content->x && x + w > content->x + content->width)
        {
          x = content->x;
          cy += layout->legend_row_height;
        }
      dyno_compare_chart_entry_color (chart->style, e, &color);
      dyno_chart_set_source (cr, &color);
      if (layout->options.kind == DYNO_COMPARE_CHART_OVERLAY)
        {
          cairo_set_line_width (cr, MAX (2, chart->style->line_width * 1.5));
          /* Butt caps: the swatch starts at the content's edge, not a half line before it. */
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          cairo_move_to (cr, x, round (cy) + 0.5);
          cairo_line_to (cr, x + sample, round (cy) + 0.5);
          cairo_stroke (cr);
        }
      else
        {
          double h = round (chart->line_height * 0.75);

          cairo_rectangle (cr, x, round (cy - h / 2), sample, h);
          cairo_fill (cr);
        }
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, &chart->style->foreground,
                            x + sample + chart->gap, cy, CHART_ALIGN_START, CHART_ALIGN_CENTER);
      x += w + chart->line_height * 1.5;
    }
}

static void
draw_decor (CompareLayout *layout)
{
  Chart *chart = &layout->chart;
  const DynoChartDecor *decor = chart->decor;
  const DynoChartRect *content = &chart->geometry.content;

  if (decor == NULL)
    return;
  if (decor->title)
    dyno_chart_draw_text (chart, CHART_FONT_TITLE, decor->title, &chart->style->foreground,
                          content->x, layout->title_y, CHART_ALIGN_START, CHART_ALIGN_START);
  if (decor->subtitle)
    dyno_chart_draw_text (chart, CHART_FONT_NORMAL, decor->subtitle,
                          &chart->style->dim_foreground, content->x, layout->subtitle_y,
                          CHART_ALIGN_START, CHART_ALIGN_START);
  if (decor->legend)
    draw_legend (layout);
  if (layout->source)
    dyno_chart_draw_text (chart, CHART_FONT_SMALL, layout->source, &chart->style->dim_foreground,
                          content->x + content->width, layout->source_y, CHART_ALIGN_END,
                          CHART_ALIGN_START);
}

/* ---- drawing: bars -------------------------------------------------------------------- */

static void
draw_hatched (cairo_t *cr, double x, double y, double w, double h, const DynoRgba *color,
              double spacing)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  dyno_chart_set_source (cr, color);
  cairo_set_line_width (cr, 1);
  for (double d = -h; d < w; d += spacing)
    {
      cairo_move_to (cr, x + d, y + h);
      cairo_line_to (cr, x + d + h, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1, h - 1);
  dyno_chart_set_source (cr, color);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static gboolean
fits (Chart *chart, const char *text, double slot)
{
  double w;

  dyno_chart_text_size (chart, CHART_FONT_SMALL, text, &w, NULL);
  return w <= slot - 2;
}

/* Whether the figures fit over the bars; if not, none is drawn (the tables carry them). */
static gboolean
labels_fit (CompareLayout *layout, const Panel *panel, double slot)
{
  for (guint e = 0; e < layout->n_entries; e++)
    for (DynoPhaseId id = 0; id < DYNO_N_PHASES; id++)
      {
        DynoCompareCell cell;
        g_autofree char *text = NULL;
        double w;

        if (!(panel->phases & DYNO_PHASE_BIT (id)))
          continue;
        dyno_comparison_get_cell (layout->comparison, e, id, &cell);
        text = cell.too_fast ? g_strdup ("+++++")
                             : format_bar_value (layout, bar_value (layout, panel, &cell));
        dyno_chart_text_size (&layout->chart, CHART_FONT_SMALL, text, &w, NULL);
        if (w > slot - 2)
          return FALSE;
      }
  return TRUE;
}

static void
draw_bars_panel (CompareLayout *layout, const Panel *panel)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;
  guint baseline = dyno_comparison_get_baseline (layout->comparison);
  double group = panel->n_phases > 0 ? panel->plot.width / panel->n_phases : 0;
  double slot = layout->n_entries > 0 ? group * GROUP_FILL / layout->n_entries : 0;
  double bar_w = MIN (slot * 0.88, chart->line_height * 8);
  double zero = panel->plot.y + panel->plot.height;
  gboolean labels;
  guint column = 0;

  if (panel->plot.width < DYNO_CHART_MIN_PLOT || panel->plot.height < DYNO_CHART_MIN_PLOT)
    return;
  labels = labels_fit (layout, panel, slot);

  draw_value_axis (layout, panel);

  for (DynoPhaseId id = 0; id < DYNO_N_PHASES; id++)
    {
      double gx = panel->plot.x + column * group;
      double bars_x;
      g_autoptr (PangoLayout) name = NULL;
      PangoRectangle logical;

      if (!(panel->phases & DYNO_PHASE_BIT (id)))
        continue;
      column++;
      bars_x = gx + (group - slot * layout->n_entries) / 2;

      for (guint e = 0; e < layout->n_entries; e++)
        {
          DynoCompareCell cell;
          DynoRgba color;
          double value;
          double x = round (bars_x + e * slot + (slot - bar_w) / 2);
          double w = MAX (1, round (bar_w));
          double cx = x + w / 2;
          double label_y; /* the bottom of the labels over the bar */

          dyno_comparison_get_cell (layout->comparison, e, id, &cell);
          dyno_compare_chart_entry_color (style, e, &color);
          value = bar_value (layout, panel, &cell);

          if (cell.too_fast)
            {
              double h = MIN (panel->plot.height * 0.15, chart->line_height * 2);

              draw_hatched (cr, x, round (zero - h), w, round (h), &color, 6);
              label_y = zero - h - 2;
              if (fits (chart, "+++++", slot))
                dyno_chart_draw_text (chart, CHART_FONT_SMALL, "+++++", &style->dim_foreground, cx,
                                      label_y, CHART_ALIGN_CENTER, CHART_ALIGN_END);
              continue;
            }
          if (!isfinite (value))
            {
              if (fits (chart, "—", slot))
                dyno_chart_draw_text (chart, CHART_FONT_SMALL, "—", &style->dim_foreground, cx,
                                      zero - 2, CHART_ALIGN_CENTER, CHART_ALIGN_END);
              continue;
            }

          {
            double y = round (panel_y (panel, MIN (value, panel->ticks.hi)));

            dyno_chart_set_source (cr, &color);
            cairo_rectangle (cr, x, y, w, round (zero) - y);
            cairo_fill (cr);
            label_y = y - 2;
          }

          /* The 95 % interval of the mean, when the repeats give one. */
          if (layout->options.kind == DYNO_COMPARE_CHART_BARS && isfinite (cell.rate_ci95)
              && cell.rate_ci95 > 0)
            {
              double lo = panel_y (panel, MAX (0, value - cell.rate_ci95 / panel->divisor));
              double hi = panel_y (panel, MIN (panel->ticks.hi,
                                               value + cell.rate_ci95 / panel->divisor));
              double cap = MIN (w / 4, chart->line_height / 2);
              double sx = dyno_chart_crisp (cx);

              dyno_chart_set_source (cr, &style->foreground);
              cairo_set_line_width (cr, 1);
              cairo_move_to (cr, sx, lo);
              cairo_line_to (cr, sx, hi);
              cairo_move_to (cr, sx - cap, dyno_chart_crisp (hi));
              cairo_line_to (cr, sx + cap, dyno_chart_crisp (hi));
              cairo_move_to (cr, sx - cap, dyno_chart_crisp (lo));
              cairo_line_to (cr, sx + cap, dyno_chart_crisp (lo));
              cairo_stroke (cr);
              label_y = MIN (label_y, hi - 2);
            }

          if (!labels)
            continue;
          if (layout->options.kind == DYNO_COMPARE_CHART_BARS && layout->options.ratios
              && e != baseline && isfinite (cell.ratio))
            {
              g_autofree char *ratio = dyno_compare_format_ratio (cell.ratio);
              g_autoptr (PangoLayout) pl = pango_cairo_create_layout (cr);
              PangoRectangle extents;

              /* "~": within noise, as in the tables. */
              if (cell.difference == DYNO_DIFFERENCE_WITHIN_NOISE)
                {
                  char *marked = g_strconcat (ratio, "~", NULL);

                  g_free (ratio);
                  ratio = marked;
                }
              pango_layout_set_font_description (pl, layout->ratio_font);
              pango_layout_set_text (pl, ratio, -1);
              pango_layout_get_pixel_extents (pl, NULL, &extents);
              if (extents.width <= slot - 2)
                {
                  dyno_chart_set_source (cr, &style->dim_foreground);
                  cairo_move_to (cr, round (cx - extents.width / 2.0),
                                 round (label_y - extents.height));
                  pango_cairo_show_layout (cr, pl);
                  label_y -= extents.height;
                }
            }
          {
            g_autofree char *text = format_bar_value (layout, value);

            dyno_chart_draw_text (chart, CHART_FONT_SMALL, text, &style->foreground, cx, label_y,
                                  CHART_ALIGN_CENTER, CHART_ALIGN_END);
          }
        }

      /* The phase's name under its group. */
      name = phase_name_layout (layout, id, group - chart->gap);
      pango_layout_get_pixel_extents (name, NULL, &logical);
      dyno_chart_set_source (cr, &style->foreground);
      cairo_move_to (cr, round (gx + (group - logical.width) / 2 - logical.x),
                     round (layout->x_labels_y));
      pango_cairo_show_layout (cr, name);
    }
}

/* ---- drawing: overlay ----------------------------------------------------------------- */

static double
overlay_x (const CompareLayout *layout, double t)
{
  const DynoChartRect *plot = &layout->panels[0].plot;

  return plot->x + t / layout->t1 * plot->width;
}

/* One entry's lines: a new line whenever the repeat changes or the phase time goes back. Points
 * closer than OVERLAY_POINT_SPACING are averaged, so an hour at 10 Hz stays a clean line. */
static void
draw_overlay_entry (CompareLayout *layout, guint entry)
{
  const Panel *panel = &layout->panels[0];
  cairo_t *cr = layout->chart.cr;
  const DynoTargetResult *target = dyno_comparison_get_target_result (layout->comparison, entry);
  double bucket_x = NAN;
  double sum_t = 0;
  double sum_rate = 0;
  guint n = 0;
  guint repeat = G_MAXUINT;
  double last_t = -INFINITY;
  gboolean pen = FALSE;
  DynoRgba color;

  dyno_compare_chart_entry_color (layout->chart.style, entry, &color);
  dyno_chart_set_source (cr, &color);
  cairo_set_line_width (cr, MAX (2, layout->chart.style->line_width * 1.5));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

#define FLUSH_BUCKET()                                                                            \
  G_STMT_START                                                                                    \
  {                                                                                               \
    if (n > 0)                                                                                    \
      {                                                                                           \
        double px = overlay_x (layout, sum_t / n);                                                \
        double py = panel_y (panel, MIN (sum_rate / n / panel->divisor, panel->ticks.hi));        \
        if (pen)                                                                                  \
          cairo_line_to (cr, px, py);                                                             \
        else                                                                                      \
          cairo_move_to (cr, px, py);                                                             \
        pen = TRUE;                                                                               \
        n = 0;                                                                                    \
        sum_t = 0;                                                                                \
        sum_rate = 0;                                                                             \
      }                                                                                           \
  }                                                                                               \
  G_STMT_END

  for (guint i = 0; i < target->samples->len; i++)
    {
      const DynoSample *s = &g_array_index (target->samples, DynoSample, i);
      double x;

      /* The target's own samples: filtering by phase (and repeat, for the breaks) is enough. */
      if (!sample_counts (s, layout->options.phase))
        continue;
      if (s->repeat != repeat || s->phase_t < last_t)
        {
          FLUSH_BUCKET ();
          pen = FALSE;
          bucket_x = NAN;
          repeat = s->repeat;
        }
      last_t = s->phase_t;
      x = overlay_x (layout, s->phase_t);
      if (isfinite (bucket_x) && x - bucket_x >= OVERLAY_POINT_SPACING)
        FLUSH_BUCKET ();
      if (n == 0)
        bucket_x = x;
      sum_t += s->phase_t;
      sum_rate += s->rate;
      n++;
    }
  FLUSH_BUCKET ();
#undef FLUSH_BUCKET
  cairo_stroke (cr);
}

static void
draw_overlay (CompareLayout *layout)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const Panel *panel = &layout->panels[0];
  const DynoChartRect *plot = &panel->plot;
  const DynoChartRect *content = &chart->geometry.content;
  double bottom = dyno_chart_crisp (plot->y + plot->height);
  double last_end = -INFINITY;

  if (plot->width < DYNO_CHART_MIN_PLOT || plot->height < DYNO_CHART_MIN_PLOT)
    return;
  draw_value_axis (layout, panel);

  dyno_chart_set_source (cr, &chart->style->axis);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < layout->x_ticks.n_ticks; i++)
    {
      double x = dyno_chart_crisp (overlay_x (layout, dyno_ticks_get (&layout->x_ticks, i)));

      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + DYNO_CHART_TICK_LENGTH);
    }
  cairo_stroke (cr);
  for (guint i = 0; i < layout->x_ticks.n_ticks; i++)
    {
      double t = dyno_ticks_get (&layout->x_ticks, i);
      g_autofree char *label = dyno_ticks_format (&layout->x_ticks, t,
                                                  dyno_time_unit_seconds (layout->time_unit));
      double w;
      double x;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      x = CLAMP (overlay_x (layout, t) - w / 2, content->x, content->x + content->width - w);
      if (x < last_end + chart->gap)
        continue;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, &chart->style->dim_foreground, x,
                            layout->x_labels_y, CHART_ALIGN_START, CHART_ALIGN_START);
      last_end = x + w;
    }
  if (chart->decor && chart->decor->axis_titles)
    {
      const char *phase = dyno_phase_title (layout->options.phase);
      g_autofree char *title = NULL;

      switch (layout->time_unit)
        {
        case DYNO_TIME_MINUTES:
          /* Translators: the time axis of a chart overlaying one phase of several runs */
          title = g_strdup_printf (_("Time into %s (min)"), phase);
          break;
        case DYNO_TIME_HOURS:
          title = g_strdup_printf (_("Time into %s (h)"), phase);
          break;
        case DYNO_TIME_SECONDS:
        default:
          title = g_strdup_printf (_("Time into %s (s)"), phase);
          break;
        }
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, title, &chart->style->foreground,
                            plot->x + plot->width / 2, layout->x_title_y, CHART_ALIGN_CENTER,
                            CHART_ALIGN_START);
    }

  if (!dyno_compare_chart_has_samples (layout->comparison, layout->options.phase))
    {
      g_autofree char *text
          = g_strdup_printf (_("No live samples of %s: imported results carry none"),
                             dyno_phase_title (layout->options.phase));

      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, text, &chart->style->dim_foreground,
                            plot->x + plot->width / 2, plot->y + plot->height / 2,
                            CHART_ALIGN_CENTER, CHART_ALIGN_CENTER);
      return;
    }

  cairo_save (cr);
  cairo_rectangle (cr, plot->x, plot->y, plot->width, plot->height);
  cairo_clip (cr);
  for (guint e = 0; e < layout->n_entries; e++)
    draw_overlay_entry (layout, e);
  cairo_restore (cr);
}

/* ---- entry points --------------------------------------------------------------------- */

void
dyno_compare_chart_get_geometry (const DynoComparison          *comparison,
                                 const DynoCompareChartOptions *options,
                                 cairo_t                       *cr,
                                 double                         width,
                                 double                         height,
                                 const DynoChartStyle          *style,
                                 const DynoChartDecor          *decor,
                                 DynoCompareChartGeometry      *geometry)
{
  CompareLayout layout;

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (geometry != NULL);

  layout_setup (&layout, comparison, options, cr, width, height, style, decor);
  memset (geometry, 0, sizeof *geometry);
  geometry->n_panels = layout.n_panels;
  geometry->content = layout.chart.geometry.content;
  for (guint p = 0; p < layout.n_panels; p++)
    {
      geometry->plots[p] = layout.panels[p].plot;
      geometry->units[p] = layout.panels[p].unit;
      geometry->axis_max[p] = layout.panels[p].ticks.hi;
    }
  layout_finish (&layout);
}

void
dyno_compare_chart_render (const DynoComparison          *comparison,
                           const DynoCompareChartOptions *options,
                           cairo_t                       *cr,
                           double                         width,
                           double                         height,
                           const DynoChartStyle          *style,
                           const DynoChartDecor          *decor)
{
  CompareLayout layout;

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  layout_setup (&layout, comparison, options, cr, width, height, style, decor);
  if (style->background.alpha > 0)
    {
      dyno_chart_set_source (cr, &style->background);
      cairo_paint (cr);
    }
  if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
    draw_overlay (&layout);
  else
    for (guint p = 0; p < layout.n_panels; p++)
      draw_bars_panel (&layout, &layout.panels[p]);
  draw_decor (&layout);
  layout_finish (&layout);
  cairo_restore (cr);
}

static cairo_status_t
append_to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
dyno_compare_chart_render_to_file (const DynoComparison          *comparison,
                                   const DynoCompareChartOptions *options,
                                   const DynoChartStyle          *style,
                                   const DynoChartDecor          *decor,
                                   double                         width,
                                   double                         height,
                                   double                         scale,
                                   const char                    *format,
                                   const char                    *path,
                                   GError                       **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  gboolean png;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  png = g_ascii_strcasecmp (format, "png") == 0;
  if (!png)
    scale = 1;
  if (!(scale >= 0.25 && scale <= 8))
    scale = 1;
  if (!(width >= 1 && height >= 1 && width * scale <= 32767 && height * scale <= 32767))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Invalid chart size %g × %g"), width, height);
      return FALSE;
    }

  /* In memory first, then one write: a failed export leaves no half file. */
  bytes = g_byte_array_new ();
  if (png)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                          (int) ceil (height * scale));
  else if (g_ascii_strcasecmp (format, "svg") == 0)
    {
      surface = cairo_svg_surface_create_for_stream (append_to_bytes, bytes, width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
    }
  else if (g_ascii_strcasecmp (format, "pdf") == 0)
    {
      surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Dyno " PACKAGE_VERSION);
      if (decor && decor->title)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, decor->title);
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Unknown chart format “%s”: use png, svg or pdf"), format);
      return FALSE;
    }

  cr = cairo_create (surface);
  if (png)
    cairo_scale (cr, scale, scale);
  dyno_compare_chart_render (comparison, options, cr, width, height, style, decor);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && png)
    status = cairo_surface_write_to_png_stream (surface, append_to_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw the chart: %s"),
                   cairo_status_to_string (status));
      return FALSE;
    }
  return g_file_set_contents_full (path, (const char *) bytes->data, bytes->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
}
