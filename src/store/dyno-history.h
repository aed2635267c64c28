/* dyno-history.h: every saved run, loaded, imported, renamed and deleted off the main thread
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-history-item.h"

G_BEGIN_DECLS

#define DYNO_TYPE_HISTORY (dyno_history_get_type ())
G_DECLARE_FINAL_TYPE (DynoHistory, dyno_history, DYNO, HISTORY, GObject)

DynoHistory     *dyno_history_new (void);
/* DynoHistoryItem, unsorted: views sort and filter it. */
GListModel      *dyno_history_get_model (DynoHistory *self);
/* Reads the .dyno.json files in $XDG_DATA_HOME/dyno/runs and those of extra-results in a worker
 * thread; "loaded" turns TRUE when they are in. Runs added meanwhile stay. */
void             dyno_history_load (DynoHistory *self);
gboolean         dyno_history_get_loaded (DynoHistory *self);
/* "name: message" for each file that could not be read at load time. */
GPtrArray       *dyno_history_get_problems (DynoHistory *self);
/* TRUE while a rename, a notes change, a delete or an undo is being written. */
gboolean         dyno_history_get_busy (DynoHistory *self);

/* A run that just finished (path NULL while it is not saved), or any result: listed once. */
DynoHistoryItem *dyno_history_add_result (DynoHistory *self, DynoResult *result);
DynoHistoryItem *dyno_history_find_result (DynoHistory *self, DynoResult *result);
DynoHistoryItem *dyno_history_find_path (DynoHistory *self, const char *path);

/* Checked targets over all items, for Compare. */
guint            dyno_history_get_n_selected (DynoHistory *self);
void             dyno_history_clear_selection (DynoHistory *self);

/* Change the result at once and rewrite its file in a worker thread; a failure is reported with
 * the "error" signal. */
void             dyno_history_rename (DynoHistory *self, DynoHistoryItem *item, const char *label);
void             dyno_history_set_notes (DynoHistory     *self,
                                         DynoHistoryItem *item,
                                         const char      *notes);
/* After the app changed a target of the item's result (its reference rate or price, which
 * the caller set): rewrites them into its file in a worker thread, as a rename does. */
void             dyno_history_save_targets (DynoHistory *self, DynoHistoryItem *item);

/* A run in the runs folder goes to the trash (or is deleted where there is none); a file opened
 * from elsewhere only leaves the list. The item is out of the model at once; the file work
 * happens in a worker thread. dyno_history_undo_delete puts both back: the trashed file is
 * moved back, or rewritten from the copy kept in memory. */
void             dyno_history_delete (DynoHistory *self, DynoHistoryItem *item);
void             dyno_history_undo_delete (DynoHistory *self, DynoHistoryItem *item);
/* TRUE when delete takes the file away (not only the list entry). */
gboolean         dyno_history_item_is_deletable (DynoHistory *self, DynoHistoryItem *item);

typedef enum
{
  /* Import…, paste, or another tool's file opened: every run read is saved as a new .dyno.json
   * in the runs folder, Dyno files included (unless listed already). */
  DYNO_HISTORY_IMPORT,
  /* A Dyno file opened from the file manager, the command line or a drop: listed where it is and
   * remembered in extra-results. Other formats are imported as above. */
  DYNO_HISTORY_OPEN,
} DynoHistoryIngestMode;

/* What an import or open brought in. */
typedef struct
{
  GPtrArray *items;   /* DynoHistoryItem*: every run read, in input order, new or listed before */
  guint n_new;
  guint n_imported;   /* of the new ones, saved as new files in the runs folder */
  guint n_duplicates; /* the same result was listed already */
  char *source;       /* "003.txt", "clipboard", or NULL for several files */
  char *format;       /* what was read: "Bonnie table", "bonnie++ 1.98 CSV", "Dyno result"; NULL
                       * when mixed */
} DynoHistoryIngest;

void dyno_history_ingest_free (DynoHistoryIngest *ingest);

/* All or nothing: when any input cannot be read, nothing is saved or listed and the error (the
 * importer's, which says what was expected and on which line) names the input. */
void               dyno_history_ingest_files_async (DynoHistory           *self,
                                                    GFile                **files,
                                                    guint                  n_files,
                                                    DynoHistoryIngestMode  mode,
                                                    GCancellable          *cancellable,
                                                    GAsyncReadyCallback    callback,
                                                    gpointer               user_data);
/* Text from the clipboard or a drop; source_name names it in provenance ("clipboard"). */
void               dyno_history_ingest_data_async (DynoHistory         *self,
                                                   GBytes              *data,
                                                   const char          *source_name,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
DynoHistoryIngest *dyno_history_ingest_finish (DynoHistory   *self,
                                               GAsyncResult  *result,
                                               GError       **error);

/* "Bonnie table" from "Bonnie table, row “FV”, line 9 of 003.txt"; NULL for Dyno's own runs. */
char *dyno_history_describe_source_format (DynoResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoHistoryIngest, dyno_history_ingest_free)

G_END_DECLS
