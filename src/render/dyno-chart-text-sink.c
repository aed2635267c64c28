/* dyno-chart-text-sink.c: a chart's text shown, or handed to a sink
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dyno-chart-text-sink.h"

typedef struct
{
  DynoChartTextSinkFunc func;
  gpointer user_data;
} TextSink;

static const cairo_user_data_key_t sink_key;

void
dyno_chart_text_sink_attach (cairo_t *cr, DynoChartTextSinkFunc func, gpointer user_data)
{
  TextSink *sink = NULL;

  g_return_if_fail (cr != NULL);

  if (func != NULL)
    {
      sink = g_new (TextSink, 1);
      sink->func = func;
      sink->user_data = user_data;
    }
  if (cairo_set_user_data (cr, &sink_key, sink, g_free) != CAIRO_STATUS_SUCCESS)
    g_free (sink);
}

void
dyno_chart_pango_show (cairo_t *cr, PangoLayout *layout)
{
  TextSink *sink = cairo_get_user_data (cr, &sink_key);

  if (sink != NULL)
    sink->func (cr, layout, sink->user_data);
  else
    pango_cairo_show_layout (cr, layout);
}
