/* dyno-scan.h: reading a whole block device end to end, never writing (`dyno-cli scan`)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-scan-result.h"

G_BEGIN_DECLS

#define DYNO_SCAN_ERROR (dyno_scan_error_quark ())

typedef enum
{
  DYNO_SCAN_ERROR_NOT_FOUND,       /* no such path */
  DYNO_SCAN_ERROR_NOT_BLOCK,       /* a file, a folder, a character device */
  DYNO_SCAN_ERROR_NEEDS_ROOT,      /* permission denied, and we are not root */
  DYNO_SCAN_ERROR_UNREADABLE,      /* open or read failed otherwise */
  DYNO_SCAN_ERROR_TOO_SMALL,       /* smaller than one sample */
} DynoScanError;

GQuark dyno_scan_error_quark (void);

typedef struct
{
  guint64 sample_size;  /* bytes read at each position (rounded up to the alignment) */
  guint positions;      /* evenly spaced from the start to the end */
  guint access_reads;   /* access-time reads (dyno-cli scan --seeks) */
  guint64 access_size;  /* bytes of each access-time read; 4 KiB */
  guint32 seed;         /* of the access offsets */
} DynoScanOptions;

#define DYNO_SCAN_DEFAULT_SAMPLE (G_GUINT64_CONSTANT (10) << 20)
#define DYNO_SCAN_DEFAULT_POSITIONS 100
#define DYNO_SCAN_DEFAULT_ACCESS_READS 200

void dyno_scan_options_init (DynoScanOptions *options);

/* Called after every read: stage 0 for the transfer-rate samples, 1 for the access times;
 * done of total in that stage. The newest sample or access time is the last in result. Called
 * once more before the first read (stage 0, done 0), when the device is described. */
typedef void (*DynoScanProgressFunc) (const DynoScanResult *result,
                                      guint                 stage,
                                      guint                 done,
                                      guint                 total,
                                      gpointer              user_data);

/* Opens path read-only (O_DIRECT when it can, else with a note), describes it, reads
 * options->sample_size at options->positions evenly spaced aligned positions, then
 * options->access_reads access-time reads at seeded random aligned offsets. Never writes.
 * cancellable is checked before every read, as by dyno_scan_fd (). */
DynoScanResult *dyno_scan_device (const char             *path,
                                  const DynoScanOptions  *options,
                                  DynoScanProgressFunc    progress,
                                  gpointer                user_data,
                                  GCancellable           *cancellable,
                                  GError                **error);

/* The same loop on a descriptor someone else opened read-only: the app's, from UDisks2's
 * Block.OpenDevice (the person is asked by polkit, Dyno runs unprivileged). device names it in
 * the result ("/dev/sdb"); fd stays the caller's to close. O_DIRECT when fd was opened with
 * it. cancellable is checked before every read: cancelled, it returns NULL with
 * G_IO_ERROR_CANCELLED, the samples so far having gone through progress. A regular file (a
 * disk image) is read by its length. */
DynoScanResult *dyno_scan_fd (int                     fd,
                              const char             *device,
                              const DynoScanOptions  *options,
                              DynoScanProgressFunc    progress,
                              gpointer                user_data,
                              GCancellable           *cancellable,
                              GError                **error);

/* The position of sample i of n on a device of size bytes, aligned down to align. */
guint64 dyno_scan_position (guint64 size, guint64 sample, guint i, guint n, gsize align);

/* The md RAID / LVM array under a device or a folder (its file system's device), or NULL. */
DynoArrayInfo *dyno_scan_find_array (const char *path);
/* The same in one line for `dyno-cli info`: "raid6, 11 members + 2 spares, 512 KiB chunks:
 * 9 data spindles (sysfs md/level, …)", or NULL when there is no array. */
char          *dyno_scan_describe_array (const char *path);

G_END_DECLS
