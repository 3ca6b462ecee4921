import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DedicatedPgConnection } from '../pg/dedicated-connection';

/**
 * Sent by the row triggers of migration 1795503078012 (session, user, credit ledger) with the
 * payload `<kind>:<key>`: `s:<sid>` a session row changed or went, `u:<user id>` a user row
 * changed or went, `c:<user id>` that user's ledger or reservations changed.
 */
export const HOT_CACHE_CHANNEL = 'hot_cache_changed';
const RECONNECT_MS = 1000;

export interface InvalidationSubscriber {
  /** A key of this subscriber's kind changed (on any instance, this one included). */
  changed(key: string): void;
  /** Drop everything; `listening` false: serve and keep nothing until called again with true. */
  reset(listening: boolean): void;
}

/**
 * ONE dedicated PostgreSQL connection per instance that LISTENs for the hot caches' changes
 * (ADR 0021) and hands each to the cache of its kind. While it is down every cache is empty and
 * bypassed (a change could go unheard); once it is back (and listening) they start afresh.
 */
@Injectable()
export class CacheInvalidation implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly subscribers = new Map<string, InvalidationSubscriber[]>();
  private readonly connection: DedicatedPgConnection;
  private listening = false;
  /** This instance's listener, as pg_stat_activity names it. */
  readonly applicationName = `magic-editor-hot-cache-${randomBytes(4).toString('hex')}`;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.connection = new DedicatedPgConnection({
      url: (dataSource.options as { url?: string }).url,
      applicationName: this.applicationName,
      keepAlive: true,
      logger: new Logger('HotCache'),
      label: 'Hot-cache listener',
      reconnectMs: RECONNECT_MS,
      setup: async (client) => {
        await client.query(`LISTEN ${HOT_CACHE_CHANNEL}`);
      },
      onNotification: (msg) => {
        if (msg.channel !== HOT_CACHE_CHANNEL || !msg.payload) return;
        const colon = msg.payload.indexOf(':');
        if (colon < 0) return;
        const key = msg.payload.slice(colon + 1);
        for (const s of this.subscribers.get(msg.payload.slice(0, colon)) ?? []) s.changed(key);
      },
      onConnected: () => this.setListening(true),
      onLost: () => this.setListening(false),
    });
  }

  /** Whether changes are heard now (the caches serve only then). */
  get isListening(): boolean {
    return this.listening;
  }

  subscribe(kind: string, subscriber: InvalidationSubscriber): void {
    const list = this.subscribers.get(kind) ?? [];
    list.push(subscriber);
    this.subscribers.set(kind, list);
    subscriber.reset(this.listening);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connection.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.setListening(false);
    await this.connection.stop();
  }

  private setListening(listening: boolean): void {
    this.listening = listening;
    for (const list of this.subscribers.values()) for (const s of list) s.reset(listening);
  }
}
