/* dyno-phase.c: the catalogue of phase kinds, and interned phases
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-phase.h"

/* ---- the catalogue ----------------------------------------------------------------------- */

/* The kind files' lists of kinds, in the order of the list in src/meson.build, NULL-terminated
 * (dyno-kind-registry.c, generated). */
extern const DynoPhaseKind *const *const dyno_phase_kind_registry[];

typedef struct
{
  const DynoPhaseKind *kinds[DYNO_PHASE_MAX_KINDS];
  guint n_kinds;
  const DynoPhaseGroup *groups[DYNO_PHASE_MAX_KINDS];
  guint n_groups;
} Catalogue;

static const Catalogue *
catalogue (void)
{
  static Catalogue c;
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint f = 0; dyno_phase_kind_registry[f] != NULL; f++)
        for (guint k = 0; dyno_phase_kind_registry[f][k] != NULL; k++)
          {
            const DynoPhaseKind *kind = dyno_phase_kind_registry[f][k];
            gboolean seen = FALSE;

            /* A nick is a kind's name in files and settings: two kinds may not share one. */
            for (guint i = 0; i < c.n_kinds; i++)
              if (g_ascii_strcasecmp (c.kinds[i]->nick, kind->nick) == 0)
                g_error ("two phase kinds are called “%s”", kind->nick);
            g_assert (c.n_kinds < DYNO_PHASE_MAX_KINDS);
            g_assert (kind->group != NULL && kind->title != NULL && kind->short_title != NULL);
            c.kinds[c.n_kinds++] = kind;
            for (guint g = 0; g < c.n_groups; g++)
              seen |= c.groups[g] == kind->group;
            if (!seen)
              c.groups[c.n_groups++] = kind->group;
          }
      g_once_init_leave (&done, 1);
    }
  return &c;
}

const DynoPhaseKind *const *
dyno_phase_kinds (guint *n_kinds)
{
  const Catalogue *c = catalogue ();

  g_return_val_if_fail (n_kinds != NULL, NULL);
  *n_kinds = c->n_kinds;
  return c->kinds;
}

const DynoPhaseKind *
dyno_phase_kind_lookup (const char *nick)
{
  const Catalogue *c = catalogue ();

  g_return_val_if_fail (nick != NULL, NULL);

  for (guint i = 0; i < c->n_kinds; i++)
    if (g_ascii_strcasecmp (nick, c->kinds[i]->nick) == 0)
      return c->kinds[i];
  return NULL;
}

guint
dyno_phase_kind_get_index (const DynoPhaseKind *kind)
{
  const Catalogue *c = catalogue ();

  for (guint i = 0; i < c->n_kinds; i++)
    if (c->kinds[i] == kind)
      return i;
  g_return_val_if_reached (0);
}

const char *
dyno_phase_kind_get_title (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, kind->title);
}

const char *
dyno_phase_kind_get_short_title (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, kind->short_title);
}

const char *
dyno_phase_kind_get_blurb (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return kind->blurb != NULL ? g_dgettext (GETTEXT_PACKAGE, kind->blurb) : "";
}

const char *
dyno_phase_kind_get_chart_name (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  if (kind->chart_name == NULL)
    return dyno_phase_kind_get_short_title (kind);
  return g_dpgettext2 (GETTEXT_PACKAGE, "chart phase", kind->chart_name);
}

const DynoPhaseGroup *const *
dyno_phase_groups (guint *n_groups)
{
  const Catalogue *c = catalogue ();

  g_return_val_if_fail (n_groups != NULL, NULL);
  *n_groups = c->n_groups;
  return c->groups;
}

const char *
dyno_phase_group_get_title (const DynoPhaseGroup *group)
{
  g_return_val_if_fail (group != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, group->title);
}

const char *
dyno_phase_group_get_short_title (const DynoPhaseGroup *group)
{
  g_return_val_if_fail (group != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, group->short_title);
}

/* ---- interned phases ---------------------------------------------------------------------- */

typedef struct
{
  DynoPhase phase;
  char *title;       /* translated, made on first use */
  char *short_title;
} Interned;

static GMutex intern_lock;
static GHashTable *interned; /* key -> Interned*, never freed: phases live as long as the process */

/* "4k", "1m", "128k", "512": the block size as a key writes it. */
static char *
format_block (guint64 bytes)
{
  if (bytes >= (1 << 20) && bytes % (1 << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "m", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "k", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

static char *
make_key (const DynoPhaseKind *kind, const DynoPhaseParams *p)
{
  GString *key = g_string_new (kind->nick);

  if (kind->params & DYNO_PHASE_PARAM_BLOCK)
    {
      g_autofree char *block = format_block (p->block_size);

      g_string_append_printf (key, ":%s", block);
    }
  if (kind->params & DYNO_PHASE_PARAM_QUEUE_DEPTH)
    g_string_append_printf (key, ":q%u", p->queue_depth);
  if (kind->params & DYNO_PHASE_PARAM_THREADS)
    g_string_append_printf (key, ":t%u", p->threads);
  if (kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
    g_string_append_printf (key, ":r%u", p->read_percent);
  return g_string_free (key, FALSE);
}

/* Only the parameters the kind takes, so that equal phases have equal keys. */
static DynoPhaseParams
normalize (const DynoPhaseKind *kind, const DynoPhaseParams *given)
{
  DynoPhaseParams p = { 0 };

  if (kind->params & DYNO_PHASE_PARAM_BLOCK)
    p.block_size = given && given->block_size ? given->block_size : kind->defaults.block_size;
  if (kind->params & DYNO_PHASE_PARAM_QUEUE_DEPTH)
    p.queue_depth = given && given->queue_depth ? given->queue_depth : kind->defaults.queue_depth;
  if (kind->params & DYNO_PHASE_PARAM_THREADS)
    p.threads = given && given->threads ? given->threads : kind->defaults.threads;
  if (kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
    p.read_percent = given && given->read_percent <= 100 && given->read_percent > 0
                         ? given->read_percent
                         : kind->defaults.read_percent;
  return p;
}

const DynoPhase *
dyno_phase_get (const DynoPhaseKind *kind, const DynoPhaseParams *params)
{
  DynoPhaseParams p;
  g_autofree char *key = NULL;
  Interned *entry;

  g_return_val_if_fail (kind != NULL, NULL);

  p = normalize (kind, params);
  key = make_key (kind, &p);
  g_mutex_lock (&intern_lock);
  if (interned == NULL)
    interned = g_hash_table_new (g_str_hash, g_str_equal);
  entry = g_hash_table_lookup (interned, key);
  if (entry == NULL)
    {
      entry = g_new0 (Interned, 1);
      entry->phase.kind = kind;
      entry->phase.params = p;
      entry->phase.key = g_steal_pointer (&key);
      g_hash_table_insert (interned, (gpointer) entry->phase.key, entry);
    }
  g_mutex_unlock (&intern_lock);
  return &entry->phase;
}

/* "4k", "4K", "4KiB", "1m", "4096" */
static gboolean
parse_block (const char *text, guint64 *out)
{
  char *end = NULL;
  guint64 n = g_ascii_strtoull (text, &end, 10);
  guint shift = 0;

  if (end == text || n == 0)
    return FALSE;
  switch (g_ascii_tolower (*end))
    {
    case '\0':
      break;
    case 'k':
      shift = 10;
      break;
    case 'm':
      shift = 20;
      break;
    default:
      return FALSE;
    }
  if (*end != '\0')
    {
      end++;
      if (g_ascii_strcasecmp (end, "") != 0 && g_ascii_strcasecmp (end, "ib") != 0
          && g_ascii_strcasecmp (end, "b") != 0)
        return FALSE;
    }
  if (n > (G_GUINT64_CONSTANT (1) << 40) >> shift)
    return FALSE;
  *out = n << shift;
  return TRUE;
}

static gboolean
parse_count (const char *text, guint max, guint *out)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (text, 10, 1, max, &n, NULL))
    return FALSE;
  *out = (guint) n;
  return TRUE;
}

const DynoPhase *
dyno_phase_parse (const char *key, GError **error)
{
  g_auto (GStrv) parts = NULL;
  const DynoPhaseKind *kind;
  DynoPhaseParams p = { 0 };
  DynoPhaseParamSet given = 0;

  g_return_val_if_fail (key != NULL, NULL);

  /* Canonical keys (every key in a file Dyno wrote) are found without parsing: a result's
   * samples name their phase on every row. */
  {
    Interned *known = NULL;

    g_mutex_lock (&intern_lock);
    if (interned != NULL)
      known = g_hash_table_lookup (interned, key);
    g_mutex_unlock (&intern_lock);
    if (known != NULL)
      return &known->phase;
  }

  parts = g_strsplit (key, ":", -1);
  kind = parts[0] ? dyno_phase_kind_lookup (g_strstrip (parts[0])) : NULL;
  if (kind == NULL)
    {
      g_autofree char *known = dyno_phase_describe_names ();

      dyno_error_set_invalid (error, _("Unknown test “%s”; known tests: %s"), key, known);
      return NULL;
    }
  for (guint i = 1; parts[i] != NULL; i++)
    {
      const char *part = g_strstrip (parts[i]);
      char c = g_ascii_tolower (part[0]);
      gboolean ok;
      DynoPhaseParamSet which;
      const char *range;
      const char *twice;

      if (c == 'q')
        {
          which = DYNO_PHASE_PARAM_QUEUE_DEPTH, ok = parse_count (part + 1, 4096, &p.queue_depth);
          /* Translators: the range of a test's parameter ("q32") */
          range = _("the queue depth is a whole number from 1 to 4096");
          twice = _("the queue depth is given twice");
        }
      else if (c == 't')
        {
          which = DYNO_PHASE_PARAM_THREADS, ok = parse_count (part + 1, 256, &p.threads);
          range = _("the number of threads is a whole number from 1 to 256");
          twice = _("the number of threads is given twice");
        }
      else if (c == 'r')
        {
          which = DYNO_PHASE_PARAM_READ_PERCENT, ok = parse_count (part + 1, 100, &p.read_percent);
          range = _("the share of reads is a whole number from 1 to 100");
          twice = _("the share of reads is given twice");
        }
      else
        {
          which = DYNO_PHASE_PARAM_BLOCK, ok = parse_block (part, &p.block_size);
          range = _("the block size is from 1 byte to 1 TiB, such as 4k or 1m");
          twice = _("the block size is given twice");
        }
      /* A parameter the test does not take is named as such; one it takes but out of range
       * says the range (q0 and q4097 are queue depths, just not possible ones); a block size
       * is a number, so anything else is no parameter at all. */
      if (!(kind->params & which) || (!ok && which == DYNO_PHASE_PARAM_BLOCK
                                      && !g_ascii_isdigit (part[0])))
        {
          dyno_error_set_invalid (error,
                                  _("“%s” in the test “%s” is not a parameter %s takes"), part,
                                  key, kind->nick);
          return NULL;
        }
      if (!ok)
        {
          /* Translators: "“q0” in the test “rnd-read:4k:q0” is out of range: the queue
           * depth is a whole number from 1 to 4096" */
          dyno_error_set_invalid (error, _("“%s” in the test “%s” is out of range: %s"), part,
                                  key, range);
          return NULL;
        }
      /* rnd-read:q1:q32 took the last and said nothing: which one was meant is not known. */
      if (given & which)
        {
          /* Translators: "“q32” in the test “rnd-read:q1:q32”: the queue depth is given
           * twice" */
          dyno_error_set_invalid (error, _("“%s” in the test “%s”: %s"), part, key, twice);
          return NULL;
        }
      given |= which;
    }
  return dyno_phase_get (kind, &p);
}

const DynoPhase *
dyno_phase_lookup (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);
  return dyno_phase_parse (key, NULL);
}

const char *
dyno_phase_get_key (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, NULL);
  return phase->key;
}

DynoUnit
dyno_phase_get_unit (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, DYNO_UNIT_BYTES);
  return phase->kind->unit;
}

gboolean
dyno_phase_has_flag (const DynoPhase *phase, DynoPhaseFlags flag)
{
  g_return_val_if_fail (phase != NULL, FALSE);
  return (phase->kind->flags & flag) != 0;
}

/* "4 KiB", "1 MiB", "128 KiB" */
static char *
human_block (guint64 bytes)
{
  if (bytes >= (1 << 20) && bytes % (1 << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " KiB", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " B", bytes);
}

static void
make_titles (Interned *entry)
{
  const DynoPhaseKind *kind = entry->phase.kind;
  const DynoPhaseParams *p = &entry->phase.params;
  g_autofree char *block = NULL;
  g_autofree char *cdm_block = NULL;
  GString *title, *short_title;

  if (kind->params == 0)
    {
      entry->title = g_strdup (dyno_phase_kind_get_title (kind));
      entry->short_title = g_strdup (dyno_phase_kind_get_short_title (kind));
      return;
    }
  block = human_block (p->block_size);
  /* CrystalDiskMark writes "SEQ1M", "RND4K", "SEQ128K". */
  cdm_block = format_block (p->block_size);
  for (char *c = cdm_block; *c; c++)
    *c = g_ascii_toupper (*c);
  title = g_string_new (dyno_phase_kind_get_title (kind));
  short_title = g_string_new (dyno_phase_kind_get_short_title (kind));
  g_string_append_printf (title, " %s", block);
  g_string_append (short_title, cdm_block);
  if (kind->params & (DYNO_PHASE_PARAM_QUEUE_DEPTH | DYNO_PHASE_PARAM_THREADS))
    {
      g_string_append_printf (title, " Q%u T%u", p->queue_depth, p->threads);
      g_string_append_printf (short_title, " Q%uT%u", p->queue_depth, p->threads);
    }
  if (kind->params & DYNO_PHASE_PARAM_READ_PERCENT)
    {
      /* Translators: the share of reads in a mixed test, e.g. "70 % reads" */
      g_string_append_printf (title, _(", %u %% reads"), p->read_percent);
      g_string_append_printf (short_title, " R%u%%", p->read_percent);
    }
  entry->title = g_string_free (title, FALSE);
  entry->short_title = g_string_free (short_title, FALSE);
}

static Interned *
entry_of (const DynoPhase *phase)
{
  Interned *entry = (Interned *) phase; /* the phase is the first member */

  g_mutex_lock (&intern_lock);
  if (entry->title == NULL)
    make_titles (entry);
  g_mutex_unlock (&intern_lock);
  return entry;
}

const char *
dyno_phase_get_title (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, NULL);
  return entry_of (phase)->title;
}

const char *
dyno_phase_get_short_title (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, NULL);
  return entry_of (phase)->short_title;
}

int
dyno_phase_compare (const DynoPhase *a, const DynoPhase *b)
{
  guint ka = dyno_phase_kind_get_index (a->kind), kb = dyno_phase_kind_get_index (b->kind);

  if (ka != kb)
    return ka < kb ? -1 : 1;
  /* Larger blocks and deeper queues first, as CrystalDiskMark lists SEQ1M Q8T1 before Q1T1. */
  if (a->params.block_size != b->params.block_size)
    return a->params.block_size > b->params.block_size ? -1 : 1;
  if (a->params.queue_depth != b->params.queue_depth)
    return a->params.queue_depth > b->params.queue_depth ? -1 : 1;
  if (a->params.threads != b->params.threads)
    return a->params.threads > b->params.threads ? -1 : 1;
  if (a->params.read_percent != b->params.read_percent)
    return a->params.read_percent > b->params.read_percent ? -1 : 1;
  return 0;
}

const char *
dyno_phase_get_chart_name (const DynoPhase *phase)
{
  g_return_val_if_fail (phase != NULL, NULL);
  /* A phase with parameters goes by its short title, CrystalDiskMark's "RND4K Q32T1". */
  if (phase->kind->params != 0)
    return entry_of (phase)->short_title;
  return dyno_phase_kind_get_chart_name (phase->kind);
}

const DynoPhase *const *
dyno_phase_bonnie (guint *n_phases)
{
  static const DynoPhase *bonnie[DYNO_PHASE_MAX_KINDS];
  static guint n_bonnie;
  static gsize done;

  g_return_val_if_fail (n_phases != NULL, NULL);

  if (g_once_init_enter (&done))
    {
      const Catalogue *c = catalogue ();

      for (guint i = 0; i < c->n_kinds; i++)
        if (c->kinds[i]->flags & DYNO_PHASE_BONNIE)
          bonnie[n_bonnie++] = dyno_phase_get (c->kinds[i], NULL);
      g_once_init_leave (&done, 1);
    }
  *n_phases = n_bonnie;
  return bonnie;
}

/* ---- names for --tests ------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  DynoPhaseFlags all_of;  /* Bonnie's kinds with every flag of these, */
  DynoPhaseFlags none_of; /* none of these */
  int unit;               /* and this unit (-1: any); */
  const char *nicks[3];   /* or exactly these kinds */
} NameGroup;

static const NameGroup names[] = {
  { "all", DYNO_PHASE_BONNIE, 0, -1, { NULL } },
  { "io", DYNO_PHASE_BONNIE, DYNO_PHASE_FILE_TEST, -1, { NULL } },
  { "block", DYNO_PHASE_BONNIE, DYNO_PHASE_FILE_TEST | DYNO_PHASE_PER_CHAR, DYNO_UNIT_BYTES,
    { NULL } },
  { "char", DYNO_PHASE_BONNIE | DYNO_PHASE_PER_CHAR, 0, -1, { NULL } },
  { "files", DYNO_PHASE_BONNIE | DYNO_PHASE_FILE_TEST, 0, -1, { NULL } },
  { "create", 0, 0, -1, { "seq_create", "rand_create", NULL } },
  { "stat", 0, 0, -1, { "seq_stat", "rand_stat", NULL } },
  { "delete", 0, 0, -1, { "seq_delete", "rand_delete", NULL } },
};

static gboolean
name_takes (const NameGroup *group, const DynoPhaseKind *kind)
{
  if (group->nicks[0] != NULL)
    return g_strv_contains ((const char *const *) group->nicks, kind->nick);
  return (kind->flags & group->all_of) == group->all_of && (kind->flags & group->none_of) == 0
         && (group->unit < 0 || (int) kind->unit == group->unit);
}

GPtrArray *
dyno_phase_expand_name (const char *name)
{
  const Catalogue *c = catalogue ();
  GPtrArray *out;
  const DynoPhase *one;

  g_return_val_if_fail (name != NULL, NULL);

  for (guint g = 0; g < G_N_ELEMENTS (names); g++)
    {
      if (g_ascii_strcasecmp (name, names[g].name) != 0)
        continue;
      out = g_ptr_array_new ();
      for (guint i = 0; i < c->n_kinds; i++)
        if (name_takes (&names[g], c->kinds[i]))
          g_ptr_array_add (out, (gpointer) dyno_phase_get (c->kinds[i], NULL));
      return out;
    }

  one = dyno_phase_lookup (name);
  if (one == NULL)
    return NULL;
  out = g_ptr_array_new ();
  g_ptr_array_add (out, (gpointer) one);
  return out;
}

char *
dyno_phase_describe_names (void)
{
  const Catalogue *c = catalogue ();
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < c->n_kinds; i++)
    g_string_append_printf (text, "%s, ", c->kinds[i]->nick);
  for (guint g = 0; g < G_N_ELEMENTS (names); g++)
    g_string_append_printf (text, "%s%s", names[g].name, g + 1 < G_N_ELEMENTS (names) ? ", " : "");
  return g_string_free (text, FALSE);
}
