/* dyno-platform-linux-crypto.c: which layer encrypts a target, with what, on which code
 *
 * For each target, the layers that encrypt it, outermost first, each with how it was found:
 *  - gocryptfs: its gocryptfs.conf in the cipher folder (the mount's source) names the cipher
 *    through its feature flags; the work is done in user space by the daemon;
 *  - eCryptfs: the cipher and key size are mount options;
 *  - fscrypt: FS_IOC_GET_ENCRYPTION_POLICY_EX on the target folder gives the policy version
 *    and the contents and file name modes;
 *  - dm-crypt: the device under the file system, followed down through its slaves (LVM on
 *    LUKS, LUKS on md), and for each crypt device its table from `dmsetup table`, which needs
 *    root; without it, the layer says what could not be read.
 * For kernel ciphers, /proc/crypto says which implementation the kernel picked
 * ("xts-aes-aesni", or a generic C one on a CPU without AES instructions). Self-encrypting
 * drives are not detected: Linux shows them only to sedutil-cli and similar tools.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/fscrypt.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dyno-crypto.h"
#include "dyno-platform.h"
#include "dyno-platform-linux-private.h"

static char *
read_text (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

static char *
kernel_driver (const char *algorithm)
{
  g_autofree char *proc_crypto = NULL;

  if (algorithm == NULL || !g_file_get_contents ("/proc/crypto", &proc_crypto, NULL, NULL))
    return NULL;
  return dyno_crypto_find_driver (proc_crypto, algorithm);
}

static const char *
option_value (const char *options, const char *key, char **out)
{
  g_auto (GStrv) parts = NULL;

  *out = NULL;
  if (options == NULL)
    return NULL;
  parts = g_strsplit (options, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (g_str_has_prefix (parts[i], key) && parts[i][strlen (key)] == '=')
      return *out = g_strdup (parts[i] + strlen (key) + 1);
  return NULL;
}

static void
describe_gocryptfs (DynoTargetInfo *info, GPtrArray *layers)
{
  g_autoptr (DynoCryptoLayer) layer = dyno_crypto_layer_new ("gocryptfs");
  g_autoptr (GError) error = NULL;
  g_autofree char *conf = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  /* gocryptfs mounts with its cipher folder as the source. */
  if (info->mount_source != NULL && g_path_is_absolute (info->mount_source))
    conf = g_build_filename (info->mount_source, "gocryptfs.conf", NULL);
  layer->driver = g_strdup (_("user space (the gocryptfs daemon)"));
  if (conf != NULL && g_file_get_contents (conf, &text, &length, &error)
      && dyno_crypto_parse_gocryptfs_conf (text, length, layer))
    layer->source = g_strdup_printf ("%s", conf);
  else
    {
      layer->cipher = g_strdup (_("AES-256-GCM unless its configuration says otherwise"));
      layer->missing = conf == NULL
                           ? g_strdup (_("the cipher folder is not known (no mount source)"))
                           : g_strdup_printf (_("%s could not be read: %s"), conf,
                                              error ? error->message : _("not a gocryptfs configuration"));
      layer->source = g_strdup (_("file system type fuse.gocryptfs"));
    }
  g_ptr_array_add (layers, g_steal_pointer (&layer));
}

static void
describe_ecryptfs (DynoTargetInfo *info, GPtrArray *layers)
{
  g_autoptr (DynoCryptoLayer) layer = dyno_crypto_layer_new ("eCryptfs");
  g_autofree char *cipher = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *algorithm = NULL;

  option_value (info->mount_options, "ecryptfs_cipher", &cipher);
  option_value (info->mount_options, "ecryptfs_key_bytes", &bytes);
  layer->cipher = g_strdup (cipher ? cipher : "aes");
  if (bytes != NULL)
    layer->details = g_strdup_printf (_("%u-bit key"), (guint) g_ascii_strtoull (bytes, NULL, 10) * 8);
  /* eCryptfs encrypts pages in CBC mode. */
  algorithm = g_strdup_printf ("cbc(%s)", layer->cipher);
  layer->driver = kernel_driver (algorithm);
  layer->source = g_strdup (_("mount options"));
  g_ptr_array_add (layers, g_steal_pointer (&layer));
}

static void
describe_fscrypt (DynoTargetInfo *info, GPtrArray *layers)
{
  struct fscrypt_get_policy_ex_arg arg = { .policy_size = sizeof arg.policy };
  g_autoptr (DynoCryptoLayer) layer = NULL;
  int fd = open (info->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  guint contents, names, flags, version;
  const char *algorithm;

  if (fd < 0)
    return;
  if (ioctl (fd, FS_IOC_GET_ENCRYPTION_POLICY_EX, &arg) != 0)
    {
      /* ENODATA: not encrypted; ENOTTY/EOPNOTSUPP: a file system without fscrypt. */
      close (fd);
      return;
    }
  close (fd);
  version = arg.policy.version;
  if (version == FSCRYPT_POLICY_V1)
    {
      contents = arg.policy.v1.contents_encryption_mode;
      names = arg.policy.v1.filenames_encryption_mode;
      flags = arg.policy.v1.flags;
    }
  else
    {
      contents = arg.policy.v2.contents_encryption_mode;
      names = arg.policy.v2.filenames_encryption_mode;
      flags = arg.policy.v2.flags;
    }
  layer = dyno_crypto_layer_new ("fscrypt");
  layer->cipher = g_strdup (dyno_crypto_fscrypt_mode_name (contents)
                                ? dyno_crypto_fscrypt_mode_name (contents)
                                : "?");
  layer->details = g_strdup_printf (_("policy v%u, file names %s, padding %u%s%s"),
                                    version == FSCRYPT_POLICY_V1 ? 1 : 2,
                                    dyno_crypto_fscrypt_mode_name (names)
                                        ? dyno_crypto_fscrypt_mode_name (names)
                                        : "?",
                                    4u << (flags & FSCRYPT_POLICY_FLAGS_PAD_MASK),
                                    flags & FSCRYPT_POLICY_FLAG_DIRECT_KEY ? ", direct key" : "",
                                    flags & (FSCRYPT_POLICY_FLAG_IV_INO_LBLK_64
                                             | FSCRYPT_POLICY_FLAG_IV_INO_LBLK_32)
                                        ? ", inline-crypto IVs"
                                        : "");
  algorithm = dyno_crypto_fscrypt_mode_algorithm (contents);
  layer->driver = kernel_driver (algorithm);
  layer->source = g_strdup ("FS_IOC_GET_ENCRYPTION_POLICY_EX");
  g_ptr_array_add (layers, g_steal_pointer (&layer));
}

/* `dmsetup table NAME`, or NULL with why in *why. */
static char *
dm_table_from_dmsetup (const char *name, gpointer data, char **why)
{
  g_autofree char *program = g_find_program_in_path ("dmsetup");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { NULL, "table", name, NULL };
  int status = 0;

  if (program == NULL)
    {
      *why = g_strdup (_("dmsetup is not installed (apt-get install dmsetup)"));
      return NULL;
    }
  if (geteuid () != 0)
    {
      *why = g_strdup (_("reading the device-mapper table needs root"));
      return NULL;
    }
  argv[0] = program;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                     NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    {
      *why = g_strdup_printf (_("dmsetup table %s failed"), name);
      return NULL;
    }
  return g_steal_pointer (&out);
}

void
dyno_linux_describe_dm_crypt (const char      *sysfs_root,
                              guint            major,
                              guint            minor,
                              DynoDmTableFunc  table_of,
                              gpointer         data,
                              GPtrArray       *layers)
{
  g_autofree char *dir = g_strdup_printf ("%s/dev/block/%u:%u", sysfs_root, major, minor);
  g_autoptr (GPtrArray) todo = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_ptr_array_add (todo, g_canonicalize_filename (dir, NULL));
  /* Breadth first through the slaves: outer layers come first. Depth is bounded by the
   * devices that exist; seen keeps a loop of links from spinning. */
  while (todo->len > 0)
    {
      g_autofree char *device = g_ptr_array_steal_index (todo, 0);
      g_autofree char *real = NULL;
      g_autofree char *uuid_path = NULL;
      g_autofree char *uuid = NULL;
      g_autofree char *slaves = NULL;
      GDir *slave_dir;
      const char *entry;

      {
        char *resolved = realpath (device, NULL);

        real = resolved ? resolved : g_strdup (device);
      }
      if (g_hash_table_contains (seen, real) || g_hash_table_size (seen) > 64)
        continue;
      g_hash_table_add (seen, g_strdup (real));

      uuid_path = g_build_filename (real, "dm", "uuid", NULL);
      uuid = read_text (uuid_path);
      if (uuid != NULL && g_str_has_prefix (uuid, "CRYPT-"))
        {
          g_autofree char *name_path = g_build_filename (real, "dm", "name", NULL);
          g_autofree char *name = read_text (name_path);
          g_autoptr (DynoCryptoLayer) layer = dyno_crypto_layer_new ("dm-crypt");
          g_autofree char *why = NULL;
          g_autofree char *table = name ? table_of (name, data, &why) : NULL;

          /* CRYPT-LUKS2-<uuid>-<name>, CRYPT-LUKS1-…, CRYPT-PLAIN-…, CRYPT-BITLK-… */
          const char *format = g_str_has_prefix (uuid, "CRYPT-LUKS2")   ? "LUKS2"
                               : g_str_has_prefix (uuid, "CRYPT-LUKS1") ? "LUKS1"
                               : g_str_has_prefix (uuid, "CRYPT-BITLK") ? "BitLocker"
                                                                        : NULL;

          if (table != NULL && dyno_crypto_parse_dm_table (table, layer))
            {
              g_autofree char *algorithm = dyno_crypto_dm_cipher_algorithm (layer->cipher);

              if (format != NULL)
                {
                  char *both = g_strdup_printf ("%s, %s", format, layer->details);

                  g_free (layer->details);
                  layer->details = both;
                }
              layer->driver = kernel_driver (algorithm);
              layer->source = g_strdup_printf ("dmsetup table %s", name);
            }
          else
            {
              layer->details = g_strdup (format);
              layer->missing = g_strdup_printf (_("its cipher could not be read: %s"),
                                                why ? why : _("no crypt line in the table"));
              layer->source = g_strdup_printf ("%s", uuid_path + strlen (sysfs_root));
            }
          g_ptr_array_add (layers, g_steal_pointer (&layer));
        }

      slaves = g_build_filename (real, "slaves", NULL);
      slave_dir = g_dir_open (slaves, 0, NULL);
      while (slave_dir != NULL && (entry = g_dir_read_name (slave_dir)) != NULL)
        g_ptr_array_add (todo, g_build_filename (slaves, entry, NULL));
      if (slave_dir != NULL)
        g_dir_close (slave_dir);
      /* A partition's parent disk holds no crypt layer of its own: nothing to follow. */
    }
}

void
dyno_platform_describe_crypto (DynoTargetInfo *info)
{
  struct stat st;

  g_return_if_fail (info != NULL);

  if (g_strcmp0 (info->fs_type, "fuse.gocryptfs") == 0)
    describe_gocryptfs (info, info->crypto);
  else if (g_strcmp0 (info->fs_type, "ecryptfs") == 0)
    describe_ecryptfs (info, info->crypto);
  describe_fscrypt (info, info->crypto);
  if (info->path != NULL && stat (info->path, &st) == 0 && major (st.st_dev) != 0)
    dyno_linux_describe_dm_crypt ("/sys", major (st.st_dev), minor (st.st_dev),
                                  dm_table_from_dmsetup, NULL, info->crypto);
}

void
dyno_platform_describe_cpu_crypto (DynoSystemInfo *info)
{
  g_autofree char *cpuinfo = NULL;
  g_autoptr (GPtrArray) flags = NULL;

  g_return_if_fail (info != NULL);

  if (!g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL))
    return;
  flags = dyno_crypto_cpu_flags (cpuinfo);
  for (guint i = 0; i < flags->len; i++)
    g_ptr_array_add (info->cpu_crypto, g_strdup (g_ptr_array_index (flags, i)));
  info->cpu_crypto_known = TRUE;
}
