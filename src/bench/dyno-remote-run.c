/* dyno-remote-run.c: one run of the dyno-cli on another machine, over ssh
 *
 * Everything happens on the main context of whoever started the run: ssh's standard output
 * and error are read with GIO's asynchronous calls, line by line, and its exit is awaited the
 * same way. The run is over when all three have ended.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-remote-run.h"
#include "dyno-stream.h"

/* ---- ssh ---------------------------------------------------------------------------------- */

char **
dyno_remote_ssh_argv (const DynoRemoteTarget *target,
                      const char *ssh_command,
                      const char *const *remote_words,
                      GError **error)
{
  const char *command = ssh_command;
  g_auto (GStrv) base = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree char *destination = NULL;

  g_return_val_if_fail (target != NULL, NULL);
  g_return_val_if_fail (remote_words != NULL, NULL);

  destination = dyno_remote_target_describe (target);
  if (command == NULL)
    command = g_getenv ("DYNO_SSH_COMMAND");
  if (command != NULL && command[0] != '\0')
    {
      if (!g_shell_parse_argv (command, NULL, &base, error))
        {
          g_prefix_error (error, "%s: ", ssh_command != NULL ? _("ssh command")
                                                             : "DYNO_SSH_COMMAND");
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
  /* A shell that runs one command execs it, and a dyno-cli killed there (the OOM killer,
   * kill -9) then looks to ssh like a dropped connection: exit status 255 either way. A shell
   * that waits for it passes on 128 + the signal instead. */
  g_string_append (line, "; exit $?");
  g_strv_builder_add (builder, line->str);
  return g_strv_builder_end (builder);
}

static void
child_setup (gpointer data)
{
  setpgid (0, 0);
}

GSubprocess *
dyno_remote_spawn (const char *const *argv, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  return g_subprocess_launcher_spawnv (launcher, argv, error);
}

GSubprocess *
dyno_remote_spawn_or_explain (const char *const *argv,
                              const char *ssh_command,
                              const char *where,
                              GError **error)
{
  g_autoptr (GError) spawn_error = NULL;
  GSubprocess *ssh = dyno_remote_spawn (argv, &spawn_error);
  const char *from;

  if (ssh != NULL)
    return ssh;
  /* Nothing left this machine: say which ssh it tried and where that came from. */
  if (ssh_command != NULL && ssh_command[0] != '\0')
    from = _("the ssh command set for this remote folder");
  else if (g_getenv ("DYNO_SSH_COMMAND") != NULL && g_getenv ("DYNO_SSH_COMMAND")[0] != '\0')
    from = "DYNO_SSH_COMMAND";
  else
    from = NULL;
  if (from == NULL && g_error_matches (spawn_error, G_SPAWN_ERROR, G_SPAWN_ERROR_NOENT))
    g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
                 _("Cannot reach %s: ssh is not installed on this machine (no “ssh” on PATH): "
                   "install the OpenSSH client here, or set DYNO_SSH_COMMAND"),
                 where);
  else if (from == NULL)
    g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
                 _("Cannot reach %s: ssh cannot be started on this machine: %s"), where,
                 spawn_error->message);
  else
    /* Translators: the second %s is where the command came from, or DYNO_SSH_COMMAND */
    g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
                 _("Cannot reach %s: “%s” (%s) cannot be started on this machine: %s"), where,
                 argv[0], from, spawn_error->message);
  return NULL;
}

/* The line of err that holds needle, chomped, or NULL. */
static const char *
find_line (char **lines, const char *needle)
{
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      return lines[i];
  return NULL;
}

/* ssh's own words start with "ssh: " or the user and host; the reason is what follows the
 * last ": " of connect's line ("ssh: connect to host h port 22: Connection refused"). */
static const char *
after_last_colon (const char *line)
{
  const char *colon = g_strrstr (line, ": ");

  return colon != NULL ? colon + 2 : line;
}

/* ssh ended with 255: ssh itself failed, on this machine or on the way. Its messages are not
 * translated, so they can be told apart by their words. */
static char *
explain_ssh (const char *where, char **lines, const char *last)
{
  const char *line;

  if (find_line (lines, "REMOTE HOST IDENTIFICATION HAS CHANGED") != NULL)
    return g_strdup_printf (_("The SSH connection to %s was refused on this machine: the host "
                              "key %s sends has changed since it was last accepted here "
                              "(the machine was reinstalled, or something is in between). "
                              "Check the new key with whoever runs %s, then remove the old "
                              "one with ssh-keygen -R"),
                            where, where, where);
  if (find_line (lines, "Host key verification failed") != NULL
      || find_line (lines, "host key is known for") != NULL)
    return g_strdup_printf (_("The host key of %s is not known on this machine yet: log in "
                              "once with ssh %s to check and accept it (Dyno runs ssh with "
                              "BatchMode=yes, which cannot ask)"),
                            where, where);
  if ((line = find_line (lines, "Could not resolve hostname")) != NULL)
    return g_strdup_printf (_("Cannot reach %s: this machine cannot look up its name (%s): "
                              "check the host's name, or this machine's DNS"),
                            where, after_last_colon (line));
  if ((line = find_line (lines, "Connection refused")) != NULL)
    return g_strdup_printf (_("Cannot reach %s: it refused the connection (%s): is sshd "
                              "running there, and on that port?"),
                            where, line);
  if ((line = find_line (lines, "Connection timed out")) != NULL
      || (line = find_line (lines, "No route to host")) != NULL
      || (line = find_line (lines, "Network is unreachable")) != NULL
      || (line = find_line (lines, "Operation timed out")) != NULL)
    return g_strdup_printf (_("Cannot reach %s from this machine (%s): is it on, and on a "
                              "network this machine reaches?"),
                            where, line);
  if ((line = find_line (lines, "Permission denied")) != NULL
      || (line = find_line (lines, "Too many authentication failures")) != NULL)
    return g_strdup_printf (_("%s refused the SSH login (%s): Dyno runs ssh with BatchMode=yes, "
                              "so a password or a passphrase cannot be typed: use a key that "
                              "%s accepts, in an agent or without a passphrase"),
                            where, line, where);
  if ((line = find_line (lines, "Bad configuration option")) != NULL
      || (line = find_line (lines, "Bad owner or permissions")) != NULL
      || (line = find_line (lines, "Bad port")) != NULL
      || (line = find_line (lines, "Unsupported option")) != NULL
      || (line = find_line (lines, "unknown option")) != NULL
      || (line = find_line (lines, "usage: ssh")) != NULL)
    return g_strdup_printf (_("ssh on this machine refused its configuration or command line, "
                              "so nothing reached %s: %s"),
                            where, line);
  if ((line = find_line (lines, "kex_exchange_identification")) != NULL
      || (line = find_line (lines, "Connection closed by")) != NULL
      || (line = find_line (lines, "Connection reset")) != NULL
      || (line = find_line (lines, "closed by remote host")) != NULL
      || (line = find_line (lines, "Broken pipe")) != NULL)
    return g_strdup_printf (_("The SSH connection to %s ended before its command ran (%s): "
                              "sshd there closed it, or the network dropped it"),
                            where, line);
  if (last != NULL)
    return g_strdup_printf (_("ssh could not connect to or log in to %s: %s"), where, last);
  return g_strdup_printf (_("ssh ended (exit status 255) without saying why: the SSH connection "
                            "to %s failed, or the command there was killed"),
                          where);
}

char *
dyno_remote_explain_failure (const char *where,
                             const char *remote_cli,
                             int         status,
                             const char *err,
                             int        *code)
{
  g_auto (GStrv) lines = NULL;
  g_autofree char *not_found = NULL;
  const char *last = NULL;
  const char *line;

  if (err == NULL)
    err = "";
  if (remote_cli == NULL)
    remote_cli = DYNO_REMOTE_DEFAULT_CLI;
  lines = g_strsplit (err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    /* ssh ends its lines with \r\n when it was given a terminal once: not part of the reason */
    if (g_strchomp (lines[i])[0] != '\0')
      last = lines[i];

  *code = DYNO_ERROR_FAILED;
  if (status == 255)
    return explain_ssh (where, lines, last);
  /* Before "not found": a dyno-cli that is there but lacks a library also ends with 127. */
  if ((line = find_line (lines, "error while loading shared libraries")) != NULL)
    return g_strdup_printf (_("The dyno-cli on %s cannot start, a library it needs is missing "
                              "there (%s): install GLib, GIO and json-glib on %s"),
                            where, line, where);
  /* 127 is the shell's "no such command"; csh says "Command not found" and 1. */
  not_found = g_strdup_printf ("%s: Command not found", remote_cli);
  if (status == 127 || find_line (lines, not_found) != NULL)
    {
      *code = DYNO_ERROR_REMOTE_NO_CLI;
      return g_strdup_printf (_("%s has no “%s”: install dyno-cli there (a build with "
                                "-Dgui=false needs only GLib and json-glib)"),
                              where, remote_cli);
    }
  /* 126: the shell found it and could not run it (not executable, a folder, another
   * machine's binary). */
  if (status == 126)
    {
      *code = DYNO_ERROR_REMOTE_NO_CLI;
      return g_strdup_printf (_("“%s” on %s cannot be run (%s): it must be the dyno-cli "
                                "program, executable by the user who logs in"),
                              remote_cli, where,
                              last != NULL ? after_last_colon (last) : _("no reason given"));
    }
  if (status > 128 && status < 128 + 65)
    return g_strdup_printf (_("The dyno-cli on %s was killed by signal %d (%s) before it "
                              "finished: by the out-of-memory killer or someone on %s (its "
                              "system log says which)"),
                            where, status - 128, g_strsignal (status - 128), where);
  if (find_line (lines, "Unknown option") != NULL
      || find_line (lines, "stop-on-stdin-close") != NULL)
    return g_strdup_printf (_("The dyno-cli on %s is too old to be run over SSH (%s): install "
                              "dyno-cli %s there (built with -Dgui=false)"),
                            where, last, PACKAGE_VERSION);
  if (last != NULL)
    return g_strdup_printf (_("The dyno-cli on %s failed (exit status %d): %s"), where, status,
                            last);
  return g_strdup_printf (_("The dyno-cli on %s failed (exit status %d) and said nothing on its "
                            "standard error"),
                          where, status);
}

/* ---- one run ------------------------------------------------------------------------------ */

struct _DynoRemoteRun
{
  GObject parent_instance;

  DynoRemoteTarget *target;
  char *where;
  char *remote_cli;
  char *ssh_command;
  GStrv run_args;

  GTask *task;
  GSubprocess *ssh;
  GInputStream *out;
  GInputStream *err;
  GByteArray *out_pending; /* bytes of stdout past the last whole line */
  GByteArray *err_pending;
  gboolean out_skipping;   /* inside a line too long to keep: dropped to its end */
  gboolean err_skipping;
  GSource *cancel_source;
  GString *err_text;
  GError *start_error;  /* ssh could not be started */
  GError *stream_error; /* the stream was malformed or spoke another protocol */
  DynoResult *result;
  guint lines;
  guint pending;        /* stdout, stderr and the exit */
  gboolean stop_requested;
  gboolean stdin_closed;
  gboolean remote_interrupted;
  gboolean hello_ok;    /* the first line was this Dyno's hello */
  guint remote_protocol; /* of a hello this Dyno does not speak, or 0 */
  char *first_line;     /* the first line, shown, when it was not Dyno's */
  GString *to_send;     /* orders not yet written to ssh's standard input */
  GCancellable *writing; /* the write under way, or NULL */
};

G_DEFINE_FINAL_TYPE (DynoRemoteRun, dyno_remote_run, G_TYPE_OBJECT)

enum
{
  EVENT,
  STDERR_LINE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
dyno_remote_run_finalize (GObject *object)
{
  DynoRemoteRun *self = DYNO_REMOTE_RUN (object);

  g_assert (self->task == NULL);
  g_clear_pointer (&self->target, dyno_remote_target_free);
  g_free (self->where);
  g_free (self->remote_cli);
  g_free (self->ssh_command);
  g_strfreev (self->run_args);
  g_clear_object (&self->ssh);
  g_clear_object (&self->out);
  g_clear_object (&self->err);
  g_clear_pointer (&self->out_pending, g_byte_array_unref);
  g_clear_pointer (&self->err_pending, g_byte_array_unref);
  g_string_free (self->err_text, TRUE);
  g_clear_error (&self->start_error);
  g_clear_error (&self->stream_error);
  g_clear_object (&self->result);
  g_free (self->first_line);
  g_string_free (self->to_send, TRUE);
  g_assert (self->writing == NULL);
  G_OBJECT_CLASS (dyno_remote_run_parent_class)->finalize (object);
}

static void
dyno_remote_run_class_init (DynoRemoteRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dyno_remote_run_finalize;

  signals[EVENT] = g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_POINTER);
  signals[STDERR_LINE] = g_signal_new ("stderr-line", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       G_TYPE_STRING);
}

static void
dyno_remote_run_init (DynoRemoteRun *self)
{
  self->err_text = g_string_new (NULL);
  self->to_send = g_string_new (NULL);
}

DynoRemoteRun *
dyno_remote_run_new (const DynoRemoteTarget *target,
                     const char *remote_cli,
                     const char *ssh_command,
                     const char *const *run_args)
{
  DynoRemoteRun *self;

  g_return_val_if_fail (target != NULL, NULL);

  self = g_object_new (DYNO_TYPE_REMOTE_RUN, NULL);
  self->target = g_new0 (DynoRemoteTarget, 1);
  self->target->user = g_strdup (target->user);
  self->target->host = g_strdup (target->host);
  self->target->port = target->port;
  self->target->path = g_strdup (target->path);
  self->where = dyno_remote_target_describe (target);
  self->remote_cli = g_strdup (remote_cli != NULL ? remote_cli : DYNO_REMOTE_DEFAULT_CLI);
  self->ssh_command = g_strdup (ssh_command);
  self->run_args = run_args != NULL ? g_strdupv ((char **) run_args) : g_new0 (char *, 1);
  return self;
}

const char *
dyno_remote_run_get_where (DynoRemoteRun *self)
{
  g_return_val_if_fail (DYNO_IS_REMOTE_RUN (self), NULL);
  return self->where;
}

const char *
dyno_remote_run_get_remote_cli (DynoRemoteRun *self)
{
  g_return_val_if_fail (DYNO_IS_REMOTE_RUN (self), NULL);
  return self->remote_cli;
}

gboolean
dyno_remote_run_get_running (DynoRemoteRun *self)
{
  g_return_val_if_fail (DYNO_IS_REMOTE_RUN (self), FALSE);
  return self->task != NULL;
}

static void
close_stdin (DynoRemoteRun *self)
{
  if (self->stdin_closed || self->ssh == NULL)
    return;
  self->stdin_closed = TRUE;
  g_string_truncate (self->to_send, 0);
  /* A write under way holds the stream: it is cancelled, and its callback closes it. */
  if (self->writing != NULL)
    {
      g_cancellable_cancel (self->writing);
      return;
    }
  g_output_stream_close (g_subprocess_get_stdin_pipe (self->ssh), NULL, NULL);
}

static void write_next (DynoRemoteRun *self);

static void
on_written (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoRemoteRun) self = data;
  gsize written = 0;

  /* A failed write is a far side that went away: its end of the stream says why. */
  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), res, &written, NULL);
  g_clear_object (&self->writing);
  if (self->stdin_closed)
    {
      g_output_stream_close (G_OUTPUT_STREAM (source), NULL, NULL);
      return;
    }
  g_string_erase (self->to_send, 0, MIN (written, self->to_send->len));
  write_next (self);
}

static void
write_next (DynoRemoteRun *self)
{
  if (self->writing != NULL || self->stdin_closed || self->ssh == NULL || self->to_send->len == 0)
    return;
  self->writing = g_cancellable_new ();
  g_output_stream_write_all_async (g_subprocess_get_stdin_pipe (self->ssh), self->to_send->str,
                                   self->to_send->len, G_PRIORITY_DEFAULT, self->writing,
                                   on_written, g_object_ref (self));
}

void
dyno_remote_run_send_line (DynoRemoteRun *self, const char *line)
{
  g_return_if_fail (DYNO_IS_REMOTE_RUN (self));
  g_return_if_fail (line != NULL && strchr (line, '\n') == NULL);

  if (self->stdin_closed || self->stop_requested)
    return;
  g_string_append (self->to_send, line);
  g_string_append_c (self->to_send, '\n');
  write_next (self);
}

void
dyno_remote_run_stop (DynoRemoteRun *self)
{
  g_return_if_fail (DYNO_IS_REMOTE_RUN (self));

  self->stop_requested = TRUE;
  close_stdin (self);
}

void
dyno_remote_run_force_exit (DynoRemoteRun *self)
{
  g_return_if_fail (DYNO_IS_REMOTE_RUN (self));

  self->stop_requested = TRUE;
  if (self->ssh != NULL)
    g_subprocess_force_exit (self->ssh);
}

/* The last line the far side wrote on standard error, without dyno-cli's own "dyno-cli: ",
 * or NULL. */
static char *
last_err_line (DynoRemoteRun *self)
{
  g_auto (GStrv) lines = g_strsplit (self->err_text->str, "\n", -1);
  const char *last = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_strstrip (lines[i])[0] != '\0')
      last = lines[i];
  if (last == NULL)
    return NULL;
  if (g_str_has_prefix (last, "dyno-cli: "))
    last += strlen ("dyno-cli: ");
  return g_utf8_make_valid (last, -1);
}

/* The stream began, and ended without a result: who ended it. */
static void
complete_after_start (DynoRemoteRun *self, GTask *task, int exit_status)
{
  g_autofree char *last = last_err_line (self);

  if (exit_status == 255)
    {
      /* ssh's words for a connection that went away; anything else is not known to be one. */
      static const char *const lost[] = { "closed by remote host", "Connection reset",
                                          "Broken pipe", "Timeout", "not responding",
                                          "client_loop", "Connection closed", NULL };
      const char *why = NULL;

      for (guint i = 0; lost[i] != NULL && why == NULL; i++)
        if (last != NULL && strstr (last, lost[i]) != NULL)
          why = last;
      if (why != NULL)
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                                 _("The SSH connection to %s was lost during the run (%s); the "
                                   "dyno-cli there stops and removes its scratch folder when "
                                   "its input closes"),
                                 self->where, why);
      else
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                                 _("The run on %s ended without a result and ssh gave no reason "
                                   "(exit status 255): the SSH connection dropped, or the shell "
                                   "on %s was killed"),
                                 self->where, self->where);
    }
  else if (exit_status > 128 && exit_status < 128 + 65)
    g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                             _("The dyno-cli on %s was killed by signal %d (%s) during the run, "
                               "by the out-of-memory killer or someone on %s (its system log "
                               "says which). Its scratch folder may be left in %s there: "
                               "dyno-cli clean %s on %s removes it"),
                             self->where, exit_status - 128, g_strsignal (exit_status - 128),
                             self->where, self->target->path, self->target->path, self->where);
  else if (exit_status == 0)
    g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                             _("The dyno-cli on %s ended (exit status 0) without sending its "
                               "result"),
                             self->where);
  else if (last != NULL)
    /* It started and refused or failed: its own reason, said as coming from there. */
    g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                             _("The run on %s failed (exit status %d): %s"), self->where,
                             exit_status, last);
  else
    g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                             _("The run on %s failed (exit status %d) and said nothing on its "
                               "standard error"),
                             self->where, exit_status);
}

/* The run's outcome once ssh has ended. */
static void
complete (DynoRemoteRun *self)
{
  g_autoptr (GTask) task = g_steal_pointer (&self->task);
  int exit_status = 255;

  if (self->cancel_source != NULL)
    {
      g_source_destroy (self->cancel_source);
      g_clear_pointer (&self->cancel_source, g_source_unref);
    }
  if (self->start_error != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&self->start_error));
      return;
    }
  if (g_subprocess_get_if_exited (self->ssh))
    exit_status = g_subprocess_get_exit_status (self->ssh);
  if (self->stream_error != NULL)
    {
      if (self->lines == 0 && self->first_line != NULL)
        /* Nothing of Dyno's came first: most often the remote shell's own output (a message
         * from ~/.bashrc) on a non-interactive login, not dyno-cli's version. */
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                 _("The first line from %s is not Dyno's stream but “%s”. "
                                   "If the shell there prints it on a non-interactive login "
                                   "(~/.bashrc, /etc/bash.bashrc, ~/.profile), make it print "
                                   "only for interactive shells; otherwise install dyno-cli %s "
                                   "there (built with -Dgui=false)"),
                                 self->where, self->first_line, PACKAGE_VERSION);
      else if (self->lines == 0)
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                 _("The first line from %s is not Dyno's stream: %s. If the "
                                   "shell there prints something on a non-interactive login "
                                   "(~/.bashrc, /etc/bash.bashrc, ~/.profile), make it print "
                                   "only for interactive shells; otherwise install dyno-cli %s "
                                   "there (built with -Dgui=false)"),
                                 self->where, self->stream_error->message, PACKAGE_VERSION);
      else if (self->remote_protocol > DYNO_STREAM_PROTOCOL)
        /* Newer there: installing this Dyno's version there is one way, updating here the
         * other. */
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                 _("The dyno-cli on %s is newer than this Dyno: %s. Update "
                                   "Dyno on this machine, or install dyno-cli %s there (built "
                                   "with -Dgui=false)"),
                                 self->where, self->stream_error->message, PACKAGE_VERSION);
      else if (!self->hello_ok)
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                 _("The dyno-cli on %s does not speak this Dyno's stream: %s. "
                                   "Install dyno-cli %s there (built with -Dgui=false)"),
                                 self->where, self->stream_error->message, PACKAGE_VERSION);
      else
        /* Its hello was this Dyno's: the version is not the cause. */
        g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                 _("The dyno-cli on %s sent a line this Dyno cannot read, so "
                                   "the run there was stopped: %s"),
                                 self->where, self->stream_error->message);
      return;
    }
  if (self->result != NULL)
    {
      dyno_result_set_remote (self->result, self->where);
      g_task_return_pointer (task, g_object_ref (self->result), g_object_unref);
      return;
    }
  if (self->stop_requested)
    {
      if (self->remote_interrupted)
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("interrupted; the scratch folder on %s was removed"),
                                 self->where);
      else
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("interrupted; the run on %s was stopped"), self->where);
      return;
    }
  if (self->remote_interrupted)
    {
      /* Not stopped from here: a signal on that machine, not a ^C of this one's user. */
      g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                               _("The run on %s was interrupted there (a signal on %s, not "
                                 "from here); it removed its scratch folder"),
                               self->where, self->where);
      return;
    }
  if (self->lines == 0)
    {
      int code;
      g_autofree char *why = dyno_remote_explain_failure (self->where, self->remote_cli,
                                                          exit_status, self->err_text->str,
                                                          &code);

      g_task_return_new_error (task, DYNO_ERROR, code, "%s", why);
      return;
    }
  complete_after_start (self, task, exit_status);
}

static void
done_one (DynoRemoteRun *self)
{
  g_assert (self->pending > 0);
  if (--self->pending == 0)
    complete (self);
}


/* What a remote prints is bounded: a line of standard output may be a whole result (the
 * result files' 256 MiB and room), a line of standard error is cut, and of standard error
 * only the tail is kept for explaining a failure. A remote that printed a 2 GB line or
 * 1.2 GB of errors ended the local dyno-cli in "failed to allocate". */
#define MAX_OUT_LINE ((gsize) 320 << 20)
#define MAX_ERR_LINE ((gsize) 16 << 10)
#define MAX_ERR_KEPT ((gsize) 64 << 10)
#define READ_CHUNK ((gsize) 64 << 10)

/* A stream line that cannot be read stops the run there: its standard input closes, so the
 * remote dyno-cli stops and removes its scratch folder, and only draining follows. */
static void
stream_failed (DynoRemoteRun *self, GError *error)
{
  if (self->stream_error == NULL)
    self->stream_error = error;
  else
    g_error_free (error);
  close_stdin (self);
}

/* A line another machine printed, to quote in a message: on one line, its control
 * characters as "?", cut after 80 characters. */
static char *
shown_line (const char *text)
{
  GString *shown = g_string_new (NULL);
  const char *p = text;

  for (guint n = 0; *p != '\0' && n < 80; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        g_string_append_c (shown, '?');
      else
        g_string_append_unichar (shown, c);
    }
  if (*p != '\0')
    g_string_append (shown, "…");
  return g_string_free (shown, FALSE);
}

static void
handle_out_line (DynoRemoteRun *self, const char *line, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  DynoStreamEvent event;

  if (self->stream_error != NULL)
    return; /* past a bad line, only drain */
  if (memchr (line, '\0', length) != NULL || !g_utf8_validate (line, length, NULL))
    {
      /* Translators: a remote machine printed this; a login banner in Latin-1, say */
      stream_failed (self, g_error_new (DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                        _("line %u is not UTF-8 text (a login banner or "
                                          "message of the day printed by the remote shell?)"),
                                        self->lines + 1));
      return;
    }
  text = g_strndup (line, length);
  if (!dyno_stream_decode (text, &event, &error))
    {
      if (self->lines == 0)
        self->first_line = shown_line (text);
      dyno_stream_event_clear (&event);
      stream_failed (self, g_steal_pointer (&error));
      return;
    }
  if (self->lines++ == 0)
    {
      if (!dyno_stream_check_hello (&event, &error))
        {
          if (event.kind == DYNO_STREAM_HELLO)
            self->remote_protocol = event.protocol;
          dyno_stream_event_clear (&event);
          stream_failed (self, g_steal_pointer (&error));
          return;
        }
      self->hello_ok = TRUE;
    }
  if (event.kind == DYNO_STREAM_INTERRUPTED)
    self->remote_interrupted = TRUE;
  else if (event.kind == DYNO_STREAM_RESULT)
    g_set_object (&self->result, event.result);
  g_signal_emit (self, signals[EVENT], 0, text, &event);
  dyno_stream_event_clear (&event);
}

static void
handle_err_line (DynoRemoteRun *self, const char *line, gsize length)
{
  g_autofree char *valid = NULL;

  /* ssh ends its own lines with \r\n when it had a terminal: the \r is not part of them,
   * and was shown as "\r" after the reason. */
  if (length > 0 && line[length - 1] == '\r')
    length--;
  valid = g_utf8_make_valid (line, length);

  g_string_append_len (self->err_text, line, length);
  g_string_append_c (self->err_text, '\n');
  /* The tail explains a failure; the head of 1.2 GB of errors does not. */
  if (self->err_text->len > MAX_ERR_KEPT)
    g_string_erase (self->err_text, 0, self->err_text->len - MAX_ERR_KEPT / 2);
  g_signal_emit (self, signals[STDERR_LINE], 0, valid);
}

/* Splits what came in into lines, in order; a line past max is refused (stdout: the stream
 * fails) or cut (stderr), and the rest of it dropped. */
static void
take_lines (DynoRemoteRun *self, gboolean is_err, gboolean at_end)
{
  GByteArray *pending = is_err ? self->err_pending : self->out_pending;
  gboolean *skipping = is_err ? &self->err_skipping : &self->out_skipping;
  gsize max = is_err ? MAX_ERR_LINE : MAX_OUT_LINE;
  gsize start = 0;

  for (;;)
    {
      /* An empty GByteArray may have no data at all: memchr must not see NULL. */
      const guint8 *nl = pending->len > start
                             ? memchr (pending->data + start, '\n', pending->len - start)
                             : NULL;
      gsize length = nl != NULL ? (gsize) (nl - pending->data) - start : pending->len - start;

      if (nl == NULL && !at_end && length <= max)
        break;
      if (nl == NULL && at_end && length == 0)
        break;
      if (*skipping)
        ; /* the end of a line already refused or cut */
      else if (length > max)
        {
          if (is_err)
            handle_err_line (self, (const char *) pending->data + start, max);
          else
            {
              g_autofree char *size = g_format_size_full (max, G_FORMAT_SIZE_IEC_UNITS);

              /* Translators: a remote machine printed a line too long; %u is its number,
               * %s a size */
              stream_failed (self, g_error_new (DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                                                _("line %u is longer than %s"), self->lines + 1,
                                                size));
            }
        }
      else if (is_err)
        handle_err_line (self, (const char *) pending->data + start, length);
      else
        handle_out_line (self, (const char *) pending->data + start, length);
      if (nl == NULL)
        {
          /* Too long and not ended: drop what came, keep dropping to its end. */
          *skipping = !at_end;
          start = pending->len;
          break;
        }
      *skipping = FALSE;
      start += length + 1;
    }
  g_byte_array_remove_range (pending, 0, start);
}

static void read_next (DynoRemoteRun *self, gboolean is_err);

static void
on_read (GObject *source, GAsyncResult *res, gpointer data, gboolean is_err)
{
  g_autoptr (DynoRemoteRun) self = data;
  g_autoptr (GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), res,
                                                               NULL);
  GByteArray *pending = is_err ? self->err_pending : self->out_pending;

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      take_lines (self, is_err, TRUE);
      done_one (self);
      return;
    }
  g_byte_array_append (pending, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  take_lines (self, is_err, FALSE);
  read_next (self, is_err);
}

static void
on_out_read (GObject *source, GAsyncResult *res, gpointer data)
{
  on_read (source, res, data, FALSE);
}

static void
on_err_read (GObject *source, GAsyncResult *res, gpointer data)
{
  on_read (source, res, data, TRUE);
}

static void
read_next (DynoRemoteRun *self, gboolean is_err)
{
  g_input_stream_read_bytes_async (is_err ? self->err : self->out, READ_CHUNK,
                                   G_PRIORITY_DEFAULT, NULL,
                                   is_err ? on_err_read : on_out_read, g_object_ref (self));
}

static void
on_ssh_exit (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DynoRemoteRun) self = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), res, NULL);
  done_one (self);
}

static gboolean
on_cancelled (GCancellable *cancellable, gpointer data)
{
  dyno_remote_run_stop (DYNO_REMOTE_RUN (data));
  return G_SOURCE_REMOVE;
}

static gboolean
return_start_error (gpointer data)
{
  complete (DYNO_REMOTE_RUN (data));
  return G_SOURCE_REMOVE;
}

void
dyno_remote_run_start_async (DynoRemoteRun *self,
                             GCancellable *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer user_data)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();
  g_auto (GStrv) remote_words = NULL;
  g_auto (GStrv) argv = NULL;
  GError *error = NULL;

  g_return_if_fail (DYNO_IS_REMOTE_RUN (self));
  g_return_if_fail (self->task == NULL && self->ssh == NULL);

  self->task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (self->task, dyno_remote_run_start_async);

  g_strv_builder_add_many (words, self->remote_cli, "run", NULL);
  g_strv_builder_addv (words, (const char **) self->run_args);
  g_strv_builder_add_many (words, "--stream", "--stop-on-stdin-close", "-d", self->target->path,
                           NULL);
  remote_words = g_strv_builder_end (words);
  argv = dyno_remote_ssh_argv (self->target, self->ssh_command,
                               (const char *const *) remote_words, &error);
  if (argv != NULL)
    {
      self->ssh = dyno_remote_spawn_or_explain ((const char *const *) argv, self->ssh_command,
                                                self->where, &error);
    }
  if (error != NULL)
    {
      GSource *idle = g_idle_source_new ();

      self->start_error = error;
      /* The callback never runs before start_async returns. */
      g_source_set_callback (idle, return_start_error, g_object_ref (self), g_object_unref);
      g_source_attach (idle, g_main_context_get_thread_default ());
      g_source_unref (idle);
      return;
    }
  self->out = g_object_ref (g_subprocess_get_stdout_pipe (self->ssh));
  self->err = g_object_ref (g_subprocess_get_stderr_pipe (self->ssh));
  self->out_pending = g_byte_array_new ();
  self->err_pending = g_byte_array_new ();
  self->pending = 3;
  read_next (self, FALSE);
  read_next (self, TRUE);
  g_subprocess_wait_async (self->ssh, NULL, on_ssh_exit, g_object_ref (self));
  if (self->stop_requested)
    close_stdin (self);
  else
    write_next (self);
  if (cancellable != NULL)
    {
      self->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (self->cancel_source, G_SOURCE_FUNC (on_cancelled), self, NULL);
      g_source_attach (self->cancel_source, g_main_context_get_thread_default ());
    }
}

DynoResult *
dyno_remote_run_finish (DynoRemoteRun *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (DYNO_IS_REMOTE_RUN (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
