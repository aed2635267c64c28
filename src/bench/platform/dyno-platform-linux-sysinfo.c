/* dyno-platform-linux-sysinfo.c: what /proc and sysfs say about the machine and a target
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "dyno-platform.h"
#include "dyno-platform-linux-private.h"

/* Real stacks are a handful of layers deep; anything deeper is a loop in a broken tree. */
#define MAX_BLOCK_DEPTH 16
/* gocryptfs on eCryptfs on gocryptfs… is possible but three levels already is a curiosity. */
#define MAX_LOWER_DEPTH 4

static void
add_layer (DynoTargetInfo *info, const char *layer)
{
  /* An md mirror over two LUKS2 partitions is one kind of encryption, not two. */
  for (guint i = 0; i < info->encryption->len; i++)
    if (g_str_equal (g_ptr_array_index (info->encryption, i), layer))
      return;
  g_ptr_array_add (info->encryption, g_strdup (layer));
}

static void
replace_string (char **field, char *value)
{
  g_free (*field);
  *field = value;
}

/* Paths compare by components: "/mnt/a" holds "/mnt/a/b" but not "/mnt/ab". */
static gboolean
path_has_prefix (const char *path, const char *prefix)
{
  gsize len = strlen (prefix);

  if (g_str_equal (prefix, "/"))
    return path[0] == '/';
  return strncmp (path, prefix, len) == 0 && (path[len] == '\0' || path[len] == '/');
}

static gboolean
is_octal (char c)
{
  return c >= '0' && c <= '7';
}

char *
dyno_linux_mountinfo_unescape (const char *field)
{
  GString *out;

  g_return_val_if_fail (field != NULL, NULL);

  out = g_string_sized_new (strlen (field));
  for (const char *p = field; *p != '\0'; p++)
    {
      /* The kernel writes "\ooo" with three digits; the first is at most 3 for one byte. */
      if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && is_octal (p[2]) && is_octal (p[3]))
        {
          g_string_append_c (out, (char) (((p[1] - '0') << 6) | ((p[2] - '0') << 3)
                                          | (p[3] - '0')));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* "rw,relatime" and "rw,compress=zstd:3" become "rw,relatime,compress=zstd:3". */
static char *
merge_options (const char *per_mount, const char *per_super)
{
  g_auto (GStrv) first = g_strsplit (per_mount, ",", -1);
  g_auto (GStrv) second = g_strsplit (per_super ? per_super : "", ",", -1);
  g_autoptr (GPtrArray) merged = g_ptr_array_new ();

  for (guint pass = 0; pass < 2; pass++)
    {
      char **list = pass == 0 ? first : second;

      for (guint i = 0; list[i] != NULL; i++)
        {
          gboolean seen = FALSE;

          for (guint j = 0; j < merged->len && !seen; j++)
            seen = g_str_equal (g_ptr_array_index (merged, j), list[i]);
          if (!seen && list[i][0] != '\0')
            g_ptr_array_add (merged, list[i]);
        }
    }
  g_ptr_array_add (merged, NULL);
  return g_strjoinv (",", (char **) merged->pdata);
}

gboolean
dyno_linux_parse_mountinfo (const char     *contents,
                            dev_t           dev,
                            const char     *path,
                            DynoTargetInfo *info,
                            guint          *major,
                            guint          *minor)
{
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) best = NULL;
  g_autofree char *best_mount_point = NULL;
  gsize best_len = 0;
  gboolean best_dev_match = FALSE;
  guint best_major = 0;
  guint best_minor = 0;
  guint best_sep = 0;

  g_return_val_if_fail (contents != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* id parent maj:min root mount-point options [optional…] - fstype source super-options */
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", -1);
      guint n = g_strv_length (fields);
      g_autofree char *mount_point = NULL;
      guint sep;
      guint maj;
      guint min;
      gboolean dev_match;
      gsize len;

      if (n < 9)
        continue;
      for (sep = 6; sep < n && !g_str_equal (fields[sep], "-"); sep++)
        ;
      if (sep + 2 >= n || sscanf (fields[2], "%u:%u", &maj, &min) != 2)
        continue;
      mount_point = dyno_linux_mountinfo_unescape (fields[4]);
      if (!path_has_prefix (path, mount_point))
        continue;

      /* Bind mounts repeat a device under several points, so the device narrows the choice
       * and the longest prefix settles it. A later line on the same point was mounted on
       * top of the earlier one and hides it, hence ">=". */
      dev_match = dev != 0 && makedev (maj, min) == dev;
      len = strlen (mount_point);
      if (best != NULL && best_dev_match && !dev_match)
        continue;
      if (best != NULL && best_dev_match == dev_match && len < best_len)
        continue;

      g_clear_pointer (&best, g_strfreev);
      best = g_steal_pointer (&fields);
      replace_string (&best_mount_point, g_steal_pointer (&mount_point));
      best_len = len;
      best_dev_match = dev_match;
      best_major = maj;
      best_minor = min;
      best_sep = sep;
    }

  if (best == NULL)
    return FALSE;

  {
    g_autofree char *options = merge_options (best[5], best[best_sep + 3]);

    replace_string (&info->mount_point, g_steal_pointer (&best_mount_point));
    replace_string (&info->fs_type, dyno_linux_mountinfo_unescape (best[best_sep + 1]));
    replace_string (&info->mount_source, dyno_linux_mountinfo_unescape (best[best_sep + 2]));
    replace_string (&info->mount_options, dyno_linux_mountinfo_unescape (options));
  }
  if (major != NULL)
    *major = best_major;
  if (minor != NULL)
    *minor = best_minor;
  return TRUE;
}

/* The option "key" or "key=value" from a comma list, or NULL. */
static char *
find_option (const char *options, const char *key)
{
  g_auto (GStrv) list = NULL;
  gsize len = strlen (key);

  if (options == NULL)
    return NULL;
  list = g_strsplit (options, ",", -1);
  for (guint i = 0; list[i] != NULL; i++)
    if (strncmp (list[i], key, len) == 0 && (list[i][len] == '\0' || list[i][len] == '='))
      return g_strdup (list[i]);
  return NULL;
}

static const char * const network_types[] = {
  "nfs", "nfs4", "cifs", "smb3", "smbfs", "fuse.sshfs", "9p", "ceph", "fuse.ceph-fuse",
  "glusterfs", "fuse.glusterfs", "afs", "fuse.rclone", "fuse.s3fs", "lustre", "gpfs",
  "davfs", "fuse.davfs2", "ncpfs", "coda",
};

static const struct
{
  const char *fs_type;
  const char *layer;
} crypto_types[] = {
  { "fuse.gocryptfs", "gocryptfs" },
  { "fuse.encfs", "EncFS" },
  { "fuse.cryfs", "CryFS" },
  { "fuse.securefs", "securefs" },
  { "ecryptfs", "eCryptfs" },
};

void
dyno_linux_classify_fs (DynoTargetInfo *info)
{
  const char *type;

  g_return_if_fail (info != NULL);

  type = info->fs_type;
  if (type == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (network_types); i++)
    if (g_str_equal (type, network_types[i]))
      info->network = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (crypto_types); i++)
    if (g_str_equal (type, crypto_types[i].fs_type))
      add_layer (info, crypto_types[i].layer);

  /* Copy-on-write file systems write elsewhere than they read, may compress, and keep
   * their own caches: say why a figure may look too good. */
  if (g_str_equal (type, "btrfs"))
    {
      g_autofree char *compress = find_option (info->mount_options, "compress-force");

      if (compress == NULL)
        compress = find_option (info->mount_options, "compress");
      info->cow = TRUE;
      replace_string (&info->cow_hint, compress ? g_strdup_printf ("btrfs, %s", compress)
                                                : g_strdup (_("btrfs copy-on-write")));
    }
  else if (g_str_equal (type, "zfs"))
    {
      info->cow = TRUE;
      replace_string (&info->cow_hint,
                      g_strdup (_("ZFS: compression and ARC may flatter figures")));
    }
  else if (g_str_equal (type, "bcachefs"))
    {
      g_autofree char *compress = find_option (info->mount_options, "compression");

      if (compress == NULL)
        compress = find_option (info->mount_options, "background_compression");
      info->cow = TRUE;
      replace_string (&info->cow_hint, compress ? g_strdup_printf ("bcachefs, %s", compress)
                                                : g_strdup (_("bcachefs copy-on-write")));
    }
}

/* A sysfs attribute, trimmed, or NULL when missing or empty. */
static char *
read_attribute (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  g_strstrip (contents);
  if (contents[0] == '\0')
    return NULL;
  /* Models come from device firmware and end up in JSON result files. */
  if (!g_utf8_validate (contents, -1, NULL))
    return g_utf8_make_valid (contents, -1);
  return g_steal_pointer (&contents);
}

static char *
resolve_path (const char *path)
{
  char *real = realpath (path, NULL);
  char *copy;

  if (real == NULL)
    return NULL;
  copy = g_strdup (real);
  free (real);
  return copy;
}

/* The sysfs directory of the whole disk behind a device link: a partition's directory sits
 * inside its disk's. */
static char *
resolve_disk_dir (const char *link)
{
  g_autofree char *dir = resolve_path (link);
  g_autofree char *partition = NULL;

  if (dir == NULL)
    return NULL;
  partition = g_build_filename (dir, "partition", NULL);
  if (g_file_test (partition, G_FILE_TEST_EXISTS))
    return g_path_get_dirname (dir);
  return g_steal_pointer (&dir);
}

static void
note_dm_crypt (DynoTargetInfo *info, const char *dir)
{
  /* cryptsetup names its dm devices "CRYPT-<type>-<uuid>-<name>". */
  static const struct
  {
    const char *prefix;
    const char *layer;
  } kinds[] = {
    { "CRYPT-LUKS1-", "dm-crypt (LUKS1)" },
    { "CRYPT-LUKS2-", "dm-crypt (LUKS2)" },
    { "CRYPT-PLAIN-", "dm-crypt (plain)" },
    { "CRYPT-TCRYPT-", "dm-crypt (TrueCrypt/VeraCrypt)" },
    { "CRYPT-BITLK-", "dm-crypt (BitLocker)" },
  };
  g_autofree char *uuid = read_attribute (dir, "dm/uuid");

  if (uuid == NULL || !g_str_has_prefix (uuid, "CRYPT-"))
    return;
  /* The dm-integrity device under an authenticated LUKS2 volume encrypts nothing itself. */
  if (g_str_has_prefix (uuid, "CRYPT-SUBDEV-"))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_has_prefix (uuid, kinds[i].prefix))
      {
        add_layer (info, kinds[i].layer);
        return;
      }
  add_layer (info, "dm-crypt");
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
walk_block_device (DynoTargetInfo *info, const char *dir, GPtrArray *disks, guint depth)
{
  g_autofree char *slaves_dir = g_build_filename (dir, "slaves", NULL);
  g_autoptr (GDir) slaves = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gboolean has_lower = FALSE;
  const char *name;

  if (depth > MAX_BLOCK_DEPTH)
    return;
  note_dm_crypt (info, dir);

  slaves = g_dir_open (slaves_dir, 0, NULL);
  while (slaves != NULL && (name = g_dir_read_name (slaves)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  /* Directory order is arbitrary; "sda+sdb" should read the same on every run. */
  g_ptr_array_sort (names, compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *link = g_build_filename (slaves_dir, g_ptr_array_index (names, i), NULL);
      g_autofree char *lower = resolve_disk_dir (link);

      if (lower == NULL)
        continue;
      has_lower = TRUE;
      walk_block_device (info, lower, disks, depth + 1);
    }

  if (!has_lower && !g_ptr_array_find_with_equal_func (disks, dir, g_str_equal, NULL))
    g_ptr_array_add (disks, g_strdup (dir));
}

void
dyno_linux_describe_block_stack (const char     *sysfs_root,
                                 guint           major,
                                 guint           minor,
                                 DynoTargetInfo *info)
{
  g_autofree char *number = g_strdup_printf ("%u:%u", major, minor);
  g_autofree char *link = NULL;
  g_autofree char *top = NULL;
  g_autoptr (GPtrArray) disks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) models = g_ptr_array_new_with_free_func (g_free);
  DynoTristate rotational = DYNO_TRISTATE_UNKNOWN;
  gboolean rotational_conflict = FALSE;

  g_return_if_fail (sysfs_root != NULL);
  g_return_if_fail (info != NULL);

  link = g_build_filename (sysfs_root, "dev", "block", number, NULL);
  top = resolve_disk_dir (link);
  if (top == NULL)
    return;
  walk_block_device (info, top, disks, 0);

  for (guint i = 0; i < disks->len; i++)
    {
      const char *dir = g_ptr_array_index (disks, i);
      g_autofree char *model = read_attribute (dir, "device/model");
      g_autofree char *rotational_text = read_attribute (dir, "queue/rotational");

      /* SD and eMMC cards name themselves in "name" rather than "model". */
      if (model == NULL)
        model = read_attribute (dir, "device/name");
      g_ptr_array_add (names, g_path_get_basename (dir));
      if (model != NULL
          && !g_ptr_array_find_with_equal_func (models, model, g_str_equal, NULL))
        g_ptr_array_add (models, g_steal_pointer (&model));

      if (rotational_text != NULL && (g_str_equal (rotational_text, "0")
                                      || g_str_equal (rotational_text, "1")))
        {
          DynoTristate value = rotational_text[0] == '1' ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;

          /* A mirror of an SSD and an HDD is neither; better unknown than wrong. */
          if (rotational != DYNO_TRISTATE_UNKNOWN && rotational != value)
            rotational_conflict = TRUE;
          rotational = value;
        }
    }

  if (names->len > 0)
    {
      g_ptr_array_add (names, NULL);
      replace_string (&info->device, g_strjoinv ("+", (char **) names->pdata));
    }
  if (models->len > 0)
    {
      g_ptr_array_add (models, NULL);
      replace_string (&info->device_model, g_strjoinv (" + ", (char **) models->pdata));
    }
  if (rotational_conflict)
    info->rotational = DYNO_TRISTATE_UNKNOWN;
  else if (rotational != DYNO_TRISTATE_UNKNOWN)
    info->rotational = rotational;
}

char *
dyno_linux_parse_cpu_model (const char *cpuinfo)
{
  /* x86 has "model name"; ARM, MIPS, old ARM and POWER/SPARC/RISC-V each their own key.
   * Keys are case-sensitive: "processor" (lower case) is only the CPU's index. */
  static const char * const keys[] = { "model name", "Hardware", "cpu model", "Processor",
                                       "cpu", "uarch" };
  g_auto (GStrv) lines = NULL;
  g_autofree char *best = NULL;
  guint best_rank = G_N_ELEMENTS (keys);

  g_return_val_if_fail (cpuinfo != NULL, NULL);

  lines = g_strsplit (cpuinfo, "\n", -1);
  for (guint i = 0; lines[i] != NULL && best_rank > 0; i++)
    {
      const char *colon = strchr (lines[i], ':');
      g_autofree char *key = NULL;

      if (colon == NULL)
        continue;
      key = g_strstrip (g_strndup (lines[i], colon - lines[i]));
      for (guint rank = 0; rank < best_rank; rank++)
        {
          g_autofree char *value = NULL;

          if (!g_str_equal (key, keys[rank]))
            continue;
          value = g_strstrip (g_strdup (colon + 1));
          if (value[0] != '\0')
            {
              replace_string (&best, g_steal_pointer (&value));
              best_rank = rank;
            }
          break;
        }
    }
  if (best == NULL)
    return NULL;

  {
    /* Older Intel names pad with runs of spaces: "Core(TM) i7 CPU         920  @ 2.67GHz". */
    GString *text = g_string_sized_new (strlen (best));

    for (const char *p = best; *p != '\0'; p++)
      if (!(g_ascii_isspace (*p) && text->len > 0 && text->str[text->len - 1] == ' '))
        g_string_append_c (text, g_ascii_isspace (*p) ? ' ' : *p);
    return g_string_free (text, FALSE);
  }
}

void
dyno_platform_describe_system (DynoSystemInfo *info)
{
  struct utsname u;
  g_autofree char *cpuinfo = NULL;

  if (uname (&u) == 0)
    {
      info->kernel = g_strdup_printf ("%s %s", u.sysname, u.release);
      info->arch = g_strdup (u.machine);
    }
  if (g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL))
    info->cpu_model = dyno_linux_parse_cpu_model (cpuinfo);
}

/* The resolved path, or that of its nearest existing ancestor: a folder yet to be created
 * will live on the same file system as its parent. */
static char *
resolve_existing (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);

  for (;;)
    {
      char *real = resolve_path (absolute);
      char *parent;

      if (real != NULL)
        return real;
      /* Without search permission on a parent, the spelled-out path is the best guess. */
      if (errno != ENOENT && errno != ENOTDIR)
        return g_steal_pointer (&absolute);
      if (g_str_equal (absolute, "/"))
        return NULL;
      parent = g_path_get_dirname (absolute);
      replace_string (&absolute, parent);
    }
}

static gboolean
has_fscrypt_policy (const char *path)
{
  gboolean found = FALSE;
  int fd;

  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0)
    return FALSE;
#ifdef FS_IOC_GET_ENCRYPTION_POLICY_EX
  {
    struct fscrypt_get_policy_ex_arg arg;

    memset (&arg, 0, sizeof arg);
    arg.policy_size = sizeof arg.policy;
    if (ioctl (fd, FS_IOC_GET_ENCRYPTION_POLICY_EX, &arg) == 0)
      found = TRUE;
    else if (errno != ENOTTY)
      {
        close (fd);
        return FALSE;
      }
  }
#endif
#ifdef FS_IOC_GET_ENCRYPTION_POLICY
  /* Kernels before 5.4 know only the v1 call (and only v1 policies). */
  if (!found)
    {
      struct fscrypt_policy policy;

      found = ioctl (fd, FS_IOC_GET_ENCRYPTION_POLICY, &policy) == 0;
    }
#endif
  close (fd);
  return found;
}

/* The block device to walk: the mount's own number, or for file systems that report an
 * anonymous one (btrfs, ntfs-3g and other FUSE drivers) the /dev node they were mounted
 * from. */
static gboolean
find_block_device (const DynoTargetInfo *info,
                   guint                 mount_major,
                   guint                 mount_minor,
                   guint                *out_major,
                   guint                *out_minor)
{
  struct stat st;

  if (mount_major != 0)
    {
      *out_major = mount_major;
      *out_minor = mount_minor;
      return TRUE;
    }
  if (info->mount_source != NULL && g_str_has_prefix (info->mount_source, "/dev/")
      && stat (info->mount_source, &st) == 0 && S_ISBLK (st.st_mode))
    {
      *out_major = major (st.st_rdev);
      *out_minor = minor (st.st_rdev);
      return TRUE;
    }
  return FALSE;
}

/* An option's value ("upperdir=/a" gives "/a"), or NULL. */
static char *
option_value (const char *options, const char *key)
{
  g_autofree char *option = find_option (options, key);
  const char *eq = option != NULL ? strchr (option, '=') : NULL;

  return eq != NULL && eq[1] != '\0' ? g_strdup (eq + 1) : NULL;
}

/* A FUSE driver of a block device (ntfs-3g, exfat-fuse) mounts as "fuseblk", which says
 * nothing of the file system: its name is in the subtype= option when the driver gives one,
 * in udev's database, or in the first sector of the device. */
static char *
find_fuseblk_type (const DynoTargetInfo *info, guint major, guint minor)
{
  g_autofree char *udev_path = g_strdup_printf ("/run/udev/data/b%u:%u", major, minor);
  g_autofree char *udev = NULL;
  char *subtype = option_value (info->mount_options, "subtype");
  char sector[16];
  int fd;

  if (subtype != NULL)
    return subtype;
  if (g_file_get_contents (udev_path, &udev, NULL, NULL))
    {
      g_auto (GStrv) lines = g_strsplit (udev, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "E:ID_FS_TYPE=") && lines[i][13] != '\0')
          return g_strdup (lines[i] + 13);
    }
  if (info->mount_source == NULL || !g_str_has_prefix (info->mount_source, "/dev/"))
    return NULL;
  /* Reading the device needs root or the disk group; without it the name stays fuseblk. */
  fd = open (info->mount_source, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0)
    return NULL;
  if (pread (fd, sector, sizeof sector, 0) != (gssize) sizeof sector)
    {
      close (fd);
      return NULL;
    }
  close (fd);
  /* The OEM name of the boot sector, at byte 3. */
  if (memcmp (sector + 3, "NTFS    ", 8) == 0)
    return g_strdup ("ntfs");
  if (memcmp (sector + 3, "EXFAT   ", 8) == 0)
    return g_strdup ("exfat");
  return NULL;
}

/* Stacked crypto file systems keep their data in a folder of another file system (the
 * mount source, "cryfs@/path" for CryFS), and that folder's disk is the one measured. An
 * overlay writes into its upper folder (a read-only one reads from its first lower one). */
static char *
find_lower_dir (const DynoTargetInfo *info)
{
  const char *source = info->mount_source;
  gboolean stacked = FALSE;

  if (info->fs_type != NULL && g_str_equal (info->fs_type, "overlay"))
    {
      char *dir = option_value (info->mount_options, "upperdir");

      if (dir == NULL)
        {
          g_autofree char *lower = option_value (info->mount_options, "lowerdir");
          g_auto (GStrv) dirs = lower != NULL ? g_strsplit (lower, ":", 2) : NULL;

          dir = dirs != NULL && dirs[0] != NULL ? g_strdup (dirs[0]) : NULL;
        }
      if (dir != NULL && (dir[0] != '/' || !g_file_test (dir, G_FILE_TEST_IS_DIR)))
        g_clear_pointer (&dir, g_free);
      return dir;
    }
  for (guint i = 0; i < G_N_ELEMENTS (crypto_types) && info->fs_type; i++)
    stacked |= g_str_equal (info->fs_type, crypto_types[i].fs_type);
  if (!stacked || source == NULL)
    return NULL;
  if (source[0] != '/' && strstr (source, "@/") != NULL)
    source = strstr (source, "@/") + 1;
  if (source[0] != '/' || !g_file_test (source, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_strdup (source);
}

static void describe_path (DynoTargetInfo *info, const char *path, guint depth);

static void
describe_lower (DynoTargetInfo *info, guint depth)
{
  g_autofree char *dir = find_lower_dir (info);
  g_autoptr (DynoTargetInfo) lower = NULL;

  if (dir == NULL || depth >= MAX_LOWER_DEPTH)
    return;
  lower = dyno_target_info_new (dir);
  describe_path (lower, dir, depth + 1);

  for (guint i = 0; i < lower->encryption->len; i++)
    add_layer (info, g_ptr_array_index (lower->encryption, i));
  if (info->device == NULL)
    {
      info->device = g_steal_pointer (&lower->device);
      replace_string (&info->device_model, g_steal_pointer (&lower->device_model));
      info->rotational = lower->rotational;
    }
  info->network |= lower->network;
  if (!info->cow && lower->cow)
    {
      info->cow = TRUE;
      replace_string (&info->cow_hint, g_steal_pointer (&lower->cow_hint));
    }
}

/* A loop device is a file on another file system: name the file, and take the disk and
 * whether it spins from the file's own device (a loop device always says it spins). */
static void
describe_loop (DynoTargetInfo *info, guint depth)
{
  g_autofree char *dir = NULL;
  g_autofree char *backing = NULL;
  g_autofree char *folder = NULL;
  g_autoptr (DynoTargetInfo) lower = NULL;
  guint n;

  if (info->device == NULL || sscanf (info->device, "loop%u", &n) != 1
      || !g_str_equal (info->device, (dir = g_strdup_printf ("loop%u", n))))
    return;
  g_clear_pointer (&dir, g_free);
  dir = g_strdup_printf ("/sys/block/%s", info->device);
  backing = read_attribute (dir, "loop/backing_file");
  if (backing == NULL)
    return;
  folder = g_path_get_dirname (backing);
  if (depth < MAX_LOWER_DEPTH && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      lower = dyno_target_info_new (folder);
      describe_path (lower, folder, depth + 1);
    }
  if (lower != NULL && lower->device != NULL)
    {
      /* TRANSLATORS: a loop device's model: its image file, then the disk the file is on */
      replace_string (&info->device_model,
                      g_strdup_printf (_("file %s on %s"), backing, lower->device));
      info->rotational = lower->rotational;
    }
  else
    {
      /* TRANSLATORS: a loop device's model: its image file */
      replace_string (&info->device_model, g_strdup_printf (_("file %s"), backing));
      info->rotational = DYNO_TRISTATE_UNKNOWN;
    }
}

static void
describe_path (DynoTargetInfo *info, const char *path, guint depth)
{
  g_autofree char *real = resolve_existing (path);
  g_autofree char *mountinfo = NULL;
  struct stat st;
  dev_t dev = 0;
  guint mount_major = 0;
  guint mount_minor = 0;
  guint block_major;
  guint block_minor;

  if (real == NULL)
    return;
  if (stat (real, &st) == 0)
    {
      dev = st.st_dev;
      mount_major = major (dev);
      mount_minor = minor (dev);
    }
  if (g_file_get_contents ("/proc/self/mountinfo", &mountinfo, NULL, NULL))
    dyno_linux_parse_mountinfo (mountinfo, dev, real, info, &mount_major, &mount_minor);

  /* Outermost first: the FUSE layer (classify), what lies under it, fscrypt, dm-crypt. */
  dyno_linux_classify_fs (info);
  describe_lower (info, depth);
  if (has_fscrypt_policy (real))
    add_layer (info, "fscrypt");
  if (find_block_device (info, mount_major, mount_minor, &block_major, &block_minor))
    {
      dyno_linux_describe_block_stack ("/sys", block_major, block_minor, info);
      if (info->fs_type != NULL && g_str_equal (info->fs_type, "fuseblk"))
        {
          g_autofree char *subtype = find_fuseblk_type (info, block_major, block_minor);

          if (subtype != NULL)
            replace_string (&info->fs_type, g_strdup_printf ("fuseblk.%s", subtype));
        }
      describe_loop (info, depth);
    }
}

void
dyno_platform_describe_target (DynoTargetInfo *info)
{
  g_return_if_fail (info != NULL && info->path != NULL);

  describe_path (info, info->path, 0);
}
