/* dyno-platform-device.h: reading a whole block device, and what it is made of
 *
 * The OS-specific half of `dyno-cli scan` (src/bench/dyno-scan.c) and of the array
 * description (src/model/dyno-array.h): opening a device unbuffered, its size, whether
 * something holds it, its model, and the md RAID / LVM stack under it. Linux in
 * dyno-platform-linux-device.c and dyno-platform-linux-array.c; the POSIX fallback in
 * dyno-platform-posix-device.c.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

#include "dyno-array.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* Opens a block device read-only, O_DIRECT where the OS and device allow it; *direct says
 * whether it did. -1 with error (from errno) on failure. */
int      dyno_platform_open_device_read (const char *path, gboolean *direct, GError **error);
/* The device's size in bytes (BLKGETSIZE64 on Linux; lseek to the end elsewhere). */
gboolean dyno_platform_device_size (int fd, guint64 *size, GError **error);
/* The alignment unbuffered reads need: the logical block size, at least 512. */
gsize    dyno_platform_device_alignment (int fd);
/* What holds the device with number rdev, in words for a person ("mounted at /srv",
 * "mounted at /srv (sdb1)", "held by md0"), or NULL when nothing does or it cannot be told. */
char    *dyno_platform_device_in_use (dev_t rdev);
/* The model and rotational flag of the disks under the device rdev (NULL / unknown). */
void     dyno_platform_device_describe (dev_t rdev, char **model, DynoTristate *rotational);

/* The md RAID array under the device rdev (itself, or under LVM / device mapper), or NULL
 * when there is none or the OS cannot tell. */
DynoArrayInfo *dyno_platform_describe_array (dev_t rdev);

/* A btrfs file system's or a ZFS pool's layout, from `btrfs filesystem show` and `df` of its
 * mount point or `zpool status -P` of the pool of the dataset mount_source ("tank/data"), run
 * with a time limit (dyno-platform-pool.c). NULL for another file system, or when the tool is
 * not installed or does not answer (btrfs wants root for the device list). */
DynoArrayInfo *dyno_platform_describe_pool (const char *fs_type,
                                            const char *mount_point,
                                            const char *mount_source);

#if DYNO_PLATFORM_LINUX
/* The same from a sysfs tree (tests pass a fake one): the block device named name
 * ("md0", "dm-3") under <sysfs_root>/block. */
DynoArrayInfo *dyno_linux_describe_array (const char *sysfs_root, const char *name);
#endif

G_END_DECLS
