/* dyno-worker-group.c: the threads of one phase, started together, sharing a ticket counter
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-phase-ctx.h"
#include "dyno-worker-group.h"

void
dyno_worker_group_init (DynoWorkerGroup *group, guint n_workers, guint64 total)
{
  *group = (DynoWorkerGroup) { 0 };
  atomic_init (&group->next_ticket, 0);
  group->total = total;
  group->n_workers = n_workers;
  group->threads = g_new0 (GThread *, n_workers);
  g_mutex_init (&group->lock);
  g_cond_init (&group->cond);
}

void
dyno_worker_group_clear (DynoWorkerGroup *group)
{
  g_clear_error (&group->error);
  g_clear_pointer (&group->threads, g_free);
  g_mutex_clear (&group->lock);
  g_cond_clear (&group->cond);
}

gboolean
dyno_worker_group_start (DynoWorkerGroup *group,
                         const char      *name,
                         GThreadFunc      func,
                         gpointer         data,
                         gsize            stride,
                         double           seconds,
                         GError         **thread_error)
{
  GError *error = NULL;

  for (guint i = 0; i < group->n_workers && error == NULL; i++)
    {
      group->threads[i] = g_thread_try_new (name, func, (char *) data + i * stride, &error);
      if (group->threads[i] != NULL)
        group->started_threads++;
    }

  g_mutex_lock (&group->lock);
  if (error != NULL)
    group->abort = TRUE;
  else
    {
      while (group->ready < group->n_workers)
        g_cond_wait (&group->cond, &group->lock);
      group->started_ns = dyno_now_ns ();
      if (seconds > 0)
        group->deadline_ns = group->started_ns + (gint64) (seconds * 1e9);
      group->go = TRUE;
    }
  g_cond_broadcast (&group->cond);
  g_mutex_unlock (&group->lock);

  if (error != NULL)
    {
      g_propagate_error (thread_error, error);
      return FALSE;
    }
  return TRUE;
}

void
dyno_worker_group_join (DynoWorkerGroup *group)
{
  for (guint i = 0; i < group->started_threads; i++)
    g_clear_pointer (&group->threads[i], g_thread_join);
}

GError *
dyno_worker_group_steal_error (DynoWorkerGroup *group)
{
  GError *error;

  g_mutex_lock (&group->lock);
  error = g_steal_pointer (&group->error);
  g_mutex_unlock (&group->lock);
  return error;
}

gboolean
dyno_worker_group_wait_start (DynoWorkerGroup *group)
{
  gboolean go;

  g_mutex_lock (&group->lock);
  group->ready++;
  g_cond_broadcast (&group->cond);
  while (!group->go && !group->abort)
    g_cond_wait (&group->cond, &group->lock);
  go = group->go;
  g_mutex_unlock (&group->lock);
  return go;
}

gboolean
dyno_worker_group_next_ticket (DynoWorkerGroup *group, guint64 *ticket)
{
  *ticket = atomic_fetch_add (&group->next_ticket, 1);
  return *ticket < group->total;
}

gboolean
dyno_worker_group_past_deadline (const DynoWorkerGroup *group, gint64 now_ns)
{
  return group->deadline_ns != 0 && now_ns >= group->deadline_ns;
}

void
dyno_worker_group_fail (DynoWorkerGroup *group, GError *error)
{
  g_mutex_lock (&group->lock);
  if (group->error == NULL)
    group->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&group->lock);
  /* The others stop at their next ticket. */
  atomic_store (&group->next_ticket, group->total);
}

gboolean
dyno_worker_group_failed (DynoWorkerGroup *group)
{
  gboolean failed;

  g_mutex_lock (&group->lock);
  failed = group->error != NULL;
  g_mutex_unlock (&group->lock);
  return failed;
}
