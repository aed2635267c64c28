/* dyno-help-window.h: the help pages shown by the app itself, when no help viewer is installed
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DYNO_TYPE_HELP_WINDOW (dyno_help_window_get_type ())
G_DECLARE_FINAL_TYPE (DynoHelpWindow, dyno_help_window, DYNO, HELP_WINDOW, AdwWindow)

/* The Mallard pages of help/C, from the app's resources, with a note that says why they are
 * shown here (reason: the error of the help viewer, or NULL) and what to install for more. */
GtkWidget  *dyno_help_window_new (GtkWindow *parent, const char *reason);
/* Everything the window shows, as plain text, one block a line: for tests. */
const char *dyno_help_window_get_text (DynoHelpWindow *self);
/* The note over the pages, as shown. */
const char *dyno_help_window_get_note (DynoHelpWindow *self);

G_END_DECLS
