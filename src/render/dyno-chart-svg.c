/* dyno-chart-svg.c: a chart as an inline SVG element whose labels are <text>
 *
 * cairo's SVG surface (1.16) writes every glyph as an outline in <defs> and places it with
 * <use>: a reader of a report could neither select nor search a label, a screen reader finds
 * nothing, and a page with ten charts carries ten copies of the font. So the chart is drawn
 * on that surface with a text sink attached (dyno-chart-text-sink.h): the shapes are cairo's,
 * and each line of text becomes a <text> element, drawn over the shapes (charts put their
 * labels last anyway). Its x and baseline are Pango's, its textLength the width Pango gave
 * it: a reader's browser may have other fonts, and then the text is fitted into the same
 * room instead of running into its neighbour.
 *
 * cairo names its clip paths, patterns and images "clip1", "pattern2", …; two charts on one
 * page would share those names, so every id and reference to one gets the chart's prefix.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-svg.h"
#include "dyno-chart-text-sink.h"

void
dyno_chart_svg_append_escaped (GString *out, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);

  for (const char *p = valid; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, "&quot;");
          break;
        case '\'':
          g_string_append (out, "&#39;");
          break;
        default:
          /* XML 1.0 allows no other control character, escaped or not. */
          if ((guchar) *p >= 0x20 || *p == '\t' || *p == '\n')
            g_string_append_c (out, *p);
          else
            g_string_append_c (out, ' ');
          break;
        }
    }
}

/* "%g" in the C locale: a German locale must not write "12,5" into an attribute. */
static void
append_number (GString *out, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value) || fabs (value) < 1e-9)
    value = 0;
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.2f", value));
  /* "12.50" → "12.5", "12.00" → "12": the page is smaller and reads the same. */
  while (out->len > 0 && out->str[out->len - 1] == '0' && strchr (buffer, '.') != NULL)
    g_string_truncate (out, out->len - 1);
  if (out->len > 0 && out->str[out->len - 1] == '.')
    g_string_truncate (out, out->len - 1);
}

static void
append_color (GString *out, cairo_t *cr)
{
  double r = 0, g = 0, b = 0, a = 1;

  if (cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, &a) != CAIRO_STATUS_SUCCESS)
    r = g = b = 0, a = 1;
  g_string_append_printf (out, " fill=\"#%02x%02x%02x\"", (int) round (CLAMP (r, 0, 1) * 255),
                          (int) round (CLAMP (g, 0, 1) * 255), (int) round (CLAMP (b, 0, 1) * 255));
  if (a < 1)
    {
      g_string_append (out, " fill-opacity=\"");
      append_number (out, CLAMP (a, 0, 1));
      g_string_append_c (out, '"');
    }
}

/* The font's families as a CSS list, each quoted, then the generic one. */
static void
append_font (GString *out, PangoLayout *layout)
{
  const PangoFontDescription *font = pango_layout_get_font_description (layout);
  PangoContext *context = pango_layout_get_context (layout);
  g_auto (GStrv) families = NULL;
  double size;
  double resolution;

  if (font == NULL)
    font = pango_context_get_font_description (context);
  families = g_strsplit (pango_font_description_get_family (font) != NULL
                             ? pango_font_description_get_family (font)
                             : "",
                         ",", -1);
  g_string_append (out, " font-family=\"");
  for (guint i = 0; families[i] != NULL; i++)
    {
      g_autofree char *family = g_strstrip (g_strdup (families[i]));

      g_strdelimit (family, "'\"\\<>&;", ' ');
      if (*family != '\0' && g_ascii_strcasecmp (family, "sans") != 0
          && g_ascii_strcasecmp (family, "sans-serif") != 0)
        g_string_append_printf (out, "'%s', ", family);
    }
  g_string_append (out, "sans-serif\"");

  resolution = pango_cairo_context_get_resolution (context);
  if (!(resolution > 0))
    resolution = 96;
  size = (double) pango_font_description_get_size (font) / PANGO_SCALE;
  if (!pango_font_description_get_size_is_absolute (font))
    size *= resolution / 72.0;
  g_string_append (out, " font-size=\"");
  append_number (out, size > 0 ? size : 12);
  g_string_append_c (out, '"');
  if (pango_font_description_get_weight (font) >= PANGO_WEIGHT_SEMIBOLD)
    g_string_append_printf (out, " font-weight=\"%d\"",
                            (int) pango_font_description_get_weight (font));
  if (pango_font_description_get_style (font) != PANGO_STYLE_NORMAL)
    g_string_append (out, " font-style=\"italic\"");
}

static int
compare_runs (gconstpointer a, gconstpointer b)
{
  const PangoGlyphItem *x = *(const PangoGlyphItem *const *) a;
  const PangoGlyphItem *y = *(const PangoGlyphItem *const *) b;

  return (x->item->offset > y->item->offset) - (x->item->offset < y->item->offset);
}

/* What a line shows, in logical order: its runs' text, and "…" for the run an ellipsis
 * replaced (whose item still spans the text it hides). */
static char *
line_text (PangoLayout *layout, PangoLayoutLine *line)
{
  const char *text = pango_layout_get_text (layout);
  g_autoptr (GPtrArray) runs = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  for (GSList *l = line->runs; l != NULL; l = l->next)
    g_ptr_array_add (runs, l->data);
  g_ptr_array_sort (runs, compare_runs);
  for (guint i = 0; i < runs->len; i++)
    {
      const PangoGlyphItem *run = g_ptr_array_index (runs, i);

      if (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS)
        g_string_append (out, "…");
      else
        g_string_append_len (out, text + run->item->offset, run->item->length);
    }
  /* Breaks and the blanks a wrapped line ends with are not drawn. */
  while (out->len > 0 && g_ascii_isspace (out->str[out->len - 1]))
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

void
dyno_chart_svg_text_sink (cairo_t *cr, PangoLayout *layout, gpointer user_data)
{
  GString *texts = user_data;
  PangoLayoutIter *iter;
  cairo_matrix_t m;
  double x0 = 0;
  double y0 = 0;
  gboolean plain;

  if (cairo_has_current_point (cr))
    cairo_get_current_point (cr, &x0, &y0);
  cairo_get_matrix (cr, &m);
  /* A translation is folded into x and y; a turn (an axis title) keeps its matrix. */
  plain = m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0;

  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      g_autofree char *text = line_text (layout, line);
      PangoRectangle logical;
      double x, y, width;
      int end_x = 0;
      int start_x = 0;

      if (*text == '\0')
        continue;
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      x = x0 + (double) logical.x / PANGO_SCALE;
      y = y0 + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;
      width = (double) logical.width / PANGO_SCALE;
      /* A wrapped line's width holds the blank it broke at: measure to its last character. */
      if (!(pango_layout_line_get_resolved_direction (line) == PANGO_DIRECTION_RTL)
          && !pango_layout_is_ellipsized (layout))
        {
          pango_layout_line_index_to_x (line, line->start_index, FALSE, &start_x);
          pango_layout_line_index_to_x (line, line->start_index + (int) strlen (text), FALSE,
                                        &end_x);
          if (end_x > start_x && end_x - start_x <= logical.width)
            width = (double) (end_x - start_x) / PANGO_SCALE;
        }
      if (plain)
        {
          x += m.x0;
          y += m.y0;
        }

      g_string_append (texts, "<text x=\"");
      append_number (texts, x);
      g_string_append (texts, "\" y=\"");
      append_number (texts, y);
      g_string_append_c (texts, '"');
      if (!plain)
        {
          g_string_append (texts, " transform=\"matrix(");
          append_number (texts, m.xx);
          g_string_append_c (texts, ' ');
          append_number (texts, m.yx);
          g_string_append_c (texts, ' ');
          append_number (texts, m.xy);
          g_string_append_c (texts, ' ');
          append_number (texts, m.yy);
          g_string_append_c (texts, ' ');
          append_number (texts, m.x0);
          g_string_append_c (texts, ' ');
          append_number (texts, m.y0);
          g_string_append (texts, ")\"");
        }
      append_font (texts, layout);
      append_color (texts, cr);
      if (width > 0)
        {
          g_string_append (texts, " textLength=\"");
          append_number (texts, width);
          g_string_append (texts, "\" lengthAdjust=\"spacingAndGlyphs\"");
        }
      g_string_append_c (texts, '>');
      dyno_chart_svg_append_escaped (texts, text);
      g_string_append (texts, "</text>\n");
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

static cairo_status_t
append_to_string (void *closure, const unsigned char *data, unsigned int length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* cairo's document between its root element's tags, with every id and reference prefixed. */
static void
append_body (GString *out, const char *svg, const char *prefix)
{
  const char *start = strstr (svg, "<svg");
  const char *end = g_strrstr (svg, "</svg>");
  static const char *const refs[] = { " id=\"", "url(#", "href=\"#" };

  if (start == NULL || end == NULL || (start = strchr (start, '>')) == NULL || start > end)
    return;
  for (const char *p = start + 1; p < end;)
    {
      const char *next = end;
      guint which = 0;

      for (guint i = 0; i < G_N_ELEMENTS (refs); i++)
        {
          const char *hit = g_strstr_len (p, end - p, refs[i]);

          if (hit != NULL && hit < next)
            {
              next = hit;
              which = i;
            }
        }
      if (next == end)
        {
          g_string_append_len (out, p, end - p);
          break;
        }
      next += strlen (refs[which]);
      g_string_append_len (out, p, next - p);
      g_string_append (out, prefix);
      p = next;
    }
}

char *
dyno_chart_svg_element (double                width,
                        double                height,
                        const char           *id_prefix,
                        const char           *label,
                        DynoChartSvgDrawFunc  draw,
                        gconstpointer         data,
                        GError              **error)
{
  g_autoptr (GString) svg = g_string_new (NULL);
  g_autoptr (GString) texts = g_string_new (NULL);
  g_autoptr (GString) prefix = g_string_new (NULL);
  GString *out;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (draw != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(width >= 1 && height >= 1 && width <= 32767 && height <= 32767))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: exporting a chart */
                   _("Invalid chart size %g × %g"), width, height);
      return NULL;
    }
  for (const char *p = id_prefix != NULL ? id_prefix : ""; *p != '\0'; p++)
    g_string_append_c (prefix, g_ascii_isalnum (*p) || *p == '-' ? *p : '-');
  g_string_append_c (prefix, '-');

  surface = cairo_svg_surface_create_for_stream (append_to_string, svg, width, height);
  cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  cr = cairo_create (surface);
  dyno_chart_text_sink_attach (cr, dyno_chart_svg_text_sink, texts);
  draw (cr, width, height, data);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* Translators: exporting a chart; %s is cairo's reason */
                   _("Could not draw the chart: %s"), cairo_status_to_string (status));
      return NULL;
    }

  out = g_string_new ("<svg class=\"chart\" viewBox=\"0 0 ");
  append_number (out, width);
  g_string_append_c (out, ' ');
  append_number (out, height);
  g_string_append (out, "\" width=\"");
  append_number (out, width);
  g_string_append (out, "\" height=\"");
  append_number (out, height);
  g_string_append (out, "\" preserveAspectRatio=\"xMidYMid meet\"");
  if (label != NULL)
    {
      g_string_append (out, " role=\"img\" aria-label=\"");
      dyno_chart_svg_append_escaped (out, label);
      g_string_append (out, "\"><title>");
      dyno_chart_svg_append_escaped (out, label);
      g_string_append (out, "</title>\n");
    }
  else
    g_string_append (out, ">\n");
  append_body (out, svg->str, prefix->str);
  g_string_append (out, "<g class=\"labels\">\n");
  g_string_append_len (out, texts->str, texts->len);
  g_string_append (out, "</g>\n</svg>");
  return g_string_free (out, FALSE);
}
