/* dyno-json-build.c: JSON members that say null for what is not known
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-json-build.h"

/* JSON has no NaN or infinity; null is what every reader understands as "unknown".
 *
 * json-glib 1.6 prints a double with its shortest form and appends ".0" when that has no '.',
 * which turns 1e308 or 1e-10 into "1e+308.0", "1e-10.0": not JSON (found by fuzz-stream).
 * Whole numbers in int64 range are written as integers (readers take either); the others
 * move by one unit in the last place, which prints with a '.'. */
JsonNode *
dyno_json_double_node (double value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    return json_node_new (JSON_NODE_NULL);
  g_ascii_formatd (text, sizeof text, "%.17g", value);
  if (strchr (text, 'e') != NULL && strchr (text, '.') == NULL)
    {
      if (value == trunc (value) && fabs (value) < 9.2e18)
        return json_node_init_int (json_node_alloc (), (gint64) value);
      value = nextafter (value, 0);
    }
  return json_node_init_double (json_node_alloc (), value);
}

void
dyno_json_add_string_member (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
dyno_json_add_count_member (JsonBuilder *b, const char *name, guint64 value, gboolean known)
{
  json_builder_set_member_name (b, name);
  if (known)
    json_builder_add_int_value (b, (gint64) MIN (value, (guint64) G_MAXINT64));
  else
    json_builder_add_null_value (b);
}

void
dyno_json_add_double_member (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_value (b, dyno_json_double_node (value));
}

void
dyno_json_add_tristate_member (JsonBuilder *b, const char *name, DynoTristate value)
{
  json_builder_set_member_name (b, name);
  if (value == DYNO_TRISTATE_UNKNOWN)
    json_builder_add_null_value (b);
  else
    json_builder_add_boolean_value (b, value == DYNO_TRISTATE_YES);
}

char *
dyno_json_builder_to_pretty (JsonBuilder *b)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}
