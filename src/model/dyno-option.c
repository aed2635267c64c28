/* dyno-option.c: the generic machinery over the option tables (dyno-option.h)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-option.h"
#include "dyno-parse.h"

/* ---- the tables ---------------------------------------------------------------------------- */

static int
compare_set_names (gconstpointer a, gconstpointer b)
{
  const DynoOptionSet *sa = *(const DynoOptionSet *const *) a;
  const DynoOptionSet *sb = *(const DynoOptionSet *const *) b;

  return strcmp (sa->name, sb->name);
}

const DynoOptionSet *const *
dyno_option_sets (void)
{
  static const DynoOptionSet **sets;
  static gsize done;

  if (g_once_init_enter (&done))
    {
      GPtrArray *list = g_ptr_array_new ();
      const DynoPhaseKind *const *kinds;
      guint n_kinds;

      kinds = dyno_phase_kinds (&n_kinds);
      /* Several kinds may share one set (the six file tests share -n): each set once. */
      for (guint i = 0; i < n_kinds; i++)
        if (kinds[i]->options != NULL && !g_ptr_array_find (list, kinds[i]->options, NULL))
          g_ptr_array_add (list, (gpointer) kinds[i]->options);
      g_ptr_array_sort (list, compare_set_names);
      g_ptr_array_insert (list, 0, (gpointer) dyno_config_option_set ());
      g_ptr_array_add (list, NULL);
      sets = (const DynoOptionSet **) g_ptr_array_free (list, FALSE);
      g_once_init_leave (&done, 1);
    }
  return sets;
}

void
dyno_options_foreach (DynoOptionForeachFunc func, gpointer user_data)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      if (!func (sets[s], &sets[s]->options[i], user_data))
        return;
}

void
dyno_options_foreach_in_place (DynoOptionForeachFunc func, gpointer user_data)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  for (guint i = 0; i < sets[0]->n_options; i++)
    {
      const DynoOption *option = &sets[0]->options[i];

      if (!(option->flags & DYNO_OPTION_KINDS_HERE))
        {
          if (!func (sets[0], option, user_data))
            return;
          continue;
        }
      for (guint s = 1; sets[s] != NULL; s++)
        for (guint j = 0; j < sets[s]->n_options; j++)
          if (!func (sets[s], &sets[s]->options[j], user_data))
            return;
    }
}

typedef enum
{
  BY_NAME,
  BY_CLI,
  BY_SETTINGS,
} LookupBy;

static const DynoOption *
lookup (LookupBy by, const char *text, const DynoOptionSet **out_set)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      {
        const DynoOption *option = &sets[s]->options[i];
        const char *name = by == BY_NAME ? option->name
                           : by == BY_CLI ? option->cli
                                          : option->settings;

        if (name != NULL && g_str_equal (name, text))
          {
            if (out_set != NULL)
              *out_set = sets[s];
            return option;
          }
      }
  return NULL;
}

const DynoOption *
dyno_option_lookup (const char *name, const DynoOptionSet **set)
{
  g_return_val_if_fail (name != NULL, NULL);
  return lookup (BY_NAME, name, set);
}

const DynoOption *
dyno_option_lookup_cli (const char *flag, const DynoOptionSet **set)
{
  g_return_val_if_fail (flag != NULL, NULL);
  return lookup (BY_CLI, flag, set);
}

const DynoOption *
dyno_option_lookup_settings (const char *key, const DynoOptionSet **set)
{
  g_return_val_if_fail (key != NULL, NULL);
  return lookup (BY_SETTINGS, key, set);
}

static gboolean
is_run_set (const DynoOptionSet *set)
{
  return set == dyno_config_option_set ();
}

gpointer
dyno_option_get_ptr (const DynoOptionSet *set, const DynoOption *option, const DynoConfig *config)
{
  g_return_val_if_fail (set != NULL && option != NULL && config != NULL, NULL);

  if (option->offset < 0)
    return NULL;
  if (is_run_set (set))
    return (char *) config + option->offset;
  return (char *) dyno_config_get_values (config, set) + option->offset;
}

const char *
dyno_option_get_help (const DynoOption *option)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (option != NULL, NULL);

  if (option->help_text == NULL)
    return g_dgettext (GETTEXT_PACKAGE, option->help);
  /* Interned: one copy per process, which a GOptionEntry can point to. */
  text = option->help_text (option);
  return g_intern_string (text);
}

gboolean
dyno_option_applies (const DynoOption *option, const DynoConfig *config)
{
  const DynoOptionSet *set = NULL;

  g_return_val_if_fail (option != NULL && config != NULL, FALSE);

  if (option->applies != 0)
    return dyno_config_has_any_flag (config, option->applies);
  /* A kind's option applies where a phase of that kind is selected. */
  if (dyno_option_lookup (option->name, &set) != NULL && !is_run_set (set))
    {
      for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
        if (dyno_config_get_phase (config, i)->kind->options == set)
          return TRUE;
      return FALSE;
    }
  return TRUE;
}

char *
dyno_option_describe_flag (const DynoOption *option)
{
  g_return_val_if_fail (option != NULL, NULL);

  if (option->cli_short != 0)
    return g_strdup_printf ("-%c", option->cli_short);
  if (option->cli != NULL)
    return g_strconcat ("--", option->cli, NULL);
  return g_strdup (option->name);
}

/* ---- values ------------------------------------------------------------------------------ */

static const char *
enum_nick (const DynoOption *option, int value)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (option->enum_type ());
  GEnumValue *found = g_enum_get_value (klass, value);

  /* A static type's class and its strings live as long as the process. */
  return found != NULL ? found->value_nick : NULL;
}

gboolean
dyno_option_enum_from_nick (const DynoOption *option, const char *text, int *out)
{
  return dyno_enum_from_nick (option->enum_type (), text, NULL, out);
}

/* "evict, direct, drop, none" */
static char *
enum_list (const DynoOption *option)
{
  return g_strjoinv (", ", (char **) dyno_enum_get_nicks (option->enum_type ()));
}

/* The shortest exact text dyno_parse_size reads back: "1G", "16M", "12345". */
static char *
size_text (guint64 bytes)
{
  static const char suffixes[] = "KMGTP";

  for (int i = (int) strlen (suffixes) - 1; i >= 0; i--)
    {
      guint64 unit = G_GUINT64_CONSTANT (1) << (10 * (i + 1));

      if (bytes >= unit && bytes % unit == 0)
        return g_strdup_printf ("%" G_GUINT64_FORMAT "%c", bytes / unit, suffixes[i]);
    }
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

/* A bound as people read it: "64 MiB" for a size, "3600" for seconds, "99" for a percentage. */
static char *
bound_text (const DynoOption *option, double bound)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      return dyno_format_size ((guint64) bound);
    case DYNO_OPTION_FRACTION:
      return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", bound * 100));
    case DYNO_OPTION_COUNT:
    case DYNO_OPTION_SEED:
      return g_strdup_printf ("%" G_GUINT64_FORMAT,
                              bound >= 1.8e19 ? G_MAXUINT64 : (guint64) bound);
    default:
      return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", bound));
    }
}

static char *
who_of (const DynoOption *option, const char *who)
{
  return who != NULL ? g_strdup (who) : dyno_option_describe_flag (option);
}

/* One message per kind of mistake; text is what the person gave, NULL when the value came
 * from elsewhere (a file, the app, code). */
gboolean
dyno_option_error_range (GError **error, const char *who, const char *text,
                         const DynoOption *option)
{
  g_autofree char *min = bound_text (option, option->min);
  g_autofree char *max = bound_text (option, option->max);

  switch (option->type)
    {
    case DYNO_OPTION_ENUM:
      {
        g_autofree char *list = enum_list (option);

        /* Translators: "--cache: “fast” is not one of evict, direct, drop, none" */
        return dyno_error_set_invalid (error, _("%s: “%s” is not one of %s"), who, text, list);
      }
    case DYNO_OPTION_SECONDS:
      if (text != NULL)
        /* Translators: "--interval: “-1” is not a number of seconds from 0 to 600" */
        return dyno_error_set_invalid (error,
                                       _("%s: “%s” is not a number of seconds from %s to %s"),
                                       who, text, min, max);
      /* Translators: "--interval must be from 0 to 600 seconds" */
      return dyno_error_set_invalid (error, _("%s must be from %s to %s seconds"), who, min, max);
    case DYNO_OPTION_FRACTION:
      if (text != NULL)
        /* Translators: "--precision: “100” is not a percentage from 0 to 99, e.g. 5%" */
        return dyno_error_set_invalid (error, _("%s: “%s” is not a percentage from %s to %s, "
                                                "e.g. 5%%"),
                                       who, text, min, max);
      return dyno_error_set_invalid (error, _("%s must be from %s to %s %%"), who, min, max);
    case DYNO_OPTION_SIZE:
      if (text != NULL)
        /* Translators: "--queue-size: “100T” is not a size from 64 KiB to 1 TiB" */
        return dyno_error_set_invalid (error, _("%s: “%s” is not a size from %s to %s"), who,
                                       text, min, max);
      return dyno_error_set_invalid (error, _("%s must be from %s to %s"), who, min, max);
    case DYNO_OPTION_SEED:
      /* Translators: "--seed: “-5” is not a positive whole number" */
      return dyno_error_set_invalid (error, _("%s: “%s” is not a positive whole number"), who,
                                     text != NULL ? text : "0");
    default:
      if (text != NULL)
        {
          /* dyno_parse_count ()'s text, with the option in front */
          g_autofree char *reason
              = g_strdup_printf (_("“%s” is not a whole number from %u to %u"), text,
                                 (guint) option->min, (guint) option->max);

          return dyno_error_set_invalid (error, "%s: %s", who, reason);
        }
      /* Translators: "--seekers must be from 1 to 256" */
      return dyno_error_set_invalid (error, _("%s must be from %s to %s"), who, min, max);
    }
}

static gboolean
in_range (const DynoOption *option, double value)
{
  return value >= option->min && value <= option->max;
}

static gboolean
is_auto_text (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return g_ascii_strcasecmp (stripped, "auto") == 0;
}

static void
set_auto (DynoConfig *config, const DynoOption *option, gboolean on)
{
  if (option->auto_flag == 0)
    return;
  if (on)
    config->autos |= option->auto_flag;
  else
    config->autos &= ~option->auto_flag;
}

static gboolean
parse_typed (const DynoOption *option, gpointer ptr, const char *text, const char *who,
             GError **error)
{
  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      {
        guint64 bytes;
        g_autoptr (GError) local_error = NULL;

        if (!dyno_parse_size (text, &bytes, &local_error))
          return dyno_error_set_invalid (error, "%s: %s", who, local_error->message);
        if (bytes == 0 && option->min >= 1)
          /* Translators: "-s: the size must be larger than zero" */
          return dyno_error_set_invalid (error, _("%s: the size must be larger than zero"), who);
        if (!in_range (option, (double) bytes))
          return dyno_option_error_range (error, who, text, option);
        *(guint64 *) ptr = bytes;
        return TRUE;
      }
    case DYNO_OPTION_COUNT:
      {
        guint64 n;

        if (!g_ascii_string_to_unsigned (text, 10, (guint64) option->min, (guint64) option->max,
                                         &n, NULL))
          return dyno_option_error_range (error, who, text, option);
        *(guint *) ptr = (guint) n;
        return TRUE;
      }
    case DYNO_OPTION_SEED:
      {
        guint64 n;

        if (!g_ascii_string_to_unsigned (text, 10, (guint64) option->min, G_MAXUINT64, &n, NULL))
          return dyno_option_error_range (error, who, text, option);
        *(guint64 *) ptr = n;
        return TRUE;
      }
    case DYNO_OPTION_SECONDS:
      {
        double seconds = NAN;

        /* "0,5" in a German locale; never "0x10" or "inf" */
        if (!dyno_parse_decimal (text, &seconds) || !in_range (option, seconds))
          return dyno_option_error_range (error, who, text, option);
        *(double *) ptr = seconds;
        return TRUE;
      }
    case DYNO_OPTION_FRACTION:
      {
        g_autofree char *number = g_strstrip (g_strdup (text));
        double percent = NAN;

        if (g_str_has_suffix (number, "%"))
          number[strlen (number) - 1] = '\0';
        g_strchomp (number);
        if (!dyno_parse_decimal (number, &percent) || !in_range (option, percent / 100))
          return dyno_option_error_range (error, who, text, option);
        *(double *) ptr = percent / 100;
        return TRUE;
      }
    case DYNO_OPTION_ENUM:
      {
        int value;

        if (!dyno_option_enum_from_nick (option, text, &value))
          return dyno_option_error_range (error, who, text, option);
        *(int *) ptr = value;
        return TRUE;
      }
    case DYNO_OPTION_STRING:
      g_free (*(char **) ptr);
      *(char **) ptr = g_strdup (text);
      return TRUE;
    case DYNO_OPTION_BOOL:
      if (g_ascii_strcasecmp (text, "true") == 0 || g_str_equal (text, "1"))
        *(gboolean *) ptr = TRUE;
      else if (g_ascii_strcasecmp (text, "false") == 0 || g_str_equal (text, "0"))
        *(gboolean *) ptr = FALSE;
      else
        return dyno_option_error_range (error, who, text, option);
      return TRUE;
    case DYNO_OPTION_CUSTOM:
    default:
      g_assert_not_reached ();
    }
}

/* The option's place in dyno_options_foreach's order: its bit in DynoConfig.given. */
static guint
option_index (const DynoOption *wanted)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();
  guint index = 0;

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++, index++)
      if (&sets[s]->options[i] == wanted)
        {
          g_assert (index < 64);
          return index;
        }
  g_return_val_if_reached (63);
}

void
dyno_config_option_set_given (DynoConfig *config, const DynoOption *option)
{
  g_return_if_fail (config != NULL && option != NULL);
  config->given |= G_GUINT64_CONSTANT (1) << option_index (option);
}

gboolean
dyno_config_option_is_given (const DynoConfig *config, const char *name)
{
  const DynoOption *option = dyno_option_lookup (name, NULL);

  g_return_val_if_fail (config != NULL && option != NULL, FALSE);
  return (config->given & (G_GUINT64_CONSTANT (1) << option_index (option))) != 0;
}

gboolean
dyno_option_parse (const DynoOptionSet *set,
                   const DynoOption *option,
                   DynoConfig *config,
                   const char *text,
                   const char *who,
                   GError **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (set != NULL && option != NULL && config != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  name = who_of (option, who);
  if (option->auto_flag != 0 && option->type != DYNO_OPTION_CUSTOM && is_auto_text (text))
    {
      dyno_option_set_default (set, option, config);
      set_auto (config, option, TRUE);
      dyno_config_option_set_given (config, option);
      return TRUE;
    }
  if (option->type == DYNO_OPTION_CUSTOM)
    {
      g_autoptr (GError) local_error = NULL;

      if (!option->parse (option, config, text, &local_error))
        return dyno_error_set_invalid (error, "%s: %s", name, local_error->message);
      dyno_config_option_set_given (config, option);
      return TRUE;
    }
  if (!parse_typed (option, dyno_option_get_ptr (set, option, config), text, name, error))
    return FALSE;
  set_auto (config, option, FALSE);
  dyno_config_option_set_given (config, option);
  return TRUE;
}

gboolean
dyno_option_set_text (const DynoOptionSet *set,
                      const DynoOption *option,
                      DynoConfig *config,
                      const char *text,
                      GError **error)
{
  g_return_val_if_fail (set != NULL && option != NULL && config != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (option->type == DYNO_OPTION_CUSTOM)
    return option->parse != NULL && option->parse (option, config, text, error);
  return parse_typed (option, dyno_option_get_ptr (set, option, config), text, option->name,
                      error);
}

char *
dyno_option_format (const DynoOptionSet *set, const DynoOption *option, const DynoConfig *config)
{
  gpointer ptr;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (set != NULL && option != NULL && config != NULL, NULL);

  if (option->type == DYNO_OPTION_CUSTOM)
    return option->format != NULL ? option->format (option, config) : NULL;
  ptr = dyno_option_get_ptr (set, option, config);
  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      return size_text (*(guint64 *) ptr);
    case DYNO_OPTION_COUNT:
      return g_strdup_printf ("%u", *(guint *) ptr);
    case DYNO_OPTION_SEED:
      return g_strdup_printf ("%" G_GUINT64_FORMAT, *(guint64 *) ptr);
    case DYNO_OPTION_SECONDS:
      return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.17g", *(double *) ptr));
    case DYNO_OPTION_FRACTION:
      return g_strconcat (g_ascii_formatd (buffer, sizeof buffer, "%.17g", *(double *) ptr * 100),
                          "%", NULL);
    case DYNO_OPTION_ENUM:
      return g_strdup (enum_nick (option, *(int *) ptr));
    case DYNO_OPTION_STRING:
      return g_strdup (*(char **) ptr);
    case DYNO_OPTION_BOOL:
      return g_strdup (*(gboolean *) ptr ? "true" : "false");
    case DYNO_OPTION_CUSTOM:
    default:
      g_assert_not_reached ();
    }
}

void
dyno_option_set_default (const DynoOptionSet *set, const DynoOption *option, DynoConfig *config)
{
  gpointer ptr;

  g_return_if_fail (set != NULL && option != NULL && config != NULL);

  if (option->type == DYNO_OPTION_CUSTOM)
    {
      if (option->def != NULL && option->parse != NULL
          && !option->parse (option, config, option->def, NULL))
        g_critical ("option %s: default “%s” does not parse", option->name, option->def);
      return;
    }
  ptr = dyno_option_get_ptr (set, option, config);
  if (option->def == NULL)
    {
      switch (option->type)
        {
        case DYNO_OPTION_SIZE:
        case DYNO_OPTION_SEED:
          *(guint64 *) ptr = 0;
          break;
        case DYNO_OPTION_SECONDS:
        case DYNO_OPTION_FRACTION:
          *(double *) ptr = 0;
          break;
        case DYNO_OPTION_STRING:
          g_clear_pointer ((char **) ptr, g_free);
          break;
        default:
          *(guint *) ptr = 0;
          break;
        }
      return;
    }
  /* Defaults are written as dyno-cli takes them, and parsed here: one way in for every
   * value (a test holds every default to its range). */
  if (!parse_typed (option, ptr, option->def, option->name, NULL))
    g_critical ("option %s: default “%s” does not parse", option->name, option->def);
}

gboolean
dyno_option_validate (const DynoOptionSet *set,
                      const DynoOption *option,
                      const DynoConfig *config,
                      const char *who,
                      GError **error)
{
  g_autofree char *name = who_of (option, who);
  gpointer ptr = dyno_option_get_ptr (set, option, config);
  double value = NAN;

  if (option->check != NULL)
    return option->check (option, config, error);
  switch (option->type)
    {
    case DYNO_OPTION_SIZE:
      value = (double) *(guint64 *) ptr;
      break;
    case DYNO_OPTION_COUNT:
      value = *(guint *) ptr;
      break;
    case DYNO_OPTION_SECONDS:
    case DYNO_OPTION_FRACTION:
      value = *(double *) ptr;
      break;
    case DYNO_OPTION_ENUM:
      if (enum_nick (option, *(int *) ptr) == NULL)
        {
          g_autofree char *text = g_strdup_printf ("%d", *(int *) ptr);

          return dyno_option_error_range (error, name, text, option);
        }
      return TRUE;
    default:
      return TRUE;
    }
  /* NaN is in no range. */
  if (!in_range (option, value))
    return dyno_option_error_range (error, name, NULL, option);
  return TRUE;
}

gboolean
dyno_option_equal (const DynoOptionSet *set,
                   const DynoOption *option,
                   const DynoConfig *a,
                   const DynoConfig *b)
{
  g_autofree char *ta = dyno_option_format (set, option, a);
  g_autofree char *tb = dyno_option_format (set, option, b);

  return g_strcmp0 (ta, tb) == 0;
}

gboolean
dyno_options_validate (const DynoConfig *config, GError **error)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      {
        const DynoOption *option = &sets[s]->options[i];

        if (dyno_option_applies (option, config)
            && !dyno_option_validate (sets[s], option, config, NULL, error))
          return FALSE;
      }
  return TRUE;
}

static gboolean
set_classic (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  g_autoptr (GError) error = NULL;

  if (option->classic != NULL && !dyno_option_set_text (set, option, data, option->classic, &error))
    g_critical ("Option “%s”: its Classic value: %s", option->name, error->message);
  return TRUE;
}

void
dyno_options_set_classic (DynoConfig *config)
{
  g_return_if_fail (config != NULL);

  /* In the order of --help: the selection before the kinds' options, as dyno-cli applies them. */
  dyno_options_foreach_in_place (set_classic, config);
}

gboolean
dyno_options_equal (const DynoConfig *a, const DynoConfig *b, gboolean preset_only)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      {
        const DynoOption *option = &sets[s]->options[i];

        if (preset_only && (option->settings == NULL || (option->flags & DYNO_OPTION_PRESET_KEEPS)))
          continue;
        /* An option no selected phase uses makes no difference to the run. */
        if (!dyno_option_applies (option, a) && !dyno_option_applies (option, b))
          continue;
        if (!dyno_option_equal (sets[s], option, a, b))
          return FALSE;
      }
  return TRUE;
}

/* ---- the kinds' blocks --------------------------------------------------------------------- */

static gpointer
new_values (const DynoOptionSet *set, DynoConfig *config)
{
  gpointer values = g_malloc0 (set->values_size);

  g_hash_table_insert (config->values, (gpointer) set, values);
  if (set->init != NULL)
    set->init (values);
  else
    for (guint i = 0; i < set->n_options; i++)
      dyno_option_set_default (set, &set->options[i], config);
  return values;
}

void
dyno_option_values_init (DynoConfig *config)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  config->values = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint s = 1; sets[s] != NULL; s++)
    new_values (sets[s], config);
}

void
dyno_option_values_copy (DynoConfig *copy, const DynoConfig *config)
{
  GHashTableIter iter;
  gpointer key, value;

  copy->values = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_hash_table_iter_init (&iter, config->values);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->values, key,
                         g_memdup2 (value, ((const DynoOptionSet *) key)->values_size));
}

void
dyno_option_values_free (DynoConfig *config)
{
  g_clear_pointer (&config->values, g_hash_table_unref);
}

gpointer
dyno_config_get_values (const DynoConfig *config, const DynoOptionSet *set)
{
  gpointer values;

  g_return_val_if_fail (config != NULL && set != NULL, NULL);

  values = g_hash_table_lookup (config->values, set);
  g_return_val_if_fail (values != NULL, NULL);
  return values;
}

static gpointer
typed_ptr (const DynoConfig *config, const char *name, DynoOptionType type)
{
  const DynoOptionSet *set = NULL;
  const DynoOption *option = dyno_option_lookup (name, &set);

  g_return_val_if_fail (option != NULL, NULL);
  g_return_val_if_fail (option->type == type || (type == DYNO_OPTION_COUNT
                                                  && (option->type == DYNO_OPTION_BOOL
                                                      || option->type == DYNO_OPTION_ENUM)),
                        NULL);
  return dyno_option_get_ptr (set, option, config);
}

guint
dyno_config_get_uint (const DynoConfig *config, const char *name)
{
  guint *ptr = typed_ptr (config, name, DYNO_OPTION_COUNT);

  return ptr != NULL ? *ptr : 0;
}

void
dyno_config_set_uint (DynoConfig *config, const char *name, guint value)
{
  guint *ptr = typed_ptr (config, name, DYNO_OPTION_COUNT);

  if (ptr != NULL)
    *ptr = value;
}

DynoAutoFlags
dyno_option_get_auto_flag (const char *name)
{
  const DynoOption *option = dyno_option_lookup (name, NULL);

  g_return_val_if_fail (option != NULL, 0);
  return option->auto_flag;
}

gboolean
dyno_config_option_is_auto (const DynoConfig *config, const char *name)
{
  DynoAutoFlags flag = dyno_option_get_auto_flag (name);

  return flag != 0 && dyno_config_is_auto (config, flag);
}
