/* dyno-result.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-result.h"

void
dyno_latency_clear (DynoLatency *latency)
{
  latency->count = 0;
  latency->mean = latency->p50 = latency->p90 = latency->p99 = latency->p999 = latency->max = NAN;
}

DynoPhaseRun *
dyno_phase_run_init (DynoPhaseRun *run)
{
  *run = (DynoPhaseRun) {
    .elapsed = NAN,
    .flush_seconds = NAN,
    .cpu_seconds = NAN,
    .cpu_percent = NAN,
    .rate = NAN,
    .cache_resident = NAN,
    .threads = 1,
    .passes = 1,
    .started = NAN,
    .iops = NAN,
    .machine_cpu_seconds = NAN,
    .helper_cpu_seconds = NAN,
    .direct = -1,
  };
  dyno_latency_clear (&run->latency);
  dyno_cpu_split_clear (&run->system_cpu);
  return run;
}

guint64
dyno_sizing_get_count (const DynoSizing *sizing, const DynoPhaseKind *kind)
{
  g_return_val_if_fail (sizing != NULL && kind != NULL, 0);
  return sizing->counts[dyno_phase_kind_get_index (kind)];
}

void
dyno_sizing_set_count (DynoSizing *sizing, const DynoPhaseKind *kind, guint64 count)
{
  g_return_if_fail (sizing != NULL && kind != NULL);
  sizing->counts[dyno_phase_kind_get_index (kind)] = count;
}

DynoPhaseResult *
dyno_phase_result_new (const DynoPhase *phase)
{
  DynoPhaseResult *result = g_new0 (DynoPhaseResult, 1);

  g_return_val_if_fail (phase != NULL, NULL);
  result->phase = phase;
  result->runs = g_array_new (FALSE, TRUE, sizeof (DynoPhaseRun));
  dyno_stats_compute (NULL, 0, &result->rate);
  dyno_stats_compute (NULL, 0, &result->cpu_percent);
  dyno_stats_compute (NULL, 0, &result->iops);
  dyno_latency_clear (&result->latency);
  result->precision_target = NAN;
  result->precision_reached = NAN;
  result->precision_met = -1;
  return result;
}

void
dyno_phase_result_free (DynoPhaseResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->runs);
  g_free (result->note);
  g_free (result->precision_reason);
  g_free (result);
}

void
dyno_phase_result_add_run (DynoPhaseResult *result, const DynoPhaseRun *run)
{
  g_array_append_vals (result->runs, run, 1);
  dyno_phase_result_summarize (result);
}

void
dyno_phase_result_summarize (DynoPhaseResult *result)
{
  guint n = result->runs->len;
  g_autofree double *rates = g_new (double, MAX (n, 1));
  g_autofree double *cpus = g_new (double, MAX (n, 1));
  g_autofree double *iops = g_new (double, MAX (n, 1));

  result->too_fast = FALSE;
  result->cache_doubt = NULL;
  for (guint i = 0; i < n; i++)
    {
      DynoPhaseRun *run = &g_array_index (result->runs, DynoPhaseRun, i);

      /* The count and the time are the data; a stored IOPS figure cannot contradict them. */
      if (run->ios > 0 && run->elapsed > 0)
        run->iops = run->ios / run->elapsed;
      rates[i] = run->too_fast ? NAN : run->rate;
      cpus[i] = run->too_fast ? NAN : run->cpu_percent;
      iops[i] = run->too_fast ? NAN : run->iops;
      result->too_fast |= run->too_fast;
      if (result->cache_doubt == NULL)
        result->cache_doubt = run->cache_doubt;
    }
  dyno_stats_compute (rates, n, &result->rate);
  dyno_stats_compute (cpus, n, &result->cpu_percent);
  dyno_stats_compute (iops, n, &result->iops);
}

double
dyno_phase_result_get_precision (const DynoPhaseResult *result)
{
  g_return_val_if_fail (result != NULL, NAN);

  if (result->rate.n < 2 || !(result->rate.mean > 0) || !isfinite (result->rate.ci95))
    return NAN;
  return result->rate.ci95 / result->rate.mean;
}

void
dyno_phase_result_judge_precision (DynoPhaseResult *result, double target, const char *why_not)
{
  g_return_if_fail (result != NULL);
  g_return_if_fail (target > 0);

  result->precision_target = target;
  result->precision_reached = dyno_phase_result_get_precision (result);
  g_clear_pointer (&result->precision_reason, g_free);
  if (result->precision_reached <= target)
    {
      result->precision_met = 1;
      return;
    }
  result->precision_met = 0;
  result->precision_reason = why_not != NULL ? g_strdup (why_not)
                                             : dyno_phase_result_describe_spread (result);
}

char *
dyno_phase_result_describe_spread (const DynoPhaseResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  if (result->rate.n < 2 || !(result->rate.min > 0))
    /* Translators: why a figure has no 95 % interval */
    return g_strdup (_("a single run: no interval"));
  /* Translators: why a figure's 95 % interval is wider than asked for: its runs' spread,
   * the fastest over the slowest ("×1.35") */
  return g_strdup_printf (_("the device's own runs varied ×%.2f"),
                          result->rate.max / result->rate.min);
}

double
dyno_phase_run_cpu_per_gb (const DynoPhaseRun *run, gboolean machine)
{
  double cpu = machine ? run->machine_cpu_seconds : run->cpu_seconds;

  if (isnan (cpu) || run->amount == 0)
    return NAN;
  return cpu / (run->amount / 1e9);
}

double
dyno_phase_result_cpu_per_gb (const DynoPhaseResult *result, gboolean machine)
{
  double cpu = 0;
  double bytes = 0;

  if (dyno_phase_get_unit (result->phase) != DYNO_UNIT_BYTES)
    return NAN;
  for (guint i = 0; i < result->runs->len; i++)
    {
      const DynoPhaseRun *run = &g_array_index (result->runs, DynoPhaseRun, i);
      double c = machine ? run->machine_cpu_seconds : run->cpu_seconds;

      if (isnan (c) || run->amount == 0)
        continue;
      cpu += c;
      bytes += run->amount;
    }
  return bytes > 0 ? cpu / (bytes / 1e9) : NAN;
}

const DynoPhaseRun *
dyno_phase_result_get_run (const DynoPhaseResult *result, guint i)
{
  g_return_val_if_fail (i < result->runs->len, NULL);
  return &g_array_index (result->runs, DynoPhaseRun, i);
}

double
dyno_phase_result_get_rate (const DynoPhaseResult *result)
{
  return result->rate.mean;
}

DynoTargetResult *
dyno_target_result_new (DynoTargetInfo *info)
{
  DynoTargetResult *result = g_new0 (DynoTargetResult, 1);

  result->info = info;
  result->phases = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_phase_result_free);
  result->samples = g_array_new (FALSE, TRUE, sizeof (DynoSample));
  result->notes = g_ptr_array_new_with_free_func (g_free);
  result->warnings = g_ptr_array_new_with_free_func (g_free);
  result->elapsed = NAN;
  result->error_phase = NULL;
  result->price_amount = NAN;
  result->reference_read = result->reference_write = NAN;
  dyno_sizing_clear (&result->sizing);
  return result;
}

void
dyno_target_result_free (DynoTargetResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->info, dyno_target_info_free);
  g_ptr_array_unref (result->phases);
  g_array_unref (result->samples);
  g_ptr_array_unref (result->notes);
  g_ptr_array_unref (result->warnings);
  g_free (result->error_message);
  g_free (result->scratch_left);
  g_free (result->sizing.reason);
  g_free (result->price_currency);
  g_free (result->remote);
  g_clear_pointer (&result->system, dyno_system_info_free);
  g_free (result);
}

gboolean
dyno_price_currency_is_valid (const char *currency)
{
  if (currency == NULL || strlen (currency) != 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    if (currency[i] < 'A' || currency[i] > 'Z')
      return FALSE;
  return TRUE;
}

gboolean
dyno_price_is_valid (double amount, const char *currency)
{
  return isfinite (amount) && amount > 0 && dyno_price_currency_is_valid (currency);
}

gboolean
dyno_target_result_has_price (const DynoTargetResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);
  return dyno_price_is_valid (result->price_amount, result->price_currency);
}

gboolean
dyno_target_result_set_price (DynoTargetResult *result, double amount, const char *currency)
{
  g_return_val_if_fail (result != NULL, FALSE);
  if (currency == NULL)
    {
      result->price_amount = NAN;
      g_clear_pointer (&result->price_currency, g_free);
      return TRUE;
    }
  if (!dyno_price_is_valid (amount, currency))
    return FALSE;
  result->price_amount = amount;
  g_free (result->price_currency);
  result->price_currency = g_strdup (currency);
  return TRUE;
}

void
dyno_sizing_clear (DynoSizing *sizing)
{
  g_free (sizing->reason);
  *sizing = (DynoSizing) {
    .write_rate = NAN,
    .per_char_rate = NAN,
    .create_rate = NAN,
    .seconds = NAN,
  };
}

DynoPhaseResult *
dyno_target_result_get_phase (const DynoTargetResult *result, const DynoPhase *phase)
{
  for (guint i = 0; i < result->phases->len; i++)
    {
      DynoPhaseResult *p = g_ptr_array_index (result->phases, i);

      if (p->phase == phase)
        return p;
    }
  return NULL;
}

DynoPhaseResult *
dyno_target_result_find_phase (const DynoTargetResult *result, const char *key)
{
  const DynoPhase *phase = dyno_phase_lookup (key);

  return phase ? dyno_target_result_get_phase (result, phase) : NULL;
}

DynoPhaseResult *
dyno_target_result_ensure_phase (DynoTargetResult *result, const DynoPhase *phase)
{
  DynoPhaseResult *p = dyno_target_result_get_phase (result, phase);

  if (p == NULL)
    {
      p = dyno_phase_result_new (phase);
      g_ptr_array_add (result->phases, p);
    }
  return p;
}

gboolean
dyno_target_result_failed (const DynoTargetResult *result)
{
  return result->error_message != NULL;
}

struct _DynoResult
{
  GObject parent_instance;

  char *id;
  GDateTime *created;
  char *label;
  char *notes;
  char *tool;
  char *source;
  char *remote; /* "user@host" of a run over SSH, else NULL */
  char *path;
  gboolean stopped;
  DynoConfig *config;
  DynoSystemInfo *system;
  GPtrArray *targets;
};

G_DEFINE_FINAL_TYPE (DynoResult, dyno_result, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_LABEL,
  PROP_NOTES,
  PROP_TOOL,
  PROP_SOURCE,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dyno_result_finalize (GObject *object)
{
  DynoResult *self = DYNO_RESULT (object);

  g_free (self->id);
  g_clear_pointer (&self->created, g_date_time_unref);
  g_free (self->label);
  g_free (self->notes);
  g_free (self->tool);
  g_free (self->source);
  g_free (self->remote);
  g_free (self->path);
  g_clear_pointer (&self->config, dyno_config_free);
  g_clear_pointer (&self->system, dyno_system_info_free);
  g_ptr_array_unref (self->targets);

  G_OBJECT_CLASS (dyno_result_parent_class)->finalize (object);
}

static void
dyno_result_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoResult *self = DYNO_RESULT (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
      break;
    case PROP_SOURCE:
      g_value_set_string (value, self->source);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_result_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  DynoResult *self = DYNO_RESULT (object);

  switch (prop_id)
    {
    case PROP_ID:
      dyno_result_set_id (self, g_value_get_string (value));
      break;
    case PROP_LABEL:
      dyno_result_set_label (self, g_value_get_string (value));
      break;
    case PROP_NOTES:
      dyno_result_set_notes (self, g_value_get_string (value));
      break;
    case PROP_TOOL:
      dyno_result_set_tool (self, g_value_get_string (value));
      break;
    case PROP_SOURCE:
      dyno_result_set_source (self, g_value_get_string (value));
      break;
    case PROP_PATH:
      dyno_result_set_path (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_result_class_init (DynoResultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags
      = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = dyno_result_finalize;
  object_class->get_property = dyno_result_get_property;
  object_class->set_property = dyno_result_set_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  properties[PROP_TOOL] = g_param_spec_string ("tool", NULL, NULL, NULL, flags);
  properties[PROP_SOURCE] = g_param_spec_string ("source", NULL, NULL, NULL, flags);
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dyno_result_init (DynoResult *self)
{
  self->id = g_uuid_string_random ();
  self->created = g_date_time_new_now_utc ();
  self->tool = g_strdup ("dyno " PACKAGE_VERSION);
  self->config = dyno_config_new ();
  self->system = dyno_system_info_new ();
  self->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_target_result_free);
}

DynoResult *
dyno_result_new (void)
{
  return g_object_new (DYNO_TYPE_RESULT, NULL);
}

static void
set_string (DynoResult *self, char **field, const char *value, GParamSpec *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

const char *
dyno_result_get_id (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->id;
}

void
dyno_result_set_id (DynoResult *self, const char *id)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  set_string (self, &self->id, id, properties[PROP_ID]);
}

GDateTime *
dyno_result_get_created (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->created;
}

void
dyno_result_set_created (DynoResult *self, GDateTime *created)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  g_return_if_fail (created != NULL);
  g_date_time_ref (created);
  g_clear_pointer (&self->created, g_date_time_unref);
  self->created = created;
}

const char *
dyno_result_get_label (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->label;
}

void
dyno_result_set_label (DynoResult *self, const char *label)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  set_string (self, &self->label, label, properties[PROP_LABEL]);
}

const char *
dyno_result_get_notes (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->notes;
}

void
dyno_result_set_notes (DynoResult *self, const char *notes)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  set_string (self, &self->notes, notes, properties[PROP_NOTES]);
}

const char *
dyno_result_get_tool (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->tool;
}

void
dyno_result_set_tool (DynoResult *self, const char *tool)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  set_string (self, &self->tool, tool, properties[PROP_TOOL]);
}

const char *
dyno_result_get_source (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->source;
}

void
dyno_result_set_source (DynoResult *self, const char *source)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  set_string (self, &self->source, source, properties[PROP_SOURCE]);
}

const char *
dyno_result_get_remote (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->remote;
}

void
dyno_result_set_remote (DynoResult *self, const char *remote)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  g_free (self->remote);
  self->remote = g_strdup (remote);
}

gboolean
dyno_result_get_stopped (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), FALSE);
  return self->stopped;
}

void
dyno_result_set_stopped (DynoResult *self, gboolean stopped)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  self->stopped = !!stopped;
}

const char *
dyno_result_get_path (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->path;
}

void
dyno_result_set_path (DynoResult *self, const char *path)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  set_string (self, &self->path, path, properties[PROP_PATH]);
}

const DynoConfig *
dyno_result_get_config (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->config;
}

void
dyno_result_set_config (DynoResult *self, const DynoConfig *config)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  g_return_if_fail (config != NULL);
  g_clear_pointer (&self->config, dyno_config_free);
  self->config = dyno_config_copy (config);
}

const DynoSystemInfo *
dyno_result_get_system (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  return self->system;
}

void
dyno_result_set_system (DynoResult *self, DynoSystemInfo *system)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  g_return_if_fail (system != NULL);
  g_clear_pointer (&self->system, dyno_system_info_free);
  self->system = system;
}

guint
dyno_result_get_n_targets (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), 0);
  return self->targets->len;
}

DynoTargetResult *
dyno_result_get_target (DynoResult *self, guint index)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);
  return g_ptr_array_index (self->targets, index);
}

void
dyno_result_add_target (DynoResult *self, DynoTargetResult *target)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  g_return_if_fail (target != NULL);
  g_ptr_array_add (self->targets, target);
}

void
dyno_result_insert_target (DynoResult *self, guint index, DynoTargetResult *target)
{
  g_return_if_fail (DYNO_IS_RESULT (self));
  g_return_if_fail (target != NULL);
  g_return_if_fail (index <= self->targets->len);
  g_ptr_array_insert (self->targets, index, target);
}

DynoTargetResult *
dyno_result_steal_target (DynoResult *self, guint index)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);
  return g_ptr_array_steal_index (self->targets, index);
}

gboolean
dyno_result_has_failures (DynoResult *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), FALSE);
  for (guint i = 0; i < self->targets->len; i++)
    if (dyno_target_result_failed (g_ptr_array_index (self->targets, i)))
      return TRUE;
  return FALSE;
}

static const char *
target_path (DynoResult *self, guint index)
{
  DynoTargetResult *target = g_ptr_array_index (self->targets, index);

  return target->info != NULL && target->info->path != NULL && *target->info->path != '\0'
             ? target->info->path
             : NULL;
}

/* The machine of a target measured over SSH: a remote target's of a run over several machines,
 * or every target's of a run of one remote machine; its system's host name, else the host of
 * its "user@host". NULL for a target of the machine that ran the run. */
static char *
target_host (DynoResult *self, guint index)
{
  DynoTargetResult *target = g_ptr_array_index (self->targets, index);
  const char *remote = target->remote != NULL ? target->remote : self->remote;
  const DynoSystemInfo *system = target->remote != NULL ? target->system : self->system;
  const char *at;

  if (remote == NULL || *remote == '\0')
    return NULL;
  if (system != NULL && system->hostname != NULL && *system->hostname != '\0')
    return g_strdup (system->hostname);
  at = strrchr (remote, '@');
  return g_strdup (at != NULL && at[1] != '\0' ? at + 1 : remote);
}

/* The folder, on its machine when that is another: "data", or "data on nas". */
static char *
folder_on_host (const char *folder, const char *host)
{
  if (host == NULL)
    return g_strdup (folder);
  /* Translators: a folder of another machine in a run over several, "data on nas" */
  return g_strdup_printf (_("%s on %s"), folder, host);
}

static char *
target_short_folder (DynoResult *self, guint index)
{
  const char *path = target_path (self, index);
  g_autofree char *base = NULL;
  g_autofree char *host = NULL;

  if (path == NULL)
    return NULL;
  base = g_path_get_basename (path);
  host = target_host (self, index);
  return folder_on_host (base, host);
}

char *
dyno_result_dup_target_host (DynoResult *self, guint index)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);

  return target_host (self, index);
}

char *
dyno_result_dup_target_path (DynoResult *self, guint index)
{
  g_autofree char *host = NULL;
  const char *path;

  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);

  path = target_path (self, index);
  if (path == NULL)
    return NULL;
  host = target_host (self, index);
  return folder_on_host (path, host);
}

char *
dyno_result_dup_target_folder (DynoResult *self, guint index)
{
  g_autofree char *folder = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);

  folder = target_short_folder (self, index);
  if (folder == NULL)
    return NULL;
  for (guint i = 0; i < self->targets->len; i++)
    {
      g_autofree char *other = NULL;

      if (i == index)
        continue;
      other = target_short_folder (self, i);
      if (g_strcmp0 (folder, other) == 0)
        {
          g_autofree char *host = target_host (self, index);

          return folder_on_host (target_path (self, index), host);
        }
    }
  return g_steal_pointer (&folder);
}

static const char *
host_name (DynoResult *self)
{
  if (self->system != NULL && self->system->hostname != NULL && *self->system->hostname != '\0')
    return self->system->hostname;
  /* Translators: the name of a result that has neither a label, nor a folder, nor a host */
  return _("unnamed");
}

char *
dyno_result_dup_name (DynoResult *self)
{
  g_autoptr (GStrvBuilder) folders = NULL;
  g_auto (GStrv) list = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);

  if (self->label != NULL && *self->label != '\0')
    return g_strdup (self->label);
  folders = g_strv_builder_new ();
  for (guint i = 0; i < self->targets->len; i++)
    {
      g_autofree char *folder = dyno_result_dup_target_folder (self, i);

      if (folder != NULL)
        g_strv_builder_add (folders, folder);
    }
  list = g_strv_builder_end (folders);
  if (list[0] != NULL)
    /* Translators: what separates the folders of a run that names them all, "plain, secret" */
    return g_strjoinv (_(", "), list);
  return g_strdup (host_name (self));
}

char *
dyno_result_dup_target_name (DynoResult *self, guint index)
{
  g_autofree char *folder = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);

  folder = dyno_result_dup_target_folder (self, index);
  if (self->label != NULL && *self->label != '\0')
    {
      if (self->targets->len < 2 || folder == NULL)
        return g_strdup (self->label);
      /* Translators: a target of a labelled run over several folders, "lap 3 · plain" */
      return g_strdup_printf (_("%s · %s"), self->label, folder);
    }
  if (folder != NULL)
    return g_steal_pointer (&folder);
  if (self->targets->len > 1)
    {
      g_autofree char *host = target_host (self, index);

      /* Translators: a target without a folder of a run over several: "vm #2" */
      return g_strdup_printf (_("%s #%u"), host != NULL ? host : host_name (self), index + 1);
    }
  return g_strdup (host_name (self));
}
