/* dyno-calibrate.h: sizing a target's run from short measurements (see dyno-calibrate.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-run-private.h"

G_BEGIN_DECLS

/* Sets run->io_size, per_char_size, files_total, seeks and phase_time for the target the run
 * is on: the configuration's, or for what it leaves to calibration (dyno_config_is_auto) what
 * short measurements in the scratch folder call for. Records what was chosen and why in
 * sizing. Needs the scratch folder and run->buffer. */
/* Some size of this configuration is calibrated: dyno_calibrate will measure first. */
gboolean dyno_calibrate_needed (const DynoConfig *config);
gboolean dyno_calibrate (DynoRun *run, const DynoTargetInfo *info, DynoSizing *sizing,
                         GError **error);

G_END_DECLS
