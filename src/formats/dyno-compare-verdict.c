/* dyno-compare-verdict.c: what a comparison says of each phase
 *
 * The verdict comes from the ratio's 95 % interval (from the rounds' pairs of one session,
 * dyno_stats_paired_ratio_ci95, else dyno_stats_ratio_ci95), the same test that makes a
 * cell's difference significant, so the word and the interval beside it never disagree.
 * Every rate Dyno reports is "more is faster", so a ratio below 1 is slower.
 *
 * Three answers, not two. An interval that leaves out ×1 is a difference: slower or faster.
 * One that holds ×1 is not "the same": it is only that when it also lies inside the
 * equivalence margin (±5 % unless chosen), as an equivalence test (two one-sided tests) says
 * it; −89 % to +15 % holds ×1 and says nothing, and is called inconclusive, with the advice
 * that more repeats would tell. The margin is symmetric on the log scale, [1/(1 + m), 1 + m]:
 * "neither side more than 5 % faster than the other", so that choosing the other side as the
 * baseline (which turns [lo, hi] into [1/hi, 1/lo]) never changes the verdict. Using the 95 %
 * interval for it makes the equivalence test a one-sided 2.5 % one on each side, the more
 * cautious choice.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-compare.h"
#include "dyno-enum.h"
#include "dyno-formats-enums.h"

DynoVerdict
dyno_verdict_from_interval (double low, double high, double equivalence)
{
  if (!(isfinite (low) && isfinite (high) && low > 0 && high >= low))
    return DYNO_VERDICT_NONE;
  if (high < 1)
    return DYNO_VERDICT_SLOWER;
  if (low > 1)
    return DYNO_VERDICT_FASTER;
  if (equivalence > 0 && low >= 1 / (1 + equivalence) && high <= 1 + equivalence)
    return DYNO_VERDICT_EQUIVALENT;
  return DYNO_VERDICT_INCONCLUSIVE;
}

DynoVerdict
dyno_compare_cell_get_verdict (const DynoCompareCell *cell)
{
  g_return_val_if_fail (cell != NULL, DYNO_VERDICT_NONE);

  /* The difference already says whether there is an interval to judge (a cache in doubt, a
   * single run and a missing side have none worth a verdict). */
  if (cell->difference != DYNO_DIFFERENCE_SIGNIFICANT
      && cell->difference != DYNO_DIFFERENCE_WITHIN_NOISE)
    return DYNO_VERDICT_NONE;
  return dyno_verdict_from_interval (cell->ratio_low, cell->ratio_high, cell->equivalence);
}

const char *
dyno_verdict_to_string (DynoVerdict verdict)
{
  /* None is no verdict: null in JSON. */
  if (verdict == DYNO_VERDICT_NONE)
    return NULL;
  return dyno_enum_to_nick (DYNO_TYPE_VERDICT, verdict);
}

/* A ratio as a signed change in percent: 0.62 → −38. */
static double
change (double ratio)
{
  return (ratio - 1) * 100;
}

char *
dyno_compare_format_change (double ratio)
{
  double value = change (ratio);
  g_autofree char *digits = NULL;

  if (!isfinite (value))
    return g_strdup ("—");
  /* One decimal below 10 % reads "+4.5"; above, the digits would be noise. */
  digits = g_strdup_printf (fabs (value) < 9.95 ? "%.1f" : "%.0f", fabs (value));
  if (g_str_equal (digits, "0.0"))
    return g_strdup ("0");
  /* U+2212, the minus sign: a hyphen is not one. */
  return g_strdup_printf ("%s%s", value < 0 ? "\u2212" : "+", digits);
}

char *
dyno_compare_format_margin (double equivalence)
{
  double percent = equivalence * 100;

  if (fabs (percent - round (percent)) < 0.05)
    return g_strdup_printf ("%.0f", percent);
  return g_strdup_printf ("%.1f", percent);
}

char *
dyno_compare_cell_describe_verdict (const DynoCompareCell *cell)
{
  g_return_val_if_fail (cell != NULL, NULL);

  switch (dyno_compare_cell_get_verdict (cell))
    {
    case DYNO_VERDICT_SLOWER:
      /* Translators: a verdict: "38 % slower (31 to 44 %)", the 95 % interval */
      return g_strdup_printf (_("%.0f %% slower (%.0f to %.0f %%)"), -change (cell->ratio),
                              -change (cell->ratio_high), -change (cell->ratio_low));
    case DYNO_VERDICT_FASTER:
      /* Translators: a verdict: "5 % faster (2 to 9 %)", the 95 % interval */
      return g_strdup_printf (_("%.0f %% faster (%.0f to %.0f %%)"), change (cell->ratio),
                              change (cell->ratio_low), change (cell->ratio_high));
    case DYNO_VERDICT_EQUIVALENT:
      {
        g_autofree char *margin = dyno_compare_format_margin (cell->equivalence);
        g_autofree char *low = dyno_compare_format_change (cell->ratio_low);
        g_autofree char *high = dyno_compare_format_change (cell->ratio_high);

        /* Translators: a verdict whose 95 % interval of the change ("−3 to +4 %") lies inside
         * the equivalence margin (the first %s, "5") */
        return g_strdup_printf (_("no difference larger than %s %% (%s to %s %%)"), margin, low,
                                high);
      }
    case DYNO_VERDICT_INCONCLUSIVE:
      {
        g_autofree char *low = dyno_compare_format_change (cell->ratio_low);
        g_autofree char *high = dyno_compare_format_change (cell->ratio_high);

        /* Translators: a verdict whose 95 % interval of the change holds both no change and
         * changes larger than the equivalence margin: no answer yet */
        return g_strdup_printf (_("inconclusive: needs more repeats (%s to %s %%)"), low, high);
      }
    case DYNO_VERDICT_NONE:
    default:
      if (cell->difference == DYNO_DIFFERENCE_BASELINE)
        return NULL;
      if (cell->cache_doubt != NULL)
        /* Translators: a verdict when a figure may have come from RAM */
        return g_strdup (_("no verdict: a figure may come from a cache below"));
      if (cell->difference == DYNO_DIFFERENCE_SINGLE_SAMPLE)
        return g_strdup (_("a single run on a side: cannot tell"));
      return g_strdup (_("not measured on both sides"));
    }
}
