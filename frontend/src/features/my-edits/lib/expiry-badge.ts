/** 001 §4 / §9: a saved image that is not a favorite shows a badge when 7 days or fewer remain. */
export const EXPIRY_BADGE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left before `expiresAt` (rounded down), never below 0; null for a missing or
 * invalid date.
 */
export function daysLeft(expiresAt: string, now: Date): number | null {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return null;
  return Math.max(0, Math.floor((expires - now.getTime()) / DAY_MS));
}

/**
 * The expiry badge of a saved image (001 §4 "Saved image"): 'Nd left' when 7 days or fewer
 * remain, 'Expires today' at 0 days; none for favorites, for more than 7 days, or for an
 * unreadable date.
 */
export function expiryBadge(expiresAt: string, isFavorite: boolean, now: Date): string | null {
  if (isFavorite) return null;
  const days = daysLeft(expiresAt, now);
  if (days === null || days > EXPIRY_BADGE_DAYS) return null;
  return days === 0 ? 'Expires today' : `${days}d left`;
}
