/* dyno-phase-ops.c: the ops of a kind, from the registry generated from the list of kinds
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-phase-ops.h"

/* The phase files' lists of ops, in the order of the list in src/meson.build, NULL-terminated
 * (dyno-phase-registry.c, generated). */
extern const DynoPhaseOps *const *const dyno_phase_ops_registry[];

const DynoPhaseOps *
dyno_phase_ops_lookup (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);

  for (guint f = 0; dyno_phase_ops_registry[f] != NULL; f++)
    for (guint i = 0; dyno_phase_ops_registry[f][i] != NULL; i++)
      if (g_str_equal (dyno_phase_ops_registry[f][i]->kind, kind->nick))
        return dyno_phase_ops_registry[f][i];
  return NULL;
}
