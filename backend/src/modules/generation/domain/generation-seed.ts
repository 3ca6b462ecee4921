/**
 * Issue 15: every generation has a seed of its own, drawn on the server (a client never chooses
 * it) and stored with the image. The local engine's random elements follow it (same seed, same
 * bytes), Replicate gets it as its `seed` input, so Regenerate (a new generation) gives another
 * picture. 0..2^31-1: a PostgreSQL integer, and an integer every model API takes.
 */
export const SEED_MIN = 0;
export const SEED_MAX = 2 ** 31 - 1;
