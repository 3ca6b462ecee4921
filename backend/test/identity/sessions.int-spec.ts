import request from 'supertest';
import { PruneRateLimitsJob } from '../../src/shared/rate-limit/prune-rate-limits.job';
import { mailsTo } from '../support/outbox';
import { createTestApp, TestApp } from '../support/test-app';
import { expectNoSecrets, signUpBody, sessionCookie, sessionIdOf, sql, USER_VIEW_KEYS, verificationTokenFor } from './identity-helpers';

/** Sign-in, sign-out, password change, suspension, lock-out (D18, D19, D21, D22). */
describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REGISTRATIONS_PER_IP_PER_DAY: '1000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000', ADMIN_EMAILS: 'chief@example.com' },
    });
  });
  afterAll(() => t.close());

  /** An account created through the API, then signed out. */
  async function account(overrides: Record<string, unknown> = {}) {
    const body = signUpBody(overrides);
    const agent = request.agent(t.http);
    const res = await agent.post('/api/register').send(body).expect(201);
    await agent.post('/api/logout').expect(200);
    return { ...body, id: res.body.id as string };
  }

  async function signedIn(email: string, password: string) {
    const agent = request.agent(t.http);
    const res = await agent.post('/api/login').send({ email, password }).expect(200);
    return { agent, res, cookie: sessionCookie(res)! };
  }

  const sessionRows = (userId: string) =>
    sql<{ sid: string }>(t, `SELECT sid FROM "session" WHERE sess::jsonb -> 'passport' ->> 'user' = $1`, [userId]);

  it('signs in with the e-mail in any case, answers the user, and renews the session id', async () => {
    const user = await account();
    const agent = request.agent(t.http);
    const before = sessionCookie(await agent.post('/api/register').send(signUpBody()).expect(201))!; // an existing session
    const res = await agent.post('/api/login').send({ email: user.email.toUpperCase(), password: user.password }).expect(200);

    expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, username: user.username, isAdmin: false });
    const after = sessionCookie(res)!;
    expect(after).toBeDefined();
    expect(sessionIdOf(after)).not.toBe(sessionIdOf(before)); // D18: no session fixation
    expect((await agent.get('/api/user').expect(200)).body.id).toBe(user.id);
    // The session that was there before the sign-in is gone, not merely left behind.
    await request(t.http).get('/api/user').set('Cookie', before).expect(401);
    const [row] = await sql<{ password: string }>(t, `SELECT password FROM "user" WHERE id = $1`, [user.id]);
    expectNoSecrets(res, [row.password, user.password], [sessionIdOf(after)]);
  });

  it('answers a wrong password and an unknown e-mail alike (401)', async () => {
    const user = await account();
    const wrong = await request(t.http).post('/api/login').send({ email: user.email, password: 'not-the-password' }).expect(401);
    const unknown = await request(t.http).post('/api/login').send({ email: 'nobody@example.com', password: 'whatever1' }).expect(401);
    const expected = { message: 'Invalid email or password', error: 'Invalid email or password', code: 'IDENTITY.INVALID_CREDENTIALS' };
    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: '', password: 'x' }, 'Email is required'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
  ])('answers login %j with 400 "%s"', async (body, message) => {
    const res = await request(t.http).post('/api/login').send(body).expect(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION.FAILED' });
  });

  it('answers GET /api/user with 401 when signed out', async () => {
    const res = await request(t.http).get('/api/user').expect(401);
    expect(res.body).toEqual({ message: 'Authentication required', error: 'Authentication required', code: 'AUTH.REQUIRED' });
  });

  it('sends a browser that lands on GET /api/login to the sign-in page (000 §2)', async () => {
    await request(t.http).get('/api/login').expect(302).expect('Location', '/auth');
  });

  it('reports isAdmin for the verified e-mails in ADMIN_EMAILS (D22, D25)', async () => {
    const admin = await account({ email: 'Chief@Example.com' });
    await request(t.http).get(`/api/confirm-email/${verificationTokenFor(t, 'chief@example.com')}`).expect(200);
    const { agent, res } = await signedIn('chief@example.com', admin.password);
    expect(res.body.isAdmin).toBe(true);
    expect((await agent.get('/api/user').expect(200)).body.isAdmin).toBe(true);
  });

  it('logs out: the session row is destroyed, the cookie cleared, the old cookie useless', async () => {
    const user = await account();
    const { agent, cookie } = await signedIn(user.email, user.password);
    expect(await sessionRows(user.id)).toHaveLength(1);

    const res = await agent.post('/api/logout').expect(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/magic\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await sessionRows(user.id)).toHaveLength(0);
    await agent.get('/api/user').expect(401);
    await request(t.http).get('/api/user').set('Cookie', cookie).expect(401);
    await request(t.http).get('/api/user/credits').set('Cookie', cookie).expect(401);

    // Signing out when already signed out is fine.
    await request(t.http).post('/api/logout').expect(200);
  });

  describe('password change', () => {
    it('ends every other session of the user, keeps this one, and sends a security mail', async () => {
      const user = await account();
      const other = await account();
      const mine = await signedIn(user.email, user.password);
      const elsewhere = await signedIn(user.email, user.password);
      const otherUser = await signedIn(other.email, other.password);
      expect(await sessionRows(user.id)).toHaveLength(2);

      const res = await mine.agent
        .post('/api/user/change-password')
        .send({ currentPassword: user.password, newPassword: 'brand-new-pass' })
        .expect(200);
      expect(res.body).toEqual({ message: 'Password changed successfully' });

      await elsewhere.agent.get('/api/user').expect(401);
      expect((await mine.agent.get('/api/user').expect(200)).body.id).toBe(user.id);
      expect(await sessionRows(user.id)).toEqual([{ sid: sessionIdOf(mine.cookie) }]);
      await otherUser.agent.get('/api/user').expect(200); // another user's session is not touched

      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
      await request(t.http).post('/api/login').send({ email: user.email, password: 'brand-new-pass' }).expect(200);

      const mails = mailsTo(t.outboxDir, user.email).filter((m) => m.subject === 'Your Magic Editor password was changed');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('password of your Magic Editor account was changed');
      expect(mails[0].text).not.toContain('brand-new-pass');
    });

    it('refuses a wrong current password (400) and changes nothing', async () => {
      const user = await account();
      const { agent } = await signedIn(user.email, user.password);
      const res = await agent
        .post('/api/user/change-password')
        .send({ currentPassword: 'wrong-password', newPassword: 'brand-new-pass' })
        .expect(400);
      expect(res.body).toEqual({ message: 'Current password is incorrect', error: 'Current password is incorrect', code: 'IDENTITY.WRONG_PASSWORD' });
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    });

    it.each([
      [{ newPassword: 'long-enough' }, 'Current password is required'],
      [{ currentPassword: '', newPassword: 'long-enough' }, 'Current password is required'],
      [{ currentPassword: 'x', newPassword: 'short12' }, 'Password must be at least 8 characters'],
      [{ currentPassword: 'x' }, 'Password must be at least 8 characters'],
    ])('answers %j with 400 "%s"', async (body, message) => {
      const user = await account();
      const { agent } = await signedIn(user.email, user.password);
      const res = await agent.post('/api/user/change-password').send(body).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 401 when signed out', async () => {
      await request(t.http).post('/api/user/change-password').send({ currentPassword: 'a', newPassword: 'bbbbbbbb' }).expect(401);
    });
  });

  describe('suspension (D21)', () => {
    it('refuses sign-in with 403 "Account suspended", and ends open sessions at once', async () => {
      const user = await account();
      const { agent, cookie } = await signedIn(user.email, user.password);
      await agent.get('/api/user').expect(200);

      await sql(t, `UPDATE "user" SET is_suspended = true WHERE id = $1`, [user.id]);
      const me = await agent.get('/api/user').expect(401);
      expect(me.body.code).toBe('AUTH.REQUIRED');
      await request(t.http).get('/api/user/credits').set('Cookie', cookie).expect(401);

      const login = await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(403);
      expect(login.body).toEqual({ message: 'Account suspended', error: 'Account suspended', code: 'IDENTITY.SUSPENDED' });
      expect(sessionCookie(login)).toBeUndefined();
      // A wrong password is not told that the account is suspended.
      await request(t.http).post('/api/login').send({ email: user.email, password: 'wrong-password' }).expect(401);

      await sql(t, `UPDATE "user" SET is_suspended = false WHERE id = $1`, [user.id]);
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    });

    it('ends the sessions of a deleted account', async () => {
      const user = await account();
      const { agent } = await signedIn(user.email, user.password);
      await sql(t, `DELETE FROM "user" WHERE id = $1`, [user.id]);
      await agent.get('/api/user').expect(401);
    });
  });

  describe('login lock-out (D19)', () => {
    it('refuses every attempt after 5 failures per address and e-mail, until the block ends', async () => {
      const user = await account();
      const other = await account();
      for (let i = 0; i < 5; i += 1) {
        await request(t.http).post('/api/login').send({ email: user.email, password: `wrong-${i}` }).expect(401);
      }
      const blocked = await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(429);
      expect(blocked.body).toMatchObject({
        message: 'Too many login attempts. Please try again in 15 minutes.',
        code: 'RATE_LIMIT.BLOCKED',
      });
      // Counted per e-mail: another account from the same address still signs in.
      await request(t.http).post('/api/login').send({ email: other.email, password: other.password }).expect(200);

      const [row] = await sql<{ attempt_count: number; is_blocked: boolean }>(
        t,
        `SELECT attempt_count, is_blocked FROM rate_limit_attempt WHERE attempt_type = 'login' AND identifier = $1`,
        [user.email],
      );
      // 5 attempts checked, the 6th counted and refused (D26: counted before the check).
      expect(row).toEqual({ attempt_count: 6, is_blocked: true });

      // The block ends after LOGIN_BLOCK_MINUTES: move it into the past rather than wait.
      await sql(t, `UPDATE rate_limit_attempt SET blocked_until = now() - interval '1 second' WHERE identifier = $1`, [user.email]);
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
      expect(await sql(t, `SELECT 1 FROM rate_limit_attempt WHERE identifier = $1`, [user.email])).toHaveLength(0);
    });

    it('forgets the failures after a successful sign-in, and after the window', async () => {
      const user = await account();
      const fail = () => request(t.http).post('/api/login').send({ email: user.email, password: 'wrong' }).expect(401);
      for (let i = 0; i < 4; i += 1) await fail();
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
      for (let i = 0; i < 4; i += 1) await fail();
      // Past the 15-minute window the count starts again.
      await sql(t, `UPDATE rate_limit_attempt SET window_start = now() - interval '16 minutes' WHERE identifier = $1`, [user.email]);
      for (let i = 0; i < 4; i += 1) await fail();
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    });

    it('prunes counters idle for a day that block nothing, and keeps the others', async () => {
      await sql(
        t,
        `INSERT INTO rate_limit_attempt (ip_address, attempt_type, identifier, window_start, last_attempt, is_blocked, blocked_until) VALUES
           ('192.0.2.1', 'login', 'idle@example.com', now() - interval '2 days', now() - interval '2 days', false, NULL),
           ('192.0.2.1', 'login', 'expired@example.com', now() - interval '2 days', now() - interval '2 days', true, now() - interval '1 day'),
           ('192.0.2.1', 'login', 'blocked@example.com', now() - interval '2 days', now() - interval '2 days', true, now() + interval '1 hour'),
           ('192.0.2.1', 'login', 'recent@example.com', now() - interval '1 hour', now() - interval '1 hour', false, NULL)`,
      );
      expect(await t.app.get(PruneRateLimitsJob).execute()).toBe(2);
      const left = await sql<{ identifier: string }>(t, `SELECT identifier FROM rate_limit_attempt WHERE ip_address = '192.0.2.1' ORDER BY 1`);
      expect(left.map((r) => r.identifier)).toEqual(['blocked@example.com', 'recent@example.com']);
    });

    it('counts concurrent failures exactly (one atomic upsert per attempt)', async () => {
      const user = await account();
      await Promise.all(
        [0, 1, 2, 3, 4].map((i) => request(t.http).post('/api/login').send({ email: user.email, password: `wrong-${i}` })),
      );
      await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(429);
    });
  });
});
