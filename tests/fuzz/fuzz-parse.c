/* fuzz-parse.c: libFuzzer target for the text forms people type (dyno-parse.h)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input, as a string, goes to each parser; what parses is formatted back.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "dyno-parse.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The parsers take C strings: stop at the first NUL like a caller's string would. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (DynoConfig) config = dyno_config_new ();
  guint64 bytes = 0;
  guint32 mask = 0;
  guint count = 0;

  if (dyno_parse_size (text, &bytes, NULL))
    g_free (dyno_format_size (bytes));
  dyno_parse_count (text, 0, G_MAXUINT, &count, NULL);
  if (dyno_parse_files_spec (text, config, NULL))
    g_free (dyno_format_files_spec (config));
  if (dyno_parse_tests (text, &mask, NULL))
    g_free (dyno_format_tests (mask));
  return 0;
}
