/* dyno-history-view.c
 *
 * The history's store goes through a GtkFilterListModel (a GtkStringFilter on the item's
 * search text) and a GtkSortListModel into a list box: rows are boxed, like the Setup page's
 * targets, and a session with several targets lists them inside its row. Check boxes are always
 * there, as Compare is what the list is for; an action bar says how many are checked.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-history-row.h"
#include "dyno-history-view.h"
#include "dyno-units.h"

struct _DynoHistoryView
{
  AdwBin parent_instance;

  /* Template widgets */
  GtkStack *stack;
  GtkStack *list_stack;
  GtkListBox *list_box;
  GtkSearchEntry *search_entry;
  GtkLabel *problems_label;
  GtkRevealer *selection_revealer;
  GtkLabel *selection_label;

  DynoHistory *history;
  GtkFilterListModel *filter_model;
  GtkSortListModel *sort_model;
  GtkStringFilter *filter;
  GtkCustomSorter *sorter;
  GSettings *settings;
  DynoHistorySort sort_key;
  const DynoPhase *write_phase; /* what DYNO_HISTORY_SORT_WRITE and DYNO_HISTORY_SORT_READ sort by */
  const DynoPhase *read_phase;
};

G_DEFINE_FINAL_TYPE (DynoHistoryView, dyno_history_view, ADW_TYPE_BIN)

enum
{
  OPEN_ITEM,
  DELETE_ITEM,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Sorting: each key in its natural direction (newest, A to Z, fastest), ties by date. */

static int
compare_rates (double a, double b)
{
  /* Runs without the figure go last. */
  if (isnan (a) || isnan (b))
    return isnan (a) - isnan (b);
  return a > b ? -1 : a < b ? 1 : 0;
}

static int
compare_items (gconstpointer a, gconstpointer b, gpointer user_data)
{
  DynoHistoryView *self = user_data;
  DynoHistoryItem *item_a = (DynoHistoryItem *) a;
  DynoHistoryItem *item_b = (DynoHistoryItem *) b;
  gint64 created_a = dyno_history_item_get_created (item_a);
  gint64 created_b = dyno_history_item_get_created (item_b);
  int order = 0;

  switch (self->sort_key)
    {
    case DYNO_HISTORY_SORT_LABEL:
      order = g_utf8_collate (dyno_history_item_get_title (item_a),
                              dyno_history_item_get_title (item_b));
      break;
    case DYNO_HISTORY_SORT_WRITE:
      order = compare_rates (dyno_history_item_get_best_rate (item_a, self->write_phase),
                             dyno_history_item_get_best_rate (item_b, self->write_phase));
      break;
    case DYNO_HISTORY_SORT_READ:
      order = compare_rates (dyno_history_item_get_best_rate (item_a, self->read_phase),
                             dyno_history_item_get_best_rate (item_b, self->read_phase));
      break;
    case DYNO_HISTORY_SORT_DATE:
    default:
      break;
    }
  if (order != 0)
    return order;
  if (created_a != created_b)
    return created_a > created_b ? -1 : 1;
  /* Rows of one import share a time: keep them in the order they were read. */
  return 0;
}

static void
on_sort_changed (DynoHistoryView *self)
{
  DynoHistorySort key = g_settings_get_enum (self->settings, "history-sort");

  if (key == self->sort_key)
    return;
  self->sort_key = key;
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
}

/* State */

static void
update_stack (DynoHistoryView *self)
{
  guint n_all;
  guint n_shown;

  if (self->history == NULL || !dyno_history_get_loaded (self->history))
    {
      gtk_stack_set_visible_child_name (self->stack, "loading");
      return;
    }
  n_all = g_list_model_get_n_items (dyno_history_get_model (self->history));
  n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->sort_model));
  gtk_stack_set_visible_child_name (self->stack, n_all > 0 ? "list" : "empty");
  gtk_stack_set_visible_child_name (self->list_stack, n_shown > 0 ? "rows" : "no-match");
}

static void
update_problems (DynoHistoryView *self)
{
  GPtrArray *problems = self->history != NULL ? dyno_history_get_problems (self->history) : NULL;
  g_autofree char *text = NULL;
  g_autoptr (GString) tooltip = NULL;

  if (problems == NULL || problems->len == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->problems_label), FALSE);
      return;
    }
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u result file could not be read",
                                       "%u result files could not be read", problems->len),
                          problems->len);
  tooltip = g_string_new (NULL);
  for (guint i = 0; i < problems->len; i++)
    g_string_append_printf (tooltip, "%s%s", i > 0 ? "\n" : "",
                            (const char *) g_ptr_array_index (problems, i));
  gtk_label_set_text (self->problems_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_label), tooltip->str);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_label), TRUE);
}

static void
on_loaded (DynoHistoryView *self)
{
  update_stack (self);
  update_problems (self);
}

static void
update_selection (DynoHistoryView *self)
{
  guint n = self->history != NULL ? dyno_history_get_n_selected (self->history) : 0;
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (self->selection_revealer, n > 0);
  if (n == 0)
    return;
  if (n == 1)
    text = g_strdup (_("Check one more to compare"));
  else
    /* TRANSLATORS: the action bar of the list of runs; targets checked for comparison */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u selected", "%u selected", n), n);
  gtk_label_set_text (self->selection_label, text);
}

/* Rows */

static void
show_file (DynoHistoryView *self, DynoHistoryItem *item);

static void
on_row_action (DynoHistoryView *self, const char *action, DynoHistoryRow *row)
{
  DynoHistoryItem *item = dyno_history_row_get_item (row);

  if (g_str_equal (action, "open"))
    g_signal_emit (self, signals[OPEN_ITEM], 0, item);
  else if (g_str_equal (action, "rename"))
    dyno_history_view_rename (self, item);
  else if (g_str_equal (action, "notes"))
    dyno_history_view_edit_notes (self, item);
  else if (g_str_equal (action, "show-file"))
    show_file (self, item);
  else if (g_str_equal (action, "delete") || g_str_equal (action, "remove"))
    g_signal_emit (self, signals[DELETE_ITEM], 0, item);
}

static GtkWidget *
create_row (gpointer object, gpointer user_data)
{
  DynoHistoryView *self = user_data;
  DynoHistoryItem *item = object;
  GtkWidget *row = dyno_history_row_new (item, dyno_units_get_rate_unit (self->settings),
                                         dyno_history_item_is_deletable (self->history, item));

  g_signal_connect_object (row, "item-action", G_CALLBACK (on_row_action), self,
                           G_CONNECT_SWAPPED);
  return row;
}

static void
on_row_activated (DynoHistoryView *self, GtkListBoxRow *row)
{
  g_signal_emit (self, signals[OPEN_ITEM], 0, dyno_history_row_get_item (DYNO_HISTORY_ROW (row)));
}

static void
on_rate_unit_changed (DynoHistoryView *self)
{
  DynoRateUnit unit = dyno_units_get_rate_unit (self->settings);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list_box)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (DYNO_IS_HISTORY_ROW (row))
      dyno_history_row_set_rate_unit (DYNO_HISTORY_ROW (row), unit);
}

static void
on_search_changed (DynoHistoryView *self, GtkSearchEntry *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  gtk_string_filter_set_search (self->filter, *text != '\0' ? text : NULL);
}

static void
on_stop_search (DynoHistoryView *self, GtkSearchEntry *entry)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
on_clear_clicked (DynoHistoryView *self)
{
  if (self->history != NULL)
    dyno_history_clear_selection (self->history);
}

/* Show in Files: the file manager's ShowItems selects the file; without one, open the folder. */

typedef struct
{
  GtkWindow *parent;
  char *folder_uri;
} ShowFile;

static void
on_show_items_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  ShowFile *show = user_data;
  g_autoptr (GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res,
                                                              NULL);

  if (reply == NULL)
    gtk_show_uri (show->parent, show->folder_uri, GDK_CURRENT_TIME);
  g_clear_object (&show->parent);
  g_free (show->folder_uri);
  g_free (show);
}

static void
show_file (DynoHistoryView *self, DynoHistoryItem *item)
{
  const char *path = dyno_history_item_get_path (item);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autofree char *uri = NULL;
  ShowFile *show;

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  folder = g_file_get_parent (file);
  uri = g_file_get_uri (file);
  show = g_new0 (ShowFile, 1);
  show->parent = g_object_ref (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
  show->folder_uri = g_file_get_uri (folder);

  bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL)
    {
      gtk_show_uri (show->parent, show->folder_uri, GDK_CURRENT_TIME);
      g_clear_object (&show->parent);
      g_free (show->folder_uri);
      g_free (show);
      return;
    }
  {
    const char *uris[] = { uri, NULL };

    g_dbus_connection_call (bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                            "org.freedesktop.FileManager1", "ShowItems",
                            g_variant_new ("(^ass)", uris, ""), NULL,
                            G_DBUS_CALL_FLAGS_NONE, 5000, NULL, on_show_items_done, show);
  }
}

/* Dialogs */

static void
on_rename_response (DynoHistoryView *self, const char *response, AdwMessageDialog *dialog)
{
  DynoHistoryItem *item = g_object_get_data (G_OBJECT (dialog), "dyno-item");
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));

  if (!g_str_equal (response, "rename") || self->history == NULL)
    return;
  dyno_history_rename (self->history, item, gtk_editable_get_text (entry));
  /* The filter and the sorter read the label; the models do not watch it. */
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
}

void
dyno_history_view_rename (DynoHistoryView *self, DynoHistoryItem *item)
{
  const char *label;
  GtkWidget *dialog;
  GtkWidget *entry;

  g_return_if_fail (DYNO_IS_HISTORY_VIEW (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  label = dyno_result_get_label (dyno_history_item_get_result (item));
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Rename Run"),
                                   _("The name shown in lists, tables and chart legends."));
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), label != NULL ? label : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), dyno_history_item_get_title (item));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "rename",
                                    _("_Rename"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "dyno-item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_rename_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

static void
on_notes_response (DynoHistoryView *self, const char *response, AdwMessageDialog *dialog)
{
  DynoHistoryItem *item = g_object_get_data (G_OBJECT (dialog), "dyno-item");
  GtkTextBuffer *buffer = g_object_get_data (G_OBJECT (dialog), "dyno-buffer");
  GtkTextIter start;
  GtkTextIter end;
  g_autofree char *text = NULL;

  if (!g_str_equal (response, "save") || self->history == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  dyno_history_set_notes (self->history, item, g_strstrip (text));
}

void
dyno_history_view_edit_notes (DynoHistoryView *self, DynoHistoryItem *item)
{
  const char *notes;
  GtkWidget *dialog;
  GtkWidget *scroller;
  GtkWidget *view;
  GtkTextBuffer *buffer;

  g_return_if_fail (DYNO_IS_HISTORY_VIEW (self));
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (item));

  notes = dyno_result_get_notes (dyno_history_item_get_result (item));
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Notes"),
                                   _("What made this run special: firmware, settings, what "
                                     "else the machine was doing."));
  view = gtk_text_view_new ();
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  gtk_text_buffer_set_text (buffer, notes != NULL ? notes : "", -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Notes"), -1);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_add_css_class (scroller, "card");
  gtk_widget_add_css_class (scroller, "notes-editor");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "save",
                                    _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "dyno-item", g_object_ref (item), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "dyno-buffer", g_object_ref (buffer),
                          g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_notes_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (view);
}

void
dyno_history_view_add_delete_shortcut (GtkWidget *widget)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  const guint keys[] = { GDK_KEY_Delete, GDK_KEY_KP_Delete };

  /* Not an application accelerator: those are handled before the focused widget, and would take
   * Delete from the search entry. Here it only acts where the focus is in the rows (or the run
   * shown), and bubbles up from there. */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i], 0),
                                                            gtk_named_action_new (
                                                                "results.delete-run")));
  gtk_widget_add_controller (widget, controller);
}

/* GObject */

static void
dyno_history_view_dispose (GObject *object)
{
  DynoHistoryView *self = DYNO_HISTORY_VIEW (object);

  if (self->list_box != NULL)
    gtk_list_box_bind_model (self->list_box, NULL, NULL, NULL, NULL);
  /* The stack is AdwBin's child and a template child: let AdwBin drop it first. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_HISTORY_VIEW);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->history);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (dyno_history_view_parent_class)->dispose (object);
}

static void
dyno_history_view_class_init (DynoHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_history_view_dispose;

  /* A row was activated or its Open item chosen: show the run. */
  signals[OPEN_ITEM] = g_signal_new ("open-item", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                     DYNO_TYPE_HISTORY_ITEM);
  /* Delete or Remove From List: the window does it, as it has the toast for Undo. */
  signals[DELETE_ITEM] = g_signal_new ("delete-item", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       DYNO_TYPE_HISTORY_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, stack);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, list_stack);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, list_box);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, problems_label);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, selection_revealer);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryView, selection_label);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_search);
  gtk_widget_class_bind_template_callback (widget_class, on_clear_clicked);
}

static void
dyno_history_view_init (DynoHistoryView *self)
{
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GAction) sort = NULL;

  self->write_phase = dyno_phase_lookup ("write");
  self->read_phase = dyno_phase_lookup ("read");

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->sort_key = g_settings_get_enum (self->settings, "history-sort");
  g_signal_connect_object (self->settings, "changed::history-sort",
                           G_CALLBACK (on_sort_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::rate-unit",
                           G_CALLBACK (on_rate_unit_changed), self, G_CONNECT_SWAPPED);

  /* The sort menu's radio items act on the setting directly. */
  sort = g_settings_create_action (self->settings, "history-sort");
  g_action_map_add_action (G_ACTION_MAP (group), sort);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "history", G_ACTION_GROUP (group));

  self->filter = gtk_string_filter_new (
      gtk_property_expression_new (DYNO_TYPE_HISTORY_ITEM, NULL, "search-text"));
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  self->sorter = gtk_custom_sorter_new (compare_items, self, NULL);

  /* Typing anywhere in the list starts a search. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  dyno_history_view_add_delete_shortcut (GTK_WIDGET (self->list_box));
  update_stack (self);
}

/* Public API */

void
dyno_history_view_set_history (DynoHistoryView *self, DynoHistory *history)
{
  g_return_if_fail (DYNO_IS_HISTORY_VIEW (self));
  g_return_if_fail (DYNO_IS_HISTORY (history));
  g_return_if_fail (self->history == NULL);

  self->history = g_object_ref (history);
  /* The filter and sorter become the models' own. */
  self->filter_model = gtk_filter_list_model_new (
      g_object_ref (dyno_history_get_model (history)), GTK_FILTER (self->filter));
  self->sort_model = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filter_model)),
                                              GTK_SORTER (self->sorter));
  gtk_list_box_bind_model (self->list_box, G_LIST_MODEL (self->sort_model), create_row, self,
                           NULL);

  g_signal_connect_object (history, "notify::loaded", G_CALLBACK (on_loaded), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (history, "notify::n-selected", G_CALLBACK (update_selection), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sort_model, "items-changed", G_CALLBACK (update_stack), self,
                           G_CONNECT_SWAPPED);
  on_loaded (self);
  update_selection (self);
}

GListModel *
dyno_history_view_get_model (DynoHistoryView *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_VIEW (self), NULL);
  return G_LIST_MODEL (self->sort_model);
}

GtkSearchEntry *
dyno_history_view_get_search_entry (DynoHistoryView *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_VIEW (self), NULL);
  return self->search_entry;
}

DynoHistoryItem *
dyno_history_view_get_focused_item (DynoHistoryView *self)
{
  GtkRoot *root;
  GtkWidget *focus;
  GtkWidget *row;

  g_return_val_if_fail (DYNO_IS_HISTORY_VIEW (self), NULL);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->list_box)))
    return NULL;
  row = DYNO_IS_HISTORY_ROW (focus) ? focus : gtk_widget_get_ancestor (focus,
                                                                       DYNO_TYPE_HISTORY_ROW);
  return row != NULL ? dyno_history_row_get_item (DYNO_HISTORY_ROW (row)) : NULL;
}

GPtrArray *
dyno_history_view_get_selected_items (DynoHistoryView *self)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  GListModel *model;
  guint n_items;

  g_return_val_if_fail (DYNO_IS_HISTORY_VIEW (self), items);

  if (self->history == NULL)
    return items;
  /* Checked runs the search hides still count: they are compared too. Shown ones come first,
   * in the order shown. */
  model = G_LIST_MODEL (self->sort_model);
  n_items = g_list_model_get_n_items (model);
  for (guint i = 0; i < n_items; i++)
    {
      DynoHistoryItem *item = g_list_model_get_item (model, i);

      if (dyno_history_item_get_n_selected (item) > 0)
        g_ptr_array_add (items, item);
      else
        g_object_unref (item);
    }
  model = dyno_history_get_model (self->history);
  n_items = g_list_model_get_n_items (model);
  for (guint i = 0; i < n_items; i++)
    {
      DynoHistoryItem *item = g_list_model_get_item (model, i);

      if (dyno_history_item_get_n_selected (item) > 0 && !g_ptr_array_find (items, item, NULL))
        g_ptr_array_add (items, item);
      else
        g_object_unref (item);
    }
  return items;
}

void
dyno_history_view_focus_search (DynoHistoryView *self)
{
  g_return_if_fail (DYNO_IS_HISTORY_VIEW (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

GtkWidget *
dyno_history_view_get_row (DynoHistoryView *self, DynoHistoryItem *item)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_VIEW (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list_box)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (DYNO_IS_HISTORY_ROW (row) && dyno_history_row_get_item (DYNO_HISTORY_ROW (row)) == item)
      return row;
  return NULL;
}
