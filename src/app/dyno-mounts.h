/* dyno-mounts.h: which mounted volumes are worth offering as targets
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *path;    /* mount point */
  char *name;    /* for people: "Filesystem root", "Home", "USB Stick" */
  char *fs_type;
  char *device;
} DynoMount;

void       dyno_mount_free (DynoMount *mount);

/* The candidate mounts from the mount table, "/" first, then /home, then by path.
 * Reads /proc/self/mountinfo (procfs, never blocks on a device). */
GPtrArray *dyno_mounts_list (void);

/* The filter itself, separate so tests can feed it made-up mounts. */
gboolean   dyno_mounts_is_candidate (const char *path,
                                     const char *fs_type,
                                     const char *device,
                                     gboolean    system_internal,
                                     const char *home_dir);
gboolean   dyno_mounts_is_network_fs (const char *fs_type);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoMount, dyno_mount_free)

G_END_DECLS
