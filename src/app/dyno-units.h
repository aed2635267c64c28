/* dyno-units.h: rates in the unit people chose, and the machine's RAM
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-phase.h"
#include "dyno-report.h"

G_BEGIN_DECLS

/* The "rate-unit" key as a DynoRateUnit (MB or MiB). */
DynoRateUnit dyno_units_get_rate_unit (GSettings *settings);
/* The "equivalence-margin" key as a share: 0.05 for 5 %. */
double       dyno_units_get_equivalence (GSettings *settings);
/* "123 MB/s", "118 MiB/s", "4210 ops/s", "—" for NAN. */
char        *dyno_units_format_rate (double rate, DynoUnit unit, DynoRateUnit rate_unit);
/* The rate without its unit, for table cells under a unit heading. */
char        *dyno_units_format_rate_value (double rate, DynoUnit unit, DynoRateUnit rate_unit);
const char  *dyno_units_rate_label (DynoUnit unit, DynoRateUnit rate_unit);
/* "12 %", "—" for NAN */
char        *dyno_units_format_percent (double percent);
/* Physical RAM from sysconf: no file I/O, so the main thread may ask. 0 when unknown. */
guint64      dyno_units_get_ram_bytes (void);
/* "1 Dec 2026, 21:05" in local time, as the app writes every date; NULL for NULL. */
char        *dyno_units_format_time (GDateTime *time);
/* The shortest exact text dyno_parse_size reads back: "1G", "16M", "12345". */
char        *dyno_units_size_to_text (guint64 bytes);

G_END_DECLS
