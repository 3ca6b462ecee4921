import { Inject, Injectable } from '@nestjs/common';
import { ENTITLEMENT_API, type EntitlementApi } from '../../billing';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { isImageId, isOwner } from '../domain/image';
import { ImageNotFoundError, SaveUpgradeRequiredError } from '../domain/images-errors';
import { savedImageExpiry } from '../domain/saved-image';

export interface Saver {
  id: string;
}

export interface SavedState {
  isSaved: true;
  savedAt: string;
  expiresAt: string;
}

/**
 * POST /api/images/{id}/save: into My Edits. Only the owner (anyone else: 404, as if it did not
 * exist), only with a paid plan (D7, asked of billing, ADR 0012: 403 "Upgrade to a paid plan…"), expiring 60
 * days later (D23).
 */
@Injectable()
export class SaveImageUseCase {
  constructor(
    private readonly images: TypeormImageRepository,
    @Inject(ENTITLEMENT_API) private readonly entitlement: EntitlementApi,
  ) {}

  async execute(user: Saver, id: unknown, now = new Date()): Promise<SavedState> {
    if (!isImageId(id)) throw new ImageNotFoundError();
    const image = await this.images.findRecord(id);
    if (!image || !isOwner(image, user) || image.status !== 'completed') throw new ImageNotFoundError();
    if (!(await this.entitlement.hasPaidPlan(user.id))) throw new SaveUpgradeRequiredError();
    const saved = await this.images.markSaved(id, user.id, now, savedImageExpiry(now));
    if (!saved) throw new ImageNotFoundError();
    return { isSaved: true, savedAt: saved.savedAt.toISOString(), expiresAt: saved.expiresAt.toISOString() };
  }
}
