/* dyno-history-watch.c: results that other programs put into (or take out of) the runs folder
 *
 * `dyno-cli run --json ~/.local/share/dyno/runs/nas.dyno.json`, a copy from another machine or a
 * file manager's delete: the Runs list follows the folder while the app runs. Events are gathered
 * for half a second (a file is written in several steps), the files are read in a worker, and the
 * list changes on the main thread. Paths that the history itself is changing (a save, a rename, a
 * delete waiting for its undo) are left to it.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history"

#include "config.h"

#include "dyno-history-private.h"

#define SETTLE_MS 500

struct _DynoHistoryWatch
{
  DynoHistory *history; /* owns the watch */
  GFileMonitor *monitor;
  GHashTable *pending; /* paths to look at */
  guint settle_id;
  GCancellable *cancellable;
};

typedef struct
{
  GStrv paths;
  GPtrArray *results; /* read */
  GPtrArray *gone;    /* paths no longer there */
} Check;

static void
check_free (Check *check)
{
  g_strfreev (check->paths);
  g_clear_pointer (&check->results, g_ptr_array_unref);
  g_clear_pointer (&check->gone, g_ptr_array_unref);
  g_free (check);
}

static void
check_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  Check *check = task_data;

  for (guint i = 0; check->paths[i] != NULL && !g_cancellable_is_cancelled (cancellable); i++)
    {
      const char *path = check->paths[i];
      DynoResult *result;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_ptr_array_add (check->gone, g_strdup (path));
          continue;
        }
      /* One that does not load is skipped: it may still be being written, and its next change
       * brings it back here. */
      result = dyno_result_load (path, NULL);
      if (result != NULL)
        g_ptr_array_add (check->results, result);
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_checked (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DynoHistory *history = DYNO_HISTORY (source);
  Check *check = g_task_get_task_data (G_TASK (res));

  if (!g_task_propagate_boolean (G_TASK (res), NULL))
    return;

  for (guint i = 0; i < check->results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (check->results, i);
      const char *path = dyno_result_get_path (result);

      if (!dyno_history_path_is_busy (history, path)
          && dyno_history_find_path (history, path) == NULL)
        dyno_history_add_loaded (history, result);
    }
  for (guint i = 0; i < check->gone->len; i++)
    {
      const char *path = g_ptr_array_index (check->gone, i);
      DynoHistoryItem *item = dyno_history_find_path (history, path);

      if (item != NULL && !dyno_history_path_is_busy (history, path))
        dyno_history_forget (history, item);
    }
}

static gboolean
on_settled (gpointer user_data)
{
  DynoHistoryWatch *watch = user_data;
  g_autoptr (GTask) task = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer path;
  Check *check;

  watch->settle_id = 0;
  g_hash_table_iter_init (&iter, watch->pending);
  while (g_hash_table_iter_next (&iter, &path, NULL))
    g_strv_builder_add (builder, path);
  g_hash_table_remove_all (watch->pending);

  check = g_new0 (Check, 1);
  check->paths = g_strv_builder_end (builder);
  check->results = g_ptr_array_new_with_free_func (g_object_unref);
  check->gone = g_ptr_array_new_with_free_func (g_free);

  task = g_task_new (watch->history, watch->cancellable, on_checked, NULL);
  g_task_set_source_tag (task, on_settled);
  g_task_set_name (task, "[dyno] read changed runs");
  g_task_set_task_data (task, check, (GDestroyNotify) check_free);
  g_task_run_in_thread (task, check_thread);
  return G_SOURCE_REMOVE;
}

static void
note_file (DynoHistoryWatch *watch, GFile *file)
{
  g_autofree char *name = NULL;

  if (file == NULL)
    return;
  name = g_file_get_basename (file);
  /* What the runs folder holds: *.dyno.json, not hidden (temporary files of a save are). */
  if (name == NULL || name[0] == '.' || !g_str_has_suffix (name, ".dyno.json"))
    return;
  g_hash_table_add (watch->pending, g_file_get_path (file));
  if (watch->settle_id == 0)
    watch->settle_id = g_timeout_add (SETTLE_MS, on_settled, watch);
}

static void
on_changed (GFileMonitor      *monitor,
            GFile             *file,
            GFile             *other,
            GFileMonitorEvent  event,
            gpointer           user_data)
{
  DynoHistoryWatch *watch = user_data;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      note_file (watch, file);
      break;

    case G_FILE_MONITOR_EVENT_RENAMED:
      note_file (watch, file);
      note_file (watch, other);
      break;

    default:
      break;
    }
}

DynoHistoryWatch *
dyno_history_watch_new (DynoHistory *history, const char *dir)
{
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autoptr (GError) error = NULL;
  DynoHistoryWatch *watch = g_new0 (DynoHistoryWatch, 1);

  watch->history = history;
  watch->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  watch->cancellable = g_cancellable_new ();
  /* The folder is created with the first saved run; create it now, so that it can be watched. */
  g_mkdir_with_parents (dir, 0700);
  watch->monitor = g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (watch->monitor == NULL)
    g_debug ("not watching %s: %s", dir, error->message);
  else
    g_signal_connect (watch->monitor, "changed", G_CALLBACK (on_changed), watch);
  return watch;
}

void
dyno_history_watch_free (DynoHistoryWatch *watch)
{
  if (watch == NULL)
    return;

  g_cancellable_cancel (watch->cancellable);
  if (watch->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (watch->monitor, watch);
      g_file_monitor_cancel (watch->monitor);
    }
  g_clear_object (&watch->monitor);
  g_clear_handle_id (&watch->settle_id, g_source_remove);
  g_clear_pointer (&watch->pending, g_hash_table_unref);
  g_clear_object (&watch->cancellable);
  g_free (watch);
}
