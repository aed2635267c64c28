/* dyno-sampler.c
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <sys/stat.h>

#include "dyno-clock.h"
#include "dyno-sampler.h"

/* Checking the target's identity once a second is enough to stop a run on a vanished disk
 * within a second or so, and cheap compared with the I/O. */
#define WATCH_EVERY_NS G_GINT64_CONSTANT (1000000000)
/* A final sample over a shorter tail than this would show a meaningless rate spike, so a
 * phase that already has samples drops it; a phase without any keeps it (see end_phase). */
#define MIN_TAIL_NS G_GINT64_CONSTANT (20000000)

struct _DynoSampler
{
  GMutex lock;
  GCond cond;
  GThread *thread;
  gboolean quit;
  DynoRunShared *shared;
  gint64 interval_ns;
  gint64 run_started_ns;

  /* The phase being sampled */
  gboolean active;
  guint target;
  guint repeat;
  const DynoPhase *phase;
  guint64 total;
  double duration;
  gboolean paused;
  DynoProgressSlot *slots;
  guint n_slots;
  gint64 phase_started_ns;
  gint64 last_ns;
  /* When the next sample is due: one interval after the phase began or the sampler
   * resumed, then every interval. Set where those happen, under the lock, so that a time
   * left over from an earlier phase never cuts a new phase's first interval short (the
   * thread need not wake between two phases). */
  gint64 next_ns;
  guint64 last_done;
  guint phase_samples;
  DynoCpuTimes last_cpu_times;
  gboolean have_cpu_times;
  double last_process_cpu;

  GArray *samples;

  /* Target watch */
  char *watch_path;
  dev_t watch_dev;
  ino_t watch_ino;
  atomic_int *vanished;
  atomic_int *stop;
  gint64 next_watch_ns;
};

/* rate_override: the rate to record instead of the counters' (NAN for none); the one sample
 * of a phase too short to be sampled carries the phase's own figure. */
static void
take_sample (DynoSampler *self, gint64 now, double rate_override)
{
  DynoSample sample = { 0 };
  DynoCpuTimes times;
  guint64 done = 0;
  double dt = (now - self->last_ns) / 1e9;
  double cpu_delta = 0;
  gboolean cpu_known = TRUE;

  if (dt <= 0)
    return;

  for (guint i = 0; i < self->n_slots; i++)
    {
      DynoProgressSlot *slot = &self->slots[i];
      double now_cpu;

      done += atomic_load_explicit (&slot->done, memory_order_relaxed);
      if (!slot->registered)
        continue;
      now_cpu = slot->finished ? slot->cpu_final : dyno_platform_thread_clock_read (&slot->clock);
      if (isnan (now_cpu) || isnan (slot->cpu_last))
        cpu_known = FALSE;
      else
        cpu_delta += now_cpu - slot->cpu_last;
      slot->cpu_last = now_cpu;
    }
  if (!cpu_known)
    {
      /* Without per-thread clocks the whole process is the best we have. */
      double process = dyno_platform_process_cpu ();

      cpu_delta = process - self->last_process_cpu;
      self->last_process_cpu = process;
    }

  sample.t = (now - self->run_started_ns) / 1e9;
  sample.phase_t = (now - self->phase_started_ns) / 1e9;
  sample.target = self->target;
  sample.repeat = self->repeat;
  sample.phase = self->phase;
  sample.done = done;
  sample.rate = isnan (rate_override) ? (double) (done - MIN (done, self->last_done)) / dt
                                      : rate_override;
  sample.process_cpu = MAX (0.0, cpu_delta / dt * 100.0);
  if (self->total > 0)
    sample.progress = MIN (1.0, (double) done / (double) self->total);
  else if (self->duration > 0)
    sample.progress = MIN (1.0, sample.phase_t / self->duration);
  else
    sample.progress = 0;
  if (self->have_cpu_times && dyno_platform_read_cpu_times (&times))
    {
      dyno_platform_cpu_split (&self->last_cpu_times, &times, &sample.system_cpu);
      self->last_cpu_times = times;
    }
  else
    dyno_cpu_split_clear (&sample.system_cpu);

  self->last_ns = now;
  self->last_done = done;
  self->phase_samples++;
  g_array_append_val (self->samples, sample);

  {
    DynoEvent event = { .kind = DYNO_EVENT_SAMPLE, .target = sample.target,
                        .repeat = sample.repeat, .phase = sample.phase, .sample = sample };
    dyno_run_shared_push (self->shared, &event);
  }
  dyno_run_shared_set_progress (self->shared, sample.progress, sample.rate);
}

static void
check_watch (DynoSampler *self)
{
  struct stat st;

  if (self->watch_path == NULL)
    return;
  if (stat (self->watch_path, &st) != 0 || st.st_dev != self->watch_dev
      || st.st_ino != self->watch_ino)
    {
      atomic_store (self->vanished, 1);
      atomic_store (self->stop, 1);
      g_clear_pointer (&self->watch_path, g_free);
    }
}

static gpointer
sampler_thread (gpointer data)
{
  DynoSampler *self = data;

  g_mutex_lock (&self->lock);
  while (!self->quit)
    {
      gint64 now = dyno_now_ns ();

      if (self->active && !self->paused && now >= self->next_ns)
        {
          take_sample (self, now, NAN);
          self->next_ns += self->interval_ns;
          if (self->next_ns <= now)
            self->next_ns = now + self->interval_ns;
        }
      if (self->watch_path != NULL && now >= self->next_watch_ns)
        {
          check_watch (self);
          self->next_watch_ns = now + WATCH_EVERY_NS;
        }

      {
        gint64 wake = self->active && !self->paused ? self->next_ns : now + self->interval_ns;
        gint64 wait_us = MAX (1, (wake - dyno_now_ns ()) / 1000);

        if (self->watch_path != NULL)
          wait_us = MIN (wait_us, MAX (1, (self->next_watch_ns - dyno_now_ns ()) / 1000));
        g_cond_wait_until (&self->cond, &self->lock, g_get_monotonic_time () + wait_us);
      }
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

DynoSampler *
dyno_sampler_new (DynoRunShared *shared, guint interval_ms, gint64 run_started_ns, GError **error)
{
  DynoSampler *self = g_new0 (DynoSampler, 1);

  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->shared = dyno_run_shared_ref (shared);
  self->interval_ns = (gint64) MAX (interval_ms, 10) * 1000000;
  self->run_started_ns = run_started_ns;
  self->samples = g_array_new (FALSE, TRUE, sizeof (DynoSample));
  /* g_thread_new () would abort the process, scratch folder and all. */
  self->thread = g_thread_try_new ("dyno-sampler", sampler_thread, self, error);
  if (self->thread == NULL)
    {
      g_array_unref (self->samples);
      dyno_run_shared_unref (self->shared);
      g_mutex_clear (&self->lock);
      g_cond_clear (&self->cond);
      g_free (self);
      return NULL;
    }
  return self;
}

void
dyno_sampler_free (DynoSampler *self)
{
  if (self == NULL)
    return;
  g_mutex_lock (&self->lock);
  self->quit = TRUE;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->lock);
  g_thread_join (self->thread);

  g_free (self->slots);
  g_free (self->watch_path);
  g_array_unref (self->samples);
  dyno_run_shared_unref (self->shared);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self);
}

void
dyno_sampler_watch (DynoSampler *self,
                    const char *path,
                    const struct stat *st,
                    atomic_int *vanished,
                    atomic_int *stop)
{
  g_mutex_lock (&self->lock);
  g_free (self->watch_path);
  self->watch_path = g_strdup (path);
  self->watch_dev = st->st_dev;
  self->watch_ino = st->st_ino;
  self->vanished = vanished;
  self->stop = stop;
  self->next_watch_ns = dyno_now_ns () + WATCH_EVERY_NS;
  g_mutex_unlock (&self->lock);
}

void
dyno_sampler_unwatch (DynoSampler *self)
{
  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->watch_path, g_free);
  g_mutex_unlock (&self->lock);
}

DynoProgressSlot *
dyno_sampler_begin_phase (DynoSampler *self,
                          guint target,
                          guint repeat,
                          const DynoPhase *phase,
                          guint64 total,
                          double duration,
                          guint n_slots)
{
  DynoProgressSlot *slots = g_new0 (DynoProgressSlot, MAX (n_slots, 1));

  for (guint i = 0; i < MAX (n_slots, 1); i++)
    {
      atomic_init (&slots[i].done, 0);
      slots[i].cpu_last = NAN;
    }

  g_mutex_lock (&self->lock);
  g_free (self->slots);
  self->slots = slots;
  self->n_slots = MAX (n_slots, 1);
  self->target = target;
  self->repeat = repeat;
  self->phase = phase;
  self->total = total;
  self->duration = duration;
  self->paused = FALSE;
  self->phase_started_ns = self->last_ns = dyno_now_ns ();
  self->next_ns = self->last_ns + self->interval_ns;
  self->last_done = 0;
  self->phase_samples = 0;
  self->have_cpu_times = dyno_platform_read_cpu_times (&self->last_cpu_times);
  self->last_process_cpu = dyno_platform_process_cpu ();
  self->active = TRUE;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->lock);

  return slots;
}

void
dyno_sampler_register_thread (DynoSampler *self, DynoProgressSlot *slot)
{
  DynoThreadClock clock;

  dyno_platform_thread_clock_self (&clock);
  g_mutex_lock (&self->lock);
  slot->clock = clock;
  slot->registered = TRUE;
  slot->finished = FALSE;
  slot->cpu_last = dyno_platform_thread_clock_read (&clock);
  g_mutex_unlock (&self->lock);
}

void
dyno_sampler_thread_done (DynoSampler *self, DynoProgressSlot *slot)
{
  double cpu = dyno_platform_thread_clock_read (&slot->clock);

  g_mutex_lock (&self->lock);
  slot->cpu_final = cpu;
  slot->finished = TRUE;
  g_mutex_unlock (&self->lock);
}

void
dyno_sampler_set_total (DynoSampler *self, guint64 total)
{
  g_mutex_lock (&self->lock);
  self->total = total;
  g_mutex_unlock (&self->lock);
}

void
dyno_sampler_pause (DynoSampler *self, gboolean paused)
{
  g_mutex_lock (&self->lock);
  if (self->paused && !paused)
    {
      /* The next sample covers only the time since now, and only what is done from now. */
      guint64 done = 0;

      for (guint i = 0; i < self->n_slots; i++)
        {
          DynoProgressSlot *slot = &self->slots[i];

          done += atomic_load_explicit (&slot->done, memory_order_relaxed);
          /* Nor the CPU the untimed work used. */
          if (slot->registered && !slot->finished)
            slot->cpu_last = dyno_platform_thread_clock_read (&slot->clock);
        }
      self->last_ns = dyno_now_ns ();
      self->next_ns = self->last_ns + self->interval_ns;
      self->last_done = done;
      self->last_process_cpu = dyno_platform_process_cpu ();
      self->have_cpu_times = dyno_platform_read_cpu_times (&self->last_cpu_times);
    }
  self->paused = paused;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->lock);
}

void
dyno_sampler_end_phase (DynoSampler *self, gboolean completed, double phase_rate)
{
  g_mutex_lock (&self->lock);
  if (self->active)
    {
      /* Never before last_ns, and never the same instant: take_sample needs a time span. */
      gint64 now = MAX (dyno_now_ns (), self->last_ns + 1);

      /* A phase that ended before the first interval (fast hardware, a small file) still
       * gets one sample, spanning the whole phase and carrying its figure, so every
       * measured phase appears on the live chart and in the samples table. */
      if (completed && self->phase_samples == 0)
        take_sample (self, now, phase_rate);
      else if (now - self->last_ns >= MIN_TAIL_NS)
        take_sample (self, now, NAN);
      self->active = FALSE;
    }
  g_mutex_unlock (&self->lock);
}

GArray *
dyno_sampler_take_samples (DynoSampler *self)
{
  GArray *samples;

  g_mutex_lock (&self->lock);
  samples = self->samples;
  self->samples = g_array_new (FALSE, TRUE, sizeof (DynoSample));
  g_mutex_unlock (&self->lock);
  return samples;
}
