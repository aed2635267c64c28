/* dyno-error.h: what can go wrong, in terms a person can act on
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DYNO_ERROR (dyno_error_quark ())

/* The nicks are the codes in result files, the stream and dyno-cli's JSON (DYNO_TYPE_ERROR,
 * dyno-model-enums.h). */
typedef enum
{
  DYNO_ERROR_FAILED,           /*< nick=failed >*/
  DYNO_ERROR_INVALID_ARGUMENT, /*< nick=invalid-argument >*/ /* a bad size, flag or spec */
  DYNO_ERROR_NOT_FOUND,        /*< nick=not-found >*/ /* missing target folder */
  DYNO_ERROR_NOT_DIRECTORY,    /*< nick=not-directory >*/ /* target is a file */
  DYNO_ERROR_PERMISSION,       /*< nick=permission >*/ /* no permission to write */
  DYNO_ERROR_READ_ONLY,        /*< nick=read-only >*/ /* read-only file system */
  DYNO_ERROR_NO_SPACE,         /*< nick=no-space >*/ /* pre-flight refusal or ENOSPC mid-run */
  DYNO_ERROR_UNSUPPORTED,      /*< nick=unsupported >*/ /* e.g. O_DIRECT on tmpfs */
  DYNO_ERROR_VANISHED,         /*< nick=vanished >*/ /* target unmounted or removed mid-run */
  DYNO_ERROR_IO,               /*< nick=io >*/ /* EIO and friends */
  DYNO_ERROR_BAD_FORMAT,       /*< nick=bad-format >*/ /* a file that is not what it claims */
  DYNO_ERROR_NEWER_VERSION,    /*< nick=newer-version >*/ /* a result file from a newer Dyno */
  /* no dyno-cli where a remote target said it would be */
  DYNO_ERROR_REMOTE_NO_CLI, /*< nick=remote-no-cli >*/
} DynoError;

GQuark      dyno_error_quark (void);
/* Sets DYNO_ERROR_INVALID_ARGUMENT with a formatted message; returns FALSE for tail calls. */
gboolean    dyno_error_set_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
DynoError   dyno_error_from_errno (int err_no);
const char *dyno_error_to_string (DynoError code);
gboolean    dyno_error_from_string (const char *text, DynoError *out);

G_END_DECLS
