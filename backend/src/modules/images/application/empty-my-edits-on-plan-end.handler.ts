import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../../../shared/events/event-bus';
import { SUBSCRIPTION_ENDED, type SubscriptionEnded } from '../../billing';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';

/**
 * D9: when billing says a paid plan has ended, that user's My Edits is emptied (the cancel dialog
 * promises it). Billing publishes SubscriptionEnded once per subscription; emptying twice would
 * change nothing anyway.
 */
@Injectable()
export class EmptyMyEditsOnPlanEnd implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Images');
  private unsubscribe?: () => void;

  constructor(
    private readonly events: EventBus,
    private readonly images: TypeormImageRepository,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.events.subscribe<SubscriptionEnded>(SUBSCRIPTION_ENDED, async (event) => {
      const removed = await this.images.unsaveAllOf(event.userId);
      if (removed) this.logger.log(`Plan of user ${event.userId} ended: ${removed} images left My Edits`);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
