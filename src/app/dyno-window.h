/* dyno-window.h: the main window: Setup, Live and Results pages, Run and Stop
 *
 * Signals: send-notification (const char *id, GNotification *) when a run ends while the
 * window is not in front, withdraw-notification (const char *id) once it is again;
 * DynoApplication sends them to the desktop.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-engine.h"
#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_WINDOW (dyno_window_get_type ())
G_DECLARE_FINAL_TYPE (DynoWindow, dyno_window, DYNO, WINDOW, AdwApplicationWindow)

DynoWindow *dyno_window_new (GtkApplication *application);
/* What "Add Folder…" does with the chosen folder: list it and check it. */
void        dyno_window_add_target (DynoWindow *self, const char *path);
/* Checks exactly these folders, adding them as needed (dyno --target). */
void        dyno_window_select_targets (DynoWindow *self, const char * const *paths);
/* win.run: starts a run with the checked targets, or once they are probed. */
void        dyno_window_run (DynoWindow *self);
/* win.compare-two: with exactly two checked targets, a paired run of them in one session, the
 * repeats interleaved (at least two; three when the options say one), whose result leads with
 * the verdicts. */
void        dyno_window_compare_two (DynoWindow *self);
/* win.stop */
void        dyno_window_stop (DynoWindow *self);
/* Stops the run, if any, without asking, and closes the window once its scratch is removed. */
void        dyno_window_shut_down (DynoWindow *self);
/* TRUE from Run until the run's completion callback, cleanup included. */
gboolean    dyno_window_get_running (DynoWindow *self);
DynoEngine *dyno_window_get_engine (DynoWindow *self);
/* The last finished run, NULL before the first. */
DynoResult *dyno_window_get_result (DynoWindow *self);
/* Where the last result was saved, NULL until saving finished. */
const char *dyno_window_get_result_path (DynoWindow *self);
/* Lists Dyno result files where they are and imports other tools' output (dyno FILE…, a drop,
 * the file manager); one run is shown, several are compared. */
void        dyno_window_open_files (DynoWindow *self, GFile **files, guint n_files);

G_END_DECLS
