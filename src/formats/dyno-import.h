/* dyno-import.h: results from other tools and other machines
 *
 * bonnie++ CSV (1.03: 27 fields; 1.96/1.97: 48; 1.98/2.00: 50), bonnie++ text tables (1.03 and
 * 1.9x/2.00 layouts, as printed or pasted into a blog post), Bonnie text tables (Tim Bray's
 * K/sec and M/sec layouts, several machines per table), CrystalDiskMark's text exports (the
 * layouts of 3.x, 5.x/6.x, 7.x and 8.x/9.x), KDiskMark's (1.6 to 3.x), fio's JSON and JSON+
 * output (fio 2.x and 3.x, local or client/server) and Dyno's own result files. Text may be
 * UTF-8 or UTF-16 (with or without a byte order mark), with any line breaks.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-result.h"

G_BEGIN_DECLS

/* The nicks are dyno-cli import's --format and a result's provenance (DYNO_TYPE_IMPORT_FORMAT,
 * dyno-formats-enums.h). */
typedef enum
{
  DYNO_IMPORT_AUTO,          /*< nick=auto >*/
  DYNO_IMPORT_DYNO_JSON,     /*< nick=dyno >*/
  DYNO_IMPORT_BONNIEPP_CSV,  /*< nick=bonnie++-csv >*/
  DYNO_IMPORT_BONNIEPP_TEXT, /*< nick=bonnie++-text >*/
  DYNO_IMPORT_BONNIE_TEXT,   /*< nick=bonnie-text >*/
  DYNO_IMPORT_CDM_TEXT,      /*< nick=crystaldiskmark >*/
  DYNO_IMPORT_KDM_TEXT,      /*< nick=kdiskmark >*/
  DYNO_IMPORT_FIO_JSON,      /*< nick=fio-json >*/
} DynoImportFormat;

/* Every run found in data, as DynoResult objects (one per CSV line, table row, CrystalDiskMark
 * or KDiskMark report, or fio target and host), each with its tool and provenance
 * ("bonnie++ 1.98 CSV, line 3 of run.csv", "CrystalDiskMark 8.0.4 text export, run.txt")
 * set. All or nothing: on error returns NULL and says what was expected and on which line (for
 * JSON: which member) it failed.
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
