/* dyno-remote-dialog.h: "Add Remote Folder…": an address on another machine and how to reach it
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DYNO_TYPE_REMOTE_DIALOG (dyno_remote_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DynoRemoteDialog, dyno_remote_dialog, DYNO, REMOTE_DIALOG, AdwWindow)

/* Emits "add" (uri, remote-cli, ssh-command; the options NULL when left empty) with the
 * address in its canonical spelling when the person adds a valid one, then closes. */
DynoRemoteDialog *dyno_remote_dialog_new (GtkWindow *parent);

/* For tests and for "edit": the rows' texts. */
void              dyno_remote_dialog_set_address (DynoRemoteDialog *self, const char *address);
void              dyno_remote_dialog_set_options (DynoRemoteDialog *self,
                                                  const char       *remote_cli,
                                                  const char       *ssh_command);
/* Why the address cannot be added, as the dialog shows it; NULL when it can (or is empty). */
const char       *dyno_remote_dialog_get_error (DynoRemoteDialog *self);
/* For a remote folder already on the list: the dialog shows its address and options, says
 * "Save", and "add" then carries the address it was opened for as well (replaces, below). */
void              dyno_remote_dialog_set_editing (DynoRemoteDialog *self, const char *uri);
/* The address being changed, or NULL when the dialog adds a new one. */
const char       *dyno_remote_dialog_get_replaces (DynoRemoteDialog *self);
/* What Add does: FALSE (and nothing emitted) when the address is not valid. */
gboolean          dyno_remote_dialog_add (DynoRemoteDialog *self);

G_END_DECLS
