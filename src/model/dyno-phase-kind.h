/* dyno-phase-kind.h: what a kind file under kinds/ needs to describe its kinds
 *
 * A kind file (kinds/dyno-kind-NAME.c) defines one or more DynoPhaseKind (dyno-phase.h) and
 * lists them with DYNO_KIND_FILE (NAME, &kind, ...); the model's registry, generated from the
 * list of kinds in src/meson.build, puts them in the catalogue in that list's order. How the
 * kinds run is its other half, src/bench/phases/dyno-phase-NAME.c (dyno-phase-ops.h).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-config.h"
#include "dyno-phase.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* What a kind decides of a run's workload and says of it, beyond the sizes the calibration
 * chooses for what several kinds share (the data file, the per-char bytes, the file set). */
struct _DynoPhaseWorkload
{
  /* Its key in a result's "sizing" for the count below ("seeks"); NULL: it has none. */
  const char *key;
  /* The sizing hook: operations a pass does, from the configuration and what the calibration
   * measured and chose so far (sizing's rates and sizes); 0 for as many as the phase time
   * holds. The calibration calls it for every selected kind that has one and keeps the count
   * in the sizing (dyno_sizing_get_count) and the run. NULL: no count of its own. */
  guint64 (*size) (const DynoConfig *config, const DynoSizing *sizing);
  /* The line a result's run settings show for it ("8192 seeks by 5 threads"), translated;
   * NULL: none. */
  char *(*describe) (const DynoConfig *config);
};

/* Groups more than one kind file uses: Bonnie's "Sequential Output" and "Sequential Input"
 * (kinds/dyno-kind-groups.c). A kind file may define groups of its own. */
extern const DynoPhaseGroup dyno_phase_group_seq_output;
extern const DynoPhaseGroup dyno_phase_group_seq_input;

/* The kinds of the kind file NAME, in catalogue order, for the generated registry. */
#define DYNO_KIND_FILE(name, ...)                                                                 \
  extern const DynoPhaseKind *const dyno_kinds_##name[];                                          \
  const DynoPhaseKind *const dyno_kinds_##name[] = { __VA_ARGS__, NULL }

G_END_DECLS
