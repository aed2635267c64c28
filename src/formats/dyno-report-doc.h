/* dyno-report-doc.h: a report to publish, as a list of blocks
 *
 * A report says one comparison (one run is a comparison of one entry) in the order a reader
 * wants it: the answer, the figures, the charts, what was measured, the machine, the method and
 * the command that does it again (dyno-report-build.c). The blocks hold translated text and
 * what to draw; two writers lay them out: HTML with inline SVG (dyno-report-html.c, whose
 * charts come from src/render) and a PDF drawn with cairo and Pango
 * (src/render/dyno-report-pdf.c). Text in blocks is plain: each writer escapes it.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-compare.h"
#include "dyno-rate-unit.h"

G_BEGIN_DECLS

typedef enum
{
  DYNO_REPORT_BLOCK_HEADING,   /* level 2: a section, 3: a part of one */
  DYNO_REPORT_BLOCK_PARAGRAPH,
  DYNO_REPORT_BLOCK_TABLE,
  DYNO_REPORT_BLOCK_FACTS,     /* term and description pairs: the machine, a target's stack */
  DYNO_REPORT_BLOCK_CODE,      /* a command line, kept as it is */
  DYNO_REPORT_BLOCK_CHART,
  DYNO_REPORT_BLOCK_TILES,     /* headline figures: a big number each */
} DynoReportBlockKind;

typedef enum
{
  DYNO_REPORT_STYLE_NORMAL,
  DYNO_REPORT_STYLE_LEAD,      /* the answer's sentence */
  DYNO_REPORT_STYLE_NOTE,      /* a legend, a footnote: smaller and dimmer */
  DYNO_REPORT_STYLE_WARNING,   /* what may make a figure wrong */
  DYNO_REPORT_STYLE_QUOTE,     /* the person's own notes */
} DynoReportStyle;

/* The colour a cell or tile takes: a verdict's (the forest plot's), or dim for what has no
 * figure. */
typedef enum
{
  DYNO_REPORT_TONE_NONE,
  DYNO_REPORT_TONE_SLOWER,
  DYNO_REPORT_TONE_FASTER,
  DYNO_REPORT_TONE_SAME,         /* no difference larger than the margin */
  DYNO_REPORT_TONE_INCONCLUSIVE, /* neither a win nor a tie: more repeats needed */
  DYNO_REPORT_TONE_DIM,
  DYNO_REPORT_TONE_WARNING,
} DynoReportTone;

typedef struct
{
  char *text;
  char *detail;        /* a second, smaller line under the text; NULL */
  guint span;          /* columns it takes, 1 or more */
  gboolean header;     /* a row's or a column's title */
  gboolean numeric;    /* right-aligned, figures in tabular digits */
  DynoReportTone tone;
} DynoReportCell;

typedef struct
{
  GPtrArray *cells;    /* DynoReportCell * */
  gboolean group;      /* a group's title over the rows that follow (one cell across) */
} DynoReportRow;

typedef struct
{
  char *title;         /* "Block write" */
  char *value;         /* "144.5" */
  char *unit;          /* "MB/s" */
  char *detail;        /* "±29 % (95 %) · 3 runs"; NULL */
  DynoReportTone tone;
} DynoReportTile;

typedef enum
{
  DYNO_REPORT_CHART_FOREST,  /* the ratios to the baseline and their intervals */
  DYNO_REPORT_CHART_BARS,    /* every entry's figures, a panel per unit */
  DYNO_REPORT_CHART_OVERLAY, /* one phase's live rate over the phase's time, entries overlaid */
  DYNO_REPORT_CHART_LIVE,    /* one entry's whole run over time, every phase */
  /* Charts a run may have that are not drawn yet: a fill's curve (a phase that fills the
   * target) or a drive scan's rate against position come here, with a case in
   * src/render/dyno-report-charts.c and a block in dyno-report-build.c's add_charts. */
} DynoReportChartKind;

typedef struct
{
  DynoReportChartKind kind;
  const DynoPhase *phase;  /* OVERLAY: the phase */
  guint entry;             /* LIVE: the entry */
  double width;            /* the drawing's own size in points, at which its fonts are set */
  double height;
  gboolean half;           /* one of a row of two (small multiples) */
} DynoReportChart;

typedef struct
{
  DynoReportBlockKind kind;
  guint level;             /* HEADING */
  char *id;                /* HEADING: an anchor ("answer"); NULL */
  char *text;              /* HEADING, PARAGRAPH, CODE; a TABLE's or CHART's caption */
  DynoReportStyle style;   /* PARAGRAPH */
  GPtrArray *rows;         /* TABLE: DynoReportRow *, the first header_rows of them heading it */
  guint header_rows;
  guint columns;
  gboolean even;           /* TABLE: the columns after the first share the width equally, so
                            * that tables of the same entries line up */
  GPtrArray *facts;        /* FACTS: char *, term and description by turns */
  GPtrArray *tiles;        /* TILES: DynoReportTile * */
  GPtrArray *notes;        /* TABLE, CHART: char *, lines under it */
  DynoReportChart chart;   /* CHART */
} DynoReportBlock;

typedef struct _DynoReportDoc DynoReportDoc;

DynoReportDoc *dyno_report_doc_new (DynoComparison *comparison, DynoRateUnit unit);
void           dyno_report_doc_free (DynoReportDoc *doc);

DynoComparison *dyno_report_doc_get_comparison (const DynoReportDoc *doc);
DynoRateUnit    dyno_report_doc_get_unit (const DynoReportDoc *doc);
/* The page's title ("gocryptfs vs plain") and the line under it (label, host, date). */
const char     *dyno_report_doc_get_title (const DynoReportDoc *doc);
const char     *dyno_report_doc_get_subtitle (const DynoReportDoc *doc);
void            dyno_report_doc_set_title (DynoReportDoc *doc, const char *title, const char *subtitle);
/* The line at the foot of every page: who measured, with which Dyno. */
const char     *dyno_report_doc_get_footer (const DynoReportDoc *doc);
void            dyno_report_doc_set_footer (DynoReportDoc *doc, const char *footer);
guint           dyno_report_doc_get_n_blocks (const DynoReportDoc *doc);
const DynoReportBlock *dyno_report_doc_get_block (const DynoReportDoc *doc, guint index);

/* Building: each returns the block added, owned by the document. */
DynoReportBlock *dyno_report_doc_add_heading (DynoReportDoc *doc, guint level, const char *id,
                                              const char *text);
DynoReportBlock *dyno_report_doc_add_paragraph (DynoReportDoc *doc, DynoReportStyle style,
                                                const char *text);
DynoReportBlock *dyno_report_doc_add_code (DynoReportDoc *doc, const char *text);
DynoReportBlock *dyno_report_doc_add_table (DynoReportDoc *doc, const char *caption,
                                            guint columns, guint header_rows);
DynoReportBlock *dyno_report_doc_add_facts (DynoReportDoc *doc);
DynoReportBlock *dyno_report_doc_add_tiles (DynoReportDoc *doc);
DynoReportBlock *dyno_report_doc_add_chart (DynoReportDoc *doc, const DynoReportChart *chart,
                                            const char *caption);

/* A new row at the table's end; cells go into it with add_cell. */
DynoReportRow   *dyno_report_table_add_row (DynoReportBlock *table, gboolean group);
DynoReportCell  *dyno_report_row_add_cell (DynoReportRow *row, const char *text,
                                           const char *detail);
/* A term and its description; the description may be NULL ("—"). */
void             dyno_report_facts_add (DynoReportBlock *facts, const char *term,
                                        const char *description);
DynoReportTile  *dyno_report_tiles_add (DynoReportBlock *tiles, const char *title,
                                        const char *value, const char *unit, const char *detail);
/* A line under a table or chart. */
void             dyno_report_block_add_note (DynoReportBlock *block, const char *note);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DynoReportDoc, dyno_report_doc_free)

/* dyno-report-build.c: the whole report of a comparison (one run: one entry). The
 * comparison's names and baseline are used as they are. */
DynoReportDoc *dyno_report_doc_build (DynoComparison *comparison, DynoRateUnit unit);

/* dyno-report-html.c: one HTML page that needs nothing else: CSS in it, charts as inline SVG
 * whose labels are text, no script, no request to anything outside it; light, dark
 * (prefers-color-scheme) and print (A4 or Letter). */

/* An <svg> element for a CHART block (block->chart), drawn for a dark page when dark; NULL
 * when it cannot be drawn (error set). */
typedef char *(*DynoReportSvgFunc) (const DynoReportDoc   *doc,
                                    const DynoReportBlock *block,
                                    guint                  index,
                                    gboolean               dark,
                                    gpointer               user_data,
                                    GError               **error);

/* svg NULL: a build without charts; each chart's place then says so. */
char *dyno_report_doc_to_html (const DynoReportDoc *doc, DynoReportSvgFunc svg, gpointer user_data);

G_END_DECLS
