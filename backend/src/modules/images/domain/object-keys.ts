import type { ImageFile } from './image';
import { extensionFor, type StoredMimeType } from './image-format';

/**
 * Object keys in the image store (ADR 0023). Every object of an image is under one prefix, so its
 * deletion needs nothing but the image id (its rows are gone by then), and a key names its
 * content: a full file never changes once stored, a rendition's key carries its version.
 */
export function imagePrefix(imageId: string): string {
  return `images/${imageId}/`;
}

/** `images/{id}/original.jpg`, `images/{id}/generated.png`. */
export function fileKey(imageId: string, file: ImageFile, mimeType: StoredMimeType): string {
  return `${imagePrefix(imageId)}${file}.${extensionFor(mimeType)}`;
}

/** `images/{id}/renditions/generated-640-{version}.webp` (D31). */
export function renditionKey(imageId: string, file: ImageFile, width: number, version: string): string {
  return `${imagePrefix(imageId)}renditions/${file}-${width}-${version}.webp`;
}
