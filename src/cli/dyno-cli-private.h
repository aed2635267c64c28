/* dyno-cli-private.h: the subcommands of dyno-cli
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

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

/* Prints "dyno-cli: message" (and a hint to --help for usage errors) to stderr. */
void dyno_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);
int  dyno_cli_usage_error (const char *command, const char *format, ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
