/* test-report-doc.c: the report's blocks and page without charts, and the command line that
 * runs a result's run again
 *
 * The page as a browser shows it, and its charts, are tested in tests/report/test-report.py;
 * here what needs no browser: the order of its sections, the marks and their legends, every
 * text the person wrote escaped, and the command's options and quoting.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dyno-command-line.h"
#include "dyno-report-doc.h"
#include "dyno-test-util.h"

#define MB 1e6

static DynoTargetResult *
make_target (const char *path, const double *write, const double *read, guint n)
{
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new (path));
  const char *keys[] = { "write", "read" };
  const double *rates[] = { write, read };

  target->info->fs_type = g_strdup ("ext4");
  for (guint k = 0; k < 2; k++)
    {
      DynoPhaseResult *phase = dyno_target_result_ensure_phase (target, PHASE (keys[k]));

      for (guint r = 0; r < n; r++)
        {
          DynoPhaseRun run;

          dyno_phase_run_init (&run);
          run.repeat = r;
          run.rate = fabs (rates[k][r]);
          run.too_fast = rates[k][r] < 0;
          run.cpu_percent = 10;
          run.amount = 1000000000;
          run.cpu_seconds = 0.5;
          dyno_phase_result_add_run (phase, &run);
        }
    }
  return target;
}

/* A session over a plain and an encrypted folder, three rounds, with a label and notes full of
 * markup, and the second folder's name too. */
static DynoResult *
make_session (void)
{
  static const double plain_write[] = { 400 * MB, 410 * MB, 405 * MB };
  static const double plain_read[] = { 800 * MB, 790 * MB, 810 * MB };
  static const double enc_write[] = { 100 * MB, 104 * MB, 98 * MB };
  static const double enc_read[] = { -900 * MB, -910 * MB, -905 * MB };
  DynoResult *result = dyno_result_new ();
  DynoSystemInfo *system = dyno_system_info_new ();
  g_autoptr (DynoConfig) config = dyno_config_new ();
  DynoCryptoLayer *layer = dyno_crypto_layer_new ("gocryptfs");
  DynoTargetResult *enc;

  system->hostname = g_strdup ("lap");
  system->cpu_model = g_strdup ("CPU <i>9</i>");
  system->cpu_count = 4;
  g_ptr_array_add (system->cpu_crypto, g_strdup ("aes"));
  system->cpu_crypto_known = TRUE;
  dyno_result_set_system (result, system);
  dyno_config_select (config, "write,read", NULL);
  config->repeat = 3;
  config->phase_time = 1.5;
  config->seed = 42;
  dyno_result_set_config (result, config);
  dyno_result_set_label (result, "it's <script>alert(1)</script> & co");
  dyno_result_set_notes (result, "first <b>line</b>\nsecond & last");
  dyno_result_add_target (result, make_target ("/mnt/plain", plain_write, plain_read, 3));
  enc = make_target ("/mnt/enc <&> \"q\"", enc_write, enc_read, 3);
  layer->cipher = g_strdup ("AES-256-GCM");
  layer->driver = g_strdup ("user space (the gocryptfs daemon)");
  g_ptr_array_add (enc->info->crypto, layer);
  dyno_result_add_target (result, enc);
  return result;
}

static DynoComparison *
session_comparison (DynoResult *result)
{
  DynoComparison *comparison = dyno_comparison_new ();

  dyno_comparison_add_result (comparison, result);
  dyno_comparison_name_by_folder (comparison);
  return comparison;
}

static void
test_command_line (void)
{
  g_autoptr (DynoResult) result = make_session ();
  g_autofree char *line = dyno_command_line_for_result (result);
  g_autofree char *wrapped = dyno_command_line_for_result_wrapped (result, 60);
  g_auto (GStrv) lines = g_strsplit (wrapped, "\n", -1);
  g_autofree char *joined = NULL;

  g_assert_true (g_str_has_prefix (line, "dyno-cli run -d /mnt/plain -d '/mnt/enc <&> \"q\"' "));
  g_assert_nonnull (strstr (line, " --compare"));
  g_assert_nonnull (strstr (line, " --tests write,read"));
  g_assert_nonnull (strstr (line, " --phase-time 1.5"));
  /* -x alone is exactly that many runs, as the configuration says (no runs added). */
  g_assert_nonnull (strstr (line, " -x 3"));
  g_assert_null (strstr (line, "--precision"));
  g_assert_nonnull (strstr (line, " --seed 42"));
  g_assert_nonnull (strstr (line, " -m 'it'\\''s <script>alert(1)</script> & co'"));
  g_assert_true (g_str_has_suffix (line, " --json run.json"));
  /* Sizes calibrated for the phase time are calibrated again: none given. */
  g_assert_null (strstr (line, " -s "));

  /* Broken between options, each line but the last ending in " \", the same command. */
  g_assert_cmpuint (g_strv_length (lines), >, 2);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i + 1] != NULL)
        g_assert_true (g_str_has_suffix (lines[i], " \\"));
      /* Only an option longer than the width by itself makes a longer line. */
      if (g_utf8_strlen (lines[i], -1) > 60)
        g_assert_null (strstr (lines[i] + 4, " -"));
    }
  {
    GString *rebuilt = g_string_new (NULL);

    for (guint i = 0; lines[i] != NULL; i++)
      {
        g_autofree char *part = g_strdup (lines[i]);

        g_strstrip (part);
        if (g_str_has_suffix (part, "\\"))
          part[strlen (part) - 1] = '\0';
        g_strstrip (part);
        g_string_append_printf (rebuilt, "%s%s", i ? " " : "", part);
      }
    joined = g_string_free (rebuilt, FALSE);
  }
  g_assert_cmpstr (joined, ==, line);
}

static void
test_command_line_sizes (void)
{
  g_autoptr (DynoResult) result = make_session ();
  g_autoptr (DynoConfig) config = dyno_config_copy (dyno_result_get_config (result));
  g_autofree char *line = NULL;

  /* Sizes given, Bonnie's one pass, runs added for a precision of 2 %. */
  config->autos = DYNO_AUTO_REPEAT;
  config->phase_time = 0;
  config->size = 512 << 20;
  config->precision = 0.02;
  config->cache = DYNO_CACHE_DIRECT;
  dyno_result_set_config (result, config);
  line = dyno_command_line_for_result (result);
  g_assert_nonnull (strstr (line, " --phase-time 0"));
  g_assert_nonnull (strstr (line, " -s 512M"));
  /* No phase time, no runs added: exactly three, judged against 2 %. */
  g_assert_nonnull (strstr (line, " -x 3 --precision 2%"));
  g_assert_nonnull (strstr (line, " --cache direct"));

  /* With a phase time, runs added until 2 %: the default three, then more. */
  config->phase_time = 3;
  config->autos = DYNO_AUTO_ALL | DYNO_AUTO_REPEAT;
  dyno_result_set_config (result, config);
  g_free (line);
  line = dyno_command_line_for_result (result);
  g_assert_null (strstr (line, " --phase-time"));
  g_assert_null (strstr (line, " -x "));
  g_assert_null (strstr (line, " -s "));
  g_assert_nonnull (strstr (line, " --precision 2%"));

  {
    static const char *const cases[][2] = {
      { "plain-1.0_x/y:z", "plain-1.0_x/y:z" },
      { "", "''" },
      { "a b", "'a b'" },
      { "$(rm -rf ~)", "'$(rm -rf ~)'" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *quoted = dyno_command_line_quote (cases[i][0]);

        g_assert_cmpstr (quoted, ==, cases[i][1]);
      }
  }
}

/* The block of the document that is a heading with this id, or -1. */
static int
find_heading (DynoReportDoc *doc, const char *id)
{
  for (guint i = 0; i < dyno_report_doc_get_n_blocks (doc); i++)
    {
      const DynoReportBlock *block = dyno_report_doc_get_block (doc, i);

      if (block->kind == DYNO_REPORT_BLOCK_HEADING && g_strcmp0 (block->id, id) == 0)
        return i;
    }
  return -1;
}

static void
test_doc_order (void)
{
  g_autoptr (DynoResult) result = make_session ();
  g_autoptr (DynoComparison) comparison = session_comparison (result);
  g_autoptr (DynoReportDoc) doc = dyno_report_doc_build (comparison, DYNO_RATE_UNIT_MB);
  g_autofree char *summary = dyno_comparison_describe_summary (comparison, 1);
  const char *const sections[] = { "answer", "figures", "charts", "targets", "machine",
                                   "method", "reproduce" };
  const DynoReportBlock *lead;
  int last = -1;

  g_assert_cmpstr (dyno_report_doc_get_title (doc), ==, "enc <&> \"q\" vs plain");
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      int at = find_heading (doc, sections[i]);

      g_assert_cmpint (at, >, last);
      last = at;
    }
  /* The answer is the comparison's own sentence, then its forest plot. */
  lead = dyno_report_doc_get_block (doc, find_heading (doc, "answer") + 1);
  g_assert_cmpint (lead->kind, ==, DYNO_REPORT_BLOCK_PARAGRAPH);
  g_assert_cmpint (lead->style, ==, DYNO_REPORT_STYLE_LEAD);
  g_assert_cmpstr (lead->text, ==, summary);
  g_assert_cmpint (dyno_report_doc_get_block (doc, find_heading (doc, "answer") + 2)->kind, ==,
                   DYNO_REPORT_BLOCK_CHART);
  g_assert_cmpint (dyno_report_doc_get_block (doc, find_heading (doc, "answer") + 2)->chart.kind,
                   ==, DYNO_REPORT_CHART_FOREST);
}

static void
test_doc_marks (void)
{
  g_autoptr (DynoResult) result = make_session ();
  g_autoptr (DynoComparison) comparison = session_comparison (result);
  g_autoptr (DynoReportDoc) doc = dyno_report_doc_build (comparison, DYNO_RATE_UNIT_MB);
  const DynoReportBlock *table = dyno_report_doc_get_block (doc, find_heading (doc, "figures")
                                                                     + 2);
  gboolean too_fast = FALSE, legend = FALSE, figure = FALSE;

  g_assert_cmpint (table->kind, ==, DYNO_REPORT_BLOCK_TABLE);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const DynoReportRow *row = g_ptr_array_index (table->rows, r);

      for (guint c = 0; c < row->cells->len; c++)
        {
          const DynoReportCell *cell = g_ptr_array_index (row->cells, c);

          /* Every read of the encrypted folder was too fast: bonnie++'s mark, no figure. */
          too_fast |= g_str_equal (cell->text, "+++++") && cell->tone == DYNO_REPORT_TONE_DIM;
          /* Block write of plain: 405 ± its 95 % interval, three runs. */
          figure |= g_str_has_prefix (cell->text, "405.0 ± ") && cell->detail != NULL
                    && g_str_has_prefix (cell->detail, "3 runs");
        }
    }
  for (guint i = 0; i < table->notes->len; i++)
    legend |= g_str_has_prefix (g_ptr_array_index (table->notes, i), "+++++: ");
  g_assert_true (too_fast);
  g_assert_true (figure);
  g_assert_true (legend);
}

static void
test_html_escaped (void)
{
  g_autoptr (DynoResult) result = make_session ();
  g_autoptr (DynoComparison) comparison = session_comparison (result);
  g_autoptr (DynoReportDoc) doc = dyno_report_doc_build (comparison, DYNO_RATE_UNIT_MB);
  g_autofree char *page = dyno_report_doc_to_html (doc, NULL, NULL);

  g_assert_true (g_str_has_prefix (page, "<!DOCTYPE html>\n<html lang=\""));
  /* What the person wrote is text: no element comes of it. */
  g_assert_null (strstr (page, "<script"));
  g_assert_null (strstr (page, "<b>"));
  g_assert_null (strstr (page, "<i>"));
  g_assert_nonnull (strstr (page, "it&apos;s &lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
  g_assert_nonnull (strstr (page, "<blockquote>first &lt;b&gt;line&lt;/b&gt;\nsecond &amp; "
                                  "last</blockquote>"));
  g_assert_nonnull (strstr (page, "<h1>enc &lt;&amp;&gt; &quot;q&quot; vs plain</h1>"));
  g_assert_nonnull (strstr (page, "CPU &lt;i&gt;9&lt;/i&gt;"));
  /* Nothing from outside: no URL, no script; the only references are to its anchors. */
  g_assert_null (strstr (page, "http:"));
  g_assert_null (strstr (page, "https:"));
  g_assert_null (strstr (page, "@import"));
  g_assert_null (strstr (page, "src="));
  g_assert_nonnull (strstr (page, "<a href=\"#answer\">"));
  /* Without charts, each chart's place says so. */
  g_assert_null (strstr (page, "<svg"));
  g_assert_nonnull (strstr (page, "class=\"chart-missing\""));
  /* The encryption layer: its cipher and where it runs. */
  g_assert_nonnull (strstr (page, "gocryptfs: AES-256-GCM; runs in user space (the gocryptfs "
                                  "daemon)"));
  g_assert_true (g_str_has_suffix (page, "</html>\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report-doc/command-line", test_command_line);
  g_test_add_func ("/report-doc/command-line/sizes", test_command_line_sizes);
  g_test_add_func ("/report-doc/order", test_doc_order);
  g_test_add_func ("/report-doc/marks", test_doc_marks);
  g_test_add_func ("/report-doc/html-escaped", test_html_escaped);
  return g_test_run ();
}
