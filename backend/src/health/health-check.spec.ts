import type { DataSource } from 'typeorm';
import { HEALTH_CHECK_FRESH_MS, HealthCheck } from './health-check';

/** A database that answers `SELECT 1` as told, counting the queries. */
function database(answer: () => Promise<unknown> = () => Promise.resolve([{ '?column?': 1 }])) {
  const db = { queries: 0, query: () => ((db.queries += 1), answer()) };
  return db;
}

describe('HealthCheck (GET /api/health, issue 14)', () => {
  afterEach(() => jest.useRealTimers());

  it('runs one SELECT 1 for any number of checks at once, and reuses a success for a second', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const db = database();
    const check = new HealthCheck(db as unknown as DataSource);
    await Promise.all(Array.from({ length: 20 }, () => check.databaseUp()));
    expect(db.queries).toBe(1);
    await check.databaseUp();
    expect(db.queries).toBe(1);
    expect(check.freshAt()).toBe(true);

    jest.setSystemTime(1_000_000 + HEALTH_CHECK_FRESH_MS);
    expect(check.freshAt()).toBe(false);
    await check.databaseUp();
    expect(db.queries).toBe(2);
  });

  it('never remembers a failure: the next check asks the database again', async () => {
    let up = false;
    const db = database(() => (up ? Promise.resolve([]) : Promise.reject(new Error('connection refused'))));
    const check = new HealthCheck(db as unknown as DataSource);
    await expect(check.databaseUp()).rejects.toThrow('connection refused');
    expect(check.freshAt()).toBe(false);
    up = true;
    await check.databaseUp();
    expect(db.queries).toBe(2);
    expect(check.freshAt()).toBe(true);
  });
});
