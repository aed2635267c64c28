/* dyno-preflight.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <sys/resource.h>

#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "dyno-preflight.h"
#include "platform/dyno-platform.h"

/* File systems reserve space for metadata, and the file tests' inodes cost blocks too. */
#define MARGIN_BYTES (G_GUINT64_CONSTANT (16) << 20)

guint64
dyno_preflight_space_needed (const DynoConfig *config)
{
  guint64 needed = MARGIN_BYTES;
  guint64 data = 0;

  /* A size the target calibrates is capped by what is free: only the calibration's own first
   * steps must fit. */
  if (dyno_config_has_io_tests (config) && dyno_config_is_auto (config, DYNO_AUTO_SIZE))
    data = G_GUINT64_CONSTANT (16) << 20;
  else if (dyno_config_has_io_tests (config))
    data = config->size - config->size % MAX (config->chunk, 1);
  /* The queued tests' file replaces the data file (which goes before they start). */
  if (dyno_config_has_queued_tests (config))
    data = MAX (data, config->queue_size);
  needed += data;
  if (dyno_config_has_file_tests (config))
    {
      gint64 max = dyno_config_get_files (config)->max;
      guint64 per_file = max > 0 ? (guint64) max : 0;

      /* Block-rounded: even a 1-byte file takes a block. */
      if (per_file > 0)
        per_file = (per_file + 4095) / 4096 * 4096;
      needed += dyno_config_get_files_total (config) * per_file;
    }
  return needed;
}

void
dyno_preflight_size_notes (const DynoConfig *config,
                           guint64 file_size,
                           guint64 ram_bytes,
                           GPtrArray *notes,
                           GPtrArray *warnings)
{
  if (ram_bytes == 0)
    ram_bytes = dyno_platform_ram_bytes ();
  if (dyno_config_has_io_tests (config) && ram_bytes > 0 && file_size < 2 * ram_bytes)
    {
      g_autofree char *size = dyno_format_size (file_size);
      g_autofree char *ram = dyno_format_size (ram_bytes);

      switch (config->cache)
        {
        case DYNO_CACHE_EVICT:
        case DYNO_CACHE_DROP:
          if (notes != NULL)
            g_ptr_array_add (notes,
                           g_strdup_printf (_("The file (%s) is smaller than twice the RAM "
                                              "(%s), so reads could come from RAM: its cached "
                                              "pages, and its copies in the layers below that "
                                              "Dyno can reach (a gocryptfs cipher file, a "
                                              "disk image), are evicted before every read, and "
                                              "what stayed cached at each layer is measured and "
                                              "shown; a figure whose layer could not be "
                                              "evicted is marked"),
                                            size, ram));
          break;
        case DYNO_CACHE_DIRECT:
          if (notes != NULL)
            g_ptr_array_add (notes,
                           g_strdup_printf (_("The file (%s) is smaller than twice the RAM "
                                              "(%s); block phases bypass the page cache with "
                                              "O_DIRECT, and per-char phases are evicted "
                                              "before reading"),
                                            size, ram));
          break;
        case DYNO_CACHE_NONE:
        default:
          if (warnings != NULL)
            g_ptr_array_add (warnings,
                           g_strdup_printf (_("The file (%s) is smaller than twice "
                                              "the RAM (%s) and the cache policy is “none”: "
                                              "reads will likely come from RAM, not the disk; "
                                              "the recorded cache residency shows how much"),
                                            size, ram));
          break;
        }
    }

}

/* Beyond the buffers: the rings, the threads' stacks and Dyno itself, in address space. */
#define ADDRESS_SPACE_MARGIN (G_GUINT64_CONSTANT (512) << 20)
#define THREAD_STACK_BYTES (G_GUINT64_CONSTANT (8) << 20)

gboolean
dyno_preflight_check_memory (const DynoConfig *config, guint64 ram_bytes, GError **error)
{
  struct rlimit limit;

  g_return_val_if_fail (config != NULL, FALSE);

  if (ram_bytes == 0)
    ram_bytes = dyno_platform_ram_bytes ();
  for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
    {
      const DynoPhase *phase = dyno_config_get_phase (config, i);
      const DynoPhaseParams *p = &phase->params;
      guint64 ios, buffers, space;
      g_autofree char *need = NULL;

      if (!dyno_phase_has_flag (phase, DYNO_PHASE_QUEUED))
        continue;
      ios = (guint64) p->threads * p->queue_depth;
      buffers = ios * p->block_size;
      need = dyno_format_size (buffers);
      if (ram_bytes > 0 && buffers > ram_bytes / 2)
        {
          g_autofree char *ram = dyno_format_size (ram_bytes);

          return dyno_error_set_invalid (error,
                                         /* Translators: a queued test, then its buffers' size
                                          * and its I/Os in flight, then the RAM */
                                         _("“%s” needs %s of buffers for its %" PRIu64
                                           " I/Os in flight, more than half the RAM (%s): "
                                           "lower its queue depth, threads or block size"),
                                         dyno_phase_get_key (phase), need, ios, ram);
        }
      /* The threads engine keeps one thread, and one stack, per I/O in flight. */
      space = buffers + ADDRESS_SPACE_MARGIN
              + (config->io_engine == DYNO_IO_ENGINE_IO_URING ? p->threads : ios)
                    * THREAD_STACK_BYTES;
      if (getrlimit (RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
          && space > (guint64) limit.rlim_cur)
        {
          g_autofree char *room = dyno_format_size ((guint64) limit.rlim_cur);
          g_autofree char *want = dyno_format_size (space);

          return dyno_error_set_invalid (error,
                                         /* Translators: a queued test, the address space it
                                          * needs, then the limit (ulimit -v) */
                                         _("“%s” needs about %s of address space, more than "
                                           "the limit of %s (ulimit -v): lower its queue "
                                           "depth, threads or block size, or raise the limit"),
                                         dyno_phase_get_key (phase), want, room);
        }
    }
  return TRUE;
}

gboolean
dyno_preflight_check (const DynoConfig *config,
                      const DynoTargetInfo *info,
                      guint64 ram_bytes,
                      GPtrArray *notes,
                      GPtrArray *warnings,
                      GError **error)
{
  guint64 needed;

  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  if (ram_bytes == 0)
    ram_bytes = dyno_platform_ram_bytes ();

  if (!info->writable)
    {
      g_set_error_literal (error, DYNO_ERROR, info->unwritable_code,
                           info->unwritable_reason ? info->unwritable_reason
                                                   : _("The folder cannot be written"));
      return FALSE;
    }

  needed = dyno_preflight_space_needed (config);
  if (!config->skip_space_check && info->total_bytes > 0 && info->free_bytes < needed)
    {
      g_autofree char *need = dyno_format_size (needed);
      g_autofree char *have = dyno_format_size (info->free_bytes);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_NO_SPACE,
                   _("Not enough free space: the test needs %s and %s is free; choose a "
                     "smaller size or fewer files"),
                   need, have);
      return FALSE;
    }
  if (!config->skip_space_check && dyno_config_has_file_tests (config) && info->free_inodes > 0
      && info->free_inodes < (dyno_config_is_auto (config, DYNO_AUTO_FILES)
                                  ? 1024 + 16
                                  : dyno_config_get_files_total (config) + 16))
    {
      g_set_error (error, DYNO_ERROR, DYNO_ERROR_NO_SPACE,
                   _("Not enough free inodes for %llu files (%llu free); use fewer files"),
                   (unsigned long long) dyno_config_get_files_total (config),
                   (unsigned long long) info->free_inodes);
      return FALSE;
    }

  if (info->network && warnings != NULL)
    g_ptr_array_add (warnings,
                     g_strdup (_("This is a network file system: the figures include the "
                                 "network and the server, and the server's cache cannot be "
                                 "evicted from here")));
  if (info->cow_hint != NULL && notes != NULL)
    g_ptr_array_add (notes, g_strdup_printf (_("Copy-on-write or compressing file system "
                                                  "(%s): random data is used so compression "
                                                  "cannot flatter the figures"),
                                                info->cow_hint));

  /* A calibrated size is known only after the calibration, which says it then. */
  if (!dyno_config_is_auto (config, DYNO_AUTO_SIZE))
    dyno_preflight_size_notes (config, config->size, ram_bytes, notes, warnings);

  if (config->cache == DYNO_CACHE_DROP && !dyno_platform_can_drop_caches () && warnings != NULL)
    g_ptr_array_add (warnings,
                     g_strdup (_("Dropping the whole page cache needs root; falling back to "
                                 "evicting the test file's own pages, which is enough for the "
                                 "data phases")));
  return TRUE;
}
