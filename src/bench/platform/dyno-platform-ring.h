/* dyno-platform-ring.h: a queue of asynchronous I/Os on one file (io_uring on Linux)
 *
 * The queued phases keep Q I/Os in flight per thread. Where the OS has a submission queue
 * (io_uring through liburing), one thread drives Q I/Os through a ring; elsewhere, or where
 * it is refused (an old kernel, seccomp in a container, kernel.io_uring_disabled),
 * dyno_io_ring_new fails with G_IO_ERROR_NOT_SUPPORTED and the caller falls back to Q threads
 * doing pread()/pwrite(), which is what a port starts with.
 *
 * A ring belongs to the thread that made it: only that thread may queue, submit and reap
 * (the kernel is told so, and then runs completions only when that thread waits for them).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _DynoIoRing DynoIoRing;

typedef struct
{
  guint64 tag;    /* as given to dyno_io_ring_queue */
  gint64 result;  /* bytes moved, or -errno */
} DynoIoCompletion;

/* The engine's name for results ("io_uring"), or NULL where there is none. */
const char *dyno_io_ring_engine_name (void);
/* A ring for up to depth I/Os in flight on fd (which stays the caller's), for the calling
 * thread. NULL with G_IO_ERROR_NOT_SUPPORTED when the OS has no ring or refuses one (the
 * message says why), another error otherwise. */
DynoIoRing *dyno_io_ring_new (int fd, guint depth, GError **error);
void        dyno_io_ring_free (DynoIoRing *ring);
/* Registers n buffers of len bytes each, so that I/Os into them (dyno_io_ring_queue with
 * their index) skip pinning the buffer's pages every time. FALSE, with nothing registered,
 * where the kernel or a limit (RLIMIT_MEMLOCK) refuses: the ring then works as before. */
gboolean    dyno_io_ring_register_buffers (DynoIoRing    *ring,
                                           guchar *const *buffers,
                                           guint          n,
                                           gsize          len);
/* Queues one read or write of len bytes at offset, into or from buffer, which is registered
 * buffer number buffer_index when buffers were registered (ignored otherwise). It goes to the
 * kernel at the next submit or submit_and_reap. FALSE when depth I/Os are already queued or
 * in flight. */
gboolean    dyno_io_ring_queue (DynoIoRing *ring,
                                gboolean    write,
                                void       *buffer,
                                guint       buffer_index,
                                gsize       len,
                                guint64     offset,
                                guint64     tag);
/* Submits what was queued without waiting; the number submitted, or -errno. */
int         dyno_io_ring_submit (DynoIoRing *ring);
/* Submits what was queued, waits until at least wait_for I/Os have completed (0: does not
 * wait) and returns up to max completions; -errno when the ring itself fails. */
int         dyno_io_ring_submit_and_reap (DynoIoRing       *ring,
                                          guint             wait_for,
                                          DynoIoCompletion *out,
                                          guint             max);
/* I/Os queued or in flight. */
guint       dyno_io_ring_pending (DynoIoRing *ring);
/* I/Os queued and not yet submitted. */
guint       dyno_io_ring_queued (DynoIoRing *ring);
/* What the ring uses, for debugging: "defer-taskrun, fixed buffers", … */
char       *dyno_io_ring_describe (DynoIoRing *ring);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoIoRing, dyno_io_ring_free)

G_END_DECLS
