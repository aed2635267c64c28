/* dyno-compare-graph.c
 *
 * Draws with the GTK-free renderer of src/render, the code that also writes the exported files,
 * into a picture kept between frames: a comparison does not change while it is shown, so only a
 * new size, theme, unit, phase or baseline draws it again (an overlay of long runs walks
 * thousands of samples per line; redrawing that on every frame of a scroll would show).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-compare-graph"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dyno-chart.h"
#include "dyno-compare-graph.h"

#define MIN_WIDTH 260

struct _DynoCompareGraph
{
  GtkWidget parent_instance;

  DynoComparison *comparison;
  DynoCompareChartOptions options;
  DynoChartStyle *style; /* rebuilt when the theme changes */
  DynoRateScale rate_scale;

  cairo_surface_t *picture;
  int picture_width;
  int picture_height;
  int picture_scale;
};

G_DEFINE_FINAL_TYPE (DynoCompareGraph, dyno_compare_graph, GTK_TYPE_WIDGET)

static void
drop_picture (DynoCompareGraph *self)
{
  g_clear_pointer (&self->picture, cairo_surface_destroy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drop_style (DynoCompareGraph *self)
{
  g_clear_pointer (&self->style, dyno_chart_style_free);
  drop_picture (self);
}

/* As DynoChart does: the palette from libadwaita's dark and high-contrast state, the text colour
 * and a font a size below the interface's from the widget. */
static const DynoChartStyle *
get_style (DynoCompareGraph *self)
{
  if (self->style == NULL)
    self->style = dyno_chart_style_new_for_widget (GTK_WIDGET (self), self->rate_scale);
  return self->style;
}

static void
dyno_compare_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DynoCompareGraph *self = DYNO_COMPARE_GRAPH (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  DynoChartDecor decor;
  cairo_t *cr;

  if (width <= 0 || height <= 0 || self->comparison == NULL)
    return;

  if (self->picture == NULL || self->picture_width != width || self->picture_height != height
      || self->picture_scale != scale)
    {
      cairo_t *picture_cr;

      g_clear_pointer (&self->picture, cairo_surface_destroy);
      self->picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale,
                                                  height * scale);
      cairo_surface_set_device_scale (self->picture, scale, scale);
      picture_cr = cairo_create (self->picture);
      /* A legend (which colour is which run) and titled axes, as in the exported files; the
       * title and source line are the page's own text around the chart. */
      dyno_chart_decor_init (&decor);
      dyno_compare_chart_render (self->comparison, &self->options, picture_cr, width, height,
                                 get_style (self), &decor);
      cairo_destroy (picture_cr);
      self->picture_width = width;
      self->picture_height = height;
      self->picture_scale = scale;
    }

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source_surface (cr, self->picture, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
}

static void
dyno_compare_graph_measure (GtkWidget *widget,
                            GtkOrientation orientation,
                            int for_size,
                            int *minimum,
                            int *natural,
                            int *minimum_baseline,
                            int *natural_baseline)
{
  DynoCompareGraph *self = DYNO_COMPARE_GRAPH (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int wanted = MIN_WIDTH;

      /* Bars stay readable: room for each phase's group and its name, else the card scrolls
       * sideways (as the table does) rather than drawing names over each other. */
      if (self->comparison != NULL && self->options.kind != DYNO_COMPARE_CHART_OVERLAY
          && self->options.kind != DYNO_COMPARE_CHART_FOREST)
        {
          g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (self->comparison);
          guint n_entries = dyno_comparison_get_n_entries (self->comparison);
          int n_phases = (int) phases->len;

          wanted = MAX (wanted, 100 + n_phases * MAX (64, (int) n_entries * 16 + 24));
        }
      *minimum = wanted;
      *natural = MAX (wanted, 720);
      return;
    }
  /* Bars need room for a figure and a ratio over each, the legend above and the note under
   * them (what the ratios and the words in empty slots mean). The page scrolls, and gives its
   * children their minimum height: ask for the height wanted. */
  switch (self->options.kind)
    {
    case DYNO_COMPARE_CHART_BARS:
      *minimum = *natural = 410;
      break;
    case DYNO_COMPARE_CHART_CPU:
      /* The rotated "CPU (%, 100 = one core)" needs the height. */
      *minimum = *natural = 370;
      break;
    case DYNO_COMPARE_CHART_FOREST:
      /* A row per phase and entry but the baseline, under its group's title: the plot grows
       * with the rows rather than squeezing them. */
      {
        int n_rows = 1;

        if (self->comparison != NULL)
          {
            g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (self->comparison);
            guint n_entries = dyno_comparison_get_n_entries (self->comparison);

            n_rows = MAX (1, (int) phases->len * (int) MAX (n_entries, 2) - (int) phases->len);
          }
        /* Rows of two lines: on the page (at most the clamp's 760 px wide) the verdicts'
         * column is too narrow for "no difference larger than 5 % (−2.1 to +0.1 %)" on one
         * line, and the chart wraps the words rather than cut them ("96… (469 to 1894 %)").
         * Not height-for-width: the sideways scroller around it asks for a height without a
         * width. */
        *minimum = *natural = 190 + n_rows * 56;
      }
      break;
    case DYNO_COMPARE_CHART_OVERLAY:
    default:
      *minimum = *natural = 380;
      break;
    }
}

static void
dyno_compare_graph_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dyno_compare_graph_parent_class)->css_changed (widget, change);
  drop_style (DYNO_COMPARE_GRAPH (widget));
}

static void
update_label (DynoCompareGraph *self)
{
  g_autofree char *label = NULL;

  switch (self->options.kind)
    {
    case DYNO_COMPARE_CHART_BARS:
      label = g_strdup (_("Rates per phase, one bar per run, with the ratio to the baseline"));
      break;
    case DYNO_COMPARE_CHART_CPU:
      label = g_strdup (_("Processor use per phase, one bar per run"));
      break;
    case DYNO_COMPARE_CHART_OVERLAY:
    default:
      /* TRANSLATORS: accessible name of a chart; %s is a phase, "Block write" */
      label = g_strdup_printf (_("%s over time, one line per run"),
                               dyno_phase_get_title (self->options.phase));
      break;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
dyno_compare_graph_finalize (GObject *object)
{
  DynoCompareGraph *self = DYNO_COMPARE_GRAPH (object);

  g_clear_pointer (&self->comparison, dyno_comparison_unref);
  g_clear_pointer (&self->style, dyno_chart_style_free);
  g_clear_pointer (&self->picture, cairo_surface_destroy);
  G_OBJECT_CLASS (dyno_compare_graph_parent_class)->finalize (object);
}

static void
dyno_compare_graph_class_init (DynoCompareGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dyno_compare_graph_finalize;
  widget_class->snapshot = dyno_compare_graph_snapshot;
  widget_class->measure = dyno_compare_graph_measure;
  widget_class->css_changed = dyno_compare_graph_css_changed;

  gtk_widget_class_set_css_name (widget_class, "dynocomparegraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dyno_compare_graph_init (DynoCompareGraph *self)
{
  dyno_compare_chart_options_init (&self->options, DYNO_COMPARE_CHART_BARS);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (drop_style), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (drop_style), self, G_CONNECT_SWAPPED);
}

GtkWidget *
dyno_compare_graph_new (DynoCompareChartKind kind)
{
  DynoCompareGraph *self = g_object_new (DYNO_TYPE_COMPARE_GRAPH, NULL);

  dyno_compare_chart_options_init (&self->options, kind);
  update_label (self);
  return GTK_WIDGET (self);
}

DynoCompareChartKind
dyno_compare_graph_get_kind (DynoCompareGraph *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_GRAPH (self), DYNO_COMPARE_CHART_BARS);
  return self->options.kind;
}

void
dyno_compare_graph_set_comparison (DynoCompareGraph *self, DynoComparison *comparison)
{
  g_return_if_fail (DYNO_IS_COMPARE_GRAPH (self));

  if (self->comparison == comparison)
    return;
  g_clear_pointer (&self->comparison, dyno_comparison_unref);
  if (comparison != NULL)
    self->comparison = dyno_comparison_ref (comparison);
  drop_picture (self);
  /* The width bars need depends on the phases and runs. */
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

DynoComparison *
dyno_compare_graph_get_comparison (DynoCompareGraph *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_GRAPH (self), NULL);
  return self->comparison;
}

void
dyno_compare_graph_set_phase (DynoCompareGraph *self, const DynoPhase *phase)
{
  g_return_if_fail (DYNO_IS_COMPARE_GRAPH (self));
  g_return_if_fail (phase != NULL);

  if (self->options.phase == phase)
    return;
  self->options.phase = phase;
  update_label (self);
  drop_picture (self);
}

const DynoPhase *
dyno_compare_graph_get_phase (DynoCompareGraph *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_GRAPH (self), NULL);
  return self->options.phase;
}

void
dyno_compare_graph_set_rate_scale (DynoCompareGraph *self, DynoRateScale scale)
{
  g_return_if_fail (DYNO_IS_COMPARE_GRAPH (self));

  if (self->rate_scale == scale)
    return;
  self->rate_scale = scale;
  drop_style (self);
}

void
dyno_compare_graph_invalidate (DynoCompareGraph *self)
{
  g_return_if_fail (DYNO_IS_COMPARE_GRAPH (self));
  drop_picture (self);
}

const DynoCompareChartOptions *
dyno_compare_graph_get_options (DynoCompareGraph *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_GRAPH (self), NULL);
  return &self->options;
}
