/* test-crypto.c: finding out what encrypts a target, from recorded system text
 *
 * This machine has no device-mapper, so dm-crypt is tested on real `dmsetup table` lines and
 * a fake sysfs tree (LVM on LUKS2 on an NVMe partition) built here; gocryptfs.conf, /proc/crypto
 * and /proc/cpuinfo come from real systems. tests/crypto/test-crypto-targets.py covers the real
 * gocryptfs and fscrypt targets.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-crypto.h"
#include "dyno-test-util.h"
#include "platform/dyno-platform-linux-private.h"

static void
test_dm_table (void)
{
  static const struct
  {
    const char *line;
    const char *cipher;
    const char *details;
  } cases[] = {
    /* cryptsetup 2.x, LUKS2 with the key in the kernel keyring, as dmsetup table prints it */
    { "0 1953521664 crypt aes-xts-plain64 :64:logon:cryptsetup:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0-d0 0 259:2 32768 2 allow_discards no_read_workqueue",
      "aes-xts-plain64", "512-bit key (256-bit AES in XTS), allow_discards, no_read_workqueue, 512-byte sectors" },
    /* LUKS1, a hex key shown as zeros, 4 KiB sectors and both workqueues bypassed */
    { "0 409600 crypt aes-xts-plain64 0000000000000000000000000000000000000000000000000000000000000000 0 8:2 4096 3 no_read_workqueue no_write_workqueue sector_size:4096",
      "aes-xts-plain64", "256-bit key (128-bit AES in XTS), no_read_workqueue, no_write_workqueue, 4096-byte sectors" },
    /* an old CBC-ESSIV volume */
    { "0 2048 crypt aes-cbc-essiv:sha256 00000000000000000000000000000000 0 7:0 0",
      "aes-cbc-essiv:sha256", "128-bit key, 512-byte sectors" },
    /* the kernel crypto API form, with integrity */
    { "0 4096   crypt capi:xts(aes)-plain64 :64:logon:k 0 8:16 0 2 integrity:28:aead same_cpu_crypt",
      "capi:xts(aes)-plain64", "512-bit key (256-bit AES in XTS), integrity:28:aead, same_cpu_crypt, 512-byte sectors" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DynoCryptoLayer) layer = dyno_crypto_layer_new ("dm-crypt");

      g_assert_true (dyno_crypto_parse_dm_table (cases[i].line, layer));
      g_assert_cmpstr (layer->cipher, ==, cases[i].cipher);
      g_assert_cmpstr (layer->details, ==, cases[i].details);
    }
  {
    g_autoptr (DynoCryptoLayer) layer = dyno_crypto_layer_new ("dm-crypt");
    g_autofree char *a = dyno_crypto_dm_cipher_algorithm ("aes-xts-plain64");
    g_autofree char *b = dyno_crypto_dm_cipher_algorithm ("capi:xts(aes)-plain64");
    g_autofree char *c = dyno_crypto_dm_cipher_algorithm ("aes-cbc-essiv:sha256");

    /* A linear (LVM) line is not a crypt line; nor is garbage. */
    g_assert_false (dyno_crypto_parse_dm_table ("0 409600 linear 254:0 2048", layer));
    g_assert_false (dyno_crypto_parse_dm_table ("crypt", layer));
    g_assert_false (dyno_crypto_parse_dm_table ("", layer));
    g_assert_null (layer->cipher);
    g_assert_cmpstr (a, ==, "xts(aes)");
    g_assert_cmpstr (b, ==, "xts(aes)");
    g_assert_cmpstr (c, ==, "cbc(aes)");
  }
}

static void
test_gocryptfs_conf (void)
{
  const char *gcm = "{\n\t\"Creator\": \"gocryptfs v2.3\",\n\t\"EncryptedKey\": \"x\",\n"
                    "\t\"ScryptObject\": {\"Salt\": \"y\", \"N\": 65536},\n\t\"Version\": 2,\n"
                    "\t\"FeatureFlags\": [\"HKDF\", \"GCMIV128\", \"DirIV\", \"EMENames\", "
                    "\"LongNames\", \"Raw64\"]\n}\n";
  const char *siv = "{\"EncryptedKey\": \"x\", \"Version\": 2, \"FeatureFlags\": [\"HKDF\", "
                    "\"GCMIV128\", \"DirIV\", \"EMENames\", \"LongNames\", \"Raw64\", \"AESSIV\"]}";
  const char *xchacha = "{\"EncryptedKey\": \"x\", \"Version\": 2, \"FeatureFlags\": [\"HKDF\", "
                        "\"XChaCha20Poly1305\", \"PlaintextNames\"]}";
  g_autoptr (DynoCryptoLayer) layer = dyno_crypto_layer_new ("gocryptfs");

  g_assert_true (dyno_crypto_parse_gocryptfs_conf (gcm, strlen (gcm), layer));
  g_assert_cmpstr (layer->cipher, ==, "AES-256-GCM");
  g_assert_nonnull (strstr (layer->details, "AES-EME"));
  g_assert_nonnull (strstr (layer->details, "gocryptfs v2.3"));
  g_assert_true (dyno_crypto_parse_gocryptfs_conf (siv, strlen (siv), layer));
  g_assert_cmpstr (layer->cipher, ==, "AES-SIV-512");
  g_assert_true (dyno_crypto_parse_gocryptfs_conf (xchacha, strlen (xchacha), layer));
  g_assert_cmpstr (layer->cipher, ==, "XChaCha20-Poly1305");
  g_assert_nonnull (strstr (layer->details, "not encrypted"));
  g_assert_false (dyno_crypto_parse_gocryptfs_conf ("{\"a\": 1}", 8, layer));
  g_assert_false (dyno_crypto_parse_gocryptfs_conf ("not json", 8, layer));
}

static void
test_proc_crypto (void)
{
  /* A kernel with AES-NI's module loaded: three implementations, the best one wins; one that
   * failed its self-test never does. */
  const char *proc = "name         : xts(aes)\ndriver       : xts-aes-aesni\nmodule       : "
                     "aesni_intel\npriority     : 401\nrefcnt       : 2\nselftest     : passed\n"
                     "internal     : no\ntype         : skcipher\n\n"
                     "name         : xts(aes)\ndriver       : xts(ecb(aes-fixed-time))\nmodule       "
                     ": kernel\npriority     : 101\nselftest     : passed\n\n"
                     "name         : xts(aes)\ndriver       : xts-aes-broken\npriority     : 900\n"
                     "selftest     : unknown\n\n"
                     "name         : cbc(aes)\ndriver       : cbc-aes-aesni\npriority     : 400\n"
                     "selftest     : passed\n";
  g_autofree char *xts = dyno_crypto_find_driver (proc, "xts(aes)");
  g_autofree char *cbc = dyno_crypto_find_driver (proc, "cbc(aes)");
  g_autofree char *none = dyno_crypto_find_driver (proc, "adiantum(xchacha12,aes)");

  g_assert_cmpstr (xts, ==, "xts-aes-aesni");
  g_assert_cmpstr (cbc, ==, "cbc-aes-aesni");
  g_assert_null (none);
  g_assert_cmpstr (dyno_crypto_fscrypt_mode_name (1), ==, "AES-256-XTS");
  g_assert_cmpstr (dyno_crypto_fscrypt_mode_algorithm (9), ==, "adiantum(xchacha12,aes)");
  g_assert_null (dyno_crypto_fscrypt_mode_name (99));
}

static void
test_cpu_flags (void)
{
  const char *x86 = "processor\t: 0\nmodel name\t: Intel(R) Xeon(R)\nflags\t\t: fpu vme sse2 "
                    "pclmulqdq aes avx avx512f sha_ni vaes vpclmulqdq\n\nprocessor\t: 1\n";
  const char *pi3 = "processor\t: 0\nBogoMIPS\t: 38.40\nFeatures\t: fp asimd evtstrm crc32 "
                    "cpuid\n";
  const char *pi5 = "processor\t: 0\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n";
  g_autoptr (GPtrArray) a = dyno_crypto_cpu_flags (x86);
  g_autoptr (GPtrArray) b = dyno_crypto_cpu_flags (pi3);
  g_autoptr (GPtrArray) c = dyno_crypto_cpu_flags (pi5);

  g_assert_cmpuint (a->len, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (a, 0), ==, "aes");
  g_assert_true (g_ptr_array_find_with_equal_func (a, "vaes", g_str_equal, NULL));
  /* A Raspberry Pi 3 has no AES instructions: software AES, the 45–80 % case. */
  g_assert_cmpuint (b->len, ==, 0);
  g_assert_cmpuint (c->len, ==, 3);
  g_assert_true (g_ptr_array_find_with_equal_func (c, "pmull", g_str_equal, NULL));
}

/* A fake sysfs: an LVM volume (dm-1) on LUKS2 (dm-0) on nvme0n1p3. */
static char *
make_sysfs (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-fake-sysfs");
  const char *dirs[] = { "devices/virtual/block/dm-0/dm", "devices/virtual/block/dm-0/slaves",
                         "devices/virtual/block/dm-1/dm", "devices/virtual/block/dm-1/slaves",
                         "devices/pci0000:00/nvme/nvme0n1/nvme0n1p3", "dev/block" };
  struct
  {
    const char *path;
    const char *text;
  } files[] = {
    { "devices/virtual/block/dm-0/dm/uuid", "CRYPT-LUKS2-0f1e2d3c4b5a69788796a5b4c3d2e1f0-luks-0f1e\n" },
    { "devices/virtual/block/dm-0/dm/name", "luks-0f1e\n" },
    { "devices/virtual/block/dm-1/dm/uuid", "LVM-AbCdEfGhIjKlMnOpQrStUvWxYz012345\n" },
    { "devices/virtual/block/dm-1/dm/name", "vg-root\n" },
  };
  struct
  {
    const char *link;
    const char *target;
  } links[] = {
    { "dev/block/254:1", "../../devices/virtual/block/dm-1" },
    { "devices/virtual/block/dm-1/slaves/dm-0", "../../dm-0" },
    { "devices/virtual/block/dm-0/slaves/nvme0n1p3", "../../../../pci0000:00/nvme/nvme0n1/nvme0n1p3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = g_build_filename (root, dirs[i], NULL);

      g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (root, files[i].path, NULL);

      dyno_test_write_file (path, files[i].text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    {
      g_autofree char *path = g_build_filename (root, links[i].link, NULL);

      g_assert_cmpint (symlink (links[i].target, path), ==, 0);
    }
  return g_steal_pointer (&root);
}

static char *
recorded_table (const char *name, gpointer data, char **why)
{
  if (g_str_equal (name, "luks-0f1e"))
    return g_strdup ("0 1953521664 crypt aes-xts-plain64 :64:logon:cryptsetup:0f1e-d0 0 259:3 "
                     "32768 1 no_read_workqueue\n");
  *why = g_strdup ("not recorded");
  return NULL;
}

static char *
no_table (const char *name, gpointer data, char **why)
{
  *why = g_strdup ("reading the device-mapper table needs root");
  return NULL;
}

static void
test_dm_stack (void)
{
  g_autofree char *root = make_sysfs ();
  g_autoptr (GPtrArray) layers = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_crypto_layer_free);
  g_autoptr (GPtrArray) without_root = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_crypto_layer_free);
  const DynoCryptoLayer *layer;

  /* Through the LVM volume down to the LUKS device: one crypt layer, the table read. */
  dyno_linux_describe_dm_crypt (root, 254, 1, recorded_table, NULL, layers);
  g_assert_cmpuint (layers->len, ==, 1);
  layer = g_ptr_array_index (layers, 0);
  g_assert_cmpstr (layer->layer, ==, "dm-crypt");
  g_assert_cmpstr (layer->cipher, ==, "aes-xts-plain64");
  g_assert_true (g_str_has_prefix (layer->details, "LUKS2, 512-bit key"));
  g_assert_nonnull (strstr (layer->details, "no_read_workqueue"));
  g_assert_cmpstr (layer->source, ==, "dmsetup table luks-0f1e");
  g_assert_null (layer->missing);

  /* Without root: the layer is there, and says what it could not read. */
  dyno_linux_describe_dm_crypt (root, 254, 1, no_table, NULL, without_root);
  g_assert_cmpuint (without_root->len, ==, 1);
  layer = g_ptr_array_index (without_root, 0);
  g_assert_null (layer->cipher);
  g_assert_cmpstr (layer->details, ==, "LUKS2");
  g_assert_nonnull (strstr (layer->missing, "needs root"));

  /* A device with no dm under it: nothing. */
  g_ptr_array_set_size (layers, 0);
  dyno_linux_describe_dm_crypt (root, 259, 3, recorded_table, NULL, layers);
  g_assert_cmpuint (layers->len, ==, 0);
  dyno_test_rm_rf (root);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/crypto/dm-table", test_dm_table);
  g_test_add_func ("/crypto/gocryptfs-conf", test_gocryptfs_conf);
  g_test_add_func ("/crypto/proc-crypto", test_proc_crypto);
  g_test_add_func ("/crypto/cpu-flags", test_cpu_flags);
  g_test_add_func ("/crypto/dm-stack", test_dm_stack);
  return g_test_run ();
}
