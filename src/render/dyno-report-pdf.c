/* dyno-report-pdf.c: a report as a PDF, laid out with Pango on cairo's PDF surface
 *
 * A4 pages with the page's title over the first, the source line and "page N of M" under
 * every one; text is Pango's, so it is text in the PDF (selectable, searchable, what
 * pdftotext reads); charts are drawn by the charts' own code straight onto the page, as
 * vectors. Page breaks fall between blocks, or between a table's rows (its header row again at
 * the top of the next page), a paragraph's lines and a list's items; a heading is never the
 * last thing on a page, and a chart stays with its caption.
 *
 * The layout runs twice: once to count the pages (drawing no chart), then for real, so that
 * every footer can say how many there are. Sections are the PDF's outline (bookmarks).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "dyno-report-render.h"

#define PAGE_WIDTH 595.276  /* A4 in points */
#define PAGE_HEIGHT 841.89
#define MARGIN_X 54.0
#define MARGIN_TOP 54.0
#define MARGIN_BOTTOM 60.0
#define CONTENT_WIDTH (PAGE_WIDTH - 2 * MARGIN_X)
#define BOTTOM (PAGE_HEIGHT - MARGIN_BOTTOM)
#define CELL_PAD_X 5.0
#define CELL_PAD_Y 3.5
#define PAIR_GAP 16.0
#define FACT_TERM_WIDTH 128.0

#define FAMILY "Cantarell, Noto Sans, DejaVu Sans, Sans"
#define MONO_FAMILY "DejaVu Sans Mono, Liberation Mono, Monospace"

typedef struct
{
  double r, g, b;
} Rgb;

static const Rgb ink = { 0.114, 0.122, 0.137 };
static const Rgb dim = { 0.36, 0.384, 0.424 };
static const Rgb rule = { 0.851, 0.863, 0.882 };
static const Rgb strong_rule = { 0.545, 0.565, 0.6 };
static const Rgb soft = { 0.957, 0.961, 0.969 };
static const Rgb slower = { 0.71, 0.251, 0.039 };
static const Rgb faster = { 0.106, 0.373, 0.706 };
static const Rgb same = { 0.369, 0.361, 0.392 };
/* The forest plot's purple for inconclusive (GNOME's Purple 4) */
static const Rgb inconclusive = { 0.506, 0.239, 0.612 };
static const Rgb warn = { 0.604, 0.357, 0 };

typedef enum
{
  FONT_BODY,
  FONT_SMALL,
  FONT_SMALL_BOLD,
  FONT_BOLD,
  FONT_LEAD,
  FONT_H1,
  FONT_H2,
  FONT_H3,
  FONT_KICKER,
  FONT_MONO,
  FONT_FIGURE,
  FONT_GRID,
  N_FONTS
} Font;

static const char *const font_specs[N_FONTS] = {
  FAMILY " 9.5",
  FAMILY " 7.8",
  FAMILY " Bold 7.8",
  FAMILY " Bold 9.5",
  FAMILY " Medium 11.5",
  FAMILY " Bold 21",
  FAMILY " Bold 14",
  FAMILY " Bold 11",
  FAMILY " 7.5",
  MONO_FAMILY " 8",
  FAMILY " Bold 19",
  FAMILY " Bold 13",
};

typedef struct
{
  const DynoReportDoc *doc;
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoContext *context;
  PangoFontDescription *fonts[N_FONTS];
  gboolean counting; /* the first pass: lay out, count pages, draw no chart */
  guint page;        /* from 1; 0 before the first */
  guint pages;       /* known in the second pass */
  double y;
} Pdf;

static void
set_color (Pdf *pdf, const Rgb *c)
{
  cairo_set_source_rgb (pdf->cr, c->r, c->g, c->b);
}

static const Rgb *
tone_color (DynoReportTone tone)
{
  switch (tone)
    {
    case DYNO_REPORT_TONE_SLOWER:
      return &slower;
    case DYNO_REPORT_TONE_FASTER:
      return &faster;
    case DYNO_REPORT_TONE_SAME:
      return &same;
    case DYNO_REPORT_TONE_INCONCLUSIVE:
      return &inconclusive;
    case DYNO_REPORT_TONE_DIM:
      return &dim;
    case DYNO_REPORT_TONE_WARNING:
      return &warn;
    case DYNO_REPORT_TONE_NONE:
    default:
      return &ink;
    }
}

/* Control characters would draw as boxes; a quote or code keeps its line breaks. */
static char *
clean_text (const char *text, gboolean keep_lines)
{
  char *clean = g_utf8_make_valid (text != NULL ? text : "", -1);

  for (char *p = clean; *p != '\0'; p++)
    if (((guchar) *p < 0x20 && !(keep_lines && *p == '\n')) || *p == 0x7f)
      *p = ' ';
  return clean;
}

static PangoLayout *
make_layout (Pdf *pdf, Font font, const char *text, double width, gboolean keep_lines)
{
  PangoLayout *layout = pango_layout_new (pdf->context);
  g_autofree char *clean = clean_text (text, keep_lines);

  pango_layout_set_font_description (layout, pdf->fonts[font]);
  pango_layout_set_text (layout, clean, -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) floor (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

static double
layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE;
}

static void
show_layout (Pdf *pdf, PangoLayout *layout, double x, double y, const Rgb *color)
{
  set_color (pdf, color);
  cairo_move_to (pdf->cr, x, y);
  pango_cairo_show_layout (pdf->cr, layout);
}

/* ---- pages ---------------------------------------------------------------------------- */

static void
draw_footer (Pdf *pdf)
{
  g_autoptr (PangoLayout) left = NULL;
  g_autoptr (PangoLayout) right = NULL;
  g_autofree char *number = NULL;
  double y = PAGE_HEIGHT - MARGIN_BOTTOM + 22;

  number = pdf->pages > 0
               /* Translators: at the foot of a report's PDF page */
               ? g_strdup_printf (_("page %u of %u"), pdf->page, pdf->pages)
               : g_strdup_printf (_("page %u"), pdf->page);
  right = make_layout (pdf, FONT_KICKER, number, 0, FALSE);
  left = make_layout (pdf, FONT_KICKER,
                      dyno_report_doc_get_footer (pdf->doc) != NULL
                          ? dyno_report_doc_get_footer (pdf->doc)
                          : "Dyno",
                      CONTENT_WIDTH - layout_width (right) - 12, FALSE);
  pango_layout_set_ellipsize (left, PANGO_ELLIPSIZE_END);
  cairo_set_line_width (pdf->cr, 0.5);
  set_color (pdf, &rule);
  cairo_move_to (pdf->cr, MARGIN_X, y - 5);
  cairo_line_to (pdf->cr, MARGIN_X + CONTENT_WIDTH, y - 5);
  cairo_stroke (pdf->cr);
  show_layout (pdf, left, MARGIN_X, y, &dim);
  show_layout (pdf, right, MARGIN_X + CONTENT_WIDTH - layout_width (right), y, &dim);
}

/* The title again, small, over every page but the first. */
static void
draw_running_head (Pdf *pdf)
{
  g_autoptr (PangoLayout) head = make_layout (pdf, FONT_KICKER,
                                              dyno_report_doc_get_title (pdf->doc),
                                              CONTENT_WIDTH, FALSE);

  pango_layout_set_ellipsize (head, PANGO_ELLIPSIZE_END);
  show_layout (pdf, head, MARGIN_X, MARGIN_TOP - 26, &dim);
}

static void
new_page (Pdf *pdf)
{
  if (pdf->page > 0)
    {
      draw_footer (pdf);
      cairo_show_page (pdf->cr);
    }
  pdf->page++;
  pdf->y = MARGIN_TOP;
  if (pdf->page > 1)
    draw_running_head (pdf);
}

/* Starts a new page unless height more fits on this one. */
static void
ensure_room (Pdf *pdf, double height)
{
  if (pdf->y + height > BOTTOM && pdf->y > MARGIN_TOP + 1)
    new_page (pdf);
}

/* A layout drawn line by line, a page break wherever the next line does not fit. */
static void
flow_layout (Pdf *pdf, PangoLayout *layout, double x, const Rgb *color)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  double top = pdf->y;
  double shift = 0; /* how far down the page breaks moved the lines after them */

  set_color (pdf, color);
  do
    {
      PangoRectangle logical;
      double line_top, line_bottom;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      line_top = top + shift + (double) logical.y / PANGO_SCALE;
      line_bottom = line_top + (double) logical.height / PANGO_SCALE;
      if (line_bottom > BOTTOM && line_top > MARGIN_TOP + 1)
        {
          new_page (pdf);
          set_color (pdf, color);
          shift += MARGIN_TOP - line_top;
          line_top = MARGIN_TOP;
          line_bottom = line_top + (double) logical.height / PANGO_SCALE;
        }
      cairo_move_to (pdf->cr, x + (double) logical.x / PANGO_SCALE,
                     line_top + (double) (pango_layout_iter_get_baseline (iter) - logical.y)
                                    / PANGO_SCALE);
      pango_cairo_show_layout_line (pdf->cr, pango_layout_iter_get_line_readonly (iter));
      pdf->y = line_bottom;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

static void
paragraph (Pdf *pdf, Font font, const char *text, const Rgb *color, double before, double after)
{
  g_autoptr (PangoLayout) layout = make_layout (pdf, font, text, CONTENT_WIDTH, FALSE);

  pdf->y += before;
  flow_layout (pdf, layout, MARGIN_X, color);
  pdf->y += after;
}

/* ---- blocks --------------------------------------------------------------------------- */

static void
draw_title (Pdf *pdf)
{
  const char *subtitle = dyno_report_doc_get_subtitle (pdf->doc);

  paragraph (pdf, FONT_KICKER, _("Dyno disk benchmark report"), &dim, 0, 3);
  paragraph (pdf, FONT_H1, dyno_report_doc_get_title (pdf->doc), &ink, 0, 4);
  if (subtitle != NULL)
    paragraph (pdf, FONT_BODY, subtitle, &dim, 0, 0);
  pdf->y += 6;
}

static void
add_outline (Pdf *pdf, const char *text)
{
  g_autofree char *clean = NULL;
  g_autofree char *link = NULL;
  char x[G_ASCII_DTOSTR_BUF_SIZE];
  char y[G_ASCII_DTOSTR_BUF_SIZE];

  if (pdf->counting)
    return;
  clean = clean_text (text, FALSE);
  link = g_strdup_printf ("page=%u pos=[%s %s]", pdf->page,
                          g_ascii_formatd (x, sizeof x, "%.1f", MARGIN_X),
                          g_ascii_formatd (y, sizeof y, "%.1f", pdf->y));
  cairo_pdf_surface_add_outline (pdf->surface, CAIRO_PDF_OUTLINE_ROOT, clean, link, 0);
}

static double
heading_height (Pdf *pdf, const DynoReportBlock *block)
{
  g_autoptr (PangoLayout) layout = make_layout (pdf, block->level == 2 ? FONT_H2 : FONT_H3,
                                                block->text, CONTENT_WIDTH, FALSE);

  return (block->level == 2 ? 20 + 10 : 12 + 2) + layout_height (layout);
}

/* The least of a block that must fit under a heading for the heading to stay with it: a
 * chart whole (it does not break), a few lines of anything else. */
static double
lead_height (const DynoReportBlock *block)
{
  if (block->kind == DYNO_REPORT_BLOCK_CHART)
    {
      double width = block->chart.half ? (CONTENT_WIDTH - PAIR_GAP) / 2 : CONTENT_WIDTH;

      return MIN (block->chart.height * width / block->chart.width + 30, BOTTOM - MARGIN_TOP);
    }
  if (block->kind == DYNO_REPORT_BLOCK_TILES)
    return 90;
  return 70;
}

/* next, after: the blocks after it, which a heading is never parted from. */
static void
heading (Pdf *pdf, const DynoReportBlock *block, const DynoReportBlock *next,
         const DynoReportBlock *after_next)
{
  Font font = block->level == 2 ? FONT_H2 : FONT_H3;
  g_autoptr (PangoLayout) layout = make_layout (pdf, font, block->text, CONTENT_WIDTH, FALSE);
  double height = layout_height (layout);
  double before = block->level == 2 ? 20 : 12;
  double after = next != NULL ? lead_height (next) : 0;

  /* A heading under a heading: both, and the start of what follows them. */
  if (next != NULL && next->kind == DYNO_REPORT_BLOCK_HEADING)
    after = heading_height (pdf, next) + (after_next != NULL ? lead_height (after_next) : 0);
  /* Never alone at the foot of a page: with room for a few lines after it. */
  if (pdf->y + before + height + after > BOTTOM)
    new_page (pdf);
  else
    pdf->y += before;
  if (block->level == 2)
    add_outline (pdf, block->text);
  show_layout (pdf, layout, MARGIN_X, pdf->y, &ink);
  pdf->y += height + 3;
  if (block->level == 2)
    {
      cairo_set_line_width (pdf->cr, 0.6);
      set_color (pdf, &rule);
      cairo_move_to (pdf->cr, MARGIN_X, pdf->y);
      cairo_line_to (pdf->cr, MARGIN_X + CONTENT_WIDTH, pdf->y);
      cairo_stroke (pdf->cr);
      pdf->y += 7;
    }
  else
    pdf->y += 2;
}

static void
draw_paragraph (Pdf *pdf, const DynoReportBlock *block)
{
  switch (block->style)
    {
    case DYNO_REPORT_STYLE_LEAD:
      paragraph (pdf, FONT_LEAD, block->text, &ink, 2, 8);
      break;
    case DYNO_REPORT_STYLE_NOTE:
      paragraph (pdf, FONT_SMALL, block->text, &dim, 1, 4);
      break;
    case DYNO_REPORT_STYLE_WARNING:
      {
        g_autoptr (PangoLayout) layout = make_layout (pdf, FONT_SMALL, block->text,
                                                      CONTENT_WIDTH - 10, FALSE);
        double height = layout_height (layout);

        pdf->y += 2;
        ensure_room (pdf, MIN (height, 40));
        if (pdf->y + height <= BOTTOM)
          {
            cairo_set_source_rgb (pdf->cr, warn.r, warn.g, warn.b);
            cairo_rectangle (pdf->cr, MARGIN_X, pdf->y - 1, 2, height + 2);
            cairo_fill (pdf->cr);
          }
        flow_layout (pdf, layout, MARGIN_X + 10, &ink);
        pdf->y += 6;
      }
      break;
    case DYNO_REPORT_STYLE_QUOTE:
      {
        g_autoptr (PangoLayout) layout = make_layout (pdf, FONT_BODY, block->text,
                                                      CONTENT_WIDTH - 12, TRUE);
        double height = layout_height (layout);

        ensure_room (pdf, MIN (height, 40));
        if (pdf->y + height <= BOTTOM)
          {
            set_color (pdf, &rule);
            cairo_rectangle (pdf->cr, MARGIN_X, pdf->y, 2, height);
            cairo_fill (pdf->cr);
          }
        flow_layout (pdf, layout, MARGIN_X + 12, &ink);
        pdf->y += 8;
      }
      break;
    case DYNO_REPORT_STYLE_NORMAL:
    default:
      paragraph (pdf, FONT_BODY, block->text, &ink, 2, 5);
      break;
    }
}

static void
draw_code (Pdf *pdf, const DynoReportBlock *block)
{
  g_autoptr (PangoLayout) layout = make_layout (pdf, FONT_MONO, block->text, CONTENT_WIDTH - 16,
                                                TRUE);
  double height = layout_height (layout);

  pdf->y += 3;
  ensure_room (pdf, MIN (height + 12, 60));
  if (pdf->y + height + 12 <= BOTTOM)
    {
      set_color (pdf, &soft);
      cairo_rectangle (pdf->cr, MARGIN_X, pdf->y, CONTENT_WIDTH, height + 12);
      cairo_fill (pdf->cr);
    }
  pdf->y += 6;
  flow_layout (pdf, layout, MARGIN_X + 8, &ink);
  pdf->y += 14;
}

static void
draw_notes (Pdf *pdf, const GPtrArray *notes)
{
  for (guint i = 0; notes != NULL && i < notes->len; i++)
    paragraph (pdf, FONT_SMALL, g_ptr_array_index (notes, i), &dim, 0, 1.5);
}

static void
draw_facts (Pdf *pdf, const DynoReportBlock *block)
{
  double desc_x = MARGIN_X + FACT_TERM_WIDTH + 10;
  double desc_width = CONTENT_WIDTH - FACT_TERM_WIDTH - 10;

  pdf->y += 2;
  for (guint i = 0; i + 1 < block->facts->len; i += 2)
    {
      const char *term = g_ptr_array_index (block->facts, i);
      gboolean repeated = i > 0 && g_strcmp0 (term, g_ptr_array_index (block->facts, i - 2)) == 0;
      g_autoptr (PangoLayout) t = make_layout (pdf, FONT_BODY, repeated ? "" : term,
                                               FACT_TERM_WIDTH, FALSE);
      g_autoptr (PangoLayout) d = make_layout (pdf, FONT_BODY,
                                               g_ptr_array_index (block->facts, i + 1),
                                               desc_width, FALSE);
      double height = MAX (layout_height (t), layout_height (d));

      ensure_room (pdf, MIN (height, 60));
      show_layout (pdf, t, MARGIN_X, pdf->y, &dim);
      flow_layout (pdf, d, desc_x, &ink);
      pdf->y += 3;
    }
  pdf->y += 4;
}

/* ---- tables --------------------------------------------------------------------------- */

typedef struct
{
  PangoLayout *text;
  PangoLayout *detail;
  double height;
} LaidCell;

static Font
cell_font (const DynoReportBlock *block, const DynoReportCell *cell, gboolean head)
{
  if (head)
    return FONT_SMALL_BOLD;
  if (block->style == DYNO_REPORT_STYLE_LEAD && !cell->header)
    return FONT_GRID;
  return cell->header ? FONT_BOLD : FONT_BODY;
}

/* Column widths: each column's widest unwrapped cell, shrunk toward its longest word when the
 * table is wider than the page; the room left goes to the columns of text. */
static void
column_widths (Pdf *pdf, const DynoReportBlock *block, double *widths)
{
  guint n = block->columns;
  g_autofree double *natural = g_new0 (double, n);
  g_autofree double *least = g_new0 (double, n);
  double total = 0;
  double total_least = 0;

  for (guint r = 0; r < block->rows->len; r++)
    {
      const DynoReportRow *row = g_ptr_array_index (block->rows, r);
      guint column = 0;

      for (guint c = 0; c < row->cells->len && column < n; c++)
        {
          const DynoReportCell *cell = g_ptr_array_index (row->cells, c);
          Font font = cell_font (block, cell, r < block->header_rows);

          if (cell->span == 1 && !row->group)
            {
              const char *texts[2] = { cell->text, cell->detail };

              for (guint k = 0; k < 2; k++)
                {
                  g_autoptr (PangoLayout) layout = NULL;
                  g_auto (GStrv) words = NULL;

                  if (texts[k] == NULL)
                    continue;
                  layout = make_layout (pdf, k ? FONT_SMALL : font, texts[k], 0, FALSE);
                  natural[column] = MAX (natural[column], layout_width (layout));
                  words = g_strsplit (texts[k], " ", -1);
                  for (guint w = 0; words[w] != NULL; w++)
                    {
                      g_autoptr (PangoLayout) word = make_layout (pdf, k ? FONT_SMALL : font,
                                                                  words[w], 0, FALSE);

                      /* A figure is never broken; a word of text at most at 110 points. */
                      least[column] = MAX (least[column], cell->numeric
                                                              ? layout_width (layout)
                                                              : MIN (layout_width (word), 110));
                    }
                }
            }
          column += MAX (cell->span, 1);
        }
    }
  for (guint c = 0; c < n; c++)
    {
      natural[c] += 2 * CELL_PAD_X;
      least[c] = MIN (least[c] + 2 * CELL_PAD_X, natural[c]);
      total += natural[c];
      total_least += least[c];
    }
  if (block->even && n > 1)
    {
      /* The first column a third of the page, or what its names need up to half of it; the
       * others alike, so that tables of the same entries line up. */
      widths[0] = MIN (MAX (natural[0], CONTENT_WIDTH * 0.3), CONTENT_WIDTH * 0.5);
      for (guint c = 1; c < n; c++)
        widths[c] = (CONTENT_WIDTH - widths[0]) / (n - 1);
      return;
    }
  if (total <= CONTENT_WIDTH)
    {
      /* What is left widens the first column (the names), as a page's table stretches. */
      for (guint c = 0; c < n; c++)
        widths[c] = natural[c];
      widths[0] += CONTENT_WIDTH - total;
      return;
    }
  for (guint c = 0; c < n; c++)
    {
      double share = total > total_least ? (natural[c] - least[c]) / (total - total_least) : 0;

      widths[c] = least[c] + MAX (CONTENT_WIDTH - total_least, 0) * share;
    }
}

static void
lay_out_row (Pdf *pdf, const DynoReportBlock *block, const DynoReportRow *row, gboolean head,
             const double *widths, LaidCell *cells, double *height)
{
  guint column = 0;

  *height = 0;
  for (guint c = 0; c < row->cells->len; c++)
    {
      const DynoReportCell *cell = g_ptr_array_index (row->cells, c);
      double width = 0;
      guint span = row->group ? block->columns : MAX (cell->span, 1);

      for (guint k = column; k < column + span && k < block->columns; k++)
        width += widths[k];
      cells[c].text = make_layout (pdf, row->group ? FONT_SMALL_BOLD : cell_font (block, cell, head),
                                   cell->text, width - 2 * CELL_PAD_X, FALSE);
      if (cell->numeric && !row->group)
        pango_layout_set_alignment (cells[c].text, PANGO_ALIGN_RIGHT);
      cells[c].detail = NULL;
      cells[c].height = layout_height (cells[c].text);
      if (cell->detail != NULL)
        {
          cells[c].detail = make_layout (pdf, FONT_SMALL, cell->detail, width - 2 * CELL_PAD_X,
                                         FALSE);
          if (cell->numeric)
            pango_layout_set_alignment (cells[c].detail, PANGO_ALIGN_RIGHT);
          cells[c].height += layout_height (cells[c].detail);
        }
      *height = MAX (*height, cells[c].height + 2 * CELL_PAD_Y);
      column += span;
    }
}

static void
clear_row (LaidCell *cells, guint n)
{
  for (guint c = 0; c < n; c++)
    {
      g_clear_object (&cells[c].text);
      g_clear_object (&cells[c].detail);
    }
}

static void
draw_row (Pdf *pdf, const DynoReportBlock *block, const DynoReportRow *row, gboolean head,
          const double *widths, LaidCell *cells, double height)
{
  double x = MARGIN_X;
  guint column = 0;

  if (row->group)
    {
      set_color (pdf, &soft);
      cairo_rectangle (pdf->cr, MARGIN_X, pdf->y, CONTENT_WIDTH, height);
      cairo_fill (pdf->cr);
    }
  for (guint c = 0; c < row->cells->len; c++)
    {
      const DynoReportCell *cell = g_ptr_array_index (row->cells, c);
      guint span = row->group ? block->columns : MAX (cell->span, 1);
      double width = 0;
      double y = pdf->y + CELL_PAD_Y;
      /* Heads sit on the rule under them; figures line up at the top. */
      double drop = head ? height - 2 * CELL_PAD_Y - cells[c].height : 0;

      for (guint k = column; k < column + span && k < block->columns; k++)
        width += widths[k];
      show_layout (pdf, cells[c].text, x + CELL_PAD_X, y + drop,
                   row->group || head ? (head ? &ink : &dim) : tone_color (cell->tone));
      if (cells[c].detail != NULL)
        show_layout (pdf, cells[c].detail, x + CELL_PAD_X,
                     y + drop + layout_height (cells[c].text), &dim);
      x += width;
      column += span;
    }
  cairo_set_line_width (pdf->cr, head ? 1.0 : 0.5);
  set_color (pdf, head ? &strong_rule : &rule);
  cairo_move_to (pdf->cr, MARGIN_X, pdf->y + height);
  cairo_line_to (pdf->cr, MARGIN_X + CONTENT_WIDTH, pdf->y + height);
  cairo_stroke (pdf->cr);
  pdf->y += height;
}

static void
draw_table (Pdf *pdf, const DynoReportBlock *block)
{
  g_autofree double *widths = g_new0 (double, block->columns);
  g_autoptr (PangoLayout) caption = NULL;
  double caption_height = 0;
  guint max_cells = 1;

  for (guint r = 0; r < block->rows->len; r++)
    max_cells = MAX (max_cells, ((DynoReportRow *) g_ptr_array_index (block->rows, r))->cells->len);
  column_widths (pdf, block, widths);
  if (block->text != NULL)
    {
      caption = make_layout (pdf, FONT_BOLD, block->text, CONTENT_WIDTH, FALSE);
      caption_height = layout_height (caption) + 4;
    }

  pdf->y += 8;
  for (guint r = 0; r < block->rows->len; r++)
    {
      const DynoReportRow *row = g_ptr_array_index (block->rows, r);
      gboolean head = r < block->header_rows;
      g_autofree LaidCell *cells = g_new0 (LaidCell, max_cells);
      double height;
      double next = 0;

      lay_out_row (pdf, block, row, head, widths, cells, &height);
      /* A group's title keeps its first row with it; the caption and header their first. */
      if ((row->group || r + 1 == block->header_rows) && r + 1 < block->rows->len)
        {
          g_autofree LaidCell *more = g_new0 (LaidCell, max_cells);

          lay_out_row (pdf, block, g_ptr_array_index (block->rows, r + 1), FALSE, widths, more,
                       &next);
          clear_row (more, max_cells);
        }
      if (r == 0)
        {
          double first = 0;

          /* The caption, the header and the first row (and its group's) together. */
          for (guint k = 1; k < MIN (block->header_rows + 2, block->rows->len); k++)
            {
              g_autofree LaidCell *more = g_new0 (LaidCell, max_cells);
              double h;

              lay_out_row (pdf, block, g_ptr_array_index (block->rows, k), k < block->header_rows,
                           widths, more, &h);
              clear_row (more, max_cells);
              first += h;
            }
          ensure_room (pdf, caption_height + height + first);
          if (caption != NULL)
            {
              show_layout (pdf, caption, MARGIN_X, pdf->y, &ink);
              pdf->y += caption_height;
            }
        }
      else if (pdf->y + height + next > BOTTOM)
        {
          /* The header again over the rest. */
          new_page (pdf);
          for (guint h = 0; h < block->header_rows; h++)
            {
              g_autofree LaidCell *hc = g_new0 (LaidCell, max_cells);
              double hh;

              lay_out_row (pdf, block, g_ptr_array_index (block->rows, h), TRUE, widths, hc, &hh);
              draw_row (pdf, block, g_ptr_array_index (block->rows, h), TRUE, widths, hc, hh);
              clear_row (hc, max_cells);
            }
        }
      draw_row (pdf, block, row, head, widths, cells, height);
      clear_row (cells, max_cells);
    }
  pdf->y += 4;
  draw_notes (pdf, block->notes);
  pdf->y += 6;
}

/* ---- tiles and charts ----------------------------------------------------------------- */

/* A row of tiles from first: measured (draw FALSE) or drawn at the current y, height high. */
static double
tile_row (Pdf *pdf, const DynoReportBlock *block, guint first, guint per_row, double width,
          double gap, gboolean draw, double height)
{
  double tallest = 0;

  for (guint k = first; k < MIN (first + per_row, block->tiles->len); k++)
    {
      const DynoReportTile *tile = g_ptr_array_index (block->tiles, k);
      double x = MARGIN_X + (k - first) * (width + gap);
      g_autoptr (PangoLayout) title = make_layout (pdf, FONT_SMALL, tile->title, width - 16,
                                                   FALSE);
      g_autoptr (PangoLayout) value = make_layout (pdf, FONT_FIGURE, tile->value, width - 16,
                                                   FALSE);
      g_autoptr (PangoLayout) unit = make_layout (pdf, FONT_BODY, tile->unit ? tile->unit : "",
                                                  0, FALSE);
      /* The unit after the figure, on its baseline, or under it when there is no room. */
      gboolean beside = layout_width (value) + 4 + layout_width (unit) <= width - 16;
      double value_height = layout_height (value) + (beside ? 0 : layout_height (unit));
      g_autoptr (PangoLayout) detail = make_layout (pdf, FONT_SMALL,
                                                    tile->detail ? tile->detail : "", width - 16,
                                                    FALSE);
      double y = pdf->y + 8;

      tallest = MAX (tallest, 16 + layout_height (title) + value_height
                                  + layout_height (detail));
      if (!draw)
        continue;
      set_color (pdf, &soft);
      cairo_rectangle (pdf->cr, x, pdf->y, width, height);
      cairo_fill (pdf->cr);
      show_layout (pdf, title, x + 8, y, &dim);
      y += layout_height (title);
      show_layout (pdf, value, x + 8, y, tone_color (tile->tone));
      if (beside)
        show_layout (pdf, unit, x + 8 + layout_width (value) + 4,
                     y + (double) (pango_layout_get_baseline (value)
                                   - pango_layout_get_baseline (unit)) / PANGO_SCALE,
                     &dim);
      else
        show_layout (pdf, unit, x + 8, y + layout_height (value), &dim);
      y += value_height;
      show_layout (pdf, detail, x + 8, y, &dim);
    }
  return tallest;
}

static void
draw_tiles (Pdf *pdf, const DynoReportBlock *block)
{
  guint per_row = MIN (MAX (block->tiles->len, 1), 4);
  double gap = 8;
  double width = (CONTENT_WIDTH - gap * (per_row - 1)) / per_row;

  pdf->y += 6;
  for (guint i = 0; i < block->tiles->len; i += per_row)
    {
      double height = tile_row (pdf, block, i, per_row, width, gap, FALSE, 0);

      ensure_room (pdf, height);
      tile_row (pdf, block, i, per_row, width, gap, TRUE, height);
      pdf->y += height + gap;
    }
  pdf->y += 4;
}

static void
draw_one_chart (Pdf *pdf, const DynoReportBlock *block, double x, double width)
{
  g_autoptr (DynoChartStyle) style = NULL;
  double scale = width / block->chart.width;

  if (pdf->counting)
    return;
  style = dyno_report_chart_style_new (&block->chart, FALSE);
  cairo_save (pdf->cr);
  cairo_translate (pdf->cr, x, pdf->y);
  cairo_scale (pdf->cr, scale, scale);
  cairo_rectangle (pdf->cr, 0, 0, block->chart.width, block->chart.height);
  cairo_clip (pdf->cr);
  dyno_report_chart_draw (pdf->doc, block, pdf->cr, block->chart.width, block->chart.height,
                          style);
  cairo_restore (pdf->cr);
}

/* A chart with its caption under it, or two side by side; returns how many blocks it drew. */
static guint
draw_charts (Pdf *pdf, guint index)
{
  const DynoReportBlock *first = dyno_report_doc_get_block (pdf->doc, index);
  const DynoReportBlock *second = NULL;
  double width = CONTENT_WIDTH;
  double height;
  double caption_height = 0;
  guint n = 1;

  if (first->chart.half && index + 1 < dyno_report_doc_get_n_blocks (pdf->doc))
    {
      const DynoReportBlock *next = dyno_report_doc_get_block (pdf->doc, index + 1);

      if (next->kind == DYNO_REPORT_BLOCK_CHART && next->chart.half)
        second = next;
    }
  if (first->chart.half)
    width = (CONTENT_WIDTH - PAIR_GAP) / 2;
  n = second != NULL ? 2 : 1;

  height = first->chart.height * width / first->chart.width;
  if (second != NULL)
    height = MAX (height, second->chart.height * width / second->chart.width);
  for (guint k = 0; k < n; k++)
    {
      const DynoReportBlock *block = k ? second : first;
      g_autoptr (PangoLayout) caption = make_layout (pdf, FONT_SMALL, block->text, width, FALSE);

      caption_height = MAX (caption_height, block->text ? layout_height (caption) : 0);
    }

  pdf->y += 6;
  ensure_room (pdf, height + caption_height + 6);
  for (guint k = 0; k < n; k++)
    {
      const DynoReportBlock *block = k ? second : first;
      double x = MARGIN_X + k * (width + PAIR_GAP);

      draw_one_chart (pdf, block, x, width);
      if (block->text != NULL)
        {
          g_autoptr (PangoLayout) caption = make_layout (pdf, FONT_SMALL, block->text, width,
                                                         FALSE);

          show_layout (pdf, caption, x, pdf->y + height + 3, &dim);
        }
    }
  pdf->y += height + caption_height + 6;
  for (guint k = 0; k < n; k++)
    draw_notes (pdf, (k ? second : first)->notes);
  pdf->y += 4;
  return n;
}

/* ---- the whole ------------------------------------------------------------------------ */

static void
lay_out (Pdf *pdf)
{
  guint n = dyno_report_doc_get_n_blocks (pdf->doc);

  new_page (pdf);
  draw_title (pdf);
  for (guint i = 0; i < n;)
    {
      const DynoReportBlock *block = dyno_report_doc_get_block (pdf->doc, i);

      switch (block->kind)
        {
        case DYNO_REPORT_BLOCK_HEADING:
          heading (pdf, block, i + 1 < n ? dyno_report_doc_get_block (pdf->doc, i + 1) : NULL,
                   i + 2 < n ? dyno_report_doc_get_block (pdf->doc, i + 2) : NULL);
          break;
        case DYNO_REPORT_BLOCK_PARAGRAPH:
          /* A line that introduces a quote or a command stays with its first lines. */
          if (i + 1 < n)
            {
              const DynoReportBlock *next = dyno_report_doc_get_block (pdf->doc, i + 1);

              if (next->kind == DYNO_REPORT_BLOCK_CODE
                  || (next->kind == DYNO_REPORT_BLOCK_PARAGRAPH
                      && next->style == DYNO_REPORT_STYLE_QUOTE))
                ensure_room (pdf, 60);
            }
          draw_paragraph (pdf, block);
          break;
        case DYNO_REPORT_BLOCK_CODE:
          draw_code (pdf, block);
          break;
        case DYNO_REPORT_BLOCK_TABLE:
          draw_table (pdf, block);
          break;
        case DYNO_REPORT_BLOCK_FACTS:
          draw_facts (pdf, block);
          break;
        case DYNO_REPORT_BLOCK_TILES:
          draw_tiles (pdf, block);
          break;
        case DYNO_REPORT_BLOCK_CHART:
          i += draw_charts (pdf, i);
          continue;
        default:
          break;
        }
      i++;
    }
  draw_footer (pdf);
  cairo_show_page (pdf->cr);
}

static cairo_status_t
append_to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  if (closure != NULL)
    g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* One pass: the pages into bytes (NULL: thrown away). Returns the pages made. */
static guint
render_pass (const DynoReportDoc *doc, GByteArray *bytes, guint pages, cairo_status_t *status)
{
  Pdf pdf = { doc };

  pdf.surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, PAGE_WIDTH,
                                                     PAGE_HEIGHT);
  cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_CREATOR,
                                  "Dyno " PACKAGE_VERSION);
  {
    g_autofree char *title = clean_text (dyno_report_doc_get_title (doc), FALSE);

    cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_TITLE, title);
  }
  pdf.cr = cairo_create (pdf.surface);
  pdf.context = pango_cairo_create_context (pdf.cr);
  /* Points are the page's units: a 9.5-point font is 9.5 units tall. */
  pango_cairo_context_set_resolution (pdf.context, 72);
  for (guint i = 0; i < N_FONTS; i++)
    pdf.fonts[i] = pango_font_description_from_string (font_specs[i]);
  pdf.counting = bytes == NULL;
  pdf.pages = pages;

  lay_out (&pdf);

  *status = cairo_status (pdf.cr);
  for (guint i = 0; i < N_FONTS; i++)
    pango_font_description_free (pdf.fonts[i]);
  g_object_unref (pdf.context);
  cairo_destroy (pdf.cr);
  cairo_surface_finish (pdf.surface);
  if (*status == CAIRO_STATUS_SUCCESS)
    *status = cairo_surface_status (pdf.surface);
  cairo_surface_destroy (pdf.surface);
  return pdf.page;
}

GBytes *
dyno_report_render_pdf (const DynoReportDoc *doc, GError **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_status_t status;
  guint pages;

  g_return_val_if_fail (doc != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  pages = render_pass (doc, NULL, 0, &status);
  if (status == CAIRO_STATUS_SUCCESS)
    render_pass (doc, bytes, pages, &status);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* Translators: writing a report's PDF; %s is cairo's reason */
                   _("Could not draw the report: %s"), cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}
