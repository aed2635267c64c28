/* dyno-window-leftovers.c: the scratch folders runs could not remove, offered for removal
 *
 * A run whose FUSE daemon was killed, or whose target was made unreadable, leaves its scratch
 * folder with a data file as large as the run's size. The window lists it
 * (dyno-leftovers.h), and at every start looks at the list and offers, in a toast that stays
 * until it is answered, to remove what can be reached again. Listing and removing touch the
 * volumes, so they run in a thread: a target on a hung network share must not freeze the
 * window.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-window-leftovers"

#include "config.h"

#include <glib/gi18n.h>

#include "dyno-leftovers.h"
#include "dyno-parse.h"
#include "dyno-window-private.h"

static void
add_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GError) error = NULL;

  if (!dyno_leftovers_add (data, &error))
    g_warning ("Cannot note the scratch folder left behind: %s", error->message);
  g_task_return_boolean (task, TRUE);
}

void
dyno_window_note_leftover (DynoWindow *self, const char *path)
{
  g_autoptr (GTask) task = g_task_new (NULL, NULL, NULL, NULL);

  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, add_in_thread);
}

typedef struct
{
  guint n;
  guint64 bytes;
  char *first; /* the first one's path, for a person */
} Found;

static void
found_free (Found *found)
{
  g_free (found->first);
  g_free (found);
}

static void
list_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GPtrArray) leftovers = dyno_leftovers_list ();
  Found *found = g_new0 (Found, 1);

  for (guint i = 0; i < leftovers->len; i++)
    {
      const DynoLeftover *leftover = g_ptr_array_index (leftovers, i);

      if (!leftover->present)
        continue;
      if (found->first == NULL)
        found->first = g_strdup (leftover->display);
      found->n++;
      found->bytes += leftover->bytes;
    }
  g_task_return_pointer (task, found, (GDestroyNotify) found_free);
}

static void
on_listed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (DynoWindow) self = data;
  Found *found = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *size = NULL;
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (found == NULL || found->n == 0 || gtk_widget_in_destruction (GTK_WIDGET (self)))
    {
      if (found)
        found_free (found);
      return;
    }
  size = dyno_format_size (found->bytes);
  if (found->n == 1)
    /* TRANSLATORS: a toast; a size, then a folder's path */
    text = g_strdup_printf (_("An earlier run left its scratch folder (%s) at %s"), size,
                            found->first);
  else
    /* TRANSLATORS: a toast; a number, then a size */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Earlier runs left %u scratch folder (%s)",
                                         "Earlier runs left %u scratch folders (%s)", found->n),
                            found->n, size);
  escaped = g_markup_escape_text (text, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _("_Remove"));
  adw_toast_set_action_name (toast, "win.remove-leftovers");
  /* Answered, not timed out: it may be a gigabyte on somebody's volume. */
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  found_free (found);
}

void
dyno_window_offer_leftovers (DynoWindow *self)
{
  g_autoptr (GTask) task = g_task_new (NULL, NULL, on_listed, g_object_ref (self));

  g_task_run_in_thread (task, list_in_thread);
}

typedef struct
{
  guint removed;
  guint64 bytes;
  GPtrArray *messages; /* char*: why not */
} Removed;

static void
removed_free (Removed *removed)
{
  g_ptr_array_unref (removed->messages);
  g_free (removed);
}

static void
remove_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GPtrArray) leftovers = dyno_leftovers_list ();
  Removed *removed = g_new0 (Removed, 1);

  removed->messages = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < leftovers->len; i++)
    {
      const DynoLeftover *leftover = g_ptr_array_index (leftovers, i);

      if (!leftover->present)
        continue;
      if (dyno_leftovers_remove (leftover, removed->messages))
        {
          removed->removed++;
          removed->bytes += leftover->bytes;
        }
    }
  g_task_return_pointer (task, removed, (GDestroyNotify) removed_free);
}

static void
on_removed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (DynoWindow) self = data;
  Removed *removed = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *size = NULL;
  g_autofree char *text = NULL;

  if (removed == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    {
      if (removed)
        removed_free (removed);
      return;
    }
  size = dyno_format_size (removed->bytes);
  if (removed->messages->len > 0)
    dyno_window_show_error (self, _("Some scratch folders were not removed"),
                            (const char *) g_ptr_array_index (removed->messages, 0));
  else
    {
      /* TRANSLATORS: a toast; a number, then a size */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Removed %u scratch folder (%s)",
                                           "Removed %u scratch folders (%s)", removed->removed),
                              removed->removed, size);
      dyno_window_toast (self, text);
    }
  removed_free (removed);
}

void
dyno_window_remove_leftovers (DynoWindow *self)
{
  g_autoptr (GTask) task = g_task_new (NULL, NULL, on_removed, g_object_ref (self));

  g_task_run_in_thread (task, remove_in_thread);
}
