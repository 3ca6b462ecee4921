import type { DomainEvent } from '../../../shared/events/domain-event';

/**
 * D43: an image left every public place because of a report (hidden pending review, or taken
 * down with its copies). Community tells every live client to drop it (`community_edit_removed`).
 */
export interface ImageWithdrawn extends DomainEvent<'reports.image-withdrawn'> {
  imageIds: string[];
}

export const IMAGE_WITHDRAWN = 'reports.image-withdrawn' as const;
