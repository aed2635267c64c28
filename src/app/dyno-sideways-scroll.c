/* dyno-sideways-scroll.c: tables and charts that scroll sideways inside a page that scrolls down
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-sideways-scroll.h"

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, GtkWidget *scroller)
{
  GtkWidget *page = gtk_widget_get_ancestor (gtk_widget_get_parent (scroller),
                                             GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  double step;

  if (page == NULL || fabs (dx) >= fabs (dy))
    return GDK_EVENT_PROPAGATE;

  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));
  /* GTK's own step for a wheel notch; touchpads report pixels. */
  step = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL
             ? pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0)
             : 1.0;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + dy * step);
  return GDK_EVENT_STOP;
}

void
dyno_sideways_scroll_pass_vertical (GtkWidget *scroller)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_SCROLLED_WINDOW (scroller));

  /* style.css shades the edge there is more beyond: a table wider than the window says so. */
  gtk_widget_add_css_class (scroller, "sideways");

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                | GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), scroller);
  gtk_widget_add_controller (scroller, controller);
}
