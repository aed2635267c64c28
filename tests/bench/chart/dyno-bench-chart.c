/* dyno-bench-chart.c: is the live chart cheap enough to never stall the UI?
 *
 * Built with everything else (build-aux/dev run or test builds it), never run by `meson test`:
 * it takes a minute and wants a display. Run it on a quiet machine:
 *
 *   xvfb-run -a -s "-screen 0 1280x1024x24" env GSK_RENDERER=cairo \
 *     _build/tests/bench/chart/dyno-bench-chart [--seconds 60] [--dir /var/tmp] [-v]
 *       [--queued rnd-read:4k:q32:t16]
 *
 * (a) Frame cost with an hour of samples at 10 Hz (36 000 samples): the renderer drawing a
 *     1000×400 image from scratch (no target: the widget does that in a worker thread), the
 *     renderer through the widget's cache after each new batch, and the widget's own snapshot
 *     vfunc after an append, then with what GTK would redraw of its nodes (the tiles that are
 *     new since the last frame; see src/app/dyno-chart-tiles.c). Target: median and p99 < 2 ms.
 * (b) The longest main-loop stall while a DynoChart in a window is fed by real DynoEngine runs
 *     (the Bonnie phases, or one queued test again and again with --queued) for --seconds:
 *     the largest gap between 1 ms timeouts, and the most a frame tick came late (the gap
 *     between ticks, timed when they run, less one refresh interval).
 *     Target: < 16 ms (one frame at 60 Hz). It also prints how much of the longest gap the main
 *     thread actually ran (the rest it waited for a CPU, taken by the engine's I/O threads or
 *     other processes) and the CPU time of the costliest frame; -v prints each stall and slow
 *     frame with its page faults and preemptions. --nice-workers lowers every other thread to
 *     nice 10, to tell the chart's cost from the machine's load.
 *
 * GSK_RENDERER=cairo measures the chart rather than a software GL rasteriser (llvmpipe, which a
 * display without a GPU, such as Xvfb, would otherwise get).
 *
 * Exits 0 when every target is met, 1 otherwise.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "dyno-files-options.h"
#include "dyno-chart-model.h"
#include "dyno-chart-render.h"
#include "dyno-chart-tiles.h"
#include "dyno-chart.h"
#include "dyno-engine.h"

#define N_POINTS 36000
#define RENDER_WIDTH 1000
#define RENDER_HEIGHT 400
#define FRAME_TARGET_MS 2.0
#define STALL_TARGET_MS 16.0

static int opt_seconds = 60;
static int opt_frames = 300;
static char *opt_dir = NULL;
static gboolean opt_verbose = FALSE;
static gboolean opt_nice_workers = FALSE;
static gboolean opt_synthetic = FALSE;
static char *opt_queued = NULL;

/* ---- (a) frame cost --------------------------------------------------------------------- */

/* CPU time of the calling thread: unlike wall time, it leaves out the time the thread waited for
 * a CPU, which on a loaded machine is most of a p99. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Sample i of an hour at 10 Hz: five byte phases and random seeks, 10 min each, noisy like a real
 * disk with the odd spike, so the chart draws both its panels (MB/s over ops/s). Past the hour it
 * goes on in the last phase, block read. */
static DynoSample
hour_sample (guint i)
{
  static const char *const keys[] = { "putc", "write", "rewrite", "seeks", "getc", "read" };
  static const DynoPhase *phases[G_N_ELEMENTS (keys)];
  DynoSample s = { 0 };
  guint p = MIN (i * G_N_ELEMENTS (phases) / N_POINTS, G_N_ELEMENTS (phases) - 1);

  /* Looked up once: the benchmark times the chart, not the catalogue. */
  if (phases[p] == NULL)
    phases[p] = dyno_phase_lookup (keys[p]);
  s.t = 0.1 * (i + 1);
  s.phase = phases[p];
  if (dyno_phase_get_unit (s.phase) == DYNO_UNIT_OPS)
    s.rate = 9000 + 800 * sin (i * 0.013) + 500 * sin (i * 1.7);
  else
    s.rate = (150 + 100 * p + 40 * sin (i * 0.013) + 25 * sin (i * 1.7)) * 1e6;
  if (i % 997 == 0)
    s.rate *= 3;
  s.process_cpu = 40 + 20 * sin (i * 0.002);
  s.system_cpu.user = 10;
  s.system_cpu.system = 8 + 3 * sin (i * 0.05);
  s.system_cpu.iowait = 25 + 10 * sin (i * 0.01);
  s.system_cpu.idle = 100 - s.system_cpu.user - s.system_cpu.system - s.system_cpu.iowait;
  return s;
}

static void
fill_hour (GArray *samples)
{
  for (guint i = 0; i < N_POINTS; i++)
    {
      DynoSample s = hour_sample (i);

      g_array_append_val (samples, s);
    }
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
percentiles (GArray *ms, double *median, double *p99)
{
  g_array_sort (ms, compare_double);
  *median = g_array_index (ms, double, ms->len / 2);
  *p99 = g_array_index (ms, double, MIN (ms->len - 1, (guint) ceil (ms->len * 0.99) - 1));
}

/* Wall and CPU time per frame: the target is judged on CPU time, the cost of the code, since
 * wall time on a busy machine adds whatever the scheduler gave to others. */
static gboolean
report (const char *what, GArray *wall_ms, GArray *cpu_ms, double target)
{
  double wall_median;
  double wall_p99;
  double cpu_median;
  double cpu_p99;
  gboolean ok;

  percentiles (wall_ms, &wall_median, &wall_p99);
  percentiles (cpu_ms, &cpu_median, &cpu_p99);
  ok = cpu_median < target && cpu_p99 < target;
  g_print ("%s\n  CPU  median %6.3f ms  p99 %6.3f ms", what, cpu_median, cpu_p99);
  if (isfinite (target))
    g_print ("  (target < %.0f ms) %s", target, ok ? "MET" : "NOT MET");
  g_print ("\n  wall median %6.3f ms  p99 %6.3f ms\n", wall_median, wall_p99);
  return ok;
}

/* Wall and CPU time of each timed frame. */
typedef struct
{
  GArray *wall; /* ms */
  GArray *cpu;  /* ms */
  gint64 wall_start;
  double cpu_start;
} Timing;

static void
timing_init (Timing *timing)
{
  timing->wall = g_array_new (FALSE, FALSE, sizeof (double));
  timing->cpu = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
timing_clear (Timing *timing)
{
  g_clear_pointer (&timing->wall, g_array_unref);
  g_clear_pointer (&timing->cpu, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Timing, timing_clear)

static void
timing_start (Timing *timing)
{
  timing->wall_start = g_get_monotonic_time ();
  timing->cpu_start = thread_cpu_ms ();
}

/* Records the time since timing_start, unless the frame only warms caches. */
static void
timing_stop (Timing *timing, gboolean keep)
{
  double wall = (g_get_monotonic_time () - timing->wall_start) / 1000.0;
  double cpu = thread_cpu_ms () - timing->cpu_start;

  if (!keep)
    return;
  g_array_append_val (timing->wall, wall);
  g_array_append_val (timing->cpu, cpu);
}

/* (a) The renderer alone, into a window-sized image: every frame drawn from scratch, and frames
 * through the cache the widget keeps, each after one more 100 ms batch. */
static gboolean
bench_render (DynoChartModel *model)
{
  g_autoptr (DynoChartStyle) style = dyno_chart_style_new_light ();
  g_autoptr (DynoChartCache) cache = dyno_chart_cache_new ();
  g_auto (Timing) full = { 0 };
  g_auto (Timing) frame = { 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, RENDER_WIDTH,
                                                         RENDER_HEIGHT);
  guint next = dyno_chart_model_get_n_samples (model);
  guint n_full;
  guint n_partial;
  gboolean ok;

  timing_init (&full);
  timing_init (&frame);

  for (int i = 0; i < opt_frames + 10; i++)
    {
      cairo_t *cr = cairo_create (surface);

      timing_start (&full);
      dyno_chart_render (model, cr, RENDER_WIDTH, RENDER_HEIGHT, style, NULL);
      cairo_surface_flush (surface);
      timing_stop (&full, i >= 10); /* the first frames warm the font caches */
      cairo_destroy (cr);
    }

  for (int i = 0; i < opt_frames + 10; i++)
    {
      DynoSample s = hour_sample (next++);
      cairo_t *cr = cairo_create (surface);

      timing_start (&frame);
      dyno_chart_model_append (model, &s, 1);
      dyno_chart_render_cached (model, cache, cr, RENDER_WIDTH, RENDER_HEIGHT, 1, style, NULL);
      cairo_surface_flush (surface);
      timing_stop (&frame, i >= 10);
      cairo_destroy (cr);
    }
  cairo_surface_destroy (surface);
  dyno_chart_cache_get_stats (cache, &n_full, &n_partial, NULL);

  /* No target: the widget never does this on the main thread but for its first frame. */
  report ("(a) render from scratch, 36 000 samples, 1000×400 image (no target: done in a thread)",
          full.wall, full.cpu, INFINITY);
  ok = report ("(a) render after a 100 ms batch, through the widget's cache", frame.wall,
               frame.cpu, FRAME_TARGET_MS);
  g_print ("  %u frames redrawn whole, %u only at the end\n", n_full, n_partial);
  return ok;
}

/* What GTK redraws of a frame: the nodes that were not in the last one (it diffs the two trees,
 * and a node it saw before costs nothing). Adds their area to cr's path; returns how many. */
static guint
path_new_tiles (cairo_t *cr, GPtrArray *tiles, GHashTable *last)
{
  guint n_new = 0;

  for (guint i = 0; i < tiles->len; i++)
    {
      GskRenderNode *tile = g_ptr_array_index (tiles, i);
      graphene_rect_t bounds;

      if (g_hash_table_contains (last, tile))
        continue;
      gsk_render_node_get_bounds (tile, &bounds);
      cairo_rectangle (cr, bounds.origin.x, bounds.origin.y, bounds.size.width,
                       bounds.size.height);
      n_new++;
    }
  return n_new;
}

static gboolean
bench_snapshot (GtkWidget *chart, guint next)
{
  g_auto (Timing) record = { 0 };
  g_auto (Timing) frame = { 0 };
  g_auto (Timing) whole = { 0 };
  g_autoptr (GskRenderNode) last_node = NULL;
  g_autoptr (GHashTable) last = g_hash_table_new (NULL, NULL);
  int width = gtk_widget_get_width (chart);
  int height = gtk_widget_get_height (chart);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  guint n_tiles = 0;
  guint n_new = 0;
  gboolean ok;

  timing_init (&record);
  timing_init (&frame);
  timing_init (&whole);
  g_print ("widget %d×%d with %u samples\n", width, height,
           dyno_chart_get_n_samples (DYNO_CHART (chart)));

  for (int i = 0; i < opt_frames + 10; i++)
    {
      g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr (GPtrArray) tiles = g_ptr_array_new ();
      GskRenderNode *node;
      DynoSample sample = hour_sample (next++);
      cairo_t *cr;

      /* A frame after an append, as during a run: one batch, one redraw, through the widget's
       * own snapshot vfunc, the very code a frame runs... */
      timing_start (&record);
      timing_start (&frame);
      dyno_chart_append (DYNO_CHART (chart), &sample, 1);
      GTK_WIDGET_GET_CLASS (chart)->snapshot (chart, snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      timing_stop (&record, i >= 10);

      /* ...then what changed rasterised, as GSK's cairo renderer would after diffing it with the
       * last frame... */
      dyno_chart_tiles_collect (node, tiles);
      cr = cairo_create (surface);
      n_new += path_new_tiles (cr, tiles, last);
      n_tiles += tiles->len;
      cairo_clip (cr);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      timing_stop (&frame, i >= 10);

      /* ...and, for scale, all of it, as after a resize. */
      timing_start (&whole);
      cr = cairo_create (surface);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      timing_stop (&whole, i >= 10);

      g_hash_table_remove_all (last);
      for (guint t = 0; t < tiles->len; t++)
        g_hash_table_add (last, g_ptr_array_index (tiles, t));
      g_clear_pointer (&last_node, gsk_render_node_unref);
      last_node = node; /* keeps the tiles the hash table points at alive */
    }
  cairo_surface_destroy (surface);

  ok = report ("(a) widget: append + snapshot vfunc", record.wall, record.cpu, FRAME_TARGET_MS);
  ok &= report ("(a) widget: append + snapshot + rasterising what changed (GTK's damage)",
                frame.wall, frame.cpu, FRAME_TARGET_MS);
  g_print ("  %.1f of %.0f tiles new per frame\n", (double) n_new / (opt_frames + 10),
           (double) n_tiles / (opt_frames + 10));
  report ("(a) widget: rasterising the whole node, as after a resize (no target)", whole.wall,
          whole.cpu, INFINITY);
  return ok;
}

/* ---- (b) stalls during a real run --------------------------------------------------------- */

typedef struct
{
  GMainLoop *loop;
  GtkWidget *chart;
  DynoEngine *engine;
  DynoConfig *config;
  char *dir;
  GCancellable *cancellable;
  gint64 started;
  gint64 deadline;
  gint64 last_timeout;
  gint64 last_tick;
  double max_timeout_gap; /* ms */
  double max_tick_gap;    /* ms */
  /* Why a gap: was the main thread working (CPU time), or waiting for a CPU? */
  double last_timeout_cpu;
  double max_gap_cpu;     /* ms of main-thread CPU time within the longest gap */
  double max_busy;        /* the most main-thread CPU ms between two timeouts: the code's stall */
  double max_append;      /* ms in dyno_chart_append */
  gint64 paint_started;
  double paint_cpu;
  struct rusage paint_usage;
  double max_paint;       /* ms from the frame clock's before-paint to after-paint */
  double max_paint_cpu;   /* main-thread CPU ms of the costliest frame */
  double sum_paint_cpu;
  guint n_paints;         /* frames that drew something */
  guint n_ticks;
  guint n_batches;
  guint n_samples;
  guint n_runs;
  double t_offset; /* each run's clock starts at 0: later runs go on after the earlier ones */
  double t_last;
  guint deadline_id;
  GError *error;
} StallBench;

static gboolean
on_timeout (gpointer user_data)
{
  StallBench *bench = user_data;
  gint64 now = g_get_monotonic_time ();
  double cpu = thread_cpu_ms ();

  if (bench->last_timeout)
    {
      double gap = (now - bench->last_timeout) / 1000.0;

      if (gap >= STALL_TARGET_MS && opt_verbose)
        g_print ("  stall %.1f ms at %.2f s, main thread busy %.1f ms of it (%u batches)\n",
                 gap, (now - bench->started) / 1e6, cpu - bench->last_timeout_cpu,
                 bench->n_batches);
      bench->max_busy = MAX (bench->max_busy, cpu - bench->last_timeout_cpu);
      if (gap > bench->max_timeout_gap)
        {
          bench->max_timeout_gap = gap;
          bench->max_gap_cpu = cpu - bench->last_timeout_cpu;
        }
    }
  bench->last_timeout = now;
  bench->last_timeout_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  StallBench *bench = user_data;
  /* When the tick ran, not the frame clock's frame time: that one is smoothed onto the refresh
   * grid, so a frame a little late reads as a whole interval late. */
  gint64 now = g_get_monotonic_time ();

  if (bench->last_tick)
    bench->max_tick_gap = MAX (bench->max_tick_gap, (now - bench->last_tick) / 1000.0);
  bench->last_tick = now;
  bench->n_ticks++;
  return G_SOURCE_CONTINUE;
}

static void
on_samples (DynoEngine *engine, GArray *samples, gpointer user_data)
{
  StallBench *bench = user_data;
  g_autoptr (GArray) shifted = g_array_copy (samples);
  gint64 start;
  double ms;

  for (guint i = 0; i < shifted->len; i++)
    {
      DynoSample *sample = &g_array_index (shifted, DynoSample, i);

      sample->t += bench->t_offset;
      bench->t_last = sample->t;
    }
  start = g_get_monotonic_time ();
  dyno_chart_append (DYNO_CHART (bench->chart), (const DynoSample *) (gpointer) shifted->data,
                     shifted->len);
  ms = (g_get_monotonic_time () - start) / 1000.0;
  bench->max_append = MAX (bench->max_append, ms);
  bench->n_batches++;
  bench->n_samples += samples->len;
}

/* Page faults and preemptions of the main thread tell a slow frame's code from its machine. */
static void
thread_usage (struct rusage *usage)
{
#ifdef RUSAGE_THREAD
  getrusage (RUSAGE_THREAD, usage);
#else
  getrusage (RUSAGE_SELF, usage);
#endif
}

static double
timeval_ms (const struct timeval *end, const struct timeval *start)
{
  return (end->tv_sec - start->tv_sec) * 1e3 + (end->tv_usec - start->tv_usec) / 1e3;
}

static void
on_before_paint (GdkFrameClock *clock, gpointer user_data)
{
  StallBench *bench = user_data;

  bench->paint_started = g_get_monotonic_time ();
  bench->paint_cpu = thread_cpu_ms ();
  thread_usage (&bench->paint_usage);
}

static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  StallBench *bench = user_data;

  double cpu = thread_cpu_ms () - bench->paint_cpu;

  if (bench->paint_started == 0)
    return;
  bench->max_paint = MAX (bench->max_paint,
                          (g_get_monotonic_time () - bench->paint_started) / 1000.0);
  /* Frames that only ran tick callbacks cost a few µs; count those that drew. */
  if (cpu >= STALL_TARGET_MS && opt_verbose)
    {
      struct rusage usage;

      thread_usage (&usage);
      g_print ("  frame took %.1f ms of CPU at %.2f s (%u batches, run %u): user %.1f ms, "
               "system %.1f ms, %ld page faults, %ld preemptions\n", cpu,
               (g_get_monotonic_time () - bench->started) / 1e6, bench->n_batches,
               bench->n_runs + 1, timeval_ms (&usage.ru_utime, &bench->paint_usage.ru_utime),
               timeval_ms (&usage.ru_stime, &bench->paint_usage.ru_stime),
               usage.ru_minflt - bench->paint_usage.ru_minflt,
               usage.ru_nivcsw - bench->paint_usage.ru_nivcsw);
    }
  if (cpu > 0.2)
    {
      bench->n_paints++;
      bench->sum_paint_cpu += cpu;
      bench->max_paint_cpu = MAX (bench->max_paint_cpu, cpu);
    }
}

/* Lowers every thread but this one, the engine's I/O threads among them, to nice 10: Linux
 * keeps a nice value per thread. Repeated, as the engine starts new threads for each phase. */
static gboolean
renice_workers (gpointer user_data)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      int tid = atoi (name);

      if (tid > 0 && tid != getpid ())
        setpriority (PRIO_PROCESS, (id_t) tid, 10);
    }
  return G_SOURCE_CONTINUE;
}

/* The chart's own share of each frame: its snapshot vfunc, timed by a wrapper put in its class
 * for the run. */
static void (*chart_snapshot) (GtkWidget *widget, GtkSnapshot *snapshot);
static double max_chart_snapshot; /* CPU ms */
static StallBench *timed_bench;

static void
timed_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  double start = thread_cpu_ms ();
  double cpu;

  chart_snapshot (widget, snapshot);
  cpu = thread_cpu_ms () - start;
  max_chart_snapshot = MAX (max_chart_snapshot, cpu);
  if (cpu >= 4 && opt_verbose && timed_bench)
    g_print ("  chart snapshot took %.1f ms of CPU at %.2f s\n", cpu,
             (g_get_monotonic_time () - timed_bench->started) / 1e6);
}

static void start_run (StallBench *bench);

static void
on_run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  StallBench *bench = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) dyno_result
      = dyno_engine_run_finish (DYNO_ENGINE (source), result, &error);

  bench->n_runs++;
  bench->t_offset = bench->t_last + 1;
  if (dyno_result == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      bench->error = g_steal_pointer (&error);
      g_main_loop_quit (bench->loop);
      return;
    }
  if (g_get_monotonic_time () >= bench->deadline || g_cancellable_is_cancelled (bench->cancellable))
    {
      g_main_loop_quit (bench->loop);
      return;
    }
  /* Another run, continuing on the same chart, till the time is up. */
  start_run (bench);
}

static gboolean
on_deadline (gpointer user_data)
{
  StallBench *bench = user_data;

  bench->deadline_id = 0;
  g_cancellable_cancel (bench->cancellable);
  if (opt_synthetic)
    g_main_loop_quit (bench->loop);
  return G_SOURCE_REMOVE;
}

/* The control: one made-up sample per 100 ms, as the engine would send, without its threads. */
static gboolean
feed_synthetic (gpointer user_data)
{
  StallBench *bench = user_data;
  g_autoptr (GArray) batch = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  DynoSample sample = hour_sample (bench->n_samples);

  g_array_append_val (batch, sample);
  on_samples (NULL, batch, bench);
  return G_SOURCE_CONTINUE;
}

static void
start_run (StallBench *bench)
{
  const char *targets[] = { bench->dir, NULL };

  dyno_engine_run_async (bench->engine, bench->config, targets, bench->cancellable, on_run_done,
                         bench);
}

typedef struct
{
  gint64 last;
  double max_gap;
  GMainLoop *loop;
} Baseline;

static gboolean
baseline_timeout (gpointer user_data)
{
  Baseline *baseline = user_data;
  gint64 now = g_get_monotonic_time ();

  if (baseline->last)
    baseline->max_gap = MAX (baseline->max_gap, (now - baseline->last) / 1000.0);
  baseline->last = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
baseline_done (gpointer user_data)
{
  g_main_loop_quit (((Baseline *) user_data)->loop);
  return G_SOURCE_REMOVE;
}

/* The longest gap between 1 ms timeouts of a main loop doing nothing else: what the machine's
 * scheduler alone costs, to read the run's figure against. */
static double
measure_baseline (guint seconds)
{
  Baseline baseline = { 0 };
  guint timeout_id;

  baseline.loop = g_main_loop_new (NULL, FALSE);
  timeout_id = g_timeout_add (1, baseline_timeout, &baseline);
  g_timeout_add_seconds (seconds, baseline_done, &baseline);
  g_main_loop_run (baseline.loop);
  g_source_remove (timeout_id);
  g_main_loop_unref (baseline.loop);
  return baseline.max_gap;
}

/* The refresh interval of the monitor showing widget: 60 Hz when the display does not say. */
static double
display_refresh_ms (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  GdkMonitor *monitor = surface ? gdk_display_get_monitor_at_surface (display, surface) : NULL;
  int mhz = monitor ? gdk_monitor_get_refresh_rate (monitor) : 0;

  return mhz > 0 ? 1e6 / mhz : 1000.0 / 60;
}

static gboolean
bench_stalls (GtkWidget *chart)
{
  StallBench bench = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *base = NULL;
  double refresh_ms;
  double tick_delay;
  gboolean ok;
  guint timeout_id;
  guint renice_id = 0;
  guint synthetic_id = 0;
  guint tick_id;
  GdkFrameClock *clock;

  base = g_strdup (opt_dir ? opt_dir : g_get_tmp_dir ());
  bench.dir = g_build_filename (base, "dyno-bench-chart-XXXXXX", NULL);
  if (g_mkdtemp (bench.dir) == NULL)
    {
      g_printerr ("cannot create a directory under %s\n", base);
      return FALSE;
    }

  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.chart = chart;
  bench.engine = dyno_engine_new ();
  bench.cancellable = g_cancellable_new ();
  bench.config = dyno_config_new ();
  bench.config->skip_space_check = TRUE;
  if (opt_queued != NULL)
    {
      /* One queued test, again and again: its I/O threads keep the CPUs as busy as the
       * engine ever does (the fastest, RND4K Q32T16, sixteen threads reaping all the time). */
      bench.config->queue_size = 256 * 1024 * 1024;
      if (!dyno_config_select (bench.config, opt_queued, &error))
        {
          g_printerr ("--queued: %s\n", error->message);
          return FALSE;
        }
    }
  else
    {
      /* Block I/O and the file tests on a small file, repeated: every kind of phase (and unit
       * switch) goes by within the minute, at the engine's usual 100 ms sample interval. */
      bench.config->size = 256 * 1024 * 1024;
      dyno_config_select (bench.config, "write,rewrite,read,seeks,files", NULL);
      dyno_config_get_files (bench.config)->num = 4;
      bench.config->cache = DYNO_CACHE_NONE;
    }
  if (!dyno_config_validate (bench.config, &error))
    {
      g_printerr ("configuration: %s\n", error->message);
      return FALSE;
    }

  g_print ("(b) idle main loop for 10 s first, as a baseline: longest gap %.2f ms\n",
           measure_baseline (10));

  dyno_chart_clear (DYNO_CHART (chart));
  g_signal_connect (bench.engine, "samples", G_CALLBACK (on_samples), &bench);

  chart_snapshot = GTK_WIDGET_GET_CLASS (chart)->snapshot;
  GTK_WIDGET_GET_CLASS (chart)->snapshot = timed_snapshot;
  timed_bench = &bench;

  bench.started = g_get_monotonic_time ();
  bench.deadline = bench.started + (gint64) opt_seconds * G_USEC_PER_SEC;
  timeout_id = g_timeout_add (1, on_timeout, &bench);
  tick_id = gtk_widget_add_tick_callback (chart, on_tick, &bench, NULL);
  clock = gtk_widget_get_frame_clock (chart);
  refresh_ms = display_refresh_ms (chart);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), &bench);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &bench);
  bench.deadline_id = g_timeout_add_seconds (opt_seconds, on_deadline, &bench);

  if (opt_synthetic)
    synthetic_id = g_timeout_add (100, feed_synthetic, &bench);
  else
    start_run (&bench);
  if (opt_nice_workers)
    renice_id = g_timeout_add (50, renice_workers, NULL);
  g_main_loop_run (bench.loop);
  g_clear_handle_id (&renice_id, g_source_remove);
  g_clear_handle_id (&synthetic_id, g_source_remove);

  g_clear_handle_id (&timeout_id, g_source_remove);
  g_clear_handle_id (&bench.deadline_id, g_source_remove);
  gtk_widget_remove_tick_callback (chart, tick_id);
  g_signal_handlers_disconnect_by_data (clock, &bench);
  GTK_WIDGET_GET_CLASS (chart)->snapshot = chart_snapshot;
  timed_bench = NULL;

  g_print ("run: %.1f s, %u engine run(s), %u batches, %u samples, %u frames\n",
           (g_get_monotonic_time () - bench.started) / 1e6, bench.n_runs, bench.n_batches,
           bench.n_samples, bench.n_ticks);
  if (bench.error)
    {
      g_printerr ("engine: %s\n", bench.error->message);
      g_clear_error (&bench.error);
    }

  /* Ticks come once per refresh, 16.7 ms apart at 60 Hz: a stall delays one beyond that. */
  tick_delay = MAX (0, bench.max_tick_gap - refresh_ms);
  ok = bench.max_timeout_gap < STALL_TARGET_MS && tick_delay < STALL_TARGET_MS
       && bench.n_samples > 0;
  g_print ("%-44s %6.2f ms (target < %.0f ms) %s\n", "(b) longest main-thread work, no break",
           bench.max_busy, STALL_TARGET_MS,
           bench.max_busy < STALL_TARGET_MS ? "MET" : "NOT MET");
  g_print ("%-44s %6.2f ms (target < %.0f ms) %s\n", "(b) longest gap between 1 ms timeouts",
           bench.max_timeout_gap, STALL_TARGET_MS,
           bench.max_timeout_gap < STALL_TARGET_MS ? "MET" : "NOT MET");
  g_print ("%-44s %6.2f ms (target < %.0f ms) %s\n",
           "(b) longest frame tick delay", tick_delay, STALL_TARGET_MS,
           tick_delay < STALL_TARGET_MS ? "MET" : "NOT MET");
  g_print ("  (the longest gap between ticks, %.2f ms, less one refresh interval, %.2f ms)\n",
           bench.max_tick_gap, refresh_ms);
  g_print ("  main thread on a CPU during the longest gap: %.2f ms (the rest it waited for one)\n",
           bench.max_gap_cpu);
  g_print ("  %u frames drew: main-thread CPU per frame mean %.2f ms, max %.2f ms (the whole\n"
           "  window, GTK's share included); longest frame %.2f ms; longest append %.2f ms\n",
           bench.n_paints, bench.sum_paint_cpu / MAX (1, bench.n_paints), bench.max_paint_cpu,
           bench.max_paint, bench.max_append);
  g_print ("  the chart's own snapshot, longest: %.2f ms of CPU\n", max_chart_snapshot);

  g_rmdir (bench.dir);
  g_free (bench.dir);
  g_object_unref (bench.engine);
  g_object_unref (bench.cancellable);
  dyno_config_free (bench.config);
  g_main_loop_unref (bench.loop);
  return ok;
}

int
main (int argc, char *argv[])
{
  GOptionEntry entries[] = {
    { "seconds", 's', 0, G_OPTION_ARG_INT, &opt_seconds, "Length of the stall run (60)", "S" },
    { "frames", 'f', 0, G_OPTION_ARG_INT, &opt_frames, "Frames to time (300)", "N" },
    { "dir", 'd', 0, G_OPTION_ARG_FILENAME, &opt_dir, "Where the engine writes (temp dir)", "DIR" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &opt_verbose, "Print every stall", NULL },
    { "nice-workers", 'n', 0, G_OPTION_ARG_NONE, &opt_nice_workers,
      "Run every thread but the main one at nice 10 (an experiment: do the stalls come from "
      "I/O threads taking the CPUs?)", NULL },
    { "queued", 'q', 0, G_OPTION_ARG_STRING, &opt_queued,
      "Run this queued test instead of the Bonnie phases, e.g. rnd-read:4k:q32:t16", "KEY" },
    { "synthetic", 0, 0, G_OPTION_ARG_NONE, &opt_synthetic,
      "Feed the chart made-up samples every 100 ms instead of running the engine (a control: "
      "the chart and GTK alone)", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— time the live chart");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (DynoSample));
  g_autoptr (DynoChartModel) model = dyno_chart_model_new ();
  GtkWidget *window;
  GtkWidget *chart;
  gboolean ok = TRUE;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("no display: run under xvfb-run -a\n");
      return 2;
    }
  adw_init ();

  fill_hour (samples);
  dyno_chart_model_append (model, (const DynoSample *) (gpointer) samples->data, samples->len);
  g_print ("model: %u samples → %u points (buckets of %g s)\n",
           dyno_chart_model_get_n_samples (model),
           dyno_chart_model_get_n_points (model, DYNO_UNIT_BYTES),
           dyno_chart_model_get_bucket_width (model, DYNO_UNIT_BYTES));

  ok &= bench_render (model);

  window = gtk_window_new ();
  chart = dyno_chart_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), RENDER_WIDTH, RENDER_HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), chart);
  gtk_window_present (GTK_WINDOW (window));
  dyno_chart_append (DYNO_CHART (chart), (const DynoSample *) (gpointer) samples->data,
                     samples->len);
  /* Shown, drawn once, and no full drawing left running in the background. */
  gtk_test_widget_wait_for_draw (chart);
  for (int i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }

  ok &= bench_snapshot (chart, samples->len);
  if (opt_seconds > 0)
    ok &= bench_stalls (chart);

  gtk_window_destroy (GTK_WINDOW (window));
  g_print ("%s\n", ok ? "all targets met" : "some targets NOT met");
  return ok ? 0 : 1;
}
