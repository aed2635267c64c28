/* fuzz-import.c: libFuzzer target for dyno_import_data() with format detection
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides not crashing, every result an import gives must be a valid result file: its figures
 * are checked against the reader's rules, and some are saved as JSON and loaded back; a
 * failure aborts, which the fuzzer reports as a crash.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dyno-files-options.h"
#include "dyno-import.h"
#include "fuzz-common.h"

/* What the result reader insists on (docs/result-format.md), checked directly: cheap enough
 * for every input. */
static void
check_run (const DynoPhaseRun *run)
{
  g_assert (isnan (run->rate) || (isfinite (run->rate) && run->rate >= 0));
  g_assert (isnan (run->cpu_percent) || (isfinite (run->cpu_percent) && run->cpu_percent >= 0));
  g_assert (isnan (run->cpu_seconds) || (isfinite (run->cpu_seconds) && run->cpu_seconds >= 0));
  g_assert (isnan (run->elapsed) || (isfinite (run->elapsed) && run->elapsed >= 0));
  g_assert (isnan (run->iops) || (isfinite (run->iops) && run->iops >= 0));
  g_assert (isnan (run->latency.max) || (isfinite (run->latency.max) && run->latency.max >= 0));
  g_assert (isnan (run->latency.mean) || (isfinite (run->latency.mean) && run->latency.mean >= 0));
  g_assert (isnan (run->latency.p99) || (isfinite (run->latency.p99) && run->latency.p99 >= 0));
  g_assert (!run->too_fast || isnan (run->rate));
  g_assert (run->direct >= -1 && run->direct <= 1);
  g_assert (run->threads <= 65536 && run->repeat < DYNO_MAX_REPEAT);
  g_assert (run->engine == NULL || (strlen (run->engine) <= 64
                                    && g_utf8_validate (run->engine, -1, NULL)));
}

static void
check_figures (DynoResult *result)
{
  const DynoConfig *config = dyno_result_get_config (result);
  DynoTargetResult *target;

  g_assert (dyno_result_get_n_targets (result) == 1);
  g_assert (config->chunk <= DYNO_MAX_CHUNK && dyno_config_get_uint (config, "seekers") <= 256);
  g_assert (dyno_config_get_files (config)->num <= DYNO_MAX_FILES_NUM && dyno_config_get_files (config)->dirs <= DYNO_MAX_FILES_DIRS);
  g_assert (config->size <= G_MAXINT64 && dyno_config_get_files (config)->min >= 0);
  g_assert (config->queue_size <= G_MAXINT64);
  g_assert (config->repeat >= 1 && config->repeat <= DYNO_MAX_REPEAT);
  g_assert (config->phase_time >= 0 && config->phase_time <= DYNO_MAX_PHASE_TIME);
  g_assert (config->interval >= 0 && config->interval <= DYNO_MAX_INTERVAL);
  g_assert (dyno_config_get_n_phases (config) > 0);
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    {
      const DynoPhase *phase = dyno_config_get_phase (config, i);

      /* Bonnie's phases or queued ones, and a key that reads back as the same phase */
      g_assert (dyno_phase_has_flag (phase, DYNO_PHASE_BONNIE)
                || dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED));
      g_assert (dyno_phase_lookup (dyno_phase_get_key (phase)) == phase);
    }
  g_assert (g_utf8_validate (dyno_result_get_tool (result), -1, NULL));
  g_assert (dyno_result_get_label (result) == NULL
            || g_utf8_validate (dyno_result_get_label (result), -1, NULL));
  g_assert (dyno_result_get_notes (result) == NULL
            || g_utf8_validate (dyno_result_get_notes (result), -1, NULL));
  g_assert (g_utf8_validate (dyno_result_get_source (result), -1, NULL));

  target = dyno_result_get_target (result, 0);
  g_assert (target->phases->len > 0 && target->phases->len <= DYNO_MAX_PHASES);
  for (guint p = 0; p < target->phases->len; p++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);

      g_assert (dyno_config_has_phase (config, phase->phase));
      g_assert (phase->runs->len > 0 && phase->runs->len <= DYNO_MAX_REPEAT);
      g_assert (phase->best_of <= 1000);
      for (guint r = 0; r < phase->runs->len; r++)
        check_run (dyno_phase_result_get_run (phase, r));
    }
}

/* Saving and loading back is the real test, but json-glib makes it about a hundred times
 * slower than the import: do it for the first run of a fixed eighth of the inputs. */
static void
check_round_trip (DynoResult *result)
{
  g_autofree char *json = dyno_result_to_json (result, FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) loaded = dyno_result_load_from_data (json, strlen (json), &error);

  if (loaded == NULL)
    g_error ("an imported result does not load back: %s\n%s", error->message, json);
}

static void
check_results (GPtrArray *results, gboolean round_trip)
{
  for (guint i = 0; results != NULL && i < results->len; i++)
    {
      check_figures (g_ptr_array_index (results, i));
      /* the runs of one input come from the same code: one of them is enough */
      if (round_trip && i == 0)
        check_round_trip (g_ptr_array_index (results, i));
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const DynoImportFormat formats[] = {
    DYNO_IMPORT_AUTO,
    DYNO_IMPORT_BONNIEPP_CSV,
    DYNO_IMPORT_BONNIEPP_TEXT,
    DYNO_IMPORT_CDM_TEXT,
    DYNO_IMPORT_FIO_JSON,
  };
  guint hash = 5381;
  gboolean round_trip;
  gboolean json;

  /* Deterministic, so that a crash reproduces from its input alone */
  for (size_t i = 0; i < size; i++)
    hash = hash * 33 + data[i];
  round_trip = hash % 8 == 0;

  /* Dyno's own files go to the result reader, which fuzz-result covers; their results need
   * not look like imports (several targets, phases without runs). */
  json = dyno_import_detect ((const char *) data, size) == DYNO_IMPORT_DYNO_JSON;
  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) results =
          dyno_import_data ((const char *) data, size, formats[f], "fuzz", &error);

      /* all or nothing, and never both */
      if ((results == NULL) == (error == NULL))
        g_error ("dyno_import_data returned %s and %s", results ? "results" : "nothing",
                 error ? "an error" : "no error");
      if (!json || formats[f] != DYNO_IMPORT_AUTO)
        check_results (results, round_trip && formats[f] == DYNO_IMPORT_AUTO);
    }
  return 0;
}
