/* fuzz-stream.c: libFuzzer target for dyno_stream_decode(), the reader of --stream lines
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each line of the input is one event. An event that decodes must encode and decode again to
 * the same kind: a remote run's stream is read by this code, so it must take anything without
 * crashing and accept only what it can write back.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

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
    }
  return 0;
}
