/* dyno-target-row.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-target-row"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-badges.h"
#include "dyno-error.h"
#include "dyno-parse.h"
#include "dyno-target-row.h"

/* A local disk answers a probe in milliseconds; a share whose server went away can take minutes
 * (an NFS hard mount, forever). */
#define STALL_TIMEOUT_MS 10000

struct _DynoTargetRow
{
  AdwActionRow parent_instance;

  GtkCheckButton *check;
  GtkBox *badges;
  GtkSpinner *spinner;
  GtkButton *edit_button;
  GtkButton *remove_button;
  GtkWidget *problem_icon;

  char *path;
  char *name;
  DynoTargetInfo *info;
  char *problem; /* why the options cannot run here (free space); NULL */
  guint probe_serial;
  gboolean probing;
  /* The probe has not answered for stall_timeout_ms: left out of runs until it does. */
  gboolean stalled;
  guint stall_timeout_ms;
  guint stall_id;
  gboolean removable;
  /* A folder on another machine (path is its ssh:// address), probed over SSH. */
  gboolean remote;
  char *where;          /* "user@host" */
  char *remote_version; /* the dyno-cli there; NULL until probed */
  char *remote_error;   /* why the probe failed: no dyno-cli, no login; NULL */
  guint64 remote_ram;   /* the remote machine's RAM; 0 when unknown */
};

G_DEFINE_FINAL_TYPE (DynoTargetRow, dyno_target_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_PATH,
  PROP_NAME,
  PROP_REMOVABLE,
  PROP_SELECTED,
  PROP_USABLE,
  PROP_PROBING,
  N_PROPS
};

enum
{
  REMOVE,
  EDIT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static char *
describe_place (DynoTargetRow *self)
{
  const DynoTargetInfo *info = self->info;
  GString *text = g_string_new (NULL);

  /* A remote folder's title is its path there: the machine comes first. */
  if (self->remote)
    g_string_append (text, self->where);
  /* Say where the volume is when the title is only its name. */
  else if (!g_str_equal (self->name, self->path))
    g_string_append (text, self->path);

  if (info->fs_type != NULL)
    {
      if (text->len > 0)
        g_string_append (text, " · ");
      if (info->device != NULL)
        {
          const char *kind = info->rotational == DYNO_TRISTATE_YES  ? _("HDD")
                             : info->rotational == DYNO_TRISTATE_NO ? _("SSD")
                                                                    : NULL;

          if (kind != NULL)
            /* TRANSLATORS: file system on device, like "ext4 on nvme0n1 (SSD)" */
            g_string_append_printf (text, _("%s on %s (%s)"), info->fs_type, info->device, kind);
          else
            /* TRANSLATORS: file system on device, like "ext4 on sda" */
            g_string_append_printf (text, _("%s on %s"), info->fs_type, info->device);
        }
      else
        g_string_append (text, info->fs_type);
    }
  if (self->remote && self->remote_version != NULL)
    /* TRANSLATORS: the version of dyno-cli on a remote machine, in its target row */
    g_string_append_printf (text, _(" · dyno-cli %s"), self->remote_version);
  return g_string_free (text, FALSE);
}

static void
update (DynoTargetRow *self)
{
  const DynoTargetInfo *info = self->info;
  g_autofree char *place = NULL;
  g_autofree char *subtitle = NULL;
  gboolean usable = info != NULL && info->writable;

  dyno_badges_fill (self->badges, info);
  gtk_widget_set_visible (self->problem_icon, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), self->probing && info == NULL);
  gtk_spinner_set_spinning (self->spinner, self->probing && info == NULL);

  if (info == NULL && self->remote && self->remote_error != NULL && !self->probing)
    {
      g_autofree char *text = g_strdup_printf ("%s\n%s", self->where, self->remote_error);

      /* The reason it cannot run, where the person looks; it cannot be checked till a probe
       * answers, as an unwritable folder cannot. */
      gtk_widget_set_visible (self->problem_icon, TRUE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->remote_error);
      gtk_widget_set_sensitive (GTK_WIDGET (self->check), FALSE);
      return;
    }
  if (info == NULL && self->stalled && self->remote)
    {
      /* TRANSLATORS: a remote target whose machine has not answered over ssh for 10 s */
      g_autofree char *text = g_strdup_printf (_("%s · No answer yet: is the machine on and "
                                                 "reachable?"),
                                               self->where);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), text);
      gtk_widget_set_sensitive (GTK_WIDGET (self->check), TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                                   _("ssh has not connected yet. Runs leave this target out "
                                     "until it answers; the row updates then."));
      return;
    }
  if (info == NULL && self->stalled)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self),
                                   _("Not responding: a hung network share or a failing disk?"));
      gtk_widget_set_sensitive (GTK_WIDGET (self->check), TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                                   _("The file system has not answered yet. Runs leave this "
                                     "target out until it does; the row updates then."));
      return;
    }
  if (info == NULL)
    {
      g_autofree char *checking = NULL;

      /* TRANSLATORS: a remote target's row while Dyno asks the machine: "me@nas · Checking…" */
      if (self->remote)
        checking = g_strdup_printf (_("%s · Checking…"), self->where);
      /* The check stays usable: a run started now waits for the probe. */
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self),
                                   checking != NULL ? checking
                                   : self->probing  ? _("Checking…")
                                                    : self->path);
      gtk_widget_set_sensitive (GTK_WIDGET (self->check), TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
      return;
    }

  place = describe_place (self);
  gtk_widget_set_visible (self->problem_icon, info->writable && self->problem != NULL);
  if (info->writable && self->problem != NULL)
    {
      /* The reason Run is disabled, where the person looks: on the target. */
      subtitle = *place != '\0' ? g_strdup_printf ("%s\n%s", place, self->problem)
                                 : g_strdup (self->problem);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->problem);
      gtk_widget_set_sensitive (GTK_WIDGET (self->check), TRUE);
      return;
    }
  if (!info->writable)
    {
      const char *reason
          = info->unwritable_reason ? info->unwritable_reason : _("This folder cannot be written");

      subtitle = *place != '\0' ? g_strdup_printf ("%s\n%s", place, reason) : g_strdup (reason);
    }
  else if (info->total_bytes > 0)
    {
      g_autofree char *free_text = dyno_format_size (info->free_bytes);
      g_autofree char *total_text = dyno_format_size (info->total_bytes);
      /* TRANSLATORS: free space, like "79 GiB free of 252 GiB" */
      g_autofree char *space = g_strdup_printf (_("%s free of %s"), free_text, total_text);

      subtitle = *place != '\0' ? g_strdup_printf ("%s\n%s", place, space)
                                 : g_steal_pointer (&space);
    }
  else
    subtitle = g_steal_pointer (&place);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), info->writable ? NULL : info->unwritable_reason);
  gtk_widget_set_sensitive (GTK_WIDGET (self->check), usable);
}

static void
on_check_active (DynoTargetRow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
on_remove_clicked (DynoTargetRow *self)
{
  g_signal_emit (self, signals[REMOVE], 0);
}

static void
on_edit_clicked (DynoTargetRow *self)
{
  g_signal_emit (self, signals[EDIT], 0);
}

static void
dyno_target_row_constructed (GObject *object)
{
  DynoTargetRow *self = DYNO_TARGET_ROW (object);

  G_OBJECT_CLASS (dyno_target_row_parent_class)->constructed (object);

  if (self->name == NULL)
    self->name = g_path_get_basename (self->path);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), self->name);
  gtk_widget_set_visible (GTK_WIDGET (self->remove_button), self->removable);
  update (self);
}

static void
dyno_target_row_dispose (GObject *object)
{
  DynoTargetRow *self = DYNO_TARGET_ROW (object);

  g_clear_handle_id (&self->stall_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), DYNO_TYPE_TARGET_ROW);
  G_OBJECT_CLASS (dyno_target_row_parent_class)->dispose (object);
}

static void
dyno_target_row_finalize (GObject *object)
{
  DynoTargetRow *self = DYNO_TARGET_ROW (object);

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->info, dyno_target_info_free);
  g_clear_pointer (&self->problem, g_free);
  g_clear_pointer (&self->where, g_free);
  g_clear_pointer (&self->remote_version, g_free);
  g_clear_pointer (&self->remote_error, g_free);
  G_OBJECT_CLASS (dyno_target_row_parent_class)->finalize (object);
}

static void
dyno_target_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DynoTargetRow *self = DYNO_TARGET_ROW (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_REMOVABLE:
      g_value_set_boolean (value, self->removable);
      break;
    case PROP_SELECTED:
      g_value_set_boolean (value, dyno_target_row_get_selected (self));
      break;
    case PROP_USABLE:
      g_value_set_boolean (value, dyno_target_row_get_usable (self));
      break;
    case PROP_PROBING:
      g_value_set_boolean (value, dyno_target_row_get_probing (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_target_row_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  DynoTargetRow *self = DYNO_TARGET_ROW (object);

  switch (prop_id)
    {
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    case PROP_REMOVABLE:
      self->removable = g_value_get_boolean (value);
      break;
    case PROP_SELECTED:
      dyno_target_row_set_selected (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dyno_target_row_class_init (DynoTargetRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dyno_target_row_constructed;
  object_class->dispose = dyno_target_row_dispose;
  object_class->finalize = dyno_target_row_finalize;
  object_class->get_property = dyno_target_row_get_property;
  object_class->set_property = dyno_target_row_set_property;

  properties[PROP_PATH]
      = g_param_spec_string ("path", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME]
      = g_param_spec_string ("name", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REMOVABLE]
      = g_param_spec_boolean ("removable", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED]
      = g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USABLE] = g_param_spec_boolean ("usable", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                      | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROBING] = g_param_spec_boolean ("probing", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The user asked to take an added folder off the list. */
  signals[REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);
  /* The user asked to change how a remote folder is reached (its dyno-cli, its ssh). */
  signals[EDIT] = g_signal_new ("edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-target-row.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoTargetRow, check);
  gtk_widget_class_bind_template_child (widget_class, DynoTargetRow, badges);
  gtk_widget_class_bind_template_child (widget_class, DynoTargetRow, spinner);
  gtk_widget_class_bind_template_child (widget_class, DynoTargetRow, edit_button);
  gtk_widget_class_bind_template_child (widget_class, DynoTargetRow, remove_button);
  gtk_widget_class_bind_template_child (widget_class, DynoTargetRow, problem_icon);
  gtk_widget_class_bind_template_callback (widget_class, on_check_active);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_clicked);
}

static void
dyno_target_row_init (DynoTargetRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->stall_timeout_ms = STALL_TIMEOUT_MS;

}

DynoTargetRow *
dyno_target_row_new (const char *path, const char *name, const char *icon_name, gboolean removable)
{
  g_return_val_if_fail (path != NULL, NULL);

  return g_object_new (DYNO_TYPE_TARGET_ROW, "path", path, "name", name, "icon-name", icon_name,
                       "removable", removable, NULL);
}

DynoTargetRow *
dyno_target_row_new_remote (const char *uri, const char *path, const char *where)
{
  DynoTargetRow *self;

  g_return_val_if_fail (uri != NULL, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (where != NULL, NULL);

  self = g_object_new (DYNO_TYPE_TARGET_ROW, "path", uri, "name", path, "icon-name",
                       "folder-remote-symbolic", "removable", TRUE, NULL);
  self->remote = TRUE;
  self->where = g_strdup (where);
  gtk_widget_set_visible (GTK_WIDGET (self->edit_button), TRUE);
  update (self);
  return self;
}

gboolean
dyno_target_row_get_remote (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), FALSE);
  return self->remote;
}

const char *
dyno_target_row_get_where (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), NULL);
  return self->where;
}

const char *
dyno_target_row_get_remote_error (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), NULL);
  return self->info == NULL ? self->remote_error : NULL;
}

const char *
dyno_target_row_get_remote_version (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), NULL);
  return self->remote_version;
}

guint64
dyno_target_row_get_ram_bytes (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), 0);
  return self->remote_ram;
}

void
dyno_target_row_finish_remote_probe (DynoTargetRow *self,
                                     guint serial,
                                     DynoRemoteProbe *probe,
                                     const GError *error)
{
  DynoTargetInfo *info = NULL;

  g_return_if_fail (DYNO_IS_TARGET_ROW (self));
  g_return_if_fail (self->remote);

  if (self->check == NULL || serial != self->probe_serial)
    {
      g_clear_pointer (&probe, dyno_remote_probe_free);
      return;
    }
  if (probe != NULL)
    {
      g_clear_pointer (&self->remote_error, g_free);
      g_free (self->remote_version);
      self->remote_version = g_strdup (probe->version);
      self->remote_ram = probe->system != NULL ? probe->system->ram_bytes : 0;
      info = g_steal_pointer (&probe->target);
      /* A dyno-cli that answered without describing the folder still runs there. */
      if (info == NULL)
        {
          info = dyno_target_info_new (self->name);
          info->writable = TRUE;
        }
      dyno_remote_probe_free (probe);
    }
  else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_free (self->remote_error);
      if (g_error_matches (error, DYNO_ERROR, DYNO_ERROR_REMOTE_NO_CLI))
        /* TRANSLATORS: %s says that a machine has no dyno-cli and what to install there */
        self->remote_error = g_strdup_printf (_("%s, or say where it is: this row’s Change "
                                                "How to Reach It button, under Advanced"),
                                              error->message);
      else
        self->remote_error = g_strdup (error->message);
      /* What it said before is no longer true: the machine is not there now. */
      g_clear_pointer (&self->info, dyno_target_info_free);
      dyno_target_row_set_selected (self, FALSE);
    }
  dyno_target_row_finish_probe (self, serial, info);
}

const char *
dyno_target_row_get_path (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), NULL);
  return self->path;
}

gboolean
dyno_target_row_get_removable (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), FALSE);
  return self->removable;
}

gboolean
dyno_target_row_get_selected (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), FALSE);
  return gtk_check_button_get_active (self->check);
}

void
dyno_target_row_set_selected (DynoTargetRow *self, gboolean selected)
{
  g_return_if_fail (DYNO_IS_TARGET_ROW (self));

  /* The check notifies, and on_check_active passes that on. */
  gtk_check_button_set_active (self->check, !!selected);
}

const DynoTargetInfo *
dyno_target_row_get_info (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), NULL);
  return self->info;
}

gboolean
dyno_target_row_get_usable (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), FALSE);
  return self->info != NULL && self->info->writable;
}

gboolean
dyno_target_row_get_probing (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), FALSE);
  return self->probing && self->info == NULL && !self->stalled;
}

gboolean
dyno_target_row_get_stalled (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), FALSE);
  return self->stalled && self->info == NULL;
}

void
dyno_target_row_set_stall_timeout (DynoTargetRow *self, guint timeout_ms)
{
  g_return_if_fail (DYNO_IS_TARGET_ROW (self));
  g_return_if_fail (timeout_ms > 0);
  self->stall_timeout_ms = timeout_ms;
}

static gboolean
on_stall_timeout (gpointer user_data)
{
  DynoTargetRow *self = DYNO_TARGET_ROW (user_data);
  gboolean was_probing = dyno_target_row_get_probing (self);

  self->stall_id = 0;
  self->stalled = TRUE;
  update (self);
  /* No longer "probing" to the window: a run waiting for this row starts without it. */
  if (was_probing != dyno_target_row_get_probing (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBING]);
  return G_SOURCE_REMOVE;
}

guint
dyno_target_row_begin_probe (DynoTargetRow *self)
{
  gboolean was_probing;

  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), 0);

  was_probing = dyno_target_row_get_probing (self);
  /* A probe asked for while one is still out (a mount elsewhere changed the table) keeps the
   * clock of the first: on a busy machine mounts change every few seconds, and a target that
   * stopped answering must still be found stalled. */
  if (!self->probing)
    {
      self->stalled = FALSE;
      g_clear_handle_id (&self->stall_id, g_source_remove);
      self->stall_id = g_timeout_add (self->stall_timeout_ms, on_stall_timeout, self);
    }
  self->probing = TRUE;
  update (self);
  if (was_probing != dyno_target_row_get_probing (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBING]);
  return ++self->probe_serial;
}

void
dyno_target_row_finish_probe (DynoTargetRow *self, guint serial, DynoTargetInfo *info)
{
  gboolean was_usable;
  gboolean was_probing;

  g_return_if_fail (DYNO_IS_TARGET_ROW (self));

  /* A probe that outlived its row (the window closed meanwhile), or an older probe. */
  if (self->check == NULL || serial != self->probe_serial)
    {
      g_clear_pointer (&info, dyno_target_info_free);
      return;
    }

  was_usable = dyno_target_row_get_usable (self);
  was_probing = dyno_target_row_get_probing (self);
  self->probing = FALSE;
  self->stalled = FALSE;
  g_clear_handle_id (&self->stall_id, g_source_remove);
  /* A probe that failed (cancelled) keeps the older info, if any. */
  if (info != NULL)
    {
      g_clear_pointer (&self->info, dyno_target_info_free);
      self->info = info;
    }
  update (self);
  /* An unusable target cannot take part in a run, so it must not look chosen. */
  if (self->info != NULL && !self->info->writable)
    dyno_target_row_set_selected (self, FALSE);

  g_object_freeze_notify (G_OBJECT (self));
  if (was_probing != dyno_target_row_get_probing (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBING]);
  /* Also when it stays usable: the free space changed. */
  if (info != NULL || was_usable != dyno_target_row_get_usable (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USABLE]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
dyno_target_row_set_problem (DynoTargetRow *self, const char *problem)
{
  g_return_if_fail (DYNO_IS_TARGET_ROW (self));

  if (g_strcmp0 (self->problem, problem) == 0)
    return;
  g_free (self->problem);
  self->problem = g_strdup (problem);
  if (self->check != NULL)
    update (self);
}

const char *
dyno_target_row_get_problem (DynoTargetRow *self)
{
  g_return_val_if_fail (DYNO_IS_TARGET_ROW (self), NULL);

  /* Only a writable, probed target has options that do not fit it. */
  if (self->info == NULL || !self->info->writable)
    return NULL;
  return self->problem;
}
