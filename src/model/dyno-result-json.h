/* dyno-result-json.h: pieces of the result file's JSON, for other documents
 *
 * The configuration of a run as the result file stores it ("config"), so that a run can be
 * handed to another dyno-cli (run --config-json) in the very words its result will record; and
 * the readers of a machine's and a folder's description, which `dyno-cli info --json` writes
 * with the result's names.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "dyno-config.h"
#include "dyno-sysinfo.h"

G_BEGIN_DECLS

/* The result file's "config" object (docs/result-format.md). */
JsonObject *dyno_config_to_json (const DynoConfig *config);
/* Reads a "config" object into config (whose other fields stay as they are); FALSE with a
 * DYNO_ERROR_BAD_FORMAT naming the field. */
gboolean    dyno_config_from_json (JsonObject *object, DynoConfig *config, GError **error);

/* The same with the options a result keeps beside its config or not at all (the label, the
 * notes, skip_space_check: DYNO_OPTION_NOT_IN_RESULT): the whole configuration. */
JsonObject *dyno_config_to_json_full (const DynoConfig *config, gboolean whole);
gboolean    dyno_config_from_json_full (JsonObject  *object,
                                        DynoConfig  *config,
                                        gboolean     whole,
                                        GError     **error);

/* One line of JSON: the "config" object and what a result keeps beside it (the label and the
 * notes) or not at all (skip_space_check), for `dyno-cli run --config-json`. */
char       *dyno_config_to_json_text (const DynoConfig *config);
DynoConfig *dyno_config_from_json_text (const char *text, GError **error);

/* A machine ("system") and a folder (a target's "info") as the result file and `dyno-cli info
 * --json` write them. */
gboolean    dyno_system_info_from_json (JsonObject *object, DynoSystemInfo *system, GError **error);
gboolean    dyno_target_info_from_json (JsonObject *object, DynoTargetInfo *info, GError **error);
/* Their writers, for documents of their own (a fill's, dyno-fill-result.h). */
JsonObject *dyno_system_info_to_json (const DynoSystemInfo *system);
JsonObject *dyno_target_info_to_json (const DynoTargetInfo *info);

G_END_DECLS
