/* dyno-report-other.c: the text report's section for kinds of their own
 *
 * A kind that is neither one of Bonnie's (a column of its tables) nor queued (a line of
 * CrystalDiskMark's layout) has no table to go into; it gets this section rather than being
 * left out, one line per phase with its key, its title, its rate, its standard deviation when
 * it ran more than once, %CPU and latency, and its blurb under it. Untranslated, as the rest of the
 * report, so that reports from different locales compare line for line.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-report-private.h"
#include "dyno-text-table-private.h"

#define RULE "------------------------------------------------------------------------------\n"

static gboolean
is_other (const DynoPhaseResult *phase)
{
  return dyno_text_table_of (phase->phase) == DYNO_TEXT_TABLE_OTHER;
}

gboolean
dyno_report_has_other (const DynoTargetResult *target)
{
  for (guint i = 0; i < target->phases->len; i++)
    if (is_other (g_ptr_array_index (target->phases, i)))
      return TRUE;
  return FALSE;
}

/* "812.3 /sec", "1204.50 MB/s": the figure with Bonnie's decimals and the unit. */
static char *
format_rate (const DynoPhase *phase, double value, DynoRateUnit unit)
{
  double scaled = value / dyno_text_display_scale (phase, unit);
  const char *label = dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? dyno_rate_unit_label (unit)
                                                                     : "/sec";

  return g_strdup_printf ("%.*f %s", dyno_text_rate_decimals (phase, unit, scaled), scaled,
                          label);
}

static void
append_line (GString *out, const DynoPhaseResult *phase, DynoRateUnit unit)
{
  const DynoPhaseKind *kind = phase->phase->kind;

  g_string_append_printf (out, "%s (%s): ", dyno_phase_get_key (phase->phase), kind->title);
  if (phase->rate.n == 0)
    g_string_append (out, phase->too_fast ? "+++++ (too fast to measure)" : "no figure");
  else
    {
      g_autofree char *rate = format_rate (phase->phase, phase->rate.mean, unit);

      g_string_append (out, rate);
      /* The standard deviation, as the "± sd" rows of Bonnie's tables above, and said so. */
      if (phase->rate.n > 1 && isfinite (phase->rate.sd))
        {
          double scale = dyno_text_display_scale (phase->phase, unit);

          g_string_append_printf (out, " ± %.*f sd of %u runs",
                                  dyno_text_rate_decimals (phase->phase, unit,
                                                           phase->rate.mean / scale),
                                  phase->rate.sd / scale, phase->rate.n);
        }
      if (phase->cache_doubt != NULL)
        g_string_append (out, " †");
      if (isfinite (phase->cpu_percent.mean) && phase->cpu_percent.mean >= 0)
        g_string_append_printf (out, ", %d %%CPU", (int) floor (phase->cpu_percent.mean + 0.5));
      if (isfinite (phase->latency.p99))
        g_string_append_printf (out, ", latency p99 %.3g ms", phase->latency.p99 * 1e3);
    }
  g_string_append_c (out, '\n');
  if (kind->blurb != NULL)
    g_string_append_printf (out, "  %s\n", kind->blurb);
}

void
dyno_report_append_other (GString *out, DynoResult *result, const DynoTargetResult *target,
                          DynoRateUnit unit)
{
  g_string_append (out, RULE);
  g_string_append_printf (out, "%s: tests of their own\n",
                          dyno_result_get_tool (result) ? dyno_result_get_tool (result) : "Dyno");
  g_string_append (out, RULE);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (is_other (phase))
        append_line (out, phase, unit);
    }
}
