import type { ImageStatus } from './domain/image';
import type { StoredMimeType } from './domain/image-format';
import type { RenditionViews } from './domain/rendition';
import type { SharePicture } from './domain/shared-edit';
import type { Page, PageRequest } from '../../shared/pagination';
import type { ImageFingerprint } from '../../shared/fingerprint/image-fingerprint';

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
  /** The checked upload; ignored when `originalCopiedFrom` is given. */
  originalBytes: Buffer;
  /** An upload is JPEG or PNG; a chain step's original (D38) is its parent's output, which may be WebP. */
  originalMimeType: StoredMimeType;
  prompt: string;
  style: string;
  isPublic: boolean;
  /** Issue 15: the generation's seed (drawn by generation), kept on the row; null/absent: none recorded. */
  seed?: number | null;
  /**
   * Makes the original's WebP renditions from pixels the caller already decoded
   * (`renditionsFromPixels`, e.g. from the upload check's own decode); called once the row is
   * written. Resolving to null or failing, they are made from `originalBytes`, as when left out.
   */
  makeOriginalRenditions?: () => Promise<GeneratedRenditions | null>;
  /**
   * D38: the original is this image's generated file (a chain step's, as its owner saw it),
   * copied inside the store (a row-to-row copy in PostgreSQL, an object copy in S3) rather than
   * sent again; `originalBytes` and `originalMimeType` are then not used.
   */
  originalCopiedFrom?: string;
  /** D38: the image it is edited from (`sourceImageId`); absent for an upload. */
  parentImageId?: string | null;
  /** D38: the chain's first image; absent: the image is its own root (an upload). */
  rootImageId?: string | null;
  /** D39: shared by the variants one request makes; absent for a single result. */
  variantGroupId?: string | null;
  /**
   * D43: the upload's fingerprint (its bytes' SHA-256 and its pixels' perceptual hash), kept so a
   * takedown finds the site's copies. A chain step's original (a copy of its parent's served
   * file) takes its parent's.
   */
  originalFingerprint?: ImageFingerprint | null;
}

/** The model's output as it is stored. */
export interface GeneratedImage {
  bytes: Buffer;
  mimeType: StoredMimeType;
  model: string;
  isWatermarked: boolean;
  /**
   * The generated file's WebP renditions when the caller makes them itself, from the output's own
   * pixels while the full file is encoded (`renditionsFromPixels`); resolves to null when they
   * could not be made (the backfill makes them later). Left out, they are made from `bytes`.
   */
  renditions?: Promise<GeneratedRenditions | null>;
  /**
   * D38: the same output without the watermark, kept privately (never served) for the next step
   * of the chain; only when `isWatermarked` (otherwise the stored file is the master).
   */
  master?: ImageBytes;
  /** D43: the served file's fingerprint (the SHA-256 of `bytes` as stored), for takedowns. */
  fingerprint?: ImageFingerprint | null;
  /** D42: `bytes` (and the renditions given) carry signed content credentials. */
  hasContentCredentials?: boolean;
}

/** D43: an image a takedown removed (the reported one or a copy of it). */
export interface TakenDownImage {
  id: string;
  userId: string;
  prompt: string;
}

/** D43: a public image someone may report: completed, public, not hidden (what its share page shows). */
export interface ReportableImage {
  id: string;
  ownerId: string;
  prompt: string;
}

/**
 * D38: what the next step of a chain is made from: the caller's own completed image. Its served
 * file (watermarked when its credit was, D2) becomes the new image's original, copied inside the
 * store (`NewProcessingImage.originalCopiedFrom`); `master` is what the model gets: the
 * watermark-free output (the served file itself when it has no watermark).
 */
export type ChainSource =
  | { status: 'completed'; id: string; rootImageId: string; originalFilename: string | null; servedMimeType: StoredMimeType; master: ImageBytes }
  | { status: 'processing' | 'failed'; id: string };

/** Raw pixels as sharp describes them. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Renditions made by `renditionsFromPixels`. The caller passes them back as they are, or with their
 * bytes signed (D42: content credentials); their versions are made from the bytes given.
 */
export interface GeneratedRenditions {
  readonly made: ReadonlyArray<{ width: number; height: number; version: string; bytes: Buffer }>;
}

/** A completed image's renditions, as answers show them (D31). */
export type CompletedImage = RenditionViews;

/**
 * Completed images, from the summary the image trigger keeps (issue 29: never a count of the table
 * per request). Exact: the summary changes in the same transaction as the rows.
 */
export interface ImageCounts {
  /** status = 'completed'. */
  completed: number;
  /** Completed images whose time is today (UTC). */
  completedToday: number;
}

/** An image an admin has hidden (D14), for the moderation list. */
export interface HiddenImage {
  id: string;
  userId: string;
  prompt: string;
  createdAt: Date;
}

/** One of a user's images as the data export lists it (D35), without bytes. */
export interface OwnedImage {
  id: string;
  createdAt: Date;
  prompt: string;
  style: string;
  status: ImageStatus;
  /** The owner's D14 choice. */
  isPublic: boolean;
  isHiddenByAdmin: boolean;
  isWatermarked: boolean;
  /** In My Edits (D7, D23). */
  isSaved: boolean;
  savedAt: Date | null;
  isFavorite: boolean;
  favoritedAt: Date | null;
  /** When it leaves My Edits (D23). */
  expiresAt: Date | null;
  laughCount: number;
  /** The name of the uploaded file. */
  originalFilename: string | null;
  /** The stored formats; null when that file is not stored (failed, or not generated yet). */
  generatedMimeType: StoredMimeType | null;
  originalMimeType: StoredMimeType | null;
}

/** One stored file of an image. */
export interface ImageBytes {
  bytes: Buffer;
  mimeType: StoredMimeType;
}

/** Issue 15: what a link preview of a public edit shows (the share page's HTML, written by the server). */
export interface SharePreview {
  prompt: string;
  /** A path on this site: the largest generated rendition (D31), else the generated file. */
  image: SharePicture;
}

export interface ImagesApi {
  /**
   * D38: one of the user's own images to edit further; null when it is not theirs, deleted,
   * unknown or malformed (answered 404 like a missing image), or when a completed image's files
   * cannot be read. A processing or failed image comes back with only its status.
   */
  chainSource(userId: string, imageId: string): Promise<ChainSource | null>;
  /**
   * D38: the WebP renditions of an image's generated file as stored, to be another image's
   * original's (a chain step's original is its parent's served file: the same pixels, so the same
   * renditions, without a decode); null when it has none (or one cannot be read).
   */
  generatedRenditionsOf(imageId: string): Promise<GeneratedRenditions | null>;
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
  /**
   * D35: the user's images (every status), in id order after `afterId`, `limit` (1-500) at a time,
   * without bytes.
   */
  ownedImages(userId: string, afterId: string | null, limit: number): Promise<OwnedImage[]>;
  /**
   * D35: one file of the user's own image, as GET /api/images/{id} (and /original) serve it; null
   * when it is not theirs, or that file is not stored. Reads one image's bytes.
   */
  ownedFile(userId: string, imageId: string, file: 'generated' | 'original'): Promise<ImageBytes | null>;
  /**
   * D35: deletes every image of the user with its bytes, renditions and laughs, a bounded batch
   * per transaction (the community feed follows through the image trigger). Safe to repeat and to
   * run twice at once. Answers how many it deleted.
   */
  deleteAllOf(userId: string): Promise<number>;
  /**
   * Issue 15: the preview of a public, completed edit that no admin hid, for the HTML of its share
   * page; null for any other id (private, hidden, failed, unknown, malformed), so nothing leaks.
   */
  sharePreview(imageId: string): Promise<SharePreview | null>;
  /**
   * D31 from pixels the caller already decoded (a generation's output while its file is encoded,
   * or the upload check's decode of the original), scaled to `largestRenditionWidth(sourceWidth)`
   * (the file as stored, orientation applied, is `sourceWidth` wide) with everything the stored
   * file carries (a watermark, D2) drawn: its WebP renditions, for `GeneratedImage.renditions` or
   * `NewProcessingImage.makeOriginalRenditions`. Encodes only; stores nothing.
   */
  renditionsFromPixels(pixels: RawPixels, sourceWidth: number): Promise<GeneratedRenditions>;
  /**
   * D43: the image as a report sees it, when its share page would show it (completed, public,
   * not hidden); null otherwise (a malformed id included), so a report learns nothing more.
   */
  reportable(imageId: string): Promise<ReportableImage | null>;
  /**
   * D43: the fingerprints of an image's stored files (original and generated), those not yet
   * recorded (files stored before issue 28) made from the bytes and recorded; null when there is
   * no such image.
   */
  fingerprintsOf(imageId: string): Promise<ImageFingerprint[] | null>;
  /**
   * D43: deletes, with every file (PostgreSQL or object store, renditions and master included),
   * each image whose original or generated file has one of these SHA-256 hashes or a perceptual
   * hash within `maxDistance` bits of one of theirs. Answers what it deleted.
   */
  deleteMatching(fingerprints: readonly ImageFingerprint[], maxDistance: number): Promise<TakenDownImage[]>;
}

export const IMAGES_API = Symbol('IMAGES_API');

/** The maintenance commands' summaries (backend/src/cli, `openImageCommands`). */
export interface BackfillSummary {
  made: number;
  skipped: number;
  seconds: number;
}

/** D42: what the provenance backfill did. */
export interface ProvenanceSummary {
  /** Generated files signed (their renditions made again and signed). */
  signed: number;
  /** Files that already carried credentials (signed before the column said so): marked only. */
  marked: number;
  /** Images another run or a change got to first, or whose file could not be read. */
  skipped: number;
  seconds: number;
}

export interface MoveSummary {
  /** Images that had bytes in their rows when looked at. */
  images: number;
  /** Full files (originals and generated files) now in the object store. */
  files: number;
  renditions: number;
  /** Files whose row changed meanwhile (moved by another run, failed or deleted): left as they were. */
  skipped: number;
  seconds: number;
}

/**
 * The images context's maintenance commands (`npm run renditions:backfill`, `images:move-to-s3`),
 * on a database connection of their own and the configured image store: `openImageCommands` in
 * images.module.ts wires them, as the module wires the app.
 */
export interface ImageCommands {
  /** Connects; call before a command. */
  open(): Promise<void>;
  /** D31: every completed image without renditions gets them (ADR 0017). */
  backfillRenditions(log?: (line: string) => void): Promise<BackfillSummary>;
  /** D42: every completed image's generated file (and its renditions) gets content credentials (ADR 0031). */
  backfillProvenance(log?: (line: string) => void): Promise<ProvenanceSummary>;
  /** ADR 0023: image bytes move from PostgreSQL rows to the object store. */
  moveToObjectStore(log?: (line: string) => void, batch?: number): Promise<MoveSummary>;
  /** Disconnects, whatever happened. */
  close(): Promise<void>;
}
