import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { SafeTypeOrmLogger } from './safe-typeorm-logger';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/**
 * TypeORM options for one PostgreSQL URL. Migrations only, never synchronize (ARCHITECTURE
 * rule 5); migrateDatabase() applies them automatically at start.
 */
export function databaseOptions(url: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
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
    extra: { max: 10, connectionTimeoutMillis: 10_000, application_name: 'magic-editor' },
    ...extra,
  } as DataSourceOptions;
}

/** host:port/database of a URL, without credentials, for logs. */
export function describeDatabaseUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}
