/* dyno-platform-linux-private.h: the parsers behind dyno_platform_describe_*() on Linux
 *
 * They take their input (file contents, a sysfs root) as arguments so tests can feed them
 * fixtures and fake trees instead of this machine's /proc and /sys.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* Decodes the octal escapes (\040 space, \011 tab, \012 newline, \134 backslash) the kernel
 * puts in /proc/self/mountinfo fields. */
char    *dyno_linux_mountinfo_unescape (const char *field);

/* Picks the mount holding path (resolved: no symlinks, no "..") from the contents of a
 * mountinfo file: among the mounts whose major:minor is dev, the longest mount point that is
 * a prefix of path; when none matches dev (btrfs subvolumes, dev 0 for "unknown"), the
 * longest prefix of any mount.
 * Fills mount_point, fs_type, mount_source and mount_options of info and returns the mount's
 * major:minor through major and minor (either may be NULL). FALSE when nothing matched. */
gboolean dyno_linux_parse_mountinfo (const char     *contents,
                                     dev_t           dev,
                                     const char     *path,
                                     DynoTargetInfo *info,
                                     guint          *major,
                                     guint          *minor);

/* From fs_type and mount_options alone: network, cow, cow_hint, and the encryption layer of
 * a stacked crypto file system (gocryptfs, EncFS, CryFS, securefs, eCryptfs). */
void     dyno_linux_classify_fs (DynoTargetInfo *info);

/* Walks <sysfs_root>/dev/block/MAJOR:MINOR down through partitions and stacked devices
 * (device mapper, md) to the physical disks. Fills device, device_model and rotational from
 * the bottom disks and appends a "dm-crypt (…)" layer for every dm-crypt device met on the
 * way. Leaves fields alone that the tree does not answer. */
void     dyno_linux_describe_block_stack (const char     *sysfs_root,
                                          guint           major,
                                          guint           minor,
                                          DynoTargetInfo *info);

/* The CPU model from the contents of /proc/cpuinfo, or NULL. */
char    *dyno_linux_parse_cpu_model (const char *cpuinfo);

/* dyno-platform-linux-crypto.c: the dm-crypt devices under the block device MAJOR:MINOR,
 * outermost first, into layers (DynoCryptoLayer); table_of gives `dmsetup table NAME` (tests
 * pass recorded ones), or NULL and why. sysfs_root is "/sys", or a fake tree in tests. */
typedef char *(*DynoDmTableFunc) (const char *name, gpointer data, char **why);
void     dyno_linux_describe_dm_crypt (const char      *sysfs_root,
                                       guint            major,
                                       guint            minor,
                                       DynoDmTableFunc  table_of,
                                       gpointer         data,
                                       GPtrArray       *layers);

G_END_DECLS
