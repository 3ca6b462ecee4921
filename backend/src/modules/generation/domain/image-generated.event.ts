import type { DomainEvent } from '../../../shared/events/domain-event';

/** Published after a generation completed and its credit was captured (community listens, D17). */
export interface ImageGenerated extends DomainEvent<'generation.image-generated'> {
  imageId: string;
  userId: string;
  isPublic: boolean;
  prompt: string;
  style: string;
  timestamp: string;
}

export const IMAGE_GENERATED = 'generation.image-generated' as const;
