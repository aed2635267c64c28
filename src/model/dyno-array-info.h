/* dyno-array-info.h: an array's description: its level, members and data spindles
 *
 * What dyno-array.h's parsers and the platform module find, and a target's system info keeps
 * (DynoSystemInfo.array); the figures per spindle are dyno-array.h's.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dyno-tristate.h"

G_BEGIN_DECLS

typedef struct
{
  char *name;              /* "sdb", "/dev/disk/by-id/ata-…-part1" */
  char *model;             /* NULL when unknown */
  DynoTristate rotational;
  guint64 size;            /* bytes; 0 when unknown */
  gboolean spare;          /* a hot spare: carries no data until a member fails */
  char *group;             /* the vdev or set it belongs to ("raidz2-0"), or NULL */
} DynoArrayMember;

typedef struct _DynoArrayInfo
{
  char *name;              /* "md0", the pool's name, the btrfs label or uuid */
  char *level;             /* "raid6", "raid10", "raidz2", "btrfs raid1", "raid0 of 2 × raid6" */
  GPtrArray *members;      /* DynoArrayMember *, spares included */
  guint64 chunk;           /* stripe chunk in bytes; 0 when unknown or none */
  guint spares;
  guint data_spindles_read;  /* 0 when unknown */
  guint data_spindles_write;
  char *source;            /* how it was found: "sysfs md/level", "zpool status -P" */
} DynoArrayInfo;

DynoArrayInfo   *dyno_array_info_new (const char *name, const char *level, const char *source);
void             dyno_array_info_free (DynoArrayInfo *info);
DynoArrayMember *dyno_array_info_add_member (DynoArrayInfo *info, const char *name);
/* The members that carry data (not spares). */
guint            dyno_array_info_get_n_active (const DynoArrayInfo *info);
/* "raid6, 11 members + 2 spares, 512 KiB chunks: 9 data spindles" */
char            *dyno_array_info_describe (const DynoArrayInfo *info);

/* Adds the array as a JSON object at the builder's position (docs/result-format.md, scans). */
void             dyno_array_info_to_json (const DynoArrayInfo *info, JsonBuilder *builder);
DynoArrayInfo   *dyno_array_info_copy (const DynoArrayInfo *info);
/* The object dyno_array_info_to_json () writes, as a result file's target "info" holds it;
 * NULL with error (naming the member) when it is not that. */
DynoArrayInfo   *dyno_array_info_from_json (JsonObject *object, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoArrayInfo, dyno_array_info_free)

G_END_DECLS
