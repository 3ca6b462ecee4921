import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { isImageId, type ImageRecord } from '../domain/image';
import type { GeneratedImage, ImageCounts, ImagesApi, NewProcessingImage } from '../images.api';

/** IMAGES_API (images.api.ts) over the image store: what other contexts may do with the `image` table. */
@Injectable()
export class ImagesService implements ImagesApi {
  constructor(private readonly images: TypeormImageRepository) {}

  createProcessing(image: NewProcessingImage): Promise<void> {
    return this.images.createProcessing(image);
  }

  deleteUnpaid(id: string): Promise<void> {
    return this.images.deleteUnpaid(id);
  }

  completeWith(id: string, output: GeneratedImage): Promise<boolean> {
    return this.images.completeWith(id, output);
  }

  markFailed(id: string): Promise<void> {
    return this.images.markFailed(id);
  }

  failStuckProcessing(olderThanMinutes: number): Promise<string[]> {
    return this.images.failStuckProcessing(olderThanMinutes);
  }

  findRecord(id: string): Promise<ImageRecord | null> {
    return this.images.findRecord(id);
  }

  /** A malformed id is answered like an unknown one (and never reaches a uuid cast in SQL). */
  async setHiddenByAdmin(imageId: string, hidden: boolean): Promise<boolean> {
    if (!isImageId(imageId)) return false;
    return this.images.setHiddenByAdmin(imageId, hidden);
  }

  counts(): Promise<ImageCounts> {
    return this.images.counts();
  }
}
