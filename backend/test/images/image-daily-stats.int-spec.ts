import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { killedMidTransaction } from '../support/killed-writer';

/**
 * Issue 29: the summaries the writes keep equal what they summarise, after many writers at once
 * and after a writer killed mid-transaction: completed images per day (image_daily_stats, the
 * image trigger) and the ledger's sales per day and pack (ledger_daily_stats, the ledger trigger).
 */
describe('the summaries kept by the writes (issue 29)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let owner: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 10 });
    // An idle connection the server ends (the killed writer's tests terminate a backend) leaves the
    // pool; the next query takes another (as test/support/sql.ts's pools do).
    pool.on('error', () => undefined);
    [{ id: owner }] = (await pool.query<{ id: string }>(`INSERT INTO "user" (username, email, password) VALUES ('stats', 'stats@example.com', 'x') RETURNING id`)).rows;
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  /** The summary's non-zero days and a count of the table, to compare. */
  async function both(): Promise<[Array<{ day: string; n: number }>, Array<{ day: string; n: number }>]> {
    const summary = await pool.query<{ day: string; n: number }>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS day, "completed" AS n FROM image_daily_stats WHERE "completed" <> 0 ORDER BY 1`,
    );
    const counted = await pool.query<{ day: string; n: number }>(
      `SELECT to_char(("timestamp" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM image WHERE status = 'completed' GROUP BY 1 ORDER BY 1`,
    );
    return [summary.rows, counted.rows];
  }

  it('stays exact under 8 writers inserting, completing, failing, moving and deleting images at once', async () => {
    const day = (k: number) => `now() - make_interval(days => ${k % 5}, hours => ${k % 7})`;
    const writer = async (w: number) => {
      for (let k = 0; k < 60; k++) {
        const op = (w * 31 + k * 17) % 6;
        if (op <= 1) {
          await pool.query(`INSERT INTO image (user_id, prompt, status, "timestamp") VALUES ($1, 'p', $2, ${day(w + k)})`, [owner, op === 0 ? 'completed' : 'processing']);
        } else if (op === 2) {
          await pool.query(`UPDATE image SET status = 'completed' WHERE id = (SELECT id FROM image WHERE status = 'processing' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)`);
        } else if (op === 3) {
          await pool.query(`UPDATE image SET status = 'failed' WHERE id = (SELECT id FROM image WHERE status = 'completed' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)`);
        } else if (op === 4) {
          await pool.query(`UPDATE image SET "timestamp" = ${day(k + 3)} WHERE id = (SELECT id FROM image ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)`);
        } else {
          await pool.query(`DELETE FROM image WHERE id IN (SELECT id FROM image ORDER BY random() LIMIT 2 FOR UPDATE SKIP LOCKED)`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    // The writers pick rows at random, so they may have failed or deleted every completed one:
    // equal either way, and equal again with completed images on three days for certain.
    const [summary, counted] = await both();
    expect(summary).toEqual(counted);
    for (let k = 0; k < 3; k++) await pool.query(`INSERT INTO image (user_id, prompt, status, "timestamp") VALUES ($1, 'p', 'completed', ${day(k)})`, [owner]);
    const [after, countedAfter] = await both();
    expect(countedAfter.length).toBeGreaterThan(0);
    expect(after).toEqual(countedAfter);
  });

  it('keeps nothing of a writer killed in the middle of its transaction', async () => {
    const [before] = await both();
    await killedMidTransaction(db.url, pool, [
      [`INSERT INTO image (user_id, prompt, status) SELECT $1, 'p', 'completed' FROM generate_series(1, 10)`, [owner]],
      `UPDATE image SET status = 'failed' WHERE status = 'completed' AND prompt = 'p' AND id IN (SELECT id FROM image LIMIT 3)`,
    ]);
    const [summary, counted] = await both();
    expect(summary).toEqual(before);
    expect(summary).toEqual(counted);
  });

  /** The ledger summary's totals per pack type and the same sums over the ledger itself. */
  async function ledgerBoth(): Promise<[unknown[], unknown[]]> {
    const summary = await pool.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, pack_type, revenue_cents::bigint::text AS revenue, credits_sold::text AS sold, purchases,
              credits_used::text AS used, uses, pack_sales, pack_credits::text AS pack_credits, pack_revenue_cents::text AS pack_revenue
         FROM ledger_daily_stats
        WHERE revenue_cents <> 0 OR credits_sold <> 0 OR purchases <> 0 OR credits_used <> 0 OR uses <> 0 OR pack_sales <> 0
        ORDER BY 1, 2`,
    );
    const counted = await pool.query(
      `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, COALESCE(pack_type, '') AS pack_type,
              COALESCE(SUM(purchase_amount) FILTER (WHERE p), 0)::bigint::text AS revenue, COALESCE(SUM(credits) FILTER (WHERE p), 0)::text AS sold,
              (count(*) FILTER (WHERE p))::int AS purchases,
              COALESCE(-SUM(credits) FILTER (WHERE type = 'use'), 0)::text AS used, (count(*) FILTER (WHERE type = 'use'))::int AS uses,
              (count(*) FILTER (WHERE k))::int AS pack_sales, COALESCE(SUM(credits) FILTER (WHERE k), 0)::text AS pack_credits,
              COALESCE(SUM(purchase_amount) FILTER (WHERE k), 0)::text AS pack_revenue
         FROM (SELECT *, (type IN ('purchase', 'subscription') AND credits > 0) AS p, (type = 'purchase' AND credits > 0 AND pack_type IS NOT NULL) AS k
                 FROM credit_transaction) l
        WHERE p OR type = 'use'
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return [summary.rows, counted.rows];
  }

  it('keeps the ledger summary exact under 6 writers and accounts deleted with their rows, and nothing of a killed writer', async () => {
    const users = (
      await pool.query<{ id: string }>(
        `INSERT INTO "user" (username, email, password) SELECT 'l' || g, 'l' || g || '@example.com', 'x' FROM generate_series(1, 6) g RETURNING id`,
      )
    ).rows.map((r) => r.id);
    const writer = async (w: number) => {
      for (let k = 0; k < 40; k++) {
        const kind = (w + k) % 5;
        const [type, credits, amount, pack] =
          kind === 0 ? ['purchase', 10, 999, 'starter'] : kind === 1 ? ['subscription', 50, 1999, null] : kind === 2 ? ['grant', 2, null, null] : ['use', -1, null, null];
        await pool.query(
          `INSERT INTO credit_transaction (user_id, type, credits, description, purchase_amount, pack_type, created_at)
           VALUES ($1, $2, $3, 'stats', $4, $5, now() - make_interval(days => $6))`,
          [users[w], type, credits, amount, pack, k % 3],
        );
      }
    };
    await Promise.all(users.map((_, w) => writer(w)));
    // An account deleted: its ledger rows go with it (the foreign key's cascade), and out of the summary.
    await pool.query(`DELETE FROM "user" WHERE id = $1`, [users[0]]);
    let [summary, counted] = await ledgerBoth();
    expect(counted.length).toBeGreaterThan(0);
    expect(summary).toEqual(counted);

    await killedMidTransaction(db.url, pool, [
      [
        `INSERT INTO credit_transaction (user_id, type, credits, description, purchase_amount, pack_type) SELECT $1, 'purchase', 10, 'x', 999, 'pro' FROM generate_series(1, 5)`,
        [users[1]],
      ],
    ]);
    [summary, counted] = await ledgerBoth();
    expect(summary).toEqual(counted);
    expect(summary.some((r) => (r as { pack_type: string }).pack_type === 'pro')).toBe(false);
  });
});
