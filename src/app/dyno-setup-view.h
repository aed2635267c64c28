/* dyno-setup-view.h: the Setup page: targets, preset, every run option and the honesty note
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-config.h"
#include "dyno-spin-row.h"
#include "dyno-switch-row.h"
#include "dyno-target-list.h"

G_BEGIN_DECLS

#define DYNO_TYPE_SETUP_VIEW (dyno_setup_view_get_type ())
G_DECLARE_FINAL_TYPE (DynoSetupView, dyno_setup_view, DYNO, SETUP_VIEW, AdwPreferencesPage)

DynoTargetList *dyno_setup_view_get_target_list (DynoSetupView *self);
/* The configuration the rows describe, validated; NULL with an error that names the option
 * when a row holds text that does not parse or the options do not fit together. */
DynoConfig     *dyno_setup_view_build_config (DynoSetupView *self, GError **error);
/* A valid configuration and at least one checked target that is, or may be, writable. */
gboolean        dyno_setup_view_get_can_run (DynoSetupView *self);
/* While a run is going the options cannot change. */
void            dyno_setup_view_set_locked (DynoSetupView *self, gboolean locked);
/* The honesty note as shown, and the size rows: for tests. */
const char     *dyno_setup_view_get_note (DynoSetupView *self);
AdwEntryRow    *dyno_setup_view_get_size_row (DynoSetupView *self);
DynoSwitchRow  *dyno_setup_view_get_auto_size_row (DynoSetupView *self);
DynoSpinRow    *dyno_setup_view_get_phase_time_row (DynoSetupView *self);

/* The disclosure of the advanced settings, and whether they are shown. */
GtkToggleButton *dyno_setup_view_get_advanced_button (DynoSetupView *self);
gboolean         dyno_setup_view_get_advanced_shown (DynoSetupView *self);

G_END_DECLS
