/* dyno-cli-import.c: `dyno-cli import`: bonnie++ and Bonnie results as Dyno result files
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * All or nothing for the whole command: every input is read before anything is written, so a
 * bad line in the third file leaves no half import of the first two to clean up; a write that
 * fails removes the files this command wrote before it.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dyno-cli-private.h"
#include "dyno-import.h"

#define MAX_STEM 40

/* "NoFV-67603b05.dyno.json": the label made safe for any file system, then enough of the
 * result's id to keep two runs with one label apart. */
static char *
file_name_for (DynoResult *result)
{
  const char *label = dyno_result_get_label (result);
  const char *id = dyno_result_get_id (result);
  GString *stem = g_string_new (NULL);
  g_autofree char *short_id = NULL;

  for (const char *p = label ? label : ""; *p != '\0' && stem->len < MAX_STEM; p++)
    {
      if (g_ascii_isalnum (*p) || *p == '.' || *p == '_' || *p == '-')
        g_string_append_c (stem, *p);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  while (stem->len > 0 && (stem->str[stem->len - 1] == '-' || stem->str[stem->len - 1] == '.'))
    g_string_truncate (stem, stem->len - 1);
  while (stem->len > 0 && stem->str[0] == '.')
    g_string_erase (stem, 0, 1);
  if (stem->len == 0)
    g_string_append (stem, "run");

  short_id = g_strndup (id ? id : "00000000", 8);
  g_string_append_printf (stem, "-%s.dyno.json", short_id);
  return g_string_free (stem, FALSE);
}

static gboolean
parse_format (const char *text, DynoImportFormat *format)
{
  /* "bonnie++" alone is its text table, the form people paste; its CSV is "csv". */
  if (g_ascii_strcasecmp (text, "bonnie++") == 0)
    {
      *format = DYNO_IMPORT_BONNIEPP_TEXT;
      return TRUE;
    }
  return dyno_import_format_from_string (text, format);
}

int
dyno_cli_import (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *format = NULL;
  g_auto (GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Folder to write the result files to (created if missing)"), N_("DIR") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("What the files hold (default auto: recognised from the contents)"),
      N_("auto|csv|bonnie++|bonnie|dyno") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE…") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) origins = g_ptr_array_new_with_free_func (g_free);
  DynoImportFormat import_format = DYNO_IMPORT_AUTO;

  g_set_prgname ("dyno-cli import");
  context = g_option_context_new (_("FILE… -o DIR — other tools' results as Dyno result files"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads bonnie++ CSV (1.03 to 2.00) and text tables, Bonnie "
                                  "tables and Dyno result files, and writes one result file per "
                                  "run found, named after its label, noting where it came from. "
                                  "Nothing is written unless every file reads cleanly."));
  g_option_context_set_description (context,
                                    _("Example:\n"
                                      "  dyno-cli import run.csv blog-post.txt -o imported/\n\n"
                                      "Exit status: 0 success, 1 a file could not be read or "
                                      "written (nothing is left behind), 2 usage error.\n"));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("import", "%s", error->message);
  if (files == NULL || files[0] == NULL)
    return dyno_cli_usage_error ("import", _("No files to import"));
  if (output == NULL)
    return dyno_cli_usage_error ("import", _("Where to? Give the folder with -o DIR"));
  if (format != NULL && !parse_format (format, &import_format))
    return dyno_cli_usage_error ("import",
                                 _("--format: “%s” is not auto, csv, bonnie++, bonnie or dyno"),
                                 format);

  results = dyno_cli_load_inputs (files, import_format);
  if (results == NULL)
    return DYNO_EXIT_FAILED;

  if (g_file_test (output, G_FILE_TEST_EXISTS) && !g_file_test (output, G_FILE_TEST_IS_DIR))
    {
      dyno_cli_error (_("%s: not a folder"), output);
      return DYNO_EXIT_FAILED;
    }
  if (g_mkdir_with_parents (output, 0755) != 0)
    {
      int saved = errno;

      dyno_cli_error (_("Cannot create the folder %s: %s"), output, g_strerror (saved));
      return DYNO_EXIT_FAILED;
    }

  /* Names first, so a clash is found before anything is written. */
  for (guint i = 0; i < results->len; i++)
    {
      g_autofree char *name = file_name_for (g_ptr_array_index (results, i));
      char *path = g_build_filename (output, name, NULL);

      for (guint j = 0; j < paths->len; j++)
        if (g_str_equal (g_ptr_array_index (paths, j), path))
          {
            /* Two runs with one id: only a file imported twice in one command does that. */
            dyno_cli_error (_("%s would be written twice: is a file given twice?"), path);
            g_free (path);
            return DYNO_EXIT_FAILED;
          }
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          dyno_cli_error (_("%s exists already; nothing was imported"), path);
          g_free (path);
          return DYNO_EXIT_FAILED;
        }
      g_ptr_array_add (paths, path);
    }

  /* Where each run came from, before saving points its path at the copy. */
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const char *source = dyno_result_get_source (result);

      g_ptr_array_add (origins, g_strdup (source != NULL ? source : dyno_result_get_path (result)));
    }

  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const char *path = g_ptr_array_index (paths, i);

      if (!dyno_result_save (result, path, &error))
        {
          dyno_cli_error ("%s", error->message);
          for (guint j = 0; j < i; j++)
            g_unlink (g_ptr_array_index (paths, j));
          dyno_cli_error (_("Nothing was imported"));
          return DYNO_EXIT_FAILED;
        }
    }

  for (guint i = 0; i < results->len; i++)
    /* Translators: one line per imported run; a file name, then where the run came from */
    g_print (_("%s  from %s\n"), (const char *) g_ptr_array_index (paths, i),
             (const char *) g_ptr_array_index (origins, i));
  return DYNO_EXIT_OK;
}
