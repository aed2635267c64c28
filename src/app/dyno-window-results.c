/* dyno-window-results.c: the Results page: the list of runs, one run, a comparison; import,
 * open, export and delete
 *
 * The page is a leaflet that never unfolds: the list, and over it either one run or a
 * comparison, with the header bar's back button (and Alt+Left, and a swipe) to return. Files are
 * read, written and drawn in worker threads (DynoHistory, dyno-export.c); this file only starts
 * them and says how it went, in toasts and, when input could not be read, in a dialog that shows
 * the importer's own words.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-window-results"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dyno-result-store.h"
#include "dyno-units.h"
#include "dyno-window-private.h"

/* Toasts */

static void
add_toast (DynoWindow *self, AdwToast *toast)
{
  if (self->toast_overlay != NULL)
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

static char *
escape (const char *text)
{
  return g_markup_escape_text (text != NULL ? text : "", -1);
}

/* Navigation */

const char *
dyno_window_get_results_page (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);

  if (g_strcmp0 (adw_leaflet_get_visible_child_name (self->results_leaflet), "detail") != 0)
    return "list";
  return gtk_stack_get_visible_child_name (self->detail_stack);
}

static void
show_detail (DynoWindow *self, const char *name)
{
  gtk_stack_set_visible_child_name (self->detail_stack, name);
  adw_leaflet_set_visible_child_name (self->results_leaflet, "detail");
  dyno_window_show_page (self, "results");
}

void
dyno_window_show_result (DynoWindow *self, DynoResult *result, const char *path)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (DYNO_IS_RESULT (result));

  dyno_result_view_set_result (self->result_view, result);
  dyno_result_view_set_saved_path (self->result_view, path);
  show_detail (self, "result");
  dyno_window_update_actions (self);
}

void
dyno_window_show_item (DynoWindow *self, DynoHistoryItem *item)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  dyno_window_show_result (self, dyno_history_item_get_result (item),
                           dyno_history_item_get_path (item));
}

void
dyno_window_go_back (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  adw_leaflet_set_visible_child_name (self->results_leaflet, "list");
}

void
dyno_window_find (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  dyno_window_show_page (self, "results");
  dyno_window_go_back (self);
  dyno_history_view_focus_search (self->history_view);
}

/* A finished run */

void
dyno_window_results_add_run (DynoWindow *self, DynoResult *result)
{
  DynoHistoryItem *item;

  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (DYNO_IS_RESULT (result));

  /* Newest first by default, so it lands at the top. */
  item = dyno_history_add_result (self->history, result);
  dyno_history_item_set_path (item, dyno_result_get_path (result));
  dyno_window_update_actions (self);
}

/* Compare */

void
dyno_window_compare (DynoWindow *self)
{
  g_autoptr (GPtrArray) items = NULL;
  g_autoptr (DynoComparison) comparison = NULL;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (dyno_history_get_n_selected (self->history) < 2)
    return;

  /* Entries in the order the list shows them; the baseline comes from the settings. */
  items = dyno_history_view_get_selected_items (self->history_view);
  comparison = dyno_comparison_new ();
  for (guint i = 0; i < items->len; i++)
    {
      DynoHistoryItem *item = g_ptr_array_index (items, i);

      for (guint t = 0; t < dyno_history_item_get_n_targets (item); t++)
        if (dyno_history_item_get_target_selected (item, t))
          dyno_comparison_add (comparison, dyno_history_item_get_result (item), t);
    }
  dyno_compare_view_set_comparison (self->compare_view, comparison);
  show_detail (self, "comparison");
  dyno_window_update_actions (self);
}

static void
select_items (DynoWindow *self, GPtrArray *items)
{
  dyno_history_clear_selection (self->history);
  for (guint i = 0; i < items->len; i++)
    dyno_history_item_set_selected (g_ptr_array_index (items, i), TRUE);
}

/* Import and open */

typedef struct
{
  DynoWindow *window;
  DynoHistoryIngestMode mode;
} Ingest;

static void
compare_imported (AdwToast *toast, DynoWindow *self)
{
  dyno_window_compare (self);
}

static void
say_imported (DynoWindow *self, DynoHistoryIngest *ingest)
{
  g_autofree char *text = NULL;
  g_autofree char *source = escape (ingest->source);
  g_autofree char *format = escape (ingest->format);
  guint n = ingest->items->len;
  AdwToast *toast;

  if (ingest->n_new == 0)
    /* TRANSLATORS: a toast after an import that brought nothing new */
    text = g_strdup (g_dngettext (GETTEXT_PACKAGE, "That run is in the list already",
                                  "Those runs are in the list already", n));
  else if (ingest->source != NULL && ingest->format != NULL)
    /* TRANSLATORS: a toast: "Imported 4 runs from 003.txt (Bonnie table)" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u run from %s (%s)",
                                         "Imported %u runs from %s (%s)", n),
                            n, source, format);
  else if (ingest->source != NULL)
    /* TRANSLATORS: a toast: "Imported 4 runs from 003.txt" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u run from %s",
                                         "Imported %u runs from %s", n),
                            n, source);
  else
    /* TRANSLATORS: a toast after importing several files */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u run",
                                         "Imported %u runs", n),
                            n);

  toast = adw_toast_new (text);
  if (dyno_history_get_n_selected (self->history) >= 2)
    {
      /* The imported runs are checked: comparing them is one click away. */
      adw_toast_set_button_label (toast, _("_Compare"));
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (compare_imported), self, 0);
    }
  add_toast (self, toast);
}

static void
on_ingested (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Ingest *call = user_data;
  g_autoptr (DynoWindow) self = call->window;
  g_autoptr (DynoHistoryIngest) ingest = NULL;
  g_autoptr (GError) error = NULL;
  DynoHistoryIngestMode mode = call->mode;

  g_free (call);
  ingest = dyno_history_ingest_finish (DYNO_HISTORY (source), res, &error);
  self->n_ingests--;
  if (self->toast_overlay == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (ingest == NULL)
    {
      g_autofree char *body = g_strdup_printf ("%s\n\n%s", error->message,
                                               _("Nothing was imported."));

      dyno_window_show_error (self,
                              mode == DYNO_HISTORY_OPEN ? _("Could Not Open the File")
                                                        : _("Could Not Import"),
                              body);
      return;
    }
  if (ingest->items->len == 0)
    return;

  select_items (self, ingest->items);
  if (mode == DYNO_HISTORY_OPEN && ingest->n_imported == 0)
    {
      /* Opening files shows them: one run, or several side by side. */
      if (ingest->items->len == 1)
        dyno_window_show_item (self, g_ptr_array_index (ingest->items, 0));
      else if (dyno_history_get_n_selected (self->history) >= 2)
        dyno_window_compare (self);
      return;
    }

  dyno_window_show_page (self, "results");
  dyno_window_go_back (self);
  say_imported (self, ingest);
}

static void
start_ingest (DynoWindow *self, DynoHistoryIngestMode mode, GFile **files, guint n_files,
              GBytes *text, const char *source)
{
  Ingest *call = g_new0 (Ingest, 1);

  call->window = g_object_ref (self);
  call->mode = mode;
  self->n_ingests++;
  if (text != NULL)
    dyno_history_ingest_data_async (self->history, text, source, self->io_cancellable,
                                    on_ingested, call);
  else
    dyno_history_ingest_files_async (self->history, files, n_files, mode, self->io_cancellable,
                                     on_ingested, call);
}

void
dyno_window_import_files (DynoWindow *self,
                          GFile **files,
                          guint n_files,
                          DynoHistoryIngestMode mode)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (files != NULL || n_files == 0);

  if (n_files == 0)
    return;
  start_ingest (self, mode, files, n_files, NULL, NULL);
}

void
dyno_window_import_text (DynoWindow *self, const char *text, const char *source)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  bytes = g_bytes_new (text, strlen (text));
  start_ingest (self, DYNO_HISTORY_IMPORT, NULL, 0, bytes, source);
}

void
dyno_window_open_files (DynoWindow *self, GFile **files, guint n_files)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  dyno_window_import_files (self, files, n_files, DYNO_HISTORY_OPEN);
}

static void
on_import_chosen (DynoWindow *self, int response, GtkNativeDialog *dialog)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        g_ptr_array_add (files, g_list_model_get_item (list, i));
      dyno_window_import_files (self, (GFile **) files->pdata, files->len, DYNO_HISTORY_IMPORT);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->import_chooser);
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *const *patterns)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
}

void
dyno_window_choose_import (DynoWindow *self)
{
  static const char *const all[] = { "*.dyno.json", "*.json", "*.csv", "*.txt", "*.text",
                                     "*.log", "*.out", NULL };
  static const char *const dyno[] = { "*.dyno.json", "*.json", NULL };
  static const char *const csv[] = { "*.csv", NULL };
  static const char *const text[] = { "*.txt", "*.text", "*.log", "*.out", NULL };
  static const char *const any[] = { "*", NULL };
  GtkFileChooserNative *chooser;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (self->import_chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import Results"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  add_filter (GTK_FILE_CHOOSER (chooser), _("Results of Dyno, bonnie++ and Bonnie"), all);
  add_filter (GTK_FILE_CHOOSER (chooser), _("Dyno Results"), dyno);
  add_filter (GTK_FILE_CHOOSER (chooser), _("bonnie++ CSV"), csv);
  add_filter (GTK_FILE_CHOOSER (chooser), _("bonnie++ and Bonnie Text Tables"), text);
  add_filter (GTK_FILE_CHOOSER (chooser), _("All Files"), any);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_import_chosen), self,
                           G_CONNECT_SWAPPED);
  self->import_chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->import_chooser);
}

static void
on_clipboard_text (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DynoWindow) self = user_data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), res, NULL);
  g_autofree char *stripped = NULL;

  if (self->toast_overlay == NULL)
    return;
  stripped = text != NULL ? g_strstrip (g_strdup (text)) : NULL;
  if (stripped == NULL || *stripped == '\0')
    {
      dyno_window_toast (self, _("The clipboard holds no text to import"));
      return;
    }
  /* TRANSLATORS: where pasted results came from, in their provenance */
  dyno_window_import_text (self, text, _("clipboard"));
}

void
dyno_window_paste_import (DynoWindow *self)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                                 self->io_cancellable, on_clipboard_text, g_object_ref (self));
}

/* Drag and drop: files are opened, text is imported. */

static gboolean
on_drop (DynoWindow *self, const GValue *value, double x, double y, GtkDropTarget *target)
{
  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *list = g_value_get_boxed (value);
      g_autoptr (GPtrArray) files = g_ptr_array_new ();

      for (GSList *l = list; l != NULL; l = l->next)
        g_ptr_array_add (files, l->data);
      dyno_window_open_files (self, (GFile **) files->pdata, files->len);
      return files->len > 0;
    }
  if (G_VALUE_HOLDS_STRING (value) && g_value_get_string (value) != NULL)
    {
      /* TRANSLATORS: where dropped results came from, in their provenance */
      dyno_window_import_text (self, g_value_get_string (value), _("dropped text"));
      return TRUE;
    }
  return FALSE;
}

/* Export */

static DynoRateUnit
rate_unit (DynoWindow *self)
{
  return dyno_units_get_rate_unit (self->settings);
}

void
dyno_window_export (DynoWindow *self)
{
  const char *page;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  page = dyno_window_get_results_page (self);
  if (g_str_equal (page, "comparison"))
    dyno_compare_view_popup_export (self->compare_view);
  else if (g_str_equal (page, "result"))
    dyno_result_view_popup_export (self->result_view);
}

static DynoComparison *
shown_comparison (DynoWindow *self)
{
  if (!g_str_equal (dyno_window_get_results_page (self), "comparison"))
    return NULL;
  return dyno_compare_view_get_comparison (self->compare_view);
}

static DynoResult *
shown_result (DynoWindow *self)
{
  if (!g_str_equal (dyno_window_get_results_page (self), "result"))
    return NULL;
  return dyno_result_view_get_result (self->result_view);
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
  const char *label = dyno_result_get_label (result);
  const DynoSystemInfo *system = dyno_result_get_system (result);

  if (label == NULL || *label == '\0')
    label = system != NULL && system->hostname != NULL ? system->hostname : "dyno";
  return dyno_export_file_stem (label);
}

static void
on_exported (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DynoWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = dyno_export_finish (res, &error);
  g_autofree char *name = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  self->n_exports--;
  if (self->toast_overlay == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (path == NULL)
    {
      dyno_window_show_error (self, _("Could Not Export"), error->message);
      return;
    }
  name = g_filename_display_basename (path);
  escaped = escape (name);
  /* TRANSLATORS: a toast; %s is the file's name */
  toast = adw_toast_new_format (_("Exported “%s”"), escaped);
  adw_toast_set_button_label (toast, _("_Open"));
  adw_toast_set_action_name (toast, "win.open-file");
  adw_toast_set_action_target_value (toast, g_variant_new_string (path));
  add_toast (self, toast);
}

void
dyno_window_export_chart_to (DynoWindow *self,
                             const char *kind,
                             DynoExportFormat format,
                             const char *path)
{
  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (kind != NULL && path != NULL);
  g_return_if_fail (dyno_export_format_is_chart (format));

  if (g_str_equal (kind, "live"))
    {
      DynoResult *result = shown_result (self);

      if (result == NULL || dyno_result_get_n_targets (result) == 0)
        return;
      self->n_exports++;
      dyno_export_live_chart_async (result, 0, rate_unit (self), format, path,
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
dyno_window_export_table_to (DynoWindow *self, DynoExportFormat format, const char *path)
{
  g_autofree char *text = NULL;
  DynoComparison *comparison;
  DynoResult *result;

  g_return_if_fail (DYNO_IS_WINDOW (self));
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

typedef struct
{
  DynoWindow *window;
  char *kind; /* NULL for the table */
} ExportChoice;

static void
export_choice_free (gpointer data)
{
  ExportChoice *choice = data;

  g_object_unref (choice->window);
  g_free (choice->kind);
  g_free (choice);
}

static void
on_export_chosen (const char *path, DynoExportFormat format, gpointer user_data)
{
  ExportChoice *choice = user_data;

  /* The window was closed while the dialog was open. */
  if (choice->window->toast_overlay == NULL)
    return;
  if (choice->kind != NULL)
    dyno_window_export_chart_to (choice->window, choice->kind, format, path);
  else
    dyno_window_export_table_to (choice->window, format, path);
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
  return "rates";
}

void
dyno_window_choose_export_chart (DynoWindow *self, const char *kind)
{
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  DynoComparison *comparison = shown_comparison (self);
  DynoResult *result = shown_result (self);
  ExportChoice *choice;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (g_str_equal (kind, "live") && result != NULL)
    stem = result_stem (result);
  else if (!g_str_equal (kind, "live") && comparison != NULL)
    {
      stem = comparison_stem (comparison);
      if (g_str_equal (kind, "overlay"))
        {
          const DynoPhase *phase = dyno_compare_view_get_phase (self->compare_view);

          if (!dyno_compare_chart_has_samples (comparison, phase))
            {
              dyno_window_toast (self, _("These runs have no live samples to draw: imported "
                                         "results carry only their figures"));
              return;
            }
        }
    }
  else
    return;

  name = g_strdup_printf ("%s-%s", stem, chart_suffix (kind));
  choice = g_new0 (ExportChoice, 1);
  choice->window = g_object_ref (self);
  choice->kind = g_strdup (kind);
  dyno_export_choose_file (GTK_WINDOW (self), _("Export Chart"), name, dyno_export_chart_formats,
                           DYNO_EXPORT_N_CHART_FORMATS, on_export_chosen, choice,
                           export_choice_free);
}

void
dyno_window_choose_export_table (DynoWindow *self)
{
  g_autofree char *stem = NULL;
  DynoComparison *comparison = shown_comparison (self);
  DynoResult *result = shown_result (self);
  ExportChoice *choice;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (comparison != NULL)
    stem = comparison_stem (comparison);
  else if (result != NULL)
    stem = result_stem (result);
  else
    return;

  choice = g_new0 (ExportChoice, 1);
  choice->window = g_object_ref (self);
  dyno_export_choose_file (GTK_WINDOW (self), _("Export Table"), stem, dyno_export_table_formats,
                           DYNO_EXPORT_N_TABLE_FORMATS, on_export_chosen, choice,
                           export_choice_free);
}

void
dyno_window_copy_table (DynoWindow *self)
{
  DynoComparison *comparison = shown_comparison (self);
  g_autofree char *text = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GdkContentProvider) provider = NULL;
  GdkContentProvider *providers[2];

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (comparison == NULL)
    return;
  text = dyno_comparison_format (comparison, DYNO_COMPARE_FORMAT_MARKDOWN, rate_unit (self));
  bytes = g_bytes_new (text, strlen (text));
  /* Markdown for editors that ask for it, and the same as plain text for the rest. */
  providers[0] = gdk_content_provider_new_for_bytes ("text/markdown", bytes);
  providers[1] = gdk_content_provider_new_typed (G_TYPE_STRING, text);
  provider = gdk_content_provider_new_union (providers, G_N_ELEMENTS (providers));
  gdk_clipboard_set_content (gtk_widget_get_clipboard (GTK_WIDGET (self)), provider);
  dyno_window_toast (self, _("Table copied as Markdown"));
}

void
dyno_window_open_file_uri (DynoWindow *self, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

/* Delete, with Undo */

static void
on_undo_clicked (AdwToast *toast, DynoWindow *self)
{
  DynoHistoryItem *item = g_object_get_data (G_OBJECT (toast), "dyno-item");

  if (self->history != NULL && item != NULL)
    dyno_history_undo_delete (self->history, item);
}

void
dyno_window_delete_item (DynoWindow *self, DynoHistoryItem *item)
{
  g_autoptr (DynoHistoryItem) keep = NULL;
  g_autofree char *title = NULL;
  gboolean deletable;
  AdwToast *toast;

  g_return_if_fail (DYNO_IS_WINDOW (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  keep = g_object_ref (item);
  deletable = dyno_history_item_is_deletable (self->history, item);
  title = escape (dyno_history_item_get_title (item));
  if (dyno_result_view_get_result (self->result_view) == dyno_history_item_get_result (item)
      && g_str_equal (dyno_window_get_results_page (self), "result"))
    dyno_window_go_back (self);
  dyno_history_delete (self->history, item);

  if (deletable)
    /* TRANSLATORS: a toast; the run's file went to the trash */
    toast = adw_toast_new_format (_("“%s” deleted"), title);
  else
    /* TRANSLATORS: a toast; the file stays where it is */
    toast = adw_toast_new_format (_("“%s” removed from the list"), title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  /* The toast keeps the item, not the window: toasts live as long as the window does. */
  g_object_set_data_full (G_OBJECT (toast), "dyno-item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_clicked), self, 0);
  add_toast (self, toast);
  dyno_window_update_actions (self);
}

void
dyno_window_delete_current (DynoWindow *self)
{
  DynoHistoryItem *item = NULL;
  const char *page;

  g_return_if_fail (DYNO_IS_WINDOW (self));

  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "results") != 0)
    return;
  page = dyno_window_get_results_page (self);
  if (g_str_equal (page, "result"))
    item = dyno_history_find_result (self->history,
                                     dyno_result_view_get_result (self->result_view));
  else if (g_str_equal (page, "list"))
    item = dyno_history_view_get_focused_item (self->history_view);
  if (item != NULL)
    dyno_window_delete_item (self, item);
}

/* Setup */

static void
on_open_item (DynoWindow *self, DynoHistoryItem *item)
{
  dyno_window_show_item (self, item);
}

static void
on_history_error (DynoWindow *self, const char *message)
{
  dyno_window_toast (self, message);
}

void
dyno_window_results_init (DynoWindow *self)
{
  GtkDropTarget *drop;
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };

  self->io_cancellable = g_cancellable_new ();
  self->history = dyno_history_new ();
  dyno_history_view_set_history (self->history_view, self->history);
  g_signal_connect_object (self->history, "error", G_CALLBACK (on_history_error), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "notify::n-selected",
                           G_CALLBACK (dyno_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dyno_history_get_model (self->history), "items-changed",
                           G_CALLBACK (dyno_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history_view, "open-item", G_CALLBACK (on_open_item), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history_view, "delete-item",
                           G_CALLBACK (dyno_window_delete_item), self, G_CONNECT_SWAPPED);

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, types, G_N_ELEMENTS (types));
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  /* Off the main thread; the list shows a spinner until the files are in. */
  dyno_history_load (self->history);
}

void
dyno_window_results_dispose (DynoWindow *self)
{
  if (self->io_cancellable != NULL)
    g_cancellable_cancel (self->io_cancellable);
  if (self->import_chooser != NULL)
    gtk_native_dialog_destroy (self->import_chooser);
  g_clear_object (&self->import_chooser);
}

DynoHistory *
dyno_window_get_history (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->history;
}

DynoHistoryView *
dyno_window_get_history_view (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->history_view;
}

DynoCompareView *
dyno_window_get_compare_view (DynoWindow *self)
{
  g_return_val_if_fail (DYNO_IS_WINDOW (self), NULL);
  return self->compare_view;
}
