import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../../../shared/events/event-bus';
import { SUBSCRIPTION_ENDED, type SubscriptionEnded } from '../../billing';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { ImageStorageService } from './image-storage.service';

/**
 * D9: when billing says a paid plan has ended, that user's My Edits is emptied (the cancel dialog
 * promises that saved images are deleted): every saved image leaves it, and a private one is
 * deleted with its bytes (a public one stays in the feed). Billing publishes SubscriptionEnded once
 * per subscription; emptying twice changes nothing, and the daily purge catches an event lost to
 * a crash.
 */
@Injectable()
export class EmptyMyEditsOnPlanEnd implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Images');
  private unsubscribe?: () => void;

  constructor(
    private readonly events: EventBus,
    private readonly images: TypeormImageRepository,
    private readonly storage: ImageStorageService,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.events.subscribe<SubscriptionEnded>(SUBSCRIPTION_ENDED, async (event) => {
      const { unsaved, deleted } = await this.images.emptyMyEditsOf(event.userId);
      if (deleted) this.storage.deleteQueuedSoon();
      if (unsaved + deleted) this.logger.log(`Plan of user ${event.userId} ended: ${unsaved + deleted} images left My Edits (${deleted} deleted)`);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
