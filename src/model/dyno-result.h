/* dyno-result.h: what a run measured, per target and phase, with its samples
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dyno-config.h"
#include "dyno-phase.h"
#include "dyno-stats.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

#define DYNO_RESULT_FORMAT "dyno-result"
#define DYNO_RESULT_VERSION 1
/* Phases one target may hold (a reader refuses more): Bonnie's twelve and many queued tests. */
#define DYNO_MAX_PHASES 256

/* Seconds; NAN when unknown (e.g. imported from bonnie++, which keeps only the max). */
typedef struct
{
  guint64 count;
  double mean;
  double p50;
  double p90;
  double p99;
  double p999;
  double max;
} DynoLatency;

/* A layer below a target that held a copy of the data a phase reads: the cipher file under a
 * gocryptfs folder, an overlay's upper file, the image behind a loop device. Dyno evicts it
 * before the phase, as it evicts the file itself, and measures what stayed in RAM. */
#define DYNO_MAX_CACHE_LAYERS 6
typedef struct
{
  const char *kind;  /* interned: "gocryptfs", "overlay", "loop" */
  const char *path;  /* interned: the backing file that was evicted */
  double resident;   /* fraction of it in RAM after eviction, as the phase began; NAN unknown */
} DynoCacheLayer;

/* One execution of one phase (one repeat). */
typedef struct
{
  guint repeat;
  guint64 amount;        /* bytes or operations done; 0 when unknown */
  double elapsed;        /* seconds, flush included; NAN when unknown */
  double flush_seconds;  /* the fsync/syncfs part of elapsed */
  double cpu_seconds;    /* user+sys of the threads that did the I/O; NAN when unknown */
  double cpu_percent;    /* Bonnie's %CPU: cpu_seconds / elapsed × 100 */
  double rate;           /* B/s or ops/s, as measured (even when too_fast); NAN when unknown */
  DynoLatency latency;
  gboolean too_fast;     /* elapsed < DYNO_TOO_FAST_SECONDS: bonnie++'s "+++++" */
  double cache_resident; /* fraction of the data file in RAM as the phase began; NAN n/a */
  guint n_below;         /* layers below the target evicted before the phase, outermost first */
  DynoCacheLayer below[DYNO_MAX_CACHE_LAYERS];
  /* Interned, translated: why the figure may come from a cache Dyno could neither evict nor
   * check ("the server of this NFS share may hold it in its cache"); NULL when every layer
   * below was evicted or there was none. Such a figure is shown marked and decides no verdict. */
  const char *cache_doubt;
  DynoCpuSplit system_cpu;
  guint threads;
  guint passes;          /* over the same data, to last the phase time; 1 for one pass */
  double started;        /* seconds from the start of the run to the start of this one: the
                          * order in which targets and repeats ran; NAN when unknown */
  /* Queued phases (and imports of CrystalDiskMark, KDiskMark, fio) */
  guint64 ios;           /* I/Os completed; 0 when unknown */
  double iops;           /* ios / elapsed, or as a peer reported it; NAN when unknown */
  double machine_cpu_seconds; /* busy time of all CPUs, kernel threads (a dm-crypt or FUSE
                               * daemon's work) included; NAN when unknown */
  double helper_cpu_seconds;  /* of the target's FUSE daemon (DynoTargetInfo.helper); NAN */
  const char *engine;    /* interned: "io_uring", "threads" (pread/pwrite), "fio libaio"; NULL */
  int direct;            /* 1: O_DIRECT, 0: through the page cache, -1: unknown */
} DynoPhaseRun;

typedef struct
{
  const DynoPhase *phase;
  GArray *runs;          /* DynoPhaseRun, one per repeat */
  DynoStats rate;        /* over runs */
  DynoStats cpu_percent; /* over runs */
  DynoStats iops;        /* over runs; n == 0 for phases that count no I/Os */
  DynoLatency latency;   /* over all operations of all runs */
  gboolean too_fast;     /* any run was too fast */
  const char *cache_doubt; /* the first run's cache_doubt of any run that has one; NULL */
  guint best_of;         /* the figure is the best of this many runs, the others not kept
                          * (CrystalDiskMark's way); 0: every run is kept */
  char *note;            /* "buffered: per-char I/O cannot use O_DIRECT" */
  /* The precision the figure aimed at and what it reached (dyno_phase_result_judge_precision):
   * the 95 % interval's half-width as a fraction of the mean. */
  double precision_target;  /* NAN when none was set (imports, older files) */
  double precision_reached; /* NAN with fewer than two runs behind the mean */
  int precision_met;        /* 1 met, 0 not met, -1 not judged */
  char *precision_reason;   /* translated: why it was not met; NULL */
} DynoPhaseResult;

/* A live measurement, about every 100 ms while a phase runs. */
typedef struct
{
  double t;           /* seconds since the run started */
  double phase_t;     /* seconds since this phase started */
  guint target;
  guint repeat;
  const DynoPhase *phase;
  guint64 done;       /* bytes or operations so far in this phase */
  double rate;        /* B/s or ops/s over the last interval */
  double process_cpu; /* % of one CPU used by the I/O threads over the last interval */
  DynoCpuSplit system_cpu;
  double progress;    /* fraction of this phase, 0..1 */
} DynoSample;

/* How a target sized its run: what was chosen and why (the sizes a phase time calls for). */
typedef struct
{
  gboolean calibrated;       /* a calibration ran; the figures below it are known */
  double write_rate;         /* B/s of the block-write calibration; NAN */
  double per_char_rate;      /* B/s of the per-char calibration; NAN */
  double create_rate;        /* files/s of the create calibration; NAN */
  double seconds;            /* the calibrations took this long, untimed for the figures */
  guint64 size;              /* bytes of the data file; 0 when no phase used one */
  guint64 per_char_size;     /* bytes the per-char phases moved */
  guint64 files;             /* files per file-test series */
  /* What kinds with a sizing hook chose for themselves (dyno-phase-kind.h): operations per
   * pass, by dyno_phase_kind_get_index (); 0: as many as the phase time held */
  guint64 counts[DYNO_PHASE_MAX_KINDS];
  char *reason;              /* translated: "calibrated: 1.4 GB/s × 3 s, capped by free space" */
  /* The free space held the data file below what block writes need to last
   * DYNO_SPACE_SHORT_SECONDS: its figures are too fast to trust, for want of room, not of a
   * larger size the person could give. */
  gboolean space_short;
} DynoSizing;

/* The sizes one target's run does: the configuration's, or what a calibration chose; in a run
 * of several targets, one workload for all of them (dyno_calibrate_common), also for targets
 * on other machines, which get it over their stream (dyno-stream.h). */
typedef struct
{
  guint64 io_size;       /* bytes of the data file, whole chunks */
  guint64 per_char_size; /* bytes the per-char phases move */
  guint64 files_total;   /* files per file-test series */
  guint64 files_cap;     /* names a timed create may use; 0: it makes files_total */
  /* What each selected kind's sizing hook chose (dyno-phase-kind.h), by
   * dyno_phase_kind_get_index (): operations per pass; 0: as many as the phase time holds */
  guint64 counts[DYNO_PHASE_MAX_KINDS];
  gboolean space_short; /* as DynoSizing's: the least free space made io_size too small */
} DynoWorkload;

typedef struct
{
  DynoTargetInfo *info;
  DynoSizing sizing;
  GPtrArray *phases;   /* DynoPhaseResult*, in execution order */
  GArray *samples;     /* DynoSample */
  GPtrArray *notes;    /* char*, translated: what the figures mean ("still honest because…") */
  GPtrArray *warnings; /* char*, translated: what may make them wrong, or what was done */
  gint64 started_at;   /* unix µs */
  double elapsed;      /* seconds for the whole target */
  /* Set when the target failed; the phases before the failure are kept. */
  char *error_message;
  int error_code;      /* DynoError */
  const DynoPhase *error_phase; /* NULL outside a phase */
  /* The scratch folder the run could not remove (its full path), for the front end to list
   * and offer to remove later (dyno-leftovers.h); NULL when it went. Never stored. */
  char *scratch_left;
  /* What the target cost, if the user said (dyno-cli run --price): amount > 0 in
   * price_currency, an ISO 4217 code ("USD"); NAN and NULL when not given. */
  double price_amount;
  char *price_currency;
  /* For figures per data spindle (dyno-array.h): what one member drive does alone, bytes/s,
   * for reads and for writes (dyno-cli run --reference, the app's Reference rate), NAN when
   * not given; and the data spindles the person gave (--per-spindle), which override the
   * array's (info->array), 0 when not given. */
  double reference_read;
  double reference_write;
  guint spindles_read;
  guint spindles_write;
  /* A target that another machine's dyno-cli measured over SSH, in a run with targets of
   * other machines (its rounds interleaved with theirs, docs/remote.md): that machine,
   * "user@host", and its system; NULL for a target of the machine the result's `system`
   * describes (and in a result of one remote machine, whose `remote` says it). */
  char *remote;
  DynoSystemInfo *system;
} DynoTargetResult;

DynoPhaseRun    *dyno_phase_run_init (DynoPhaseRun *run);
DynoPhaseResult *dyno_phase_result_new (const DynoPhase *phase);
void             dyno_phase_result_free (DynoPhaseResult *result);
void             dyno_phase_result_add_run (DynoPhaseResult *result, const DynoPhaseRun *run);
/* Recompute rate/cpu_percent stats and too_fast from the runs (latency is left alone). */
void             dyno_phase_result_summarize (DynoPhaseResult *result);
const DynoPhaseRun *dyno_phase_result_get_run (const DynoPhaseResult *result, guint i);
/* Judges the figure against target (a fraction, > 0): sets precision_target, _reached and
 * _met. A figure that misses it gets why_not as its reason (translated, copied; NULL for the
 * default, which names the spread of the runs: "the runs varied ×6.7"). */
void             dyno_phase_result_judge_precision (DynoPhaseResult *result,
                                                    double           target,
                                                    const char      *why_not);
/* Translated: "the device's own runs varied ×6.7", or "a single run: no interval": the honest
 * answer where no number of repeats narrows the interval enough. */
char            *dyno_phase_result_describe_spread (const DynoPhaseResult *result);
/* The half-width of the figure's 95 % interval as a fraction of its mean; NAN with fewer than
 * two runs behind it. */
double           dyno_phase_result_get_precision (const DynoPhaseResult *result);
/* The figure to show: mean rate over the runs that were not too fast; NAN if none. */
double           dyno_phase_result_get_rate (const DynoPhaseResult *result);
/* CPU seconds per 10^9 bytes moved: of the I/O threads, or (machine) of the whole machine;
 * NAN when unknown. Over all runs of the phase. */
double           dyno_phase_result_cpu_per_gb (const DynoPhaseResult *result, gboolean machine);
double           dyno_phase_run_cpu_per_gb (const DynoPhaseRun *run, gboolean machine);

DynoTargetResult *dyno_target_result_new (DynoTargetInfo *info);
void              dyno_target_result_free (DynoTargetResult *result);
DynoPhaseResult  *dyno_target_result_get_phase (const DynoTargetResult *result,
                                                 const DynoPhase        *phase);
/* By key ("write"): for tests and for code that names one of Bonnie's phases. */
DynoPhaseResult  *dyno_target_result_find_phase (const DynoTargetResult *result, const char *key);
DynoPhaseResult  *dyno_target_result_ensure_phase (DynoTargetResult *result,
                                                   const DynoPhase  *phase);
gboolean          dyno_target_result_failed (const DynoTargetResult *result);
/* TRUE when the target has a price (amount and currency). */
gboolean          dyno_target_result_has_price (const DynoTargetResult *result);
/* Sets (or with currency NULL, clears) the price; FALSE and nothing set when it is not valid. */
gboolean          dyno_target_result_set_price (DynoTargetResult *result,
                                                double            amount,
                                                const char       *currency);

/* A price is an amount > 0, finite, and a currency of three letters A–Z ("USD"). */
gboolean dyno_price_is_valid (double amount, const char *currency);
gboolean dyno_price_currency_is_valid (const char *currency);

void dyno_latency_clear (DynoLatency *latency);
void dyno_sizing_clear (DynoSizing *sizing);
/* The count a kind's sizing hook chose (0: as many as the phase time held, or none). */
guint64 dyno_sizing_get_count (const DynoSizing *sizing, const DynoPhaseKind *kind);
void    dyno_sizing_set_count (DynoSizing *sizing, const DynoPhaseKind *kind, guint64 count);

#define DYNO_TYPE_RESULT (dyno_result_get_type ())
G_DECLARE_FINAL_TYPE (DynoResult, dyno_result, DYNO, RESULT, GObject)

DynoResult       *dyno_result_new (void);
const char       *dyno_result_get_id (DynoResult *self);
void              dyno_result_set_id (DynoResult *self, const char *id);
GDateTime        *dyno_result_get_created (DynoResult *self);
void              dyno_result_set_created (DynoResult *self, GDateTime *created);
const char       *dyno_result_get_label (DynoResult *self);
void              dyno_result_set_label (DynoResult *self, const char *label);
const char       *dyno_result_get_notes (DynoResult *self);
void              dyno_result_set_notes (DynoResult *self, const char *notes);
/* "dyno 0.1.0", "bonnie++ 1.03c", "Bonnie" */
const char       *dyno_result_get_tool (DynoResult *self);
void              dyno_result_set_tool (DynoResult *self, const char *tool);
/* Where an imported result came from: "bonnie++ 1.98 CSV, line 3 of run.csv"; NULL for our runs */
const char       *dyno_result_get_source (DynoResult *self);
void              dyno_result_set_source (DynoResult *self, const char *source);
/* "user@host" (or "host") of the machine a run over SSH measured; NULL for a local run. */
const char       *dyno_result_get_remote (DynoResult *self);
void              dyno_result_set_remote (DynoResult *self, const char *remote);
/* A run stopped before its end (Stop, Close, a signal) keeps the phases that had finished:
 * each with the runs it completed, the rest missing. Written as "stopped": true. */
gboolean          dyno_result_get_stopped (DynoResult *self);
void              dyno_result_set_stopped (DynoResult *self, gboolean stopped);
/* The file this result was loaded from or saved to, if any */
const char       *dyno_result_get_path (DynoResult *self);
void              dyno_result_set_path (DynoResult *self, const char *path);
const DynoConfig *dyno_result_get_config (DynoResult *self);
void              dyno_result_set_config (DynoResult *self, const DynoConfig *config);
const DynoSystemInfo *dyno_result_get_system (DynoResult *self);
void              dyno_result_set_system (DynoResult *self, DynoSystemInfo *system);
guint             dyno_result_get_n_targets (DynoResult *self);
DynoTargetResult *dyno_result_get_target (DynoResult *self, guint index);
/* Takes ownership. */
void              dyno_result_add_target (DynoResult *self, DynoTargetResult *target);
/* Puts target (owned by the result from now) at index, the targets after it moving on. */
void              dyno_result_insert_target (DynoResult       *self,
                                             guint             index,
                                             DynoTargetResult *target);
/* Takes target index out of the result; the caller owns it. */
DynoTargetResult *dyno_result_steal_target (DynoResult *self, guint index);
gboolean          dyno_result_has_failures (DynoResult *self);
/* What to call the run, and one of its targets, wherever they are named (the app, the CLI, the
 * charts' titles and legends, the comparisons): the label the person gave; else the folder
 * (its last part, or its whole path when another target of the run ends alike; the run: its
 * targets' folders); else the host it ran on; else "unnamed". A run of several targets with a
 * label names each "LABEL · FOLDER". */
char             *dyno_result_dup_name (DynoResult *self);
char             *dyno_result_dup_target_name (DynoResult *self, guint index);
/* The folder part of a target's name: its last part ("data"), or its whole path when another
 * target's ends alike; "data on nas" for a target measured over SSH (a remote target of a run
 * over several machines, DynoTargetResult.remote, or any of a run of one remote machine,
 * dyno_result_get_remote ()). NULL without a path. */
char             *dyno_result_dup_target_folder (DynoResult *self, guint index);
/* Its whole path, the same way: "/srv/data", or "/srv/data on nas". NULL without a path. */
char             *dyno_result_dup_target_path (DynoResult *self, guint index);
/* The machine that measured a target over SSH, as above: its host name (its system's, else
 * the host of its "user@host"); NULL for a target of the machine that ran the run. */
char             *dyno_result_dup_target_host (DynoResult *self, guint index);

/* JSON (dyno-result-json.c): {"format": "dyno-result", "version": 1, …} */
char       *dyno_result_to_json (DynoResult *self, gboolean pretty);
gboolean    dyno_result_save (DynoResult *self, const char *path, GError **error);
DynoResult *dyno_result_load (const char *path, GError **error);
DynoResult *dyno_result_load_from_data (const char *data, gsize length, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoPhaseResult, dyno_phase_result_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoTargetResult, dyno_target_result_free)

G_END_DECLS
