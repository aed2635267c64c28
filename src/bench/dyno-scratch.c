/* dyno-scratch.c
 *
 * Every path is resolved relative to directory fds opened with O_NOFOLLOW, so a target that
 * is renamed or replaced by a symlink mid-run cannot redirect a delete elsewhere.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-scratch.h"
#include "platform/dyno-platform.h"

#define NAME_RANDOM_LEN 6
/* File tests name files with 10 hex digits plus up to 12 random alphanumerics. */
#define FILE_NAME_MIN 10
#define FILE_NAME_MAX 22

static const char alnum[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

static gboolean
all_alnum (const char *s, gsize min, gsize max)
{
  gsize n = strlen (s);

  if (n < min || n > max)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]))
      return FALSE;
  return TRUE;
}

gboolean
dyno_scratch_name_is_ours (const char *name, GPid *out_pid)
{
  const char *p;
  char *end;
  long pid;

  if (!g_str_has_prefix (name, "dyno-"))
    return FALSE;
  p = name + 5;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  pid = strtol (p, &end, 10);
  if (*end != '-' || pid <= 0 || pid > G_MAXINT)
    return FALSE;
  if (!all_alnum (end + 1, NAME_RANDOM_LEN, NAME_RANDOM_LEN))
    return FALSE;
  if (out_pid)
    *out_pid = (GPid) pid;
  return TRUE;
}

gboolean
dyno_scratch_create (int target_fd, char **out_name, int *out_fd, GError **error)
{
  g_autofree char *identity = dyno_platform_process_identity (getpid ());
  g_autofree char *machine = dyno_platform_machine_id ();

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      char suffix[NAME_RANDOM_LEN + 1];
      g_autofree char *name = NULL;
      g_autofree char *marker = NULL;
      int fd;
      int marker_fd;
      gssize len;

      for (guint i = 0; i < NAME_RANDOM_LEN; i++)
        suffix[i] = alnum[g_random_int_range (0, sizeof alnum - 1)];
      suffix[NAME_RANDOM_LEN] = '\0';
      name = g_strdup_printf ("dyno-%d-%s", (int) getpid (), suffix);

      if (mkdirat (target_fd, name, 0700) != 0)
        {
          int saved = errno;

          if (saved == EEXIST)
            continue;
          g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                       _("Cannot create a scratch folder: %s"), g_strerror (saved));
          return FALSE;
        }
      fd = openat (target_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (fd < 0)
        {
          int saved = errno;

          unlinkat (target_fd, name, AT_REMOVEDIR);
          g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                       _("Cannot open the scratch folder: %s"), g_strerror (saved));
          return FALSE;
        }

      /* The marker lets a later run tell our leftovers from a stranger's folder. */
      marker = g_strdup_printf ("Dyno scratch folder: safe to delete when no Dyno runs.\n"
                                "pid=%d\nidentity=%s\n%s%s%s",
                                (int) getpid (), identity ? identity : "unknown",
                                machine ? "machine=" : "", machine ? machine : "",
                                machine ? "\n" : "");
      marker_fd = openat (fd, DYNO_SCRATCH_MARKER,
                          O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
      len = marker_fd >= 0 ? write (marker_fd, marker, strlen (marker)) : -1;
      if (marker_fd < 0 || len != (gssize) strlen (marker))
        {
          int saved = errno ? errno : ENOSPC;

          if (marker_fd >= 0)
            close (marker_fd);
          unlinkat (fd, DYNO_SCRATCH_MARKER, 0);
          close (fd);
          unlinkat (target_fd, name, AT_REMOVEDIR);
          g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                       _("Cannot write in the scratch folder: %s"), g_strerror (saved));
          return FALSE;
        }
      close (marker_fd);

      *out_name = g_steal_pointer (&name);
      *out_fd = fd;
      return TRUE;
    }

  g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED, _("Cannot find a free scratch folder name"));
  return FALSE;
}

static gboolean
is_subdir_name (const char *name)
{
  /* File tests spread files over directories named %05d */
  return strlen (name) == 5 && strspn (name, "0123456789") == 5;
}

/* Removes entries of dir_fd that match our naming; counts the ones left. With dry_run it
 * removes nothing and counts the entries that are not ours. */
static guint
remove_matching (int dir_fd, gboolean top_level, int depth, gboolean dry_run)
{
  DIR *dir;
  struct dirent *entry;
  guint left = 0;
  int dup_fd = dup (dir_fd);

  if (dup_fd < 0)
    return 1;
  dir = fdopendir (dup_fd);
  if (dir == NULL)
    {
      close (dup_fd);
      return 1;
    }
  rewinddir (dir);
  while ((entry = readdir (dir)) != NULL)
    {
      const char *name = entry->d_name;
      struct stat st;

      if (g_str_equal (name, ".") || g_str_equal (name, ".."))
        continue;
      if (fstatat (dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        {
          left++;
          continue;
        }

      if (S_ISDIR (st.st_mode)
          && ((top_level && g_str_equal (name, DYNO_FILES_DIR)) || (!top_level && depth == 1 && is_subdir_name (name))))
        {
          int sub = openat (dir_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
          guint sub_left;

          if (sub < 0)
            {
              left++;
              continue;
            }
          sub_left = remove_matching (sub, FALSE, depth + 1, dry_run);
          close (sub);
          if (sub_left > 0 || (!dry_run && unlinkat (dir_fd, name, AT_REMOVEDIR) != 0))
            left++;
          continue;
        }

      /* Dyno creates links (-n N:link/symlink) only among the file tests' files. */
      if ((top_level && S_ISREG (st.st_mode)
           && (g_str_equal (name, DYNO_DATA_FILE) || g_str_equal (name, DYNO_QUEUE_FILE)
               || g_str_equal (name, DYNO_SCRATCH_MARKER) || g_str_equal (name, "probe")))
          || (!top_level && (S_ISREG (st.st_mode) || S_ISLNK (st.st_mode))
              && all_alnum (name, FILE_NAME_MIN, FILE_NAME_MAX)))
        {
          if (!dry_run && unlinkat (dir_fd, name, 0) != 0)
            left++;
          continue;
        }
      left++;
    }
  closedir (dir);
  return left;
}

gboolean
dyno_scratch_remove (int target_fd, const char *name, GError **error)
{
  int fd;
  guint left;

  fd = openat (target_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;

      if (saved == ENOENT)
        return TRUE;
      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                   _("Cannot open the scratch folder %s to remove it: %s"), name,
                   g_strerror (saved));
      return FALSE;
    }
  left = remove_matching (fd, TRUE, 0, FALSE);
  close (fd);
  if (left > 0)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The scratch folder %s holds %u entry Dyno did not create or "
                                "could not remove; it was left in place",
                                "The scratch folder %s holds %u entries Dyno did not create or "
                                "could not remove; it was left in place",
                                left),
                   name, left);
      return FALSE;
    }
  if (unlinkat (target_fd, name, AT_REMOVEDIR) != 0)
    {
      int saved = errno;

      g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved),
                   _("Cannot remove the scratch folder %s: %s"), name, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static char *
read_marker (int target_fd, const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s", name, DYNO_SCRATCH_MARKER);
  char buf[512];
  int fd = openat (target_fd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  gssize n;

  if (fd < 0)
    return NULL;
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return NULL;
  buf[n] = '\0';
  return g_strdup (buf);
}

static guint remove_stale (int target_fd, const char *only, GPtrArray *messages);

guint
dyno_scratch_remove_stale (int target_fd, GPtrArray *messages)
{
  return remove_stale (target_fd, NULL, messages);
}

gboolean
dyno_scratch_remove_stale_one (int target_fd, const char *name, GPtrArray *messages)
{
  struct stat st;

  g_return_val_if_fail (dyno_scratch_name_is_ours (name, NULL), FALSE);
  if (fstatat (target_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT)
    return TRUE;
  return remove_stale (target_fd, name, messages) == 1;
}

/* only: the one scratch folder to look at, or NULL for all of them. */
static guint
remove_stale (int target_fd, const char *only, GPtrArray *messages)
{
  DIR *dir;
  struct dirent *entry;
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *our_machine = dyno_platform_machine_id ();
  guint removed = 0;
  int dup_fd = dup (target_fd);

  if (dup_fd < 0)
    return 0;
  dir = fdopendir (dup_fd);
  if (dir == NULL)
    {
      close (dup_fd);
      return 0;
    }
  rewinddir (dir);
  while ((entry = readdir (dir)) != NULL)
    if (dyno_scratch_name_is_ours (entry->d_name, NULL)
        && (only == NULL || g_str_equal (only, entry->d_name)))
      g_ptr_array_add (candidates, g_strdup (entry->d_name));
  closedir (dir);

  for (guint i = 0; i < candidates->len; i++)
    {
      const char *name = g_ptr_array_index (candidates, i);
      g_autofree char *marker = read_marker (target_fd, name);
      g_autofree char *identity = NULL;
      g_autofree char *machine = NULL;
      g_autofree char *live = NULL;
      guint foreign;
      int fd;
      g_autoptr (GError) error = NULL;
      const char *line;
      GPid pid = 0;

      dyno_scratch_name_is_ours (name, &pid);
      if (marker == NULL || !g_str_has_prefix (marker, "Dyno scratch folder"))
        {
          /* Not provably ours: never touch it. Asked for by name, say why. */
          if (only != NULL && messages)
            g_ptr_array_add (messages,
                             g_strdup_printf (_("%s has no Dyno marker; it was not removed"),
                                              name));
          continue;
        }
      line = strstr (marker, "identity=");
      if (line != NULL)
        identity = g_strndup (line + 9, strcspn (line + 9, "\n"));
      line = strstr (marker, "\nmachine=");
      if (line != NULL)
        machine = g_strndup (line + 9, strcspn (line + 9, "\n"));
      if (machine != NULL && (our_machine == NULL || !g_str_equal (machine, our_machine)))
        {
          if (messages)
            g_ptr_array_add (messages,
                             g_strdup_printf (_("%s was left by Dyno on another machine (%s); "
                                                "it was not removed, as its run may still be "
                                                "going on there"),
                                              name, machine));
          continue;
        }
      live = dyno_platform_process_identity (pid);
      if (live != NULL && (identity == NULL || g_str_equal (identity, "unknown")
                           || g_str_equal (live, identity)))
        {
          /* its process still runs */
          if (only != NULL && messages)
            g_ptr_array_add (messages,
                             g_strdup_printf (_("%s belongs to a run that is still going on "
                                                "(process %d); it was not removed"),
                                              name, (int) pid));
          continue;
        }

      /* All or nothing: a folder that holds anything else is left exactly as it is. */
      fd = openat (target_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      foreign = fd >= 0 ? remove_matching (fd, TRUE, 0, TRUE) : 1;
      if (fd >= 0)
        close (fd);
      if (foreign > 0)
        {
          if (messages)
            g_ptr_array_add (messages,
                             g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%s, left behind by an earlier run "
                                                           "(process %d), holds %u entry Dyno "
                                                           "did not create; it was left as it is",
                                                           "%s, left behind by an earlier run "
                                                           "(process %d), holds %u entries Dyno "
                                                           "did not create; it was left as it is",
                                                           foreign),
                                              name, (int) pid, foreign));
          continue;
        }

      if (dyno_scratch_remove (target_fd, name, &error))
        {
          removed++;
          if (messages)
            g_ptr_array_add (messages,
                             g_strdup_printf (_("Removed %s, left behind by an earlier run "
                                                "(process %d) that did not finish"),
                                              name, (int) pid));
        }
      else if (messages)
        g_ptr_array_add (messages, g_strdup (error->message));
    }
  return removed;
}
