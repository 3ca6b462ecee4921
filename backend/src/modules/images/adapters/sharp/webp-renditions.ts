import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { renditionWidths } from '../../domain/rendition';
import type { RawPixels } from '../../images.api';

/** One WebP rendition as made: its size, its version (16 hex of the SHA-256 of its bytes) and its bytes. */

/** A rendition's version: 16 hex of its content's SHA-256 (its address changes when its bytes do). */
export function renditionVersion(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

export interface MadeRendition {
  width: number;
  height: number;
  version: string;
  bytes: Buffer;
}

/** Stored images were checked on the way in (D12, at most 40 MP); this only guards against a broken row. */
const MAX_INPUT_PIXELS = 100_000_000;
/**
 * Small files that still look right on a card (`npm run bench -- page-weight`). Effort 2 encodes a
 * 1280-px rendition in ~33 ms instead of ~82 ms at the default 4, for files ~4% larger: it sits on
 * the generation's path (`npm run bench -- generate`).
 */
const WEBP = { quality: 72, effort: 2 } as const;

/**
 * D31: the WebP renditions of one stored image (its orientation was applied and its metadata
 * stripped when it was stored, so none is carried over). The source is decoded once, scaled to
 * the largest width (JPEG shrink-on-load does most of that), and every width is encoded from
 * those pixels. A watermark in the source is in every rendition.
 */
export async function makeWebpRenditions(source: Buffer): Promise<MadeRendition[]> {
  const meta = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const widths = renditionWidths(meta.width ?? 0);
  if (widths.length === 0) throw new Error('The image has no width');
  const largest = Math.max(...widths);
  const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeWebpRenditions(data, { width: info.width, height: info.height, channels: info.channels }, widths);
}

/**
 * D31: the same renditions from pixels the caller already has: a source `sourceWidth` pixels wide
 * (as stored, orientation applied) scaled to `largestRenditionWidth(sourceWidth)` wide, with
 * whatever the stored file carries (a watermark) already drawn. Lets the generated file's
 * renditions be made while its full file is still being encoded (ADR 0022, "Not done").
 */
export async function makeWebpRenditionsFromPixels(pixels: RawPixels, sourceWidth: number): Promise<MadeRendition[]> {
  const widths = renditionWidths(sourceWidth);
  if (widths.length === 0) throw new Error('The image has no width');
  if (pixels.width !== Math.max(...widths)) throw new Error(`Rendition pixels are ${pixels.width} px wide, expected ${Math.max(...widths)}`);
  return encodeWebpRenditions(pixels.data, { width: pixels.width, height: pixels.height, channels: pixels.channels }, widths);
}

async function encodeWebpRenditions(
  data: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  widths: number[],
): Promise<MadeRendition[]> {
  // Encoded side by side (libuv's pool runs them on every core).
  return Promise.all(
    widths.map(async (width) => {
      const encoded = await sharp(data, { raw }).resize({ width }).webp(WEBP).toBuffer({ resolveWithObject: true });
      return {
        width: encoded.info.width,
        height: encoded.info.height,
        version: renditionVersion(encoded.data),
        bytes: encoded.data,
      };
    }),
  );
}
