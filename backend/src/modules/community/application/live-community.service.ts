import { IMAGE_WITHDRAWN, type ImageWithdrawn } from '../../reports';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '../../../shared/events/event-bus';
import { LiveGateway } from '../../../shared/realtime/live-gateway';
import { IMAGE_GENERATED, type ImageGenerated } from '../../generation';
import { PgCommunityListener } from '../adapters/pg/pg-community-listener';
import { COMMUNITY_CACHE } from './community-cache';
import { CommunityQueryService } from './community-query.service';
import type { FeedCache } from './feed-cache';

/**
 * D17: a new public image reaches every /ws client of every instance. The instance that made it
 * sends NOTIFY; each instance holds ONE dedicated connection that LISTENs (PgCommunityListener),
 * loads the entry once and broadcasts it to its own clients.
 *
 * The same connection hears FEED_CHANGED_CHANNEL, which a database trigger sends whenever a row
 * that the feed or leaderboard shows changes (a new, hidden or deleted image, from any instance or
 * admin tool) and FeedChangeNotifier sends after laughs, and drops this instance's community
 * cache (ADR 0011). While the connection is down those changes would go unnoticed, so the cache
 * keeps nothing until it is back.
 */
@Injectable()
export class LiveCommunityService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveCommunity');
  private unsubscribe?: () => void;

  constructor(
    private readonly listener: PgCommunityListener,
    private readonly events: EventBus,
    private readonly gateway: LiveGateway,
    private readonly queries: CommunityQueryService,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
  ) {
    this.cache.enabled = false;
  }

  async onApplicationBootstrap(): Promise<void> {
    const unsubscribeGenerated = this.events.subscribe<ImageGenerated>(IMAGE_GENERATED, (e) => this.onImageGenerated(e));
    // D43: live clients drop an image a report withdrew (they never get it again: a hidden image is
    // never delivered as a new edit either).
    const unsubscribeWithdrawn = this.events.subscribe<ImageWithdrawn>(IMAGE_WITHDRAWN, async (e) => {
      for (const id of e.imageIds) await this.listener.announceRemoval(id);
    });
    this.unsubscribe = () => {
      unsubscribeGenerated();
      unsubscribeWithdrawn();
    };
    await this.listener.start({
      feedChanged: () => this.cache.invalidate(),
      newEdit: (imageId) => void this.deliver(imageId),
      // The cache already heard of it from the image trigger (feedChanged): only the clients are told.
      removed: (imageId) => void this.gateway.broadcast({ type: 'community_edit_removed', data: { id: imageId } }),
      listening: () => {
        // Changes made while no one listened are unknown: start from an empty cache.
        this.cache.invalidate();
        this.cache.enabled = true;
      },
      lost: () => {
        this.cache.enabled = false;
        this.cache.invalidate();
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await this.listener.stop();
  }

  private async onImageGenerated(event: ImageGenerated): Promise<void> {
    if (!event.isPublic) return;
    // This instance's next read shows the new edit even before the trigger's notification is back.
    this.cache.invalidate();
    await this.listener.announceNewEdit(event.imageId);
  }

  private async deliver(imageId: string): Promise<void> {
    try {
      const entry = await this.queries.entry(imageId);
      if (entry) this.gateway.broadcast({ type: 'new_community_edit', data: entry });
    } catch (e) {
      this.logger.error(`Live update for ${imageId} failed: ${(e as Error).message}`);
    }
  }
}
