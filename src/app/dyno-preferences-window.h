/* dyno-preferences-window.h: app-wide preferences (units, default cache policy, sampling)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DYNO_TYPE_PREFERENCES_WINDOW (dyno_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (DynoPreferencesWindow, dyno_preferences_window, DYNO, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWidget *dyno_preferences_window_new (GtkWindow *parent);

G_END_DECLS
