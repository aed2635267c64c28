/* dyno-preflight.h: refuse a run that cannot work, and say what the figures will mean
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-config.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* Bytes of free space a run of config needs on one target, margin included. */
guint64  dyno_preflight_space_needed (const DynoConfig *config);
/* FALSE with a DYNO_ERROR that says what is wrong with the target and what to do (the caller
 * names the target). ram_bytes: the RAM the size note compares with; 0 for this machine's. Appends translated notes (what the figures mean) and warnings (what may
 * make them wrong, fallbacks) to the arrays that are not NULL. */
gboolean dyno_preflight_check (const DynoConfig     *config,
                               const DynoTargetInfo *info,
                               guint64               ram_bytes,
                               GPtrArray            *notes,
                               GPtrArray            *warnings,
                               GError              **error);

/* The memory the queued tests' buffers take, T × Q × block for the largest of them, against
 * half the RAM (ram_bytes; 0 for this machine's) and the address-space limit (RLIMIT_AS):
 * FALSE with a DYNO_ERROR_INVALID_ARGUMENT that names the test and the sizes when it does not
 * fit, so that a plan that cannot run is refused before it starts (it aborted, or grew to
 * 8.4 GB, and left its scratch folder). */
gboolean dyno_preflight_check_memory (const DynoConfig *config,
                                      guint64           ram_bytes,
                                      GError          **error);

/* What a data file of file_size bytes means against the RAM (evicted, bypassed, or likely read
 * from RAM under "none"), into notes and warnings; ram_bytes 0 for this machine's. */
void     dyno_preflight_size_notes (const DynoConfig *config,
                                    guint64           file_size,
                                    guint64           ram_bytes,
                                    GPtrArray        *notes,
                                    GPtrArray        *warnings);

G_END_DECLS
