/* dyno-sideways-scroll.h: tables and charts that scroll sideways inside a page that scrolls down
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* scroller (a GtkScrolledWindow that scrolls only sideways) hands the vertical wheel to the
 * scrolled window around it, which a GtkScrolledWindow otherwise keeps for itself even with
 * nothing to scroll. It also gets the "sideways" style class, whose edges are shaded where there
 * is more to scroll to. */
void dyno_sideways_scroll_pass_vertical (GtkWidget *scroller);

G_END_DECLS
