/* dyno-platform-ring-uring.c: the I/O queue on Linux's io_uring, through liburing
 *
 * One ring per thread, as fio's io_uring engine has one per job. What saves work per I/O is
 * used where the kernel has it, and left out cleanly where it does not:
 * - the file is registered (no file reference taken per I/O);
 * - the buffers can be registered (no page pinning per I/O: READ_FIXED/WRITE_FIXED);
 * - the ring is the one thread's (SINGLE_ISSUER, 6.0), which lets the kernel defer running
 *   completions until that thread waits for them (DEFER_TASKRUN, 6.1) instead of interrupting
 *   it; before 6.1 it is at least not interrupted while in user space (COOP_TASKRUN, 5.19).
 * The submit and the wait are one system call (io_uring_submit_and_wait), and completions are
 * reaped in batches.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <liburing.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/uio.h>

#include "dyno-platform-ring.h"

/* The kernel's ABI; older liburing headers lack the names. */
#ifndef IORING_SETUP_COOP_TASKRUN
#define IORING_SETUP_COOP_TASKRUN (1U << 8)
#endif
#ifndef IORING_SETUP_SINGLE_ISSUER
#define IORING_SETUP_SINGLE_ISSUER (1U << 12)
#endif
#ifndef IORING_SETUP_DEFER_TASKRUN
#define IORING_SETUP_DEFER_TASKRUN (1U << 13)
#endif

/* Tried in order; a kernel that does not know a flag refuses the set with EINVAL. */
static const struct
{
  unsigned flags;
  const char *name;
} setups[] = {
  { IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN, "single issuer, deferred task run" },
  { IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN, "single issuer, cooperative task run" },
  { IORING_SETUP_COOP_TASKRUN, "cooperative task run" },
  { 0, "plain" },
};

/* The first set of setups[] this kernel took, once one has been tried. */
static atomic_int first_setup = 0;

struct _DynoIoRing
{
  struct io_uring ring;
  int fd;
  guint setup;          /* index in setups[] */
  gboolean fixed_file;
  guint n_buffers;      /* registered, or 0 */
  guint depth;
  guint pending;        /* queued or in flight */
  guint queued;         /* queued, not submitted */
};

const char *
dyno_io_ring_engine_name (void)
{
  return "io_uring";
}

static int
init_ring (struct io_uring *ring, guint depth, guint *setup)
{
  int ret = -EINVAL;

  for (guint i = atomic_load (&first_setup); i < G_N_ELEMENTS (setups); i++)
    {
      ret = io_uring_queue_init (depth, ring, setups[i].flags);
      if (ret == -EINVAL && i + 1 < G_N_ELEMENTS (setups))
        continue;
      if (ret == 0)
        {
          atomic_store (&first_setup, (int) i);
          *setup = i;
        }
      break;
    }
  return ret;
}

DynoIoRing *
dyno_io_ring_new (int fd, guint depth, GError **error)
{
  g_autofree DynoIoRing *self = g_new0 (DynoIoRing, 1);
  int ret;

  g_return_val_if_fail (depth > 0, NULL);

  ret = init_ring (&self->ring, depth, &self->setup);
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
dyno_io_ring_register_buffers (DynoIoRing *self, guchar *const *buffers, guint n, gsize len)
{
  g_autofree struct iovec *iov = g_new (struct iovec, n);

  g_return_val_if_fail (self->n_buffers == 0 && self->pending == 0, FALSE);

  for (guint i = 0; i < n; i++)
    iov[i] = (struct iovec) { .iov_base = buffers[i], .iov_len = len };
  /* ENOMEM past RLIMIT_MEMLOCK (the pages are pinned), EINVAL past the kernel's limits. */
  if (n == 0 || io_uring_register_buffers (&self->ring, iov, n) != 0)
    return FALSE;
  self->n_buffers = n;
  return TRUE;
}

gboolean
dyno_io_ring_queue (DynoIoRing *self, gboolean write, void *buffer, guint buffer_index,
                    gsize len, guint64 offset, guint64 tag)
{
  struct io_uring_sqe *sqe;
  int fd = self->fixed_file ? 0 : self->fd;

  if (self->pending >= self->depth || (sqe = io_uring_get_sqe (&self->ring)) == NULL)
    return FALSE;
  if (buffer_index < self->n_buffers && write)
    io_uring_prep_write_fixed (sqe, fd, buffer, len, offset, (int) buffer_index);
  else if (buffer_index < self->n_buffers)
    io_uring_prep_read_fixed (sqe, fd, buffer, len, offset, (int) buffer_index);
  else if (write)
    io_uring_prep_write (sqe, fd, buffer, len, offset);
  else
    io_uring_prep_read (sqe, fd, buffer, len, offset);
  if (self->fixed_file)
    sqe->flags |= IOSQE_FIXED_FILE;
  io_uring_sqe_set_data64 (sqe, tag);
  self->pending++;
  self->queued++;
  return TRUE;
}

int
dyno_io_ring_submit (DynoIoRing *self)
{
  int ret;

  if (self->queued == 0)
    return 0;
  do
    ret = io_uring_submit (&self->ring);
  while (ret == -EINTR);
  if (ret < 0)
    return ret;
  /* A short submit leaves the rest in the queue: they go with the next one. */
  self->queued -= MIN ((guint) ret, self->queued);
  return ret;
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
  self->queued -= MIN ((guint) ret, self->queued);

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

guint
dyno_io_ring_queued (DynoIoRing *self)
{
  return self->queued;
}

char *
dyno_io_ring_describe (DynoIoRing *self)
{
  return g_strdup_printf ("%s%s%s", setups[self->setup].name,
                          self->fixed_file ? ", fixed file" : "",
                          self->n_buffers > 0 ? ", fixed buffers" : "");
}
