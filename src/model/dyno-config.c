/* dyno-config.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-config.h"
#include "dyno-error.h"
#include "dyno-parse.h"

G_DEFINE_BOXED_TYPE (DynoConfig, dyno_config, dyno_config_copy, dyno_config_free)

DynoConfig *
dyno_config_new (void)
{
  DynoConfig *config = g_new0 (DynoConfig, 1);

  config->size = DYNO_DEFAULT_SIZE;
  config->chunk = DYNO_DEFAULT_CHUNK;
  config->tests = DYNO_PHASES_ALL;
  config->files_num = DYNO_DEFAULT_FILES;
  config->files_dirs = 1;
  config->seeks = DYNO_DEFAULT_SEEKS;
  config->seekers = DYNO_DEFAULT_SEEKERS;
  config->per_char = DYNO_PER_CHAR_STDIO;
  config->cache = DYNO_CACHE_EVICT;
  config->data = DYNO_DATA_RANDOM;
  config->repeat = 1;
  return config;
}

DynoConfig *
dyno_config_copy (const DynoConfig *config)
{
  DynoConfig *copy;

  g_return_val_if_fail (config != NULL, NULL);

  copy = g_memdup2 (config, sizeof *config);
  copy->label = g_strdup (config->label);
  copy->notes = g_strdup (config->notes);
  return copy;
}

void
dyno_config_free (DynoConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->label);
  g_free (config->notes);
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

guint64
dyno_config_get_files_total (const DynoConfig *config)
{
  return (guint64) config->files_num * 1024;
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
  return g_strdup_printf (_("The file size %" G_GUINT64_FORMAT " bytes was rounded down to %"
                            G_GUINT64_FORMAT " bytes, a whole number of %s chunks, so every "
                            "phase reads and writes the same file"),
                          asked, config->size, chunk);
}

gboolean
dyno_config_has_io_tests (const DynoConfig *config)
{
  return (config->tests & DYNO_PHASES_IO) != 0;
}

gboolean
dyno_config_has_file_tests (const DynoConfig *config)
{
  return (config->tests & DYNO_PHASES_FILES) != 0 && config->files_num > 0;
}

gboolean
dyno_config_validate (const DynoConfig *config, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);

  if (config->tests == 0 || (config->tests & ~DYNO_PHASES_ALL) != 0)
    return dyno_error_set_invalid (error, _("No tests selected"));

  if (dyno_config_has_io_tests (config))
    {
      g_autofree char *chunk = dyno_format_size (config->chunk);
      g_autofree char *size = dyno_format_size (config->size);

      if (config->chunk < DYNO_MIN_CHUNK || config->chunk > DYNO_MAX_CHUNK
          || (config->chunk & (config->chunk - 1)) != 0)
        return dyno_error_set_invalid (error,
                        _("Chunk size %s must be a power of two from 256 bytes to 64 MiB"),
                        chunk);
      if (config->size < config->chunk)
        return dyno_error_set_invalid (error, _("File size %s is smaller than the chunk size %s"), size, chunk);
      if ((config->tests & DYNO_PHASE_BIT (DYNO_PHASE_SEEKS)) != 0)
        {
          if (config->seekers == 0 || config->seekers > DYNO_MAX_SEEKERS)
            return dyno_error_set_invalid (error, _("The number of seekers must be from 1 to %u"),
                            DYNO_MAX_SEEKERS);
          if (config->seeks == 0)
            return dyno_error_set_invalid (error, _("The number of seeks must be at least 1"));
        }
    }

  if ((config->tests & DYNO_PHASES_FILES) != 0)
    {
      if (config->files_num == 0 || config->files_num > DYNO_MAX_FILES_NUM)
        return dyno_error_set_invalid (error, _("The number of files (in units of 1024) must be from 1 to %u"),
                        DYNO_MAX_FILES_NUM);
      if (config->files_dirs == 0 || config->files_dirs > DYNO_MAX_FILES_DIRS)
        return dyno_error_set_invalid (error, _("The number of directories must be from 1 to %u"),
                        DYNO_MAX_FILES_DIRS);
      if (config->files_max < DYNO_FILES_SYMLINK || config->files_min < 0)
        return dyno_error_set_invalid (error, _("File sizes for the file tests cannot be negative"));
      if (config->files_max >= 0 && config->files_min > config->files_max)
        return dyno_error_set_invalid (error,
                        _("The smallest file size (%lld) is larger than the largest (%lld)"),
                        (long long) config->files_min, (long long) config->files_max);
      if (config->files_max > (gint64) DYNO_MAX_CHUNK)
        return dyno_error_set_invalid (error, _("Files for the file tests can be at most 64 MiB each"));
    }

  if (config->repeat == 0 || config->repeat > DYNO_MAX_REPEAT)
    return dyno_error_set_invalid (error, _("Repeats must be from 1 to %u"), DYNO_MAX_REPEAT);

  if (config->per_char_size != 0 && config->per_char_size > config->size)
    return dyno_error_set_invalid (error, _("The per-char size cannot be larger than the file size"));

  return TRUE;
}

static const char *const cache_names[] = { "evict", "direct", "drop", "none" };
static const char *const per_char_names[] = { "stdio", "syscall" };
static const char *const data_names[] = { "random", "zeros" };

static gboolean
lookup (const char *const *names, guint n, const char *text, int *out)
{
  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
dyno_cache_policy_to_string (DynoCachePolicy policy)
{
  g_return_val_if_fail ((guint) policy < G_N_ELEMENTS (cache_names), NULL);
  return cache_names[policy];
}

gboolean
dyno_cache_policy_from_string (const char *text, DynoCachePolicy *out)
{
  int v;

  if (!lookup (cache_names, G_N_ELEMENTS (cache_names), text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_per_char_mode_to_string (DynoPerCharMode mode)
{
  g_return_val_if_fail ((guint) mode < G_N_ELEMENTS (per_char_names), NULL);
  return per_char_names[mode];
}

gboolean
dyno_per_char_mode_from_string (const char *text, DynoPerCharMode *out)
{
  int v;

  if (!lookup (per_char_names, G_N_ELEMENTS (per_char_names), text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_data_pattern_to_string (DynoDataPattern data)
{
  g_return_val_if_fail ((guint) data < G_N_ELEMENTS (data_names), NULL);
  return data_names[data];
}

gboolean
dyno_data_pattern_from_string (const char *text, DynoDataPattern *out)
{
  int v;

  if (!lookup (data_names, G_N_ELEMENTS (data_names), text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}
