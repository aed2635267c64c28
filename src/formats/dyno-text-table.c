/* dyno-text-table.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-text-table-private.h"

void
dyno_text_append_padded (GString *out, const char *text, guint width, gboolean right)
{
  glong len = g_utf8_strlen (text, -1);

  /* Right-aligned text is a figure (a rate, a ratio, a size): cut, 1157349244 read as
   * 11573492, another number. It is kept whole and pushes the rest of its row right; only
   * a name, left-aligned, is cut to its column. */
  if ((guint) len > width && !right)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, width);

      g_string_append (out, cut);
      return;
    }
  if (right)
    for (glong i = len; i < (glong) width; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (glong i = len; i < (glong) width; i++)
      g_string_append_c (out, ' ');
}

void
dyno_text_append_banner (GString *out, const char *title, guint width)
{
  guint len = g_utf8_strlen (title, -1);
  guint left = width > len ? (width - len) / 2 : 0;
  guint right = width > len + left ? width - len - left : 0;

  g_string_append_c (out, ' ');
  if (len > width)
    {
      dyno_text_append_padded (out, title, width, FALSE);
      return;
    }
  for (guint i = 0; i < left; i++)
    g_string_append_c (out, '-');
  g_string_append (out, title);
  for (guint i = 0; i < right; i++)
    g_string_append_c (out, '-');
}

void
dyno_text_append_name_and_spec (GString *out, const char *name, const char *spec, guint width)
{
  glong spec_len = g_utf8_strlen (spec, -1);
  glong room = (glong) width - 1 - spec_len;
  g_autofree char *cut = NULL;

  if (room <= 0)
    {
      dyno_text_append_padded (out, spec, width, TRUE);
      return;
    }
  cut = g_utf8_substring (name, 0, MIN (room, g_utf8_strlen (name, -1)));
  dyno_text_append_padded (out, cut, room + 1, FALSE);
  g_string_append (out, spec);
}

DynoTextTable
dyno_text_table_of (const DynoPhase *phase)
{
  if (dyno_phase_has_flag (phase, DYNO_PHASE_FILE_TEST))
    return DYNO_TEXT_TABLE_FILES;
  if (dyno_phase_has_flag (phase, DYNO_PHASE_BONNIE))
    return DYNO_TEXT_TABLE_IO;
  if (dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
    return DYNO_TEXT_TABLE_QUEUED;
  return DYNO_TEXT_TABLE_OTHER;
}

GPtrArray *
dyno_text_table_columns (GPtrArray *phases, DynoTextTable table)
{
  GPtrArray *columns = g_ptr_array_new ();

  for (guint i = 0; i < phases->len; i++)
    if (dyno_text_table_of (g_ptr_array_index (phases, i)) == table)
      g_ptr_array_add (columns, g_ptr_array_index (phases, i));
  return columns;
}

guint
dyno_text_group_end (GPtrArray *columns, guint start)
{
  const DynoPhase *first = g_ptr_array_index (columns, start);
  guint end = start + 1;

  while (end < columns->len
         && ((const DynoPhase *) g_ptr_array_index (columns, end))->kind->group == first->kind->group)
    end++;
  return end;
}

const char *
dyno_text_column_title (const DynoPhase *phase)
{
  /* Bonnie's tokens stay untranslated, as bonnie++ prints them, so that tables from different
   * locales compare column for column; a queued test's name is CrystalDiskMark's. */
  if (phase->kind->params == 0)
    return phase->kind->table_title != NULL ? phase->kind->table_title : phase->kind->short_title;
  return dyno_phase_get_short_title (phase);
}

double
dyno_text_display_scale (const DynoPhase *phase, DynoRateUnit unit)
{
  return dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? dyno_rate_unit_scale (unit) : 1.0;
}

int
dyno_text_rate_decimals (const DynoPhase *phase, DynoRateUnit unit, double value)
{
  if (dyno_phase_get_unit (phase) == DYNO_UNIT_OPS)
    {
      if (dyno_phase_has_flag (phase, DYNO_PHASE_FILE_TEST))
        return value >= 10 ? 0 : 1;
      return value >= 1000 ? 0 : 1;
    }
  if (unit == DYNO_RATE_UNIT_KIB)
    return 0;
  if (value >= 1000)
    return 0;
  return value >= 10 ? 1 : 2;
}
