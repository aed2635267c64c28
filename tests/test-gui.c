/* test-gui.c: the app's window, driven through its actions as a person would
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory; XDG_DATA_HOME points at a temporary
 * folder so saved results land there. Without a display it skips (gtk_test_init would abort).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#endif

#include "dyno-app-enums.h"
#include "dyno-application.h"
#include "dyno-export.h"
#include "dyno-files-options.h"
#include "dyno-help-window.h"
#include "dyno-history-row.h"
#include "dyno-leftovers.h"
#include "dyno-mounts.h"
#include "dyno-parse.h"
#include "dyno-presets.h"
#include "dyno-result-store.h"
#include "dyno-results-page-private.h"
#include "dyno-target-list.h"
#include "dyno-test-util.h"
#include "dyno-test-widgets.h"
#include "dyno-units.h"
#include "dyno-window-private.h"
#include "dyno-switch-row.h"
#include "dyno-sysinfo-collect.h"

static DynoApplication *app;
static GThread *main_thread;
static char *data_home;
/* The notifications the app sent and withdrew: counted here, never shown (on_send_notification). */
static guint n_sent;
static guint n_withdrawn;
static char *last_sent_id;

/* Runs the main loop until cond holds; fails the test after the given seconds. */
static DynoWindow *
create_window (void)
{
  DynoWindow *window = dyno_window_new (GTK_APPLICATION (app));

  /* Ours, so the test can check that destroying the window really frees it. */
  g_object_ref (window);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static DynoTargetList *
get_target_list (DynoWindow *window)
{
  return dyno_setup_view_get_target_list (dyno_window_get_setup_view (window));
}

static DynoResultsPage *
results_page (DynoWindow *window)
{
  return dyno_window_get_results_page (window);
}

static DynoHistoryView *
history_view (DynoWindow *window)
{
  return dyno_results_page_get_history_view (results_page (window));
}

/* Whether a button, a menu item or a shortcut would activate the action (win.run,
 * results.compare…). GTK has no getter for the state of a widget's action; a button bound to it
 * shows it in its sensitivity, as the app's own buttons do. The probe sits in the Results page,
 * which sees the window's actions and its own. */
static gboolean
action_enabled (DynoWindow *window, const char *name)
{
  GtkWidget *probe = g_object_ref_sink (gtk_button_new ());
  gboolean enabled;

  gtk_widget_set_parent (probe, GTK_WIDGET (results_page (window)));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), name);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  g_object_unref (probe);
  return enabled;
}

/* The "Saved “…”" toast the window shows when a result was written, if it is up. */
static gboolean
saved_toast_shown (DynoWindow *window)
{
  return dyno_test_find_label (GTK_WIDGET (window->toast_overlay), "Saved \u201c") != NULL;
}

/* Defined with the results tests, used by the run tests too. */
static void clear_runs (void);
static DynoWindow *create_results_window (void);
static AdwMessageDialog *find_dialog (DynoWindow *window);

/* The phases of a --tests list ("write,read", "files"), in catalogue order. */
static GPtrArray *
phase_list (const char *tests)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();

  g_assert_true (dyno_config_select (config, tests, NULL));
  return g_ptr_array_copy (config->phases, NULL, NULL);
}

static void
set_tests (GSettings *settings, const char *tests)
{
  g_autoptr (GPtrArray) phases = phase_list (tests);

  dyno_settings_set_phases (settings, phases);
}

/* A run small enough for a test: one pass (no phase time) of 16 MiB, block I/O and seeks, 1024
 * files, once. */
static void
set_tiny_options (GSettings *settings, const char *tests)
{
  g_settings_set_double (settings, "phase-time", 0);
  g_settings_set_uint (settings, "repeat", 1);
  g_settings_set_string (settings, "size", "16M");
  g_settings_set_string (settings, "files-spec", "1");
  g_settings_set_uint (settings, "seeks", 256);
  set_tests (settings, tests);
}

/* The window opens with the mounted volumes listed */

static void
test_window_targets (void)
{
  DynoWindow *window;
  DynoTargetList *list;
  DynoTargetRow *root;

  dyno_test_reset_settings ();
  window = create_window ();
  list = get_target_list (window);

  g_assert_cmpuint (dyno_target_list_get_n_rows (list), >=, 1);
  root = dyno_target_list_find_row (list, "/");
  g_assert_nonnull (root);
  /* The probe runs on a worker thread and fills the row in when it is done. */
  WAIT_FOR (!dyno_target_row_get_probing (root), 30);
  g_assert_nonnull (dyno_target_row_get_info (root));
  g_assert_cmpstr (dyno_target_row_get_info (root)->path, ==, "/");
  g_assert_nonnull (adw_action_row_get_subtitle (ADW_ACTION_ROW (root)));

  /* Nothing is checked on a first start, so there is nothing to run. */
  g_assert_false (dyno_setup_view_get_can_run (dyno_window_get_setup_view (window)));
  g_assert_false (action_enabled (window, "win.run"));
  g_assert_false (action_enabled (window, "win.stop"));
  g_assert_false (action_enabled (window, "win.copy-results"));
  g_assert_cmpstr (dyno_setup_view_get_note (dyno_window_get_setup_view (window)), !=, "");

  dyno_test_destroy_window (window);
}

/* A quick run, from Run to the saved result */

typedef struct
{
  guint samples;
  guint phases_finished;
  guint wrong_thread;
} Handoff;

static void
on_samples (DynoEngine *engine, GArray *samples, Handoff *handoff)
{
  /* The engine's workers never call us: the batch comes on the main thread, in its loop. */
  if (g_thread_self () != main_thread || !g_main_context_is_owner (g_main_context_default ()))
    handoff->wrong_thread++;
  handoff->samples += samples->len;
}

static void
on_phase_finished (DynoEngine *engine,
                   guint target,
                   guint repeat,
                   int phase,
                   const DynoPhaseRun *run,
                   Handoff *handoff)
{
  if (g_thread_self () != main_thread || !g_main_context_is_owner (g_main_context_default ()))
    handoff->wrong_thread++;
  handoff->phases_finished++;
}

static void
on_clipboard_text (GObject *source, GAsyncResult *result, gpointer user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

/* Long enough for the folder's events to settle and be read (500 ms) twice over. */
static void
let_events_settle (void)
{
  gint64 end = g_get_monotonic_time () + 1500 * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

static void
test_run_quick (void)
{
  const char *tests = "write,rewrite,read,seeks,files";
  g_autoptr (GPtrArray) phases = phase_list (tests);
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-run");
  g_autofree char *runs_dir = NULL;
  g_autofree char *clipboard_text = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  Handoff handoff = { 0 };
  DynoWindow *window;
  DynoResultView *result_view;
  DynoChart *chart;
  DynoResult *result;
  const char *path;
  guint n_phases = 0;
  guint sent_before = n_sent;

  dyno_test_reset_settings ();
  window = create_window ();

  /* The preset fills in its values; changing one by hand makes it custom. */
  g_assert_cmpint (g_settings_get_enum (settings, "preset"), ==, DYNO_PRESET_QUICK);
  g_assert_true (dyno_settings_match_preset (settings, DYNO_PRESET_QUICK,
                                             dyno_units_get_ram_bytes ()));
  set_tiny_options (settings, tests);
  g_assert_cmpint (g_settings_get_enum (settings, "preset"), ==, DYNO_PRESET_CUSTOM);

  g_signal_connect (dyno_window_get_engine (window), "samples", G_CALLBACK (on_samples),
                    &handoff);
  g_signal_connect (dyno_window_get_engine (window), "phase-finished",
                    G_CALLBACK (on_phase_finished), &handoff);

  /* What Add Folder… does with the chosen folder. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-target", "s", target);
  g_assert_nonnull (dyno_target_list_find_row (get_target_list (window), target));
  g_assert_true (dyno_target_row_get_selected (
      dyno_target_list_find_row (get_target_list (window), target)));
  g_assert_true (action_enabled (window, "win.run"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (dyno_window_get_running (window), 30);
  g_assert_false (action_enabled (window, "win.run"));
  g_assert_true (action_enabled (window, "win.stop"));
  WAIT_FOR (!dyno_window_get_running (window), 240);
  WAIT_FOR (dyno_window_get_result_path (window) != NULL, 60);
  /* A run that went well says where it went (test_run_failed checks the opposite). */
  g_assert_true (saved_toast_shown (window));

  g_assert_cmpuint (handoff.wrong_thread, ==, 0);
  g_assert_cmpuint (handoff.samples, >, 0);

  /* The curve got the samples. */
  g_assert_cmpuint (dyno_run_view_get_n_charts (dyno_window_get_run_view (window)), ==, 1);
  chart = dyno_run_view_get_chart (dyno_window_get_run_view (window), 0);
  g_assert_nonnull (chart);
  g_assert_cmpuint (dyno_chart_get_n_samples (chart), >, 0);

  /* Every phase that was asked for has its row, with a figure or Bonnie's "+++++". */
  result = dyno_window_get_result (window);
  g_assert_nonnull (result);
  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 1);
  g_assert_false (dyno_target_result_failed (dyno_result_get_target (result, 0)));
  result_view = dyno_results_page_get_result_view (results_page (window));
  for (guint i = 0; i < n_bonnie; i++)
    {
      GtkLabel *label = dyno_result_view_get_rate_label (result_view, 0, bonnie[i]);

      if (!g_ptr_array_find (phases, bonnie[i], NULL))
        {
          g_assert_null (label);
          continue;
        }
      g_assert_nonnull (label);
      g_assert_cmpstr (gtk_label_get_text (label), !=, "");
      g_assert_cmpstr (gtk_label_get_text (label), !=, "—");
      n_phases++;
    }
  g_assert_cmpuint (n_phases, ==, 10);
  g_assert_cmpuint (handoff.phases_finished, ==, n_phases);

  /* Saved in $XDG_DATA_HOME/dyno/runs, with a name people can sort and read. */
  path = dyno_window_get_result_path (window);
  runs_dir = g_build_filename (data_home, "dyno", "runs", NULL);
  g_assert_true (g_str_has_prefix (path, runs_dir));
  g_assert_true (g_str_has_suffix (path, ".dyno.json"));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  {
    GStatBuf st;

    g_assert_cmpint (g_stat (runs_dir, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  }
  loaded = dyno_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dyno_result_get_id (loaded), ==, dyno_result_get_id (result));

  /* Listed at the top of the Results page, with its file. */
  {
    GListModel *model = dyno_history_view_get_model (history_view (window));
    g_autoptr (DynoHistoryItem) top = NULL;

    g_assert_cmpuint (g_list_model_get_n_items (model), >=, 1);
    top = g_list_model_get_item (model, 0);
    g_assert_true (dyno_history_item_get_result (top) == result);
    g_assert_cmpstr (dyno_history_item_get_path (top), ==, path);

    /* Once: the runs folder's watch sees the new file too, and must leave it to the window. */
    let_events_settle ();
    for (guint i = 1; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr (DynoHistoryItem) other = g_list_model_get_item (model, i);

        g_assert_cmpstr (dyno_history_item_get_path (other), !=, path);
      }
  }

  /* Copy as text puts Bonnie's table on the clipboard. */
  g_assert_true (action_enabled (window, "win.copy-results"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-results", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 on_clipboard_text, &clipboard_text);
  WAIT_FOR (clipboard_text != NULL, 10);
  g_assert_nonnull (strstr (clipboard_text, "Sequential Output"));

  /* In front of the person the run's end needs no notification. */
  if (gtk_window_is_active (GTK_WINDOW (window)))
    g_assert_cmpuint (n_sent, ==, sent_before);

  dyno_test_assert_no_scratch (target);
  g_signal_handlers_disconnect_by_data (dyno_window_get_engine (window), &handoff);
  dyno_test_destroy_window (window);
  dyno_test_rm_rf (target);
}

/* A run that ends while the window is in the background says so in a notification, withdrawn
 * once the window is in front again */

static void
test_run_notify (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-notify");
  GtkWidget *other;
  DynoWindow *window;
  guint sent;
  guint withdrawn;

  dyno_test_reset_settings ();
  window = create_window ();
  set_tiny_options (settings, "write,read");
  g_settings_set_boolean (settings, "autosave", FALSE);
  dyno_window_add_target (window, target);
  WAIT_FOR (!dyno_target_row_get_probing (
                dyno_target_list_find_row (get_target_list (window), target)),
            30);

  /* Another window takes the focus. */
  other = gtk_window_new ();
  gtk_window_present (GTK_WINDOW (other));
  WAIT_FOR (!gtk_window_is_active (GTK_WINDOW (window)), 10);

  sent = n_sent;
  withdrawn = n_withdrawn;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (dyno_window_get_running (window), 30);
  WAIT_FOR (!dyno_window_get_running (window), 120);
  g_assert_nonnull (dyno_window_get_result (window));
  g_assert_cmpuint (n_sent, ==, sent + 1);
  g_assert_cmpstr (last_sent_id, ==, DYNO_WINDOW_NOTIFICATION_ID);
  g_assert_cmpuint (n_withdrawn, ==, withdrawn);

  /* Back in front: the notification has done its work. */
  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_window_is_active (GTK_WINDOW (window)), 10);
  g_assert_cmpuint (n_withdrawn, ==, withdrawn + 1);
  g_assert_cmpuint (n_sent, ==, sent + 1);

  dyno_test_assert_no_scratch (target);
  dyno_test_destroy_window (window);
  dyno_test_rm_rf (target);
}

/* Stop cancels quickly and leaves nothing behind */

static void
test_run_stop (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-stop");
  Handoff handoff = { 0 };
  DynoWindow *window;
  gint64 stop_time;
  double stop_seconds;

  dyno_test_reset_settings ();
  window = create_window ();
  /* Large enough that the write is still going when Stop comes; one pass, once. */
  g_settings_set_double (settings, "phase-time", 0);
  g_settings_set_uint (settings, "repeat", 1);
  g_settings_set_string (settings, "size", "8G");
  set_tests (settings, "write");
  g_settings_set_boolean (settings, "autosave", FALSE);
  g_signal_connect (dyno_window_get_engine (window), "samples", G_CALLBACK (on_samples),
                    &handoff);

  dyno_window_add_target (window, target);
  WAIT_FOR (!dyno_target_row_get_probing (
                dyno_target_list_find_row (get_target_list (window), target)),
            30);
  if (!dyno_target_row_get_usable (dyno_target_list_find_row (get_target_list (window), target))
      || dyno_target_row_get_info (dyno_target_list_find_row (get_target_list (window), target))
                 ->free_bytes
             < (G_GUINT64_CONSTANT (10) << 30))
    {
      dyno_test_destroy_window (window);
      dyno_test_rm_rf (target);
      g_test_skip ("needs 10 GiB free in the temporary folder");
      return;
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (handoff.samples > 0, 60);
  g_assert_true (dyno_window_get_running (window));
  {
    g_autoptr (GPtrArray) scratch = dyno_test_list_scratch (target);

    g_assert_cmpuint (scratch->len, ==, 1);
  }

  stop_time = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  /* Stop is disabled at once: a second press must not look like it does something. */
  g_assert_false (action_enabled (window, "win.stop"));
  WAIT_FOR (!dyno_window_get_running (window), 30);
  stop_seconds = (g_get_monotonic_time () - stop_time) / 1e6;
  g_test_message ("stopped and cleaned up in %.3f s", stop_seconds);
  /* The engine promises 200 ms; leave room for a loaded CI machine and the unlink of a large
   * file, but not for a run that went on to the end. */
  g_assert_cmpfloat (stop_seconds, <, 5.0);

  dyno_test_assert_no_scratch (target);
  g_assert_null (dyno_window_get_result (window));
  g_assert_true (action_enabled (window, "win.run"));

  g_signal_handlers_disconnect_by_data (dyno_window_get_engine (window), &handoff);
  dyno_test_destroy_window (window);
  dyno_test_rm_rf (target);
}

static void
stop_at_getc (DynoEngine *engine, guint target, guint repeat, const DynoPhase *phase,
              DynoWindow *window)
{
  if (g_str_equal (dyno_phase_get_key (phase), "getc") && dyno_window_get_running (window))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL);
}

/* Stop in the last phase keeps the phases that had finished, shown and listed as a stopped
 * run, not thrown away. */
static void
test_run_stop_keeps_finished (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-stop-keeps");
  DynoResult *result;
  const DynoTargetResult *tr;

  DynoWindow *window;

  dyno_test_reset_settings ();
  window = create_window ();
  /* Block write, quick; then one-byte reads of 64 MiB, long enough to be stopped in. */
  g_settings_set_double (settings, "phase-time", 0);
  g_settings_set_uint (settings, "repeat", 1);
  g_settings_set_string (settings, "size", "64M");
  g_settings_set_enum (settings, "per-char", 1);
  g_settings_set_string (settings, "per-char-size", "64M");
  set_tests (settings, "write,getc");
  g_settings_set_boolean (settings, "autosave", FALSE);
  {
    g_signal_connect (dyno_window_get_engine (window), "phase-started",
                      G_CALLBACK (stop_at_getc), window);
    dyno_window_add_target (window, target);
    WAIT_FOR (!dyno_target_row_get_probing (
                  dyno_target_list_find_row (get_target_list (window), target)),
              30);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
    WAIT_FOR (dyno_window_get_running (window), 30);
    WAIT_FOR (!dyno_window_get_running (window), 120);

    dyno_test_assert_no_scratch (target);
    result = dyno_window_get_result (window);
    g_assert_nonnull (result);
    g_assert_true (dyno_result_get_stopped (result));
    g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 1);
    tr = dyno_result_get_target (result, 0);
    g_assert_nonnull (dyno_target_result_find_phase (tr, "write"));
    g_assert_cmpuint (dyno_target_result_find_phase (tr, "write")->runs->len, >=, 1);
    g_assert_null (dyno_target_result_find_phase (tr, "getc"));
    g_assert_true (action_enabled (window, "win.run"));

    g_signal_handlers_disconnect_by_data (dyno_window_get_engine (window), window);
    dyno_test_destroy_window (window);
  }
  dyno_test_rm_rf (target);
}

/* Compare These Two: offered with exactly two checked targets; the run pairs them, repeats
 * interleaved, and its result page leads with the verdicts */

static const char *
headline_card_text (DynoWindow *window)
{
  return dyno_result_view_get_headline (dyno_results_page_get_result_view (results_page (window)));
}

static void
test_run_paired (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *parent = dyno_test_make_dir ("dyno-gui-paired");
  g_autofree char *plain = g_build_filename (parent, "plain", NULL);
  g_autofree char *encrypted = g_build_filename (parent, "encrypted", NULL);
  g_autofree char *third = g_build_filename (parent, "third", NULL);
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  g_autoptr (GPtrArray) phases = NULL;
  g_autofree char *summary = NULL;
  DynoWindow *window;
  DynoResult *result;
  const char *headline;
  guint n_verdicts = 0;

  /* Ctrl+Shift+Enter, beside Run's Ctrl+Enter. */
  {
    g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                   "win.compare-two");

    g_assert_nonnull (accels[0]);
    g_assert_cmpstr (accels[0], ==, "<Shift><Control>Return");
  }
  g_assert_cmpint (g_mkdir (plain, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (encrypted, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (third, 0700), ==, 0);
  dyno_test_reset_settings ();
  window = create_window ();
  /* One repeat in the options: a paired run makes it three, or nothing could be told. */
  set_tiny_options (settings, "write,read");
  g_settings_set_boolean (settings, "autosave", FALSE);

  dyno_window_add_target (window, plain);
  WAIT_FOR (action_enabled (window, "win.run"), 30);
  g_assert_false (action_enabled (window, "win.compare-two"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->compare_button)));

  dyno_window_add_target (window, encrypted);
  WAIT_FOR (action_enabled (window, "win.compare-two"), 30);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->compare_button)));

  /* Three is not a pair. */
  dyno_window_add_target (window, third);
  g_assert_false (action_enabled (window, "win.compare-two"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->compare_button)));
  g_assert_true (action_enabled (window, "win.run"));
  dyno_target_row_set_selected (dyno_target_list_find_row (get_target_list (window), third),
                                FALSE);
  g_assert_true (action_enabled (window, "win.compare-two"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare-two", NULL));
  WAIT_FOR (dyno_window_get_running (window), 30);
  g_assert_false (action_enabled (window, "win.compare-two"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->compare_button)));
  WAIT_FOR (!dyno_window_get_running (window), 240);

  result = dyno_window_get_result (window);
  g_assert_nonnull (result);
  g_assert_cmpuint (dyno_result_get_n_targets (result), ==, 2);
  g_assert_cmpuint (dyno_result_get_config (result)->repeat, ==, DYNO_WINDOW_PAIRED_REPEAT);
  /* The setting itself is left as it was. */
  g_assert_cmpuint (g_settings_get_uint (settings, "repeat"), ==, 1);

  /* The page leads with the paired answer, in the words dyno-cli run --compare uses. */
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "result");
  headline = headline_card_text (window);
  g_assert_nonnull (headline);
  g_assert_true (g_str_has_prefix (headline, "encrypted vs plain (baseline)\n"));
  dyno_comparison_add_result (comparison, result);
  dyno_comparison_name_by_folder (comparison);
  /* The typical change first and, of the summary, what the verdicts under it do not say;
   * without a typical change (every figure in doubt here, say), the summary. */
  summary = dyno_comparison_describe_summary (comparison, 1);
  g_assert_nonnull (summary);
  {
    g_autofree char *typical = dyno_comparison_describe_typical (comparison, 1);
    g_autofree char *cpu = dyno_comparison_describe_cpu (comparison, 1);

    if (typical != NULL)
      {
        g_assert_nonnull (strstr (headline, typical));
        if (cpu != NULL)
          g_assert_nonnull (strstr (headline, cpu));
      }
    else
      g_assert_nonnull (strstr (headline, summary));
  }
  phases = dyno_comparison_get_phases (comparison);
  for (guint i = 0; i < phases->len; i++)
    {
      DynoCompareCell cell;
      g_autofree char *verdict = NULL;
      g_autofree char *line = NULL;

      dyno_comparison_get_cell (comparison, 1, g_ptr_array_index (phases, i), &cell);
      verdict = dyno_compare_cell_describe_verdict (&cell);
      if (verdict == NULL)
        continue;
      line = g_strdup_printf ("%s: %s", dyno_phase_get_title (g_ptr_array_index (phases, i)),
                              verdict);
      g_assert_nonnull (strstr (headline, line));
      n_verdicts++;
    }
  g_assert_cmpuint (n_verdicts, ==, 2);
  g_assert_nonnull (dyno_result_view_get_forest (
      dyno_results_page_get_result_view (results_page (window))));

  dyno_test_destroy_window (window);
  dyno_test_rm_rf (parent);
}

/* A target too small for the options keeps Run off, and its row says why */

static void
test_target_too_small (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-small");
  DynoSetupView *setup;
  DynoTargetRow *row;
  g_autofree char *problem = NULL;
  DynoWindow *window;

  dyno_test_reset_settings ();
  window = create_window ();
  setup = dyno_window_get_setup_view (window);
  set_tiny_options (settings, "write,read");
  dyno_window_add_target (window, target);
  row = dyno_target_list_find_row (get_target_list (window), target);
  WAIT_FOR (!dyno_target_row_get_probing (row), 30);
  g_assert_true (dyno_target_row_get_usable (row));
  g_assert_null (dyno_target_row_get_problem (row));
  g_assert_true (action_enabled (window, "win.run"));

  /* No test machine has a petabyte free in its temporary folder. */
  g_settings_set_string (settings, "size", "1000T");
  /* A copy: the row's goes when the options change again. */
  problem = g_strdup (dyno_target_row_get_problem (row));
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), problem));
  /* Still checked and writable: only these options do not fit. */
  g_assert_true (dyno_target_row_get_selected (row));
  g_assert_true (dyno_target_row_get_usable (row));
  g_assert_false (dyno_setup_view_get_can_run (setup));
  g_assert_false (action_enabled (window, "win.run"));
  /* The note points at the row rather than repeating it. */
  g_assert_nonnull (strstr (dyno_setup_view_get_note (setup), "row above"));
  /* Run through the action anyway: nothing starts. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  g_assert_false (dyno_window_get_running (window));

  /* Options that fit: the reason goes, Run comes back. */
  g_settings_set_string (settings, "size", "16M");
  g_assert_null (dyno_target_row_get_problem (row));
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), problem));
  g_assert_true (action_enabled (window, "win.run"));

  dyno_test_destroy_window (window);
  dyno_test_rm_rf (target);
}

/* A run that fails is marked Failed in the runs list and says why once, on its result page:
 * no error dialog, no "Saved" toast */

static void
test_run_failed (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *parent = dyno_test_make_dir ("dyno-gui-failed");
  g_autofree char *target = g_build_filename (parent, "gone", NULL);
  g_autoptr (DynoHistoryItem) item = NULL;
  const DynoTargetResult *failed;
  GtkWidget *row;
  DynoWindow *window;
  DynoResult *result;

  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);
  clear_runs ();
  window = create_results_window ();
  set_tiny_options (settings, "write,read");
  g_assert_true (g_settings_get_boolean (settings, "autosave"));
  dyno_window_add_target (window, target);
  WAIT_FOR (!dyno_target_row_get_probing (
                dyno_target_list_find_row (get_target_list (window), target)),
            30);
  g_assert_true (action_enabled (window, "win.run"));
  /* Gone between the look and the run, as an unplugged disk or a folder deleted meanwhile. */
  g_assert_cmpint (g_rmdir (target), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (dyno_window_get_running (window), 30);
  WAIT_FOR (!dyno_window_get_running (window), 60);
  result = dyno_window_get_result (window);
  g_assert_nonnull (result);
  g_assert_true (dyno_result_has_failures (result));
  failed = dyno_result_get_target (result, 0);
  g_assert_true (dyno_target_result_failed (failed));
  g_assert_nonnull (failed->error_message);
  /* Saved all the same, to be looked at later. */
  WAIT_FOR (dyno_window_get_result_path (window) != NULL, 30);

  /* Where it says why: the result page, shown. */
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "result");
  g_assert_nonnull (dyno_test_find_label (
      GTK_WIDGET (dyno_results_page_get_result_view (results_page (window))),
      failed->error_message));
  /* Nowhere else: no dialog, no cheerful toast over it. */
  g_assert_null (find_dialog (window));
  g_assert_false (saved_toast_shown (window));

  /* In the runs list with a Failed badge and the reason. */
  item = g_list_model_get_item (dyno_history_view_get_model (history_view (window)), 0);
  g_assert_true (dyno_history_item_get_result (item) == result);
  row = dyno_history_view_get_row (history_view (window), item);
  g_assert_nonnull (row);
  g_assert_nonnull (dyno_history_row_get_failure (DYNO_HISTORY_ROW (row)));
  g_assert_nonnull (strstr (dyno_history_row_get_failure (DYNO_HISTORY_ROW (row)),
                            failed->error_message));
  /* The badge itself, not only the reason's "Failed: …". */
  g_assert_true (dyno_test_label_shown (row, "Failed"));

  dyno_test_destroy_window (window);
  dyno_test_rm_rf (parent);
}

/* Escape asks before throwing away more than a few seconds of measuring; win.stop (the Stop
 * button, Ctrl+.) never asks */

static gboolean
measured_longer_than (DynoWindow *window, double seconds)
{
  DynoStatus status;

  dyno_engine_get_status (dyno_window_get_engine (window), &status);
  return status.running && status.elapsed > seconds;
}

static void
test_run_escape (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-escape");
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                 "win.request-stop");
  DynoWindow *window;

  /* Escape is the key, and the threshold is a few seconds. */
  g_assert_true (g_strv_contains ((const char *const *) accels, "Escape"));
  g_assert_cmpfloat (DYNO_WINDOW_STOP_ASK_SECONDS, >=, 2);
  g_assert_cmpfloat (DYNO_WINDOW_STOP_ASK_SECONDS, <=, 30);

  dyno_test_reset_settings ();
  window = create_window ();
  g_assert_cmpfloat (window->stop_ask_seconds, ==, DYNO_WINDOW_STOP_ASK_SECONDS);
  /* A small file read over and over for a minute: long whatever the disk, and no space. */
  set_tiny_options (settings, "write,read");
  g_settings_set_double (settings, "phase-time", 60);
  g_settings_set_boolean (settings, "autosave", FALSE);
  dyno_window_add_target (window, target);

  /* Barely started (the threshold moved out of reach): Escape stops at once. */
  window->stop_ask_seconds = G_MAXDOUBLE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (measured_longer_than (window, 0), 60);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.request-stop", NULL));
  g_assert_null (window->stop_dialog);
  g_assert_true (window->stopping);
  WAIT_FOR (!dyno_window_get_running (window), 30);
  g_assert_null (dyno_window_get_result (window));

  /* Measured longer than the threshold (brought within reach): Escape asks. */
  window->stop_ask_seconds = 0.2;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (measured_longer_than (window, 0.3), 60);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.request-stop", NULL));
  g_assert_true (ADW_IS_MESSAGE_DIALOG (window->stop_dialog));
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (window->stop_dialog)), ==,
                   "Stop the Run?");
  g_assert_true (find_dialog (window) == ADW_MESSAGE_DIALOG (window->stop_dialog));
  g_assert_true (dyno_window_get_running (window));
  g_assert_false (window->stopping);
  /* Keep Running (or Escape again in the dialog) keeps it; the dialog goes as a click on the
   * button takes it away. */
  {
    GtkWidget *dialog = GTK_WIDGET (window->stop_dialog);
    GtkLabel *keep = dyno_test_find_label (dialog, "Keep Running");
    GtkWidget *button = keep != NULL ? gtk_widget_get_ancestor (GTK_WIDGET (keep), GTK_TYPE_BUTTON)
                                     : NULL;

    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
  }
  dyno_test_spin (200);
  g_assert_null (find_dialog (window));
  g_assert_null (window->stop_dialog);
  g_assert_true (dyno_window_get_running (window));
  g_assert_false (window->stopping);

  /* Asked again, then the Stop button meanwhile: it stops at once and the question goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.request-stop", NULL));
  g_assert_nonnull (window->stop_dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  g_assert_true (window->stopping);
  g_assert_null (window->stop_dialog);
  WAIT_FOR (!dyno_window_get_running (window), 30);
  g_assert_null (find_dialog (window));

  /* win.stop never asks, however long the run has measured. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (measured_longer_than (window, 0.3), 60);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  g_assert_null (window->stop_dialog);
  g_assert_true (window->stopping);
  WAIT_FOR (!dyno_window_get_running (window), 30);
  g_assert_null (find_dialog (window));

  dyno_test_assert_no_scratch (target);
  dyno_test_destroy_window (window);
  dyno_test_rm_rf (target);
}

/* Closing during a run asks, stops, waits for the cleanup, then closes */

static void
test_close_during_run (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-close");
  Handoff handoff = { 0 };
  DynoWindow *window;
  GtkWindow *dialog;

  dyno_test_reset_settings ();
  window = create_window ();
  g_settings_set_double (settings, "phase-time", 0);
  g_settings_set_uint (settings, "repeat", 1);
  g_settings_set_string (settings, "size", "4G");
  set_tests (settings, "write");
  g_signal_connect (dyno_window_get_engine (window), "samples", G_CALLBACK (on_samples),
                    &handoff);

  dyno_window_add_target (window, target);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  /* The run starts once the new target has been probed. */
  WAIT_FOR (dyno_window_get_running (window), 30);
  WAIT_FOR (handoff.samples > 0 || !dyno_window_get_running (window), 60);
  if (!dyno_window_get_running (window))
    {
      /* Not enough space for 4 GiB: the run failed at once, nothing to close during. */
      dyno_test_destroy_window (window);
      dyno_test_rm_rf (target);
      g_test_skip ("the run ended before it could be interrupted");
      return;
    }

  gtk_window_close (GTK_WINDOW (window));
  /* Still there, asking. */
  g_assert_true (dyno_window_get_running (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  dialog = window->close_dialog;
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "stop");

  /* The window goes once the engine cleaned up: no scratch folder left at that point. */
  g_signal_handlers_disconnect_by_data (dyno_window_get_engine (window), &handoff);
  WAIT_FOR (G_OBJECT (window)->ref_count == 1, 30);
  dyno_test_assert_no_scratch (target);
  g_assert_false (dyno_window_get_running (window));
  g_assert_finalize_object (window);
  dyno_test_rm_rf (target);
}

/* A target that cannot be written is listed but cannot be checked */

static void
assert_row_disabled (DynoTargetRow *row)
{
  GtkWidget *check;

  WAIT_FOR (!dyno_target_row_get_probing (row), 30);
  g_assert_false (dyno_target_row_get_usable (row));
  g_assert_false (dyno_target_row_get_selected (row));
  check = dyno_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_CHECK_BUTTON);
  g_assert_nonnull (check);
  g_assert_false (gtk_widget_get_sensitive (check));
  /* The reason is shown, not only implied by a greyed-out box. */
  g_assert_nonnull (dyno_target_row_get_info (row)->unwritable_reason);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                            dyno_target_row_get_info (row)->unwritable_reason));
}

static gboolean
leftover_listed (const char *path)
{
  g_autoptr (GPtrArray) listed = dyno_leftovers_list ();

  for (guint i = 0; i < listed->len; i++)
    if (g_str_equal (((DynoLeftover *) g_ptr_array_index (listed, i))->path, path))
      return TRUE;
  return FALSE;
}

/* A scratch folder a run could not remove is listed; the window offers to remove it, and
 * win.remove-leftovers does, off the main thread, and drops it from the list. */
static void
test_leftovers (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-gui-leftovers");
  g_autofree char *scratch = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) listed = NULL;
  g_autofree char *name = NULL;
  char *bytes = g_malloc0 (65536);
  DynoWindow *window;
  const char *argv[] = { "true", NULL };
  GPid dead = 0;

  /* A pid that ran and is gone, as the run that left the folder. Spawned, not forked: a
   * forked copy of this process would write its own valgrind report into the leaks suite's. */
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &dead, NULL));
  g_assert_cmpint (waitpid (dead, NULL, 0), ==, dead);
  g_spawn_close_pid (dead);
  name = g_strdup_printf ("dyno-%d-LeFtOv", (int) dead);
  scratch = g_build_filename (dir, name, NULL);
  marker = g_build_filename (scratch, ".dyno-scratch", NULL);
  data = g_build_filename (scratch, "data", NULL);
  g_assert_cmpint (g_mkdir (scratch, 0700), ==, 0);
  g_assert_true (g_file_set_contents (marker, "Dyno scratch folder: safe to delete when no "
                                      "Dyno runs.\n", -1, NULL));
  g_assert_true (g_file_set_contents (data, bytes, 65536, NULL));
  g_free (bytes);
  g_assert_true (dyno_leftovers_add (scratch, &error));
  g_assert_no_error (error);

  dyno_test_reset_settings ();
  window = create_window ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-leftovers", NULL);
  WAIT_FOR (!g_file_test (scratch, G_FILE_TEST_EXISTS), 10);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  /* The folder goes first, off the main thread; its entry when the removal reports back to
   * the main loop, which may come a while later (under valgrind it did). */
  WAIT_FOR (!leftover_listed (scratch), 10);
  listed = dyno_leftovers_list ();
  for (guint i = 0; i < listed->len; i++)
    g_assert_cmpstr (((DynoLeftover *) g_ptr_array_index (listed, i))->path, !=, scratch);
  dyno_test_destroy_window (window);
  g_rmdir (dir);
}

static void
test_unwritable_target (void)
{
  g_autofree char *parent = dyno_test_make_dir ("dyno-gui-unwritable");
  g_autofree char *missing = g_build_filename (parent, "does-not-exist", NULL);
  g_autofree char *locked = g_build_filename (parent, "locked", NULL);
  gboolean mounted = FALSE;
  DynoWindow *window;

  dyno_test_reset_settings ();
  window = create_window ();

  dyno_window_add_target (window, missing);
  assert_row_disabled (dyno_target_list_find_row (get_target_list (window), missing));
  /* Nothing usable is checked, so there is nothing to run. */
  g_assert_false (action_enabled (window, "win.run"));

  g_assert_cmpint (g_mkdir (locked, 0700), ==, 0);
  if (!dyno_test_is_root ())
    g_assert_cmpint (g_chmod (locked, 0500), ==, 0);
  else
    {
      /* Root may write anywhere: only a read-only file system stops it. */
      const char *argv[] = { "mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", locked, NULL };
      int status = -1;

      mounted = g_spawn_sync (NULL, (char **) argv, NULL,
                              G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                                  | G_SPAWN_STDERR_TO_DEV_NULL,
                              NULL, NULL, NULL, NULL, &status, NULL)
                && g_spawn_check_wait_status (status, NULL);
    }
  if (!dyno_test_is_root () || mounted)
    {
      dyno_window_add_target (window, locked);
      assert_row_disabled (dyno_target_list_find_row (get_target_list (window), locked));
    }
  else
    g_test_message ("cannot mount a read-only tmpfs here; only the missing folder was tried");

  dyno_test_destroy_window (window);
  if (mounted)
    {
      const char *argv[] = { "umount", locked, NULL };

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                    NULL, NULL);
    }
  dyno_test_rm_rf (parent);
}

/* A target whose file system does not answer (a hung NFS server) says so after a while, and a
 * run no longer waits for it; when it answers after all, it is a target like any other. */

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
test_stalled_target (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-gui-stalled");
  DynoTargetRow *row = g_object_ref_sink (dyno_target_row_new (dir, "Share", NULL, TRUE));
  guint probing_notifies = 0;
  guint serial;

  g_signal_connect (row, "notify::probing", G_CALLBACK (count_notify), &probing_notifies);
  dyno_target_row_set_stall_timeout (row, 200);
  serial = dyno_target_row_begin_probe (row);
  g_assert_true (dyno_target_row_get_probing (row));
  g_assert_false (dyno_target_row_get_stalled (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Checking…");

  /* The probe never comes back (its thread is stuck in statvfs on the hung mount). */
  WAIT_FOR (dyno_target_row_get_stalled (row), 10);
  g_assert_false (dyno_target_row_get_probing (row));
  g_assert_false (dyno_target_row_get_usable (row));
  g_assert_cmpuint (probing_notifies, ==, 2);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Not responding"));
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (row)));

  /* It answers at last. */
  dyno_target_row_finish_probe (row, serial, dyno_target_info_collect (dir));
  g_assert_false (dyno_target_row_get_stalled (row));
  g_assert_true (dyno_target_row_get_usable (row));
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Not responding"));

  /* Probes asked for again meanwhile (each mount change elsewhere refreshes the list) keep the
   * first one's clock, or a busy machine would never find a hung target stalled. */
  {
    DynoTargetRow *other = g_object_ref_sink (dyno_target_row_new (dir, "NAS", NULL, TRUE));
    gint64 until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
    guint other_serial;

    dyno_target_row_set_stall_timeout (other, 200);
    other_serial = dyno_target_row_begin_probe (other);
    while (!dyno_target_row_get_stalled (other) && g_get_monotonic_time () < until)
      {
        other_serial = dyno_target_row_begin_probe (other);
        dyno_test_spin (40);
      }
    g_assert_true (dyno_target_row_get_stalled (other));
    dyno_target_row_finish_probe (other, other_serial, dyno_target_info_collect (dir));
    g_assert_true (dyno_target_row_get_usable (other));
    g_assert_finalize_object (other);
  }

  /* A later probe that answers in time never stalls, though the old timeout would have fired. */
  serial = dyno_target_row_begin_probe (row);
  dyno_target_row_finish_probe (row, serial, dyno_target_info_collect (dir));
  for (int i = 0; i < 30; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
  g_assert_false (dyno_target_row_get_stalled (row));

  g_assert_finalize_object (row);
  dyno_test_rm_rf (dir);
}

/* The same with a real hung file system: a gocryptfs mount whose daemon is stopped (SIGSTOP),
 * so every access to it waits, as on an NFS mount whose server went away. The window must stay
 * responsive. A watchdog process resumes the daemon after 30 s whatever happens here, so that a
 * main thread stuck on the mount fails the test instead of hanging it. Needs root, gocryptfs and
 * /dev/fuse; not under valgrind, which runs one thread at a time and takes statfs() for a call
 * that never blocks, so the probe's thread stuck on the mount would stop all the others. */

static gboolean
is_mount_point (const char *path, const char *parent)
{
  GStatBuf a;
  GStatBuf b;

  return g_stat (path, &a) == 0 && g_stat (parent, &b) == 0 && a.st_dev != b.st_dev;
}

static gboolean
run_quietly (const char *const *argv)
{
  int status = -1;

  return g_spawn_sync (NULL, (char **) argv, NULL,
                       G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                           | G_SPAWN_STDERR_TO_DEV_NULL,
                       NULL, NULL, NULL, NULL, &status, NULL)
         && g_spawn_check_wait_status (status, NULL);
}

static void
test_hung_target (void)
{
  g_autofree char *gocryptfs = g_find_program_in_path ("gocryptfs");
  g_autofree char *base = NULL;
  g_autofree char *cipher = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *resume = NULL;
  GPid daemon = 0;
  GPid watchdog = 0;
  DynoWindow *window;
  DynoTargetRow *row;
  gboolean stalled;
  gboolean run_enabled_while_stalled;
  gboolean usable_after;
  gboolean watchdog_fired;
  const char *only[2] = { NULL, NULL };
  int status = 0;

  if (g_getenv ("DYNO_TEST_UNDER_VALGRIND") != NULL)
    {
      g_test_skip ("valgrind would deadlock on the stopped mount (see the comment above)");
      return;
    }
  if (!dyno_test_is_root ())
    {
      g_test_skip ("mounting gocryptfs needs root");
      return;
    }
  if (gocryptfs == NULL || !g_file_test ("/dev/fuse", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("needs gocryptfs and /dev/fuse (apt-get install gocryptfs fuse3)");
      return;
    }

  dyno_test_reset_settings ();
  base = dyno_test_make_dir ("dyno-gui-hung");
  cipher = g_build_filename (base, "cipher", NULL);
  plain = g_build_filename (base, "plain", NULL);
  g_assert_cmpint (g_mkdir (cipher, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (plain, 0700), ==, 0);
  {
    const char *init_argv[] = { gocryptfs, "-init", "-q", "-scryptn", "10", "-extpass", "echo pw",
                                cipher, NULL };
    /* In the foreground, so its pid is the daemon's. */
    const char *mount_argv[] = { gocryptfs, "-fg", "-q", "-extpass", "echo pw", cipher, plain,
                                 NULL };

    g_assert_true (run_quietly (init_argv));
    if (!g_spawn_async (NULL, (char **) mount_argv, NULL,
                        G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                            | G_SPAWN_STDERR_TO_DEV_NULL,
                        NULL, NULL, &daemon, NULL))
      g_error ("cannot start gocryptfs");
  }
  for (int i = 0; i < 500 && !is_mount_point (plain, base); i++)
    g_usleep (10000);
  if (!is_mount_point (plain, base))
    {
      kill (daemon, SIGTERM);
      waitpid (daemon, NULL, 0);
      dyno_test_rm_rf (base);
      g_test_skip ("gocryptfs did not mount (no usable FUSE here)");
      return;
    }

  /* Its exit status says whether it had to resume the daemon. */
  resume = g_strdup_printf ("sleep 30; kill -CONT %d; exit 3", (int) daemon);
  {
    const char *argv[] = { "/bin/sh", "-c", resume, NULL };

    g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                  NULL, &watchdog, NULL));
  }
  kill (daemon, SIGSTOP);

  /* Collected first, asserted after the daemon runs again: a failed assertion aborts, and a
   * stopped FUSE mount would hang whatever comes after. */
  window = create_window ();
  dyno_window_add_target (window, plain);
  only[0] = plain;
  dyno_window_select_targets (window, only);
  row = dyno_target_list_find_row (get_target_list (window), plain);
  WAIT_FOR (row == NULL || dyno_target_row_get_stalled (row), 25);
  stalled = row != NULL && dyno_target_row_get_stalled (row);
  run_enabled_while_stalled = action_enabled (window, "win.run");

  kill (daemon, SIGCONT);
  /* A watchdog still asleep ends by SIGTERM; one that resumed the daemon exited with 3. */
  kill (watchdog, SIGTERM);
  waitpid (watchdog, &status, 0);
  g_spawn_close_pid (watchdog);
  watchdog_fired = WIFEXITED (status) && WEXITSTATUS (status) == 3;

  /* Awake again: the probe answers and the row becomes a target like any other. */
  WAIT_FOR (row == NULL || dyno_target_row_get_usable (row), 30);
  usable_after = row != NULL && dyno_target_row_get_usable (row);
  dyno_test_destroy_window (window);

  {
    const char *unmount_argv[] = { "fusermount3", "-u", plain, NULL };
    const char *lazy_argv[] = { "umount", "-l", plain, NULL };

    if (!run_quietly (unmount_argv))
      run_quietly (lazy_argv);
  }
  kill (daemon, SIGTERM);
  waitpid (daemon, NULL, 0);
  g_spawn_close_pid (daemon);
  if (!is_mount_point (plain, base))
    dyno_test_rm_rf (base);

  g_assert_false (watchdog_fired);
  g_assert_nonnull (row);
  g_assert_true (stalled);
  /* Nothing else is checked and the hung target is left out: nothing to run, and no wait. */
  g_assert_false (run_enabled_while_stalled);
  g_assert_true (usable_after);
}

/* A size that does not parse keeps the text, says why, and disables Run */

static void
test_invalid_size (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *target = dyno_test_make_dir ("dyno-gui-invalid");
  DynoWindow *window;
  DynoSetupView *setup;
  AdwEntryRow *size_row;
  DynoSwitchRow *auto_row;

  dyno_test_reset_settings ();
  window = create_window ();
  setup = dyno_window_get_setup_view (window);
  size_row = dyno_setup_view_get_size_row (setup);
  auto_row = dyno_setup_view_get_auto_size_row (setup);
  dyno_window_add_target (window, target);
  WAIT_FOR (!dyno_target_row_get_probing (
                dyno_target_list_find_row (get_target_list (window), target)),
            30);
  g_assert_true (action_enabled (window, "win.run"));

  /* Sized automatically by default: no size to type. */
  g_assert_true (dyno_switch_row_get_active (auto_row));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (size_row)));
  /* A size of one's own: the row asks for it, starting from the engine's default. */
  dyno_switch_row_set_active (auto_row, FALSE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (size_row)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size_row)), ==, "1G");
  g_assert_cmpint (g_settings_get_enum (settings, "preset"), ==, DYNO_PRESET_CUSTOM);

  gtk_editable_set_text (GTK_EDITABLE (size_row), "12 parsecs");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size_row)), ==, "12 parsecs");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (size_row), "error"));
  g_assert_false (dyno_setup_view_get_can_run (setup));
  g_assert_false (action_enabled (window, "win.run"));
  /* The last good value stays in the settings. */
  {
    g_autofree char *size = g_settings_get_string (settings, "size");

    g_assert_cmpstr (size, ==, "1G");
  }
  g_assert_nonnull (strstr (dyno_setup_view_get_note (setup), "parsecs"));

  gtk_editable_set_text (GTK_EDITABLE (size_row), "64M");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (size_row), "error"));
  g_assert_true (action_enabled (window, "win.run"));
  {
    g_autofree char *size = g_settings_get_string (settings, "size");

    g_assert_cmpstr (size, ==, "64M");
  }

  /* "auto" typed means the same as the switch. */
  gtk_editable_set_text (GTK_EDITABLE (size_row), "auto");
  g_assert_true (dyno_switch_row_get_active (auto_row));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (size_row)));
  /* Off again: the size last typed comes back. */
  dyno_switch_row_set_active (auto_row, FALSE);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size_row)), ==, "64M");
  dyno_switch_row_set_active (auto_row, TRUE);
  {
    g_autoptr (DynoConfig) config = dyno_setup_view_build_config (setup, NULL);

    g_assert_nonnull (config);
    g_assert_true (dyno_config_is_auto (config, DYNO_AUTO_SIZE));
  }

  /* The phase time row is the setting; 0 is Bonnie's single pass, nothing sized. */
  dyno_spin_row_set_value (dyno_setup_view_get_phase_time_row (setup), 0.5);
  g_assert_cmpfloat (g_settings_get_double (settings, "phase-time"), ==, 0.5);
  dyno_spin_row_set_value (dyno_setup_view_get_phase_time_row (setup), 0);
  {
    g_autoptr (DynoConfig) config = dyno_setup_view_build_config (setup, NULL);

    g_assert_nonnull (config);
    g_assert_cmpfloat (config->phase_time, ==, 0);
    g_assert_false (dyno_config_is_auto (config, DYNO_AUTO_SIZE));
    g_assert_cmpuint (config->size, ==, DYNO_DEFAULT_SIZE);
  }

  dyno_test_destroy_window (window);
  dyno_test_rm_rf (target);
}

/* The "tests" key was a flags key, which GSettings stores as an array of nicks: a value stored
 * then reads as those phases. A phase this Dyno does not know is skipped with a warning. */
static void
test_settings_tests (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GPtrArray) quick = phase_list ("write,rewrite,read,seeks,files");
  g_autoptr (GPtrArray) io = phase_list ("io");
  g_autoptr (DynoConfig) config = NULL;
  g_auto (GStrv) stored = NULL;
  g_autofree char *compare_phase = NULL;
  const char *const old_value[] = { "write", "read" };

  dyno_test_reset_settings ();

  /* The default is Quick's phases, as it was. */
  config = dyno_settings_get_config (settings, NULL);
  g_assert_nonnull (config);
  g_assert_true (dyno_config_same_phases (config, &(DynoConfig) { .phases = quick }));
  g_clear_pointer (&config, dyno_config_free);

  /* A value the flags key stored: the same variant, an array of nicks. */
  g_settings_set_value (settings, "tests", g_variant_new_strv (old_value, 2));
  config = dyno_settings_get_config (settings, NULL);
  g_assert_nonnull (config);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 2);
  g_assert_true (dyno_config_get_phase (config, 0) == dyno_phase_lookup ("write"));
  g_assert_true (dyno_config_get_phase (config, 1) == dyno_phase_lookup ("read"));
  g_clear_pointer (&config, dyno_config_free);

  /* An unknown nick is skipped, with a warning the first time only. */
  g_settings_set_strv (settings, "tests",
                       (const char *const[]) { "seeks", "zoom-test", "read", NULL });
  g_test_expect_message ("Dyno", G_LOG_LEVEL_WARNING, "*unknown phase “zoom-test”*");
  config = dyno_settings_get_config (settings, NULL);
  g_test_assert_expected_messages ();
  g_assert_nonnull (config);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 2);
  g_assert_true (dyno_config_get_phase (config, 0) == dyno_phase_lookup ("read"));
  g_assert_true (dyno_config_get_phase (config, 1) == dyno_phase_lookup ("seeks"));
  g_clear_pointer (&config, dyno_config_free);
  config = dyno_settings_get_config (settings, NULL);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 2);
  g_clear_pointer (&config, dyno_config_free);

  /* None known: the preset's phases rather than none. */
  g_settings_set_strv (settings, "tests", (const char *const[]) { "warp-test", NULL });
  g_test_expect_message ("Dyno", G_LOG_LEVEL_WARNING, "*unknown phase “warp-test”*");
  config = dyno_settings_get_config (settings, NULL);
  g_test_assert_expected_messages ();
  g_assert_true (dyno_config_same_phases (config, &(DynoConfig) { .phases = quick }));
  g_clear_pointer (&config, dyno_config_free);
  g_settings_set_enum (settings, "preset", DYNO_PRESET_CLASSIC);
  config = dyno_settings_get_config (settings, NULL);
  g_assert_true (dyno_config_same_phases (config, &(DynoConfig) { .phases = io }));
  g_clear_pointer (&config, dyno_config_free);

  /* None chosen stays none: the Test setup page asks for one. */
  g_settings_set_strv (settings, "tests", (const char *const[]) { NULL });
  config = dyno_settings_get_config (settings, NULL);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 0);
  g_assert_false (dyno_config_validate (config, NULL));
  g_clear_pointer (&config, dyno_config_free);

  /* A preset writes phase keys. */
  dyno_settings_apply_preset (settings, DYNO_PRESET_CLASSIC, G_GUINT64_CONSTANT (1) << 30);
  stored = g_settings_get_strv (settings, "tests");
  g_assert_cmpstrv (stored, ((const char *const[]) { "putc", "write", "rewrite", "getc", "read",
                                                     "seeks", NULL }));

  /* compare-phase was an enum key: a string of the same nick. */
  compare_phase = g_settings_get_string (settings, "compare-phase");
  g_assert_cmpstr (compare_phase, ==, "write");

  dyno_test_reset_settings ();
}

static void
collect_phase_rows (GtkWidget *widget, GHashTable *rows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (DYNO_IS_SWITCH_ROW (child))
        g_hash_table_insert (rows,
                             (gpointer) adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)),
                             child);
      collect_phase_rows (child, rows);
    }
}

/* The Test setup page shows an old-style value as its switches, one per Bonnie phase, and
 * writes phase keys back. */
static void
test_setup_phases (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GHashTable) rows = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (DynoConfig) config = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) stored = NULL;
  const char *const old_value[] = { "write", "read" };
  guint n_bonnie;
  const DynoPhase *const *bonnie = dyno_phase_bonnie (&n_bonnie);
  DynoWindow *window;
  DynoSetupView *setup;

  dyno_test_reset_settings ();
  /* A choice of one's own: a preset would fill in its phases. */
  g_settings_set_enum (settings, "preset", DYNO_PRESET_CUSTOM);
  g_settings_set_value (settings, "tests", g_variant_new_strv (old_value, 2));
  window = create_window ();
  setup = dyno_window_get_setup_view (window);

  collect_phase_rows (GTK_WIDGET (setup), rows);
  for (guint i = 0; i < n_bonnie; i++)
    {
      DynoSwitchRow *row = g_hash_table_lookup (rows, dyno_phase_get_title (bonnie[i]));
      const char *key = dyno_phase_get_key (bonnie[i]);

      g_assert_nonnull (row);
      g_assert_true (dyno_switch_row_get_active (row)
                     == (g_str_equal (key, "write") || g_str_equal (key, "read")));
    }
  config = dyno_setup_view_build_config (setup, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dyno_config_get_n_phases (config), ==, 2);

  dyno_switch_row_set_active (g_hash_table_lookup (rows, "Random seeks"), TRUE);
  stored = g_settings_get_strv (settings, "tests");
  g_assert_cmpstrv (stored, ((const char *const[]) { "write", "read", "seeks", NULL }));

  dyno_test_destroy_window (window);
  dyno_test_reset_settings ();
}

/* Which mounts are offered */

static void
test_mount_filter (void)
{
  const char *home = "/home/ada";

  g_assert_true (dyno_mounts_is_candidate ("/", "ext4", "/dev/nvme0n1p2", TRUE, home));
  g_assert_true (dyno_mounts_is_candidate ("/", "overlay", "overlay", TRUE, home));
  g_assert_true (dyno_mounts_is_candidate ("/home", "btrfs", "/dev/sda2", TRUE, home));
  g_assert_true (dyno_mounts_is_candidate ("/media/ada/USB", "vfat", "/dev/sdb1", FALSE, home));
  g_assert_true (dyno_mounts_is_candidate ("/run/media/ada/Disk", "exfat", "/dev/sdc1", FALSE,
                                           home));
  g_assert_true (dyno_mounts_is_candidate ("/mnt/nas", "nfs4", "nas:/export", FALSE, home));
  g_assert_true (dyno_mounts_is_candidate ("/srv/share", "cifs", "//nas/share", FALSE, home));
  g_assert_true (dyno_mounts_is_candidate ("/home/ada/Private", "fuse.gocryptfs",
                                           "/home/ada/.private", FALSE, home));
  g_assert_true (dyno_mounts_is_candidate ("/data", "xfs", "/dev/sdd1", FALSE, home));

  g_assert_false (dyno_mounts_is_candidate ("/proc", "proc", "proc", TRUE, home));
  g_assert_false (dyno_mounts_is_candidate ("/sys/fs/cgroup", "cgroup2", "cgroup2", TRUE, home));
  g_assert_false (dyno_mounts_is_candidate ("/tmp", "tmpfs", "tmpfs", TRUE, home));
  g_assert_false (dyno_mounts_is_candidate ("/boot/efi", "vfat", "/dev/nvme0n1p1", TRUE, home));
  g_assert_false (dyno_mounts_is_candidate ("/snap/core22/1380", "squashfs", "/dev/loop3", FALSE,
                                            home));
  g_assert_false (dyno_mounts_is_candidate ("/var/lib/flatpak/x", "ext4", "/dev/sda2", FALSE,
                                            home));
  g_assert_false (dyno_mounts_is_candidate ("/run/user/1000/doc", "fuse.portal", "portal", FALSE,
                                            home));
  g_assert_false (dyno_mounts_is_candidate ("/run/user/1000/gvfs", "fuse.gvfsd-fuse",
                                            "gvfsd-fuse", FALSE, home));
  g_assert_false (dyno_mounts_is_candidate ("/mnt/ramdisk", "tmpfs", "tmpfs", FALSE, home));
}

/* A made-up /proc/self/mountinfo of a laptop with snaps, a USB disk and the FUSE file systems
 * people encrypt or mount remote folders with. */
static const char fake_mountinfo[] =
  "22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
  "23 22 0:21 / /proc rw,nosuid shared:12 - proc proc rw\n"
  "24 22 259:1 / /boot/efi rw,relatime shared:2 - vfat /dev/nvme0n1p1 rw,fmask=0077\n"
  "25 22 7:3 / /snap/core22/1380 ro,nodev,relatime shared:3 - squashfs /dev/loop3 ro\n"
  "26 22 7:4 / /mnt/image ro,relatime shared:4 - ext4 /dev/loop4 ro\n"
  "27 22 7:5 / /mnt/scratch rw,relatime shared:14 - ext4 /dev/loop5 rw\n"
  "28 22 0:50 / /home/ada/Private rw,nosuid,nodev,relatime shared:5 - fuse.gocryptfs "
  "/home/ada/.private rw,user_id=1000\n"
  "29 22 0:51 / /data/remote rw,nosuid - fuse.sshfs ada@nas:/srv rw\n"
  "30 22 0:52 / /opt/vault rw - fuse.encfs encfs rw\n"
  "31 22 0:53 / /opt/cry rw - fuse.cryfs cryfs@/x rw\n"
  "32 22 0:54 / /opt/sec rw - fuse.securefs securefs rw\n"
  "33 22 0:55 / /opt/cloud rw - fuse.rclone gdrive: rw\n"
  "34 22 0:56 / /run/user/1000/doc rw - fuse.portal portal rw\n"
  "35 22 0:57 / /tmp rw shared:7 - tmpfs tmpfs rw\n"
  "36 22 8:17 / /media/ada/My\\040Disk rw - exfat /dev/sdb1 rw\n"
  "37 22 0:58 / /var/lib/docker/overlay2/x rw - overlay overlay rw\n"
  "38 22 0:59 / /sys rw - sysfs sysfs rw\n"
  "not a mountinfo line\n";

static char *
join_paths (GPtrArray *mounts)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) paths = NULL;

  for (guint i = 0; i < mounts->len; i++)
    g_strv_builder_add (builder, ((DynoMount *) g_ptr_array_index (mounts, i))->path);
  paths = g_strv_builder_end (builder);
  return g_strjoinv ("|", paths);
}

static void
test_mount_list (void)
{
  g_autoptr (GPtrArray) mounts = dyno_mounts_parse_mountinfo (fake_mountinfo, "/home/ada", FALSE);
  g_autoptr (GPtrArray) all = dyno_mounts_parse_mountinfo (fake_mountinfo, "/home/ada", TRUE);
  g_autoptr (GPtrArray) own = NULL;
  g_autofree char *paths = join_paths (mounts);
  g_autofree char *all_paths = join_paths (all);
  const DynoMount *home;

  /* Home first, on the root file system that holds it; then /; then every mount of a real
   * file system by path, the FUSE ones included wherever they are, and the read-only ext4
   * image too (its row says why it cannot be a target); no snaps, images, /boot or pseudo
   * mounts. */
  g_assert_cmpstr (paths, ==,
                   "/home/ada|/|/data/remote|/home/ada/Private|/media/ada/My Disk|/mnt/image|"
                   "/mnt/scratch|/opt/cloud|/opt/cry|/opt/sec|/opt/vault");
  home = g_ptr_array_index (mounts, 0);
  g_assert_true (home->home);
  g_assert_cmpstr (home->name, ==, "Home");
  g_assert_cmpstr (home->fs_type, ==, "ext4");
  g_assert_cmpstr (home->device, ==, "/dev/nvme0n1p2");
  for (guint i = 1; i < mounts->len; i++)
    {
      const DynoMount *mount = g_ptr_array_index (mounts, i);

      g_assert_false (mount->home);
      g_assert_false (mount->system);
      g_assert_cmpint (mount->read_only, ==, g_str_equal (mount->path, "/mnt/image"));
    }

  /* Asked for, the system mounts come too, marked; the pseudo ones never. */
  g_assert_cmpstr (all_paths, ==,
                   "/home/ada|/|/boot/efi|/data/remote|/home/ada/Private|/media/ada/My Disk|"
                   "/mnt/image|/mnt/scratch|/opt/cloud|/opt/cry|/opt/sec|/opt/vault|"
                   "/snap/core22/1380");
  for (guint i = 0; i < all->len; i++)
    {
      const DynoMount *mount = g_ptr_array_index (all, i);
      gboolean system = g_str_equal (mount->path, "/boot/efi")
                        || g_str_has_prefix (mount->path, "/snap/");

      g_assert_cmpint (mount->system, ==, system);
    }
  g_assert_true (((DynoMount *) g_ptr_array_index (all, 6))->read_only);

  /* A home folder that is a mount point of its own is the Home row, once, with its file
   * system. */
  own = dyno_mounts_parse_mountinfo ("22 1 259:2 / / rw - ext4 /dev/sda1 rw\n"
                                     "23 22 0:50 / /home/ada rw - fuse.gocryptfs /x rw\n",
                                     "/home/ada", FALSE);
  g_assert_cmpuint (own->len, ==, 2);
  g_assert_cmpstr (((DynoMount *) g_ptr_array_index (own, 0))->path, ==, "/home/ada");
  g_assert_cmpstr (((DynoMount *) g_ptr_array_index (own, 0))->fs_type, ==, "fuse.gocryptfs");
  g_assert_cmpstr (((DynoMount *) g_ptr_array_index (own, 1))->path, ==, "/");
}

/* Two folders of one name are told apart by their paths' ends; a name of its own stays. */
static void
test_mount_titles (void)
{
  const char *names[] = { "mnt", "mnt", "Home", "data", "data", "data", NULL };
  const char *paths[] = { "/tmp/a/mnt", "/srv/b/mnt", "/home/ada", "/x/data", "/y/x/data",
                          "/data", NULL };
  g_auto (GStrv) titles = dyno_mounts_distinct_titles (names, paths);

  g_assert_cmpstr (titles[0], ==, "a/mnt");
  g_assert_cmpstr (titles[1], ==, "b/mnt");
  g_assert_cmpstr (titles[2], ==, "Home");
  /* "x/data" ends both /x/data and /y/x/data: the first is whole, the second needs y. */
  g_assert_cmpstr (titles[3], ==, "/x/data");
  g_assert_cmpstr (titles[4], ==, "y/x/data");
  g_assert_cmpstr (titles[5], ==, "/data");
  g_assert_null (titles[6]);
}

static int
row_index (DynoTargetList *list, DynoTargetRow *row)
{
  g_autoptr (GPtrArray) rows = dyno_target_list_get_rows (list);
  guint index;

  return g_ptr_array_find (rows, row, &index) ? (int) index : -1;
}

/* Rows keep their places when a mount appears (nothing moves under the pointer), and two
 * mounts both called "mnt" have titles that tell them apart. Runs in a subprocess with a mount
 * namespace of its own, so its bind mounts vanish with it whatever happens. */
static void
target_places_child (void)
{
#ifdef __linux__
  g_autofree char *base = g_dir_make_tmp ("dyno-places-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (base, "a", "mnt", NULL);
  g_autofree char *b = g_build_filename (base, "b", "mnt", NULL);
  DynoWindow *window;
  DynoTargetList *list;
  DynoTargetRow *row_a, *row_b, *last;
  g_autoptr (GPtrArray) shown = NULL;
  int before;

  if (!g_test_subprocess ())
    {
      g_test_skip ("/gui/window/target-places runs this in a subprocess of its own");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (a, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (b, 0700), ==, 0);
  g_assert_cmpint (unshare (CLONE_NEWNS), ==, 0);
  g_assert_cmpint (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), ==, 0);
  /* The root file system bound twice: a real disk's file system, listed as a target. */
  g_assert_cmpint (mount ("/", b, NULL, MS_BIND, NULL), ==, 0);

  dyno_test_reset_settings ();
  window = create_window ();
  list = get_target_list (window);
  WAIT_FOR (dyno_target_list_find_row (list, b) != NULL, 30);
  row_b = dyno_target_list_find_row (list, b);
  before = row_index (list, row_b);
  /* The machine's other mounts are listed too, some of them after b/mnt. */
  shown = dyno_target_list_get_rows (list);
  last = g_ptr_array_index (shown, shown->len - 1);

  /* a/mnt sorts before b/mnt, but it comes after the rows already shown. */
  g_assert_cmpint (mount ("/", a, NULL, MS_BIND, NULL), ==, 0);
  WAIT_FOR (dyno_target_list_find_row (list, a) != NULL, 30);
  row_a = dyno_target_list_find_row (list, a);
  g_assert_cmpint (row_index (list, row_b), ==, before);
  g_assert_cmpint (row_index (list, row_a), ==, (int) shown->len);
  /* What the list says is what the group shows. */
  g_assert_true (gtk_widget_get_next_sibling (GTK_WIDGET (last)) == GTK_WIDGET (row_a));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row_a)), ==, "a/mnt");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row_b)), ==, "b/mnt");

  dyno_test_destroy_window (window);
  g_assert_cmpint (umount2 (a, MNT_DETACH), ==, 0);
  g_assert_cmpint (umount2 (b, MNT_DETACH), ==, 0);
  dyno_test_rm_rf (base);
#endif
}

static void
test_window_target_places (void)
{
#ifdef __linux__
  if (!dyno_test_is_root ())
    {
      g_test_skip ("bind mounts in a mount namespace of its own need root");
      return;
    }
  g_test_trap_subprocess ("/gui/window/target-places/child", 120 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
#else
  g_test_skip ("mount namespaces are Linux's");
#endif
}

/* In the window: Home is the first row, with the probe's description of it; system mounts
 * come and go with their switch. */
static void
test_window_home (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) system = NULL;
  DynoTargetRow *home;
  DynoWindow *window;
  guint n_system = 0;

  dyno_test_reset_settings ();
  window = create_window ();
  rows = dyno_target_list_get_rows (get_target_list (window));
  g_assert_cmpuint (rows->len, >=, 2);
  home = g_ptr_array_index (rows, 0);
  g_assert_cmpstr (dyno_target_row_get_path (home), ==, g_get_home_dir ());
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (home)), ==, "Home");
  WAIT_FOR (!dyno_target_row_get_probing (home), 30);
  g_assert_nonnull (dyno_target_row_get_info (home));
  g_assert_nonnull (dyno_target_row_get_info (home)->fs_type);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (home)),
                            dyno_target_row_get_info (home)->fs_type));

  /* The switch lists this machine's system mounts, whatever they are, and hides them again
   * (checked mount by mount: other mounts may come and go meanwhile). */
  g_settings_set_boolean (settings, "show-system-mounts", TRUE);
  system = dyno_mounts_list (TRUE);
  for (guint i = 0; i < system->len; i++)
    {
      const DynoMount *mount = g_ptr_array_index (system, i);

      g_assert_nonnull (dyno_target_list_find_row (get_target_list (window), mount->path));
      n_system += mount->system;
    }
  g_test_message ("%u system mounts here", n_system);
  g_settings_set_boolean (settings, "show-system-mounts", FALSE);
  for (guint i = 0; i < system->len; i++)
    {
      const DynoMount *mount = g_ptr_array_index (system, i);

      if (mount->system)
        g_assert_null (dyno_target_list_find_row (get_target_list (window), mount->path));
    }
  /* The switch under the targets is that setting. */
  {
    GtkWidget *toggle = dyno_test_find_descendant (GTK_WIDGET (get_target_list (window)),
                                         DYNO_TYPE_SWITCH_ROW);

    g_assert_nonnull (toggle);
    g_assert_false (dyno_switch_row_get_active (DYNO_SWITCH_ROW (toggle)));
    dyno_switch_row_set_active (DYNO_SWITCH_ROW (toggle), TRUE);
    g_assert_true (g_settings_get_boolean (settings, "show-system-mounts"));
    dyno_switch_row_set_active (DYNO_SWITCH_ROW (toggle), FALSE);
    g_assert_false (g_settings_get_boolean (settings, "show-system-mounts"));
  }
  /* Home stays first whatever is shown. */
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = dyno_target_list_get_rows (get_target_list (window));
  g_assert_true (g_ptr_array_index (rows, 0) == home);

  dyno_test_destroy_window (window);
}

/* Presets and the settings */

/* The app's own enums the settings name: the schema's and the GEnums' are one list. */
static void
test_settings_enums (void)
{
  DynoPreset preset;

  if (!dyno_test_check_schema_enum ("preset", DYNO_TYPE_PRESET, TRUE))
    return;
  dyno_test_check_schema_enum ("history-sort", DYNO_TYPE_HISTORY_SORT, TRUE);
  /* dyno --preset takes the nicks, in any case. */
  g_assert_true (dyno_preset_from_string ("Classic", &preset));
  g_assert_cmpint (preset, ==, DYNO_PRESET_CLASSIC);
  g_assert_false (dyno_preset_from_string ("fast", &preset));
}

static void
test_presets (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (DynoConfig) config = NULL;
  const guint64 ram = G_GUINT64_CONSTANT (12) << 30;
  g_autofree char *size = NULL;

  dyno_test_reset_settings ();

  /* Quick, the default: every size fitted to the disk, 3 s a phase, 3 times, the phases that
   * finish in about 2 minutes on a fast device. */
  config = dyno_settings_get_config (settings, NULL);
  g_assert_nonnull (config);
  {
    g_autoptr (GPtrArray) quick = phase_list ("write,rewrite,read,seeks,files");
    g_autofree char *stored_size = g_settings_get_string (settings, "size");
    g_autofree char *files = g_settings_get_string (settings, "files-spec");

    g_assert_true (dyno_config_same_phases (config, &(DynoConfig) { .phases = quick }));
    g_assert_cmpstr (stored_size, ==, "auto");
    g_assert_cmpstr (files, ==, "auto");
    g_assert_cmpuint (g_settings_get_uint (settings, "seeks"), ==, 0);
  }
  g_assert_cmpfloat (config->phase_time, ==, 3.0);
  g_assert_cmpuint (config->repeat, ==, 3);
  g_assert_cmpuint (config->autos, ==, DYNO_AUTO_ALL);
  g_assert_true (dyno_config_is_auto (config, DYNO_AUTO_SIZE));
  g_assert_true (dyno_config_is_auto (config, DYNO_AUTO_FILES));
  g_assert_true (dyno_config_option_is_auto (config, "seeks"));
  g_assert_true (dyno_config_validate (config, NULL));
  g_assert_true (dyno_settings_match_preset (settings, DYNO_PRESET_QUICK, ram));
  g_clear_pointer (&config, dyno_config_free);

  /* A size stored before "auto" existed still means that size, and only the size is fixed. */
  g_settings_set_string (settings, "size", "24G");
  config = dyno_settings_get_config (settings, NULL);
  g_assert_cmpuint (config->size, ==, G_GUINT64_CONSTANT (24) << 30);
  g_assert_false (dyno_config_is_auto (config, DYNO_AUTO_SIZE));
  g_assert_true (dyno_config_is_auto (config, DYNO_AUTO_FILES));
  g_assert_false (dyno_settings_match_preset (settings, DYNO_PRESET_QUICK, ram));
  g_clear_pointer (&config, dyno_config_free);
  /* bonnie++'s -n with the count left to the target; explicit seeks. */
  g_settings_set_string (settings, "files-spec", "auto:4k:1k:8");
  g_settings_set_uint (settings, "seeks", 500);
  config = dyno_settings_get_config (settings, NULL);
  g_assert_true (dyno_config_is_auto (config, DYNO_AUTO_FILES));
  g_assert_cmpint (dyno_config_get_files (config)->max, ==, 4096);
  g_assert_cmpuint (dyno_config_get_files (config)->dirs, ==, 8);
  g_assert_false (dyno_config_option_is_auto (config, "seeks"));
  g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 500);
  g_clear_pointer (&config, dyno_config_free);
  g_settings_set_string (settings, "size", "twelve");
  g_assert_null (dyno_settings_get_config (settings, NULL));

  dyno_settings_apply_preset (settings, DYNO_PRESET_CLASSIC, ram);
  g_assert_cmpint (g_settings_get_enum (settings, "preset"), ==, DYNO_PRESET_CLASSIC);
  size = g_settings_get_string (settings, "size");
  g_assert_cmpstr (size, ==, "24G");
  config = dyno_settings_get_config (settings, NULL);
  g_assert_nonnull (config);
  {
    g_autoptr (GPtrArray) io = phase_list ("io");

    g_assert_cmpuint (config->phases->len, ==, 6);
    g_assert_true (dyno_config_same_phases (config, &(DynoConfig) { .phases = io }));
  }
  g_assert_cmpuint (dyno_config_get_uint (config, "seeks"), ==, 4000);
  g_assert_cmpuint (dyno_config_get_uint (config, "seekers"), ==, 3);
  g_assert_cmpuint (config->chunk, ==, 16384);
  /* Bonnie's way: one pass over twice the RAM, once. */
  g_assert_cmpfloat (config->phase_time, ==, 0);
  g_assert_cmpuint (config->repeat, ==, 1);
  g_assert_false (dyno_config_is_auto (config, DYNO_AUTO_SIZE));
  g_assert_true (dyno_settings_match_preset (settings, DYNO_PRESET_CLASSIC, ram));
  g_assert_false (dyno_settings_match_preset (settings, DYNO_PRESET_FULL, ram));
  g_clear_pointer (&config, dyno_config_free);

  dyno_settings_apply_preset (settings, DYNO_PRESET_FULL, ram);
  config = dyno_settings_get_config (settings, NULL);
  {
    g_autoptr (GPtrArray) all = phase_list ("all");

    g_assert_cmpuint (config->phases->len, ==, 12);
    g_assert_true (dyno_config_same_phases (config, &(DynoConfig) { .phases = all }));
  }
  /* Every phase, sized to the disk. */
  g_assert_cmpfloat (config->phase_time, ==, 3.0);
  g_assert_cmpuint (config->repeat, ==, 3);
  g_assert_cmpuint (config->autos, ==, DYNO_AUTO_ALL);
  g_assert_true (dyno_settings_match_preset (settings, DYNO_PRESET_FULL, ram));
  g_assert_false (dyno_settings_match_preset (settings, DYNO_PRESET_QUICK, ram));
  g_assert_true (dyno_config_validate (config, NULL));
  g_clear_pointer (&config, dyno_config_free);
  /* A phase time of one's own is no longer Full. */
  g_settings_set_double (settings, "phase-time", 10);
  g_assert_false (dyno_settings_match_preset (settings, DYNO_PRESET_FULL, ram));

  /* 2× RAM rounds up to whole GiB and is never below 1 GiB. */
  g_assert_cmpuint (dyno_preset_twice_ram ((G_GUINT64_CONSTANT (3) << 29) + 1), ==,
                    G_GUINT64_CONSTANT (4) << 30);
  g_assert_cmpuint (dyno_preset_twice_ram (0), ==, G_GUINT64_CONSTANT (1) << 30);

  dyno_test_reset_settings ();
}

static void
test_result_file_name (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (GDateTime) created = g_date_time_new_local (2026, 11, 30, 12, 34, 56);
  g_autofree char *name = NULL;

  dyno_result_set_id (result, "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d");
  dyno_result_set_created (result, created);
  dyno_result_set_label (result, "Samsung 980/Pro & more");
  name = dyno_result_store_make_name (result);
  g_assert_cmpstr (name, ==, "2026-11-30T12-34-56-Samsung-980-Pro-more-1a2b3c4d.dyno.json");
}

/* dyno --target/--size/--preset: bad values fail before any window, with status 2 */

static int
run_app (const char *const *args, char **err)
{
  const char *app_path = g_getenv ("DYNO_APP");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) app_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  /* Its stdout would land in our TAP stream. */
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, err,
                &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_command_line (void)
{
  static const struct
  {
    const char *args[4];
    const char *message;
  } bad[] = {
    { { "--size", "12Q", NULL }, "12Q" },
    { { "--preset", "turbo", NULL }, "turbo" },
    { { "--target", "/nonexistent/dyno-gui", "--run", NULL }, "/nonexistent/dyno-gui" },
  };

  if (g_getenv ("DYNO_APP") == NULL)
    {
      g_test_skip ("DYNO_APP is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_app (bad[i].args, &err), ==, 2);
      g_assert_nonnull (strstr (err, bad[i].message));
    }
  {
    const char *args[] = { "--version", NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (run_app (args, &err), ==, 0);
    g_assert_cmpstr (err, ==, "");
  }
}

/* ---- the Results page: history, comparison, import, export ---------------------------- */

static char *
runs_dir (void)
{
  return g_build_filename (data_home, "dyno", "runs", NULL);
}

/* Each results test starts from an empty runs folder and default settings. */
static void
clear_runs (void)
{
  g_autofree char *dir = runs_dir ();
  g_autofree char *trash = g_build_filename (data_home, "Trash", NULL);

  dyno_test_rm_rf (dir);
  dyno_test_rm_rf (trash);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  dyno_test_reset_settings ();
}

/* A run as the engine would record it: block write, block read and seeks, each repeated three
 * times (so the comparison can tell noise from a difference), and live samples of the write. */
static DynoTargetResult *
make_target (const char *path, double write_mbs, double read_mbs)
{
  static const char *const keys[] = { "write", "read", "seeks" };
  DynoTargetInfo *info = dyno_target_info_new (path);
  DynoTargetResult *target;
  /* Targets' runs drift different ways, as two real folders' would (by the length of the
   * path, so that /tmp/plain and /tmp/encrypted differ), so that a session's ratios from
   * its rounds' pairs (which cancel a drift both share) keep a spread. */
  double drift = strlen (path) % 3 == 1 ? 1.0 : -1.0;

  info->fs_type = g_strdup ("ext4");
  info->writable = TRUE;
  target = dyno_target_result_new (info);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target,
                                                                dyno_phase_lookup (keys[i]));
      double base = i == 0 ? write_mbs * 1e6 : i == 1 ? read_mbs * 1e6 : 200;

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
  for (guint r = 0; r < 3; r++)
    for (guint k = 0; k < 40; k++)
      {
        DynoSample sample = { 0 };

        sample.t = r * 20 + k * 0.1;
        sample.phase_t = k * 0.1;
        sample.repeat = r;
        sample.phase = dyno_phase_lookup ("write");
        sample.rate = write_mbs * 1e6 * (1 + 0.05 * ((k % 5) - 2));
        sample.done = (guint64) (sample.rate * sample.phase_t);
        sample.process_cpu = 20;
        sample.system_cpu = (DynoCpuSplit) { 5, 10, 2, 83 };
        sample.progress = k / 40.0;
        g_array_append_val (target->samples, sample);
      }
  return target;
}

static DynoResult *
make_result (const char *label, const char *path, double write_mbs, double read_mbs,
             gint64 created)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (created);
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();

  config->repeat = 3;
  g_assert_true (dyno_config_select (config, "write,read,seeks", NULL));
  dyno_result_set_config (result, config);
  dyno_result_set_label (result, label);
  dyno_result_set_created (result, when);
  system->hostname = g_strdup ("testhost");
  system->os_name = g_strdup ("Debian GNU/Linux 12 (bookworm)");
  dyno_result_set_system (result, system);
  dyno_result_add_target (result, make_target (path, write_mbs, read_mbs));
  return result;
}

static char *
save_result (DynoResult *result, const char *name)
{
  g_autofree char *dir = runs_dir ();
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (dyno_result_save (result, path, &error));
  g_assert_no_error (error);
  return path;
}

/* The window with the runs of the folder listed. */
static DynoWindow *
create_results_window (void)
{
  DynoWindow *window = create_window ();

  WAIT_FOR (dyno_history_get_loaded (dyno_results_page_get_history (results_page (window))), 30);
  return window;
}

/* Borrowed from the model. */
static DynoHistoryItem *
find_item (GListModel *model, const char *title)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (dyno_history_item_get_title (item), title) == 0)
        return item;
    }
  return NULL;
}

static void
save_plain_and_encrypted (char **plain_path, char **encrypted_path)
{
  g_autoptr (DynoResult) plain = make_result ("Plain", "/home", 400, 800, 1790000000);
  g_autoptr (DynoResult) encrypted = make_result ("Encrypted", "/home/ada/Private", 100, 780,
                                                  1790003600);

  *plain_path = save_result (plain, "plain.dyno.json");
  *encrypted_path = save_result (encrypted, "encrypted.dyno.json");
}

/* Runs another program saves into the runs folder (dyno-cli run --json …) appear in the list,
 * and leave it when a file manager deletes them; the list's own delete and undo, which change
 * the same folder, neither lose nor double a run. */

static guint
count_items (GListModel *model, const char *title)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);

      n += g_strcmp0 (dyno_history_item_get_title (item), title) == 0;
    }
  return n;
}

static void
test_results_watch (void)
{
  g_autofree char *plain_path = NULL;
  g_autofree char *encrypted_path = NULL;
  g_autofree char *cli_path = NULL;
  g_autofree char *other_path = NULL;
  g_autoptr (DynoResult) from_cli = make_result ("From the CLI", "/srv/nas", 110, 112,
                                                 1790007200);
  g_autoptr (DynoHistoryItem) plain = NULL;
  g_autofree char *dir = runs_dir ();
  DynoHistory *history;
  DynoWindow *window;
  GListModel *model;

  clear_runs ();
  save_plain_and_encrypted (&plain_path, &encrypted_path);
  window = create_results_window ();
  history = dyno_results_page_get_history (results_page (window));
  model = dyno_history_view_get_model (history_view (window));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);

  cli_path = save_result (from_cli, "nas.dyno.json");
  WAIT_FOR (find_item (model, "From the CLI") != NULL, 10);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);

  /* Not a run: another kind of file, and a hidden one (a save's temporary file). */
  other_path = g_build_filename (dir, "notes.txt", NULL);
  dyno_test_write_file (other_path, "not a run");
  g_free (other_path);
  other_path = g_build_filename (dir, ".hidden.dyno.json", NULL);
  g_assert_true (g_file_set_contents (other_path, "{}", -1, NULL));
  let_events_settle ();
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);

  g_assert_cmpint (g_unlink (cli_path), ==, 0);
  WAIT_FOR (find_item (model, "From the CLI") == NULL, 10);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);

  /* The list's own delete, then undo: one Plain all along, and at the end. */
  plain = g_object_ref (find_item (model, "Plain"));
  dyno_history_delete (history, plain);
  WAIT_FOR (!dyno_history_get_busy (history), 30);
  let_events_settle ();
  g_assert_cmpuint (count_items (model, "Plain"), ==, 0);
  dyno_history_undo_delete (history, plain);
  WAIT_FOR (!dyno_history_get_busy (history), 30);
  let_events_settle ();
  g_assert_cmpuint (count_items (model, "Plain"), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);

  dyno_test_destroy_window (window);
}

/* Both saved runs are listed; checking both and Compare shows their table with ratios */

static void
test_results_compare (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *plain_path = NULL;
  g_autofree char *encrypted_path = NULL;
  g_autofree char *baseline = NULL;
  DynoCompareView *compare;
  DynoComparison *comparison;
  DynoWindow *window;
  GListModel *model;
  GtkLabel *ratio;
  const DynoPhase *write = dyno_phase_lookup ("write");

  clear_runs ();
  save_plain_and_encrypted (&plain_path, &encrypted_path);
  window = create_results_window ();

  /* Newest first. */
  model = dyno_history_view_get_model (history_view (window));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  {
    g_autoptr (DynoHistoryItem) first = g_list_model_get_item (model, 0);
    g_autoptr (DynoHistoryItem) second = g_list_model_get_item (model, 1);

    g_assert_cmpstr (dyno_history_item_get_title (first), ==, "Encrypted");
    g_assert_cmpstr (dyno_history_item_get_title (second), ==, "Plain");
    g_assert_cmpstr (dyno_history_item_get_path (second), ==, plain_path);
    g_assert_false (dyno_history_item_get_external (second));
    g_assert_nonnull (dyno_history_view_get_row (history_view (window), first));
  }

  /* The search filters on label, host and target. */
  gtk_editable_set_text (GTK_EDITABLE (dyno_history_view_get_search_entry (history_view (window))),
                         "private");
  WAIT_FOR (g_list_model_get_n_items (model) == 1, 10);
  gtk_editable_set_text (GTK_EDITABLE (dyno_history_view_get_search_entry (history_view (window))),
                         "");
  WAIT_FOR (g_list_model_get_n_items (model) == 2, 10);

  /* Sorted by block write, fastest first. */
  g_settings_set_string (settings, "history-sort", "write");
  {
    g_autoptr (DynoHistoryItem) first = g_list_model_get_item (model, 0);

    g_assert_cmpstr (dyno_history_item_get_title (first), ==, "Plain");
  }

  /* Compare needs two checked. */
  g_assert_false (action_enabled (window, "results.compare"));
  dyno_history_item_set_selected (find_item (model, "Plain"), TRUE);
  g_assert_false (action_enabled (window, "results.compare"));
  dyno_history_item_set_selected (find_item (model, "Encrypted"), TRUE);
  g_assert_true (action_enabled (window, "results.compare"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (results_page (window)),
                                             "results.compare", NULL));
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "comparison");
  compare = dyno_results_page_get_compare_view (results_page (window));
  comparison = dyno_compare_view_get_comparison (compare);
  g_assert_nonnull (comparison);
  g_assert_cmpuint (dyno_comparison_get_n_entries (comparison), ==, 2);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* In the order shown; the first is the baseline until one is chosen. */
  g_assert_cmpstr (gtk_label_get_text (dyno_compare_view_get_name_label (compare, 0)), ==,
                   "Plain");
  g_assert_cmpstr (gtk_label_get_text (dyno_compare_view_get_name_label (compare, 1)), ==,
                   "Encrypted");
  g_assert_null (dyno_compare_view_get_ratio_label (compare, 0, write));
  ratio = dyno_compare_view_get_ratio_label (compare, 1, write);
  g_assert_nonnull (ratio);
  g_assert_cmpstr (gtk_label_get_text (ratio), ==, "×0.25");
  /* Three repeats a side, 1 % apart: a gap of four times is no noise. */
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (ratio), "slower"));
  /* Block read is 2.5 % lower: within what the repeats allow? Either way it is marked. */
  ratio = dyno_compare_view_get_ratio_label (compare, 1, dyno_phase_lookup ("read"));
  g_assert_nonnull (ratio);
  g_assert_nonnull (strstr (gtk_label_get_text (ratio), "×"));

  /* The answer first: the gap of four times, and the seeks that are the same. */
  {
    const char *headline = dyno_compare_view_get_headline (compare);

    g_assert_nonnull (headline);
    g_assert_true (g_str_has_prefix (headline, "Encrypted vs Plain (baseline)\nEncrypted is "
                                               "typically "));
    g_assert_nonnull (strstr (headline, "Block write ×0.25 (\u221275 %)"));
    g_assert_nonnull (strstr (headline, "Random seeks: no difference larger than 5 %"));
  }

  /* A new baseline is remembered by file and target. */
  dyno_compare_view_set_baseline (compare, 1);
  baseline = g_settings_get_string (settings, "compare-baseline");
  g_assert_cmpstr (baseline, ==, encrypted_path);
  g_assert_cmpstr (gtk_label_get_text (dyno_compare_view_get_ratio_label (compare, 0, write)),
                   ==, "×4.00");
  g_assert_true (g_str_has_prefix (dyno_compare_view_get_headline (compare),
                                   "Plain vs Encrypted (baseline)\n"));

  /* The overlay draws the write of both; its phase is a setting too. */
  g_assert_true (dyno_compare_view_get_phase (compare) == write);
  g_assert_true (dyno_compare_chart_has_samples (comparison, write));

  /* Back to the list, as the header bar's back button and Alt+Left do. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL));
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "list");

  dyno_test_destroy_window (window);
}

/* A session over two folders leads with its answer, by folder name, and opens at its top */

static void
test_results_session (void)
{
  g_autoptr (DynoResult) session = make_result ("Evening", "/tmp/plain", 400, 800, 1790000000);
  g_autoptr (DynoResult) single = make_result ("Single", "/home", 400, 800, 1790003600);
  DynoResultView *view;
  GtkAdjustment *scroll;
  const char *headline;
  DynoWindow *window;

  clear_runs ();
  dyno_result_add_target (session, make_target ("/tmp/encrypted", 100, 796));
  window = create_results_window ();
  dyno_results_page_show_result (results_page (window), session, NULL);
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "result");
  view = dyno_results_page_get_result_view (results_page (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* Two folders, three repeats each: a paired run, its answer a verdict per phase with the
   * 95 % interval, then the forest plot of the same. */
  headline = dyno_result_view_get_headline (view);
  g_assert_nonnull (headline);
  g_assert_true (g_str_has_prefix (headline, "encrypted vs plain (baseline)\nencrypted is "
                                             "typically "));
  g_assert_nonnull (strstr (headline, "\nBlock write: 75 % slower ("));
  /* Rounds that drift apart by 2 %: the interval holds ×1 and reaches past −5 %. */
  g_assert_nonnull (strstr (headline, "\nBlock read: inconclusive: needs more repeats ("));
  g_assert_nonnull (dyno_result_view_get_forest (view));

  /* Scrolled down, then another run: it opens at its top. */
  scroll = gtk_scrolled_window_get_vadjustment (dyno_result_view_get_scroller (view));
  WAIT_FOR (gtk_adjustment_get_upper (scroll) > gtk_adjustment_get_page_size (scroll), 10);
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll));
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), >, 0);
  dyno_results_page_show_result (results_page (window), single, NULL);
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), ==, 0);
  /* One folder: nothing to compare, no headline. */
  g_assert_null (dyno_result_view_get_headline (view));
  g_assert_null (dyno_result_view_get_forest (view));

  dyno_test_destroy_window (window);
}

/* Every label of a widget tree wraps rather than ellipsizes: an interval is never cut off. */
static void
assert_labels_wrap (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_label_get_selectable (GTK_LABEL (child)))
        {
          g_assert_true (gtk_label_get_wrap (GTK_LABEL (child)));
          g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (child)), ==,
                           PANGO_ELLIPSIZE_NONE);
        }
      assert_labels_wrap (child);
    }
}

/* The encrypted folder given first: the result page measures it against the plain one ("… is
 * N % slower"), names the encrypted side and the baseline, lets the person pick the other
 * baseline, which turns the words and the forest plot round, and says the crypto stack in
 * words. */
static void
test_results_encrypted_first (void)
{
  g_autoptr (DynoResult) session = make_result ("Evening", "/tmp/encrypted", 100, 796,
                                                1790000000);
  DynoTargetResult *encrypted = dyno_result_get_target (session, 0);
  DynoCryptoLayer *layer = dyno_crypto_layer_new ("gocryptfs");
  DynoSystemInfo *system = dyno_system_info_copy (dyno_result_get_system (session));
  DynoResultView *view;
  GtkDropDown *dropdown;
  GtkWidget *crypto;
  const char *headline;
  const char *words;
  DynoWindow *window;

  clear_runs ();
  layer->cipher = g_strdup ("AES-256-GCM");
  layer->details = g_strdup ("file names AES-EME; flags HKDF GCMIV128 DirIV EMENames");
  layer->driver = g_strdup ("user space (the gocryptfs daemon)");
  layer->source = g_strdup ("/tmp/cipher/gocryptfs.conf");
  g_ptr_array_add (encrypted->info->encryption, g_strdup ("gocryptfs (FUSE)"));
  g_ptr_array_add (encrypted->info->crypto, layer);
  g_clear_pointer (&system->cpu_crypto, g_ptr_array_unref);
  system->cpu_crypto = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (system->cpu_crypto, g_strdup ("aes"));
  g_ptr_array_add (system->cpu_crypto, g_strdup ("pclmulqdq"));
  system->cpu_crypto_known = TRUE;
  dyno_result_set_system (session, system);
  dyno_result_add_target (session, make_target ("/tmp/plain", 400, 800));

  window = create_results_window ();
  dyno_results_page_show_result (results_page (window), session, NULL);
  view = dyno_results_page_get_result_view (results_page (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* Against the plain folder, though it was given second; the encrypted side named so. */
  headline = dyno_result_view_get_headline (view);
  g_assert_nonnull (headline);
  g_test_message ("%s", headline);
  g_assert_true (g_str_has_prefix (headline, "encrypted vs plain (baseline)\n"
                                             "encrypted (encrypted with gocryptfs) is typically "));
  g_assert_nonnull (strstr (headline, "% slower than plain ("));
  /* Each phase's verdict once, under the typical change; of the summary, the CPU sentence. */
  g_assert_null (strstr (headline, "slower at block write"));
  g_assert_nonnull (strstr (headline, "\nIt costs "));
  g_assert_nonnull (strstr (headline, "\nBlock write: 75 % slower ("));
  g_assert_null (strstr (headline, "faster"));
  dropdown = dyno_result_view_get_baseline_dropdown (view);
  g_assert_nonnull (dropdown);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 1);
  g_assert_cmpuint (dyno_comparison_get_baseline (dyno_result_view_get_comparison (view)), ==, 1);
  g_assert_true (dyno_compare_graph_get_comparison (dyno_result_view_get_forest (view))
                 == dyno_result_view_get_comparison (view));
  assert_labels_wrap (GTK_WIDGET (view));

  /* The crypto stack in words, the raw flags behind Details. */
  crypto = dyno_result_view_get_crypto_group (view);
  g_assert_nonnull (crypto);
  words = g_object_get_data (G_OBJECT (crypto), "dyno-crypto-text");
  g_test_message ("%s", words);
  g_assert_true (g_str_has_prefix (words, "gocryptfs (FUSE)\nCipher: AES-256-GCM\n"));
  g_assert_nonnull (strstr (words, "Where It Runs: In a program in user space (gocryptfs): "
                                   "every read and write passes through it\n"));
  g_assert_nonnull (strstr (words, "Uses the CPU’s AES Instructions: Yes: this CPU has them"));
  g_assert_nonnull (strstr (words, "As Found: gocryptfs: AES-256-GCM, file names AES-EME; flags "
                                   "HKDF"));
  g_assert_nonnull (strstr (words, "CPU per GB Moved: "));

  /* The person picks the encrypted folder as the baseline: everything turns round. */
  gtk_drop_down_set_selected (dropdown, 0);
  WAIT_FOR (g_str_has_prefix (dyno_result_view_get_headline (view),
                              "plain vs encrypted (baseline)\n"),
            10);
  headline = dyno_result_view_get_headline (view);
  g_test_message ("%s", headline);
  g_assert_true (g_str_has_prefix (headline, "plain vs encrypted (baseline)\nplain is typically "));
  g_assert_nonnull (strstr (headline, "\nBlock write: 300 % faster ("));
  g_assert_cmpuint (dyno_comparison_get_baseline (dyno_result_view_get_comparison (view)), ==, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (dyno_result_view_get_baseline_dropdown (view)),
                    ==, 0);
  g_assert_true (dyno_compare_graph_get_comparison (dyno_result_view_get_forest (view))
                 == dyno_result_view_get_comparison (view));
  /* And back, through the page's own call. */
  dyno_result_view_set_baseline (view, 1);
  g_assert_true (g_str_has_prefix (dyno_result_view_get_headline (view),
                                   "encrypted vs plain (baseline)\n"));

  dyno_test_destroy_window (window);
}

/* A paired run whose encrypted block read may come from an NFS server's cache: its figure is
 * marked with the reason on hover and in a warning under its table, and the answer says no
 * verdict rather than "faster". */
static void
test_results_cache_doubt (void)
{
  static const char doubt[] = "may come from a cache below: the server of this nfs4 share";
  g_autoptr (DynoResult) session = make_result ("Evening", "/tmp/plain", 400, 42, 1790000000);
  DynoTargetResult *encrypted = make_target ("/tmp/encrypted", 100, 601);
  DynoPhaseResult *read = dyno_target_result_find_phase (encrypted, "read");
  DynoResultView *view;
  DynoWindow *window;
  GtkLabel *label;
  const char *tooltip;
  const char *headline;

  clear_runs ();
  for (guint r = 0; r < read->runs->len; r++)
    g_array_index (read->runs, DynoPhaseRun, r).cache_doubt = g_intern_static_string (doubt);
  dyno_phase_result_summarize (read);
  dyno_result_add_target (session, encrypted);
  window = create_results_window ();
  dyno_results_page_show_result (results_page (window), session, NULL);
  view = dyno_results_page_get_result_view (results_page (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* The figure: marked, the reason on hover; the plain side's is not. */
  label = dyno_result_view_get_rate_label (view, 1, dyno_phase_lookup ("read"));
  g_assert_nonnull (label);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (label), " †"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (label), "cache-doubt"));
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (label));
  g_assert_nonnull (strstr (tooltip, doubt));
  label = dyno_result_view_get_rate_label (view, 0, dyno_phase_lookup ("read"));
  g_assert_null (strstr (gtk_label_get_text (label), "†"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (label), "cache-doubt"));
  label = dyno_result_view_get_rate_label (view, 1, dyno_phase_lookup ("write"));
  g_assert_null (strstr (gtk_label_get_text (label), "†"));

  /* The warning under the encrypted target's table. */
  g_assert_nonnull (dyno_test_find_label (GTK_WIDGET (view), "† Block read: may come from a cache "
                                                        "below: the server of this nfs4 share"));

  /* The answer: block write still slower, block read no verdict, nothing "faster". */
  headline = dyno_result_view_get_headline (view);
  g_assert_nonnull (headline);
  g_assert_nonnull (strstr (headline, "\nBlock write: 75 % slower ("));
  g_assert_nonnull (strstr (headline, "\n† Block read: no verdict: a figure may come from a "
                                      "cache below"));
  g_assert_null (strstr (headline, "faster"));

  dyno_test_destroy_window (window);
}

/* A figure judged against a precision target says how precise it is under it, one that missed
 * it is marked with the reason on hover, and a line under the table counts them; a result
 * without precision (an import, an older file) shows none of it, in the result view and in the
 * comparison. */
static void
test_results_precision (void)
{
  static const char budget[] = "not reached within the time budget (300 s a target, "
                               "--max-time): the device's own runs varied ×4.00";
  static const double spread[] = { 400e6, 800e6, 1600e6 };
  g_autoptr (DynoResult) judged = make_result ("Judged", "/tmp/judged", 400, 800, 1790000000);
  g_autoptr (DynoResult) plain = make_result ("Plain", "/home", 400, 800, 1790003600);
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  const DynoPhase *write = dyno_phase_lookup ("write");
  const DynoPhase *read = dyno_phase_lookup ("read");
  const DynoPhase *seeks = dyno_phase_lookup ("seeks");
  DynoTargetResult *target = dyno_result_get_target (judged, 0);
  DynoPhaseResult *read_phase = dyno_target_result_find_phase (target, "read");
  DynoCompareView *compare;
  DynoResultView *view;
  DynoWindow *window;
  GtkWidget *caption;
  const char *tooltip;

  clear_runs ();
  /* Write's runs are within 1 % of each other: met. Read's vary ×4: not met, with the reason
   * the engine gives when the budget ran out. Seeks is not judged, as in an older file. */
  for (guint r = 0; r < read_phase->runs->len; r++)
    g_array_index (read_phase->runs, DynoPhaseRun, r).rate = spread[r];
  dyno_phase_result_summarize (read_phase);
  dyno_phase_result_judge_precision (dyno_target_result_find_phase (target, "write"), 0.05,
                                     NULL);
  dyno_phase_result_judge_precision (read_phase, 0.05, budget);
  g_assert_cmpint (dyno_target_result_find_phase (target, "write")->precision_met, ==, 1);
  g_assert_cmpint (read_phase->precision_met, ==, 0);

  window = create_results_window ();
  dyno_results_page_show_result (results_page (window), judged, NULL);
  view = dyno_results_page_get_result_view (results_page (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* Met: "±2.5 % · 3 runs", dim, no mark. */
  caption = dyno_result_view_get_precision_caption (view, 0, write);
  g_assert_nonnull (caption);
  g_assert_true (gtk_widget_get_visible (caption));
  g_assert_nonnull (dyno_test_find_label (caption, " % · 3 runs"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (dyno_test_find_label (caption, "runs")), "±"));
  g_assert_true (gtk_widget_has_css_class (caption, "dim-label"));
  g_assert_false (gtk_widget_has_css_class (caption, "warning"));
  g_assert_false (GTK_IS_IMAGE (gtk_widget_get_first_child (caption)));
  tooltip = gtk_widget_get_tooltip_text (caption);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "±5.0 %"));
  /* Which ± it is: the figure above it has the standard deviation's. */
  g_assert_nonnull (strstr (tooltip, "95 % interval is ±"));

  /* Missed: marked with the warning icon, the reason on hover. */
  caption = dyno_result_view_get_precision_caption (view, 0, read);
  g_assert_nonnull (caption);
  g_assert_nonnull (dyno_test_find_label (caption, " % · 3 runs"));
  g_assert_true (gtk_widget_has_css_class (caption, "warning"));
  g_assert_true (GTK_IS_IMAGE (gtk_widget_get_first_child (caption)));
  tooltip = gtk_widget_get_tooltip_text (caption);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "±5.0 %"));
  g_assert_nonnull (strstr (tooltip, budget));

  /* Not judged: nothing new under its figure. */
  g_assert_null (dyno_result_view_get_precision_caption (view, 0, seeks));
  g_assert_nonnull (dyno_result_view_get_rate_label (view, 0, seeks));

  g_assert_nonnull (dyno_test_find_label (GTK_WIDGET (view),
                                     "Precision asked: ±5.0 % — met by 1 of 2 figures"));

  /* A result without precision shows none of it. */
  dyno_results_page_show_result (results_page (window), plain, NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_null (dyno_result_view_get_precision_caption (view, 0, write));
  g_assert_null (dyno_result_view_get_precision_caption (view, 0, read));
  g_assert_nonnull (dyno_result_view_get_rate_label (view, 0, write));
  g_assert_null (dyno_test_find_label (GTK_WIDGET (view), "Precision asked"));

  /* The comparison: the judged entry's figures have their captions, the other's none. */
  dyno_comparison_add (comparison, plain, 0);
  dyno_comparison_add (comparison, judged, 0);
  dyno_results_page_show_comparison (results_page (window), comparison);
  compare = dyno_results_page_get_compare_view (results_page (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_null (dyno_compare_view_get_precision_caption (compare, 0, write));
  caption = dyno_compare_view_get_precision_caption (compare, 1, write);
  g_assert_nonnull (caption);
  g_assert_false (gtk_widget_has_css_class (caption, "warning"));
  caption = dyno_compare_view_get_precision_caption (compare, 1, read);
  g_assert_nonnull (caption);
  g_assert_true (gtk_widget_has_css_class (caption, "warning"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (caption), budget));
  g_assert_null (dyno_compare_view_get_precision_caption (compare, 1, seeks));

  dyno_test_destroy_window (window);
}

/* Import of Tim Bray's table: four runs, saved, each saying where it came from */

static guint
count_runs (void)
{
  g_autofree char *dir = runs_dir ();
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    n += g_str_has_suffix (name, ".dyno.json");
  return n;
}

static AdwMessageDialog *
find_dialog (DynoWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel)
          && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

static void
test_results_import (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "fixtures", "import",
                                                    "seed-003-bray-bonnie-msec.txt", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (fixture);
  DynoHistory *history;
  AdwMessageDialog *dialog;
  DynoWindow *window;
  GListModel *model;
  guint n_before;

  clear_runs ();
  window = create_results_window ();
  history = dyno_results_page_get_history (results_page (window));
  model = dyno_history_view_get_model (history_view (window));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  /* What Import… does with the chosen files. */
  dyno_results_page_import_files (results_page (window), &file, 1, DYNO_HISTORY_IMPORT);
  WAIT_FOR (results_page (window)->n_ingests == 0, 30);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  g_assert_cmpuint (count_runs (), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);
      DynoResult *result = dyno_history_item_get_result (item);
      g_autofree char *format = dyno_history_describe_source_format (result);

      g_assert_cmpstr (dyno_result_get_tool (result), ==, "Bonnie");
      g_assert_nonnull (strstr (dyno_result_get_source (result), "seed-003-bray-bonnie-msec.txt"));
      g_assert_cmpstr (format, ==, "Bonnie table");
      g_assert_true (dyno_result_store_contains (dyno_history_item_get_path (item)));
    }
  /* In the table's order, and checked, ready to compare. */
  {
    g_autoptr (DynoHistoryItem) first = g_list_model_get_item (model, 0);

    g_assert_cmpstr (dyno_history_item_get_title (first), ==, "NoFV");
  }
  g_assert_cmpuint (dyno_history_get_n_selected (history), ==, 4);
  g_assert_true (action_enabled (window, "results.compare"));

  /* The same again: nothing new. */
  dyno_results_page_import_files (results_page (window), &file, 1, DYNO_HISTORY_IMPORT);
  WAIT_FOR (results_page (window)->n_ingests == 0, 30);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  g_assert_cmpuint (count_runs (), ==, 4);

  /* Pasted text goes the same way, named "clipboard". */
  {
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (fixture, &contents, NULL, NULL));
    dyno_results_page_import_text (results_page (window), contents, "clipboard");
    WAIT_FOR (results_page (window)->n_ingests == 0, 30);
  }
  g_assert_cmpuint (count_runs (), ==, 8);

  /* Damaged input: the importer's words in a dialog, and nothing saved. */
  n_before = count_runs ();
  dyno_results_page_import_text (results_page (window),
                                 "Machine    MB M/sec %CPU\nNoFV 1000 ten\n", "clipboard");
  WAIT_FOR (results_page (window)->n_ingests == 0, 30);
  g_assert_cmpuint (count_runs (), ==, n_before);
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "line"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Nothing was imported"));
  gtk_window_destroy (GTK_WINDOW (dialog));

  dyno_test_destroy_window (window);
}

/* The comparison's charts to PNG, SVG and PDF, and its table to CSV and Markdown */

/* Exports the shown run's or comparison's forest plot as PNG and SVG, and checks both are
 * whole images of the forest plot, not of some other chart. */
static void
assert_forest_export (DynoWindow *window, const char *out, const char *stem)
{
  g_autofree char *png_name = g_strdup_printf ("%s-forest.png", stem);
  g_autofree char *svg_name = g_strdup_printf ("%s-forest.svg", stem);
  g_autofree char *png_path = g_build_filename (out, png_name, NULL);
  g_autofree char *svg_path = g_build_filename (out, svg_name, NULL);
  g_autofree char *contents = NULL;
  cairo_surface_t *png;
  gsize length = 0;

  dyno_results_page_export_chart_to (results_page (window), "forest", DYNO_EXPORT_PNG, png_path);
  dyno_results_page_export_chart_to (results_page (window), "forest", DYNO_EXPORT_SVG, svg_path);
  g_assert_cmpuint (results_page (window)->n_exports, ==, 2);
  WAIT_FOR (results_page (window)->n_exports == 0, 30);

  png = cairo_image_surface_create_from_png (png_path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==,
                   DYNO_COMPARE_CHART_WIDTH * DYNO_COMPARE_CHART_PNG_SCALE);
  cairo_surface_destroy (png);

  g_assert_true (g_file_get_contents (svg_path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  g_assert_nonnull (strstr (contents, "<svg"));
}

/* What a save dialog's answer becomes: the name's kind where offered, else the kind asked. */
static void
test_export_resolve_path (void)
{
  static const struct
  {
    const char *name;
    const DynoExportFormat *offered;
    guint n_offered;
    DynoExportFormat asked;
    const char *path;
    DynoExportFormat format;
  } cases[] = {
    { "r", dyno_export_report_formats, 2, DYNO_EXPORT_REPORT, "r.html", DYNO_EXPORT_REPORT },
    { "r.html", dyno_export_report_formats, 2, DYNO_EXPORT_REPORT, "r.html", DYNO_EXPORT_REPORT },
    { "r.pdf", dyno_export_report_formats, 2, DYNO_EXPORT_REPORT, "r.pdf",
      DYNO_EXPORT_REPORT_PDF },
    { "r.HTM", dyno_export_report_formats, 2, DYNO_EXPORT_REPORT_PDF, "r.HTM",
      DYNO_EXPORT_REPORT },
    { "r.csv", dyno_export_report_formats, 2, DYNO_EXPORT_REPORT_PDF, "r.csv.pdf",
      DYNO_EXPORT_REPORT_PDF },
    { "t.html", dyno_export_table_formats, 5, DYNO_EXPORT_CSV, "t.html", DYNO_EXPORT_HTML },
    { "c.csv", dyno_export_chart_formats, 3, DYNO_EXPORT_PNG, "c.csv.png", DYNO_EXPORT_PNG },
    { "c.pdf", dyno_export_chart_formats, 3, DYNO_EXPORT_PNG, "c.pdf", DYNO_EXPORT_PDF },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DynoExportFormat format = DYNO_EXPORT_JSON;
      g_autofree char *path = dyno_export_resolve_path (cases[i].name, cases[i].asked,
                                                        cases[i].offered, cases[i].n_offered,
                                                        &format);

      g_assert_cmpstr (path, ==, cases[i].path);
      g_assert_cmpint (format, ==, cases[i].format);
    }
}

static void
test_results_export (void)
{
  g_autofree char *plain_path = NULL;
  g_autofree char *encrypted_path = NULL;
  g_autofree char *out = dyno_test_make_dir ("dyno-gui-export");
  const DynoExportFormat charts[] = { DYNO_EXPORT_PNG, DYNO_EXPORT_SVG, DYNO_EXPORT_PDF };
  DynoWindow *window;
  GListModel *model;

  clear_runs ();
  save_plain_and_encrypted (&plain_path, &encrypted_path);
  window = create_results_window ();
  model = dyno_history_view_get_model (history_view (window));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, i);

      dyno_history_item_set_selected (item, TRUE);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (results_page (window)),
                                             "results.compare", NULL));
  g_assert_true (action_enabled (window, "win.export"));

  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      g_autofree char *name = g_strdup_printf ("bars.%s",
                                               dyno_export_format_extension (charts[i]));
      g_autofree char *path = g_build_filename (out, name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      /* What the save dialog's answer leads to. */
      dyno_results_page_export_chart_to (results_page (window), "bars", charts[i], path);
      WAIT_FOR (results_page (window)->n_exports == 0, 30);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_cmpuint (length, >, 1000);
      if (charts[i] == DYNO_EXPORT_PNG)
        {
          cairo_surface_t *png = cairo_image_surface_create_from_png (path);

          g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
          /* 1200 × 675 points at twice the pixels: sharp in an article. */
          g_assert_cmpint (cairo_image_surface_get_width (png), ==,
                           DYNO_COMPARE_CHART_WIDTH * DYNO_COMPARE_CHART_PNG_SCALE);
          g_assert_cmpint (cairo_image_surface_get_height (png), ==,
                           DYNO_COMPARE_CHART_HEIGHT * DYNO_COMPARE_CHART_PNG_SCALE);
          cairo_surface_destroy (png);
        }
      else if (charts[i] == DYNO_EXPORT_SVG)
        {
          g_assert_true (g_str_has_prefix (contents, "<?xml"));
          g_assert_nonnull (strstr (contents, "<svg"));
        }
      else
        g_assert_true (g_str_has_prefix (contents, "%PDF-"));
    }

  {
    g_autofree char *csv = g_build_filename (out, "table.csv", NULL);
    g_autofree char *md = g_build_filename (out, "table.md", NULL);
    g_autofree char *contents = NULL;

    dyno_results_page_export_table_to (results_page (window), DYNO_EXPORT_CSV, csv);
    dyno_results_page_export_table_to (results_page (window), DYNO_EXPORT_MARKDOWN, md);
    WAIT_FOR (results_page (window)->n_exports == 0, 30);
    g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "Encrypted"));
    g_clear_pointer (&contents, g_free);
    g_assert_true (g_file_get_contents (md, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "| Plain"));
    g_assert_nonnull (strstr (contents, "×"));
  }

  /* The report of the comparison, as a page and as a PDF, written by the worker. */
  g_assert_true (action_enabled (window, "results.export-report"));
  {
    g_autofree char *html = g_build_filename (out, "report.html", NULL);
    g_autofree char *pdf = g_build_filename (out, "report.pdf", NULL);
    g_autofree char *contents = NULL;
    gsize length = 0;

    dyno_results_page_export_report_to (results_page (window), DYNO_EXPORT_REPORT, html);
    dyno_results_page_export_report_to (results_page (window), DYNO_EXPORT_REPORT_PDF, pdf);
    WAIT_FOR (results_page (window)->n_exports == 0, 60);
    g_assert_true (g_file_get_contents (html, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "<!DOCTYPE html>"));
    /* Both entries, the forest plot and the bars, their labels as text. */
    g_assert_nonnull (strstr (contents, "Plain"));
    g_assert_nonnull (strstr (contents, "Encrypted"));
    g_assert_nonnull (strstr (contents, "<svg class=\"chart\""));
    g_assert_nonnull (strstr (contents, "<text "));
    g_clear_pointer (&contents, g_free);
    g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
    g_assert_cmpuint (length, >, 1000);
    g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  }

  /* Both runs have three repeats: their ratios have intervals, drawn as a forest plot. */
  g_assert_true (action_enabled (window, "results.export-forest"));
  assert_forest_export (window, out, "comparison");

  /* A single run's live chart, through the renderer of the Live page. */
  {
    g_autofree char *path = g_build_filename (out, "live.svg", NULL);
    g_autoptr (DynoHistoryItem) item = g_list_model_get_item (model, 0);

    dyno_results_page_show_item (results_page (window), item);
    dyno_results_page_export_chart_to (results_page (window), "live", DYNO_EXPORT_SVG, path);
    WAIT_FOR (results_page (window)->n_exports == 0, 30);
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

    /* One folder: no ratios, no forest plot, and nothing written when asked anyway. */
    g_assert_false (action_enabled (window, "results.export-forest"));
    {
      g_autofree char *none = g_build_filename (out, "none.svg", NULL);

      dyno_results_page_export_chart_to (results_page (window), "forest", DYNO_EXPORT_SVG, none);
      g_assert_cmpuint (results_page (window)->n_exports, ==, 0);
      g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
    }
  }

  /* A paired run (two folders of one session, three repeats): its own page exports it. */
  {
    g_autoptr (DynoResult) session = make_result ("Evening", "/tmp/plain", 400, 800, 1790000000);

    dyno_result_add_target (session, make_target ("/tmp/encrypted", 100, 796));
    dyno_results_page_show_result (results_page (window), session, NULL);
    g_assert_true (action_enabled (window, "results.export-forest"));
    assert_forest_export (window, out, "paired");
  }

  dyno_test_destroy_window (window);
  dyno_test_rm_rf (out);
}

/* Rename, notes, delete and undo, each reaching the file */

static void
test_results_edit (void)
{
  g_autofree char *plain_path = NULL;
  g_autofree char *encrypted_path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (DynoHistoryItem) item = NULL;
  DynoHistory *history;
  DynoWindow *window;
  GListModel *model;

  clear_runs ();
  save_plain_and_encrypted (&plain_path, &encrypted_path);
  window = create_results_window ();
  history = dyno_results_page_get_history (results_page (window));
  model = dyno_history_view_get_model (history_view (window));
  item = g_object_ref (find_item (model, "Plain"));

  dyno_history_rename (history, item, "  Plain ext4  ");
  dyno_history_set_notes (history, item, "Before the firmware update");
  /* At once in the list, then in the file. */
  g_assert_cmpstr (dyno_history_item_get_title (item), ==, "Plain ext4");
  WAIT_FOR (!dyno_history_get_busy (history), 30);
  loaded = dyno_result_load (plain_path, NULL);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (dyno_result_get_label (loaded), ==, "Plain ext4");
  g_assert_cmpstr (dyno_result_get_notes (loaded), ==, "Before the firmware update");
  g_assert_cmpuint (dyno_result_get_n_targets (loaded), ==, 1);
  g_assert_true (g_file_get_contents (plain_path, &before, NULL, NULL));

  /* Delete, the way the Delete key does it on the run shown. */
  dyno_results_page_show_item (results_page (window), item);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (results_page (window)),
                                             "results.delete-run", NULL));
  g_assert_null (find_item (model, "Plain ext4"));
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "list");
  WAIT_FOR (!dyno_history_get_busy (history), 30);
  g_assert_false (g_file_test (plain_path, G_FILE_TEST_EXISTS));

  /* Undo, as the toast's button does. */
  dyno_history_undo_delete (history, item);
  g_assert_nonnull (find_item (model, "Plain ext4"));
  WAIT_FOR (!dyno_history_get_busy (history), 30);
  g_assert_true (g_file_get_contents (plain_path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  /* The Delete key acts on the row with the focus. */
  {
    DynoHistoryItem *encrypted = find_item (model, "Encrypted");
    GtkWidget *row = dyno_history_view_get_row (history_view (window), encrypted);

    g_assert_nonnull (row);
    g_assert_true (gtk_widget_grab_focus (row));
    g_assert_true (dyno_history_view_get_focused_item (history_view (window)) == encrypted);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (results_page (window)),
                                             "results.delete-run", NULL));
    g_assert_null (find_item (model, "Encrypted"));
    WAIT_FOR (!dyno_history_get_busy (history), 30);
    g_assert_false (g_file_test (encrypted_path, G_FILE_TEST_EXISTS));
  }

  /* Out of the trash, not a copy of it. */
  {
    g_autofree char *trashed = g_build_filename (data_home, "Trash", "files", "plain.dyno.json",
                                                 NULL);

    g_assert_false (g_file_test (trashed, G_FILE_TEST_EXISTS));
  }

  dyno_test_destroy_window (window);
}

/* A result file opened from elsewhere is listed where it is, and only leaves the list */

static void
test_results_open (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *elsewhere = dyno_test_make_dir ("dyno-gui-open");
  g_autofree char *path = g_build_filename (elsewhere, "colleague.dyno.json", NULL);
  g_autoptr (DynoResult) result = make_result ("Colleague", "/srv", 300, 600, 1790007200);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) extra = NULL;
  DynoHistoryItem *item;
  DynoWindow *window;
  GListModel *model;

  clear_runs ();
  g_assert_true (dyno_result_save (result, path, &error));
  window = create_results_window ();
  model = dyno_history_view_get_model (history_view (window));

  dyno_window_open_files (window, &file, 1);
  WAIT_FOR (results_page (window)->n_ingests == 0, 30);
  item = find_item (model, "Colleague");
  g_assert_nonnull (item);
  g_assert_true (dyno_history_item_get_external (item));
  g_assert_cmpstr (dyno_history_item_get_path (item), ==, path);
  g_assert_cmpuint (count_runs (), ==, 0);
  extra = g_settings_get_strv (settings, "extra-results");
  g_assert_true (g_strv_contains ((const char *const *) extra, path));
  /* One file opened: shown. */
  g_assert_cmpstr (dyno_results_page_get_view (results_page (window)), ==, "result");

  /* Still listed in the next window, from extra-results, read off the main thread. */
  dyno_test_destroy_window (window);
  window = create_results_window ();
  model = dyno_history_view_get_model (history_view (window));
  item = find_item (model, "Colleague");
  g_assert_nonnull (item);
  g_assert_true (dyno_history_item_get_external (item));

  dyno_results_page_delete_item (results_page (window), item);
  WAIT_FOR (!dyno_history_get_busy (dyno_results_page_get_history (results_page (window))), 30);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_clear_pointer (&extra, g_strfreev);
  extra = g_settings_get_strv (settings, "extra-results");
  g_assert_false (g_strv_contains ((const char *const *) extra, path));

  dyno_test_destroy_window (window);
  dyno_test_rm_rf (elsewhere);
}

/* About names who made Dyno and whose methods it implements */

static void
test_about (void)
{
  DynoWindow *window = create_window ();
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwAboutWindow *about = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && about == NULL; i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (toplevel))
        about = ADW_ABOUT_WINDOW (toplevel);
    }
  g_assert_nonnull (about);
  g_assert_nonnull (adw_about_window_get_developers (about));
  g_assert_cmpstr (adw_about_window_get_developers (about)[0], ==, "The Dyno authors");
  g_assert_nonnull (strstr (adw_about_window_get_comments (about), "bonnie++"));
  g_assert_cmpstr (adw_about_window_get_translator_credits (about), !=, "");
  gtk_window_destroy (GTK_WINDOW (about));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  dyno_test_destroy_window (window);
}

/* The actions have their shortcuts, and the shortcuts window lists them */

/* F1 without a help viewer (no Yelp): the pages built into the app, not an error */

static DynoHelpWindow *
find_help_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (DYNO_IS_HELP_WINDOW (toplevel))
        return DYNO_HELP_WINDOW (toplevel);
    }
  return NULL;
}

static void
test_help_fallback (void)
{
  DynoWindow *window;
  DynoHelpWindow *help;
  const char *text;

  dyno_test_reset_settings ();
  window = create_window ();
  /* A scheme nothing handles fails as help: does without Yelp: "Operation not supported". */
  dyno_application_set_help_uri (app, "dyno-test-no-help-viewer:" APP_ID);
  g_assert_null (find_help_window ());
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  WAIT_FOR (find_help_window () != NULL, 30);
  help = find_help_window ();
  g_object_add_weak_pointer (G_OBJECT (help), (gpointer *) &help);

  /* The help itself, every page, from the resources; and what to install for the viewer. */
  gtk_test_widget_wait_for_draw (GTK_WIDGET (help));
  text = dyno_help_window_get_text (help);
  g_assert_true (g_str_has_prefix (text, "Dyno Help\n"));
  g_assert_nonnull (strstr (text, "How Dyno measures\n"));
  g_assert_nonnull (strstr (text, "Block write\n"));
  g_assert_nonnull (strstr (text, "the sequential write speed of the disk"));
  /* The credits and licence are the viewer's business. */
  g_assert_null (strstr (text, "Creative Commons"));
  /* An empty cross-reference reads as the title of what it points to. */
  g_assert_null (strstr (text, "(see )"));
  g_assert_nonnull (strstr (text, "(see \u201cPhase time and sizes\u201d)"));
  g_assert_nonnull (strstr (text, "(Ctrl+Shift+Enter)"));
  g_assert_nonnull (strstr (dyno_help_window_get_note (help), "yelp"));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (help)) == GTK_WINDOW (window));
  /* One surface: no error dialog beside it. */
  g_assert_null (find_dialog (window));

  /* F1 again brings the same window forward rather than opening another. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  dyno_test_spin (200);
  g_assert_true (find_help_window () == help);

  gtk_window_destroy (GTK_WINDOW (help));
  dyno_test_spin (50);
  g_assert_null (help);
  dyno_application_set_help_uri (app, "help:" APP_ID);
  dyno_test_destroy_window (window);
}

static void
test_results_shortcuts (void)
{
  static const struct
  {
    const char *action;
    const char *accel;
  } expected[] = {
    { "win.import", "<Control>i" },
    { "win.paste-import", "<Shift><Control>v" },
    { "win.export", "<Control>e" },
    { "win.find", "<Control>f" },
    { "app.help", "F1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                     expected[i].action);

      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, expected[i].accel);
    }
}

/* Counted, and kept from the desktop (the class handler that sends them does not run). */
static void
on_send_notification (DynoApplication *application, const char *id, GNotification *notification)
{
  n_sent++;
  g_free (last_sent_id);
  last_sent_id = g_strdup (id);
  g_signal_stop_emission_by_name (application, "send-notification");
}

static void
on_withdraw_notification (DynoApplication *application, const char *id)
{
  n_withdrawn++;
  g_signal_stop_emission_by_name (application, "withdraw-notification");
}

int
main (int argc, char *argv[])
{
  int status;

  /* gtk_test_init aborts without a display; say so the TAP way instead. */
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  /* Before anything asks GLib for the user data folder (it caches the answer). */
  data_home = dyno_test_make_dir ("dyno-gui-data");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  main_thread = g_thread_self ();

  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_signal_connect (app, "send-notification", G_CALLBACK (on_send_notification), NULL);
  g_signal_connect (app, "withdraw-notification", G_CALLBACK (on_withdraw_notification), NULL);

  g_test_add_func ("/gui/mounts/filter", test_mount_filter);
  g_test_add_func ("/gui/mounts/list", test_mount_list);
  g_test_add_func ("/gui/mounts/titles", test_mount_titles);
  g_test_add_func ("/gui/window/target-places", test_window_target_places);
  g_test_add_func ("/gui/window/target-places/child", target_places_child);
  g_test_add_func ("/gui/window/home", test_window_home);
  g_test_add_func ("/gui/settings/enums", test_settings_enums);
  g_test_add_func ("/gui/settings/presets", test_presets);
  g_test_add_func ("/gui/settings/tests", test_settings_tests);
  g_test_add_func ("/gui/setup/phases", test_setup_phases);
  g_test_add_func ("/gui/results/file-name", test_result_file_name);
  g_test_add_func ("/gui/command-line/invalid", test_command_line);
  g_test_add_func ("/gui/window/targets", test_window_targets);
  g_test_add_func ("/gui/window/unwritable-target", test_unwritable_target);
  g_test_add_func ("/gui/window/leftovers", test_leftovers);
  g_test_add_func ("/gui/window/stalled-target", test_stalled_target);
  g_test_add_func ("/gui/window/hung-target", test_hung_target);
  g_test_add_func ("/gui/window/invalid-size", test_invalid_size);
  g_test_add_func ("/gui/results/shortcuts", test_results_shortcuts);
  g_test_add_func ("/gui/window/about", test_about);
  g_test_add_func ("/gui/window/help-fallback", test_help_fallback);
  g_test_add_func ("/gui/results/compare", test_results_compare);
  g_test_add_func ("/gui/results/session", test_results_session);
  g_test_add_func ("/gui/results/encrypted-first", test_results_encrypted_first);
  g_test_add_func ("/gui/results/cache-doubt", test_results_cache_doubt);
  g_test_add_func ("/gui/results/precision", test_results_precision);
  g_test_add_func ("/gui/results/import", test_results_import);
  g_test_add_func ("/gui/results/export", test_results_export);
  g_test_add_func ("/gui/export/resolve-path", test_export_resolve_path);
  g_test_add_func ("/gui/results/edit", test_results_edit);
  g_test_add_func ("/gui/results/open", test_results_open);
  g_test_add_func ("/gui/results/watch", test_results_watch);
  g_test_add_func ("/gui/run/quick", test_run_quick);
  g_test_add_func ("/gui/run/notify", test_run_notify);
  g_test_add_func ("/gui/run/stop", test_run_stop);
  g_test_add_func ("/gui/run/stop-keeps-finished", test_run_stop_keeps_finished);
  g_test_add_func ("/gui/run/paired", test_run_paired);
  g_test_add_func ("/gui/run/failed", test_run_failed);
  g_test_add_func ("/gui/run/escape", test_run_escape);
  g_test_add_func ("/gui/window/target-too-small", test_target_too_small);
  g_test_add_func ("/gui/run/close-during-run", test_close_during_run);

  status = g_test_run ();

  g_clear_object (&app);
  g_clear_pointer (&last_sent_id, g_free);
  dyno_test_rm_rf (data_home);
  g_free (data_home);
  return status;
}
