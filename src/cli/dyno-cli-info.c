/* dyno-cli-info.c: `dyno-cli info [DIR]`
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "dyno-cli-private.h"
#include "dyno-cli-remote.h"
#include "dyno-crypto-words.h"
#include "dyno-error.h"
#include "dyno-remote-probe.h"
#include "dyno-parse.h"
#include "dyno-scan.h"
#include "dyno-sysinfo.h"
#include "dyno-sysinfo-collect.h"

static const char *
or_unknown (const char *text)
{
  return text != NULL ? text : _("unknown");
}

static char *
encryption_text (const DynoTargetInfo *info)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < info->encryption->len; i++)
    g_string_append_printf (text, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (info->encryption, i));
  if (text->len == 0)
    g_string_append (text, _("none found"));
  return g_strdup (text->str);
}

static void
print_text (const DynoSystemInfo *system, const DynoTargetInfo *info, gboolean local)
{
  g_autofree char *free_space = dyno_format_size (info->free_bytes);
  g_autofree char *total = dyno_format_size (info->total_bytes);
  g_autofree char *ram = dyno_format_size (system->ram_bytes);
  g_autofree char *encryption = encryption_text (info);
  const char *rotational = info->rotational == DYNO_TRISTATE_YES  ? _("yes (HDD)")
                           : info->rotational == DYNO_TRISTATE_NO ? _("no (SSD or virtual)")
                                                                  : _("unknown");

  /* Names come from the file system (a folder, a loop image's file in the model):
   * dyno_cli_print escapes them, so a newline or an escape sequence in one cannot reach the
   * terminal raw. */
  dyno_cli_print (_("Target         %s\n"), info->path);
  dyno_cli_print (_("Mount point    %s\n"), or_unknown (info->mount_point));
  dyno_cli_print (_("File system    %s\n"), or_unknown (info->fs_type));
  dyno_cli_print (_("Mount source   %s\n"), or_unknown (info->mount_source));
  dyno_cli_print (_("Mount options  %s\n"), or_unknown (info->mount_options));
  dyno_cli_print (_("Device         %s\n"), or_unknown (info->device));
  dyno_cli_print (_("Model          %s\n"), or_unknown (info->device_model));
  dyno_cli_print (_("Rotational     %s\n"), rotational);
  if (local)
    {
      /* md RAID or LVM under the folder: its level, members and data spindles (looked up on
       * this machine: a remote folder's JSON has none) */
      g_autofree char *array = dyno_scan_describe_array (info->path);

      if (array != NULL)
        dyno_cli_print (_("Array          %s\n"), array);
    }
  dyno_cli_print (_("Encryption     %s\n"), encryption);
  /* Each layer in detail, and how it was found: the answer depends on exactly these. */
  for (guint i = 0; i < info->crypto->len; i++)
    {
      const DynoCryptoLayer *layer = g_ptr_array_index (info->crypto, i);
      g_autofree char *words = dyno_crypto_words_line (layer, system, NULL);
      g_autofree char *line = dyno_crypto_layer_describe (layer);

      /* The plain words first (cipher, where it runs, the CPU's AES instructions), then the
       * layer as found, flags and all. */
      dyno_cli_print ("               %s\n", words);
      /* Translators: after an encryption layer in plain words, the layer as found */
      dyno_cli_print (_("               as found: %s\n"), line);
      if (layer->source != NULL)
        /* Translators: how an encryption layer was found: "from dmsetup table luks-…" */
        dyno_cli_print (_("                 (from %s)\n"), layer->source);
    }
  if (info->helper != NULL)
    dyno_cli_print (_("FUSE daemon    %s\n"), info->helper);
  dyno_cli_print (_("Network        %s\n"), info->network ? _("yes") : _("no"));
  dyno_cli_print (_("Copy-on-write  %s\n"), info->cow ? or_unknown (info->cow_hint) : _("no"));
  dyno_cli_print (_("Free space     %s of %s\n"), free_space, total);
  if (info->writable)
    dyno_cli_print (_("Writable       yes\n"));
  else
    dyno_cli_print (_("Writable       no: %s\n"), info->unwritable_reason);
  dyno_cli_print ("\n");
  dyno_cli_print (_("Host           %s\n"), or_unknown (system->hostname));
  dyno_cli_print (_("OS             %s\n"), or_unknown (system->os_name));
  dyno_cli_print (_("Kernel         %s\n"), or_unknown (system->kernel));
  dyno_cli_print (_("CPU            %s (%u threads)\n"), or_unknown (system->cpu_model), system->cpu_count);
  if (system->cpu_crypto_known)
    {
      g_autoptr (GString) flags = g_string_new (NULL);

      for (guint i = 0; i < system->cpu_crypto->len; i++)
        g_string_append_printf (flags, "%s%s", i ? " " : "",
                                (const char *) g_ptr_array_index (system->cpu_crypto, i));
      /* Translators: the CPU's crypto instructions ("aes vaes pclmulqdq"), or none */
      dyno_cli_print (_("CPU crypto     %s\n"), flags->len ? flags->str : _("none (ciphers run in plain code)"));
    }
  dyno_cli_print (_("RAM            %s\n"), ram);
}

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
print_json (const DynoSystemInfo *system, const DynoTargetInfo *info)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  add_string (b, "path", info->path);
  add_string (b, "mount_point", info->mount_point);
  add_string (b, "fs_type", info->fs_type);
  add_string (b, "mount_source", info->mount_source);
  add_string (b, "mount_options", info->mount_options);
  add_string (b, "device", info->device);
  add_string (b, "device_model", info->device_model);
  json_builder_set_member_name (b, "rotational");
  if (info->rotational == DYNO_TRISTATE_UNKNOWN)
    json_builder_add_null_value (b);
  else
    json_builder_add_boolean_value (b, info->rotational == DYNO_TRISTATE_YES);
  json_builder_set_member_name (b, "encryption");
  json_builder_begin_array (b);
  for (guint i = 0; i < info->encryption->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (info->encryption, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "network");
  json_builder_add_boolean_value (b, info->network);
  json_builder_set_member_name (b, "cow");
  json_builder_add_boolean_value (b, info->cow);
  add_string (b, "cow_hint", info->cow_hint);
  json_builder_set_member_name (b, "crypto");
  json_builder_begin_array (b);
  for (guint i = 0; i < info->crypto->len; i++)
    {
      const DynoCryptoLayer *layer = g_ptr_array_index (info->crypto, i);

      json_builder_begin_object (b);
      add_string (b, "layer", layer->layer);
      add_string (b, "cipher", layer->cipher);
      add_string (b, "details", layer->details);
      add_string (b, "driver", layer->driver);
      add_string (b, "source", layer->source);
      add_string (b, "missing", layer->missing);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_string (b, "helper", info->helper);
  json_builder_set_member_name (b, "free_bytes");
  json_builder_add_int_value (b, (gint64) info->free_bytes);
  json_builder_set_member_name (b, "total_bytes");
  json_builder_add_int_value (b, (gint64) info->total_bytes);
  json_builder_set_member_name (b, "writable");
  json_builder_add_boolean_value (b, info->writable);
  add_string (b, "unwritable_reason", info->unwritable_reason);
  json_builder_set_member_name (b, "system");
  json_builder_begin_object (b);
  add_string (b, "hostname", system->hostname);
  add_string (b, "os", system->os_name);
  add_string (b, "kernel", system->kernel);
  add_string (b, "arch", system->arch);
  add_string (b, "cpu_model", system->cpu_model);
  json_builder_set_member_name (b, "cpu_count");
  json_builder_add_int_value (b, system->cpu_count);
  json_builder_set_member_name (b, "ram_bytes");
  json_builder_add_int_value (b, (gint64) system->ram_bytes);
  json_builder_set_member_name (b, "cpu_crypto");
  if (system->cpu_crypto_known)
    {
      json_builder_begin_array (b);
      for (guint i = 0; i < system->cpu_crypto->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (system->cpu_crypto, i));
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

/* ---- a folder on another machine ---------------------------------------------------------- */

typedef struct
{
  GMainLoop *loop;
  GAsyncResult *result;
} InfoWait;

static void
on_info (GObject *source, GAsyncResult *res, gpointer data)
{
  InfoWait *wait = data;

  wait->result = g_object_ref (res);
  g_main_loop_quit (wait->loop);
}

int
dyno_cli_info_remote (const char *text, const char *remote_cli, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoRemoteTarget) target = dyno_remote_target_parse (text, &error);
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (JsonObject) info = NULL;
  g_autofree char *err = NULL;
  InfoWait wait = { 0 };
  int exit_status = 255;

  if (target == NULL)
    return dyno_cli_usage_error ("info", "%s", error->message);
  loop = g_main_loop_new (NULL, FALSE);
  wait.loop = loop;
  dyno_remote_info_async (text, remote_cli, NULL, NULL, on_info, &wait);
  g_main_loop_run (loop);
  info = dyno_remote_info_finish (wait.result, &err, &exit_status, &error);
  g_clear_object (&wait.result);
  if (err != NULL && err[0] != '\0')
    {
      /* As for run: each line says which machine printed it. */
      g_autofree char *where = dyno_remote_target_describe (target);
      g_auto (GStrv) lines = g_strsplit (err, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *shown = NULL;

          if (g_strchomp (lines[i])[0] == '\0')
            continue;
          shown = dyno_cli_printable (lines[i], FALSE);
          g_printerr ("%s: %s\n", where, shown);
        }
    }
  if (info == NULL)
    {
      /* Where there is no dyno-cli, how to say where it is. */
      if (g_error_matches (error, DYNO_ERROR, DYNO_ERROR_REMOTE_NO_CLI))
        /* TRANSLATORS: %s says that a machine has no dyno-cli and what to install there */
        dyno_cli_error (_("%s, or say where it is with --remote-cli PATH"), error->message);
      else
        dyno_cli_error ("%s", error->message);
      return DYNO_EXIT_FAILED;
    }
  /* The same table as for a local folder; JSON when asked for, as there. */
  if (!json)
    {
      int status = dyno_cli_info_print_remote (text, info);

      return exit_status == 0 ? DYNO_EXIT_OK : status;
    }
  {
    g_autoptr (JsonNode) root = json_node_init_object (json_node_alloc (), info);
    g_autoptr (JsonGenerator) generator = json_generator_new ();
    g_autofree char *printed = NULL;

    json_generator_set_root (generator, root);
    json_generator_set_pretty (generator, TRUE);
    printed = json_generator_to_data (generator, NULL);
    g_print ("%s\n", printed);
  }
  /* info fails for a folder that cannot be written, and says so in its JSON. */
  return exit_status == 0 ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}


/* ---- what a remote dyno-cli info --json said, read back ------------------------------------ */

static char *
dup_member (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return g_strdup (json_node_get_string (node));
}

static gboolean
bool_member (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

static guint64
count_member (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;
  gint64 value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    return 0;
  value = json_node_get_int (node);
  return value > 0 ? (guint64) value : 0;
}

static void
add_strings (GPtrArray *to, JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        g_ptr_array_add (to, g_strdup (json_node_get_string (element)));
    }
}

int
dyno_cli_info_print_remote (const char *target, JsonObject *object)
{
  g_autoptr (DynoTargetInfo) info = dyno_target_info_new (target);
  g_autoptr (DynoSystemInfo) system = dyno_system_info_new ();
  JsonObject *sys = NULL;
  JsonNode *node;

  /* The folder as it was asked for (ssh://host/path): the remote path alone would read as a
   * folder of this machine. */
  info->mount_point = dup_member (object, "mount_point");
  info->fs_type = dup_member (object, "fs_type");
  info->mount_source = dup_member (object, "mount_source");
  info->mount_options = dup_member (object, "mount_options");
  info->device = dup_member (object, "device");
  info->device_model = dup_member (object, "device_model");
  node = json_object_get_member (object, "rotational");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    info->rotational = json_node_get_boolean (node) ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;
  add_strings (info->encryption, object, "encryption");
  node = json_object_get_member (object, "crypto");
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *layers = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (layers); i++)
        {
          JsonNode *element = json_array_get_element (layers, i);
          JsonObject *o = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
          g_autofree char *name = dup_member (o, "layer");
          DynoCryptoLayer *layer;

          if (name == NULL)
            continue;
          layer = dyno_crypto_layer_new (name);
          layer->cipher = dup_member (o, "cipher");
          layer->details = dup_member (o, "details");
          layer->driver = dup_member (o, "driver");
          layer->source = dup_member (o, "source");
          layer->missing = dup_member (o, "missing");
          g_ptr_array_add (info->crypto, layer);
        }
    }
  info->network = bool_member (object, "network");
  info->cow = bool_member (object, "cow");
  info->cow_hint = dup_member (object, "cow_hint");
  info->helper = dup_member (object, "helper");
  info->free_bytes = count_member (object, "free_bytes");
  info->total_bytes = count_member (object, "total_bytes");
  info->writable = bool_member (object, "writable");
  info->unwritable_reason = dup_member (object, "unwritable_reason");
  if (!info->writable && info->unwritable_reason == NULL)
    info->unwritable_reason = g_strdup (_("unknown"));

  node = json_object_get_member (object, "system");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    sys = json_node_get_object (node);
  system->hostname = dup_member (sys, "hostname");
  system->os_name = dup_member (sys, "os");
  system->kernel = dup_member (sys, "kernel");
  system->arch = dup_member (sys, "arch");
  system->cpu_model = dup_member (sys, "cpu_model");
  system->cpu_count = (guint) MIN (count_member (sys, "cpu_count"), G_MAXUINT);
  system->ram_bytes = count_member (sys, "ram_bytes");
  node = sys != NULL ? json_object_get_member (sys, "cpu_crypto") : NULL;
  system->cpu_crypto_known = node != NULL && JSON_NODE_HOLDS_ARRAY (node);
  add_strings (system->cpu_crypto, sys, "cpu_crypto");

  print_text (system, info, FALSE);
  return info->writable ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}

int
dyno_cli_info (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autofree char *remote_cli = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "remote-cli", 0, 0, G_OPTION_ARG_FILENAME, &remote_cli,
      N_("Where dyno-cli is on the remote machine of an SSH folder (default dyno-cli)"),
      N_("PATH") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("[DIR] — what Dyno knows about a folder"));
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoTargetInfo) info = NULL;
  g_autoptr (DynoSystemInfo) system = NULL;

  g_set_prgname ("dyno-cli info");
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Shows the file system, device, encryption layers and "
                                           "free space of a folder (default: the current one)."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return dyno_cli_usage_error ("info", "%s", error->message);
  if (argc > 2)
    return dyno_cli_usage_error ("info", _("Only one folder can be given"));
  if (argc == 2 && argv[1][0] == '\0')
    return dyno_cli_empty_name_error ("info", "DIR");
  /* ssh://host/path or host:/path: that machine's dyno-cli answers (dyno-cli-remote.c). */
  if (argc == 2 && dyno_cli_remote_any_target (argv + 1))
    return dyno_cli_info_remote (argv[1], remote_cli, json);

  {
    g_autofree char *path = g_canonicalize_filename (argc == 2 ? argv[1] : ".", NULL);

    info = dyno_target_info_collect (path);
  }
  system = dyno_system_info_collect ();
  if (json)
    print_json (system, info);
  else
    print_text (system, info, TRUE);
  return info->writable ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}
