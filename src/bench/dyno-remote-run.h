/* dyno-remote-run.h: one run of the dyno-cli on another machine, over ssh (docs/remote.md)
 *
 * Runs `ssh -T -o BatchMode=yes [-p PORT] [user@]host -- dyno-cli run … --stream
 * --stop-on-stdin-close -d PATH`, every remote word quoted for the far side's shell, checks the
 * stream's first line (its protocol) and decodes the lines that follow (dyno-stream.h). Closing
 * ssh's standard input stops the far side, which then removes its scratch folder. The CLI and
 * DynoEngine both drive remote runs through this; it prints nothing: what went wrong comes back
 * as a GError with the message a person should read.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-remote-target.h"
#include "dyno-result.h"

G_BEGIN_DECLS

#define DYNO_REMOTE_DEFAULT_CLI "dyno-cli"

/* ssh's argv up to the host, then "--" and the remote command line, each word quoted for the
 * remote shell (sshd hands the line to the user's shell), and "; exit $?" after them so that
 * a command killed there ends ssh with 128 + the signal, not 255. ssh_command: NULL for
 * $DYNO_SSH_COMMAND, else "ssh". */
char        **dyno_remote_ssh_argv (const DynoRemoteTarget *target,
                                    const char             *ssh_command,
                                    const char * const     *remote_words,
                                    GError                **error);
/* ssh with pipes for its standard streams, in its own process group: a ^C on the terminal
 * reaches Dyno, which stops the remote run in order, rather than killing ssh under it. */
GSubprocess  *dyno_remote_spawn (const char * const *argv, GError **error);
/* The same, and when ssh cannot be started, an error that says so of this machine: ssh not
 * installed, or the ssh command (ssh_command, as for dyno_remote_ssh_argv) not there. */
GSubprocess  *dyno_remote_spawn_or_explain (const char * const *argv,
                                            const char         *ssh_command,
                                            const char         *where,
                                            GError            **error);
/* What went wrong when no stream came back, from ssh's exit status and what the far side
 * printed on standard error, said of the side that failed: this machine (its ssh or ssh's
 * configuration), the connection (a name, a refusal, a host key, a login BatchMode refused)
 * or the remote machine (no dyno-cli, one it cannot run or that lacks a library, one killed
 * by a signal, too old, or its own last message). *code becomes the DynoError:
 * DYNO_ERROR_REMOTE_NO_CLI when there is no dyno-cli it can run, for which each front end adds
 * how to say where it is (--remote-cli, the remote folder's settings). */
char         *dyno_remote_explain_failure (const char *where,
                                           const char *remote_cli,
                                           int         exit_status,
                                           const char *err,
                                           int        *code);

#define DYNO_TYPE_REMOTE_RUN (dyno_remote_run_get_type ())
G_DECLARE_FINAL_TYPE (DynoRemoteRun, dyno_remote_run, DYNO, REMOTE_RUN, GObject)

/*
 * Signals, on the thread-default main context of the caller of start_async:
 *   event       (const char *line, DynoStreamEvent *event): a line of the stream, as it came
 *               and decoded; the hello line included
 *   stderr-line (const char *line): a line the far side wrote on standard error, valid UTF-8
 */

/* run_args: the words after `dyno-cli run` for the far side (its options), without --stream,
 * --stop-on-stdin-close and -d, which are added here. remote_cli: NULL for "dyno-cli". */
DynoRemoteRun *dyno_remote_run_new (const DynoRemoteTarget *target,
                                    const char             *remote_cli,
                                    const char             *ssh_command,
                                    const char * const     *run_args);
/* "user@host" */
const char    *dyno_remote_run_get_where (DynoRemoteRun *self);
const char    *dyno_remote_run_get_remote_cli (DynoRemoteRun *self);
/* Starts ssh; the callback runs once its output has ended and it has exited. Cancelling the
 * cancellable stops the run as dyno_remote_run_stop () does. */
void           dyno_remote_run_start_async (DynoRemoteRun       *self,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
/* The result, with dyno_result_get_remote () set to "user@host"; or NULL and an error: with
 * G_IO_ERROR_CANCELLED when the run was stopped (its message says whether the far side
 * removed its scratch folder), else a DYNO_ERROR whose message says what went wrong and what
 * to do about it. */
DynoResult    *dyno_remote_run_finish (DynoRemoteRun *self, GAsyncResult *result, GError **error);
/* Closes ssh's standard input: the far side's dyno-cli stops, removes its scratch folder and
 * says "interrupted". Does nothing the second time. */
void           dyno_remote_run_stop (DynoRemoteRun *self);
/* Writes line and a newline to the far side's standard input: an order of a run that takes
 * turns (dyno-stream.h). Written in order, without blocking; lines sent before start_async
 * wait for ssh. Nothing is written after dyno_remote_run_stop (). */
void           dyno_remote_run_send_line (DynoRemoteRun *self, const char *line);
/* Kills ssh (a second ^C). */
void           dyno_remote_run_force_exit (DynoRemoteRun *self);
gboolean       dyno_remote_run_get_running (DynoRemoteRun *self);

G_END_DECLS
