/* dyno-import-fio.c: fio's JSON and JSON+ output
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What fio writes with --output-format=json (or json+, which adds latency histograms: "bins"),
 * from its stat.c and client.c:
 *  - {"fio version": "fio-3.33", "timestamp": …, "global options": {…}, "jobs": [ … ],
 *    "disk_util": [ … ]}; client/server runs have "client_stats" instead of "jobs", each entry
 *    with the server's "hostname", an "All clients" entry summing them, and "global options"
 *    an array of per-host objects when there are several servers;
 *  - each job: "jobname", "groupid", "error", "job options" (strings, only those the job file
 *    set: fio's defaults apply to the rest, and "global options" to every job that does not
 *    override them), "read", "write", "trim" (and "mixed" with unified_rw_reporting), each with
 *    "io_bytes", "bw_bytes", "iops", "runtime" (ms), "total_ios", and the latencies "clat_ns"
 *    and "lat_ns" ({"N", "mean", "max", "percentile": {"99.000000": …}, "bins"}), then
 *    "job_runtime" (ms), "usr_cpu" and "sys_cpu" (% of that time);
 *  - fio before 2.21 wrote "io_bytes" in KiB, before 3.0 latencies in microseconds ("clat",
 *    "lat"), before 3.2 no "bw_bytes" ("bw" is KiB/s); those are read too.
 * Text fio printed before its JSON ("note: both iodepth >= 1 and synchronous I/O engine are
 * selected, queue depth will be capped at 1") is kept as a note.
 *
 * How jobs become results: one result per host and target (the job's "filename" or
 * "directory"), one phase per workload (rw, block size, queue depth, jobs), in the order the
 * jobs ran. A job repeated on the same target (the same workload again, after a stonewall)
 * adds a run to its phase, as Dyno's repeats do. numjobs=N writes one merged entry with
 * group_reporting and N entries without it: those N ran at the same time, so they are merged
 * into one run of N threads, as group_reporting would have (rates and I/O counts add up, the
 * latency mean is weighted by I/O count, percentiles come from the merged JSON+ histograms or
 * are left unknown). Workloads Dyno has no test for (trim, variable block sizes) are left out
 * with a note; an input with nothing left is refused.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-import-fio-private.h"

    /* ---- workloads ------------------------------------------------------------------------ */

    /* What a job (or the entries of a job's numjobs clones) did, as a phase and its run. */
    typedef struct
{
  const DynoPhase *phase;
  DynoPhaseRun run;
  const char *target; /* filename or directory, "" when fio chose */
  const char *host;
  const char *name;
  double size; /* bytes; NAN */
  double time; /* time_based runtime, s; NAN */
  gboolean direct;
  const char *engine; /* as fio names it; NULL: fio's default */
  gboolean bins;      /* JSON+ */
} Workload;

typedef struct
{
  DynoFioCtx *ctx;
  GPtrArray *skipped; /* char*: notes on what was left out */
  GPtrArray *notes;   /* char*: notes on what was changed */
  gboolean merged_percentiles_unknown;
} Mapper;

static int
compare_bins (gconstpointer a, gconstpointer b)
{
  const DynoFioBin *x = a;
  const DynoFioBin *y = b;

  return x->value < y->value ? -1 : x->value > y->value;
}

/* Percentiles of merged histograms, as fio computes them: the first bin at which the count
 * reaches the share. */
static void
percentiles_from_bins (GArray *bins, DynoLatency *latency)
{
  const double points[] = { 50, 90, 99, 99.9 };
  double *fields[] = { &latency->p50, &latency->p90, &latency->p99, &latency->p999 };
  double total = 0;
  double sum = 0;
  guint next = 0;

  g_array_sort (bins, compare_bins);
  for (guint i = 0; i < bins->len; i++)
    total += g_array_index (bins, DynoFioBin, i).count;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    *fields[i] = NAN;
  if (total == 0)
    return;
  for (guint i = 0; i < bins->len && next < G_N_ELEMENTS (points); i++)
    {
      const DynoFioBin *bin = &g_array_index (bins, DynoFioBin, i);

      sum += bin->count;
      while (next < G_N_ELEMENTS (points) && sum >= points[next] / 100 * total)
        *fields[next++] = bin->value * 1e-9;
    }
}

/* Adds the directions of the entries (one job, or numjobs clones) into one run. */
static void
combine (Mapper *mapper, DynoFioDir **dirs, guint n, DynoFioJob **jobs, guint n_jobs,
         Workload *work)
{
  DynoPhaseRun *run = &work->run;
  DynoLatency *latency = &run->latency;
  g_autoptr (GArray) bins = g_array_new (FALSE, FALSE, sizeof (DynoFioBin));
  gboolean all_bins = TRUE;
  double weighted = 0;
  double weight = 0;
  double cpu = 0;
  gboolean cpu_known = TRUE;

  run->amount = 0;
  run->ios = 0;
  run->rate = 0;
  run->iops = 0;
  run->elapsed = 0;
  latency->max = NAN;
  latency->count = 0;
  for (guint i = 0; i < n; i++)
    {
      const DynoFioDir *dir = dirs[i];

      run->amount += isnan (dir->bytes) ? 0 : (guint64)dir->bytes;
      run->ios += isnan (dir->ios) ? 0 : (guint64)dir->ios;
      run->rate += isnan (dir->rate) ? 0 : dir->rate;
      run->iops = isnan (dir->iops) || isnan (run->iops) ? NAN : run->iops + dir->iops;
      if (!isnan (dir->runtime))
        run->elapsed = MAX (run->elapsed, dir->runtime);
      if (!isnan (dir->latency.max))
        latency->max
            = isnan (latency->max) ? dir->latency.max : MAX (latency->max, dir->latency.max);
      latency->count += dir->latency.count;
      if (!isnan (dir->latency.mean))
        {
          double w = dir->latency.count > 0 ? dir->latency.count : 1;

          weighted += dir->latency.mean * w;
          weight += w;
        }
      if (dir->bins != NULL)
        g_array_append_vals (bins, dir->bins->data, dir->bins->len);
      else
        all_bins = FALSE;
    }
  latency->mean = weight > 0 ? weighted / weight : NAN;
  if (run->elapsed == 0)
    run->elapsed = NAN;
  if (n == 1)
    {
      latency->p50 = dirs[0]->latency.p50;
      latency->p90 = dirs[0]->latency.p90;
      latency->p99 = dirs[0]->latency.p99;
      latency->p999 = dirs[0]->latency.p999;
    }
  else if (all_bins)
    percentiles_from_bins (bins, latency);
  else
    {
      latency->p50 = latency->p90 = latency->p99 = latency->p999 = NAN;
      mapper->merged_percentiles_unknown = TRUE;
    }
  work->bins = all_bins;

  /* usr_cpu and sys_cpu are % of the job's run time, summed over clones */
  for (guint i = 0; i < n_jobs; i++)
    {
      double seconds = !isnan (jobs[i]->job_runtime) ? jobs[i]->job_runtime : run->elapsed;

      if (isnan (jobs[i]->cpu_seconds) || isnan (seconds))
        cpu_known = FALSE;
      else
        cpu += jobs[i]->cpu_seconds * seconds;
    }
  run->cpu_seconds = cpu_known ? cpu : NAN;
  run->cpu_percent = cpu_known && run->elapsed > 0 ? cpu / run->elapsed * 100 : NAN;
  if (run->cpu_percent > DYNO_IMPORT_MAX_CPU)
    run->cpu_percent = run->cpu_seconds = NAN;
}

/* "randread" → ("rnd", "read"); FALSE for what Dyno has no test for. */
static gboolean
map_rw (const char *rw, const char **pattern, const char **op)
{
  static const struct
  {
    const char *rw;
    const char *pattern;
    const char *op;
  } map[] = {
    { "read", "seq", "read" },       { "write", "seq", "write" }, { "randread", "rnd", "read" },
    { "randwrite", "rnd", "write" }, { "rw", "seq", "mix" },      { "readwrite", "seq", "mix" },
    { "randrw", "rnd", "mix" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (g_str_equal (rw, map[i].rw))
      {
        *pattern = map[i].pattern;
        *op = map[i].op;
        return TRUE;
      }
  return FALSE;
}

/* The workload of jobs[0..n) (one entry, or numjobs clones). FALSE with an error for input
 * that cannot be right; TRUE with work->phase NULL for a job left out (and a note why). */
/* bs=R[,W]: the block size of the job's direction into *block; FALSE, with the job noted as
 * skipped, for sizes Dyno cannot take as one. */
static gboolean
read_block_size (Mapper *mapper, const DynoFioJob *job, const char *bs_option,
                 gboolean kb_base_1000, const char *op, guint64 *block)
{
  g_auto (GStrv) sizes = g_strsplit (bs_option, ",", 3);
  guint64 read_bs = 0;
  guint64 write_bs = 0;

  if (sizes[0] == NULL || !dyno_import_fio_parse_size (sizes[0], kb_base_1000, &read_bs)
      || (sizes[1] != NULL && *sizes[1] != '\0'
          && !dyno_import_fio_parse_size (sizes[1], kb_base_1000, &write_bs)))
    {
      dyno_import_fio_add_unique (
          mapper->skipped,
          g_strdup_printf (_ ("job “%s” (bs=%s, which Dyno cannot read as one block "
                              "size)"),
                           job->name, bs_option));
      return FALSE;
    }
  if (write_bs == 0)
    write_bs = read_bs;
  if (g_str_equal (op, "mix") && read_bs != write_bs)
    {
      dyno_import_fio_add_unique (
          mapper->skipped,
          g_strdup_printf (_ ("job “%s” (reads and writes of different block sizes, "
                              "bs=%s)"),
                           job->name, bs_option));
      return FALSE;
    }
  *block = g_str_equal (op, "write") ? write_bs : read_bs;
  return TRUE;
}

/* A mix's read share (rwmixread, or 100 − rwmixwrite; fio's default 50) into *read_percent;
 * all reads or all writes turn *op into that. FALSE with the error set. */
static gboolean
read_mix (Mapper *mapper, const DynoFioJob *job, const char *rw, const char **op,
          guint *read_percent)
{
  guint write_percent;

  *read_percent = 50;
  if (dyno_import_fio_option (job->options, "rwmixread") != NULL
      && !dyno_import_fio_parse_count (dyno_import_fio_option (job->options, "rwmixread"), 100,
                                       read_percent))
    return dyno_import_fio_fail_at (mapper->ctx, job->path,
                                    _ ("rwmixread “%s” is not a percentage"),
                                    dyno_import_fio_option (job->options, "rwmixread"));
  if (dyno_import_fio_option (job->options, "rwmixread") == NULL
      && dyno_import_fio_option (job->options, "rwmixwrite") != NULL)
    {
      if (!dyno_import_fio_parse_count (dyno_import_fio_option (job->options, "rwmixwrite"), 100,
                                        &write_percent))
        return dyno_import_fio_fail_at (mapper->ctx, job->path,
                                        _ ("rwmixwrite “%s” is not a percentage"),
                                        dyno_import_fio_option (job->options, "rwmixwrite"));
      *read_percent = 100 - write_percent;
    }
  /* All reads or all writes: that is what the job measured */
  if (*read_percent == 0 || *read_percent == 100)
    {
      dyno_import_fio_add_unique (
          mapper->notes,
          g_strdup_printf (_ ("Job “%s” ran rw=%s with %u %% reads: it is taken as "
                              "a test of %s only."),
                           job->name, rw, *read_percent,
                           *read_percent ? _ ("reads") : _ ("writes")));
      *op = *read_percent ? "read" : "write";
    }
  return TRUE;
}

static gboolean
map_job (Mapper *mapper, DynoFioJob **jobs, guint n, Workload *work)
{
  DynoFioJob *job = jobs[0];
  GHashTable *options = job->options;
  const char *rw_option = dyno_import_fio_option (options, "rw")
                              ? dyno_import_fio_option (options, "rw")
                              : dyno_import_fio_option (options, "readwrite");
  g_autofree char *rw = g_strdup (rw_option ? rw_option : "read");
  const char *bs_option = dyno_import_fio_option (options, "bs")
                              ? dyno_import_fio_option (options, "bs")
                              : dyno_import_fio_option (options, "blocksize");
  const char *engine = dyno_import_fio_option (options, "ioengine");
  gboolean kb_base_1000 = g_strcmp0 (dyno_import_fio_option (options, "kb_base"), "1000") == 0;
  gboolean reads, writes;
  const char *pattern = NULL;
  const char *op = NULL;
  char *modifier;
  guint64 block = 4096;
  guint64 size;
  guint depth = 1;
  guint threads = 1;
  guint numjobs = 1;
  guint read_percent = 0;
  DynoFioDir *dirs[2 * DYNO_IMPORT_MAX_THREADS];
  guint n_dirs = 0;
  double value;

  memset (work, 0, sizeof *work);
  dyno_phase_run_init (&work->run);
  work->name = job->name;
  work->host = job->host;
  work->target = dyno_import_fio_option (options, "filename")
                     ? dyno_import_fio_option (options, "filename")
                     : dyno_import_fio_option (options, "directory");
  if (work->target == NULL)
    work->target = "";

  if (job->error != 0 && !isnan (job->error))
    return dyno_import_fio_fail_at (
        mapper->ctx, job->path,
        _ ("job “%s” failed (fio's error %.0f): its figures are not a measurement"), job->name,
        job->error);

  /* "randread:8": every 8th block; the pattern is still what rw names */
  modifier = strchr (rw, ':');
  if (modifier != NULL)
    {
      dyno_import_fio_add_unique (
          mapper->notes,
          g_strdup_printf (_ ("Job “%s” ran rw=%s: its offsets skip ahead (the “:%s”), "
                              "which Dyno's tests do not."),
                           job->name, rw_option, modifier + 1));
      *modifier = '\0';
    }
  if (g_str_has_suffix (rw, "trim"))
    {
      dyno_import_fio_add_unique (
          mapper->skipped,
          g_strdup_printf (_ ("job “%s” (rw=%s: Dyno has no trim test)"), job->name, rw));
      return TRUE;
    }
  if (!map_rw (rw, &pattern, &op))
    {
      dyno_import_fio_add_unique (
          mapper->skipped,
          g_strdup_printf (_ ("job “%s” (rw=%s, which Dyno has no test for)"), job->name, rw));
      return TRUE;
    }
  if (dyno_import_fio_option (options, "bsrange") || dyno_import_fio_option (options, "bssplit")
      || dyno_import_fio_option (options, "blocksize_range")
      || dyno_import_fio_option (options, "blocksize_unaligned"))
    {
      dyno_import_fio_add_unique (
          mapper->skipped,
          g_strdup_printf (_ ("job “%s” (block sizes varied, and Dyno's tests use one)"),
                           job->name));
      return TRUE;
    }
  if (bs_option != NULL && !read_block_size (mapper, job, bs_option, kb_base_1000, op, &block))
    return TRUE;
  if (dyno_import_fio_option (options, "iodepth") != NULL
      && !dyno_import_fio_parse_count (dyno_import_fio_option (options, "iodepth"), G_MAXINT32,
                                       &depth))
    return dyno_import_fio_fail_at (mapper->ctx, job->path,
                                    _ ("iodepth “%s” is not a whole number"),
                                    dyno_import_fio_option (options, "iodepth"));
  if (depth == 0)
    depth = 1;
  if (dyno_import_fio_option (options, "numjobs") != NULL
      && !dyno_import_fio_parse_count (dyno_import_fio_option (options, "numjobs"), G_MAXINT32,
                                       &numjobs))
    return dyno_import_fio_fail_at (mapper->ctx, job->path,
                                    _ ("numjobs “%s” is not a whole number"),
                                    dyno_import_fio_option (options, "numjobs"));
  if (numjobs == 0)
    numjobs = 1;
  if (numjobs > DYNO_IMPORT_MAX_THREADS)
    return dyno_import_fio_fail_at (mapper->ctx, job->path,
                                    _ ("job “%s” ran numjobs=%u: Dyno records at most %u threads"),
                                    job->name, numjobs, DYNO_IMPORT_MAX_THREADS);
  /* A merged entry of numjobs jobs, or the clones gathered here */
  threads = n > 1 ? n : numjobs;
  if (n > 1 && n != numjobs)
    dyno_import_fio_add_unique (
        mapper->notes,
        g_strdup_printf (_ ("Job “%s” has numjobs=%u but %u entries: they were taken as "
                            "%u threads."),
                         job->name, numjobs, n, n));

  /* A synchronous engine does one I/O at a time: fio caps the depth at 1 ("note: both
   * iodepth >= 1 and synchronous I/O engine are selected"). Without ioengine, fio's default
   * is one (psync) everywhere but Windows. */
  if (depth > 1 && (engine == NULL || dyno_import_fio_engine_is_synchronous (engine)))
    {
      dyno_import_fio_add_unique (
          mapper->notes,
          g_strdup_printf (_ ("Job “%s” asked for iodepth=%u with the synchronous %s "
                              "engine, which fio caps at 1: it is taken as queue depth "
                              "1."),
                           job->name, depth, engine ? engine : "psync"));
      depth = 1;
    }

  if (g_str_equal (op, "mix") && !read_mix (mapper, job, rw, &op, &read_percent))
    return FALSE;

  work->phase = dyno_import_queued_phase (pattern, op, block, depth, threads, read_percent);
  if (work->phase == NULL)
    return dyno_import_fio_fail_at (
        mapper->ctx, job->path,
        _ ("job “%s” (block size %" PRIu64 ", iodepth %u, %u jobs) is beyond "
           "what Dyno records: blocks up to 1 GiB, queue depths up to %u, up to %u "
           "threads"),
        job->name, block, depth, threads, DYNO_IMPORT_MAX_QUEUE_DEPTH, DYNO_IMPORT_MAX_THREADS);

  /* Which directions the figures come from; with unified_rw_reporting, "mixed" holds both. */
  reads = !g_str_equal (op, "write");
  writes = !g_str_equal (op, "read");
  for (guint i = 0; i < n; i++)
    {
      DynoFioJob *clone = jobs[i];
      gboolean has_read = clone->read.present && clone->read.bytes > 0;
      gboolean has_write = clone->write.present && clone->write.bytes > 0;

      if (clone->mixed.present)
        dirs[n_dirs++] = &clone->mixed;
      else
        {
          if ((has_read && !reads) || (has_write && !writes) || clone->trim)
            {
              dyno_import_fio_add_unique (
                  mapper->skipped,
                  g_strdup_printf (_ ("job “%s” (its figures have I/O that rw=%s does not "
                                      "do: group_reporting over different jobs?)"),
                                   job->name, rw));
              work->phase = NULL;
              return TRUE;
            }
          if (reads && clone->read.present)
            dirs[n_dirs++] = &clone->read;
          if (writes && clone->write.present)
            dirs[n_dirs++] = &clone->write;
        }
    }
  combine (mapper, dirs, n_dirs, jobs, n, work);
  if (work->run.amount == 0 || !(work->run.rate > 0))
    {
      dyno_import_fio_add_unique (mapper->skipped,
                                  g_strdup_printf (_ ("job “%s” (it moved no data)"), job->name));
      work->phase = NULL;
      return TRUE;
    }
  if (work->run.rate > DYNO_IMPORT_MAX_RATE || work->run.iops > DYNO_IMPORT_MAX_RATE)
    return dyno_import_fio_fail_at (mapper->ctx, job->path,
                                    _ ("job “%s” reports an implausible rate"), job->name);

  work->engine = engine;
  {
    g_autofree char *name = engine ? g_strdup_printf ("fio %s", engine) : g_strdup ("fio");

    work->run.engine = g_intern_string (name);
  }
  /* fio's default is buffered I/O; "buffered=0" is another way to say direct=1 */
  work->direct = dyno_import_fio_option_set (options, "direct")
                 || (dyno_import_fio_option (options, "buffered") != NULL
                     && g_str_equal (dyno_import_fio_option (options, "buffered"), "0"));
  work->run.direct = work->direct ? 1 : 0;
  work->run.threads = threads;

  work->size = NAN;
  if (dyno_import_fio_option (options, "size") != NULL
      && dyno_import_fio_parse_size (dyno_import_fio_option (options, "size"), kb_base_1000, &size))
    work->size = (double)size;
  work->time = NAN;
  if (dyno_import_fio_option_set (options, "time_based")
      && dyno_import_fio_option (options, "runtime") != NULL
      && dyno_import_fio_parse_time (dyno_import_fio_option (options, "runtime"), &value))
    work->time = value;
  return TRUE;
}

/* ---- results -------------------------------------------------------------------------- */

typedef struct
{
  DynoImportRun *run;
  const char *host;
  const char *target;
  GPtrArray *names; /* const char*: the jobs, for the label */
  double size;      /* the same for every job, else NAN */
  double time;
  gboolean size_mixed;
  gboolean time_mixed;
  gboolean all_direct;
  gboolean all_uring;
  gboolean all_sync;
  gboolean bins;
} Group;

static void
group_free (Group *group)
{
  g_clear_pointer (&group->run, dyno_import_run_free);
  g_ptr_array_unref (group->names);
  g_free (group);
}

static Group *
find_group (GPtrArray *groups, const Workload *work)
{
  Group *group;

  for (guint i = 0; i < groups->len; i++)
    {
      group = g_ptr_array_index (groups, i);
      if (g_strcmp0 (group->host, work->host) == 0 && g_str_equal (group->target, work->target))
        return group;
    }
  group = g_new0 (Group, 1);
  group->run = dyno_import_run_new_queued ();
  group->host = work->host;
  group->target = work->target;
  group->names = g_ptr_array_new ();
  group->size = work->size;
  group->time = work->time;
  group->all_direct = group->all_uring = group->all_sync = TRUE;
  g_ptr_array_add (groups, group);
  return group;
}

static gboolean
add_workload (DynoFioCtx *ctx, GPtrArray *groups, Workload *work, const char *path)
{
  Group *group = find_group (groups, work);
  DynoPhaseResult *phase = dyno_import_run_ensure_phase (group->run, work->phase);

  if (phase == NULL)
    return dyno_import_fio_fail_at (ctx, path, _ ("more than %u different workloads on one target"),
                                    DYNO_MAX_PHASES);
  if (!dyno_import_phase_add_run (phase, &work->run))
    return dyno_import_fio_fail_at (
        ctx, path, _ ("the same workload more than %u times on one target"), DYNO_MAX_REPEAT);
  g_ptr_array_add (group->names, (gpointer)work->name);
  if (!(work->size == group->size || (isnan (work->size) && isnan (group->size))))
    group->size_mixed = TRUE;
  if (!(work->time == group->time || (isnan (work->time) && isnan (group->time))))
    group->time_mixed = TRUE;
  group->all_direct &= work->direct;
  group->all_uring &= g_strcmp0 (work->engine, "io_uring") == 0;
  group->all_sync &= work->engine == NULL || dyno_import_fio_engine_is_synchronous (work->engine);
  group->bins |= work->bins;
  group->run->config->repeat = MAX (group->run->config->repeat, phase->runs->len);
  return TRUE;
}

static void
finish_group (const DynoFioCtx *ctx, Group *group, const char *tool, gboolean several,
              GPtrArray *leading, Mapper *mapper, GDateTime *created, const char *device)
{
  const DynoImportInput *input = ctx->input;
  DynoImportRun *run = group->run;
  DynoConfig *config = run->config;
  const char *format = group->bins ? "JSON+" : "JSON";
  g_autoptr (GString) source = g_string_new (NULL);
  g_autoptr (GString) label = g_string_new (NULL);

  run->tool = g_strdup (tool);
  /* TRANSLATORS: provenance: "fio 3.33 JSON output" (or "JSON+ output") */
  g_string_printf (source, _ ("%s %s output"), tool, format);
  if (group->host != NULL)
    /* TRANSLATORS: provenance, after "fio 3.33 JSON output" */
    g_string_append_printf (source, _ (" from host “%s”"), group->host);
  if (several && *group->target != '\0')
    /* TRANSLATORS: provenance, after "fio 3.33 JSON output": the file or device fio tested */
    g_string_append_printf (source, _ (" for “%s”"), group->target);
  if (input->name != NULL)
    g_string_append_printf (source, ", %s", input->name);
  if (ctx->document > 0)
    /* TRANSLATORS: provenance, after "fio 3.33 JSON output, runs.json": which of the fio
     * outputs appended to one file, and its first line */
    g_string_append_printf (source, _ (" (JSON document %u, from line %u)"), ctx->document,
                            ctx->document_line);
  run->source = g_strdup (source->str);

  if (group->host != NULL)
    g_string_append (label, group->host);
  if (*group->target != '\0')
    g_string_append_printf (label, "%s%s", label->len ? " " : "", group->target);
  if (label->len == 0)
    g_string_append (label, group->names->len == 1 ? g_ptr_array_index (group->names, 0) : "fio");
  run->label = dyno_import_clean_label (label->str, -1);
  if (run->label == NULL)
    run->label = g_strdup ("fio");

  dyno_import_run_add_note (run,
                            _ ("Imported from fio's JSON output: each run is one fio job (or its "
                               "numjobs clones together); latencies are fio's completion "
                               "latency (clat) unless the job asked for percentiles of the total "
                               "(lat_percentiles)."));
  for (guint i = 0; i < mapper->notes->len; i++)
    dyno_import_run_add_note (run, g_ptr_array_index (mapper->notes, i));
  if (mapper->merged_percentiles_unknown)
    dyno_import_run_add_note (run,
                              _ ("Percentiles of reads and writes together, or of several "
                                 "clones, need fio's JSON+ histograms, which the input does not "
                                 "have: they are unknown."));
  if (mapper->skipped->len > 0)
    {
      g_autofree char *list = NULL;
      g_autofree char *note = NULL;

      g_ptr_array_add (mapper->skipped, NULL);
      list = g_strjoinv ("; ", (char **)mapper->skipped->pdata);
      g_ptr_array_remove_index (mapper->skipped, mapper->skipped->len - 1);
      note = g_strdup_printf (_ ("Left out: %s."), list);
      dyno_import_run_add_note (run, note);
    }
  for (guint i = 0; i < leading->len; i++)
    {
      g_autofree char *note
          = g_strdup_printf (_ ("fio printed: “%s”"), (const char *)g_ptr_array_index (leading, i));

      dyno_import_run_add_note (run, note);
    }

  if (group->host != NULL)
    run->system->hostname = g_strdup (group->host);
  if (created != NULL)
    run->created = g_date_time_ref (created);
  if (device != NULL && group->host == NULL)
    run->target->info->device = g_strdup (device);
  if (*group->target != '\0')
    run->target->info->path = g_strdup (group->target);

  config->queue_cache = group->all_direct ? DYNO_CACHE_DIRECT : DYNO_CACHE_EVICT;
  config->io_engine = group->all_uring  ? DYNO_IO_ENGINE_IO_URING
                      : group->all_sync ? DYNO_IO_ENGINE_THREADS
                                        : DYNO_IO_ENGINE_AUTO;
  if (!group->size_mixed && !isnan (group->size) && group->size <= DYNO_IMPORT_MAX_QUEUE_SIZE)
    config->queue_size = (guint64)group->size;
  if (!group->time_mixed && !isnan (group->time) && group->time <= DYNO_MAX_PHASE_TIME)
    config->phase_time = group->time;
}

/* One JSON document: data[start, end), on lines from start_line, after the text from text_from
 * that fio printed before it. */
static gboolean
parse_document (DynoFioCtx *ctx, const char *data, gsize text_from, gsize start, gsize end,
                guint start_line, GPtrArray *runs)
{
  const DynoImportInput *input = ctx->input;
  GError **error = ctx->error;
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) parse_error = NULL;
  g_autoptr (GPtrArray) jobs
      = g_ptr_array_new_with_free_func ((GDestroyNotify)dyno_import_fio_job_free);
  g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify)group_free);
  g_autoptr (GPtrArray) leading = NULL;
  g_autoptr (GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDateTime) created = NULL;
  g_autofree char *tool = NULL;
  Mapper mapper = { ctx, skipped, notes, FALSE };
  JsonObject *root;
  JsonNode *globals;
  JsonNode *list;
  JsonArray *array;
  const char *list_name = "jobs";
  const char *version = NULL;
  const char *device = NULL;
  double timestamp;
  double timestamp_ms;

  /* What this document reads as unknown, noted on each of its runs. */
  ctx->notes = notes;
  if (!dyno_import_fio_check_shape (input, data + start, end - start, start_line, error))
    return FALSE;
  if (!json_parser_load_from_data (parser, data + start, end - start, &parse_error))
    return dyno_import_fio_fail_parse (input, start_line, parse_error, error);
  if (json_parser_get_root (parser) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return dyno_import_fail (error, input, start_line,
                             _ ("expected fio's JSON output: an object with “jobs”"));
  root = json_node_get_object (json_parser_get_root (parser));
  leading = dyno_import_fio_leading_notes (data + text_from, start - text_from);

  if (!dyno_import_fio_get_string (ctx, root, "", "fio version", &version)
      || !dyno_import_fio_get_number (ctx, root, "", "timestamp", 1e12, &timestamp)
      || !dyno_import_fio_get_number (ctx, root, "", "timestamp_ms", 1e15, &timestamp_ms))
    return FALSE;
  tool = version == NULL ? g_strdup ("fio")
                         : g_strdup_printf (
                             "fio %s", g_str_has_prefix (version, "fio-") ? version + 4 : version);
  {
    g_autofree char *clean = dyno_import_clean_label (tool, -1);

    g_free (tool);
    tool = clean ? g_steal_pointer (&clean) : g_strdup ("fio");
  }
  /* When fio wrote the output: at the end of the run, in UTC */
  if (!isnan (timestamp_ms))
    created = g_date_time_new_from_unix_utc ((gint64)(timestamp_ms / 1000));
  else if (!isnan (timestamp))
    created = g_date_time_new_from_unix_utc ((gint64)timestamp);

  globals = json_object_get_member (root, "global options");
  list = json_object_get_member (root, "jobs");
  if (list == NULL)
    {
      list_name = "client_stats";
      list = json_object_get_member (root, "client_stats");
    }
  if (list == NULL)
    return dyno_import_fail (error, input, start_line,
                             _ ("expected fio's JSON output: no “jobs” or “client_stats”"));
  if (!JSON_NODE_HOLDS_ARRAY (list))
    return dyno_import_fio_fail_at (ctx, list_name, _ ("expected an array, found %s"),
                                    dyno_import_fio_describe (list));
  array = json_node_get_array (list);
  if (json_array_get_length (array) > DYNO_IMPORT_MAX_RUNS)
    return dyno_import_fio_fail_at (ctx, list_name, _ ("more than %u jobs: import them in parts"),
                                    DYNO_IMPORT_MAX_RUNS);

  /* One disk: what fio's jobs ran on */
  {
    JsonNode *disks = json_object_get_member (root, "disk_util");

    if (disks != NULL && JSON_NODE_HOLDS_ARRAY (disks)
        && json_array_get_length (json_node_get_array (disks)) == 1)
      {
        JsonNode *disk = json_array_get_element (json_node_get_array (disks), 0);

        if (JSON_NODE_HOLDS_OBJECT (disk)
            && !dyno_import_fio_get_string (ctx, json_node_get_object (disk), "disk_util[0]",
                                            "name", &device))
          return FALSE;
      }
  }

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", list_name, i);
      DynoFioJob *job = NULL;
      gboolean ok
          = dyno_import_fio_read_job (ctx, json_array_get_element (array, i), path, globals, &job);

      if (job != NULL)
        g_ptr_array_add (jobs, job);
      if (!ok)
        return FALSE;
      /* The sum of the servers' figures, not a run of its own */
      if (job->host != NULL && g_str_equal (job->name, "All clients"))
        g_ptr_array_remove_index (jobs, jobs->len - 1);
    }

  /* numjobs clones without group_reporting: consecutive entries of one job */
  for (guint i = 0; i < jobs->len;)
    {
      DynoFioJob **first = (DynoFioJob **)&jobs->pdata[i];
      guint numjobs = 1;
      guint n = 1;
      Workload work;

      if (!dyno_import_fio_option_set (first[0]->options, "group_reporting")
          && dyno_import_fio_option (first[0]->options, "numjobs") != NULL
          && dyno_import_fio_parse_count (dyno_import_fio_option (first[0]->options, "numjobs"),
                                          G_MAXINT32, &numjobs))
        while (i + n < jobs->len && n < numjobs && n < DYNO_IMPORT_MAX_THREADS)
          {
            DynoFioJob *next = g_ptr_array_index (jobs, i + n);

            if (g_strcmp0 (next->name, first[0]->name) != 0
                || g_strcmp0 (next->host, first[0]->host) != 0
                || next->groupid != first[0]->groupid)
              break;
            n++;
          }
      if (!map_job (&mapper, first, n, &work))
        return FALSE;
      if (work.phase != NULL && !add_workload (ctx, groups, &work, first[0]->path))
        return FALSE;
      i += n;
    }

  if (groups->len == 0)
    {
      g_autofree char *list_text = NULL;

      if (skipped->len == 0)
        return dyno_import_fio_fail_at (ctx, "", _ ("fio's output has no jobs"));
      g_ptr_array_add (skipped, NULL);
      list_text = g_strjoinv ("; ", (char **)skipped->pdata);
      return dyno_import_fio_fail_at (
          ctx, "", _ ("nothing Dyno can compare: every job was left out: %s"), list_text);
    }
  for (guint i = 0; i < groups->len; i++)
    {
      Group *group = g_ptr_array_index (groups, i);

      finish_group (ctx, group, tool, groups->len > 1, leading, &mapper, created, device);
      g_ptr_array_add (runs, g_steal_pointer (&group->run));
    }
  return TRUE;
}

/* The line of data[pos], from 1 */
static guint
line_at (const char *data, gsize pos)
{
  guint line = 1;

  for (const char *p = data; (p = memchr (p, '\n', data + pos - p)) != NULL; p++)
    line++;
  return line;
}

gboolean
dyno_import_fio_parse (DynoImportInput *input, const char *data, gsize length, GPtrArray *runs,
                       GError **error)
{
  g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  DynoFioCtx ctx = { input, error, NULL, 0, 0 };
  gsize from = 0;

  /* fio --output-format=json >> runs.json appends one document per run: each is read, so that
   * none is dropped unseen. What follows the last one without a line starting with "{" is text
   * fio printed after it, not read. */
  while (from < length)
    {
      gsize start;
      gsize end;
      guint start_line;

      if (!dyno_import_fio_find_start (data + from, length - from, &start, &start_line))
        break;
      start += from;
      start_line += line_at (data, from) - 1;
      end = dyno_import_fio_find_end (data, length, start);
      g_array_append_val (starts, start);
      g_array_append_val (ends, end);
      g_array_append_val (lines, start_line);
      if (starts->len > DYNO_IMPORT_MAX_RUNS)
        return dyno_import_fail (error, input, start_line,
                                 _ ("more than %u JSON documents: import them in parts"),
                                 DYNO_IMPORT_MAX_RUNS);
      from = end;
    }
  if (starts->len == 0)
    return dyno_import_fail (error, input, 0,
                             _ ("expected fio's JSON output: a line starting with “{” (fio "
                                "--output-format=json)"));

  for (guint i = 0; i < starts->len; i++)
    {
      gsize start = g_array_index (starts, gsize, i);

      if (starts->len > 1)
        {
          ctx.document = i + 1;
          ctx.document_line = g_array_index (lines, guint, i);
        }
      if (!parse_document (&ctx, data, i == 0 ? 0 : g_array_index (ends, gsize, i - 1), start,
                           g_array_index (ends, gsize, i), g_array_index (lines, guint, i), runs))
        return FALSE;
    }
  return TRUE;
}
