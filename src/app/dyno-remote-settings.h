/* dyno-remote-settings.h: the remote folders the app remembers (the "remotes" key)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* One remembered remote folder: its canonical address (dyno_remote_target_to_uri), the
 * dyno-cli on the far side and the ssh command line, each NULL for the default. */
typedef struct
{
  char *uri;
  char *remote_cli;
  char *ssh_command;
} DynoRemoteEntry;

void             dyno_remote_entry_free (DynoRemoteEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoRemoteEntry, dyno_remote_entry_free)

/* Every remembered remote, in the order they were added: a new array of DynoRemoteEntry*. */
GPtrArray       *dyno_remote_settings_list (GSettings *settings);
/* The entry of uri, or NULL. */
DynoRemoteEntry *dyno_remote_settings_lookup (GSettings *settings, const char *uri);
/* Adds uri, or replaces its options when it is there already. Empty strings are defaults. */
void             dyno_remote_settings_add (GSettings  *settings,
                                           const char *uri,
                                           const char *remote_cli,
                                           const char *ssh_command);
void             dyno_remote_settings_remove (GSettings *settings, const char *uri);

G_END_DECLS
