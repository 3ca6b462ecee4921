import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { SafeTypeOrmLogger } from './safe-typeorm-logger';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/**
 * Issue 24: the pool and the server-side limits every pooled connection starts with, so no one
 * request (nor one user's many requests) can keep connections for long: a statement is cancelled
 * after `statementTimeoutMs`, a wait for a lock gives up after `lockTimeoutMs`, and a transaction
 * left idle is ended after `idleInTransactionTimeoutMs` (0: no limit). A request waits at most
 * `waitMs` for a free connection.
 */
export interface PoolSettings {
  size: number;
  waitMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

/** The defaults of DB_POOL_SIZE, DB_POOL_WAIT_MS, DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS. */
export const DEFAULT_POOL: PoolSettings = { size: 10, waitMs: 10_000, statementTimeoutMs: 30_000, lockTimeoutMs: 5_000, idleInTransactionTimeoutMs: 60_000 };

/** No limits: migrations (which wait for one another's lock and may rewrite big tables). */
export const UNLIMITED_POOL: PoolSettings = { size: 2, waitMs: 60_000, statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTransactionTimeoutMs: 0 };

/** node-postgres pool options for these settings (0 is left out: the server's default, no limit). */
export function poolOptions(pool: PoolSettings): Record<string, unknown> {
  return {
    max: pool.size,
    connectionTimeoutMillis: pool.waitMs,
    ...(pool.statementTimeoutMs > 0 ? { statement_timeout: pool.statementTimeoutMs } : {}),
    ...(pool.lockTimeoutMs > 0 ? { lock_timeout: pool.lockTimeoutMs } : {}),
    ...(pool.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: pool.idleInTransactionTimeoutMs } : {}),
    application_name: 'magic-editor',
  };
}

/**
 * TypeORM options for one PostgreSQL URL. Migrations only, never synchronize (ARCHITECTURE
 * rule 5); migrateDatabase() applies them automatically at start.
 */
export function databaseOptions(url: string, extra: Partial<DataSourceOptions> = {}, pool: PoolSettings = DEFAULT_POOL): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false, // run by migrateDatabase() before the app starts serving
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    entities: [],
    logger: new SafeTypeOrmLogger(),
    maxQueryExecutionTime: 1000,
    extra: poolOptions(pool),
    ...extra,
  } as DataSourceOptions;
}

/** host:port/database of a URL, without credentials, for logs. */
export function describeDatabaseUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}
