/* dyno-config-json.c: a configuration as one line of JSON, for `dyno-cli run --config-json`
 *
 * The result file's own "config" encoding (dyno-result-json-write.c and -read.c, from the
 * option tables), with the options a result keeps elsewhere (DYNO_OPTION_NOT_IN_RESULT) and
 * which of them the person gave: a run handed to another machine's dyno-cli is then the run its
 * result records.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-error.h"
#include "dyno-json-shape.h"
#include "dyno-option.h"
#include "dyno-result-json.h"

/* The options the person gave (dyno_config_option_is_given): a remote run then refuses what
 * this one would have refused (an explicit --queue-cache direct where there is no O_DIRECT). */
static gboolean
add_given (const DynoOptionSet *set, const DynoOption *option, gpointer data)
{
  JsonArray *given = ((gpointer *) data)[0];
  const DynoConfig *config = ((gpointer *) data)[1];

  if (dyno_config_option_is_given (config, option->name))
    json_array_add_string_element (given, option->name);
  return TRUE;
}

char *
dyno_config_to_json_text (const DynoConfig *config)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  JsonObject *object;
  JsonArray *given = json_array_new ();
  gpointer data[] = { given, (gpointer) config };

  g_return_val_if_fail (config != NULL, NULL);

  object = dyno_config_to_json_full (config, TRUE);
  dyno_options_foreach (add_given, data);
  if (json_array_get_length (given) > 0)
    json_object_set_array_member (object, "given", given);
  else
    json_array_unref (given);
  root = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
read_given (JsonObject *object, DynoConfig *config)
{
  JsonNode *node = json_object_get_member (object, "given");
  JsonArray *given;

  /* Only a record of who chose what: a name this Dyno does not know is left out. */
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  given = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (given); i++)
    {
      JsonNode *element = json_array_get_element (given, i);
      const DynoOption *option;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        continue;
      option = dyno_option_lookup (json_node_get_string (element), NULL);
      if (option != NULL)
        dyno_config_option_set_given (config, option);
    }
}

DynoConfig *
dyno_config_from_json_text (const char *text, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (GError) parse_error = NULL;
  JsonNode *root;
  JsonObject *object;

  g_return_val_if_fail (text != NULL, NULL);

  if (!dyno_json_check_shape (text, -1, _("The configuration"), error))
    return NULL;
  if (!json_parser_load_from_data (parser, text, -1, &parse_error))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("not JSON: %s"),
                   parse_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT, _("not a JSON object"));
      return NULL;
    }
  object = json_node_get_object (root);
  if (!dyno_config_from_json_full (object, config, TRUE, error))
    return NULL;
  read_given (object, config);
  return g_steal_pointer (&config);
}
