/* dyno-platform.h: every OS-specific call the engine makes, in one place
 *
 * dyno-platform-linux.c implements it for Linux; dyno-platform-posix.c is the plain POSIX
 * fallback a port starts from. Nothing else in the engine may use fadvise, mincore, O_DIRECT,
 * syncfs, /proc or sysfs directly.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

#include "dyno-result.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* Machine-wide CPU time counters, in the OS's ticks. */
typedef struct
{
  guint64 user;   /* user + nice */
  guint64 system; /* system + irq + softirq */
  guint64 iowait;
  guint64 idle;
  guint64 other;  /* steal, guest */
  double tick;    /* seconds per tick */
} DynoCpuTimes;

gboolean dyno_platform_read_cpu_times (DynoCpuTimes *out);
/* Percent of the whole machine spent in each state between two readings. */
void     dyno_platform_cpu_split (const DynoCpuTimes *before,
                                  const DynoCpuTimes *after,
                                  DynoCpuSplit       *out);

/* CPU seconds all CPUs of the machine were busy (user, system, interrupts) between two
 * readings: what a run cost including kernel threads and daemons (dm-crypt, FUSE); NAN when
 * unknown. */
double   dyno_platform_cpu_busy_seconds (const DynoCpuTimes *before, const DynoCpuTimes *after);

/* CPU time (user + system, seconds) of the calling thread. */
double   dyno_platform_thread_cpu_self (void);
/* A handle to read another thread's CPU time from the sampler. */
typedef struct
{
  gboolean valid;
  gint64 id; /* clockid_t on POSIX */
} DynoThreadClock;
void     dyno_platform_thread_clock_self (DynoThreadClock *out);
double   dyno_platform_thread_clock_read (const DynoThreadClock *clock);
double   dyno_platform_process_cpu (void);

/* Keeps the calling thread on one CPU: the nth, counted round-robin from the CPU `from`
 * (dyno_platform_current_cpu () of the thread that starts the workers), of those this
 * process may run on. The queued tests' workers do so, as DiskSpd (CrystalDiskMark's engine)
 * does by default: a worker the scheduler moves at every wake-up waits longer for each I/O
 * (docs/design.md has the figures). Returns the CPU, or -1 where the platform cannot (the
 * POSIX fallback) or refuses: the thread then runs where the scheduler puts it. */
int      dyno_platform_current_cpu (void);
int      dyno_platform_pin_thread (int from, guint nth);

guint64  dyno_platform_ram_bytes (void);
/* Bytes of address space this process has mapped, 0 when unknown. */
guint64  dyno_platform_address_space_used (void);

/* The inherited ulimit -s, -u and -v fitted to GLib's and Pango's threads, which abort the
 * process when they cannot start (dyno-platform-limits.c). fit_limits: once, first thing in
 * main (); check_render_room: before a chart is drawn. */
gboolean dyno_platform_fit_limits (GError **error);
gboolean dyno_platform_check_render_room (GError **error);

/* Page cache control on a file the engine created. */
gboolean dyno_platform_evict (int fd, GError **error);   /* fsync + drop this file's pages */
double   dyno_platform_resident_fraction (int fd, guint64 size); /* NAN when unknown */
/* Evicts the data of the file at path from every cache below its file system (a gocryptfs
 * folder's cipher file, an overlay's upper file, a loop device's image: see
 * dyno-platform-linux-layers.c), after the file's own pages went with dyno_platform_evict.
 * Fills up to max layers, outermost first, with what stayed resident; returns how many. *doubt
 * is NULL, or (interned, translated) why the data may still come from a cache below that
 * could be neither evicted nor checked ("may come from a cache below: the server of this nfs4
 * share"). */
guint    dyno_platform_evict_below (const char     *path,
                                    DynoCacheLayer *layers,
                                    guint           max,
                                    const char    **doubt);
gboolean dyno_platform_can_drop_caches (void);
gboolean dyno_platform_drop_caches (GError **error);     /* whole machine, root only */
/* open(2) flags for unbuffered I/O, or 0 when the OS has none (then set_direct is used). */
int      dyno_platform_direct_open_flag (void);
gboolean dyno_platform_set_direct (int fd, GError **error);
gsize    dyno_platform_direct_alignment (int fd);
/* Flush the file system holding fd, the metadata its journal committed included: syncfs()
 * (twice on Linux, see there), or sync() where there is no syncfs. */
gboolean dyno_platform_sync_fs (int fd, GError **error);

/* A string that identifies a live process across pid reuse ("<boot id>:<start time>"),
 * or NULL when no such process runs. */
char    *dyno_platform_process_identity (GPid pid);

/* Which machine this is, stable across reboots; scratch markers carry it because a volume may
 * be shared (NFS, containers) and a pid means nothing on another machine. NULL when unknown. */
char    *dyno_platform_machine_id (void);

/* The process serving a FUSE target (info->fs_type "fuse.*" or "fuseblk"): the one whose
 * command line names the mount point and that has /dev/fuse open. Its pid, and its name in
 * *name; 0 when there is none or it cannot be seen (another user's, without root). */
gint64   dyno_platform_find_helper (const DynoTargetInfo *info, char **name);
/* User + system CPU seconds a process (all its threads) has used; NAN when it is gone. */
double   dyno_platform_process_cpu_of (gint64 pid);

/* The encryption layers under info->path into info->crypto (see dyno-crypto.h), and the
 * CPU's crypto instructions into info->cpu_crypto. */
void     dyno_platform_describe_crypto (DynoTargetInfo *info);
void     dyno_platform_describe_cpu_crypto (DynoSystemInfo *info);

void     dyno_platform_describe_system (DynoSystemInfo *info);
/* Fills mount, device, encryption, network and CoW fields of info for info->path. */
void     dyno_platform_describe_target (DynoTargetInfo *info);

G_END_DECLS
