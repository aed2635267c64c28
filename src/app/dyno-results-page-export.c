/* dyno-results-page-export.c: the Results page's exports: the shown run's or comparison's
 * report, charts and table to files, and copies to the clipboard
 *
 * The save dialogs only ask for a file; what they lead to (dyno_results_page_export_chart_to (),
 * _table_to (), _report_to ()) draws and writes on a worker thread (dyno-export.c) and says how it went in a
 * toast whose button opens the file.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-results-page-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dyno-grid-chart.h"
#include "dyno-headline.h"
#include "dyno-report.h"
#include "dyno-results-page-private.h"
#include "dyno-units.h"

static DynoRateUnit
rate_unit (DynoResultsPage *self)
{
  return dyno_units_get_rate_unit (self->settings);
}

void
dyno_results_page_export (DynoResultsPage *self)
{
  const char *view;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  view = dyno_results_page_get_view (self);
  if (g_str_equal (view, "comparison"))
    dyno_compare_view_popup_export (self->compare_view);
  else if (g_str_equal (view, "result"))
    dyno_result_view_popup_export (self->result_view);
}

static DynoComparison *
shown_comparison (DynoResultsPage *self)
{
  if (!g_str_equal (dyno_results_page_get_view (self), "comparison"))
    return NULL;
  return dyno_compare_view_get_comparison (self->compare_view);
}

static DynoResult *
shown_result (DynoResultsPage *self)
{
  if (!g_str_equal (dyno_results_page_get_view (self), "result"))
    return NULL;
  return dyno_result_view_get_result (self->result_view);
}

/* An entry with repeats: some phase has two runs or more, so its ratios have intervals. */
static gboolean
entry_has_repeats (DynoComparison *comparison, guint entry, GPtrArray *phases)
{
  for (guint i = 0; i < phases->len; i++)
    {
      DynoCompareCell cell;

      dyno_comparison_get_cell (comparison, entry, g_ptr_array_index (phases, i), &cell);
      if (cell.present && cell.n >= 2)
        return TRUE;
    }
  return FALSE;
}

/* What a forest plot of the shown run or comparison draws, or NULL when it has none: the
 * comparison on screen, or a paired run's two folders named as its page names them. */
static DynoComparison *
forest_comparison (DynoResultsPage *self)
{
  DynoComparison *comparison;
  DynoResult *result;

  if ((comparison = shown_comparison (self)) != NULL)
    {
      g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
      guint n_with_repeats = 0;

      for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
        n_with_repeats += entry_has_repeats (comparison, e, phases);
      return n_with_repeats >= 2 ? dyno_comparison_ref (comparison) : NULL;
    }
  if ((result = shown_result (self)) != NULL && dyno_headline_is_paired (result))
    {
      /* The page's own, with the baseline and margin it shows. */
      comparison = dyno_result_view_get_comparison (self->result_view);
      if (comparison != NULL && dyno_comparison_get_n_entries (comparison) >= 2)
        return dyno_comparison_ref (comparison);
      comparison = dyno_comparison_new ();
      dyno_comparison_add_result (comparison, result);
      if (dyno_comparison_get_n_entries (comparison) < 2)
        {
          dyno_comparison_unref (comparison);
          return NULL;
        }
      dyno_comparison_name_by_folder (comparison);
      return comparison;
    }
  return NULL;
}

gboolean
dyno_results_page_can_export_forest (DynoResultsPage *self)
{
  g_autoptr (DynoComparison) comparison = NULL;

  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), FALSE);

  comparison = forest_comparison (self);
  return comparison != NULL;
}

/* "NoFV-vs-FV": the runs' labels, each once (a session's targets share one). */
static char *
comparison_stem (DynoComparison *comparison)
{
  guint n = dyno_comparison_get_n_entries (comparison);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint e = 0; e < n; e++)
    {
      DynoResult *result = dyno_comparison_get_result (comparison, e);
      const char *label = dyno_result_get_label (result);

      if (label == NULL || *label == '\0')
        label = dyno_comparison_get_name (comparison, e);
      if (!g_ptr_array_find_with_equal_func (labels, label, g_str_equal, NULL))
        g_ptr_array_add (labels, (gpointer) label);
    }
  if (labels->len > 3)
    return g_strdup_printf ("dyno-comparison-%u-runs", n);
  for (guint i = 0; i < labels->len; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? "-vs-" : "",
                            (const char *) g_ptr_array_index (labels, i));
  return dyno_export_file_stem (names->str);
}

static char *
result_stem (DynoResult *result)
{
  g_autofree char *name = dyno_result_dup_name (result);

  return dyno_export_file_stem (name);
}

static void
on_open_clicked (AdwToast *toast, DynoResultsPage *self)
{
  const char *path = g_object_get_data (G_OBJECT (toast), "dyno-path");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (dyno_results_page_get_window (self), uri, GDK_CURRENT_TIME);
}

static void
on_exported (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DynoResultsPage) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = dyno_export_finish (res, &error);
  g_autofree char *name = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  self->n_exports--;
  if (dyno_results_page_is_disposed (self)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (path == NULL)
    {
      dyno_results_page_show_error (self, _("Could Not Export"), error->message);
      return;
    }
  name = g_filename_display_basename (path);
  escaped = g_markup_escape_text (name, -1);
  /* TRANSLATORS: a toast; %s is the file's name */
  toast = adw_toast_new_format (_("Exported “%s”"), escaped);
  adw_toast_set_button_label (toast, _("_Open"));
  /* The toast is the window's, out of reach of the page's actions: it keeps the path. */
  g_object_set_data_full (G_OBJECT (toast), "dyno-path", g_steal_pointer (&path), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_open_clicked), self, 0);
  dyno_results_page_add_toast (self, toast);
}

void
dyno_results_page_export_chart_to (DynoResultsPage *self,
                                   const char *kind,
                                   DynoExportFormat format,
                                   const char *path)
{
  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (kind != NULL && path != NULL);
  g_return_if_fail (dyno_export_format_is_chart (format));

  if (g_str_equal (kind, "live"))
    {
      DynoResult *result = shown_result (self);

      if (result == NULL || dyno_result_get_n_targets (result) == 0)
        return;
      self->n_exports++;
      /* Every target's, as dyno-cli export writes it. */
      dyno_export_live_chart_async (result, -1, rate_unit (self), format, path,
                                    self->io_cancellable, on_exported, g_object_ref (self));
    }
  else if (g_str_equal (kind, "grid"))
    {
      DynoResult *result = shown_result (self);

      if (result == NULL || dyno_result_get_n_targets (result) == 0)
        return;
      self->n_exports++;
      dyno_export_grid_chart_async (result, rate_unit (self),
                                    dyno_result_view_get_grid_unit (self->result_view), format,
                                    path, self->io_cancellable, on_exported,
                                    g_object_ref (self));
    }
  else if (g_str_equal (kind, "forest"))
    {
      g_autoptr (DynoComparison) comparison = forest_comparison (self);
      DynoCompareChartOptions options;

      if (comparison == NULL)
        return;
      /* Every phase, as the paired run's page and dyno-cli export --chart forest draw it. */
      dyno_compare_chart_options_init (&options, DYNO_COMPARE_CHART_FOREST);
      self->n_exports++;
      dyno_export_compare_chart_async (comparison, &options, rate_unit (self), format, path,
                                       self->io_cancellable, on_exported, g_object_ref (self));
    }
  else
    {
      DynoComparison *comparison = shown_comparison (self);
      DynoCompareChartKind chart_kind;
      const DynoCompareChartOptions *options;

      if (comparison == NULL || !dyno_compare_chart_kind_from_string (kind, &chart_kind))
        return;
      /* What the screen shows: the same kind, phase and baseline. */
      options = dyno_compare_graph_get_options (
          dyno_compare_view_get_graph (self->compare_view, chart_kind));
      self->n_exports++;
      dyno_export_compare_chart_async (comparison, options, rate_unit (self), format, path,
                                       self->io_cancellable, on_exported, g_object_ref (self));
    }
}

void
dyno_results_page_export_table_to (DynoResultsPage *self,
                                   DynoExportFormat format,
                                   const char *path)
{
  g_autofree char *text = NULL;
  DynoComparison *comparison;
  DynoResult *result;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (!dyno_export_format_is_chart (format));

  /* Formatting is quick; the writing goes to a thread. */
  if ((comparison = shown_comparison (self)) != NULL)
    text = dyno_export_comparison_table (comparison, format, rate_unit (self));
  else if ((result = shown_result (self)) != NULL)
    text = dyno_export_result_table (result, format, rate_unit (self));
  if (text == NULL)
    return;
  self->n_exports++;
  dyno_export_text_async (text, path, self->io_cancellable, on_exported, g_object_ref (self));
}

/* What a report of the shown run or comparison says: the comparison on screen, or the run's
 * targets, a session's named by their folders as its page names them. NULL when none is shown. */
static DynoComparison *
report_comparison (DynoResultsPage *self)
{
  DynoComparison *comparison;
  DynoResult *result;

  if ((comparison = shown_comparison (self)) != NULL)
    return dyno_comparison_ref (comparison);
  if ((result = shown_result (self)) == NULL)
    return NULL;
  comparison = dyno_comparison_new ();
  dyno_comparison_add_result (comparison, result);
  if (dyno_comparison_get_n_entries (comparison) == 0)
    {
      dyno_comparison_unref (comparison);
      return NULL;
    }
  dyno_comparison_name_by_folder (comparison);
  return comparison;
}

void
dyno_results_page_export_report_to (DynoResultsPage *self,
                                    DynoExportFormat format,
                                    const char *path)
{
  g_autoptr (DynoComparison) comparison = NULL;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (dyno_export_format_is_report (format));

  comparison = report_comparison (self);
  if (comparison == NULL)
    return;
  /* Built, drawn and written in a worker: a PDF of many charts takes a moment. */
  self->n_exports++;
  dyno_export_report_async (comparison, rate_unit (self), format, path, self->io_cancellable,
                            on_exported, g_object_ref (self));
}

typedef enum
{
  CHOICE_CHART,
  CHOICE_TABLE,
  CHOICE_REPORT,
} ChoiceKind;

typedef struct
{
  DynoResultsPage *page;
  ChoiceKind what;
  char *kind; /* CHOICE_CHART: which chart */
} ExportChoice;

static void
export_choice_free (gpointer data)
{
  ExportChoice *choice = data;

  g_object_unref (choice->page);
  g_free (choice->kind);
  g_free (choice);
}

static void
on_export_chosen (const char *path, DynoExportFormat format, gpointer user_data)
{
  ExportChoice *choice = user_data;

  /* The window was closed while the dialog was open. */
  if (dyno_results_page_is_disposed (choice->page))
    return;
  switch (choice->what)
    {
    case CHOICE_CHART:
      dyno_results_page_export_chart_to (choice->page, choice->kind, format, path);
      break;
    case CHOICE_REPORT:
      dyno_results_page_export_report_to (choice->page, format, path);
      break;
    case CHOICE_TABLE:
    default:
      dyno_results_page_export_table_to (choice->page, format, path);
      break;
    }
}

static const char *
chart_suffix (const char *kind)
{
  if (g_str_equal (kind, "cpu"))
    return "cpu";
  if (g_str_equal (kind, "overlay"))
    return "over-time";
  if (g_str_equal (kind, "live"))
    return "live";
  if (g_str_equal (kind, "grid"))
    return "drive-tests";
  if (g_str_equal (kind, "forest"))
    return "verdicts";
  return "rates";
}

void
dyno_results_page_choose_export_chart (DynoResultsPage *self, const char *kind)
{
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  DynoComparison *comparison = shown_comparison (self);
  DynoResult *result = shown_result (self);
  ExportChoice *choice;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  if (g_str_equal (kind, "forest"))
    {
      g_autoptr (DynoComparison) forest = forest_comparison (self);

      g_autofree char *title = NULL;

      if (forest == NULL)
        return;
      /* "encrypted-vs-plain-verdicts": named for the question it answers. */
      title = dyno_compare_chart_forest_title (forest);
      stem = dyno_export_file_stem (title);
    }
  else if (g_str_equal (kind, "live") && result != NULL)
    stem = result_stem (result);
  else if (g_str_equal (kind, "grid") && result != NULL)
    {
      if (dyno_grid_chart_count_targets (result) == 0)
        {
          dyno_results_page_toast (self, _("This run has no drive tests to draw as a grid"));
          return;
        }
      stem = result_stem (result);
    }
  else if (!g_str_equal (kind, "live") && !g_str_equal (kind, "grid") && comparison != NULL)
    {
      stem = comparison_stem (comparison);
      if (g_str_equal (kind, "overlay"))
        {
          const DynoPhase *phase = dyno_compare_view_get_phase (self->compare_view);

          if (!dyno_compare_chart_has_samples (comparison, phase))
            {
              dyno_results_page_toast (self, _("These runs have no live samples to draw: "
                                               "imported results carry only their figures"));
              return;
            }
        }
    }
  else
    return;

  name = g_strdup_printf ("%s-%s", stem, chart_suffix (kind));
  choice = g_new0 (ExportChoice, 1);
  choice->page = g_object_ref (self);
  choice->what = CHOICE_CHART;
  choice->kind = g_strdup (kind);
  dyno_export_choose_file (dyno_results_page_get_window (self), _("Export Chart"), name,
                           dyno_export_chart_formats, DYNO_EXPORT_N_CHART_FORMATS,
                           on_export_chosen, choice, export_choice_free);
}

void
dyno_results_page_choose_export_table (DynoResultsPage *self)
{
  g_autofree char *stem = NULL;
  DynoComparison *comparison = shown_comparison (self);
  DynoResult *result = shown_result (self);
  ExportChoice *choice;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  if (comparison != NULL)
    stem = comparison_stem (comparison);
  else if (result != NULL)
    stem = result_stem (result);
  else
    return;

  choice = g_new0 (ExportChoice, 1);
  choice->page = g_object_ref (self);
  choice->what = CHOICE_TABLE;
  dyno_export_choose_file (dyno_results_page_get_window (self), _("Export Table"), stem,
                           dyno_export_table_formats, DYNO_EXPORT_N_TABLE_FORMATS,
                           on_export_chosen, choice, export_choice_free);
}

void
dyno_results_page_choose_export_report (DynoResultsPage *self)
{
  g_autoptr (DynoComparison) comparison = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  ExportChoice *choice;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  comparison = report_comparison (self);
  if (comparison == NULL)
    {
      dyno_results_page_toast (self, _("Nothing to report: the run measured no phase"));
      return;
    }
  stem = shown_result (self) != NULL ? result_stem (shown_result (self))
                                     : comparison_stem (comparison);
  name = g_strconcat (stem, "-report", NULL);
  choice = g_new0 (ExportChoice, 1);
  choice->page = g_object_ref (self);
  choice->what = CHOICE_REPORT;
  dyno_export_choose_file (dyno_results_page_get_window (self), _("Export Report"), name,
                           dyno_export_report_formats, DYNO_EXPORT_N_REPORT_FORMATS,
                           on_export_chosen, choice, export_choice_free);
}

void
dyno_results_page_copy_table (DynoResultsPage *self)
{
  DynoComparison *comparison = shown_comparison (self);
  g_autofree char *text = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GdkContentProvider) provider = NULL;
  GdkContentProvider *providers[2];

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  if (comparison == NULL)
    return;
  text = dyno_comparison_format (comparison, DYNO_COMPARE_FORMAT_MARKDOWN, rate_unit (self));
  bytes = g_bytes_new (text, strlen (text));
  /* Markdown for editors that ask for it, and the same as plain text for the rest. */
  providers[0] = gdk_content_provider_new_for_bytes ("text/markdown", bytes);
  providers[1] = gdk_content_provider_new_typed (G_TYPE_STRING, text);
  provider = gdk_content_provider_new_union (providers, G_N_ELEMENTS (providers));
  gdk_clipboard_set_content (gtk_widget_get_clipboard (GTK_WIDGET (self)), provider);
  dyno_results_page_toast (self, _("Table copied as Markdown"));
}

void
dyno_results_page_copy_results (DynoResultsPage *self)
{
  /* The run of the result view: the last one, or one opened from the list. */
  DynoResult *result = dyno_results_page_get_result (self);
  g_autofree char *text = NULL;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  if (result == NULL)
    return;
  text = dyno_report_text (result, rate_unit (self));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  dyno_results_page_toast (self, _("Results copied as text"));
}
