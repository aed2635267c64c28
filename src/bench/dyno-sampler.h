/* dyno-sampler.h: a thread that turns the workers' progress counters into live samples
 *
 * Workers only bump a counter in their slot (a relaxed atomic store per I/O); the sampler
 * wakes every interval, computes rates and CPU, and queues a DynoSample for the consumer.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdatomic.h>
#include <sys/stat.h>

#include "dyno-phase.h"
#include "dyno-run-shared.h"
#include "platform/dyno-platform.h"

G_BEGIN_DECLS

typedef struct
{
  atomic_uint_least64_t done; /* bytes or ops; written by one worker thread */
  guint64 base;               /* what earlier passes did: set between passes, by the runner */
  /* Guarded by the sampler's lock */
  DynoThreadClock clock;
  gboolean registered;
  gboolean finished;
  double cpu_last;
  double cpu_final;
  char padding[64];           /* keep each worker's counter on its own cache line */
} DynoProgressSlot;

typedef struct _DynoSampler DynoSampler;

/* NULL when its thread cannot start (a thread or memory limit). */
DynoSampler      *dyno_sampler_new (DynoRunShared *shared, guint interval_ms, gint64 run_started_ns,
                                    GError **error);
void              dyno_sampler_free (DynoSampler *sampler);
/* Watch a target: if its path stops naming the same directory, set *vanished and *stop. */
void              dyno_sampler_watch (DynoSampler *sampler,
                                      const char  *path,
                                      const struct stat *st,
                                      atomic_int  *vanished,
                                      atomic_int  *stop);
void              dyno_sampler_unwatch (DynoSampler *sampler);
DynoProgressSlot *dyno_sampler_begin_phase (DynoSampler *sampler,
                                            guint        target,
                                            guint        repeat,
                                            const DynoPhase *phase,
                                            guint64      total,
                                            double       duration,
                                            guint        n_slots);
/* total: what the phase will do (bytes or ops), or 0 when it lasts duration seconds instead;
 * progress follows whichever is known. set_total changes it mid-phase (a phase that makes
 * passes learns how many once the first is done). */
void              dyno_sampler_set_total (DynoSampler *sampler, guint64 total);
/* Untimed work inside a phase (evicting the cache between passes): no samples meanwhile, and
 * the gap is not counted in the next sample's rate. */
void              dyno_sampler_pause (DynoSampler *sampler, gboolean paused);
/* Called by each worker thread of the phase, from that thread. */
void              dyno_sampler_register_thread (DynoSampler *sampler, DynoProgressSlot *slot);
void              dyno_sampler_thread_done (DynoSampler *sampler, DynoProgressSlot *slot);
/* completed: the phase ran to its end; phase_rate is its figure (amount / elapsed), or NAN.
 * A completed phase always has at least one sample. */
void              dyno_sampler_end_phase (DynoSampler *sampler,
                                          gboolean     completed,
                                          double       phase_rate);
/* The samples recorded since the last call (the current target's). */
GArray           *dyno_sampler_take_samples (DynoSampler *sampler);

static inline void
dyno_progress_slot_set (DynoProgressSlot *slot, guint64 done)
{
  atomic_store_explicit (&slot->done, slot->base + done, memory_order_relaxed);
}

G_END_DECLS
