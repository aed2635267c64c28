/* dyno-fill-chart-view.c: a fill test's chart, drawn by src/render's dyno-fill-chart.c
 *
 * The same drawing as `dyno-cli fill --chart` and the export, in the widget's palette (light,
 * dark, high contrast) and font. The fill window adds samples to the result on the main thread
 * (and cuts its segments there) and calls _changed once per batch, so a redraw never races the
 * data.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-fill-chart-view"

#include "config.h"

#include <adwaita.h>

#include "dyno-chart.h"
#include "dyno-fill-chart-view.h"
#include "dyno-fill-chart.h"

struct _DynoFillChartView
{
  GtkWidget parent_instance;

  const DynoFillResult *result;
  guint64 planned;
  DynoChartStyle *style; /* made on first draw, dropped when the theme changes */
  guint n_draws;
};

G_DEFINE_FINAL_TYPE (DynoFillChartView, dyno_fill_chart_view, GTK_TYPE_WIDGET)

static void
invalidate_style (DynoFillChartView *self)
{
  g_clear_pointer (&self->style, dyno_chart_style_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
dyno_fill_chart_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DynoFillChartView *self = DYNO_FILL_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->result == NULL || width <= 0 || height <= 0)
    return;
  if (self->style == NULL)
    self->style = dyno_chart_style_new_for_widget (widget, DYNO_RATE_SCALE_MB);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dyno_fill_chart_draw (cr, width, height, self->result, self->planned, self->style);
  cairo_destroy (cr);
  self->n_draws++;
}

static void
dyno_fill_chart_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dyno_fill_chart_view_parent_class)->css_changed (widget, change);
  invalidate_style (DYNO_FILL_CHART_VIEW (widget));
}

static void
dyno_fill_chart_view_finalize (GObject *object)
{
  DynoFillChartView *self = DYNO_FILL_CHART_VIEW (object);

  g_clear_pointer (&self->style, dyno_chart_style_free);
  G_OBJECT_CLASS (dyno_fill_chart_view_parent_class)->finalize (object);
}

static void
dyno_fill_chart_view_class_init (DynoFillChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dyno_fill_chart_view_finalize;
  widget_class->snapshot = dyno_fill_chart_view_snapshot;
  widget_class->css_changed = dyno_fill_chart_view_css_changed;
  gtk_widget_class_set_css_name (widget_class, "fillchart");
}

static void
dyno_fill_chart_view_init (DynoFillChartView *self)
{
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (invalidate_style), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (invalidate_style), self, G_CONNECT_SWAPPED);
}

GtkWidget *
dyno_fill_chart_view_new (void)
{
  return g_object_new (DYNO_TYPE_FILL_CHART_VIEW, NULL);
}

void
dyno_fill_chart_view_set_result (DynoFillChartView    *self,
                                 const DynoFillResult *result,
                                 guint64               planned)
{
  g_return_if_fail (DYNO_IS_FILL_CHART_VIEW (self));

  self->result = result;
  self->planned = planned;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dyno_fill_chart_view_changed (DynoFillChartView *self)
{
  g_return_if_fail (DYNO_IS_FILL_CHART_VIEW (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
dyno_fill_chart_view_get_n_draws (DynoFillChartView *self)
{
  g_return_val_if_fail (DYNO_IS_FILL_CHART_VIEW (self), 0);
  return self->n_draws;
}
