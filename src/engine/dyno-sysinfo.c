/* dyno-sysinfo.c: the portable half; dyno_platform_describe_*() does the digging
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
#include "dyno-sysinfo.h"
#include "platform/dyno-platform.h"

DynoSystemInfo *
dyno_system_info_new (void)
{
  return g_new0 (DynoSystemInfo, 1);
}

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
  return info;
}

DynoSystemInfo *
dyno_system_info_copy (const DynoSystemInfo *info)
{
  DynoSystemInfo *copy = g_memdup2 (info, sizeof *info);

  copy->hostname = g_strdup (info->hostname);
  copy->os_name = g_strdup (info->os_name);
  copy->kernel = g_strdup (info->kernel);
  copy->arch = g_strdup (info->arch);
  copy->cpu_model = g_strdup (info->cpu_model);
  return copy;
}

void
dyno_system_info_free (DynoSystemInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->hostname);
  g_free (info->os_name);
  g_free (info->kernel);
  g_free (info->arch);
  g_free (info->cpu_model);
  g_free (info);
}

DynoTargetInfo *
dyno_target_info_new (const char *path)
{
  DynoTargetInfo *info = g_new0 (DynoTargetInfo, 1);

  info->path = g_strdup (path);
  info->rotational = DYNO_TRISTATE_UNKNOWN;
  info->encryption = g_ptr_array_new_with_free_func (g_free);
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
  return info;
}

DynoTargetInfo *
dyno_target_info_copy (const DynoTargetInfo *info)
{
  DynoTargetInfo *copy = g_memdup2 (info, sizeof *info);

  copy->path = g_strdup (info->path);
  copy->mount_point = g_strdup (info->mount_point);
  copy->fs_type = g_strdup (info->fs_type);
  copy->mount_source = g_strdup (info->mount_source);
  copy->mount_options = g_strdup (info->mount_options);
  copy->device = g_strdup (info->device);
  copy->device_model = g_strdup (info->device_model);
  copy->encryption = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; info->encryption && i < info->encryption->len; i++)
    g_ptr_array_add (copy->encryption, g_strdup (g_ptr_array_index (info->encryption, i)));
  copy->cow_hint = g_strdup (info->cow_hint);
  copy->unwritable_reason = g_strdup (info->unwritable_reason);
  return copy;
}

void
dyno_target_info_free (DynoTargetInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->mount_point);
  g_free (info->fs_type);
  g_free (info->mount_source);
  g_free (info->mount_options);
  g_free (info->device);
  g_free (info->device_model);
  g_clear_pointer (&info->encryption, g_ptr_array_unref);
  g_free (info->cow_hint);
  g_free (info->unwritable_reason);
  g_free (info);
}

gboolean
dyno_target_info_is_encrypted (const DynoTargetInfo *info)
{
  return info->encryption != NULL && info->encryption->len > 0;
}

char *
dyno_target_info_describe (const DynoTargetInfo *info)
{
  GString *text = g_string_new (info->fs_type ? info->fs_type : _("unknown file system"));

  if (info->device != NULL)
    {
      const char *kind = info->rotational == DYNO_TRISTATE_YES  ? _("HDD")
                         : info->rotational == DYNO_TRISTATE_NO ? _("SSD")
                                                                : NULL;

      g_string_append_printf (text, _(" on %s"), info->device);
      if (kind != NULL)
        g_string_append_printf (text, " (%s)", kind);
    }
  for (guint i = 0; info->encryption && i < info->encryption->len; i++)
    g_string_append_printf (text, ", %s", (char *) g_ptr_array_index (info->encryption, i));
  if (info->network)
    g_string_append_printf (text, ", %s", _("network"));
  if (info->cow_hint != NULL)
    g_string_append_printf (text, ", %s", info->cow_hint);
  return g_string_free (text, FALSE);
}
