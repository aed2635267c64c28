/* dyno-remote-target.h: a folder on another machine, reached over SSH (docs/remote.md)
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

G_BEGIN_DECLS

typedef struct
{
  char *user; /* or NULL */
  char *host;
  guint port; /* 0: ssh's default */
  char *path; /* absolute, on the remote machine */
} DynoRemoteTarget;

/* NULL and no error when text is not a remote target (a local folder); a remote target that
 * is malformed (an empty host, a bad port, a host that would read as an option of ssh) sets
 * error. */
DynoRemoteTarget *dyno_remote_target_parse (const char *text, GError **error);
void              dyno_remote_target_free (DynoRemoteTarget *target);
/* "user@host", or "host" without a user: the result's `remote` field. */
char             *dyno_remote_target_describe (const DynoRemoteTarget *target);
/* The canonical spelling, "ssh://user@host:port/path", for settings and the result. */
char             *dyno_remote_target_to_uri (const DynoRemoteTarget *target);
/* text is ssh://… or [user@]host:/…, well formed or not (parse says what is wrong). */
gboolean          dyno_remote_target_is_remote (const char *text);
/* One word for a POSIX shell: 'text' with every ' written as '\''. */
char             *dyno_remote_shell_quote (const char *text);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoRemoteTarget, dyno_remote_target_free)

G_END_DECLS
