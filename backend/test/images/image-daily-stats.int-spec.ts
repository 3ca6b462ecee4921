import { Client, Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Issue 29: the completed-images summary (image_daily_stats) the image trigger keeps equals a
 * count of the table, after many writers at once and after a writer killed mid-transaction.
 */
describe('the completed-images summary (issue 29)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let owner: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 10 });
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
    const [summary, counted] = await both();
    expect(counted.length).toBeGreaterThan(0);
    expect(summary).toEqual(counted);
  });

  it('keeps nothing of a writer killed in the middle of its transaction', async () => {
    const [before] = await both();
    const victim = new Client({ connectionString: db.url });
    await victim.connect();
    victim.on('error', () => undefined);
    const [{ pid }] = (await victim.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows;
    await victim.query('BEGIN');
    await victim.query(`INSERT INTO image (user_id, prompt, status) SELECT $1, 'p', 'completed' FROM generate_series(1, 10)`, [owner]);
    await victim.query(`UPDATE image SET status = 'failed' WHERE status = 'completed' AND prompt = 'p' AND id IN (SELECT id FROM image LIMIT 3)`);
    await pool.query(`SELECT pg_terminate_backend($1)`, [pid]);
    await victim.end().catch(() => undefined);
    const [summary, counted] = await both();
    expect(summary).toEqual(before);
    expect(summary).toEqual(counted);
  });
});
