/* dyno-platform-posix.c: the plain POSIX fallback a port starts from
 *
 * Everything here is in POSIX or guarded by a feature test, so it builds on the BSDs and
 * macOS as it is. What POSIX cannot do (machine CPU counters, dropping the page cache) says
 * so instead of pretending; a port replaces those pieces with its OS's calls.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_MINCORE
#include <sys/mman.h>
#endif

/* The BSDs and macOS name the file system and its mount in struct statfs; NetBSD moved
 * those fields to struct statvfs. */
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) \
    || defined(__DragonFly__)
#define DYNO_STATFS_NAMES 1
#include <sys/param.h>
#include <sys/mount.h>
#else
#define DYNO_STATFS_NAMES 0
#endif
#if defined(__NetBSD__)
#define DYNO_STATVFS_NAMES 1
#else
#define DYNO_STATVFS_NAMES 0
#endif

#include "dyno-error.h"
#include "dyno-platform.h"

static double
timeval_pair_seconds (const struct timeval *user, const struct timeval *system)
{
  return user->tv_sec + user->tv_usec / 1e6 + system->tv_sec + system->tv_usec / 1e6;
}

gboolean
dyno_platform_read_cpu_times (DynoCpuTimes *out)
{
  /* POSIX has no machine-wide counters (Linux reads /proc/stat, the BSDs sysctl
   * kern.cp_time, macOS host_statistics); the CPU split is then left out of results. */
  return FALSE;
}

/* POSIX has no CPU affinity: threads run where the scheduler puts them. */
int
dyno_platform_current_cpu (void)
{
  return -1;
}

int
dyno_platform_pin_thread (int from, guint nth)
{
  return -1;
}

double
dyno_platform_thread_cpu_self (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return ts.tv_sec + ts.tv_nsec / 1e9;
#endif
  {
    /* The whole process's time: with several workers this overstates each one. */
    struct rusage usage;

    if (getrusage (RUSAGE_SELF, &usage) != 0)
      return NAN;
    return timeval_pair_seconds (&usage.ru_utime, &usage.ru_stime);
  }
}

void
dyno_platform_thread_clock_self (DynoThreadClock *out)
{
#ifdef HAVE_PTHREAD_GETCPUCLOCKID
  clockid_t clock;

  out->valid = pthread_getcpuclockid (pthread_self (), &clock) == 0;
  out->id = out->valid ? (gint64) clock : 0;
#else
  /* macOS has no per-thread clock ids; the sampler then reports no per-thread CPU. */
  out->valid = FALSE;
  out->id = 0;
#endif
}

double
dyno_platform_thread_clock_read (const DynoThreadClock *clock)
{
#ifdef HAVE_PTHREAD_GETCPUCLOCKID
  struct timespec ts;

  if (!clock->valid || clock_gettime ((clockid_t) clock->id, &ts) != 0)
    return NAN;
  return ts.tv_sec + ts.tv_nsec / 1e9;
#else
  return NAN;
#endif
}

double
dyno_platform_process_cpu (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return NAN;
  return timeval_pair_seconds (&usage.ru_utime, &usage.ru_stime);
}

guint64
dyno_platform_ram_bytes (void)
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);

  if (pages <= 0 || page_size <= 0)
    return 0;
  return (guint64) pages * (guint64) page_size;
#else
  return 0;
#endif
}

static gboolean
set_errno_error (GError **error, int saved, const char *what)
{
  g_set_error (error, DYNO_ERROR, dyno_error_from_errno (saved), "%s: %s", what,
               g_strerror (saved));
  return FALSE;
}

gboolean
dyno_platform_evict (int fd, GError **error)
{
  /* DONTNEED skips dirty pages, so they must be on disk first. */
  if (fsync (fd) != 0)
    return set_errno_error (error, errno, "fsync");
#ifdef HAVE_POSIX_FADVISE
  {
    int ret = posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);

    if (ret != 0)
      return set_errno_error (error, ret, "posix_fadvise");
    return TRUE;
  }
#else
  /* Claiming success would let cached reads pass for disk reads. */
  g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       "This system cannot drop a file's pages from its cache");
  return FALSE;
#endif
}

double
dyno_platform_resident_fraction (int fd, guint64 size)
{
#ifdef HAVE_MINCORE
  /* Map a window at a time so a file larger than the address space still works. */
  const guint64 window = G_GUINT64_CONSTANT (1) << 30;
  long page = sysconf (_SC_PAGESIZE);
  guint64 pages_total = 0;
  guint64 pages_resident = 0;
  g_autofree unsigned char *vec = NULL;

  if (size == 0 || page <= 0)
    return NAN;

  vec = g_malloc ((window + page - 1) / page);
  for (guint64 offset = 0; offset < size; offset += window)
    {
      gsize len = MIN (window, size - offset);
      gsize n = (len + page - 1) / page;
      void *map = mmap (NULL, len, PROT_READ, MAP_SHARED, fd, (off_t) offset);
      int ret;

      if (map == MAP_FAILED)
        return NAN;
      /* The vector is unsigned char * on Linux and char * on the BSDs and macOS. */
      ret = mincore (map, len, (void *) vec);
      munmap (map, len);
      if (ret != 0)
        return NAN;
      for (gsize i = 0; i < n; i++)
        pages_resident += vec[i] & 1;
      pages_total += n;
    }
  return pages_total ? (double) pages_resident / (double) pages_total : NAN;
#else
  return NAN;
#endif
}

/* A port learns its own stacks (FUSE daemons, vnode disks, md(4)); until then nothing below
 * is walked, and the report says only what the file's own eviction verified. */
guint
dyno_platform_evict_below (const char     *path,
                           DynoCacheLayer *layers,
                           guint           max,
                           const char    **doubt)
{
  g_return_val_if_fail (doubt != NULL, 0);
  *doubt = NULL;
  return 0;
}

gboolean
dyno_platform_can_drop_caches (void)
{
  return FALSE;
}

gboolean
dyno_platform_drop_caches (GError **error)
{
  g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       "Dropping the system's file cache is not supported on this system");
  return FALSE;
}

int
dyno_platform_direct_open_flag (void)
{
#ifdef O_DIRECT
  return O_DIRECT;
#else
  return 0;
#endif
}

gboolean
dyno_platform_set_direct (int fd, GError **error)
{
#if defined(F_NOCACHE)
  /* macOS: no O_DIRECT, but the file's I/O can bypass the unified buffer cache. */
  if (fcntl (fd, F_NOCACHE, 1) != 0)
    return set_errno_error (error, errno, "F_NOCACHE");
  return TRUE;
#elif defined(O_DIRECT)
  int flags = fcntl (fd, F_GETFL);

  if (flags < 0 || fcntl (fd, F_SETFL, flags | O_DIRECT) != 0)
    return set_errno_error (error, errno, "O_DIRECT");
  return TRUE;
#else
  g_set_error_literal (error, DYNO_ERROR, DYNO_ERROR_UNSUPPORTED,
                       "Unbuffered I/O is not supported on this system");
  return FALSE;
#endif
}

gsize
dyno_platform_direct_alignment (int fd)
{
  struct statvfs vfs;
  gsize align = 4096;

  /* No portable way to ask for the logical block size; the fs block size is a multiple. */
  if (fstatvfs (fd, &vfs) == 0 && vfs.f_bsize > align && vfs.f_bsize <= 65536)
    align = vfs.f_bsize;
  return align;
}

gboolean
dyno_platform_sync_fs (int fd, GError **error)
{
  /* sync() may return before the writes are done (POSIX allows it); the fsync makes at
   * least our own file durable before it. */
  if (fsync (fd) != 0)
    return set_errno_error (error, errno, "fsync");
  sync ();
  return TRUE;
}

char *
dyno_platform_machine_id (void)
{
  long id = gethostid ();

  /* gethostid() is POSIX; 0 is what systems without a configured id return. */
  return id != 0 ? g_strdup_printf ("hostid-%08lx", (unsigned long) id) : NULL;
}

char *
dyno_platform_process_identity (GPid pid)
{
  /* Without a start time from the OS, a reused pid cannot be told apart; "unknown:" marks
   * the identity as the weaker kind. EPERM means the process exists but is not ours. */
  if (pid <= 0 || (kill (pid, 0) != 0 && errno == ESRCH))
    return NULL;
  return g_strdup_printf ("unknown:%d", (int) pid);
}

void
dyno_platform_describe_system (DynoSystemInfo *info)
{
  struct utsname u;

  if (uname (&u) == 0)
    {
      info->kernel = g_strdup_printf ("%s %s", u.sysname, u.release);
      info->arch = g_strdup (u.machine);
    }
}

static void
classify_fs (DynoTargetInfo *info)
{
  /* Names as statfs reports them on the BSDs and macOS. */
  static const char * const network_types[] = { "nfs", "smbfs", "afpfs", "webdav", "cifs",
                                                "9p", "fusefs.sshfs" };
  static const char * const cow_types[] = { "zfs", "apfs", "hammer2", "btrfs" };

  if (info->fs_type == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (network_types); i++)
    if (g_str_equal (info->fs_type, network_types[i]))
      info->network = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (cow_types); i++)
    if (g_str_equal (info->fs_type, cow_types[i]))
      {
        info->cow = TRUE;
        g_free (info->cow_hint);
        info->cow_hint = g_strdup_printf ("%s copy-on-write", info->fs_type);
      }
}

void
dyno_platform_describe_target (DynoTargetInfo *info)
{
  g_return_if_fail (info != NULL && info->path != NULL);

#if DYNO_STATFS_NAMES
  {
    struct statfs fs;

    if (statfs (info->path, &fs) == 0)
      {
        info->fs_type = g_strdup (fs.f_fstypename);
        info->mount_point = g_strdup (fs.f_mntonname);
        info->mount_source = g_strdup (fs.f_mntfromname);
      }
  }
#elif DYNO_STATVFS_NAMES
  {
    struct statvfs vfs;

    if (statvfs (info->path, &vfs) == 0)
      {
        info->fs_type = g_strdup (vfs.f_fstypename);
        info->mount_point = g_strdup (vfs.f_mntonname);
        info->mount_source = g_strdup (vfs.f_mntfromname);
      }
  }
#endif
  /* Plain POSIX names neither the file system nor its device: fields stay unknown. */
  classify_fs (info);
}

/* POSIX has no portable way to find the process serving a FUSE mount (Linux reads /proc);
 * the helper's CPU is then left out of results. */
gint64
dyno_platform_find_helper (const DynoTargetInfo *info, char **name)
{
  if (name != NULL)
    *name = NULL;
  return 0;
}

double
dyno_platform_process_cpu_of (gint64 pid)
{
  return NAN;
}

/* The encryption layers and the CPU's crypto instructions need OS interfaces (Linux: ioctls,
 * sysfs, /proc); a port says what it can find here. */
void
dyno_platform_describe_crypto (DynoTargetInfo *info)
{
}

void
dyno_platform_describe_cpu_crypto (DynoSystemInfo *info)
{
}

guint64
dyno_platform_address_space_used (void)
{
  /* POSIX has no way to ask; the limits check then counts only what a chart needs. */
  return 0;
}
