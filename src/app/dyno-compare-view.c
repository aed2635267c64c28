/* dyno-compare-view.c
 *
 * The table keeps Bonnie's layout across the page, as people paste it into posts: one row per
 * run (a target of a session), the rate and %CPU of each phase, and under every run but the
 * baseline a row of ratios ("×0.17"). A ratio is only worth reading when the repeats say the gap
 * is more than noise, so the cell's look says which it is (dyno_comparison_get_cell's
 * difference) and a caption says what the looks mean. The charts below are the renderer's,
 * drawn by DynoCompareGraph.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-compare-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-compare-view.h"
#include "dyno-headline.h"
#include "dyno-precision.h"
#include "dyno-sideways-scroll.h"
#include "dyno-units.h"

struct _DynoCompareView
{
  AdwBin parent_instance;

  /* Template widgets */
  GtkScrolledWindow *scroller;
  AdwBin *headline_bin;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkMenuButton *export_button;
  GtkDropDown *baseline_dropdown;
  GtkStringList *baseline_names;
  GtkWidget *table_card;
  GtkGrid *table_grid;
  GtkWidget *drive_card;
  GtkGrid *drive_table;
  GtkLabel *caption_label;
  GtkBox *bars_card;
  GtkBox *cpu_card;
  GtkStack *overlay_stack;
  GtkBox *overlay_card;
  GtkDropDown *phase_dropdown;
  GtkStringList *phase_names;

  DynoCompareGraph *bars;
  DynoCompareGraph *cpu;
  DynoCompareGraph *overlay;

  GSettings *settings;
  DynoComparison *comparison;
  GPtrArray *overlay_phases; /* const DynoPhase *, index = the phase dropdown's position */
  GPtrArray *name_labels;    /* GtkLabel*, index = entry */
  GHashTable *ratio_labels;  /* ratio_key (entry, phase) -> GtkLabel* */
  GHashTable *precision_captions; /* ratio_key (entry, phase) -> the caption under a figure */
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (DynoCompareView, dyno_compare_view, ADW_TYPE_BIN)

static char *
ratio_key (guint entry, const DynoPhase *phase)
{
  return g_strdup_printf ("%u %s", entry, dyno_phase_get_key (phase));
}

static DynoRateUnit
rate_unit (DynoCompareView *self)
{
  return dyno_units_get_rate_unit (self->settings);
}

static GtkWidget *
cell_new (const char *text, float xalign, const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  return label;
}

static GtkWidget *
heading_new (const char *text, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

static char *
describe_entry (DynoCompareView *self, guint entry)
{
  DynoResult *result = dyno_comparison_get_result (self->comparison, entry);
  const DynoTargetResult *target = dyno_comparison_get_target_result (self->comparison, entry);
  const DynoSystemInfo *system = dyno_result_get_system (result);
  GString *text = g_string_new (dyno_comparison_get_name (self->comparison, entry));
  g_autofree char *when = dyno_units_format_time (dyno_result_get_created (result));

  if (target != NULL && target->info != NULL && target->info->path != NULL)
    {
      g_autofree char *where = dyno_target_info_describe (target->info);

      g_string_append_printf (text, "\n%s · %s", target->info->path, where);
    }
  if (system != NULL && system->hostname != NULL)
    g_string_append_printf (text, "\n%s%s%s", system->hostname, system->os_name ? " · " : "",
                            system->os_name ? system->os_name : "");
  if (when != NULL)
    g_string_append_printf (text, "\n%s", when);
  if (dyno_result_get_source (result) != NULL)
    g_string_append_printf (text, "\n%s", dyno_result_get_source (result));
  else if (dyno_result_get_tool (result) != NULL)
    g_string_append_printf (text, "\n%s", dyno_result_get_tool (result));
  return g_string_free (text, FALSE);
}

static void
attach_name (DynoCompareView *self, guint entry, int row, gboolean baseline)
{
  GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (dyno_comparison_get_name (self->comparison, entry));
  g_autofree char *tooltip = describe_entry (self, entry);
  g_autofree char *when = dyno_units_format_time (
      dyno_result_get_created (dyno_comparison_get_result (self->comparison, entry)));

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  /* Long names ("Disk vs RAM /home") wrap rather than shrink to "…": the table scrolls
   * sideways before a name becomes unreadable. */
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (name),
                             MIN (12, (int) g_utf8_strlen (gtk_label_get_text (GTK_LABEL (name)),
                                                           -1) + 2));
  gtk_label_set_max_width_chars (GTK_LABEL (name), 22);
  gtk_widget_add_css_class (name, "heading");
  gtk_widget_set_tooltip_text (cell, tooltip);
  gtk_box_append (GTK_BOX (box), name);
  if (baseline)
    {
      /* TRANSLATORS: a badge next to the run the others are divided by */
      GtkWidget *badge = gtk_label_new (C_("comparison", "baseline"));

      gtk_widget_add_css_class (badge, "badge");
      gtk_widget_add_css_class (badge, "accent");
      gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), badge);
    }
  gtk_box_append (GTK_BOX (cell), box);
  /* When it ran, as the list of runs says it: two runs of one disk differ by their date. */
  if (when != NULL)
    {
      GtkWidget *date = gtk_label_new (when);

      gtk_label_set_xalign (GTK_LABEL (date), 0);
      gtk_widget_add_css_class (date, "caption");
      gtk_widget_add_css_class (date, "dim-label");
      gtk_box_append (GTK_BOX (cell), date);
    }
  gtk_grid_attach (self->table_grid, cell, 0, row, 1, 1);
  g_ptr_array_add (self->name_labels, name);
}

static char *
cell_tooltip (DynoCompareView *self, const DynoCompareCell *cell, const DynoPhase *phase)
{
  DynoUnit unit = dyno_phase_get_unit (phase);
  g_autofree char *mean = dyno_units_format_rate (cell->rate, unit, rate_unit (self));

  if (cell->n >= 2 && isfinite (cell->rate_ci95))
    {
      g_autofree char *ci = dyno_units_format_rate (cell->rate_ci95, unit, rate_unit (self));

      return g_strdup_printf (
          /* TRANSLATORS: "Block write: 512 MB/s, mean of 5 runs ± 3.2 MB/s (95 % interval)" */
          g_dngettext (GETTEXT_PACKAGE, "%s: %s, mean of %u run ± %s (95 %% interval)",
                       "%s: %s, mean of %u runs ± %s (95 %% interval)", cell->n),
          dyno_phase_get_title (phase), mean, cell->n, ci);
    }
  /* TRANSLATORS: "Block write: 512 MB/s, one run" */
  return g_strdup_printf (_("%s: %s, one run"), dyno_phase_get_title (phase), mean);
}

typedef struct
{
  gboolean single;
  gboolean equivalent;
  gboolean inconclusive;
  gboolean too_fast;
  gboolean all_single;
  guint n_ratios;
  GPtrArray *doubts; /* interned: each reason a figure may come from a cache below, once */
} TableNotes;

/* A figure that itself (not the baseline's) may come from a cache below its target: "†" after
 * it, the reason after its tooltip and, once, in the caption. */
static void
mark_doubtful_figure (DynoCompareView *self,
                      GtkLabel *label,
                      guint entry,
                      const DynoPhase *phase,
                      TableNotes *notes)
{
  const DynoPhaseResult *result = dyno_comparison_get_phase_result (self->comparison, entry,
                                                                    phase);
  g_autofree char *marked = NULL;
  g_autofree char *tooltip = NULL;

  if (result == NULL || result->cache_doubt == NULL)
    return;
  marked = g_strconcat (gtk_label_get_text (label), " †", NULL);
  tooltip = g_strdup_printf ("%s\n%s", gtk_widget_get_tooltip_text (GTK_WIDGET (label)),
                             result->cache_doubt);
  gtk_label_set_text (label, marked);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), tooltip);
  gtk_widget_add_css_class (GTK_WIDGET (label), "cache-doubt");
  if (!g_ptr_array_find (notes->doubts, result->cache_doubt, NULL))
    g_ptr_array_add (notes->doubts, (gpointer) result->cache_doubt);
}

/* The entry's figure for a phase, with how precise it is under it when its run judged that,
 * as the result view has it: each entry's runs aimed at a precision of their own. */
static GtkWidget *
figure_new (DynoCompareView *self, GtkWidget *rate, guint entry, const DynoPhase *phase)
{
  const DynoPhaseResult *result = dyno_comparison_get_phase_result (self->comparison, entry,
                                                                    phase);
  GtkWidget *caption = result != NULL ? dyno_precision_caption_new (result) : NULL;
  GtkWidget *cell;

  if (caption == NULL)
    return rate;
  cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (cell), rate);
  gtk_box_append (GTK_BOX (cell), caption);
  g_hash_table_insert (self->precision_captions, ratio_key (entry, phase), caption);
  return cell;
}

/* "×0.17", its look saying whether the gap is more than noise. */
static GtkWidget *
ratio_label_new (DynoCompareView *self,
                 guint entry,
                 const DynoPhase *phase,
                 const DynoCompareCell *cell,
                 TableNotes *notes)
{
  g_autofree char *ratio = dyno_compare_format_ratio (cell->ratio);
  g_autofree char *described = dyno_comparison_describe_ratio (cell);
  GtkWidget *label = cell_new (ratio, 1, "ratio");

  gtk_widget_set_tooltip_text (label, described);
  /* Either side's figure may come from RAM: the ratio is shown, marked, and says nothing
   * faster or slower (its difference is UNKNOWN). */
  if (cell->cache_doubt != NULL && isfinite (cell->ratio))
    {
      g_autofree char *marked = g_strconcat (ratio, " †", NULL);
      g_autofree char *tooltip = g_strdup_printf ("%s\n%s", described, cell->cache_doubt);

      gtk_label_set_text (GTK_LABEL (label), marked);
      gtk_widget_set_tooltip_text (label, tooltip);
      gtk_widget_add_css_class (label, "cache-doubt");
    }
  /* The verdict, by the same rule as every text: a difference, none larger than the margin
   * ("≈", grey), or inconclusive ("?", in italics): not a tie, and never shown as one. */
  switch (dyno_compare_cell_get_verdict (cell))
    {
    case DYNO_VERDICT_SLOWER:
    case DYNO_VERDICT_FASTER:
      gtk_widget_add_css_class (label, cell->ratio >= 1 ? "faster" : "slower");
      notes->all_single = FALSE;
      break;
    case DYNO_VERDICT_EQUIVALENT:
      {
        g_autofree char *marked = g_strconcat (gtk_label_get_text (GTK_LABEL (label)), " ≈",
                                               NULL);

        gtk_label_set_text (GTK_LABEL (label), marked);
        gtk_widget_add_css_class (label, "equivalent");
        notes->equivalent = TRUE;
        notes->all_single = FALSE;
      }
      break;
    case DYNO_VERDICT_INCONCLUSIVE:
      {
        g_autofree char *marked = g_strconcat (gtk_label_get_text (GTK_LABEL (label)), " ?",
                                               NULL);

        gtk_label_set_text (GTK_LABEL (label), marked);
        gtk_widget_add_css_class (label, "inconclusive");
        notes->inconclusive = TRUE;
        notes->all_single = FALSE;
      }
      break;
    case DYNO_VERDICT_NONE:
    default:
      if (cell->difference == DYNO_DIFFERENCE_SINGLE_SAMPLE)
        {
          gtk_widget_add_css_class (label, "single-sample");
          notes->single = TRUE;
        }
      break;
    }
  if (isfinite (cell->ratio))
    notes->n_ratios++;
  g_hash_table_insert (self->ratio_labels, ratio_key (entry, phase), label);
  return label;
}

/* A priced entry's row under its figures: each divided by its price, "per USD", as dyno-cli
 * compare's tables have it. The currencies of two entries are never divided into each other.
 * Returns the rows it took (0 or 1). */
static int
attach_per_price (DynoCompareView *self, guint entry, int row, GPtrArray *columns)
{
  const char *currency = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *label;

  if (!dyno_comparison_get_price (self->comparison, entry, NULL, &currency))
    return 0;
  /* TRANSLATORS: the heading of a comparison row of figures per currency unit; %s is a
   * currency code such as USD */
  heading = g_strdup_printf (_("per %s"), currency);
  label = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "per-price-heading");
  gtk_grid_attach (self->table_grid, label, 0, row, 1, 1);
  for (guint c = 0; c < columns->len; c++)
    {
      const DynoPhase *phase = g_ptr_array_index (columns, c);
      DynoUnit unit = dyno_phase_get_unit (phase);
      double scale = unit == DYNO_UNIT_BYTES ? dyno_rate_unit_scale (rate_unit (self)) : 1;
      DynoCompareCell cell;
      g_autofree char *text = NULL;
      g_autofree char *tooltip = NULL;
      GtkWidget *value;
      double v;
      int decimals;

      dyno_comparison_get_cell (self->comparison, entry, phase, &cell);
      if (!cell.present || cell.too_fast || !isfinite (cell.per_price))
        continue;
      v = cell.per_price / scale;
      decimals = v > 0 ? MAX (0, 2 - (int) floor (log10 (v))) : 0;
      text = v > 0 && v < 0.001 ? g_strdup_printf ("%.2e", v)
                                : g_strdup_printf ("%.*f", MIN (decimals, 6), v);
      /* TRANSLATORS: tooltip of a figure per currency unit: "0.533 MB/s per USD" */
      tooltip = g_strdup_printf (_("%s %s per %s"), text,
                                 dyno_units_rate_label (unit, rate_unit (self)), currency);
      value = cell_new (text, 1, "dim-label");
      gtk_widget_add_css_class (value, "per-price");
      gtk_widget_set_tooltip_text (value, tooltip);
      gtk_grid_attach (self->table_grid, value, 1 + 2 * c, row, 1, 1);
    }
  return 1;
}

static int
attach_entry (DynoCompareView *self,
              guint entry,
              int row,
              GPtrArray *columns,
              TableNotes *notes)
{
  guint baseline = dyno_comparison_get_baseline (self->comparison);

  attach_name (self, entry, row, entry == baseline);
  for (guint c = 0; c < columns->len; c++)
    {
      const DynoPhase *phase = g_ptr_array_index (columns, c);
      int column = 1 + 2 * c;
      DynoCompareCell cell;
      GtkWidget *rate;
      GtkWidget *cpu;

      dyno_comparison_get_cell (self->comparison, entry, phase, &cell);
      if (!cell.present)
        continue;
      if (cell.too_fast || isnan (cell.rate))
        {
          /* bonnie++'s mark: it ran, but too fast for a figure that means anything. */
          rate = cell_new (cell.too_fast ? "+++++" : "—", 1, "rate");
          cpu = cell_new (cell.too_fast ? "+++" : "—", 1, NULL);
          if (cell.too_fast)
            {
              gtk_widget_add_css_class (rate, "too-fast");
              gtk_widget_set_tooltip_text (rate, _("Too fast to measure: the phase took less "
                                                   "than 0.5 s"));
              notes->too_fast = TRUE;
            }
        }
      else
        {
          g_autofree char *rate_text = dyno_units_format_rate_value (cell.rate,
                                                                     dyno_phase_get_unit (phase),
                                                                     rate_unit (self));
          g_autofree char *cpu_text = isnan (cell.cpu_percent)
                                          ? g_strdup ("—")
                                          : g_strdup_printf ("%.0f", cell.cpu_percent);
          g_autofree char *tooltip = cell_tooltip (self, &cell, phase);

          rate = cell_new (rate_text, 1, "rate");
          gtk_widget_set_tooltip_text (rate, tooltip);
          cpu = cell_new (cpu_text, 1, "dim-label");
          mark_doubtful_figure (self, GTK_LABEL (rate), entry, phase, notes);
        }
      gtk_grid_attach (self->table_grid, figure_new (self, rate, entry, phase), column, row, 1,
                       1);
      /* Level with the figure when a caption is under it. */
      gtk_widget_set_valign (cpu, GTK_ALIGN_START);
      gtk_grid_attach (self->table_grid, cpu, column + 1, row, 1, 1);

      if (entry == baseline)
        continue;

      /* The ratio under the figure, across its rate and %CPU columns. */
      gtk_grid_attach (self->table_grid, ratio_label_new (self, entry, phase, &cell, notes),
                       column, row + 1, 2, 1);
    }

  if (entry != baseline)
    {
      const char *base_name = dyno_comparison_get_name (self->comparison, baseline);
      /* TRANSLATORS: the heading of a row of ratios; %s is the baseline run's name */
      g_autofree char *text = g_utf8_strlen (base_name, -1) <= 14
                                  ? g_strdup_printf (_("vs %s"), base_name)
                                  /* TRANSLATORS: the heading of a row of ratios */
                                  : g_strdup (_("vs baseline"));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 6);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
      gtk_widget_set_tooltip_text (label, text);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "ratio-heading");
      gtk_grid_attach (self->table_grid, label, 0, row + 1, 1, 1);
    }
  {
    int used = entry == baseline ? 1 : 2;

    return used + attach_per_price (self, entry, row + used, columns);
  }
}

static void
update_caption (DynoCompareView *self, const TableNotes *notes)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *source = dyno_comparison_describe_source (self->comparison);

  if (notes->n_ratios > 0 && notes->single && notes->all_single)
    g_string_append (text, _("Every figure comes from a single run, so no ratio can tell a real "
                             "difference from noise. Runs with 3 or more repeats can."));
  else
    {
      if (notes->single)
        g_string_append (text, _("Ratios in italics compare against a single run: no repeats "
                                 "to tell a difference from noise."));
      if (notes->equivalent)
        {
          g_autofree char *margin = dyno_compare_format_margin (
              dyno_comparison_get_equivalence (self->comparison));

          if (text->len > 0)
            g_string_append_c (text, ' ');
          /* TRANSLATORS: the caption of a comparison table; %s is the equivalence margin, "5" */
          g_string_append_printf (text, _("≈: no difference larger than %s %%: the ratio’s 95 %% "
                                          "interval lies within it."),
                                  margin);
        }
      if (notes->inconclusive)
        {
          g_autofree char *margin = dyno_compare_format_margin (
              dyno_comparison_get_equivalence (self->comparison));

          if (text->len > 0)
            g_string_append_c (text, ' ');
          /* TRANSLATORS: the caption of a comparison table; %s is the equivalence margin, "5" */
          g_string_append_printf (text, _("?: inconclusive: the ratio’s 95 %% interval holds ×1 "
                                          "and reaches past ±%s %%; more repeats would tell."),
                                  margin);
        }
    }
  if (notes->too_fast)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, _("+++++: too fast to measure."));
    }
  for (guint i = 0; i < notes->doubts->len; i++)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: a footnote under a table; %s says why a figure may come from RAM */
      g_string_append_printf (text, _("† %s: no verdict from this figure\n"),
                              (const char *) g_ptr_array_index (notes->doubts, i));
      /* The footnote's own line end: the caption's lines are joined with one. */
      if (text->len > 0 && text->str[text->len - 1] == '\n')
        g_string_truncate (text, text->len - 1);
    }
  if (source != NULL)
    {
      if (text->len > 0)
        g_string_append (text, "\n");
      g_string_append (text, source);
    }
  gtk_label_set_text (self->caption_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->caption_label), text->len > 0);
}

/* A run's name over its column of the drive table, as in the table above. */
static GtkWidget *
entry_heading_new (DynoCompareView *self, guint entry)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (dyno_comparison_get_name (self->comparison, entry));
  g_autofree char *tooltip = describe_entry (self, entry);

  gtk_label_set_xalign (GTK_LABEL (name), 1);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 18);
  gtk_widget_add_css_class (name, "heading");
  gtk_widget_set_halign (box, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (box, tooltip);
  gtk_box_append (GTK_BOX (box), name);
  if (entry == dyno_comparison_get_baseline (self->comparison))
    {
      GtkWidget *badge = gtk_label_new (C_("comparison", "baseline"));

      gtk_widget_add_css_class (badge, "badge");
      gtk_widget_add_css_class (badge, "accent");
      gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), badge);
    }
  return box;
}

/* The drive tests turned round: CrystalDiskMark's tests are many and their names long, so each
 * is a row ("RND4K Q32T1" under "Read"), and each run a column with its ratio beside it. */
static void
build_drive_table (DynoCompareView *self, GPtrArray *phases, TableNotes *notes)
{
  guint n_entries = dyno_comparison_get_n_entries (self->comparison);
  guint baseline = dyno_comparison_get_baseline (self->comparison);
  g_autofree int *columns = g_new0 (int, MAX (n_entries, 1));
  const DynoPhaseGroup *group = NULL;
  int column = 1;
  int row = 2;

  clear_grid (self->drive_table);
  gtk_widget_set_visible (self->drive_card, phases->len > 0);
  if (phases->len == 0)
    return;

  for (guint e = 0; e < n_entries; e++)
    {
      columns[e] = column;
      gtk_grid_attach (self->drive_table, entry_heading_new (self, e), column, 0,
                       e == baseline ? 1 : 2, 1);
      gtk_grid_attach (self->drive_table,
                       heading_new (dyno_units_rate_label (DYNO_UNIT_BYTES, rate_unit (self)), 1),
                       column, 1, 1, 1);
      column += e == baseline ? 1 : 2;
    }

  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);
      GtkWidget *name;

      if (phase->kind->group != group)
        {
          GtkWidget *title = heading_new (dyno_phase_group_get_title (phase->kind->group), 0);

          group = phase->kind->group;
          gtk_widget_add_css_class (title, "group-title");
          gtk_grid_attach (self->drive_table, title, 0, row++, column, 1);
        }
      name = gtk_label_new (dyno_phase_get_short_title (phase));
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_tooltip_text (name, dyno_phase_get_title (phase));
      gtk_widget_add_css_class (name, "numeric");
      gtk_grid_attach (self->drive_table, name, 0, row, 1, 1);

      for (guint e = 0; e < n_entries; e++)
        {
          DynoCompareCell cell;
          GtkWidget *rate;

          dyno_comparison_get_cell (self->comparison, e, phase, &cell);
          if (!cell.present)
            continue;
          if (cell.too_fast || isnan (cell.rate))
            {
              rate = cell_new (cell.too_fast ? "+++++" : "—", 1, "rate");
              if (cell.too_fast)
                {
                  gtk_widget_add_css_class (rate, "too-fast");
                  notes->too_fast = TRUE;
                }
            }
          else
            {
              g_autofree char *text = dyno_units_format_rate_value (cell.rate, DYNO_UNIT_BYTES,
                                                                    rate_unit (self));
              g_autofree char *tooltip = cell_tooltip (self, &cell, phase);

              rate = cell_new (text, 1, "rate");
              gtk_widget_set_tooltip_text (rate, tooltip);
              mark_doubtful_figure (self, GTK_LABEL (rate), e, phase, notes);
            }
          gtk_grid_attach (self->drive_table, figure_new (self, rate, e, phase), columns[e], row,
                           1, 1);
          if (e != baseline)
            gtk_grid_attach (self->drive_table, ratio_label_new (self, e, phase, &cell, notes),
                             columns[e] + 1, row, 1, 1);
        }
      row++;
    }
}

static void
build_table (DynoCompareView *self)
{
  /* In catalogue order, so the phases of a group are neighbours. */
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (self->comparison);
  g_autoptr (GPtrArray) columns = g_ptr_array_new ();
  g_autoptr (GPtrArray) drive = g_ptr_array_new ();
  guint n_entries = dyno_comparison_get_n_entries (self->comparison);
  g_autoptr (GPtrArray) doubts = g_ptr_array_new ();
  TableNotes notes = { .all_single = TRUE, .doubts = doubts };
  int row;

  clear_grid (self->table_grid);
  g_ptr_array_set_size (self->name_labels, 0);
  g_hash_table_remove_all (self->ratio_labels);
  g_hash_table_remove_all (self->precision_captions);

  /* Bonnie's phases across, the drive tests down a table of their own. */
  for (guint i = 0; i < phases->len; i++)
    g_ptr_array_add (dyno_phase_has_flag (g_ptr_array_index (phases, i), DYNO_PHASE_QUEUED)
                         ? drive
                         : columns,
                     g_ptr_array_index (phases, i));
  build_drive_table (self, drive, &notes);

  /* Three heading rows: Bonnie's groups, the phases, the units. */
  for (guint c = 0; c < columns->len;)
    {
      const DynoPhase *head = g_ptr_array_index (columns, c);
      const DynoPhaseGroup *group = head->kind->group;
      int first = 1 + 2 * c;
      guint n = 0;
      GtkWidget *title;

      for (; c < columns->len; c++, n++)
        {
          const DynoPhase *phase = g_ptr_array_index (columns, c);
          const char *unit_label;
          int column = 1 + 2 * c;

          if (phase->kind->group != group)
            break;
          gtk_grid_attach (self->table_grid, heading_new (dyno_phase_get_short_title (phase), 1),
                           column, 1, 2, 1);
          unit_label = dyno_units_rate_label (dyno_phase_get_unit (phase), rate_unit (self));
          gtk_grid_attach (self->table_grid, heading_new (unit_label, 1), column, 2, 1, 1);
          gtk_grid_attach (self->table_grid, heading_new (_("%CPU"), 1), column + 1, 2, 1, 1);
        }
      title = heading_new (dyno_phase_group_get_title (group), 0.5);
      gtk_widget_add_css_class (title, "group-title");
      gtk_grid_attach (self->table_grid, title, first, 0, 2 * n, 1);
    }

  /* The names, the rows' headings, even when only the drive tests have figures. */
  row = 3;
  for (guint e = 0; e < n_entries; e++)
    row += attach_entry (self, e, row, columns, &notes);
  gtk_widget_set_visible (self->table_card, columns->len > 0 || drive->len == 0);
  update_caption (self, &notes);
}

static void
update_heading (DynoCompareView *self)
{
  guint n_entries = dyno_comparison_get_n_entries (self->comparison);
  guint baseline = dyno_comparison_get_baseline (self->comparison);
  g_autofree char *runs = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) unit_parts = NULL;
  g_autofree char *unit = NULL;

  runs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run", "%u runs", n_entries),
                          n_entries);
  /* A word joiner after the slash: "MB/s" never breaks across lines. */
  unit_parts = g_strsplit (dyno_units_rate_label (DYNO_UNIT_BYTES, rate_unit (self)), "/", -1);
  unit = g_strjoinv ("/\u2060", unit_parts);
  /* TRANSLATORS: under the comparison's title: "3 runs · against NoFV · rates in MB/s" */
  text = g_strdup_printf (_("%s · against %s · rates in %s"), runs,
                          dyno_comparison_get_name (self->comparison, baseline), unit);
  gtk_label_set_text (self->subtitle_label, text);
}

/* Baseline and phase */

static void
save_baseline (DynoCompareView *self)
{
  guint baseline = dyno_comparison_get_baseline (self->comparison);
  const char *path = dyno_result_get_path (dyno_comparison_get_result (self->comparison,
                                                                       baseline));

  /* A run that was never saved has no name to remember it by. */
  if (path == NULL)
    return;
  g_settings_set_string (self->settings, "compare-baseline", path);
  g_settings_set_uint (self->settings, "compare-baseline-target",
                       dyno_comparison_get_target (self->comparison, baseline));
}

/* The answer first: the others against the baseline, in words. */
static void
update_headline (DynoCompareView *self)
{
  GtkWidget *headline = dyno_headline_new (self->comparison);

  adw_bin_set_child (self->headline_bin, headline);
  gtk_widget_set_visible (GTK_WIDGET (self->headline_bin), headline != NULL);
}

static void
refresh (DynoCompareView *self)
{
  if (self->comparison == NULL)
    return;
  update_headline (self);
  build_table (self);
  update_heading (self);
  dyno_compare_graph_invalidate (self->bars);
  dyno_compare_graph_invalidate (self->cpu);
  dyno_compare_graph_invalidate (self->overlay);
}

static void
on_baseline_selected (DynoCompareView *self)
{
  guint selected = gtk_drop_down_get_selected (self->baseline_dropdown);

  if (self->syncing || self->comparison == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  dyno_compare_view_set_baseline (self, selected);
}

static void
on_phase_selected (DynoCompareView *self)
{
  guint selected = gtk_drop_down_get_selected (self->phase_dropdown);

  if (self->syncing || selected == GTK_INVALID_LIST_POSITION
      || selected >= self->overlay_phases->len)
    return;
  dyno_compare_view_set_phase (self, g_ptr_array_index (self->overlay_phases, selected));
  g_settings_set_string (self->settings, "compare-phase",
                         dyno_phase_get_key (dyno_compare_view_get_phase (self)));
}

static void
on_rate_unit_changed (DynoCompareView *self)
{
  DynoRateScale scale = rate_unit (self) == DYNO_RATE_UNIT_MIB ? DYNO_RATE_SCALE_MIB
                                                               : DYNO_RATE_SCALE_MB;

  dyno_compare_graph_set_rate_scale (self->bars, scale);
  dyno_compare_graph_set_rate_scale (self->cpu, scale);
  dyno_compare_graph_set_rate_scale (self->overlay, scale);
  refresh (self);
}

static void
on_equivalence_changed (DynoCompareView *self)
{
  if (self->comparison == NULL)
    return;
  dyno_comparison_set_equivalence (self->comparison,
                                   dyno_units_get_equivalence (self->settings));
  refresh (self);
}

static void
fill_dropdowns (DynoCompareView *self)
{
  guint n_entries = dyno_comparison_get_n_entries (self->comparison);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (self->comparison);
  g_autofree char *wanted_key = g_settings_get_string (self->settings, "compare-phase");
  const DynoPhase *wanted = dyno_phase_lookup (wanted_key);
  guint position = GTK_INVALID_LIST_POSITION;
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) phase_titles = g_strv_builder_new ();
  g_auto (GStrv) names_strv = NULL;
  g_auto (GStrv) phase_strv = NULL;

  self->syncing = TRUE;

  for (guint e = 0; e < n_entries; e++)
    g_strv_builder_add (names, dyno_comparison_get_name (self->comparison, e));
  names_strv = g_strv_builder_end (names);
  gtk_string_list_splice (self->baseline_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->baseline_names)),
                          (const char *const *) names_strv);
  gtk_drop_down_set_selected (self->baseline_dropdown,
                              dyno_comparison_get_baseline (self->comparison));

  /* Only phases some run has live samples of: imports carry none. */
  g_ptr_array_set_size (self->overlay_phases, 0);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);

      if (!dyno_compare_chart_has_samples (self->comparison, phase))
        continue;
      if (phase == wanted || position == GTK_INVALID_LIST_POSITION)
        position = self->overlay_phases->len;
      g_ptr_array_add (self->overlay_phases, (gpointer) phase);
      g_strv_builder_add (phase_titles, dyno_phase_get_title (phase));
    }
  phase_strv = g_strv_builder_end (phase_titles);
  gtk_string_list_splice (self->phase_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->phase_names)),
                          (const char *const *) phase_strv);
  if (position != GTK_INVALID_LIST_POSITION)
    {
      gtk_drop_down_set_selected (self->phase_dropdown, position);
      dyno_compare_graph_set_phase (self->overlay,
                                    g_ptr_array_index (self->overlay_phases, position));
    }
  gtk_stack_set_visible_child_name (self->overlay_stack,
                                    self->overlay_phases->len > 0 ? "chart" : "none");
  gtk_widget_set_visible (GTK_WIDGET (self->phase_dropdown), self->overlay_phases->len > 0);

  self->syncing = FALSE;
}

static void
apply_saved_baseline (DynoCompareView *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "compare-baseline");
  guint target = g_settings_get_uint (self->settings, "compare-baseline-target");
  guint n_entries = dyno_comparison_get_n_entries (self->comparison);

  if (*path == '\0')
    return;
  for (guint e = 0; e < n_entries; e++)
    if (g_strcmp0 (dyno_result_get_path (dyno_comparison_get_result (self->comparison, e)), path)
            == 0
        && dyno_comparison_get_target (self->comparison, e) == target)
      {
        dyno_comparison_set_baseline (self->comparison, e);
        return;
      }
}

/* GObject */

static void
dyno_compare_view_dispose (GObject *object)
{
  DynoCompareView *self = DYNO_COMPARE_VIEW (object);

  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_COMPARE_VIEW);
  g_clear_pointer (&self->comparison, dyno_comparison_unref);
  g_clear_pointer (&self->overlay_phases, g_ptr_array_unref);
  g_clear_pointer (&self->name_labels, g_ptr_array_unref);
  g_clear_pointer (&self->ratio_labels, g_hash_table_unref);
  g_clear_pointer (&self->precision_captions, g_hash_table_unref);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (dyno_compare_view_parent_class)->dispose (object);
}

static void
dyno_compare_view_class_init (DynoCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_compare_view_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, scroller);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, headline_bin);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, title_label);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, export_button);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, baseline_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, baseline_names);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, table_card);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, table_grid);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, drive_card);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, drive_table);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, caption_label);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, bars_card);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, cpu_card);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, overlay_stack);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, overlay_card);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, phase_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DynoCompareView, phase_names);
  gtk_widget_class_bind_template_callback (widget_class, on_baseline_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_phase_selected);
}

/* GtkDropDown's own labels never shrink: a long run name ("Disk vs RAM /home/ada/Private")
 * would make the window wider than a phone's screen. These ellipsize. */
static void
setup_label (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer max_chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (max_chars));
  gtk_list_item_set_child (item, label);
}

static void
bind_label (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer max_chars)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (string));
  gtk_widget_set_tooltip_text (label, gtk_string_object_get_string (string));
}

static void
set_ellipsizing_factory (GtkDropDown *dropdown, int max_chars)
{
  g_autoptr (GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkListItemFactory) list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (setup_label), GINT_TO_POINTER (max_chars));
  g_signal_connect (button, "bind", G_CALLBACK (bind_label), NULL);
  /* In the popup there is room for more. */
  g_signal_connect (list, "setup", G_CALLBACK (setup_label), GINT_TO_POINTER (max_chars * 2));
  g_signal_connect (list, "bind", G_CALLBACK (bind_label), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
}

static GtkWidget *
add_graph (GtkBox *card, DynoCompareChartKind kind)
{
  GtkWidget *graph = dyno_compare_graph_new (kind);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_widget_set_hexpand (graph, TRUE);
  /* Sideways on a narrow window, as the table; the page scrolls up and down. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), graph);
  gtk_widget_set_hexpand (scroller, TRUE);
  dyno_sideways_scroll_pass_vertical (scroller);
  gtk_box_append (card, scroller);
  return graph;
}

static void
dyno_compare_view_init (DynoCompareView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->overlay_phases = g_ptr_array_new ();
  self->name_labels = g_ptr_array_new ();
  self->ratio_labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->precision_captions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  dyno_sideways_scroll_pass_vertical (self->table_card);
  dyno_sideways_scroll_pass_vertical (self->drive_card);
  set_ellipsizing_factory (self->baseline_dropdown, 24);
  set_ellipsizing_factory (self->phase_dropdown, 18);

  self->bars = DYNO_COMPARE_GRAPH (add_graph (self->bars_card, DYNO_COMPARE_CHART_BARS));
  self->cpu = DYNO_COMPARE_GRAPH (add_graph (self->cpu_card, DYNO_COMPARE_CHART_CPU));
  self->overlay = DYNO_COMPARE_GRAPH (add_graph (self->overlay_card,
                                                 DYNO_COMPARE_CHART_OVERLAY));

  g_signal_connect_object (self->settings, "changed::rate-unit",
                           G_CALLBACK (on_rate_unit_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::equivalence-margin",
                           G_CALLBACK (on_equivalence_changed), self, G_CONNECT_SWAPPED);
  on_rate_unit_changed (self);
}

/* Public API */

void
dyno_compare_view_set_comparison (DynoCompareView *self, DynoComparison *comparison)
{
  g_return_if_fail (DYNO_IS_COMPARE_VIEW (self));
  g_return_if_fail (comparison != NULL);

  if (self->comparison != comparison)
    {
      g_clear_pointer (&self->comparison, dyno_comparison_unref);
      self->comparison = dyno_comparison_ref (comparison);
    }
  dyno_comparison_set_equivalence (comparison, dyno_units_get_equivalence (self->settings));
  apply_saved_baseline (self);
  dyno_compare_graph_set_comparison (self->bars, comparison);
  dyno_compare_graph_set_comparison (self->cpu, comparison);
  dyno_compare_graph_set_comparison (self->overlay, comparison);
  fill_dropdowns (self);
  refresh (self);
  /* A new comparison opens at its top, headline first. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

DynoComparison *
dyno_compare_view_get_comparison (DynoCompareView *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);
  return self->comparison;
}

void
dyno_compare_view_set_baseline (DynoCompareView *self, guint entry)
{
  g_return_if_fail (DYNO_IS_COMPARE_VIEW (self));
  g_return_if_fail (self->comparison != NULL);
  g_return_if_fail (entry < dyno_comparison_get_n_entries (self->comparison));

  if (dyno_comparison_get_baseline (self->comparison) != entry)
    {
      dyno_comparison_set_baseline (self->comparison, entry);
      refresh (self);
      /* Chosen, so kept for the next comparison that has this run. */
      save_baseline (self);
    }
  if (gtk_drop_down_get_selected (self->baseline_dropdown) != entry)
    {
      self->syncing = TRUE;
      gtk_drop_down_set_selected (self->baseline_dropdown, entry);
      self->syncing = FALSE;
    }
}

void
dyno_compare_view_set_phase (DynoCompareView *self, const DynoPhase *phase)
{
  guint position;

  g_return_if_fail (DYNO_IS_COMPARE_VIEW (self));
  g_return_if_fail (phase != NULL);

  dyno_compare_graph_set_phase (self->overlay, phase);
  if (g_ptr_array_find (self->overlay_phases, phase, &position)
      && gtk_drop_down_get_selected (self->phase_dropdown) != position)
    {
      self->syncing = TRUE;
      gtk_drop_down_set_selected (self->phase_dropdown, position);
      self->syncing = FALSE;
    }
}

const DynoPhase *
dyno_compare_view_get_phase (DynoCompareView *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);
  return dyno_compare_graph_get_phase (self->overlay);
}

DynoCompareGraph *
dyno_compare_view_get_graph (DynoCompareView *self, DynoCompareChartKind kind)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);

  switch (kind)
    {
    case DYNO_COMPARE_CHART_CPU:
      return self->cpu;
    case DYNO_COMPARE_CHART_OVERLAY:
      return self->overlay;
    case DYNO_COMPARE_CHART_BARS:
    default:
      return self->bars;
    }
}

void
dyno_compare_view_popup_export (DynoCompareView *self)
{
  g_return_if_fail (DYNO_IS_COMPARE_VIEW (self));
  gtk_menu_button_popup (self->export_button);
}

const char *
dyno_compare_view_get_headline (DynoCompareView *self)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);
  return dyno_headline_get_text (adw_bin_get_child (self->headline_bin));
}

GtkLabel *
dyno_compare_view_get_name_label (DynoCompareView *self, guint entry)
{
  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);

  if (entry >= self->name_labels->len)
    return NULL;
  return g_ptr_array_index (self->name_labels, entry);
}

GtkLabel *
dyno_compare_view_get_ratio_label (DynoCompareView *self, guint entry, const DynoPhase *phase)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (phase != NULL, NULL);

  key = ratio_key (entry, phase);
  return g_hash_table_lookup (self->ratio_labels, key);
}

GtkWidget *
dyno_compare_view_get_precision_caption (DynoCompareView *self,
                                         guint            entry,
                                         const DynoPhase *phase)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (DYNO_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (phase != NULL, NULL);

  key = ratio_key (entry, phase);
  return g_hash_table_lookup (self->precision_captions, key);
}
