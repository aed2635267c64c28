/* dyno-compare.h: several runs side by side, with ratios against a baseline
 *
 * An entry is one target of one result (a session with two targets gives two entries). The
 * comparison answers, per entry and phase: the figure, its spread, the ratio to the baseline
 * and whether the difference is larger than the noise the repeats show.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-rate-unit.h"
#include "dyno-result.h"

G_BEGIN_DECLS

/* The nicks are a cell's "difference" in compare's JSON (DYNO_TYPE_DIFFERENCE,
 * dyno-formats-enums.h). */
typedef enum
{
  /* this entry is the baseline */
  DYNO_DIFFERENCE_BASELINE,      /*< nick=baseline >*/
  /* the 95 % intervals of both do not explain the gap */
  DYNO_DIFFERENCE_SIGNIFICANT,   /*< nick=significant >*/
  /* the gap is within the repeats' 95 % intervals */
  DYNO_DIFFERENCE_WITHIN_NOISE,  /*< nick=within-noise >*/
  /* one run on either side: no way to tell noise from signal */
  DYNO_DIFFERENCE_SINGLE_SAMPLE, /*< nick=single-sample >*/
  /* a side is missing, too fast or unknown */
  DYNO_DIFFERENCE_UNKNOWN,       /*< nick=unknown >*/
} DynoDifference;

typedef struct
{
  gboolean present;    /* the entry ran this phase */
  gboolean too_fast;   /* every run was too fast: no figure to trust */
  double rate;         /* mean over the runs that were not too fast, B/s or ops/s; NAN */
  double rate_sd;      /* NAN with fewer than two runs */
  double rate_ci95;
  guint n;             /* runs behind the mean */
  double cpu_percent;  /* mean; NAN */
  double latency_p99;  /* seconds; NAN when unknown (imports) */
  double latency_max;
  double ratio;        /* rate / the baseline's rate; NAN when either is unknown. When paired,
                        * the geometric mean of the rounds' ratios, inside its interval. */
  double ratio_low;    /* its 95 % confidence interval; NAN with a single run on a side */
  double ratio_high;
  /* TRUE: the interval is from the rounds' pairs (dyno_stats_paired_ratio_ci95): both are
   * targets of one result, interleaved, and both ran the same repeats, at least two, each
   * with a figure. FALSE: from both sides' means and spreads (dyno_stats_ratio_ci95). */
  gboolean paired;
  DynoDifference difference; /* SIGNIFICANT when that interval leaves out 1 */
  double per_price;    /* rate / the entry's price: B/s or ops/s per currency unit, in the
                        * entry's own currency; NAN without a price or a rate */
  /* Why this entry's figure, or the baseline's, may come from a cache below the target that
   * Dyno could neither evict nor check (DynoPhaseRun.cache_doubt); NULL when none. Such a
   * cell's difference is UNKNOWN: no verdict, no headline, whatever its ratio. */
  const char *cache_doubt;
  /* The comparison's equivalence margin (dyno_comparison_get_equivalence), so that the cell's
   * verdict can be told from the cell alone. */
  double equivalence;
} DynoCompareCell;

/* "No difference larger than 5 %" unless the caller says otherwise. */
#define DYNO_COMPARE_DEFAULT_EQUIVALENCE 0.05

typedef struct _DynoComparison DynoComparison;

DynoComparison *dyno_comparison_new (void);
DynoComparison *dyno_comparison_ref (DynoComparison *comparison);
void            dyno_comparison_unref (DynoComparison *comparison);
/* Adds one target of a result (keeps a reference); returns the entry's index. */
guint           dyno_comparison_add (DynoComparison *comparison, DynoResult *result, guint target);
/* Adds every target of a result that measured something. */
void            dyno_comparison_add_result (DynoComparison *comparison, DynoResult *result);
guint           dyno_comparison_get_n_entries (const DynoComparison *comparison);
DynoResult     *dyno_comparison_get_result (const DynoComparison *comparison, guint entry);
guint           dyno_comparison_get_target (const DynoComparison *comparison, guint entry);
/* What a row is called: the result's label, else host and target, made unique ("FV", "NoFV") */
const char     *dyno_comparison_get_name (const DynoComparison *comparison, guint entry);
/* Every entry's name, in order, separated by ", " (a chart's default subtitle). */
char           *dyno_comparison_join_names (const DynoComparison *comparison);
void            dyno_comparison_set_name (DynoComparison *comparison, guint entry, const char *name);
/* Entries of sessions over several folders are named by their folder ("plain",
 * "encrypted"), after the session's name when the comparison has several sessions ("lap plain").
 * Folders of the same name keep the automatic name. The names become the caller's (set_name). */
void            dyno_comparison_name_by_folder (DynoComparison *comparison);
/* The entry the others are divided by: the one set, else the first entry neither encrypted
 * nor remote when some are (an encrypted folder given first is measured against the plain
 * one: "encrypted is 91 % slower", never "plain is 569 % faster"), else the first. */
guint           dyno_comparison_get_baseline (const DynoComparison *comparison);
void            dyno_comparison_set_baseline (DynoComparison *comparison, guint entry);
/* TRUE when the baseline was set by the caller (a person's choice), FALSE when automatic. */
gboolean        dyno_comparison_get_baseline_chosen (const DynoComparison *comparison);
/* The equivalence margin m (0.05: 5 %): an interval inside [1/(1 + m), 1 + m], where neither
 * side is more than m faster than the other, is "no difference larger than 5 %". Symmetric on
 * the log scale, so that the verdict does not depend on which side is the baseline. Between
 * 0.001 and 0.99; DYNO_COMPARE_DEFAULT_EQUIVALENCE until set. */
double          dyno_comparison_get_equivalence (const DynoComparison *comparison);
void            dyno_comparison_set_equivalence (DynoComparison *comparison, double margin);
/* The phases any entry ran (const DynoPhase *), in dyno_phase_compare order; free it. */
GPtrArray      *dyno_comparison_get_phases (const DynoComparison *comparison);
void            dyno_comparison_get_cell (const DynoComparison *comparison,
                                          guint                 entry,
                                          const DynoPhase      *phase,
                                          DynoCompareCell      *cell);
/* "×0.17", "×1.02 (no difference larger than 5 %)", "×0.9 (inconclusive)", "×1.1 (single
 * sample)": for tables and tooltips */
char           *dyno_comparison_describe_ratio (const DynoCompareCell *cell);
/* The answer first, translated: for each group of phases (Bonnie's Sequential Output, …) the
 * entry ran, one line of what its phases did against the baseline's, in catalogue order:
 * "Block write ×0.19 (−81 %), Rewrite ×0.55 (−45 %)" where the gap is more than noise,
 * "Block read: no measurable difference" where the 95 % intervals explain it, and
 * "Random seeks ×0.97 (single runs: cannot tell)" where a side ran once. Phases too fast or
 * unknown on a side are left out, and a group with nothing left has no line. Empty for the
 * baseline. Free with g_strfreev. */
char          **dyno_comparison_describe_headline (const DynoComparison *comparison, guint entry);
/* "gocryptfs vs plain (baseline)": the entry's name and the baseline's, over its headline. */
char           *dyno_comparison_describe_versus (const DynoComparison *comparison, guint entry);

/* What a paired run says of a phase: the entry against the baseline. The nicks are the
 * "verdict" of compare's JSON, where none is null (DYNO_TYPE_VERDICT). */
typedef enum
{
  /* the baseline itself, or no interval (a single run, a missing side, a figure that may come
   * from a cache) */
  DYNO_VERDICT_NONE,         /*< nick=none >*/
  /* the ratio's 95 % interval lies below 1 */
  DYNO_VERDICT_SLOWER,       /*< nick=slower >*/
  /* … above 1 */
  DYNO_VERDICT_FASTER,       /*< nick=faster >*/
  /* … holds 1 and lies inside the equivalence margin: no difference larger than it */
  DYNO_VERDICT_EQUIVALENT,   /*< nick=equivalent >*/
  /* … holds 1 and reaches past the margin: more repeats needed */
  DYNO_VERDICT_INCONCLUSIVE, /*< nick=inconclusive >*/
} DynoVerdict;

/* dyno-compare-verdict.c */
DynoVerdict dyno_compare_cell_get_verdict (const DynoCompareCell *cell);
/* The verdict of a ratio's 95 % interval [low, high] with the equivalence margin: the one rule
 * every text, table and chart uses. NONE when the interval is not finite and positive. */
DynoVerdict dyno_verdict_from_interval (double low, double high, double equivalence);
/* "slower", "faster", "equivalent", "inconclusive"; NULL for DYNO_VERDICT_NONE (JSON's null) */
const char *dyno_verdict_to_string (DynoVerdict verdict);
/* Translated: "38 % slower (31 to 44 %)", "5 % faster (2 to 9 %)", "no difference larger
 * than 5 % (−3 to +4 %)", "inconclusive: needs more repeats (−89 to +15 %)", "a single run on a
 * side: cannot tell"; NULL for the baseline. */
char       *dyno_compare_cell_describe_verdict (const DynoCompareCell *cell);
/* A change in percent with a real minus sign and the digits that matter: "−81", "+25", "+4.5",
 * "0". */
char       *dyno_compare_format_change (double ratio);
/* The margin as people write it: "5", "2.5". */
char       *dyno_compare_format_margin (double equivalence);

/* The typical change, the one answer first (dyno-compare-typical.c): the geometric mean of the
 * entry's ratios over the figures that matter for the question (the streams, per-char and
 * block, written and read, and the random reads: dyno_comparison_is_key_phase), with its 95 %
 * interval from each round's mean log ratio over those phases (paired: one session's rounds)
 * or from both sides' rounds (Welch). Phases with a figure on both sides only; when no key
 * phase has one, every phase that has. cell gets ratio, ratio_low/high, paired, n, difference
 * and equivalence (its verdict is dyno_compare_cell_get_verdict's); phases, when not NULL, the
 * phases used (const DynoPhase *, free it). FALSE for the baseline and when no phase has a
 * ratio (or only figures that may come from a cache). */
gboolean    dyno_comparison_get_typical (const DynoComparison *comparison,
                                         guint                 entry,
                                         DynoCompareCell      *cell,
                                         GPtrArray           **phases);
/* Whether the phase is one of those the typical change is made of. */
gboolean    dyno_comparison_is_key_phase (const DynoPhase *phase);
/* Translated, one sentence: "gocryptfs is typically 62 % slower than plain (55 to 68 %): the
 * geometric mean of block write, block read, per-char write, per-char read and random seeks.";
 * NULL when dyno_comparison_get_typical says FALSE. */
char       *dyno_comparison_describe_typical (const DynoComparison *comparison, guint entry);

/* dyno-compare-paired.c: a paired run's answer. The summary, translated: "Encrypted is 38 %
 * slower at block write; no measurable difference at block read; it costs 2.3 ± 0.1
 * CPU-seconds per GB more in Dyno's threads and gocryptfs (gocryptfs: 2.2 of them)." The CPU
 * sentence is of the I/O path and only says more or less when the difference's 95 % interval
 * leaves out zero; the whole machine's figure follows, labelled, on the same condition.
 * NULL for the baseline. */
char       *dyno_comparison_describe_summary (const DynoComparison *comparison, guint entry);
/* The summary's CPU sentence alone, as a sentence: "It costs 2.3 ± 0.1 CPU-seconds per GB more
 * in Dyno's threads and gocryptfs (gocryptfs: 2.2 of them)."; NULL for the baseline and when
 * there is nothing to say (no CPU figures, or a difference below a tenth of a CPU-second). */
char       *dyno_comparison_describe_cpu (const DynoComparison *comparison, guint entry);
/* For each entry but the baseline: "encrypted vs plain", the summary, and a table of every
 * phase (both figures, ratio, its 95 % interval, verdict); then CPU per GB for each entry. */
char       *dyno_comparison_format_paired (const DynoComparison *comparison, DynoRateUnit unit);
/* How the paired text's intervals were made and the outlier rule, as it closes with them:
 * "Ratios are the geometric mean of the 3 rounds' ratios …\nNo run is dropped …\n". */
char       *dyno_comparison_describe_method (const DynoComparison *comparison);
/* CPU-seconds per 10^9 bytes over the entry's phases in B/s, as the paired text's lines give
 * them: Dyno's I/O threads, the FUSE daemon (NAN without one) and the whole machine (NAN when
 * unknown). FALSE, with own NAN, when no such phase moved a byte with its CPU known. */
gboolean    dyno_comparison_get_cpu_per_gb (const DynoComparison *comparison,
                                            guint                 entry,
                                            double               *own,
                                            double               *helper,
                                            double               *machine);

/* The nicks are dyno-cli compare's --format (DYNO_TYPE_COMPARE_FORMAT). */
typedef enum
{
  /* Bonnie-style table, one row per entry, a ratio row each */
  DYNO_COMPARE_FORMAT_TEXT,     /*< nick=text >*/
  DYNO_COMPARE_FORMAT_MARKDOWN, /*< nick=md >*/
  /* bonnie++ 1.98 CSV, one line per entry (bon_csv2html reads it) */
  DYNO_COMPARE_FORMAT_CSV,      /*< nick=csv >*/
  /* a standalone table with units, ratios and noise marks */
  DYNO_COMPARE_FORMAT_HTML,     /*< nick=html >*/
  /* the cells, machine-readable */
  DYNO_COMPARE_FORMAT_JSON,     /*< nick=json >*/
} DynoCompareFormat;

char     *dyno_comparison_format (const DynoComparison *comparison,
                                  DynoCompareFormat     format,
                                  DynoRateUnit          unit);
gboolean  dyno_compare_format_from_string (const char *text, DynoCompareFormat *out);

/* ---- additions for the CLI, the charts and the formats -------------------------------- */

/* The entry called text (exactly, then ignoring case), else the 1-based index text gives. */
gboolean  dyno_comparison_find_entry (const DynoComparison *comparison,
                                      const char           *text,
                                      guint                *out_entry);
/* The target result an entry stands for, and one of its phases (NULL when it did not run). */
DynoTargetResult      *dyno_comparison_get_target_result (const DynoComparison *comparison,
                                                          guint                 entry);
const DynoPhaseResult *dyno_comparison_get_phase_result (const DynoComparison *comparison,
                                                         guint                 entry,
                                                         const DynoPhase      *phase);
/* "Measured with Dyno 0.1.0 on lap, srv", "Measured with Bonnie; compared with Dyno 0.1.0":
 * the source line under a table or chart, naming whoever really measured. */
char     *dyno_comparison_describe_source (const DynoComparison *comparison);
/* "×0.17", "×12.5", "×0.012"; "—" for NAN. No noise words: see describe_ratio for those. */
char     *dyno_compare_format_ratio (double ratio);
/* Bytes of the data file the entry's target used: its sizing's (what it really wrote), else
 * the configuration's (imports, older files); 0 when unknown. */
guint64   dyno_comparison_get_data_size (const DynoComparison *comparison, guint entry);
/* Translated, when the entry's data file and the baseline's differ (two separate runs, or a
 * file from before paired targets shared their sizes): "The targets did different work: a
 * 2.7 GiB data file for plain, 320.7 MiB for enc."; NULL when they did the same. */
char     *dyno_comparison_describe_work (const DynoComparison *comparison, guint entry);
/* The entry's price (dyno-cli run --price): TRUE with the amount and its currency ("USD",
 * owned by the result); FALSE when none was given (imports, older files). */
gboolean  dyno_comparison_get_price (const DynoComparison *comparison,
                                     guint                 entry,
                                     double               *amount,
                                     const char          **currency);
/* "baseline", "significant", "within-noise", "single-sample", "unknown": for JSON, untranslated */
const char *dyno_difference_to_string (DynoDifference difference);
/* "text", "md", "csv", "html", "json" */
const char *dyno_compare_format_to_string (DynoCompareFormat format);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoComparison, dyno_comparison_unref)

G_END_DECLS
