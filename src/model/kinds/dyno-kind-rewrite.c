/* dyno-kind-rewrite.c: Bonnie's rewrite (how it runs: src/bench/phases/dyno-phase-rewrite.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

static const DynoPhaseKind rewrite_kind = {
  .nick = "rewrite",
  .title = N_("Rewrite"),
  .short_title = N_("Rewrite"),
  .group = &dyno_phase_group_seq_output,
  .unit = DYNO_UNIT_BYTES,
  .flags = DYNO_PHASE_BONNIE | DYNO_PHASE_READS_DATA,
  .blurb = N_("Reads each chunk, changes it and writes it back"),
  .chart_name = NC_("chart phase", "Rewrite"),
  .color = 2,
};

DYNO_KIND_FILE (rewrite, &rewrite_kind);
