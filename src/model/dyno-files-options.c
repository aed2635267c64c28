/* dyno-files-options.c: the file tests' -n, declared with their kinds
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "dyno-result-json-private.h"

DynoFilesOptions *
dyno_config_get_files (const DynoConfig *config)
{
  return dyno_config_get_values (config, &dyno_files_option_set);
}

guint64
dyno_config_get_files_total (const DynoConfig *config)
{
  return (guint64) dyno_config_get_files (config)->num * 1024;
}

gboolean
dyno_config_has_file_tests (const DynoConfig *config)
{
  return dyno_config_has_flags (config, DYNO_PHASE_FILE_TEST)
         && dyno_config_get_files (config)->num > 0;
}

/* ---- bonnie++'s -n ------------------------------------------------------------------------- */

static gboolean
parse_signed_size (const char *text, gint64 *out, GError **error)
{
  guint64 bytes;

  if (g_str_equal (text, "link") || g_str_equal (text, "-1"))
    {
      *out = DYNO_FILES_LINK;
      return TRUE;
    }
  if (g_str_equal (text, "symlink") || g_str_equal (text, "-2"))
    {
      *out = DYNO_FILES_SYMLINK;
      return TRUE;
    }
  if (!dyno_parse_size (text, &bytes, error))
    return FALSE;
  if (bytes > (guint64) DYNO_MAX_CHUNK)
    return dyno_error_set_invalid (error, _("Files for the file tests can be at most 64 MiB each"));
  *out = (gint64) bytes;
  return TRUE;
}

gboolean
dyno_parse_files_spec (const char *text, DynoConfig *config, GError **error)
{
  g_auto (GStrv) parts = NULL;
  DynoFilesOptions *files;
  guint n_parts;
  guint num = 0;
  guint dirs = 1;
  gint64 max = 0;
  gint64 min = 0;

  g_return_val_if_fail (config != NULL, FALSE);

  if (text == NULL || *text == '\0')
    return dyno_error_set_invalid (error, _("The file test spec is empty: use NUM[:MAX[:MIN[:DIRS]]]"));

  parts = g_strsplit (text, ":", -1);
  n_parts = g_strv_length (parts);
  if (n_parts > 4)
    return dyno_error_set_invalid (error, _("“%s” has too many fields: use NUM[:MAX[:MIN[:DIRS]]]"), text);

  if (!dyno_parse_count (parts[0], 0, DYNO_MAX_FILES_NUM, &num, NULL))
    return dyno_error_set_invalid (error,
                 _("“%s” is not a number of files: NUM counts 1024s of files, from 0 to %u"),
                 parts[0], DYNO_MAX_FILES_NUM);
  if (n_parts > 1 && *parts[1] != '\0' && !parse_signed_size (parts[1], &max, error))
    return FALSE;
  if (n_parts > 2 && *parts[2] != '\0')
    {
      guint64 bytes;

      if (!dyno_parse_size (parts[2], &bytes, error))
        return FALSE;
      if (bytes > (guint64) DYNO_MAX_CHUNK)
        return dyno_error_set_invalid (error, _("Files for the file tests can be at most 64 MiB each"));
      min = (gint64) bytes;
    }
  if (n_parts > 3 && *parts[3] != '\0'
      && !dyno_parse_count (parts[3], 1, DYNO_MAX_FILES_DIRS, &dirs, NULL))
    return dyno_error_set_invalid (error, _("“%s” is not a number of directories from 1 to %u"), parts[3],
                 DYNO_MAX_FILES_DIRS);

  if (max >= 0 && min > max)
    return dyno_error_set_invalid (error,
                 _("In “%s” the smallest file size is larger than the largest: use "
                   "NUM:MAX:MIN with MIN ≤ MAX"),
                 text);

  files = dyno_config_get_files (config);
  files->num = num;
  files->max = max;
  files->min = min;
  files->dirs = dirs;
  return TRUE;
}

char *
dyno_format_files_spec (const DynoConfig *config)
{
  const DynoFilesOptions *files = dyno_config_get_files (config);
  GString *spec = g_string_new (NULL);

  g_string_append_printf (spec, "%u", files->num);
  if (files->max == DYNO_FILES_LINK)
    g_string_append (spec, ":link");
  else if (files->max == DYNO_FILES_SYMLINK)
    g_string_append (spec, ":symlink");
  else if (files->max != 0 || files->min != 0 || files->dirs > 1)
    g_string_append_printf (spec, ":%" G_GINT64_FORMAT, files->max);
  if (files->min != 0 || files->dirs > 1)
    g_string_append_printf (spec, ":%" G_GINT64_FORMAT, files->min);
  if (files->dirs > 1)
    g_string_append_printf (spec, ":%u", files->dirs);
  return g_string_free (spec, FALSE);
}

/* ---- the option ---------------------------------------------------------------------------- */

/* -n and the "files-spec" setting: bonnie++'s spec, whose NUM may be "auto" ("auto",
 * "auto:4k:0:10") to leave the count to each target. -n 0, as bonnie++: no file tests. */
static gboolean
files_parse (const DynoOption *option, DynoConfig *config, const char *text, GError **error)
{
  g_autofree char *spec = g_strstrip (g_strdup (text));
  gboolean automatic = g_ascii_strncasecmp (spec, "auto", 4) == 0
                       && (spec[4] == '\0' || spec[4] == ':' || g_ascii_isspace (spec[4]));

  if (automatic)
    {
      char *rest = g_strdup_printf ("%u%s", DYNO_DEFAULT_FILES, spec + 4);

      g_free (spec);
      spec = rest;
    }
  if (!dyno_parse_files_spec (spec, config, error))
    return FALSE;
  if (automatic)
    config->autos |= DYNO_AUTO_FILES;
  else
    config->autos &= ~DYNO_AUTO_FILES;
  if (dyno_config_get_files (config)->num == 0)
    for (guint i = dyno_config_get_n_phases (config); i-- > 0;)
      if (dyno_phase_has_flag (dyno_config_get_phase (config, i), DYNO_PHASE_FILE_TEST))
        dyno_config_remove_phase (config, dyno_config_get_phase (config, i));
  return TRUE;
}

static char *
files_format (const DynoOption *option, const DynoConfig *config)
{
  g_autofree char *spec = dyno_format_files_spec (config);
  const char *rest = strchr (spec, ':');

  if (dyno_config_is_auto (config, DYNO_AUTO_FILES))
    return g_strconcat ("auto", rest != NULL ? rest : "", NULL);
  return g_steal_pointer (&spec);
}

static gboolean
files_check (const DynoOption *option, const DynoConfig *config, GError **error)
{
  const DynoFilesOptions *files = dyno_config_get_files (config);

  if (files->num == 0 || files->num > DYNO_MAX_FILES_NUM)
    return dyno_error_set_invalid (error, _("The number of files (in units of 1024) must be from 1 to %u"),
                                   DYNO_MAX_FILES_NUM);
  if (files->dirs == 0 || files->dirs > DYNO_MAX_FILES_DIRS)
    return dyno_error_set_invalid (error, _("The number of directories must be from 1 to %u"),
                                   DYNO_MAX_FILES_DIRS);
  if (files->max < DYNO_FILES_SYMLINK || files->min < 0)
    return dyno_error_set_invalid (error, _("File sizes for the file tests cannot be negative"));
  if (files->max >= 0 && files->min > files->max)
    return dyno_error_set_invalid (error,
                                   _("The smallest file size (%lld) is larger than the largest (%lld)"),
                                   (long long) files->min, (long long) files->max);
  if (files->max > (gint64) DYNO_MAX_CHUNK)
    return dyno_error_set_invalid (error, _("Files for the file tests can be at most 64 MiB each"));
  return TRUE;
}

/* The "files" object of a result file: num, max (bytes, "link" or "symlink"), min, dirs. */
static JsonNode *
files_to_json (const DynoOption *option, const DynoConfig *config)
{
  const DynoFilesOptions *files = dyno_config_get_files (config);
  JsonObject *object = json_object_new ();
  JsonNode *node;

  json_object_set_int_member (object, "num", files->num);
  if (files->max == DYNO_FILES_LINK)
    json_object_set_string_member (object, "max", "link");
  else if (files->max == DYNO_FILES_SYMLINK)
    json_object_set_string_member (object, "max", "symlink");
  else
    json_object_set_int_member (object, "max", files->max);
  json_object_set_int_member (object, "min", files->min);
  json_object_set_int_member (object, "dirs", files->dirs);
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return node;
}

static gboolean
read_max (JsonNode *node, const char *where, DynoFilesOptions *files, GError **error)
{
  guint64 value = 0;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      if (g_str_equal (json_node_get_string (node), "link"))
        files->max = DYNO_FILES_LINK;
      else if (g_str_equal (json_node_get_string (node), "symlink"))
        files->max = DYNO_FILES_SYMLINK;
      else
        return dyno_json_fail (error, where, "max",
                               _("expected a size, “link” or “symlink”, found “%s”"),
                               json_node_get_string (node));
      return TRUE;
    }
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!dyno_json_read_uint64 (node, where, "max", 0, G_MAXINT64, &value, error))
    return FALSE;
  files->max = (gint64) value;
  return TRUE;
}

/* Files may hold 0 files (an import of a run without file tests) and 0 directories. */
static gboolean
files_from_json (const DynoOption *option, DynoConfig *config, JsonNode *node, const char *where,
                 GError **error)
{
  DynoFilesOptions *files = dyno_config_get_files (config);
  JsonObject *object;
  guint64 num = files->num, dirs = files->dirs, min = (guint64) MAX (files->min, 0);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return dyno_json_fail (error, where, NULL, _("expected an object, found %s"),
                           dyno_json_describe (node));
  object = json_node_get_object (node);
  if (!dyno_json_read_uint64 (json_object_get_member (object, "num"), where, "num", 0,
                              DYNO_MAX_FILES_NUM, &num, error)
      || !dyno_json_read_uint64 (json_object_get_member (object, "dirs"), where, "dirs", 0,
                                 DYNO_MAX_FILES_DIRS, &dirs, error)
      || !dyno_json_read_uint64 (json_object_get_member (object, "min"), where, "min", 0,
                                 G_MAXINT64, &min, error)
      || !read_max (json_object_get_member (object, "max"), where, files, error))
    return FALSE;
  files->num = (guint) num;
  files->dirs = (guint) dirs;
  files->min = (gint64) min;
  return TRUE;
}

static void
files_init (gpointer values)
{
  DynoFilesOptions *files = values;

  files->num = DYNO_DEFAULT_FILES;
  files->max = 0;
  files->min = 0;
  files->dirs = 1;
}

static const DynoOption options[] = {
  { .name = "files", .type = DYNO_OPTION_CUSTOM, .offset = -1,
    .min = 0, .max = DYNO_MAX_FILES_NUM, .def = "16", .unit = "×1024 files",
    .help = N_("File tests: NUM×1024 files of MIN to MAX bytes in DIRS folders (bonnie++ -n; "
               "default: as many files as creates fill in the phase time)"),
    .arg = N_("NUM[:MAX[:MIN[:DIRS]]]"),
    .cli = "files", .cli_short = 'n', .json = "files", .settings = "files-spec",
    .auto_flag = DYNO_AUTO_FILES, .auto_name = "files",
    .parse = files_parse, .format = files_format, .to_json = files_to_json,
    .from_json = files_from_json, .check = files_check },
};

const DynoOptionSet dyno_files_option_set = {
  "files", options, G_N_ELEMENTS (options), sizeof (DynoFilesOptions), files_init,
};
