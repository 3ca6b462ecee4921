import { Pool } from 'pg';
import { createAdminApp, signedInAdmin, sql, type TestUser } from '../administration/admin-helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { killedMidTransaction } from '../support/killed-writer';
import { newUser } from '../support/fixtures';
import type { TestApp } from '../support/test-app';

/**
 * Issue 29: the account counts the `user` table's triggers keep (account_counts: every account and
 * the suspended; subscriber_count: the subscribed) equal a count of the table after many writers at
 * once, after a writer killed mid-transaction and after a TRUNCATE; the admin's figures read them.
 */
describe('the account counts kept by the writes (issue 29)', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined); // a backend the killed-writer test ends
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  async function both(): Promise<[unknown, unknown]> {
    const kept = await pool.query(
      `SELECT a.total, a.suspended, s.subscribed FROM account_counts a CROSS JOIN subscriber_count s`,
    );
    const counted = await pool.query(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE is_suspended))::int AS suspended,
              (count(*) FILTER (WHERE is_subscribed))::int AS subscribed FROM "user"`,
    );
    expect(kept.rows).toHaveLength(1);
    return [kept.rows[0], counted.rows[0]];
  }

  it('stays exact under 8 writers signing up, suspending, subscribing and deleting accounts at once', async () => {
    const writer = async (w: number) => {
      for (let k = 0; k < 50; k++) {
        const op = (w * 31 + k * 17) % 6;
        const name = `w${w}_${k}`;
        if (op <= 1) {
          // One or several accounts per statement, some already suspended or subscribed.
          await pool.query(
            `INSERT INTO "user" (username, email, password, is_suspended, is_subscribed)
             SELECT $1 || '_' || g, $1 || '_' || g || '@example.com', 'x', g % 3 = 0, g % 4 = 0 FROM generate_series(1, $2::int) g`,
            [name, op + 1 + (k % 3)],
          );
        } else if (op === 2) {
          await pool.query(`UPDATE "user" SET is_suspended = NOT is_suspended WHERE id = (SELECT id FROM "user" ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)`);
        } else if (op === 3) {
          await pool.query(
            `UPDATE "user" SET is_subscribed = NOT is_subscribed, username = username WHERE id IN (SELECT id FROM "user" ORDER BY random() LIMIT 2 FOR UPDATE SKIP LOCKED)`,
          );
        } else if (op === 4) {
          // Written, but unchanged: counts nothing.
          await pool.query(`UPDATE "user" SET is_suspended = is_suspended, is_subscribed = is_subscribed WHERE id IN (SELECT id FROM "user" LIMIT 3 FOR UPDATE SKIP LOCKED)`);
        } else {
          await pool.query(`DELETE FROM "user" WHERE id IN (SELECT id FROM "user" ORDER BY random() LIMIT 2 FOR UPDATE SKIP LOCKED)`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    const [kept, counted] = await both();
    expect((counted as { total: number }).total).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
  });

  it('keeps nothing of a writer killed in the middle of its transaction', async () => {
    const [before] = await both();
    await killedMidTransaction(db.url, pool, [
      `INSERT INTO "user" (username, email, password, is_subscribed) SELECT 'v' || g, 'v' || g || '@example.com', 'x', true FROM generate_series(1, 10) g`,
      `UPDATE "user" SET is_suspended = true WHERE id IN (SELECT id FROM "user" WHERE NOT is_suspended LIMIT 3)`,
      `DELETE FROM "user" WHERE id IN (SELECT id FROM "user" WHERE username NOT LIKE 'v%' LIMIT 2)`,
    ]);
    const [kept, counted] = await both();
    expect(kept).toEqual(before);
    expect(kept).toEqual(counted);
  });

  it('is zero after a TRUNCATE, and counts again after it', async () => {
    await pool.query(`TRUNCATE "user" CASCADE`);
    expect(await both()).toEqual([
      { total: 0, suspended: 0, subscribed: 0 },
      { total: 0, suspended: 0, subscribed: 0 },
    ]);
    await pool.query(`INSERT INTO "user" (username, email, password, is_suspended, is_subscribed) VALUES ('a', 'a@example.com', 'x', true, true), ('b', 'b@example.com', 'x', false, false)`);
    const [kept, counted] = await both();
    expect(kept).toEqual({ total: 2, suspended: 1, subscribed: 1 });
    expect(kept).toEqual(counted);
  });
});

describe("the admin's figures from the kept counts (issue 29)", () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAdminApp();
    admin = await signedInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows sign-ups, suspensions and subscriptions in the platform stats, sales analytics and user list at once', async () => {
    const figures = async () => {
      const stats = (await admin.agent.get('/api/admin/platform-stats').expect(200)).body as { totalUsers: number; suspendedUsers: number };
      const sales = (await admin.agent.get('/api/admin/analytics').expect(200)).body as { subscribedUsers: number };
      const list = await admin.agent.get('/api/admin/users').expect(200);
      return { total: stats.totalUsers, suspended: stats.suspendedUsers, subscribed: sales.subscribedUsers, listed: Number(list.headers['x-total-count']) };
    };
    const before = await figures();
    const a = await newUser(t);
    const b = await newUser(t);
    await newUser(t);
    await sql(t, `UPDATE "user" SET is_suspended = true WHERE id = $1`, [a.id]);
    await sql(t, `UPDATE "user" SET is_subscribed = true WHERE id = $1`, [b.id]);
    const [counted] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM "user"`);
    expect(await figures()).toEqual({
      total: counted.n,
      suspended: before.suspended + 1,
      subscribed: before.subscribed + 1,
      listed: counted.n,
    });
    expect(counted.n).toBe(before.total + 3);
  });

  it("answers the search's total with its page, and after its last page too", async () => {
    for (const email of ['findme_a@example.com', 'findme_b@example.com', 'findme_c@example.com']) await newUser(t, { email });
    const page = await admin.agent.get('/api/admin/search-users?q=FINDME&limit=2').expect(200);
    expect((page.body as Array<{ email: string }>).map((u) => u.email)).toEqual(['findme_c@example.com', 'findme_b@example.com']);
    expect(page.headers['x-total-count']).toBe('3');
    const last = await admin.agent.get('/api/admin/search-users?q=findme&limit=2&offset=2').expect(200);
    expect((last.body as Array<{ email: string }>).map((u) => u.email)).toEqual(['findme_a@example.com']);
    expect(last.headers['x-total-count']).toBe('3');
    const past = await admin.agent.get('/api/admin/search-users?q=findme&limit=2&offset=10').expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    const none = await admin.agent.get('/api/admin/search-users?q=nobody_here').expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });
});
