/* dyno-result-store.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-result-store"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dyno-result-store.h"

#define MAX_NAME_PART 40

char *
dyno_result_store_get_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "dyno", "runs", NULL);
}

/* Labels are free text; file names get letters, digits, dots and dashes only. */
static char *
file_name_part (const char *text)
{
  GString *part = g_string_new (NULL);

  for (const char *p = text; *p != '\0' && part->len < MAX_NAME_PART; p++)
    {
      if (g_ascii_isalnum (*p) || *p == '.' || *p == '_')
        g_string_append_c (part, *p);
      else if (part->len > 0 && part->str[part->len - 1] != '-')
        g_string_append_c (part, '-');
    }
  while (part->len > 0 && (part->str[part->len - 1] == '-' || part->str[part->len - 1] == '.'))
    g_string_truncate (part, part->len - 1);
  if (part->len == 0)
    g_string_append (part, "run");
  return g_string_free (part, FALSE);
}

char *
dyno_result_store_make_name (DynoResult *result)
{
  const char *label = dyno_result_get_label (result);
  const DynoSystemInfo *system = dyno_result_get_system (result);
  const char *id = dyno_result_get_id (result);
  GDateTime *created = dyno_result_get_created (result);
  g_autoptr (GDateTime) local = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *who = NULL;
  g_autofree char *short_id = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  local = created != NULL ? g_date_time_to_local (created) : g_date_time_new_now_local ();
  /* No colons: the name must also work on FAT and SMB shares. */
  stamp = g_date_time_format (local, "%Y-%m-%dT%H-%M-%S");

  if (label == NULL || *label == '\0')
    label = system != NULL && system->hostname != NULL ? system->hostname : g_get_host_name ();
  who = file_name_part (label);
  short_id = file_name_part (id != NULL ? id : "00000000");
  if (strlen (short_id) > 8)
    short_id[8] = '\0';

  return g_strdup_printf ("%s-%s-%s.dyno.json", stamp, who, short_id);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
dyno_result_store_list (const char *dir)
{
  g_autofree char *runs = dir == NULL ? dyno_result_store_get_dir () : g_strdup (dir);
  g_autoptr (GDir) folder = g_dir_open (runs, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    if (g_str_has_suffix (name, ".dyno.json") && name[0] != '.')
      g_ptr_array_add (paths, g_build_filename (runs, name, NULL));
  g_ptr_array_sort (paths, compare_names);
  return paths;
}

gboolean
dyno_result_store_save (DynoResult *result, char **out_path, GError **error)
{
  g_autofree char *dir = dyno_result_store_get_dir ();
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (result), FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not create the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }

  name = dyno_result_store_make_name (result);
  path = g_build_filename (dir, name, NULL);
  /* Two runs within a second with ids that start alike, or an import of several rows at once:
   * never overwrite. */
  for (guint i = 2; g_file_test (path, G_FILE_TEST_EXISTS) && i < 1000; i++)
    {
      g_autofree char *base = g_strndup (name, strlen (name) - strlen (".dyno.json"));
      g_autofree char *other = g_strdup_printf ("%s-%u.dyno.json", base, i);

      g_free (path);
      path = g_build_filename (dir, other, NULL);
    }

  if (!dyno_result_save (result, path, error))
    return FALSE;
  if (out_path != NULL)
    *out_path = g_steal_pointer (&path);
  return TRUE;
}

gboolean
dyno_result_store_contains (const char *path)
{
  g_autofree char *dir = dyno_result_store_get_dir ();
  g_autofree char *parent = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  parent = g_path_get_dirname (path);
  return g_str_equal (parent, dir);
}

static void
save_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  DynoResult *result = task_data;
  g_autofree char *path = NULL;
  GError *error = NULL;

  if (!dyno_result_store_save (result, &path, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&path), g_free);
}

void
dyno_result_store_save_async (DynoResult *result,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (DYNO_IS_RESULT (result));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, dyno_result_store_save_async);
  g_task_set_name (task, "[dyno] save result");
  /* The worker only reads the result; the UI only reads it too while it is being saved. */
  g_task_set_task_data (task, g_object_ref (result), g_object_unref);
  g_task_run_in_thread (task, save_thread);
}

char *
dyno_result_store_save_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
