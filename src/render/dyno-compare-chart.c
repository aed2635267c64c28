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

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-layout.h"
#include "dyno-compare-chart-private.h"
#include "dyno-config.h"
#include "dyno-enum.h"
#include "dyno-render-enums.h"

#define MAX_PANELS 2
#define N_ENTRY_COLORS 8
/* Bars fill this share of their phase's slot; the rest separates the phases. */
#define GROUP_FILL 0.86
/* Overlay lines are averaged down to about one point per this many user units. */
#define OVERLAY_POINT_SPACING 1.5
/* Phase names too wide for their group are turned this far, to read upwards. */
#define NAME_ANGLE (-G_PI / 4)
/* Turned names take at most this share of the height left for the plot and them. */
#define NAME_MAX_SHARE 0.4

/* Okabe–Ito's colour-blind-safe order (blue, orange, bluish green, reddish purple, yellow,
 * vermillion, sky blue, then brown) in GNOME palette shades, as the phases' colours are. */
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
  GPtrArray *phases; /* const DynoPhase *, in dyno_phase_compare order */
  guint n_phases;
  DynoChartRect plot;
  DynoTicks ticks;
  double divisor;       /* B/s (or ops/s, or %) per display unit */
  double label_divisor; /* 1000 for "12k" labels */
  double left_title_x;  /* centre of the rotated axis title */
} Panel;

/* How the phase names under the bars are set. */
typedef enum
{
  NAMES_NONE,   /* too narrow for any: the order of the phases is the table's */
  NAMES_FLAT,   /* across, on one or two lines */
  NAMES_TURNED, /* turned by NAME_ANGLE, when some name is too wide for its group */
} NamesMode;

typedef struct
{
  Chart chart; /* cr, style, decor, fonts, line_height, gap: what the text helpers use */
  const DynoComparison *comparison;
  DynoCompareChartOptions options;
  guint n_entries;

  Panel panels[MAX_PANELS];
  guint n_panels;
  PangoFontDescription *ratio_font; /* a step below the figures, so "×0.17" fits its bar; the
                                     * figures too where theirs does not fit */

  double legend_y;
  double legend_row_height;
  double x_labels_y;  /* phase names or time tick labels */
  double x_labels_height;
  double x_title_y;

  /* bars: the phase names */
  NamesMode names;
  gboolean short_names;   /* the short names, not the titles */
  double name_max_length; /* turned: the longest a name may be */

  /* bars, cpu: the words in slots without a bar, and the note that says what they and the
   * ratios mean */
  guint marks;          /* a bit per DynoCompareChartMark some slot has */
  GPtrArray *doubts;    /* interned: each reason a bar may come from a cache below, once */
  gboolean show_ratios; /* every ratio fits its slot, and every figure: all are drawn */
  char *note;
  double note_y;        /* the room kept for it: the most it may take */
  double note_height;
  DynoChartRect note_box;
  GArray *slots;        /* DynoCompareChartSlot, when someone asked */

  /* overlay: seconds into the phase */
  double t1;
  DynoTicks x_ticks;
  DynoTimeUnit time_unit;
  double time_divisor; /* seconds per label unit: 0.001 when the labels count milliseconds */
} CompareLayout;

/* ---- small things ------------------------------------------------------------------------ */

void
dyno_compare_chart_options_init (DynoCompareChartOptions *options, DynoCompareChartKind kind)
{
  g_return_if_fail (options != NULL);

  *options = (DynoCompareChartOptions) {
    .kind = kind,
    .phases = NULL,
    .phase = dyno_phase_lookup ("write"),
    .ratios = TRUE,
  };
}

gboolean
dyno_compare_chart_kind_from_string (const char *text, DynoCompareChartKind *out)
{
  int kind;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!dyno_enum_from_nick (DYNO_TYPE_COMPARE_CHART_KIND, text, NULL, &kind))
    return FALSE;
  if (out != NULL)
    *out = kind;
  return TRUE;
}

void
dyno_compare_chart_entry_color (const DynoChartStyle *style, guint entry, DynoRgba *out)
{
  const DynoRgba *colors;

  g_return_if_fail (style != NULL);
  g_return_if_fail (out != NULL);

  /* High contrast on dark: the dark colours are light enough. */
  colors = dyno_compare_chart_pick_colors (style, light_entries, dark_entries,
                                           high_contrast_entries, dark_entries);
  *out = colors[entry % N_ENTRY_COLORS];
}

static gboolean
sample_counts (const DynoSample *sample, const DynoPhase *phase)
{
  return sample->phase == phase && isfinite (sample->rate) && isfinite (sample->phase_t);
}

static gboolean
entry_has_samples (const DynoComparison *comparison, guint entry, const DynoPhase *phase)
{
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);

  for (guint i = 0; i < target->samples->len; i++)
    if (sample_counts (&g_array_index (target->samples, DynoSample, i), phase))
      return TRUE;
  return FALSE;
}

gboolean
dyno_compare_chart_has_samples (const DynoComparison *comparison, const DynoPhase *phase)
{
  g_return_val_if_fail (comparison != NULL, FALSE);

  if (phase == NULL)
    return FALSE;
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    if (entry_has_samples (comparison, e, phase))
      return TRUE;
  return FALSE;
}

static double
rate_divisor (const DynoChartStyle *style, DynoUnit unit)
{
  if (unit == DYNO_UNIT_OPS)
    return 1;
  return style->rate_scale == DYNO_RATE_SCALE_MIB ? 1024.0 * 1024.0 : 1e6;
}

/* The value axis's title, then shorter ones for a short axis; NULL-terminated. */
static void
unit_axis_titles (const CompareLayout *layout, const Panel *panel, const char *titles[4])
{
  memset (titles, 0, 4 * sizeof *titles);
  if (layout->options.kind == DYNO_COMPARE_CHART_CPU)
    {
      /* Translators: the value axis of a chart of Bonnie's %CPU per phase; 100 is one core */
      titles[0] = _("CPU (%, 100 = one core)");
      /* Translators: the value axis of a chart of Bonnie's %CPU per phase, when short */
      titles[1] = _("CPU (%)");
      /* Translators: the value axis of a chart of Bonnie's %CPU per phase, when very short */
      titles[2] = _("%");
    }
  else if (panel->unit == DYNO_UNIT_OPS)
    {
      titles[0] = _("Rate (ops/s)");
      titles[1] = _("ops/s");
    }
  else if (layout->chart.style->rate_scale == DYNO_RATE_SCALE_MIB)
    {
      titles[0] = _("Rate (MiB/s)");
      titles[1] = _("MiB/s");
    }
  else
    {
      titles[0] = _("Rate (MB/s)");
      titles[1] = _("MB/s");
    }
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

  if (panel->label_divisor >= 1e6 && value != 0)
    return g_strdup_printf (C_ ("millions", "%sM"), number);
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

static const char *
phase_name (const CompareLayout *layout, const DynoPhase *phase, gboolean short_names)
{
  g_autofree char *name = NULL;

  if (!short_names)
    return dyno_phase_get_title (phase);
  /* A queued test's short name is the same under Read and under Write ("SEQ1M Q8T1"), which the
   * live chart tells apart by colour but a bar, coloured by its run, cannot: its section goes
   * with it. Interned: a few dozen strings at most, for the process. */
  if (!dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
    return dyno_chart_short_phase_name (phase);
  /* Translators: a queued test's short name under its bars and its section: "SEQ1M Q8T1 Read" */
  name = g_strdup_printf (C_ ("chart phase", "%s %s"), dyno_chart_short_phase_name (phase),
                          dyno_phase_group_get_short_title (phase->kind->group));
  return g_intern_string (name);
}

/* A phase's name under its group, across: wrapped at words to at most two lines of width. NULL
 * when it does not fit so, whole words and all. */
static PangoLayout *
flat_name_layout (CompareLayout *layout, const char *name, double width)
{
  PangoLayout *pl;

  if (!words_fit (layout, name, width))
    return NULL;
  pl = dyno_chart_wrapped_layout (&layout->chart, CHART_FONT_NORMAL, name, width, 2,
                                  PANGO_ALIGN_CENTER);
  if (pango_layout_is_ellipsized (pl))
    g_clear_object (&pl);
  return pl;
}

/* The room of each name: its group's width, less a gap. */
static double
narrowest_group (const CompareLayout *layout)
{
  double narrowest = INFINITY;

  for (guint p = 0; p < layout->n_panels; p++)
    {
      const Panel *panel = &layout->panels[p];

      if (panel->n_phases > 0)
        narrowest = MIN (narrowest, panel->plot.width / panel->n_phases);
    }
  return narrowest;
}

/* The height the flat names need with the titles (or the short names): 0 when some name does
 * not fit its group. */
static double
flat_names_height (CompareLayout *layout, gboolean short_names)
{
  double room = narrowest_group (layout) - layout->chart.gap;
  double needed = 0;

  for (guint p = 0; p < layout->n_panels; p++)
    for (guint i = 0; i < layout->panels[p].n_phases; i++)
      {
        const char *name = phase_name (layout, g_ptr_array_index (layout->panels[p].phases, i),
                                       short_names);
        g_autoptr (PangoLayout) pl = flat_name_layout (layout, name, room);
        PangoRectangle logical;

        if (pl == NULL)
          return 0;
        pango_layout_get_pixel_extents (pl, NULL, &logical);
        needed = MAX (needed, logical.height);
      }
  return needed;
}

/* The longest a turned name ending under x may be: it must not reach left of the content box. */
static double
turned_room (const CompareLayout *layout, double x)
{
  double lh = layout->chart.line_height;

  return floor ((round (x) - lh / 2 * fabs (sin (NAME_ANGLE)) - layout->chart.geometry.content.x)
                / cos (NAME_ANGLE));
}

/* The longest of the names (titles or short names), and whether each fits max_length and the
 * room left of its group. */
static gboolean
turned_names_fit (CompareLayout *layout, gboolean short_names, double max_length, double *longest)
{
  gboolean fit = TRUE;

  *longest = 0;
  for (guint p = 0; p < layout->n_panels; p++)
    {
      const Panel *panel = &layout->panels[p];
      double group = panel->n_phases > 0 ? panel->plot.width / panel->n_phases : 0;
      for (guint column = 0; column < panel->n_phases; column++)
        {
          const DynoPhase *phase = g_ptr_array_index (panel->phases, column);
          double w;

          dyno_chart_text_size (&layout->chart, CHART_FONT_NORMAL,
                                phase_name (layout, phase, short_names), &w, NULL);
          *longest = MAX (*longest, w);
          if (w > MIN (max_length, turned_room (layout, panel->plot.x + (column + 0.5) * group)))
            fit = FALSE;
        }
    }
  return fit;
}

/* How the phase names go under groups as wide as the panels now make them, in at most max_height:
 * across if each fits its group (the titles, else the short names), else turned if the groups
 * leave room between the turned lines (the titles if they fit max_height, else the short names,
 * shortened further if need be), else none. Returns the height they take. */
static double
choose_names (CompareLayout *layout, double max_height)
{
  Chart *chart = &layout->chart;
  double lh = chart->line_height;
  double c = cos (NAME_ANGLE);
  double s = fabs (sin (NAME_ANGLE));
  double needed;
  double max_length;
  double longest;

  layout->names = NAMES_NONE;
  layout->short_names = FALSE;
  layout->name_max_length = 0;
  if (layout->options.kind == DYNO_COMPARE_CHART_OVERLAY || max_height < lh)
    return 0;

  for (int brief = 0; brief < 2; brief++)
    {
      needed = flat_names_height (layout, brief);
      if (needed > 0 && needed <= max_height)
        {
          layout->names = NAMES_FLAT;
          layout->short_names = brief;
          return needed;
        }
    }

  /* Turned, the lines of two neighbours are a group's width × sin apart: a line and a bit. */
  if (narrowest_group (layout) * s < lh * 1.15)
    return 0;
  max_length = max_height / s - lh * c / s;
  if (max_length < lh * 2)
    return 0;
  /* The titles if all fit, else the short names, given a quarter more height rather than cut
   * by a letter or two, else shortened where they must be. */
  if (!turned_names_fit (layout, FALSE, max_length, &longest))
    {
      layout->short_names = TRUE;
      if (turned_names_fit (layout, TRUE, max_length * 1.25, &longest))
        max_length = MAX (max_length, longest);
    }
  layout->names = NAMES_TURNED;
  layout->name_max_length = MIN (longest, max_length);
  return ceil (layout->name_max_length * s + lh * c);
}

/* ---- legend --------------------------------------------------------------------------- */

/* An entry's legend label with its name cut to n_chars characters and an ellipsis (n_chars < 0:
 * the whole name). */
static char *
legend_label_cut (const CompareLayout *layout, guint entry, int n_chars)
{
  const char *name = dyno_comparison_get_name (layout->comparison, entry);
  g_autofree char *cut = NULL;

  if (n_chars >= 0)
    {
      g_autofree char *head = g_utf8_substring (name, 0, n_chars);

      /* No space before the ellipsis: "Samsung…", not "Samsung …". */
      g_strchomp (head);
      cut = g_strconcat (head, "…", NULL);
      name = cut;
    }
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

static char *
legend_label (const CompareLayout *layout, guint entry)
{
  return legend_label_cut (layout, entry, -1);
}

/* The label as it fits max_width: whole, else with the name cut short and the rest (" (baseline)")
 * kept, else NULL. */
static char *
legend_label_fitted (CompareLayout *layout, guint entry, double max_width, gboolean *cut)
{
  Chart *chart = &layout->chart;
  char *label = legend_label (layout, entry);
  int lo = 0;
  int hi = (int) g_utf8_strlen (dyno_comparison_get_name (layout->comparison, entry), -1);
  double w;

  *cut = FALSE;
  dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
  if (w <= max_width)
    return label;
  g_free (label);

  /* The most characters of the name that fit, by bisection. */
  *cut = TRUE;
  while (lo < hi)
    {
      int mid = (lo + hi + 1) / 2;
      g_autofree char *text = legend_label_cut (layout, entry, mid);

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, text, &w, NULL);
      if (w <= max_width)
        lo = mid;
      else
        hi = mid - 1;
    }
  if (lo > 0)
    return legend_label_cut (layout, entry, lo);
  return NULL;
}

/* Lays the legend out in avail; fills slots (one per entry) if not NULL. Returns the rows. */
static guint
legend_layout (CompareLayout *layout, double avail, ChartLegendSlot *slots)
{
  Chart *chart = &layout->chart;
  double swatch = chart->line_height * 1.4 + chart->gap;
  g_autofree double *widths = g_new (double, MAX (layout->n_entries, 1));
  g_autofree ChartLegendSlot *own = NULL;

  for (guint e = 0; e < layout->n_entries; e++)
    {
      g_autofree char *label = legend_label (layout, e);
      double w;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      widths[e] = swatch + w;
    }
  if (slots == NULL)
    slots = own = g_new (ChartLegendSlot, MAX (layout->n_entries, 1));
  return dyno_chart_legend_layout (chart, widths, layout->n_entries, swatch,
                                   chart->line_height * 1.5, avail, chart->legend_max_rows, slots);
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

/* Why an entry's slot of a phase has no bar, or NONE; fills cell. */
static DynoCompareChartMark
cell_mark (const CompareLayout *layout,
           const Panel         *panel,
           guint                entry,
           const DynoPhase     *phase,
           DynoCompareCell     *cell)
{
  dyno_comparison_get_cell (layout->comparison, entry, phase, cell);
  if (cell->too_fast)
    return DYNO_COMPARE_CHART_MARK_TOO_FAST;
  if (!cell->present)
    {
      const DynoTargetResult *target = dyno_comparison_get_target_result (layout->comparison,
                                                                          entry);

      if (target != NULL && dyno_target_result_failed (target) && target->error_phase == phase)
        return DYNO_COMPARE_CHART_MARK_FAILED;
      return DYNO_COMPARE_CHART_MARK_NOT_RUN;
    }
  if (!isfinite (bar_value (layout, panel, cell)))
    return DYNO_COMPARE_CHART_MARK_UNKNOWN;
  return DYNO_COMPARE_CHART_MARK_NONE;
}

/* Why the entry's own figure may come from a cache below the target, which Dyno could neither
 * evict nor check; NULL when it does not. The cell's cache_doubt also holds the baseline's,
 * which spoils the ratio but not this bar. */
static const char *
bar_doubt (const CompareLayout *layout, guint entry, const DynoPhase *phase)
{
  const DynoPhaseResult *result = dyno_comparison_get_phase_result (layout->comparison, entry,
                                                                    phase);

  return result != NULL ? result->cache_doubt : NULL;
}

/* The figure over a bar: "601" and "601 †" when it may come from a cache below, as the tables
 * mark it. */
static char *
bar_label (const CompareLayout *layout, double value, const char *doubt)
{
  g_autofree char *text = format_bar_value (layout, value);

  if (doubt == NULL)
    return g_steal_pointer (&text);
  return g_strconcat (text, " †", NULL);
}

/* The word in a slot without a bar. */
static const char *
mark_word (DynoCompareChartMark mark)
{
  switch (mark)
    {
    case DYNO_COMPARE_CHART_MARK_TOO_FAST:
      /* Translators: in a bar chart, the empty slot of a figure too fast to trust (bonnie++'s
       * "+++++"); keep it short */
      return C_ ("chart slot", "too fast");
    case DYNO_COMPARE_CHART_MARK_NOT_RUN:
      /* Translators: in a bar chart, the empty slot of a phase the run did not have */
      return C_ ("chart slot", "not run");
    case DYNO_COMPARE_CHART_MARK_FAILED:
      /* Translators: in a bar chart, the empty slot of a phase that stopped with an error */
      return C_ ("chart slot", "failed");
    case DYNO_COMPARE_CHART_MARK_UNKNOWN:
      /* Translators: in a bar chart, the empty slot of a figure the result does not carry */
      return C_ ("chart slot", "unknown");
    case DYNO_COMPARE_CHART_MARK_NONE:
    default:
      return "";
    }
}

/* "×0.52", with "≈" when there is no difference larger than the equivalence margin and "?"
 * when inconclusive, as in the tables; NULL when the cell has no ratio to draw. */
static char *
ratio_text (const DynoCompareCell *cell)
{
  g_autofree char *ratio = NULL;

  if (!isfinite (cell->ratio))
    return NULL;
  ratio = dyno_compare_format_ratio (cell->ratio);
  /* "†": a figure under it, this one or the baseline's, may come from a cache: no verdict. */
  if (cell->cache_doubt != NULL)
    return g_strconcat (ratio, "†", NULL);
  switch (dyno_compare_cell_get_verdict (cell))
    {
    case DYNO_VERDICT_EQUIVALENT:
      return g_strconcat (ratio, "≈", NULL);
    case DYNO_VERDICT_INCONCLUSIVE:
      return g_strconcat (ratio, "?", NULL);
    case DYNO_VERDICT_SLOWER:
    case DYNO_VERDICT_FASTER:
    case DYNO_VERDICT_NONE:
    default:
      return g_steal_pointer (&ratio);
    }
}

/* What the words in empty slots mean, those that appear, and with ratios what they are: the
 * note under the chart; NULL when there is nothing to say. */
/* Whether some bar gets a whisker: a figure with a 95 % interval. */
static gboolean
has_whiskers (const CompareLayout *layout)
{
  if (layout->options.kind != DYNO_COMPARE_CHART_BARS)
    return FALSE;
  for (guint p = 0; p < layout->n_panels; p++)
    for (guint i = 0; i < layout->panels[p].n_phases; i++)
      for (guint e = 0; e < layout->n_entries; e++)
        {
          DynoCompareCell cell;

          dyno_comparison_get_cell (layout->comparison, e,
                                    g_ptr_array_index (layout->panels[p].phases, i), &cell);
          if (cell.present && isfinite (cell.rate_ci95) && cell.rate_ci95 > 0)
            return TRUE;
        }
  return FALSE;
}

static char *
note_text (const CompareLayout *layout, gboolean ratios)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  /* A whisker unexplained reads as a standard deviation, a range, or nothing at all. */
  if (has_whiskers (layout))
    /* Translators: the note under a bar chart: what the lines over the bars are
     * xgettext:no-c-format */
    g_ptr_array_add (parts, g_strdup (_ ("bar: the mean of the repeats; whisker: its 95 % "
                                         "interval")));
  if (ratios)
    {
      g_autofree char *margin = dyno_compare_format_margin (
          dyno_comparison_get_equivalence (layout->comparison));

      g_ptr_array_add (parts,
                       /* Translators: the note under a bar chart; the first %s is the baseline
                        * run's name, the others the equivalence margin, "5" */
                       g_strdup_printf (_ ("×: under a figure, its ratio to %s, the baseline; "
                                           "≈: no difference larger than %s %%; ?: "
                                           "inconclusive, the 95 %% interval holds ×1 and "
                                           "reaches past ±%s %%"),
                                        dyno_comparison_get_name (
                                            layout->comparison,
                                            dyno_comparison_get_baseline (layout->comparison)),
                                        margin, margin));
    }
  if (layout->marks & (1u << DYNO_COMPARE_CHART_MARK_TOO_FAST))
    g_ptr_array_add (parts,
                     /* Translators: the note under a bar chart; %s is a time in seconds, "0.5";
                      * the first words are those of the empty slots */
                     g_strdup_printf (_ ("too fast: the phase took under %s s, too short to time "
                                         "(bonnie++’s “+++++”)"),
                                      "0.5"));
  if (layout->marks & (1u << DYNO_COMPARE_CHART_MARK_NOT_RUN))
    /* Translators: the note under a bar chart; the first words are those of the empty slots */
    g_ptr_array_add (parts, g_strdup (_ ("not run: the run has no such phase")));
  if (layout->marks & (1u << DYNO_COMPARE_CHART_MARK_FAILED))
    /* Translators: the note under a bar chart; the first word is that of the empty slots */
    g_ptr_array_add (parts, g_strdup (_ ("failed: the phase stopped with an error")));
  if (layout->marks & (1u << DYNO_COMPARE_CHART_MARK_UNKNOWN))
    /* Translators: the note under a bar chart; the first word is that of the empty slots */
    g_ptr_array_add (parts, g_strdup (_ ("unknown: the result carries no figure for it")));
  /* A hatched bar: the reason, once each, in the words of the tables' footnote. */
  for (guint i = 0; layout->doubts != NULL && i < layout->doubts->len; i++)
    g_ptr_array_add (parts, g_strdup_printf ("† %s",
                                             (const char *) g_ptr_array_index (layout->doubts,
                                                                               i)));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* Translators: between the parts of the note under a bar chart */
  return g_strjoinv (C_ ("chart note", " · "), (char **) parts->pdata);
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

GPtrArray *
dyno_compare_chart_selected_phases (const DynoComparison          *comparison,
                                    const DynoCompareChartOptions *options)
{
  GPtrArray *have = dyno_comparison_get_phases (comparison);
  guint out = 0;

  if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
    {
      g_ptr_array_set_size (have, 0);
      if (options->phase != NULL)
        g_ptr_array_add (have, (gpointer) options->phase);
      return have;
    }
  if (options->phases == NULL || options->phases->len == 0)
    return have;
  for (guint i = 0; i < have->len; i++)
    if (g_ptr_array_find (options->phases, g_ptr_array_index (have, i), NULL))
      have->pdata[out++] = have->pdata[i];
  g_ptr_array_set_size (have, out);
  return have;
}

/* The value axes' ticks for plots of height plot_h, then the columns: per panel, the rotated axis
 * title and the tick labels (or, without axis titles, the unit over them), then the plot. */
static void
layout_columns (CompareLayout *layout, double top, double bottom)
{
  Chart *chart = &layout->chart;
  const DynoChartDecor *decor = chart->decor;
  const DynoCompareChartOptions *options = &layout->options;
  double lh = chart->line_height;
  double plot_h = MAX (1, floor (bottom) - round (top));
  guint n_ticks = (guint) CLAMP (floor (plot_h / (lh * 2.5)), 2, 8);
  /* Labels stand over the bars: two lines of small text, kept inside the plot. */
  double headroom = options->kind == DYNO_COMPARE_CHART_OVERLAY ? 1.05 : 1 + (2.3 * lh) / plot_h;
  double left = chart->geometry.content.x;
  double right = chart->geometry.content.x + chart->geometry.content.width;
  double panels_width = right - left;
  guint total_phases = 0;

  for (guint p = 0; p < layout->n_panels; p++)
    {
      Panel *panel = &layout->panels[p];
      double max = 0;

      total_phases += panel->n_phases;
      if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
        overlay_extent (layout, panel->divisor, &max, &layout->t1);
      else
        for (guint e = 0; e < layout->n_entries; e++)
          for (guint i = 0; i < panel->n_phases; i++)
            {
              DynoCompareCell cell;
              double v;

              dyno_comparison_get_cell (layout->comparison, e,
                                        g_ptr_array_index (panel->phases, i), &cell);
              v = bar_top_value (layout, panel, &cell);
              if (isfinite (v))
                max = MAX (max, v);
            }
      if (!(max > 0))
        max = options->kind == DYNO_COMPARE_CHART_CPU ? 100 : 1;
      dyno_ticks_compute (0, max * headroom, n_ticks, &panel->ticks);
      panel->label_divisor = 1;
      if (panel->unit == DYNO_UNIT_OPS && options->kind != DYNO_COMPARE_CHART_CPU
          && panel->ticks.hi >= 1e6)
        panel->label_divisor = 1e6;
      else if (panel->unit == DYNO_UNIT_OPS && options->kind != DYNO_COMPARE_CHART_CPU
               && panel->ticks.hi >= 10000)
        panel->label_divisor = 1000;
    }

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
      if (!(decor && decor->axis_titles))
        {
          /* The unit stands over the tick labels, right-aligned with them: room for it. */
          dyno_chart_text_size (chart, CHART_FONT_NORMAL, unit_short_label (layout, panel), &w,
                                NULL);
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
}

/* Whether ratios are asked for and make sense: more than one entry, a bars chart. */
static gboolean
ratios_wanted (const CompareLayout *layout)
{
  return layout->options.kind == DYNO_COMPARE_CHART_BARS && layout->options.ratios
         && layout->n_entries > 1;
}

static double
slot_width (const CompareLayout *layout, const Panel *panel)
{
  double group = panel->n_phases > 0 ? panel->plot.width / panel->n_phases : 0;

  return layout->n_entries > 0 ? group * GROUP_FILL / layout->n_entries : 0;
}

static void
ratio_size (CompareLayout *layout, const char *text, double *width, double *height)
{
  g_autoptr (PangoLayout) pl = pango_cairo_create_layout (layout->chart.cr);
  PangoRectangle extents;

  pango_layout_set_font_description (pl, layout->ratio_font);
  pango_layout_set_text (pl, text, -1);
  pango_layout_get_pixel_extents (pl, NULL, &extents);
  if (width)
    *width = extents.width;
  if (height)
    *height = extents.height;
}

/* How the figures over the bars are set. */
typedef enum
{
  FIGURES_NONE,    /* some does not fit its slot: none */
  FIGURES_SMALL,   /* in the small font */
  FIGURES_SMALLER, /* in the ratios' font, a step smaller */
} FiguresMode;

static FiguresMode labels_fit (CompareLayout *layout, const Panel *panel, double slot);

/* Whether every figure and every ratio fits its slot, in every panel, and some ratio is there
 * to draw. */
static gboolean
ratios_fit (CompareLayout *layout)
{
  guint baseline = dyno_comparison_get_baseline (layout->comparison);
  gboolean any = FALSE;

  for (guint p = 0; p < layout->n_panels; p++)
    {
      const Panel *panel = &layout->panels[p];
      double slot = slot_width (layout, panel);

      if (panel->plot.width < DYNO_CHART_MIN_PLOT || panel->plot.height < DYNO_CHART_MIN_PLOT
          || labels_fit (layout, panel, slot) == FIGURES_NONE)
        return FALSE;
      for (guint e = 0; e < layout->n_entries; e++)
        for (guint i = 0; i < panel->n_phases && e != baseline; i++)
          {
            DynoCompareCell cell;
            g_autofree char *text = NULL;
            double w;

            if (cell_mark (layout, panel, e, g_ptr_array_index (panel->phases, i), &cell)
                != DYNO_COMPARE_CHART_MARK_NONE)
              continue;
            text = ratio_text (&cell);
            if (text == NULL)
              continue;
            ratio_size (layout, text, &w, NULL);
            if (w > slot - 2)
              return FALSE;
            any = TRUE;
          }
    }
  return any;
}

/* ratios_room: keep room in the note for what the ratios mean, and draw them if they fit. */
/* The panels: bars keep bytes and operations apart, each with its axis; the rest have one.
 * Takes phases (the phases drawn). */
static void
add_panels (CompareLayout *layout, GPtrArray *phases_taken)
{
  g_autoptr (GPtrArray) phases = phases_taken;
  const DynoCompareChartOptions *options = &layout->options;

  if (options->kind == DYNO_COMPARE_CHART_BARS)
    {
      GPtrArray *units[2] = { g_ptr_array_new (), g_ptr_array_new () };

      for (guint i = 0; i < phases->len; i++)
        {
          const DynoPhase *phase = g_ptr_array_index (phases, i);

          g_ptr_array_add (units[dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? 0 : 1],
                           (gpointer) phase);
        }
      for (guint k = 0; k < 2; k++)
        if (units[k]->len != 0)
          {
            Panel *panel = &layout->panels[layout->n_panels++];

            panel->unit = k == 0 ? DYNO_UNIT_BYTES : DYNO_UNIT_OPS;
            panel->phases = g_steal_pointer (&units[k]);
          }
        else
          {
            g_ptr_array_unref (units[k]);
          }
    }
  else
    {
      Panel *panel = &layout->panels[layout->n_panels++];

      panel->phases = g_steal_pointer (&phases);
      panel->unit = options->kind == DYNO_COMPARE_CHART_OVERLAY && options->phase != NULL
                        ? dyno_phase_get_unit (options->phase)
                        : DYNO_UNIT_OPS;
    }
}

static void
layout_setup_once (CompareLayout *layout, const DynoCompareChartArgs *args, gboolean ratios_room)
{
  const DynoComparison *comparison = args->comparison;
  const DynoChartDecor *decor = args->decor;
  const DynoCompareChartOptions *options;
  Chart *chart = &layout->chart;
  DynoChartGeometry *g = &chart->geometry;
  g_autoptr (GPtrArray) phases = NULL;
  double lh;
  double margin;
  double top;
  double bottom;
  double under; /* from the plot's bottom edge to the labels under it */

  memset (layout, 0, sizeof *layout);
  dyno_chart_begin (chart, args->cr, args->width, args->height, args->style, decor);
  layout->comparison = comparison;
  layout->options = *args->options;
  if (layout->options.phase == NULL)
    layout->options.phase = dyno_phase_lookup ("write");
  options = &layout->options;
  phases = dyno_compare_chart_selected_phases (comparison, options);
  layout->n_entries = dyno_comparison_get_n_entries (comparison);
  layout->time_divisor = 1;
  lh = chart->line_height;
  layout->ratio_font = pango_font_description_copy (chart->fonts[CHART_FONT_NORMAL]);
  if (pango_font_description_get_size_is_absolute (layout->ratio_font))
    pango_font_description_set_absolute_size (
        layout->ratio_font, pango_font_description_get_size (layout->ratio_font) * 0.7);
  else
    pango_font_description_set_size (
        layout->ratio_font, (int) (pango_font_description_get_size (layout->ratio_font) * 0.7));

  add_panels (layout, g_steal_pointer (&phases));
  for (guint p = 0; p < layout->n_panels; p++)
    {
      Panel *panel = &layout->panels[p];

      panel->n_phases = panel->phases->len;
      panel->divisor = options->kind == DYNO_COMPARE_CHART_CPU
                           ? 1
                           : rate_divisor (chart->style, panel->unit);
      panel->label_divisor = 1;
    }

  /* The words empty slots will show, for the note. */
  if (options->kind != DYNO_COMPARE_CHART_OVERLAY)
    for (guint p = 0; p < layout->n_panels; p++)
      for (guint i = 0; i < layout->panels[p].n_phases; i++)
        for (guint e = 0; e < layout->n_entries; e++)
          {
            DynoCompareCell cell;

            const DynoPhase *phase = g_ptr_array_index (layout->panels[p].phases, i);
            DynoCompareChartMark mark = cell_mark (layout, &layout->panels[p], e, phase, &cell);
            const char *doubt = bar_doubt (layout, e, phase);

            layout->marks |= 1u << mark;
            /* Only a drawn bar is hatched, so only its reason goes into the note. */
            if (mark == DYNO_COMPARE_CHART_MARK_NONE && doubt != NULL)
              {
                if (layout->doubts == NULL)
                  layout->doubts = g_ptr_array_new ();
                if (!g_ptr_array_find (layout->doubts, doubt, NULL))
                  g_ptr_array_add (layout->doubts, (gpointer) doubt);
              }
          }
  layout->marks &= ~(1u << DYNO_COMPARE_CHART_MARK_NONE);

  margin = dyno_chart_layout_content (chart);

  /* From the top: title (up to two lines), subtitle, legend. */
  top = dyno_chart_layout_titles (chart, margin, chart->gap);
  if (decor && decor->legend && layout->n_entries > 0)
    {
      guint rows;

      layout->legend_row_height = lh + chart->gap / 2;
      chart->legend_max_rows = dyno_chart_legend_max_rows (chart, chart->height,
                                                           layout->legend_row_height);
      rows = legend_layout (layout, g->content.width, NULL);
      layout->legend_y = top + chart->gap / 2;
      top += rows * layout->legend_row_height + chart->gap;
    }
  /* Room for the top tick label's upper half, and for the unit over the axis when there are no
   * axis titles. */
  top += lh / 2 + (decor && decor->axis_titles ? 0 : lh);

  /* From the bottom: source line, x axis title (overlay), labels under the plot. */
  bottom = dyno_chart_layout_source (chart, chart->height - margin);
  /* The note, with room for what the ratios mean in case they fit (known only once the slots
   * are laid out). */
  if (options->kind != DYNO_COMPARE_CHART_OVERLAY)
    {
      g_autofree char *note = note_text (layout, ratios_room && ratios_wanted (layout));

      if (note != NULL)
        {
          dyno_chart_note_size (chart, note, NULL, &layout->note_height);
          bottom -= layout->note_height;
          layout->note_y = bottom;
          bottom -= chart->gap;
        }
    }
  if (options->kind == DYNO_COMPARE_CHART_OVERLAY && decor && decor->axis_titles)
    {
      bottom -= lh;
      layout->x_title_y = bottom;
      bottom -= chart->gap / 2;
    }
  /* The ticks, and clear of the lower half of the value axis's "0" label. */
  under = MAX (DYNO_CHART_TICK_LENGTH + chart->gap / 2, ceil (lh / 2));

  if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
    {
      layout->x_labels_height = lh;
      layout_columns (layout, top, bottom - lh - under);
    }
  else
    {
      /* The names' height depends on the groups' widths, which depend on the tick labels, which
       * depend on the plot's height: lay out with two lines of names, choose the names, lay out
       * again with their height, and choose again within it (the groups may have changed by a
       * tick label's width). */
      double budget = MAX (2 * lh, floor ((bottom - under - top) * NAME_MAX_SHARE));

      layout_columns (layout, top, bottom - 2 * lh - under);
      /* Without names, still room for the lower half of the value axis's "0". */
      layout->x_labels_height = MAX (choose_names (layout, budget), ceil (lh / 2));
      layout_columns (layout, top, bottom - layout->x_labels_height - under);
      choose_names (layout, layout->x_labels_height);

      /* Ratios all or none, so the note never explains what is not there. */
      layout->show_ratios = ratios_room && ratios_wanted (layout) && ratios_fit (layout);
      layout->note = note_text (layout, layout->show_ratios);
      if (layout->note != NULL)
        {
          double w;
          double h;

          /* At the bottom of its room, by the source line; shorter without the ratios. */
          dyno_chart_note_size (chart, layout->note, &w, &h);
          layout->note_box = (DynoChartRect) {
            g->content.x, layout->note_y + layout->note_height - h, w, h
          };
        }
    }
  layout->x_labels_y = floor (bottom - layout->x_labels_height);
  g->plot = layout->panels[0].plot;

  if (options->kind == DYNO_COMPARE_CHART_OVERLAY)
    {
      double w;
      guint n;
      g_autofree char *widest = NULL;

      /* The time axis ends where the longest line does, however short: a phase of 300 ms fills
       * the plot, its ticks in milliseconds. */
      if (!(layout->t1 > 0))
        layout->t1 = 1;
      if (layout->t1 < 1)
        layout->time_divisor = 0.001;
      widest = g_strdup_printf ("%.0f", ceil (layout->t1 / layout->time_divisor));
      dyno_chart_text_size (chart, CHART_FONT_NORMAL, widest, &w, NULL);
      n = (guint) CLAMP (floor (layout->panels[0].plot.width / (w + 4 * lh)), 2, 10);
      dyno_ticks_compute_time (0, layout->t1, n, &layout->x_ticks, &layout->time_unit);
      if (layout->time_divisor == 1)
        layout->time_divisor = dyno_time_unit_seconds (layout->time_unit);
    }
}

static void
layout_finish (CompareLayout *layout)
{
  dyno_chart_finish (&layout->chart);
  for (guint p = 0; p < layout->n_panels; p++)
    g_clear_pointer (&layout->panels[p].phases, g_ptr_array_unref);
  g_clear_pointer (&layout->note, g_free);
  g_clear_pointer (&layout->doubts, g_ptr_array_unref);
  g_clear_pointer (&layout->ratio_font, pango_font_description_free);
}

/* Lays out with room for the ratios' words in the note; if the ratios then do not fit, again
 * without, so the plots get that room. */
static void
layout_setup (CompareLayout *layout, const DynoCompareChartArgs *args)
{
  layout_setup_once (layout, args, TRUE);
  if (ratios_wanted (layout) && !layout->show_ratios)
    {
      layout_finish (layout);
      layout_setup_once (layout, args, FALSE);
    }
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
  double last_top = INFINITY;

  cairo_set_line_width (cr, 1);
  dyno_chart_set_source (cr, &style->grid);
  for (guint i = 1; i < panel->ticks.n_ticks; i++)
    {
      double y = dyno_chart_crisp (panel_y (panel, dyno_ticks_get (&panel->ticks, i)));

      cairo_move_to (cr, panel->plot.x, y);
      cairo_line_to (cr, panel->plot.x + panel->plot.width, y);
    }
  cairo_stroke (cr);

  /* From the bottom up, each clear of the one under it: on a very short plot some go
   * unlabelled rather than drawn over each other. */
  for (guint i = 0; i < panel->ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&panel->ticks, i);
      double y = panel_y (panel, v);
      g_autofree char *label = NULL;

      if (y + chart->line_height / 2 > last_top)
        continue;
      label = format_tick (panel, v);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, &style->dim_foreground,
                            panel->plot.x - chart->gap, y, CHART_ALIGN_END, CHART_ALIGN_CENTER);
      last_top = y - chart->line_height / 2;
    }

  dyno_chart_set_source (cr, &style->axis);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  cairo_move_to (cr, left, panel->plot.y);
  cairo_line_to (cr, left, bottom);
  cairo_line_to (cr, dyno_chart_crisp (panel->plot.x + panel->plot.width), bottom);
  cairo_stroke (cr);

  if (chart->decor && chart->decor->axis_titles)
    {
      const char *titles[4];

      unit_axis_titles (layout, panel, titles);
      dyno_chart_draw_text_rotated (chart, titles, &style->foreground, panel->left_title_x,
                                    panel->plot.y + panel->plot.height / 2, panel->plot.height);
    }
  else
    {
      /* Right-aligned with the tick labels, in the column made wide enough for it. */
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, unit_short_label (layout, panel),
                            &style->dim_foreground, panel->plot.x - chart->gap,
                            panel->plot.y - chart->line_height * 1.5, CHART_ALIGN_END,
                            CHART_ALIGN_START);
    }
}

static void
draw_legend (CompareLayout *layout)
{
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartRect *content = &chart->geometry.content;
  double sample = chart->line_height * 1.4;
  g_autofree ChartLegendSlot *slots = g_new (ChartLegendSlot, MAX (layout->n_entries, 1));

  legend_layout (layout, content->width, slots);
  for (guint e = 0; e < layout->n_entries; e++)
    {
      g_autofree char *label = legend_label (layout, e);
      g_autofree char *shown = NULL;
      gboolean cut;
      double x = content->x + slots[e].x;
      double cy = layout->legend_y + chart->line_height / 2
                  + slots[e].row * layout->legend_row_height;
      DynoRgba color;

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
      /* A long name is cut short, but " (baseline)" after it stays. */
      shown = legend_label_fitted (layout, e, slots[e].text_width, &cut);
      if (shown == NULL)
        continue;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, shown, &chart->style->foreground,
                            x + sample + chart->gap, cy, CHART_ALIGN_START, CHART_ALIGN_CENTER);
      if (cut && chart->labels != NULL)
        {
          DynoChartLabel *last = &g_array_index (chart->labels, DynoChartLabel,
                                                 chart->labels->len - 1);

          /* The record says what was asked for, and that it was shortened. */
          g_free (last->text);
          last->text = g_steal_pointer (&label);
          last->ellipsized = TRUE;
        }
    }
}

static void
draw_decor (CompareLayout *layout)
{
  Chart *chart = &layout->chart;
  const DynoChartDecor *decor = chart->decor;

  if (decor == NULL)
    return;
  dyno_chart_draw_titles (chart, chart->title_y, chart->subtitle_y);
  if (decor->legend)
    draw_legend (layout);
  dyno_chart_draw_source (chart);
}

/* ---- drawing: bars -------------------------------------------------------------------- */

/* The word of a slot without a bar, standing on the slot's floor: across if it fits the slot,
 * else turned to read upwards if the slot is a line wide, else none (the note still says what
 * the empty slots mean). */
static void
draw_slot_word (CompareLayout *layout, const Panel *panel, DynoCompareChartMark mark, double x,
                double slot)
{
  Chart *chart = &layout->chart;
  const char *word = mark_word (mark);
  double cx = round (x + slot / 2);
  double floor_y = panel->plot.y + panel->plot.height - 3;
  double w;
  double h;

  dyno_chart_text_size (chart, CHART_FONT_SMALL, word, &w, &h);
  if (w <= slot - 2)
    dyno_chart_draw_text (chart, CHART_FONT_SMALL, word, &chart->style->dim_foreground, cx,
                          floor_y, CHART_ALIGN_CENTER, CHART_ALIGN_END);
  else if (h <= slot - 1 && w <= panel->plot.height - 6)
    dyno_chart_draw_text_turned (chart, CHART_FONT_SMALL, word, &chart->style->dim_foreground, cx,
                                 floor_y, -G_PI / 2, 0, 0.5, 0);
}

/* How the figures go over the bars: in the small font if all fit their slots, else all in the
 * ratios' smaller one, else none (the tables carry them). */
static FiguresMode
labels_fit (CompareLayout *layout, const Panel *panel, double slot)
{
  FiguresMode mode = FIGURES_SMALL;

  for (guint e = 0; e < layout->n_entries; e++)
    for (guint i = 0; i < panel->n_phases; i++)
      {
        DynoCompareCell cell;
        g_autofree char *text = NULL;
        double w;

        /* Slots without a bar have their word, or none where it does not fit. */
        if (cell_mark (layout, panel, e, g_ptr_array_index (panel->phases, i), &cell)
            != DYNO_COMPARE_CHART_MARK_NONE)
          continue;
        text = bar_label (layout, bar_value (layout, panel, &cell),
                          bar_doubt (layout, e, g_ptr_array_index (panel->phases, i)));
        if (mode == FIGURES_SMALL)
          {
            dyno_chart_text_size (&layout->chart, CHART_FONT_SMALL, text, &w, NULL);
            if (w <= slot - 2)
              continue;
            mode = FIGURES_SMALLER;
          }
        ratio_size (layout, text, &w, NULL);
        if (w > slot - 2)
          return FIGURES_NONE;
      }
  return mode;
}

/* A phase's name under its group, which starts at gx: across, centred, or turned to read
 * upwards and ending under the group's middle. */
static void
draw_phase_name (CompareLayout *layout, const DynoPhase *phase, double gx, double group)
{
  Chart *chart = &layout->chart;
  const char *name = phase_name (layout, phase, layout->short_names);
  double cx = gx + group / 2;

  if (layout->names == NAMES_FLAT)
    {
      g_autoptr (PangoLayout) pl = flat_name_layout (layout, name, group - chart->gap);
      PangoRectangle logical;

      if (pl == NULL)
        return;
      pango_layout_get_pixel_extents (pl, NULL, &logical);
      if (logical.height > layout->x_labels_height)
        return;
      dyno_chart_show_layout (chart, pl, name, &chart->style->foreground,
                              cx - logical.width / 2.0, layout->x_labels_y);
    }
  else if (layout->names == NAMES_TURNED)
    {
      double lh = chart->line_height;
      double s = fabs (sin (NAME_ANGLE));
      /* The line's end (its right edge's middle) under the group's middle, its top corner on
       * the labels' row; it must not reach left of the content box. */
      double x = round (cx);
      double y = round (layout->x_labels_y + lh / 2 * s);

      dyno_chart_draw_text_turned (chart, CHART_FONT_NORMAL, name, &chart->style->foreground, x,
                                   y, NAME_ANGLE, 1, 0.5,
                                   MIN (layout->name_max_length, turned_room (layout, cx)));
    }
}

/* Text in the ratios' font, centred on cx, its bottom on bottom; returns its height. */
static double
draw_smaller_text (CompareLayout *layout, const char *text, const DynoRgba *color, double cx,
                   double bottom)
{
  Chart *chart = &layout->chart;
  g_autoptr (PangoLayout) pl = pango_cairo_create_layout (chart->cr);
  PangoRectangle extents;
  double x;
  double y;

  pango_layout_set_font_description (pl, layout->ratio_font);
  pango_layout_set_text (pl, text, -1);
  pango_layout_get_pixel_extents (pl, NULL, &extents);
  x = round (cx - extents.width / 2.0);
  y = round (bottom - extents.height);
  dyno_chart_set_source (chart->cr, color);
  cairo_move_to (chart->cr, x, y);
  dyno_chart_pango_show (chart->cr, pl);
  dyno_chart_record_label (chart, text, x, y, extents.width, extents.height, 0, FALSE);
  return extents.height;
}

/* A bar whose figure may come from a cache below: outlined and hatched in its entry's colour,
 * not filled, so it never reads as a measurement of the disk beside the solid ones (its
 * figure carries "†" and the note the reason). */
static void
draw_doubtful_bar (cairo_t *cr, const DynoRgba *color, double x, double y, double w, double h)
{
  DynoRgba tint = *color;
  double step = 6;

  if (w <= 0 || h <= 0)
    return;
  cairo_save (cr);
  tint.alpha *= 0.25;
  dyno_chart_set_source (cr, &tint);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill_preserve (cr);
  cairo_clip (cr);
  dyno_chart_set_source (cr, color);
  cairo_set_line_width (cr, 1.5);
  for (double d = -h; d < w; d += step)
    {
      cairo_move_to (cr, x + d, y + h);
      cairo_line_to (cr, x + d + h, y);
    }
  cairo_stroke (cr);
  /* Out of the bar's clip, not cairo_reset_clip: a tile's clip around the chart stays. */
  cairo_restore (cr);
  cairo_save (cr);
  dyno_chart_set_source (cr, color);
  cairo_set_line_width (cr, 2);
  cairo_rectangle (cr, x + 1, y + 1, MAX (0, w - 2), MAX (0, h - 2));
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_bars_panel (CompareLayout *layout, guint panel_index)
{
  const Panel *panel = &layout->panels[panel_index];
  Chart *chart = &layout->chart;
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;
  guint baseline = dyno_comparison_get_baseline (layout->comparison);
  double group = panel->n_phases > 0 ? panel->plot.width / panel->n_phases : 0;
  double slot = slot_width (layout, panel);
  double bar_w = MIN (slot * 0.88, chart->line_height * 8);
  double zero = panel->plot.y + panel->plot.height;
  FiguresMode figures;

  if (panel->plot.width < DYNO_CHART_MIN_PLOT || panel->plot.height < DYNO_CHART_MIN_PLOT)
    return;
  figures = labels_fit (layout, panel, slot);

  draw_value_axis (layout, panel);

  for (guint column = 0; column < panel->n_phases; column++)
    {
      const DynoPhase *phase = g_ptr_array_index (panel->phases, column);
      double gx = panel->plot.x + column * group;
      double bars_x;

      bars_x = gx + (group - slot * layout->n_entries) / 2;

      for (guint e = 0; e < layout->n_entries; e++)
        {
          DynoCompareCell cell;
          DynoCompareChartMark mark;
          DynoRgba color;
          double value;
          double x = round (bars_x + e * slot + (slot - bar_w) / 2);
          double w = MAX (1, round (bar_w));
          double cx = x + w / 2;
          double label_y; /* the bottom of the labels over the bar */
          DynoCompareChartSlot record = {
            .entry = e,
            .phase = phase,
            .panel = panel_index,
            .slot = { bars_x + e * slot, panel->plot.y, slot, panel->plot.height },
          };

          mark = cell_mark (layout, panel, e, phase, &cell);
          dyno_compare_chart_entry_color (style, e, &color);
          value = bar_value (layout, panel, &cell);
          record.mark = mark;
          record.cache_doubt = bar_doubt (layout, e, phase);

          /* Only what was measured is a bar; the rest leave the slot empty but for a word. */
          if (mark != DYNO_COMPARE_CHART_MARK_NONE)
            {
              if (layout->slots != NULL)
                g_array_append_val (layout->slots, record);
              draw_slot_word (layout, panel, mark, bars_x + e * slot, slot);
              continue;
            }

          {
            double y = round (panel_y (panel, MIN (value, panel->ticks.hi)));

            if (record.cache_doubt == NULL)
              {
                dyno_chart_set_source (cr, &color);
                cairo_rectangle (cr, x, y, w, round (zero) - y);
                cairo_fill (cr);
              }
            else
              draw_doubtful_bar (cr, &color, x, y, w, round (zero) - y);
            label_y = y - 2;
            record.bar = (DynoChartRect) { x, y, w, round (zero) - y };
            if (layout->slots != NULL)
              g_array_append_val (layout->slots, record);
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

          if (figures == FIGURES_NONE)
            continue;
          /* The ratio right over its bar, the figure over the ratio. */
          if (layout->show_ratios && e != baseline)
            {
              g_autofree char *ratio = ratio_text (&cell);

              if (ratio != NULL)
                label_y -= draw_smaller_text (layout, ratio, &style->dim_foreground, cx, label_y);
            }
          {
            g_autofree char *text = bar_label (layout, value, record.cache_doubt);

            if (figures == FIGURES_SMALLER)
              draw_smaller_text (layout, text, &style->foreground, cx, label_y);
            else
              dyno_chart_draw_text (chart, CHART_FONT_SMALL, text, &style->foreground, cx,
                                    label_y, CHART_ALIGN_CENTER, CHART_ALIGN_END);
          }
        }

      draw_phase_name (layout, phase, gx, group);
    }
}

/* The note under the plots: what the ratios and the words in empty slots mean. */
static void
draw_note (CompareLayout *layout)
{
  if (layout->note == NULL)
    return;
  dyno_chart_draw_note (&layout->chart, layout->note, layout->note_box.x, layout->note_box.y);
}

/* ---- drawing: overlay ----------------------------------------------------------------- */

static const char *
overlay_time_unit (const CompareLayout *layout)
{
  if (layout->time_divisor < 1)
    /* Translators: unit of a chart's time axis, milliseconds */
    return C_ ("time unit", "ms");
  return dyno_chart_time_unit_label (layout->time_unit);
}

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
  double last_start = INFINITY;

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
  /* Right to left, each label centred on its tick but kept inside the content box and clear of
   * the one after it; without an axis title, the last one says the unit ("500 ms"). */
  for (guint i = layout->x_ticks.n_ticks; i > 0; i--)
    {
      double t = dyno_ticks_get (&layout->x_ticks, i - 1);
      g_autofree char *number = dyno_ticks_format (&layout->x_ticks, t, layout->time_divisor);
      g_autofree char *label = NULL;
      double w;
      double x;

      if (i == layout->x_ticks.n_ticks && !(chart->decor && chart->decor->axis_titles))
        /* Translators: the last label of a time axis: a number and its unit, "500 ms" */
        label = g_strdup_printf (C_ ("time axis", "%s %s"), number, overlay_time_unit (layout));
      else
        label = g_steal_pointer (&number);
      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      x = CLAMP (overlay_x (layout, t) - w / 2, content->x, content->x + content->width - w);
      if (x + w > last_start - chart->gap)
        continue;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, &chart->style->dim_foreground, x,
                            layout->x_labels_y, CHART_ALIGN_START, CHART_ALIGN_START);
      last_start = x;
    }
  if (chart->decor && chart->decor->axis_titles)
    {
      const char *phase = dyno_phase_get_title (layout->options.phase);
      g_autofree char *title = NULL;

      if (layout->time_divisor < 1)
        /* Translators: the time axis of a chart overlaying one phase of several runs */
        title = g_strdup_printf (_("Time into %s (ms)"), phase);
      else
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
      dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, title, &chart->style->foreground,
                                   plot->x + plot->width / 2, layout->x_title_y, plot->width,
                                   CHART_ALIGN_CENTER, CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
    }

  if (!dyno_compare_chart_has_samples (layout->comparison, layout->options.phase))
    {
      g_autofree char *text
          = g_strdup_printf (_("No live samples of %s: imported results carry none"),
                             dyno_phase_get_title (layout->options.phase));

      dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, text, &chart->style->dim_foreground,
                                   plot->x + plot->width / 2, plot->y + plot->height / 2,
                                   plot->width, CHART_ALIGN_CENTER, CHART_ALIGN_CENTER,
                                   PANGO_ELLIPSIZE_END);
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
  DynoCompareChartArgs args = { comparison, options, cr, width, height, style, decor };
  CompareLayout layout;

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (geometry != NULL);

  if (options->kind == DYNO_COMPARE_CHART_FOREST)
    {
      dyno_compare_chart_forest_get_geometry (&args, geometry);
      return;
    }
  layout_setup (&layout, &args);
  memset (geometry, 0, sizeof *geometry);
  geometry->n_panels = layout.n_panels;
  geometry->content = layout.chart.geometry.content;
  for (guint p = 0; p < layout.n_panels; p++)
    {
      geometry->plots[p] = layout.panels[p].plot;
      geometry->units[p] = layout.panels[p].unit;
      geometry->axis_max[p] = layout.panels[p].ticks.hi;
    }
  geometry->ratios = layout.show_ratios;
  geometry->note = layout.note_box;
  layout_finish (&layout);
}

static void
render (const DynoCompareChartArgs *args, GArray *labels, GArray *slots)
{
  cairo_t *cr = args->cr;
  const DynoChartStyle *style = args->style;
  CompareLayout layout;

  if (args->width <= 0 || args->height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, args->width, args->height);
  cairo_clip (cr);
  if (style->background.alpha > 0)
    {
      dyno_chart_set_source (cr, &style->background);
      cairo_paint (cr);
    }
  if (args->options->kind == DYNO_COMPARE_CHART_FOREST)
    {
      /* Its own file; it has no slots. */
      dyno_compare_chart_forest_draw (args, labels);
      cairo_restore (cr);
      return;
    }

  layout_setup (&layout, args);
  layout.chart.labels = labels;
  layout.slots = slots;
  if (args->options->kind == DYNO_COMPARE_CHART_OVERLAY)
    draw_overlay (&layout);
  else
    {
      for (guint p = 0; p < layout.n_panels; p++)
        draw_bars_panel (&layout, p);
      draw_note (&layout);
    }
  draw_decor (&layout);
  layout_finish (&layout);
  cairo_restore (cr);
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
  DynoCompareChartArgs args = { comparison, options, cr, width, height, style, decor };

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  render (&args, NULL, NULL);
}

GArray *
dyno_compare_chart_get_labels (const DynoComparison          *comparison,
                               const DynoCompareChartOptions *options,
                               cairo_t                       *cr,
                               double                         width,
                               double                         height,
                               const DynoChartStyle          *style,
                               const DynoChartDecor          *decor)
{
  DynoCompareChartArgs args = { comparison, options, cr, width, height, style, decor };
  GArray *labels = dyno_chart_label_array_new ();

  g_return_val_if_fail (comparison != NULL, labels);
  g_return_val_if_fail (options != NULL, labels);
  g_return_val_if_fail (cr != NULL, labels);
  g_return_val_if_fail (style != NULL, labels);

  /* Drawn into a group that is thrown away: the same layout, the same text, nothing shown. */
  cairo_push_group (cr);
  render (&args, labels, NULL);
  cairo_pattern_destroy (cairo_pop_group (cr));
  return labels;
}

GArray *
dyno_compare_chart_get_slots (const DynoComparison          *comparison,
                              const DynoCompareChartOptions *options,
                              cairo_t                       *cr,
                              double                         width,
                              double                         height,
                              const DynoChartStyle          *style,
                              const DynoChartDecor          *decor)
{
  DynoCompareChartArgs args = { comparison, options, cr, width, height, style, decor };
  GArray *slots = g_array_new (FALSE, TRUE, sizeof (DynoCompareChartSlot));

  g_return_val_if_fail (comparison != NULL, slots);
  g_return_val_if_fail (options != NULL, slots);
  g_return_val_if_fail (cr != NULL, slots);
  g_return_val_if_fail (style != NULL, slots);

  cairo_push_group (cr);
  render (&args, NULL, slots);
  cairo_pattern_destroy (cairo_pop_group (cr));
  return slots;
}

typedef struct
{
  const DynoComparison *comparison;
  const DynoCompareChartOptions *options;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
} CompareChart;

static void
draw_compare_chart (cairo_t *cr, double width, double height, gconstpointer data)
{
  const CompareChart *chart = data;

  dyno_compare_chart_render (chart->comparison, chart->options, cr, width, height, chart->style,
                             chart->decor);
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
  CompareChart chart = { comparison, options, style, decor };

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return dyno_chart_export_file (format, path, width, height, scale,
                                 decor ? decor->title : NULL, draw_compare_chart, &chart, error);
}
