/* dyno-chart-text.c: laid-out labels, kept from one frame to the next
 *
 * Shaping a label with Pango costs tens of microseconds; a chart has thirty of them and they
 * rarely change, so each thread keeps its layouts, keyed by font and text. The Pango context is
 * only updated when the target's font options or transformation change: updating it bumps its
 * serial, and that makes every layout lay itself out again.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-chart-render-private.h"

/* Tick labels change as a run goes on; past this many the cache starts again. */
#define MAX_LAYOUTS 1024

typedef struct
{
  PangoContext *context;
  GHashTable *layouts; /* "font\x1ftext" → PangoLayout */
  cairo_font_options_t *options;
  double matrix[4];
  gboolean synced;
} TextCache;

static void
text_cache_free (gpointer data)
{
  TextCache *cache = data;

  g_hash_table_unref (cache->layouts);
  g_object_unref (cache->context);
  cairo_font_options_destroy (cache->options);
  g_free (cache);
}

static GPrivate text_cache_private = G_PRIVATE_INIT (text_cache_free);

static TextCache *
text_cache_for (cairo_t *cr)
{
  TextCache *cache = g_private_get (&text_cache_private);
  cairo_font_options_t *options;
  cairo_matrix_t m;

  if (cache == NULL)
    {
      cache = g_new0 (TextCache, 1);
      cache->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      cache->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      cache->options = cairo_font_options_create ();
      g_private_set (&text_cache_private, cache);
    }

  options = cairo_font_options_create ();
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_matrix (cr, &m);
  if (!cache->synced || !cairo_font_options_equal (options, cache->options)
      || m.xx != cache->matrix[0] || m.yx != cache->matrix[1] || m.xy != cache->matrix[2]
      || m.yy != cache->matrix[3])
    {
      pango_cairo_update_context (cr, cache->context);
      cairo_font_options_destroy (cache->options);
      cache->options = g_steal_pointer (&options);
      cache->matrix[0] = m.xx;
      cache->matrix[1] = m.yx;
      cache->matrix[2] = m.xy;
      cache->matrix[3] = m.yy;
      cache->synced = TRUE;
    }
  g_clear_pointer (&options, cairo_font_options_destroy);

  return cache;
}

static PangoLayout *
text_layout (cairo_t                    *cr,
             const PangoFontDescription *font,
             const char                 *font_key,
             const char                 *text)
{
  TextCache *cache = text_cache_for (cr);
  g_autofree char *key = g_strconcat (font_key, "\x1f", text, NULL);
  PangoLayout *layout = g_hash_table_lookup (cache->layouts, key);

  if (layout != NULL)
    return layout;

  if (g_hash_table_size (cache->layouts) >= MAX_LAYOUTS)
    g_hash_table_remove_all (cache->layouts);

  layout = pango_layout_new (cache->context);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  g_hash_table_insert (cache->layouts, g_steal_pointer (&key), layout);
  return layout;
}

void
dyno_chart_set_source (cairo_t *cr, const DynoRgba *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

static PangoLayout *
get_layout (Chart *chart, ChartFont font, const char *text)
{
  return text_layout (chart->cr, chart->fonts[font], chart->font_keys[font], text);
}

void
dyno_chart_text_size (Chart      *chart,
                      ChartFont   font,
                      const char *text,
                      double     *width,
                      double     *height)
{
  PangoRectangle logical;

  pango_layout_get_pixel_extents (get_layout (chart, font, text), NULL, &logical);
  if (width)
    *width = logical.width;
  if (height)
    *height = logical.height;
}

double
dyno_chart_draw_text (Chart          *chart,
                      ChartFont       font,
                      const char     *text,
                      const DynoRgba *color,
                      double          x,
                      double          y,
                      ChartAlign      xalign,
                      ChartAlign      yalign)
{
  PangoLayout *layout = get_layout (chart, font, text);
  PangoRectangle logical;

  pango_layout_get_pixel_extents (layout, NULL, &logical);
  if (xalign == CHART_ALIGN_CENTER)
    x -= logical.width / 2.0;
  else if (xalign == CHART_ALIGN_END)
    x -= logical.width;
  if (yalign == CHART_ALIGN_CENTER)
    y -= logical.height / 2.0;
  else if (yalign == CHART_ALIGN_END)
    y -= logical.height;

  dyno_chart_set_source (chart->cr, color);
  cairo_move_to (chart->cr, round (x), round (y));
  pango_cairo_show_layout (chart->cr, layout);
  return logical.width;
}

/* Vertical text reading bottom to top, centred on (x, y). Its own layout: the shared ones are
 * laid out for unrotated text, and updating them for a rotation would reshape them all. */
void
dyno_chart_draw_text_rotated (Chart          *chart,
                              const char     *text,
                              const DynoRgba *color,
                              double          x,
                              double          y)
{
  PangoLayout *layout;
  PangoRectangle logical;

  cairo_save (chart->cr);
  cairo_translate (chart->cr, round (x), round (y));
  cairo_rotate (chart->cr, -G_PI / 2);
  layout = pango_cairo_create_layout (chart->cr);
  pango_layout_set_font_description (layout, chart->fonts[CHART_FONT_NORMAL]);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  dyno_chart_set_source (chart->cr, color);
  cairo_move_to (chart->cr, -round (logical.width / 2.0), -round (logical.height / 2.0));
  pango_cairo_show_layout (chart->cr, layout);
  g_object_unref (layout);
  cairo_restore (chart->cr);
}
