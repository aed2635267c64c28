/* dyno-config.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "dyno-config.h"
#include "dyno-config-enums.h"
#include "dyno-enum.h"
#include "dyno-error.h"
#include "dyno-option.h"
#include "dyno-parse.h"

G_DEFINE_BOXED_TYPE (DynoConfig, dyno_config, dyno_config_copy, dyno_config_free)

DynoConfig *
dyno_config_new (void)
{
  DynoConfig *config = g_new0 (DynoConfig, 1);
  const DynoOptionSet *run = dyno_config_option_set ();

  config->phases = g_ptr_array_new ();
  /* Every option's default, from its table (dyno-config-options.c, and the kinds' own). */
  for (guint i = 0; i < run->n_options; i++)
    dyno_option_set_default (run, &run->options[i], config);
  dyno_option_values_init (config);
  /* Figures are judged against the precision; adding runs for it is the front end's call
   * (dyno-cli does by default, and an engine user who asks for N runs gets N). */
  config->autos = DYNO_AUTO_ALL;
  return config;
}

DynoConfig *
dyno_config_copy (const DynoConfig *config)
{
  DynoConfig *copy;

  g_return_val_if_fail (config != NULL, NULL);

  copy = g_memdup2 (config, sizeof *config);
  copy->phases = g_ptr_array_copy (config->phases, NULL, NULL);
  copy->label = g_strdup (config->label);
  copy->notes = g_strdup (config->notes);
  dyno_option_values_copy (copy, config);
  return copy;
}

void
dyno_config_free (DynoConfig *config)
{
  if (config == NULL)
    return;
  g_ptr_array_unref (config->phases);
  g_free (config->label);
  g_free (config->notes);
  dyno_option_values_free (config);
  g_free (config);
}

guint64
dyno_config_get_per_char_size (const DynoConfig *config)
{
  guint64 size;

  if (config->per_char_size != 0)
    size = config->per_char_size;
  else if (config->per_char == DYNO_PER_CHAR_SYSCALL)
    size = DYNO_DEFAULT_SYSCALL_PER_CHAR_SIZE;
  else
    size = config->size;
  return MIN (size, config->size);
}

char *
dyno_config_round_size (DynoConfig *config)
{
  g_autofree char *chunk = NULL;
  guint64 asked;

  g_return_val_if_fail (config != NULL, NULL);

  if (config->chunk == 0 || config->size % config->chunk == 0 || config->size < config->chunk)
    return NULL;
  asked = config->size;
  config->size -= config->size % config->chunk;
  chunk = dyno_format_size (config->chunk);
  return g_strdup_printf (_("The file size %" PRIu64 " bytes was rounded down to %"
                            PRIu64 " bytes, a whole number of %s chunks, so every "
                            "phase reads and writes the same file"),
                          asked, config->size, chunk);
}

gboolean
dyno_config_is_auto (const DynoConfig *config, DynoAutoFlags what)
{
  g_return_val_if_fail (config != NULL, FALSE);
  return config->phase_time > 0 && (config->autos & what) == what;
}

gboolean
dyno_config_has_io_tests (const DynoConfig *config)
{
  /* By the flags that say so: a kind of its own (neither Bonnie's nor queued) needs none. */
  for (guint i = 0; i < config->phases->len; i++)
    if (dyno_phase_has_flag (g_ptr_array_index (config->phases, i),
                             DYNO_PHASE_READS_DATA | DYNO_PHASE_WRITES_DATA))
      return TRUE;
  return FALSE;
}

guint
dyno_config_get_n_phases (const DynoConfig *config)
{
  g_return_val_if_fail (config != NULL, 0);
  return config->phases->len;
}

const DynoPhase *
dyno_config_get_phase (const DynoConfig *config, guint index)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (index < config->phases->len, NULL);
  return g_ptr_array_index (config->phases, index);
}

gboolean
dyno_config_has_phase (const DynoConfig *config, const DynoPhase *phase)
{
  g_return_val_if_fail (config != NULL, FALSE);
  return phase != NULL && g_ptr_array_find (config->phases, phase, NULL);
}

gboolean
dyno_config_has_flags (const DynoConfig *config, DynoPhaseFlags flags)
{
  g_return_val_if_fail (config != NULL, FALSE);

  for (guint i = 0; i < config->phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (config->phases, i);

      if ((phase->kind->flags & flags) == flags)
        return TRUE;
    }
  return FALSE;
}

gboolean
dyno_config_has_any_flag (const DynoConfig *config, DynoPhaseFlags flags)
{
  g_return_val_if_fail (config != NULL, FALSE);

  for (guint i = 0; i < config->phases->len; i++)
    if (dyno_phase_has_flag (g_ptr_array_index (config->phases, i), flags))
      return TRUE;
  return FALSE;
}

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

void
dyno_config_add_phase (DynoConfig *config, const DynoPhase *phase)
{
  g_return_if_fail (config != NULL);
  g_return_if_fail (phase != NULL);

  if (dyno_config_has_phase (config, phase))
    return;
  g_ptr_array_add (config->phases, (gpointer) phase);
  /* Bonnie's phases depend on each other's files (write before read, create before stat):
   * catalogue order keeps them right whatever order they were chosen in. */
  g_ptr_array_sort (config->phases, compare_phases);
}

void
dyno_config_remove_phase (DynoConfig *config, const DynoPhase *phase)
{
  g_return_if_fail (config != NULL);
  g_ptr_array_remove (config->phases, (gpointer) phase);
}

void
dyno_config_clear_phases (DynoConfig *config)
{
  g_return_if_fail (config != NULL);
  g_ptr_array_set_size (config->phases, 0);
}

void
dyno_config_set_phases (DynoConfig *config, GPtrArray *phases)
{
  g_return_if_fail (config != NULL);

  dyno_config_clear_phases (config);
  for (guint i = 0; phases != NULL && i < phases->len; i++)
    dyno_config_add_phase (config, g_ptr_array_index (phases, i));
}

gboolean
dyno_config_select (DynoConfig *config, const char *tests, GError **error)
{
  g_autoptr (GPtrArray) phases = NULL;

  g_return_val_if_fail (config != NULL, FALSE);

  if (!dyno_parse_tests (tests, &phases, error))
    return FALSE;
  dyno_config_set_phases (config, phases);
  return TRUE;
}

gboolean
dyno_config_same_phases (const DynoConfig *a, const DynoConfig *b)
{
  if (a->phases->len != b->phases->len)
    return FALSE;
  for (guint i = 0; i < a->phases->len; i++)
    if (g_ptr_array_index (a->phases, i) != g_ptr_array_index (b->phases, i))
      return FALSE;
  return TRUE;
}

gboolean
dyno_config_validate (const DynoConfig *config, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);

  if (config->phases->len == 0)
    return dyno_error_set_invalid (error, _("No tests selected"));
  /* Each option that a selected phase uses, against its range and its checks. */
  if (!dyno_options_validate (config, error))
    return FALSE;
  /* The queued phases' own parameters (a phase's key: block size, depth, threads) */
  for (guint i = 0; i < config->phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (config->phases, i);
      g_autofree char *block = NULL;
      g_autofree char *size = NULL;

      if (!dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
        continue;
      block = dyno_format_size (phase->params.block_size);
      size = dyno_format_size (config->queue_size);
      if (phase->params.block_size % 512 != 0 || phase->params.block_size > DYNO_MAX_CHUNK)
        return dyno_error_set_invalid (error, _("The block size of “%s” (%s) must be a "
                                                "multiple of 512 bytes, at most 64 MiB"),
                                       dyno_phase_get_key (phase), block);
      if (phase->params.block_size > config->queue_size)
        return dyno_error_set_invalid (error, _("The block size of “%s” (%s) is larger than "
                                                "the test file (%s)"),
                                       dyno_phase_get_key (phase), block, size);
      if (config->io_engine == DYNO_IO_ENGINE_THREADS
          && (guint64) phase->params.queue_depth * phase->params.threads > DYNO_MAX_IO_THREADS)
        return dyno_error_set_invalid (error, _("“%s” would need %u threads with the threads "
                                                "engine; at most %u are allowed"),
                                       dyno_phase_get_key (phase),
                                       phase->params.queue_depth * phase->params.threads,
                                       DYNO_MAX_IO_THREADS);
    }
  return TRUE;
}

/* The names are the enums' nicks (dyno-config.h, through glib-mkenums): the CLI's flags, the
 * result file and the app's settings all read and write these. */
const char *
dyno_cache_policy_to_string (DynoCachePolicy policy)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_CACHE_POLICY, policy);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_cache_policy_from_string (const char *text, DynoCachePolicy *out)
{
  int v;

  if (!dyno_enum_from_nick (DYNO_TYPE_CACHE_POLICY, text, NULL, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_per_char_mode_to_string (DynoPerCharMode mode)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_PER_CHAR_MODE, mode);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_per_char_mode_from_string (const char *text, DynoPerCharMode *out)
{
  int v;

  if (!dyno_enum_from_nick (DYNO_TYPE_PER_CHAR_MODE, text, NULL, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_data_pattern_to_string (DynoDataPattern data)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_DATA_PATTERN, data);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_data_pattern_from_string (const char *text, DynoDataPattern *out)
{
  int v;

  if (!dyno_enum_from_nick (DYNO_TYPE_DATA_PATTERN, text, NULL, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_io_engine_to_string (DynoIoEngine engine)
{
  const char *nick = dyno_enum_to_nick (DYNO_TYPE_IO_ENGINE, engine);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_io_engine_from_string (const char *text, DynoIoEngine *out)
{
  int v;

  if (!dyno_enum_from_nick (DYNO_TYPE_IO_ENGINE, text, NULL, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

gboolean
dyno_config_has_queued_tests (const DynoConfig *config)
{
  return dyno_config_has_flags (config, DYNO_PHASE_QUEUED);
}

char *
dyno_format_tests (const DynoConfig *config)
{
  GString *text = g_string_new (NULL);
  const DynoPhase *const *bonnie;
  guint n_bonnie;
  gboolean all;

  bonnie = dyno_phase_bonnie (&n_bonnie);
  all = config->phases->len == n_bonnie;
  for (guint i = 0; all && i < n_bonnie; i++)
    all = g_ptr_array_index (config->phases, i) == bonnie[i];
  if (all)
    return g_string_free (g_string_append (text, "all"), FALSE);

  for (guint i = 0; i < config->phases->len; i++)
    g_string_append_printf (text, "%s%s", text->len ? "," : "",
                            dyno_phase_get_key (g_ptr_array_index (config->phases, i)));
  return g_string_free (text, FALSE);
}
