/* dyno-scratch.h: the private directory a run works in, and nothing outside it
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DYNO_SCRATCH_MARKER ".dyno-scratch"
/* What a run makes in its scratch directory, and all that dyno_scratch_remove () removes
 * (with the file tests' files under DYNO_FILES_DIR and the calibration's "probe"). */
#define DYNO_DATA_FILE "data"
#define DYNO_FILES_DIR "files"
#define DYNO_QUEUE_FILE "queued"

/* Creates "dyno-<pid>-<random>" in the directory target_fd with mode 0700 and a marker
 * naming this process; returns its name and an O_DIRECTORY fd for *at() calls. */
gboolean dyno_scratch_create (int target_fd, char **out_name, int *out_fd, GError **error);
/* Removes the scratch directory, but only the entries Dyno creates; anything else stays,
 * with the directory, and the error says so. */
gboolean dyno_scratch_remove (int target_fd, const char *name, GError **error);
/* Removes scratch directories of processes that no longer run. Returns how many were
 * removed; messages (translated) say what was removed or left and why. */
guint    dyno_scratch_remove_stale (int target_fd, GPtrArray *messages);
/* The same for the one scratch directory name: TRUE when it was removed or is not there. */
gboolean dyno_scratch_remove_stale_one (int target_fd, const char *name, GPtrArray *messages);
/* TRUE for names Dyno gives its scratch directories. */
gboolean dyno_scratch_name_is_ours (const char *name, GPid *out_pid);

G_END_DECLS
