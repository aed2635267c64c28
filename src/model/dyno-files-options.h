/* dyno-files-options.h: the file tests' own option, bonnie++'s -n NUM[:MAX[:MIN[:DIRS]]]
 *
 * Declared with the six file-test kinds (their DynoPhaseKind.options), as a fio engine
 * declares its options: -n on the command line, "files-spec" in the app's settings, the
 * "files" object of a result file. Its values live in the configuration's block for this set.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-option.h"

G_BEGIN_DECLS

#define DYNO_DEFAULT_FILES 16
#define DYNO_MAX_FILES_NUM 16384
#define DYNO_MAX_FILES_DIRS 99999
#define DYNO_FILES_LINK (-1)    /* -n N:-1: hard links to one file */
#define DYNO_FILES_SYMLINK (-2) /* -n N:-2: symbolic links to one file */
/* The count of files: calibrated per target from a create calibration */
#define DYNO_AUTO_FILES DYNO_AUTO_KIND (0)

typedef struct
{
  guint num;   /* the file tests create num × 1024 files */
  gint64 max;  /* bytes; 0 = empty files; DYNO_FILES_LINK / DYNO_FILES_SYMLINK */
  gint64 min;  /* bytes */
  guint dirs;  /* spread files over this many directories */
} DynoFilesOptions;

extern const DynoOptionSet dyno_files_option_set;

/* The file tests' values in config (never NULL; change them through it). */
DynoFilesOptions *dyno_config_get_files (const DynoConfig *config);
guint64           dyno_config_get_files_total (const DynoConfig *config);
/* Some file test is selected and there are files to test. */
gboolean          dyno_config_has_file_tests (const DynoConfig *config);

/* bonnie++'s -n num[:max[:min[:dirs]]]; max may be "link" or "symlink" (or -1/-2). */
gboolean dyno_parse_files_spec (const char *text, DynoConfig *config, GError **error);
char    *dyno_format_files_spec (const DynoConfig *config);

G_END_DECLS
