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

DynoApplication *dyno_application_new (void);

G_END_DECLS
