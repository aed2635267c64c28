/* dyno-kind-putc.c: Bonnie's per-char write (how it runs: src/bench/phases/dyno-phase-putc.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

static const DynoPhaseKind putc_kind = {
  .nick = "putc",
  .title = N_("Per-char write"),
  .short_title = N_("Per-char"),
  .table_title = "Per Chr", /* bonnie++'s column, in its text table */
  .group = &dyno_phase_group_seq_output,
  .unit = DYNO_UNIT_BYTES,
  .flags = DYNO_PHASE_BONNIE | DYNO_PHASE_WRITES_DATA | DYNO_PHASE_PER_CHAR,
  .blurb = N_("Writes the file one byte at a time"),
  .chart_name = NC_("chart phase", "Per-char write"),
  .color = 0,
};

DYNO_KIND_FILE (putc, &putc_kind);
