import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { closePool } from './sql';

export interface TestDatabase {
  url: string;
  name: string;
  /** True when the database was cloned from the migrated template: every migration is applied. */
  migrated: boolean;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * An empty database even where a migrated template exists (the migrations' own test, a command
   * that must migrate by itself). Default: a clone of the template when there is one, else empty.
   */
  empty?: boolean;
}

/**
 * The environment variable through which the integration tier's globalSetup names the database it
 * migrated once for the whole run (see global-setup.ts); the workers inherit it.
 */
export const TEMPLATE_DATABASE_ENV = 'TEST_TEMPLATE_DATABASE';

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the integration globalSetup should have set it');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the test server, for one test file: a copy of the migrated template that the
 * integration tier's globalSetup made (CREATE DATABASE … TEMPLATE, a file copy: no migration runs
 * per file), or an empty one outside that tier (benches, which let the app migrate) or when asked.
 */
export async function createTestDatabase(prefix = 't', options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `me_${prefix}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(5).toString('hex')}`;
  const template = options.empty ? undefined : process.env[TEMPLATE_DATABASE_ENV];
  await admin(async (c) => {
    await c.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    // A throwaway database need not wait for its commits to reach the disk (a crash of the test
    // server loses nothing a test needs); on a busy machine the flush of each commit is most of a
    // short transaction's time. Visibility and ordering are the same.
    await c.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  });
  return {
    url: databaseUrl(name),
    name,
    migrated: Boolean(template),
    drop: async () => {
      await closePool(databaseUrl(name));
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
