/* dyno-platform-limits.c: the limits a process inherits (ulimit -s, -u, -v), fitted to the
 * threads GLib and Pango start
 *
 * GLib's g_thread_new () aborts the process when a thread cannot start, and Pango starts its
 * font threads that way; glibc sizes every thread's stack from ulimit -s as it was at exec,
 * so "ulimit -s 64" gives 64 KiB stacks that fontconfig overflows, and each thread that
 * allocates reserves a 64 MiB malloc arena, which a small ulimit -v runs out of at random.
 * Dyno raises what it may (a soft limit up to the hard one), keeps its threads small when
 * the address space is limited, and refuses with a message what it cannot fit, before a
 * chart is drawn rather than with a crash in the middle of one.
 *
 * rlimits are POSIX; the defaults of new threads and malloc's arenas are glibc's, behind
 * __GLIBC__, with no change elsewhere.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <sys/resource.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <pthread.h>
#endif

#include "dyno-error.h"
#include "dyno-parse.h"
#include "dyno-platform.h"

/* What the main thread is given when ulimit -s is smaller, and the least it runs with. */
#define WANTED_STACK (G_GUINT64_CONSTANT (8) << 20)
#define NEEDED_STACK (G_GUINT64_CONSTANT (1) << 20)
/* A new thread's stack where the inherited one is smaller, or where address space is tight. */
#define THREAD_STACK (G_GUINT64_CONSTANT (2) << 20)
/* Drawing a chart: cairo's surface at twice the size in pixels, Pango's and fontconfig's
 * caches and their threads, measured at about 60 MiB above a compare's own; the rest is
 * margin for larger charts and fonts. */
#define RENDER_ROOM (G_GUINT64_CONSTANT (160) << 20)
/* More than Pango's font threads for one chart, were they all to run at once. */
#define RENDER_THREADS 32

static char *
format_limit (rlim_t value)
{
  return value == RLIM_INFINITY ? g_strdup (_("unlimited")) : dyno_format_size ((guint64) value);
}

#ifdef __GLIBC__
static void
set_thread_stack (gsize bytes, gboolean only_if_larger)
{
  pthread_attr_t attr;
  size_t current = 0;

  if (pthread_getattr_default_np (&attr) != 0)
    return;
  pthread_attr_getstacksize (&attr, &current);
  if (!only_if_larger || current < bytes)
    {
      pthread_attr_setstacksize (&attr, bytes);
      pthread_setattr_default_np (&attr);
    }
  pthread_attr_destroy (&attr);
}
#endif

gboolean
dyno_platform_fit_limits (GError **error)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
      && limit.rlim_cur < WANTED_STACK)
    {
      rlim_t wanted = limit.rlim_max == RLIM_INFINITY ? WANTED_STACK
                                                       : MIN (limit.rlim_max, WANTED_STACK);

      if (wanted > limit.rlim_cur)
        {
          limit.rlim_cur = wanted;
          setrlimit (RLIMIT_STACK, &limit);
        }
      if (getrlimit (RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
          && limit.rlim_cur < NEEDED_STACK)
        {
          g_autofree char *have = format_limit (limit.rlim_cur);
          g_autofree char *need = dyno_format_size (NEEDED_STACK);

          g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       /* Translators: a size, then a size */
                       _("The stack size limit (ulimit -s) is %s and cannot be raised; Dyno "
                         "needs at least %s: raise the hard limit (ulimit -Hs)"),
                       have, need);
          return FALSE;
        }
    }
#ifdef __GLIBC__
  /* glibc took the new threads' stack size from ulimit -s at exec. */
  set_thread_stack (THREAD_STACK, TRUE);
  if (getrlimit (RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    {
      /* Under a limit on address space, 8 MiB stacks and a 64 MiB arena per thread would spend
       * it on reservations no thread of Dyno's uses. */
      set_thread_stack (THREAD_STACK, FALSE);
      mallopt (M_ARENA_MAX, 2);
    }
#endif
  return TRUE;
}

static gpointer
wait_for_release (gpointer data)
{
  GMutex *mutex = data;

  g_mutex_lock (mutex);
  g_mutex_unlock (mutex);
  return NULL;
}

gboolean
dyno_platform_check_render_room (GError **error)
{
  g_autoptr (GError) local_error = NULL;
  struct rlimit limit;
  GThread *threads[RENDER_THREADS] = { NULL };
  GMutex mutex;
  gboolean started = TRUE;

  if (getrlimit (RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    {
      guint64 used = dyno_platform_address_space_used ();

      if (used + RENDER_ROOM > (guint64) limit.rlim_cur)
        {
          g_autofree char *have = format_limit (limit.rlim_cur);
          g_autofree char *need = dyno_format_size (used + RENDER_ROOM);

          g_set_error (error, DYNO_ERROR, DYNO_ERROR_NO_SPACE,
                       /* Translators: a size, then a size */
                       _("Drawing a chart needs about %s of address space, more than the limit "
                         "of %s (ulimit -v)"),
                       need, have);
          return FALSE;
        }
    }

  /* Pango starts two threads for every font it looks up (about 20 for a comparison chart,
   * counted with strace), each while the others may still run: as many at once, held until
   * all started, show that it can. */
  g_mutex_init (&mutex);
  g_mutex_lock (&mutex);
  for (guint i = 0; i < G_N_ELEMENTS (threads) && started; i++)
    {
      threads[i] = g_thread_try_new ("dyno-probe", wait_for_release, &mutex,
                                     local_error == NULL ? &local_error : NULL);
      started = threads[i] != NULL;
    }
  g_mutex_unlock (&mutex);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    if (threads[i] != NULL)
      g_thread_join (threads[i]);
  g_mutex_clear (&mutex);
  if (!started)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                   /* Translators: %d is a number of threads, %s says why one could not start */
                   _("Drawing a chart needs up to %d threads at once, and they could not "
                     "be started (%s): the process limit (ulimit -u) or the address space limit "
                     "(ulimit -v) is too low"),
                   RENDER_THREADS, local_error->message);
      return FALSE;
    }
  return TRUE;
}
