/* dyno-import-fio-json.c: reading fio's JSON output into jobs
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Finding the JSON among the text fio printed around it, bounding it before json-glib parses
 * it, and reading each entry of "jobs" or "client_stats" with its options (the global ones
 * first, then the job's) and its figures, in the units of every fio version. What the jobs
 * become is dyno-import-fio.c's; its header comment describes the format.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-import-fio-private.h"

/* fio nests 5 levels; json-glib parses recursively, so "[[[[…" must be refused first. */
#define MAX_DEPTH 64
/* Every value costs json-glib about 70 bytes; JSON+ of a few hundred jobs stays far below. */
#define MAX_VALUES (G_GUINT64_CONSTANT (2) << 20)
/* fio's notes before the JSON are a line or two; more is not fio's. */
#define MAX_LEADING_LINES 64
#define MAX_LEADING_NOTES 8
#define MAX_OPTION_LENGTH 4096

/* ---- finding the JSON ----------------------------------------------------------------- */

/* Where the JSON starts: at the first non-blank character when it is "{", else at the first
 * line starting with "{" after at most MAX_LEADING_LINES lines of text. */
gboolean
dyno_import_fio_find_start (const char *data, gsize length, gsize *start, guint *start_line)
{
  gsize i = 0;
  guint line = 1;

  while (i < length && g_ascii_isspace (data[i]))
    {
      if (data[i] == '\n')
        line++;
      i++;
    }
  if (i < length && data[i] == '{')
    {
      *start = i;
      *start_line = line;
      return TRUE;
    }
  while (i < length && line <= MAX_LEADING_LINES)
    {
      const char *nl = memchr (data + i, '\n', length - i);

      if (nl == NULL)
        return FALSE;
      i = nl - data + 1;
      line++;
      while (i < length && (data[i] == ' ' || data[i] == '\t'))
        i++;
      if (i < length && data[i] == '{')
        {
          *start = i;
          *start_line = line;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
dyno_import_fio_detect (const char *data, gsize length)
{
  static const char *const keys[] = { "fio version", "global options", "jobs", "client_stats" };
  gsize start;
  guint start_line;
  gsize i;
  gsize key_start;

  if (!dyno_import_fio_find_start (data, length, &start, &start_line))
    return FALSE;
  for (i = start + 1; i < length && g_ascii_isspace (data[i]); i++)
    ;
  if (i >= length || data[i] != '"')
    return FALSE;
  key_start = ++i;
  while (i < length && i - key_start < 32 && data[i] != '"')
    i++;
  if (i >= length || data[i] != '"')
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    if (i - key_start == strlen (keys[k]) && memcmp (data + key_start, keys[k], i - key_start) == 0)
      return TRUE;
  return FALSE;
}

/* Before json-glib sees the text: depth and count bounded, and outside strings only JSON's own
 * characters, which also keeps out json-glib's extensions whose brackets would be miscounted. */
gboolean
dyno_import_fio_check_shape (const DynoImportInput *input, const char *data, gsize length,
                             guint first_line, GError **error)
{
  guint64 values = 1;
  guint depth = 0;
  guint line = first_line;

  for (gsize i = 0; i < length; i++)
    {
      guchar c = data[i];

      switch (c)
        {
        case '"':
          for (i++; i < length && data[i] != '"'; i++)
            {
              if (data[i] == '\\')
                i++;
              else if (data[i] == '\n')
                line++;
            }
          break;
        case '[':
        case '{':
          if (++depth > MAX_DEPTH)
            return dyno_import_fail (error, input, line,
                                     _ ("fio's JSON nests 5 levels deep; this nests more than %u"),
                                     MAX_DEPTH);
          break;
        case ']':
        case '}':
          if (depth > 0)
            depth--;
          break;
        case ',':
          if (++values > MAX_VALUES)
            return dyno_import_fail (error, input, line,
                                     _ ("more than %u values: far more than fio writes for its "
                                        "jobs"),
                                     (guint)MAX_VALUES);
          break;
        case '\n':
          line++;
          break;
        case ' ':
        case '\t':
        case '\r':
        case ':':
        case '-':
        case '+':
        case '.':
          break;
        default:
          if (g_ascii_isalnum (c))
            break;
          if (g_ascii_isprint (c))
            return dyno_import_fail (error, input, line,
                                     _ ("not valid JSON: unexpected character “%c”"), c);
          return dyno_import_fail (error, input, line, _ ("not valid JSON: unexpected byte 0x%02X"),
                                   c);
        }
    }
  return TRUE;
}

/* ---- members -------------------------------------------------------------------------- */

const char *
dyno_import_fio_describe (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return _ ("nothing");
  if (JSON_NODE_HOLDS_OBJECT (node))
    return _ ("an object");
  if (JSON_NODE_HOLDS_ARRAY (node))
    return _ ("an array");
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _ ("a string");
    case G_TYPE_BOOLEAN:
      return _ ("true or false");
    default:
      return _ ("a number");
    }
}

/* "“run.json”: jobs[2].read.bw_bytes: expected a number, found a string" */
gboolean
dyno_import_fio_fail_at (DynoFioCtx *ctx, const char *path, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (ctx->document > 0)
    {
      g_autofree char *inner = *path == '\0' ? g_strdup (message)
                                              : g_strdup_printf ("%s: %s", path, message);

      /* TRANSLATORS: "“runs.json”: line 40: JSON document 2: jobs[0]: …", of a file holding
       * several fio outputs one after another */
      return dyno_import_fail (ctx->error, ctx->input, ctx->document_line,
                               _ ("JSON document %u: %s"), ctx->document, inner);
    }
  if (*path == '\0')
    return dyno_import_fail (ctx->error, ctx->input, 0, "%s", message);
  return dyno_import_fail (ctx->error, ctx->input, 0, "%s: %s", path, message);
}

static gboolean
is_number (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

/* A number from 0 to max, NAN when absent or out of range; FALSE with an error when it is
 * something else. fio writes -1 for a figure it does not have (a latency it did not measure,
 * a CPU share it could not read): that is no measurement, so it is shown as missing, with a
 * note naming it, and neither as a figure nor as a reason to refuse the whole file. */
gboolean
dyno_import_fio_get_number (DynoFioCtx *ctx, JsonObject *object, const char *path, const char *name,
                            double max, double *out)
{
  JsonNode *node = json_object_get_member (object, name);
  double value;

  *out = NAN;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!is_number (node))
    return dyno_import_fio_fail_at (ctx, path, _ ("“%s”: expected a number, found %s"), name,
                                    dyno_import_fio_describe (node));
  value = json_node_get_double (node);
  if (!isfinite (value) || value < 0 || value > max)
    {
      if (ctx->notes != NULL)
        dyno_import_fio_add_unique (
            ctx->notes,
            /* Translators: a note on an imported fio run; "jobs[0].read.clat_ns" and "mean" */
            g_strdup_printf (_ ("fio's %s%s%s is out of range: shown as unknown"), path,
                             path[0] != '\0' ? "." : "", name));
      return TRUE;
    }
  *out = value;
  return TRUE;
}

gboolean
dyno_import_fio_get_object (DynoFioCtx *ctx, JsonObject *parent, const char *path, const char *name,
                            JsonObject **out)
{
  JsonNode *node = json_object_get_member (parent, name);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return dyno_import_fio_fail_at (ctx, path, _ ("“%s”: expected an object, found %s"), name,
                                    dyno_import_fio_describe (node));
  *out = json_node_get_object (node);
  return TRUE;
}

gboolean
dyno_import_fio_get_string (DynoFioCtx *ctx, JsonObject *parent, const char *path, const char *name,
                            const char **out)
{
  JsonNode *node = json_object_get_member (parent, name);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return dyno_import_fio_fail_at (ctx, path, _ ("“%s”: expected a string, found %s"), name,
                                    dyno_import_fio_describe (node));
  *out = json_node_get_string (node);
  return TRUE;
}

/* ---- options -------------------------------------------------------------------------- */

/* name → value (strings), global options first, then the job's, which override them. */
static gboolean
add_options (DynoFioCtx *ctx, GHashTable *options, JsonObject *object, const char *path)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);
      char *value;

      /* The host of a client's global options, not an option */
      if (g_str_equal (name, "hostname") || g_str_equal (name, "port"))
        continue;
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        value = g_strdup (json_node_get_string (node));
      else if (is_number (node))
        value = g_strdup_printf ("%.0f", json_node_get_double (node));
      else
        return dyno_import_fio_fail_at (ctx, path, _ ("option “%s”: expected a string, found %s"),
                                        name, dyno_import_fio_describe (node));
      if (strlen (value) > MAX_OPTION_LENGTH)
        {
          g_free (value);
          return dyno_import_fio_fail_at (ctx, path, _ ("option “%s” is longer than %u bytes"),
                                          name, MAX_OPTION_LENGTH);
        }
      g_hash_table_replace (options, g_strdup (name), value);
    }
  return TRUE;
}

const char *
dyno_import_fio_option (GHashTable *options, const char *name)
{
  return g_hash_table_lookup (options, name);
}

/* A flag such as group_reporting: fio writes "" for it, or a value; "0" turns it off. */
gboolean
dyno_import_fio_option_set (GHashTable *options, const char *name)
{
  const char *value = dyno_import_fio_option (options, name);

  return value != NULL && !g_str_equal (value, "0");
}

/* fio's sizes: "4k", "4K", "4KiB", "1m", "1M", "4096"; k is 1024 unless kb_base=1000, KiB is
 * always 1024. */
gboolean
dyno_import_fio_parse_size (const char *text, gboolean kb_base_1000, guint64 *out)
{
  guint64 value;
  guint64 unit = 1;
  guint64 base;
  char *end;
  g_autofree char *suffix = NULL;
  static const char prefixes[] = "kmgtp";
  const char *prefix;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  value = g_ascii_strtoull (text, &end, 10);
  suffix = g_ascii_strdown (end, -1);
  if (*suffix == '\0' || g_str_equal (suffix, "b"))
    {
      *out = value;
      return value > 0 || text[0] == '0';
    }
  prefix = strchr (prefixes, suffix[0]);
  if (prefix == NULL)
    return FALSE;
  if (g_str_equal (suffix + 1, "ib"))
    base = 1024;
  else if (suffix[1] == '\0' || g_str_equal (suffix + 1, "b"))
    base = kb_base_1000 ? 1000 : 1024;
  else
    return FALSE;
  for (const char *p = prefixes; p <= prefix; p++)
    unit *= base;
  if (value > G_MAXUINT64 / unit)
    return FALSE;
  *out = value * unit;
  return TRUE;
}

/* fio's times: seconds, or with us, ms, s, m, h, d */
gboolean
dyno_import_fio_parse_time (const char *text, double *out)
{
  guint64 value;
  char *end;
  double scale;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  value = g_ascii_strtoull (text, &end, 10);
  if (*end == '\0' || g_ascii_strcasecmp (end, "s") == 0)
    scale = 1;
  else if (g_ascii_strcasecmp (end, "ms") == 0)
    scale = 1e-3;
  else if (g_ascii_strcasecmp (end, "us") == 0)
    scale = 1e-6;
  else if (g_ascii_strcasecmp (end, "m") == 0)
    scale = 60;
  else if (g_ascii_strcasecmp (end, "h") == 0)
    scale = 3600;
  else if (g_ascii_strcasecmp (end, "d") == 0)
    scale = 86400;
  else
    return FALSE;
  *out = value * scale;
  return isfinite (*out);
}

gboolean
dyno_import_fio_parse_count (const char *text, guint max, guint *out)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &value, NULL))
    return FALSE;
  *out = (guint)value;
  return TRUE;
}

/* Engines that do one I/O at a time per job, whatever iodepth says (fio caps it at 1). */
gboolean
dyno_import_fio_engine_is_synchronous (const char *engine)
{
  static const char *const sync_engines[]
      = { "sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice" };

  for (guint i = 0; i < G_N_ELEMENTS (sync_engines); i++)
    if (g_str_equal (engine, sync_engines[i]))
      return TRUE;
  return FALSE;
}

/* ---- jobs ----------------------------------------------------------------------------- */

static void
dir_clear (DynoFioDir *dir)
{
  g_clear_pointer (&dir->bins, g_array_unref);
}

void
dyno_import_fio_job_free (DynoFioJob *job)
{
  g_free (job->path);
  g_hash_table_unref (job->options);
  dir_clear (&job->read);
  dir_clear (&job->write);
  dir_clear (&job->mixed);
  g_free (job);
}

/* "clat_ns" (or 2.x's "clat" in µs): mean, max, count, percentiles and JSON+ bins. */
static gboolean
read_latency (DynoFioCtx *ctx, JsonObject *object, const char *path, double scale, DynoFioDir *dir)
{
  JsonObject *percentiles = NULL;
  JsonObject *bins = NULL;
  static const struct
  {
    const char *key;
    gsize offset;
  } points[] = {
    { "50.000000", G_STRUCT_OFFSET (DynoLatency, p50) },
    { "90.000000", G_STRUCT_OFFSET (DynoLatency, p90) },
    { "99.000000", G_STRUCT_OFFSET (DynoLatency, p99) },
    { "99.900000", G_STRUCT_OFFSET (DynoLatency, p999) },
  };
  double max_ns = DYNO_IMPORT_MAX_LATENCY / scale;
  double value;

  if (!dyno_import_fio_get_number (ctx, object, path, "mean", max_ns, &value))
    return FALSE;
  dir->latency.mean = value * scale;
  if (!dyno_import_fio_get_number (ctx, object, path, "max", max_ns, &value))
    return FALSE;
  dir->latency.max = value * scale;
  if (!dyno_import_fio_get_number (ctx, object, path, "N", 1e15, &value))
    return FALSE;
  dir->latency.count = isnan (value) ? 0 : (guint64)value;

  if (!dyno_import_fio_get_object (ctx, object, path, "percentile", &percentiles)
      || !dyno_import_fio_get_object (ctx, object, path, "bins", &bins))
    return FALSE;
  for (guint i = 0; percentiles != NULL && i < G_N_ELEMENTS (points); i++)
    {
      g_autofree char *where = g_strdup_printf ("%s.percentile", path);

      if (!dyno_import_fio_get_number (ctx, percentiles, where, points[i].key, max_ns, &value))
        return FALSE;
      G_STRUCT_MEMBER (double, &dir->latency, points[i].offset) = value * scale;
    }
  if (bins != NULL)
    {
      g_autoptr (GList) members = json_object_get_members (bins);
      g_autofree char *where = g_strdup_printf ("%s.bins", path);

      dir->bins = g_array_new (FALSE, FALSE, sizeof (DynoFioBin));
      for (GList *l = members; l != NULL; l = l->next)
        {
          DynoFioBin bin;
          guint64 key;

          if (!g_ascii_string_to_unsigned (l->data, 10, 0, G_MAXUINT64, &key, NULL))
            return dyno_import_fio_fail_at (ctx, where,
                                            _ ("“%s” is not a latency in whole nanoseconds"),
                                            (const char *)l->data);
          if (!dyno_import_fio_get_number (ctx, bins, where, l->data, 1e15, &value))
            return FALSE;
          if (isnan (value))
            continue;
          bin.value = key;
          bin.count = (guint64)value;
          if (scale != 1e-9)
            /* fio 2.x had no JSON+; a histogram in µs would be someone else's */
            continue;
          g_array_append_val (dir->bins, bin);
        }
    }
  return TRUE;
}

static gboolean
read_dir (DynoFioCtx *ctx, JsonObject *job, const char *job_path, const char *name, DynoFioDir *dir)
{
  g_autofree char *path = g_strdup_printf ("%s.%s", job_path, name);
  JsonObject *object;
  JsonObject *latency = NULL;
  JsonObject *clat = NULL;
  JsonObject *lat = NULL;
  double scale = 1e-9;
  double kbytes;
  double value;
  const char *latency_name;

  dyno_latency_clear (&dir->latency);
  if (!dyno_import_fio_get_object (ctx, job, job_path, name, &object))
    return FALSE;
  if (object == NULL)
    return TRUE;
  dir->present = TRUE;
  if (!dyno_import_fio_get_number (ctx, object, path, "io_bytes", 1e18, &dir->bytes)
      || !dyno_import_fio_get_number (ctx, object, path, "io_kbytes", 1e18, &kbytes)
      || !dyno_import_fio_get_number (ctx, object, path, "bw_bytes", DYNO_IMPORT_MAX_RATE,
                                      &dir->rate)
      || !dyno_import_fio_get_number (ctx, object, path, "iops", DYNO_IMPORT_MAX_RATE, &dir->iops)
      || !dyno_import_fio_get_number (ctx, object, path, "runtime", DYNO_IMPORT_MAX_LATENCY * 1e3,
                                      &dir->runtime)
      || !dyno_import_fio_get_number (ctx, object, path, "total_ios", 1e18, &dir->ios))
    return FALSE;
  /* fio before 2.21 wrote io_bytes in KiB and had no io_kbytes; before 3.2 no bw_bytes. */
  if (isnan (kbytes) && !isnan (dir->bytes))
    dir->bytes *= 1024;
  if (isnan (dir->rate))
    {
      if (!dyno_import_fio_get_number (ctx, object, path, "bw", DYNO_IMPORT_MAX_RATE / 1024,
                                       &value))
        return FALSE;
      dir->rate = value * 1024;
    }
  dir->runtime /= 1000;

  if (!dyno_import_fio_get_object (ctx, object, path, "clat_ns", &clat)
      || !dyno_import_fio_get_object (ctx, object, path, "lat_ns", &lat))
    return FALSE;
  if (clat == NULL && lat == NULL)
    {
      scale = 1e-6;
      if (!dyno_import_fio_get_object (ctx, object, path, "clat", &clat)
          || !dyno_import_fio_get_object (ctx, object, path, "lat", &lat))
        return FALSE;
    }
  /* Completion latency, which fio reports percentiles of by default, unless the job asked
   * for percentiles of the total (lat_percentiles=1). */
  latency = clat;
  latency_name = scale == 1e-9 ? "clat_ns" : "clat";
  if (lat != NULL && (clat == NULL || json_object_has_member (lat, "percentile")))
    {
      latency = lat;
      latency_name = scale == 1e-9 ? "lat_ns" : "lat";
    }
  if (latency != NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s.%s", path, latency_name);

      if (!read_latency (ctx, latency, where, scale, dir))
        return FALSE;
      /* fio 2.x has no "N": every I/O was timed */
      if (dir->latency.count == 0 && !isnan (dir->ios) && !isnan (dir->latency.mean))
        dir->latency.count = (guint64)dir->ios;
    }
  return TRUE;
}

/* One entry of "jobs" or "client_stats", with the global options for its host. */
gboolean
dyno_import_fio_read_job (DynoFioCtx *ctx, JsonNode *node, const char *path, JsonNode *globals,
                          DynoFioJob **out)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  JsonObject *object;
  JsonObject *job_options = NULL;
  JsonObject *trim = NULL;
  DynoFioJob *job;
  double usr;
  double sys;
  double groupid;

  *out = NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return dyno_import_fio_fail_at (ctx, path, _ ("expected a job (an object), found %s"),
                                    dyno_import_fio_describe (node));
  object = json_node_get_object (node);
  job = g_new0 (DynoFioJob, 1);
  job->path = g_strdup (path);
  job->options = g_steal_pointer (&options);
  *out = job;

  if (!dyno_import_fio_get_string (ctx, object, path, "jobname", &job->name)
      || !dyno_import_fio_get_string (ctx, object, path, "hostname", &job->host)
      || !dyno_import_fio_get_number (ctx, object, path, "groupid", G_MAXINT32, &groupid)
      || !dyno_import_fio_get_number (ctx, object, path, "error", G_MAXINT32, &job->error))
    return FALSE;
  if (job->name == NULL)
    return dyno_import_fio_fail_at (ctx, path, _ ("a job without a “jobname”"));
  job->groupid = isnan (groupid) ? 0 : (gint64)groupid;

  /* Global options: one object, or with several servers one per host. */
  if (globals != NULL && JSON_NODE_HOLDS_OBJECT (globals))
    {
      if (!add_options (ctx, job->options, json_node_get_object (globals), "global options"))
        return FALSE;
    }
  else if (globals != NULL && JSON_NODE_HOLDS_ARRAY (globals))
    {
      JsonArray *array = json_node_get_array (globals);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);
          g_autofree char *where = g_strdup_printf ("global options[%u]", i);
          const char *host = NULL;

          if (!JSON_NODE_HOLDS_OBJECT (element))
            return dyno_import_fio_fail_at (ctx, where, _ ("expected an object, found %s"),
                                            dyno_import_fio_describe (element));
          if (!dyno_import_fio_get_string (ctx, json_node_get_object (element), where, "hostname",
                                           &host))
            return FALSE;
          if (g_strcmp0 (host, job->host) == 0
              && !add_options (ctx, job->options, json_node_get_object (element), where))
            return FALSE;
        }
    }
  if (!dyno_import_fio_get_object (ctx, object, path, "job options", &job_options))
    return FALSE;
  if (job_options != NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s.job options", path);

      if (!add_options (ctx, job->options, job_options, where))
        return FALSE;
    }

  if (!read_dir (ctx, object, path, "read", &job->read)
      || !read_dir (ctx, object, path, "write", &job->write)
      || !read_dir (ctx, object, path, "mixed", &job->mixed)
      || !dyno_import_fio_get_object (ctx, object, path, "trim", &trim))
    return FALSE;
  if (trim != NULL)
    {
      double bytes;

      if (!dyno_import_fio_get_number (ctx, trim, path, "io_bytes", 1e18, &bytes))
        return FALSE;
      job->trim = bytes > 0;
    }

  if (!dyno_import_fio_get_number (ctx, object, path, "usr_cpu", DYNO_IMPORT_MAX_CPU, &usr)
      || !dyno_import_fio_get_number (ctx, object, path, "sys_cpu", DYNO_IMPORT_MAX_CPU, &sys)
      || !dyno_import_fio_get_number (ctx, object, path, "job_runtime",
                                      DYNO_IMPORT_MAX_LATENCY * 1e3, &job->job_runtime))
    return FALSE;
  job->job_runtime /= 1000;
  job->cpu_seconds = NAN;
  if (!isnan (usr) && !isnan (sys))
    job->cpu_seconds = (usr + sys) / 100; /* × the job's run time, once known */
  return TRUE;
}

void
dyno_import_fio_add_unique (GPtrArray *notes, char *note)
{
  for (guint i = 0; i < notes->len; i++)
    if (g_str_equal (g_ptr_array_index (notes, i), note))
      {
        g_free (note);
        return;
      }
  g_ptr_array_add (notes, note);
}

/* The text before the JSON, as notes: fio's warnings about the jobs. */
GPtrArray *
dyno_import_fio_leading_notes (const char *data, gsize start)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *copy = g_strndup (data, start);
  g_auto (GStrv) lines = g_strsplit_set (copy, "\r\n", -1);

  for (guint i = 0; lines[i] != NULL && notes->len < MAX_LEADING_NOTES; i++)
    {
      char *note = dyno_import_clean_label (lines[i], -1);

      if (note != NULL)
        dyno_import_fio_add_unique (notes, note);
    }
  return notes;
}

/* The JSON ends at the first line that is only "}" (fio closes its object at column 0), or
 * at the end: text fio printed after it is not read. */
gsize
dyno_import_fio_find_end (const char *data, gsize length, gsize start)
{
  for (gsize i = start; i < length; i++)
    {
      gsize j;

      if (data[i] != '\n' || i + 1 >= length || data[i + 1] != '}')
        continue;
      for (j = i + 2; j < length && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r'); j++)
        ;
      if (j >= length || data[j] == '\n')
        return i + 2;
    }
  return length;
}

gboolean
dyno_import_fio_fail_parse (const DynoImportInput *input, guint first_line,
                            const GError *parse_error, GError **error)
{
  const char *message = parse_error->message;
  guint line = 0;
  guint column = 0;
  int consumed = 0;

  /* "<data>:3:14: Parse error: …": numbered from where the JSON starts */
  if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
    return dyno_import_fail (error, input, line + first_line - 1, _ ("not valid JSON: %s"),
                             message + consumed);
  return dyno_import_fail (error, input, 0, _ ("not valid JSON: %s"), message);
}
