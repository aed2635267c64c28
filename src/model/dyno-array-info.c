/* dyno-array-info.c: an array's description (how dyno-array.c's parsers and the platform find
 * it, and a result's target info keeps it)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>

#include "dyno-array-info.h"
#include "dyno-json-build.h"

/* Far beyond any array: what a file may say before it is refused */
#define MAX_ARRAY_MEMBERS 4096
#define MAX_ARRAY_SPINDLES 100000

static void
dyno_array_member_free (DynoArrayMember *member)
{
  g_free (member->name);
  g_free (member->model);
  g_free (member->group);
  g_free (member);
}

DynoArrayInfo *
dyno_array_info_new (const char *name, const char *level, const char *source)
{
  DynoArrayInfo *info = g_new0 (DynoArrayInfo, 1);

  info->name = g_strdup (name);
  info->level = g_strdup (level);
  info->source = g_strdup (source);
  info->members = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_array_member_free);
  return info;
}

void
dyno_array_info_free (DynoArrayInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->level);
  g_free (info->source);
  g_ptr_array_unref (info->members);
  g_free (info);
}

DynoArrayMember *
dyno_array_info_add_member (DynoArrayInfo *info, const char *name)
{
  DynoArrayMember *member = g_new0 (DynoArrayMember, 1);

  g_return_val_if_fail (info != NULL, NULL);
  member->name = g_strdup (name);
  member->rotational = DYNO_TRISTATE_UNKNOWN;
  g_ptr_array_add (info->members, member);
  return member;
}

guint
dyno_array_info_get_n_active (const DynoArrayInfo *info)
{
  guint n = 0;

  g_return_val_if_fail (info != NULL, 0);
  for (guint i = 0; i < info->members->len; i++)
    n += !((DynoArrayMember *) g_ptr_array_index (info->members, i))->spare;
  return n;
}

char *
dyno_array_info_describe (const DynoArrayInfo *info)
{
  GString *text = g_string_new (NULL);
  guint active;

  g_return_val_if_fail (info != NULL, NULL);
  active = dyno_array_info_get_n_active (info);
  g_string_append (text, info->level ? info->level : "?");
  /* Translators: an array's members, as in "raid6, 11 members + 2 spares" */
  g_string_append_printf (text, ngettext (", %u member", ", %u members", active), active);
  if (info->spares > 0)
    g_string_append_printf (text, ngettext (" + %u spare", " + %u spares", info->spares),
                            info->spares);
  if (info->chunk > 0)
    {
      guint64 kib = info->chunk / 1024;
      g_autofree char *chunk = info->chunk % 1024 == 0
                                   ? g_strdup_printf ("%" G_GUINT64_FORMAT " KiB", kib)
                                   : g_strdup_printf ("%" G_GUINT64_FORMAT " B", info->chunk);

      /* Translators: the stripe chunk of an array; %s is "512 KiB" */
      g_string_append_printf (text, _(", %s chunks"), chunk);
    }
  if (info->data_spindles_read == 0)
    g_string_append (text, _(": data spindles unknown"));
  else if (info->data_spindles_read == info->data_spindles_write)
    g_string_append_printf (text, ngettext (": %u data spindle", ": %u data spindles",
                                            info->data_spindles_read),
                            info->data_spindles_read);
  else
    /* Translators: data spindles of a mirror: reads spread over all, writes go to each */
    g_string_append_printf (text, _(": %u data spindles for reads, %u for writes"),
                            info->data_spindles_read, info->data_spindles_write);
  return g_string_free (text, FALSE);
}

void
dyno_array_info_to_json (const DynoArrayInfo *info, JsonBuilder *b)
{
  g_return_if_fail (info != NULL);
  g_return_if_fail (JSON_IS_BUILDER (b));

  json_builder_begin_object (b);
  dyno_json_add_string_member (b, "name", info->name);
  dyno_json_add_string_member (b, "level", info->level);
  dyno_json_add_count_member (b, "chunk", info->chunk, info->chunk > 0);
  dyno_json_add_count_member (b, "spares", info->spares, TRUE);
  dyno_json_add_count_member (b, "data_spindles_read", info->data_spindles_read,
                              info->data_spindles_read > 0);
  dyno_json_add_count_member (b, "data_spindles_write", info->data_spindles_write,
                              info->data_spindles_write > 0);
  dyno_json_add_string_member (b, "source", info->source);
  json_builder_set_member_name (b, "members");
  json_builder_begin_array (b);
  for (guint i = 0; i < info->members->len; i++)
    {
      const DynoArrayMember *m = g_ptr_array_index (info->members, i);

      json_builder_begin_object (b);
      dyno_json_add_string_member (b, "name", m->name);
      dyno_json_add_string_member (b, "model", m->model);
      dyno_json_add_tristate_member (b, "rotational", m->rotational);
      dyno_json_add_count_member (b, "size", m->size, m->size > 0);
      json_builder_set_member_name (b, "spare");
      json_builder_add_boolean_value (b, m->spare);
      dyno_json_add_string_member (b, "group", m->group);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

DynoArrayInfo *
dyno_array_info_copy (const DynoArrayInfo *info)
{
  DynoArrayInfo *copy;

  g_return_val_if_fail (info != NULL, NULL);

  copy = dyno_array_info_new (info->name, info->level, info->source);
  copy->chunk = info->chunk;
  copy->spares = info->spares;
  copy->data_spindles_read = info->data_spindles_read;
  copy->data_spindles_write = info->data_spindles_write;
  for (guint i = 0; i < info->members->len; i++)
    {
      const DynoArrayMember *from = g_ptr_array_index (info->members, i);
      DynoArrayMember *to = dyno_array_info_add_member (copy, from->name);

      to->model = g_strdup (from->model);
      to->rotational = from->rotational;
      to->size = from->size;
      to->spare = from->spare;
      to->group = g_strdup (from->group);
    }
  return copy;
}

/* The JSON reader's checks, in little: a member that is absent or null is left unset; one of
 * the wrong type is an error naming it. */
static gboolean
json_string_member (JsonObject *o, const char *name, char **out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: a member of a result file's array object; %s is its name */
                   _("%s: expected a string"), name);
      return FALSE;
    }
  g_free (*out);
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static gboolean
json_count_member (JsonObject *o, const char *name, guint64 max, guint64 *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  double value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    value = (double) json_node_get_int (node);
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE)
    value = json_node_get_double (node);
  else
    value = -1;
  if (!(value >= 0 && value <= (double) max) || value != floor (value))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: a member of a result file's array object; %s is its name */
                   _("%s: expected a whole number from 0 to %" PRIu64), name, max);
      return FALSE;
    }
  *out = (guint64) value;
  return TRUE;
}

DynoArrayInfo *
dyno_array_info_from_json (JsonObject *object, GError **error)
{
  g_autoptr (DynoArrayInfo) info = dyno_array_info_new (NULL, NULL, NULL);
  JsonNode *members = NULL;
  guint64 chunk = 0, spares = 0, read = 0, write = 0;

  g_return_val_if_fail (object != NULL, NULL);

  if (!json_string_member (object, "name", &info->name, error)
      || !json_string_member (object, "level", &info->level, error)
      || !json_string_member (object, "source", &info->source, error)
      || !json_count_member (object, "chunk", G_MAXINT64, &chunk, error)
      || !json_count_member (object, "spares", MAX_ARRAY_MEMBERS, &spares, error)
      || !json_count_member (object, "data_spindles_read", MAX_ARRAY_SPINDLES, &read, error)
      || !json_count_member (object, "data_spindles_write", MAX_ARRAY_SPINDLES, &write, error))
    return NULL;
  info->chunk = chunk;
  info->spares = (guint) spares;
  info->data_spindles_read = (guint) read;
  info->data_spindles_write = (guint) write;

  members = json_object_get_member (object, "members");
  if (members != NULL && !JSON_NODE_HOLDS_NULL (members))
    {
      JsonArray *list;

      if (!JSON_NODE_HOLDS_ARRAY (members)
          || json_array_get_length (json_node_get_array (members)) > MAX_ARRAY_MEMBERS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("members: expected a list of at most %u members"), MAX_ARRAY_MEMBERS);
          return NULL;
        }
      list = json_node_get_array (members);
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonNode *node = json_array_get_element (list, i);
          g_autofree char *name = NULL;
          DynoArrayMember *m;
          JsonNode *flag;
          guint64 size = 0;
          JsonObject *o;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("members[%u]: expected an object"), i);
              return NULL;
            }
          o = json_node_get_object (node);
          if (!json_string_member (o, "name", &name, error))
            return NULL;
          m = dyno_array_info_add_member (info, name);
          if (!json_string_member (o, "model", &m->model, error)
              || !json_string_member (o, "group", &m->group, error)
              || !json_count_member (o, "size", G_MAXINT64, &size, error))
            return NULL;
          m->size = size;
          flag = json_object_get_member (o, "rotational");
          if (flag != NULL && JSON_NODE_HOLDS_VALUE (flag)
              && json_node_get_value_type (flag) == G_TYPE_BOOLEAN)
            m->rotational = json_node_get_boolean (flag) ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;
          flag = json_object_get_member (o, "spare");
          m->spare = flag != NULL && JSON_NODE_HOLDS_VALUE (flag)
                     && json_node_get_value_type (flag) == G_TYPE_BOOLEAN
                     && json_node_get_boolean (flag);
        }
    }
  return g_steal_pointer (&info);
}
