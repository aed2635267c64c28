/* dyno-command-line.c: a result's configuration as the dyno-cli command that runs it again
 *
 * The run's options come from their table (dyno-option.h): every option with a flag that a
 * selected phase uses and whose value is not dyno-cli's default, written as dyno-cli takes it
 * back, so that a new option cannot be forgotten here. Only what is not an option of the
 * table is known here: the folders, how -x and --precision together add runs, and the
 * per-folder prices and references.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-command-line.h"
#include "dyno-option.h"
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

typedef struct
{
  GPtrArray *out;
  const DynoConfig *config;
  DynoConfig *defaults; /* what dyno-cli run takes without options */
} Generator;

static gboolean
is_auto (const DynoConfig *config, const DynoOption *option)
{
  return option->auto_flag != 0 && dyno_config_is_auto (config, option->auto_flag);
}

static gboolean
append_table_option (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  Generator *gen = data;
  g_autofree char *flag = NULL;
  g_autofree char *value = NULL;
  gboolean automatic = is_auto (gen->config, option);

  if (option->cli == NULL || (option->flags & DYNO_OPTION_HIDDEN)
      || !dyno_option_applies (option, gen->config))
    return TRUE;
  /* -x, --precision and --max-time together say how runs are added: append_repeats. */
  if (g_str_equal (option->name, "repeat") || g_str_equal (option->name, "precision")
      || g_str_equal (option->name, "max-time"))
    return TRUE;
  /* A size the target calibrated is "auto" whatever it came to. */
  if (automatic == is_auto (gen->defaults, option)
      && (automatic || dyno_option_equal (set, option, gen->config, gen->defaults)))
    return TRUE;
  flag = option->cli_short != 0 ? g_strdup_printf ("-%c", option->cli_short)
                                : g_strconcat ("--", option->cli, NULL);
  if (option->type != DYNO_OPTION_BOOL)
    value = automatic ? g_strdup ("auto") : dyno_option_format (set, option, gen->config);
  append_arg (gen->out, flag, value);
  return TRUE;
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
    Generator gen = { out, config, dyno_config_new () };

    dyno_options_foreach_in_place (append_table_option, &gen);
    dyno_config_free (gen.defaults);
  }
  append_repeats (out, config);
  append_target_options (out, result);
  /* The result's label, where an import put it rather than the configuration. */
  if (config->label == NULL && dyno_result_get_label (result) != NULL
      && *dyno_result_get_label (result) != '\0')
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
