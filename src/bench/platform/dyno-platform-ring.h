/* dyno-platform-ring.h: a queue of asynchronous I/Os on one file (io_uring on Linux)
 *
 * The queued phases keep Q I/Os in flight per thread. Where the OS has a submission queue
 * (io_uring through liburing), one thread drives Q I/Os through a ring; elsewhere, or where
 * it is refused (an old kernel, seccomp in a container, kernel.io_uring_disabled),
 * dyno_io_ring_new fails with G_IO_ERROR_NOT_SUPPORTED and the caller falls back to Q threads
 * doing pread()/pwrite(), which is what a port starts with.
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
/* A ring for up to depth I/Os in flight on fd (which stays the caller's). NULL with
 * G_IO_ERROR_NOT_SUPPORTED when the OS has no ring or refuses one (the message says why),
 * another error otherwise. */
DynoIoRing *dyno_io_ring_new (int fd, guint depth, GError **error);
void        dyno_io_ring_free (DynoIoRing *ring);
/* Queues one read or write of len bytes at offset, submitted by the next submit_and_reap.
 * FALSE when depth I/Os are already queued or in flight. */
gboolean    dyno_io_ring_queue (DynoIoRing *ring,
                                gboolean    write,
                                void       *buffer,
                                gsize       len,
                                guint64     offset,
                                guint64     tag);
/* Submits what was queued, waits until at least wait_for I/Os have completed (0: does not
 * wait) and returns up to max completions; -errno when the ring itself fails. */
int         dyno_io_ring_submit_and_reap (DynoIoRing       *ring,
                                          guint             wait_for,
                                          DynoIoCompletion *out,
                                          guint             max);
/* I/Os queued or in flight. */
guint       dyno_io_ring_pending (DynoIoRing *ring);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoIoRing, dyno_io_ring_free)

G_END_DECLS
