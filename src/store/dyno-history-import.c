/* dyno-history-import.c: runs from files and text into the history, all or nothing
 *
 * A worker reads every input with the engine's importers (dyno_import_file, dyno_import_data)
 * and saves the runs that are new into the runs folder; only when all of that worked does the
 * main thread list them. A set of keys of the runs listed already, made on the main thread,
 * tells the worker which runs it has seen.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dyno-history-private.h"
#include "dyno-import.h"
#include "dyno-result-store.h"

void
dyno_history_ingest_free (DynoHistoryIngest *ingest)
{
  if (ingest == NULL)
    return;
  g_clear_pointer (&ingest->items, g_ptr_array_unref);
  g_free (ingest->source);
  g_free (ingest->format);
  g_free (ingest);
}

char *
dyno_history_describe_source_format (DynoResult *result)
{
  const char *source;
  const char *comma;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  source = dyno_result_get_source (result);
  if (source == NULL || *source == '\0')
    return NULL;
  /* The importer's provenance starts with the format: "bonnie++ 1.98 CSV, line 3 of run.csv". */
  comma = strchr (source, ',');
  return comma != NULL ? g_strndup (source, comma - source) : g_strdup (source);
}

/* What makes two results the same run: Dyno's own runs have an id; imports get a new id every
 * time they are read, so there the provenance and the figures decide (the same table imported
 * twice is the same runs; pasted, it says "clipboard" and is new). */
static char *
result_key (DynoResult *result)
{
  GString *key;

  if (dyno_result_get_source (result) == NULL)
    return g_strdup (dyno_result_get_id (result));

  key = g_string_new ("import\n");
  g_string_append_printf (key, "%s\n%s\n", dyno_result_get_source (result),
                          dyno_result_get_label (result) ? dyno_result_get_label (result) : "");
  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      for (guint p = 0; p < target->phases->len; p++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);

          g_string_append_printf (key, "%u:%s:%.9g;", t, dyno_phase_get_key (phase->phase),
                                  dyno_phase_result_get_rate (phase));
        }
    }
  return g_string_free (key, FALSE);
}

static DynoHistoryItem *
find_same (DynoHistory *self, DynoResult *result)
{
  GListModel *model = dyno_history_get_model (self);
  guint n_items = g_list_model_get_n_items (model);
  g_autofree char *key = result_key (result);

  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);
      g_autofree char *other = result_key (dyno_history_item_get_result (item));

      if (g_str_equal (key, other))
        return item;
    }
  return NULL;
}

/* Import and open */

typedef enum
{
  KIND_SAVE,     /* new: saved into the runs folder */
  KIND_IN_PLACE, /* new: a Dyno file listed where it is */
  KIND_LISTED,   /* listed before */
} IngestKind;

typedef struct
{
  GPtrArray *files; /* GFile* */
  GBytes *data;
  char *source_name;
  DynoHistoryIngestMode mode;
  GHashTable *known_keys; /* char* set of result_key () */
  GPtrArray *results;    /* DynoResult*, out */
  GArray *kinds;         /* IngestKind, out */
  char *format;          /* out */
  gboolean mixed;        /* out */
} IngestData;

static void
ingest_data_free (IngestData *data)
{
  g_clear_pointer (&data->files, g_ptr_array_unref);
  g_clear_pointer (&data->data, g_bytes_unref);
  g_free (data->source_name);
  g_clear_pointer (&data->known_keys, g_hash_table_unref);
  g_clear_pointer (&data->results, g_ptr_array_unref);
  g_clear_pointer (&data->kinds, g_array_unref);
  g_free (data->format);
  g_free (data);
}

static void
note_format (IngestData *data, const char *format)
{
  if (data->mixed)
    return;
  if (data->format == NULL && data->results->len == 0)
    data->format = g_strdup (format);
  else if (g_strcmp0 (data->format, format) != 0)
    {
      data->mixed = TRUE;
      g_clear_pointer (&data->format, g_free);
    }
}

static void
take_results (IngestData *data, GPtrArray *results, gboolean dyno_file)
{
  g_autofree char *format = NULL;

  if (results->len == 0)
    return;
  format = dyno_file ? g_strdup (_("Dyno result"))
                     : dyno_history_describe_source_format (g_ptr_array_index (results, 0));
  note_format (data, format);

  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      char *key = result_key (result);
      IngestKind kind;

      if (g_hash_table_contains (data->known_keys, key))
        kind = KIND_LISTED;
      else if (dyno_file && data->mode == DYNO_HISTORY_OPEN && dyno_result_get_path (result))
        kind = KIND_IN_PLACE;
      else
        kind = KIND_SAVE;
      g_hash_table_add (data->known_keys, key);
      g_ptr_array_add (data->results, g_object_ref (result));
      g_array_append_val (data->kinds, kind);
    }
}

static GPtrArray *
read_file (GFile *file, gboolean *dyno_file, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  GPtrArray *results;

  if (path != NULL)
    {
      results = dyno_import_file (path, DYNO_IMPORT_AUTO, error);
      /* Dyno's reader remembers where the result came from; the others do not. */
      *dyno_file = results != NULL && results->len > 0
                   && dyno_result_get_path (g_ptr_array_index (results, 0)) != NULL;
      return results;
    }

  /* No local path (a remote location without FUSE): read it through GIO. */
  name = g_file_get_basename (file);
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;
  *dyno_file = dyno_import_detect (contents, length) == DYNO_IMPORT_DYNO_JSON;
  return dyno_import_data (contents, length, DYNO_IMPORT_AUTO, name, error);
}

static void
ingest_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  IngestData *data = task_data;
  g_autoptr (GPtrArray) saved = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;

  if (data->files != NULL)
    {
      for (guint i = 0; i < data->files->len; i++)
        {
          g_autoptr (GPtrArray) results = NULL;
          gboolean dyno_file = FALSE;

          results = read_file (g_ptr_array_index (data->files, i), &dyno_file, &error);
          if (results == NULL)
            {
              g_task_return_error (task, error);
              return;
            }
          take_results (data, results, dyno_file);
        }
    }
  else
    {
      gsize length = 0;
      const char *text = g_bytes_get_data (data->data, &length);
      g_autoptr (GPtrArray) results = dyno_import_data (text, length, DYNO_IMPORT_AUTO,
                                                        data->source_name, &error);

      if (results == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      take_results (data, results, dyno_import_detect (text, length) == DYNO_IMPORT_DYNO_JSON);
    }

  /* All or nothing: a run that cannot be saved takes the ones saved before it back. */
  for (guint i = 0; i < data->results->len; i++)
    {
      char *path = NULL;

      if (g_array_index (data->kinds, IngestKind, i) != KIND_SAVE)
        continue;
      if (!dyno_result_store_save (g_ptr_array_index (data->results, i), &path, &error))
        {
          for (guint j = 0; j < saved->len; j++)
            g_unlink (g_ptr_array_index (saved, j));
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (saved, path);
    }
  g_task_return_boolean (task, TRUE);
}

static GHashTable *
collect_keys (DynoHistory *self)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GListModel *model = dyno_history_get_model (self);
  guint n_items = g_list_model_get_n_items (model);

  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);

      g_hash_table_add (keys, result_key (dyno_history_item_get_result (item)));
    }
  return keys;
}

static void
start_ingest (DynoHistory *self,
              IngestData *data,
              GCancellable *cancellable,
              GAsyncReadyCallback callback,
              gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);

  data->known_keys = collect_keys (self);
  data->results = g_ptr_array_new_with_free_func (g_object_unref);
  data->kinds = g_array_new (FALSE, FALSE, sizeof (IngestKind));
  g_task_set_source_tag (task, start_ingest);
  g_task_set_name (task, "[dyno] import runs");
  g_task_set_task_data (task, data, (GDestroyNotify) ingest_data_free);
  g_task_run_in_thread (task, ingest_thread);
}

void
dyno_history_ingest_files_async (DynoHistory *self,
                                 GFile **files,
                                 guint n_files,
                                 DynoHistoryIngestMode mode,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  IngestData *data;

  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (files != NULL || n_files == 0);

  data = g_new0 (IngestData, 1);
  data->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (data->files, g_object_ref (files[i]));
  if (n_files == 1)
    data->source_name = g_file_get_basename (files[0]);
  data->mode = mode;
  start_ingest (self, data, cancellable, callback, user_data);
}

void
dyno_history_ingest_data_async (DynoHistory *self,
                                GBytes *bytes,
                                const char *source_name,
                                GCancellable *cancellable,
                                GAsyncReadyCallback callback,
                                gpointer user_data)
{
  IngestData *data;

  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (bytes != NULL);

  data = g_new0 (IngestData, 1);
  data->data = g_bytes_ref (bytes);
  data->source_name = g_strdup (source_name);
  data->mode = DYNO_HISTORY_IMPORT;
  start_ingest (self, data, cancellable, callback, user_data);
}

DynoHistoryIngest *
dyno_history_ingest_finish (DynoHistory *self, GAsyncResult *result, GError **error)
{
  IngestData *data;
  DynoHistoryIngest *ingest;

  g_return_val_if_fail (DYNO_IS_HISTORY (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;

  data = g_task_get_task_data (G_TASK (result));
  ingest = g_new0 (DynoHistoryIngest, 1);
  ingest->items = g_ptr_array_new_with_free_func (g_object_unref);
  ingest->source = g_strdup (data->source_name);
  ingest->format = g_strdup (data->format);

  for (guint i = 0; i < data->results->len; i++)
    {
      DynoResult *result_i = g_ptr_array_index (data->results, i);
      IngestKind kind = g_array_index (data->kinds, IngestKind, i);
      DynoHistoryItem *item = NULL;

      if (kind == KIND_LISTED)
        item = find_same (self, result_i);
      if (item != NULL)
        ingest->n_duplicates++;
      else
        {
          /* Deleted, or still being loaded, while we read: list it now. */
          item = dyno_history_find_path (self, dyno_result_get_path (result_i));
          if (item == NULL)
            {
              item = dyno_history_add_loaded (self, result_i);
              ingest->n_new++;
              if (kind == KIND_SAVE)
                ingest->n_imported++;
            }
          else
            ingest->n_duplicates++;
          if (kind == KIND_IN_PLACE && dyno_history_item_get_external (item))
            dyno_history_remember_extra (self, dyno_history_item_get_path (item), TRUE);
        }
      g_ptr_array_add (ingest->items, g_object_ref (item));
    }
  return ingest;
}
