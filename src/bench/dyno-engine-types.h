/* dyno-engine-types.h: where a run stands, and how much a message to the person matters
 *
 * DynoEngine hands these to its callers (dyno-engine.h), and the worker side makes them: the
 * shared queue keeps the status (dyno-run-shared.h), the runner says messages at a level
 * (dyno_run_message ()). They have a header of their own so that the worker side needs
 * nothing of the engine's.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-phase.h"

G_BEGIN_DECLS

/* Where a run stands; a snapshot, safe to take from the thread that started the run. */
typedef struct
{
  gboolean running;
  guint target;          /* index of the target being measured */
  guint n_targets;
  guint repeat;
  const DynoPhase *phase; /* NULL between phases */
  double phase_progress; /* 0..1 */
  double progress;       /* 0..1 over the whole run */
  double elapsed;        /* seconds since the run started */
  double remaining;      /* estimate in seconds; NAN while unknown */
  double rate;           /* the latest sample's rate */
} DynoStatus;

typedef enum
{
  DYNO_MESSAGE_INFO,
  DYNO_MESSAGE_WARNING,
} DynoMessageLevel;

G_END_DECLS
