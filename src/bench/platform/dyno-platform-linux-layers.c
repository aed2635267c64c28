/* dyno-platform-linux-layers.c: evicting a file's data from every cache below its file system
 *
 * Evicting a file's own pages is not enough when its file system keeps its data in a file of
 * another one: reads through gocryptfs come from the cipher file's pages in the file system
 * below, reads from ext4 in a disk image from the image's pages, and both run at the speed of
 * RAM while the report says "resident before reads: 0 %". So before a read, Dyno walks down
 * from the file, layer by layer, to the file that holds its data one level down, evicts that
 * one too (fsync, then POSIX_FADV_DONTNEED) and measures with mincore what stayed:
 *   - fuse.gocryptfs: the cipher file, found in the cipher folder (the mount's source) by
 *     inode number, component by component: gocryptfs passes the backing inode numbers
 *     through, so no name needs decrypting;
 *   - overlay: the file in the upper folder (a file Dyno wrote is always there);
 *   - a loop device: its backing file (the disk image), unless the loop device does direct
 *     I/O, which leaves no pages of its own;
 *   - fuseblk (ntfs-3g, exfat-fuse): the block device's own cache, which those drivers read
 *     through.
 * It stops at a file system on a disk (nothing below caches file data), or on tmpfs (RAM is
 * the storage there). Where a layer can be neither evicted nor checked -- a network share's
 * server, a FUSE daemon whose backing store Dyno cannot find, a file it may not open -- it
 * says so, and the figure is marked.
 *
 * Only files below Dyno's own file are touched, and only to drop their cached pages: they are
 * opened read-only, never written, their times unchanged.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dyno-platform-linux-private.h"
#include "dyno-platform.h"

/* Deeper than any stack a person builds (gocryptfs on overlay on ext4 in an image on ext4 in
 * an image is four); a loop of loop devices must not walk for ever. */
#define MAX_DEPTH 8

typedef struct
{
  DynoCacheLayer *layers;
  guint max;
  guint n;
  const char *doubt;
} Walk;

static void
set_doubt (Walk *walk, char *text)
{
  if (walk->doubt == NULL)
    walk->doubt = g_intern_string (text);
  g_free (text);
}

static char *
read_sysfs (const char *path)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  g_strchomp (contents);
  return contents[0] != '\0' ? g_steal_pointer (&contents) : NULL;
}

/* The path of `path` inside the mount at mount_point, without the leading slash ("" for the
 * mount point itself); NULL when it is not inside. */
static const char *
inside (const char *path, const char *mount_point)
{
  gsize len = strlen (mount_point);

  if (g_str_equal (mount_point, "/"))
    return path + 1;
  if (strncmp (path, mount_point, len) != 0 || (path[len] != '/' && path[len] != '\0'))
    return NULL;
  return path[len] == '/' ? path + len + 1 : path + len;
}

/* The entry of folder `dir` whose inode is ino, or NULL. */
static char *
entry_with_inode (const char *dir, ino_t ino)
{
  DIR *d = opendir (dir);
  struct dirent *entry;
  char *found = NULL;

  if (d == NULL)
    return NULL;
  while (found == NULL && (entry = readdir (d)) != NULL)
    {
      struct stat st;

      if (entry->d_ino != ino || g_str_equal (entry->d_name, ".")
          || g_str_equal (entry->d_name, ".."))
        continue;
      /* d_ino can differ from st_ino on a mount point; the stat is what counts. */
      if (fstatat (dirfd (d), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_ino == ino)
        found = g_build_filename (dir, entry->d_name, NULL);
    }
  closedir (d);
  return found;
}

/* The file in backing_root that holds `path` of the FUSE mount at mount_point, by inode. */
static char *
map_by_inode (const char *path, const char *mount_point, const char *backing_root)
{
  const char *rel = inside (path, mount_point);
  g_auto (GStrv) parts = NULL;
  g_autofree char *upper = NULL;
  g_autofree char *lower = NULL;

  if (rel == NULL)
    return NULL;
  parts = g_strsplit (rel, "/", -1);
  upper = g_strdup (mount_point);
  lower = g_strdup (backing_root);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *next = NULL;
      struct stat st;
      char *found;

      if (parts[i][0] == '\0')
        continue;
      next = g_build_filename (upper, parts[i], NULL);
      if (lstat (next, &st) != 0)
        return NULL;
      found = entry_with_inode (lower, st.st_ino);
      if (found == NULL)
        return NULL;
      g_free (lower);
      lower = found;
      g_free (upper);
      upper = g_steal_pointer (&next);
    }
  return g_steal_pointer (&lower);
}

/* fsync + DONTNEED of a file below, and what stayed resident. FALSE with errno when it could
 * not be opened. */
static gboolean
evict_backing (const char *path, gboolean block_device, double *resident)
{
  struct stat st;
  guint64 size;
  int fd;

  *resident = NAN;
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (block_device ? 0 : O_NOFOLLOW));
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || (block_device ? !S_ISBLK (st.st_mode) : !S_ISREG (st.st_mode)))
    {
      close (fd);
      errno = EINVAL;
      return FALSE;
    }
  /* DONTNEED skips dirty pages: what the layer above just wrote must reach the layer below
   * first. A read-only file system cannot fsync and needs not. */
  (void) fsync (fd);
  (void) posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
  size = (guint64) st.st_size;
  if (block_device)
    {
      /* mincore cannot map a block device; the eviction is asked for, not measured. */
      close (fd);
      return TRUE;
    }
  *resident = size > 0 ? dyno_platform_resident_fraction (fd, size) : 0;
  close (fd);
  return TRUE;
}

static void
add_layer (Walk *walk, const char *kind, const char *path, double resident)
{
  DynoCacheLayer *layer;

  if (walk->n >= walk->max)
    return;
  layer = &walk->layers[walk->n++];
  layer->kind = g_intern_string (kind);
  layer->path = g_intern_string (path);
  layer->resident = resident;
}

/* Evicts `path` as the layer `kind`; FALSE (and a doubt) when it cannot. */
static gboolean
evict_layer (Walk *walk, const char *kind, const char *path, gboolean block_device)
{
  double resident;

  if (!evict_backing (path, block_device, &resident))
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (path);

      /* Translators: a mark on a figure; the first %s is a file (a disk image, a cipher
       * file), the second why it could not be opened */
      set_doubt (walk, g_strdup_printf (_("may come from a cache below: Dyno could not evict "
                                          "%s (%s)"), shown, g_strerror (saved)));
      return FALSE;
    }
  add_layer (walk, kind, path, resident);
  return TRUE;
}

static gboolean
is_memory_fs (const char *type)
{
  return g_str_equal (type, "tmpfs") || g_str_equal (type, "ramfs")
         || g_str_equal (type, "devtmpfs");
}

/* A loop device's backing file, and whether it does direct I/O; NULL for other devices. */
static char *
loop_backing (guint major, guint minor, gboolean *direct)
{
  g_autofree char *base = g_strdup_printf ("/sys/dev/block/%u:%u/loop", major, minor);
  g_autofree char *file = g_build_filename (base, "backing_file", NULL);
  g_autofree char *dio_path = g_build_filename (base, "dio", NULL);
  g_autofree char *dio = read_sysfs (dio_path);
  char *backing = read_sysfs (file);

  *direct = dio != NULL && g_str_equal (dio, "1");
  /* A deleted image reads "/path (deleted)": there is no path left to open. */
  if (backing != NULL && g_str_has_suffix (backing, " (deleted)"))
    g_clear_pointer (&backing, g_free);
  return backing;
}

/* Whether the file at path lives on tmpfs or ramfs: RAM is its storage, nothing to evict. */
static gboolean
on_memory_fs (const char *path, const char *mountinfo)
{
  g_autoptr (DynoTargetInfo) info = dyno_target_info_new (path);
  g_autofree char *real = realpath (path, NULL);
  struct stat st;

  if (real == NULL || stat (real, &st) != 0
      || !dyno_linux_parse_mountinfo (mountinfo, st.st_dev, real, info, NULL, NULL))
    return FALSE;
  return info->fs_type != NULL && is_memory_fs (info->fs_type);
}

/* One step down from `path`: evicts what holds its data one layer below and returns that
 * file's path to go on from, or NULL at the bottom (or on a doubt). */
static char *
step_down (Walk *walk, const char *path, const char *mountinfo)
{
  g_autoptr (DynoTargetInfo) info = dyno_target_info_new (path);
  g_autofree char *upperdir = NULL;
  struct stat st;
  guint major = 0;
  guint minor = 0;
  gboolean direct = FALSE;
  char *backing;

  if (stat (path, &st) != 0)
    return NULL;
  if (!dyno_linux_parse_mountinfo (mountinfo, st.st_dev, path, info, &major, &minor)
      || info->fs_type == NULL || info->mount_point == NULL)
    return NULL;
  dyno_linux_classify_fs (info);

  if (info->network)
    {
      /* Translators: a mark on a figure; %s is a file system type (nfs4, cifs, fuse.sshfs) */
      set_doubt (walk, g_strdup_printf (_("may come from a cache below: the server of this "
                                          "%s share"), info->fs_type));
      return NULL;
    }
  if (is_memory_fs (info->fs_type))
    return NULL;

  if (g_str_equal (info->fs_type, "fuse.gocryptfs"))
    {
      const char *root = info->mount_source;

      backing = root != NULL && root[0] == '/' ? map_by_inode (path, info->mount_point, root)
                                               : NULL;
      if (backing == NULL)
        {
          /* Translators: a mark on a figure; %s is a folder */
          set_doubt (walk, g_strdup_printf (_("may come from a cache below: gocryptfs's cipher "
                                              "file was not found in %s"),
                                            root != NULL ? root : "?"));
          return NULL;
        }
      if (!evict_layer (walk, "gocryptfs", backing, FALSE))
        g_clear_pointer (&backing, g_free);
      return backing;
    }
  if (g_str_equal (info->fs_type, "overlay"))
    {
      const char *rel = inside (path, info->mount_point);
      char *options = info->mount_options;
      char *key = options != NULL ? strstr (options, "upperdir=") : NULL;

      if (key != NULL)
        {
          const char *start = key + strlen ("upperdir=");
          upperdir = g_strndup (start, strcspn (start, ","));
        }
      backing = upperdir != NULL && rel != NULL ? g_build_filename (upperdir, rel, NULL) : NULL;
      if (backing == NULL || lstat (backing, &st) != 0 || !S_ISREG (st.st_mode))
        {
          /* A read-only overlay, or a file still in a lower folder: overlayfs passes the
           * eviction to the real file itself, so there is nothing more to do here. */
          g_free (backing);
          return NULL;
        }
      if (!evict_layer (walk, "overlay", backing, FALSE))
        g_clear_pointer (&backing, g_free);
      return backing;
    }
  if (g_str_has_prefix (info->fs_type, "fuse.") || g_str_equal (info->fs_type, "fuse"))
    {
      /* Translators: a mark on a figure; %s is a FUSE file system type (fuse.cryfs) */
      set_doubt (walk, g_strdup_printf (_("may come from a cache below: the %s file system "
                                          "(FUSE) keeps its data where Dyno cannot evict it"),
                                        info->fs_type));
      return NULL;
    }
  if (major == 0)
    return NULL;
  /* ntfs-3g and exfat-fuse read their device through its own page cache. */
  if (g_str_equal (info->fs_type, "fuseblk") && info->mount_source != NULL
      && g_str_has_prefix (info->mount_source, "/dev/")
      && !evict_layer (walk, "block device", info->mount_source, TRUE))
    return NULL;

  backing = loop_backing (major, minor, &direct);
  if (backing == NULL)
    return NULL;
  if (on_memory_fs (backing, mountinfo))
    {
      /* A RAM disk made of an image on tmpfs: its pages are the storage, not a cache of it. */
      add_layer (walk, "loop (image in memory)", backing, NAN);
      g_free (backing);
      return NULL;
    }
  if (direct)
    {
      /* Direct I/O on the image: no page of it is cached, at this layer or any below. */
      add_layer (walk, "loop (direct I/O)", backing, 0);
      g_free (backing);
      return NULL;
    }
  if (!evict_layer (walk, "loop", backing, FALSE))
    g_clear_pointer (&backing, g_free);
  return backing;
}

guint
dyno_platform_evict_below (const char     *path,
                           DynoCacheLayer *layers,
                           guint           max,
                           const char    **doubt)
{
  g_autofree char *mountinfo = NULL;
  g_autofree char *current = NULL;
  Walk walk = { .layers = layers, .max = max };
  guint depth = 0;

  g_return_val_if_fail (path != NULL && doubt != NULL, 0);
  *doubt = NULL;
  current = realpath (path, NULL);
  if (current == NULL || !g_file_get_contents ("/proc/self/mountinfo", &mountinfo, NULL, NULL))
    return 0;
  for (;;)
    {
      char *next = step_down (&walk, current, mountinfo);

      if (next == NULL)
        break;
      g_free (current);
      /* The mount table knows resolved paths only. */
      current = realpath (next, NULL);
      g_free (next);
      if (current == NULL)
        break;
      if (++depth >= MAX_DEPTH)
        {
          /* Translators: a mark on a figure; %d is a number of layers */
          set_doubt (&walk, g_strdup_printf (_("may come from a cache below: more than %d "
                                               "layers of file systems"), MAX_DEPTH));
          break;
        }
    }
  *doubt = walk.doubt;
  return walk.n;
}
