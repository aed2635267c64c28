/* dyno-kind-files.c: bonnie++'s file tests, create, stat and delete of many small files in
 * name order and at random (how they run: src/bench/phases/dyno-phase-files.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-files-options.h"
#include "dyno-phase-kind.h"

static const DynoPhaseGroup group_seq_create = {
  "seq-create", N_("Sequential Create"), N_("Seq Create")
};
static const DynoPhaseGroup group_rand_create = {
  "rand-create", N_("Random Create"), N_("Rand Create")
};

#define FILES (DYNO_PHASE_BONNIE | DYNO_PHASE_FILE_TEST)

static const DynoPhaseKind seq_create = {
  .nick = "seq_create",
  .title = N_("Sequential create"),
  .short_title = N_("Create"),
  .group = &group_seq_create,
  .unit = DYNO_UNIT_OPS,
  .flags = FILES,
  .options = &dyno_files_option_set,
  .blurb = N_("Creates the small files in name order"),
  .chart_name = NC_("chart phase", "Seq create"),
  .color = 6,
};

static const DynoPhaseKind seq_stat = {
  .nick = "seq_stat",
  .title = N_("Sequential stat"),
  /* One name everywhere Dyno names it; bonnie++'s tables call its column "Read". */
  .short_title = N_("Stat"),
  .table_title = "Read",
  .group = &group_seq_create,
  .unit = DYNO_UNIT_OPS,
  .flags = FILES | DYNO_PHASE_REPEATABLE,
  .options = &dyno_files_option_set,
  .blurb = N_("Looks up the files in name order"),
  .chart_name = NC_("chart phase", "Seq stat"),
  .color = 7,
};

static const DynoPhaseKind seq_delete = {
  .nick = "seq_delete",
  .title = N_("Sequential delete"),
  .short_title = N_("Delete"),
  .group = &group_seq_create,
  .unit = DYNO_UNIT_OPS,
  .flags = FILES,
  .options = &dyno_files_option_set,
  .blurb = N_("Deletes the files in name order"),
  .chart_name = NC_("chart phase", "Seq delete"),
  .color = 8,
};

static const DynoPhaseKind rand_create = {
  .nick = "rand_create",
  .title = N_("Random create"),
  .short_title = N_("Create"),
  .group = &group_rand_create,
  .unit = DYNO_UNIT_OPS,
  .flags = FILES,
  .options = &dyno_files_option_set,
  .blurb = N_("Creates the small files in random order"),
  .chart_name = NC_("chart phase", "Rand create"),
  .color = 9,
};

static const DynoPhaseKind rand_stat = {
  .nick = "rand_stat",
  .title = N_("Random stat"),
  /* One name everywhere Dyno names it; bonnie++'s tables call its column "Read". */
  .short_title = N_("Stat"),
  .table_title = "Read",
  .group = &group_rand_create,
  .unit = DYNO_UNIT_OPS,
  .flags = FILES | DYNO_PHASE_REPEATABLE,
  .options = &dyno_files_option_set,
  .blurb = N_("Looks up the files in random order"),
  .chart_name = NC_("chart phase", "Rand stat"),
  .color = 10,
};

static const DynoPhaseKind rand_delete = {
  .nick = "rand_delete",
  .title = N_("Random delete"),
  .short_title = N_("Delete"),
  .group = &group_rand_create,
  .unit = DYNO_UNIT_OPS,
  .flags = FILES,
  .options = &dyno_files_option_set,
  .blurb = N_("Deletes the files in random order"),
  .chart_name = NC_("chart phase", "Rand delete"),
  .color = 11,
};

DYNO_KIND_FILE (files, &seq_create, &seq_stat, &seq_delete, &rand_create, &rand_stat,
                &rand_delete);
