import request from 'supertest';
import type { TestApp } from '../support/test-app';
import {
  ADMIN_EMAIL,
  ADMIN_USER_KEYS,
  anonymous,
  auditRows,
  count,
  createAdminApp,
  everything,
  lastAuditId,
  signedInAdmin,
  signedInUnverifiedListed,
  signedInUser,
  sql,
  totalOf,
  type Agent,
  type TestUser,
} from './admin-helpers';
import { verificationTokenFor } from '../identity/identity-helpers';
import { newAccount } from '../support/fixtures';

/**
 * Issue 12, D22 with D25, D21: every /api/admin endpoint as each actor. Signed out and suspended:
 * 401 AUTH.REQUIRED; a signed-in user and an unverified account whose e-mail is listed in
 * ADMIN_EMAILS: 403 AUTH.ADMIN_ONLY; the admin: 2xx. A refused actor changes nothing.
 * Then suspension through the API, and the lists' paging and headers.
 */
describe('the admin API as each actor', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let unverified: TestUser;
  let suspended: TestUser;
  /** The accounts, image and whitelist entry the admin acts on. */
  let target: string;
  let imageId: string;
  let entryId: string;
  /** Images with an open report (D43), one per decision. */
  let toTakeDown: string;
  let toDismiss: string;

  beforeAll(async () => {
    t = await createAdminApp();
    [admin, user, unverified, suspended] = await Promise.all([signedInAdmin(t), signedInUser(t), signedInUnverifiedListed(t), signedInUser(t)]);
    target = await newAccount(t);
    [{ id: imageId }] = await sql<{ id: string }>(
      t,
      `INSERT INTO image (user_id, prompt, style, status, is_public) VALUES ($1, 'a cat', 'funny', 'completed', true) RETURNING id`,
      [target],
    );
    [toTakeDown, toDismiss] = await Promise.all(
      ['take me down', 'dismiss me'].map(async (prompt) => {
        const [{ id }] = await sql<{ id: string }>(t, `INSERT INTO image (user_id, prompt, style, status, is_public) VALUES ($1, $2, 'funny', 'completed', true) RETURNING id`, [
          target,
          prompt,
        ]);
        await sql(t, `INSERT INTO image_report_case (image_id, owner_user_id, prompt, deadline_at) VALUES ($1, $2, $3, now() + interval '48 hours')`, [id, target, prompt]);
        await sql(t, `INSERT INTO image_report (id, image_id, reporter_key, reason) VALUES (gen_random_uuid(), $1, 'ip:matrix', 'other')`, [id]);
        return id;
      }),
    );
    [{ id: entryId }] = await sql<{ id: string }>(t, `INSERT INTO admin_whitelist (type, value, reason) VALUES ('ip', '192.0.2.7', 'office') RETURNING id::text`);
    // The suspended actor's session was open before the suspension (D21: it stops at once).
    await suspended.agent.get('/api/user').expect(200);
    await admin.agent.post(`/api/admin/users/${suspended.id}/suspend`).send({ suspended: true }).expect(200);
  });
  afterAll(() => t?.close());

  interface Endpoint {
    name: string;
    call(agent: Agent | ReturnType<typeof request>): request.Test;
    /** The admin's answer. */
    status: number;
    /** The audit action the admin's call records (reads record none). */
    action?: string;
  }
  let keyCounter = 0;
  const endpoints: Endpoint[] = [
    { name: 'GET users', call: (a) => a.get('/api/admin/users'), status: 200 },
    { name: 'GET search-users', call: (a) => a.get('/api/admin/search-users?q=example'), status: 200 },
    { name: 'GET users/:id/stats', call: (a) => a.get(`/api/admin/users/${target}/stats`), status: 200 },
    { name: 'GET users/:id/credits', call: (a) => a.get(`/api/admin/users/${target}/credits`), status: 200 },
    { name: 'GET transactions', call: (a) => a.get('/api/admin/transactions'), status: 200 },
    {
      name: 'POST users/:id/adjust-credits',
      call: (a) => a.post(`/api/admin/users/${target}/adjust-credits`).set('Idempotency-Key', `matrix-${++keyCounter}`).send({ credits: 5, reason: 'gift' }),
      status: 200,
      action: 'credits.adjust',
    },
    {
      name: 'POST users/:id/adjust-watermarked-credits',
      call: (a) => a.post(`/api/admin/users/${target}/adjust-watermarked-credits`).set('Idempotency-Key', `matrix-${++keyCounter}`).send({ credits: 3, reason: 'compensation' }),
      status: 200,
      action: 'credits.adjust',
    },
    { name: 'POST users/:id/suspend', call: (a) => a.post(`/api/admin/users/${target}/suspend`).send({ suspended: true, reason: 'spam' }), status: 200, action: 'user.suspend' },
    { name: 'GET fallback/status', call: (a) => a.get('/api/admin/fallback/status'), status: 200 },
    { name: 'POST fallback/override', call: (a) => a.post('/api/admin/fallback/override').send({ enabled: true }), status: 200, action: 'fallback.override' },
    { name: 'POST fallback/reset', call: (a) => a.post('/api/admin/fallback/reset'), status: 200, action: 'fallback.reset' },
    { name: 'POST fallback/test', call: (a) => a.post('/api/admin/fallback/test'), status: 200, action: 'fallback.test' },
    { name: 'GET models', call: (a) => a.get('/api/admin/models'), status: 200 },
    { name: 'POST models/order', call: (a) => a.post('/api/admin/models/order').send({ models: ['local-engine'] }), status: 200, action: 'model.reorder' },
    { name: 'POST models/enabled', call: (a) => a.post('/api/admin/models/enabled').send({ model: 'local-engine', enabled: true }), status: 200, action: 'model.enable' },
    { name: 'POST models/test', call: (a) => a.post('/api/admin/models/test').send({ model: 'local-engine' }), status: 200, action: 'model.test' },
    { name: 'GET analytics', call: (a) => a.get('/api/admin/analytics'), status: 200 },
    { name: 'GET platform-stats', call: (a) => a.get('/api/admin/platform-stats'), status: 200 },
    { name: 'GET audit', call: (a) => a.get('/api/admin/audit'), status: 200 },
    { name: 'GET images/hidden', call: (a) => a.get('/api/admin/images/hidden'), status: 200 },
    { name: 'POST images/:id/visibility', call: (a) => a.post(`/api/admin/images/${imageId}/visibility`).send({ hidden: true }), status: 200, action: 'image.hide' },
    { name: 'GET whitelist', call: (a) => a.get('/api/admin/whitelist'), status: 200 },
    { name: 'POST whitelist', call: (a) => a.post('/api/admin/whitelist').send({ type: 'ip', value: `198.51.100.${++keyCounter}` }), status: 201, action: 'whitelist.add' },
    { name: 'PATCH whitelist/:id', call: (a) => a.patch(`/api/admin/whitelist/${entryId}`).send({ isActive: false }), status: 200, action: 'whitelist.update' },
    { name: 'GET flagged-devices', call: (a) => a.get('/api/admin/flagged-devices'), status: 200 },
    { name: 'GET reports', call: (a) => a.get('/api/admin/reports'), status: 200 },
    { name: 'POST reports/:id/take-down', call: (a) => a.post(`/api/admin/reports/${toTakeDown}/take-down`).send({ reason: 'confirmed' }), status: 200, action: 'report.take-down' },
    { name: 'POST reports/:id/dismiss', call: (a) => a.post(`/api/admin/reports/${toDismiss}/dismiss`).send({ reason: 'fine' }), status: 200, action: 'report.dismiss' },
  ];

  it('covers every endpoint of the contract', () => {
    expect(endpoints).toHaveLength(28);
  });

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: 401 signed out and suspended, 403 user and unverified listed, 2xx admin; refused actors change nothing', async (_name, endpoint) => {
    const before = await everything(t);
    for (const [name, agent] of [
      ['anonymous', anonymous(t)],
      ['suspended', suspended.agent],
    ] as const) {
      const res = await endpoint.call(agent);
      expect([name, res.status, res.body.code]).toEqual([name, 401, 'AUTH.REQUIRED']);
    }
    for (const [name, agent] of [
      ['user', user.agent],
      ['unverified listed e-mail', unverified.agent],
    ] as const) {
      const res = await endpoint.call(agent);
      expect([name, res.status, res.body.code, res.body.message]).toEqual([name, 403, 'AUTH.ADMIN_ONLY', 'You do not have permission to access this page.']);
    }
    expect(await everything(t)).toEqual(before);

    const from = await lastAuditId(t);
    const res = await endpoint.call(admin.agent);
    expect([res.status, res.body.code]).toEqual([endpoint.status, undefined]);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await auditRows(t, from);
    expect(rows.map((r) => [r.action, r.outcome, r.admin_id, r.admin_email])).toEqual(endpoint.action ? [[endpoint.action, 'succeeded', admin.id, ADMIN_EMAIL]] : []);
  });

  it('the unverified listed account is not an admin until verified (D25), then is one on its very next request', async () => {
    expect((await unverified.agent.get('/api/user').expect(200)).body.isAdmin).toBe(false);
    // Verified through the mailed link: the writing instance drops the user's cached sessions when
    // the verification commits (ADR 0021), so the very next request already sees an admin.
    await anonymous(t).get(`/api/confirm-email/${verificationTokenFor(t, unverified.email)}`).expect(200);
    try {
      expect((await unverified.agent.get('/api/user').expect(200)).body.isAdmin).toBe(true);
      await unverified.agent.get('/api/admin/users').expect(200);
    } finally {
      // Undone behind the app's back (it has no such path); sql() returns once the app heard it.
      await sql(t, `UPDATE "user" SET email_verified = false WHERE id = $1`, [unverified.id]);
    }
    await unverified.agent.get('/api/admin/users').expect(403);
  });

  describe('suspension (D21)', () => {
    it('ends a signed-in session at once, refuses sign-in with 403 "Account suspended", and unsuspending lets them in', async () => {
      const password = 'secret-pass-1';
      const victim = await signedInUser(t);
      await victim.agent.get('/api/user').expect(200);
      const from = await lastAuditId(t);

      const res = await admin.agent.post(`/api/admin/users/${victim.id}/suspend`).send({ suspended: true, reason: ' abuse ' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(ADMIN_USER_KEYS);
      expect(res.body).toMatchObject({ id: victim.id, email: victim.email, isSuspended: true, isAdmin: false, isVerified: true, subscriptionTier: 'free', isSubscribed: false });

      expect((await victim.agent.get('/api/user').expect(401)).body.code).toBe('AUTH.REQUIRED');
      expect(await count(t, 'session', `sess::text LIKE $1`, [`%${victim.id}%`])).toBe(0);
      const login = await request(t.http).post('/api/login').send({ email: victim.email, password }).expect(403);
      expect(login.body.message).toBe('Account suspended');

      const again = await admin.agent.post(`/api/admin/users/${victim.id}/suspend`).send({ suspended: false }).expect(200);
      expect(again.body.isSuspended).toBe(false);
      const back = request.agent(t.http);
      await back.post('/api/login').send({ email: victim.email, password }).expect(200);
      await back.get('/api/user').expect(200);

      const rows = await auditRows(t, from);
      expect(rows.map((r) => [r.action, r.target_type, r.target_id, r.reason, r.outcome, r.admin_id, r.admin_email])).toEqual([
        ['user.suspend', 'user', victim.id, 'abuse', 'succeeded', admin.id, ADMIN_EMAIL],
        ['user.unsuspend', 'user', victim.id, null, 'succeeded', admin.id, ADMIN_EMAIL],
      ]);
      expect(rows.every((r) => r.finished_at !== null && r.error === null)).toBe(true);
    });

    it('an admin cannot suspend themselves: 400 ADMIN.CANNOT_SUSPEND_SELF, no row, still signed in', async () => {
      const before = await everything(t);
      for (const id of [admin.id, admin.id.toUpperCase()]) {
        const res = await admin.agent.post(`/api/admin/users/${id}/suspend`).send({ suspended: true }).expect(400);
        expect(res.body).toMatchObject({ code: 'ADMIN.CANNOT_SUSPEND_SELF', message: 'You cannot suspend your own account' });
      }
      expect(await everything(t)).toEqual(before);
      await admin.agent.get('/api/admin/users').expect(200);
    });

    it('unknown and malformed users are 404 ADMIN.USER_NOT_FOUND with no row; bad bodies 400 with no row', async () => {
      const before = await everything(t);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1"]) {
        const res = await admin.agent.post(`/api/admin/users/${encodeURIComponent(id)}/suspend`).send({ suspended: true }).expect(404);
        expect(res.body.code).toBe('ADMIN.USER_NOT_FOUND');
        expect(res.headers['cache-control']).toBe('no-store');
        await admin.agent.get(`/api/admin/users/${encodeURIComponent(id)}/stats`).expect(404);
        await admin.agent.get(`/api/admin/users/${encodeURIComponent(id)}/credits`).expect(404);
      }
      for (const body of [{}, { suspended: 'true' }, { suspended: 1 }, { suspended: null }, { suspended: true, reason: 'x'.repeat(501) }, { suspended: true, extra: 1 }]) {
        const res = await admin.agent.post(`/api/admin/users/${user.id}/suspend`).send(body);
        expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION.FAILED']);
      }
      expect(await everything(t)).toEqual(before);
    });
  });

  describe('bad input on the endpoints without a body of their own', () => {
    it('query filters: a repeated or over-long q, a malformed userId, an over-long sourceType are 400; nothing changes', async () => {
      const before = await everything(t);
      for (const path of [
        '/api/admin/search-users?q=a&q=b',
        `/api/admin/search-users?q=${'x'.repeat(256)}`,
        '/api/admin/transactions?userId=not-a-uuid',
        `/api/admin/transactions?userId=${target}&userId=${target}`,
        `/api/admin/transactions?sourceType=${'s'.repeat(21)}`,
      ]) {
        const res = await admin.agent.get(path);
        expect([path.slice(0, 60), res.status, res.body.code]).toEqual([path.slice(0, 60), 400, 'VALIDATION.FAILED']);
      }
      expect(await everything(t)).toEqual(before);
    });

    it('reads ignore unknown query parameters and answer as without them', async () => {
      for (const path of ['/api/admin/analytics', '/api/admin/platform-stats', '/api/admin/fallback/status', '/api/admin/models']) {
        const plain = await admin.agent.get(path).expect(200);
        const odd = await admin.agent.get(`${path}?days=-1&x[]=1`).expect(200);
        expect(Object.keys(odd.body).sort()).toEqual(Object.keys(plain.body).sort());
      }
    });

    it('reset and test with a malformed JSON body are 400 with no state change and no audit row', async () => {
      const before = await everything(t);
      for (const path of ['/api/admin/fallback/reset', '/api/admin/fallback/test', '/api/admin/fallback/override', '/api/admin/models/order', '/api/admin/models/test']) {
        const res = await admin.agent.post(path).set('Content-Type', 'application/json').send('{"enabled": tru');
        expect([path, res.status]).toEqual([path, 400]);
      }
      expect(await everything(t)).toEqual(before);
    });
  });

  describe('users, search, stats, history, transactions', () => {
    it('GET users: the admin view of each account, newest first, paged with X-Total-Count', async () => {
      const total = await count(t, 'user');
      const all = await admin.agent.get('/api/admin/users?limit=200').expect(200);
      expect(totalOf(all)).toBe(total);
      expect(all.body).toHaveLength(total);
      for (const u of all.body) expect(Object.keys(u).sort()).toEqual(ADMIN_USER_KEYS);
      const createdAt = all.body.map((u: { createdAt: string }) => Date.parse(u.createdAt));
      expect([...createdAt].sort((a, b) => b - a)).toEqual(createdAt);
      expect(all.body.find((u: { id: string }) => u.id === admin.id)).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true, isVerified: true, isSuspended: false });
      expect(all.body.find((u: { id: string }) => u.id === unverified.id)).toMatchObject({ isAdmin: false, isVerified: false });
      expect(all.body.find((u: { id: string }) => u.id === suspended.id)).toMatchObject({ isSuspended: true });

      const page = await admin.agent.get('/api/admin/users?limit=2&offset=1').expect(200);
      expect(totalOf(page)).toBe(total);
      expect(page.body.map((u: { id: string }) => u.id)).toEqual(all.body.slice(1, 3).map((u: { id: string }) => u.id));
      const past = await admin.agent.get(`/api/admin/users?offset=${total}`).expect(200);
      expect([past.body, totalOf(past)]).toEqual([[], total]);
    });

    it('GET search-users: e-mail or username contains (any case), or the exact id; an empty q lists everyone', async () => {
      const byEmail = await admin.agent.get(`/api/admin/search-users?q=${encodeURIComponent(user.email.slice(0, 12).toUpperCase())}`).expect(200);
      expect(byEmail.body.map((u: { id: string }) => u.id)).toEqual([user.id]);
      expect(totalOf(byEmail)).toBe(1);
      const [{ username }] = await sql<{ username: string }>(t, `SELECT username FROM "user" WHERE id = $1`, [user.id]);
      expect((await admin.agent.get(`/api/admin/search-users?q=${username}`).expect(200)).body.map((u: { id: string }) => u.id)).toEqual([user.id]);
      expect((await admin.agent.get(`/api/admin/search-users?q=${user.id.toUpperCase()}`).expect(200)).body.map((u: { id: string }) => u.id)).toEqual([user.id]);
      // LIKE wildcards are taken literally.
      const none = await admin.agent.get('/api/admin/search-users?q=%25_%25').expect(200);
      expect([none.body, totalOf(none)]).toEqual([[], 0]);
      const everyone = await admin.agent.get('/api/admin/search-users?q=%20').expect(200);
      expect(totalOf(everyone)).toBe(await count(t, 'user'));
      await admin.agent.get(`/api/admin/search-users?q=${'x'.repeat(256)}`).expect(400);
      await admin.agent.get('/api/admin/search-users?q=a&q=b').expect(400);
    });

    it('GET users/:id/stats and /credits: balance split, totals, the history newest first', async () => {
      const someone = await signedInUser(t, { regular: 7, watermarked: 2 });
      await admin.agent.post(`/api/admin/users/${someone.id}/adjust-credits`).set('Idempotency-Key', 'stats-1').send({ credits: 3, reason: 'gift' }).expect(200);
      const stats = await admin.agent.get(`/api/admin/users/${someone.id}/stats`).expect(200);
      expect(stats.body).toEqual({ balance: 12, regular: 10, watermarked: 2, totalPurchased: 7, totalUsed: 0 });
      expect(stats.headers['cache-control']).toBe('no-store');

      const history = await admin.agent.get(`/api/admin/users/${someone.id}/credits`).expect(200);
      expect(totalOf(history)).toBe(3);
      expect(history.body.map((r: { type: string; credits: number; kind: string }) => [r.type, r.kind, r.credits])).toEqual([
        ['adjustment', 'regular', 3],
        ['grant', 'watermarked', 2],
        ['purchase', 'regular', 7],
      ]);
      expect(history.body[0]).toMatchObject({ userId: someone.id, sourceType: 'admin', createdBy: admin.id, currency: 'USD' });
      const second = await admin.agent.get(`/api/admin/users/${someone.id}/credits?limit=1&offset=1`).expect(200);
      expect([second.body.map((r: { id: string }) => r.id), totalOf(second)]).toEqual([[history.body[1].id], 3]);
    });

    it('GET transactions: every row newest first, filtered by user and source type', async () => {
      const all = await admin.agent.get('/api/admin/transactions?limit=200').expect(200);
      expect(totalOf(all)).toBe(await count(t, 'credit_transaction'));
      const at = all.body.map((r: { createdAt: string }) => Date.parse(r.createdAt));
      expect([...at].sort((a, b) => b - a)).toEqual(at);
      const admins = await admin.agent.get('/api/admin/transactions?sourceType=admin').expect(200);
      expect(totalOf(admins)).toBe(await count(t, 'credit_transaction', `source_type = 'admin'`));
      expect(admins.body.every((r: { sourceType: string }) => r.sourceType === 'admin')).toBe(true);
      const theirs = await admin.agent.get(`/api/admin/transactions?userId=${target}&sourceType=admin`).expect(200);
      expect(totalOf(theirs)).toBe(await count(t, 'credit_transaction', `user_id = $1 AND source_type = 'admin'`, [target]));
      expect(theirs.body.every((r: { userId: string }) => r.userId === target)).toBe(true);
    });
  });

  describe('lists: paging and headers', () => {
    const lists = () => [
      '/api/admin/users',
      '/api/admin/search-users?q=example',
      `/api/admin/users/${target}/credits`,
      '/api/admin/transactions',
      '/api/admin/audit',
      '/api/admin/images/hidden',
      '/api/admin/whitelist',
      '/api/admin/flagged-devices',
    ];
    const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

    it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=x', 'limit=2.5', 'offset=-1', 'offset=x', 'limit=1&limit=2'])(
      '%s is 400 VALIDATION.FAILED on every list, with no-store',
      async (query) => {
        for (const path of lists()) {
          const res = await admin.agent.get(withQuery(path, query));
          expect([path, res.status, res.body.code]).toEqual([path, 400, 'VALIDATION.FAILED']);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      },
    );

    it('every list answers an array with X-Total-Count; limit 1 and 200 are accepted; the default page is 50', async () => {
      for (const path of lists()) {
        for (const query of ['limit=1', 'limit=200', 'offset=0']) {
          const res = await admin.agent.get(withQuery(path, query)).expect(200);
          expect(Array.isArray(res.body)).toBe(true);
          expect(Number.isInteger(totalOf(res))).toBe(true);
          expect(res.body.length).toBeLessThanOrEqual(query === 'limit=1' ? 1 : 200);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
      // 55 ledger rows for one user: the default page holds 50 of them.
      const many = await newAccount(t);
      await sql(
        t,
        `INSERT INTO credit_transaction (user_id, type, credit_kind, credits, source_type, created_at)
         SELECT $1, 'grant', 'regular', 1, 'test', now() - make_interval(secs => g) FROM generate_series(1, 55) g`,
        [many],
      );
      const first = await admin.agent.get(`/api/admin/users/${many}/credits`).expect(200);
      expect([first.body.length, totalOf(first)]).toEqual([50, 55]);
      const rest = await admin.agent.get(`/api/admin/users/${many}/credits?offset=50`).expect(200);
      expect(rest.body).toHaveLength(5);
      expect(new Set([...first.body, ...rest.body].map((r: { id: string }) => r.id)).size).toBe(55);
    });
  });

  it('the fallback test on the local engine (no REPLICATE_API_TOKEN) answers {model, success, error}; the configuration says local', async () => {
    await admin.agent.post('/api/admin/fallback/override').send({ enabled: null }).expect(200);
    const res = await admin.agent.post('/api/admin/fallback/test').expect(200);
    expect(res.body).toEqual({ model: 'local-engine', success: true, error: null, latencyMs: expect.any(Number) });
    const status = await admin.agent.get('/api/admin/fallback/status').expect(200);
    expect(status.body).toMatchObject({
      currentModel: 'local-engine',
      adminOverride: null,
      configuration: { engine: 'local', primaryModel: 'local-engine', fallbackModel: null, failureThreshold: 5, fallbackDurationMinutes: 10, recoveryIntervalMinutes: 10 },
    });
  });

  it('each matrix action by the admin left exactly one finished audit row, newest first in GET /api/admin/audit', async () => {
    const listed = await admin.agent.get('/api/admin/audit?limit=200').expect(200);
    const rows = await auditRows(t);
    expect(totalOf(listed)).toBe(rows.length);
    expect(listed.body.map((e: { id: string }) => e.id)).toEqual(rows.map((r) => String(r.id)).reverse());
    // Each kind of action the matrix made, with the row it left.
    const actions = rows.map((r) => r.action);
    for (const action of ['credits.adjust', 'user.suspend', 'fallback.override', 'fallback.reset', 'fallback.test', 'model.reorder', 'model.enable', 'model.test', 'image.hide', 'whitelist.add', 'whitelist.update']) {
      expect(actions).toContain(action);
    }
    expect(rows.every((r) => r.outcome !== 'started' && r.finished_at !== null)).toBe(true);
    expect(rows.every((r) => r.admin_id === admin.id && r.admin_email === ADMIN_EMAIL)).toBe(true);
  });
});
