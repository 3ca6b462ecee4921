import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { FEED_CHANGED_CHANNEL } from './feed-change-notifier';

/** A new public image's id, sent by the instance that made it (D17); every instance LISTENs. */
export const COMMUNITY_CHANNEL = 'community_new_edit';
const RECONNECT_MS = 1000;

export interface CommunityListenerHandlers {
  /** FEED_CHANGED_CHANNEL: something the feed or leaderboard shows changed, on any instance. */
  feedChanged(): void;
  /** COMMUNITY_CHANNEL: a new public image. */
  newEdit(imageId: string): void;
  /** The connection is up and listening; anything before this moment went unheard. */
  listening(): void;
  /** The connection dropped; nothing is heard until `listening` again. */
  lost(): void;
}

/**
 * ONE dedicated PostgreSQL connection per instance that LISTENs on the community channels (D17,
 * ADR 0011), reconnecting a second after it drops, and the NOTIFY that announces a new edit.
 */
@Injectable()
export class PgCommunityListener {
  private readonly logger = new Logger('LiveCommunity');
  private client?: Client;
  private handlers?: CommunityListenerHandlers;
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async start(handlers: CommunityListenerHandlers): Promise<void> {
    this.handlers = handlers;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Tells every instance (this one included) about a new public image. */
  async announceNewEdit(imageId: string): Promise<void> {
    await this.dataSource.query(`SELECT pg_notify($1, $2)`, [COMMUNITY_CHANNEL, imageId]);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const handlers = this.handlers!;
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url });
    client.on('error', (err) => {
      this.logger.warn(`Listener connection error: ${err.message}`);
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    client.on('notification', (msg) => {
      if (msg.channel === FEED_CHANGED_CHANNEL) handlers.feedChanged();
      else if (msg.channel === COMMUNITY_CHANNEL && msg.payload) handlers.newEdit(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${FEED_CHANGED_CHANNEL}; LISTEN ${COMMUNITY_CHANNEL}`);
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      handlers.listening();
    } catch (e) {
      this.logger.warn(`Listener could not connect: ${(e as Error).message}`);
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: Client): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
    this.handlers?.lost();
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}
