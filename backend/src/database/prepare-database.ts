import type { AppConfig } from '../config/app-config';
import { describeDatabaseUrl } from './database-options';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded-postgres';
import { migrateDatabase } from './migrate';

export interface PreparedDatabase {
  url: string;
  /** Set when the zero-config embedded PostgreSQL is in use. */
  embedded?: EmbeddedPostgresHandle;
  description: string;
}

/** Chooses the database (DATABASE_URL, else embedded), says which in the log, and migrates it. */
export async function prepareDatabase(config: AppConfig, log: (message: string) => void): Promise<PreparedDatabase> {
  let prepared: PreparedDatabase;
  if (config.database.url) {
    prepared = {
      url: config.database.url,
      description: `PostgreSQL at ${describeDatabaseUrl(config.database.url)} (DATABASE_URL)`,
    };
  } else {
    const embedded = await startEmbeddedPostgres({ ...config.database.embedded, log });
    prepared = {
      url: embedded.url,
      embedded,
      description: `embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${embedded.dir} (set DATABASE_URL to use another server)`,
    };
  }
  log(`Database: ${prepared.description}`);
  try {
    await migrateDatabase(prepared.url, log);
  } catch (e) {
    await prepared.embedded?.stop();
    throw e;
  }
  return prepared;
}
