/* dyno-estimate.c: how long a run has left, learnt from its calibration and its phases
 *
 * A phase with a phase time measures for at least that long, but it brings untimed work along:
 * the cache evicted before every read pass, the files a delete puts back between its passes,
 * the rest before a queued test, the syncs that settle the file system. Counting each phase as
 * its phase time made the first estimate of a Quick run half of what it took. Here each phase
 * is priced from what the calibration measured (the block write, per-char and create rates)
 * and the sizes the target runs; as phases end, a phase seen once is expected to take again
 * what it took, and those not yet seen their price times the ratio of what the phases seen
 * took to what they were priced at. Pure arithmetic on what the caller reports: no clock.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-estimate.h"
#include "dyno-phase-kind.h"
#include "dyno-plan.h"

/* Untimed work that is not worth a model of its own: a sync, an eviction, a phase's start. */
#define PHASE_OVERHEAD 0.1
/* Deletes run at about twice the rate of the creates that make their files, and putting the
 * files back between a delete's passes costs a create and a sync. */
#define DELETE_SPEEDUP 2.0
#define RESTORE_COST 1.5
/* What the idle measurement and a calibration take before they are done. */
#define IDLE_SECONDS 1.0
#define CALIBRATION_SECONDS 3.0
/* A pass of the delete phase is too short to trust under this (DYNO_TOO_FAST_SECONDS). */
#define TOO_FAST 0.5
/* The correction is a ratio of two sums: kept within reason while they are small. */
#define MIN_CORRECTION 0.5
#define MAX_CORRECTION 4.0

typedef struct
{
  const DynoPhase *phase;
  double price;    /* seconds priced, NAN: unknown */
  double measured; /* seconds it took, summed over its runs */
  guint n_measured;
  guint left;      /* runs still to do */
} Item;

typedef struct
{
  Item *items;
  double warm_up; /* seconds of the warm-up still to come, paid with its first phase */
  gboolean priced;
  gboolean started;
} Target;

struct _DynoEstimate
{
  DynoConfig *config;
  guint n_targets;
  guint n_items;
  Target *targets;
  double phase_time;
  double pending;   /* the idle measurement and calibrations still to come */
  double seen_price; /* sums over the phases priced and then seen once */
  double seen_measured;
  double extra;     /* phases added for precision, each at the mean of those seen */
  double measured_all;
  guint n_measured_all;
};

static double
file_step_seconds (const char *nick, double T, double files, double create_rate)
{
  double create = files / create_rate;
  double del = create / DELETE_SPEEDUP;

  if (g_str_has_suffix (nick, "create"))
    return T > 0 ? MIN (create, T) : create;
  if (g_str_has_suffix (nick, "stat"))
    /* Repeatable: passes until the phase time. */
    return T > 0 ? T : del;
  /* A delete makes passes until the phase time; its files come back between them, untimed,
   * until putting them back has taken a phase time and a pass is long enough to trust (the
   * runner's loop, dyno-runner.c). */
  if (T <= 0)
    return del;
  {
    double elapsed = del;
    double restored = 0;

    for (guint passes = 1; passes < 10000; passes++)
      {
        if (elapsed >= T || (restored >= T && elapsed >= TOO_FAST))
          break;
        restored += create * RESTORE_COST;
        elapsed += del;
      }
    return elapsed + restored;
  }
}

double
dyno_estimate_phase_seconds (const DynoConfig *config, const DynoSizing *sizing,
                             const DynoWorkload *workload, const DynoPhase *phase)
{
  double T = config->phase_time;
  double write_rate = sizing != NULL && sizing->write_rate > 0 ? sizing->write_rate : NAN;
  double char_rate = sizing != NULL && sizing->per_char_rate > 0 ? sizing->per_char_rate : NAN;
  double create_rate = sizing != NULL && sizing->create_rate > 0 ? sizing->create_rate : NAN;
  double size = workload != NULL && workload->io_size > 0 ? (double) workload->io_size
                                                           : (double) config->size;
  double seconds = NAN;

  g_return_val_if_fail (phase != NULL, NAN);

  if (dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
    {
      /* A rest before each, then the phase time (or one pass of the test file). */
      double pass = (double) config->queue_size / write_rate;

      seconds = MAX (config->interval, 0) + (T > 0 ? T : pass);
    }
  else if (dyno_phase_has_flag (phase, DYNO_PHASE_FILE_TEST))
    {
      double files = workload != NULL && workload->files_total > 0
                         ? (double) workload->files_total
                         : NAN;

      seconds = file_step_seconds (phase->kind->nick, T, files, create_rate);
      if (isnan (seconds) && T > 0)
        seconds = T;
    }
  else
    {
      gboolean per_char = dyno_phase_has_flag (phase, DYNO_PHASE_PER_CHAR);
      double bytes = per_char && workload != NULL && workload->per_char_size > 0
                         ? (double) workload->per_char_size
                         : size;
      double pass = bytes / (per_char ? char_rate : write_rate);

      /* A rewrite reads and writes every chunk; a kind that sizes its own passes (a count
       * of operations from its sizing hook) is sized to the phase time, not to the file. */
      if (g_str_equal (phase->kind->nick, "rewrite"))
        pass *= 1.5;
      else if (phase->kind->workload != NULL && phase->kind->workload->size != NULL)
        pass = NAN;
      if (dyno_phase_has_flag (phase, DYNO_PHASE_REPEATABLE) && T > 0)
        /* Passes until the phase time: the last one ends past it, by half a pass on
         * average. */
        seconds = isfinite (pass) ? T + pass / 2 : T;
      else if (isfinite (pass))
        seconds = pass;
      else if (T > 0)
        seconds = T;
    }
  return isfinite (seconds) ? seconds + PHASE_OVERHEAD : NAN;
}

double
dyno_estimate_warm_up_seconds (const DynoConfig *config, const DynoSizing *sizing,
                               const DynoWorkload *workload)
{
  gboolean writes = FALSE;

  /* As the runner's warm_up (): only with a phase time, before phases that use the file. */
  if (config->phase_time <= 0 || !dyno_config_has_io_tests (config))
    return 0;
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    writes |= dyno_phase_has_flag (dyno_config_get_phase (config, i), DYNO_PHASE_WRITES_DATA);
  if (!writes || sizing == NULL || !(sizing->write_rate > 0) || workload == NULL)
    return 0;
  return (double) workload->io_size / sizing->write_rate;
}

DynoEstimate *
dyno_estimate_new (const DynoConfig *config, guint n_targets)
{
  DynoEstimate *self = g_new0 (DynoEstimate, 1);
  guint n = 0;

  g_return_val_if_fail (config != NULL, NULL);

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    n += dyno_plan_selects (config, dyno_config_get_phase (config, i)) ? 1 : 0;
  self->config = dyno_config_copy (config);
  self->n_targets = n_targets;
  self->n_items = n;
  self->phase_time = config->phase_time;
  self->targets = g_new0 (Target, MAX (n_targets, 1));
  for (guint t = 0; t < n_targets; t++)
    {
      guint k = 0;

      self->targets[t].items = g_new0 (Item, MAX (n, 1));
      for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
        {
          const DynoPhase *phase = dyno_config_get_phase (config, i);
          Item *item = &self->targets[t].items[k];

          if (!dyno_plan_selects (config, phase))
            continue;
          item->phase = phase;
          /* Unpriced: the phase time, as the phases were counted before calibrations. */
          item->price = dyno_estimate_phase_seconds (config, NULL, NULL, phase);
          item->left = MAX (config->repeat, 1);
          k++;
        }
    }
  self->pending = IDLE_SECONDS;
  /* A calibration measures before the first round when something is sized automatically. */
  if (dyno_plan_calibrates (config))
    self->pending += CALIBRATION_SECONDS * n_targets;
  return self;
}

void
dyno_estimate_free (DynoEstimate *self)
{
  if (self == NULL)
    return;
  for (guint t = 0; t < self->n_targets; t++)
    g_free (self->targets[t].items);
  g_free (self->targets);
  g_clear_pointer (&self->config, dyno_config_free);
  g_free (self);
}

void
dyno_estimate_set_sizing (DynoEstimate *self, guint target, const DynoSizing *sizing,
                          const DynoWorkload *workload)
{
  Target *t;

  g_return_if_fail (self != NULL);
  if (target >= self->n_targets)
    return;
  t = &self->targets[target];
  for (guint i = 0; i < self->n_items; i++)
    {
      Item *item = &t->items[i];

      item->price = dyno_estimate_phase_seconds (self->config, sizing, workload, item->phase);
    }
  t->priced = TRUE;
  if (!t->started)
    t->warm_up = dyno_estimate_warm_up_seconds (self->config, sizing, workload);
}

void
dyno_estimate_calibrated (DynoEstimate *self)
{
  g_return_if_fail (self != NULL);
  self->pending = 0;
}

static Item *
find_item (DynoEstimate *self, guint target, const DynoPhase *phase)
{
  if (target >= self->n_targets)
    return NULL;
  for (guint i = 0; i < self->n_items; i++)
    if (self->targets[target].items[i].phase == phase)
      return &self->targets[target].items[i];
  return NULL;
}

double
dyno_estimate_get_correction (const DynoEstimate *self)
{
  g_return_val_if_fail (self != NULL, 1);
  if (!(self->seen_price > 0) || !(self->seen_measured > 0))
    return 1;
  return CLAMP (self->seen_measured / self->seen_price, MIN_CORRECTION, MAX_CORRECTION);
}

void
dyno_estimate_phase_done (DynoEstimate *self, guint target, const DynoPhase *phase,
                          double seconds)
{
  Item *item;
  Target *t;

  g_return_if_fail (self != NULL);
  self->pending = 0;
  if (!(seconds >= 0))
    return;
  self->measured_all += seconds;
  self->n_measured_all++;
  item = find_item (self, target, phase);
  if (item == NULL)
    {
      /* A phase added for precision beyond the plan's rounds. */
      self->extra = MAX (self->extra - seconds, 0);
      return;
    }
  t = &self->targets[target];
  if (item->left > 0)
    item->left--;
  else
    self->extra = MAX (self->extra - seconds, 0);
  /* The warm-up came before the target's first phase, in the time it took. */
  if (item->n_measured == 0 && isfinite (item->price))
    {
      self->seen_price += item->price + (t->started ? 0 : t->warm_up);
      self->seen_measured += seconds;
      seconds = MAX (seconds - (t->started ? 0 : t->warm_up * dyno_estimate_get_correction (self)),
                     0);
    }
  g_debug ("estimate: target %u, %s took %.2f s (priced %.2f s, correction %.2f)", target,
           dyno_phase_get_key (phase), seconds, item->price,
           dyno_estimate_get_correction (self));
  t->started = TRUE;
  t->warm_up = 0;
  item->measured += seconds;
  item->n_measured++;
}

void
dyno_estimate_add_phases (DynoEstimate *self, guint n)
{
  double mean;

  g_return_if_fail (self != NULL);
  mean = self->n_measured_all > 0 ? self->measured_all / self->n_measured_all
                                  : self->phase_time;
  self->extra += n * MAX (mean, 0);
}

void
dyno_estimate_skip_target (DynoEstimate *self, guint target)
{
  g_return_if_fail (self != NULL);
  if (target >= self->n_targets)
    return;
  for (guint i = 0; i < self->n_items; i++)
    self->targets[target].items[i].left = 0;
  self->targets[target].warm_up = 0;
}

double
dyno_estimate_remaining (const DynoEstimate *self, double in_phase)
{
  double correction;
  double total;

  g_return_val_if_fail (self != NULL, NAN);

  correction = dyno_estimate_get_correction (self);
  total = self->pending + self->extra;
  for (guint t = 0; t < self->n_targets; t++)
    {
      const Target *target = &self->targets[t];

      total += target->warm_up * correction;
      for (guint i = 0; i < self->n_items; i++)
        {
          const Item *item = &target->items[i];
          double each;

          if (item->left == 0)
            continue;
          if (item->n_measured > 0)
            each = item->measured / item->n_measured;
          else if (isfinite (item->price))
            each = item->price * correction;
          else
            return NAN;
          total += each * item->left;
        }
    }
  /* The phase under way counts down with the clock, but what is left never reads as done
   * while a phase still runs. */
  return MAX (total - MAX (in_phase, 0), MIN (total, 1.0));
}
