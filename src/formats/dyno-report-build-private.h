/* dyno-report-build-private.h: what the two halves of the report's builder share
 *
 * dyno-report-build.c writes the answer, the figures and the charts; dyno-report-setup.c what
 * was measured, the machine, the method and the command line.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-report-doc.h"

G_BEGIN_DECLS

/* The entries' results, each once, in entry order (DynoResult *, not owned). */
GPtrArray *dyno_report_results (DynoComparison *comparison);

/* "Block write" in a sentence's case is the paired text's business; these are titles. */
const char *dyno_report_unit_label (const DynoPhase *phase, DynoRateUnit unit);

/* dyno-report-setup.c */
void dyno_report_add_targets (DynoReportDoc *doc);
void dyno_report_add_machine (DynoReportDoc *doc);
void dyno_report_add_method (DynoReportDoc *doc);
void dyno_report_add_command (DynoReportDoc *doc);

G_END_DECLS
