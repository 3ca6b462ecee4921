import { canView, isOwner, type ImageStatus, type Viewer } from './image';
import type { StoredMimeType } from './image-format';
import type { RenditionView, RenditionViews } from './rendition';

/**
 * Issue 15: an edit's public share page (/share/{id}). Anyone may open a public, completed image
 * that no admin has hid (D14); the owner and admins also see a private or hidden one (the same
 * rule as the image files, `canView`); everyone else gets the 404 of an unknown id.
 */

/** Who can open the share page: everyone, only the owner (D14 switch off), or only the owner because an admin hid it. */
export type ShareVisibility = 'public' | 'private' | 'hidden';

/** The columns the share page is made from. */
export interface ShareableImage {
  id: string;
  userId: string;
  status: ImageStatus;
  isPublic: boolean;
  isHiddenByAdmin: boolean;
  prompt: string;
  style: string;
  timestamp: Date;
  laughCount: number;
  generatedMimeType: StoredMimeType | null;
  renditions: RenditionViews;
  /** The model that made it (D42: its content credentials' software agent). */
  model: string | null;
}

/** GET /api/images/{id}/share. */
export interface SharedEdit {
  id: string;
  prompt: string;
  style: string;
  timestamp: string;
  laughCount: number;
  imageUrl: string;
  originalUrl: string;
  originalRenditions: RenditionView[];
  generatedRenditions: RenditionView[];
  visibility: ShareVisibility;
  /** The viewer made it (so may make it public, and sees the private notice). */
  isOwner: boolean;
  /** D42: the model that made the edit, as the file's content credentials name it. */
  model: string | null;
}

/** A link preview's picture: a path on this site and what it is. */
export interface SharePicture {
  path: string;
  type: string;
  width?: number;
  height?: number;
}

export function visibilityOf(image: Pick<ShareableImage, 'isPublic' | 'isHiddenByAdmin'>): ShareVisibility {
  if (image.isHiddenByAdmin) return 'hidden';
  return image.isPublic ? 'public' : 'private';
}

/** The share page's data for this viewer; null when the viewer may not see it (answered like an unknown id). */
export function sharedEditFor(image: ShareableImage, viewer: Viewer | null): SharedEdit | null {
  if (!canView(image, viewer)) return null;
  const imageUrl = `/api/images/${image.id}`;
  return {
    id: image.id,
    prompt: image.prompt,
    style: image.style,
    timestamp: image.timestamp.toISOString(),
    laughCount: Math.max(0, Number(image.laughCount)),
    imageUrl,
    originalUrl: `${imageUrl}/original`,
    originalRenditions: image.renditions.originalRenditions,
    generatedRenditions: image.renditions.generatedRenditions,
    visibility: visibilityOf(image),
    isOwner: viewer !== null && isOwner(image, viewer),
    model: image.model,
  };
}

/**
 * The picture a link preview shows: the largest rendition of the generated image (D31: 1280 px
 * wide at most, close to the 1200 px previews are drawn at, and a fraction of the full file's
 * bytes), else the generated file itself. Renditions of a watermarked image are watermarked.
 */
export function sharePicture(image: Pick<ShareableImage, 'id' | 'generatedMimeType' | 'renditions'>): SharePicture | null {
  const renditions = image.renditions.generatedRenditions;
  const largest = renditions.reduce<RenditionView | null>((best, r) => (!best || r.width > best.width ? r : best), null);
  if (largest) return { path: largest.url, type: 'image/webp', width: largest.width, height: largest.height };
  if (!image.generatedMimeType) return null;
  return { path: `/api/images/${image.id}`, type: image.generatedMimeType };
}
