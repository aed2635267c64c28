/* dyno-phase.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase.h"

typedef struct
{
  const char *id;
  const char *title;
  const char *short_title;
  DynoUnit unit;
} PhaseInfo;

static const PhaseInfo phases[DYNO_N_PHASES] = {
  [DYNO_PHASE_PUTC] = { "putc", N_("Per-char write"), N_("Per Chr"), DYNO_UNIT_BYTES },
  [DYNO_PHASE_WRITE] = { "write", N_("Block write"), N_("Block"), DYNO_UNIT_BYTES },
  [DYNO_PHASE_REWRITE] = { "rewrite", N_("Rewrite"), N_("Rewrite"), DYNO_UNIT_BYTES },
  [DYNO_PHASE_GETC] = { "getc", N_("Per-char read"), N_("Per Chr"), DYNO_UNIT_BYTES },
  [DYNO_PHASE_READ] = { "read", N_("Block read"), N_("Block"), DYNO_UNIT_BYTES },
  [DYNO_PHASE_SEEKS] = { "seeks", N_("Random seeks"), N_("Seeks"), DYNO_UNIT_OPS },
  [DYNO_PHASE_SEQ_CREATE] = { "seq_create", N_("Sequential create"), N_("Create"), DYNO_UNIT_OPS },
  [DYNO_PHASE_SEQ_STAT] = { "seq_stat", N_("Sequential stat"), N_("Read"), DYNO_UNIT_OPS },
  [DYNO_PHASE_SEQ_DELETE] = { "seq_delete", N_("Sequential delete"), N_("Delete"), DYNO_UNIT_OPS },
  [DYNO_PHASE_RAND_CREATE] = { "rand_create", N_("Random create"), N_("Create"), DYNO_UNIT_OPS },
  [DYNO_PHASE_RAND_STAT] = { "rand_stat", N_("Random stat"), N_("Read"), DYNO_UNIT_OPS },
  [DYNO_PHASE_RAND_DELETE] = { "rand_delete", N_("Random delete"), N_("Delete"), DYNO_UNIT_OPS },
};

const char *
dyno_phase_id_to_string (DynoPhaseId id)
{
  g_return_val_if_fail (id < DYNO_N_PHASES, NULL);
  return phases[id].id;
}

gboolean
dyno_phase_id_from_string (const char *text, DynoPhaseId *out_id)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < DYNO_N_PHASES; i++)
    if (g_str_equal (text, phases[i].id))
      {
        if (out_id)
          *out_id = i;
        return TRUE;
      }
  return FALSE;
}

const char *
dyno_phase_title (DynoPhaseId id)
{
  g_return_val_if_fail (id < DYNO_N_PHASES, NULL);
  return g_dgettext (GETTEXT_PACKAGE, phases[id].title);
}

const char *
dyno_phase_short_title (DynoPhaseId id)
{
  g_return_val_if_fail (id < DYNO_N_PHASES, NULL);
  return g_dgettext (GETTEXT_PACKAGE, phases[id].short_title);
}

static const DynoPhaseGroup groups[] = {
  { N_("Sequential Output"), DYNO_PHASE_PUTC, DYNO_PHASE_REWRITE },
  { N_("Sequential Input"), DYNO_PHASE_GETC, DYNO_PHASE_READ },
  { N_("Random"), DYNO_PHASE_SEEKS, DYNO_PHASE_SEEKS },
  { N_("Sequential Create"), DYNO_PHASE_SEQ_CREATE, DYNO_PHASE_SEQ_DELETE },
  { N_("Random Create"), DYNO_PHASE_RAND_CREATE, DYNO_PHASE_RAND_DELETE },
};

const DynoPhaseGroup *
dyno_phase_get_groups (guint *n_groups)
{
  g_return_val_if_fail (n_groups != NULL, NULL);
  *n_groups = G_N_ELEMENTS (groups);
  return groups;
}

const char *
dyno_phase_group_title (const DynoPhaseGroup *group)
{
  g_return_val_if_fail (group != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, group->title);
}

DynoUnit
dyno_phase_unit (DynoPhaseId id)
{
  g_return_val_if_fail (id < DYNO_N_PHASES, DYNO_UNIT_BYTES);
  return phases[id].unit;
}

gboolean
dyno_phase_is_file_test (DynoPhaseId id)
{
  return (DYNO_PHASE_BIT (id) & DYNO_PHASES_FILES) != 0;
}

gboolean
dyno_phase_reads_data_file (DynoPhaseId id)
{
  return id == DYNO_PHASE_REWRITE || id == DYNO_PHASE_GETC || id == DYNO_PHASE_READ
         || id == DYNO_PHASE_SEEKS;
}

gboolean
dyno_phase_is_per_char (DynoPhaseId id)
{
  return id == DYNO_PHASE_PUTC || id == DYNO_PHASE_GETC;
}
