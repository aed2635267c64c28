/* dyno-result-json-read.c: reading result files from anyone
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/result-format.md describes every field. The reader treats its input as hostile: files
 * come from imports, mail and fuzzers, so nothing in them may crash us, trip a
 * g_return_if_fail, or exhaust memory, and every refusal names the field that was wrong.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-array.h"
#include "dyno-error.h"
#include "dyno-file-private.h"
#include "dyno-option.h"
#include "dyno-phase-kind.h"
#include "dyno-result.h"
#include "dyno-json-shape.h"
#include "dyno-result-json-private.h"
#include "dyno-result-json.h"

/* A real result with samples stays far below this (a day of samples is about 200 MiB); it
 * bounds the memory a file can make us use (json-glib keeps the whole tree, roughly 4 bytes of
 * memory per byte of file), and a file is refused on its size, before a byte is read. */
#define MAX_FILE_SIZE (G_GUINT64_CONSTANT (256) << 20)
/* Samples are about 230 bytes of text a row; more than this would not fit in MAX_FILE_SIZE. */
#define MAX_SAMPLES (4u << 20)
#define MAX_TARGETS 1024
#define MAX_WARNINGS 10000
#define MAX_LAYERS 64
#define MAX_FIELDS 256

static char *
join_path (const char *where, const char *name)
{
  if (where == NULL || where[0] == '\0')
    return g_strdup (name);
  if (name == NULL)
    return g_strdup (where);
  if (name[0] == '[')
    return g_strconcat (where, name, NULL);
  return g_strconcat (where, ".", name, NULL);
}

static gboolean
fail (GError **error, const char *where, const char *name, const char *format, ...)
    G_GNUC_PRINTF (4, 5);

static gboolean
fail (GError **error, const char *where, const char *name, const char *format, ...)
{
  g_autofree char *path = join_path (where, name);
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, "%s: %s", path, reason);
  return FALSE;
}

static const char *
describe (JsonNode *node)
{
  if (node == NULL)
    return _("nothing");
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          return _("a string");
        case G_TYPE_BOOLEAN:
          return _("true or false");
        default:
          return _("a number");
        }
    default:
      return _("something unknown");
    }
}

static gboolean
is_absent (JsonNode *node)
{
  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

static gboolean
holds (JsonNode *node, GType type)
{
  /* The JSON_NODE_HOLDS_* macros are criticals, not FALSE, on a missing member. */
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

static gboolean
is_number (JsonNode *node)
{
  return holds (node, G_TYPE_INT64) || holds (node, G_TYPE_DOUBLE);
}

static gboolean
read_double (JsonNode *node, const char *where, const char *name, double min, double max,
             double *out, GError **error)
{
  double value;

  if (node == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_NULL (node))
    {
      *out = NAN;
      return TRUE;
    }
  if (!is_number (node))
    return fail (error, where, name, _("expected a number, found %s"), describe (node));
  if (holds (node, G_TYPE_INT64))
    value = (double) json_node_get_int (node);
  else
    value = json_node_get_double (node);
  /* json-glib turns 1e999 into infinity; NaN never gets past the parser. */
  if (!isfinite (value))
    return fail (error, where, name, _("the number is too large"));
  if (value < 0 && min == 0)
    return fail (error, where, name, _("%g is negative"), value);
  if (value < min || value > max)
    return fail (error, where, name, _("%g is out of range (%g to %g)"), value, min, max);
  *out = value;
  return TRUE;
}

static gboolean
read_uint64 (JsonNode *node, const char *where, const char *name, guint64 min, guint64 max,
             guint64 *out, GError **error)
{
  guint64 value;

  if (is_absent (node))
    return TRUE;
  if (holds (node, G_TYPE_INT64))
    {
      /* json-glib wraps integers past 2^63 around to negative ones, so those land here too. */
      gint64 v = json_node_get_int (node);

      if (v < 0)
        {
          g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, v);

          return fail (error, where, name, _("%s is negative"), text);
        }
      value = v;
    }
  else if (holds (node, G_TYPE_DOUBLE))
    {
      /* Other writers may say 1e9 or 4.0 for a count; accept what is a whole number. */
      double v = json_node_get_double (node);

      if (!isfinite (v) || v < 0 || v >= 18446744073709551616.0 || v != floor (v))
        return fail (error, where, name, _("expected a whole number, found %g"), v);
      value = (guint64) v;
    }
  else
    return fail (error, where, name, _("expected a number, found %s"), describe (node));

  if (value < min || value > max)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);
      g_autofree char *min_text = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
      g_autofree char *max_text = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

      return fail (error, where, name, _("%s is out of range (%s to %s)"), text, min_text,
                   max_text);
    }
  *out = value;
  return TRUE;
}

static gboolean
read_uint (JsonNode *node, const char *where, const char *name, guint min, guint max, guint *out,
           GError **error)
{
  guint64 value = *out;

  if (!read_uint64 (node, where, name, min, max, &value, error))
    return FALSE;
  *out = value;
  return TRUE;
}

static gboolean
read_bool (JsonNode *node, const char *where, const char *name, gboolean *out, GError **error)
{
  if (is_absent (node))
    return TRUE;
  if (!holds (node, G_TYPE_BOOLEAN))
    return fail (error, where, name, _("expected true or false, found %s"), describe (node));
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* Replaces *out; JSON null clears it. */
static gboolean
read_string (JsonNode *node, const char *where, const char *name, char **out, GError **error)
{
  if (node == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_NULL (node))
    {
      g_clear_pointer (out, g_free);
      return TRUE;
    }
  if (!holds (node, G_TYPE_STRING))
    return fail (error, where, name, _("expected a string, found %s"), describe (node));
  g_free (*out);
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

/* A string we need to look at; NULL when absent. */
static gboolean
peek_string (JsonNode *node, const char *where, const char *name, const char **out,
             GError **error)
{
  *out = NULL;
  if (is_absent (node))
    return TRUE;
  if (!holds (node, G_TYPE_STRING))
    return fail (error, where, name, _("expected a string, found %s"), describe (node));
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
read_phase_id (JsonNode *node, const char *where, const char *name, const DynoPhase **out,
               GError **error)
{
  if (node == NULL)
    return fail (error, where, name, _("missing"));
  if (!holds (node, G_TYPE_STRING))
    return fail (error, where, name, _("expected a phase name, found %s"), describe (node));
  *out = dyno_phase_lookup (json_node_get_string (node));
  if (*out == NULL)
    return fail (error, where, name, _("unknown phase “%s”"), json_node_get_string (node));
  return TRUE;
}

static gboolean
read_time (JsonNode *node, const char *where, const char *name, GDateTime **out, GError **error)
{
  g_autoptr (GTimeZone) utc = NULL;
  const char *text;

  *out = NULL;
  if (!peek_string (node, where, name, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  /* Times without a zone are taken as UTC, which is what we write. */
  utc = g_time_zone_new_utc ();
  *out = g_date_time_new_from_iso8601 (text, utc);
  if (*out == NULL)
    return fail (error, where, name, _("“%s” is not an ISO 8601 date and time"), text);
  return TRUE;
}

static gboolean
get_object (JsonObject *parent, const char *where, const char *name, gboolean required,
            JsonObject **out, GError **error)
{
  JsonNode *node = json_object_get_member (parent, name);

  *out = NULL;
  if (node == NULL && required)
    return fail (error, where, name, _("missing"));
  if (node == NULL || (JSON_NODE_HOLDS_NULL (node) && !required))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, where, name, _("expected an object, found %s"), describe (node));
  *out = json_node_get_object (node);
  return TRUE;
}

static gboolean
get_array (JsonObject *parent, const char *where, const char *name, gboolean required, guint max,
           JsonArray **out, GError **error)
{
  JsonNode *node = json_object_get_member (parent, name);

  *out = NULL;
  if (node == NULL && required)
    return fail (error, where, name, _("missing"));
  if (node == NULL || (JSON_NODE_HOLDS_NULL (node) && !required))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail (error, where, name, _("expected an array, found %s"), describe (node));
  if (json_array_get_length (json_node_get_array (node)) > max)
    return fail (error, where, name, _("%u elements are more than the %u allowed"),
                 json_array_get_length (json_node_get_array (node)), max);
  *out = json_node_get_array (node);
  return TRUE;
}

static JsonObject *
element_object (JsonArray *array, guint index, const char *where, GError **error)
{
  JsonNode *node = json_array_get_element (array, index);
  g_autofree char *name = g_strdup_printf ("[%u]", index);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      fail (error, where, name, _("expected an object, found %s"), describe (node));
      return NULL;
    }
  return json_node_get_object (node);
}

#define MEMBER(object, name) json_object_get_member ((object), (name))

static gboolean
read_string_array (JsonObject *object, const char *where, const char *name, guint max,
                   GPtrArray *out, GError **error)
{
  g_autofree char *path = join_path (where, name);
  JsonArray *array;

  if (!get_array (object, where, name, FALSE, max, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *index = g_strdup_printf ("[%u]", i);

      if (!holds (node, G_TYPE_STRING))
        return fail (error, path, index, _("expected a string, found %s"), describe (node));
      g_ptr_array_add (out, g_strdup (json_node_get_string (node)));
    }
  return TRUE;
}

static gboolean
read_latency (JsonObject *parent, const char *where, DynoLatency *latency, GError **error)
{
  g_autofree char *path = join_path (where, "latency");
  JsonObject *object;

  if (!get_object (parent, where, "latency", FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  return read_uint64 (MEMBER (object, "count"), path, "count", 0, G_MAXINT64, &latency->count,
                      error)
         && read_double (MEMBER (object, "mean"), path, "mean", 0, G_MAXDOUBLE, &latency->mean,
                         error)
         && read_double (MEMBER (object, "p50"), path, "p50", 0, G_MAXDOUBLE, &latency->p50, error)
         && read_double (MEMBER (object, "p90"), path, "p90", 0, G_MAXDOUBLE, &latency->p90, error)
         && read_double (MEMBER (object, "p99"), path, "p99", 0, G_MAXDOUBLE, &latency->p99, error)
         && read_double (MEMBER (object, "p999"), path, "p999", 0, G_MAXDOUBLE, &latency->p999,
                         error)
         && read_double (MEMBER (object, "max"), path, "max", 0, G_MAXDOUBLE, &latency->max, error);
}

static gboolean
read_cpu_split (JsonObject *parent, const char *where, const char *name, DynoCpuSplit *split,
                GError **error)
{
  g_autofree char *path = join_path (where, name);
  JsonObject *object;

  if (!get_object (parent, where, name, FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  return read_double (MEMBER (object, "user"), path, "user", 0, G_MAXDOUBLE, &split->user, error)
         && read_double (MEMBER (object, "system"), path, "system", 0, G_MAXDOUBLE, &split->system,
                         error)
         && read_double (MEMBER (object, "iowait"), path, "iowait", 0, G_MAXDOUBLE, &split->iowait,
                         error)
         && read_double (MEMBER (object, "idle"), path, "idle", 0, G_MAXDOUBLE, &split->idle,
                         error);
}

static gboolean
read_stats (JsonObject *parent, const char *where, const char *name, DynoStats *stats,
            GError **error)
{
  g_autofree char *path = join_path (where, name);
  JsonObject *object;

  if (!get_object (parent, where, name, FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  return read_uint (MEMBER (object, "n"), path, "n", 0, DYNO_MAX_REPEAT, &stats->n, error)
         && read_double (MEMBER (object, "mean"), path, "mean", 0, G_MAXDOUBLE, &stats->mean, error)
         && read_double (MEMBER (object, "sd"), path, "sd", 0, G_MAXDOUBLE, &stats->sd, error)
         && read_double (MEMBER (object, "min"), path, "min", 0, G_MAXDOUBLE, &stats->min, error)
         && read_double (MEMBER (object, "max"), path, "max", 0, G_MAXDOUBLE, &stats->max, error)
         && read_double (MEMBER (object, "ci95"), path, "ci95", 0, G_MAXDOUBLE, &stats->ci95,
                         error);
}

/* How a queued phase did its I/O: "engine" and "direct". */
static gboolean
read_engine (JsonObject *object, const char *where, DynoPhaseRun *run, GError **error)
{
  g_autofree char *engine = NULL;
  JsonNode *direct = MEMBER (object, "direct");

  if (!read_string (MEMBER (object, "engine"), where, "engine", &engine, error))
    return FALSE;
  if (engine != NULL && strlen (engine) > 64)
    return fail (error, where, "engine", _("longer than 64 bytes"));
  run->engine = engine != NULL ? g_intern_string (engine) : NULL;
  if (!is_absent (direct))
    {
      gboolean value = FALSE;

      if (!read_bool (direct, where, "direct", &value, error))
        return FALSE;
      run->direct = value ? 1 : 0;
    }
  return TRUE;
}

/* Strings a run keeps are interned, as the engine makes them, and so live as long as the
 * process: their length is bounded, and what a file can intern stays below its own size. */
#define MAX_INTERNED_STRING 1024

static gboolean
read_interned (JsonObject *object, const char *where, const char *name, const char **out,
               GError **error)
{
  const char *text;

  if (!peek_string (MEMBER (object, name), where, name, &text, error))
    return FALSE;
  if (text != NULL && strlen (text) > MAX_INTERNED_STRING)
    return fail (error, where, name, _("longer than %d bytes"), MAX_INTERNED_STRING);
  *out = text != NULL ? g_intern_string (text) : NULL;
  return TRUE;
}

/* "cache_below": the layers evicted under the target, and "cache_doubt". */
static gboolean
read_cache_below (JsonObject *object, const char *where, DynoPhaseRun *run, GError **error)
{
  g_autofree char *path = join_path (where, "cache_below");
  JsonArray *array;

  if (!get_array (object, where, "cache_below", FALSE, DYNO_MAX_CACHE_LAYERS, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *index = g_strdup_printf ("[%u]", i);
      g_autofree char *layer_path = join_path (path, index);
      DynoCacheLayer *layer = &run->below[run->n_below];
      JsonObject *layer_object;

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        return fail (error, path, index, _("expected an object, found %s"), describe (node));
      layer_object = json_node_get_object (node);
      layer->resident = NAN;
      if (!read_interned (layer_object, layer_path, "layer", &layer->kind, error)
          || !read_interned (layer_object, layer_path, "path", &layer->path, error)
          || !read_double (MEMBER (layer_object, "resident"), layer_path, "resident", 0, 1,
                           &layer->resident, error))
        return FALSE;
      if (layer->kind == NULL)
        return fail (error, layer_path, "layer", _("missing"));
      run->n_below++;
    }
  return read_interned (object, where, "cache_doubt", &run->cache_doubt, error);
}

static gboolean
read_run (JsonObject *object, const char *where, DynoPhaseRun *run, GError **error)
{
  dyno_phase_run_init (run);
  return read_uint (MEMBER (object, "repeat"), where, "repeat", 0, DYNO_MAX_REPEAT - 1,
                    &run->repeat, error)
         && read_uint64 (MEMBER (object, "amount"), where, "amount", 0, G_MAXINT64, &run->amount,
                         error)
         && read_double (MEMBER (object, "elapsed"), where, "elapsed", 0, G_MAXDOUBLE,
                         &run->elapsed, error)
         && read_double (MEMBER (object, "flush_seconds"), where, "flush_seconds", 0, G_MAXDOUBLE,
                         &run->flush_seconds, error)
         && read_double (MEMBER (object, "cpu_seconds"), where, "cpu_seconds", 0, G_MAXDOUBLE,
                         &run->cpu_seconds, error)
         && read_double (MEMBER (object, "cpu_percent"), where, "cpu_percent", 0, G_MAXDOUBLE,
                         &run->cpu_percent, error)
         && read_double (MEMBER (object, "rate"), where, "rate", 0, G_MAXDOUBLE, &run->rate, error)
         && read_bool (MEMBER (object, "too_fast"), where, "too_fast", &run->too_fast, error)
         && read_double (MEMBER (object, "cache_resident"), where, "cache_resident", 0, 1,
                         &run->cache_resident, error)
         && read_cache_below (object, where, run, error)
         && read_uint (MEMBER (object, "threads"), where, "threads", 0, 65536, &run->threads, error)
         && read_uint (MEMBER (object, "passes"), where, "passes", 1, G_MAXINT, &run->passes, error)
         && read_double (MEMBER (object, "started"), where, "started", 0, G_MAXDOUBLE,
                         &run->started, error)
         && read_latency (object, where, &run->latency, error)
         && read_cpu_split (object, where, "system_cpu", &run->system_cpu, error)
         && read_uint64 (MEMBER (object, "ios"), where, "ios", 0, G_MAXINT64, &run->ios, error)
         && read_double (MEMBER (object, "iops"), where, "iops", 0, G_MAXDOUBLE, &run->iops, error)
         && read_double (MEMBER (object, "machine_cpu_seconds"), where, "machine_cpu_seconds", 0,
                         G_MAXDOUBLE, &run->machine_cpu_seconds, error)
         && read_double (MEMBER (object, "helper_cpu_seconds"), where, "helper_cpu_seconds", 0,
                         G_MAXDOUBLE, &run->helper_cpu_seconds, error)
         && read_engine (object, where, run, error);
}

/* "precision": {"target", "reached", "met", "reason"}, what the runner judged. */
static gboolean
read_precision (JsonObject *parent, const char *where, DynoPhaseResult *phase, GError **error)
{
  g_autofree char *path = join_path (where, "precision");
  JsonObject *object;
  gboolean met = FALSE;

  if (!get_object (parent, where, "precision", FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  if (!read_double (MEMBER (object, "target"), path, "target", 0, 0.99,
                    &phase->precision_target, error)
      || !read_double (MEMBER (object, "reached"), path, "reached", 0, G_MAXDOUBLE,
                       &phase->precision_reached, error)
      || !read_bool (MEMBER (object, "met"), path, "met", &met, error)
      || !read_string (MEMBER (object, "reason"), path, "reason", &phase->precision_reason,
                       error))
    return FALSE;
  if (!(phase->precision_target > 0))
    return fail (error, path, "target", _("missing"));
  phase->precision_met = met ? 1 : 0;
  return TRUE;
}

static gboolean
read_phase (JsonObject *object, const char *where, DynoPhaseResult **out, GError **error)
{
  g_autoptr (DynoPhaseResult) phase = NULL;
  g_autofree char *runs_path = join_path (where, "runs");
  g_autofree char *summary_path = join_path (where, "summary");
  JsonObject *summary = NULL;
  JsonArray *runs = NULL;
  const DynoPhase *id;
  const char *unit;
  gboolean too_fast = FALSE;

  if (!read_phase_id (MEMBER (object, "id"), where, "id", &id, error))
    return FALSE;
  phase = dyno_phase_result_new (id);

  /* The unit follows from the phase; a file that disagrees would have us misread its figures. */
  if (!peek_string (MEMBER (object, "unit"), where, "unit", &unit, error))
    return FALSE;
  if (unit != NULL && g_strcmp0 (unit, dyno_result_unit_to_string (dyno_phase_get_unit (id))) != 0)
    return fail (error, where, "unit", _("“%s” does not match phase “%s”, which is measured in %s"),
                 unit, dyno_phase_get_key (id),
                 dyno_result_unit_to_string (dyno_phase_get_unit (id)));

  if (!read_string (MEMBER (object, "note"), where, "note", &phase->note, error)
      || !read_bool (MEMBER (object, "too_fast"), where, "too_fast", &too_fast, error)
      || !read_uint (MEMBER (object, "best_of"), where, "best_of", 0, 1000, &phase->best_of, error)
      || !read_latency (object, where, &phase->latency, error)
      || !get_array (object, where, "runs", FALSE, DYNO_MAX_REPEAT, &runs, error)
      || !get_object (object, where, "summary", FALSE, &summary, error)
      || !read_precision (object, where, phase, error))
    return FALSE;

  for (guint i = 0; runs != NULL && i < json_array_get_length (runs); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", runs_path, i);
      JsonObject *run_object = element_object (runs, i, runs_path, error);
      DynoPhaseRun run;

      if (run_object == NULL || !read_run (run_object, path, &run, error))
        return FALSE;
      g_array_append_val (phase->runs, run);
    }

  if (phase->runs->len > 0)
    {
      /* The runs are the data; the stored summary is for other readers and cannot contradict
       * them. The latency summary stays: it covers every operation, which the runs do not keep. */
      dyno_phase_result_summarize (phase);
    }
  else if (summary != NULL)
    {
      /* A file that only has the summary (an import of averages) still shows its figures. */
      if (!read_stats (summary, summary_path, "rate", &phase->rate, error)
          || !read_stats (summary, summary_path, "cpu_percent", &phase->cpu_percent, error)
          || !read_stats (summary, summary_path, "iops", &phase->iops, error))
        return FALSE;
      phase->too_fast = too_fast;
    }
  else
    phase->too_fast = too_fast;

  *out = g_steal_pointer (&phase);
  return TRUE;
}

static gboolean
read_samples (JsonObject *object, const char *where, guint target, guint n_targets,
              guint *budget, GArray *samples, GError **error)
{
  g_autofree char *fields_path = join_path (where, "fields");
  g_autofree char *rows_path = join_path (where, "rows");
  g_autofree Column *columns = NULL;
  JsonArray *fields = NULL;
  JsonArray *rows = NULL;
  gboolean seen[N_COLUMNS] = { FALSE, };
  guint n_fields;

  if (!get_array (object, where, "fields", TRUE, MAX_FIELDS, &fields, error)
      || !get_array (object, where, "rows", FALSE, *budget, &rows, error))
    return FALSE;

  /* Columns are found by name, so later writers may reorder them or add their own. */
  n_fields = json_array_get_length (fields);
  columns = g_new (Column, MAX (n_fields, 1));
  for (guint i = 0; i < n_fields; i++)
    {
      JsonNode *node = json_array_get_element (fields, i);
      g_autofree char *index = g_strdup_printf ("[%u]", i);

      if (!holds (node, G_TYPE_STRING))
        return fail (error, fields_path, index, _("expected a string, found %s"), describe (node));
      columns[i] = COLUMN_UNKNOWN;
      for (guint c = 0; c < N_COLUMNS; c++)
        if (g_str_equal (json_node_get_string (node), dyno_result_sample_fields[c]))
          columns[i] = c;
      if (columns[i] != COLUMN_UNKNOWN)
        {
          if (seen[columns[i]])
            return fail (error, fields_path, index, _("“%s” appears twice"),
                         json_node_get_string (node));
          seen[columns[i]] = TRUE;
        }
    }
  if (rows == NULL || json_array_get_length (rows) == 0)
    return TRUE;
  if (!seen[COLUMN_PHASE])
    return fail (error, where, "fields", _("samples need a “phase” field"));

  *budget -= json_array_get_length (rows);
  for (guint r = 0; r < json_array_get_length (rows); r++)
    {
      JsonNode *row_node = json_array_get_element (rows, r);
      g_autofree char *row_path = g_strdup_printf ("%s[%u]", rows_path, r);
      DynoSample sample = {
        .t = NAN,
        .phase_t = NAN,
        .target = target,
        .rate = NAN,
        .process_cpu = NAN,
        .progress = NAN,
      };
      JsonArray *row;
      gboolean ok = TRUE;

      dyno_cpu_split_clear (&sample.system_cpu);
      if (!JSON_NODE_HOLDS_ARRAY (row_node))
        return fail (error, row_path, NULL, _("expected an array, found %s"), describe (row_node));
      row = json_node_get_array (row_node);
      if (json_array_get_length (row) != n_fields)
        return fail (error, row_path, NULL, _("%u values for %u fields"),
                     json_array_get_length (row), n_fields);

      for (guint i = 0; ok && i < n_fields; i++)
        {
          JsonNode *cell = json_array_get_element (row, i);
          const char *name = columns[i] < N_COLUMNS ? dyno_result_sample_fields[columns[i]] : NULL;

          switch (columns[i])
            {
            case COLUMN_T:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.t, error);
              break;
            case COLUMN_PHASE_T:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.phase_t, error);
              break;
            case COLUMN_TARGET:
              ok = read_uint (cell, row_path, name, 0, n_targets - 1, &sample.target, error);
              break;
            case COLUMN_REPEAT:
              ok = read_uint (cell, row_path, name, 0, DYNO_MAX_REPEAT - 1, &sample.repeat, error);
              break;
            case COLUMN_PHASE:
              ok = read_phase_id (cell, row_path, name, &sample.phase, error);
              break;
            case COLUMN_DONE:
              ok = read_uint64 (cell, row_path, name, 0, G_MAXINT64, &sample.done, error);
              break;
            case COLUMN_RATE:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.rate, error);
              break;
            case COLUMN_PROCESS_CPU:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.process_cpu, error);
              break;
            case COLUMN_SYS_USER:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.system_cpu.user,
                                error);
              break;
            case COLUMN_SYS_SYSTEM:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.system_cpu.system,
                                error);
              break;
            case COLUMN_SYS_IOWAIT:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.system_cpu.iowait,
                                error);
              break;
            case COLUMN_SYS_IDLE:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.system_cpu.idle,
                                error);
              break;
            case COLUMN_PROGRESS:
              ok = read_double (cell, row_path, name, 0, G_MAXDOUBLE, &sample.progress, error);
              break;
            case COLUMN_UNKNOWN:
            default:
              break;
            }
        }
      if (!ok)
        return FALSE;
      g_array_append_val (samples, sample);
    }
  return TRUE;
}

/* info.crypto: the encryption layers, each an object of strings. */
static gboolean
read_crypto (JsonObject *object, const char *where, DynoTargetInfo *info, GError **error)
{
  g_autofree char *path = join_path (where, "crypto");
  JsonArray *layers = NULL;

  if (!get_array (object, where, "crypto", FALSE, MAX_LAYERS, &layers, error))
    return FALSE;
  for (guint i = 0; layers != NULL && i < json_array_get_length (layers); i++)
    {
      g_autofree char *item = g_strdup_printf ("%s[%u]", path, i);
      JsonObject *o = element_object (layers, i, path, error);
      g_autoptr (DynoCryptoLayer) layer = NULL;

      if (o == NULL)
        return FALSE;
      layer = dyno_crypto_layer_new (NULL);
      if (!read_string (MEMBER (o, "layer"), item, "layer", &layer->layer, error)
          || !read_string (MEMBER (o, "cipher"), item, "cipher", &layer->cipher, error)
          || !read_string (MEMBER (o, "details"), item, "details", &layer->details, error)
          || !read_string (MEMBER (o, "driver"), item, "driver", &layer->driver, error)
          || !read_string (MEMBER (o, "source"), item, "source", &layer->source, error)
          || !read_string (MEMBER (o, "missing"), item, "missing", &layer->missing, error))
        return FALSE;
      if (layer->layer == NULL)
        return fail (error, item, "layer", _("a layer needs a name"));
      g_ptr_array_add (info->crypto, g_steal_pointer (&layer));
    }
  return TRUE;
}

/* "array": the object dyno_array_info_to_json () writes; absent for a plain device. */
static gboolean
read_array_info (JsonObject *object, const char *where, DynoTargetInfo *info, GError **error)
{
  g_autofree char *array_path = join_path (where, "array");
  g_autoptr (GError) local_error = NULL;
  JsonObject *array = NULL;

  if (!get_object (object, where, "array", FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  info->array = dyno_array_info_from_json (array, &local_error);
  if (info->array == NULL)
    return fail (error, array_path, NULL, "%s", local_error->message);
  return TRUE;
}

static gboolean
read_info (JsonObject *object, const char *where, DynoTargetInfo *info, GError **error)
{
  JsonNode *rotational = MEMBER (object, "rotational");

  if (!read_string (MEMBER (object, "mount_point"), where, "mount_point", &info->mount_point, error)
      || !read_string (MEMBER (object, "fs_type"), where, "fs_type", &info->fs_type, error)
      || !read_string (MEMBER (object, "mount_source"), where, "mount_source", &info->mount_source,
                       error)
      || !read_string (MEMBER (object, "mount_options"), where, "mount_options",
                       &info->mount_options, error)
      || !read_string (MEMBER (object, "device"), where, "device", &info->device, error)
      || !read_string (MEMBER (object, "device_model"), where, "device_model", &info->device_model,
                       error)
      || !read_string_array (object, where, "encryption", MAX_LAYERS, info->encryption, error)
      || !read_bool (MEMBER (object, "network"), where, "network", &info->network, error)
      || !read_bool (MEMBER (object, "cow"), where, "cow", &info->cow, error)
      || !read_string (MEMBER (object, "cow_hint"), where, "cow_hint", &info->cow_hint, error)
      || !read_string (MEMBER (object, "helper"), where, "helper", &info->helper, error)
      || !read_crypto (object, where, info, error)
      || !read_array_info (object, where, info, error)
      || !read_uint64 (MEMBER (object, "total_bytes"), where, "total_bytes", 0, G_MAXINT64,
                       &info->total_bytes, error)
      || !read_uint64 (MEMBER (object, "free_bytes"), where, "free_bytes", 0, G_MAXINT64,
                       &info->free_bytes, error)
      || !read_uint64 (MEMBER (object, "free_inodes"), where, "free_inodes", 0, G_MAXINT64,
                       &info->free_inodes, error))
    return FALSE;

  if (is_absent (rotational))
    info->rotational = DYNO_TRISTATE_UNKNOWN;
  else if (holds (rotational, G_TYPE_BOOLEAN))
    info->rotational = json_node_get_boolean (rotational) ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;
  else
    return fail (error, where, "rotational", _("expected true, false or null, found %s"),
                 describe (rotational));
  return TRUE;
}

static gboolean
read_target_error (JsonObject *object, const char *where, DynoTargetResult *target,
                   GError **error)
{
  JsonNode *phase = MEMBER (object, "phase");
  const char *code;
  DynoError value;

  if (!peek_string (MEMBER (object, "code"), where, "code", &code, error))
    return FALSE;
  /* Codes added later within version 1 still mean "this target failed". */
  if (code == NULL || !dyno_error_from_string (code, &value))
    value = DYNO_ERROR_FAILED;
  target->error_code = value;

  if (!read_string (MEMBER (object, "message"), where, "message", &target->error_message, error))
    return FALSE;
  if (target->error_message == NULL)
    return fail (error, where, "message", _("missing"));

  if (is_absent (phase))
    target->error_phase = NULL;
  else if (!read_phase_id (phase, where, "phase", &target->error_phase, error))
    return FALSE;
  return TRUE;
}

/* The counts kinds chose for themselves, each under its kind's key ("seeks"). */
static gboolean
read_sizing_counts (JsonObject *object, const char *where, DynoSizing *sizing, GError **error)
{
  guint n_kinds;
  const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    {
      const DynoPhaseWorkload *w = kinds[i]->workload;

      if (w != NULL && w->key != NULL
          && !read_uint64 (MEMBER (object, w->key), where, w->key, 0, G_MAXINT64,
                           &sizing->counts[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_sizing (JsonObject *object, const char *where, DynoSizing *sizing, GError **error)
{
  return read_bool (MEMBER (object, "calibrated"), where, "calibrated", &sizing->calibrated, error)
         && read_double (MEMBER (object, "write_rate"), where, "write_rate", 0, G_MAXDOUBLE,
                         &sizing->write_rate, error)
         && read_double (MEMBER (object, "per_char_rate"), where, "per_char_rate", 0, G_MAXDOUBLE,
                         &sizing->per_char_rate, error)
         && read_double (MEMBER (object, "create_rate"), where, "create_rate", 0, G_MAXDOUBLE,
                         &sizing->create_rate, error)
         && read_double (MEMBER (object, "seconds"), where, "seconds", 0, G_MAXDOUBLE,
                         &sizing->seconds, error)
         && read_uint64 (MEMBER (object, "size"), where, "size", 0, G_MAXINT64, &sizing->size,
                         error)
         && read_uint64 (MEMBER (object, "per_char_size"), where, "per_char_size", 0, G_MAXINT64,
                         &sizing->per_char_size, error)
         && read_uint64 (MEMBER (object, "files"), where, "files", 0, G_MAXINT64, &sizing->files,
                         error)
         && read_sizing_counts (object, where, sizing, error)
         && read_string (MEMBER (object, "reason"), where, "reason", &sizing->reason, error)
         && read_bool (MEMBER (object, "space_short"), where, "space_short",
                       &sizing->space_short, error);
}

/* "price": {"amount": 1500.0, "currency": "USD"}: both required, amount > 0 and finite. */
static gboolean
read_price (JsonObject *object, const char *where, DynoTargetResult *target, GError **error)
{
  g_autofree char *currency = NULL;
  double amount = NAN;

  if (json_object_get_member (object, "amount") == NULL)
    return fail (error, where, "amount", _("missing"));
  if (!read_double (MEMBER (object, "amount"), where, "amount", 0, G_MAXDOUBLE, &amount, error))
    return FALSE;
  if (!(amount > 0))
    return fail (error, where, "amount", _("a price must be larger than zero"));
  if (json_object_get_member (object, "currency") == NULL)
    return fail (error, where, "currency", _("missing"));
  if (!read_string (MEMBER (object, "currency"), where, "currency", &currency, error))
    return FALSE;
  if (!dyno_price_currency_is_valid (currency))
    return fail (error, where, "currency",
                 _("expected a currency code of three capital letters, such as “USD”"));
  dyno_target_result_set_price (target, amount, currency);
  return TRUE;
}

/* "reference": {"read": B/s, "write": B/s} and "data_spindles": {"read": N, "write": N}, both
 * optional (files before them have neither); when there, both rates > 0, both counts ≥ 1. */
static gboolean
read_per_spindle (JsonObject *object, const char *where, DynoTargetResult *target,
                  GError **error)
{
  g_autofree char *reference_path = join_path (where, "reference");
  g_autofree char *spindles_path = join_path (where, "data_spindles");
  JsonObject *reference = NULL;
  JsonObject *spindles = NULL;

  if (!get_object (object, where, "reference", FALSE, &reference, error)
      || !get_object (object, where, "data_spindles", FALSE, &spindles, error))
    return FALSE;
  if (reference != NULL)
    {
      double read = NAN, write = NAN;

      if (json_object_get_member (reference, "read") == NULL)
        return fail (error, reference_path, "read", _("missing"));
      if (json_object_get_member (reference, "write") == NULL)
        return fail (error, reference_path, "write", _("missing"));
      if (!read_double (MEMBER (reference, "read"), reference_path, "read", 0, G_MAXDOUBLE,
                        &read, error)
          || !read_double (MEMBER (reference, "write"), reference_path, "write", 0, G_MAXDOUBLE,
                           &write, error))
        return FALSE;
      if (!(read > 0))
        return fail (error, reference_path, "read", _("a rate must be larger than zero"));
      if (!(write > 0))
        return fail (error, reference_path, "write", _("a rate must be larger than zero"));
      dyno_array_target_set_reference (target, read, write);
    }
  if (spindles != NULL)
    {
      guint64 read = 0, write = 0;

      if (json_object_get_member (spindles, "read") == NULL)
        return fail (error, spindles_path, "read", _("missing"));
      if (json_object_get_member (spindles, "write") == NULL)
        return fail (error, spindles_path, "write", _("missing"));
      if (!read_uint64 (MEMBER (spindles, "read"), spindles_path, "read", 1, 100000, &read, error)
          || !read_uint64 (MEMBER (spindles, "write"), spindles_path, "write", 1, 100000, &write,
                           error))
        return FALSE;
      /* null reads as absent, which a count of spindles cannot be */
      if (read == 0)
        return fail (error, spindles_path, "read", _("expected a whole number, found null"));
      if (write == 0)
        return fail (error, spindles_path, "write", _("expected a whole number, found null"));
      target->spindles_read = (guint) read;
      target->spindles_write = (guint) write;
    }
  return TRUE;
}

static gboolean read_system (JsonObject     *object,
                             const char     *where,
                             DynoSystemInfo *system,
                             GError        **error);

static gboolean
read_target (JsonObject *object, const char *where, guint index, guint n_targets, guint *budget,
             DynoTargetResult **out, GError **error)
{
  g_autoptr (DynoTargetResult) target = NULL;
  g_autoptr (GDateTime) started = NULL;
  g_autofree char *path = NULL;
  g_autofree char *info_path = join_path (where, "info");
  g_autofree char *error_path = join_path (where, "error");
  g_autofree char *phases_path = join_path (where, "phases");
  g_autofree char *samples_path = join_path (where, "samples");
  g_autofree char *sizing_path = join_path (where, "sizing");
  g_autofree char *price_path = join_path (where, "price");
  g_autofree char *system_path = join_path (where, "system");
  JsonObject *system = NULL;
  JsonObject *sizing = NULL;
  JsonObject *price = NULL;
  JsonObject *info = NULL;
  JsonObject *error_object = NULL;
  JsonObject *samples = NULL;
  JsonArray *phases = NULL;

  if (!read_string (MEMBER (object, "path"), where, "path", &path, error))
    return FALSE;
  target = dyno_target_result_new (dyno_target_info_new (path));

  if (!get_object (object, where, "info", FALSE, &info, error)
      || (info != NULL && !read_info (info, info_path, target->info, error))
      || !read_time (MEMBER (object, "started"), where, "started", &started, error)
      || !read_double (MEMBER (object, "elapsed"), where, "elapsed", 0, G_MAXDOUBLE,
                       &target->elapsed, error)
      || !read_string_array (object, where, "notes", MAX_WARNINGS, target->notes, error)
      || !read_string_array (object, where, "warnings", MAX_WARNINGS, target->warnings, error)
      || !get_object (object, where, "error", FALSE, &error_object, error)
      || (error_object != NULL && !read_target_error (error_object, error_path, target, error))
      || !get_array (object, where, "phases", FALSE, DYNO_MAX_PHASES, &phases, error)
      || !get_object (object, where, "samples", FALSE, &samples, error)
      || !get_object (object, where, "sizing", FALSE, &sizing, error)
      || (sizing != NULL && !read_sizing (sizing, sizing_path, &target->sizing, error))
      || !get_object (object, where, "price", FALSE, &price, error)
      || (price != NULL && !read_price (price, price_path, target, error))
      || !read_per_spindle (object, where, target, error)
      || !read_string (MEMBER (object, "remote"), where, "remote", &target->remote, error)
      || !get_object (object, where, "system", FALSE, &system, error))
    return FALSE;
  if (system != NULL)
    {
      target->system = dyno_system_info_new ();
      if (!read_system (system, system_path, target->system, error))
        return FALSE;
    }

  if (started != NULL)
    target->started_at
        = g_date_time_to_unix (started) * G_USEC_PER_SEC + g_date_time_get_microsecond (started);

  for (guint i = 0; phases != NULL && i < json_array_get_length (phases); i++)
    {
      g_autofree char *phase_path = g_strdup_printf ("%s[%u]", phases_path, i);
      JsonObject *phase_object = element_object (phases, i, phases_path, error);
      DynoPhaseResult *phase = NULL;

      if (phase_object == NULL || !read_phase (phase_object, phase_path, &phase, error))
        return FALSE;
      if (dyno_target_result_get_phase (target, phase->phase) != NULL)
        {
          fail (error, phase_path, "id", _("phase “%s” appears twice"),
                dyno_phase_get_key (phase->phase));
          dyno_phase_result_free (phase);
          return FALSE;
        }
      g_ptr_array_add (target->phases, phase);
    }

  if (samples != NULL
      && !read_samples (samples, samples_path, index, n_targets, budget, target->samples, error))
    return FALSE;

  *out = g_steal_pointer (&target);
  return TRUE;
}

/* The member of an option ("queued.size"), and the path of its object in messages. */
static gboolean
option_member (JsonObject *object, const char *where, const char *path, JsonNode **node,
               char **node_where, const char **leaf, GError **error)
{
  const char *dot = strchr (path, '.');
  g_autofree char *head = NULL;
  g_autofree char *head_where = NULL;
  JsonObject *child = NULL;

  if (dot == NULL)
    {
      *node = MEMBER (object, path);
      *node_where = g_strdup (where);
      *leaf = path;
      return TRUE;
    }
  head = g_strndup (path, dot - path);
  if (!get_object (object, where, head, FALSE, &child, error))
    return FALSE;
  head_where = join_path (where, head);
  if (child == NULL)
    {
      *node = NULL;
      *node_where = g_steal_pointer (&head_where);
      *leaf = strrchr (path, '.') + 1;
      return TRUE;
    }
  return option_member (child, head_where, dot + 1, node, node_where, leaf, error);
}

static gboolean
read_seed (JsonNode *seed, const char *where, const char *name, guint64 *out, GError **error)
{
  if (holds (seed, G_TYPE_STRING))
    {
      const char *digits = json_node_get_string (seed);
      guint64 value;

      /* g_ascii_string_to_unsigned would take "+5" and " 5"; a seed is digits only. */
      if (digits[0] == '\0' || strspn (digits, "0123456789") != strlen (digits)
          || !g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, &value, NULL))
        return fail (error, where, name, _("“%s” is not a whole number from 0 to 2^64 − 1"),
                     digits);
      *out = value;
      return TRUE;
    }
  return read_uint64 (seed, where, name, 0, G_MAXINT64, out, error);
}

/* One option of the typed kinds, by its type and range (from 0 where a file may hold 0). */
static gboolean
read_typed_option (JsonNode *node, const char *where, const char *name,
                   const DynoOption *option, gpointer ptr, GError **error)
{
  double lo = (option->flags & DYNO_OPTION_FILE_FROM_ZERO) ? 0 : option->min;
  guint64 hi = option->max >= (double) G_MAXINT64 ? G_MAXINT64 : (guint64) option->max;
  const char *text;

  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      return read_uint64 (node, where, name, (guint64) lo, hi, ptr, error);
    case DYNO_OPTION_COUNT:
      return read_uint (node, where, name, (guint) lo, (guint) MIN (hi, G_MAXUINT), ptr, error);
    case DYNO_OPTION_SECONDS:
    case DYNO_OPTION_FRACTION:
      if (!read_double (node, where, name, lo, option->max, ptr, error))
        return FALSE;
      /* null: nothing measured for it, as 0 */
      if (isnan (*(double *) ptr))
        *(double *) ptr = 0;
      return TRUE;
    case DYNO_OPTION_ENUM:
      if (!peek_string (node, where, name, &text, error))
        return FALSE;
      if (text != NULL && !dyno_option_enum_from_nick (option, text, ptr))
        {
          g_autofree char *who = join_path (where, name);
          g_autoptr (GError) invalid = NULL;

          /* The table's message: “fast” is not one of evict, direct, drop, none */
          dyno_option_error_range (&invalid, who, text, option);
          g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, invalid->message);
          return FALSE;
        }
      return TRUE;
    case DYNO_OPTION_STRING:
      return read_string (node, where, name, ptr, error);
    case DYNO_OPTION_BOOL:
      return read_bool (node, where, name, ptr, error);
    case DYNO_OPTION_SEED:
      return read_seed (node, where, name, ptr, error);
    case DYNO_OPTION_CUSTOM:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
read_option (JsonObject *object, const char *where, const DynoOptionSet *set,
             const DynoOption *option, DynoConfig *config, GError **error)
{
  g_autofree char *node_where = NULL;
  JsonNode *node = NULL;
  const char *leaf = NULL;

  if (!option_member (object, where, option->json, &node, &node_where, &leaf, error))
    return FALSE;
  if (option->from_json != NULL)
    {
      g_autofree char *path = join_path (node_where, leaf);

      return option->from_json (option, config, node, path, error);
    }
  return read_typed_option (node, node_where, leaf, option,
                            dyno_option_get_ptr (set, option, config), error);
}

/* Every option with a member, from the tables: first what a file without the member meant,
 * then the typed ones, then the custom ones (which may depend on those: the per-char size on
 * the file size and the per-char mode). */
static gboolean
read_config (JsonObject *object, const char *where, DynoConfig *config, gboolean whole,
             GError **error)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  for (guint pass = 0; pass < 3; pass++)
    for (guint s = 0; sets[s] != NULL; s++)
      for (guint i = 0; i < sets[s]->n_options; i++)
        {
          const DynoOption *option = &sets[s]->options[i];
          gboolean custom = option->from_json != NULL;

          if (option->json == NULL || ((option->flags & DYNO_OPTION_NOT_IN_RESULT) && !whole))
            continue;
          if (pass == 0 && option->json_absent != NULL
              && !dyno_option_set_text (sets[s], option, config, option->json_absent, error))
            return FALSE;
          if (((pass == 1 && !custom) || (pass == 2 && custom))
              && !read_option (object, where, sets[s], option, config, error))
            return FALSE;
        }
  return TRUE;
}

static gboolean
read_cpu_crypto (JsonObject *object, const char *where, DynoSystemInfo *system, GError **error)
{
  JsonArray *flags = NULL;

  if (!get_array (object, where, "cpu_crypto", FALSE, 64, &flags, error))
    return FALSE;
  if (flags == NULL)
    return TRUE;
  system->cpu_crypto_known = TRUE;
  return read_string_array (object, where, "cpu_crypto", 64, system->cpu_crypto, error);
}

/* "idle_cpu": how busy the machine was before the run. */
static gboolean
read_idle_cpu (JsonObject *parent, const char *where, DynoSystemInfo *system, GError **error)
{
  g_autofree char *path = join_path (where, "idle_cpu");
  JsonObject *object;

  if (!get_object (parent, where, "idle_cpu", FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  return read_double (MEMBER (object, "busy_cpus"), path, "busy_cpus", 0, 65536,
                      &system->idle_busy_cpus, error)
         && read_double (MEMBER (object, "seconds"), path, "seconds", 0, 3600,
                         &system->idle_seconds, error);
}

static gboolean
read_system (JsonObject *object, const char *where, DynoSystemInfo *system, GError **error)
{
  return read_string (MEMBER (object, "hostname"), where, "hostname", &system->hostname, error)
         && read_string (MEMBER (object, "os"), where, "os", &system->os_name, error)
         && read_string (MEMBER (object, "kernel"), where, "kernel", &system->kernel, error)
         && read_string (MEMBER (object, "arch"), where, "arch", &system->arch, error)
         && read_string (MEMBER (object, "cpu_model"), where, "cpu_model", &system->cpu_model,
                         error)
         && read_uint (MEMBER (object, "cpu_count"), where, "cpu_count", 0, G_MAXUINT,
                       &system->cpu_count, error)
         && read_uint64 (MEMBER (object, "ram_bytes"), where, "ram_bytes", 0, G_MAXINT64,
                         &system->ram_bytes, error)
         && read_cpu_crypto (object, where, system, error)
         && read_idle_cpu (object, where, system, error);
}

/* Everything after format and version; errors name the field, not the file. */
static gboolean
read_body (DynoResult *self, JsonObject *object, GError **error)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoSystemInfo) system = dyno_system_info_new ();
  g_autoptr (GDateTime) created = NULL;
  g_autofree char *id = g_strdup (dyno_result_get_id (self));
  g_autofree char *tool = g_strdup (dyno_result_get_tool (self));
  g_autofree char *source = NULL;
  g_autofree char *remote = NULL;
  g_autofree char *label = NULL;
  gboolean stopped = FALSE;
  g_autofree char *notes = NULL;
  JsonObject *config_object = NULL;
  JsonObject *system_object = NULL;
  JsonArray *targets = NULL;
  guint budget = MAX_SAMPLES;

  if (!read_string (MEMBER (object, "id"), NULL, "id", &id, error)
      || !read_time (MEMBER (object, "created"), NULL, "created", &created, error)
      || !read_string (MEMBER (object, "tool"), NULL, "tool", &tool, error)
      || !read_string (MEMBER (object, "source"), NULL, "source", &source, error)
      || !read_string (MEMBER (object, "remote"), NULL, "remote", &remote, error)
      || !read_bool (MEMBER (object, "stopped"), NULL, "stopped", &stopped, error)
      || !read_string (MEMBER (object, "label"), NULL, "label", &label, error)
      || !read_string (MEMBER (object, "notes"), NULL, "notes", &notes, error)
      || !get_object (object, NULL, "config", FALSE, &config_object, error)
      || (config_object != NULL && !read_config (config_object, "config", config, FALSE, error))
      || !get_object (object, NULL, "system", FALSE, &system_object, error)
      || (system_object != NULL && !read_system (system_object, "system", system, error))
      || !get_array (object, NULL, "targets", TRUE, MAX_TARGETS, &targets, error))
    return FALSE;

  for (guint i = 0; i < json_array_get_length (targets); i++)
    {
      g_autofree char *path = g_strdup_printf ("targets[%u]", i);
      JsonObject *target_object = element_object (targets, i, "targets", error);
      DynoTargetResult *target = NULL;

      if (target_object == NULL
          || !read_target (target_object, path, i, json_array_get_length (targets), &budget,
                           &target, error))
        return FALSE;
      dyno_result_add_target (self, target);
    }

  g_free (config->label);
  config->label = g_strdup (label);
  g_free (config->notes);
  config->notes = g_strdup (notes);

  /* A file without an id still needs one to be told apart from others. */
  if (id != NULL && id[0] != '\0')
    dyno_result_set_id (self, id);
  if (created != NULL)
    {
      g_autoptr (GDateTime) utc = g_date_time_to_utc (created);

      dyno_result_set_created (self, utc);
    }
  if (tool != NULL)
    dyno_result_set_tool (self, tool);
  dyno_result_set_source (self, source);
  dyno_result_set_stopped (self, stopped);
  dyno_result_set_remote (self, remote);
  dyno_result_set_label (self, label);
  dyno_result_set_notes (self, notes);
  dyno_result_set_config (self, config);
  dyno_result_set_system (self, g_steal_pointer (&system));
  return TRUE;
}

static gboolean
read_version (JsonNode *node, gint64 *out)
{
  if (holds (node, G_TYPE_INT64))
    *out = json_node_get_int (node);
  else if (holds (node, G_TYPE_DOUBLE) && fabs (json_node_get_double (node)) < 1e15
           && json_node_get_double (node) == floor (json_node_get_double (node)))
    *out = (gint64) json_node_get_double (node);
  else
    return FALSE;
  return TRUE;
}

/* name: the file's display name, or NULL for data from elsewhere. */
static DynoResult *
load_data (const char *data, gsize length, const char *name, GError **error)
{
  g_autofree char *subject = name ? g_strdup_printf ("“%s”", name) : g_strdup (_("The data"));
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (DynoResult) result = NULL;
  JsonObject *object;
  JsonNode *root;
  JsonNode *format;
  JsonNode *version;
  gint64 version_number;
  g_autofree char *utf8 = NULL;
  gsize converted = 0;

  if (length > MAX_FILE_SIZE)
    {
      g_autofree char *size = g_format_size_full (length, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (MAX_FILE_SIZE, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   /* TRANSLATORS: the first %s is a file's quoted name (or "The data"), the
                    * others are sizes such as "300.0 MiB" and "256.0 MiB" */
                   _("%s is too large for a result file (%s; the limit is %s)"), subject, size,
                   limit);
      return NULL;
    }
  /* Windows' editors (Notepad's "Unicode", PowerShell's > before version 7) write UTF-16: the
   * text is the same once converted, and "unexpected byte 0xFF" would not say why. */
  if (length >= 2 && (((guchar) data[0] == 0xff && (guchar) data[1] == 0xfe)
                      || ((guchar) data[0] == 0xfe && (guchar) data[1] == 0xff)
                      || (data[0] != '\0' && data[1] == '\0')
                      || (data[0] == '\0' && data[1] != '\0')))
    {
      gboolean big_endian = (guchar) data[0] == 0xfe || data[0] == '\0';
      g_autoptr (GError) convert_error = NULL;

      utf8 = g_convert (data, length, "UTF-8", big_endian ? "UTF-16BE" : "UTF-16LE", NULL,
                        &converted, &convert_error);
      if (utf8 == NULL)
        {
          g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                       /* TRANSLATORS: the first %s is a quoted file name, the second says why */
                       _("%s looks like UTF-16 text but cannot be converted: %s"), subject,
                       convert_error->message);
          return NULL;
        }
      data = utf8;
      length = converted;
    }
  /* Some editors on Windows start UTF-8 files with a byte order mark. */
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (!dyno_json_check_shape (data, length, subject, error))
    return NULL;
  /* A top-level array would be refused only after json-glib built it: 40 MB of "[0,0,…"
   * cost 1.6 GB. Say so from its first byte. */
  {
    gsize i = 0;

    while (i < length && g_ascii_isspace (data[i]))
      i++;
    if (i < length && data[i] == '[')
      {
        g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                     _("%s is not a Dyno result file (expected a JSON object, found %s)"),
                     subject, _("an array"));
        return NULL;
      }
  }

  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      const char *message = local_error->message;

      /* "<data>:3:14: Parse error: …": the position is useful, the "<data>" is noise. */
      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("%s is not valid JSON: %s"),
                   subject, message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("%s is empty"), subject);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is not a Dyno result file (expected a JSON object, found %s)"), subject,
                   describe (root));
      return NULL;
    }
  object = json_node_get_object (root);

  format = json_object_get_member (object, "format");
  if (format == NULL)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is not a Dyno result file (it has no “format” field)"), subject);
      return NULL;
    }
  if (!holds (format, G_TYPE_STRING))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is not a Dyno result file (its “format” is %s)"), subject,
                   describe (format));
      return NULL;
    }
  if (!g_str_equal (json_node_get_string (format), DYNO_RESULT_FORMAT))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is not a Dyno result file (format “%s”)"), subject,
                   json_node_get_string (format));
      return NULL;
    }

  version = json_object_get_member (object, "version");
  if (version == NULL)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s has no result format version"), subject);
      return NULL;
    }
  if (!read_version (version, &version_number))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s has an invalid result format version (expected a whole number, found %s)"),
                   subject, describe (version));
      return NULL;
    }
  if (version_number > DYNO_RESULT_VERSION)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_NEWER_VERSION,
                   _("%s was written by a newer Dyno (result format version %d); this version "
                     "reads version %d"),
                   subject, (int) MIN (version_number, G_MAXINT), DYNO_RESULT_VERSION);
      return NULL;
    }
  if (version_number < 1)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s has an invalid result format version (%d)"), subject,
                   (int) MAX (version_number, G_MININT));
      return NULL;
    }

  result = dyno_result_new ();
  if (!read_body (result, object, &local_error))
    {
      if (name != NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", subject);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&result);
}

DynoResult *
dyno_result_load_from_data (const char *data, gsize length, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_data (data != NULL ? data : "", length, NULL, error);
}

DynoResult *
dyno_result_load (const char *path, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  DynoResult *result;
  guint64 size = 0;
  gsize length = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_basename (path);
  fd = dyno_file_open_regular (path, &size, error);
  if (fd < 0)
    return NULL;
  if (size > MAX_FILE_SIZE)
    {
      g_autofree char *text = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (MAX_FILE_SIZE, G_FORMAT_SIZE_IEC_UNITS);

      close (fd);
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   /* TRANSLATORS: %s are a file name, its size and the largest size allowed */
                   _("“%s” is too large for a result file (%s; the limit is %s)"), name, text,
                   limit);
      return NULL;
    }
  /* A file that shrank while we read it is checked like any other data. */
  if (!dyno_file_read_fd (fd, path, (gsize) size, &data, &length, error))
    return NULL;

  result = load_data (data, length, name, error);
  if (result != NULL)
    dyno_result_set_path (result, path);
  return result;
}

gboolean
dyno_config_from_json (JsonObject *object, DynoConfig *config, GError **error)
{
  g_return_val_if_fail (object != NULL && config != NULL, FALSE);
  return read_config (object, "config", config, FALSE, error);
}

gboolean
dyno_config_from_json_full (JsonObject *object, DynoConfig *config, gboolean whole,
                            GError **error)
{
  g_return_val_if_fail (object != NULL && config != NULL, FALSE);
  return read_config (object, "config", config, whole, error);
}

gboolean
dyno_json_fail (GError **error, const char *where, const char *name, const char *format, ...)
{
  g_autofree char *path = join_path (where, name);
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, "%s: %s", path, reason);
  return FALSE;
}

const char *
dyno_json_describe (JsonNode *node)
{
  return describe (node);
}

gboolean
dyno_json_read_uint64 (JsonNode *node, const char *where, const char *name, guint64 min,
                       guint64 max, guint64 *out, GError **error)
{
  return read_uint64 (node, where, name, min, max, out, error);
}

gboolean
dyno_system_info_from_json (JsonObject *object, DynoSystemInfo *system, GError **error)
{
  g_return_val_if_fail (object != NULL && system != NULL, FALSE);
  return read_system (object, "system", system, error);
}

gboolean
dyno_target_info_from_json (JsonObject *object, DynoTargetInfo *info, GError **error)
{
  g_return_val_if_fail (object != NULL && info != NULL, FALSE);
  return read_info (object, "info", info, error);
}
