/* test-gui-array.c: the result view's Array and Price groups, and the comparison's rows per
 * currency unit, driven as a person would
 *
 * The array is tests/fixtures/results/seed-raid6-array.json: the seed 000 machine (24 drives,
 * two 11-drive RAID6 sets under LVM, 2 hot spares, 18 data spindles) as a run on it records
 * it; this machine has no md RAID, so no real array was measured. Runs under xvfb-run with
 * GSETTINGS_BACKEND=memory and XDG_DATA_HOME in a temporary folder; without a display it skips.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "dyno-application.h"
#include "dyno-array.h"
#include "dyno-results-page-private.h"
#include "dyno-test-util.h"
#include "dyno-test-widgets.h"
#include "dyno-window-private.h"

static DynoApplication *app;
static char *data_home;

static char *
runs_dir (void)
{
  return g_build_filename (data_home, "dyno", "runs", NULL);
}

static void
clear_runs (void)
{
  g_autofree char *dir = runs_dir ();

  dyno_test_rm_rf (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
}

/* The fixture, copied into the runs folder under name, with its label changed to label. */
static char *
save_fixture (const char *name, const char *label)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "fixtures", "results",
                                                    "seed-raid6-array.json", NULL);
  g_autofree char *dir = runs_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = dyno_result_load (fixture, &error);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_no_error (error);
  dyno_result_set_label (result, label);
  g_assert_true (dyno_result_save (result, path, &error));
  g_assert_no_error (error);
  return path;
}

static DynoWindow *
create_results_window (void)
{
  DynoWindow *window = dyno_window_new (GTK_APPLICATION (app));

  g_object_ref (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  WAIT_FOR (dyno_history_get_loaded (
                dyno_results_page_get_history (dyno_window_get_results_page (window))),
            30);
  return window;
}

static DynoHistoryItem *
find_item (DynoWindow *window, const char *title)
{
  GListModel *model = dyno_history_view_get_model (
      dyno_results_page_get_history_view (dyno_window_get_results_page (window)));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (dyno_history_item_get_title (item), title) == 0)
        return item;
    }
  return NULL;
}

static DynoResultView *
show (DynoWindow *window, const char *title)
{
  DynoResultsPage *page = dyno_window_get_results_page (window);
  DynoHistoryItem *item = find_item (window, title);

  g_assert_nonnull (item);
  dyno_results_page_show_item (page, item);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return page->result_view;
}

static gboolean
history_idle (DynoWindow *window)
{
  return !dyno_history_get_busy (
      dyno_results_page_get_history (dyno_window_get_results_page (window)));
}

/* The Array group of a result on the fixture RAID6: layout, members, data spindles; the
 * figures per data spindle, and with the reference typed in, their efficiency; kept in the
 * file through the history's worker and shown again after a reload. */
static void
test_array_reference (void)
{
  g_autofree char *path = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  const DynoPhase *read = dyno_phase_lookup ("read");
  const DynoPhase *write = dyno_phase_lookup ("write");
  DynoResultView *view;
  DynoArrayGroup *group;
  AdwEntryRow *entry;
  DynoWindow *window;

  clear_runs ();
  path = save_fixture ("seed.dyno.json", "JackRabbit-M");
  window = create_results_window ();
  view = show (window, "JackRabbit-M");

  group = dyno_result_view_get_array_group (view, 0);
  g_assert_nonnull (group);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (group)));
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group), "dm-1 (raid6 + raid6)"));
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group), "22 members + 2 spares"));
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group), "512 KiB"));
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group),
                              "18 for reads, 18 for writes · found by: sysfs dm-1/slaves → md0, "
                              "md1, each md/level; spindles summed (as if striped over them)"));
  /* Without a reference: per data spindle only. */
  g_assert_cmpstr (dyno_array_group_get_figure (group, read), ==,
                   "1.58 GB/s = 87.98 MB/s per data spindle");
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group), "1.58 GB/s = 87.98 MB/s per data spindle"));
  g_assert_null (dyno_array_group_get_figure (group, dyno_phase_lookup ("seeks")));

  /* "one drive alone sustains 93 MB/s" reading and 70 writing, as the seed measured. */
  entry = dyno_array_group_get_reference_row (group);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  gtk_editable_set_text (GTK_EDITABLE (entry), "fast");
  g_signal_emit_by_name (entry, "apply");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_true (isnan (dyno_result_get_target (dyno_result_view_get_result (view), 0)
                            ->reference_read));
  gtk_editable_set_text (GTK_EDITABLE (entry), "93,70");
  g_signal_emit_by_name (entry, "apply");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (dyno_array_group_get_figure (group, read), ==,
                   "1.58 GB/s = 87.98 MB/s per data spindle = 94.6 % of one drive");
  g_assert_cmpstr (dyno_array_group_get_figure (group, write), ==,
                   "1.12 GB/s = 62.35 MB/s per data spindle = 89.1 % of one drive");
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group),
                              "1.58 GB/s = 87.98 MB/s per data spindle = 94.6 % of one drive"));

  /* In the file, written by the history's worker. */
  WAIT_FOR (history_idle (window), 30);
  loaded = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (dyno_result_get_target (loaded, 0)->reference_read, ==, 93e6);
  g_assert_cmpfloat (dyno_result_get_target (loaded, 0)->reference_write, ==, 70e6);
  g_assert_nonnull (dyno_result_get_target (loaded, 0)->info->array);
  g_assert_cmpstr (dyno_result_get_label (loaded), ==, "JackRabbit-M");
  dyno_test_destroy_window (window);

  /* And there the next time. */
  window = create_results_window ();
  view = show (window, "JackRabbit-M");
  group = dyno_result_view_get_array_group (view, 0);
  g_assert_nonnull (group);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dyno_array_group_get_reference_row (group))),
                   ==, "93,70");
  g_assert_cmpstr (dyno_array_group_get_figure (group, read), ==,
                   "1.58 GB/s = 87.98 MB/s per data spindle = 94.6 % of one drive");

  /* Cleared: back to the rate per spindle alone, and out of the file. */
  gtk_editable_set_text (GTK_EDITABLE (dyno_array_group_get_reference_row (group)), "");
  g_signal_emit_by_name (dyno_array_group_get_reference_row (group), "apply");
  g_assert_cmpstr (dyno_array_group_get_figure (group, read), ==,
                   "1.58 GB/s = 87.98 MB/s per data spindle");
  WAIT_FOR (history_idle (window), 30);
  g_clear_object (&loaded);
  loaded = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (isnan (dyno_result_get_target (loaded, 0)->reference_read));
  dyno_test_destroy_window (window);
}

/* A target on a plain disk has no Array group. */
static void
test_array_absent (void)
{
  g_autofree char *dir = runs_dir ();
  g_autofree char *path = g_build_filename (dir, "plain.dyno.json", NULL);
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (GError) error = NULL;
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/srv"));
  DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, dyno_phase_lookup ("read"));
  DynoPhaseRun run;
  DynoResultView *view;
  DynoWindow *window;

  clear_runs ();
  dyno_phase_run_init (&run);
  run.amount = 1000000000;
  run.elapsed = 5;
  run.rate = 2e8;
  dyno_phase_result_add_run (phase, &run);
  dyno_phase_result_summarize (phase);
  dyno_result_set_label (result, "Plain");
  dyno_result_add_target (result, target);
  g_assert_true (dyno_result_save (result, path, &error));
  g_assert_no_error (error);

  window = create_results_window ();
  view = show (window, "Plain");
  g_assert_null (dyno_result_view_get_array_group (view, 0));
  g_assert_nonnull (dyno_result_view_get_price_group (view, 0));
  g_assert_false (dyno_test_label_shown (GTK_WIDGET (view), "Array"));
  dyno_test_destroy_window (window);
}

/* A price typed in: kept as dyno-cli run --price keeps it, shown as MB/s and IOPS per USD in
 * the result view, and as a "per USD" row in the comparison. */
static void
test_price (void)
{
  g_autofree char *a_path = NULL;
  g_autofree char *b_path = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  const DynoPhase *read = dyno_phase_lookup ("read");
  DynoResultsPage *page;
  DynoResultView *view;
  DynoPriceGroup *group;
  AdwEntryRow *entry;
  DynoWindow *window;

  clear_runs ();
  a_path = save_fixture ("a.dyno.json", "Priced");
  b_path = save_fixture ("b.dyno.json", "Unpriced");
  window = create_results_window ();
  page = dyno_window_get_results_page (window);
  view = show (window, "Priced");
  group = dyno_result_view_get_price_group (view, 0);
  g_assert_nonnull (group);
  entry = dyno_price_group_get_entry (group);
  g_assert_null (dyno_price_group_get_figure (group, read));

  /* No currency and a locale that names none (the tests run in C): refused, saying so. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "1500");
  g_signal_emit_by_name (entry, "apply");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_false (dyno_target_result_has_price (
      dyno_result_get_target (dyno_result_view_get_result (view), 0)));

  gtk_editable_set_text (GTK_EDITABLE (entry), "1500 usd");
  g_signal_emit_by_name (entry, "apply");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "1500 USD");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* 83886080000 B / 52.9713 s = 1.5836 GB/s; / 1500 = 1.06 MB/s per USD. 250 seeks/s: 0.167. */
  g_assert_cmpstr (dyno_price_group_get_figure (group, read), ==, "1.06 MB/s per USD");
  g_assert_cmpstr (dyno_price_group_get_figure (group, dyno_phase_lookup ("seeks")), ==,
                   "0.167 ops/s per USD");
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (group), "1.06 MB/s per USD"));

  WAIT_FOR (history_idle (window), 30);
  loaded = dyno_result_load (a_path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (dyno_result_get_target (loaded, 0)->price_amount, ==, 1500);
  g_assert_cmpstr (dyno_result_get_target (loaded, 0)->price_currency, ==, "USD");

  /* Compared with the unpriced run: a row per USD for the priced one only. */
  dyno_history_item_set_selected (find_item (window, "Priced"), TRUE);
  dyno_history_item_set_selected (find_item (window, "Unpriced"), TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "results.compare", NULL));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  {
    DynoCompareView *compare = dyno_results_page_get_compare_view (page);

    g_assert_true (dyno_test_label_shown (GTK_WIDGET (compare), "per USD"));
    g_assert_true (dyno_test_label_shown (GTK_WIDGET (compare), "1.06"));
    g_assert_false (dyno_test_label_shown (GTK_WIDGET (compare), "per EUR"));
  }
  dyno_test_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  data_home = dyno_test_make_dir ("dyno-gui-array-data");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  g_test_add_func ("/gui-array/array-reference", test_array_reference);
  g_test_add_func ("/gui-array/array-absent", test_array_absent);
  g_test_add_func ("/gui-array/price", test_price);

  status = g_test_run ();

  g_clear_object (&app);
  dyno_test_rm_rf (data_home);
  g_free (data_home);
  return status;
}
