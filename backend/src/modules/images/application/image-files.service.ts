import { Injectable } from '@nestjs/common';
import { TypeormImageRepository, type StoredFile } from '../adapters/typeorm/typeorm-image.repository';
import { ImageNotFoundError } from '../domain/images-errors';
import { canView, isImageId, isPubliclyVisible, type ImageFile, type ImageRecord, type Viewer } from '../domain/image';
import { scopeOfKey } from '../domain/object-keys';
import { parseRenditionName } from '../domain/rendition';
import type { ImageBytes } from '../images.api';
import { ImageStorageService } from './image-storage.service';

/** A rendition the viewer may see, named by its address (D31). */
export interface ViewableRendition {
  image: ImageRecord;
  file: ImageFile;
  width: number;
  version: string;
}

/**
 * Reads for GET /api/images/{id}, /original, /download: public images to anyone, private ones to
 * their owner and admins; everyone else gets the same 404 as for an unknown id.
 */
@Injectable()
export class ImageFilesService {
  constructor(
    private readonly images: TypeormImageRepository,
    private readonly storage: ImageStorageService,
  ) {}

  /** The image's record (no bytes) when the viewer may see it; answers a conditional GET without reading bytes. */
  async findViewable(id: unknown, viewer: Viewer | null): Promise<ImageRecord> {
    if (!isImageId(id)) throw new ImageNotFoundError();
    const image = await this.images.findRecord(id);
    if (!image || !canView(image, viewer)) throw new ImageNotFoundError();
    return image;
  }

  /**
   * GET /api/images/{id}/renditions/{name} (D31): the same access rule as the full file; an
   * address whose version is not the stored one is unknown (404), never answered with other bytes.
   */
  async findViewableRendition(id: unknown, name: unknown, viewer: Viewer | null): Promise<ViewableRendition> {
    const wanted = parseRenditionName(name);
    if (!wanted) throw new ImageNotFoundError();
    const image = await this.findViewable(id, viewer);
    return { image, ...wanted };
  }

  /** The rendition's bytes, when its stored version is the one asked for. */
  async readRendition(rendition: ViewableRendition): Promise<Buffer> {
    const stored = await this.images.renditionBytes(rendition.image.id, rendition.file, rendition.width);
    if (!stored || stored.version !== rendition.version) throw new ImageNotFoundError();
    const bytes = await this.storage.read(stored);
    if (!bytes) throw new ImageNotFoundError();
    return bytes;
  }

  /** Whether the rendition exists as asked for, without reading its bytes (a conditional GET). */
  async renditionExists(rendition: ViewableRendition): Promise<boolean> {
    return (await this.images.renditionVersion(rendition.image.id, rendition.file, rendition.width)) === rendition.version;
  }

  /**
   * The file's bytes. The record already names an object and its type (ADR 0023), so only bytes
   * kept in the row cost a second query.
   */
  async readFile(image: ImageRecord, file: ImageFile): Promise<ImageBytes> {
    const stored = objectOf(image, file) ?? (await this.images.findFile(image.id, file));
    const bytes = stored ? await this.storage.read(stored) : null;
    if (!stored || !bytes) throw new ImageNotFoundError();
    return { bytes, mimeType: stored.mimeType };
  }

  /**
   * Where a browser may fetch the file directly (S3_PUBLIC_BASE_URL, a CDN): only for an image
   * anyone may see (public and not hidden), and only when its object is already under `public/`
   * (issue 24: the only prefix the public base publishes; an image just made public is served by
   * the app until its objects have moved there). A private or hidden image is never redirected,
   * so hiding stops the redirect at once.
   */
  publicUrl(image: ImageRecord, file: ImageFile): string | null {
    if (!isPubliclyVisible(image) || image.status !== 'completed') return null;
    const object = objectOf(image, file);
    return object && scopeOfKey(object.key) === 'public' ? this.storage.store.publicUrl(object.key) : null;
  }
}

/** The file as an object in the store, when the record names one; null when its bytes are in the row. */
function objectOf(image: ImageRecord, file: ImageFile): (StoredFile & { key: string }) | null {
  const key = file === 'original' ? image.originalKey : image.generatedKey;
  const mimeType = file === 'original' ? image.originalMimeType : image.generatedMimeType;
  return key && mimeType ? { key, mimeType, bytes: null } : null;
}
