/* dyno-result-json-write.c: results as versioned JSON files
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/result-format.md describes every field.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-array.h"
#include "dyno-error.h"
#include "dyno-json-build.h"
#include "dyno-option.h"
#include "dyno-output.h"
#include "dyno-phase-kind.h"
#include "dyno-result.h"
#include "dyno-result-json-private.h"
#include "dyno-result-json.h"

/* Writing */

static void
set_string (JsonObject *object, const char *name, const char *value)
{
  if (value == NULL)
    json_object_set_null_member (object, name);
  else if (g_utf8_validate (value, -1, NULL))
    json_object_set_string_member (object, name, value);
  else
    {
      /* Paths and mount options are bytes on Linux. json-glib would write them as they are and
       * then refuse to read its own file back, so a stray byte becomes U+FFFD instead. */
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_object_set_string_member (object, name, valid);
    }
}

static void
add_string (JsonArray *array, const char *value)
{
  if (g_utf8_validate (value, -1, NULL))
    json_array_add_string_element (array, value);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_array_add_string_element (array, valid);
    }
}

static void
set_double (JsonObject *object, const char *name, double value)
{
  json_object_set_member (object, name, dyno_json_double_node (value));
}

static void
add_double (JsonArray *array, double value)
{
  json_array_add_element (array, dyno_json_double_node (value));
}

static void
set_uint (JsonObject *object, const char *name, guint64 value)
{
  json_object_set_int_member (object, name, (gint64) MIN (value, (guint64) G_MAXINT64));
}

static void
set_time (JsonObject *object, const char *name, gint64 unix_usec)
{
  g_autoptr (GDateTime) seconds = NULL;
  g_autoptr (GDateTime) time = NULL;
  g_autofree char *text = NULL;
  gint64 usec = unix_usec % G_USEC_PER_SEC;
  gint64 secs = unix_usec / G_USEC_PER_SEC;

  if (usec < 0)
    {
      usec += G_USEC_PER_SEC;
      secs--;
    }
  /* 0 is what a target that never started keeps. */
  if (unix_usec != 0)
    seconds = g_date_time_new_from_unix_utc (secs);
  if (seconds != NULL)
    time = g_date_time_add (seconds, usec);
  if (time != NULL)
    text = g_date_time_format_iso8601 (time);
  set_string (object, name, text);
}

static JsonObject *
latency_to_json (const DynoLatency *latency)
{
  JsonObject *object = json_object_new ();

  set_uint (object, "count", latency->count);
  /* Files before queued phases had no mean; leave it out when unknown, as they did. */
  if (!isnan (latency->mean))
    set_double (object, "mean", latency->mean);
  set_double (object, "p50", latency->p50);
  set_double (object, "p90", latency->p90);
  set_double (object, "p99", latency->p99);
  set_double (object, "p999", latency->p999);
  set_double (object, "max", latency->max);
  return object;
}

static JsonObject *
stats_to_json (const DynoStats *stats)
{
  JsonObject *object = json_object_new ();

  set_uint (object, "n", stats->n);
  set_double (object, "mean", stats->mean);
  set_double (object, "sd", stats->sd);
  set_double (object, "min", stats->min);
  set_double (object, "max", stats->max);
  set_double (object, "ci95", stats->ci95);
  return object;
}

static JsonObject *
cpu_split_to_json (const DynoCpuSplit *split)
{
  JsonObject *object = json_object_new ();

  set_double (object, "user", split->user);
  set_double (object, "system", split->system);
  set_double (object, "iowait", split->iowait);
  set_double (object, "idle", split->idle);
  return object;
}

/* The object an option's member is in ("queued.size": "queued", made when missing) and the
 * member's own name. */
static JsonObject *
option_parent (JsonObject *object, const char *path, const char **leaf)
{
  const char *dot = strchr (path, '.');
  g_autofree char *head = NULL;

  if (dot == NULL)
    {
      *leaf = path;
      return object;
    }
  head = g_strndup (path, dot - path);
  if (!json_object_has_member (object, head))
    json_object_set_object_member (object, head, json_object_new ());
  return option_parent (json_object_get_object_member (object, head), dot + 1, leaf);
}

static gboolean
option_is_written (const DynoOption *option, const DynoConfig *config, gboolean whole)
{
  if (option->json == NULL || ((option->flags & DYNO_OPTION_NOT_IN_RESULT) && !whole))
    return FALSE;
  if ((option->flags & DYNO_OPTION_JSON_IF_APPLIES) && !dyno_option_applies (option, config))
    return FALSE;
  if ((option->flags & DYNO_OPTION_JSON_IF_TIMED) && !(config->phase_time > 0))
    return FALSE;
  return TRUE;
}

static void
option_to_json (JsonObject *object, const DynoOptionSet *set, const DynoOption *option,
                const DynoConfig *config)
{
  gconstpointer ptr = dyno_option_get_ptr (set, option, config);
  const char *leaf;
  JsonObject *parent = option_parent (object, option->json, &leaf);

  if (option->to_json != NULL)
    {
      JsonNode *node = option->to_json (option, config);

      if (node != NULL)
        json_object_set_member (parent, leaf, node);
      return;
    }
  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      set_uint (parent, leaf, *(const guint64 *) ptr);
      break;
    case DYNO_OPTION_COUNT:
      set_uint (parent, leaf, *(const guint *) ptr);
      break;
    case DYNO_OPTION_SECONDS:
    case DYNO_OPTION_FRACTION:
      set_double (parent, leaf, *(const double *) ptr);
      break;
    case DYNO_OPTION_STRING:
      if (*(char *const *) ptr != NULL)
        set_string (parent, leaf, *(char *const *) ptr);
      break;
    case DYNO_OPTION_BOOL:
      json_object_set_boolean_member (parent, leaf, *(const gboolean *) ptr);
      break;
    case DYNO_OPTION_SEED:
      {
        /* A string: JSON readers in JavaScript and many others keep numbers as doubles, which
         * would round a 64-bit seed and make the run impossible to reproduce. */
        g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, *(const guint64 *) ptr);

        json_object_set_string_member (parent, leaf, seed);
        break;
      }
    case DYNO_OPTION_ENUM:
    case DYNO_OPTION_CUSTOM:
    default:
      {
        g_autofree char *text = dyno_option_format (set, option, config);

        if (text != NULL)
          json_object_set_string_member (parent, leaf, text);
        break;
      }
    }
}

typedef struct
{
  JsonObject *object;
  const DynoConfig *config;
  gboolean whole;
} ConfigWriter;

static gboolean
write_option (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  ConfigWriter *writer = data;

  if (option_is_written (option, writer->config, writer->whole))
    option_to_json (writer->object, set, option, writer->config);
  return TRUE;
}

/* Every option of the run and of the kinds that has a member, from their tables. */
static JsonObject *
config_to_json (const DynoConfig *config, gboolean whole)
{
  ConfigWriter writer = { json_object_new (), config, whole };

  dyno_options_foreach_in_place (write_option, &writer);
  return writer.object;
}

static JsonObject *
system_to_json (const DynoSystemInfo *system)
{
  JsonObject *object = json_object_new ();

  set_string (object, "hostname", system->hostname);
  set_string (object, "os", system->os_name);
  set_string (object, "kernel", system->kernel);
  set_string (object, "arch", system->arch);
  set_string (object, "cpu_model", system->cpu_model);
  set_uint (object, "cpu_count", system->cpu_count);
  set_uint (object, "ram_bytes", system->ram_bytes);
  if (isfinite (system->idle_busy_cpus))
    {
      JsonObject *idle = json_object_new ();

      set_double (idle, "busy_cpus", system->idle_busy_cpus);
      set_double (idle, "seconds", system->idle_seconds);
      json_object_set_object_member (object, "idle_cpu", idle);
    }
  if (system->cpu_crypto_known)
    {
      JsonArray *flags = json_array_new ();

      for (guint i = 0; i < system->cpu_crypto->len; i++)
        json_array_add_string_element (flags, g_ptr_array_index (system->cpu_crypto, i));
      json_object_set_array_member (object, "cpu_crypto", flags);
    }
  return object;
}

static JsonObject *
info_to_json (const DynoTargetInfo *info)
{
  JsonObject *object = json_object_new ();
  JsonArray *encryption = json_array_new ();

  set_string (object, "mount_point", info->mount_point);
  set_string (object, "fs_type", info->fs_type);
  set_string (object, "mount_source", info->mount_source);
  set_string (object, "mount_options", info->mount_options);
  set_string (object, "device", info->device);
  set_string (object, "device_model", info->device_model);
  if (info->rotational == DYNO_TRISTATE_UNKNOWN)
    json_object_set_null_member (object, "rotational");
  else
    json_object_set_boolean_member (object, "rotational", info->rotational == DYNO_TRISTATE_YES);
  for (guint i = 0; info->encryption != NULL && i < info->encryption->len; i++)
    add_string (encryption, g_ptr_array_index (info->encryption, i));
  json_object_set_array_member (object, "encryption", encryption);
  json_object_set_boolean_member (object, "network", info->network);
  json_object_set_boolean_member (object, "cow", info->cow);
  set_string (object, "cow_hint", info->cow_hint);
  if (info->helper != NULL)
    set_string (object, "helper", info->helper);
  if (info->crypto->len > 0)
    {
      JsonArray *layers = json_array_new ();

      for (guint i = 0; i < info->crypto->len; i++)
        {
          const DynoCryptoLayer *layer = g_ptr_array_index (info->crypto, i);
          JsonObject *o = json_object_new ();

          set_string (o, "layer", layer->layer);
          set_string (o, "cipher", layer->cipher);
          set_string (o, "details", layer->details);
          set_string (o, "driver", layer->driver);
          set_string (o, "source", layer->source);
          set_string (o, "missing", layer->missing);
          json_array_add_object_element (layers, o);
        }
      json_object_set_array_member (object, "crypto", layers);
    }
  /* Only for a target on an array: its layout and data spindles, as dyno-cli scan writes it */
  if (info->array != NULL)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();

      dyno_array_info_to_json (info->array, builder);
      json_object_set_member (object, "array", json_builder_get_root (builder));
    }
  set_uint (object, "total_bytes", info->total_bytes);
  set_uint (object, "free_bytes", info->free_bytes);
  set_uint (object, "free_inodes", info->free_inodes);
  return object;
}

static JsonObject *
run_to_json (const DynoPhaseRun *run)
{
  JsonObject *object = json_object_new ();

  set_uint (object, "repeat", run->repeat);
  set_uint (object, "amount", run->amount);
  set_double (object, "elapsed", run->elapsed);
  set_double (object, "flush_seconds", run->flush_seconds);
  set_double (object, "cpu_seconds", run->cpu_seconds);
  set_double (object, "cpu_percent", run->cpu_percent);
  set_double (object, "rate", run->rate);
  json_object_set_boolean_member (object, "too_fast", run->too_fast);
  set_double (object, "cache_resident", run->cache_resident);
  if (run->n_below > 0)
    {
      JsonArray *below = json_array_new ();

      for (guint i = 0; i < run->n_below && i < DYNO_MAX_CACHE_LAYERS; i++)
        {
          JsonObject *layer = json_object_new ();

          set_string (layer, "layer", run->below[i].kind);
          set_string (layer, "path", run->below[i].path);
          set_double (layer, "resident", run->below[i].resident);
          json_array_add_object_element (below, layer);
        }
      json_object_set_array_member (object, "cache_below", below);
    }
  if (run->cache_doubt != NULL)
    set_string (object, "cache_doubt", run->cache_doubt);
  set_uint (object, "threads", run->threads);
  set_uint (object, "passes", run->passes);
  set_double (object, "started", run->started);
  json_object_set_object_member (object, "latency", latency_to_json (&run->latency));
  json_object_set_object_member (object, "system_cpu", cpu_split_to_json (&run->system_cpu));
  /* What only queued phases (and peers' results) know; Bonnie's phases leave them out. */
  if (run->ios > 0)
    set_uint (object, "ios", run->ios);
  if (!isnan (run->iops))
    set_double (object, "iops", run->iops);
  if (!isnan (run->machine_cpu_seconds))
    {
      set_double (object, "machine_cpu_seconds", run->machine_cpu_seconds);
      set_double (object, "machine_cpu_seconds_per_gb", dyno_phase_run_cpu_per_gb (run, TRUE));
    }
  if (!isnan (run->helper_cpu_seconds))
    set_double (object, "helper_cpu_seconds", run->helper_cpu_seconds);
  if (run->engine != NULL)
    {
      set_string (object, "engine", run->engine);
      set_double (object, "cpu_seconds_per_gb", dyno_phase_run_cpu_per_gb (run, FALSE));
    }
  if (run->direct >= 0)
    json_object_set_boolean_member (object, "direct", run->direct != 0);
  return object;
}

/* A phase with parameters says what they are, so that other programs need not parse its key:
 * "kind", "pattern", "op", "block_size", "queue_depth", "threads", "read_percent". Bonnie's
 * phases have none and get none of these. */
static void
add_phase_params (JsonObject *object, const DynoPhase *phase)
{
  const DynoPhaseKind *kind = phase->kind;

  if (kind->params == 0)
    return;
  json_object_set_string_member (object, "kind", kind->nick);
  set_string (object, "pattern", kind->pattern);
  set_string (object, "op", kind->op);
  if (kind->params & DYNO_PHASE_PARAM_BLOCK)
    set_uint (object, "block_size", phase->params.block_size);
  if (kind->params & DYNO_PHASE_PARAM_QUEUE_DEPTH)
    set_uint (object, "queue_depth", phase->params.queue_depth);
  if (kind->params & DYNO_PHASE_PARAM_THREADS)
    set_uint (object, "threads", phase->params.threads);
  if (kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
    set_uint (object, "read_percent", phase->params.read_percent);
}

static JsonObject *
phase_to_json (const DynoPhaseResult *phase)
{
  JsonObject *object = json_object_new ();
  JsonObject *summary = json_object_new ();
  JsonArray *runs = json_array_new ();

  json_object_set_string_member (object, "id", dyno_phase_get_key (phase->phase));
  json_object_set_string_member (object, "unit",
                                 dyno_result_unit_to_string (dyno_phase_get_unit (phase->phase)));
  add_phase_params (object, phase->phase);
  set_string (object, "note", phase->note);
  json_object_set_boolean_member (object, "too_fast", phase->too_fast);
  if (phase->best_of > 0)
    set_uint (object, "best_of", phase->best_of);
  if (phase->precision_met >= 0)
    {
      JsonObject *precision = json_object_new ();

      set_double (precision, "target", phase->precision_target);
      set_double (precision, "reached", phase->precision_reached);
      json_object_set_boolean_member (precision, "met", phase->precision_met == 1);
      if (phase->precision_reason != NULL)
        set_string (precision, "reason", phase->precision_reason);
      json_object_set_object_member (object, "precision", precision);
    }
  json_object_set_object_member (summary, "rate", stats_to_json (&phase->rate));
  json_object_set_object_member (summary, "cpu_percent", stats_to_json (&phase->cpu_percent));
  if (phase->iops.n > 0)
    json_object_set_object_member (summary, "iops", stats_to_json (&phase->iops));
  json_object_set_object_member (object, "summary", summary);
  json_object_set_object_member (object, "latency", latency_to_json (&phase->latency));
  for (guint i = 0; i < phase->runs->len; i++)
    json_array_add_object_element (runs,
                                   run_to_json (&g_array_index (phase->runs, DynoPhaseRun, i)));
  json_object_set_array_member (object, "runs", runs);
  return object;
}

static JsonObject *
samples_to_json (GArray *samples)
{
  JsonObject *object = json_object_new ();
  JsonArray *fields = json_array_new ();
  JsonArray *rows = json_array_new ();

  for (guint i = 0; i < N_COLUMNS; i++)
    json_array_add_string_element (fields, dyno_result_sample_fields[i]);
  for (guint i = 0; i < samples->len; i++)
    {
      const DynoSample *sample = &g_array_index (samples, DynoSample, i);
      JsonArray *row = json_array_sized_new (N_COLUMNS);

      /* In the order of dyno_result_sample_fields. */
      add_double (row, sample->t);
      add_double (row, sample->phase_t);
      json_array_add_int_element (row, sample->target);
      json_array_add_int_element (row, sample->repeat);
      json_array_add_string_element (row, dyno_phase_get_key (sample->phase));
      json_array_add_int_element (row, (gint64) MIN (sample->done, (guint64) G_MAXINT64));
      add_double (row, sample->rate);
      add_double (row, sample->process_cpu);
      add_double (row, sample->system_cpu.user);
      add_double (row, sample->system_cpu.system);
      add_double (row, sample->system_cpu.iowait);
      add_double (row, sample->system_cpu.idle);
      add_double (row, sample->progress);
      json_array_add_array_element (rows, row);
    }
  json_object_set_array_member (object, "fields", fields);
  json_object_set_array_member (object, "rows", rows);
  return object;
}

/* A kind sized a count of its own (a run of only such a kind sizes nothing else). */
static gboolean
sizing_has_counts (const DynoSizing *sizing)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizing->counts); i++)
    if (sizing->counts[i] > 0)
      return TRUE;
  return FALSE;
}

static JsonObject *
sizing_to_json (const DynoSizing *sizing)
{
  JsonObject *object = json_object_new ();

  json_object_set_boolean_member (object, "calibrated", sizing->calibrated);
  set_double (object, "write_rate", sizing->write_rate);
  set_double (object, "per_char_rate", sizing->per_char_rate);
  set_double (object, "create_rate", sizing->create_rate);
  set_double (object, "seconds", sizing->seconds);
  set_uint (object, "size", sizing->size);
  set_uint (object, "per_char_size", sizing->per_char_size);
  set_uint (object, "files", sizing->files);
  {
    guint n_kinds;
    const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

    /* Each under its kind's key, also when 0: readers of older versions expect them. */
    for (guint i = 0; i < n_kinds; i++)
      if (kinds[i]->workload != NULL && kinds[i]->workload->key != NULL)
        set_uint (object, kinds[i]->workload->key, sizing->counts[i]);
  }
  set_string (object, "reason", sizing->reason);
  if (sizing->space_short)
    json_object_set_boolean_member (object, "space_short", TRUE);
  return object;
}

static JsonObject *
target_to_json (const DynoTargetResult *target)
{
  JsonObject *object = json_object_new ();
  JsonArray *notes = json_array_new ();
  JsonArray *warnings = json_array_new ();
  JsonArray *phases = json_array_new ();

  set_string (object, "path", target->info ? target->info->path : NULL);
  /* Only for a target of another machine in a run across machines (docs/remote.md). */
  if (target->remote != NULL)
    set_string (object, "remote", target->remote);
  if (target->system != NULL)
    json_object_set_object_member (object, "system", system_to_json (target->system));
  if (target->info != NULL)
    json_object_set_object_member (object, "info", info_to_json (target->info));
  set_time (object, "started", target->started_at);
  set_double (object, "elapsed", target->elapsed);
  /* Only what a run sized; imports and older files have nothing to say here. */
  if (target->sizing.calibrated || target->sizing.size > 0 || target->sizing.files > 0
      || sizing_has_counts (&target->sizing))
    json_object_set_object_member (object, "sizing", sizing_to_json (&target->sizing));
  /* Only when the user gave one: imports and older files have none. */
  if (dyno_target_result_has_price (target))
    {
      JsonObject *price = json_object_new ();

      set_double (price, "amount", target->price_amount);
      json_object_set_string_member (price, "currency", target->price_currency);
      json_object_set_object_member (object, "price", price);
    }
  /* Only when given (dyno-cli run --reference / --per-spindle, the app's Reference rate). */
  if (isfinite (target->reference_read) && isfinite (target->reference_write))
    {
      JsonObject *reference = json_object_new ();

      set_double (reference, "read", target->reference_read);
      set_double (reference, "write", target->reference_write);
      json_object_set_object_member (object, "reference", reference);
    }
  if (target->spindles_read > 0)
    {
      JsonObject *spindles = json_object_new ();

      set_uint (spindles, "read", target->spindles_read);
      set_uint (spindles, "write",
                target->spindles_write > 0 ? target->spindles_write : target->spindles_read);
      json_object_set_object_member (object, "data_spindles", spindles);
    }
  for (guint i = 0; i < target->notes->len; i++)
    add_string (notes, g_ptr_array_index (target->notes, i));
  json_object_set_array_member (object, "notes", notes);
  for (guint i = 0; i < target->warnings->len; i++)
    add_string (warnings, g_ptr_array_index (target->warnings, i));
  json_object_set_array_member (object, "warnings", warnings);
  if (dyno_target_result_failed (target))
    {
      JsonObject *error = json_object_new ();

      json_object_set_string_member (error, "code", dyno_error_to_string (target->error_code));
      set_string (error, "message", target->error_message);
      if (target->error_phase != NULL)
        json_object_set_string_member (error, "phase", dyno_phase_get_key (target->error_phase));
      else
        json_object_set_null_member (error, "phase");
      json_object_set_object_member (object, "error", error);
    }
  for (guint i = 0; i < target->phases->len; i++)
    json_array_add_object_element (phases, phase_to_json (g_ptr_array_index (target->phases, i)));
  json_object_set_array_member (object, "phases", phases);
  json_object_set_object_member (object, "samples", samples_to_json (target->samples));
  return object;
}

static JsonNode *
result_to_node (DynoResult *self)
{
  JsonObject *object = json_object_new ();
  JsonArray *targets = json_array_new ();
  JsonNode *root = json_node_new (JSON_NODE_OBJECT);
  const DynoConfig *config = dyno_result_get_config (self);
  g_autoptr (GDateTime) created = g_date_time_to_utc (dyno_result_get_created (self));
  g_autofree char *created_text = g_date_time_format_iso8601 (created);
  const char *label = dyno_result_get_label (self);
  const char *notes = dyno_result_get_notes (self);

  json_object_set_string_member (object, "format", DYNO_RESULT_FORMAT);
  json_object_set_int_member (object, "version", DYNO_RESULT_VERSION);
  set_string (object, "id", dyno_result_get_id (self));
  set_string (object, "created", created_text);
  set_string (object, "tool", dyno_result_get_tool (self));
  if (dyno_result_get_source (self) != NULL)
    set_string (object, "source", dyno_result_get_source (self));
  if (dyno_result_get_remote (self) != NULL)
    set_string (object, "remote", dyno_result_get_remote (self));
  if (dyno_result_get_stopped (self))
    json_object_set_boolean_member (object, "stopped", TRUE);
  /* A run's label and notes start out in its config; the file keeps one copy, here. */
  set_string (object, "label", label != NULL ? label : config->label);
  set_string (object, "notes", notes != NULL ? notes : config->notes);
  json_object_set_object_member (object, "config", config_to_json (config, FALSE));
  json_object_set_object_member (object, "system", system_to_json (dyno_result_get_system (self)));
  for (guint i = 0; i < dyno_result_get_n_targets (self); i++)
    json_array_add_object_element (targets, target_to_json (dyno_result_get_target (self, i)));
  json_object_set_array_member (object, "targets", targets);

  json_node_take_object (root, object);
  return root;
}

static GString *
result_to_gstring (DynoResult *self, gboolean pretty)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = result_to_node (self);
  GString *text = g_string_new (NULL);

  json_generator_set_pretty (generator, pretty);
  json_generator_set_root (generator, root);
  json_generator_to_gstring (generator, text);
  return text;
}

char *
dyno_result_to_json (DynoResult *self, gboolean pretty)
{
  g_return_val_if_fail (DYNO_IS_RESULT (self), NULL);

  return g_string_free (result_to_gstring (self, pretty), FALSE);
}

gboolean
dyno_result_save (DynoResult *self, const char *path, GError **error)
{
  g_autoptr (GString) text = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Pretty: people open these in editors and keep them in git, where line diffs matter more
   * than the third the indentation costs. */
  text = result_to_gstring (self, TRUE);
  g_string_append_c (text, '\n');
  /* A regular file is replaced whole (a temporary file, flushed, renamed over it): a crash or a
   * full disk leaves the previous result whole. A device or a pipe is written into. */
  if (!dyno_output_write (path, text->str, text->len, error))
    return FALSE;
  dyno_result_set_path (self, path);
  return TRUE;
}

/* Reading
 *
 * Every reader takes the path of the value it reads ("targets[0].phases[3]") so that an error
 * can say where it is. Absent members keep the default the caller set up; JSON null means
 * "unknown": NAN for measurements, NULL for strings, the default for counts. */

JsonObject *
dyno_config_to_json_full (const DynoConfig *config, gboolean whole)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config_to_json (config, whole);
}

JsonObject *
dyno_config_to_json (const DynoConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config_to_json (config, FALSE);
}

JsonObject *
dyno_system_info_to_json (const DynoSystemInfo *system)
{
  g_return_val_if_fail (system != NULL, NULL);
  return system_to_json (system);
}

JsonObject *
dyno_target_info_to_json (const DynoTargetInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);
  return info_to_json (info);
}
