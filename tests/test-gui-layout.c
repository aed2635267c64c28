/* test-gui-layout.c: the app as a person meets it: every page usable at GNOME's mobile width,
 * the setup page's advanced settings behind a disclosure that stays as it was left, one name
 * for a phase, a person's text never taken for markup, a remote run's machine in the list
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory; XDG_DATA_HOME points at a temporary
 * folder. Without a display it skips (gtk_test_init would abort). Warnings are fatal here, so
 * a label GTK fails to parse as markup fails the test.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dyno-application.h"
#include "dyno-compare.h"
#include "dyno-fill-window.h"
#include "dyno-history-row.h"
#include "dyno-preferences-window.h"
#include "dyno-result-store.h"
#include "dyno-results-page-private.h"
#include "dyno-scan-window.h"
#include "dyno-test-util.h"
#include "dyno-test-widgets.h"
#include "dyno-window-private.h"

/* GNOME's mobile width: every page's minimum fits in it. */
#define MOBILE_WIDTH 360

static DynoApplication *app;
static char *data_home;

static char *
runs_dir (void)
{
  return g_build_filename (data_home, "dyno", "runs", NULL);
}

static void
reset (void)
{
  g_autofree char *dir = runs_dir ();

  dyno_test_reset_settings ();
  dyno_test_rm_rf (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
}

static DynoWindow *
create_window (void)
{
  DynoWindow *window = dyno_window_new (GTK_APPLICATION (app));

  g_object_ref (window);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  WAIT_FOR (dyno_history_get_loaded (dyno_results_page_get_history (
                dyno_window_get_results_page (window))),
            30);
  return window;
}

/* A target measured three times: block write and read and a stat phase. */
static DynoTargetResult *
make_target (const char *path, double write_mbs)
{
  static const char *const keys[] = { "write", "read", "seq_stat" };
  DynoTargetInfo *info = dyno_target_info_new (path);
  DynoTargetResult *target;
  double drift = strlen (path) % 3 == 1 ? 1.0 : -1.0;

  info->fs_type = g_strdup ("ext4");
  info->writable = TRUE;
  target = dyno_target_result_new (info);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target,
                                                                dyno_phase_lookup (keys[i]));
      double base = i == 0 ? write_mbs * 1e6 : i == 1 ? 2 * write_mbs * 1e6 : 90000;

      for (guint r = 0; r < 3; r++)
        {
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = r;
          run.rate = base * (1.0 + drift * (r - 1.0) / 100.0);
          run.elapsed = 4.0;
          run.amount = (guint64) (run.rate * run.elapsed);
          run.cpu_seconds = 0.8;
          run.cpu_percent = 20;
          dyno_phase_result_add_run (phase, &run);
        }
    }
  return target;
}

/* A paired session of two folders, labelled with an ampersand (a person's text, not markup). */
static DynoResult *
make_paired (const char *label)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (1790000000);
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();

  config->repeat = 3;
  g_assert_true (dyno_config_select (config, "write,read,seq_stat", NULL));
  dyno_result_set_config (result, config);
  dyno_result_set_label (result, label);
  dyno_result_set_created (result, when);
  system->hostname = g_strdup ("testhost");
  system->os_name = g_strdup ("Debian GNU/Linux 12 (bookworm)");
  dyno_result_set_system (result, system);
  dyno_result_add_target (result, make_target ("/srv/plain-folder", 500));
  dyno_result_add_target (result, make_target ("/srv/encrypted-folder", 300));
  return result;
}

static char *
save (DynoResult *result, const char *name)
{
  g_autofree char *dir = runs_dir ();
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (dyno_result_save (result, path, &error));
  g_assert_no_error (error);
  return path;
}

static int
min_width (GtkWidget *widget)
{
  int minimum = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The deepest widgets wider than the mobile width: what to look at when a page is too wide. */
static void
name_wide (GtkWidget *widget, GString *out)
{
  gboolean child_wide = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && min_width (child) > MOBILE_WIDTH)
      {
        child_wide = TRUE;
        name_wide (child, out);
      }
  if (!child_wide)
    {
      g_string_append_printf (out, " %s(%s, %d px:", G_OBJECT_TYPE_NAME (widget),
                              GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
                                                    : gtk_widget_get_name (widget),
                              min_width (widget));
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (gtk_widget_get_visible (child))
          g_string_append_printf (out, " %s/%s %d", G_OBJECT_TYPE_NAME (child),
                                  gtk_widget_get_css_name (child), min_width (child));
      g_string_append (out, ") in");
      for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
        g_string_append_printf (out, " %s/%s", G_OBJECT_TYPE_NAME (up), gtk_widget_get_css_name (up));
    }
}

static guint n_too_wide;

static void
assert_fits (GtkWidget *widget, const char *what)
{
  int width;

  /* A window's decorations are the window manager's: its content is what must fit. */
  if (ADW_IS_WINDOW (widget))
    widget = adw_window_get_content (ADW_WINDOW (widget));

  gtk_test_widget_wait_for_draw (widget);
  width = min_width (widget);
  g_test_message ("%s: at least %d px wide", what, width);
  if (width > MOBILE_WIDTH)
    {
      g_autoptr (GString) wide = g_string_new (NULL);

      name_wide (widget, wide);
      g_test_message ("%s needs %d px, more than GNOME's mobile width of %d px:%s", what, width,
                      MOBILE_WIDTH, wide->str);
      n_too_wide++;
    }
}

static void
assert_window_fits (DynoWindow *window, const char *what)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));

  dyno_test_spin (100);
  assert_fits (content, what);
}

/* Every page's minimum width is within GNOME's mobile width, with what makes pages wide: a
 * paired result's verdicts and tables, a comparison, the setup page's advanced settings. */
static void
test_narrow (void)
{
  g_autoptr (DynoResult) paired = make_paired ("Plain & encrypted");
  g_autoptr (DynoResult) other = make_paired ("Another run");
  g_autofree char *paired_path = NULL;
  g_autofree char *other_path = NULL;
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DynoResultsPage *page;
  DynoWindow *window;
  GtkWidget *dialog;

  reset ();
  paired_path = save (paired, "paired.dyno.json");
  other_path = save (other, "other.dyno.json");
  window = create_window ();
  page = dyno_window_get_results_page (window);
  gtk_window_set_default_size (GTK_WINDOW (window), MOBILE_WIDTH, 640);

  dyno_window_show_page (window, "setup");
  assert_window_fits (window, "the setup page");
  g_settings_set_boolean (settings, "show-advanced", TRUE);
  assert_window_fits (window, "the setup page with its advanced settings");

  dyno_window_show_page (window, "run");
  assert_window_fits (window, "the live page");
  {
    /* A run's page: the figures' cards, two targets' charts and CrystalDiskMark's tiles. */
    g_autoptr (DynoConfig) config = dyno_config_new ();
    const char *targets[] = { "/srv/plain-folder", "/srv/encrypted-folder", NULL };

    g_assert_true (dyno_config_select (config, "write,read,seq_stat", NULL));
    dyno_config_add_phase (config, dyno_phase_lookup ("seq-read:1m:q8:t1"));
    dyno_config_add_phase (config, dyno_phase_lookup ("rnd-write:4k:q32:t1"));
    dyno_run_view_begin (window->run_view, config, targets);
    assert_window_fits (window, "the live page of a run");
  }

  dyno_window_show_page (window, "results");
  assert_window_fits (window, "the list of runs");

  dyno_results_page_show_result (page, paired, paired_path);
  g_assert_cmpstr (dyno_results_page_get_view (page), ==, "result");
  assert_window_fits (window, "a paired result");

  {
    g_autoptr (DynoComparison) comparison = dyno_comparison_new ();

    dyno_comparison_add_result (comparison, paired);
    dyno_comparison_add_result (comparison, other);
    dyno_comparison_name_by_folder (comparison);
    dyno_results_page_show_comparison (page, comparison);
    g_assert_cmpstr (dyno_results_page_get_view (page), ==, "comparison");
    assert_window_fits (window, "a comparison");
  }

  dialog = dyno_preferences_window_new (GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (dialog));
  assert_fits (dialog, "the preferences");
  gtk_window_destroy (GTK_WINDOW (dialog));

  {
    DynoFillWindow *fill = dyno_fill_window_new (GTK_WINDOW (window));

    gtk_window_present (GTK_WINDOW (fill));
    assert_fits (GTK_WIDGET (fill), "the fill test");
    gtk_window_destroy (GTK_WINDOW (fill));
  }
  {
    DynoScanWindow *scan = dyno_scan_window_new (GTK_WINDOW (window));

    gtk_window_present (GTK_WINDOW (scan));
    dyno_test_spin (200);
    assert_fits (GTK_WIDGET (scan), "the drive scan");
    gtk_window_destroy (GTK_WINDOW (scan));
  }

  dyno_test_destroy_window (window);
  g_assert_cmpuint (n_too_wide, ==, 0);
}

/* The advanced settings are behind a disclosure, closed at first, and stay as they were left
 * from one window to the next. */
static void
test_advanced (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DynoWindow *window;
  DynoSetupView *view;

  reset ();
  window = create_window ();
  view = dyno_window_get_setup_view (window);
  g_assert_false (dyno_setup_view_get_advanced_shown (view));
  g_assert_false (gtk_toggle_button_get_active (dyno_setup_view_get_advanced_button (view)));
  /* The essential choices are there without it. */
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (view), "Preset"));
  g_assert_false (dyno_test_label_shown (GTK_WIDGET (view), "Block Size"));

  /* As a click or its mnemonic does (a button's activation ends after a short animation). */
  gtk_widget_activate (GTK_WIDGET (dyno_setup_view_get_advanced_button (view)));
  WAIT_FOR (dyno_setup_view_get_advanced_shown (view), 5);
  g_assert_true (g_settings_get_boolean (settings, "show-advanced"));
  g_assert_true (dyno_test_label_shown (GTK_WIDGET (view), "Block Size"));
  dyno_test_destroy_window (window);

  window = create_window ();
  view = dyno_window_get_setup_view (window);
  g_assert_true (dyno_setup_view_get_advanced_shown (view));
  gtk_widget_activate (GTK_WIDGET (dyno_setup_view_get_advanced_button (view)));
  WAIT_FOR (!dyno_setup_view_get_advanced_shown (view), 5);
  g_assert_false (g_settings_get_boolean (settings, "show-advanced"));
  dyno_test_destroy_window (window);
}

/* A stat phase is "Stat" in the result view as on the live page and the charts, never
 * bonnie++'s "Read"; the label, which holds an ampersand, is shown as written. */
static void
test_one_name (void)
{
  g_autoptr (DynoResult) paired = make_paired ("Plain & encrypted");
  g_autofree char *path = NULL;
  DynoResultsPage *page;
  DynoWindow *window;
  GtkWidget *view;

  reset ();
  path = save (paired, "paired.dyno.json");
  window = create_window ();
  page = dyno_window_get_results_page (window);
  dyno_window_show_page (window, "results");
  dyno_results_page_show_result (page, paired, path);
  view = GTK_WIDGET (page->result_view);
  gtk_test_widget_wait_for_draw (view);
  g_assert_true (dyno_test_label_shown (view, "Plain & encrypted"));
  g_assert_true (dyno_test_label_shown (view, "Stat"));
  g_assert_false (dyno_test_label_shown (view, "Read"));
  g_assert_cmpstr (dyno_phase_get_short_title (dyno_phase_lookup ("rand_stat")), ==, "Stat");
  dyno_test_destroy_window (window);
}

/* A run measured over SSH says its machine in the list of runs, and is named as everywhere
 * else: its folder, on that machine. */
static void
test_history_host (void)
{
  g_autoptr (DynoResult) remote = make_paired (NULL);
  g_autoptr (DynoResult) mixed = make_paired (NULL);
  g_autofree char *remote_path = NULL;
  g_autofree char *mixed_path = NULL;
  DynoTargetResult *far;
  DynoResultsPage *page;
  DynoWindow *window;
  GtkWidget *list;

  reset ();
  /* One remote machine's run: its system is that machine's. */
  g_clear_pointer (&((DynoSystemInfo *) dyno_result_get_system (remote))->hostname, g_free);
  ((DynoSystemInfo *) dyno_result_get_system (remote))->hostname = g_strdup ("nas");
  dyno_result_set_remote (remote, "ada@192.0.2.7");
  dyno_target_result_free (dyno_result_steal_target (remote, 1));
  remote_path = save (remote, "remote.dyno.json");
  /* A local folder and another machine's, taking turns. */
  far = dyno_result_get_target (mixed, 1);
  far->remote = g_strdup ("ada@192.0.2.8");
  far->system = dyno_system_info_new ();
  far->system->hostname = g_strdup ("far");
  mixed_path = save (mixed, "mixed.dyno.json");

  window = create_window ();
  page = dyno_window_get_results_page (window);
  dyno_window_show_page (window, "results");
  list = GTK_WIDGET (page->history_view);
  gtk_test_widget_wait_for_draw (list);
  WAIT_FOR (dyno_test_find_label (list, "plain-folder on nas") != NULL, 10);
  g_assert_nonnull (dyno_test_find_label (list, "nas (over SSH)"));
  g_assert_nonnull (dyno_test_find_label (list, "plain-folder, encrypted-folder on far"));
  g_assert_nonnull (dyno_test_find_label (list, "/srv/encrypted-folder on far"));
  dyno_test_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  data_home = dyno_test_make_dir ("dyno-gui-layout");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  g_test_add_func ("/gui-layout/narrow", test_narrow);
  g_test_add_func ("/gui-layout/advanced", test_advanced);
  g_test_add_func ("/gui-layout/one-name", test_one_name);
  g_test_add_func ("/gui-layout/history-host", test_history_host);
  {
    int status = g_test_run ();

    g_clear_object (&app);
    dyno_test_rm_rf (data_home);
    g_free (data_home);
    return status;
  }
}
