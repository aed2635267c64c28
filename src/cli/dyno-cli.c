/* dyno-cli.c: the headless front end; links only the engine
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-cli-private.h"
#include "dyno-output.h"
#include "platform/dyno-platform.h"

/* Standard output carries results (`--csv >> results.csv`, `--json -`, tables): a write that
 * fails there loses them, so every failure is remembered and reported at the end, with exit
 * status 1, instead of the silent exit 0 of a program that never checks. */
static int stdout_errno;          /* the first failed write's errno; 0 while all went well */
static gboolean stdout_reported;  /* a message already said so (the --stream writer) */
static gboolean stdout_finished;  /* finish_stdout ran */

void
dyno_cli_stdout_failed (int err, gboolean reported)
{
  if (stdout_errno == 0)
    stdout_errno = err ? err : EIO;
  stdout_reported |= reported;
}

/* text in charset through iconv's transliteration, so that what the charset lacks keeps a
 * meaning: "—" (no figure) becomes "--", not the "?" that marks a single run in a comparison,
 * and "…" "...". g_convert () refuses any conversion that is not reversible, so this calls
 * iconv itself; "?" for a character with no transliteration either. NULL when iconv cannot
 * convert to charset at all. */
static char *
transliterate (const char *text, const char *charset)
{
  g_autofree char *to = g_strconcat (charset, "//TRANSLIT", NULL);
  GIConv cd = g_iconv_open (to, "UTF-8");
  g_autoptr (GString) out = NULL;
  char *in = (char *) text;
  gsize in_left = strlen (text);

  if (cd == (GIConv) -1)
    return NULL;
  out = g_string_sized_new (in_left + 16);
  while (in_left > 0)
    {
      char buffer[256];
      char *p = buffer;
      gsize out_left = sizeof buffer;
      gsize done = g_iconv (cd, &in, &in_left, &p, &out_left);
      int err = errno;

      g_string_append_len (out, buffer, p - buffer);
      if (done != (gsize) -1 || err == E2BIG)
        continue;
      if (err != EILSEQ)
        break; /* EINVAL: a sequence cut at the end; text is valid UTF-8, so never */
      g_string_append_c (out, '?');
      {
        const char *next = g_utf8_find_next_char (in, in + in_left);
        gsize skip = next != NULL ? (gsize) (next - in) : in_left;

        in += skip;
        in_left -= skip;
      }
    }
  g_iconv_close (cd);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
dyno_cli_to_console (const char *text)
{
  const char *charset;
  g_autofree char *valid = NULL;
  char *converted;

  if (g_get_console_charset (&charset))
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  converted = transliterate (valid, charset);
  if (converted == NULL)
    converted = g_convert_with_fallback (valid, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
  return converted;
}

gboolean
dyno_cli_stdout_lost (void)
{
  if (fflush (stdout) != 0)
    dyno_cli_stdout_failed (errno, FALSE);
  else if (ferror (stdout))
    dyno_cli_stdout_failed (EIO, FALSE);
  return stdout_errno != 0;
}

int
dyno_cli_stdout_errno (void)
{
  return stdout_errno;
}

/* g_print's default handler with the error kept: GLib's converts to the locale's charset and
 * ignores what fputs returns. */
static void
print_to_stdout (const char *text)
{
  g_autofree char *converted = dyno_cli_to_console (text);

  if (fputs (converted ? converted : text, stdout) == EOF)
    dyno_cli_stdout_failed (errno, FALSE);
}

/* g_printerr's, with the same conversion as standard output's. */
static void
print_to_stderr (const char *text)
{
  g_autofree char *converted = dyno_cli_to_console (text);

  fputs (converted ? converted : text, stderr);
}

/* After the command: flush and close standard output, and fail the command if anything meant
 * for it was lost. A closed descriptor that was never written to is not a loss. */
static int
finish_stdout (int status)
{
  gboolean wrote_nothing = ftell (stdout) <= 0 && stdout_errno == 0;
  int err = 0;

  stdout_finished = TRUE;
  if (fflush (stdout) != 0)
    err = errno;
  else if (ferror (stdout))
    err = stdout_errno ? stdout_errno : EIO;
  if (fclose (stdout) != 0 && err == 0 && !(errno == EBADF && wrote_nothing))
    err = errno;
  if (err == 0 && stdout_errno != 0)
    err = stdout_errno;
  if (err == 0)
    return status;
  if (!stdout_reported)
    dyno_cli_error (_("cannot write to standard output: %s; the output is lost"),
                    g_strerror (err));
  return status == DYNO_EXIT_OK ? DYNO_EXIT_FAILED : status;
}

char *
dyno_cli_printable (const char *text, gboolean keep_newlines)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n' && keep_newlines)
        g_string_append_c (out, '\n');
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (g_unichar_iscntrl (c))
        /* C0, DEL and the C1 controls (U+0080–U+009F: a CSI on some terminals) */
        g_string_append_printf (out, c < 0x100 ? "\\x%02x" : "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (out, FALSE);
}

/* One line or more of human-readable output: every control character escaped, line breaks
 * inside included, but the text's own final line break kept. A name in it (a folder with a
 * newline, a model string from a loop image's file name) stays on its line and cannot forge
 * another one. */
static char *printable_lines (const char *format, va_list args) G_GNUC_PRINTF (1, 0);

static char *
printable_lines (const char *format, va_list args)
{
  g_autofree char *text = g_strdup_vprintf (format, args);
  gsize len = strlen (text);
  gboolean final_newline = len > 0 && text[len - 1] == '\n';
  g_autofree char *shown = NULL;

  if (final_newline)
    text[len - 1] = '\0';
  shown = dyno_cli_printable (text, FALSE);
  return final_newline ? g_strconcat (shown, "\n", NULL) : g_steal_pointer (&shown);
}

void
dyno_cli_print (const char *format, ...)
{
  g_autofree char *shown = NULL;
  va_list args;

  va_start (args, format);
  shown = printable_lines (format, args);
  va_end (args);
  g_print ("%s", shown);
}

void
dyno_cli_printerr (const char *format, ...)
{
  g_autofree char *shown = NULL;
  va_list args;

  va_start (args, format);
  shown = printable_lines (format, args);
  va_end (args);
  g_printerr ("%s", shown);
}

void
dyno_cli_error (const char *format, ...)
{
  g_autofree char *message = NULL;
  g_autofree char *printable = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* A message is one line: a newline in a name it quotes must not start a line of its own
   * that reads like another "dyno-cli: …" message. */
  printable = dyno_cli_printable (message, FALSE);
  g_printerr ("dyno-cli: %s\n", printable);
}

int
dyno_cli_usage_error (const char *command, const char *format, ...)
{
  g_autofree char *message = NULL;
  g_autofree char *printable = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* A message is one line: a newline in a name it quotes must not start a line of its own
   * that reads like another "dyno-cli: …" message. */
  printable = dyno_cli_printable (message, FALSE);
  g_printerr ("dyno-cli: %s\n", printable);
  if (command != NULL)
    g_printerr (_("Try “dyno-cli %s --help” for more information.\n"), command);
  else
    g_printerr (_("Try “dyno-cli --help” for more information.\n"));
  return DYNO_EXIT_USAGE;
}

int
dyno_cli_find_empty (char **names)
{
  for (int i = 0; names != NULL && names[i] != NULL; i++)
    if (names[i][0] == '\0')
      return i;
  return -1;
}

int
dyno_cli_empty_name_error (const char *command, const char *what)
{
  /* Translators: %s is an option or an argument (-d, --dir, FILE) given as "" */
  return dyno_cli_usage_error (command, _("%s: an empty name; give a folder or a file (“.” is "
                                          "the current folder)"),
                               what);
}

/* The commands added after the usage text was translated, on lines of their own so that the
 * existing translations stay whole (a changed msgid would drop them all until translators catch
 * up). */
static const char *
more_commands (void)
{
  return _("  dyno-cli compare FILE... [OPTION...]             runs side by side, with ratios\n"
           "  dyno-cli import FILE... -o DIR                   bonnie++ and Bonnie results as Dyno files\n"
           "  dyno-cli export FILE -o OUT [OPTION...]          a run as a chart or a table\n");
}

/* Each later command on a line of its own, for the same reason. */
static char *
all_more_commands (void)
{
  return g_strconcat (more_commands (),
                      _("  dyno-cli list [--json] [--dir DIR]               the saved runs\n"),
                      _("  dyno-cli scan DEVICE [OPTION...]                 a whole disk's rate, read-only\n"),
                      _("  dyno-cli clean [FOLDER...]                       remove scratch folders Dyno left\n"),
                      _("  dyno-cli fill DIR [OPTION...]                    write until the drive sags\n"),
                      NULL);
}

static void
print_usage (FILE *out)
{
  const char *usage = _("Usage:\n"
                        "  dyno-cli run [-d DIR]... [-s SIZE] [OPTION...]   benchmark one or more folders\n"
                        "  dyno-cli info [DIR]                              what Dyno knows about a folder\n"
                        "  dyno-cli --version\n"
                        "\n"
                        "Dyno measures disks the way Bonnie and bonnie++ do: per-char and block writes\n"
                        "and reads, rewrite, random seeks, and small-file create/stat/delete, with the\n"
                        "page cache evicted before every read phase.\n"
                        "\n"
                        "Run “dyno-cli COMMAND --help” for the options of a command.\n");
  const char *version_line = strstr (usage, "  dyno-cli --version\n");
  g_autofree char *more = all_more_commands ();

  /* The new commands go before the --version line, found by its untranslated words. */
  if (version_line == NULL)
    {
      fprintf (out, "%s\n%s", usage, more);
      return;
    }
  fprintf (out, "%.*s%s%s", (int) (version_line - usage), usage, more, version_line);
}

static int
run_command (int argc, char *argv[])
{
  const char *command;

  /* Subcommands name themselves ("dyno-cli run") for their --help. */
  if (argc < 2)
    {
      print_usage (stderr);
      return DYNO_EXIT_USAGE;
    }

  command = argv[1];
  if (g_str_equal (command, "run"))
    return dyno_cli_run (argc - 1, argv + 1);
  if (g_str_equal (command, "info"))
    return dyno_cli_info (argc - 1, argv + 1);
  if (g_str_equal (command, "list"))
    return dyno_cli_list (argc - 1, argv + 1);
  if (g_str_equal (command, "compare"))
    return dyno_cli_compare (argc - 1, argv + 1);
  if (g_str_equal (command, "import"))
    return dyno_cli_import (argc - 1, argv + 1);
  if (g_str_equal (command, "export"))
    return dyno_cli_export (argc - 1, argv + 1);
  if (g_str_equal (command, "scan"))
    return dyno_cli_scan (argc - 1, argv + 1);
  if (g_str_equal (command, "fill"))
    return dyno_cli_fill (argc - 1, argv + 1);
  if (g_str_equal (command, "clean"))
    return dyno_cli_clean (argc - 1, argv + 1);
  if (g_str_equal (command, "--version") || g_str_equal (command, "-V"))
    {
      g_print ("dyno-cli %s\n", PACKAGE_VERSION);
      return DYNO_EXIT_OK;
    }
  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") || g_str_equal (command, "help"))
    {
      print_usage (stdout);
      return DYNO_EXIT_OK;
    }
  g_set_prgname ("dyno-cli");
  return dyno_cli_usage_error (NULL, _("Unknown command “%s”"), command);
}

/* GOption's --help prints and calls exit (0) itself; exit runs this. */
static void
finish_stdout_at_exit (void)
{
  if (!stdout_finished && finish_stdout (DYNO_EXIT_OK) != DYNO_EXIT_OK)
    _exit (DYNO_EXIT_FAILED);
}

/* `dyno-cli scan /dev/sda > /dev/sda`, or a JSON written to `-` with the shell's `5<>/dev/sdb`
 * as standard output: the shell opened the disk, but it is Dyno that would write onto it. Every
 * command prints to standard output, so it is checked once, before any command runs. A closed
 * standard output is left to the commands, which say the output is lost when they print. */
static gboolean
stdout_acceptable (void)
{
  g_autoptr (GError) error = NULL;
  struct stat st;

  if (fstat (STDOUT_FILENO, &st) != 0)
    return TRUE;
  if (dyno_output_check_descriptor (STDOUT_FILENO, _("standard output"), &error))
    return TRUE;
  g_printerr ("dyno-cli: %s\n", error->message);
  return FALSE;
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* Standard output carries results (--json -, --csv, --stream): GLib's debug and info
   * messages (G_MESSAGES_DEBUG=Dyno) go to standard error, as warnings do. */
  g_log_writer_default_set_use_stderr (TRUE);
  /* A file size limit (ulimit -f) would kill the process mid-write with SIGXFSZ and leave the
   * scratch folder; ignored, write() fails with EFBIG and the run fails cleanly. */
  signal (SIGXFSZ, SIG_IGN);
  /* Before any thread starts: a small ulimit -s would overflow GLib's and Pango's threads. */
  {
    g_autoptr (GError) error = NULL;

    if (!dyno_platform_fit_limits (&error))
      {
        g_printerr ("dyno-cli: %s\n", error->message);
        return DYNO_EXIT_FAILED;
      }
  }
  /* Likewise a reader of standard output that went away (`dyno-cli list | head -n 1`): the
   * failed write is reported as any lost output is (exit status 1), and what the command made
   * (a staging folder, a temporary file) is removed, where SIGPIPE would have killed it first. */
  signal (SIGPIPE, SIG_IGN);
  g_set_print_handler (print_to_stdout);
  g_set_printerr_handler (print_to_stderr);
  atexit (finish_stdout_at_exit);
  if (!stdout_acceptable ())
    return DYNO_EXIT_USAGE;
  return finish_stdout (run_command (argc, argv));
}
