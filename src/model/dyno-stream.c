/* dyno-stream.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dyno-enum.h"
#include "dyno-error.h"
#include "dyno-json-build.h"
#include "dyno-phase-kind.h"
#include "dyno-stream.h"
#include "dyno-json-shape.h"
#include "dyno-model-enums.h"

const char *
dyno_stream_kind_get_name (DynoStreamKind kind)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_STREAM_KIND, kind);

  return nick != NULL ? nick : "?";
}

static void
add_double (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_value (b, dyno_json_double_node (value));
}

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value == NULL)
    json_builder_add_null_value (b);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_builder_add_string_value (b, valid);
    }
}

static void
add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

/* The counts kinds sized for themselves, each under its kind's key ("seeks"). */
static void
add_counts (JsonBuilder *b, const guint64 *counts)
{
  guint n_kinds;
  const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    if (kinds[i]->workload != NULL && kinds[i]->workload->key != NULL)
      add_int (b, kinds[i]->workload->key, (gint64) MIN (counts[i], (guint64) G_MAXINT64));
}

static const char *
unit_name (const DynoPhase *phase)
{
  return dyno_phase_get_unit (phase) == DYNO_UNIT_BYTES ? "B/s" : "ops/s";
}

char *
dyno_stream_encode (const DynoStreamEvent *event)
{
  g_autoptr (JsonBuilder) b = NULL;
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (dyno_enum_to_nick (DYNO_TYPE_STREAM_KIND, event->kind) != NULL, NULL);

  if (event->host != NULL && (event->kind == DYNO_STREAM_RESULT
                              || event->kind == DYNO_STREAM_INTERRUPTED))
    {
      DynoStreamEvent untagged = *event;
      g_autofree char *line = NULL;

      untagged.host = NULL;
      line = dyno_stream_encode (&untagged);
      return dyno_stream_tag_host (line, event->host, event->target);
    }
  if (event->kind == DYNO_STREAM_RESULT)
    {
      g_autofree char *result = dyno_result_to_json (event->result, FALSE);

      /* The result's own writer, verbatim: the same bytes as a result file, compact. */
      return g_strdup_printf ("{\"event\":\"result\",\"result\":%s}", result);
    }
  if (event->kind == DYNO_STREAM_INTERRUPTED)
    return g_strdup ("{\"event\":\"interrupted\"}");

  b = json_builder_new ();
  json_builder_begin_object (b);
  add_string (b, "event", dyno_stream_kind_get_name (event->kind));
  if (event->kind == DYNO_STREAM_HELLO)
    {
      add_int (b, "protocol", event->protocol);
      add_string (b, "dyno", event->text);
      goto done;
    }
  if (event->kind == DYNO_STREAM_AGGREGATE)
    {
      add_string (b, "phase", dyno_phase_get_key (event->phase));
      add_int (b, "hosts", event->hosts);
      add_double (b, "sum", event->sum);
      add_string (b, "unit", unit_name (event->phase));
      add_string (b, "slowest", event->text);
      add_double (b, "slowest_rate", event->slowest_rate);
      add_double (b, "fastest_rate", event->fastest_rate);
      add_double (b, "spread", event->spread);
      goto done;
    }
  if (event->kind == DYNO_STREAM_WORKLOAD)
    {
      add_int (b, "size", (gint64) MIN (event->workload.io_size, (guint64) G_MAXINT64));
      add_int (b, "per_char_size",
               (gint64) MIN (event->workload.per_char_size, (guint64) G_MAXINT64));
      add_int (b, "files", (gint64) MIN (event->workload.files_total, (guint64) G_MAXINT64));
      add_int (b, "files_cap", (gint64) MIN (event->workload.files_cap, (guint64) G_MAXINT64));
      add_counts (b, event->workload.counts);
      /* Only when true: a remote of the same protocol that knows no such member is not
       * confused by it, and reads its absence as FALSE. */
      if (event->workload.space_short)
        {
          json_builder_set_member_name (b, "space_short");
          json_builder_add_boolean_value (b, TRUE);
        }
      add_string (b, "reason", event->text);
      goto done;
    }
  if (event->kind == DYNO_STREAM_END)
    {
      add_string (b, "precision", event->text);
      goto done;
    }
  if (event->host != NULL)
    add_string (b, "host", event->host);
  add_int (b, "target", event->target);
  switch (event->kind)
    {
    case DYNO_STREAM_TARGET_STARTED:
      add_string (b, "path", event->text);
      break;
    case DYNO_STREAM_PHASE_STARTED:
      add_int (b, "repeat", event->repeat);
      add_string (b, "phase", dyno_phase_get_key (event->phase));
      break;
    case DYNO_STREAM_SAMPLE:
      {
        const DynoSample *s = &event->sample;

        add_int (b, "repeat", s->repeat);
        add_string (b, "phase", dyno_phase_get_key (s->phase));
        add_double (b, "t", s->t);
        add_double (b, "phase_t", s->phase_t);
        add_int (b, "done", (gint64) MIN (s->done, (guint64) G_MAXINT64));
        add_double (b, "rate", s->rate);
        add_string (b, "unit", unit_name (s->phase));
        add_double (b, "process_cpu", s->process_cpu);
        add_double (b, "sys_user", s->system_cpu.user);
        add_double (b, "sys_system", s->system_cpu.system);
        add_double (b, "sys_iowait", s->system_cpu.iowait);
        add_double (b, "sys_idle", s->system_cpu.idle);
        add_double (b, "progress", s->progress);
      }
      break;
    case DYNO_STREAM_PHASE_FINISHED:
      {
        const DynoPhaseRun *run = &event->run;

        add_int (b, "repeat", event->repeat);
        add_string (b, "phase", dyno_phase_get_key (event->phase));
        add_int (b, "amount", (gint64) MIN (run->amount, (guint64) G_MAXINT64));
        add_double (b, "elapsed", run->elapsed);
        add_double (b, "rate", run->rate);
        add_string (b, "unit", unit_name (event->phase));
        add_double (b, "cpu_percent", run->cpu_percent);
        json_builder_set_member_name (b, "too_fast");
        json_builder_add_boolean_value (b, run->too_fast);
        add_double (b, "cache_resident", run->cache_resident);
        add_double (b, "latency_p99", run->latency.p99);
        add_double (b, "latency_max", run->latency.max);
        if (dyno_phase_has_flag (event->phase, DYNO_PHASE_QUEUED))
          {
            add_double (b, "iops", run->iops);
            add_double (b, "latency_mean", run->latency.mean);
          }
        add_double (b, "started", run->started);
        if (run->cache_doubt != NULL)
          add_string (b, "cache_doubt", run->cache_doubt);
      }
      break;
    case DYNO_STREAM_SIZED:
      {
        const DynoSizing *sizing = &event->sizing;

        add_double (b, "write_rate", sizing->write_rate);
        add_double (b, "per_char_rate", sizing->per_char_rate);
        add_double (b, "create_rate", sizing->create_rate);
        add_double (b, "seconds", sizing->seconds);
        add_int (b, "size", (gint64) MIN (sizing->size, (guint64) G_MAXINT64));
        add_int (b, "per_char_size", (gint64) MIN (sizing->per_char_size, (guint64) G_MAXINT64));
        add_int (b, "files", (gint64) MIN (sizing->files, (guint64) G_MAXINT64));
        add_counts (b, sizing->counts);
        add_int (b, "free_bytes", (gint64) MIN (event->free_bytes, (guint64) G_MAXINT64));
        add_int (b, "free_inodes", (gint64) MIN (event->free_inodes, (guint64) G_MAXINT64));
        add_string (b, "path", event->text);
      }
      break;
    case DYNO_STREAM_ROUND_FINISHED:
      add_int (b, "repeat", event->repeat);
      add_double (b, "started", event->started);
      add_string (b, "error", event->text);
      break;
    case DYNO_STREAM_ROUND:
      add_int (b, "repeat", event->repeat);
      if (event->only != NULL)
        {
          json_builder_set_member_name (b, "only");
          json_builder_begin_array (b);
          for (guint i = 0; event->only[i] != NULL; i++)
            json_builder_add_string_value (b, event->only[i]);
          json_builder_end_array (b);
        }
      break;
    case DYNO_STREAM_MESSAGE:
      add_string (b, "level", event->warning ? "warning" : "info");
      add_string (b, "text", event->text);
      break;
    case DYNO_STREAM_TARGET_FINISHED:
      add_string (b, "error", event->text);
      break;
    case DYNO_STREAM_INTERRUPTED:
    case DYNO_STREAM_RESULT:
    case DYNO_STREAM_HELLO:
    case DYNO_STREAM_AGGREGATE:
    case DYNO_STREAM_WORKLOAD:
    case DYNO_STREAM_END:
    default:
      g_assert_not_reached ();
    }
done:
  json_builder_end_object (b);

  generator = json_generator_new ();
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* ---- reading ------------------------------------------------------------------------------ */

static gboolean
bad (GError **error, const char *what, const char *name)
{
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
               /* Translators: reading a line of dyno-cli run --stream; %s are a reason and a
                * field name */
               _("Not a Dyno stream event: %s “%s”"), what, name);
  return FALSE;
}

static double
get_double (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node) || json_node_get_value_type (node) == G_TYPE_STRING)
    return NAN;
  return json_node_get_double (node);
}

static gboolean
get_uint (JsonObject *o, const char *name, guint64 max, guint64 *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  gint64 value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return bad (error, _("missing or not a whole number:"), name);
  value = json_node_get_int (node);
  if (value < 0 || (guint64) value > max)
    return bad (error, _("out of range:"), name);
  *out = (guint64) value;
  return TRUE;
}

/* Every known kind's count, under its key: a stream of this build has them all. */
static gboolean
get_counts (JsonObject *o, guint64 *counts, GError **error)
{
  guint n_kinds;
  const DynoPhaseKind *const *kinds = dyno_phase_kinds (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    if (kinds[i]->workload != NULL && kinds[i]->workload->key != NULL
        && !get_uint (o, kinds[i]->workload->key, G_MAXINT64, &counts[i], error))
      return FALSE;
  return TRUE;
}

static const char *
get_string (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
get_phase (JsonObject *o, const DynoPhase **out, GError **error)
{
  const char *key = get_string (o, "phase");

  if (key == NULL)
    return bad (error, _("missing:"), "phase");
  *out = dyno_phase_lookup (key);
  if (*out == NULL)
    return bad (error, _("unknown phase"), key);
  return TRUE;
}

static gboolean
decode_sized (JsonObject *o, DynoStreamEvent *event, GError **error)
{
  DynoSizing *sizing = &event->sizing;

  sizing->write_rate = get_double (o, "write_rate");
  sizing->per_char_rate = get_double (o, "per_char_rate");
  sizing->create_rate = get_double (o, "create_rate");
  sizing->seconds = get_double (o, "seconds");
  sizing->calibrated = !isnan (sizing->write_rate) || !isnan (sizing->per_char_rate)
                       || !isnan (sizing->create_rate);
  event->text = g_strdup (get_string (o, "path"));
  return get_uint (o, "size", G_MAXINT64, &sizing->size, error)
         && get_uint (o, "per_char_size", G_MAXINT64, &sizing->per_char_size, error)
         && get_uint (o, "files", G_MAXINT64, &sizing->files, error)
         && get_counts (o, sizing->counts, error)
         && get_uint (o, "free_bytes", G_MAXINT64, &event->free_bytes, error)
         && get_uint (o, "free_inodes", G_MAXINT64, &event->free_inodes, error);
}

/* A round's phases: known keys only, at most every phase there is. */
static gboolean
decode_only (JsonObject *o, DynoStreamEvent *event, GError **error)
{
  JsonNode *node = json_object_get_member (o, "only");
  g_autoptr (GStrvBuilder) keys = NULL;
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return bad (error, _("not a list:"), "only");
  array = json_node_get_array (node);
  keys = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *key;

      if (!JSON_NODE_HOLDS_VALUE (element)
          || json_node_get_value_type (element) != G_TYPE_STRING)
        return bad (error, _("not a list of phases:"), "only");
      key = json_node_get_string (element);
      if (dyno_phase_lookup (key) == NULL)
        return bad (error, _("unknown phase"), key);
      g_strv_builder_add (keys, key);
    }
  event->only = g_strv_builder_end (keys);
  return TRUE;
}

gboolean
dyno_stream_decode (const char *line, DynoStreamEvent *event, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local_error = NULL;
  JsonObject *o;
  const char *name;
  int kind;
  guint64 n = 0;

  g_return_val_if_fail (line != NULL, FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  memset (event, 0, sizeof *event);
  /* Lines come from another machine's dyno-cli, or whatever its login printed. */
  if (!dyno_json_check_shape (line, -1, _("The line"), &local_error))
    return bad (error, _("not JSON:"), local_error->message);
  if (!json_parser_load_from_data (parser, line, -1, &local_error))
    return bad (error, _("not JSON:"), local_error->message);
  if (json_parser_get_root (parser) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return bad (error, _("not an object:"), line);
  o = json_node_get_object (json_parser_get_root (parser));
  name = get_string (o, "event");
  if (name == NULL)
    return bad (error, _("missing:"), "event");
  /* Exact: the names are written in lower case. */
  if (!dyno_enum_from_nick (DYNO_TYPE_STREAM_KIND, name, NULL, &kind)
      || !g_str_equal (name, dyno_stream_kind_get_name (kind)))
    return bad (error, _("unknown event"), name);
  event->kind = kind;
  event->host = g_strdup (get_string (o, "host"));
  if (event->kind == DYNO_STREAM_INTERRUPTED)
    return TRUE;
  if (event->kind == DYNO_STREAM_AGGREGATE)
    {
      if (!get_phase (o, &event->phase, error) || !get_uint (o, "hosts", G_MAXUINT, &n, error))
        return FALSE;
      event->hosts = (guint) n;
      event->sum = get_double (o, "sum");
      event->text = g_strdup (get_string (o, "slowest"));
      event->slowest_rate = get_double (o, "slowest_rate");
      event->fastest_rate = get_double (o, "fastest_rate");
      event->spread = get_double (o, "spread");
      return TRUE;
    }
  if (event->kind == DYNO_STREAM_WORKLOAD)
    {
      DynoWorkload *w = &event->workload;

      if (!get_uint (o, "size", G_MAXINT64, &w->io_size, error)
          || !get_uint (o, "per_char_size", G_MAXINT64, &w->per_char_size, error)
          || !get_uint (o, "files", G_MAXINT64, &w->files_total, error)
          || !get_uint (o, "files_cap", G_MAXINT64, &w->files_cap, error)
          || !get_counts (o, w->counts, error))
        return FALSE;
      w->space_short = json_object_get_boolean_member_with_default (o, "space_short", FALSE);
      event->text = g_strdup (get_string (o, "reason"));
      return TRUE;
    }
  if (event->kind == DYNO_STREAM_END)
    {
      event->text = g_strdup (get_string (o, "precision"));
      return TRUE;
    }
  if (event->kind == DYNO_STREAM_HELLO)
    {
      /* Any protocol number is read; dyno_stream_check_hello () judges it. */
      if (!get_uint (o, "protocol", G_MAXUINT, &n, error))
        return FALSE;
      event->protocol = (guint) n;
      event->text = g_strdup (get_string (o, "dyno"));
      return TRUE;
    }
  if (event->kind == DYNO_STREAM_RESULT)
    {
      JsonNode *result = json_object_get_member (o, "result");
      g_autofree char *text = NULL;

      if (result == NULL || !JSON_NODE_HOLDS_OBJECT (result))
        return bad (error, _("missing:"), "result");
      text = json_to_string (result, FALSE);
      event->result = dyno_result_load_from_data (text, strlen (text), error);
      return event->result != NULL;
    }
  if (!get_uint (o, "target", G_MAXUINT, &n, error))
    return FALSE;
  event->target = (guint) n;
  switch (event->kind)
    {
    case DYNO_STREAM_TARGET_STARTED:
      event->text = g_strdup (get_string (o, "path"));
      return TRUE;
    case DYNO_STREAM_MESSAGE:
      event->warning = g_strcmp0 (get_string (o, "level"), "warning") == 0;
      event->text = g_strdup (get_string (o, "text"));
      return TRUE;
    case DYNO_STREAM_TARGET_FINISHED:
      event->text = g_strdup (get_string (o, "error"));
      return TRUE;
    case DYNO_STREAM_SIZED:
      return decode_sized (o, event, error);
    case DYNO_STREAM_ROUND_FINISHED:
    case DYNO_STREAM_ROUND:
      if (!get_uint (o, "repeat", G_MAXUINT, &n, error))
        return FALSE;
      event->repeat = (guint) n;
      event->started = get_double (o, "started");
      event->text = g_strdup (get_string (o, "error"));
      return event->kind == DYNO_STREAM_ROUND_FINISHED || decode_only (o, event, error);
    case DYNO_STREAM_PHASE_STARTED:
    case DYNO_STREAM_SAMPLE:
    case DYNO_STREAM_PHASE_FINISHED:
    case DYNO_STREAM_INTERRUPTED:
    case DYNO_STREAM_RESULT:
    case DYNO_STREAM_HELLO:
    case DYNO_STREAM_AGGREGATE:
    default:
      break;
    }
  if (!get_uint (o, "repeat", G_MAXUINT, &n, error) || !get_phase (o, &event->phase, error))
    return FALSE;
  event->repeat = (guint) n;
  if (event->kind == DYNO_STREAM_SAMPLE)
    {
      DynoSample *s = &event->sample;

      s->target = event->target;
      s->repeat = event->repeat;
      s->phase = event->phase;
      s->t = get_double (o, "t");
      s->phase_t = get_double (o, "phase_t");
      if (!get_uint (o, "done", G_MAXINT64, &s->done, error))
        return FALSE;
      s->rate = get_double (o, "rate");
      s->process_cpu = get_double (o, "process_cpu");
      s->system_cpu.user = get_double (o, "sys_user");
      s->system_cpu.system = get_double (o, "sys_system");
      s->system_cpu.iowait = get_double (o, "sys_iowait");
      s->system_cpu.idle = get_double (o, "sys_idle");
      s->progress = get_double (o, "progress");
    }
  else if (event->kind == DYNO_STREAM_PHASE_FINISHED)
    {
      DynoPhaseRun *run = &event->run;

      dyno_phase_run_init (run);
      run->repeat = event->repeat;
      if (!get_uint (o, "amount", G_MAXINT64, &run->amount, error))
        return FALSE;
      run->elapsed = get_double (o, "elapsed");
      run->rate = get_double (o, "rate");
      run->cpu_percent = get_double (o, "cpu_percent");
      run->too_fast = json_object_get_boolean_member_with_default (o, "too_fast", FALSE);
      run->cache_resident = get_double (o, "cache_resident");
      run->latency.p99 = get_double (o, "latency_p99");
      run->latency.max = get_double (o, "latency_max");
      run->iops = get_double (o, "iops");
      run->latency.mean = get_double (o, "latency_mean");
      run->started = get_double (o, "started");
      if (get_string (o, "cache_doubt") != NULL)
        run->cache_doubt = g_intern_string (get_string (o, "cache_doubt"));
    }
  return TRUE;
}

void
dyno_stream_event_clear (DynoStreamEvent *event)
{
  if (event == NULL)
    return;
  g_clear_pointer (&event->text, g_free);
  g_clear_pointer (&event->host, g_free);
  g_clear_pointer (&event->only, g_strfreev);
  g_clear_object (&event->result);
}

void
dyno_stream_event_init_hello (DynoStreamEvent *event, const char *version)
{
  g_return_if_fail (event != NULL);

  memset (event, 0, sizeof *event);
  event->kind = DYNO_STREAM_HELLO;
  event->protocol = DYNO_STREAM_PROTOCOL;
  event->text = g_strdup (version);
}

gboolean
dyno_stream_check_hello (const DynoStreamEvent *event, GError **error)
{
  g_return_val_if_fail (event != NULL, FALSE);

  if (event->kind != DYNO_STREAM_HELLO)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   /* Translators: %s is an event name such as “target-started” */
                   _("The stream does not start with a “hello” line (it starts with “%s”): the "
                     "other end is a Dyno from before stream protocol %u"),
                   dyno_stream_kind_get_name (event->kind),
                   (guint) DYNO_STREAM_PROTOCOL);
      return FALSE;
    }
  if (event->protocol != DYNO_STREAM_PROTOCOL)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   /* Translators: the versions of two Dyno programs' stream protocols, then
                    * the other program's version */
                   _("The stream speaks protocol %u (Dyno %s); this Dyno reads protocol %u"),
                   event->protocol, event->text != NULL ? event->text : "?",
                   (guint) DYNO_STREAM_PROTOCOL);
      return FALSE;
    }
  return TRUE;
}

char *
dyno_stream_tag_host (const char *line, const char *host, guint target)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GList) members = NULL;
  g_autofree char *valid = NULL;
  JsonObject *in;
  JsonObject *out;
  JsonNode *event;

  g_return_val_if_fail (line != NULL, NULL);
  g_return_val_if_fail (host != NULL, NULL);

  if (!dyno_json_check_shape (line, -1, "line", NULL)
      || !json_parser_load_from_data (parser, line, -1, NULL)
      || json_parser_get_root (parser) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  in = json_node_get_object (json_parser_get_root (parser));
  out = json_object_new ();
  event = json_object_get_member (in, "event");
  if (event != NULL)
    json_object_set_member (out, "event", json_node_copy (event));
  valid = g_utf8_make_valid (host, -1);
  json_object_set_string_member (out, "host", valid);
  members = json_object_get_members (in);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;

      if (g_str_equal (name, "event") || g_str_equal (name, "host"))
        continue;
      if (g_str_equal (name, "target"))
        json_object_set_int_member (out, "target", target);
      else
        json_object_set_member (out, name, json_node_copy (json_object_get_member (in, name)));
    }
  root = json_node_init_object (json_node_alloc (), out);
  json_object_unref (out);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}
