/* dyno-chart-render.h: draws a chart model with cairo, on screen or into a PNG, SVG or PDF file
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dyno-chart-model.h"
#include "dyno-chart-style.h"

G_BEGIN_DECLS

/* What a saved chart adds to the on-screen one, so it stands on its own in a report. */
typedef struct
{
  const char *title;    /* NULL: no title */
  const char *subtitle; /* a second, dimmer line: device, file system, date; NULL: none */
  gboolean legend;      /* a key of the phases drawn and the CPU lines */
  gboolean axis_titles; /* "Rate (MB/s)", "CPU (%)", "Time (min)" along the axes */
  const char *host;     /* the source line "Measured with Dyno 0.1.0 on HOST"; NULL: none */
  const char *source;   /* a source line of the caller's own, used instead of the host one */
  /* For a chart stacked with others of its run, which say these once: without a legend, no key
   * under the time axis either; no note under it. */
  gboolean no_key;
  gboolean no_note;
} DynoChartDecor;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} DynoChartRect;

/* The live chart stacks a panel per unit it has samples of: throughput (the byte phases, in
 * MB/s) over operations (ops/s), never both on one axis; an empty model draws the throughput
 * one. */
#define DYNO_CHART_MAX_PANELS 2

/* Where things go for a given size, style and decor: what the drawing uses and tests check. */
typedef struct
{
  DynoChartRect plot;    /* the bounds of the panels' plots, and what lies between them */
  DynoChartRect content; /* everything drawn lies inside: the size less an empty margin */
  double margin;         /* the empty border all around */
  guint n_panels;
  DynoChartRect plots[DYNO_CHART_MAX_PANELS]; /* top to bottom; each panel's curves clip to it */
  DynoChartRect headers[DYNO_CHART_MAX_PANELS]; /* the rows of phase names over each plot */
  DynoUnit units[DYNO_CHART_MAX_PANELS];      /* what each panel's rate axis counts */
  double axis_max[DYNO_CHART_MAX_PANELS];     /* the top of each rate axis, in display units */
  double t0;             /* the time axis all panels share, seconds since the run started */
  double t1;
} DynoChartGeometry;

/* A piece of text a drawing put down: what tests check so that no label runs off the figure,
 * out of its room or over another. */
typedef struct
{
  DynoChartRect box;   /* its logical box in user units; for turned text, that box's bounds */
  double angle;        /* radians: 0, or negative for text turned to read upwards */
  double length;       /* the logical box's own width and height, turned text centred in box */
  double thickness;
  gboolean ellipsized; /* shortened with an ellipsis to fit */
  char *text;          /* the text asked for, before any shortening */
} DynoChartLabel;

/* An array of DynoChartLabel that frees their text with itself. */
GArray  *dyno_chart_label_array_new (void);

/* legend and axis_titles on, the rest NULL. */
void     dyno_chart_decor_init (DynoChartDecor *decor);

/* decor is NULL on screen. Draws in user units from (0, 0) to (width, height) of cr, which is
 * left as it was found. The time axis starts with the run; with decor it ends at the last
 * sample, without at a round span just past it (at most a fifth of the axis ahead of the data:
 * a live chart then rescales now and then, not at every sample, and always shows the whole run).
 * Without a legend (on screen, or decor->legend FALSE) a key under the time axis names the
 * lines. */
void     dyno_chart_render (const DynoChartModel *model,
                            cairo_t              *cr,
                            double                width,
                            double                height,
                            const DynoChartStyle *style,
                            const DynoChartDecor *decor);

/* Computes the geometry dyno_chart_render would use; cr only measures text. */
void     dyno_chart_render_get_geometry (const DynoChartModel *model,
                                         cairo_t              *cr,
                                         double                width,
                                         double                height,
                                         const DynoChartStyle *style,
                                         const DynoChartDecor *decor,
                                         DynoChartGeometry    *geometry);

/* The labels dyno_chart_render draws, in the order it draws them (an array from
 * dyno_chart_label_array_new). cr measures the text; nothing is drawn on it. */
GArray  *dyno_chart_render_get_labels (const DynoChartModel *model,
                                       cairo_t              *cr,
                                       double                width,
                                       double                height,
                                       const DynoChartStyle *style,
                                       const DynoChartDecor *decor);

/* A drawing kept between frames. While samples only extend the series and the axes stay (on screen
 * the time axis runs to a round span ahead of the data, so it stays for a while), a frame redraws
 * just the right end of the panels whose series grew and their phase names, then paints the kept
 * picture; anything else (a new size, style, panel, phase or axis range, a coarsening of the
 * model) redraws it all. For the widget, which draws every time samples arrive. Not thread-safe;
 * one per widget. */
typedef struct _DynoChartCache DynoChartCache;

DynoChartCache *dyno_chart_cache_new (void);
void            dyno_chart_cache_free (DynoChartCache *cache);
/* How the frames so far were made: all redrawn, the tail redrawn, or the picture reused. */
void            dyno_chart_cache_get_stats (const DynoChartCache *cache,
                                            guint                *n_full,
                                            guint                *n_partial,
                                            guint                *n_reused);

typedef void (*DynoChartCacheReadyFunc) (gpointer user_data);

/* With a ready function, a frame that needs the whole picture redrawn (but for the very first)
 * starts that drawing in a worker thread and paints the previous picture; when the new one is
 * in, func is called on the thread-default main context of the caller: queue a frame then. */
void            dyno_chart_cache_set_ready_func (DynoChartCache          *cache,
                                                 DynoChartCacheReadyFunc  func,
                                                 gpointer                 user_data);
/* TRUE while a full drawing runs in a worker thread. */
gboolean        dyno_chart_cache_is_busy (const DynoChartCache *cache);

/* Brings the kept picture up to date (or starts its full redraw in a worker, see above) and
 * tells whether it changed since the last update: a frame that gets FALSE can show what it
 * showed before. */
gboolean         dyno_chart_cache_update (DynoChartCache       *cache,
                                          const DynoChartModel *model,
                                          double                width,
                                          double                height,
                                          double                scale,
                                          const DynoChartStyle *style,
                                          const DynoChartDecor *decor);
/* The kept picture (owned by the cache; NULL before the first update): width × height user
 * units at the update's scale, transparent where nothing is drawn. Read it, never draw on it. */
cairo_surface_t *dyno_chart_cache_get_picture (const DynoChartCache *cache);

/* dyno_chart_render through a cache: the same pixels, cheaper. scale is the device pixels per
 * user unit of cr (the widget's scale factor), so the kept picture stays sharp. */
void     dyno_chart_render_cached (const DynoChartModel *model,
                                   DynoChartCache       *cache,
                                   cairo_t              *cr,
                                   double                width,
                                   double                height,
                                   double                scale,
                                   const DynoChartStyle *style,
                                   const DynoChartDecor *decor);

/* format: "png" (width × height points at scale pixels each), "svg" or "pdf" (width × height
 * points; scale is ignored). */
gboolean dyno_chart_render_to_file (const DynoChartModel *model,
                                    const DynoChartStyle *style,
                                    const DynoChartDecor *decor,
                                    double                width,
                                    double                height,
                                    double                scale,
                                    const char           *format,
                                    const char           *path,
                                    GError              **error);

/* A run's live chart as it is saved: the samples of result's target target_index into model
 * (drawn in a panel per unit), and a title ("LABEL, live") and subtitle (the target) for its
 * decor. FALSE, touching nothing, when the target has no samples (imported results carry only
 * their figures). */
gboolean dyno_chart_live_from_result (DynoChartModel   *model,
                                      DynoResult       *result,
                                      guint             target_index,
                                      char            **title,
                                      char            **subtitle);

/* Points a saved live chart grows by for each target stacked under the first, at the default
 * size: a panel pair's plots, their axes and the target's line. */
#define DYNO_CHART_STACKED_HEIGHT 480

/* The targets of result with live samples: how many; imported results have none. */
guint    dyno_chart_result_count_live (DynoResult *result);

/* A run's live charts as they are saved: of target target_index, or of every target with
 * samples (-1), one under another on the same axes (time, rates, CPU), each with the target as
 * its subtitle; with the phases' figures (the dashed results through fsync) and the rests of
 * the queued tests. decor->title NULL: "NAME, live" with the run's name
 * (dyno_result_dup_name); decor->subtitle is ignored. Draws nothing but the background when
 * there are no samples. */
void     dyno_chart_render_result (DynoResult           *result,
                                   int                   target_index,
                                   cairo_t              *cr,
                                   double                width,
                                   double                height,
                                   const DynoChartStyle *style,
                                   const DynoChartDecor *decor);
/* The same into a file, as dyno_chart_render_to_file. FALSE with an error when the run (or the
 * target) has no live samples. */
gboolean dyno_chart_render_result_to_file (DynoResult           *result,
                                           int                   target_index,
                                           const DynoChartStyle *style,
                                           const DynoChartDecor *decor,
                                           double                width,
                                           double                height,
                                           double                scale,
                                           const char           *format,
                                           const char           *path,
                                           GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoChartCache, dyno_chart_cache_free)

G_END_DECLS
