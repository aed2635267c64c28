/* dyno-history-item.h: one saved run (a session, one result file) in the Results list
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_HISTORY_ITEM (dyno_history_item_get_type ())
G_DECLARE_FINAL_TYPE (DynoHistoryItem, dyno_history_item, DYNO, HISTORY_ITEM, GObject)

DynoHistoryItem *dyno_history_item_new (DynoResult *result);
DynoResult      *dyno_history_item_get_result (DynoHistoryItem *self);
/* The file it was loaded from or saved to; NULL while a new run is being saved. */
const char      *dyno_history_item_get_path (DynoHistoryItem *self);
void             dyno_history_item_set_path (DynoHistoryItem *self, const char *path);
/* TRUE for a file opened from elsewhere and listed where it is (the extra-results key). */
gboolean         dyno_history_item_get_external (DynoHistoryItem *self);
void             dyno_history_item_set_external (DynoHistoryItem *self, gboolean external);
/* dyno_result_dup_name (): the label, else the folders, else the host: never empty. */
const char      *dyno_history_item_get_title (DynoHistoryItem *self);
/* What the search entry matches: label, host, OS, targets, file systems, tool. */
const char      *dyno_history_item_get_search_text (DynoHistoryItem *self);
/* Unix seconds; the import time for imports, which carry no date. */
gint64           dyno_history_item_get_created (DynoHistoryItem *self);
/* The best figure of the phase over the targets (B/s or ops/s), or NAN. For sorting. */
double           dyno_history_item_get_best_rate (DynoHistoryItem *self, const DynoPhase *phase);
guint            dyno_history_item_get_n_targets (DynoHistoryItem *self);

/* Check boxes for Compare: per target, since a comparison's entries are targets. */
gboolean         dyno_history_item_get_target_selected (DynoHistoryItem *self, guint target);
void             dyno_history_item_set_target_selected (DynoHistoryItem *self,
                                                        guint            target,
                                                        gboolean         selected);
/* Selects or clears every target. */
void             dyno_history_item_set_selected (DynoHistoryItem *self, gboolean selected);
guint            dyno_history_item_get_n_selected (DynoHistoryItem *self);

/* Tells the item the result's label, notes or targets changed in place. */
void             dyno_history_item_changed (DynoHistoryItem *self);

G_END_DECLS
