/* dyno-chart-labels.c: tick labels, phase names, legend, title and source line
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-chart-layout.h"

/* One panel's value labels from the bottom up, each clear of the one under it: on a very short
 * plot some go unlabelled rather than drawn over each other. */
static void
draw_value_labels (Chart *chart)
{
  const ChartPanel *panel = chart->panel;
  const DynoChartRect *plot = &panel->plot;
  const DynoRgba *dim = &chart->style->dim_foreground;
  double last_top = INFINITY;

  for (guint i = 0; i < panel->y_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&panel->y_ticks, i);
      double y = dyno_chart_y_rate (chart, v * panel->rate_divisor);
      g_autofree char *label = NULL;

      if (y + chart->line_height / 2 > last_top)
        continue;
      label = dyno_chart_format_rate_tick (chart, v);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim, plot->x - chart->gap, y,
                            CHART_ALIGN_END, CHART_ALIGN_CENTER);
      last_top = y - chart->line_height / 2;
    }

  last_top = INFINITY;
  for (guint i = 0; i < panel->cpu_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&panel->cpu_ticks, i);
      double y = dyno_chart_y_cpu (chart, v);
      g_autofree char *label = NULL;

      if (y + chart->line_height / 2 > last_top)
        continue;
      label = dyno_ticks_format (&panel->cpu_ticks, v, 1);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim,
                            plot->x + plot->width + chart->gap, y, CHART_ALIGN_START,
                            CHART_ALIGN_CENTER);
      last_top = y - chart->line_height / 2;
    }
}

void
dyno_chart_draw_tick_labels (Chart *chart)
{
  const DynoChartRect *plot = &chart->geometry.plot;
  const DynoChartRect *content = &chart->geometry.content;
  const DynoRgba *dim = &chart->style->dim_foreground;
  const ChartPanel *drawn = chart->panel;
  double last_end = -INFINITY;

  for (guint p = 0; p < chart->n_panels; p++)
    {
      chart->panel = &chart->panels[p];
      draw_value_labels (chart);
    }
  chart->panel = drawn;

  /* Time labels under the last panel, centred on their ticks, kept inside the content box, never
   * overlapping. */
  for (guint i = 0; i < chart->x_ticks.n_ticks; i++)
    {
      double t = dyno_ticks_get (&chart->x_ticks, i);
      g_autofree char *label = dyno_ticks_format (&chart->x_ticks, t,
                                                  dyno_time_unit_seconds (chart->time_unit));
      double w;
      double x;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, label, &w, NULL);
      x = dyno_chart_x (chart, t) - w / 2;
      x = CLAMP (x, content->x, content->x + content->width - w);
      if (x < last_end + chart->gap)
        continue;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim, x, chart->x_labels_y,
                            CHART_ALIGN_START, CHART_ALIGN_START);
      last_end = x + w;
    }

  if (!(chart->decor && chart->decor->axis_titles))
    {
      double x = MAX (plot->x + plot->width + chart->gap, last_end + chart->gap);
      double w;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL,
                            dyno_chart_time_unit_label (chart->time_unit), &w, NULL);
      if (x + w <= content->x + content->width)
        dyno_chart_draw_text (chart, CHART_FONT_NORMAL,
                              dyno_chart_time_unit_label (chart->time_unit), dim, x,
                              chart->x_labels_y, CHART_ALIGN_START, CHART_ALIGN_START);
    }
}

/* Without axis titles (which name the panels beside them), each panel's title over its left end
 * ("Throughput (MB/s)") and the CPU axis's unit over its right end; the title is shortened to
 * stay clear of the unit. */
void
dyno_chart_draw_panel_titles (Chart *chart)
{
  const DynoChartRect *content = &chart->geometry.content;
  const ChartPanel *drawn = chart->panel;
  double cpu_w = 0;

  if (chart->decor && chart->decor->axis_titles)
    return;
  /* Translators: unit of the chart's right axis */
  dyno_chart_text_size (chart, CHART_FONT_NORMAL, _ ("CPU %"), &cpu_w, NULL);
  for (guint p = 0; p < chart->n_panels; p++)
    {
      const ChartPanel *panel = &chart->panels[p];
      double room = content->width - cpu_w - 2 * chart->gap;

      chart->panel = panel;
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, _ ("CPU %"), &chart->style->dim_foreground,
                            content->x + content->width, panel->title_y, CHART_ALIGN_END,
                            CHART_ALIGN_START);
      /* A pixel in: a "T" reaches a little left of its box. */
      if (room >= chart->line_height * 2)
        dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, dyno_chart_panel_title (chart),
                                     &chart->style->foreground, content->x + 1, panel->title_y,
                                     room - 1, CHART_ALIGN_START, CHART_ALIGN_START,
                                     PANGO_ELLIPSIZE_END);
    }
  chart->panel = drawn;
}

static void
draw_swatch (Chart *chart, const DynoPhase *phase, double x, double cy)
{
  double r = round (chart->line_height * 0.3);
  DynoRgba color = dyno_chart_style_get_phase_color (chart->style, phase);

  dyno_chart_set_source (chart->cr, &color);
  cairo_arc (chart->cr, x + r, cy, r, 0, 2 * G_PI);
  cairo_fill (chart->cr);
}

const char *
dyno_chart_short_phase_name (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, "");
  return dyno_phase_get_chart_name (phase);
}

/* A run of segments of one phase, one after another in the unit (the repeats of a phase when it
 * is the only one of its unit that ran), named once. */
typedef struct
{
  const DynoPhase *phase;
  guint n_segments;
  double x0; /* where its samples start and end */
  double x1;
} PhaseStretch;

static guint
phase_stretches (Chart *chart, PhaseStretch *stretches)
{
  const DynoChartRect *plot = &chart->panel->plot;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);
  const DynoChartSegment *last = NULL;
  guint n = 0;

  for (guint s = 0; s < n_segments; s++)
    {
      const DynoChartSegment *segment = dyno_chart_model_get_segment (chart->model,
                                                                      chart->panel->unit, s);
      double x0 = CLAMP (dyno_chart_x (chart, segment->t_start), plot->x, plot->x + plot->width);
      double x1 = CLAMP (dyno_chart_x (chart, segment->t_end), plot->x, plot->x + plot->width);

      if (last != NULL && last->phase == segment->phase && last->target == segment->target)
        {
          stretches[n - 1].n_segments++;
          stretches[n - 1].x1 = x1;
        }
      else
        {
          stretches[n++] = (PhaseStretch) { segment->phase, 1, x0, x1 };
        }
      last = segment;
    }
  return n;
}

/* The names a stretch may go by, longest first: "Block write ×3", "Write ×3", "Write". */
static guint
stretch_names (const PhaseStretch *stretch, char *names[3])
{
  guint n = 0;

  if (stretch->n_segments > 1)
    {
      /* Translators: a phase's name over the chart where it ran several times in a row,
       * "Block write ×3" */
      names[n++] = g_strdup_printf (_ ("%s ×%u"), dyno_phase_get_title (stretch->phase),
                                    stretch->n_segments);
      names[n++] = g_strdup_printf (_ ("%s ×%u"), dyno_chart_short_phase_name (stretch->phase),
                                    stretch->n_segments);
    }
  else
    {
      names[n++] = g_strdup (dyno_phase_get_title (stretch->phase));
    }
  names[n++] = g_strdup (dyno_chart_short_phase_name (stretch->phase));
  return n;
}

/* A name may stand over its neighbours too, but not mostly: at most this many times as wide as
 * its own stretch. */
#define NAME_REACH 4

/* Where a name w wide goes over a stretch: centred over its samples, moved aside to stay on the
 * plot but still over their middle. FALSE when it does not fit so. */
static gboolean
place_name (const Chart *chart, const PhaseStretch *stretch, double w, double *x)
{
  const DynoChartRect *plot = &chart->panel->plot;
  double middle = (stretch->x0 + stretch->x1) / 2;

  if (w > plot->width || w > NAME_REACH * (stretch->x1 - stretch->x0))
    return FALSE;
  *x = round (CLAMP (middle - w / 2, plot->x, plot->x + plot->width - w));
  return *x <= middle && *x + w >= middle;
}

/* Stretch i is the widest of its phase's (the first of equals). */
static gboolean
widest_of_its_phase (const PhaseStretch *stretches, guint n, guint i)
{
  double width = stretches[i].x1 - stretches[i].x0;

  for (guint j = 0; j < n; j++)
    if (j != i && stretches[j].phase == stretches[i].phase)
      {
        double other = stretches[j].x1 - stretches[j].x0;

        if (other > width || (other == width && j < i))
          return FALSE;
      }
  return TRUE;
}

static void
add_unnamed (GPtrArray *phases, const DynoPhase *phase)
{
  if (phases != NULL && !g_ptr_array_find (phases, phase, NULL))
    g_ptr_array_add (phases, (gpointer) phase);
}

/* Lays the names out from left to right in n_rows rows, each name in the first row where it
 * stays a gap clear of the name before it; with draw, draws them. Each stretch takes the
 * longest name that fits (from its short label on if its phase is in brief), or none. Returns
 * the phases some stretch of which had to go by its short label (a new array); *unnamed tells
 * whether a stretch wide enough for a name got none. */
static GPtrArray *
lay_out_phase_labels (Chart              *chart,
                      const PhaseStretch *stretches,
                      guint               n,
                      GPtrArray          *brief,
                      guint               n_rows,
                      gboolean            draw,
                      gboolean           *unnamed,
                      GPtrArray          *unnamed_phases)
{
  gboolean dots = !(chart->decor && (chart->decor->legend || chart->decor->no_key));
  double swatch = dots ? round (chart->line_height * 0.6) + chart->gap : 0;
  double row_end[DYNO_CHART_MAX_NAME_ROWS] = { -INFINITY, -INFINITY };
  double row_limit[DYNO_CHART_MAX_NAME_ROWS] = { INFINITY, INFINITY };
  GPtrArray *needs_brief = g_ptr_array_new ();
  const char *clipped = chart->clipped[chart->panel - chart->panels];

  /* The first row ends before the note of a spike above the axis, at its right. */
  if (clipped != NULL)
    {
      double w;

      dyno_chart_text_size (chart, CHART_FONT_NORMAL, clipped, &w, NULL);
      row_limit[0] = chart->panel->plot.x + chart->panel->plot.width - w - chart->gap;
    }

  g_assert (n_rows >= 1 && n_rows <= DYNO_CHART_MAX_NAME_ROWS);
  *unnamed = FALSE;
  for (guint i = 0; i < n; i++)
    {
      const PhaseStretch *stretch = &stretches[i];
      char *names[3];
      guint n_names;
      guint first;
      gboolean named = FALSE;

      /* Too narrow to name: the colour still tells. A phase is named over its widest stretch
       * only: its other repeats are told by the colour, rather than "Seeks, Seeks" along the
       * row, and the widest has the most room for its full title. */
      if (!widest_of_its_phase (stretches, n, i))
        continue;
      if (stretch->x1 - stretch->x0 < chart->line_height)
        {
          add_unnamed (unnamed_phases, stretch->phase);
          continue;
        }
      n_names = stretch_names (stretch, names);
      /* The longest name that fits over the stretch itself, else the shortest that may reach
       * over its neighbours. */
      first = brief && g_ptr_array_find (brief, stretch->phase, NULL) ? 1 : 0;
      for (guint tier = 0; tier < 2 && !named; tier++)
        for (guint t = tier == 0 ? first : n_names - 1; t < n_names && !named; t++)
          {
            double w;
            double x;

            dyno_chart_text_size (chart, CHART_FONT_NORMAL, names[t], &w, NULL);
            w += swatch;
            if (tier == 0 && w > stretch->x1 - stretch->x0 + chart->gap)
              continue;
            if (!place_name (chart, stretch, w, &x))
              continue;
            for (guint r = 0; r < n_rows && !named; r++)
              {
                double cy = chart->panel->header.y + chart->line_height * (r + 0.5);

                if (x < row_end[r] + chart->gap || x + w > row_limit[r])
                  continue;
                named = TRUE;
                row_end[r] = x + w;
                if (t > 0 && !g_ptr_array_find (needs_brief, stretch->phase, NULL))
                  g_ptr_array_add (needs_brief, (gpointer) stretch->phase);
                if (draw && dots)
                  draw_swatch (chart, stretch->phase, x, cy);
                if (draw)
                  dyno_chart_draw_text (chart, CHART_FONT_NORMAL, names[t],
                                        &chart->style->dim_foreground, x + swatch, cy,
                                        CHART_ALIGN_START, CHART_ALIGN_CENTER);
              }
          }
      *unnamed |= !named;
      if (!named)
        add_unnamed (unnamed_phases, stretch->phase);
      for (guint k = 0; k < n_names; k++)
        g_free (names[k]);
    }
  return needs_brief;
}

/* Lays out chart->panel's names in n_rows; returns whether every stretch wide enough got one.
 * Adds the phases left without a name to unnamed_phases, when given. */
static gboolean
phase_labels (Chart *chart, guint n_rows, gboolean draw, GPtrArray *unnamed_phases)
{
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->panel->unit);
  g_autofree PhaseStretch *stretches = g_new (PhaseStretch, MAX (n_segments, 1));
  guint n = phase_stretches (chart, stretches);
  gboolean unnamed;
  g_autoptr (GPtrArray) brief = lay_out_phase_labels (chart, stretches, n, NULL, n_rows, FALSE,
                                                      &unnamed, NULL);

  g_ptr_array_unref (lay_out_phase_labels (chart, stretches, n, brief, n_rows, draw, &unnamed,
                                           unnamed_phases));
  return !unnamed;
}

/* Each phase named once, over the widest of its stretches ("Block write ×3" over three repeats
 * in a row): the full title if it fits, as the legend says it, else its kind's chart name, else
 * nothing (the colour still tells); its other stretches (other repeats) go unnamed, as the
 * legend names a phase once. A name is centred over its stretch's samples, or moved aside to
 * stay on the plot but still over their middle; it may reach over its neighbours (NAME_REACH), but never over another
 * name: where the row has no room it goes to the second row (when the panel has one), else
 * unnamed. A stretch narrower than a line of text gets no name. The coloured dot keys the name to
 * the curve; a saved chart's legend does that already. */
void
dyno_chart_draw_phase_labels (Chart *chart)
{
  const ChartPanel *panel = chart->panel;
  const char *clipped = chart->clipped[panel - chart->panels];

  phase_labels (chart, (guint) round (panel->header.height / chart->line_height), TRUE, NULL);
  if (clipped != NULL)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, clipped, &chart->style->foreground,
                                 panel->plot.x + panel->plot.width,
                                 panel->header.y + chart->line_height / 2, panel->plot.width,
                                 CHART_ALIGN_END, CHART_ALIGN_CENTER, PANGO_ELLIPSIZE_END);
}

guint
dyno_chart_phase_label_rows (Chart *chart)
{
  if (phase_labels (chart, 1, FALSE, NULL))
    return 1;
  return DYNO_CHART_MAX_NAME_ROWS;
}

/* The phases of chart->panel that n_rows of names leave unnamed (too narrow a stretch, or no
 * room in the rows), added to phases: the key names them, so that every phase drawn is named
 * somewhere. */
void
dyno_chart_add_unnamed_phases (Chart *chart, guint n_rows, GPtrArray *phases)
{
  phase_labels (chart, n_rows, FALSE, phases);
}

void
dyno_chart_draw_swatch (Chart *chart, const ChartLegendItem *item, double x, double cy,
                        double width)
{
  cairo_t *cr = chart->cr;
  const DynoChartStyle *style = chart->style;
  double h = round (chart->line_height * 0.6);
  const DynoRgba *color;
  double line_width = style->cpu_line_width;

  switch (item->kind)
    {
    case CHART_KEY_PHASE:
      {
        DynoRgba phase_color = dyno_chart_style_get_phase_color (style, item->phase);

        cairo_rectangle (cr, x, round (cy - h / 2), width, h);
        dyno_chart_set_source (cr, &phase_color);
        cairo_fill (cr);
      }
      return;
    case CHART_KEY_RATE:
      {
        /* A stripe per phase drawn (the first few), the colours the curves take. */
        g_autoptr (GPtrArray) bytes = dyno_chart_model_get_phases (chart->model, DYNO_UNIT_BYTES);
        g_autoptr (GPtrArray) ops = dyno_chart_model_get_phases (chart->model, DYNO_UNIT_OPS);
        guint n = MIN (bytes->len + ops->len, DYNO_CHART_KEY_STRIPES);

        if (n == 0)
          {
            cairo_rectangle (cr, x, round (cy - h / 2), width, h);
            dyno_chart_set_source (cr, &style->dim_foreground);
            cairo_fill (cr);
            return;
          }
        for (guint i = 0; i < n; i++)
          {
            const DynoPhase *phase = i < bytes->len ? g_ptr_array_index (bytes, i)
                                                    : g_ptr_array_index (ops, i - bytes->len);
            DynoRgba phase_color = dyno_chart_style_get_phase_color (style, phase);
            double x0 = round (x + width * i / n);
            double x1 = round (x + width * (i + 1) / n);

            cairo_rectangle (cr, x0, round (cy - h / 2), x1 - x0, h);
            dyno_chart_set_source (cr, &phase_color);
            cairo_fill (cr);
          }
      }
      return;
    case CHART_KEY_REST:
      cairo_rectangle (cr, x, round (cy - h / 2), width, h);
      dyno_chart_set_source (cr, &style->grid);
      cairo_fill (cr);
      return;
    case CHART_KEY_FIGURE:
      {
        double dashes[] = { 6, 4 };

        color = &style->foreground;
        line_width = style->line_width;
        cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      }
      break;
    case CHART_KEY_CLIPPED:
      return;
    case CHART_KEY_PROCESS:
      color = &style->process_cpu;
      line_width *= 1.25;
      break;
    case CHART_KEY_SYSTEM:
      color = &style->system_cpu;
      break;
    case CHART_KEY_IOWAIT:
    default:
      {
        double dashes[] = { 4 * style->cpu_line_width, 3 * style->cpu_line_width };

        color = &style->iowait;
        cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      }
      break;
    }
  /* Butt caps: the swatch starts at its edge, not a half line before it. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_move_to (cr, x, round (cy) + 0.5);
  cairo_line_to (cr, x + width, round (cy) + 0.5);
  dyno_chart_set_source (cr, color);
  cairo_set_line_width (cr, line_width);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

/* Items laid out from y in rows of chart->legend_row_height, max_rows at most. */
static void
draw_items (Chart *chart, const ChartLegendItem *items, guint n, double y, guint max_rows)
{
  const DynoChartRect *content = &chart->geometry.content;
  g_autofree ChartLegendSlot *slots = g_new (ChartLegendSlot, MAX (n, 1));
  g_autofree double *widths = g_new (double, MAX (n, 1));
  double sample = chart->line_height * 1.4;

  for (guint i = 0; i < n; i++)
    widths[i] = items[i].width;
  dyno_chart_legend_layout (chart, widths, n, sample + chart->gap, chart->line_height,
                            content->width, max_rows, slots);

  for (guint i = 0; i < n; i++)
    {
      double x = content->x + slots[i].x;
      double cy = y + chart->line_height / 2 + slots[i].row * chart->legend_row_height;

      dyno_chart_draw_swatch (chart, &items[i], x, cy, sample);
      dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, items[i].label,
                                   &chart->style->foreground, x + sample + chart->gap, cy,
                                   slots[i].text_width, CHART_ALIGN_START, CHART_ALIGN_CENTER,
                                   PANGO_ELLIPSIZE_END);
    }
}

static void
draw_legend (Chart *chart)
{
  guint n;
  g_autofree ChartLegendItem *items = dyno_chart_legend_items (chart, &n);

  draw_items (chart, items, n, chart->legend_y, chart->legend_max_rows);
}

void
dyno_chart_draw_key (Chart *chart)
{
  guint n;
  g_autofree ChartLegendItem *items = dyno_chart_key_items (chart, &n);

  draw_items (chart, items, n, chart->key_y, 2);
}

void
dyno_chart_draw_titles (Chart *chart, double title_y, double subtitle_y)
{
  const DynoChartDecor *decor = chart->decor;
  const DynoChartRect *content = &chart->geometry.content;

  if (decor->title)
    {
      g_autoptr (PangoLayout) title = dyno_chart_wrapped_layout (chart, CHART_FONT_TITLE,
                                                                 decor->title, content->width,
                                                                 dyno_chart_title_lines (chart),
                                                                 PANGO_ALIGN_LEFT);

      dyno_chart_show_layout (chart, title, decor->title, &chart->style->foreground, content->x,
                              title_y);
    }
  if (decor->subtitle)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, decor->subtitle,
                                 &chart->style->dim_foreground, content->x, subtitle_y,
                                 content->width, CHART_ALIGN_START, CHART_ALIGN_START,
                                 PANGO_ELLIPSIZE_END);
}

char *
dyno_chart_source_line (const DynoChartDecor *decor)
{
  if (decor->source)
    return g_strdup (decor->source);
  /* Translators: the source line under a saved chart; the first %s is Dyno's version, the
   * second the computer's host name */
  return g_strdup_printf (_ ("Measured with Dyno %s on %s"), PACKAGE_VERSION, decor->host);
}

void
dyno_chart_draw_decor (Chart *chart)
{
  const DynoChartDecor *decor = chart->decor;
  const DynoChartRect *plot = &chart->geometry.plot;
  const DynoChartRect *content = &chart->geometry.content;

  dyno_chart_draw_titles (chart, chart->title_y, chart->subtitle_y);
  if (decor->legend)
    draw_legend (chart);
  if (decor->axis_titles && dyno_chart_has_room (chart))
    {
      const ChartPanel *drawn = chart->panel;
      /* Translators: title of a saved chart's right axis */
      const char *cpu[] = { _ ("CPU (%)"), _ ("CPU %"), _ ("%"), NULL };

      for (guint p = 0; p < chart->n_panels; p++)
        {
          const DynoChartRect *panel_plot = &chart->panels[p].plot;
          double cy = panel_plot->y + panel_plot->height / 2;
          const char *rate[4];

          /* The panel's title, where the axis is long enough. */
          chart->panel = &chart->panels[p];
          rate[0] = dyno_chart_panel_title (chart);
          rate[1] = dyno_chart_rate_axis_title (chart);
          rate[2] = dyno_chart_rate_unit_label (chart);
          rate[3] = NULL;
          dyno_chart_draw_text_rotated (chart, rate, &chart->style->foreground,
                                        chart->left_title_x, cy, panel_plot->height);
          dyno_chart_draw_text_rotated (chart, cpu, &chart->style->foreground,
                                        chart->right_title_x, cy, panel_plot->height);
        }
      chart->panel = drawn;
      dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL,
                                   dyno_chart_time_axis_title (chart->time_unit),
                                   &chart->style->foreground, plot->x + plot->width / 2,
                                   chart->x_title_y, plot->width, CHART_ALIGN_CENTER,
                                   CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
    }
  if (chart->note)
    dyno_chart_draw_note (chart, chart->note, content->x, chart->note_y);
  if (chart->source)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_SMALL, chart->source,
                                 &chart->style->dim_foreground, content->x + content->width,
                                 chart->source_y, content->width, CHART_ALIGN_END,
                                 CHART_ALIGN_START, PANGO_ELLIPSIZE_MIDDLE);
}
