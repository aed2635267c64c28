/* dyno-text-table-private.h: column helpers for the Bonnie-style text tables
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-phase.h"
#include "dyno-rate-unit.h"

G_BEGIN_DECLS

/* Bonnie's layout puts phases in tables of their own: the data file's phases in bytes per
 * second, the file tests in files per second, and the queued tests (CrystalDiskMark's); a kind
 * with none of their flags goes with the others of its own (dyno-phase.h says which flags). */
typedef enum
{
  DYNO_TEXT_TABLE_IO,
  DYNO_TEXT_TABLE_FILES,
  DYNO_TEXT_TABLE_QUEUED,
  DYNO_TEXT_TABLE_OTHER,
  DYNO_TEXT_N_TABLES,
} DynoTextTable;

DynoTextTable dyno_text_table_of (const DynoPhase *phase);
/* The phases of phases (const DynoPhase *) that go in table, in their order. */
GPtrArray    *dyno_text_table_columns (GPtrArray *phases, DynoTextTable table);
/* Where the run of columns of one group that starts at start ends (exclusive). */
guint         dyno_text_group_end (GPtrArray *columns, guint start);
/* Bonnie's untranslated column title ("Per Chr", "Block", "Create"); "RND4K Q32T1". */
const char   *dyno_text_column_title (const DynoPhase *phase);
/* A rate in the display unit: bytes scaled to unit, operations as they are. */
double        dyno_text_display_scale (const DynoPhase *phase, DynoRateUnit unit);
/* Bonnie's decimals: two under 10, one under 1000, none above; K/sec whole; seeks one under
 * 1000; files none from 10. */
int           dyno_text_rate_decimals (const DynoPhase *phase, DynoRateUnit unit, double value);

/* Pads text to width characters, not bytes, so "±" or an accented label line up. Wider,
 * left-aligned text (a name) is cut to width; right-aligned text (a figure) never is. */
void dyno_text_append_padded (GString *out, const char *text, guint width, gboolean right);
/* " ----Title----" filling width + 1 characters, or the title cut to width. */
void dyno_text_append_banner (GString *out, const char *title, guint width);
/* The label column of a data row, width characters: name, cut to leave room for spec (a size,
 * a file count) at the right; spec alone, padded, when there is no room for both. */
void dyno_text_append_name_and_spec (GString    *out,
                                     const char *name,
                                     const char *spec,
                                     guint       width);

G_END_DECLS
