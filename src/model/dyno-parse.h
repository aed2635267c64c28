/* dyno-parse.h: the text forms people type: sizes, test lists (the -n spec: dyno-files-options.h;
 * a configuration's tests: dyno_format_tests, dyno-config.h)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-phase.h"

G_BEGIN_DECLS

/* "4096", "64k", "512M", "1.5G", "2T": 1024-based, case-insensitive, optional "iB"/"B". */
gboolean dyno_parse_size (const char *text, guint64 *out_bytes, GError **error);
gboolean dyno_parse_count (const char *text, guint min, guint max, guint *out, GError **error);
/* A number as a person types it: digits with at most one decimal separator, the C point or
 * the locale's own (the comma of "1500,50" in German). Never hex, an exponent, a sign, inf
 * or nan: strtod takes them all, and none is a price, a time or a percentage anyone types.
 * FALSE when text is anything else. */
gboolean dyno_parse_decimal (const char *text, double *out);
/* Comma-separated phase keys or groups: all, io, block, char, files, create, stat, delete,
 * and phases with parameters ("rnd-read:4k:q32:t1"). out: const DynoPhase *, in the order and
 * without the repeats of the text. */
gboolean dyno_parse_tests (const char *text, GPtrArray **out_phases, GError **error);

char    *dyno_format_size (guint64 bytes);
/* Rates for people: MB/s = 10^6 B/s, as disks are sold; ops/s for seeks and files. */
char    *dyno_format_rate (double rate, DynoUnit unit);
char    *dyno_format_duration (double seconds);
char    *dyno_format_latency (double seconds);

G_END_DECLS
