/* dyno-json-build.c: JSON members that say null for what is not known
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-json-build.h"

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
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
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
