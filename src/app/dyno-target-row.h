/* dyno-target-row.h: one folder or volume in the Targets list
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-remote-probe.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

#define DYNO_TYPE_TARGET_ROW (dyno_target_row_get_type ())
G_DECLARE_FINAL_TYPE (DynoTargetRow, dyno_target_row, DYNO, TARGET_ROW, AdwActionRow)

/* removable: a folder the user added, which gets a button to take it off the list again. */
DynoTargetRow        *dyno_target_row_new (const char *path,
                                           const char *name,
                                           const char *icon_name,
                                           gboolean    removable);
/* A folder on another machine: path is its canonical ssh:// address (the row's path), the
 * title the folder's path there, where "user@host". Removable. */
DynoTargetRow        *dyno_target_row_new_remote (const char *uri,
                                                  const char *path,
                                                  const char *where);
const char           *dyno_target_row_get_path (DynoTargetRow *self);
gboolean              dyno_target_row_get_remote (DynoTargetRow *self);
/* "user@host" of a remote row; NULL for a local one. */
const char           *dyno_target_row_get_where (DynoTargetRow *self);
/* Why the last remote probe failed (no dyno-cli there, no login), shown in the row; NULL. */
const char           *dyno_target_row_get_remote_error (DynoTargetRow *self);
/* The dyno-cli version the remote probe found; NULL. */
const char           *dyno_target_row_get_remote_version (DynoTargetRow *self);
/* The remote machine's RAM as its probe told, 0 when unknown or local. */
guint64               dyno_target_row_get_ram_bytes (DynoTargetRow *self);
gboolean              dyno_target_row_get_removable (DynoTargetRow *self);
gboolean              dyno_target_row_get_selected (DynoTargetRow *self);
void                  dyno_target_row_set_selected (DynoTargetRow *self, gboolean selected);
/* NULL until the first probe finished. */
const DynoTargetInfo *dyno_target_row_get_info (DynoTargetRow *self);
/* TRUE once probed and writable: the row can take part in a run. */
gboolean              dyno_target_row_get_usable (DynoTargetRow *self);
/* TRUE while a probe is out, the row has no info yet and has not stalled. */
gboolean              dyno_target_row_get_probing (DynoTargetRow *self);
/* TRUE when the probe has not answered within the stall timeout (10 s) and the row has no info:
 * the row says so, and runs leave it out, till the probe answers. */
gboolean              dyno_target_row_get_stalled (DynoTargetRow *self);
/* Why the next run cannot use this target although it is writable (the Setup page checks the
 * options against it: "Not enough free space: …"), shown in the row; NULL when it can. */
void                  dyno_target_row_set_problem (DynoTargetRow *self, const char *problem);
const char           *dyno_target_row_get_problem (DynoTargetRow *self);
/* For tests: a shorter stall timeout, for the next probe. */
void                  dyno_target_row_set_stall_timeout (DynoTargetRow *self, guint timeout_ms);

/* A probe hands back its info with the serial it started with; older probes are ignored. */
guint                 dyno_target_row_begin_probe (DynoTargetRow *self);
void                  dyno_target_row_finish_probe (DynoTargetRow  *self,
                                                    guint           serial,
                                                    DynoTargetInfo *info);
/* A remote row's probe ends: with the probe (taken), or with why it failed. */
void                  dyno_target_row_finish_remote_probe (DynoTargetRow   *self,
                                                           guint            serial,
                                                           DynoRemoteProbe *probe,
                                                           const GError    *error);

G_END_DECLS
