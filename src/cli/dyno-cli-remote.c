/* dyno-cli-remote.c: `dyno-cli run` and `dyno-cli info` on other machines, over SSH
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-cli-private.h"
#include "dyno-cli-remote.h"
#include "dyno-error.h"
#include "dyno-output.h"
#include "dyno-parse.h"
#include "dyno-report.h"
#include "dyno-stream.h"

#define DEFAULT_REMOTE_CLI "dyno-cli"

/* ---- targets ------------------------------------------------------------------------------ */

void
dyno_remote_target_free (DynoRemoteTarget *target)
{
  if (target == NULL)
    return;
  g_free (target->user);
  g_free (target->host);
  g_free (target->path);
  g_free (target);
}

/* A host or user name ssh takes as it is: not empty, not an option ("-oProxyCommand=…"), no
 * space or control character. */
static gboolean
name_ok (const char *name)
{
  if (name == NULL || name[0] == '\0' || name[0] == '-')
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (g_ascii_isspace (*p) || g_ascii_iscntrl (*p) || *p == '/' || *p == '@')
      return FALSE;
  return TRUE;
}

static DynoRemoteTarget *
bad_target (const char *text, const char *why, GError **error)
{
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
               /* Translators: a target given as ssh://user@host:port/path or host:/path, then
                * what is wrong with it */
               _("“%s” is not a remote folder (ssh://[user@]host[:port]/path or "
                 "[user@]host:/path): %s"),
               text, why);
  return NULL;
}

DynoRemoteTarget *
dyno_remote_target_parse (const char *text, GError **error)
{
  g_autoptr (DynoRemoteTarget) target = NULL;
  g_autofree char *authority = NULL;
  const char *path;
  char *at;
  char *colon;

  g_return_val_if_fail (text != NULL, NULL);

  if (g_str_has_prefix (text, "ssh://"))
    {
      const char *rest = text + strlen ("ssh://");

      path = strchr (rest, '/');
      if (path == NULL || path == rest)
        return bad_target (text, _("no host or no path"), error);
      authority = g_strndup (rest, path - rest);
    }
  else
    {
      /* host:/path, as scp writes it; a colon after a slash is part of a local path. */
      const char *sep = strchr (text, ':');

      if (sep == NULL || sep == text || memchr (text, '/', sep - text) != NULL
          || sep[1] != '/')
        return NULL;
      authority = g_strndup (text, sep - text);
      path = sep + 1;
    }

  target = g_new0 (DynoRemoteTarget, 1);
  at = strrchr (authority, '@');
  if (at != NULL)
    {
      *at = '\0';
      target->user = g_strdup (authority);
      if (!name_ok (target->user))
        return bad_target (text, _("the user name is empty or starts with “-”"), error);
    }
  colon = strrchr (at != NULL ? at + 1 : authority, ':');
  if (colon != NULL && g_str_has_prefix (text, "ssh://"))
    {
      guint64 port = 0;

      *colon = '\0';
      if (!g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &port, NULL))
        return bad_target (text, _("the port is not a number from 1 to 65535"), error);
      target->port = (guint) port;
    }
  target->host = g_strdup (at != NULL ? at + 1 : authority);
  if (!name_ok (target->host))
    return bad_target (text, _("the host name is empty, starts with “-” or holds a space"), error);
  if (path[0] != '/' || path[1] == '\0')
    return bad_target (text, _("the remote folder must be an absolute path"), error);
  target->path = g_strdup (path);
  return g_steal_pointer (&target);
}

char *
dyno_remote_target_describe (const DynoRemoteTarget *target)
{
  g_return_val_if_fail (target != NULL, NULL);
  if (target->user != NULL)
    return g_strdup_printf ("%s@%s", target->user, target->host);
  return g_strdup (target->host);
}

gboolean
dyno_cli_remote_any_target (char **dirs)
{
  for (guint i = 0; dirs != NULL && dirs[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (dirs[i], &error);

      if (target != NULL || error != NULL)
        return TRUE;
    }
  return FALSE;
}

char *
dyno_remote_shell_quote (const char *text)
{
  GString *quoted = g_string_new ("'");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (quoted, "'\\''");
      else
        g_string_append_c (quoted, *p);
    }
  g_string_append_c (quoted, '\'');
  return g_string_free (quoted, FALSE);
}

/* ---- ssh ---------------------------------------------------------------------------------- */

/* ssh's argv up to the host, then "--" and the remote command line, each word quoted for the
 * remote shell (sshd hands the line to the user's shell). */
static char **
ssh_argv (const DynoRemoteTarget *target, char **remote_words, GError **error)
{
  const char *command = g_getenv ("DYNO_SSH_COMMAND");
  g_auto (GStrv) base = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree char *destination = dyno_remote_target_describe (target);

  if (command != NULL && command[0] != '\0')
    {
      if (!g_shell_parse_argv (command, NULL, &base, error))
        {
          g_prefix_error (error, "DYNO_SSH_COMMAND: ");
          return NULL;
        }
      g_strv_builder_addv (builder, (const char **) base);
    }
  else
    g_strv_builder_add (builder, "ssh");
  /* No terminal, and no password prompt: without a key or an agent, fail and say so. */
  g_strv_builder_add_many (builder, "-T", "-o", "BatchMode=yes", NULL);
  if (target->port != 0)
    {
      g_autofree char *port = g_strdup_printf ("%u", target->port);

      g_strv_builder_add_many (builder, "-p", port, NULL);
    }
  g_strv_builder_add_many (builder, destination, "--", NULL);
  for (guint i = 0; remote_words[i] != NULL; i++)
    {
      g_autofree char *word = dyno_remote_shell_quote (remote_words[i]);

      if (i > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, word);
    }
  g_strv_builder_add (builder, line->str);
  return g_strv_builder_end (builder);
}

/* Its own process group: a ^C on the terminal reaches dyno-cli, which stops the remote run in
 * order, rather than killing ssh under it. */
static void
child_setup (gpointer data)
{
  setpgid (0, 0);
}

static GSubprocess *
spawn_ssh (char **argv, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  return g_subprocess_launcher_spawnv (launcher, (const char *const *) argv, error);
}

/* What went wrong, from ssh's exit status and what the far side printed, when no stream
 * came back. Says what to install when dyno-cli is missing or speaks another protocol. */
static void
explain_failure (const char *where, const char *remote_cli, int status, const char *err)
{
  g_auto (GStrv) lines = g_strsplit (err != NULL ? err : "", "\n", -1);
  const char *last = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      last = lines[i];

  if (status == 127 || strstr (err, "command not found") != NULL
      || (strstr (err, remote_cli) != NULL && (strstr (err, "not found") != NULL
                                               || strstr (err, "No such file") != NULL)))
    dyno_cli_error (_("%s has no “%s”: install dyno-cli there (a build with -Dgui=false needs "
                      "only GLib and json-glib), or say where it is with --remote-cli PATH"),
                    where, remote_cli);
  else if (status == 255)
    dyno_cli_error (_("ssh could not connect to or log in to %s: %s (Dyno runs ssh with "
                      "BatchMode=yes, so a password cannot be typed: use a key or an agent)"),
                    where, last != NULL ? last : _("no reason given"));
  else if (strstr (err, "Unknown option") != NULL || strstr (err, "stop-on-stdin-close") != NULL)
    dyno_cli_error (_("The dyno-cli on %s is too old to be run over SSH: install dyno-cli %s "
                      "there (built with -Dgui=false)"),
                    where, PACKAGE_VERSION);
  else
    dyno_cli_error (_("The run on %s failed (exit status %d)%s%s"), where, status,
                    last != NULL ? ": " : "", last != NULL ? last : "");
}

/* ---- following a remote run --------------------------------------------------------------- */

typedef struct _Session Session;

typedef struct
{
  Session *session;
  GSubprocess *ssh;
  GDataInputStream *out;
  GDataInputStream *err;
  DynoRemoteTarget *target;
  char *where;          /* "user@host" */
  char *prefix;         /* "[user@host] " before its lines when several run, else "" */
  const char *host_dir; /* as given to -d */
  GString *err_text;
  DynoResult *result;
  GError *stream_error; /* the stream was malformed or spoke another protocol */
  guint lines;
  guint repeat;
  guint index;          /* of its -d */
  gboolean stream;
  gboolean tag;         /* --stream of several: its lines carry "host" and its -d's index */
  gboolean quiet;
  gboolean tty;
  gboolean progress_shown;
  gboolean stdin_closed;
  gboolean remote_interrupted;
  gboolean output_lost; /* the reader of --stream went away */
} Remote;

struct _Session
{
  GMainLoop *loop;
  GPtrArray *remotes; /* Remote* */
  guint pending;      /* each remote's stdout, stderr and exit */
  guint interrupted;  /* signals received here */
};

static void
remote_free (Remote *r)
{
  g_clear_object (&r->ssh);
  g_clear_object (&r->out);
  g_clear_object (&r->err);
  g_clear_pointer (&r->target, dyno_remote_target_free);
  g_free (r->where);
  g_free (r->prefix);
  g_string_free (r->err_text, TRUE);
  g_clear_object (&r->result);
  g_clear_error (&r->stream_error);
  g_free (r);
}

static void
remote_clear_progress (Remote *r)
{
  if (r->progress_shown)
    {
      g_printerr ("\r\033[K");
      r->progress_shown = FALSE;
    }
}

static void
remote_done_one (Remote *r)
{
  g_assert (r->session->pending > 0);
  if (--r->session->pending == 0)
    g_main_loop_quit (r->session->loop);
}

/* Closing ssh's standard input closes the remote dyno-cli's (--stop-on-stdin-close): it stops,
 * removes its scratch folder and prints "interrupted". */
static void
remote_stop (Remote *r)
{
  if (r->stdin_closed || r->ssh == NULL)
    return;
  r->stdin_closed = TRUE;
  g_output_stream_close (g_subprocess_get_stdin_pipe (r->ssh), NULL, NULL);
}

static gboolean
print_line (const char *line)
{
  if (fputs (line, stdout) == EOF || fputc ('\n', stdout) == EOF || fflush (stdout) != 0)
    {
      dyno_cli_stdout_failed (errno, FALSE);
      return FALSE;
    }
  return TRUE;
}

/* A line of one machine's stream, as this stream prints it: as it came from one machine, with
 * "host" and the index of its -d from several. */
static char *
forwarded_line (Remote *r, const char *line)
{
  char *tagged;

  if (!r->tag)
    return g_strdup (line);
  tagged = dyno_stream_tag_host (line, r->where, r->index);
  /* The line was decoded already, so it is an object. */
  g_assert (tagged != NULL);
  return tagged;
}

static void
handle_event (Remote *r, const char *line, DynoStreamEvent *event)
{
  /* A reader of --stream that went away stops the remote runs, as it stops a local one. */
  if (r->stream && !r->output_lost && event->kind != DYNO_STREAM_HELLO
      && event->kind != DYNO_STREAM_RESULT)
    {
      g_autofree char *out = forwarded_line (r, line);

      if (!print_line (out))
        for (guint i = 0; i < r->session->remotes->len; i++)
          {
            Remote *other = g_ptr_array_index (r->session->remotes, i);

            other->output_lost = TRUE;
            remote_stop (other);
          }
    }
  switch (event->kind)
    {
    case DYNO_STREAM_TARGET_STARTED:
      if (!r->stream && !r->quiet)
        {
          remote_clear_progress (r);
          g_printerr ("%s", r->prefix);
          g_printerr (_("Target %u of %u: %s\n"), event->target + 1, 1, r->host_dir);
        }
      break;
    case DYNO_STREAM_SAMPLE:
      if (!r->stream && !r->quiet && r->tty)
        {
          const DynoSample *s = &event->sample;
          g_autofree char *rate = dyno_format_rate (s->rate, dyno_phase_get_unit (s->phase));

          g_printerr ("\r\033[K  %-18s %3.0f%%  %12s  CPU %3.0f%%  iowait %3.0f%%",
                      dyno_phase_get_title (s->phase), s->progress * 100, rate, s->process_cpu,
                      isnan (s->system_cpu.iowait) ? 0 : s->system_cpu.iowait);
          r->progress_shown = TRUE;
        }
      break;
    case DYNO_STREAM_PHASE_FINISHED:
      if (!r->stream && !r->quiet)
        {
          g_autofree char *rate = dyno_format_rate (event->run.rate,
                                                    dyno_phase_get_unit (event->phase));
          g_autofree char *p99 = dyno_format_latency (event->run.latency.p99);

          remote_clear_progress (r);
          g_printerr ("%s", r->prefix);
          if (r->repeat > 1)
            g_printerr ("  [%u/%u] ", event->repeat + 1, r->repeat);
          else
            g_printerr ("  ");
          g_printerr (_("%-18s %12s  CPU %3.0f%%  p99 %s%s\n"),
                      dyno_phase_get_title (event->phase), rate, event->run.cpu_percent, p99,
                      event->run.too_fast ? _("  (too fast to trust: +++++)") : "");
        }
      break;
    case DYNO_STREAM_MESSAGE:
      if (!r->stream && (!r->quiet || event->warning))
        {
          remote_clear_progress (r);
          g_printerr ("%s  %s\n", r->prefix, event->text != NULL ? event->text : "");
        }
      break;
    case DYNO_STREAM_INTERRUPTED:
      r->remote_interrupted = TRUE;
      break;
    case DYNO_STREAM_RESULT:
      g_set_object (&r->result, event->result);
      break;
    case DYNO_STREAM_HELLO:
    case DYNO_STREAM_PHASE_STARTED:
    case DYNO_STREAM_TARGET_FINISHED:
    default:
      break;
    }
}

static void read_next_line (Remote *r);

static void
on_line (GObject *source, GAsyncResult *res, gpointer data)
{
  Remote *r = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  DynoStreamEvent event;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), res, NULL,
                                                    &error);
  if (line == NULL)
    {
      if (error != NULL && r->stream_error == NULL)
        r->stream_error = g_steal_pointer (&error);
      remote_done_one (r);
      return;
    }
  if (r->stream_error != NULL)
    {
      /* Past a bad line, only drain. */
      read_next_line (r);
      return;
    }
  if (!dyno_stream_decode (line, &event, &error)
      || (r->lines++ == 0 && !dyno_stream_check_hello (&event, &error)))
    {
      dyno_stream_event_clear (&event);
      r->stream_error = g_steal_pointer (&error);
      remote_stop (r);
      read_next_line (r);
      return;
    }
  handle_event (r, line, &event);
  dyno_stream_event_clear (&event);
  read_next_line (r);
}

static void
read_next_line (Remote *r)
{
  g_data_input_stream_read_line_async (r->out, G_PRIORITY_DEFAULT, NULL, on_line, r);
}

static void read_next_err (Remote *r);

static void
on_err_line (GObject *source, GAsyncResult *res, gpointer data)
{
  Remote *r = data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), res,
                                                                NULL, NULL);

  if (line == NULL)
    {
      remote_done_one (r);
      return;
    }
  g_string_append (r->err_text, line);
  g_string_append_c (r->err_text, '\n');
  {
    g_autofree char *valid = g_utf8_make_valid (line, -1);

    remote_clear_progress (r);
    g_printerr ("%s: %s\n", r->where, valid);
  }
  read_next_err (r);
}

static void
read_next_err (Remote *r)
{
  g_data_input_stream_read_line_async (r->err, G_PRIORITY_DEFAULT, NULL, on_err_line, r);
}

static void
on_ssh_exit (GObject *source, GAsyncResult *res, gpointer data)
{
  Remote *r = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), res, NULL);
  remote_done_one (r);
}

static gboolean
on_local_signal (gpointer data)
{
  Session *session = data;

  session->interrupted++;
  for (guint i = 0; i < session->remotes->len; i++)
    {
      Remote *r = g_ptr_array_index (session->remotes, i);

      if (r->ssh == NULL)
        continue;
      if (session->interrupted == 1)
        {
          remote_clear_progress (r);
          if (!r->stream)
            g_printerr (_("dyno-cli: interrupted; stopping the run on %s…\n"), r->where);
          remote_stop (r);
        }
      else
        g_subprocess_force_exit (r->ssh);
    }
  return G_SOURCE_CONTINUE;
}

/* run's own arguments that stay here: they say where the result goes and how it is shown. */
static gboolean
is_local_option (const char *arg, gboolean *takes_value)
{
  static const char *const with_value[] = { "--directory", "--json", "--unit", "--remote-cli" };
  static const char *const flags[] = { "--csv", "--stream", "--quiet", "--stop-on-stdin-close",
                                       "--parallel" };

  *takes_value = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (with_value); i++)
    {
      size_t n = strlen (with_value[i]);

      if (g_str_equal (arg, with_value[i]))
        {
          *takes_value = TRUE;
          return TRUE;
        }
      if (strncmp (arg, with_value[i], n) == 0 && arg[n] == '=')
        return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    if (g_str_equal (arg, flags[i]))
      return TRUE;
  if (g_str_equal (arg, "-d"))
    {
      *takes_value = TRUE;
      return TRUE;
    }
  return g_str_has_prefix (arg, "-d") || g_str_equal (arg, "-q");
}

/* run's options that take a value (without "="): the value goes along, whatever it holds. */
static gboolean
takes_value (const char *arg)
{
  static const char *const names[] = {
    "-s", "--size", "--chunk", "--tests", "--profile", "--read-percent", "--test",
    "--queue-size", "--io-engine", "--interval", "-n", "--files", "--seeks", "--seekers",
    "--per-char", "--per-char-size", "--cache", "--data", "-x", "--repeat", "--phase-time",
    "-m", "--label", "--notes", "--seed",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (arg, names[i]))
      return TRUE;
  return FALSE;
}

static char **
remote_run_words (char **args, const char *remote_cli, const char *path)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();

  g_strv_builder_add_many (words, remote_cli, "run", NULL);
  /* args[0] is "run"; GOption has checked the rest. */
  for (guint i = 1; args[i] != NULL; i++)
    {
      gboolean skip_value;

      if (g_str_equal (args[i], "--"))
        break;
      if (is_local_option (args[i], &skip_value))
        {
          if (skip_value && args[i + 1] != NULL)
            i++;
          continue;
        }
      g_strv_builder_add (words, args[i]);
      if (takes_value (args[i]) && args[i + 1] != NULL)
        g_strv_builder_add (words, args[++i]);
    }
  g_strv_builder_add_many (words, "--stream", "--stop-on-stdin-close", "-d", path, NULL);
  return g_strv_builder_end (words);
}

/* stream_host: with stream, the "host" of the result line (several machines), or NULL. */
static int
print_result (DynoResult *result, const char *json, gboolean csv, gboolean stream,
              const char *stream_host, DynoRateUnit unit)
{
  g_autoptr (GError) error = NULL;
  int status = DYNO_EXIT_OK;

  if (json != NULL && !g_str_equal (json, "-") && !dyno_result_save (result, json, &error))
    {
      dyno_cli_error (_("Cannot save the result: %s"), error->message);
      status = DYNO_EXIT_FAILED;
    }
  if (stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_RESULT, .result = result };
      g_autofree char *line = dyno_stream_encode (&event);

      if (stream_host != NULL)
        {
          g_autofree char *tagged = dyno_stream_tag_host (line, stream_host, 0);

          print_line (tagged);
        }
      else
        print_line (line);
    }
  else if (json != NULL && g_str_equal (json, "-"))
    {
      g_autofree char *text = dyno_result_to_json (result, TRUE);

      g_print ("%s\n", text);
    }
  else if (csv)
    {
      g_autofree char *text = dyno_cli_has_bonnie (result) ? dyno_report_csv (result, FALSE)
                                                           : dyno_report_queued_csv (result);

      g_print ("%s", text);
    }
  else
    {
      g_autofree char *text = dyno_report_text (result, unit);

      g_print ("%s", text);
    }

  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, i);

      if (target->error_message == NULL)
        continue;
      if (target->error_phase != NULL)
        dyno_cli_error (_("%s: %s failed: %s"), target->info->path,
                        dyno_phase_get_title (target->error_phase), target->error_message);
      else
        dyno_cli_error ("%s: %s", target->info->path, target->error_message);
      status = DYNO_EXIT_FAILED;
    }
  return status;
}

/* The remote's outcome after its ssh ended: its result (with `remote` set), or NULL after a
 * message saying what went wrong; *status becomes 130 for a stop, else 1 for a failure. */
static DynoResult *
remote_finish (Remote *r, const char *remote_cli, int *status)
{
  int exit_status = 255;

  if (r->ssh == NULL)
    {
      *status = MAX (*status, DYNO_EXIT_FAILED);
      return NULL;
    }
  if (g_subprocess_get_if_exited (r->ssh))
    exit_status = g_subprocess_get_exit_status (r->ssh);
  if (r->stream_error != NULL)
    {
      if (r->lines <= 1)
        dyno_cli_error (_("The dyno-cli on %s does not speak this Dyno's stream: %s. Install "
                          "dyno-cli %s there (built with -Dgui=false)"),
                        r->where, r->stream_error->message, PACKAGE_VERSION);
      else
        dyno_cli_error (_("The run on %s sent a line this Dyno cannot read: %s"), r->where,
                        r->stream_error->message);
      *status = MAX (*status, DYNO_EXIT_FAILED);
      return NULL;
    }
  if (r->result == NULL)
    {
      /* Standard output was closed: that was said, and the remote run was stopped. */
      if (r->output_lost)
        {
          *status = MAX (*status, DYNO_EXIT_FAILED);
          return NULL;
        }
      if (r->session->interrupted > 0 || r->remote_interrupted)
        {
          if (r->remote_interrupted)
            dyno_cli_error (_("interrupted; the scratch folder on %s was removed"), r->where);
          else
            dyno_cli_error (_("interrupted; the run on %s was stopped"), r->where);
          *status = MAX (*status, DYNO_EXIT_INTERRUPTED);
          return NULL;
        }
      if (r->lines == 0)
        explain_failure (r->where, remote_cli, exit_status, r->err_text->str);
      else if (exit_status != 255)
        /* It started and refused or failed: its own message came on standard error. */
        dyno_cli_error (_("The run on %s failed (exit status %d)"), r->where, exit_status);
      else
        dyno_cli_error (_("The connection to %s ended before the run did (ssh exit status %d); "
                          "the remote dyno-cli stops and removes its scratch folder when its "
                          "input closes"),
                        r->where, exit_status);
      *status = MAX (*status, DYNO_EXIT_FAILED);
      return NULL;
    }
  dyno_result_set_remote (r->result, r->where);
  return g_object_ref (r->result);
}

/* The figure of a phase, also when its runs were too fast to trust (a sum still adds up). */
static double
phase_rate (DynoResult *result, const DynoPhase *phase)
{
  const DynoTargetResult *target;
  DynoPhaseResult *pr;
  double sum = 0;
  guint n = 0;

  if (dyno_result_get_n_targets (result) == 0)
    return NAN;
  target = dyno_result_get_target (result, 0);
  pr = dyno_target_result_get_phase (target, phase);
  if (pr == NULL)
    return NAN;
  if (!isnan (dyno_phase_result_get_rate (pr)))
    return dyno_phase_result_get_rate (pr);
  for (guint i = 0; i < pr->runs->len; i++)
    {
      const DynoPhaseRun *run = dyno_phase_result_get_run (pr, i);

      if (!isnan (run->rate) && !isinf (run->rate))
        {
          sum += run->rate;
          n++;
        }
    }
  return n > 0 ? sum / n : NAN;
}

/* --parallel: per phase, the machines together (sum of their rates), the slowest and the
 * spread ((fastest − slowest) ÷ mean). stream: as "aggregate" lines of the stream, else as a
 * table; both have the same figures. */
static void
print_aggregate (GPtrArray *results, gboolean stream)
{
  DynoResult *first = g_ptr_array_index (results, 0);
  const DynoTargetResult *target;

  if (dyno_result_get_n_targets (first) == 0)
    return;
  target = dyno_result_get_target (first, 0);
  if (!stream)
    {
      g_print ("\n");
      g_print (_("All %u machines together\n"), results->len);
      g_print (_("%-18s %14s  %-28s %8s\n"), _("Phase"), _("Sum"), _("Slowest"), _("Spread"));
    }
  for (guint p = 0; p < target->phases->len; p++)
    {
      const DynoPhaseResult *pr = g_ptr_array_index (target->phases, p);
      DynoUnit unit = dyno_phase_get_unit (pr->phase);
      double sum = 0, min = INFINITY, max = -INFINITY, spread;
      const char *slowest = NULL;
      guint n = 0;
      g_autofree char *sum_text = NULL;
      g_autofree char *min_text = NULL;
      g_autofree char *slowest_text = NULL;
      g_autofree char *spread_text = NULL;

      for (guint i = 0; i < results->len; i++)
        {
          DynoResult *result = g_ptr_array_index (results, i);
          double rate = phase_rate (result, pr->phase);

          if (isnan (rate))
            continue;
          sum += rate;
          n++;
          max = MAX (max, rate);
          if (rate < min)
            {
              min = rate;
              slowest = dyno_result_get_remote (result);
            }
        }
      if (n == 0)
        continue;
      spread = sum > 0 ? (max - min) / (sum / n) * 100 : NAN;
      if (stream)
        {
          DynoStreamEvent event = { .kind = DYNO_STREAM_AGGREGATE, .phase = pr->phase,
                                    .hosts = n, .sum = sum, .text = (char *) slowest,
                                    .slowest_rate = min, .fastest_rate = max,
                                    .spread = spread };
          g_autofree char *line = dyno_stream_encode (&event);

          print_line (line);
          continue;
        }
      sum_text = dyno_format_rate (sum, unit);
      min_text = dyno_format_rate (min, unit);
      slowest_text = g_strdup_printf ("%s %s", slowest != NULL ? slowest : "?", min_text);
      spread_text = !isnan (spread) ? g_strdup_printf ("%.0f %%", spread) : g_strdup ("–");
      g_print ("%-18s %14s  %-28s %8s\n", dyno_phase_get_title (pr->phase), sum_text,
               slowest_text, spread_text);
    }
}

/* The machines whose stream's reader went away. */
static guint
n_lost (GPtrArray *remotes)
{
  guint n = 0;

  for (guint i = 0; i < remotes->len; i++)
    n += ((Remote *) g_ptr_array_index (remotes, i))->output_lost ? 1 : 0;
  return n;
}

/* --json FILE with several machines: FILE's name with -user@host before its extension. */
static char *
per_host_path (const char *json, const char *where)
{
  const char *dot = strrchr (json, '.');
  const char *slash = strrchr (json, '/');

  /* No extension: a dot only in a folder's name, or a name that starts with its dot. */
  if (dot == NULL || dot == json || (slash != NULL && dot <= slash + 1))
    return g_strdup_printf ("%s-%s", json, where);
  return g_strdup_printf ("%.*s-%s%s", (int) (dot - json), json, where, dot);
}

int
dyno_cli_run_remote (char **args,
                     char **dirs,
                     const char *remote_cli,
                     const char *json,
                     gboolean csv,
                     gboolean stream,
                     gboolean quiet,
                     gboolean paired,
                     gboolean parallel,
                     guint repeat,
                     DynoRateUnit unit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GPtrArray) remotes = g_ptr_array_new_with_free_func ((GDestroyNotify) remote_free);
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_dirs = g_strv_length (dirs);
  guint signal_sources[3];
  const int signals[3] = { SIGINT, SIGTERM, SIGHUP };
  Session session = { 0 };
  int status = DYNO_EXIT_OK;

  if (remote_cli == NULL)
    remote_cli = DEFAULT_REMOTE_CLI;
  if (n_dirs != 1 && !parallel)
    return dyno_cli_usage_error ("run", _("A remote folder (ssh://host/path or host:/path) is "
                                          "measured on its own: give one -d, or --parallel to "
                                          "measure several machines at once"));
  if (paired)
    return dyno_cli_usage_error ("run", _("--compare needs two folders on one machine; it does "
                                          "not take a remote folder"));
  if (n_dirs > 1 && (csv || (json != NULL && g_str_equal (json, "-"))))
    return dyno_cli_usage_error ("run", _("--parallel prints tables and a sum, or one --stream; "
                                          "--csv and --json - take one machine"));
  for (guint i = 0; i < n_dirs; i++)
    {
      Remote *r = g_new0 (Remote, 1);

      g_ptr_array_add (remotes, r);
      r->target = dyno_remote_target_parse (dirs[i], &error);
      if (r->target == NULL && error == NULL)
        return dyno_cli_usage_error ("run", _("-d: “%s” is a local folder; --parallel measures "
                                              "remote folders (ssh://host/path) only"),
                                     dirs[i]);
      if (r->target == NULL)
        return dyno_cli_usage_error ("run", "-d: %s", error->message);
      r->where = dyno_remote_target_describe (r->target);
      r->prefix = n_dirs > 1 ? g_strdup_printf ("[%s] ", r->where) : g_strdup ("");
      r->host_dir = dirs[i];
      r->err_text = g_string_new (NULL);
      r->session = &session;
      r->repeat = repeat;
      r->index = i;
      r->stream = stream;
      r->tag = stream && n_dirs > 1;
      r->quiet = quiet || csv || (json != NULL && g_str_equal (json, "-"));
      /* One live line for one machine; with several, their phase lines only. */
      r->tty = n_dirs == 1 && isatty (STDERR_FILENO);
    }
  if (json != NULL && !g_str_equal (json, "-"))
    for (guint i = 0; i < n_dirs; i++)
      {
        Remote *r = g_ptr_array_index (remotes, i);
        g_autofree char *path = n_dirs > 1 ? per_host_path (json, r->where) : g_strdup (json);

        if (!dyno_output_check (path, &error))
          return dyno_cli_usage_error ("run", "--json: %s", error->message);
      }

  signal (SIGPIPE, SIG_IGN);
  if (stream)
    {
      DynoStreamEvent hello;
      g_autofree char *line = NULL;

      dyno_stream_event_init_hello (&hello, PACKAGE_VERSION);
      line = dyno_stream_encode (&hello);
      dyno_stream_event_clear (&hello);
      print_line (line);
    }

  loop = g_main_loop_new (NULL, FALSE);
  session.loop = loop;
  session.remotes = remotes;
  for (guint i = 0; i < n_dirs; i++)
    {
      Remote *r = g_ptr_array_index (remotes, i);
      g_auto (GStrv) words = remote_run_words (args, remote_cli, r->target->path);
      g_auto (GStrv) argv = ssh_argv (r->target, words, &error);

      if (argv == NULL)
        {
          dyno_cli_error ("%s", error->message);
          return DYNO_EXIT_FAILED;
        }
      r->ssh = spawn_ssh (argv, &error);
      if (r->ssh == NULL)
        {
          dyno_cli_error (_("Cannot run ssh: %s"), error->message);
          g_clear_error (&error);
          continue;
        }
      r->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (r->ssh));
      r->err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (r->ssh));
      session.pending += 3;
      read_next_line (r);
      read_next_err (r);
      g_subprocess_wait_async (r->ssh, NULL, on_ssh_exit, r);
    }
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    signal_sources[i] = g_unix_signal_add (signals[i], on_local_signal, &session);
  if (session.pending > 0)
    g_main_loop_run (loop);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (signal_sources[i]);

  for (guint i = 0; i < n_dirs; i++)
    {
      Remote *r = g_ptr_array_index (remotes, i);
      DynoResult *result;
      int printed;

      remote_clear_progress (r);
      result = remote_finish (r, remote_cli, &status);
      if (result == NULL)
        continue;
      if (r->output_lost)
        {
          /* The stream's reader has gone (that was said): nothing more to print to it. */
          g_object_unref (result);
          status = MAX (status, DYNO_EXIT_FAILED);
          continue;
        }
      if (n_dirs > 1)
        {
          g_autofree char *path = json != NULL ? per_host_path (json, r->where) : NULL;

          if (!stream)
            g_print ("%s== %s ==\n", results->len > 0 ? "\n" : "", r->where);
          printed = print_result (result, path, FALSE, stream, r->where, unit);
        }
      else
        printed = print_result (result, json, csv, stream, NULL, unit);
      /* MAX () evaluates its arguments twice: the result is printed once, above. */
      status = MAX (status, printed);
      g_ptr_array_add (results, result);
    }
  if (n_dirs > 1 && results->len > 0 && n_lost (remotes) == 0)
    print_aggregate (results, stream);
  return status;
}

/* ---- info --------------------------------------------------------------------------------- */

int
dyno_cli_info_remote (const char *text, const char *remote_cli)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (text, &error);
  g_autoptr (GSubprocess) ssh = NULL;
  g_autoptr (JsonParser) parser = NULL;
  g_auto (GStrv) argv = NULL;
  g_autofree char *where = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int exit_status;

  if (target == NULL)
    return dyno_cli_usage_error ("info", "%s", error->message);
  if (remote_cli == NULL)
    remote_cli = DEFAULT_REMOTE_CLI;
  {
    const char *words[] = { remote_cli, "info", "--json", target->path, NULL };

    argv = ssh_argv (target, (char **) words, &error);
  }
  if (argv == NULL)
    {
      dyno_cli_error ("%s", error->message);
      return DYNO_EXIT_FAILED;
    }
  ssh = spawn_ssh (argv, &error);
  if (ssh == NULL)
    {
      dyno_cli_error (_("Cannot run ssh: %s"), error->message);
      return DYNO_EXIT_FAILED;
    }
  where = dyno_remote_target_describe (target);
  /* Its standard input closes at once: info does not read it. */
  if (!g_subprocess_communicate_utf8 (ssh, "", NULL, &out, &err, &error))
    {
      dyno_cli_error (_("Cannot run ssh: %s"), error->message);
      return DYNO_EXIT_FAILED;
    }
  exit_status = g_subprocess_get_if_exited (ssh) ? g_subprocess_get_exit_status (ssh) : 255;
  parser = json_parser_new ();
  if (out == NULL || out[0] == '\0' || !json_parser_load_from_data (parser, out, -1, NULL)
      || json_parser_get_root (parser) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      if (err != NULL && err[0] != '\0')
        g_printerr ("%s", err);
      explain_failure (where, remote_cli, exit_status, err != NULL ? err : "");
      return DYNO_EXIT_FAILED;
    }
  if (err != NULL && err[0] != '\0')
    g_printerr ("%s", err);
  {
    JsonObject *o = json_node_get_object (json_parser_get_root (parser));
    g_autoptr (JsonGenerator) generator = json_generator_new ();
    g_autofree char *printed = NULL;

    /* Which machine it describes, as a run's result says. */
    json_object_set_string_member (o, "remote", where);
    json_generator_set_root (generator, json_parser_get_root (parser));
    json_generator_set_pretty (generator, TRUE);
    printed = json_generator_to_data (generator, NULL);
    g_print ("%s\n", printed);
  }
  /* info fails for a folder that cannot be written, and says so in its JSON. */
  return exit_status == 0 ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}

/* ---- the remote side ---------------------------------------------------------------------- */

static gboolean
on_stdin (int fd, GIOCondition condition, gpointer data)
{
  GCancellable *cancellable = data;
  char buffer[256];
  ssize_t n = 0;

  if (condition & G_IO_IN)
    {
      n = read (fd, buffer, sizeof buffer);
      if (n > 0 || (n < 0 && (errno == EINTR || errno == EAGAIN)))
        return G_SOURCE_CONTINUE; /* what the other end types is ignored */
    }
  /* End of input, a hang-up or an error: whoever started the run has gone. */
  dyno_cli_error (_("standard input was closed; stopping the run"));
  g_cancellable_cancel (cancellable);
  return G_SOURCE_REMOVE;
}

GSource *
dyno_cli_watch_stdin (GCancellable *cancellable)
{
  GSource *source;

  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), NULL);

  source = g_unix_fd_source_new (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR);
  g_source_set_callback (source, G_SOURCE_FUNC (on_stdin), g_object_ref (cancellable),
                         g_object_unref);
  g_source_attach (source, NULL);
  return source;
}
