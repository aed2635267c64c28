/* fuzz-stream.c: libFuzzer target for dyno_stream_decode(), the reader of --stream lines
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each line of the input is one event. An event that decodes must encode and decode again to
 * the same kind: a remote run's stream is read by this code, so it must take anything without
 * crashing and accept only what it can write back. Each line is also a remote run's
 * --config-json (dyno_config_from_json_text), the other JSON a remote machine's dyno-cli reads
 * from outside, and is host-tagged as the local side tags what a remote prints.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "dyno-config.h"
#include "dyno-result-json.h"
#include "dyno-stream.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto (GStrv) lines = g_strsplit (text, "\n", 64);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      DynoStreamEvent event;
      gboolean ok = dyno_stream_decode (lines[i], &event, &error);

      if (ok == (error != NULL))
        g_error ("dyno_stream_decode returned %s and %s", ok ? "TRUE" : "FALSE",
                 error ? "an error" : "no error");
      if (ok)
        {
          g_autofree char *line = dyno_stream_encode (&event);
          DynoStreamEvent again;
          g_autoptr (GError) again_error = NULL;

          if (!dyno_stream_decode (line, &again, &again_error))
            g_error ("an event does not decode after encoding: %s\n%s", again_error->message,
                     line);
          if (again.kind != event.kind || again.phase != event.phase)
            g_error ("an event changed through encoding: %s", line);
          dyno_stream_event_clear (&again);
        }
      dyno_stream_event_clear (&event);

      {
        g_autoptr (GError) config_error = NULL;
        DynoConfig *config = dyno_config_from_json_text (lines[i], &config_error);

        if ((config == NULL) == (config_error == NULL))
          g_error ("dyno_config_from_json_text returned %s and %s", config ? "a config" : "NULL",
                   config_error ? "an error" : "no error");
        g_clear_pointer (&config, dyno_config_free);
        g_free (dyno_stream_tag_host (lines[i], "fuzz", 0));
      }
    }
  return 0;
}
