/* dyno-text-table-private.h: column helpers for the Bonnie-style text tables
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Pads (or cuts) text to width characters, not bytes, so "±" or an accented label line up. */
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
