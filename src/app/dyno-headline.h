/* dyno-headline.h: the answer first: what a comparison says, in words, over its tables
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-compare.h"

G_BEGIN_DECLS

/* A card with, for every entry but the baseline, "gocryptfs vs plain (baseline)", the typical
 * change (dyno_comparison_describe_typical) and the lines of
 * dyno_comparison_describe_headline (); NULL when no entry has anything to say. Its text, for
 * tests and the accessible description, is the "dyno-headline-text" data of the card. */
GtkWidget  *dyno_headline_new (const DynoComparison *comparison);
/* A paired run: two folders measured in one session with two or more repeats each, so every
 * phase's ratio has a 95 % interval. */
gboolean    dyno_headline_is_paired (DynoResult *result);
/* The answer of a paired run: "encrypted vs plain (baseline)", the typical change, the summary
 * (dyno_comparison_describe_summary) and each phase's verdict with its interval
 * (dyno_compare_cell_describe_verdict); NULL when there is nothing to say. */
GtkWidget  *dyno_headline_new_paired (const DynoComparison *comparison);
/* The card's text, lines separated by "\n"; NULL for NULL. */
const char *dyno_headline_get_text (GtkWidget *headline);

G_END_DECLS
