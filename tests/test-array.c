/* test-array.c: disk arrays and their data spindles, from fake sysfs trees and recorded text
 *
 * The md RAID and LVM cases build a sysfs tree here as the kernel lays it out (md/level,
 * md/raid_disks, md/chunk_size, md/layout, md/dev-NAME/state and block, slaves/, the members'
 * size, queue/rotational and device/model); btrfs and ZFS come from recorded command output in
 * tests/fixtures/arrays/. The per-spindle figures are those of a 24-drive machine with two
 * 11-drive RAID6 sets and 2 hot spares, computed as its builders did (decimal MB/s from dd's
 * bytes and seconds).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "dyno-array.h"
#include "dyno-report.h"
#include "dyno-test-util.h"
/* Every platform: the pool description (btrfs, ZFS) is the same everywhere. */
#include "platform/dyno-platform-device.h"

/* Seed figures: dd of 83886080000 bytes in 52.9713 s (read) and 74.7441 s (write). */
#define SEED_BYTES 83886080000.0
#define SEED_READ_SECONDS 52.9713
#define SEED_WRITE_SECONDS 74.7441

static char *
fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "arrays", name, NULL);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
test_spindle_table (void)
{
  static const struct
  {
    const char *level;
    guint n;
    guint copies;
    guint read;
    guint write;
  } cases[] = {
    { "raid0", 4, 0, 4, 4 },   { "raid1", 2, 0, 2, 1 },  { "raid1", 3, 0, 3, 1 },
    { "raid4", 5, 0, 4, 4 },   { "raid5", 5, 0, 4, 4 },  { "raid6", 11, 0, 9, 9 },
    { "raid10", 4, 2, 2, 2 },  { "raid10", 6, 3, 2, 2 }, { "raidz1", 5, 0, 4, 4 },
    { "raidz2", 8, 0, 6, 6 },  { "raidz3", 11, 0, 8, 8 }, { "mirror", 2, 0, 2, 1 },
    { "linear", 3, 0, 1, 1 },
  };
  guint read;
  guint write;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_true (dyno_array_data_spindles (cases[i].level, cases[i].n, cases[i].copies,
                                               &read, &write));
      g_assert_cmpuint (read, ==, cases[i].read);
      g_assert_cmpuint (write, ==, cases[i].write);
    }
  g_assert_false (dyno_array_data_spindles ("raid7", 4, 0, &read, &write));
  g_assert_cmpuint (read, ==, 0);
}

static void
test_btrfs_raid1 (void)
{
  g_autofree char *show = fixture ("btrfs-raid1-show.txt");
  g_autofree char *df = fixture ("btrfs-raid1-df.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoArrayInfo) info = dyno_array_parse_btrfs (show, df, &error);
  g_autoptr (DynoArrayInfo) bare = NULL;
  const DynoArrayMember *first;

  g_assert_no_error (error);
  g_assert_nonnull (info);
  g_assert_cmpstr (info->name, ==, "tank");
  g_assert_cmpstr (info->level, ==, "btrfs raid1");
  g_assert_cmpuint (info->members->len, ==, 4);
  first = g_ptr_array_index (info->members, 0);
  g_assert_cmpstr (first->name, ==, "/dev/sdb");
  g_assert_cmpuint (first->size, ==, (guint64) llround (3.64 * 1099511627776.0));
  g_assert_cmpuint (info->data_spindles_read, ==, 2);
  g_assert_cmpuint (info->data_spindles_write, ==, 2);
  g_assert_nonnull (strstr (info->source, "btrfs filesystem df"));

  /* Without df the profile is unknown, and so are the spindles. */
  bare = dyno_array_parse_btrfs (show, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bare->level, ==, "btrfs ?");
  g_assert_cmpuint (bare->data_spindles_read, ==, 0);

  g_assert_null (dyno_array_parse_btrfs ("no btrfs here\n", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

/* A stand-in for a btrfs or zpool program: logs its arguments to DIR/NAME.args and prints the
 * recorded output, or fails when told to. */
static void
write_fake_tool (const char *dir, const char *name, const char *script_body)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\n"
                                             "echo \"$*\" >> '%s/%s.args'\n"
                                             "%s\n",
                                             dir, name, script_body);

  dyno_test_write_file (path, script);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
}

static char *
tool_args (const char *dir, const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.args", dir, name);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return contents;
}

/* A target on btrfs or ZFS: the platform asks their tools, and the recorded outputs come back
 * as the layout; another file system, a tool that fails or none at all give no array. */
static void
test_pool_from_tools (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-fake-tools");
  g_autofree char *fixtures = g_test_build_filename (G_TEST_DIST, "fixtures", "arrays", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = g_strdup_printf ("%s:%s", dir, old_path);
  g_autofree char *btrfs_body = g_strdup_printf (
      "case \"$2\" in show) cat '%s/btrfs-raid1-show.txt';; df) cat '%s/btrfs-raid1-df.txt';; "
      "*) exit 1;; esac", fixtures, fixtures);
  g_autofree char *zpool_body = g_strdup_printf (
      "[ \"$1 $2 $3\" = 'status -P vault' ] || exit 1; cat '%s/zpool-raidz2-status.txt'",
      fixtures);
  g_autoptr (DynoArrayInfo) btrfs = NULL;
  g_autoptr (DynoArrayInfo) zfs = NULL;
  g_autoptr (DynoArrayInfo) other = NULL;
  g_autoptr (DynoArrayInfo) refused = NULL;
  g_autoptr (DynoArrayInfo) missing = NULL;
  g_autofree char *args = NULL;

  write_fake_tool (dir, "btrfs", btrfs_body);
  write_fake_tool (dir, "zpool", zpool_body);
  g_setenv ("PATH", path, TRUE);

  btrfs = dyno_platform_describe_pool ("btrfs", "/srv/pool", "/dev/sdb");
  g_assert_nonnull (btrfs);
  g_assert_cmpstr (btrfs->level, ==, "btrfs raid1");
  g_assert_nonnull (strstr (btrfs->source, "btrfs filesystem df"));
  args = tool_args (dir, "btrfs");
  g_assert_cmpstr (args, ==, "filesystem show /srv/pool\nfilesystem df /srv/pool\n");
  g_clear_pointer (&args, g_free);

  /* The dataset's pool, not the dataset, goes to zpool. */
  zfs = dyno_platform_describe_pool ("zfs", "/vault/media", "vault/media");
  g_assert_nonnull (zfs);
  g_assert_cmpstr (zfs->level, ==, "raidz2");
  g_assert_cmpuint (zfs->data_spindles_read, ==, 6);
  args = tool_args (dir, "zpool");
  g_assert_cmpstr (args, ==, "status -P vault\n");

  other = dyno_platform_describe_pool ("ext4", "/srv", "/dev/sda1");
  g_assert_null (other);
  /* zpool fails for another pool: no array, no error. */
  refused = dyno_platform_describe_pool ("zfs", "/tank", "tank");
  g_assert_null (refused);

  /* Neither tool installed. */
  g_setenv ("PATH", "/nonexistent", TRUE);
  missing = dyno_platform_describe_pool ("btrfs", "/srv/pool", "/dev/sdb");
  g_assert_null (missing);

  g_setenv ("PATH", old_path, TRUE);
  dyno_test_rm_rf (dir);
}

static void
test_zpool_raidz2 (void)
{
  g_autofree char *text = fixture ("zpool-raidz2-status.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoArrayInfo) info = dyno_array_parse_zpool_status (text, &error);
  g_autofree char *describe = NULL;
  guint spares = 0;

  g_assert_no_error (error);
  g_assert_nonnull (info);
  g_assert_cmpstr (info->name, ==, "vault");
  g_assert_cmpstr (info->level, ==, "raidz2");
  /* 8 in raidz2-0 and the spare; the log mirror and the cache carry no data. */
  g_assert_cmpuint (info->members->len, ==, 9);
  for (guint i = 0; i < info->members->len; i++)
    {
      const DynoArrayMember *m = g_ptr_array_index (info->members, i);

      spares += m->spare;
      if (!m->spare)
        g_assert_cmpstr (m->group, ==, "raidz2-0");
    }
  g_assert_cmpuint (spares, ==, 1);
  g_assert_cmpuint (info->spares, ==, 1);
  g_assert_cmpuint (info->data_spindles_read, ==, 6);
  g_assert_cmpuint (info->data_spindles_write, ==, 6);
  g_assert_cmpstr (info->source, ==, "zpool status -P");
  describe = dyno_array_info_describe (info);
  g_assert_cmpstr (describe, ==, "raidz2, 8 members + 1 spare: 6 data spindles");

  g_assert_null (dyno_array_parse_zpool_status ("pool: x\n", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

static void
test_zpool_two_vdevs (void)
{
  const char *text = "  pool: big\n state: ONLINE\nconfig:\n\n"
                     "\tNAME        STATE     READ WRITE CKSUM\n"
                     "\tbig         ONLINE       0     0     0\n"
                     "\t  mirror-0  ONLINE       0     0     0\n"
                     "\t    /dev/sda1  ONLINE       0     0     0\n"
                     "\t    /dev/sdb1  ONLINE       0     0     0\n"
                     "\t  mirror-1  ONLINE       0     0     0\n"
                     "\t    /dev/sdc1  ONLINE       0     0     0\n"
                     "\t    /dev/sdd1  ONLINE       0     0     0\n"
                     "\nerrors: No known data errors\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DynoArrayInfo) info = dyno_array_parse_zpool_status (text, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (info->level, ==, "2 × mirror");
  g_assert_cmpuint (info->data_spindles_read, ==, 4);
  g_assert_cmpuint (info->data_spindles_write, ==, 2);
}

#if DYNO_PLATFORM_LINUX
/* A fake sysfs under root ------------------------------------------------------------------ */

static void
put (const char *root, const char *relative, const char *contents)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  dyno_test_write_file (path, contents);
}

static void
link_to (const char *root, const char *relative, const char *target_relative)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *target = g_build_filename (root, target_relative, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (symlink (target, path), ==, 0);
}

/* A 2 TB SATA disk sdNAME, optionally with a partition 1 used as the member. */
static char *
add_disk (const char *root, const char *name, gboolean partition, const char *model,
          gboolean rotational)
{
  g_autofree char *base = g_strdup_printf ("block/%s", name);
  g_autofree char *p = NULL;

  p = g_strdup_printf ("%s/device/model", base);
  put (root, p, model);
  g_clear_pointer (&p, g_free);
  p = g_strdup_printf ("%s/queue/rotational", base);
  put (root, p, rotational ? "1\n" : "0\n");
  g_clear_pointer (&p, g_free);
  p = g_strdup_printf ("%s/size", base);
  put (root, p, "3907029168\n");
  g_clear_pointer (&p, g_free);
  if (!partition)
    return g_strdup (base);
  p = g_strdup_printf ("%s/%s1/partition", base, name);
  put (root, p, "1\n");
  g_clear_pointer (&p, g_free);
  p = g_strdup_printf ("%s/%s1/size", base, name);
  put (root, p, "3907026944\n");
  g_clear_pointer (&p, g_free);
  return g_strdup_printf ("%s/%s1", base, name);
}

/* md NAME at LEVEL over members (disk names) with the last n_spares of them spares. */
static void
add_md (const char  *root,
        const char  *name,
        const char  *level,
        const char  *chunk,
        const char  *layout,
        const char **members,
        guint        n_spares,
        gboolean     partitions)
{
  guint n = g_strv_length ((char **) members);
  g_autofree char *p = NULL;
  g_autofree char *text = NULL;

  p = g_strdup_printf ("block/%s/md/level", name);
  text = g_strdup_printf ("%s\n", level);
  put (root, p, text);
  g_clear_pointer (&p, g_free);
  g_clear_pointer (&text, g_free);
  p = g_strdup_printf ("block/%s/md/raid_disks", name);
  text = g_strdup_printf ("%u\n", n - n_spares);
  put (root, p, text);
  g_clear_pointer (&p, g_free);
  p = g_strdup_printf ("block/%s/md/chunk_size", name);
  put (root, p, chunk);
  g_clear_pointer (&p, g_free);
  p = g_strdup_printf ("block/%s/md/layout", name);
  put (root, p, layout);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *member = add_disk (root, members[i], partitions, "WDC WD2003FYYS-0",
                                          TRUE);
      g_autofree char *member_name = g_path_get_basename (member);
      g_autofree char *state = g_strdup_printf ("block/%s/md/dev-%s/state", name, member_name);
      g_autofree char *block = g_strdup_printf ("block/%s/md/dev-%s/block", name, member_name);
      g_autofree char *slave = g_strdup_printf ("block/%s/slaves/%s", name, member_name);

      put (root, state, i >= n - n_spares ? "spare\n" : "in_sync\n");
      link_to (root, block, member);
      link_to (root, slave, member);
    }
}

static const char *raid6_a[] = { "sda", "sdb", "sdc", "sdd", "sde", "sdf", "sdg", "sdh", "sdi",
                                 "sdj", "sdk", "sdy", NULL };
static const char *raid6_b[] = { "sdl", "sdm", "sdn", "sdo", "sdp", "sdq", "sdr", "sds", "sdt",
                                 "sdu", "sdv", "sdz", NULL };

static void
test_md_raid6 (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-test-array-");
  const char *members[] = { "sda", "sdb", "sdc", "sdd", "sde", "sdf", "sdg", "sdh", "sdi",
                            "sdj", "sdk", "sdl", "sdm", NULL };
  g_autoptr (DynoArrayInfo) info = NULL;
  g_autofree char *describe = NULL;
  const DynoArrayMember *m;

  /* 11 members and 2 hot spares, members on partitions 1 */
  add_md (root, "md0", "raid6", "524288\n", "2\n", members, 2, TRUE);
  info = dyno_linux_describe_array (root, "md0");
  g_assert_nonnull (info);
  g_assert_cmpstr (info->name, ==, "md0");
  g_assert_cmpstr (info->level, ==, "raid6");
  g_assert_cmpuint (info->members->len, ==, 13);
  g_assert_cmpuint (info->spares, ==, 2);
  g_assert_cmpuint (dyno_array_info_get_n_active (info), ==, 11);
  g_assert_cmpuint (info->chunk, ==, 512 * 1024);
  g_assert_cmpuint (info->data_spindles_read, ==, 9);
  g_assert_cmpuint (info->data_spindles_write, ==, 9);
  m = g_ptr_array_index (info->members, 0);
  g_assert_cmpstr (m->name, ==, "sda1");
  g_assert_cmpstr (m->model, ==, "WDC WD2003FYYS-0");
  g_assert_cmpint (m->rotational, ==, DYNO_TRISTATE_YES);
  g_assert_cmpuint (m->size, ==, G_GUINT64_CONSTANT (3907026944) * 512);
  g_assert_false (m->spare);
  g_assert_true (((DynoArrayMember *) g_ptr_array_index (info->members, 12))->spare);
  g_assert_nonnull (strstr (info->source, "sysfs md/level"));
  describe = dyno_array_info_describe (info);
  g_assert_cmpstr (describe, ==, "raid6, 11 members + 2 spares, 512 KiB chunks: "
                                 "9 data spindles");

  /* Its JSON, as dyno-cli scan writes it */
  {
    g_autoptr (JsonBuilder) b = json_builder_new ();
    g_autoptr (JsonNode) node = NULL;
    JsonObject *o;
    JsonArray *list;

    dyno_array_info_to_json (info, b);
    node = json_builder_get_root (b);
    o = json_node_get_object (node);
    g_assert_cmpstr (json_object_get_string_member (o, "level"), ==, "raid6");
    g_assert_cmpint (json_object_get_int_member (o, "data_spindles_read"), ==, 9);
    g_assert_cmpint (json_object_get_int_member (o, "chunk"), ==, 524288);
    list = json_object_get_array_member (o, "members");
    g_assert_cmpuint (json_array_get_length (list), ==, 13);
    g_assert_true (json_object_get_boolean_member (json_array_get_object_element (list, 12),
                                                   "spare"));
  }
  dyno_test_rm_rf (root);
}

static void
test_md_raid10_and_raid1 (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-test-array-");
  const char *four[] = { "sda", "sdb", "sdc", "sdd", NULL };
  const char *two[] = { "nvme0n1", "nvme1n1", NULL };
  g_autoptr (DynoArrayInfo) raid10 = NULL;
  g_autoptr (DynoArrayInfo) raid1 = NULL;
  g_autofree char *describe = NULL;

  /* md's default raid10 layout n2: 0x102, two near copies */
  add_md (root, "md1", "raid10", "524288\n", "258\n", four, 0, FALSE);
  add_md (root, "md2", "raid1", "0\n", "0\n", two, 0, FALSE);
  raid10 = dyno_linux_describe_array (root, "md1");
  raid1 = dyno_linux_describe_array (root, "md2");
  g_assert_cmpuint (raid10->members->len, ==, 4);
  g_assert_cmpuint (raid10->data_spindles_read, ==, 2);
  g_assert_cmpuint (raid10->data_spindles_write, ==, 2);
  g_assert_cmpuint (raid1->members->len, ==, 2);
  g_assert_cmpuint (raid1->data_spindles_read, ==, 2);
  g_assert_cmpuint (raid1->data_spindles_write, ==, 1);
  g_assert_cmpuint (raid1->chunk, ==, 0);
  describe = dyno_array_info_describe (raid1);
  g_assert_cmpstr (describe, ==, "raid1, 2 members: 2 data spindles for reads, 1 for writes");
  dyno_test_rm_rf (root);
}

static void
test_lvm_on_md (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-test-array-");
  g_autoptr (DynoArrayInfo) one = NULL;
  g_autoptr (DynoArrayInfo) both = NULL;

  /* The seed's machine: 24 drives, two 11-drive RAID6 sets with a hot spare each, and LVM
   * over them (dm-1); dm-0 is a volume on md0 alone. */
  add_md (root, "md0", "raid6", "524288\n", "2\n", raid6_a, 1, FALSE);
  add_md (root, "md1", "raid6", "524288\n", "2\n", raid6_b, 1, FALSE);
  put (root, "block/dm-0/dm/name", "vg0-lv0\n");
  link_to (root, "block/dm-0/slaves/md0", "block/md0");
  put (root, "block/dm-1/dm/name", "vg1-big\n");
  link_to (root, "block/dm-1/slaves/md0", "block/md0");
  link_to (root, "block/dm-1/slaves/md1", "block/md1");

  one = dyno_linux_describe_array (root, "dm-0");
  g_assert_nonnull (one);
  g_assert_cmpstr (one->name, ==, "md0");
  g_assert_cmpstr (one->level, ==, "raid6");
  g_assert_cmpuint (one->data_spindles_read, ==, 9);
  g_assert_true (g_str_has_prefix (one->source, "sysfs dm-0/slaves → md0: sysfs md/level"));

  both = dyno_linux_describe_array (root, "dm-1");
  g_assert_nonnull (both);
  g_assert_cmpstr (both->level, ==, "dm-1 (raid6 + raid6)");
  g_assert_cmpuint (both->members->len, ==, 24);
  g_assert_cmpuint (both->spares, ==, 2);
  g_assert_cmpuint (both->data_spindles_read, ==, 18);
  g_assert_cmpuint (both->data_spindles_write, ==, 18);
  g_assert_cmpstr (((DynoArrayMember *) g_ptr_array_index (both->members, 23))->group, ==, "md1");

  /* A plain disk is no array. */
  g_assert_null (dyno_linux_describe_array (root, "sda"));
  g_assert_null (dyno_linux_describe_array (root, "sdx"));
  dyno_test_rm_rf (root);
}
#endif

static void
test_per_spindle_seed (void)
{
  double read = SEED_BYTES / SEED_READ_SECONDS;
  double write = SEED_BYTES / SEED_WRITE_SECONDS;
  g_autofree char *read_text = NULL;
  g_autofree char *write_text = NULL;
  g_autofree char *plain = NULL;
  guint spindles;
  guint w;

  /* Two RAID6 sets of 11: 9 each. */
  g_assert_true (dyno_array_data_spindles ("raid6", 11, 0, &spindles, &w));
  spindles *= 2;
  g_assert_cmpuint (spindles, ==, 18);

  /* "1.6 GB/s (… 1.58 …), 87.98 MB/s read speed per spindle", "94.6% read efficiency" */
  g_assert_cmpfloat (round (read / 1e7) / 100, ==, 1.58);
  g_assert_cmpfloat (round (dyno_array_rate_per_spindle (read, spindles) / 1e4) / 100, ==, 87.98);
  g_assert_cmpfloat (round (dyno_array_efficiency (read, spindles, 93e6) * 1000) / 10, ==, 94.6);
  /* "1.1 GB/s (… 1.12 …), we are seeing 62.4 MB/s", "89.1% efficient on writes" */
  g_assert_cmpfloat (round (write / 1e7) / 100, ==, 1.12);
  g_assert_cmpfloat (round (dyno_array_rate_per_spindle (write, spindles) / 1e5) / 10, ==, 62.4);
  g_assert_cmpfloat (round (dyno_array_efficiency (write, spindles, 70e6) * 1000) / 10, ==, 89.1);

  read_text = dyno_array_format_per_spindle (read, spindles, 93e6);
  write_text = dyno_array_format_per_spindle (write, spindles, 70e6);
  plain = dyno_array_format_per_spindle (read, spindles, NAN);
  g_assert_cmpstr (read_text, ==, "1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, "
                                  "94.6 % of 93 MB/s (one drive)");
  g_assert_cmpstr (write_text, ==, "1.12 GB/s over 18 data spindles: 62.35 MB/s per spindle, "
                                   "89.1 % of 70 MB/s (one drive)");
  g_assert_cmpstr (plain, ==, "1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle");

  g_assert_true (isnan (dyno_array_rate_per_spindle (read, 0)));
  g_assert_true (isnan (dyno_array_efficiency (read, 18, 0)));
  g_assert_true (isnan (dyno_array_efficiency (NAN, 18, 93e6)));
}

static void
add_phase (DynoTargetResult *target, const char *key, double rate)
{
  DynoPhaseResult *phase = dyno_phase_result_new (dyno_phase_lookup (key));
  DynoPhaseRun run;

  dyno_phase_run_init (&run);
  run.amount = (guint64) SEED_BYTES;
  run.elapsed = SEED_BYTES / rate;
  run.rate = rate;
  dyno_phase_result_add_run (phase, &run);
  dyno_phase_result_summarize (phase);
  g_ptr_array_add (target->phases, phase);
}

static void
test_per_spindle_result (void)
{
  g_autoptr (DynoResult) result = dyno_result_new ();
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/big"));
  g_autofree char *text = NULL;

  add_phase (target, "write", SEED_BYTES / SEED_WRITE_SECONDS);
  add_phase (target, "read", SEED_BYTES / SEED_READ_SECONDS);
  add_phase (target, "seeks", 250);
  dyno_result_add_target (result, target);
  text = dyno_array_format_result_per_spindle (result, 18, 18, 93e6, 70e6);
  g_assert_cmpstr (text, ==,
                   "/big: Block write: 1.12 GB/s over 18 data spindles: 62.35 MB/s per spindle, "
                   "89.1 % of 70 MB/s (one drive)\n"
                   "/big: Block read: 1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, "
                   "94.6 % of 93 MB/s (one drive)\n");
}

static void
test_parse_reference (void)
{
  g_autoptr (GError) error = NULL;
  double read = 0;
  double write = 0;

  g_assert_true (dyno_array_parse_reference ("93M", &read, &write, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (read, ==, 93e6);
  g_assert_cmpfloat (write, ==, 93e6);
  g_assert_true (dyno_array_parse_reference ("93MB/s,70 MB/s", &read, &write, &error));
  g_assert_cmpfloat (read, ==, 93e6);
  g_assert_cmpfloat (write, ==, 70e6);
  g_assert_true (dyno_array_parse_reference ("1.6G", &read, &write, &error));
  g_assert_cmpfloat (read, ==, 1.6e9);
  g_assert_true (dyno_array_parse_reference ("88MiB/s", &read, &write, &error));
  g_assert_cmpfloat (read, ==, 88 * 1048576.0);
  g_assert_true (dyno_array_parse_reference ("93000000", &read, &write, &error));
  g_assert_cmpfloat (read, ==, 93e6);
  g_assert_false (dyno_array_parse_reference ("fast", &read, &write, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (dyno_array_parse_reference ("93M,70M,1M", &read, &write, &error));
  g_clear_error (&error);
  g_assert_false (dyno_array_parse_reference ("-5M", &read, &write, &error));
  g_clear_error (&error);
  g_assert_false (dyno_array_parse_reference ("93X", &read, &write, &error));
}

#if DYNO_PLATFORM_LINUX
static gboolean
has_line (const char *text, const char *line)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_equal (lines[i], line))
      return TRUE;
  return FALSE;
}

/* The run path: a target whose collected info found the seed's array (two 11-drive RAID6 sets
 * under LVM, a spare each, from a fake sysfs), with dyno-cli run --reference 93M,70M. The text
 * report gives the seed's figures; the result file keeps the array and the reference, and a
 * file without them still loads. */
static void
test_run_report_seed (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-test-array-");
  g_autofree char *file = NULL;
  g_autoptr (DynoResult) result = dyno_result_new ();
  g_autoptr (DynoResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  DynoTargetResult *target = dyno_target_result_new (dyno_target_info_new ("/big"));
  const DynoTargetResult *back;
  g_autofree char *report = NULL;
  g_autofree char *again = NULL;
  g_autofree char *json = NULL;
  g_autofree char *compare = NULL;
  guint read = 0, write = 0;
  const char *how = NULL;

  add_md (root, "md0", "raid6", "524288\n", "2\n", raid6_a, 1, FALSE);
  add_md (root, "md1", "raid6", "524288\n", "2\n", raid6_b, 1, FALSE);
  put (root, "block/dm-1/dm/name", "vg1-big\n");
  link_to (root, "block/dm-1/slaves/md0", "block/md0");
  link_to (root, "block/dm-1/slaves/md1", "block/md1");
  target->info->array = dyno_linux_describe_array (root, "dm-1");
  g_assert_nonnull (target->info->array);
  add_phase (target, "write", SEED_BYTES / SEED_WRITE_SECONDS);
  add_phase (target, "read", SEED_BYTES / SEED_READ_SECONDS);
  add_phase (target, "seeks", 250);
  dyno_result_add_target (result, target);

  /* Without a reference: the per-spindle rate only. */
  g_assert_true (dyno_array_target_spindles (target, &read, &write, &how));
  g_assert_cmpuint (read, ==, 18);
  g_assert_cmpuint (write, ==, 18);
  g_assert_true (g_str_has_prefix (how, "sysfs dm-1/slaves"));
  report = dyno_report_text (result, DYNO_RATE_UNIT_MB);
  g_assert_true (has_line (report, "  Block read: 1.58 GB/s = 87.98 MB/s per data spindle"));
  g_clear_pointer (&report, g_free);

  g_assert_true (dyno_array_target_set_reference (target, 93e6, 70e6));
  g_assert_false (dyno_array_target_set_reference (target, 0, 70e6));
  report = dyno_report_text (result, DYNO_RATE_UNIT_MB);
  g_test_message ("%s", report);
  g_assert_nonnull (strstr (report, "Per data spindle, on dm-1 (raid6 + raid6), 22 members + 2 "
                                    "spares, 512 KiB chunks: 18 data spindles (sysfs dm-1/"));
  g_assert_true (has_line (report, "  one drive alone: 93 MB/s read, 70 MB/s write"));
  g_assert_true (has_line (report, "  Block write: 1.12 GB/s = 62.35 MB/s per data spindle = "
                                   "89.1 % of one drive"));
  g_assert_true (has_line (report, "  Block read: 1.58 GB/s = 87.98 MB/s per data spindle = "
                                   "94.6 % of one drive"));
  /* Seeks are not a throughput. */
  g_assert_null (strstr (report, "Random seeks: "));

  /* Kept in the result file, and back the same. */
  file = g_build_filename (root, "run.json", NULL);
  g_assert_true (dyno_result_save (result, file, &error));
  g_assert_no_error (error);
  loaded = dyno_result_load (file, &error);
  g_assert_no_error (error);
  back = dyno_result_get_target (loaded, 0);
  g_assert_cmpfloat (back->reference_read, ==, 93e6);
  g_assert_cmpfloat (back->reference_write, ==, 70e6);
  g_assert_cmpuint (back->spindles_read, ==, 0);
  g_assert_nonnull (back->info->array);
  g_assert_cmpuint (back->info->array->members->len, ==, 24);
  g_assert_cmpuint (back->info->array->spares, ==, 2);
  g_assert_cmpuint (back->info->array->data_spindles_read, ==, 18);
  g_assert_cmpstr (back->info->array->level, ==, target->info->array->level);
  g_assert_cmpstr (((DynoArrayMember *) g_ptr_array_index (back->info->array->members, 0))->model,
                   ==, "WDC WD2003FYYS-0");
  again = dyno_report_text (loaded, DYNO_RATE_UNIT_MB);
  g_assert_cmpstr (again, ==, report);
  /* dyno-cli compare's lines without --per-spindle or --reference: the stored ones. */
  compare = dyno_array_format_result_per_spindle (loaded, 0, 0, NAN, NAN);
  g_assert_cmpstr (compare, ==,
                   "/big: Block write: 1.12 GB/s over 18 data spindles: 62.35 MB/s per spindle, "
                   "89.1 % of 70 MB/s (one drive)\n"
                   "/big: Block read: 1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, "
                   "94.6 % of 93 MB/s (one drive)\n");

  /* Spindles given (--per-spindle 9) override the array's, and are kept. */
  dyno_result_get_target (loaded, 0)->spindles_read = 9;
  dyno_result_get_target (loaded, 0)->spindles_write = 9;
  g_clear_pointer (&report, g_free);
  report = dyno_report_text (loaded, DYNO_RATE_UNIT_MB);
  g_assert_true (has_line (report, "Per data spindle, 9 data spindles (given):"));
  g_assert_true (has_line (report, "  Block read: 1.58 GB/s = 175.96 MB/s per data spindle = "
                                   "189.2 % of one drive"));
  json = dyno_result_to_json (loaded, FALSE);
  g_assert_nonnull (strstr (json, "\"data_spindles\":{\"read\":9,\"write\":9}"));
  g_assert_nonnull (strstr (json, "\"reference\":{\"read\":93000000"));

  /* A file without any of it (the format before) has no per-spindle block. */
  {
    g_autoptr (DynoResult) plain = dyno_result_new ();
    DynoTargetResult *t = dyno_target_result_new (dyno_target_info_new ("/srv"));
    g_autofree char *text = NULL;
    g_autofree char *plain_json = NULL;
    g_autoptr (DynoResult) plain_back = NULL;

    add_phase (t, "read", 1e8);
    dyno_result_add_target (plain, t);
    plain_json = dyno_result_to_json (plain, FALSE);
    g_assert_null (strstr (plain_json, "\"reference\""));
    g_assert_null (strstr (plain_json, "\"array\""));
    plain_back = dyno_result_load_from_data (plain_json, strlen (plain_json), &error);
    g_assert_no_error (error);
    g_assert_true (isnan (dyno_result_get_target (plain_back, 0)->reference_read));
    g_assert_null (dyno_result_get_target (plain_back, 0)->info->array);
    text = dyno_report_text (plain_back, DYNO_RATE_UNIT_MB);
    g_assert_null (strstr (text, "per data spindle"));
  }
  dyno_test_rm_rf (root);
}
#endif

/* Bad per-spindle members in a result file are errors naming them. */
static void
test_result_bad_reference (void)
{
  static const char *bad[] = {
    "\"reference\":{\"read\":0,\"write\":7e7}",
    "\"reference\":{\"read\":9.3e7}",
    "\"reference\":\"93M\"",
    "\"data_spindles\":{\"read\":0,\"write\":1}",
    "\"data_spindles\":{\"read\":18}",
    "\"data_spindles\":{\"read\":null,\"write\":1}",
    "\"data_spindles\":{\"read\":1.5,\"write\":1}",
    "\"info\":{\"array\":{\"data_spindles_read\":-1}}",
    "\"info\":{\"array\":{\"members\":[3]}}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf (
          "{\"format\":\"dyno-result\",\"version\":1,\"targets\":[{\"path\":\"/x\",%s}]}",
          bad[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (DynoResult) result = dyno_result_load_from_data (text, strlen (text), &error);

      g_test_message ("%s: %s", bad[i], error ? error->message : "(loaded)");
      g_assert_null (result);
      g_assert_nonnull (error);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/array/spindle-table", test_spindle_table);
  g_test_add_func ("/array/btrfs-raid1", test_btrfs_raid1);
  g_test_add_func ("/array/zpool-raidz2", test_zpool_raidz2);
  g_test_add_func ("/array/pool-from-tools", test_pool_from_tools);
  g_test_add_func ("/array/zpool-two-vdevs", test_zpool_two_vdevs);
#if DYNO_PLATFORM_LINUX
  g_test_add_func ("/array/md-raid6", test_md_raid6);
  g_test_add_func ("/array/md-raid10-raid1", test_md_raid10_and_raid1);
  g_test_add_func ("/array/lvm-on-md", test_lvm_on_md);
#endif
  g_test_add_func ("/array/per-spindle-seed", test_per_spindle_seed);
  g_test_add_func ("/array/per-spindle-result", test_per_spindle_result);
  g_test_add_func ("/array/parse-reference", test_parse_reference);
#if DYNO_PLATFORM_LINUX
  g_test_add_func ("/array/run-report-seed", test_run_report_seed);
#endif
  g_test_add_func ("/array/result-bad-reference", test_result_bad_reference);
  return g_test_run ();
}
