/* dyno-test-util.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-test-util.h"

char *
dyno_test_make_dir (const char *prefix)
{
  const char *base = g_getenv ("DYNO_TEST_DIR");
  g_autofree char *name = NULL;
  char *dir;

  if (base == NULL)
    base = g_get_tmp_dir ();
  name = g_strconcat (prefix ? prefix : "dyno-test", "-XXXXXX", NULL);
  dir = g_mkdtemp (g_build_filename (base, name, NULL));
  g_assert_nonnull (dir);
  return dir;
}

void
dyno_test_rm_rf (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (path == NULL)
    return;
  dir = g_dir_open (path, 0, NULL);
  if (dir != NULL)
    {
      g_chmod (path, 0700);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            dyno_test_rm_rf (child);
          else
            g_unlink (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

GPtrArray *
dyno_test_list_scratch (const char *path)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "dyno-"))
      g_ptr_array_add (names, g_strdup (name));
  return names;
}

void
dyno_test_assert_no_scratch (const char *dir)
{
  g_autoptr (GPtrArray) names = dyno_test_list_scratch (dir);

  if (names->len > 0)
    g_error ("scratch left behind in %s: %s", dir, (char *) g_ptr_array_index (names, 0));
}

static void
checksum_into (GPtrArray *lines, const char *root, const char *rel)
{
  g_autofree char *path = rel ? g_build_filename (root, rel, NULL) : g_strdup (root);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child_rel = rel ? g_build_filename (rel, name, NULL) : g_strdup (name);
      g_autofree char *child = g_build_filename (root, child_rel, NULL);
      GStatBuf st;

      if (g_lstat (child, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        {
          g_ptr_array_add (lines, g_strdup_printf ("%s/ %o", child_rel, st.st_mode & 07777));
          checksum_into (lines, root, child_rel);
        }
      else if (S_ISREG (st.st_mode))
        {
          g_autofree char *data = NULL;
          gsize len = 0;
          g_autofree char *sum = NULL;

          if (g_file_get_contents (child, &data, &len, NULL))
            sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (guchar *) data, len);
          g_ptr_array_add (lines, g_strdup_printf ("%s %s %o %" G_GINT64_FORMAT, child_rel,
                                                   sum ? sum : "unreadable", st.st_mode & 07777,
                                                   (gint64) st.st_mtime));
        }
      else
        g_ptr_array_add (lines, g_strdup_printf ("%s other %o", child_rel, st.st_mode));
    }
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char *
dyno_test_checksum_tree (const char *dir)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  checksum_into (lines, dir, NULL);
  g_ptr_array_sort (lines, compare_strings);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *) g_ptr_array_index (lines, i));
  return g_string_free (out, FALSE);
}

gboolean
dyno_test_is_root (void)
{
  return geteuid () == 0;
}

void
dyno_test_write_file (const char *path, const char *contents)
{
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

gboolean
dyno_test_check_schema_enum (const char *key, GType enum_type, gboolean whole)
{
  const char *dir = g_getenv ("GSETTINGS_SCHEMA_DIR");
  g_autoptr (GSettingsSchemaSource) source = NULL;
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaKey) schema_key = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GVariant) range = NULL;
  g_autoptr (GVariant) values = NULL;
  g_autoptr (GEnumClass) klass = g_type_class_ref (enum_type);
  g_autofree const char **nicks = NULL;
  const char *kind = NULL;

  if (dir != NULL)
    source = g_settings_schema_source_new_from_directory (dir, NULL, FALSE, NULL);
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, FALSE);
  if (schema == NULL)
    {
      g_test_skip ("no compiled GSettings schema of the app (a build without it)");
      return FALSE;
    }
  g_assert_true (g_settings_schema_has_key (schema, key));
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &kind, &values);
  g_assert_cmpstr (kind, ==, "enum");
  nicks = g_variant_get_strv (values, NULL);
  g_test_message ("%s: %u values, %s has %u", key, g_strv_length ((char **) nicks),
                  g_type_name (enum_type), klass->n_values);
  /* The values by the settings' own mapping (the memory backend of the tests' environment). */
  settings = g_settings_new_full (schema, NULL, NULL);
  for (guint i = 0; nicks[i] != NULL; i++)
    {
      GEnumValue *value;

      g_assert_true (g_settings_set_string (settings, key, nicks[i]));
      value = g_enum_get_value (klass, g_settings_get_enum (settings, key));
      g_assert_nonnull (value);
      g_assert_cmpstr (value->value_nick, ==, nicks[i]);
    }
  if (whole)
    g_assert_cmpuint (g_strv_length ((char **) nicks), ==, klass->n_values);
  g_settings_reset (settings, key);
  return TRUE;
}

gboolean dyno_test_timed_out;

gboolean
dyno_test_on_timeout (gpointer data)
{
  dyno_test_timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

void
dyno_test_spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  dyno_test_timed_out = FALSE;
  g_timeout_add (ms, dyno_test_on_timeout, NULL);
  while (!dyno_test_timed_out || g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
}
