/* dyno-compare-paired.c: the answer of a paired run ("does encryption slow me down?")
 *
 * Two targets measured in one session, their repeats interleaved, give per phase the ratio
 * B ÷ A with its 95 % interval (from the rounds' pairs, dyno_stats_paired_ratio_ci95) and a
 * verdict. This file words that: one summary sentence that a person asking the question can
 * take away, and a table of every phase's figures, ratio, interval and verdict, then where
 * the CPU went per GB moved: Dyno's own threads, the target's FUSE daemon, and the whole
 * machine (kernel threads such as dm-crypt's workers run as kworkers, so they are only ever
 * seen there). The summary's CPU sentence, like a verdict, comes from an interval: it says
 * "more" or "less" only when the difference's 95 % interval leaves out zero.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-compare-private.h"
#include "dyno-crypto-words.h"
#include "dyno-parse.h"
#include "dyno-rate-unit.h"
#include "dyno-text-table-private.h"

char *
dyno_compare_phase_in_sentence (const DynoPhase *phase)
{
  /* Translators: "lowercase" if your language writes a phase's title ("Block write") in lower
   * case inside a sentence ("38 % slower at block write"), as English and French do; anything
   * else (German: "keep") leaves the titles as they are. Not shown to anyone. */
  if (g_str_equal (C_ ("phase title in a sentence", "lowercase"), "lowercase"))
    return g_utf8_strdown (dyno_phase_get_title (phase), -1);
  return g_strdup (dyno_phase_get_title (phase));
}

/* CPU per 10^9 bytes over every B/s phase the entry ran. */
static void
cpu_per_gb (const DynoComparison *comparison, guint entry, DynoCpuPerGb *out)
{
  dyno_target_cpu_per_gb (dyno_comparison_get_target_result (comparison, entry), out);
}

/* CPU per GB of each round (one repeat over every B/s phase the entry ran), so that a
 * difference has an interval: one session's rounds pair, separate runs compare spreads. */
typedef struct
{
  guint repeat;
  double bytes;
  double io;            /* Dyno's threads, plus the FUSE daemon where it was measured */
  double machine;
  double machine_bytes; /* of the runs whose machine-wide CPU is known */
} CpuRound;

static CpuRound *
find_round (GArray *rounds, guint repeat)
{
  CpuRound round = { .repeat = repeat };

  for (guint i = 0; i < rounds->len; i++)
    if (g_array_index (rounds, CpuRound, i).repeat == repeat)
      return &g_array_index (rounds, CpuRound, i);
  g_array_append_val (rounds, round);
  return &g_array_index (rounds, CpuRound, rounds->len - 1);
}

static int
compare_rounds (gconstpointer a, gconstpointer b)
{
  guint x = ((const CpuRound *) a)->repeat;
  guint y = ((const CpuRound *) b)->repeat;

  return x < y ? -1 : x > y;
}

static GArray *
cpu_rounds (const DynoComparison *comparison, guint entry)
{
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);
  GArray *rounds = g_array_new (FALSE, FALSE, sizeof (CpuRound));

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (dyno_phase_get_unit (phase->phase) != DYNO_UNIT_BYTES)
        continue;
      for (guint j = 0; j < phase->runs->len; j++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, j);
          CpuRound *round;

          if (run->amount == 0 || isnan (run->cpu_seconds))
            continue;
          round = find_round (rounds, run->repeat);
          round->bytes += run->amount;
          /* The daemon's CPU is the I/O path's as much as Dyno's own threads are: it is
           * where gocryptfs encrypts. */
          round->io += run->cpu_seconds
                       + (isnan (run->helper_cpu_seconds) ? 0 : run->helper_cpu_seconds);
          if (!isnan (run->machine_cpu_seconds))
            {
              round->machine += run->machine_cpu_seconds;
              round->machine_bytes += run->amount;
            }
        }
    }
  g_array_sort (rounds, compare_rounds);
  return rounds;
}

static double
round_per_gb (const CpuRound *round, gboolean machine)
{
  if (machine)
    return round->machine_bytes > 0 ? round->machine / (round->machine_bytes / 1e9) : NAN;
  return round->io / (round->bytes / 1e9);
}

/* The entry's CPU per GB less the baseline's, with the half-width of its 95 % interval: from
 * the rounds' differences when both are targets of one session and have a figure for the
 * same rounds (the drift of a round, a neighbour's load, cancels), else from both sides'
 * spreads (Welch). FALSE without two rounds on each side. */
static gboolean
cpu_difference (const DynoComparison *comparison,
                guint                 entry,
                GArray               *mine,
                GArray               *base,
                gboolean              machine,
                double               *diff,
                double               *half)
{
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean same_rounds;
  DynoStats sa, sb;

  for (guint i = 0; i < mine->len; i++)
    {
      double v = round_per_gb (&g_array_index (mine, CpuRound, i), machine);

      if (!isnan (v))
        g_array_append_val (a, v);
    }
  for (guint i = 0; i < base->len; i++)
    {
      double v = round_per_gb (&g_array_index (base, CpuRound, i), machine);

      if (!isnan (v))
        g_array_append_val (b, v);
    }

  same_rounds = dyno_comparison_get_result (comparison, entry)
                    == dyno_comparison_get_result (comparison,
                                                   dyno_comparison_get_baseline (comparison))
                && a->len == mine->len && b->len == base->len && mine->len == base->len;
  for (guint i = 0; same_rounds && i < mine->len; i++)
    same_rounds = g_array_index (mine, CpuRound, i).repeat
                  == g_array_index (base, CpuRound, i).repeat;
  if (same_rounds)
    return dyno_stats_paired_diff_ci95 ((const double *) a->data, (const double *) b->data,
                                        a->len, diff, half);
  dyno_stats_compute ((const double *) a->data, a->len, &sa);
  dyno_stats_compute ((const double *) b->data, b->len, &sb);
  return dyno_stats_diff_ci95 (&sa, &sb, diff, half);
}

/* A difference worth a word: its interval leaves out zero, and it shows in one decimal. */
static gboolean
cpu_differs (double diff, double half)
{
  return fabs (diff) > half && fabs (diff) >= 0.05;
}

static const char *
helper_name (const DynoComparison *comparison, guint entry)
{
  DynoResult *result = dyno_comparison_get_result (comparison, entry);
  const DynoTargetResult *target = dyno_result_get_target (result,
                                                           dyno_comparison_get_target (comparison, entry));

  return target->info != NULL ? target->info->helper : NULL;
}

/* Some layer of the entry encrypts in the kernel (dm-crypt, fscrypt, eCryptfs), whose
 * workers (kcryptd, fscrypt's read queue) run as kworker threads: seen only machine-wide. */
static gboolean
has_kernel_crypto (const DynoComparison *comparison, guint entry)
{
  DynoResult *result = dyno_comparison_get_result (comparison, entry);
  const DynoTargetResult *target = dyno_result_get_target (result,
                                                           dyno_comparison_get_target (comparison, entry));

  for (guint i = 0; target->info != NULL && i < target->info->encryption->len; i++)
    {
      const char *layer = g_ptr_array_index (target->info->encryption, i);

      if (g_str_has_prefix (layer, "dm-crypt") || g_str_has_prefix (layer, "fscrypt")
          || g_str_has_prefix (layer, "eCryptfs") || g_str_has_prefix (layer, "ecryptfs"))
        return TRUE;
    }
  return FALSE;
}

static void
append_list (GString *out, const char *item)
{
  if (out->len > 0)
    g_string_append (out, ", ");
  g_string_append (out, item);
}

static gboolean
has_io_tests (const DynoComparison *comparison, guint entry)
{
  return dyno_config_has_io_tests (
      dyno_result_get_config (dyno_comparison_get_result (comparison, entry)));
}

char *
dyno_comparison_describe_work (const DynoComparison *comparison, guint entry)
{
  guint baseline;
  guint64 mine, base;
  g_autofree char *mine_text = NULL;
  g_autofree char *base_text = NULL;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), NULL);

  baseline = dyno_comparison_get_baseline (comparison);
  if (entry == baseline)
    return NULL;
  /* Only the phases on the data file do its size of work. */
  if (!has_io_tests (comparison, entry) || !has_io_tests (comparison, baseline))
    return NULL;
  mine = dyno_comparison_get_data_size (comparison, entry);
  base = dyno_comparison_get_data_size (comparison, baseline);
  if (mine == 0 || base == 0 || mine == base)
    return NULL;
  base_text = dyno_format_size (base);
  mine_text = dyno_format_size (mine);
  /* Translators: under a paired run's summary, when the two sides wrote data files of
   * different sizes, so their figures are not of the same work: "The targets did different
   * work: a 2.7 GiB data file for plain, 320.7 MiB for enc." */
  return g_strdup_printf (_("The targets did different work: a %s data file for %s, %s for %s."),
                          base_text, dyno_comparison_get_name (comparison, baseline), mine_text,
                          dyno_comparison_get_name (comparison, entry));
}

/* A verdict on different work is no verdict on the targets: said in the same breath. */
static void
append_work (GString *out, const DynoComparison *comparison, guint entry)
{
  g_autofree char *work = dyno_comparison_describe_work (comparison, entry);

  if (work != NULL)
    g_string_append_printf (out, " %s", work);
}

/* What the entry costs in CPU against the baseline, said only from a difference whose 95 %
 * interval leaves out zero. First the CPU of the I/O path (Dyno's threads and the FUSE
 * daemon), then, labelled, the whole machine's, which other processes share: under a
 * throttle their CPU divided by 20 MB/s made gocryptfs "cost 40.7 CPU-seconds per GB less". */
static void
append_cpu_sentence (GString *out, const DynoComparison *comparison, guint entry)
{
  guint baseline = dyno_comparison_get_baseline (comparison);
  g_autoptr (GArray) mine = cpu_rounds (comparison, entry);
  g_autoptr (GArray) base = cpu_rounds (comparison, baseline);
  const char *helper = NULL;
  double io, io_half, machine, machine_half;
  DynoCpuPerGb mine_total, base_total;
  g_autoptr (GString) io_text = g_string_new (NULL);

  if (!cpu_difference (comparison, entry, mine, base, FALSE, &io, &io_half))
    return;
  cpu_per_gb (comparison, entry, &mine_total);
  cpu_per_gb (comparison, baseline, &base_total);
  if (mine_total.have_helper)
    helper = helper_name (comparison, entry);
  else if (base_total.have_helper)
    helper = helper_name (comparison, baseline);

  if (cpu_differs (io, io_half))
    {
      if (io > 0 && helper != NULL)
        /* Translators: a paired run's summary: the CPU of the I/O path, Dyno's threads and
         * the FUSE daemon (%s), with its 95 % interval: "it costs 2.3 ± 0.1 CPU-seconds per
         * GB more in Dyno's threads and gocryptfs" */
        g_string_append_printf (io_text, _("it costs %.1f ± %.1f CPU-seconds per GB more in "
                                          "Dyno's threads and %s"), io, io_half, helper);
      else if (io > 0)
        /* Translators: a paired run's summary: the CPU of Dyno's I/O threads, with its 95 %
         * interval: "it costs 2.3 ± 0.1 CPU-seconds per GB more in Dyno's threads" */
        g_string_append_printf (io_text, _("it costs %.1f ± %.1f CPU-seconds per GB more in "
                                          "Dyno's threads"), io, io_half);
      else if (helper != NULL)
        /* Translators: as "it costs 2.3 ± 0.1 CPU-seconds per GB more in Dyno's threads and
         * gocryptfs", for less */
        g_string_append_printf (io_text, _("it costs %.1f ± %.1f CPU-seconds per GB less in "
                                          "Dyno's threads and %s"), -io, io_half, helper);
      else
        /* Translators: as "it costs 2.3 ± 0.1 CPU-seconds per GB more in Dyno's threads",
         * for less */
        g_string_append_printf (io_text, _("it costs %.1f ± %.1f CPU-seconds per GB less in "
                                          "Dyno's threads"), -io, io_half);
      if (io > 0 && mine_total.have_helper && helper != NULL)
        {
          double part = mine_total.helper - (base_total.have_helper ? base_total.helper : 0);

          if (part >= 0.05)
            /* Translators: after "it costs 13.7 CPU-seconds per GB more in Dyno's threads
             * and gocryptfs": the FUSE daemon's part: "(gocryptfs: 4.2 of them)" */
            g_string_append_printf (io_text, _(" (%s: %.1f of them)"), helper, MIN (part, io));
        }
    }
  else if (fabs (io) <= io_half && helper != NULL)
    /* Translators: a paired run's summary when the 95 % interval of the difference in CPU
     * (Dyno's threads and the FUSE daemon %s) holds zero; CPU-s/GB: CPU-seconds per GB */
    g_string_append_printf (io_text, _("no CPU difference Dyno can measure in Dyno's threads "
                                       "and %s (±%.1f CPU-s/GB)"), helper, io_half);
  else if (fabs (io) <= io_half)
    /* Translators: a paired run's summary when the 95 % interval of the difference in the
     * CPU of Dyno's threads holds zero; CPU-s/GB: CPU-seconds per GB */
    g_string_append_printf (io_text, _("no CPU difference Dyno can measure in Dyno's threads "
                                       "(±%.1f CPU-s/GB)"), io_half);
  /* Else real but below a tenth of a CPU-second per GB: nothing worth a word. */
  if (io_text->len > 0)
    g_string_append_printf (out, "; %s", io_text->str);

  /* The machine's figure holds every process and kernel worker: said second, labelled, and
   * only when it too differs beyond its interval. Kernel crypto (dm-crypt's kcryptd) is seen
   * nowhere else. */
  if (!cpu_difference (comparison, entry, mine, base, TRUE, &machine, &machine_half)
      || !cpu_differs (machine, machine_half))
    return;
  if (machine > 0)
    /* Translators: a paired run's summary, after the CPU of the I/O path: the whole machine's,
     * every process included, with its 95 % interval */
    g_string_append_printf (out, _("; across the machine, other processes included: %.1f ± "
                                   "%.1f CPU-seconds per GB more"), machine, machine_half);
  else
    /* Translators: as "; across the machine, other processes included: 2.3 ± 0.4
     * CPU-seconds per GB more", for less */
    g_string_append_printf (out, _("; across the machine, other processes included: %.1f ± "
                                   "%.1f CPU-seconds per GB less"), -machine, machine_half);
  if (machine > 0 && io < machine / 2 && has_kernel_crypto (comparison, entry))
    /* Translators: after "across the machine, other processes included: 2.3 ± 0.4
     * CPU-seconds per GB more" */
    g_string_append (out, _(", mostly outside Dyno's threads, in the kernel's crypto "
                            "workers"));
}

/* The first encryption layer's name: "gocryptfs", "dm-crypt" (the summary's "gocryptfs
 * (FUSE)" without its note); NULL when not encrypted. */
static char *
encryption_name (const DynoComparison *comparison, guint entry)
{
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);
  const char *name;
  const char *paren;

  if (target == NULL || target->info == NULL || !dyno_target_info_is_encrypted (target->info))
    return NULL;
  if (target->info->crypto != NULL && target->info->crypto->len > 0)
    return g_strdup (((const DynoCryptoLayer *) g_ptr_array_index (target->info->crypto, 0))
                         ->layer);
  name = g_ptr_array_index (target->info->encryption, 0);
  paren = strstr (name, " (");
  return paren != NULL && paren > name ? g_strndup (name, paren - name) : g_strdup (name);
}

char *
dyno_compare_subject (const DynoComparison *comparison, guint entry)
{
  const char *name = dyno_comparison_get_name (comparison, entry);
  g_autofree char *layer = encryption_name (comparison, entry);
  g_autofree char *base_layer = encryption_name (comparison,
                                                 dyno_comparison_get_baseline (comparison));
  g_autofree char *folded_name = NULL;
  g_autofree char *folded_layer = NULL;

  /* Said only where it tells the sides apart: the encrypted one against a plain baseline. */
  if (layer == NULL || base_layer != NULL)
    return g_strdup (name);
  folded_name = g_utf8_casefold (name, -1);
  folded_layer = g_utf8_casefold (layer, -1);
  if (strstr (folded_name, folded_layer) != NULL)
    /* Translators: the encrypted side of a comparison whose name says how already:
     * "gocryptfs (encrypted)" */
    return g_strdup_printf (_("%s (encrypted)"), name);
  /* Translators: the encrypted side of a comparison: its name and the encryption layer,
   * "enc (encrypted with gocryptfs)" */
  return g_strdup_printf (_("%s (encrypted with %s)"), name, layer);
}

/* The most runs any phase of the target has. */
static guint
max_runs (const DynoTargetResult *target)
{
  guint most = 0;

  for (guint i = 0; target != NULL && i < target->phases->len; i++)
    most = MAX (most, ((const DynoPhaseResult *) g_ptr_array_index (target->phases, i))->runs->len);
  return most;
}

char *
dyno_comparison_describe_summary (const DynoComparison *comparison, guint entry)
{
  g_autoptr (GPtrArray) phases = NULL;
  g_autoptr (GString) changes = g_string_new (NULL);
  g_autoptr (GString) same = g_string_new (NULL);
  g_autoptr (GString) open = g_string_new (NULL);
  g_autoptr (GString) cached = g_string_new (NULL);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *subject = NULL;
  g_autofree char *margin = NULL;
  guint baseline;
  const char *name;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), NULL);

  baseline = dyno_comparison_get_baseline (comparison);
  if (entry == baseline)
    return NULL;
  name = dyno_comparison_get_name (comparison, entry);
  subject = dyno_compare_subject (comparison, entry);
  margin = dyno_compare_format_margin (dyno_comparison_get_equivalence (comparison));
  phases = dyno_comparison_get_phases (comparison);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      g_autofree char *item = NULL;
      g_autofree char *title = dyno_compare_phase_in_sentence (phase);
      DynoCompareCell cell;

      dyno_comparison_get_cell (comparison, entry, phase, &cell);
      switch (dyno_compare_cell_get_verdict (&cell))
        {
        case DYNO_VERDICT_SLOWER:
          /* Translators: part of a paired run's summary: "38 % slower at block write" */
          item = g_strdup_printf (_("%.0f %% slower at %s"), (1 - cell.ratio) * 100, title);
          append_list (changes, item);
          break;
        case DYNO_VERDICT_FASTER:
          /* Translators: part of a paired run's summary: "12 % faster at block read" */
          item = g_strdup_printf (_("%.0f %% faster at %s"), (cell.ratio - 1) * 100, title);
          append_list (changes, item);
          break;
        case DYNO_VERDICT_EQUIVALENT:
          append_list (same, title);
          break;
        case DYNO_VERDICT_INCONCLUSIVE:
          append_list (open, title);
          break;
        case DYNO_VERDICT_NONE:
        default:
          if (cell.cache_doubt != NULL)
            append_list (cached, title);
          break;
        }
    }

  if (changes->len > 0)
    /* Translators: a paired run's summary: "encrypted is 38 % slower at block write, 5 %
     * faster at rewrite" */
    g_string_append_printf (out, _("%s is %s"), subject, changes->str);
  if (same->len > 0)
    {
      if (out->len > 0)
        g_string_append (out, "; ");
      if (changes->len > 0)
        /* Translators: a paired run's summary, after what changed: the phases whose 95 %
         * intervals lie inside the equivalence margin (the first %s, "5") */
        g_string_append_printf (out, _("no difference larger than %s %% at %s"), margin,
                                same->str);
      else
        /* Translators: a paired run's summary when nothing changed: "encrypted: no
         * difference larger than 5 % at block write, block read" */
        g_string_append_printf (out, _("%s: no difference larger than %s %% at %s"), subject,
                                margin, same->str);
    }
  if (open->len > 0)
    {
      if (out->len > 0)
        /* Translators: a paired run's summary, after the verdicts: the phases whose 95 %
         * intervals hold both no change and changes larger than the margin */
        g_string_append_printf (out, _("; inconclusive at %s: needs more repeats"), open->str);
      else
        /* Translators: a paired run's summary when every phase is inconclusive */
        g_string_append_printf (out, _("%s: inconclusive at %s: needs more repeats"), subject,
                                open->str);
    }
  if (cached->len > 0 && out->len > 0)
    /* Translators: a paired run's summary, after the verdicts: the phases whose figures may
     * have come from a cache below a target (marked † in the table) */
    g_string_append_printf (out, _("; no verdict at %s: it may come from a cache below"),
                            cached->str);
  else if (cached->len > 0)
    /* Translators: a paired run's summary when every figure with an interval may have come
     * from a cache below a target: "gocryptfs: no verdict at block read: it may come from a
     * cache below" */
    g_string_append_printf (out, _("%s: no verdict at %s: it may come from a cache below"),
                            name, cached->str);
  if (out->len == 0)
    {
      DynoTargetResult *mine = dyno_comparison_get_target_result (comparison, entry);
      DynoTargetResult *theirs = dyno_comparison_get_target_result (comparison, baseline);

      /* Repeating is the advice only where a side ran once; a failed target or phases too
       * fast on both sides are not helped by -x 3 (which may well have been given). */
      if (dyno_target_result_failed (mine) || dyno_target_result_failed (theirs))
        /* Translators: a paired run's summary when a target failed */
        g_string_append_printf (out, _("%s: no verdict: the run of %s failed"), name,
                                dyno_comparison_get_name (comparison,
                                                          dyno_target_result_failed (mine)
                                                              ? entry : baseline));
      else if (max_runs (mine) >= 2 && max_runs (theirs) >= 2)
        /* Translators: a paired run's summary when no phase has a figure on both sides */
        g_string_append_printf (out, _("%s: no verdict: no phase has a figure on both sides "
                                       "(too fast to time, or not run)"),
                                name);
      else
        /* Translators: a paired run's summary when a side ran once */
        g_string_append_printf (out, _("%s: no verdict, repeat the runs (-x 3) to get one"),
                                name);
      {
        g_autofree char *work = dyno_comparison_describe_work (comparison, entry);

        /* A sentence of its own, which this one, without a verdict, does not end with. */
        if (work != NULL)
          g_string_append_printf (out, ". %s", work);
      }
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  append_cpu_sentence (out, comparison, entry);
  g_string_append_c (out, '.');
  append_work (out, comparison, entry);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
dyno_comparison_describe_cpu (const DynoComparison *comparison, guint entry)
{
  g_autoptr (GString) out = g_string_new (NULL);
  const char *start;
  gunichar first;
  char head[8] = { 0 };

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), NULL);

  if (entry == dyno_comparison_get_baseline (comparison))
    return NULL;
  append_cpu_sentence (out, comparison, entry);
  /* The summary's clauses start with "; ": a sentence of its own here. */
  start = out->str;
  while (*start == ';' || *start == ' ')
    start++;
  if (*start == '\0')
    return NULL;
  first = g_unichar_toupper (g_utf8_get_char (start));
  g_unichar_to_utf8 (first, head);
  return g_strconcat (head, g_utf8_next_char (start), ".", NULL);
}

/* "1234.5 MB/s" in the unit asked for; ops as they are; "—" when unknown. */
static char *
format_rate (double rate, const DynoPhase *phase, DynoRateUnit unit)
{
  if (!isfinite (rate))
    return g_strdup ("—");
  if (dyno_phase_get_unit (phase) == DYNO_UNIT_OPS)
    return dyno_format_rate (rate, DYNO_UNIT_OPS);
  return g_strdup_printf ("%.1f %s", rate / dyno_rate_unit_scale (unit), dyno_rate_unit_label (unit));
}

/* The paired table: phase, baseline, entry, ratio, interval, verdict. */
#define N_COLUMNS 6

static void
append_cpu_line (GString *out, const DynoComparison *comparison, guint entry)
{
  DynoCpuPerGb cpu;
  const char *helper = helper_name (comparison, entry);

  cpu_per_gb (comparison, entry, &cpu);
  if (cpu.bytes <= 0)
    return;
  /* Translators: CPU per GB moved by one target of a paired run */
  g_string_append_printf (out, _("  %s: Dyno's threads %.2f s/GB"),
                          dyno_comparison_get_name (comparison, entry), cpu.own);
  if (helper != NULL && cpu.have_helper)
    g_string_append_printf (out, _(", %s %.2f s/GB"), helper, cpu.helper);
  if (cpu.have_machine)
    g_string_append_printf (out, _(", the whole machine %.2f s/GB"), cpu.machine);
  g_string_append_c (out, '\n');
}

/* Every entry's encryption layers in plain words (cipher, where it runs, whether it uses the
 * CPU's AES instructions, its CPU per GB), each with the raw layer under it; then the CPU's
 * crypto instructions (of the first run). */
static void
append_crypto (GString *out, const DynoComparison *comparison)
{
  const DynoSystemInfo *system = NULL;

  /* Translators: heading of the encryption lines of a paired run */
  g_string_append (out, _("Encryption:\n"));
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      DynoResult *result = dyno_comparison_get_result (comparison, e);
      const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, e);
      const char *name = dyno_comparison_get_name (comparison, e);

      if (system == NULL)
        system = dyno_result_get_system (result);
      if (target->info == NULL || target->info->crypto->len == 0)
        {
          /* Translators: a target of a paired run with no encryption layer found */
          g_string_append_printf (out, _("  %s: none found\n"), name);
          continue;
        }
      for (guint i = 0; i < target->info->crypto->len; i++)
        {
          const DynoCryptoLayer *layer = g_ptr_array_index (target->info->crypto, i);
          g_autofree char *words = dyno_crypto_words_line (layer,
                                                           dyno_result_get_system (result),
                                                           target);
          g_autofree char *raw = dyno_crypto_layer_describe (layer);

          g_string_append_printf (out, "  %s: %s\n", name, words);
          /* Translators: under an encryption layer in plain words, the layer as found, with
           * its flags: "as found: gocryptfs: AES-256-GCM, file names AES-EME; flags HKDF …" */
          g_string_append_printf (out, _("    as found: %s\n"), raw);
        }
    }
  if (system != NULL && system->cpu_crypto_known)
    {
      g_autoptr (GString) flags = g_string_new (NULL);

      for (guint i = 0; i < system->cpu_crypto->len; i++)
        g_string_append_printf (flags, "%s%s", i ? " " : "",
                                (const char *) g_ptr_array_index (system->cpu_crypto, i));
      /* Translators: the CPU's crypto instructions in a paired run */
      g_string_append_printf (out, _("  CPU crypto instructions: %s\n"),
                              flags->len ? flags->str : _("none"));
    }
}

/* A figure of the paired table: "+++++" when too fast, and marked "†" when it may come from a
 * cache below the target (its reason collected in doubts, once), as bonnie++ marks what it
 * cannot trust. */
static char *
marked_rate (const DynoComparison  *comparison,
             guint                  entry,
             const DynoPhase       *phase,
             const DynoCompareCell *cell,
             DynoRateUnit           unit,
             GPtrArray             *doubts)
{
  const DynoPhaseResult *result = dyno_comparison_get_phase_result (comparison, entry, phase);
  g_autofree char *figure = cell->too_fast ? g_strdup ("+++++")
                                           : format_rate (cell->rate, phase, unit);

  if (result == NULL || result->cache_doubt == NULL)
    return g_steal_pointer (&figure);
  if (!g_ptr_array_find (doubts, result->cache_doubt, NULL))
    g_ptr_array_add (doubts, (gpointer) result->cache_doubt);
  return g_strconcat (figure, " †", NULL);
}

/* "† may come from a cache below: …": why each marked figure is not a verdict. */
static void
append_doubts (GString *out, GPtrArray *doubts)
{
  for (guint i = 0; i < doubts->len; i++)
    /* Translators: a footnote under a table; %s says why a figure may come from RAM */
    g_string_append_printf (out, _("† %s: no verdict from this figure\n"),
                            (const char *) g_ptr_array_index (doubts, i));
}

/* How the intervals above were made, for a reader who weighs them: from the rounds' pairs
 * (which cancels drift) or from both sides' spreads, and what was left out: nothing but runs
 * too fast to time. */
static void
append_method (GString *out, const DynoComparison *comparison, const GPtrArray *phases)
{
  guint baseline = dyno_comparison_get_baseline (comparison);
  guint n_paired = 0, n_unpaired = 0, rounds = 0;
  gboolean same_rounds = TRUE;

  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    for (guint i = 0; i < phases->len && e != baseline; i++)
      {
        DynoCompareCell cell;

        dyno_comparison_get_cell (comparison, e, g_ptr_array_index (phases, i), &cell);
        if (!isfinite (cell.ratio_low))
          continue;
        if (!cell.paired)
          {
            n_unpaired++;
            continue;
          }
        if (n_paired++ > 0 && cell.n != rounds)
          same_rounds = FALSE;
        rounds = cell.n;
      }

  if (n_paired > 0 && n_unpaired > 0)
    /* Translators: closes a paired run's text when some intervals are from the rounds'
     * pairs and others (phases whose rounds differ between the targets) from the spreads */
    /* xgettext:no-c-format */
    g_string_append (out, _("Where both targets ran the same rounds, ratios are the geometric "
                            "mean of the rounds' ratios and their 95 % interval is from those "
                            "pairs, which cancels what drifts between rounds; elsewhere ratios "
                            "are each figure divided by the baseline's, with the interval from "
                            "both sides' means and spreads.\n"));
  else if (n_paired > 0 && same_rounds)
    g_string_append_printf (out,
                            /* Translators: closes a paired run's text; %u is the number of
                             * rounds, each of which ran both targets once */
                            ngettext ("Ratios are the geometric mean of the %u round's ratio "
                                      "(its figure divided by the baseline's), and the 95 %% "
                                      "interval is from that pair, which cancels what drifts "
                                      "between rounds.\n",
                                      "Ratios are the geometric mean of the %u rounds' ratios "
                                      "(each round's figure divided by the baseline's), and the "
                                      "95 %% interval is from those pairs, which cancels what "
                                      "drifts between rounds.\n",
                                      rounds),
                            rounds);
  else if (n_paired > 0)
    /* Translators: closes a paired run's text when the phases ran different numbers of
     * rounds */
    /* xgettext:no-c-format */
    g_string_append (out, _("Ratios are the geometric mean of the rounds' ratios (each round's "
                            "figure divided by the baseline's), and the 95 % interval is from "
                            "those pairs, which cancels what drifts between rounds.\n"));
  else if (n_unpaired > 0)
    /* Translators: closes a paired run's text when the targets are of separate runs (or
     * ran different rounds), so their rounds cannot be paired */
    /* xgettext:no-c-format */
    g_string_append (out, _("Ratios are each figure divided by the baseline's; the 95 % "
                            "interval is from both sides' means and spreads over the "
                            "repeats.\n"));
  else
    /* Translators: closes a paired run's text when no phase has an interval */
    g_string_append (out, _("Ratios are each figure divided by the baseline's.\n"));
  /* Translators: after how a paired run's intervals were made: the rule for outliers.
   * "+++++" marks a run too fast to time, as in bonnie++. */
  g_string_append (out, _("No run is dropped as an outlier: only runs too fast to time "
                          "(+++++) give no figure.\n"));
}

/* For a report's method, which words the intervals as the paired text does. */
char *
dyno_comparison_describe_method (const DynoComparison *comparison)
{
  g_autoptr (GPtrArray) phases = NULL;
  GString *out;

  g_return_val_if_fail (comparison != NULL, NULL);

  phases = dyno_comparison_get_phases (comparison);
  out = g_string_new (NULL);
  append_method (out, comparison, phases);
  return g_string_free (out, FALSE);
}

gboolean
dyno_comparison_get_cpu_per_gb (const DynoComparison *comparison,
                                guint                 entry,
                                double               *own,
                                double               *helper,
                                double               *machine)
{
  DynoCpuPerGb cpu;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), FALSE);

  cpu_per_gb (comparison, entry, &cpu);
  if (own != NULL)
    *own = cpu.own;
  if (helper != NULL)
    *helper = cpu.have_helper ? cpu.helper : NAN;
  if (machine != NULL)
    *machine = cpu.have_machine ? cpu.machine : NAN;
  return cpu.bytes > 0;
}

char *
dyno_comparison_format_paired (const DynoComparison *comparison, DynoRateUnit unit)
{
  g_autoptr (GPtrArray) phases = NULL;
  GString *out = g_string_new (NULL);
  guint baseline, n;

  g_return_val_if_fail (comparison != NULL, NULL);

  baseline = dyno_comparison_get_baseline (comparison);
  n = dyno_comparison_get_n_entries (comparison);
  phases = dyno_comparison_get_phases (comparison);
  for (guint e = 0; e < n; e++)
    {
      g_autofree char *summary = NULL;
      g_autofree char *versus = NULL;
      g_autofree char *typical = NULL;

      if (e == baseline)
        continue;
      versus = dyno_comparison_describe_versus (comparison, e);
      typical = dyno_comparison_describe_typical (comparison, e);
      summary = dyno_comparison_describe_summary (comparison, e);
      /* The one answer first, then each phase's in a sentence, then the table. */
      g_string_append_printf (out, "%s\n", versus);
      if (typical != NULL)
        g_string_append_printf (out, "%s\n", typical);
      g_string_append_printf (out, "%s\n\n", summary);

      {
        /* Columns as wide as their widest cell (a folder's name may be long), two spaces
         * apart; the phase left-aligned, the figures right-aligned, the verdict last. */
        g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
        g_autoptr (GPtrArray) doubts = g_ptr_array_new ();
        int widths[N_COLUMNS] = { 0 };

        g_ptr_array_add (cells, g_strdup (_("Phase")));
        g_ptr_array_add (cells, g_strdup (dyno_comparison_get_name (comparison, baseline)));
        g_ptr_array_add (cells, g_strdup (dyno_comparison_get_name (comparison, e)));
        g_ptr_array_add (cells, g_strdup (_("ratio")));
        /* xgettext:no-c-format */
        g_ptr_array_add (cells, g_strdup (_("95 % interval")));
        g_ptr_array_add (cells, g_strdup (_("verdict")));
        for (guint i = 0; i < phases->len; i++)
          {
            const DynoPhase *phase = g_ptr_array_index (phases, i);
            DynoCompareCell cell, base;
            char *verdict;

            dyno_comparison_get_cell (comparison, e, phase, &cell);
            dyno_comparison_get_cell (comparison, baseline, phase, &base);
            g_ptr_array_add (cells, g_strdup (dyno_phase_get_title (phase)));
            g_ptr_array_add (cells, marked_rate (comparison, baseline, phase, &base, unit,
                                                 doubts));
            g_ptr_array_add (cells, marked_rate (comparison, e, phase, &cell, unit, doubts));
            g_ptr_array_add (cells, dyno_compare_format_ratio (cell.ratio));
            if (isfinite (cell.ratio_low))
              {
                g_autofree char *low = dyno_compare_format_ratio (cell.ratio_low);
                g_autofree char *high = dyno_compare_format_ratio (cell.ratio_high);

                g_ptr_array_add (cells, g_strdup_printf ("%s – %s", low, high));
              }
            else
              g_ptr_array_add (cells, g_strdup ("—"));
            verdict = dyno_compare_cell_describe_verdict (&cell);
            g_ptr_array_add (cells, verdict != NULL ? verdict : g_strdup (""));
          }
        for (guint i = 0; i < cells->len; i++)
          widths[i % N_COLUMNS] = MAX (widths[i % N_COLUMNS],
                                       (int) g_utf8_strlen (g_ptr_array_index (cells, i), -1));
        for (guint i = 0; i < cells->len; i++)
          {
            guint column = i % N_COLUMNS;
            const char *text = g_ptr_array_index (cells, i);

            if (column == 0)
              dyno_text_append_padded (out, text, widths[0], FALSE);
            else if (column == N_COLUMNS - 1)
              g_string_append_printf (out, "  %s\n", text);
            else
              {
                g_string_append (out, "  ");
                dyno_text_append_padded (out, text, widths[column], TRUE);
              }
          }
        append_doubts (out, doubts);
      }
      g_string_append_c (out, '\n');
    }
  /* Translators: heading of the CPU lines of a paired run */
  g_string_append (out, _("CPU per GB moved (the phases in MB/s):\n"));
  for (guint e = 0; e < n; e++)
    append_cpu_line (out, comparison, e);
  append_crypto (out, comparison);
  append_method (out, comparison, phases);
  return g_string_free (out, FALSE);
}
