/* dyno-platform-ring-uring.c: the I/O queue on Linux's io_uring, through liburing
 *
 * One ring per thread, as fio's io_uring engine has one per job. The file is registered with
 * the ring when the kernel allows, which saves a file reference per I/O; the submit and the
 * wait are one system call (io_uring_submit_and_wait), and completions are reaped in batches.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <liburing.h>
#include <string.h>

#include "dyno-platform-ring.h"

struct _DynoIoRing
{
  struct io_uring ring;
  int fd;
  gboolean fixed_file;
  guint depth;
  guint pending; /* queued or in flight */
};

const char *
dyno_io_ring_engine_name (void)
{
  return "io_uring";
}

static int
init_ring (struct io_uring *ring, guint depth)
{
  int ret = -EINVAL;

  /* Completions are handled by the one thread that submits: the kernel need not interrupt
   * it to run them (6.0 and later); older kernels refuse the flags, and get none. */
#if defined(IORING_SETUP_SINGLE_ISSUER) && defined(IORING_SETUP_COOP_TASKRUN)
  ret = io_uring_queue_init (depth, ring, IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN);
  if (ret != -EINVAL)
    return ret;
#endif
  ret = io_uring_queue_init (depth, ring, 0);
  return ret;
}

DynoIoRing *
dyno_io_ring_new (int fd, guint depth, GError **error)
{
  g_autofree DynoIoRing *self = g_new0 (DynoIoRing, 1);
  int ret;

  g_return_val_if_fail (depth > 0, NULL);

  ret = init_ring (&self->ring, depth);
  if (ret < 0)
    {
      /* What a kernel, a sysctl or a seccomp filter says when it will not give us a ring. */
      if (ret == -ENOSYS || ret == -EPERM || ret == -EACCES || ret == -EINVAL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("io_uring is not available: %s"),
                     ret == -ENOSYS ? _("the kernel has no io_uring")
                     : ret == -EINVAL ? _("the kernel is too old")
                                      : _("it is disabled (kernel.io_uring_disabled or a "
                                          "seccomp filter)"));
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (-ret),
                     _("Could not set up io_uring: %s"), g_strerror (-ret));
      return NULL;
    }
  self->fd = fd;
  self->depth = depth;
  self->fixed_file = fd >= 0 && io_uring_register_files (&self->ring, &fd, 1) == 0;
  return g_steal_pointer (&self);
}

void
dyno_io_ring_free (DynoIoRing *self)
{
  if (self == NULL)
    return;
  io_uring_queue_exit (&self->ring);
  g_free (self);
}

gboolean
dyno_io_ring_queue (DynoIoRing *self, gboolean write, void *buffer, gsize len, guint64 offset,
                    guint64 tag)
{
  struct io_uring_sqe *sqe;

  if (self->pending >= self->depth || (sqe = io_uring_get_sqe (&self->ring)) == NULL)
    return FALSE;
  if (write)
    io_uring_prep_write (sqe, self->fixed_file ? 0 : self->fd, buffer, len, offset);
  else
    io_uring_prep_read (sqe, self->fixed_file ? 0 : self->fd, buffer, len, offset);
  if (self->fixed_file)
    sqe->flags |= IOSQE_FIXED_FILE;
  io_uring_sqe_set_data64 (sqe, tag);
  self->pending++;
  return TRUE;
}

int
dyno_io_ring_submit_and_reap (DynoIoRing *self, guint wait_for, DynoIoCompletion *out, guint max)
{
  struct io_uring_cqe *cqes[64];
  guint got = 0;
  int ret;

  wait_for = MIN (wait_for, self->pending);
  do
    ret = io_uring_submit_and_wait (&self->ring, wait_for);
  while (ret == -EINTR);
  if (ret < 0)
    return ret;

  while (got < max)
    {
      guint n = io_uring_peek_batch_cqe (&self->ring, cqes, MIN (max - got, G_N_ELEMENTS (cqes)));

      if (n == 0)
        break;
      for (guint i = 0; i < n; i++)
        {
          out[got + i].tag = io_uring_cqe_get_data64 (cqes[i]);
          out[got + i].result = cqes[i]->res;
        }
      io_uring_cq_advance (&self->ring, n);
      got += n;
    }
  self->pending -= got;
  return (int) got;
}

guint
dyno_io_ring_pending (DynoIoRing *self)
{
  return self->pending;
}
