import type { ImageFile } from './image';

/**
 * D31: every completed image (its original and its generated file) gets small WebP renditions,
 * made once; lists and cards load them through `srcset`, the full file only when it is opened or
 * downloaded. Plain TypeScript: which widths, how a rendition is named and described.
 */

/** The widths made when the source is wider (the 320 of a list card, 640 on a large card or a 2x list, 1280 on the result step). */
export const RENDITION_WIDTHS = [320, 640, 1280] as const;

/**
 * The widths to make for a source `sourceWidth` pixels wide: every standard width narrower than
 * the source, plus the source's own width when it is narrower than the largest (so a 1000-px
 * image has 320, 640 and 1000, and a 300-px one just 300). Never an upscale.
 */
export function renditionWidths(sourceWidth: number): number[] {
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1];
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < sourceWidth);
  if (sourceWidth > 0 && sourceWidth < largest) widths.push(Math.floor(sourceWidth));
  return widths;
}

/**
 * The width of the largest rendition of a source `sourceWidth` pixels wide (null: none to make):
 * the width a caller scales its decoded pixels to before handing them over for the renditions
 * (`IMAGES_API.renditionsFromPixels`).
 */
export function largestRenditionWidth(sourceWidth: number): number | null {
  const widths = renditionWidths(sourceWidth);
  return widths.length ? Math.max(...widths) : null;
}

/** What `image.renditions` records of one rendition: width, height, version (16 hex of its content hash). */
export interface StoredRendition {
  w: number;
  h: number;
  v: string;
}

export type StoredRenditions = Record<ImageFile, StoredRendition[]>;

/** A rendition as answers show it (the contract of issue 11). */
export interface RenditionView {
  url: string;
  width: number;
  height: number;
}

export interface RenditionViews {
  originalRenditions: RenditionView[];
  generatedRenditions: RenditionView[];
}

const VERSION = /^[0-9a-f]{16}$/;
const NAME = /^(original|generated)-([1-9][0-9]{0,4})-([0-9a-f]{16})\.webp$/;

/** The last path segment of a rendition's address: `{file}-{width}-{version}.webp`. */
export function renditionName(file: ImageFile, width: number, version: string): string {
  return `${file}-${width}-${version}.webp`;
}

/** A rendition's address names its content (the version), so it can be cached for good. */
export function renditionUrl(imageId: string, file: ImageFile, rendition: StoredRendition): string {
  return `/api/images/${imageId}/renditions/${renditionName(file, rendition.w, rendition.v)}`;
}

/** The name of a rendition address; null for anything else (answered 404). */
export function parseRenditionName(name: unknown): { file: ImageFile; width: number; version: string } | null {
  if (typeof name !== 'string') return null;
  const match = NAME.exec(name);
  if (!match) return null;
  return { file: match[1] as ImageFile, width: Number(match[2]), version: match[3] };
}

function storedList(value: unknown): StoredRendition[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (r): r is StoredRendition =>
        typeof r === 'object' &&
        r !== null &&
        Number.isInteger((r as StoredRendition).w) &&
        (r as StoredRendition).w > 0 &&
        Number.isInteger((r as StoredRendition).h) &&
        (r as StoredRendition).h > 0 &&
        typeof (r as StoredRendition).v === 'string' &&
        VERSION.test((r as StoredRendition).v),
    )
    .sort((a, b) => a.w - b.w);
}

/** The addresses of an image's renditions from its `renditions` column; none (the full file is used) when not made yet. */
export function renditionViews(imageId: string, stored: unknown): RenditionViews {
  const record = typeof stored === 'object' && stored !== null ? (stored as Partial<Record<ImageFile, unknown>>) : {};
  const views = (file: ImageFile) =>
    storedList(record[file]).map((r) => ({ url: renditionUrl(imageId, file, r), width: r.w, height: r.h }));
  return { originalRenditions: views('original'), generatedRenditions: views('generated') };
}
