/* dyno-crypto.h: the encryption under a target, layer by layer, and how it was found
 *
 * "Does encryption slow me down?" depends on exactly which layer encrypts, with which cipher,
 * whether the CPU has instructions for it and which implementation the kernel picked. Every
 * result records that for each target (DynoTargetInfo.crypto) and the CPU's crypto
 * instructions for the machine (DynoSystemInfo.cpu_crypto). Each layer says how it was found
 * and, where something could not be read (a dm-crypt table without root), what.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *layer;    /* "gocryptfs", "fscrypt", "dm-crypt", "eCryptfs", "self-encrypting drive" */
  char *cipher;   /* "AES-256-GCM", "aes-xts-plain64", "AES-256-XTS / AES-256-CTS" */
  char *details;  /* "512-bit key, 4096-byte sectors, no_read_workqueue"; NULL */
  char *driver;   /* the implementation: "xts-aes-aesni" (from /proc/crypto), "user space" */
  char *source;   /* how it was found: "dmsetup table luks-…", "gocryptfs.conf", an ioctl */
  char *missing;  /* translated: what could not be read and why; NULL */
} DynoCryptoLayer;

DynoCryptoLayer *dyno_crypto_layer_new (const char *layer);
DynoCryptoLayer *dyno_crypto_layer_copy (const DynoCryptoLayer *layer);
void             dyno_crypto_layer_free (DynoCryptoLayer *layer);
/* "dm-crypt: aes-xts-plain64, 512-bit key (xts-aes-aesni)" */
char            *dyno_crypto_layer_describe (const DynoCryptoLayer *layer);

/* A line of `dmsetup table` for a crypt target ("0 1953521664 crypt aes-xts-plain64 :64:logon:…
 * 0 259:2 32768 2 allow_discards no_read_workqueue"): cipher, key size, sector size and the
 * flags that matter for speed into layer. FALSE when it is not a crypt line. */
gboolean         dyno_crypto_parse_dm_table (const char *line, DynoCryptoLayer *layer);

/* The kernel's name for a dm-crypt cipher, to look up its driver: "aes-xts-plain64" →
 * "xts(aes)", "capi:xts(aes)-plain64" → "xts(aes)"; NULL when it is neither form. */
char            *dyno_crypto_dm_cipher_algorithm (const char *cipher);

/* gocryptfs.conf (JSON): the cipher its feature flags select, and the flags. FALSE when the
 * text is not a gocryptfs configuration. */
gboolean         dyno_crypto_parse_gocryptfs_conf (const char *text, gsize length,
                                                   DynoCryptoLayer *layer);

/* /proc/crypto: the driver the kernel uses for an algorithm ("xts(aes)"): the one of highest
 * priority that passed its self-test; NULL when none is listed. */
char            *dyno_crypto_find_driver (const char *proc_crypto, const char *algorithm);

/* fscrypt's mode numbers (FSCRYPT_MODE_*) as names: 1 → "AES-256-XTS"; NULL when unknown. */
const char      *dyno_crypto_fscrypt_mode_name (guint mode);
/* …and the kernel's algorithm for it ("xts(aes)"), to look up its driver; NULL */
const char      *dyno_crypto_fscrypt_mode_algorithm (guint mode);

/* The CPU's crypto instructions in a /proc/cpuinfo "flags" or "Features" line: x86 "aes",
 * "vaes", "avx512f", "pclmulqdq", "sha_ni"; ARM "aes", "pmull", "sha2". */
GPtrArray       *dyno_crypto_cpu_flags (const char *cpuinfo);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoCryptoLayer, dyno_crypto_layer_free)

G_END_DECLS
