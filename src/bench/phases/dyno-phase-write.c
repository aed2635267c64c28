/* dyno-phase-write.c: Bonnie's block write: the data file in chunks, then fsync
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-phase-ops.h"

static guint64
data_total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return run->io_size;
}

static gboolean
run_phase (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  return dyno_run_write_data_file (run, ctx, error);
}

static const DynoPhaseOps write_ops = {
  .kind = "write",
  .total = data_total,
  .run = run_phase,
};

DYNO_PHASE_FILE (write, &write_ops);
