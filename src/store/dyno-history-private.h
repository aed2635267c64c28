/* dyno-history-private.h: what dyno-history.c shares with dyno-history-import.c and
 * dyno-history-files.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-history.h"

G_BEGIN_DECLS

/* Lists a result read from a file (external when it is not in the runs folder). */
DynoHistoryItem *dyno_history_add_loaded (DynoHistory *self, DynoResult *result);
/* Adds or takes path off the extra-results setting. */
void             dyno_history_remember_extra (DynoHistory *self,
                                              const char  *path,
                                              gboolean     remember);

/* TRUE while path belongs to a change the history makes itself: a queued or running write,
 * delete or restore, or a deleted item waiting for its undo. */
gboolean         dyno_history_path_is_busy (DynoHistory *self, const char *path);
/* Takes item off the list, without touching its file (which is gone). */
void             dyno_history_forget (DynoHistory *self, DynoHistoryItem *item);

/* dyno-history-watch.c: follows the runs folder, adding and removing what others change. */
typedef struct _DynoHistoryWatch DynoHistoryWatch;

DynoHistoryWatch *dyno_history_watch_new (DynoHistory *history, const char *dir);
void              dyno_history_watch_free (DynoHistoryWatch *watch);

typedef enum
{
  DYNO_HISTORY_OP_WRITE,
  DYNO_HISTORY_OP_DELETE,
  DYNO_HISTORY_OP_RESTORE,
} DynoHistoryOpKind;

/* What the person may change of a target in the app (its reference rate and price): the
 * values a write puts into the file's targets, by index. */
typedef struct
{
  double reference_read;
  double reference_write;
  guint spindles_read;
  guint spindles_write;
  double price_amount;
  char *price_currency;
} DynoHistoryTargetEdit;

/* One change to a listed file. The worker reads and writes only the plain fields. */
typedef struct
{
  DynoHistoryOpKind kind;
  DynoHistoryItem *item; /* main thread only */
  char *path;
  char *label;
  char *notes;
  GArray *targets;   /* write: DynoHistoryTargetEdit, one per target of the result */
  GBytes *contents;  /* delete: out, the file as it was; restore: in */
  gint64 when;       /* delete: out; restore: in (real time, µs) */
  gboolean trashed;  /* delete: out; restore: in */
} DynoHistoryOp;

/* dyno-history-files.c: does op to its file; for a worker thread. */
gboolean         dyno_history_op_run (DynoHistoryOp *op, GError **error);

G_END_DECLS
