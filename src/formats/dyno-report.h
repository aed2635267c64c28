/* dyno-report.h: results as text people read and CSV other tools read
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-rate-unit.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* A Bonnie-style table: one block per target, rates and %CPU, latency rows, "+++++" marks
 * with a footnote, repeat statistics (mean ± sd) when repeats > 1, then the warnings. */
char *dyno_report_text (DynoResult *result, DynoRateUnit unit);

/* bonnie++ 1.98 CSV (50 fields), one line per target and repeat, as Debian's bon_csv2txt and
 * bon_csv2html read it; header adds bonnie++'s -x header line (with its field names fixed). */
char *dyno_report_csv (DynoResult *result, gboolean header);
char *dyno_report_csv_line (DynoResult *result, guint target, guint repeat);

/* The queued tests as CSV with a header line: one line per target and test, with the mean,
 * 95 % interval and best run in MB/s (10^6 B/s), IOPS, latency in µs and CPU per GB. */
char *dyno_report_queued_csv (DynoResult *result);

G_END_DECLS
