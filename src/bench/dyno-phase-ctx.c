/* dyno-phase-ctx.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-phase-ctx.h"
#include "platform/dyno-platform.h"

void
dyno_phase_clock_start (DynoPhaseCtx *ctx, DynoPhaseClock *clock)
{
  if (ctx == NULL)
    return;
  clock->cpu_started = dyno_platform_thread_cpu_self ();
  clock->started = clock->last = dyno_now_ns ();
}

void
dyno_phase_clock_stop (DynoPhaseCtx *ctx, const DynoPhaseClock *clock, guint64 amount)
{
  gint64 stopped;

  if (ctx == NULL)
    return;
  stopped = dyno_now_ns ();
  ctx->run.elapsed = (stopped - clock->started) / 1e9;
  ctx->run.cpu_seconds = dyno_platform_thread_cpu_self () - clock->cpu_started;
  ctx->run.amount = amount;
  ctx->run.threads = 1;
}
