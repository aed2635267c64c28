/* dyno-report-doc.c: the blocks of a report
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-report-doc.h"

struct _DynoReportDoc
{
  DynoComparison *comparison;
  DynoRateUnit unit;
  char *title;
  char *subtitle;
  char *footer;
  GPtrArray *blocks; /* DynoReportBlock * */
};

static void
cell_free (gpointer data)
{
  DynoReportCell *cell = data;

  g_free (cell->text);
  g_free (cell->detail);
  g_free (cell);
}

static void
row_free (gpointer data)
{
  DynoReportRow *row = data;

  g_ptr_array_unref (row->cells);
  g_free (row);
}

static void
tile_free (gpointer data)
{
  DynoReportTile *tile = data;

  g_free (tile->title);
  g_free (tile->value);
  g_free (tile->unit);
  g_free (tile->detail);
  g_free (tile);
}

static void
block_free (gpointer data)
{
  DynoReportBlock *block = data;

  g_free (block->id);
  g_free (block->text);
  g_clear_pointer (&block->rows, g_ptr_array_unref);
  g_clear_pointer (&block->facts, g_ptr_array_unref);
  g_clear_pointer (&block->tiles, g_ptr_array_unref);
  g_clear_pointer (&block->notes, g_ptr_array_unref);
  g_free (block);
}

DynoReportDoc *
dyno_report_doc_new (DynoComparison *comparison, DynoRateUnit unit)
{
  DynoReportDoc *doc;

  g_return_val_if_fail (comparison != NULL, NULL);

  doc = g_new0 (DynoReportDoc, 1);
  doc->comparison = dyno_comparison_ref (comparison);
  doc->unit = unit;
  doc->blocks = g_ptr_array_new_with_free_func (block_free);
  return doc;
}

void
dyno_report_doc_free (DynoReportDoc *doc)
{
  if (doc == NULL)
    return;
  dyno_comparison_unref (doc->comparison);
  g_free (doc->title);
  g_free (doc->subtitle);
  g_free (doc->footer);
  g_ptr_array_unref (doc->blocks);
  g_free (doc);
}

DynoComparison *
dyno_report_doc_get_comparison (const DynoReportDoc *doc)
{
  return doc->comparison;
}

DynoRateUnit
dyno_report_doc_get_unit (const DynoReportDoc *doc)
{
  return doc->unit;
}

const char *
dyno_report_doc_get_title (const DynoReportDoc *doc)
{
  return doc->title != NULL ? doc->title : "Dyno";
}

const char *
dyno_report_doc_get_subtitle (const DynoReportDoc *doc)
{
  return doc->subtitle;
}

void
dyno_report_doc_set_title (DynoReportDoc *doc, const char *title, const char *subtitle)
{
  g_free (doc->title);
  g_free (doc->subtitle);
  doc->title = g_strdup (title);
  doc->subtitle = g_strdup (subtitle);
}

const char *
dyno_report_doc_get_footer (const DynoReportDoc *doc)
{
  return doc->footer;
}

void
dyno_report_doc_set_footer (DynoReportDoc *doc, const char *footer)
{
  g_free (doc->footer);
  doc->footer = g_strdup (footer);
}

guint
dyno_report_doc_get_n_blocks (const DynoReportDoc *doc)
{
  return doc->blocks->len;
}

const DynoReportBlock *
dyno_report_doc_get_block (const DynoReportDoc *doc, guint index)
{
  g_return_val_if_fail (index < doc->blocks->len, NULL);
  return g_ptr_array_index (doc->blocks, index);
}

static DynoReportBlock *
add_block (DynoReportDoc *doc, DynoReportBlockKind kind, const char *text)
{
  DynoReportBlock *block = g_new0 (DynoReportBlock, 1);

  block->kind = kind;
  block->text = g_strdup (text);
  g_ptr_array_add (doc->blocks, block);
  return block;
}

DynoReportBlock *
dyno_report_doc_add_heading (DynoReportDoc *doc, guint level, const char *id, const char *text)
{
  DynoReportBlock *block = add_block (doc, DYNO_REPORT_BLOCK_HEADING, text);

  block->level = CLAMP (level, 2, 3);
  block->id = g_strdup (id);
  return block;
}

DynoReportBlock *
dyno_report_doc_add_paragraph (DynoReportDoc *doc, DynoReportStyle style, const char *text)
{
  DynoReportBlock *block = add_block (doc, DYNO_REPORT_BLOCK_PARAGRAPH, text);

  block->style = style;
  return block;
}

DynoReportBlock *
dyno_report_doc_add_code (DynoReportDoc *doc, const char *text)
{
  return add_block (doc, DYNO_REPORT_BLOCK_CODE, text);
}

DynoReportBlock *
dyno_report_doc_add_table (DynoReportDoc *doc, const char *caption, guint columns,
                           guint header_rows)
{
  DynoReportBlock *block = add_block (doc, DYNO_REPORT_BLOCK_TABLE, caption);

  block->rows = g_ptr_array_new_with_free_func (row_free);
  block->columns = MAX (columns, 1);
  block->header_rows = header_rows;
  block->notes = g_ptr_array_new_with_free_func (g_free);
  return block;
}

DynoReportBlock *
dyno_report_doc_add_facts (DynoReportDoc *doc)
{
  DynoReportBlock *block = add_block (doc, DYNO_REPORT_BLOCK_FACTS, NULL);

  block->facts = g_ptr_array_new_with_free_func (g_free);
  return block;
}

DynoReportBlock *
dyno_report_doc_add_tiles (DynoReportDoc *doc)
{
  DynoReportBlock *block = add_block (doc, DYNO_REPORT_BLOCK_TILES, NULL);

  block->tiles = g_ptr_array_new_with_free_func (tile_free);
  return block;
}

DynoReportBlock *
dyno_report_doc_add_chart (DynoReportDoc *doc, const DynoReportChart *chart, const char *caption)
{
  DynoReportBlock *block = add_block (doc, DYNO_REPORT_BLOCK_CHART, caption);

  block->chart = *chart;
  block->notes = g_ptr_array_new_with_free_func (g_free);
  return block;
}

DynoReportRow *
dyno_report_table_add_row (DynoReportBlock *table, gboolean group)
{
  DynoReportRow *row;

  g_return_val_if_fail (table->kind == DYNO_REPORT_BLOCK_TABLE, NULL);

  row = g_new0 (DynoReportRow, 1);
  row->cells = g_ptr_array_new_with_free_func (cell_free);
  row->group = group;
  g_ptr_array_add (table->rows, row);
  return row;
}

DynoReportCell *
dyno_report_row_add_cell (DynoReportRow *row, const char *text, const char *detail)
{
  DynoReportCell *cell = g_new0 (DynoReportCell, 1);

  cell->text = g_strdup (text != NULL ? text : "");
  cell->detail = g_strdup (detail);
  cell->span = 1;
  g_ptr_array_add (row->cells, cell);
  return cell;
}

void
dyno_report_facts_add (DynoReportBlock *facts, const char *term, const char *description)
{
  g_return_if_fail (facts->kind == DYNO_REPORT_BLOCK_FACTS);

  g_ptr_array_add (facts->facts, g_strdup (term));
  g_ptr_array_add (facts->facts, g_strdup (description != NULL && *description != '\0'
                                               ? description
                                               : "—"));
}

DynoReportTile *
dyno_report_tiles_add (DynoReportBlock *tiles, const char *title, const char *value,
                       const char *unit, const char *detail)
{
  DynoReportTile *tile;

  g_return_val_if_fail (tiles->kind == DYNO_REPORT_BLOCK_TILES, NULL);

  tile = g_new0 (DynoReportTile, 1);
  tile->title = g_strdup (title);
  tile->value = g_strdup (value);
  tile->unit = g_strdup (unit);
  tile->detail = g_strdup (detail);
  g_ptr_array_add (tiles->tiles, tile);
  return tile;
}

void
dyno_report_block_add_note (DynoReportBlock *block, const char *note)
{
  g_return_if_fail (block->notes != NULL);

  g_ptr_array_add (block->notes, g_strdup (note));
}
