/* dyno-crypto-group.c
 *
 * The words come from the formats layer (dyno-crypto-words.c), so dyno-cli says the same; this
 * file lays them out: one row per answer, the question as its title and the answer as its
 * subtitle, which wraps on a narrow window, and the raw layer, which only an expert reads,
 * folded away.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-crypto-group"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-crypto-group.h"
#include "dyno-crypto-words.h"

/* "in the kernel" → "In the kernel": a row's subtitle is a sentence of its own. */
static char *
capitalize (const char *text)
{
  gunichar first;
  char head[8] = { 0 };

  if (text == NULL || *text == '\0')
    return g_strdup (text);
  first = g_unichar_totitle (g_utf8_get_char (text));
  g_unichar_to_utf8 (first, head);
  return g_strconcat (head, g_utf8_next_char (text), NULL);
}

/* A row: the question as its title, the answer as its subtitle; sentence, when the answer is
 * one of the words of dyno-crypto-words.c (which starts in lower case, to go inside a
 * sentence), rather than a name or a file's text. */
static GtkWidget *
row_new (const char *title, const char *answer, gboolean sentence, GString *text)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = sentence ? capitalize (answer) : g_strdup (answer);

  /* File names and flags may come from the file system: shown as text, never markup (said
   * before the text is set). */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  g_string_append_printf (text, "%s%s: %s", text->len > 0 ? "\n" : "", title, subtitle);
  return row;
}

static char *
cpu_flags (const DynoSystemInfo *system)
{
  GString *flags = g_string_new (NULL);

  for (guint i = 0; system != NULL && system->cpu_crypto != NULL && i < system->cpu_crypto->len;
       i++)
    g_string_append_printf (flags, "%s%s", i ? " " : "",
                            (const char *) g_ptr_array_index (system->cpu_crypto, i));
  if (flags->len == 0)
    /* TRANSLATORS: the CPU's crypto instructions when it has none */
    g_string_append (flags, _("none"));
  return g_string_free (flags, FALSE);
}

GtkWidget *
dyno_crypto_group_new (DynoResult *result, guint index)
{
  const DynoTargetResult *target;
  const DynoSystemInfo *system;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *cpu = NULL;
  GtkWidget *group;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);
  g_return_val_if_fail (index < dyno_result_get_n_targets (result), NULL);

  target = dyno_result_get_target (result, index);
  if (target->info == NULL || target->info->crypto == NULL || target->info->crypto->len == 0)
    return NULL;
  system = dyno_result_get_system (result);
  group = adw_preferences_group_new ();
  /* TRANSLATORS: the title of the group that says how a folder is encrypted */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Encryption"));
  gtk_widget_add_css_class (group, "crypto-group");
  {
    g_autoptr (GString) layers = g_string_new (NULL);

    /* "gocryptfs (FUSE)", "dm-crypt (LUKS2), fscrypt": which layers, outermost first. */
    for (guint i = 0; target->info->encryption != NULL && i < target->info->encryption->len; i++)
      g_string_append_printf (layers, "%s%s", i ? ", " : "",
                              (const char *) g_ptr_array_index (target->info->encryption, i));
    if (layers->len > 0)
      {
        g_autofree char *escaped = g_markup_escape_text (layers->str, -1);

        /* The description is markup. */
        adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), escaped);
        g_string_append (text, layers->str);
      }
  }
  for (guint i = 0; i < target->info->crypto->len; i++)
    {
      const DynoCryptoLayer *layer = g_ptr_array_index (target->info->crypto, i);
      g_autofree char *cipher = dyno_crypto_words_cipher (layer);
      g_autofree char *where = dyno_crypto_words_where (layer);
      g_autofree char *aes = NULL;
      g_autofree char *raw = dyno_crypto_layer_describe (layer);
      g_autofree char *title = NULL;
      g_autofree char *flags = NULL;
      GtkWidget *details;

      dyno_crypto_uses_aes_instructions (layer, system, &aes);
      /* With several layers (gocryptfs over dm-crypt), each row says whose it is. */
      title = target->info->crypto->len > 1
                  /* TRANSLATORS: the row of an encryption layer's cipher, when a folder has
                   * several layers; %s is the layer, "gocryptfs" */
                  ? g_strdup_printf (_("%s: Cipher"), layer->layer)
                  : g_strdup (_("Cipher"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 row_new (title, cipher, FALSE, text));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 /* TRANSLATORS: where an encryption layer does its work */
                                 row_new (_("Where It Runs"), where, TRUE, text));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 row_new (_("Uses the CPU’s AES Instructions"), aes, TRUE, text));

      /* The layer as found, for an expert or a bug report: behind a disclosure. */
      details = adw_expander_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (details), _("Details"));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (details),
                                     _("The layer as found, with its flags"));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (details),
                                row_new (_("As Found"), raw, FALSE, text));
      if (layer->source != NULL)
        /* TRANSLATORS: where Dyno read what an encryption layer is: a file, a command */
        adw_expander_row_add_row (ADW_EXPANDER_ROW (details),
                                  row_new (_("Read From"), layer->source, FALSE, text));
      if (layer->missing != NULL)
        adw_expander_row_add_row (ADW_EXPANDER_ROW (details),
                                  row_new (_("Not Known"), layer->missing, TRUE, text));
      if (system != NULL && system->cpu_crypto_known)
        {
          flags = cpu_flags (system);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (details),
                                    row_new (_("CPU Crypto Instructions"), flags, FALSE, text));
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), details);
    }
  /* Once for the target: its layers run in the same I/O path. */
  cpu = dyno_crypto_words_cpu (target);
  if (cpu != NULL)
    /* TRANSLATORS: what the I/O through an encrypted folder cost in CPU */
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               row_new (_("CPU per GB Moved"), cpu, TRUE, text));
  g_object_set_data_full (G_OBJECT (group), "dyno-crypto-text", g_strdup (text->str), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (group), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text->str, -1);
  return group;
}
