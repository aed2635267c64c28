/* dyno-history-row.c
 *
 * One row per session (one result file): its name, where and when it ran, and the headline
 * figures Bonnie's readers look at first (block write, block read, seeks). A session that
 * measured several targets lists them under its heading, each with its own check box and
 * figures, because a comparison's entries are targets: /home against /mnt/usb from one evening
 * is the FileVault-against-plain question.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history-row"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-badges.h"
#include "dyno-history-row.h"
#include "dyno-history.h"
#include "dyno-units.h"

struct _DynoHistoryRow
{
  GtkListBoxRow parent_instance;

  /* Template widgets */
  GtkCheckButton *check;
  GtkLabel *title_label;
  GtkBox *badges_box;
  GtkLabel *subtitle_label;
  GtkLabel *error_label;
  GtkLabel *figures_label;
  GtkBox *targets_box;

  DynoHistoryItem *item;
  GPtrArray *target_checks; /* GtkCheckButton*, one per target when there are several */
  GPtrArray *figure_labels; /* GtkLabel*, index = target */
  DynoRateUnit rate_unit;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (DynoHistoryRow, dyno_history_row, GTK_TYPE_LIST_BOX_ROW)

enum
{
  ITEM_ACTION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
compare_phase_results (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare ((*(const DynoPhaseResult *const *) a)->phase,
                             (*(const DynoPhaseResult *const *) b)->phase);
}

static gboolean
same_test (const DynoPhase *a, const DynoPhase *b)
{
  return g_strcmp0 (a->kind->pattern, b->kind->pattern) == 0
         && a->params.block_size == b->params.block_size
         && a->params.queue_depth == b->params.queue_depth
         && a->params.threads == b->params.threads;
}

/* A run of drive tests only leads with CrystalDiskMark's first test, read and write, and the
 * first random read: "SEQ1M Q8T1 Read 1723 MB/s  Write 1964 MB/s  RND4K Q32T1 Read 336 MB/s". */
static GPtrArray *
drive_headlines (const DynoTargetResult *target)
{
  g_autoptr (GPtrArray) queued = g_ptr_array_new ();
  GPtrArray *chosen = g_ptr_array_new ();
  const DynoPhaseResult *first = NULL;

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (dyno_phase_has_flag (phase->phase, DYNO_PHASE_QUEUED))
        g_ptr_array_add (queued, (gpointer) phase);
    }
  g_ptr_array_sort (queued, compare_phase_results);
  for (guint i = 0; i < queued->len && first == NULL; i++)
    if (g_strcmp0 (((DynoPhaseResult *) g_ptr_array_index (queued, i))->phase->kind->op, "read")
        == 0)
      first = g_ptr_array_index (queued, i);
  if (first == NULL && queued->len > 0)
    first = g_ptr_array_index (queued, 0);
  if (first == NULL)
    return chosen;
  g_ptr_array_add (chosen, (gpointer) first);
  for (guint i = 0; i < queued->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (queued, i);

      if (phase != first && same_test (phase->phase, first->phase)
          && g_strcmp0 (phase->phase->kind->op, "write") == 0)
        {
          g_ptr_array_add (chosen, (gpointer) phase);
          break;
        }
    }
  for (guint i = 0; i < queued->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (queued, i);

      if (!same_test (phase->phase, first->phase)
          && g_strcmp0 (phase->phase->kind->pattern, "rnd") == 0
          && g_strcmp0 (phase->phase->kind->op, "read") == 0)
        {
          g_ptr_array_add (chosen, (gpointer) phase);
          break;
        }
    }
  return chosen;
}

/* "Write 512 MB/s  Read 1204 MB/s  Seeks 230 ops/s" in one label that wraps between figures on a
 * narrow window, the captions dimmed. */
static void
set_figures (DynoHistoryRow *self, GtkLabel *label, const DynoTargetResult *target)
{
  g_autoptr (GString) markup = g_string_new (NULL);
  g_autoptr (GString) accessible = g_string_new (NULL);
  g_autoptr (GPtrArray) figures = g_ptr_array_new ();
  g_autoptr (GPtrArray) captions = g_ptr_array_new_with_free_func (g_free);

  /* The kinds a run leads with (DYNO_PHASE_HEADLINE), by their short chart names. */
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (!dyno_phase_has_flag (phase->phase, DYNO_PHASE_HEADLINE))
        continue;
      g_ptr_array_add (figures, (gpointer) phase);
      g_ptr_array_add (captions, g_strdup (dyno_phase_get_chart_name (phase->phase)));
    }
  if (figures->len == 0)
    {
      g_autoptr (GPtrArray) drive = drive_headlines (target);

      for (guint i = 0; i < drive->len; i++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (drive, i);
          const char *op = dyno_phase_group_get_title (phase->phase->kind->group);
          const DynoPhaseResult *previous = i > 0 ? g_ptr_array_index (drive, i - 1) : NULL;

          g_ptr_array_add (figures, (gpointer) phase);
          /* The test's name once, before its first figure. */
          if (previous != NULL && same_test (previous->phase, phase->phase))
            g_ptr_array_add (captions, g_strdup (op));
          else
            {
              const char *title = dyno_phase_get_short_title (phase->phase);
              const char *end = title;
              g_autofree char *test = NULL;

              /* "SEQ1M Q8T1", without a mix's " R70%" */
              for (int spaces = 0; *end != '\0'; end++)
                if (*end == ' ' && ++spaces == 2)
                  break;
              test = g_strndup (title, end - title);
              /* TRANSLATORS: a drive test and the operation of its figure in the list of runs,
               * "SEQ1M Q8T1 Read" */
              g_ptr_array_add (captions, g_strdup_printf (C_("figure", "%s %s"), test, op));
            }
        }
    }

  for (guint i = 0; i < figures->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (figures, i);
      g_autofree char *text = NULL;
      g_autofree char *caption = NULL;
      g_autofree char *value = NULL;
      double rate;

      rate = dyno_phase_result_get_rate (phase);
      if (isnan (rate) && phase->too_fast)
        text = g_strdup ("+++++");
      else
        text = dyno_units_format_rate (rate, dyno_phase_get_unit (phase->phase), self->rate_unit);

      caption = g_markup_escape_text (g_ptr_array_index (captions, i), -1);
      {
        g_autofree char *escaped = g_markup_escape_text (text, -1);
        g_auto (GStrv) words = g_strsplit (escaped, " ", -1);

        value = g_strjoinv ("\u00a0", words);
      }
      if (markup->len > 0)
        g_string_append (markup, "   ");
      /* No-break spaces: a figure never leaves its caption behind on the line above. */
      g_string_append_printf (markup, "<span alpha=\"60%%\">%s</span>\u00a0<b>%s</b>", caption,
                              value);
      g_string_append_printf (accessible, "%s%s %s", accessible->len > 0 ? ", " : "",
                              dyno_phase_get_title (phase->phase), text);
    }
  gtk_label_set_markup (label, markup->str);
  gtk_widget_set_visible (GTK_WIDGET (label), markup->len > 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), accessible->str);
}

static GtkWidget *
figures_label_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "run-figures");
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
add_target_badges (GtkBox *box, const DynoTargetInfo *info)
{
  if (info == NULL)
    return;
  if (info->fs_type != NULL)
    gtk_box_append (box, dyno_badge_new (info->fs_type, NULL, _("File system")));
  dyno_badges_append_traits (box, info);
}

static char *
format_when (DynoResult *result)
{
  return dyno_units_format_time (dyno_result_get_created (result));
}

/* Its path, with its machine when another measured it: "/srv/data on nas". */
static char *
target_name (DynoResult *result, guint index)
{
  return dyno_result_dup_target_path (result, index);
}

static char *
describe_session (DynoHistoryRow *self)
{
  DynoResult *result = dyno_history_item_get_result (self->item);
  const DynoSystemInfo *system = dyno_result_get_system (result);
  guint n_targets = dyno_result_get_n_targets (result);
  const char *title = dyno_history_item_get_title (self->item);
  g_autofree char *when = format_when (result);
  g_autoptr (GStrvBuilder) parts = g_strv_builder_new ();
  g_auto (GStrv) strv = NULL;
  g_autofree char *path = n_targets == 1 ? target_name (result, 0) : NULL;

  if (path != NULL)
    g_strv_builder_add (parts, path);

  if (dyno_result_get_source (result) != NULL)
    {
      /* Imports: the tool, and the import date rather than a measurement date. */
      g_strv_builder_add (parts, dyno_result_get_tool (result));
      if (when != NULL)
        {
          /* TRANSLATORS: "imported 30 Nov 2026, 12:34" */
          g_autofree char *imported = g_strdup_printf (_("imported %s"), when);

          g_strv_builder_add (parts, imported);
        }
    }
  else
    {
      /* bonnie++'s machine name is often the label: do not say it twice. A run on another
       * machine says so: its host, measured over SSH. */
      if (dyno_result_get_remote (result) != NULL)
        {
          g_autofree char *host = NULL;

          if (system != NULL && system->hostname != NULL && *system->hostname != '\0')
            /* TRANSLATORS: in the list of runs, the machine of a run over SSH: "nas (over SSH)" */
            host = g_strdup_printf (_("%s (over SSH)"), system->hostname);
          else
            host = g_strdup_printf (_("%s (over SSH)"), dyno_result_get_remote (result));
          g_strv_builder_add (parts, host);
        }
      else if (system != NULL && system->hostname != NULL
               && g_strcmp0 (system->hostname, title) != 0)
        g_strv_builder_add (parts, system->hostname);
      if (system != NULL && system->os_name != NULL)
        g_strv_builder_add (parts, system->os_name);
      if (when != NULL)
        g_strv_builder_add (parts, when);
    }
  if (dyno_history_item_get_external (self->item))
    {
      g_autofree char *dir = g_path_get_dirname (dyno_history_item_get_path (self->item));
      g_autofree char *display = g_filename_display_name (dir);
      /* TRANSLATORS: a file opened from elsewhere: "in /home/ada/Documents" */
      g_autofree char *where = g_strdup_printf (_("in %s"), display);

      g_strv_builder_add (parts, where);
    }
  strv = g_strv_builder_end (parts);
  return g_strjoinv (" · ", strv);
}

static void
sync_checks (DynoHistoryRow *self)
{
  guint n_targets = dyno_history_item_get_n_targets (self->item);
  guint n_selected = dyno_history_item_get_n_selected (self->item);

  self->syncing = TRUE;
  gtk_check_button_set_active (self->check, n_targets > 0 && n_selected == n_targets);
  gtk_check_button_set_inconsistent (self->check, n_selected > 0 && n_selected < n_targets);
  for (guint i = 0; i < self->target_checks->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->target_checks, i),
                                 dyno_history_item_get_target_selected (self->item, i));
  self->syncing = FALSE;
}

static void
on_check_toggled (DynoHistoryRow *self, GtkCheckButton *check)
{
  if (self->syncing)
    return;
  /* The session's box selects every target, or clears them when some were checked. */
  dyno_history_item_set_selected (self->item, gtk_check_button_get_active (check));
}

static void
on_target_check_toggled (DynoHistoryRow *self, GtkCheckButton *check)
{
  guint target;

  if (self->syncing || !g_ptr_array_find (self->target_checks, check, &target))
    return;
  dyno_history_item_set_target_selected (self->item, target, gtk_check_button_get_active (check));
}

/* "Failed during Block write: No space left on device" */
static char *
describe_failure (const DynoTargetResult *target)
{
  const char *message = target->error_message != NULL ? target->error_message : "";

  if (target->error_phase != NULL)
    /* TRANSLATORS: why a run failed, in the list of runs: "Failed during Block write: No space
     * left on device" */
    return g_strdup_printf (_("Failed during %s: %s"), dyno_phase_get_title (target->error_phase),
                            message);
  /* TRANSLATORS: why a run failed, in the list of runs: "Failed: The folder vanished" */
  return g_strdup_printf (_("Failed: %s"), message);
}

static GtkWidget *
build_target_line (DynoHistoryRow *self, DynoResult *result, guint index)
{
  const DynoTargetResult *target = dyno_result_get_target (result, index);
  g_autofree char *path = target_name (result, index);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *name_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (path != NULL ? path : _("Unknown target"));
  GtkWidget *badges = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *figures = figures_label_new ();
  /* TRANSLATORS: accessible name of a target's check box; %s is the folder */
  g_autofree char *accessible = g_strdup_printf (_("Compare %s"),
                                                 gtk_label_get_text (GTK_LABEL (name)));

  gtk_widget_add_css_class (line, "run-target");
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  g_signal_connect_object (check, "toggled", G_CALLBACK (on_target_check_toggled), self,
                           G_CONNECT_SWAPPED);
  g_ptr_array_add (self->target_checks, check);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_tooltip_text (name, gtk_label_get_text (GTK_LABEL (name)));
  gtk_box_append (GTK_BOX (name_row), name);
  add_target_badges (GTK_BOX (badges), target->info);
  gtk_widget_set_valign (badges, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (name_row), badges);
  gtk_box_append (GTK_BOX (text), name_row);
  if (dyno_target_result_failed (target))
    {
      g_autofree char *failure = describe_failure (target);
      GtkWidget *failed = gtk_label_new (failure);

      gtk_label_set_xalign (GTK_LABEL (failed), 0);
      gtk_label_set_wrap (GTK_LABEL (failed), TRUE);
      gtk_widget_add_css_class (failed, "caption");
      gtk_widget_add_css_class (failed, "error");
      gtk_box_append (GTK_BOX (text), failed);
    }
  set_figures (self, GTK_LABEL (figures), target);
  gtk_box_append (GTK_BOX (text), figures);
  g_ptr_array_add (self->figure_labels, figures);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);

  gtk_box_append (GTK_BOX (line), check);
  gtk_box_append (GTK_BOX (line), text);
  return line;
}

/* A run that failed says so at a glance, before its figures (which are those of the phases that
 * ended before the failure, if any). */
static void
add_failure_badge (DynoHistoryRow *self, DynoResult *result)
{
  guint n_targets = dyno_result_get_n_targets (result);
  guint n_failed = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < n_targets; i++)
    n_failed += dyno_target_result_failed (dyno_result_get_target (result, i));
  if (n_failed == 0)
    return;
  if (n_failed == n_targets)
    /* TRANSLATORS: a badge on a run in the list of runs */
    text = g_strdup (C_("run", "Failed"));
  else
    /* TRANSLATORS: a badge on a run of several targets: "1 of 2 failed" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u failed", "%u of %u failed",
                                         n_targets),
                            n_failed, n_targets);
  gtk_box_append (self->badges_box,
                  dyno_badge_new (text, "error", _("The run did not finish: see why below")));
  gtk_widget_add_css_class (GTK_WIDGET (self), "failed");
}

static void
update_title (DynoHistoryRow *self)
{
  gtk_label_set_text (self->title_label, dyno_history_item_get_title (self->item));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label),
                               dyno_history_item_get_title (self->item));
}

static void
build (DynoHistoryRow *self)
{
  DynoResult *result = dyno_history_item_get_result (self->item);
  guint n_targets = dyno_result_get_n_targets (result);
  g_autofree char *subtitle = describe_session (self);

  update_title (self);
  gtk_label_set_text (self->subtitle_label, subtitle);

  add_failure_badge (self, result);
  if (dyno_result_get_stopped (result))
    /* TRANSLATORS: a badge on a run in the list of runs that was stopped before its end */
    gtk_box_append (self->badges_box,
                    dyno_badge_new (C_("run", "Stopped"), "warning",
                                    _("Stopped before its end: only the phases that had "
                                      "finished are kept")));
  if (dyno_result_get_source (result) != NULL)
    gtk_box_append (self->badges_box,
                    dyno_badge_new (_("Imported"), NULL, dyno_result_get_source (result)));

  if (n_targets == 1)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, 0);

      if (dyno_target_result_failed (target))
        {
          g_autofree char *failure = describe_failure (target);

          gtk_label_set_text (self->error_label, failure);
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
        }
      add_target_badges (self->badges_box, target->info);
      set_figures (self, self->figures_label, target);
      g_ptr_array_add (self->figure_labels, self->figures_label);
    }
  else
    {
      for (guint i = 0; i < n_targets; i++)
        gtk_box_append (self->targets_box, build_target_line (self, result, i));
      gtk_widget_set_visible (GTK_WIDGET (self->targets_box), n_targets > 0);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->badges_box),
                          gtk_widget_get_first_child (GTK_WIDGET (self->badges_box)) != NULL);
  sync_checks (self);
}

static void
emit_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  DynoHistoryRow *self = DYNO_HISTORY_ROW (widget);

  /* "row.rename" -> "rename" */
  g_signal_emit (self, signals[ITEM_ACTION], 0, strchr (action_name, '.') + 1);
}

static void
dyno_history_row_dispose (GObject *object)
{
  DynoHistoryRow *self = DYNO_HISTORY_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_HISTORY_ROW);
  G_OBJECT_CLASS (dyno_history_row_parent_class)->dispose (object);
}

static void
dyno_history_row_finalize (GObject *object)
{
  DynoHistoryRow *self = DYNO_HISTORY_ROW (object);

  g_clear_object (&self->item);
  g_clear_pointer (&self->target_checks, g_ptr_array_unref);
  g_clear_pointer (&self->figure_labels, g_ptr_array_unref);
  G_OBJECT_CLASS (dyno_history_row_parent_class)->finalize (object);
}

static void
dyno_history_row_class_init (DynoHistoryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_history_row_dispose;
  object_class->finalize = dyno_history_row_finalize;

  /* What the row's menu asks for: "open", "rename", "notes", "show-file", "delete". The list
   * does it, as it has the model and the window. */
  signals[ITEM_ACTION] = g_signal_new ("item-action", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-history-row.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, check);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, badges_box);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, error_label);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, figures_label);
  gtk_widget_class_bind_template_child (widget_class, DynoHistoryRow, targets_box);
  gtk_widget_class_bind_template_callback (widget_class, on_check_toggled);

  gtk_widget_class_install_action (widget_class, "row.open", NULL, emit_action);
  gtk_widget_class_install_action (widget_class, "row.rename", NULL, emit_action);
  gtk_widget_class_install_action (widget_class, "row.notes", NULL, emit_action);
  gtk_widget_class_install_action (widget_class, "row.show-file", NULL, emit_action);
  gtk_widget_class_install_action (widget_class, "row.delete", NULL, emit_action);
  gtk_widget_class_install_action (widget_class, "row.remove", NULL, emit_action);
}

static void
dyno_history_row_init (DynoHistoryRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->target_checks = g_ptr_array_new ();
  self->figure_labels = g_ptr_array_new ();
}

GtkWidget *
dyno_history_row_new (DynoHistoryItem *item, DynoRateUnit rate_unit, gboolean deletable)
{
  DynoHistoryRow *self;

  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (item), NULL);

  self = g_object_new (DYNO_TYPE_HISTORY_ROW, NULL);
  self->item = g_object_ref (item);
  self->rate_unit = rate_unit;
  build (self);

  /* Delete takes the file to the trash; a file opened from elsewhere only leaves the list. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "row.delete", deletable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "row.remove",
                                 !deletable && dyno_history_item_get_external (item));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "row.show-file",
                                 dyno_history_item_get_path (item) != NULL);

  g_signal_connect_object (item, "notify::n-selected", G_CALLBACK (sync_checks), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (item, "notify::title", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

const char *
dyno_history_row_get_failure (DynoHistoryRow *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ROW (self), NULL);

  if (!gtk_widget_has_css_class (GTK_WIDGET (self), "failed"))
    return NULL;
  if (gtk_widget_get_visible (GTK_WIDGET (self->error_label)))
    return gtk_label_get_text (self->error_label);
  return "";
}

const char *
dyno_history_row_get_figures (DynoHistoryRow *self, guint target)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ROW (self), NULL);

  if (target >= self->figure_labels->len)
    return NULL;
  return gtk_label_get_text (g_ptr_array_index (self->figure_labels, target));
}

DynoHistoryItem *
dyno_history_row_get_item (DynoHistoryRow *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ROW (self), NULL);
  return self->item;
}

void
dyno_history_row_set_rate_unit (DynoHistoryRow *self, DynoRateUnit rate_unit)
{
  DynoResult *result;

  g_return_if_fail (DYNO_IS_HISTORY_ROW (self));

  if (self->rate_unit == rate_unit)
    return;
  self->rate_unit = rate_unit;
  result = dyno_history_item_get_result (self->item);
  for (guint i = 0; i < self->figure_labels->len; i++)
    set_figures (self, g_ptr_array_index (self->figure_labels, i),
                 dyno_result_get_target (result, i));
}
