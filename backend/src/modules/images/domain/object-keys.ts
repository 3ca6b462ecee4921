import { isPubliclyVisible, type ImageFile, type ImageRecord } from './image';
import { extensionFor, type StoredMimeType } from './image-format';

/**
 * Object keys in the image store (ADR 0023, issue 24). An image's objects are under one of two
 * prefixes: `public/images/{id}/` while anyone may see it (completed, public per D14, not hidden),
 * `private/images/{id}/` otherwise (private, hidden, processing, failed). A bucket policy or CDN
 * publishes `public/*` only, so an image that is not publicly visible cannot be read from the
 * public base even by someone who knows its id. Objects stored before issue 24 are under the
 * legacy `images/{id}/`, which counts as not public. A key names its content: a full file never
 * changes once stored, a rendition's key carries its version; deleting an image's objects needs
 * nothing but its id (every prefix it may have).
 */
export type ObjectScope = 'public' | 'private';
export const OBJECT_SCOPES: readonly ObjectScope[] = ['public', 'private'];

/** The scope an image's objects belong in now: public only while it is completed and publicly visible. */
export function objectScopeOf(image: Pick<ImageRecord, 'status' | 'isPublic' | 'isHiddenByAdmin'>): ObjectScope {
  return image.status === 'completed' && isPubliclyVisible(image) ? 'public' : 'private';
}

/** `public/images/{id}/` or `private/images/{id}/`. */
export function imagePrefix(imageId: string, scope: ObjectScope): string {
  return `${scope}/images/${imageId}/`;
}

/** Where objects were put before issue 24. */
export function legacyImagePrefix(imageId: string): string {
  return `images/${imageId}/`;
}

/**
 * D38: where a watermarked step's watermark-free master is kept, `private/masters/{id}/`: never
 * served and never moved with the image's public/private objects (a move of issue 24 copies and
 * cleans only under `{scope}/images/{id}/`).
 */
export function masterPrefix(imageId: string): string {
  return `private/masters/${imageId}/`;
}

/** `private/masters/{id}/master.png`. */
export function masterKey(imageId: string, mimeType: StoredMimeType): string {
  return `${masterPrefix(imageId)}master.${extensionFor(mimeType)}`;
}

/** Every prefix an object of the image may be under (deletion removes them all). */
export function everyImagePrefix(imageId: string): string[] {
  return [imagePrefix(imageId, 'public'), imagePrefix(imageId, 'private'), legacyImagePrefix(imageId), masterPrefix(imageId)];
}

/** The prefixes of the image's public/private objects other than `scope`'s: where none of them should stay. */
export function otherImagePrefixes(imageId: string, scope: ObjectScope): string[] {
  return [imagePrefix(imageId, 'public'), imagePrefix(imageId, 'private'), legacyImagePrefix(imageId)].filter((p) => p !== imagePrefix(imageId, scope));
}

/** `private/images/{id}/original.jpg`, `public/images/{id}/generated.png`. */
export function fileKey(imageId: string, scope: ObjectScope, file: ImageFile, mimeType: StoredMimeType): string {
  return `${imagePrefix(imageId, scope)}${file}.${extensionFor(mimeType)}`;
}

/** `public/images/{id}/renditions/generated-640-{version}.webp` (D31). */
export function renditionKey(imageId: string, scope: ObjectScope, file: ImageFile, width: number, version: string): string {
  return `${imagePrefix(imageId, scope)}renditions/${file}-${width}-${version}.webp`;
}

/** The scope a key is under; null for a legacy `images/…` key (which is not public). */
export function scopeOfKey(key: string): ObjectScope | null {
  if (key.startsWith('public/')) return 'public';
  if (key.startsWith('private/')) return 'private';
  return null;
}

/** The same object's key under `scope` (a legacy key gains the prefix). */
export function keyInScope(key: string, scope: ObjectScope): string {
  const current = scopeOfKey(key);
  return `${scope}/${current ? key.slice(current.length + 1) : key}`;
}
