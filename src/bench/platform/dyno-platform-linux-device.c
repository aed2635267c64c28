/* dyno-platform-linux-device.c: opening, sizing and describing a whole block device on Linux
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dyno-platform-device.h"
#include "dyno-platform-linux-private.h"

static void
set_errno_error (GError **error, int err, const char *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "%s: %s", path,
               g_strerror (err));
}

int
dyno_platform_open_device_read (const char *path, gboolean *direct, GError **error)
{
  int fd;

  g_return_val_if_fail (path != NULL, -1);
  g_return_val_if_fail (direct != NULL, -1);

  *direct = TRUE;
  fd = open (path, O_RDONLY | O_DIRECT | O_CLOEXEC);
  /* Some devices and file systems refuse O_DIRECT with EINVAL: read through the cache. */
  if (fd < 0 && errno == EINVAL)
    {
      *direct = FALSE;
      fd = open (path, O_RDONLY | O_CLOEXEC);
    }
  if (fd < 0)
    set_errno_error (error, errno, path);
  return fd;
}

gboolean
dyno_platform_device_size (int fd, guint64 *size, GError **error)
{
  guint64 bytes = 0;

  if (ioctl (fd, BLKGETSIZE64, &bytes) != 0)
    {
      int err = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "BLKGETSIZE64: %s",
                   g_strerror (err));
      return FALSE;
    }
  *size = bytes;
  return TRUE;
}

gsize
dyno_platform_device_alignment (int fd)
{
  int logical = 0;

  if (ioctl (fd, BLKSSZGET, &logical) == 0 && logical >= 512 && logical <= 65536)
    return (gsize) logical;
  return 4096;
}

/* "8:16" and its partitions' numbers, from /sys/dev/block. */
static GPtrArray *
device_numbers (dev_t rdev, GPtrArray *names)
{
  GPtrArray *numbers = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_strdup_printf ("/sys/dev/block/%u:%u", major (rdev), minor (rdev));
  g_autoptr (GDir) children = g_dir_open (dir, 0, NULL);
  const char *child;

  g_ptr_array_add (numbers, g_strdup_printf ("%u:%u", major (rdev), minor (rdev)));
  g_ptr_array_add (names, NULL);
  while (children != NULL && (child = g_dir_read_name (children)) != NULL)
    {
      g_autofree char *partition = g_build_filename (dir, child, "partition", NULL);
      g_autofree char *dev_path = g_build_filename (dir, child, "dev", NULL);
      g_autofree char *dev = NULL;

      if (!g_file_test (partition, G_FILE_TEST_EXISTS)
          || !g_file_get_contents (dev_path, &dev, NULL, NULL))
        continue;
      g_ptr_array_add (numbers, g_strdup (g_strstrip (dev)));
      g_ptr_array_add (names, g_strdup (child));
    }
  return numbers;
}

static void
add_holders (const char *dir, GPtrArray *holders)
{
  g_autofree char *holders_dir = g_build_filename (dir, "holders", NULL);
  g_autoptr (GDir) entries = g_dir_open (holders_dir, 0, NULL);
  const char *name;

  while (entries != NULL && (name = g_dir_read_name (entries)) != NULL)
    g_ptr_array_add (holders, g_strdup (name));
}

char *
dyno_platform_device_in_use (dev_t rdev)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) numbers = device_numbers (rdev, names);
  g_autoptr (GPtrArray) uses = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) holders = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *mountinfo = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *dir = g_strdup_printf ("/sys/dev/block/%u:%u", major (rdev), minor (rdev));

  if (g_file_get_contents ("/proc/self/mountinfo", &mountinfo, NULL, NULL))
    lines = g_strsplit (mountinfo, "\n", -1);
  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", 6);
      guint index;

      if (g_strv_length (fields) < 5)
        continue;
      if (!g_ptr_array_find_with_equal_func (numbers, fields[2], g_str_equal, &index))
        continue;
      {
        g_autofree char *point = dyno_linux_mountinfo_unescape (fields[4]);
        const char *part = g_ptr_array_index (names, index);

        /* Translators: what holds a device dyno-cli scan reads; %s is a folder */
        g_ptr_array_add (uses, part != NULL
                                   ? g_strdup_printf (_("mounted at %s (%s)"), point, part)
                                   : g_strdup_printf (_("mounted at %s"), point));
      }
    }

  add_holders (dir, holders);
  for (guint i = 1; i < names->len; i++)
    {
      g_autofree char *part_dir = g_build_filename (dir, g_ptr_array_index (names, i), NULL);

      add_holders (part_dir, holders);
    }
  if (holders->len > 0)
    {
      g_ptr_array_add (holders, NULL);
      {
        g_autofree char *joined = g_strjoinv (", ", (char **) holders->pdata);

        /* Translators: what holds a device dyno-cli scan reads; %s is md0, dm-1 */
        g_ptr_array_add (uses, g_strdup_printf (_("held by %s"), joined));
      }
    }
  if (uses->len == 0)
    return NULL;
  g_ptr_array_add (uses, NULL);
  return g_strjoinv ("; ", (char **) uses->pdata);
}

void
dyno_platform_device_describe (dev_t rdev, char **model, DynoTristate *rotational)
{
  g_autoptr (DynoTargetInfo) info = dyno_target_info_new ("");

  dyno_linux_describe_block_stack ("/sys", major (rdev), minor (rdev), info);
  *model = g_steal_pointer (&info->device_model);
  *rotational = info->rotational;
}

DynoArrayInfo *
dyno_platform_describe_array (dev_t rdev)
{
  g_autofree char *link = g_strdup_printf ("/sys/dev/block/%u:%u", major (rdev), minor (rdev));
  g_autofree char *real = g_file_read_link (link, NULL);
  g_autofree char *name = NULL;

  if (real == NULL)
    return NULL;
  name = g_path_get_basename (real);
  return dyno_linux_describe_array ("/sys", name);
}
