/* dyno-chart-labels.c: tick labels, phase names, legend, title and source line
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-chart-render-private.h"

void
dyno_chart_draw_tick_labels (Chart *chart)
{
  const DynoChartRect *plot = &chart->geometry.plot;
  const DynoChartRect *content = &chart->geometry.content;
  const DynoRgba *dim = &chart->style->dim_foreground;
  double last_end = -INFINITY;
  double last_top = INFINITY;

  /* Value labels from the bottom up, each clear of the one under it: on a very short plot some
   * go unlabelled rather than drawn over each other. */
  for (guint i = 0; i < chart->y_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&chart->y_ticks, i);
      double y = dyno_chart_y_rate (chart, v * chart->rate_divisor);
      g_autofree char *label = NULL;

      if (y + chart->line_height / 2 > last_top)
        continue;
      label = dyno_chart_format_rate_tick (chart, v);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim, plot->x - chart->gap, y,
                            CHART_ALIGN_END, CHART_ALIGN_CENTER);
      last_top = y - chart->line_height / 2;
    }

  last_top = INFINITY;
  for (guint i = 0; i < chart->cpu_ticks.n_ticks; i++)
    {
      double v = dyno_ticks_get (&chart->cpu_ticks, i);
      double y = dyno_chart_y_cpu (chart, v);
      g_autofree char *label = NULL;

      if (y + chart->line_height / 2 > last_top)
        continue;
      label = dyno_ticks_format (&chart->cpu_ticks, v, 1);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, label, dim,
                            plot->x + plot->width + chart->gap, y, CHART_ALIGN_START,
                            CHART_ALIGN_CENTER);
      last_top = y - chart->line_height / 2;
    }

  /* Time labels centred on their ticks, kept inside the content box, never overlapping. */
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

      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, dyno_chart_rate_unit_label (chart), dim,
                            plot->x - chart->gap, chart->header.y, CHART_ALIGN_END,
                            CHART_ALIGN_START);
      dyno_chart_draw_text (chart, CHART_FONT_NORMAL, _ ("CPU %"), dim,
                            plot->x + plot->width + chart->gap, chart->header.y, CHART_ALIGN_START,
                            CHART_ALIGN_START);
      if (x + chart->line_height <= content->x + content->width)
        dyno_chart_draw_text (chart, CHART_FONT_NORMAL,
                              dyno_chart_time_unit_label (chart->time_unit), dim, x,
                              chart->x_labels_y, CHART_ALIGN_START, CHART_ALIGN_START);
    }
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

/* In dyno_phase_bonnie () order. */
static const char *const short_names[] = {
  /* Translators: the phase names over the chart, where room is short; keep them short and
   * distinct from one another */
  NC_ ("chart phase", "Putc"),
  NC_ ("chart phase", "Write"),
  NC_ ("chart phase", "Rewrite"),
  NC_ ("chart phase", "Getc"),
  NC_ ("chart phase", "Read"),
  NC_ ("chart phase", "Seeks"),
  NC_ ("chart phase", "Seq create"),
  NC_ ("chart phase", "Seq stat"),
  NC_ ("chart phase", "Seq delete"),
  NC_ ("chart phase", "Rand create"),
  NC_ ("chart phase", "Rand stat"),
  NC_ ("chart phase", "Rand delete"),
};

const char *
dyno_chart_short_phase_name (const DynoPhase *phase)
{
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);

  g_return_val_if_fail (phase != NULL, "");

  for (guint i = 0; i < MIN (n_bonnie, G_N_ELEMENTS (short_names)); i++)
    if (bonnie[i] == phase)
      return g_dpgettext2 (GETTEXT_PACKAGE, "chart phase", short_names[i]);
  /* The others go by their short titles, CrystalDiskMark's "RND4K Q32T1". */
  return dyno_phase_get_short_title (phase);
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
  const DynoChartRect *plot = &chart->geometry.plot;
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->unit);
  const DynoChartSegment *last = NULL;
  guint n = 0;

  for (guint s = 0; s < n_segments; s++)
    {
      const DynoChartSegment *segment = dyno_chart_model_get_segment (chart->model, chart->unit, s);
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

/* Where a name w wide goes over a stretch: centred over it, but within room0..room1 and still
 * over its middle. FALSE when it does not fit so, or the stretch is less than half as wide (the
 * name would stand mostly over something else). */
static gboolean
place_name (const PhaseStretch *stretch, double w, double room0, double room1, double *x)
{
  double middle = (stretch->x0 + stretch->x1) / 2;

  if (w > room1 - room0 || 2 * (stretch->x1 - stretch->x0) < w)
    return FALSE;
  *x = round (CLAMP (middle - w / 2, room0, room1 - w));
  return *x <= middle && *x + w >= middle;
}

/* Lays the names out; with draw, draws them. Each stretch takes the longest name
 * that fits from first_name on (its short label if its phase is in brief), or none. Returns the
 * phases some stretch of which had to go by its short label (a new array). */
static GPtrArray *
lay_out_phase_labels (Chart              *chart,
                      const PhaseStretch *stretches,
                      guint               n,
                      GPtrArray          *brief,
                      gboolean            draw)
{
  const DynoChartRect *plot = &chart->geometry.plot;
  gboolean dots = !(chart->decor && chart->decor->legend);
  double swatch = dots ? round (chart->line_height * 0.6) + chart->gap : 0;
  double cy = chart->header.y + chart->header.height / 2;
  GPtrArray *needs_brief = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      const PhaseStretch *stretch = &stretches[i];
      char *names[3];
      guint n_names = stretch_names (stretch, names);
      /* Its own stretch and half the gaps on either side, so names keep a gap apart; the first
       * and last reach the plot's edges. */
      double room0 = i > 0 ? (stretches[i - 1].x1 + stretch->x0 + chart->gap) / 2 : plot->x;
      double room1 = i + 1 < n ? (stretch->x1 + stretches[i + 1].x0 - chart->gap) / 2
                               : plot->x + plot->width;

      if (stretch->x1 - stretch->x0 >= chart->line_height)
        for (guint t = brief && g_ptr_array_find (brief, stretch->phase, NULL) ? 1 : 0;
             t < n_names; t++)
          {
            double w;
            double x;

            dyno_chart_text_size (chart, CHART_FONT_NORMAL, names[t], &w, NULL);
            w += swatch;
            if (!place_name (stretch, w, room0, room1, &x))
              continue;
            if (t > 0 && !g_ptr_array_find (needs_brief, stretch->phase, NULL))
              g_ptr_array_add (needs_brief, (gpointer) stretch->phase);
            if (draw && dots)
              draw_swatch (chart, stretch->phase, x, cy);
            if (draw)
              dyno_chart_draw_text (chart, CHART_FONT_NORMAL, names[t],
                                    &chart->style->dim_foreground, x + swatch, cy,
                                    CHART_ALIGN_START, CHART_ALIGN_CENTER);
            break;
          }
      for (guint k = 0; k < n_names; k++)
        g_free (names[k]);
    }
  return needs_brief;
}

/* Each stretch of a phase named once over it ("Block write ×3" over three repeats in a row): the
 * full title if it fits, else the short label, else nothing (the colour still tells); a phase
 * that ran more than once (in repeats) goes by its short label everywhere if one of its stretches
 * needs it. A name is centred over its stretch's samples, or moved aside to fit but still over
 * their middle, and may reach halfway into the gaps on either side, never into the next name's
 * room. A stretch narrower than a line of text gets no name. The coloured dot keys the name to the
 * curve; a saved chart's legend does that already. */
void
dyno_chart_draw_phase_labels (Chart *chart)
{
  guint n_segments = dyno_chart_model_get_n_segments (chart->model, chart->unit);
  g_autofree PhaseStretch *stretches = g_new (PhaseStretch, MAX (n_segments, 1));
  guint n = phase_stretches (chart, stretches);
  g_autoptr (GPtrArray) brief = lay_out_phase_labels (chart, stretches, n, NULL, FALSE);

  g_ptr_array_unref (lay_out_phase_labels (chart, stretches, n, brief, TRUE));
}

static void
draw_legend (Chart *chart)
{
  cairo_t *cr = chart->cr;
  const DynoChartRect *content = &chart->geometry.content;
  guint n;
  g_autofree ChartLegendItem *items = dyno_chart_legend_items (chart, &n);
  g_autofree ChartLegendSlot *slots = g_new (ChartLegendSlot, n);
  g_autofree double *widths = g_new (double, n);
  double sample = chart->line_height * 1.4;

  for (guint i = 0; i < n; i++)
    widths[i] = items[i].width;
  dyno_chart_legend_layout (chart, widths, n, sample + chart->gap, chart->line_height,
                            content->width, chart->legend_max_rows, slots);

  for (guint i = 0; i < n; i++)
    {
      double x = content->x + slots[i].x;
      double cy = chart->legend_y + chart->line_height / 2
                  + slots[i].row * chart->legend_row_height;

      if (items[i].kind == 0)
        {
          double h = round (chart->line_height * 0.6);
          DynoRgba color = dyno_chart_style_get_phase_color (chart->style, items[i].phase);

          cairo_rectangle (cr, x, round (cy - h / 2), sample, h);
          dyno_chart_set_source (cr, &color);
          cairo_fill (cr);
        }
      else
        {
          const DynoRgba *color = items[i].kind == 1   ? &chart->style->process_cpu
                                  : items[i].kind == 2 ? &chart->style->system_cpu
                                                       : &chart->style->iowait;
          double w = chart->style->cpu_line_width * (items[i].kind == 1 ? 1.25 : 1);

          if (items[i].kind == 3)
            {
              double dashes[] = { 4 * chart->style->cpu_line_width,
                                  3 * chart->style->cpu_line_width };

              cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
            }
          /* Butt caps: the swatch starts at the content's edge, not a half line before it. */
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          cairo_move_to (cr, x, round (cy) + 0.5);
          cairo_line_to (cr, x + sample, round (cy) + 0.5);
          dyno_chart_set_source (cr, color);
          cairo_set_line_width (cr, w);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        }
      dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, items[i].label,
                                   &chart->style->foreground, x + sample + chart->gap, cy,
                                   slots[i].text_width, CHART_ALIGN_START, CHART_ALIGN_CENTER,
                                   PANGO_ELLIPSIZE_END);
    }
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
  if (decor->axis_titles)
    {
      double cy = plot->y + plot->height / 2;
      const char *rate[] = { dyno_chart_rate_axis_title (chart), dyno_chart_rate_unit_label (chart),
                             NULL };
      /* Translators: title of a saved chart's right axis */
      const char *cpu[] = { _ ("CPU (%)"), _ ("CPU %"), _ ("%"), NULL };

      dyno_chart_draw_text_rotated (chart, rate, &chart->style->foreground, chart->left_title_x, cy,
                                    plot->height);
      dyno_chart_draw_text_rotated (chart, cpu, &chart->style->foreground, chart->right_title_x,
                                    cy, plot->height);
      dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL,
                                   dyno_chart_time_axis_title (chart->time_unit),
                                   &chart->style->foreground, plot->x + plot->width / 2,
                                   chart->x_title_y, plot->width, CHART_ALIGN_CENTER,
                                   CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
    }
  if (chart->source)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_SMALL, chart->source,
                                 &chart->style->dim_foreground, content->x + content->width,
                                 chart->source_y, content->width, CHART_ALIGN_END,
                                 CHART_ALIGN_START, PANGO_ELLIPSIZE_MIDDLE);
}
