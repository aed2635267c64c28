/* dyno-report-html.c: a report as one HTML page that needs nothing else
 *
 * The page is read in a browser, pasted into a forum, printed: its style is in a <style>
 * element, its charts are inline <svg> elements whose labels are <text>, it runs no script
 * and asks nothing of the network (no web font, no image from elsewhere: the only references
 * are to its own anchors and the charts' own clip paths). It follows the reader's light or
 * dark preference (prefers-color-scheme: each chart is there drawn twice, and one is shown)
 * and prints light, on A4 or Letter alike (no page size is imposed), keeping a table's rows, a
 * chart and its caption, and a heading with what follows it together.
 *
 * Every text in it (labels and notes the person wrote, folder names, file system names) is
 * escaped here, once, on its way out.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-report-doc.h"

static const char page_style[] =
  ":root {\n"
  "  color-scheme: light dark;\n"
  "  --bg: #ffffff; --fg: #1d1f23; --dim: #5c626c; --rule: #d9dce1; --soft: #f4f5f7;\n"
  "  --strong-rule: #8b9099; --slower: #b5400a; --faster: #1b5fb4; --same: #5e5c64;\n"
  "  --inconclusive: #813d9c;\n"
  "  --warn: #9a5b00; --warn-bg: #fdf6e9;\n"
  "  --font: system-ui, -apple-system, 'Segoe UI', Cantarell, 'Noto Sans', Roboto,\n"
  "          'Helvetica Neue', Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif;\n"
  "  --mono: ui-monospace, 'SFMono-Regular', 'Cascadia Mono', 'DejaVu Sans Mono',\n"
  "          'Liberation Mono', Menlo, Consolas, monospace;\n"
  "}\n"
  "@media (prefers-color-scheme: dark) {\n"
  "  :root { --bg: #1b1c20; --fg: #e8e9ec; --dim: #a6abb4; --rule: #383b42; --soft: #25272c;\n"
  "          --strong-rule: #6d727b; --slower: #ff8f5c; --faster: #7fb2ff; --same: #b3b6bc;\n"
  "          --inconclusive: #c061cb;\n"
  "          --warn: #f2b661; --warn-bg: #2c2619; }\n"
  "}\n"
  "html { background: var(--bg); color: var(--fg); }\n"
  "body { margin: 0; font: 16px/1.5 var(--font); -webkit-text-size-adjust: 100%; }\n"
  "main { max-width: 50rem; margin: 0 auto; padding: 2.5rem 1.5rem 3rem; }\n"
  ".kicker { margin: 0; font-size: .78rem; letter-spacing: .08em; text-transform: uppercase;\n"
  "          color: var(--dim); }\n"
  "h1 { font-size: 2.1rem; line-height: 1.2; margin: .25rem 0 .35rem; overflow-wrap: anywhere; }\n"
  ".subtitle { margin: 0; color: var(--dim); overflow-wrap: anywhere; }\n"
  "nav.contents { margin: 1.25rem 0 0; font-size: .88rem; color: var(--dim); }\n"
  "nav.contents a { color: inherit; margin-right: .9rem; white-space: nowrap; }\n"
  "h2 { font-size: 1.4rem; line-height: 1.3; margin: 2.75rem 0 .9rem; padding-bottom: .3rem;\n"
  "     border-bottom: 1px solid var(--rule); }\n"
  "h3 { font-size: 1.08rem; margin: 1.75rem 0 .5rem; overflow-wrap: anywhere; }\n"
  "p { margin: .6rem 0; }\n"
  "p.lead { font-size: 1.22rem; line-height: 1.45; font-weight: 500; margin: .5rem 0 1rem; }\n"
  "p.note { font-size: .88rem; color: var(--dim); }\n"
  "p.warning { font-size: .92rem; border-left: 3px solid var(--warn); background: var(--warn-bg);\n"
  "            padding: .4rem .8rem; }\n"
  "blockquote { margin: .25rem 0 1rem; padding: .4rem 1rem; border-left: 3px solid var(--rule);\n"
  "             white-space: pre-wrap; overflow-wrap: anywhere; }\n"
  "figure { margin: 1.5rem 0; }\n"
  "figure svg.chart { display: block; width: 100%; height: auto; }\n"
  "svg.chart text { white-space: pre; }\n"
  ".chart-dark { display: none; }\n"
  "figcaption { font-size: .88rem; color: var(--dim); margin-top: .45rem; }\n"
  ".chart-missing { border: 1px dashed var(--strong-rule); border-radius: 6px; padding: 1rem;\n"
  "                 color: var(--dim); font-size: .92rem; }\n"
  ".pair { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1.75rem; }\n"
  ".pair figure { margin: 1rem 0; }\n"
  "table { border-collapse: collapse; width: 100%; margin: 1.5rem 0 .35rem; font-size: .9rem;\n"
  "        font-variant-numeric: tabular-nums; }\n"
  "caption { caption-side: top; text-align: left; font-weight: 600; font-size: .98rem;\n"
  "          padding-bottom: .45rem; }\n"
  "table.even { table-layout: fixed; }\n"
  "table.even th:first-child { width: 30%; }\n"
  "table.even .num { white-space: normal; }\n"
  "th, td { padding: .38rem .6rem; border-bottom: 1px solid var(--rule); text-align: left;\n"
  "         vertical-align: top; }\n"
  "thead th { border-bottom: 2px solid var(--strong-rule); vertical-align: bottom; }\n"
  "tbody th { font-weight: 500; }\n"
  ".num { text-align: right; white-space: nowrap; }\n"
  "tr.group th { background: var(--soft); color: var(--dim); font-size: .76rem; font-weight: 600;\n"
  "              letter-spacing: .05em; text-transform: uppercase; padding: .3rem .6rem; }\n"
  ".detail { display: block; font-size: .76rem; font-weight: 400; color: var(--dim); }\n"
  "thead .detail { font-size: .72rem; }\n"
  ".tone-slower { color: var(--slower); }\n"
  ".tone-faster { color: var(--faster); }\n"
  ".tone-same, .tone-dim { color: var(--same); }\n"
  ".tone-inconclusive { color: var(--inconclusive); font-style: italic; }\n"
  ".tone-dim { color: var(--dim); }\n"
  ".tone-warning { color: var(--warn); }\n"
  "table.grid td { font-size: 1.5rem; font-weight: 650; line-height: 1.2; padding: .5rem .8rem; }\n"
  "table.grid tbody th { font-weight: 600; vertical-align: middle; }\n"
  "ul.legend { list-style: none; margin: 0 0 1.25rem; padding: 0; font-size: .8rem;\n"
  "            color: var(--dim); }\n"
  "ul.legend li { margin: .15rem 0; }\n"
  ".tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));\n"
  "         gap: .8rem; margin: 1rem 0 1.25rem; }\n"
  ".tile { border: 1px solid var(--rule); border-radius: 10px; padding: .8rem 1rem;\n"
  "        background: var(--soft); }\n"
  ".tile .title { font-size: .85rem; color: var(--dim); margin: 0; }\n"
  ".tile .figure { margin: .1rem 0; font-size: 1.75rem; font-weight: 650; line-height: 1.2;\n"
  "                font-variant-numeric: tabular-nums; }\n"
  ".tile .unit { display: inline-block; font-size: .95rem; font-weight: 500; color: var(--dim);\n"
  "              margin-left: .3rem; white-space: nowrap; }\n"
  ".tile .detail { font-size: .76rem; }\n"
  "dl.facts { display: grid; grid-template-columns: minmax(8rem, 13rem) minmax(0, 1fr);\n"
  "           gap: .35rem 1.25rem; margin: .5rem 0 1rem; font-size: .92rem; }\n"
  "dl.facts dt { color: var(--dim); }\n"
  "dl.facts dd { margin: 0; overflow-wrap: anywhere; }\n"
  "pre { margin: .6rem 0 1rem; padding: .8rem 1rem; border-radius: 8px; background: var(--soft);\n"
  "      border: 1px solid var(--rule); font: .84rem/1.55 var(--mono); white-space: pre-wrap;\n"
  "      overflow-wrap: anywhere; }\n"
  "footer { margin-top: 3rem; padding-top: .8rem; border-top: 1px solid var(--rule);\n"
  "         font-size: .8rem; color: var(--dim); }\n"
  /* After .chart-dark's own rule, which it overrides. */
  "@media (prefers-color-scheme: dark) {\n"
  "  .chart-light { display: none; }\n"
  "  .chart-dark { display: block; }\n"
  "}\n"
  "@media (max-width: 40rem) {\n"
  "  main { padding: 1.5rem 1rem 2rem; }\n"
  "  .pair { grid-template-columns: minmax(0, 1fr); }\n"
  "  dl.facts { grid-template-columns: minmax(0, 1fr); }\n"
  "  dl.facts dd { margin-bottom: .4rem; }\n"
  "}\n"
  "@media print {\n"
  "  :root { color-scheme: light; --bg: #ffffff; --fg: #000000; --dim: #4a4f57;\n"
  "          --rule: #c9ccd1; --soft: #f2f3f5; --strong-rule: #6d727b; --slower: #a33a08;\n"
  "          --faster: #174f99; --same: #55575c; --warn: #7a4800; --warn-bg: #ffffff;\n"
  "          --inconclusive: #613583; }\n"
  "  @page { margin: 15mm 14mm 16mm; }\n"
  "  body { font-size: 10pt; }\n"
  "  main { max-width: none; padding: 0; }\n"
  "  nav.contents { display: none; }\n"
  "  .chart-light { display: block !important; }\n"
  "  .chart-dark { display: none !important; }\n"
  "  h2 { margin-top: 1.6rem; }\n"
  "  h2, h3, caption, p:has(+ blockquote), p:has(+ pre) { break-after: avoid;\n"
  "                                                     page-break-after: avoid; }\n"
  "  figure, tr, .tile, dl.facts, pre, blockquote, p.lead { break-inside: avoid;\n"
  "                                                         page-break-inside: avoid; }\n"
  "  thead { display: table-header-group; }\n"
  "  a { color: inherit; text-decoration: none; }\n"
  "}\n";

/* Text for HTML: escaped, valid UTF-8, no control characters but (when kept) line breaks. */
static void
append_text (GString *out, const char *text, gboolean keep_lines)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  g_autofree char *escaped = NULL;

  for (char *p = valid; *p != '\0'; p++)
    if (((guchar) *p < 0x20 && !(keep_lines && *p == '\n')) || *p == 0x7f)
      *p = ' ';
  escaped = g_markup_escape_text (valid, -1);
  g_string_append (out, escaped);
}

static const char *
tone_class (DynoReportTone tone)
{
  switch (tone)
    {
    case DYNO_REPORT_TONE_SLOWER:
      return "tone-slower";
    case DYNO_REPORT_TONE_FASTER:
      return "tone-faster";
    case DYNO_REPORT_TONE_SAME:
      return "tone-same";
    case DYNO_REPORT_TONE_INCONCLUSIVE:
      return "tone-inconclusive";
    case DYNO_REPORT_TONE_DIM:
      return "tone-dim";
    case DYNO_REPORT_TONE_WARNING:
      return "tone-warning";
    case DYNO_REPORT_TONE_NONE:
    default:
      return NULL;
    }
}

/* The page's language from the locale's messages: "de_DE.UTF-8" → "de"; "C" → "en". */
static char *
page_language (void)
{
  const char *const *names = g_get_language_names ();
  GString *lang = g_string_new (NULL);

  for (const char *p = names[0]; p != NULL && g_ascii_isalpha (*p); p++)
    g_string_append_c (lang, g_ascii_tolower (*p));
  if (lang->len < 2 || lang->len > 3)
    g_string_assign (lang, "en");
  return g_string_free (lang, FALSE);
}

static void
append_cell (GString *out, const DynoReportCell *cell, gboolean head)
{
  const char *tag = cell->header || head ? "th" : "td";
  const char *tone = tone_class (cell->tone);

  g_string_append_printf (out, "<%s", tag);
  if (cell->span > 1)
    g_string_append_printf (out, " colspan=\"%u\"", cell->span);
  if (head)
    g_string_append (out, " scope=\"col\"");
  else if (cell->header)
    g_string_append (out, " scope=\"row\"");
  if (cell->numeric || tone != NULL)
    g_string_append_printf (out, " class=\"%s%s%s\"", cell->numeric ? "num" : "",
                            cell->numeric && tone ? " " : "", tone ? tone : "");
  g_string_append_c (out, '>');
  append_text (out, cell->text, FALSE);
  if (cell->detail != NULL)
    {
      g_string_append (out, "<span class=\"detail\">");
      append_text (out, cell->detail, FALSE);
      g_string_append (out, "</span>");
    }
  g_string_append_printf (out, "</%s>", tag);
}

static void
append_notes (GString *out, const GPtrArray *notes)
{
  if (notes == NULL || notes->len == 0)
    return;
  g_string_append (out, "<ul class=\"legend\">\n");
  for (guint i = 0; i < notes->len; i++)
    {
      g_string_append (out, "<li>");
      append_text (out, g_ptr_array_index (notes, i), FALSE);
      g_string_append (out, "</li>\n");
    }
  g_string_append (out, "</ul>\n");
}

static void
append_table (GString *out, const DynoReportBlock *block)
{
  g_string_append (out, block->style == DYNO_REPORT_STYLE_LEAD ? "<table class=\"grid\">\n"
                        : block->even                          ? "<table class=\"even\">\n"
                                                               : "<table>\n");
  if (block->text != NULL)
    {
      g_string_append (out, "<caption>");
      append_text (out, block->text, FALSE);
      g_string_append (out, "</caption>\n");
    }
  for (guint r = 0; r < block->rows->len; r++)
    {
      const DynoReportRow *row = g_ptr_array_index (block->rows, r);
      gboolean head = r < block->header_rows;

      if (r == 0 && head)
        g_string_append (out, "<thead>\n");
      if (r == block->header_rows)
        g_string_append (out, "<tbody>\n");
      g_string_append (out, row->group ? "<tr class=\"group\">" : "<tr>");
      for (guint c = 0; c < row->cells->len; c++)
        append_cell (out, g_ptr_array_index (row->cells, c), head);
      g_string_append (out, "</tr>\n");
      if (r + 1 == block->header_rows)
        g_string_append (out, "</thead>\n");
    }
  if (block->rows->len > block->header_rows)
    g_string_append (out, "</tbody>\n");
  g_string_append (out, "</table>\n");
  append_notes (out, block->notes);
}

static void
append_facts (GString *out, const DynoReportBlock *block)
{
  g_string_append (out, "<dl class=\"facts\">\n");
  for (guint i = 0; i + 1 < block->facts->len; i += 2)
    {
      g_string_append (out, "<dt>");
      /* A term repeated (one line per encryption layer) is said once. */
      if (i == 0 || g_strcmp0 (g_ptr_array_index (block->facts, i),
                               g_ptr_array_index (block->facts, i - 2))
                        != 0)
        append_text (out, g_ptr_array_index (block->facts, i), FALSE);
      g_string_append (out, "</dt><dd>");
      append_text (out, g_ptr_array_index (block->facts, i + 1), FALSE);
      g_string_append (out, "</dd>\n");
    }
  g_string_append (out, "</dl>\n");
}

static void
append_tiles (GString *out, const DynoReportBlock *block)
{
  g_string_append (out, "<div class=\"tiles\">\n");
  for (guint i = 0; i < block->tiles->len; i++)
    {
      const DynoReportTile *tile = g_ptr_array_index (block->tiles, i);
      const char *tone = tone_class (tile->tone);

      g_string_append (out, "<div class=\"tile\"><p class=\"title\">");
      append_text (out, tile->title, FALSE);
      g_string_append_printf (out, "</p><p class=\"figure%s%s\">", tone ? " " : "",
                              tone ? tone : "");
      append_text (out, tile->value, FALSE);
      if (tile->unit != NULL)
        {
          g_string_append (out, "<span class=\"unit\">");
          append_text (out, tile->unit, FALSE);
          g_string_append (out, "</span>");
        }
      g_string_append (out, "</p>");
      if (tile->detail != NULL)
        {
          g_string_append (out, "<span class=\"detail\">");
          append_text (out, tile->detail, FALSE);
          g_string_append (out, "</span>");
        }
      g_string_append (out, "</div>\n");
    }
  g_string_append (out, "</div>\n");
}

static void
append_chart (GString             *out,
              const DynoReportDoc *doc,
              guint                index,
              DynoReportSvgFunc    svg,
              gpointer             user_data)
{
  const DynoReportBlock *block = dyno_report_doc_get_block (doc, index);

  g_string_append (out, "<figure>\n");
  if (svg == NULL)
    {
      g_string_append (out, "<div class=\"chart-missing\">");
      /* Translators: in a report made by a dyno-cli built without cairo */
      append_text (out, _("This chart is not in this report: this Dyno was built without "
                          "charts (cairo and Pango). The figures above hold what it shows."),
                   FALSE);
      g_string_append (out, "</div>\n");
    }
  else
    for (guint dark = 0; dark < 2; dark++)
      {
        g_autoptr (GError) error = NULL;
        g_autofree char *element = svg (doc, block, index, dark, user_data, &error);

        g_string_append_printf (out, "<div class=\"%s\">", dark ? "chart-dark" : "chart-light");
        if (element != NULL)
          g_string_append (out, element);
        else
          {
            g_string_append (out, "<div class=\"chart-missing\">");
            append_text (out, error != NULL ? error->message : "?", FALSE);
            g_string_append (out, "</div>");
          }
        g_string_append (out, "</div>\n");
      }
  if (block->text != NULL)
    {
      g_string_append (out, "<figcaption>");
      append_text (out, block->text, FALSE);
      g_string_append (out, "</figcaption>\n");
    }
  append_notes (out, block->notes);
  g_string_append (out, "</figure>\n");
}

static void
append_contents (GString *out, const DynoReportDoc *doc)
{
  g_string_append (out, "<nav class=\"contents\" aria-label=\"");
  /* Translators: the accessible name of a report's list of its sections */
  append_text (out, _("Contents"), FALSE);
  g_string_append (out, "\">");
  for (guint i = 0; i < dyno_report_doc_get_n_blocks (doc); i++)
    {
      const DynoReportBlock *block = dyno_report_doc_get_block (doc, i);

      if (block->kind != DYNO_REPORT_BLOCK_HEADING || block->level != 2 || block->id == NULL)
        continue;
      g_string_append (out, "<a href=\"#");
      append_text (out, block->id, FALSE);
      g_string_append (out, "\">");
      append_text (out, block->text, FALSE);
      g_string_append (out, "</a>");
    }
  g_string_append (out, "</nav>\n");
}

char *
dyno_report_doc_to_html (const DynoReportDoc *doc, DynoReportSvgFunc svg, gpointer user_data)
{
  GString *out = g_string_new (NULL);
  g_autofree char *lang = page_language ();
  gboolean in_section = FALSE;
  gboolean in_pair = FALSE;

  g_return_val_if_fail (doc != NULL, NULL);

  g_string_append_printf (out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
                               "<meta charset=\"utf-8\">\n"
                               "<meta name=\"viewport\" content=\"width=device-width, "
                               "initial-scale=1\">\n"
                               "<meta name=\"color-scheme\" content=\"light dark\">\n"
                               "<meta name=\"generator\" content=\"Dyno %s\">\n<title>",
                          lang, PACKAGE_VERSION);
  append_text (out, dyno_report_doc_get_title (doc), FALSE);
  g_string_append_printf (out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n",
                          page_style);

  g_string_append (out, "<header>\n<p class=\"kicker\">");
  /* Translators: over a report's title */
  append_text (out, _("Dyno disk benchmark report"), FALSE);
  g_string_append (out, "</p>\n<h1>");
  append_text (out, dyno_report_doc_get_title (doc), FALSE);
  g_string_append (out, "</h1>\n");
  if (dyno_report_doc_get_subtitle (doc) != NULL)
    {
      g_string_append (out, "<p class=\"subtitle\">");
      append_text (out, dyno_report_doc_get_subtitle (doc), FALSE);
      g_string_append (out, "</p>\n");
    }
  append_contents (out, doc);
  g_string_append (out, "</header>\n");

  for (guint i = 0; i < dyno_report_doc_get_n_blocks (doc); i++)
    {
      const DynoReportBlock *block = dyno_report_doc_get_block (doc, i);
      gboolean half = block->kind == DYNO_REPORT_BLOCK_CHART && block->chart.half;

      if (in_pair && !half)
        {
          g_string_append (out, "</div>\n");
          in_pair = FALSE;
        }
      switch (block->kind)
        {
        case DYNO_REPORT_BLOCK_HEADING:
          if (block->level == 2)
            {
              if (in_section)
                g_string_append (out, "</section>\n");
              g_string_append (out, "<section");
              if (block->id != NULL)
                {
                  g_string_append (out, " id=\"");
                  append_text (out, block->id, FALSE);
                  g_string_append_c (out, '"');
                }
              g_string_append (out, ">\n");
              in_section = TRUE;
            }
          g_string_append_printf (out, "<h%u>", block->level);
          append_text (out, block->text, FALSE);
          g_string_append_printf (out, "</h%u>\n", block->level);
          break;
        case DYNO_REPORT_BLOCK_PARAGRAPH:
          if (block->style == DYNO_REPORT_STYLE_QUOTE)
            {
              g_string_append (out, "<blockquote>");
              append_text (out, block->text, TRUE);
              g_string_append (out, "</blockquote>\n");
              break;
            }
          g_string_append (out, block->style == DYNO_REPORT_STYLE_LEAD      ? "<p class=\"lead\">"
                                : block->style == DYNO_REPORT_STYLE_NOTE    ? "<p class=\"note\">"
                                : block->style == DYNO_REPORT_STYLE_WARNING ? "<p class=\"warning\">"
                                                                            : "<p>");
          append_text (out, block->text, FALSE);
          g_string_append (out, "</p>\n");
          break;
        case DYNO_REPORT_BLOCK_CODE:
          g_string_append (out, "<pre><code>");
          append_text (out, block->text, TRUE);
          g_string_append (out, "</code></pre>\n");
          break;
        case DYNO_REPORT_BLOCK_TABLE:
          append_table (out, block);
          break;
        case DYNO_REPORT_BLOCK_FACTS:
          append_facts (out, block);
          break;
        case DYNO_REPORT_BLOCK_TILES:
          append_tiles (out, block);
          break;
        case DYNO_REPORT_BLOCK_CHART:
          if (half && !in_pair)
            {
              g_string_append (out, "<div class=\"pair\">\n");
              in_pair = TRUE;
            }
          append_chart (out, doc, i, svg, user_data);
          break;
        default:
          break;
        }
    }
  if (in_pair)
    g_string_append (out, "</div>\n");
  if (in_section)
    g_string_append (out, "</section>\n");
  if (dyno_report_doc_get_footer (doc) != NULL)
    {
      g_string_append (out, "<footer>");
      append_text (out, dyno_report_doc_get_footer (doc), FALSE);
      g_string_append (out, "</footer>\n");
    }
  g_string_append (out, "</main>\n</body>\n</html>\n");
  return g_string_free (out, FALSE);
}
