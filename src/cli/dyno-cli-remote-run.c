/* dyno-cli-remote-run.c: `dyno-cli run` with folders on other machines, through DynoEngine
 *
 * The engine runs a remote folder's dyno-cli over ssh with the configuration as JSON
 * (run --config-json), follows its stream and turns it into its signals, as it does for the
 * app; several folders one after another take turns across machines (dyno-turns.h). This
 * checks what dyno-cli was given, runs the engine, stops it on a signal, and prints its
 * results; dyno-cli-remote.c prints the progress.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "dyno-array.h"
#include "dyno-cli-private.h"
#include "dyno-cli-remote.h"
#include "dyno-compare.h"
#include "dyno-error.h"
#include "dyno-output.h"
#include "dyno-preflight.h"
#include "dyno-stream.h"
#include "dyno-sysinfo-collect.h"

typedef struct
{
  DynoCliRemoteRun run;
  GMainLoop *loop;
  DynoEngine *engine;
  GPtrArray *results;
  GError *error;
  guint interrupted;
} Session;

static void
on_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Session *session = data;

  session->results = dyno_engine_run_finish_all (DYNO_ENGINE (source), res, &session->error);
  g_main_loop_quit (session->loop);
}

/* The first signal stops every side in order (a remote one when ssh's input closes: it removes
 * its scratch folder); a second kills the ssh that have not ended. */
static gboolean
on_signal (gpointer data)
{
  Session *session = data;
  DynoCliRemoteRun *run = &session->run;

  if (++session->interrupted > 1)
    {
      dyno_engine_force_stop (session->engine);
      return G_SOURCE_CONTINUE;
    }
  dyno_cli_remote_clear_progress (run);
  for (guint i = 0; i < run->n_targets && !run->options->stream; i++)
    if (run->hosts[i] != NULL)
      g_printerr (_("dyno-cli: interrupted; stopping the run on %s…\n"), run->hosts[i]);
    else
      g_printerr (_("dyno-cli: interrupted; removing the scratch folder…\n"));
  g_cancellable_cancel (run->cancellable);
  return G_SOURCE_CONTINUE;
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

/* A machine's failure, as dyno-cli says it: where there is no dyno-cli, how to say where. */
static void
say_failure (const char *where, const DynoTargetResult *target)
{
  g_autofree char *message = NULL;

  if (target->error_code == DYNO_ERROR_REMOTE_NO_CLI)
    /* TRANSLATORS: %s says that a machine has no dyno-cli and what to install there */
    message = g_strdup_printf (_("%s, or say where it is with --remote-cli PATH"),
                               target->error_message);
  else
    message = g_strdup (target->error_message);
  if (where == NULL)
    dyno_cli_error ("%s", message);
  else if (target->error_phase != NULL)
    dyno_cli_error (_("%s: %s failed: %s"), where, dyno_phase_get_title (target->error_phase),
                    message);
  else
    dyno_cli_error ("%s: %s", where, message);
}

/* One result as the options say; json: where it is saved (NULL: not saved); host: the "host"
 * of its stream line, or NULL. */
static int
print_one (DynoCliRemoteRun *run, DynoResult *result, const char *json, const char *host)
{
  const DynoCliRemoteOptions *o = run->options;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  int status = DYNO_EXIT_OK;

  if (json != NULL && !g_str_equal (json, "-") && !dyno_result_save (result, json, &error))
    {
      dyno_cli_error (_("Cannot save the result: %s"), error->message);
      status = DYNO_EXIT_FAILED;
    }
  if (o->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_RESULT, .result = result,
                                .host = (char *) host };

      text = dyno_stream_encode (&event);
      dyno_cli_remote_print_line (run, text);
      return status;
    }
  if (o->json != NULL && g_str_equal (o->json, "-"))
    {
      text = dyno_result_to_json (result, TRUE);
      g_print ("%s\n", text);
      return status;
    }
  if (o->csv)
    text = dyno_cli_has_bonnie (result) ? dyno_report_csv (result, FALSE)
                                        : dyno_report_queued_csv (result);
  else
    text = dyno_report_text (result, o->unit);
  /* The answer first, then the tables it comes from. */
  if (!o->csv && o->paired && dyno_result_get_n_targets (result) == 2)
    {
      g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
      g_autofree char *answer = NULL;

      dyno_comparison_add (comparison, result, 0);
      dyno_comparison_add (comparison, result, 1);
      dyno_comparison_name_by_folder (comparison);
      answer = dyno_comparison_format_paired (comparison, o->unit);
      g_print ("%s\n", answer);
    }
  g_print ("%s", text);
  return status;
}

/* A remote folder whose machine sent no result (it could not be reached, or refused): the
 * engine's stand-in has no system. */
static gboolean
came_back (DynoResult *result)
{
  return dyno_result_get_remote (result) == NULL
         || dyno_result_get_system (result)->hostname != NULL;
}

/* --price (once for all, or per -d), --reference and --per-spindle, set here on every target:
 * target i of one result, or the one target of each machine's result with --parallel. */
static void
annotate (const DynoCliRemoteOptions *o, GPtrArray *results, const double *reference,
          const guint *spindles)
{
  for (guint r = 0; r < results->len; r++)
    for (guint t = 0; t < dyno_result_get_n_targets (g_ptr_array_index (results, r)); t++)
      {
        DynoTargetResult *target = dyno_result_get_target (g_ptr_array_index (results, r), t);
        guint d = results->len > 1 ? r : t;

        if (o->price_amounts != NULL && o->price_amounts->len > 0)
          {
            guint p = o->price_amounts->len == 1 ? 0 : MIN (d, o->price_amounts->len - 1);

            dyno_target_result_set_price (target, g_array_index (o->price_amounts, double, p),
                                          g_ptr_array_index (o->price_currencies, p));
          }
        if (o->reference != NULL)
          dyno_array_target_set_reference (target, reference[0], reference[1]);
        if (o->per_spindle != NULL)
          {
            target->spindles_read = spindles[0];
            target->spindles_write = spindles[1];
          }
      }
}

/* Every result, each machine's under its name with --parallel, then what failed. */
static int
print_results (Session *session)
{
  DynoCliRemoteRun *run = &session->run;
  const DynoCliRemoteOptions *o = run->options;
  g_autoptr (GPtrArray) back = g_ptr_array_new ();
  int status = DYNO_EXIT_OK;

  for (guint r = 0; r < session->results->len && !run->output_lost; r++)
    {
      DynoResult *result = g_ptr_array_index (session->results, r);
      const char *host = dyno_result_get_remote (result);
      g_autofree char *json = o->json != NULL && run->several && host != NULL
                                  ? per_host_path (o->json, host)
                                  : g_strdup (o->json);
      int printed = DYNO_EXIT_OK;

      if (came_back (result))
        {
          if (run->several && !o->stream)
            g_print ("%s== %s ==\n", back->len > 0 ? "\n" : "", host);
          printed = print_one (run, result, json, run->several ? host : NULL);
          g_ptr_array_add (back, result);
        }
      status = MAX (status, printed);
      for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
        {
          const DynoTargetResult *target = dyno_result_get_target (result, t);
          const char *machine = target->remote != NULL ? target->remote : host;
          g_autofree char *where = NULL;

          if (target->error_message == NULL)
            continue;
          /* The folder is on the other machine (a full disk there, say): host:path, as scp
           * writes it, not a path that reads as one here; a message that names the machine
           * already (it could not be reached) on its own. */
          if (machine == NULL)
            where = g_strdup (target->info->path);
          else if (target->error_phase != NULL || target->phases->len > 0
                   || (came_back (result) && target->remote == NULL))
            where = g_strdup_printf ("%s:%s", machine, target->info->path);
          say_failure (where, target);
          status = DYNO_EXIT_FAILED;
        }
    }
  if (run->several && back->len > 0 && !run->output_lost)
    dyno_cli_remote_print_aggregate (run, back);
  return run->output_lost ? DYNO_EXIT_FAILED : status;
}

/* After a stop: what finished, where the result would have gone, marked as stopped. */
static int
print_stopped (Session *session)
{
  DynoCliRemoteRun *run = &session->run;
  g_autoptr (GPtrArray) stopped = dyno_engine_take_stopped_results (session->engine);

  if (run->options->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_INTERRUPTED };
      g_autofree char *line = dyno_stream_encode (&event);

      dyno_cli_remote_print_line (run, line);
    }
  else if (stopped != NULL && stopped->len > 0 && !run->options->csv)
    {
      g_clear_pointer (&session->results, g_ptr_array_unref);
      session->results = g_ptr_array_ref (stopped);
      print_results (session);
      dyno_cli_error (_("interrupted; the phases that had finished are kept, marked as a "
                        "stopped run"));
    }
  return run->output_lost ? DYNO_EXIT_FAILED : DYNO_EXIT_INTERRUPTED;
}

/* What the options and the folders allow, before anything starts: a usage error, or 0. */
static int
check (const DynoConfig *config, char **dirs, const DynoCliRemoteOptions *o, double *reference,
       guint *spindles)
{
  g_autoptr (GError) error = NULL;
  guint n = g_strv_length (dirs);

  if (o->paired && o->parallel)
    return dyno_cli_usage_error ("run", _("--compare takes turns between the folders; "
                                          "--parallel measures them at the same time: choose "
                                          "one"));
  if (o->paired && n != 2)
    return dyno_cli_usage_error ("run", _("--compare compares two folders; give exactly two with "
                                          "-d (the first is the baseline)"));
  if (o->paired && config->repeat < 2)
    return dyno_cli_usage_error ("run", _("--compare needs repeats to tell a difference from "
                                          "noise: -x 2 or more (the default is 3)"));
  if (o->parallel && n > 1 && (o->csv || (o->json != NULL && g_str_equal (o->json, "-"))))
    return dyno_cli_usage_error ("run", _("--parallel prints tables and a sum, or one --stream; "
                                          "--csv and --json - take one machine"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (dirs[i], &error);
      g_autofree char *where = target != NULL ? dyno_remote_target_describe (target) : NULL;
      g_autofree char *json = NULL;

      if (error != NULL)
        return dyno_cli_usage_error ("run", "-d: %s", error->message);
      if (target == NULL && o->parallel)
        return dyno_cli_usage_error ("run", _("-d: “%s” is a local folder; --parallel measures "
                                              "remote folders (ssh://host/path) only"),
                                     dirs[i]);
      if (o->json == NULL || g_str_equal (o->json, "-") || (i > 0 && !(o->parallel && n > 1)))
        continue;
      json = o->parallel && n > 1 ? per_host_path (o->json, where) : g_strdup (o->json);
      if (!dyno_output_check (json, &error))
        return dyno_cli_usage_error ("run", "--json: %s", error->message);
    }
  if (o->reference != NULL
      && !dyno_array_parse_reference (o->reference, &reference[0], &reference[1], &error))
    return dyno_cli_usage_error ("run", "--reference: %s", error->message);
  if (o->per_spindle != NULL
      && !dyno_array_parse_spindles (o->per_spindle, &spindles[0], &spindles[1], &error))
    return dyno_cli_usage_error ("run", "--per-spindle: %s", error->message);
  return DYNO_EXIT_OK;
}

int
dyno_cli_run_remote (const DynoConfig *config, char **dirs, const DynoCliRemoteOptions *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GStrvBuilder) targets_builder = g_strv_builder_new ();
  g_auto (GStrv) targets = NULL;
  guint n = g_strv_length (dirs);
  const int signals[3] = { SIGINT, SIGTERM, SIGHUP };
  guint sources[3];
  double reference[2] = { NAN, NAN };
  guint spindles[2] = { 0, 0 };
  Session session = { .loop = loop, .engine = engine };
  DynoCliRemoteRun *run = &session.run;
  int status;

  if ((status = check (config, dirs, options, reference, spindles)) != DYNO_EXIT_OK)
    return status;
  run->options = options;
  run->n_targets = n;
  run->hosts = g_new0 (char *, n + 1);
  run->paths = g_new0 (char *, n + 1);
  run->repeat = config->repeat;
  run->several = options->parallel && n > 1;
  run->tty = isatty (STDERR_FILENO);
  run->quiet = options->quiet || options->csv
               || (options->json != NULL && g_str_equal (options->json, "-"));
  run->cancellable = cancellable;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (dirs[i], NULL);

      if (target == NULL)
        {
          /* Results say which folder was measured, not "." */
          run->paths[i] = g_canonicalize_filename (dirs[i], NULL);
          g_strv_builder_add (targets_builder, run->paths[i]);
          continue;
        }
      run->hosts[i] = dyno_remote_target_describe (target);
      run->paths[i] = g_strdup (target->path);
      g_strv_builder_add (targets_builder, dirs[i]);
      dyno_engine_set_remote_options (engine, dirs[i], options->remote_cli, NULL);
    }
  targets = g_strv_builder_end (targets_builder);
  dyno_engine_set_parallel (engine, options->parallel);

  signal (SIGPIPE, SIG_IGN);
  if (options->stream)
    {
      DynoStreamEvent hello;
      g_autofree char *line = NULL;

      dyno_stream_event_init_hello (&hello, PACKAGE_VERSION);
      line = dyno_stream_encode (&hello);
      dyno_stream_event_clear (&hello);
      dyno_cli_remote_print_line (run, line);
    }
  /* Refuse early what cannot work here, before minutes are spent on the other machines. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DynoTargetInfo) info = NULL;

      if (run->hosts[i] != NULL)
        continue;
      info = dyno_target_info_collect (run->paths[i]);
      if (!dyno_preflight_check (config, info, 0, NULL, NULL, &error))
        {
          dyno_cli_error ("%s: %s", run->paths[i], error->message);
          status = DYNO_EXIT_FAILED;
          goto out;
        }
    }

  dyno_cli_remote_follow (run, engine);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sources[i] = g_unix_signal_add (signals[i], on_signal, &session);
  dyno_engine_run_async (engine, config, (const char *const *) targets, cancellable, on_done,
                         &session);
  g_main_loop_run (loop);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (sources[i]);
  dyno_cli_remote_clear_progress (run);

  if (g_error_matches (session.error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    status = print_stopped (&session);
  else if (session.error != NULL)
    {
      dyno_cli_error ("%s", session.error->message);
      status = DYNO_EXIT_FAILED;
    }
  else
    {
      annotate (options, session.results, reference, spindles);
      status = print_results (&session);
    }
out:
  g_clear_error (&session.error);
  g_clear_pointer (&session.results, g_ptr_array_unref);
  g_strfreev (run->hosts);
  g_strfreev (run->paths);
  return status;
}
