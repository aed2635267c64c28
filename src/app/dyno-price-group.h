/* dyno-price-group.h: what a target cost, and its figures per currency unit
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-rate-unit.h"
#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_PRICE_GROUP (dyno_price_group_get_type ())
G_DECLARE_FINAL_TYPE (DynoPriceGroup, dyno_price_group, DYNO, PRICE_GROUP, AdwPreferencesGroup)

/* For target index of result, figures in rate_unit. "changed" is emitted after the person
 * applied a new price (or cleared it), which is then in the target. */
GtkWidget   *dyno_price_group_new (DynoResult *result, guint index, DynoRateUnit rate_unit);

/* For tests: the entry, and a phase's figure per currency unit ("0.533 MB/s per USD"), NULL
 * when it has none. */
AdwEntryRow *dyno_price_group_get_entry (DynoPriceGroup *self);
const char  *dyno_price_group_get_figure (DynoPriceGroup *self, const DynoPhase *phase);

G_END_DECLS
