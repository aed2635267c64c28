/* dyno-scan-result.c: a scan of a block device and its "dyno-scan" JSON
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "dyno-json-build.h"
#include "dyno-scan-result.h"

DynoScanResult *
dyno_scan_result_new (const char *device)
{
  DynoScanResult *result = g_new0 (DynoScanResult, 1);

  result->device = g_strdup (device);
  result->rotational = DYNO_TRISTATE_UNKNOWN;
  result->notes = g_ptr_array_new_with_free_func (g_free);
  result->samples = g_array_new (FALSE, TRUE, sizeof (DynoScanSample));
  result->access = g_array_new (FALSE, TRUE, sizeof (DynoScanAccess));
  result->summary.min = result->summary.avg = result->summary.max = NAN;
  result->summary.outer_inner_ratio = result->summary.access_mean = NAN;
  return result;
}

void
dyno_scan_result_free (DynoScanResult *result)
{
  if (result == NULL)
    return;
  g_free (result->device);
  g_free (result->model);
  g_free (result->in_use);
  g_clear_pointer (&result->array, dyno_array_info_free);
  g_ptr_array_unref (result->notes);
  g_array_unref (result->samples);
  g_array_unref (result->access);
  g_free (result);
}

static double
mean_of (const double *values, guint n)
{
  double sum = 0;

  if (n == 0)
    return NAN;
  for (guint i = 0; i < n; i++)
    sum += values[i];
  return sum / n;
}

void
dyno_scan_summarize_rates (const double    *rates,
                           guint            n_rates,
                           const double    *access_seconds,
                           guint            n_access,
                           DynoScanSummary *out)
{
  guint tenth;
  double outer;
  double inner;

  g_return_if_fail (out != NULL);
  g_return_if_fail (n_rates == 0 || rates != NULL);
  g_return_if_fail (n_access == 0 || access_seconds != NULL);

  out->min = out->max = NAN;
  for (guint i = 0; i < n_rates; i++)
    {
      if (!(rates[i] >= out->min))
        out->min = rates[i];
      if (!(rates[i] <= out->max))
        out->max = rates[i];
    }
  out->avg = mean_of (rates, n_rates);

  tenth = MAX (1, n_rates / 10);
  outer = mean_of (rates, MIN (tenth, n_rates));
  inner = n_rates >= tenth ? mean_of (rates + n_rates - tenth, tenth) : NAN;
  out->outer_inner_ratio = n_rates > 0 && inner > 0 ? outer / inner : NAN;
  out->access_mean = mean_of (access_seconds, n_access);
}

void
dyno_scan_result_summarize (DynoScanResult *result)
{
  g_autofree double *rates = NULL;
  g_autofree double *seconds = NULL;

  g_return_if_fail (result != NULL);

  rates = g_new0 (double, result->samples->len + 1);
  seconds = g_new0 (double, result->access->len + 1);
  for (guint i = 0; i < result->samples->len; i++)
    rates[i] = g_array_index (result->samples, DynoScanSample, i).rate;
  for (guint i = 0; i < result->access->len; i++)
    seconds[i] = g_array_index (result->access, DynoScanAccess, i).seconds;
  dyno_scan_summarize_rates (rates, result->samples->len, seconds, result->access->len,
                             &result->summary);
}

/* A member that is always known. */
static void
add_int (JsonBuilder *b, const char *name, guint64 value)
{
  dyno_json_add_count_member (b, name, value, TRUE);
}

char *
dyno_scan_result_to_json (const DynoScanResult *result)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  json_builder_begin_object (b);
  dyno_json_add_string_member (b, "format", DYNO_SCAN_FORMAT);
  add_int (b, "version", DYNO_SCAN_VERSION);
  dyno_json_add_string_member (b, "device", result->device);
  add_int (b, "size", result->size);
  dyno_json_add_string_member (b, "model", result->model);
  dyno_json_add_tristate_member (b, "rotational", result->rotational);
  /* false, or what holds the device: "mounted at /srv" */
  json_builder_set_member_name (b, "in_use");
  if (result->in_use != NULL)
    json_builder_add_string_value (b, result->in_use);
  else
    json_builder_add_boolean_value (b, FALSE);
  add_int (b, "sample_size", result->sample_size);
  add_int (b, "access_size", result->access_size);
  add_int (b, "seed", result->seed);
  json_builder_set_member_name (b, "direct");
  json_builder_add_boolean_value (b, result->direct);

  json_builder_set_member_name (b, "array");
  if (result->array != NULL)
    dyno_array_info_to_json (result->array, b);
  else
    json_builder_add_null_value (b);

  /* false, or what a stopped scan was to read: its figures cover part of the device */
  json_builder_set_member_name (b, "stopped");
  if (result->planned_positions > 0)
    {
      json_builder_begin_object (b);
      add_int (b, "planned_positions", result->planned_positions);
      add_int (b, "planned_access", result->planned_access);
      json_builder_end_object (b);
    }
  else
    json_builder_add_boolean_value (b, FALSE);

  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (result->notes, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->samples->len; i++)
    {
      const DynoScanSample *s = &g_array_index (result->samples, DynoScanSample, i);

      json_builder_begin_object (b);
      add_int (b, "position", s->position);
      dyno_json_add_double_member (b, "rate", s->rate);
      dyno_json_add_double_member (b, "seconds", s->seconds);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "access");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->access->len; i++)
    {
      const DynoScanAccess *a = &g_array_index (result->access, DynoScanAccess, i);

      json_builder_begin_object (b);
      add_int (b, "offset", a->offset);
      dyno_json_add_double_member (b, "seconds", a->seconds);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "summary");
  json_builder_begin_object (b);
  dyno_json_add_double_member (b, "min", result->summary.min);
  dyno_json_add_double_member (b, "avg", result->summary.avg);
  dyno_json_add_double_member (b, "max", result->summary.max);
  dyno_json_add_double_member (b, "outer_inner_ratio", result->summary.outer_inner_ratio);
  dyno_json_add_double_member (b, "access_mean", result->summary.access_mean);
  json_builder_end_object (b);
  json_builder_end_object (b);

  text = dyno_json_builder_to_pretty (b);
  return g_strconcat (text, "\n", NULL);
}
