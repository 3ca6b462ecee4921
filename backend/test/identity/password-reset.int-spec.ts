import { createHash } from 'node:crypto';
import request from 'supertest';
import { TypeormPasswordResetRepository } from '../../src/modules/identity/adapters/typeorm/typeorm-password-reset.repository';
import { type ReceivedMail, startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { signUpBody, sessionCookie, sql } from './identity-helpers';

const RESET_SUBJECT = 'Reset your Magic Editor password';
const CHANGED_SUBJECT = 'Your Magic Editor password was changed';
const SAME_ANSWER = { message: 'If an account exists for that email, we have sent a link to reset its password.' };
const INVALID_LINK = {
  message: 'This password reset link has expired or has already been used.',
  error: 'This password reset link has expired or has already been used.',
  code: 'IDENTITY.RESET_LINK_INVALID',
};

/** D36: forgotten passwords, with the mails over a real SMTP server and the default limits. */
describe('password reset (D36)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let ipBlock = 0;
  /** A client address no other request uses, so no limit is shared by accident (X-Forwarded-For is trusted here). */
  const ipFor = () => {
    ipBlock += 1;
    return `10.${Math.floor(ipBlock / 250)}.${ipBlock % 250}.7`;
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
        REGISTRATIONS_PER_IP_PER_DAY: '1000',
        REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** An account made through the API, signed out. */
  async function account() {
    const body = signUpBody();
    const agent = request.agent(t.http);
    const res = await agent.post('/api/register').set('X-Forwarded-For', ipFor()).send(body).expect(201);
    await agent.post('/api/logout').expect(200);
    return { ...body, id: res.body.id as string };
  }

  const forgot = (email: unknown, ip = ipFor()) =>
    request(t.http).post('/api/forgot-password').set('X-Forwarded-For', ip).send(email === undefined ? {} : { email });
  const check = (token: string) => request(t.http).get(`/api/reset-password/${token}`);
  const reset = (token: unknown, newPassword: unknown, ip = ipFor()) =>
    request(t.http).post('/api/reset-password').set('X-Forwarded-For', ip).send({ token, newPassword });
  const login = (email: string, password: string, ip = ipFor()) =>
    request(t.http).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

  const mails = (to: string, subject: string): ReceivedMail[] =>
    smtp.messages.filter((m) => m.envelope.to.includes(to.toLowerCase()) && m.parsed.subject === subject);

  /** Waits for the `count`-th mail (reset mails leave after the answer). */
  async function mailsFor(to: string, subject: string, count = 1): Promise<ReceivedMail[]> {
    await waitFor(`${count} "${subject}" mail(s) to ${to}`, () => mails(to, subject).length >= count);
    return mails(to, subject);
  }

  /** The token of the newest reset mail to `email`, once `count` of them have arrived. */
  async function resetToken(email: string, count = 1): Promise<string> {
    const all = await mailsFor(email, RESET_SUBJECT, count);
    const origin = t.config.publicUrl.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`${origin}/reset-password/([A-Za-z0-9_-]+)`).exec(all[all.length - 1].parsed.text ?? '');
    if (!match) throw new Error(`no reset link in: ${all[all.length - 1].parsed.text}`);
    return match[1];
  }

  const sessionRows = (userId: string) =>
    sql<{ sid: string }>(t, `SELECT sid FROM "session" WHERE sess::jsonb -> 'passport' ->> 'user' = $1`, [userId]);

  it('answers a known and an unknown address alike, and mails only the account a single-use link', async () => {
    const user = await account();
    const unknown = `nobody.${Date.now()}@example.com`;
    const forUnknown = await forgot(unknown).expect(200);
    const forKnown = await forgot(user.email.toUpperCase()).expect(200);
    expect(forUnknown.body).toEqual(SAME_ANSWER);
    expect(forKnown.body).toEqual(SAME_ANSWER);
    expect(forKnown.headers['content-length']).toBe(forUnknown.headers['content-length']);

    const token = await resetToken(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const [mail] = mails(user.email, RESET_SUBJECT);
    expect(mail.parsed.text).toContain(`${t.config.publicUrl.origin}/reset-password/${token}`);
    expect(mail.parsed.text).toContain('works for 1 hour');
    // The unknown address asked first and was answered first: nothing is on its way to it.
    expect(smtp.messages.filter((m) => m.envelope.to.includes(unknown))).toEqual([]);

    // Only the SHA-256 of the token is stored.
    const rows = await sql<{ token_hash: string }>(t, `SELECT token_hash FROM password_reset_token WHERE user_id = $1`, [user.id]);
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    expect(JSON.stringify(await sql(t, `SELECT * FROM password_reset_token`))).not.toContain(token);
  });

  it('resets the password once with the mailed link: old password refused, new one accepted, security mail sent, no sign-in', async () => {
    const user = await account();
    await forgot(user.email).expect(200);
    const token = await resetToken(user.email);

    expect((await check(token).expect(200)).body).toEqual({ valid: true });
    const res = await reset(token, 'a-brand-new-pass').expect(200);
    expect(res.body).toEqual({ message: 'Password reset' });
    expect(sessionCookie(res)).toBeUndefined(); // it does not sign in

    // Single use.
    expect((await check(token).expect(400)).body).toEqual(INVALID_LINK);
    expect((await reset(token, 'yet-another-pass').expect(400)).body).toEqual(INVALID_LINK);

    await login(user.email, user.password).expect(401);
    await login(user.email, 'yet-another-pass').expect(401);
    expect((await login(user.email, 'a-brand-new-pass').expect(200)).body.id).toBe(user.id);

    const [security] = mails(user.email, CHANGED_SUBJECT);
    expect(security.parsed.text).toContain('password of your Magic Editor account was changed');
    expect(security.parsed.text).toContain('Every device that was signed in has been signed out.');
    expect(security.parsed.text).not.toContain('a-brand-new-pass');
  });

  it('ends every session of the account, and no one else’s', async () => {
    const user = await account();
    const other = await account();
    const phone = request.agent(t.http);
    const laptop = request.agent(t.http);
    const someoneElse = request.agent(t.http);
    await phone.post('/api/login').set('X-Forwarded-For', ipFor()).send({ email: user.email, password: user.password }).expect(200);
    await laptop.post('/api/login').set('X-Forwarded-For', ipFor()).send({ email: user.email, password: user.password }).expect(200);
    await someoneElse.post('/api/login').set('X-Forwarded-For', ipFor()).send({ email: other.email, password: other.password }).expect(200);
    expect(await sessionRows(user.id)).toHaveLength(2);

    await forgot(user.email).expect(200);
    await reset(await resetToken(user.email), 'a-brand-new-pass').expect(200);

    await phone.get('/api/user').expect(401);
    await laptop.get('/api/user').expect(401);
    expect(await sessionRows(user.id)).toEqual([]);
    expect((await someoneElse.get('/api/user').expect(200)).body.id).toBe(other.id);
  });

  it('refuses an expired link, and leaves the password as it was', async () => {
    const user = await account();
    await forgot(user.email).expect(200);
    const token = await resetToken(user.email);
    await sql(
      t,
      `UPDATE password_reset_token SET created_at = now() - interval '61 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect((await check(token).expect(400)).body).toEqual(INVALID_LINK);
    expect((await reset(token, 'a-brand-new-pass').expect(400)).body).toEqual(INVALID_LINK);
    await login(user.email, user.password).expect(200);
  });

  it('issues links valid for an hour, by the database clock', async () => {
    const user = await account();
    await forgot(user.email).expect(200);
    await resetToken(user.email);
    const [row] = await sql<{ minutes: number }>(
      t,
      `SELECT round(extract(epoch FROM (expires_at - created_at)) / 60)::int AS minutes FROM password_reset_token WHERE user_id = $1`,
      [user.id],
    );
    expect(row.minutes).toBe(60);
  });

  it('replaces an older unused link with a newer one', async () => {
    const user = await account();
    await forgot(user.email).expect(200);
    const first = await resetToken(user.email, 1);
    await forgot(user.email).expect(200);
    const second = await resetToken(user.email, 2);
    expect(second).not.toBe(first);
    await check(first).expect(400);
    await check(second).expect(200);
    await reset(first, 'a-brand-new-pass').expect(400);
    await reset(second, 'a-brand-new-pass').expect(200);
  });

  it('lets exactly one of several simultaneous resets with one link through', async () => {
    const user = await account();
    await forgot(user.email).expect(200);
    const token = await resetToken(user.email);
    const passwords = Array.from({ length: 6 }, (_, i) => `concurrent-pass-${i}`);
    const answers = await Promise.all(passwords.map((p) => reset(token, p)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body).toEqual(INVALID_LINK);

    const winner = passwords[answers.findIndex((a) => a.status === 200)];
    await login(user.email, winner).expect(200);
    expect(mails(user.email, CHANGED_SUBJECT)).toHaveLength(1);
  });

  it('applies the change-password rules to the new password, and keeps the link for a better one', async () => {
    const user = await account();
    await forgot(user.email).expect(200);
    const token = await resetToken(user.email);
    for (const weak of ['short12', '', undefined, 12345678]) {
      const res = await reset(token, weak).expect(400);
      expect(res.body).toMatchObject({ message: 'Password must be at least 8 characters', code: 'VALIDATION.FAILED' });
    }
    const tooLong = await reset(token, 'x'.repeat(256)).expect(400);
    expect(tooLong.body.message).toBe('Password must be at most 255 characters');
    await check(token).expect(200);
    await reset(token, 'long-enough').expect(200);
  });

  it('refuses a malformed or missing token without a lookup, and an unknown well-formed one after one', async () => {
    const repository = t.app.get(TypeormPasswordResetRepository);
    const lookups = jest.spyOn(repository, 'isUsable');
    const claims = jest.spyOn(repository, 'resetPasswordWithToken');
    try {
      for (const malformed of ['not-a-token', 'x'.repeat(42), `${'x'.repeat(43)}!`, 'x'.repeat(44)]) {
        expect((await check(encodeURIComponent(malformed)).expect(400)).body).toEqual(INVALID_LINK);
      }
      for (const malformed of [undefined, null, 42, ['x'.repeat(43)], 'short']) {
        expect((await reset(malformed, 'long-enough').expect(400)).body).toEqual(INVALID_LINK);
      }
      expect(lookups).not.toHaveBeenCalled();

      const unknown = 'A'.repeat(43);
      expect((await check(unknown).expect(400)).body).toEqual(INVALID_LINK);
      expect((await reset(unknown, 'long-enough').expect(400)).body).toEqual(INVALID_LINK);
      expect(lookups).toHaveBeenCalledTimes(2);
      expect(claims).not.toHaveBeenCalled(); // no password is hashed or claimed for a link that cannot work
    } finally {
      lookups.mockRestore();
      claims.mockRestore();
    }
  });

  it('mails nothing to a suspended account (same answer), and refuses a link it had', async () => {
    const user = await account();
    const bystander = await account();
    await forgot(user.email).expect(200);
    const token = await resetToken(user.email);
    await sql(t, `UPDATE "user" SET is_suspended = true WHERE id = $1`, [user.id]);

    expect((await check(token).expect(400)).body).toEqual(INVALID_LINK);
    expect((await reset(token, 'a-brand-new-pass').expect(400)).body).toEqual(INVALID_LINK);
    expect(mails(user.email, CHANGED_SUBJECT)).toEqual([]);

    expect((await forgot(user.email).expect(200)).body).toEqual(SAME_ANSWER);
    await forgot(bystander.email).expect(200);
    await resetToken(bystander.email); // the later request's mail has arrived …
    expect(mails(user.email, RESET_SUBJECT)).toHaveLength(1); // … and no second one to the suspended account
  });

  it('mails nothing to an account being deleted (D35, same answer), and refuses a link it had', async () => {
    const user = await account();
    const bystander = await account();
    await forgot(user.email).expect(200);
    const token = await resetToken(user.email);
    await sql(t, `UPDATE "user" SET deletion_requested_at = now() WHERE id = $1`, [user.id]);

    expect((await check(token).expect(400)).body).toEqual(INVALID_LINK);
    expect((await reset(token, 'a-brand-new-pass').expect(400)).body).toEqual(INVALID_LINK);
    expect(mails(user.email, CHANGED_SUBJECT)).toEqual([]);

    expect((await forgot(user.email).expect(200)).body).toEqual(SAME_ANSWER);
    await forgot(bystander.email).expect(200);
    await resetToken(bystander.email);
    expect(mails(user.email, RESET_SUBJECT)).toHaveLength(1);
  });

  it('sends at most 3 links an hour to one address, counting addresses with no account too (429 after)', async () => {
    const user = await account();
    for (let i = 0; i < 3; i += 1) await forgot(user.email).expect(200);
    const refused = await forgot(user.email).expect(429);
    expect(refused.body).toEqual({
      message: 'Too many password reset requests. Please try again in 60 minutes.',
      error: 'Too many password reset requests. Please try again in 60 minutes.',
      code: 'RATE_LIMIT.BLOCKED',
      details: { retryAfterMinutes: 60 },
    });
    await mailsFor(user.email, RESET_SUBJECT, 3);

    const unknown = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < 3; i += 1) await forgot(unknown).expect(200);
    expect((await forgot(unknown).expect(429)).body).toEqual(refused.body);

    // The known address's fourth request sent nothing: a fresh request for someone else arrives alone.
    const other = await account();
    await forgot(other.email).expect(200);
    await resetToken(other.email);
    expect(mails(user.email, RESET_SUBJECT)).toHaveLength(3);
  });

  it('answers at most 10 requests an hour from one client address (429 after); another address is fine', async () => {
    const ip = ipFor();
    for (let i = 0; i < 10; i += 1) await forgot(`someone${i}.${Date.now()}@example.com`, ip).expect(200);
    const refused = await forgot(`someone-else.${Date.now()}@example.com`, ip).expect(429);
    expect(refused.body).toMatchObject({ message: 'Too many password reset requests. Please try again in 60 minutes.', code: 'RATE_LIMIT.BLOCKED' });
    await forgot(`someone-else.${Date.now()}@example.com`, ipFor()).expect(200);
  });

  it('answers anything but a valid address with 400 "Please enter a valid email address"', async () => {
    for (const email of [undefined, '', '   ', 'not-an-email', 'ann@', 42]) {
      const res = await forgot(email).expect(400);
      expect(res.body).toMatchObject({ message: 'Please enter a valid email address', code: 'VALIDATION.FAILED' });
    }
  });

  it('forgets the sign-in failures of the address that reset the password', async () => {
    const user = await account();
    const ip = ipFor();
    for (let i = 0; i < 5; i += 1) await login(user.email, `wrong-${i}`, ip).expect(401);
    await login(user.email, user.password, ip).expect(429);

    await forgot(user.email, ip).expect(200);
    await reset(await resetToken(user.email), 'a-brand-new-pass', ip).expect(200);
    await login(user.email, 'a-brand-new-pass', ip).expect(200);
  });
});
