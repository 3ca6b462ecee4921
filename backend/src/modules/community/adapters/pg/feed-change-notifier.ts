import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Sent by the image trigger (migration 1764201600000) and by this notifier; every instance LISTENs. */
export const FEED_CHANGED_CHANNEL = 'community_feed_changed';
/** At most one notification per this many ms from one instance (laughs come in bursts). */
export const FEED_CHANGED_COALESCE_MS = 20;

/**
 * Tells every instance that laugh counts changed (ADR 0011), outside the laugh's own transaction
 * and coalesced: a burst of laughs costs one NOTIFY per 20 ms, and no laugh commit waits for the
 * database-wide lock a notifying commit takes. Other instances see a laugh in their feed within
 * about 20 ms plus delivery; the writing instance drops its own cache at once.
 */
@Injectable()
export class FeedChangeNotifier implements OnModuleDestroy {
  private readonly logger = new Logger('FeedChangeNotifier');
  private timer?: NodeJS.Timeout;
  private sending = false;
  private again = false;
  private lastSentAt = 0;
  private stopped = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  notify(): void {
    if (this.stopped) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, this.lastSentAt + FEED_CHANGED_COALESCE_MS - Date.now());
    this.timer = setTimeout(() => void this.send(), wait);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async send(): Promise<void> {
    this.timer = undefined;
    this.sending = true;
    this.lastSentAt = Date.now();
    try {
      await this.dataSource.query(`SELECT pg_notify($1, '')`, [FEED_CHANGED_CHANNEL]);
    } catch (e) {
      // Other instances then rely on their cache's time-to-live (COMMUNITY_CACHE_TTL_MS).
      this.logger.warn(`Could not notify a feed change: ${(e as Error).message}`);
    } finally {
      this.sending = false;
      if (this.again) {
        this.again = false;
        this.notify();
      }
    }
  }
}
