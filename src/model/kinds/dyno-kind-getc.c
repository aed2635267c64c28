/* dyno-kind-getc.c: Bonnie's per-char read (how it runs: src/bench/phases/dyno-phase-getc.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

static const DynoPhaseKind getc_kind = {
  .nick = "getc",
  .title = N_("Per-char read"),
  .short_title = N_("Per-char"),
  .table_title = "Per Chr", /* bonnie++'s column, in its text table */
  .group = &dyno_phase_group_seq_input,
  .unit = DYNO_UNIT_BYTES,
  .flags = DYNO_PHASE_BONNIE | DYNO_PHASE_READS_DATA | DYNO_PHASE_PER_CHAR
           | DYNO_PHASE_REPEATABLE,
  .blurb = N_("Reads the file one byte at a time"),
  .chart_name = NC_("chart phase", "Per-char read"),
  .color = 3,
};

DYNO_KIND_FILE (getc, &getc_kind);
