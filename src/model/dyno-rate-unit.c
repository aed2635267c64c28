/* dyno-rate-unit.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-enum.h"
#include "dyno-model-enums.h"
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
  int unit;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!dyno_enum_from_nick (DYNO_TYPE_RATE_UNIT, text, NULL, &unit))
    return FALSE;
  if (out != NULL)
    *out = unit;
  return TRUE;
}
