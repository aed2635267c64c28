/* dyno-json-build.h: JSON members that say null for what is not known
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "dyno-tristate.h"

G_BEGIN_DECLS

/* A member name: value, or null when value is NULL. */
void dyno_json_add_string_member (JsonBuilder *b, const char *name, const char *value);
/* A member name: value (at most G_MAXINT64), or null unless known. */
void dyno_json_add_count_member (JsonBuilder *b, const char *name, guint64 value, gboolean known);
/* A double as a node json-glib prints as valid JSON: null when not finite (JSON has no NaN),
 * never "1e-10.0". */
JsonNode *dyno_json_double_node (double value);
/* A member name: value, or null when it is not finite (JSON has no NaN). */
void dyno_json_add_double_member (JsonBuilder *b, const char *name, double value);
/* A member name: true, false, or null when unknown. */
void dyno_json_add_tristate_member (JsonBuilder *b, const char *name, DynoTristate value);
/* What b built (a whole value), indented, without a final newline. */
char *dyno_json_builder_to_pretty (JsonBuilder *b);

G_END_DECLS
