import * as fs from 'node:fs';
import type { EmbeddedPostgresHandle } from '../../src/database/embedded-postgres';
import { admin, TEMPLATE_DATABASE_ENV } from './database';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (template) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
    delete process.env[TEMPLATE_DATABASE_ENV];
  }
  const embedded = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as
    | { handle: EmbeddedPostgresHandle; dir: string }
    | undefined;
  if (!embedded) return;
  await embedded.handle.stop();
  fs.rmSync(embedded.dir, { recursive: true, force: true });
}
