/* dyno-array.c: disk arrays, their data spindles, and the btrfs and ZFS text parsers
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "dyno-array.h"
#include "dyno-json-build.h"

static void
dyno_array_member_free (DynoArrayMember *member)
{
  g_free (member->name);
  g_free (member->model);
  g_free (member->group);
  g_free (member);
}

DynoArrayInfo *
dyno_array_info_new (const char *name, const char *level, const char *source)
{
  DynoArrayInfo *info = g_new0 (DynoArrayInfo, 1);

  info->name = g_strdup (name);
  info->level = g_strdup (level);
  info->source = g_strdup (source);
  info->members = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_array_member_free);
  return info;
}

void
dyno_array_info_free (DynoArrayInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->level);
  g_free (info->source);
  g_ptr_array_unref (info->members);
  g_free (info);
}

DynoArrayMember *
dyno_array_info_add_member (DynoArrayInfo *info, const char *name)
{
  DynoArrayMember *member = g_new0 (DynoArrayMember, 1);

  g_return_val_if_fail (info != NULL, NULL);
  member->name = g_strdup (name);
  member->rotational = DYNO_TRISTATE_UNKNOWN;
  g_ptr_array_add (info->members, member);
  return member;
}

guint
dyno_array_info_get_n_active (const DynoArrayInfo *info)
{
  guint n = 0;

  g_return_val_if_fail (info != NULL, 0);
  for (guint i = 0; i < info->members->len; i++)
    n += !((DynoArrayMember *) g_ptr_array_index (info->members, i))->spare;
  return n;
}

char *
dyno_array_info_describe (const DynoArrayInfo *info)
{
  GString *text = g_string_new (NULL);
  guint active;

  g_return_val_if_fail (info != NULL, NULL);
  active = dyno_array_info_get_n_active (info);
  g_string_append (text, info->level ? info->level : "?");
  /* Translators: an array's members, as in "raid6, 11 members + 2 spares" */
  g_string_append_printf (text, ngettext (", %u member", ", %u members", active), active);
  if (info->spares > 0)
    g_string_append_printf (text, ngettext (" + %u spare", " + %u spares", info->spares),
                            info->spares);
  if (info->chunk > 0)
    {
      guint64 kib = info->chunk / 1024;
      g_autofree char *chunk = info->chunk % 1024 == 0
                                   ? g_strdup_printf ("%" G_GUINT64_FORMAT " KiB", kib)
                                   : g_strdup_printf ("%" G_GUINT64_FORMAT " B", info->chunk);

      /* Translators: the stripe chunk of an array; %s is "512 KiB" */
      g_string_append_printf (text, _(", %s chunks"), chunk);
    }
  if (info->data_spindles_read == 0)
    g_string_append (text, _(": data spindles unknown"));
  else if (info->data_spindles_read == info->data_spindles_write)
    g_string_append_printf (text, ngettext (": %u data spindle", ": %u data spindles",
                                            info->data_spindles_read),
                            info->data_spindles_read);
  else
    /* Translators: data spindles of a mirror: reads spread over all, writes go to each */
    g_string_append_printf (text, _(": %u data spindles for reads, %u for writes"),
                            info->data_spindles_read, info->data_spindles_write);
  return g_string_free (text, FALSE);
}

void
dyno_array_info_to_json (const DynoArrayInfo *info, JsonBuilder *b)
{
  g_return_if_fail (info != NULL);
  g_return_if_fail (JSON_IS_BUILDER (b));

  json_builder_begin_object (b);
  dyno_json_add_string_member (b, "name", info->name);
  dyno_json_add_string_member (b, "level", info->level);
  dyno_json_add_count_member (b, "chunk", info->chunk, info->chunk > 0);
  dyno_json_add_count_member (b, "spares", info->spares, TRUE);
  dyno_json_add_count_member (b, "data_spindles_read", info->data_spindles_read,
                              info->data_spindles_read > 0);
  dyno_json_add_count_member (b, "data_spindles_write", info->data_spindles_write,
                              info->data_spindles_write > 0);
  dyno_json_add_string_member (b, "source", info->source);
  json_builder_set_member_name (b, "members");
  json_builder_begin_array (b);
  for (guint i = 0; i < info->members->len; i++)
    {
      const DynoArrayMember *m = g_ptr_array_index (info->members, i);

      json_builder_begin_object (b);
      dyno_json_add_string_member (b, "name", m->name);
      dyno_json_add_string_member (b, "model", m->model);
      dyno_json_add_tristate_member (b, "rotational", m->rotational);
      dyno_json_add_count_member (b, "size", m->size, m->size > 0);
      json_builder_set_member_name (b, "spare");
      json_builder_add_boolean_value (b, m->spare);
      dyno_json_add_string_member (b, "group", m->group);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

gboolean
dyno_array_data_spindles (const char *level, guint n, guint copies, guint *read, guint *write)
{
  guint r;
  guint w;

  g_return_val_if_fail (level != NULL, FALSE);
  g_return_val_if_fail (read != NULL && write != NULL, FALSE);

  *read = *write = 0;
  if (copies == 0)
    copies = 2;
  if (g_str_equal (level, "raid0") || g_str_equal (level, "stripe"))
    r = w = n;
  else if (g_str_equal (level, "raid1") || g_str_equal (level, "mirror"))
    {
      /* Every member holds all the data: reads spread over them, each write goes to all. */
      r = n;
      w = MIN (n, 1);
    }
  else if (g_str_equal (level, "raid4") || g_str_equal (level, "raid5")
           || g_str_equal (level, "raidz1") || g_str_equal (level, "raidz"))
    r = w = n >= 2 ? n - 1 : 0;
  else if (g_str_equal (level, "raid6") || g_str_equal (level, "raidz2"))
    r = w = n >= 3 ? n - 2 : 0;
  else if (g_str_equal (level, "raidz3"))
    r = w = n >= 4 ? n - 3 : 0;
  else if (g_str_equal (level, "raid10"))
    r = w = n / copies;
  else if (g_str_equal (level, "raid1c3"))
    r = w = n / 3;
  else if (g_str_equal (level, "raid1c4"))
    r = w = n / 4;
  else if (g_str_equal (level, "linear") || g_str_equal (level, "single")
           || g_str_equal (level, "dup") || g_str_equal (level, "disk"))
    /* One stream reads and writes one member at a time. */
    r = w = MIN (n, 1);
  else
    return FALSE;
  *read = r;
  *write = w;
  return TRUE;
}

/* "3.64TiB", "512.00GiB", "1.00MiB", "0.00B" as btrfs prints sizes. */
static guint64
parse_btrfs_size (const char *text)
{
  static const struct
  {
    const char *suffix;
    double factor;
  } units[] = {
    { "PiB", 1125899906842624.0 }, { "TiB", 1099511627776.0 }, { "GiB", 1073741824.0 },
    { "MiB", 1048576.0 },          { "KiB", 1024.0 },          { "B", 1.0 },
  };
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text || !(value >= 0))
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_has_prefix (end, units[i].suffix))
      return (guint64) llround (value * units[i].factor);
  return (guint64) llround (value);
}

static void
set_parse_error (GError **error, const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: %s names a command, as in "zpool status -P" */
               _("Not the output of %s"), what);
}

DynoArrayInfo *
dyno_array_parse_btrfs (const char *show, const char *df, GError **error)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (DynoArrayInfo) info = NULL;
  g_autofree char *profile = NULL;
  g_autofree char *name = NULL;
  g_autofree char *level = NULL;
  guint read;
  guint write;
  guint n;

  g_return_val_if_fail (show != NULL, NULL);

  lines = g_strsplit (show, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (g_str_has_prefix (line, "Label:") && info == NULL)
        {
          const char *uuid = strstr (line, "uuid:");
          const char *label = line + strlen ("Label:");

          while (*label == ' ')
            label++;
          if (*label == '\'')
            {
              const char *end = strrchr (label + 1, '\'');

              name = end != NULL ? g_strndup (label + 1, end - label - 1) : NULL;
            }
          if ((name == NULL || *name == '\0') && uuid != NULL)
            {
              g_free (name);
              name = g_strstrip (g_strdup (uuid + strlen ("uuid:")));
            }
          info = dyno_array_info_new (name, NULL, "btrfs filesystem show");
        }
      else if (g_str_has_prefix (line, "devid") && info != NULL)
        {
          g_auto (GStrv) f = g_strsplit_set (line, " \t", -1);
          const char *path = NULL;
          guint64 size = 0;
          DynoArrayMember *member;

          for (guint k = 0; f[k] != NULL; k++)
            {
              if (g_str_equal (f[k], "size") && f[k + 1] != NULL && size == 0)
                size = parse_btrfs_size (f[k + 1]);
              if (g_str_equal (f[k], "path") && f[k + 1] != NULL)
                path = f[k + 1];
            }
          if (path == NULL)
            continue;
          member = dyno_array_info_add_member (info, path);
          member->size = size;
        }
    }
  if (info == NULL || info->members->len == 0)
    {
      set_parse_error (error, "btrfs filesystem show");
      return NULL;
    }

  /* "Data, RAID1: total=5.13TiB, used=5.12TiB" */
  if (df != NULL)
    {
      g_auto (GStrv) df_lines = g_strsplit (df, "\n", -1);

      for (guint i = 0; df_lines[i] != NULL && profile == NULL; i++)
        {
          const char *line = g_strstrip (df_lines[i]);
          const char *colon = strchr (line, ':');

          if (g_str_has_prefix (line, "Data, ") && colon != NULL)
            profile = g_ascii_strdown (line + strlen ("Data, "), colon - line - strlen ("Data, "));
        }
      if (profile == NULL)
        {
          set_parse_error (error, "btrfs filesystem df");
          return NULL;
        }
      g_free (info->source);
      info->source = g_strdup ("btrfs filesystem show + btrfs filesystem df");
    }

  n = info->members->len;
  level = g_strdup_printf ("btrfs %s", profile != NULL ? profile : "?");
  info->level = g_steal_pointer (&level);
  if (profile == NULL)
    return g_steal_pointer (&info);
  /* btrfs places each chunk's copies on the devices with the most room, and a reader takes
   * one copy: raid1 over n devices streams from n/2 of them at a time, reads and writes. */
  if (g_str_equal (profile, "raid1"))
    read = write = MAX (n / 2, 1);
  else if (!dyno_array_data_spindles (profile, n, 2, &read, &write))
    read = write = 0;
  info->data_spindles_read = read;
  info->data_spindles_write = write;
  return g_steal_pointer (&info);
}

static guint
indent_of (const char *line)
{
  guint n = 0;

  while (line[0] == '\t')
    line++;
  while (line[n] == ' ')
    n++;
  return n;
}

/* "raidz2-0" → "raidz2"; "mirror-1" → "mirror"; a device → NULL. */
static char *
vdev_kind (const char *name)
{
  static const char *const kinds[] = { "raidz1", "raidz2", "raidz3", "raidz", "mirror",
                                       "draid1", "draid2", "draid3" };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_has_prefix (name, kinds[i])
        && (name[strlen (kinds[i])] == '-' || name[strlen (kinds[i])] == '\0'
            || name[strlen (kinds[i])] == ':'))
      {
        /* dRAID's parity is the digit: draid2 reads like raidz2 for streaming. */
        if (g_str_has_prefix (kinds[i], "draid"))
          return g_strdup_printf ("raidz%c", kinds[i][5]);
        return g_str_equal (kinds[i], "raidz") ? g_strdup ("raidz1") : g_strdup (kinds[i]);
      }
  return NULL;
}

typedef struct
{
  char *kind;  /* "raidz2", "mirror", "disk" */
  char *name;
  guint n;
} Vdev;

static void
vdev_free (Vdev *vdev)
{
  g_free (vdev->kind);
  g_free (vdev->name);
  g_free (vdev);
}

DynoArrayInfo *
dyno_array_parse_zpool_status (const char *text, GError **error)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (DynoArrayInfo) info = NULL;
  g_autoptr (GPtrArray) vdevs = g_ptr_array_new_with_free_func ((GDestroyNotify) vdev_free);
  g_autofree char *pool = NULL;
  gboolean in_config = FALSE;
  guint pool_indent = 0;
  /* The section under the pool: data vdevs, or logs, cache, spares, special, dedup. */
  const char *section = "data";
  Vdev *current = NULL;
  guint read = 0;
  guint write = 0;
  gboolean same_kind = TRUE;

  g_return_val_if_fail (text != NULL, NULL);

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *raw = lines[i];
      g_autofree char *line = g_strstrip (g_strdup (raw));
      g_auto (GStrv) f = NULL;
      const char *name;
      guint indent;

      if (g_str_has_prefix (line, "pool:") && pool == NULL)
        pool = g_strstrip (g_strdup (line + strlen ("pool:")));
      if (g_str_has_prefix (line, "config:"))
        {
          in_config = TRUE;
          continue;
        }
      if (!in_config || *line == '\0')
        continue;
      if (g_str_has_prefix (line, "errors:"))
        break;
      f = g_strsplit_set (line, " \t", 2);
      name = f[0];
      indent = indent_of (raw);
      if (g_str_equal (name, "NAME"))
        continue;
      if (info == NULL)
        {
          if (pool != NULL && !g_str_equal (name, pool))
            continue;
          info = dyno_array_info_new (name, NULL, "zpool status -P");
          pool_indent = indent;
          continue;
        }
      if (indent == pool_indent)
        {
          /* "logs", "cache", "spares", "special", "dedup" */
          section = g_str_equal (name, "spares") ? "spares"
                    : g_str_equal (name, "logs") || g_str_equal (name, "cache")
                            || g_str_equal (name, "special") || g_str_equal (name, "dedup")
                        ? "other"
                        : "data";
          current = NULL;
          continue;
        }
      if (indent == pool_indent + 2)
        {
          g_autofree char *kind = vdev_kind (name);

          if (kind != NULL)
            {
              current = g_new0 (Vdev, 1);
              current->kind = g_steal_pointer (&kind);
              current->name = g_strdup (name);
              if (g_str_equal (section, "data"))
                g_ptr_array_add (vdevs, current);
              else
                {
                  vdev_free (current);
                  current = NULL;
                }
              continue;
            }
          /* A device straight under the pool: a one-disk vdev (a stripe), or a spare. */
          current = NULL;
          if (g_str_equal (section, "spares"))
            {
              dyno_array_info_add_member (info, name)->spare = TRUE;
              info->spares++;
            }
          else if (g_str_equal (section, "data"))
            {
              Vdev *disk = g_new0 (Vdev, 1);

              disk->kind = g_strdup ("disk");
              disk->n = 1;
              g_ptr_array_add (vdevs, disk);
              dyno_array_info_add_member (info, name);
            }
          continue;
        }
      if (indent > pool_indent + 2 && current != NULL)
        {
          DynoArrayMember *member = dyno_array_info_add_member (info, name);

          member->group = g_strdup (current->name);
          current->n++;
        }
    }

  if (info == NULL || vdevs->len == 0)
    {
      set_parse_error (error, "zpool status -P");
      return NULL;
    }

  for (guint i = 0; i < vdevs->len; i++)
    {
      Vdev *vdev = g_ptr_array_index (vdevs, i);
      guint r = 0;
      guint w = 0;

      dyno_array_data_spindles (vdev->kind, vdev->n, 2, &r, &w);
      read += r;
      write += w;
      same_kind &= g_str_equal (vdev->kind, ((Vdev *) g_ptr_array_index (vdevs, 0))->kind);
    }
  info->data_spindles_read = read;
  info->data_spindles_write = write;
  if (vdevs->len == 1)
    info->level = g_strdup (((Vdev *) g_ptr_array_index (vdevs, 0))->kind);
  else if (same_kind)
    info->level = g_strdup_printf ("%u × %s", vdevs->len,
                                   ((Vdev *) g_ptr_array_index (vdevs, 0))->kind);
  else
    info->level = g_strdup ("mixed vdevs");
  return g_steal_pointer (&info);
}

double
dyno_array_rate_per_spindle (double rate, guint spindles)
{
  if (spindles == 0 || !isfinite (rate))
    return NAN;
  return rate / spindles;
}

double
dyno_array_efficiency (double rate, guint spindles, double reference)
{
  double per = dyno_array_rate_per_spindle (rate, spindles);

  if (!(reference > 0) || !isfinite (per))
    return NAN;
  return per / reference;
}

char *
dyno_array_format_per_spindle (double rate, guint spindles, double reference)
{
  double per = dyno_array_rate_per_spindle (rate, spindles);
  double efficiency = dyno_array_efficiency (rate, spindles, reference);
  g_autofree char *total = NULL;

  if (!isfinite (per))
    return g_strdup ("—");
  total = rate >= 1e9 ? g_strdup_printf ("%.2f GB/s", rate / 1e9)
                      : g_strdup_printf ("%.1f MB/s", rate / 1e6);
  if (!isfinite (efficiency))
    /* Translators: a figure per data spindle of an array; MB/s are 10^6 bytes per second */
    return g_strdup_printf (ngettext ("%s over %u data spindle: %.2f MB/s per spindle",
                                      "%s over %u data spindles: %.2f MB/s per spindle",
                                      spindles),
                            total, spindles, per / 1e6);
  /* Translators: a figure per data spindle of an array and its share of one drive's rate */
  return g_strdup_printf (ngettext ("%s over %u data spindle: %.2f MB/s per spindle, "
                                    "%.1f %% of %g MB/s (one drive)",
                                    "%s over %u data spindles: %.2f MB/s per spindle, "
                                    "%.1f %% of %g MB/s (one drive)",
                                    spindles),
                          total, spindles, per / 1e6, efficiency * 100, reference / 1e6);
}

static gboolean
phase_writes (const DynoPhase *phase)
{
  const DynoPhaseKind *kind = phase->kind;

  return (kind->flags & DYNO_PHASE_WRITES_DATA) != 0
         || (kind->op != NULL && g_str_equal (kind->op, "write"))
         || g_str_equal (dyno_phase_get_key (phase), "rewrite");
}

char *
dyno_array_format_result_per_spindle (DynoResult *result,
                                      guint       read_spindles,
                                      guint       write_spindles,
                                      double      read_reference,
                                      double      write_reference)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (DYNO_IS_RESULT (result), NULL);

  for (guint t = 0; t < dyno_result_get_n_targets (result); t++)
    {
      const DynoTargetResult *target = dyno_result_get_target (result, t);
      /* An import has no path: its run's label names it, as in the table above. */
      const char *name = target->info && target->info->path ? target->info->path
                         : dyno_result_get_label (result) ? dyno_result_get_label (result)
                                                          : "?";

      for (guint p = 0; target->phases != NULL && p < target->phases->len; p++)
        {
          const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);
          gboolean writes;
          g_autofree char *line = NULL;
          double rate;

          if (dyno_phase_get_unit (phase->phase) != DYNO_UNIT_BYTES)
            continue;
          rate = dyno_phase_result_get_rate (phase);
          if (!isfinite (rate))
            continue;
          writes = phase_writes (phase->phase);
          line = dyno_array_format_per_spindle (rate, writes ? write_spindles : read_spindles,
                                                writes ? write_reference : read_reference);
          g_string_append_printf (text, "%s: %s: %s\n", name,
                                  dyno_phase_get_title (phase->phase), line);
        }
    }
  return g_string_free (text, FALSE);
}

static gboolean
parse_one_rate (const char *text, double *out)
{
  static const struct
  {
    const char *suffix;
    double factor;
  } units[] = {
    { "", 1 },
    { "B/s", 1 },
    { "K", 1e3 },
    { "KB/s", 1e3 },
    { "kB/s", 1e3 },
    { "M", 1e6 },
    { "MB/s", 1e6 },
    { "G", 1e9 },
    { "GB/s", 1e9 },
    { "KiB/s", 1024.0 },
    { "MiB/s", 1048576.0 },
    { "GiB/s", 1073741824.0 },
  };
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end = NULL;
  double value;

  value = g_ascii_strtod (copy, &end);
  if (end == copy || !(value > 0) || !isfinite (value))
    return FALSE;
  while (*end == ' ')
    end++;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_equal (end, units[i].suffix))
      {
        *out = value * units[i].factor;
        return TRUE;
      }
  return FALSE;
}

gboolean
dyno_array_parse_reference (const char *text, double *read, double *write, GError **error)
{
  g_auto (GStrv) parts = NULL;
  guint n;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (read != NULL && write != NULL, FALSE);

  parts = g_strsplit (text, ",", -1);
  n = g_strv_length (parts);
  if ((n == 1 || n == 2) && parse_one_rate (parts[0], read)
      && parse_one_rate (parts[n - 1], write))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               /* Translators: --reference of dyno-cli compare; keep 93M and 93M,70M */
               _("“%s” is not a rate: give one drive's rate such as 93M (MB/s), or its read and "
                 "write rates such as 93M,70M"),
               text);
  return FALSE;
}
