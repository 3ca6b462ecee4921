import { Inject, Injectable } from '@nestjs/common';
import { type HiddenImage, IMAGES_API, type ImagesApi } from '../../images';
import { isUuid } from '../../../shared/ids';
import type { Page, PageRequest } from '../../../shared/pagination';
import { AdminImageNotFoundError } from '../domain/admin-errors';
import type { AdminActor } from '../domain/audit';
import { AuditTrailService } from './audit-trail.service';

/**
 * D14: an admin hides any image, or shows it again. A hidden image leaves the community feed and
 * the leaderboard on every instance (the image table's trigger tells community, as an owner's hide
 * does); its files are then served to its owner only, never from a shared cache (ADR 0017).
 */
@Injectable()
export class ImageModerationService {
  constructor(
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    private readonly audit: AuditTrailService,
  ) {}

  async setHidden(actor: AdminActor, imageId: string, hidden: boolean, reason: string | null): Promise<{ id: string; hidden: boolean }> {
    if (!isUuid(imageId)) throw new AdminImageNotFoundError();
    return this.audit.run(
      actor,
      { action: hidden ? 'image.hide' : 'image.show', targetType: 'image', targetId: imageId.toLowerCase(), reason, details: {} },
      async () => {
        if (!(await this.images.setHiddenByAdmin(imageId, hidden))) throw new AdminImageNotFoundError();
        return { value: { id: imageId.toLowerCase(), hidden } };
      },
    );
  }

  hidden(page: PageRequest): Promise<Page<HiddenImage>> {
    return this.images.hiddenByAdmin(page);
  }
}
