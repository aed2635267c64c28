/* dyno-kind-write.c: Bonnie's block write (how it runs: src/bench/phases/dyno-phase-write.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

static const DynoPhaseKind write_kind = {
  .nick = "write",
  .title = N_("Block write"),
  .short_title = N_("Block"),
  .group = &dyno_phase_group_seq_output,
  .unit = DYNO_UNIT_BYTES,
  .flags = DYNO_PHASE_BONNIE | DYNO_PHASE_WRITES_DATA | DYNO_PHASE_HEADLINE,
  .blurb = N_("Writes the file a chunk at a time"),
  /* Translators: the phase names over the chart, where room is short; keep them short and
   * distinct from one another */
  .chart_name = NC_("chart phase", "Write"),
  .color = 1,
};

DYNO_KIND_FILE (write, &write_kind);
