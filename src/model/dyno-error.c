/* dyno-error.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>

#include "dyno-enum.h"
#include "dyno-error.h"
#include "dyno-model-enums.h"

G_DEFINE_QUARK (dyno-error-quark, dyno_error)

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
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_ERROR, code);

  /* A code of another domain's range: what it is, failed. */
  return nick != NULL ? nick : dyno_enum_to_nick (DYNO_TYPE_ERROR, DYNO_ERROR_FAILED);
}

gboolean
dyno_error_from_string (const char *text, DynoError *out)
{
  int code;

  /* Exact: the codes are written in lower case. */
  if (!dyno_enum_from_nick (DYNO_TYPE_ERROR, text, NULL, &code)
      || !g_str_equal (text, dyno_error_to_string (code)))
    return FALSE;
  *out = code;
  return TRUE;
}
