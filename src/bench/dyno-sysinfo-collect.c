/* dyno-sysinfo-collect.c: what the machine and a target are, found out here and now; the
 * platform module does the OS-specific digging
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-sysinfo-collect.h"
#include "platform/dyno-platform.h"
#include "platform/dyno-platform-device.h"

DynoSystemInfo *
dyno_system_info_collect (void)
{
  DynoSystemInfo *info = dyno_system_info_new ();

  info->hostname = g_strdup (g_get_host_name ());
  info->os_name = g_get_os_info (G_OS_INFO_KEY_PRETTY_NAME);
  if (info->os_name == NULL)
    info->os_name = g_get_os_info (G_OS_INFO_KEY_NAME);
  info->cpu_count = g_get_num_processors ();
  info->ram_bytes = dyno_platform_ram_bytes ();
  dyno_platform_describe_system (info);
  dyno_platform_describe_cpu_crypto (info);
  return info;
}

static void
check_writable (DynoTargetInfo *info)
{
  struct stat st;
  struct statvfs vfs;

  if (g_stat (info->path, &st) != 0)
    {
      int saved = errno;

      info->unwritable_code = dyno_error_from_errno (saved);
      info->unwritable_reason
          = saved == ENOENT ? g_strdup (_("The folder does not exist"))
                            : g_strdup_printf (_("The folder cannot be read: %s"), g_strerror (saved));
      return;
    }
  if (!S_ISDIR (st.st_mode))
    {
      info->unwritable_code = DYNO_ERROR_NOT_DIRECTORY;
      info->unwritable_reason = g_strdup (_("This is a file, not a folder"));
      return;
    }
  if (statvfs (info->path, &vfs) == 0)
    {
      info->total_bytes = (guint64) vfs.f_blocks * vfs.f_frsize;
      info->free_bytes = (guint64) vfs.f_bavail * vfs.f_frsize;
      info->free_inodes = vfs.f_favail;
      if (vfs.f_flag & ST_RDONLY)
        {
          info->unwritable_code = DYNO_ERROR_READ_ONLY;
          info->unwritable_reason = g_strdup (_("The file system is mounted read-only"));
          return;
        }
    }
  if (access (info->path, W_OK | X_OK) != 0)
    {
      int saved = errno;

      info->unwritable_code = saved == EROFS ? DYNO_ERROR_READ_ONLY : DYNO_ERROR_PERMISSION;
      info->unwritable_reason
          = saved == EROFS ? g_strdup (_("The file system is mounted read-only"))
                           : g_strdup (_("You have no permission to write in this folder"));
      return;
    }
  info->writable = TRUE;
}

DynoTargetInfo *
dyno_target_info_collect (const char *path)
{
  DynoTargetInfo *info;

  g_return_val_if_fail (path != NULL, NULL);

  info = dyno_target_info_new (path);
  check_writable (info);
  dyno_platform_describe_target (info);
  dyno_platform_describe_crypto (info);
  info->helper_pid = dyno_platform_find_helper (info, &info->helper);
  /* md RAID, LVM on md, btrfs, ZFS: the data spindles the figures can be divided by
   * (dyno-array.h) */
  if (info->writable || info->unwritable_code == DYNO_ERROR_READ_ONLY)
    {
      struct stat st;

      if (g_stat (info->path, &st) == 0)
        info->array = dyno_platform_describe_array (st.st_dev);
      /* btrfs and ZFS span their devices themselves; their tools say how. */
      if (info->array == NULL)
        info->array = dyno_platform_describe_pool (info->fs_type, info->mount_point,
                                                   info->mount_source);
    }
  return info;
}

