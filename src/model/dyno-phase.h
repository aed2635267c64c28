/* dyno-phase.h: the benchmark's phases and what each one measures
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* In execution order: bonnie++'s order for the I/O phases, then the file tests. */
typedef enum
{
  DYNO_PHASE_PUTC,
  DYNO_PHASE_WRITE,
  DYNO_PHASE_REWRITE,
  DYNO_PHASE_GETC,
  DYNO_PHASE_READ,
  DYNO_PHASE_SEEKS,
  DYNO_PHASE_SEQ_CREATE,
  DYNO_PHASE_SEQ_STAT,
  DYNO_PHASE_SEQ_DELETE,
  DYNO_PHASE_RAND_CREATE,
  DYNO_PHASE_RAND_STAT,
  DYNO_PHASE_RAND_DELETE,
  DYNO_N_PHASES
} DynoPhaseId;

#define DYNO_PHASE_BIT(id) (1u << (id))
#define DYNO_PHASES_IO                                                                            \
  (DYNO_PHASE_BIT (DYNO_PHASE_PUTC) | DYNO_PHASE_BIT (DYNO_PHASE_WRITE)                          \
   | DYNO_PHASE_BIT (DYNO_PHASE_REWRITE) | DYNO_PHASE_BIT (DYNO_PHASE_GETC)                      \
   | DYNO_PHASE_BIT (DYNO_PHASE_READ) | DYNO_PHASE_BIT (DYNO_PHASE_SEEKS))
#define DYNO_PHASES_FILES                                                                         \
  (DYNO_PHASE_BIT (DYNO_PHASE_SEQ_CREATE) | DYNO_PHASE_BIT (DYNO_PHASE_SEQ_STAT)                 \
   | DYNO_PHASE_BIT (DYNO_PHASE_SEQ_DELETE) | DYNO_PHASE_BIT (DYNO_PHASE_RAND_CREATE)            \
   | DYNO_PHASE_BIT (DYNO_PHASE_RAND_STAT) | DYNO_PHASE_BIT (DYNO_PHASE_RAND_DELETE))
#define DYNO_PHASES_ALL (DYNO_PHASES_IO | DYNO_PHASES_FILES)

typedef enum
{
  DYNO_UNIT_BYTES, /* rates in B/s */
  DYNO_UNIT_OPS,   /* rates in ops/s (seeks, files) */
} DynoUnit;

const char *dyno_phase_id_to_string (DynoPhaseId id);
gboolean    dyno_phase_id_from_string (const char *text, DynoPhaseId *out_id);
const char *dyno_phase_title (DynoPhaseId id);
const char *dyno_phase_short_title (DynoPhaseId id);
DynoUnit    dyno_phase_unit (DynoPhaseId id);
gboolean    dyno_phase_is_file_test (DynoPhaseId id);
gboolean    dyno_phase_reads_data_file (DynoPhaseId id);
gboolean    dyno_phase_is_per_char (DynoPhaseId id);

/* Bonnie's and bonnie++'s column groups, left to right: "Sequential Output" is putc to rewrite,
 * and so on; each group is a run of consecutive phases. */
typedef struct
{
  const char *title; /* untranslated; dyno_phase_group_title translates it */
  DynoPhaseId first;
  DynoPhaseId last;
} DynoPhaseGroup;

const DynoPhaseGroup *dyno_phase_get_groups (guint *n_groups);
const char           *dyno_phase_group_title (const DynoPhaseGroup *group);

G_END_DECLS
