/* dyno-phase-ops.h: how a kind of phase is run (cf. fio's ioengine_ops)
 *
 * The catalogue (src/model/dyno-phase.c) says what a kind is; one file under phases/ says how
 * it runs, by defining its DynoPhaseOps, and one line of dyno-phase-registry.c makes it known.
 * The runner calls only these: it never asks which kind it is running.
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

/* Every phase file's ops (dyno-phase-registry.c lists them). */
extern const DynoPhaseOps dyno_phase_putc_ops;
extern const DynoPhaseOps dyno_phase_write_ops;
extern const DynoPhaseOps dyno_phase_rewrite_ops;
extern const DynoPhaseOps dyno_phase_getc_ops;
extern const DynoPhaseOps dyno_phase_read_ops;
extern const DynoPhaseOps dyno_phase_seeks_ops;
extern const DynoPhaseOps dyno_phase_seq_create_ops;
extern const DynoPhaseOps dyno_phase_seq_stat_ops;
extern const DynoPhaseOps dyno_phase_seq_delete_ops;
extern const DynoPhaseOps dyno_phase_rand_create_ops;
extern const DynoPhaseOps dyno_phase_rand_stat_ops;
extern const DynoPhaseOps dyno_phase_rand_delete_ops;
extern const DynoPhaseOps dyno_phase_seq_read_ops;
extern const DynoPhaseOps dyno_phase_rnd_read_ops;
extern const DynoPhaseOps dyno_phase_seq_write_ops;
extern const DynoPhaseOps dyno_phase_rnd_write_ops;
extern const DynoPhaseOps dyno_phase_seq_mix_ops;
extern const DynoPhaseOps dyno_phase_rnd_mix_ops;

G_END_DECLS
