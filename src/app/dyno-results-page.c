/* dyno-results-page.c: the Results page: the list of runs, one run, a comparison; import, open
 * and delete, and the results.* actions
 *
 * The page is a leaflet that never unfolds: the list, and over it either one run or a
 * comparison, with the header bar's back button (and Alt+Left, and a swipe) to return. Files are
 * read, written and drawn in worker threads (DynoHistory, dyno-export.c); this file only starts
 * them and says how it went, in toasts and, when input could not be read, in a dialog that shows
 * the importer's own words. Exports are in dyno-results-page-export.c.
 *
 * The page knows no window: toasts go to the toast overlay it is in, dialogs to the window it is
 * in, and it asks for itself to be shown with the win.show-page action.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-results-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dyno-results-page-private.h"

G_DEFINE_FINAL_TYPE (DynoResultsPage, dyno_results_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_VIEW,
  PROP_RESULT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Toasts and dialogs */

gboolean
dyno_results_page_is_disposed (DynoResultsPage *self)
{
  /* gtk_widget_dispose_template () clears the template children. */
  return self->leaflet == NULL;
}

void
dyno_results_page_add_toast (DynoResultsPage *self, AdwToast *toast)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL && !dyno_results_page_is_disposed (self))
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

static char *
escape (const char *text)
{
  return g_markup_escape_text (text != NULL ? text : "", -1);
}

void
dyno_results_page_toast (DynoResultsPage *self, const char *text)
{
  g_autofree char *escaped = escape (text);

  /* Toast titles are markup; paths and error messages are not. */
  dyno_results_page_add_toast (self, adw_toast_new (escaped));
}

GtkWindow *
dyno_results_page_get_window (DynoResultsPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

void
dyno_results_page_show_error (DynoResultsPage *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (dyno_results_page_get_window (self), heading,
                                              body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The actions' states: one place, called when what they depend on changes */

static void
update_action_states (DynoResultsPage *self)
{
  const char *view;
  gboolean in_list;

  /* Template signals fire while the page is being built. */
  if (self->history == NULL || dyno_results_page_is_disposed (self))
    return;

  view = dyno_results_page_get_view (self);
  in_list = g_str_equal (view, "list");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.go-back", !in_list);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.compare",
                                 dyno_history_get_n_selected (self->history) >= 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.export", !in_list);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.export-chart", !in_list);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.export-table", !in_list);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.export-report", !in_list);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.export-forest",
                                 !in_list && dyno_results_page_can_export_forest (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.copy-table",
                                 g_str_equal (view, "comparison"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "results.copy-results",
                                 dyno_results_page_get_result (self) != NULL);
  gtk_widget_action_set_enabled (
      GTK_WIDGET (self), "results.delete-run",
      g_list_model_get_n_items (dyno_history_get_model (self->history)) > 0);
  /* Always enabled: results.import, results.paste-import and results.find. */
}

/* Navigation */

const char *
dyno_results_page_get_view (DynoResultsPage *self)
{
  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), NULL);

  if (dyno_results_page_is_disposed (self)
      || g_strcmp0 (adw_leaflet_get_visible_child_name (self->leaflet), "detail") != 0)
    return "list";
  return gtk_stack_get_visible_child_name (self->detail_stack);
}

static void
on_view_changed (DynoResultsPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
  update_action_states (self);
}

/* Asks the window to show the page. */
static void
present (DynoResultsPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-page", "s", "results");
}

static void
show_detail (DynoResultsPage *self, const char *name)
{
  gtk_stack_set_visible_child_name (self->detail_stack, name);
  adw_leaflet_set_visible_child_name (self->leaflet, "detail");
  present (self);
}

static void
go_back (DynoResultsPage *self)
{
  adw_leaflet_set_visible_child_name (self->leaflet, "list");
}

DynoResult *
dyno_results_page_get_result (DynoResultsPage *self)
{
  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), NULL);

  if (dyno_results_page_is_disposed (self))
    return NULL;
  return dyno_result_view_get_result (self->result_view);
}

void
dyno_results_page_show_result (DynoResultsPage *self, DynoResult *result, const char *path)
{
  gboolean changed;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (DYNO_IS_RESULT (result));

  changed = dyno_result_view_get_result (self->result_view) != result;
  dyno_result_view_set_result (self->result_view, result);
  dyno_result_view_set_saved_path (self->result_view, path);
  if (changed)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
      update_action_states (self);
    }
  show_detail (self, "result");
}

void
dyno_results_page_show_item (DynoResultsPage *self, DynoHistoryItem *item)
{
  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  dyno_results_page_show_result (self, dyno_history_item_get_result (item),
                                 dyno_history_item_get_path (item));
}

/* results.find: the list, with the focus in its search entry. */
static void
focus_search (DynoResultsPage *self)
{
  present (self);
  go_back (self);
  dyno_history_view_focus_search (self->history_view);
}

/* A finished run */

void
dyno_results_page_add_run (DynoResultsPage *self, DynoResult *result)
{
  DynoHistoryItem *item;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (DYNO_IS_RESULT (result));

  /* The heading of the run shown says where it was saved. */
  if (dyno_result_view_get_result (self->result_view) == result)
    dyno_result_view_set_saved_path (self->result_view, dyno_result_get_path (result));
  /* Newest first by default, so it lands at the top. */
  item = dyno_history_add_result (self->history, result);
  dyno_history_item_set_path (item, dyno_result_get_path (result));
}

/* results.compare: the checked targets side by side. */

static void
compare (DynoResultsPage *self)
{
  g_autoptr (GPtrArray) items = NULL;
  g_autoptr (DynoComparison) comparison = NULL;

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
  /* The folders of one session by their names: "encrypted vs plain". */
  dyno_comparison_name_by_folder (comparison);
  dyno_compare_view_set_comparison (self->compare_view, comparison);
  show_detail (self, "comparison");
  /* Another comparison in the same view: the forest plot may apply or not. */
  update_action_states (self);
}

void
dyno_results_page_show_comparison (DynoResultsPage *self, DynoComparison *comparison)
{
  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (comparison != NULL);

  dyno_compare_view_set_comparison (self->compare_view, comparison);
  show_detail (self, "comparison");
  update_action_states (self);
}

static void
select_items (DynoResultsPage *self, GPtrArray *items)
{
  dyno_history_clear_selection (self->history);
  for (guint i = 0; i < items->len; i++)
    dyno_history_item_set_selected (g_ptr_array_index (items, i), TRUE);
}

/* Import and open */

typedef struct
{
  DynoResultsPage *page;
  DynoHistoryIngestMode mode;
} Ingest;

static void
compare_imported (AdwToast *toast, DynoResultsPage *self)
{
  compare (self);
}

static void
say_imported (DynoResultsPage *self, DynoHistoryIngest *ingest)
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
  dyno_results_page_add_toast (self, toast);
}

static void
on_ingested (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Ingest *call = user_data;
  g_autoptr (DynoResultsPage) self = call->page;
  g_autoptr (DynoHistoryIngest) ingest = NULL;
  g_autoptr (GError) error = NULL;
  DynoHistoryIngestMode mode = call->mode;

  g_free (call);
  ingest = dyno_history_ingest_finish (DYNO_HISTORY (source), res, &error);
  self->n_ingests--;
  if (dyno_results_page_is_disposed (self)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (ingest == NULL)
    {
      g_autofree char *body = g_strdup_printf ("%s\n\n%s", error->message,
                                               _("Nothing was imported."));

      dyno_results_page_show_error (self,
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
        dyno_results_page_show_item (self, g_ptr_array_index (ingest->items, 0));
      else if (dyno_history_get_n_selected (self->history) >= 2)
        compare (self);
      return;
    }

  present (self);
  go_back (self);
  say_imported (self, ingest);
}

static void
start_ingest (DynoResultsPage *self, DynoHistoryIngestMode mode, GFile **files, guint n_files,
              GBytes *text, const char *source)
{
  Ingest *call = g_new0 (Ingest, 1);

  call->page = g_object_ref (self);
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
dyno_results_page_import_files (DynoResultsPage *self,
                                GFile **files,
                                guint n_files,
                                DynoHistoryIngestMode mode)
{
  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (files != NULL || n_files == 0);

  if (n_files == 0)
    return;
  start_ingest (self, mode, files, n_files, NULL, NULL);
}

void
dyno_results_page_import_text (DynoResultsPage *self, const char *text, const char *source)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (text != NULL);

  bytes = g_bytes_new (text, strlen (text));
  start_ingest (self, DYNO_HISTORY_IMPORT, NULL, 0, bytes, source);
}

void
dyno_results_page_open_files (DynoResultsPage *self, GFile **files, guint n_files)
{
  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));

  dyno_results_page_import_files (self, files, n_files, DYNO_HISTORY_OPEN);
}

static void
on_import_chosen (DynoResultsPage *self, int response, GtkNativeDialog *dialog)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        g_ptr_array_add (files, g_list_model_get_item (list, i));
      dyno_results_page_import_files (self, (GFile **) files->pdata, files->len,
                                      DYNO_HISTORY_IMPORT);
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

/* results.import: asks for files, then imports them. */
static void
choose_import (DynoResultsPage *self)
{
  static const char *const all[] = { "*.dyno.json", "*.json", "*.csv", "*.txt", "*.text",
                                     "*.log", "*.out", NULL };
  static const char *const dyno[] = { "*.dyno.json", "*.json", NULL };
  static const char *const csv[] = { "*.csv", NULL };
  static const char *const text[] = { "*.txt", "*.text", "*.log", "*.out", NULL };
  static const char *const any[] = { "*", NULL };
  GtkFileChooserNative *chooser;

  if (self->import_chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import Results"),
                                         dyno_results_page_get_window (self),
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
  g_autoptr (DynoResultsPage) self = user_data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), res, NULL);
  g_autofree char *stripped = NULL;

  if (dyno_results_page_is_disposed (self))
    return;
  stripped = text != NULL ? g_strstrip (g_strdup (text)) : NULL;
  if (stripped == NULL || *stripped == '\0')
    {
      dyno_results_page_toast (self, _("The clipboard holds no text to import"));
      return;
    }
  /* TRANSLATORS: where pasted results came from, in their provenance */
  dyno_results_page_import_text (self, text, _("clipboard"));
}

/* results.paste-import */
static void
paste_import (DynoResultsPage *self)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                                 self->io_cancellable, on_clipboard_text, g_object_ref (self));
}

/* Delete, with Undo */

static void
on_undo_clicked (AdwToast *toast, DynoResultsPage *self)
{
  DynoHistoryItem *item = g_object_get_data (G_OBJECT (toast), "dyno-item");

  if (self->history != NULL && item != NULL)
    dyno_history_undo_delete (self->history, item);
}

void
dyno_results_page_delete_item (DynoResultsPage *self, DynoHistoryItem *item)
{
  g_autoptr (DynoHistoryItem) keep = NULL;
  g_autofree char *title = NULL;
  gboolean deletable;
  AdwToast *toast;

  g_return_if_fail (DYNO_IS_RESULTS_PAGE (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  keep = g_object_ref (item);
  deletable = dyno_history_item_is_deletable (self->history, item);
  title = escape (dyno_history_item_get_title (item));
  if (dyno_result_view_get_result (self->result_view) == dyno_history_item_get_result (item)
      && g_str_equal (dyno_results_page_get_view (self), "result"))
    go_back (self);
  dyno_history_delete (self->history, item);

  if (deletable)
    /* TRANSLATORS: a toast; the run's file went to the trash */
    toast = adw_toast_new_format (_("“%s” deleted"), title);
  else
    /* TRANSLATORS: a toast; the file stays where it is */
    toast = adw_toast_new_format (_("“%s” removed from the list"), title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  /* The toast keeps the item, not the page: toasts live as long as the window does. */
  g_object_set_data_full (G_OBJECT (toast), "dyno-item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_clicked), self, 0);
  dyno_results_page_add_toast (self, toast);
}

/* results.delete-run: the run shown, or the row with the focus. */
static void
delete_current (DynoResultsPage *self)
{
  DynoHistoryItem *item = NULL;
  const char *view = dyno_results_page_get_view (self);

  if (g_str_equal (view, "result"))
    item = dyno_history_find_result (self->history,
                                     dyno_result_view_get_result (self->result_view));
  else if (g_str_equal (view, "list"))
    item = dyno_history_view_get_focused_item (self->history_view);
  if (item != NULL)
    dyno_results_page_delete_item (self, item);
}

/* Actions */

static void
go_back_action (GtkWidget *widget, const char *name, GVariant *param)
{
  go_back (DYNO_RESULTS_PAGE (widget));
}

static void
find_action (GtkWidget *widget, const char *name, GVariant *param)
{
  focus_search (DYNO_RESULTS_PAGE (widget));
}

static void
import_action (GtkWidget *widget, const char *name, GVariant *param)
{
  choose_import (DYNO_RESULTS_PAGE (widget));
}

static void
paste_import_action (GtkWidget *widget, const char *name, GVariant *param)
{
  paste_import (DYNO_RESULTS_PAGE (widget));
}

static void
compare_action (GtkWidget *widget, const char *name, GVariant *param)
{
  compare (DYNO_RESULTS_PAGE (widget));
}

static void
export_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_export (DYNO_RESULTS_PAGE (widget));
}

static void
export_chart_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_choose_export_chart (DYNO_RESULTS_PAGE (widget),
                                         g_variant_get_string (param, NULL));
}

static void
export_forest_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_choose_export_chart (DYNO_RESULTS_PAGE (widget), "forest");
}

static void
export_table_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_choose_export_table (DYNO_RESULTS_PAGE (widget));
}

static void
export_report_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_choose_export_report (DYNO_RESULTS_PAGE (widget));
}

static void
copy_table_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_copy_table (DYNO_RESULTS_PAGE (widget));
}

static void
copy_results_action (GtkWidget *widget, const char *name, GVariant *param)
{
  dyno_results_page_copy_results (DYNO_RESULTS_PAGE (widget));
}

static void
delete_run_action (GtkWidget *widget, const char *name, GVariant *param)
{
  delete_current (DYNO_RESULTS_PAGE (widget));
}

/* GObject */

static void
dyno_results_page_dispose (GObject *object)
{
  DynoResultsPage *self = DYNO_RESULTS_PAGE (object);

  if (self->io_cancellable != NULL)
    g_cancellable_cancel (self->io_cancellable);
  if (self->import_chooser != NULL)
    gtk_native_dialog_destroy (self->import_chooser);
  g_clear_object (&self->import_chooser);

  /* The leaflet is AdwBin's child and a template child: let AdwBin drop it first. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_RESULTS_PAGE);
  G_OBJECT_CLASS (dyno_results_page_parent_class)->dispose (object);
}

static void
dyno_results_page_finalize (GObject *object)
{
  DynoResultsPage *self = DYNO_RESULTS_PAGE (object);

  g_clear_object (&self->history);
  g_clear_object (&self->settings);
  g_clear_object (&self->io_cancellable);
  G_OBJECT_CLASS (dyno_results_page_parent_class)->finalize (object);
}

static void
dyno_results_page_get_property (GObject *object,
                                guint prop_id,
                                GValue *value,
                                GParamSpec *pspec)
{
  DynoResultsPage *self = DYNO_RESULTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_string (value, dyno_results_page_get_view (self));
      break;
    case PROP_RESULT:
      g_value_set_object (value, dyno_results_page_get_result (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_results_page_class_init (DynoResultsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_results_page_dispose;
  object_class->finalize = dyno_results_page_finalize;
  object_class->get_property = dyno_results_page_get_property;

  properties[PROP_VIEW]
      = g_param_spec_string ("view", NULL, NULL, "list",
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESULT]
      = g_param_spec_object ("result", NULL, NULL, DYNO_TYPE_RESULT,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DYNO_TYPE_HISTORY_VIEW);
  g_type_ensure (DYNO_TYPE_RESULT_VIEW);
  g_type_ensure (DYNO_TYPE_COMPARE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-results-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoResultsPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, DynoResultsPage, detail_stack);
  gtk_widget_class_bind_template_child (widget_class, DynoResultsPage, history_view);
  gtk_widget_class_bind_template_child (widget_class, DynoResultsPage, result_view);
  gtk_widget_class_bind_template_child (widget_class, DynoResultsPage, compare_view);
  gtk_widget_class_bind_template_callback (widget_class, on_view_changed);
  gtk_widget_class_bind_template_callback (widget_class, dyno_results_page_show_item);
  gtk_widget_class_bind_template_callback (widget_class, dyno_results_page_delete_item);

  /* Their shortcuts are the window's (dyno-application.c): application accelerators act from
   * every page, and the window forwards them here (dyno-window-actions.c). Delete is the
   * list's and the run's own (dyno_history_view_add_delete_shortcut ()). */
  gtk_widget_class_install_action (widget_class, "results.go-back", NULL, go_back_action);
  gtk_widget_class_install_action (widget_class, "results.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "results.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "results.paste-import", NULL,
                                   paste_import_action);
  gtk_widget_class_install_action (widget_class, "results.compare", NULL, compare_action);
  /* Opens the shown run's or comparison's Export menu, whose items are the next three. */
  gtk_widget_class_install_action (widget_class, "results.export", NULL, export_action);
  /* "bars", "cpu", "overlay" of the comparison shown, or "live" of the run shown */
  gtk_widget_class_install_action (widget_class, "results.export-chart", "s",
                                   export_chart_action);
  /* The ratios and their intervals as a forest plot: only where they have intervals, two or
   * more runs with repeats (a paired run, a comparison of such runs). */
  gtk_widget_class_install_action (widget_class, "results.export-forest", NULL,
                                   export_forest_action);
  gtk_widget_class_install_action (widget_class, "results.export-table", NULL,
                                   export_table_action);
  /* One page (or a PDF) to publish: the answer, tables, charts, machine and method. */
  gtk_widget_class_install_action (widget_class, "results.export-report", NULL,
                                   export_report_action);
  gtk_widget_class_install_action (widget_class, "results.copy-table", NULL, copy_table_action);
  gtk_widget_class_install_action (widget_class, "results.copy-results", NULL,
                                   copy_results_action);
  gtk_widget_class_install_action (widget_class, "results.delete-run", NULL, delete_run_action);
}

static void
on_history_error (DynoResultsPage *self, const char *message)
{
  dyno_results_page_toast (self, message);
}

/* A reference rate or price entered in the result view: into the run's file, on the history's
 * worker thread, as a rename is. A run not saved yet keeps it for when it is. */
static void
on_target_changed (DynoResultsPage *self, guint index, DynoResultView *view)
{
  DynoResult *result = dyno_result_view_get_result (view);
  DynoHistoryItem *item = result != NULL ? dyno_history_find_result (self->history, result) : NULL;

  if (item != NULL)
    dyno_history_save_targets (self->history, item);
}

static void
dyno_results_page_init (DynoResultsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->io_cancellable = g_cancellable_new ();
  self->history = dyno_history_new ();
  dyno_history_view_set_history (self->history_view, self->history);
  g_signal_connect_object (self->history, "error", G_CALLBACK (on_history_error), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "notify::n-selected",
                           G_CALLBACK (update_action_states), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dyno_history_get_model (self->history), "items-changed",
                           G_CALLBACK (update_action_states), self, G_CONNECT_SWAPPED);
  update_action_states (self);
  g_signal_connect_object (self->result_view, "target-changed", G_CALLBACK (on_target_changed),
                           self, G_CONNECT_SWAPPED);

  /* Off the main thread; the list shows a spinner until the files are in. */
  dyno_history_load (self->history);
}

/* Accessors */

DynoHistory *
dyno_results_page_get_history (DynoResultsPage *self)
{
  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), NULL);
  return self->history;
}

DynoHistoryView *
dyno_results_page_get_history_view (DynoResultsPage *self)
{
  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), NULL);
  return self->history_view;
}

DynoResultView *
dyno_results_page_get_result_view (DynoResultsPage *self)
{
  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), NULL);
  return self->result_view;
}

DynoCompareView *
dyno_results_page_get_compare_view (DynoResultsPage *self)
{
  g_return_val_if_fail (DYNO_IS_RESULTS_PAGE (self), NULL);
  return self->compare_view;
}
