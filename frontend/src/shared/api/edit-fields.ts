import { z } from 'zod/mini';
import { renditionsSchema, type Rendition } from './renditions';

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

/** An edit as every answer about one describes it (000 §3 "Community image entry"). */
export interface EditFields {
  id: string;
  prompt: string;
  style: string;
  /** ISO date-time of creation; '' when the server sent none. */
  timestamp: string;
  laughCount: number;
  /** The generated image: /api/images/{id}. */
  imageUrl: string;
  /** The original image: /api/images/{id}/original. */
  originalUrl: string;
  /** D31: small WebP versions of the original, by width ascending; [] when none are made yet. */
  originalRenditions: Rendition[];
  /** D31: small WebP versions of the generated image, by width ascending; [] when none are made yet. */
  generatedRenditions: Rendition[];
}

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
