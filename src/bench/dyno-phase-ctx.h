/* dyno-phase-ctx.h: what a phase works with while it runs, and the clock every phase uses
 *
 * The runner makes one DynoPhaseCtx per phase run: the phase, the work it is to do, its
 * latency histogram and its progress slots. A phase times itself with a DynoPhaseClock: start
 * it when the file is open, tick after every I/O (latency and progress in one call), stop it
 * when the data is on the device. A ctx of NULL means "untimed": the same code prepares files
 * for phases that need them (the data file for reads, files for stat), and every call below
 * accepts it.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-clock.h"
#include "dyno-histogram.h"
#include "dyno-phase.h"
#include "dyno-result.h"
#include "dyno-sampler.h"

G_BEGIN_DECLS

typedef struct
{
  const DynoPhase *phase;
  DynoPhaseRun run;         /* what the phase fills in: elapsed, amount, cpu, flush */
  DynoHistogram *latency;
  DynoProgressSlot *slot;   /* slot 0; phases with more threads have one each (n_slots) */
  guint64 total;            /* bytes or ops the phase will do */
} DynoPhaseCtx;

typedef struct
{
  gint64 started;
  gint64 last;              /* the last tick */
  double cpu_started;       /* the calling thread's CPU seconds */
} DynoPhaseClock;

void dyno_phase_clock_start (DynoPhaseCtx *ctx, DynoPhaseClock *clock);

/* One operation (or group of them) done: its latency, and done bytes or ops so far. */
static inline void
dyno_phase_clock_tick (DynoPhaseCtx *ctx, DynoPhaseClock *clock, guint64 done)
{
  gint64 now;

  if (ctx == NULL)
    return;
  now = dyno_now_ns ();
  dyno_histogram_record (ctx->latency, now - clock->last);
  clock->last = now;
  dyno_progress_slot_set (ctx->slot, done);
}

/* The phase's figures: elapsed since start, the thread's CPU, amount, one thread. */
void dyno_phase_clock_stop (DynoPhaseCtx *ctx, const DynoPhaseClock *clock, guint64 amount);

G_END_DECLS
