/* dyno-phase.c: the catalogue of phase kinds, and interned phases
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dyno-error.h"
#include "dyno-files-options.h"
#include "dyno-option.h"
#include "dyno-phase.h"

/* ---- the catalogue ----------------------------------------------------------------------- */

static const DynoPhaseGroup group_seq_output = { "seq-output", N_("Sequential Output"), N_("Seq Output") };
static const DynoPhaseGroup group_seq_input = { "seq-input", N_("Sequential Input"), N_("Seq Input") };
static const DynoPhaseGroup group_random = { "random", N_("Random"), N_("Random") };
static const DynoPhaseGroup group_seq_create = { "seq-create", N_("Sequential Create"), N_("Seq Create") };
static const DynoPhaseGroup group_rand_create = { "rand-create", N_("Random Create"), N_("Rand Create") };
/* CrystalDiskMark's sections */
static const DynoPhaseGroup group_read = { "read", N_("Read"), N_("Read") };
static const DynoPhaseGroup group_write = { "write", N_("Write"), N_("Write") };
static const DynoPhaseGroup group_mix = { "mix", N_("Mix"), N_("Mix") };

static const DynoPhaseGroup *const groups[] = {
  &group_seq_output, &group_seq_input, &group_random, &group_seq_create, &group_rand_create,
  &group_read, &group_write, &group_mix,
};

#define BONNIE_IO (DYNO_PHASE_BONNIE)
#define FILES (DYNO_PHASE_BONNIE | DYNO_PHASE_FILE_TEST)
#define QUEUED_PARAMS (DYNO_PHASE_PARAM_BLOCK | DYNO_PHASE_PARAM_QUEUE_DEPTH | DYNO_PHASE_PARAM_THREADS)
#define MIX_PARAMS (QUEUED_PARAMS | DYNO_PHASE_PARAM_READ_PERCENT)

/* The seeks' own options, declared with the kind as a fio engine declares its own: how many
 * seeks a pass makes and by how many threads. Code outside the kind reads them by name
 * (dyno_config_get_uint (config, "seekers")). */
typedef struct
{
  guint count;
  guint seekers;
} SeeksOptions;

static const DynoOption seeks_options[] = {
  { .name = "seeks", .type = DYNO_OPTION_COUNT, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = G_STRUCT_OFFSET (SeeksOptions, count), .min = 1, .max = G_MAXINT, .def = "8192",
    .unit = "seeks", .help = N_("Random seeks per pass (default: as many as the phase time holds)"),
    .arg = N_("N"), .cli = "seeks", .json = "seeks", .settings = "seeks",
    .auto_flag = DYNO_AUTO_KIND (1), .auto_name = "seeks" },
  { .name = "seekers", .type = DYNO_OPTION_COUNT, .flags = DYNO_OPTION_FILE_FROM_ZERO,
    .offset = G_STRUCT_OFFSET (SeeksOptions, seekers), .min = 1, .max = 256, .def = "5",
    .unit = "threads", .help = N_("Seeker threads (default 5)"), .arg = N_("N"),
    .cli = "seekers", .json = "seekers", .settings = "seekers" },
};

static const DynoOptionSet seeks_option_set = {
  "seeks", seeks_options, G_N_ELEMENTS (seeks_options), sizeof (SeeksOptions), NULL,
};

#define FILES_OPTIONS .options = &dyno_files_option_set

/* In execution order: Bonnie's I/O phases as bonnie++ runs them, then its file tests, then
 * the queued tests, reads before writes as CrystalDiskMark runs them. */
static const DynoPhaseKind kinds[] = {
  { "putc", N_("Per-char write"), N_("Per Chr"), &group_seq_output, DYNO_UNIT_BYTES,
    BONNIE_IO | DYNO_PHASE_WRITES_DATA | DYNO_PHASE_PER_CHAR },
  { "write", N_("Block write"), N_("Block"), &group_seq_output, DYNO_UNIT_BYTES,
    BONNIE_IO | DYNO_PHASE_WRITES_DATA },
  { "rewrite", N_("Rewrite"), N_("Rewrite"), &group_seq_output, DYNO_UNIT_BYTES,
    BONNIE_IO | DYNO_PHASE_READS_DATA },
  { "getc", N_("Per-char read"), N_("Per Chr"), &group_seq_input, DYNO_UNIT_BYTES,
    BONNIE_IO | DYNO_PHASE_READS_DATA | DYNO_PHASE_PER_CHAR | DYNO_PHASE_REPEATABLE },
  { "read", N_("Block read"), N_("Block"), &group_seq_input, DYNO_UNIT_BYTES,
    BONNIE_IO | DYNO_PHASE_READS_DATA | DYNO_PHASE_REPEATABLE },
  { "seeks", N_("Random seeks"), N_("Seeks"), &group_random, DYNO_UNIT_OPS,
    BONNIE_IO | DYNO_PHASE_READS_DATA | DYNO_PHASE_REPEATABLE, .options = &seeks_option_set },
  { "seq_create", N_("Sequential create"), N_("Create"), &group_seq_create, DYNO_UNIT_OPS, FILES,
    FILES_OPTIONS },
  { "seq_stat", N_("Sequential stat"), N_("Read"), &group_seq_create, DYNO_UNIT_OPS,
    FILES | DYNO_PHASE_REPEATABLE, FILES_OPTIONS },
  { "seq_delete", N_("Sequential delete"), N_("Delete"), &group_seq_create, DYNO_UNIT_OPS, FILES,
    FILES_OPTIONS },
  { "rand_create", N_("Random create"), N_("Create"), &group_rand_create, DYNO_UNIT_OPS, FILES,
    FILES_OPTIONS },
  { "rand_stat", N_("Random stat"), N_("Read"), &group_rand_create, DYNO_UNIT_OPS,
    FILES | DYNO_PHASE_REPEATABLE, FILES_OPTIONS },
  { "rand_delete", N_("Random delete"), N_("Delete"), &group_rand_create, DYNO_UNIT_OPS, FILES,
    FILES_OPTIONS },

  { "seq-read", N_("Sequential read"), N_("SEQ"), &group_read, DYNO_UNIT_BYTES,
    DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE, QUEUED_PARAMS, { 1 << 20, 8, 1, 0 }, "seq", "read" },
  { "rnd-read", N_("Random read"), N_("RND"), &group_read, DYNO_UNIT_BYTES,
    DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE, QUEUED_PARAMS, { 4096, 32, 1, 0 }, "rnd", "read" },
  { "seq-write", N_("Sequential write"), N_("SEQ"), &group_write, DYNO_UNIT_BYTES,
    DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE, QUEUED_PARAMS, { 1 << 20, 8, 1, 0 }, "seq", "write" },
  { "rnd-write", N_("Random write"), N_("RND"), &group_write, DYNO_UNIT_BYTES,
    DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE, QUEUED_PARAMS, { 4096, 32, 1, 0 }, "rnd", "write" },
  { "seq-mix", N_("Sequential mix"), N_("SEQ"), &group_mix, DYNO_UNIT_BYTES,
    DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE, MIX_PARAMS, { 1 << 20, 8, 1, 70 }, "seq", "mix" },
  { "rnd-mix", N_("Random mix"), N_("RND"), &group_mix, DYNO_UNIT_BYTES,
    DYNO_PHASE_QUEUED | DYNO_PHASE_REPEATABLE, MIX_PARAMS, { 4096, 32, 1, 70 }, "rnd", "mix" },
};

static const DynoPhaseKind *const kind_list[] = {
  &kinds[0], &kinds[1], &kinds[2], &kinds[3], &kinds[4], &kinds[5], &kinds[6], &kinds[7],
  &kinds[8], &kinds[9], &kinds[10], &kinds[11], &kinds[12], &kinds[13], &kinds[14],
  &kinds[15], &kinds[16], &kinds[17],
};
G_STATIC_ASSERT (G_N_ELEMENTS (kind_list) == G_N_ELEMENTS (kinds));

const DynoPhaseKind *const *
dyno_phase_kinds (guint *n_kinds)
{
  g_return_val_if_fail (n_kinds != NULL, NULL);
  *n_kinds = G_N_ELEMENTS (kind_list);
  return kind_list;
}

const DynoPhaseKind *
dyno_phase_kind_lookup (const char *nick)
{
  g_return_val_if_fail (nick != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_ascii_strcasecmp (nick, kinds[i].nick) == 0)
      return &kinds[i];
  return NULL;
}

guint
dyno_phase_kind_get_index (const DynoPhaseKind *kind)
{
  g_return_val_if_fail (kind >= kinds && kind < kinds + G_N_ELEMENTS (kinds), 0);
  return (guint) (kind - kinds);
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

const DynoPhaseGroup *const *
dyno_phase_groups (guint *n_groups)
{
  g_return_val_if_fail (n_groups != NULL, NULL);
  *n_groups = G_N_ELEMENTS (groups);
  return groups;
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

const DynoPhase *const *
dyno_phase_bonnie (guint *n_phases)
{
  static const DynoPhase *bonnie[12];
  static gsize done;

  g_return_val_if_fail (n_phases != NULL, NULL);

  if (g_once_init_enter (&done))
    {
      guint n = 0;

      for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
        if (kinds[i].flags & DYNO_PHASE_BONNIE)
          bonnie[n++] = dyno_phase_get (&kinds[i], NULL);
      g_assert (n == G_N_ELEMENTS (bonnie));
      g_once_init_leave (&done, 1);
    }
  *n_phases = G_N_ELEMENTS (bonnie);
  return bonnie;
}

/* ---- names for --tests ------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  DynoPhaseFlags all_of;  /* every flag */
  const char *nicks[7];   /* or exactly these kinds */
} NameGroup;

static const NameGroup names[] = {
  { "all", DYNO_PHASE_BONNIE, { NULL } },
  { "io", DYNO_PHASE_BONNIE, { "putc", "write", "rewrite", "getc", "read", "seeks", NULL } },
  { "block", 0, { "write", "rewrite", "read", NULL } },
  { "char", DYNO_PHASE_PER_CHAR, { NULL } },
  { "files", DYNO_PHASE_FILE_TEST, { NULL } },
  { "create", 0, { "seq_create", "rand_create", NULL } },
  { "stat", 0, { "seq_stat", "rand_stat", NULL } },
  { "delete", 0, { "seq_delete", "rand_delete", NULL } },
};

GPtrArray *
dyno_phase_expand_name (const char *name)
{
  GPtrArray *out;
  const DynoPhase *one;

  g_return_val_if_fail (name != NULL, NULL);

  for (guint g = 0; g < G_N_ELEMENTS (names); g++)
    {
      const NameGroup *group = &names[g];

      if (g_ascii_strcasecmp (name, group->name) != 0)
        continue;
      out = g_ptr_array_new ();
      for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
        {
          gboolean take;

          if (group->nicks[0] != NULL)
            take = g_strv_contains ((const char *const *) group->nicks, kinds[i].nick);
          else
            take = (kinds[i].flags & group->all_of) == group->all_of
                   && (kinds[i].flags & DYNO_PHASE_BONNIE);
          if (take)
            g_ptr_array_add (out, (gpointer) dyno_phase_get (&kinds[i], NULL));
        }
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
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    g_string_append_printf (text, "%s, ", kinds[i].nick);
  for (guint g = 0; g < G_N_ELEMENTS (names); g++)
    g_string_append_printf (text, "%s%s", names[g].name, g + 1 < G_N_ELEMENTS (names) ? ", " : "");
  return g_string_free (text, FALSE);
}
