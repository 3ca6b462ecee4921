import request from 'supertest';
import { IDENTITY_API, type IdentityApi, UserNotFoundError } from '../../src/modules/identity';
import { smallJpeg } from '../support/images';
import { createTestApp, TestApp } from '../support/test-app';
import { signUpBody, sql, verificationTokenFor } from './identity-helpers';

/** D25 (admin only once verified) and IDENTITY_API against the real database. */
describe('IDENTITY_API and admins (D21, D22, D25, D32)', () => {
  let t: TestApp;
  let api: IdentityApi;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REGISTRATIONS_PER_IP_PER_DAY: '1000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000', ADMIN_EMAILS: 'root@example.com,ops@example.com' },
    });
    api = t.app.get<IdentityApi>(IDENTITY_API);
  });
  afterAll(() => t.close());

  /** An account created through the API; the agent stays signed in. */
  async function signUp(overrides: Record<string, unknown> = {}) {
    const body = signUpBody(overrides);
    const agent = request.agent(t.http);
    const res = await agent.post('/api/register').send(body).expect(201);
    return { ...body, id: res.body.id as string, agent, isAdmin: res.body.isAdmin as boolean };
  }

  const verify = async (email: string) =>
    request(t.http).get(`/api/confirm-email/${verificationTokenFor(t, email)}`).expect(200);

  async function privateImageOf(userId: string): Promise<string> {
    const [row] = await sql<{ id: string }>(
      t,
      `INSERT INTO image (user_id, prompt, style, status, is_public, generated_image_data, generated_mime_type)
       VALUES ($1, 'a private one', 'funny', 'completed', false, $2, 'image/jpeg') RETURNING id`,
      [userId, await smallJpeg()],
    );
    return row.id;
  }

  describe('D25: a listed e-mail is admin only once verified', () => {
    it('an unverified listed account is a plain user and cannot read private images; verifying makes it admin', async () => {
      const owner = await signUp();
      const imageId = await privateImageOf(owner.id);
      await owner.agent.get(`/api/images/${imageId}`).expect(200);

      const claimant = await signUp({ email: 'Root@Example.com' });
      expect(claimant.isAdmin).toBe(false);
      expect((await claimant.agent.get('/api/user').expect(200)).body).toMatchObject({ emailVerified: false, isAdmin: false });
      await claimant.agent.get(`/api/images/${imageId}`).expect(404);
      await claimant.agent.get(`/api/images/${imageId}/original`).expect(404);
      expect(await api.findById(claimant.id)).toMatchObject({ isVerified: false, isAdmin: false });

      await verify('root@example.com');
      // The same session: isAdmin is read afresh on every request.
      expect((await claimant.agent.get('/api/user').expect(200)).body).toMatchObject({ emailVerified: true, isAdmin: true });
      const res = await claimant.agent.get(`/api/images/${imageId}`).expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(await api.findById(claimant.id)).toMatchObject({ isVerified: true, isAdmin: true });
    });

    it('a signed-in unlisted verified account is not admin', async () => {
      const user = await signUp();
      await verify(user.email);
      expect((await user.agent.get('/api/user').expect(200)).body.isAdmin).toBe(false);
    });
  });

  describe('IDENTITY_API', () => {
    it('finds users by id and by ids, without secrets; unknown and malformed ids are left out', async () => {
      const a = await signUp({ firstName: 'Ann' });
      const b = await signUp();
      const found = await api.findById(a.id);
      expect(found).toEqual({
        id: a.id,
        email: a.email,
        username: a.username,
        firstName: 'Ann',
        lastName: null,
        isVerified: false,
        isAdmin: false,
        isSuspended: false,
        createdAt: expect.any(Date),
      });
      expect(await api.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
      expect(await api.findById('not-a-uuid')).toBeNull();

      const many = await api.findByIds([a.id, b.id, a.id, 'nope', '00000000-0000-4000-8000-000000000000']);
      expect(many.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
      expect(await api.findByIds([])).toEqual([]);
    });

    it('lists every account newest first, 50 a page by default, with the total', async () => {
      // Enough accounts for two pages (inserted directly: hashing 55 passwords proves nothing
      // here); created_at spread so the order is certain.
      await sql(
        t,
        `INSERT INTO "user" (email, username, password)
         SELECT 'bulk' || g || '@example.com', 'bulk_' || g, 'not-a-hash' FROM generate_series(1, 55) g`,
      );
      await sql(t, `UPDATE "user" u SET created_at = now() - make_interval(secs => r.rn) FROM
                      (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM "user") r WHERE r.id = u.id`);
      const all = await sql<{ id: string }>(t, `SELECT id FROM "user" ORDER BY created_at DESC, id DESC`);

      const first = await api.list();
      expect(first).toMatchObject({ total: all.length, limit: 50, offset: 0 });
      expect(first.items.map((u) => u.id)).toEqual(all.slice(0, 50).map((r) => r.id));
      const second = await api.list({ limit: 50, offset: 50 });
      expect(second.items.map((u) => u.id)).toEqual(all.slice(50, 100).map((r) => r.id));
      const small = await api.list({ limit: 3, offset: 1 });
      expect(small.items.map((u) => u.id)).toEqual(all.slice(1, 4).map((r) => r.id));
      // One paging rule for every admin list (shared/pagination): out of range is a 400, not clamped.
      await expect(api.list({ limit: 100_000 })).rejects.toMatchObject({ code: 'VALIDATION.FAILED' });
      await expect(api.search('x', { offset: -1 })).rejects.toMatchObject({ code: 'VALIDATION.FAILED' });
    });

    it('searches by part of the e-mail or username in any case, or by id, newest first', async () => {
      const zed = await signUp({ email: 'zed.searchable@example.com', username: 'Quokka_one' });
      const other = await signUp({ username: 'quokka_two' });
      await sql(t, `UPDATE "user" SET created_at = now() + interval '1 minute' WHERE id = $1`, [other.id]);

      const byName = await api.search('QUOKKA');
      expect(byName.total).toBe(2);
      expect(byName.items.map((u) => u.id)).toEqual([other.id, zed.id]);
      expect((await api.search('Zed.Searchable')).items.map((u) => u.id)).toEqual([zed.id]);
      expect((await api.search(zed.id)).items.map((u) => u.id)).toEqual([zed.id]);
      expect((await api.search('quokka', { limit: 1, offset: 1 })).items.map((u) => u.id)).toEqual([zed.id]);
      // LIKE wildcards are taken literally.
      expect((await api.search('%')).total).toBe(0);
      expect((await api.search('quokka_')).total).toBe(2);
      expect((await api.search('qu_kka')).total).toBe(0);
      expect((await api.search('   ')).total).toBe((await api.list()).total);
    });

    it('suspends at once: sessions end, sign-in is refused; unsuspending lets the user sign in again', async () => {
      const user = await signUp();
      const second = request.agent(t.http);
      await second.post('/api/login').send({ email: user.email, password: user.password }).expect(200);
      const sessions = () => sql(t, `SELECT sid FROM "session" WHERE sess::jsonb -> 'passport' ->> 'user' = $1`, [user.id]);
      expect(await sessions()).toHaveLength(2);

      expect(await api.suspend(user.id)).toMatchObject({ id: user.id, isSuspended: true });
      expect(await sessions()).toHaveLength(0);
      await user.agent.get('/api/user').expect(401);
      await second.get('/api/user').expect(401);
      const refused = await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(403);
      expect(refused.body.message).toBe('Account suspended');
      expect(await api.suspend(user.id)).toMatchObject({ isSuspended: true }); // idempotent

      expect(await api.unsuspend(user.id)).toMatchObject({ isSuspended: false });
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
      await expect(api.suspend('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(UserNotFoundError);
      await expect(api.unsuspend('nope')).rejects.toMatchObject({ code: 'IDENTITY.USER_NOT_FOUND', kind: 'not_found' });
    });

    it('says whether an address, e-mail or device is whitelisted (active entries only)', async () => {
      const fp = 'ab'.repeat(32);
      await sql(
        t,
        `INSERT INTO admin_whitelist (type, value, is_active) VALUES
           ('ip', '198.51.100.7', true), ('email', 'Friend@Example.com', true), ('fingerprint', $1, true),
           ('ip', '198.51.100.8', false)`,
        [fp],
      );
      expect(await api.isWhitelisted({ ip: '198.51.100.7' })).toBe(true);
      expect(await api.isWhitelisted({ ip: '::ffff:198.51.100.7' })).toBe(true);
      expect(await api.isWhitelisted({ ip: '198.51.100.8' })).toBe(false);
      expect(await api.isWhitelisted({ email: ' friend@EXAMPLE.com ' })).toBe(true);
      expect(await api.isWhitelisted({ deviceFingerprint: fp })).toBe(true);
      expect(await api.isWhitelisted({ ip: '203.0.113.1', email: 'stranger@example.com', deviceFingerprint: 'cd'.repeat(32) })).toBe(false);
      expect(await api.isWhitelisted({ ip: '203.0.113.1', email: 'friend@example.com' })).toBe(true);
      expect(await api.isWhitelisted({})).toBe(false);
    });
  });
});
