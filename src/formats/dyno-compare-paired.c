/* dyno-compare-paired.c: the answer of a paired run ("does encryption slow me down?")
 *
 * Two targets measured in one session, their repeats interleaved, give per phase the ratio
 * B ÷ A with its 95 % interval (from the rounds' pairs, dyno_stats_paired_ratio_ci95) and a
 * verdict. This file words that:
 * one summary sentence that a person asking the question can take away, and a table of every
 * phase's figures, ratio, interval and verdict, then where the CPU went per GB moved: Dyno's
 * own threads, the target's FUSE daemon, and the whole machine (kernel threads such as
 * dm-crypt's workers run as kworkers, so they are only ever seen there).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-compare.h"
#include "dyno-parse.h"
#include "dyno-rate-unit.h"
#include "dyno-text-table-private.h"

/* A phase's title inside a sentence: "38 % slower at block write". English and French write
 * it in lower case there; German keeps its nouns capitalised: the translators say which. */
static char *
phase_in_sentence (const DynoPhase *phase)
{
  /* Translators: "lowercase" if your language writes a phase's title ("Block write") in lower
   * case inside a sentence ("38 % slower at block write"), as English and French do; anything
   * else (German: "keep") leaves the titles as they are. Not shown to anyone. */
  if (g_str_equal (C_ ("phase title in a sentence", "lowercase"), "lowercase"))
    return g_utf8_strdown (dyno_phase_get_title (phase), -1);
  return g_strdup (dyno_phase_get_title (phase));
}

typedef struct
{
  double bytes;
  double own;     /* Dyno's I/O threads */
  double machine;
  double helper;
  gboolean have_machine;
  gboolean have_helper;
} CpuPerGb;

/* CPU per 10^9 bytes over every B/s phase the entry ran. */
static void
cpu_per_gb (const DynoComparison *comparison, guint entry, CpuPerGb *out)
{
  DynoResult *result = dyno_comparison_get_result (comparison, entry);
  const DynoTargetResult *target = dyno_result_get_target (result,
                                                           dyno_comparison_get_target (comparison, entry));
  double bytes = 0, own = 0, machine = 0, helper = 0, machine_bytes = 0, helper_bytes = 0;

  *out = (CpuPerGb) { 0 };
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (dyno_phase_get_unit (phase->phase) != DYNO_UNIT_BYTES)
        continue;
      for (guint j = 0; j < phase->runs->len; j++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, j);

          if (run->amount == 0 || isnan (run->cpu_seconds))
            continue;
          bytes += run->amount;
          own += run->cpu_seconds;
          if (!isnan (run->machine_cpu_seconds))
            {
              machine += run->machine_cpu_seconds;
              machine_bytes += run->amount;
            }
          if (!isnan (run->helper_cpu_seconds))
            {
              helper += run->helper_cpu_seconds;
              helper_bytes += run->amount;
            }
        }
    }
  out->bytes = bytes;
  out->own = bytes > 0 ? own / (bytes / 1e9) : NAN;
  out->have_machine = machine_bytes > 0;
  out->machine = out->have_machine ? machine / (machine_bytes / 1e9) : NAN;
  out->have_helper = helper_bytes > 0;
  out->helper = out->have_helper ? helper / (helper_bytes / 1e9) : NAN;
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

char *
dyno_comparison_describe_summary (const DynoComparison *comparison, guint entry)
{
  g_autoptr (GPtrArray) phases = NULL;
  g_autoptr (GString) changes = g_string_new (NULL);
  g_autoptr (GString) same = g_string_new (NULL);
  g_autoptr (GString) cached = g_string_new (NULL);
  g_autoptr (GString) out = g_string_new (NULL);
  guint baseline;
  const char *name;
  CpuPerGb mine, base;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < dyno_comparison_get_n_entries (comparison), NULL);

  baseline = dyno_comparison_get_baseline (comparison);
  if (entry == baseline)
    return NULL;
  name = dyno_comparison_get_name (comparison, entry);
  phases = dyno_comparison_get_phases (comparison);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      g_autofree char *item = NULL;
      g_autofree char *title = phase_in_sentence (phase);
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
        case DYNO_VERDICT_SAME:
          append_list (same, title);
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
    g_string_append_printf (out, _("%s is %s"), name, changes->str);
  if (same->len > 0)
    {
      if (out->len > 0)
        g_string_append (out, "; ");
      if (changes->len > 0)
        /* Translators: a paired run's summary, after what changed: the phases whose
         * intervals hold 1 */
        g_string_append_printf (out, _("no measurable difference at %s"), same->str);
      else
        /* Translators: a paired run's summary when nothing changed: "encrypted: no
         * measurable difference at block write, block read" */
        g_string_append_printf (out, _("%s: no measurable difference at %s"), name, same->str);
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
      /* Translators: a paired run's summary when no phase has an interval */
      g_string_append_printf (out, _("%s: no verdict, repeat the runs (-x 3) to get one"), name);
      {
        g_autofree char *work = dyno_comparison_describe_work (comparison, entry);

        /* A sentence of its own, which this one, without a verdict, does not end with. */
        if (work != NULL)
          g_string_append_printf (out, ". %s", work);
      }
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  cpu_per_gb (comparison, entry, &mine);
  cpu_per_gb (comparison, baseline, &base);
  if (mine.have_machine && base.have_machine && fabs (mine.machine - base.machine) >= 0.05)
    {
      const char *helper = helper_name (comparison, entry);
      double more = mine.machine - base.machine;

      g_string_append (out, "; ");
      if (more > 0)
        /* Translators: a paired run's summary: "it costs 2.3 CPU-seconds per GB more across
         * the machine" */
        g_string_append_printf (out, _("it costs %.1f CPU-seconds per GB more across the machine"),
                                more);
      else
        g_string_append_printf (out, _("it costs %.1f CPU-seconds per GB less across the machine"),
                                -more);
      if (more > 0 && helper != NULL && mine.have_helper)
        /* Translators: after "it costs 13.7 CPU-seconds per GB more across the machine": the
         * FUSE daemon's part: "(gocryptfs: 4.2 of them)" */
        g_string_append_printf (out, _(" (%s: %.1f of them)"), helper, MIN (mine.helper, more));
      else if (more > 0 && mine.own - base.own < more / 2 && has_kernel_crypto (comparison, entry))
        /* Translators: after "it costs 2.3 CPU-seconds per GB more across the machine" */
        g_string_append (out, _(", mostly outside Dyno's threads, in the kernel's crypto "
                                "workers"));
    }
  g_string_append_c (out, '.');
  append_work (out, comparison, entry);
  return g_string_free (g_steal_pointer (&out), FALSE);
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
  CpuPerGb cpu;
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

/* Every entry's encryption layers, then the CPU's crypto instructions (of the first run). */
static void
append_crypto (GString *out, const DynoComparison *comparison)
{
  const DynoSystemInfo *system = NULL;

  /* Translators: heading of the encryption lines of a paired run */
  g_string_append (out, _("Encryption:\n"));
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      DynoResult *result = dyno_comparison_get_result (comparison, e);
      const DynoTargetResult *target = dyno_result_get_target (result,
                                                               dyno_comparison_get_target (comparison, e));
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
          g_autofree char *line = dyno_crypto_layer_describe (g_ptr_array_index (target->info->crypto, i));

          g_string_append_printf (out, "  %s: %s\n", name, line);
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
    g_string_append (out, _("Ratios are each figure divided by the baseline's; the 95 % "
                            "interval is from the rounds' pairs (each round's ratio, which "
                            "cancels what drifts between rounds) where both targets ran the "
                            "same rounds, else from both sides' means and spreads.\n"));
  else if (n_paired > 0 && same_rounds)
    g_string_append_printf (out,
                            /* Translators: closes a paired run's text; %u is the number of
                             * rounds, each of which ran both targets once */
                            ngettext ("Ratios are each figure divided by the baseline's; the "
                                      "95 %% interval is from the %u round's pair (its ratio), "
                                      "which cancels what drifts between rounds.\n",
                                      "Ratios are each figure divided by the baseline's; the "
                                      "95 %% interval is from the %u rounds' pairs (each "
                                      "round's ratio), which cancels what drifts between "
                                      "rounds.\n",
                                      rounds),
                            rounds);
  else if (n_paired > 0)
    /* Translators: closes a paired run's text when the phases ran different numbers of
     * rounds */
    /* xgettext:no-c-format */
    g_string_append (out, _("Ratios are each figure divided by the baseline's; the 95 % "
                            "interval is from the rounds' pairs (each round's ratio), which "
                            "cancels what drifts between rounds.\n"));
  else
    /* Translators: closes a paired run's text when the targets are of separate runs (or
     * ran different rounds), so their rounds cannot be paired */
    /* xgettext:no-c-format */
    g_string_append (out, _("Ratios are each figure divided by the baseline's; the 95 % "
                            "interval is from both sides' means and spreads over the "
                            "repeats.\n"));
  /* Translators: after how a paired run's intervals were made: the rule for outliers.
   * "+++++" marks a run too fast to time, as in bonnie++. */
  g_string_append (out, _("No run is dropped as an outlier: only runs too fast to time "
                          "(+++++) give no figure.\n"));
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

      if (e == baseline)
        continue;
      versus = dyno_comparison_describe_versus (comparison, e);
      summary = dyno_comparison_describe_summary (comparison, e);
      g_string_append_printf (out, "%s\n%s\n\n", versus, summary);

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
