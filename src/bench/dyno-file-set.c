/* dyno-file-set.c: bonnie++'s small-file tests (create, stat+read, delete) on one set of
 * files; phases/dyno-phase-files.c makes phases of them
 *
 * Names are made before the clock starts, so the figures measure the file system, not our
 * string formatting. Sequential names start with the file's index in hex and sort in
 * creation order; random names start with random characters, so directory order differs
 * from creation order. The creates and deletes end with syncfs() of the target's file system
 * inside the timed region (bonnie++ 2.00 syncs the whole machine).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-files-options.h"
#include "dyno-error.h"
#include "dyno-run-private.h"
#include "platform/dyno-platform.h"

#define RANDOM_EXTRA_MAX 12

static const char alnum[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

typedef struct
{
  char *name;
  guint32 dir;
  guint32 size;
} FileEntry;

struct _DynoFileSet
{
  DynoRun *run;
  gboolean random_order;
  guint64 n;        /* files in the set: made, or to be made */
  guint64 n_names;  /* names made; a create that stops at its deadline leaves n below it */
  double deadline_s; /* create: stop after this long (0: make all n) */
  guint dirs;
  FileEntry *files;
  int files_fd;
  int *dir_fds;
  DynoRandom random;
};

static void
random_alnum (DynoRandom *random, char *out, guint len)
{
  for (guint i = 0; i < len; i++)
    out[i] = alnum[dyno_random_below (random, sizeof alnum - 1)];
  out[len] = '\0';
}

static void
shuffle (DynoFileSet *set)
{
  for (guint64 i = set->n - 1; i > 0; i--)
    {
      guint64 j = dyno_random_below (&set->random, i + 1);
      FileEntry tmp = set->files[i];

      set->files[i] = set->files[j];
      set->files[j] = tmp;
    }
}

DynoFileSet *
dyno_file_set_new (DynoRun *run, gboolean random_order, guint64 n)
{
  const DynoConfig *config = run->config;
  DynoFileSet *set = g_new0 (DynoFileSet, 1);
  gint64 max = MAX (dyno_config_get_files (config)->max, 0);
  gint64 min = MIN (dyno_config_get_files (config)->min, max);

  set->run = run;
  set->random_order = random_order;
  set->n = set->n_names = MAX (n, 1);
  set->dirs = MAX (dyno_config_get_files (config)->dirs, 1);
  set->files = g_new0 (FileEntry, set->n);
  set->files_fd = -1;
  dyno_random_seed (&set->random, run->seed ^ (random_order ? 0xf11e5 : 0xf11e4) ^ run->repeat);

  for (guint64 i = 0; i < set->n; i++)
    {
      char extra[RANDOM_EXTRA_MAX + 1];
      FileEntry *f = &set->files[i];

      random_alnum (&set->random, extra, dyno_random_below (&set->random, RANDOM_EXTRA_MAX + 1));
      if (random_order)
        {
          f->name = g_strdup_printf ("%s%010" G_GINT64_MODIFIER "x", extra, (guint64) i);
          f->dir = dyno_random_below (&set->random, set->dirs);
        }
      else
        {
          f->name = g_strdup_printf ("%010" G_GINT64_MODIFIER "x%s", (guint64) i, extra);
          f->dir = (guint32) (i * set->dirs / set->n);
        }
      f->size = (guint32) (max == min ? (guint64) max
                                      : (guint64) min + dyno_random_below (&set->random, max - min + 1));
    }
  return set;
}

static void
close_dirs (DynoFileSet *set)
{
  if (set->dir_fds != NULL)
    for (guint d = 0; d < set->dirs; d++)
      if (set->dir_fds[d] >= 0)
        close (set->dir_fds[d]);
  g_clear_pointer (&set->dir_fds, g_free);
  if (set->files_fd >= 0)
    close (set->files_fd);
  set->files_fd = -1;
}

void
dyno_file_set_free (DynoFileSet *set)
{
  if (set == NULL)
    return;
  close_dirs (set);
  for (guint64 i = 0; i < set->n_names; i++)
    g_free (set->files[i].name);
  g_free (set->files);
  g_free (set);
}

static gboolean
open_dirs (DynoFileSet *set, gboolean create, GError **error)
{
  DynoRun *run = set->run;

  if (create && mkdirat (run->scratch_fd, DYNO_FILES_DIR, 0700) != 0 && errno != EEXIST)
    return dyno_run_errno_error (run, errno, error, _("creating the file test folder"));
  set->files_fd = openat (run->scratch_fd, DYNO_FILES_DIR,
                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (set->files_fd < 0)
    return dyno_run_errno_error (run, errno, error, _("opening the file test folder"));

  set->dir_fds = g_new (int, set->dirs);
  for (guint d = 0; d < set->dirs; d++)
    set->dir_fds[d] = -1;
  for (guint d = 0; d < set->dirs; d++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%05u", d);
      if (create && mkdirat (set->files_fd, name, 0700) != 0 && errno != EEXIST)
        return dyno_run_errno_error (run, errno, error, _("creating the file test folder %s"),
                                     name);
      set->dir_fds[d] = openat (set->files_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (set->dir_fds[d] < 0)
        return dyno_run_errno_error (run, errno, error, _("opening the file test folder %s"),
                                     name);
    }
  return TRUE;
}

/* Creates and deletes count once the file system has them: syncfs() inside the clock. */
static gboolean
sync_and_stop (DynoRun *run, DynoPhaseCtx *ctx, DynoPhaseClock *clock, int sync_fd, guint64 ops,
               GError **error)
{
  gint64 t0;

  if (ctx == NULL)
    return TRUE;
  t0 = dyno_now_ns ();
  if (!dyno_platform_sync_fs (sync_fd, error))
    {
      g_prefix_error (error, _("syncing the file system: "));
      return FALSE;
    }
  ctx->run.flush_seconds = (dyno_now_ns () - t0) / 1e9;
  dyno_phase_clock_stop (ctx, clock, ops);
  return TRUE;
}

static gboolean
write_file_body (DynoRun *run, int fd, guint32 size, GError **error)
{
  const guint64 chunk = run->config->chunk;

  for (guint32 written = 0; written < size;)
    {
      gsize len = MIN (chunk, size - written);

      if (!dyno_run_write_all (run, fd, run->buffer, len, error))
        return FALSE;
      written += len;
    }
  return TRUE;
}

gboolean
dyno_file_set_create (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, GError **error)
{
  const gint64 mode = dyno_config_get_files (run->config)->max;
  DynoPhaseClock clock = { 0 };

  if (!open_dirs (set, TRUE, error))
    return FALSE;

  dyno_phase_clock_start (ctx, &clock);
  for (guint64 i = 0; i < set->n; i++)
    {
      FileEntry *f = &set->files[i];
      int dir_fd = set->dir_fds[f->dir];

      if (dyno_run_should_stop (run))
        return dyno_run_stop_error (run, error);
      /* A create that lasts a set time makes what fits; the set is then those files. */
      if (set->deadline_s > 0 && ctx != NULL && i > 0
          && (dyno_now_ns () - clock.started) / 1e9 >= set->deadline_s)
        {
          set->n = i;
          break;
        }

      if (i > 0 && mode == DYNO_FILES_LINK)
        {
          if (linkat (set->dir_fds[set->files[0].dir], set->files[0].name, dir_fd, f->name, 0) != 0)
            return dyno_run_errno_error (run, errno, error, _("creating hard link %llu"),
                                         (unsigned long long) i);
        }
      else if (i > 0 && mode == DYNO_FILES_SYMLINK)
        {
          g_autofree char *target
              = g_strdup_printf ("../%05u/%s", set->files[0].dir, set->files[0].name);

          if (symlinkat (target, dir_fd, f->name) != 0)
            return dyno_run_errno_error (run, errno, error,
                                         _("creating symbolic link %llu"), (unsigned long long) i);
        }
      else
        {
          int fd = openat (dir_fd, f->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                           0600);

          if (fd < 0)
            return dyno_run_errno_error (run, errno, error,
                                         _("creating file %llu of %llu"),
                                         (unsigned long long) i + 1, (unsigned long long) set->n);
          if (mode > 0 && !write_file_body (run, fd, f->size, error))
            {
              close (fd);
              return FALSE;
            }
          if (close (fd) != 0)
            return dyno_run_errno_error (run, errno, error, _("closing a new file"));
        }
      dyno_phase_clock_tick (ctx, &clock, i + 1);
    }
  return sync_and_stop (run, ctx, &clock, set->files_fd, set->n, error);
}

/* As dyno_file_set_create, timed, but stops at the phase time: the set is then what it made. */
gboolean
dyno_file_set_create_for (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, double seconds,
                          GError **error)
{
  set->deadline_s = seconds;
  return dyno_file_set_create (run, set, ctx, error);
}

static gboolean
stat_and_read (DynoRun *run, int dir_fd, const char *name, GError **error)
{
  struct stat st;

  if (fstatat (dir_fd, name, &st, 0) != 0)
    return dyno_run_errno_error (run, errno, error, _("stat of a test file"));
  if (st.st_size > 0)
    {
      int fd = openat (dir_fd, name, O_RDONLY | O_CLOEXEC);
      gssize n;

      if (fd < 0)
        return dyno_run_errno_error (run, errno, error, _("opening a test file"));
      while ((n = read (fd, run->buffer, run->config->chunk)) > 0)
        ;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          return dyno_run_errno_error (run, saved, error, _("reading a test file"));
        }
      close (fd);
    }
  return TRUE;
}

/* Reads a directory's names in readdir order; the caller times it as part of the phase. */
static GPtrArray *
read_names (DynoRun *run, int dir_fd, GError **error)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  int fd = dup (dir_fd);
  struct dirent *entry;
  DIR *dir;

  if (fd < 0 || (dir = fdopendir (fd)) == NULL)
    {
      if (fd >= 0)
        close (fd);
      dyno_run_errno_error (run, errno, error, _("listing a test folder"));
      g_ptr_array_unref (names);
      return NULL;
    }
  rewinddir (dir);
  while ((entry = readdir (dir)) != NULL)
    if (!g_str_equal (entry->d_name, ".") && !g_str_equal (entry->d_name, ".."))
      g_ptr_array_add (names, g_strdup (entry->d_name));
  closedir (dir);
  return names;
}

gboolean
dyno_file_set_stat (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, GError **error)
{
  DynoPhaseClock clock = { 0 };
  guint64 done = 0;

  if (set->dir_fds == NULL && !open_dirs (set, FALSE, error))
    return FALSE;

  dyno_phase_clock_start (ctx, &clock);
  if (set->random_order)
    {
      shuffle (set);
      for (guint64 i = 0; i < set->n; i++)
        {
          if (dyno_run_should_stop (run))
            return dyno_run_stop_error (run, error);
          if (!stat_and_read (run, set->dir_fds[set->files[i].dir], set->files[i].name, error))
            return FALSE;
          dyno_phase_clock_tick (ctx, &clock, ++done);
        }
    }
  else
    {
      for (guint d = 0; d < set->dirs; d++)
        {
          g_autoptr (GPtrArray) names = read_names (run, set->dir_fds[d], error);

          if (names == NULL)
            return FALSE;
          for (guint i = 0; i < names->len; i++)
            {
              if (dyno_run_should_stop (run))
                return dyno_run_stop_error (run, error);
              if (!stat_and_read (run, set->dir_fds[d], g_ptr_array_index (names, i), error))
                return FALSE;
              dyno_phase_clock_tick (ctx, &clock, ++done);
            }
        }
      if (done != set->n)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_IO,
                       _("The test folders list %llu files instead of %llu"),
                       (unsigned long long) done, (unsigned long long) set->n);
          return FALSE;
        }
    }
  /* Reads change no data: there is nothing to sync, so time only the operations. */
  dyno_phase_clock_stop (ctx, &clock, done);
  return TRUE;
}

static gboolean
remove_dirs (DynoRun *run, DynoFileSet *set, GError **error)
{
  for (guint d = 0; d < set->dirs; d++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%05u", d);
      if (unlinkat (set->files_fd, name, AT_REMOVEDIR) != 0)
        return dyno_run_errno_error (run, errno, error, _("removing the test folder %s"), name);
    }
  return TRUE;
}

gboolean
dyno_file_set_delete (DynoRun *run, DynoFileSet *set, DynoPhaseCtx *ctx, GError **error)
{
  DynoPhaseClock clock = { 0 };
  guint64 done = 0;
  gboolean ok;

  if (set->dir_fds == NULL && !open_dirs (set, FALSE, error))
    return FALSE;

  dyno_phase_clock_start (ctx, &clock);
  if (set->random_order)
    {
      shuffle (set);
      for (guint64 i = 0; i < set->n; i++)
        {
          if (dyno_run_should_stop (run))
            return dyno_run_stop_error (run, error);
          if (unlinkat (set->dir_fds[set->files[i].dir], set->files[i].name, 0) != 0)
            return dyno_run_errno_error (run, errno, error, _("deleting a test file"));
          dyno_phase_clock_tick (ctx, &clock, ++done);
        }
    }
  else
    {
      for (guint d = 0; d < set->dirs; d++)
        {
          g_autoptr (GPtrArray) names = read_names (run, set->dir_fds[d], error);

          if (names == NULL)
            return FALSE;
          for (guint i = 0; i < names->len; i++)
            {
              if (dyno_run_should_stop (run))
                return dyno_run_stop_error (run, error);
              if (unlinkat (set->dir_fds[d], g_ptr_array_index (names, i), 0) != 0)
                return dyno_run_errno_error (run, errno, error, _("deleting a test file"));
              dyno_phase_clock_tick (ctx, &clock, ++done);
            }
        }
    }

  if (!remove_dirs (run, set, error))
    return FALSE;
  ok = sync_and_stop (run, ctx, &clock, set->files_fd, done, error);
  close_dirs (set);
  if (ok && unlinkat (run->scratch_fd, DYNO_FILES_DIR, AT_REMOVEDIR) != 0)
    return dyno_run_errno_error (run, errno, error, _("removing the file test folder"));
  return ok;
}
