import request from 'supertest';
import { Argon2PasswordHasher } from '../../src/modules/identity/adapters/argon2-password-hasher';
import { allowPerWindow } from '../../src/shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../src/shared/rate-limit/rate-limiter';
import { createTestApp, TestApp } from '../support/test-app';
import { signUpBody, sql } from './identity-helpers';

/** The real argon2 hasher, counting the passwords it checks (the real code path, observed). */
class CountingHasher extends Argon2PasswordHasher {
  verifications = 0;

  override verify(passwordHash: string, password: string): Promise<boolean> {
    this.verifications += 1;
    return super.verify(passwordHash, password);
  }
}

/** D26: sign-in attempts are counted before the password is checked, atomically. */
describe('login attempts (D19, D26)', () => {
  let t: TestApp;
  let baseUrl: string;
  const hasher = new CountingHasher();

  beforeAll(async () => {
    t = await createTestApp({
      listen: true,
      env: { REGISTRATIONS_PER_IP_PER_DAY: '1000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000' },
      overrideProviders: [{ provide: Argon2PasswordHasher, useValue: hasher }],
    });
    baseUrl = t.baseUrl!;
  });
  afterAll(() => t.close());

  async function account() {
    const body = signUpBody();
    const agent = request.agent(baseUrl);
    await agent.post('/api/register').send(body).expect(201);
    await agent.post('/api/logout').expect(200);
    return body;
  }

  const login = (email: string, password: string) => request(baseUrl).post('/api/login').send({ email, password });

  function tally(statuses: number[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  }

  it('checks at most 5 passwords for 200 simultaneous wrong guesses (5 × 401, 195 × 429)', async () => {
    const user = await account();
    hasher.verifications = 0;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login(user.email, `wrong-${i}`)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 195 });
    expect(hasher.verifications).toBe(5);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toMatchObject({ message: 'Too many login attempts. Please try again in 15 minutes.', code: 'RATE_LIMIT.BLOCKED' });
  });

  it('checks at most 5 passwords for an unknown e-mail too', async () => {
    hasher.verifications = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login('nobody-at-all@example.com', `guess-${i}`)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 35 });
    expect(hasher.verifications).toBe(5);
  });

  it('after 5 failures, refuses the right password sent among 20 simultaneous wrong ones, checking none', async () => {
    const user = await account();
    for (let i = 0; i < 5; i += 1) await login(user.email, `wrong-${i}`).expect(401);
    hasher.verifications = 0;
    const passwords = Array.from({ length: 20 }, (_, i) => `wrong-again-${i}`);
    passwords.splice(10, 0, user.password);
    const answers = await Promise.all(passwords.map((p) => login(user.email, p)));
    expect(answers.map((a) => a.status)).toEqual(passwords.map(() => 429));
    expect(hasher.verifications).toBe(0);
  });

  it('a success clears the count: 4 failures, a success, then 5 more checks before the block', async () => {
    const user = await account();
    for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong').expect(401);
    await login(user.email, user.password).expect(200);
    expect(await sql(t, `SELECT 1 FROM rate_limit_attempt WHERE attempt_type = 'login' AND identifier = $1`, [user.email])).toHaveLength(0);
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong').expect(401);
    await login(user.email, user.password).expect(429);
  });

  it('counts wrong current passwords of a password change before checking them', async () => {
    const user = await account();
    const agent = request.agent(baseUrl);
    await agent.post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    hasher.verifications = 0;
    // Two at a time: ADR 0026 lets one user have 2 account changes in flight per instance and
    // answers the rest 429 at once (uncounted), so 30 fired together would test that cap, and how
    // many got in would depend on how busy the machine is.
    const answers: request.Response[] = [];
    for (let i = 0; i < 30; i += 2) {
      answers.push(
        ...(await Promise.all(
          [i, i + 1].map((n) => agent.post('/api/user/change-password').send({ currentPassword: `wrong-${n}`, newPassword: 'a-new-password' })),
        )),
      );
    }
    expect(answers.filter((a) => a.body.code === 'HTTP.TOO_MANY_IN_FLIGHT')).toEqual([]);
    expect(tally(answers.map((a) => a.status))).toEqual({ 400: 5, 429: 25 });
    expect(hasher.verifications).toBe(5);
  });
});

describe('the shared RateLimiter on rate_limit_attempt', () => {
  let t: TestApp;
  let limiter: RateLimiter;
  beforeAll(async () => {
    t = await createTestApp();
    limiter = t.app.get(RateLimiter);
  });
  afterAll(() => t.close());

  it('counts first, then answers: `max` attempts pass, the next is refused until the block ends', async () => {
    const subject = { ip: '192.0.2.1', type: 'probe', identifier: 'a' };
    const policy = allowPerWindow(3, 10, 30);
    const seen = [];
    for (let i = 0; i < 5; i += 1) seen.push(await limiter.consume(subject, policy));
    expect(seen.map((d) => [d.allowed, d.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
      [false, 4],
    ]);
    expect(seen[3].retryAfterMinutes).toBe(30);
    expect(seen[3].blockedUntil!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    // `current` reads without counting; other subjects are untouched.
    expect(await limiter.current(subject)).toMatchObject({ allowed: false, count: 4, retryAfterMinutes: 30 });
    expect(await limiter.current({ ...subject, identifier: 'b' })).toEqual({ allowed: true, count: 0, blockedUntil: null, retryAfterMinutes: null });
    expect((await limiter.consume({ ...subject, ip: '192.0.2.2' }, policy)).allowed).toBe(true);
    expect((await limiter.consume({ ...subject, type: 'probe2' }, policy)).allowed).toBe(true);

    // Once the block is over, counting starts again at 1.
    await sql(t, `UPDATE rate_limit_attempt SET blocked_until = now() - interval '1 second' WHERE ip_address = '192.0.2.1' AND identifier = 'a'`);
    expect(await limiter.consume(subject, policy)).toMatchObject({ allowed: true, count: 1 });

    await limiter.clear(subject);
    expect((await limiter.current(subject)).count).toBe(0);
  });

  it('lets exactly `max` of many simultaneous attempts through', async () => {
    const subject = { ip: '192.0.2.3', type: 'probe', identifier: '' };
    const decisions = await Promise.all(Array.from({ length: 60 }, () => limiter.consume(subject, allowPerWindow(7, 15))));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
  });

  it('a per-minute limit (as community counts laughs): 60 pass, the 61st is refused for a minute, then counting starts again', async () => {
    const policy = allowPerWindow(60, 1);
    const subject = { ip: '192.0.2.9', type: 'laugh', identifier: '' };
    const decisions = [];
    for (let i = 0; i < 61; i += 1) decisions.push(await limiter.consume(subject, policy));
    expect(decisions.slice(0, 60).every((d) => d.allowed)).toBe(true);
    expect(decisions[60]).toMatchObject({ allowed: false, retryAfterMinutes: 1 });
    expect((await limiter.consume({ ...subject, ip: '192.0.2.10' }, policy)).allowed).toBe(true);

    await sql(t, `UPDATE rate_limit_attempt SET blocked_until = now() - interval '1 second', window_start = now() - interval '2 minutes' WHERE ip_address = '192.0.2.9'`);
    expect(await limiter.consume(subject, policy)).toMatchObject({ allowed: true, count: 1 });
  });

  it('prunes only counters idle for a day that block nothing', async () => {
    await sql(
      t,
      `INSERT INTO rate_limit_attempt (ip_address, attempt_type, identifier, window_start, last_attempt, is_blocked, blocked_until) VALUES
         ('192.0.2.50', 'probe', 'idle', now() - interval '2 days', now() - interval '2 days', false, NULL),
         ('192.0.2.50', 'probe', 'blocked', now() - interval '2 days', now() - interval '2 days', true, now() + interval '1 hour'),
         ('192.0.2.50', 'probe', 'recent', now() - interval '1 hour', now() - interval '1 hour', false, NULL)`,
    );
    expect(await limiter.pruneIdle(24 * 60)).toBe(1);
    const left = await sql<{ identifier: string }>(t, `SELECT identifier FROM rate_limit_attempt WHERE ip_address = '192.0.2.50' ORDER BY 1`);
    expect(left.map((r) => r.identifier)).toEqual(['blocked', 'recent']);
  });
});
