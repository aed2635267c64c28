/* dyno-history-row.h: a saved run in the Results list, with a check box per target
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-history-item.h"
#include "dyno-report.h"

G_BEGIN_DECLS

#define DYNO_TYPE_HISTORY_ROW (dyno_history_row_get_type ())
G_DECLARE_FINAL_TYPE (DynoHistoryRow, dyno_history_row, DYNO, HISTORY_ROW, GtkListBoxRow)

/* deletable: whether the menu says Delete (a file in the runs folder) or Remove From List. */
GtkWidget       *dyno_history_row_new (DynoHistoryItem *item,
                                       DynoRateUnit     rate_unit,
                                       gboolean         deletable);
DynoHistoryItem *dyno_history_row_get_item (DynoHistoryRow *self);
void             dyno_history_row_set_rate_unit (DynoHistoryRow *self, DynoRateUnit rate_unit);
/* For tests: NULL when the run did not fail, else what the row says about it ("" when each
 * target's line says it); and the figures a target's line shows. */
const char      *dyno_history_row_get_failure (DynoHistoryRow *self);
const char      *dyno_history_row_get_figures (DynoHistoryRow *self, guint target);

G_END_DECLS
