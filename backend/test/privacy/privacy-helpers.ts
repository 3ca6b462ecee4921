import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { sql } from '../identity/identity-helpers';
import type { TestApp } from '../support/test-app';

/** Every file of a zip, by name, read with yauzl (a reader independent of the writer). */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (err: Error | null, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e: Error | null, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * The tables (and row counts) in which any row, read as text, contains `needle` (case-insensitive):
 * every table of the schema, whoever owns it, so a table added later is scanned too.
 */
export async function tablesHolding(t: TestApp, needle: string): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>(
    t,
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM "${table_name}" r WHERE r::text ILIKE '%' || $1 || '%'`, [needle]);
    if (row.n > 0) found[table_name] = row.n;
  }
  return found;
}
