/* dyno-config-json.c: a configuration as one line of JSON, for `dyno-cli run --config-json`
 *
 * The result file's own "config" encoding (dyno-result-json-write.c and -read.c), with the few
 * fields a result keeps elsewhere: a run handed to another machine's dyno-cli is then the run
 * its result records.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dyno-error.h"
#include "dyno-json-shape.h"
#include "dyno-result-json.h"

char *
dyno_config_to_json_text (const DynoConfig *config)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  JsonObject *object;

  g_return_val_if_fail (config != NULL, NULL);

  object = dyno_config_to_json (config);
  if (config->label != NULL)
    json_object_set_string_member (object, "label", config->label);
  if (config->notes != NULL)
    json_object_set_string_member (object, "notes", config->notes);
  if (config->skip_space_check)
    json_object_set_boolean_member (object, "skip_space_check", TRUE);
  root = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static gboolean
take_string (JsonObject *object, const char *name, char **out, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_BAD_FORMAT,
                   /* TRANSLATORS: %s is a field's name, e.g. "label" */
                   _("config: %s is not a string"), name);
      return FALSE;
    }
  g_free (*out);
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
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
  if (!dyno_config_from_json (object, config, error)
      || !take_string (object, "label", &config->label, error)
      || !take_string (object, "notes", &config->notes, error))
    return NULL;
  if (json_object_has_member (object, "skip_space_check"))
    config->skip_space_check = json_object_get_boolean_member (object, "skip_space_check");
  return g_steal_pointer (&config);
}
