/* dyno-run-io.c: the helpers every phase shares: opening and writing the data file, reading
 * it back, the errors they say, and the run's messages
 *
 * They were in dyno-runner.c, which orchestrates the targets and their rounds; the phases
 * (phases/) need these, not the orchestration.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-run-private.h"
#include "platform/dyno-platform.h"

/* A FUSE file system whose daemon died (killed, crashed, out of memory) answers every call
 * with ENOTCONN, or ECONNABORTED for the calls it was serving: whatever I/O failed is then a
 * symptom, and a person needs to hear that the daemon is gone, not "Software caused
 * connection abort". */
gboolean
dyno_run_daemon_gone (const char *path)
{
  struct statvfs vfs;

  /* statfs always goes to the daemon; stat of the mount point may be answered from the
   * kernel's cached attributes. */
  if (statvfs (path, &vfs) == 0)
    return FALSE;
  return errno == ENOTCONN
#ifdef ECONNABORTED
         || errno == ECONNABORTED
#endif
      ;
}

/* "The file system at … stopped answering: its daemon (gocryptfs) …", with what failed. */
char *
dyno_run_daemon_gone_message (DynoRun *run, const char *what)
{
  g_autofree char *display = g_filename_display_name (run->target_path);
  const DynoTargetInfo *info = run->target_result ? run->target_result->info : NULL;

  if (info != NULL && info->helper != NULL)
    /* Translators: a folder, a program's name (gocryptfs), then the error Dyno met */
    return g_strdup_printf (_("The file system at %s stopped answering: its daemon (%s) has "
                              "exited or was killed (%s)"),
                            display, info->helper, what);
  /* Translators: a folder, then the error Dyno met */
  return g_strdup_printf (_("The file system at %s stopped answering: its FUSE daemon has "
                            "exited or was killed (%s)"),
                          display, what);
}

gboolean
dyno_run_stop_error (DynoRun *run, GError **error)
{
  if (atomic_load (&run->vanished) && dyno_run_daemon_gone (run->target_path))
    {
      g_autofree char *message = dyno_run_daemon_gone_message (run, g_strerror (ENOTCONN));

      g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_VANISHED, message);
    }
  else if (atomic_load (&run->vanished))
    {
      g_autofree char *display = g_filename_display_name (run->target_path);

      g_set_error (error, DYNO_ERROR, DYNO_ERROR_VANISHED,
                   _("The target %s disappeared during the run (unmounted or removed)"),
                   display);
    }
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The run was stopped"));
  return FALSE;
}

gboolean
dyno_run_errno_error (DynoRun *run, int saved_errno, GError **error, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  /* After the target vanished, whatever error the I/O hit is a symptom, not the cause. */
  if (atomic_load (&run->vanished))
    return dyno_run_stop_error (run, error);

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved_errno), "%s (%s)",
               g_strerror (saved_errno), what);
  return FALSE;
}

gboolean
dyno_run_short_file_error (DynoRun *run, guint64 at, guint64 expected, GError **error)
{
  /* End of file where Dyno's own file should go on is not a disk error: saying EIO would
   * make a person think the disk is failing. */
  if (atomic_load (&run->vanished))
    return dyno_run_stop_error (run, error);
  g_set_error (error, DYNO_ERROR, DYNO_ERROR_FAILED,
               _("The data file ended at byte %" PRIu64 " of %" PRIu64
                 ": something else shortened it during the run"),
               at, expected);
  return FALSE;
}

int
dyno_run_open_data (DynoRun *run, int flags, gboolean direct, GError **error)
{
  int fd = openat (run->scratch_fd, DYNO_DATA_FILE,
                   flags | O_NOFOLLOW | O_CLOEXEC | (direct ? dyno_platform_direct_open_flag () : 0),
                   0600);

  if (fd < 0)
    {
      dyno_run_errno_error (run, errno, error, _("opening the data file"));
      return -1;
    }
  if (direct && dyno_platform_direct_open_flag () == 0 && !dyno_platform_set_direct (fd, error))
    {
      close (fd);
      return -1;
    }
  return fd;
}

void
dyno_run_scramble (DynoRun *run, guint64 index)
{
  const guint64 chunk = run->config->chunk;

  if (run->config->data == DYNO_DATA_ZEROS)
    {
      /* bonnie++: one byte changes per chunk, the rest stays zero. */
      run->buffer[index % chunk]++;
      return;
    }

  /* A fresh 8-byte stamp in every 4 KiB block keeps blocks unique for deduplicating file
   * systems and SSDs, at the cost of a few stores rather than refilling the buffer. */
  {
    guint64 stamp = dyno_random_next (&run->random);

    for (guint64 offset = 0; offset + 8 <= chunk; offset += 4096)
      {
        guint64 v = stamp + offset;
        memcpy (run->buffer + offset, &v, 8);
      }
  }
}

gboolean
dyno_run_write_all (DynoRun *run, int fd, const guchar *buf, gsize len, GError **error)
{
  while (len > 0)
    {
      gssize n = write (fd, buf, len);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return dyno_run_errno_error (run, errno, error, _("writing"));
        }
      if (n == 0)
        return dyno_run_errno_error (run, ENOSPC, error, _("writing"));
      buf += n;
      len -= n;
    }
  return TRUE;
}

gssize
dyno_run_read_full (int fd, guchar *buf, gsize len)
{
  gsize got = 0;

  while (got < len)
    {
      gssize n = read (fd, buf + got, len - got);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return -1;
        }
      if (n == 0)
        break;
      got += n;
    }
  return (gssize) got;
}


void
dyno_run_message (DynoRun *run, DynoMessageLevel level, const char *text)
{
  DynoEvent event = { .kind = DYNO_EVENT_MESSAGE, .target = run->target, .level = level,
                      .text = g_strdup (text) };

  dyno_run_shared_push (run->shared, &event);
}
