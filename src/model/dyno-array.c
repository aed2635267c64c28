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
      guint r_spindles = read_spindles, w_spindles = write_spindles;
      /* What the run stored (dyno-cli run --reference, the app) when none is given here */
      double r_reference = isnan (read_reference) ? target->reference_read : read_reference;
      double w_reference = isnan (write_reference) ? target->reference_write : write_reference;

      if (read_spindles == 0 && !dyno_array_target_spindles (target, &r_spindles, &w_spindles,
                                                             NULL))
        continue;

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
          line = dyno_array_format_per_spindle (rate, writes ? w_spindles : r_spindles,
                                                writes ? w_reference : r_reference);
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

gboolean
dyno_array_target_spindles (const DynoTargetResult *target,
                            guint                  *read,
                            guint                  *write,
                            const char            **how)
{
  const DynoArrayInfo *array;

  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (read != NULL && write != NULL, FALSE);

  array = target->info != NULL ? target->info->array : NULL;
  *read = *write = 0;
  if (how != NULL)
    *how = NULL;
  /* The person knows the array better than what we could see of it (a hardware RAID shows
   * as one disk): what they gave comes first. */
  if (target->spindles_read > 0)
    {
      *read = target->spindles_read;
      *write = target->spindles_write > 0 ? target->spindles_write : target->spindles_read;
      if (how != NULL)
        *how = _("given");
      return TRUE;
    }
  if (array != NULL && array->data_spindles_read > 0)
    {
      *read = array->data_spindles_read;
      *write = array->data_spindles_write > 0 ? array->data_spindles_write
                                              : array->data_spindles_read;
      if (how != NULL)
        *how = array->source;
      return TRUE;
    }
  return FALSE;
}

gboolean
dyno_array_target_set_reference (DynoTargetResult *target, double read, double write)
{
  g_return_val_if_fail (target != NULL, FALSE);

  if (isnan (read) && isnan (write))
    {
      target->reference_read = target->reference_write = NAN;
      return TRUE;
    }
  if (!(read > 0 && isfinite (read)) || !(write > 0 && isfinite (write)))
    return FALSE;
  target->reference_read = read;
  target->reference_write = write;
  return TRUE;
}

gboolean
dyno_array_phase_writes (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, FALSE);
  return phase_writes (phase);
}

static char *
format_total (double rate)
{
  return rate >= 1e9 ? g_strdup_printf ("%.2f GB/s", rate / 1e9)
                     : g_strdup_printf ("%.1f MB/s", rate / 1e6);
}

char *
dyno_array_format_figure (double rate, guint spindles, double reference)
{
  double per = dyno_array_rate_per_spindle (rate, spindles);
  double efficiency = dyno_array_efficiency (rate, spindles, reference);
  g_autofree char *total = NULL;

  if (!isfinite (per))
    return g_strdup ("—");
  total = format_total (rate);
  if (!isfinite (efficiency))
    /* Translators: a figure of an array and what each data spindle did of it; MB/s are
     * 10^6 bytes per second, as drives are quoted */
    return g_strdup_printf (_("%s = %.2f MB/s per data spindle"), total, per / 1e6);
  /* Translators: as above, and that rate's share of what one drive does alone */
  return g_strdup_printf (_("%s = %.2f MB/s per data spindle = %.1f %% of one drive"), total,
                          per / 1e6, efficiency * 100);
}

char *
dyno_array_format_target_per_spindle (const DynoTargetResult *target)
{
  const DynoArrayInfo *array;
  g_autoptr (GString) text = NULL;
  const char *how = NULL;
  guint read = 0, write = 0;
  gboolean any = FALSE;

  g_return_val_if_fail (target != NULL, NULL);

  if (!dyno_array_target_spindles (target, &read, &write, &how))
    return NULL;
  array = target->info != NULL ? target->info->array : NULL;
  text = g_string_new (NULL);
  if (target->spindles_read == 0 && array != NULL)
    {
      g_autofree char *describe = dyno_array_info_describe (array);

      /* Translators: heading of a report's per-spindle lines; %s describes the array, as in
       * "raid6, 11 members + 2 spares, 512 KiB chunks: 9 data spindles (sysfs md/level)" */
      g_string_append_printf (text, _("Per data spindle, on %s (%s):"), describe,
                              array->source ? array->source : "?");
    }
  else if (read == write)
    g_string_append_printf (text,
                            /* Translators: heading of a report's per-spindle lines */
                            ngettext ("Per data spindle, %u data spindle (given):",
                                      "Per data spindle, %u data spindles (given):", read),
                            read);
  else
    /* Translators: heading of a report's per-spindle lines; data spindles of a mirror */
    g_string_append_printf (text, _("Per data spindle, %u for reads and %u for writes (given):"),
                            read, write);
  g_string_append_c (text, '\n');
  if (isfinite (target->reference_read) && target->reference_read > 0)
    {
      /* Translators: the reference of the per-spindle lines; MB/s are 10^6 bytes/s */
      g_string_append_printf (text, _("  one drive alone: %g MB/s read, %g MB/s write"),
                              target->reference_read / 1e6, target->reference_write / 1e6);
      g_string_append_c (text, '\n');
    }
  for (guint p = 0; target->phases != NULL && p < target->phases->len; p++)
    {
      const DynoPhaseResult *phase = g_ptr_array_index (target->phases, p);
      gboolean writes;
      g_autofree char *figure = NULL;
      double rate;

      if (dyno_phase_get_unit (phase->phase) != DYNO_UNIT_BYTES)
        continue;
      rate = dyno_phase_result_get_rate (phase);
      if (!isfinite (rate) || phase->too_fast)
        continue;
      writes = phase_writes (phase->phase);
      figure = dyno_array_format_figure (rate, writes ? write : read,
                                         writes ? target->reference_write
                                                : target->reference_read);
      g_string_append_printf (text, "  %s: %s\n", dyno_phase_get_title (phase->phase), figure);
      any = TRUE;
    }
  if (!any)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
dyno_array_parse_spindles (const char *text, guint *read, guint *write, GError **error)
{
  g_auto (GStrv) parts = NULL;
  guint64 r = 0, w = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (read != NULL && write != NULL, FALSE);

  parts = g_strsplit (text, ":", 3);
  if (g_strv_length (parts) < 1 || g_strv_length (parts) > 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 1, 100000, &r, NULL)
      || (parts[1] != NULL && !g_ascii_string_to_unsigned (parts[1], 10, 1, 100000, &w, NULL)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: --per-spindle; keep N and N:W */
                   _("“%s” is not a number of data spindles N or N:W (1 to 100000)"), text);
      return FALSE;
    }
  *read = (guint) r;
  *write = parts[1] != NULL ? (guint) w : (guint) r;
  return TRUE;
}
