/* test-gui-remote.c: folders on other machines in the app (docs/remote.md, "In the app")
 *
 * The "remote" machines here are this one: a stand-in for ssh (written by the test) runs the
 * remote command line with sh -c, as sshd runs it in the login shell, and the remote dyno-cli is
 * the one built here ($DYNO_CLI). So the dialog, the settings, the probe, start_run's options,
 * a parallel run's cards and aggregate and the comparison at its end are all tested without an
 * sshd; the real ssh transport is the 'ssh' suite's (tests/ssh/test-ssh.py).
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory; XDG_DATA_HOME points at a temporary folder.
 * Without a display it skips (gtk_test_init would abort).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dyno-application.h"
#include "dyno-presets.h"
#include "dyno-remote-dialog.h"
#include "dyno-remote-settings.h"
#include "dyno-result-store.h"
#include "dyno-results-page.h"
#include "dyno-target-list.h"
#include "dyno-test-util.h"
#include "dyno-test-widgets.h"
#include "dyno-window-private.h"

static DynoApplication *app;
static char *data_home;
static char *work_dir;    /* the stand-in ssh and its log */
static char *fake_ssh;    /* runs the remote command here; logs its arguments */
static char *failing_ssh; /* answers as ssh does when the key is refused */
static char *ssh_log;

static DynoWindow *
create_window (void)
{
  DynoWindow *window = dyno_window_new (GTK_APPLICATION (app));

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

static const char *
dyno_cli (void)
{
  const char *cli = g_getenv ("DYNO_CLI");

  g_assert_nonnull (cli);
  return cli;
}

static char *
read_log (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents (ssh_log, &text, NULL, NULL))
    return g_strdup ("");
  return g_steal_pointer (&text);
}

/* A probe has answered, well or not. Not "no longer probing": on a slow machine (valgrind) a
 * probe outlasts the stall timeout, and the row stops "probing" before it answers. */
static gboolean
probed (DynoTargetRow *row)
{
  return dyno_target_row_get_info (row) != NULL || dyno_target_row_get_remote_error (row) != NULL;
}

/* The dialog checks the address with dyno-cli's parser and says what is wrong */

static void
test_dialog (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GPtrArray) entries = NULL;
  DynoWindow *window;
  DynoRemoteDialog *dialog;
  DynoTargetRow *row;
  const DynoRemoteEntry *entry;
  static const char *const bad[] = {
    "ssh://",                /* no host */
    "ssh://nas:99999/srv",   /* port out of range */
    "-oProxyCommand=x:/tmp", /* a host ssh would read as an option */
    "nas:relative/path",     /* not absolute */
  };

  dyno_test_reset_settings ();
  window = create_window ();

  /* The button's action opens it over the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_target_list (window)),
                                             "targets.add-remote", NULL));
  dialog = NULL;
  {
    g_autoptr (GList) toplevels = gtk_window_list_toplevels ();

    for (GList *l = toplevels; l != NULL; l = l->next)
      if (DYNO_IS_REMOTE_DIALOG (l->data))
        dialog = l->data;
  }
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));

  /* Empty: nothing to complain about yet, nothing to add. */
  g_assert_null (dyno_remote_dialog_get_error (dialog));
  g_assert_false (dyno_remote_dialog_add (dialog));

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      dyno_remote_dialog_set_address (dialog, bad[i]);
      g_test_message ("%s: %s", bad[i], dyno_remote_dialog_get_error (dialog));
      g_assert_nonnull (dyno_remote_dialog_get_error (dialog));
      g_assert_cmpstr (dyno_remote_dialog_get_error (dialog), !=, "");
      g_assert_false (dyno_remote_dialog_add (dialog));
    }
  /* A port out of range says so. */
  dyno_remote_dialog_set_address (dialog, "ssh://nas:99999/srv");
  g_assert_nonnull (strstr (dyno_remote_dialog_get_error (dialog), "99999"));
  /* A relative folder there is refused with how to write it. */
  dyno_remote_dialog_set_address (dialog, "nas:srv/tank");
  g_assert_nonnull (strstr (dyno_remote_dialog_get_error (dialog), "absolute"));
  /* A local path is not a remote folder, and the message says how to write one. */
  dyno_remote_dialog_set_address (dialog, "/srv/tank");
  g_assert_nonnull (strstr (dyno_remote_dialog_get_error (dialog), "ssh://"));
  g_assert_false (dyno_remote_dialog_add (dialog));
  entries = dyno_remote_settings_list (settings);
  g_assert_cmpuint (entries->len, ==, 0);
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* scp's spelling is fine, and is kept in the canonical one. */
  dyno_remote_dialog_set_address (dialog, "  me@nas:/srv/tank ");
  g_assert_null (dyno_remote_dialog_get_error (dialog));
  dyno_remote_dialog_set_options (dialog, "/opt/dyno/bin/dyno-cli", failing_ssh);
  g_object_ref (dialog);
  g_assert_true (dyno_remote_dialog_add (dialog));
  /* Added: the dialog closed itself. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_object_unref (dialog);

  entries = dyno_remote_settings_list (settings);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  g_assert_cmpstr (entry->uri, ==, "ssh://me@nas/srv/tank");
  g_assert_cmpstr (entry->remote_cli, ==, "/opt/dyno/bin/dyno-cli");
  g_assert_cmpstr (entry->ssh_command, ==, failing_ssh);

  /* Its row: the folder's path as the title, the machine under it, checked. */
  row = dyno_target_list_find_row (get_target_list (window), "ssh://me@nas/srv/tank");
  g_assert_nonnull (row);
  g_assert_true (dyno_target_row_get_remote (row));
  g_assert_true (dyno_target_row_get_removable (row));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "/srv/tank");
  g_assert_cmpstr (dyno_target_row_get_where (row), ==, "me@nas");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "me@nas"));

  /* ssh refuses the login: the row says so and why, and cannot be checked. */
  WAIT_FOR (!dyno_target_row_get_probing (row) && dyno_target_row_get_remote_error (row) != NULL,
            120);
  g_test_message ("probe: %s", dyno_target_row_get_remote_error (row));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                            dyno_target_row_get_remote_error (row)));
  g_assert_nonnull (strstr (dyno_target_row_get_remote_error (row), "Permission denied"));
  g_assert_false (dyno_target_row_get_usable (row));
  g_assert_false (dyno_target_row_get_selected (row));
  g_assert_false (dyno_setup_view_get_can_run (dyno_window_get_setup_view (window)));

  dyno_test_destroy_window (window);
}

/* Remotes come back on the next start, and a remote row can be removed */

static void
test_restore (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *uri = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  DynoWindow *window;
  DynoTargetRow *row;
  guint n_rows;

  dyno_test_reset_settings ();
  dyno_remote_settings_add (settings, "ssh://root@127.0.0.1/tmp", dyno_cli (), fake_ssh);
  /* Hand-edited nonsense gets no row. */
  dyno_remote_settings_add (settings, "ssh://-x/tmp", NULL, NULL);
  g_settings_set_strv (settings, "selected-targets",
                       (const char *const[]){ "ssh://root@127.0.0.1/tmp", NULL });

  window = create_window ();
  row = dyno_target_list_find_row (get_target_list (window), "ssh://root@127.0.0.1/tmp");
  g_assert_nonnull (row);
  g_assert_null (dyno_target_list_find_row (get_target_list (window), "ssh://-x/tmp"));
  g_assert_true (dyno_target_row_get_selected (row));

  /* The stand-in ssh runs the built dyno-cli "there": file system, free space, version. */
  WAIT_FOR (probed (row), 120);
  g_test_message ("row: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  g_assert_null (dyno_target_row_get_remote_error (row));
  g_assert_true (dyno_target_row_get_usable (row));
  g_assert_cmpstr (dyno_target_row_get_remote_version (row), ==, PACKAGE_VERSION);
  g_assert_nonnull (dyno_target_row_get_info (row));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "root@127.0.0.1"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "free of"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), PACKAGE_VERSION));
  /* BatchMode: the probe never waits for a password. */
  {
    g_autofree char *log = read_log ();

    g_assert_nonnull (strstr (log, "BatchMode=yes"));
    g_assert_nonnull (strstr (log, "info --json"));
  }
  dyno_test_destroy_window (window);

  /* The next start has it again. */
  window = create_window ();
  row = dyno_target_list_find_row (get_target_list (window), "ssh://root@127.0.0.1/tmp");
  g_assert_nonnull (row);
  n_rows = dyno_target_list_get_n_rows (get_target_list (window));

  /* Its remove button takes it off the list and out of the settings. */
  uri = g_strdup (dyno_target_row_get_path (row));
  g_signal_emit_by_name (row, "remove");
  g_assert_null (dyno_target_list_find_row (get_target_list (window), uri));
  g_assert_cmpuint (dyno_target_list_get_n_rows (get_target_list (window)), ==, n_rows - 1);
  g_assert_null (dyno_remote_settings_lookup (settings, uri));
  entries = dyno_remote_settings_list (settings);
  g_assert_cmpuint (entries->len, ==, 1); /* the nonsense one stays as it was written */
  dyno_test_destroy_window (window);
}

/* Run: remote rows go into the run with their options; in parallel the live view has a card
 * per target and the aggregate, and the end compares the machines */

typedef struct
{
  DynoWindow *window;
  guint batches;
  guint aggregate_updates; /* batches after which the sum showed a figure */
  guint max_in_phase;      /* the most targets the aggregate added up */
} Watch;

static void
on_samples (DynoEngine *engine, GArray *samples, Watch *watch)
{
  DynoRunView *view = dyno_window_get_run_view (watch->window);
  const char *sum = dyno_run_view_get_aggregate (view, DYNO_RUN_VIEW_AGGREGATE_SUM);
  const char *phase = dyno_run_view_get_aggregate (view, DYNO_RUN_VIEW_AGGREGATE_PHASE);
  guint n = 0;
  guint of = 0;

  watch->batches++;
  if (sum == NULL || g_str_equal (sum, "—"))
    return;
  watch->aggregate_updates++;
  g_assert_nonnull (strstr (sum, "/s"));
  {
    const char *slowest = dyno_run_view_get_aggregate (view, DYNO_RUN_VIEW_AGGREGATE_SLOWEST);

    /* "root@127.0.0.1 666 MB/s", or the local folder's path */
    g_assert_true (g_str_has_prefix (slowest, "root@127.0.0.") || slowest[0] == '/');
    g_assert_nonnull (strstr (slowest, "/s"));
  }
  /* "Block write · 2 of 3 in this phase" */
  if (phase != NULL)
    {
      const char *dot = strstr (phase, " · ");

      if (dot != NULL && sscanf (dot + strlen (" · "), "%u of %u", &n, &of) == 2)
        watch->max_in_phase = MAX (watch->max_in_phase, n);
    }
}

static void
set_tiny_options (GSettings *settings)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GPtrArray) phases = NULL;

  g_assert_true (dyno_config_select (config, "write,read", NULL));
  phases = g_ptr_array_copy (config->phases, NULL, NULL);
  g_settings_set_double (settings, "phase-time", 0);
  g_settings_set_uint (settings, "repeat", 1);
  g_settings_set_string (settings, "size", "32M");
  dyno_settings_set_phases (settings, phases);
}

static guint
count_results (void)
{
  g_autofree char *dir = g_build_filename (data_home, "dyno", "runs", NULL);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    n += g_str_has_suffix (name, ".dyno.json");
  return n;
}

/* ssh_command: NULL for the stand-in and a local folder alongside; else the real ssh of the
 * 'ssh' suite's servers on 127.0.0.1 … 127.0.0.3, three machines and nothing local. */
static void
run_parallel (const char *ssh_command)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  gboolean real = ssh_command != NULL;
  const char *ssh = real ? ssh_command : fake_ssh;
  guint n = 3;
  guint first_remote = real ? 0 : 1;
  g_autoptr (GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) uris = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *log = NULL;
  g_autofree char *quoted_cli = NULL;
  Watch watch = { 0 };
  DynoWindow *window;
  DynoRunView *view;
  DynoCompareView *compare;
  DynoComparison *comparison;
  DynoTargetRow *rows[3];
  guint results_before = count_results ();

  dyno_test_reset_settings ();
  g_assert_true (g_file_set_contents (ssh_log, "", 0, NULL));
  for (guint i = 0; i < n; i++)
    {
      g_ptr_array_add (dirs, dyno_test_make_dir ("dyno-gui-remote"));
      if (i >= first_remote)
        g_ptr_array_add (uris, g_strdup_printf ("ssh://root@127.0.0.%u%s", i - first_remote + 1,
                                                (char *) g_ptr_array_index (dirs, i)));
    }
  /* The last remote has the default ssh command: $DYNO_SSH_COMMAND. */
  for (guint i = 0; i < uris->len; i++)
    dyno_remote_settings_add (settings, g_ptr_array_index (uris, i), dyno_cli (),
                              i + 1 < uris->len ? ssh : NULL);
  g_setenv ("DYNO_SSH_COMMAND", ssh, TRUE);

  window = create_window ();
  /* After the window: a new window applies the preset of the settings. */
  set_tiny_options (settings);
  watch.window = window;
  if (!real)
    rows[0] = dyno_target_list_add_folder (get_target_list (window), g_ptr_array_index (dirs, 0));
  for (guint i = 0; i < uris->len; i++)
    {
      rows[first_remote + i]
          = dyno_target_list_find_row (get_target_list (window), g_ptr_array_index (uris, i));
      g_assert_nonnull (rows[first_remote + i]);
      dyno_target_row_set_selected (rows[first_remote + i], TRUE);
    }
  for (guint i = 0; i < n; i++)
    {
      WAIT_FOR (probed (rows[i]), 120);
      g_test_message ("%s: %s", dyno_target_row_get_path (rows[i]),
                      adw_action_row_get_subtitle (ADW_ACTION_ROW (rows[i])));
      g_assert_true (dyno_target_row_get_usable (rows[i]));
    }

  /* Several checked targets: "Run at the Same Time" is offered. */
  g_settings_set_boolean (settings, "parallel", TRUE);
  g_signal_connect (dyno_window_get_engine (window), "samples", G_CALLBACK (on_samples), &watch);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (dyno_window_get_running (window), 60);
  g_assert_true (dyno_engine_get_parallel (dyno_window_get_engine (window)));

  /* A card per target, the remote ones by machine and folder, and the sum on top. */
  view = dyno_window_get_run_view (window);
  g_assert_cmpuint (dyno_run_view_get_n_charts (view), ==, n);
  g_assert_true (dyno_run_view_get_parallel (view));
  if (!real)
    g_assert_cmpstr (dyno_run_view_get_card_title (view, 0), ==, g_ptr_array_index (dirs, 0));
  for (guint i = first_remote; i < n; i++)
    {
      g_autofree char *title = g_strdup_printf ("root@127.0.0.%u: %s", i - first_remote + 1,
                                                (char *) g_ptr_array_index (dirs, i));

      g_assert_cmpstr (dyno_run_view_get_card_title (view, i), ==, title);
    }
  g_assert_cmpstr (dyno_run_view_get_aggregate (view, DYNO_RUN_VIEW_AGGREGATE_TITLE), ==,
                   real ? "All 3 machines together" : "All 3 targets together");

  WAIT_FOR (!dyno_window_get_running (window), 300);
  g_signal_handlers_disconnect_by_data (dyno_window_get_engine (window), &watch);
  g_test_message ("%u batches, %u with a sum, at most %u targets in one phase", watch.batches,
                  watch.aggregate_updates, watch.max_in_phase);
  g_assert_cmpuint (watch.aggregate_updates, >, 0);
  g_assert_cmpuint (watch.max_in_phase, >=, 1);
  /* Every chart got its target's samples, remote ones too. */
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (dyno_chart_get_n_samples (dyno_run_view_get_chart (view, i)), >, 0);

  /* The remote options went to the engine: the remembered dyno-cli ran on every machine. */
  if (!real)
    {
      log = read_log ();
      quoted_cli = g_strdup_printf ("'%s' 'run'", dyno_cli ());
      g_assert_nonnull (strstr (log, "root@127.0.0.1 -- "));
      g_assert_nonnull (strstr (log, "root@127.0.0.2 -- "));
      g_assert_nonnull (strstr (log, quoted_cli));
    }

  /* One result per machine, all saved; the end compares them. */
  WAIT_FOR (count_results () == results_before + n, 60);
  WAIT_FOR (g_strcmp0 (dyno_results_page_get_view (dyno_window_get_results_page (window)),
                       "comparison")
                == 0,
            10);
  compare = dyno_results_page_get_compare_view (dyno_window_get_results_page (window));
  comparison = dyno_compare_view_get_comparison (compare);
  g_assert_cmpuint (dyno_comparison_get_n_entries (comparison), ==, n);
  if (!real)
    g_assert_null (dyno_result_get_remote (dyno_comparison_get_result (comparison, 0)));
  for (guint i = first_remote; i < n; i++)
    {
      g_autofree char *where = g_strdup_printf ("root@127.0.0.%u", i - first_remote + 1);

      g_assert_cmpstr (dyno_comparison_get_name (comparison, i), ==, where);
      g_assert_cmpstr (dyno_result_get_remote (dyno_comparison_get_result (comparison, i)), ==,
                       where);
    }
  for (guint i = 0; i < n; i++)
    g_assert_false (dyno_target_result_failed (
        dyno_result_get_target (dyno_comparison_get_result (comparison, i), 0)));

  /* The far sides removed their scratch. */
  for (guint i = 0; i < n; i++)
    dyno_test_assert_no_scratch (g_ptr_array_index (dirs, i));

  dyno_test_destroy_window (window);
  g_unsetenv ("DYNO_SSH_COMMAND");
  for (guint i = 0; i < n; i++)
    dyno_test_rm_rf (g_ptr_array_index (dirs, i));
}

static void
test_run_parallel (void)
{
  run_parallel (NULL);
}

/* The 'ssh' suite's: three sshd servers on the loopback (tests/ssh/test-app-ssh.py) */
static void
test_ssh_parallel (void)
{
  run_parallel (g_getenv ("DYNO_TEST_SSH_COMMAND"));
}

/* Without "Run at the Same Time" the targets take turns, and one remote result is shown as a
 * result, not a comparison */

/* A remote row's edit button opens the dialog with its address and options; saving changes
 * them in place, and a corrected address replaces the old remote. */
static void
test_edit (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (DynoRemoteEntry) entry = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  DynoWindow *window;
  DynoTargetList *list;
  DynoRemoteDialog *dialog;

  dyno_test_reset_settings ();
  dyno_remote_settings_add (settings, "ssh://root@127.0.0.1/tmp", "/nonexistent/dyno-cli",
                            fake_ssh);
  window = create_window ();
  list = get_target_list (window);
  g_assert_nonnull (dyno_target_list_find_row (list, "ssh://root@127.0.0.1/tmp"));

  dialog = DYNO_REMOTE_DIALOG (dyno_target_list_edit_remote (list, "ssh://root@127.0.0.1/tmp"));
  g_assert_cmpstr (dyno_remote_dialog_get_replaces (dialog), ==, "ssh://root@127.0.0.1/tmp");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Remote Folder");
  g_assert_null (dyno_remote_dialog_get_error (dialog));
  /* The right dyno-cli: saved in place, no second remote. */
  dyno_remote_dialog_set_options (dialog, dyno_cli (), fake_ssh);
  g_assert_true (dyno_remote_dialog_add (dialog));
  entry = dyno_remote_settings_lookup (settings, "ssh://root@127.0.0.1/tmp");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->remote_cli, ==, dyno_cli ());
  entries = dyno_remote_settings_list (settings);
  g_assert_cmpuint (entries->len, ==, 1);
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* A corrected address replaces the old remote. */
  dialog = DYNO_REMOTE_DIALOG (dyno_target_list_edit_remote (list, "ssh://root@127.0.0.1/tmp"));
  dyno_remote_dialog_set_address (dialog, "root@127.0.0.1:/var/tmp");
  g_assert_true (dyno_remote_dialog_add (dialog));
  entries = dyno_remote_settings_list (settings);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (((DynoRemoteEntry *) g_ptr_array_index (entries, 0))->uri, ==,
                   "ssh://root@127.0.0.1/var/tmp");
  g_assert_null (dyno_target_list_find_row (list, "ssh://root@127.0.0.1/tmp"));
  g_assert_nonnull (dyno_target_list_find_row (list, "ssh://root@127.0.0.1/var/tmp"));

  dyno_test_destroy_window (window);
}

/* A machine that does not answer at start (a NAS asleep) stays checked in the settings, and
 * its row is checked again once it answers. */
static void
test_asleep (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_auto (GStrv) selected = NULL;
  DynoWindow *window;
  DynoTargetRow *row;

  dyno_test_reset_settings ();
  dyno_remote_settings_add (settings, "ssh://root@127.0.0.1/tmp", dyno_cli (), failing_ssh);
  g_settings_set_strv (settings, "selected-targets",
                       (const char *const[]){ "ssh://root@127.0.0.1/tmp", NULL });
  window = create_window ();
  row = dyno_target_list_find_row (get_target_list (window), "ssh://root@127.0.0.1/tmp");
  g_assert_nonnull (row);
  WAIT_FOR (!dyno_target_row_get_probing (row) && dyno_target_row_get_remote_error (row) != NULL,
            120);
  g_assert_false (dyno_target_row_get_selected (row));
  selected = g_settings_get_strv (settings, "selected-targets");
  g_assert_true (g_strv_contains ((const char *const *) selected, "ssh://root@127.0.0.1/tmp"));

  /* It answers now. */
  dyno_remote_settings_add (settings, "ssh://root@127.0.0.1/tmp", dyno_cli (), fake_ssh);
  dyno_target_list_refresh (get_target_list (window));
  WAIT_FOR (probed (row) && dyno_target_row_get_remote_error (row) == NULL
                && dyno_target_row_get_usable (row),
            120);
  g_assert_true (dyno_target_row_get_selected (row));

  dyno_test_destroy_window (window);
}

/* A machine without dyno-cli where the remote says: the row says what to install there and
 * where, in the app, to say where it is instead (not the CLI's --remote-cli). */
static void
test_no_cli (void)
{
  DynoWindow *window;
  DynoTargetRow *row;
  const char *why;

  dyno_test_reset_settings ();
  window = create_window ();
  row = dyno_target_list_add_remote (get_target_list (window), "ssh://root@127.0.0.1/tmp",
                                     "/nonexistent/dyno-cli", fake_ssh);
  WAIT_FOR (!dyno_target_row_get_probing (row) && dyno_target_row_get_remote_error (row) != NULL,
            120);
  why = dyno_target_row_get_remote_error (row);
  g_test_message ("probe: %s", why);
  g_assert_nonnull (strstr (why, "/nonexistent/dyno-cli"));
  g_assert_nonnull (strstr (why, "-Dgui=false"));
  g_assert_nonnull (strstr (why, "Advanced"));
  g_assert_null (strstr (why, "--remote-cli"));
  g_assert_false (dyno_target_row_get_usable (row));

  dyno_test_destroy_window (window);
}

static void
test_run_one_remote (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *far = dyno_test_make_dir ("dyno-gui-remote-one");
  g_autofree char *uri = g_strdup_printf ("root@127.0.0.3:%s", far);
  g_autofree char *canonical = g_strdup_printf ("ssh://root@127.0.0.3%s", far);
  DynoWindow *window;
  DynoTargetRow *row;
  DynoResult *result;

  dyno_test_reset_settings ();
  window = create_window ();
  set_tiny_options (settings);
  /* scp's spelling is stored in the canonical one. */
  row = dyno_target_list_add_remote (get_target_list (window), uri, dyno_cli (), fake_ssh);
  g_assert_cmpstr (dyno_target_row_get_path (row), ==, canonical);
  WAIT_FOR (probed (row), 120);
  g_assert_true (dyno_target_row_get_usable (row));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  WAIT_FOR (dyno_window_get_running (window), 60);
  g_assert_false (dyno_engine_get_parallel (dyno_window_get_engine (window)));
  g_assert_false (dyno_run_view_get_parallel (dyno_window_get_run_view (window)));
  g_assert_null (
      dyno_run_view_get_aggregate (dyno_window_get_run_view (window), DYNO_RUN_VIEW_AGGREGATE_SUM));
  WAIT_FOR (!dyno_window_get_running (window), 300);
  WAIT_FOR (dyno_window_get_result_path (window) != NULL, 60);

  result = dyno_window_get_result (window);
  g_assert_cmpstr (dyno_result_get_remote (result), ==, "root@127.0.0.3");
  g_assert_false (dyno_target_result_failed (dyno_result_get_target (result, 0)));
  g_assert_cmpstr (dyno_results_page_get_view (dyno_window_get_results_page (window)), ==,
                   "result");
  dyno_test_assert_no_scratch (far);
  dyno_test_destroy_window (window);
  dyno_test_rm_rf (far);
}

static void
write_script (const char *path, const char *text)
{
  dyno_test_write_file (path, text);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_autofree char *script = NULL;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  data_home = dyno_test_make_dir ("dyno-gui-remote-data");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_unsetenv ("DYNO_SSH_COMMAND");

  /* sshd runs the command it is given in the user's shell, as sh -c: so does this one. */
  work_dir = dyno_test_make_dir ("dyno-gui-remote-ssh");
  ssh_log = g_build_filename (work_dir, "ssh.log", NULL);
  fake_ssh = g_build_filename (work_dir, "fake-ssh", NULL);
  script = g_strdup_printf ("#!/bin/sh\n"
                            "echo \"$*\" >> '%s'\n"
                            "while [ $# -gt 0 ] && [ \"$1\" != -- ]; do shift; done\n"
                            "shift\n"
                            "exec sh -c \"$*\"\n",
                            ssh_log);
  write_script (fake_ssh, script);
  failing_ssh = g_build_filename (work_dir, "refused-ssh", NULL);
  write_script (failing_ssh, "#!/bin/sh\n"
                             "echo 'me@nas: Permission denied (publickey).' >&2\n"
                             "exit 255\n");

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  /* With real sshd servers (the 'ssh' suite) only the run over them. */
  if (g_getenv ("DYNO_TEST_SSH_COMMAND") != NULL)
    g_test_add_func ("/ssh/app/parallel", test_ssh_parallel);
  else
    {
      g_test_add_func ("/gui/remote/dialog", test_dialog);
      g_test_add_func ("/gui/remote/restore", test_restore);
      g_test_add_func ("/gui/remote/no-cli", test_no_cli);
      g_test_add_func ("/gui/remote/asleep", test_asleep);
      g_test_add_func ("/gui/remote/edit", test_edit);
      g_test_add_func ("/gui/remote/run-one", test_run_one_remote);
      g_test_add_func ("/gui/remote/run-parallel", test_run_parallel);
    }

  status = g_test_run ();

  g_clear_object (&app);
  dyno_test_rm_rf (work_dir);
  dyno_test_rm_rf (data_home);
  g_free (work_dir);
  g_free (ssh_log);
  g_free (fake_ssh);
  g_free (failing_ssh);
  g_free (data_home);
  return status;
}
