/* dyno-switch-row.h: an AdwActionRow with a switch, for libadwaita 1.2 (no AdwSwitchRow)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DYNO_TYPE_SWITCH_ROW (dyno_switch_row_get_type ())
G_DECLARE_FINAL_TYPE (DynoSwitchRow, dyno_switch_row, DYNO, SWITCH_ROW, AdwActionRow)

GtkWidget *dyno_switch_row_new (void);
gboolean   dyno_switch_row_get_active (DynoSwitchRow *self);
void       dyno_switch_row_set_active (DynoSwitchRow *self, gboolean active);

G_END_DECLS
