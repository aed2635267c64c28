/* dyno-precision.c
 *
 * The CLI's report lists each figure's precision in a paragraph of its own; a window has the
 * room to put it where the figure is, so that a figure that missed its target cannot be read
 * without seeing that it did. The words are the report's.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-precision"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-precision.h"

static gboolean
is_judged (const DynoPhaseResult *phase)
{
  return phase->precision_met >= 0 && isfinite (phase->precision_target);
}

char *
dyno_precision_describe_caption (const DynoPhaseResult *phase)
{
  guint n;

  g_return_val_if_fail (phase != NULL, NULL);

  if (!is_judged (phase))
    return NULL;
  n = phase->runs != NULL ? phase->runs->len : 0;
  if (isfinite (phase->precision_reached))
    /* Translators: under a figure: its 95 % interval in percent of the mean and the runs
     * behind it, "±2.1 % · 3 runs" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "±%.1f %% · %u run",
                                         "±%.1f %% · %u runs", n),
                            phase->precision_reached * 100, n);
  /* Translators: under a figure that has no interval: the runs behind it, "1 run" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run", "%u runs", n), n);
}

char *
dyno_precision_describe_tooltip (const DynoPhaseResult *phase)
{
  g_autofree char *verdict = NULL;
  g_autofree char *interval = NULL;

  g_return_val_if_fail (phase != NULL, NULL);

  if (!is_judged (phase))
    return NULL;
  if (phase->precision_met == 1)
    /* Translators: tooltip of a figure's precision; a percentage */
    verdict = g_strdup_printf (_("Within the ±%.1f %% asked for"), phase->precision_target * 100);
  else
    /* Translators: tooltip of a figure whose precision was not reached, then why: "Not within
     * the ±5.0 % asked for: the device's own runs varied ×6.7" */
    verdict = g_strdup_printf (_("Not within the ±%.1f %% asked for: %s"),
                               phase->precision_target * 100,
                               phase->precision_reason != NULL ? phase->precision_reason
                                                               : _("no reason was recorded"));
  if (!isfinite (phase->precision_reached))
    return g_steal_pointer (&verdict);
  /* The figure above it is "mean ± one standard deviation": say which ± this one is. */
  interval = g_strdup_printf (
      /* Translators: the first line of a figure's precision tooltip; the percentage is the
       * caption's "±2.1 %" */
      _("The mean’s 95 %% interval is ±%.1f %% of it"), phase->precision_reached * 100);
  return g_strdup_printf ("%s\n%s", interval, verdict);
}

GtkWidget *
dyno_precision_caption_new (const DynoPhaseResult *phase)
{
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;
  GtkWidget *box;

  g_return_val_if_fail (phase != NULL, NULL);

  if ((text = dyno_precision_describe_caption (phase)) == NULL)
    return NULL;
  tooltip = dyno_precision_describe_tooltip (phase);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_halign (box, GTK_ALIGN_END);
  gtk_widget_add_css_class (box, "precision");
  gtk_widget_add_css_class (box, "caption");
  if (phase->precision_met == 0)
    {
      /* Colour alone would not reach everyone: the icon says it too. */
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (box, "warning");
      gtk_box_append (GTK_BOX (box), icon);
    }
  else
    gtk_widget_add_css_class (box, "dim-label");
  gtk_box_append (GTK_BOX (box), gtk_label_new (text));
  gtk_widget_set_tooltip_text (box, tooltip);
  /* A screen reader does not hover: it reads the verdict and the reason from here. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  tooltip, -1);
  return box;
}

char *
dyno_precision_describe_summary (GPtrArray *phases)
{
  double asked = NAN;
  guint judged = 0;
  guint met = 0;

  g_return_val_if_fail (phases != NULL, NULL);

  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (phases, i);

      if (!is_judged (phase))
        continue;
      /* One run asks one precision of all its figures; the report names the same. */
      asked = phase->precision_target;
      judged++;
      met += phase->precision_met == 1;
    }
  if (judged == 0)
    return NULL;
  /* Translators: under a result's table: the precision asked for (a percentage), then how
   * many figures reached it: "Precision asked: ±5.0 % — met by 7 of 9 figures" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Precision asked: ±%.1f %% — met by %u of %u figure",
                                       "Precision asked: ±%.1f %% — met by %u of %u figures",
                                       judged),
                          asked * 100, met, judged);
}
