import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { ImageNotFoundError } from '../domain/images-errors';
import { isImageId } from '../domain/image';

/** DELETE /api/images/{id}/save: out of My Edits. The owner only (anyone else: 404). No plan needed. */
@Injectable()
export class UnsaveImageUseCase {
  constructor(private readonly images: TypeormImageRepository) {}

  async execute(userId: string, id: unknown): Promise<{ isSaved: false }> {
    if (!isImageId(id) || !(await this.images.markUnsaved(id, userId))) throw new ImageNotFoundError();
    return { isSaved: false };
  }
}
