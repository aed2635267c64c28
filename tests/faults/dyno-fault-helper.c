/* dyno-fault-helper.c: the engine calls the fault suite cannot reach through dyno-cli
 *
 *   dyno-fault-helper load FILE           dyno_result_load
 *   dyno-fault-helper import FILE [FMT]   dyno_import_file (FMT: auto, dyno, bonnie++-csv,
 *                                         bonnie++-text, bonnie-text)
 *   dyno-fault-helper stop DIR            a run through DynoEngine, cancelled (the app's Stop) as
 *                                         soon as its first phase has started
 *
 * On success it prints what it got on standard output and exits 0; on error it prints
 * "error: <domain>/<code>: <message>" on standard error and exits 1, as dyno-cli would. "load" and
 * "import" print "results: N" first, so the suite can tell "nothing imported" from "some".
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "dyno-engine.h"
#include "dyno-error.h"
#include "dyno-import.h"
#include "dyno-result.h"

static int
fail (const GError *error)
{
  const char *code = NULL;

  if (error->domain == DYNO_ERROR)
    code = dyno_error_to_string (error->code);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    code = "cancelled";

  g_printerr ("error: %s/%s: %s\n", g_quark_to_string (error->domain), code ? code : "?",
              error->message);
  return 1;
}

static void
print_result (DynoResult *result)
{
  const char *source = dyno_result_get_source (result);

  g_print ("result: %s; %u target(s)%s%s\n", dyno_result_get_tool (result),
           dyno_result_get_n_targets (result), source ? "; " : "", source ? source : "");
}

static int
cmd_load (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = dyno_result_load (path, &error);

  if (result == NULL)
    {
      g_print ("results: 0\n");
      return fail (error);
    }
  g_print ("results: 1\n");
  print_result (result);
  return 0;
}

static int
cmd_import (const char *path, const char *format_name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  DynoImportFormat format = DYNO_IMPORT_AUTO;

  if (format_name != NULL && !dyno_import_format_from_string (format_name, &format))
    {
      g_printerr ("dyno-fault-helper: unknown import format “%s”\n", format_name);
      return 2;
    }
  results = dyno_import_file (path, format, &error);
  if (results == NULL)
    {
      g_print ("results: 0\n");
      return fail (error);
    }
  g_print ("results: %u\n", results->len);
  for (guint i = 0; i < results->len; i++)
    print_result (g_ptr_array_index (results, i));
  return 0;
}

static void
on_phase_started (DynoEngine *engine, guint target, guint repeat, int phase, gpointer data)
{
  GCancellable *cancellable = data;

  g_print ("phase-started: %d\n", phase);
  g_cancellable_cancel (cancellable);
}

static int
cmd_stop (const char *dir)
{
  g_autoptr (DynoConfig) config = dyno_config_new ();
  g_autoptr (DynoEngine) engine = dyno_engine_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = NULL;
  const char *targets[] = { dir, NULL };

  config->size = 64u << 20;
  config->per_char = DYNO_PER_CHAR_SYSCALL;
  config->per_char_size = 64u << 20;
  dyno_config_select (config, "putc", NULL);
  g_signal_connect (engine, "phase-started", G_CALLBACK (on_phase_started), cancellable);
  result = dyno_engine_run_sync (engine, config, targets, cancellable, &error);
  if (result != NULL)
    {
      g_print ("the run was not stopped\n");
      return 3;
    }
  return fail (error);
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");

  if (argc >= 3 && g_str_equal (argv[1], "load"))
    return cmd_load (argv[2]);
  if (argc >= 3 && g_str_equal (argv[1], "import"))
    return cmd_import (argv[2], argc >= 4 ? argv[3] : NULL);
  if (argc >= 3 && g_str_equal (argv[1], "stop"))
    return cmd_stop (argv[2]);
  g_printerr ("usage: dyno-fault-helper load FILE | import FILE [FORMAT] | stop DIR\n");
  return 2;
}
