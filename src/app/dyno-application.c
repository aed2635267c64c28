/* dyno-application.c
 *
 * `dyno --target DIR --size SIZE --preset NAME --run` checks its arguments in the process
 * that was started (handle-local-options), so a bad value fails with status 2 and a message
 * on that terminal; the primary instance then gets the checked options in command-line.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-application"

#include "config.h"

#include <glib/gi18n.h>
#ifdef G_OS_UNIX
#include <glib-unix.h>
#include <signal.h>
#endif

#include "dyno-application.h"
#include "dyno-help-window.h"
#include "dyno-parse.h"
#include "dyno-preferences-window.h"
#include "dyno-presets.h"
#include "dyno-remote-target.h"
#include "dyno-units.h"
#include "dyno-window.h"

#define EXIT_USAGE 2

struct _DynoApplication
{
  AdwApplication parent_instance;

  guint signal_ids[3];
  gboolean interrupted;
  char *help_uri;          /* help:APP_ID; another URI in tests */
  GtkWindow *help_window;  /* the built-in help, while it is open (weak) */
};

G_DEFINE_FINAL_TYPE (DynoApplication, dyno_application, ADW_TYPE_APPLICATION)

enum
{
  SEND_NOTIFICATION,
  WITHDRAW_NOTIFICATION,
  N_SIGNALS
};

static guint notification_signals[N_SIGNALS];

static const GOptionEntry option_entries[] = {
  { "target", 't', 0, G_OPTION_ARG_FILENAME_ARRAY, NULL,
    N_("Folder to measure, or ssh://[user@]host/path on another machine (repeat for several); "
       "checks only these"), N_("DIR") },
  { "size", 's', 0, G_OPTION_ARG_STRING, NULL,
    N_("Size of the data file, with K, M, G or T suffix, or auto: as large as block writes fill "
       "in the phase time"),
    N_("SIZE|auto") },
  { "preset", 'p', 0, G_OPTION_ARG_STRING, NULL,
    N_("Test preset: quick, classic, full, drive or custom"), N_("NAME") },
  { "run", 'r', 0, G_OPTION_ARG_NONE, NULL,
    N_("Start the run at once (with the targets checked last time if none is given)"), NULL },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
  { NULL }
};

static DynoWindow *
get_window (DynoApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (dyno_window_new (GTK_APPLICATION (self)));
  return DYNO_WINDOW (window);
}

static void
dyno_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (DYNO_APPLICATION (app))));
}

static int
usage_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("dyno: %s\n", message);
  g_printerr (_("Run “dyno --help” to see the options.\n"));
  return EXIT_USAGE;
}

static int
dyno_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  g_autofree char **targets = NULL;
  const char *size = NULL;
  const char *preset = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("dyno %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_lookup (options, "size", "&s", &size))
    {
      g_autoptr (GError) error = NULL;
      guint64 bytes;

      if (!dyno_settings_parse_size (size, &bytes, NULL, &error))
        return usage_error ("%s", error->message);
    }
  if (g_variant_dict_lookup (options, "preset", "&s", &preset)
      && !dyno_preset_from_string (preset, NULL))
    return usage_error (_("Unknown preset “%s”: use quick, classic, full, drive or custom"), preset);

  if (g_variant_dict_lookup (options, "target", "^a&ay", &targets))
    {
      g_autoptr (GPtrArray) absolute = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; targets[i] != NULL; i++)
        {
          char *path;

          /* ssh://host/path or host:/path: a folder on another machine, kept as written. */
          if (dyno_remote_target_is_remote (targets[i]))
            {
              g_autoptr (GError) error = NULL;
              g_autoptr (DynoRemoteTarget) remote = dyno_remote_target_parse (targets[i], &error);

              if (remote == NULL)
                return usage_error ("%s", error->message);
              g_ptr_array_add (absolute, dyno_remote_target_to_uri (remote));
              continue;
            }
          /* Relative to this process's folder, not the primary instance's. */
          path = g_canonicalize_filename (targets[i], NULL);

          if (!g_file_test (path, G_FILE_TEST_IS_DIR))
            {
              int status = usage_error (_("“%s” is not a folder"), targets[i]);

              g_free (path);
              return status;
            }
          g_ptr_array_add (absolute, path);
        }
      g_ptr_array_add (absolute, NULL);
      g_variant_dict_insert_value (
          options, "target",
          g_variant_new_bytestring_array ((const char *const *) absolute->pdata, -1));
    }

  /* Go on: register, and hand the options to the primary instance. */
  return -1;
}

static int
dyno_application_command_line (GApplication *app, GApplicationCommandLine *command_line)
{
  DynoApplication *self = DYNO_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree const char **targets = NULL;
  const char *size = NULL;
  const char *preset_name = NULL;
  DynoWindow *window = get_window (self);

  /* The preset first, then the size: a size on top of a preset makes it custom. */
  if (g_variant_dict_lookup (options, "preset", "&s", &preset_name))
    {
      DynoPreset preset;

      if (dyno_preset_from_string (preset_name, &preset))
        dyno_settings_apply_preset (settings, preset, dyno_units_get_ram_bytes ());
    }
  if (g_variant_dict_lookup (options, "size", "&s", &size))
    g_settings_set_string (settings, "size", size);
  if (g_variant_dict_lookup (options, "target", "^a&ay", &targets))
    dyno_window_select_targets (window, targets);

  /* What is left after the options: result files to open (dyno FILE…, the desktop file's %F),
   * relative to the folder of the process that was started. */
  {
    int argc = 0;
    g_auto (GStrv) argv = g_application_command_line_get_arguments (command_line, &argc);
    g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

    for (int i = 1; i < argc; i++)
      g_ptr_array_add (files, g_application_command_line_create_file_for_arg (command_line,
                                                                               argv[i]));
    if (files->len > 0)
      dyno_window_open_files (window, (GFile **) files->pdata, files->len);
  }

  gtk_window_present (GTK_WINDOW (window));

  if (g_variant_dict_contains (options, "run"))
    dyno_window_run (window);
  return 0;
}

/* Files handed over by D-Bus activation (org.freedesktop.Application.Open). */
static void
dyno_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  DynoWindow *window = get_window (DYNO_APPLICATION (app));

  dyno_window_open_files (window, files, (guint) n_files);
  gtk_window_present (GTK_WINDOW (window));
}

static void
quit_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  g_autoptr (GList) windows = g_list_copy (gtk_application_get_windows (app));

  /* Each window may ask first (a run in progress) and quits the app by closing last. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
preferences_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (dyno_preferences_window_new (parent)));
}

static void
about_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  static const char *developers[] = { "The Dyno authors", NULL };
  static const char *methods[] = {
    "Tim Bray’s Bonnie https://textuality.com/bonnie/",
    "Russell Coker’s bonnie++ https://doc.coker.com.au/projects/bonnie/",
    NULL,
  };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  g_autofree char *comments = NULL;
  const char *icon_name = APP_ID;
  GtkWidget *about;

  comments = g_strdup_printf ("%s\n\n%s",
                              _("Dyno measures disks the way Bonnie and bonnie++ do: per-char and "
                                "block writes and reads, rewrite, random seeks and small-file "
                                "create, stat and delete, with the page cache kept out of the "
                                "figures."),
                              _("Tim Bray’s Bonnie and Russell Coker’s bonnie++ — the methods "
                                "Dyno implements."));
  /* Run from the build tree the app's icon is not installed yet: a broken image would be
   * the first thing About shows. */
  if (parent != NULL
      && !gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (
                                       GTK_WIDGET (parent))),
                                   APP_ID))
    icon_name = "power-profile-performance-symbolic";

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-name", _("Dyno"),
                        "application-icon", icon_name,
                        "developer-name", _("The Dyno authors"),
                        "version", PACKAGE_VERSION,
                        "website", PACKAGE_WEBSITE,
                        "issue-url", PACKAGE_BUGREPORT,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Dyno authors",
                        "comments", comments,
                        "developers", developers,
                        /* TRANSLATORS: your names, one per line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("The Methods Dyno Implements"),
                                       methods);
  gtk_window_present (GTK_WINDOW (about));
}

static void
show_builtin_help (DynoApplication *self, GtkWindow *parent, const char *reason)
{
  if (self->help_window == NULL)
    {
      self->help_window = GTK_WINDOW (dyno_help_window_new (parent, reason));
      g_object_add_weak_pointer (G_OBJECT (self->help_window),
                                 (gpointer *) &self->help_window);
    }
  gtk_window_present (self->help_window);
}

typedef struct
{
  DynoApplication *app;
  GtkWindow *parent; /* NULL with no window, else a reference */
} HelpRequest;

static void
on_help_shown (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HelpRequest *request = user_data;
  g_autoptr (GError) error = NULL;

  /* Without Yelp GTK can only say "Operation not supported": show the pages the app carries
   * instead of an error, with what to install for the real viewer. */
  if (!gtk_show_uri_full_finish (request->parent, result, &error))
    {
      g_debug ("No help viewer for %s: %s", request->app->help_uri, error->message);
      show_builtin_help (request->app, request->parent, error->message);
    }
  g_clear_object (&request->parent);
  g_object_unref (request->app);
  g_free (request);
}

void
dyno_application_show_help (DynoApplication *self)
{
  HelpRequest *request;

  g_return_if_fail (DYNO_IS_APPLICATION (self));

  request = g_new0 (HelpRequest, 1);
  request->app = g_object_ref (self);
  request->parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (request->parent != NULL)
    g_object_ref (request->parent);
  /* Yelp shows the Mallard pages help/meson.build installs. */
  gtk_show_uri_full (request->parent, self->help_uri, GDK_CURRENT_TIME, NULL, on_help_shown,
                     request);
}

void
dyno_application_set_help_uri (DynoApplication *self, const char *uri)
{
  g_return_if_fail (DYNO_IS_APPLICATION (self));
  g_return_if_fail (uri != NULL);

  g_free (self->help_uri);
  self->help_uri = g_strdup (uri);
}

static void
help_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dyno_application_show_help (DYNO_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "preferences", preferences_action },
  { "about", about_action },
  { "help", help_action },
};

/* A logout, `kill` or Ctrl+C in the terminal that started the app: stop every run without
 * asking, let the engine remove its scratch, and quit when the last window has gone. */
static gboolean
on_quit_signal (gpointer user_data)
{
  DynoApplication *self = DYNO_APPLICATION (user_data);
  GList *windows;

  /* A second signal changes nothing: the cleanup is already under way. */
  if (self->interrupted)
    return G_SOURCE_CONTINUE;
  self->interrupted = TRUE;
  g_printerr ("%s\n", _("dyno: interrupted; stopping the run and removing its scratch folder…"));

  windows = g_list_copy_deep (gtk_application_get_windows (GTK_APPLICATION (self)),
                              (GCopyFunc) (void (*) (void)) g_object_ref, NULL);
  for (GList *l = windows; l != NULL; l = l->next)
    if (DYNO_IS_WINDOW (l->data))
      dyno_window_shut_down (l->data);
  /* Dialogs and About: nothing to clean up, and they would keep the app alive. */
  for (GList *l = windows; l != NULL; l = l->next)
    if (!DYNO_IS_WINDOW (l->data))
      gtk_window_destroy (l->data);
  g_list_free_full (windows, g_object_unref);
  return G_SOURCE_CONTINUE;
}

static void
dyno_application_shutdown (GApplication *app)
{
  DynoApplication *self = DYNO_APPLICATION (app);

  for (guint i = 0; i < G_N_ELEMENTS (self->signal_ids); i++)
    g_clear_handle_id (&self->signal_ids[i], g_source_remove);

  G_APPLICATION_CLASS (dyno_application_parent_class)->shutdown (app);
}

static void
dyno_application_startup (GApplication *app)
{
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "win.run", { "<Control>Return", "<Control>KP_Enter", NULL } },
    { "win.compare-two", { "<Control><Shift>Return", "<Control><Shift>KP_Enter", NULL } },
    /* Escape is easily pressed by mistake: it asks before throwing measurements away. */
    { "win.request-stop", { "Escape", NULL } },
    { "win.stop", { "<Control>period", NULL } },
    { "win.copy-results", { "<Control><Shift>c", NULL } },
    { "win.add-folder", { "<Control>o", NULL } },
    { "win.scan-drive", { "<Control><Shift>d", NULL } },
    { "win.show-page::setup", { "<Alt>1", NULL } },
    { "win.show-page::run", { "<Alt>2", NULL } },
    { "win.show-page::results", { "<Alt>3", NULL } },
    { "win.go-back", { "<Alt>Left", "Back", NULL } },
    { "win.import", { "<Control>i", NULL } },
    { "win.paste-import", { "<Control><Shift>v", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.find", { "<Control>f", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.help", { "F1", NULL } },
    { "app.quit", { "<Control>q", NULL } },
  };

  G_APPLICATION_CLASS (dyno_application_parent_class)->startup (app);

#ifdef G_OS_UNIX
  {
    DynoApplication *self = DYNO_APPLICATION (app);
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

    G_STATIC_ASSERT (G_N_ELEMENTS (signals) == G_N_ELEMENTS (self->signal_ids));
    for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
      self->signal_ids[i] = g_unix_signal_add (signals[i], on_quit_signal, self);
  }
#endif

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
}

/* The signals' class handlers: the desktop's notifications, through GApplication. */
static void
real_send_notification (DynoApplication *self, const char *id, GNotification *notification)
{
  g_application_send_notification (G_APPLICATION (self), id, notification);
}

static void
real_withdraw_notification (DynoApplication *self, const char *id)
{
  g_application_withdraw_notification (G_APPLICATION (self), id);
}

/* A window's notifications go to the desktop through this app's signals. */
static void
dyno_application_window_added (GtkApplication *app, GtkWindow *window)
{
  GTK_APPLICATION_CLASS (dyno_application_parent_class)->window_added (app, window);
  if (!DYNO_IS_WINDOW (window))
    return;
  g_signal_connect_object (window, "send-notification",
                           G_CALLBACK (dyno_application_send_notification), app,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "withdraw-notification",
                           G_CALLBACK (dyno_application_withdraw_notification), app,
                           G_CONNECT_SWAPPED);
}

static void
dyno_application_finalize (GObject *object)
{
  DynoApplication *self = DYNO_APPLICATION (object);

  if (self->help_window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->help_window), (gpointer *) &self->help_window);
  g_free (self->help_uri);
  G_OBJECT_CLASS (dyno_application_parent_class)->finalize (object);
}

static void
dyno_application_class_init (DynoApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->finalize = dyno_application_finalize;

  app_class->activate = dyno_application_activate;
  app_class->startup = dyno_application_startup;
  app_class->shutdown = dyno_application_shutdown;
  app_class->command_line = dyno_application_command_line;
  app_class->open = dyno_application_open;
  app_class->handle_local_options = dyno_application_handle_local_options;
  gtk_app_class->window_added = dyno_application_window_added;

  /* Run last: a handler connected before the class's sees every notification and may stop
   * it going to the desktop (the GUI tests count them so). */
  notification_signals[SEND_NOTIFICATION] = g_signal_new_class_handler (
      "send-notification", type, G_SIGNAL_RUN_LAST, G_CALLBACK (real_send_notification), NULL,
      NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_NOTIFICATION);
  notification_signals[WITHDRAW_NOTIFICATION] = g_signal_new_class_handler (
      "withdraw-notification", type, G_SIGNAL_RUN_LAST, G_CALLBACK (real_withdraw_notification),
      NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
dyno_application_init (DynoApplication *self)
{
  self->help_uri = g_strdup ("help:" APP_ID);
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  /* TRANSLATORS: what dyno --help says it takes besides the options */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Measure disks the way Bonnie and bonnie++ do."));
}

gboolean
dyno_application_get_interrupted (DynoApplication *self)
{
  g_return_val_if_fail (DYNO_IS_APPLICATION (self), FALSE);
  return self->interrupted;
}

void
dyno_application_send_notification (DynoApplication *self,
                                    const char      *id,
                                    GNotification   *notification)
{
  g_return_if_fail (DYNO_IS_APPLICATION (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (G_IS_NOTIFICATION (notification));

  g_signal_emit (self, notification_signals[SEND_NOTIFICATION], 0, id, notification);
}

void
dyno_application_withdraw_notification (DynoApplication *self, const char *id)
{
  g_return_if_fail (DYNO_IS_APPLICATION (self));
  g_return_if_fail (id != NULL);

  g_signal_emit (self, notification_signals[WITHDRAW_NOTIFICATION], 0, id);
}

DynoApplication *
dyno_application_new (void)
{
  return g_object_new (DYNO_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/dyno_bench/Dyno",
                       NULL);
}
