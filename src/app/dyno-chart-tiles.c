/* dyno-chart-tiles.c: the live chart's picture as render nodes that outlive their frame
 *
 * A frame of the live chart changes a strip at the curve's end and the row of phase names; the
 * rest of the picture is as it was. Painted as one cairo node, the whole picture is new to GTK
 * every frame: its renderer redraws the widget's whole area (with the cairo renderer on X11, into
 * freshly faulted-in shared memory) and the GL renderer uploads it whole. Cut into tiles, each a
 * node that lives until its pixels change, a frame hands GTK the same nodes for all but a few
 * tiles, so the damage GTK computes, and what it redraws, is those few.
 *
 * A tile's node paints its own copy of the pixels: a node that painted the chart's picture itself
 * would keep a copy-on-write snapshot of it, and the next redraw of the picture would copy all
 * of it.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dyno-chart-tiles.h"

/* Device pixels. A row of phase names is about one tile high, the strip a frame redraws one or
 * two tiles wide. */
#define TILE_WIDTH 64
#define TILE_HEIGHT 32

typedef struct
{
  int x; /* device pixels */
  int y;
  int width;
  int height;
  cairo_surface_t *pixels; /* what node paints; only read once painted */
  GskRenderNode *node;
} Tile;

struct _DynoChartTiles
{
  GArray *tiles; /* of Tile */
  int width;     /* of the picture the grid was cut for, device pixels */
  int height;
  double scale;
};

static void
tile_clear (Tile *tile)
{
  /* The node first: freed, its recording lets go of the pixels without copying them. */
  g_clear_pointer (&tile->node, gsk_render_node_unref);
  g_clear_pointer (&tile->pixels, cairo_surface_destroy);
}

DynoChartTiles *
dyno_chart_tiles_new (void)
{
  DynoChartTiles *tiles = g_new0 (DynoChartTiles, 1);

  tiles->tiles = g_array_new (FALSE, TRUE, sizeof (Tile));
  g_array_set_clear_func (tiles->tiles, (GDestroyNotify) tile_clear);
  return tiles;
}

void
dyno_chart_tiles_free (DynoChartTiles *tiles)
{
  if (tiles == NULL)
    return;

  g_array_unref (tiles->tiles);
  g_free (tiles);
}

static void
cut (DynoChartTiles *tiles, int width, int height, double scale)
{
  g_array_set_size (tiles->tiles, 0);
  for (int y = 0; y < height; y += TILE_HEIGHT)
    for (int x = 0; x < width; x += TILE_WIDTH)
      {
        Tile tile = {
          .x = x,
          .y = y,
          .width = MIN (TILE_WIDTH, width - x),
          .height = MIN (TILE_HEIGHT, height - y),
        };

        g_array_append_val (tiles->tiles, tile);
      }
  tiles->width = width;
  tiles->height = height;
  tiles->scale = scale;
}

/* Does the tile already show these pixels? */
static gboolean
tile_shows (const Tile *tile, const guint8 *data, int stride)
{
  const guint8 *own;
  int own_stride;

  if (tile->node == NULL)
    return FALSE;

  /* No cairo_surface_flush: on a painted surface it would copy it for the node's snapshot. */
  own = cairo_image_surface_get_data (tile->pixels);
  own_stride = cairo_image_surface_get_stride (tile->pixels);
  for (int row = 0; row < tile->height; row++)
    if (memcmp (own + (gsize) row * own_stride,
                data + (gsize) (tile->y + row) * stride + (gsize) tile->x * 4,
                (gsize) tile->width * 4) != 0)
      return FALSE;
  return TRUE;
}

static void
tile_take (Tile *tile, const guint8 *data, int stride, double scale)
{
  cairo_surface_t *pixels = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tile->width,
                                                        tile->height);
  guint8 *own = cairo_image_surface_get_data (pixels);
  int own_stride = cairo_image_surface_get_stride (pixels);
  graphene_rect_t bounds;
  GskRenderNode *node;
  cairo_t *cr;

  for (int row = 0; row < tile->height; row++)
    memcpy (own + (gsize) row * own_stride,
            data + (gsize) (tile->y + row) * stride + (gsize) tile->x * 4,
            (gsize) tile->width * 4);
  cairo_surface_mark_dirty (pixels);
  cairo_surface_set_device_scale (pixels, scale, scale);

  graphene_rect_init (&bounds, tile->x / scale, tile->y / scale, tile->width / scale,
                      tile->height / scale);
  /* A node of its own, not gtk_snapshot_append_cairo's: this one is kept for later frames. */
  node = gsk_cairo_node_new (&bounds);
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, pixels, bounds.origin.x, bounds.origin.y);
  cairo_paint (cr);
  cairo_destroy (cr);

  tile_clear (tile);
  tile->pixels = pixels;
  tile->node = node;
}

void
dyno_chart_tiles_snapshot (DynoChartTiles  *tiles,
                           cairo_surface_t *picture,
                           gboolean         changed,
                           GtkSnapshot     *snapshot)
{
  const guint8 *data;
  int width;
  int height;
  int stride;
  double scale;

  g_return_if_fail (tiles != NULL);
  g_return_if_fail (picture != NULL);
  g_return_if_fail (cairo_surface_get_type (picture) == CAIRO_SURFACE_TYPE_IMAGE);
  g_return_if_fail (cairo_image_surface_get_format (picture) == CAIRO_FORMAT_ARGB32);
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));

  width = cairo_image_surface_get_width (picture);
  height = cairo_image_surface_get_height (picture);
  cairo_surface_get_device_scale (picture, &scale, NULL);
  if (width != tiles->width || height != tiles->height || scale != tiles->scale)
    {
      cut (tiles, width, height, scale);
      changed = TRUE;
    }

  if (changed)
    {
      cairo_surface_flush (picture);
      data = cairo_image_surface_get_data (picture);
      stride = cairo_image_surface_get_stride (picture);
      for (guint i = 0; i < tiles->tiles->len; i++)
        {
          Tile *tile = &g_array_index (tiles->tiles, Tile, i);

          if (!tile_shows (tile, data, stride))
            tile_take (tile, data, stride, scale);
        }
    }

  for (guint i = 0; i < tiles->tiles->len; i++)
    gtk_snapshot_append_node (snapshot, g_array_index (tiles->tiles, Tile, i).node);
}

void
dyno_chart_tiles_collect (GskRenderNode *node, GPtrArray *tiles)
{
  g_return_if_fail (GSK_IS_RENDER_NODE (node));
  g_return_if_fail (tiles != NULL);

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        dyno_chart_tiles_collect (gsk_container_node_get_child (node, i), tiles);
      break;

    case GSK_CLIP_NODE:
      dyno_chart_tiles_collect (gsk_clip_node_get_child (node), tiles);
      break;

    default:
      g_ptr_array_add (tiles, node);
    }
}
