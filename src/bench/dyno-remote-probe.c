/* dyno-remote-probe.c: what a remote folder is, asked of the dyno-cli there
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-remote-probe.h"
#include "dyno-json-shape.h"
#include "dyno-remote-run.h"
#include "dyno-result-json.h"

typedef struct
{
  char *where;
  char *remote_cli;
  char *path;
  gboolean version; /* ask for the remote dyno-cli's version first */
  /* the outcome */
  char *out;
  char *err;
  gboolean out_not_utf8;
  int exit_status;
} InfoJob;

static void
info_job_free (gpointer data)
{
  InfoJob *job = data;

  g_free (job->where);
  g_free (job->remote_cli);
  g_free (job->path);
  g_free (job->out);
  g_free (job->err);
  g_free (job);
}

void
dyno_remote_probe_free (DynoRemoteProbe *probe)
{
  if (probe == NULL)
    return;
  g_free (probe->where);
  g_free (probe->version);
  g_clear_pointer (&probe->system, dyno_system_info_free);
  g_clear_pointer (&probe->target, dyno_target_info_free);
  g_clear_pointer (&probe->info, json_object_unref);
  g_free (probe);
}

static void
on_communicated (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (GTask) task = data;
  InfoJob *job = g_task_get_task_data (task);
  GSubprocess *ssh = G_SUBPROCESS (source);
  GError *error = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;
  const char *bytes;
  gsize size;

  /* As bytes: what another machine printed need not be UTF-8, and that is its fault, not a
   * failure to run ssh here. */
  if (!g_subprocess_communicate_finish (ssh, res, &out, &err, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_task_return_error (task, error);
      else
        {
          g_task_return_new_error (task, DYNO_ERROR, DYNO_ERROR_FAILED,
                                   _("Cannot read what ssh to %s printed, on this machine: %s"),
                                   job->where, error->message);
          g_error_free (error);
        }
      return;
    }
  bytes = err != NULL ? g_bytes_get_data (err, &size) : NULL;
  job->err = g_utf8_make_valid (bytes != NULL ? bytes : "", bytes != NULL ? (gssize) size : 0);
  bytes = out != NULL ? g_bytes_get_data (out, &size) : NULL;
  if (bytes != NULL
      && (memchr (bytes, '\0', size) != NULL || !g_utf8_validate (bytes, size, NULL)))
    job->out_not_utf8 = TRUE;
  job->out = g_utf8_make_valid (bytes != NULL ? bytes : "", bytes != NULL ? (gssize) size : 0);
  job->exit_status = g_subprocess_get_if_exited (ssh) ? g_subprocess_get_exit_status (ssh) : 255;
  g_task_return_boolean (task, TRUE);
}

/* Takes task; version: the probe's, which asks for the remote dyno-cli's version too. */
static void
start (const char *text,
       const char *remote_cli,
       const char *ssh_command,
       gboolean version,
       GTask *task_in)
{
  g_autoptr (GTask) task = task_in;
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (text, &error);
  g_autoptr (GSubprocess) ssh = NULL;
  g_auto (GStrv) argv = NULL;
  InfoJob *job;

  if (target == NULL && error == NULL)
    g_set_error (&error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
                 _("“%s” is not a remote folder (ssh://[user@]host[:port]/path or "
                   "[user@]host:/path)"),
                 text);
  if (target == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  job = g_new0 (InfoJob, 1);
  job->where = dyno_remote_target_describe (target);
  job->remote_cli = g_strdup (remote_cli != NULL ? remote_cli : DYNO_REMOTE_DEFAULT_CLI);
  job->path = g_strdup (target->path);
  job->version = version;
  g_task_set_source_tag (task, version ? dyno_remote_probe_async : dyno_remote_info_async);
  g_task_set_task_data (task, job, info_job_free);
  if (version)
    {
      /* Its version on the first line, then its info: one login. $0 and $1 keep the words
       * out of the script, so nothing in them is read by the shell. */
      const char *words[] = { "sh", "-c", "\"$0\" --version; exec \"$0\" info --json \"$1\"",
                              job->remote_cli, target->path, NULL };

      argv = dyno_remote_ssh_argv (target, ssh_command, words, &error);
    }
  else
    {
      const char *words[] = { job->remote_cli, "info", "--json", target->path, NULL };

      argv = dyno_remote_ssh_argv (target, ssh_command, words, &error);
    }
  if (argv == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  ssh = dyno_remote_spawn_or_explain ((const char *const *) argv, ssh_command, job->where,
                                      &error);
  if (ssh == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* Its standard input closes at once: info does not read it. */
  {
    g_autoptr (GBytes) nothing = g_bytes_new_static ("", 0);

    g_subprocess_communicate_async (ssh, nothing, g_task_get_cancellable (task),
                                    on_communicated, g_object_ref (task));
  }
}

/* The JSON object in the output past skip bytes, "remote" set; NULL when there is none. */
static JsonObject *
parse_info (InfoJob *job, const char *out)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *object;

  /* What another machine printed: bounded before json-glib's recursion sees it. */
  if (out == NULL || out[0] == '\0' || !dyno_json_check_shape (out, -1, "info", NULL)
      || !json_parser_load_from_data (parser, out, -1, NULL)
      || json_parser_get_root (parser) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  object = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  /* Which machine it describes, as a run's result says. */
  json_object_set_string_member (object, "remote", job->where);
  return object;
}

static JsonObject *
info_finish (GAsyncResult *result, const char **json_out, GError **error)
{
  GTask *task = G_TASK (result);
  InfoJob *job = g_task_get_task_data (task);
  const char *out;
  JsonObject *object;

  if (!g_task_propagate_boolean (task, error))
    return NULL;
  out = job->out != NULL ? job->out : "";
  if (job->version && g_str_has_prefix (out, "dyno-cli "))
    {
      const char *end = strchr (out, '\n');

      out = end != NULL ? end + 1 : out + strlen (out);
    }
  if (json_out != NULL)
    *json_out = out;
  object = parse_info (job, out);
  if (object == NULL && (job->out_not_utf8 || out[strspn (out, " \t\r\n")] != '\0'))
    {
      /* It printed, and not info's JSON: most often the shell there, on a non-interactive
       * login, before dyno-cli. */
      g_autofree char *first = g_strndup (out, strcspn (out, "\r\n"));
      g_autofree char *shown = g_utf8_substring (first, 0, MIN (g_utf8_strlen (first, -1), 80));

      for (char *p = shown; *p != '\0'; p++)
        if ((guchar) *p < 0x20 || *p == 0x7f)
          *p = '?';
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s answered info with something that is not the JSON of dyno-cli %s, "
                     "starting “%s”%s. If the shell there prints it on a non-interactive login "
                     "(~/.bashrc, /etc/bash.bashrc, ~/.profile), make it print only for "
                     "interactive shells; otherwise install dyno-cli %s there (built with "
                     "-Dgui=false)"),
                   job->where, PACKAGE_VERSION, shown,
                   job->out_not_utf8 ? _(", not UTF-8 text") : "", PACKAGE_VERSION);
    }
  else if (object == NULL)
    {
      int code;
      g_autofree char *why = dyno_remote_explain_failure (job->where, job->remote_cli,
                                                          job->exit_status, job->err, &code);

      g_set_error (error, DYNO_ERROR, code, "%s", why);
    }
  return object;
}

void
dyno_remote_info_async (const char *target,
                        const char *remote_cli,
                        const char *ssh_command,
                        GCancellable *cancellable,
                        GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_return_if_fail (target != NULL);

  start (target, remote_cli, ssh_command, FALSE,
         g_task_new (NULL, cancellable, callback, user_data));
}

JsonObject *
dyno_remote_info_finish (GAsyncResult *result, char **err, int *exit_status, GError **error)
{
  InfoJob *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  job = g_task_get_task_data (G_TASK (result));
  if (err != NULL)
    *err = job != NULL ? g_strdup (job->err) : NULL;
  if (exit_status != NULL)
    *exit_status = job != NULL ? job->exit_status : 255;
  return info_finish (result, NULL, error);
}

void
dyno_remote_probe_async (const char *target,
                         const char *remote_cli,
                         const char *ssh_command,
                         GCancellable *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_return_if_fail (target != NULL);

  start (target, remote_cli, ssh_command, TRUE,
         g_task_new (NULL, cancellable, callback, user_data));
}

DynoRemoteProbe *
dyno_remote_probe_finish (GAsyncResult *result, GError **error)
{
  g_autoptr (DynoRemoteProbe) probe = NULL;
  g_autoptr (JsonObject) object = NULL;
  InfoJob *job;
  JsonObject *system;
  const char *path;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  object = info_finish (result, NULL, error);
  if (object == NULL)
    return NULL;
  job = g_task_get_task_data (G_TASK (result));
  probe = g_new0 (DynoRemoteProbe, 1);
  probe->where = g_strdup (job->where);
  if (job->out != NULL && g_str_has_prefix (job->out, "dyno-cli "))
    {
      const char *v = job->out + strlen ("dyno-cli ");

      probe->version = g_strndup (v, strcspn (v, "\n"));
    }
  path = json_object_has_member (object, "path")
             && JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "path"))
             ? json_object_get_string_member (object, "path")
             : job->path;
  probe->target = dyno_target_info_new (path != NULL ? path : job->path);
  /* What cannot be read is left out rather than failing the probe: a newer dyno-cli's info
   * is still worth showing. */
  if (!dyno_target_info_from_json (object, probe->target, NULL))
    g_clear_pointer (&probe->target, dyno_target_info_free);
  else
    {
      JsonNode *writable = json_object_get_member (object, "writable");
      JsonNode *reason = json_object_get_member (object, "unwritable_reason");

      probe->target->writable = writable != NULL && JSON_NODE_HOLDS_VALUE (writable)
                                && json_node_get_boolean (writable);
      if (reason != NULL && JSON_NODE_HOLDS_VALUE (reason))
        probe->target->unwritable_reason = g_strdup (json_node_get_string (reason));
    }
  system = json_object_has_member (object, "system")
               && JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "system"))
               ? json_object_get_object_member (object, "system")
               : NULL;
  if (system != NULL)
    {
      probe->system = dyno_system_info_new ();
      if (!dyno_system_info_from_json (system, probe->system, NULL))
        g_clear_pointer (&probe->system, dyno_system_info_free);
    }
  probe->info = g_steal_pointer (&object);
  return g_steal_pointer (&probe);
}
