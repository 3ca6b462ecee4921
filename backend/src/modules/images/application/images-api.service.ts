import { fingerprintOfFile, type ImageFingerprint } from '../../../shared/fingerprint/image-fingerprint';
import { Injectable } from '@nestjs/common';
import { makeGeneratedRenditions } from '../adapters/sharp/generated-renditions';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { renditionViews } from '../domain/rendition';
import { ValidationError } from '../../../shared/errors/domain-error';
import { type Page, pageRequest, type PageRequest } from '../../../shared/pagination';
import { isImageId } from '../domain/image';
import { ImageNotFoundError } from '../domain/images-errors';
import { fileKey } from '../domain/object-keys';
import type {
  ChainSource,
  CompletedImage,
  GeneratedImage,
  GeneratedRenditions,
  HiddenImage,
  ImageBytes,
  ImageCounts,
  ImagesApi,
  NewProcessingImage,
  OwnedImage,
  RawPixels,
  ReportableImage,
  SharePreview,
  TakenDownImage,
} from '../images.api';
import { ImageObjectMovesService } from './image-object-moves.service';
import { ImageRenditionsService } from './image-renditions.service';
import { ImageStorageService } from './image-storage.service';
import { SharedEditService } from './shared-edit.service';

/** The most images ownedImages answers at a time. */
const MAX_OWNED_PAGE = 500;
/** Images (with their bytes) deleted per transaction when an account goes (D35). */
const DELETE_BATCH = 50;

/**
 * IMAGES_API (images.api.ts): the lifecycle generation drives and the reads administration uses.
 * Each call is one repository statement or transaction; completion also writes the renditions
 * (D31), whose original half was started when the row was created.
 */
@Injectable()
export class ImagesApiService implements ImagesApi {
  constructor(
    private readonly images: TypeormImageRepository,
    private readonly renditions: ImageRenditionsService,
    private readonly storage: ImageStorageService,
    private readonly sharedEdits: SharedEditService,
    private readonly moves: ImageObjectMovesService,
  ) {}

  sharePreview(imageId: string): Promise<SharePreview | null> {
    return this.sharedEdits.preview(imageId);
  }

  renditionsFromPixels(pixels: RawPixels, sourceWidth: number): Promise<GeneratedRenditions> {
    return makeGeneratedRenditions(pixels, sourceWidth);
  }

  reportable(imageId: string): Promise<ReportableImage | null> {
    return this.images.findReportable(imageId);
  }

  async fingerprintsOf(imageId: string): Promise<ImageFingerprint[] | null> {
    const files = await this.images.findFingerprints(imageId);
    if (!files) return null;
    const found: ImageFingerprint[] = [];
    for (const { file, stored, fingerprint } of files) {
      if (fingerprint) {
        found.push(fingerprint);
        continue;
      }
      if (!stored) continue;
      // A file stored before issue 28: hashed now from its bytes, and recorded.
      const place = await this.images.findFile(imageId, file);
      const bytes = place ? await this.storage.read(place) : null;
      if (!bytes) continue;
      const made = await fingerprintOfFile(bytes);
      await this.images.storeFingerprint(imageId, file, made);
      found.push(made);
    }
    return found;
  }

  async deleteMatching(fingerprints: readonly ImageFingerprint[], maxDistance: number): Promise<TakenDownImage[]> {
    const deleted = await this.images.deleteMatching(fingerprints, maxDistance);
    for (const { id } of deleted) this.renditions.forget(id);
    if (deleted.length) this.storage.deleteQueuedSoon();
    return deleted;
  }

  /**
   * The original goes to the store first (ADR 0023), under `private/` (issue 24: a processing
   * image is nobody's but its owner's); an object put for a row that could not be written is
   * removed again.
   */
  async createProcessing(image: NewProcessingImage): Promise<void> {
    if (image.originalCopiedFrom) return this.createProcessingCopy(image, image.originalCopiedFrom);
    const original = await this.storage.placeFile(image.id, 'private', 'original', image.originalBytes, image.originalMimeType);
    try {
      await this.images.createProcessing(image, original);
    } catch (error) {
      await this.storage.discard([original]);
      throw error;
    }
    this.renditions.startOriginal(image.id, image.originalBytes, image.makeOriginalRenditions);
  }

  /**
   * D38: a chain step's original is its parent's generated file, copied where it is: row to row in
   * PostgreSQL (the bytes never leave the database), object to object in S3, under `private/`.
   */
  private async createProcessingCopy(image: NewProcessingImage, sourceId: string): Promise<void> {
    const source = await this.images.findFilePlace(sourceId, 'generated');
    if (!source) throw new ImageNotFoundError();
    let key: string | null = null;
    if (source.key) {
      key = fileKey(image.id, 'private', 'original', source.mimeType);
      if (!(await this.storage.copyObject(source.key, key))) throw new ImageNotFoundError();
    }
    try {
      if (!(await this.images.createProcessingCopying(image, sourceId, key, source.mimeType))) throw new ImageNotFoundError();
    } catch (error) {
      if (key) await this.storage.discard([{ bytes: null, key }]);
      throw error;
    }
    this.renditions.startOriginal(image.id, null, image.makeOriginalRenditions);
  }

  async chainSource(userId: string, imageId: string): Promise<ChainSource | null> {
    if (!isImageId(userId) || !isImageId(imageId)) return null;
    const row = await this.images.findChainSource(imageId, userId);
    if (!row) return null;
    if (row.status !== 'completed') return { status: row.status, id: row.id };
    if (!row.input || !row.servedMimeType) return null;
    // The model's input only: the served file stays in the store (copied there as the new original).
    const master = await this.storage.read(row.input);
    if (!master) return null;
    return {
      status: 'completed',
      id: row.id,
      rootImageId: row.rootImageId,
      originalFilename: row.originalFilename,
      servedMimeType: row.servedMimeType,
      master: { bytes: master, mimeType: row.input.mimeType },
    };
  }

  async generatedRenditionsOf(imageId: string): Promise<GeneratedRenditions | null> {
    if (!isImageId(imageId)) return null;
    const rows = await this.images.renditionRowsOf(imageId, 'generated');
    if (rows.length === 0) return null;
    const made = await Promise.all(rows.map(async (r) => ({ width: r.width, height: r.height, version: r.version, bytes: await this.storage.read(r) })));
    if (made.some((m) => !m.bytes)) return null;
    return { made: made.map((m) => ({ ...m, bytes: m.bytes! })) };
  }

  async deleteUnpaid(id: string): Promise<void> {
    this.renditions.forget(id);
    await this.images.deleteUnpaid(id);
    this.storage.deleteQueuedSoon();
  }

  /**
   * The output and its renditions go under the prefix the completed image's visibility says
   * (issue 24); once completed, the original follows them there if that is `public/` (and so does
   * everything, should the visibility have changed meanwhile).
   */
  async completeWith(id: string, output: GeneratedImage): Promise<CompletedImage | null> {
    const scope = await this.storage.scopeWhenCompleted(id);
    const [renditions, generated, master] = await Promise.all([
      this.renditions.forCompletion(id, output.bytes, output.renditions, scope),
      this.storage.placeFile(id, scope, 'generated', output.bytes, output.mimeType),
      output.master ? this.storage.placeMaster(id, output.master.bytes, output.master.mimeType) : null,
    ]);
    let completed = false;
    try {
      completed = await this.images.completeWith(id, output, renditions, generated, master);
    } finally {
      // Recovered as failed meanwhile (or the write failed): what was put for it goes again.
      if (!completed) await this.storage.discard([generated, ...(master ? [master] : []), ...(renditions?.rows ?? [])]);
    }
    if (!completed) return null;
    this.moves.settleSoon(id);
    return renditionViews(id, renditions?.stored ?? null);
  }

  async markFailed(id: string): Promise<void> {
    this.renditions.forget(id);
    await this.images.markFailed(id);
    this.storage.deleteQueuedSoon();
  }

  async failStuckProcessing(olderThanMinutes: number): Promise<string[]> {
    const failed = await this.images.failStuckProcessing(olderThanMinutes);
    if (failed.length) this.storage.deleteQueuedSoon();
    return failed;
  }

  async failProcessing(ids: readonly string[]): Promise<string[]> {
    const failed = await this.images.failProcessing(ids);
    if (failed.length) this.storage.deleteQueuedSoon();
    return failed;
  }

  /** Hiding or showing moves the image's objects to the private or the public prefix (issue 24), started once it has committed. */
  async setHiddenByAdmin(imageId: string, hidden: boolean): Promise<boolean> {
    const changed = await this.images.setHiddenByAdmin(imageId, hidden);
    if (changed) this.moves.settleSoon(imageId);
    return changed;
  }

  counts(): Promise<ImageCounts> {
    return this.images.counts();
  }

  completedPerDay(days: number): Promise<Array<{ date: string; count: number }>> {
    if (!Number.isInteger(days) || days < 1 || days > 366) throw new ValidationError('days must be a whole number from 1 to 366');
    return this.images.completedPerDay(days);
  }

  async hiddenByAdmin(page: PageRequest = {}): Promise<Page<HiddenImage>> {
    const { limit, offset } = pageRequest(page);
    return { ...(await this.images.hiddenByAdminNewestFirst(limit, offset)), limit, offset };
  }

  ownedImages(userId: string, afterId: string | null, limit: number): Promise<OwnedImage[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OWNED_PAGE) throw new ValidationError(`limit must be a whole number from 1 to ${MAX_OWNED_PAGE}`);
    if (!isImageId(userId) || (afterId !== null && !isImageId(afterId))) return Promise.resolve([]);
    return this.images.ownedAfter(userId, afterId, limit);
  }

  async ownedFile(userId: string, imageId: string, file: 'generated' | 'original'): Promise<ImageBytes | null> {
    if (!isImageId(userId) || !isImageId(imageId)) return null;
    const stored = await this.images.findOwnedFile(imageId, userId, file);
    const bytes = stored ? await this.storage.read(stored) : null;
    return stored && bytes ? { bytes, mimeType: stored.mimeType } : null;
  }

  async deleteAllOf(userId: string): Promise<number> {
    if (!isImageId(userId)) return 0;
    let deleted = 0;
    for (;;) {
      const ids = await this.images.deleteBatchOf(userId, DELETE_BATCH);
      for (const id of ids) this.renditions.forget(id);
      deleted += ids.length;
      // A batch that found nothing to take (everything gone, or the rest held by a concurrent run
      // that is deleting it) ends the loop. Their objects (ADR 0023) were queued with the rows.
      if (ids.length === 0) {
        if (deleted) this.storage.deleteQueuedSoon();
        return deleted;
      }
    }
  }
}
