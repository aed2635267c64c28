/* test-gui-scan.c: "Scan Drive…" against a fake UDisks2 on a private bus
 *
 * The test starts its own dbus-daemon and points DBUS_SYSTEM_BUS_ADDRESS at it, so the app's
 * UDisks2 calls reach no real service. First with nothing on that bus (the window must say
 * UDisks2 is not running), then with tests/scan/fake-udisks.py, which exports one drive and
 * its mounted partition backed by a file of random bytes and answers OpenDevice with a
 * descriptor of it. The scan must read the positions asked for, change nothing in the file
 * (SHA-256 before and after), chart every position, save the same JSON as `dyno-cli scan
 * --json` and stop promptly. Both helpers die with the test (PR_SET_PDEATHSIG), the fake
 * removing the scratch folder as it goes. Needs a display, dbus-daemon and python3 with
 * PyGObject; skips with the reason otherwise.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dyno-application.h"
#include "dyno-scan-chart-view.h"
#include "dyno-scan-window.h"
#include "dyno-test-util.h"
#include "dyno-test-widgets.h"
#include "dyno-window.h"

#define IMAGE_SIZE (G_GUINT64_CONSTANT (48) << 20)

static DynoApplication *app;
static char *scratch;       /* removed by the fake when it ends */
static char *image;
static char *fake_log;
static char *python;
static GPid bus_pid;
static GPid fake_pid;

static void
spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

/* Children die with the test, even when an assertion aborts it. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* Spawns argv with its standard output on a pipe and returns the first line it prints. */
static char *
spawn_read_line (char **argv, GPid *pid)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GIOChannel) channel = NULL;
  char *line = NULL;
  int out = -1;

  if (!g_spawn_async_with_pipes (NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, die_with_parent,
                                 NULL, pid, NULL, &out, NULL, &error))
    g_error ("cannot start %s: %s", argv[0], error->message);
  channel = g_io_channel_unix_new (out);
  g_io_channel_set_close_on_unref (channel, TRUE);
  if (g_io_channel_read_line (channel, &line, NULL, NULL, &error) != G_IO_STATUS_NORMAL)
    g_error ("%s printed nothing: %s", argv[0], error ? error->message : "end of file");
  g_strchomp (line);
  return line;
}

static void
stop_child (GPid *pid)
{
  if (*pid <= 0)
    return;
  kill (*pid, SIGTERM);
  waitpid (*pid, NULL, 0);
  g_spawn_close_pid (*pid);
  *pid = 0;
}

static char *
checksum_file (const char *path)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);

  g_assert_nonnull (file);
  g_checksum_update (sum, (const guchar *) g_mapped_file_get_contents (file),
                     g_mapped_file_get_length (file));
  return g_strdup (g_checksum_get_string (sum));
}

/* Random bytes in a folder on the disk, not tmpfs, so O_DIRECT is likely to be allowed; made
 * just before the fake starts, which removes it when it ends. */
static void
make_image (void)
{
  g_autofree char *base = g_build_filename (g_get_user_cache_dir (), NULL);
  g_autofree guint32 *bytes = g_new (guint32, IMAGE_SIZE / 4);
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  g_autoptr (GError) error = NULL;

  g_mkdir_with_parents (base, 0700);
  scratch = g_build_filename (base, "dyno-scan-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (scratch));
  image = g_build_filename (scratch, "disk.img", NULL);
  fake_log = g_build_filename (scratch, "udisks.log", NULL);
  for (gsize i = 0; i < IMAGE_SIZE / 4; i++)
    bytes[i] = g_rand_int (rand);
  if (!g_file_set_contents (image, (const char *) bytes, IMAGE_SIZE, &error))
    g_error ("%s", error->message);
}

static void
start_fake (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "scan", "fake-udisks.py", NULL);
  char *argv[] = { python,     script,       "--image", image, "--log", fake_log,
                   "--deny",   "fake0p1",    "--cleanup", scratch, NULL };
  g_autofree char *line = spawn_read_line (argv, &fake_pid);

  g_assert_cmpstr (line, ==, "ready");
}

/* The scan window "Scan Drive…" opened from the main window's menu action. */
static DynoScanWindow *
open_scan_window (GtkWindow **main_window)
{
  GtkWindow *window = GTK_WINDOW (dyno_window_new (GTK_APPLICATION (app)));
  DynoScanWindow *scan = NULL;
  g_autoptr (GListModel) toplevels = NULL;

  gtk_window_present (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan-drive", NULL));
  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && scan == NULL; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (DYNO_IS_SCAN_WINDOW (item))
        scan = DYNO_SCAN_WINDOW (item);
    }
  g_assert_nonnull (scan);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (scan)) == window);
  g_object_ref (scan);
  *main_window = window;
  return scan;
}

static void
close_windows (DynoScanWindow *scan, GtkWindow *main_window)
{
  gtk_window_destroy (GTK_WINDOW (scan));
  gtk_window_destroy (main_window);
  spin (100);
  g_assert_finalize_object (scan);
}

static void
test_not_running (void)
{
  GtkWindow *main_window;
  DynoScanWindow *scan = open_scan_window (&main_window);

  WAIT_FOR (!g_str_equal (dyno_scan_window_get_page (scan), "loading"), 20);
  g_assert_cmpstr (dyno_scan_window_get_page (scan), ==, "unavailable");
  g_assert_true (g_str_has_prefix (dyno_scan_window_get_status (scan),
                                   "UDisks2 is not running: install the udisks2 package"));
  g_assert_null (dyno_scan_window_get_blocks (scan));
  close_windows (scan, main_window);
}

static const DynoUdisksBlock *
find_block (DynoScanWindow *scan, const char *device)
{
  GPtrArray *blocks = dyno_scan_window_get_blocks (scan);

  for (guint i = 0; i < blocks->len; i++)
    if (g_str_equal (((DynoUdisksBlock *) g_ptr_array_index (blocks, i))->device, device))
      return g_ptr_array_index (blocks, i);
  return NULL;
}

static void
test_scan (void)
{
  GtkWindow *main_window;
  DynoScanWindow *scan;
  const DynoUdisksBlock *disk;
  const DynoUdisksBlock *part;
  const DynoScanResult *result;
  DynoScanChartView *chart;
  DynoScanOptions options;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *json_path = NULL;
  g_autofree char *png_path = NULL;
  g_autofree char *svg_path = NULL;
  g_autofree char *log = NULL;
  g_autofree char *open_line = NULL;
  g_autofree char *png = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root;
  gsize png_length = 0;

  make_image ();
  before = checksum_file (image);
  json_path = g_build_filename (scratch, "scan.json", NULL);
  png_path = g_build_filename (scratch, "scan.png", NULL);
  svg_path = g_build_filename (scratch, "scan.svg", NULL);
  start_fake ();
  scan = open_scan_window (&main_window);
  WAIT_FOR (!g_str_equal (dyno_scan_window_get_page (scan), "loading"), 20);
  g_assert_cmpstr (dyno_scan_window_get_page (scan), ==, "drives");

  /* The drive and its partition; the empty block is left out. */
  g_assert_cmpuint (dyno_scan_window_get_blocks (scan)->len, ==, 2);
  disk = find_block (scan, "/dev/fake0");
  part = find_block (scan, "/dev/fake0p1");
  g_assert_nonnull (disk);
  g_assert_nonnull (part);
  g_assert_cmpstr (disk->model, ==, "Dyno Fake Disk");
  g_assert_cmpuint (disk->size, ==, IMAGE_SIZE);
  g_assert_cmpint (disk->rotational, ==, DYNO_TRISTATE_YES);
  g_assert_false (disk->is_partition);
  g_assert_true (part->is_partition);
  g_assert_cmpstr (part->in_use, ==, "mounted at /srv/fake");
  /* The whole drive is in use through its partition. */
  g_assert_cmpstr (disk->in_use, ==, "fake0p1 mounted at /srv/fake");

  /* Refused: polkit's dialog closed */
  dyno_scan_window_scan (scan, part->object_path);
  WAIT_FOR (!dyno_scan_window_get_scanning (scan), 20);
  g_assert_nonnull (dyno_scan_window_get_error (scan));
  g_assert_nonnull (strstr (dyno_scan_window_get_error (scan), "password dialog was closed"));
  g_assert_null (dyno_scan_window_get_result (scan));

  /* Few small positions, so the test does not depend on the disk's speed */
  dyno_scan_options_init (&options);
  options.positions = 12;
  options.sample_size = 256 * 1024;
  options.access_reads = 20;
  dyno_scan_window_set_options (scan, &options);
  gtk_widget_activate_action (GTK_WIDGET (scan), "scan.back", NULL);
  WAIT_FOR (g_str_equal (dyno_scan_window_get_page (scan), "drives"), 20);
  disk = find_block (scan, "/dev/fake0");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (scan), "scan.start", "s",
                                             disk->object_path));
  g_assert_cmpstr (dyno_scan_window_get_page (scan), ==, "scan");
  WAIT_FOR (!dyno_scan_window_get_scanning (scan), 60);
  g_assert_null (dyno_scan_window_get_error (scan));

  result = dyno_scan_window_get_result (scan);
  g_assert_nonnull (result);
  g_assert_cmpstr (result->device, ==, "/dev/fake0");
  g_assert_cmpuint (result->size, ==, IMAGE_SIZE);
  g_assert_cmpuint (result->sample_size, ==, 256 * 1024);
  g_assert_cmpuint (result->samples->len, ==, 12);
  g_assert_cmpuint (result->access->len, ==, 20);
  g_assert_cmpstr (result->in_use, ==, "fake0p1 mounted at /srv/fake");
  g_assert_cmpstr (result->model, ==, "Dyno Fake Disk");
  for (guint i = 0; i < result->samples->len; i++)
    {
      const DynoScanSample *s = &g_array_index (result->samples, DynoScanSample, i);

      g_assert_cmpuint (s->position, ==,
                        dyno_scan_position (IMAGE_SIZE, 256 * 1024, i, 12, 4096));
      g_assert_cmpfloat (s->rate, >, 0);
    }
  g_assert_cmpuint (g_array_index (result->samples, DynoScanSample, 11).position, ==,
                    IMAGE_SIZE - 256 * 1024);
  g_assert_true (isfinite (result->summary.avg));
  g_assert_true (isfinite (result->summary.outer_inner_ratio));
  g_assert_true (isfinite (result->summary.access_mean));
  g_assert_cmpfloat (result->summary.min, <=, result->summary.avg);
  g_assert_cmpfloat (result->summary.avg, <=, result->summary.max);

  /* The chart was drawn, the last time with every position */
  chart = DYNO_SCAN_CHART_VIEW (dyno_test_find_descendant (GTK_WIDGET (scan), DYNO_TYPE_SCAN_CHART_VIEW));
  g_assert_nonnull (chart);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (scan));
  g_assert_cmpuint (dyno_scan_chart_view_get_n_draws (chart), >, 0);

  /* UDisks2 was asked for reading only, with O_DIRECT */
  g_assert_true (g_file_get_contents (fake_log, &log, NULL, NULL));
  open_line = g_strdup_printf ("OpenDevice fake0 mode=r flags=%d\n", O_DIRECT);
  g_assert_nonnull (strstr (log, open_line));
  g_assert_nonnull (strstr (log, "OpenDevice fake0p1 mode=r"));

  /* Saved: the JSON of dyno-cli scan --json, and the chart */
  dyno_scan_window_export (scan, DYNO_EXPORT_JSON, json_path);
  dyno_scan_window_export (scan, DYNO_EXPORT_PNG, png_path);
  dyno_scan_window_export (scan, DYNO_EXPORT_SVG, svg_path);
  WAIT_FOR (dyno_scan_window_get_n_exported (scan) == 3, 60);
  g_assert_true (json_parser_load_from_file (parser, json_path, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "dyno-scan");
  {
    g_autofree char *expected = dyno_scan_result_to_json (result);
    g_autofree char *written = NULL;

    g_assert_true (g_file_get_contents (json_path, &written, NULL, NULL));
    g_assert_cmpstr (written, ==, expected);
  }
  g_assert_true (g_file_get_contents (png_path, &png, &png_length, NULL));
  g_assert_cmpuint (png_length, >, 8);
  g_assert_cmpmem (png, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_true (g_file_test (svg_path, G_FILE_TEST_IS_REGULAR));

  /* Nothing on the "drive" changed */
  after = checksum_file (image);
  g_assert_cmpstr (before, ==, after);

  /* Stop: a scan far longer than the test waits, stopped after its first samples */
  options.positions = 10000;
  options.sample_size = 4 << 20;
  options.access_reads = 0;
  dyno_scan_window_set_options (scan, &options);
  gtk_widget_activate_action (GTK_WIDGET (scan), "scan.back", NULL);
  WAIT_FOR (g_str_equal (dyno_scan_window_get_page (scan), "drives"), 20);
  disk = find_block (scan, "/dev/fake0");
  dyno_scan_window_scan (scan, disk->object_path);
  WAIT_FOR (dyno_scan_window_get_result (scan) != NULL
                && dyno_scan_window_get_result (scan)->samples->len >= 2,
            60);
  g_assert_true (dyno_scan_window_get_scanning (scan));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (scan), "scan.stop", NULL));
  /* One read of 4 MiB at most after Stop: far less than the 10000 asked for */
  WAIT_FOR (!dyno_scan_window_get_scanning (scan), 20);
  result = dyno_scan_window_get_result (scan);
  g_assert_cmpuint (result->samples->len, <, 10000);
  g_assert_null (dyno_scan_window_get_error (scan));
  g_assert_cmpuint (result->notes->len, >, 0);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (result->notes, result->notes->len - 1),
                                   "Stopped after "));
  /* The document says it is partial, and how much it was to read. */
  g_assert_cmpuint (result->planned_positions, ==, 10000);
  {
    g_autofree char *json = dyno_scan_result_to_json (result);

    g_assert_nonnull (strstr (json, "\"planned_positions\" : 10000"));
  }
  g_clear_pointer (&after, g_free);
  after = checksum_file (image);
  g_assert_cmpstr (before, ==, after);

  close_windows (scan, main_window);
}

/* python3 with PyGObject's Gio, or NULL. */
static char *
find_python (void)
{
  const char *candidates[] = { g_getenv ("DYNO_TEST_PYTHON"), "/usr/bin/python3", "python3" };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *path = candidates[i] ? g_find_program_in_path (candidates[i]) : NULL;
      char *argv[] = { path, "-c", "import gi; gi.require_version('Gio', '2.0'); "
                                   "from gi.repository import Gio", NULL };
      int status = -1;

      if (path != NULL
          && g_spawn_sync (NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL
                                                 | G_SPAWN_STDERR_TO_DEV_NULL,
                           NULL, NULL, NULL, NULL, &status, NULL)
          && g_spawn_check_wait_status (status, NULL))
        return g_steal_pointer (&path);
    }
  return NULL;
}

int
main (int argc, char *argv[])
{
  g_autofree char *dbus = NULL;
  g_autofree char *address = NULL;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  dbus = g_find_program_in_path ("dbus-daemon");
  if (dbus == NULL)
    {
      g_print ("1..0 # SKIP no dbus-daemon to run a private bus on\n");
      return 0;
    }
  python = find_python ();
  if (python == NULL)
    {
      g_print ("1..0 # SKIP no python3 with PyGObject (python3-gi) for the fake UDisks2\n");
      return 0;
    }

  /* The private "system" bus, before anything connects to the real one. */
  {
    char *bus_argv[] = { dbus, "--session", "--nofork", "--print-address=1", NULL };

    address = spawn_read_line (bus_argv, &bus_pid);
    g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", address, TRUE);
  }

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  /* In this order: the fake starts in the second. */
  g_test_add_func ("/gui-scan/not-running", test_not_running);
  g_test_add_func ("/gui-scan/scan", test_scan);
  status = g_test_run ();

  stop_child (&fake_pid); /* removes scratch */
  stop_child (&bus_pid);
  if (scratch != NULL)
    dyno_test_rm_rf (scratch);
  g_clear_object (&app);
  return status;
}
