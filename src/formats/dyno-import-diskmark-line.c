/* dyno-import-diskmark-line.c: the lines of CrystalDiskMark's and KDiskMark's text exports
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one line says, without what is around it: a result ("SEQ 1MiB (Q= 8, T= 1): 543.188 MB/s
 * [ 518.0 IOPS] < 15407.04 us>", "Random Read 4KB (QD=32) : 271.859 MB/s [ 66371.9 IOPS]"), a
 * header, a footer key and its value. dyno-import-diskmark.c puts the lines together into
 * reports; its header comment describes the layouts.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dyno-import-diskmark-private.h"

#define MAX_WORDS 8

static const char *const key_names[N_KEYS] = {
  "Profile", "Test", "Mode", "Time", "Date", "OS", "Comment", "Target",
};

const char *
dyno_import_diskmark_key_name (Key key)
{
  g_assert (key < N_KEYS);
  return key_names[key];
}

/* ---- lines and words ------------------------------------------------------------------ */

/* Undoes what pasting does: mail quoting, tabs, non-breaking spaces, indentation. */
void
dyno_import_diskmark_clean_line (GString *text, const char *raw)
{
  const char *p = raw;

  g_string_truncate (text, 0);
  while (*p == ' ' || *p == '\t')
    p++;
  while (*p == '>')
    {
      p++;
      while (*p == ' ' || *p == '\t')
        p++;
    }
  for (; *p != '\0'; p++)
    {
      if ((guchar)p[0] == 0xc2 && (guchar)p[1] == 0xa0)
        {
          g_string_append_c (text, ' ');
          p++;
        }
      else if ((guchar)*p < 0x20 || *p == 0x7f)
        g_string_append_c (text, ' ');
      else
        g_string_append_c (text, *p);
    }
  while (text->len > 0 && text->str[0] == ' ')
    g_string_erase (text, 0, 1);
  while (text->len > 0 && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
}

/* Up to max words of text (separated by spaces), as copies; FALSE when there are more. */
static gboolean
split_words (const char *text, gsize length, char **words, guint max, guint *n)
{
  gsize i = 0;

  *n = 0;
  while (i < length)
    {
      gsize start;

      while (i < length && text[i] == ' ')
        i++;
      if (i >= length)
        break;
      start = i;
      while (i < length && text[i] != ' ')
        i++;
      if (*n == max)
        return FALSE;
      words[(*n)++] = g_strndup (text + start, i - start);
    }
  return TRUE;
}

static void
free_words (char **words, guint n)
{
  for (guint i = 0; i < n; i++)
    g_free (words[i]);
}

gboolean
dyno_import_diskmark_parse_uint (const char *text, guint max, guint *out)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 1, max, &value, NULL))
    return FALSE;
  *out = (guint)value;
  return TRUE;
}

/* "4KiB", "1MiB", "512KB" (3.x: KB is 1024 bytes), "128", with the unit apart or not. */
static gboolean
parse_block_unit (const char *unit, guint64 *scale)
{
  if (g_ascii_strcasecmp (unit, "KiB") == 0 || g_ascii_strcasecmp (unit, "KB") == 0)
    *scale = 1024;
  else if (g_ascii_strcasecmp (unit, "MiB") == 0 || g_ascii_strcasecmp (unit, "MB") == 0)
    *scale = 1024 * 1024;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_block (const char *number, const char *unit, guint64 *out)
{
  guint value;
  guint64 scale;

  if (!dyno_import_diskmark_parse_uint (number, 1u << 20, &value)
      || !parse_block_unit (unit, &scale) || value * scale > DYNO_IMPORT_MAX_BLOCK)
    return FALSE;
  *out = value * scale;
  return TRUE;
}

/* "4KiB" as one word */
static gboolean
parse_block_word (const char *word, guint64 *out)
{
  gsize digits = 0;
  g_autofree char *number = NULL;

  while (g_ascii_isdigit (word[digits]))
    digits++;
  if (digits == 0 || word[digits] == '\0')
    return FALSE;
  number = g_strndup (word, digits);
  return parse_block (number, word + digits, out);
}

/* ---- result lines --------------------------------------------------------------------- */

static const char *
pattern_of_word (const char *word, guint *generation)
{
  if (g_str_equal (word, "SEQ") || g_str_equal (word, "RND"))
    *generation = 8;
  else if (g_str_equal (word, "Sequential") || g_str_equal (word, "Random"))
    *generation = 0; /* 3.x to 7.x, or KDiskMark: the rest of the name says */
  else
    return NULL;
  return word[0] == 'S' ? "seq" : "rnd";
}

static Op
op_of_word (const char *word)
{
  if (g_str_equal (word, "Read"))
    return OP_READ;
  if (g_str_equal (word, "Write"))
    return OP_WRITE;
  if (g_str_equal (word, "Mix"))
    return OP_MIX;
  return OP_NONE;
}

/* "Q= 8, T= 1", "Q= 32,T= 1", "QD=32", "T= 1" */
static gboolean
parse_params (const char *text, gsize length, TestName *name)
{
  g_autofree char *packed = g_malloc (length + 1);
  g_auto (GStrv) parts = NULL;
  gsize n = 0;

  for (gsize i = 0; i < length; i++)
    if (text[i] != ' ')
      packed[n++] = text[i];
  packed[n] = '\0';
  if (n == 0)
    return FALSE;
  parts = g_strsplit (packed, ",", 4);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *part = parts[i];

      if (g_str_has_prefix (part, "QD="))
        {
          if (name->queue_depth != 0
              || !dyno_import_diskmark_parse_uint (part + 3, DYNO_IMPORT_MAX_QUEUE_DEPTH,
                                                   &name->queue_depth))
            return FALSE;
        }
      else if (g_str_has_prefix (part, "Q="))
        {
          if (name->queue_depth != 0
              || !dyno_import_diskmark_parse_uint (part + 2, DYNO_IMPORT_MAX_QUEUE_DEPTH,
                                                   &name->queue_depth))
            return FALSE;
        }
      else if (g_str_has_prefix (part, "T="))
        {
          if (name->threads != 0
              || !dyno_import_diskmark_parse_uint (part + 2, DYNO_IMPORT_MAX_THREADS,
                                                   &name->threads))
            return FALSE;
        }
      else
        return FALSE;
    }
  return TRUE;
}

/* The part of a result line before its colon. */
static gboolean
parse_name (const char *text, gsize length, TestName *name)
{
  const char *open = memchr (text, '(', length);
  gsize words_length = open ? (gsize)(open - text) : length;
  char *words[MAX_WORDS];
  guint n = 0;
  guint i = 1;
  gboolean ok = FALSE;

  memset (name, 0, sizeof *name);
  if (open != NULL)
    {
      const char *close = memchr (open, ')', length - (open - text));

      if (close == NULL || !parse_params (open + 1, close - open - 1, name))
        return FALSE;
      for (const char *p = close + 1; p < text + length; p++)
        if (*p != ' ')
          return FALSE;
    }
  if (!split_words (text, words_length, words, MAX_WORDS, &n) || n == 0)
    goto out;
  name->pattern = pattern_of_word (words[0], &name->generation);
  if (name->pattern == NULL)
    goto out;
  if (i < n && op_of_word (words[i]) != OP_NONE)
    name->op = op_of_word (words[i++]);
  if (i < n && parse_block_word (words[i], &name->block))
    i++;
  else if (i + 1 < n && parse_block (words[i], words[i + 1], &name->block))
    {
      name->spaced_unit = TRUE;
      i += 2;
    }
  if (i != n)
    goto out;

  /* The layout tells the generation: 8.x's SEQ/RND; 7.x's "Sequential 1MiB"; 4.x–6.x's
   * "Sequential Read (Q=…,T=…)"; 3.x's "Sequential Read" and "(QD=32)". */
  if (name->generation == 0 && !name->spaced_unit)
    {
      if (name->op == OP_NONE)
        name->generation = 7;
      else if (open != NULL && memmem (open, length - (open - text), "QD=", 3) == NULL)
        name->generation = 5;
      else
        name->generation = 3;
    }
  /* 8.x and 7.x name the block and take the operation from their section; the older layouts
   * name the operation. */
  if (name->generation >= 7 && (name->op != OP_NONE || name->block == 0))
    goto out;
  if (name->spaced_unit && (name->op != OP_NONE || name->block == 0))
    goto out;
  if (name->generation > 0 && name->generation < 7 && name->op == OP_NONE)
    goto out;
  ok = TRUE;

out:
  free_words (words, n);
  return ok;
}

/* "543.188 MB/s [    518.0 IOPS] < 15407.04 us>", the IOPS and latency optional. */
static gboolean
parse_figures (const char *text, Figures *figures)
{
  g_autoptr (GString) spaced = g_string_new (NULL);
  char *words[MAX_WORDS + 2];
  guint n = 0;
  guint i = 2;
  double value;
  gboolean ok = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (strchr ("[]<>", *p) != NULL)
        g_string_append_printf (spaced, " %c ", *p);
      else
        g_string_append_c (spaced, *p);
    }
  if (!split_words (spaced->str, spaced->len, words, G_N_ELEMENTS (words), &n) || n < 2)
    goto out;

  if (!dyno_import_parse_decimal (words[0], strlen (words[0]), &value)
      || !g_str_equal (words[1], "MB/s") || value * 1.024e6 > DYNO_IMPORT_MAX_RATE)
    goto out;
  figures->rate = value;
  figures->iops = NAN;
  figures->latency = NAN;
  if (i + 3 < n && g_str_equal (words[i], "[") && g_str_equal (words[i + 2], "IOPS")
      && g_str_equal (words[i + 3], "]"))
    {
      if (!dyno_import_parse_decimal (words[i + 1], strlen (words[i + 1]), &value)
          || value > DYNO_IMPORT_MAX_RATE)
        goto out;
      figures->iops = value;
      i += 4;
    }
  if (i + 3 < n && g_str_equal (words[i], "<") && g_str_equal (words[i + 2], "us")
      && g_str_equal (words[i + 3], ">"))
    {
      if (!dyno_import_parse_decimal (words[i + 1], strlen (words[i + 1]), &value)
          || value * 1e-6 > DYNO_IMPORT_MAX_LATENCY)
        goto out;
      /* CrystalDiskMark writes 0.00 when it has no latency (a run stopped early) */
      figures->latency = value > 0 ? value * 1e-6 : NAN;
      i += 4;
    }
  ok = i == n;

out:
  free_words (words, n);
  return ok;
}

/* Whether text is a result line, and its parts when it is. A line whose name parses, or that
 * goes on like one (a size, Read/Write/Mix or "(" after SEQ, RND, Sequential or Random) with a
 * figure in MB/s, must be one; prose ("Sequential speed: 500 MB/s") is not. */
LineKind
dyno_import_diskmark_classify_result (const char *text, TestName *name, Figures *figures)
{
  const char *colon = strchr (text, ':');
  gsize first = strcspn (text, " (");
  g_autofree char *word = g_strndup (text, first);
  const char *next = text + first;
  gboolean name_ok;
  guint generation;

  if (colon == NULL || pattern_of_word (word, &generation) == NULL)
    return LINE_NOT_RESULT;
  name_ok = parse_name (text, colon - text, name);
  if (!name_ok)
    {
      while (*next == ' ')
        next++;
      if (strstr (colon, "MB/s") == NULL
          || !(g_ascii_isdigit (*next) || *next == '(' || g_str_has_prefix (next, "Read")
               || g_str_has_prefix (next, "Write") || g_str_has_prefix (next, "Mix")))
        return LINE_NOT_RESULT;
    }
  if (!name_ok || !parse_figures (colon + 1, figures))
    return LINE_BAD_RESULT;
  return LINE_RESULT;
}

/* ---- headers -------------------------------------------------------------------------- */

/* "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo": the version. Prose that names the tool
 * and a version has no "(C)". */
char *
dyno_import_diskmark_cdm_header_version (const char *text)
{
  const char *p;
  gsize n = 0;

  if (!g_str_has_prefix (text, "CrystalDiskMark ") || strstr (text, "(C)") == NULL)
    return NULL;
  p = text + strlen ("CrystalDiskMark ");
  while (g_ascii_isalnum (p[n]) || p[n] == '.')
    n++;
  if (n == 0 || !g_ascii_isdigit (p[0]) || (p[n] != ' ' && p[n] != '\0'))
    return NULL;
  return g_strndup (p, n);
}

/* "KDiskMark (3.1.4): https://github.com/JonMagon/KDiskMark": the version */
char *
dyno_import_diskmark_kdm_header_version (const char *text)
{
  const char *p;
  gsize n = 0;

  if (!g_str_has_prefix (text, "KDiskMark ("))
    return NULL;
  p = text + strlen ("KDiskMark (");
  while (g_ascii_isalnum (p[n]) || p[n] == '.' || p[n] == '-')
    n++;
  if (n == 0 || !g_ascii_isdigit (p[0]) || p[n] != ')' || p[n + 1] != ':')
    return NULL;
  return g_strndup (p, n);
}

/* "Flexible I/O Tester (fio-3.30): https://github.com/axboe/fio" */
char *
dyno_import_diskmark_fio_line_version (const char *text)
{
  const char *p;
  const char *close;

  if (!g_str_has_prefix (text, "Flexible I/O Tester ("))
    return NULL;
  p = text + strlen ("Flexible I/O Tester (");
  close = strchr (p, ')');
  if (close == NULL || close == p || close - p > 32)
    return NULL;
  return dyno_import_clean_label (p, close - p);
}

DynoImportFormat
dyno_import_diskmark_detect_line (const char *line)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *cdm = NULL;
  g_autofree char *kdm = NULL;
  TestName name;
  Figures figures;

  if (strlen (line) > DYNO_IMPORT_DISKMARK_MAX_LINE)
    return DYNO_IMPORT_AUTO;
  dyno_import_diskmark_clean_line (text, line);
  cdm = dyno_import_diskmark_cdm_header_version (text->str);
  if (cdm != NULL)
    return DYNO_IMPORT_CDM_TEXT;
  kdm = dyno_import_diskmark_kdm_header_version (text->str);
  if (kdm != NULL)
    return DYNO_IMPORT_KDM_TEXT;
  /* A report without its header: the first result line tells the tool, and a damaged one is
   * reported by the reader rather than taken for prose. */
  switch (dyno_import_diskmark_classify_result (text->str, &name, &figures))
    {
    case LINE_RESULT:
      return name.spaced_unit ? DYNO_IMPORT_KDM_TEXT : DYNO_IMPORT_CDM_TEXT;
    case LINE_BAD_RESULT:
      return DYNO_IMPORT_CDM_TEXT;
    case LINE_NOT_RESULT:
    default:
      return DYNO_IMPORT_AUTO;
    }
}

/* ---- footer values -------------------------------------------------------------------- */

/* The footer key text starts with, and where its value begins: "Test: …", "  Test : …". */
gboolean
dyno_import_diskmark_match_key (const char *text, Key *key, const char **value)
{
  for (Key k = 0; k < N_KEYS; k++)
    {
      gsize n = strlen (key_names[k]);
      const char *p = text + n;

      if (strncmp (text, key_names[k], n) != 0)
        continue;
      while (*p == ' ')
        p++;
      if (*p != ':')
        continue;
      p++;
      while (*p == ' ')
        p++;
      *key = k;
      *value = p;
      return TRUE;
    }
  return FALSE;
}

/* "Interval: 5 sec", "Interval=5 sec", "Interval 5 sec", "Measure: 1 min": seconds, or NAN
 * when word is not in text; FALSE when it is but its value does not parse. */
gboolean
dyno_import_diskmark_find_duration (const char *text, const char *word, double *out)
{
  const char *p = strstr (text, word);
  guint64 value = 0;
  gsize digits = 0;
  char *end;

  *out = NAN;
  if (p == NULL)
    return TRUE;
  p += strlen (word);
  while (*p == ' ' || *p == ':' || *p == '=')
    p++;
  while (g_ascii_isdigit (p[digits]))
    digits++;
  if (digits == 0 || digits > 6)
    return FALSE;
  value = g_ascii_strtoull (p, &end, 10);
  p = end;
  while (*p == ' ')
    p++;
  if (g_str_has_prefix (p, "sec"))
    *out = (double)value;
  else if (g_str_has_prefix (p, "min"))
    *out = value * 60.0;
  else
    return FALSE;
  return TRUE;
}

/* "2021/02/13 13:05:29", "2021/02/13 1:05:29" (CrystalDiskMark), "2022-08-24 16:10:33"
 * (KDiskMark 2.3 and later). The time is the tested machine's, in a zone the text does not
 * name: it is taken as local time here, as written. */
GDateTime *
dyno_import_diskmark_parse_date (const char *value)
{
  guint year, month, day, hour, minute, second;
  char sep1, sep2;
  int consumed = 0;
  GDateTime *date;

  if (!g_ascii_isdigit (value[0])
      || sscanf (value, "%4u%c%2u%c%2u %2u:%2u:%2u%n", &year, &sep1, &month, &sep2, &day, &hour,
                 &minute, &second, &consumed)
             != 8
      || sep1 != sep2 || (sep1 != '/' && sep1 != '-'))
    return NULL;
  for (const char *p = value + consumed; *p != '\0'; p++)
    if (*p != ' ')
      return NULL;
  if (year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23
      || minute > 59 || second > 59)
    return NULL;
  date = g_date_time_new_local (year, month, day, hour, minute, second);
  /* A time the local zone skips (a DST change here, not necessarily there) */
  if (date == NULL)
    date = g_date_time_new_utc (year, month, day, hour, minute, second);
  return date;
}

/* The lines of a report that say nothing, and what a paste puts around it (a Markdown fence,
 * a rule): never a comment. */
gboolean
dyno_import_diskmark_is_boilerplate (const char *text)
{
  gboolean words = FALSE;

  for (const char *p = text; *p != '\0' && !words; p++)
    words = g_ascii_isalnum (*p);
  return !words || g_str_has_prefix (text, "* ") || g_str_has_prefix (text, "```")
         || strstr (text, "Crystal Dew World") != NULL;
}
