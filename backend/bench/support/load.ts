import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { freePort } from '../../test/support/free-port';

// autocannon ships no types; only what is used here is typed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadFigures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

/** autocannon against one URL; bounded in time, loopback only. */
export async function load(label: string, url: string): Promise<LoadFigures> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`Refusing to load a non-loopback address: ${url}`);
  const r = await autocannon({ url, connections: BENCH_CONNECTIONS, duration: BENCH_SECONDS });
  return {
    label,
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

export function printTable(rows: LoadFigures[]): void {
  console.table(
    rows.map((r) => ({
      target: r.label,
      'req/s': Math.round(r.requestsPerSecond),
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      failures: r.failures,
    })),
  );
}

/** A database server for the benchmark: DATABASE_URL's, else an embedded one (stopped after). */
export async function withDatabaseServer<T>(fn: () => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return fn();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-bench-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: await freePort() });
  process.env.DATABASE_URL = pg.url;
  try {
    return await fn();
  } finally {
    delete process.env.DATABASE_URL;
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
