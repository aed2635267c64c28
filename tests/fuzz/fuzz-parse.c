/* fuzz-parse.c: libFuzzer target for the text forms people type (dyno-parse.h)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input, as a string, goes to each parser; what parses is formatted back and must parse
 * to the same again.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "dyno-config.h"
#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The parsers take C strings: stop at the first NUL like a caller's string would. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (DynoConfig) config = dyno_config_new ();
  guint64 bytes = 0;
  guint count = 0;

  if (dyno_parse_size (text, &bytes, NULL))
    g_free (dyno_format_size (bytes));
  dyno_parse_count (text, 0, G_MAXUINT, &count, NULL);
  if (dyno_parse_files_spec (text, config, NULL))
    g_free (dyno_format_files_spec (config));
  if (dyno_config_select (config, text, NULL))
    {
      g_autofree char *tests = dyno_format_tests (config);
      g_autoptr (DynoConfig) again = dyno_config_new ();

      /* What a list parses to formats back to a list that selects the same phases. */
      if (!dyno_config_select (again, tests, NULL) || !dyno_config_same_phases (config, again))
        g_error ("--tests “%s” formats as “%s”, which does not select the same phases", text,
                 tests);
    }
  {
    const DynoPhase *phase = dyno_phase_lookup (text);

    /* A phase's key names that very phase. */
    if (phase != NULL && dyno_phase_lookup (dyno_phase_get_key (phase)) != phase)
      g_error ("the key “%s” of “%s” names another phase", dyno_phase_get_key (phase), text);
  }
  return 0;
}
