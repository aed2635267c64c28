/* dyno-json-shape.h: a JSON text's depth and size, bounded before parsing
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Our own result schema nests 6 levels; the rest is room for fields of later minor
 * revisions, and json-glib's recursion stays far from the stack's end. */
#define DYNO_JSON_MAX_DEPTH 64
/* Every value costs json-glib about 70 bytes. Real result files spend at least 16 bytes of
 * text per value (numbers are written with 17 digits), so none under the readers' 256 MiB
 * limit reaches this, while "[0,0,0,…" cannot make 64 MiB of text cost 2 GiB of memory. */
#define DYNO_JSON_MAX_VALUES (G_GUINT64_CONSTANT (32) << 20)

/* FALSE, with a DYNO_ERROR_BAD_FORMAT naming subject ("“r.json”", "--config-json") and the
 * line and column, when data (length bytes, or up to its NUL with -1) nests deeper than
 * DYNO_JSON_MAX_DEPTH, holds more than DYNO_JSON_MAX_VALUES values, or has a character
 * outside strings that JSON does not use (json-glib's comments and 'strings', whose brackets
 * would be miscounted). It does not check that the text is JSON: the parser does. */
gboolean dyno_json_check_shape (const char *data, gssize length, const char *subject,
                                GError **error);

G_END_DECLS
