/* dyno-report-private.h: what the text report's parts share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-rate-unit.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* dyno-report-queued.c: the target ran queued tests / its block in CrystalDiskMark's layout */
gboolean dyno_report_has_queued (const DynoTargetResult *target);
void     dyno_report_append_queued (GString *out, DynoResult *result, const DynoTargetResult *target);
/* dyno-report-other.c: the target ran phases of kinds with no table (neither Bonnie's nor
 * queued) / their section of their own */
gboolean dyno_report_has_other (const DynoTargetResult *target);
void     dyno_report_append_other (GString *out, DynoResult *result, const DynoTargetResult *target,
                                   DynoRateUnit unit);

G_END_DECLS
