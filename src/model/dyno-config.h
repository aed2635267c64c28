/* dyno-config.h: what a run does (sizes, tests, cache policy), independent of its targets
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dyno-enum.h"
#include "dyno-phase.h"

G_BEGIN_DECLS

typedef enum
{
  DYNO_CACHE_EVICT,  /*< nick=evict >*/ /* fsync + POSIX_FADV_DONTNEED before every read phase, verified */
  DYNO_CACHE_DIRECT, /*< nick=direct >*/ /* O_DIRECT for block phases */
  DYNO_CACHE_DROP,   /*< nick=drop >*/ /* evict, plus drop_caches when root */
  DYNO_CACHE_NONE,   /*< nick=none >*/ /* leave the page cache alone (bonnie++'s behaviour) */
} DynoCachePolicy;

typedef enum
{
  DYNO_PER_CHAR_STDIO,   /*< nick=stdio >*/ /* putc()/getc(): Bonnie and bonnie++ 1.03 */
  DYNO_PER_CHAR_SYSCALL, /*< nick=syscall >*/ /* 1-byte write()/read(): bonnie++ 1.92 and later */
} DynoPerCharMode;

typedef enum
{
  DYNO_DATA_RANDOM, /*< nick=random >*/ /* incompressible, defeats compression and dedup */
  DYNO_DATA_ZEROS,  /*< nick=zeros >*/ /* bonnie++'s mostly-zero buffers */
} DynoDataPattern;

/* How queued phases keep their I/Os in flight. */
typedef enum
{
  DYNO_IO_ENGINE_AUTO,     /*< nick=auto >*/ /* io_uring where the OS has it, else threads */
  DYNO_IO_ENGINE_IO_URING, /*< nick=io_uring >*/ /* io_uring only: a run fails where it is missing */
  DYNO_IO_ENGINE_THREADS,  /*< nick=threads >*/ /* T × Q threads doing pread()/pwrite(), one I/O each */
} DynoIoEngine;

/* Each phase measures for at least this long (seconds): sizes are calibrated per target and
 * read-like phases make several passes. 0: one pass of the sizes as given, as Bonnie did. */
#define DYNO_DEFAULT_PHASE_TIME 3.0
#define DYNO_MAX_PHASE_TIME 3600.0
#define DYNO_DEFAULT_REPEAT 3

/* What a target calibrates for itself when phase_time > 0; the others are as given. Each flag
 * belongs to the option it sizes (DynoOption.auto_flag, dyno-option.h); a kind's own options
 * take theirs from DYNO_AUTO_KIND (n), declared with the kind. */
typedef enum
{
  DYNO_AUTO_SIZE = 1 << 0,     /* the data file, so that block write lasts phase_time */
  DYNO_AUTO_PER_CHAR = 1 << 1, /* the per-char bytes, from a per-char calibration of their own */
  DYNO_AUTO_REPEAT = 1 << 4,   /* repeats past `repeat` until every figure's 95 % interval is
                                * within `precision` of its mean, or `max_time` is spent */
} DynoAutoFlags;
#define DYNO_AUTO_KIND(n) ((DynoAutoFlags) (1u << (8 + (n))))
/* The sizes: every option's auto_flag; repeats are not a size (DYNO_AUTO_REPEAT is asked for
 * on its own). */
#define DYNO_AUTO_ALL (dyno_auto_flags_all ())
DynoAutoFlags dyno_auto_flags_all (void);

/* The precision a run aims at by default: each figure's 95 % interval within ±5 % of its
 * mean, within a time budget for the whole run (per target) that keeps a default run of
 * one target on a fast device inside 5 minutes. */
#define DYNO_DEFAULT_PRECISION 0.05
#define DYNO_DEFAULT_MAX_TIME 300.0
#define DYNO_MAX_MAX_TIME (7 * 24 * 3600.0)

#define DYNO_DEFAULT_SIZE (G_GUINT64_CONSTANT (1) << 30)
/* The queued phases' test file: CrystalDiskMark's default "1 GiB" */
#define DYNO_DEFAULT_QUEUE_SIZE (G_GUINT64_CONSTANT (1) << 30)
#define DYNO_QUEUE_SIZE_UNIT (G_GUINT64_CONSTANT (64) << 10)
/* The threads engine runs one thread per I/O in flight: T × Q at most this. */
#define DYNO_MAX_IO_THREADS 1024
#define DYNO_MAX_INTERVAL 600.0
#define DYNO_DEFAULT_CHUNK 8192
#define DYNO_DEFAULT_SYSCALL_PER_CHAR_SIZE (G_GUINT64_CONSTANT (3) << 20)
#define DYNO_MIN_CHUNK 256
#define DYNO_MAX_CHUNK (G_GUINT64_CONSTANT (64) << 20)
#define DYNO_MAX_REPEAT 100
/* bonnie++'s MinTime: a figure from a shorter phase is not trusted */
#define DYNO_TOO_FAST_SECONDS 0.5
/* A data file that block writes fill in less than this (twice MinTime, for the spread of
 * rates between calibration and run) cannot give an honest block write figure. */
#define DYNO_SPACE_SHORT_SECONDS (2 * DYNO_TOO_FAST_SECONDS)

typedef struct
{
  guint64 size;          /* bytes in the data file */
  guint64 chunk;         /* bytes per block I/O */
  guint64 per_char_size; /* bytes for putc/getc; 0 = the mode's default */
  GPtrArray *phases;     /* const DynoPhase *, the selected phases in execution order (not
                          * owned: phases are interned); change it with the functions below */
  DynoPerCharMode per_char;
  DynoCachePolicy cache; /* Bonnie's data phases; the queued tests have queue_cache */
  DynoDataPattern data;
  guint repeat;
  double phase_time;     /* seconds; 0: one pass of the sizes as given (see above) */
  DynoAutoFlags autos;   /* with phase_time > 0: which sizes each target calibrates */
  double precision;      /* the 95 % interval's half-width each figure aims at, as a fraction
                          * of its mean (0.05: ±5 %); 0: none. Repeats are added for it only
                          * with DYNO_AUTO_REPEAT; otherwise it is what each figure is judged
                          * against */
  double max_time;       /* seconds per target that the repeats added for precision may bring
                          * the run to; 0: no limit but DYNO_MAX_REPEAT */
  /* Queued phases (CrystalDiskMark's tests) */
  guint64 queue_size;    /* bytes of their test file, whole 64 KiB units */
  DynoCachePolicy queue_cache; /* DIRECT unless asked for buffered I/O */
  DynoIoEngine io_engine;
  double interval;       /* seconds of rest before each queued phase (CrystalDiskMark's
                          * interval: an SSD's cache drains, a drive cools) */
  guint64 seed; /* 0: chosen at run time and recorded */
  char *label;
  char *notes;
  /* Skip the free-space pre-flight check: for file systems whose free figure is unreliable
   * (compressed, thin-provisioned). Not stored in results. */
  gboolean skip_space_check;
  /* The kinds' own options (DynoPhaseKind.options): const DynoOptionSet * → the block of its
   * values, one per set, made with the configuration (dyno-option.h) */
  GHashTable *values;
  /* Bit i: the i-th option (in dyno_options_foreach's order) was given by the person rather
   * than left to its default, as fio's set_options (dyno_config_option_is_given) */
  guint64 given;
} DynoConfig;

#define DYNO_TYPE_CONFIG (dyno_config_get_type ())

GType       dyno_config_get_type (void) G_GNUC_CONST;
DynoConfig *dyno_config_new (void);
DynoConfig *dyno_config_copy (const DynoConfig *config);
void        dyno_config_free (DynoConfig *config);
gboolean    dyno_config_validate (const DynoConfig *config, GError **error);
/* The block phases move whole chunks, so the data file is a whole number of them: rounds
 * size down to a multiple of chunk. Returns the note to record (translated), or NULL when
 * the size was already whole. Call after dyno_config_validate. */
char       *dyno_config_round_size (DynoConfig *config);
guint64     dyno_config_get_per_char_size (const DynoConfig *config);
/* Some selected phase uses the data file (DYNO_PHASE_READS_DATA or _WRITES_DATA: Bonnie's
 * phases but the file tests). */
gboolean    dyno_config_has_io_tests (const DynoConfig *config);
/* phase_time > 0 and the flag is set: the target calibrates that size itself. */
gboolean    dyno_config_is_auto (const DynoConfig *config, DynoAutoFlags what);
/* The options' auto names ("size,per_char,files") and back, for files and the CLI. */
char       *dyno_auto_flags_to_string (DynoAutoFlags flags);
gboolean    dyno_auto_flags_from_string (const char *text, DynoAutoFlags *out);

/* The selection. Phases are kept once each, in execution order (dyno_phase_compare). */
guint            dyno_config_get_n_phases (const DynoConfig *config);
const DynoPhase *dyno_config_get_phase (const DynoConfig *config, guint index);
gboolean         dyno_config_has_phase (const DynoConfig *config, const DynoPhase *phase);
/* Some selected phase has every flag of flags / one of them at least. */
gboolean         dyno_config_has_flags (const DynoConfig *config, DynoPhaseFlags flags);
gboolean         dyno_config_has_any_flag (const DynoConfig *config, DynoPhaseFlags flags);
void             dyno_config_add_phase (DynoConfig *config, const DynoPhase *phase);
void             dyno_config_remove_phase (DynoConfig *config, const DynoPhase *phase);
void             dyno_config_clear_phases (DynoConfig *config);
/* Replaces the selection with these (const DynoPhase *). */
void             dyno_config_set_phases (DynoConfig *config, GPtrArray *phases);
/* Replaces the selection with a --tests list ("write,read", "all", "rnd-read:4k:q32"). */
gboolean         dyno_config_select (DynoConfig *config, const char *tests, GError **error);
/* Both select the same phases. */
gboolean         dyno_config_same_phases (const DynoConfig *a, const DynoConfig *b);

const char *dyno_cache_policy_to_string (DynoCachePolicy policy);
gboolean    dyno_cache_policy_from_string (const char *text, DynoCachePolicy *out);
const char *dyno_per_char_mode_to_string (DynoPerCharMode mode);
gboolean    dyno_per_char_mode_from_string (const char *text, DynoPerCharMode *out);
const char *dyno_data_pattern_to_string (DynoDataPattern data);
gboolean    dyno_data_pattern_from_string (const char *text, DynoDataPattern *out);
const char *dyno_io_engine_to_string (DynoIoEngine engine);
gboolean    dyno_io_engine_from_string (const char *text, DynoIoEngine *out);
/* "all" for Bonnie's twelve, else the keys: "write,read,rnd-read:4k:q32:t1". */
char       *dyno_format_tests (const DynoConfig *config);
/* Some selected phase is queued / is one of Bonnie's (a data file or files). */
gboolean    dyno_config_has_queued_tests (const DynoConfig *config);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoConfig, dyno_config_free)

G_END_DECLS
