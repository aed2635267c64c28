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
#include "dyno-aggregate.h"
#include "dyno-cli-remote.h"
#include "dyno-error.h"
#include "dyno-output.h"
#include "dyno-parse.h"
#include "dyno-remote-probe.h"
#include "dyno-remote-run.h"
#include "dyno-report.h"
#include "dyno-stream.h"

/* ---- targets ------------------------------------------------------------------------------ */

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

/* ---- following a remote run --------------------------------------------------------------- */

typedef struct _Session Session;

typedef struct
{
  Session *session;
  DynoRemoteRun *run;
  char *where;          /* "user@host" */
  char *prefix;         /* "[user@host] " before its lines when several run, else "" */
  const char *host_dir; /* as given to -d */
  DynoResult *result;
  GError *error;        /* why it has no result */
  guint repeat;
  guint index;          /* of its -d */
  gboolean stream;
  gboolean tag;         /* --stream of several: its lines carry "host" and its -d's index */
  gboolean quiet;
  gboolean tty;
  gboolean progress_shown;
  gboolean output_lost; /* the reader of --stream went away */
} Remote;

struct _Session
{
  GMainLoop *loop;
  GPtrArray *remotes; /* Remote* */
  guint pending;      /* remote runs not yet over */
  guint interrupted;  /* signals received here */
};

static void
remote_free (Remote *r)
{
  g_clear_object (&r->run);
  g_free (r->where);
  g_free (r->prefix);
  g_clear_object (&r->result);
  g_clear_error (&r->error);
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

/* Closing ssh's standard input closes the remote dyno-cli's (--stop-on-stdin-close): it stops,
 * removes its scratch folder and prints "interrupted". */
static void
remote_stop (Remote *r)
{
  if (r->run != NULL)
    dyno_remote_run_stop (r->run);
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
          g_autofree char *shown = dyno_cli_printable (r->host_dir, FALSE);

          remote_clear_progress (r);
          g_printerr ("%s", r->prefix);
          g_printerr (_("Target %u of %u: %s\n"), event->target + 1, 1, shown);
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
          /* The far side's words: nothing in them may drive this terminal. */
          g_autofree char *shown = dyno_cli_printable (event->text, FALSE);

          remote_clear_progress (r);
          g_printerr ("%s  %s\n", r->prefix, shown);
        }
      break;
    case DYNO_STREAM_INTERRUPTED:
    case DYNO_STREAM_RESULT:
    case DYNO_STREAM_HELLO:
    case DYNO_STREAM_PHASE_STARTED:
    case DYNO_STREAM_TARGET_FINISHED:
    default:
      break;
    }
}

static void
on_event (DynoRemoteRun *run, const char *line, DynoStreamEvent *event, gpointer data)
{
  handle_event (data, line, event);
}

static void
on_stderr_line (DynoRemoteRun *run, const char *line, gpointer data)
{
  Remote *r = data;
  g_autofree char *shown = dyno_cli_printable (line, FALSE);

  remote_clear_progress (r);
  g_printerr ("%s: %s\n", r->where, shown);
}

static void
on_run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Remote *r = data;

  r->result = dyno_remote_run_finish (DYNO_REMOTE_RUN (source), res, &r->error);
  g_assert (r->session->pending > 0);
  if (--r->session->pending == 0)
    g_main_loop_quit (r->session->loop);
}

static gboolean
on_local_signal (gpointer data)
{
  Session *session = data;

  session->interrupted++;
  for (guint i = 0; i < session->remotes->len; i++)
    {
      Remote *r = g_ptr_array_index (session->remotes, i);

      if (r->run == NULL)
        continue;
      if (session->interrupted == 1)
        {
          remote_clear_progress (r);
          if (!r->stream)
            g_printerr (_("dyno-cli: interrupted; stopping the run on %s…\n"), r->where);
          remote_stop (r);
        }
      else
        dyno_remote_run_force_exit (r->run);
    }
  return G_SOURCE_CONTINUE;
}

/* run's own arguments that stay here: they say where the result goes and how it is shown. */
static gboolean
is_local_option (const char *arg, gboolean *takes_value)
{
  /* --price is set here on the result that comes back. */
  static const char *const with_value[] = { "--directory", "--json", "--unit", "--remote-cli",
                                            "--price" };
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
    "-m", "--label", "--notes", "--seed", "--config-json",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (arg, names[i]))
      return TRUE;
  return FALSE;
}

/* The words after `dyno-cli run` for the far side: run's arguments but those that stay here. */
static char **
remote_run_words (char **args)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();

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
  return g_strv_builder_end (words);
}

/* stream_host: with stream, the "host" of the result line (several machines), or NULL. */

/* A remote failure as dyno-cli says it: where there is no dyno-cli, how to say where it is. */
static char *
failure_text (const char *message, int code)
{
  if (code == DYNO_ERROR_REMOTE_NO_CLI)
    /* TRANSLATORS: %s says that a machine has no dyno-cli and what to install there */
    return g_strdup_printf (_("%s, or say where it is with --remote-cli PATH"), message);
  return g_strdup (message);
}

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

      g_autofree char *message = NULL;
      g_autofree char *where = NULL;

      if (target->error_message == NULL)
        continue;
      message = failure_text (target->error_message, target->error_code);
      /* The folder is on the other machine (a full disk there, say): host:path, as scp
       * writes it, not a path that reads as one here. */
      where = dyno_result_get_remote (result) != NULL
                  ? g_strdup_printf ("%s:%s", dyno_result_get_remote (result),
                                     target->info->path)
                  : g_strdup (target->info->path);
      if (target->error_phase != NULL)
        dyno_cli_error (_("%s: %s failed: %s"), where,
                        dyno_phase_get_title (target->error_phase), message);
      else
        dyno_cli_error ("%s: %s", where, message);
      status = DYNO_EXIT_FAILED;
    }
  return status;
}

/* The remote's outcome after its ssh ended: its result (with `remote` set), or NULL after a
 * message saying what went wrong; *status becomes 130 for a stop, else 1 for a failure. */
static DynoResult *
remote_finish (Remote *r, int *status)
{
  if (r->result != NULL)
    return g_object_ref (r->result);
  /* Standard output was closed: that was said, and the remote run was stopped. */
  if (r->output_lost)
    {
      *status = MAX (*status, DYNO_EXIT_FAILED);
      return NULL;
    }
  {
    g_autofree char *message = failure_text (r->error->message,
                                             r->error->domain == DYNO_ERROR ? r->error->code
                                                                            : DYNO_ERROR_FAILED);

    dyno_cli_error ("%s", message);
  }
  if (g_error_matches (r->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    *status = MAX (*status, DYNO_EXIT_INTERRUPTED);
  else
    *status = MAX (*status, DYNO_EXIT_FAILED);
  return NULL;
}

/* --parallel: per phase, the machines together (sum of their rates), the slowest and the
 * spread ((fastest − slowest) ÷ mean). stream: as "aggregate" lines of the stream, else as a
 * table; both have the same figures. */
static void
print_aggregate (GPtrArray *results, gboolean stream)
{
  g_autoptr (GArray) aggregates = dyno_aggregate_results (results);

  if (aggregates->len == 0 && dyno_result_get_n_targets (g_ptr_array_index (results, 0)) == 0)
    return;
  if (!stream)
    {
      g_print ("\n");
      g_print (_("All %u machines together\n"), results->len);
      g_print (_("%-18s %14s  %-28s %8s\n"), _("Phase"), _("Sum"), _("Slowest"), _("Spread"));
    }
  for (guint p = 0; p < aggregates->len; p++)
    {
      const DynoAggregate *a = &g_array_index (aggregates, DynoAggregate, p);
      DynoUnit unit = dyno_phase_get_unit (a->phase);
      const char *slowest = dyno_result_get_remote (g_ptr_array_index (results, a->slowest));
      /* In percent; one machine is its own spread (0 %) */
      double spread = !isnan (a->spread) ? a->spread * 100 : a->n == 1 && a->sum > 0 ? 0 : NAN;
      g_autofree char *sum_text = NULL;
      g_autofree char *min_text = NULL;
      g_autofree char *slowest_text = NULL;
      g_autofree char *spread_text = NULL;

      if (stream)
        {
          DynoStreamEvent event = { .kind = DYNO_STREAM_AGGREGATE, .phase = a->phase,
                                    .hosts = a->n, .sum = a->sum, .text = (char *) slowest,
                                    .slowest_rate = a->min, .fastest_rate = a->max,
                                    .spread = spread };
          g_autofree char *line = dyno_stream_encode (&event);

          print_line (line);
          continue;
        }
      sum_text = dyno_format_rate (a->sum, unit);
      min_text = dyno_format_rate (a->min, unit);
      slowest_text = g_strdup_printf ("%s %s", slowest != NULL ? slowest : "?", min_text);
      spread_text = !isnan (spread) ? g_strdup_printf ("%.0f %%", spread) : g_strdup ("–");
      g_print ("%-18s %14s  %-28s %8s\n", dyno_phase_get_title (a->phase), sum_text,
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
                     GArray *price_amounts,
                     GPtrArray *price_currencies,
                     DynoRateUnit unit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GPtrArray) remotes = g_ptr_array_new_with_free_func ((GDestroyNotify) remote_free);
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto (GStrv) run_words = remote_run_words (args);
  guint n_dirs = g_strv_length (dirs);
  guint signal_sources[3];
  const int signals[3] = { SIGINT, SIGTERM, SIGHUP };
  Session session = { 0 };
  int status = DYNO_EXIT_OK;

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
      g_autoptr (DynoRemoteTarget) target = NULL;

      g_ptr_array_add (remotes, r);
      target = dyno_remote_target_parse (dirs[i], &error);
      if (target == NULL && error == NULL)
        return dyno_cli_usage_error ("run", _("-d: “%s” is a local folder; --parallel measures "
                                              "remote folders (ssh://host/path) only"),
                                     dirs[i]);
      if (target == NULL)
        return dyno_cli_usage_error ("run", "-d: %s", error->message);
      r->run = dyno_remote_run_new (target, remote_cli, NULL, (const char *const *) run_words);
      g_signal_connect (r->run, "event", G_CALLBACK (on_event), r);
      g_signal_connect (r->run, "stderr-line", G_CALLBACK (on_stderr_line), r);
      r->where = g_strdup (dyno_remote_run_get_where (r->run));
      r->prefix = n_dirs > 1 ? g_strdup_printf ("[%s] ", r->where) : g_strdup ("");
      r->host_dir = dirs[i];
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

      session.pending++;
      dyno_remote_run_start_async (r->run, NULL, on_run_done, r);
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
      result = remote_finish (r, &status);
      if (result == NULL)
        continue;
      /* --price: what this machine's folder cost, once for all or once per -d */
      for (guint t = 0; price_amounts != NULL && price_amounts->len > 0
                        && t < dyno_result_get_n_targets (result);
           t++)
        {
          guint p = price_amounts->len == 1 ? 0 : MIN (i, price_amounts->len - 1);

          dyno_target_result_set_price (dyno_result_get_target (result, t),
                                        g_array_index (price_amounts, double, p),
                                        g_ptr_array_index (price_currencies, p));
        }
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

typedef struct
{
  GMainLoop *loop;
  GAsyncResult *result;
} InfoWait;

static void
on_info (GObject *source, GAsyncResult *res, gpointer data)
{
  InfoWait *wait = data;

  wait->result = g_object_ref (res);
  g_main_loop_quit (wait->loop);
}

int
dyno_cli_info_remote (const char *text, const char *remote_cli, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (text, &error);
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (JsonObject) info = NULL;
  g_autofree char *err = NULL;
  InfoWait wait = { 0 };
  int exit_status = 255;

  if (target == NULL)
    return dyno_cli_usage_error ("info", "%s", error->message);
  loop = g_main_loop_new (NULL, FALSE);
  wait.loop = loop;
  dyno_remote_info_async (text, remote_cli, NULL, NULL, on_info, &wait);
  g_main_loop_run (loop);
  info = dyno_remote_info_finish (wait.result, &err, &exit_status, &error);
  g_clear_object (&wait.result);
  if (err != NULL && err[0] != '\0')
    {
      /* As for run: each line says which machine printed it. */
      g_autofree char *where = dyno_remote_target_describe (target);
      g_auto (GStrv) lines = g_strsplit (err, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *shown = NULL;

          if (g_strchomp (lines[i])[0] == '\0')
            continue;
          shown = dyno_cli_printable (lines[i], FALSE);
          g_printerr ("%s: %s\n", where, shown);
        }
    }
  if (info == NULL)
    {
      g_autofree char *message = failure_text (error->message, error->domain == DYNO_ERROR
                                                                   ? error->code
                                                                   : DYNO_ERROR_FAILED);

      dyno_cli_error ("%s", message);
      return DYNO_EXIT_FAILED;
    }
  /* The same table as for a local folder; JSON when asked for, as there. */
  if (!json)
    {
      int status = dyno_cli_info_print_remote (text, info);

      return exit_status == 0 ? DYNO_EXIT_OK : status;
    }
  {
    g_autoptr (JsonNode) root = json_node_init_object (json_node_alloc (), info);
    g_autoptr (JsonGenerator) generator = json_generator_new ();
    g_autofree char *printed = NULL;

    json_generator_set_root (generator, root);
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
