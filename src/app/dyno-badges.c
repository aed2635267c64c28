/* dyno-badges.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-badges"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-badges.h"

GtkWidget *
dyno_badge_new (const char *text, const char *style, const char *tooltip)
{
  GtkWidget *badge = gtk_label_new (text);

  gtk_widget_add_css_class (badge, "badge");
  if (style != NULL)
    gtk_widget_add_css_class (badge, style);
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (badge, tooltip);
  return badge;
}

void
dyno_badges_append_traits (GtkBox *box, const DynoTargetInfo *info)
{
  g_return_if_fail (GTK_IS_BOX (box));

  if (info == NULL)
    return;
  if (dyno_target_info_is_encrypted (info))
    {
      g_autoptr (GString) layers = g_string_new (_("Encrypted:"));

      for (guint i = 0; i < info->encryption->len; i++)
        g_string_append_printf (layers, "%s %s", i > 0 ? "," : "",
                                (const char *) g_ptr_array_index (info->encryption, i));
      gtk_box_append (box, dyno_badge_new (_("Encrypted"), "accent", layers->str));
    }
  if (info->network)
    gtk_box_append (box, dyno_badge_new (_("Network"), "warning",
                                         _("A network file system: the figures include the "
                                           "network and the server")));
  if (info->cow)
    gtk_box_append (box, dyno_badge_new (_("Copy-on-write"), "accent",
                                         info->cow_hint ? info->cow_hint
                                                        : _("A copy-on-write file system")));
}

void
dyno_badges_fill (GtkBox *box, const DynoTargetInfo *info)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_BOX (box));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
  if (info == NULL)
    return;

  if (!info->writable)
    gtk_box_append (box, dyno_badge_new (_("Not writable"), "error",
                                         info->unwritable_reason
                                             ? info->unwritable_reason
                                             : _("This folder cannot be written")));
  dyno_badges_append_traits (box, info);
}
