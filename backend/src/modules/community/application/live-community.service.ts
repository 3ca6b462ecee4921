import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { EventBus } from '../../shared/events/event-bus';
import { LiveGateway } from '../../shared/realtime/live-gateway';
import { IMAGE_GENERATED, type ImageGenerated } from '../generation';
import { COMMUNITY_CACHE } from './community-cache';
import { CommunityService } from './community.service';
import type { FeedCache } from './feed-cache';
import { FEED_CHANGED_CHANNEL } from './feed-change-notifier';

export const COMMUNITY_CHANNEL = 'community_new_edit';
const RECONNECT_MS = 1000;

/**
 * D17: a new public image reaches every /ws client of every instance. The instance that made it
 * sends NOTIFY; each instance holds ONE dedicated connection that LISTENs, loads the entry once
 * and broadcasts it to its own clients. The listener reconnects when its connection drops.
 *
 * The same connection hears FEED_CHANGED_CHANNEL, which a database trigger sends whenever a row
 * that the feed or leaderboard shows changes (a new, hidden or deleted image, from any instance or
 * admin tool) and FeedChangeNotifier sends after laughs, and drops this instance's community
 * cache (ADR 0011). While the
 * connection is down those changes would go unnoticed, so the cache keeps nothing until it is
 * back.
 */
@Injectable()
export class LiveCommunityService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveCommunity');
  private client?: Client;
  private unsubscribe?: () => void;
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly gateway: LiveGateway,
    private readonly community: CommunityService,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
  ) {
    this.cache.enabled = false;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = this.events.subscribe<ImageGenerated>(IMAGE_GENERATED, (e) => this.onImageGenerated(e));
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async onImageGenerated(event: ImageGenerated): Promise<void> {
    if (!event.isPublic) return;
    // This instance's next read shows the new edit even before the trigger's notification is back.
    this.cache.invalidate();
    await this.dataSource.query(`SELECT pg_notify($1, $2)`, [COMMUNITY_CHANNEL, event.imageId]);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url });
    client.on('error', (err) => {
      this.logger.warn(`Listener connection error: ${err.message}`);
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    client.on('notification', (msg) => {
      if (msg.channel === FEED_CHANGED_CHANNEL) this.cache.invalidate();
      else if (msg.channel === COMMUNITY_CHANNEL && msg.payload) void this.deliver(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${FEED_CHANGED_CHANNEL}; LISTEN ${COMMUNITY_CHANNEL}`);
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      // Changes made while no one listened are unknown: start from an empty cache.
      this.cache.invalidate();
      this.cache.enabled = true;
    } catch (e) {
      this.logger.warn(`Listener could not connect: ${(e as Error).message}`);
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: Client): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
    this.cache.enabled = false;
    this.cache.invalidate();
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  private async deliver(imageId: string): Promise<void> {
    try {
      const entry = await this.community.entry(imageId);
      if (entry) this.gateway.broadcast({ type: 'new_community_edit', data: entry });
    } catch (e) {
      this.logger.error(`Live update for ${imageId} failed: ${(e as Error).message}`);
    }
  }
}
