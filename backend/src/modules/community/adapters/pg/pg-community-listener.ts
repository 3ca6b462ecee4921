import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DedicatedPgConnection } from '../../../../shared/pg/dedicated-connection';
import { FEED_CHANGED_CHANNEL } from './feed-change-notifier';

/** A new public image's id, sent by the instance that made it (D17); every instance LISTENs. */
export const COMMUNITY_CHANNEL = 'community_new_edit';
/** D43: a public image withdrawn by a report (hidden pending review, or taken down); every instance LISTENs. */
export const REMOVED_CHANNEL = 'community_edit_removed';
const RECONNECT_MS = 1000;

export interface CommunityListenerHandlers {
  /** FEED_CHANGED_CHANNEL: something the feed or leaderboard shows changed, on any instance. */
  feedChanged(): void;
  /** COMMUNITY_CHANNEL: a new public image. */
  newEdit(imageId: string): void;
  /** REMOVED_CHANNEL: an image left the feed because of a report. */
  removed(imageId: string): void;
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
  private handlers?: CommunityListenerHandlers;
  private readonly connection: DedicatedPgConnection;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.connection = new DedicatedPgConnection({
      url: (dataSource.options as { url?: string }).url,
      logger: new Logger('LiveCommunity'),
      label: 'Listener',
      reconnectMs: RECONNECT_MS,
      setup: async (client) => {
        await client.query(`LISTEN ${FEED_CHANGED_CHANNEL}; LISTEN ${COMMUNITY_CHANNEL}; LISTEN ${REMOVED_CHANNEL}`);
      },
      onNotification: (msg) => {
        if (msg.channel === FEED_CHANGED_CHANNEL) this.handlers?.feedChanged();
        else if (msg.channel === COMMUNITY_CHANNEL && msg.payload) this.handlers?.newEdit(msg.payload);
        else if (msg.channel === REMOVED_CHANNEL && msg.payload) this.handlers?.removed(msg.payload);
      },
      onConnected: () => this.handlers?.listening(),
      onLost: () => this.handlers?.lost(),
    });
  }

  async start(handlers: CommunityListenerHandlers): Promise<void> {
    this.handlers = handlers;
    await this.connection.start();
  }

  async stop(): Promise<void> {
    await this.connection.stop();
  }

  /** Tells every instance (this one included) about a new public image. */
  async announceNewEdit(imageId: string): Promise<void> {
    await this.dataSource.query(`SELECT pg_notify($1, $2)`, [COMMUNITY_CHANNEL, imageId]);
  }

  /** D43: tells every instance (this one included) that an image was withdrawn. */
  async announceRemoval(imageId: string): Promise<void> {
    await this.dataSource.query(`SELECT pg_notify($1, $2)`, [REMOVED_CHANNEL, imageId]);
  }
}
