/* test-sysinfo.c: block stacks in a fake sysfs, mountinfo parsing, this machine, gocryptfs
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#if DYNO_PLATFORM_LINUX
#include <sys/sysmacros.h>
#endif

#include "dyno-sysinfo-collect.h"
#include "dyno-sysinfo.h"
#include "dyno-test-util.h"
#if DYNO_PLATFORM_LINUX
#include "platform/dyno-platform-linux-private.h"
#endif

static char *
real_path (const char *path)
{
  char *resolved = realpath (path, NULL);
  char *copy = g_strdup (resolved);

  free (resolved);
  return copy;
}

#if DYNO_PLATFORM_LINUX

static gboolean
has_layer (const DynoTargetInfo *info, const char *layer)
{
  for (guint i = 0; i < info->encryption->len; i++)
    if (g_str_equal (g_ptr_array_index (info->encryption, i), layer))
      return TRUE;
  return FALSE;
}

/* A file at root/rel, with its directories. */
static void
put_file (const char *root, const char *rel, const char *contents)
{
  g_autofree char *path = g_build_filename (root, rel, NULL);
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  dyno_test_write_file (path, contents);
}

static void
put_dir (const char *root, const char *rel)
{
  g_autofree char *path = g_build_filename (root, rel, NULL);

  g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
}

/* A symlink at root/link_rel pointing to root/target_rel, as sysfs links devices. */
static void
put_link (const char *root, const char *link_rel, const char *target_rel)
{
  g_autofree char *link = g_build_filename (root, link_rel, NULL);
  g_autofree char *target = g_build_filename (root, target_rel, NULL);
  g_autofree char *dir = g_path_get_dirname (link);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  if (symlink (target, link) != 0)
    g_error ("symlink %s: %s", link, g_strerror (errno));
}

#define NVME "devices/pci0000:00/0000:00:1d.0/nvme/nvme0/nvme0n1"
#define VIRT "devices/virtual/block"
#define SCSI "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block"

/* A whole disk: model (NULL for none) and rotational ("0", "1" or NULL for a missing file). */
static void
put_disk (const char *root, const char *dir, const char *model, const char *rotational)
{
  put_dir (root, dir);
  if (model != NULL)
    {
      g_autofree char *rel = g_build_filename (dir, "device", "model", NULL);
      /* Firmware pads models with spaces; sysfs adds the newline. */
      g_autofree char *padded = g_strdup_printf ("%s    \n", model);

      put_file (root, rel, padded);
    }
  if (rotational != NULL)
    {
      g_autofree char *rel = g_build_filename (dir, "queue", "rotational", NULL);
      g_autofree char *text = g_strdup_printf ("%s\n", rotational);

      put_file (root, rel, text);
    }
}

static void
put_partition (const char *root, const char *disk_dir, const char *name, const char *number)
{
  g_autofree char *dir = g_build_filename (disk_dir, name, NULL);
  g_autofree char *partition = g_build_filename (dir, "partition", NULL);
  g_autofree char *dev_link = g_build_filename ("dev", "block", number, NULL);

  put_file (root, partition, "2\n");
  put_link (root, dev_link, dir);
}

/* A dm or md device at VIRT/name over the given lower device directories. */
static void
put_virtual (const char         *root,
             const char         *name,
             const char         *number,
             const char         *dm_uuid,
             const char * const *lower)
{
  g_autofree char *dir = g_build_filename (VIRT, name, NULL);
  g_autofree char *dev_link = g_build_filename ("dev", "block", number, NULL);
  g_autofree char *slaves = g_build_filename (dir, "slaves", NULL);

  put_disk (root, dir, NULL, "0");
  put_dir (root, slaves);
  if (dm_uuid != NULL)
    {
      g_autofree char *rel = g_build_filename (dir, "dm", "uuid", NULL);
      g_autofree char *text = g_strdup_printf ("%s\n", dm_uuid);

      put_file (root, rel, text);
    }
  for (guint i = 0; lower != NULL && lower[i] != NULL; i++)
    {
      g_autofree char *base = g_path_get_basename (lower[i]);
      g_autofree char *link = g_build_filename (slaves, base, NULL);

      put_link (root, link, lower[i]);
    }
  put_link (root, dev_link, dir);
}

static DynoTargetInfo *
describe_stack (const char *root, guint major, guint minor)
{
  DynoTargetInfo *info = dyno_target_info_new ("/fake");

  dyno_linux_describe_block_stack (root, major, minor, info);
  return info;
}

static void
test_block_luks_on_lvm (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-sysfs");
  static const char * const crypt_lower[] = { NVME "/nvme0n1p2", NULL };
  static const char * const lvm_lower[] = { VIRT "/dm-0", NULL };
  g_autoptr (DynoTargetInfo) lvm = NULL;
  g_autoptr (DynoTargetInfo) partition = NULL;
  g_autofree char *line = NULL;

  /* nvme0n1p2 -> dm-0 (LUKS2) -> dm-1 (LVM logical volume), as a default Fedora install. */
  put_disk (root, NVME, "Samsung SSD 980 PRO 1TB", "0");
  put_link (root, "dev/block/259:0", NVME);
  put_partition (root, NVME, "nvme0n1p2", "259:2");
  put_virtual (root, "dm-0", "253:0", "CRYPT-LUKS2-0f2f8a41d0b14f0b9c3f1e2d3c4b5a69-luks-0f2f8a41",
               crypt_lower);
  put_virtual (root, "dm-1", "253:1", "LVM-Xq0c7mYdXq0c7mYdXq0c7mYdXq0c7mYdXq0c7mYd", lvm_lower);

  lvm = describe_stack (root, 253, 1);
  g_assert_cmpuint (lvm->encryption->len, ==, 1);
  g_assert_true (has_layer (lvm, "dm-crypt (LUKS2)"));
  g_assert_cmpstr (lvm->device, ==, "nvme0n1");
  g_assert_cmpstr (lvm->device_model, ==, "Samsung SSD 980 PRO 1TB");
  g_assert_cmpint (lvm->rotational, ==, DYNO_TRISTATE_NO);
  line = dyno_target_info_describe (lvm);
  g_assert_nonnull (strstr (line, "on nvme0n1 (SSD), dm-crypt (LUKS2)"));

  /* The partition alone: same disk, nothing encrypted below it. */
  partition = describe_stack (root, 259, 2);
  g_assert_cmpstr (partition->device, ==, "nvme0n1");
  g_assert_cmpint (partition->rotational, ==, DYNO_TRISTATE_NO);
  g_assert_cmpuint (partition->encryption->len, ==, 0);

  dyno_test_rm_rf (root);
}

static void
test_block_plain_hdd (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-sysfs");
  g_autoptr (DynoTargetInfo) info = NULL;

  put_disk (root, SCSI "/sda", "WDC WD40EFRX-68N", "1");
  put_partition (root, SCSI "/sda", "sda1", "8:1");

  info = describe_stack (root, 8, 1);
  g_assert_cmpstr (info->device, ==, "sda");
  g_assert_cmpstr (info->device_model, ==, "WDC WD40EFRX-68N");
  g_assert_cmpint (info->rotational, ==, DYNO_TRISTATE_YES);
  g_assert_false (dyno_target_info_is_encrypted (info));

  dyno_test_rm_rf (root);
}

static void
test_block_md_raid (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-sysfs");
  /* Listed out of order: the result must not depend on directory order. */
  static const char * const md0_lower[] = { SCSI "/sdb/sdb1", SCSI "/sda/sda1", NULL };
  static const char * const crypt_lower[] = { VIRT "/md0", NULL };
  static const char * const mixed_lower[] = { SCSI "/sdc", NVME, NULL };
  static const char * const plain_lower[] = { SCSI "/sdc", NULL };
  g_autoptr (DynoTargetInfo) md = NULL;
  g_autoptr (DynoTargetInfo) luks1 = NULL;
  g_autoptr (DynoTargetInfo) mixed = NULL;
  g_autoptr (DynoTargetInfo) plain = NULL;

  put_disk (root, SCSI "/sda", "ST4000VN008", "1");
  put_partition (root, SCSI "/sda", "sda1", "8:1");
  put_disk (root, SCSI "/sdb", "WDC WD40EFRX", "1");
  put_partition (root, SCSI "/sdb", "sdb1", "8:17");
  put_disk (root, SCSI "/sdc", "ST4000VN008", "1");
  put_disk (root, NVME, "Samsung SSD 980 PRO 1TB", "0");
  put_virtual (root, "md0", "9:0", NULL, md0_lower);
  put_virtual (root, "dm-2", "253:2", "CRYPT-LUKS1-6c1d2e3f-data", crypt_lower);
  put_virtual (root, "md1", "9:1", NULL, mixed_lower);
  put_virtual (root, "dm-3", "253:3", "CRYPT-PLAIN-swap", plain_lower);

  md = describe_stack (root, 9, 0);
  g_assert_cmpstr (md->device, ==, "sda+sdb");
  g_assert_cmpstr (md->device_model, ==, "ST4000VN008 + WDC WD40EFRX");
  g_assert_cmpint (md->rotational, ==, DYNO_TRISTATE_YES);
  g_assert_false (dyno_target_info_is_encrypted (md));

  luks1 = describe_stack (root, 253, 2);
  g_assert_cmpstr (luks1->device, ==, "sda+sdb");
  g_assert_cmpuint (luks1->encryption->len, ==, 1);
  g_assert_true (has_layer (luks1, "dm-crypt (LUKS1)"));

  /* An HDD mirrored with an SSD is neither. */
  mixed = describe_stack (root, 9, 1);
  g_assert_cmpstr (mixed->device, ==, "nvme0n1+sdc");
  g_assert_cmpint (mixed->rotational, ==, DYNO_TRISTATE_UNKNOWN);

  plain = describe_stack (root, 253, 3);
  g_assert_true (has_layer (plain, "dm-crypt (plain)"));
  g_assert_cmpstr (plain->device, ==, "sdc");

  dyno_test_rm_rf (root);
}

static void
test_block_missing_files (void)
{
  g_autofree char *root = dyno_test_make_dir ("dyno-sysfs");
  g_autofree char *nowhere = g_build_filename (root, "no-such-sysfs", NULL);
  g_autoptr (DynoTargetInfo) bare = NULL;
  g_autoptr (DynoTargetInfo) unknown = NULL;
  g_autoptr (DynoTargetInfo) no_root = NULL;
  g_autoptr (DynoTargetInfo) dangling = NULL;
  g_autoptr (DynoTargetInfo) loop = NULL;

  /* A dm device with nothing in it: no dm/uuid, no slaves, no queue. */
  put_dir (root, VIRT "/dm-5");
  put_link (root, "dev/block/253:5", VIRT "/dm-5");
  bare = describe_stack (root, 253, 5);
  g_assert_cmpstr (bare->device, ==, "dm-5");
  g_assert_null (bare->device_model);
  g_assert_cmpint (bare->rotational, ==, DYNO_TRISTATE_UNKNOWN);
  g_assert_false (dyno_target_info_is_encrypted (bare));

  unknown = describe_stack (root, 8, 99);
  g_assert_null (unknown->device);
  g_assert_cmpint (unknown->rotational, ==, DYNO_TRISTATE_UNKNOWN);

  no_root = describe_stack (nowhere, 8, 0);
  g_assert_null (no_root->device);

  /* A slave link to a device that went away, and garbage in rotational. */
  put_dir (root, VIRT "/dm-6/slaves");
  put_file (root, VIRT "/dm-6/queue/rotational", "maybe\n");
  put_file (root, VIRT "/dm-6/dm/uuid", "");
  put_link (root, VIRT "/dm-6/slaves/sdz1", SCSI "/sdz/sdz1");
  put_link (root, "dev/block/253:6", VIRT "/dm-6");
  dangling = describe_stack (root, 253, 6);
  g_assert_cmpstr (dangling->device, ==, "dm-6");
  g_assert_cmpint (dangling->rotational, ==, DYNO_TRISTATE_UNKNOWN);

  /* Two devices that name each other as slaves: a broken tree must not hang us. */
  put_dir (root, VIRT "/dm-7/slaves");
  put_dir (root, VIRT "/dm-8/slaves");
  put_link (root, VIRT "/dm-7/slaves/dm-8", VIRT "/dm-8");
  put_link (root, VIRT "/dm-8/slaves/dm-7", VIRT "/dm-7");
  put_link (root, "dev/block/253:7", VIRT "/dm-7");
  loop = describe_stack (root, 253, 7);
  g_assert_false (dyno_target_info_is_encrypted (loop));

  dyno_test_rm_rf (root);
}

static const char mountinfo_fixture[] =
  "22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw,errors=remount-ro\n"
  "30 22 8:2 /srv/data /home/ann/data rw,relatime shared:1 - ext4 /dev/sda2 rw,errors=remount-ro\n"
  "31 22 8:33 / /mnt/my\\040disk rw,nosuid,nodev shared:30 - ext4 /dev/sdc1 rw\n"
  "32 22 0:50 / /home/ann/Private rw,nosuid,nodev,relatime shared:40 - fuse.gocryptfs "
  "/home/ann/.cipher rw,user_id=1000,group_id=1000,max_read=131072\n"
  "33 22 0:51 / /mnt/nfs rw,relatime shared:41 - nfs4 server:/export\\040dir "
  "rw,vers=4.2,rsize=1048576,wsize=1048576\n"
  "34 22 0:52 / /srv/pool rw,noatime shared:42 - btrfs /dev/nvme0n1p3 "
  "rw,ssd,space_cache=v2,compress=zstd:3,subvolid=5,subvol=/\n"
  "35 22 8:17 / /data rw master:3 - xfs /dev/sdb1 rw,attr2\n"
  "36 35 0:60 / /data rw - tmpfs tmpfs rw,size=1024k\n"
  "37 22 8:49 / /mnt/back\\134slash rw - ext4 /dev/sdd1 rw\n"
  "this line is not a mount\n"
  "38 22 0:61 / /mnt/short rw -\n"
  "\n";

static DynoTargetInfo *
parse_fixture (const char *path, guint maj, guint min, gboolean *found, guint *out_major)
{
  DynoTargetInfo *info = dyno_target_info_new (path);
  guint mount_minor = 0;

  *found = dyno_linux_parse_mountinfo (mountinfo_fixture, maj || min ? makedev (maj, min) : 0,
                                       path, info, out_major, &mount_minor);
  if (*found)
    dyno_linux_classify_fs (info);
  return info;
}

static void
test_mountinfo_bind_mounts (void)
{
  gboolean found;
  guint mount_major = 0;
  g_autoptr (DynoTargetInfo) bind = parse_fixture ("/home/ann/data/run", 8, 2, &found,
                                                   &mount_major);
  g_autoptr (DynoTargetInfo) beside = NULL;
  g_autoptr (DynoTargetInfo) near_miss = NULL;

  g_assert_true (found);
  g_assert_cmpstr (bind->mount_point, ==, "/home/ann/data");
  g_assert_cmpstr (bind->fs_type, ==, "ext4");
  g_assert_cmpstr (bind->mount_source, ==, "/dev/sda2");
  /* Per-mount and per-superblock options, "rw" only once. */
  g_assert_cmpstr (bind->mount_options, ==, "rw,relatime,errors=remount-ro");
  g_assert_cmpuint (mount_major, ==, 8);
  g_assert_false (bind->network);
  g_assert_false (bind->cow);
  g_assert_false (dyno_target_info_is_encrypted (bind));

  beside = parse_fixture ("/home/ann/other", 8, 2, &found, &mount_major);
  g_assert_true (found);
  g_assert_cmpstr (beside->mount_point, ==, "/");

  /* "/mnt/my disk" must not claim "/mnt/my diskette". */
  near_miss = parse_fixture ("/mnt/my diskette", 8, 2, &found, &mount_major);
  g_assert_cmpstr (near_miss->mount_point, ==, "/");
}

static void
test_mountinfo_escapes (void)
{
  gboolean found;
  guint mount_major;
  g_autoptr (DynoTargetInfo) space = parse_fixture ("/mnt/my disk/bench", 8, 33, &found,
                                                    &mount_major);
  g_autoptr (DynoTargetInfo) backslash = NULL;
  g_autofree char *decoded = dyno_linux_mountinfo_unescape ("a\\040b\\011c\\134d\\012e\\12\\");

  g_assert_true (found);
  g_assert_cmpstr (space->mount_point, ==, "/mnt/my disk");
  g_assert_cmpstr (space->mount_source, ==, "/dev/sdc1");

  backslash = parse_fixture ("/mnt/back\\slash", 8, 49, &found, &mount_major);
  g_assert_cmpstr (backslash->mount_point, ==, "/mnt/back\\slash");

  /* Short or unfinished escapes are kept as they are. */
  g_assert_cmpstr (decoded, ==, "a b\tc\\d\ne\\12\\");
}

static void
test_mountinfo_kinds (void)
{
  gboolean found;
  guint mount_major = 99;
  g_autoptr (DynoTargetInfo) gocryptfs = parse_fixture ("/home/ann/Private/notes", 0, 50,
                                                        &found, &mount_major);
  g_autoptr (DynoTargetInfo) nfs = NULL;
  g_autoptr (DynoTargetInfo) btrfs = NULL;
  g_autofree char *line = NULL;

  g_assert_true (found);
  g_assert_cmpstr (gocryptfs->fs_type, ==, "fuse.gocryptfs");
  g_assert_cmpstr (gocryptfs->mount_source, ==, "/home/ann/.cipher");
  g_assert_cmpuint (mount_major, ==, 0);
  g_assert_true (has_layer (gocryptfs, "gocryptfs"));
  g_assert_false (gocryptfs->network);
  g_assert_false (gocryptfs->cow);

  nfs = parse_fixture ("/mnt/nfs/share", 0, 51, &found, &mount_major);
  g_assert_cmpstr (nfs->fs_type, ==, "nfs4");
  g_assert_cmpstr (nfs->mount_source, ==, "server:/export dir");
  g_assert_true (nfs->network);
  g_assert_false (nfs->cow);
  g_assert_false (dyno_target_info_is_encrypted (nfs));

  /* A nested subvolume has its own anonymous st_dev that no mount line shows. */
  btrfs = parse_fixture ("/srv/pool/vm/images", 0, 99, &found, &mount_major);
  g_assert_true (found);
  g_assert_cmpstr (btrfs->fs_type, ==, "btrfs");
  g_assert_cmpstr (btrfs->mount_point, ==, "/srv/pool");
  g_assert_nonnull (strstr (btrfs->mount_options, "noatime"));
  g_assert_nonnull (strstr (btrfs->mount_options, "compress=zstd:3"));
  g_assert_true (btrfs->cow);
  g_assert_false (btrfs->network);
  g_assert_cmpstr (btrfs->cow_hint, ==, "btrfs, compress=zstd:3");
  line = dyno_target_info_describe (btrfs);
  g_assert_nonnull (strstr (line, "btrfs, compress=zstd:3"));
}

static void
test_mountinfo_overmount (void)
{
  gboolean found;
  guint mount_major = 0;
  g_autoptr (DynoTargetInfo) under = parse_fixture ("/data/x", 8, 17, &found, &mount_major);
  g_autoptr (DynoTargetInfo) top = NULL;
  g_autoptr (DynoTargetInfo) nothing = dyno_target_info_new ("/x");

  /* A tmpfs was mounted over /data after we opened the xfs below: the device decides. */
  g_assert_true (found);
  g_assert_cmpstr (under->fs_type, ==, "xfs");
  g_assert_cmpuint (mount_major, ==, 8);

  /* Without a device the later mount, the one on top, wins. */
  top = parse_fixture ("/data/x", 0, 0, &found, &mount_major);
  g_assert_cmpstr (top->fs_type, ==, "tmpfs");

  g_assert_false (dyno_linux_parse_mountinfo ("", 0, "/x", nothing, NULL, NULL));
  g_assert_false (dyno_linux_parse_mountinfo ("garbage\n1 2 3\n- - -\n", 0, "/x", nothing,
                                              NULL, NULL));
  g_assert_null (nothing->mount_point);
  g_assert_null (nothing->fs_type);
}

static void
test_classify_more (void)
{
  static const struct
  {
    const char *fs_type;
    const char *options;
    const char *layer;
    gboolean network;
    gboolean cow;
    const char *hint;
  } cases[] = {
    { "ecryptfs", "rw", "eCryptfs", FALSE, FALSE, NULL },
    { "fuse.encfs", "rw", "EncFS", FALSE, FALSE, NULL },
    { "fuse.cryfs", "rw", "CryFS", FALSE, FALSE, NULL },
    { "fuse.securefs", "rw", "securefs", FALSE, FALSE, NULL },
    { "fuse.sshfs", "rw", NULL, TRUE, FALSE, NULL },
    { "cifs", "rw,vers=3.1.1", NULL, TRUE, FALSE, NULL },
    { "9p", "rw,trans=virtio", NULL, TRUE, FALSE, NULL },
    { "fuse.rclone", "rw", NULL, TRUE, FALSE, NULL },
    { "zfs", "rw,xattr", NULL, FALSE, TRUE, "ZFS: compression and ARC may flatter figures" },
    { "btrfs", "rw,ssd", NULL, FALSE, TRUE, "btrfs copy-on-write" },
    { "btrfs", "rw,compress-force=lzo", NULL, FALSE, TRUE, "btrfs, compress-force=lzo" },
    { "bcachefs", "rw,compression=lz4", NULL, FALSE, TRUE, "bcachefs, compression=lz4" },
    { "ext4", "rw", NULL, FALSE, FALSE, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DynoTargetInfo) info = dyno_target_info_new ("/x");

      info->fs_type = g_strdup (cases[i].fs_type);
      info->mount_options = g_strdup (cases[i].options);
      dyno_linux_classify_fs (info);
      g_test_message ("%s", cases[i].fs_type);
      g_assert_cmpuint (info->encryption->len, ==, cases[i].layer ? 1 : 0);
      if (cases[i].layer != NULL)
        g_assert_true (has_layer (info, cases[i].layer));
      g_assert_cmpint (info->network, ==, cases[i].network);
      g_assert_cmpint (info->cow, ==, cases[i].cow);
      g_assert_cmpstr (info->cow_hint, ==, cases[i].hint);
    }
}

static void
test_cpu_model (void)
{
  g_autofree char *x86 = dyno_linux_parse_cpu_model (
    "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
    "model name\t: Intel(R) Core(TM) i7 CPU         920  @ 2.67GHz\ncpu MHz\t\t: 1600.000\n");
  g_autofree char *arm = dyno_linux_parse_cpu_model (
    "Processor\t: ARMv7 Processor rev 10 (v7l)\nprocessor\t: 0\n\nHardware\t: BCM2835\n");
  g_autofree char *mips = dyno_linux_parse_cpu_model (
    "system type\t\t: MediaTek MT7621\nprocessor\t\t: 0\ncpu model\t\t: MIPS 1004Kc V2.15\n");
  g_autofree char *none = dyno_linux_parse_cpu_model ("processor\t: 0\nBogoMIPS\t: 48.00\n");

  g_assert_cmpstr (x86, ==, "Intel(R) Core(TM) i7 CPU 920 @ 2.67GHz");
  g_assert_cmpstr (arm, ==, "BCM2835");
  g_assert_cmpstr (mips, ==, "MIPS 1004Kc V2.15");
  g_assert_null (none);
}

#endif /* DYNO_PLATFORM_LINUX */

static void
test_target_real_tmpdir (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-sysinfo");
  g_autofree char *real = real_path (dir);
  g_autofree char *later = g_build_filename (dir, "not-yet", NULL);
  g_autoptr (DynoTargetInfo) info = dyno_target_info_collect (dir);
  g_autoptr (DynoTargetInfo) missing = dyno_target_info_collect (later);
  g_autoptr (DynoTargetInfo) copy = dyno_target_info_copy (info);

  g_assert_true (info->writable);
  g_assert_null (info->unwritable_reason);
  g_assert_cmpuint (info->total_bytes, >, 0);
  g_assert_cmpstr (copy->fs_type, ==, info->fs_type);
  g_assert_cmpstr (copy->device, ==, info->device);

#if DYNO_PLATFORM_LINUX
  g_test_message ("%s: %s on %s from %s (%s), device %s, model %s", dir, info->fs_type,
                  info->mount_point, info->mount_source, info->mount_options, info->device,
                  info->device_model);
  g_assert_nonnull (info->fs_type);
  g_assert_nonnull (info->mount_point);
  g_assert_nonnull (info->mount_options);
  g_assert_true (g_str_equal (info->mount_point, "/")
                 || (g_str_has_prefix (real, info->mount_point)
                     && (real[strlen (info->mount_point)] == '/'
                         || real[strlen (info->mount_point)] == '\0')));
  /* The mount point found is the one holding the folder (btrfs subvolumes aside). */
  if (!g_str_equal (info->fs_type, "btrfs"))
    {
      struct stat dir_st;
      struct stat mount_st;

      g_assert_cmpint (g_stat (real, &dir_st), ==, 0);
      g_assert_cmpint (g_stat (info->mount_point, &mount_st), ==, 0);
      g_assert_cmpuint (dir_st.st_dev, ==, mount_st.st_dev);
    }
  /* A folder yet to be created is described by the file system it would be made on. */
  g_assert_cmpstr (missing->fs_type, ==, info->fs_type);
  g_assert_cmpstr (missing->mount_point, ==, info->mount_point);
#else
  g_test_message ("POSIX fallback: %s is %s", dir, info->fs_type ? info->fs_type : "unknown");
#endif
  g_assert_false (missing->writable);

  dyno_test_rm_rf (dir);
}

static void
test_target_missing_and_file (void)
{
  g_autofree char *dir = dyno_test_make_dir ("dyno-sysinfo");
  g_autofree char *gone = g_build_filename (dir, "gone", "deeper", NULL);
  g_autofree char *file = g_build_filename (dir, "plain-file", NULL);
  g_autoptr (DynoTargetInfo) missing = NULL;
  g_autoptr (DynoTargetInfo) regular = NULL;

  dyno_test_write_file (file, "not a folder\n");
  missing = dyno_target_info_collect (gone);
  regular = dyno_target_info_collect (file);

  g_assert_false (missing->writable);
  g_assert_cmpstr (missing->unwritable_reason, ==, "The folder does not exist");
  g_assert_false (regular->writable);
  g_assert_cmpstr (regular->unwritable_reason, ==, "This is a file, not a folder");

  dyno_test_rm_rf (dir);
}

#if DYNO_PLATFORM_LINUX

static gboolean
run_command (const char * const *argv, char **output)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  /* Output is captured, never inherited: stdout carries the TAP stream. gocryptfs's
   * background daemon closes the pipes once it has mounted. */
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                     &status, &error))
    {
      *output = g_strdup (error->message);
      return FALSE;
    }
  *output = g_strconcat (out ? out : "", err ? err : "", NULL);
  return g_spawn_check_wait_status (status, NULL);
}

static gboolean
unmount_fuse (const char *fusermount, const char *mount_point)
{
  const char *fuse_argv[] = { fusermount, "-u", mount_point, NULL };
  const char *lazy_argv[] = { "umount", "-l", mount_point, NULL };
  g_autofree char *output = NULL;
  g_autofree char *lazy_output = NULL;

  if (run_command (fuse_argv, &output))
    return TRUE;
  g_test_message ("%s -u failed: %s", fusermount, output);
  return run_command (lazy_argv, &lazy_output);
}

static void
test_target_gocryptfs (void)
{
  g_autofree char *gocryptfs = g_find_program_in_path ("gocryptfs");
  g_autofree char *fusermount = g_find_program_in_path ("fusermount3");
  g_autofree char *base = NULL;
  g_autofree char *cipher = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *plain_real = NULL;
  g_autofree char *output = NULL;
  g_autoptr (DynoTargetInfo) info = NULL;
  g_autoptr (DynoTargetInfo) lower = NULL;
  gboolean initialised;
  gboolean mounted = FALSE;
  gboolean unmounted = FALSE;

  if (fusermount == NULL)
    fusermount = g_find_program_in_path ("fusermount");
  if (!dyno_test_is_root ())
    {
      g_test_skip ("mounting gocryptfs needs root");
      return;
    }
  if (gocryptfs == NULL || fusermount == NULL)
    {
      g_test_skip ("gocryptfs or fusermount is not installed (apt-get install gocryptfs fuse3)");
      return;
    }
  if (!g_file_test ("/dev/fuse", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("/dev/fuse does not exist");
      return;
    }

  base = dyno_test_make_dir ("dyno-gocryptfs");
  cipher = g_build_filename (base, "cipher", NULL);
  plain = g_build_filename (base, "plain", NULL);
  g_assert_cmpint (g_mkdir (cipher, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (plain, 0700), ==, 0);
  plain_real = real_path (plain);

  {
    /* A cheap scrypt cost: the key derivation is not what is under test. */
    const char *init_argv[] = { gocryptfs, "-init", "-q", "-scryptn", "10", "-extpass",
                                "echo pw", cipher, NULL };
    const char *mount_argv[] = { gocryptfs, "-q", "-extpass", "echo pw", cipher, plain, NULL };

    initialised = run_command (init_argv, &output);
    if (initialised)
      {
        g_clear_pointer (&output, g_free);
        mounted = run_command (mount_argv, &output);
      }
  }
  if (mounted)
    {
      /* Collect first, assert after unmounting: a failed assertion aborts the test and
       * would otherwise leave the mount behind. */
      info = dyno_target_info_collect (plain);
      lower = dyno_target_info_collect (base);
      unmounted = unmount_fuse (fusermount, plain);
    }
  if (!mounted || unmounted)
    dyno_test_rm_rf (base);

  if (!initialised)
    g_error ("gocryptfs -init failed: %s", output ? output : "");
  if (!mounted)
    {
      /* No usable FUSE in this container, for one: not the code under test. */
      if (output && (strstr (output, "fuse") || strstr (output, "ermission")))
        {
          g_autofree char *reason = g_strdup_printf ("gocryptfs could not mount: %s", output);

          g_test_skip (reason);
          return;
        }
      g_error ("gocryptfs failed: %s", output ? output : "");
    }

  g_test_message ("gocryptfs: %s on %s, layers %u, device %s", info->fs_type, info->mount_point,
                  info->encryption->len, info->device);
  g_assert_true (unmounted);
  g_assert_cmpstr (info->fs_type, ==, "fuse.gocryptfs");
  g_assert_cmpstr (info->mount_point, ==, plain_real);
  g_assert_true (has_layer (info, "gocryptfs"));
  g_assert_cmpstr (g_ptr_array_index (info->encryption, 0), ==, "gocryptfs");
  g_assert_true (info->writable);
  g_assert_false (info->network);
  /* The cipher folder's disk is the one the benchmark ends up measuring. */
  g_assert_cmpstr (info->device, ==, lower->device);
  g_assert_cmpint (info->rotational, ==, lower->rotational);
}

#endif /* DYNO_PLATFORM_LINUX */

static void
test_system_info (void)
{
  g_autoptr (DynoSystemInfo) info = dyno_system_info_collect ();
  g_autoptr (DynoSystemInfo) copy = dyno_system_info_copy (info);

  g_test_message ("%s, %s, %s, %s, %u CPUs, %" G_GUINT64_FORMAT " bytes", info->hostname,
                  info->os_name, info->kernel, info->cpu_model, info->cpu_count, info->ram_bytes);
  g_assert_nonnull (info->hostname);
  g_assert_cmpstr (info->hostname, !=, "");
  g_assert_nonnull (info->kernel);
  g_assert_nonnull (info->arch);
  g_assert_cmpuint (info->cpu_count, >, 0);
  g_assert_cmpuint (info->ram_bytes, >, 0);
#if DYNO_PLATFORM_LINUX
  g_assert_true (g_str_has_prefix (info->kernel, "Linux "));
#if defined(__x86_64__) || defined(__i386__)
  /* Every x86 kernel prints "model name". */
  g_assert_nonnull (info->cpu_model);
#endif
#endif
  g_assert_cmpstr (copy->kernel, ==, info->kernel);
  g_assert_cmpstr (copy->cpu_model, ==, info->cpu_model);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#if DYNO_PLATFORM_LINUX
  g_test_add_func ("/sysinfo/block/luks-on-lvm", test_block_luks_on_lvm);
  g_test_add_func ("/sysinfo/block/plain-hdd", test_block_plain_hdd);
  g_test_add_func ("/sysinfo/block/md-raid", test_block_md_raid);
  g_test_add_func ("/sysinfo/block/missing-files", test_block_missing_files);
  g_test_add_func ("/sysinfo/mountinfo/bind-mounts", test_mountinfo_bind_mounts);
  g_test_add_func ("/sysinfo/mountinfo/escapes", test_mountinfo_escapes);
  g_test_add_func ("/sysinfo/mountinfo/kinds", test_mountinfo_kinds);
  g_test_add_func ("/sysinfo/mountinfo/overmount", test_mountinfo_overmount);
  g_test_add_func ("/sysinfo/classify", test_classify_more);
  g_test_add_func ("/sysinfo/cpu-model", test_cpu_model);
#endif
  g_test_add_func ("/sysinfo/target/real-tmpdir", test_target_real_tmpdir);
  g_test_add_func ("/sysinfo/target/missing-and-file", test_target_missing_and_file);
#if DYNO_PLATFORM_LINUX
  g_test_add_func ("/sysinfo/target/gocryptfs", test_target_gocryptfs);
#endif
  g_test_add_func ("/sysinfo/system", test_system_info);

  return g_test_run ();
}
