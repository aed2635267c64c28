/* dyno-file.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-file-private.h"

int
dyno_file_open_regular (const char *path, guint64 *out_size, GError **error)
{
  g_autofree char *name = g_filename_display_basename (path);
  struct stat st;
  int fd;

  /* O_NONBLOCK: opening a FIFO nobody writes to would block until someone does. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), _("Cannot open “%s”: %s"),
                   name, g_strerror (saved));
      return -1;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), _("Cannot read “%s”: %s"),
                   name, g_strerror (saved));
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a regular file"), name);
      return -1;
    }
  /* Files of /proc and /sys report 0 bytes and make their text as they are read: calling them
   * empty would be wrong, and no size limit could be checked before reading them. */
  if (st.st_size == 0)
    {
      char byte;
      gssize n;

      do
        n = pread (fd, &byte, 1, 0);
      while (n < 0 && errno == EINTR);
      if (n == 1)
        {
          close (fd);
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a regular file: it reports no size but has contents, as "
                         "the files of /proc and /sys do; copy it into a file first"),
                       name);
          return -1;
        }
    }
  *out_size = (guint64) st.st_size;
  return fd;
}

gboolean
dyno_file_read_fd (int fd, const char *path, gsize want, char **out_data, gsize *out_length,
                   GError **error)
{
  g_autofree char *data = g_malloc (want + 1);
  gsize length = 0;

  while (length < want)
    {
      gssize n = read (fd, data + length, want - length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_autofree char *name = g_filename_display_basename (path);

          close (fd);
          g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                       _("Cannot read “%s”: %s"), name, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      length += n;
    }
  close (fd);
  data[length] = '\0';
  *out_data = g_steal_pointer (&data);
  *out_length = length;
  return TRUE;
}
