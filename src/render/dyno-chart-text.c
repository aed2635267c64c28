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

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-chart-render-private.h"

#define DEFAULT_FONT_SIZE 9 /* points, when the style's font names none */

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

static void
label_clear (gpointer data)
{
  DynoChartLabel *label = data;

  g_clear_pointer (&label->text, g_free);
}

GArray *
dyno_chart_label_array_new (void)
{
  GArray *labels = g_array_new (FALSE, TRUE, sizeof (DynoChartLabel));

  g_array_set_clear_func (labels, label_clear);
  return labels;
}

void
dyno_chart_record_label (Chart      *chart,
                         const char *text,
                         double      x,
                         double      y,
                         double      width,
                         double      height,
                         double      angle,
                         gboolean    ellipsized)
{
  DynoChartLabel label;

  if (chart->labels == NULL)
    return;
  label.box = (DynoChartRect) { x, y, width, height };
  label.angle = angle;
  label.length = width;
  label.thickness = height;
  label.ellipsized = ellipsized;
  label.text = g_strdup (text);
  g_array_append_val (chart->labels, label);
}

/* Moves (x, y) from the aligned point of a w × h box to its top left. */
static void
align_box (double *x, double *y, double w, double h, ChartAlign xalign, ChartAlign yalign)
{
  if (xalign == CHART_ALIGN_CENTER)
    *x -= w / 2.0;
  else if (xalign == CHART_ALIGN_END)
    *x -= w;
  if (yalign == CHART_ALIGN_CENTER)
    *y -= h / 2.0;
  else if (yalign == CHART_ALIGN_END)
    *y -= h;
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
  align_box (&x, &y, logical.width, logical.height, xalign, yalign);

  dyno_chart_set_source (chart->cr, color);
  cairo_move_to (chart->cr, round (x), round (y));
  dyno_chart_pango_show (chart->cr, layout);
  dyno_chart_record_label (chart, text, round (x) + logical.x, round (y) + logical.y,
                           logical.width, logical.height, 0, FALSE);
  return logical.width;
}

double
dyno_chart_draw_text_fitted (Chart             *chart,
                             ChartFont          font,
                             const char        *text,
                             const DynoRgba    *color,
                             double             x,
                             double             y,
                             double             max_width,
                             ChartAlign         xalign,
                             ChartAlign         yalign,
                             PangoEllipsizeMode mode)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;
  double w;

  dyno_chart_text_size (chart, font, text, &w, NULL);
  if (w <= max_width)
    return dyno_chart_draw_text (chart, font, text, color, x, y, xalign, yalign);
  if (max_width < 1)
    return 0;

  layout = pango_layout_new (text_cache_for (chart->cr)->context);
  pango_layout_set_font_description (layout, chart->fonts[font]);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) floor (max_width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, mode);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  align_box (&x, &y, logical.width, logical.height, xalign, yalign);

  dyno_chart_set_source (chart->cr, color);
  cairo_move_to (chart->cr, round (x) - logical.x, round (y) - logical.y);
  dyno_chart_pango_show (chart->cr, layout);
  dyno_chart_record_label (chart, text, round (x), round (y), logical.width, logical.height, 0,
                           pango_layout_is_ellipsized (layout));
  return logical.width;
}

PangoLayout *
dyno_chart_wrapped_layout (Chart         *chart,
                           ChartFont      font,
                           const char    *text,
                           double         width,
                           int            max_lines,
                           PangoAlignment alignment)
{
  PangoLayout *layout = pango_layout_new (text_cache_for (chart->cr)->context);

  pango_layout_set_font_description (layout, chart->fonts[font]);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) floor (MAX (width, 1) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (layout, alignment);
  pango_layout_set_height (layout, -MAX (max_lines, 1));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

void
dyno_chart_show_layout (Chart          *chart,
                        PangoLayout    *layout,
                        const char     *text,
                        const DynoRgba *color,
                        double          x,
                        double          y)
{
  PangoRectangle logical;

  pango_layout_get_pixel_extents (layout, NULL, &logical);
  dyno_chart_set_source (chart->cr, color);
  cairo_move_to (chart->cr, round (x) - logical.x, round (y) - logical.y);
  dyno_chart_pango_show (chart->cr, layout);
  dyno_chart_record_label (chart, text, round (x), round (y), logical.width, logical.height, 0,
                           pango_layout_is_ellipsized (layout));
}

double
dyno_chart_draw_text_turned (Chart          *chart,
                             ChartFont       font,
                             const char     *text,
                             const DynoRgba *color,
                             double          x,
                             double          y,
                             double          angle,
                             double          ax,
                             double          ay,
                             double          max_length)
{
  cairo_t *cr = chart->cr;
  PangoLayout *layout;
  PangoRectangle logical;
  double c = cos (angle);
  double s = sin (angle);
  double ox;
  double oy;
  double min_x = INFINITY;
  double min_y = INFINITY;
  double max_x = -INFINITY;
  double max_y = -INFINITY;
  gboolean ellipsized;

  cairo_save (cr);
  cairo_translate (cr, round (x), round (y));
  cairo_rotate (cr, angle);
  layout = pango_cairo_create_layout (cr);
  pango_layout_set_font_description (layout, chart->fonts[font]);
  pango_layout_set_text (layout, text, -1);
  if (max_length > 0)
    {
      pango_layout_set_width (layout, (int) floor (MAX (max_length, 1) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  ellipsized = pango_layout_is_ellipsized (layout);
  /* The logical box's top left, in the turned frame, so (ax, ay) of it lands on (x, y). */
  ox = -round (logical.width * ax);
  oy = -round (logical.height * ay);
  dyno_chart_set_source (cr, color);
  cairo_move_to (cr, ox - logical.x, oy - logical.y);
  dyno_chart_pango_show (cr, layout);
  g_object_unref (layout);
  cairo_restore (cr);

  /* The bounds of the turned box, in the caller's units. */
  for (int i = 0; i < 4; i++)
    {
      double px = ox + (i & 1 ? logical.width : 0);
      double py = oy + (i & 2 ? logical.height : 0);
      double dx = round (x) + c * px - s * py;
      double dy = round (y) + s * px + c * py;

      min_x = MIN (min_x, dx);
      max_x = MAX (max_x, dx);
      min_y = MIN (min_y, dy);
      max_y = MAX (max_y, dy);
    }
  dyno_chart_record_label (chart, text, min_x, min_y, max_x - min_x, max_y - min_y, angle,
                           ellipsized);
  if (chart->labels != NULL)
    {
      DynoChartLabel *label = &g_array_index (chart->labels, DynoChartLabel,
                                              chart->labels->len - 1);

      label->length = logical.width;
      label->thickness = logical.height;
    }
  return logical.width;
}

void
dyno_chart_draw_text_rotated (Chart          *chart,
                              const char    **texts,
                              const DynoRgba *color,
                              double          x,
                              double          y,
                              double          max_length)
{
  const char *text = NULL;

  for (guint i = 0; texts[i] != NULL; i++)
    {
      double w;

      text = texts[i];
      dyno_chart_text_size (chart, CHART_FONT_NORMAL, text, &w, NULL);
      if (w <= max_length)
        break;
    }
  if (text == NULL || max_length < chart->line_height)
    return;
  dyno_chart_draw_text_turned (chart, CHART_FONT_NORMAL, text, color, x, y, -G_PI / 2, 0.5, 0.5,
                               max_length);
}

void
dyno_chart_setup_fonts (Chart *chart, const DynoChartStyle *style)
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

gboolean
dyno_chart_style_check_font (const DynoChartStyle *style, GError **error)
{
  g_autoptr (PangoFontDescription) font = NULL;
  g_autoptr (PangoLayout) layout = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoRectangle ink;
  const guint8 *data;
  int stride;
  guint inked = 0;

  g_return_val_if_fail (style != NULL, FALSE);

  /* Drawn for real: with no font at all fontconfig hands Pango nothing, and every label comes
   * out empty (or the layout goes wrong altogether) without an error anywhere. A chart without
   * its words would mislead, so saving one fails instead. */
  font = pango_font_description_from_string (style->font != NULL ? style->font : "Sans");
  pango_font_description_set_absolute_size (font, 16 * PANGO_SCALE);
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 256, 64);
  cr = cairo_create (surface);
  layout = pango_cairo_create_layout (cr);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "Rate 0123456789 MB/s", -1);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  cairo_move_to (cr, 4, 4);
  dyno_chart_pango_show (cr, layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; data != NULL && y < 64; y++)
    for (int x = 0; x < 256; x++)
      inked += data[y * stride + x] > 64;
  cairo_surface_destroy (surface);

  if (inked < 50 || ink.width <= 0 || ink.height <= 0
      || pango_layout_get_unknown_glyphs_count (layout) > 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* Translators: %s is a font description, "Cantarell 13" */
                   _ ("No font to write the chart’s labels with (asked for “%s”, fontconfig "
                      "found none that draws them): install one, such as fonts-cantarell or "
                      "fonts-dejavu-core, or check FONTCONFIG_FILE"),
                   style->font != NULL ? style->font : "Sans");
      return FALSE;
    }
  return TRUE;
}

