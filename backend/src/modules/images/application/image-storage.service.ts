import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { TypeormImageObjectsRepository } from '../adapters/typeorm/typeorm-image-objects.repository';
import type { RenditionRow } from '../adapters/typeorm/typeorm-image.repository';
import type { ImageFile } from '../domain/image';
import type { StoredMimeType } from '../domain/image-format';
import { everyImagePrefix, fileKey, keyInScope, masterKey, OBJECT_SCOPES, objectScopeOf, renditionKey, scopeOfKey, type ObjectScope } from '../domain/object-keys';
import { IMAGE_STORE, type ImageStore, type Placement } from './image-store.port';

/** Images whose objects one sweep deletes per claim. */
const SWEEP_BATCH = 50;

/** A rendition as made, before it is stored. */
export interface RenditionToStore {
  file: ImageFile;
  width: number;
  height: number;
  version: string;
  bytes: Buffer;
}

/**
 * Image bytes through the IMAGE_STORE port (ADR 0023): where a new file's bytes go (the row, or
 * an object put first and recorded by the row's statement), reading them back from either place,
 * and deleting the objects of images that are gone (the outbox the database's trigger fills).
 */
@Injectable()
export class ImageStorageService implements OnModuleDestroy {
  private readonly logger = new Logger('Images');
  private sweeping: Promise<number> | null = null;
  private sweepAgain = false;

  constructor(
    @Inject(IMAGE_STORE) readonly store: ImageStore,
    private readonly objects: TypeormImageObjectsRepository,
  ) {}

  /** Stores a full file: in the row (PostgreSQL) or as `{scope}/images/{id}/{file}.{ext}` (issue 24). */
  placeFile(imageId: string, scope: ObjectScope, file: ImageFile, bytes: Buffer, mimeType: StoredMimeType): Promise<Placement> {
    return this.store.place(fileKey(imageId, scope, file, mimeType), bytes, mimeType);
  }

  /** D38: a watermarked step's watermark-free master: in the row, or under `private/masters/{id}/` (never public, never moved). */
  placeMaster(imageId: string, bytes: Buffer, mimeType: StoredMimeType): Promise<Placement> {
    return this.store.place(masterKey(imageId, mimeType), bytes, mimeType);
  }

  /** An object copied to another key of the same store (D38: a chain step's original); false when the source is missing. */
  copyObject(from: string, to: string): Promise<boolean> {
    return this.store.copy(from, to);
  }

  /** Stores renditions: their bytes stay in the rows (PostgreSQL) or are put as objects under the scope's prefix first. */
  async placeRenditions(imageId: string, scope: ObjectScope, renditions: readonly RenditionToStore[]): Promise<RenditionRow[]> {
    return Promise.all(
      renditions.map(async ({ file, width, height, version, bytes }) => ({
        file,
        width,
        height,
        version,
        ...(await this.store.place(renditionKey(imageId, scope, file, width, version), bytes, 'image/webp')),
      })),
    );
  }

  /**
   * Issue 24: where the objects of an image go that is completing or completed: under `public/`
   * only when it is (or will be, once completed) publicly visible as it stands now. A visibility
   * change after this look is followed by a move (ImageObjectMovesService).
   */
  async scopeWhenCompleted(imageId: string): Promise<ObjectScope> {
    if (!this.store.holdsObjects) return 'private';
    const visibility = await this.objects.visibilityOf(imageId);
    return visibility ? objectScopeOf({ ...visibility, status: 'completed' }) : 'private';
  }

  /**
   * The bytes of a stored file, wherever they are; null when the object is missing. A move
   * (ImageObjectMovesService) copies an object, records its new key, then deletes the old one: a
   * row read just before the record names a key that may be gone by the time it is fetched, while
   * the object is under the other prefix. So a missing object is looked for there too.
   */
  async read(stored: Placement): Promise<Buffer | null> {
    if (stored.bytes) return stored.bytes;
    if (!stored.key) return null;
    const found = await this.store.get(stored.key);
    if (found) return found;
    const scope = scopeOfKey(stored.key);
    for (const other of OBJECT_SCOPES) {
      if (other === scope) continue;
      const moved = await this.store.get(keyInScope(stored.key, other));
      if (moved) return moved;
    }
    return null;
  }

  /** Objects put for rows that were then not written (the image failed or went meanwhile). Best effort. */
  async discard(placed: ReadonlyArray<Placement>): Promise<void> {
    const keys = placed.flatMap((p) => (p.key ? [p.key] : []));
    if (keys.length === 0) return;
    try {
      await this.store.delete(keys);
    } catch (error) {
      this.logger.warn(`Could not delete ${keys.length} unused image objects (${keys[0]}…): ${(error as Error).message}`);
    }
  }

  /**
   * Deletes the objects of images that are gone or failed, until none is due. Safe on several
   * instances at once (each claims its own); an image whose deletion fails stays queued and is
   * tried again later. How many images were cleared.
   */
  async deleteQueued(): Promise<number> {
    if (!this.store.holdsObjects) return 0;
    let cleared = 0;
    for (;;) {
      const ids = await this.objects.claimDueDeletions(SWEEP_BATCH);
      for (const id of ids) {
        try {
          // Issue 24: under whichever prefix they are (public/, private/, or the legacy images/).
          for (const prefix of everyImagePrefix(id)) await this.store.deletePrefix(prefix);
          await this.objects.deletionDone(id);
          cleared++;
        } catch (error) {
          const message = (error as Error).message;
          this.logger.warn(`Objects of image ${id} could not be deleted (will retry): ${message}`);
          await this.objects.deletionFailed(id, message);
        }
      }
      if (ids.length < SWEEP_BATCH) return cleared;
    }
  }

  /**
   * Runs deleteQueued now, in the background (after a purge or an account deletion, so objects go
   * at once rather than at the next sweep). Failures are logged; the sweep job retries.
   */
  deleteQueuedSoon(): void {
    if (!this.store.holdsObjects) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.deleteQueued()
      .catch((error: unknown) => {
        this.logger.warn(`Deleting image objects failed (the sweep retries): ${(error as Error).message}`);
        return 0;
      })
      .finally(() => {
        this.sweeping = null;
        if (this.sweepAgain) {
          this.sweepAgain = false;
          this.deleteQueuedSoon();
        }
      });
  }

  async onModuleDestroy(): Promise<void> {
    this.sweepAgain = false;
    await this.sweeping;
  }
}
