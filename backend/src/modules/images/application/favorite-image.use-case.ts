import { Inject, Injectable } from '@nestjs/common';
import { ENTITLEMENT_API, type EntitlementApi } from '../../billing';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { isImageId } from '../domain/image';
import { ImageNotFoundError, MyEditsUpgradeRequiredError } from '../domain/images-errors';
import { favoriteExpiry } from '../domain/saved-image';

export interface FavoriteState {
  id: string;
  isFavorite: boolean;
  expiresAt: string;
}

/**
 * POST /api/images/{id}/favorite (001 §4): sets the favourite flag (`isFavorite` given) or toggles
 * it (no body), for the owner's saved image only (anyone else, or an image not in My Edits: 404)
 * and with a paid plan (D7: 403). A favourite expires 365 days after it was favourited; an
 * unfavourited image 60 days after it was saved (D23).
 */
@Injectable()
export class FavoriteImageUseCase {
  constructor(
    private readonly images: TypeormImageRepository,
    @Inject(ENTITLEMENT_API) private readonly entitlement: EntitlementApi,
  ) {}

  async execute(userId: string, id: unknown, isFavorite: boolean | null, now = new Date()): Promise<FavoriteState> {
    if (!isImageId(id)) throw new ImageNotFoundError();
    if (!(await this.entitlement.hasPaidPlan(userId))) throw new MyEditsUpgradeRequiredError();
    const state = await this.images.setFavorite(id, userId, isFavorite, now, favoriteExpiry(now));
    if (!state) throw new ImageNotFoundError();
    return { id, isFavorite: state.isFavorite, expiresAt: state.expiresAt.toISOString() };
  }
}
