import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DedicatedPgConnection } from '../../../../shared/pg/dedicated-connection';

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
  /** The id every reservation made by this process carries. */
  readonly instanceId = randomUUID();
  private readonly connection: DedicatedPgConnection;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.connection = new DedicatedPgConnection({
      url: (dataSource.options as { url?: string }).url,
      applicationName: 'magic-editor-lease',
      keepAlive: true,
      logger: new Logger('InstanceLease'),
      label: 'Instance lease',
      reconnectMs: RECONNECT_MS,
      setup: async (client) => {
        const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_KEY_SQL('$1')}) AS locked`, [
          this.instanceId,
        ]);
        if (!rows[0]?.locked) throw new Error(`the lock of instance ${this.instanceId} is held by another session`);
      },
    });
  }

  async onModuleInit(): Promise<void> {
    // At start the lock must be held before this instance makes any reservation.
    await this.connection.start({ failHard: true });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.stop();
  }

  /** Whether this process currently holds its lock (false while reconnecting). */
  get held(): boolean {
    return this.connection.connected;
  }
}
