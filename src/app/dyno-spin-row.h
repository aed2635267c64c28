/* dyno-spin-row.h: an AdwActionRow with a spin button, for libadwaita 1.2 (no AdwSpinRow)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DYNO_TYPE_SPIN_ROW (dyno_spin_row_get_type ())
G_DECLARE_FINAL_TYPE (DynoSpinRow, dyno_spin_row, DYNO, SPIN_ROW, AdwActionRow)

GtkWidget     *dyno_spin_row_new (void);
GtkAdjustment *dyno_spin_row_get_adjustment (DynoSpinRow *self);
double         dyno_spin_row_get_value (DynoSpinRow *self);
void           dyno_spin_row_set_value (DynoSpinRow *self, double value);
/* What 0 shows, and what may be typed for it ("Auto"); NULL: "0". */
void           dyno_spin_row_set_zero_text (DynoSpinRow *self, const char *text);
/* Binds the value to an integer or double key, with the key's range as the bounds (a double
 * key shows tenths). */
void           dyno_spin_row_bind_setting (DynoSpinRow *self, GSettings *settings, const char *key);

G_END_DECLS
