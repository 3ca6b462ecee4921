/** D23: a saved image (My Edits) expires 60 days after it was saved. */
export const SAVED_IMAGE_RETENTION_DAYS = 60;

/** D23 */
export function savedImageExpiry(savedAt: Date): Date {
  return new Date(savedAt.getTime() + SAVED_IMAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
