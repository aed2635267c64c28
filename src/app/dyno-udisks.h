/* dyno-udisks.h: the machine's drives and partitions from UDisks2, and opening one to read
 *
 * GIO only (no GTK), so it can be tested against a fake UDisks2 on a private bus. UDisks2 is
 * Linux-only: elsewhere there is no such service, and the app hides "Scan Drive…".
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-sysinfo.h"

G_BEGIN_DECLS

#define DYNO_UDISKS_ERROR (dyno_udisks_error_quark ())

typedef enum
{
  DYNO_UDISKS_ERROR_NOT_RUNNING,    /* no system bus, or no org.freedesktop.UDisks2 on it */
  DYNO_UDISKS_ERROR_NOT_AUTHORIZED, /* polkit said no */
  DYNO_UDISKS_ERROR_DISMISSED,      /* the person closed polkit's dialog */
  DYNO_UDISKS_ERROR_FAILED,         /* anything else UDisks2 answered */
} DynoUdisksError;

GQuark dyno_udisks_error_quark (void);

/* One Block object: a whole drive, a partition, a loop device. */
typedef struct
{
  char *object_path;       /* "/org/freedesktop/UDisks2/block_devices/sdb" */
  char *device;            /* "/dev/sdb" */
  char *model;             /* the drive's vendor and model, NULL when it has no drive */
  guint64 size;            /* bytes */
  DynoTristate rotational; /* the drive's */
  gboolean is_partition;
  char *in_use;            /* "mounted at /srv", "sdb1 mounted at /", NULL when free */
} DynoUdisksBlock;

void             dyno_udisks_block_free (DynoUdisksBlock *block);
/* The person's name of it: "WDC WD40EFRX (/dev/sdb)", "/dev/loop0". */
char            *dyno_udisks_block_describe (const DynoUdisksBlock *block);

/* The blocks worth scanning (no zero-sized or hidden ones), drives before their partitions,
 * sorted by device. On a worker thread; fails with DYNO_UDISKS_ERROR_NOT_RUNNING when there is
 * no UDisks2 on the system bus. */
void       dyno_udisks_list_async  (GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
/* DynoUdisksBlock, owned by the array. */
GPtrArray *dyno_udisks_list_finish (GAsyncResult  *result,
                                    GError       **error);

/* Block.OpenDevice ("r", O_DIRECT) with interactive authorization: polkit may ask the person.
 * The descriptor is read-only; the caller closes it. */
void dyno_udisks_open_async  (const char          *object_path,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data);
int  dyno_udisks_open_finish (GAsyncResult  *result,
                              GError       **error);

/* The pure part of dyno_udisks_list_async: the blocks in GetManagedObjects' answer
 * (a{oa{sa{sv}}}), for tests. */
GPtrArray *dyno_udisks_blocks_from_objects (GVariant *objects);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoUdisksBlock, dyno_udisks_block_free)

G_END_DECLS
