/* dyno-platform-linux.c: CPU accounting, page cache control and processes on Linux
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/fs.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "dyno-error.h"
#include "dyno-platform.h"

gboolean
dyno_platform_read_cpu_times (DynoCpuTimes *out)
{
  g_autofree char *contents = NULL;
  guint64 v[10] = { 0 };

  if (!g_file_get_contents ("/proc/stat", &contents, NULL, NULL))
    return FALSE;
  if (sscanf (contents,
              "cpu %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
              " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
              " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
              &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7])
      < 4)
    return FALSE;
  /* user nice system idle iowait irq softirq steal (guest time is already inside user) */
  out->user = v[0] + v[1];
  out->system = v[2] + v[5] + v[6];
  out->idle = v[3];
  out->iowait = v[4];
  out->other = v[7];
  out->tick = 1.0 / MAX (sysconf (_SC_CLK_TCK), 1);
  return TRUE;
}

int
dyno_platform_current_cpu (void)
{
  return sched_getcpu ();
}

int
dyno_platform_pin_thread (int from, guint nth)
{
  cpu_set_t allowed, one;
  int cpus[CPU_SETSIZE];
  guint n = 0, start = 0;

  /* The CPUs a cpuset or taskset left this process (its main thread's, not this thread's
   * own, which an earlier pin narrowed), in order. */
  if (sched_getaffinity (getpid (), sizeof allowed, &allowed) != 0)
    return -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET (cpu, &allowed))
      {
        if (cpu == from)
          start = n;
        cpus[n++] = cpu;
      }
  if (n == 0)
    return -1;
  CPU_ZERO (&one);
  CPU_SET (cpus[(start + nth) % n], &one);
  if (sched_setaffinity (0, sizeof one, &one) != 0)
    return -1;
  return cpus[(start + nth) % n];
}

double
dyno_platform_thread_cpu_self (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_THREAD, &usage) != 0)
    return NAN;
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec
         + usage.ru_stime.tv_usec / 1e6;
}

void
dyno_platform_thread_clock_self (DynoThreadClock *out)
{
  clockid_t clock;

  out->valid = pthread_getcpuclockid (pthread_self (), &clock) == 0;
  out->id = out->valid ? (gint64) clock : 0;
}

double
dyno_platform_thread_clock_read (const DynoThreadClock *clock)
{
  struct timespec ts;

  /* The clock dies with its thread; EINVAL then means "no longer running". */
  if (!clock->valid || clock_gettime ((clockid_t) clock->id, &ts) != 0)
    return NAN;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

double
dyno_platform_process_cpu (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return NAN;
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec
         + usage.ru_stime.tv_usec / 1e6;
}

guint64
dyno_platform_ram_bytes (void)
{
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);

  if (pages <= 0 || page_size <= 0)
    return 0;
  return (guint64) pages * (guint64) page_size;
}

guint64
dyno_platform_address_space_used (void)
{
  g_autofree char *text = NULL;
  guint64 pages = 0;
  long page_size = sysconf (_SC_PAGESIZE);

  /* statm's first field: the pages mapped, VmSize, what RLIMIT_AS counts. */
  if (!g_file_get_contents ("/proc/self/statm", &text, NULL, NULL) || page_size <= 0
      || sscanf (text, "%" G_GUINT64_FORMAT, &pages) != 1)
    return 0;
  return pages * (guint64) page_size;
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
  int ret;

  /* DONTNEED skips dirty pages, so they must be on disk first (man 2 posix_fadvise). */
  if (fsync (fd) != 0)
    return set_errno_error (error, errno, "fsync");
  ret = posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
  if (ret != 0)
    return set_errno_error (error, ret, "posix_fadvise");
  return TRUE;
}

double
dyno_platform_resident_fraction (int fd, guint64 size)
{
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

      if (map == MAP_FAILED)
        return NAN;
      if (mincore (map, len, vec) != 0)
        {
          munmap (map, len);
          return NAN;
        }
      munmap (map, len);
      for (gsize i = 0; i < n; i++)
        pages_resident += vec[i] & 1;
      pages_total += n;
    }
  return pages_total ? (double) pages_resident / (double) pages_total : NAN;
}

gboolean
dyno_platform_can_drop_caches (void)
{
  return access ("/proc/sys/vm/drop_caches", W_OK) == 0;
}

gboolean
dyno_platform_drop_caches (GError **error)
{
  int fd;

  sync ();
  fd = open ("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return set_errno_error (error, errno, "/proc/sys/vm/drop_caches");
  if (write (fd, "1", 1) != 1)
    {
      int saved = errno;

      close (fd);
      return set_errno_error (error, saved, "/proc/sys/vm/drop_caches");
    }
  close (fd);
  return TRUE;
}

int
dyno_platform_direct_open_flag (void)
{
  return O_DIRECT;
}

gboolean
dyno_platform_set_direct (int fd, GError **error)
{
  int flags = fcntl (fd, F_GETFL);

  if (flags < 0 || fcntl (fd, F_SETFL, flags | O_DIRECT) != 0)
    return set_errno_error (error, errno, "O_DIRECT");
  return TRUE;
}

gsize
dyno_platform_direct_alignment (int fd)
{
  struct statvfs vfs;
  gsize align = 4096;

  /* The logical block size is what O_DIRECT needs; the fs block size is a safe multiple. */
  if (fstatvfs (fd, &vfs) == 0 && vfs.f_bsize > align && vfs.f_bsize <= 65536)
    align = vfs.f_bsize;
  return align;
}

gboolean
dyno_platform_sync_fs (int fd, GError **error)
{
  /* Twice: on ext4 the first syncfs() commits the journal, which leaves the metadata it
   * committed dirty in the block device's cache to be written in place later; only the next
   * syncfs() writes those. Measured on a device limited to 400 writes/s: 64 Ki creates synced
   * once in 0.04 s, and the next syncfs() took 23 s. A file test's figure must include that
   * writing, not hand it to the next phase. */
  for (guint i = 0; i < 2; i++)
    if (syncfs (fd) != 0)
      return set_errno_error (error, errno, "syncfs");
  return TRUE;
}

static char *
read_boot_id (void)
{
  g_autofree char *boot_id = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &boot_id, NULL, NULL))
    return g_strdup ("unknown-boot");
  return g_strdup (g_strstrip (boot_id));
}

char *
dyno_platform_machine_id (void)
{
  static const char *const paths[] = { "/etc/machine-id", "/var/lib/dbus/machine-id" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *text = NULL;

      if (g_file_get_contents (paths[i], &text, NULL, NULL) && *g_strstrip (text) != '\0')
        return g_steal_pointer (&text);
    }
  return NULL;
}

char *
dyno_platform_process_identity (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  g_autofree char *boot_id = NULL;
  const char *p;
  unsigned long long start_time = 0;

  if (kill (pid, 0) != 0 && errno == ESRCH)
    return NULL;
  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return NULL;
  /* The command name may hold spaces and parentheses: fields restart after the last ')'. */
  p = strrchr (stat, ')');
  if (p == NULL
      || sscanf (p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d "
                        "%*d %llu",
                 &start_time)
             != 1)
    return NULL;
  boot_id = read_boot_id ();
  return g_strdup_printf ("%s:%llu", boot_id, start_time);
}
