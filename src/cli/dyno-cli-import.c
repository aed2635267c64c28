/* dyno-cli-import.c: `dyno-cli import`: bonnie++ and Bonnie results as Dyno result files
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * All or nothing for the whole command: every input is read before anything is written, so a
 * bad line in the third file leaves no half import of the first two to clean up. The files are
 * written into a private staging folder inside DIR and moved into DIR only once every one of them
 * is written; a failed write, a name taken meanwhile, a listing that cannot be written to
 * standard output, or SIGINT, SIGTERM, SIGHUP or another signal that would end the process (exit
 * status 130) removes the staging folder, what was moved and the folders -o made, so DIR is as
 * it was. (SIGPIPE is ignored by every command: a reader that went away is a failed write.)
 * The staging folder holds a marker naming this process, so that a later import into DIR can
 * remove it should this one be killed (SIGKILL, a power cut) before it could.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-cli-fill.h"
#include "dyno-cli-private.h"
#include "dyno-fill-result.h"
#include "dyno-import.h"
#include "platform/dyno-platform.h"

#define MAX_STEM 40
#define STAGING_PREFIX ".dyno-import-"
#define STAGING_TEMPLATE STAGING_PREFIX "XXXXXX"
/* In the staging folder: who made it, as in run's scratch folders (dyno-scratch.c). */
#define STAGING_MARKER ".dyno-import"
#define STAGING_MARKER_HEAD "Dyno import staging folder"

/* Set by SIGINT, SIGTERM, SIGHUP or any other signal that would end the process
 * (dyno_cli_catch_signals ()); the command checks it between files. */
static volatile sig_atomic_t interrupted;

static void
on_signal (int signum)
{
  interrupted = signum;
}

typedef DynoCliSignals SignalState;

static void
catch_signals (SignalState *state)
{
  dyno_cli_catch_signals (state, on_signal);
}

static void
restore_signals (SignalState *state)
{
  dyno_cli_restore_signals (state);
}

static int
report_interrupted (void)
{
  dyno_cli_error (_("interrupted; nothing was imported"));
  return DYNO_EXIT_INTERRUPTED;
}

/* rename() that never replaces: a file that appeared under the name since the check stays. */
static gboolean
move_no_replace (const char *from, const char *to, GError **error)
{
  int saved;

#ifdef RENAME_NOREPLACE
  if (renameat2 (AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
    return TRUE;
  saved = errno;
  if (saved != EINVAL && saved != ENOSYS && saved != ENOTSUP)
    goto failed;
#endif
  /* A file system without renameat2's flags: a hard link fails as well on a taken name. */
  if (link (from, to) == 0)
    {
      g_unlink (from);
      return TRUE;
    }
  saved = errno;
  if (saved == EEXIST)
    goto failed;
  /* Nor hard links (FAT, exFAT): the check before writing is all there is. */
  if (!g_file_test (to, G_FILE_TEST_EXISTS) && g_rename (from, to) == 0)
    return TRUE;
  saved = g_file_test (to, G_FILE_TEST_EXISTS) ? EEXIST : errno;

failed:
  {
    g_autofree char *display = g_filename_display_name (to);

    if (saved == EEXIST)
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   _("%s appeared while importing; nothing was imported"), display);
    else
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Cannot write %s: %s"),
                   display, g_strerror (saved));
  }
  return FALSE;
}

/* Removes the staging folder with the files this command wrote in it (temporary ones too: every
 * entry in it is ours, as nobody else can enter a 0700 folder that did not exist before). */
static void
remove_staging (const char *staging)
{
  g_autoptr (GDir) dir = g_dir_open (staging, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (staging, name, NULL);

      g_unlink (path);
    }
  g_rmdir (staging);
}

/* The marker that proves a staging folder is Dyno's and names its process: a later import
 * removes the folder only when that process no longer runs on this machine. */
static gboolean
write_staging_marker (const char *staging)
{
  g_autofree char *identity = dyno_platform_process_identity (getpid ());
  g_autofree char *machine = dyno_platform_machine_id ();
  g_autofree char *path = g_build_filename (staging, STAGING_MARKER, NULL);
  g_autofree char *text = g_strdup_printf (STAGING_MARKER_HEAD ": safe to delete when no "
                                           "dyno-cli import runs.\npid=%d\nidentity=%s\n%s%s%s",
                                           (int) getpid (), identity ? identity : "unknown",
                                           machine ? "machine=" : "", machine ? machine : "",
                                           machine ? "\n" : "");
  gsize length = strlen (text);
  int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  gboolean ok = fd >= 0 && write (fd, text, length) == (gssize) length;

  if (fd >= 0 && close (fd) != 0)
    ok = FALSE;
  return ok;
}

/* "key=value" on a line of the marker, or NULL */
static char *
marker_value (const char *marker, const char *key)
{
  g_autofree char *needle = g_strdup_printf ("\n%s=", key);
  const char *line = strstr (marker, needle);

  if (line == NULL)
    return NULL;
  line += strlen (needle);
  return g_strndup (line, strcspn (line, "\n"));
}

/* What an import writes into its staging folder: the marker, "*.dyno.json" files and the
 * ".NAME.XXXXXX" temporary file of one being saved. */
static gboolean
staging_entry_is_ours (const char *name)
{
  gsize length = strlen (name);

  if (g_str_equal (name, STAGING_MARKER))
    return TRUE;
  if (name[0] != '.' && g_str_has_suffix (name, ".dyno.json"))
    return TRUE;
  return name[0] == '.' && length > 8 && name[length - 7] == '.'
         && strstr (name, ".dyno.json.") == name + length - 17;
}

/* Removes the staging folders in output of imports that were killed, on this machine, before
 * they could remove them themselves. A folder is touched only when its marker proves it is an
 * import's, its process is gone, and it holds nothing an import does not write. */
static void
remove_stale_staging (const char *output)
{
  g_autoptr (GDir) dir = g_dir_open (output, 0, NULL);
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *our_machine = dyno_platform_machine_id ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, STAGING_PREFIX) && strlen (name) == strlen (STAGING_TEMPLATE))
      g_ptr_array_add (candidates, g_strdup (name));

  for (guint i = 0; i < candidates->len; i++)
    {
      g_autofree char *folder = g_build_filename (output, g_ptr_array_index (candidates, i),
                                                  NULL);
      g_autofree char *marker_path = g_build_filename (folder, STAGING_MARKER, NULL);
      g_autofree char *marker = NULL;
      g_autofree char *pid_text = NULL;
      g_autofree char *identity = NULL;
      g_autofree char *machine = NULL;
      g_autofree char *live = NULL;
      g_autoptr (GDir) staged = NULL;
      g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
      gboolean foreign = FALSE;
      guint64 pid = 0;
      struct stat st;

      /* lstat: a link named like a staging folder is nobody's to follow. */
      if (lstat (folder, &st) != 0 || !S_ISDIR (st.st_mode) || st.st_uid != geteuid ()
          || !g_file_get_contents (marker_path, &marker, NULL, NULL)
          || !g_str_has_prefix (marker, STAGING_MARKER_HEAD ":"))
        continue; /* not provably an import's: never touched */
      pid_text = marker_value (marker, "pid");
      identity = marker_value (marker, "identity");
      machine = marker_value (marker, "machine");
      if (pid_text == NULL
          || !g_ascii_string_to_unsigned (pid_text, 10, 1, G_MAXINT, &pid, NULL))
        continue;
      if (machine != NULL && g_strcmp0 (machine, our_machine) != 0)
        continue; /* its import may still run there */
      live = dyno_platform_process_identity ((GPid) pid);
      if (live != NULL && (identity == NULL || g_str_equal (identity, "unknown")
                           || g_str_equal (live, identity)))
        continue; /* still running */

      staged = g_dir_open (folder, 0, NULL);
      while (staged != NULL && (name = g_dir_read_name (staged)) != NULL)
        {
          g_autofree char *path = g_build_filename (folder, name, NULL);

          if (!staging_entry_is_ours (name) || lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
            foreign = TRUE;
          g_ptr_array_add (entries, g_steal_pointer (&path));
        }
      if (staged == NULL || foreign)
        continue; /* all or nothing: what holds anything else stays as it is */
      for (guint j = 0; j < entries->len; j++)
        g_unlink (g_ptr_array_index (entries, j));
      if (g_rmdir (folder) == 0)
        /* Translators: %s is a folder, %d the process that left it */
        dyno_cli_error (_("removed %s, left behind by an earlier import (process %d) that did "
                          "not finish"),
                        folder, (int) pid);
    }
}

/* Makes output and every missing folder above it, noting each one made (outermost first), so
 * that a failed import removes all of them and not only the last. */
static gboolean
make_output (const char *output, GPtrArray *made)
{
  g_autofree char *parent = g_path_get_dirname (output);

  if (g_file_test (output, G_FILE_TEST_IS_DIR))
    return TRUE;
  if (!g_str_equal (parent, output) && !make_output (parent, made))
    return FALSE;
  if (g_mkdir (output, 0755) != 0)
    {
      int saved = errno;

      /* "a/./b" or "a/b/": the same folder again, or one another program made meanwhile */
      if (saved == EEXIST && g_file_test (output, G_FILE_TEST_IS_DIR))
        return TRUE;
      dyno_cli_error (_("Cannot create the folder %s: %s"), output, g_strerror (saved));
      return FALSE;
    }
  g_ptr_array_add (made, g_strdup (output));
  return TRUE;
}

/* Removes the folders make_output made, innermost first; one another program wrote into
 * meanwhile is not empty and stays. */
static void
remove_made (GPtrArray *made)
{
  for (guint i = made->len; i > 0; i--)
    g_rmdir (g_ptr_array_index (made, i - 1));
}

/* "NoFV-67603b05.dyno.json": the label made safe for any file system, then enough of the
 * result's id to keep two runs with one label apart; suffix ".dyno.json", or ".dyno-fill.json"
 * for a fill document. */
static char *
name_for (const char *label, const char *id, const char *suffix, guint id_length)
{
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

  short_id = g_strndup (id ? id : "00000000", id_length);
  g_string_append_printf (stem, "-%s%s", short_id, suffix);
  return g_string_free (stem, FALSE);
}

/* The file name of item i: the runs of results, then the fills (DynoFillResult *). */
static char *
file_name_for (GPtrArray *results, GPtrArray *fills, guint i, guint id_length)
{
  if (i < results->len)
    {
      DynoResult *result = g_ptr_array_index (results, i);

      return name_for (dyno_result_get_label (result), dyno_result_get_id (result), ".dyno.json",
                       id_length);
    }
  else
    {
      DynoFillResult *fill = g_ptr_array_index (fills, i - results->len);

      return name_for (fill->label, fill->id, ".dyno-fill.json", id_length);
    }
}

/* Writes item i into path: a run as a result file, a fill as its document, checked when read
 * and written as Dyno writes it. */
static gboolean
save_item (GPtrArray *results, GPtrArray *fills, guint i, const char *path, GError **error)
{
  g_autofree char *json = NULL;

  if (i < results->len)
    return dyno_result_save (g_ptr_array_index (results, i), path, error);
  json = dyno_fill_result_to_json (g_ptr_array_index (fills, i - results->len));
  return g_file_set_contents_full (path, json, -1,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0644, error);
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

/* Writes every result and fill into output, all or none; fill_paths: where the fills came
 * from. */
static int
import_into (const char *output, GPtrArray *results, GPtrArray *fills, char **fill_paths)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) staged = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) origins = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *staging = NULL;
  gboolean listing_lost = FALSE;
  guint moved = 0;
  guint n = results->len + fills->len;

  if (interrupted)
    return report_interrupted ();
  if (!make_output (output, made))
    {
      remove_made (made);
      return DYNO_EXIT_FAILED;
    }
  /* A folder this import just made holds no other import's leftovers. */
  if (made->len == 0)
    remove_stale_staging (output);

  /* Names first, so a clash is found before anything is written. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = NULL;
      char *path = NULL;
      gboolean taken = TRUE;

      /* Eight characters of two random ids are alike once in about 90 imports of 10,000 runs:
       * then more of the id tells them apart; only the whole id alike is the same run twice. */
      for (guint id_length = 8; taken && id_length <= 64; id_length *= 2)
        {
          g_clear_pointer (&name, g_free);
          g_clear_pointer (&path, g_free);
          name = file_name_for (results, fills, i, id_length);
          path = g_build_filename (output, name, NULL);
          taken = FALSE;
          for (guint j = 0; j < paths->len && !taken; j++)
            taken = g_str_equal (g_ptr_array_index (paths, j), path);
        }
      if (taken)
        {
          /* Two runs with one id: only a file imported twice in one command does that. */
          dyno_cli_error (_("%s would be written twice: is a file given twice?"), path);
          g_free (path);
          goto failed;
        }
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          dyno_cli_error (_("%s exists already; nothing was imported"), path);
          g_free (path);
          goto failed;
        }
      g_ptr_array_add (paths, path);
    }

  /* Where each run came from, before saving points its path at the copy. */
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const char *source = dyno_result_get_source (result);

      if (source == NULL)
        source = dyno_result_get_path (result);
      /* A Dyno result file read through the importer has neither; it is a Dyno result. */
      g_ptr_array_add (origins, g_strdup (source != NULL ? source : _("a Dyno result file")));
    }
  for (guint i = 0; i < fills->len; i++)
    g_ptr_array_add (origins, g_filename_display_name (fill_paths[i]));

  staging = g_build_filename (output, STAGING_TEMPLATE, NULL);
  if (g_mkdtemp_full (staging, 0700) == NULL)
    {
      int saved = errno;

      dyno_cli_error (_("Cannot write in the folder %s: %s"), output, g_strerror (saved));
      g_clear_pointer (&staging, g_free);
      goto failed;
    }
  if (!write_staging_marker (staging))
    {
      int saved = errno ? errno : ENOSPC;

      dyno_cli_error (_("Cannot write in the folder %s: %s"), output, g_strerror (saved));
      goto failed;
    }
  for (guint i = 0; i < n && !interrupted; i++)
    {
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (paths, i));
      char *path = g_build_filename (staging, name, NULL);

      g_ptr_array_add (staged, path);
      if (!save_item (results, fills, i, path, &error))
        {
          dyno_cli_error ("%s", error->message);
          goto failed;
        }
    }

  /* Every file is written: into place, quickly, unless a signal came. */
  for (; moved < n && !interrupted; moved++)
    if (!move_no_replace (g_ptr_array_index (staged, moved), g_ptr_array_index (paths, moved),
                          &error))
      {
        dyno_cli_error ("%s", error->message);
        goto failed;
      }
  if (interrupted)
    goto failed;

  /* The listing is part of the import: a script reads the names from it. Lost (a reader that
   * went away, a full disk under `> list.txt`), the import is undone, as exit status 1
   * promises. */
  for (guint i = 0; i < n && !dyno_cli_stdout_lost (); i++)
    /* Translators: one line per imported run; a file name, then where the run came from */
    dyno_cli_print (_("%s  from %s\n"), (const char *) g_ptr_array_index (paths, i),
                    (const char *) g_ptr_array_index (origins, i));
  if (dyno_cli_stdout_lost ())
    {
      listing_lost = TRUE;
      goto failed;
    }
  if (interrupted)
    goto failed;
  remove_staging (staging);
  for (guint i = 0; i < results->len; i++)
    dyno_result_set_path (g_ptr_array_index (results, i), g_ptr_array_index (paths, i));
  return DYNO_EXIT_OK;

failed:
  /* What was moved is ours (the names were free and moving never replaces); then the rest. */
  for (guint i = 0; i < moved; i++)
    g_unlink (g_ptr_array_index (paths, i));
  if (staging != NULL)
    remove_staging (staging);
  remove_made (made);
  if (interrupted)
    return report_interrupted ();
  if (listing_lost)
    {
      dyno_cli_error (_("cannot write the list of imported files to standard output: %s; "
                        "nothing was imported"),
                      g_strerror (dyno_cli_stdout_errno ()));
      dyno_cli_stdout_failed (dyno_cli_stdout_errno (), TRUE);
      return DYNO_EXIT_FAILED;
    }
  if (error != NULL || staging != NULL)
    dyno_cli_error (_("Nothing was imported"));
  return DYNO_EXIT_FAILED;
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
      N_("auto|csv|bonnie++|bonnie|crystaldiskmark|kdiskmark|fio-json|dyno") },
    /* No arg_description: GLib would put it in the usage line before the context's own
     * "FILE… —", which already names the files: "FILE… FILE…". */
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (GPtrArray) fills = NULL;
  g_autoptr (GPtrArray) fill_files = g_ptr_array_new ();
  g_autoptr (GPtrArray) run_files = g_ptr_array_new ();
  DynoImportFormat import_format = DYNO_IMPORT_AUTO;
  SignalState signals;
  int status;

  g_set_prgname ("dyno-cli import");
  context = g_option_context_new (_("FILE… -o DIR — other tools' results as Dyno result files"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads bonnie++ CSV (1.03 to 2.00) and text tables, Bonnie "
                                  "tables, CrystalDiskMark and KDiskMark text exports, fio's JSON "
                                  "output and Dyno result files, and writes one result file per "
                                  "run found, named after its label, noting where it came from. "
                                  "Nothing is written unless every file reads cleanly."));
  g_option_context_set_description (context,
                                    _("Example:\n"
                                      "  dyno-cli import run.csv blog-post.txt -o imported/\n\n"
                                      "Exit status: 0 success, 1 a file could not be read or "
                                      "written (nothing is left behind), 2 usage error, 130 "
                                      "interrupted (nothing is left behind).\n"));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("import", "%s", error->message);
  if (dyno_cli_find_empty (files) >= 0)
    return dyno_cli_empty_name_error ("import", "FILE");
  if (output != NULL && output[0] == '\0')
    return dyno_cli_empty_name_error ("import", "-o");
  if (files == NULL || files[0] == NULL)
    return dyno_cli_usage_error ("import", _("No files to import"));
  if (output == NULL)
    return dyno_cli_usage_error ("import", _("Where to? Give the folder with -o DIR"));
  if (format != NULL && !parse_format (format, &import_format))
    return dyno_cli_usage_error ("import",
                                 _("--format: “%s” is not auto, csv, bonnie++, bonnie, "
                                   "crystaldiskmark, kdiskmark, fio-json or dyno"),
                                 format);

  /* From here on a signal leaves DIR as it was: reading ends at the next file, writing at the
   * next result. */
  catch_signals (&signals);
  /* Fill documents are kept as they are (checked, and written as Dyno writes them). */
  for (guint i = 0; files[i] != NULL; i++)
    g_ptr_array_add (import_format == DYNO_IMPORT_AUTO && dyno_fill_file_sniff (files[i])
                         ? fill_files
                         : run_files,
                     files[i]);
  g_ptr_array_add (fill_files, NULL);
  g_ptr_array_add (run_files, NULL);
  fills = dyno_cli_fill_load ((char **) fill_files->pdata);
  results = fills != NULL && run_files->len > 1
                ? dyno_cli_load_inputs ((char **) run_files->pdata, import_format)
                : g_ptr_array_new_with_free_func (g_object_unref);
  if (results == NULL || fills == NULL)
    {
      restore_signals (&signals);
      return interrupted ? report_interrupted () : DYNO_EXIT_FAILED;
    }

  if (g_file_test (output, G_FILE_TEST_EXISTS) && !g_file_test (output, G_FILE_TEST_IS_DIR))
    {
      restore_signals (&signals);
      dyno_cli_error (_("%s: not a folder"), output);
      return DYNO_EXIT_FAILED;
    }

  status = import_into (output, results, fills, (char **) fill_files->pdata);
  restore_signals (&signals);
  return status;
}

