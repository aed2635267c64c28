/* dyno-precision.h: how precise a figure is, under it, as the result and comparison views show it
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-result.h"

G_BEGIN_DECLS

/* "±2.1 % · 3 runs": the 95 % interval in percent of the mean and the runs behind it; NULL for
 * a figure that was not judged against a precision target (imports, older files). */
char      *dyno_precision_describe_caption (const DynoPhaseResult *phase);
/* The caption's tooltip: the target and whether it was met, and if not, why; NULL as above. */
char      *dyno_precision_describe_tooltip (const DynoPhaseResult *phase);
/* The caption as a widget for under a figure, with its tooltip: dim when the target was met,
 * marked with "warning" and a warning icon when it was not; NULL as above. */
GtkWidget *dyno_precision_caption_new (const DynoPhaseResult *phase);
/* "Precision asked: ±5 % — met by 7 of 9 figures" over phases (const DynoPhaseResult *);
 * NULL when none of them was judged. */
char      *dyno_precision_describe_summary (GPtrArray *phases);

G_END_DECLS
