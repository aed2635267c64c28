/* dyno-help-window.c
 *
 * F1 opens help:APP_ID in the help viewer. Where there is none (yelp is not installed, as on a
 * minimal desktop or in a container), GTK only says "Operation not supported"; the pages are
 * in the app's resources as well, so this window shows them instead of an error. It renders
 * just what help/C uses of Mallard: titles, paragraphs, terms and lists, notes, inline
 * emphasis, code, GUI names and key sequences, and links (an empty xref link reads as its target's title).
 * The info blocks (credits, licence) are left out.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "dyno-help-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dyno-help-window.h"

#define HELP_RESOURCES "/io/github/dyno_bench/Dyno/help/"

/* In reading order: the guide, then its topics. */
static const char *const help_pages[] = { "index", "measuring", NULL };

struct _DynoHelpWindow
{
  AdwWindow parent_instance;

  GtkBox *pages_box;
  GtkLabel *note_label;

  GString *text;
};

G_DEFINE_FINAL_TYPE (DynoHelpWindow, dyno_help_window, ADW_TYPE_WINDOW)

/* Rendering */

typedef enum
{
  BLOCK_PAGE_TITLE,
  BLOCK_SECTION_TITLE,
  BLOCK_TERM,      /* an item's title in a list of terms */
  BLOCK_PARAGRAPH,
  BLOCK_ITEM,      /* a paragraph in an item: indented */
} BlockKind;

typedef struct
{
  BlockKind kind;
  char *markup;
} Block;

static void
block_free (gpointer data)
{
  Block *block = data;

  g_free (block->markup);
  g_free (block);
}

typedef struct
{
  const char *page;
  GHashTable *titles;  /* "page" and "page#section" → its title, as Pango markup */
  GPtrArray *blocks;   /* Block *; NULL while collecting the titles */
  GPtrArray *ids;      /* the ids of the open page and sections, "" for none */
  GString *markup;     /* the open block's, NULL between blocks */
  BlockKind kind;
  gsize link_start;    /* where the open xref link's text began */
  char *link_xref;
  gboolean link_href;
  guint skip;          /* depth inside <info> */
  guint items;         /* depth inside <item> */
  gboolean item_bullet; /* the open item has no title: its first paragraph gets a bullet */
  guint keyseq_keys;    /* inside <keyseq>: the keys so far, joined with "+"; else 0 */
  gboolean in_keyseq;
} Renderer;

static void
begin_block (Renderer *r, BlockKind kind)
{
  if (r->markup != NULL)
    return;
  r->markup = g_string_new (NULL);
  r->kind = kind;
  if (kind == BLOCK_ITEM && r->item_bullet)
    {
      g_string_append (r->markup, "• ");
      r->item_bullet = FALSE;
    }
}

/* White space in Mallard is layout: one space between words, none at the ends. */
static char *
squeeze (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
end_block (Renderer *r)
{
  g_autofree char *markup = NULL;

  if (r->markup == NULL)
    return;
  markup = squeeze (r->markup->str);
  g_string_free (r->markup, TRUE);
  r->markup = NULL;
  if (*markup == '\0')
    return;

  /* The first title inside a page or section is its title, for links to it. */
  if (r->kind == BLOCK_PAGE_TITLE || r->kind == BLOCK_SECTION_TITLE)
    {
      const char *id = r->ids->len > 0 ? g_ptr_array_index (r->ids, r->ids->len - 1) : "";
      char *key = *id == '\0' || r->kind == BLOCK_PAGE_TITLE
                      ? g_strdup (r->page)
                      : g_strdup_printf ("%s#%s", r->page, id);

      if (!g_hash_table_contains (r->titles, key))
        g_hash_table_insert (r->titles, key, g_strdup (markup));
      else
        g_free (key);
    }
  if (r->blocks != NULL)
    {
      Block *block = g_new0 (Block, 1);

      block->kind = r->kind;
      block->markup = g_steal_pointer (&markup);
      g_ptr_array_add (r->blocks, block);
    }
}

static const char *
inline_tag (const char *element)
{
  static const char *const bold[] = { "gui", "app", "guiseq", "key", NULL };
  static const char *const mono[] = { "code", "cmd", "input", "output", "file", "sys", "var",
                                      NULL };

  if (g_str_equal (element, "em"))
    return "i";
  if (g_strv_contains (bold, element))
    return "b";
  if (g_strv_contains (mono, element))
    return "tt";
  return NULL;
}

static void
on_start (GMarkupParseContext *context,
          const char *element,
          const char **names,
          const char **values,
          gpointer user_data,
          GError **error)
{
  Renderer *r = user_data;
  const char *tag;

  if (r->skip > 0 || g_str_equal (element, "info"))
    {
      r->skip++;
      return;
    }
  if (g_str_equal (element, "page") || g_str_equal (element, "section"))
    {
      const char *id = NULL;

      g_markup_collect_attributes (element, names, values, NULL, G_MARKUP_COLLECT_STRING
                                       | G_MARKUP_COLLECT_OPTIONAL, "id", &id,
                                   G_MARKUP_COLLECT_INVALID);
      end_block (r);
      g_ptr_array_add (r->ids, g_strdup (id != NULL ? id : ""));
    }
  else if (g_str_equal (element, "title"))
    {
      end_block (r);
      if (r->items > 0)
        {
          r->item_bullet = FALSE;
          begin_block (r, BLOCK_TERM);
        }
      else
        begin_block (r, r->ids->len <= 1 ? BLOCK_PAGE_TITLE : BLOCK_SECTION_TITLE);
    }
  else if (g_str_equal (element, "p"))
    {
      end_block (r);
      begin_block (r, r->items > 0 ? BLOCK_ITEM : BLOCK_PARAGRAPH);
    }
  else if (g_str_equal (element, "item"))
    {
      end_block (r);
      r->items++;
      r->item_bullet = TRUE;
    }
  else if (g_str_equal (element, "link") && r->markup != NULL)
    {
      const char *href = NULL;
      const char *xref = NULL;

      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "href"))
          href = values[i];
        else if (g_str_equal (names[i], "xref"))
          xref = values[i];
      r->link_href = href != NULL;
      if (href != NULL)
        {
          g_autofree char *escaped = g_markup_escape_text (href, -1);

          g_string_append_printf (r->markup, "<a href=\"%s\">", escaped);
        }
      g_free (r->link_xref);
      r->link_xref = g_strdup (xref);
      r->link_start = r->markup->len;
    }
  else if (g_str_equal (element, "keyseq"))
    {
      r->in_keyseq = TRUE;
      r->keyseq_keys = 0;
    }
  else if ((tag = inline_tag (element)) != NULL && r->markup != NULL)
    {
      /* <keyseq><key>Ctrl</key><key>Enter</key></keyseq> reads "Ctrl+Enter". */
      if (r->in_keyseq && g_str_equal (element, "key") && r->keyseq_keys++ > 0)
        g_string_append_c (r->markup, '+');
      g_string_append_printf (r->markup, "<%s>", tag);
    }
}

static void
on_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  Renderer *r = user_data;
  const char *tag;

  if (r->skip > 0)
    {
      r->skip--;
      return;
    }
  if (g_str_equal (element, "page") || g_str_equal (element, "section"))
    {
      end_block (r);
      if (r->ids->len > 0)
        g_ptr_array_remove_index (r->ids, r->ids->len - 1);
    }
  else if (g_str_equal (element, "title") || g_str_equal (element, "p"))
    end_block (r);
  else if (g_str_equal (element, "item"))
    {
      end_block (r);
      r->items--;
    }
  else if (g_str_equal (element, "link") && r->markup != NULL)
    {
      /* <link xref="measuring#phase-time"/> reads as the title of what it points to. */
      if (r->markup->len == r->link_start && r->link_xref != NULL)
        {
          g_autofree char *key = r->link_xref[0] == '#'
                                     ? g_strconcat (r->page, r->link_xref, NULL)
                                     : g_strdup (r->link_xref);
          const char *title = g_hash_table_lookup (r->titles, key);

          if (title != NULL)
            g_string_append_printf (r->markup, "“%s”", title);
        }
      if (r->link_href)
        g_string_append (r->markup, "</a>");
      r->link_href = FALSE;
      g_clear_pointer (&r->link_xref, g_free);
    }
  else if (g_str_equal (element, "keyseq"))
    r->in_keyseq = FALSE;
  else if ((tag = inline_tag (element)) != NULL && r->markup != NULL)
    g_string_append_printf (r->markup, "</%s>", tag);
}

static void
on_text (GMarkupParseContext *context,
         const char *text,
         gsize length,
         gpointer user_data,
         GError **error)
{
  Renderer *r = user_data;
  g_autofree char *escaped = NULL;

  if (r->skip > 0 || r->markup == NULL)
    return;
  /* Between the keys of a sequence there is only layout. */
  if (r->in_keyseq && g_str_equal (g_markup_parse_context_get_element (context), "keyseq"))
    return;
  escaped = g_markup_escape_text (text, length);
  g_string_append (r->markup, escaped);
}

static const GMarkupParser parser = { on_start, on_end, on_text, NULL, NULL };

static gboolean
render_page (Renderer *r, const char *page, GError **error)
{
  g_autofree char *path = g_strconcat (HELP_RESOURCES, page, ".page", NULL);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  g_autoptr (GMarkupParseContext) context = NULL;
  gsize size;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  r->page = page;
  context = g_markup_parse_context_new (&parser, G_MARKUP_PREFIX_ERROR_POSITION, r, NULL);
  return g_markup_parse_context_parse (context, data, size, error)
         && g_markup_parse_context_end_parse (context, error);
}

/* Every page's blocks, in reading order. Two passes: links need the titles of pages and
 * sections that come later. */
static GPtrArray *
render_help (GError **error)
{
  g_autoptr (GHashTable) titles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) blocks = g_ptr_array_new_with_free_func (block_free);

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; help_pages[i] != NULL; i++)
      {
        Renderer r = { 0 };
        gboolean ok;

        r.titles = titles;
        r.blocks = pass == 1 ? blocks : NULL;
        r.ids = g_ptr_array_new_with_free_func (g_free);
        ok = render_page (&r, help_pages[i], error);
        if (r.markup != NULL)
          g_string_free (r.markup, TRUE);
        g_free (r.link_xref);
        g_ptr_array_unref (r.ids);
        if (!ok)
          return NULL;
      }
  return g_steal_pointer (&blocks);
}

static GtkWidget *
block_label (const Block *block)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), block->markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Not selectable: the first selectable label takes the focus with all its text selected. */
  switch (block->kind)
    {
    case BLOCK_PAGE_TITLE:
      gtk_widget_add_css_class (label, "title-1");
      gtk_widget_set_margin_top (label, 18);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1,
                                      -1);
      break;
    case BLOCK_SECTION_TITLE:
      gtk_widget_add_css_class (label, "title-3");
      gtk_widget_set_margin_top (label, 12);
      break;
    case BLOCK_TERM:
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_set_margin_start (label, 12);
      break;
    case BLOCK_ITEM:
      gtk_widget_set_margin_start (label, 24);
      break;
    case BLOCK_PARAGRAPH:
    default:
      break;
    }
  return label;
}

static void
dyno_help_window_finalize (GObject *object)
{
  DynoHelpWindow *self = DYNO_HELP_WINDOW (object);

  g_string_free (self->text, TRUE);
  G_OBJECT_CLASS (dyno_help_window_parent_class)->finalize (object);
}

static void
dyno_help_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DYNO_TYPE_HELP_WINDOW);
  G_OBJECT_CLASS (dyno_help_window_parent_class)->dispose (object);
}

static void
dyno_help_window_class_init (DynoHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dyno_help_window_dispose;
  object_class->finalize = dyno_help_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dyno_bench/Dyno/dyno-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DynoHelpWindow, pages_box);
  gtk_widget_class_bind_template_child (widget_class, DynoHelpWindow, note_label);
  /* A window to read and put away: Escape closes it, as a dialog. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dyno_help_window_init (DynoHelpWindow *self)
{
  g_autoptr (GPtrArray) blocks = NULL;
  g_autoptr (GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->text = g_string_new (NULL);

  blocks = render_help (&error);
  /* The pages are compiled in: a failure here is a build that lost them. */
  if (blocks == NULL)
    {
      g_critical ("The help pages in the resources do not parse: %s", error->message);
      return;
    }
  for (guint i = 0; i < blocks->len; i++)
    {
      const Block *block = g_ptr_array_index (blocks, i);
      GtkWidget *label = block_label (block);

      gtk_box_append (self->pages_box, label);
      g_string_append_printf (self->text, "%s\n", gtk_label_get_text (GTK_LABEL (label)));
    }
}

GtkWidget *
dyno_help_window_new (GtkWindow *parent, const char *reason)
{
  DynoHelpWindow *self;
  g_autofree char *note = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (DYNO_TYPE_HELP_WINDOW, NULL);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
    }
  if (reason != NULL)
    /* TRANSLATORS: over the help shown in the app; %s is why the help viewer did not open,
     * like "Operation not supported" */
    note = g_strdup_printf (_("The help viewer could not be opened (%s), so this is the help "
                              "built into Dyno. For the full pages with links and search, "
                              "install Yelp, the GNOME help viewer (the “yelp” package)."),
                            reason);
  else
    note = g_strdup (_("No help viewer is installed, so this is the help built into Dyno. "
                       "For the full pages with links and search, install Yelp, the GNOME "
                       "help viewer (the “yelp” package)."));
  gtk_label_set_text (self->note_label, note);
  return GTK_WIDGET (self);
}

const char *
dyno_help_window_get_text (DynoHelpWindow *self)
{
  g_return_val_if_fail (DYNO_IS_HELP_WINDOW (self), NULL);
  return self->text->str;
}

const char *
dyno_help_window_get_note (DynoHelpWindow *self)
{
  g_return_val_if_fail (DYNO_IS_HELP_WINDOW (self), NULL);
  return gtk_label_get_text (self->note_label);
}
