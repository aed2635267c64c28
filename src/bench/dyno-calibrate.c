/* dyno-calibrate.c: sizing a target's run so that every phase lasts the phase time
 *
 * bonnie++ relies on sizes chosen for the disks of its day: on a current NVMe drive its default
 * 1 GiB file is read in a tenth of a second, too fast to trust. Dyno measures the target first:
 * a short block write, a short per-char write and a few file creates, each in steps that double
 * until one lasts long enough to mean something, flushed to the device inside its clock. From
 * the rates it sizes the data file, the per-char bytes and the file count so that the phases
 * that do a fixed amount of work (write, rewrite, putc, create, delete) last about the phase
 * time; the phases that can repeat (reads, seeks, stat) make more passes when they are faster.
 * None of this is timed for the figures; what was chosen and why goes into the result.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

#include "dyno-calibrate.h"
#include "dyno-files-options.h"
#include "dyno-parse.h"
#include "dyno-phase-kind.h"
#include "dyno-run-private.h"
#include "platform/dyno-platform.h"

/* A step shorter than this says more about latency than about throughput. */
#define STEP_SECONDS 0.25
#define MIN_DATA_SIZE (G_GUINT64_CONSTANT (4) << 20)
/* Large enough for minutes of a PCIe 5 drive at its rate; calibrating more would be slow. */
#define MAX_DATA_SIZE (G_GUINT64_CONSTANT (64) << 30)
#define MAX_WRITE_STEP (G_GUINT64_CONSTANT (1) << 30)
#define MAX_PER_CHAR_STEP (G_GUINT64_CONSTANT (256) << 20)
#define MAX_FILES_STEP 65536
/* A timed create makes at most this many files: names for them are made before the clock,
 * about 70 bytes each. Creates slow down as a folder grows, so the estimate from small steps
 * is only a guide: the create phase stops at the phase time. */
#define MAX_TIMED_FILES (G_GUINT64_CONSTANT (512) << 10)
/* What the pre-flight check leaves free, and room for the file tests' metadata. */
#define SPACE_MARGIN (G_GUINT64_CONSTANT (64) << 20)

static guint64
round_up (guint64 value, guint64 unit)
{
  return (value + unit - 1) / unit * unit;
}

/* Free bytes the data file may take: half of what is free after a margin, so the run never
 * fills a volume. */
static guint64
space_for_data (guint64 free_bytes)
{
  if (free_bytes == 0)
    return MAX_DATA_SIZE; /* unknown: the pre-flight check has let it through */
  return free_bytes > SPACE_MARGIN ? (free_bytes - SPACE_MARGIN) / 2 : 0;
}

/* Writes a new data file of step bytes and flushes it, as the write phase does (a file
 * system allocates a new file more slowly than it overwrites an old one): the seconds it
 * took. */
static gboolean
write_step (DynoRun *run, guint64 step, double *out_seconds, GError **error)
{
  const guint64 chunk = run->config->chunk;
  gint64 t0;
  int fd;

  unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
  fd = dyno_run_open_data (run, O_WRONLY | O_CREAT | O_EXCL, run->direct, error);
  if (fd < 0)
    return FALSE;
  t0 = dyno_now_ns ();
  for (guint64 i = 0; i < step / chunk; i++)
    {
      if (dyno_run_should_stop (run))
        {
          close (fd);
          return dyno_run_stop_error (run, error);
        }
      dyno_run_scramble (run, i);
      if (!dyno_run_write_all (run, fd, run->buffer, chunk, error))
        {
          close (fd);
          return FALSE;
        }
    }
  if (fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      return dyno_run_errno_error (run, saved, error, _("fsync while calibrating"));
    }
  close (fd);
  *out_seconds = (dyno_now_ns () - t0) / 1e9;
  return TRUE;
}

static gboolean
calibrate_write (DynoRun *run, const DynoTargetInfo *info, double *out_rate, GError **error)
{
  const guint64 chunk = run->config->chunk;
  guint64 limit = MIN (MAX_WRITE_STEP, space_for_data (info->free_bytes) / 2);
  guint64 step = round_up (MAX (chunk, G_GUINT64_CONSTANT (1) << 20), chunk);
  double seconds = 0;
  gboolean ok;

  for (;;)
    {
      ok = write_step (run, step, &seconds, error);
      if (!ok || seconds >= STEP_SECONDS || step * 2 > limit)
        break;
      step *= 2;
    }
  unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
  if (ok)
    *out_rate = step / MAX (seconds, 1e-6);
  return ok;
}

static gboolean
per_char_step (DynoRun *run, guint64 step, double *out_seconds, GError **error)
{
  gboolean stdio = run->config->per_char == DYNO_PER_CHAR_STDIO;
  DynoByteSource src;
  FILE *file = NULL;
  gint64 t0;
  int fd;

  dyno_byte_source_init (&src, run);
  /* A new file each step, as the per-char write phase makes one: rewriting a truncated file
   * costs ext4 an extra flush (auto_da_alloc) the phase does not pay. */
  unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
  fd = dyno_run_open_data (run, O_WRONLY | O_CREAT | O_EXCL, FALSE, error);
  if (fd < 0)
    return FALSE;
  if (stdio && (file = fdopen (fd, "w")) == NULL)
    {
      close (fd);
      return dyno_run_errno_error (run, errno, error, _("calibrating"));
    }
  /* The lock held throughout, as the phase holds it (dyno-phase-putc.c): glibc's locking
   * putc costs ten times the unlocked one. */
  if (file)
    flockfile (file);
  t0 = dyno_now_ns ();
  for (guint64 i = 0; i < step; i++)
    {
      guchar c = dyno_byte_source_get (&src, i);
      gboolean written;

      if ((i & 0xffff) == 0 && dyno_run_should_stop (run))
        {
          if (file)
            {
              funlockfile (file);
              fclose (file);
            }
          else
            close (fd);
          return dyno_run_stop_error (run, error);
        }
      written = stdio ? putc_unlocked (c, file) != EOF : write (fd, &c, 1) == 1;
      if (!written)
        {
          int saved = errno ? errno : ENOSPC;

          if (file)
            {
              funlockfile (file);
              fclose (file);
            }
          else
            close (fd);
          return dyno_run_errno_error (run, saved, error, _("calibrating per-char writes"));
        }
    }
  if (file)
    funlockfile (file);
  if ((file && fflush (file) != 0) || fsync (file ? fileno (file) : fd) != 0)
    {
      int saved = errno;

      if (file)
        fclose (file);
      else
        close (fd);
      return dyno_run_errno_error (run, saved, error, _("fsync while calibrating"));
    }
  *out_seconds = (dyno_now_ns () - t0) / 1e9;
  if (file)
    fclose (file);
  else
    close (fd);
  return TRUE;
}

static gboolean
calibrate_per_char (DynoRun *run, double *out_rate, GError **error)
{
  /* 1-byte syscalls run at a few MB/s: start small so that a slow machine is quick too. */
  guint64 step = run->config->per_char == DYNO_PER_CHAR_STDIO ? 256 << 10 : 32 << 10;
  guint64 limit = MIN (MAX_PER_CHAR_STEP, MAX (run->io_size, step));
  double seconds = 0;
  gboolean ok;

  for (;;)
    {
      ok = per_char_step (run, step, &seconds, error);
      if (!ok || seconds >= STEP_SECONDS || step * 2 > limit)
        break;
      step *= 2;
    }
  unlinkat (run->scratch_fd, DYNO_DATA_FILE, 0);
  if (ok)
    *out_rate = step / MAX (seconds, 1e-6);
  return ok;
}

static gboolean
calibrate_creates (DynoRun *run, const DynoTargetInfo *info, double *out_rate, GError **error)
{
  guint64 n = 256;
  guint64 limit = MAX_FILES_STEP;
  double seconds = 0;
  gboolean ok = TRUE;

  if (info->free_inodes > 0)
    limit = MIN (limit, MAX (info->free_inodes / 4, 256));
  for (;;)
    {
      DynoFileSet *set;
      gint64 t0;

      set = dyno_file_set_new (run, FALSE, n);
      t0 = dyno_now_ns ();
      ok = dyno_file_set_create (run, set, NULL, error);
      if (ok && !dyno_platform_sync_fs (run->scratch_fd, error))
        ok = FALSE;
      seconds = (dyno_now_ns () - t0) / 1e9;
      /* Always removed, also after a failure: the next step starts from an empty folder
       * that owes the device nothing. */
      if (ok)
        ok = dyno_file_set_delete (run, set, NULL, error)
             && dyno_platform_sync_fs (run->scratch_fd, error);
      dyno_file_set_free (set);
      if (!ok || seconds >= STEP_SECONDS || n * 2 > limit)
        break;
      n *= 2;
    }
  if (ok)
    *out_rate = n / MAX (seconds, 1e-6);
  return ok;
}

static void
add_reason (GString *reason, const char *text)
{
  if (reason->len > 0)
    g_string_append (reason, "; ");
  g_string_append (reason, text);
}


/* What the sizes are chosen from: the rates measured and what the volume holds. For one target
 * its own; for the targets of a run together the fastest rates and the least room. */
typedef struct
{
  double write_rate;    /* B/s; NAN: not measured */
  double per_char_rate; /* B/s; NAN */
  double create_rate;   /* files/s; NAN */
  guint64 free_bytes;   /* 0: unknown */
  guint64 free_inodes;  /* 0: unknown */
  /* Shared by several targets: the targets the least free space and inodes belong to, for
   * the reason; NULL for one target alone. */
  const char *bytes_of;
  const char *inodes_of;
} Basis;

/* The sizes a basis calls for, and why; no I/O. What the configuration gives stays as it is. */
static void
choose (const DynoConfig *config, const Basis *basis, DynoWorkload *w, GString *reason)
{
  const double t = config->phase_time;
  const gboolean shared = basis->bytes_of != NULL || basis->inodes_of != NULL;

  w->io_size = config->size;
  w->space_short = FALSE;
  w->per_char_size = dyno_config_get_per_char_size (config);
  w->files_total = dyno_config_get_files_total (config);
  w->files_cap = 0;
  memset (w->counts, 0, sizeof w->counts);

  if (shared)
    add_reason (reason,
                /* Translators: why every target of a paired (or longer) run did the same
                 * work; more reasons may follow, after a semicolon */
                _("the same for every target of the run: the largest of their calibrated sizes"));

  if (dyno_config_is_auto (config, DYNO_AUTO_SIZE) && dyno_config_has_io_tests (config)
      && !isnan (basis->write_rate))
    {
      const guint64 chunk = config->chunk;
      guint64 cap = MIN (MAX_DATA_SIZE, space_for_data (basis->free_bytes));
      guint64 size = round_up ((guint64) MIN (basis->write_rate * t, (double) MAX_DATA_SIZE),
                               chunk);

      if (!shared)
        {
          g_autofree char *rate_text = dyno_format_rate (basis->write_rate, DYNO_UNIT_BYTES);
          g_autofree char *text = g_strdup_printf (
              /* Translators: how the data file was sized: a rate, seconds of the phase time */
              _("block writes ran at %s, so the data file holds %g s of them"), rate_text, t);

          add_reason (reason, text);
        }
      if (size > cap)
        {
          size = cap / chunk * chunk;
          /* Room for less than a second of writes: an honest figure needs a larger file
           * than this folder can hold. */
          w->space_short = size < basis->write_rate * DYNO_SPACE_SHORT_SECONDS;
          if (shared)
            {
              g_autofree char *text = NULL;

              /* Translators: %s is the target (a folder) with the least free space */
              text = g_strdup_printf (_("capped by the free space of %s"), basis->bytes_of);
              add_reason (reason, text);
            }
          else
            add_reason (reason, _("capped by the free space"));
        }
      if (size < MAX (MIN_DATA_SIZE, chunk))
        size = round_up (MAX (MIN_DATA_SIZE, chunk), chunk);
      w->io_size = size;
    }

  if (dyno_config_is_auto (config, DYNO_AUTO_PER_CHAR)
      && dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR) && !isnan (basis->per_char_rate))
    {
      guint64 size;

      size = round_up ((guint64) MIN (basis->per_char_rate * t, (double) MAX_DATA_SIZE), 8192);
      size = MAX (size, 64 << 10);
      if (dyno_config_has_io_tests (config) && size > w->io_size)
        {
          /* getc reads the data file: never more of it than there is; it makes passes. */
          size = w->io_size;
          add_reason (reason, _("per-char phases capped at the data file"));
        }
      w->per_char_size = size;
    }
  else if (dyno_config_has_io_tests (config))
    w->per_char_size = MIN (w->per_char_size, w->io_size);

  if (dyno_config_is_auto (config, DYNO_AUTO_FILES) && dyno_config_has_file_tests (config)
      && !isnan (basis->create_rate))
    {
      guint64 files;
      guint64 cap = MAX_TIMED_FILES;

      files = round_up ((guint64) MIN (basis->create_rate * t, (double) cap), 1024);
      /* A timed create stops at the phase time, but its final sync (which writes the inodes)
       * cannot be cut short, so the names are capped. Four times the estimate: a calibration
       * on a busy machine was seen to guess a ninth of the real rate, and a cap of half again
       * ended a random create in 0.3 s, "+++++"; four times still keeps the sync bounded. */
      cap = MIN (cap, round_up (files * 4, 1024));
      if (basis->free_inodes > 0 && cap > basis->free_inodes / 2)
        {
          cap = MAX (basis->free_inodes / 2 / 1024, 1) * 1024;
          if (shared)
            {
              g_autofree char *text = NULL;

              /* Translators: %s is the target (a folder) with the fewest free inodes */
              text = g_strdup_printf (_("files capped by the free inodes of %s"),
                                      basis->inodes_of);
              add_reason (reason, text);
            }
          else
            add_reason (reason, _("files capped by the free inodes"));
        }
      if (dyno_config_get_files (config)->max > 0 && basis->free_bytes > 0)
        {
          guint64 per_file = round_up ((guint64) dyno_config_get_files (config)->max, 4096);
          guint64 room = basis->free_bytes > SPACE_MARGIN
                             ? (basis->free_bytes - SPACE_MARGIN) / 2
                             : 0;

          if (cap * per_file > room)
            {
              cap = MAX (room / per_file / 1024, 1) * 1024;
              if (shared)
                {
                  g_autofree char *text = NULL;

                  /* Translators: %s is the target (a folder) with the least free space */
                  text = g_strdup_printf (_("files capped by the free space of %s"),
                                          basis->bytes_of);
                  add_reason (reason, text);
                }
              else
                add_reason (reason, _("files capped by the free space"));
            }
        }
      w->files_cap = MAX (cap, 1024);
      w->files_total = CLAMP (files, 1024, w->files_cap);
    }

  /* What a kind does alone it sizes itself, from the rates and the sizes chosen above. */
  {
    DynoSizing so_far = { .write_rate = basis->write_rate,
                          .per_char_rate = basis->per_char_rate,
                          .create_rate = basis->create_rate,
                          .size = w->io_size,
                          .per_char_size = w->per_char_size,
                          .files = w->files_cap > 0 ? w->files_cap : w->files_total };

    for (guint i = 0; i < dyno_config_get_n_phases (config); i++)
      {
        const DynoPhaseKind *kind = dyno_config_get_phase (config, i)->kind;

        if (kind->workload != NULL && kind->workload->size != NULL)
          w->counts[dyno_phase_kind_get_index (kind)] = kind->workload->size (config, &so_far);
      }
  }
}

/* What a sizing records of a workload: the sizes of the phases the configuration has. */
static void
record (const DynoConfig *config, const DynoWorkload *w, DynoSizing *sizing)
{
  sizing->size = dyno_config_has_io_tests (config) ? w->io_size : 0;
  sizing->per_char_size = dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR)
                              ? w->per_char_size
                              : 0;
  sizing->files = dyno_config_has_file_tests (config)
                      ? (w->files_cap > 0 ? w->files_cap : w->files_total)
                      : 0;
  memcpy (sizing->counts, w->counts, sizeof sizing->counts);
  sizing->space_short = w->space_short;
}

static void
apply (DynoRun *run, const DynoWorkload *w)
{
  run->io_size = w->io_size;
  run->per_char_size = w->per_char_size;
  run->files_total = w->files_total;
  run->files_cap = w->files_cap;
  memcpy (run->counts, w->counts, sizeof run->counts);
}

gboolean
dyno_calibrate (DynoRun *run, const DynoTargetInfo *info, DynoSizing *sizing, GError **error)
{
  const DynoConfig *config = run->config;
  g_autoptr (GString) reason = g_string_new (NULL);
  Basis basis = { .write_rate = NAN, .per_char_rate = NAN, .create_rate = NAN,
                  .free_bytes = info->free_bytes, .free_inodes = info->free_inodes };
  DynoWorkload w;
  gint64 started = dyno_now_ns ();

  g_return_val_if_fail (run != NULL && sizing != NULL, FALSE);

  /* The configuration's sizes, then what each measurement replaces: the per-char steps stop
   * at the data file's size, so that comes first. */
  run->phase_time = config->phase_time;
  choose (config, &basis, &w, reason);
  apply (run, &w);

  if (dyno_config_is_auto (config, DYNO_AUTO_SIZE) && dyno_config_has_io_tests (config))
    {
      if (!calibrate_write (run, info, &basis.write_rate, error))
        return FALSE;
      g_string_truncate (reason, 0);
      choose (config, &basis, &w, reason);
      apply (run, &w);
    }
  if (dyno_config_is_auto (config, DYNO_AUTO_PER_CHAR)
      && dyno_config_has_flags (config, DYNO_PHASE_PER_CHAR)
      && !calibrate_per_char (run, &basis.per_char_rate, error))
    return FALSE;
  if (dyno_config_is_auto (config, DYNO_AUTO_FILES) && dyno_config_has_file_tests (config)
      && !calibrate_creates (run, info, &basis.create_rate, error))
    return FALSE;
  g_string_truncate (reason, 0);
  choose (config, &basis, &w, reason);
  apply (run, &w);

  sizing->write_rate = basis.write_rate;
  sizing->per_char_rate = basis.per_char_rate;
  sizing->create_rate = basis.create_rate;
  sizing->calibrated = !isnan (sizing->write_rate) || !isnan (sizing->per_char_rate)
                       || !isnan (sizing->create_rate);
  sizing->seconds = sizing->calibrated ? (dyno_now_ns () - started) / 1e9 : NAN;
  record (config, &w, sizing);
  g_free (sizing->reason);
  sizing->reason = reason->len > 0 ? g_strdup (reason->str) : NULL;
  return TRUE;
}

static double
max_rate (double a, double b)
{
  if (isnan (a))
    return b;
  return isnan (b) ? a : MAX (a, b);
}

char *
dyno_calibrate_common_workload (const DynoConfig *config,
                                const DynoSizing *const *each,
                                const DynoTargetInfo *const *infos,
                                guint n,
                                DynoWorkload *out)
{
  g_autoptr (GString) reason = g_string_new (NULL);
  g_autofree char *bytes_of = NULL;
  g_autofree char *inodes_of = NULL;
  Basis basis = { .write_rate = NAN, .per_char_rate = NAN, .create_rate = NAN };
  const DynoTargetInfo *least_bytes = NULL;
  const DynoTargetInfo *least_inodes = NULL;

  g_return_val_if_fail (config != NULL && each != NULL && infos != NULL && out != NULL, NULL);
  g_return_val_if_fail (n > 0, NULL);

  /* The fastest target decides, so that its fixed-work phases still last the phase time (a
   * slower one's last longer, which costs time, not truth); the one with the least room caps,
   * so that every data file fits. */
  for (guint i = 0; i < n; i++)
    {
      basis.write_rate = max_rate (basis.write_rate, each[i]->write_rate);
      basis.per_char_rate = max_rate (basis.per_char_rate, each[i]->per_char_rate);
      basis.create_rate = max_rate (basis.create_rate, each[i]->create_rate);
      if (infos[i]->free_bytes > 0
          && (least_bytes == NULL || infos[i]->free_bytes < least_bytes->free_bytes))
        least_bytes = infos[i];
      if (infos[i]->free_inodes > 0
          && (least_inodes == NULL || infos[i]->free_inodes < least_inodes->free_inodes))
        least_inodes = infos[i];
    }
  if (least_bytes != NULL)
    {
      basis.free_bytes = least_bytes->free_bytes;
      bytes_of = g_filename_display_name (least_bytes->path != NULL ? least_bytes->path : "");
    }
  if (least_inodes != NULL)
    {
      basis.free_inodes = least_inodes->free_inodes;
      inodes_of = g_filename_display_name (least_inodes->path != NULL ? least_inodes->path : "");
    }
  /* The reason names a target only when one capped; an empty name still marks it shared. */
  basis.bytes_of = bytes_of != NULL ? bytes_of : "";
  basis.inodes_of = inodes_of != NULL ? inodes_of : "";
  choose (config, &basis, out, reason);
  return g_string_free (g_steal_pointer (&reason), FALSE);
}

void
dyno_calibrate_adopt (const DynoConfig *config,
                      const DynoWorkload *w,
                      const char *reason,
                      DynoSizing *sizing)
{
  guint64 alone = sizing->size;
  g_autoptr (GString) text = g_string_new (reason);

  g_return_if_fail (config != NULL && w != NULL && sizing != NULL);

  record (config, w, sizing);
  if (alone != sizing->size && alone > 0)
    {
      g_autofree char *size = dyno_format_size (alone);
      g_autofree char *part = NULL;

      /* Translators: after why every target of a run did the same work; %s is the size
       * of the data file this target's own calibration called for, e.g. "320.7 MiB" */
      part = g_strdup_printf (_("on its own this target called for a %s data file"), size);
      add_reason (text, part);
    }
  g_free (sizing->reason);
  sizing->reason = g_string_free (g_steal_pointer (&text), FALSE);
}

void
dyno_calibrate_common (const DynoConfig *config,
                       DynoSizing *const *each,
                       const DynoTargetInfo *const *infos,
                       guint n,
                       DynoWorkload *out)
{
  g_autofree char *reason = NULL;

  g_return_if_fail (config != NULL && each != NULL && infos != NULL && out != NULL);
  g_return_if_fail (n > 0);

  reason = dyno_calibrate_common_workload (config, (const DynoSizing *const *) each, infos, n,
                                           out);
  for (guint i = 0; i < n; i++)
    dyno_calibrate_adopt (config, out, reason, each[i]);
}
