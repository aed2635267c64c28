/* dyno-cli-fill.c: `dyno-cli fill DIR`: write until the drive sags, find the knees, rest and
 * see what comes back
 *
 * The fill runs on a worker thread (dyno_fill_run_async); the main loop shows its progress
 * every 200 ms and watches for the signals that would end the process, which stop the fill at
 * its next completed write: its file is removed and the curve it measured is kept (written to
 * --json and --chart, exit status 130), as `run` and `scan` do.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "dyno-cli-private.h"
#include "dyno-fill.h"
#include "dyno-leftovers.h"
#include "dyno-output.h"
#include "dyno-parse.h"
#ifdef DYNO_HAVE_CHARTS
#include "dyno-fill-chart.h"
#endif

typedef struct
{
  DynoFill *fill;
  GMainLoop *loop;
  GCancellable *cancellable;
  DynoFillResult *result;
  GError *error;
  gboolean quiet;
  gboolean to_stderr;   /* JSON goes to standard output: the words go to stderr */
  gboolean only_stdout; /* no --json FILE, no --chart: standard output is all there is */
  gboolean output_lost;
  gboolean tty;         /* the live line, on stderr */
  gboolean line_shown;
  DynoFillStage stage;
  guint pass;
  guint tenth;          /* the last tenth of a pass said on a line (not on a terminal) */
  gboolean calibration_said;
  const char *label;
} FillCli;

/* Set by SIGINT, SIGTERM, SIGHUP or another signal that would end the process
 * (dyno_cli_catch_signals ()): the main loop stops the fill on its next tick. */
static volatile sig_atomic_t interrupted;

static void
on_signal (int signum)
{
  interrupted = signum;
}

static void
clear_line (FillCli *cli)
{
  if (cli->line_shown)
    {
      g_printerr ("\r\033[K");
      cli->line_shown = FALSE;
    }
}

static void
say (FillCli *cli, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
say (FillCli *cli, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  clear_line (cli);
  if (cli->to_stderr)
    dyno_cli_printerr ("%s", text);
  else
    dyno_cli_print ("%s", text);
}

static void
show_progress (FillCli *cli, const DynoFillProgress *p)
{
  g_autofree char *done = dyno_fill_format_bytes (p->written);
  g_autofree char *total = dyno_fill_format_bytes (p->requested);
  g_autofree char *rate = dyno_fill_format_rate (p->rate);
  g_autofree char *elapsed = dyno_format_duration (p->elapsed);
  double percent = p->requested > 0 ? 100.0 * p->written / p->requested : 0;

  if (cli->quiet)
    return;
  if (p->stage == DYNO_FILL_STAGE_RESTING)
    {
      if (cli->tty)
        {
          g_autofree char *left = dyno_format_duration (p->rest_left);

          /* Translators: the live line while a fill rests; a duration */
          g_printerr ("\r\033[K  %s", _("resting"));
          g_printerr (" %s", left);
          cli->line_shown = TRUE;
        }
      return;
    }
  if (p->stage != DYNO_FILL_STAGE_CALIBRATING && p->stage != DYNO_FILL_STAGE_WRITING
      && p->stage != DYNO_FILL_STAGE_RECOVERY)
    return;
  if (cli->tty)
    {
      /* Translators: the live line of a fill: bytes written of the total, percent, the
       * last sample's rate, the time so far */
      g_printerr ("\r\033[K  %s of %s (%.0f %%)  %s  %s", done, total, percent, rate, elapsed);
      cli->line_shown = TRUE;
      return;
    }
  /* Not a terminal (a log file): a line per tenth. */
  if ((guint) (percent / 10) > cli->tenth)
    {
      cli->tenth = (guint) (percent / 10);
      /* Translators: a progress line of a fill in a log: bytes written of the total, percent,
       * the last sample's rate, the time so far */
      say (cli, _("  %s of %s (%.0f %%), %s, %s\n"), done, total, percent, rate, elapsed);
    }
}

static gboolean
on_tick (gpointer data)
{
  FillCli *cli = data;
  DynoFillProgress p;
  g_autoptr (GArray) samples = dyno_fill_take_samples (cli->fill);

  /* A signal, or the only output gone (`dyno-cli fill DIR | head`): stop at the next write. */
  if (interrupted || (cli->only_stdout && !cli->to_stderr && dyno_cli_stdout_lost ()))
    {
      cli->output_lost = !interrupted;
      g_cancellable_cancel (cli->cancellable);
    }
  dyno_fill_get_progress (cli->fill, &p);
  if (p.stage != cli->stage || p.pass != cli->pass)
    {
      cli->tenth = 0;
      if (p.stage == DYNO_FILL_STAGE_RESTING)
        {
          g_autofree char *rest = dyno_format_duration (p.rest_left);

          /* Translators: a duration, then the number of the recovery pass after it */
          say (cli, _("Resting %s before recovery pass %u\n"), rest, p.pass);
        }
      else if (p.stage == DYNO_FILL_STAGE_RECOVERY)
        {
          g_autofree char *bytes = dyno_fill_format_bytes (p.requested);

          /* Translators: the number of a recovery pass, then what it writes */
          say (cli, _("Recovery pass %u: writing the first %s again\n"), p.pass, bytes);
        }
      cli->stage = p.stage;
      cli->pass = p.pass;
    }
  if (!cli->calibration_said && isfinite (p.calibrated_rate))
    {
      g_autofree char *rate = dyno_fill_format_rate (p.calibrated_rate);
      g_autofree char *eta = dyno_format_duration (p.estimated_seconds);

      cli->calibration_said = TRUE;
      /* Translators: the pre-flight estimate once the fill's first seconds are measured: a
       * rate, a duration */
      say (cli, _("Writing at %s at first: the fill takes about %s at that rate (longer if the "
                  "drive slows down)\n"),
           rate, eta);
    }
  show_progress (cli, &p);
  return G_SOURCE_CONTINUE;
}

static void
on_done (GObject *source, GAsyncResult *res, gpointer data)
{
  FillCli *cli = data;

  cli->result = dyno_fill_run_finish (DYNO_FILL (source), res, &cli->error);
  g_main_loop_quit (cli->loop);
}

static void
print_segments (FillCli *cli, const DynoFillPass *pass)
{
  if (pass->segments->len < 2)
    return;
  for (guint k = 0; k < pass->segments->len; k++)
    {
      const DynoFillSegment *s = &g_array_index (pass->segments, DynoFillSegment, k);
      g_autofree char *start = s->start > 0 ? dyno_fill_format_bytes (s->start) : g_strdup ("0");
      g_autofree char *end = dyno_fill_format_bytes (s->end);
      g_autofree char *rate = dyno_fill_format_rate (s->rate);

      /* Translators: one steady stretch of a fill's curve: its number, from, to, its rate */
      say (cli, _("    %u  %10s – %-10s  %s\n"), k + 1, start, end, rate);
    }
}

static void
print_result (FillCli *cli, const DynoFillResult *result)
{
  const DynoFillPass *fill = result->fill;
  g_autofree char *written = dyno_fill_format_bytes (fill->written);
  g_autofree char *took = dyno_format_duration (fill->seconds);
  g_autofree char *mean = dyno_fill_format_rate (fill->seconds > 0 ? fill->written / fill->seconds
                                                                   : NAN);
  g_autofree char *sentence = dyno_fill_pass_describe (fill);

  for (guint i = 0; i < result->warnings->len; i++)
    say (cli, _("Warning: %s\n"), (const char *) g_ptr_array_index (result->warnings, i));
  for (guint i = 0; i < result->notes->len; i++)
    say (cli, _("Note: %s\n"), (const char *) g_ptr_array_index (result->notes, i));
  /* Translators: after a fill: bytes written, the time, the mean rate, how (O_DIRECT or not,
   * the engine, the writes in flight) */
  say (cli, _("Wrote %s in %s (%s on average; %s, %s with %u in flight)\n"), written, took, mean,
       result->direct ? "O_DIRECT" : _("buffered"), result->engine ? result->engine : "?",
       result->queue);
  say (cli, "%s\n", sentence);
  print_segments (cli, fill);
  for (guint i = 0; i < result->recovery->len; i++)
    {
      const DynoFillPass *pass = g_ptr_array_index (result->recovery, i);
      g_autofree char *words = dyno_fill_recovery_describe (result, pass);
      g_autofree char *curve = dyno_fill_pass_describe (pass);

      say (cli, "%s\n", words);
      /* Translators: the number of a recovery pass, then its sentence */
      say (cli, _("  Pass %u: %s\n"), i + 1, curve);
      print_segments (cli, pass);
    }
}

#ifdef DYNO_HAVE_CHARTS
static gboolean
write_chart (const DynoFillResult *result, const char *path, double width, double height)
{
  g_autoptr (DynoChartStyle) style = NULL;
  g_autoptr (GError) error = NULL;

  /* The limits held before the fill, but other processes may have taken threads since. */
  if (!dyno_cli_check_render_room ())
    return FALSE;
  style = dyno_cli_chart_style_new (DYNO_RATE_UNIT_MB);
  if (!dyno_fill_chart_render_to_file (result, style, width, height,
                                       dyno_cli_image_format (path), path, &error))
    {
      dyno_cli_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}
#endif

/* The fill, its words and its outputs, with the signals caught. */
static int
fill_and_write (FillCli *cli, const char *json_path, const char *chart_path, double width,
                double height)
{
  DynoFillResult *result;
  int status = DYNO_EXIT_OK;
  guint tick;

  cli->loop = g_main_loop_new (NULL, FALSE);
  tick = g_timeout_add (200, on_tick, cli);
  dyno_fill_run_async (cli->fill, cli->cancellable, on_done, cli);
  g_main_loop_run (cli->loop);
  g_source_remove (tick);
  g_clear_pointer (&cli->loop, g_main_loop_unref);
  on_tick (cli);
  clear_line (cli);

  if (cli->result == NULL)
    {
      dyno_cli_error ("%s", cli->error->message);
      return interrupted ? DYNO_EXIT_INTERRUPTED : DYNO_EXIT_FAILED;
    }
  result = cli->result;
  if (cli->label != NULL)
    {
      g_free (result->label);
      result->label = g_strdup (cli->label);
    }
  if (result->scratch_left != NULL)
    {
      g_autoptr (GError) list_error = NULL;

      /* Listed, so that a later run, `dyno-cli clean` or the app can offer to remove it. */
      if (!dyno_leftovers_add (result->scratch_left, &list_error))
        dyno_cli_error (_("Cannot note the scratch folder left behind: %s"),
                        list_error->message);
    }
  if (cli->output_lost)
    {
      int err = dyno_cli_stdout_errno ();

      dyno_cli_error (_("standard output was closed (%s); the fill was stopped and its file "
                        "removed"),
                      g_strerror (err));
      dyno_cli_stdout_failed (err, TRUE);
      return DYNO_EXIT_FAILED;
    }

  print_result (cli, result);

  if (json_path != NULL)
    {
      g_autofree char *json = dyno_fill_result_to_json (result);

      if (!dyno_cli_write_text (json_path, json))
        status = DYNO_EXIT_FAILED;
    }
#ifdef DYNO_HAVE_CHARTS
  if (chart_path != NULL && !write_chart (result, chart_path, width, height))
    status = DYNO_EXIT_FAILED;
#endif
  if (result->error_message != NULL)
    {
      dyno_cli_error (_("%s; the file was removed and the curve up to there kept"),
                      result->error_message);
      return DYNO_EXIT_FAILED;
    }
  if (result->stopped || interrupted)
    {
      g_autofree char *written = dyno_fill_format_bytes (result->fill->written);

      dyno_cli_error (result->stopped
                          /* Translators: the bytes a stopped fill wrote */
                          ? _("interrupted; the fill was stopped after %s, its file removed, "
                              "its curve kept")
                          : _("interrupted after the fill had finished; its output was written "
                              "in full (%s)"),
                      written);
      return DYNO_EXIT_INTERRUPTED;
    }
  return status;
}

/* "50%" of the free space, or a size. */
static gboolean
parse_fill_size (const char *text, DynoFillOptions *options, GError **error)
{
  gsize len = strlen (text);

  if (len > 1 && text[len - 1] == '%')
    {
      g_autofree char *number = g_strndup (text, len - 1);
      double percent;

      if (!dyno_parse_decimal (g_strstrip (number), &percent) || !(percent > 0)
          || percent > 100)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not a percentage of the free space from 0 to 100"), text);
          return FALSE;
        }
      options->percent = percent;
      options->size = 0;
      return TRUE;
    }
  if (!dyno_parse_size (text, &options->size, error))
    return FALSE;
  if (options->size == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("give a size larger than 0"));
      return FALSE;
    }
  return TRUE;
}

/* "60" or "30,300": the rests before each recovery pass, in seconds. */
static gboolean
parse_rests (const char *text, DynoFillOptions *options, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);

  options->n_rests = 0;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      double seconds;

      if (options->n_rests == DYNO_FILL_MAX_RESTS)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("at most %d rests"), DYNO_FILL_MAX_RESTS);
          return FALSE;
        }
      if (!dyno_parse_decimal (g_strstrip (parts[i]), &seconds) || seconds < 0
          || seconds > 7 * 24 * 3600)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not a number of seconds from 0 to 604800"), parts[i]);
          return FALSE;
        }
      options->rests[options->n_rests++] = seconds;
    }
  return TRUE;
}

int
dyno_cli_fill (int argc, char **argv)
{
  g_autofree char *size_text = NULL;
  g_autofree char *block_text = NULL;
  g_autofree char *recovery_text = NULL;
  g_autofree char *json_path = NULL;
  g_autofree char *chart_path = NULL;
  g_autofree char *chart_size = NULL;
  g_autofree char *label = NULL;
  int queue = DYNO_FILL_DEFAULT_QUEUE;
  gboolean buffered = FALSE;
  gboolean quiet = FALSE;
  const GOptionEntry entries[] = {
    { "size", 's', 0, G_OPTION_ARG_STRING, &size_text,
      N_("Write SIZE, or N% of the free space (default 50%)"), N_("SIZE|N%") },
    { "block", 'b', 0, G_OPTION_ARG_STRING, &block_text,
      N_("Bytes per write (default 1M)"), N_("SIZE") },
    { "queue", 'Q', 0, G_OPTION_ARG_INT, &queue,
      N_("Writes in flight (default 4; 1 without io_uring)"), N_("N") },
    { "recovery", 'r', 0, G_OPTION_ARG_STRING, &recovery_text,
      N_("Rest SECONDS after the fill, then write its start again; several rests with commas"),
      N_("SECONDS[,SECONDS…]") },
    { "buffered", 0, 0, G_OPTION_ARG_NONE, &buffered,
      N_("Write through the page cache, each sample flushed to the device, as where O_DIRECT "
         "is refused"),
      NULL },
    { "label", 'l', 0, G_OPTION_ARG_FILENAME, &label, N_("A name for the fill"), N_("TEXT") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path,
      N_("Write the fill as JSON to FILE (- for standard output)"), N_("FILE") },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, &chart_path,
      N_("Draw the curve into FILE.png, .svg or .pdf"), N_("FILE") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, &chart_size,
      N_("The chart's size in points (default 1200x675)"), N_("WxH") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print no progress"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("DIR — write until the drive "
                                                               "sags"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  g_autoptr (DynoFill) fill = NULL;
  g_autofree char *folder = NULL;
  DynoFillOptions options;
  DynoCliSignals signals;
  FillCli cli = { 0 };
  int status;
  double width = 1200;
  double height = 675;

  g_set_prgname ("dyno-cli fill");
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes one file sequentially in a scratch folder in DIR, "
                                  "unbuffered, until SIZE, and charts the rate against the "
                                  "bytes written: a drive's fast cache, the knee where it runs "
                                  "out, the speed after it. With --recovery it rests and writes "
                                  "again, and says how much of the fast stretch came back. The "
                                  "file is removed at the end, on error and on a signal."));
  g_option_context_set_description (context,
                                    _("Examples:\n"
                                      "  dyno-cli fill /mnt/ssd --chart fill.png\n"
                                      "  dyno-cli fill /mnt/ssd --size 100G --recovery 60,600 "
                                      "--json fill.json\n\n"
                                      "Exit status: 0 success, 1 failed (the curve so far is "
                                      "written), 2 usage error, 130 interrupted (the curve so "
                                      "far is written).\n"));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("fill", "%s", error->message);
  if (argc < 2)
    return dyno_cli_usage_error ("fill", _("Name the folder to fill, such as /mnt/ssd"));
  if (argc > 2)
    return dyno_cli_usage_error ("fill", _("Unexpected argument “%s”"), argv[2]);
  if (argv[1][0] == '\0')
    return dyno_cli_empty_name_error ("fill", "DIR");
  folder = g_strdup (argv[1]);
  dyno_cli_take_text_option ("--label", &label);

  dyno_fill_options_init (&options);
  if (size_text != NULL && !parse_fill_size (size_text, &options, &error))
    return dyno_cli_usage_error ("fill", "--size: %s", error->message);
  if (block_text != NULL && !dyno_parse_size (block_text, &options.block, &error))
    return dyno_cli_usage_error ("fill", "--block: %s", error->message);
  if (options.block < 4096 || options.block % 4096 != 0
      || options.block > (G_GUINT64_CONSTANT (64) << 20))
    return dyno_cli_usage_error ("fill", _("--block: give a multiple of 4K from 4K to 64M"));
  if (queue < 1 || queue > 256)
    return dyno_cli_usage_error ("fill", _("--queue: give a number from 1 to 256"));
  options.queue = (guint) queue;
  if (recovery_text != NULL && !parse_rests (recovery_text, &options, &error))
    return dyno_cli_usage_error ("fill", "--recovery: %s", error->message);
  options.buffered = buffered;
  if (chart_path != NULL)
    {
#ifdef DYNO_HAVE_CHARTS
      if (dyno_cli_image_format (chart_path) == NULL)
        return dyno_cli_usage_error ("fill",
                                     _("--chart: “%s” does not end in .png, .svg or .pdf"),
                                     chart_path);
      if (!dyno_cli_parse_chart_size (chart_size, &width, &height))
        return dyno_cli_usage_error ("fill",
                                     _("--chart-size: give WIDTHxHEIGHT, such as 1200x675"));
#else
      return dyno_cli_no_charts ("fill");
#endif
    }
  /* A bad output is found before an hour-long fill, not after it. */
  if (json_path != NULL && !g_str_equal (json_path, "-") && !dyno_output_check (json_path, &error))
    return dyno_cli_usage_error ("fill", "--json: %s", error->message);
  if (chart_path != NULL && !dyno_output_check (chart_path, &error))
    return dyno_cli_usage_error ("fill", "--chart: %s", error->message);
#ifdef DYNO_HAVE_CHARTS
  if (chart_path != NULL && !dyno_cli_check_render_room ())
    return DYNO_EXIT_FAILED;
#endif

  cli.quiet = quiet;
  cli.label = label;
  cli.to_stderr = json_path != NULL && g_str_equal (json_path, "-");
  cli.only_stdout = (json_path == NULL || cli.to_stderr) && chart_path == NULL;
  cli.tty = isatty (STDERR_FILENO) && !quiet;
  cli.stage = DYNO_FILL_STAGE_PREPARING;

  /* The pre-flight check: what will be written, or why not. */
  fill = dyno_fill_new (folder, &options);
  if (!dyno_fill_prepare (fill, &error))
    {
      dyno_cli_error ("%s", error->message);
      return DYNO_EXIT_FAILED;
    }
  {
    g_autofree char *display = g_filename_display_name (folder);
    g_autofree char *size = dyno_fill_format_bytes (dyno_fill_get_size (fill));
    g_autofree char *free_text = dyno_fill_format_bytes (dyno_fill_get_free_bytes (fill));
    g_autofree char *block = dyno_format_size (options.block);
    double share = dyno_fill_get_free_bytes (fill) > 0
                       ? 100.0 * dyno_fill_get_size (fill) / dyno_fill_get_free_bytes (fill)
                       : NAN;
    g_autofree char *share_text = share >= 1 ? g_strdup_printf ("%.0f %%", share)
                                             : g_strdup ("< 1 %");

    /* Translators: dyno-cli fill's first line: the folder, the bytes to write, their share of
     * the free space ("50 %"), the free space, the block size, the writes in flight */
    say (&cli, _("Fill test of %s: writing %s (%s of the %s free) in blocks of %s, %u in "
                 "flight\n"),
         display, size, share_text, free_text, block, options.queue);
  }

  cli.fill = fill;
  cli.cancellable = cancellable = g_cancellable_new ();
  dyno_cli_catch_signals (&signals, on_signal);
  status = fill_and_write (&cli, json_path, chart_path, width, height);
  dyno_cli_restore_signals (&signals);
  g_clear_pointer (&cli.result, dyno_fill_result_free);
  g_clear_error (&cli.error);
  return status;
}
