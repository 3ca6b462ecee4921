import request from 'supertest';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { freePort } from '../support/free-port';
import { mailsTo } from '../support/outbox';
import { createTestApp, TestApp } from '../support/test-app';
import { expectNoSecrets, signUpBody, sessionCookie, sessionIdOf, sql, USER_VIEW_KEYS, verificationTokenFor } from './identity-helpers';

/**
 * Sign-up, e-mail verification (D1, D5) and resend. Every request here comes from 127.0.0.1, so
 * the per-address limits (tested in anti-abuse.int-spec.ts) are raised out of the way.
 */
describe('registration and e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REGISTRATIONS_PER_IP_PER_DAY: '1000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000', ADMIN_EMAILS: 'boss@example.com' },
    });
  });
  afterAll(() => t.close());

  const balanceOf = (userId: string) => t.app.get<CreditsApi>(CREDITS_API).balance(userId);

  it('creates the account, signs it in, and sends the verification mail', async () => {
    const agent = request.agent(t.http);
    const body = signUpBody({ email: '  New.Person@Example.COM ', firstName: ' Ann ', lastName: '' });
    const res = await agent.post('/api/register').send(body).expect(201);

    expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
    expect(res.body).toMatchObject({
      email: 'new.person@example.com',
      username: body.username,
      firstName: 'Ann',
      lastName: null,
      emailVerified: false,
      isSubscribed: false,
      subscriptionTier: 'free',
      isAdmin: false,
    });
    expect(sessionCookie(res)).toBeDefined();
    const me = await agent.get('/api/user').expect(200);
    expect(me.body).toEqual(res.body);

    const [row] = await sql<{ email: string; password: string; email_verification_token: string }>(
      t,
      `SELECT email, password, email_verification_token FROM "user" WHERE id = $1`,
      [res.body.id],
    );
    expect(row.email).toBe('new.person@example.com');
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.email_verification_token).toMatch(/^[0-9a-f]{64}$/);
    expectNoSecrets(res, [row.password, row.email_verification_token, body.password], [sessionIdOf(sessionCookie(res)!)]);
    expectNoSecrets(me, [row.password, row.email_verification_token, body.password]);

    const mails = mailsTo(t.outboxDir, 'new.person@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Verify your email for Magic Editor');
    const token = verificationTokenFor(t, 'new.person@example.com');
    expect(mails[0].text).toContain(`${t.config.publicUrl.origin}/confirm-email/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mails[0].html).toContain(`/confirm-email/${token}`);

    const [{ count }] = await sql<{ count: string }>(t, `SELECT count(*) FROM ip_registration WHERE user_id = $1`, [res.body.id]);
    expect(count).toBe('1');
  });

  it('register → verify by the mailed link → 2 watermarked credits, once (D1, D5)', async () => {
    const agent = request.agent(t.http);
    const body = signUpBody();
    const { body: user } = await agent.post('/api/register').send(body).expect(201);
    expect(await balanceOf(user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });

    const token = verificationTokenFor(t, body.email);
    const first = await request(t.http).get(`/api/confirm-email/${token}`).expect(200);
    expect(first.body).toEqual({ message: 'Email verified successfully! You now have 2 free credits.' });
    const [stored] = await sql<{ email_verification_token: string; password: string }>(
      t,
      `SELECT email_verification_token, password FROM "user" WHERE id = $1`,
      [user.id],
    );
    expect(stored.email_verification_token).toMatch(/^[0-9a-f]{64}$/); // kept, so a second visit says "already verified"
    expectNoSecrets(first, [stored.email_verification_token, stored.password]);

    const credits = await agent.get('/api/user/credits').expect(200);
    expect(credits.body).toEqual({ balance: 2, regular: 0, watermarked: 2 });
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);

    const second = await request(t.http).get(`/api/confirm-email/${token}`).expect(200);
    expect(second.body).toEqual({ message: 'Your email has already been verified.', alreadyVerified: true });
    await request(t.http).get(`/api/verify-email?token=${token}`).expect(302).expect('Location', '/?info=already-verified');
    expect(await balanceOf(user.id)).toEqual({ balance: 2, regular: 0, watermarked: 2 });
    const rows = await sql(t, `SELECT credits, credit_kind FROM credit_transaction WHERE user_id = $1`, [user.id]);
    expect(rows).toEqual([{ credits: 2, credit_kind: 'watermarked' }]);
  });

  it('grants once when the link is opened several times at once', async () => {
    const body = signUpBody();
    const { body: user } = await request(t.http).post('/api/register').send(body).expect(201);
    const token = verificationTokenFor(t, body.email);
    const answers = await Promise.all([1, 2, 3, 4].map(() => request(t.http).get(`/api/confirm-email/${token}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.alreadyVerified !== true)).toHaveLength(1);
    expect(await balanceOf(user.id)).toMatchObject({ watermarked: 2 });
  });

  it('redirects the landing-page link for all four outcomes', async () => {
    const body = signUpBody();
    const { body: user } = await request(t.http).post('/api/register').send(body).expect(201);
    const token = verificationTokenFor(t, body.email);

    await request(t.http).get('/api/verify-email').expect(302).expect('Location', '/?error=missing-token');
    await request(t.http).get('/api/verify-email?token=').expect(302).expect('Location', '/?error=missing-token');
    await request(t.http).get('/api/verify-email?token=not-a-token').expect(302).expect('Location', '/?error=invalid-token');
    await request(t.http)
      .get(`/api/verify-email?token=${'A'.repeat(43)}`)
      .expect(302)
      .expect('Location', '/?error=invalid-token');
    await request(t.http).get(`/api/verify-email?token=${token}`).expect(302).expect('Location', '/?verified=true&credits=2');
    await request(t.http).get(`/api/verify-email?token=${token}`).expect(302).expect('Location', '/?info=already-verified');
    expect(await balanceOf(user.id)).toMatchObject({ watermarked: 2 });
  });

  it('refuses an unknown, malformed or expired token with 400 and grants nothing', async () => {
    const invalid = { message: 'Invalid or expired verification link', error: 'Invalid or expired verification link', code: 'IDENTITY.INVALID_TOKEN' };
    expect((await request(t.http).get(`/api/confirm-email/${'B'.repeat(43)}`).expect(400)).body).toEqual(invalid);
    expect((await request(t.http).get('/api/confirm-email/short').expect(400)).body).toEqual(invalid);

    const body = signUpBody();
    const { body: user } = await request(t.http).post('/api/register').send(body).expect(201);
    const token = verificationTokenFor(t, body.email);
    await sql(t, `UPDATE "user" SET email_verification_expires_at = now() - interval '1 second' WHERE id = $1`, [user.id]);
    expect((await request(t.http).get(`/api/confirm-email/${token}`).expect(400)).body).toEqual(invalid);
    await request(t.http).get(`/api/verify-email?token=${token}`).expect(302).expect('Location', '/?error=invalid-token');
    expect(await balanceOf(user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
  });

  it('sets the verification link to expire after VERIFICATION_TOKEN_TTL_HOURS', async () => {
    const body = signUpBody();
    const { body: user } = await request(t.http).post('/api/register').send(body).expect(201);
    const [row] = await sql<{ hours: number }>(
      t,
      `SELECT extract(epoch FROM email_verification_expires_at - now()) / 3600 AS hours FROM "user" WHERE id = $1`,
      [user.id],
    );
    expect(Number(row.hours)).toBeGreaterThan(47.9);
    expect(Number(row.hours)).toBeLessThanOrEqual(48);
  });

  it('refuses a second account with the same e-mail in any case, or the same username in any case (409)', async () => {
    const body = signUpBody();
    await request(t.http).post('/api/register').send(body).expect(201);

    const sameEmail = await request(t.http)
      .post('/api/register')
      .send(signUpBody({ email: body.email.toUpperCase() }))
      .expect(409);
    expect(sameEmail.body).toEqual({
      message: 'An account with this email already exists',
      error: 'An account with this email already exists',
      code: 'IDENTITY.EMAIL_TAKEN',
    });
    const sameName = await request(t.http)
      .post('/api/register')
      .send(signUpBody({ username: body.username.toUpperCase() }))
      .expect(409);
    expect(sameName.body).toMatchObject({ message: 'This username is already taken', code: 'IDENTITY.USERNAME_TAKEN' });
    expect(sessionCookie(sameEmail)).toBeUndefined();
  });

  it('creates one account when the same e-mail signs up several times at once (409 for the rest)', async () => {
    const email = signUpBody().email;
    const answers = await Promise.all([1, 2, 3, 4].map(() => request(t.http).post('/api/register').send(signUpBody({ email }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('IDENTITY.EMAIL_TAKEN');
    const rows = await sql(t, `SELECT id FROM "user" WHERE email = $1`, [email]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: undefined }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` }, 'email', 'Email must be at most 255 characters'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: undefined }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(31) }, 'username', 'Username must be at most 30 characters'],
    [{ username: 'ann smith' }, 'username', 'Username can only contain letters, numbers, dots, dashes and underscores'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: undefined }, 'password', 'Password must be at least 6 characters'],
    [{ password: 'p'.repeat(256) }, 'password', 'Password must be at most 255 characters'],
    [{ firstName: 'f'.repeat(256) }, 'firstName', 'First name must be at most 255 characters'],
    [{ lastName: 'l'.repeat(256) }, 'lastName', 'Last name must be at most 255 characters'],
    [{ deviceFingerprint: 'ABCDEF'.repeat(10) + 'ABCD' }, 'deviceFingerprint', 'Invalid device fingerprint'],
    [{ deviceFingerprint: 'abc' }, 'deviceFingerprint', 'Invalid device fingerprint'],
  ])('answers %j with 400 "%s: %s"', async (change, field, message) => {
    const res = await request(t.http).post('/api/register').send(signUpBody(change)).expect(400);
    expect(res.body).toMatchObject({ message, error: message, code: 'VALIDATION.FAILED' });
    expect(res.body.details).toEqual(expect.arrayContaining([{ field, messages: expect.arrayContaining([message]) }]));
  });

  it('reports the first field in the form order when several are wrong', async () => {
    const res = await request(t.http).post('/api/register').send({ email: 'x', username: 'a', password: '1' }).expect(400);
    expect(res.body.message).toBe('Please enter a valid email address');
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['email', 'username', 'password']);
  });

  it('stores a video-waitlist sign-up (source: video); a listed e-mail is no admin before it is verified (D25)', async () => {
    const res = await request(t.http)
      .post('/api/register')
      .send(signUpBody({ email: 'Boss@Example.com', source: 'video' }))
      .expect(201);
    expect(res.body.isAdmin).toBe(false);
    const rows = await sql(t, `SELECT email, user_id FROM video_waitlist`);
    expect(rows).toEqual([{ email: 'boss@example.com', user_id: res.body.id }]);
  });

  describe('resend confirmation', () => {
    it('sends a new link that works, and the old one stops working', async () => {
      const body = signUpBody();
      const { body: user } = await request(t.http).post('/api/register').send(body).expect(201);
      const oldToken = verificationTokenFor(t, body.email);

      const res = await request(t.http).post('/api/resend-confirmation').send({ email: ` ${body.email.toUpperCase()} ` }).expect(200);
      expect(res.body).toEqual({ message: 'Confirmation email sent successfully! Please check your inbox.' });
      expect(mailsTo(t.outboxDir, body.email)).toHaveLength(2);
      const newToken = verificationTokenFor(t, body.email);
      expect(newToken).not.toBe(oldToken);

      await request(t.http).get(`/api/confirm-email/${oldToken}`).expect(400);
      await request(t.http).get(`/api/confirm-email/${newToken}`).expect(200);
      expect(await balanceOf(user.id)).toMatchObject({ watermarked: 2 });
    });

    /** A verified account, an unverified one and an address without an account. */
    async function threeAddresses(): Promise<{ verified: string; unverified: string; unknown: string }> {
      const verified = signUpBody();
      await request(t.http).post('/api/register').send(verified).expect(201);
      await request(t.http).get(`/api/confirm-email/${verificationTokenFor(t, verified.email)}`).expect(200);
      const unverified = signUpBody();
      await request(t.http).post('/api/register').send(unverified).expect(201);
      return { verified: verified.email, unverified: unverified.email, unknown: signUpBody().email };
    }

    it('answers verified, unverified and unknown addresses alike, and mails only the unverified one', async () => {
      const { verified, unverified, unknown } = await threeAddresses();

      const answers = [];
      for (const email of [verified, unverified, unknown]) {
        const res = await request(t.http).post('/api/resend-confirmation').send({ email });
        answers.push({ status: res.status, body: res.body as unknown, type: res.headers['content-type'] as string });
      }
      expect(answers[0]).toEqual({
        status: 200,
        body: { message: 'Confirmation email sent successfully! Please check your inbox.' },
        type: 'application/json; charset=utf-8',
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);

      expect(mailsTo(t.outboxDir, verified)).toHaveLength(1); // the sign-up mail only
      expect(mailsTo(t.outboxDir, unverified)).toHaveLength(2); // sign-up + resend
      expect(mailsTo(t.outboxDir, unknown)).toHaveLength(0);
    });

    it('limits verified, unverified and unknown addresses alike (3 an hour, then the same 429)', async () => {
      const { verified, unverified, unknown } = await threeAddresses();

      const refusals = [];
      for (const email of [verified, unverified, unknown]) {
        for (let i = 0; i < 3; i += 1) await request(t.http).post('/api/resend-confirmation').send({ email }).expect(200);
        const refused = await request(t.http).post('/api/resend-confirmation').send({ email }).expect(429);
        refusals.push(refused.body as unknown);
      }
      expect(refusals[0]).toMatchObject({ message: 'Too many confirmation emails requested. Please try again later.', code: 'RATE_LIMIT.BLOCKED' });
      expect(refusals[1]).toEqual(refusals[0]);
      expect(refusals[2]).toEqual(refusals[0]);
      expect(mailsTo(t.outboxDir, verified)).toHaveLength(1);
      expect(mailsTo(t.outboxDir, unknown)).toHaveLength(0);
    });

    it('is limited to RESEND_CONFIRMATION_PER_HOUR mails per address (3)', async () => {
      const body = signUpBody();
      await request(t.http).post('/api/register').send(body).expect(201);
      for (let i = 0; i < 3; i += 1) await request(t.http).post('/api/resend-confirmation').send({ email: body.email }).expect(200);
      const refused = await request(t.http).post('/api/resend-confirmation').send({ email: body.email.toUpperCase() }).expect(429);
      expect(refused.body).toMatchObject({
        message: 'Too many confirmation emails requested. Please try again later.',
        code: 'RATE_LIMIT.BLOCKED',
      });
      expect(mailsTo(t.outboxDir, body.email)).toHaveLength(4); // sign-up + 3 resends

      // Another address is not affected; an hour later this one may ask again.
      const other = signUpBody();
      await request(t.http).post('/api/register').send(other).expect(201);
      await request(t.http).post('/api/resend-confirmation').send({ email: other.email }).expect(200);
      await sql(t, `UPDATE rate_limit_attempt SET blocked_until = now() - interval '1 second' WHERE identifier = $1`, [body.email]);
      await request(t.http).post('/api/resend-confirmation').send({ email: body.email }).expect(200);
    });

    it('answers an empty or malformed address with 400 and the spec text', async () => {
      const empty = await request(t.http).post('/api/resend-confirmation').send({ email: '' }).expect(400);
      expect(empty.body.message).toBe('Please enter your email address');
      await request(t.http).post('/api/resend-confirmation').send({}).expect(400);
      const bad = await request(t.http).post('/api/resend-confirmation').send({ email: 'nope' }).expect(400);
      expect(bad.body.message).toBe('Please enter a valid email address');
    });
  });
});

describe('registration when mail cannot be sent (D24)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } }); // nobody listens there
  });
  afterAll(() => t.close());

  it('still creates and signs in the account; resending says the mail could not be sent', async () => {
    const agent = request.agent(t.http);
    const body = signUpBody();
    const res = await agent.post('/api/register').send(body).expect(201);
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ id: res.body.id, emailVerified: false });
    expect(await sql(t, `SELECT 1 FROM "user" WHERE id = $1`, [res.body.id])).toHaveLength(1);

    const resend = await request(t.http).post('/api/resend-confirmation').send({ email: body.email }).expect(503);
    expect(resend.body).toMatchObject({ message: 'Failed to resend confirmation email. Please try again later.', code: 'MAIL.UNAVAILABLE' });
  });
});
