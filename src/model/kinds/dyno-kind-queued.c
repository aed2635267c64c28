/* dyno-kind-queued.c: CrystalDiskMark's queued tests, sequential and random reads, writes and
 * mixes of a block size at a queue depth on some threads (how they run:
 * src/bench/phases/dyno-phase-queued.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-phase-kind.h"

/* CrystalDiskMark's sections */
static const DynoPhaseGroup group_read = { "read", N_("Read"), N_("Read") };
static const DynoPhaseGroup group_write = { "write", N_("Write"), N_("Write") };
static const DynoPhaseGroup group_mix = { "mix", N_("Mix"), N_("Mix") };

#define QUEUED (DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE)
#define QUEUED_PARAMS                                                                             \
  (DYNO_PHASE_PARAM_BLOCK | DYNO_PHASE_PARAM_QUEUE_DEPTH | DYNO_PHASE_PARAM_THREADS)
#define MIX_PARAMS (QUEUED_PARAMS | DYNO_PHASE_PARAM_READ_PERCENT)

/* Their colours are those of kinds they never share a plot with (the operations'), so that
 * they stay apart from Bonnie's byte phases, with which a run may draw them.
 *
 * Reads before writes, as CrystalDiskMark runs them. The short titles are CrystalDiskMark's,
 * to which a phase adds its block size and queue ("RND4K Q32T1"). */
static const DynoPhaseKind seq_read = {
  .nick = "seq-read",
  .title = N_("Sequential read"),
  .short_title = N_("SEQ"),
  .group = &group_read,
  .unit = DYNO_UNIT_BYTES,
  .flags = QUEUED,
  .params = QUEUED_PARAMS,
  .defaults = { 1 << 20, 8, 1, 0 },
  .pattern = "seq",
  .op = "read",
  .blurb = N_("Reads large blocks in order, several in flight"),
  .color = 7,
};

static const DynoPhaseKind rnd_read = {
  .nick = "rnd-read",
  .title = N_("Random read"),
  .short_title = N_("RND"),
  .group = &group_read,
  .unit = DYNO_UNIT_BYTES,
  .flags = QUEUED,
  .params = QUEUED_PARAMS,
  .defaults = { 4096, 32, 1, 0 },
  .pattern = "rnd",
  .op = "read",
  .blurb = N_("Reads small blocks at random places, several in flight"),
  .color = 6,
};

static const DynoPhaseKind seq_write = {
  .nick = "seq-write",
  .title = N_("Sequential write"),
  .short_title = N_("SEQ"),
  .group = &group_write,
  .unit = DYNO_UNIT_BYTES,
  .flags = QUEUED,
  .params = QUEUED_PARAMS,
  .defaults = { 1 << 20, 8, 1, 0 },
  .pattern = "seq",
  .op = "write",
  .blurb = N_("Writes large blocks in order, several in flight"),
  .color = 8,
};

static const DynoPhaseKind rnd_write = {
  .nick = "rnd-write",
  .title = N_("Random write"),
  .short_title = N_("RND"),
  .group = &group_write,
  .unit = DYNO_UNIT_BYTES,
  .flags = QUEUED,
  .params = QUEUED_PARAMS,
  .defaults = { 4096, 32, 1, 0 },
  .pattern = "rnd",
  .op = "write",
  .blurb = N_("Writes small blocks at random places, several in flight"),
  .color = 9,
};

static const DynoPhaseKind seq_mix = {
  .nick = "seq-mix",
  .title = N_("Sequential mix"),
  .short_title = N_("SEQ"),
  .group = &group_mix,
  .unit = DYNO_UNIT_BYTES,
  .flags = QUEUED,
  .params = MIX_PARAMS,
  .defaults = { 1 << 20, 8, 1, 70 },
  .pattern = "seq",
  .op = "mix",
  .blurb = N_("Reads and writes large blocks in order, in a set share, several in flight"),
  .color = 5,
};

static const DynoPhaseKind rnd_mix = {
  .nick = "rnd-mix",
  .title = N_("Random mix"),
  .short_title = N_("RND"),
  .group = &group_mix,
  .unit = DYNO_UNIT_BYTES,
  .flags = QUEUED,
  .params = MIX_PARAMS,
  .defaults = { 4096, 32, 1, 70 },
  .pattern = "rnd",
  .op = "mix",
  .blurb = N_("Reads and writes small blocks at random places, in a set share, several in "
              "flight"),
  .color = 10,
};

DYNO_KIND_FILE (queued, &seq_read, &rnd_read, &seq_write, &rnd_write, &seq_mix, &rnd_mix);
