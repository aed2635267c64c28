/* dyno-cli-clean.c: `dyno-cli clean`: remove the scratch folders Dyno left
 *
 * Without a folder: the ones a run could not remove and listed (dyno-leftovers.h), such as
 * the folder of a run whose FUSE daemon was killed, once the file system is mounted again.
 * With folders: the stale scratch folders in them, as a run there would remove them (a run
 * killed with SIGKILL leaves one without listing it). Either way only folders with Dyno's
 * marker, of a process that no longer runs, holding only Dyno's files.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <unistd.h>

#include "dyno-cli-private.h"
#include "dyno-leftovers.h"
#include "dyno-parse.h"
#include "dyno-scratch.h"

static void
print_messages (GPtrArray *messages)
{
  for (guint i = 0; i < messages->len; i++)
    g_print ("  %s\n", (const char *) g_ptr_array_index (messages, i));
}

/* The listed ones: returns how many could not be removed. */
static guint
clean_listed (gboolean list_only)
{
  g_autoptr (GPtrArray) leftovers = dyno_leftovers_list ();
  guint failed = 0;

  if (leftovers->len == 0)
    {
      g_print (_("Dyno has left no scratch folders that it knows of.\n"));
      return 0;
    }
  for (guint i = 0; i < leftovers->len; i++)
    {
      const DynoLeftover *leftover = g_ptr_array_index (leftovers, i);
      g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *size = dyno_format_size (leftover->bytes);

      if (!leftover->present)
        {
          /* Translators: a folder's path */
          g_print (_("%s: not reachable now (its file system is not mounted, or does not "
                     "answer); mount it again, then run “dyno-cli clean”\n"),
                   leftover->display);
          failed++;
          continue;
        }
      if (list_only)
        {
          /* Translators: a folder's path, then a size */
          g_print (_("%s (%s)\n"), leftover->display, size);
          continue;
        }
      if (dyno_leftovers_remove (leftover, messages))
        /* Translators: a folder's path, then a size */
        g_print (_("Removed %s (%s)\n"), leftover->display, size);
      else
        {
          g_print (_("%s was not removed:\n"), leftover->display);
          print_messages (messages);
          failed++;
        }
    }
  return failed;
}

/* The stale scratch folders in one folder: returns how many could not be removed. */
static guint
clean_folder (const char *path, gboolean list_only)
{
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *display = g_filename_display_name (path);
  guint before = 0, removed;
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (fd < 0)
    {
      int saved = errno;

      dyno_cli_error ("%s: %s", display, g_strerror (saved));
      return 1;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (dyno_scratch_name_is_ours (name, NULL))
      {
        before++;
        if (list_only)
          g_print ("%s/%s\n", display, name);
      }
  if (list_only || before == 0)
    {
      if (before == 0)
        g_print (_("%s holds no Dyno scratch folder.\n"), display);
      close (fd);
      return 0;
    }
  removed = dyno_scratch_remove_stale (fd, messages);
  close (fd);
  print_messages (messages);
  return before - MIN (before, removed);
}

int
dyno_cli_clean (int argc, char **argv)
{
  gboolean list_only = FALSE;
  g_auto (GStrv) folders = NULL;
  const GOptionEntry entries[] = {
    { "list", 'l', 0, G_OPTION_ARG_NONE, &list_only,
      N_("List what would be removed; remove nothing"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &folders, NULL, N_("[FOLDER…]") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— remove the scratch folders "
                                                               "Dyno left"));
  g_autoptr (GError) error = NULL;
  guint failed = 0;
  int empty;

  g_set_prgname ("dyno-cli clean");
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Without a folder, removes the scratch folders that runs could "
                                  "not remove and so listed (after a FUSE daemon was killed "
                                  "mid-run, or a target was made unreadable), once they can be "
                                  "reached again. With folders, removes the stale scratch "
                                  "folders in them, as a run there would. Either way it removes "
                                  "only a folder that has Dyno's marker, belongs to a run that "
                                  "no longer goes on, and holds nothing but Dyno's files."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("clean", "%s", error->message);
  empty = dyno_cli_find_empty (folders);
  if (empty >= 0)
    return dyno_cli_empty_name_error ("clean", "FOLDER");

  if (folders == NULL)
    failed = clean_listed (list_only);
  for (guint i = 0; folders != NULL && folders[i] != NULL; i++)
    failed += clean_folder (folders[i], list_only);
  return failed > 0 ? DYNO_EXIT_FAILED : DYNO_EXIT_OK;
}
