/* dyno-platform-flush.h: writing a range of a file out to its device (a fill test's fallback
 * where O_DIRECT is refused)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes bytes [offset, offset + length) of fd out of the page cache to the device, waits until
 * they are written, then drops their pages, so that a buffered writer's time includes the
 * device's and its memory does not fill with the file. Linux: sync_file_range () and
 * posix_fadvise (DONTNEED) on the range; POSIX: fdatasync () of the whole file, then the
 * advice where there is one. */
gboolean dyno_platform_flush_range (int       fd,
                                    guint64   offset,
                                    guint64   length,
                                    GError  **error);

/* Starts writing bytes [offset, offset + length) of fd out to the device without waiting, so
 * that the device has the next writes to do while the writer fills the page cache; what
 * dyno_platform_flush_range () then waits for is already under way. Linux: sync_file_range ()
 * with SYNC_FILE_RANGE_WRITE; POSIX has no such call and does nothing. */
gboolean dyno_platform_start_writeback (int       fd,
                                        guint64   offset,
                                        guint64   length,
                                        GError  **error);

G_END_DECLS
