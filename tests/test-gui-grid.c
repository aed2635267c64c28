/* test-gui-grid.c: the drive grid as a person reads it: the mean said as such with its ± to two
 * significant digits, the best run under it, the unit switch over the row names
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory; without a display it skips.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "dyno-drive-grid.h"
#include "dyno-test-widgets.h"

/* seq-read and seq-write of SEQ1M Q8T1, three runs each: 1000, 1100, 1200 MB/s. */
static DynoTargetResult *
make_target (void)
{
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/mnt/nvme"));
  const char *keys[] = { "seq-read:1m:q8:t1", "seq-write:1m:q8:t1" };

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target,
                                                                dyno_phase_lookup (keys[k]));

      for (guint r = 0; r < 3; r++)
        {
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = r;
          run.rate = (1000 + 100 * r) * 1e6;
          run.elapsed = 5;
          run.iops = run.rate / (1 << 20);
          run.ios = (guint64) (run.iops * 5);
          run.latency.count = run.ios;
          run.latency.mean = 250e-6;
          dyno_phase_result_add_run (phase, &run);
        }
    }
  return target;
}

static void
test_grid_words_and_units (void)
{
  g_autoptr (DynoTargetResult) target = make_target ();
  const DynoPhase *read = dyno_phase_lookup ("seq-read:1m:q8:t1");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *grid = dyno_drive_grid_new ();
  GtkDropDown *unit_switch;
  guint unit;

  gtk_window_set_child (GTK_WINDOW (window), grid);
  dyno_drive_grid_set_target (DYNO_DRIVE_GRID (grid), target);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  g_assert_cmpuint (dyno_drive_grid_get_n_tiles (DYNO_DRIVE_GRID (grid)), ==, 2);
  g_assert_cmpstr (dyno_drive_grid_get_figure (DYNO_DRIVE_GRID (grid), read), ==, "1100.00");
  /* The mean, said beside it, ± to two significant digits (248.4 → 250), not "± 248.40". */
  g_assert_cmpstr (dyno_drive_grid_get_kind (DYNO_DRIVE_GRID (grid), read), ==, "mean ± 250");
  g_assert_cmpstr (dyno_drive_grid_get_best (DYNO_DRIVE_GRID (grid), read), ==, "best 1200.00");

  /* The switch over the row names offers what KDiskMark does, and changes the figures. */
  unit_switch = GTK_DROP_DOWN (dyno_test_find_descendant (grid, GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (unit_switch);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (unit_switch)), ==,
                    DYNO_GRID_N_UNITS);
  gtk_drop_down_set_selected (unit_switch, DYNO_GRID_UNIT_GB);
  g_object_get (grid, "unit", &unit, NULL);
  g_assert_cmpuint (unit, ==, DYNO_GRID_UNIT_GB);
  g_assert_cmpstr (dyno_drive_grid_get_figure (DYNO_DRIVE_GRID (grid), read), ==, "1.100");
  g_assert_cmpstr (dyno_drive_grid_get_kind (DYNO_DRIVE_GRID (grid), read), ==, "mean ± 0.25");
  dyno_drive_grid_set_unit (DYNO_DRIVE_GRID (grid), DYNO_GRID_UNIT_LATENCY);
  g_assert_cmpuint (gtk_drop_down_get_selected (unit_switch), ==, DYNO_GRID_UNIT_LATENCY);
  g_assert_cmpstr (dyno_drive_grid_get_figure (DYNO_DRIVE_GRID (grid), read), ==, "250.00");
  g_assert_nonnull (strstr (dyno_drive_grid_get_detail (DYNO_DRIVE_GRID (grid), read), "MB/s"));
  dyno_drive_grid_set_unit (DYNO_DRIVE_GRID (grid), DYNO_GRID_UNIT_IOPS);
  g_assert_nonnull (strstr (dyno_drive_grid_get_detail (DYNO_DRIVE_GRID (grid), read), "µs"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/gui-grid/words-and-units", test_grid_words_and_units);
  return g_test_run ();
}
