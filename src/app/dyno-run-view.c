/* dyno-run-view.c
 *
 * The engine delivers samples in batches, at most one per sample interval, on the main
 * context. Each batch goes to the charts in one dyno_chart_append per target (one redraw),
 * and the labels are set once per batch, so the view costs the same however fast the disk.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-run-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dyno-drive-grid.h"
#include "dyno-error.h"
#include "dyno-parse.h"
#include "dyno-remote-target.h"
#include "dyno-run-view.h"
#include "dyno-units.h"

/* Progress and times move between batches too (fsync, cache eviction): refresh them. */
#define STATUS_INTERVAL_MS 250

typedef struct
{
  char *path;
  GtkWidget *card;
  GtkLabel *status;
  DynoChart *chart;
  DynoDriveGrid *grid; /* the drive tests' tiles; NULL without drive tests */
  gboolean started;
  gboolean finished;
  /* For the aggregate of a parallel run: the phase the target is in and its latest rate. */
  const DynoPhase *phase;
  double rate;
  gboolean has_rate;
  gboolean remote;
  char *name; /* short, for the aggregate: "user@host", or the folder */
} TargetCard;

struct _DynoRunView
{
  AdwBin parent_instance;

  GtkStack *stack;
  GtkLabel *phase_label;
  GtkLabel *target_label;
  GtkProgressBar *phase_bar;
  GtkProgressBar *overall_bar;
  GtkLabel *phase_percent;
  GtkLabel *overall_percent;
  GtkBox *charts_box;
  GtkLabel *rate_label;
  GtkLabel *rate_caption;
  GtkLabel *cpu_label;
  GtkLabel *iowait_label;
  GtkLabel *elapsed_label;
  GtkLabel *remaining_label;
  GtkBox *messages_box;

  DynoEngine *engine;
  GSettings *settings;
  GPtrArray *cards; /* TargetCard* */
  /* A parallel run's sum over the targets, above their cards (dyno-cli's "All N machines
   * together", live). */
  GtkWidget *aggregate_card;
  GtkLabel *aggregate_title;
  GtkLabel *aggregate_phase;
  GtkLabel *aggregate_sum;
  GtkLabel *aggregate_slowest;
  GtkLabel *aggregate_spread;
  gboolean parallel;
  guint repeats;
  double rest;        /* seconds of rest before each queued test; 0: none */
  gboolean has_queued;
  guint status_source;
  gboolean stopping;
  /* Between phases: since when (monotonic µs), for the rest's countdown; 0 in a phase. */
  gint64 between_since;
  /* The phase's progress as last shown, and since when it has not moved: untimed work (an
   * eviction, files put back, a stat pass's end) pulses the bar rather than freeze it. */
  double shown_progress;
  gint64 progress_moved_at;
};

G_DEFINE_FINAL_TYPE (DynoRunView, dyno_run_view, ADW_TYPE_BIN)

static TargetCard *
get_card (DynoRunView *self, guint target)
{
  if (self->cards == NULL || target >= self->cards->len)
    return NULL;
  return g_ptr_array_index (self->cards, target);
}

static void
set_label (GtkLabel *label, const char *text)
{
  /* Most batches change nothing a label shows; skip the relayout then. */
  if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
    gtk_label_set_text (label, text);
}

static void
set_percent (GtkProgressBar *bar, GtkLabel *label, double fraction)
{
  g_autofree char *text = NULL;

  fraction = isnan (fraction) ? 0 : CLAMP (fraction, 0, 1);
  gtk_progress_bar_set_fraction (bar, fraction);
  text = dyno_units_format_percent (fraction * 100);
  set_label (label, text);
}

/* Rounded to what an estimate is worth: 5 s under two minutes, 10 s under ten, then minutes. */
static char *
format_remaining (double seconds)
{
  guint s;

  if (!isfinite (seconds) || seconds < 0)
    return g_strdup ("—");
  if (seconds < 120)
    s = (guint) (round (seconds / 5) * 5);
  else if (seconds < 600)
    s = (guint) (round (seconds / 10) * 10);
  else
    s = (guint) (round (seconds / 60) * 60);
  if (s < 5)
    /* TRANSLATORS: the run's remaining time, when it is nearly over */
    return g_strdup (_("a few seconds left"));
  if (s < 60)
    /* TRANSLATORS: the run's estimated remaining time, "about 45 s left" */
    return g_strdup_printf (_("about %u s left"), s);
  if (s < 3600 && s % 60 != 0)
    /* TRANSLATORS: the run's estimated remaining time, "about 1 min 20 s left" */
    return g_strdup_printf (_("about %u min %u s left"), s / 60, s % 60);
  if (s < 3600)
    /* TRANSLATORS: the run's estimated remaining time, "about 12 min left" */
    return g_strdup_printf (_("about %u min left"), s / 60);
  /* TRANSLATORS: the run's estimated remaining time, "about 1 h 05 min left" */
  return g_strdup_printf (_("about %u h %02u min left"), s / 3600, (s % 3600) / 60);
}

/* The phase's bar: its progress; a countdown through the rest before a drive test; a pulse
 * while untimed work keeps the progress still, so that nothing looks stalled that is not. */
static void
update_phase_bar (DynoRunView *self, const DynoStatus *status)
{
  gint64 now = g_get_monotonic_time ();

  if (status->phase == NULL)
    {
      if (!self->parallel && self->has_queued && self->rest > 0 && self->between_since > 0)
        {
          double rested = (now - self->between_since) / (double) G_USEC_PER_SEC;
          double left = MAX (self->rest - rested, 0);
          g_autofree char *text = g_strdup_printf (
              /* TRANSLATORS: the live view between two drive tests, counting down
               * CrystalDiskMark's rest: "Resting before the next test, 3 s left" */
              _("Resting before the next test, %.0f s left"), ceil (left));

          set_label (self->phase_label, text);
          set_percent (self->phase_bar, self->phase_percent, rested / self->rest);
        }
      else
        set_percent (self->phase_bar, self->phase_percent, 0);
      return;
    }
  if (status->phase_progress != self->shown_progress)
    {
      self->shown_progress = status->phase_progress;
      self->progress_moved_at = now;
      set_percent (self->phase_bar, self->phase_percent, status->phase_progress);
    }
  else if (now - self->progress_moved_at > G_USEC_PER_SEC)
    gtk_progress_bar_pulse (self->phase_bar);
}

static void
update_status (DynoRunView *self)
{
  DynoStatus status;
  g_autofree char *elapsed = NULL;
  g_autofree char *remaining = NULL;

  if (self->engine == NULL)
    return;
  dyno_engine_get_status (self->engine, &status);
  if (!status.running)
    return;

  update_phase_bar (self, &status);
  set_percent (self->overall_bar, self->overall_percent, status.progress);
  elapsed = dyno_format_duration (status.elapsed);
  /* The engine's estimate, from the calibration and what the phases so far took (learnt
   * again at each phase's end): shown as it is, never an extrapolation of its own. */
  remaining = format_remaining (status.remaining);
  set_label (self->elapsed_label, elapsed);
  set_label (self->remaining_label, remaining);
}

static gboolean
status_tick (gpointer data)
{
  update_status (DYNO_RUN_VIEW (data));
  return G_SOURCE_CONTINUE;
}

static DynoRateScale
get_rate_scale (DynoRunView *self)
{
  return dyno_units_get_rate_unit (self->settings) == DYNO_RATE_UNIT_MIB ? DYNO_RATE_SCALE_MIB
                                                                          : DYNO_RATE_SCALE_MB;
}

static void
update_unit_labels (DynoRunView *self)
{
  /* The charts' throughput axes in the unit the figures use. */
  for (guint i = 0; self->cards != NULL && i < self->cards->len; i++)
    {
      TargetCard *card = g_ptr_array_index (self->cards, i);

      dyno_chart_set_rate_scale (card->chart, get_rate_scale (self));
      if (card->grid != NULL)
        dyno_drive_grid_set_rate_unit (card->grid, dyno_units_get_rate_unit (self->settings));
    }
}

static void
add_message (DynoRunView *self, DynoMessageLevel level, const char *text)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name (level == DYNO_MESSAGE_WARNING
                                                      ? "dialog-warning-symbolic"
                                                      : "dialog-information-symbolic");
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  if (level == DYNO_MESSAGE_WARNING)
    gtk_widget_add_css_class (icon, "warning");
  else
    gtk_widget_add_css_class (icon, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (self->messages_box, row);
  gtk_widget_set_visible (GTK_WIDGET (self->messages_box), TRUE);
}

/* The aggregate of a parallel run */

/* The sum of the latest rates of the targets in the phase most of them are in (ties: the one
 * the batch ended in), the slowest of them and the spread, fastest minus slowest over the mean,
 * as dyno-cli's table at the end. A target between phases, or in another one, is not added: a
 * sum of different tests means nothing. */
static void
update_aggregate (DynoRunView *self, const DynoPhase *latest)
{
  const DynoPhase *phase = NULL;
  guint best = 0;
  guint n = 0;
  double sum = 0;
  double min = INFINITY;
  double max = -INFINITY;
  TargetCard *slowest = NULL;
  DynoRateUnit unit = dyno_units_get_rate_unit (self->settings);
  g_autofree char *sum_text = NULL;
  g_autofree char *phase_text = NULL;
  g_autofree char *slowest_text = NULL;
  g_autofree char *spread_text = NULL;

  if (!self->parallel || self->cards == NULL)
    return;
  for (guint i = 0; i < self->cards->len; i++)
    {
      TargetCard *card = g_ptr_array_index (self->cards, i);
      guint count = 0;

      if (card->phase == NULL || !card->has_rate)
        continue;
      for (guint j = 0; j < self->cards->len; j++)
        {
          TargetCard *other = g_ptr_array_index (self->cards, j);

          count += other->phase == card->phase && other->has_rate;
        }
      if (count > best || (count == best && card->phase == latest))
        {
          best = count;
          phase = card->phase;
        }
    }
  if (phase == NULL)
    {
      set_label (self->aggregate_phase, _("Waiting for the first figures…"));
      set_label (self->aggregate_sum, "—");
      set_label (self->aggregate_slowest, "—");
      set_label (self->aggregate_spread, "—");
      set_label (self->rate_label, "—");
      return;
    }
  for (guint i = 0; i < self->cards->len; i++)
    {
      TargetCard *card = g_ptr_array_index (self->cards, i);

      if (card->phase != phase || !card->has_rate)
        continue;
      n++;
      sum += card->rate;
      max = MAX (max, card->rate);
      if (card->rate < min)
        {
          min = card->rate;
          slowest = card;
        }
    }

  /* TRANSLATORS: the phase a parallel run's sum is of, and how many of its targets are in it:
   * "Block write · 3 of 3 in this phase" */
  phase_text = g_strdup_printf (_("%s · %u of %u in this phase"), dyno_phase_get_title (phase), n,
                                self->cards->len);
  sum_text = dyno_units_format_rate (sum, dyno_phase_get_unit (phase), unit);
  if (slowest != NULL)
    {
      g_autofree char *rate = dyno_units_format_rate (min, dyno_phase_get_unit (phase), unit);

      /* TRANSLATORS: the slowest target of a parallel run and its rate: "root@nas 666 MB/s" */
      slowest_text = g_strdup_printf (_("%s %s"), slowest->name, rate);
    }
  spread_text = n >= 2 && sum > 0 ? dyno_units_format_percent ((max - min) / (sum / n) * 100)
                                  : g_strdup ("—");
  set_label (self->aggregate_phase, phase_text);
  /* The headline is the phase most targets are in, the aggregate's. */
  set_label (self->phase_label, dyno_phase_get_title (phase));
  set_label (self->aggregate_sum, sum_text);
  set_label (self->aggregate_slowest, slowest_text != NULL ? slowest_text : "—");
  set_label (self->aggregate_spread, spread_text);
  /* The big figure on top is the sum too: one target's rate alone says little here. */
  {
    g_autofree char *value
        = dyno_units_format_rate_value (sum, dyno_phase_get_unit (phase), unit);

    set_label (self->rate_label, value);
    set_label (self->rate_caption, dyno_units_rate_label (dyno_phase_get_unit (phase), unit));
  }
}

static GtkWidget *
create_aggregate_figure (const char *caption, GtkLabel **value)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new ("—");
  GtkWidget *caption_label = gtk_label_new (caption);

  gtk_widget_set_hexpand (box, TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (label, "title-3");
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (caption_label, "caption");
  gtk_widget_add_css_class (caption_label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), caption_label);
  *value = GTK_LABEL (label);
  return box;
}

static void
create_aggregate_card (DynoRunView *self)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *phase = gtk_label_new (NULL);
  GtkWidget *figures = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "chart-card");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (phase), 1);
  gtk_label_set_ellipsize (GTK_LABEL (phase), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (phase, TRUE);
  gtk_widget_add_css_class (phase, "dim-label");
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (header), phase);
  gtk_box_set_homogeneous (GTK_BOX (figures), TRUE);
  /* TRANSLATORS: a parallel run's figures: the sum of the targets' rates */
  gtk_box_append (GTK_BOX (figures), create_aggregate_figure (_("Sum"), &self->aggregate_sum));
  gtk_box_append (GTK_BOX (figures),
                  create_aggregate_figure (_("Slowest"), &self->aggregate_slowest));
  /* TRANSLATORS: fastest minus slowest over their mean, in a parallel run */
  gtk_box_append (GTK_BOX (figures),
                  create_aggregate_figure (_("Spread"), &self->aggregate_spread));
  gtk_widget_set_tooltip_text (figures, _("The latest rates of the targets in the same phase: "
                                          "their sum, the slowest and the spread (fastest minus "
                                          "slowest, over the mean)"));
  gtk_box_append (GTK_BOX (card), header);
  gtk_box_append (GTK_BOX (card), figures);
  gtk_widget_set_visible (card, FALSE);

  self->aggregate_card = card;
  self->aggregate_title = GTK_LABEL (title);
  self->aggregate_phase = GTK_LABEL (phase);
  /* Above the charts, outside their box, which gives every chart the same height. */
  gtk_widget_insert_before (card, gtk_widget_get_parent (GTK_WIDGET (self->charts_box)),
                            GTK_WIDGET (self->charts_box));
}

/* One run, one set of axes: every card's chart reads 0–200 % if one needs it, and its time axis
 * reaches the latest sample of any target, so cards side by side compare at a glance. */
static void
share_axes (DynoRunView *self)
{
  DynoChartRange range = { 0 };

  for (guint i = 0; self->cards != NULL && i < self->cards->len; i++)
    {
      TargetCard *card = g_ptr_array_index (self->cards, i);
      DynoChartRange own;

      dyno_chart_get_own_range (card->chart, &own);
      dyno_chart_range_merge (&range, &own);
    }
  for (guint i = 0; self->cards != NULL && i < self->cards->len; i++)
    dyno_chart_set_shared_range (((TargetCard *) g_ptr_array_index (self->cards, i))->chart,
                                 &range);
}

/* The running target's card in view: with several, the later ones sit below the fold. Only
 * when it is not (a person who scrolled to another card keeps it while that is in view). */
static void
show_card (DynoRunView *self, TargetCard *card)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (card->card, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  graphene_point_t top;
  double height;
  double value;

  if (scroller == NULL
      || !gtk_widget_compute_point (card->card, gtk_scrolled_window_get_child (
                                                    GTK_SCROLLED_WINDOW (scroller)),
                                    &GRAPHENE_POINT_INIT (0, 0), &top))
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  value = gtk_adjustment_get_value (adjustment);
  height = gtk_adjustment_get_page_size (adjustment);
  /* Its top in view is enough: scrolling a tall card's whole into view would hide the run's
   * progress over the first card for nothing. */
  if (top.y >= value && top.y < value + height * 0.75)
    return;
  gtk_adjustment_set_value (adjustment, MAX (0, top.y - 12));
}

/* Engine signals, all on the main context */

static void
on_target_started (DynoRunView *self, guint target, const char *path, DynoEngine *engine)
{
  TargetCard *card = get_card (self, target);
  g_autofree char *text = NULL;

  if (self->parallel)
    /* TRANSLATORS: the live view of a parallel run: "3 targets at the same time" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u target at the same time",
                                         "%u targets at the same time", self->cards->len),
                            self->cards->len);
  else if (self->cards != NULL && self->cards->len > 1)
    /* TRANSLATORS: "Target 1 of 2: /mnt/data" */
    text = g_strdup_printf (_("Target %u of %u: %s"), target + 1, self->cards->len, path);
  else
    text = g_strdup (path);
  set_label (self->target_label, text);

  if (card != NULL)
    {
      card->started = TRUE;
      gtk_label_set_text (card->status, _("Preparing…"));
      gtk_widget_add_css_class (card->card, "running");
      if (!self->parallel)
        show_card (self, card);
    }
}

static void
on_phase_started (DynoRunView     *self,
                  guint            target,
                  guint            repeat,
                  const DynoPhase *phase,
                  DynoEngine      *engine)
{
  TargetCard *card = get_card (self, target);
  g_autofree char *title = NULL;

  if (phase == NULL)
    return;
  self->between_since = 0;
  self->shown_progress = -1;
  self->progress_moved_at = g_get_monotonic_time ();
  if (card != NULL)
    {
      card->phase = phase;
      card->has_rate = FALSE;
    }
  if (self->repeats > 1)
    /* TRANSLATORS: a phase and the repeat, like "Block write, repeat 2 of 3" */
    title = g_strdup_printf (_("%s, repeat %u of %u"), dyno_phase_get_title (phase), repeat + 1,
                             self->repeats);
  else
    title = g_strdup (dyno_phase_get_title (phase));
  /* In a parallel run the headline and the big rate are the aggregate's: the phase most
   * targets are in and their sum. */
  if (self->parallel)
    update_aggregate (self, NULL);
  else
    {
      set_label (self->phase_label, title);
      set_label (self->rate_label, "—");
      set_label (self->rate_caption,
                 dyno_units_rate_label (dyno_phase_get_unit (phase),
                                        dyno_units_get_rate_unit (self->settings)));
    }
  if (card != NULL)
    gtk_label_set_text (card->status, title);
  /* The tile of the test now running stands out, as CrystalDiskMark's does. */
  if (card != NULL && card->grid != NULL)
    dyno_drive_grid_set_running (card->grid, phase);
  update_status (self);
}

static void
on_samples (DynoRunView *self, GArray *samples, DynoEngine *engine)
{
  const DynoSample *last;
  g_autofree char *rate = NULL;
  g_autofree char *cpu = NULL;
  g_autofree char *iowait = NULL;
  guint start = 0;

  if (samples == NULL || samples->len == 0)
    return;

  /* A batch is in time order and may cross into the next target: one append per stretch. */
  for (guint i = 1; i <= samples->len; i++)
    {
      const DynoSample *first = &g_array_index (samples, DynoSample, start);

      if (i < samples->len && g_array_index (samples, DynoSample, i).target == first->target)
        continue;
      if (get_card (self, first->target) != NULL)
        {
          TargetCard *card = get_card (self, first->target);
          const DynoSample *end = &g_array_index (samples, DynoSample, i - 1);

          dyno_chart_append (card->chart, first, i - start);
          if (end->phase == card->phase && isfinite (end->rate))
            {
              card->rate = end->rate;
              card->has_rate = TRUE;
            }
        }
      start = i;
    }
  share_axes (self);

  last = &g_array_index (samples, DynoSample, samples->len - 1);
  rate = dyno_units_format_rate_value (last->rate, dyno_phase_get_unit (last->phase),
                                       dyno_units_get_rate_unit (self->settings));
  cpu = dyno_units_format_percent (last->process_cpu);
  iowait = dyno_units_format_percent (last->system_cpu.iowait);
  if (!self->parallel)
    set_label (self->rate_label, rate);
  set_label (self->cpu_label, cpu);
  set_label (self->iowait_label, iowait);
  if (self->parallel)
    update_aggregate (self, last->phase);
  update_status (self);
}

static void
on_phase_finished (DynoRunView *self,
                   guint target,
                   guint repeat,
                   const DynoPhase *phase,
                   const DynoPhaseRun *run,
                   DynoEngine *engine)
{
  TargetCard *card = get_card (self, target);
  g_autofree char *rate = NULL;
  g_autofree char *text = NULL;

  if (card == NULL || phase == NULL)
    return;
  /* Done with the phase: no longer part of its sum. */
  card->phase = NULL;
  self->between_since = g_get_monotonic_time ();
  card->has_rate = FALSE;
  update_aggregate (self, NULL);
  /* Its tile fills in: the mean of the runs so far. */
  if (card->grid != NULL)
    dyno_drive_grid_add_run (card->grid, phase, run);
  /* Its figure over its curve: a buffered write's, through fsync, differs from the curve. */
  dyno_chart_set_run (card->chart, target, phase, run);
  /* Between phases nothing is measured: no rate frozen at the last sample's, and the rest
   * before a queued test said as such rather than shown as a test at 0 %. */
  if (!self->parallel)
    {
      set_label (self->rate_label, "—");
      if (self->has_queued && self->rest > 0)
        {
          g_autofree char *rest = g_strdup_printf (
              /* TRANSLATORS: the live view between two drive tests: CrystalDiskMark's rest */
              _("Resting %g s before the next test"), self->rest);

          set_label (self->phase_label, rest);
        }
      else
        /* TRANSLATORS: the live view between two phases: evicting caches, syncing */
        set_label (self->phase_label, _("Preparing the next phase…"));
      set_percent (self->phase_bar, self->phase_percent, 0);
    }
  rate = dyno_units_format_rate (run->rate, dyno_phase_get_unit (phase),
                                 dyno_units_get_rate_unit (self->settings));
  if (run->too_fast)
    /* TRANSLATORS: a phase that took less than 0.5 s, like "Block read: 2100 MB/s (too fast
     * to trust)" */
    text = g_strdup_printf (_("%s: %s (too fast to trust)"), dyno_phase_get_title (phase), rate);
  else
    /* TRANSLATORS: a phase and its figure, like "Block read: 120 MB/s" */
    text = g_strdup_printf (_("%s: %s"), dyno_phase_get_title (phase), rate);
  gtk_label_set_text (card->status, text);
}

static void
on_message (DynoRunView *self, guint target, int level, const char *text, DynoEngine *engine)
{
  TargetCard *card = get_card (self, target);

  /* With several targets the same notice may come once per target: say which. */
  if (card != NULL && self->cards->len > 1)
    {
      /* TRANSLATORS: a target and a notice about it */
      g_autofree char *line = g_strdup_printf (_("%s: %s"), card->path, text);

      add_message (self, level, line);
    }
  else
    add_message (self, level, text);
}

static void
on_target_finished (DynoRunView *self,
                    guint target,
                    const DynoTargetResult *result,
                    DynoEngine *engine)
{
  TargetCard *card = get_card (self, target);

  if (card == NULL)
    return;
  card->finished = TRUE;
  card->phase = NULL;
  update_aggregate (self, NULL);
  gtk_widget_remove_css_class (card->card, "running");
  if (card->grid != NULL)
    dyno_drive_grid_set_running (card->grid, NULL);
  /* A stopped target reports back like a finished one; say what happened. */
  if (self->stopping && !dyno_target_result_failed (result))
    gtk_label_set_text (card->status, _("Stopped"));
  else if (dyno_target_result_failed (result))
    {
      g_autofree char *text = NULL;
      g_autofree char *hint = NULL;
      const char *message = result->error_message;

      /* As the row says it: the engine's message names what to install, not where in the
       * app to point at a dyno-cli that is elsewhere. */
      if (result->error_code == DYNO_ERROR_REMOTE_NO_CLI)
        /* TRANSLATORS: %s says that a machine has no dyno-cli and what to install there */
        message = hint = g_strdup_printf (_("%s, or say where it is: on the Setup page, the "
                                            "remote folder’s Change How to Reach It button, "
                                            "under Advanced"),
                                          result->error_message);
      if (result->error_phase != NULL)
        /* TRANSLATORS: "Failed in Block write: No space left on device" */
        text = g_strdup_printf (_("Failed in %s: %s"), dyno_phase_get_title (result->error_phase),
                                message);
      else
        /* TRANSLATORS: "Failed: The folder vanished" */
        text = g_strdup_printf (_("Failed: %s"), message);
      gtk_label_set_text (card->status, text);
      gtk_widget_add_css_class (GTK_WIDGET (card->status), "error");
    }
  else
    {
      g_autofree char *took = dyno_format_duration (result->elapsed);
      /* TRANSLATORS: "Done in 2 min 05 s" */
      g_autofree char *text = g_strdup_printf (_("Done in %s"), took);

      gtk_label_set_text (card->status, text);
    }
}

static void
target_card_free (TargetCard *card)
{
  g_free (card->path);
  g_free (card->name);
  g_free (card);
}

static TargetCard *
create_card (DynoRunView *self, const char *path, const DynoConfig *config)
{
  TargetCard *card = g_new0 (TargetCard, 1);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (path);
  GtkWidget *status = gtk_label_new (_("Waiting"));
  GtkWidget *chart = dyno_chart_new ();

  card->path = g_strdup (path);
  card->card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (card->card, "card");
  gtk_widget_add_css_class (card->card, "chart-card");

  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_tooltip_text (title, path);
  gtk_label_set_ellipsize (GTK_LABEL (status), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (status), 1);
  gtk_widget_set_hexpand (status, TRUE);
  gtk_widget_add_css_class (status, "dim-label");
  gtk_widget_add_css_class (status, "numeric");
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (header), status);

  gtk_widget_set_hexpand (chart, TRUE);
  gtk_widget_set_vexpand (chart, TRUE);
  /* Room for both panels, throughput over operations. */
  gtk_widget_set_size_request (chart, -1, 340);

  gtk_box_append (GTK_BOX (card->card), header);
  /* CrystalDiskMark's tiles over the live chart, filling in as the tests end. */
  if (dyno_config_has_queued_tests (config))
    {
      GtkWidget *grid = dyno_drive_grid_new ();

      dyno_drive_grid_set_phases (DYNO_DRIVE_GRID (grid), config->phases);
      dyno_drive_grid_set_rate_unit (DYNO_DRIVE_GRID (grid),
                                     dyno_units_get_rate_unit (self->settings));
      gtk_box_append (GTK_BOX (card->card), grid);
      card->grid = DYNO_DRIVE_GRID (grid);
    }
  gtk_box_append (GTK_BOX (card->card), chart);

  card->status = GTK_LABEL (status);
  card->chart = DYNO_CHART (chart);
  dyno_chart_set_rate_scale (card->chart, get_rate_scale (self));
  return card;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static void
stop_ticking (DynoRunView *self)
{
  g_clear_handle_id (&self->status_source, g_source_remove);
}

static void
dyno_run_view_dispose (GObject *object)
{
  DynoRunView *self = DYNO_RUN_VIEW (object);

  stop_ticking (self);
  g_clear_pointer (&self->cards, g_ptr_array_unref);
  g_clear_object (&self->engine);
  g_clear_object (&self->settings);
  /* The stack is both AdwBin's child and a template child: let AdwBin drop it first, or both
   * would unparent it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_RUN_VIEW);
  G_OBJECT_CLASS (dyno_run_view_parent_class)->dispose (object);
}

static void
dyno_run_view_class_init (DynoRunViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_run_view_dispose;

  g_type_ensure (DYNO_TYPE_CHART);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-run-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, stack);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, target_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, phase_bar);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, overall_bar);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, phase_percent);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, overall_percent);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, charts_box);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, rate_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, rate_caption);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, cpu_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, iowait_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, elapsed_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, remaining_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRunView, messages_box);
}

static void
dyno_run_view_init (DynoRunView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  create_aggregate_card (self);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::rate-unit",
                           G_CALLBACK (update_unit_labels), self, G_CONNECT_SWAPPED);
  update_unit_labels (self);
}

void
dyno_run_view_set_engine (DynoRunView *self, DynoEngine *engine)
{
  g_return_if_fail (DYNO_IS_RUN_VIEW (self));
  g_return_if_fail (DYNO_IS_ENGINE (engine));
  g_return_if_fail (self->engine == NULL);

  self->engine = g_object_ref (engine);
  g_signal_connect_object (engine, "target-started", G_CALLBACK (on_target_started), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (engine, "phase-started", G_CALLBACK (on_phase_started), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (engine, "samples", G_CALLBACK (on_samples), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (engine, "phase-finished", G_CALLBACK (on_phase_finished), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (engine, "message", G_CALLBACK (on_message), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (engine, "target-finished", G_CALLBACK (on_target_finished), self,
                           G_CONNECT_SWAPPED);
}

void
dyno_run_view_begin (DynoRunView *self, const DynoConfig *config, const char *const *targets)
{
  g_return_if_fail (DYNO_IS_RUN_VIEW (self));
  g_return_if_fail (config != NULL);
  g_return_if_fail (targets != NULL);

  clear_box (self->charts_box);
  clear_box (self->messages_box);
  gtk_widget_set_visible (GTK_WIDGET (self->messages_box), FALSE);
  g_clear_pointer (&self->cards, g_ptr_array_unref);
  self->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) target_card_free);
  self->repeats = config->repeat;
  self->rest = config->interval;
  self->has_queued = dyno_config_has_queued_tests (config);
  self->stopping = FALSE;
  self->parallel = self->engine != NULL && dyno_engine_get_parallel (self->engine)
                   && g_strv_length ((char **) targets) > 1;

  for (guint i = 0; targets[i] != NULL; i++)
    {
      g_autoptr (DynoRemoteTarget) remote = dyno_remote_target_parse (targets[i], NULL);
      g_autofree char *title = NULL;
      TargetCard *card;

      /* A remote target by its machine and its folder there: "me@nas: /srv/tank". */
      if (remote != NULL)
        {
          g_autofree char *where = dyno_remote_target_describe (remote);

          /* TRANSLATORS: a remote target's card in the live view: "me@nas: /srv/tank" */
          title = g_strdup_printf (_("%s: %s"), where, remote->path);
        }
      card = create_card (self, title != NULL ? title : targets[i], config);
      card->remote = remote != NULL;
      card->name = remote != NULL ? dyno_remote_target_describe (remote) : g_strdup (targets[i]);
      /* Three charts or more at once: each a little lower, so more of them are in view. */
      if (self->parallel && g_strv_length ((char **) targets) > 2)
        gtk_widget_set_size_request (GTK_WIDGET (card->chart), -1, 260);
      dyno_chart_set_rest (card->chart, config->interval);
      g_ptr_array_add (self->cards, card);
      gtk_box_append (self->charts_box, card->card);
    }

  gtk_widget_set_visible (self->aggregate_card, self->parallel);
  if (self->parallel)
    {
      g_autofree char *title = NULL;
      gboolean all_remote = TRUE;

      for (guint i = 0; i < self->cards->len; i++)
        all_remote &= ((TargetCard *) g_ptr_array_index (self->cards, i))->remote;
      if (all_remote)
        /* TRANSLATORS: the heading of a parallel run's sum, as dyno-cli's table */
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All %u machine together",
                                              "All %u machines together", self->cards->len),
                                 self->cards->len);
      else
        /* TRANSLATORS: the heading of a parallel run's sum over local and remote targets */
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All %u target together",
                                              "All %u targets together", self->cards->len),
                                 self->cards->len);
      set_label (self->aggregate_title, title);
      update_aggregate (self, NULL);
    }

  set_label (self->phase_label, _("Starting…"));
  set_label (self->target_label, targets[0]);
  set_label (self->rate_label, "—");
  set_label (self->cpu_label, "—");
  set_label (self->iowait_label, "—");
  set_label (self->elapsed_label, "—");
  set_label (self->remaining_label, "—");
  set_percent (self->phase_bar, self->phase_percent, 0);
  set_percent (self->overall_bar, self->overall_percent, 0);
  gtk_stack_set_visible_child_name (self->stack, "live");

  stop_ticking (self);
  self->status_source = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, STATUS_INTERVAL_MS,
                                            status_tick, self, NULL);
  g_source_set_name_by_id (self->status_source, "[dyno] run status");
}

void
dyno_run_view_set_stopping (DynoRunView *self)
{
  g_return_if_fail (DYNO_IS_RUN_VIEW (self));
  self->stopping = TRUE;
  set_label (self->phase_label, _("Stopping…"));
}

void
dyno_run_view_end (DynoRunView *self, const char *headline, gboolean completed)
{
  g_return_if_fail (DYNO_IS_RUN_VIEW (self));

  stop_ticking (self);
  set_label (self->phase_label, headline);
  if (completed)
    {
      set_percent (self->phase_bar, self->phase_percent, 1);
      set_percent (self->overall_bar, self->overall_percent, 1);
    }
  set_label (self->remaining_label, "—");
  for (guint i = 0; self->cards != NULL && i < self->cards->len; i++)
    {
      TargetCard *card = g_ptr_array_index (self->cards, i);

      gtk_widget_remove_css_class (card->card, "running");
      if (card->grid != NULL)
        dyno_drive_grid_set_running (card->grid, NULL);
      if (!card->started)
        gtk_label_set_text (card->status, _("Not run"));
      else if (!card->finished)
        gtk_label_set_text (card->status, _("Stopped"));
    }
}

guint
dyno_run_view_get_n_charts (DynoRunView *self)
{
  g_return_val_if_fail (DYNO_IS_RUN_VIEW (self), 0);
  return self->cards != NULL ? self->cards->len : 0;
}

DynoDriveGrid *
dyno_run_view_get_grid (DynoRunView *self, guint target)
{
  TargetCard *card;

  g_return_val_if_fail (DYNO_IS_RUN_VIEW (self), NULL);

  card = get_card (self, target);
  return card != NULL ? card->grid : NULL;
}

DynoChart *
dyno_run_view_get_chart (DynoRunView *self, guint target)
{
  TargetCard *card;

  g_return_val_if_fail (DYNO_IS_RUN_VIEW (self), NULL);

  card = get_card (self, target);
  return card != NULL ? card->chart : NULL;
}

gboolean
dyno_run_view_get_parallel (DynoRunView *self)
{
  g_return_val_if_fail (DYNO_IS_RUN_VIEW (self), FALSE);
  return self->parallel;
}

const char *
dyno_run_view_get_card_title (DynoRunView *self, guint target)
{
  TargetCard *card;

  g_return_val_if_fail (DYNO_IS_RUN_VIEW (self), NULL);

  card = get_card (self, target);
  return card != NULL ? card->path : NULL;
}

const char *
dyno_run_view_get_aggregate (DynoRunView *self, DynoRunViewFigure figure)
{
  g_return_val_if_fail (DYNO_IS_RUN_VIEW (self), NULL);

  if (!gtk_widget_get_visible (self->aggregate_card))
    return NULL;
  switch (figure)
    {
    case DYNO_RUN_VIEW_AGGREGATE_TITLE:
      return gtk_label_get_text (self->aggregate_title);
    case DYNO_RUN_VIEW_AGGREGATE_PHASE:
      return gtk_label_get_text (self->aggregate_phase);
    case DYNO_RUN_VIEW_AGGREGATE_SUM:
      return gtk_label_get_text (self->aggregate_sum);
    case DYNO_RUN_VIEW_AGGREGATE_SLOWEST:
      return gtk_label_get_text (self->aggregate_slowest);
    case DYNO_RUN_VIEW_AGGREGATE_SPREAD:
      return gtk_label_get_text (self->aggregate_spread);
    default:
      g_return_val_if_reached (NULL);
    }
}
