/* dyno-platform-posix-flush.c: a range of a file written out, the POSIX way (the whole file)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-platform-flush.h"

gboolean
dyno_platform_flush_range (int fd, guint64 offset, guint64 length, GError **error)
{
  /* POSIX cannot write out a range alone: the file's dirty data is the range a sequential
   * writer made since its last flush, so fdatasync () writes what the range would. */
  if (fdatasync (fd) != 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), "fdatasync: %s",
                   g_strerror (saved));
      return FALSE;
    }
#ifdef HAVE_POSIX_FADVISE
  {
    int ret = posix_fadvise (fd, (off_t) offset, (off_t) length, POSIX_FADV_DONTNEED);

    if (ret != 0)
      {
        g_set_error (error, DYNO_ERROR, dyno_error_from_errno (ret), "posix_fadvise: %s",
                     g_strerror (ret));
        return FALSE;
      }
  }
#endif
  return TRUE;
}

gboolean
dyno_platform_start_writeback (int fd, guint64 offset, guint64 length, GError **error)
{
  /* POSIX cannot start writeback without waiting for it: the next flush does it all. */
  return TRUE;
}
