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

  if ((guint) len > width)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, width);

      g_string_append (out, cut);
      return;
    }
  if (right)
    for (guint i = len; i < width; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (guint i = len; i < width; i++)
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
