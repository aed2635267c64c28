/* dyno-cli-list.c: `dyno-cli list`: the saved runs, as the app's Runs page lists them
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "dyno-cli-private.h"
#include "dyno-parse.h"
#include "dyno-result-store.h"

/* One target's figure for a phase: "—" when it did not run it, bonnie++'s "+++++" when it was
 * always too fast to trust. Each target of a run has its own row: the best of a paired run's
 * two targets would show one side's figure as the run's. */
static char *
target_rate (const DynoTargetResult *target, const char *key)
{
  const DynoPhaseResult *phase = dyno_target_result_find_phase (target, key);
  double rate = phase != NULL ? dyno_phase_result_get_rate (phase) : NAN;

  if (!isfinite (rate) && phase != NULL && phase->too_fast && phase->rate.n == 0)
    return g_strdup ("+++++");
  return dyno_format_rate (rate, DYNO_UNIT_BYTES);
}

static char *
format_date (DynoResult *result)
{
  GDateTime *created = dyno_result_get_created (result);
  g_autoptr (GDateTime) local = created != NULL ? g_date_time_to_local (created) : NULL;

  /* ISO 8601 to the minute, as the app writes dates: the same in every locale. */
  return local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

static char *
target_text (DynoResult *result, guint index)
{
  const DynoTargetResult *target = dyno_result_get_target (result, index);
  /* A remote target says its machine, as the app's Runs page does: "/srv on nas". */
  g_autofree char *path = dyno_result_dup_target_path (result, index);

  return g_strdup_printf ("%s%s", path != NULL ? path : "?",
                          dyno_target_result_failed (target) ? _(" (failed)") : "");
}

/* Pads text to width characters, not bytes, so an accented name or a translated header lines
 * up; cut: longer text is cut to width, otherwise it is kept whole and pushes the row. */
static void
append_column (GString *row, const char *text, guint width, gboolean right, gboolean cut)
{
  glong len = g_utf8_strlen (text, -1);

  if ((guint) len >= width)
    {
      g_autofree char *kept = g_utf8_substring (text, 0, cut ? width : len);

      g_string_append (row, kept);
      return;
    }
  if (right)
    g_string_append_printf (row, "%*s", (int) (width - len), "");
  g_string_append (row, text);
  if (!right)
    g_string_append_printf (row, "%*s", (int) (width - len), "");
}

static void
print_row (const char *date, const char *name, const char *write, const char *read,
           const char *targets)
{
  g_autoptr (GString) row = g_string_new (NULL);

  append_column (row, date, 16, FALSE, FALSE);
  g_string_append (row, "  ");
  append_column (row, name, 24, FALSE, TRUE);
  g_string_append (row, "  ");
  append_column (row, write, 12, TRUE, FALSE);
  g_string_append (row, "  ");
  append_column (row, read, 12, TRUE, FALSE);
  g_string_append_printf (row, "  %s\n", targets);
  /* Names and folders of a saved run may hold anything: escaped */
  dyno_cli_print ("%s", row->str);
}

static void
print_text (GPtrArray *results, GPtrArray *paths)
{
  if (results->len == 0)
    {
      g_print ("%s\n", _("No saved runs."));
      return;
    }
  /* Translators: the header of dyno-cli list; keep the columns aligned with the rows */
  print_row (_("Date"), _("Name"), _("Block write"), _("Block read"), _("Targets"));
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      g_autofree char *date = format_date (result);
      /* Named as the app's Runs page and comparisons name it: label, then folder, then host. */
      g_autofree char *named = dyno_result_dup_name (result);
      g_autofree char *name = g_utf8_make_valid (named, -1);
      guint n_targets = dyno_result_get_n_targets (result);

      if (n_targets == 0)
        print_row (date, name, "—", "—", "");
      /* The run's date and name on its first row; a further target's figures on rows of
       * their own below it. */
      for (guint t = 0; t < n_targets; t++)
        {
          const DynoTargetResult *target = dyno_result_get_target (result, t);
          g_autofree char *write = target_rate (target, "write");
          g_autofree char *read = target_rate (target, "read");
          g_autofree char *where = target_text (result, t);

          print_row (t == 0 ? date : "", t == 0 ? name : "", write, read, where);
        }
      dyno_cli_print ("                  %s\n", (const char *) g_ptr_array_index (paths, i));
    }
}

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* The figure in B/s, null where the target did not measure it (or was always too fast). */
static void
add_rate (JsonBuilder *b, const char *key, const DynoTargetResult *target)
{
  const DynoPhaseResult *phase = dyno_target_result_find_phase (target, key);
  double rate = phase != NULL ? dyno_phase_result_get_rate (phase) : NAN;

  json_builder_set_member_name (b, key);
  if (isfinite (rate))
    json_builder_add_double_value (b, rate);
  else
    json_builder_add_null_value (b);
}

static void
print_json (GPtrArray *results, GPtrArray *paths, GPtrArray *problems)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  add_string (b, "format", "dyno-run-list");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      GDateTime *created = dyno_result_get_created (result);
      g_autofree char *when = created ? g_date_time_format_iso8601 (created) : NULL;
      g_autofree char *name = dyno_result_dup_name (result);

      json_builder_begin_object (b);
      add_string (b, "file", g_ptr_array_index (paths, i));
      add_string (b, "id", dyno_result_get_id (result));
      add_string (b, "created", when);
      add_string (b, "label", dyno_result_get_label (result));
      add_string (b, "name", name);
      add_string (b, "tool", dyno_result_get_tool (result));
      json_builder_set_member_name (b, "targets");
      json_builder_begin_array (b);
      for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
        {
          const DynoTargetResult *target = dyno_result_get_target (result, t);
          g_autofree char *target_name = dyno_result_dup_target_name (result, t);
          g_autofree char *host = dyno_result_dup_target_host (result, t);

          json_builder_begin_object (b);
          add_string (b, "name", target_name);
          add_string (b, "path", target->info ? target->info->path : NULL);
          /* The machine of a remote target of a run over several; null: the run's own. */
          add_string (b, "host", host);
          json_builder_set_member_name (b, "failed");
          json_builder_add_boolean_value (b, dyno_target_result_failed (target));
          add_rate (b, "write", target);
          add_rate (b, "read", target);
          json_builder_set_member_name (b, "phases");
          json_builder_begin_array (b);
          for (guint p = 0; p < target->phases->len; p++)
            json_builder_add_string_value (
                b, dyno_phase_get_key (((DynoPhaseResult *) g_ptr_array_index (target->phases, p))->phase));
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "problems");
  json_builder_begin_array (b);
  for (guint i = 0; i < problems->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (problems, i));
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

/* Oldest first by the date a run was made, as the Runs page sorts them: a file's name need not
 * start with its date (imports, renames). Runs without a date go last, in name order. */
static int
compare_dates (gconstpointer a, gconstpointer b, gpointer data)
{
  GPtrArray *results = data;
  GDateTime *da = dyno_result_get_created (g_ptr_array_index (results, *(const guint *) a));
  GDateTime *db = dyno_result_get_created (g_ptr_array_index (results, *(const guint *) b));

  if (da == NULL || db == NULL)
    return (da == NULL) - (db == NULL);
  return g_date_time_compare (da, db);
}

static void
sort_by_date (GPtrArray *results, GPtrArray *paths)
{
  g_autoptr (GArray) order = g_array_sized_new (FALSE, FALSE, sizeof (guint), results->len);
  g_autoptr (GPtrArray) sorted_results = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) sorted_paths = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < results->len; i++)
    g_array_append_val (order, i);
  /* Stable, so equal dates keep the folder's name order. */
  g_qsort_with_data (order->data, order->len, sizeof (guint), compare_dates, results);
  for (guint i = 0; i < order->len; i++)
    {
      guint from = g_array_index (order, guint, i);

      g_ptr_array_add (sorted_results, g_object_ref (g_ptr_array_index (results, from)));
      g_ptr_array_add (sorted_paths, g_strdup (g_ptr_array_index (paths, from)));
    }
  g_ptr_array_set_size (results, 0);
  g_ptr_array_set_size (paths, 0);
  g_ptr_array_extend_and_steal (results, g_steal_pointer (&sorted_results));
  g_ptr_array_extend_and_steal (paths, g_steal_pointer (&sorted_paths));
}

int
dyno_cli_list (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autofree char *dir = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir,
      N_("List the runs in DIR instead of the runs folder"), N_("DIR") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— the saved runs"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) paths = NULL;
  g_autoptr (GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *runs = NULL;

  g_set_prgname ("dyno-cli list");
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Lists the runs the app keeps (and dyno-cli run --json "
                                           "saves there), oldest first: date, name, block write "
                                           "and read, targets and file."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("list", "%s", error->message);
  if (argc > 1)
    return dyno_cli_usage_error ("list", _("Unexpected argument “%s”"), argv[1]);

  if (dir != NULL && dir[0] == '\0')
    return dyno_cli_empty_name_error ("list", "--dir");
  runs = dir != NULL ? g_strdup (dir) : dyno_result_store_get_dir ();
  if (dir != NULL && !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      dyno_cli_error (_("%s is not a folder"), dir);
      return DYNO_EXIT_FAILED;
    }
  paths = dyno_result_store_list (runs);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr (GError) load_error = NULL;
      DynoResult *result = dyno_result_load (g_ptr_array_index (paths, i), &load_error);

      if (result == NULL)
        {
          g_ptr_array_add (problems, g_strdup (load_error->message));
          continue;
        }
      g_ptr_array_add (results, result);
      g_ptr_array_add (listed, g_strdup (g_ptr_array_index (paths, i)));
    }
  sort_by_date (results, listed);
  if (json)
    print_json (results, listed, problems);
  else
    print_text (results, listed);
  /* A file that cannot be read is said, not hidden; the others are listed all the same. */
  for (guint i = 0; i < problems->len; i++)
    dyno_cli_error ("%s", (const char *) g_ptr_array_index (problems, i));
  return problems->len > 0 ? DYNO_EXIT_FAILED : DYNO_EXIT_OK;
}
