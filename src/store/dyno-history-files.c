/* dyno-history-files.c: what a rename, a delete or an undo does to a run's file
 *
 * Runs in a worker thread, on the plain fields of a DynoHistoryOp only; dyno-history.c queues
 * the ops so that one file change follows another in order.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dyno-history-private.h"

static gboolean
same_contents (const char *path, GBytes *contents)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &data, &length, NULL))
    return FALSE;
  return length == g_bytes_get_size (contents)
         && memcmp (data, g_bytes_get_data (contents, NULL), length) == 0;
}

/* Moves our file back out of the home trash when it is there with the same bytes: the freedesktop
 * trash keeps files/NAME and info/NAME.trashinfo with the original Path. GIO has no call for it. */
static gboolean
restore_from_trash (const char *path, GBytes *contents)
{
  g_autofree char *trash = g_build_filename (g_get_user_data_dir (), "Trash", NULL);
  g_autofree char *info_dir = g_build_filename (trash, "info", NULL);
  g_autoptr (GDir) dir = g_dir_open (info_dir, 0, NULL);
  g_autofree char *best_name = NULL;
  g_autofree char *best_date = NULL;
  g_autofree char *best_file = NULL;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr (GKeyFile) key_file = g_key_file_new ();
      g_autofree char *info = g_build_filename (info_dir, name, NULL);
      g_autofree char *escaped = NULL;
      g_autofree char *original = NULL;
      g_autofree char *date = NULL;
      g_autofree char *file_name = NULL;
      g_autofree char *file = NULL;

      if (!g_str_has_suffix (name, ".trashinfo")
          || !g_key_file_load_from_file (key_file, info, G_KEY_FILE_NONE, NULL))
        continue;
      escaped = g_key_file_get_string (key_file, "Trash Info", "Path", NULL);
      original = escaped != NULL ? g_uri_unescape_string (escaped, NULL) : NULL;
      if (g_strcmp0 (original, path) != 0)
        continue;
      date = g_key_file_get_string (key_file, "Trash Info", "DeletionDate", NULL);
      file_name = g_strndup (name, strlen (name) - strlen (".trashinfo"));
      file = g_build_filename (trash, "files", file_name, NULL);
      if (!same_contents (file, contents))
        continue;
      /* The newest copy: the same run may have been deleted and restored before. */
      if (best_date == NULL || g_strcmp0 (date, best_date) > 0)
        {
          g_free (best_name);
          g_free (best_date);
          g_free (best_file);
          best_name = g_steal_pointer (&info);
          best_date = date != NULL ? g_steal_pointer (&date) : g_strdup ("");
          best_file = g_steal_pointer (&file);
        }
    }

  if (best_file == NULL || g_rename (best_file, path) != 0)
    return FALSE;
  g_unlink (best_name);
  return TRUE;
}

gboolean
dyno_history_op_run (DynoHistoryOp *op, GError **out_error)
{
  GError *error = NULL;

  g_return_val_if_fail (op != NULL, FALSE);

  switch (op->kind)
    {
    case DYNO_HISTORY_OP_WRITE:
      {
        /* A fresh copy, read and written here: the listed result is the main thread's. */
        g_autoptr (DynoResult) result = dyno_result_load (op->path, &error);

        if (result == NULL)
          break;
        dyno_result_set_label (result, op->label);
        dyno_result_set_notes (result, op->notes);
        for (guint i = 0; op->targets != NULL && i < op->targets->len
                          && i < dyno_result_get_n_targets (result);
             i++)
          {
            const DynoHistoryTargetEdit *edit
                = &g_array_index (op->targets, DynoHistoryTargetEdit, i);
            DynoTargetResult *target = dyno_result_get_target (result, i);

            target->reference_read = edit->reference_read;
            target->reference_write = edit->reference_write;
            target->spindles_read = edit->spindles_read;
            target->spindles_write = edit->spindles_write;
            dyno_target_result_set_price (target, edit->price_amount, edit->price_currency);
          }
        dyno_result_save (result, op->path, &error);
      }
      break;

    case DYNO_HISTORY_OP_DELETE:
      {
        g_autoptr (GFile) file = g_file_new_for_path (op->path);
        g_autoptr (GError) trash_error = NULL;
        char *data = NULL;
        gsize length = 0;

        /* Kept for Undo whatever happens to the file next. */
        if (!g_file_get_contents (op->path, &data, &length, &error))
          break;
        op->contents = g_bytes_new_take (data, length);
        op->when = g_get_real_time ();
        op->trashed = g_file_trash (file, NULL, &trash_error);
        /* No trash there (some mounts have none): delete; Undo still has the copy. */
        if (!op->trashed && g_unlink (op->path) != 0)
          {
            int saved = errno;

            g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (saved), "%s",
                         g_strerror (saved));
          }
      }
      break;

    case DYNO_HISTORY_OP_RESTORE:
      g_assert (op->contents != NULL);
      if (g_file_test (op->path, G_FILE_TEST_EXISTS))
        {
          g_autofree char *name = g_filename_display_basename (op->path);

          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("“%s” exists again; it was left as it is"), name);
          break;
        }
      if (op->trashed && restore_from_trash (op->path, op->contents))
        break;
      g_file_set_contents_full (op->path, g_bytes_get_data (op->contents, NULL),
                                g_bytes_get_size (op->contents), G_FILE_SET_CONTENTS_CONSISTENT,
                                0644, &error);
      break;

    default:
      g_assert_not_reached ();
    }

  if (error != NULL)
    {
      g_propagate_error (out_error, error);
      return FALSE;
    }
  return TRUE;
}

