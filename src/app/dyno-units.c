/* dyno-units.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-units"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <unistd.h>

#include "dyno-parse.h"
#include "dyno-units.h"

DynoRateUnit
dyno_units_get_rate_unit (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), DYNO_RATE_UNIT_MB);

  /* The schema's enum has only the two units people pick between in the app. */
  return g_settings_get_enum (settings, "rate-unit") == 1 ? DYNO_RATE_UNIT_MIB : DYNO_RATE_UNIT_MB;
}

double
dyno_units_get_equivalence (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), 0.05);

  /* In percent in the settings, as people give it; the schema keeps it in 0.5 to 50. */
  return g_settings_get_double (settings, "equivalence-margin") / 100;
}

char *
dyno_units_format_rate_value (double rate, DynoUnit unit, DynoRateUnit rate_unit)
{
  double value;

  if (isnan (rate))
    return g_strdup ("—");
  if (unit == DYNO_UNIT_OPS)
    value = rate;
  else
    value = rate / dyno_rate_unit_scale (rate_unit);

  if (value >= 100)
    return g_strdup_printf ("%.0f", value);
  if (value >= 10)
    return g_strdup_printf ("%.1f", value);
  return g_strdup_printf ("%.2f", value);
}

char *
dyno_units_format_rate (double rate, DynoUnit unit, DynoRateUnit rate_unit)
{
  g_autofree char *value = NULL;

  if (isnan (rate))
    return g_strdup ("—");
  /* The engine's formatter already speaks MB/s and ops/s; only MiB/s is ours. */
  if (unit == DYNO_UNIT_OPS || rate_unit == DYNO_RATE_UNIT_MB)
    return dyno_format_rate (rate, unit);

  value = dyno_units_format_rate_value (rate, unit, rate_unit);
  /* TRANSLATORS: a rate, like "118 MiB/s" */
  return g_strdup_printf (_("%s MiB/s"), value);
}

const char *
dyno_units_rate_label (DynoUnit unit, DynoRateUnit rate_unit)
{
  if (unit == DYNO_UNIT_OPS)
    return _("ops/s");
  if (rate_unit == DYNO_RATE_UNIT_MIB)
    return _("MiB/s");
  return _("MB/s");
}

char *
dyno_units_format_percent (double percent)
{
  if (isnan (percent))
    return g_strdup ("—");
  /* TRANSLATORS: a percentage, like "12 %"; use your language's spacing */
  return g_strdup_printf (_("%.0f %%"), percent);
}

guint64
dyno_units_get_ram_bytes (void)
{
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);

  if (pages <= 0 || page_size <= 0)
    return 0;
  return (guint64) pages * (guint64) page_size;
}

char *
dyno_units_size_to_text (guint64 bytes)
{
  static const char suffixes[] = { 'T', 'G', 'M', 'K' };

  if (bytes == 0)
    return g_strdup ("0");
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      guint64 unit = G_GUINT64_CONSTANT (1) << (10 * (G_N_ELEMENTS (suffixes) - i));

      if (bytes % unit == 0)
        return g_strdup_printf ("%" G_GUINT64_FORMAT "%c", bytes / unit, suffixes[i]);
    }
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

char *
dyno_units_format_time (GDateTime *time)
{
  g_autoptr (GDateTime) local = NULL;
  g_autofree char *text = NULL;

  if (time == NULL)
    return NULL;
  local = g_date_time_to_local (time);
  /* TRANSLATORS: when a run started, as strftime() takes it: "30 Nov 2026, 12:34". The one
   * date format of the app: the list of runs, a run's page and comparisons use it. */
  text = g_date_time_format (local, _("%e %b %Y, %H:%M"));
  if (text == NULL)
    return NULL;
  /* %e pads single days with a figure space (U+2007), which g_strstrip () leaves. */
  for (const char *p = text;; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) != ' ' && g_utf8_get_char (p) != 0x2007)
      return g_strdup (p);
}
