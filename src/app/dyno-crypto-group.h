/* dyno-crypto-group.h: a target's encryption, in words a desktop user reads
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dyno-result.h"

G_BEGIN_DECLS

/* An AdwPreferencesGroup "Encryption" for target index of result: per layer its cipher, where
 * it runs (the kernel, or a program in user space), whether it uses the CPU's AES
 * instructions, and its CPU per GB, then the layer as found, flags and all, behind a "Details"
 * expander row. NULL when the target has no encryption layer. The rows' words, for tests and
 * the accessible description, are the "dyno-crypto-text" data of the group, lines separated by
 * "\n". */
GtkWidget *dyno_crypto_group_new (DynoResult *result, guint index);

G_END_DECLS
