import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';

const RECONNECT_MS = 1000;

/**
 * The advisory-lock key of an instance id, as SQL. The same expression is used by the instance
 * that holds the lock and by the query that asks whether anyone still holds it.
 */
export const INSTANCE_LOCK_KEY_SQL = (idExpression: string) => `hashtextextended('magic-editor:instance:' || ${idExpression}, 0)`;

/**
 * This server instance's liveness, as seen by every other instance (issue 9, D4): a random id for
 * the process, and a PostgreSQL session-level advisory lock keyed by it, held on one dedicated
 * connection for the life of the process. PostgreSQL drops the lock the moment that connection
 * ends, so when a process dies (kill -9, OOM, a lost machine) its lock is gone within seconds
 * (at once for a crash; after TCP keepalive for a vanished host) and any instance can tell that
 * the reservations tagged with its id have no one left to finish them.
 *
 * Needs a direct (or session-pooled) connection: a transaction-pooling proxy would hand the
 * session to someone else. If the connection drops while the process lives, it reconnects and
 * takes the lock again; meanwhile another instance may release this one's active reservations,
 * and their generations end as "busy, try again" without a charge (capture refuses a released
 * reservation).
 */
@Injectable()
export class PgInstanceLease implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('InstanceLease');
  /** The id every reservation made by this process carries. */
  readonly instanceId = randomUUID();
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    // At start the lock must be held before this instance makes any reservation.
    await this.connect(true);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether this process currently holds its lock (false while reconnecting). */
  get held(): boolean {
    return this.client !== undefined;
  }

  private async connect(failHard = false): Promise<void> {
    if (this.stopped) return;
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url, application_name: 'magic-editor-lease', keepAlive: true });
    client.on('error', (err) => {
      this.logger.warn(`Instance lease connection error: ${err.message}`);
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_KEY_SQL('$1')}) AS locked`, [
        this.instanceId,
      ]);
      if (!rows[0]?.locked) throw new Error(`the lock of instance ${this.instanceId} is held by another session`);
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
    } catch (e) {
      if (failHard) {
        await client.end().catch(() => undefined);
        throw e;
      }
      this.logger.warn(`Instance lease could not be taken: ${(e as Error).message}`);
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: Client): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}
