/* dyno-platform-linux-sysinfo.c: what /proc and sysfs say about the machine and a target
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sys/utsname.h>

#include "dyno-platform.h"

void
dyno_platform_describe_system (DynoSystemInfo *info)
{
  struct utsname u;

  if (uname (&u) == 0)
    {
      info->kernel = g_strdup_printf ("%s %s", u.sysname, u.release);
      info->arch = g_strdup (u.machine);
    }
}

void
dyno_platform_describe_target (DynoTargetInfo *info)
{
}
