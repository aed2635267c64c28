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
#include "dyno-error.h"
#include "dyno-parse.h"

G_DEFINE_BOXED_TYPE (DynoConfig, dyno_config, dyno_config_copy, dyno_config_free)

DynoConfig *
dyno_config_new (void)
{
  DynoConfig *config = g_new0 (DynoConfig, 1);

  config->size = DYNO_DEFAULT_SIZE;
  config->chunk = DYNO_DEFAULT_CHUNK;
  config->phases = g_ptr_array_new ();
  dyno_config_select (config, "all", NULL);
  config->files_num = DYNO_DEFAULT_FILES;
  config->files_dirs = 1;
  config->seeks = DYNO_DEFAULT_SEEKS;
  config->seekers = DYNO_DEFAULT_SEEKERS;
  config->per_char = DYNO_PER_CHAR_STDIO;
  config->cache = DYNO_CACHE_EVICT;
  config->data = DYNO_DATA_RANDOM;
  config->repeat = DYNO_DEFAULT_REPEAT;
  config->phase_time = DYNO_DEFAULT_PHASE_TIME;
  /* Figures are judged against the precision; adding runs for it is the front end's call
   * (dyno-cli does by default, and an engine user who asks for N runs gets N). */
  config->autos = DYNO_AUTO_ALL;
  config->precision = DYNO_DEFAULT_PRECISION;
  config->max_time = DYNO_DEFAULT_MAX_TIME;
  config->queue_size = DYNO_DEFAULT_QUEUE_SIZE;
  config->queue_cache = DYNO_CACHE_DIRECT;
  config->io_engine = DYNO_IO_ENGINE_AUTO;
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

static const struct
{
  const char *name;
  DynoAutoFlags flag;
} auto_names[] = {
  { "size", DYNO_AUTO_SIZE },
  { "per_char", DYNO_AUTO_PER_CHAR },
  { "files", DYNO_AUTO_FILES },
  { "seeks", DYNO_AUTO_SEEKS },
  { "repeat", DYNO_AUTO_REPEAT },
};

char *
dyno_auto_flags_to_string (DynoAutoFlags flags)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (auto_names); i++)
    if (flags & auto_names[i].flag)
      g_string_append_printf (text, "%s%s", text->len ? "," : "", auto_names[i].name);
  return g_string_free (text, FALSE);
}

gboolean
dyno_auto_flags_from_string (const char *text, DynoAutoFlags *out)
{
  g_auto (GStrv) parts = NULL;
  DynoAutoFlags flags = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *name = g_strstrip (parts[i]);
      gboolean found = FALSE;

      if (*name == '\0')
        continue;
      for (guint j = 0; j < G_N_ELEMENTS (auto_names) && !found; j++)
        if (g_str_equal (name, auto_names[j].name))
          {
            flags |= auto_names[j].flag;
            found = TRUE;
          }
      if (!found)
        return FALSE;
    }
  if (out != NULL)
    *out = flags;
  return TRUE;
}

gboolean
dyno_config_has_io_tests (const DynoConfig *config)
{
  for (guint i = 0; i < config->phases->len; i++)
    if (!dyno_phase_has_flag (g_ptr_array_index (config->phases, i),
                              DYNO_PHASE_FILE_TEST | DYNO_PHASE_QUEUED))
      return TRUE;
  return FALSE;
}

gboolean
dyno_config_has_file_tests (const DynoConfig *config)
{
  return dyno_config_has_flags (config, DYNO_PHASE_FILE_TEST) && config->files_num > 0;
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
      if (dyno_config_has_phase (config, dyno_phase_lookup ("seeks")))
        {
          if (config->seekers == 0 || config->seekers > DYNO_MAX_SEEKERS)
            return dyno_error_set_invalid (error, _("The number of seekers must be from 1 to %u"),
                            DYNO_MAX_SEEKERS);
          if (config->seeks == 0)
            return dyno_error_set_invalid (error, _("The number of seeks must be at least 1"));
        }
    }

  if (dyno_config_has_flags (config, DYNO_PHASE_FILE_TEST))
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

  if (dyno_config_has_queued_tests (config))
    {
      g_autofree char *size = dyno_format_size (config->queue_size);

      if (config->queue_size < DYNO_QUEUE_SIZE_UNIT || config->queue_size % DYNO_QUEUE_SIZE_UNIT != 0)
        /* The exact bytes: 65535 rounds to "64.0 KiB", which reads as if it were whole. */
        return dyno_error_set_invalid (error, _("The test file size for queued tests (%" PRIu64
                                                " bytes) must be a whole number of 64 KiB "
                                                "(65536 bytes), at least 64 KiB"),
                                       config->queue_size);
      if (config->queue_cache == DYNO_CACHE_NONE)
        return dyno_error_set_invalid (error, _("Queued tests read through O_DIRECT or from an "
                                                "evicted cache; the “none” cache policy would "
                                                "measure the page cache"));
      for (guint i = 0; i < config->phases->len; i++)
        {
          const DynoPhase *phase = g_ptr_array_index (config->phases, i);
          g_autofree char *block = NULL;

          if (!dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
            continue;
          block = dyno_format_size (phase->params.block_size);
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
    }
  if (!(config->interval >= 0 && config->interval <= DYNO_MAX_INTERVAL))
    return dyno_error_set_invalid (error, _("The interval must be from 0 to %.0f seconds"),
                                   DYNO_MAX_INTERVAL);

  if (!(config->phase_time >= 0 && config->phase_time <= DYNO_MAX_PHASE_TIME))
    return dyno_error_set_invalid (error, _("The phase time must be from 0 to %.0f seconds"),
                                   DYNO_MAX_PHASE_TIME);
  if (config->repeat == 0 || config->repeat > DYNO_MAX_REPEAT)
    return dyno_error_set_invalid (error, _("Repeats must be from 1 to %u"), DYNO_MAX_REPEAT);
  if (!(config->precision >= 0 && config->precision < 1))
    return dyno_error_set_invalid (error, _("The precision must be from 0 to 99 %%"));
  if (!(config->max_time >= 0 && config->max_time <= DYNO_MAX_MAX_TIME))
    return dyno_error_set_invalid (error, _("The time budget must be from 0 to %.0f seconds"),
                                   DYNO_MAX_MAX_TIME);

  if (config->per_char_size != 0 && config->per_char_size > config->size)
    return dyno_error_set_invalid (error, _("The per-char size cannot be larger than the file size"));

  return TRUE;
}

/* The names come from the enums' nicks (dyno-config.h, through glib-mkenums): the CLI's
 * flags, the result file and the app's settings all read and write these. */
static const char *
nick_of (GType type, int value)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (klass, value);

  /* A static type's class and strings live as long as the process. */
  return found != NULL ? found->value_nick : NULL;
}

static gboolean
value_of (GType type, const char *text, int *out)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (type);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < klass->n_values; i++)
    if (g_ascii_strcasecmp (text, klass->values[i].value_nick) == 0)
      {
        *out = klass->values[i].value;
        return TRUE;
      }
  return FALSE;
}

const char *const *
dyno_enum_get_nicks (GType type)
{
  static GHashTable *lists; /* GType → NULL-terminated array of nicks, for the process */
  G_LOCK_DEFINE_STATIC (lists);
  const char **nicks;

  G_LOCK (lists);
  if (lists == NULL)
    lists = g_hash_table_new (NULL, NULL);
  nicks = g_hash_table_lookup (lists, GSIZE_TO_POINTER (type));
  if (nicks == NULL)
    {
      GEnumClass *klass = g_type_class_ref (type); /* kept: the nicks are its strings */

      nicks = g_new0 (const char *, klass->n_values + 1);
      for (guint i = 0; i < klass->n_values; i++)
        nicks[i] = klass->values[i].value_nick;
      g_hash_table_insert (lists, GSIZE_TO_POINTER (type), nicks);
    }
  G_UNLOCK (lists);
  return nicks;
}

const char *
dyno_cache_policy_to_string (DynoCachePolicy policy)
{
  const char *nick = nick_of (DYNO_TYPE_CACHE_POLICY, policy);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_cache_policy_from_string (const char *text, DynoCachePolicy *out)
{
  int v;

  if (!value_of (DYNO_TYPE_CACHE_POLICY, text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_per_char_mode_to_string (DynoPerCharMode mode)
{
  const char *nick = nick_of (DYNO_TYPE_PER_CHAR_MODE, mode);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_per_char_mode_from_string (const char *text, DynoPerCharMode *out)
{
  int v;

  if (!value_of (DYNO_TYPE_PER_CHAR_MODE, text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_data_pattern_to_string (DynoDataPattern data)
{
  const char *nick = nick_of (DYNO_TYPE_DATA_PATTERN, data);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_data_pattern_from_string (const char *text, DynoDataPattern *out)
{
  int v;

  if (!value_of (DYNO_TYPE_DATA_PATTERN, text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

const char *
dyno_io_engine_to_string (DynoIoEngine engine)
{
  const char *nick = nick_of (DYNO_TYPE_IO_ENGINE, engine);

  g_return_val_if_fail (nick != NULL, NULL);
  return nick;
}

gboolean
dyno_io_engine_from_string (const char *text, DynoIoEngine *out)
{
  int v;

  if (!value_of (DYNO_TYPE_IO_ENGINE, text, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

gboolean
dyno_config_has_queued_tests (const DynoConfig *config)
{
  return dyno_config_has_flags (config, DYNO_PHASE_QUEUED);
}
