/* dyno-grid-chart.c: CrystalDiskMark's grid as a figure
 *
 * The app's grid (src/app/dyno-drive-grid.c) as a picture for an article: the same rows (a
 * test each, "SEQ1M" over "Q8T1"), columns (Read, Write, Mix) and tiles, with the same words
 * from dyno-grid.c: the figure large in the unit asked for, "mean ± 15" beside it (Dyno's
 * figure is the mean of the runs; CrystalDiskMark's is the best run, which is under it as
 * "best 1809.55"), the other figures small.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-chart-layout.h"
#include "dyno-grid-chart.h"

typedef struct
{
  const DynoTargetResult *target;
  guint index;
  GPtrArray *rows;    /* const DynoPhase *: the read phase naming each row */
  GPtrArray *columns; /* const DynoPhase *: an example of each column */
  GPtrArray *tiles;   /* DynoGridFigures *, of the queued phases */
} Block;

static void
block_free (Block *block)
{
  g_ptr_array_unref (block->rows);
  g_ptr_array_unref (block->columns);
  g_ptr_array_unref (block->tiles);
  g_free (block);
}

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

static int
compare_columns (gconstpointer a, gconstpointer b)
{
  return dyno_grid_compare_columns (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

static gboolean
has_tests (const DynoTargetResult *target)
{
  for (guint i = 0; target->phases != NULL && i < target->phases->len; i++)
    if (dyno_phase_has_flag (((DynoPhaseResult *) g_ptr_array_index (target->phases, i))->phase,
                             DYNO_PHASE_QUEUED))
      return TRUE;
  return FALSE;
}

static Block *
block_new (DynoResult *result, guint index)
{
  Block *block = g_new0 (Block, 1);

  block->target = dyno_result_get_target (result, index);
  block->index = index;
  block->rows = g_ptr_array_new ();
  block->columns = g_ptr_array_new ();
  block->tiles = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < block->target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (block->target->phases, i);
      const DynoPhase *row;
      DynoGridFigures *figures;
      gboolean seen = FALSE;

      if (!dyno_phase_has_flag (phase->phase, DYNO_PHASE_QUEUED))
        continue;
      figures = g_new0 (DynoGridFigures, 1);
      dyno_grid_figures_from_result (figures, phase);
      g_ptr_array_add (block->tiles, figures);
      row = dyno_grid_row_phase (phase->phase);
      if (!g_ptr_array_find (block->rows, row, NULL))
        g_ptr_array_add (block->rows, (gpointer) row);
      for (guint c = 0; c < block->columns->len; c++)
        seen |= dyno_grid_same_column (g_ptr_array_index (block->columns, c), phase->phase);
      if (!seen)
        g_ptr_array_add (block->columns, (gpointer) phase->phase);
    }
  g_ptr_array_sort (block->rows, compare_phases);
  g_ptr_array_sort (block->columns, compare_columns);
  return block;
}

guint
dyno_grid_chart_count_targets (DynoResult *result)
{
  guint n = 0;

  g_return_val_if_fail (DYNO_IS_RESULT (result), 0);

  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    n += has_tests (dyno_result_get_target (result, i));
  return n;
}

static GPtrArray *
blocks_new (DynoResult *result, int target_index)
{
  GPtrArray *blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);

  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    if ((target_index < 0 || (guint) target_index == i)
        && has_tests (dyno_result_get_target (result, i)))
      g_ptr_array_add (blocks, block_new (result, i));
  return blocks;
}

static const DynoGridFigures *
find_tile (const Block *block, const DynoPhase *row, const DynoPhase *column)
{
  for (guint i = 0; i < block->tiles->len; i++)
    {
      const DynoGridFigures *tile = g_ptr_array_index (block->tiles, i);

      if (dyno_grid_row_phase (tile->phase) == row && dyno_grid_same_column (tile->phase, column))
        return tile;
    }
  return NULL;
}

typedef struct
{
  DynoResult *result;
  GPtrArray *blocks;
  DynoGridUnit unit;
  DynoRateUnit rate_unit;
  const DynoChartStyle *style;
  const DynoChartDecor *decor;
  char *title;
} GridDrawing;

static char *
column_title (const DynoPhase *example)
{
  if (g_strcmp0 (example->kind->op, "mix") == 0)
    /* Translators: the heading of the grid's mix column: "Mix 70 %", its share of reads */
    return g_strdup_printf (_ ("%s %u %%"), dyno_phase_group_get_title (example->kind->group),
                            example->params.read_percent);
  return g_strdup (dyno_phase_group_get_title (example->kind->group));
}

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_tile (Chart                 *chart,
           Chart                 *big,
           const GridDrawing     *drawing,
           const DynoGridFigures *tile,
           double                 x,
           double                 y,
           double                 w,
           double                 h)
{
  const DynoChartStyle *style = chart->style;
  double pad = chart->gap * 1.5;
  double lh;
  g_autofree char *figure = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *best = NULL;
  DynoRgba fill = style->grid;
  double big_h;
  double line_y;

  rounded_rect (chart->cr, x, y, w, h, MIN (8, h / 4));
  dyno_chart_set_source (chart->cr, &fill);
  cairo_fill (chart->cr);
  if (tile == NULL)
    return;

  figure = dyno_grid_format_figure (tile, drawing->unit, drawing->rate_unit);
  kind = dyno_grid_format_kind (tile, drawing->unit, drawing->rate_unit);
  detail = dyno_grid_format_detail (tile, drawing->unit, drawing->rate_unit);
  best = dyno_grid_format_best (tile, drawing->unit, drawing->rate_unit);
  if (!dyno_grid_figures_empty (tile) && tile->cache_doubt != NULL)
    {
      char *marked = g_strconcat (figure, " †", NULL);

      g_free (figure);
      figure = marked;
    }

  dyno_chart_text_size (big, CHART_FONT_TITLE, figure, NULL, &big_h);
  dyno_chart_text_size (chart, CHART_FONT_SMALL, "0", NULL, &lh);
  /* The figure and the two lines under it, in the middle of the tile. */
  line_y = y + MAX (pad / 3, (h - big_h - 2 * lh) / 2);
  /* What the figure is at the left, the figure at the right, on one baseline row. */
  if (kind != NULL)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_SMALL, kind, &style->dim_foreground, x + pad,
                                 line_y + big_h - lh, w / 2 - pad, CHART_ALIGN_START,
                                 CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
  dyno_chart_draw_text (big, CHART_FONT_TITLE, figure, &style->foreground, x + w - pad, line_y,
                        CHART_ALIGN_END, CHART_ALIGN_START);
  line_y += big_h;
  if (detail != NULL && *detail != '\0')
    dyno_chart_draw_text_fitted (chart, CHART_FONT_SMALL, detail, &style->foreground,
                                 x + w - pad, line_y, w - 2 * pad, CHART_ALIGN_END,
                                 CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
  line_y += lh;
  if (best != NULL)
    dyno_chart_draw_text_fitted (chart, CHART_FONT_SMALL, best, &style->dim_foreground,
                                 x + w - pad, line_y, w - 2 * pad, CHART_ALIGN_END,
                                 CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
}

static void
draw_block (Chart             *chart,
            Chart             *big,
            const GridDrawing *drawing,
            const Block       *block,
            double             x,
            double             y,
            double             width,
            double             height)
{
  const DynoChartStyle *style = chart->style;
  double lh = chart->line_height;
  double gap = chart->gap * 2;
  g_autofree char *subtitle = NULL;
  double head_w = 0;
  double tile_w;
  double tile_h;
  double top;
  guint n_rows = block->rows->len;
  guint n_columns = block->columns->len;

  /* The target: its name and where it is. */
  {
    g_autofree char *name = dyno_result_dup_target_name (drawing->result, block->index);
    const DynoTargetInfo *info = block->target->info;
    g_autofree char *describe = info != NULL ? dyno_target_info_describe (info) : NULL;

    if (info != NULL && info->path != NULL && g_str_has_suffix (info->path, name))
      subtitle = g_strdup_printf ("%s (%s)", info->path, describe);
    else if (info != NULL && info->path != NULL)
      subtitle = g_strdup_printf ("%s — %s (%s)", name, info->path, describe);
    else
      subtitle = g_steal_pointer (&name);
  }
  dyno_chart_draw_text_fitted (chart, CHART_FONT_NORMAL, subtitle, &style->dim_foreground, x, y,
                               width, CHART_ALIGN_START, CHART_ALIGN_START, PANGO_ELLIPSIZE_END);
  y += lh + chart->gap;
  height -= lh + chart->gap;

  for (guint r = 0; r < n_rows; r++)
    {
      const char *title = dyno_phase_get_short_title (g_ptr_array_index (block->rows, r));
      double w;

      dyno_chart_text_size (big, CHART_FONT_NORMAL, title, &w, NULL);
      head_w = MAX (head_w, w);
    }
  head_w = MAX (head_w + 2 * chart->gap, lh * 5);
  tile_w = MAX (1, (width - head_w - gap * n_columns) / MAX (n_columns, 1));
  /* Column headings: the operation and the unit. */
  top = y + 2 * lh + chart->gap;
  tile_h = MAX (1, MIN ((height - (top - y) - chart->gap * (n_rows - 1)) / MAX (n_rows, 1),
                        lh * 6));

  for (guint c = 0; c < n_columns; c++)
    {
      double cx = x + head_w + gap + c * (tile_w + gap) + tile_w / 2;
      g_autofree char *title = column_title (g_ptr_array_index (block->columns, c));

      dyno_chart_draw_text (chart, CHART_FONT_TITLE, title, &style->foreground, cx, y,
                            CHART_ALIGN_CENTER, CHART_ALIGN_START);
      dyno_chart_draw_text (chart, CHART_FONT_SMALL,
                            dyno_grid_unit_label (drawing->unit, drawing->rate_unit),
                            &style->dim_foreground, cx, y + lh * 1.3, CHART_ALIGN_CENTER,
                            CHART_ALIGN_START);
    }

  for (guint r = 0; r < n_rows; r++)
    {
      const DynoPhase *row = g_ptr_array_index (block->rows, r);
      const char *title = dyno_phase_get_short_title (row);
      const char *space = strchr (title, ' ');
      g_autofree char *first = space != NULL ? g_strndup (title, space - title) : g_strdup (title);
      double ty = top + r * (tile_h + chart->gap);
      DynoRgba button = style->axis;

      /* CrystalDiskMark's button: "SEQ1M" over "Q8T1". */
      button.alpha *= 0.25;
      rounded_rect (chart->cr, x, ty, head_w, tile_h, MIN (8, tile_h / 4));
      dyno_chart_set_source (chart->cr, &button);
      cairo_fill (chart->cr);
      dyno_chart_draw_text (big, CHART_FONT_NORMAL, first, &style->foreground, x + head_w / 2,
                            ty + tile_h / 2 - (space != NULL ? lh * 0.6 : 0), CHART_ALIGN_CENTER,
                            CHART_ALIGN_CENTER);
      if (space != NULL)
        dyno_chart_draw_text (chart, CHART_FONT_NORMAL, space + 1, &style->dim_foreground,
                              x + head_w / 2, ty + tile_h / 2 + lh * 0.9, CHART_ALIGN_CENTER,
                              CHART_ALIGN_CENTER);
      for (guint c = 0; c < n_columns; c++)
        draw_tile (chart, big, drawing, find_tile (block, row, g_ptr_array_index (block->columns, c)),
                   x + head_w + gap + c * (tile_w + gap), ty, tile_w, tile_h);
    }
}

static char *
grid_note (const GridDrawing *drawing)
{
  guint most = 0;
  guint best_of = 0;

  for (guint b = 0; b < drawing->blocks->len; b++)
    {
      const Block *block = g_ptr_array_index (drawing->blocks, b);

      for (guint i = 0; i < block->tiles->len; i++)
        {
          const DynoGridFigures *tile = g_ptr_array_index (block->tiles, i);

          most = MAX (most, tile->n_runs);
          best_of = MAX (best_of, tile->best_of);
        }
    }
  if (best_of > 1)
    /* Translators: the note under a saved drive grid of a CrystalDiskMark import */
    return g_strdup_printf (_ ("Each figure is the best of %u runs, the figure CrystalDiskMark "
                               "shows; the other runs were not kept."),
                            best_of);
  if (most >= 2)
    /* Translators: the note under a saved drive grid
     * xgettext:no-c-format */
    return g_strdup (_ ("Large: the mean of the runs, beside it ± its 95 % interval. Best: the "
                        "fastest run, the one figure CrystalDiskMark shows. Under the figure: "
                        "the others, the mean latency of an I/O in µs."));
  /* Translators: the note under a saved drive grid of single runs */
  return g_strdup (_ ("Each figure is a single run: no interval. Under it: the other figures, "
                      "the mean latency of an I/O in µs."));
}

static void
draw_grid (cairo_t *cr, double width, double height, gconstpointer data)
{
  const GridDrawing *drawing = data;
  g_autoptr (DynoChartStyle) big_style = dyno_chart_style_copy (drawing->style);
  g_autoptr (PangoFontDescription) font = NULL;
  g_autofree char *note = NULL;
  DynoChartDecor decor = *drawing->decor;
  Chart chart = { 0 };
  Chart big = { 0 };
  double top;
  double bottom;
  double note_h = 0;
  double each;

  decor.title = decor.title != NULL ? decor.title : drawing->title;
  decor.subtitle = NULL;
  font = pango_font_description_from_string (drawing->style->font ? drawing->style->font
                                                                  : "Sans 9");
  if (pango_font_description_get_size (font) > 0)
    {
      g_autofree char *text = NULL;

      pango_font_description_set_size (font, pango_font_description_get_size (font) * 3 / 2);
      text = pango_font_description_to_string (font);
      dyno_chart_style_set_font (big_style, text);
    }
  dyno_chart_begin (&chart, cr, width, height, drawing->style, &decor);
  dyno_chart_begin (&big, cr, width, height, big_style, &decor);
  if (drawing->style->background.alpha > 0)
    {
      dyno_chart_set_source (cr, &drawing->style->background);
      cairo_paint (cr);
    }
  dyno_chart_layout_content (&chart);
  big.geometry = chart.geometry;
  top = dyno_chart_layout_titles (&chart, chart.geometry.margin, chart.gap * 2);
  bottom = dyno_chart_layout_source (&chart, height - chart.geometry.margin);
  note = grid_note (drawing);
  dyno_chart_note_size (&chart, note, NULL, &note_h);
  bottom -= note_h + chart.gap;

  dyno_chart_draw_titles (&chart, chart.title_y, chart.subtitle_y);
  each = (bottom - top) / MAX (drawing->blocks->len, 1);
  for (guint b = 0; b < drawing->blocks->len; b++)
    draw_block (&chart, &big, drawing, g_ptr_array_index (drawing->blocks, b),
                chart.geometry.content.x, top + b * each, chart.geometry.content.width,
                each - chart.gap * 3);
  dyno_chart_draw_note (&chart, note, chart.geometry.content.x, bottom + chart.gap);
  dyno_chart_draw_source (&chart);
  dyno_chart_finish (&big);
  dyno_chart_finish (&chart);
}

static void
drawing_init (GridDrawing          *drawing,
              DynoResult           *result,
              int                   target_index,
              DynoGridUnit          unit,
              const DynoChartStyle *style,
              const DynoChartDecor *decor,
              DynoChartDecor       *plain)
{
  /* The run's name, or the one target's asked for. */
  g_autofree char *name = target_index >= 0
                              && (guint) target_index < dyno_result_get_n_targets (result)
                              ? dyno_result_dup_target_name (result, target_index)
                              : dyno_result_dup_name (result);

  if (decor == NULL)
    {
      dyno_chart_decor_init (plain);
      decor = plain;
    }
  drawing->result = result;
  drawing->blocks = blocks_new (result, target_index);
  drawing->unit = unit;
  drawing->rate_unit = style->rate_scale == DYNO_RATE_SCALE_MIB ? DYNO_RATE_UNIT_MIB
                                                                : DYNO_RATE_UNIT_MB;
  drawing->style = style;
  drawing->decor = decor;
  /* Translators: the title of a saved drive grid; %s is the run's name */
  drawing->title = g_strdup_printf (_ ("%s, drive tests"), name);
}

static void
drawing_clear (GridDrawing *drawing)
{
  g_clear_pointer (&drawing->blocks, g_ptr_array_unref);
  g_clear_pointer (&drawing->title, g_free);
}

void
dyno_grid_chart_render (DynoResult           *result,
                        int                   target_index,
                        DynoGridUnit          unit,
                        cairo_t              *cr,
                        double                width,
                        double                height,
                        const DynoChartStyle *style,
                        const DynoChartDecor *decor)
{
  GridDrawing drawing = { 0 };
  DynoChartDecor plain;

  g_return_if_fail (DYNO_IS_RESULT (result));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  drawing_init (&drawing, result, target_index, unit, style, decor, &plain);
  draw_grid (cr, width, height, &drawing);
  drawing_clear (&drawing);
}

gboolean
dyno_grid_chart_render_to_file (DynoResult           *result,
                                int                   target_index,
                                DynoGridUnit          unit,
                                const DynoChartStyle *style,
                                const DynoChartDecor *decor,
                                double                width,
                                double                height,
                                double                scale,
                                const char           *format,
                                const char           *path,
                                GError              **error)
{
  GridDrawing drawing = { 0 };
  DynoChartDecor plain;
  gboolean ok;

  g_return_val_if_fail (DYNO_IS_RESULT (result), FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (format != NULL && path != NULL, FALSE);

  drawing_init (&drawing, result, target_index, unit, style, decor, &plain);
  if (drawing.blocks->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: exporting a drive grid */
                   _ ("This run has no drive tests (CrystalDiskMark’s queued tests) to draw"));
      drawing_clear (&drawing);
      return FALSE;
    }
  ok = dyno_chart_export_file (format, path, width, height, scale,
                               decor != NULL && decor->title != NULL ? decor->title
                                                                     : drawing.title,
                               draw_grid, &drawing, error);
  drawing_clear (&drawing);
  return ok;
}
