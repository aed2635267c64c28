/* dyno-worker-group.h: the threads of one phase, started together, sharing a ticket counter
 *
 * The seeks (bonnie++'s seekers) and the queued tests (CrystalDiskMark's T × Q) both run N
 * threads that open their files untimed, start at one instant, take the next I/O from one
 * atomic counter until the tickets or the time run out, and stop together when one of them
 * fails. This is that part, once.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdatomic.h>

G_BEGIN_DECLS

typedef struct
{
  atomic_uint_least64_t next_ticket;
  guint64 total;      /* tickets there are */
  gint64 deadline_ns; /* 0: none; set before the workers go, read-only after */
  gint64 started_ns;  /* when the workers were let go */

  /* Everything below is under lock. */
  GMutex lock;
  GCond cond;
  guint n_workers;
  guint ready;
  gboolean go;
  gboolean abort;
  GError *error;      /* the first worker's failure */

  GThread **threads;
  guint started_threads;
} DynoWorkerGroup;

void     dyno_worker_group_init (DynoWorkerGroup *group, guint n_workers, guint64 total);
void     dyno_worker_group_clear (DynoWorkerGroup *group);

/* The leader: starts n_workers threads running func (data, data + stride, …), waits until
 * each has called dyno_worker_group_wait_start (), then lets them go at one instant; seconds
 * > 0 sets the deadline that long after it. FALSE with thread_error when a thread could not
 * be started (a thread or memory limit): those started are then told not to run. */
gboolean dyno_worker_group_start (DynoWorkerGroup *group,
                                  const char      *name,
                                  GThreadFunc      func,
                                  gpointer         data,
                                  gsize            stride,
                                  double           seconds,
                                  GError         **thread_error);
/* Waits for every thread that was started. */
void     dyno_worker_group_join (DynoWorkerGroup *group);
/* The first failure of a worker, or NULL; the caller owns it. */
GError  *dyno_worker_group_steal_error (DynoWorkerGroup *group);

/* A worker, once its untimed preparation is done: waits for the start. FALSE when the phase
 * was called off before it began (another thread could not be started). */
gboolean dyno_worker_group_wait_start (DynoWorkerGroup *group);
/* A worker: the next ticket; FALSE when they are all taken or a worker failed. */
gboolean dyno_worker_group_next_ticket (DynoWorkerGroup *group, guint64 *ticket);
/* A worker: TRUE once the deadline, if there is one, has passed at now_ns. */
gboolean dyno_worker_group_past_deadline (const DynoWorkerGroup *group, gint64 now_ns);
/* A worker could not go on: keeps the first error (takes error) and makes the others stop at
 * their next ticket. */
void     dyno_worker_group_fail (DynoWorkerGroup *group, GError *error);
gboolean dyno_worker_group_failed (DynoWorkerGroup *group);

G_END_DECLS
