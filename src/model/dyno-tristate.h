/* dyno-tristate.h: yes, no, or not known (a drive's rotation, the CPU's AES instructions)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DYNO_TRISTATE_UNKNOWN = -1,
  DYNO_TRISTATE_NO = 0,
  DYNO_TRISTATE_YES = 1,
} DynoTristate;

G_END_DECLS
