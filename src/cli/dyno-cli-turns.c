/* dyno-cli-turns.c: the far side of a run over SSH reads its standard input
 *
 * `dyno-cli run --stop-on-stdin-close` stops when its input ends: the ssh that started it has
 * gone. `--take-turns` (the far side of a run whose targets are on several machines,
 * docs/remote.md) also reads orders there, one line each (dyno-stream.h: workload, round,
 * end), hands them to the engine, and prints what the engine says back (sized,
 * round-finished) on the stream.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dyno-cli-private.h"
#include "dyno-cli-remote.h"

/* An order line is short; a longer one is no order. */
#define MAX_ORDER_LINE (64 << 10)

typedef struct
{
  GCancellable *cancellable;
  DynoEngine *engine; /* NULL: only the end of the input matters */
  GString *line;
} Watch;

static void
watch_free (gpointer data)
{
  Watch *watch = data;

  g_clear_object (&watch->cancellable);
  g_clear_object (&watch->engine);
  g_string_free (watch->line, TRUE);
  g_free (watch);
}

static void
stop (Watch *watch, const char *why)
{
  dyno_cli_error ("%s", why);
  g_cancellable_cancel (watch->cancellable);
}

/* One line of input: an order for the engine. One it cannot take stops the run: the other
 * end and this one no longer agree on what happens. */
static gboolean
take_order (Watch *watch, const char *line)
{
  g_autoptr (GError) error = NULL;
  DynoStreamEvent order;
  gboolean ok;

  ok = dyno_stream_decode (line, &order, &error)
       && dyno_engine_give_order (watch->engine, &order, &error);
  dyno_stream_event_clear (&order);
  if (!ok)
    {
      g_autofree char *why = g_strdup_printf (_("an order on standard input cannot be followed "
                                                "(%s); stopping the run"),
                                              error->message);

      stop (watch, why);
    }
  return ok;
}

static gboolean
on_stdin (int fd, GIOCondition condition, gpointer data)
{
  Watch *watch = data;
  char buffer[4096];
  ssize_t n = 0;

  if (condition & G_IO_IN)
    {
      n = read (fd, buffer, sizeof buffer);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return G_SOURCE_CONTINUE;
      if (n > 0 && watch->engine == NULL)
        return G_SOURCE_CONTINUE; /* what the other end types is ignored */
      for (ssize_t i = 0; i < n; i++)
        {
          if (buffer[i] != '\n')
            {
              g_string_append_c (watch->line, buffer[i]);
              if (watch->line->len > MAX_ORDER_LINE)
                {
                  stop (watch, _("an order on standard input is too long; stopping the run"));
                  return G_SOURCE_REMOVE;
                }
              continue;
            }
          if (!take_order (watch, watch->line->str))
            return G_SOURCE_REMOVE;
          g_string_truncate (watch->line, 0);
        }
      if (n > 0)
        return G_SOURCE_CONTINUE;
    }
  /* End of input, a hang-up or an error: whoever started the run has gone. */
  stop (watch, _("standard input was closed; stopping the run"));
  return G_SOURCE_REMOVE;
}

static GSource *
watch_stdin (GCancellable *cancellable, DynoEngine *engine)
{
  Watch *watch = g_new0 (Watch, 1);
  GSource *source;

  watch->cancellable = g_object_ref (cancellable);
  watch->engine = engine != NULL ? g_object_ref (engine) : NULL;
  watch->line = g_string_new (NULL);
  source = g_unix_fd_source_new (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR);
  g_source_set_callback (source, G_SOURCE_FUNC (on_stdin), watch, watch_free);
  g_source_attach (source, NULL);
  return source;
}

GSource *
dyno_cli_watch_stdin (GCancellable *cancellable)
{
  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), NULL);
  return watch_stdin (cancellable, NULL);
}

typedef struct
{
  GCancellable *cancellable;
  gboolean stream;
} Turns;

static void
turns_free (gpointer data, GClosure *closure)
{
  Turns *turns = data;

  g_clear_object (&turns->cancellable);
  g_free (turns);
}

/* What the engine says back goes on the stream, in order with its other events. */
static void
on_turn (DynoEngine *engine, const DynoStreamEvent *event, gpointer data)
{
  Turns *turns = data;
  g_autofree char *line = NULL;

  if (!turns->stream || g_cancellable_is_cancelled (turns->cancellable))
    return;
  line = dyno_stream_encode (event);
  if (fputs (line, stdout) == EOF || fputc ('\n', stdout) == EOF || fflush (stdout) != 0)
    {
      dyno_cli_error (_("standard output was closed (%s); stopping the run"), g_strerror (errno));
      g_cancellable_cancel (turns->cancellable);
    }
}

GSource *
dyno_cli_take_turns (DynoEngine *engine, GCancellable *cancellable, gboolean stream)
{
  Turns *turns;

  g_return_val_if_fail (DYNO_IS_ENGINE (engine), NULL);
  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), NULL);

  turns = g_new0 (Turns, 1);
  turns->cancellable = g_object_ref (cancellable);
  turns->stream = stream;
  dyno_engine_set_take_turns (engine, TRUE);
  g_signal_connect_data (engine, "turn", G_CALLBACK (on_turn), turns, turns_free,
                         0);
  return watch_stdin (cancellable, engine);
}
