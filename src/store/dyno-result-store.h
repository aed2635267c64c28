/* dyno-result-store.h: where finished runs are kept ($XDG_DATA_HOME/dyno/runs)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-result.h"

G_BEGIN_DECLS

/* $XDG_DATA_HOME/dyno/runs */
char *dyno_result_store_get_dir (void);
/* "2026-11-30T12-34-56-<label or host>-<first 8 of the id>.dyno.json" */
char *dyno_result_store_make_name (DynoResult *result);
/* Saves into the folder under a new name (creating the folder with mode 0700), on the calling
 * thread: for workers. out_path gets where. */
gboolean dyno_result_store_save (DynoResult *result, char **out_path, GError **error);
/* The paths of the result files in dir (the runs folder for NULL), sorted by name, which
 * starts with the date: *.dyno.json, hidden and temporary files left out. */
GPtrArray *dyno_result_store_list (const char *dir);
/* TRUE when path is a file right in the folder (not one opened from elsewhere). */
gboolean dyno_result_store_contains (const char *path);
/* Saves on a worker thread (creating the folder with mode 0700); the callback gets the path. */
void  dyno_result_store_save_async (DynoResult          *result,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
char *dyno_result_store_save_finish (GAsyncResult *result, GError **error);

G_END_DECLS
