import { isUuid } from '../../../shared/ids';
import type { StoredMimeType } from './image-format';

/** The image entity (001 §3) as the images context reads it, without its bytes. */
export type ImageStatus = 'processing' | 'completed' | 'failed';

export interface ImageRecord {
  id: string;
  userId: string;
  status: ImageStatus;
  isPublic: boolean;
  isHiddenByAdmin: boolean;
  generatedMimeType: StoredMimeType | null;
  originalMimeType: StoredMimeType | null;
  /** The files' object keys when their bytes are in the object store (ADR 0023); null: in the row. */
  originalKey: string | null;
  generatedKey: string | null;
  isSaved: boolean;
  savedAt: Date | null;
  expiresAt: Date | null;
}

/** The two files a row holds: the checked upload and the model's output. */
export type ImageFile = 'original' | 'generated';

export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** Anyone may see it: shared to the community (D14) and not hidden by an admin. */
export function isPubliclyVisible(image: Pick<ImageRecord, 'isPublic' | 'isHiddenByAdmin'>): boolean {
  return image.isPublic && !image.isHiddenByAdmin;
}

/**
 * Who may fetch a completed image's files: everyone when it is public, else its owner and admins.
 * Everyone else is told it does not exist (404), so a private image's existence is not revealed.
 */
export function canView(image: Pick<ImageRecord, 'userId' | 'status' | 'isPublic' | 'isHiddenByAdmin'>, viewer: Viewer | null): boolean {
  if (image.status !== 'completed') return false;
  if (isPubliclyVisible(image)) return true;
  if (!viewer) return false;
  return viewer.isAdmin || viewer.id === image.userId;
}

export function isOwner(image: Pick<ImageRecord, 'userId'>, viewer: Pick<Viewer, 'id'>): boolean {
  return image.userId === viewer.id;
}

/** A malformed id is answered like an unknown one (404). */
export function isImageId(value: unknown): value is string {
  return isUuid(value);
}
