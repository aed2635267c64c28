/* dyno-sysinfo-collect.h: describing this machine and a target folder, as they are now
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-sysinfo.h"

G_BEGIN_DECLS

DynoSystemInfo *dyno_system_info_collect (void);
/* Never fails: what cannot be found stays NULL/unknown; a missing target is !writable. */
DynoTargetInfo *dyno_target_info_collect (const char *path);

G_END_DECLS
