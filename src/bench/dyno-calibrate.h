/* dyno-calibrate.h: sizing a target's run from short measurements (see dyno-calibrate.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-config.h"
#include "dyno-result.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* The worker's state (dyno-run-private.h): only dyno_calibrate () needs it, so the engine and
 * the turns, which use the rest, need not see it. */
typedef struct _DynoRun DynoRun;

/* Sets run->io_size, per_char_size, files_total, the kinds' counts and phase_time for the
 * target the run is on: the configuration's, or for what it leaves to calibration
 * (dyno_config_is_auto) what short measurements in the scratch folder call for, and what each
 * selected kind's sizing hook chooses from them. Records what was chosen and why in sizing.
 * Needs the scratch folder and run->buffer. */
gboolean dyno_calibrate (DynoRun *run, const DynoTargetInfo *info, DynoSizing *sizing,
                         GError **error);
/* One workload for the n targets of a run, so that a comparison of them compares the same
 * work: from each one's calibration (each[i], as dyno_calibrate filled it) and volume
 * (infos[i]), the sizes the fastest rate of each kind calls for, capped by the least free
 * space and inodes, by the same rules as dyno_calibrate's. Sizes the configuration gives stay
 * as given. Each sizing keeps its own rates; its sizes and reason become the shared ones.
 * No I/O: the runner applies *out to every target. */
void dyno_calibrate_common (const DynoConfig *config,
                            DynoSizing *const *each,
                            const DynoTargetInfo *const *infos,
                            guint n,
                            DynoWorkload *out);
/* The two halves of dyno_calibrate_common, for targets that are not all in one runner (a run
 * across machines, whose engine gathers every target's sizing): the workload, with the reason
 * shared by all (translated; free it) ... */
char *dyno_calibrate_common_workload (const DynoConfig *config,
                                      const DynoSizing *const *each,
                                      const DynoTargetInfo *const *infos,
                                      guint n,
                                      DynoWorkload *out);
/* ... and what it makes of one target's sizing: w's sizes, and reason with what the target
 * alone would have called for. */
void  dyno_calibrate_adopt (const DynoConfig *config,
                            const DynoWorkload *w,
                            const char *reason,
                            DynoSizing *sizing);

G_END_DECLS
