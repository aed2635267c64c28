/* dyno-phase-ops.h: how a kind of phase is run (cf. fio's ioengine_ops)
 *
 * A kind's file in the model (src/model/kinds/dyno-kind-NAME.c) says what it is; its file
 * here, phases/dyno-phase-NAME.c, says how it runs, by defining its DynoPhaseOps and listing
 * them with DYNO_PHASE_FILE (NAME, &ops, ...). The registry generated from the list of kinds in
 * src/meson.build makes them known. The runner calls only these: it never asks which kind it
 * is running.
 *
 * Kinds that pass state to one another (bonnie++'s create, stat and delete of one set of
 * files) share a series name: the first of them leaves the state in run->series, and when
 * the next phase belongs to another series (or the repeat ends) the runner calls the state's
 * finish function, which undoes whatever is left (deletes files no timed delete removed).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-phase-ctx.h"
#include "dyno-run-private.h"

G_BEGIN_DECLS

typedef struct
{
  const char *kind;    /* the catalogue nick it runs */
  const char *series;  /* see above; NULL for none */
  gconstpointer data;  /* the kind's own constants (e.g. file order), for its functions */

  /* Bytes or operations the phase will do: progress and the remaining time. */
  guint64  (*total) (DynoRun *run, const DynoPhase *phase, gconstpointer data);
  /* Threads that report progress, each with a slot; NULL: one, the runner's thread. */
  guint    (*n_slots) (DynoRun *run, const DynoPhase *phase, gconstpointer data);
  /* Untimed, before the clock: make what the phase needs that an unselected phase would
   * have made (files to stat). NULL: nothing. */
  gboolean (*prepare) (DynoRun *run, const DynoPhase *phase, gconstpointer data, GError **error);
  /* The phase, timed by itself (DynoPhaseClock); fills ctx->run. */
  gboolean (*run) (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error);
  /* Untimed, between passes of a phase that uses up its data (delete): put it back, so that
   * the phase can make another pass until it has measured for the phase time. NULL: the
   * phase makes one pass unless it is DYNO_PHASE_REPEATABLE. */
  gboolean (*restore) (DynoRun *run, const DynoPhase *phase, gconstpointer data, GError **error);
} DynoPhaseOps;

/* The ops of a kind, or NULL when this build cannot run it (a kind only imports have). */
const DynoPhaseOps *dyno_phase_ops_lookup (const DynoPhaseKind *kind);

/* The ops of the phase file NAME, for the generated registry. */
#define DYNO_PHASE_FILE(name, ...)                                                                \
  extern const DynoPhaseOps *const dyno_phase_ops_##name[];                                       \
  const DynoPhaseOps *const dyno_phase_ops_##name[] = { __VA_ARGS__, NULL }

G_END_DECLS
