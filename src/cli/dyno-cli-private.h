/* dyno-cli-private.h: the subcommands of dyno-cli
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <signal.h>

#include "dyno-compare.h"
#include "dyno-import.h"
#include "dyno-report.h"
#ifdef DYNO_HAVE_CHARTS
#include "dyno-chart-style.h"
#include "dyno-compare-chart.h"
#endif

G_BEGIN_DECLS

enum
{
  DYNO_EXIT_OK = 0,
  DYNO_EXIT_FAILED = 1,
  DYNO_EXIT_USAGE = 2,
  DYNO_EXIT_INTERRUPTED = 130,
};

int  dyno_cli_run (int argc, char **argv);
int  dyno_cli_info (int argc, char **argv);
int  dyno_cli_list (int argc, char **argv);
int  dyno_cli_clean (int argc, char **argv);
int  dyno_cli_compare (int argc, char **argv);
int  dyno_cli_import (int argc, char **argv);
int  dyno_cli_export (int argc, char **argv);
int  dyno_cli_scan (int argc, char **argv);
int  dyno_cli_fill (int argc, char **argv);

/* dyno-cli-compare.c: what compare, import and export share */

/* Every run of every file (dyno_import_file); NULL after printing which file failed and why. */
GPtrArray  *dyno_cli_load_inputs (char **paths, DynoImportFormat format);
/* To the file (replaced whole) or, for NULL or "-", standard output; FALSE after a message. */
gboolean    dyno_cli_write_text (const char *path, const char *text);
/* The same for text people read (a text or Markdown table): on standard output, converted to
 * the locale's character set, as g_print () does. */
gboolean    dyno_cli_write_human_text (const char *path, const char *text);
/* Some target of the run has one of Bonnie's tests (bonnie++'s CSV can hold it). */
gboolean    dyno_cli_has_bonnie (DynoResult *result);
/* The text of an option taken as bytes (G_OPTION_ARG_FILENAME): as it is when UTF-8, else
 * converted from the locale's character set, else repaired with a warning naming the option.
 * Frees *value and replaces it; NULL stays NULL. */
void        dyno_cli_take_text_option (const char *option, char **value);
/* The message of a failed g_option_context_parse (); args: a copy of argv from before it, to
 * name the option whose value could not be converted to UTF-8. */
char       *dyno_cli_option_error (const GError *error, char **args);
/* "png", "svg" or "pdf" from a file name's extension, else NULL. */
const char *dyno_cli_image_format (const char *path);
/* "1200x675" in points; leaves the defaults for NULL; FALSE when malformed. */
gboolean    dyno_cli_parse_chart_size (const char *text, double *width, double *height);
/* The usage error of a build without cairo asked for a chart. */
int         dyno_cli_no_charts (const char *command);
/* dyno-cli-report.c: "report" (HTML) or "report-pdf" into *pdf; FALSE for anything else. */
gboolean    dyno_cli_report_format_from_string (const char *text, gboolean *pdf);
/* The comparison as a report to output ("-": standard output, HTML only); the exit status. */
int         dyno_cli_write_report (const char     *command,
                                   DynoComparison *comparison,
                                   gboolean        pdf,
                                   DynoRateUnit    unit,
                                   const char     *output);
#ifdef DYNO_HAVE_CHARTS
/* The light style with a font sized for an article. */
DynoChartStyle *dyno_cli_chart_style_new (DynoRateUnit unit);
/* Whether a chart can be drawn under this process's limits; says why not on stderr. */
gboolean    dyno_cli_check_render_room (void);
/* Whether the style's font draws text; says on stderr what to install when not. */
gboolean    dyno_cli_check_fonts (const DynoChartStyle *style);
/* Draws a comparison chart with its default title, subtitle and source line into path. */
int         dyno_cli_save_compare_chart (const char                    *command,
                                         const DynoComparison          *comparison,
                                         const DynoCompareChartOptions *options,
                                         DynoRateUnit                   unit,
                                         const char                    *title,
                                         double                         width,
                                         double                         height,
                                         const char                    *path);
#endif

/* A write to standard output failed with err; reported: a message already said so. The exit
 * status becomes 1 and, unless reported, a message says the output was lost. */
void dyno_cli_stdout_failed (int err, gboolean reported);
/* Whether something written to standard output was lost, after flushing what stdio holds;
 * dyno_cli_stdout_errno () says why (0 while nothing was). */
gboolean dyno_cli_stdout_lost (void);
int      dyno_cli_stdout_errno (void);

/* The signals that would end dyno-cli (dyno-cli-run.c): a command catches them all, cleans
 * up and exits with DYNO_EXIT_INTERRUPTED. */
#ifdef NSIG
#define DYNO_CLI_N_SIGNALS NSIG
#else
#define DYNO_CLI_N_SIGNALS 65
#endif

typedef struct
{
  gboolean caught[DYNO_CLI_N_SIGNALS];
  struct sigaction old[DYNO_CLI_N_SIGNALS];
} DynoCliSignals;

gboolean dyno_cli_is_terminating_signal (int signum);
void     dyno_cli_catch_signals (DynoCliSignals *state, void (*handler) (int));
void     dyno_cli_restore_signals (DynoCliSignals *state);

/* text as it may be printed on a terminal: invalid UTF-8 made valid, and control characters
 * (an escape sequence in a file name, a remote machine's output) written as \x1b, \n, …, so
 * that they cannot move the cursor, recolour or retitle the terminal. keep_newlines: a
 * message of several lines keeps its line breaks. */
char *dyno_cli_printable (const char *text, gboolean keep_newlines);

/* g_print () and g_printerr () of human-readable text, made printable: every control
 * character escaped, line breaks included, except the final one of the text. */
void dyno_cli_print (const char *format, ...) G_GNUC_PRINTF (1, 2);
void dyno_cli_printerr (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* UTF-8 text in the locale's character set, transliterated where it lacks a character
 * (g_print () and g_printerr () go through it); NULL when that is UTF-8. */
char *dyno_cli_to_console (const char *text);

/* Prints "dyno-cli: message" (and a hint to --help for usage errors) to stderr, printable,
 * on one line: a line break in the message is escaped as \n. */
void dyno_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);
int  dyno_cli_usage_error (const char *command, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The first empty string among names (NULL-terminated; names may be NULL), or -1. An empty
 * folder or file name is a usage error everywhere: canonicalized, "" became the current
 * folder, and `run -d ""` benchmarked it. */
int  dyno_cli_find_empty (char **names);
/* The usage error for an empty name given to what ("-d", "FILE", "--dir"). */
int  dyno_cli_empty_name_error (const char *command, const char *what);

G_END_DECLS
