/* dyno-test-labels.c: checks on the labels a chart lays out, for the chart tests
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-test-labels.h"

const DynoChartLabel *
dyno_test_find_label (GArray *labels, const char *text)
{
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (g_array_index (labels, DynoChartLabel, i).text, text) == 0)
      return &g_array_index (labels, DynoChartLabel, i);
  return NULL;
}

static void
label_corners (const DynoChartLabel *label, double corners[4][2])
{
  double cx = label->box.x + label->box.width / 2;
  double cy = label->box.y + label->box.height / 2;
  double c = cos (label->angle);
  double s = sin (label->angle);

  for (int i = 0; i < 4; i++)
    {
      double px = (i & 1 ? 0.5 : -0.5) * label->length;
      double py = (i & 2 ? 0.5 : -0.5) * label->thickness;

      corners[i][0] = cx + c * px - s * py;
      corners[i][1] = cy + s * px + c * py;
    }
}

/* Whether two labels' boxes (turned ones too) overlap by more than slack, by separating axes. */
static gboolean
labels_overlap (const DynoChartLabel *a, const DynoChartLabel *b, double slack)
{
  double ca[4][2];
  double cb[4][2];
  const DynoChartLabel *both[2] = { a, b };

  label_corners (a, ca);
  label_corners (b, cb);
  for (int k = 0; k < 2; k++)
    for (int e = 0; e < 2; e++)
      {
        double axis_x = e == 0 ? cos (both[k]->angle) : -sin (both[k]->angle);
        double axis_y = e == 0 ? sin (both[k]->angle) : cos (both[k]->angle);
        double a0 = INFINITY, a1 = -INFINITY, b0 = INFINITY, b1 = -INFINITY;

        for (int i = 0; i < 4; i++)
          {
            double pa = ca[i][0] * axis_x + ca[i][1] * axis_y;
            double pb = cb[i][0] * axis_x + cb[i][1] * axis_y;

            a0 = MIN (a0, pa);
            a1 = MAX (a1, pa);
            b0 = MIN (b0, pb);
            b1 = MAX (b1, pb);
          }
        if (a1 <= b0 + slack || b1 <= a0 + slack)
          return FALSE;
      }
  return TRUE;
}

/* Every label inside rect, none over another. */
void
dyno_test_assert_labels_clean (GArray *labels, const DynoChartRect *rect)
{
  for (guint i = 0; i < labels->len; i++)
    {
      const DynoChartLabel *a = &g_array_index (labels, DynoChartLabel, i);

      if (a->box.x < rect->x - 0.5 || a->box.y < rect->y - 0.5
          || a->box.x + a->box.width > rect->x + rect->width + 0.5
          || a->box.y + a->box.height > rect->y + rect->height + 0.5)
        g_error ("label “%s” at %g,%g %g×%g runs out of %g,%g %g×%g", a->text, a->box.x,
                 a->box.y, a->box.width, a->box.height, rect->x, rect->y, rect->width,
                 rect->height);
      for (guint j = i + 1; j < labels->len; j++)
        {
          const DynoChartLabel *b = &g_array_index (labels, DynoChartLabel, j);

          if (labels_overlap (a, b, 0.5))
            g_error ("label “%s” (%g,%g %g×%g) overlaps “%s” (%g,%g %g×%g)", a->text, a->box.x,
                     a->box.y, a->box.width, a->box.height, b->text, b->box.x, b->box.y,
                     b->box.width, b->box.height);
        }
    }
}
