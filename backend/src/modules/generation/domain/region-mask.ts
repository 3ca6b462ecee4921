/**
 * D40: the rules of a region mask (000 §7 "optional mask file"), plain TypeScript.
 * White (≥ 128) marks the area to change; the output takes the model's pixels only there, with an
 * edge feathered by at most MASK_MAX_FEATHER of the photo's short side.
 */
export const MASK_MIN_SHARE = 0.005;
export const MASK_MAX_SHARE = 0.995;
/** How far outside the painted area the model's pixels may show (a share of the short side). */
export const MASK_MAX_FEATHER = 0.02;
/** The aspect ratios of the mask and the photo may differ by this much (rounding of a scaled canvas). */
export const MASK_ASPECT_TOLERANCE = 0.01;

/**
 * The feather's Gaussian sigma in pixels: libvips cuts its kernel where it falls under 0.2 of its
 * peak (sharp's default minAmplitude), about 1.8 σ from the centre, so σ = 0.6% of the short side
 * reaches about 1.1% past the painted edge, inside D40's 2%. Under 0.3 (sharp's least), no
 * feather: the edge is hard.
 */
export function featherSigma(width: number, height: number): number {
  const sigma = Math.min(width, height) * 0.006;
  return sigma >= 0.3 ? sigma : 0;
}

export function sameAspect(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  const ra = a.width / a.height;
  const rb = b.width / b.height;
  return Math.abs(ra - rb) / rb <= MASK_ASPECT_TOLERANCE;
}

export type MaskShareProblem = 'too_small' | 'too_large' | null;

export function maskShareProblem(share: number): MaskShareProblem {
  if (share < MASK_MIN_SHARE) return 'too_small';
  if (share > MASK_MAX_SHARE) return 'too_large';
  return null;
}

export const MASK_MESSAGES = {
  not_png: 'The mask must be a PNG image (white marks the area to change).',
  size: "The mask must have the photo's size.",
  too_small: 'The painted area is too small: paint at least 0.5% of the photo, or send no mask to change the whole photo.',
  too_large: 'The painted area covers the whole photo: leave some of it unpainted, or send no mask to change the whole photo.',
  unreadable: 'The mask could not be read. Please paint it again.',
} as const;
