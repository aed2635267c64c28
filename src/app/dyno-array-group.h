/* dyno-array-group.h: a target's disk array and its figures per data spindle
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_ARRAY_GROUP (dyno_array_group_get_type ())
G_DECLARE_FINAL_TYPE (DynoArrayGroup, dyno_array_group, DYNO, ARRAY_GROUP, AdwPreferencesGroup)

/* For target index of result, which must be on an array or have data spindles given
 * (dyno_array_target_spindles ()): NULL otherwise. "changed" is emitted after the person
 * applied a new reference rate, which is then in the target. */
GtkWidget  *dyno_array_group_new (DynoResult *result, guint index);

/* The entry of the reference rate and the per-spindle line of a phase ("1.58 GB/s =
 * 87.98 MB/s per data spindle = 94.6 % of one drive"), NULL when it has none: for tests. */
AdwEntryRow *dyno_array_group_get_reference_row (DynoArrayGroup *self);
const char  *dyno_array_group_get_figure (DynoArrayGroup *self, const DynoPhase *phase);

/* "93" (MB/s, as drives are quoted), "93,70", "93M", "88MiB/s": a reference rate as the app
 * reads it; "" clears it (both NAN). FALSE when it is none of that. */
gboolean     dyno_array_group_parse_reference (const char *text, double *read, double *write);

G_END_DECLS
