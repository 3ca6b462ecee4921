import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { ImageNotFoundError } from '../domain/images-errors';
import { isImageId } from '../domain/image';
import { ImageObjectMovesService } from './image-object-moves.service';

/**
 * POST /api/images/{id}/visibility (D14): the owner shows or hides an image in the community feed.
 * Its objects then move to the public or the private prefix (issue 24), started once the change
 * has committed.
 */
@Injectable()
export class ChangeVisibilityUseCase {
  constructor(
    private readonly images: TypeormImageRepository,
    private readonly moves: ImageObjectMovesService,
  ) {}

  async execute(userId: string, id: unknown, isPublic: boolean): Promise<{ id: string; isPublic: boolean }> {
    if (!isImageId(id) || !(await this.images.setPublic(id, userId, isPublic))) throw new ImageNotFoundError();
    this.moves.settleSoon(id);
    return { id, isPublic };
  }
}
