/* dyno-cli-run.c: `dyno-cli run`
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-cli-private.h"
#include "dyno-files-options.h"
#include "dyno-leftovers.h"
#include "dyno-cli-remote.h"
#include "dyno-array.h"
#include "dyno-compare.h"
#include "dyno-engine.h"
#include "dyno-price.h"
#include "dyno-result-json.h"
#include "dyno-error.h"
#include "dyno-option.h"
#include "dyno-output.h"
#include "dyno-parse.h"
#include "dyno-preflight.h"
#include "dyno-profile.h"
#include "dyno-report.h"
#include "dyno-stream.h"
#include "dyno-sysinfo-collect.h"

typedef struct
{
  GMainLoop *loop;
  DynoEngine *engine;
  GCancellable *cancellable;
  DynoResult *result;
  GError *error;
  const char *const *targets;
  gboolean stream;
  gboolean quiet;
  gboolean tty;
  gboolean progress_shown;
  guint interrupted;
  gboolean output_lost; /* standard output was closed (the reader of --stream went away) */
  DynoConfig *config;
  GPtrArray *left_behind; /* char*: why a stopped target's scratch folder is still there */
} RunContext;

static void
clear_progress (RunContext *ctx)
{
  if (ctx->progress_shown)
    {
      g_printerr ("\r\033[K");
      ctx->progress_shown = FALSE;
    }
}

static RunContext *stream_ctx;

/* One --stream line (dyno-stream.h). SIGPIPE is ignored: a reader that went away shows as a
 * failed write, which stops the run (and removes its scratch folder) rather than killing the
 * process. */
static void
print_stream (const DynoStreamEvent *event)
{
  g_autofree char *text = NULL;

  if (stream_ctx != NULL && stream_ctx->output_lost)
    return;
  text = dyno_stream_encode (event);
  if ((fputs (text, stdout) == EOF || fputc ('\n', stdout) == EOF || fflush (stdout) != 0)
      && stream_ctx != NULL)
    {
      int err = errno;

      stream_ctx->output_lost = TRUE;
      dyno_cli_error (_("standard output was closed (%s); stopping the run"), g_strerror (err));
      dyno_cli_stdout_failed (err, TRUE);
      g_cancellable_cancel (stream_ctx->cancellable);
    }
}

static void
on_target_started (DynoEngine *engine, guint target, const char *path, RunContext *ctx)
{
  if (ctx->stream)
    {
      /* JSON is UTF-8; a file name need not be (the result file does the same). */
      g_autofree char *display = g_filename_display_name (path);
      DynoStreamEvent event = { .kind = DYNO_STREAM_TARGET_STARTED, .target = target,
                                .text = display };

      print_stream (&event);
    }
  else if (!ctx->quiet)
    {
      g_autofree char *shown = dyno_cli_printable (path, FALSE);

      clear_progress (ctx);
      g_printerr (_("Target %u of %u: %s\n"), target + 1, g_strv_length ((char **) ctx->targets),
                  shown);
    }
}

static void
on_phase_started (DynoEngine *engine, guint target, guint repeat, const DynoPhase *phase,
                  RunContext *ctx)
{
  if (ctx->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_PHASE_STARTED, .target = target,
                                .repeat = repeat, .phase = phase };

      print_stream (&event);
    }
}

static void
on_samples (DynoEngine *engine, GArray *samples, RunContext *ctx)
{
  if (ctx->stream)
    {
      for (guint i = 0; i < samples->len; i++)
        {
          const DynoSample *s = &g_array_index (samples, DynoSample, i);
          DynoStreamEvent event = { .kind = DYNO_STREAM_SAMPLE, .target = s->target,
                                    .repeat = s->repeat, .phase = s->phase, .sample = *s };

          print_stream (&event);
        }
      return;
    }

  if (ctx->tty && !ctx->quiet && samples->len > 0)
    {
      const DynoSample *s = &g_array_index (samples, DynoSample, samples->len - 1);
      g_autofree char *rate = dyno_format_rate (s->rate, dyno_phase_get_unit (s->phase));
      g_autofree char *eta = NULL;
      DynoStatus status;

      dyno_engine_get_status (engine, &status);
      eta = dyno_format_duration (status.remaining);
      g_printerr ("\r\033[K  %-18s %3.0f%%  %12s  CPU %3.0f%%  iowait %3.0f%%  %s %s",
                  dyno_phase_get_title (s->phase), s->progress * 100, rate, s->process_cpu,
                  isnan (s->system_cpu.iowait) ? 0 : s->system_cpu.iowait,
                  _("remaining"), eta);
      ctx->progress_shown = TRUE;
    }
}

static void
on_phase_finished (DynoEngine *engine,
                   guint target,
                   guint repeat,
                   const DynoPhase *phase,
                   const DynoPhaseRun *run,
                   RunContext *ctx)
{
  if (ctx->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_PHASE_FINISHED, .target = target,
                                .repeat = repeat, .phase = phase, .run = *run };

      print_stream (&event);
    }
  else if (!ctx->quiet)
    {
      g_autofree char *rate = dyno_format_rate (run->rate, dyno_phase_get_unit (phase));
      g_autofree char *p99 = dyno_format_latency (run->latency.p99);

      clear_progress (ctx);
      /* "[4/3+]": a run added past -x for precision */
      if (repeat >= ctx->config->repeat)
        g_printerr ("  [%u/%u+] ", repeat + 1, ctx->config->repeat);
      else if (ctx->config->repeat > 1)
        g_printerr ("  [%u/%u] ", repeat + 1, ctx->config->repeat);
      else
        g_printerr ("  ");
      g_printerr (_("%-18s %12s  CPU %3.0f%%  p99 %s%s\n"), dyno_phase_get_title (phase), rate,
                  run->cpu_percent, p99,
                  run->too_fast ? _("  (too fast to trust: +++++)") : "");
    }
}

static void
on_message (DynoEngine *engine, guint target, int level, const char *text, RunContext *ctx)
{
  g_autofree char *shown = NULL;

  if (ctx->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_MESSAGE, .target = target,
                                .warning = level == DYNO_MESSAGE_WARNING, .text = (char *) text };

      print_stream (&event);
      return;
    }
  if (ctx->quiet && level != DYNO_MESSAGE_WARNING)
    return;
  shown = dyno_cli_printable (text, FALSE);
  clear_progress (ctx);
  g_printerr ("  %s\n", shown);
}

static void
on_target_finished (DynoEngine *engine, guint target, const DynoTargetResult *result, RunContext *ctx)
{
  /* Listed, so that a later run, `dyno-cli clean` or the app can offer to remove it. */
  if (result->scratch_left != NULL)
    {
      g_autoptr (GError) list_error = NULL;

      if (!dyno_leftovers_add (result->scratch_left, &list_error))
        dyno_cli_error (_("Cannot note the scratch folder left behind: %s"),
                        list_error->message);
    }
  /* After a stop a target fails only when its scratch folder could not be removed. */
  if (result->error_message != NULL && result->error_phase == NULL
      && g_cancellable_is_cancelled (ctx->cancellable))
    g_ptr_array_add (ctx->left_behind, g_strdup (result->error_message));
  if (ctx->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_TARGET_FINISHED, .target = target,
                                .text = result->error_message };

      /* A stopped run keeps no target: one ended by the stop did not finish cleanly, and
       * "error": null would say it did. */
      if (event.text == NULL && g_cancellable_is_cancelled (ctx->cancellable))
        event.text = _("The run was stopped before this target finished");
      print_stream (&event);
    }
}

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  RunContext *ctx = data;

  ctx->result = dyno_engine_run_finish (DYNO_ENGINE (source), res, &ctx->error);
  g_main_loop_quit (ctx->loop);
}

/* SIGUSR1 ends the run too (its default action), rather than printing progress as dd does: a
 * script that sends it expects the process to end. Each would otherwise leave the scratch
 * folder, with a data file as large as -s, until the next run. */
gboolean
dyno_cli_is_terminating_signal (int signum)
{
  return dyno_output_signal_ends_process (signum);
}

void
dyno_cli_catch_signals (DynoCliSignals *state, void (*handler) (int))
{
  struct sigaction action = { 0 };

  action.sa_handler = handler;
  /* While one runs, the others wait: the handlers are not reentrant. */
  sigfillset (&action.sa_mask);
  /* SA_RESTART: a write that the signal interrupts goes on; the caller acts after it. */
  action.sa_flags = SA_RESTART;
  for (int signum = 1; signum < DYNO_CLI_N_SIGNALS; signum++)
    {
      state->caught[signum] = dyno_cli_is_terminating_signal (signum)
                              && sigaction (signum, &action, &state->old[signum]) == 0;
    }
}

void
dyno_cli_restore_signals (DynoCliSignals *state)
{
  for (int signum = 1; signum < DYNO_CLI_N_SIGNALS; signum++)
    if (state->caught[signum])
      sigaction (signum, &state->old[signum], NULL);
}

/* g_unix_signal_add () knows SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2 and SIGWINCH only, so
 * the handler writes the signal's number into a pipe that the main loop watches. */
static int signal_pipe[2] = { -1, -1 };

static void
on_raw_signal (int signum)
{
  int saved = errno;
  unsigned char byte = (unsigned char) signum;

  if (write (signal_pipe[1], &byte, 1) < 0)
    {
      /* A full pipe already holds enough signals to stop the run. */
    }
  errno = saved;
}

static gboolean on_signal (gpointer data);

static gboolean
on_signal_pipe (int fd, GIOCondition condition, gpointer data)
{
  unsigned char bytes[64];

  while (read (fd, bytes, sizeof bytes) > 0)
    on_signal (data);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_signal (gpointer data)
{
  RunContext *ctx = data;

  ctx->interrupted++;
  if (ctx->interrupted == 1)
    {
      clear_progress (ctx);
      if (!ctx->stream)
        g_printerr (_("dyno-cli: interrupted; removing the scratch folder…\n"));
      g_cancellable_cancel (ctx->cancellable);
    }
  return G_SOURCE_CONTINUE;
}

/* After the run: the default actions back, the pipe closed; TRUE when a signal came after the
 * main loop stopped reading the pipe. */
static gboolean
finish_signals (DynoCliSignals *signals)
{
  unsigned char bytes[64];
  gboolean late = FALSE;

  while (read (signal_pipe[0], bytes, sizeof bytes) > 0)
    late = TRUE;
  dyno_cli_restore_signals (signals);
  close (signal_pipe[0]);
  close (signal_pipe[1]);
  signal_pipe[0] = signal_pipe[1] = -1;
  return late;
}

static gpointer
probe_thread (gpointer data)
{
  return NULL;
}

/* GLib starts its worker thread with g_thread_new (), which aborts the process when a thread
 * or memory limit refuses it. A thread that starts and ends here shows that one can, before
 * the engine needs it; the engine's own threads fail the run cleanly. */
static gboolean
can_start_thread (GError **error)
{
  GThread *thread = g_thread_try_new ("dyno-probe", probe_thread, NULL, error);

  if (thread == NULL)
    return FALSE;
  g_thread_join (thread);
  return TRUE;
}

/* A stopped run's finished phases, where the whole result would have gone, marked as a
 * stopped run (the report's warning, the file's "stopped"): an hour of measuring is not lost
 * to a Ctrl-C in its last phase. bonnie++'s CSV has no way to mark it, so it gets nothing. */
static void
keep_stopped (DynoResult *result, const char *json, gboolean csv, DynoRateUnit rate_unit)
{
  g_autoptr (GError) error = NULL;

  if (json != NULL && !g_str_equal (json, "-"))
    {
      if (dyno_result_save (result, json, &error))
        /* Translators: %s is the result file */
        dyno_cli_error (_("interrupted; the scratch folder was removed; the phases that had "
                          "finished are saved in %s, marked as a stopped run"),
                        json);
      else
        dyno_cli_error (_("interrupted; the scratch folder was removed; the phases that had "
                          "finished could not be saved: %s"),
                        error->message);
      return;
    }
  if (json != NULL)
    {
      g_autofree char *text = dyno_result_to_json (result, TRUE);

      g_print ("%s\n", text);
    }
  else if (!csv)
    {
      g_autofree char *text = dyno_report_text (result, rate_unit);

      g_print ("%s", text);
    }
  if (csv)
    dyno_cli_error (_("interrupted; the scratch folder was removed; bonnie++'s CSV cannot mark "
                      "a stopped run, so none is printed (--json keeps the finished phases)"));
  else
    dyno_cli_error (_("interrupted; the scratch folder was removed; the phases that had "
                      "finished are printed, marked as a stopped run"));
}

/* What earlier runs could not remove, each time until it is gone: a data file as large as -s
 * may sit on a volume a person never benchmarks again. */
static void
warn_leftovers (void)
{
  g_autoptr (GPtrArray) leftovers = dyno_leftovers_list ();

  for (guint i = 0; i < leftovers->len; i++)
    {
      const DynoLeftover *leftover = g_ptr_array_index (leftovers, i);
      g_autofree char *shown = dyno_cli_printable (leftover->display, FALSE);
      g_autofree char *size = dyno_format_size (leftover->bytes);

      if (leftover->present)
        /* Translators: a folder's path, then a size */
        dyno_cli_error (_("an earlier run left its scratch folder %s (%s): remove it with "
                          "“dyno-cli clean”"),
                        shown, size);
      else
        /* Translators: a folder's path */
        dyno_cli_error (_("an earlier run left its scratch folder %s, on a file system that "
                          "cannot be reached now: mount it again, then run “dyno-cli clean”"),
                        shown);
    }
}

/* --profile, --mix, --read-percent and --test: the queued tests. With --tests as well, the
 * selection holds both; without it, only the queued tests run. */
static gboolean
select_queued (DynoConfig *config, gboolean have_tests, const char *profile_name, gboolean mix,
               const char *read_percent_text, char **single_tests, GError **error)
{
  guint read_percent = 0;

  if (read_percent_text != NULL
      && !dyno_parse_count (read_percent_text, 1, 99, &read_percent, error))
    {
      g_prefix_error (error, "--read-percent: ");
      return FALSE;
    }
  if ((mix || read_percent_text != NULL) && profile_name == NULL)
    return dyno_error_set_invalid (error, _("--mix and --read-percent go with --profile; a single "
                                            "mixed test is --test rnd-mix:4k:q32:t1:r70"));
  if (profile_name == NULL && single_tests == NULL)
    return TRUE;
  if (!have_tests)
    dyno_config_clear_phases (config);
  if (profile_name != NULL)
    {
      const DynoProfile *profile = dyno_profile_lookup (profile_name);
      g_autoptr (GPtrArray) phases = NULL;

      if (profile == NULL)
        {
          g_autofree char *known = dyno_profile_describe_names ();

          return dyno_error_set_invalid (error, _("--profile: “%s” is not a profile; there are %s"),
                                         profile_name, known);
        }
      phases = dyno_profile_get_phases (profile, mix, read_percent);
      for (guint i = 0; i < phases->len; i++)
        dyno_config_add_phase (config, g_ptr_array_index (phases, i));
    }
  for (guint i = 0; single_tests != NULL && single_tests[i] != NULL; i++)
    {
      const DynoPhase *phase = dyno_phase_parse (single_tests[i], error);

      if (phase == NULL)
        {
          g_prefix_error (error, "--test: ");
          return FALSE;
        }
      if (!dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
        return dyno_error_set_invalid (error, _("--test: “%s” is not a queued test; Bonnie's "
                                                "tests are chosen with --tests"),
                                       single_tests[i]);
      dyno_config_add_phase (config, phase);
    }
  return TRUE;
}

/* ---- the options --------------------------------------------------------------------------- */

/* A run's option as given on the command line: its table entry (dyno-option.h) and the text. */
typedef struct
{
  const DynoOptionSet *set;
  const DynoOption *option;
  char *text;
  gboolean flag; /* a DYNO_OPTION_BOOL given */
} TableValue;

/* What `run` was asked: the run's options (from the tables) and dyno-cli's own. */
typedef struct
{
  GArray *table; /* TableValue */
  GOptionEntry *entries;
  char **args;   /* argv as given, for the remote branch */
  char **dirs;
  char *profile;
  gboolean mix;
  char *read_percent;
  char **single_tests;
  gboolean paired;
  char **prices;
  char *reference;
  char *per_spindle;
  char *json;
  gboolean csv;
  gboolean stream;
  char *unit;
  gboolean quiet;
  char *remote_cli;
  gboolean stop_on_stdin_close;
  gboolean take_turns;
  gboolean parallel;
  char *config_json;
  /* What they make */
  DynoConfig *config;
  DynoRateUnit rate_unit;
  char **targets;
  GArray *price_amounts;        /* double */
  GPtrArray *price_currencies;  /* char * */
  double reference_read, reference_write;
  guint spindles_read, spindles_write;
} RunArgs;

static void
run_args_clear (RunArgs *a)
{
  for (guint i = 0; a->table != NULL && i < a->table->len; i++)
    g_free (g_array_index (a->table, TableValue, i).text);
  g_clear_pointer (&a->table, g_array_unref);
  g_clear_pointer (&a->entries, g_free);
  g_clear_pointer (&a->args, g_strfreev);
  g_clear_pointer (&a->dirs, g_strfreev);
  g_clear_pointer (&a->profile, g_free);
  g_clear_pointer (&a->read_percent, g_free);
  g_clear_pointer (&a->single_tests, g_strfreev);
  g_clear_pointer (&a->prices, g_strfreev);
  g_clear_pointer (&a->reference, g_free);
  g_clear_pointer (&a->per_spindle, g_free);
  g_clear_pointer (&a->json, g_free);
  g_clear_pointer (&a->unit, g_free);
  g_clear_pointer (&a->remote_cli, g_free);
  g_clear_pointer (&a->config_json, g_free);
  g_clear_pointer (&a->config, dyno_config_free);
  g_clear_pointer (&a->targets, g_strfreev);
  g_clear_pointer (&a->price_amounts, g_array_unref);
  g_clear_pointer (&a->price_currencies, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RunArgs, run_args_clear)

static gboolean
add_table_value (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  GArray *table = data;
  TableValue value = { set, option, NULL, FALSE };

  if (option->cli != NULL)
    g_array_append_val (table, value);
  return TRUE;
}

/* The run's options from their tables, then dyno-cli's own (what to measure, what to print). */
static GOptionEntry *
make_entries (RunArgs *a)
{
  const GOptionEntry own[] = {
    { "directory", 'd', 0, G_OPTION_ARG_FILENAME_ARRAY, &a->dirs,
      N_("Folder to test (repeat for several; default: the current folder)"), N_("DIR") },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &a->profile,
      N_("CrystalDiskMark's tests: default (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, read "
         "and write), nvme, peak or real-world; 5 s each after 5 s of rest, 5 times"),
      N_("NAME") },
    { "mix", 0, 0, G_OPTION_ARG_NONE, &a->mix,
      N_("With --profile: also run each test as a mix of reads and writes"), NULL },
    { "read-percent", 0, 0, G_OPTION_ARG_STRING, &a->read_percent,
      N_("Share of reads in the mixed tests (default 70)"), N_("PERCENT") },
    { "test", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a->single_tests,
      N_("One queued test with its parameters, e.g. rnd-read:4k:q32:t1 (repeat for several)"),
      N_("KIND:BLOCK:qDEPTH:tTHREADS") },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &a->paired,
      /* xgettext:no-c-format */
      N_("With two folders: a paired run that ends with a verdict per phase (against the plain "
         "folder when the other is encrypted, else the first; its 95 % interval: slower, faster, "
         "no difference larger than 5 % or inconclusive)"),
      NULL },
    { "price", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a->prices,
      N_("What the target cost, e.g. “1500 USD” (the locale’s currency when left out); once "
         "per -d, in order, or once for all. Comparisons then show MB/s and ops/s per USD"),
      N_("AMOUNT [CURRENCY]") },
    { "reference", 0, 0, G_OPTION_ARG_STRING, &a->reference,
      N_("What one member drive of the array sustains alone, read[,write], e.g. 93M or 93M,70M: "
         "the report then gives every throughput figure per data spindle and its efficiency"),
      N_("RATE[,WRITE]") },
    { "per-spindle", 0, 0, G_OPTION_ARG_STRING, &a->per_spindle,
      N_("Data spindles of the target for reads[:writes], when no array is detected (a hardware "
         "RAID) or to override it"),
      N_("N[:W]") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &a->json,
      N_("Write the result file (JSON) to FILE, or to standard output with -"), N_("FILE|-") },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &a->csv,
      N_("Print a bonnie++ 1.98 CSV line per target (for bon_csv2txt/bon_csv2html)"), NULL },
    { "stream", 0, 0, G_OPTION_ARG_NONE, &a->stream,
      N_("Print one JSON object per line: phase starts and ends, samples, the result"), NULL },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &a->unit, N_("Units of the text table (default mb)"),
      N_("mb|mib|kib") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &a->quiet, N_("No progress, only warnings and the result"),
      NULL },
    { "remote-cli", 0, 0, G_OPTION_ARG_FILENAME, &a->remote_cli,
      N_("Where dyno-cli is on the remote machine of an SSH target (default dyno-cli)"),
      N_("PATH") },
    { "stop-on-stdin-close", 0, 0, G_OPTION_ARG_NONE, &a->stop_on_stdin_close,
      N_("Stop the run when standard input closes (what a run over SSH asks for)"), NULL },
    { "parallel", 0, 0, G_OPTION_ARG_NONE, &a->parallel,
      N_("With several SSH folders: measure them all at once, one machine each, and sum them up"),
      NULL },
    /* The far side of a run across machines: rounds on order (dyno-cli-turns.c). */
    { "take-turns", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &a->take_turns,
      N_("Run each round when standard input says so, for a run across machines"), NULL },
    /* What the app and a remote run hand over: the configuration as a result file stores it. */
    { "config-json", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &a->config_json,
      N_("The configuration, as the JSON of a result file's config"), N_("JSON") },
  };
  GOptionEntry *entries;
  guint n = 0;

  a->table = g_array_new (FALSE, TRUE, sizeof (TableValue));
  dyno_options_foreach_in_place (add_table_value, a->table);
  entries = g_new0 (GOptionEntry, a->table->len + G_N_ELEMENTS (own) + 1);
  entries[n++] = own[0];
  for (guint i = 0; i < a->table->len; i++)
    {
      TableValue *value = &g_array_index (a->table, TableValue, i);
      const DynoOption *option = value->option;
      GOptionEntry *entry = &entries[n++];

      entry->long_name = option->cli;
      entry->short_name = option->cli_short;
      entry->flags = (option->flags & DYNO_OPTION_HIDDEN) ? G_OPTION_FLAG_HIDDEN : 0;
      /* Untranslated, for the context to translate, but where it is made when asked. */
      entry->description = option->help_text != NULL ? dyno_option_get_help (option) : option->help;
      entry->arg_description = option->arg;
      if (option->type == DYNO_OPTION_BOOL)
        entry->arg = G_OPTION_ARG_NONE, entry->arg_data = &value->flag;
      else if (option->type == DYNO_OPTION_STRING)
        /* Free text is taken as bytes: a C locale would refuse any accent. */
        entry->arg = G_OPTION_ARG_FILENAME, entry->arg_data = &value->text;
      else
        entry->arg = G_OPTION_ARG_STRING, entry->arg_data = &value->text;
    }
  for (guint i = 1; i < G_N_ELEMENTS (own); i++)
    entries[n++] = own[i];
  return entries;
}

/* The options given, in their tables' order (the selection before the kinds' options, so that
 * -n 0 drops the file tests it selected), each parsed and checked by its table entry. */
static gboolean
apply_table (RunArgs *a, GError **error)
{
  /* dyno-cli aims at the precision by default: runs are added past -x until each figure's
   * interval is within it (unless -x alone says how many). */
  a->config->autos |= DYNO_AUTO_REPEAT;
  for (guint i = 0; i < a->table->len; i++)
    {
      TableValue *value = &g_array_index (a->table, TableValue, i);
      g_autofree char *flag = dyno_option_describe_flag (value->option);

      if (value->flag)
        {
          *(gboolean *) dyno_option_get_ptr (value->set, value->option, a->config) = TRUE;
          dyno_config_option_set_given (a->config, value->option);
        }
      if (value->text == NULL)
        continue;
      if (value->option->type == DYNO_OPTION_STRING)
        {
          g_autofree char *long_flag = g_strconcat ("--", value->option->cli, NULL);

          dyno_cli_take_text_option (long_flag, &value->text);
        }
      if (!dyno_option_parse (value->set, value->option, a->config, value->text, flag, error))
        return FALSE;
    }
  /* -x N alone means exactly N runs, as sizes given explicitly mean exactly that; with
   * --precision it is the least. */
  if (dyno_config_option_is_given (a->config, "repeat"))
    a->config->autos &= ~DYNO_AUTO_REPEAT;
  if (dyno_config_option_is_given (a->config, "precision"))
    {
      if (a->config->precision > 0)
        a->config->autos |= DYNO_AUTO_REPEAT;
      else
        a->config->autos &= ~DYNO_AUTO_REPEAT;
    }
  return TRUE;
}

/* CrystalDiskMark's way for its tests, unless asked otherwise: 5 s, 5 s of rest, 5 times. */
static void
apply_profile_defaults (DynoConfig *config)
{
  if (!dyno_config_has_queued_tests (config) || dyno_config_has_io_tests (config)
      || dyno_config_has_file_tests (config))
    return;
  if (!dyno_config_option_is_given (config, "phase-time"))
    config->phase_time = DYNO_PROFILE_PHASE_TIME;
  if (!dyno_config_option_is_given (config, "interval"))
    config->interval = DYNO_PROFILE_INTERVAL;
  if (!dyno_config_option_is_given (config, "repeat"))
    config->repeat = DYNO_PROFILE_REPEAT;
}

/* --price: once for all folders or once per -d; set on the result, also on one that comes back
 * from a remote folder. */
static gboolean
parse_prices (RunArgs *a, GError **error)
{
  guint n_folders = a->dirs != NULL ? g_strv_length (a->dirs) : 1;
  guint n_prices = a->prices != NULL ? g_strv_length (a->prices) : 0;

  a->price_amounts = g_array_new (FALSE, TRUE, sizeof (double));
  a->price_currencies = g_ptr_array_new_with_free_func (g_free);
  if (n_prices == 0)
    return TRUE;
  if (n_prices != 1 && n_prices != n_folders)
    return dyno_error_set_invalid (error, _("--price: give it once for all folders or once per "
                                            "-d (%u), in order; found %u"),
                                   n_folders, n_prices);
  for (guint i = 0; i < n_prices; i++)
    {
      g_autofree char *currency = NULL;
      double amount = NAN;

      if (!dyno_price_parse (a->prices[i], &amount, &currency, error))
        {
          g_prefix_error (error, "--price: ");
          return FALSE;
        }
      if (currency == NULL)
        currency = dyno_price_locale_currency ();
      if (currency == NULL)
        return dyno_error_set_invalid (error, _("--price: “%s” has no currency and the locale "
                                                "names none; give one, as in --price “%s USD”"),
                                       a->prices[i], a->prices[i]);
      g_array_append_val (a->price_amounts, amount);
      g_ptr_array_add (a->price_currencies, g_steal_pointer (&currency));
    }
  return TRUE;
}

/* The configuration from the options: the tables', the queued tests' selection, or the whole
 * of --config-json. */
static gboolean
make_config (RunArgs *a, GError **error)
{
  a->config = dyno_config_new ();
  if (!apply_table (a, error))
    return FALSE;
  if (!select_queued (a->config, dyno_config_option_is_given (a->config, "tests"), a->profile,
                      a->mix, a->read_percent, a->single_tests, error))
    return FALSE;
  apply_profile_defaults (a->config);
  if (a->unit != NULL && !dyno_rate_unit_from_string (a->unit, &a->rate_unit))
    return dyno_error_set_invalid (error, _("--unit: “%s” is not mb, mib or kib"), a->unit);
  if (a->config_json != NULL)
    {
      /* The whole configuration at once: it replaces what the options above made. */
      g_autoptr (DynoConfig) given = dyno_config_from_json_text (a->config_json, error);

      if (given == NULL)
        {
          g_prefix_error (error, "--config-json: ");
          return FALSE;
        }
      g_clear_pointer (&a->config, dyno_config_free);
      a->config = g_steal_pointer (&given);
    }
  if (dyno_config_get_n_phases (a->config) == 0)
    return dyno_error_set_invalid (error, _("No tests left to run"));
  return dyno_config_validate (a->config, error);
}

/* What is printed where, the targets and what is kept with each: checked before the run, so
 * that an hour of measuring is not lost to a typo. */
static gboolean
check_outputs (RunArgs *a, GError **error)
{
  gboolean json_out = a->json != NULL && g_str_equal (a->json, "-");

  if ((a->csv ? 1 : 0) + (a->stream ? 1 : 0) + (json_out ? 1 : 0) > 1)
    return dyno_error_set_invalid (error, _("--csv, --stream and --json - all print to standard "
                                            "output; choose one"));
  /* The same rules apply again when the file is written (dyno-output.h). */
  if (a->json != NULL && !json_out && !dyno_output_check (a->json, error))
    {
      g_prefix_error (error, "--json: ");
      return FALSE;
    }
  return parse_prices (a, error);
}

static gboolean
make_targets (RunArgs *a, GError **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  /* Results should say which folder was measured, not "." */
  for (guint i = 0; a->dirs == NULL || a->dirs[i] != NULL; i++)
    {
      g_autofree char *path = g_canonicalize_filename (a->dirs ? a->dirs[i] : ".", NULL);

      g_strv_builder_add (builder, path);
      if (a->dirs == NULL)
        break;
    }
  a->targets = g_strv_builder_end (builder);
  /* Kept with each target of the result; the report divides by the array's spindles. */
  a->reference_read = a->reference_write = NAN;
  if (a->reference != NULL
      && !dyno_array_parse_reference (a->reference, &a->reference_read, &a->reference_write,
                                      error))
    {
      g_prefix_error (error, "--reference: ");
      return FALSE;
    }
  if (a->per_spindle != NULL
      && !dyno_array_parse_spindles (a->per_spindle, &a->spindles_read, &a->spindles_write,
                                     error))
    {
      g_prefix_error (error, "--per-spindle: ");
      return FALSE;
    }
  if (a->paired && g_strv_length (a->targets) != 2)
    return dyno_error_set_invalid (error, _("--compare compares two folders; give exactly two "
                                            "with -d (the first is the baseline)"));
  if (a->paired && a->config->repeat < 2)
    return dyno_error_set_invalid (error, _("--compare needs repeats to tell a difference from "
                                            "noise: -x 2 or more (the default is 3)"));
  return TRUE;
}

/* Parses argv into a; a usage error's exit status, or -1 to go on. */
static int
parse_args (RunArgs *a, int argc, char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;

  g_set_prgname ("dyno-cli run");
  a->entries = make_entries (a);
  context = g_option_context_new (_("— benchmark folders the Bonnie way"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, a->entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes, rewrites, reads and seeks in a data file, then "
                                  "creates, stats and deletes small files, in a private scratch "
                                  "folder inside each target that is removed afterwards."));
  g_option_context_set_description (context,
                                    _("Example:\n"
                                      "  dyno-cli run -d /mnt/data -d ~/encrypted -s 4G --json "
                                      "run.json\n\n"
                                      "Exit status: 0 success, 1 a target failed, 2 usage error, "
                                      "130 interrupted.\n"));
  a->args = g_strdupv (argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_autofree char *message = dyno_cli_option_error (error, a->args);

      return dyno_cli_usage_error ("run", "%s", message);
    }
  if (argc > 1)
    return dyno_cli_usage_error ("run", _("Unexpected argument “%s”; folders are given with -d"),
                                 argv[1]);
  if (!make_config (a, &error) || !check_outputs (a, &error))
    return dyno_cli_usage_error ("run", "%s", error->message);
  if (dyno_cli_find_empty (a->dirs) >= 0)
    return dyno_cli_empty_name_error ("run", "-d");
  return -1;
}

/* ---- the run ------------------------------------------------------------------------------- */

/* Refuses early what cannot work, before minutes are spent on the first target. */
static int
preflight (RunArgs *a)
{
  g_autoptr (GError) error = NULL;

  if (!dyno_preflight_check_memory (a->config, 0, &error))
    return dyno_cli_usage_error ("run", "%s", error->message);
  for (guint i = 0; a->targets[i] != NULL; i++)
    {
      g_autoptr (DynoTargetInfo) info = dyno_target_info_collect (a->targets[i]);

      if (!dyno_preflight_check (a->config, info, 0, NULL, NULL, &error))
        {
          dyno_cli_error ("%s: %s", a->targets[i], error->message);
          return DYNO_EXIT_FAILED;
        }
    }
  if (!can_start_thread (&error))
    {
      dyno_cli_error (_("Cannot start the run: %s"), error->message);
      return DYNO_EXIT_FAILED;
    }
  return -1;
}

/* The budget is the person's to know before an open-ended run starts. */
static void
announce_precision (const DynoConfig *config)
{
  if (!dyno_config_is_auto (config, DYNO_AUTO_REPEAT) || !(config->precision > 0))
    return;
  if (config->max_time > 0)
    /* Translators: at the start of a run; a percentage, a count, then seconds */
    g_printerr (_("Each test runs %u times, and more until its 95 %% interval is within "
                  "±%.0f %% of its mean, at most %.0f s a target (--precision, "
                  "--max-time)\n"),
                config->repeat, config->precision * 100, config->max_time);
  else
    /* Translators: at the start of a run; a count, then a percentage */
    g_printerr (_("Each test runs %u times, and more until its 95 %% interval is within "
                  "±%.0f %% of its mean (--precision)\n"),
                config->repeat, config->precision * 100);
}

/* Runs the engine on the main loop with the signals caught; FALSE when the pipe for them cannot
 * be made. The signals stay caught until finish_signals (): one that comes while the result is
 * saved and printed waits in the pipe, so that the save is finished (no .NAME.XXXXXX left, no
 * finished run lost) before the command says it was interrupted. */
static gboolean
run_engine (RunArgs *a, RunContext *ctx, DynoCliSignals *signals, GError **error)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  GSource *stdin_source = NULL;
  guint signal_source;

  ctx->loop = loop;
  g_signal_connect (ctx->engine, "target-started", G_CALLBACK (on_target_started), ctx);
  g_signal_connect (ctx->engine, "phase-started", G_CALLBACK (on_phase_started), ctx);
  g_signal_connect (ctx->engine, "samples", G_CALLBACK (on_samples), ctx);
  g_signal_connect (ctx->engine, "phase-finished", G_CALLBACK (on_phase_finished), ctx);
  g_signal_connect (ctx->engine, "message", G_CALLBACK (on_message), ctx);
  g_signal_connect (ctx->engine, "target-finished", G_CALLBACK (on_target_finished), ctx);
  if (!g_unix_open_pipe (signal_pipe, FD_CLOEXEC, error)
      || !g_unix_set_fd_nonblocking (signal_pipe[0], TRUE, error)
      || !g_unix_set_fd_nonblocking (signal_pipe[1], TRUE, error))
    return FALSE;
  signal_source = g_unix_fd_add (signal_pipe[0], G_IO_IN, on_signal_pipe, ctx);
  dyno_cli_catch_signals (signals, on_raw_signal);
  signal (SIGPIPE, SIG_IGN);
  stream_ctx = ctx;
  if (a->take_turns)
    stdin_source = dyno_cli_take_turns (ctx->engine, ctx->cancellable, a->stream);
  else if (a->stop_on_stdin_close)
    stdin_source = dyno_cli_watch_stdin (ctx->cancellable);
  if (!ctx->quiet)
    announce_precision (a->config);
  dyno_engine_run_async (ctx->engine, a->config, (const char *const *) a->targets,
                         ctx->cancellable, run_done, ctx);
  g_main_loop_run (loop);
  g_source_remove (signal_source);
  if (stdin_source != NULL)
    g_source_destroy (stdin_source);
  g_clear_pointer (&stdin_source, g_source_unref);
  clear_progress (ctx);
  ctx->loop = NULL;
  return TRUE;
}

/* ---- what is printed ------------------------------------------------------------------------ */

static void
print_stream_result (DynoResult *result)
{
  DynoStreamEvent event = { .kind = DYNO_STREAM_RESULT, .result = result };

  print_stream (&event);
}

static void
print_json (DynoResult *result)
{
  g_autofree char *text = dyno_result_to_json (result, TRUE);

  g_print ("%s\n", text);
}

/* bonnie++'s CSV for Bonnie's tests; a run of queued tests alone gets theirs. */
static void
print_csv (DynoResult *result, const DynoConfig *config)
{
  g_autofree char *text = dyno_cli_has_bonnie (result) ? dyno_report_csv (result, FALSE)
                                                       : dyno_report_queued_csv (result);

  g_print ("%s", text);
  if (dyno_cli_has_bonnie (result) && dyno_config_has_queued_tests (config))
    dyno_cli_error (_("bonnie++'s CSV has no columns for the queued tests; write them with "
                      "--json and then dyno-cli export FILE --format queued-csv"));
}

/* The tables; after a paired run, the answer first, then the tables it comes from. */
static void
print_text (DynoResult *result, gboolean paired, DynoRateUnit rate_unit)
{
  g_autofree char *text = dyno_report_text (result, rate_unit);

  if (paired)
    {
      g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
      g_autofree char *answer = NULL;

      dyno_comparison_add (comparison, result, 0);
      dyno_comparison_add (comparison, result, 1);
      dyno_comparison_name_by_folder (comparison);
      answer = dyno_comparison_format_paired (comparison, rate_unit);
      g_print ("%s\n", answer);
    }
  g_print ("%s", text);
}

/* A run that was stopped: what finished is kept where the result would have gone. */
static int
print_stopped (RunArgs *a, RunContext *ctx)
{
  GPtrArray *left_behind = ctx->left_behind;

  if (ctx->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_INTERRUPTED };

      print_stream (&event);
    }
  else
    {
      g_autoptr (GPtrArray) stopped = dyno_engine_take_stopped_results (ctx->engine);

      if (stopped != NULL && stopped->len > 0)
        keep_stopped (g_ptr_array_index (stopped, 0), a->json, a->csv, a->rate_unit);
      else if (left_behind->len == 0)
        dyno_cli_error (_("interrupted; the scratch folder was removed"));
    }
  /* Not a clean stop: files are left on the volume. */
  for (guint i = 0; i < left_behind->len; i++)
    dyno_cli_error (_("interrupted: %s"), (char *) g_ptr_array_index (left_behind, i));
  return left_behind->len > 0 ? DYNO_EXIT_FAILED : DYNO_EXIT_INTERRUPTED;
}

/* What dyno-cli keeps with each target: its price, the array's reference and spindles. */
static void
annotate_result (RunArgs *a, DynoResult *result)
{
  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    {
      DynoTargetResult *target = dyno_result_get_target (result, i);

      if (a->price_amounts->len > 0)
        {
          guint p = a->price_amounts->len == 1 ? 0 : MIN (i, a->price_amounts->len - 1);

          dyno_target_result_set_price (target, g_array_index (a->price_amounts, double, p),
                                        g_ptr_array_index (a->price_currencies, p));
        }
      if (a->reference != NULL)
        dyno_array_target_set_reference (target, a->reference_read, a->reference_write);
      target->spindles_read = a->spindles_read;
      target->spindles_write = a->spindles_write;
    }
}

/* The targets that failed, after the output; DYNO_EXIT_FAILED when any did. */
static int
report_target_errors (DynoResult *result)
{
  int status = DYNO_EXIT_OK;

  for (guint i = 0; i < dyno_result_get_n_targets (result); i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, i);

      if (target->error_message != NULL && target->error_phase == NULL && target->phases->len > 0)
        {
          /* Past its phases: the cleanup failed, and the message says so. */
          dyno_cli_error ("%s: %s", target->info->path, target->error_message);
          status = DYNO_EXIT_FAILED;
        }
      else if (target->error_message != NULL)
        {
          const char *phase = target->error_phase != NULL
                                  ? dyno_phase_get_title (target->error_phase)
                                  : _("preparation");

          dyno_cli_error (_("%s: %s failed: %s"), target->info->path, phase,
                          target->error_message);
          status = DYNO_EXIT_FAILED;
        }
    }
  return status;
}

/* The finished run: saved, printed in the form asked for, its failures said. */
static int
print_result (RunArgs *a, DynoResult *result)
{
  g_autoptr (GError) error = NULL;
  gboolean json_out = a->json != NULL && g_str_equal (a->json, "-");
  int status = DYNO_EXIT_OK;

  annotate_result (a, result);
  if (a->json != NULL && !json_out && !dyno_result_save (result, a->json, &error))
    {
      dyno_cli_error (_("Cannot save the result: %s"), error->message);
      status = DYNO_EXIT_FAILED;
    }
  if (a->stream)
    print_stream_result (result);
  else if (json_out)
    print_json (result);
  else if (a->csv)
    print_csv (result, a->config);
  else
    print_text (result, a->paired, a->rate_unit);
  if (report_target_errors (result) != DYNO_EXIT_OK)
    status = DYNO_EXIT_FAILED;
  return status;
}

/* A signal that came after the run had finished: the output is whole, and says so. */
static int
finish_late_signal (RunArgs *a, DynoCliSignals *signals, int status)
{
  if (!finish_signals (signals))
    return status;
  if (a->json != NULL && !g_str_equal (a->json, "-") && status == DYNO_EXIT_OK)
    dyno_cli_error (_("interrupted after the run had finished; the result was saved to %s"),
                    a->json);
  else
    dyno_cli_error (_("interrupted after the run had finished; its output was written in "
                      "full"));
  return status == DYNO_EXIT_OK ? DYNO_EXIT_INTERRUPTED : status;
}

/* ---- dyno-cli run -------------------------------------------------------------------------- */

int
dyno_cli_run (int argc, char **argv)
{
  g_auto (RunArgs) a = { .rate_unit = DYNO_RATE_UNIT_MB };
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoEngine) engine = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  g_autoptr (GPtrArray) left_behind = g_ptr_array_new_with_free_func (g_free);
  RunContext ctx = { 0 };
  DynoCliSignals signals;
  int status;

  /* Parse: the run's options from their tables, dyno-cli's own, the outputs. */
  status = parse_args (&a, argc, argv);
  if (status >= 0)
    return status;

  /* ssh://host/path or host:/path: through the engine's remote path (dyno-cli-remote-run.c).
   * --reference and --per-spindle go to the remote dyno-cli with the other options: the far
   * side sees its array and keeps them in the result it sends back. */
  if (dyno_cli_remote_any_target (a.dirs))
    return dyno_cli_run_remote (a.config, a.dirs,
                                &(DynoCliRemoteOptions) {
                                    .remote_cli = a.remote_cli, .json = a.json, .csv = a.csv,
                                    .stream = a.stream, .quiet = a.quiet, .paired = a.paired,
                                    .parallel = a.parallel, .price_amounts = a.price_amounts,
                                    .price_currencies = a.price_currencies,
                                    .reference = a.reference, .per_spindle = a.per_spindle,
                                    .unit = a.rate_unit });
  if (a.parallel)
    return dyno_cli_usage_error ("run", _("--parallel measures folders on several machines at "
                                          "once; give them as ssh://host/path"));
  if (!make_targets (&a, &error))
    return dyno_cli_usage_error ("run", "%s", error->message);

  /* Run, through the engine. */
  if (a.stream)
    {
      DynoStreamEvent hello;

      dyno_stream_event_init_hello (&hello, PACKAGE_VERSION);
      print_stream (&hello);
      dyno_stream_event_clear (&hello);
    }
  status = preflight (&a);
  if (status >= 0)
    return status;
  if (!a.stream)
    warn_leftovers ();
  cancellable = g_cancellable_new ();
  engine = dyno_engine_new ();
  ctx.engine = engine;
  ctx.cancellable = cancellable;
  ctx.targets = (const char *const *) a.targets;
  ctx.stream = a.stream;
  ctx.quiet = a.quiet || a.csv || (a.json != NULL && g_str_equal (a.json, "-"));
  ctx.tty = isatty (STDERR_FILENO);
  ctx.config = a.config;
  ctx.left_behind = left_behind;
  if (!run_engine (&a, &ctx, &signals, &error))
    {
      dyno_cli_error ("%s", error->message);
      return DYNO_EXIT_FAILED;
    }

  /* Print: the stopped run's finished phases, or the result in the form asked for. */
  if (ctx.error != NULL)
    {
      g_autoptr (GError) run_error = g_steal_pointer (&ctx.error);

      finish_signals (&signals);
      if (ctx.output_lost)
        return DYNO_EXIT_FAILED;
      if (g_error_matches (run_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return print_stopped (&a, &ctx);
      dyno_cli_error ("%s", run_error->message);
      return DYNO_EXIT_FAILED;
    }
  status = print_result (&a, ctx.result);
  g_clear_object (&ctx.result);
  return finish_late_signal (&a, &signals, status);
}
