import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { renditionViews } from '../domain/rendition';
import { ValidationError } from '../../../shared/errors/domain-error';
import { type Page, pageRequest, type PageRequest } from '../../../shared/pagination';
import type { CompletedImage, GeneratedImage, HiddenImage, ImageCounts, ImagesApi, NewProcessingImage } from '../images.api';
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

  completedPerDay(days: number): Promise<Array<{ date: string; count: number }>> {
    if (!Number.isInteger(days) || days < 1 || days > 366) throw new ValidationError('days must be a whole number from 1 to 366');
    return this.images.completedPerDay(days);
  }

  async hiddenByAdmin(page: PageRequest = {}): Promise<Page<HiddenImage>> {
    const { limit, offset } = pageRequest(page);
    return { ...(await this.images.hiddenByAdminNewestFirst(limit, offset)), limit, offset };
  }
}
