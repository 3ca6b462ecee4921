import { createAdminApp, signedInAdmin, signedInUser, sql, totalOf, type TestUser } from './admin-helpers';
import type { TestApp } from '../support/test-app';

type Row = { id: string };
const ids = (body: Row[]) => body.map((r) => r.id);

/**
 * D44 (issue 29): the admin lists that grow without bound (the ledger, one user's credit history,
 * the accounts and their search, the audit trail) page by keyset: every full page names the next
 * in X-Next-Cursor, and `?cursor=` seeks there instead of reading every row before it (offset).
 */
describe('admin lists by cursor (D44)', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createAdminApp();
    admin = await signedInAdmin(t);
    user = await signedInUser(t, { regular: 1 });
    other = await signedInUser(t, { regular: 1 });
    // 130 grants of one account, in groups of 3 sharing their time to the microsecond (the ties a
    // cursor must not skip or repeat), the newest an hour ago.
    await sql(
      t,
      `INSERT INTO credit_transaction (id, user_id, type, credit_kind, credits, description, source_type, idempotency_key, created_at)
       SELECT gen_random_uuid(), $1, 'grant', 'regular', 1, 'bulk', 'admin', 'cursor:' || g, now() - interval '1 hour' - make_interval(secs => g / 3)
         FROM generate_series(1, 130) g`,
      [user.id],
    );
  });
  afterAll(() => t?.close());

  const ledgerOf = (userId: string) =>
    sql<Row>(t, `SELECT id FROM credit_transaction WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]).then((rows) => rows.map((r) => r.id));

  it('walks a ledger by cursor with neither gaps nor repeats while new rows arrive at the top', async () => {
    const before = await ledgerOf(user.id);
    expect(before.length).toBeGreaterThan(130);
    const seen: string[] = [];
    let path = `/api/admin/transactions?userId=${user.id}&limit=50`;
    for (let page = 0; ; page++) {
      const res = await admin.agent.get(path).expect(200);
      seen.push(...ids(res.body));
      // A new row lands on top between pages (an offset walk would then show a row twice).
      await admin.agent.post(`/api/admin/users/${user.id}/adjust-credits`).set('Idempotency-Key', `cursor-walk-${page}`).send({ credits: 1, reason: 'gift' }).expect(200);
      const next = res.headers['x-next-cursor'] as string | undefined;
      if (res.body.length < 50) {
        expect(next).toBeUndefined(); // a short page is the last
        break;
      }
      expect(next).toMatch(/^[A-Za-z0-9_-]{10,300}$/);
      path = `/api/admin/transactions?userId=${user.id}&limit=50&cursor=${next}`;
      expect(page).toBeLessThan(10);
    }
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('gives the same pages as offsets while nothing changes; one user’s credit history too', async () => {
    const first = await admin.agent.get(`/api/admin/users/${user.id}/credits?limit=40`).expect(200);
    const byOffset = await admin.agent.get(`/api/admin/users/${user.id}/credits?limit=40&offset=40`).expect(200);
    const byCursor = await admin.agent.get(`/api/admin/users/${user.id}/credits?limit=40&cursor=${first.headers['x-next-cursor']}`).expect(200);
    expect(ids(byCursor.body)).toEqual(ids(byOffset.body));
    expect(totalOf(byCursor)).toBe(totalOf(first)); // the total counts every row, not the rows after the cursor
    // An offset page names the page after it too.
    const third = await admin.agent.get(`/api/admin/users/${user.id}/credits?limit=40&cursor=${byOffset.headers['x-next-cursor']}`).expect(200);
    const thirdByOffset = await admin.agent.get(`/api/admin/users/${user.id}/credits?limit=40&offset=80`).expect(200);
    expect(ids(third.body)).toEqual(ids(thirdByOffset.body));
    // The whole ledger, newest first, by cursor as by offset.
    const all = await admin.agent.get('/api/admin/transactions?limit=7').expect(200);
    const allNext = await admin.agent.get(`/api/admin/transactions?limit=7&cursor=${all.headers['x-next-cursor']}`).expect(200);
    const allOffset = await admin.agent.get('/api/admin/transactions?limit=7&offset=7').expect(200);
    expect(ids(allNext.body)).toEqual(ids(allOffset.body));
  });

  it('answers 400 for a cursor it did not give out, another list’s or filter’s, or one with an offset', async () => {
    const res = await admin.agent.get(`/api/admin/transactions?userId=${user.id}&limit=5`).expect(200);
    const cursor = res.headers['x-next-cursor'] as string;
    const payload = Buffer.from(cursor, 'base64url').toString('utf8');
    const tampered = [
      'nonsense',
      cursor.slice(0, -2),
      `${cursor}A`,
      Buffer.from(payload.replace(/\|[0-9a-f-]{36}\|/, '|not-a-uuid|'), 'utf8').toString('base64url'),
      Buffer.from(payload.replace(/^ledger/, 'users'), 'utf8').toString('base64url'),
      Buffer.from(payload.replace(/T\d\d:/, 'T99:'), 'utf8').toString('base64url'),
      Buffer.from(`${payload}|extra`, 'utf8').toString('base64url'),
      'x'.repeat(301),
    ];
    for (const bad of tampered) {
      const answer = await admin.agent.get(`/api/admin/transactions?userId=${user.id}&limit=5&cursor=${encodeURIComponent(bad)}`).expect(400);
      expect(answer.body.code).toBe('VALIDATION.FAILED');
    }
    // The same cursor for another account's rows, another source or every row: not its list.
    await admin.agent.get(`/api/admin/transactions?userId=${other.id}&limit=5&cursor=${cursor}`).expect(400);
    await admin.agent.get(`/api/admin/transactions?userId=${user.id}&sourceType=admin&limit=5&cursor=${cursor}`).expect(400);
    await admin.agent.get(`/api/admin/transactions?limit=5&cursor=${cursor}`).expect(400);
    await admin.agent.get(`/api/admin/users?limit=5&cursor=${cursor}`).expect(400);
    const withOffset = await admin.agent.get(`/api/admin/transactions?userId=${user.id}&limit=5&offset=5&cursor=${cursor}`).expect(400);
    expect(withOffset.body.message).toMatch(/cursor and offset/);
    // The untouched cursor still works, for its own list.
    await admin.agent.get(`/api/admin/transactions?userId=${user.id}&limit=5&cursor=${cursor}`).expect(200);
    // Only admins read the lists at all, cursor or not.
    await user.agent.get(`/api/admin/transactions?userId=${user.id}&limit=5&cursor=${cursor}`).expect(403);
  });

  it('walks the accounts, and a search of them, by cursor while someone signs up', async () => {
    const everyone = (await sql<Row>(t, `SELECT id FROM "user" ORDER BY created_at DESC, id DESC`)).map((r) => r.id);
    const seen: string[] = [];
    let path = '/api/admin/users?limit=2';
    for (let page = 0; page < 10; page++) {
      const res = await admin.agent.get(path).expect(200);
      seen.push(...ids(res.body));
      if (page === 0) await signedInUser(t, { regular: 0 }); // a new account on top
      const next = res.headers['x-next-cursor'] as string | undefined;
      if (!next) break;
      path = `/api/admin/users?limit=2&cursor=${next}`;
    }
    expect(seen).toEqual(everyone);

    // A search's cursor is its own: the same position for another search is a 400.
    const found = await admin.agent.get('/api/admin/search-users?q=example&limit=1').expect(200);
    expect(found.body).toHaveLength(1);
    const next = found.headers['x-next-cursor'] as string;
    const after = await admin.agent.get(`/api/admin/search-users?q=example&limit=1&cursor=${next}`).expect(200);
    const byOffset = await admin.agent.get('/api/admin/search-users?q=example&limit=1&offset=1').expect(200);
    expect(ids(after.body)).toEqual(ids(byOffset.body));
    expect(totalOf(after)).toBe(totalOf(found));
    await admin.agent.get(`/api/admin/search-users?q=exampl&limit=1&cursor=${next}`).expect(400);
    await admin.agent.get(`/api/admin/users?limit=1&cursor=${next}`).expect(400);
  });

  it('walks the audit trail by cursor, a search of it too', async () => {
    for (let i = 0; i < 3; i++) {
      await admin.agent.post(`/api/admin/users/${other.id}/adjust-credits`).set('Idempotency-Key', `audit-walk-${i}`).send({ credits: 1, reason: 'refund' }).expect(200);
    }
    const trail = (await sql<Row>(t, `SELECT id::text AS id FROM admin_audit_log ORDER BY id DESC`)).map((r) => r.id);
    expect(trail.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let path = '/api/admin/audit?limit=2';
    for (let page = 0; page < 20; page++) {
      const res = await admin.agent.get(path).expect(200);
      seen.push(...ids(res.body));
      const next = res.headers['x-next-cursor'] as string | undefined;
      if (!next) break;
      path = `/api/admin/audit?limit=2&cursor=${next}`;
    }
    expect(seen).toEqual(trail);

    const refunds = await admin.agent.get('/api/admin/audit?q=refund&limit=2').expect(200);
    const cursor = refunds.headers['x-next-cursor'] as string;
    const more = await admin.agent.get(`/api/admin/audit?q=refund&limit=2&cursor=${cursor}`).expect(200);
    expect(more.body.length).toBeGreaterThan(0);
    for (const entry of [...refunds.body, ...more.body]) expect(JSON.stringify(entry)).toContain('refund');
    await admin.agent.get(`/api/admin/audit?q=gift&limit=2&cursor=${cursor}`).expect(400);
    await admin.agent.get(`/api/admin/audit?limit=2&cursor=${cursor}`).expect(400);
  });
});
