/* dyno-turns.c: who does the next round, in a run across machines (see dyno-turns.h)
 *
 * The rounds alternate A B B A A B … over every target of the run, as the runner alternates
 * its own: whatever drifts while the run goes on (heat, a host's cache, the network, other
 * work) falls on every target alike, and each round's pair is a measurement of their ratio.
 * One round at a time: a target's round is ordered only once the one before it is over, so
 * that two machines never measure at the same time (they may share a disk, a switch, a SAN).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-calibrate.h"
#include "dyno-plan.h"
#include "dyno-enum.h"
#include "dyno-model-enums.h"
#include "dyno-clock.h"
#include "dyno-turns.h"

typedef struct
{
  gboolean sized;
  gboolean lost;
  DynoSizing sizing;
  DynoTargetInfo *info;  /* its path and free space, for the workload */
  GPtrArray *phases;     /* DynoPhaseResult* it finished */
  GArray *sent;          /* double per repeat: when its round was ordered, from epoch */
  GArray *began;         /* double per repeat: when that round began, by its side's clock */
} Target;

struct _DynoTurns
{
  DynoConfig *config;
  guint n;
  gint64 epoch_ns;
  DynoTurnsOrderFunc order;
  gpointer data;
  Target *targets;
  gboolean started;
  gboolean rounds;      /* the workload is given; rounds are under way */
  gboolean ended;
  guint repeat;         /* the round under way */
  guint step;           /* of the targets in it */
  guint current;        /* the target whose round it is */
  gboolean waiting;     /* for the current target's round to end */
  char **only;          /* the phases of a round added for precision, or NULL for all */
  gint64 round_started_ns;
  double last_round;    /* seconds the last whole round took; NAN before one ended */
  guint last_round_phases;
};

static double
now_s (DynoTurns *self)
{
  return (dyno_now_ns () - self->epoch_ns) / 1e9;
}

static void
set_at (GArray *array, guint index, double value)
{
  double nan = NAN;

  while (array->len <= index)
    g_array_append_val (array, nan);
  g_array_index (array, double, index) = value;
}

static double
get_at (GArray *array, guint index)
{
  return index < array->len ? g_array_index (array, double, index) : NAN;
}

DynoTurns *
dyno_turns_new (const DynoConfig *config,
                guint n_targets,
                gint64 epoch_ns,
                DynoTurnsOrderFunc order,
                gpointer data)
{
  DynoTurns *self = g_new0 (DynoTurns, 1);

  g_return_val_if_fail (config != NULL && n_targets > 0 && order != NULL, NULL);

  self->config = dyno_config_copy (config);
  self->n = n_targets;
  self->epoch_ns = epoch_ns;
  self->order = order;
  self->data = data;
  self->last_round = NAN;
  self->targets = g_new0 (Target, n_targets);
  for (guint i = 0; i < n_targets; i++)
    {
      dyno_sizing_clear (&self->targets[i].sizing);
      self->targets[i].phases = g_ptr_array_new_with_free_func (
          (GDestroyNotify) dyno_phase_result_free);
      self->targets[i].sent = g_array_new (FALSE, FALSE, sizeof (double));
      self->targets[i].began = g_array_new (FALSE, FALSE, sizeof (double));
    }
  return self;
}

void
dyno_turns_free (DynoTurns *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n; i++)
    {
      g_free (self->targets[i].sizing.reason);
      g_clear_pointer (&self->targets[i].info, dyno_target_info_free);
      g_clear_pointer (&self->targets[i].phases, g_ptr_array_unref);
      g_array_unref (self->targets[i].sent);
      g_array_unref (self->targets[i].began);
    }
  g_free (self->targets);
  g_strfreev (self->only);
  dyno_config_free (self->config);
  g_free (self);
}

/* Every side ends: its targets close and it sends its result. stop: why no more rounds were
 * added for precision, as the runner names it. */
static void
end_all (DynoTurns *self, DynoPrecisionStop stop)
{
  DynoStreamEvent order = { .kind = DYNO_STREAM_END,
                            .text = (char *) dyno_enum_to_nick (DYNO_TYPE_PRECISION_STOP, stop) };

  if (self->ended)
    return;
  self->ended = TRUE;
  self->waiting = FALSE;
  /* A side whose target failed is still there, waiting for its orders: it is told too. */
  for (guint i = 0; i < self->n; i++)
    self->order (i, &order, self->data);
}

/* Whether repeating the phase can make its figure more precise (as the runner judges it). */
static gboolean
needs_more (const DynoPhaseResult *phase, double precision)
{
  if (phase->cache_doubt != NULL || phase->rate.n == 0)
    return FALSE;
  return !(dyno_phase_result_get_precision (phase) <= precision);
}

/* The phases some target's figure still needs a round for, in the configuration's order. */
static char **
imprecise (DynoTurns *self)
{
  g_autoptr (GStrvBuilder) keys = g_strv_builder_new ();

  for (guint p = 0; p < dyno_config_get_n_phases (self->config); p++)
    {
      const DynoPhase *phase = dyno_config_get_phase (self->config, p);
      gboolean more = FALSE;

      for (guint i = 0; i < self->n && !more; i++)
        for (guint j = 0; j < self->targets[i].phases->len && !more; j++)
          {
            const DynoPhaseResult *result = g_ptr_array_index (self->targets[i].phases, j);

            more = result->phase == phase && needs_more (result, self->config->precision);
          }
      if (more)
        g_strv_builder_add (keys, dyno_phase_get_key (phase));
    }
  return g_strv_builder_end (keys);
}

/* After the -x rounds: another round of the imprecise phases, within the budget and
 * DYNO_MAX_REPEAT, or the end and why. */
static gboolean
plan_added_round (DynoTurns *self)
{
  g_auto (GStrv) plan = NULL;
  double budget;
  double estimate;
  guint n_plan;

  if (!dyno_config_is_auto (self->config, DYNO_AUTO_REPEAT) || !(self->config->precision > 0))
    {
      end_all (self, DYNO_PRECISION_NOT_SOUGHT);
      return FALSE;
    }
  plan = imprecise (self);
  n_plan = g_strv_length (plan);
  if (n_plan == 0)
    {
      end_all (self, DYNO_PRECISION_DONE);
      return FALSE;
    }
  if (self->repeat >= DYNO_MAX_REPEAT)
    {
      end_all (self, DYNO_PRECISION_MAX_REPEAT);
      return FALSE;
    }
  /* The runner's budget: max_time a target, the whole run's time counted. */
  budget = self->config->max_time > 0 ? self->config->max_time * self->n : INFINITY;
  estimate = isfinite (self->last_round) && self->last_round_phases > 0
                 ? self->last_round * n_plan / self->last_round_phases
                 : 0;
  if (now_s (self) + estimate > budget)
    {
      end_all (self, DYNO_PRECISION_BUDGET);
      return FALSE;
    }
  g_strfreev (self->only);
  self->only = g_steal_pointer (&plan);
  return TRUE;
}

static guint
n_phases_of_round (DynoTurns *self)
{
  return self->only != NULL ? g_strv_length (self->only)
                            : dyno_config_get_n_phases (self->config);
}

static void
next_step (DynoTurns *self)
{
  DynoStreamEvent order = { .kind = DYNO_STREAM_ROUND };
  Target *target;

  if (self->ended)
    return;
  if (self->step == self->n)
    {
      gint64 now = dyno_now_ns ();

      self->last_round = (now - self->round_started_ns) / 1e9;
      self->last_round_phases = n_phases_of_round (self);
      self->repeat++;
      self->step = 0;
      if (self->repeat >= self->config->repeat && !plan_added_round (self))
        return;
    }
  if (self->step == 0)
    self->round_started_ns = dyno_now_ns ();
  /* A B, then B A: the round's order turns every other round. */
  self->current = self->repeat % 2 == 0 ? self->step : self->n - 1 - self->step;
  target = &self->targets[self->current];
  set_at (target->sent, self->repeat, now_s (self));
  self->waiting = TRUE;
  order.target = self->current;
  order.repeat = self->repeat;
  order.only = self->only;
  self->order (self->current, &order, self->data);
}

static void
begin_rounds (DynoTurns *self)
{
  self->rounds = TRUE;
  self->repeat = 0;
  self->step = 0;
  next_step (self);
}

/* Once every target's calibration is in: the one workload for all, then the first round. */
static void
maybe_give_workload (DynoTurns *self)
{
  g_autofree const DynoSizing **each = NULL;
  g_autofree const DynoTargetInfo **infos = NULL;
  g_autofree char *reason = NULL;
  DynoStreamEvent order = { .kind = DYNO_STREAM_WORKLOAD };

  if (!self->started || self->rounds || self->ended)
    return;
  for (guint i = 0; i < self->n; i++)
    if (!self->targets[i].sized)
      return;
  each = g_new0 (const DynoSizing *, self->n);
  infos = g_new0 (const DynoTargetInfo *, self->n);
  for (guint i = 0; i < self->n; i++)
    {
      each[i] = &self->targets[i].sizing;
      infos[i] = self->targets[i].info;
    }
  reason = dyno_calibrate_common_workload (self->config, each, infos, self->n, &order.workload);
  order.text = reason;
  for (guint i = 0; i < self->n; i++)
    self->order (i, &order, self->data);
  begin_rounds (self);
}

void
dyno_turns_start (DynoTurns *self)
{
  g_return_if_fail (self != NULL);

  self->started = TRUE;
  if (dyno_plan_calibrates (self->config))
    maybe_give_workload (self);
  else
    begin_rounds (self);
}

void
dyno_turns_sized (DynoTurns *self, guint target, const DynoStreamEvent *sized)
{
  Target *t;

  g_return_if_fail (self != NULL && sized != NULL);
  if (target >= self->n || self->targets[target].sized)
    return;
  t = &self->targets[target];
  t->sized = TRUE;
  t->sizing = sized->sizing;
  t->sizing.reason = NULL;
  t->info = dyno_target_info_new (sized->text != NULL ? sized->text : "");
  t->info->free_bytes = sized->free_bytes;
  t->info->free_inodes = sized->free_inodes;
  maybe_give_workload (self);
}

void
dyno_turns_phase_finished (DynoTurns *self,
                           guint target,
                           const DynoPhase *phase,
                           const DynoPhaseRun *run)
{
  DynoPhaseResult *result = NULL;
  GPtrArray *phases;

  g_return_if_fail (self != NULL && phase != NULL && run != NULL);
  if (target >= self->n || self->targets[target].phases == NULL)
    return;
  phases = self->targets[target].phases;
  for (guint i = 0; i < phases->len && result == NULL; i++)
    if (((DynoPhaseResult *) g_ptr_array_index (phases, i))->phase == phase)
      result = g_ptr_array_index (phases, i);
  if (result == NULL)
    {
      result = dyno_phase_result_new (phase);
      g_ptr_array_add (phases, result);
    }
  dyno_phase_result_add_run (result, run);
}

void
dyno_turns_round_finished (DynoTurns *self, guint target, const DynoStreamEvent *finished)
{
  g_return_if_fail (self != NULL && finished != NULL);
  if (target >= self->n)
    return;
  set_at (self->targets[target].began, finished->repeat, finished->started);
  /* The target failed (or could not be opened): the run ends with what both sides have. */
  if (finished->text != NULL)
    {
      dyno_turns_lost (self, target);
      return;
    }
  if (!self->waiting || target != self->current || finished->repeat != self->repeat)
    return;
  self->waiting = FALSE;
  self->step++;
  next_step (self);
}

void
dyno_turns_lost (DynoTurns *self, guint target)
{
  g_return_if_fail (self != NULL);
  if (target >= self->n || self->targets[target].lost)
    return;
  self->targets[target].lost = TRUE;
  self->targets[target].sized = TRUE;
  end_all (self, DYNO_PRECISION_NOT_SOUGHT);
}

gboolean
dyno_turns_is_sized (DynoTurns *self, guint target)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return target >= self->n || self->targets[target].sized || self->targets[target].lost;
}

guint
dyno_turns_get_current (DynoTurns *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->current;
}

gboolean
dyno_turns_get_ended (DynoTurns *self)
{
  g_return_val_if_fail (self != NULL, TRUE);
  return self->ended;
}

double
dyno_turns_get_offset (DynoTurns *self, guint target, guint repeat)
{
  double sent, began;

  g_return_val_if_fail (self != NULL, NAN);
  if (target >= self->n)
    return NAN;
  sent = get_at (self->targets[target].sent, repeat);
  began = get_at (self->targets[target].began, repeat);
  return isfinite (sent) && isfinite (began) ? sent - began : NAN;
}

GPtrArray *
dyno_turns_take_phases (DynoTurns *self, guint target)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (target >= self->n)
    return NULL;
  return g_steal_pointer (&self->targets[target].phases);
}
