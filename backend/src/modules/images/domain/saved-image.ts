/**
 * D23: a saved image (My Edits) expires 60 days after it was saved; a favourite 365 days after it
 * was favourited, and unfavouriting puts it back on the 60 days from saving (a date already passed
 * means the next purge removes it).
 */
export const SAVED_IMAGE_RETENTION_DAYS = 60;
export const FAVORITE_RETENTION_DAYS = 365;
/** 001 §9: the expiry badge shows from this many days before the end (the client draws it). */
export const EXPIRY_BADGE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** D23 */
export function savedImageExpiry(savedAt: Date): Date {
  return new Date(savedAt.getTime() + SAVED_IMAGE_RETENTION_DAYS * DAY_MS);
}

/** D23 */
export function favoriteExpiry(favoritedAt: Date): Date {
  return new Date(favoritedAt.getTime() + FAVORITE_RETENTION_DAYS * DAY_MS);
}

/** D23: the expiry a saved image has after its favourite flag is set to `isFavorite` at `now`. */
export function expiryAfterFavorite(isFavorite: boolean, savedAt: Date, now: Date): Date {
  return isFavorite ? favoriteExpiry(now) : savedImageExpiry(savedAt);
}
