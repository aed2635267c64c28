/* dyno-runner.h: the body of a run, executed on a worker thread
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-config.h"
#include "dyno-result.h"
#include "dyno-run-shared.h"

G_BEGIN_DECLS

/* FALSE with a message when the configuration holds a phase this build cannot run. */
gboolean    dyno_runner_check_config (const DynoConfig *config, GError **error);
DynoResult *dyno_runner_run (const DynoConfig   *config,
                             const char * const *targets,
                             DynoRunShared      *shared,
                             GCancellable       *cancellable,
                             guint               sample_interval_ms,
                             GError            **error);

G_END_DECLS
