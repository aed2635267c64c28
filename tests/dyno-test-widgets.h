/* dyno-test-widgets.h: what the GUI test programs look for in the app's widgets
 *
 * GTK only: linked into the test programs that open the app's windows (tests/meson.build's
 * test_widget_sources), not into the engine's.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Every key of the app's settings back to its default (GSETTINGS_BACKEND=memory). */
void       dyno_test_reset_settings (void);
/* Destroys a window the test holds a reference to, lets the idles its teardown queued run,
 * and fails unless that frees it. */
void       dyno_test_destroy_window (gpointer window);
/* The first visible label under widget whose text holds text, or NULL. */
GtkLabel  *dyno_test_find_label (GtkWidget *widget, const char *text);
/* Whether a label under widget that reads exactly text shows wherever widget does: it and
 * every widget between them visible and child-visible (widget itself may be off screen, a
 * row of a list on a page not shown). */
gboolean   dyno_test_label_shown (GtkWidget *widget, const char *text);
/* The first widget of type under widget, depth first, or NULL. */
GtkWidget *dyno_test_find_descendant (GtkWidget *widget, GType type);

G_END_DECLS
