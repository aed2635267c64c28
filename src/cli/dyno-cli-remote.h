/* dyno-cli-remote.h: runs on other machines over SSH (docs/remote.md)
 *
 * A target ssh://[user@]host[:port]/path or [user@]host:/path is measured by the dyno-cli of
 * that machine: Dyno runs `ssh -T … host -- dyno-cli run --stream …` and follows the stream
 * (dyno-stream.h), so nothing but dyno-cli needs to be installed there.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dyno-rate-unit.h"
#include "dyno-remote-target.h"

G_BEGIN_DECLS

/* Some of the -d folders is ssh://… or host:/… */
gboolean dyno_cli_remote_any_target (char **dirs);

/* `dyno-cli run` with remote targets; args: run's argv from before option parsing, whose
 * options (but -d, --json, --csv, --stream, --quiet, --unit, --remote-cli, --price and
 * --parallel) go to the remote dyno-cli. price_amounts (double) and price_currencies (char *):
 * --price, once for all or once per -d, set here on each machine's result; may be empty.
 * parallel: several remote targets, each run at the same time on its
 * machine, then a table of their sums; with stream, one stream of every machine's events, each
 * with "host", then their results and an "aggregate" line per phase (docs/remote.md). */
int dyno_cli_run_remote (char           **args,
                         char           **dirs,
                         const char      *remote_cli,
                         const char      *json,
                         gboolean         csv,
                         gboolean         stream,
                         gboolean         quiet,
                         gboolean         paired,
                         gboolean         parallel,
                         guint            repeat,
                         GArray          *price_amounts,
                         GPtrArray       *price_currencies,
                         DynoRateUnit     unit);

/* `dyno-cli info ssh://host/path`: the remote `dyno-cli info --json`, printed as it came with
 * json, else as the table of a local folder. */
int dyno_cli_info_remote (const char *target, const char *remote_cli, gboolean json);
/* dyno-cli-info.c: that JSON as the table; the exit status of info for it. */
int dyno_cli_info_print_remote (const char *target, JsonObject *info);

/* Cancels cancellable when standard input reaches its end or hangs up (the ssh connection of
 * a remote run went away). Attached to the default main context; g_source_destroy () and
 * g_source_unref () the source returned when the run is over. */
GSource *dyno_cli_watch_stdin (GCancellable *cancellable);

G_END_DECLS
