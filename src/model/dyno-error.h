/* dyno-error.h: what can go wrong, in terms a person can act on
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DYNO_ERROR (dyno_error_quark ())

typedef enum
{
  DYNO_ERROR_FAILED,
  DYNO_ERROR_INVALID_ARGUMENT, /* a bad size, flag or spec */
  DYNO_ERROR_NOT_FOUND,        /* missing target folder */
  DYNO_ERROR_NOT_DIRECTORY,    /* target is a file */
  DYNO_ERROR_PERMISSION,       /* no permission to write */
  DYNO_ERROR_READ_ONLY,        /* read-only file system */
  DYNO_ERROR_NO_SPACE,         /* pre-flight refusal or ENOSPC mid-run */
  DYNO_ERROR_UNSUPPORTED,      /* e.g. O_DIRECT on tmpfs */
  DYNO_ERROR_VANISHED,         /* target unmounted or removed mid-run */
  DYNO_ERROR_IO,               /* EIO and friends */
  DYNO_ERROR_BAD_FORMAT,       /* a file that is not what it claims */
  DYNO_ERROR_NEWER_VERSION,    /* a result file from a newer Dyno */
  DYNO_ERROR_REMOTE_NO_CLI,    /* no dyno-cli where a remote target said it would be */
} DynoError;

GQuark      dyno_error_quark (void);
/* Sets DYNO_ERROR_INVALID_ARGUMENT with a formatted message; returns FALSE for tail calls. */
gboolean    dyno_error_set_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
DynoError   dyno_error_from_errno (int err_no);
const char *dyno_error_to_string (DynoError code);
gboolean    dyno_error_from_string (const char *text, DynoError *out);

G_END_DECLS
