import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { renditionViews } from '../domain/rendition';
import type { CompletedImage, GeneratedImage, ImageCounts, ImagesApi, NewProcessingImage } from '../images.api';
import { ImageRenditionsService } from './image-renditions.service';

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
  ) {}

  async createProcessing(image: NewProcessingImage): Promise<void> {
    await this.images.createProcessing(image);
    this.renditions.startOriginal(image.id, image.originalBytes);
  }

  async deleteUnpaid(id: string): Promise<void> {
    this.renditions.forget(id);
    await this.images.deleteUnpaid(id);
  }

  async completeWith(id: string, output: GeneratedImage): Promise<CompletedImage | null> {
    const renditions = await this.renditions.forCompletion(id, output.bytes);
    if (!(await this.images.completeWith(id, output, renditions))) return null;
    return renditionViews(id, renditions?.stored ?? null);
  }

  async markFailed(id: string): Promise<void> {
    this.renditions.forget(id);
    await this.images.markFailed(id);
  }

  failStuckProcessing(olderThanMinutes: number): Promise<string[]> {
    return this.images.failStuckProcessing(olderThanMinutes);
  }

  failProcessing(ids: readonly string[]): Promise<string[]> {
    return this.images.failProcessing(ids);
  }

  setHiddenByAdmin(imageId: string, hidden: boolean): Promise<boolean> {
    return this.images.setHiddenByAdmin(imageId, hidden);
  }

  counts(): Promise<ImageCounts> {
    return this.images.counts();
  }
}
