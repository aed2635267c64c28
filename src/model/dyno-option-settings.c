/* dyno-option-settings.c: the options and the app's GSettings keys, from the option tables
 *
 * A key holds what the option's type and the key's own type say: a size as "t" bytes or as
 * "s" text ("auto" or empty: the target sizes it, where the option has an auto flag), a count
 * as "u" (0: auto, where it has a flag), seconds as "d", an enum as its nick, text as "s"
 * (empty: none). tests/test-options.c holds the schema's keys to the tables.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-error.h"
#include "dyno-option.h"

static gboolean
has_key (GSettings *settings, const char *key)
{
  g_autoptr (GSettingsSchema) schema = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  return schema != NULL && g_settings_schema_has_key (schema, key);
}

static void
set_auto (DynoConfig *config, const DynoOption *option, gboolean on)
{
  if (on)
    config->autos |= option->auto_flag;
  else
    config->autos &= ~option->auto_flag;
}

/* A text key: "auto" or empty leave a size to the target where the option can; the rest is
 * what dyno-cli takes. */
static gboolean
text_from_settings (const DynoOptionSet *set, const DynoOption *option, DynoConfig *config,
                    const char *text, GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  gpointer ptr = dyno_option_get_ptr (set, option, config);

  switch (option->type)
    {
    case DYNO_OPTION_STRING:
      g_free (*(char **) ptr);
      *(char **) ptr = *stripped != '\0' ? g_steal_pointer (&stripped) : NULL;
      return TRUE;
    case DYNO_OPTION_SIZE:
      if (*stripped == '\0' && option->auto_flag != 0)
        {
          dyno_option_set_default (set, option, config);
          set_auto (config, option, TRUE);
          return TRUE;
        }
      G_GNUC_FALLTHROUGH;
    default:
      return dyno_option_parse (set, option, config, stripped, option->settings, error);
    }
}

static gboolean
option_from_settings (GSettings *settings, const DynoOptionSet *set, const DynoOption *option,
                      DynoConfig *config, GError **error)
{
  g_autoptr (GVariant) value = g_settings_get_value (settings, option->settings);
  gpointer ptr = dyno_option_get_ptr (set, option, config);

  if (option->from_settings != NULL)
    return option->from_settings (option, config, value, error);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    return text_from_settings (set, option, config, g_variant_get_string (value, NULL), error);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT64))
    {
      *(guint64 *) ptr = g_variant_get_uint64 (value);
      set_auto (config, option, FALSE);
    }
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    {
      guint n = g_variant_get_uint32 (value);

      /* 0: as many as the phase time holds */
      if (n == 0 && option->auto_flag != 0)
        {
          dyno_option_set_default (set, option, config);
          set_auto (config, option, TRUE);
        }
      else
        {
          *(guint *) ptr = n;
          set_auto (config, option, FALSE);
        }
    }
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    *(double *) ptr = CLAMP (g_variant_get_double (value), option->min, option->max);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    *(gboolean *) ptr = g_variant_get_boolean (value);
  else
    g_return_val_if_reached (FALSE);
  return TRUE;
}

gboolean
dyno_options_from_settings (GSettings *settings, DynoConfig *config, GError **error)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();
  guint64 given;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);
  g_return_val_if_fail (config != NULL, FALSE);

  /* The settings are where the app keeps its choices, not what a person gave this run. */
  given = config->given;
  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      {
        const DynoOption *option = &sets[s]->options[i];

        if (option->settings != NULL && has_key (settings, option->settings)
            && !option_from_settings (settings, sets[s], option, config, error))
          {
            config->given = given;
            return FALSE;
          }
      }
  config->given = given;
  return TRUE;
}

static GVariant *
option_to_variant (GSettings *settings, const DynoOptionSet *set, const DynoOption *option,
                   const DynoConfig *config)
{
  g_autoptr (GVariant) current = g_settings_get_value (settings, option->settings);
  gconstpointer ptr = dyno_option_get_ptr (set, option, config);
  gboolean automatic = option->auto_flag != 0 && dyno_config_is_auto (config, option->auto_flag);

  if (option->to_settings != NULL)
    return option->to_settings (option, config);
  if (g_variant_is_of_type (current, G_VARIANT_TYPE_UINT64))
    return g_variant_new_uint64 (*(const guint64 *) ptr);
  if (g_variant_is_of_type (current, G_VARIANT_TYPE_UINT32))
    return g_variant_new_uint32 (automatic ? 0 : *(const guint *) ptr);
  if (g_variant_is_of_type (current, G_VARIANT_TYPE_DOUBLE))
    return g_variant_new_double (*(const double *) ptr);
  if (g_variant_is_of_type (current, G_VARIANT_TYPE_BOOLEAN))
    return g_variant_new_boolean (*(const gboolean *) ptr);
  if (option->type == DYNO_OPTION_STRING)
    return g_variant_new_string (*(char *const *) ptr != NULL ? *(char *const *) ptr : "");
  /* A size left to the target, or none given: the key's own default ("auto", empty). */
  if (option->type == DYNO_OPTION_SIZE
      && (automatic || (*(const guint64 *) ptr == 0 && option->min == 0)))
    return g_settings_get_default_value (settings, option->settings);
  {
    g_autofree char *text = dyno_option_format (set, option, config);

    return g_variant_new_string (text != NULL ? text : "");
  }
}

void
dyno_options_to_settings (const DynoConfig *config, GSettings *settings, gboolean preset_only)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();

  g_return_if_fail (config != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      {
        const DynoOption *option = &sets[s]->options[i];

        if (option->settings == NULL || !has_key (settings, option->settings)
            || (preset_only && (option->flags & DYNO_OPTION_PRESET_KEEPS)))
          continue;
        {
          /* A new value is floating, a key's default is not: own either once. */
          g_autoptr (GVariant) value
              = g_variant_take_ref (option_to_variant (settings, sets[s], option, config));

          g_settings_set_value (settings, option->settings, value);
        }
      }
}

const char **
dyno_options_settings_keys (gboolean preset_only)
{
  const DynoOptionSet *const *sets = dyno_option_sets ();
  GPtrArray *keys = g_ptr_array_new ();

  for (guint s = 0; sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->n_options; i++)
      {
        const DynoOption *option = &sets[s]->options[i];

        if (option->settings != NULL
            && !(preset_only && (option->flags & DYNO_OPTION_PRESET_KEEPS)))
          g_ptr_array_add (keys, (gpointer) option->settings);
      }
  g_ptr_array_add (keys, NULL);
  return (const char **) g_ptr_array_free (keys, FALSE);
}
