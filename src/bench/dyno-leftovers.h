/* dyno-leftovers.h: the scratch folders Dyno could not remove, kept in a list so that a
 * later run, `dyno-cli clean` or the app can find them and offer to remove them
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *path;       /* the scratch folder, in the file name encoding */
  char *display;    /* the same, for a person (UTF-8) */
  gint64 recorded;  /* unix seconds */
  gboolean present; /* seen now; FALSE: its file system is not mounted, or answers no more */
  guint64 bytes;    /* what its files take now; 0 when not present */
} DynoLeftover;

void        dyno_leftover_free (DynoLeftover *leftover);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoLeftover, dyno_leftover_free)

/* $XDG_STATE_HOME/dyno/leftovers.ini: where the list is kept. */
char       *dyno_leftovers_file (void);
/* Adds a scratch folder a run left (the DynoTargetResult's scratch_left). */
gboolean    dyno_leftovers_add (const char *path, GError **error);
/* DynoLeftover*, oldest first. Entries that are provably gone (their folder is reachable and
 * holds no such scratch folder, or the folder itself is gone from a reachable parent), or
 * older than 90 days, are dropped from the list. */
GPtrArray  *dyno_leftovers_list (void);
/* Removes one, as a run removes a stale scratch folder (only with Dyno's marker, of a process
 * that no longer runs, holding only Dyno's files), and drops it from the list. messages gets
 * what was done or why not. */
gboolean    dyno_leftovers_remove (const DynoLeftover *leftover, GPtrArray *messages);

G_END_DECLS
