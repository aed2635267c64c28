/* dyno-command-line.c: a result's configuration as the dyno-cli command that runs it again
 *
 * Kept small on purpose: it knows the options of `dyno-cli run` that a result's configuration
 * records and dyno-cli's defaults for them, and writes only those that differ. When the
 * command line's options are described once in a table (what they set, their default, how
 * a value is written), this function should be generated from that table instead, so that a
 * new option cannot be forgotten here.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-command-line.h"
#include "dyno-parse.h"
#include "dyno-price.h"

char *
dyno_command_line_quote (const char *text)
{
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  if (*text != '\0' && strspn (text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     "0123456789_./,:=@%+-")
                           == strlen (text))
    return g_strdup (text);
  out = g_string_new ("'");
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (out, "'\\''");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

/* An option and its value, quoted, as one item of the command: lines are broken between
 * items, never inside one. */
static void
append_arg (GPtrArray *out, const char *option, const char *value)
{
  g_autofree char *quoted = value != NULL ? dyno_command_line_quote (value) : NULL;

  g_ptr_array_add (out, quoted != NULL ? g_strconcat (option, " ", quoted, NULL)
                                       : g_strdup (option));
}

/* A size as -s reads it back: "4G", "512M", "64K", or bytes. */
static char *
format_size (guint64 bytes)
{
  static const char suffixes[] = "KMGT";
  int i = -1;

  while (i < 3 && bytes > 0 && bytes % 1024 == 0)
    {
      bytes /= 1024;
      i++;
    }
  if (i < 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
  return g_strdup_printf ("%" G_GUINT64_FORMAT "%c", bytes, suffixes[i]);
}

/* Seconds as --phase-time reads them: "3", "0.7". */
static char *
format_seconds (double seconds)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", seconds));
}

/* "18" or "18:9", as --per-spindle reads it. */
static char *
format_spindles (guint read, guint write)
{
  if (write == 0 || write == read)
    return g_strdup_printf ("%u", read);
  return g_strdup_printf ("%u:%u", read, write);
}

/* The folder as -d takes it: a remote run's as ssh://user@host/path. */
static char *
target_argument (DynoResult *result, const DynoTargetResult *target)
{
  const char *path = target->info != NULL && target->info->path != NULL ? target->info->path : ".";
  const char *remote = dyno_result_get_remote (result);

  if (remote != NULL && !g_str_has_prefix (path, "ssh://"))
    return g_strdup_printf ("ssh://%s%s%s", remote, path[0] == '/' ? "" : "/", path);
  return g_strdup (path);
}

static void
append_repeats (GPtrArray *out, const DynoConfig *config)
{
  g_autofree char *repeat = g_strdup_printf ("%u", config->repeat);
  g_autofree char *precision = NULL;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  precision = g_strconcat (g_ascii_formatd (buffer, sizeof buffer, "%g", config->precision * 100),
                           "%", NULL);
  /* dyno-cli adds runs for the precision unless -x is given alone; -x with --precision is
   * the least number of runs. */
  if (dyno_config_is_auto (config, DYNO_AUTO_REPEAT) && config->precision > 0)
    {
      if (config->repeat != DYNO_DEFAULT_REPEAT)
        append_arg (out, "-x", repeat);
      if (config->repeat != DYNO_DEFAULT_REPEAT || config->precision != DYNO_DEFAULT_PRECISION)
        append_arg (out, "--precision", precision);
      if (config->max_time != DYNO_DEFAULT_MAX_TIME)
        {
          g_autofree char *seconds = format_seconds (config->max_time);

          append_arg (out, "--max-time", seconds);
        }
    }
  else
    {
      append_arg (out, "-x", repeat);
      if (config->precision == 0)
        append_arg (out, "--precision", "0");
      /* Without a phase time no runs are added: --precision then only says what the figures
       * are judged against, as in the run. */
      else if (config->precision != DYNO_DEFAULT_PRECISION && config->phase_time == 0)
        append_arg (out, "--precision", precision);
    }
}

static void
append_sizes (GPtrArray *out, const DynoConfig *config)
{
  gboolean timed = config->phase_time > 0;

  if (dyno_config_has_io_tests (config) && !(timed && dyno_config_is_auto (config, DYNO_AUTO_SIZE)))
    {
      g_autofree char *size = format_size (config->size);

      append_arg (out, "-s", size);
    }
  if (config->chunk != DYNO_DEFAULT_CHUNK)
    {
      g_autofree char *chunk = format_size (config->chunk);

      append_arg (out, "--chunk", chunk);
    }
  if (config->per_char != DYNO_PER_CHAR_STDIO)
    append_arg (out, "--per-char", dyno_per_char_mode_to_string (config->per_char));
  if (config->per_char_size != 0 && !(timed && dyno_config_is_auto (config, DYNO_AUTO_PER_CHAR)))
    {
      g_autofree char *size = format_size (config->per_char_size);

      append_arg (out, "--per-char-size", size);
    }
  if (dyno_config_has_file_tests (config)
      && !(timed && dyno_config_is_auto (config, DYNO_AUTO_FILES)))
    {
      g_autofree char *files = dyno_format_files_spec (config);

      append_arg (out, "-n", files);
    }
  if (dyno_config_has_phase (config, dyno_phase_lookup ("seeks")))
    {
      if (!(timed && dyno_config_is_auto (config, DYNO_AUTO_SEEKS)))
        {
          g_autofree char *seeks = g_strdup_printf ("%u", config->seeks);

          append_arg (out, "--seeks", seeks);
        }
      if (config->seekers != DYNO_DEFAULT_SEEKERS)
        {
          g_autofree char *seekers = g_strdup_printf ("%u", config->seekers);

          append_arg (out, "--seekers", seekers);
        }
    }
}

static void
append_queued (GPtrArray *out, const DynoConfig *config)
{
  if (!dyno_config_has_queued_tests (config))
    return;
  if (config->queue_size != DYNO_DEFAULT_QUEUE_SIZE)
    {
      g_autofree char *size = format_size (config->queue_size);

      append_arg (out, "--queue-size", size);
    }
  if (config->io_engine != DYNO_IO_ENGINE_AUTO)
    append_arg (out, "--io-engine", dyno_io_engine_to_string (config->io_engine));
  /* Its default depends on the other options (5 with a profile alone): always said. */
  {
    g_autofree char *interval = format_seconds (config->interval);

    append_arg (out, "--interval", interval);
  }
}

/* --price per folder, --reference and --per-spindle from the first folder that has them (they
 * are given once for the run). */
static void
append_target_options (GPtrArray *out, DynoResult *result)
{
  guint n = dyno_result_get_n_targets (result);
  guint priced = 0;

  for (guint t = 0; t < n; t++)
    priced += dyno_target_result_has_price (dyno_result_get_target (result, t)) ? 1 : 0;
  if (priced == n && n > 0)
    for (guint t = 0; t < n; t++)
      {
        const DynoTargetResult *target = dyno_result_get_target (result, t);
        g_autofree char *price = dyno_price_format (target->price_amount,
                                                    target->price_currency);

        append_arg (out, "--price", price);
      }
  for (guint t = 0; t < n; t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      if (isfinite (target->reference_read) && isfinite (target->reference_write))
        {
          char read[G_ASCII_DTOSTR_BUF_SIZE];
          char write[G_ASCII_DTOSTR_BUF_SIZE];
          g_autofree char *reference = NULL;

          g_ascii_formatd (read, sizeof read, "%g", target->reference_read / 1e6);
          g_ascii_formatd (write, sizeof write, "%g", target->reference_write / 1e6);
          reference = g_strdup_printf ("%sM,%sM", read, write);
          append_arg (out, "--reference", reference);
          break;
        }
    }
  for (guint t = 0; t < n; t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      if (target->spindles_read > 0)
        {
          g_autofree char *spindles = format_spindles (target->spindles_read,
                                                       target->spindles_write);

          append_arg (out, "--per-spindle", spindles);
          break;
        }
    }
}

/* The command's items: "dyno-cli run", then each option with its value. */
static GPtrArray *
command_items (DynoResult *result)
{
  const DynoConfig *config = dyno_result_get_config (result);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  guint n = dyno_result_get_n_targets (result);

  g_ptr_array_add (out, g_strdup ("dyno-cli run"));
  for (guint t = 0; t < n; t++)
    {
      g_autofree char *path = target_argument (result, dyno_result_get_target (result, t));

      append_arg (out, "-d", path);
    }
  /* Two folders with repeats: the paired run, which ends with its verdict. */
  if (n == 2 && config->repeat >= 2 && dyno_result_get_remote (result) == NULL)
    append_arg (out, "--compare", NULL);

  {
    g_autofree char *tests = dyno_format_tests (config);

    if (!g_str_equal (tests, "all"))
      append_arg (out, "--tests", tests);
  }
  if (config->phase_time != DYNO_DEFAULT_PHASE_TIME || dyno_config_has_queued_tests (config))
    {
      g_autofree char *seconds = format_seconds (config->phase_time);

      append_arg (out, "--phase-time", seconds);
    }
  append_repeats (out, config);
  append_sizes (out, config);
  append_queued (out, config);
  /* --cache sets the queued tests' policy too (O_DIRECT unless it is given). */
  if (config->cache != DYNO_CACHE_EVICT
      || (dyno_config_has_queued_tests (config) && config->queue_cache != DYNO_CACHE_DIRECT))
    append_arg (out, "--cache", dyno_cache_policy_to_string (config->cache));
  if (config->data != DYNO_DATA_RANDOM)
    append_arg (out, "--data", dyno_data_pattern_to_string (config->data));
  if (config->seed != 0)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, config->seed);

      append_arg (out, "--seed", seed);
    }
  append_target_options (out, result);
  if (dyno_result_get_label (result) != NULL && *dyno_result_get_label (result) != '\0')
    append_arg (out, "-m", dyno_result_get_label (result));
  append_arg (out, "--json", "run.json");
  return out;
}

char *
dyno_command_line_for_result (DynoResult *result)
{
  return dyno_command_line_for_result_wrapped (result, 0);
}

char *
dyno_command_line_for_result_wrapped (DynoResult *result, guint width)
{
  g_autoptr (GPtrArray) items = NULL;
  GString *out = g_string_new (NULL);
  gsize line_start = 0;

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  items = command_items (result);
  for (guint i = 0; i < items->len; i++)
    {
      const char *item = g_ptr_array_index (items, i);
      gsize length = g_utf8_strlen (item, -1);

      if (i > 0 && width > 0 && g_utf8_strlen (out->str + line_start, -1) + 1 + length + 2 > width)
        {
          g_string_append (out, " \\\n");
          line_start = out->len;
          g_string_append (out, "    ");
        }
      else if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, item);
    }
  return g_string_free (out, FALSE);
}
