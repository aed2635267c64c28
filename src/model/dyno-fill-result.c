/* dyno-fill-result.c: a fill test's document, its "dyno-fill" JSON both ways, and its words
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-file-private.h"
#include "dyno-fill-result.h"
#include "dyno-json-build.h"
#include "dyno-json-shape.h"
#include "dyno-parse.h"
#include "dyno-result-json.h"

#define MAX_FILE_SIZE (G_GUINT64_CONSTANT (256) << 20)
#define MAX_SAMPLES (G_GUINT64_CONSTANT (4) << 20)
#define MAX_SEGMENTS 100000
#define MAX_PASSES 100
#define MAX_MESSAGES 10000
#define SNIFF_BYTES 65536
/* The first segment is a fast stretch when it is this much faster than the second. */
#define FAST_STRETCH_RATIO 1.25

DynoFillPass *
dyno_fill_pass_new (void)
{
  DynoFillPass *pass = g_new0 (DynoFillPass, 1);

  pass->samples = g_array_new (FALSE, TRUE, sizeof (DynoFillSample));
  pass->segments = g_array_new (FALSE, TRUE, sizeof (DynoFillSegment));
  pass->seconds = NAN;
  pass->recovered_fraction = NAN;
  return pass;
}

void
dyno_fill_pass_free (DynoFillPass *pass)
{
  if (pass == NULL)
    return;
  g_array_unref (pass->samples);
  g_array_unref (pass->segments);
  g_free (pass);
}

DynoFillResult *
dyno_fill_result_new (const char *path)
{
  DynoFillResult *result = g_new0 (DynoFillResult, 1);

  result->id = g_uuid_string_random ();
  result->created = g_get_real_time ();
  result->tool = g_strdup ("dyno " PACKAGE_VERSION);
  result->path = g_strdup (path);
  result->system = dyno_system_info_new ();
  result->info = dyno_target_info_new (path);
  result->sample_interval = NAN;
  result->calibration_seconds = NAN;
  result->estimated_seconds = NAN;
  result->fill = dyno_fill_pass_new ();
  result->recovery = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_fill_pass_free);
  result->notes = g_ptr_array_new_with_free_func (g_free);
  result->warnings = g_ptr_array_new_with_free_func (g_free);
  return result;
}

void
dyno_fill_result_free (DynoFillResult *result)
{
  if (result == NULL)
    return;
  g_free (result->id);
  g_free (result->tool);
  g_free (result->label);
  g_free (result->path);
  g_clear_pointer (&result->system, dyno_system_info_free);
  g_clear_pointer (&result->info, dyno_target_info_free);
  g_free (result->engine);
  g_free (result->direct_refused);
  dyno_fill_pass_free (result->fill);
  g_ptr_array_unref (result->recovery);
  g_free (result->error_code);
  g_free (result->error_message);
  g_ptr_array_unref (result->notes);
  g_ptr_array_unref (result->warnings);
  g_free (result->scratch_left);
  g_free (result);
}

/* ---- analysis ------------------------------------------------------------------------- */

static const DynoFillSegment *
segment_at (const DynoFillPass *pass, guint k)
{
  return &g_array_index (pass->segments, DynoFillSegment, k);
}

gboolean
dyno_fill_pass_has_fast_stretch (const DynoFillPass *pass)
{
  g_return_val_if_fail (pass != NULL, FALSE);
  return pass->segments->len >= 2
         && segment_at (pass, 0)->rate >= FAST_STRETCH_RATIO * segment_at (pass, 1)->rate;
}

gboolean
dyno_fill_recovered (const DynoFillPass *fill,
                     const DynoFillPass *pass,
                     guint64            *bytes,
                     double             *fraction)
{
  double threshold;
  guint64 got = 0;

  g_return_val_if_fail (fill != NULL && pass != NULL, FALSE);

  if (!dyno_fill_pass_has_fast_stretch (fill) || segment_at (fill, 0)->end == 0)
    return FALSE;
  /* Halfway between the cache's speed and the drive's own: nearer the first is "fast". */
  threshold = (segment_at (fill, 0)->rate + segment_at (fill, 1)->rate) / 2;
  for (guint k = 0; k < pass->segments->len && segment_at (pass, k)->rate >= threshold; k++)
    got = segment_at (pass, k)->end;
  if (bytes != NULL)
    *bytes = got;
  if (fraction != NULL)
    *fraction = (double) got / segment_at (fill, 0)->end;
  return TRUE;
}

static void
analyze_pass (DynoFillPass *pass)
{
  g_array_unref (pass->segments);
  pass->segments = dyno_segments_find ((const DynoFillSample *) (void *) pass->samples->data,
                                       pass->samples->len, NULL);
}

void
dyno_fill_result_analyze (DynoFillResult *result)
{
  g_return_if_fail (result != NULL);

  analyze_pass (result->fill);
  for (guint i = 0; i < result->recovery->len; i++)
    {
      DynoFillPass *pass = g_ptr_array_index (result->recovery, i);

      analyze_pass (pass);
      if (!dyno_fill_recovered (result->fill, pass, &pass->recovered, &pass->recovered_fraction))
        {
          pass->recovered = 0;
          pass->recovered_fraction = NAN;
        }
    }
}

/* ---- words ------------------------------------------------------------------------------ */

char *
dyno_fill_format_rate (double rate)
{
  if (!isfinite (rate))
    return g_strdup ("—");
  /* Translators: rates in 10^9 and 10^6 bytes per second */
  if (rate >= 1e9)
    return g_strdup_printf (_("%.1f GB/s"), rate / 1e9);
  if (rate >= 100e6)
    return g_strdup_printf (_("%.0f MB/s"), rate / 1e6);
  if (rate >= 10e6)
    return g_strdup_printf (_("%.1f MB/s"), rate / 1e6);
  return g_strdup_printf (_("%.2f MB/s"), rate / 1e6);
}

char *
dyno_fill_format_bytes (guint64 bytes)
{
  /* Translators: amounts in 10^12, 10^9 and 10^6 bytes */
  if (bytes >= G_GUINT64_CONSTANT (1000000000000))
    return g_strdup_printf (_("%.2f TB"), bytes / 1e12);
  if (bytes >= 1000000000)
    return g_strdup_printf (_("%.1f GB"), bytes / 1e9);
  if (bytes >= 1000000)
    return g_strdup_printf (_("%.0f MB"), bytes / 1e6);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRIu64 " byte",
                                       "%" PRIu64 " bytes", bytes),
                          bytes);
}

char *
dyno_fill_pass_describe (const DynoFillPass *pass)
{
  g_autoptr (GString) text = g_string_new (NULL);

  g_return_val_if_fail (pass != NULL, NULL);

  if (pass->segments->len == 0)
    return g_strdup (_("Wrote nothing that could be measured."));
  if (pass->segments->len == 1)
    {
      g_autofree char *rate = dyno_fill_format_rate (segment_at (pass, 0)->rate);
      g_autofree char *bytes = dyno_fill_format_bytes (segment_at (pass, 0)->end);

      /* Translators: a fill whose curve has no knee; a rate, then the bytes written */
      return g_strdup_printf (_("Wrote at %s throughout (%s, no knee)."), rate, bytes);
    }
  for (guint k = 0; k < pass->segments->len; k++)
    {
      const DynoFillSegment *s = segment_at (pass, k);
      g_autofree char *rate = dyno_fill_format_rate (s->rate);
      g_autofree char *end = dyno_fill_format_bytes (s->end);

      if (k == 0)
        {
          /* Translators: the start of a fill's sentence; a rate, then an amount */
          g_string_append_printf (text, _("Wrote at %s for the first %s"), rate, end);
          if (dyno_fill_pass_has_fast_stretch (pass))
            /* Translators: after "Wrote at 3.1 GB/s for the first 42.0 GB" */
            g_string_append (text, _(" (its fast cache)"));
        }
      else if (k + 1 < pass->segments->len)
        /* Translators: a middle stretch of a fill: its rate, then where it ended */
        g_string_append_printf (text, _(", then at %s up to %s"), rate, end);
      else
        /* Translators: the last stretch of a fill: its rate */
        g_string_append_printf (text, _(", then at %s"), rate);
    }
  g_string_append_c (text, '.');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
dyno_fill_recovery_describe (const DynoFillResult *result, const DynoFillPass *pass)
{
  g_autofree char *rest = NULL;
  g_autofree char *fast = NULL;
  g_autofree char *got = NULL;
  guint64 bytes = 0;
  double fraction = NAN;

  g_return_val_if_fail (result != NULL && pass != NULL, NULL);

  rest = dyno_format_duration (pass->rest);
  if (!dyno_fill_recovered (result->fill, pass, &bytes, &fraction))
    /* Translators: %s is a duration such as "60 s" */
    return g_strdup_printf (_("After %s of rest: the fill had no fast stretch that could come "
                              "back."),
                            rest);
  fast = dyno_fill_format_bytes (segment_at (result->fill, 0)->end);
  got = dyno_fill_format_bytes (bytes);
  if (bytes == 0)
    {
      g_autofree char *rate = dyno_fill_format_rate (pass->segments->len > 0
                                                         ? segment_at (pass, 0)->rate
                                                         : NAN);

      /* Translators: a duration, the size of the fast stretch, a rate */
      return g_strdup_printf (_("After %s of rest, none of the %s fast stretch came back: the "
                                "pass wrote at %s from its start."),
                              rest, fast, rate);
    }
  if (fraction >= 0.995)
    /* Translators: a duration, the size of the fast stretch, the bytes written fast again */
    return g_strdup_printf (_("After %s of rest, all of the %s fast stretch came back (%s "
                              "written at its speed again)."),
                            rest, fast, got);
  /* Translators: a duration, the bytes that came back, the size of the fast stretch, a
   * percentage */
  return g_strdup_printf (_("After %s of rest, %s of the %s fast stretch came back (%.0f %%)."),
                          rest, got, fast, fraction * 100);
}

/* ---- JSON out --------------------------------------------------------------------------- */

static void
add_uint (JsonBuilder *b, const char *name, guint64 value)
{
  dyno_json_add_count_member (b, name, value, TRUE);
}

static void
add_time (JsonBuilder *b, const char *name, gint64 unix_usec)
{
  g_autoptr (GDateTime) time = g_date_time_new_from_unix_utc (unix_usec / G_USEC_PER_SEC);
  g_autoptr (GDateTime) exact = NULL;
  g_autofree char *text = NULL;

  if (time != NULL)
    exact = g_date_time_add (time, unix_usec % G_USEC_PER_SEC);
  if (exact != NULL)
    text = g_date_time_format_iso8601 (exact);
  dyno_json_add_string_member (b, name, text);
}

static void
add_object (JsonBuilder *b, const char *name, JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  json_builder_set_member_name (b, name);
  json_builder_add_value (b, node);
}

static void
add_strings (JsonBuilder *b, const char *name, GPtrArray *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, i));
  json_builder_end_array (b);
}

/* A pass's samples and segments (the members a recovery pass and the top level share). */
static void
add_curve (JsonBuilder *b, const DynoFillPass *pass)
{
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; i < pass->samples->len; i++)
    {
      const DynoFillSample *s = &g_array_index (pass->samples, DynoFillSample, i);

      json_builder_begin_object (b);
      add_uint (b, "written", s->written);
      dyno_json_add_double_member (b, "rate", s->rate);
      dyno_json_add_double_member (b, "t", s->t);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "segments");
  json_builder_begin_array (b);
  for (guint k = 0; k < pass->segments->len; k++)
    {
      const DynoFillSegment *s = segment_at (pass, k);

      json_builder_begin_object (b);
      add_uint (b, "start", s->start);
      add_uint (b, "end", s->end);
      dyno_json_add_double_member (b, "rate", s->rate);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

char *
dyno_fill_result_to_json (const DynoFillResult *result)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  json_builder_begin_object (b);
  dyno_json_add_string_member (b, "format", DYNO_FILL_FORMAT);
  add_uint (b, "version", DYNO_FILL_VERSION);
  dyno_json_add_string_member (b, "id", result->id);
  add_time (b, "created", result->created);
  dyno_json_add_string_member (b, "tool", result->tool);
  dyno_json_add_string_member (b, "label", result->label);
  dyno_json_add_string_member (b, "path", result->path);
  add_object (b, "system", dyno_system_info_to_json (result->system));
  add_object (b, "info", dyno_target_info_to_json (result->info));
  add_uint (b, "block", result->block);
  add_uint (b, "queue", result->queue);
  dyno_json_add_string_member (b, "engine", result->engine);
  json_builder_set_member_name (b, "direct");
  json_builder_add_boolean_value (b, result->direct);
  dyno_json_add_string_member (b, "direct_refused", result->direct_refused);
  dyno_json_add_double_member (b, "sample_interval", result->sample_interval);
  add_uint (b, "requested", result->fill->requested);
  add_uint (b, "written", result->fill->written);
  dyno_json_add_double_member (b, "seconds", result->fill->seconds);
  json_builder_set_member_name (b, "calibration");
  json_builder_begin_object (b);
  add_uint (b, "bytes", result->calibration_bytes);
  dyno_json_add_double_member (b, "seconds", result->calibration_seconds);
  dyno_json_add_double_member (b, "rate", result->calibration_seconds > 0
                                              ? result->calibration_bytes
                                                    / result->calibration_seconds
                                              : NAN);
  json_builder_end_object (b);
  dyno_json_add_double_member (b, "estimated_seconds", result->estimated_seconds);
  add_curve (b, result->fill);

  json_builder_set_member_name (b, "recovery");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->recovery->len; i++)
    {
      const DynoFillPass *pass = g_ptr_array_index (result->recovery, i);

      json_builder_begin_object (b);
      dyno_json_add_double_member (b, "rest", pass->rest);
      add_uint (b, "requested", pass->requested);
      add_uint (b, "written", pass->written);
      dyno_json_add_double_member (b, "seconds", pass->seconds);
      dyno_json_add_count_member (b, "recovered", pass->recovered,
                                  isfinite (pass->recovered_fraction));
      dyno_json_add_double_member (b, "recovered_fraction", pass->recovered_fraction);
      add_curve (b, pass);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "stopped");
  json_builder_add_boolean_value (b, result->stopped);
  json_builder_set_member_name (b, "error");
  if (result->error_message != NULL)
    {
      json_builder_begin_object (b);
      dyno_json_add_string_member (b, "code", result->error_code ? result->error_code : "failed");
      dyno_json_add_string_member (b, "message", result->error_message);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  add_strings (b, "notes", result->notes);
  add_strings (b, "warnings", result->warnings);
  json_builder_end_object (b);

  text = dyno_json_builder_to_pretty (b);
  return g_strconcat (text, "\n", NULL);
}

/* ---- JSON in ---------------------------------------------------------------------------- */

/* Reading: every error names the field by its path ("recovery[0].samples[3].rate"). */
static gboolean
fail (GError **error, const char *where, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError **error, const char *where, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, "%s: %s", where, message);
  return FALSE;
}

static char *
path_of (const char *where, const char *name)
{
  return where != NULL && where[0] != '\0' ? g_strdup_printf ("%s.%s", where, name)
                                           : g_strdup (name);
}

static const char *
type_name (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return _("null");
  if (JSON_NODE_HOLDS_OBJECT (node))
    return _("an object");
  if (JSON_NODE_HOLDS_ARRAY (node))
    return _("an array");
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _("a string");
    case G_TYPE_BOOLEAN:
      return _("a boolean");
    default:
      return _("a number");
    }
}

static gboolean
is_number (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && (json_node_get_value_type (node) == G_TYPE_INT64
             || json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

/* A number (null: NAN when nullable); finite, from min on. */
static gboolean
read_number (JsonObject *o, const char *where, const char *name, gboolean nullable, double min,
             double *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = path_of (where, name);
  double value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (!nullable)
        return fail (error, path, _("expected a number, found %s"), type_name (node));
      *out = NAN;
      return TRUE;
    }
  if (!is_number (node))
    return fail (error, path, _("expected a number, found %s"), type_name (node));
  value = json_node_get_value_type (node) == G_TYPE_INT64 ? (double) json_node_get_int (node)
                                                           : json_node_get_double (node);
  if (!isfinite (value) || value < min)
    return fail (error, path, _("%g is out of range"), value);
  *out = value;
  return TRUE;
}

/* A whole number from 0 to max (2⁶³ − 1 at most); absent when optional: 0. */
static gboolean
read_count (JsonObject *o, const char *where, const char *name, gboolean required, guint64 max,
            guint64 *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = path_of (where, name);

  if (node == NULL || (JSON_NODE_HOLDS_NULL (node) && !required))
    {
      if (required)
        return fail (error, path, _("missing"));
      *out = 0;
      return TRUE;
    }
  if (!is_number (node))
    return fail (error, path, _("expected a whole number, found %s"), type_name (node));
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      gint64 v = json_node_get_int (node);

      if (v < 0 || (guint64) v > max)
        return fail (error, path, _("%" PRId64 " is out of range"), v);
      *out = (guint64) v;
      return TRUE;
    }
  {
    double v = json_node_get_double (node);

    if (!isfinite (v) || v < 0 || v != floor (v) || v > (double) max || v >= 9.2e18)
      return fail (error, path, _("expected a whole number from 0 to %" PRIu64
                                  ", found %g"),
                   max, v);
    *out = (guint64) v;
  }
  return TRUE;
}

/* A string or null (NULL); absent: NULL. */
static gboolean
read_string (JsonObject *o, const char *where, const char *name, char **out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = path_of (where, name);

  g_clear_pointer (out, g_free);
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return fail (error, path, _("expected a string, found %s"), type_name (node));
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static gboolean
read_bool (JsonObject *o, const char *where, const char *name, gboolean *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = path_of (where, name);

  if (node == NULL)
    {
      *out = FALSE;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fail (error, path, _("expected true or false, found %s"), type_name (node));
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* An array member (absent: NULL and TRUE) of at most max elements. */
static gboolean
get_array (JsonObject *o, const char *where, const char *name, guint64 max, JsonArray **out,
           GError **error)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = path_of (where, name);

  *out = NULL;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail (error, path, _("expected an array, found %s"), type_name (node));
  if (json_array_get_length (json_node_get_array (node)) > max)
    return fail (error, path, _("more than %" PRIu64 " elements"), max);
  *out = json_node_get_array (node);
  return TRUE;
}

static JsonObject *
element_object (JsonArray *array, guint i, const char *where, const char *name, GError **error)
{
  JsonNode *node = json_array_get_element (array, i);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *path = g_strdup_printf ("%s%s%s[%u]", where ? where : "",
                                               where && where[0] ? "." : "", name, i);

      fail (error, path, _("expected an object, found %s"), type_name (node));
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
read_strings (JsonObject *o, const char *where, const char *name, GPtrArray *out,
              GError **error)
{
  JsonArray *array;

  if (!get_array (o, where, name, MAX_MESSAGES, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          g_autofree char *path = g_strdup_printf ("%s[%u]", name, i);

          return fail (error, path, _("expected a string, found %s"), type_name (node));
        }
      g_ptr_array_add (out, g_strdup (json_node_get_string (node)));
    }
  return TRUE;
}

/* samples and segments of a pass, in order, within what it wrote. */
static gboolean
read_curve (JsonObject *o, const char *where, DynoFillPass *pass, GError **error)
{
  JsonArray *samples;
  JsonArray *segments;

  if (!get_array (o, where, "samples", MAX_SAMPLES, &samples, error)
      || !get_array (o, where, "segments", MAX_SEGMENTS, &segments, error))
    return FALSE;
  for (guint i = 0; samples != NULL && i < json_array_get_length (samples); i++)
    {
      g_autofree char *at = g_strdup_printf ("%s%ssamples[%u]", where, where[0] ? "." : "", i);
      JsonObject *e = element_object (samples, i, where, "samples", error);
      DynoFillSample s = { 0 };

      if (e == NULL || !read_count (e, at, "written", TRUE, G_MAXINT64, &s.written, error)
          || !read_number (e, at, "rate", FALSE, 0, &s.rate, error)
          || !read_number (e, at, "t", TRUE, 0, &s.t, error))
        return FALSE;
      if (!isfinite (s.t))
        s.t = 0;
      if (pass->samples->len > 0
          && s.written <= g_array_index (pass->samples, DynoFillSample,
                                         pass->samples->len - 1).written)
        return fail (error, at, _("“written” must grow from one sample to the next"));
      g_array_append_val (pass->samples, s);
    }
  for (guint k = 0; segments != NULL && k < json_array_get_length (segments); k++)
    {
      g_autofree char *at = g_strdup_printf ("%s%ssegments[%u]", where, where[0] ? "." : "", k);
      JsonObject *e = element_object (segments, k, where, "segments", error);
      DynoFillSegment s = { 0 };

      if (e == NULL || !read_count (e, at, "start", TRUE, G_MAXINT64, &s.start, error)
          || !read_count (e, at, "end", TRUE, G_MAXINT64, &s.end, error)
          || !read_number (e, at, "rate", TRUE, 0, &s.rate, error))
        return FALSE;
      if (s.end < s.start)
        return fail (error, at, _("“end” is before “start”"));
      if (pass->segments->len > 0
          && s.start != g_array_index (pass->segments, DynoFillSegment,
                                       pass->segments->len - 1).end)
        return fail (error, at, _("a segment must start where the one before it ended"));
      g_array_append_val (pass->segments, s);
    }
  return TRUE;
}

static gboolean
read_pass_figures (JsonObject *o, const char *where, DynoFillPass *pass, GError **error)
{
  return read_count (o, where, "requested", FALSE, G_MAXINT64, &pass->requested, error)
         && read_count (o, where, "written", FALSE, G_MAXINT64, &pass->written, error)
         && read_number (o, where, "seconds", TRUE, 0, &pass->seconds, error)
         && read_curve (o, where, pass, error);
}

static gboolean
read_body (DynoFillResult *result, JsonObject *o, GError **error)
{
  JsonNode *node;
  JsonArray *recovery;
  guint64 queue = 0;

  if (!read_string (o, "", "label", &result->label, error)
      || !read_string (o, "", "path", &result->path, error))
    return FALSE;
  {
    g_autofree char *id = NULL;
    g_autofree char *tool = NULL;
    g_autofree char *created = NULL;

    if (!read_string (o, "", "id", &id, error) || !read_string (o, "", "tool", &tool, error)
        || !read_string (o, "", "created", &created, error))
      return FALSE;
    if (id != NULL)
      {
        g_free (result->id);
        result->id = g_steal_pointer (&id);
      }
    if (tool != NULL)
      {
        g_free (result->tool);
        result->tool = g_steal_pointer (&tool);
      }
    if (created != NULL)
      {
        g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
        g_autoptr (GDateTime) time = g_date_time_new_from_iso8601 (created, utc);

        if (time == NULL)
          return fail (error, "created", _("“%s” is not an ISO 8601 time"), created);
        result->created = g_date_time_to_unix (time) * G_USEC_PER_SEC
                          + g_date_time_get_microsecond (time);
      }
  }
  node = json_object_get_member (o, "system");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return fail (error, "system", _("expected an object, found %s"), type_name (node));
      if (!dyno_system_info_from_json (json_node_get_object (node), result->system, error))
        return FALSE;
    }
  node = json_object_get_member (o, "info");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return fail (error, "info", _("expected an object, found %s"), type_name (node));
      if (!dyno_target_info_from_json (json_node_get_object (node), result->info, error))
        return FALSE;
    }
  if (!read_count (o, "", "block", FALSE, G_GUINT64_CONSTANT (1) << 30, &result->block, error)
      || !read_count (o, "", "queue", FALSE, 1024, &queue, error)
      || !read_string (o, "", "engine", &result->engine, error)
      || !read_bool (o, "", "direct", &result->direct, error)
      || !read_string (o, "", "direct_refused", &result->direct_refused, error)
      || !read_number (o, "", "sample_interval", TRUE, 0, &result->sample_interval, error)
      || !read_number (o, "", "estimated_seconds", TRUE, 0, &result->estimated_seconds, error)
      || !read_pass_figures (o, "", result->fill, error)
      || !read_bool (o, "", "stopped", &result->stopped, error)
      || !read_strings (o, "", "notes", result->notes, error)
      || !read_strings (o, "", "warnings", result->warnings, error))
    return FALSE;
  result->queue = (guint) queue;

  node = json_object_get_member (o, "calibration");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return fail (error, "calibration", _("expected an object, found %s"), type_name (node));
      if (!read_count (json_node_get_object (node), "calibration", "bytes", FALSE, G_MAXINT64,
                       &result->calibration_bytes, error)
          || !read_number (json_node_get_object (node), "calibration", "seconds", TRUE, 0,
                           &result->calibration_seconds, error))
        return FALSE;
    }

  node = json_object_get_member (o, "error");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonObject *e;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return fail (error, "error", _("expected an object, found %s"), type_name (node));
      e = json_node_get_object (node);
      if (!read_string (e, "error", "code", &result->error_code, error)
          || !read_string (e, "error", "message", &result->error_message, error))
        return FALSE;
      if (result->error_message == NULL)
        return fail (error, "error.message", _("missing"));
    }

  if (!get_array (o, "", "recovery", MAX_PASSES, &recovery, error))
    return FALSE;
  for (guint i = 0; recovery != NULL && i < json_array_get_length (recovery); i++)
    {
      g_autofree char *at = g_strdup_printf ("recovery[%u]", i);
      g_autoptr (DynoFillPass) pass = dyno_fill_pass_new ();
      JsonObject *e = element_object (recovery, i, "", "recovery", error);
      guint64 recovered = 0;

      if (e == NULL || !read_number (e, at, "rest", FALSE, 0, &pass->rest, error)
          || !read_pass_figures (e, at, pass, error)
          || !read_count (e, at, "recovered", FALSE, G_MAXINT64, &recovered, error)
          || !read_number (e, at, "recovered_fraction", TRUE, 0, &pass->recovered_fraction,
                           error))
        return FALSE;
      pass->recovered = recovered;
      g_ptr_array_add (result->recovery, g_steal_pointer (&pass));
    }
  return TRUE;
}

DynoFillResult *
dyno_fill_result_from_data (const char *data, gsize length, const char *name, GError **error)
{
  g_autofree char *subject = name ? g_strdup_printf ("“%s”", name) : g_strdup (_("The data"));
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (DynoFillResult) result = NULL;
  JsonObject *object;
  JsonNode *root;
  JsonNode *node;
  guint64 version = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > MAX_FILE_SIZE)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is too large for a fill document"), subject);
      return NULL;
    }
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (!dyno_json_check_shape (data != NULL ? data : "", length, subject, error))
    return NULL;
  if (!json_parser_load_from_data (parser, data != NULL ? data : "", length, &local_error))
    {
      const char *message = local_error->message;

      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("%s is not valid JSON: %s"),
                   subject, message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is not a Dyno fill document (expected a JSON object)"), subject);
      return NULL;
    }
  object = json_node_get_object (root);
  node = json_object_get_member (object, "format");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING
      || !g_str_equal (json_node_get_string (node), DYNO_FILL_FORMAT))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s is not a Dyno fill document (its “format” is not “%s”)"), subject,
                   DYNO_FILL_FORMAT);
      return NULL;
    }
  if (!read_count (object, "", "version", TRUE, G_MAXINT32, &version, &local_error))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, "%s: %s", subject,
                   local_error->message);
      return NULL;
    }
  if (version > DYNO_FILL_VERSION)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_NEWER_VERSION,
                   _("%s was written by a newer Dyno (fill format version %d); this version "
                     "reads version %d"),
                   subject, (int) version, DYNO_FILL_VERSION);
      return NULL;
    }
  if (version < 1)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("%s has an invalid fill format version (%d)"), subject, (int) version);
      return NULL;
    }
  result = dyno_fill_result_new (NULL);
  if (!read_body (result, object, &local_error))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, "%s: %s", subject,
                   local_error->message);
      return NULL;
    }
  return g_steal_pointer (&result);
}

DynoFillResult *
dyno_fill_result_load (const char *path, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  guint64 size = 0;
  gsize length = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  name = g_filename_display_basename (path);
  fd = dyno_file_open_regular (path, &size, error);
  if (fd < 0)
    return NULL;
  if (size > MAX_FILE_SIZE)
    {
      close (fd);
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   _("“%s” is too large for a fill document"), name);
      return NULL;
    }
  if (!dyno_file_read_fd (fd, path, (gsize) size, &data, &length, error))
    return NULL;
  return dyno_fill_result_from_data (data, length, name, error);
}

gboolean
dyno_fill_data_sniff (const char *data, gsize length)
{
  const char *end;
  const char *p;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  /* "format" : "dyno-fill", with any white space, within the first 64 KiB. */
  end = data + MIN (length, SNIFF_BYTES);
  for (p = data; p < end; p++)
    {
      const char *q;

      p = memchr (p, '"', end - p);
      if (p == NULL)
        break;
      if ((gsize) (end - p) < 8 || memcmp (p, "\"format\"", 8) != 0)
        continue;
      q = p + 8;
      while (q < end && g_ascii_isspace (*q))
        q++;
      if (q >= end || *q != ':')
        continue;
      q++;
      while (q < end && g_ascii_isspace (*q))
        q++;
      return (gsize) (end - q) >= strlen ("\"" DYNO_FILL_FORMAT "\"")
             && memcmp (q, "\"" DYNO_FILL_FORMAT "\"", strlen ("\"" DYNO_FILL_FORMAT "\"")) == 0;
    }
  return FALSE;
}

gboolean
dyno_fill_file_sniff (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  guint64 size = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = dyno_file_open_regular (path, &size, NULL);
  if (fd < 0)
    return FALSE;
  if (!dyno_file_read_fd (fd, path, (gsize) MIN (size, SNIFF_BYTES), &data, &length, NULL))
    return FALSE;
  return dyno_fill_data_sniff (data, length);
}
