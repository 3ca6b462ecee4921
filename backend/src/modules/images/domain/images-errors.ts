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

/** 001 §2: the My Edits page's upgrade prompt; the list answers it (403) to anyone without a paid plan (D7). */
export const MY_EDITS_UPGRADE_MESSAGE =
  'Upgrade to a paid plan to save and organize your AI-generated images in your personal collection.';

/** D7: My Edits is for paid plans; 403 with the page's upgrade text. */
export class MyEditsUpgradeRequiredError extends DomainError {
  constructor() {
    super('forbidden', 'MY_EDITS.UPGRADE_REQUIRED', MY_EDITS_UPGRADE_MESSAGE);
  }
}
