import { DataSource } from 'typeorm';
import { databaseOptions, UNLIMITED_POOL } from './database-options';

/** Any constant: the advisory lock that lets one instance at a time run migrations. */
const MIGRATION_LOCK_KEY = 7_265_143_001;

/**
 * Applies pending migrations before the app starts serving. Several instances may start at once
 * (ARCHITECTURE: scale out by running more identical instances), so the run is serialised with a
 * PostgreSQL advisory lock; the second instance finds nothing left to do.
 */
export async function migrateDatabase(url: string, log: (message: string) => void = () => undefined): Promise<string[]> {
  const dataSource = new DataSource({ ...databaseOptions(url, {}, UNLIMITED_POOL), migrationsRun: false, logging: ['error'] });
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const m of applied) log(`Applied migration ${m.name}`);
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
