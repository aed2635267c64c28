/* test-l10n-window.c: the window's half of tests/test-l10n-app.py
 *
 *   test-l10n-window ENGLISH TRANSLATION [ENGLISH TRANSLATION]...
 *
 * Sets gettext up as src/app/main.c does (so the catalogue comes from the LOCALEDIR compiled
 * in: run it from a build configured with the prefix its .mo files are installed in, as
 * tests/run-localized.py does), opens the main window and collects the text of every label in
 * it (with mnemonic underscores, as the .ui files and the .po have them) and the titles of the
 * view switcher's pages. For pair N (counted from 1) it prints one line:
 *
 *   PASS N ENGLISH
 *   FAIL N ENGLISH: why
 *
 * and exits 1 if any failed: the translation must be shown and the English must not. It is no
 * test of its own (the driver turns the lines into TAP); without a display it prints
 * "SKIP no display" and exits 77.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>

#include "dyno-application.h"
#include "dyno-test-util.h"
#include "dyno-window-private.h"

#define EXIT_SKIP 77

static gboolean timed_out;

static gboolean
on_timeout (gpointer data)
{
  timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the window settle: layout, the first frame, the idles its views queue. */
static void
spin (guint ms)
{
  timed_out = FALSE;
  g_timeout_add (ms, on_timeout, NULL);
  while (!timed_out)
    g_main_context_iteration (NULL, TRUE);
}

static void
collect_labels (GtkWidget *widget, GHashTable *texts)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *label = gtk_label_get_label (GTK_LABEL (widget));

      if (label != NULL && *label != '\0')
        g_hash_table_add (texts, g_strdup (label));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static void
collect_page_titles (AdwViewStack *stack, GHashTable *texts)
{
  g_autoptr (GtkSelectionModel) pages = adw_view_stack_get_pages (stack);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (pages));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      const char *title = adw_view_stack_page_get_title (page);

      if (title != NULL)
        g_hash_table_add (texts, g_strdup (title));
    }
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (DynoApplication) app = NULL;
  g_autofree char *data_home = NULL;
  DynoWindow *window;
  guint failed = 0;

  if (argc < 3 || argc % 2 != 1)
    {
      g_printerr ("Usage: %s ENGLISH TRANSLATION [ENGLISH TRANSLATION]...\n", argv[0]);
      return 2;
    }

  /* As the app's main () does: the text domain bound to the compiled-in LOCALEDIR. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_print ("# LOCALEDIR %s, LANGUAGE=%s\n", LOCALEDIR, g_getenv ("LANGUAGE"));

  /* Results and settings of the person running the test stay out of it; before GTK starts,
   * as GLib keeps the first answer for the user data folder. */
  data_home = dyno_test_make_dir ("dyno-l10n-data");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  if (!gtk_init_check ())
    {
      g_print ("SKIP no display\n");
      dyno_test_rm_rf (data_home);
      return EXIT_SKIP;
    }
  adw_init ();

  /* The preset whose name and description the driver expects, whatever the schema's default. */
  {
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_string (settings, "preset", "quick");
  }

  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, NULL))
    g_error ("could not register the application");

  window = dyno_window_new (GTK_APPLICATION (app));
  /* Wide enough for the view switcher in the header bar. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  spin (300);

  collect_labels (GTK_WIDGET (window), texts);
  collect_page_titles (window->stack, texts);

  for (int i = 1; i + 1 < argc; i += 2)
    {
      const char *english = argv[i];
      const char *translation = argv[i + 1];
      int pair = (i + 1) / 2;

      if (g_str_equal (english, translation))
        {
          failed++;
          g_print ("FAIL %d %s: the translation is the English text\n", pair, english);
        }
      else if (!g_hash_table_contains (texts, translation))
        {
          failed++;
          g_print ("FAIL %d %s: “%s” is not shown%s\n", pair, english, translation,
                   g_hash_table_contains (texts, english) ? " (the English text is)" : "");
        }
      else if (g_hash_table_contains (texts, english))
        {
          failed++;
          g_print ("FAIL %d %s: the English text is shown too\n", pair, english);
        }
      else
        g_print ("PASS %d %s\n", pair, english);
    }

  if (failed > 0)
    {
      g_autofree gpointer *shown = g_hash_table_get_keys_as_array (texts, NULL);
      guint n = g_hash_table_size (texts);

      g_print ("# the window shows:\n");
      qsort (shown, n, sizeof (gpointer), compare_strings);
      for (guint i = 0; i < n; i++)
        {
          g_auto (GStrv) lines = g_strsplit (shown[i], "\n", -1);
          g_autofree char *one_line = g_strjoinv (" ⏎ ", lines);

          g_print ("#   %s\n", one_line);
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
  dyno_test_rm_rf (data_home);
  return failed > 0 ? 1 : 0;
}
