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
#include "dyno-leftovers.h"
#include "dyno-cli-remote.h"
#include "dyno-array.h"
#include "dyno-compare.h"
#include "dyno-engine.h"
#include "dyno-price.h"
#include "dyno-result-json.h"
#include "dyno-error.h"
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

static gboolean
json_destination_ok (const char *path, GError **error)
{
  /* Checked before the run, so that an hour of measuring is not lost to a typo; the same
   * rules apply again when the file is written (dyno-output.h). */
  return g_str_equal (path, "-") || dyno_output_check (path, error);
}

static gboolean
parse_seconds (const char *text, double max, double *out)
{
  double seconds;

  /* "0,5" in a German locale; never "0x10" or "inf" */
  if (!dyno_parse_decimal (text, &seconds) || !(seconds >= 0 && seconds <= max))
    return FALSE;
  *out = seconds;
  return TRUE;
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

int
dyno_cli_run (int argc, char **argv)
{
  g_auto (GStrv) dirs = NULL;
  g_autofree char *size = NULL;
  g_autofree char *chunk = NULL;
  g_autofree char *per_char_size = NULL;
  g_autofree char *tests = NULL;
  g_autofree char *files = NULL;
  g_autofree char *seeks = NULL;
  g_autofree char *seekers = NULL;
  g_autofree char *per_char = NULL;
  g_autofree char *cache = NULL;
  g_autofree char *data = NULL;
  g_autofree char *repeat = NULL;
  g_autofree char *label = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *json = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *phase_time = NULL;
  g_autofree char *precision = NULL;
  g_autofree char *max_time = NULL;
  g_autofree char *profile = NULL;
  g_auto (GStrv) single_tests = NULL;
  g_autofree char *read_percent = NULL;
  g_autofree char *queue_size = NULL;
  g_autofree char *io_engine = NULL;
  g_autofree char *interval = NULL;
  g_auto (GStrv) prices = NULL;
  g_autofree char *reference = NULL;
  g_autofree char *per_spindle = NULL;
  double reference_read = NAN, reference_write = NAN;
  guint spindles_read = 0, spindles_write = 0;
  g_autoptr (GArray) price_amounts = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr (GPtrArray) price_currencies = g_ptr_array_new_with_free_func (g_free);
  gboolean mix = FALSE;
  gboolean paired = FALSE;
  gboolean csv = FALSE;
  gboolean stream = FALSE;
  gboolean quiet = FALSE;
  gboolean no_space_check = FALSE;
  g_autofree char *remote_cli = NULL;
  g_autofree char *config_json = NULL;
  gboolean stop_on_stdin_close = FALSE;
  gboolean parallel = FALSE;
  GSource *stdin_source = NULL;
  const GOptionEntry entries[] = {
    { "directory", 'd', 0, G_OPTION_ARG_FILENAME_ARRAY, &dirs,
      N_("Folder to test (repeat for several; default: the current folder)"), N_("DIR") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size,
      N_("Size of the data file, with K/M/G/T suffix, or auto: as large as block writes fill in "
         "the phase time (default auto)"),
      N_("SIZE|auto") },
    { "chunk", 0, 0, G_OPTION_ARG_STRING, &chunk,
      N_("Bytes per block I/O, a power of two (default 8K)"), N_("SIZE") },
    { "tests", 0, 0, G_OPTION_ARG_STRING, &tests,
      N_("Phases to run: putc,write,rewrite,getc,read,seeks, the file tests, or the groups all, "
         "io, block, char, files (default all)"),
      N_("LIST") },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile,
      N_("CrystalDiskMark's tests: default (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, read "
         "and write), nvme, peak or real-world; 5 s each after 5 s of rest, 5 times"),
      N_("NAME") },
    { "mix", 0, 0, G_OPTION_ARG_NONE, &mix,
      N_("With --profile: also run each test as a mix of reads and writes"), NULL },
    { "read-percent", 0, 0, G_OPTION_ARG_STRING, &read_percent,
      N_("Share of reads in the mixed tests (default 70)"), N_("PERCENT") },
    { "test", 0, 0, G_OPTION_ARG_STRING_ARRAY, &single_tests,
      N_("One queued test with its parameters, e.g. rnd-read:4k:q32:t1 (repeat for several)"),
      N_("KIND:BLOCK:qDEPTH:tTHREADS") },
    { "queue-size", 0, 0, G_OPTION_ARG_STRING, &queue_size,
      N_("Size of the queued tests' test file (default 1G, as CrystalDiskMark)"), N_("SIZE") },
    { "io-engine", 0, 0, G_OPTION_ARG_STRING, &io_engine,
      N_("How queued tests keep I/Os in flight: io_uring, threads (pread/pwrite), or auto "
         "(default)"),
      N_("auto|io_uring|threads") },
    { "interval", 0, 0, G_OPTION_ARG_STRING, &interval,
      N_("Seconds of rest before each queued test (default 5 with --profile, else 0)"),
      N_("SECONDS") },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &paired,
      N_("With two folders: a paired run that ends with a verdict per phase (against the plain "
         "folder when the other is encrypted, else the first; its 95 % interval: slower, faster, "
         "no difference larger than 5 % or inconclusive)"),
      NULL },
    { "files", 'n', 0, G_OPTION_ARG_STRING, &files,
      N_("File tests: NUM×1024 files of MIN to MAX bytes in DIRS folders (bonnie++ -n; default: "
         "as many files as creates fill in the phase time)"),
      N_("NUM[:MAX[:MIN[:DIRS]]]") },
    { "seeks", 0, 0, G_OPTION_ARG_STRING, &seeks,
      N_("Random seeks per pass (default: as many as the phase time holds)"), N_("N") },
    { "seekers", 0, 0, G_OPTION_ARG_STRING, &seekers, N_("Seeker threads (default 5)"), N_("N") },
    { "per-char", 0, 0, G_OPTION_ARG_STRING, &per_char,
      N_("Per-char I/O: stdio putc/getc (Bonnie, bonnie++ 1.03) or syscall 1-byte write/read "
         "(bonnie++ 2.00)"),
      N_("stdio|syscall") },
    { "per-char-size", 0, 0, G_OPTION_ARG_STRING, &per_char_size,
      N_("Bytes for the per-char phases (default: the whole file for stdio, 3M for syscall)"),
      N_("SIZE") },
    { "cache", 0, 0, G_OPTION_ARG_STRING, &cache,
      N_("Page cache policy: evict before reads (default), direct (O_DIRECT), drop (root: all "
         "caches), none"),
      N_("evict|direct|drop|none") },
    { "data", 0, 0, G_OPTION_ARG_STRING, &data,
      N_("Data written: random (incompressible, default) or zeros"), N_("random|zeros") },
    { "repeat", 'x', 0, G_OPTION_ARG_STRING, &repeat,
      N_("Run every phase N times and report mean, sd and 95% CI (default 3)"), N_("N") },
    { "phase-time", 0, 0, G_OPTION_ARG_STRING, &phase_time,
      N_("Seconds every phase measures for at least (default 3); 0 runs the sizes given once, "
         "as Bonnie did"),
      N_("SECONDS") },
    { "precision", 0, 0, G_OPTION_ARG_STRING, &precision,
      N_("Repeat each test past -x until its 95% interval is within ±P of its mean (default "
         "5%; 0 repeats exactly -x times)"),
      N_("P%") },
    { "max-time", 0, 0, G_OPTION_ARG_STRING, &max_time,
      N_("Seconds a target may take with the repeats added for precision (default 300; 0: no "
         "limit)"),
      N_("SECONDS") },
    { "price", 0, 0, G_OPTION_ARG_STRING_ARRAY, &prices,
      N_("What the target cost, e.g. “1500 USD” (the locale’s currency when left out); once "
         "per -d, in order, or once for all. Comparisons then show MB/s and ops/s per USD"),
      N_("AMOUNT [CURRENCY]") },
    { "reference", 0, 0, G_OPTION_ARG_STRING, &reference,
      N_("What one member drive of the array sustains alone, read[,write], e.g. 93M or 93M,70M: "
         "the report then gives every throughput figure per data spindle and its efficiency"),
      N_("RATE[,WRITE]") },
    { "per-spindle", 0, 0, G_OPTION_ARG_STRING, &per_spindle,
      N_("Data spindles of the target for reads[:writes], when no array is detected (a hardware "
         "RAID) or to override it"),
      N_("N[:W]") },
    { "label", 'm', 0, G_OPTION_ARG_FILENAME, &label, N_("Label for the result (default: host name)"),
      N_("LABEL") },
    { "notes", 0, 0, G_OPTION_ARG_FILENAME, &notes, N_("Free-text notes kept with the result"),
      N_("TEXT") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, N_("Random seed, to repeat a run exactly"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json,
      N_("Write the result file (JSON) to FILE, or to standard output with -"), N_("FILE|-") },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv,
      N_("Print a bonnie++ 1.98 CSV line per target (for bon_csv2txt/bon_csv2html)"), NULL },
    { "stream", 0, 0, G_OPTION_ARG_NONE, &stream,
      N_("Print one JSON object per line: phase starts and ends, samples, the result"), NULL },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit, N_("Units of the text table (default mb)"),
      N_("mb|mib|kib") },
    { "no-space-check", 0, 0, G_OPTION_ARG_NONE, &no_space_check,
      N_("Do not refuse when the free space looks too small (compressed or thin file systems)"),
      NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("No progress, only warnings and the result"),
      NULL },
    { "remote-cli", 0, 0, G_OPTION_ARG_FILENAME, &remote_cli,
      N_("Where dyno-cli is on the remote machine of an SSH target (default dyno-cli)"),
      N_("PATH") },
    { "stop-on-stdin-close", 0, 0, G_OPTION_ARG_NONE, &stop_on_stdin_close,
      N_("Stop the run when standard input closes (what a run over SSH asks for)"), NULL },
    { "parallel", 0, 0, G_OPTION_ARG_NONE, &parallel,
      N_("With several SSH folders: measure them all at once, one machine each, and sum them up"),
      NULL },
    /* What the app and a remote run hand over: the configuration as a result file stores it. */
    { "config-json", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &config_json,
      N_("The configuration, as the JSON of a result file's config"), N_("JSON") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoEngine) engine = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  g_autoptr (GStrvBuilder) target_builder = g_strv_builder_new ();
  g_auto (GStrv) targets = NULL;
  g_autoptr (GPtrArray) left_behind = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) args = NULL;
  DynoRateUnit rate_unit = DYNO_RATE_UNIT_MB;
  RunContext ctx = { 0 };
  DynoCliSignals signals;
  guint signal_source;
  int status = DYNO_EXIT_OK;

  g_set_prgname ("dyno-cli run");
  context = g_option_context_new (_("— benchmark folders the Bonnie way"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
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
  args = g_strdupv (argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_autofree char *message = dyno_cli_option_error (error, args);

      return dyno_cli_usage_error ("run", "%s", message);
    }
  /* Free text is taken as bytes: a C locale would refuse any accent. */
  dyno_cli_take_text_option ("--label", &label);
  dyno_cli_take_text_option ("--notes", &notes);
  if (argc > 1)
    return dyno_cli_usage_error ("run", _("Unexpected argument “%s”; folders are given with -d"),
                                 argv[1]);

  /* dyno-cli aims at the precision by default: runs are added past -x until each figure's
   * interval is within it (unless -x alone says how many). */
  config->autos |= DYNO_AUTO_REPEAT;
  if (size != NULL && g_ascii_strcasecmp (size, "auto") == 0)
    g_clear_pointer (&size, g_free);
  else if (size != NULL)
    config->autos &= ~DYNO_AUTO_SIZE;
  if (phase_time != NULL)
    {
      double seconds = NAN;

      if (!dyno_parse_decimal (phase_time, &seconds)
          || !(seconds >= 0 && seconds <= DYNO_MAX_PHASE_TIME))
        return dyno_cli_usage_error ("run", _("--phase-time: “%s” is not a number of seconds from "
                                              "0 to %.0f"),
                                     phase_time, DYNO_MAX_PHASE_TIME);
      config->phase_time = seconds;
    }
  if (size != NULL)
    {
      if (!dyno_parse_size (size, &config->size, &error))
        return dyno_cli_usage_error ("run", "-s: %s", error->message);
      if (config->size == 0)
        return dyno_cli_usage_error ("run", _("-s: the size must be larger than zero; to run only "
                                              "the file tests use --tests files"));
    }
  if (chunk != NULL && !dyno_parse_size (chunk, &config->chunk, &error))
    return dyno_cli_usage_error ("run", "--chunk: %s", error->message);
  if (per_char_size != NULL && !dyno_parse_size (per_char_size, &config->per_char_size, &error))
    return dyno_cli_usage_error ("run", "--per-char-size: %s", error->message);
  if (per_char_size != NULL)
    config->autos &= ~DYNO_AUTO_PER_CHAR;
  if (tests != NULL && !dyno_config_select (config, tests, &error))
    return dyno_cli_usage_error ("run", "--tests: %s", error->message);
  if (!select_queued (config, tests != NULL, profile, mix, read_percent, single_tests, &error))
    return dyno_cli_usage_error ("run", "%s", error->message);
  if (queue_size != NULL && !dyno_parse_size (queue_size, &config->queue_size, &error))
    return dyno_cli_usage_error ("run", "--queue-size: %s", error->message);
  if (io_engine != NULL && !dyno_io_engine_from_string (io_engine, &config->io_engine))
    return dyno_cli_usage_error ("run", _("--io-engine: “%s” is not auto, io_uring or threads"),
                                 io_engine);
  if (interval != NULL && !parse_seconds (interval, DYNO_MAX_INTERVAL, &config->interval))
    return dyno_cli_usage_error ("run", _("--interval: “%s” is not a number of seconds from 0 "
                                          "to %.0f"),
                                 interval, DYNO_MAX_INTERVAL);
  /* CrystalDiskMark's way for its tests, unless asked otherwise: 5 s, 5 s of rest, 5 times. */
  if (dyno_config_has_queued_tests (config) && !dyno_config_has_io_tests (config)
      && !dyno_config_has_file_tests (config))
    {
      if (phase_time == NULL)
        config->phase_time = DYNO_PROFILE_PHASE_TIME;
      if (interval == NULL)
        config->interval = DYNO_PROFILE_INTERVAL;
      if (repeat == NULL)
        config->repeat = DYNO_PROFILE_REPEAT;
    }
  /* An explicit cache policy applies to the queued tests too (buffered on request); their
   * own default is O_DIRECT. */
  if (cache != NULL)
    {
      DynoCachePolicy policy = DYNO_CACHE_EVICT;

      if (dyno_cache_policy_from_string (cache, &policy))
        config->queue_cache = policy;
    }
  if (files != NULL && !dyno_parse_files_spec (files, config, &error))
    return dyno_cli_usage_error ("run", "-n: %s", error->message);
  if (files != NULL)
    config->autos &= ~DYNO_AUTO_FILES;
  /* -n 0, as bonnie++: no file tests. */
  if (files != NULL && config->files_num == 0)
    for (guint i = dyno_config_get_n_phases (config); i-- > 0;)
      if (dyno_phase_has_flag (dyno_config_get_phase (config, i), DYNO_PHASE_FILE_TEST))
        dyno_config_remove_phase (config, dyno_config_get_phase (config, i));
  if (seeks != NULL && !dyno_parse_count (seeks, 1, G_MAXINT, &config->seeks, &error))
    return dyno_cli_usage_error ("run", "--seeks: %s", error->message);
  if (seeks != NULL)
    config->autos &= ~DYNO_AUTO_SEEKS;
  if (seekers != NULL && !dyno_parse_count (seekers, 1, DYNO_MAX_SEEKERS, &config->seekers, &error))
    return dyno_cli_usage_error ("run", "--seekers: %s", error->message);
  if (repeat != NULL && !dyno_parse_count (repeat, 1, DYNO_MAX_REPEAT, &config->repeat, &error))
    return dyno_cli_usage_error ("run", "-x: %s", error->message);
  /* -x N alone means exactly N runs, as sizes given explicitly mean exactly that; with
   * --precision it is the least. */
  if (repeat != NULL)
    config->autos &= ~DYNO_AUTO_REPEAT;
  if (precision != NULL)
    {
      g_autofree char *number = g_strstrip (g_strdup (precision));
      double percent = NAN;

      if (g_str_has_suffix (number, "%"))
        number[strlen (number) - 1] = '\0';
      g_strchomp (number);
      if (!dyno_parse_decimal (number, &percent) || !(percent >= 0 && percent < 100))
        return dyno_cli_usage_error ("run", _("--precision: “%s” is not a percentage from 0 to "
                                              "99, e.g. 5%%"),
                                     precision);
      config->precision = percent / 100;
      if (percent > 0)
        config->autos |= DYNO_AUTO_REPEAT;
      else
        config->autos &= ~DYNO_AUTO_REPEAT;
    }
  if (max_time != NULL && !parse_seconds (max_time, DYNO_MAX_MAX_TIME, &config->max_time))
    return dyno_cli_usage_error ("run", _("--max-time: “%s” is not a number of seconds from 0 to "
                                          "%.0f"),
                                 max_time, DYNO_MAX_MAX_TIME);
  if (per_char != NULL && !dyno_per_char_mode_from_string (per_char, &config->per_char))
    return dyno_cli_usage_error ("run", _("--per-char: “%s” is not stdio or syscall"), per_char);
  if (cache != NULL && !dyno_cache_policy_from_string (cache, &config->cache))
    return dyno_cli_usage_error ("run", _("--cache: “%s” is not evict, direct, drop or none"), cache);
  if (data != NULL && !dyno_data_pattern_from_string (data, &config->data))
    return dyno_cli_usage_error ("run", _("--data: “%s” is not random or zeros"), data);
  if (unit != NULL && !dyno_rate_unit_from_string (unit, &rate_unit))
    return dyno_cli_usage_error ("run", _("--unit: “%s” is not mb, mib or kib"), unit);
  if (seed != NULL && !g_ascii_string_to_unsigned (seed, 10, 1, G_MAXUINT64, &config->seed, NULL))
    return dyno_cli_usage_error ("run", _("--seed: “%s” is not a positive whole number"), seed);
  config->skip_space_check = no_space_check;
  if (label != NULL)
    config->label = g_strdup (label);
  if (notes != NULL)
    config->notes = g_strdup (notes);
  if (config_json != NULL)
    {
      /* The whole configuration at once: it replaces what the options above made. */
      g_autoptr (DynoConfig) given = dyno_config_from_json_text (config_json, &error);

      if (given == NULL)
        return dyno_cli_usage_error ("run", "--config-json: %s", error->message);
      g_clear_pointer (&config, dyno_config_free);
      config = g_steal_pointer (&given);
    }
  if (dyno_config_get_n_phases (config) == 0)
    return dyno_cli_usage_error ("run", _("No tests left to run"));
  if (!dyno_config_validate (config, &error))
    return dyno_cli_usage_error ("run", "%s", error->message);

  if ((csv ? 1 : 0) + (stream ? 1 : 0) + (json != NULL && g_str_equal (json, "-") ? 1 : 0) > 1)
    return dyno_cli_usage_error ("run", _("--csv, --stream and --json - all print to standard "
                                          "output; choose one"));
  if (json != NULL && !json_destination_ok (json, &error))
    return dyno_cli_usage_error ("run", "--json: %s", error->message);

  /* ssh://host/path or host:/path: the run happens there (dyno-cli-remote.c). */
  /* --price: set here on the result, also on the one that comes back from a remote folder. */
  {
    guint n_folders = dirs != NULL ? g_strv_length (dirs) : 1;

    if (prices != NULL)
      {
        guint n_prices = g_strv_length (prices);

        if (n_prices != 1 && n_prices != n_folders)
          return dyno_cli_usage_error ("run", _("--price: give it once for all folders or once per "
                                                "-d (%u), in order; found %u"),
                                       n_folders, n_prices);
        for (guint i = 0; i < n_prices; i++)
          {
            g_autofree char *currency = NULL;
            double amount = NAN;

            if (!dyno_price_parse (prices[i], &amount, &currency, &error))
              return dyno_cli_usage_error ("run", "--price: %s", error->message);
            if (currency == NULL)
              currency = dyno_price_locale_currency ();
            if (currency == NULL)
              return dyno_cli_usage_error ("run", _("--price: “%s” has no currency and the locale "
                                                    "names none; give one, as in --price "
                                                    "“%s USD”"),
                                           prices[i], prices[i]);
            g_array_append_val (price_amounts, amount);
            g_ptr_array_add (price_currencies, g_steal_pointer (&currency));
          }
      }
  }
  /* --reference and --per-spindle go to a remote dyno-cli with the other options: the far
   * side sees its array and keeps them in the result it sends back. */
  if (dyno_cli_find_empty (dirs) >= 0)
    return dyno_cli_empty_name_error ("run", "-d");
  if (dyno_cli_remote_any_target (dirs))
    return dyno_cli_run_remote (args, dirs, remote_cli, json, csv, stream, quiet, paired,
                                parallel, config->repeat, price_amounts, price_currencies,
                                rate_unit);
  if (parallel)
    return dyno_cli_usage_error ("run", _("--parallel measures folders on several machines at "
                                          "once; give them as ssh://host/path"));

  /* Results should say which folder was measured, not "." */
  for (guint i = 0; dirs == NULL || dirs[i] != NULL; i++)
    {
      g_autofree char *path = g_canonicalize_filename (dirs ? dirs[i] : ".", NULL);

      g_strv_builder_add (target_builder, path);
      if (dirs == NULL)
        break;
    }
  targets = g_strv_builder_end (target_builder);
  /* Kept with each target of the result; the report divides by the array's spindles. */
  if (reference != NULL
      && !dyno_array_parse_reference (reference, &reference_read, &reference_write, &error))
    return dyno_cli_usage_error ("run", "--reference: %s", error->message);
  if (per_spindle != NULL
      && !dyno_array_parse_spindles (per_spindle, &spindles_read, &spindles_write, &error))
    return dyno_cli_usage_error ("run", "--per-spindle: %s", error->message);
  if (paired && g_strv_length (targets) != 2)
    return dyno_cli_usage_error ("run", _("--compare compares two folders; give exactly two with "
                                          "-d (the first is the baseline)"));
  if (paired && config->repeat < 2)
    return dyno_cli_usage_error ("run", _("--compare needs repeats to tell a difference from "
                                          "noise: -x 2 or more (the default is 3)"));

  if (stream)
    {
      DynoStreamEvent hello;

      dyno_stream_event_init_hello (&hello, PACKAGE_VERSION);
      print_stream (&hello);
      dyno_stream_event_clear (&hello);
    }

  if (!dyno_preflight_check_memory (config, 0, &error))
    return dyno_cli_usage_error ("run", "%s", error->message);
  /* Refuse early what cannot work, before minutes are spent on the first target. */
  for (guint i = 0; targets[i] != NULL; i++)
    {
      g_autoptr (DynoTargetInfo) info = dyno_target_info_collect (targets[i]);

      if (!dyno_preflight_check (config, info, 0, NULL, NULL, &error))
        {
          dyno_cli_error ("%s: %s", targets[i], error->message);
          return DYNO_EXIT_FAILED;
        }
    }

  if (!can_start_thread (&error))
    {
      dyno_cli_error (_("Cannot start the run: %s"), error->message);
      return DYNO_EXIT_FAILED;
    }
  if (!stream)
    warn_leftovers ();
  loop = g_main_loop_new (NULL, FALSE);
  cancellable = g_cancellable_new ();
  engine = dyno_engine_new ();
  ctx.loop = loop;
  ctx.engine = engine;
  ctx.cancellable = cancellable;
  ctx.targets = (const char *const *) targets;
  ctx.stream = stream;
  ctx.quiet = quiet || csv || (json != NULL && g_str_equal (json, "-"));
  ctx.tty = isatty (STDERR_FILENO);
  ctx.config = config;
  ctx.left_behind = left_behind;

  g_signal_connect (engine, "target-started", G_CALLBACK (on_target_started), &ctx);
  g_signal_connect (engine, "phase-started", G_CALLBACK (on_phase_started), &ctx);
  g_signal_connect (engine, "samples", G_CALLBACK (on_samples), &ctx);
  g_signal_connect (engine, "phase-finished", G_CALLBACK (on_phase_finished), &ctx);
  g_signal_connect (engine, "message", G_CALLBACK (on_message), &ctx);
  g_signal_connect (engine, "target-finished", G_CALLBACK (on_target_finished), &ctx);
  if (!g_unix_open_pipe (signal_pipe, FD_CLOEXEC, &error)
      || !g_unix_set_fd_nonblocking (signal_pipe[0], TRUE, &error)
      || !g_unix_set_fd_nonblocking (signal_pipe[1], TRUE, &error))
    {
      dyno_cli_error ("%s", error->message);
      return DYNO_EXIT_FAILED;
    }
  signal_source = g_unix_fd_add (signal_pipe[0], G_IO_IN, on_signal_pipe, &ctx);
  dyno_cli_catch_signals (&signals, on_raw_signal);
  signal (SIGPIPE, SIG_IGN);
  stream_ctx = &ctx;
  if (stop_on_stdin_close)
    stdin_source = dyno_cli_watch_stdin (cancellable);

  if (!ctx.quiet && dyno_config_is_auto (config, DYNO_AUTO_REPEAT) && config->precision > 0)
    {
      /* The budget is the person's to know before an open-ended run starts. */
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
  dyno_engine_run_async (engine, config, (const char *const *) targets, cancellable, run_done, &ctx);
  g_main_loop_run (loop);
  /* The signals stay caught until the result is saved and printed: one that comes meanwhile
   * waits in the pipe, so that the save is finished (no .NAME.XXXXXX left, no finished run
   * lost) before the command says it was interrupted. */
  g_source_remove (signal_source);
  if (stdin_source != NULL)
    g_source_destroy (stdin_source);
  g_clear_pointer (&stdin_source, g_source_unref);
  clear_progress (&ctx);

  if (ctx.error != NULL)
    {
      g_autoptr (GError) run_error = ctx.error;

      finish_signals (&signals);

      if (ctx.output_lost)
        return DYNO_EXIT_FAILED;
      if (g_error_matches (run_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          if (stream)
            {
              DynoStreamEvent event = { .kind = DYNO_STREAM_INTERRUPTED };

              print_stream (&event);
            }
          else
            {
              g_autoptr (GPtrArray) stopped = dyno_engine_take_stopped_results (engine);

              if (stopped != NULL && stopped->len > 0)
                keep_stopped (g_ptr_array_index (stopped, 0), json, csv, rate_unit);
              else if (left_behind->len == 0)
                dyno_cli_error (_("interrupted; the scratch folder was removed"));
            }
          /* Not a clean stop: files are left on the volume. */
          for (guint i = 0; i < left_behind->len; i++)
            dyno_cli_error (_("interrupted: %s"), (char *) g_ptr_array_index (left_behind, i));
          return left_behind->len > 0 ? DYNO_EXIT_FAILED : DYNO_EXIT_INTERRUPTED;
        }
      dyno_cli_error ("%s", run_error->message);
      return DYNO_EXIT_FAILED;
    }

  for (guint i = 0; price_amounts->len > 0 && i < dyno_result_get_n_targets (ctx.result); i++)
    {
      guint p = price_amounts->len == 1 ? 0 : MIN (i, price_amounts->len - 1);

      dyno_target_result_set_price (dyno_result_get_target (ctx.result, i),
                                    g_array_index (price_amounts, double, p),
                                    g_ptr_array_index (price_currencies, p));
    }

  for (guint i = 0; i < dyno_result_get_n_targets (ctx.result); i++)
    {
      DynoTargetResult *target = dyno_result_get_target (ctx.result, i);

      if (reference != NULL)
        dyno_array_target_set_reference (target, reference_read, reference_write);
      target->spindles_read = spindles_read;
      target->spindles_write = spindles_write;
    }

  if (json != NULL && !g_str_equal (json, "-") && !dyno_result_save (ctx.result, json, &error))
    {
      dyno_cli_error (_("Cannot save the result: %s"), error->message);
      status = DYNO_EXIT_FAILED;
    }

  if (stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_RESULT, .result = ctx.result };

      print_stream (&event);
    }
  else if (json != NULL && g_str_equal (json, "-"))
    {
      g_autofree char *text = dyno_result_to_json (ctx.result, TRUE);

      g_print ("%s\n", text);
    }
  else if (csv)
    {
      /* bonnie++'s CSV for Bonnie's tests; a run of queued tests alone gets theirs. */
      g_autofree char *text = dyno_cli_has_bonnie (ctx.result) ? dyno_report_csv (ctx.result, FALSE)
                                                                : dyno_report_queued_csv (ctx.result);

      g_print ("%s", text);
      if (dyno_cli_has_bonnie (ctx.result) && dyno_config_has_queued_tests (config))
        dyno_cli_error (_("bonnie++'s CSV has no columns for the queued tests; write them with "
                          "--json and then dyno-cli export FILE --format queued-csv"));
    }
  else
    {
      g_autofree char *text = dyno_report_text (ctx.result, rate_unit);

      /* The answer first, then the tables it comes from. */
      if (paired)
        {
          g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
          g_autofree char *answer = NULL;

          dyno_comparison_add (comparison, ctx.result, 0);
          dyno_comparison_add (comparison, ctx.result, 1);
          dyno_comparison_name_by_folder (comparison);
          answer = dyno_comparison_format_paired (comparison, rate_unit);
          g_print ("%s\n", answer);
        }
      g_print ("%s", text);
    }

  for (guint i = 0; i < dyno_result_get_n_targets (ctx.result); i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (ctx.result, i);

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
  g_clear_object (&ctx.result);
  if (finish_signals (&signals))
    {
      if (json != NULL && !g_str_equal (json, "-") && status == DYNO_EXIT_OK)
        dyno_cli_error (_("interrupted after the run had finished; the result was saved to %s"),
                        json);
      else
        dyno_cli_error (_("interrupted after the run had finished; its output was written in "
                          "full"));
      if (status == DYNO_EXIT_OK)
        status = DYNO_EXIT_INTERRUPTED;
    }
  return status;
}
