/* fuzz-result.c: libFuzzer target for dyno_result_load_from_data()
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file that loads must save and load again: the reader accepts nothing the writer cannot
 * write back.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "dyno-result.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoResult) result = dyno_result_load_from_data ((const char *) data, size, &error);
  g_autofree char *json = NULL;
  g_autoptr (DynoResult) again = NULL;

  if ((result == NULL) == (error == NULL))
    g_error ("dyno_result_load_from_data returned %s and %s", result ? "a result" : "nothing",
             error ? "an error" : "no error");
  if (result == NULL)
    return 0;

  json = dyno_result_to_json (result, FALSE);
  again = dyno_result_load_from_data (json, strlen (json), &error);
  if (again == NULL)
    g_error ("a loaded result does not load back after saving: %s\n%s", error->message, json);
  return 0;
}
