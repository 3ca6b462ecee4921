import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { ImageNotFoundError, SaveUpgradeRequiredError } from '../domain/generation-errors';
import { isImageId, isOwner } from '../domain/image';
import { hasPaidPlan, savedImageExpiry } from '../domain/paid-plan';

export interface Saver {
  id: string;
  isSubscribed: boolean;
  subscriptionTier: string;
}

export interface SavedState {
  isSaved: true;
  savedAt: string;
  expiresAt: string;
}

/**
 * POST /api/images/{id}/save: into My Edits. Only the owner (anyone else: 404, as if it did not
 * exist), only with a paid plan (D7: 403 "Upgrade to a paid plan…"), expiring 60 days later (D23).
 */
@Injectable()
export class SaveImageUseCase {
  constructor(private readonly images: TypeormImageRepository) {}

  async execute(user: Saver, id: unknown, now = new Date()): Promise<SavedState> {
    if (!isImageId(id)) throw new ImageNotFoundError();
    const image = await this.images.findRecord(id);
    if (!image || !isOwner(image, user) || image.status !== 'completed') throw new ImageNotFoundError();
    if (!hasPaidPlan(user)) throw new SaveUpgradeRequiredError();
    const saved = await this.images.markSaved(id, user.id, now, savedImageExpiry(now));
    if (!saved) throw new ImageNotFoundError();
    return { isSaved: true, savedAt: saved.savedAt.toISOString(), expiresAt: saved.expiresAt.toISOString() };
  }
}
