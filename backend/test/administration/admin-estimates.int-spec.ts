import { createAdminApp, signedInAdmin, signedInUser, sql, totalOf, type TestUser } from './admin-helpers';
import type { TestApp } from '../support/test-app';

/**
 * D44 (issue 29): an admin list's total is exact up to 10,000 rows; above, the planner's estimate,
 * marked with X-Total-Count-Estimated (the count no longer reads the whole ledger beside the page).
 */
describe('admin totals above 10,000 rows (D44)', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createAdminApp();
    admin = await signedInAdmin(t);
    user = await signedInUser(t, { regular: 3 });
    // 10,050 grants of another account (the ledger's own rows, as the grant would write them).
    await sql(
      t,
      `INSERT INTO credit_transaction (id, user_id, type, credit_kind, credits, description, source_type, idempotency_key, created_at)
       SELECT gen_random_uuid(), $1, 'grant', 'regular', 1, 'bulk', 'admin', 'estimate:' || g, now() - make_interval(secs => g)
         FROM generate_series(1, 10050) g`,
      [admin.id],
    );
    await sql(t, `ANALYZE credit_transaction`);
  });
  afterAll(() => t?.close());

  it('marks the total of the whole ledger as an estimate, and still answers the newest page', async () => {
    const res = await admin.agent.get('/api/admin/transactions?limit=5').expect(200);
    expect(res.headers['x-total-count-estimated']).toBe('true');
    expect(totalOf(res)).toBeGreaterThan(10_000);
    expect(res.body).toHaveLength(5);
    const newest = await sql<{ id: string }>(t, `SELECT id FROM credit_transaction ORDER BY created_at DESC, id DESC LIMIT 5`);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual(newest.map((r) => r.id));
    const stats = await admin.agent.get('/api/admin/platform-stats').expect(200);
    expect(stats.body).toMatchObject({ totalTransactionsEstimated: true });
    expect(stats.body.totalTransactions).toBeGreaterThan(10_000);
  });

  it('counts exactly (no mark) at 10,000 rows or fewer: one account, one source', async () => {
    const mine = await admin.agent.get(`/api/admin/transactions?userId=${user.id}`).expect(200);
    expect(mine.headers['x-total-count-estimated']).toBeUndefined();
    const [{ n }] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM credit_transaction WHERE user_id = $1`, [user.id]);
    expect(totalOf(mine)).toBe(n);
    const bySource = await admin.agent.get('/api/admin/transactions?sourceType=verification').expect(200);
    expect(bySource.headers['x-total-count-estimated']).toBeUndefined();
    const [{ m }] = await sql<{ m: number }>(t, `SELECT count(*)::int AS m FROM credit_transaction WHERE source_type = 'verification'`);
    expect(totalOf(bySource)).toBe(m);
  });
});
