/* dyno-profile.h: CrystalDiskMark's profiles as lists of queued phases
 *
 * A profile names a set of tests that people compare with one another: "Default" is the grid
 * CrystalDiskMark prints (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, each read and
 * write). Each test is a queued phase kind with parameters (dyno-phase.h), so a profile is
 * only a list of keys; with mix, every test also runs as a mix of reads and writes.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dyno-phase.h"

G_BEGIN_DECLS

typedef struct
{
  const char *nick;                /* "default", "nvme", "peak", "real-world" */
  const char *title;               /* untranslated: dyno_profile_get_title translates */
  const char *const *tests;        /* "seq:1m:q8:t1": pattern, block, queue depth, threads */
} DynoProfile;

/* What a profile's run does unless asked otherwise, as CrystalDiskMark does: each test
 * measures for 5 s after 5 s of rest, 5 times. */
#define DYNO_PROFILE_PHASE_TIME 5.0
#define DYNO_PROFILE_INTERVAL 5.0
#define DYNO_PROFILE_REPEAT 5
/* CrystalDiskMark's [Mix]: 70 % reads */
#define DYNO_PROFILE_MIX_READ_PERCENT 70

const DynoProfile *const *dyno_profiles (guint *n_profiles);
/* By nick, case-insensitive, "real_world" and "realworld" too; NULL when unknown. */
const DynoProfile        *dyno_profile_lookup (const char *nick);
const char               *dyno_profile_get_title (const DynoProfile *profile);
/* "default, nvme, peak, real-world" for a message. */
char                     *dyno_profile_describe_names (void);
/* The phases (const DynoPhase *) in execution order: reads, writes, then, with mix, the
 * mixes of read_percent reads (0: CrystalDiskMark's 70 %). */
GPtrArray                *dyno_profile_get_phases (const DynoProfile *profile,
                                                   gboolean           mix,
                                                   guint              read_percent);
/* The profile whose phases these are exactly (with or without mixes), or NULL. */
const DynoProfile        *dyno_profile_find (GPtrArray *phases);

G_END_DECLS
