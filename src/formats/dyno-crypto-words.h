/* dyno-crypto-words.h: a target's encryption in words a desktop user reads
 *
 * The result keeps each layer as found (DynoCryptoLayer: "gocryptfs: AES-256-GCM, file names
 * AES-EME; flags HKDF GCMIV128 DirIV…"), which answers an expert. A person asking "why is my
 * encrypted folder slow?" needs four answers first: which cipher, where it runs (the kernel,
 * or a program in user space every read and write passes through), whether it uses the CPU's
 * AES instructions, and what it costs in CPU per GB. The app's result page and dyno-cli say
 * them in these words, the raw layer after them.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-result.h"

G_BEGIN_DECLS

/* CPU seconds per 10^9 bytes over every phase in B/s the target ran: Dyno's I/O threads, the
 * FUSE daemon (DynoTargetInfo.helper) and the whole machine, where measured. */
typedef struct
{
  double bytes;
  double own;
  double helper;  /* NAN unless have_helper */
  double machine; /* NAN unless have_machine */
  gboolean have_helper;
  gboolean have_machine;
} DynoCpuPerGb;

void      dyno_target_cpu_per_gb (const DynoTargetResult *target, DynoCpuPerGb *out);

/* The layer runs in user space (a FUSE daemon such as gocryptfs), not in the kernel. */
gboolean  dyno_crypto_layer_in_user_space (const DynoCryptoLayer *layer);
/* Translated: "AES-256-GCM", or "unknown". */
char     *dyno_crypto_words_cipher (const DynoCryptoLayer *layer);
/* Translated: "in a program in user space (gocryptfs): every read and write passes through
 * it", "in the kernel (xts-aes-aesni)", "in the drive itself". */
char     *dyno_crypto_words_where (const DynoCryptoLayer *layer);
/* Whether the layer uses the CPU's AES instructions: YES, NO or UNKNOWN, and in words why:
 * "yes: the kernel's xts-aes-aesni uses them", "no: the kernel uses its generic code
 * (xts(ecb(aes-fixed-time))), though this CPU has AES instructions", "not needed:
 * XChaCha20-Poly1305 uses no AES". system may be NULL (its CPU's instructions unknown). */
DynoTristate dyno_crypto_uses_aes_instructions (const DynoCryptoLayer *layer,
                                                const DynoSystemInfo  *system,
                                                char                 **words);
/* Translated: "1.9 CPU-seconds per GB moved (gocryptfs 1.1, Dyno's threads 0.8)"; NULL when
 * the target has no CPU figures. */
char     *dyno_crypto_words_cpu (const DynoTargetResult *target);
/* One line for a terminal, the plain words first: "gocryptfs, AES-256-GCM, in a program in user
 * space (gocryptfs): every read and write passes through it; the CPU's AES instructions: yes:
 * …; 1.9 CPU-seconds per GB moved (…)". The raw layer (dyno_crypto_layer_describe) is for the
 * line after it. */
char     *dyno_crypto_words_line (const DynoCryptoLayer  *layer,
                                  const DynoSystemInfo   *system,
                                  const DynoTargetResult *target);

G_END_DECLS
