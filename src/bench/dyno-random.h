/* dyno-random.h: a small, fast, seedable generator (xoshiro256**) for data and seek offsets
 *
 * GLib's GRand is a Mersenne Twister behind a function call; the seek and fill loops want
 * something cheaper and reproducible from the recorded seed.
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} DynoRandom;

static inline guint64
dyno_random_rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
dyno_random_splitmix (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline void
dyno_random_seed (DynoRandom *r, guint64 seed)
{
  for (guint i = 0; i < 4; i++)
    r->s[i] = dyno_random_splitmix (&seed);
}

static inline guint64
dyno_random_next (DynoRandom *r)
{
  guint64 result = dyno_random_rotl (r->s[1] * 5, 7) * 9;
  guint64 t = r->s[1] << 17;

  r->s[2] ^= r->s[0];
  r->s[3] ^= r->s[1];
  r->s[1] ^= r->s[2];
  r->s[0] ^= r->s[3];
  r->s[2] ^= t;
  r->s[3] = dyno_random_rotl (r->s[3], 45);
  return result;
}

/* Uniform in [0, bound) without modulo bias worth worrying about for bound << 2^64. */
static inline guint64
dyno_random_below (DynoRandom *r, guint64 bound)
{
#ifdef __SIZEOF_INT128__
  return (guint64) (((unsigned __int128) dyno_random_next (r) * bound) >> 64);
#else
  return dyno_random_next (r) % bound;
#endif
}

static inline void
dyno_random_fill (DynoRandom *r, void *buffer, gsize length)
{
  guchar *p = buffer;

  while (length >= 8)
    {
      guint64 v = dyno_random_next (r);
      memcpy (p, &v, 8);
      p += 8;
      length -= 8;
    }
  if (length > 0)
    {
      guint64 v = dyno_random_next (r);
      memcpy (p, &v, length);
    }
}

G_END_DECLS
