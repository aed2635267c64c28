/* test-gui-fill.c: "Fill Test…", driven through its actions
 *
 * The window opened from the main window's win.fill-test: a fill of a temporary folder with an
 * exact size runs to its end (its curve drawn, its segments covering it, its sentence shown,
 * its file and folder gone), saves the same JSON as `dyno-cli fill --json` and a PNG chart; a
 * fill of up to 16 GiB stopped after its first samples keeps its curve, says it was stopped
 * and leaves nothing behind; a folder that does not exist is refused with the reason. Nothing asserted
 * depends on how fast the disk is. Needs a display; skips without one.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include "dyno-application.h"
#include "dyno-fill-window.h"
#include "dyno-test-util.h"
#include "dyno-window.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

static DynoApplication *app;

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

/* "Fill Test…" opened from the main window's primary menu action. */
static DynoFillWindow *
open_fill_window (GtkWindow **main_window)
{
  GtkWindow *window = GTK_WINDOW (dyno_window_new (GTK_APPLICATION (app)));
  DynoFillWindow *fill = NULL;
  g_autoptr (GListModel) toplevels = NULL;

  gtk_window_present (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.fill-test", NULL));
  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && fill == NULL; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (DYNO_IS_FILL_WINDOW (item))
        fill = DYNO_FILL_WINDOW (item);
    }
  g_assert_nonnull (fill);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (fill)) == window);
  g_object_ref (fill);
  *main_window = window;
  return fill;
}

static void
close_windows (DynoFillWindow *fill, GtkWindow *main_window)
{
  gtk_window_destroy (GTK_WINDOW (fill));
  gtk_window_destroy (main_window);
  spin (100);
  g_assert_finalize_object (fill);
}

static void
test_fill (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-gui-fill-");
  g_autofree char *out = dyno_test_make_dir ("dyno-gui-fill-out-");
  g_autofree char *json_path = g_build_filename (out, "fill.json", NULL);
  g_autofree char *png_path = g_build_filename (out, "fill.png", NULL);
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *png = NULL;
  gsize png_length = 0;
  GtkWindow *main_window;
  DynoFillWindow *fill = open_fill_window (&main_window);
  const DynoFillResult *result;
  const DynoFillSegment *last;

  /* No folder yet: nothing to start */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (fill), "fill.start", NULL)
                  && dyno_fill_window_get_running (fill));
  dyno_fill_window_set_folder (fill, dir);
  dyno_fill_window_set_size (fill, 48 * MIB);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fill), "fill.start", NULL));
  g_assert_true (dyno_fill_window_get_running (fill));
  WAIT_FOR (!dyno_fill_window_get_running (fill), 120);
  g_assert_null (dyno_fill_window_get_error (fill));

  result = dyno_fill_window_get_result (fill);
  g_assert_nonnull (result);
  g_assert_false (result->stopped);
  g_assert_cmpuint (result->fill->requested, ==, 48 * MIB);
  g_assert_cmpuint (result->fill->written, ==, 48 * MIB);
  g_assert_cmpuint (result->fill->samples->len, >, 0);
  g_assert_cmpuint (result->fill->segments->len, >, 0);
  last = &g_array_index (result->fill->segments, DynoFillSegment,
                         result->fill->segments->len - 1);
  g_assert_cmpuint (g_array_index (result->fill->segments, DynoFillSegment, 0).start, ==, 0);
  g_assert_cmpuint (last->end, ==, 48 * MIB);
  g_assert_true (g_str_has_prefix (dyno_fill_window_get_sentence (fill), "Wrote at "));
  /* The file and its scratch folder are gone */
  dyno_test_assert_no_scratch (dir);

  gtk_test_widget_wait_for_draw (GTK_WIDGET (fill));
  g_assert_cmpuint (dyno_fill_window_get_n_draws (fill), >, 0);

  /* Saved: the JSON of dyno-cli fill --json, and the chart */
  dyno_fill_window_export (fill, DYNO_EXPORT_JSON, json_path);
  dyno_fill_window_export (fill, DYNO_EXPORT_PNG, png_path);
  WAIT_FOR (dyno_fill_window_get_n_exported (fill) == 2, 60);
  expected = dyno_fill_result_to_json (result);
  g_assert_true (g_file_get_contents (json_path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
  g_assert_true (g_file_get_contents (png_path, &png, &png_length, NULL));
  g_assert_cmpuint (png_length, >, 8);
  g_assert_cmpmem (png, 8, "\x89PNG\r\n\x1a\n", 8);

  /* Stop: a fill far longer than the test waits (16 GiB, a quarter of the free space at
   * most), stopped after its first samples, keeps its curve */
  {
    struct statvfs vfs;
    guint64 size;

    g_assert_cmpint (statvfs (dir, &vfs), ==, 0);
    size = MIN (G_GUINT64_CONSTANT (16) << 30, (guint64) vfs.f_bavail * vfs.f_frsize / 4);
    size -= size % MIB;
    if (size < (G_GUINT64_CONSTANT (1) << 30))
      {
        g_test_skip ("less than 4 GiB free for the stopped fill");
        close_windows (fill, main_window);
        dyno_test_rm_rf (dir);
        dyno_test_rm_rf (out);
        return;
      }
    dyno_fill_window_set_size (fill, size);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fill), "fill.start", NULL));
  WAIT_FOR (dyno_fill_window_get_result (fill) != NULL
                && dyno_fill_window_get_result (fill)->fill->samples->len >= 1,
            60);
  g_assert_true (dyno_fill_window_get_running (fill));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fill), "fill.stop", NULL));
  WAIT_FOR (!dyno_fill_window_get_running (fill), 60);
  result = dyno_fill_window_get_result (fill);
  g_assert_nonnull (result);
  g_assert_true (result->stopped);
  g_assert_cmpuint (result->fill->written, <, result->fill->requested);
  g_assert_cmpuint (result->fill->samples->len, >, 0);
  g_assert_nonnull (strstr (dyno_fill_window_get_sentence (fill), "Stopped after "));
  dyno_test_assert_no_scratch (dir);

  close_windows (fill, main_window);
  dyno_test_rm_rf (dir);
  dyno_test_rm_rf (out);
}

static void
test_missing_folder (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-gui-fill-");
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  GtkWindow *main_window;
  DynoFillWindow *fill = open_fill_window (&main_window);

  dyno_fill_window_set_folder (fill, missing);
  dyno_fill_window_start (fill);
  WAIT_FOR (!dyno_fill_window_get_running (fill), 60);
  g_assert_null (dyno_fill_window_get_result (fill));
  g_assert_nonnull (strstr (dyno_fill_window_get_error (fill), "does not exist"));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  close_windows (fill, main_window);
  dyno_test_rm_rf (dir);
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
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = dyno_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  g_test_add_func ("/gui-fill/fill", test_fill);
  g_test_add_func ("/gui-fill/missing-folder", test_missing_folder);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
