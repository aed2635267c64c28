/* dyno-clock.h: the monotonic clock every time in a run is counted on
 *
 * The runner, its phases, the sampler, the shared queue, the engine and the turns of a run
 * across machines all count from one epoch in this clock (dyno_run_shared_get_started_ns (),
 * dyno_turns_new ()'s epoch_ns); it has a header of its own so that each can read it without
 * including the others.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <time.h>

G_BEGIN_DECLS

static inline gint64
dyno_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

G_END_DECLS
