import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { makeWebpRenditions, renditionVersion, type MadeRendition } from '../adapters/sharp/webp-renditions';
import { TypeormImageRepository, type RenditionSet } from '../adapters/typeorm/typeorm-image.repository';
import type { ImageFile } from '../domain/image';
import type { ObjectScope } from '../domain/object-keys';
import type { StoredRenditions } from '../domain/rendition';
import type { GeneratedRenditions } from '../images.api';
import { ImageProvenanceService } from './image-provenance.service';
import { ImageStorageService, type RenditionToStore } from './image-storage.service';

/** A generation that never completes leaves its original's renditions here at most this long. */
const PENDING_TTL_MS = 15 * 60_000;

/**
 * D31: an image's WebP renditions, made once. The original's are made while the model works (they
 * need nothing but the checked upload); the generated file's when the output is there; both are
 * written with the completion itself (TypeormImageRepository.completeWith). What could not be made
 * then is made later by the backfill (MakeMissingRenditionsJob and `src/cli/backfill-renditions.ts`).
 */
@Injectable()
export class ImageRenditionsService implements OnModuleDestroy {
  private readonly logger = new Logger('Images');
  private readonly pending = new Map<string, { renditions: Promise<MadeRendition[] | null>; timer: NodeJS.Timeout }>();

  constructor(
    private readonly images: TypeormImageRepository,
    private readonly storage: ImageStorageService,
    /** D42: signs the generated renditions the backfill makes (absent: they are stored as made). */
    @Optional() private readonly provenance?: ImageProvenanceService,
  ) {}

  /**
   * Starts making the original's renditions (while the model works): with `makeGiven` when the
   * caller has them or their pixels, else (or should it fail) from `bytes`, or, when the caller
   * does not hold the bytes (a copy made in the store, D38), from the stored original.
   */
  startOriginal(id: string, bytes: Buffer | null, makeGiven?: () => Promise<GeneratedRenditions | null>): void {
    this.forget(id);
    const timer = setTimeout(() => this.pending.delete(id), PENDING_TTL_MS);
    timer.unref();
    const fromBytes = () => (bytes ? this.make(id, 'original', bytes) : this.loadAndMake(id, 'original'));
    const renditions = makeGiven
      ? this.given(id, Promise.resolve().then(makeGiven), 'original').then((given) => given ?? fromBytes())
      : fromBytes();
    this.pending.set(id, { renditions, timer });
  }

  /** The generation ended without an image: what was made for it is dropped. */
  forget(id: string): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(id);
  }

  /**
   * Both files' renditions for a completing image, stored (in the rows to be written, or as
   * objects already put under `scope`'s prefix: ADR 0023); null when either could not be made or
   * stored (the backfill tries again).
   */
  async forCompletion(id: string, generated: Buffer, made: Promise<GeneratedRenditions | null> | undefined, scope: ObjectScope): Promise<RenditionSet | null> {
    const started = this.pending.get(id)?.renditions ?? this.loadAndMake(id, 'original');
    this.forget(id);
    const [original, output] = await Promise.all([started, made ? this.given(id, made) : this.make(id, 'generated', generated)]);
    if (!original || !output) return null;
    try {
      return await this.place(id, { original, generated: output }, scope);
    } catch (error) {
      this.logger.warn(`Renditions of image ${id} could not be stored: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Backfill of one completed image. A file that cannot be made is recorded with no renditions
   * (its cards use the full file) rather than tried again on every run. 'skipped' when another
   * run stored them first or the image is gone.
   */
  async backfill(id: string): Promise<'made' | 'skipped'> {
    const [original, made] = await Promise.all([this.loadAndMake(id, 'original'), this.loadAndMake(id, 'generated')]);
    // D42: a signed generated file's renditions are signed like it.
    const generated = made && this.provenance ? await this.provenance.signGeneratedRenditions(id, made) : made;
    const set = await this.place(id, { original: original ?? [], generated: generated ?? [] }, await this.storage.scopeWhenCompleted(id));
    const stored = await this.images.storeRenditions(id, set);
    if (!stored) await this.storage.discard(set.rows);
    return stored ? 'made' : 'skipped';
  }

  onModuleDestroy(): void {
    for (const id of [...this.pending.keys()]) this.forget(id);
  }

  private async loadAndMake(id: string, file: ImageFile): Promise<MadeRendition[] | null> {
    const stored = await this.images.findFile(id, file);
    const bytes = stored ? await this.storage.read(stored) : null;
    return bytes ? this.make(id, file, bytes) : null;
  }

  private async place(id: string, made: Record<ImageFile, MadeRendition[]>, scope: ObjectScope): Promise<RenditionSet> {
    const { stored, toStore } = renditionSet(made);
    return { stored, rows: await this.storage.placeRenditions(id, scope, toStore) };
  }

  /** Renditions the generation made from a file's own pixels (D31: the same widths and format), versioned by their bytes as given. */
  private async given(id: string, made: Promise<GeneratedRenditions | null>, file: ImageFile = 'generated'): Promise<MadeRendition[] | null> {
    try {
      const renditions = await made;
      // A version names the bytes: the caller may have changed them (signed them, D42).
      return renditions ? renditions.made.map((r) => ({ ...r, version: renditionVersion(r.bytes) })) : null;
    } catch (error) {
      this.logger.warn(`Renditions of the ${file} file of image ${id} could not be made: ${(error as Error).message}`);
      return null;
    }
  }

  private async make(id: string, file: ImageFile, bytes: Buffer): Promise<MadeRendition[] | null> {
    try {
      return await makeWebpRenditions(bytes);
    } catch (error) {
      this.logger.warn(`Renditions of the ${file} file of image ${id} could not be made: ${(error as Error).message}`);
      return null;
    }
  }
}

function renditionSet(made: Record<ImageFile, MadeRendition[]>): { stored: StoredRenditions; toStore: RenditionToStore[] } {
  const toStore: RenditionToStore[] = [];
  for (const file of ['original', 'generated'] as const) {
    for (const r of made[file]) toStore.push({ file, width: r.width, height: r.height, version: r.version, bytes: r.bytes });
  }
  const stored = (file: ImageFile) => made[file].map((r) => ({ w: r.width, h: r.height, v: r.version }));
  return { stored: { original: stored('original'), generated: stored('generated') }, toStore };
}
