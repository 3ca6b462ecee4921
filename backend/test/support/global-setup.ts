import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { freePort } from './free-port';

/**
 * The integration tier runs against a real PostgreSQL: DATABASE_URL when set (CI points it at the
 * machine's server), else one embedded cluster for the whole run. Each test file then creates its
 * own database on that server (see database.ts), so files run in parallel without sharing rows.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-int-'));
  fs.chmodSync(dir, 0o755);
  const handle = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: await freePort() });
  process.env.DATABASE_URL = handle.url;
  (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = { handle, dir };
}
