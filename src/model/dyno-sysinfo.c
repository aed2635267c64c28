/* dyno-sysinfo.c: what a result says about the machine and its targets (collected by
 * src/bench/dyno-sysinfo-collect.c)
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dyno-array-info.h"
#include "dyno-error.h"
#include "dyno-sysinfo.h"

void
dyno_cpu_split_clear (DynoCpuSplit *split)
{
  split->user = split->system = split->iowait = split->idle = NAN;
}

static gpointer
copy_string (gconstpointer src, gpointer data)
{
  return g_strdup (src);
}

static gpointer
copy_layer (gconstpointer src, gpointer data)
{
  return dyno_crypto_layer_copy (src);
}

DynoSystemInfo *
dyno_system_info_new (void)
{
  DynoSystemInfo *info = g_new0 (DynoSystemInfo, 1);

  info->cpu_crypto = g_ptr_array_new_with_free_func (g_free);
  info->idle_busy_cpus = NAN;
  return info;
}

DynoSystemInfo *
dyno_system_info_copy (const DynoSystemInfo *info)
{
  DynoSystemInfo *copy = g_memdup2 (info, sizeof *info);

  copy->hostname = g_strdup (info->hostname);
  copy->os_name = g_strdup (info->os_name);
  copy->kernel = g_strdup (info->kernel);
  copy->arch = g_strdup (info->arch);
  copy->cpu_model = g_strdup (info->cpu_model);
  copy->cpu_crypto = g_ptr_array_copy (info->cpu_crypto, copy_string, NULL);
  g_ptr_array_set_free_func (copy->cpu_crypto, g_free);
  return copy;
}

void
dyno_system_info_free (DynoSystemInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->hostname);
  g_free (info->os_name);
  g_free (info->kernel);
  g_free (info->arch);
  g_free (info->cpu_model);
  g_clear_pointer (&info->cpu_crypto, g_ptr_array_unref);
  g_free (info);
}

DynoTargetInfo *
dyno_target_info_new (const char *path)
{
  DynoTargetInfo *info = g_new0 (DynoTargetInfo, 1);

  info->path = g_strdup (path);
  info->rotational = DYNO_TRISTATE_UNKNOWN;
  info->encryption = g_ptr_array_new_with_free_func (g_free);
  info->crypto = g_ptr_array_new_with_free_func ((GDestroyNotify) dyno_crypto_layer_free);
  return info;
}

DynoTargetInfo *
dyno_target_info_copy (const DynoTargetInfo *info)
{
  DynoTargetInfo *copy = g_memdup2 (info, sizeof *info);

  copy->path = g_strdup (info->path);
  copy->mount_point = g_strdup (info->mount_point);
  copy->fs_type = g_strdup (info->fs_type);
  copy->mount_source = g_strdup (info->mount_source);
  copy->mount_options = g_strdup (info->mount_options);
  copy->device = g_strdup (info->device);
  copy->device_model = g_strdup (info->device_model);
  copy->encryption = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; info->encryption && i < info->encryption->len; i++)
    g_ptr_array_add (copy->encryption, g_strdup (g_ptr_array_index (info->encryption, i)));
  copy->crypto = g_ptr_array_copy (info->crypto, copy_layer, NULL);
  g_ptr_array_set_free_func (copy->crypto, (GDestroyNotify) dyno_crypto_layer_free);
  copy->cow_hint = g_strdup (info->cow_hint);
  copy->helper = g_strdup (info->helper);
  copy->array = info->array != NULL ? dyno_array_info_copy (info->array) : NULL;
  copy->unwritable_reason = g_strdup (info->unwritable_reason);
  return copy;
}

void
dyno_target_info_free (DynoTargetInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->mount_point);
  g_free (info->fs_type);
  g_free (info->mount_source);
  g_free (info->mount_options);
  g_free (info->device);
  g_free (info->device_model);
  g_clear_pointer (&info->encryption, g_ptr_array_unref);
  g_clear_pointer (&info->crypto, g_ptr_array_unref);
  g_free (info->cow_hint);
  g_free (info->helper);
  g_clear_pointer (&info->array, dyno_array_info_free);
  g_free (info->unwritable_reason);
  g_free (info);
}

gboolean
dyno_target_info_is_encrypted (const DynoTargetInfo *info)
{
  return info->encryption != NULL && info->encryption->len > 0;
}

char *
dyno_target_info_describe (const DynoTargetInfo *info)
{
  GString *text = g_string_new (info->fs_type ? info->fs_type : _("unknown file system"));

  if (info->device != NULL)
    {
      const char *kind = info->rotational == DYNO_TRISTATE_YES  ? _("HDD")
                         : info->rotational == DYNO_TRISTATE_NO ? _("SSD")
                                                                : NULL;

      g_string_append_printf (text, _(" on %s"), info->device);
      if (kind != NULL)
        g_string_append_printf (text, " (%s)", kind);
    }
  for (guint i = 0; info->encryption && i < info->encryption->len; i++)
    g_string_append_printf (text, ", %s", (char *) g_ptr_array_index (info->encryption, i));
  if (info->network)
    g_string_append_printf (text, ", %s", _("network"));
  if (info->cow_hint != NULL)
    g_string_append_printf (text, ", %s", info->cow_hint);
  return g_string_free (text, FALSE);
}
