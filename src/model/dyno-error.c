/* dyno-error.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>

#include "dyno-error.h"

G_DEFINE_QUARK (dyno-error-quark, dyno_error)

static const char *const names[] = {
  [DYNO_ERROR_FAILED] = "failed",
  [DYNO_ERROR_INVALID_ARGUMENT] = "invalid-argument",
  [DYNO_ERROR_NOT_FOUND] = "not-found",
  [DYNO_ERROR_NOT_DIRECTORY] = "not-directory",
  [DYNO_ERROR_PERMISSION] = "permission",
  [DYNO_ERROR_READ_ONLY] = "read-only",
  [DYNO_ERROR_NO_SPACE] = "no-space",
  [DYNO_ERROR_UNSUPPORTED] = "unsupported",
  [DYNO_ERROR_VANISHED] = "vanished",
  [DYNO_ERROR_IO] = "io",
  [DYNO_ERROR_BAD_FORMAT] = "bad-format",
  [DYNO_ERROR_NEWER_VERSION] = "newer-version",
  [DYNO_ERROR_REMOTE_NO_CLI] = "remote-no-cli",
};

gboolean
dyno_error_set_invalid (GError **error, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT, message);
  g_free (message);
  return FALSE;
}

DynoError
dyno_error_from_errno (int err_no)
{
  switch (err_no)
    {
    case ENOENT:
      return DYNO_ERROR_NOT_FOUND;
    case ENOTDIR:
      return DYNO_ERROR_NOT_DIRECTORY;
    case EACCES:
    case EPERM:
      return DYNO_ERROR_PERMISSION;
    case EROFS:
      return DYNO_ERROR_READ_ONLY;
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
    case EFBIG:
      return DYNO_ERROR_NO_SPACE;
    case EINVAL:
    case EOPNOTSUPP:
      return DYNO_ERROR_UNSUPPORTED;
    case ENODEV:
    case ENXIO:
    case ESTALE:
    case ENOTCONN:
#ifdef ECONNABORTED
    case ECONNABORTED: /* a FUSE daemon gone mid-request */
#endif
      return DYNO_ERROR_VANISHED;
    case EIO:
      return DYNO_ERROR_IO;
    default:
      return DYNO_ERROR_FAILED;
    }
}

const char *
dyno_error_to_string (DynoError code)
{
  if ((guint) code >= G_N_ELEMENTS (names))
    return names[DYNO_ERROR_FAILED];
  return names[code];
}

gboolean
dyno_error_from_string (const char *text, DynoError *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}
