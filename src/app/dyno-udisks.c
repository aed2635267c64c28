/* dyno-udisks.c: drives and partitions from UDisks2 over the system bus, and OpenDevice
 *
 * As GNOME Disks does: the list is one GetManagedObjects call on UDisks2's ObjectManager, and
 * a device is opened by UDisks2 (Block.OpenDevice), so an unprivileged app reads a raw disk
 * once polkit has asked the person. Both calls are made synchronously on a GTask's worker
 * thread: the main loop never waits, and the polkit dialog is the desktop's agent, not ours.
 * UDisks2 only exists on Linux; elsewhere the calls fail as "not running".
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-udisks"

#include "config.h"

#include <fcntl.h>
#include <gio/gunixfdlist.h>
#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "dyno-udisks.h"

#define UDISKS_NAME "org.freedesktop.UDisks2"
#define UDISKS_PATH "/org/freedesktop/UDisks2"
#define UDISKS_IFACE "org.freedesktop.UDisks2"

G_DEFINE_QUARK (dyno-udisks-error-quark, dyno_udisks_error)

void
dyno_udisks_block_free (DynoUdisksBlock *block)
{
  if (block == NULL)
    return;
  g_free (block->object_path);
  g_free (block->device);
  g_free (block->model);
  g_free (block->in_use);
  g_free (block);
}

char *
dyno_udisks_block_describe (const DynoUdisksBlock *block)
{
  g_return_val_if_fail (block != NULL, NULL);

  if (block->model != NULL && !block->is_partition)
    return g_strdup_printf ("%s (%s)", block->model, block->device);
  return g_strdup (block->device);
}

/* The a{sv} of interface iface ("Block") of one object's a{sa{sv}}, or NULL. */
static GVariant *
lookup_iface (GVariant *interfaces, const char *iface)
{
  g_autofree char *name = g_strconcat (UDISKS_IFACE ".", iface, NULL);

  if (interfaces == NULL)
    return NULL;
  return g_variant_lookup_value (interfaces, name, G_VARIANT_TYPE_VARDICT);
}

static char *
lookup_string (GVariant *props, const char *key)
{
  const char *value = NULL;

  if (props == NULL || !g_variant_lookup (props, key, "&s", &value) || value == NULL
      || *value == '\0')
    return NULL;
  return g_strdup (value);
}

/* An object path, NULL for "/" (UDisks2's "none"). */
static const char *
lookup_object (GVariant *props, const char *key)
{
  const char *value = NULL;

  if (props == NULL || !g_variant_lookup (props, key, "&o", &value) || g_str_equal (value, "/"))
    return NULL;
  return value;
}

static char *
lookup_bytestring (GVariant *props, const char *key)
{
  g_autoptr (GVariant) value = NULL;

  if (props == NULL)
    return NULL;
  value = g_variant_lookup_value (props, key, G_VARIANT_TYPE_BYTESTRING);
  if (value == NULL || *g_variant_get_bytestring (value) == '\0')
    return NULL;
  return g_strdup (g_variant_get_bytestring (value));
}

/* What holds the block itself, in words; NULL when nothing does. */
static char *
block_own_use (GVariant *interfaces)
{
  g_autoptr (GVariant) block = lookup_iface (interfaces, "Block");
  g_autoptr (GVariant) filesystem = lookup_iface (interfaces, "Filesystem");
  g_autoptr (GVariant) swap = lookup_iface (interfaces, "Swapspace");
  g_autoptr (GVariant) encrypted = lookup_iface (interfaces, "Encrypted");
  gboolean active = FALSE;

  if (filesystem != NULL)
    {
      g_autoptr (GVariant) points = g_variant_lookup_value (filesystem, "MountPoints",
                                                            G_VARIANT_TYPE_BYTESTRING_ARRAY);

      if (points != NULL && g_variant_n_children (points) > 0)
        {
          g_autoptr (GVariant) first = g_variant_get_child_value (points, 0);

          /* Translators: why a drive is in use; %s is a folder */
          return g_strdup_printf (_("mounted at %s"), g_variant_get_bytestring (first));
        }
    }
  if (swap != NULL && g_variant_lookup (swap, "Active", "b", &active) && active)
    return g_strdup (_("used as swap"));
  if (lookup_object (encrypted, "CleartextDevice") != NULL)
    return g_strdup (_("unlocked (encrypted)"));
  if (lookup_object (block, "MDRaidMember") != NULL)
    return g_strdup (_("a member of a RAID array"));
  return NULL;
}

static int
compare_blocks (gconstpointer a, gconstpointer b)
{
  const DynoUdisksBlock *x = *(DynoUdisksBlock *const *) a;
  const DynoUdisksBlock *y = *(DynoUdisksBlock *const *) b;

  /* "/dev/sda" < "/dev/sda1" < "/dev/sdb": a drive comes before its partitions. */
  return strcmp (x->device, y->device);
}

GPtrArray *
dyno_udisks_blocks_from_objects (GVariant *objects)
{
  GPtrArray *blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_udisks_block_free);
  g_autoptr (GHashTable) partition_use = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                                g_free);
  GVariantIter iter;
  const char *path;
  GVariant *interfaces;

  g_return_val_if_fail (objects != NULL, blocks);
  g_return_val_if_fail (g_variant_is_of_type (objects, G_VARIANT_TYPE ("a{oa{sa{sv}}}")), blocks);

  /* First the partitions in use, by their table (the whole drive) */
  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_loop (&iter, "{&o@a{sa{sv}}}", &path, &interfaces))
    {
      g_autoptr (GVariant) partition = lookup_iface (interfaces, "Partition");
      g_autoptr (GVariant) block = lookup_iface (interfaces, "Block");
      g_autofree char *use = NULL;
      g_autofree char *device = NULL;
      const char *table = lookup_object (partition, "Table");

      if (table == NULL || g_hash_table_contains (partition_use, table))
        continue;
      use = block_own_use (interfaces);
      device = lookup_bytestring (block, "Device");
      if (use != NULL)
        {
          g_autofree char *name = device != NULL ? g_path_get_basename (device) : g_strdup ("");

          /* Translators: why a whole drive is in use: "sdb1 mounted at /srv" */
          g_hash_table_insert (partition_use, g_strdup (table),
                               g_strdup_printf (_("%s %s"), name, use));
        }
    }

  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_loop (&iter, "{&o@a{sa{sv}}}", &path, &interfaces))
    {
      g_autoptr (GVariant) block = lookup_iface (interfaces, "Block");
      g_autoptr (GVariant) partition = lookup_iface (interfaces, "Partition");
      g_autoptr (DynoUdisksBlock) item = NULL;
      const char *drive_path;
      gboolean ignore = FALSE;

      if (block == NULL)
        continue;
      item = g_new0 (DynoUdisksBlock, 1);
      item->object_path = g_strdup (path);
      item->device = lookup_bytestring (block, "PreferredDevice");
      if (item->device == NULL)
        item->device = lookup_bytestring (block, "Device");
      g_variant_lookup (block, "Size", "t", &item->size);
      g_variant_lookup (block, "HintIgnore", "b", &ignore);
      if (item->device == NULL || item->size == 0 || ignore)
        continue;
      item->is_partition = partition != NULL;
      item->rotational = DYNO_TRISTATE_UNKNOWN;
      drive_path = lookup_object (block, "Drive");
      if (drive_path != NULL)
        {
          g_autoptr (GVariant) drive_ifaces = g_variant_lookup_value (
              objects, drive_path, G_VARIANT_TYPE ("a{sa{sv}}"));
          g_autoptr (GVariant) drive = lookup_iface (drive_ifaces, "Drive");
          g_autofree char *vendor = lookup_string (drive, "Vendor");
          g_autofree char *model = lookup_string (drive, "Model");
          int rate = 0;

          if (vendor != NULL && model != NULL)
            item->model = g_strdup_printf ("%s %s", vendor, model);
          else if (model != NULL)
            item->model = g_steal_pointer (&model);
          else
            item->model = g_steal_pointer (&vendor);
          /* RotationRate: -1 spins at an unknown rate, 0 does not spin, else rpm */
          if (drive != NULL && g_variant_lookup (drive, "RotationRate", "i", &rate))
            item->rotational = rate != 0 ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;
        }
      item->in_use = block_own_use (interfaces);
      if (item->in_use == NULL)
        item->in_use = g_strdup (g_hash_table_lookup (partition_use, path));
      g_ptr_array_add (blocks, g_steal_pointer (&item));
    }
  g_ptr_array_sort (blocks, compare_blocks);
  return blocks;
}

/* The message for a D-Bus error of UDisks2; error is a remote error or a local one. */
static void
set_udisks_error (GError **error, GError *dbus_error)
{
  g_autofree char *remote = g_dbus_error_get_remote_error (dbus_error);

  if (g_error_matches (dbus_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_error_copy (dbus_error));
      return;
    }
  if (g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)
      || g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER)
      || g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND)
      || g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_EXEC_FAILED))
    {
      g_set_error_literal (error, DYNO_UDISKS_ERROR, DYNO_UDISKS_ERROR_NOT_RUNNING,
                           /* Translators: "Scan Drive…" when there is no UDisks2 service */
                           _("UDisks2 is not running: install the udisks2 package (it comes "
                             "with GNOME Disks) or start its service, then try again"));
      return;
    }
  if (g_strcmp0 (remote, "org.freedesktop.UDisks2.Error.NotAuthorizedDismissed") == 0)
    {
      g_set_error_literal (error, DYNO_UDISKS_ERROR, DYNO_UDISKS_ERROR_DISMISSED,
                           _("The password dialog was closed: the drive was not opened"));
      return;
    }
  if (g_strcmp0 (remote, "org.freedesktop.UDisks2.Error.NotAuthorized") == 0
      || g_strcmp0 (remote, "org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain") == 0
      || g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED)
      || g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_AUTH_FAILED))
    {
      g_dbus_error_strip_remote_error (dbus_error);
      g_set_error (error, DYNO_UDISKS_ERROR, DYNO_UDISKS_ERROR_NOT_AUTHORIZED,
                   /* Translators: polkit refused; %s is UDisks2's reason */
                   _("Not allowed to read the drive: %s"), dbus_error->message);
      return;
    }
  g_dbus_error_strip_remote_error (dbus_error);
  g_set_error (error, DYNO_UDISKS_ERROR, DYNO_UDISKS_ERROR_FAILED, _("UDisks2: %s"),
               dbus_error->message);
}

static GDBusConnection *
system_bus (GCancellable *cancellable, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  GDBusConnection *bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local_error);

  if (bus == NULL)
    g_set_error (error, DYNO_UDISKS_ERROR, DYNO_UDISKS_ERROR_NOT_RUNNING,
                 /* Translators: "Scan Drive…" without a system D-Bus; %s says why */
                 _("UDisks2 is not running: there is no system bus (%s); install the udisks2 "
                   "package and start the system’s D-Bus"),
                 local_error->message);
  return bus;
}

static void
list_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariant) objects = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) dbus_error = NULL;

  bus = system_bus (cancellable, &error);
  if (bus == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, UDISKS_PATH,
                                       "org.freedesktop.DBus.ObjectManager", "GetManagedObjects",
                                       NULL, G_VARIANT_TYPE ("(a{oa{sa{sv}}})"),
                                       G_DBUS_CALL_FLAGS_NONE, 10000, cancellable, &dbus_error);
  if (reply == NULL)
    {
      set_udisks_error (&error, dbus_error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  objects = g_variant_get_child_value (reply, 0);
  g_task_return_pointer (task, dyno_udisks_blocks_from_objects (objects),
                         (GDestroyNotify) g_ptr_array_unref);
}

void
dyno_udisks_list_async (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, dyno_udisks_list_async);
  g_task_run_in_thread (task, list_thread);
}

GPtrArray *
dyno_udisks_list_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
close_fd (gpointer data)
{
  close (GPOINTER_TO_INT (data) - 1);
}

static void
open_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  const char *object_path = data;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GUnixFDList) fds = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) dbus_error = NULL;
  GVariantBuilder options;
  int handle = -1;
  int fd;

  bus = system_bus (cancellable, &error);
  if (bus == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
#ifdef O_DIRECT
  /* As GNOME Disks' benchmark asks for it: every read from the drive, none from the cache. */
  g_variant_builder_add (&options, "{sv}", "flags", g_variant_new_int32 (O_DIRECT));
#endif
  /* No timeout: the person may take a while to type a password in polkit's dialog. */
  reply = g_dbus_connection_call_with_unix_fd_list_sync (
      bus, UDISKS_NAME, object_path, UDISKS_IFACE ".Block", "OpenDevice",
      g_variant_new ("(sa{sv})", "r", &options), G_VARIANT_TYPE ("(h)"),
      G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION, G_MAXINT, NULL, &fds, cancellable,
      &dbus_error);
  if (reply == NULL)
    {
      set_udisks_error (&error, dbus_error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_variant_get (reply, "(h)", &handle);
  if (fds == NULL || handle < 0 || handle >= g_unix_fd_list_get_length (fds))
    {
      g_task_return_new_error (task, DYNO_UDISKS_ERROR, DYNO_UDISKS_ERROR_FAILED,
                               _("UDisks2 opened the drive but sent no file descriptor"));
      return;
    }
  fd = g_unix_fd_list_get (fds, handle, &error);
  if (fd < 0)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* Stored off by one so that fd 0 is not NULL; closed if nobody takes it. */
  g_task_return_pointer (task, GINT_TO_POINTER (fd + 1), close_fd);
}

void
dyno_udisks_open_async (const char *object_path,
                        GCancellable *cancellable,
                        GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (g_variant_is_object_path (object_path));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, dyno_udisks_open_async);
  g_task_set_task_data (task, g_strdup (object_path), g_free);
  g_task_run_in_thread (task, open_thread);
}

int
dyno_udisks_open_finish (GAsyncResult *result, GError **error)
{
  gpointer fd;

  g_return_val_if_fail (g_task_is_valid (result, NULL), -1);
  fd = g_task_propagate_pointer (G_TASK (result), error);
  return fd != NULL ? GPOINTER_TO_INT (fd) - 1 : -1;
}
