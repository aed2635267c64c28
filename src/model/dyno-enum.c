/* dyno-enum.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-enum.h"

const char *
dyno_enum_to_nick (GType enum_type, int value)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (enum_type);
  GEnumValue *found = g_enum_get_value (klass, value);

  /* A static type's class and strings live as long as the process. */
  return found != NULL ? found->value_nick : NULL;
}

gboolean
dyno_enum_from_nick (GType enum_type, const char *text, const DynoEnumAlias *aliases, int *out)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (enum_type);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < klass->n_values; i++)
    if (g_ascii_strcasecmp (text, klass->values[i].value_nick) == 0)
      {
        if (out != NULL)
          *out = klass->values[i].value;
        return TRUE;
      }
  for (guint i = 0; aliases != NULL && aliases[i].name != NULL; i++)
    if (g_ascii_strcasecmp (text, aliases[i].name) == 0)
      {
        if (out != NULL)
          *out = aliases[i].value;
        return TRUE;
      }
  return FALSE;
}

const char *const *
dyno_enum_get_nicks (GType enum_type)
{
  static GHashTable *lists; /* GType → NULL-terminated array of nicks, for the process */
  G_LOCK_DEFINE_STATIC (lists);
  const char **nicks;

  G_LOCK (lists);
  if (lists == NULL)
    lists = g_hash_table_new (NULL, NULL);
  nicks = g_hash_table_lookup (lists, GSIZE_TO_POINTER (enum_type));
  if (nicks == NULL)
    {
      GEnumClass *klass = g_type_class_ref (enum_type); /* kept: the nicks are its strings */

      nicks = g_new0 (const char *, klass->n_values + 1);
      for (guint i = 0; i < klass->n_values; i++)
        nicks[i] = klass->values[i].value_nick;
      g_hash_table_insert (lists, GSIZE_TO_POINTER (enum_type), nicks);
    }
  G_UNLOCK (lists);
  return nicks;
}
