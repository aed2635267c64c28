/* dyno-import.h: results from other tools and other machines
 *
 * bonnie++ CSV (1.03: 27 fields; 1.96/1.97: 48; 1.98/2.00: 50), bonnie++ text tables (1.03 and
 * 1.9x/2.00 layouts, as printed or pasted into a blog post), Bonnie text tables (Tim Bray's
 * K/sec and M/sec layouts, several machines per table) and Dyno's own result files.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-result.h"

G_BEGIN_DECLS

typedef enum
{
  DYNO_IMPORT_AUTO,
  DYNO_IMPORT_DYNO_JSON,
  DYNO_IMPORT_BONNIEPP_CSV,
  DYNO_IMPORT_BONNIEPP_TEXT,
  DYNO_IMPORT_BONNIE_TEXT,
} DynoImportFormat;

/* Every run found in data, as DynoResult objects (one per CSV line or table row), each with
 * its tool and provenance ("bonnie++ 1.98 CSV, line 3 of run.csv") set. All or nothing: on
 * error returns NULL and says what was expected and on which line it failed.
 * source_name names the input in messages and provenance (a file name, or "clipboard"). */
GPtrArray  *dyno_import_data (const char       *data,
                              gsize             length,
                              DynoImportFormat  format,
                              const char       *source_name,
                              GError          **error);
GPtrArray  *dyno_import_file (const char *path, DynoImportFormat format, GError **error);
DynoImportFormat dyno_import_detect (const char *data, gsize length);
const char *dyno_import_format_to_string (DynoImportFormat format);
gboolean    dyno_import_format_from_string (const char *text, DynoImportFormat *out);

G_END_DECLS
