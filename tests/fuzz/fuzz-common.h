/* fuzz-common.h: what every fuzz target does before its first input
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A warning or critical (a failed g_return_if_fail) is a bug. GLib's own fatal path raises
 * SIGTRAP, which libFuzzer does not catch, so the input would be lost: abort instead. */
static GLogWriterOutput
fuzz_log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  g_log_writer_default (level, fields, n_fields, data);
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return G_LOG_WRITER_HANDLED;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_writer_func (fuzz_log_writer, NULL, NULL);
  return 0;
}
