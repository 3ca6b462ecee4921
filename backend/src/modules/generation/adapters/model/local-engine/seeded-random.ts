/**
 * A small deterministic PRNG (mulberry32): the same seed gives the same sequence in [0, 1), so the
 * same generation seed draws the same picture (issue 15). The renderer's overlays and the drawn
 * background scenes (ADR 0024) both take their randomness from it.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
