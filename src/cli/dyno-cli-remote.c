/* dyno-cli-remote.c: what `dyno-cli run` prints of a run with folders on other machines
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dyno-aggregate.h"
#include "dyno-cli-private.h"
#include "dyno-cli-remote.h"
#include "dyno-compare.h"
#include "dyno-error.h"
#include "dyno-leftovers.h"
#include "dyno-parse.h"
#include "dyno-stream.h"

gboolean
dyno_cli_remote_any_target (char **dirs)
{
  for (guint i = 0; dirs != NULL && dirs[i] != NULL; i++)
    if (dyno_remote_target_is_remote (dirs[i]))
      return TRUE;
  return FALSE;
}

void
dyno_cli_remote_clear_progress (DynoCliRemoteRun *run)
{
  if (run->progress_shown)
    g_printerr ("\r\033[K");
  run->progress_shown = FALSE;
}

gboolean
dyno_cli_remote_print_line (DynoCliRemoteRun *run, const char *line)
{
  if (run->output_lost)
    return FALSE;
  if (fputs (line, stdout) == EOF || fputc ('\n', stdout) == EOF || fflush (stdout) != 0)
    {
      /* A reader of --stream that went away stops the run, as it stops a local one. */
      run->output_lost = TRUE;
      dyno_cli_stdout_failed (errno, FALSE);
      g_cancellable_cancel (run->cancellable);
      return FALSE;
    }
  return TRUE;
}

/* An event on the stream: with several machines, with the host of its target. */
static void
stream (DynoCliRemoteRun *run, const DynoStreamEvent *event)
{
  g_autofree char *line = dyno_stream_encode (event);
  g_autofree char *tagged = NULL;

  if (run->several && event->target < run->n_targets && run->hosts[event->target] != NULL)
    tagged = dyno_stream_tag_host (line, run->hosts[event->target], event->target);
  dyno_cli_remote_print_line (run, tagged != NULL ? tagged : line);
}

/* "[user@host] " before a line of several machines' */
static void
prefix (DynoCliRemoteRun *run, guint target)
{
  dyno_cli_remote_clear_progress (run);
  if (run->several && target < run->n_targets && run->hosts[target] != NULL)
    g_printerr ("[%s] ", run->hosts[target]);
}

static void
on_target_started (DynoEngine *engine, guint target, const char *text, DynoCliRemoteRun *run)
{
  /* The folder as its machine names it: the remote path, not this machine's "ssh://…" */
  const char *path = target < run->n_targets ? run->paths[target] : text;
  g_autofree char *shown = NULL;

  if (run->options->stream)
    {
      g_autofree char *display = g_filename_display_name (path);
      DynoStreamEvent event = { .kind = DYNO_STREAM_TARGET_STARTED, .target = target,
                                .text = display };

      stream (run, &event);
      return;
    }
  if (run->quiet)
    return;
  shown = dyno_cli_printable (run->several ? path : text, FALSE);
  prefix (run, target);
  g_printerr (_("Target %u of %u: %s\n"), run->several ? 1 : target + 1,
              run->several ? 1 : run->n_targets, shown);
}

static void
on_phase_started (DynoEngine *engine, guint target, guint repeat, const DynoPhase *phase,
                  DynoCliRemoteRun *run)
{
  DynoStreamEvent event = { .kind = DYNO_STREAM_PHASE_STARTED, .target = target,
                            .repeat = repeat, .phase = phase };

  if (run->options->stream)
    stream (run, &event);
}

static void
on_samples (DynoEngine *engine, GArray *samples, DynoCliRemoteRun *run)
{
  for (guint i = 0; run->options->stream && i < samples->len; i++)
    {
      const DynoSample *s = &g_array_index (samples, DynoSample, i);
      DynoStreamEvent event = { .kind = DYNO_STREAM_SAMPLE, .target = s->target,
                                .repeat = s->repeat, .phase = s->phase, .sample = *s };

      stream (run, &event);
    }
  /* One live line, for one machine at a time: several machines' lines would interleave. */
  if (!run->options->stream && run->tty && !run->quiet && !run->several && samples->len > 0)
    {
      const DynoSample *s = &g_array_index (samples, DynoSample, samples->len - 1);
      g_autofree char *rate = dyno_format_rate (s->rate, dyno_phase_get_unit (s->phase));

      g_printerr ("\r\033[K  %-18s %3.0f%%  %12s  CPU %3.0f%%  iowait %3.0f%%",
                  dyno_phase_get_title (s->phase), s->progress * 100, rate, s->process_cpu,
                  isnan (s->system_cpu.iowait) ? 0 : s->system_cpu.iowait);
      run->progress_shown = TRUE;
    }
}

static void
on_phase_finished (DynoEngine *engine, guint target, guint repeat, const DynoPhase *phase,
                   const DynoPhaseRun *phase_run, DynoCliRemoteRun *run)
{
  g_autofree char *rate = NULL;
  g_autofree char *p99 = NULL;

  if (run->options->stream)
    {
      DynoStreamEvent event = { .kind = DYNO_STREAM_PHASE_FINISHED, .target = target,
                                .repeat = repeat, .phase = phase, .run = *phase_run };

      stream (run, &event);
      return;
    }
  if (run->quiet)
    return;
  rate = dyno_format_rate (phase_run->rate, dyno_phase_get_unit (phase));
  p99 = dyno_format_latency (phase_run->latency.p99);
  prefix (run, target);
  if (run->repeat > 1 || repeat > 0)
    g_printerr ("  [%u/%u%s] ", repeat + 1, run->repeat, repeat >= run->repeat ? "+" : "");
  else
    g_printerr ("  ");
  g_printerr (_("%-18s %12s  CPU %3.0f%%  p99 %s%s\n"), dyno_phase_get_title (phase), rate,
              phase_run->cpu_percent, p99,
              phase_run->too_fast ? _("  (too fast to trust: +++++)") : "");
}

static void
on_message (DynoEngine *engine, guint target, int level, const char *text, DynoCliRemoteRun *run)
{
  /* The far side's words too: nothing in them may drive this terminal. */
  g_autofree char *shown = dyno_cli_printable (text, FALSE);
  DynoStreamEvent event = { .kind = DYNO_STREAM_MESSAGE, .target = target,
                            .warning = level == DYNO_MESSAGE_WARNING, .text = (char *) text };

  if (run->options->stream)
    stream (run, &event);
  else if (!run->quiet || level == DYNO_MESSAGE_WARNING)
    {
      prefix (run, target);
      g_printerr ("  %s\n", shown);
    }
}

static void
on_target_finished (DynoEngine *engine, guint target, const DynoTargetResult *result,
                    DynoCliRemoteRun *run)
{
  g_autoptr (GError) error = NULL;
  DynoStreamEvent event = { .kind = DYNO_STREAM_TARGET_FINISHED, .target = target,
                            .text = result->error_message };

  /* A folder of this machine's that could not be removed is listed for dyno-cli clean. */
  if (result->scratch_left != NULL && !dyno_leftovers_add (result->scratch_left, &error))
    dyno_cli_error (_("Cannot note the scratch folder left behind: %s"), error->message);
  if (run->options->stream)
    stream (run, &event);
}

void
dyno_cli_remote_follow (DynoCliRemoteRun *run, DynoEngine *engine)
{
  g_signal_connect (engine, "target-started", G_CALLBACK (on_target_started), run);
  g_signal_connect (engine, "phase-started", G_CALLBACK (on_phase_started), run);
  g_signal_connect (engine, "samples", G_CALLBACK (on_samples), run);
  g_signal_connect (engine, "phase-finished", G_CALLBACK (on_phase_finished), run);
  g_signal_connect (engine, "message", G_CALLBACK (on_message), run);
  g_signal_connect (engine, "target-finished", G_CALLBACK (on_target_finished), run);
}

/* --parallel: per phase, the machines' rates added, the slowest and the spread; as a table,
 * or as "aggregate" lines of the stream, with the same figures. */
void
dyno_cli_remote_print_aggregate (DynoCliRemoteRun *run, GPtrArray *results)
{
  g_autoptr (GArray) aggregates = dyno_aggregate_results (results);

  if (!run->options->stream)
    {
      g_print ("\n");
      g_print (_("All %u machines together\n"), results->len);
      g_print (_("%-18s %14s  %-28s %8s\n"), _("Phase"), _("Sum"), _("Slowest"), _("Spread"));
    }
  for (guint p = 0; p < aggregates->len; p++)
    {
      const DynoAggregate *a = &g_array_index (aggregates, DynoAggregate, p);
      const char *slowest = dyno_result_get_remote (g_ptr_array_index (results, a->slowest));
      /* In percent; one machine is its own spread (0 %) */
      double spread = !isnan (a->spread) ? a->spread * 100 : a->n == 1 && a->sum > 0 ? 0 : NAN;
      DynoStreamEvent event = { .kind = DYNO_STREAM_AGGREGATE, .phase = a->phase,
                                .hosts = a->n, .sum = a->sum, .text = (char *) slowest,
                                .slowest_rate = a->min, .fastest_rate = a->max,
                                .spread = spread };
      g_autofree char *line = NULL, *sum = NULL, *min = NULL, *who = NULL, *spread_text = NULL;

      if (run->options->stream)
        {
          line = dyno_stream_encode (&event);
          dyno_cli_remote_print_line (run, line);
          continue;
        }
      sum = dyno_format_rate (a->sum, dyno_phase_get_unit (a->phase));
      min = dyno_format_rate (a->min, dyno_phase_get_unit (a->phase));
      who = g_strdup_printf ("%s %s", slowest != NULL ? slowest : "?", min);
      spread_text = !isnan (spread) ? g_strdup_printf ("%.0f %%", spread) : g_strdup ("–");
      g_print ("%-18s %14s  %-28s %8s\n", dyno_phase_get_title (a->phase), sum, who,
               spread_text);
    }
}
