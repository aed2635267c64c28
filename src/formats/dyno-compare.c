/* dyno-compare.c: several runs side by side, with ratios against a baseline
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whether a gap is signal or noise is decided by dyno_stats_differ(), the test the report and
 * the app already use: the means differ when the gap is larger than the root-sum-square of the
 * two 95 % confidence half-widths, sqrt(ci_a² + ci_b²). With ci = t(n−1)·sd/√n that is Welch's
 * t-test with each variance weighted by its own t quantile instead of one t at Welch's degrees
 * of freedom; those lie between n−1 and 2n−2 for equal repeat counts, so this test is the more
 * cautious of the two: it never calls significant what Welch's test at 5 % would call noise.
 * With one run on a side there is no spread to test against, and we say so
 * (DYNO_DIFFERENCE_SINGLE_SAMPLE) rather than guess.
 *
 * A cell's difference and verdict come from its ratio's 95 % interval. Two targets of one
 * session ran their repeats interleaved, so when both ran the same rounds the interval is
 * from each round's pair (dyno_stats_paired_ratio_ci95), which cancels what drifts between
 * rounds; otherwise, and for separate runs, from both sides' spreads (dyno_stats_ratio_ci95).
 * No run is dropped as an outlier: only runs too fast to time carry no figure.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-compare.h"
#include "dyno-enum.h"
#include "dyno-formats-enums.h"

typedef struct
{
  DynoResult *result;
  guint target;
  char *name;      /* what is shown: the automatic name or the caller's */
  char *user_name; /* set with dyno_comparison_set_name(); NULL: automatic */
} Entry;

struct _DynoComparison
{
  gatomicrefcount ref_count;
  GArray *entries; /* Entry */
  guint baseline;        /* the caller's, when baseline_chosen */
  gboolean baseline_chosen;
  /* Without a choice: the first entry of the lowest rank (entry_rank), kept as entries are
   * added, so that a cell costs no search over 10,000 entries. */
  guint auto_baseline;
  guint auto_rank;
  double equivalence;
  /* Naming: every name given so far (the caller's and the automatic ones of the entries named
   * so far), and for a base name the next "(n)" worth trying: all below it are taken. Both are
   * rebuilt when a caller's name changes; adding an entry only adds to them. */
  GHashTable *taken;       /* char* (owned) set */
  GHashTable *next_suffix; /* char* (owned) -> GUINT_TO_POINTER (n) */
  /* The phases of every entry, sorted (dyno_phase_compare), each once. */
  GPtrArray *phases;       /* const DynoPhase* */
  GHashTable *phase_set;   /* const DynoPhase* set */
};

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_clear_object (&entry->result);
  g_clear_pointer (&entry->name, g_free);
  g_clear_pointer (&entry->user_name, g_free);
}

static inline Entry *
get_entry (const DynoComparison *comparison, guint index)
{
  return &g_array_index (comparison->entries, Entry, index);
}

DynoComparison *
dyno_comparison_new (void)
{
  DynoComparison *comparison = g_new0 (DynoComparison, 1);

  g_atomic_ref_count_init (&comparison->ref_count);
  comparison->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (comparison->entries, entry_clear);
  comparison->taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  comparison->next_suffix = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  comparison->phases = g_ptr_array_new ();
  comparison->phase_set = g_hash_table_new (NULL, NULL);
  comparison->equivalence = DYNO_COMPARE_DEFAULT_EQUIVALENCE;
  return comparison;
}

DynoComparison *
dyno_comparison_ref (DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);

  g_atomic_ref_count_inc (&comparison->ref_count);
  return comparison;
}

void
dyno_comparison_unref (DynoComparison *comparison)
{
  g_return_if_fail (comparison != NULL);

  if (!g_atomic_ref_count_dec (&comparison->ref_count))
    return;
  g_array_unref (comparison->entries);
  g_hash_table_unref (comparison->taken);
  g_hash_table_unref (comparison->next_suffix);
  g_ptr_array_unref (comparison->phases);
  g_hash_table_unref (comparison->phase_set);
  g_free (comparison);
}

/* ---- names ---------------------------------------------------------------------------- */

/* The label, else the folder, else the host: as the app, the CLI and the charts name it. */
static char *
automatic_name (const Entry *entry)
{
  return dyno_result_dup_target_name (entry->result, entry->target);
}

/* Names the caller chose are taken whatever their position; automatic ones only when they come
 * earlier, so the first of two "lap" keeps the plain name and the second is "lap (2)". The
 * tables hold what is taken so far, so naming the k-th "lap" costs what naming the first did
 * (a search from "lap (2)" on every add made 10,000 runs of one label take hours). */
static void
name_automatic (DynoComparison *comparison, Entry *entry)
{
  g_autofree char *base = automatic_name (entry);
  char *name;
  guint n;

  g_assert (entry->user_name == NULL);
  if (!g_hash_table_contains (comparison->taken, base))
    name = g_strdup (base);
  else
    {
      /* Every "base (m)" below the one remembered was taken, and names never become free
       * again until the tables are rebuilt. */
      n = GPOINTER_TO_UINT (g_hash_table_lookup (comparison->next_suffix, base));
      name = NULL;
      for (n = MAX (n, 2);; n++)
        {
          name = g_strdup_printf ("%s (%u)", base, n);
          if (!g_hash_table_contains (comparison->taken, name))
            break;
          g_free (name);
        }
      g_hash_table_replace (comparison->next_suffix, g_strdup (base), GUINT_TO_POINTER (n + 1));
    }
  g_free (entry->name);
  entry->name = name;
  g_hash_table_add (comparison->taken, g_strdup (name));
}

/* Names follow the entries: adding "lap" a second time renames nothing already shown, it
 * makes the new one "lap (2)". A name the caller set is kept as given. */
static void
update_names (DynoComparison *comparison)
{
  g_hash_table_remove_all (comparison->taken);
  g_hash_table_remove_all (comparison->next_suffix);
  for (guint i = 0; i < comparison->entries->len; i++)
    {
      Entry *entry = get_entry (comparison, i);

      if (entry->user_name != NULL)
        g_hash_table_add (comparison->taken, g_strdup (entry->user_name));
    }
  for (guint i = 0; i < comparison->entries->len; i++)
    {
      Entry *entry = get_entry (comparison, i);

      if (entry->user_name == NULL)
        name_automatic (comparison, entry);
    }
}

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

static void
add_phases (DynoComparison *comparison, const DynoTargetResult *target)
{
  gboolean added = FALSE;

  for (guint p = 0; p < target->phases->len; p++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);

      if (g_hash_table_add (comparison->phase_set, (gpointer) phase->phase))
        {
          g_ptr_array_add (comparison->phases, (gpointer) phase->phase);
          added = TRUE;
        }
    }
  if (added)
    g_ptr_array_sort (comparison->phases, compare_phases);
}

/* ---- entries -------------------------------------------------------------------------- */

/* What a baseline should not be, the worse the higher: 2 for an encrypted target (the question
 * is what encryption costs, against the plain folder), 1 for a remote machine or a network
 * file system (what the distance costs, against the local disk), 0 for the rest, imports
 * included (they know neither). */
static guint
entry_rank (DynoResult *result, guint target)
{
  const DynoTargetResult *tr = dyno_result_get_target (result, target);
  guint rank = 0;

  if (tr->info != NULL && dyno_target_info_is_encrypted (tr->info))
    rank += 2;
  if (dyno_result_get_remote (result) != NULL || (tr->info != NULL && tr->info->network))
    rank += 1;
  return rank;
}

guint
dyno_comparison_add (DynoComparison *comparison, DynoResult *result, guint target)
{
  Entry entry = { 0 };

  g_return_val_if_fail (comparison != NULL, 0);
  g_return_val_if_fail (DYNO_IS_RESULT (result), 0);
  g_return_val_if_fail (target < dyno_result_get_n_targets (result), 0);

  entry.result = g_object_ref (result);
  entry.target = target;
  g_array_append_val (comparison->entries, entry);
  {
    guint rank = entry_rank (result, target);

    if (comparison->entries->len == 1 || rank < comparison->auto_rank)
      {
        comparison->auto_baseline = comparison->entries->len - 1;
        comparison->auto_rank = rank;
      }
  }
  /* The last entry's automatic name depends on those before it only: nothing else changes. */
  name_automatic (comparison, get_entry (comparison, comparison->entries->len - 1));
  add_phases (comparison, dyno_result_get_target (result, target));
  return comparison->entries->len - 1;
}

void
dyno_comparison_add_result (DynoComparison *comparison, DynoResult *result)
{
  g_return_if_fail (comparison != NULL);
  g_return_if_fail (DYNO_IS_RESULT (result));

  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      if (target->phases->len > 0)
        dyno_comparison_add (comparison, result, t);
    }
}

guint
dyno_comparison_get_n_entries (const DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, 0);

  return comparison->entries->len;
}

DynoResult *
dyno_comparison_get_result (const DynoComparison *comparison, guint entry)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < comparison->entries->len, NULL);

  return get_entry (comparison, entry)->result;
}

guint
dyno_comparison_get_target (const DynoComparison *comparison, guint entry)
{
  g_return_val_if_fail (comparison != NULL, 0);
  g_return_val_if_fail (entry < comparison->entries->len, 0);

  return get_entry (comparison, entry)->target;
}

const char *
dyno_comparison_get_name (const DynoComparison *comparison, guint entry)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < comparison->entries->len, NULL);

  return get_entry (comparison, entry)->name;
}

char *
dyno_comparison_join_names (const DynoComparison *comparison)
{
  GString *names = g_string_new (NULL);

  g_return_val_if_fail (comparison != NULL, NULL);

  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    {
      if (e > 0)
        g_string_append (names, ", ");
      g_string_append (names, dyno_comparison_get_name (comparison, e));
    }
  return g_string_free (names, FALSE);
}

/* TRUE when it changed; the names are then to be updated. */
static gboolean
set_user_name (DynoComparison *comparison, guint entry, const char *name)
{
  Entry *e = get_entry (comparison, entry);

  if (name != NULL && *name == '\0')
    name = NULL;
  if (g_strcmp0 (e->user_name, name) == 0)
    return FALSE;
  g_free (e->user_name);
  e->user_name = g_strdup (name);
  if (name != NULL)
    {
      g_free (e->name);
      e->name = g_strdup (name);
    }
  return TRUE;
}

void
dyno_comparison_set_name (DynoComparison *comparison, guint entry, const char *name)
{
  g_return_if_fail (comparison != NULL);
  g_return_if_fail (entry < comparison->entries->len);

  if (set_user_name (comparison, entry, name))
    update_names (comparison);
}

void
dyno_comparison_name_by_folder (DynoComparison *comparison)
{
  g_autoptr (GPtrArray) names = NULL;
  g_autoptr (GHashTable) counts = NULL;
  gboolean one_result = TRUE;
  gboolean changed = FALSE;

  g_return_if_fail (comparison != NULL);

  for (guint i = 1; i < comparison->entries->len; i++)
    one_result &= get_entry (comparison, i)->result == get_entry (comparison, 0)->result;

  /* What each entry would be called; NULL where the automatic name stays. */
  names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < comparison->entries->len; i++)
    {
      const Entry *entry = get_entry (comparison, i);
      const DynoTargetResult *target = dyno_result_get_target (entry->result, entry->target);
      g_autofree char *folder = NULL;
      const char *label;

      if (entry->user_name != NULL || dyno_result_get_n_targets (entry->result) < 2
          || target->info == NULL || target->info->path == NULL)
        {
          g_ptr_array_add (names, NULL);
          continue;
        }
      /* The model's folder: a remote target's says its machine ("data on nas"). */
      folder = dyno_result_dup_target_folder (entry->result, entry->target);
      /* One session's folders need no session name: "plain", "encrypted"; among several
       * sessions, a labelled one's come after its label ("lap plain"), and an unlabelled
       * one's are named as the model names them, by folder (on its machine when remote). */
      label = dyno_result_get_label (entry->result);
      g_ptr_array_add (names, one_result || label == NULL || *label == '\0'
                                  ? g_steal_pointer (&folder)
                                  : g_strdup_printf ("%s %s", label, folder));
    }
  /* Two folders of one name ("/a/data", "/b/data") keep the whole path. */
  counts = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < names->len; i++)
    if (g_ptr_array_index (names, i) != NULL)
      {
        const char *name = g_ptr_array_index (names, i);

        g_hash_table_insert (counts, (gpointer) name,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name))
                                               + 1));
      }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      if (name != NULL && GPOINTER_TO_UINT (g_hash_table_lookup (counts, name)) == 1)
        changed |= set_user_name (comparison, i, name);
    }
  /* Once for all: renaming one by one would rename every entry each time. */
  if (changed)
    update_names (comparison);
}

guint
dyno_comparison_get_baseline (const DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, 0);

  return comparison->baseline_chosen ? comparison->baseline : comparison->auto_baseline;
}

void
dyno_comparison_set_baseline (DynoComparison *comparison, guint entry)
{
  g_return_if_fail (comparison != NULL);
  g_return_if_fail (entry < comparison->entries->len);

  comparison->baseline = entry;
  comparison->baseline_chosen = TRUE;
}

gboolean
dyno_comparison_get_baseline_chosen (const DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, FALSE);

  return comparison->baseline_chosen;
}

double
dyno_comparison_get_equivalence (const DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, DYNO_COMPARE_DEFAULT_EQUIVALENCE);

  return comparison->equivalence;
}

void
dyno_comparison_set_equivalence (DynoComparison *comparison, double margin)
{
  g_return_if_fail (comparison != NULL);
  g_return_if_fail (margin >= 0.001 && margin <= 0.99);

  comparison->equivalence = margin;
}

gboolean
dyno_comparison_find_entry (const DynoComparison *comparison, const char *text, guint *out)
{
  g_autofree char *folded = NULL;
  guint64 number;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  /* Names before numbers: an entry may well be called "2". */
  for (guint i = 0; i < comparison->entries->len; i++)
    if (g_str_equal (get_entry (comparison, i)->name, text))
      {
        if (out != NULL)
          *out = i;
        return TRUE;
      }
  folded = g_utf8_casefold (text, -1);
  for (guint i = 0; i < comparison->entries->len; i++)
    {
      g_autofree char *name = g_utf8_casefold (get_entry (comparison, i)->name, -1);

      if (g_str_equal (name, folded))
        {
          if (out != NULL)
            *out = i;
          return TRUE;
        }
    }
  if (comparison->entries->len > 0
      && g_ascii_string_to_unsigned (text, 10, 1, comparison->entries->len, &number, NULL))
    {
      if (out != NULL)
        *out = (guint) number - 1;
      return TRUE;
    }
  return FALSE;
}

GPtrArray *
dyno_comparison_get_phases (const DynoComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);

  return g_ptr_array_copy (comparison->phases, NULL, NULL);
}

/* ---- cells ---------------------------------------------------------------------------- */

const DynoPhaseResult *
dyno_comparison_get_phase_result (const DynoComparison *comparison,
                                  guint                 entry,
                                  const DynoPhase      *phase)
{
  const Entry *e;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < comparison->entries->len, NULL);

  e = get_entry (comparison, entry);
  return dyno_target_result_get_phase (dyno_result_get_target (e->result, e->target), phase);
}

/* The worst latency: the phase's, else (imports keep it per run) the worst of its runs. */
static double
phase_latency_max (const DynoPhaseResult *phase)
{
  double worst = NAN;

  if (isfinite (phase->latency.max))
    return phase->latency.max;
  for (guint i = 0; i < phase->runs->len; i++)
    {
      double v = g_array_index (phase->runs, DynoPhaseRun, i).latency.max;

      if (isfinite (v) && !(v <= worst))
        worst = v;
    }
  return worst;
}

/* The cell without its ratio and difference. */
static void
fill_cell (const DynoPhaseResult *phase, DynoCompareCell *cell)
{
  *cell = (DynoCompareCell) {
    .rate = NAN,
    .rate_sd = NAN,
    .rate_ci95 = NAN,
    .cpu_percent = NAN,
    .latency_p99 = NAN,
    .latency_max = NAN,
    .ratio = NAN,
    .ratio_low = NAN,
    .ratio_high = NAN,
    .difference = DYNO_DIFFERENCE_UNKNOWN,
    .per_price = NAN,
  };
  if (phase == NULL)
    return;

  cell->present = TRUE;
  /* The phase's statistics already leave out the runs that were too fast. */
  cell->n = phase->rate.n;
  cell->too_fast = phase->too_fast && phase->rate.n == 0;
  if (phase->rate.n > 0 && isfinite (phase->rate.mean))
    {
      cell->rate = phase->rate.mean;
      cell->rate_sd = phase->rate.sd;
      cell->rate_ci95 = phase->rate.ci95;
      cell->cpu_percent = phase->cpu_percent.mean;
    }
  cell->latency_p99 = phase->latency.p99;
  cell->latency_max = phase_latency_max (phase);
  cell->cache_doubt = phase->cache_doubt;
}

/* A run that gives a figure: timed long enough and measured. Too-fast runs are the only ones
 * the means leave out, and the pairs leave out the same. */
static gboolean
run_has_rate (const DynoPhaseRun *run)
{
  return !run->too_fast && isfinite (run->rate) && run->rate > 0;
}

static const DynoPhaseRun *
find_repeat (const DynoPhaseResult *phase, guint repeat, guint *count)
{
  const DynoPhaseRun *found = NULL;

  *count = 0;
  for (guint i = 0; i < phase->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, i);

      if (run_has_rate (run) && run->repeat == repeat)
        {
          found = run;
          (*count)++;
        }
    }
  return found;
}

/* The ratio and its interval from the rounds' pairs, when every run with a figure on either
 * side has its partner of the same repeat on the other; pairing only some would drop the
 * others, so then FALSE, and the caller uses both sides' spreads. */
static gboolean
paired_ratio (const DynoPhaseResult *mine,
              const DynoPhaseResult *base,
              double                *ratio,
              double                *low,
              double                *high)
{
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_base = 0;

  for (guint i = 0; i < base->runs->len; i++)
    n_base += run_has_rate (&g_array_index (base->runs, DynoPhaseRun, i));
  for (guint i = 0; i < mine->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (mine->runs, DynoPhaseRun, i);
      const DynoPhaseRun *partner;
      guint n_mine, n_partners;

      if (!run_has_rate (run))
        continue;
      partner = find_repeat (base, run->repeat, &n_partners);
      find_repeat (mine, run->repeat, &n_mine);
      /* A repeat seen twice on a side (a file merged by hand) pairs with nothing for sure. */
      if (partner == NULL || n_partners != 1 || n_mine != 1)
        return FALSE;
      g_array_append_val (a, run->rate);
      g_array_append_val (b, partner->rate);
    }
  if (a->len != n_base)
    return FALSE;
  return dyno_stats_paired_ratio_ci95 ((const double *) a->data, (const double *) b->data,
                                       a->len, ratio, low, high);
}

void
dyno_comparison_get_cell (const DynoComparison *comparison,
                          guint                 entry,
                          const DynoPhase      *phase,
                          DynoCompareCell      *cell)
{
  const DynoPhaseResult *mine;
  const DynoPhaseResult *base;
  DynoCompareCell base_cell;
  guint baseline;

  g_return_if_fail (comparison != NULL);
  g_return_if_fail (entry < comparison->entries->len);
  g_return_if_fail (phase != NULL);
  g_return_if_fail (cell != NULL);

  mine = dyno_comparison_get_phase_result (comparison, entry, phase);
  fill_cell (mine, cell);
  cell->ratio_low = cell->ratio_high = NAN;
  cell->equivalence = comparison->equivalence;
  baseline = dyno_comparison_get_baseline (comparison);
  {
    double amount;

    if (isfinite (cell->rate) && dyno_comparison_get_price (comparison, entry, &amount, NULL))
      cell->per_price = cell->rate / amount;
  }

  if (entry == baseline)
    {
      cell->difference = DYNO_DIFFERENCE_BASELINE;
      cell->ratio = isfinite (cell->rate) && cell->rate > 0 ? 1.0 : NAN;
      return;
    }

  base = dyno_comparison_get_phase_result (comparison, baseline, phase);
  fill_cell (base, &base_cell);
  if (isfinite (cell->rate) && isfinite (base_cell.rate) && base_cell.rate > 0)
    cell->ratio = cell->rate / base_cell.rate;

  if (cell->cache_doubt == NULL)
    cell->cache_doubt = base_cell.cache_doubt;

  /* A figure that may come from RAM says nothing about the disk: 601 MB/s through gocryptfs
   * under a 40 MiB/s device was "1314 % faster". */
  if (!isfinite (cell->ratio) || cell->cache_doubt != NULL)
    {
      cell->difference = DYNO_DIFFERENCE_UNKNOWN;
      return;
    }
  if (cell->n < 2 || base_cell.n < 2)
    {
      cell->difference = DYNO_DIFFERENCE_SINGLE_SAMPLE;
      return;
    }
  /* Targets of one session ran their repeats interleaved (A B B A): what drifts from round to
   * round (a device warming, a neighbour's load) moves both figures of a round, so each
   * round's ratio is the measurement and the drift cancels. Its ratio is the rounds'
   * geometric mean, so that it lies inside the interval beside it. */
  if (dyno_comparison_get_result (comparison, entry)
      == dyno_comparison_get_result (comparison, baseline))
    {
      double ratio, low, high;

      if (paired_ratio (mine, base, &ratio, &low, &high))
        {
          cell->ratio = ratio;
          cell->ratio_low = low;
          cell->ratio_high = high;
          cell->paired = TRUE;
        }
    }
  if (!cell->paired
      && !dyno_stats_ratio_ci95 (&mine->rate, &base->rate, &cell->ratio_low, &cell->ratio_high))
    {
      cell->difference = DYNO_DIFFERENCE_SINGLE_SAMPLE;
      return;
    }
  /* One test for the word and the interval shown beside it: a difference is real when the
   * ratio's interval leaves out 1. */
  if (cell->ratio_high < 1 || cell->ratio_low > 1)
    cell->difference = DYNO_DIFFERENCE_SIGNIFICANT;
  else
    cell->difference = DYNO_DIFFERENCE_WITHIN_NOISE;
}

/* ---- words ---------------------------------------------------------------------------- */

char *
dyno_compare_format_ratio (double ratio)
{
  /* Two decimals read well from ×0.17 to ×9.99; beyond, the digits would be noise. Below 0.1
   * two significant digits keep ×0.012 from reading as ×0.01. */
  if (!isfinite (ratio))
    return g_strdup ("—");
  if (ratio >= 99.5)
    return g_strdup_printf ("×%.0f", ratio);
  if (ratio >= 9.995)
    return g_strdup_printf ("×%.1f", ratio);
  if (ratio >= 0.0995 || ratio == 0)
    return g_strdup_printf ("×%.2f", ratio);
  return g_strdup_printf ("×%.2g", ratio);
}

char *
dyno_comparison_describe_ratio (const DynoCompareCell *cell)
{
  g_autofree char *ratio = NULL;

  g_return_val_if_fail (cell != NULL, NULL);

  if (cell->difference == DYNO_DIFFERENCE_BASELINE)
    /* Translators: in a comparison, the entry the others are divided by */
    return g_strdup (_("baseline"));
  if (!isfinite (cell->ratio))
    return g_strdup ("—");

  ratio = dyno_compare_format_ratio (cell->ratio);
  if (cell->cache_doubt != NULL)
    /* Translators: a ratio such as "×14.1" of a figure that may have come from a cache */
    return g_strdup_printf (_("%s (may come from a cache)"), ratio);
  switch (dyno_compare_cell_get_verdict (cell))
    {
    case DYNO_VERDICT_EQUIVALENT:
      {
        g_autofree char *margin = dyno_compare_format_margin (cell->equivalence);

        /* Translators: a ratio such as "×0.97" whose 95 % interval lies inside ±5 % (the
         * second %s, the equivalence margin) */
        return g_strdup_printf (_("%s (no difference larger than %s %%)"), ratio, margin);
      }
    case DYNO_VERDICT_INCONCLUSIVE:
      /* Translators: a ratio such as "×0.62" whose 95 % interval holds both ×1 and changes
       * larger than the equivalence margin: more repeats would tell */
      return g_strdup_printf (_("%s (inconclusive: needs more repeats)"), ratio);
    case DYNO_VERDICT_SLOWER:
    case DYNO_VERDICT_FASTER:
    case DYNO_VERDICT_NONE:
    default:
      break;
    }
  if (cell->difference == DYNO_DIFFERENCE_SINGLE_SAMPLE)
    /* Translators: a ratio such as "×1.02" from one run on a side: noise cannot be told */
    return g_strdup_printf (_("%s (single sample)"), ratio);
  return g_steal_pointer (&ratio);
}

char *
dyno_comparison_describe_versus (const DynoComparison *comparison, guint entry)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < comparison->entries->len, NULL);

  /* Translators: the heading of a comparison's headline: an entry and the baseline it is
   * divided by, "gocryptfs vs plain (baseline)" */
  return g_strdup_printf (_("%s vs %s (baseline)"), dyno_comparison_get_name (comparison, entry),
                          dyno_comparison_get_name (comparison,
                                                    dyno_comparison_get_baseline (comparison)));
}

static void
append_item (GString *line, const char *item)
{
  if (line->len > 0)
    /* Translators: between the items of a comparison's headline */
    g_string_append (line, C_("headline", ", "));
  g_string_append (line, item);
}

char **
dyno_comparison_describe_headline (const DynoComparison *comparison, guint entry)
{
  /* Not a copy: a headline per entry of 10,000 would copy the list 10,000 times. */
  const GPtrArray *phases = comparison->phases;
  g_autoptr (GStrvBuilder) lines = g_strv_builder_new ();
  g_autofree char *margin = NULL;
  guint baseline;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < comparison->entries->len, NULL);
  baseline = dyno_comparison_get_baseline (comparison);
  margin = dyno_compare_format_margin (comparison->equivalence);
  for (guint i = 0; i < phases->len && entry != baseline;)
    {
      const DynoPhaseGroup *group = ((const DynoPhase *) g_ptr_array_index (phases, i))->kind
                                        ->group;
      g_autoptr (GString) line = g_string_new (NULL);
      g_autoptr (GString) equivalent = g_string_new (NULL);
      g_autoptr (GString) single = g_string_new (NULL);

      /* The gaps and the open questions one by one; the phases that show no difference
       * larger than the margin together, once. */
      for (; i < phases->len; i++)
        {
          const DynoPhase *phase = g_ptr_array_index (phases, i);
          const char *title = dyno_phase_get_title (phase);
          g_autofree char *ratio = NULL;
          g_autofree char *item = NULL;
          DynoCompareCell cell;

          if (phase->kind->group != group)
            break;
          dyno_comparison_get_cell (comparison, entry, phase, &cell);
          ratio = dyno_compare_format_ratio (cell.ratio);
          switch (dyno_compare_cell_get_verdict (&cell))
            {
            case DYNO_VERDICT_SLOWER:
            case DYNO_VERDICT_FASTER:
              {
                g_autofree char *change = dyno_compare_format_change (cell.ratio);

                /* Translators: a phase, its ratio to the baseline and the change in percent,
                 * in a comparison's headline: "Block write ×0.19 (−81 %)" */
                item = g_strdup_printf (_("%s %s (%s %%)"), title, ratio, change);
                append_item (line, item);
              }
              break;
            case DYNO_VERDICT_EQUIVALENT:
              append_item (equivalent, title);
              break;
            case DYNO_VERDICT_INCONCLUSIVE:
              {
                g_autofree char *low = dyno_compare_format_change (cell.ratio_low);
                g_autofree char *high = dyno_compare_format_change (cell.ratio_high);

                /* Translators: in a comparison's headline, a phase whose 95 % interval holds
                 * both no change and changes larger than the equivalence margin: "Rewrite:
                 * inconclusive (−89 to +15 %)" */
                item = g_strdup_printf (_("%s: inconclusive (%s to %s %%)"), title, low, high);
                append_item (line, item);
              }
              break;
            case DYNO_VERDICT_NONE:
            default:
              if (cell.difference == DYNO_DIFFERENCE_SINGLE_SAMPLE)
                {
                  /* Translators: a phase and its ratio to the baseline: "Block write ×0.19" */
                  item = g_strdup_printf (C_("headline", "%s %s"), title, ratio);
                  append_item (single, item);
                }
              /* Else too fast, failed, or not run on a side: nothing to say. */
              break;
            }
        }
      if (equivalent->len > 0)
        {
          /* Translators: in a comparison's headline, phases whose 95 % intervals lie inside
           * the equivalence margin (the second %s): "Block read: no difference larger than
           * 5 %", "Block write, Rewrite: no difference larger than 5 %" */
          g_autofree char *item = g_strdup_printf (_("%s: no difference larger than %s %%"),
                                                   equivalent->str, margin);

          append_item (line, item);
        }
      if (single->len > 0)
        {
          /* Translators: in a comparison's headline, phases with their ratios measured once on
           * a side: "Block write ×0.19, Rewrite ×0.52 (single runs: cannot tell)" */
          g_autofree char *item = g_strdup_printf (_("%s (single runs: cannot tell)"),
                                                   single->str);

          append_item (line, item);
        }
      if (line->len > 0)
        g_strv_builder_add (lines, line->str);
    }
  return g_strv_builder_end (lines);
}

const char *
dyno_difference_to_string (DynoDifference difference)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_DIFFERENCE, difference);

  return nick != NULL ? nick : dyno_enum_to_nick (DYNO_TYPE_DIFFERENCE, DYNO_DIFFERENCE_UNKNOWN);
}

static gboolean
result_is_ours (DynoResult *result)
{
  const char *tool = dyno_result_get_tool (result);

  return dyno_result_get_source (result) == NULL
         && (tool == NULL || g_str_has_prefix (tool, "dyno"));
}

/* "a, b and c", or "a, b, c" where the language has no such list; unique, in order. */
static char *
join_unique (GPtrArray *items)
{
  g_autoptr (GPtrArray) unique = g_ptr_array_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    if (g_hash_table_add (seen, g_ptr_array_index (items, i)))
      g_ptr_array_add (unique, g_ptr_array_index (items, i));
  for (guint i = 0; i < unique->len; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, g_ptr_array_index (unique, i));
    }
  return g_string_free (out, FALSE);
}

char *
dyno_comparison_describe_source (const DynoComparison *comparison)
{
  g_autoptr (GPtrArray) hosts = g_ptr_array_new ();
  g_autoptr (GPtrArray) tools = g_ptr_array_new ();
  g_autofree char *host_list = NULL;
  g_autofree char *tool_list = NULL;
  guint ours = 0;

  g_return_val_if_fail (comparison != NULL, NULL);

  for (guint i = 0; i < comparison->entries->len; i++)
    {
      const Entry *entry = get_entry (comparison, i);
      DynoResult *result = entry->result;
      const DynoTargetResult *target = dyno_result_get_target (result, entry->target);
      /* A remote target's machine is its own, not the result's. */
      const DynoSystemInfo *system = target->system != NULL ? target->system
                                                            : dyno_result_get_system (result);
      const char *tool = dyno_result_get_tool (result);

      if (result_is_ours (result))
        {
          ours++;
          if (system != NULL && system->hostname != NULL && *system->hostname != '\0')
            g_ptr_array_add (hosts, system->hostname);
        }
      else
        g_ptr_array_add (tools, (gpointer) (tool != NULL && *tool != '\0' ? tool : "?"));
    }

  /* A figure Bonnie measured was not measured with Dyno: the line says who measured what. */
  host_list = join_unique (hosts);
  tool_list = join_unique (tools);
  if (tools->len == 0)
    {
      if (hosts->len == 0)
        /* Translators: the source line of a comparison; %s is Dyno's version */
        return g_strdup_printf (_("Measured with Dyno %s"), PACKAGE_VERSION);
      /* Translators: the source line of a comparison; %s is Dyno's version, then host names */
      return g_strdup_printf (_("Measured with Dyno %s on %s"), PACKAGE_VERSION, host_list);
    }
  if (ours == 0)
    /* Translators: the source line of a comparison of imported results; the first %s is the
     * tools that measured ("Bonnie, bonnie++ 1.98"), the second Dyno's version */
    return g_strdup_printf (_("Measured with %s; compared with Dyno %s"), tool_list,
                            PACKAGE_VERSION);
  if (hosts->len == 0)
    /* Translators: the source line of a comparison of Dyno runs with imported ones; the first
     * %s is Dyno's version, the second the tools that measured the others */
    return g_strdup_printf (_("Measured with Dyno %s and with %s"), PACKAGE_VERSION, tool_list);
  /* Translators: the source line of a comparison of Dyno runs (on the hosts named by the second
   * %s) with imported ones (measured with the tools named by the third) */
  return g_strdup_printf (_("Measured with Dyno %s on %s and with %s"), PACKAGE_VERSION,
                          host_list, tool_list);
}

DynoTargetResult *
dyno_comparison_get_target_result (const DynoComparison *comparison, guint entry)
{
  const Entry *e;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (entry < comparison->entries->len, NULL);

  e = get_entry (comparison, entry);
  return dyno_result_get_target (e->result, e->target);
}

guint64
dyno_comparison_get_data_size (const DynoComparison *comparison, guint entry)
{
  const DynoTargetResult *target;

  g_return_val_if_fail (comparison != NULL, 0);
  g_return_val_if_fail (entry < comparison->entries->len, 0);

  target = dyno_comparison_get_target_result (comparison, entry);
  if (target != NULL && target->sizing.size > 0)
    return target->sizing.size;
  return dyno_result_get_config (dyno_comparison_get_result (comparison, entry))->size;
}

gboolean
dyno_comparison_get_price (const DynoComparison *comparison,
                           guint                 entry,
                           double               *amount,
                           const char          **currency)
{
  const DynoTargetResult *target;

  g_return_val_if_fail (comparison != NULL, FALSE);
  g_return_val_if_fail (entry < comparison->entries->len, FALSE);

  target = dyno_comparison_get_target_result (comparison, entry);
  if (target == NULL || !dyno_target_result_has_price (target))
    return FALSE;
  if (amount != NULL)
    *amount = target->price_amount;
  if (currency != NULL)
    *currency = target->price_currency;
  return TRUE;
}
