/* dyno-remote-settings.c
 *
 * The key is an array of (uri, remote-cli, ssh-command) with "" for a default, so that a
 * remote's options travel with it and a person can read and edit them in dconf-editor.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-remote-settings"

#include "config.h"

#include "dyno-remote-settings.h"

#define KEY "remotes"

void
dyno_remote_entry_free (DynoRemoteEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->uri);
  g_free (entry->remote_cli);
  g_free (entry->ssh_command);
  g_free (entry);
}

static char *
nonempty (const char *text)
{
  return text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

GPtrArray *
dyno_remote_settings_list (GSettings *settings)
{
  g_autoptr (GVariant) value = NULL;
  GPtrArray *entries;
  GVariantIter iter;
  const char *uri;
  const char *remote_cli;
  const char *ssh_command;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  value = g_settings_get_value (settings, KEY);
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_remote_entry_free);
  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "(&s&s&s)", &uri, &remote_cli, &ssh_command))
    {
      DynoRemoteEntry *entry;

      /* Hand-edited settings may hold an empty address: nothing to list. */
      if (*uri == '\0')
        continue;
      entry = g_new0 (DynoRemoteEntry, 1);
      entry->uri = g_strdup (uri);
      entry->remote_cli = nonempty (remote_cli);
      entry->ssh_command = nonempty (ssh_command);
      g_ptr_array_add (entries, entry);
    }
  return entries;
}

DynoRemoteEntry *
dyno_remote_settings_lookup (GSettings *settings, const char *uri)
{
  g_autoptr (GPtrArray) entries = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (uri != NULL, NULL);

  entries = dyno_remote_settings_list (settings);
  for (guint i = 0; i < entries->len; i++)
    {
      DynoRemoteEntry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->uri, uri))
        return g_ptr_array_steal_index (entries, i);
    }
  return NULL;
}

static void
store (GSettings *settings, GPtrArray *entries)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sss)"));
  for (guint i = 0; i < entries->len; i++)
    {
      DynoRemoteEntry *entry = g_ptr_array_index (entries, i);

      g_variant_builder_add (&builder, "(sss)", entry->uri,
                             entry->remote_cli != NULL ? entry->remote_cli : "",
                             entry->ssh_command != NULL ? entry->ssh_command : "");
    }
  g_settings_set_value (settings, KEY, g_variant_builder_end (&builder));
}

void
dyno_remote_settings_add (GSettings *settings,
                          const char *uri,
                          const char *remote_cli,
                          const char *ssh_command)
{
  g_autoptr (GPtrArray) entries = NULL;
  DynoRemoteEntry *entry = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (uri != NULL && *uri != '\0');

  entries = dyno_remote_settings_list (settings);
  for (guint i = 0; i < entries->len && entry == NULL; i++)
    if (g_str_equal (((DynoRemoteEntry *) g_ptr_array_index (entries, i))->uri, uri))
      entry = g_ptr_array_index (entries, i);
  if (entry == NULL)
    {
      entry = g_new0 (DynoRemoteEntry, 1);
      entry->uri = g_strdup (uri);
      g_ptr_array_add (entries, entry);
    }
  g_free (entry->remote_cli);
  entry->remote_cli = nonempty (remote_cli);
  g_free (entry->ssh_command);
  entry->ssh_command = nonempty (ssh_command);
  store (settings, entries);
}

void
dyno_remote_settings_remove (GSettings *settings, const char *uri)
{
  g_autoptr (GPtrArray) entries = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (uri != NULL);

  entries = dyno_remote_settings_list (settings);
  for (guint i = 0; i < entries->len; i++)
    if (g_str_equal (((DynoRemoteEntry *) g_ptr_array_index (entries, i))->uri, uri))
      {
        g_ptr_array_remove_index (entries, i);
        store (settings, entries);
        return;
      }
}
