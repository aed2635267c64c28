/* dyno-test-widgets.c: what the GUI test programs look for in the app's widgets
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dyno-test-util.h"
#include "dyno-test-widgets.h"

void
dyno_test_reset_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GSettingsSchema) schema = NULL;
  g_auto (GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
}

void
dyno_test_destroy_window (gpointer window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  dyno_test_spin (50);
  g_assert_finalize_object (window);
}

GtkLabel *
dyno_test_find_label (GtkWidget *widget, const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;

      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child)
          && strstr (gtk_label_get_text (GTK_LABEL (child)), text) != NULL)
        return GTK_LABEL (child);
      if ((found = dyno_test_find_label (child, text)) != NULL)
        return found;
    }
  return NULL;
}

gboolean
dyno_test_label_shown (GtkWidget *widget, const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      /* A revealer or an expander row hides its child by child-visible, a stack by visible. */
      if (!gtk_widget_get_visible (child) || !gtk_widget_get_child_visible (child))
        continue;
      if (GTK_IS_LABEL (child) && g_str_equal (gtk_label_get_text (GTK_LABEL (child)), text))
        return TRUE;
      if (dyno_test_label_shown (child, text))
        return TRUE;
    }
  return FALSE;
}

GtkWidget *
dyno_test_find_descendant (GtkWidget *widget, GType type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = dyno_test_find_descendant (child, type)) != NULL)
        return found;
    }
  return NULL;
}
