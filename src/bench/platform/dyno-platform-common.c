/* dyno-platform-common.c: platform helpers that need no OS-specific call
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dyno-platform.h"

double
dyno_platform_cpu_busy_seconds (const DynoCpuTimes *before, const DynoCpuTimes *after)
{
  if (after->user < before->user || after->system < before->system || after->other < before->other
      || !(after->tick > 0))
    return NAN;
  return (double) ((after->user - before->user) + (after->system - before->system)
                   + (after->other - before->other))
         * after->tick;
}

void
dyno_platform_cpu_split (const DynoCpuTimes *before, const DynoCpuTimes *after, DynoCpuSplit *out)
{
  guint64 user = after->user - before->user;
  guint64 system = after->system - before->system;
  guint64 iowait = after->iowait - before->iowait;
  guint64 idle = after->idle - before->idle;
  guint64 other = after->other - before->other;
  double total = (double) (user + system + iowait + idle + other);

  /* iowait can go backwards on Linux (it is an estimate per CPU), so guard each delta. */
  if (after->user < before->user || after->system < before->system
      || after->idle < before->idle || after->iowait < before->iowait || total <= 0)
    {
      dyno_cpu_split_clear (out);
      return;
    }
  out->user = 100.0 * user / total;
  out->system = 100.0 * system / total;
  out->iowait = 100.0 * iowait / total;
  out->idle = 100.0 * idle / total;
}
