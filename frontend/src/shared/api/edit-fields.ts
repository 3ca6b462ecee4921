import { z } from 'zod/mini';

/**
 * The fields every answer about an edit shares (000 §2 "Image links", 000 §3, 000 §4), read alike
 * by the community feed and an edit's share page: a missing text reads as '', a missing image
 * address is derived from the id, a missing or broken laugh count reads as 0.
 */

/** /api/images/{id}, or one of its files (`/original`). */
export function imagePath(id: string, suffix = ''): string {
  return `/api/images/${encodeURIComponent(id)}${suffix}`;
}

/** A text the page can do without: missing or not a string reads as ''. */
export const text = z.catch(z.string(), '');

/** An image address; missing or empty means "derive it from the id" (`imagePath`). */
export const address = z.catch(z.optional(z.string().check(z.minLength(1))), undefined);

/** The laugh count: a missing or broken one reads as 0 (000 §4), a whole number never below 0. */
export const laughCount = z.catch(
  z.pipe(
    z.number(),
    z.transform((count) => Math.max(0, Math.trunc(count))),
  ),
  0,
);
