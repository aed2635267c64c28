/* dyno-fill-window.h: "Fill Test…": a folder written until the drive sags, live
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-export.h"
#include "dyno-fill-result.h"

G_BEGIN_DECLS

#define DYNO_TYPE_FILL_WINDOW (dyno_fill_window_get_type ())
G_DECLARE_FINAL_TYPE (DynoFillWindow, dyno_fill_window, DYNO, FILL_WINDOW, AdwWindow)

DynoFillWindow       *dyno_fill_window_new (GtkWindow *parent);

/* The folder to fill, as the chooser would set it. */
void                  dyno_fill_window_set_folder (DynoFillWindow *self, const char *path);
const char           *dyno_fill_window_get_folder (DynoFillWindow *self);
/* An exact size in bytes instead of the share of the free space (0: the share), for tests and
 * scripts. */
void                  dyno_fill_window_set_size (DynoFillWindow *self, guint64 bytes);
/* The share of the free space (percent) and the recovery rest (seconds, 0: none). */
void                  dyno_fill_window_set_options (DynoFillWindow *self,
                                                    double          percent,
                                                    double          rest);

/* fill.start and fill.stop. */
void                  dyno_fill_window_start (DynoFillWindow *self);
void                  dyno_fill_window_stop (DynoFillWindow *self);

gboolean              dyno_fill_window_get_running (DynoFillWindow *self);
/* What the chart draws: the fill so far, then its result; NULL before the first. */
const DynoFillResult *dyno_fill_window_get_result (DynoFillWindow *self);
/* Why the last fill could not start or failed, or NULL. */
const char           *dyno_fill_window_get_error (DynoFillWindow *self);
/* The sentence under the chart. */
const char           *dyno_fill_window_get_sentence (DynoFillWindow *self);
/* How many times the chart was drawn, and how many exports ended (written or failed). */
guint                 dyno_fill_window_get_n_draws (DynoFillWindow *self);
guint                 dyno_fill_window_get_n_exported (DynoFillWindow *self);
/* Writes the finished fill: DYNO_EXPORT_JSON (what dyno-cli fill --json writes) or a chart. */
void                  dyno_fill_window_export (DynoFillWindow   *self,
                                               DynoExportFormat  format,
                                               const char       *path);

G_END_DECLS
