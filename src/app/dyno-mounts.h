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
  char *path;    /* mount point, or the home folder */
  char *name;    /* for people: "Home", "Filesystem root", "USB Stick" */
  char *fs_type; /* NULL for the home folder when no mount of the table holds it */
  char *device;
  gboolean home;      /* the person's home folder, wherever it is mounted */
  gboolean system;    /* a system image or internal mount: listed only when asked for */
  gboolean read_only;
} DynoMount;

void       dyno_mount_free (DynoMount *mount);

/* The targets of a mount table: the home folder first, labelled "Home" (its file system is
 * the probe's to describe), then "/", then the other candidate mounts by path. System images
 * and internal mounts (snap's squashfs, read-only loop mounts, /snap, /boot) only with
 * show_system. Reads /proc/self/mountinfo (procfs, never blocks on a device), else GIO's
 * table. */
GPtrArray *dyno_mounts_list (gboolean show_system);
/* The same from the text of a mountinfo file (proc(5)) and a home folder: for tests. */
GPtrArray *dyno_mounts_parse_mountinfo (const char *mountinfo,
                                        const char *home_dir,
                                        gboolean    show_system);

/* The filter itself, separate so tests can feed it made-up mounts. */
gboolean   dyno_mounts_is_candidate (const char *path,
                                     const char *fs_type,
                                     const char *device,
                                     gboolean    system_internal,
                                     const char *home_dir);
gboolean   dyno_mounts_is_network_fs (const char *fs_type);
/* Titles for a list of folders whose names may repeat (two mounts both called "mnt"): a name
 * no other folder has stays as it is; a repeated one becomes the shortest end of its path
 * that tells it from the others of that name ("a/mnt", "b/mnt"), the whole path at worst.
 * names and paths have the same length; returns a NULL-terminated array of that length. */
GStrv      dyno_mounts_distinct_titles (const char *const *names, const char *const *paths);
/* Not offered by default, but not pseudo either: a system image (squashfs, an ISO, /snap), or a
 * mount the system keeps for itself (/boot, /var/lib/docker). A read-only mount of a writable
 * file system is offered: its row says why it cannot be a target. */
gboolean   dyno_mounts_is_system (const char *path, const char *fs_type, const char *device);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoMount, dyno_mount_free)

G_END_DECLS
