/* dyno-cli-fill-files.c: fill documents in `compare`, `export` and `import`
 *
 * A fill is not a run: it has no phases to put in a comparison's rows. Fills compare with
 * fills: their sentences, their segments side by side, and the knee and the sustained rate
 * against the first fill's; as a chart, their curves overlaid. A fill exports as its chart, its
 * words, its samples (CSV) or its document; it imports as itself.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dyno-cli-fill.h"
#include "dyno-cli-private.h"
#include "dyno-fill-result.h"
#include "dyno-json-build.h"
#ifdef DYNO_HAVE_CHARTS
#include "dyno-fill-chart.h"
#endif

DynoCliFillKind
dyno_cli_fill_inputs (char **paths)
{
  guint fills = 0;
  guint n = 0;

  for (; paths != NULL && paths[n] != NULL; n++)
    if (dyno_fill_file_sniff (paths[n]))
      fills++;
  if (fills == 0)
    return DYNO_CLI_FILL_NONE;
  return fills == n ? DYNO_CLI_FILL_ALL : DYNO_CLI_FILL_MIXED;
}

int
dyno_cli_fill_mixed_error (const char *command)
{
  dyno_cli_error (_("%s: fill documents go only with other fills (a fill has no phases to set "
                    "beside a run's)"),
                  command);
  return DYNO_EXIT_FAILED;
}

GPtrArray *
dyno_cli_fill_load (char **paths)
{
  g_autoptr (GPtrArray) fills = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                    dyno_fill_result_free);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      DynoFillResult *fill = dyno_fill_result_load (paths[i], &error);

      if (fill == NULL)
        {
          dyno_cli_error ("%s", error->message);
          return NULL;
        }
      /* Written by another program, or by hand: the segments are cut again when missing. */
      if (fill->fill->segments->len == 0 && fill->fill->samples->len > 0)
        dyno_fill_result_analyze (fill);
      g_ptr_array_add (fills, fill);
    }
  return g_steal_pointer (&fills);
}

/* The label, else the folder's last part, else the file's name; numbered when two match. */
static GPtrArray *
names_of (GPtrArray *fills, char **paths)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < fills->len; i++)
    {
      const DynoFillResult *fill = g_ptr_array_index (fills, i);
      char *name;

      if (fill->label != NULL && fill->label[0] != '\0')
        name = g_strdup (fill->label);
      else if (fill->path != NULL && fill->path[0] != '\0')
        name = g_path_get_basename (fill->path);
      else
        name = g_filename_display_basename (paths[i]);
      for (guint j = 0; j < names->len; j++)
        if (g_str_equal (g_ptr_array_index (names, j), name))
          {
            char *numbered = g_strdup_printf ("%s (%u)", name, i + 1);

            g_free (name);
            name = numbered;
            break;
          }
      g_ptr_array_add (names, name);
    }
  return names;
}

static const DynoFillSegment *
segment (const DynoFillResult *fill, guint k)
{
  return &g_array_index (fill->fill->segments, DynoFillSegment, k);
}

static char *
segment_text (const DynoFillResult *fill, guint k)
{
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;
  g_autofree char *rate = NULL;

  if (k >= fill->fill->segments->len)
    return g_strdup ("");
  start = segment (fill, k)->start == 0 ? g_strdup ("0")
                                        : dyno_fill_format_bytes (segment (fill, k)->start);
  end = dyno_fill_format_bytes (segment (fill, k)->end);
  rate = dyno_fill_format_rate (segment (fill, k)->rate);
  /* Translators: one segment of a fill in a comparison: from, to, its rate */
  return g_strdup_printf (_("%s – %s at %s"), start, end, rate);
}

/* The last segment's rate: what the drive sustains once its caches are full. */
static double
sustained (const DynoFillResult *fill)
{
  guint n = fill->fill->segments->len;

  return n > 0 ? segment (fill, n - 1)->rate : NAN;
}

static char *
compare_text (GPtrArray *fills, GPtrArray *names, gboolean markdown)
{
  GString *out = g_string_new (NULL);
  guint rows = 0;
  guint width = 4;
  const DynoFillResult *base = g_ptr_array_index (fills, 0);

  for (guint i = 0; i < fills->len; i++)
    {
      const DynoFillResult *fill = g_ptr_array_index (fills, i);
      g_autofree char *sentence = dyno_fill_pass_describe (fill->fill);

      rows = MAX (rows, fill->fill->segments->len);
      if (markdown)
        g_string_append_printf (out, "%u. **%s**: %s\n", i + 1,
                                (const char *) g_ptr_array_index (names, i), sentence);
      else
        g_string_append_printf (out, "%u  %s: %s\n", i + 1,
                                (const char *) g_ptr_array_index (names, i), sentence);
      for (guint r = 0; r < fill->recovery->len; r++)
        {
          g_autofree char *words = dyno_fill_recovery_describe (fill,
                                                                g_ptr_array_index (fill->recovery,
                                                                                   r));

          g_string_append_printf (out, markdown ? "   %s\n" : "   %s\n", words);
        }
    }

  for (guint i = 0; i < fills->len; i++)
    for (guint k = 0; k < rows; k++)
      {
        g_autofree char *cell = segment_text (g_ptr_array_index (fills, i), k);

        width = MAX (width, g_utf8_strlen (cell, -1) + 2);
        width = MAX (width, g_utf8_strlen (g_ptr_array_index (names, i), -1) + 2);
      }
  /* Translators: heading of the segments of several fills, side by side */
  g_string_append_printf (out, "\n%s\n", _("Segments side by side:"));
  if (markdown)
    {
      g_string_append (out, "\n| |");
      for (guint i = 0; i < fills->len; i++)
        g_string_append_printf (out, " %s |", (const char *) g_ptr_array_index (names, i));
      g_string_append (out, "\n|---|");
      for (guint i = 0; i < fills->len; i++)
        g_string_append (out, "---|");
      g_string_append_c (out, '\n');
    }
  else
    {
      g_string_append (out, "    ");
      for (guint i = 0; i < fills->len; i++)
        {
          const char *name = g_ptr_array_index (names, i);

          g_string_append (out, name);
          for (guint pad = g_utf8_strlen (name, -1); pad < width; pad++)
            g_string_append_c (out, ' ');
        }
      while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }
  for (guint k = 0; k < rows; k++)
    {
      g_string_append_printf (out, markdown ? "| %u |" : "%3u ", k + 1);
      for (guint i = 0; i < fills->len; i++)
        {
          g_autofree char *cell = segment_text (g_ptr_array_index (fills, i), k);

          if (markdown)
            g_string_append_printf (out, " %s |", cell);
          else
            {
              g_string_append (out, cell);
              for (guint pad = g_utf8_strlen (cell, -1); pad < width; pad++)
                g_string_append_c (out, ' ');
            }
        }
      while (!markdown && out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }

  /* Against the first: how long the fast stretch lasts, how fast the drive is after it */
  if (fills->len > 1)
    {
      g_string_append_printf (out, "\n%s\n",
                              /* Translators: heading of the ratios of fills to the first */
                              _("Against the first:"));
      for (guint i = 1; i < fills->len; i++)
        {
          const DynoFillResult *fill = g_ptr_array_index (fills, i);
          g_autofree char *cache = NULL;
          double ratio = sustained (fill) / sustained (base);

          if (dyno_fill_pass_has_fast_stretch (fill->fill)
              && dyno_fill_pass_has_fast_stretch (base->fill))
            /* Translators: a ratio of two fast stretches' lengths */
            cache = g_strdup_printf (_("a fast stretch ×%.2f as long"),
                                     (double) segment (fill, 0)->end / segment (base, 0)->end);
          else
            cache = g_strdup (dyno_fill_pass_has_fast_stretch (fill->fill)
                                  ? _("a fast stretch where the first has none")
                                  : _("no fast stretch"));
          /* Translators: a fill's name, what its fast stretch is against the first fill's,
           * then the ratio of their sustained rates */
          g_string_append_printf (out, _("%s%s: %s; after it ×%.2f the rate\n"),
                                  markdown ? "- " : "  ",
                                  (const char *) g_ptr_array_index (names, i), cache, ratio);
        }
    }
  return g_string_free (out, FALSE);
}

static char *
compare_csv (GPtrArray *fills, GPtrArray *names)
{
  GString *out = g_string_new ("fill,segment,start,end,rate\n");

  for (guint i = 0; i < fills->len; i++)
    {
      const DynoFillResult *fill = g_ptr_array_index (fills, i);
      g_autofree char *name = g_strescape (g_ptr_array_index (names, i), NULL);

      for (guint k = 0; k < fill->fill->segments->len; k++)
        {
          char rate[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_dtostr (rate, sizeof rate, segment (fill, k)->rate);
          g_string_append_printf (out, "\"%s\",%u,%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                                  ",%s\n",
                                  name, k + 1, segment (fill, k)->start, segment (fill, k)->end,
                                  rate);
        }
    }
  return g_string_free (out, FALSE);
}

static char *
compare_json (GPtrArray *fills, GPtrArray *names)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "fills");
  json_builder_begin_array (b);
  for (guint i = 0; i < fills->len; i++)
    {
      const DynoFillResult *fill = g_ptr_array_index (fills, i);
      g_autofree char *sentence = dyno_fill_pass_describe (fill->fill);

      json_builder_begin_object (b);
      dyno_json_add_string_member (b, "label", g_ptr_array_index (names, i));
      dyno_json_add_string_member (b, "path", fill->path);
      dyno_json_add_string_member (b, "id", fill->id);
      dyno_json_add_count_member (b, "written", fill->fill->written, TRUE);
      dyno_json_add_string_member (b, "sentence", sentence);
      dyno_json_add_double_member (b, "sustained_rate", sustained (fill));
      json_builder_set_member_name (b, "segments");
      json_builder_begin_array (b);
      for (guint k = 0; k < fill->fill->segments->len; k++)
        {
          json_builder_begin_object (b);
          dyno_json_add_count_member (b, "start", segment (fill, k)->start, TRUE);
          dyno_json_add_count_member (b, "end", segment (fill, k)->end, TRUE);
          dyno_json_add_double_member (b, "rate", segment (fill, k)->rate);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  text = dyno_json_builder_to_pretty (b);
  return g_strconcat (text, "\n", NULL);
}

int
dyno_cli_fill_compare (char       **paths,
                       const char  *format,
                       const char  *chart,
                       const char  *output,
                       const char  *title,
                       double       width,
                       double       height)
{
  g_autoptr (GPtrArray) fills = NULL;
  g_autoptr (GPtrArray) names = NULL;
  g_autofree char *text = NULL;

  if (chart != NULL && g_ascii_strcasecmp (chart, "overlay") != 0)
    return dyno_cli_usage_error ("compare", _("--chart: fills are drawn as an overlay of their "
                                              "curves (--chart overlay)"));
  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "md")
      && !g_str_equal (format, "csv") && !g_str_equal (format, "json"))
    return dyno_cli_usage_error ("compare", _("--format: fills compare as text, md, csv or "
                                              "json"));
  fills = dyno_cli_fill_load (paths);
  if (fills == NULL)
    return DYNO_EXIT_FAILED;
  names = names_of (fills, paths);
  if (chart != NULL)
    {
#ifdef DYNO_HAVE_CHARTS
      g_autoptr (DynoChartStyle) style = NULL;
      g_autoptr (GError) error = NULL;

      if (dyno_cli_image_format (output) == NULL)
        return dyno_cli_usage_error ("compare",
                                     _("-o: “%s” does not end in .png, .svg or .pdf"), output);
      if (!dyno_cli_check_render_room ())
        return DYNO_EXIT_FAILED;
      style = dyno_cli_chart_style_new (DYNO_RATE_UNIT_MB);
      if (!dyno_fill_chart_render_overlay_to_file ((DynoFillResult *const *) fills->pdata,
                                                   (const char *const *) names->pdata,
                                                   fills->len, title, style, width, height,
                                                   dyno_cli_image_format (output), output,
                                                   &error))
        {
          dyno_cli_error ("%s", error->message);
          return DYNO_EXIT_FAILED;
        }
      return DYNO_EXIT_OK;
#else
      return dyno_cli_no_charts ("compare");
#endif
    }
  if (format != NULL && g_str_equal (format, "csv"))
    text = compare_csv (fills, names);
  else if (format != NULL && g_str_equal (format, "json"))
    text = compare_json (fills, names);
  else
    {
      text = compare_text (fills, names, format != NULL && g_str_equal (format, "md"));
      return dyno_cli_write_human_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
    }
  return dyno_cli_write_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}

/* The samples as CSV: pass (0 the fill, 1… recovery), written, rate, t. */
static char *
samples_csv (const DynoFillResult *fill)
{
  GString *out = g_string_new ("pass,written,rate,t\n");

  for (guint p = 0; p <= fill->recovery->len; p++)
    {
      const DynoFillPass *pass = p == 0 ? fill->fill : g_ptr_array_index (fill->recovery, p - 1);

      for (guint i = 0; i < pass->samples->len; i++)
        {
          const DynoFillSample *s = &g_array_index (pass->samples, DynoFillSample, i);
          char rate[G_ASCII_DTOSTR_BUF_SIZE];
          char t[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_dtostr (rate, sizeof rate, s->rate);
          g_ascii_dtostr (t, sizeof t, s->t);
          g_string_append_printf (out, "%u,%" G_GUINT64_FORMAT ",%s,%s\n", p, s->written, rate, t);
        }
    }
  return g_string_free (out, FALSE);
}

int
dyno_cli_fill_export (const char *path,
                      const char *format,
                      const char *output,
                      const char *title,
                      double      width,
                      double      height)
{
  char *paths[] = { (char *) path, NULL };
  g_autoptr (GPtrArray) fills = NULL;
  g_autoptr (GPtrArray) names = NULL;
  DynoFillResult *fill;
  g_autofree char *text = NULL;

  fills = dyno_cli_fill_load (paths);
  if (fills == NULL)
    return DYNO_EXIT_FAILED;
  fill = g_ptr_array_index (fills, 0);
  if (g_str_equal (format, "png") || g_str_equal (format, "svg") || g_str_equal (format, "pdf"))
    {
#ifdef DYNO_HAVE_CHARTS
      g_autoptr (DynoChartStyle) style = NULL;
      g_autoptr (GError) error = NULL;

      if (title != NULL)
        {
          g_free (fill->label);
          fill->label = g_strdup (title);
        }
      if (!dyno_cli_check_render_room ())
        return DYNO_EXIT_FAILED;
      style = dyno_cli_chart_style_new (DYNO_RATE_UNIT_MB);
      if (!dyno_fill_chart_render_to_file (fill, style, width, height, format, output, &error))
        {
          dyno_cli_error ("%s", error->message);
          return DYNO_EXIT_FAILED;
        }
      return DYNO_EXIT_OK;
#else
      return dyno_cli_no_charts ("export");
#endif
    }
  if (g_str_equal (format, "json"))
    text = dyno_fill_result_to_json (fill);
  else if (g_str_equal (format, "csv"))
    text = samples_csv (fill);
  else if (g_str_equal (format, "text") || g_str_equal (format, "md"))
    {
      names = names_of (fills, paths);
      text = compare_text (fills, names, g_str_equal (format, "md"));
      return dyno_cli_write_human_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
    }
  else
    return dyno_cli_usage_error ("export", _("--format: a fill exports as png, svg, pdf, text, "
                                             "md, csv (its samples) or json"));
  return dyno_cli_write_text (output, text) ? DYNO_EXIT_OK : DYNO_EXIT_FAILED;
}
