/* dyno-compare-private.h: what the comparison's files share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-compare.h"

G_BEGIN_DECLS

/* A phase's title inside a sentence: "block write" in English and French, "Block write" where
 * the translators keep the capital (German). */
char *dyno_compare_phase_in_sentence (const DynoPhase *phase);
/* Phases in a sentence: "block write, block read and random seeks". */
char *dyno_compare_join_phases (GPtrArray *phases);

/* The entry as the subject of a verdict: its name, and when it is encrypted and the baseline
 * is not, how: "enc (encrypted with gocryptfs)", "gocryptfs (encrypted)". */
char *dyno_compare_subject (const DynoComparison *comparison, guint entry);

G_END_DECLS
