/* dyno-scan-window.h: "Scan Drive…": a drive from UDisks2, read end to end, charted live
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-export.h"
#include "dyno-scan.h"
#include "dyno-udisks.h"

G_BEGIN_DECLS

#define DYNO_TYPE_SCAN_WINDOW (dyno_scan_window_get_type ())
G_DECLARE_FINAL_TYPE (DynoScanWindow, dyno_scan_window, DYNO, SCAN_WINDOW, AdwWindow)

/* Transient for parent; starts listing the drives at once. */
DynoScanWindow        *dyno_scan_window_new (GtkWindow *parent);

/* The page shown: "loading", "unavailable" (no UDisks2, or it failed), "drives", "scan". */
const char            *dyno_scan_window_get_page (DynoScanWindow *self);
/* What the "unavailable" page says ("UDisks2 is not running: …"). */
const char            *dyno_scan_window_get_status (DynoScanWindow *self);
/* The drives listed, DynoUdisksBlock; NULL before the list came. */
GPtrArray             *dyno_scan_window_get_blocks (DynoScanWindow *self);

/* What the next scan uses (the Options rows show it; sample_size need not be whole MiB). */
void                   dyno_scan_window_set_options (DynoScanWindow        *self,
                                                     const DynoScanOptions *options);
/* The same as the row's Scan button: opens the Block object_path through UDisks2 and scans. */
void                   dyno_scan_window_scan (DynoScanWindow *self, const char *object_path);
gboolean               dyno_scan_window_get_scanning (DynoScanWindow *self);
/* The scan as the chart shows it: growing while it runs, whole (or stopped) at the end, with
 * its summary then. NULL before a scan. */
const DynoScanResult  *dyno_scan_window_get_result (DynoScanWindow *self);
/* Why the last scan did not start or failed, NULL when it did not fail. */
const char            *dyno_scan_window_get_error (DynoScanWindow *self);
void                   dyno_scan_window_stop (DynoScanWindow *self);

/* What the file chooser's answer does (tests call it): writes the chart (PNG, SVG, PDF) or
 * the "dyno-scan" JSON (DYNO_EXPORT_JSON) to path off the main thread, then says so in a
 * toast. Whether the last write failed and how many have finished, for tests. */
void                   dyno_scan_window_export (DynoScanWindow   *self,
                                                DynoExportFormat  format,
                                                const char       *path);
guint                  dyno_scan_window_get_n_exported (DynoScanWindow *self);

G_END_DECLS
