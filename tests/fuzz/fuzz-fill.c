/* fuzz-fill.c: libFuzzer target for dyno_fill_result_from_data()
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fill document that loads must save and load again: the reader accepts nothing the writer
 * cannot write back, and what it reads back is what it wrote.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "dyno-fill-result.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoFillResult) fill
      = dyno_fill_result_from_data ((const char *) data, size, NULL, &error);
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;
  g_autoptr (DynoFillResult) again = NULL;

  if ((fill == NULL) == (error == NULL))
    g_error ("dyno_fill_result_from_data returned %s and %s", fill ? "a fill" : "nothing",
             error ? "an error" : "no error");
  if (fill == NULL)
    return 0;

  json = dyno_fill_result_to_json (fill);
  again = dyno_fill_result_from_data (json, strlen (json), NULL, &error);
  if (again == NULL)
    g_error ("a loaded fill does not load back after saving: %s\n%s", error->message, json);
  json_again = dyno_fill_result_to_json (again);
  if (strcmp (json, json_again) != 0)
    g_error ("a fill saved twice differs:\n%s\n---\n%s", json, json_again);
  return 0;
}
