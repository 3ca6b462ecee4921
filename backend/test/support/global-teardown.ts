import * as fs from 'node:fs';
import type { EmbeddedPostgresHandle } from '../../src/database/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as
    | { handle: EmbeddedPostgresHandle; dir: string }
    | undefined;
  if (!embedded) return;
  await embedded.handle.stop();
  fs.rmSync(embedded.dir, { recursive: true, force: true });
}
