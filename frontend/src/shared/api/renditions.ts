import { z } from 'zod/mini';
import type { ApiSchema } from './contract';
import { fieldsOf, type SchemaOf } from './parse-response';

/**
 * D31: a small WebP rendition of an image (for example 320 or 640 px wide), made once per
 * completed image and served under an address keyed by its content. Lists and cards load these
 * through `srcset`; the full image only when opened or downloaded.
 */
export type Rendition = ApiSchema<'RenditionResponse'>;

const size = z.int().check(z.positive());

const renditionSchema = z.object(fieldsOf<Rendition>()({ url: z.string().check(z.minLength(1)), width: size, height: size }));

/**
 * A list of renditions in an answer; missing or unreadable reads as none, by width ascending (the
 * full image is drawn instead: renditions are made after the image, D31).
 */
export const renditionsSchema = z.catch(
  z.pipe(
    z.array(z.catch(z.nullable(renditionSchema), null)),
    z.transform((items) => items.filter((item): item is Rendition => item !== null).sort((a, b) => a.width - b.width)),
  ),
  [],
) satisfies SchemaOf<Rendition[]>;

/** `srcset` for the renditions ("u1 320w, u2 640w"); '' when there are none. */
export function renditionSrcSet(renditions: readonly Rendition[]): string {
  return renditions.map((r) => `${r.url} ${r.width}w`).join(', ');
}
