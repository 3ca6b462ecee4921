/**
 * D43: a 64-bit perceptual hash (the DCT "pHash", as the imagehash library makes it) of an image
 * already reduced to SIZE × SIZE grey levels: the 2-D DCT-II of the grid, its lowest 8 × 8
 * frequencies, one bit per coefficient set when it is above their median. Two pictures of the same
 * photo (resized, recompressed, slightly cropped) differ in a few bits; different photos in about
 * half. Plain arithmetic: the grey grid is made by an adapter (image-fingerprint.ts).
 */
export const SIZE = 32;
const LOW = 8;

/** cos((2x + 1) u π / 2N) for u < LOW, x < SIZE: the only rows of the DCT that are needed. */
const COS: Float64Array[] = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/** The hash of SIZE × SIZE grey levels (row by row, one byte each). */
export function perceptualHashOfGrey(grey: Uint8Array): bigint {
  if (grey.length !== SIZE * SIZE) throw new RangeError(`expected ${SIZE * SIZE} grey levels, got ${grey.length}`);
  // Rows first (SIZE × LOW), then columns of that (LOW × LOW): only the low frequencies are computed.
  const rows = new Float64Array(SIZE * LOW);
  for (let y = 0; y < SIZE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += grey[y * SIZE + x] * COS[u][x];
      rows[y * LOW + u] = sum;
    }
  }
  const low = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += rows[y * LOW + u] * COS[v][y];
      low[v * LOW + u] = sum;
    }
  }
  const sorted = Float64Array.from(low).sort();
  const median = (sorted[LOW * LOW / 2 - 1] + sorted[LOW * LOW / 2]) / 2;
  let hash = 0n;
  for (let i = 0; i < LOW * LOW; i++) hash = (hash << 1n) | (low[i] > median ? 1n : 0n);
  return hash;
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** As PostgreSQL's bigint holds it (two's complement), and back. */
export function toSigned64(hash: bigint): bigint {
  return BigInt.asIntN(64, hash);
}
export function fromSigned64(value: bigint | string): bigint {
  return BigInt.asUintN(64, BigInt(value));
}
