import { z } from 'zod/mini';
import type { ApiSchema } from './contract';
import { renditionsSchema } from './renditions';

/**
 * The fields every answer about an edit shares (000 §2 "Image links", 000 §3, 000 §4), read alike
 * by the community feed, My Edits and an edit's share page: a missing text reads as '', a missing image
 * address is derived from the id, a missing or broken laugh count reads as 0.
 */

/** /api/images/{id}, or one of its files (`/original`). */
export function imagePath(id: string, suffix = ''): string {
  return `/api/images/${encodeURIComponent(id)}${suffix}`;
}

/** A text the page can do without: missing or not a string reads as ''. */
const text = z.catch(z.string(), '');

/** An image address; missing or empty means "derive it from the id" (`imagePath`). */
export const address = z.catch(z.optional(z.string().check(z.minLength(1))), undefined);

/** The laugh count: a missing or broken one reads as 0 (000 §4), a whole number never below 0. */
const laughCount = z.catch(
  z.pipe(
    z.number(),
    z.transform((count) => Math.max(0, Math.trunc(count))),
  ),
  0,
);

/** The fields every answer about an edit has: the feed's entries, My Edits' images, a share page. */
type EditFieldName = 'id' | 'prompt' | 'style' | 'timestamp' | 'laughCount' | 'imageUrl' | 'originalUrl' | 'originalRenditions' | 'generatedRenditions';

/**
 * An edit as every answer about one describes it (000 §3 "Community image entry"): those fields of
 * the server's answers, which have them alike (checked below). `timestamp` is '' when the server
 * sent none; renditions are by width ascending, [] when none are made yet (D31).
 */
export type EditFields = Pick<ApiSchema<'CommunityEntryResponse'>, EditFieldName>;

// The other answers about an edit carry the same fields with the same types.
type Check<T extends true> = T;
type SameFields<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type EditFieldsAlike = Check<
  SameFields<EditFields, Pick<ApiSchema<'SavedImageResponse'>, EditFieldName>> & SameFields<EditFields, Pick<ApiSchema<'SharedEditResponse'>, EditFieldName>>
>;

/**
 * The zod shape of those fields, but the id (each answer has its own rule for it): spread into
 * an answer's `z.object`, then read with `toEditFields`.
 */
export const editFieldsShape = {
  prompt: text,
  style: text,
  timestamp: text,
  laughCount,
  imageUrl: address,
  originalUrl: address,
  originalRenditions: renditionsSchema,
  generatedRenditions: renditionsSchema,
};

type ReadEditFields = Omit<EditFields, 'imageUrl' | 'originalUrl'> & { imageUrl?: string | undefined; originalUrl?: string | undefined };

/** The edit's fields as read, with a missing image address derived from the id (000 §2 "Image links"). */
export function toEditFields(raw: ReadEditFields): EditFields {
  const { id } = raw;
  return {
    id,
    prompt: raw.prompt,
    style: raw.style,
    timestamp: raw.timestamp,
    laughCount: raw.laughCount,
    imageUrl: raw.imageUrl ?? imagePath(id),
    originalUrl: raw.originalUrl ?? imagePath(id, '/original'),
    originalRenditions: raw.originalRenditions,
    generatedRenditions: raw.generatedRenditions,
  };
}
