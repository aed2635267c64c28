/* dyno-leftovers.c: the scratch folders Dyno could not remove
 *
 * A run that cannot remove its scratch folder (its FUSE daemon was killed, the target was
 * made unreadable, a file in it made immutable) says where it is; but the folder can hold a
 * data file as large as -s, and a person may never run Dyno in that folder again. So the
 * front end keeps a list in $XDG_STATE_HOME/dyno/leftovers.ini, one group per folder, with
 * its path as a file URI (paths need not be UTF-8), and every later start looks at it.
 *
 * Removing goes through the same checks as a run's stale folders (dyno-scratch.c): Dyno's
 * marker, a process that no longer runs on this machine, nothing but Dyno's files.
 *
 * Two processes adding at once may lose one entry (each writes the whole file, atomically):
 * the folder is then still found by the next run in its target.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-leftovers.h"
#include "dyno-scratch.h"

#define MAX_AGE_SECONDS (90 * 24 * 3600)
/* The list is read whole; a file larger than this is not Dyno's list. */
#define MAX_FILE_BYTES (1 << 20)

void
dyno_leftover_free (DynoLeftover *leftover)
{
  if (leftover == NULL)
    return;
  g_free (leftover->path);
  g_free (leftover->display);
  g_free (leftover);
}

char *
dyno_leftovers_file (void)
{
  return g_build_filename (g_get_user_state_dir (), "dyno", "leftovers.ini", NULL);
}

static GKeyFile *
load (void)
{
  g_autofree char *file = dyno_leftovers_file ();
  GKeyFile *keys = g_key_file_new ();
  struct stat st;

  /* A damaged list is not worth an error: it is rebuilt from what runs leave next. */
  if (g_stat (file, &st) == 0 && S_ISREG (st.st_mode) && st.st_size <= MAX_FILE_BYTES)
    g_key_file_load_from_file (keys, file, G_KEY_FILE_NONE, NULL);
  return keys;
}

static gboolean
save (GKeyFile *keys, GError **error)
{
  g_autofree char *file = dyno_leftovers_file ();
  g_autofree char *dir = g_path_get_dirname (file);
  g_auto (GStrv) groups = g_key_file_get_groups (keys, NULL);

  if (groups == NULL || groups[0] == NULL)
    {
      if (g_unlink (file) != 0 && errno != ENOENT)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", file,
                       g_strerror (saved));
          return FALSE;
        }
      return TRUE;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  return g_key_file_save_to_file (keys, file, error);
}

gboolean
dyno_leftovers_add (const char *path, GError **error)
{
  g_autoptr (GKeyFile) keys = load ();
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, error);
  g_autofree char *name = g_path_get_basename (absolute);

  g_return_val_if_fail (path != NULL, FALSE);
  if (uri == NULL)
    return FALSE;
  /* Groups are named by the scratch folder, whose pid and random part make it unique. */
  g_key_file_set_string (keys, name, "uri", uri);
  g_key_file_set_int64 (keys, name, "recorded", g_get_real_time () / G_USEC_PER_SEC);
  return save (keys, error);
}

/* The bytes of the files of a scratch folder, one level of folders down (files/00000/…). */
static guint64
folder_bytes (int dir_fd, int depth)
{
  DIR *dir;
  struct dirent *entry;
  guint64 bytes = 0;
  int fd = dup (dir_fd);

  if (fd < 0)
    return 0;
  dir = fdopendir (fd);
  if (dir == NULL)
    {
      close (fd);
      return 0;
    }
  while ((entry = readdir (dir)) != NULL)
    {
      struct stat st;

      if (g_str_equal (entry->d_name, ".") || g_str_equal (entry->d_name, ".."))
        continue;
      if (fstatat (dirfd (dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        continue;
      if (S_ISREG (st.st_mode))
        bytes += (guint64) st.st_blocks * 512;
      else if (S_ISDIR (st.st_mode) && depth < 3)
        {
          int sub = openat (dirfd (dir), entry->d_name,
                            O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

          if (sub >= 0)
            {
              bytes += folder_bytes (sub, depth + 1);
              close (sub);
            }
        }
    }
  closedir (dir);
  return bytes;
}

/* Whether the target folder holds anything at all: an empty folder where a file system was
 * mounted says nothing about the folder that was in it. */
static gboolean
folder_is_empty (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);

  return dir != NULL && g_dir_read_name (dir) == NULL;
}

/* Whether the folder above path answers: then a path missing in it is missing, not out of
 * reach behind a file system that is not mounted. */
static gboolean
parent_reachable (const char *path)
{
  g_autofree char *parent = g_path_get_dirname (path);
  struct stat st;

  return stat (parent, &st) == 0 && S_ISDIR (st.st_mode);
}

GPtrArray *
dyno_leftovers_list (void)
{
  g_autoptr (GKeyFile) keys = load ();
  g_auto (GStrv) groups = g_key_file_get_groups (keys, NULL);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_leftover_free);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gboolean changed = FALSE;

  for (guint i = 0; groups != NULL && groups[i] != NULL; i++)
    {
      g_autofree char *uri = g_key_file_get_string (keys, groups[i], "uri", NULL);
      g_autofree char *path = uri ? g_filename_from_uri (uri, NULL, NULL) : NULL;
      g_autofree char *target = path ? g_path_get_dirname (path) : NULL;
      g_autofree char *name = path ? g_path_get_basename (path) : NULL;
      gint64 recorded = g_key_file_get_int64 (keys, groups[i], "recorded", NULL);
      struct stat st;
      DynoLeftover *leftover;
      int fd;

      if (path == NULL || !g_path_is_absolute (path) || !dyno_scratch_name_is_ours (name, NULL)
          || recorded <= 0 || now - recorded > MAX_AGE_SECONDS)
        {
          g_key_file_remove_group (keys, groups[i], NULL);
          changed = TRUE;
          continue;
        }
      fd = open (target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0 && errno == ENOENT && parent_reachable (target))
        {
          /* The folder it was in is gone with it (a test's temporary folder, a deleted
           * project). A mount point left empty or removed by its unmount keeps the entry
           * only while the folder is there; the next run there removes the scratch folder
           * all the same, by its marker. */
          g_key_file_remove_group (keys, groups[i], NULL);
          changed = TRUE;
          continue;
        }
      if (fd >= 0 && fstatat (fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT
          && !folder_is_empty (target))
        {
          /* Reachable, and not there: removed (by a run in that folder, or by hand). */
          close (fd);
          g_key_file_remove_group (keys, groups[i], NULL);
          changed = TRUE;
          continue;
        }
      leftover = g_new0 (DynoLeftover, 1);
      leftover->path = g_strdup (path);
      leftover->display = g_filename_display_name (path);
      leftover->recorded = recorded;
      if (fd >= 0)
        {
          int sub = openat (fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

          if (sub >= 0)
            {
              leftover->present = TRUE;
              leftover->bytes = folder_bytes (sub, 0);
              close (sub);
            }
          close (fd);
        }
      g_ptr_array_add (out, leftover);
    }
  if (changed)
    save (keys, NULL);
  return out;
}

static void
forget (const char *path)
{
  g_autoptr (GKeyFile) keys = load ();
  g_autofree char *name = g_path_get_basename (path);

  if (g_key_file_remove_group (keys, name, NULL))
    save (keys, NULL);
}

gboolean
dyno_leftovers_remove (const DynoLeftover *leftover, GPtrArray *messages)
{
  g_autofree char *target = g_path_get_dirname (leftover->path);
  g_autofree char *name = g_path_get_basename (leftover->path);
  gboolean removed;
  int fd;

  fd = open (target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (target);

      g_ptr_array_add (messages, g_strdup_printf (_("Cannot reach %s: %s"), display,
                                                  g_strerror (saved)));
      return FALSE;
    }
  removed = dyno_scratch_remove_stale_one (fd, name, messages);
  close (fd);
  if (removed)
    forget (leftover->path);
  return removed;
}
