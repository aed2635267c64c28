/* main.c: everything else is in the dyno-app library, which the GUI tests link too
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>

#include "dyno-application.h"
#include "platform/dyno-platform.h"

int
main (int argc, char *argv[])
{
  g_autoptr (DynoApplication) app = NULL;
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* A file size limit (ulimit -f) would kill the app mid-write with SIGXFSZ and leave the
   * scratch folder; ignored, write() fails with EFBIG and the run fails cleanly. */
  signal (SIGXFSZ, SIG_IGN);
  /* A remote side of a run that ends while an order to it is being written (dyno-engine.h):
   * a failed write, not the end of the app. */
  signal (SIGPIPE, SIG_IGN);
  /* Before GTK starts a thread: a small ulimit -s would overflow them. */
  {
    g_autoptr (GError) error = NULL;

    if (!dyno_platform_fit_limits (&error))
      {
        g_printerr ("dyno: %s\n", error->message);
        return 1;
      }
  }
  g_set_application_name (_("Dyno"));

  app = dyno_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return dyno_application_get_interrupted (app) ? DYNO_APPLICATION_EXIT_INTERRUPTED : status;
}
