/* dyno-drive-grid.c
 *
 * The grid people know from CrystalDiskMark: a row per test, named as CrystalDiskMark names it
 * (SEQ1M over Q8T1), a column per operation, each tile with the rate large and IOPS and mean
 * latency under it. A row is a test's pattern, block, queue depth and threads; its tiles are
 * the read, write and mix phases of that test, so a profile with [Mix] gets a third column.
 *
 * The same tiles show a run as it goes (a run of a test ends: the engine's phase-finished) and
 * a finished result. Either way a tile's figure is the mean of the runs, as everywhere in Dyno,
 * and says so beside it with its 95 % interval ("mean ± 15"); the best run, which is the one
 * figure CrystalDiskMark prints, is under it. A switch over the row names picks what the big
 * figures count, as KDiskMark's does: the rate, GB/s, IOPS or the mean latency (dyno-grid.c
 * formats them, for the saved image and dyno-cli too). Every figure is computed when data
 * arrives, never while drawing.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-drive-grid"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "dyno-drive-grid.h"
#include "dyno-grid.h"
#include "dyno-precision.h"
#include "dyno-units.h"

typedef struct
{
  const DynoPhase *phase;
  guint row;
  guint column;
  GtkWidget *box;
  GtkLabel *figure;
  GtkLabel *ci;
  GtkLabel *detail;
  GtkLabel *best;
  GtkWidget *precision; /* under a finished figure that was judged; NULL otherwise */
  DynoPhaseResult *live; /* the runs so far, while live */
  DynoGridFigures figures;
} Tile;

/* A column: an operation, and for a mix its share of reads. */
typedef struct
{
  const char *op;
  guint read_percent;
} Column;

struct _DynoDriveGrid
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkGrid *grid;
  GtkLabel *footnote;

  GPtrArray *tiles;   /* Tile*, in phase order */
  GPtrArray *rows;    /* const DynoPhase *: the read phase that names each row */
  GArray *columns;    /* Column */
  GtkLabel **unit_labels; /* one per column, under its heading */
  GtkDropDown *unit_switch; /* over the row names: what the big figures count */
  const DynoPhase *running;
  DynoRateUnit rate_unit;
  DynoGridUnit unit;
  guint n_filled;
  gboolean live;      /* filled by add_run rather than set_target */
};

G_DEFINE_FINAL_TYPE (DynoDriveGrid, dyno_drive_grid, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_N_FILLED,
  PROP_UNIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tile_free (Tile *tile)
{
  g_clear_pointer (&tile->live, dyno_phase_result_free);
  g_free (tile);
}

static void
figures_clear (DynoGridFigures *figures, const DynoPhase *phase)
{
  g_autoptr (DynoPhaseResult) empty = dyno_phase_result_new (phase);

  dyno_grid_figures_from_result (figures, empty);
}

static void
set_text (GtkLabel *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
    gtk_label_set_text (label, text);
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

static void
set_tile_text (GtkLabel *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (label), text != NULL ? text : "") != 0)
    gtk_label_set_text (label, text != NULL ? text : "");
}

static void
tile_update (DynoDriveGrid *self, Tile *tile)
{
  const DynoGridFigures *f = &tile->figures;
  g_autofree char *figure = dyno_grid_format_figure (f, self->unit, self->rate_unit);
  g_autofree char *kind = dyno_grid_format_kind (f, self->unit, self->rate_unit);
  g_autofree char *detail = dyno_grid_format_detail (f, self->unit, self->rate_unit);
  g_autofree char *best = dyno_grid_format_best (f, self->unit, self->rate_unit);
  g_autofree char *tooltip = NULL;
  gboolean empty = dyno_grid_figures_empty (f);

  /* Marked as the tables mark it: RAM's figure, not the disk's. */
  if (!empty && f->cache_doubt != NULL)
    {
      char *marked = g_strconcat (figure, " †", NULL);

      g_free (figure);
      figure = marked;
    }

  /* Every line kept, empty or not: a tile that grows a line as its runs come in would move
   * the live chart under the grid with each test. */
  set_tile_text (tile->figure, figure);
  set_tile_text (tile->ci, kind);
  set_tile_text (tile->detail, detail);
  set_tile_text (tile->best, best);

  if (empty)
    gtk_widget_add_css_class (tile->box, "empty");
  else
    gtk_widget_remove_css_class (tile->box, "empty");
  if (f->too_fast)
    gtk_widget_add_css_class (GTK_WIDGET (tile->figure), "too-fast");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (tile->figure), "too-fast");
  if (!empty && f->cache_doubt != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (tile->figure), "cache-doubt");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (tile->figure), "cache-doubt");

  /* What the tile says, in words: its tooltip and what a screen reader reads. */
  if (empty)
    tooltip = g_strdup_printf ("%s: %s", dyno_phase_get_title (tile->phase),
                               f->too_fast ? _("too fast to measure") : _("not measured yet"));
  else
    {
      g_autofree char *mean = dyno_units_format_rate (f->rate.mean, DYNO_UNIT_BYTES,
                                                      self->rate_unit);
      GString *text = g_string_new (NULL);

      if (f->best_of > 1)
        /* TRANSLATORS: a drive test's tooltip: "Random read 4 KiB Q32 T1: 336 MB/s, the best of
         * 5 runs, as CrystalDiskMark shows it" */
        g_string_append_printf (text, _("%s: %s, the best of %u runs, as CrystalDiskMark shows it"),
                                dyno_phase_get_title (tile->phase), mean, f->best_of);
      else
        g_string_append_printf (text,
                                /* TRANSLATORS: a drive test's tooltip: "Random read 4 KiB Q32
                                 * T1: 336 MB/s, the mean of 5 runs" */
                                g_dngettext (GETTEXT_PACKAGE, "%s: %s, the mean of %u run",
                                             "%s: %s, the mean of %u runs", MAX (f->n_runs, 1)),
                                dyno_phase_get_title (tile->phase), mean, MAX (f->n_runs, 1));
      if (f->n_runs >= 2 && isfinite (f->rate.ci95))
        {
          g_autofree char *value = dyno_units_format_rate (f->rate.ci95, DYNO_UNIT_BYTES,
                                                           self->rate_unit);

          /* TRANSLATORS: more of a drive test's tooltip */
          g_string_append_printf (text, _(" ± %s (95 %% interval)"), value);
        }
      if (f->n_runs >= 2 && f->best_of <= 1)
        {
          g_autofree char *value = dyno_units_format_rate (f->rate.max, DYNO_UNIT_BYTES,
                                                           self->rate_unit);

          /* TRANSLATORS: more of a drive test's tooltip: the best run */
          g_string_append_printf (text, _("; best run %s, the figure CrystalDiskMark shows"),
                                  value);
        }
      if (*detail != '\0')
        g_string_append_printf (text, "; %s", detail);
      if (f->too_fast)
        /* TRANSLATORS: the end of a drive test's tooltip when some runs took less than 0.5 s */
        g_string_append (text, _("; some runs were too fast to trust"));
      if (f->cache_doubt != NULL)
        g_string_append_printf (text, "; † %s", f->cache_doubt);
      tooltip = g_string_free (text, FALSE);
    }
  gtk_widget_set_tooltip_text (tile->box, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tile->box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
}

static void
update_n_filled (DynoDriveGrid *self)
{
  guint n = 0;

  for (guint i = 0; i < self->tiles->len; i++)
    n += !dyno_grid_figures_empty (&((Tile *) g_ptr_array_index (self->tiles, i))->figures);
  if (n == self->n_filled)
    return;
  self->n_filled = n;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_FILLED]);
}

static void
update_footnote (DynoDriveGrid *self)
{
  guint most = 0;
  guint best_of = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < self->tiles->len; i++)
    {
      const Tile *tile = g_ptr_array_index (self->tiles, i);

      most = MAX (most, tile->figures.n_runs);
      best_of = MAX (best_of, tile->figures.best_of);
    }
  if (best_of > 1)
    /* TRANSLATORS: under an imported CrystalDiskMark grid */
    text = g_strdup_printf (_("Each figure is the best of %u runs, the figure CrystalDiskMark "
                              "shows; the other runs were not kept."),
                            best_of);
  else if (most >= 2)
    /* xgettext:no-c-format */
    text = g_strdup (_("Large: the mean of the runs, ± its 95 % interval. Best: the fastest run, "
                       "the one figure CrystalDiskMark shows (it runs each test five times and "
                       "keeps that one)."));
  else if (self->live)
    text = g_strdup (_("Each tile fills in when its test ends: the rate, then I/Os per second and "
                       "the mean latency."));
  set_text (self->footnote, text);
}

static Tile *
find_tile (DynoDriveGrid *self, const DynoPhase *phase)
{
  for (guint i = 0; phase != NULL && i < self->tiles->len; i++)
    {
      Tile *tile = g_ptr_array_index (self->tiles, i);

      if (tile->phase == phase)
        return tile;
    }
  return NULL;
}

/* The read phase of the same test names a row: "SEQ1M Q8T1". */
static const DynoPhase *
row_phase (const DynoPhase *phase)
{
  return dyno_grid_row_phase (phase);
}

static int
compare_phases (gconstpointer a, gconstpointer b)
{
  return dyno_phase_compare (*(const DynoPhase *const *) a, *(const DynoPhase *const *) b);
}

static guint
op_rank (const char *op)
{
  if (g_strcmp0 (op, "read") == 0)
    return 0;
  if (g_strcmp0 (op, "write") == 0)
    return 1;
  return 2;
}

static guint
find_column (DynoDriveGrid *self, const DynoPhase *phase)
{
  Column wanted = { phase->kind->op, phase->params.read_percent };
  guint i;

  for (i = 0; i < self->columns->len; i++)
    {
      const Column *c = &g_array_index (self->columns, Column, i);

      if (g_strcmp0 (c->op, wanted.op) == 0 && c->read_percent == wanted.read_percent)
        return i;
    }
  /* Read, write, then the mixes by their share of reads, most reads first. */
  for (i = 0; i < self->columns->len; i++)
    {
      const Column *c = &g_array_index (self->columns, Column, i);

      if (op_rank (c->op) > op_rank (wanted.op)
          || (op_rank (c->op) == op_rank (wanted.op) && c->read_percent < wanted.read_percent))
        break;
    }
  g_array_insert_val (self->columns, i, wanted);
  return i;
}

static GtkWidget *
label_new (const char *text, float xalign, const char *const *classes)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  for (guint i = 0; classes != NULL && classes[i] != NULL; i++)
    gtk_widget_add_css_class (label, classes[i]);
  return label;
}

static GtkWidget *
column_heading (const Column *column, const DynoPhase *phase, GtkLabel **unit_label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autofree char *title = NULL;
  GtkWidget *unit;

  if (g_strcmp0 (column->op, "mix") == 0)
    /* TRANSLATORS: the heading of the grid's mix column: "Mix 70 %", its share of reads */
    title = g_strdup_printf (_("%s %u %%"), dyno_phase_group_get_title (phase->kind->group),
                             column->read_percent);
  else
    title = g_strdup (dyno_phase_group_get_title (phase->kind->group));
  gtk_box_append (GTK_BOX (box), label_new (title, 0.5, (const char *const[]) { "heading", NULL }));
  unit = label_new ("", 0.5, (const char *const[]) { "caption", "dim-label", NULL });
  gtk_box_append (GTK_BOX (box), unit);
  *unit_label = GTK_LABEL (unit);
  return box;
}

static GtkWidget *
row_heading (const DynoPhase *phase)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  const char *title = dyno_phase_get_short_title (phase);
  const char *space = strchr (title, ' ');
  g_autofree char *first = space != NULL ? g_strndup (title, space - title) : g_strdup (title);

  /* CrystalDiskMark's buttons: "SEQ1M" over "Q8T1". */
  gtk_widget_add_css_class (box, "drive-test");
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (box, dyno_phase_get_title (phase));
  gtk_box_append (GTK_BOX (box), label_new (first, 0, (const char *const[]) { "heading", NULL }));
  if (space != NULL)
    gtk_box_append (GTK_BOX (box), label_new (space + 1, 0,
                                              (const char *const[]) { "caption", "numeric",
                                                                      NULL }));
  return box;
}

static Tile *
tile_new (const DynoPhase *phase)
{
  Tile *tile = g_new0 (Tile, 1);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  tile->phase = phase;
  tile->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (tile->box, "card");
  gtk_widget_add_css_class (tile->box, "drive-tile");
  gtk_widget_set_hexpand (tile->box, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tile->box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  dyno_phase_get_title (phase), -1);

  tile->figure = GTK_LABEL (label_new ("—", 1, (const char *const[]) { "title-2", "numeric",
                                                                        "figure", NULL }));
  tile->ci = GTK_LABEL (label_new ("", 0, (const char *const[]) { "caption", "numeric",
                                                                  "dim-label", NULL }));
  gtk_widget_set_hexpand (GTK_WIDGET (tile->figure), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (tile->ci), GTK_ALIGN_BASELINE);
  gtk_widget_set_valign (GTK_WIDGET (tile->figure), GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (tile->figure));
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (tile->ci));
  tile->detail = GTK_LABEL (label_new ("", 1, (const char *const[]) { "caption", "numeric",
                                                                      NULL }));
  tile->best = GTK_LABEL (label_new ("", 1, (const char *const[]) { "caption", "numeric",
                                                                    "dim-label", NULL }));
  /* The captions wrap at a narrow width; the figure never does. */
  gtk_label_set_wrap (tile->detail, TRUE);
  gtk_label_set_wrap (tile->best, TRUE);
  gtk_label_set_wrap (tile->ci, TRUE);
  gtk_box_append (GTK_BOX (tile->box), line);
  gtk_box_append (GTK_BOX (tile->box), GTK_WIDGET (tile->detail));
  gtk_box_append (GTK_BOX (tile->box), GTK_WIDGET (tile->best));
  figures_clear (&tile->figures, phase);
  return tile;
}

static void
update_units (DynoDriveGrid *self)
{
  for (guint i = 0; i < self->columns->len; i++)
    gtk_label_set_text (self->unit_labels[i], dyno_grid_unit_label (self->unit, self->rate_unit));
}

static void
update_tiles (DynoDriveGrid *self)
{
  for (guint i = 0; i < self->tiles->len; i++)
    tile_update (self, g_ptr_array_index (self->tiles, i));
  update_units (self);
}

static void
fill_unit_switch (DynoDriveGrid *self)
{
  g_autoptr (GtkStringList) units = gtk_string_list_new (NULL);

  for (DynoGridUnit unit = DYNO_GRID_UNIT_RATE; unit < DYNO_GRID_N_UNITS; unit++)
    gtk_string_list_append (units, dyno_grid_unit_label (unit, self->rate_unit));
  /* The model changes with the rate unit's name; the selection stays. */
  g_signal_handlers_block_matched (self->unit_switch, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                   self);
  gtk_drop_down_set_model (self->unit_switch, G_LIST_MODEL (units));
  gtk_drop_down_set_selected (self->unit_switch, self->unit);
  g_signal_handlers_unblock_matched (self->unit_switch, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                     self);
}

static void
on_unit_selected (DynoDriveGrid *self)
{
  guint selected = gtk_drop_down_get_selected (self->unit_switch);

  if (selected < DYNO_GRID_N_UNITS)
    dyno_drive_grid_set_unit (self, selected);
}

static void
clear (DynoDriveGrid *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->tiles, 0);
  g_ptr_array_set_size (self->rows, 0);
  g_array_set_size (self->columns, 0);
  g_clear_pointer (&self->unit_labels, g_free);
  self->running = NULL;
  self->unit_switch = NULL;
  self->live = FALSE;
}

/* GObject */

static void
dyno_drive_grid_dispose (GObject *object)
{
  DynoDriveGrid *self = DYNO_DRIVE_GRID (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_DRIVE_GRID);
  G_OBJECT_CLASS (dyno_drive_grid_parent_class)->dispose (object);
}

static void
dyno_drive_grid_finalize (GObject *object)
{
  DynoDriveGrid *self = DYNO_DRIVE_GRID (object);

  g_clear_pointer (&self->tiles, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->columns, g_array_unref);
  g_clear_pointer (&self->unit_labels, g_free);
  G_OBJECT_CLASS (dyno_drive_grid_parent_class)->finalize (object);
}

static void
dyno_drive_grid_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoDriveGrid *self = DYNO_DRIVE_GRID (object);

  switch (prop_id)
    {
    case PROP_N_FILLED:
      g_value_set_uint (value, self->n_filled);
      break;
    case PROP_UNIT:
      g_value_set_uint (value, self->unit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_drive_grid_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DynoDriveGrid *self = DYNO_DRIVE_GRID (object);

  switch (prop_id)
    {
    case PROP_UNIT:
      dyno_drive_grid_set_unit (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_drive_grid_class_init (DynoDriveGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_drive_grid_dispose;
  object_class->finalize = dyno_drive_grid_finalize;
  object_class->get_property = dyno_drive_grid_get_property;
  object_class->set_property = dyno_drive_grid_set_property;

  properties[PROP_N_FILLED] = g_param_spec_uint ("n-filled", NULL, NULL, 0, G_MAXUINT, 0,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                     | G_PARAM_STATIC_STRINGS);
  /* DynoGridUnit has no GType (the model has no GObject enums): a uint holds it. */
  properties[PROP_UNIT] = g_param_spec_uint ("unit", NULL, NULL, 0, DYNO_GRID_N_UNITS - 1, 0,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-drive-grid.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoDriveGrid, grid);
  gtk_widget_class_bind_template_child (widget_class, DynoDriveGrid, footnote);
  gtk_widget_class_set_css_name (widget_class, "drivegrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dyno_drive_grid_init (DynoDriveGrid *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->tiles = g_ptr_array_new_with_free_func ((GDestroyNotify) tile_free);
  self->rows = g_ptr_array_new ();
  self->columns = g_array_new (FALSE, FALSE, sizeof (Column));
  self->rate_unit = DYNO_RATE_UNIT_MB;
}

/* Public API */

GtkWidget *
dyno_drive_grid_new (void)
{
  return g_object_new (DYNO_TYPE_DRIVE_GRID, NULL);
}

void
dyno_drive_grid_set_phases (DynoDriveGrid *self, GPtrArray *phases)
{
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();

  g_return_if_fail (DYNO_IS_DRIVE_GRID (self));
  g_return_if_fail (phases != NULL);

  clear (self);
  for (guint i = 0; i < phases->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (phases, i);

      if (dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED) && !g_ptr_array_find (sorted, phase, NULL))
        g_ptr_array_add (sorted, (gpointer) phase);
    }
  g_ptr_array_sort (sorted, compare_phases);

  /* Rows in the order of their read phases (the catalogue's: SEQ before RND, then by
   * parameters, as CrystalDiskMark lists them); columns read, write, mix. */
  for (guint i = 0; i < sorted->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (sorted, i);
      const DynoPhase *row = row_phase (phase);

      if (!g_ptr_array_find (self->rows, row, NULL))
        g_ptr_array_add (self->rows, (gpointer) row);
      find_column (self, phase);
    }
  g_ptr_array_sort (self->rows, compare_phases);

  self->unit_labels = g_new0 (GtkLabel *, MAX (self->columns->len, 1));
  for (guint c = 0; c < self->columns->len; c++)
    {
      const Column *column = &g_array_index (self->columns, Column, c);
      const DynoPhase *example = NULL;

      for (guint i = 0; i < sorted->len && example == NULL; i++)
        {
          const DynoPhase *phase = g_ptr_array_index (sorted, i);

          if (find_column (self, phase) == c)
            example = phase;
        }
      gtk_grid_attach (self->grid, column_heading (column, example, &self->unit_labels[c]), 1 + c,
                       0, 1, 1);
    }
  for (guint r = 0; r < self->rows->len; r++)
    gtk_grid_attach (self->grid, row_heading (g_ptr_array_index (self->rows, r)), 0, 1 + r, 1, 1);
  /* What the big figures count, over the row names where CrystalDiskMark has its All button. */
  self->unit_switch = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_valign (GTK_WIDGET (self->unit_switch), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->unit_switch),
                               _("What the large figures count: the rate, GB/s, I/Os per second "
                                 "or the mean latency of an I/O"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->unit_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Unit of the figures"), -1);
  fill_unit_switch (self);
  g_signal_connect_object (self->unit_switch, "notify::selected", G_CALLBACK (on_unit_selected),
                           self, G_CONNECT_SWAPPED);
  gtk_grid_attach (self->grid, GTK_WIDGET (self->unit_switch), 0, 0, 1, 1);

  for (guint i = 0; i < sorted->len; i++)
    {
      const DynoPhase *phase = g_ptr_array_index (sorted, i);
      Tile *tile = tile_new (phase);
      guint row;

      g_ptr_array_find (self->rows, row_phase (phase), &row);
      tile->row = row;
      tile->column = find_column (self, phase);
      tile_update (self, tile);
      gtk_grid_attach (self->grid, tile->box, 1 + tile->column, 1 + tile->row, 1, 1);
      g_ptr_array_add (self->tiles, tile);
    }
  update_units (self);
  update_footnote (self);
  update_n_filled (self);
  gtk_widget_set_visible (GTK_WIDGET (self), self->tiles->len > 0);
}

void
dyno_drive_grid_set_target (DynoDriveGrid *self, const DynoTargetResult *target)
{
  g_autoptr (GPtrArray) phases = g_ptr_array_new ();

  g_return_if_fail (DYNO_IS_DRIVE_GRID (self));
  g_return_if_fail (target != NULL);

  for (guint i = 0; i < target->phases->len; i++)
    g_ptr_array_add (phases, (gpointer) ((DynoPhaseResult *) g_ptr_array_index (target->phases,
                                                                                i))->phase);
  dyno_drive_grid_set_phases (self, phases);
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *result = g_ptr_array_index (target->phases, i);
      Tile *tile = find_tile (self, result->phase);

      if (tile == NULL)
        continue;
      dyno_grid_figures_from_result (&tile->figures, result);
      tile_update (self, tile);
      /* As under the table's figures: how precise it is, marked when it missed its target. */
      if (tile->precision != NULL)
        gtk_box_remove (GTK_BOX (tile->box), tile->precision);
      tile->precision = dyno_precision_caption_new (result);
      if (tile->precision != NULL)
        gtk_box_append (GTK_BOX (tile->box), tile->precision);
    }
  update_footnote (self);
  update_n_filled (self);
}

void
dyno_drive_grid_set_running (DynoDriveGrid *self, const DynoPhase *phase)
{
  Tile *tile;

  g_return_if_fail (DYNO_IS_DRIVE_GRID (self));

  if (self->running == phase)
    return;
  if ((tile = find_tile (self, self->running)) != NULL)
    gtk_widget_remove_css_class (tile->box, "running");
  self->running = NULL;
  if ((tile = find_tile (self, phase)) != NULL)
    {
      gtk_widget_add_css_class (tile->box, "running");
      self->running = phase;
    }
}

const DynoPhase *
dyno_drive_grid_get_running (DynoDriveGrid *self)
{
  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), NULL);
  return self->running;
}

void
dyno_drive_grid_add_run (DynoDriveGrid *self, const DynoPhase *phase, const DynoPhaseRun *run)
{
  Tile *tile;

  g_return_if_fail (DYNO_IS_DRIVE_GRID (self));
  g_return_if_fail (run != NULL);

  tile = find_tile (self, phase);
  if (tile == NULL)
    return;
  self->live = TRUE;
  if (tile->live == NULL)
    tile->live = dyno_phase_result_new (phase);
  /* Summarizes the runs so far: the mean, its interval, the best. */
  dyno_phase_result_add_run (tile->live, run);
  dyno_grid_figures_from_result (&tile->figures, tile->live);
  tile_update (self, tile);
  update_footnote (self);
  update_n_filled (self);
}

void
dyno_drive_grid_set_rate_unit (DynoDriveGrid *self, DynoRateUnit rate_unit)
{
  g_return_if_fail (DYNO_IS_DRIVE_GRID (self));

  if (self->rate_unit == rate_unit)
    return;
  self->rate_unit = rate_unit;
  if (self->unit_switch != NULL)
    fill_unit_switch (self);
  update_tiles (self);
}

void
dyno_drive_grid_set_unit (DynoDriveGrid *self, DynoGridUnit unit)
{
  g_return_if_fail (DYNO_IS_DRIVE_GRID (self));
  g_return_if_fail (unit < DYNO_GRID_N_UNITS);

  if (self->unit == unit)
    return;
  self->unit = unit;
  if (self->unit_switch != NULL && gtk_drop_down_get_selected (self->unit_switch) != unit)
    gtk_drop_down_set_selected (self->unit_switch, unit);
  update_tiles (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNIT]);
}

DynoGridUnit
dyno_drive_grid_get_unit (DynoDriveGrid *self)
{
  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), DYNO_GRID_UNIT_RATE);
  return self->unit;
}

const char *
dyno_drive_grid_get_kind (DynoDriveGrid *self, const DynoPhase *phase)
{
  Tile *tile;

  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), NULL);
  tile = find_tile (self, phase);
  return tile != NULL ? gtk_label_get_text (tile->ci) : NULL;
}

guint
dyno_drive_grid_get_n_tiles (DynoDriveGrid *self)
{
  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), 0);
  return self->tiles->len;
}

guint
dyno_drive_grid_get_n_filled (DynoDriveGrid *self)
{
  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), 0);
  return self->n_filled;
}

const char *
dyno_drive_grid_get_figure (DynoDriveGrid *self, const DynoPhase *phase)
{
  Tile *tile;

  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), NULL);
  tile = find_tile (self, phase);
  return tile != NULL ? gtk_label_get_text (tile->figure) : NULL;
}

const char *
dyno_drive_grid_get_detail (DynoDriveGrid *self, const DynoPhase *phase)
{
  Tile *tile;

  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), NULL);
  tile = find_tile (self, phase);
  return tile != NULL ? gtk_label_get_text (tile->detail) : NULL;
}

const char *
dyno_drive_grid_get_best (DynoDriveGrid *self, const DynoPhase *phase)
{
  Tile *tile;

  g_return_val_if_fail (DYNO_IS_DRIVE_GRID (self), NULL);
  tile = find_tile (self, phase);
  return tile != NULL ? gtk_label_get_text (tile->best) : NULL;
}

gboolean
dyno_drive_grid_has_tests (GPtrArray *phases)
{
  g_return_val_if_fail (phases != NULL, FALSE);

  for (guint i = 0; i < phases->len; i++)
    if (dyno_phase_has_flag (g_ptr_array_index (phases, i), DYNO_PHASE_QUEUED))
      return TRUE;
  return FALSE;
}
