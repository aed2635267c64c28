/* dyno-history.c
 *
 * The list of runs is a GListStore the main thread alone touches. Workers only see copies: paths,
 * strings, results nobody else holds yet. Loading runs in a GTask of its own (importing too, in
 * dyno-history-import.c); changes to files that are listed (rename, notes, delete, undo) go through
 * one queue that runs a single worker at a time, so a rename followed by a delete, or a delete
 * followed by its undo, reach the disk in that order.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-history-private.h"
#include "dyno-result-store.h"

#define EXTRA_KEY "extra-results"

/* What undo needs of a deleted item. */
typedef struct
{
  GBytes *contents;
  gint64 when;
  gboolean trashed;
  gboolean file_removed; /* the delete op ran; FALSE while it waits in the queue */
} Deletion;

struct _DynoHistory
{
  GObject parent_instance;

  GListStore *store;
  GSettings *settings;
  GPtrArray *problems;
  GHashTable *deletions; /* DynoHistoryItem* (ref) -> Deletion* */
  GQueue ops;            /* DynoHistoryOp*, waiting */
  DynoHistoryOp *running_op;
  GCancellable *cancellable;
  DynoHistoryWatch *watch; /* from the first load on */
  guint n_selected;
  guint loading : 1;
  guint loaded : 1;
};

G_DEFINE_FINAL_TYPE (DynoHistory, dyno_history, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LOADED,
  PROP_BUSY,
  PROP_N_SELECTED,
  N_PROPS
};

enum
{
  ERROR,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
op_free (DynoHistoryOp *op)
{
  g_clear_object (&op->item);
  g_free (op->path);
  g_free (op->label);
  g_free (op->notes);
  g_clear_pointer (&op->targets, g_array_unref);
  g_clear_pointer (&op->contents, g_bytes_unref);
  g_free (op);
}

static void
deletion_free (Deletion *deletion)
{
  g_clear_pointer (&deletion->contents, g_bytes_unref);
  g_free (deletion);
}

/* Selection */

static void
recount_selected (DynoHistory *self)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint n = 0;

  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      n += dyno_history_item_get_n_selected (item);
    }
  if (n == self->n_selected)
    return;
  self->n_selected = n;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
}

static void
append_item (DynoHistory *self, DynoHistoryItem *item)
{
  g_signal_connect_object (item, "notify::n-selected", G_CALLBACK (recount_selected), self,
                           G_CONNECT_SWAPPED);
  g_list_store_append (self->store, item);
  recount_selected (self);
}

static gboolean
remove_item (DynoHistory *self, DynoHistoryItem *item)
{
  guint position;

  if (!g_list_store_find (self->store, item, &position))
    return FALSE;
  g_signal_handlers_disconnect_by_func (item, recount_selected, self);
  dyno_history_item_set_selected (item, FALSE);
  g_list_store_remove (self->store, position);
  recount_selected (self);
  return TRUE;
}

/* extra-results: files opened from elsewhere, listed where they are */

void
dyno_history_remember_extra (DynoHistory *self, const char *path, gboolean remember)
{
  g_auto (GStrv) paths = g_settings_get_strv (self->settings, EXTRA_KEY);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) changed = NULL;
  gboolean found = FALSE;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      if (g_str_equal (paths[i], path))
        {
          found = TRUE;
          if (!remember)
            continue;
        }
      g_strv_builder_add (builder, paths[i]);
    }
  if (found == remember)
    return;
  if (remember)
    g_strv_builder_add (builder, path);
  changed = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, EXTRA_KEY, (const char *const *) changed);
}

DynoHistoryItem *
dyno_history_add_loaded (DynoHistory *self, DynoResult *result)
{
  const char *path = dyno_result_get_path (result);
  g_autoptr (DynoHistoryItem) item = dyno_history_item_new (result);

  dyno_history_item_set_external (item, path != NULL && !dyno_result_store_contains (path));
  append_item (self, item);
  return item;
}

gboolean
dyno_history_path_is_busy (DynoHistory *self, const char *path)
{
  GHashTableIter iter;
  gpointer item;

  if (path == NULL)
    return FALSE;
  if (self->running_op != NULL && g_strcmp0 (self->running_op->path, path) == 0)
    return TRUE;
  for (GList *l = self->ops.head; l != NULL; l = l->next)
    if (g_strcmp0 (((DynoHistoryOp *) l->data)->path, path) == 0)
      return TRUE;
  g_hash_table_iter_init (&iter, self->deletions);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    if (g_strcmp0 (dyno_history_item_get_path (item), path) == 0)
      return TRUE;
  return FALSE;
}

void
dyno_history_forget (DynoHistory *self, DynoHistoryItem *item)
{
  g_autoptr (DynoHistoryItem) keep = g_object_ref (item);

  remove_item (self, item);
}

/* Loading */

typedef struct
{
  char *dir;
  GStrv extra;
  GPtrArray *results;
  GPtrArray *problems;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_free (data->dir);
  g_strfreev (data->extra);
  g_clear_pointer (&data->results, g_ptr_array_unref);
  g_clear_pointer (&data->problems, g_ptr_array_unref);
  g_free (data);
}

static void
load_one (LoadData *data, const char *path)
{
  g_autoptr (GError) error = NULL;
  DynoResult *result = dyno_result_load (path, &error);

  if (result != NULL)
    g_ptr_array_add (data->results, result);
  else
    g_ptr_array_add (data->problems, g_strdup (error->message));
}

static void
load_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  LoadData *data = task_data;
  g_autoptr (GPtrArray) paths = dyno_result_store_list (data->dir);

  for (guint i = 0; i < paths->len && !g_cancellable_is_cancelled (cancellable); i++)
    load_one (data, g_ptr_array_index (paths, i));
  /* A file opened from a drive that is not plugged in now stays in the setting and comes back
   * with the drive; one that is in the runs folder was read above. */
  for (guint i = 0; data->extra[i] != NULL && !g_cancellable_is_cancelled (cancellable); i++)
    if (g_file_test (data->extra[i], G_FILE_TEST_IS_REGULAR)
        && !dyno_result_store_contains (data->extra[i]))
      load_one (data, data->extra[i]);

  g_task_return_boolean (task, TRUE);
}

static void
on_loaded (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DynoHistory *self = DYNO_HISTORY (source);
  LoadData *data = g_task_get_task_data (G_TASK (res));

  if (!g_task_propagate_boolean (G_TASK (res), NULL))
    return;

  for (guint i = 0; i < data->results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (data->results, i);

      if (dyno_history_find_path (self, dyno_result_get_path (result)) == NULL)
        dyno_history_add_loaded (self, result);
    }
  g_ptr_array_extend_and_steal (self->problems, g_steal_pointer (&data->problems));
  /* From now on, files others add or remove come and go on their own. */
  self->watch = dyno_history_watch_new (self, data->dir);
  self->loading = FALSE;
  self->loaded = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADED]);
}

void
dyno_history_load (DynoHistory *self)
{
  g_autoptr (GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (DYNO_IS_HISTORY (self));

  if (self->loading || self->loaded)
    return;
  self->loading = TRUE;

  data = g_new0 (LoadData, 1);
  data->dir = dyno_result_store_get_dir ();
  data->extra = g_settings_get_strv (self->settings, EXTRA_KEY);
  data->results = g_ptr_array_new_with_free_func (g_object_unref);
  data->problems = g_ptr_array_new_with_free_func (g_free);

  task = g_task_new (self, self->cancellable, on_loaded, NULL);
  g_task_set_source_tag (task, dyno_history_load);
  g_task_set_name (task, "[dyno] load runs");
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  g_task_run_in_thread (task, load_thread);
}

/* The queue of file changes */

static void start_next_op (DynoHistory *self);

static void
op_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (!dyno_history_op_run (task_data, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
report_error (DynoHistory *self, char *text)
{
  g_signal_emit (self, signals[ERROR], 0, text);
  g_free (text);
}

static DynoHistoryOp *
find_queued_restore (DynoHistory *self, DynoHistoryItem *item)
{
  for (GList *l = self->ops.head; l != NULL; l = l->next)
    {
      DynoHistoryOp *op = l->data;

      if (op->kind == DYNO_HISTORY_OP_RESTORE && op->item == item && op->contents == NULL)
        return op;
    }
  return NULL;
}

static void
on_op_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DynoHistory *self = DYNO_HISTORY (source);
  DynoHistoryOp *op = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;
  const char *title = dyno_history_item_get_title (op->item);
  Deletion *deletion;
  DynoHistoryOp *restore;

  g_assert (op == self->running_op);

  g_task_propagate_boolean (G_TASK (res), &error);
  switch (op->kind)
    {
    case DYNO_HISTORY_OP_WRITE:
      if (error != NULL)
        /* TRANSLATORS: a toast; the run's name and why its file could not be written */
        report_error (self, g_strdup_printf (_("Could not save the changes to “%s”: %s"), title,
                                             error->message));
      break;

    case DYNO_HISTORY_OP_DELETE:
      deletion = g_hash_table_lookup (self->deletions, op->item);
      restore = find_queued_restore (self, op->item);
      if (error != NULL)
        {
          /* Nothing happened to the file: list it again, or let the undo that came meanwhile
           * stand without restoring anything. */
          report_error (self, g_strdup_printf (_("Could not delete “%s”: %s"), title,
                                               error->message));
          if (restore != NULL)
            {
              g_queue_remove (&self->ops, restore);
              op_free (restore);
            }
          if (deletion != NULL)
            {
              g_hash_table_remove (self->deletions, op->item);
              append_item (self, op->item);
            }
        }
      else if (restore != NULL)
        {
          /* Undone while it ran: the restore waiting behind it takes the copy. */
          restore->contents = g_steal_pointer (&op->contents);
          restore->when = op->when;
          restore->trashed = op->trashed;
        }
      else if (deletion != NULL)
        {
          deletion->contents = g_steal_pointer (&op->contents);
          deletion->when = op->when;
          deletion->trashed = op->trashed;
          deletion->file_removed = TRUE;
        }
      break;

    case DYNO_HISTORY_OP_RESTORE:
      if (error != NULL)
        report_error (self, g_strdup_printf (_("Could not restore “%s”: %s"), title,
                                             error->message));
      break;

    default:
      g_assert_not_reached ();
    }

  self->running_op = NULL;
  start_next_op (self);
}

static void
start_next_op (DynoHistory *self)
{
  g_autoptr (GTask) task = NULL;
  gboolean was_busy = self->running_op != NULL;
  DynoHistoryOp *op;

  if (self->running_op != NULL)
    return;

  op = g_queue_pop_head (&self->ops);
  if (op == NULL)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
      return;
    }

  self->running_op = op;
  task = g_task_new (self, NULL, on_op_done, NULL);
  g_task_set_source_tag (task, start_next_op);
  g_task_set_name (task, "[dyno] change a run's file");
  g_task_set_task_data (task, op, (GDestroyNotify) op_free);
  g_task_run_in_thread (task, op_thread);
  if (!was_busy)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
queue_op (DynoHistory *self, DynoHistoryOp *op)
{
  g_queue_push_tail (&self->ops, op);
  start_next_op (self);
}

static void
clear_target_edit (gpointer data)
{
  DynoHistoryTargetEdit *edit = data;

  g_clear_pointer (&edit->price_currency, g_free);
}

static void
queue_write (DynoHistory *self, DynoHistoryItem *item)
{
  DynoResult *result = dyno_history_item_get_result (item);
  DynoHistoryOp *op;

  /* A run still being saved (or never saved) has only its copy in memory. */
  if (dyno_history_item_get_path (item) == NULL)
    return;

  op = g_new0 (DynoHistoryOp, 1);
  op->kind = DYNO_HISTORY_OP_WRITE;
  op->item = g_object_ref (item);
  op->path = g_strdup (dyno_history_item_get_path (item));
  op->label = g_strdup (dyno_result_get_label (result));
  op->notes = g_strdup (dyno_result_get_notes (result));
  op->targets = g_array_new (FALSE, TRUE, sizeof (DynoHistoryTargetEdit));
  g_array_set_clear_func (op->targets, clear_target_edit);
  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, i);
      DynoHistoryTargetEdit edit = {
        .reference_read = target->reference_read,
        .reference_write = target->reference_write,
        .spindles_read = target->spindles_read,
        .spindles_write = target->spindles_write,
        .price_amount = target->price_amount,
        .price_currency = g_strdup (target->price_currency),
      };

      g_array_append_val (op->targets, edit);
    }
  queue_op (self, op);
}

/* GObject */

static void
dyno_history_dispose (GObject *object)
{
  DynoHistory *self = DYNO_HISTORY (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->watch, dyno_history_watch_free);
  G_OBJECT_CLASS (dyno_history_parent_class)->dispose (object);
}

static void
dyno_history_finalize (GObject *object)
{
  DynoHistory *self = DYNO_HISTORY (object);

  /* Running ops hold a reference to us, so only waiting ones can be left: drop them. */
  g_queue_clear_full (&self->ops, (GDestroyNotify) op_free);
  g_clear_pointer (&self->deletions, g_hash_table_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (dyno_history_parent_class)->finalize (object);
}

static void
dyno_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoHistory *self = DYNO_HISTORY (object);

  switch (prop_id)
    {
    case PROP_LOADED:
      g_value_set_boolean (value, self->loaded);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, dyno_history_get_busy (self));
      break;
    case PROP_N_SELECTED:
      g_value_set_uint (value, self->n_selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_history_class_init (DynoHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = dyno_history_dispose;
  object_class->finalize = dyno_history_finalize;
  object_class->get_property = dyno_history_get_property;

  properties[PROP_LOADED] = g_param_spec_boolean ("loaded", NULL, NULL, FALSE, ro);
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, ro);
  properties[PROP_N_SELECTED] = g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A sentence for a toast: a file change that failed. */
  signals[ERROR] = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
dyno_history_init (DynoHistory *self)
{
  self->store = g_list_store_new (DYNO_TYPE_HISTORY_ITEM);
  self->settings = g_settings_new (APP_ID);
  self->problems = g_ptr_array_new_with_free_func (g_free);
  self->deletions = g_hash_table_new_full (NULL, NULL, g_object_unref,
                                           (GDestroyNotify) deletion_free);
  self->cancellable = g_cancellable_new ();
  g_queue_init (&self->ops);
}

/* Public API */

DynoHistory *
dyno_history_new (void)
{
  return g_object_new (DYNO_TYPE_HISTORY, NULL);
}

GListModel *
dyno_history_get_model (DynoHistory *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY (self), NULL);
  return G_LIST_MODEL (self->store);
}

gboolean
dyno_history_get_loaded (DynoHistory *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY (self), FALSE);
  return self->loaded;
}

GPtrArray *
dyno_history_get_problems (DynoHistory *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY (self), NULL);
  return self->problems;
}

gboolean
dyno_history_get_busy (DynoHistory *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY (self), FALSE);
  return self->running_op != NULL || !g_queue_is_empty (&self->ops);
}

DynoHistoryItem *
dyno_history_find_result (DynoHistory *self, DynoResult *result)
{
  guint n_items;

  g_return_val_if_fail (DYNO_IS_HISTORY (self), NULL);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (dyno_history_item_get_result (item) == result)
        return item;
    }
  return NULL;
}

DynoHistoryItem *
dyno_history_find_path (DynoHistory *self, const char *path)
{
  guint n_items;

  g_return_val_if_fail (DYNO_IS_HISTORY (self), NULL);

  if (path == NULL)
    return NULL;
  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (g_strcmp0 (dyno_history_item_get_path (item), path) == 0)
        return item;
    }
  return NULL;
}

DynoHistoryItem *
dyno_history_add_result (DynoHistory *self, DynoResult *result)
{
  DynoHistoryItem *item;

  g_return_val_if_fail (DYNO_IS_HISTORY (self), NULL);
  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  item = dyno_history_find_result (self, result);
  if (item == NULL)
    item = dyno_history_find_path (self, dyno_result_get_path (result));
  if (item != NULL)
    return item;
  return dyno_history_add_loaded (self, result);
}

guint
dyno_history_get_n_selected (DynoHistory *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY (self), 0);
  return self->n_selected;
}

void
dyno_history_clear_selection (DynoHistory *self)
{
  guint n_items;

  g_return_if_fail (DYNO_IS_HISTORY (self));

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      dyno_history_item_set_selected (item, FALSE);
    }
}

void
dyno_history_rename (DynoHistory *self, DynoHistoryItem *item, const char *label)
{
  DynoResult *result;
  g_autofree char *clean = NULL;

  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  result = dyno_history_item_get_result (item);
  clean = g_strstrip (g_strdup (label != NULL ? label : ""));
  if (g_strcmp0 (dyno_result_get_label (result), *clean != '\0' ? clean : NULL) == 0)
    return;
  dyno_result_set_label (result, *clean != '\0' ? clean : NULL);
  dyno_history_item_changed (item);
  queue_write (self, item);
}

void
dyno_history_save_targets (DynoHistory *self, DynoHistoryItem *item)
{
  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  dyno_history_item_changed (item);
  queue_write (self, item);
}

void
dyno_history_set_notes (DynoHistory *self, DynoHistoryItem *item, const char *notes)
{
  DynoResult *result;
  const char *value;

  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  result = dyno_history_item_get_result (item);
  value = notes != NULL && *notes != '\0' ? notes : NULL;
  if (g_strcmp0 (dyno_result_get_notes (result), value) == 0)
    return;
  dyno_result_set_notes (result, value);
  dyno_history_item_changed (item);
  queue_write (self, item);
}

gboolean
dyno_history_item_is_deletable (DynoHistory *self, DynoHistoryItem *item)
{
  g_return_val_if_fail (DYNO_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (item), FALSE);

  return dyno_history_item_get_path (item) != NULL && !dyno_history_item_get_external (item);
}

void
dyno_history_delete (DynoHistory *self, DynoHistoryItem *item)
{
  g_autoptr (DynoHistoryItem) keep = NULL;
  DynoHistoryOp *op;

  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  /* The store may hold the last reference. */
  keep = g_object_ref (item);
  if (!remove_item (self, item))
    return;
  g_hash_table_replace (self->deletions, g_object_ref (item), g_new0 (Deletion, 1));

  if (dyno_history_item_get_external (item))
    {
      /* Not ours to delete: it only leaves the list. */
      dyno_history_remember_extra (self, dyno_history_item_get_path (item), FALSE);
      return;
    }
  if (!dyno_history_item_is_deletable (self, item))
    return;

  op = g_new0 (DynoHistoryOp, 1);
  op->kind = DYNO_HISTORY_OP_DELETE;
  op->item = g_object_ref (item);
  op->path = g_strdup (dyno_history_item_get_path (item));
  queue_op (self, op);
}

static gboolean
cancel_queued_delete (DynoHistory *self, DynoHistoryItem *item)
{
  for (GList *l = self->ops.head; l != NULL; l = l->next)
    {
      DynoHistoryOp *op = l->data;

      if (op->kind == DYNO_HISTORY_OP_DELETE && op->item == item)
        {
          g_queue_delete_link (&self->ops, l);
          op_free (op);
          return TRUE;
        }
    }
  return FALSE;
}

void
dyno_history_undo_delete (DynoHistory *self, DynoHistoryItem *item)
{
  Deletion *deletion;
  DynoHistoryOp *op;

  g_return_if_fail (DYNO_IS_HISTORY (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  deletion = g_hash_table_lookup (self->deletions, item);
  if (deletion == NULL)
    return;

  if (dyno_history_item_get_external (item))
    dyno_history_remember_extra (self, dyno_history_item_get_path (item), TRUE);
  else if (dyno_history_item_is_deletable (self, item) && !cancel_queued_delete (self, item))
    {
      op = g_new0 (DynoHistoryOp, 1);
      op->kind = DYNO_HISTORY_OP_RESTORE;
      op->item = g_object_ref (item);
      op->path = g_strdup (dyno_history_item_get_path (item));
      if (deletion->file_removed)
        {
          op->contents = g_bytes_ref (deletion->contents);
          op->when = deletion->when;
          op->trashed = deletion->trashed;
          queue_op (self, op);
        }
      else
        {
          /* The delete is running now: the restore follows it and takes its copy then. */
          op->contents = NULL;
          g_queue_push_tail (&self->ops, op);
        }
    }

  g_hash_table_remove (self->deletions, item);
  append_item (self, item);
}
