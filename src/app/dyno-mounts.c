/* dyno-mounts.c
 *
 * GIO's own notion of a "system internal" mount hides / and /home, which are exactly what
 * people want to measure, and keeps tmpfs, snap squashfs and portal FUSE mounts, which are
 * not. So this keeps its own short rules and asks GIO only about the rest.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-mounts"

#include "config.h"

#include <gio/gunixmounts.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dyno-mounts.h"

/* Kernel and memory file systems: nothing a disk benchmark can say anything about. */
static const char *const pseudo_fs[] = {
  "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devpts",
  "devtmpfs", "efivarfs", "fusectl", "hugetlbfs", "mqueue", "nsfs", "overlay", "proc",
  "pstore", "ramfs", "rpc_pipefs", "securityfs", "selinuxfs", "squashfs", "sysfs", "tmpfs",
  "tracefs", "fuse.portal", "fuse.gvfsd-fuse", "fuse.lxcfs", "nfsd", "iso9660", "udf",
  NULL,
};

static const char *const network_fs[] = {
  "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "fuse.sshfs",
  "fuse.rclone", "davfs", "fuse.davfs2", "fuse.s3fs", "lustre", "beegfs", "gpfs", NULL,
};

/* Snap and Flatpak keep their images and runtimes here; none is a place to write to. */
static const char *const internal_prefixes[] = {
  "/snap/", "/var/snap/", "/var/lib/snapd/", "/var/lib/flatpak/", "/var/lib/docker/",
  "/var/lib/containers/", "/run/snapd/", "/run/flatpak/", NULL,
};

/* Where people mount what they plug in or add. */
static const char *const user_prefixes[] = {
  "/media/", "/mnt/", "/run/media/", "/srv/", NULL,
};

static gboolean
has_prefix_in (const char *path, const char *const *prefixes)
{
  for (guint i = 0; prefixes[i] != NULL; i++)
    if (g_str_has_prefix (path, prefixes[i]))
      return TRUE;
  return FALSE;
}

static gboolean
is_under (const char *path, const char *dir)
{
  gsize len;

  if (dir == NULL || *dir == '\0')
    return FALSE;
  len = strlen (dir);
  return strncmp (path, dir, len) == 0 && (path[len] == '/' || path[len] == '\0');
}

void
dyno_mount_free (DynoMount *mount)
{
  if (mount == NULL)
    return;
  g_free (mount->path);
  g_free (mount->name);
  g_free (mount->fs_type);
  g_free (mount->device);
  g_free (mount);
}

gboolean
dyno_mounts_is_network_fs (const char *fs_type)
{
  return fs_type != NULL && g_strv_contains (network_fs, fs_type);
}

gboolean
dyno_mounts_is_candidate (const char *path,
                          const char *fs_type,
                          const char *device,
                          gboolean system_internal,
                          const char *home_dir)
{
  g_return_val_if_fail (path != NULL, FALSE);

  if (g_str_equal (path, "/") || g_str_equal (path, "/home"))
    return TRUE;
  if (has_prefix_in (path, internal_prefixes))
    return FALSE;
  /* The document portal and gvfs live under /run/user/UID. */
  if (g_str_has_prefix (path, "/run/user/"))
    return FALSE;
  if (fs_type != NULL && g_strv_contains (pseudo_fs, fs_type))
    return FALSE;

  if (dyno_mounts_is_network_fs (fs_type))
    return TRUE;
  if (has_prefix_in (path, user_prefixes))
    return TRUE;
  /* gocryptfs, CryFS, sshfs and friends that people mount in their home folder. */
  if (is_under (path, home_dir) || is_under (path, "/home"))
    return TRUE;
  if (system_internal)
    return FALSE;
  /* Anything else backed by a real block device: /data, /backup, … */
  return device != NULL && g_str_has_prefix (device, "/dev/");
}

static char *
mount_name (GUnixMountEntry *entry, const char *path)
{
  if (g_str_equal (path, "/home"))
    return g_strdup (_("Home"));
  /* GIO says "Filesystem root" for / and the last path element otherwise. */
  return g_unix_mount_guess_name (entry);
}

static int
compare_mounts (gconstpointer a, gconstpointer b)
{
  const DynoMount *ma = *(const DynoMount **) a;
  const DynoMount *mb = *(const DynoMount **) b;
  int ra = g_str_equal (ma->path, "/") ? 0 : g_str_equal (ma->path, "/home") ? 1 : 2;
  int rb = g_str_equal (mb->path, "/") ? 0 : g_str_equal (mb->path, "/home") ? 1 : 2;

  if (ra != rb)
    return ra - rb;
  return g_strcmp0 (ma->path, mb->path);
}

GPtrArray *
dyno_mounts_list (void)
{
  GPtrArray *mounts = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_mount_free);
  g_autoptr (GHashTable) by_path = g_hash_table_new (g_str_hash, g_str_equal);
  const char *home = g_get_home_dir ();
  GList *entries = g_unix_mounts_get (NULL);

  for (GList *l = entries; l != NULL; l = l->next)
    {
      GUnixMountEntry *entry = l->data;
      const char *path = g_unix_mount_get_mount_path (entry);
      const char *fs_type = g_unix_mount_get_fs_type (entry);
      const char *device = g_unix_mount_get_device_path (entry);
      DynoMount *mount;

      if (!dyno_mounts_is_candidate (path, fs_type, device, g_unix_mount_is_system_internal (entry),
                                     home))
        continue;

      /* A later mount on the same point hides the earlier one: keep what is visible. */
      mount = g_hash_table_lookup (by_path, path);
      if (mount == NULL)
        {
          mount = g_new0 (DynoMount, 1);
          mount->path = g_strdup (path);
          g_ptr_array_add (mounts, mount);
          g_hash_table_insert (by_path, mount->path, mount);
        }
      g_free (mount->name);
      g_free (mount->fs_type);
      g_free (mount->device);
      mount->name = mount_name (entry, path);
      mount->fs_type = g_strdup (fs_type);
      mount->device = g_strdup (device);
    }
  g_list_free_full (entries, (GDestroyNotify) g_unix_mount_free);

  g_ptr_array_sort (mounts, compare_mounts);
  return mounts;
}
