/* dyno-scan-result.h: what `dyno-cli scan` measured on a block device, and its JSON
 *
 * A scan reads a device end to end at evenly spaced positions (the transfer rate across the
 * platters, or across an SSD's mapping) and times small reads at random offsets (the access
 * time). It never writes. docs/result-format.md describes the "dyno-scan" JSON.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-array.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

#define DYNO_SCAN_FORMAT "dyno-scan"
#define DYNO_SCAN_VERSION 1

typedef struct
{
  guint64 position; /* byte offset of the read */
  double rate;      /* bytes per second */
  double seconds;
} DynoScanSample;

typedef struct
{
  guint64 offset;
  double seconds;
} DynoScanAccess;

typedef struct
{
  double min;               /* bytes per second, over the samples */
  double avg;
  double max;
  double outer_inner_ratio; /* mean of the first 10 % of positions over the last 10 % */
  double access_mean;       /* seconds */
} DynoScanSummary;

typedef struct
{
  char *device;         /* the path as given: "/dev/sdb" */
  guint64 size;         /* bytes */
  char *model;          /* NULL when unknown */
  DynoTristate rotational;
  char *in_use;         /* NULL when free, else "mounted at /srv", "held by md0" */
  guint64 sample_size;  /* bytes read at each position */
  guint64 access_size;  /* bytes of each access-time read */
  guint32 seed;         /* of the access offsets */
  gboolean direct;      /* read with O_DIRECT (else through the page cache) */
  DynoArrayInfo *array; /* the md RAID / LVM array the device is, or NULL */
  GPtrArray *notes;     /* char *: what the reader should know ("O_DIRECT refused: …") */
  GArray *samples;      /* DynoScanSample */
  GArray *access;       /* DynoScanAccess */
  DynoScanSummary summary;
  /* A scan stopped before its end: the positions and access-time reads it was to make (the
   * samples and access hold what was read). Both 0 for a scan that ran to its end. */
  guint planned_positions;
  guint planned_access;
} DynoScanResult;

DynoScanResult *dyno_scan_result_new (const char *device);
void            dyno_scan_result_free (DynoScanResult *result);
/* Fills result->summary from the samples and access times (NAN where there are none). */
void            dyno_scan_result_summarize (DynoScanResult *result);
/* The "dyno-scan" JSON document, pretty-printed, ending in a newline. */
char           *dyno_scan_result_to_json (const DynoScanResult *result);

/* The summary of a set of rates by position, as a pure function for tests: positions in order,
 * the first and last tenth (at least one each) give the outer/inner ratio. */
void            dyno_scan_summarize_rates (const double    *rates,
                                           guint            n_rates,
                                           const double    *access_seconds,
                                           guint            n_access,
                                           DynoScanSummary *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoScanResult, dyno_scan_result_free)

G_END_DECLS
