/* dyno-target-list.c
 *
 * dyno_target_info_collect() does statvfs(), reads sysfs and mountinfo, and probes
 * writability: a hung NFS server can block it for minutes. So every row is probed on its own
 * GTask thread and fills in when the answer comes; the main loop never waits for a disk.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-target-list"

#include "config.h"

#include <gio/gunixmounts.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dyno-mounts.h"
#include "dyno-remote-dialog.h"
#include "dyno-remote-probe.h"
#include "dyno-remote-settings.h"
#include "dyno-remote-target.h"
#include "dyno-switch-row.h"
#include "dyno-target-list.h"
#include "dyno-sysinfo-collect.h"

struct _DynoTargetList
{
  AdwPreferencesGroup parent_instance;

  GSettings *settings;
  GUnixMountMonitor *monitor;
  GCancellable *cancellable;
  GPtrArray *rows; /* DynoTargetRow*, in list order */
  GtkWidget *system_row; /* "Show System Mounts", after the targets */
  GtkWidget *parallel_row; /* "Run at the Same Time", shown with several checked targets */
  char *turns_description; /* the template's description, of targets taking turns */
  guint refresh_id; /* while shown: the local rows' free space asked again now and then */
  guint syncing_selection : 1;
};

/* How often a shown list asks its local folders for their free space again. */
#define REFRESH_SECONDS 15

G_DEFINE_FINAL_TYPE (DynoTargetList, dyno_target_list, ADW_TYPE_PREFERENCES_GROUP)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  DynoTargetList *list;
  DynoTargetRow *row;
  guint serial;
} Probe;

static void
probe_free (Probe *probe)
{
  g_clear_object (&probe->list);
  g_clear_object (&probe->row);
  g_free (probe);
}

static void
probe_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  const char *path = task_data;

  g_task_return_pointer (task, dyno_target_info_collect (path),
                         (GDestroyNotify) dyno_target_info_free);
}

static void
probe_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Probe *probe = user_data;
  DynoTargetInfo *info = g_task_propagate_pointer (G_TASK (result), NULL);

  /* NULL (cancelled) still ends the probe, so the row stops spinning. */
  dyno_target_row_finish_probe (probe->row, probe->serial, info);
  probe_free (probe);
}

static void
remote_probe_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Probe *probe = user_data;
  g_autoptr (GError) error = NULL;
  DynoRemoteProbe *answer = dyno_remote_probe_finish (result, &error);

  dyno_target_row_finish_remote_probe (probe->row, probe->serial, answer, error);
  /* A machine that answers again (a NAS that was asleep) is checked again if it was before. */
  if (dyno_target_row_get_usable (probe->row) && !dyno_target_row_get_selected (probe->row))
    {
      g_auto (GStrv) selected = g_settings_get_strv (probe->list->settings, "selected-targets");

      if (g_strv_contains ((const char *const *) selected,
                           dyno_target_row_get_path (probe->row)))
        {
          probe->list->syncing_selection = TRUE;
          dyno_target_row_set_selected (probe->row, TRUE);
          probe->list->syncing_selection = FALSE;
        }
    }
  probe_free (probe);
}

static void
probe (DynoTargetList *self, DynoTargetRow *row)
{
  g_autoptr (GTask) task = NULL;
  Probe *data;

  /* Its last probe hangs in the file system: another would only hang a thread more. That one
   * answers when the file system does. */
  if (dyno_target_row_get_stalled (row))
    return;
  data = g_new0 (Probe, 1);

  data->list = g_object_ref (self);
  data->row = g_object_ref (row);
  data->serial = dyno_target_row_begin_probe (row);

  /* A remote folder is asked of the dyno-cli there, over ssh with BatchMode=yes: a child
   * process the main loop follows, never a wait on the main thread. */
  if (dyno_target_row_get_remote (row))
    {
      g_autoptr (DynoRemoteEntry) entry
          = dyno_remote_settings_lookup (self->settings, dyno_target_row_get_path (row));

      dyno_remote_probe_async (dyno_target_row_get_path (row),
                               entry != NULL ? entry->remote_cli : NULL,
                               entry != NULL ? entry->ssh_command : NULL, self->cancellable,
                               remote_probe_done, data);
      return;
    }

  /* No source object: the task may be released on the worker thread, and widgets must only
   * be released on the main thread. The row travels in the callback data instead. */
  task = g_task_new (NULL, self->cancellable, probe_done, data);
  g_task_set_source_tag (task, probe);
  g_task_set_name (task, "[dyno] probe target");
  g_task_set_task_data (task, g_strdup (dyno_target_row_get_path (row)), g_free);
  g_task_run_in_thread (task, probe_thread);
}

DynoTargetRow *
dyno_target_list_find_row (DynoTargetList *self, const char *path)
{
  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);

      if (g_str_equal (dyno_target_row_get_path (row), path))
        return row;
    }
  return NULL;
}

static void
emit_changed (DynoTargetList *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
store_selection (DynoTargetList *self)
{
  g_auto (GStrv) old = g_settings_get_strv (self->settings, "selected-targets");
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) paths = NULL;

  /* Keep paths that are not listed now (an unplugged disk) or are on a machine that does not
   * answer now (a NAS asleep), so they are checked again when they come back. */
  for (guint i = 0; old[i] != NULL; i++)
    {
      DynoTargetRow *row = dyno_target_list_find_row (self, old[i]);

      if (row == NULL
          || (dyno_target_row_get_remote (row) && dyno_target_row_get_remote_error (row) != NULL))
        g_strv_builder_add (builder, old[i]);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);

      if (dyno_target_row_get_selected (row))
        g_strv_builder_add (builder, dyno_target_row_get_path (row));
    }
  paths = g_strv_builder_end (builder);
  if (!g_strv_equal ((const char *const *) old, (const char *const *) paths))
    g_settings_set_strv (self->settings, "selected-targets", (const char *const *) paths);
}

static void
load_selection (DynoTargetList *self)
{
  g_auto (GStrv) selected = g_settings_get_strv (self->settings, "selected-targets");

  self->syncing_selection = TRUE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);

      dyno_target_row_set_selected (row, g_strv_contains ((const char *const *) selected,
                                                          dyno_target_row_get_path (row)));
    }
  self->syncing_selection = FALSE;
}

static void
update_parallel_row (DynoTargetList *self)
{
  guint n_selected = 0;

  for (guint i = 0; i < self->rows->len; i++)
    n_selected += dyno_target_row_get_selected (g_ptr_array_index (self->rows, i));
  /* With one target there is nothing to run at the same time. */
  gtk_widget_set_visible (self->parallel_row, n_selected > 1);
  /* The description says how the checked targets are measured: by turns, or at once. */
  if (self->turns_description == NULL)
    self->turns_description
        = g_strdup (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (self)));
  if (n_selected > 1 && g_settings_get_boolean (self->settings, "parallel"))
    adw_preferences_group_set_description (
        ADW_PREFERENCES_GROUP (self),
        _("Checked targets are measured at the same time: every remote machine at once, "
          "local folders one after another alongside. Dyno writes only in a scratch folder "
          "inside each target and removes it afterwards."));
  else
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                           self->turns_description);
}

static void
on_row_selected (DynoTargetList *self, GParamSpec *pspec, DynoTargetRow *row)
{
  if (!self->syncing_selection)
    store_selection (self);
  update_parallel_row (self);
  emit_changed (self);
}

static void
on_row_state (DynoTargetList *self)
{
  emit_changed (self);
}

static void
remove_from_strv_key (GSettings *settings, const char *key, const char *path)
{
  g_auto (GStrv) old = g_settings_get_strv (settings, key);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) paths = NULL;

  for (guint i = 0; old[i] != NULL; i++)
    if (!g_str_equal (old[i], path))
      g_strv_builder_add (builder, old[i]);
  paths = g_strv_builder_end (builder);
  g_settings_set_strv (settings, key, (const char *const *) paths);
}

static void rebuild (DynoTargetList *self);

static void
on_row_remove (DynoTargetList *self, DynoTargetRow *row)
{
  g_autofree char *path = g_strdup (dyno_target_row_get_path (row));

  remove_from_strv_key (self->settings, "selected-targets", path);
  if (dyno_target_row_get_remote (row))
    dyno_remote_settings_remove (self->settings, path);
  else
    remove_from_strv_key (self->settings, "extra-folders", path);
  rebuild (self);
}

static void
on_row_edit (DynoTargetList *self, DynoTargetRow *row)
{
  dyno_target_list_edit_remote (self, dyno_target_row_get_path (row));
}

static const char *
icon_for_mount (const DynoMount *mount)
{
  if (mount->home)
    return "user-home-symbolic";
  if (g_str_equal (mount->path, "/"))
    return "drive-harddisk-system-symbolic";
  if (mount->system)
    return "media-optical-symbolic";
  if (dyno_mounts_is_network_fs (mount->fs_type))
    return "folder-remote-symbolic";
  if (g_str_has_prefix (mount->path, "/media/") || g_str_has_prefix (mount->path, "/run/media/"))
    return "drive-removable-media-symbolic";
  return "drive-harddisk-symbolic";
}

static DynoTargetRow *
take_or_create_row (DynoTargetList *self,
                    GPtrArray *old_rows,
                    const char *path,
                    const char *name,
                    const char *icon_name,
                    gboolean removable,
                    const char *where,
                    gboolean *created)
{
  DynoTargetRow *row;

  for (guint i = 0; i < old_rows->len; i++)
    {
      row = g_ptr_array_index (old_rows, i);
      if (g_str_equal (dyno_target_row_get_path (row), path)
          && dyno_target_row_get_removable (row) == removable
          && dyno_target_row_get_remote (row) == (where != NULL))
        {
          g_object_ref (row);
          g_ptr_array_remove_index (old_rows, i);
          *created = FALSE;
          return row;
        }
    }

  /* where: a remote folder, "user@host"; name is then its path there. */
  if (where != NULL)
    row = g_object_ref_sink (dyno_target_row_new_remote (path, name, where));
  else
    row = g_object_ref_sink (dyno_target_row_new (path, name, icon_name, removable));
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (on_row_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (row, "notify::usable", G_CALLBACK (on_row_state), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (row, "notify::probing", G_CALLBACK (on_row_state), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (row, "remove", G_CALLBACK (on_row_remove), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row, "edit", G_CALLBACK (on_row_edit), self, G_CONNECT_SWAPPED);
  *created = TRUE;
  return row;
}

/* self->rows in the order the group shows them: the rows it already has in their places, then
 * the fresh ones. A fresh local folder among the listed remote ones would split the machines'
 * rows, so when one comes, the remote rows are added again after it (they move, the local
 * rows the pointer is more likely over do not). */
static void
keep_places (DynoTargetList *self, GPtrArray *previous, GPtrArray *fresh)
{
  g_autoptr (GPtrArray) order = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean fresh_local = FALSE;

  /* The rows there were, as they were shown; then the fresh ones in the mounts' order. */
  for (guint i = 0; i < previous->len; i++)
    if (g_ptr_array_find (self->rows, g_ptr_array_index (previous, i), NULL))
      g_ptr_array_add (order, g_object_ref (g_ptr_array_index (previous, i)));
  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);

      if (g_ptr_array_find (fresh, row, NULL))
        {
          g_ptr_array_add (order, g_object_ref (row));
          fresh_local |= !dyno_target_row_get_remote (row);
        }
    }
  if (fresh_local)
    {
      /* Locals first, then remotes, each in the order above. */
      g_autoptr (GPtrArray) split = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint pass = 0; pass < 2; pass++)
        for (guint i = 0; i < order->len; i++)
          {
            DynoTargetRow *row = g_ptr_array_index (order, i);

            if (dyno_target_row_get_remote (row) == (pass == 1))
              {
                g_ptr_array_add (split, g_object_ref (row));
                if (pass == 1 && gtk_widget_get_parent (GTK_WIDGET (row)) != NULL)
                  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (row));
              }
          }
      g_clear_pointer (&order, g_ptr_array_unref);
      order = g_steal_pointer (&split);
    }
  g_ptr_array_unref (self->rows);
  self->rows = g_steal_pointer (&order);
}

/* Two mounts called "mnt" are told apart by their paths' ends in their titles. */
static void
set_distinct_titles (DynoTargetList *self)
{
  g_autoptr (GPtrArray) local = g_ptr_array_new ();
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) paths = g_strv_builder_new ();
  g_auto (GStrv) name_list = NULL;
  g_auto (GStrv) path_list = NULL;
  g_auto (GStrv) titles = NULL;

  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);
      g_autofree char *name = NULL;

      if (dyno_target_row_get_remote (row))
        continue;
      g_object_get (row, "name", &name, NULL);
      g_ptr_array_add (local, row);
      g_strv_builder_add (names, name);
      g_strv_builder_add (paths, dyno_target_row_get_path (row));
    }
  name_list = g_strv_builder_end (names);
  path_list = g_strv_builder_end (paths);
  titles = dyno_mounts_distinct_titles ((const char *const *) name_list,
                                        (const char *const *) path_list);
  for (guint i = 0; i < local->len; i++)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (g_ptr_array_index (local, i)), titles[i]);
}

static void
rebuild (DynoTargetList *self)
{
  g_autoptr (GPtrArray) mounts = dyno_mounts_list (
      g_settings_get_boolean (self->settings, "show-system-mounts"));
  g_auto (GStrv) extras = g_settings_get_strv (self->settings, "extra-folders");
  g_autoptr (GPtrArray) remotes = dyno_remote_settings_list (self->settings);
  g_autoptr (GPtrArray) old_rows = g_steal_pointer (&self->rows);
  /* Their order on screen; old_rows loses the rows that stay. No references: every row is in
   * old_rows or self->rows while this lives. */
  g_autoptr (GPtrArray) previous = g_ptr_array_sized_new (old_rows->len);
  g_autoptr (GPtrArray) fresh = g_ptr_array_new ();

  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_extend (previous, old_rows, NULL, NULL);

  for (guint i = 0; i < mounts->len; i++)
    {
      const DynoMount *mount = g_ptr_array_index (mounts, i);
      gboolean created;
      DynoTargetRow *row = take_or_create_row (self, old_rows, mount->path, mount->name,
                                               icon_for_mount (mount), FALSE, NULL, &created);

      g_ptr_array_add (self->rows, row);
      if (created)
        g_ptr_array_add (fresh, row);
    }
  for (guint i = 0; extras[i] != NULL; i++)
    {
      gboolean created;
      DynoTargetRow *row;

      if (dyno_target_list_find_row (self, extras[i]) != NULL)
        continue;
      row = take_or_create_row (self, old_rows, extras[i], NULL, "folder-symbolic", TRUE, NULL,
                                &created);
      g_ptr_array_add (self->rows, row);
      if (created)
        g_ptr_array_add (fresh, row);
    }
  /* Folders on other machines, after this one's. */
  for (guint i = 0; i < remotes->len; i++)
    {
      const DynoRemoteEntry *entry = g_ptr_array_index (remotes, i);
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (entry->uri, NULL);
      g_autofree char *where = NULL;
      gboolean created;
      DynoTargetRow *row;

      /* A hand-edited address that does not parse has no row: nothing could run it. */
      if (target == NULL || dyno_target_list_find_row (self, entry->uri) != NULL)
        continue;
      where = dyno_remote_target_describe (target);
      row = take_or_create_row (self, old_rows, entry->uri, target->path, NULL, TRUE, where,
                                &created);
      g_ptr_array_add (self->rows, row);
      if (created)
        g_ptr_array_add (fresh, row);
    }

  /* Rows that are gone leave. The others stay where they are and new ones come after the
   * rows of their kind: a mount that appears must not move rows under the pointer. Only the
   * first listing is in the mounts' order throughout. */
  for (guint i = 0; i < old_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), g_ptr_array_index (old_rows, i));
  keep_places (self, previous, fresh);
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      if (gtk_widget_get_parent (row) == NULL)
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
    }
  /* The switches stay under the targets they are about: what is listed, then how the checked
   * ones run. */
  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->system_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->system_row);
  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->parallel_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->parallel_row);
  set_distinct_titles (self);

  load_selection (self);
  update_parallel_row (self);
  for (guint i = 0; i < fresh->len; i++)
    probe (self, g_ptr_array_index (fresh, i));
  emit_changed (self);
}

static void
on_mounts_changed (DynoTargetList *self)
{
  rebuild (self);
  /* A remount can change what existing rows say (read-only, free space). */
  dyno_target_list_refresh (self);
}

static void
on_extra_folders_changed (DynoTargetList *self)
{
  rebuild (self);
}

static void
on_selected_targets_changed (DynoTargetList *self)
{
  load_selection (self);
  update_parallel_row (self);
}

static void
on_remotes_changed (DynoTargetList *self)
{
  rebuild (self);
  /* Changed options (another dyno-cli, another ssh command) may change what the probe says. */
  for (guint i = 0; i < self->rows->len; i++)
    if (dyno_target_row_get_remote (g_ptr_array_index (self->rows, i)))
      probe (self, g_ptr_array_index (self->rows, i));
}

static void
on_remote_dialog_add (DynoTargetList *self,
                      const char *uri,
                      const char *remote_cli,
                      const char *ssh_command,
                      DynoRemoteDialog *dialog)
{
  const char *replaces = dyno_remote_dialog_get_replaces (dialog);

  /* Edited to another address: the old one goes, as Remove would take it. */
  if (replaces != NULL && !g_str_equal (replaces, uri))
    {
      remove_from_strv_key (self->settings, "selected-targets", replaces);
      dyno_remote_settings_remove (self->settings, replaces);
    }
  dyno_target_list_add_remote (self, uri, remote_cli, ssh_command);
}

static void
add_remote_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  dyno_target_list_open_remote_dialog (DYNO_TARGET_LIST (widget));
}

/* Other programs fill and empty disks too: a row's free space (and the "too little free
 * space" it may lead to) must not stay what it was when the list was made. Remote rows are
 * not asked: each probe is an ssh login. */
static gboolean
on_refresh_timeout (gpointer data)
{
  DynoTargetList *self = data;

  for (guint i = 0; i < self->rows->len; i++)
    if (!dyno_target_row_get_remote (g_ptr_array_index (self->rows, i)))
      probe (self, g_ptr_array_index (self->rows, i));
  return G_SOURCE_CONTINUE;
}

static void
dyno_target_list_map (GtkWidget *widget)
{
  DynoTargetList *self = DYNO_TARGET_LIST (widget);

  GTK_WIDGET_CLASS (dyno_target_list_parent_class)->map (widget);
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add_seconds (REFRESH_SECONDS, on_refresh_timeout, self);
}

static void
dyno_target_list_unmap (GtkWidget *widget)
{
  DynoTargetList *self = DYNO_TARGET_LIST (widget);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  GTK_WIDGET_CLASS (dyno_target_list_parent_class)->unmap (widget);
}

static void
dyno_target_list_dispose (GObject *object)
{
  DynoTargetList *self = DYNO_TARGET_LIST (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->system_row);
  g_clear_object (&self->parallel_row);
  g_clear_pointer (&self->turns_description, g_free);
  g_clear_object (&self->monitor);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_TARGET_LIST);
  G_OBJECT_CLASS (dyno_target_list_parent_class)->dispose (object);
}

static void
dyno_target_list_class_init (DynoTargetListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_target_list_dispose;
  widget_class->map = dyno_target_list_map;
  widget_class->unmap = dyno_target_list_unmap;

  /* The selection, a row's usability or its probing state changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-target-list.ui");
  /* Here rather than in the window: the dialog adds to this list and its settings. */
  gtk_widget_class_install_action (widget_class, "targets.add-remote", NULL, add_remote_action);
}

static void
dyno_target_list_init (DynoTargetList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->cancellable = g_cancellable_new ();
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::extra-folders",
                           G_CALLBACK (on_extra_folders_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::selected-targets",
                           G_CALLBACK (on_selected_targets_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::remotes", G_CALLBACK (on_remotes_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::parallel", G_CALLBACK (update_parallel_row),
                           self, G_CONNECT_SWAPPED);

  /* dyno-cli --parallel: several machines measured at once, the whole cluster's figure. */
  self->parallel_row = g_object_ref_sink (dyno_switch_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->parallel_row),
                                 _("Run at the Sa_me Time"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->parallel_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->parallel_row),
                               _("Every remote machine measures at once, local folders alongside "
                                 "one after another; the live view adds up their rates"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->parallel_row);
  g_settings_bind (self->settings, "parallel", self->parallel_row, "active",
                   G_SETTINGS_BIND_DEFAULT);
  gtk_widget_set_visible (self->parallel_row, FALSE);

  /* Snap images, read-only loop mounts and /boot are nobody's target, but a person looking
   * for one of them finds it here. */
  self->system_row = g_object_ref_sink (dyno_switch_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->system_row), _("Show _System Mounts"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->system_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->system_row),
                               _("Snap and disk images, read-only loop mounts, /boot"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->system_row);
  g_settings_bind (self->settings, "show-system-mounts", self->system_row, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::show-system-mounts",
                           G_CALLBACK (on_extra_folders_changed), self, G_CONNECT_SWAPPED);

  self->monitor = g_unix_mount_monitor_get ();
  g_signal_connect_object (self->monitor, "mounts-changed", G_CALLBACK (on_mounts_changed), self,
                           G_CONNECT_SWAPPED);

  rebuild (self);
}

GtkWidget *
dyno_target_list_new (void)
{
  return g_object_new (DYNO_TYPE_TARGET_LIST, NULL);
}

guint
dyno_target_list_get_n_rows (DynoTargetList *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), 0);
  return self->rows->len;
}

GPtrArray *
dyno_target_list_get_selected (DynoTargetList *self)
{
  GPtrArray *selected;

  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), NULL);

  selected = g_ptr_array_new ();
  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);

      if (dyno_target_row_get_selected (row))
        g_ptr_array_add (selected, row);
    }
  return selected;
}

GPtrArray *
dyno_target_list_get_rows (DynoTargetList *self)
{
  GPtrArray *rows;

  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), NULL);

  /* Not g_ptr_array_copy (), which would take the rows' free function along. */
  rows = g_ptr_array_sized_new (self->rows->len);
  g_ptr_array_extend (rows, self->rows, NULL, NULL);
  return rows;
}

static char *
normalize_path (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  gsize len = strlen (absolute);

  /* g_canonicalize_filename keeps a trailing slash; "/" itself stays as it is. */
  while (len > 1 && absolute[len - 1] == '/')
    absolute[--len] = '\0';
  return g_steal_pointer (&absolute);
}

static void
add_to_strv_key (GSettings *settings, const char *key, const char *path)
{
  g_auto (GStrv) old = g_settings_get_strv (settings, key);
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) paths = NULL;

  if (g_strv_contains ((const char *const *) old, path))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) old);
  g_strv_builder_add (builder, path);
  paths = g_strv_builder_end (builder);
  g_settings_set_strv (settings, key, (const char *const *) paths);
}

DynoTargetRow *
dyno_target_list_add_folder (DynoTargetList *self, const char *path)
{
  g_autofree char *absolute = NULL;
  DynoTargetRow *row;

  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  absolute = normalize_path (path);
  row = dyno_target_list_find_row (self, absolute);
  if (row == NULL)
    {
      add_to_strv_key (self->settings, "extra-folders", absolute);
      /* The changed signal usually did this already; rebuilding twice is harmless. */
      rebuild (self);
      row = dyno_target_list_find_row (self, absolute);
    }
  g_assert (row != NULL);
  dyno_target_row_set_selected (row, TRUE);
  return row;
}

/* A remote folder named by its address alone (the command line, a saved selection): what is
 * remembered of how to reach it stays. NULL when the address does not parse. */
static DynoTargetRow *
add_remote_keeping_options (DynoTargetList *self, const char *address)
{
  g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (address, NULL);
  g_autofree char *uri = NULL;
  g_autoptr (DynoRemoteEntry) entry = NULL;

  if (target == NULL)
    return NULL;
  uri = dyno_remote_target_to_uri (target);
  entry = dyno_remote_settings_lookup (self->settings, uri);
  return dyno_target_list_add_remote (self, uri, entry != NULL ? entry->remote_cli : NULL,
                                      entry != NULL ? entry->ssh_command : NULL);
}

void
dyno_target_list_select_only (DynoTargetList *self, const char *const *paths)
{
  g_autoptr (GPtrArray) wanted = g_ptr_array_new ();

  g_return_if_fail (DYNO_IS_TARGET_LIST (self));
  g_return_if_fail (paths != NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      DynoTargetRow *row = NULL;

      if (dyno_remote_target_is_remote (paths[i]))
        row = add_remote_keeping_options (self, paths[i]);
      else
        row = dyno_target_list_add_folder (self, paths[i]);
      if (row != NULL)
        g_ptr_array_add (wanted, row);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      DynoTargetRow *row = g_ptr_array_index (self->rows, i);

      if (!g_ptr_array_find (wanted, row, NULL))
        dyno_target_row_set_selected (row, FALSE);
    }
}

void
dyno_target_list_refresh (DynoTargetList *self)
{
  g_return_if_fail (DYNO_IS_TARGET_LIST (self));

  for (guint i = 0; i < self->rows->len; i++)
    probe (self, g_ptr_array_index (self->rows, i));
}

DynoTargetRow *
dyno_target_list_add_remote (DynoTargetList *self,
                             const char *uri,
                             const char *remote_cli,
                             const char *ssh_command)
{
  g_autoptr (DynoRemoteTarget) target = NULL;
  g_autofree char *canonical = NULL;
  DynoTargetRow *row;

  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), NULL);
  g_return_val_if_fail (uri != NULL, NULL);

  target = dyno_remote_target_parse (uri, NULL);
  g_return_val_if_fail (target != NULL, NULL);
  canonical = dyno_remote_target_to_uri (target);

  /* The changed signal rebuilds the list and probes the remote rows again, with the new
   * options; rebuilding here too makes the row exist even when the setting did not change. */
  dyno_remote_settings_add (self->settings, canonical, remote_cli, ssh_command);
  rebuild (self);
  row = dyno_target_list_find_row (self, canonical);
  g_assert (row != NULL);
  dyno_target_row_set_selected (row, TRUE);
  return row;
}

GtkWindow *
dyno_target_list_open_remote_dialog (DynoTargetList *self)
{
  return dyno_target_list_edit_remote (self, NULL);
}

GtkWindow *
dyno_target_list_edit_remote (DynoTargetList *self, const char *uri)
{
  GtkRoot *root;
  DynoRemoteDialog *dialog;

  g_return_val_if_fail (DYNO_IS_TARGET_LIST (self), NULL);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = dyno_remote_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  if (uri != NULL)
    {
      g_autoptr (DynoRemoteEntry) entry = dyno_remote_settings_lookup (self->settings, uri);

      dyno_remote_dialog_set_editing (dialog, uri);
      if (entry != NULL)
        dyno_remote_dialog_set_options (dialog, entry->remote_cli, entry->ssh_command);
    }
  g_signal_connect_object (dialog, "add", G_CALLBACK (on_remote_dialog_add), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}
