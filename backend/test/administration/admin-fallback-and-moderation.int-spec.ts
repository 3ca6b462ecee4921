import request from 'supertest';
import { Client } from 'pg';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { generate } from '../generation/generation-helpers';
import { E004_UNAVAILABLE, startFakeReplicate, type FakeReplicate } from '../support/fake-replicate';
import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import {
  ADMIN_EMAIL,
  auditRows,
  count,
  createAdminApp,
  everything,
  lastAuditId,
  signedInAdmin,
  signedInUser,
  sql,
  totalOf,
  type Agent,
  type TestUser,
} from './admin-helpers';
import { newAccount, newImage } from '../support/fixtures';

const PRIMARY = 'black-forest-labs/flux-kontext-max';
const FALLBACK = 'black-forest-labs/flux-kontext-pro';

/**
 * 001 §2 System Reliability (D11) through the admin API on two instances of one database (the
 * Replicate models behind a fake Replicate server); moderation (D14: hiding images; D19: the
 * whitelist and flagged devices); and the audit row each action leaves (D32).
 */
describe('admin: fallback control, moderation, whitelist', () => {
  let fake: FakeReplicate;
  let a: TestApp;
  let b: TestApp;
  let db: Client;
  let admin: TestUser;
  /** The same admin, signed in on instance b. */
  let adminB: Agent;
  /** A user with credits, signed in on instance b, whose generations show which model b uses. */
  let creator: TestUser;
  let photo: Buffer;

  beforeAll(async () => {
    fake = await startFakeReplicate();
    photo = await smallJpeg();
    const env = { ...fake.env, MODEL_TIMEOUT_MS: '3000' };
    a = await createAdminApp({ env });
    b = await createAdminApp({ env, db: a.db });
    db = new Client({ connectionString: a.db.url });
    await db.connect();
    admin = await signedInAdmin(a);
    adminB = request.agent(b.http);
    await adminB.post('/api/login').send({ email: ADMIN_EMAIL, password: 'secret-pass-1' }).expect(200);
    creator = await signedInUser(b, { regular: 50 });
  });
  afterAll(async () => {
    await db?.end();
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  describe('fallback: override, reset and test change the state every instance sees (D11)', () => {
    beforeEach(async () => {
      fake.clear();
      await db.query(`UPDATE model_fallback_state SET admin_override = NULL, chain_order = NULL WHERE id = 1`);
      await db.query(`UPDATE model_health SET disabled = false, skipped = false, failure_count = 0, skipped_until = NULL, last_failure_time = NULL, last_recovery_check = NULL`);
    });
    const statusOnB = async () => (await adminB.get('/api/admin/fallback/status').expect(200)).body;
    /** The model instance b's next generation (a real POST /api/generate) asks Replicate for. */
    const modelUsedByB = async () => {
      const before = fake.createdModels().length;
      await generate(creator.agent, { image: photo, prompt: 'make it black and white' }).expect(200);
      return fake.createdModels().slice(before);
    };
    /** Five generations on b whose primary fails: each is made by the fallback (D41), and the fallback switches on (failureThreshold 5). */
    const failFiveTimes = async () => {
      fake.enqueueFor(PRIMARY, ...Array.from({ length: 5 }, () => ({ kind: 'fail', error: E004_UNAVAILABLE }) as const));
      for (let i = 0; i < 5; i++) {
        const res = await generate(creator.agent, { image: photo, prompt: 'make it black and white' }).expect(200);
        expect(res.body.model).toBe(FALLBACK);
      }
    };

    it('GET fallback/status: the shared state and the Replicate configuration', async () => {
      const res = await adminB.get('/api/admin/fallback/status').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        isActive: false,
        adminOverride: null,
        failureCount: 0,
        retryAfter: null,
        lastFailureTime: null,
        currentModel: PRIMARY,
        configuration: { engine: 'replicate', primaryModel: PRIMARY, fallbackModel: FALLBACK, failureThreshold: 5, fallbackDurationMinutes: 10, recoveryIntervalMinutes: 10 },
      });
    });

    it('override true / false / null on instance a steers instance b’s generations; one audit row each', async () => {
      const from = await lastAuditId(a);
      const on = await admin.agent.post('/api/admin/fallback/override').send({ enabled: true }).expect(200);
      expect(on.headers['cache-control']).toBe('no-store');
      expect(on.body).toMatchObject({ adminOverride: true, currentModel: FALLBACK });
      expect(await statusOnB()).toMatchObject({ adminOverride: true, isActive: false, currentModel: FALLBACK });
      expect(await modelUsedByB()).toEqual([FALLBACK]);

      // The primary fails: automatic rules would now use the fallback; false forces the primary.
      await admin.agent.post('/api/admin/fallback/override').send({ enabled: null }).expect(200);
      await failFiveTimes();
      expect(await statusOnB()).toMatchObject({ adminOverride: null, isActive: true, failureCount: 5, currentModel: FALLBACK });
      const off = await admin.agent.post('/api/admin/fallback/override').send({ enabled: false }).expect(200);
      expect(off.body).toMatchObject({ adminOverride: false, isActive: true, currentModel: PRIMARY });
      expect(await statusOnB()).toMatchObject({ adminOverride: false, currentModel: PRIMARY });
      expect(await modelUsedByB()).toEqual([PRIMARY]);

      // Back to automatic: the fallback is still active (a success on the forced primary counted).
      const auto = await admin.agent.post('/api/admin/fallback/override').send({ enabled: null }).expect(200);
      expect(auto.body.adminOverride).toBeNull();
      expect((await statusOnB()).adminOverride).toBeNull();
      expect(await modelUsedByB()).toEqual([(await statusOnB()).currentModel]);

      const rows = await auditRows(a, from);
      expect(rows.map((r) => [r.action, r.target_type, r.details.enabled, r.outcome, r.admin_id])).toEqual([
        ['fallback.override', 'fallback', true, 'succeeded', admin.id],
        ['fallback.override', 'fallback', null, 'succeeded', admin.id],
        ['fallback.override', 'fallback', false, 'succeeded', admin.id],
        ['fallback.override', 'fallback', null, 'succeeded', admin.id],
      ]);
    });

    it('reset on instance a: no failures and the fallback off on instance b; the override stays', async () => {
      await failFiveTimes();
      expect(await statusOnB()).toMatchObject({ isActive: true, failureCount: 5, currentModel: FALLBACK });
      const from = await lastAuditId(a);
      const res = await admin.agent.post('/api/admin/fallback/reset').expect(200);
      expect(res.body).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null, currentModel: PRIMARY });
      expect(await statusOnB()).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null, adminOverride: null, currentModel: PRIMARY });
      expect(await modelUsedByB()).toEqual([PRIMARY]);

      await admin.agent.post('/api/admin/fallback/override').send({ enabled: true }).expect(200);
      expect((await adminB.post('/api/admin/fallback/reset').expect(200)).body).toMatchObject({ adminOverride: true, currentModel: FALLBACK });
      expect((await admin.agent.get('/api/admin/fallback/status').expect(200)).body).toMatchObject({ adminOverride: true, failureCount: 0 });
      const rows = await auditRows(a, from);
      expect(rows.map((r) => [r.action, r.outcome])).toEqual([
        ['fallback.reset', 'succeeded'],
        ['fallback.override', 'succeeded'],
        ['fallback.reset', 'succeeded'],
      ]);
    });

    it('test: one real generation against the model in use, answering {model, success, error}; a failure counts', async () => {
      const from = await lastAuditId(a);
      expect((await admin.agent.post('/api/admin/fallback/test').expect(200)).body).toEqual({ model: PRIMARY, success: true, error: null, latencyMs: expect.any(Number) });
      expect(fake.createdModels()).toEqual([PRIMARY]);

      await adminB.post('/api/admin/fallback/override').send({ enabled: true }).expect(200);
      expect((await admin.agent.post('/api/admin/fallback/test').expect(200)).body).toEqual({ model: FALLBACK, success: true, error: null, latencyMs: expect.any(Number) });

      await admin.agent.post('/api/admin/fallback/override').send({ enabled: null }).expect(200);
      fake.enqueue({ kind: 'fail', error: E004_UNAVAILABLE });
      const failed = await admin.agent.post('/api/admin/fallback/test').expect(200);
      expect(failed.body).toMatchObject({ model: PRIMARY, success: false });
      expect(failed.body.error).toMatch(/E004/);
      expect(await statusOnB()).toMatchObject({ failureCount: 1, isActive: false });
      expect(fake.createdModels()).toEqual([PRIMARY, FALLBACK, PRIMARY]);

      const rows = await auditRows(a, from);
      expect(rows.map((r) => [r.action, r.outcome, r.details.model, r.details.success])).toEqual([
        ['fallback.test', 'succeeded', PRIMARY, true],
        ['fallback.override', 'succeeded', undefined, undefined],
        ['fallback.test', 'succeeded', FALLBACK, true],
        ['fallback.override', 'succeeded', undefined, undefined],
        ['fallback.test', 'succeeded', PRIMARY, false],
      ]);
    });

    it('D41 chain: GET models; reorder on a steers b\'s next generation; disable and enable; test one model; one audit row each', async () => {
      const chain = (await adminB.get('/api/admin/models').expect(200)).body;
      expect(chain).toMatchObject({ engine: 'replicate', currentModel: PRIMARY, failureThreshold: 5, skipMinutes: 10, recoveryIntervalMinutes: 10 });
      expect(chain.models.map((m: { model: string; position: number; status: string; price: { description: string } }) => [m.model, m.position, m.status, m.price.description])).toEqual([
        [PRIMARY, 1, 'in-use', '$0.08 per image'],
        [FALLBACK, 2, 'standby', '$0.04 per image'],
      ]);

      const from = await lastAuditId(a);
      const reordered = await admin.agent.post('/api/admin/models/order').send({ models: [FALLBACK, PRIMARY] }).expect(200);
      expect(reordered.headers['cache-control']).toBe('no-store');
      expect(reordered.body.currentModel).toBe(FALLBACK);
      expect(await modelUsedByB()).toEqual([FALLBACK]);
      // 001's status follows the chain: its first model is the primary now
      expect((await statusOnB()).configuration).toMatchObject({ primaryModel: FALLBACK, fallbackModel: PRIMARY });

      const disabled = await adminB.post('/api/admin/models/enabled').send({ model: FALLBACK, enabled: false }).expect(200);
      expect(disabled.body.models.map((m: { status: string }) => m.status)).toEqual(['disabled', 'in-use']);
      expect(await modelUsedByB()).toEqual([PRIMARY]);
      const last = await admin.agent.post('/api/admin/models/enabled').send({ model: PRIMARY, enabled: false }).expect(409);
      expect(last.body).toMatchObject({ code: 'MODEL.LAST_ENABLED', message: 'At least one model of the chain must stay enabled.' });
      await admin.agent.post('/api/admin/models/enabled').send({ model: FALLBACK, enabled: true }).expect(200);
      await admin.agent.post('/api/admin/models/enabled').send({ model: 'google/nano-banana', enabled: true }).expect(404);

      fake.enqueueFor(PRIMARY, { kind: 'fail', error: E004_UNAVAILABLE });
      const tested = await admin.agent.post('/api/admin/models/test').send({ model: PRIMARY }).expect(200);
      expect(tested.body).toMatchObject({ model: PRIMARY, success: false, latencyMs: expect.any(Number) });
      expect(tested.body.error).toMatch(/E004/);
      expect((await admin.agent.post('/api/admin/models/test').send({ model: FALLBACK }).expect(200)).body).toMatchObject({ model: FALLBACK, success: true, error: null });

      const rows = await auditRows(a, from);
      expect(rows.map((r) => [r.action, r.target_type, r.target_id, r.outcome])).toEqual([
        ['model.reorder', 'model', null, 'succeeded'],
        ['model.disable', 'model', FALLBACK, 'succeeded'],
        ['model.disable', 'model', PRIMARY, 'failed'],
        ['model.enable', 'model', FALLBACK, 'succeeded'],
        ['model.enable', 'model', 'google/nano-banana', 'failed'],
        ['model.test', 'model', PRIMARY, 'succeeded'],
        ['model.test', 'model', FALLBACK, 'succeeded'],
      ]);
      expect(rows[0].details.models).toEqual([FALLBACK, PRIMARY]);
      expect(rows[5].details).toMatchObject({ success: false });
    });

    it('D41 chain: bad bodies are 400 with nothing changed and no row', async () => {
      const before = await everything(a);
      const bad: Array<[string, unknown]> = [
        ['/api/admin/models/order', {}],
        ['/api/admin/models/order', { models: 'x' }],
        ['/api/admin/models/order', { models: [1, 2] }],
        ['/api/admin/models/enabled', { model: PRIMARY }],
        ['/api/admin/models/enabled', { model: PRIMARY, enabled: 'no' }],
        ['/api/admin/models/test', {}],
        ['/api/admin/models/test', { model: 5 }],
      ];
      for (const [url, body] of bad) {
        const res = await admin.agent.post(url).send(body as object);
        expect([url, JSON.stringify(body), res.status, res.body.code]).toEqual([url, JSON.stringify(body), 400, 'VALIDATION.FAILED']);
      }
      // a well-formed order that is not the chain's set: refused by the chain, audited as failed, nothing changed
      const from = await lastAuditId(a);
      const wrong = await admin.agent.post('/api/admin/models/order').send({ models: [PRIMARY, PRIMARY] }).expect(400);
      expect(wrong.body.code).toBe('MODEL.INVALID_ORDER');
      expect((await auditRows(a, from)).map((r) => [r.action, r.outcome])).toEqual([['model.reorder', 'failed']]);
      const after = await everything(a);
      expect({ ...after, audit: before.audit }).toEqual(before);
    });

    it('bad override bodies are 400 with nothing changed and no row', async () => {
      const before = await everything(a);
      for (const body of [{}, { enabled: 'true' }, { enabled: 1 }, { enabled: [true] }, { enabled: true, extra: 1 }]) {
        const res = await admin.agent.post('/api/admin/fallback/override').send(body);
        expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION.FAILED']);
      }
      expect(await everything(a)).toEqual(before);
    });
  });

  describe('hiding an image (D14)', () => {
    let owner: string;
    beforeAll(async () => {
      owner = await newAccount(a);
    });
    const ids = (res: request.Response) => (res.body as Array<{ id: string }>).map((e) => e.id);
    const feed = (t: TestApp = a) => request(t.http).get('/api/community/recent?limit=50').expect(200);
    const leaderboard = (t: TestApp = a) => request(t.http).get('/api/leaderboard?limit=50').expect(200);

    it('hidden, it leaves the feed and the leaderboard (on every instance); shown, it comes back', async () => {
      const kept = await newImage(a, owner, { laughs: 3, prompt: 'kept' });
      const target = await newImage(a, owner, { laughs: 5, prompt: 'the one to hide' });
      // Warm both instances' caches with the image in them.
      for (const t of [a, b]) {
        expect(ids(await feed(t))).toEqual(expect.arrayContaining([kept, target]));
        expect(ids(await leaderboard(t))).toEqual(expect.arrayContaining([kept, target]));
      }
      const from = await lastAuditId(a);

      const hide = await admin.agent.post(`/api/admin/images/${target.toUpperCase()}/visibility`).send({ hidden: true, reason: ' nudity ' }).expect(200);
      expect(hide.body).toEqual({ id: target, hidden: true });
      expect(hide.headers['cache-control']).toBe('no-store');
      // Every instance, the admin's included, hears of it from the database (the image table's
      // trigger, ADR 0010/0011) within milliseconds of the commit.
      await waitFor('the admin instance’s feed to drop the hidden image', async () => !ids(await feed()).includes(target));
      await waitFor('the admin instance’s leaderboard to drop the hidden image', async () => !ids(await leaderboard()).includes(target));
      expect(ids(await feed())).toContain(kept);
      await waitFor('instance b’s feed to drop the hidden image', async () => !ids(await feed(b)).includes(target));
      await waitFor('instance b’s leaderboard to drop the hidden image', async () => !ids(await leaderboard(b)).includes(target));

      const hidden = await admin.agent.get('/api/admin/images/hidden').expect(200);
      expect(totalOf(hidden)).toBe(1);
      expect(hidden.body).toEqual([{ id: target, userId: owner, prompt: 'the one to hide', createdAt: expect.any(String) }]);

      const show = await admin.agent.post(`/api/admin/images/${target}/visibility`).send({ hidden: false }).expect(200);
      expect(show.body).toEqual({ id: target, hidden: false });
      expect(ids(await feed())).toContain(target);
      expect(ids(await leaderboard())[0]).toBe(target); // 5 laughs: first again
      await waitFor('instance b’s feed to show the image again', async () => ids(await feed(b)).includes(target));
      const none = await admin.agent.get('/api/admin/images/hidden').expect(200);
      expect([none.body, totalOf(none)]).toEqual([[], 0]);

      const rows = await auditRows(a, from);
      expect(rows.map((r) => [r.action, r.target_type, r.target_id, r.reason, r.outcome, r.admin_id, r.admin_email])).toEqual([
        ['image.hide', 'image', target, 'nudity', 'succeeded', admin.id, ADMIN_EMAIL],
        ['image.show', 'image', target, null, 'succeeded', admin.id, ADMIN_EMAIL],
      ]);
    });

    it('hiding twice is harmless; the hidden list is newest first and paged', async () => {
      const first = await newImage(a, owner, { ageSeconds: 200 });
      const second = await newImage(a, owner, { ageSeconds: 100 });
      for (const id of [first, second, second]) await admin.agent.post(`/api/admin/images/${id}/visibility`).send({ hidden: true }).expect(200);
      const list = await admin.agent.get('/api/admin/images/hidden?limit=1').expect(200);
      expect([ids(list), totalOf(list)]).toEqual([[second], 2]);
      expect(ids(await admin.agent.get('/api/admin/images/hidden?limit=1&offset=1').expect(200))).toEqual([first]);
      for (const id of [first, second]) await admin.agent.post(`/api/admin/images/${id}/visibility`).send({ hidden: false }).expect(200);
    });

    it('an unknown image is 404 (a failed audit row); a malformed id is 404 and bad bodies 400, with no row', async () => {
      const id = await newImage(a, owner);
      let from = await lastAuditId(a);
      const unknown = await admin.agent.post('/api/admin/images/00000000-0000-4000-8000-000000000000/visibility').send({ hidden: true }).expect(404);
      expect(unknown.body.code).toBe('ADMIN.IMAGE_NOT_FOUND');
      expect((await auditRows(a, from)).map((r) => [r.action, r.outcome, r.error])).toEqual([['image.hide', 'failed', 'ADMIN.IMAGE_NOT_FOUND']]);

      from = await lastAuditId(a);
      const before = await everything(a);
      for (const bad of ['not-an-id', '12345', `${id}x`]) {
        expect((await admin.agent.post(`/api/admin/images/${bad}/visibility`).send({ hidden: true }).expect(404)).body.code).toBe('ADMIN.IMAGE_NOT_FOUND');
      }
      for (const body of [{}, { hidden: 'true' }, { hidden: null }, { hidden: true, reason: 'r'.repeat(501) }, { hidden: true, extra: 1 }]) {
        const res = await admin.agent.post(`/api/admin/images/${id}/visibility`).send(body);
        expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION.FAILED']);
      }
      expect(await everything(a)).toEqual(before);
      expect(await auditRows(a, from)).toEqual([]);
    });
  });

  describe('whitelist (D19)', () => {
    const identity = () => a.app.get<IdentityApi>(IDENTITY_API);

    it('adds ip, e-mail and fingerprint entries normalised, lists them newest first, one audit row each', async () => {
      const from = await lastAuditId(a);
      const ip = await admin.agent.post('/api/admin/whitelist').send({ type: 'ip', value: ' ::ffff:203.0.113.9 ', reason: ' office ' }).expect(201);
      expect(ip.headers['cache-control']).toBe('no-store');
      expect(ip.body).toEqual({ id: expect.any(String), type: 'ip', value: '203.0.113.9', reason: 'office', isActive: true, createdBy: admin.id, createdAt: expect.any(String) });
      const email = await admin.agent.post('/api/admin/whitelist').send({ type: 'email', value: 'Partner.Team@Example.COM' }).expect(201);
      expect(email.body).toMatchObject({ type: 'email', value: 'partner.team@example.com', reason: null, isActive: true });
      const fp = await admin.agent.post('/api/admin/whitelist').send({ type: 'fingerprint', value: 'AB'.repeat(32) }).expect(201);
      expect(fp.body).toMatchObject({ type: 'fingerprint', value: 'ab'.repeat(32) });

      expect(await identity().isWhitelisted({ email: 'PARTNER.team@example.com' })).toBe(true);
      expect(await identity().isWhitelisted({ ip: '203.0.113.9' })).toBe(true);
      expect(await identity().isWhitelisted({ deviceFingerprint: 'ab'.repeat(32) })).toBe(true);

      const list = await admin.agent.get('/api/admin/whitelist').expect(200);
      expect(totalOf(list)).toBe(await count(a, 'admin_whitelist'));
      expect(list.body.slice(0, 3).map((e: { id: string }) => e.id)).toEqual([fp.body.id, email.body.id, ip.body.id]);

      const rows = await auditRows(a, from);
      expect(rows.map((r) => [r.action, r.target_type, r.reason, r.outcome, r.details.value])).toEqual([
        ['whitelist.add', 'whitelist', 'office', 'succeeded', '203.0.113.9'],
        ['whitelist.add', 'whitelist', null, 'succeeded', 'partner.team@example.com'],
        ['whitelist.add', 'whitelist', null, 'succeeded', 'ab'.repeat(32)],
      ]);
      expect(rows.map((r) => r.details.entryId)).toEqual([ip.body.id, email.body.id, fp.body.id]);
    });

    it('PATCH turns an entry off and on again; the check follows', async () => {
      const entry = (await admin.agent.post('/api/admin/whitelist').send({ type: 'email', value: 'toggle@example.com' }).expect(201)).body;
      const from = await lastAuditId(a);
      const off = await admin.agent.patch(`/api/admin/whitelist/${entry.id}`).send({ isActive: false }).expect(200);
      expect(off.body).toEqual({ ...entry, isActive: false });
      expect(await identity().isWhitelisted({ email: 'toggle@example.com' })).toBe(false);
      const on = await admin.agent.patch(`/api/admin/whitelist/${entry.id}`).send({ isActive: true }).expect(200);
      expect(on.body.isActive).toBe(true);
      expect(await identity().isWhitelisted({ email: 'toggle@example.com' })).toBe(true);
      expect((await auditRows(a, from)).map((r) => [r.action, r.target_id, r.details.isActive, r.outcome])).toEqual([
        ['whitelist.update', entry.id, false, 'succeeded'],
        ['whitelist.update', entry.id, true, 'succeeded'],
      ]);
    });

    it('an unknown entry is 404; a bad PATCH body 400 with nothing changed', async () => {
      const entry = (await admin.agent.post('/api/admin/whitelist').send({ type: 'ip', value: '203.0.113.77' }).expect(201)).body;
      for (const id of ['999999999', 'abc', '-1']) await admin.agent.patch(`/api/admin/whitelist/${id}`).send({ isActive: false }).expect(404);
      const before = await everything(a);
      const from = await lastAuditId(a);
      for (const body of [{}, { isActive: 'false' }, { isActive: 0 }, { isActive: false, value: 'x' }]) {
        const res = await admin.agent.patch(`/api/admin/whitelist/${entry.id}`).send(body);
        expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION.FAILED']);
      }
      expect(await everything(a)).toEqual(before);
      expect(await auditRows(a, from)).toEqual([]);
    });

    it.each([
      ['an unknown type', { type: 'phone', value: '555' }],
      ['no value', { type: 'ip' }],
      ['a number as value', { type: 'ip', value: 42 }],
      ['an empty value', { type: 'email', value: '' }],
      ['a blank value', { type: 'email', value: '   ' }],
      ['a value over 255 characters', { type: 'email', value: `${'x'.repeat(250)}@example.com` }],
      ['a reason over 500 characters', { type: 'ip', value: '203.0.113.5', reason: 'r'.repeat(501) }],
      ['an unknown field', { type: 'ip', value: '203.0.113.6', extra: true }],
      ['an address that is no IP', { type: 'ip', value: 'not-an-ip' }],
      ['an IP out of range', { type: 'ip', value: '256.1.1.1' }],
      ['an e-mail without @', { type: 'email', value: 'nobody.example.com' }],
      ['a short fingerprint', { type: 'fingerprint', value: 'abc123' }],
      ['a fingerprint that is not hex', { type: 'fingerprint', value: 'z'.repeat(64) }],
    ])('adding %s is 400 VALIDATION.FAILED with nothing written (no entry, no audit row)', async (_name, body) => {
      const before = await everything(a);
      const res = await admin.agent.post('/api/admin/whitelist').send(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION.FAILED']);
      expect(await everything(a)).toEqual(before);
    });

    it('adding an entry that exists (same type and normalised value) is not a server error and adds no second entry', async () => {
      await admin.agent.post('/api/admin/whitelist').send({ type: 'email', value: 'twice@example.com' }).expect(201);
      const entries = await count(a, 'admin_whitelist');
      const again = await admin.agent.post('/api/admin/whitelist').send({ type: 'email', value: 'TWICE@example.com' });
      expect(again.status).toBeLessThan(500);
      expect(await count(a, 'admin_whitelist')).toBe(entries);
    });
  });

  describe('flagged devices (D19)', () => {
    it('lists flagged devices newest first with their account, paged', async () => {
      const [x, y, z] = [await newAccount(a), await newAccount(a), await newAccount(a)];
      const fp = (c: string) => c.repeat(64);
      await sql(
        a,
        `INSERT INTO device_fingerprint (fingerprint_hash, user_id, is_flagged, created_at) VALUES
           ($1, $2, true, now() - interval '2 hours'), ($3, $4, true, now() - interval '1 hour'), ($5, $6, false, now())`,
        [fp('a'), x, fp('b'), y, fp('c'), z],
      );
      const list = await admin.agent.get('/api/admin/flagged-devices').expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(totalOf(list)).toBe(2);
      const [{ email: yEmail, username: yName }] = await sql<{ email: string; username: string }>(a, `SELECT email, username FROM "user" WHERE id = $1`, [y]);
      expect(list.body).toEqual([
        { fingerprintHash: fp('b'), userId: y, email: yEmail, username: yName, createdAt: expect.any(String) },
        { fingerprintHash: fp('a'), userId: x, email: expect.any(String), username: expect.any(String), createdAt: expect.any(String) },
      ]);
      const second = await admin.agent.get('/api/admin/flagged-devices?limit=1&offset=1').expect(200);
      expect([second.body.map((d: { userId: string }) => d.userId), totalOf(second)]).toEqual([[x], 2]);
    });
  });

  it('the audit trail: GET /api/admin/audit lists every row of the table, newest first, in the contract shape', async () => {
    const rows = await auditRows(a);
    const listed = await adminB.get('/api/admin/audit?limit=200').expect(200);
    expect(totalOf(listed)).toBe(rows.length);
    expect(listed.body.map((e: { id: string }) => e.id)).toEqual(rows.map((r) => String(r.id)).reverse());
    for (const e of listed.body) {
      expect(Object.keys(e).sort()).toEqual(
        ['action', 'adminEmail', 'adminId', 'createdAt', 'details', 'error', 'finishedAt', 'id', 'outcome', 'reason', 'targetId', 'targetType'].sort(),
      );
      expect(e).toMatchObject({ adminId: admin.id, adminEmail: ADMIN_EMAIL });
      expect(['succeeded', 'failed']).toContain(e.outcome);
    }
    const page = await adminB.get('/api/admin/audit?limit=2&offset=1').expect(200);
    expect(page.body.map((e: { id: string }) => e.id)).toEqual(listed.body.slice(1, 3).map((e: { id: string }) => e.id));
  });

  it('the audit trail is searchable (D32): ?q= matches the admin e-mail, action, target or reason, any case, wildcards literal', async () => {
    const ids = (res: request.Response) => res.body.map((e: { id: string }) => e.id);
    const all = await adminB.get('/api/admin/audit?limit=200').expect(200);
    const expectOnly = async (q: string, keep: (e: { action: string; targetId: string | null; reason: string | null; adminEmail: string }) => boolean) => {
      const res = await adminB.get(`/api/admin/audit?limit=200&q=${encodeURIComponent(q)}`).expect(200);
      const wanted = all.body.filter(keep);
      expect([q, ids(res), totalOf(res)]).toEqual([q, wanted.map((e: { id: string }) => e.id), wanted.length]);
      return wanted.length;
    };
    expect(await expectOnly('WHITELIST.', (e) => e.action.startsWith('whitelist.'))).toBeGreaterThan(0);
    expect(await expectOnly('  nudity ', (e) => (e.reason ?? '').includes('nudity'))).toBeGreaterThan(0);
    const target = all.body.find((e: { targetId: string | null }) => e.targetId && e.targetId.length === 36).targetId as string;
    expect(await expectOnly(target.toUpperCase(), (e) => e.targetId === target)).toBeGreaterThan(0);
    expect(await expectOnly(ADMIN_EMAIL.slice(0, 6), () => true)).toBe(all.body.length);
    expect(await expectOnly('%', () => false)).toBe(0);
    // '_' is a literal underscore, not LIKE's any-one-character (which would match every row).
    expect(await expectOnly('_', (e) => [e.action, e.targetId, e.reason, e.adminEmail].some((v) => (v ?? '').includes('_')))).toBeLessThan(all.body.length);
    await adminB.get('/api/admin/audit?q=a&q=b').expect(400);
  });
});
