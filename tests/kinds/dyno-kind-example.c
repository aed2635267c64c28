/* dyno-kind-example.c: what the example kind is (how it runs: dyno-phase-example.c)
 *
 * A kind of phase built only into tests/test-kinds, the walk-through of docs/design.md ("How
 * to add a test"): synced writes of one small block, a figure of its own in operations per
 * second. It has none of Bonnie's or the queued tests' flags, so the text report gives it a
 * section of its own, and a sizing hook, so the calibration sizes it and its count is in the
 * result file's sizing under its key.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

/* The example's syncs per pass when the sizes are given, as Bonnie's phase time 0 runs them;
 * with a phase time it makes passes of a few until the time is over. */
#define EXAMPLE_SYNCS 64
#define EXAMPLE_SYNCS_PER_PASS 8

static const DynoPhaseGroup group_example = { "example", N_("Example"), N_("Example") };

static guint64
size (const DynoConfig *config, const DynoSizing *sizing)
{
  return config->phase_time > 0 ? EXAMPLE_SYNCS_PER_PASS : EXAMPLE_SYNCS;
}

static char *
describe (const DynoConfig *config)
{
  return g_strdup_printf ("%u synced writes of 4 KiB per pass",
                          (guint) (config->phase_time > 0 ? EXAMPLE_SYNCS_PER_PASS
                                                          : EXAMPLE_SYNCS));
}

static const DynoPhaseWorkload workload = {
  .key = "example_syncs",
  .size = size,
  .describe = describe,
};

static const DynoPhaseKind example_kind = {
  .nick = "example",
  .title = N_("Synced small writes"),
  .short_title = N_("Syncs"),
  .group = &group_example,
  .unit = DYNO_UNIT_OPS,
  .flags = DYNO_PHASE_REPEATABLE,
  .blurb = N_("Writes one 4 KiB block and waits until it is on the device, again and again"),
  .chart_name = NC_("chart phase", "Syncs"),
  .color = 12, /* slate: no other kind of operations has it */
  .workload = &workload,
};

DYNO_KIND_FILE (example, &example_kind);
