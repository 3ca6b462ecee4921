import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { ImageNotFoundError } from '../domain/images-errors';
import { isImageId } from '../domain/image';

/** POST /api/images/{id}/visibility (D14): the owner shows or hides an image in the community feed. */
@Injectable()
export class ChangeVisibilityUseCase {
  constructor(private readonly images: TypeormImageRepository) {}

  async execute(userId: string, id: unknown, isPublic: boolean): Promise<{ id: string; isPublic: boolean }> {
    if (!isImageId(id) || !(await this.images.setPublic(id, userId, isPublic))) throw new ImageNotFoundError();
    return { id, isPublic };
  }
}
