/* dyno-import-diskmark-private.h: what the CrystalDiskMark and KDiskMark reader's two halves
 * share: the parts of a line (dyno-import-diskmark-line.c) and the reports they make up
 * (dyno-import-diskmark.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-import-private.h"

G_BEGIN_DECLS

/* Result and footer lines are under 100 columns; a comment may be longer, but is cut to a
 * label's length anyway. Longer lines are prose. */
#define DYNO_IMPORT_DISKMARK_MAX_LINE 4096

typedef enum
{
  TOOL_CDM,
  TOOL_KDM,
} Tool;

typedef enum
{
  OP_NONE,
  OP_READ,
  OP_WRITE,
  OP_MIX,
} Op;

/* What a result line's name says: "SEQ 1MiB (Q= 8, T= 1)", "Random Read 4KB (QD=32)". */
typedef struct
{
  const char *pattern; /* "seq" or "rnd" */
  Op op;               /* OP_NONE: from the section */
  guint64 block;       /* 0: not stated */
  guint queue_depth;   /* 0: not stated */
  guint threads;       /* 0: not stated */
  gboolean spaced_unit; /* "1 MiB": KDiskMark's way */
  guint generation;    /* of the layout: 3, 5, 7 or 8; 0 for KDiskMark's */
} TestName;

/* What a result line's figures say: "543.188 MB/s [ 518.0 IOPS] < 15407.04 us>" */
typedef struct
{
  double rate;    /* the figure in "MB/s" */
  double iops;    /* NAN: not shown */
  double latency; /* seconds, the mean; NAN: not shown, or shown as 0 */
} Figures;

/* The footer's "Key: value" lines */
typedef enum
{
  KEY_PROFILE,
  KEY_TEST,
  KEY_MODE,
  KEY_TIME,
  KEY_DATE,
  KEY_OS,
  KEY_COMMENT,
  KEY_TARGET,
  N_KEYS
} Key;

typedef enum
{
  LINE_NOT_RESULT,
  LINE_RESULT,
  LINE_BAD_RESULT,
} LineKind;

/* Undoes what pasting does: mail quoting, tabs, non-breaking spaces, indentation. */
void        dyno_import_diskmark_clean_line (GString *text, const char *raw);
/* A whole number from 1 to max */
gboolean    dyno_import_diskmark_parse_uint (const char *text, guint max, guint *out);
/* Whether text (cleaned) is a result line, and its parts when it is. */
LineKind    dyno_import_diskmark_classify_result (const char *text,
                                                  TestName   *name,
                                                  Figures    *figures);
/* The version of a header line, or NULL when text is none. */
char       *dyno_import_diskmark_cdm_header_version (const char *text);
char       *dyno_import_diskmark_kdm_header_version (const char *text);
/* KDiskMark's "Flexible I/O Tester (fio-3.30): …": "fio-3.30", or NULL */
char       *dyno_import_diskmark_fio_line_version (const char *text);
/* "Profile", "Test"… */
const char *dyno_import_diskmark_key_name (Key key);
/* The footer key text starts with, and where its value begins. */
gboolean    dyno_import_diskmark_match_key (const char *text, Key *key, const char **value);
/* "Interval: 5 sec", "Measure: 1 min": seconds, or NAN when word is not in text; FALSE when it
 * is but its value does not parse. */
gboolean    dyno_import_diskmark_find_duration (const char *text, const char *word, double *out);
/* The date line's value, or NULL */
GDateTime  *dyno_import_diskmark_parse_date (const char *value);
/* A line that says nothing (a rule, a Markdown fence, the unit legend) */
gboolean    dyno_import_diskmark_is_boilerplate (const char *text);

G_END_DECLS
