/* dyno-plan.h: what a configuration has a run do, known before anything is measured
 *
 * The engine counts the phases for its progress, the estimate prices them, the turns and the
 * runner ask whether a target is calibrated first: all from the configuration alone. These
 * live apart from the runner and the calibration, which work on a run's state, so that the
 * queue and its estimate (dyno-run-shared.c, dyno-estimate.c) need neither.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-config.h"

G_BEGIN_DECLS

/* A phase of the configuration a target runs (file tests need files to test). */
gboolean dyno_plan_selects (const DynoConfig *config, const DynoPhase *phase);
/* The phases a target runs, over all its repeats. */
guint    dyno_plan_count_phases (const DynoConfig *config);
/* Some size of this configuration is calibrated: dyno_calibrate () will measure first. */
gboolean dyno_plan_calibrates (const DynoConfig *config);

G_END_DECLS
