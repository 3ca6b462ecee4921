import { Injectable } from '@nestjs/common';
import { TypeormImageRepository, type StoredBytes } from '../adapters/typeorm/typeorm-image.repository';
import { ImageNotFoundError } from '../domain/images-errors';
import { canView, isImageId, type ImageFile, type ImageRecord, type Viewer } from '../domain/image';

/**
 * Reads for GET /api/images/{id}, /original, /download: public images to anyone, private ones to
 * their owner and admins; everyone else gets the same 404 as for an unknown id.
 */
@Injectable()
export class ImageFilesService {
  constructor(private readonly images: TypeormImageRepository) {}

  /** The image's record (no bytes) when the viewer may see it; answers a conditional GET without reading bytes. */
  async findViewable(id: unknown, viewer: Viewer | null): Promise<ImageRecord> {
    if (!isImageId(id)) throw new ImageNotFoundError();
    const image = await this.images.findRecord(id);
    if (!image || !canView(image, viewer)) throw new ImageNotFoundError();
    return image;
  }

  async readFile(image: ImageRecord, file: ImageFile): Promise<StoredBytes> {
    const stored = await this.images.findBytes(image.id, file);
    if (!stored) throw new ImageNotFoundError();
    return stored;
  }
}
