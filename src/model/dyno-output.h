/* dyno-output.h: writing what a person asked for to the path they named, without ever
 * replacing something Dyno did not create
 *
 * A result, a table or a chart goes to one path. What happens depends on what is there:
 *   - nothing, or a regular file: a temporary file beside it is written, flushed and renamed
 *     over it, so a failure leaves the old file whole (its mode, and as root its owner, kept);
 *     a file the user may not write is refused, as the shell's `>` refuses it, even where the
 *     folder would let the rename replace it;
 *   - a FIFO, a terminal, or /dev/null, /dev/zero, /dev/full: written into as it is, never
 *     replaced; any other character device is refused (it may be storage: MTD flash, a SCSI or
 *     NVMe generic node);
 *   - /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the descriptor itself, if what it
 *     is open on is a file, a pipe, a socket, a terminal or /dev/null (checked with fstat, so a
 *     descriptor the shell opened on a disk is refused whatever name leads to it);
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

/* Whether an open descriptor (standard output, before a command prints to it) is something
 * Dyno writes into: not a disk, a folder or a device other than a terminal or /dev/null. name
 * is what the messages call it ("standard output"). An unopened descriptor is refused too. */
gboolean dyno_output_check_descriptor (int fd, const char *name, GError **error);

/* Whether a signal's default action ends the process (SIGINT, SIGTERM, SIGHUP, SIGUSR1, the
 * real-time ones …), other than the faults a program causes itself and SIGPIPE and SIGXFSZ. */
gboolean dyno_output_signal_ends_process (int signum);

G_END_DECLS
