/* dyno-crypto-words.c: a target's encryption in words a desktop user reads
 *
 * Whether a layer uses the CPU's AES instructions is read from what the result knows: for a
 * kernel layer, the driver /proc/crypto named for its algorithm ("xts-aes-aesni" and
 * "xts-aes-vaes-…" on x86, "…-ce" on ARM use them; "…-generic" and "aes-fixed-time" are plain
 * code); for gocryptfs, Go's (and OpenSSL's) AES use them whenever the CPU has them, so the
 * CPU's flags decide. A cipher without AES (XChaCha20, Adiantum's stream part) needs none.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-crypto-words.h"

void
dyno_target_cpu_per_gb (const DynoTargetResult *target, DynoCpuPerGb *out)
{
  double bytes = 0, own = 0, machine = 0, helper = 0, machine_bytes = 0, helper_bytes = 0;

  g_return_if_fail (target != NULL && out != NULL);

  *out = (DynoCpuPerGb) { .own = NAN, .helper = NAN, .machine = NAN };
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (dyno_phase_get_unit (phase->phase) != DYNO_UNIT_BYTES)
        continue;
      for (guint j = 0; j < phase->runs->len; j++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, j);

          if (run->amount == 0 || isnan (run->cpu_seconds))
            continue;
          bytes += run->amount;
          own += run->cpu_seconds;
          if (!isnan (run->machine_cpu_seconds))
            {
              machine += run->machine_cpu_seconds;
              machine_bytes += run->amount;
            }
          if (!isnan (run->helper_cpu_seconds))
            {
              helper += run->helper_cpu_seconds;
              helper_bytes += run->amount;
            }
        }
    }
  out->bytes = bytes;
  out->own = bytes > 0 ? own / (bytes / 1e9) : NAN;
  out->have_machine = machine_bytes > 0;
  out->machine = out->have_machine ? machine / (machine_bytes / 1e9) : NAN;
  out->have_helper = helper_bytes > 0;
  out->helper = out->have_helper ? helper / (helper_bytes / 1e9) : NAN;
}

gboolean
dyno_crypto_layer_in_user_space (const DynoCryptoLayer *layer)
{
  g_return_val_if_fail (layer != NULL, FALSE);

  /* The driver is written in the locale of the run; the layer's name is not translated. */
  return g_strcmp0 (layer->layer, "gocryptfs") == 0 || g_strcmp0 (layer->layer, "CryFS") == 0
         || g_strcmp0 (layer->layer, "EncFS") == 0
         || (layer->driver != NULL && g_str_has_prefix (layer->driver, "user space"));
}

static gboolean
is_drive (const DynoCryptoLayer *layer)
{
  return layer->layer != NULL && strstr (layer->layer, "drive") != NULL;
}

char *
dyno_crypto_words_cipher (const DynoCryptoLayer *layer)
{
  g_return_val_if_fail (layer != NULL, NULL);

  if (layer->cipher != NULL && *layer->cipher != '\0')
    return g_strdup (layer->cipher);
  /* Translators: an encryption layer's cipher when it could not be found out */
  return g_strdup (_("unknown"));
}

char *
dyno_crypto_words_where (const DynoCryptoLayer *layer)
{
  g_return_val_if_fail (layer != NULL, NULL);

  if (dyno_crypto_layer_in_user_space (layer))
    /* Translators: where an encryption layer runs; %s is its program, "gocryptfs" */
    return g_strdup_printf (_("in a program in user space (%s): every read and write passes "
                              "through it"),
                            layer->layer);
  if (is_drive (layer))
    /* Translators: where a self-encrypting drive's encryption runs */
    return g_strdup (_("in the drive itself: it costs the computer nothing"));
  if (layer->driver != NULL)
    /* Translators: where an encryption layer runs; %s is the kernel's implementation of its
     * cipher, "xts-aes-aesni" */
    return g_strdup_printf (_("in the kernel (%s)"), layer->driver);
  /* Translators: where an encryption layer runs, when the kernel's implementation is not
   * known */
  return g_strdup (_("in the kernel"));
}

static gboolean
cipher_uses_aes (const DynoCryptoLayer *layer)
{
  g_autofree char *lower = layer->cipher != NULL ? g_ascii_strdown (layer->cipher, -1) : NULL;

  return lower == NULL || strstr (lower, "aes") != NULL || strstr (lower, "adiantum") != NULL;
}

static gboolean
cpu_has_aes (const DynoSystemInfo *system, gboolean *known)
{
  *known = system != NULL && system->cpu_crypto_known && system->cpu_crypto != NULL;
  for (guint i = 0; *known && i < system->cpu_crypto->len; i++)
    if (g_str_equal (g_ptr_array_index (system->cpu_crypto, i), "aes"))
      return TRUE;
  return FALSE;
}

DynoTristate
dyno_crypto_uses_aes_instructions (const DynoCryptoLayer *layer,
                                   const DynoSystemInfo  *system,
                                   char                 **words)
{
  gboolean known;
  gboolean has = cpu_has_aes (system, &known);
  g_autofree char *driver = NULL;
  DynoTristate answer;
  char *text;

  g_return_val_if_fail (layer != NULL, DYNO_TRISTATE_UNKNOWN);

  if (layer->cipher != NULL && !cipher_uses_aes (layer))
    {
      answer = DYNO_TRISTATE_NO;
      /* Translators: whether an encryption layer uses the CPU's AES instructions, for a
       * cipher without AES; %s is the cipher */
      text = g_strdup_printf (_("not needed: %s uses no AES"), layer->cipher);
    }
  else if (is_drive (layer))
    {
      answer = DYNO_TRISTATE_NO;
      text = g_strdup (_("not needed: the drive encrypts"));
    }
  else if (dyno_crypto_layer_in_user_space (layer))
    {
      /* Go's crypto/aes (and OpenSSL, which gocryptfs may use) take the instructions whenever
       * the CPU has them: the CPU decides. */
      answer = !known ? DYNO_TRISTATE_UNKNOWN : has ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;
      text = !known ? g_strdup (_("unknown: the CPU's instructions were not recorded"))
             : has  ? g_strdup_printf (_("yes: this CPU has them, and %s’s AES code uses them"),
                                       layer->layer)
                    : g_strdup (_("no: this CPU has none, so AES runs in plain code, slowly"));
    }
  else if (layer->driver == NULL)
    {
      answer = DYNO_TRISTATE_UNKNOWN;
      text = has ? g_strdup (_("unknown: the kernel’s implementation was not found, though this "
                               "CPU has AES instructions"))
                 : g_strdup (_("unknown: the kernel’s implementation was not found"));
    }
  else
    {
      driver = g_ascii_strdown (layer->driver, -1);
      if (strstr (driver, "aesni") != NULL || strstr (driver, "vaes") != NULL
          || g_str_has_suffix (driver, "-ce") || strstr (driver, "-ce-") != NULL
          || strstr (driver, "aes-ce") != NULL)
        {
          answer = DYNO_TRISTATE_YES;
          /* Translators: %s is the kernel's implementation, "xts-aes-aesni" */
          text = g_strdup_printf (_("yes: the kernel’s %s uses them"), layer->driver);
        }
      else if (strstr (driver, "generic") != NULL || strstr (driver, "fixed-time") != NULL)
        {
          answer = DYNO_TRISTATE_NO;
          text = has
                     /* Translators: %s is the kernel's implementation */
                     ? g_strdup_printf (_("no: the kernel uses its plain code (%s), though this "
                                          "CPU has AES instructions"),
                                        layer->driver)
                     : g_strdup_printf (_("no: the kernel uses its plain code (%s)"),
                                        layer->driver);
        }
      else
        {
          answer = DYNO_TRISTATE_UNKNOWN;
          /* Translators: %s is the kernel's implementation, whose name does not tell */
          text = g_strdup_printf (_("unknown: the kernel uses %s"), layer->driver);
        }
    }
  if (words != NULL)
    *words = text;
  else
    g_free (text);
  return answer;
}

char *
dyno_crypto_words_cpu (const DynoTargetResult *target)
{
  DynoCpuPerGb cpu;
  const char *helper;

  g_return_val_if_fail (target != NULL, NULL);

  dyno_target_cpu_per_gb (target, &cpu);
  if (!(cpu.bytes > 0) || !isfinite (cpu.own))
    return NULL;
  helper = target->info != NULL ? target->info->helper : NULL;
  if (cpu.have_helper && helper != NULL)
    /* Translators: the CPU an encrypted target cost per GB moved: in all, then its FUSE daemon's
     * part (%s, "gocryptfs") and Dyno's threads' */
    return g_strdup_printf (_("%.1f CPU-seconds per GB moved (%s %.1f, Dyno’s threads %.1f)"),
                            cpu.own + cpu.helper, helper, cpu.helper, cpu.own);
  if (cpu.have_machine)
    /* Translators: the CPU a target cost per GB moved: Dyno's threads, then the whole machine
     * (where a kernel's crypto workers are counted) */
    return g_strdup_printf (_("%.1f CPU-seconds per GB moved in Dyno’s threads, %.1f across the "
                              "machine (the kernel’s crypto workers included)"),
                            cpu.own, cpu.machine);
  /* Translators: the CPU a target cost per GB moved, Dyno's threads only */
  return g_strdup_printf (_("%.1f CPU-seconds per GB moved in Dyno’s threads"), cpu.own);
}

char *
dyno_crypto_words_line (const DynoCryptoLayer  *layer,
                        const DynoSystemInfo   *system,
                        const DynoTargetResult *target)
{
  g_autofree char *cipher = NULL;
  g_autofree char *where = NULL;
  g_autofree char *aes = NULL;
  g_autofree char *cpu = NULL;
  GString *line;

  g_return_val_if_fail (layer != NULL, NULL);

  cipher = dyno_crypto_words_cipher (layer);
  where = dyno_crypto_words_where (layer);
  dyno_crypto_uses_aes_instructions (layer, system, &aes);
  cpu = target != NULL ? dyno_crypto_words_cpu (target) : NULL;
  line = g_string_new (NULL);
  /* Translators: an encryption layer in plain words: its name, cipher, where it runs and
   * whether it uses the CPU's AES instructions: "gocryptfs, AES-256-GCM, in a program in user
   * space (gocryptfs): every read and write passes through it; the CPU's AES instructions:
   * yes: this CPU has them, and gocryptfs's AES code uses them" */
  g_string_append_printf (line, _("%s, %s, %s; the CPU’s AES instructions: %s"), layer->layer,
                          cipher, where, aes);
  if (cpu != NULL)
    g_string_append_printf (line, "; %s", cpu);
  return g_string_free (line, FALSE);
}
