/* dyno-cli-fill.h: fill documents in the commands that read files (dyno-cli-fill-files.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DYNO_CLI_FILL_NONE,  /* no fill among the files */
  DYNO_CLI_FILL_ALL,   /* every file is a fill */
  DYNO_CLI_FILL_MIXED, /* some are */
} DynoCliFillKind;

/* Which of paths hold fill documents (dyno_fill_file_sniff ()). */
DynoCliFillKind dyno_cli_fill_inputs (char **paths);
/* The error for fills given with runs; returns the exit status. */
int             dyno_cli_fill_mixed_error (const char *command);
/* Every fill of paths (DynoFillResult *), or NULL after saying which file failed and why. */
GPtrArray      *dyno_cli_fill_load (char **paths);

/* `compare` of fills: format NULL, "text", "md", "csv" or "json" for a table, or chart
 * "overlay" into output (.png, .svg, .pdf). */
int             dyno_cli_fill_compare (char       **paths,
                                       const char  *format,
                                       const char  *chart,
                                       const char  *output,
                                       const char  *title,
                                       double       width,
                                       double       height);
/* `export` of one fill: format "png", "svg", "pdf", "text", "md", "csv" or "json". */
int             dyno_cli_fill_export (const char *path,
                                      const char *format,
                                      const char *output,
                                      const char *title,
                                      double      width,
                                      double      height);

G_END_DECLS
