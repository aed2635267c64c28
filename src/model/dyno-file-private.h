/* dyno-file-private.h: reading files that may come from anyone
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Opens path for reading if it is a regular file (not /dev/zero, a FIFO or a folder, which
 * g_file_get_contents would read until memory ran out) and returns its fd and size; errors
 * name the file. */
int      dyno_file_open_regular (const char *path, guint64 *out_size, GError **error);
/* Reads up to want bytes from fd, closes it, and returns them NUL-terminated. A file that
 * shrank while being read gives what was there. */
gboolean dyno_file_read_fd (int          fd,
                            const char  *path,
                            gsize        want,
                            char       **out_data,
                            gsize       *out_length,
                            GError     **error);

G_END_DECLS
