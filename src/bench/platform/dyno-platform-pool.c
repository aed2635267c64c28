/* dyno-platform-pool.c: the layout of a btrfs file system or a ZFS pool, from their own tools
 *
 * md RAID and LVM describe themselves in sysfs; btrfs and ZFS keep their device lists and
 * profiles to themselves, and say them through `btrfs filesystem show` / `btrfs filesystem df`
 * and `zpool status -P` (the same on Linux and FreeBSD). The text is read by the parsers in
 * src/model/dyno-array.c, which the tests feed recorded output.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "dyno-platform-device.h"

/* A tool's standard output, or NULL when it is not installed, fails (btrfs needs root for
 * the device list) or does not answer within the limit (a suspended pool). */
static char *
run_tool (const char *tool, const char *const *args)
{
  g_autofree char *program = g_find_program_in_path (tool);
  g_autofree char *timeout = g_find_program_in_path ("timeout");
  g_autoptr (GStrvBuilder) builder = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_auto (GStrv) argv = NULL;
  g_autofree char *out = NULL;

  if (program == NULL)
    return NULL;
  builder = g_strv_builder_new ();
  /* A pool whose devices went away can hang its tools; the description is not worth that. */
  if (timeout != NULL)
    g_strv_builder_add_many (builder, timeout, "10", NULL);
  g_strv_builder_add (builder, program);
  g_strv_builder_addv (builder, (const char **) args);
  argv = g_strv_builder_end (builder);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  /* The parsers read the tools' English. */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv, NULL);
  if (process == NULL
      || !g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, NULL)
      || !g_subprocess_get_if_exited (process) || g_subprocess_get_exit_status (process) != 0)
    return NULL;
  return g_steal_pointer (&out);
}

DynoArrayInfo *
dyno_platform_describe_pool (const char *fs_type, const char *mount_point, const char *mount_source)
{
  if (fs_type == NULL)
    return NULL;

  if (g_str_equal (fs_type, "btrfs") && mount_point != NULL)
    {
      const char *show_args[] = { "filesystem", "show", mount_point, NULL };
      const char *df_args[] = { "filesystem", "df", mount_point, NULL };
      g_autofree char *show = run_tool ("btrfs", show_args);
      g_autofree char *df = NULL;

      if (show == NULL)
        return NULL;
      /* Without the data profile the layout is still worth its device list. */
      df = run_tool ("btrfs", df_args);
      return dyno_array_parse_btrfs (show, df, NULL);
    }

  if (g_str_equal (fs_type, "zfs") && mount_source != NULL && mount_source[0] != '\0')
    {
      /* A dataset is "pool/child/…": the pool is its first part. */
      g_autofree char *pool = g_strndup (mount_source, strcspn (mount_source, "/"));
      const char *args[] = { "status", "-P", pool, NULL };
      g_autofree char *status = NULL;

      /* A pool name never starts with "-": not an option of zpool either. */
      if (pool[0] == '\0' || pool[0] == '-')
        return NULL;
      status = run_tool ("zpool", args);
      return status != NULL ? dyno_array_parse_zpool_status (status, NULL) : NULL;
    }
  return NULL;
}
