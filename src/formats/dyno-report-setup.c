/* dyno-report-setup.c: a report's account of how the figures were made: each target's stack
 * (file system, device, encryption, array, the caches Dyno evicted and checked), the machine,
 * the method, and the command that runs it again
 *
 * Only what the result records is said; what was not found is said as such ("not known"),
 * never guessed. A kernel cipher's driver is named, and whether it is one that uses the CPU's
 * AES instructions follows from its name (aesni, the ARM crypto extensions' "-ce", vaes),
 * because that is what the kernel reports in /proc/crypto.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "dyno-array.h"
#include "dyno-command-line.h"
#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "dyno-price.h"
#include "dyno-report-build-private.h"

/* Characters in a line of the command to run again: a page's code block, a terminal. */
#define COMMAND_WIDTH 78

/* ---- a target's stack ----------------------------------------------------------------- */

/* How a kernel driver does AES, from its name: "xts-aes-aesni" and ARM's "xts-aes-ce" use
 * the CPU's instructions, "xts(ecb(aes-generic))" and "aes-fixed-time" do not. NULL when the
 * name does not say, or the layer runs in user space. */
static const char *
describe_driver (const char *driver)
{
  if (driver == NULL || g_str_has_prefix (driver, "user space"))
    return NULL;
  if (strstr (driver, "aesni") != NULL || strstr (driver, "vaes") != NULL
      || strstr (driver, "-ce") != NULL || strstr (driver, "aes-arm") != NULL)
    /* Translators: after a kernel cipher's driver in a report */
    return _("uses the CPU’s AES instructions");
  if (strstr (driver, "generic") != NULL || strstr (driver, "fixed-time") != NULL)
    /* Translators: after a kernel cipher's driver in a report */
    return _("generic code, without the CPU’s AES instructions");
  return NULL;
}

/* "AES-256-GCM; file names AES-EME; …; runs in user space (the gocryptfs daemon); found in
 * gocryptfs.conf" */
static char *
describe_crypto_layer (const DynoCryptoLayer *layer)
{
  GString *out = g_string_new (layer->layer != NULL ? layer->layer : "?");
  const char *how = describe_driver (layer->driver);

  if (layer->cipher != NULL)
    g_string_append_printf (out, ": %s", layer->cipher);
  if (layer->details != NULL)
    g_string_append_printf (out, "; %s", layer->details);
  if (layer->driver != NULL && g_str_has_prefix (layer->driver, "user space"))
    /* Translators: where a report's encryption layer runs: "user space (the gocryptfs
     * daemon)" */
    g_string_append_printf (out, _("; runs in %s"), layer->driver);
  else if (layer->driver != NULL)
    /* Translators: where a report's encryption layer runs: the kernel, and its driver */
    g_string_append_printf (out, _("; runs in the kernel: %s"), layer->driver);
  if (how != NULL)
    g_string_append_printf (out, ", %s", how);
  if (layer->source != NULL)
    /* Translators: how a report's encryption layer was found: a file, an ioctl, a table */
    g_string_append_printf (out, _("; found from %s"), layer->source);
  if (layer->missing != NULL)
    /* Translators: what could not be read about a report's encryption layer, and why */
    g_string_append_printf (out, _("; not known: %s"), layer->missing);
  return g_string_free (out, FALSE);
}

static const char *
describe_cache_policy (DynoCachePolicy policy)
{
  switch (policy)
    {
    case DYNO_CACHE_DIRECT:
      /* Translators: a report's cache policy */
      return _("direct: the block phases read and write with O_DIRECT, past the page cache");
    case DYNO_CACHE_DROP:
      /* Translators: a report's cache policy */
      return _("drop: before every read the file’s pages are flushed and dropped, as are all "
               "the kernel’s caches");
    case DYNO_CACHE_NONE:
      /* Translators: a report's cache policy */
      return _("none: the page cache was left alone, as bonnie++ does: reads may come from "
               "RAM");
    case DYNO_CACHE_EVICT:
    default:
      /* Translators: a report's cache policy */
      return _("evict: before every read the file’s pages are flushed and dropped, and what "
               "stayed in RAM is measured");
    }
}

/* What the runs of the phases that read say about the caches: the data file's pages in RAM as
 * each read began (the most of any run), and each layer below that was evicted. */
static void
add_cache_facts (DynoReportBlock *facts, const DynoTargetResult *target)
{
  double resident = NAN;
  g_autoptr (GPtrArray) kinds = g_ptr_array_new ();
  g_autoptr (GArray) worst = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      for (guint r = 0; r < phase->runs->len; r++)
        {
          const DynoPhaseRun *run = &g_array_index (phase->runs, DynoPhaseRun, r);

          if (isfinite (run->cache_resident))
            resident = isfinite (resident) ? MAX (resident, run->cache_resident)
                                           : run->cache_resident;
          for (guint b = 0; b < run->n_below; b++)
            {
              guint k;
              double value = run->below[b].resident;

              if (!g_ptr_array_find (kinds, run->below[b].kind, &k))
                {
                  double none = NAN;

                  g_ptr_array_add (kinds, (gpointer) run->below[b].kind);
                  g_array_append_val (worst, none);
                  k = kinds->len - 1;
                }
              if (isfinite (value))
                g_array_index (worst, double, k)
                    = isfinite (g_array_index (worst, double, k))
                          ? MAX (g_array_index (worst, double, k), value)
                          : value;
            }
        }
    }
  if (isfinite (resident))
    {
      /* Translators: in a report: the most of the data file that was in RAM as a read
       * began; a percentage */
      g_autofree char *text = g_strdup_printf (_("the data file: at most %.1f %% in RAM as a "
                                                 "read began"),
                                               resident * 100);

      /* Translators: a report's fact: what Dyno checked of the caches */
      dyno_report_facts_add (facts, _("Checked before reads"), text);
    }
  for (guint k = 0; k < kinds->len; k++)
    {
      double value = g_array_index (worst, double, k);
      g_autofree char *text
          = isfinite (value)
                /* Translators: in a report: a layer below the target (a gocryptfs cipher
                 * file, a loop device's image) and the most of it in RAM after eviction */
                ? g_strdup_printf (_("%s below: evicted too, at most %.1f %% of it left in RAM"),
                                   (const char *) g_ptr_array_index (kinds, k), value * 100)
                /* Translators: in a report: a layer below the target whose RAM share cannot
                 * be measured (an image in memory) */
                : g_strdup_printf (_("%s below: evicted where it can be; its share in RAM "
                                     "cannot be measured"),
                                   (const char *) g_ptr_array_index (kinds, k));

      dyno_report_facts_add (facts, _("Checked before reads"), text);
    }
}

static void
add_sizing_facts (DynoReportBlock *facts, const DynoReportDoc *doc, guint entry)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);
  const DynoConfig *config = dyno_result_get_config (dyno_comparison_get_result (comparison,
                                                                                 entry));
  guint64 size = dyno_comparison_get_data_size (comparison, entry);
  g_autoptr (GString) text = g_string_new (NULL);

  if (size > 0 && dyno_config_has_io_tests (config))
    {
      g_autofree char *bytes = dyno_format_size (size);

      /* Translators: a report's sizes: the data file */
      g_string_append_printf (text, _("a %s data file"), bytes);
    }
  if (target->sizing.per_char_size > 0 && dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR))
    {
      g_autofree char *bytes = dyno_format_size (target->sizing.per_char_size);

      /* Translators: a report's sizes: the bytes the per-char phases moved */
      g_string_append_printf (text, _("%s%s moved a byte at a time"), text->len ? ", " : "",
                              bytes);
    }
  if (target->sizing.files > 0 && dyno_config_has_file_tests (config))
    g_string_append_printf (text,
                            /* Translators: a report's sizes: the files each file-test series
                             * makes; the first %s is the ", " after the sizes before it */
                            g_dngettext (GETTEXT_PACKAGE, "%s%" PRIu64 " file a series",
                                         "%s%" PRIu64 " files a series",
                                         target->sizing.files),
                            text->len ? ", " : "", target->sizing.files);
  if (text->len > 0)
    /* Translators: a report's fact: the sizes a target ran with */
    dyno_report_facts_add (facts, _("Sizes"), text->str);
  /* The run's own notes say it too, where they do: once is enough. */
  for (guint i = 0; target->notes != NULL && i < target->notes->len; i++)
    if (target->sizing.reason != NULL
        && strstr (g_ptr_array_index (target->notes, i), target->sizing.reason) != NULL)
      return;
  if (target->sizing.reason != NULL)
    /* Translators: a report's fact: why the sizes are what they are */
    dyno_report_facts_add (facts, _("Why these sizes"), target->sizing.reason);
}

static void
add_target (DynoReportDoc *doc, guint entry)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  DynoResult *result = dyno_comparison_get_result (comparison, entry);
  const DynoTargetResult *target = dyno_comparison_get_target_result (comparison, entry);
  const DynoTargetInfo *info = target->info;
  const DynoConfig *config = dyno_result_get_config (result);
  DynoReportBlock *facts;

  dyno_report_doc_add_heading (doc, 3, NULL, dyno_comparison_get_name (comparison, entry));
  facts = dyno_report_doc_add_facts (doc);
  if (info != NULL)
    {
      g_autofree char *folder = dyno_result_get_remote (result) != NULL
                                    ? g_strdup_printf ("%s:%s", dyno_result_get_remote (result),
                                                       info->path ? info->path : "?")
                                    : g_strdup (info->path);
      g_autoptr (GString) fs = g_string_new (info->fs_type ? info->fs_type : _("not known"));
      g_autoptr (GString) device = g_string_new (NULL);

      /* Translators: a report's fact: the folder measured */
      dyno_report_facts_add (facts, _("Folder"), folder);
      if (info->mount_point != NULL)
        /* Translators: a report's file system: "ext4, mounted at /home" */
        g_string_append_printf (fs, _(", mounted at %s"), info->mount_point);
      if (info->mount_source != NULL)
        /* Translators: a report's file system: "… from /dev/mapper/luks-…" */
        g_string_append_printf (fs, _(" from %s"), info->mount_source);
      if (info->mount_options != NULL)
        g_string_append_printf (fs, " (%s)", info->mount_options);
      /* Translators: a report's fact */
      dyno_report_facts_add (facts, _("File system"), fs->str);
      if (info->device != NULL)
        {
          g_string_append (device, info->device);
          if (info->device_model != NULL)
            g_string_append_printf (device, ": %s", info->device_model);
          if (info->rotational == DYNO_TRISTATE_YES)
            /* Translators: a report's device kind */
            g_string_append (device, _(", a spinning disk"));
          else if (info->rotational == DYNO_TRISTATE_NO)
            /* Translators: a report's device kind */
            g_string_append (device, _(", solid state"));
        }
      /* Translators: a report's fact: the block device under the file system */
      dyno_report_facts_add (facts, _("Device"), device->len ? device->str : _("not known"));
      if (info->array != NULL)
        {
          g_autofree char *array = dyno_array_info_describe (info->array);

          /* Translators: a report's fact: the RAID array under the file system */
          dyno_report_facts_add (facts, _("Array"), array);
        }
      if (info->crypto != NULL && info->crypto->len > 0)
        for (guint i = 0; i < info->crypto->len; i++)
          {
            g_autofree char *layer = describe_crypto_layer (g_ptr_array_index (info->crypto, i));

            /* Translators: a report's fact: one encryption layer */
            dyno_report_facts_add (facts, _("Encryption"), layer);
          }
      else if (info->encryption != NULL && info->encryption->len > 0)
        {
          g_autofree char *layers = NULL;

          g_ptr_array_add (info->encryption, NULL);
          layers = g_strjoinv (", ", (char **) info->encryption->pdata);
          g_ptr_array_remove_index (info->encryption, info->encryption->len - 1);
          dyno_report_facts_add (facts, _("Encryption"), layers);
        }
      else
        /* Translators: a report's encryption when no layer was found */
        dyno_report_facts_add (facts, _("Encryption"), _("none found"));
      if (info->helper != NULL)
        /* Translators: a report's fact: the FUSE daemon behind a folder, whose CPU counts */
        dyno_report_facts_add (facts, _("File system daemon"), info->helper);
      if (info->network)
        /* Translators: a report's fact */
        dyno_report_facts_add (facts, _("Network"),
                               /* Translators: a report's fact about a network file system */
                               _("a network file system: the figures hold the network and the "
                                 "server’s caches"));
      if (info->cow_hint != NULL)
        /* Translators: a report's fact: a copy-on-write file system and why its figures may
         * flatter */
        dyno_report_facts_add (facts, _("Copy-on-write"), info->cow_hint);
      if (info->total_bytes > 0)
        {
          g_autofree char *total = dyno_format_size (info->total_bytes);
          g_autofree char *free_bytes = dyno_format_size (info->free_bytes);
          /* Translators: a report's space: "1.0 GiB, 906.2 MiB free before the run" */
          g_autofree char *text = g_strdup_printf (_("%s, %s free before the run"), total,
                                                   free_bytes);

          /* Translators: a report's fact: the file system's size */
          dyno_report_facts_add (facts, _("Space"), text);
        }
    }
  if (dyno_config_has_io_tests (config))
    /* Translators: a report's fact: how Dyno kept the page cache out of the figures */
    dyno_report_facts_add (facts, _("Cache policy"), describe_cache_policy (config->cache));
  else if (dyno_config_has_queued_tests (config))
    dyno_report_facts_add (facts, _("Cache policy"),
                           config->queue_cache == DYNO_CACHE_DIRECT
                               ? _("direct I/O (O_DIRECT), past the page cache")
                               : _("through the page cache, evicted before each test"));
  add_cache_facts (facts, target);
  add_sizing_facts (facts, doc, entry);
  if (dyno_target_result_has_price (target))
    {
      g_autofree char *price = dyno_price_format (target->price_amount, target->price_currency);

      /* Translators: a report's fact: what the target cost */
      dyno_report_facts_add (facts, _("Price"), price);
    }

  for (guint i = 0; target->notes != NULL && i < target->notes->len; i++)
    dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NOTE,
                                   g_ptr_array_index (target->notes, i));
  for (guint i = 0; target->warnings != NULL && i < target->warnings->len; i++)
    dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_WARNING,
                                   g_ptr_array_index (target->warnings, i));
  for (guint i = 0; i < target->phases->len; i++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);

      if (phase->cache_doubt != NULL)
        {
          /* Translators: in a report; a phase's title, then why its figure may be RAM's */
          g_autofree char *text = g_strdup_printf (_("† %s: %s"), dyno_phase_get_title (phase->phase),
                                                   phase->cache_doubt);

          dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_WARNING, text);
        }
    }
}

void
dyno_report_add_targets (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);

  /* Translators: a report's section: each folder's file system, device, encryption … */
  dyno_report_doc_add_heading (doc, 2, "targets", _("What was measured"));
  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    add_target (doc, e);
}

/* ---- the machine ---------------------------------------------------------------------- */

void
dyno_report_add_machine (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) results = dyno_report_results (comparison);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  /* Translators: a report's section */
  dyno_report_doc_add_heading (doc, 2, "machine", _("The machine"));
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const DynoSystemInfo *system = dyno_result_get_system (result);
      g_autofree char *key = NULL;
      DynoReportBlock *facts;

      if (system == NULL)
        continue;
      key = g_strdup_printf ("%s\x1f%s\x1f%s", system->hostname ? system->hostname : "",
                             system->cpu_model ? system->cpu_model : "",
                             system->kernel ? system->kernel : "");
      if (g_ptr_array_find_with_equal_func (seen, key, g_str_equal, NULL))
        continue;
      g_ptr_array_add (seen, g_steal_pointer (&key));
      if (results->len > 1)
        dyno_report_doc_add_heading (doc, 3, NULL,
                                     system->hostname ? system->hostname : _("not known"));
      facts = dyno_report_doc_add_facts (doc);
      if (dyno_result_get_remote (result) != NULL)
        {
          /* Translators: a report's host measured over SSH: "root@srv, over SSH" */
          g_autofree char *host = g_strdup_printf (_("%s, over SSH"),
                                                   dyno_result_get_remote (result));

          /* Translators: a report's fact: the machine's name */
          dyno_report_facts_add (facts, _("Host"), host);
        }
      else
        dyno_report_facts_add (facts, _("Host"), system->hostname);
      /* Translators: a report's fact */
      dyno_report_facts_add (facts, _("Operating system"), system->os_name);
      {
        g_autofree char *kernel = system->arch != NULL && system->kernel != NULL
                                      ? g_strdup_printf ("%s, %s", system->kernel, system->arch)
                                      : g_strdup (system->kernel);

        /* Translators: a report's fact */
        dyno_report_facts_add (facts, _("Kernel"), kernel);
      }
      {
        g_autofree char *cpu = system->cpu_count > 0
                                   ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                   /* Translators: a report's
                                                                    * CPU: its model, then how
                                                                    * many logical CPUs */
                                                                   "%s, %u logical CPU",
                                                                   "%s, %u logical CPUs",
                                                                   system->cpu_count),
                                                      system->cpu_model ? system->cpu_model : "?",
                                                      system->cpu_count)
                                   : g_strdup (system->cpu_model);

        /* Translators: a report's fact */
        dyno_report_facts_add (facts, _("CPU"), cpu);
      }
      if (system->cpu_crypto_known)
        {
          g_autoptr (GString) flags = g_string_new (NULL);

          for (guint f = 0; f < system->cpu_crypto->len; f++)
            g_string_append_printf (flags, "%s%s", f ? " " : "",
                                    (const char *) g_ptr_array_index (system->cpu_crypto, f));
          /* Translators: a report's fact: aes, vaes, pclmulqdq … from /proc/cpuinfo */
          dyno_report_facts_add (facts, _("CPU crypto instructions"),
                                 flags->len ? flags->str : _("none"));
        }
      else
        dyno_report_facts_add (facts, _("CPU crypto instructions"), _("not known"));
      if (system->ram_bytes > 0)
        {
          g_autofree char *ram = dyno_format_size (system->ram_bytes);

          /* Translators: a report's fact: the machine's RAM */
          dyno_report_facts_add (facts, _("Memory"), ram);
        }
      if (isfinite (system->idle_busy_cpus) && system->idle_seconds > 0)
        {
          /* Translators: a report: how busy other processes kept the machine before the run */
          g_autofree char *load = g_strdup_printf (_("other processes kept %.2f CPUs busy "
                                                     "(measured for %.1f s before the run)"),
                                                   system->idle_busy_cpus, system->idle_seconds);

          /* Translators: a report's fact */
          dyno_report_facts_add (facts, _("Load before the run"), load);
        }
    }
}

/* ---- the method ----------------------------------------------------------------------- */

/* "3 runs of each phase, interleaved between the targets (A B B A …), and more until …" */
static char *
describe_runs (DynoResult *result)
{
  const DynoConfig *config = dyno_result_get_config (result);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                            /* Translators: a report's method */
                                            "%u run of each phase", "%u runs of each phase",
                                            config->repeat),
                          config->repeat);
  if (dyno_result_get_n_targets (result) > 1 && config->repeat > 1)
    /* Translators: a report's method, after "3 runs of each phase" */
    g_string_append (out, _(", interleaved between the targets (A B B A …) so that what drifts "
                            "moves both alike"));
  if (dyno_config_is_auto (config, DYNO_AUTO_REPEAT) && config->precision > 0)
    {
      if (config->max_time > 0)
        /* Translators: a report's method: runs added for the precision; a percentage and
         * seconds */
        g_string_append_printf (out, _(", and more until each figure’s 95 %% interval was "
                                       "within ±%.0f %% of its mean, at most %.0f s a target"),
                                config->precision * 100, config->max_time);
      else
        g_string_append_printf (out, _(", and more until each figure’s 95 %% interval was "
                                       "within ±%.0f %% of its mean"),
                                config->precision * 100);
    }
  return g_string_free (out, FALSE);
}

static char *
describe_phase_time (const DynoConfig *config)
{
  if (config->phase_time > 0 && !dyno_config_has_io_tests (config)
      && !dyno_config_has_file_tests (config))
    /* Translators: a report's method for CrystalDiskMark-style tests alone; seconds */
    return g_strdup_printf (_("%.1f s for each test, as CrystalDiskMark’s measuring time"),
                            config->phase_time);
  if (config->phase_time > 0)
    /* Translators: a report's method; seconds */
    return g_strdup_printf (_("%.1f s at least for each phase: reads, seeks and stats made "
                              "passes until then, and the sizes were calibrated so that the "
                              "writes last about as long"),
                            config->phase_time);
  /* Translators: a report's method */
  return g_strdup (_("none: one pass of the sizes given, as Bonnie did"));
}

/* How the queued tests ran: direct or through the cache, the engine the runs record, the test
 * file and the rest before each. NULL without queued tests. */
static char *
describe_queued (DynoResult *result)
{
  const DynoConfig *config = dyno_result_get_config (result);
  g_autoptr (GPtrArray) engines = g_ptr_array_new (); /* each engine the runs name, once */
  g_autofree char *engine_list = NULL;
  g_autofree char *size = NULL;
  GString *out;

  if (!dyno_config_has_queued_tests (config))
    return NULL;
  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);

      for (guint i = 0; i < target->phases->len; i++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (target->phases, i);
          const char *engine;

          if (!dyno_phase_has_flag (phase->phase, DYNO_PHASE_QUEUED) || phase->runs->len == 0)
            continue;
          engine = g_array_index (phase->runs, DynoPhaseRun, 0).engine;
          if (engine != NULL
              && !g_ptr_array_find_with_equal_func (engines, engine, g_str_equal, NULL))
            g_ptr_array_add (engines, (gpointer) engine);
        }
    }
  g_ptr_array_add (engines, NULL);
  engine_list = g_strjoinv (", ", (char **) engines->pdata);
  size = dyno_format_size (config->queue_size);
  out = g_string_new (config->queue_cache == DYNO_CACHE_DIRECT
                          /* Translators: a report's queued tests */
                          ? _("direct I/O (O_DIRECT), past the page cache")
                          /* Translators: a report's queued tests */
                          : _("through the page cache, evicted before each test"));
  /* Translators: a report's queued tests: the test file's size */
  g_string_append_printf (out, _("; a %s test file"), size);
  if (config->interval > 0)
    /* Translators: a report's queued tests: seconds of rest */
    g_string_append_printf (out, _("; %.1f s of rest before each test"), config->interval);
  if (engine_list[0] != '\0')
    /* Translators: a report's queued tests: "io_uring", "threads" (pread/pwrite), or both
     * ("io_uring, threads": the automatic engine runs the tests at queue depth 1 with threads) */
    g_string_append_printf (out, _("; I/Os kept in flight with %s"), engine_list);
  return g_string_free (out, FALSE);
}

/* How many figures met the precision asked for, then every one that missed it, and why. */
static void
add_precision (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) phases = dyno_comparison_get_phases (comparison);
  g_autoptr (GPtrArray) missed = g_ptr_array_new ();  /* DynoPhaseResult *, then entry */
  g_autofree char *text = NULL;
  guint judged = 0;
  guint met = 0;
  double asked = NAN;
  DynoReportBlock *table;
  DynoReportRow *row;

  for (guint e = 0; e < dyno_comparison_get_n_entries (comparison); e++)
    for (guint i = 0; i < phases->len; i++)
      {
        const DynoPhaseResult *phase
            = dyno_comparison_get_phase_result (comparison, e, g_ptr_array_index (phases, i));

        if (phase == NULL || phase->precision_met < 0)
          continue;
        judged++;
        asked = phase->precision_target;
        if (phase->precision_met == 1)
          met++;
        else
          {
            g_ptr_array_add (missed, (gpointer) phase);
            g_ptr_array_add (missed, GUINT_TO_POINTER (e));
          }
      }
  if (judged == 0)
    return;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: a report's method; a percentage, then
                                        * two counts */
                                       "Precision asked: a 95 %% interval within ±%.0f %% of "
                                       "the mean; met by %u of %u figure.",
                                       "Precision asked: a 95 %% interval within ±%.0f %% of "
                                       "the mean; met by %u of %u figures.",
                                       judged),
                          asked * 100, met, judged);
  dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NORMAL, text);
  if (missed->len == 0)
    return;

  table = dyno_report_doc_add_table (doc,
                                     /* Translators: a report's table caption */
                                     _("Figures that did not reach the precision asked for"),
                                     4, 1);
  row = dyno_report_table_add_row (table, FALSE);
  dyno_report_row_add_cell (row, C_("report column", "Target"), NULL)->header = TRUE;
  dyno_report_row_add_cell (row, C_("report column", "Phase"), NULL)->header = TRUE;
  /* Translators: a report's column: the precision a figure reached */
  dyno_report_row_add_cell (row, C_("report column", "Reached"), NULL)->header = TRUE;
  /* Translators: a report's column: why a figure missed its precision */
  dyno_report_row_add_cell (row, C_("report column", "Why"), NULL)->header = TRUE;
  ((DynoReportCell *) g_ptr_array_index (row->cells, 2))->numeric = TRUE;
  for (guint i = 0; i < missed->len; i += 2)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (missed, i);
      guint e = GPOINTER_TO_UINT (g_ptr_array_index (missed, i + 1));
      g_autofree char *reached = isfinite (phase->precision_reached)
                                     ? g_strdup_printf ("±%.1f %%", phase->precision_reached * 100)
                                     : g_strdup ("—");

      row = dyno_report_table_add_row (table, FALSE);
      dyno_report_row_add_cell (row, dyno_comparison_get_name (comparison, e), NULL);
      dyno_report_row_add_cell (row, dyno_phase_get_title (phase->phase), NULL);
      dyno_report_row_add_cell (row, reached, NULL)->numeric = TRUE;
      dyno_report_row_add_cell (row, phase->precision_reason, NULL);
    }
}

void
dyno_report_add_method (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) results = dyno_report_results (comparison);

  /* Translators: a report's section */
  dyno_report_doc_add_heading (doc, 2, "method", _("Method"));
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const DynoConfig *config = dyno_result_get_config (result);
      GDateTime *created = dyno_result_get_created (result);
      DynoReportBlock *facts;

      if (results->len > 1)
        {
          const char *label = dyno_result_get_label (result);

          dyno_report_doc_add_heading (doc, 3, NULL,
                                       label != NULL && *label != '\0'
                                           ? label
                                           : dyno_result_get_path (result) != NULL
                                               ? dyno_result_get_path (result)
                                               : dyno_result_get_tool (result));
        }
      facts = dyno_report_doc_add_facts (doc);
      /* Translators: a report's fact: the program and version that measured */
      dyno_report_facts_add (facts, _("Measured with"), dyno_result_get_tool (result));
      if (dyno_result_get_source (result) != NULL)
        /* Translators: a report's fact: where imported figures came from */
        dyno_report_facts_add (facts, _("Imported from"), dyno_result_get_source (result));
      if (created != NULL)
        {
          g_autofree char *date = g_date_time_format (created, "%Y-%m-%d %H:%M:%S UTC");

          /* Translators: a report's fact: when the run started */
          dyno_report_facts_add (facts, _("Started"), date);
        }
      {
        g_autoptr (GString) tests = g_string_new (NULL);

        for (guint p = 0; p < dyno_config_get_n_phases (config); p++)
          g_string_append_printf (tests, "%s%s", p ? ", " : "",
                                  dyno_phase_get_title (dyno_config_get_phase (config, p)));
        /* Translators: a report's fact: the phases selected */
        dyno_report_facts_add (facts, _("Tests"), tests->str);
      }
      if (dyno_result_get_source (result) == NULL)
        {
          g_autofree char *phase_time = describe_phase_time (config);
          g_autofree char *runs = describe_runs (result);
          g_autofree char *chunk = dyno_format_size (config->chunk);

          /* Translators: a report's fact */
          dyno_report_facts_add (facts, _("Phase time"), phase_time);
          /* Translators: a report's fact: how many times each phase ran */
          dyno_report_facts_add (facts, _("Runs"), runs);
          if (dyno_config_has_io_tests (config))
            dyno_report_facts_add (facts, _("Cache policy"),
                                   describe_cache_policy (config->cache));
          {
            g_autofree char *queued = describe_queued (result);

            if (queued != NULL)
              /* Translators: a report's fact: how CrystalDiskMark-style tests ran */
              dyno_report_facts_add (facts, _("Queued tests"), queued);
          }
          /* Translators: a report's fact: what the data file holds */
          dyno_report_facts_add (facts, _("Data written"),
                                 config->data == DYNO_DATA_ZEROS
                                     /* Translators: a report's data written */
                                     ? _("zeros, as bonnie++ writes them: compressing or "
                                         "deduplicating storage may flatter the figures")
                                     /* Translators: a report's data written */
                                     : _("random bytes, which no compression or "
                                         "deduplication can shrink"));
          if (dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR))
            /* Translators: a report's fact: how the per-char phases did their I/O */
            dyno_report_facts_add (facts, _("Per-char I/O"),
                                   config->per_char == DYNO_PER_CHAR_SYSCALL
                                       /* Translators: a report's per-char mode */
                                       ? _("a write() or read() system call per byte, as "
                                           "bonnie++ 1.9x and later")
                                       /* Translators: a report's per-char mode */
                                       : _("putc() and getc() through stdio, as Bonnie and "
                                           "bonnie++ 1.03"));
          if (dyno_config_has_io_tests (config))
            /* Translators: a report's fact: the bytes of each block I/O */
            dyno_report_facts_add (facts, _("Block size"), chunk);
          if (config->seed != 0)
            {
              g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, config->seed);

              /* Translators: a report's fact: the random seed */
              dyno_report_facts_add (facts, _("Seed"), seed);
            }
        }
    }
  dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NORMAL,
                                 /* Translators: a report's method */
                                 /* xgettext:no-c-format */
                                 _("Each figure is the mean of its runs; its interval is the 95 % "
                                   "confidence interval of that mean (Student’s t over the runs). "
                                   "No run is dropped as an outlier: only runs too fast to time "
                                   "(+++++) give no figure."));
  add_precision (doc);
}

/* ---- the command line ----------------------------------------------------------------- */

void
dyno_report_add_command (DynoReportDoc *doc)
{
  DynoComparison *comparison = dyno_report_doc_get_comparison (doc);
  g_autoptr (GPtrArray) results = dyno_report_results (comparison);
  g_autoptr (GString) files = g_string_new (NULL);
  guint ours = 0;

  /* Translators: a report's last section */
  dyno_report_doc_add_heading (doc, 2, "reproduce", _("Run it again"));
  for (guint i = 0; i < results->len; i++)
    {
      DynoResult *result = g_ptr_array_index (results, i);
      const char *tool = dyno_result_get_tool (result);
      g_autofree char *command = NULL;

      if (dyno_result_get_source (result) != NULL || tool == NULL
          || !g_str_has_prefix (tool, "dyno"))
        {
          /* Translators: a report, for figures imported from another program */
          g_autofree char *text = g_strdup_printf (_("These figures were measured with %s and "
                                                     "imported: no Dyno command made them."),
                                                   tool != NULL ? tool : "?");

          dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NOTE, text);
          continue;
        }
      command = dyno_command_line_for_result_wrapped (result, COMMAND_WIDTH);
      if (ours++ == 0)
        dyno_report_doc_add_paragraph (doc, DYNO_REPORT_STYLE_NORMAL,
                                       /* Translators: a report, before the command line */
                                       _("The same tests on the same folders with the same "
                                         "seed; sizes chosen for a phase time are calibrated "
                                         "again. Then this report, from the result file:"));
      if (results->len > 1)
        {
          g_autofree char *name = g_strdup_printf ("run%u.json", i + 1);
          g_autofree char *renamed = NULL;

          /* Each run into its own file, for the compare line below. */
          if (g_str_has_suffix (command, "--json run.json"))
            {
              command[strlen (command) - strlen ("run.json")] = '\0';
              renamed = g_strconcat (command, name, NULL);
              g_free (command);
              command = g_steal_pointer (&renamed);
            }
          g_string_append_printf (files, " %s", name);
        }
      dyno_report_doc_add_code (doc, command);
    }
  if (ours > 0 && results->len > 1)
    {
      g_autofree char *compare = g_strdup_printf ("dyno-cli compare%s --format report -o "
                                                  "report.html",
                                                  files->str);

      dyno_report_doc_add_code (doc, compare);
    }
  else if (ours > 0)
    dyno_report_doc_add_code (doc, "dyno-cli export run.json --format report -o report.html");
}
