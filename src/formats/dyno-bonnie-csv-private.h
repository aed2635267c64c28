/* dyno-bonnie-csv-private.h: bonnie++ 1.98's CSV fields, which the writer and reader share
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DYNO_BONNIE_CSV_198_N_FIELDS 50

/* The data line's fields in order, grouped as bonnie++'s PrintHeader() groups them; the names
 * are what its -x header should have said (2.00a's is misaligned). */
/* clang-format off */
static const char *const dyno_bonnie_csv_198_names[DYNO_BONNIE_CSV_198_N_FIELDS] = {
  "format_version", "bonnie_version", "name", "concurrency", "seed", "file_size",
  "io_chunk_size", "num_seeks", "seek_proc_count",
  "putc", "putc_cpu", "put_block", "put_block_cpu", "rewrite", "rewrite_cpu",
  "getc", "getc_cpu", "get_block", "get_block_cpu", "seeks", "seeks_cpu",
  "num_files", "max_size", "min_size", "file_chunk_size", "num_dirs",
  "seq_create", "seq_create_cpu", "seq_stat", "seq_stat_cpu", "seq_del", "seq_del_cpu",
  "ran_create", "ran_create_cpu", "ran_stat", "ran_stat_cpu", "ran_del", "ran_del_cpu",
  "putc_latency", "put_block_latency", "rewrite_latency", "getc_latency",
  "get_block_latency", "seeks_latency",
  "seq_create_latency", "seq_stat_latency", "seq_del_latency",
  "ran_create_latency", "ran_stat_latency", "ran_del_latency",
};
/* clang-format on */

G_END_DECLS
