/* dyno-chart.c: the live chart, drawn by the GTK-free renderer in src/render
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dyno-chart-model.h"
#include "dyno-chart-render.h"
#include "dyno-chart-tiles.h"
#include "dyno-chart.h"

#define MIN_WIDTH 200
/* Two panels (throughput over operations), each a title, a row of names and a plot. */
#define MIN_HEIGHT 220
#define NATURAL_WIDTH 640
#define NATURAL_HEIGHT 360

struct _DynoChart
{
  GtkWidget parent_instance;

  DynoChartModel *model;
  /* The picture of the last frame: a frame after an append redraws only the curve's end. */
  DynoChartCache *cache;
  /* That picture as GTK gets it: only tiles that changed are new to it. */
  DynoChartTiles *tiles;
  /* Rebuilt lazily when the theme changes: dark, high contrast or the text colour. */
  DynoChartStyle *style;
  DynoRateScale rate_scale;
  const DynoPhase *described_phase; /* the phase the accessible description names, or NULL */
};

G_DEFINE_FINAL_TYPE (DynoChart, dyno_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_N_SAMPLES,
  PROP_RATE_SCALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dyno_chart_invalidate_style (DynoChart *self)
{
  g_clear_pointer (&self->style, dyno_chart_style_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

DynoChartStyle *
dyno_chart_style_new_for_widget (GtkWidget *widget, DynoRateScale rate_scale)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);
  const PangoFontDescription *font;
  DynoChartPalette palette;
  DynoChartStyle *style;
  GdkRGBA color;
  DynoRgba fg;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  if (adw_style_manager_get_high_contrast (manager))
    palette = dark ? DYNO_CHART_PALETTE_HIGH_CONTRAST_DARK : DYNO_CHART_PALETTE_HIGH_CONTRAST;
  else
    palette = dark ? DYNO_CHART_PALETTE_DARK : DYNO_CHART_PALETTE_LIGHT;

  style = dyno_chart_style_new (palette);
  style->rate_scale = rate_scale;
  /* The widget draws on whatever its parent (a card, the window) painted. */
  style->background.alpha = 0;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  fg = (DynoRgba) { color.red, color.green, color.blue, color.alpha };
  dyno_chart_style_set_foreground (style, &fg);

  /* Labels a size below the interface font, as GNOME's charts (Usage, System Monitor) do. */
  font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (font != NULL)
    {
      g_autoptr (PangoFontDescription) small = pango_font_description_copy (font);
      g_autofree char *font_string = NULL;
      int size = pango_font_description_get_size (small);

      if (size > 0 && !pango_font_description_get_size_is_absolute (small))
        pango_font_description_set_size (small, size * 9 / 10);
      font_string = pango_font_description_to_string (small);
      dyno_chart_style_set_font (style, font_string);
    }
  return style;
}

static const DynoChartStyle *
dyno_chart_get_style (DynoChart *self)
{
  if (self->style == NULL)
    self->style = dyno_chart_style_new_for_widget (GTK_WIDGET (self), self->rate_scale);
  return self->style;
}

static void
on_style_manager_notify (DynoChart *self)
{
  dyno_chart_invalidate_style (self);
}

static void
on_cache_ready (gpointer user_data)
{
  gtk_widget_queue_draw (GTK_WIDGET (user_data));
}

static void
dyno_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dyno_chart_parent_class)->css_changed (widget, change);
  dyno_chart_invalidate_style (DYNO_CHART (widget));
}

static void
dyno_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DynoChart *self = DYNO_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const DynoChartStyle *style = dyno_chart_get_style (self);
  cairo_surface_t *picture;
  gboolean changed;

  if (width <= 0 || height <= 0)
    return;

  changed = dyno_chart_cache_update (self->cache, self->model, width, height,
                                     gtk_widget_get_scale_factor (widget), style, NULL);
  picture = dyno_chart_cache_get_picture (self->cache);
  if (picture == NULL)
    return;

  /* While a new picture for a new size is drawn, the old one may be larger. */
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dyno_chart_tiles_snapshot (self->tiles, picture, changed, snapshot);
  gtk_snapshot_pop (snapshot);
}

static void
dyno_chart_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = NATURAL_WIDTH;
    }
  else
    {
      *minimum = MIN_HEIGHT;
      *natural = NATURAL_HEIGHT;
    }
}

static void
dyno_chart_update_description (DynoChart *self)
{
  const DynoPhase *phase = dyno_chart_model_get_last_phase (self->model);
  g_autofree char *description = NULL;

  /* Once per phase, not per sample: screen readers announce changes. */
  if (phase == self->described_phase)
    return;
  self->described_phase = phase;

  if (phase == NULL)
    description = g_strdup ("");
  else
    /* Translators: the chart's accessible description; %s is a phase, "Block write" */
    description = g_strdup_printf (_ ("Now measuring: %s"), dyno_phase_get_title (phase));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
}

static void
dyno_chart_finalize (GObject *object)
{
  DynoChart *self = DYNO_CHART (object);

  g_clear_pointer (&self->model, dyno_chart_model_free);
  g_clear_pointer (&self->cache, dyno_chart_cache_free);
  g_clear_pointer (&self->tiles, dyno_chart_tiles_free);
  g_clear_pointer (&self->style, dyno_chart_style_free);

  G_OBJECT_CLASS (dyno_chart_parent_class)->finalize (object);
}

static void
dyno_chart_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DynoChart *self = DYNO_CHART (object);

  switch (prop_id)
    {
    case PROP_N_SAMPLES:
      g_value_set_uint (value, dyno_chart_get_n_samples (self));
      break;

    case PROP_RATE_SCALE:
      g_value_set_uint (value, dyno_chart_get_rate_scale (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_chart_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  DynoChart *self = DYNO_CHART (object);

  switch (prop_id)
    {
    case PROP_RATE_SCALE:
      dyno_chart_set_rate_scale (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_chart_class_init (DynoChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dyno_chart_finalize;
  object_class->get_property = dyno_chart_get_property;
  object_class->set_property = dyno_chart_set_property;

  widget_class->snapshot = dyno_chart_snapshot;
  widget_class->measure = dyno_chart_measure;
  widget_class->css_changed = dyno_chart_css_changed;

  /* Read-only; notified at most once per append, so bindings cost nothing per sample. */
  properties[PROP_N_SAMPLES] =
    g_param_spec_uint ("n-samples", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* DynoRateScale has no GType (the lower layers have no GObject enums): a uint holds it. */
  properties[PROP_RATE_SCALE] =
    g_param_spec_uint ("rate-scale", NULL, NULL,
                       DYNO_RATE_SCALE_MB, DYNO_RATE_SCALE_MIB, DYNO_RATE_SCALE_MB,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "dynochart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dyno_chart_init (DynoChart *self)
{
  self->model = dyno_chart_model_new ();
  self->cache = dyno_chart_cache_new ();
  self->tiles = dyno_chart_tiles_new ();
  /* Full redraws (a new axis range, size or theme) happen in a worker thread; the cache calls
   * back when the picture is in. It belongs to the widget, so never calls a finalized one. */
  dyno_chart_cache_set_ready_func (self->cache, on_cache_ready, self);
  self->described_phase = NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: accessible name of the live chart */
                                  _ ("Transfer rate, operations and CPU use over the run"), -1);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_style_manager_notify), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (on_style_manager_notify), self, G_CONNECT_SWAPPED);
}

GtkWidget *
dyno_chart_new (void)
{
  return g_object_new (DYNO_TYPE_CHART, NULL);
}

void
dyno_chart_clear (DynoChart *self)
{
  g_return_if_fail (DYNO_IS_CHART (self));

  if (dyno_chart_model_get_n_samples (self->model) == 0)
    return;

  dyno_chart_model_clear (self->model);
  dyno_chart_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SAMPLES]);
}

void
dyno_chart_append (DynoChart *self, const DynoSample *samples, guint n_samples)
{
  g_return_if_fail (DYNO_IS_CHART (self));
  g_return_if_fail (samples != NULL || n_samples == 0);

  if (n_samples == 0)
    return;

  /* The model buckets the samples now, so drawing only walks prepared points. */
  dyno_chart_model_append (self->model, samples, n_samples);

  dyno_chart_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SAMPLES]);
}

guint
dyno_chart_get_n_samples (DynoChart *self)
{
  g_return_val_if_fail (DYNO_IS_CHART (self), 0);

  return dyno_chart_model_get_n_samples (self->model);
}

DynoRateScale
dyno_chart_get_rate_scale (DynoChart *self)
{
  g_return_val_if_fail (DYNO_IS_CHART (self), DYNO_RATE_SCALE_MB);

  return self->rate_scale;
}

void
dyno_chart_set_rate_scale (DynoChart *self, DynoRateScale scale)
{
  g_return_if_fail (DYNO_IS_CHART (self));
  g_return_if_fail (scale == DYNO_RATE_SCALE_MB || scale == DYNO_RATE_SCALE_MIB);

  if (self->rate_scale == scale)
    return;

  self->rate_scale = scale;
  dyno_chart_invalidate_style (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RATE_SCALE]);
}

const DynoChartModel *
dyno_chart_get_model (DynoChart *self)
{
  g_return_val_if_fail (DYNO_IS_CHART (self), NULL);

  return self->model;
}

void
dyno_chart_set_shared_range (DynoChart *self, const DynoChartRange *range)
{
  DynoChartRange now;

  g_return_if_fail (DYNO_IS_CHART (self));
  g_return_if_fail (range != NULL);

  dyno_chart_model_get_shared_range (self->model, &now);
  if (memcmp (&now, range, sizeof now) == 0)
    return;
  dyno_chart_model_set_shared_range (self->model, range);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dyno_chart_get_own_range (DynoChart *self, DynoChartRange *range)
{
  g_return_if_fail (DYNO_IS_CHART (self));
  g_return_if_fail (range != NULL);

  dyno_chart_model_get_own_range (self->model, range);
}

void
dyno_chart_set_run (DynoChart          *self,
                    guint               target,
                    const DynoPhase    *phase,
                    const DynoPhaseRun *run)
{
  g_return_if_fail (DYNO_IS_CHART (self));
  g_return_if_fail (phase != NULL && run != NULL);

  dyno_chart_model_set_run (self->model, target, phase, run);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dyno_chart_set_rest (DynoChart *self, double seconds)
{
  g_return_if_fail (DYNO_IS_CHART (self));

  dyno_chart_model_set_rest (self->model, seconds);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
