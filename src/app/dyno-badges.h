/* dyno-badges.h: pill labels for what makes a target's figures special
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* style: "accent", "warning" or "error" (see style.css). */
GtkWidget *dyno_badge_new (const char *text, const char *style, const char *tooltip);
/* Replaces the children of box with the badges info calls for: encrypted, network,
 * copy-on-write, not writable. */
void       dyno_badges_fill (GtkBox *box, const DynoTargetInfo *info);
/* Appends to box the badges of what the target is: encrypted (its layers in the tooltip),
 * network, copy-on-write. */
void       dyno_badges_append_traits (GtkBox *box, const DynoTargetInfo *info);

G_END_DECLS
