/* dyno-cli-report.c: `--format report` and `--format report-pdf` of export and compare
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dyno-cli-private.h"
#include "dyno-output.h"
#include "dyno-report-doc.h"
#ifdef DYNO_HAVE_CHARTS
#include "dyno-report-render.h"
#endif

gboolean
dyno_cli_report_format_from_string (const char *text, gboolean *pdf)
{
  if (text == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (text, "report") == 0)
    *pdf = FALSE;
  else if (g_ascii_strcasecmp (text, "report-pdf") == 0)
    *pdf = TRUE;
  else
    return FALSE;
  return TRUE;
}

int
dyno_cli_write_report (const char     *command,
                       DynoComparison *comparison,
                       gboolean        pdf,
                       DynoRateUnit    unit,
                       const char     *output)
{
  g_autoptr (DynoReportDoc) doc = NULL;

  if (pdf && (output == NULL || g_str_equal (output, "-")))
    return dyno_cli_usage_error (command, _("A PDF report goes to a file: give -o FILE.pdf"));
  if (dyno_comparison_get_n_entries (comparison) == 0)
    {
      /* Translators: dyno-cli export --format report of a run whose targets all failed */
      dyno_cli_error (_("Nothing to report: the run measured no phase"));
      return DYNO_EXIT_FAILED;
    }
#ifndef DYNO_HAVE_CHARTS
  if (pdf)
    return dyno_cli_usage_error (command, _("this dyno-cli was built without cairo: the PDF "
                                            "report is not available; --format report writes "
                                            "the HTML one, without its charts"));
#else
  /* Before the first chart, whose fonts start Pango's threads. */
  if (!dyno_cli_check_render_room ())
    return DYNO_EXIT_FAILED;
#endif

  doc = dyno_report_doc_build (comparison, unit);
#ifdef DYNO_HAVE_CHARTS
  if (pdf)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = dyno_report_render_pdf (doc, &error);
      gsize size = 0;
      gconstpointer data;

      if (bytes == NULL)
        {
          dyno_cli_error ("%s: %s", output, error->message);
          return DYNO_EXIT_FAILED;
        }
      data = g_bytes_get_data (bytes, &size);
      if (!dyno_output_write (output, data, size, &error))
        {
          dyno_cli_error ("%s", error->message);
          return DYNO_EXIT_FAILED;
        }
      return DYNO_EXIT_OK;
    }
  {
    g_autofree char *html = dyno_report_render_html (doc);

    return dyno_cli_write_text (output, html) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
  }
#else
  {
    /* Each chart's place says it is missing, and why. */
    g_autofree char *html = dyno_report_doc_to_html (doc, NULL, NULL);

    return dyno_cli_write_text (output, html) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
  }
#endif
}
