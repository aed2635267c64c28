/* dyno-platform-linux-helper.c: the process behind a FUSE target, and its CPU
 *
 * A FUSE file system's work (gocryptfs' encryption, sshfs' network) is done by a user process,
 * not by the kernel and not by Dyno: to say what a target costs, its CPU must be read too. The
 * daemon keeps /dev/fuse open, and since Linux 6.x its fdinfo names the connection, which is
 * the minor number of the mount's device: that identifies it. Older kernels do not say, and
 * the daemon is then the one with /dev/fuse open whose command line names the mount point.
 * Without root only our own user's processes can be seen.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dyno-platform.h"

static gboolean
is_fuse (const DynoTargetInfo *info)
{
  return info->fs_type != NULL
         && (g_str_has_prefix (info->fs_type, "fuse.") || g_str_equal (info->fs_type, "fuse")
             || g_str_equal (info->fs_type, "fuseblk"));
}

static gboolean
names_mount_point (const char *pid, const char *mount_point)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/cmdline", pid);
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return FALSE;
  for (gsize at = 0; at < length; at += strlen (contents + at) + 1)
    {
      const char *arg = contents + at;
      g_autofree char *real = NULL;

      if (g_str_equal (arg, mount_point))
        return TRUE;
      /* Started with a relative path (from its own folder) or through a symlink. */
      if (*arg != '-' && *arg != '\0')
        {
          g_autofree char *cwd_link = g_strdup_printf ("/proc/%s/cwd", pid);
          g_autofree char *cwd = g_file_read_link (cwd_link, NULL);
          g_autofree char *full = g_path_is_absolute (arg) || cwd == NULL
                                      ? g_strdup (arg)
                                      : g_build_filename (cwd, arg, NULL);

          real = realpath (full, NULL);
          if (real != NULL && g_str_equal (real, mount_point))
            return TRUE;
        }
    }
  return FALSE;
}

/* How a process holds /dev/fuse: 0 not at all; 1 open, for a connection the kernel does not
 * name (before Linux 6.x fdinfo had no fuse_connection); 2 open for this connection. */
static int
holds_connection (const char *pid, guint64 connection)
{
  g_autofree char *dir_path = g_strdup_printf ("/proc/%s/fd", pid);
  DIR *dir = opendir (dir_path);
  struct dirent *entry;
  int found = 0;

  if (dir == NULL)
    return 0;
  while (found < 2 && (entry = readdir (dir)) != NULL)
    {
      g_autofree char *link = g_strdup_printf ("%s/%s", dir_path, entry->d_name);
      g_autofree char *info_path = NULL;
      g_autofree char *fdinfo = NULL;
      char target[64];
      gssize n = readlink (link, target, sizeof target - 1);
      const char *field;

      if (n <= 0)
        continue;
      target[n] = '\0';
      if (!g_str_equal (target, "/dev/fuse"))
        continue;
      info_path = g_strdup_printf ("/proc/%s/fdinfo/%s", pid, entry->d_name);
      if (g_file_get_contents (info_path, &fdinfo, NULL, NULL)
          && (field = strstr (fdinfo, "fuse_connection:")) != NULL)
        {
          if (g_ascii_strtoull (field + strlen ("fuse_connection:"), NULL, 10) == connection)
            found = 2;
          else
            found = MAX (found, -1); /* another mount's connection */
        }
      else
        found = MAX (found, 1);
    }
  closedir (dir);
  return found;
}

gint64
dyno_platform_find_helper (const DynoTargetInfo *info, char **name)
{
  g_autofree char *mount_point = NULL;
  DIR *proc;
  struct dirent *entry;
  struct stat st;
  guint64 connection;
  gint64 found = 0;

  if (name != NULL)
    *name = NULL;
  if (!is_fuse (info) || info->mount_point == NULL)
    return 0;
  mount_point = realpath (info->mount_point, NULL);
  if (mount_point == NULL)
    mount_point = g_strdup (info->mount_point);
  if (stat (mount_point, &st) != 0)
    return 0;
  /* A FUSE mount's device is 0:N, N its connection. */
  connection = ((guint64) major (st.st_dev) << 20) | minor (st.st_dev);
  proc = opendir ("/proc");
  if (proc == NULL)
    return 0;
  while (found == 0 && (entry = readdir (proc)) != NULL)
    {
      int holds;

      if (entry->d_name[0] < '1' || entry->d_name[0] > '9')
        continue;
      holds = holds_connection (entry->d_name, connection);
      /* The kernel names the connection: that settles it. Else the daemon that names the
       * mount point on its command line (daemons that chdir to / after starting with a
       * relative path are then missed). */
      if (holds == 2 || (holds == 1 && names_mount_point (entry->d_name, mount_point)))
        found = g_ascii_strtoll (entry->d_name, NULL, 10);
    }
  closedir (proc);

  if (found > 0 && name != NULL)
    {
      g_autofree char *path = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/comm", found);
      g_autofree char *comm = NULL;

      if (g_file_get_contents (path, &comm, NULL, NULL))
        *name = g_strdup (g_strstrip (comm));
    }
  return found;
}

double
dyno_platform_process_cpu_of (gint64 pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/stat", pid);
  g_autofree char *contents = NULL;
  g_auto (GStrv) fields = NULL;
  const char *after_name;

  if (pid <= 0 || !g_file_get_contents (path, &contents, NULL, NULL))
    return NAN;
  /* The name (field 2) is in parentheses and may hold spaces: count from after its end. */
  after_name = strrchr (contents, ')');
  if (after_name == NULL)
    return NAN;
  fields = g_strsplit (after_name + 2, " ", 0);
  /* Fields 14 and 15 (utime, stime) are the 12th and 13th after the name. */
  if (g_strv_length (fields) < 13)
    return NAN;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL))
         / MAX (sysconf (_SC_CLK_TCK), 1);
}
