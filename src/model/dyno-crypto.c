/* dyno-crypto.c: encryption layers, and the parsers that find out what they are
 *
 * The parsers read text only (a dm table line, gocryptfs.conf, /proc/crypto, /proc/cpuinfo):
 * the platform module fetches it, the tests feed recorded copies, and none of them needs the
 * real thing (this machine has no device-mapper, for one).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "dyno-crypto.h"
#include "dyno-json-shape.h"

DynoCryptoLayer *
dyno_crypto_layer_new (const char *layer)
{
  DynoCryptoLayer *self = g_new0 (DynoCryptoLayer, 1);

  self->layer = g_strdup (layer);
  return self;
}

DynoCryptoLayer *
dyno_crypto_layer_copy (const DynoCryptoLayer *layer)
{
  DynoCryptoLayer *copy = dyno_crypto_layer_new (layer->layer);

  copy->cipher = g_strdup (layer->cipher);
  copy->details = g_strdup (layer->details);
  copy->driver = g_strdup (layer->driver);
  copy->source = g_strdup (layer->source);
  copy->missing = g_strdup (layer->missing);
  return copy;
}

void
dyno_crypto_layer_free (DynoCryptoLayer *layer)
{
  if (layer == NULL)
    return;
  g_free (layer->layer);
  g_free (layer->cipher);
  g_free (layer->details);
  g_free (layer->driver);
  g_free (layer->source);
  g_free (layer->missing);
  g_free (layer);
}

char *
dyno_crypto_layer_describe (const DynoCryptoLayer *layer)
{
  GString *text = g_string_new (layer->layer);

  if (layer->cipher != NULL)
    g_string_append_printf (text, ": %s", layer->cipher);
  if (layer->details != NULL)
    g_string_append_printf (text, ", %s", layer->details);
  if (layer->driver != NULL)
    g_string_append_printf (text, " (%s)", layer->driver);
  if (layer->missing != NULL)
    g_string_append_printf (text, "; %s", layer->missing);
  return g_string_free (text, FALSE);
}

/* ---- dm-crypt ------------------------------------------------------------------------- */

/* "aes-xts-plain64" → "xts(aes)"; "capi:xts(aes)-plain64" → "xts(aes)";
 * "aes-cbc-essiv:sha256" → "cbc(aes)". NULL when it is neither form. */
char *
dyno_crypto_dm_cipher_algorithm (const char *cipher)
{
  g_auto (GStrv) parts = NULL;

  if (g_str_has_prefix (cipher, "capi:"))
    {
      const char *start = cipher + 5;
      const char *dash = strrchr (start, '-');

      return dash != NULL ? g_strndup (start, dash - start) : g_strdup (start);
    }
  parts = g_strsplit (cipher, "-", 3);
  if (parts[0] == NULL || parts[1] == NULL)
    return NULL;
  return g_strdup_printf ("%s(%s)", parts[1], parts[0]);
}

/* Bits of the key: a hex key's length, or a keyring reference ":64:logon:…". */
static guint
dm_key_bits (const char *key)
{
  if (key[0] == ':')
    return (guint) g_ascii_strtoull (key + 1, NULL, 10) * 8;
  if (g_str_equal (key, "-"))
    return 0;
  return (guint) strlen (key) * 4;
}

gboolean
dyno_crypto_parse_dm_table (const char *line, DynoCryptoLayer *layer)
{
  g_auto (GStrv) words = NULL;
  g_autoptr (GString) details = NULL;
  g_autofree char *algorithm = NULL;
  g_autofree char *copy = g_strdup (line);
  guint n, bits, sector = 512;

  g_return_val_if_fail (line != NULL && layer != NULL, FALSE);

  words = g_strsplit_set (g_strstrip (copy), " \t\n", -1);
  {
    /* Collapse runs of blanks. */
    GPtrArray *kept = g_ptr_array_new ();

    for (guint i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0')
        g_ptr_array_add (kept, g_strdup (words[i]));
    g_ptr_array_add (kept, NULL);
    g_strfreev (words);
    words = (GStrv) g_ptr_array_free (kept, FALSE);
  }
  n = g_strv_length (words);
  /* start length crypt cipher key iv_offset device offset [#opts opts…] */
  if (n < 8 || !g_str_equal (words[2], "crypt"))
    return FALSE;

  g_free (layer->cipher);
  layer->cipher = g_strdup (words[3]);
  details = g_string_new (NULL);
  bits = dm_key_bits (words[4]);
  algorithm = dyno_crypto_dm_cipher_algorithm (words[3]);
  if (bits > 0)
    {
      /* XTS splits its key in two: a 512-bit key is AES-256 in XTS. */
      if (algorithm != NULL && g_str_has_prefix (algorithm, "xts("))
        g_string_append_printf (details, _("%u-bit key (%u-bit %s in XTS)"), bits, bits / 2,
                                g_str_has_prefix (words[3], "aes") || strstr (algorithm, "(aes)")
                                    ? "AES"
                                    : "cipher");
      else
        g_string_append_printf (details, _("%u-bit key"), bits);
    }
  if (n > 8)
    {
      guint n_opts = (guint) g_ascii_strtoull (words[8], NULL, 10);

      for (guint i = 9; i < n && i < 9 + n_opts; i++)
        {
          const char *opt = words[i];

          if (g_str_has_prefix (opt, "sector_size:"))
            sector = (guint) g_ascii_strtoull (opt + strlen ("sector_size:"), NULL, 10);
          else if (g_str_equal (opt, "no_read_workqueue") || g_str_equal (opt, "no_write_workqueue")
                   || g_str_equal (opt, "same_cpu_crypt")
                   || g_str_equal (opt, "submit_from_crypt_cpus")
                   || g_str_equal (opt, "allow_discards") || g_str_equal (opt, "iv_large_sectors")
                   || g_str_has_prefix (opt, "integrity:"))
            g_string_append_printf (details, "%s%s", details->len ? ", " : "", opt);
        }
    }
  g_string_append_printf (details, _("%s%u-byte sectors"), details->len ? ", " : "", sector);
  g_free (layer->details);
  layer->details = g_strdup (details->str);
  return TRUE;
}

/* ---- gocryptfs ------------------------------------------------------------------------ */

gboolean
dyno_crypto_parse_gocryptfs_conf (const char *text, gsize length, DynoCryptoLayer *layer)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GString) flags = g_string_new (NULL);
  JsonObject *root;
  JsonArray *features;
  gboolean siv = FALSE, xchacha = FALSE, plaintext_names = FALSE, eme = FALSE;
  const char *creator;

  g_return_val_if_fail (text != NULL && layer != NULL, FALSE);

  if (!dyno_json_check_shape (text, length, "gocryptfs.conf", NULL)
      || !json_parser_load_from_data (parser, text, length, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  root = json_node_get_object (json_parser_get_root (parser));
  if (!json_object_has_member (root, "EncryptedKey") && !json_object_has_member (root, "FeatureFlags"))
    return FALSE;
  {
    JsonNode *node = json_object_get_member (root, "FeatureFlags");

    features = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  }
  for (guint i = 0; features != NULL && i < json_array_get_length (features); i++)
    {
      const char *flag = json_array_get_string_element (features, i);

      if (flag == NULL)
        continue;
      siv |= g_str_equal (flag, "AESSIV");
      xchacha |= g_str_equal (flag, "XChaCha20Poly1305");
      plaintext_names |= g_str_equal (flag, "PlaintextNames");
      eme |= g_str_equal (flag, "EMENames");
      g_string_append_printf (flags, "%s%s", flags->len ? " " : "", flag);
    }

  g_free (layer->cipher);
  layer->cipher = g_strdup (xchacha ? "XChaCha20-Poly1305" : siv ? "AES-SIV-512" : "AES-256-GCM");
  g_free (layer->details);
  creator = json_object_get_string_member_with_default (root, "Creator", NULL);
  layer->details = g_strdup_printf (_("file names %s; flags %s%s%s"),
                                    plaintext_names ? _("not encrypted") : eme ? "AES-EME" : "?",
                                    flags->len ? flags->str : "—", creator ? "; " : "",
                                    creator ? creator : "");
  return TRUE;
}

/* ---- /proc/crypto --------------------------------------------------------------------- */

char *
dyno_crypto_find_driver (const char *proc_crypto, const char *algorithm)
{
  g_auto (GStrv) lines = NULL;
  g_autofree char *best = NULL;
  g_autofree char *name = NULL, *driver = NULL;
  gint64 best_priority = G_MININT64, priority = 0;
  gboolean passed = TRUE;

  g_return_val_if_fail (proc_crypto != NULL && algorithm != NULL, NULL);

  lines = g_strsplit (proc_crypto, "\n", -1);
  for (guint i = 0;; i++)
    {
      const char *line = lines[i];
      const char *colon;

      /* A blank line (or the end) ends an entry. */
      if (line == NULL || *g_strstrip ((char *) line) == '\0')
        {
          if (name != NULL && driver != NULL && passed && g_str_equal (name, algorithm)
              && priority > best_priority)
            {
              g_free (best);
              best = g_strdup (driver);
              best_priority = priority;
            }
          g_clear_pointer (&name, g_free);
          g_clear_pointer (&driver, g_free);
          priority = 0;
          passed = TRUE;
          if (line == NULL)
            break;
          continue;
        }
      colon = strchr (line, ':');
      if (colon == NULL)
        continue;
      {
        g_autofree char *key = g_strstrip (g_strndup (line, colon - line));
        g_autofree char *value = g_strstrip (g_strdup (colon + 1));

        if (g_str_equal (key, "name"))
          {
            g_free (name);
            name = g_strdup (value);
          }
        else if (g_str_equal (key, "driver"))
          {
            g_free (driver);
            driver = g_strdup (value);
          }
        else if (g_str_equal (key, "priority"))
          priority = g_ascii_strtoll (value, NULL, 10);
        else if (g_str_equal (key, "selftest"))
          passed = g_str_equal (value, "passed");
      }
    }
  return g_steal_pointer (&best);
}

/* ---- fscrypt -------------------------------------------------------------------------- */

static const struct
{
  guint mode;
  const char *name;
  const char *algorithm;
} fscrypt_modes[] = {
  /* linux/fscrypt.h FSCRYPT_MODE_* */
  { 1, "AES-256-XTS", "xts(aes)" },
  { 4, "AES-256-CTS", "cts(cbc(aes))" },
  { 5, "AES-128-CBC-ESSIV", "essiv(cbc(aes),sha256)" },
  { 6, "AES-128-CTS", "cts(cbc(aes))" },
  { 7, "SM4-XTS", "xts(sm4)" },
  { 8, "SM4-CTS", "cts(cbc(sm4))" },
  { 9, "Adiantum", "adiantum(xchacha12,aes)" },
  { 10, "AES-256-HCTR2", "hctr2(aes)" },
};

const char *
dyno_crypto_fscrypt_mode_name (guint mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (fscrypt_modes); i++)
    if (fscrypt_modes[i].mode == mode)
      return fscrypt_modes[i].name;
  return NULL;
}

const char *
dyno_crypto_fscrypt_mode_algorithm (guint mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (fscrypt_modes); i++)
    if (fscrypt_modes[i].mode == mode)
      return fscrypt_modes[i].algorithm;
  return NULL;
}

/* ---- the CPU -------------------------------------------------------------------------- */

GPtrArray *
dyno_crypto_cpu_flags (const char *cpuinfo)
{
  static const char *const wanted[] = { "aes", "vaes", "avx512f", "pclmulqdq", "vpclmulqdq",
                                        "sha_ni", "pmull", "sha2", "sha512", "sm4" };
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = NULL;

  g_return_val_if_fail (cpuinfo != NULL, found);

  lines = g_strsplit (cpuinfo, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *colon = strchr (lines[i], ':');
      g_auto (GStrv) words = NULL;

      /* x86 says "flags", ARM "Features"; the first CPU's line stands for all. */
      if (colon == NULL
          || !(g_str_has_prefix (lines[i], "flags") || g_str_has_prefix (lines[i], "Features")))
        continue;
      words = g_strsplit (colon + 1, " ", -1);
      for (guint w = 0; w < G_N_ELEMENTS (wanted); w++)
        if (g_strv_contains ((const char *const *) words, wanted[w]))
          g_ptr_array_add (found, g_strdup (wanted[w]));
      break;
    }
  return found;
}
