/* dyno-headline.c
 *
 * The words come from the formats layer (dyno_comparison_describe_headline), so dyno-cli
 * compare prints the same answer; this file only lays them out.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-headline"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-headline.h"

static GtkWidget *
line_new (const char *text, const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, style);
  return label;
}

/* A line about a figure that may come from a cache below: a warning icon before it, "†"
 * as the tables mark the figure, and the reason on hover. */
static GtkWidget *
doubt_line_new (const char *text, const char *reason)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *label = line_new (text, "headline-line");

  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (icon, "warning");
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, "cache-doubt-line");
  gtk_widget_set_tooltip_text (box, reason);
  return box;
}

/* "† Block read: may come from a cache below: the server of this NFS share" for each phase
 * whose figure, or the baseline's, may come from RAM: the headline says nothing of them in
 * words of faster or slower, and says why here. */
static void
append_doubts (GtkWidget *card, GString *text, const DynoComparison *comparison, guint entry)
{
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);

  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      g_autofree char *line = NULL;
      DynoCompareCell cell;

      dyno_comparison_get_cell (comparison, entry, phase, &cell);
      if (!cell.present || cell.cache_doubt == NULL)
        continue;
      /* TRANSLATORS: a phase, then why its figure may come from a cache below: "Block read:
       * may come from a cache below: the server of this NFS share" */
      line = g_strdup_printf (_("%s: %s"), dyno_phase_get_title (phase), cell.cache_doubt);
      gtk_box_append (GTK_BOX (card), doubt_line_new (line, cell.cache_doubt));
      g_string_append_printf (text, "\n† %s", line);
    }
}

/* The one answer first: the typical change over the figures that matter, with its interval
 * and the phases it is the mean of. */
static void
append_typical (GtkWidget *card, GString *text, const DynoComparison *comparison, guint entry)
{
  g_autofree char *typical = dyno_comparison_describe_typical (comparison, entry);

  if (typical == NULL)
    return;
  gtk_box_append (GTK_BOX (card), line_new (typical, "typical"));
  g_string_append_printf (text, "\n%s", typical);
}

/* Whether some phase of the entry has a figure, its own or the baseline's, in doubt. */
static gboolean
has_doubts (const DynoComparison *comparison, guint entry)
{
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);

  for (guint i = 0; i < phases->len; i++)
    {
      DynoCompareCell cell;

      dyno_comparison_get_cell (comparison, entry, g_ptr_array_index (phases, i), &cell);
      if (cell.present && cell.cache_doubt != NULL)
        return TRUE;
    }
  return FALSE;
}

GtkWidget *
dyno_headline_new (const DynoComparison *comparison)
{
  g_autoptr (GString) text = g_string_new (NULL);
  GtkWidget *card;
  guint n_entries;

  g_return_val_if_fail (comparison != NULL, NULL);

  card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "headline");
  n_entries = dyno_comparison_get_n_entries (comparison);
  for (guint e = 0; e < n_entries; e++)
    {
      g_auto (GStrv) lines = dyno_comparison_describe_headline (comparison, e);
      g_autofree char *versus = NULL;
      GtkWidget *heading;

      if (e == dyno_comparison_get_baseline (comparison)
          || (lines[0] == NULL && !has_doubts (comparison, e)))
        continue;
      versus = dyno_comparison_describe_versus (comparison, e);
      heading = line_new (versus, "versus");
      /* Entries after the first stand apart. */
      if (text->len > 0)
        gtk_widget_set_margin_top (heading, 8);
      gtk_box_append (GTK_BOX (card), heading);
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", versus);
      append_typical (card, text, comparison, e);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          gtk_box_append (GTK_BOX (card), line_new (lines[i], "headline-line"));
          g_string_append_printf (text, "\n%s", lines[i]);
        }
      append_doubts (card, text, comparison, e);
    }
  if (text->len == 0)
    {
      /* Never shown: sink and drop it. */
      g_object_unref (g_object_ref_sink (card));
      return NULL;
    }
  g_object_set_data_full (G_OBJECT (card), "dyno-headline-text", g_strdup (text->str), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text->str, -1);
  return card;
}

gboolean
dyno_headline_is_paired (DynoResult *result)
{
  const DynoConfig *config;

  g_return_val_if_fail (DYNO_IS_RESULT (result), FALSE);

  /* Two folders in one session, repeats interleaved: each phase's ratio has an interval. With
   * one run a side there is no interval, and the plain headline says as much. */
  config = dyno_result_get_config (result);
  return dyno_result_get_n_targets (result) == 2 && config != NULL && config->repeat >= 2;
}

GtkWidget *
dyno_headline_new_paired (const DynoComparison *comparison)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) phases = NULL;
  GtkWidget *card;
  guint n_entries;
  guint baseline;

  g_return_val_if_fail (comparison != NULL, NULL);

  card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "headline");
  gtk_widget_add_css_class (card, "paired");
  n_entries = dyno_comparison_get_n_entries (comparison);
  baseline = dyno_comparison_get_baseline (comparison);
  phases = dyno_comparison_get_phases (comparison);
  for (guint e = 0; e < n_entries; e++)
    {
      g_autofree char *versus = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *typical = NULL;
      GtkWidget *heading;

      if (e == baseline)
        continue;
      versus = dyno_comparison_describe_versus (comparison, e);
      typical = dyno_comparison_describe_typical (comparison, e);
      /* With the typical change first and each phase's verdict under it, the summary's list of
       * the same verdicts would say them a third time: only its CPU sentence stays. */
      summary = typical != NULL ? dyno_comparison_describe_cpu (comparison, e)
                                : dyno_comparison_describe_summary (comparison, e);
      heading = line_new (versus, "versus");
      if (text->len > 0)
        gtk_widget_set_margin_top (heading, 8);
      gtk_box_append (GTK_BOX (card), heading);
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", versus);
      append_typical (card, text, comparison, e);
      if (summary != NULL)
        {
          gtk_box_append (GTK_BOX (card), line_new (summary, "paired-summary"));
          g_string_append_printf (text, "\n%s", summary);
        }
      if (typical != NULL)
        {
          /* The summary said it when there was no typical change. */
          g_autofree char *work = dyno_comparison_describe_work (comparison, e);

          if (work != NULL)
            {
              gtk_box_append (GTK_BOX (card), line_new (work, "paired-summary"));
              g_string_append_printf (text, "\n%s", work);
            }
        }
      /* Then each phase's verdict with its interval: the figures behind the sentence. */
      for (guint i = 0; i < phases->len; i++)
        {
          const DynoPhase *phase = g_ptr_array_index (phases, i);
          g_autofree char *verdict = NULL;
          g_autofree char *line = NULL;
          DynoCompareCell cell;

          dyno_comparison_get_cell (comparison, e, phase, &cell);
          if (!cell.present)
            continue;
          verdict = dyno_compare_cell_describe_verdict (&cell);
          if (verdict == NULL)
            continue;
          /* TRANSLATORS: a paired run's verdict for one phase: "Block write: 38 % slower (31 to
           * 44 %)"; the first %s is the phase, the second the verdict with its 95 % interval */
          line = g_strdup_printf (_("%s: %s"), dyno_phase_get_title (phase), verdict);
          /* No verdict from RAM's figure: said so, marked, and why on hover. */
          if (cell.cache_doubt != NULL)
            {
              gtk_box_append (GTK_BOX (card), doubt_line_new (line, cell.cache_doubt));
              g_string_append_printf (text, "\n† %s", line);
              continue;
            }
          gtk_box_append (GTK_BOX (card), line_new (line, "headline-line"));
          g_string_append_printf (text, "\n%s", line);
        }
    }
  if (text->len == 0)
    {
      g_object_unref (g_object_ref_sink (card));
      return NULL;
    }
  g_object_set_data_full (G_OBJECT (card), "dyno-headline-text", g_strdup (text->str), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text->str, -1);
  return card;
}

const char *
dyno_headline_get_text (GtkWidget *headline)
{
  if (headline == NULL)
    return NULL;
  return g_object_get_data (G_OBJECT (headline), "dyno-headline-text");
}
