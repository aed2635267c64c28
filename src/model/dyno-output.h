/* dyno-output.h: writing what a person asked for to the path they named, without ever
 * replacing something Dyno did not create
 *
 * A result, a table or a chart goes to one path. What happens depends on what is there:
 *   - nothing, or a regular file: a temporary file beside it is written, flushed and renamed
 *     over it, so a failure leaves the old file whole (its mode, and as root its owner, kept);
 *   - a character device or a FIFO (/dev/null, /dev/full, a named pipe, a terminal): written
 *     into as it is, never replaced;
 *   - /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the descriptor itself;
 *   - a symbolic link: followed only to a device or a FIFO; a link to a regular file, a missing
 *     file or a folder is refused (replacing the link, or the file behind it, would touch a file
 *     Dyno did not create);
 *   - a folder, a block device (a disk), a socket: refused.
 * Every refusal and failure is a DYNO_ERROR whose message names the path and says why.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean dyno_output_write (const char *path, const void *data, gsize length, GError **error);

/* Only checks, without writing: would dyno_output_write accept this path? For refusing a bad
 * --json or -o before an hour-long run rather than after it. */
gboolean dyno_output_check (const char *path, GError **error);

G_END_DECLS
