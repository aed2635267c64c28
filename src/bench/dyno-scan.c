/* dyno-scan.c: reading a whole block device end to end, never writing
 *
 * The device is opened O_RDONLY (never for writing: the kernel refuses a write on it) with
 * O_DIRECT, so every read goes to the disk; each sample is one aligned pread of the sample
 * size, timed on the monotonic clock. The OS-specific calls are in the platform module
 * (dyno-platform-device.h).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dyno-random.h"
#include "dyno-scan.h"
#include "platform/dyno-platform-device.h"

G_DEFINE_QUARK (dyno-scan-error-quark, dyno_scan_error)

void
dyno_scan_options_init (DynoScanOptions *options)
{
  g_return_if_fail (options != NULL);
  options->sample_size = DYNO_SCAN_DEFAULT_SAMPLE;
  options->positions = DYNO_SCAN_DEFAULT_POSITIONS;
  options->access_reads = DYNO_SCAN_DEFAULT_ACCESS_READS;
  options->access_size = 4096;
  options->seed = 0;
}

guint64
dyno_scan_position (guint64 size, guint64 sample, guint i, guint n, gsize align)
{
  guint64 span;
  guint64 position;

  g_return_val_if_fail (align > 0, 0);
  if (n <= 1 || size <= sample)
    return 0;
  span = size - sample;
  /* span * i overflows only past 2^57 bytes with 128 positions; divide first then. */
  if (span > G_MAXUINT64 / n)
    position = span / (n - 1) * i;
  else
    position = span * i / (n - 1);
  return position - position % align;
}

static double
now_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One whole read at offset: retries short reads and EINTR. */
static gboolean
read_fully (int fd, void *buffer, gsize length, guint64 offset, GError **error)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = pread (fd, (char *) buffer + done, length - done, (off_t) (offset + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int err = n < 0 ? errno : EIO;

          g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_UNREADABLE,
                       /* Translators: a read of dyno-cli scan failed */
                       _("Read of %zu bytes at byte %" PRIu64
                         " failed: %s"),
                       length, offset, n < 0 ? g_strerror (err) : _("end of device"));
          return FALSE;
        }
      done += (gsize) n;
    }
  return TRUE;
}

static gboolean
check_path (const char *path, struct stat *st, GError **error)
{
  if (g_stat (path, st) != 0)
    {
      int err = errno;

      if (err == ENOENT || err == ENOTDIR)
        g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_NOT_FOUND,
                     _("No such device “%s”"), path);
      else if (err == EACCES && geteuid () != 0)
        g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_NEEDS_ROOT,
                     _("Cannot reach “%s”: %s; reading a raw device needs root"), path,
                     g_strerror (err));
      else
        g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_UNREADABLE, "%s: %s", path,
                     g_strerror (err));
      return FALSE;
    }
  if (!S_ISBLK (st->st_mode))
    {
      g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_NOT_BLOCK,
                   /* Translators: dyno-cli scan was given a file or folder */
                   _("“%s” is not a block device: scan reads a whole disk or partition such as "
                     "/dev/sdb (use “dyno-cli run -d FOLDER” for a folder)"),
                   path);
      return FALSE;
    }
  return TRUE;
}

/* The one scanning loop, for a device Dyno opened (dyno_scan_device) and for a descriptor
 * someone else opened (dyno_scan_fd: UDisks2's OpenDevice in the app). fd stays the caller's.
 * st is fd's; a regular file (a disk image, the tests' fake UDisks2) is read by its length. */
static DynoScanResult *
scan_fd (int                     fd,
         const struct stat      *st,
         gboolean                direct,
         const char             *device,
         const DynoScanOptions  *options,
         DynoScanProgressFunc    progress,
         gpointer                user_data,
         GCancellable           *cancellable,
         GError                **error)
{
  g_autoptr (DynoScanResult) result = NULL;
  gsize align;
  guint64 sample;
  guint64 access_size;
  void *buffer = NULL;
  DynoRandom random;

  result = dyno_scan_result_new (device);
  result->direct = direct;
  if (!direct)
    g_ptr_array_add (result->notes,
                     g_strdup (_("Read through the page cache (the device refused O_DIRECT, "
                                 "or this system has none): figures may include cached data")));
  if (S_ISREG (st->st_mode))
    result->size = (guint64) st->st_size;
  else if (!dyno_platform_device_size (fd, &result->size, error))
    return NULL;
  if (S_ISBLK (st->st_mode))
    {
      dyno_platform_device_describe (st->st_rdev, &result->model, &result->rotational);
      result->in_use = dyno_platform_device_in_use (st->st_rdev);
      result->array = dyno_platform_describe_array (st->st_rdev);
    }

  align = MAX (dyno_platform_device_alignment (fd), 4096);
  sample = MAX (options->sample_size, align);
  sample = (sample + align - 1) / align * align;
  access_size = MAX (options->access_size, align);
  access_size = (access_size + align - 1) / align * align;
  if (result->size < sample || result->size < access_size)
    {
      g_autofree char *size_text = g_format_size_full (result->size, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_TOO_SMALL,
                   _("“%s” holds %s, less than one sample of %" PRIu64 " bytes"),
                   device, size_text, sample);
      return NULL;
    }
  result->sample_size = sample;
  result->access_size = access_size;
  result->seed = options->seed;

  if (posix_memalign (&buffer, align, sample) != 0)
    {
      g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_UNREADABLE,
                   _("Out of memory for a buffer of %" PRIu64 " bytes"), sample);
      return NULL;
    }

  /* Described and about to read: the caller can say what the device is. */
  if (progress != NULL)
    progress (result, 0, 0, options->positions, user_data);
  for (guint i = 0; i < options->positions; i++)
    {
      DynoScanSample s = { 0 };
      double start;

      /* Between reads, so Stop waits for one sample at most. */
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto fail;
      s.position = dyno_scan_position (result->size, sample, i, options->positions, align);
      start = now_seconds ();
      if (!read_fully (fd, buffer, sample, s.position, error))
        goto fail;
      s.seconds = now_seconds () - start;
      s.rate = s.seconds > 0 ? sample / s.seconds : 0;
      g_array_append_val (result->samples, s);
      if (progress != NULL)
        progress (result, 0, i + 1, options->positions, user_data);
    }

  dyno_random_seed (&random, options->seed);
  for (guint i = 0; i < options->access_reads; i++)
    {
      guint64 slots = (result->size - access_size) / align + 1;
      DynoScanAccess a = { 0 };
      double start;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto fail;
      a.offset = dyno_random_below (&random, slots) * align;
      start = now_seconds ();
      if (!read_fully (fd, buffer, access_size, a.offset, error))
        goto fail;
      a.seconds = now_seconds () - start;
      g_array_append_val (result->access, a);
      if (progress != NULL)
        progress (result, 1, i + 1, options->access_reads, user_data);
    }

  free (buffer);
  dyno_scan_result_summarize (result);
  return g_steal_pointer (&result);

fail:
  free (buffer);
  return NULL;
}

DynoScanResult *
dyno_scan_device (const char             *path,
                  const DynoScanOptions  *options,
                  DynoScanProgressFunc    progress,
                  gpointer                user_data,
                  GCancellable           *cancellable,
                  GError                **error)
{
  g_autoptr (GError) open_error = NULL;
  DynoScanResult *result;
  struct stat st;
  gboolean direct = FALSE;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->positions > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_path (path, &st, error))
    return NULL;

  fd = dyno_platform_open_device_read (path, &direct, &open_error);
  if (fd < 0)
    {
      if (g_error_matches (open_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED)
          && geteuid () != 0)
        g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_NEEDS_ROOT,
                     /* Translators: dyno-cli scan run by a user who may not read the disk */
                     _("Reading the raw device “%s” needs root: run dyno-cli scan as root "
                       "(it only reads the device, never writes to it)"),
                     path);
      else
        g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_UNREADABLE,
                     _("Cannot open “%s”: %s"), path, open_error->message);
      return NULL;
    }

  result = scan_fd (fd, &st, direct, path, options, progress, user_data, cancellable, error);
  close (fd);
  return result;
}

DynoScanResult *
dyno_scan_fd (int                     fd,
              const char             *device,
              const DynoScanOptions  *options,
              DynoScanProgressFunc    progress,
              gpointer                user_data,
              GCancellable           *cancellable,
              GError                **error)
{
  struct stat st;
  gboolean direct = FALSE;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (device != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->positions > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (fstat (fd, &st) != 0)
    {
      int err = errno;

      g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_UNREADABLE, "%s: %s", device,
                   g_strerror (err));
      return NULL;
    }
  if (!S_ISBLK (st.st_mode) && !S_ISREG (st.st_mode))
    {
      g_set_error (error, DYNO_SCAN_ERROR, DYNO_SCAN_ERROR_NOT_BLOCK,
                   _("“%s” is not a block device"), device);
      return NULL;
    }
#ifdef O_DIRECT
  /* Whoever opened fd chose whether to bypass the cache (UDisks2 is asked for O_DIRECT). */
  {
    int flags = fcntl (fd, F_GETFL);

    direct = flags >= 0 && (flags & O_DIRECT) != 0;
  }
#endif
  return scan_fd (fd, &st, direct, device, options, progress, user_data, cancellable, error);
}

DynoArrayInfo *
dyno_scan_find_array (const char *path)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_stat (path, &st) != 0)
    return NULL;
  /* A device is itself; a folder is on its file system's device. */
  return dyno_platform_describe_array (S_ISBLK (st.st_mode) ? st.st_rdev : st.st_dev);
}

char *
dyno_scan_describe_array (const char *path)
{
  g_autoptr (DynoArrayInfo) array = dyno_scan_find_array (path);
  g_autofree char *describe = NULL;

  if (array == NULL)
    return NULL;
  describe = dyno_array_info_describe (array);
  return g_strdup_printf ("%s (%s)", describe, array->source);
}
