/* dyno-stream.h: the live event stream of `dyno-cli run --stream`, one JSON object per line
 *
 * Whoever runs Dyno and wants to follow it (another program, a remote run over SSH, the app
 * watching a run elsewhere) reads these lines; this codec is the one place that writes and
 * reads them, so both ends agree. docs/result-format.md ("The live stream") lists the fields.
 *
 *   {"event":"hello","protocol":1,"dyno":"0.1.0"}                     always the first line
 *   {"event":"target-started","target":0,"path":"/srv/tank"}
 *   {"event":"phase-started","target":0,"repeat":0,"phase":"write"}
 *   {"event":"sample","target":0,"repeat":0,"phase":"write","t":0.1,…}
 *   {"event":"phase-finished","target":0,"repeat":0,"phase":"write","amount":…,"started":…}
 *   {"event":"message","target":0,"level":"info","text":"…"}
 *   {"event":"target-finished","target":0,"error":null}
 *   {"event":"interrupted"}
 *   {"event":"result","result":{…a whole result file…}}
 *
 * A run that takes turns with targets elsewhere (`run --take-turns`, the far side of a run
 * across machines, docs/remote.md) adds two events, and reads orders, lines of the same form,
 * on its standard input:
 *   {"event":"sized","target":0,"write_rate":…,"free_bytes":…,"path":"/srv/tank"}    its calibration
 *   {"event":"round-finished","target":0,"repeat":1,"started":12.5,"error":null}
 *   {"event":"workload","size":…,"per_char_size":…,"files":…,"files_cap":…,"seeks":…,"reason":"…"}
 *   {"event":"round","target":0,"repeat":1,"only":["write"]}                           "only": optional
 *   {"event":"end","precision":"budget"}
 *
 * With several machines (run --parallel --stream) their events carry "host" after "event",
 * and "aggregate" lines per phase end the stream:
 *   {"event":"aggregate","phase":"write","hosts":3,"sum":…,"unit":"B/s","slowest":"me@nas",…}
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dyno-result.h"

G_BEGIN_DECLS

/* The nicks are the lines' "event" (DYNO_TYPE_STREAM_KIND, dyno-model-enums.h). */
typedef enum
{
  DYNO_STREAM_TARGET_STARTED,  /*< nick=target-started >*/
  DYNO_STREAM_PHASE_STARTED,   /*< nick=phase-started >*/
  DYNO_STREAM_SAMPLE,          /*< nick=sample >*/
  DYNO_STREAM_PHASE_FINISHED,  /*< nick=phase-finished >*/
  DYNO_STREAM_MESSAGE,         /*< nick=message >*/
  DYNO_STREAM_TARGET_FINISHED, /*< nick=target-finished >*/
  DYNO_STREAM_INTERRUPTED,     /*< nick=interrupted >*/
  DYNO_STREAM_RESULT,          /*< nick=result >*/
  DYNO_STREAM_HELLO,           /*< nick=hello >*/
  /* run --parallel --stream: the machines together, per phase */
  DYNO_STREAM_AGGREGATE,       /*< nick=aggregate >*/
  /* Taking turns (protocol 2): what the far side says ... */
  /* its target's calibration, before its first round */
  DYNO_STREAM_SIZED,           /*< nick=sized >*/
  /* a round it was told to run is over */
  DYNO_STREAM_ROUND_FINISHED,  /*< nick=round-finished >*/
  /* ... and the orders it reads */
  /* the sizes every target of the run does */
  DYNO_STREAM_WORKLOAD,        /*< nick=workload >*/
  /* run one round (one repeat) of a target */
  DYNO_STREAM_ROUND,           /*< nick=round >*/
  /* no more rounds: close the target and send the result (text: why the repeats added for
   * precision stopped, a DynoPrecisionStop's nick) */
  DYNO_STREAM_END,             /*< nick=end >*/
} DynoStreamKind;

/* Why the repeats added for precision stopped before every figure was precise enough: an END
 * order's "precision" (DYNO_TYPE_PRECISION_STOP). */
typedef enum
{
  /* no repeats are added (-x given, no phase time, no target) */
  DYNO_PRECISION_NOT_SOUGHT, /*< nick=not-sought >*/
  /* every figure met the target, or cannot get better by repeating */
  DYNO_PRECISION_DONE,       /*< nick=done >*/
  /* the time budget would have been passed */
  DYNO_PRECISION_BUDGET,     /*< nick=budget >*/
  /* DYNO_MAX_REPEAT rounds ran */
  DYNO_PRECISION_MAX_REPEAT, /*< nick=max-repeat >*/
} DynoPrecisionStop;

/* The version of the stream's lines, in the first line ("hello"). It changes only when a reader
 * of the previous version would misread a line (as the result format's version does). */
#define DYNO_STREAM_PROTOCOL 2

typedef struct
{
  DynoStreamKind kind;
  guint target;
  guint repeat;
  const DynoPhase *phase; /* PHASE_STARTED, SAMPLE, PHASE_FINISHED */
  DynoSample sample;      /* SAMPLE */
  DynoPhaseRun run;       /* PHASE_FINISHED: amount, elapsed, rate, cpu, too_fast, cache,
                           * latency p99 and max */
  gboolean warning;       /* MESSAGE: a warning rather than information */
  char *text;             /* TARGET_STARTED: path; MESSAGE: text; TARGET_FINISHED: error;
                           * HELLO: the writer's Dyno version */
  DynoResult *result;     /* RESULT */
  guint protocol;         /* HELLO */
  char *host;             /* "user@host" of a machine's event in a stream of several, or NULL */
  guint hosts;            /* AGGREGATE (phase, text: the slowest machine's host): the machines */
  double sum;             /* AGGREGATE: their rates added, in the phase's unit */
  double slowest_rate;    /* AGGREGATE */
  double fastest_rate;    /* AGGREGATE */
  double spread;          /* AGGREGATE: percent, (fastest − slowest) ÷ mean; NAN for none */
  DynoSizing sizing;      /* SIZED: the rates and sizes (reason: unused) */
  guint64 free_bytes;     /* SIZED (text: the target's path) */
  guint64 free_inodes;    /* SIZED */
  double started;         /* ROUND_FINISHED (text: the error that ended the target, or
                           * NULL): seconds from the start of the run to the round's */
  DynoWorkload workload;  /* WORKLOAD (text: why, translated) */
  char **only;            /* ROUND: the phases' keys, or NULL for every phase */
} DynoStreamEvent;

/* The event's name in a line ("round-finished"). */
const char *dyno_stream_kind_get_name (DynoStreamKind kind);
/* One line, without its newline. Strings are made valid UTF-8 (a path need not be). */
char    *dyno_stream_encode (const DynoStreamEvent *event);
/* A line back into an event; FALSE with a DYNO_ERROR_BAD_FORMAT naming what is wrong. Fields
 * a newer Dyno adds are ignored. Clear the event with dyno_stream_event_clear. */
gboolean dyno_stream_decode (const char *line, DynoStreamEvent *event, GError **error);
void     dyno_stream_event_clear (DynoStreamEvent *event);
/* The first line's event, with this Dyno's protocol and version (PACKAGE_VERSION). */
void     dyno_stream_event_init_hello (DynoStreamEvent *event, const char *version);
/* TRUE when event is the first line of a stream this reader understands; else FALSE with a
 * DYNO_ERROR_BAD_FORMAT that says which version the other end speaks. */
gboolean dyno_stream_check_hello (const DynoStreamEvent *event, GError **error);
/* For one stream of several machines (`run --parallel --stream`): line, an event from one
 * machine's stream, with "host": host right after its "event" and, when it has one, its
 * "target" set to target; its other members as they were, in their order (a newer writer's
 * fields too). NULL when line is not a JSON object. */
char    *dyno_stream_tag_host (const char *line, const char *host, guint target);

G_END_DECLS
