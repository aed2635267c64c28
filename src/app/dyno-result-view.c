/* dyno-result-view.c
 *
 * The table keeps Bonnie's grouping (sequential output, sequential input, random seeks,
 * sequential and random create) but runs down the page rather than across it, so it still
 * reads on a phone-sized window. Everything is built from the DynoResult when it is set.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-result-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-array-group.h"
#include "dyno-badges.h"
#include "dyno-compare.h"
#include "dyno-crypto-group.h"
#include "dyno-drive-grid.h"
#include "dyno-files-options.h"
#include "dyno-headline.h"
#include "dyno-history-view.h"
#include "dyno-parse.h"
#include "dyno-phase-kind.h"
#include "dyno-precision.h"
#include "dyno-price-group.h"
#include "dyno-profile.h"
#include "dyno-result-view.h"
#include "dyno-sideways-scroll.h"
#include "dyno-units.h"

struct _DynoResultView
{
  AdwBin parent_instance;

  GtkStack *stack;
  GtkScrolledWindow *scroller;
  AdwBin *headline_bin;
  DynoCompareGraph *forest; /* a paired run's forest plot, in headline_bin; NULL otherwise */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkBox *targets_box;
  AdwPreferencesGroup *run_group;
  AdwPreferencesGroup *system_group;
  GtkMenuButton *export_button;

  GSettings *settings;
  DynoResult *result;
  /* The headline's comparison of a session over several folders (NULL otherwise), and the
   * baseline the person chose for it on this page (G_MAXUINT: the automatic one). */
  DynoComparison *comparison;
  guint chosen_baseline;
  guint baseline_idle;
  GtkDropDown *baseline_dropdown;
  GtkWidget *crypto_groups_first; /* the first target's Encryption group, for tests */
  char *saved_path;
  GPtrArray *info_rows;    /* rows added to run_group and system_group */
  GHashTable *rate_labels; /* rate_key (target, phase) -> GtkLabel */
  GHashTable *precision_captions; /* rate_key (target, phase) -> the caption under its figure */
  GPtrArray *grids;        /* DynoDriveGrid *, index = target; NULL for targets without */
  GPtrArray *array_groups; /* DynoArrayGroup *, index = target; NULL for targets without */
  GPtrArray *price_groups; /* DynoPriceGroup *, index = target; NULL for targets without */
};

G_DEFINE_FINAL_TYPE (DynoResultView, dyno_result_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_RESULT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_TARGET_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  COL_PHASE,
  COL_RATE,
  COL_CPU,
  COL_P99,
  COL_MAX,
  COL_CACHED,
  N_COLUMNS
};

#define TOO_FAST_MARK "+++++"
/* After a figure that may come from a cache below the target, as the tables and charts mark it */
#define CACHE_DOUBT_MARK "†"

/* space_short: the target's folder had too little free space for a larger data file
 * (DynoSizing.space_short): a larger size would not have fitted. */
static const char *
too_fast_explanation (gboolean space_short)
{
  if (space_short)
    return _("This phase took less than 0.5 s: too short to measure reliably. The folder has too "
             "little free space for a larger data file: free some space or choose another "
             "folder.");
  return _("This phase took less than 0.5 s: too short to measure reliably. Use a larger size "
           "or more files.");
}

static GtkWidget *
cell_new (const char *text, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static char *
rate_key (guint target, const DynoPhase *phase)
{
  return g_strdup_printf ("%u %s", target, dyno_phase_get_key (phase));
}

static double
mean_cache_resident (const DynoPhaseResult *phase)
{
  double sum = 0;
  guint n = 0;

  for (guint i = 0; phase->runs != NULL && i < phase->runs->len; i++)
    {
      const DynoPhaseRun *run = dyno_phase_result_get_run (phase, i);

      if (!isnan (run->cache_resident))
        {
          sum += run->cache_resident;
          n++;
        }
    }
  return n > 0 ? sum / n : NAN;
}

static char *
format_rate_cell (const DynoPhaseResult *phase, DynoRateUnit rate_unit, guint repeats)
{
  DynoUnit unit = dyno_phase_get_unit (phase->phase);
  double rate = dyno_phase_result_get_rate (phase);

  if (repeats > 1 && phase->rate.n >= 2 && isfinite (phase->rate.ci95) && !isnan (rate))
    {
      g_autofree char *mean = dyno_units_format_rate_value (rate, unit, rate_unit);
      g_autofree char *half = dyno_units_format_rate_value (phase->rate.ci95, unit, rate_unit);

      /* The half-width of the mean's 95 % interval, as every ± of Dyno (the column's heading
       * says so). TRANSLATORS: mean ± the half-width of its 95 % interval, and the unit, like
       * "120 ± 3.5 MB/s" */
      return g_strdup_printf (_("%s ± %s %s"), mean, half, dyno_units_rate_label (unit, rate_unit));
    }
  return dyno_units_format_rate (rate, unit, rate_unit);
}

static char *
format_stats_tooltip (const DynoPhaseResult *phase, DynoRateUnit rate_unit)
{
  DynoUnit unit = dyno_phase_get_unit (phase->phase);
  g_autofree char *min = dyno_units_format_rate (phase->rate.min, unit, rate_unit);
  g_autofree char *max = dyno_units_format_rate (phase->rate.max, unit, rate_unit);
  g_autofree char *ci = dyno_units_format_rate (phase->rate.ci95, unit, rate_unit);

  /* TRANSLATORS: statistics over the repeats of a phase */
  return g_strdup_printf (_("%u repeats: from %s to %s; 95 %% confidence interval of the mean "
                            "± %s"),
                          phase->rate.n, min, max, ci);
}

static void
attach_phase_row (DynoResultView *self,
                  GtkGrid *grid,
                  int row,
                  guint target,
                  const DynoPhaseResult *phase,
                  DynoRateUnit rate_unit,
                  guint repeats,
                  gboolean space_short)
{
  GtkWidget *name = gtk_label_new (dyno_phase_get_short_title (phase->phase));
  GtkWidget *rate;
  GtkWidget *cpu;
  g_autofree char *p99 = dyno_format_latency (phase->latency.p99);
  g_autofree char *max = dyno_format_latency (phase->latency.max);
  g_autofree char *cached = NULL;
  double resident = mean_cache_resident (phase);
  gboolean all_too_fast = phase->too_fast && isnan (dyno_phase_result_get_rate (phase));

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  /* The names take the spare width, so the figures line up at the card's right edge. */
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_set_tooltip_text (name, dyno_phase_get_title (phase->phase));
  gtk_widget_add_css_class (name, "phase-name");

  if (all_too_fast)
    {
      /* bonnie++'s mark: the figure exists but means nothing. */
      rate = cell_new (TOO_FAST_MARK, 1);
      cpu = cell_new ("+++", 1);
      gtk_widget_add_css_class (rate, "too-fast");
      gtk_widget_add_css_class (cpu, "too-fast");
      gtk_widget_set_tooltip_text (rate, too_fast_explanation (space_short));
      gtk_widget_set_tooltip_text (cpu, too_fast_explanation (space_short));
    }
  else
    {
      g_autofree char *rate_text = format_rate_cell (phase, rate_unit, repeats);
      g_autofree char *cpu_text = dyno_units_format_percent (phase->cpu_percent.mean);

      g_autofree char *stats = repeats > 1 && phase->rate.n >= 2
                                   ? format_stats_tooltip (phase, rate_unit)
                                   : NULL;

      rate = cell_new (rate_text, 1);
      cpu = cell_new (cpu_text, 1);
      if (phase->cache_doubt != NULL)
        {
          /* The figure is not one of the disk: marked where it stands, the reason on hover,
           * and in a warning under the table. */
          g_autofree char *marked = g_strconcat (rate_text, " " CACHE_DOUBT_MARK, NULL);
          g_autofree char *tooltip = stats != NULL ? g_strconcat (phase->cache_doubt, "\n", stats,
                                                                  NULL)
                                                   : g_strdup (phase->cache_doubt);

          gtk_label_set_text (GTK_LABEL (rate), marked);
          gtk_widget_add_css_class (rate, "cache-doubt");
          gtk_widget_set_tooltip_text (rate, tooltip);
          gtk_widget_set_tooltip_text (name, phase->cache_doubt);
        }
      else if (stats != NULL)
        gtk_widget_set_tooltip_text (rate, stats);
      if (phase->too_fast)
        {
          /* Some repeats were too fast: the figure is the mean of the others. */
          gtk_widget_set_tooltip_text (name, too_fast_explanation (space_short));
          gtk_widget_add_css_class (name, "too-fast");
        }
    }
  gtk_widget_add_css_class (rate, "rate");

  if (dyno_phase_has_flag (phase->phase, DYNO_PHASE_READS_DATA) && !isnan (resident))
    cached = g_strdup_printf (_("%.1f %%"), resident * 100);

  /* A caption under the figure makes the row taller: the other cells stay level with the
   * figure rather than centre on both. */
  gtk_widget_set_valign (name, GTK_ALIGN_START);
  gtk_widget_set_valign (cpu, GTK_ALIGN_START);
  gtk_grid_attach (grid, name, COL_PHASE, row, 1, 1);
  {
    /* How precise the figure is, under it rather than in a paragraph of its own, so that one
     * that missed its target is not read without seeing so. */
    GtkWidget *caption = dyno_precision_caption_new (phase);

    if (caption != NULL)
      {
        GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

        gtk_box_append (GTK_BOX (cell), rate);
        gtk_box_append (GTK_BOX (cell), caption);
        gtk_grid_attach (grid, cell, COL_RATE, row, 1, 1);
        g_hash_table_insert (self->precision_captions, rate_key (target, phase->phase), caption);
      }
    else
      gtk_grid_attach (grid, rate, COL_RATE, row, 1, 1);
  }
  gtk_grid_attach (grid, cpu, COL_CPU, row, 1, 1);
  {
    GtkWidget *cells[] = { cell_new (p99, 1), cell_new (max, 1),
                           cell_new (cached ? cached : "", 1) };

    for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
      {
        gtk_widget_set_valign (cells[c], GTK_ALIGN_START);
        gtk_grid_attach (grid, cells[c], COL_P99 + c, row, 1, 1);
      }
  }

  g_hash_table_insert (self->rate_labels, rate_key (target, phase->phase), rate);
}

static GtkWidget *
heading_cell (const char *text, const char *tooltip)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "dim-label");
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (label, tooltip);
  return label;
}

static gboolean
is_queued (const DynoPhaseResult *phase)
{
  return dyno_phase_has_flag (phase->phase, DYNO_PHASE_QUEUED);
}

static int
compare_phase_results (gconstpointer a, gconstpointer b)
{
  const DynoPhaseResult *pa = *(const DynoPhaseResult *const *) a;
  const DynoPhaseResult *pb = *(const DynoPhaseResult *const *) b;

  return dyno_phase_compare (pa->phase, pb->phase);
}

static GtkWidget *
build_table (DynoResultView *self,
             guint target,
             const DynoTargetResult *tr,
             DynoRateUnit rate_unit,
             guint repeats)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scroller;
  /* Not owning them: tr->phases frees its results. */
  g_autoptr (GPtrArray) phases = g_ptr_array_sized_new (tr->phases->len);
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_add_css_class (grid, "result-table");

  gtk_grid_attach (GTK_GRID (grid),
                   repeats > 1
                       /* TRANSLATORS: the heading of the figures of repeated runs: the mean ±
                        * the half-width of its 95 % interval */
                       ? heading_cell (_("Rate ± 95 %"),
                                       /* xgettext:no-c-format */
                                       _("The mean over the repeats ± the half-width of its 95 % "
                                         "confidence interval"))
                       : heading_cell (_("Rate"), NULL),
                   COL_RATE, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid),
                   heading_cell (_("%CPU"), _("CPU time of the I/O threads per second of the "
                                              "phase, in percent of one CPU")),
                   COL_CPU, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid),
                   heading_cell (_("p99"), _("99 in 100 operations took at most this long")),
                   COL_P99, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid),
                   heading_cell (_("Max"), _("The slowest single operation")), COL_MAX, row, 1,
                   1);
  gtk_grid_attach (GTK_GRID (grid),
                   heading_cell (_("Cached"), _("How much of the data file was still in RAM "
                                                "when the read phase began")),
                   COL_CACHED, row, 1, 1);
  row++;

  /* In catalogue order, under their groups' titles; the drive tests have their grid. */
  for (guint i = 0; i < tr->phases->len; i++)
    if (!is_queued (g_ptr_array_index (tr->phases, i)))
      g_ptr_array_add (phases, g_ptr_array_index (tr->phases, i));
  g_ptr_array_sort (phases, compare_phase_results);
  for (guint i = 0; i < phases->len;)
    {
      const DynoPhaseResult *head = g_ptr_array_index (phases, i);
      const DynoPhaseGroup *group = head->phase->kind->group;
      GtkWidget *title = gtk_label_new (dyno_phase_group_get_title (group));

      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_widget_add_css_class (title, "heading");
      gtk_widget_add_css_class (title, "group-title");
      gtk_grid_attach (GTK_GRID (grid), title, COL_PHASE, row++, N_COLUMNS, 1);

      for (; i < phases->len; i++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (phases, i);

          if (phase->phase->kind->group != group)
            break;
          attach_phase_row (self, GTK_GRID (grid), row++, target, phase, rate_unit, repeats,
                            tr->sizing.space_short);
        }
    }

  /* On a narrow window the table scrolls sideways rather than squeezing the figures. */
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_widget_add_css_class (scroller, "card");

  dyno_sideways_scroll_pass_vertical (scroller);
  return scroller;
}

/* The drive tests' latencies and what they cost the processor, as dyno-cli's second table. */
static GtkWidget *
build_drive_details (const DynoTargetResult *tr)
{
  static const char *const headings[] = {
    N_("p50"), N_("p99"), N_("p99.9"), N_("Max"), N_("CPU s/GB"), N_("All CPUs s/GB"),
  };
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scroller;
  g_autoptr (GPtrArray) phases = g_ptr_array_new ();
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_add_css_class (grid, "result-table");

  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    {
      GtkWidget *heading = heading_cell (_(headings[c]), NULL);

      if (c == 4)
        gtk_widget_set_tooltip_text (heading, _("Seconds of CPU per 10⁹ bytes moved, by Dyno’s "
                                                "I/O threads"));
      else if (c == 5)
        gtk_widget_set_tooltip_text (heading, _("Seconds of CPU per 10⁹ bytes moved, by the "
                                                "whole machine: kernel threads, an encryption "
                                                "layer’s or a FUSE daemon’s work included"));
      else
        gtk_widget_set_tooltip_text (heading, _("Latency of one I/O: this share of them took at "
                                                "most this long"));
      gtk_grid_attach (GTK_GRID (grid), heading, 1 + c, row, 1, 1);
    }
  row++;

  for (guint i = 0; i < tr->phases->len; i++)
    if (is_queued (g_ptr_array_index (tr->phases, i)))
      g_ptr_array_add (phases, g_ptr_array_index (tr->phases, i));
  g_ptr_array_sort (phases, compare_phase_results);
  for (guint i = 0; i < phases->len; i++, row++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (phases, i);
      /* TRANSLATORS: a drive test in the latency table: "RND4K Q32T1 · Read" */
      g_autofree char *title = g_strdup_printf (_("%s · %s"),
                                                dyno_phase_get_short_title (phase->phase),
                                                dyno_phase_group_get_title (
                                                    phase->phase->kind->group));
      const double latencies[] = { phase->latency.p50, phase->latency.p99, phase->latency.p999,
                                   phase->latency.max };
      const double cpus[] = { dyno_phase_result_cpu_per_gb (phase, FALSE),
                              dyno_phase_result_cpu_per_gb (phase, TRUE) };
      GtkWidget *name = gtk_label_new (title);

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_set_tooltip_text (name, dyno_phase_get_title (phase->phase));
      gtk_widget_add_css_class (name, "numeric");
      gtk_grid_attach (GTK_GRID (grid), name, 0, row, 1, 1);
      for (guint c = 0; c < G_N_ELEMENTS (latencies); c++)
        {
          g_autofree char *text = dyno_format_latency (latencies[c]);

          gtk_grid_attach (GTK_GRID (grid), cell_new (text, 1), 1 + c, row, 1, 1);
        }
      for (guint c = 0; c < G_N_ELEMENTS (cpus); c++)
        {
          g_autofree char *text = isnan (cpus[c]) ? g_strdup ("—")
                                                  : g_strdup_printf ("%.3f", cpus[c]);

          gtk_grid_attach (GTK_GRID (grid), cell_new (text, 1), 1 + G_N_ELEMENTS (latencies) + c,
                           row, 1, 1);
        }
    }

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_widget_add_css_class (scroller, "card");
  dyno_sideways_scroll_pass_vertical (scroller);
  return scroller;
}

static GtkWidget *
caption_new (const char *text, const char *icon_name, const char *icon_class)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (text);

  if (icon_name != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      if (icon_class != NULL)
        gtk_widget_add_css_class (icon, icon_class);
      gtk_box_append (GTK_BOX (box), icon);
    }
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static GtkWidget *
build_error (const DynoTargetResult *tr)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *heading;
  GtkWidget *message = gtk_label_new (tr->error_message);
  g_autofree char *title = NULL;

  if (tr->error_phase != NULL)
    /* TRANSLATORS: "Failed during Block write" */
    title = g_strdup_printf (_("Failed during %s"), dyno_phase_get_title (tr->error_phase));
  else
    title = g_strdup (_("Failed"));
  heading = gtk_label_new (title);

  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "error-card");
  gtk_image_set_icon_size (GTK_IMAGE (icon), GTK_ICON_SIZE_LARGE);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, "error");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_add_css_class (heading, "error");
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_selectable (GTK_LABEL (message), TRUE);
  gtk_box_append (GTK_BOX (text), heading);
  gtk_box_append (GTK_BOX (text), message);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

static char *
describe_target (const DynoTargetResult *tr)
{
  const DynoTargetInfo *info = tr->info;
  g_autofree char *where = dyno_target_info_describe (info);
  g_autofree char *took = dyno_format_duration (tr->elapsed);
  GString *text = g_string_new (NULL);

  /* A folder of another machine's, in a run across machines: that machine first. */
  if (tr->remote != NULL)
    g_string_append_printf (text, "%s · ", tr->remote);
  g_string_append (text, where);
  if (info->device_model != NULL)
    g_string_append_printf (text, " · %s", info->device_model);
  if (info->mount_point != NULL && g_strcmp0 (info->mount_point, info->path) != 0)
    /* TRANSLATORS: where the target's file system is mounted, like "mounted on /home" */
    g_string_append_printf (text, _(" · mounted on %s"), info->mount_point);
  if (!isnan (tr->elapsed))
    /* TRANSLATORS: how long a target took, like "took 2 min 05 s" */
    g_string_append_printf (text, _(" · took %s"), took);
  return g_string_free (text, FALSE);
}

static void
on_group_changed (DynoResultView *self, GtkWidget *group)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (group), "dyno-target-index"));

  g_signal_emit (self, signals[SIGNAL_TARGET_CHANGED], 0, index);
}

/* A target on an array: its layout and the figures per data spindle, with the reference rate
 * to enter; any target with figures: its price and the figures per currency unit. Both are
 * kept in the result; "target-changed" tells the page to write them to the file. */
static void
append_array_and_price (DynoResultView *self,
                        GtkWidget *section,
                        guint index,
                        const DynoTargetResult *tr,
                        DynoRateUnit rate_unit)
{
  GtkWidget *array = dyno_array_group_new (self->result, index);
  GtkWidget *price = NULL;
  gboolean any_figure = FALSE;

  for (guint i = 0; i < tr->phases->len && !any_figure; i++)
    any_figure = isfinite (dyno_phase_result_get_rate (g_ptr_array_index (tr->phases, i)));
  if (any_figure)
    price = dyno_price_group_new (self->result, index, rate_unit);
  g_ptr_array_add (self->array_groups, array);
  g_ptr_array_add (self->price_groups, price);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *group = i == 0 ? array : price;

      if (group == NULL)
        continue;
      g_object_set_data (G_OBJECT (group), "dyno-target-index", GUINT_TO_POINTER (index));
      g_signal_connect_object (group, "changed", G_CALLBACK (on_group_changed), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (section), group);
    }
}

static GtkWidget *
build_target (DynoResultView *self, guint index, const DynoTargetResult *tr, DynoRateUnit rate_unit)
{
  const DynoConfig *config = dyno_result_get_config (self->result);
  guint repeats = config != NULL ? config->repeat : 1;
  GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *title_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  /* Imports know no folder: name what measured it instead. */
  GtkWidget *title = gtk_label_new (tr->info->path != NULL ? tr->info->path
                                    : dyno_result_get_tool (self->result) != NULL
                                        ? dyno_result_get_tool (self->result)
                                        : _("Unknown target"));
  GtkWidget *badges = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *description = describe_target (tr);
  GtkWidget *subtitle = gtk_label_new (description);
  gboolean any_too_fast = FALSE;

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "title-3");
  gtk_box_append (GTK_BOX (title_row), title);
  {
    /* Writable was true when it ran; a badge saying otherwise now would mislead, and result
     * files do not record it (a loaded one reads as not writable). */
    DynoTargetInfo shown = *tr->info;

    shown.writable = TRUE;
    dyno_badges_fill (GTK_BOX (badges), &shown);
  }
  gtk_box_append (GTK_BOX (title_row), badges);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_box_append (GTK_BOX (header), title_row);
  gtk_box_append (GTK_BOX (header), subtitle);
  gtk_box_append (GTK_BOX (section), header);

  if (dyno_target_result_failed (tr))
    gtk_box_append (GTK_BOX (section), build_error (tr));

  {
    guint n_queued = 0;

    for (guint i = 0; i < tr->phases->len; i++)
      n_queued += is_queued (g_ptr_array_index (tr->phases, i));
    /* The drive tests as CrystalDiskMark shows them, then their latencies and CPU cost. */
    if (n_queued > 0)
      {
        GtkWidget *grid = dyno_drive_grid_new ();

        dyno_drive_grid_set_rate_unit (DYNO_DRIVE_GRID (grid), rate_unit);
        dyno_drive_grid_set_target (DYNO_DRIVE_GRID (grid), tr);
        gtk_box_append (GTK_BOX (section), grid);
        gtk_box_append (GTK_BOX (section), build_drive_details (tr));
        g_ptr_array_add (self->grids, grid);
      }
    else
      g_ptr_array_add (self->grids, NULL);
    if (tr->phases->len > n_queued)
      gtk_box_append (GTK_BOX (section), build_table (self, index, tr, rate_unit, repeats));
  }

  {
    g_autofree char *summary = dyno_precision_describe_summary (tr->phases);

    if (summary != NULL)
      {
        GtkWidget *note = caption_new (summary, NULL, NULL);

        gtk_widget_add_css_class (note, "caption");
        gtk_widget_add_css_class (note, "dim-label");
        gtk_widget_add_css_class (note, "precision-summary");
        gtk_box_append (GTK_BOX (section), note);
      }
  }

  for (guint i = 0; i < tr->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (tr->phases, i);

      any_too_fast |= phase->too_fast;
      if (phase->cache_doubt != NULL)
        {
          /* TRANSLATORS: a phase's title, then why its figure may come from RAM */
          g_autofree char *reason = g_strdup_printf (_("%s: %s; it is not a figure of the disk."),
                                                     dyno_phase_get_title (phase->phase),
                                                     phase->cache_doubt);
          g_autofree char *text = g_strconcat (CACHE_DOUBT_MARK " ", reason, NULL);
          GtkWidget *note = caption_new (text, "dialog-warning-symbolic", "warning");

          gtk_widget_add_css_class (note, "caption");
          gtk_widget_add_css_class (note, "cache-doubt-note");
          gtk_box_append (GTK_BOX (section), note);
        }
      if (phase->note != NULL)
        {
          /* TRANSLATORS: a phase and a note about it */
          g_autofree char *text = g_strdup_printf (_("%s: %s"), dyno_phase_get_title (phase->phase),
                                                   phase->note);
          GtkWidget *note = caption_new (text, "dialog-information-symbolic", "dim-label");

          gtk_widget_add_css_class (note, "caption");
          gtk_box_append (GTK_BOX (section), note);
        }
    }
  if (any_too_fast)
    {
      g_autofree char *text = g_strdup_printf ("%s  %s", TOO_FAST_MARK,
                                               too_fast_explanation (tr->sizing.space_short));
      GtkWidget *note = caption_new (text, NULL, NULL);

      gtk_widget_add_css_class (note, "caption");
      gtk_widget_add_css_class (note, "dim-label");
      gtk_box_append (GTK_BOX (section), note);
    }
  for (guint i = 0; tr->notes != NULL && i < tr->notes->len; i++)
    {
      GtkWidget *note = caption_new (g_ptr_array_index (tr->notes, i), "dialog-information-symbolic", NULL);

      gtk_widget_add_css_class (note, "dim-label");
      gtk_box_append (GTK_BOX (section), note);
    }
  for (guint i = 0; tr->warnings != NULL && i < tr->warnings->len; i++)
    gtk_box_append (GTK_BOX (section), caption_new (g_ptr_array_index (tr->warnings, i),
                                                    "dialog-warning-symbolic", "warning"));
  {
    GtkWidget *crypto = dyno_crypto_group_new (self->result, index);

    if (crypto != NULL)
      {
        gtk_box_append (GTK_BOX (section), crypto);
        if (self->crypto_groups_first == NULL)
          self->crypto_groups_first = crypto;
      }
  }
  append_array_and_price (self, section, index, tr, rate_unit);
  return section;
}

static void
add_info_row (DynoResultView *self,
              AdwPreferencesGroup *group,
              const char *title,
              const char *value)
{
  GtkWidget *row;

  if (value == NULL || *value == '\0')
    return;
  row = adw_action_row_new ();
  /* Values are data (paths, CPU names, a person's label): never mistake them for markup.
   * Before the text: a row parses what it is given while it still takes markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
  gtk_widget_add_css_class (row, "info-row");
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->info_rows, row);
}

static void
clear_info_rows (DynoResultView *self)
{
  for (guint i = 0; i < self->info_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->info_rows, i);
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      if (group != NULL)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), row);
    }
  g_ptr_array_set_size (self->info_rows, 0);
}

static const char *
cache_policy_title (DynoCachePolicy policy)
{
  switch (policy)
    {
    case DYNO_CACHE_EVICT:
      return _("Evicted before every read phase");
    case DYNO_CACHE_DIRECT:
      return _("Bypassed with O_DIRECT");
    case DYNO_CACHE_DROP:
      return _("All caches dropped before reads");
    case DYNO_CACHE_NONE:
      return _("Left alone (bonnie++)");
    default:
      return dyno_cache_policy_to_string (policy);
    }
}

/* What the targets used for a size the configuration may have left to them: the one size
 * they agree on, else the configuration's. */
static guint64
sizing_value (const DynoSizing *sizing, DynoAutoFlags what)
{
  /* The sizes the calibration chooses; a kind's own count is its own to describe. */
  if (what == DYNO_AUTO_SIZE)
    return sizing->size;
  if (what == DYNO_AUTO_PER_CHAR)
    return sizing->per_char_size;
  g_assert (what == DYNO_AUTO_FILES);
  return sizing->files;
}

static guint64
config_value (const DynoConfig *config, DynoAutoFlags what)
{
  if (what == DYNO_AUTO_SIZE)
    return config->size;
  if (what == DYNO_AUTO_PER_CHAR)
    return dyno_config_get_per_char_size (config);
  g_assert (what == DYNO_AUTO_FILES);
  return dyno_config_get_files_total (config);
}

/* Targets that sized it for themselves chose different values (or none is known). */
static gboolean
size_varies (DynoResultView *self, const DynoConfig *config, DynoAutoFlags what)
{
  guint64 seen = 0;

  if (!dyno_config_is_auto (config, what))
    return FALSE;
  for (guint i = 0; i < dyno_result_get_n_targets (self->result); i++)
    {
      guint64 value = sizing_value (&dyno_result_get_target (self->result, i)->sizing, what);

      if (value == 0)
        continue;
      if (seen != 0 && value != seen)
        return TRUE;
      seen = value;
    }
  return seen == 0;
}

static guint64
sized (DynoResultView *self, const DynoConfig *config, DynoAutoFlags what)
{
  if (dyno_config_is_auto (config, what))
    for (guint i = 0; i < dyno_result_get_n_targets (self->result); i++)
      {
        guint64 value = sizing_value (&dyno_result_get_target (self->result, i)->sizing, what);

        if (value != 0)
          return value;
      }
  return config_value (config, what);
}

/* "O_DIRECT, io_uring": how the drive tests did their I/O, from their runs. */
static char *
describe_drive_mode (DynoResult *result)
{
  const char *engine = NULL;
  const char *other = NULL; /* the automatic engine runs Q1 tests with threads, others on io_uring */
  g_autofree char *both = NULL;
  int direct = -2;
  gboolean direct_differs = FALSE;
  const char *how;

  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      for (guint i = 0; i < target->phases->len; i++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

          for (guint j = 0; is_queued (phase) && j < phase->runs->len; j++)
            {
              const DynoPhaseRun *run = dyno_phase_result_get_run (phase, j);

              if (run->engine != NULL && engine != NULL && g_strcmp0 (run->engine, engine) != 0)
                other = run->engine;
              else if (run->engine != NULL && engine == NULL)
                engine = run->engine;
              if (direct != -2 && run->direct != direct)
                direct_differs = TRUE;
              direct = run->direct;
            }
        }
    }
  how = direct_differs   ? _("O_DIRECT and through the page cache")
        : direct == 1    ? _("O_DIRECT")
        : direct == 0    ? _("through the page cache, evicted before each test")
                         : NULL;
  if (other != NULL)
    engine = both = g_strdup_printf ("%s, %s", engine, other);
  if (how != NULL && engine != NULL)
    /* TRANSLATORS: how the drive tests did their I/O, "O_DIRECT, io_uring" */
    return g_strdup_printf (_("%s, %s"), how, engine);
  return g_strdup (how != NULL ? how : engine);
}

static void
fill_run_group (DynoResultView *self)
{
  const DynoConfig *config = dyno_result_get_config (self->result);
  g_autofree char *when = dyno_units_format_time (dyno_result_get_created (self->result));
  add_info_row (self, self->run_group, _("Label"), dyno_result_get_label (self->result));
  /* An import carries no date of its own: it is the day it was imported. */
  add_info_row (self, self->run_group,
                dyno_result_get_source (self->result) != NULL ? _("Imported") : _("Started"),
                when);
  add_info_row (self, self->run_group, _("Measured with"), dyno_result_get_tool (self->result));
  add_info_row (self, self->run_group, _("Imported from"), dyno_result_get_source (self->result));
  add_info_row (self, self->run_group, _("Saved as"), self->saved_path);
  if (config == NULL)
    return;

  {
    g_autofree char *text = config->phase_time > 0
                                /* TRANSLATORS: the phase time of a run, like "3 s per phase" */
                                ? g_strdup_printf (_("%g s per phase"), config->phase_time)
                                : g_strdup (_("One pass of the sizes given, as Bonnie"));

    add_info_row (self, self->run_group, _("Phase time"), text);
  }
  if (dyno_config_has_queued_tests (config))
    {
      g_autoptr (GPtrArray) phases = g_ptr_array_new ();
      g_autofree char *size = dyno_format_size (config->queue_size);
      g_autofree char *mode = describe_drive_mode (self->result);
      g_autofree char *text = NULL;
      const DynoProfile *profile;

      for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
        if (dyno_phase_has_flag (dyno_config_get_phase (config, i), DYNO_PHASE_QUEUED))
          g_ptr_array_add (phases, (gpointer) dyno_config_get_phase (config, i));
      profile = dyno_profile_find (phases);
      if (profile != NULL)
        add_info_row (self, self->run_group, _("Drive profile"), dyno_profile_get_title (profile));
      if (mode != NULL)
        /* TRANSLATORS: the drive tests' file, how they did their I/O, the rest before each:
         * "1 GiB test file, O_DIRECT, io_uring; 5 s of rest before each test" */
        text = g_strdup_printf (_("%s test file, %s; %g s of rest before each test"), size, mode,
                                config->interval);
      else
        /* TRANSLATORS: the drive tests' file and the rest before each: "1 GiB test file; 5 s
         * of rest before each test" */
        text = g_strdup_printf (_("%s test file; %g s of rest before each test"), size,
                                config->interval);
      add_info_row (self, self->run_group, _("Drive tests"), text);
    }
  if (dyno_config_has_io_tests (config))
    {
      g_autofree char *size = dyno_format_size (sized (self, config, DYNO_AUTO_SIZE));
      g_autofree char *chunk = dyno_format_size (config->chunk);
      g_autofree char *text = NULL;

      if (size_varies (self, config, DYNO_AUTO_SIZE))
        /* TRANSLATORS: a data file sized on each target for itself, like "Sized on each
         * target, in 8 KiB chunks" */
        text = g_strdup_printf (_("Sized on each target, in %s chunks"), chunk);
      else
        /* TRANSLATORS: file size and chunk size, like "1 GiB in 8 KiB chunks" */
        text = g_strdup_printf (_("%s in %s chunks"), size, chunk);
      add_info_row (self, self->run_group, _("Data file"), text);
      add_info_row (self, self->run_group, _("Page cache"), cache_policy_title (config->cache));
    }
  if (dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR))
    {
      const char *mode = dyno_per_char_mode_to_string (config->per_char);
      g_autofree char *size = dyno_format_size (sized (self, config, DYNO_AUTO_PER_CHAR));
      g_autofree char *text = NULL;

      if (size_varies (self, config, DYNO_AUTO_PER_CHAR))
        /* TRANSLATORS: per-char mode, like "stdio, sized on each target" */
        text = g_strdup_printf (_("%s, sized on each target"), mode);
      else
        /* TRANSLATORS: per-char mode and size, like "stdio, 1 GiB" */
        text = g_strdup_printf (_("%s, %s"), mode, size);

      add_info_row (self, self->run_group, _("Per-char I/O"), text);
    }
  /* What a kind says of its own workload, under its title. */
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    {
      const DynoPhaseKind *kind = dyno_config_get_phase (config, i)->kind;
      g_autofree char *text = NULL;

      if (kind->workload == NULL || kind->workload->describe == NULL
          || (i > 0 && dyno_config_get_phase (config, i - 1)->kind == kind))
        continue;
      text = kind->workload->describe (config);
      add_info_row (self, self->run_group, dyno_phase_kind_get_title (kind), text);
    }
  if (dyno_config_has_file_tests (config))
    {
      g_autofree char *text = NULL;

      if (size_varies (self, config, DYNO_AUTO_FILES))
        /* TRANSLATORS: the file tests of a run with a phase time: "As many as creates made in
         * 3 s" */
        text = g_strdup_printf (_("As many as creates made in %g s"), config->phase_time);
      else
        {
          g_autoptr (DynoConfig) shown = dyno_config_copy (config);
          g_autofree char *spec = NULL;
          guint64 files = sized (self, config, DYNO_AUTO_FILES);

          dyno_config_get_files (shown)->num = (guint) MIN ((files + 1023) / 1024, G_MAXUINT);
          spec = dyno_format_files_spec (shown);
          /* TRANSLATORS: number of files and bonnie++'s -n spec, like "4096 files (-n 4)" */
          text = g_strdup_printf (_("%llu files (-n %s)"), (unsigned long long) files, spec);
        }
      add_info_row (self, self->run_group, _("Small files"), text);
    }
  add_info_row (self, self->run_group, _("Data"),
                config->data == DYNO_DATA_RANDOM ? _("Random (incompressible)")
                                                 : _("Zeros (compressible)"));
  if (config->repeat > 1)
    {
      g_autofree char *text = g_strdup_printf ("%u", config->repeat);

      add_info_row (self, self->run_group, _("Repeats"), text);
    }
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, config->seed);

    add_info_row (self, self->run_group, _("Random seed"), seed);
  }
  add_info_row (self, self->run_group, _("Notes"), dyno_result_get_notes (self->result));
}

static void
fill_system_group (DynoResultView *self)
{
  const DynoSystemInfo *system = dyno_result_get_system (self->result);

  if (system == NULL)
    return;
  add_info_row (self, self->system_group, _("Host"), system->hostname);
  add_info_row (self, self->system_group, _("Operating system"), system->os_name);
  add_info_row (self, self->system_group, _("Kernel"), system->kernel);
  add_info_row (self, self->system_group, _("Architecture"), system->arch);
  if (system->cpu_model != NULL)
    {
      /* TRANSLATORS: CPU model and count, like "AMD Ryzen 7 5800X × 16" */
      g_autofree char *cpu = system->cpu_count > 0
                                 ? g_strdup_printf (_("%s × %u"), system->cpu_model,
                                                    system->cpu_count)
                                 : g_strdup (system->cpu_model);

      add_info_row (self, self->system_group, _("Processor"), cpu);
    }
  if (system->ram_bytes > 0)
    {
      g_autofree char *ram = dyno_format_size (system->ram_bytes);

      add_info_row (self, self->system_group, _("Memory"), ram);
    }
}

static void
update_heading (DynoResultView *self)
{
  /* Named as the list of runs and the CLI name it: label, then folders, then host. */
  g_autofree char *title = dyno_result_dup_name (self->result);
  guint n_targets = dyno_result_get_n_targets (self->result);
  guint n_failed = 0;
  g_autofree char *counts = NULL;

  gtk_label_set_text (self->title_label, title);

  for (guint i = 0; i < n_targets; i++)
    n_failed += dyno_target_result_failed (dyno_result_get_target (self->result, i));
  if (n_failed > 0)
    /* TRANSLATORS: "2 targets, 1 failed" */
    counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u target, %u failed",
                                           "%u targets, %u failed", n_targets),
                              n_targets, n_failed);
  else
    counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u target", "%u targets", n_targets),
                              n_targets);

  {
    g_autofree char *when = dyno_units_format_time (dyno_result_get_created (self->result));
    GString *text = g_string_new (when != NULL ? when : "");

    if (text->len > 0)
      g_string_append (text, " · ");
    g_string_append (text, counts);
    if (self->saved_path != NULL)
      {
        g_autofree char *name = g_path_get_basename (self->saved_path);

        /* TRANSLATORS: "… · saved as 2026-11-30T12-34-56-host-1a2b3c4d.dyno.json" */
        g_string_append_printf (text, _(" · saved as %s"), name);
      }
    gtk_label_set_text (self->subtitle_label, text->str);
    g_string_free (text, TRUE);
  }
}

static void rebuild (DynoResultView *self);

static gboolean
apply_baseline (gpointer data)
{
  DynoResultView *self = data;

  self->baseline_idle = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

/* Another baseline picked: the headline, its forest plot and the words are rebuilt, after the
 * drop-down's own signal, since the drop-down is rebuilt with them. */
static void
on_baseline_selected (DynoResultView *self, GParamSpec *pspec, GtkDropDown *dropdown)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->comparison == NULL || selected == GTK_INVALID_LIST_POSITION
      || selected == dyno_comparison_get_baseline (self->comparison))
    return;
  self->chosen_baseline = selected;
  if (self->baseline_idle == 0)
    self->baseline_idle = g_idle_add (apply_baseline, self);
}

/* "Baseline: [plain ▾]": which side the others are measured against, to pick. */
static GtkWidget *
baseline_chooser_new (DynoResultView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  /* TRANSLATORS: before the drop-down of the folder the others are measured against */
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Baseline"));
  GtkStringList *names = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (guint e = 0; e < dyno_comparison_get_n_entries (self->comparison); e++)
    gtk_string_list_append (names, dyno_comparison_get_name (self->comparison, e));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown),
                              dyno_comparison_get_baseline (self->comparison));
  gtk_widget_set_tooltip_text (dropdown, _("The folder the others are measured against"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), dropdown);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), dropdown);
  gtk_widget_add_css_class (box, "baseline-chooser");
  g_signal_connect_object (dropdown, "notify::selected", G_CALLBACK (on_baseline_selected), self,
                           G_CONNECT_SWAPPED);
  self->baseline_dropdown = GTK_DROP_DOWN (dropdown);
  return box;
}

/* A session over two or more folders answers its question first: the others against the
 * baseline (the plain folder when the other is encrypted, or the one the person picked here),
 * by folder name ("encrypted vs plain (baseline)"). */
static void
update_headline (DynoResultView *self)
{
  g_autoptr (DynoComparison) comparison = dyno_comparison_new ();
  GtkWidget *headline = NULL;
  GtkWidget *card = NULL;
  gboolean paired;

  self->baseline_dropdown = NULL;
  g_clear_pointer (&self->comparison, dyno_comparison_unref);
  dyno_comparison_add_result (comparison, self->result);
  if (dyno_comparison_get_n_entries (comparison) < 2)
    {
      adw_bin_set_child (self->headline_bin, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->headline_bin), FALSE);
      return;
    }
  dyno_comparison_name_by_folder (comparison);
  dyno_comparison_set_equivalence (comparison, dyno_units_get_equivalence (self->settings));
  if (self->chosen_baseline < dyno_comparison_get_n_entries (comparison))
    dyno_comparison_set_baseline (comparison, self->chosen_baseline);
  self->comparison = dyno_comparison_ref (comparison);

  /* A paired run asked one question: the typical change, the sentence that answers it, each
   * phase's verdict with its interval, and the same as a forest plot. */
  paired = dyno_comparison_get_n_entries (comparison) == 2
           && dyno_headline_is_paired (self->result);
  card = paired ? dyno_headline_new_paired (comparison) : dyno_headline_new (comparison);
  if (card != NULL)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

      gtk_box_append (GTK_BOX (box), baseline_chooser_new (self));
      gtk_box_append (GTK_BOX (box), card);
      if (paired)
        {
          GtkWidget *forest = dyno_compare_graph_new (DYNO_COMPARE_CHART_FOREST);
          GtkWidget *scroller = gtk_scrolled_window_new ();

          dyno_compare_graph_set_comparison (DYNO_COMPARE_GRAPH (forest), comparison);
          gtk_widget_set_hexpand (forest, TRUE);
          /* Sideways on a narrow window, as the tables; the page scrolls up and down. */
          gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                          GTK_POLICY_NEVER);
          gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
          gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), forest);
          gtk_widget_add_css_class (scroller, "card");
          dyno_sideways_scroll_pass_vertical (scroller);
          gtk_box_append (GTK_BOX (box), scroller);
          self->forest = DYNO_COMPARE_GRAPH (forest);
        }
      g_object_set_data (G_OBJECT (box), "dyno-headline-card", card);
      headline = box;
    }
  adw_bin_set_child (self->headline_bin, headline);
  gtk_widget_set_visible (GTK_WIDGET (self->headline_bin), headline != NULL);
}

static void
rebuild (DynoResultView *self)
{
  DynoRateUnit rate_unit = dyno_units_get_rate_unit (self->settings);

  clear_box (self->targets_box);
  clear_info_rows (self);
  g_hash_table_remove_all (self->rate_labels);
  g_hash_table_remove_all (self->precision_captions);
  g_ptr_array_set_size (self->grids, 0);
  g_ptr_array_set_size (self->array_groups, 0);
  g_ptr_array_set_size (self->price_groups, 0);
  adw_bin_set_child (self->headline_bin, NULL);
  self->forest = NULL;
  self->crypto_groups_first = NULL;

  if (self->result == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  update_heading (self);
  update_headline (self);
  for (guint i = 0; i < dyno_result_get_n_targets (self->result); i++)
    gtk_box_append (self->targets_box,
                    build_target (self, i, dyno_result_get_target (self->result, i), rate_unit));
  fill_run_group (self);
  fill_system_group (self);
  gtk_stack_set_visible_child_name (self->stack, "result");
}

static void
dyno_result_view_dispose (GObject *object)
{
  DynoResultView *self = DYNO_RESULT_VIEW (object);

  /* The stack is both AdwBin's child and a template child: let AdwBin drop it first, or both
   * would unparent it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_RESULT_VIEW);
  g_clear_pointer (&self->rate_labels, g_hash_table_unref);
  g_clear_pointer (&self->precision_captions, g_hash_table_unref);
  g_clear_pointer (&self->info_rows, g_ptr_array_unref);
  g_clear_pointer (&self->grids, g_ptr_array_unref);
  g_clear_pointer (&self->array_groups, g_ptr_array_unref);
  g_clear_pointer (&self->price_groups, g_ptr_array_unref);
  g_clear_object (&self->result);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->comparison, dyno_comparison_unref);
  g_clear_handle_id (&self->baseline_idle, g_source_remove);
  g_clear_pointer (&self->saved_path, g_free);
  G_OBJECT_CLASS (dyno_result_view_parent_class)->dispose (object);
}

static void
dyno_result_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoResultView *self = DYNO_RESULT_VIEW (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      g_value_set_object (value, self->result);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_result_view_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  DynoResultView *self = DYNO_RESULT_VIEW (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      dyno_result_view_set_result (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_result_view_class_init (DynoResultViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_result_view_dispose;
  object_class->get_property = dyno_result_view_get_property;
  object_class->set_property = dyno_result_view_set_property;

  properties[PROP_RESULT]
      = g_param_spec_object ("result", NULL, NULL, DYNO_TYPE_RESULT,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A target's reference rate or price was changed here (and is in the result): the page
   * writes the file, as after a rename. */
  signals[SIGNAL_TARGET_CHANGED]
      = g_signal_new ("target-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-result-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, stack);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, scroller);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, headline_bin);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, title_label);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, targets_box);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, run_group);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, system_group);
  gtk_widget_class_bind_template_child (widget_class, DynoResultView, export_button);
}

static void
dyno_result_view_init (DynoResultView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->info_rows = g_ptr_array_new ();
  self->grids = g_ptr_array_new ();
  self->array_groups = g_ptr_array_new ();
  self->price_groups = g_ptr_array_new ();
  self->rate_labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->precision_captions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->settings = g_settings_new (APP_ID);
  self->chosen_baseline = G_MAXUINT;
  g_signal_connect_object (self->settings, "changed::rate-unit", G_CALLBACK (rebuild), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::equivalence-margin", G_CALLBACK (rebuild),
                           self, G_CONNECT_SWAPPED);
  dyno_history_view_add_delete_shortcut (GTK_WIDGET (self));
}

DynoResult *
dyno_result_view_get_result (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  return self->result;
}

void
dyno_result_view_set_result (DynoResultView *self, DynoResult *result)
{
  g_return_if_fail (DYNO_IS_RESULT_VIEW (self));
  g_return_if_fail (result == NULL || DYNO_IS_RESULT (result));

  if (self->result == result)
    return;
  if (self->result != NULL)
    g_signal_handlers_disconnect_by_func (self->result, rebuild, self);
  g_set_object (&self->result, result);
  /* Another run: its own automatic baseline until the person picks one. */
  self->chosen_baseline = G_MAXUINT;
  g_clear_handle_id (&self->baseline_idle, g_source_remove);
  /* A rename or new notes from the list of runs show here at once. */
  if (result != NULL)
    {
      g_signal_connect_object (result, "notify::label", G_CALLBACK (rebuild), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (result, "notify::notes", G_CALLBACK (rebuild), self,
                               G_CONNECT_SWAPPED);
    }
  g_clear_pointer (&self->saved_path, g_free);
  rebuild (self);
  /* A new run opens at its top, not where the last one was left. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

void
dyno_result_view_set_saved_path (DynoResultView *self, const char *path)
{
  g_return_if_fail (DYNO_IS_RESULT_VIEW (self));

  if (g_strcmp0 (self->saved_path, path) == 0)
    return;
  g_free (self->saved_path);
  self->saved_path = g_strdup (path);
  rebuild (self);
}

GtkLabel *
dyno_result_view_get_rate_label (DynoResultView *self, guint target, const DynoPhase *phase)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  g_return_val_if_fail (phase != NULL, NULL);

  key = rate_key (target, phase);
  return g_hash_table_lookup (self->rate_labels, key);
}

GtkWidget *
dyno_result_view_get_precision_caption (DynoResultView  *self,
                                        guint            target,
                                        const DynoPhase *phase)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  g_return_val_if_fail (phase != NULL, NULL);

  key = rate_key (target, phase);
  return g_hash_table_lookup (self->precision_captions, key);
}

DynoDriveGrid *
dyno_result_view_get_grid (DynoResultView *self, guint target)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);

  if (target >= self->grids->len)
    return NULL;
  return g_ptr_array_index (self->grids, target);
}

const char *
dyno_result_view_get_headline (DynoResultView *self)
{
  GtkWidget *child;

  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);

  child = adw_bin_get_child (self->headline_bin);
  /* A paired run's card sits over its forest plot. */
  if (child != NULL && g_object_get_data (G_OBJECT (child), "dyno-headline-card") != NULL)
    child = g_object_get_data (G_OBJECT (child), "dyno-headline-card");
  return dyno_headline_get_text (child);
}

DynoCompareGraph *
dyno_result_view_get_forest (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  return self->forest;
}

GtkScrolledWindow *
dyno_result_view_get_scroller (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  return self->scroller;
}

void
dyno_result_view_popup_export (DynoResultView *self)
{
  g_return_if_fail (DYNO_IS_RESULT_VIEW (self));
  gtk_menu_button_popup (self->export_button);
}

DynoArrayGroup *
dyno_result_view_get_array_group (DynoResultView *self, guint target)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);

  if (target >= self->array_groups->len)
    return NULL;
  return g_ptr_array_index (self->array_groups, target);
}

DynoPriceGroup *
dyno_result_view_get_price_group (DynoResultView *self, guint target)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);

  if (target >= self->price_groups->len)
    return NULL;
  return g_ptr_array_index (self->price_groups, target);
}

DynoGridUnit
dyno_result_view_get_grid_unit (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), DYNO_GRID_UNIT_RATE);

  /* The saved grid counts what the person's grid shows: the first one's switch. */
  for (guint i = 0; i < self->grids->len; i++)
    if (g_ptr_array_index (self->grids, i) != NULL)
      return dyno_drive_grid_get_unit (g_ptr_array_index (self->grids, i));
  return DYNO_GRID_UNIT_RATE;
}

DynoComparison *
dyno_result_view_get_comparison (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  return self->comparison;
}

void
dyno_result_view_set_baseline (DynoResultView *self, guint entry)
{
  g_return_if_fail (DYNO_IS_RESULT_VIEW (self));
  g_return_if_fail (self->comparison != NULL);
  g_return_if_fail (entry < dyno_comparison_get_n_entries (self->comparison));

  if (self->chosen_baseline == entry && dyno_comparison_get_baseline (self->comparison) == entry)
    return;
  self->chosen_baseline = entry;
  g_clear_handle_id (&self->baseline_idle, g_source_remove);
  rebuild (self);
}

GtkDropDown *
dyno_result_view_get_baseline_dropdown (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  return self->baseline_dropdown;
}

GtkWidget *
dyno_result_view_get_crypto_group (DynoResultView *self)
{
  g_return_val_if_fail (DYNO_IS_RESULT_VIEW (self), NULL);
  return self->crypto_groups_first;
}
