/**
 * The moderation form takes an image id or a pasted image address (e.g.
 * https://host/api/images/{uuid}/renditions/generated-640-….webp); image ids are UUIDs.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The first UUID in the text, lower-cased; null when there is none. */
export function extractImageId(input: string): string | null {
  const match = UUID.exec(input.trim());
  return match ? match[0].toLowerCase() : null;
}

/** A user id (a UUID) found in the text, as the transactions filter takes it (pasted from a row or a URL). */
export const extractUserId = extractImageId;
