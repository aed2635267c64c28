/* dyno-compare-typical.c: the one answer first, the typical change over the figures that
 * matter
 *
 * A per-phase list of ten verdicts answers ten questions; a person asked one ("does
 * encryption slow my disk down?"). The typical change answers it: the geometric mean of the
 * entry's ratios to the baseline over the figures that matter for that question, the streams
 * written and read (per character and in blocks) and the random reads (Bonnie's seeks,
 * CrystalDiskMark's random tests), with its 95 % interval and a verdict by the same rule as a
 * phase's (dyno_verdict_from_interval). A geometric mean because ratios multiply: ×0.5 and ×2
 * average to ×1. Rewrites, file tests and mixes are left out when the key figures exist: they
 * repeat what the streams say (rewrite) or measure the file system's metadata, not its data.
 *
 * The interval is made per round, so that the phases' correlation within a round (a slow
 * round is slow in every phase) is counted rather than assumed away: each round's mean log
 * rate over the phases, then, for one session's targets whose rounds pair, Student's t over
 * the rounds' differences (what drifts between rounds cancels, as for a phase), else Welch's t
 * over both sides' rounds. The ratio is exp of the mean difference: paired, that is exactly the
 * geometric mean of the phases' ratios shown beside it; unpaired, the ratio of the sides'
 * geometric means, which lies inside its interval.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-compare-private.h"

gboolean
dyno_comparison_is_key_phase (const DynoPhase *phase)
{
  static const char *const keys[] = { "putc", "write", "getc", "read", "seeks",
                                      "seq-read", "rnd-read", "seq-write", "rnd-write" };

  g_return_val_if_fail (phase != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (phase->kind->nick, keys[i]))
      return TRUE;
  return FALSE;
}

char *
dyno_compare_join_phases (GPtrArray *phases)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < phases->len; i++)
    {
      g_autofree char *title = dyno_compare_phase_in_sentence (g_ptr_array_index (phases, i));

      if (i > 0 && i == phases->len - 1)
        /* Translators: before the last of a list of phases: "block write, block read and
         * random seeks" */
        g_string_append (out, _(" and "));
      else if (i > 0)
        /* Translators: between phases of a list: "block write, block read and random seeks" */
        g_string_append (out, C_ ("list", ", "));
      g_string_append (out, title);
    }
  return g_string_free (out, FALSE);
}

static gboolean
run_has_rate (const DynoPhaseRun *run)
{
  return !run->too_fast && isfinite (run->rate) && run->rate > 0;
}

/* The run of the repeat with a figure, or NULL (also when the repeat is there twice). */
static const DynoPhaseRun *
find_run (const DynoPhaseResult *phase, guint repeat)
{
  const DynoPhaseRun *found = NULL;

  for (guint i = 0; phase != NULL && i < phase->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, i);

      if (!run_has_rate (run) || run->repeat != repeat)
        continue;
      if (found != NULL)
        return NULL;
      found = run;
    }
  return found;
}

/* Each repeat's mean log rate over the phases, for the repeats with a figure in every phase of
 * the entry; into logs (double) and repeats (guint), in the order of the first phase's runs. */
static void
round_means (const DynoComparison *comparison,
             guint                 entry,
             GPtrArray            *phases,
             GArray               *logs,
             GArray               *repeats)
{
  const DynoPhaseResult *first = dyno_comparison_get_phase_result (comparison, entry,
                                                                   g_ptr_array_index (phases, 0));

  for (guint i = 0; first != NULL && i < first->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (first->runs, DynoPhaseRun, i);
      double sum = 0;
      gboolean complete = TRUE;

      if (!run_has_rate (run))
        continue;
      for (guint p = 0; p < phases->len && complete; p++)
        {
          const DynoPhaseRun *other = find_run (
              dyno_comparison_get_phase_result (comparison, entry, g_ptr_array_index (phases, p)),
              run->repeat);

          complete = other != NULL;
          if (complete)
            sum += log (other->rate);
        }
      if (complete)
        {
          double mean = sum / phases->len;

          g_array_append_val (logs, mean);
          g_array_append_val (repeats, run->repeat);
        }
    }
}

/* The paired interval: both sides have the same rounds, every one with all phases. */
static gboolean
paired_interval (const DynoComparison *comparison,
                 guint                 entry,
                 guint                 baseline,
                 GPtrArray            *phases,
                 DynoCompareCell      *cell)
{
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) ra = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) rb = g_array_new (FALSE, FALSE, sizeof (guint));
  double diff, half;

  round_means (comparison, entry, phases, a, ra);
  round_means (comparison, baseline, phases, b, rb);
  if (a->len != b->len || a->len < 2)
    return FALSE;
  for (guint i = 0; i < ra->len; i++)
    if (g_array_index (ra, guint, i) != g_array_index (rb, guint, i))
      return FALSE;
  if (!dyno_stats_paired_diff_ci95 ((const double *) a->data, (const double *) b->data, a->len,
                                    &diff, &half))
    return FALSE;
  cell->ratio = exp (diff);
  cell->ratio_low = exp (diff - half);
  cell->ratio_high = exp (diff + half);
  cell->paired = TRUE;
  cell->n = a->len;
  return TRUE;
}

/* Welch's interval over both sides' rounds. */
static gboolean
unpaired_interval (const DynoComparison *comparison,
                   guint                 entry,
                   guint                 baseline,
                   GPtrArray            *phases,
                   DynoCompareCell      *cell)
{
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) ra = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) rb = g_array_new (FALSE, FALSE, sizeof (guint));
  DynoStats sa, sb;
  double diff, half;

  round_means (comparison, entry, phases, a, ra);
  round_means (comparison, baseline, phases, b, rb);
  dyno_stats_compute ((const double *) a->data, a->len, &sa);
  dyno_stats_compute ((const double *) b->data, b->len, &sb);
  if (!dyno_stats_diff_ci95 (&sa, &sb, &diff, &half))
    return FALSE;
  cell->ratio = exp (diff);
  cell->ratio_low = exp (diff - half);
  cell->ratio_high = exp (diff + half);
  cell->paired = FALSE;
  cell->n = MIN (a->len, b->len);
  return TRUE;
}

gboolean
dyno_comparison_get_typical (const DynoComparison *comparison,
                             guint                 entry,
                             DynoCompareCell      *cell,
                             GPtrArray           **phases_out)
{
  g_autoptr (GPtrArray) phases = NULL;
  g_autoptr (GPtrArray) key = g_ptr_array_new ();
  g_autoptr (GPtrArray) any = g_ptr_array_new ();
  GPtrArray *used;
  gboolean all_paired = TRUE;
  gboolean any_single = FALSE;
  double sum = 0;
  guint baseline;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), FALSE);
  g_return_val_if_fail (cell != NULL, FALSE);

  *cell = (DynoCompareCell) {
    .rate = NAN, .rate_sd = NAN, .rate_ci95 = NAN, .cpu_percent = NAN, .latency_p99 = NAN,
    .latency_max = NAN, .ratio = NAN, .ratio_low = NAN, .ratio_high = NAN,
    .difference = DYNO_DIFFERENCE_UNKNOWN, .per_price = NAN,
    .equivalence = dyno_comparison_get_equivalence (comparison),
  };
  if (phases_out != NULL)
    *phases_out = NULL;
  baseline = dyno_comparison_get_baseline (comparison);
  if (entry == baseline)
    return FALSE;

  /* The phases with a ratio to trust on both sides: the key ones, else any. */
  phases = dyno_comparison_get_phases (comparison);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      DynoCompareCell c;

      dyno_comparison_get_cell (comparison, entry, phase, &c);
      if (!(isfinite (c.ratio) && c.ratio > 0) || c.cache_doubt != NULL)
        continue;
      g_ptr_array_add (any, (gpointer) phase);
      if (dyno_comparison_is_key_phase (phase))
        g_ptr_array_add (key, (gpointer) phase);
    }
  used = key->len > 0 ? key : any;
  if (used->len == 0)
    return FALSE;

  for (guint i = 0; i < used->len; i++)
    {
      DynoCompareCell c;

      dyno_comparison_get_cell (comparison, entry, g_ptr_array_index (used, i), &c);
      sum += log (c.ratio);
      all_paired &= c.paired;
      any_single |= c.difference == DYNO_DIFFERENCE_SINGLE_SAMPLE;
    }
  cell->present = TRUE;
  cell->ratio = exp (sum / used->len);

  /* A phase with a single run on a side gives no spread: neither does the mean over it. */
  if (any_single)
    cell->difference = DYNO_DIFFERENCE_SINGLE_SAMPLE;
  else if ((all_paired && paired_interval (comparison, entry, baseline, used, cell))
           || unpaired_interval (comparison, entry, baseline, used, cell))
    cell->difference = cell->ratio_high < 1 || cell->ratio_low > 1
                           ? DYNO_DIFFERENCE_SIGNIFICANT
                           : DYNO_DIFFERENCE_WITHIN_NOISE;
  /* Else the phases' repeats do not line up (a phase too fast in another round than the
   * others): no interval, and UNKNOWN says so. */

  if (phases_out != NULL)
    *phases_out = g_ptr_array_copy (used, NULL, NULL);
  return TRUE;
}

char *
dyno_comparison_describe_typical (const DynoComparison *comparison, guint entry)
{
  g_autoptr (GPtrArray) phases = NULL;
  g_autofree char *list = NULL;
  g_autofree char *ratio = NULL;
  g_autofree char *name = NULL;
  const char *base;
  DynoCompareCell cell;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), NULL);

  if (!dyno_comparison_get_typical (comparison, entry, &cell, &phases))
    return NULL;
  list = dyno_compare_join_phases (phases);
  name = dyno_compare_subject (comparison, entry);
  base = dyno_comparison_get_name (comparison, dyno_comparison_get_baseline (comparison));
  ratio = dyno_compare_format_ratio (cell.ratio);

  switch (dyno_compare_cell_get_verdict (&cell))
    {
    case DYNO_VERDICT_SLOWER:
      /* Translators: the one answer first: an entry, how much slower it typically is than the
       * baseline, the 95 % interval, and the phases that typical change is the geometric mean
       * of: "gocryptfs is typically 62 % slower than plain (55 to 68 %): the geometric mean
       * of block write, block read and random seeks." */
      return g_strdup_printf (_("%s is typically %.0f %% slower than %s (%.0f to %.0f %%): the "
                                "geometric mean of %s."),
                              name, (1 - cell.ratio) * 100, base, (1 - cell.ratio_high) * 100,
                              (1 - cell.ratio_low) * 100, list);
    case DYNO_VERDICT_FASTER:
      /* Translators: as "gocryptfs is typically 62 % slower than plain (55 to 68 %): the
       * geometric mean of block write, block read and random seeks.", for faster */
      return g_strdup_printf (_("%s is typically %.0f %% faster than %s (%.0f to %.0f %%): the "
                                "geometric mean of %s."),
                              name, (cell.ratio - 1) * 100, base, (cell.ratio_low - 1) * 100,
                              (cell.ratio_high - 1) * 100, list);
    case DYNO_VERDICT_EQUIVALENT:
      {
        g_autofree char *margin = dyno_compare_format_margin (cell.equivalence);
        g_autofree char *low = dyno_compare_format_change (cell.ratio_low);
        g_autofree char *high = dyno_compare_format_change (cell.ratio_high);

        /* Translators: the one answer first when the 95 % interval of the typical change lies
         * inside the equivalence margin: "gocryptfs and plain: typically no difference larger
         * than 5 % (−2 to +3 %): the geometric mean of block write and block read." */
        return g_strdup_printf (_("%s and %s: typically no difference larger than %s %% (%s to "
                                  "%s %%): the geometric mean of %s."),
                                name, base, margin, low, high, list);
      }
    case DYNO_VERDICT_INCONCLUSIVE:
      {
        g_autofree char *low = dyno_compare_format_change (cell.ratio_low);
        g_autofree char *high = dyno_compare_format_change (cell.ratio_high);

        /* Translators: the one answer first when the 95 % interval of the typical change holds
         * both no change and changes larger than the equivalence margin: "gocryptfs against
         * plain: inconclusive, needs more repeats: the typical change runs from −89 % to
         * +15 % (the geometric mean of block write and block read)." */
        return g_strdup_printf (_("%s against %s: inconclusive, needs more repeats: the typical "
                                  "change runs from %s %% to %s %% (the geometric mean of %s)."),
                                name, base, low, high, list);
      }
    case DYNO_VERDICT_NONE:
    default:
      if (cell.difference == DYNO_DIFFERENCE_SINGLE_SAMPLE)
        /* Translators: the one answer first when a side ran once: "gocryptfs against plain:
         * typically ×0.38, from a single run on a side, which cannot tell a difference from
         * noise (the geometric mean of block write and block read)." */
        return g_strdup_printf (_("%s against %s: typically %s, from a single run on a side, "
                                  "which cannot tell a difference from noise (the geometric "
                                  "mean of %s)."),
                                name, base, ratio, list);
      /* Translators: the one answer first when the phases' repeats do not line up, so the
       * typical change has no interval */
      return g_strdup_printf (_("%s against %s: typically %s, without an interval: the phases' "
                                "repeats do not line up (the geometric mean of %s)."),
                              name, base, ratio, list);
    }
}
