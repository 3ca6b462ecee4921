import { DomainError, NotFoundError } from '../../../shared/errors/domain-error';

export const UPGRADE_TO_SAVE_MESSAGE = 'Upgrade to a paid plan to save images to My Edits.';

/** Unknown id, malformed id, not completed, or private and not the viewer's: all alike (no existence leak). */
export class ImageNotFoundError extends NotFoundError {
  constructor() {
    super('IMAGE.NOT_FOUND', 'Image not found');
  }
}

/** D7: only a paid plan may save to My Edits; the client looks for "Upgrade to a paid plan". */
export class SaveUpgradeRequiredError extends DomainError {
  constructor() {
    super('forbidden', 'SAVE.UPGRADE_REQUIRED', UPGRADE_TO_SAVE_MESSAGE);
  }
}
