/* dyno-application.h: the app: actions, shortcuts, About, and the command line
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DYNO_TYPE_APPLICATION (dyno_application_get_type ())
G_DECLARE_FINAL_TYPE (DynoApplication, dyno_application, DYNO, APPLICATION, AdwApplication)

/* The exit status of a quit by SIGINT, SIGTERM or SIGHUP, as dyno-cli's. */
#define DYNO_APPLICATION_EXIT_INTERRUPTED 130

DynoApplication *dyno_application_new (void);
/* TRUE once a quit signal came: the runs stop, their scratch is removed, then the app quits. */
gboolean         dyno_application_get_interrupted (DynoApplication *self);
/* g_application_send_notification () and _withdraw_notification (), through the signals
 * "send-notification" (id, GNotification) and "withdraw-notification" (id), whose class
 * handlers do the sending: a handler connected earlier sees each one and may stop it. */
void             dyno_application_send_notification (DynoApplication *self,
                                                     const char      *id,
                                                     GNotification   *notification);
void             dyno_application_withdraw_notification (DynoApplication *self, const char *id);
/* app.help (F1): the help viewer with help:APP_ID, else, where none is installed, the pages
 * built into the app in a window of its own (DynoHelpWindow) that says what to install. */
void             dyno_application_show_help (DynoApplication *self);
/* What app.help opens; tests give a URI no viewer handles, as on a system without Yelp. */
void             dyno_application_set_help_uri (DynoApplication *self, const char *uri);

G_END_DECLS
