/* dyno-sysinfo.h: the machine and each target, as recorded in every result
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dyno-crypto.h"
#include "dyno-tristate.h"

G_BEGIN_DECLS

/* Percent of all CPUs of the machine over an interval; NAN when unknown. */
typedef struct
{
  double user;
  double system;
  double iowait;
  double idle;
} DynoCpuSplit;

void dyno_cpu_split_clear (DynoCpuSplit *split);

typedef struct
{
  char *hostname;
  char *os_name;    /* "Debian GNU/Linux 12 (bookworm)" */
  char *kernel;     /* "Linux 6.1.0-18-amd64" */
  char *arch;       /* "x86_64" */
  char *cpu_model;
  guint cpu_count;
  guint64 ram_bytes;
  /* The CPU's crypto instructions ("aes", "vaes", "pmull"…); cpu_crypto_known: they were
   * looked for (an empty list then means none) */
  GPtrArray *cpu_crypto;
  gboolean cpu_crypto_known;
  /* How busy the machine was just before the run, while Dyno did nothing: CPUs' worth of
   * busy time per second (0.6: other processes kept 60 % of one CPU busy), over idle_seconds.
   * The runs' machine-wide CPU is net of it. NAN and 0 when not measured. */
  double idle_busy_cpus;
  double idle_seconds;
} DynoSystemInfo;

typedef struct
{
  char *path;          /* as given */
  char *mount_point;
  char *fs_type;       /* "ext4", "fuse.gocryptfs", "nfs4" */
  char *mount_source;  /* "/dev/mapper/luks-…", "server:/export" */
  char *mount_options;
  char *device;        /* the block device at the bottom of the stack: "nvme0n1" */
  char *device_model;
  DynoTristate rotational;
  /* Every layer found, outermost first: "gocryptfs (FUSE)", "dm-crypt (LUKS2)", "fscrypt" */
  GPtrArray *encryption;
  /* The same layers in detail (DynoCryptoLayer *): cipher, key, driver, how it was found */
  GPtrArray *crypto;
  gboolean network;    /* NFS, SMB, sshfs, 9p… */
  gboolean cow;        /* btrfs, ZFS, bcachefs… */
  char *cow_hint;      /* "btrfs, compress=zstd:3": why the figures may flatter */
  /* The process that does a FUSE file system's work ("gocryptfs", "sshfs"): its CPU is part
   * of what the target costs. NULL for kernel file systems or when it could not be found. */
  char *helper;
  gint64 helper_pid;   /* while measuring only; never stored (0: none) */
  /* The array (md RAID, LVM on md) the target's device is, with its data spindles
   * (dyno-array.h); NULL when it is on a plain device or that was not found out. */
  struct _DynoArrayInfo *array;
  guint64 total_bytes;
  guint64 free_bytes;  /* available to us (f_bavail) */
  guint64 free_inodes;
  gboolean writable;
  char *unwritable_reason; /* translated, NULL when writable */
  int unwritable_code;     /* DynoError saying why, when !writable */
} DynoTargetInfo;

DynoSystemInfo *dyno_system_info_new (void);
DynoSystemInfo *dyno_system_info_copy (const DynoSystemInfo *info);
void            dyno_system_info_free (DynoSystemInfo *info);

DynoTargetInfo *dyno_target_info_new (const char *path);
DynoTargetInfo *dyno_target_info_copy (const DynoTargetInfo *info);
void            dyno_target_info_free (DynoTargetInfo *info);
gboolean        dyno_target_info_is_encrypted (const DynoTargetInfo *info);
/* One line for lists: "ext4 on nvme0n1 (SSD), dm-crypt (LUKS2)" */
char           *dyno_target_info_describe (const DynoTargetInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoSystemInfo, dyno_system_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoTargetInfo, dyno_target_info_free)

G_END_DECLS
