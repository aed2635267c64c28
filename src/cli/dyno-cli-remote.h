/* dyno-cli-remote.h: runs with folders on other machines, over SSH (docs/remote.md)
 *
 * A target ssh://[user@]host[:port]/path or [user@]host:/path is measured by the dyno-cli of
 * that machine, which DynoEngine runs over ssh and follows (dyno-remote-run.h), as the app
 * does: the run goes through the engine (dyno-cli-remote-run.c), and dyno-cli-remote.c prints
 * what it says.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dyno-engine.h"
#include "dyno-rate-unit.h"
#include "dyno-remote-target.h"

G_BEGIN_DECLS

/* Some of the -d folders is ssh://… or host:/… */
gboolean dyno_cli_remote_any_target (char **dirs);

/* What dyno-cli run says about the output and the targets, beside its configuration. */
typedef struct
{
  const char *remote_cli;  /* --remote-cli, or NULL */
  const char *json;        /* --json FILE or "-", or NULL */
  gboolean csv;
  gboolean stream;
  gboolean quiet;
  gboolean paired;         /* --compare */
  gboolean parallel;
  GArray *price_amounts;   /* double: --price, once for all or once per -d; may be empty */
  GPtrArray *price_currencies;
  const char *reference;   /* --reference, --per-spindle: set here on every target */
  const char *per_spindle;
  DynoRateUnit unit;
} DynoCliRemoteOptions;

/* `dyno-cli run` with remote targets, through DynoEngine. One remote folder is measured by
 * its machine; several, or local and remote folders together, take turns A B B A and give
 * one result (with --compare, its paired answer); --parallel measures remote folders at the
 * same time, prints each machine's table and their sum, or with --stream one stream of every
 * machine's events, each with "host", then their results and an "aggregate" line per phase. */
int dyno_cli_run_remote (const DynoConfig *config, char **dirs, const DynoCliRemoteOptions *options);

/* `dyno-cli info ssh://host/path` (dyno-cli-info.c): the remote `dyno-cli info --json`,
 * printed as it came with json, else as the table of a local folder. */
int dyno_cli_info_remote (const char *target, const char *remote_cli, gboolean json);
int dyno_cli_info_print_remote (const char *target, JsonObject *info);

/* dyno-cli-turns.c: the far side of a run over SSH. Cancels cancellable when standard input
 * reaches its end or hangs up (the ssh connection of a remote run went away). Attached to the
 * default main context; g_source_destroy () and g_source_unref () the source returned when
 * the run is over. */
GSource *dyno_cli_watch_stdin (GCancellable *cancellable);
/* The same, and the orders of a run that takes turns (run --take-turns) read there and given
 * to engine; what the engine says back goes on the stream when stream. Before run_async. */
GSource *dyno_cli_take_turns (DynoEngine *engine, GCancellable *cancellable, gboolean stream);

/* ---- between dyno-cli-remote-run.c and dyno-cli-remote.c ---------------------------------- */

typedef struct
{
  const DynoCliRemoteOptions *options;
  guint n_targets;
  char **hosts;          /* per target: "user@host", or NULL for a folder of this machine */
  char **paths;          /* per target: the folder on its machine */
  guint repeat;          /* -x */
  gboolean several;      /* --parallel of several machines: lines marked with their host */
  gboolean tty;
  gboolean quiet;
  gboolean progress_shown;
  gboolean output_lost;  /* the reader of --stream went away */
  GCancellable *cancellable;
} DynoCliRemoteRun;

/* Progress on standard error, or with --stream the events on standard output. */
void     dyno_cli_remote_follow (DynoCliRemoteRun *run, DynoEngine *engine);
void     dyno_cli_remote_clear_progress (DynoCliRemoteRun *run);
/* A line of --stream; FALSE (and the run stopped) when standard output is gone. */
gboolean dyno_cli_remote_print_line (DynoCliRemoteRun *run, const char *line);
/* --parallel: per phase, the machines together (sum of their rates), the slowest and the
 * spread ((fastest − slowest) ÷ mean), as a table or as the stream's "aggregate" lines. */
void     dyno_cli_remote_print_aggregate (DynoCliRemoteRun *run, GPtrArray *results);

G_END_DECLS
