/* dyno-command-line.h: the dyno-cli command that runs a result's run again
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-result.h"

G_BEGIN_DECLS

/* "dyno-cli run -d /mnt/plain -d /mnt/enc --compare -x 3 --phase-time 1 … --json run.json":
 * the result's folders (ssh://… for a remote run) and every option in which its configuration
 * differs from what dyno-cli would do without it, each argument quoted for a POSIX shell where
 * it needs to be. The seed is given, so the data and the offsets are the same again; sizes that
 * were calibrated are calibrated again (the phase time is given, not the sizes it chose). */
char *dyno_command_line_for_result (DynoResult *result);
/* The same, broken into lines of at most width characters where it can be (" \\" at the end
 * of each but the last, the next indented), for a page; width 0: one line. */
char *dyno_command_line_for_result_wrapped (DynoResult *result, guint width);

/* text as one argument of a POSIX shell: as it is when it holds only characters no shell
 * reads specially, else in single quotes. */
char *dyno_command_line_quote (const char *text);

G_END_DECLS
