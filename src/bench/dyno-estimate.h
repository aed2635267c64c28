/* dyno-estimate.h: how long a run has left, learnt from its calibration and its phases
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-config.h"
#include "dyno-result.h"

G_BEGIN_DECLS

typedef struct _DynoEstimate DynoEstimate;

/* Seconds one phase of one round is expected to take on a target, with the untimed work it
 * brings along (evictions before read passes, the files a delete puts back between passes,
 * the rest before a queued test, syncs): from the rates a calibration measured (sizing) and
 * the sizes the target runs (workload). NAN when nothing prices it (no phase time and no
 * rates). Pure arithmetic. */
double        dyno_estimate_phase_seconds (const DynoConfig   *config,
                                           const DynoSizing   *sizing,
                                           const DynoWorkload *workload,
                                           const DynoPhase    *phase);
/* The untimed pass that writes the data file once before a target's first round. */
double        dyno_estimate_warm_up_seconds (const DynoConfig   *config,
                                             const DynoSizing   *sizing,
                                             const DynoWorkload *workload);

/* The estimate of one runner's run: n_targets, each doing config's phases config->repeat
 * times. Until a target is priced (dyno_estimate_set_sizing) its phases count the phase time
 * each, and a calibration to come a few seconds. Not thread-safe: the caller locks. */
DynoEstimate *dyno_estimate_new (const DynoConfig *config, guint n_targets);
void          dyno_estimate_free (DynoEstimate *self);
/* What target's calibration found and the sizes it runs: prices its phases. */
void          dyno_estimate_set_sizing (DynoEstimate       *self,
                                        guint               target,
                                        const DynoSizing   *sizing,
                                        const DynoWorkload *workload);
/* The calibrations are over (measured in the time before the first phase). */
void          dyno_estimate_calibrated (DynoEstimate *self);
/* A phase ended: it took seconds of wall time since the one before it ended (or since the
 * calibrations), its untimed work included. Its later rounds are then expected to take what
 * it took, and the phases not yet seen what they were priced at, corrected by how the
 * phases seen so far compared with their price. */
void          dyno_estimate_phase_done (DynoEstimate    *self,
                                        guint            target,
                                        const DynoPhase *phase,
                                        double           seconds);
/* n more phases, which ones unknown (the rounds added for precision): each counts what a
 * phase has taken on average. */
void          dyno_estimate_add_phases (DynoEstimate *self, guint n);
/* A target that failed runs none of what it had left. */
void          dyno_estimate_skip_target (DynoEstimate *self, guint target);
/* Seconds left, in_phase seconds into the current phase (since the last phase ended). */
double        dyno_estimate_remaining (const DynoEstimate *self, double in_phase);
/* The ratio of what the phases seen took to what they were priced at: 1 before any. */
double        dyno_estimate_get_correction (const DynoEstimate *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoEstimate, dyno_estimate_free)

G_END_DECLS
