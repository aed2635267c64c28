/* dyno-compare-verdict.c: what a paired run says of each phase
 *
 * The verdict comes from the ratio's 95 % interval (from the rounds' pairs of one session,
 * dyno_stats_paired_ratio_ci95, else dyno_stats_ratio_ci95), the same test that makes a
 * cell's difference significant, so the word and the interval beside it never disagree.
 * Every rate Dyno reports is "more is faster", so a ratio below 1 is slower.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-compare.h"

DynoVerdict
dyno_compare_cell_get_verdict (const DynoCompareCell *cell)
{
  g_return_val_if_fail (cell != NULL, DYNO_VERDICT_NONE);

  if (cell->difference == DYNO_DIFFERENCE_SIGNIFICANT)
    return cell->ratio < 1 ? DYNO_VERDICT_SLOWER : DYNO_VERDICT_FASTER;
  if (cell->difference == DYNO_DIFFERENCE_WITHIN_NOISE)
    return DYNO_VERDICT_SAME;
  return DYNO_VERDICT_NONE;
}

const char *
dyno_verdict_to_string (DynoVerdict verdict)
{
  switch (verdict)
    {
    case DYNO_VERDICT_SLOWER:
      return "slower";
    case DYNO_VERDICT_FASTER:
      return "faster";
    case DYNO_VERDICT_SAME:
      return "same";
    case DYNO_VERDICT_NONE:
    default:
      return NULL;
    }
}

/* A ratio as a signed change in percent: 0.62 → −38. */
static double
change (double ratio)
{
  return (ratio - 1) * 100;
}

char *
dyno_compare_cell_describe_verdict (const DynoCompareCell *cell)
{
  g_return_val_if_fail (cell != NULL, NULL);

  switch (dyno_compare_cell_get_verdict (cell))
    {
    case DYNO_VERDICT_SLOWER:
      /* Translators: a paired run's verdict: "38 % slower (31 to 44 %)", the 95 % interval */
      return g_strdup_printf (_("%.0f %% slower (%.0f to %.0f %%)"), -change (cell->ratio),
                              -change (cell->ratio_high), -change (cell->ratio_low));
    case DYNO_VERDICT_FASTER:
      /* Translators: a paired run's verdict: "5 % faster (2 to 9 %)", the 95 % interval */
      return g_strdup_printf (_("%.0f %% faster (%.0f to %.0f %%)"), change (cell->ratio),
                              change (cell->ratio_low), change (cell->ratio_high));
    case DYNO_VERDICT_SAME:
      /* Translators: a paired run's verdict; the 95 % interval of the change, "−3 to +4 %" */
      return g_strdup_printf (_("no difference Dyno can measure (%+.0f to %+.0f %%)"),
                              change (cell->ratio_low), change (cell->ratio_high));
    case DYNO_VERDICT_NONE:
    default:
      if (cell->difference == DYNO_DIFFERENCE_BASELINE)
        return NULL;
      if (cell->cache_doubt != NULL)
        /* Translators: a paired run's verdict when a figure may have come from RAM */
        return g_strdup (_("no verdict: a figure may come from a cache below"));
      if (cell->difference == DYNO_DIFFERENCE_SINGLE_SAMPLE)
        return g_strdup (_("a single run on a side: cannot tell"));
      return g_strdup (_("not measured on both sides"));
    }
}
