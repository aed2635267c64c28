/* dyno-mounts.c
 *
 * GIO's own notion of a "system internal" mount hides / and /home, which are exactly what
 * people want to measure, and keeps tmpfs, snap squashfs and portal FUSE mounts, which are
 * not. So this keeps its own short rules and asks GIO only about the rest.
 *
 * Three kinds come out: targets (the home folder, /, disks, network shares, the FUSE file
 * systems people encrypt or mount remote folders with, wherever they put them), system mounts
 * (images and internal mounts: a snap's squashfs, a read-only loop mount, /boot), listed only
 * when asked for, and pseudo file systems, never listed.
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

/* Images: read-only by design, a system's or a package's, never a place to write to. */
static const char *const image_fs[] = {
  "squashfs", "erofs", "iso9660", "udf", "cramfs", "fuse.squashfuse", NULL,
};

static const char *const network_fs[] = {
  "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "fuse.sshfs",
  "fuse.rclone", "davfs", "fuse.davfs2", "fuse.s3fs", "lustre", "beegfs", "gpfs", NULL,
};

/* What people mount themselves through FUSE to encrypt a folder or reach a remote one: listed
 * wherever they are mounted, since measuring them is the question ("does gocryptfs slow me
 * down?"). cryfs and securefs name themselves either way depending on the version. */
static const char *const user_fuse_fs[] = {
  "fuse.gocryptfs", "fuse.encfs", "fuse.cryfs", "cryfs", "fuse.securefs", "securefs",
  "fuse.sshfs", "fuse.rclone", "rclone", "fuse.ecryptfs", "ecryptfs", "fuse.s3fs",
  "fuse.davfs2", "fuse.ntfs-3g", "fuseblk", "fuse.mergerfs", "fuse.bindfs", NULL,
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

/* Never listed, even with the system mounts: the kernel's and the session's own. */
static const char *const pseudo_prefixes[] = {
  "/proc/", "/sys/", "/dev/", "/run/user/", "/run/credentials/", NULL,
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
  /* "/" holds everything; "/home" holds "/home/ada" but not "/homes". */
  if (len == 1 && dir[0] == '/')
    return path[0] == '/';
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

/* The last n elements of path ("a/mnt" for n = 2 of "/tmp/a/mnt"), or the whole path when it
 * has no more than n. */
static char *
path_end (const char *path, guint n)
{
  const char *start = path + strlen (path);

  while (start > path && start[-1] == '/')
    start--;
  for (guint seen = 0; start > path;)
    {
      start--;
      if (*start == '/' && ++seen == n)
        return g_strdup (start + 1);
    }
  return g_strdup (path);
}

GStrv
dyno_mounts_distinct_titles (const char *const *names, const char *const *paths)
{
  guint n = g_strv_length ((GStrv) names);
  GStrv titles = g_new0 (char *, n + 1);

  g_return_val_if_fail (g_strv_length ((GStrv) paths) == n, titles);

  for (guint i = 0; i < n; i++)
    {
      gboolean repeated = FALSE;

      for (guint j = 0; j < n && !repeated; j++)
        repeated = j != i && g_str_equal (names[i], names[j]);
      if (!repeated)
        {
          titles[i] = g_strdup (names[i]);
          continue;
        }
      /* One more element of the path until no folder of the same name ends the same way. */
      for (guint elements = 1; titles[i] == NULL; elements++)
        {
          g_autofree char *end = path_end (paths[i], elements);
          gboolean shared = FALSE;

          for (guint j = 0; j < n && !shared; j++)
            if (j != i && g_str_equal (names[i], names[j]))
              {
                g_autofree char *other = path_end (paths[j], elements);

                shared = g_str_equal (end, other);
              }
          if (!shared || g_str_equal (end, paths[i]))
            titles[i] = g_steal_pointer (&end);
        }
    }
  return titles;
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

  if (fs_type != NULL && g_strv_contains (user_fuse_fs, fs_type))
    return TRUE;
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

gboolean
dyno_mounts_is_system (const char *path, const char *fs_type, const char *device)
{
  g_return_val_if_fail (path != NULL, FALSE);

  if (g_str_equal (path, "/") || g_str_equal (path, "/home"))
    return FALSE;
  if (fs_type != NULL && g_strv_contains (image_fs, fs_type))
    return TRUE;
  if (g_str_equal (path, "/snap") || has_prefix_in (path, internal_prefixes))
    return TRUE;
  /* The boot loader's and the kernel's partitions: the machine's, not a place to measure. */
  if (is_under (path, "/boot") || is_under (path, "/efi"))
    return TRUE;
  /* A read-only mount of a writable file system (an ext4 image mounted ro, a USB disk with
   * its write-protect switch on) is not the system's: it is listed, and its row says why it
   * cannot be a target. Snaps, ISOs and container layers are images (above) or internal. */
  return FALSE;
}

typedef enum
{
  KIND_HIDDEN,
  KIND_SYSTEM,
  KIND_TARGET,
} MountKind;

static MountKind
classify (const char *path,
          const char *fs_type,
          const char *device,
          gboolean read_only,
          gboolean system_internal,
          const char *home_dir)
{
  if (g_str_equal (path, "/") || g_str_equal (path, "/home"))
    return KIND_TARGET;
  if (has_prefix_in (path, pseudo_prefixes) || g_str_equal (path, "/proc")
      || g_str_equal (path, "/sys") || g_str_equal (path, "/dev"))
    return KIND_HIDDEN;
  /* Kernel and memory file systems, and a container's layers, even with the system mounts. */
  if (fs_type != NULL && g_strv_contains (pseudo_fs, fs_type)
      && !g_strv_contains (image_fs, fs_type))
    return KIND_HIDDEN;
  if (dyno_mounts_is_system (path, fs_type, device))
    return KIND_SYSTEM;
  if (dyno_mounts_is_candidate (path, fs_type, device, system_internal, home_dir))
    return KIND_TARGET;
  /* /boot, /boot/efi, a separate /var: real disks the system keeps for itself. */
  return device != NULL && g_str_has_prefix (device, "/dev/") ? KIND_SYSTEM : KIND_HIDDEN;
}

/* GIO's names ("Filesystem root" for /, the last path element otherwise, translated), read
 * once per listing: the table is read once, not once a mount. */
static GHashTable *
guess_names (void)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GList *entries = g_unix_mounts_get (NULL);

  for (GList *l = entries; l != NULL; l = l->next)
    g_hash_table_insert (names, g_strdup (g_unix_mount_get_mount_path (l->data)),
                         g_unix_mount_guess_name (l->data));
  g_list_free_full (entries, (GDestroyNotify) g_unix_mount_free);
  return names;
}

static char *
mount_name (GHashTable *names, const char *path)
{
  const char *name = g_hash_table_lookup (names, path);

  if (name != NULL)
    return g_strdup (name);
  if (g_str_equal (path, "/"))
    return g_strdup (path);
  return g_path_get_basename (path);
}

static int
rank (const DynoMount *mount)
{
  return mount->home ? 0 : g_str_equal (mount->path, "/") ? 1 : 2;
}

static int
compare_mounts (gconstpointer a, gconstpointer b)
{
  const DynoMount *ma = *(const DynoMount **) a;
  const DynoMount *mb = *(const DynoMount **) b;

  if (rank (ma) != rank (mb))
    return rank (ma) - rank (mb);
  return g_strcmp0 (ma->path, mb->path);
}

typedef struct
{
  GPtrArray *mounts;     /* DynoMount *, owned */
  GHashTable *by_path;   /* the mounts' paths → DynoMount *, borrowed */
  GHashTable *names;     /* mount paths → GIO's names for them */
  const char *home;
  char *home_fs_type;    /* the file system of the deepest mount holding the home folder */
  char *home_device;
  gsize home_depth;
  gboolean home_read_only;
  gboolean show_system;
} Table;

static void
table_add (Table *table,
           const char *path,
           const char *fs_type,
           const char *device,
           gboolean read_only,
           gboolean system_internal)
{
  MountKind kind;
  DynoMount *mount;

  /* Whatever mount holds the home folder says what it is on; the probe says more. */
  if (table->home != NULL && is_under (table->home, path) && strlen (path) >= table->home_depth)
    {
      g_free (table->home_fs_type);
      g_free (table->home_device);
      table->home_fs_type = g_strdup (fs_type);
      table->home_device = g_strdup (device);
      table->home_read_only = read_only;
      table->home_depth = strlen (path);
    }
  /* The home folder as a mount point of its own is the Home row itself. */
  if (table->home != NULL && g_str_equal (path, table->home))
    {
      mount = g_hash_table_lookup (table->by_path, path);
      if (mount != NULL)
        {
          g_ptr_array_remove (table->mounts, mount);
          g_hash_table_remove (table->by_path, path);
        }
      return;
    }

  kind = classify (path, fs_type, device, read_only, system_internal, table->home);
  mount = g_hash_table_lookup (table->by_path, path);
  /* A later mount on the same point hides the earlier one: keep what is visible. */
  if (kind == KIND_HIDDEN || (kind == KIND_SYSTEM && !table->show_system))
    {
      if (mount != NULL)
        {
          g_hash_table_remove (table->by_path, path);
          g_ptr_array_remove (table->mounts, mount);
        }
      return;
    }
  if (mount == NULL)
    {
      mount = g_new0 (DynoMount, 1);
      mount->path = g_strdup (path);
      mount->name = mount_name (table->names, path);
      g_ptr_array_add (table->mounts, mount);
      g_hash_table_insert (table->by_path, mount->path, mount);
    }
  g_free (mount->fs_type);
  g_free (mount->device);
  mount->fs_type = g_strdup (fs_type);
  mount->device = g_strdup (device);
  mount->system = kind == KIND_SYSTEM;
  mount->read_only = read_only;
}

static void
table_init (Table *table, const char *home_dir, gboolean show_system)
{
  *table = (Table) { 0 };
  table->mounts = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_mount_free);
  table->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  table->names = guess_names ();
  table->show_system = show_system;
  /* A home folder of "/" (some service accounts) is the root row already. */
  if (home_dir != NULL && home_dir[0] == '/' && home_dir[1] != '\0')
    table->home = home_dir;
}

static GPtrArray *
table_end (Table *table)
{
  if (table->home != NULL)
    {
      DynoMount *home = g_new0 (DynoMount, 1);

      home->path = g_strdup (table->home);
      home->name = g_strdup (_("Home"));
      home->fs_type = g_steal_pointer (&table->home_fs_type);
      home->device = g_steal_pointer (&table->home_device);
      home->read_only = table->home_read_only;
      home->home = TRUE;
      g_ptr_array_add (table->mounts, home);
    }
  g_free (table->home_fs_type);
  g_free (table->home_device);
  g_hash_table_unref (table->by_path);
  g_hash_table_unref (table->names);
  g_ptr_array_sort (table->mounts, compare_mounts);
  return table->mounts;
}

/* mountinfo escapes space, tab, newline and backslash in paths as \ooo. */
static char *
unescape (const char *field)
{
  GString *out = g_string_sized_new (strlen (field));

  for (const char *p = field; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' && p[3] >= '0'
          && p[3] <= '7')
        {
          g_string_append_c (out, (char) ((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0')));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static gboolean
options_read_only (const char *options)
{
  g_auto (GStrv) list = g_strsplit (options, ",", -1);

  return g_strv_contains ((const char *const *) list, "ro");
}

GPtrArray *
dyno_mounts_parse_mountinfo (const char *mountinfo, const char *home_dir, gboolean show_system)
{
  g_auto (GStrv) lines = NULL;
  Table table;

  g_return_val_if_fail (mountinfo != NULL, NULL);

  table_init (&table, home_dir, show_system);
  lines = g_strsplit (mountinfo, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* ID PARENT MAJ:MIN ROOT MOUNT-POINT OPTIONS [OPTIONAL…] - TYPE SOURCE SUPER-OPTIONS */
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", -1);
      g_autofree char *path = NULL;
      g_autofree char *device = NULL;
      guint n = g_strv_length (fields);
      guint dash = 6;
      gboolean read_only;
      const char *fs_type;

      while (dash < n && !g_str_equal (fields[dash], "-"))
        dash++;
      if (n < 6 || dash + 2 >= n)
        continue;
      path = unescape (fields[4]);
      fs_type = fields[dash + 1];
      device = unescape (fields[dash + 2]);
      read_only = options_read_only (fields[5])
                  || (dash + 3 < n && options_read_only (fields[dash + 3]));
      table_add (&table, path, fs_type, device, read_only,
                 g_unix_is_mount_path_system_internal (path) || g_unix_is_system_fs_type (fs_type)
                     || g_unix_is_system_device_path (device));
    }
  return table_end (&table);
}

GPtrArray *
dyno_mounts_list (gboolean show_system)
{
  g_autofree char *mountinfo = NULL;
  GList *entries;
  Table table;

  /* procfs answers from the kernel's table: no device is asked anything. */
  if (g_file_get_contents ("/proc/self/mountinfo", &mountinfo, NULL, NULL))
    return dyno_mounts_parse_mountinfo (mountinfo, g_get_home_dir (), show_system);

  table_init (&table, g_get_home_dir (), show_system);
  entries = g_unix_mounts_get (NULL);
  for (GList *l = entries; l != NULL; l = l->next)
    {
      GUnixMountEntry *entry = l->data;

      table_add (&table, g_unix_mount_get_mount_path (entry), g_unix_mount_get_fs_type (entry),
                 g_unix_mount_get_device_path (entry), g_unix_mount_is_readonly (entry),
                 g_unix_mount_is_system_internal (entry));
    }
  g_list_free_full (entries, (GDestroyNotify) g_unix_mount_free);
  return table_end (&table);
}
