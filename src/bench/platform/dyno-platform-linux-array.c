/* dyno-platform-linux-array.c: md RAID arrays (and LVM / device mapper on them) from sysfs
 *
 * md says everything in its sysfs folder: md/level ("raid6"), md/raid_disks (the members that
 * carry data), md/chunk_size (bytes), md/layout (raid10's copies), and per member
 * md/dev-NAME/state ("in_sync", "spare", "faulty"); slaves/ links to the members' block
 * devices, whose disks give model, rotational flag and size. A dm device (LVM) with md slaves
 * is described through them. tests/test-array.c runs this on fake trees.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dyno-platform-device.h"

#define MAX_DEPTH 4

static char *
read_attribute (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  g_strstrip (contents);
  if (contents[0] == '\0')
    return NULL;
  if (!g_utf8_validate (contents, -1, NULL))
    return g_utf8_make_valid (contents, -1);
  return g_steal_pointer (&contents);
}

static guint64
read_number (const char *dir, const char *name)
{
  g_autofree char *text = read_attribute (dir, name);
  guint64 value = 0;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL))
    return 0;
  return value;
}

static char *
resolve (const char *path)
{
  char *real = realpath (path, NULL);
  char *copy = g_strdup (real);

  free (real);
  return copy;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
sorted_entries (const char *dir)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

static char *
resolve_block (const char *entry_dir)
{
  g_autofree char *link = g_build_filename (entry_dir, "block", NULL);

  return resolve (link);
}

/* Model, rotational flag and size of a member from its block device's folder (a partition's
 * disk is its parent folder). */
static void
describe_member (DynoArrayMember *member, const char *dir)
{
  g_autofree char *partition = g_build_filename (dir, "partition", NULL);
  g_autofree char *disk = g_file_test (partition, G_FILE_TEST_EXISTS) ? g_path_get_dirname (dir)
                                                                       : g_strdup (dir);
  g_autofree char *rotational = read_attribute (disk, "queue/rotational");

  member->model = read_attribute (disk, "device/model");
  member->size = read_number (dir, "size") * 512;
  if (rotational != NULL && (g_str_equal (rotational, "0") || g_str_equal (rotational, "1")))
    member->rotational = rotational[0] == '1' ? DYNO_TRISTATE_YES : DYNO_TRISTATE_NO;
}

static DynoArrayInfo *
describe_md (const char *dir, const char *name)
{
  g_autofree char *level = read_attribute (dir, "md/level");
  g_autofree char *md_dir = g_build_filename (dir, "md", NULL);
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (DynoArrayInfo) info = NULL;
  guint raid_disks;
  guint copies = 2;
  guint read;
  guint write;

  if (level == NULL)
    return NULL;
  info = dyno_array_info_new (name, level, "sysfs md/level, md/raid_disks, md/dev-*/state");
  raid_disks = (guint) read_number (dir, "md/raid_disks");
  info->chunk = read_number (dir, "md/chunk_size");
  if (g_str_equal (level, "raid10"))
    {
      /* md's raid10 layout: near copies in the low byte, far copies in the next. */
      guint64 layout = read_number (dir, "md/layout");
      guint near = layout & 0xff;
      guint far = (layout >> 8) & 0xff;

      copies = MAX (near, 1) * MAX (far, 1);
    }
  if (g_str_equal (level, "raid1") || g_str_equal (level, "linear"))
    info->chunk = 0;

  entries = sorted_entries (md_dir);
  for (guint i = 0; i < entries->len; i++)
    {
      const char *entry = g_ptr_array_index (entries, i);
      g_autofree char *entry_dir = NULL;
      g_autofree char *state = NULL;
      g_autofree char *block = NULL;
      DynoArrayMember *member;

      if (!g_str_has_prefix (entry, "dev-"))
        continue;
      entry_dir = g_build_filename (md_dir, entry, NULL);
      state = read_attribute (entry_dir, "state");
      member = dyno_array_info_add_member (info, entry + strlen ("dev-"));
      /* "spare" alone is a hot spare; "in_sync", "write_mostly", "faulty"… are members. */
      member->spare = state != NULL && g_str_has_prefix (state, "spare");
      info->spares += member->spare;
      block = resolve_block (entry_dir);
      if (block == NULL)
        {
          g_autofree char *slave = g_build_filename (dir, "slaves", member->name, NULL);

          block = resolve (slave);
        }
      if (block != NULL)
        describe_member (member, block);
    }
  if (raid_disks == 0)
    raid_disks = dyno_array_info_get_n_active (info);
  if (dyno_array_data_spindles (level, raid_disks, copies, &read, &write))
    {
      info->data_spindles_read = read;
      info->data_spindles_write = write;
    }
  return g_steal_pointer (&info);
}

static DynoArrayInfo *describe_dir (const char *dir, const char *name, guint depth);

/* Device mapper (LVM) and the like: the arrays under the slaves. */
static DynoArrayInfo *
describe_stacked (const char *dir, const char *name, guint depth)
{
  g_autofree char *slaves_dir = g_build_filename (dir, "slaves", NULL);
  g_autoptr (GPtrArray) slaves = sorted_entries (slaves_dir);
  g_autoptr (GPtrArray) arrays
      = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_array_info_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) levels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;
  DynoArrayInfo *combined;

  for (guint i = 0; i < slaves->len; i++)
    {
      g_autofree char *link = g_build_filename (slaves_dir, g_ptr_array_index (slaves, i), NULL);
      g_autofree char *lower = resolve (link);
      g_autofree char *lower_name = lower ? g_path_get_basename (lower) : NULL;
      DynoArrayInfo *array = lower ? describe_dir (lower, lower_name, depth + 1) : NULL;

      if (array != NULL)
        g_ptr_array_add (arrays, array);
    }
  if (arrays->len == 0)
    return NULL;
  if (arrays->len == 1)
    {
      DynoArrayInfo *array = g_ptr_array_steal_index (arrays, 0);
      char *source = g_strdup_printf ("sysfs %s/slaves → %s: %s", name, array->name,
                                      array->source);

      g_free (array->source);
      array->source = source;
      return array;
    }

  /* Several arrays under one device: LVM striped or concatenated over them. Their spindles
   * add up for a stream only when it is striped; sysfs cannot tell, so the source says so. */
  combined = dyno_array_info_new (name, NULL, NULL);
  for (guint i = 0; i < arrays->len; i++)
    {
      DynoArrayInfo *array = g_ptr_array_index (arrays, i);

      g_ptr_array_add (names, g_strdup (array->name));
      g_ptr_array_add (levels, g_strdup (array->level));
      combined->spares += array->spares;
      combined->data_spindles_read += array->data_spindles_read;
      combined->data_spindles_write += array->data_spindles_write;
      if (combined->chunk == 0)
        combined->chunk = array->chunk;
      for (guint m = 0; m < array->members->len; m++)
        {
          DynoArrayMember *from = g_ptr_array_index (array->members, m);
          DynoArrayMember *to = dyno_array_info_add_member (combined, from->name);

          to->model = g_strdup (from->model);
          to->rotational = from->rotational;
          to->size = from->size;
          to->spare = from->spare;
          to->group = g_strdup (array->name);
        }
    }
  g_ptr_array_add (names, NULL);
  g_ptr_array_add (levels, NULL);
  joined = g_strjoinv (" + ", (char **) levels->pdata);
  combined->level = g_strdup_printf ("%s (%s)", name, joined);
  g_free (joined);
  joined = g_strjoinv (", ", (char **) names->pdata);
  combined->source = g_strdup_printf ("sysfs %s/slaves → %s, each md/level; spindles summed "
                                      "(as if striped over them)", name, joined);
  return combined;
}

static DynoArrayInfo *
describe_dir (const char *dir, const char *name, guint depth)
{
  g_autofree char *level = g_build_filename (dir, "md", "level", NULL);

  if (depth > MAX_DEPTH)
    return NULL;
  if (g_file_test (level, G_FILE_TEST_EXISTS))
    return describe_md (dir, name);
  return describe_stacked (dir, name, depth);
}

DynoArrayInfo *
dyno_linux_describe_array (const char *sysfs_root, const char *name)
{
  g_autofree char *link = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (sysfs_root != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  link = g_build_filename (sysfs_root, "block", name, NULL);
  dir = resolve (link);
  if (dir == NULL)
    return NULL;
  return describe_dir (dir, name, 0);
}
