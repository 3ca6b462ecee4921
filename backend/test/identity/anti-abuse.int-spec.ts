import request from 'supertest';
import { FakeTurnstile, startFakeTurnstile } from '../support/fake-turnstile';
import { createTestApp, TestApp } from '../support/test-app';
import { fingerprint, signUpBody, sql } from './identity-helpers';

/**
 * D19, D20 with the default limits: 3 accounts per address per day, 10 registration attempts per
 * address per hour, one account per device (more only after a captcha, flagged), whitelist.
 */
describe('anti-abuse behind a trusted proxy, with Turnstile', () => {
  let t: TestApp;
  let turnstile: FakeTurnstile;
  let nextIp = 10;
  /** A client address of its own for each test (the proxy's X-Forwarded-For is trusted here). */
  const freshIp = () => `198.51.100.${(nextIp += 1)}`;
  const register = (ip: string, body: Record<string, unknown> = signUpBody()) =>
    request(t.http).post('/api/register').set('X-Forwarded-For', ip).send(body);

  beforeAll(async () => {
    turnstile = await startFakeTurnstile();
    t = await createTestApp({ env: { TRUST_PROXY: 'true', ...turnstile.env } });
  });
  afterAll(async () => {
    await t.close();
    await turnstile.close();
  });

  it('tells the client which captcha to show', async () => {
    const res = await request(t.http).get('/api/captcha-config').expect(200);
    expect(res.body).toEqual({ provider: 'turnstile', siteKey: turnstile.siteKey });
  });

  it('refuses the 4th account from one address within 24 hours (429), not from another address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await register(ip).expect(201);
    const refused = await register(ip).expect(429);
    expect(refused.body).toEqual({
      message: 'Too many accounts have been created from this network. Please try again later.',
      error: 'Too many accounts have been created from this network. Please try again later.',
      code: 'IDENTITY.REGISTRATION_LIMIT',
    });
    await register(freshIp()).expect(201);

    const rows = await sql<{ ip_address: string }>(t, `SELECT ip_address FROM ip_registration WHERE ip_address = $1`, [ip]);
    expect(rows).toHaveLength(3);
    // A day later the address may create accounts again.
    await sql(t, `UPDATE ip_registration SET created_at = now() - interval '25 hours' WHERE ip_address = $1`, [ip]);
    await register(ip).expect(201);
  });

  it('lets only 3 of 6 simultaneous sign-ups from one address through', async () => {
    const ip = freshIp();
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => register(ip)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('blocks an address for an hour after 10 registration attempts in an hour', async () => {
    const ip = freshIp();
    const taken = signUpBody();
    await register(ip, taken).expect(201);
    for (let i = 2; i <= 10; i += 1) await register(ip, signUpBody({ email: taken.email })).expect(409);
    const blocked = await register(ip).expect(429);
    expect(blocked.body).toMatchObject({ message: 'Too many attempts. Please try again in 60 minutes.', code: 'RATE_LIMIT.BLOCKED' });
    const [row] = await sql<{ blocked_until: Date }>(
      t,
      `SELECT blocked_until FROM rate_limit_attempt WHERE ip_address = $1 AND attempt_type = 'registration'`,
      [ip],
    );
    expect(new Date(row.blocked_until).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    await sql(t, `UPDATE rate_limit_attempt SET blocked_until = now() - interval '1 second' WHERE ip_address = $1`, [ip]);
    await register(ip).expect(201);
  });

  describe('one account per device', () => {
    it('stores the first account of a device', async () => {
      const fp = fingerprint();
      const res = await register(freshIp(), signUpBody({ deviceFingerprint: fp })).expect(201);
      const rows = await sql(t, `SELECT user_id, is_flagged FROM device_fingerprint WHERE fingerprint_hash = $1`, [fp]);
      expect(rows).toEqual([{ user_id: res.body.id, is_flagged: false }]);
    });

    it('asks for a captcha for a second account, refuses a bad token, accepts a valid one and flags the account', async () => {
      const fp = fingerprint();
      const first = await register(freshIp(), signUpBody({ deviceFingerprint: fp })).expect(201);
      const ip = freshIp(); // another network: the device, not the address, is what counts
      const second = signUpBody({ deviceFingerprint: fp });

      const required = await register(ip, second).expect(400);
      expect(required.body).toEqual({
        message: 'Please complete the CAPTCHA to continue.',
        error: 'Please complete the CAPTCHA to continue.',
        code: 'IDENTITY.CAPTCHA_REQUIRED',
        details: { requiresCaptcha: true },
      });

      turnstile.requests.length = 0;
      const invalid = await register(ip, { ...second, captchaToken: 'forged-token' }).expect(400);
      expect(invalid.body).toEqual({
        message: 'CAPTCHA verification failed. Please try again.',
        error: 'CAPTCHA verification failed. Please try again.',
        code: 'IDENTITY.CAPTCHA_INVALID',
        details: { requiresCaptcha: true },
      });
      expect(turnstile.requests).toEqual([expect.objectContaining({ secret: turnstile.secret, response: 'forged-token', remoteip: ip })]);
      expect(await sql(t, `SELECT 1 FROM "user" WHERE email = $1`, [second.email])).toHaveLength(0);

      const created = await register(ip, { ...second, captchaToken: turnstile.validToken }).expect(201);
      expect(created.body.email).toBe(second.email);
      expect(await sql(t, `SELECT user_id, is_flagged FROM device_fingerprint WHERE fingerprint_hash = $1`, [fp])).toEqual([
        { user_id: first.body.id, is_flagged: true },
      ]);
      expect(
        await sql(t, `SELECT fingerprint_hash, is_flagged, is_whitelisted FROM ip_registration WHERE user_id = $1`, [created.body.id]),
      ).toEqual([{ fingerprint_hash: fp, is_flagged: true, is_whitelisted: false }]);
    });

    it('gives one of two simultaneous first sign-ups on a device the account, the other the captcha', async () => {
      const fp = fingerprint();
      const answers = await Promise.all([register(freshIp(), signUpBody({ deviceFingerprint: fp })), register(freshIp(), signUpBody({ deviceFingerprint: fp }))]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
      expect(answers.find((a) => a.status === 400)!.body.code).toBe('IDENTITY.CAPTCHA_REQUIRED');
    });
  });

  describe('admin_whitelist', () => {
    it('an ip entry lifts the per-address limit; an inactive one does not', async () => {
      const ip = freshIp();
      await sql(t, `INSERT INTO admin_whitelist (type, value, reason) VALUES ('ip', $1, 'office')`, [ip]);
      for (let i = 0; i < 5; i += 1) await register(ip).expect(201);
      const rows = await sql<{ is_whitelisted: boolean }>(t, `SELECT is_whitelisted FROM ip_registration WHERE ip_address = $1`, [ip]);
      expect(rows.map((r) => r.is_whitelisted)).toEqual([true, true, true, true, true]);

      const inactive = freshIp();
      await sql(t, `INSERT INTO admin_whitelist (type, value, is_active) VALUES ('ip', $1, false)`, [inactive]);
      for (let i = 0; i < 3; i += 1) await register(inactive).expect(201);
      await register(inactive).expect(429);
    });

    it('a fingerprint entry lets a further account on that device through without a captcha or a flag', async () => {
      const fp = fingerprint();
      await register(freshIp(), signUpBody({ deviceFingerprint: fp })).expect(201);
      await register(freshIp(), signUpBody({ deviceFingerprint: fp })).expect(400);
      await sql(t, `INSERT INTO admin_whitelist (type, value) VALUES ('fingerprint', $1)`, [fp]);
      const res = await register(freshIp(), signUpBody({ deviceFingerprint: fp })).expect(201);
      expect(await sql(t, `SELECT is_flagged FROM device_fingerprint WHERE fingerprint_hash = $1`, [fp])).toEqual([{ is_flagged: false }]);
      expect(await sql(t, `SELECT is_whitelisted, is_flagged FROM ip_registration WHERE user_id = $1`, [res.body.id])).toEqual([
        { is_whitelisted: true, is_flagged: false },
      ]);
    });

    it('an ip entry lifts the login lock-out for that address only', async () => {
      const ip = freshIp();
      const user = signUpBody();
      await register(ip, user).expect(201);
      await sql(t, `INSERT INTO admin_whitelist (type, value) VALUES ('ip', $1)`, [ip]);
      const login = (from: string, password: string) =>
        request(t.http).post('/api/login').set('X-Forwarded-For', from).send({ email: user.email, password });
      for (let i = 0; i < 6; i += 1) await login(ip, 'wrong').expect(401);
      await login(ip, user.password).expect(200);

      const elsewhere = freshIp();
      for (let i = 0; i < 5; i += 1) await login(elsewhere, 'wrong').expect(401);
      await login(elsewhere, user.password).expect(429);
    });

    it('an email entry lifts the limits for that address only', async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i += 1) await register(ip).expect(201);
      const vip = signUpBody({ email: 'VIP.Tester@Example.com' });
      await sql(t, `INSERT INTO admin_whitelist (type, value) VALUES ('email', 'vip.tester@example.com')`);
      await register(ip, vip).expect(201);
      await register(ip).expect(429);
    });
  });
});

describe('anti-abuse without a proxy and without a captcha provider (D20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // TRUST_PROXY unset, no TURNSTILE_* keys
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await sql(t, `DELETE FROM ip_registration`);
    await sql(t, `DELETE FROM rate_limit_attempt`);
  });

  it('says no captcha is configured', async () => {
    expect((await request(t.http).get('/api/captcha-config').expect(200)).body).toEqual({ provider: null, siteKey: null });
  });

  it('refuses a second account on a known device with 403, token or not', async () => {
    const fp = fingerprint();
    await request(t.http).post('/api/register').send(signUpBody({ deviceFingerprint: fp })).expect(201);
    for (const captchaToken of [undefined, 'any-token']) {
      const res = await request(t.http).post('/api/register').send(signUpBody({ deviceFingerprint: fp, captchaToken })).expect(403);
      expect(res.body).toEqual({
        message: 'This device already has an account. Please sign in instead, or contact support.',
        error: 'This device already has an account. Please sign in instead, or contact support.',
        code: 'IDENTITY.CAPTCHA_UNAVAILABLE',
      });
    }
  });

  it('does not let a forged X-Forwarded-For dodge the per-address limit', async () => {
    for (let i = 1; i <= 3; i += 1) {
      await request(t.http).post('/api/register').set('X-Forwarded-For', `203.0.113.${i}`).send(signUpBody()).expect(201);
    }
    const res = await request(t.http).post('/api/register').set('X-Forwarded-For', '203.0.113.99').send(signUpBody()).expect(429);
    expect(res.body.code).toBe('IDENTITY.REGISTRATION_LIMIT');
    const rows = await sql<{ ip_address: string }>(t, `SELECT DISTINCT ip_address FROM ip_registration`);
    expect(rows).toEqual([{ ip_address: '127.0.0.1' }]);
  });

  it('does not let a forged X-Forwarded-For dodge the login lock-out', async () => {
    const user = signUpBody();
    const agent = request.agent(t.http);
    await agent.post('/api/register').send(user).expect(201);
    await agent.post('/api/logout').expect(200);
    for (let i = 0; i < 5; i += 1) {
      await request(t.http).post('/api/login').set('X-Forwarded-For', `203.0.113.${i}`).send({ email: user.email, password: 'wrong' }).expect(401);
    }
    await request(t.http)
      .post('/api/login')
      .set('X-Forwarded-For', '203.0.113.200')
      .send({ email: user.email, password: user.password })
      .expect(429);
  });
});
