/* dyno-platform-posix-device.c: whole block devices with plain POSIX (the fallback)
 *
 * No O_DIRECT, no size ioctl, no sysfs: the size is where lseek ends, nothing is known to
 * hold the device, and arrays are not described.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <unistd.h>

#include "dyno-platform-device.h"
#include "dyno-platform.h"

int
dyno_platform_open_device_read (const char *path, gboolean *direct, GError **error)
{
  int flag = dyno_platform_direct_open_flag ();
  int fd;

  *direct = flag != 0;
  fd = open (path, O_RDONLY | flag);
  if (fd < 0 && flag != 0 && errno == EINVAL)
    {
      *direct = FALSE;
      fd = open (path, O_RDONLY);
    }
  if (fd < 0)
    {
      int err = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "%s: %s", path,
                   g_strerror (err));
    }
  return fd;
}

gboolean
dyno_platform_device_size (int fd, guint64 *size, GError **error)
{
  off_t end = lseek (fd, 0, SEEK_END);

  if (end < 0)
    {
      int err = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "lseek: %s", g_strerror (err));
      return FALSE;
    }
  *size = (guint64) end;
  return TRUE;
}

gsize
dyno_platform_device_alignment (int fd)
{
  return MAX (dyno_platform_direct_alignment (fd), 512);
}

char *
dyno_platform_device_in_use (dev_t rdev)
{
  return NULL;
}

void
dyno_platform_device_describe (dev_t rdev, char **model, DynoTristate *rotational)
{
  *model = NULL;
  *rotational = DYNO_TRISTATE_UNKNOWN;
}

DynoArrayInfo *
dyno_platform_describe_array (dev_t rdev)
{
  return NULL;
}
