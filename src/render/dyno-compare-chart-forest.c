/* dyno-compare-chart-forest.c: a paired run's answer as a forest plot
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row per phase (per phase and entry when several entries stand against the baseline), under
 * the title of its group as Bonnie's and CrystalDiskMark's tables group them: the phase's name
 * at the left; in the middle the ratio to the baseline as a point and its 95 % interval as a
 * line, on a log axis centred on ×1 (left of it is slower: every rate Dyno reports is "more is
 * faster"); at the right the verdict in words, as dyno_compare_cell_describe_verdict() says it.
 * Points, lines and words take the verdict's colour. Everything is laid out first
 * (ForestLayout), then drawn, so the geometry reported is the one drawn.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-layout.h"
#include "dyno-compare-chart-private.h"

/* Room left beyond the data at each end of the axis, in shares of its span (log scale). */
#define AXIS_PAD 0.05
#define ROW_PITCH_MAX 2.6
/* The most of the content's width the names, the entries' names and the verdicts take; the
 * least the plot keeps, and the least the names and verdicts give up to it. */
#define NAMES_MAX_SHARE 0.3
#define ENTRIES_MAX_SHARE 0.16
#define VERDICTS_MAX_SHARE 0.4
#define PLOT_MIN_SHARE 0.3
#define NAMES_MIN_SHARE 0.16
#define VERDICTS_MIN_SHARE 0.2
#define MAX_TICKS 9

/* Slower, faster, no difference larger than the margin, inconclusive: Okabe–Ito's vermillion
 * and blue, which stay apart under every common colour-vision deficiency, in GNOME palette
 * shades (Orange 5, Blue 4, Dark 1; on dark Orange 3, Blue 2, Light 5), a neutral grey for the
 * tie and a purple (Purple 4; on dark Purple 2) for inconclusive, which is neither a win nor a
 * tie; it is drawn dashed too, so that colour is not all that tells it. Every word is at least
 * 4.5:1 against the background. */
static const DynoRgba light_verdicts[4] = { RGB (0xc64600), RGB (0x1c71d8), RGB (0x77767b),
                                            RGB (0x813d9c) };
static const DynoRgba dark_verdicts[4] = { RGB (0xff7800), RGB (0x62a0ea), RGB (0x9a9996),
                                           RGB (0xc061cb) };
/* High contrast: darker than Orange 5, Blue 5, Dark 4, Purple 5; on black Orange 2, Blue 1,
 * Light 3, Purple 1. */
static const DynoRgba high_contrast_verdicts[4] = { RGB (0xa33a00), RGB (0x1a5fb4),
                                                    RGB (0x3d3846), RGB (0x613583) };
static const DynoRgba high_contrast_dark_verdicts[4] = { RGB (0xffa348), RGB (0x99c1f1),
                                                         RGB (0xdeddda), RGB (0xdc8add) };

/* The ratio axis: from lo to hi, fitted to the data, ×1 and the equivalence margin, with its
 * ticks (×1 among them). */
typedef struct
{
  double lo;
  double hi;
  guint n_ticks;
  double ticks[MAX_TICKS];
} TickSet;

typedef enum
{
  ROW_GROUP, /* a group's title: "Sequential Output" */
  ROW_CELL,  /* a phase of an entry */
  ROW_MORE,  /* the last row when not all fit: how many were left out */
} RowKind;

typedef struct
{
  RowKind kind;
  const DynoPhaseGroup *group;
  const DynoPhase *phase;
  guint entry;
  guint phase_index; /* counts the phases drawn: every other one has a band behind it */
  gboolean first;    /* the phase's first row, which names it */
  DynoCompareCell cell;
  DynoVerdict verdict;
  char *words;       /* the verdict's; ROW_MORE: how many rows were left out */
  double y;          /* its top */
} Row;

/* What the note has to explain. */
enum
{
  MARK_INTERVAL = 1 << 0, /* a point with its interval */
  MARK_SINGLE = 1 << 1,   /* a hollow point */
  MARK_UNKNOWN = 1 << 2,  /* no point */
  MARK_CACHE = 1 << 3,    /* a dashed ring: a figure may come from a cache below */
};

typedef struct
{
  Chart chart; /* cr, style, decor, fonts, line_height, gap: what the text helpers use */
  const DynoComparison *comparison;
  guint baseline;
  guint n_others; /* entries but the baseline */

  GArray *rows;   /* Row, the ones drawn */
  gboolean groups;
  gboolean short_names;
  ChartFont font;             /* the rows' text: normal, or small where rows are tight */
  PangoFontDescription *bold; /* the groups' titles: the rows' font, bold */
  double row_lh;              /* the line height of the rows' font */
  double row_height;
  guint marks;
  GPtrArray *doubts; /* interned: the reasons of the rows marked MARK_CACHE, once each */

  DynoChartRect plot; /* the ratio axis across, the rows down */
  double indent;      /* of the phase names under their group's title */
  double left_width;  /* group titles, phase names and entry names */
  double names_width;
  double entries_x;
  double entries_width;
  double verdicts_x;
  double verdicts_width;

  TickSet ticks;
  double margin_low; /* the equivalence margin's ends: 1 / (1 + m) and 1 + m */
  double margin_high;
  double radius;     /* of the points */
  double line_width; /* of the intervals */

  double tick_labels_y;
  double hints_y; /* "← slower", the axis title, "faster →" */
  char *note;
  DynoChartRect note_box;
  char *empty; /* why there is nothing to draw, in the middle; NULL when there are rows */
} ForestLayout;

/* ---- small things ------------------------------------------------------------------------ */

void
dyno_compare_chart_verdict_color (const DynoChartStyle *style, DynoVerdict verdict, DynoRgba *out)
{
  const DynoRgba *colors;

  g_return_if_fail (style != NULL);
  g_return_if_fail (out != NULL);

  colors = dyno_compare_chart_pick_colors (style, light_verdicts, dark_verdicts,
                                           high_contrast_verdicts, high_contrast_dark_verdicts);
  switch (verdict)
    {
    case DYNO_VERDICT_SLOWER:
      *out = colors[0];
      break;
    case DYNO_VERDICT_FASTER:
      *out = colors[1];
      break;
    case DYNO_VERDICT_EQUIVALENT:
      *out = colors[2];
      break;
    case DYNO_VERDICT_INCONCLUSIVE:
      *out = colors[3];
      break;
    case DYNO_VERDICT_NONE:
    default:
      *out = style->dim_foreground;
      break;
    }
}

char *
dyno_compare_chart_forest_title (const DynoComparison *comparison)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  guint n_entries;
  guint baseline;
  guint other = 0;

  g_return_val_if_fail (comparison != NULL, NULL);

  n_entries = dyno_comparison_get_n_entries (comparison);
  if (n_entries == 0)
    return g_strdup ("");
  baseline = dyno_comparison_get_baseline (comparison);
  for (guint e = 0; e < n_entries; e++)
    if (e != baseline)
      {
        g_ptr_array_add (names, (gpointer) dyno_comparison_get_name (comparison, e));
        other = e;
      }
  if (names->len == 0)
    return g_strdup (dyno_comparison_get_name (comparison, baseline));
  if (names->len == 1)
    return dyno_comparison_describe_versus (comparison, other);
  g_ptr_array_add (names, NULL);
  /* Translators: between the names of several runs in a forest plot's title */
  joined = g_strjoinv (C_ ("chart title", ", "), (char **) names->pdata);
  /* Translators: the title of a forest plot of several runs against the baseline:
   * "encrypted, gocryptfs vs plain" */
  return g_strdup_printf (_ ("%s vs %s"), joined,
                          dyno_comparison_get_name (comparison, baseline));
}

char *
dyno_compare_chart_forest_subtitle (const DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);

  if (dyno_comparison_get_n_entries (comparison) == 0)
    return g_strdup ("");
  /* Translators: the subtitle of a forest plot; %s is the baseline run */
  return g_strdup_printf (_ ("Ratio to %s and its 95 %% interval; left of ×1 is slower"),
                          dyno_comparison_get_name (comparison,
                                                    dyno_comparison_get_baseline (comparison)));
}

char *
dyno_compare_chart_forest_words (const DynoCompareCell *cell)
{
  g_return_val_if_fail (cell != NULL, NULL);

  /* "needs more repeats" is in the note, once, so that the interval keeps its room. */
  if (dyno_compare_cell_get_verdict (cell) == DYNO_VERDICT_INCONCLUSIVE)
    {
      g_autofree char *low = dyno_compare_format_change (cell->ratio_low);
      g_autofree char *high = dyno_compare_format_change (cell->ratio_high);

      /* Translators: a forest plot's verdict whose 95 % interval holds both no change and
       * changes larger than the equivalence margin */
      return g_strdup_printf (_ ("inconclusive (%s to %s %%)"), low, high);
    }
  return dyno_compare_cell_describe_verdict (cell);
}

static void
row_clear (gpointer data)
{
  Row *row = data;

  g_clear_pointer (&row->words, g_free);
}

static const char *
phase_name (const ForestLayout *layout, const DynoPhase *phase)
{
  return layout->short_names ? dyno_chart_short_phase_name (phase) : dyno_phase_get_title (phase);
}

/* "×0.25", "×1", "×1.4", "×1000". */
static char *
format_tick (double value)
{
  g_autofree char *number = value >= 1 && value == floor (value) ? g_strdup_printf ("%.0f", value)
                                                                 : g_strdup_printf ("%g", value);

  /* Translators: a tick of a forest plot's ratio axis, "×0.25"; %s is the number */
  return g_strdup_printf (C_ ("ratio tick", "×%s"), number);
}

/* The x of a ratio on the axis, kept on it. */
static double
ratio_x (const ForestLayout *layout, double ratio)
{
  double lo = log (layout->ticks.lo);
  double t = (log (ratio) - lo) / (log (layout->ticks.hi) - lo);

  return layout->plot.x + CLAMP (t, 0, 1) * layout->plot.width;
}

/* Where a line lw wide covers whole pixels: on a pixel's edge when even, its centre when odd. */
static double
snap (double v, double lw)
{
  return ((int) lw % 2) ? floor (v) + 0.5 : round (v);
}

static double
text_width (ForestLayout *layout, ChartFont font, const char *text)
{
  double w;

  dyno_chart_text_size (&layout->chart, font, text, &w, NULL);
  return w;
}

static double
font_line_height (ForestLayout *layout, ChartFont font)
{
  double h;

  dyno_chart_text_size (&layout->chart, font, "0", NULL, &h);
  return h;
}

static PangoLayout *
bold_layout (ForestLayout *layout, const char *text, double max_width)
{
  PangoLayout *pl = pango_cairo_create_layout (layout->chart.cr);

  pango_layout_set_font_description (pl, layout->bold);
  pango_layout_set_text (pl, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (pl, (int) floor (MAX (max_width, 1) * PANGO_SCALE));
      pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
    }
  return pl;
}

static double
bold_width (ForestLayout *layout, const char *text)
{
  g_autoptr (PangoLayout) pl = bold_layout (layout, text, 0);
  PangoRectangle logical;

  pango_layout_get_pixel_extents (pl, NULL, &logical);
  return logical.width;
}

/* ---- layout --------------------------------------------------------------------------- */

/* What the rows drawn show, for the note. */
static void
update_marks (ForestLayout *layout)
{
  layout->marks = 0;
  if (layout->doubts == NULL)
    layout->doubts = g_ptr_array_new ();
  g_ptr_array_set_size (layout->doubts, 0);
  for (guint i = 0; i < layout->rows->len; i++)
    {
      const Row *row = &g_array_index (layout->rows, Row, i);

      if (row->kind != ROW_CELL)
        continue;
      /* Either side's figure may come from RAM: no verdict, whatever the ratio. */
      if (row->cell.cache_doubt != NULL)
        {
          layout->marks |= MARK_CACHE;
          if (!g_ptr_array_find (layout->doubts, row->cell.cache_doubt, NULL))
            g_ptr_array_add (layout->doubts, (gpointer) row->cell.cache_doubt);
        }
      else if (row->verdict != DYNO_VERDICT_NONE && isfinite (row->cell.ratio_low)
          && isfinite (row->cell.ratio_high))
        layout->marks |= MARK_INTERVAL;
      else if (isfinite (row->cell.ratio) && row->cell.ratio > 0)
        layout->marks |= MARK_SINGLE;
      else
        layout->marks |= MARK_UNKNOWN;
    }
}

/* The rows of the phases: a group's title before its first phase (with groups), then a row per
 * entry but the baseline. */
static void
build_rows (ForestLayout *layout, GPtrArray *phases, gboolean groups)
{
  const DynoPhaseGroup *group = NULL;

  g_array_set_size (layout->rows, 0);
  layout->groups = groups;
  layout->marks = 0;
  if (layout->n_others == 0)
    return;
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      gboolean first = TRUE;

      if (groups && phase->kind->group != group)
        {
          Row row = { .kind = ROW_GROUP, .group = phase->kind->group };

          g_array_append_val (layout->rows, row);
        }
      group = phase->kind->group;
      for (guint e = 0; e < dyno_comparison_get_n_entries (layout->comparison); e++)
        {
          Row row = { .kind = ROW_CELL, .phase = phase, .entry = e, .phase_index = i };

          if (e == layout->baseline)
            continue;
          row.first = first;
          first = FALSE;
          dyno_comparison_get_cell (layout->comparison, e, phase, &row.cell);
          row.verdict = dyno_compare_cell_get_verdict (&row.cell);
          row.words = dyno_compare_chart_forest_words (&row.cell);
          if (row.words == NULL)
            row.words = g_strdup ("");
          if (row.cell.cache_doubt != NULL)
            {
              char *marked = g_strconcat ("† ", row.words, NULL);

              g_free (row.words);
              row.words = marked;
            }
          g_array_append_val (layout->rows, row);
        }
    }
  update_marks (layout);
}

/* Keeps the first n - 1 rows and a last one saying how many more there were. */
static void
cut_rows (ForestLayout *layout, guint n)
{
  guint left_out;
  Row more = { .kind = ROW_MORE };

  g_assert (n < layout->rows->len);
  if (n == 0)
    {
      g_array_set_size (layout->rows, 0);
      return;
    }
  left_out = layout->rows->len - (n - 1);
  g_array_set_size (layout->rows, n - 1);
  more.words = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* Translators: the last row of a forest plot too
                                              * short for all its rows */
                                             "%u more row: a taller chart shows it",
                                             "%u more rows: a taller chart shows them", left_out),
                                left_out);
  g_array_append_val (layout->rows, more);
  update_marks (layout);
}

/* What the points, lines and words mean, those that appear; NULL when nothing does. */
static char *
note_text (const ForestLayout *layout)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (layout->marks & MARK_INTERVAL)
    {
      g_autofree char *margin = dyno_compare_format_margin (
          dyno_comparison_get_equivalence (layout->comparison));

      g_ptr_array_add (parts,
                       /* Translators: the note under a forest plot; %s is the baseline run */
                       g_strdup_printf (_ ("a point: the ratio to %s; its line: the 95 %% "
                                           "confidence interval (19 in 20 such intervals hold "
                                           "the true ratio)"),
                                        dyno_comparison_get_name (layout->comparison,
                                                                  layout->baseline)));
      g_ptr_array_add (parts,
                       /* Translators: the note under a forest plot; %s is the equivalence
                        * margin, "5" */
                       g_strdup_printf (_ ("dashed: ±%s %%; an interval inside is no "
                                           "difference larger than %s %%; one across ×1 and past "
                                           "them, inconclusive: more repeats would tell"),
                                        margin, margin));
    }
  if (layout->marks & MARK_SINGLE)
    /* Translators: the note under a forest plot */
    g_ptr_array_add (parts, g_strdup (_ ("a hollow point: a single run on a side, so no "
                                         "interval")));
  if (layout->marks & MARK_UNKNOWN)
    /* Translators: the note under a forest plot; the first words are those its rows show */
    g_ptr_array_add (parts, g_strdup (_ ("not measured on both sides: a side did not run the "
                                         "phase, failed in it or was too fast to time")));
  if (layout->marks & MARK_CACHE)
    /* Translators: the note under a forest plot; a dashed ring marks a ratio with "†" */
    g_ptr_array_add (parts, g_strdup (_ ("a dashed ring: a figure may come from a cache below, "
                                         "so no verdict")));
  /* The reasons, in the words of the tables' footnote. */
  for (guint i = 0; layout->doubts != NULL && i < layout->doubts->len; i++)
    g_ptr_array_add (parts, g_strdup_printf ("† %s",
                                             (const char *) g_ptr_array_index (layout->doubts,
                                                                               i)));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* Translators: between the parts of the note under a chart */
  return g_strjoinv (C_ ("chart note", " · "), (char **) parts->pdata);
}

/* The ticks of one kind that lie in [lo, hi], into set; FALSE when more than MAX_TICKS do.
 * kind 0–4: 1 + k·step (steps 0.01 to 0.25), near ×1; 5: 1, 2, 5 in each decade; 6: decades;
 * 7: every other decade. */
static gboolean
ticks_of_kind (guint kind, double lo, double hi, TickSet *set)
{
  static const double steps[] = { 0.01, 0.02, 0.05, 0.1, 0.25 };

  set->n_ticks = 0;
  if (kind < G_N_ELEMENTS (steps))
    {
      double step = steps[kind];
      int k0 = (int) ceil ((lo - 1) / step - 1e-9);
      int k1 = (int) floor ((hi - 1) / step + 1e-9);

      for (int k = k0; k <= k1; k++)
        {
          double v = 1 + k * step;

          if (v <= 1e-9)
            continue;
          if (set->n_ticks == MAX_TICKS)
            return FALSE;
          /* Rounded, so that ×0.95 is 0.95 and its label "×0.95". */
          set->ticks[set->n_ticks++] = round (v * 1000) / 1000;
        }
      return TRUE;
    }
  for (int e = -6; e <= 6; e++)
    {
      static const double mantissas[] = { 1, 2, 5 };
      guint n = kind == 5 ? 3 : 1;

      if (kind == 7 && e % 2 != 0)
        continue;
      for (guint i = 0; i < n; i++)
        {
          double v = mantissas[i] * pow (10, e);

          if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
            continue;
          if (set->n_ticks == MAX_TICKS)
            return FALSE;
          set->ticks[set->n_ticks++] = v;
        }
    }
  return TRUE;
}

/* The axis: from the smallest to the largest of every point and interval end, ×1 and the
 * equivalence margin's ends, with a little room beyond; not centred on ×1, which wasted half
 * the axis on a run that is only ever slower. Its ticks: the finest kind with three to
 * MAX_TICKS of them that spread over most of the axis, else the finest with two. */
static void
choose_ticks (ForestLayout *layout)
{
  double lo = layout->margin_low;
  double hi = layout->margin_high;
  double pad;
  int fallback = -1;

  for (guint i = 0; i < layout->rows->len; i++)
    {
      const Row *row = &g_array_index (layout->rows, Row, i);
      const double values[] = { row->cell.ratio, row->cell.ratio_low, row->cell.ratio_high };

      if (row->kind != ROW_CELL)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        if (isfinite (values[k]) && values[k] > 0)
          {
            lo = MIN (lo, values[k]);
            hi = MAX (hi, values[k]);
          }
    }
  /* Past ×10000 either way (a ramdisk against a floppy): the points stay at the ends. */
  lo = MAX (lo, 1e-4);
  hi = MIN (hi, 1e4);
  pad = (log (hi) - log (lo)) * AXIS_PAD;
  layout->ticks.lo = exp (log (lo) - pad);
  layout->ticks.hi = exp (log (hi) + pad);

  for (guint kind = 0; kind <= 7; kind++)
    {
      TickSet set = layout->ticks;
      double spread;

      if (!ticks_of_kind (kind, set.lo, set.hi, &set) || set.n_ticks < 2)
        continue;
      spread = log (set.ticks[set.n_ticks - 1] / set.ticks[0])
               / log (layout->ticks.hi / layout->ticks.lo);
      if (set.n_ticks >= 3 && spread >= 0.6)
        {
          layout->ticks = set;
          return;
        }
      if (fallback < 0)
        fallback = (int) kind;
    }
  if (fallback >= 0)
    ticks_of_kind ((guint) fallback, layout->ticks.lo, layout->ticks.hi, &layout->ticks);
  else
    {
      /* Only ×1 in reach. */
      layout->ticks.n_ticks = 1;
      layout->ticks.ticks[0] = 1;
    }
}

static void
set_row_font (ForestLayout *layout, ChartFont font)
{
  layout->font = font;
  layout->row_lh = font_line_height (layout, font);
  g_clear_pointer (&layout->bold, pango_font_description_free);
  layout->bold = pango_font_description_copy (layout->chart.fonts[font]);
  pango_font_description_set_weight (layout->bold, PANGO_WEIGHT_BOLD);
}

/* The rows' font and pitch in avail: the normal font with the groups' titles, else the small
 * one, else both without the titles, else as many rows as fit in the small font. */
static void
choose_rows (ForestLayout *layout, GPtrArray *phases, double avail)
{
  const ChartFont fonts[] = { CHART_FONT_NORMAL, CHART_FONT_SMALL };

  for (int groups = 1; groups >= 0; groups--)
    {
      build_rows (layout, phases, groups);
      for (guint f = 0; f < G_N_ELEMENTS (fonts); f++)
        {
          double lh = font_line_height (layout, fonts[f]);

          if (layout->rows->len * lh <= avail)
            {
              set_row_font (layout, fonts[f]);
              layout->row_height = layout->rows->len > 0
                                       ? floor (MIN (lh * ROW_PITCH_MAX,
                                                     avail / layout->rows->len))
                                       : lh;
              return;
            }
        }
    }
  set_row_font (layout, CHART_FONT_SMALL);
  layout->row_height = ceil (layout->row_lh);
  cut_rows (layout, (guint) MAX (0, floor (avail / layout->row_height)));
}

/* The columns: names at the left, verdicts at the right, the plot between, each as wide as its
 * widest text within its share; the plot keeps its least share, taken from the verdicts first. */
static void
layout_columns (ForestLayout *layout)
{
  Chart *chart = &layout->chart;
  const DynoChartRect *content = &chart->geometry.content;
  double column_gap = round (chart->line_height);
  double titles = 0;
  double shorts = 0;
  double group_titles = 0;
  double entries = 0;
  double verdicts = 0;
  double names_max;
  double plot_w;

  layout->indent = layout->groups ? round (layout->row_lh) : 0;
  for (guint i = 0; i < layout->rows->len; i++)
    {
      const Row *row = &g_array_index (layout->rows, Row, i);

      switch (row->kind)
        {
        case ROW_GROUP:
          group_titles = MAX (group_titles,
                              bold_width (layout, dyno_phase_group_get_title (row->group)));
          break;
        case ROW_CELL:
          titles = MAX (titles, text_width (layout, layout->font,
                                            dyno_phase_get_title (row->phase)));
          shorts = MAX (shorts, text_width (layout, layout->font,
                                            dyno_chart_short_phase_name (row->phase)));
          if (layout->n_others > 1)
            entries = MAX (entries, text_width (layout, layout->font,
                                                dyno_comparison_get_name (layout->comparison,
                                                                          row->entry)));
          verdicts = MAX (verdicts, text_width (layout, layout->font, row->words));
          break;
        case ROW_MORE:
        default:
          break;
        }
    }

  /* The titles where they fit, else the short names if they are shorter. */
  names_max = content->width * NAMES_MAX_SHARE - layout->indent;
  layout->short_names = titles > names_max && shorts < titles;
  layout->names_width = MIN (layout->short_names ? shorts : titles, names_max);
  layout->entries_width = layout->n_others > 1 ? MIN (entries,
                                                      content->width * ENTRIES_MAX_SHARE)
                                               : 0;
  layout->left_width = layout->indent + layout->names_width
                       + (layout->n_others > 1 ? chart->gap * 2 + layout->entries_width : 0);
  layout->left_width = MAX (layout->left_width,
                            MIN (group_titles, content->width * NAMES_MAX_SHARE));
  layout->verdicts_width = MIN (verdicts, content->width * VERDICTS_MAX_SHARE);

  plot_w = content->width - layout->left_width - layout->verdicts_width - 2 * column_gap;
  if (plot_w < content->width * PLOT_MIN_SHARE)
    {
      double want = content->width * PLOT_MIN_SHARE - plot_w;
      double give = MIN (want, MAX (0, layout->verdicts_width
                                           - content->width * VERDICTS_MIN_SHARE));

      layout->verdicts_width -= give;
      want -= give;
      give = MIN (want, MAX (0, layout->names_width - content->width * NAMES_MIN_SHARE));
      layout->names_width -= give;
      layout->left_width -= give;
      plot_w = content->width - layout->left_width - layout->verdicts_width - 2 * column_gap;
    }
  layout->entries_x = content->x + layout->indent + layout->names_width + chart->gap * 2;
  layout->plot.x = round (content->x + layout->left_width + column_gap);
  /* An even width: ×1 in the middle of a pixel column. */
  layout->plot.width = MAX (0, 2 * floor (plot_w / 2));
  layout->verdicts_x = content->x + content->width - layout->verdicts_width;
}

static void
forest_layout (ForestLayout *layout, const DynoCompareChartArgs *args)
{
  const DynoComparison *comparison = args->comparison;
  Chart *chart = &layout->chart;
  DynoChartGeometry *g = &chart->geometry;
  g_autoptr (GPtrArray) phases = NULL;
  double lh;
  double margin;
  double top;
  double bottom;
  double note_height = 0;
  double rows_bottom;

  memset (layout, 0, sizeof *layout);
  dyno_chart_begin (chart, args->cr, args->width, args->height, args->style, args->decor);
  layout->comparison = comparison;
  layout->margin_high = 1 + dyno_comparison_get_equivalence (comparison);
  layout->margin_low = 1 / layout->margin_high;
  layout->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (layout->rows, row_clear);
  lh = chart->line_height;
  set_row_font (layout, CHART_FONT_NORMAL);

  if (dyno_comparison_get_n_entries (comparison) > 0)
    {
      layout->baseline = dyno_comparison_get_baseline (comparison);
      layout->n_others = dyno_comparison_get_n_entries (comparison) - 1;
    }
  phases = dyno_compare_chart_selected_phases (comparison, args->options);
  build_rows (layout, phases, TRUE);

  margin = dyno_chart_layout_content (chart);

  /* From the top: title (up to two lines), subtitle. */
  top = dyno_chart_layout_titles (chart, margin, chart->gap * 2);

  /* From the bottom: the source line, the note. */
  bottom = dyno_chart_layout_source (chart, chart->height - margin);
  layout->note = note_text (layout);
  if (layout->note != NULL)
    {
      dyno_chart_note_size (chart, layout->note, NULL, &note_height);
      bottom -= note_height + chart->gap;
    }

  if (layout->rows->len == 0)
    {
      if (layout->n_others == 0)
        /* Translators: a forest plot of a single run, or of runs that are all the baseline */
        layout->empty = g_strdup (_ ("Nothing to compare: a forest plot needs a second run or "
                                     "folder beside the baseline"));
      else
        /* Translators: a forest plot of no phase */
        layout->empty = g_strdup (_ ("No phase to compare"));
      layout->plot = (DynoChartRect) { g->content.x, top, g->content.width,
                                       MAX (0, bottom - top) };
      layout->ticks = (TickSet) { layout->margin_low, layout->margin_high, 1, { 1 } };
    }
  else
    {
      /* Under the rows: the ticks and their labels, then the words that say which side is
       * slower (and the axis's title). */
      rows_bottom = bottom - lh - chart->gap / 2 - lh - DYNO_CHART_TICK_LENGTH - chart->gap / 2;
      choose_rows (layout, phases, MAX (0, floor (rows_bottom - top)));
      /* Rows left out may leave less to explain: the note is no taller than its room. */
      g_clear_pointer (&layout->note, g_free);
      layout->note = note_text (layout);
      layout_columns (layout);
      choose_ticks (layout);
      layout->plot.y = round (top);
      layout->plot.height = layout->rows->len * layout->row_height;
      for (guint i = 0; i < layout->rows->len; i++)
        g_array_index (layout->rows, Row, i).y = layout->plot.y + i * layout->row_height;
      layout->tick_labels_y = layout->plot.y + layout->plot.height + DYNO_CHART_TICK_LENGTH
                              + chart->gap / 2;
      layout->hints_y = layout->tick_labels_y + lh + chart->gap / 2;
      layout->radius = MAX (2, MIN (round (layout->row_lh * 0.32),
                                    floor ((layout->row_height - 2) / 2)));
      layout->line_width = MAX (2, round (layout->row_lh * 0.13));
    }
  g->plot = layout->plot;

  if (layout->note != NULL)
    {
      double w;
      double h;

      /* At the bottom of its room, by the source line; shorter when rows were left out. */
      dyno_chart_note_size (chart, layout->note, &w, &h);
      layout->note_box = (DynoChartRect) { g->content.x,
                                           round (bottom + chart->gap + note_height - h), w, h };
    }
}

static void
forest_finish (ForestLayout *layout)
{
  dyno_chart_finish (&layout->chart);
  g_clear_pointer (&layout->bold, pango_font_description_free);
  g_clear_pointer (&layout->rows, g_array_unref);
  g_clear_pointer (&layout->doubts, g_ptr_array_unref);
  g_clear_pointer (&layout->note, g_free);
  g_clear_pointer (&layout->empty, g_free);
}

/* ---- drawing -------------------------------------------------------------------------- */

/* A group's title, bold, its box's left middle on (x, cy), shortened to max_width. */
static void
draw_group_title (ForestLayout *layout, const char *text, double x, double cy, double max_width)
{
  Chart *chart = &layout->chart;
  g_autoptr (PangoLayout) pl = bold_layout (layout, text, max_width);
  PangoRectangle logical;
  double y;

  pango_layout_get_pixel_extents (pl, NULL, &logical);
  y = round (cy - logical.height / 2.0);
  dyno_chart_set_source (chart->cr, &chart->style->foreground);
  cairo_move_to (chart->cr, round (x) - logical.x, y - logical.y);
  dyno_chart_pango_show (chart->cr, pl);
  dyno_chart_record_label (chart, text, round (x), y, logical.width, logical.height, 0,
                           pango_layout_is_ellipsized (pl));
}

static void
draw_axis (ForestLayout *layout)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;
  const DynoChartRect *plot = &layout->plot;
  double bottom = dyno_chart_crisp (plot->y + plot->height);

  /* The grid at the ticks, then the reference line at ×1 over it, top to bottom. */
  cairo_set_line_width (cr, 1);
  dyno_chart_set_source (cr, &style->grid);
  for (guint i = 0; i < layout->ticks.n_ticks; i++)
    if (layout->ticks.ticks[i] != 1)
      {
        double x = dyno_chart_crisp (ratio_x (layout, layout->ticks.ticks[i]));

        cairo_move_to (cr, x, plot->y);
        cairo_line_to (cr, x, plot->y + plot->height);
      }
  cairo_stroke (cr);

  /* The equivalence margin's ends, dashed: inside them is "no difference larger than". */
  {
    double dash = 3;

    cairo_save (cr);
    cairo_set_dash (cr, &dash, 1, 0);
    dyno_chart_set_source (cr, &style->dim_foreground);
    for (guint i = 0; i < 2; i++)
      {
        double x = dyno_chart_crisp (ratio_x (layout, i == 0 ? layout->margin_low
                                                             : layout->margin_high));

        cairo_move_to (cr, x, plot->y);
        cairo_line_to (cr, x, plot->y + plot->height);
      }
    cairo_stroke (cr);
    cairo_restore (cr);
  }

  dyno_chart_set_source (cr, &style->axis);
  cairo_move_to (cr, dyno_chart_crisp (ratio_x (layout, 1)), plot->y);
  cairo_line_to (cr, dyno_chart_crisp (ratio_x (layout, 1)), bottom);
  cairo_stroke (cr);

  /* The axis under the rows, with its ticks. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  cairo_move_to (cr, dyno_chart_crisp (plot->x), bottom);
  cairo_line_to (cr, dyno_chart_crisp (plot->x + plot->width), bottom);
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = 0; i < layout->ticks.n_ticks; i++)
    {
      double x = dyno_chart_crisp (ratio_x (layout, layout->ticks.ticks[i]));

      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + DYNO_CHART_TICK_LENGTH);
    }
  cairo_stroke (cr);
}

/* The tick labels, each centred on its tick and kept in the content: ×1 first, then the ends,
 * then the rest from ×1 out, each only if clear of those placed before it. */
static void
draw_tick_labels (ForestLayout *layout)
{
  Chart *chart = &layout->chart;
  const DynoChartRect *content = &chart->geometry.content;
  const TickSet *ticks = &layout->ticks;
  guint order[MAX_TICKS];
  double placed_x[MAX_TICKS];
  double placed_w[MAX_TICKS];
  guint n_order = 0;
  guint n_placed = 0;
  guint last = ticks->n_ticks - 1;
  guint one = 0;

  for (guint i = 0; i < ticks->n_ticks; i++)
    if (ticks->ticks[i] == 1)
      one = i;
  order[n_order++] = one;
  if (one != 0)
    order[n_order++] = 0;
  if (last != one && last != 0)
    order[n_order++] = last;
  for (guint d = 1; d < ticks->n_ticks; d++)
    {
      if (d <= one && one - d != 0)
        order[n_order++] = one - d;
      if (one + d < last)
        order[n_order++] = one + d;
    }
  g_assert (n_order == ticks->n_ticks);

  for (guint k = 0; k < n_order; k++)
    {
      double value = ticks->ticks[order[k]];
      g_autofree char *label = format_tick (value);
      double w = text_width (layout, CHART_FONT_NORMAL, label);
      double x = CLAMP (ratio_x (layout, value) - w / 2, content->x,
                        content->x + content->width - w);
      gboolean clear = TRUE;

      for (guint j = 0; j < n_placed && clear; j++)
        clear = x + w + chart->gap <= placed_x[j] || placed_x[j] + placed_w[j] + chart->gap <= x;
      if (!clear)
        continue;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, &chart->style->dim_foreground, x,
                            layout->tick_labels_y, CHART_ALIGN_START, CHART_ALIGN_START);
      placed_x[n_placed] = round (x);
      placed_w[n_placed] = w;
      n_placed++;
    }
}

/* Under the tick labels: "← slower" at the left end, "faster →" at the right, and between them
 * the axis's title when the decor asks for titles and there is room. */
static void
draw_hints (ForestLayout *layout)
{
  Chart *chart = &layout->chart;
  const DynoChartRect *plot = &layout->plot;
  const DynoRgba *dim = &chart->style->dim_foreground;
  /* Translators: under the left half of a forest plot's ratio axis */
  const char *slower = _ ("← slower");
  /* Translators: under the right half of a forest plot's ratio axis */
  const char *faster = _ ("faster →");
  double ws = text_width (layout, CHART_FONT_NORMAL, slower);
  double wf = text_width (layout, CHART_FONT_NORMAL, faster);
  double gap = chart->gap * 2;

  if (ws + wf + gap > plot->width)
    return;
  dyno_chart_draw_text (chart, CHART_FONT_NORMAL, slower, dim, plot->x, layout->hints_y,
                        CHART_ALIGN_START, CHART_ALIGN_START);
  dyno_chart_draw_text (chart, CHART_FONT_NORMAL, faster, dim, plot->x + plot->width,
                        layout->hints_y, CHART_ALIGN_END, CHART_ALIGN_START);
  if (chart->decor && chart->decor->axis_titles)
    {
      /* Translators: the title of a forest plot's ratio axis; %s is the baseline run */
      g_autofree char *title = g_strdup_printf (_ ("ratio to %s (log scale)"),
                                                dyno_comparison_get_name (layout->comparison,
                                                                          layout->baseline));
      double w = text_width (layout, CHART_FONT_NORMAL, title);
      double cx = ratio_x (layout, 1);

      /* Centred under ×1, clear of both words. */
      if (cx - w / 2 >= plot->x + ws + gap && cx + w / 2 <= plot->x + plot->width - wf - gap)
        dyno_chart_draw_text (chart, CHART_FONT_NORMAL, title, &chart->style->foreground, cx,
                              layout->hints_y, CHART_ALIGN_CENTER, CHART_ALIGN_START);
    }
}

/* A row's point and interval in its verdict's colour; a single run's point hollow, without a
 * line; nothing for a phase not measured on both sides. */
static void
draw_marks (ForestLayout *layout, const Row *row, double cy)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoCompareCell *cell = &row->cell;
  double lw = layout->line_width;
  double r = layout->radius;
  DynoRgba color;

  if (!(isfinite (cell->ratio) && cell->ratio > 0))
    return;
  dyno_compare_chart_verdict_color (chart->style, row->verdict, &color);
  dyno_chart_set_source (cr, &color);
  if (cell->cache_doubt != NULL)
    {
      double ring = MAX (1.5, lw * 0.75);
      double dash = MAX (2, round (r / 2));

      /* Dashed and in no verdict's colour: where the point would be, but not a finding. */
      cairo_new_path (cr);
      cairo_arc (cr, round (ratio_x (layout, cell->ratio)), round (cy), r - ring / 2, 0,
                 2 * G_PI);
      if (chart->style->background.alpha > 0)
        {
          dyno_chart_set_source (cr, &chart->style->background);
          cairo_fill_preserve (cr);
          dyno_chart_set_source (cr, &color);
        }
      cairo_save (cr);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_line_width (cr, ring);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }
  if (row->verdict != DYNO_VERDICT_NONE && isfinite (cell->ratio_low)
      && isfinite (cell->ratio_high))
    {
      double y = snap (cy, lw);
      double x0 = snap (ratio_x (layout, cell->ratio_low), lw);
      double x1 = snap (ratio_x (layout, cell->ratio_high), lw);
      double cap = MIN (round (r * 0.8), floor (layout->row_height / 2) - 1);

      cairo_set_line_width (cr, lw);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1, y);
      /* Inconclusive is dashed: told from the others by more than its colour. */
      if (row->verdict == DYNO_VERDICT_INCONCLUSIVE)
        {
          double dash = MAX (3, round (lw * 2));

          cairo_save (cr);
          cairo_set_dash (cr, &dash, 1, 0);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      cairo_move_to (cr, x0, round (cy) - cap);
      cairo_line_to (cr, x0, round (cy) + cap);
      cairo_move_to (cr, x1, round (cy) - cap);
      cairo_line_to (cr, x1, round (cy) + cap);
      cairo_stroke (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, round (ratio_x (layout, cell->ratio)), round (cy), r, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  else
    {
      double ring = MAX (1.5, lw * 0.75);

      /* Hollow: the background inside, so a grid line does not run through it. */
      cairo_new_path (cr);
      cairo_arc (cr, round (ratio_x (layout, cell->ratio)), round (cy), r - ring / 2, 0,
                 2 * G_PI);
      if (chart->style->background.alpha > 0)
        {
          dyno_chart_set_source (cr, &chart->style->background);
          cairo_fill_preserve (cr);
          dyno_chart_set_source (cr, &color);
        }
      cairo_set_line_width (cr, ring);
      cairo_stroke (cr);
    }
}

/* words on two lines, head over tail, centred on cy, recorded as one label of words. */
static void
draw_two_lines (ForestLayout   *layout,
                const char     *words,
                const char     *head,
                const char     *tail,
                const DynoRgba *color,
                double          cy)
{
  Chart *chart = &layout->chart;
  double room = layout->verdicts_width;
  guint first = chart->labels != NULL ? chart->labels->len : 0;

  dyno_chart_draw_text_fitted (chart, layout->font, head, color, layout->verdicts_x,
                               cy - layout->row_lh / 2, room, CHART_ALIGN_START,
                               CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
  dyno_chart_draw_text_fitted (chart, layout->font, tail, color, layout->verdicts_x,
                               cy + layout->row_lh / 2, room, CHART_ALIGN_START,
                               CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
  if (chart->labels != NULL && chart->labels->len == first + 2)
    {
      DynoChartLabel *a = &g_array_index (chart->labels, DynoChartLabel, first);
      DynoChartLabel *b = &g_array_index (chart->labels, DynoChartLabel, first + 1);
      double right = MAX (a->box.x + a->box.width, b->box.x + b->box.width);
      double bottom = MAX (a->box.y + a->box.height, b->box.y + b->box.height);

      /* One record of the words, as asked for, over both lines. */
      g_free (a->text);
      a->text = g_strdup (words);
      a->ellipsized |= b->ellipsized;
      a->box.x = MIN (a->box.x, b->box.x);
      a->box.width = right - a->box.x;
      a->box.height = bottom - a->box.y;
      a->length = a->box.width;
      a->thickness = a->box.height;
      /* The array's clear function frees the second's text. */
      g_array_set_size (chart->labels, first + 1);
    }
}

/* A verdict's words at the right, centred on cy. Too long for their column, they take two
 * lines where the row has room, the interval on the second; else the words before the
 * interval are cut short and the interval kept ("no difference lar… (−3 to +4 %)"); if even
 * that is too long, the end is. */
static void
draw_words (ForestLayout *layout, const char *words, const DynoRgba *color, double cy)
{
  Chart *chart = &layout->chart;
  double room = layout->verdicts_width;
  const char *paren = strstr (words, " (");
  g_autofree char *shown = NULL;
  int lo = 0;
  int hi;

  if (text_width (layout, layout->font, words) <= room)
    {
      dyno_chart_draw_text_fitted (chart, layout->font, words, color, layout->verdicts_x, cy,
                                   room, CHART_ALIGN_START, CHART_ALIGN_CENTER,
                                   PANGO_ELLIPSIZE_END);
      return;
    }

  /* Rows tall enough for two lines: the words on one, the interval on the next, whole, rather
   * than "96… (469 to 1894 %)"; words without an interval break at the last space that
   * fits. */
  if (layout->row_height >= 2 * layout->row_lh)
    {
      g_autofree char *head = NULL;
      const char *tail = NULL;

      if (paren != NULL && text_width (layout, layout->font, paren + 1) <= room)
        {
          head = g_strndup (words, paren - words);
          tail = paren + 1;
        }
      else
        for (const char *space = strrchr (words, ' '); space != NULL && space > words;)
          {
            g_autofree char *try = g_strndup (words, space - words);

            if (text_width (layout, layout->font, try) <= room)
              {
                head = g_steal_pointer (&try);
                tail = space + 1;
                break;
              }
            /* The space before this one. */
            {
              const char *prev = space - 1;

              while (prev > words && *prev != ' ')
                prev--;
              space = *prev == ' ' ? prev : NULL;
            }
          }
      if (head != NULL)
        {
          draw_two_lines (layout, words, head, tail, color, cy);
          return;
        }
    }

  if (paren == NULL)
    {
      dyno_chart_draw_text_fitted (chart, layout->font, words, color, layout->verdicts_x, cy,
                                   room, CHART_ALIGN_START, CHART_ALIGN_CENTER,
                                   PANGO_ELLIPSIZE_END);
      return;
    }

  /* The most characters of the head that fit, by bisection. */
  hi = (int) g_utf8_strlen (words, paren - words);
  while (lo < hi)
    {
      int mid = (lo + hi + 1) / 2;
      g_autofree char *head = g_utf8_substring (words, 0, mid);
      g_autofree char *text = NULL;

      g_strchomp (head);
      text = g_strconcat (head, "…", paren, NULL);
      if (text_width (layout, layout->font, text) <= room)
        lo = mid;
      else
        hi = mid - 1;
    }
  if (lo > 0)
    {
      g_autofree char *head = g_utf8_substring (words, 0, lo);

      g_strchomp (head);
      shown = g_strconcat (head, "…", paren, NULL);
    }
  else
    shown = g_strdup (words);
  dyno_chart_draw_text_fitted (chart, layout->font, shown, color, layout->verdicts_x, cy, room,
                               CHART_ALIGN_START, CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
  if (chart->labels != NULL)
    {
      DynoChartLabel *last = &g_array_index (chart->labels, DynoChartLabel,
                                             chart->labels->len - 1);

      /* The record says what was asked for, and that it was shortened. */
      g_free (last->text);
      last->text = g_strdup (words);
      last->ellipsized = TRUE;
    }
}

static void
draw_rows (ForestLayout *layout)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;
  const DynoChartRect *content = &chart->geometry.content;
  double names_x = content->x + layout->indent;

  /* A band behind every other phase, so the eye keeps to a row across the gap. */
  dyno_chart_set_source (cr, &style->grid);
  for (guint i = 0; i < layout->rows->len; i++)
    {
      const Row *row = &g_array_index (layout->rows, Row, i);

      if (row->kind == ROW_CELL && row->phase_index % 2 == 1)
        cairo_rectangle (cr, content->x, row->y, content->width, layout->row_height);
    }
  cairo_fill (cr);

  draw_axis (layout);

  for (guint i = 0; i < layout->rows->len; i++)
    {
      const Row *row = &g_array_index (layout->rows, Row, i);
      double cy = row->y + layout->row_height / 2;
      DynoRgba color;

      switch (row->kind)
        {
        case ROW_GROUP:
          draw_group_title (layout, dyno_phase_group_get_title (row->group), content->x, cy,
                            layout->left_width);
          break;

        case ROW_MORE:
          dyno_chart_draw_text_fitted (chart, layout->font, row->words, &style->dim_foreground,
                                       content->x, cy, content->width, CHART_ALIGN_START,
                                       CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
          break;

        case ROW_CELL:
        default:
          if (row->first)
            dyno_chart_draw_text_fitted (chart, layout->font, phase_name (layout, row->phase),
                                         &style->foreground, names_x, cy, layout->names_width,
                                         CHART_ALIGN_START, CHART_ALIGN_CENTER,
                                         PANGO_ELLIPSIZE_END);
          if (layout->n_others > 1)
            dyno_chart_draw_text_fitted (chart, layout->font,
                                         dyno_comparison_get_name (layout->comparison,
                                                                   row->entry),
                                         &style->dim_foreground, layout->entries_x, cy,
                                         layout->entries_width, CHART_ALIGN_START,
                                         CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
          draw_marks (layout, row, cy);
          dyno_compare_chart_verdict_color (style, row->verdict, &color);
          if (row->verdict == DYNO_VERDICT_EQUIVALENT)
            color = style->foreground;
          draw_words (layout, row->words, &color, cy);
          break;
        }
    }
}

static void
forest_draw (ForestLayout *layout)
{
  Chart *chart = &layout->chart;
  const DynoChartDecor *decor = chart->decor;

  if (layout->empty != NULL)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, layout->empty,
                                 &chart->style->dim_foreground,
                                 layout->plot.x + layout->plot.width / 2,
                                 layout->plot.y + layout->plot.height / 2, layout->plot.width,
                                 CHART_ALIGN_CENTER, CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
  else if (layout->plot.width >= DYNO_CHART_MIN_PLOT && layout->rows->len > 0)
    {
      draw_rows (layout);
      draw_tick_labels (layout);
      draw_hints (layout);
    }

  if (layout->note != NULL)
    dyno_chart_draw_note (chart, layout->note, layout->note_box.x, layout->note_box.y);
  if (decor == NULL)
    return;
  dyno_chart_draw_titles (chart, chart->title_y, chart->subtitle_y);
  dyno_chart_draw_source (chart);
}

/* ---- entry points, for dyno-compare-chart.c --------------------------------------------- */

void
dyno_compare_chart_forest_get_geometry (const DynoCompareChartArgs *args,
                                        DynoCompareChartGeometry   *geometry)
{
  ForestLayout layout;

  forest_layout (&layout, args);
  memset (geometry, 0, sizeof *geometry);
  geometry->n_panels = 1;
  geometry->plots[0] = layout.plot;
  geometry->units[0] = DYNO_UNIT_BYTES;
  geometry->axis_max[0] = layout.ticks.hi;
  geometry->content = layout.chart.geometry.content;
  geometry->note = layout.note_box;
  geometry->ratio_min = layout.ticks.lo;
  geometry->ratio_max = layout.ticks.hi;
  geometry->equivalence_low = layout.margin_low;
  geometry->equivalence_high = layout.margin_high;
  G_STATIC_ASSERT (MAX_TICKS <= G_N_ELEMENTS (geometry->ratio_ticks));
  geometry->n_ratio_ticks = layout.ticks.n_ticks;
  memcpy (geometry->ratio_ticks, layout.ticks.ticks, layout.ticks.n_ticks * sizeof (double));
  forest_finish (&layout);
}

void
dyno_compare_chart_forest_draw (const DynoCompareChartArgs *args, GArray *labels)
{
  ForestLayout layout;

  forest_layout (&layout, args);
  layout.chart.labels = labels;
  forest_draw (&layout);
  forest_finish (&layout);
}
