/* dyno-rate-unit.h: the unit byte rates are shown in (results always store B/s)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The nicks are dyno-cli's --unit and the app's "rate-unit" setting (which has the first two). */
typedef enum
{
  DYNO_RATE_UNIT_MB,  /*< nick=mb >*/  /* 10^6 B/s, the default */
  DYNO_RATE_UNIT_MIB, /*< nick=mib >*/ /* 2^20 B/s */
  DYNO_RATE_UNIT_KIB, /*< nick=kib >*/ /* 2^10 B/s, as bonnie++ */
} DynoRateUnit;

/* Bytes per second in one unit: 1e6, 1048576, 1024. */
double      dyno_rate_unit_scale (DynoRateUnit unit);
/* "MB/s", "MiB/s", "K/sec" */
const char *dyno_rate_unit_label (DynoRateUnit unit);
/* "mb", "mib", "kib", in any case */
gboolean    dyno_rate_unit_from_string (const char *text, DynoRateUnit *out);

G_END_DECLS
