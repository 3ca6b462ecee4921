import type { OriginalMimeType, StoredMimeType } from './domain/image-format';
import type { RenditionViews } from './domain/rendition';
import type { Page, PageRequest } from '../../shared/pagination';

/**
 * IMAGES_API: the images context's synchronous surface for other contexts (ARCHITECTURE rule 2).
 * Generation drives an image's lifecycle through it (processing → completed | failed, D4);
 * administration hides images and reads the counts. The `image` table is this context's own.
 */

/** A new row in `processing` holding the checked original (D12). */
export interface NewProcessingImage {
  id: string;
  userId: string;
  originalFilename: string;
  originalBytes: Buffer;
  originalMimeType: OriginalMimeType;
  prompt: string;
  style: string;
  isPublic: boolean;
}

/** The model's output as it is stored. */
export interface GeneratedImage {
  bytes: Buffer;
  mimeType: StoredMimeType;
  model: string;
  isWatermarked: boolean;
}

/** A completed image's renditions, as answers show them (D31). */
export type CompletedImage = RenditionViews;

/** Row counts of the `image` table, each by its own column (no status implied unless named). */
export interface ImageCounts {
  /** Every row, whatever its status. */
  total: number;
  /** status = 'completed'. */
  completed: number;
  /** is_public (the owner's D14 choice), whatever the status or an admin's hiding. */
  public: number;
  /** is_hidden_by_admin. */
  hiddenByAdmin: number;
  /** Completed images created since midnight UTC today. */
  completedToday: number;
}

/** An image an admin has hidden (D14), for the moderation list. */
export interface HiddenImage {
  id: string;
  userId: string;
  prompt: string;
  createdAt: Date;
}

export interface ImagesApi {
  /** A new row in `processing` with the checked original (D12). */
  createProcessing(image: NewProcessingImage): Promise<void>;
  /** A generation that never got its credit (402): the row goes, with its bytes. Only while processing. */
  deleteUnpaid(id: string): Promise<void>;
  /**
   * processing → completed with the output and its WebP renditions (D31; none when they could not
   * be made yet: the backfill makes them later). null when the row is no longer processing
   * (recovered as failed).
   */
  completeWith(id: string, output: GeneratedImage): Promise<CompletedImage | null>;
  /** → failed, and its bytes are dropped (a failed generation keeps nothing the user sent). */
  markFailed(id: string): Promise<void>;
  /** D4 recovery: rows in `processing` older than this become `failed` without bytes; their ids. */
  failStuckProcessing(olderThanMinutes: number): Promise<string[]>;
  /**
   * These images, those still `processing`, become `failed` without bytes, in one conditional
   * statement; the ids it failed. Completed and failed rows, unknown and malformed ids are left out.
   */
  failProcessing(ids: readonly string[]): Promise<string[]>;
  /** An admin hides (true) or shows again (false) an image. false when no such image (or a malformed id). */
  setHiddenByAdmin(imageId: string, hidden: boolean): Promise<boolean>;
  /** The admin dashboard's image counts. */
  counts(): Promise<ImageCounts>;
  /** Completed images per UTC day (YYYY-MM-DD) for the last `days` days, the oldest first, 0 on days without any. */
  completedPerDay(days: number): Promise<Array<{ date: string; count: number }>>;
  /** Images hidden by an admin, newest first. */
  hiddenByAdmin(page?: PageRequest): Promise<Page<HiddenImage>>;
}

export const IMAGES_API = Symbol('IMAGES_API');
