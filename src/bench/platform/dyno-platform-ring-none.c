/* dyno-platform-ring-none.c: no asynchronous I/O queue (the POSIX fallback)
 *
 * Queued phases then keep their I/Os in flight with one thread per I/O.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-platform-ring.h"

const char *
dyno_io_ring_engine_name (void)
{
  return NULL;
}

DynoIoRing *
dyno_io_ring_new (int fd, guint depth, GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("this build of Dyno has no io_uring support"));
  return NULL;
}

void
dyno_io_ring_free (DynoIoRing *ring)
{
}

gboolean
dyno_io_ring_register_buffers (DynoIoRing *ring, guchar *const *buffers, guint n, gsize len)
{
  g_return_val_if_reached (FALSE);
}

gboolean
dyno_io_ring_queue (DynoIoRing *ring, gboolean write, void *buffer, guint buffer_index,
                    gsize len, guint64 offset, guint64 tag)
{
  g_return_val_if_reached (FALSE);
}

int
dyno_io_ring_submit (DynoIoRing *ring)
{
  g_return_val_if_reached (-38 /* ENOSYS */);
}

int
dyno_io_ring_submit_and_reap (DynoIoRing *ring, guint wait_for, DynoIoCompletion *out, guint max)
{
  g_return_val_if_reached (-38 /* ENOSYS */);
}

guint
dyno_io_ring_pending (DynoIoRing *ring)
{
  return 0;
}

guint
dyno_io_ring_queued (DynoIoRing *ring)
{
  return 0;
}

char *
dyno_io_ring_describe (DynoIoRing *ring)
{
  return g_strdup ("none");
}
