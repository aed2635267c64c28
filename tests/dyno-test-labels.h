/* dyno-test-labels.h: checks on the labels a chart lays out, for the chart tests
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-chart-render.h"

/* The label with that text (NULL when there is none). */
const DynoChartLabel *dyno_test_find_label (GArray *labels, const char *text);
/* Fails the test unless every label (an array of DynoChartLabel) lies inside rect and none
 * overlaps another, turned ones included. */
void                  dyno_test_assert_labels_clean (GArray *labels, const DynoChartRect *rect);
