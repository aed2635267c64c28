/* dyno-json-shape.c: bounding a JSON text's depth and size before json-glib parses it
 *
 * json-glib parses recursively and keeps every value as a node: 130 000 nested "[" on a
 * --config-json or in a line a remote machine printed overflowed the stack (SIGSEGV), and a
 * flat array of millions of values took gigabytes. Every JSON that comes from outside -- a
 * result file, --config-json, a remote --stream line, a remote info, a gocryptfs.conf -- is
 * checked here first.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-json-shape.h"

/* Before json-glib sees the text: it parses recursively and keeps every value as a node, so depth
 * and count must be bounded first. Outside strings only JSON's own characters may appear; that
 * also keeps out json-glib's extensions (comments, 'strings') whose brackets we would miscount. */
gboolean
dyno_json_check_shape (const char *data, gssize size, const char *subject, GError **error)
{
  gsize length;
  gsize line_start = 0;
  guint64 values = 1;
  guint depth = 0;
  guint line = 1;

  g_return_val_if_fail (data != NULL && subject != NULL, FALSE);
  length = size < 0 ? strlen (data) : (gsize) size;

  for (gsize i = 0; i < length; i++)
    {
      guchar c = data[i];

      switch (c)
        {
        case '"':
          for (i++; i < length && data[i] != '"'; i++)
            {
              if (data[i] == '\\')
                i++;
              else if (data[i] == '\n')
                {
                  line++;
                  line_start = i + 1;
                }
            }
          break;
        case '[':
        case '{':
          if (++depth > DYNO_JSON_MAX_DEPTH)
            {
              g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                           _("%s is nested more than %u levels deep (line %u, column %u)"),
                           subject, DYNO_JSON_MAX_DEPTH, line, (guint) (i - line_start + 1));
              return FALSE;
            }
          break;
        case ']':
        case '}':
          if (depth > 0)
            depth--;
          break;
        case ',':
          if (++values > DYNO_JSON_MAX_VALUES)
            {
              g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                           _("%s has more than %u values"), subject, (guint) DYNO_JSON_MAX_VALUES);
              return FALSE;
            }
          break;
        case '\n':
          line++;
          line_start = i + 1;
          break;
        case ' ':
        case '\t':
        case '\r':
        case ':':
        case '-':
        case '+':
        case '.':
          break;
        default:
          if (g_ascii_isalnum (c))
            break;
          if (g_ascii_isprint (c))
            g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                         _("%s is not valid JSON: unexpected character “%c” at line %u, column %u"),
                         subject, c, line, (guint) (i - line_start + 1));
          else
            g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                         _("%s is not valid JSON: unexpected byte 0x%02X at line %u, column %u"),
                         subject, c, line, (guint) (i - line_start + 1));
          return FALSE;
        }
    }
  return TRUE;
}
