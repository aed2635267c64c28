/* dyno-kind-seeks.c: Bonnie's random seeks (how they run: src/bench/phases/dyno-phase-seeks.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-option.h"
#include "dyno-phase-kind.h"

static const DynoPhaseGroup group_random = { "random", N_("Random"), N_("Random") };

/* The seeks' own options, declared with the kind as a fio engine declares its own: how many
 * seeks a pass makes and by how many threads. Code outside the kind reads them by name
 * (dyno_config_get_uint (config, "seekers")). */
typedef struct
{
  guint count;
  guint seekers;
} SeeksOptions;

static const DynoOption seeks_options[] = {
  { .name = "seeks", .type = DYNO_OPTION_COUNT, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = G_STRUCT_OFFSET (SeeksOptions, count), .min = 1, .max = G_MAXINT, .def = "8192",
    /* Bonnie 2.0.6's 4000 seeks by 3 seeker processes */
    .classic = "4000",
    .unit = "seeks", .help = N_("Random seeks per pass (default: as many as the phase time holds)"),
    .arg = N_("N"), .cli = "seeks", .json = "seeks", .settings = "seeks",
    .auto_flag = DYNO_AUTO_KIND (1), .auto_name = "seeks" },
  { .name = "seekers", .type = DYNO_OPTION_COUNT, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = G_STRUCT_OFFSET (SeeksOptions, seekers), .min = 1, .max = 256, .def = "5",
    .classic = "3", .unit = "threads", .help = N_("Seeker threads (default 5)"), .arg = N_("N"),
    .cli = "seekers", .json = "seekers", .settings = "seekers" },
};

static const DynoOptionSet seeks_option_set = {
  "seeks", seeks_options, G_N_ELEMENTS (seeks_options), sizeof (SeeksOptions), NULL,
};

/* Seeks per pass: as given, or with a phase time as many as it holds (0). */
static guint64
size (const DynoConfig *config, const DynoSizing *sizing)
{
  return dyno_config_option_is_auto (config, "seeks") ? 0 : dyno_config_get_uint (config, "seeks");
}

static char *
describe (const DynoConfig *config)
{
  guint seekers = dyno_config_get_uint (config, "seekers");

  if (dyno_config_option_is_auto (config, "seeks"))
    /* TRANSLATORS: "As many seeks as 3 s held, by 5 threads" */
    return g_strdup_printf (_("As many seeks as %g s held, by %u threads"), config->phase_time,
                            seekers);
  /* TRANSLATORS: "8192 seeks by 5 threads" */
  return g_strdup_printf (_("%u seeks by %u threads"), dyno_config_get_uint (config, "seeks"),
                          seekers);
}

static const DynoPhaseWorkload workload = {
  .key = "seeks",
  .size = size,
  .describe = describe,
};

static const DynoPhaseKind seeks_kind = {
  .nick = "seeks",
  .title = N_("Random seeks"),
  .short_title = N_("Seeks"),
  .group = &group_random,
  .unit = DYNO_UNIT_OPS,
  .flags = DYNO_PHASE_BONNIE | DYNO_PHASE_READS_DATA | DYNO_PHASE_REPEATABLE
           | DYNO_PHASE_HEADLINE,
  .options = &seeks_option_set,
  .blurb = N_("Reads random chunks from several threads, rewriting some"),
  .chart_name = NC_("chart phase", "Seeks"),
  .color = 5,
  .workload = &workload,
};

DYNO_KIND_FILE (seeks, &seeks_kind);
