/* dyno-remote-dialog.c
 *
 * The address is checked as it is typed, with the same parser as dyno-cli's -d, so what the
 * dialog accepts the engine runs, and what it refuses is refused with the parser's reason
 * under the field rather than later, in a failed run.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-remote-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-remote-dialog.h"
#include "dyno-remote-target.h"

struct _DynoRemoteDialog
{
  AdwWindow parent_instance;

  GtkButton *add_button;
  AdwEntryRow *address_row;
  GtkLabel *hint_label;
  AdwExpanderRow *advanced_row;
  AdwEntryRow *cli_row;
  AdwEntryRow *ssh_row;

  char *hint;  /* the hint's text while the address is fine */
  char *error; /* why the address cannot be added; NULL */
  char *uri;   /* the valid address, canonical; NULL */
  char *replaces; /* the address being changed; NULL when adding */
};

G_DEFINE_FINAL_TYPE (DynoRemoteDialog, dyno_remote_dialog, ADW_TYPE_WINDOW)

enum
{
  ADD,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
validate (DynoRemoteDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->address_row));
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoRemoteTarget) target = NULL;

  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->uri, g_free);

  if (*stripped != '\0')
    {
      target = dyno_remote_target_parse (stripped, &error);
      if (target != NULL)
        self->uri = dyno_remote_target_to_uri (target);
      else if (error != NULL)
        self->error = g_strdup (error->message);
      else if (stripped[0] == '/' || stripped[0] == '.' || stripped[0] == '~')
        /* TRANSLATORS: the address in Add Remote Folder is a local path */
        self->error = g_strdup (_("This is a folder on this computer: a remote folder is written "
                                  "ssh://[user@]host[:port]/path or [user@]host:/path"));
      else
        /* TRANSLATORS: the address in Add Remote Folder is neither ssh://… nor host:/path,
         * e.g. "nas:srv/tank" */
        self->error = g_strdup (_("Write ssh://[user@]host[:port]/path or [user@]host:/path: the "
                                  "folder on the remote machine as an absolute path"));
    }

  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button), self->uri != NULL);
  gtk_label_set_text (self->hint_label, self->error != NULL ? self->error : self->hint);
  if (self->error != NULL)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->address_row), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->hint_label), "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->address_row), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->hint_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "dim-label");
    }
}

static void
on_address_changed (DynoRemoteDialog *self)
{
  validate (self);
}

static char *
get_option (AdwEntryRow *row)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));

  return *stripped != '\0' ? g_steal_pointer (&stripped) : NULL;
}

static void
on_add_clicked (DynoRemoteDialog *self)
{
  dyno_remote_dialog_add (self);
}

static void
dyno_remote_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DYNO_TYPE_REMOTE_DIALOG);
  G_OBJECT_CLASS (dyno_remote_dialog_parent_class)->dispose (object);
}

static void
dyno_remote_dialog_finalize (GObject *object)
{
  DynoRemoteDialog *self = DYNO_REMOTE_DIALOG (object);

  g_clear_pointer (&self->hint, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->replaces, g_free);
  G_OBJECT_CLASS (dyno_remote_dialog_parent_class)->finalize (object);
}

static void
dyno_remote_dialog_class_init (DynoRemoteDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_remote_dialog_dispose;
  object_class->finalize = dyno_remote_dialog_finalize;

  /* uri (canonical), remote-cli and ssh-command (NULL for the defaults). */
  signals[ADD] = g_signal_new ("add", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                               NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-remote-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoRemoteDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, DynoRemoteDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, DynoRemoteDialog, hint_label);
  gtk_widget_class_bind_template_child (widget_class, DynoRemoteDialog, advanced_row);
  gtk_widget_class_bind_template_child (widget_class, DynoRemoteDialog, cli_row);
  gtk_widget_class_bind_template_child (widget_class, DynoRemoteDialog, ssh_row);
  gtk_widget_class_bind_template_callback (widget_class, on_address_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dyno_remote_dialog_init (DynoRemoteDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->hint = g_strdup (gtk_label_get_text (self->hint_label));
  /* The address is what the person came to type. */
  gtk_widget_grab_focus (GTK_WIDGET (self->address_row));
}

DynoRemoteDialog *
dyno_remote_dialog_new (GtkWindow *parent)
{
  return g_object_new (DYNO_TYPE_REMOTE_DIALOG, "transient-for", parent, NULL);
}

void
dyno_remote_dialog_set_address (DynoRemoteDialog *self, const char *address)
{
  g_return_if_fail (DYNO_IS_REMOTE_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address != NULL ? address : "");
  validate (self);
}

void
dyno_remote_dialog_set_options (DynoRemoteDialog *self,
                                const char *remote_cli,
                                const char *ssh_command)
{
  g_return_if_fail (DYNO_IS_REMOTE_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->cli_row), remote_cli != NULL ? remote_cli : "");
  gtk_editable_set_text (GTK_EDITABLE (self->ssh_row), ssh_command != NULL ? ssh_command : "");
  /* Options that are set are shown, not hidden behind the expander. */
  adw_expander_row_set_expanded (self->advanced_row, remote_cli != NULL || ssh_command != NULL);
}

void
dyno_remote_dialog_set_editing (DynoRemoteDialog *self, const char *uri)
{
  g_return_if_fail (DYNO_IS_REMOTE_DIALOG (self));
  g_return_if_fail (uri != NULL);

  g_free (self->replaces);
  self->replaces = g_strdup (uri);
  gtk_window_set_title (GTK_WINDOW (self), _("Remote Folder"));
  gtk_button_set_label (self->add_button, _("_Save"));
  dyno_remote_dialog_set_address (self, uri);
}

const char *
dyno_remote_dialog_get_replaces (DynoRemoteDialog *self)
{
  g_return_val_if_fail (DYNO_IS_REMOTE_DIALOG (self), NULL);
  return self->replaces;
}

const char *
dyno_remote_dialog_get_error (DynoRemoteDialog *self)
{
  g_return_val_if_fail (DYNO_IS_REMOTE_DIALOG (self), NULL);
  return self->error;
}

gboolean
dyno_remote_dialog_add (DynoRemoteDialog *self)
{
  g_autofree char *remote_cli = NULL;
  g_autofree char *ssh_command = NULL;

  g_return_val_if_fail (DYNO_IS_REMOTE_DIALOG (self), FALSE);

  validate (self);
  if (self->uri == NULL)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->address_row));
      return FALSE;
    }
  remote_cli = get_option (self->cli_row);
  ssh_command = get_option (self->ssh_row);
  g_signal_emit (self, signals[ADD], 0, self->uri, remote_cli, ssh_command);
  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}
