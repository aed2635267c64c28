/* dyno-history-view.h: the list of saved runs: search, sort, check boxes for Compare
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-history.h"

G_BEGIN_DECLS

/* The order of the list: the "history-sort" setting, whose enum has these nicks
 * (DYNO_TYPE_HISTORY_SORT, dyno-app-enums.h; tests hold the schema to them). */
typedef enum
{
  DYNO_HISTORY_SORT_DATE,  /*< nick=date >*/
  DYNO_HISTORY_SORT_LABEL, /*< nick=label >*/
  DYNO_HISTORY_SORT_WRITE, /*< nick=write >*/
  DYNO_HISTORY_SORT_READ,  /*< nick=read >*/
} DynoHistorySort;

#define DYNO_TYPE_HISTORY_VIEW (dyno_history_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoHistoryView, dyno_history_view, DYNO, HISTORY_VIEW, AdwBin)

void             dyno_history_view_set_history (DynoHistoryView *self, DynoHistory *history);
/* DynoHistoryItem as shown: filtered by the search, in the chosen order. */
GListModel      *dyno_history_view_get_model (DynoHistoryView *self);
GtkSearchEntry  *dyno_history_view_get_search_entry (DynoHistoryView *self);
/* The row with the keyboard focus, or NULL. */
DynoHistoryItem *dyno_history_view_get_focused_item (DynoHistoryView *self);
/* Items with a checked target, in the order shown. */
GPtrArray       *dyno_history_view_get_selected_items (DynoHistoryView *self);
void             dyno_history_view_focus_search (DynoHistoryView *self);
/* Ask for a new label or for notes in a dialog, then save them. */
void             dyno_history_view_rename (DynoHistoryView *self, DynoHistoryItem *item);
void             dyno_history_view_edit_notes (DynoHistoryView *self, DynoHistoryItem *item);
/* The row of item, for tests; NULL when it is not shown. */
GtkWidget       *dyno_history_view_get_row (DynoHistoryView *self, DynoHistoryItem *item);

/* Delete (and keypad Delete) on widget and its children activates results.delete-run. */
void             dyno_history_view_add_delete_shortcut (GtkWidget *widget);

G_END_DECLS
