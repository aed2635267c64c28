/* dyno-rate-unit.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-rate-unit.h"

double
dyno_rate_unit_scale (DynoRateUnit unit)
{
  switch (unit)
    {
    case DYNO_RATE_UNIT_MIB:
      return 1048576.0;
    case DYNO_RATE_UNIT_KIB:
      return 1024.0;
    case DYNO_RATE_UNIT_MB:
    default:
      return 1e6;
    }
}

const char *
dyno_rate_unit_label (DynoRateUnit unit)
{
  switch (unit)
    {
    case DYNO_RATE_UNIT_MIB:
      return "MiB/s";
    case DYNO_RATE_UNIT_KIB:
      return "K/sec";
    case DYNO_RATE_UNIT_MB:
    default:
      return "MB/s";
    }
}

gboolean
dyno_rate_unit_from_string (const char *text, DynoRateUnit *out)
{
  static const struct
  {
    const char *name;
    DynoRateUnit unit;
  } names[] = {
    { "mb", DYNO_RATE_UNIT_MB },
    { "mib", DYNO_RATE_UNIT_MIB },
    { "kib", DYNO_RATE_UNIT_KIB },
  };

  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i].name) == 0)
      {
        if (out != NULL)
          *out = names[i].unit;
        return TRUE;
      }
  return FALSE;
}
