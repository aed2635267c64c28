/* dyno-remote-probe.h: what a remote folder is, asked of the dyno-cli there
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dyno-sysinfo.h"

G_BEGIN_DECLS

typedef struct
{
  char *where;            /* "user@host" */
  char *version;          /* the remote dyno-cli's version */
  DynoSystemInfo *system; /* may be NULL */
  DynoTargetInfo *target; /* the remote folder: file system, free space; may be NULL */
  JsonObject *info;       /* the remote `info --json` as it came, with "remote" set */
} DynoRemoteProbe;

void dyno_remote_probe_free (DynoRemoteProbe *probe);
/* Runs `dyno-cli info --json PATH` over ssh (BatchMode=yes), as `dyno-cli info ssh://…` does.
 * remote_cli: NULL for "dyno-cli"; ssh_command: NULL for $DYNO_SSH_COMMAND, else "ssh". */
void dyno_remote_probe_async (const char          *target,
                              const char          *remote_cli,
                              const char          *ssh_command,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data);
DynoRemoteProbe *dyno_remote_probe_finish (GAsyncResult *result, GError **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoRemoteProbe, dyno_remote_probe_free)

/* The probe's lower half, for `dyno-cli info ssh://…`: only `dyno-cli info --json PATH`, and
 * what came back as it came. finish: the JSON object with "remote" set ("user@host"), or NULL
 * and an error that says what to install or why ssh could not log in; *err (may be NULL):
 * what the far side printed on standard error; *exit_status: the remote info's. */
void        dyno_remote_info_async (const char          *target,
                                    const char          *remote_cli,
                                    const char          *ssh_command,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
JsonObject *dyno_remote_info_finish (GAsyncResult  *result,
                                     char         **err,
                                     int           *exit_status,
                                     GError       **error);

G_END_DECLS
