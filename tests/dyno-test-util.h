/* dyno-test-util.h: shared helpers for the test programs
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dyno-phase.h"

G_BEGIN_DECLS

/* The phase of a key ("write", "rnd-read:4k:q32:t1"): tests name phases as results do. */
#define PHASE(key) (dyno_phase_lookup (key))
/* Bonnie's and bonnie++'s phases: a full classic run has this many, in this order. */
#define N_BONNIE 12
static inline const DynoPhase *
BONNIE (guint i)
{
  guint n;

  return dyno_phase_bonnie (&n)[i];
}

/* A fresh directory under $DYNO_TEST_DIR (or the system temp dir); remove with rm_rf. */
/* The GUI tests' waits on the main loop: WAIT_FOR (cond, seconds) iterates it until cond holds
 * and fails the test with cond's text when seconds pass first; dyno_test_spin (ms) iterates it
 * for at least ms. */
extern gboolean dyno_test_timed_out;
gboolean dyno_test_on_timeout (gpointer data);
void     dyno_test_spin (guint ms);

#define WAIT_FOR(cond, seconds)                                                                  \
  G_STMT_START                                                                                   \
  {                                                                                              \
    guint wait_id_ = g_timeout_add_seconds ((seconds), dyno_test_on_timeout, NULL);              \
    dyno_test_timed_out = FALSE;                                                                 \
    while (!(cond) && !dyno_test_timed_out)                                                      \
      g_main_context_iteration (NULL, TRUE);                                                     \
    if (!dyno_test_timed_out)                                                                    \
      g_source_remove (wait_id_);                                                                \
    if (!(cond))                                                                                 \
      g_error ("timed out after %u s waiting for %s", (guint) (seconds), #cond);                 \
  }                                                                                              \
  G_STMT_END

char    *dyno_test_make_dir (const char *prefix);
void     dyno_test_rm_rf (const char *path);
/* Names of entries in dir that look like our scratch directories ("dyno-<pid>-…"). */
GPtrArray *dyno_test_list_scratch (const char *dir);
void     dyno_test_assert_no_scratch (const char *dir);
/* A sorted "name sha256" listing of every file under dir: equal before and after = untouched. */
char    *dyno_test_checksum_tree (const char *dir);
gboolean dyno_test_is_root (void);
/* Writes a file with the given contents or aborts the test. */
void     dyno_test_write_file (const char *path, const char *contents);

/* The app's settings key holds an enum of enum_type's nicks and values: each nick the schema
 * has stands there for the GEnum's value of that nick, and with whole the schema has every
 * value of the GEnum. Skips the test (FALSE) when GSETTINGS_SCHEMA_DIR has no compiled schema
 * of the app (a build without it). */
gboolean dyno_test_check_schema_enum (const char *key, GType enum_type, gboolean whole);

G_END_DECLS
