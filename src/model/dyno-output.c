/* dyno-output.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-output.h"

typedef enum
{
  TARGET_NEW,        /* nothing there: create a regular file */
  TARGET_REGULAR,    /* a regular file: replace it whole */
  TARGET_STREAM,     /* a character device or FIFO: write into it */
  TARGET_DESCRIPTOR, /* /dev/stdout and friends: that descriptor */
} TargetKind;

typedef struct
{
  TargetKind kind;
  int fd;          /* TARGET_DESCRIPTOR */
  struct stat st;  /* TARGET_REGULAR, TARGET_STREAM: what was there */
} Target;

static gboolean
fail (GError **error, int code, const char *path, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail (GError **error, int code, const char *path, const char *format, ...)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *why = NULL;
  va_list args;

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: the first %s is a file name, the second why it cannot be written */
  g_set_error (error, DYNO_ERROR, code, _("Cannot write “%s”: %s"), display, why);
  return FALSE;
}

static gboolean
fail_errno (GError **error, int err, const char *path)
{
  return fail (error, dyno_error_from_errno (err), path, "%s", g_strerror (err));
}

/* "/dev/stdout", "/dev/fd/3", "/proc/self/fd/3": the descriptor, or -1. Writing there means
 * "the output I already gave you", whatever it is (a pipe, a terminal, `>> file`); opening
 * the name again would truncate a redirected file or fail on a socket. */
static int
descriptor_of (const char *path)
{
  static const char *const prefixes[] = { "/dev/fd/", "/proc/self/fd/" };
  guint64 n;

  if (g_str_equal (path, "/dev/stdout"))
    return STDOUT_FILENO;
  if (g_str_equal (path, "/dev/stderr"))
    return STDERR_FILENO;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (path, prefixes[i])
        && g_ascii_string_to_unsigned (path + strlen (prefixes[i]), 10, 0, G_MAXINT, &n, NULL))
      return (int) n;
  return -1;
}

static gboolean
refuse_type (const struct stat *st, const char *path, GError **error)
{
  if (S_ISDIR (st->st_mode))
    return fail (error, DYNO_ERROR_NOT_DIRECTORY, path, _("it is a folder"));
  if (S_ISBLK (st->st_mode))
    return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path,
                 _("it is a block device (a disk or partition); Dyno does not write results "
                   "onto disks"));
  if (S_ISSOCK (st->st_mode))
    return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path, _("it is a socket"));
  return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path, _("it is not a file, a device or a pipe"));
}

/* The character devices a result may go to: a terminal, and the sinks /dev/null, /dev/zero and
 * /dev/full. Every other one may be storage that a write() changes (an MTD flash partition, a
 * SCSI generic node, an NVMe namespace's generic node, /dev/mem), so it is refused like a disk.
 * The sinks are recognised by their device numbers, compared with the machine's own nodes. */
static gboolean
is_sink_device (dev_t rdev)
{
  static const char *const sinks[] = { "/dev/null", "/dev/zero", "/dev/full" };

  for (guint i = 0; i < G_N_ELEMENTS (sinks); i++)
    {
      struct stat st;

      if (stat (sinks[i], &st) == 0 && S_ISCHR (st.st_mode) && st.st_rdev == rdev)
        return TRUE;
    }
  return FALSE;
}

static gboolean
refuse_device (const char *path, GError **error)
{
  return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path,
               _("it is a device that is neither a terminal nor /dev/null; Dyno writes results "
                 "only to files, pipes and terminals, never onto a device"));
}

/* An open descriptor names what it was opened on, whatever path led there (/dev/fd/5 may be a
 * disk the shell opened with 5<>/dev/sda): that, not the name, decides. */
static gboolean
descriptor_ok (int fd, const struct stat *st, const char *path, GError **error)
{
  if (S_ISREG (st->st_mode) || S_ISFIFO (st->st_mode) || S_ISSOCK (st->st_mode))
    return TRUE;
  if (S_ISCHR (st->st_mode))
    return isatty (fd) || is_sink_device (st->st_rdev) ? TRUE : refuse_device (path, error);
  return refuse_type (st, path, error);
}

/* Whether a character device named by a path is one of those descriptor_ok accepts. Opening it
 * without blocking and without making it our terminal is the only portable way to ask whether
 * it is a terminal. */
static gboolean
char_device_ok (const char *path, const struct stat *st, GError **error)
{
  gboolean tty;
  int fd;

  if (is_sink_device (st->st_rdev))
    return TRUE;
  fd = open (path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return fail_errno (error, errno, path);
  tty = isatty (fd);
  close (fd);
  return tty ? TRUE : refuse_device (path, error);
}

/* Replacing a file takes write permission on its folder only, so a folder others may write in
 * (without the sticky bit) would let anyone replace a file they could not write. Dyno replaces
 * only what its user could have written in place, as the shell's `>` does. */
static gboolean
file_writable (const char *path, GError **error)
{
  if (faccessat (AT_FDCWD, path, W_OK, AT_EACCESS) != 0)
    return fail_errno (error, errno, path);
  return TRUE;
}

static gboolean
parent_ok (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *display = g_filename_display_name (dir);
  struct stat st;

  if (stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    return fail (error, DYNO_ERROR_NOT_FOUND, path, _("the folder %s does not exist"), display);
  if (access (dir, W_OK | X_OK) != 0)
    {
      /* access() answers EROFS on a read-only mount, whatever the folder's mode: a person fixes
       * that with a remount, not with chmod, so the two must not share a message. */
      if (errno == EROFS)
        return fail (error, DYNO_ERROR_READ_ONLY, path,
                     _("the file system of %s is mounted read-only"), display);
      return fail (error, DYNO_ERROR_PERMISSION, path, _("no permission to write in %s"),
                   display);
    }
  return TRUE;
}

static gboolean
classify (const char *path, Target *out, GError **error)
{
  struct stat st;
  int fd;

  memset (out, 0, sizeof *out);
  out->fd = -1;
  if (*path == '\0' || g_str_has_suffix (path, G_DIR_SEPARATOR_S))
    return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path, _("it is not a file name"));

  fd = descriptor_of (path);
  if (fd >= 0)
    {
      if (fstat (fd, &st) != 0)
        return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path,
                     _("descriptor %d is not open"), fd);
      if ((fcntl (fd, F_GETFL) & O_ACCMODE) == O_RDONLY)
        return fail (error, DYNO_ERROR_PERMISSION, path,
                     _("descriptor %d is open for reading only"), fd);
      if (!descriptor_ok (fd, &st, path, error))
        return FALSE;
      out->kind = TARGET_DESCRIPTOR;
      out->fd = fd;
      out->st = st;
      return TRUE;
    }

  if (lstat (path, &st) != 0)
    {
      if (errno != ENOENT)
        return fail_errno (error, errno, path);
      out->kind = TARGET_NEW;
      return parent_ok (path, error);
    }

  if (S_ISLNK (st.st_mode))
    {
      struct stat to;

      /* Follow it only to something written in place; anything else behind a link would be
       * replaced by a file of ours, or would make us replace the link itself. */
      if (stat (path, &to) != 0)
        return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path,
                     _("it is a symbolic link to a file that does not exist; Dyno does not "
                       "create files through links: name the file itself"));
      if (S_ISREG (to.st_mode))
        return fail (error, DYNO_ERROR_INVALID_ARGUMENT, path,
                     _("it is a symbolic link; Dyno replaces only regular files, so that a "
                       "failed write leaves the old one whole: name the file it points to"));
      if (!S_ISCHR (to.st_mode) && !S_ISFIFO (to.st_mode))
        return refuse_type (&to, path, error);
      st = to;
    }

  if (S_ISREG (st.st_mode))
    {
      out->kind = TARGET_REGULAR;
      out->st = st;
      return parent_ok (path, error) && file_writable (path, error);
    }
  if (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode))
    {
      if (faccessat (AT_FDCWD, path, W_OK, AT_EACCESS) != 0)
        return fail_errno (error, errno, path);
      if (S_ISCHR (st.st_mode) && !char_device_ok (path, &st, error))
        return FALSE;
      out->kind = TARGET_STREAM;
      out->st = st;
      return TRUE;
    }
  return refuse_type (&st, path, error);
}

gboolean
dyno_output_check (const char *path, GError **error)
{
  Target target;

  g_return_val_if_fail (path != NULL, FALSE);
  return classify (path, &target, error);
}

gboolean
dyno_output_check_descriptor (int fd, const char *name, GError **error)
{
  struct stat st;

  g_return_val_if_fail (name != NULL, FALSE);
  if (fstat (fd, &st) != 0)
    return fail (error, DYNO_ERROR_INVALID_ARGUMENT, name, _("descriptor %d is not open"), fd);
  return descriptor_ok (fd, &st, name, error);
}

static gboolean
write_all (int fd, const char *data, gsize length, int *err)
{
  while (length > 0)
    {
      gssize n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          *err = errno;
          return FALSE;
        }
      if (n == 0)
        {
          *err = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* How long a FIFO's reader is waited for before the output is given up. */
#define FIFO_READER_WAIT_MS 10000

static int
open_stream (const char *path, gboolean fifo, GError **error)
{
  int fd;

  if (!fifo)
    {
      fd = open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (fd < 0)
        fail_errno (error, errno, path);
      return fd;
    }
  for (guint waited = 0;; waited += 100)
    {
      fd = open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
      if (fd >= 0)
        break;
      if (errno != ENXIO)
        {
          fail_errno (error, errno, path);
          return -1;
        }
      if (waited >= FIFO_READER_WAIT_MS)
        {
          fail (error, DYNO_ERROR_FAILED, path,
                _("it is a named pipe (FIFO) that no program reads from; the output is lost"));
          return -1;
        }
      g_usleep (100 * 1000);
    }
  /* A reader is there: from now on writes wait for it as they do for any pipe. */
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

static gboolean
write_stream (const char *path, const Target *target, const char *data, gsize length,
              GError **error)
{
  struct stat st;
  int err = 0;
  int fd;

  /* O_NOFOLLOW is wrong here (the path may be a link to the device); the fstat after the open
   * checks that what was opened is still the device or FIFO that was classified. A FIFO
   * without a reader would block the open for ever (after an hour's run, with ^C losing the
   * result): it is opened without blocking, and a reader is waited for a while, not for
   * ever. */
  fd = open_stream (path, S_ISFIFO (target->st.st_mode), error);
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || st.st_dev != target->st.st_dev || st.st_ino != target->st.st_ino)
    {
      close (fd);
      return fail (error, DYNO_ERROR_FAILED, path, _("it was replaced while Dyno was writing"));
    }
  if (!write_all (fd, data, length, &err))
    {
      close (fd);
      return fail_errno (error, err, path);
    }
  if (close (fd) != 0 && errno != EINTR)
    return fail_errno (error, errno, path);
  return TRUE;
}

static gboolean
write_descriptor (const char *path, int fd, const char *data, gsize length, GError **error)
{
  int err = 0;

  /* Whoever writes through stdio on the same descriptor must not interleave with us. */
  if (fd == STDOUT_FILENO)
    fflush (stdout);
  if (!write_all (fd, data, length, &err))
    return fail_errno (error, err, path);
  return TRUE;
}

static gboolean
same_as_classified (const char *path, const Target *target)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    return errno == ENOENT && target->kind == TARGET_NEW;
  return target->kind == TARGET_REGULAR && S_ISREG (st.st_mode)
         && st.st_dev == target->st.st_dev && st.st_ino == target->st.st_ino;
}

/* The signals whose default action ends the process, short of the faults a program causes
 * itself (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS); SIGPIPE and SIGXFSZ are
 * not here: dyno-cli and the app ignore them, so that the failed write says what happened. */
static const int ending_signals[] = {
  SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGIO
  SIGIO,
#endif
#ifdef SIGPWR
  SIGPWR,
#endif
#ifdef SIGSTKFLT
  SIGSTKFLT,
#endif
};

#ifdef NSIG
#define N_SIGNALS NSIG
#else
#define N_SIGNALS 65
#endif

typedef struct
{
  gboolean held[N_SIGNALS];
  struct sigaction old[N_SIGNALS];
} HeldSignals;

/* One save at a time holds the signals: their dispositions are the process's. */
G_LOCK_DEFINE_STATIC (held_signals);
static volatile sig_atomic_t held_arrived;

static void
on_held_signal (int signum)
{
  held_arrived = signum;
}

static void
hold_one (HeldSignals *held, int signum, const struct sigaction *action)
{
  struct sigaction current;

  if (signum <= 0 || signum >= N_SIGNALS)
    return;
  /* A signal the program handles is its own to defer (dyno-cli's commands finish the save
   * and exit 130); only one that would kill the process outright is held here. */
  held->held[signum] = sigaction (signum, NULL, &current) == 0
                       && !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL
                       && sigaction (signum, action, &held->old[signum]) == 0;
}

gboolean
dyno_output_signal_ends_process (int signum)
{
  for (guint i = 0; i < G_N_ELEMENTS (ending_signals); i++)
    if (ending_signals[i] == signum)
      return TRUE;
#ifdef SIGRTMIN
  if (signum >= SIGRTMIN && signum <= SIGRTMAX)
    return TRUE;
#endif
  return FALSE;
}

/* While the temporary file exists, a signal that would end the process waits: it is raised
 * again once the file is renamed into place or removed, so that it never leaves a
 * .NAME.XXXXXX beside the output, nor kills the process between a whole file and its rename. */
static void
hold_signals (HeldSignals *held)
{
  struct sigaction action = { 0 };

  G_LOCK (held_signals);
  memset (held, 0, sizeof *held);
  held_arrived = 0;
  action.sa_handler = on_held_signal;
  sigfillset (&action.sa_mask);
  /* SA_RESTART: the write or fsync that the signal interrupts goes on. */
  action.sa_flags = SA_RESTART;
  for (guint i = 0; i < G_N_ELEMENTS (ending_signals); i++)
    hold_one (held, ending_signals[i], &action);
#ifdef SIGRTMIN
  for (int signum = SIGRTMIN; signum <= SIGRTMAX; signum++)
    hold_one (held, signum, &action);
#endif
}

static void
release_signals (HeldSignals *held)
{
  int arrived = held_arrived;

  for (int signum = 1; signum < N_SIGNALS; signum++)
    if (held->held[signum])
      sigaction (signum, &held->old[signum], NULL);
  G_UNLOCK (held_signals);
  if (arrived != 0)
    raise (arrived);
}

static gboolean write_replace_held (const char   *path,
                                    const Target *target,
                                    const char   *data,
                                    gsize         length,
                                    GError      **error);

static gboolean
write_replace (const char *path, const Target *target, const char *data, gsize length,
               GError **error)
{
  HeldSignals held;
  gboolean ok;

  hold_signals (&held);
  ok = write_replace_held (path, target, data, length, error);
  release_signals (&held);
  return ok;
}

static gboolean
write_replace_held (const char *path, const Target *target, const char *data, gsize length,
                    GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp = NULL;
  mode_t mode = target->kind == TARGET_REGULAR ? (target->st.st_mode & 07777) : 0644;
  int err = 0;
  int fd;

  tmp = g_strdup_printf ("%s%s.%s.XXXXXX", dir, G_DIR_SEPARATOR_S, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return fail_errno (error, errno, path);

  if (!write_all (fd, data, length, &err) || fsync (fd) != 0)
    {
      err = err ? err : errno;
      goto failed;
    }
  /* A replaced file keeps its mode; as root also its owner, so that saving over a person's
   * file does not hand it to root. Neither is fatal (a FAT volume has no owners). */
  if (fchmod (fd, mode) != 0 && errno != EPERM && errno != ENOTSUP)
    {
      err = errno;
      goto failed;
    }
  if (target->kind == TARGET_REGULAR && geteuid () == 0
      && (target->st.st_uid != 0 || target->st.st_gid != 0))
    (void) !fchown (fd, target->st.st_uid, target->st.st_gid);
  if (close (fd) != 0)
    {
      fd = -1;
      err = errno;
      goto failed;
    }
  fd = -1;
  /* The path could have become something else since it was classified (another program made
   * it a device node or a link): then it is not ours to replace. */
  if (!same_as_classified (path, target))
    {
      g_unlink (tmp);
      return fail (error, DYNO_ERROR_FAILED, path, _("it was replaced while Dyno was writing"));
    }
  if (rename (tmp, path) != 0)
    {
      err = errno;
      goto failed;
    }
  return TRUE;

failed:
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  return fail_errno (error, err, path);
}

gboolean
dyno_output_write (const char *path, const void *data, gsize length, GError **error)
{
  Target target;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!classify (path, &target, error))
    return FALSE;
  switch (target.kind)
    {
    case TARGET_DESCRIPTOR:
      return write_descriptor (path, target.fd, data, length, error);
    case TARGET_STREAM:
      return write_stream (path, &target, data, length, error);
    case TARGET_NEW:
    case TARGET_REGULAR:
    default:
      return write_replace (path, &target, data, length, error);
    }
}
