/* dyno-target-list.h: the mounted volumes and added folders a run can measure
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-target-row.h"

G_BEGIN_DECLS

#define DYNO_TYPE_TARGET_LIST (dyno_target_list_get_type ())
G_DECLARE_FINAL_TYPE (DynoTargetList, dyno_target_list, DYNO, TARGET_LIST, AdwPreferencesGroup)

GtkWidget     *dyno_target_list_new (void);
guint          dyno_target_list_get_n_rows (DynoTargetList *self);
DynoTargetRow *dyno_target_list_find_row (DynoTargetList *self, const char *path);
/* Every row, in list order; new array of borrowed rows. */
GPtrArray     *dyno_target_list_get_rows (DynoTargetList *self);
/* The checked rows, in list order; new array of borrowed rows. */
GPtrArray     *dyno_target_list_get_selected (DynoTargetList *self);
/* Adds a folder to the list (remembered in "extra-folders") and checks it. The path is made
 * absolute; a mount point already listed is only checked. Returns the row. */
DynoTargetRow *dyno_target_list_add_folder (DynoTargetList *self, const char *path);
/* Checks exactly these paths (adding folders as needed) and unchecks the rest. */
void           dyno_target_list_select_only (DynoTargetList *self, const char * const *paths);
/* Adds a folder on another machine (remembered in "remotes" with its dyno-cli path and ssh
 * command, NULL for the defaults) and checks it; uri must parse as a remote target. Returns the
 * row. */
DynoTargetRow *dyno_target_list_add_remote (DynoTargetList *self,
                                            const char     *uri,
                                            const char     *remote_cli,
                                            const char     *ssh_command);
/* "Add Remote Folder…" (targets.add-remote): opens the dialog, returned for tests. */
GtkWindow     *dyno_target_list_open_remote_dialog (DynoTargetList *self);
/* The same dialog for a remote folder on the list (its ssh:// address): its options, or a
 * corrected address, replace the old ones. */
GtkWindow     *dyno_target_list_edit_remote (DynoTargetList *self, const char *uri);
/* Probes every row again (free space changes after a run). */
void           dyno_target_list_refresh (DynoTargetList *self);

G_END_DECLS
