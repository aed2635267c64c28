/* dyno-cli-scan.c: `dyno-cli scan DEVICE`: the transfer rate across a whole block device and
 * its access time, read-only
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>

#include "dyno-cli-private.h"
#include "dyno-output.h"
#include "dyno-parse.h"
#include "dyno-scan.h"
#ifdef DYNO_HAVE_CHARTS
#include "dyno-scan-chart.h"
#endif

typedef struct
{
  gboolean quiet;
  gboolean to_stderr; /* JSON goes to standard output: progress and summary to stderr */
  gboolean only_stdout; /* no --json FILE, no --chart: standard output is all there is */
  gboolean output_lost; /* ... and it was lost: the scan stopped */
  GCancellable *cancellable;
} Progress;

/* Set by SIGINT, SIGTERM, SIGHUP or any other signal that would end the process
 * (dyno_cli_catch_signals ()): the scan stops at its next read, as run does; once the scan is
 * done, what it writes is finished first, so that neither a result nor a temporary file is left
 * half-written. */
static volatile sig_atomic_t interrupted;

static void
on_signal (int signum)
{
  interrupted = signum;
}

static void
say (const Progress *p, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
say (const Progress *p, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* The device's name (a symlink may be called anything) and its model: escaped. */
  if (p->to_stderr)
    dyno_cli_printerr ("%s", text);
  else
    dyno_cli_print ("%s", text);
}

static char *
mb_per_s (double rate)
{
  if (!isfinite (rate))
    return g_strdup ("—");
  /* Translators: a transfer rate in 10^6 bytes per second */
  return g_strdup_printf (_("%.1f MB/s"), rate / 1e6);
}

static void
print_device (const Progress *p, const DynoScanResult *result)
{
  g_autofree char *size = g_format_size_full (result->size, G_FORMAT_SIZE_IEC_UNITS);
  const char *kind = result->rotational == DYNO_TRISTATE_YES  ? _("rotational")
                     : result->rotational == DYNO_TRISTATE_NO ? _("not rotational")
                                                              : _("rotational: unknown");
  g_autofree char *use = result->in_use != NULL
                             /* Translators: %s is "mounted at /srv" or "held by md0" */
                             ? g_strdup_printf (_("in use (%s)"), result->in_use)
                             : g_strdup (_("not in use"));

  /* Translators: device, size, model, rotational or not, in use or not */
  say (p, _("Device %s: %s, model %s, %s, %s\n"), result->device, size,
       result->model != NULL ? result->model : _("unknown"), kind, use);
  if (result->array != NULL)
    {
      g_autofree char *array = dyno_array_info_describe (result->array);

      /* Translators: the md RAID / LVM array a scanned device is; %s describes it */
      say (p, _("Array: %s\n"), array);
    }
  for (guint i = 0; i < result->notes->len; i++)
    say (p, _("Note: %s\n"), (const char *) g_ptr_array_index (result->notes, i));
}

static void
on_progress (const DynoScanResult *result, guint stage, guint done, guint total, gpointer data)
{
  Progress *p = data;

  /* Called after every read: a signal, or the only output gone (`dyno-cli scan DEV | head`),
   * ends the scan here rather than an hour later. */
  if (interrupted || (p->only_stdout && !p->to_stderr && dyno_cli_stdout_lost ()))
    {
      p->output_lost = !interrupted;
      g_cancellable_cancel (p->cancellable);
      return;
    }
  if (stage == 0 && done == 0)
    {
      print_device (p, result);
      return;
    }
  if (p->quiet)
    return;
  if (stage == 0)
    {
      const DynoScanSample *s
          = &g_array_index (result->samples, DynoScanSample, result->samples->len - 1);
      g_autofree char *rate = mb_per_s (s->rate);

      /* Translators: one line of dyno-cli scan's progress: position n of N, where on the
       * device, the rate read there */
      say (p, _("  %3u/%u  at %5.1f %%  (byte %" PRIu64 ")  %s\n"), done, total,
           result->size > 0 ? 100.0 * s->position / result->size : 0.0, s->position, rate);
      return;
    }
  if (done == total || done % 50 == 0)
    /* Translators: progress of dyno-cli scan's access-time reads */
    say (p, _("  access times: %u/%u reads\n"), done, total);
}

static void
print_summary (const Progress *p, const DynoScanResult *result)
{
  g_autofree char *min = mb_per_s (result->summary.min);
  g_autofree char *avg = mb_per_s (result->summary.avg);
  g_autofree char *max = mb_per_s (result->summary.max);
  g_autofree char *access = dyno_format_latency (result->summary.access_mean);

  say (p, "%s\n", _("Summary"));
  /* Translators: the transfer rate over all positions of dyno-cli scan */
  say (p, _("  Transfer rate   min %s, avg %s, max %s\n"), min, avg, max);
  if (isfinite (result->summary.outer_inner_ratio))
    /* Translators: the ratio of the first tenth of the device's rate to the last tenth */
    say (p, _("  Outer/inner     %.2f (first 10 %% of positions over the last 10 %%)\n"),
         result->summary.outer_inner_ratio);
  if (result->array != NULL && result->array->data_spindles_read > 0)
    {
      g_autofree char *per = dyno_array_format_per_spindle (result->summary.avg,
                                                            result->array->data_spindles_read,
                                                            NAN);

      /* Translators: the mean rate divided among an array's data spindles */
      say (p, _("  Per spindle     %s\n"), per);
    }
  /* Translators: the mean time of dyno-cli scan's small random reads */
  say (p, _("  Access time     %s mean over %u reads of %" PRIu64 " KiB\n"), access,
       result->access->len, result->access_size / 1024);
}

static void
catch_signals (DynoCliSignals *signals)
{
  dyno_cli_catch_signals (signals, on_signal);
}

/* The scan, its summary and its outputs, with the signals caught. */
static int
scan_and_write (const char            *device,
                const DynoScanOptions *options,
                Progress              *progress,
                const char            *json_path,
                const char            *chart_path,
                double                 width,
                double                 height)
{
  g_autoptr (DynoScanResult) result = NULL;
  g_autoptr (GError) error = NULL;

  /* Translators: dyno-cli scan's first line; %s is the device */
  say (progress, _("Scanning %s: read-only, it never writes to the device\n"), device);

  result = dyno_scan_device (device, options, on_progress, progress, progress->cancellable,
                             &error);
  if (result == NULL && interrupted)
    {
      dyno_cli_error (_("interrupted; the scan was stopped"));
      return DYNO_EXIT_INTERRUPTED;
    }
  if (result == NULL && progress->output_lost)
    {
      int err = dyno_cli_stdout_errno ();

      dyno_cli_error (_("standard output was closed (%s); stopping the scan"), g_strerror (err));
      dyno_cli_stdout_failed (err, TRUE);
      return DYNO_EXIT_FAILED;
    }
  if (result == NULL)
    {
      dyno_cli_error ("%s", error->message);
      return DYNO_EXIT_FAILED;
    }

  print_summary (progress, result);

  if (json_path != NULL)
    {
      g_autofree char *json = dyno_scan_result_to_json (result);

      if (!dyno_cli_write_text (json_path, json))
        return DYNO_EXIT_FAILED;
    }
#ifdef DYNO_HAVE_CHARTS
  if (chart_path != NULL)
    {
      g_autoptr (DynoChartStyle) style = NULL;

      /* Again: the limits held before the scan, but other processes may have taken threads.
       * Before the style, whose font starts Pango's threads. */
      if (!dyno_cli_check_render_room ())
        return DYNO_EXIT_FAILED;
      style = dyno_cli_chart_style_new (DYNO_RATE_UNIT_MB);
      if (!dyno_scan_chart_render_to_file (result, style, width, height,
                                           dyno_cli_image_format (chart_path), chart_path,
                                           &error))
        {
          dyno_cli_error ("%s", error->message);
          return DYNO_EXIT_FAILED;
        }
    }
#endif
  if (interrupted)
    {
      /* The signal came after the last read: what the scan measured is all written. */
      dyno_cli_error (_("interrupted after the scan had finished; its output was written in "
                        "full"));
      return DYNO_EXIT_INTERRUPTED;
    }
  return DYNO_EXIT_OK;
}

int
dyno_cli_scan (int argc, char **argv)
{
  g_autofree char *sample_text = NULL;
  g_autofree char *json_path = NULL;
  g_autofree char *chart_path = NULL;
  g_autofree char *chart_size = NULL;
  int positions = DYNO_SCAN_DEFAULT_POSITIONS;
  int access_reads = DYNO_SCAN_DEFAULT_ACCESS_READS;
  gint64 seed = -1;
  gboolean quiet = FALSE;
  const GOptionEntry entries[] = {
    { "sample", 0, 0, G_OPTION_ARG_STRING, &sample_text,
      N_("Read SIZE at each position (default 10M)"), N_("SIZE") },
    { "positions", 0, 0, G_OPTION_ARG_INT, &positions,
      N_("Read at N evenly spaced positions (default 100)"), N_("N") },
    { "seeks", 0, 0, G_OPTION_ARG_INT, &access_reads,
      N_("Time N reads of 4 KiB at random offsets (default 200)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
      N_("Seed of the random offsets (default: a random one, recorded)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path,
      N_("Write the scan as JSON to FILE (- for standard output)"), N_("FILE") },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, &chart_path,
      N_("Draw the scan into FILE.png, .svg or .pdf"), N_("FILE") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, &chart_size,
      N_("The chart's size in points (default 1200x675)"), N_("WxH") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print no progress lines"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("DEVICE — read a whole disk"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  DynoScanOptions options;
  DynoCliSignals signals;
  Progress progress = { 0 };
  int status;
  double width = 1200;
  double height = 675;
  const char *device;

  g_set_prgname ("dyno-cli scan");
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads a block device at evenly spaced positions from its "
                                  "start to its end and times each read (the transfer rate "
                                  "across the disk), then times small reads at random offsets "
                                  "(the access time). It only reads: it never writes to the "
                                  "device, which may be in use. Reading a raw device needs "
                                  "root."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("scan", "%s", error->message);
  if (argc < 2)
    return dyno_cli_usage_error ("scan", _("Name the device to scan, such as /dev/sdb"));
  if (argc > 2)
    return dyno_cli_usage_error ("scan", _("Unexpected argument “%s”"), argv[2]);
  device = argv[1];
  if (device[0] == '\0')
    return dyno_cli_empty_name_error ("scan", "DEVICE");

  dyno_scan_options_init (&options);
  if (sample_text != NULL && !dyno_parse_size (sample_text, &options.sample_size, &error))
    return dyno_cli_usage_error ("scan", "--sample: %s", error->message);
  if (options.sample_size < 4096 || options.sample_size > (G_GUINT64_CONSTANT (1) << 30))
    return dyno_cli_usage_error ("scan", _("--sample: give a size from 4K to 1G"));
  if (positions < 1 || positions > 100000)
    return dyno_cli_usage_error ("scan", _("--positions: give a number from 1 to 100000"));
  if (access_reads < 0 || access_reads > 1000000)
    return dyno_cli_usage_error ("scan", _("--seeks: give a number from 0 to 1000000"));
  if (seed > (gint64) G_MAXUINT32 || seed < -1)
    return dyno_cli_usage_error ("scan", _("--seed: give a number from 0 to 4294967295"));
  options.positions = (guint) positions;
  options.access_reads = (guint) access_reads;
  options.seed = seed >= 0 ? (guint32) seed : g_random_int ();
  if (chart_path != NULL)
    {
#ifdef DYNO_HAVE_CHARTS
      if (dyno_cli_image_format (chart_path) == NULL)
        return dyno_cli_usage_error ("scan",
                                     _("--chart: “%s” does not end in .png, .svg or .pdf"),
                                     chart_path);
      if (!dyno_cli_parse_chart_size (chart_size, &width, &height))
        return dyno_cli_usage_error ("scan",
                                     _("--chart-size: give WIDTHxHEIGHT, such as 1200x675"));
#else
      return dyno_cli_no_charts ("scan");
#endif
    }

  /* A bad output is found before an hour-long scan, not after it. */
  if (json_path != NULL && !g_str_equal (json_path, "-") && !dyno_output_check (json_path, &error))
    return dyno_cli_usage_error ("scan", "--json: %s", error->message);
  if (chart_path != NULL && !dyno_output_check (chart_path, &error))
    return dyno_cli_usage_error ("scan", "--chart: %s", error->message);
#ifdef DYNO_HAVE_CHARTS
  if (chart_path != NULL && !dyno_cli_check_render_room ())
    return DYNO_EXIT_FAILED;
#endif

  progress.quiet = quiet;
  progress.to_stderr = json_path != NULL && g_str_equal (json_path, "-");
  progress.only_stdout = (json_path == NULL || progress.to_stderr) && chart_path == NULL;
  progress.cancellable = cancellable = g_cancellable_new ();
  catch_signals (&signals);
  status = scan_and_write (device, &options, &progress, json_path, chart_path, width, height);
  dyno_cli_restore_signals (&signals);
  return status;
}
