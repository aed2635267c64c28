/* dyno-profile.c: CrystalDiskMark 8's profiles
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-profile.h"

/* As CrystalDiskMark 8 defines them (Settings and the Profile menu). */
static const char *const default_tests[] = { "seq:1m:q8:t1", "seq:1m:q1:t1", "rnd:4k:q32:t1",
                                             "rnd:4k:q1:t1", NULL };
static const char *const nvme_tests[] = { "seq:1m:q8:t1", "seq:128k:q32:t1", "rnd:4k:q32:t16",
                                          "rnd:4k:q1:t1", NULL };
static const char *const peak_tests[] = { "seq:1m:q8:t1", "rnd:4k:q32:t16", NULL };
static const char *const real_world_tests[] = { "seq:1m:q1:t1", "rnd:4k:q1:t1", NULL };

static const DynoProfile profile_default = { "default", N_("Default"), default_tests };
static const DynoProfile profile_nvme = { "nvme", N_("NVMe SSD"), nvme_tests };
static const DynoProfile profile_peak = { "peak", N_("Peak performance"), peak_tests };
static const DynoProfile profile_real_world = { "real-world", N_("Real world performance"),
                                                real_world_tests };

static const DynoProfile *const profiles[] = {
  &profile_default, &profile_nvme, &profile_peak, &profile_real_world,
};

const DynoProfile *const *
dyno_profiles (guint *n_profiles)
{
  g_return_val_if_fail (n_profiles != NULL, NULL);
  *n_profiles = G_N_ELEMENTS (profiles);
  return profiles;
}

const DynoProfile *
dyno_profile_lookup (const char *nick)
{
  g_autofree char *canonical = NULL;

  g_return_val_if_fail (nick != NULL, NULL);
  canonical = g_ascii_strdown (nick, -1);
  g_strdelimit (canonical, "_", '-');
  if (g_str_equal (canonical, "realworld"))
    return &profile_real_world;
  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    if (g_str_equal (canonical, profiles[i]->nick))
      return profiles[i];
  return NULL;
}

const char *
dyno_profile_get_title (const DynoProfile *profile)
{
  g_return_val_if_fail (profile != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, profile->title);
}

char *
dyno_profile_describe_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", profiles[i]->nick);
  return g_string_free (names, FALSE);
}

/* "seq:1m:q8:t1" as the phase of kind "seq-<op>" */
static const DynoPhase *
test_phase (const char *test, const char *op, guint read_percent)
{
  g_autofree char *key = NULL;
  const char *rest = strchr (test, ':');
  g_autofree char *pattern = g_strndup (test, rest - test);

  if (read_percent > 0)
    key = g_strdup_printf ("%s-%s%s:r%u", pattern, op, rest, read_percent);
  else
    key = g_strdup_printf ("%s-%s%s", pattern, op, rest);
  return dyno_phase_lookup (key);
}

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

GPtrArray *
dyno_profile_get_phases (const DynoProfile *profile, gboolean mix, guint read_percent)
{
  GPtrArray *phases = g_ptr_array_new ();
  const char *const ops[] = { "read", "write", "mix" };

  g_return_val_if_fail (profile != NULL, phases);
  if (read_percent == 0 || read_percent > 100)
    read_percent = DYNO_PROFILE_MIX_READ_PERCENT;
  for (guint o = 0; o < (mix ? 3 : 2); o++)
    for (guint i = 0; profile->tests[i] != NULL; i++)
      {
        const DynoPhase *phase = test_phase (profile->tests[i], ops[o], o == 2 ? read_percent : 0);

        g_assert (phase != NULL); /* the tables above are ours */
        if (!g_ptr_array_find (phases, phase, NULL))
          g_ptr_array_add (phases, (gpointer) phase);
      }
  g_ptr_array_sort (phases, compare_phases);
  return phases;
}

static gboolean
same_set (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!g_ptr_array_find (b, g_ptr_array_index (a, i), NULL))
      return FALSE;
  return TRUE;
}

const DynoProfile *
dyno_profile_find (GPtrArray *phases)
{
  guint read_percent = 0;

  g_return_val_if_fail (phases != NULL, NULL);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);

      if (phase->kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
        read_percent = phase->params.read_percent;
    }
  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    {
      g_autoptr (GPtrArray) plain = dyno_profile_get_phases (profiles[i], FALSE, 0);
      g_autoptr (GPtrArray) mixed = dyno_profile_get_phases (profiles[i], TRUE, read_percent);

      if (same_set (phases, plain) || same_set (phases, mixed))
        return profiles[i];
    }
  return NULL;
}
