/* dyno-parse.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-parse.h"

static int
suffix_shift (char c)
{
  switch (g_ascii_tolower (c))
    {
    case 'k':
      return 10;
    case 'm':
      return 20;
    case 'g':
      return 30;
    case 't':
      return 40;
    case 'p':
      return 50;
    default:
      return -1;
    }
}

gboolean
dyno_parse_size (const char *text, guint64 *out_bytes, GError **error)
{
  const char *p;
  guint64 whole = 0;
  double fraction = 0.0;
  double scale = 0.1;
  gboolean digits = FALSE;
  int shift = 0;
  guint64 result;

  g_return_val_if_fail (out_bytes != NULL, FALSE);

  if (text == NULL)
    return dyno_error_set_invalid (error, _("A size is missing"));

  p = text;
  while (g_ascii_isspace (*p))
    p++;

  for (; g_ascii_isdigit (*p); p++)
    {
      guint d = *p - '0';

      digits = TRUE;
      if (whole > (G_MAXUINT64 - d) / 10)
        return dyno_error_set_invalid (error, _("The size “%s” is too large"), text);
      whole = whole * 10 + d;
    }
  if (*p == '.')
    {
      p++;
      for (; g_ascii_isdigit (*p); p++)
        {
          digits = TRUE;
          fraction += (*p - '0') * scale;
          scale /= 10;
        }
    }
  if (!digits)
    return dyno_error_set_invalid (error,
                 _("“%s” is not a size: use a number of bytes with an optional K, M, G or T "
                   "suffix, such as 512M or 2G"),
                 text);

  if (*p != '\0' && suffix_shift (*p) >= 0)
    {
      shift = suffix_shift (*p);
      p++;
      if (*p == 'i' || *p == 'I')
        p++;
      if (*p == 'b' || *p == 'B')
        p++;
    }
  else if (*p == 'b' || *p == 'B')
    p++;

  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0')
    return dyno_error_set_invalid (error,
                 _("“%s” is not a size: use a number of bytes with an optional K, M, G or T "
                   "suffix, such as 512M or 2G"),
                 text);

  if (shift > 0 && whole > (G_MAXUINT64 >> shift))
    return dyno_error_set_invalid (error, _("The size “%s” is too large"), text);
  result = whole << shift;
  if (fraction > 0)
    {
      double extra = floor (fraction * (double) (G_GUINT64_CONSTANT (1) << shift));

      if ((double) (G_MAXUINT64 - result) < extra)
        return dyno_error_set_invalid (error, _("The size “%s” is too large"), text);
      result += (guint64) extra;
    }
  /* Far beyond any volume: almost certainly a typo, and it would overflow offsets. */
  if (result > (G_GUINT64_CONSTANT (1) << 60))
    return dyno_error_set_invalid (error, _("The size “%s” is too large"), text);

  *out_bytes = result;
  return TRUE;
}

gboolean
dyno_parse_count (const char *text, guint min, guint max, guint *out, GError **error)
{
  guint64 value;
  g_autoptr (GError) local_error = NULL;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, min, max, &value, &local_error))
    return dyno_error_set_invalid (error, _("“%s” is not a whole number from %u to %u"), text ? text : "", min, max);
  *out = (guint) value;
  return TRUE;
}

gboolean
dyno_parse_tests (const char *text, GPtrArray **out_phases, GError **error)
{
  g_autoptr (GPtrArray) phases = g_ptr_array_new ();
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (out_phases != NULL, FALSE);

  if (text == NULL)
    return dyno_error_set_invalid (error, _("The test list is empty"));

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *name = g_strstrip (parts[i]);
      g_autoptr (GPtrArray) named = NULL;

      if (*name == '\0')
        continue;
      named = dyno_phase_expand_name (name);
      if (named == NULL)
        {
          g_autoptr (GError) local_error = NULL;

          /* A known kind with bad parameters says which parameter; anything else lists the
           * names there are. */
          if (strchr (name, ':') != NULL && !dyno_phase_parse (name, &local_error))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          {
            g_autofree char *known = dyno_phase_describe_names ();

            return dyno_error_set_invalid (error, _("Unknown test “%s”; known tests: %s"), name,
                                           known);
          }
        }
      for (guint j = 0; j < named->len; j++)
        if (!g_ptr_array_find (phases, g_ptr_array_index (named, j), NULL))
          g_ptr_array_add (phases, g_ptr_array_index (named, j));
    }
  if (phases->len == 0)
    return dyno_error_set_invalid (error, _("The test list is empty"));

  *out_phases = g_steal_pointer (&phases);
  return TRUE;
}

char *
dyno_format_size (guint64 bytes)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  guint u = 0;
  double value = bytes;

  while (value >= 1024 && u + 1 < G_N_ELEMENTS (units))
    {
      value /= 1024;
      u++;
    }
  if (u == 0 || value == floor (value))
    return g_strdup_printf ("%.0f %s", value, units[u]);
  if (value < 10)
    return g_strdup_printf ("%.2f %s", value, units[u]);
  return g_strdup_printf ("%.1f %s", value, units[u]);
}

char *
dyno_format_rate (double rate, DynoUnit unit)
{
  if (isnan (rate))
    return g_strdup ("—");

  if (unit == DYNO_UNIT_OPS)
    {
      if (rate >= 100)
        return g_strdup_printf (_("%.0f ops/s"), rate);
      return g_strdup_printf (_("%.1f ops/s"), rate);
    }

  rate /= 1e6;
  if (rate >= 10000)
    return g_strdup_printf (_("%.2f GB/s"), rate / 1000);
  if (rate >= 100)
    return g_strdup_printf (_("%.0f MB/s"), rate);
  if (rate >= 10)
    return g_strdup_printf (_("%.1f MB/s"), rate);
  return g_strdup_printf (_("%.2f MB/s"), rate);
}

char *
dyno_format_duration (double seconds)
{
  if (isnan (seconds) || seconds < 0)
    return g_strdup ("—");
  if (seconds < 60)
    return g_strdup_printf (_("%.1f s"), seconds);
  if (seconds < 3600)
    return g_strdup_printf (_("%u min %02u s"), (guint) seconds / 60, (guint) seconds % 60);
  return g_strdup_printf (_("%u h %02u min"), (guint) seconds / 3600,
                          ((guint) seconds % 3600) / 60);
}

char *
dyno_format_latency (double seconds)
{
  if (isnan (seconds))
    return g_strdup ("—");
  if (seconds < 1e-3)
    return g_strdup_printf (_("%.0f µs"), seconds * 1e6);
  if (seconds < 1)
    return g_strdup_printf (_("%.1f ms"), seconds * 1e3);
  return g_strdup_printf (_("%.2f s"), seconds);
}

gboolean
dyno_parse_decimal (const char *text, double *out)
{
  const struct lconv *conv = localeconv ();
  const char *point = conv != NULL && conv->decimal_point != NULL ? conv->decimal_point : ".";
  gsize point_len = strlen (point);
  g_autoptr (GString) c_text = g_string_new (NULL);
  gboolean separator = FALSE;
  gboolean digits = FALSE;
  char *end = NULL;
  double value;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        {
          g_string_append_c (c_text, *p);
          digits = TRUE;
        }
      else if (!separator && *p == '.')
        {
          g_string_append_c (c_text, '.');
          separator = TRUE;
        }
      else if (!separator && point_len > 0 && strncmp (p, point, point_len) == 0)
        {
          g_string_append_c (c_text, '.');
          separator = TRUE;
          p += point_len - 1;
        }
      else
        return FALSE;
    }
  if (!digits)
    return FALSE;
  value = g_ascii_strtod (c_text->str, &end);
  if (end == c_text->str || *end != '\0' || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}
