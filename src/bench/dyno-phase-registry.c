/* dyno-phase-registry.c: every kind this build can run. Adding a test is one file under
 * phases/ and one line here (plus its catalogue entry in src/model/dyno-phase.c).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-phase-ops.h"

static const DynoPhaseOps *const registry[] = {
  &dyno_phase_putc_ops,
  &dyno_phase_write_ops,
  &dyno_phase_rewrite_ops,
  &dyno_phase_getc_ops,
  &dyno_phase_read_ops,
  &dyno_phase_seeks_ops,
  &dyno_phase_seq_create_ops,
  &dyno_phase_seq_stat_ops,
  &dyno_phase_seq_delete_ops,
  &dyno_phase_rand_create_ops,
  &dyno_phase_rand_stat_ops,
  &dyno_phase_rand_delete_ops,
  &dyno_phase_seq_read_ops,
  &dyno_phase_rnd_read_ops,
  &dyno_phase_seq_write_ops,
  &dyno_phase_rnd_write_ops,
  &dyno_phase_seq_mix_ops,
  &dyno_phase_rnd_mix_ops,
};

const DynoPhaseOps *
dyno_phase_ops_lookup (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_str_equal (registry[i]->kind, kind->nick))
      return registry[i];
  return NULL;
}
