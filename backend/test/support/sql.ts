import { Pool } from 'pg';

/**
 * The tests' own connections to a test database, pooled per database (issue 25). A connection to
 * PostgreSQL is a new server process, and on a two-core machine each costs about 25 ms of the
 * server's CPU; a test file that opened one per statement (the `sql` helper did) spent seconds of
 * the server's time on connecting alone. A few connections per database, kept for the file, and
 * ended before its database is dropped (TestDatabase.drop) or when idle.
 */
const pools = new Map<string, Pool>();

export function poolFor(url: string): Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new Pool({ connectionString: url, max: 4, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
    // A connection the server ended (the database dropped WITH (FORCE), a test terminating
    // backends) leaves the pool; the next query takes another.
    pool.on('error', () => undefined);
    pools.set(url, pool);
  }
  return pool;
}

/** Ends the pool of `url`, if any: before its database is dropped. */
export async function closePool(url: string): Promise<void> {
  const pool = pools.get(url);
  if (!pool) return;
  pools.delete(url);
  await pool.end();
}
