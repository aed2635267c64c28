/* dyno-phase.h: the kinds of phase Dyno knows, and phases as kinds with parameters
 *
 * A phase kind is one test ("write": Bonnie's block write; "rnd-read": random reads of a block
 * size at a queue depth). Each kind describes itself once, in its file under kinds/
 * (dyno-phase-kind.h): its nick (stable, in result files and settings), titles, blurb, unit,
 * group, chart name and colour, flags (which also say where the text report puts it), the
 * parameters its phases carry and its workload hooks. The catalogue is those files' kinds in
 * the order of the list in src/meson.build, from which a registry is generated; it is in the
 * model, so that every program that reads results knows every kind without running anything.
 * Nothing outside a kind's file switches over kinds: code asks a kind what it is. The
 * catalogue describes what can be in a result, including phases only imports produce; how a
 * kind is run lives in src/bench (dyno-phase-ops.h).
 *
 * A phase is a kind plus its parameters ("rnd-read:4k:q32:t1"). Phases are interned: one
 * immutable DynoPhase per key for the life of the process, so a pointer identifies a phase,
 * two phases are equal when their pointers are, and results, comparisons and charts match the
 * phases of different runs by pointer. Bonnie's twelve kinds take no parameters: their key is
 * their nick ("write").
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The nicks are a result file's "unit" of a phase (dyno-model-enums.h: DYNO_TYPE_UNIT). */
typedef enum
{
  DYNO_UNIT_BYTES, /*< nick=B/s >*/   /* rates in B/s */
  DYNO_UNIT_OPS,   /*< nick=ops/s >*/ /* rates in ops/s (seeks, files, IOPS) */
} DynoUnit;

typedef enum /*< skip >*/
{
  DYNO_PHASE_WRITES_DATA = 1 << 0, /* leaves the data file written (putc, write) */
  DYNO_PHASE_READS_DATA = 1 << 1,  /* needs the data file, evicted from the cache first */
  DYNO_PHASE_PER_CHAR = 1 << 2,    /* a byte per call: never O_DIRECT, much slower than blocks */
  DYNO_PHASE_FILE_TEST = 1 << 3,   /* a step of bonnie++'s create, stat, delete series */
  DYNO_PHASE_REPEATABLE = 1 << 4,  /* leaves its data as it found it: may make several passes */
  DYNO_PHASE_BONNIE = 1 << 5,      /* one of Bonnie's and bonnie++'s twelve: has their columns */
  DYNO_PHASE_QUEUED = 1 << 6,      /* keeps Q I/Os in flight on each of T threads */
  DYNO_PHASE_HEADLINE = 1 << 7,    /* a figure a run leads with (the list of runs) */
} DynoPhaseFlags;

/* Where the text report (src/formats) puts a kind follows from its flags: DYNO_PHASE_BONNIE
 * makes it a column of Bonnie's table of the data file, with DYNO_PHASE_FILE_TEST of its file
 * tests' table, under its group's banner and its short title; DYNO_PHASE_QUEUED a row of
 * CrystalDiskMark's layout; a kind with none of them gets a section of its own, a row per
 * phase with its title, rate and %CPU. */

/* The parameters a kind's phases carry. */
typedef enum /*< skip >*/
{
  DYNO_PHASE_PARAM_BLOCK = 1 << 0,        /* bytes per I/O */
  DYNO_PHASE_PARAM_QUEUE_DEPTH = 1 << 1,  /* I/Os in flight per thread */
  DYNO_PHASE_PARAM_THREADS = 1 << 2,      /* threads */
  DYNO_PHASE_PARAM_READ_PERCENT = 1 << 3, /* share of reads in a mix */
} DynoPhaseParamSet;

typedef struct
{
  guint64 block_size;
  guint queue_depth;
  guint threads;
  guint read_percent;
} DynoPhaseParams;

/* Columns that belong together: Bonnie's "Sequential Output", CrystalDiskMark's [Read]. */
typedef struct
{
  const char *nick;        /* "seq-output" */
  const char *title;       /* untranslated: dyno_phase_group_get_title translates */
  const char *short_title; /* for narrow tables: "Seq Output" */
} DynoPhaseGroup;

typedef struct _DynoPhaseKind DynoPhaseKind;
/* What a kind decides of a run's workload (dyno-phase-kind.h). */
typedef struct _DynoPhaseWorkload DynoPhaseWorkload;

/* Kinds a build may know, for tables indexed by dyno_phase_kind_get_index (). */
#define DYNO_PHASE_MAX_KINDS 64

struct _DynoPhaseKind
{
  const char *nick;           /* "write", "rnd-read" */
  const char *title;          /* untranslated, e.g. N_("Block write") */
  const char *short_title;    /* untranslated column title under the group: N_("Block") */
  /* Untranslated: its column in Bonnie-style text tables where bonnie++ prints another word
   * than the short title the app and charts use ("Read" for a stat phase, whose short title
   * is "Stat"); NULL: the short title */
  const char *table_title;
  const DynoPhaseGroup *group;
  DynoUnit unit;
  DynoPhaseFlags flags;
  DynoPhaseParamSet params;   /* which parameters its phases carry */
  DynoPhaseParams defaults;   /* for those parameters */
  const char *pattern;        /* "seq" or "rnd" for queued kinds; NULL */
  const char *op;             /* "read", "write" or "mix" for queued kinds; NULL */
  /* The kind's own options, as a fio engine declares its own (dyno-option.h): the CLI, the
   * result file, the settings and validation find them here; NULL: none */
  const struct _DynoOptionSet *options;
  /* What it says of itself to people */
  const char *blurb;          /* untranslated: one sentence, what it does and measures */
  const char *chart_name;     /* untranslated, context "chart phase": its name over a chart
                               * where room is short; NULL: its short title */
  guint color;                /* its colour slot (src/render/dyno-chart-style.c): a kind's own */
  const DynoPhaseWorkload *workload; /* NULL: nothing of its own to size or describe */
};

typedef struct
{
  const DynoPhaseKind *kind;
  DynoPhaseParams params;     /* 0 for the parameters the kind does not take */
  const char *key;            /* "write", "rnd-read:4k:q32:t1": canonical, interned */
} DynoPhase;

/* The catalogue, in display and execution order. */
const DynoPhaseKind *const *dyno_phase_kinds (guint *n_kinds);
const DynoPhaseKind        *dyno_phase_kind_lookup (const char *nick);
const char                 *dyno_phase_kind_get_title (const DynoPhaseKind *kind);
const char                 *dyno_phase_kind_get_short_title (const DynoPhaseKind *kind);
/* Translated: its blurb; "" when it has none. */
const char                 *dyno_phase_kind_get_blurb (const DynoPhaseKind *kind);
/* Translated: its name over a chart where room is short ("Per-char write", "RND"). */
const char                 *dyno_phase_kind_get_chart_name (const DynoPhaseKind *kind);
/* Its place in the catalogue, from 0: for orders, colours and arrays. */
guint                       dyno_phase_kind_get_index (const DynoPhaseKind *kind);

/* Groups in catalogue order (of the first kind of each). */
const DynoPhaseGroup *const *dyno_phase_groups (guint *n_groups);
const char                 *dyno_phase_group_get_title (const DynoPhaseGroup *group);
const char                 *dyno_phase_group_get_short_title (const DynoPhaseGroup *group);

/* The phase of a key ("write", "rnd-read:4k:q32:t1", "RND-READ:4K:Q32"; parameters in any
 * order, missing ones take the kind's defaults); NULL with an error naming the key. */
const DynoPhase *dyno_phase_parse (const char *key, GError **error);
/* The same, NULL without an error: for keys from files that were checked already. */
const DynoPhase *dyno_phase_lookup (const char *key);
/* The phase of a kind with these parameters (NULL: the kind's defaults); never NULL. */
const DynoPhase *dyno_phase_get (const DynoPhaseKind *kind, const DynoPhaseParams *params);

const char *dyno_phase_get_key (const DynoPhase *phase);
/* Translated. "Block write"; "Random read 4 KiB Q32 T1" for a phase with parameters. */
const char *dyno_phase_get_title (const DynoPhase *phase);
/* Translated column title: "Block"; "RND4K Q32T1" (CrystalDiskMark's name for it). */
const char *dyno_phase_get_short_title (const DynoPhase *phase);
DynoUnit    dyno_phase_get_unit (const DynoPhase *phase);
gboolean    dyno_phase_has_flag (const DynoPhase *phase, DynoPhaseFlags flag);
/* Catalogue order, then parameters: for sorting phases of several runs into one order. */
int         dyno_phase_compare (const DynoPhase *a, const DynoPhase *b);

/* Translated: its name over a chart where room is short: its kind's chart name, with the
 * parameters of a phase that has them ("RND4K Q32T1"). */
const char *dyno_phase_get_chart_name (const DynoPhase *phase);

/* The phases of the kinds with DYNO_PHASE_BONNIE, in catalogue order, which is Bonnie's column
 * order: the view of Bonnie's table the report, the charts and the setup page share. */
const DynoPhase *const *dyno_phase_bonnie (guint *n_phases);

/* "all" and the groups dyno-cli's --tests takes ("io", "block", "char", "files", "create",
 * "stat", "delete"), and every kind nick: the phases they stand for, in catalogue order, or
 * NULL when the name is none of those. */
GPtrArray *dyno_phase_expand_name (const char *name);
/* "putc, write, …, all, io, …" for an error message. */
char      *dyno_phase_describe_names (void);

G_END_DECLS
