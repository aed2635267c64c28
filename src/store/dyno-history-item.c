/* dyno-history-item.c
 *
 * The item wraps a DynoResult the list only reads. Derived strings (title, search text) are
 * computed when the result changes, not per row or per filter pass.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-history-item"

#include "config.h"

#include <math.h>

#include "dyno-history-item.h"

struct _DynoHistoryItem
{
  GObject parent_instance;

  DynoResult *result;
  char *path;
  char *title;
  char *search_text;
  guint8 *selected; /* one per target */
  guint n_targets;
  guint n_selected;
  gboolean external;
};

G_DEFINE_FINAL_TYPE (DynoHistoryItem, dyno_history_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RESULT,
  PROP_PATH,
  PROP_TITLE,
  PROP_SEARCH_TEXT,
  PROP_CREATED,
  PROP_N_SELECTED,
  PROP_EXTERNAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
append_word (GString *text, const char *word)
{
  if (word == NULL || *word == '\0')
    return;
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, word);
}

static void
update_strings (DynoHistoryItem *self)
{
  const char *label = dyno_result_get_label (self->result);
  const DynoSystemInfo *system = dyno_result_get_system (self->result);
  GString *search = g_string_new (NULL);

  g_free (self->title);
  /* Named as everywhere else (the CLI, comparisons, charts): label, then folder, then host. */
  self->title = dyno_result_dup_name (self->result);

  append_word (search, label);
  append_word (search, dyno_result_get_remote (self->result));
  if (system != NULL)
    {
      append_word (search, system->hostname);
      append_word (search, system->os_name);
    }
  for (guint i = 0; i < dyno_result_get_n_targets (self->result); i++)
    {
      const DynoTargetResult *target = dyno_result_get_target (self->result, i);

      append_word (search, target->remote);
      if (target->system != NULL)
        append_word (search, target->system->hostname);
      if (target->info == NULL)
        continue;
      append_word (search, target->info->path);
      append_word (search, target->info->mount_point);
      append_word (search, target->info->fs_type);
      append_word (search, target->info->device_model);
    }
  append_word (search, dyno_result_get_tool (self->result));
  g_free (self->search_text);
  self->search_text = g_string_free (search, FALSE);
}

static void
on_result_notify (DynoHistoryItem *self)
{
  dyno_history_item_changed (self);
}

static void
dyno_history_item_constructed (GObject *object)
{
  DynoHistoryItem *self = DYNO_HISTORY_ITEM (object);

  G_OBJECT_CLASS (dyno_history_item_parent_class)->constructed (object);

  g_assert (DYNO_IS_RESULT (self->result));
  self->n_targets = dyno_result_get_n_targets (self->result);
  self->selected = g_new0 (guint8, MAX (self->n_targets, 1));
  if (self->path == NULL)
    self->path = g_strdup (dyno_result_get_path (self->result));
  update_strings (self);
  g_signal_connect_object (self->result, "notify::label", G_CALLBACK (on_result_notify), self,
                           G_CONNECT_SWAPPED);
}

static void
dyno_history_item_finalize (GObject *object)
{
  DynoHistoryItem *self = DYNO_HISTORY_ITEM (object);

  g_clear_object (&self->result);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->search_text, g_free);
  g_clear_pointer (&self->selected, g_free);
  G_OBJECT_CLASS (dyno_history_item_parent_class)->finalize (object);
}

static void
dyno_history_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoHistoryItem *self = DYNO_HISTORY_ITEM (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      g_value_set_object (value, self->result);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SEARCH_TEXT:
      g_value_set_string (value, self->search_text);
      break;
    case PROP_CREATED:
      g_value_set_int64 (value, dyno_history_item_get_created (self));
      break;
    case PROP_N_SELECTED:
      g_value_set_uint (value, self->n_selected);
      break;
    case PROP_EXTERNAL:
      g_value_set_boolean (value, self->external);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_history_item_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  DynoHistoryItem *self = DYNO_HISTORY_ITEM (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      self->result = g_value_dup_object (value);
      break;
    case PROP_PATH:
      dyno_history_item_set_path (self, g_value_get_string (value));
      break;
    case PROP_EXTERNAL:
      dyno_history_item_set_external (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_history_item_class_init (DynoHistoryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = dyno_history_item_constructed;
  object_class->finalize = dyno_history_item_finalize;
  object_class->get_property = dyno_history_item_get_property;
  object_class->set_property = dyno_history_item_set_property;

  properties[PROP_RESULT] = g_param_spec_object ("result", NULL, NULL, DYNO_TYPE_RESULT,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                                     | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, rw);
  /* For GtkStringFilter and GtkStringSorter expressions. */
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_SEARCH_TEXT] = g_param_spec_string ("search-text", NULL, NULL, NULL, ro);
  properties[PROP_CREATED] = g_param_spec_int64 ("created", NULL, NULL, G_MININT64, G_MAXINT64,
                                                 0, ro);
  properties[PROP_N_SELECTED] = g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_EXTERNAL] = g_param_spec_boolean ("external", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dyno_history_item_init (DynoHistoryItem *self)
{
}

DynoHistoryItem *
dyno_history_item_new (DynoResult *result)
{
  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);
  return g_object_new (DYNO_TYPE_HISTORY_ITEM, "result", result, NULL);
}

DynoResult *
dyno_history_item_get_result (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), NULL);
  return self->result;
}

const char *
dyno_history_item_get_path (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), NULL);
  return self->path;
}

void
dyno_history_item_set_path (DynoHistoryItem *self, const char *path)
{
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (self));

  if (g_strcmp0 (self->path, path) == 0)
    return;
  g_free (self->path);
  self->path = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
}

gboolean
dyno_history_item_get_external (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), FALSE);
  return self->external;
}

void
dyno_history_item_set_external (DynoHistoryItem *self, gboolean external)
{
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (self));

  external = !!external;
  if (self->external == external)
    return;
  self->external = external;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXTERNAL]);
}

const char *
dyno_history_item_get_title (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), NULL);
  return self->title;
}

const char *
dyno_history_item_get_search_text (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), NULL);
  return self->search_text;
}

gint64
dyno_history_item_get_created (DynoHistoryItem *self)
{
  GDateTime *created;

  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), 0);
  created = dyno_result_get_created (self->result);
  return created != NULL ? g_date_time_to_unix (created) : 0;
}

double
dyno_history_item_get_best_rate (DynoHistoryItem *self, const DynoPhase *phase)
{
  double best = NAN;

  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), NAN);

  for (guint i = 0; i < self->n_targets; i++)
    {
      const DynoPhaseResult *pr = dyno_target_result_get_phase (
          dyno_result_get_target (self->result, i), phase);
      double rate = pr != NULL ? dyno_phase_result_get_rate (pr) : NAN;

      if (!isnan (rate) && (isnan (best) || rate > best))
        best = rate;
    }
  return best;
}

guint
dyno_history_item_get_n_targets (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), 0);
  return self->n_targets;
}

gboolean
dyno_history_item_get_target_selected (DynoHistoryItem *self, guint target)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), FALSE);
  return target < self->n_targets && self->selected[target];
}

static void
set_target_selected (DynoHistoryItem *self, guint target, gboolean selected)
{
  selected = !!selected;
  if (target >= self->n_targets || self->selected[target] == selected)
    return;
  self->selected[target] = selected;
  if (selected)
    self->n_selected++;
  else
    self->n_selected--;
}

void
dyno_history_item_set_target_selected (DynoHistoryItem *self, guint target, gboolean selected)
{
  guint before;

  g_return_if_fail (DYNO_IS_HISTORY_ITEM (self));

  before = self->n_selected;
  set_target_selected (self, target, selected);
  if (before != self->n_selected)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
}

void
dyno_history_item_set_selected (DynoHistoryItem *self, gboolean selected)
{
  guint before;

  g_return_if_fail (DYNO_IS_HISTORY_ITEM (self));

  before = self->n_selected;
  for (guint i = 0; i < self->n_targets; i++)
    set_target_selected (self, i, selected);
  if (before != self->n_selected)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
}

guint
dyno_history_item_get_n_selected (DynoHistoryItem *self)
{
  g_return_val_if_fail (DYNO_IS_HISTORY_ITEM (self), 0);
  return self->n_selected;
}

void
dyno_history_item_changed (DynoHistoryItem *self)
{
  g_return_if_fail (DYNO_IS_HISTORY_ITEM (self));

  update_strings (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_TEXT]);
}
