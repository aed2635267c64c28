/* dyno-turns.h: the order of the rounds of targets that are not all in one runner
 *
 * Local targets are interleaved by their runner: A B B A, one workload for all. A run that
 * also has targets on other machines (docs/remote.md) cannot leave that to one runner: each
 * side (the local runner, each remote dyno-cli run --take-turns) opens and calibrates its
 * targets, says what it found and then does only what it is told. This is who tells: it
 * gathers every target's calibration, works out the one workload they all do
 * (dyno_calibrate_common_workload), orders the rounds A B B A across all the targets, one at a
 * time, adds rounds for precision as the runner does, and ends every side when the rounds are
 * done, when a target fails or when a side is lost. No I/O and no threads: DynoEngine feeds it
 * what the sides say and passes its orders on.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-stream.h"

G_BEGIN_DECLS

typedef struct _DynoTurns DynoTurns;

/* An order (a DYNO_STREAM_WORKLOAD, _ROUND or _END) for target, which the caller hands to the
 * side that has it. */
typedef void (*DynoTurnsOrderFunc) (guint target, const DynoStreamEvent *order, gpointer data);

/* epoch_ns: the run's start (dyno_now_ns ()), from which every time here is counted. */
DynoTurns *dyno_turns_new (const DynoConfig  *config,
                           guint              n_targets,
                           gint64             epoch_ns,
                           DynoTurnsOrderFunc order,
                           gpointer           data);
void       dyno_turns_free (DynoTurns *self);

/* What a side says: a target's calibration (a DYNO_STREAM_SIZED; target is the run's index) */
void       dyno_turns_sized (DynoTurns *self, guint target, const DynoStreamEvent *sized);
/* a finished phase (kept for precision, and for a target whose side is lost) */
void       dyno_turns_phase_finished (DynoTurns          *self,
                                      guint               target,
                                      const DynoPhase    *phase,
                                      const DynoPhaseRun *run);
/* the end of a round it was told to do (a DYNO_STREAM_ROUND_FINISHED: its error ends the
 * target, and with it the run) */
void       dyno_turns_round_finished (DynoTurns *self, guint target, const DynoStreamEvent *finished);
/* A side ended on its own: its targets are lost and the others are told to end. */
void       dyno_turns_lost (DynoTurns *self, guint target);
/* Starts: the first round, unless calibrations are awaited. */
void       dyno_turns_start (DynoTurns *self);

/* The target has said what its calibration found, or was lost: the next side may calibrate
 * (one at a time, so that two calibrations on one disk do not slow each other). */
gboolean   dyno_turns_is_sized (DynoTurns *self, guint target);
/* The target whose round is under way. */
guint      dyno_turns_get_current (DynoTurns *self);
gboolean   dyno_turns_get_ended (DynoTurns *self);
/* Seconds to add to the times the target's side counts (from its own start) for the round
 * repeat, so that they count from epoch_ns: when the round was ordered, less when it started
 * there. NAN when that round's start is not known. */
double     dyno_turns_get_offset (DynoTurns *self, guint target, guint repeat);
/* The phases the target finished (DynoPhaseResult*), taken once. */
GPtrArray *dyno_turns_take_phases (DynoTurns *self, guint target);

G_END_DECLS
