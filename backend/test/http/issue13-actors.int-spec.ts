import request from 'supertest';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { signedInUser, sql, type Agent, type TestUser } from '../generation/generation-helpers';
import { unzip } from '../privacy/privacy-helpers';
import { startFakeOpenai, type FakeOpenai } from '../support/fake-openai';
import { startFakeYoutube, type FakeYoutube } from '../support/fake-youtube';
import { mailsTo, readOutbox } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { addTalk, watchUrl } from '../tools/tools-helpers';
import { newUser } from '../support/fixtures';

/**
 * Issue 13's endpoints as each actor (D33-D36): signed out, a signed-in verified user, an
 * unverified one, another user where ownership applies, a suspended user (whose open session stops
 * at once, D21), and an admin (a user like any other here). Then bad input for each: wrong types,
 * missing fields, huge strings, malformed ids and tokens, SQL-ish strings. Every answer is checked
 * for its exact status and error code, and every refusal for having changed nothing.
 */
const ADMIN_EMAIL = 'issue13-boss@example.com';
const SAME_ANSWER = { message: 'If an account exists for that email, we have sent a link to reset its password.' };
const INVALID_LINK = {
  message: 'This password reset link has expired or has already been used.',
  error: 'This password reset link has expired or has already been used.',
  code: 'IDENTITY.RESET_LINK_INVALID',
};
const AUTH_REQUIRED = { message: 'Authentication required', error: 'Authentication required', code: 'AUTH.REQUIRED' };
const RESET_SUBJECT = 'Reset your Magic Editor password';
/** Past the 1 MB body limit (JSON_BODY_LIMIT). */
const TWO_MEGABYTES = 'x'.repeat(2 * 1024 * 1024);
const NUL = ['HTTP.NUL_CHARACTER', 'The request must not contain the NUL character (\\u0000).'] as const;
const SQLISH = ["' OR '1'='1", "'; DROP TABLE \"user\"; --", 'Robert"); DELETE FROM contact_message; --'];
/** A well-formed address (labels of at most 63 characters) longer than 255 characters. */
const LONG_EMAIL = `${'a'.repeat(60)}@${Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.')}.com`;

interface Actor {
  name: string;
  agent: Agent | ReturnType<typeof request>;
}

/** A refused body: what it is, then the exact status, code and message it must get. */
type Refusal = [what: string, status: number, code: string, message: string, body: Record<string, unknown>];
/** A bad value for one field: what it is, then the value. */
type BadValue = [what: string, value: unknown];

describe('issue 13 endpoints as each actor', () => {
  let t: TestApp;
  let youtube: FakeYoutube;
  let openai: FakeOpenai;
  let user: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let unverified: TestUser;
  let suspended: TestUser;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    openai = await startFakeOpenai();
    t = await createTestApp({
      env: {
        ...youtube.env,
        ...openai.env,
        ADMIN_EMAILS: ADMIN_EMAIL,
        REGISTRATIONS_PER_IP_PER_DAY: '100000',
        REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '100000',
        // The limits have their own tests; here every actor's call must reach the rule it probes.
        YOUTUBE_ARTICLES_PER_HOUR: '1000',
        CONTACT_MESSAGES_PER_HOUR: '1000',
        PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '1000',
        PASSWORD_RESETS_PER_IP_PER_HOUR: '1000',
      },
    });
    // The suspended actor's session was open before the suspension (D21: it stops at once).
    [user, other, admin, suspended, unverified] = await Promise.all([
      newUser(t),
      newUser(t),
      newUser(t, { admin: true }),
      newUser(t, { suspended: true }),
      newUser(t, { verified: false }),
    ]);
    expect((await admin.agent.get('/api/user').expect(200)).body.isAdmin).toBe(true);
    expect((await unverified.agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
    await suspended.agent.get('/api/user').expect(401);
  });
  afterAll(async () => {
    await t?.close();
    await youtube?.close();
    await openai?.close();
  });

  const anonymous = () => request(t.http);
  /** Everyone who may call the open endpoints, signed in or not. */
  const everyone = (): Actor[] => [
    { name: 'anonymous', agent: anonymous() },
    { name: 'verified user', agent: user.agent },
    { name: 'unverified user', agent: unverified.agent },
    { name: 'another user', agent: other.agent },
    { name: 'suspended user', agent: suspended.agent },
    { name: 'admin', agent: admin.agent },
  ];
  /** The actors a signed-in-only endpoint refuses: signed out, and suspended (D21). */
  const refused = (): Actor[] => [
    { name: 'anonymous', agent: anonymous() },
    { name: 'suspended user', agent: suspended.agent },
  ];
  /** One caller signed out and one signed in, for the bad input every caller gets refused alike. */
  const anonymousAndUser = (): Actor[] => [
    { name: 'anonymous', agent: anonymous() },
    { name: 'verified user', agent: user.agent },
  ];
  /** Signed-in users as actors named by their e-mail. */
  const byEmail = (users: TestUser[]): Actor[] => users.map(({ email, agent }) => ({ name: email, agent }));

  /**
   * Everything a refused call could have changed: the accounts (password hash, suspension,
   * verification, deletion), reset tokens, sessions, contact messages, rate-limit counters, the
   * ledger, the mails written, and the calls made to YouTube and OpenAI.
   */
  async function everything() {
    const [users, tokens, sessions, contact, limits, ledger] = await Promise.all([
      sql(t, `SELECT id, email, username, password, is_suspended, email_verified, deletion_requested_at FROM "user" ORDER BY id`),
      sql(t, `SELECT user_id, token_hash, expires_at, used_at FROM password_reset_token ORDER BY token_hash`),
      sql(t, `SELECT sid FROM "session" ORDER BY sid`),
      sql(t, `SELECT id, name, email, subject, message, user_id FROM contact_message ORDER BY id`),
      sql(t, `SELECT ip_address, attempt_type, identifier, attempt_count, is_blocked FROM rate_limit_attempt ORDER BY id`),
      sql(t, `SELECT id FROM credit_transaction ORDER BY id`),
    ]);
    return { users, tokens, sessions, contact, limits, ledger, mails: readOutbox(t.outboxDir).length, youtube: youtube.requests.length, openai: openai.requests.length };
  }

  /** Sends a raw JSON text (a body supertest would not build from an object). */
  function postRaw(agent: Agent | ReturnType<typeof request>, path: string, text: string): request.Test {
    return agent.post(path).set('Content-Type', 'application/json').send(text);
  }

  /** [status, code, message] of an answer, for one exact comparison. */
  const outcome = (res: request.Response) => [res.status, res.body.code, res.body.message];
  /** [status, body] of an answer, the whole body compared. */
  const statusAndBody = (res: request.Response) => [res.status, res.body];

  /**
   * Sends the same request as each actor in turn: every answer must read `expected` (by `read`,
   * [status, code, message] unless told otherwise; the actor's name leads on a mismatch), and
   * together they must have changed nothing.
   */
  async function refusedToEach(
    actors: Actor[],
    send: (agent: Actor['agent']) => request.Test,
    expected: unknown[],
    read: (res: request.Response) => unknown[] = outcome,
  ): Promise<void> {
    const before = await everything();
    for (const { name, agent } of actors) {
      const res = await send(agent);
      expect([name, ...read(res)]).toEqual([name, ...expected]);
    }
    expect(await everything()).toEqual(before);
  }

  /** The newest reset link's token mailed to `email`, once `count` reset mails have arrived. */
  async function resetToken(email: string, count = 1): Promise<string> {
    const resets = () => mailsTo(t.outboxDir, email).filter((m) => m.subject === RESET_SUBJECT);
    await waitFor(`${count} reset mail(s) to ${email}`, () => resets().length >= count);
    const all = resets();
    const origin = t.config.publicUrl.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`${origin}/reset-password/([A-Za-z0-9_-]{43})`).exec(all[all.length - 1].text ?? '');
    if (!match) throw new Error(`no reset link mailed to ${email}`);
    return match[1];
  }

  const passwordOf = async (id: string) => (await sql<{ password: string }>(t, `SELECT password FROM "user" WHERE id = $1`, [id]))[0]?.password;
  const unusedTokens = (id: string) => sql(t, `SELECT 1 FROM password_reset_token WHERE user_id = $1 AND used_at IS NULL`, [id]);

  describe('POST /api/forgot-password (D36)', () => {
    it('answers every actor the same, for an account, an unknown address and a suspended account; only a usable account gets a link', async () => {
      const before = readOutbox(t.outboxDir).length;
      for (const { name, agent } of everyone()) {
        const res = await agent.post('/api/forgot-password').send({ email: user.email });
        expect([name, res.status, res.body]).toEqual([name, 200, SAME_ANSWER]);
      }
      // Each request replaced the previous unused link: one usable token, six mails.
      await resetToken(user.email, 6);
      expect(await unusedTokens(user.id)).toHaveLength(1);

      for (const email of [`nobody.${Date.now()}@example.com`, suspended.email, suspended.email.toUpperCase(), "o'brien--@example.com"]) {
        const res = await anonymous().post('/api/forgot-password').send({ email });
        expect([email, res.status, res.body]).toEqual([email, 200, SAME_ANSWER]);
      }
      expect(await unusedTokens(suspended.id)).toEqual([]);

      // An unverified account may get a link too (the mail proves the address).
      await unverified.agent.post('/api/forgot-password').send({ email: unverified.email }).expect(200);
      await resetToken(unverified.email);
      expect(readOutbox(t.outboxDir).length - before).toBe(7); // nothing to the unknown or suspended addresses
    });

    const INVALID_EMAIL = 'Please enter a valid email address';
    it.each<Refusal>([
      ['no body', 400, 'VALIDATION.FAILED', INVALID_EMAIL, {}],
      ['a number', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: 42 }],
      ['null', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: null }],
      ['a list', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: ['ann@example.com'] }],
      ['an object', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: { $ne: '' } }],
      ['not an address', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: 'ann@' }],
      ['a huge string', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: 'a'.repeat(100_000) }],
      // No address is longer than 254 characters, so the address check speaks first.
      ['an address over 255 characters', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: LONG_EMAIL }],
      ...SQLISH.map((email): Refusal => [`SQL-ish ${email}`, 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email }]),
      ['a NUL character', 400, ...NUL, { email: 'ann\u0000@example.com' }],
      ['an unknown field', 400, 'VALIDATION.FAILED', 'property isAdmin should not exist', { email: 'ann@example.com', isAdmin: true }],
    ])('refuses %s: %i %s, changing nothing', async (_what, status, code, message, body) => {
      await refusedToEach(anonymousAndUser(), (agent) => agent.post('/api/forgot-password').send(body), [status, code, message]);
    });
  });

  describe('GET /api/reset-password/:token (D36)', () => {
    it('says a live link is valid to every actor, without spending it', async () => {
      await anonymous().post('/api/forgot-password').send({ email: other.email }).expect(200);
      const token = await resetToken(other.email);
      const before = await everything();
      for (const { name, agent } of everyone()) {
        const res = await agent.get(`/api/reset-password/${token}`);
        expect([name, res.status, res.body]).toEqual([name, 200, { valid: true }]);
      }
      expect(await everything()).toEqual(before);
    });

    it.each<BadValue>([
      ['too short', 'A'.repeat(42)],
      ['too long', 'A'.repeat(44)],
      ['huge', 'A'.repeat(4000)],
      ['not base64url', `${'A'.repeat(42)}!`],
      ['unknown but well-formed', 'A'.repeat(43)],
      ...SQLISH.map((token): BadValue => [`SQL-ish ${token}`, token]),
      ['a path escape', '../../user'],
      ['a NUL character', '\u0000'],
      ['a token with a space after it', `${'A'.repeat(43)} `],
    ])('answers a %s token 400 IDENTITY.RESET_LINK_INVALID for every actor, changing nothing', async (_what, token) => {
      await refusedToEach(everyone(), (agent) => agent.get(`/api/reset-password/${encodeURIComponent(String(token))}`), [400, INVALID_LINK], statusAndBody);
    });

    it('answers the link of an account suspended since, or being deleted, 400 IDENTITY.RESET_LINK_INVALID', async () => {
      const doomed = await signedInUser(t);
      await anonymous().post('/api/forgot-password').send({ email: doomed.email }).expect(200);
      const token = await resetToken(doomed.email);
      await t.app.get<IdentityApi>(IDENTITY_API).suspend(doomed.id);
      expect((await anonymous().get(`/api/reset-password/${token}`)).body).toEqual(INVALID_LINK);
      await t.app.get<IdentityApi>(IDENTITY_API).unsuspend(doomed.id);
      await sql(t, `UPDATE "user" SET deletion_requested_at = now() WHERE id = $1`, [doomed.id]);
      expect((await anonymous().get(`/api/reset-password/${token}`)).body).toEqual(INVALID_LINK);
    });
  });

  describe('POST /api/reset-password (D36)', () => {
    /** A fresh account signed in on its own agent, with a live reset link. */
    async function accountWithLink() {
      const owner = await signedInUser(t);
      await anonymous().post('/api/forgot-password').send({ email: owner.email }).expect(200);
      return { owner, token: await resetToken(owner.email) };
    }

    it('lets whoever holds the link reset that account only: its sessions end, the caller’s own session stays', async () => {
      for (const { name, agent } of everyone()) {
        const { owner, token } = await accountWithLink();
        const otherPasswords = await sql(t, `SELECT id, password FROM "user" WHERE id <> $1 ORDER BY id`, [owner.id]);
        const res = await agent.post('/api/reset-password').send({ token, newPassword: 'a-brand-new-pass' });
        expect([name, res.status, res.body]).toEqual([name, 200, { message: 'Password reset' }]);
        expect(await sql(t, `SELECT id, password FROM "user" WHERE id <> $1 ORDER BY id`, [owner.id])).toEqual(otherPasswords);
        await owner.agent.get('/api/user').expect(401);
        await anonymous().post('/api/login').send({ email: owner.email, password: 'a-brand-new-pass' }).expect(200);
      }
      // No actor's own session was touched (the suspended one was already refused).
      for (const actor of [user, unverified, other, admin]) await actor.agent.get('/api/user').expect(200);
      await suspended.agent.get('/api/user').expect(401);
    });

    it('refuses the link of a suspended account, leaving its password', async () => {
      const { owner, token } = await accountWithLink();
      const password = await passwordOf(owner.id);
      await t.app.get<IdentityApi>(IDENTITY_API).suspend(owner.id);
      const res = await anonymous().post('/api/reset-password').send({ token, newPassword: 'a-brand-new-pass' });
      expect([res.status, res.body]).toEqual([400, INVALID_LINK]);
      expect(await passwordOf(owner.id)).toBe(password);
    });

    const SHORT = 'Password must be at least 8 characters';
    it.each<Refusal>([
      ['no new password', 400, 'VALIDATION.FAILED', SHORT, {}],
      ['a number', 400, 'VALIDATION.FAILED', SHORT, { newPassword: 12345678 }],
      ['null', 400, 'VALIDATION.FAILED', SHORT, { newPassword: null }],
      ['a list', 400, 'VALIDATION.FAILED', SHORT, { newPassword: ['long-enough'] }],
      ['an object', 400, 'VALIDATION.FAILED', SHORT, { newPassword: { length: 9 } }],
      ['a short one', 400, 'VALIDATION.FAILED', SHORT, { newPassword: 'short12' }],
      ['one over 255 characters', 400, 'VALIDATION.FAILED', 'Password must be at most 255 characters', { newPassword: 'x'.repeat(256) }],
      ['a huge one', 400, 'VALIDATION.FAILED', 'Password must be at most 255 characters', { newPassword: 'x'.repeat(100_000) }],
      ['an unknown field', 400, 'VALIDATION.FAILED', 'property userId should not exist', { newPassword: 'long-enough', userId: 'someone-else' }],
    ])('refuses %s: %i %s, before the link is spent', async (_what, status, code, message, fields) => {
      const { owner, token } = await accountWithLink();
      const before = await everything();
      const res = await anonymous()
        .post('/api/reset-password')
        .send({ token, ...fields });
      expect(outcome(res)).toEqual([status, code, message]);
      expect(await everything()).toEqual(before);
      await anonymous().get(`/api/reset-password/${token}`).expect(200);
      expect(await unusedTokens(owner.id)).toHaveLength(1);
    });

    it.each<BadValue>([
      ['no token', undefined],
      ['a number', 42],
      ['null', null],
      ['a list', ['A'.repeat(43)]],
      ['an object', { $ne: '' }],
      ['a huge string', 'A'.repeat(100_000)],
      ['an unknown well-formed token', 'A'.repeat(43)],
      ...SQLISH.map((token): BadValue => [`SQL-ish ${token}`, token]),
    ])('refuses %s as the token with 400 IDENTITY.RESET_LINK_INVALID, changing nothing', async (_what, token) => {
      await refusedToEach(anonymousAndUser(), (agent) => agent.post('/api/reset-password').send({ token, newPassword: 'a-brand-new-pass' }), [400, INVALID_LINK], statusAndBody);
    });
  });

  describe('GET /api/user/export (D35)', () => {
    async function dataOf(agent: Agent, query = ''): Promise<{ account: { id: string; email: string } }> {
      const res = await agent.get(`/api/user/export${query}`).responseType('blob').expect(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const files = await unzip(res.body as Buffer);
      return JSON.parse(files.get('data.json')!.toString('utf8'));
    }

    it('401 AUTH.REQUIRED signed out and suspended, changing nothing (not even the hourly count)', async () => {
      await refusedToEach(refused(), (agent) => agent.get('/api/user/export'), [401, AUTH_REQUIRED], statusAndBody);
    });

    it("gives each signed-in actor their own data only, whatever the query names", async () => {
      for (const actor of [user, unverified, other, admin]) {
        const data = await dataOf(actor.agent as Agent, `?userId=${user.id}&id=${encodeURIComponent(SQLISH[0])}`);
        expect(data.account).toMatchObject({ id: actor.id, email: actor.email });
      }
    });
  });

  describe('POST /api/contact (D34)', () => {
    let n = 0;
    /** A valid message with `overrides` (an `undefined` leaves the field out of the JSON). */
    const message = (overrides: Record<string, unknown> = {}) => {
      n += 1;
      return { name: 'Ann Baker', email: 'ann@example.com', subject: `Actor matrix ${n}.${Date.now()}`, message: 'Hello, a question.', ...overrides };
    };
    const storedBy = (subject: string) => sql<{ user_id: string | null }>(t, `SELECT user_id FROM contact_message WHERE subject = $1`, [subject]);

    it('takes a message from every actor, linked to the sender’s account only when the session is valid', async () => {
      const expected: Record<string, string | null> = {
        anonymous: null,
        'verified user': user.id,
        'unverified user': unverified.id,
        'another user': other.id,
        // D21: a suspended account's session is no session, but anyone may still write to support.
        'suspended user': null,
        admin: admin.id,
      };
      for (const { name, agent } of everyone()) {
        const body = message();
        const res = await agent.post('/api/contact').send(body);
        expect([name, res.status, res.body]).toEqual([name, 201, { message: 'Message sent' }]);
        expect([name, await storedBy(body.subject)]).toEqual([name, [{ user_id: expected[name] }]]);
      }
    });

    it('stores SQL-ish text as typed, and the tables stay', async () => {
      for (const text of SQLISH) {
        const body = message({ name: text, message: text });
        await anonymous().post('/api/contact').send(body).expect(201);
        expect(await sql(t, `SELECT name, message FROM contact_message WHERE subject = $1`, [body.subject])).toEqual([{ name: text, message: text }]);
      }
      expect((await user.agent.get('/api/user').expect(200)).body.id).toBe(user.id);
    });

    it('drops a message whose hidden honeypot is filled, answering as if sent', async () => {
      const before = await everything();
      const res = await anonymous().post('/api/contact').send(message({ website: 'http://spam.example' }));
      expect([res.status, res.body]).toEqual([201, { message: 'Message sent' }]);
      expect(await everything()).toEqual(before);
    });

    const INVALID_EMAIL = 'Please enter a valid email address';
    it.each<Refusal>([
      ['a missing name', 400, 'VALIDATION.FAILED', 'Please enter your name', { name: undefined }],
      ['a missing e-mail', 400, 'VALIDATION.FAILED', 'Please enter your email', { email: undefined }],
      ['a missing subject', 400, 'VALIDATION.FAILED', 'Please enter a subject', { subject: undefined }],
      ['a missing message', 400, 'VALIDATION.FAILED', 'Please enter a message', { message: undefined }],
      ['a name of spaces', 400, 'VALIDATION.FAILED', 'Please enter your name', { name: '   ' }],
      ['a number as name', 400, 'VALIDATION.FAILED', 'Please enter your name', { name: 42 }],
      ['a list as message', 400, 'VALIDATION.FAILED', 'Please enter a message', { message: ['hi'] }],
      ['an object as subject', 400, 'VALIDATION.FAILED', 'Please enter a subject', { subject: { toString: 'x' } }],
      ['null as e-mail', 400, 'VALIDATION.FAILED', 'Please enter your email', { email: null }],
      ['a bad e-mail', 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email: 'ann@' }],
      ...SQLISH.map((email): Refusal => [`SQL-ish e-mail ${email}`, 400, 'VALIDATION.FAILED', INVALID_EMAIL, { email }]),
      ['a name over 100 characters', 400, 'VALIDATION.FAILED', 'Name must be at most 100 characters', { name: 'n'.repeat(101) }],
      ['a subject over 200 characters', 400, 'VALIDATION.FAILED', 'Subject must be at most 200 characters', { subject: 's'.repeat(201) }],
      ['a message over 5000 characters', 400, 'VALIDATION.FAILED', 'Message must be at most 5000 characters', { message: 'm'.repeat(5001) }],
      ['an e-mail over 254 characters', 400, 'VALIDATION.FAILED', 'Email must be at most 254 characters', { email: `${'a'.repeat(243)}@example.com` }],
      ['a huge message', 400, 'VALIDATION.FAILED', 'Message must be at most 5000 characters', { message: 'm'.repeat(500_000) }],
      ['a NUL character in the message', 400, ...NUL, { message: 'Hello\u0000there' }],
      ['an unknown field', 400, 'VALIDATION.FAILED', 'property userId should not exist', { userId: 'someone-else' }],
    ])('refuses %s: %i %s, changing nothing', async (_what, status, code, text, overrides) => {
      const body = message(overrides);
      await refusedToEach(anonymousAndUser(), (agent) => agent.post('/api/contact').send(body), [status, code, text]);
    });
  });

  describe('POST /api/youtube-to-article (D33)', () => {
    it('401 AUTH.REQUIRED signed out and suspended, without asking YouTube or counting', async () => {
      const url = watchUrl(addTalk(youtube));
      await refusedToEach(refused(), (agent) => agent.post('/api/youtube-to-article').send({ youtubeUrl: url }), [401, AUTH_REQUIRED], statusAndBody);
    });

    it('writes an article for every signed-in actor, verified or not, admin or not', async () => {
      for (const actor of [user, unverified, other, admin]) {
        const res = await actor.agent.post('/api/youtube-to-article').send({ youtubeUrl: watchUrl(addTalk(youtube)), customTitle: 'Budgets' });
        expect([actor.email, res.status, res.body.writer, (res.body.article as string).split('\n')[0]]).toEqual([actor.email, 200, 'local', 'Budgets']);
      }
    });

    const INVALID_URL = 'Please enter a valid YouTube video link (youtube.com/watch, youtu.be, shorts or embed).';
    const KEY_REFUSED = 'Your OpenAI key was refused. Check the key and try again.';
    const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';
    const NO_URL = 'Please enter a YouTube URL';
    it.each<Refusal>([
      ['no body', 400, 'VALIDATION.FAILED', NO_URL, {}],
      ['a URL of spaces', 400, 'VALIDATION.FAILED', NO_URL, { youtubeUrl: '   ' }],
      ['a number as URL', 400, 'VALIDATION.FAILED', NO_URL, { youtubeUrl: 42 }],
      ['a list as URL', 400, 'VALIDATION.FAILED', NO_URL, { youtubeUrl: [VIDEO] }],
      ['an object as URL', 400, 'VALIDATION.FAILED', NO_URL, { youtubeUrl: { href: VIDEO } }],
      ['a URL over 2048 characters', 400, 'VALIDATION.FAILED', INVALID_URL, { youtubeUrl: `${VIDEO}?x=${'a'.repeat(2048)}` }],
      ['a SQL-ish video id', 400, 'TOOLS.INVALID_YOUTUBE_URL', INVALID_URL, { youtubeUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(SQLISH[0])}` }],
      ...SQLISH.map((youtubeUrl): Refusal => [`SQL-ish URL ${youtubeUrl}`, 400, 'TOOLS.INVALID_YOUTUBE_URL', INVALID_URL, { youtubeUrl }]),
      ['a number as title', 400, 'VALIDATION.FAILED', 'The custom title must be text', { youtubeUrl: VIDEO, customTitle: 42 }],
      ['a title over 200 characters', 400, 'VALIDATION.FAILED', 'The custom title must be at most 200 characters', { youtubeUrl: VIDEO, customTitle: 't'.repeat(201) }],
      ['a list as key', 400, 'VALIDATION.FAILED', KEY_REFUSED, { youtubeUrl: VIDEO, openaiKey: ['sk-x'] }],
      ['a key over 500 characters', 400, 'VALIDATION.FAILED', KEY_REFUSED, { youtubeUrl: VIDEO, openaiKey: `sk-${'k'.repeat(500)}` }],
      ['a SQL-ish key', 400, 'TOOLS.OPENAI_KEY_REFUSED', KEY_REFUSED, { youtubeUrl: VIDEO, openaiKey: "sk-' OR '1'='1" }],
      ['a NUL character in the title', 400, ...NUL, { youtubeUrl: VIDEO, customTitle: 'Bread\u0000' }],
      ['an unknown field', 400, 'VALIDATION.FAILED', 'property userId should not exist', { youtubeUrl: VIDEO, userId: 'someone-else' }],
    ])('refuses %s: %i %s, without asking YouTube or OpenAI or counting', async (_what, status, code, message, body) => {
      await refusedToEach(byEmail([user, admin]), (agent) => agent.post('/api/youtube-to-article').send(body), [status, code, message]);
    });
  });

  describe('every POST endpoint', () => {
    const POSTS: Array<[path: string, body: Record<string, unknown>]> = [
      ['/api/forgot-password', { email: 'ann@example.com' }],
      ['/api/reset-password', { token: 'A'.repeat(43), newPassword: 'long-enough' }],
      ['/api/contact', { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' }],
      ['/api/youtube-to-article', { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['/api/user/delete-account', { confirmEmail: '<own>' }],
    ];
    const withOwnEmail = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === '<own>' ? user.email : v]));

    it.each(POSTS)('%s: a page on another site, riding the user’s cookie, gets 403 HTTP.CROSS_SITE and changes nothing (D18)', async (path, body) => {
      const before = await everything();
      const res = await user.agent.post(path).set('Origin', 'https://evil.example').send(withOwnEmail(body));
      expect(outcome(res)).toEqual([403, 'HTTP.CROSS_SITE', 'Requests from other sites are not allowed.']);
      expect(await everything()).toEqual(before);
      await user.agent.get('/api/user').expect(200);
    });

    it.each(POSTS)('%s: a body that is not a JSON object, or over 1 MB, is refused and changes nothing', async (path) => {
      const before = await everything();
      const notJson = [400, 'HTTP.BAD_REQUEST', 'The request body is not valid JSON.'];
      for (const [text, expected] of [
        ['{"email":', notJson],
        ['"ann@example.com"', notJson],
        ['null', notJson],
        ['["ann@example.com"]', [400, 'VALIDATION.FAILED', 'property 0 should not exist']],
        [JSON.stringify({ padding: TWO_MEGABYTES }), [413, 'HTTP.PAYLOAD_TOO_LARGE', 'The request body is too large.']],
      ] as const) {
        const res = await postRaw(user.agent, path, text);
        expect([text.slice(0, 20), ...outcome(res)]).toEqual([text.slice(0, 20), ...expected]);
      }
      expect(await everything()).toEqual(before);
    });
  });

  // Last: the deletions end accounts the other cases use.
  describe('POST /api/user/delete-account (D35)', () => {
    const MISMATCH = 'The email you typed does not match your account.';

    it('401 AUTH.REQUIRED signed out and suspended (even typing their own e-mail), changing nothing', async () => {
      const before = await everything();
      for (const [name, agent, confirmEmail] of [
        ['anonymous', anonymous(), user.email],
        ['suspended user', suspended.agent, suspended.email],
      ] as const) {
        const res = await agent.post('/api/user/delete-account').send({ confirmEmail });
        expect([name, res.status, res.body]).toEqual([name, 401, AUTH_REQUIRED]);
      }
      expect(await everything()).toEqual(before);
    });

    it("another user or an admin typing someone else's e-mail: 400 PRIVACY.CONFIRM_EMAIL_MISMATCH, nobody deleted", async () => {
      const typeUsersEmail = (agent: Actor['agent']) => agent.post('/api/user/delete-account').send({ confirmEmail: user.email });
      await refusedToEach(byEmail([other, admin, unverified]), typeUsersEmail, [400, 'PRIVACY.CONFIRM_EMAIL_MISMATCH', MISMATCH]);
    });

    const TYPE_IT = 'Please type your email address to confirm';
    /** `<own>` stands for the caller's e-mail, `<other>` for another account's id. */
    it.each<Refusal>([
      ['no body', 400, 'VALIDATION.FAILED', TYPE_IT, {}],
      ['a number', 400, 'VALIDATION.FAILED', TYPE_IT, { confirmEmail: 42 }],
      ['null', 400, 'VALIDATION.FAILED', TYPE_IT, { confirmEmail: null }],
      ['a list holding the e-mail', 400, 'VALIDATION.FAILED', TYPE_IT, { confirmEmail: ['<own>'] }],
      ['an object', 400, 'VALIDATION.FAILED', TYPE_IT, { confirmEmail: { $ne: '' } }],
      ['an empty e-mail', 400, 'PRIVACY.CONFIRM_EMAIL_MISMATCH', MISMATCH, { confirmEmail: '' }],
      ['an e-mail over 255 characters', 400, 'VALIDATION.FAILED', MISMATCH, { confirmEmail: LONG_EMAIL }],
      ['a huge string', 400, 'VALIDATION.FAILED', MISMATCH, { confirmEmail: 'a'.repeat(100_000) }],
      ['the e-mail with SQL after it', 400, 'PRIVACY.CONFIRM_EMAIL_MISMATCH', MISMATCH, { confirmEmail: "<own>' OR '1'='1" }],
      ...SQLISH.map((confirmEmail): Refusal => [`SQL-ish ${confirmEmail}`, 400, 'PRIVACY.CONFIRM_EMAIL_MISMATCH', MISMATCH, { confirmEmail }]),
      ['an unknown field', 400, 'VALIDATION.FAILED', 'property userId should not exist', { confirmEmail: '<own>', userId: '<other>' }],
    ])('refuses %s: %i %s, deleting nothing', async (_what, status, code, message, fields) => {
      const body = JSON.parse(JSON.stringify(fields).replaceAll('<own>', user.email).replaceAll('<other>', other.id)) as Record<string, unknown>;
      const before = await everything();
      const res = await user.agent.post('/api/user/delete-account').send(body);
      expect(outcome(res)).toEqual([status, code, message]);
      expect(await everything()).toEqual(before);
    });

    it('deletes the account of whoever types their own e-mail (verified, unverified or admin), and only theirs', async () => {
      // A reset link mailed before the deletion.
      await anonymous().post('/api/forgot-password').send({ email: user.email }).expect(200);
      const token = await resetToken(user.email, mailsTo(t.outboxDir, user.email).filter((m) => m.subject === RESET_SUBJECT).length + 1);
      for (const actor of [unverified, admin, user]) {
        const others = await sql(t, `SELECT id, email, deletion_requested_at FROM "user" WHERE id <> $1 ORDER BY id`, [actor.id]);
        const res = await actor.agent.post('/api/user/delete-account').send({ confirmEmail: `  ${actor.email.toUpperCase()} ` });
        expect([actor.email, res.status, res.body]).toEqual([actor.email, 200, { message: 'Account deleted' }]);
        await actor.agent.get('/api/user').expect(401);
        expect(await sql(t, `SELECT id FROM "user" WHERE id = $1 AND deletion_requested_at IS NULL`, [actor.id])).toEqual([]);
        expect(await sql(t, `SELECT id, email, deletion_requested_at FROM "user" WHERE id <> $1 ORDER BY id`, [actor.id])).toEqual(others);
      }
      await other.agent.get('/api/user').expect(200);

      // The deleted account's link no longer works, its address gets no new one, its session reads nothing.
      const before = await everything();
      expect((await anonymous().get(`/api/reset-password/${token}`)).body).toEqual(INVALID_LINK);
      expect((await anonymous().post('/api/reset-password').send({ token, newPassword: 'a-brand-new-pass' })).body).toEqual(INVALID_LINK);
      expect((await user.agent.get('/api/user/export')).body).toEqual(AUTH_REQUIRED);
      expect((await user.agent.post('/api/user/delete-account').send({ confirmEmail: user.email })).body).toEqual(AUTH_REQUIRED);
      expect((await anonymous().post('/api/forgot-password').send({ email: user.email })).body).toEqual(SAME_ANSWER);
      // A later request's mail arrives alone: none went to the deleted address.
      const otherLinks = mailsTo(t.outboxDir, other.email).filter((m) => m.subject === RESET_SUBJECT).length;
      await anonymous().post('/api/forgot-password').send({ email: other.email }).expect(200);
      await resetToken(other.email, otherLinks + 1);
      expect(await everything()).toEqual({ ...before, limits: expect.any(Array), tokens: expect.any(Array), mails: before.mails + 1 });
      expect(await sql(t, `SELECT 1 FROM password_reset_token WHERE user_id = $1 AND used_at IS NULL`, [user.id])).toEqual([]);
    });
  });
});
