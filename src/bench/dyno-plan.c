/* dyno-plan.c: what a configuration has a run do (see dyno-plan.h)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-files-options.h"
#include "dyno-plan.h"

gboolean
dyno_plan_selects (const DynoConfig *config, const DynoPhase *phase)
{
  return !(dyno_phase_has_flag (phase, DYNO_PHASE_FILE_TEST)
           && dyno_config_get_files (config)->num == 0);
}

guint
dyno_plan_count_phases (const DynoConfig *config)
{
  guint n = 0;

  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    n += dyno_plan_selects (config, dyno_config_get_phase (config, i)) ? 1 : 0;
  return n * MAX (config->repeat, 1);
}

gboolean
dyno_plan_calibrates (const DynoConfig *config)
{
  return (dyno_config_is_auto (config, DYNO_AUTO_SIZE) && dyno_config_has_io_tests (config))
         || (dyno_config_is_auto (config, DYNO_AUTO_PER_CHAR)
             && dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR))
         || (dyno_config_is_auto (config, DYNO_AUTO_FILES) && dyno_config_has_file_tests (config));
}
