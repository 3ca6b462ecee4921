import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { migrateDatabase } from '../../src/database/migrate';
import { admin, databaseUrl, TEMPLATE_DATABASE_ENV } from './database';
import { freePort } from './free-port';

/** Templates of runs that were killed before their teardown are dropped by a later run after this long. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;
const TEMPLATE_PREFIX = 'me_template_';

/**
 * The integration tier runs against a real PostgreSQL: DATABASE_URL when set (CI points it at the
 * machine's server), else one embedded cluster for the whole run. Each test file then creates its
 * own database on that server (see database.ts), so files run in parallel without sharing rows.
 *
 * The migrations run once per run, here, into a template database; each file's database is a copy
 * of it (CREATE DATABASE … TEMPLATE). PostgreSQL copies a template only while nobody is connected
 * to it, so once migrated it is closed to connections altogether.
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-int-'));
    fs.chmodSync(dir, 0o755);
    const handle = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: await freePort() });
    process.env.DATABASE_URL = handle.url;
    (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = { handle, dir };
  }
  await dropStaleTemplates();
  const template = `${TEMPLATE_PREFIX}${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${template}"`));
  await migrateDatabase(databaseUrl(template));
  await closeToConnections(template);
  process.env[TEMPLATE_DATABASE_ENV] = template;
}

/** Waits until the migration's connections have gone, then refuses new ones (a template must have none). */
async function closeToConnections(name: string): Promise<void> {
  await admin(async (c) => {
    await c.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    for (const deadline = Date.now() + 10_000; ; ) {
      const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) {
        await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });
}

async function dropStaleTemplates(): Promise<void> {
  await admin(async (c: Client) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`);
    for (const { datname } of rows) {
      const created = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
      if (Number.isFinite(created) && Date.now() - created > STALE_TEMPLATE_MS) {
        await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      }
    }
  });
}
