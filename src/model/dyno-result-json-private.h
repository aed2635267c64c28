/* dyno-result-json-private.h: what the result writer and reader share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "dyno-enum.h"
#include "dyno-model-enums.h"
#include "dyno-phase.h"

G_BEGIN_DECLS

static const char *const dyno_result_sample_fields[] = {
  "t",       "phase_t",  "target",     "repeat",   "phase",      "done",     "rate",
  "process_cpu", "sys_user", "sys_system", "sys_iowait", "sys_idle", "progress",
};

typedef enum
{
  COLUMN_T,
  COLUMN_PHASE_T,
  COLUMN_TARGET,
  COLUMN_REPEAT,
  COLUMN_PHASE,
  COLUMN_DONE,
  COLUMN_RATE,
  COLUMN_PROCESS_CPU,
  COLUMN_SYS_USER,
  COLUMN_SYS_SYSTEM,
  COLUMN_SYS_IOWAIT,
  COLUMN_SYS_IDLE,
  COLUMN_PROGRESS,
  N_COLUMNS,
  COLUMN_UNKNOWN = N_COLUMNS,
} Column;

G_STATIC_ASSERT (G_N_ELEMENTS (dyno_result_sample_fields) == N_COLUMNS);

/* "B/s" or "ops/s": a phase's "unit" in a file. */
static inline const char *
dyno_result_unit_to_string (DynoUnit unit)
{
  return dyno_enum_to_nick (DYNO_TYPE_UNIT, unit);
}

/* The reader's checks, for the options' own JSON (dyno-option.h): where.name in messages
 * (name may be NULL), DYNO_ERROR_BAD_FORMAT. */
gboolean    dyno_json_fail (GError **error, const char *where, const char *name,
                            const char *format, ...) G_GNUC_PRINTF (4, 5);
const char *dyno_json_describe (JsonNode *node);
/* Absent or null: *out is left alone. */
gboolean    dyno_json_read_uint64 (JsonNode *node, const char *where, const char *name,
                                   guint64 min, guint64 max, guint64 *out, GError **error);

G_END_DECLS
