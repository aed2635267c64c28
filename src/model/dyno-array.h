/* dyno-array.h: disk arrays (md RAID, LVM on md, btrfs, ZFS) and what they do per spindle
 *
 * A figure measured on an array means little until it is divided by the disks that carried
 * the data: 1.6 GB/s from 18 data spindles is 88 MB/s each, 94.6 % of what one drive does
 * alone. DynoArrayInfo says how many data spindles an array has for reads and for writes;
 * the platform module fills it from sysfs (md, device mapper), and the parsers here read the
 * text of `btrfs filesystem show` / `btrfs filesystem df` and `zpool status -P`.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-array-info.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* Data spindles of one set of n active members at a RAID level, as md, ZFS and btrfs name
 * them ("raid0", "raid1", "mirror", "raid4", "raid5", "raidz1", "raid6", "raidz2", "raidz3",
 * "raid10", "linear", "single", "dup", "raid1c3", "raid1c4"). copies is raid10's number of
 * copies (md's near=2 is 2; 0 means 2). FALSE for a level it does not know. */
gboolean dyno_array_data_spindles (const char *level,
                                   guint       n,
                                   guint       copies,
                                   guint      *read,
                                   guint      *write);

/* `btrfs filesystem show` text of one file system, and `btrfs filesystem df` of it for the
 * data profile (NULL: unknown profile). NULL with error when the text is not that. */
DynoArrayInfo *dyno_array_parse_btrfs (const char *show, const char *df, GError **error);
/* `zpool status -P` text of one pool. */
DynoArrayInfo *dyno_array_parse_zpool_status (const char *text, GError **error);

/* Per-spindle arithmetic: a figure (bytes/s) shared by n data spindles, and how close each
 * spindle comes to what one drive does alone (reference, bytes/s). NAN when undefined. */
double   dyno_array_rate_per_spindle (double rate, guint spindles);
double   dyno_array_efficiency (double rate, guint spindles, double reference);
/* "1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, 94.6 % of 93 MB/s (one drive)",
 * in decimal MB/s as disks are quoted; without a reference the efficiency is left out.
 * What `dyno-cli compare --per-spindle N --reference RATE` prints per figure. */
char    *dyno_array_format_per_spindle (double rate, guint spindles, double reference);

/* Every byte-rate figure of a result per data spindle, one line per target and phase
 * (read_spindles 0: each target's own, see dyno_array_target_spindles (), targets without
 * any left out; a reference of NAN: the target's stored reference):
 * "/srv: Block read: 1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, 94.6 % of
 * 93 MB/s (one drive)". Phases that write (block and per-char writes, rewrite, queued writes)
 * use write_spindles and write_reference, the others the read ones; a reference of 0 (or NAN
 * with none stored) leaves the efficiency out. For `dyno-cli compare --per-spindle N --reference RATE`. */
char    *dyno_array_format_result_per_spindle (DynoResult *result,
                                               guint       read_spindles,
                                               guint       write_spindles,
                                               double      read_reference,
                                               double      write_reference);

/* A rate as a person types one for --reference: "93M", "93MB/s", "1.6G", "88MiB/s", "93000000"
 * (M and G are 10^6 and 10^9, as drives are quoted; MiB/s and GiB/s powers of 1024), or a read
 * and a write rate "93M,70M" (one rate is both). FALSE with error when malformed. */
gboolean dyno_array_parse_reference (const char *text,
                                     double     *read,
                                     double     *write,
                                     GError    **error);

/* The data spindles a target's figures are divided by: those the person gave (--per-spindle,
 * target->spindles_*) first, else its array's (target->info->array). how (not owned) says
 * which: "given" or the array's source. FALSE when neither is known. */
gboolean dyno_array_target_spindles (const DynoTargetResult *target,
                                     guint                  *read,
                                     guint                  *write,
                                     const char            **how);
/* Sets the target's reference rates (bytes/s, both > 0), or clears them with two NANs. */
gboolean dyno_array_target_set_reference (DynoTargetResult *target, double read, double write);
/* TRUE for a phase whose figure is divided by the write spindles (writes, rewrite). */
gboolean dyno_array_phase_writes (const DynoPhase *phase);
/* One figure as the report gives it: "1.58 GB/s = 87.98 MB/s per data spindle = 94.6 % of
 * one drive"; without a reference (NAN) the efficiency is left out; "—" without spindles. */
char    *dyno_array_format_figure (double rate, guint spindles, double reference);
/* The report's block for a target on an array or with spindles given: a heading naming the
 * array (or the spindles given), the reference, and a line per throughput figure; NULL when
 * the target has no spindles or no throughput figure. */
char    *dyno_array_format_target_per_spindle (const DynoTargetResult *target);

/* --per-spindle "18" or "18:9": data spindles for reads and (after the colon) writes, 1 to
 * 100000; one number is both. FALSE with error when malformed. */
gboolean dyno_array_parse_spindles (const char *text,
                                    guint      *read,
                                    guint      *write,
                                    GError    **error);

G_END_DECLS
