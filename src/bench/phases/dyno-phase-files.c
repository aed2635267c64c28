/* dyno-phase-files.c: bonnie++'s file tests as phases: create, stat and delete, with files in
 * order of creation (sequential) or at random
 *
 * The three phases of one order share a set of files: a series (dyno-phase-ops.h). The first
 * of them to run makes the set (stat and delete create it untimed when create was not
 * chosen); when the series ends, the files that no timed delete removed are deleted, untimed.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-phase-ops.h"

typedef enum
{
  STEP_CREATE,
  STEP_STAT,
  STEP_DELETE,
} Step;

typedef struct
{
  gboolean random_order;
  Step step;
} FileTest;

typedef struct
{
  DynoFileSet *set;
  gboolean created;
  gboolean deleted;
} Series;

static gboolean
finish_series (DynoRun *run, gpointer state, GError **error)
{
  Series *series = state;
  gboolean ok = TRUE;

  if (series->created && !series->deleted)
    ok = dyno_file_set_delete (run, series->set, NULL, error);
  dyno_file_set_free (series->set);
  g_free (series);
  return ok;
}

/* The series' set, made when this is its first phase. */
static Series *
get_series (DynoRun *run, const FileTest *test)
{
  const char *name = test->random_order ? "rand-files" : "seq-files";

  if (run->series_state == NULL || g_strcmp0 (run->series, name) != 0)
    {
      Series *series = g_new0 (Series, 1);

      g_assert (run->series_state == NULL); /* the runner ended the last series */
      /* A timed create that lasts the phase time needs names for as many as could fit. */
      series->set = dyno_file_set_new (run, test->random_order,
                                       test->step == STEP_CREATE && run->files_cap > 0
                                           ? run->files_cap
                                           : run->files_total);
      run->series = name;
      run->series_state = series;
      run->series_finish = finish_series;
    }
  return run->series_state;
}

static guint64
total (DynoRun *run, const DynoPhase *phase, gconstpointer data)
{
  return run->files_total;
}

static gboolean
prepare (DynoRun *run, const DynoPhase *phase, gconstpointer data, GError **error)
{
  const FileTest *test = data;
  Series *series = get_series (run, test);

  /* Stat and delete need files, whether or not their create was chosen. */
  if (test->step != STEP_CREATE && !series->created)
    {
      if (!dyno_file_set_create (run, series->set, NULL, error))
        return FALSE;
      series->created = TRUE;
    }
  return TRUE;
}

static gboolean
run_phase (DynoRun *run, DynoPhaseCtx *ctx, gconstpointer data, GError **error)
{
  const FileTest *test = data;
  Series *series = get_series (run, test);

  switch (test->step)
    {
    case STEP_CREATE:
      series->created = TRUE;
      if (run->files_cap > 0)
        return dyno_file_set_create_for (run, series->set, ctx, run->phase_time, error);
      return dyno_file_set_create (run, series->set, ctx, error);
    case STEP_STAT:
      return dyno_file_set_stat (run, series->set, ctx, error);
    case STEP_DELETE:
    default:
      series->deleted = TRUE;
      return dyno_file_set_delete (run, series->set, ctx, error);
    }
}

/* Deletes on a fast device end long before the phase time: the files come back, untimed, for
 * another timed pass (dyno-phase-ops.h). */
static gboolean
restore (DynoRun *run, const DynoPhase *phase, gconstpointer data, GError **error)
{
  const FileTest *test = data;
  Series *series = get_series (run, test);

  if (test->step != STEP_DELETE)
    return TRUE;
  if (!dyno_file_set_create (run, series->set, NULL, error))
    return FALSE;
  series->deleted = FALSE;
  return TRUE;
}

#define FILE_TEST_OPS(name, nick, order, step_)                                                  \
  static const FileTest name##_test = { order, step_ };                                          \
  static const DynoPhaseOps name##_ops = {                                                         \
    .kind = nick,                                                                                \
    .series = order ? "rand-files" : "seq-files",                                                \
    .data = &name##_test,                                                                        \
    .total = total,                                                                              \
    .prepare = prepare,                                                                          \
    .run = run_phase,                                                                            \
    .restore = step_ == STEP_DELETE ? restore : NULL,                                            \
  }

FILE_TEST_OPS (seq_create, "seq_create", FALSE, STEP_CREATE);
FILE_TEST_OPS (seq_stat, "seq_stat", FALSE, STEP_STAT);
FILE_TEST_OPS (seq_delete, "seq_delete", FALSE, STEP_DELETE);
FILE_TEST_OPS (rand_create, "rand_create", TRUE, STEP_CREATE);
FILE_TEST_OPS (rand_stat, "rand_stat", TRUE, STEP_STAT);
FILE_TEST_OPS (rand_delete, "rand_delete", TRUE, STEP_DELETE);

DYNO_PHASE_FILE (files, &seq_create_ops, &seq_stat_ops, &seq_delete_ops, &rand_create_ops,
                 &rand_stat_ops, &rand_delete_ops);
