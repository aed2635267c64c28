/* dyno-remote-target.c: parsing, describing and quoting remote folders (docs/remote.md)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-remote-target.h"

void
dyno_remote_target_free (DynoRemoteTarget *target)
{
  if (target == NULL)
    return;
  g_free (target->user);
  g_free (target->host);
  g_free (target->path);
  g_free (target);
}

/* A host or user name ssh takes as it is: not empty, not an option ("-oProxyCommand=…"), no
 * space or control character. */
static gboolean
name_ok (const char *name)
{
  if (name == NULL || name[0] == '\0' || name[0] == '-')
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (g_ascii_isspace (*p) || g_ascii_iscntrl (*p) || *p == '/' || *p == '@')
      return FALSE;
  return TRUE;
}

static DynoRemoteTarget *
bad_target (const char *text, const char *why, GError **error)
{
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_INVALID_ARGUMENT,
               /* Translators: a target given as ssh://user@host:port/path or host:/path, then
                * what is wrong with it */
               _("“%s” is not a remote folder (ssh://[user@]host[:port]/path or "
                 "[user@]host:/path): %s"),
               text, why);
  return NULL;
}

DynoRemoteTarget *
dyno_remote_target_parse (const char *text, GError **error)
{
  g_autoptr (DynoRemoteTarget) target = NULL;
  g_autofree char *authority = NULL;
  const char *path;
  char *at;
  char *colon;

  g_return_val_if_fail (text != NULL, NULL);

  if (g_str_has_prefix (text, "ssh://"))
    {
      const char *rest = text + strlen ("ssh://");

      path = strchr (rest, '/');
      if (path == NULL || path == rest)
        return bad_target (text, _("no host or no path"), error);
      authority = g_strndup (rest, path - rest);
    }
  else
    {
      /* host:/path, as scp writes it; a colon after a slash is part of a local path. */
      const char *sep = strchr (text, ':');

      if (sep == NULL || sep == text || memchr (text, '/', sep - text) != NULL
          || sep[1] != '/')
        return NULL;
      authority = g_strndup (text, sep - text);
      path = sep + 1;
    }

  target = g_new0 (DynoRemoteTarget, 1);
  at = strrchr (authority, '@');
  if (at != NULL)
    {
      *at = '\0';
      target->user = g_strdup (authority);
      if (!name_ok (target->user))
        return bad_target (text, _("the user name is empty or starts with “-”"), error);
    }
  colon = strrchr (at != NULL ? at + 1 : authority, ':');
  if (colon != NULL && g_str_has_prefix (text, "ssh://"))
    {
      guint64 port = 0;

      *colon = '\0';
      if (!g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &port, NULL))
        return bad_target (text, _("the port is not a number from 1 to 65535"), error);
      target->port = (guint) port;
    }
  target->host = g_strdup (at != NULL ? at + 1 : authority);
  if (!name_ok (target->host))
    return bad_target (text, _("the host name is empty, starts with “-” or holds a space"), error);
  if (path[0] != '/' || path[1] == '\0')
    return bad_target (text, _("the remote folder must be an absolute path"), error);
  target->path = g_strdup (path);
  return g_steal_pointer (&target);
}

char *
dyno_remote_target_describe (const DynoRemoteTarget *target)
{
  g_return_val_if_fail (target != NULL, NULL);
  if (target->user != NULL)
    return g_strdup_printf ("%s@%s", target->user, target->host);
  return g_strdup (target->host);
}

char *
dyno_remote_target_to_uri (const DynoRemoteTarget *target)
{
  g_autoptr (GString) uri = g_string_new ("ssh://");

  g_return_val_if_fail (target != NULL, NULL);
  if (target->user != NULL)
    g_string_append_printf (uri, "%s@", target->user);
  g_string_append (uri, target->host);
  if (target->port != 0)
    g_string_append_printf (uri, ":%u", target->port);
  g_string_append (uri, target->path);
  return g_string_free (g_steal_pointer (&uri), FALSE);
}

gboolean
dyno_remote_target_is_remote (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoRemoteTarget) target = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  target = dyno_remote_target_parse (text, &error);
  return target != NULL || error != NULL;
}

char *
dyno_remote_shell_quote (const char *text)
{
  GString *quoted = g_string_new ("'");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (quoted, "'\\''");
      else
        g_string_append_c (quoted, *p);
    }
  g_string_append_c (quoted, '\'');
  return g_string_free (quoted, FALSE);
}
