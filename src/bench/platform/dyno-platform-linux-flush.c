/* dyno-platform-linux-flush.c: a range of a file written out with sync_file_range ()
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>

#include "dyno-error.h"
#include "dyno-platform-flush.h"

gboolean
dyno_platform_flush_range (int fd, guint64 offset, guint64 length, GError **error)
{
  int ret;

  /* Wait for any writeback already under way, start the range's, wait for it: the range is on
   * the device (not in its volatile cache: O_DIRECT does not flush that either). */
  if (sync_file_range (fd, (off64_t) offset, (off64_t) length,
                       SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE
                           | SYNC_FILE_RANGE_WAIT_AFTER)
      != 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), "sync_file_range: %s",
                   g_strerror (saved));
      return FALSE;
    }
  /* Clean now, so the advice drops them: a fill of half the disk must not fill the RAM. */
  ret = posix_fadvise (fd, (off_t) offset, (off_t) length, POSIX_FADV_DONTNEED);
  if (ret != 0)
    {
      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (ret), "posix_fadvise: %s",
                   g_strerror (ret));
      return FALSE;
    }
  return TRUE;
}

gboolean
dyno_platform_start_writeback (int fd, guint64 offset, guint64 length, GError **error)
{
  if (sync_file_range (fd, (off64_t) offset, (off64_t) length, SYNC_FILE_RANGE_WRITE) != 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), "sync_file_range: %s",
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}
