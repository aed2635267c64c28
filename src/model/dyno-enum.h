/* dyno-enum.h: an enum's names are its GEnum's nicks
 *
 * Every enum whose values have names in a file, a flag or a setting declares them once, as
 * nicks in its header (a "nick=slower" annotation after DYNO_VERDICT_SLOWER), from which each
 * layer's meson.build has glib-mkenums make a GEnum (dyno-*-enums.h: DYNO_TYPE_VERDICT …).
 * These read and write the names through the type, so no file keeps a table of its own; the
 * GSettings schema's enums are held to the same nicks by tests.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Other names a reader takes for a value ("txt" for the text format), never written; a list
 * ends with { NULL }. */
typedef struct
{
  const char *name;
  int value;
} DynoEnumAlias;

/* The value's nick ("slower"), for the process; NULL when the type has no such value. */
const char        *dyno_enum_to_nick (GType enum_type, int value);
/* The value of a nick or of one of aliases (may be NULL), in any ASCII case; FALSE when text
 * (may be NULL) is neither. out may be NULL. */
gboolean           dyno_enum_from_nick (GType               enum_type,
                                        const char         *text,
                                        const DynoEnumAlias *aliases,
                                        int                *out);
/* The nicks of an enum's values in value order, NULL-terminated, for the whole process: the
 * names the app's settings and combo rows use. */
const char *const *dyno_enum_get_nicks (GType enum_type);

G_END_DECLS
