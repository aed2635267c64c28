/* dyno-kind-groups.c: the groups of Bonnie's table that kinds of several files share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

const DynoPhaseGroup dyno_phase_group_seq_output = {
  "seq-output", N_("Sequential Output"), N_("Seq Output")
};
const DynoPhaseGroup dyno_phase_group_seq_input = {
  "seq-input", N_("Sequential Input"), N_("Seq Input")
};
