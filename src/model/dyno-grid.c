/* dyno-grid.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-enum.h"
#include "dyno-grid.h"
#include "dyno-model-enums.h"

const char *
dyno_grid_unit_to_string (DynoGridUnit unit)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_GRID_UNIT, unit);

  g_return_val_if_fail (nick != NULL, "rate");
  return nick;
}

gboolean
dyno_grid_unit_from_string (const char *text, DynoGridUnit *out)
{
  static const DynoEnumAlias aliases[] = {
    { "mb", DYNO_GRID_UNIT_RATE },
    { "µs", DYNO_GRID_UNIT_LATENCY },
    { NULL },
  };
  int unit;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!dyno_enum_from_nick (DYNO_TYPE_GRID_UNIT, text, aliases, &unit))
    return FALSE;
  *out = unit;
  return TRUE;
}

const char *
dyno_grid_unit_label (DynoGridUnit unit, DynoRateUnit rate_unit)
{
  switch (unit)
    {
    case DYNO_GRID_UNIT_GB:
      /* Translators: a unit of the drive grid, 10^9 bytes per second */
      return _("GB/s");
    case DYNO_GRID_UNIT_IOPS:
      /* Translators: a unit of the drive grid, I/Os per second */
      return _("IOPS");
    case DYNO_GRID_UNIT_LATENCY:
      /* Translators: a unit of the drive grid, the mean latency of an I/O in microseconds */
      return _("µs");
    case DYNO_GRID_UNIT_RATE:
    default:
      return dyno_rate_unit_label (rate_unit);
    }
}

void
dyno_grid_figures_from_result (DynoGridFigures *figures, const DynoPhaseResult *result)
{
  double sum = 0;
  guint64 count = 0;

  g_return_if_fail (figures != NULL);
  g_return_if_fail (result != NULL);

  memset (figures, 0, sizeof *figures);
  figures->phase = result->phase;
  figures->n_runs = result->rate.n;
  figures->best_of = result->best_of;
  figures->rate = result->rate;
  figures->iops = result->iops;
  figures->too_fast = result->too_fast;
  figures->cache_doubt = result->cache_doubt;
  figures->latency = result->latency.mean;
  figures->best_latency = NAN;
  /* The runs' own: the mean over every I/O while live (the result's is set at its end), and
   * the lowest, the best run's. */
  for (guint i = 0; result->runs != NULL && i < result->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (result->runs, DynoPhaseRun, i);

      if (isnan (run->latency.mean) || run->latency.count == 0 || run->too_fast)
        continue;
      sum += run->latency.mean * run->latency.count;
      count += run->latency.count;
      if (isnan (figures->best_latency) || run->latency.mean < figures->best_latency)
        figures->best_latency = run->latency.mean;
    }
  if (isnan (figures->latency) && count > 0)
    figures->latency = sum / count;
}

gboolean
dyno_grid_figures_empty (const DynoGridFigures *figures)
{
  g_return_val_if_fail (figures != NULL, TRUE);
  return figures->rate.n == 0 || isnan (figures->rate.mean);
}

/* The figure's value and the best run's in unit; NAN when unknown. */
static double
unit_value (const DynoGridFigures *f, DynoGridUnit unit, DynoRateUnit rate_unit, gboolean best)
{
  switch (unit)
    {
    case DYNO_GRID_UNIT_GB:
      return (best ? f->rate.max : f->rate.mean) / 1e9;
    case DYNO_GRID_UNIT_IOPS:
      return f->iops.n > 0 ? (best ? f->iops.max : f->iops.mean) : NAN;
    case DYNO_GRID_UNIT_LATENCY:
      return (best ? f->best_latency : f->latency) * 1e6;
    case DYNO_GRID_UNIT_RATE:
    default:
      return (best ? f->rate.max : f->rate.mean) / dyno_rate_unit_scale (rate_unit);
    }
}

/* CrystalDiskMark's decimals: two for rates, IOPS and µs (whole numbers from 10 000 up, where
 * the column has no room for more), three for GB/s. */
static int
unit_decimals (DynoGridUnit unit, double value)
{
  if (unit == DYNO_GRID_UNIT_GB)
    return 3;
  return value >= 10000 ? 0 : 2;
}

static char *
format_in_unit (double value, DynoGridUnit unit)
{
  if (isnan (value))
    return g_strdup ("—");
  return g_strdup_printf ("%.*f", unit_decimals (unit, value), value);
}

char *
dyno_grid_format_figure (const DynoGridFigures *figures,
                         DynoGridUnit           unit,
                         DynoRateUnit           rate_unit)
{
  g_return_val_if_fail (figures != NULL, NULL);

  if (dyno_grid_figures_empty (figures))
    return g_strdup (figures->too_fast ? "+++++" : "—");
  return format_in_unit (unit_value (figures, unit, rate_unit, FALSE), unit);
}

double
dyno_grid_round_interval (double half, int decimals, int *digits)
{
  int d;
  double step;

  g_return_val_if_fail (digits != NULL, half);

  if (!isfinite (half) || half <= 0)
    {
      *digits = 0;
      return half;
    }
  /* Two significant digits: "± 1511.89" says more than the runs know. */
  d = MIN (MAX (0, 1 - (int) floor (log10 (half))), MAX (decimals, 0));
  *digits = d;
  step = d > 0 ? pow (10, -d) : pow (10, MAX (0, floor (log10 (half)) - 1));
  return round (half / step) * step;
}

char *
dyno_grid_format_interval (double half, int decimals)
{
  int digits;
  double rounded;

  if (!isfinite (half) || half <= 0)
    return NULL;
  rounded = dyno_grid_round_interval (half, decimals, &digits);
  /* Translators: the 95 % interval of a drive test's figure, "± 1500" */
  return g_strdup_printf (_("± %.*f"), digits, rounded);
}

char *
dyno_grid_format_kind (const DynoGridFigures *figures,
                       DynoGridUnit           unit,
                       DynoRateUnit           rate_unit)
{
  double half = NAN;
  double value;
  g_autofree char *interval = NULL;

  g_return_val_if_fail (figures != NULL, NULL);

  if (dyno_grid_figures_empty (figures))
    return NULL;
  if (figures->best_of > 1)
    /* Translators: beside a drive test's figure from CrystalDiskMark: its best of that many
     * runs, the others not kept */
    return g_strdup_printf (_("best of %u"), figures->best_of);
  if (unit == DYNO_GRID_UNIT_LATENCY)
    /* Translators: beside a drive test's mean latency: over every I/O of its runs */
    return g_strdup (_("mean"));
  if (figures->n_runs < 2)
    /* Translators: beside a drive test's figure: a single run, no interval */
    return g_strdup (_("one run"));
  value = unit_value (figures, unit, rate_unit, FALSE);
  if (unit == DYNO_GRID_UNIT_IOPS)
    half = figures->iops.ci95;
  else if (unit == DYNO_GRID_UNIT_GB)
    half = figures->rate.ci95 / 1e9;
  else
    half = figures->rate.ci95 / dyno_rate_unit_scale (rate_unit);
  interval = dyno_grid_format_interval (half, unit_decimals (unit, value));
  if (interval == NULL)
    /* Translators: beside a drive test's figure: the mean of its runs */
    return g_strdup (_("mean"));
  /* Translators: beside a drive test's figure: it is the mean of the runs, then its 95 %
   * interval, "mean ± 1500" */
  return g_strdup_printf (_("mean %s"), interval);
}

char *
dyno_grid_format_best (const DynoGridFigures *figures,
                       DynoGridUnit           unit,
                       DynoRateUnit           rate_unit)
{
  double best;
  g_autofree char *value = NULL;

  g_return_val_if_fail (figures != NULL, NULL);

  if (dyno_grid_figures_empty (figures) || figures->best_of > 1 || figures->n_runs < 2)
    return NULL;
  best = unit_value (figures, unit, rate_unit, TRUE);
  if (isnan (best))
    return NULL;
  value = format_in_unit (best, unit);
  /* Translators: the best run of a drive test, which is CrystalDiskMark's figure: "best
   * 1809.55" */
  return g_strdup_printf (_("best %s"), value);
}

char *
dyno_grid_format_detail (const DynoGridFigures *figures,
                         DynoGridUnit           unit,
                         DynoRateUnit           rate_unit)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (figures != NULL, NULL);

  if (dyno_grid_figures_empty (figures))
    return g_strdup ("");
  for (DynoGridUnit other = DYNO_GRID_UNIT_RATE; other < DYNO_GRID_N_UNITS; other++)
    {
      double value;

      /* The rate once: in the rate unit under IOPS and µs, in IOPS and µs under GB/s. */
      if (other == unit || other == DYNO_GRID_UNIT_GB
          || (other == DYNO_GRID_UNIT_RATE && unit == DYNO_GRID_UNIT_GB))
        continue;
      value = unit_value (figures, other, rate_unit, FALSE);
      if (isnan (value))
        continue;
      g_ptr_array_add (parts, g_strdup_printf ("%.*f %s", value >= 100 ? 0 : 1, value,
                                               dyno_grid_unit_label (other, rate_unit)));
    }
  g_ptr_array_add (parts, NULL);
  /* Translators: between the small figures under a drive test's, "82090 IOPS · 389 µs" */
  return g_strjoinv (_(" · "), (char **) parts->pdata);
}

const DynoPhase *
dyno_grid_row_phase (const DynoPhase *phase)
{
  g_autofree char *nick = NULL;
  const DynoPhaseKind *kind;
  DynoPhaseParams params;

  g_return_val_if_fail (phase != NULL, NULL);

  if (phase->kind->pattern == NULL)
    return phase;
  nick = g_strdup_printf ("%s-read", phase->kind->pattern);
  kind = dyno_phase_kind_lookup (nick);
  if (kind == NULL)
    return phase;
  params = phase->params;
  params.read_percent = 0;
  return dyno_phase_get (kind, &params);
}

static guint
op_rank (const char *op)
{
  if (g_strcmp0 (op, "read") == 0)
    return 0;
  if (g_strcmp0 (op, "write") == 0)
    return 1;
  return 2;
}

int
dyno_grid_compare_columns (const DynoPhase *a, const DynoPhase *b)
{
  guint ra = op_rank (a->kind->op);
  guint rb = op_rank (b->kind->op);

  if (ra != rb)
    return ra < rb ? -1 : 1;
  /* Most reads first. */
  if (a->params.read_percent != b->params.read_percent)
    return a->params.read_percent > b->params.read_percent ? -1 : 1;
  return 0;
}

gboolean
dyno_grid_same_column (const DynoPhase *a, const DynoPhase *b)
{
  return g_strcmp0 (a->kind->op, b->kind->op) == 0
         && a->params.read_percent == b->params.read_percent;
}
