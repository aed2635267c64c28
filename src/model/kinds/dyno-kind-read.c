/* dyno-kind-read.c: Bonnie's block read (how it runs: src/bench/phases/dyno-phase-read.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

static const DynoPhaseKind read_kind = {
  .nick = "read",
  .title = N_("Block read"),
  .short_title = N_("Block"),
  .group = &dyno_phase_group_seq_input,
  .unit = DYNO_UNIT_BYTES,
  .flags = DYNO_PHASE_BONNIE | DYNO_PHASE_READS_DATA | DYNO_PHASE_REPEATABLE
           | DYNO_PHASE_HEADLINE,
  .blurb = N_("Reads the file a chunk at a time"),
  .chart_name = NC_("chart phase", "Read"),
  .color = 4,
};

DYNO_KIND_FILE (read, &read_kind);
