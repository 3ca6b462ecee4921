import request from 'supertest';
import { BILLING_API, type BillingApi } from '../../src/modules/billing';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { FinishAccountDeletionsJob } from '../../src/modules/privacy/application/finish-account-deletions.job';
import { SESSION_COOKIE } from '../../src/shared/auth/session-cookie';
import { buyLocally, createBillingApp, ledger, userRow } from '../billing/billing-helpers';
import { generate, grant, sql, type TestUser } from '../generation/generation-helpers';
import { fingerprint, signUpBody } from '../identity/identity-helpers';
import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { tablesHolding } from './privacy-helpers';

const ADMIN_EMAIL = 'privacy-admin@example.com';
let suffix = 0;
const nameSuffix = () => `q${(suffix += 1)}`;
const PASSWORD = 'secret-pass-1';

interface Account extends TestUser {
  username: string;
  password: string;
  fingerprint: string;
}

/**
 * D35 "Delete my account" through the whole app with the local payment provider (the Stripe path
 * is in delete-account-stripe.int-spec.ts): the typed e-mail is checked first; a deletion ends
 * every session, the plan at once, the images with their feed entries, the laughs given and every
 * trace of the e-mail and username; the ledger stays for accounting without the account; the D19
 * records stay; the address can sign up again. A run cut off between steps is finished by the job.
 */
describe('POST /api/user/delete-account', () => {
  let t: TestApp;
  let admin: TestUser;
  let bystander: TestUser;
  let bystanderImage: string;

  /** Signs up through the API (signed in on `agent`), verified, with a device fingerprint. */
  async function account(overrides: Record<string, unknown> = {}): Promise<Account> {
    const body = { ...signUpBody(overrides), deviceFingerprint: fingerprint() };
    const agent = request.agent(t.http);
    const res = await agent.post('/api/register').send(body).expect(201);
    await sql(t, `UPDATE "user" SET email_verified = true WHERE id = $1`, [res.body.id]);
    return { id: res.body.id as string, email: body.email, username: body.username, password: body.password, fingerprint: body.deviceFingerprint, agent };
  }

  async function image(user: TestUser, share: boolean): Promise<string> {
    await grant(t, user.id, { regular: 1 });
    const res = await generate(user.agent, { image: await smallJpeg(320, 240), prompt: 'make it black and white', share: String(share) }).expect(200);
    return res.body.id as string;
  }

  /** A second browser signed in to the same account. */
  async function secondSession(user: Account) {
    const agent = request.agent(t.http);
    await agent.post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    await agent.get('/api/user').expect(200);
    return agent;
  }

  /** A subscriber with a pack, two images (one public and saved), laughs given, in the video waitlist. */
  async function fullAccount(): Promise<Account & { images: string[] }> {
    const user = await account({ source: 'video', firstName: `Privata${nameSuffix()}`, lastName: 'Personne' });
    await buyLocally(user, { pack: 'pack7' });
    await buyLocally(user, { tier: 'starter' });
    const shown = await image(user, true);
    const hidden = await image(user, false);
    await user.agent.post(`/api/images/${shown}/save`).expect(200);
    // Laughs the user gave as themselves: on their own image (My Edits) and on someone else's.
    await user.agent.post(`/api/images/${hidden}/add-laugh`).send({ userIdentifier: user.id }).expect(200);
    await user.agent.post(`/api/images/${bystanderImage}/add-laugh`).send({ userIdentifier: user.id }).expect(200);
    return { ...user, images: [shown, hidden] };
  }

  const deleteAccount = (user: { agent: TestUser['agent'] }, confirmEmail: unknown) => user.agent.post('/api/user/delete-account').send({ confirmEmail });

  async function laughCount(imageId: string): Promise<number> {
    return (await sql<{ laugh_count: number }>(t, `SELECT laugh_count FROM image WHERE id = $1`, [imageId]))[0].laugh_count;
  }

  beforeAll(async () => {
    t = await createBillingApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    admin = await account({ email: ADMIN_EMAIL });
    bystander = await account();
    bystanderImage = await image(bystander, true);
  });
  afterAll(() => t.close());

  it('refuses a wrong or missing e-mail (400) and changes nothing', async () => {
    const user = await fullAccount();
    const before = await sql(t, `SELECT id, is_saved, laugh_count FROM image WHERE user_id = $1 ORDER BY id`, [user.id]);

    const wrong = await deleteAccount(user, 'someone-else@example.com').expect(400);
    expect(wrong.body).toEqual({
      message: 'The email you typed does not match your account.',
      error: 'The email you typed does not match your account.',
      code: 'PRIVACY.CONFIRM_EMAIL_MISMATCH',
    });
    await deleteAccount(user, '').expect(400);
    const missing = await user.agent.post('/api/user/delete-account').send({}).expect(400);
    expect(missing.body.message).toBe('Please type your email address to confirm');

    await user.agent.get('/api/user').expect(200);
    expect(await sql(t, `SELECT id, is_saved, laugh_count FROM image WHERE user_id = $1 ORDER BY id`, [user.id])).toEqual(before);
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true });
    expect(await sql(t, `SELECT deletion_requested_at FROM "user" WHERE id = $1`, [user.id])).toEqual([{ deletion_requested_at: null }]);
  });

  it('refuses anonymous callers (401)', async () => {
    const res = await request(t.http).post('/api/user/delete-account').send({ confirmEmail: 'a@example.com' }).expect(401);
    expect(res.body.code).toBe('AUTH.REQUIRED');
  });

  describe('a deletion that succeeds', () => {
    let user: Account & { images: string[] };
    let other: ReturnType<typeof request.agent>;
    let ledgerBefore: Array<Record<string, unknown>>;
    let salesBefore: Record<string, unknown>;
    let registrationsBefore: number;
    let bystanderLaughs: number;
    let firstName: string;
    let answer: request.Response;

    beforeAll(async () => {
      user = await fullAccount();
      other = await secondSession(user);
      // D19: the device was flagged (as a further account on it would be): the admin list must cope.
      await sql(t, `UPDATE device_fingerprint SET is_flagged = true WHERE user_id = $1`, [user.id]);
      ledgerBefore = await sql(
        t,
        `SELECT id, type, credit_kind, credits, purchase_amount, currency, pack_type, stripe_transaction_id, created_at FROM credit_transaction WHERE user_id = $1 ORDER BY id`,
        [user.id],
      );
      salesBefore = (await admin.agent.get('/api/admin/analytics').expect(200)).body as Record<string, unknown>;
      registrationsBefore = (await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM ip_registration`))[0].n;
      bystanderLaughs = await laughCount(bystanderImage);
      firstName = (await sql<{ first_name: string }>(t, `SELECT first_name FROM "user" WHERE id = $1`, [user.id]))[0].first_name;
      expect((await request(t.http).get('/api/community/recent').expect(200)).body.map((i: { id: string }) => i.id)).toContain(user.images[0]);

      answer = await deleteAccount(user, `  ${user.email.toUpperCase()} `);
    });

    it('answers 200 "Account deleted", ends the session and clears its cookie', () => {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: 'Account deleted' });
      const cookies = (answer.headers['set-cookie'] as unknown as string[]) ?? [];
      expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    });

    it('signs out every session of the account: this browser and another one', async () => {
      await user.agent.get('/api/user').expect(401);
      await other.get('/api/user').expect(401);
      await other.get('/api/my-edits').expect(401);
      expect(await sql(t, `SELECT sid FROM session WHERE (sess::jsonb -> 'passport' ->> 'user') = $1`, [user.id])).toEqual([]);
    });

    it('deletes the images, their files and their feed entries', async () => {
      expect(await sql(t, `SELECT id FROM image WHERE user_id = $1 OR id = ANY($2::uuid[])`, [user.id, user.images])).toEqual([]);
      expect(await sql(t, `SELECT image_id FROM image_rendition WHERE image_id = ANY($1::uuid[])`, [user.images])).toEqual([]);
      for (const id of user.images) await request(t.http).get(`/api/images/${id}`).expect(404);
      await waitFor('the feed to drop the deleted image', async () => {
        const feed = (await request(t.http).get('/api/community/recent').expect(200)).body as Array<{ id: string }>;
        return !feed.some((i) => user.images.includes(i.id));
      });
    });

    it('removes the laughs the user gave, and the counts they made', async () => {
      expect(await sql(t, `SELECT id FROM laugh WHERE user_identifier = $1`, [user.id])).toEqual([]);
      expect(await laughCount(bystanderImage)).toBe(bystanderLaughs - 1);
    });

    it('ends the plan with the account (its billing rows go)', async () => {
      expect(await sql(t, `SELECT id FROM billing_subscription WHERE user_id = $1`, [user.id])).toEqual([]);
      expect(await sql(t, `SELECT id FROM billing_checkout_session WHERE user_id = $1`, [user.id])).toEqual([]);
    });

    it('keeps every ledger row, unchanged, with the account link removed; the sales figures do not move', async () => {
      const ids = ledgerBefore.map((r) => r.id);
      expect(ids.length).toBeGreaterThanOrEqual(4);
      const after = await sql<Record<string, unknown>>(
        t,
        `SELECT id, user_id, type, credit_kind, credits, purchase_amount, currency, pack_type, stripe_transaction_id, created_at
           FROM credit_transaction WHERE id = ANY($1::uuid[]) ORDER BY id`,
        [ids],
      );
      expect(after.map(({ user_id, ...rest }) => ({ user_id, rest }))).toEqual(ledgerBefore.map((rest) => ({ user_id: null, rest })));
      const sales = (await admin.agent.get('/api/admin/analytics').expect(200)).body as Record<string, unknown> & { recentPurchases: Array<{ id: string; userId: unknown }> };
      for (const key of ['totalRevenue', 'creditsSold', 'creditsUsed', 'totalPurchases', 'packPerformance', 'revenueByDay', 'creditUsageRate']) {
        expect({ [key]: sales[key] }).toEqual({ [key]: salesBefore[key] });
      }
      const purchase = sales.recentPurchases.find((p) => ids.includes(p.id));
      expect(purchase).toMatchObject({ userId: null });
      // The admin's transaction list shows the rows without an account.
      const rows = (await admin.agent.get('/api/admin/transactions?limit=200').expect(200)).body as Array<{ id: string; userId: unknown }>;
      expect(rows.filter((r) => ids.includes(r.id)).map((r) => r.userId)).toEqual(ids.map(() => null));
    });

    it('keeps the D19 records without the account: the device still counts, the admin list copes', async () => {
      expect(await sql(t, `SELECT user_id, is_flagged FROM device_fingerprint WHERE fingerprint_hash = $1`, [user.fingerprint])).toEqual([
        { user_id: null, is_flagged: true },
      ]);
      expect((await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM ip_registration`))[0].n).toBe(registrationsBefore);
      const flagged = (await admin.agent.get('/api/admin/flagged-devices').expect(200)).body as Array<Record<string, unknown>>;
      expect(flagged).toContainEqual(expect.objectContaining({ fingerprintHash: user.fingerprint, userId: null, email: null, username: null }));
    });

    it('leaves the e-mail, the username and the names in no row of any table', async () => {
      expect(await tablesHolding(t, user.email)).toEqual({});
      expect(await tablesHolding(t, user.username)).toEqual({});
      expect(await tablesHolding(t, firstName)).toEqual({});
      expect(await tablesHolding(t, user.id)).toEqual({});
      expect(await sql(t, `SELECT id FROM "user" WHERE id = $1`, [user.id])).toEqual([]);
    });

    it('refuses to sign the deleted account in, exactly as an unknown one', async () => {
      const deleted = await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
      const unknown = await request(t.http).post('/api/login').send({ email: 'nobody-here@example.com', password: PASSWORD }).expect(401);
      expect(deleted.body).toEqual(unknown.body);
    });

    it('lets the address and the username sign up again and sign in; the device still needs a captcha (D19)', async () => {
      const again = { email: user.email, username: user.username, password: 'another-pass-2' };
      // D19/D20: the device that had the deleted account is still known.
      const onDevice = await request(t.http).post('/api/register').send({ ...again, deviceFingerprint: user.fingerprint }).expect(403);
      expect(onDevice.body.code).toBe('IDENTITY.CAPTCHA_UNAVAILABLE');
      const created = await request(t.http).post('/api/register').send(again).expect(201);
      expect(created.body.id).not.toBe(user.id);
      const agent = request.agent(t.http);
      await agent.post('/api/login').send({ email: user.email, password: 'another-pass-2' }).expect(200);
      expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ email: user.email, subscriptionTier: 'free', isSubscribed: false });
      expect(await ledger(t, created.body.id as string)).toEqual([]);
    });
  });

  it('ends a plan at once through BILLING_API (not at the period end), and is idempotent', async () => {
    const user = await account();
    await buyLocally(user, { pack: 'pack1' });
    await buyLocally(user, { tier: 'creator' });
    const billing = t.app.get<BillingApi>(BILLING_API);
    const first = await billing.endSubscriptionNow(user.id);
    expect(first.endedSubscriptionId).toMatch(/^lsub_/);
    const [sub] = await sql<{ status: string; ended_at: Date | null }>(t, `SELECT status, ended_at FROM billing_subscription WHERE user_id = $1`, [user.id]);
    expect(sub.status).toBe('canceled');
    expect(sub.ended_at!.getTime()).toBeLessThanOrEqual(Date.now());
    // D6: back to paid (a pack was bought), no plan.
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'paid', is_subscribed: false });
    expect(await billing.endSubscriptionNow(user.id)).toEqual({ endedSubscriptionId: null, closedCheckouts: 0 });
  });

  it('closes an open checkout, so nothing can be paid for a deleted account', async () => {
    const user = await account();
    const opened = await user.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200);
    const id = /(lcs_[0-9a-f]+)$/.exec(opened.body.checkoutUrl as string)![1];
    const ended = await t.app.get<BillingApi>(BILLING_API).endSubscriptionNow(user.id);
    expect(ended).toEqual({ endedSubscriptionId: null, closedCheckouts: 1 });
    expect(await sql(t, `SELECT status FROM billing_checkout_session WHERE id = $1`, [id])).toEqual([{ status: 'expired' }]);
  });

  describe('a deletion cut off after its first step', () => {
    let user: Account & { images: string[] };
    let job: FinishAccountDeletionsJob;

    beforeAll(async () => {
      user = await fullAccount();
      job = t.app.get(FinishAccountDeletionsJob);
      // The request's first step ran, then the process died: only identity's part happened.
      expect(await t.app.get<IdentityApi>(IDENTITY_API).beginDeletion(user.id)).toBe(true);
    });

    it('already refuses the account everywhere: sessions, sign-in (as unknown), the address stays taken', async () => {
      await user.agent.get('/api/user').expect(401);
      const login = await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
      expect(login.body.code).toBe('IDENTITY.INVALID_CREDENTIALS');
      await request(t.http).post('/api/register').send({ email: user.email, username: `${user.username}x`, password: PASSWORD }).expect(409);
    });

    it('is left alone by the job while it is recent (its request may still be running)', async () => {
      const run = await job.execute();
      expect(run.finished).not.toContain(user.id);
      expect(await sql(t, `SELECT id FROM "user" WHERE id = $1`, [user.id])).toHaveLength(1);
    });

    it('is finished by the job once it is older than the grace period', async () => {
      const run = await job.execute(new Date(Date.now() + 6 * 60_000));
      expect(run).toEqual({ finished: [user.id], failed: [] });
      expect(await sql(t, `SELECT id FROM "user" WHERE id = $1`, [user.id])).toEqual([]);
      expect(await sql(t, `SELECT id FROM image WHERE id = ANY($1::uuid[])`, [user.images])).toEqual([]);
      expect(await sql(t, `SELECT id FROM laugh WHERE user_identifier = $1`, [user.id])).toEqual([]);
      // The only trace is the sign-in counter that the refused sign-in above left (D26: counted per
      // typed address, known or not, and pruned once idle, ADR 0019).
      expect(await tablesHolding(t, user.email)).toEqual({ rate_limit_attempt: 1 });
      expect(await sql(t, `SELECT attempt_type FROM rate_limit_attempt WHERE identifier = $1`, [user.email])).toEqual([{ attempt_type: 'login' }]);
      // Running it again finds nothing left to do.
      expect(await job.execute(new Date(Date.now() + 6 * 60_000))).toEqual({ finished: [], failed: [] });
      await request(t.http).post('/api/register').send({ email: user.email, username: user.username, password: PASSWORD }).expect(201);
    });
  });

  it("forgets a deleted account's sign-up address once D19's 24 hours are over, and only then", async () => {
    const user = await fullAccount();
    await deleteAccount(user, user.email).then((r) => expect(r.status).toBe(200));
    const [row] = await sql<{ id: string }>(t, `SELECT id FROM ip_registration WHERE user_id IS NULL ORDER BY created_at DESC LIMIT 1`);
    const live = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM ip_registration WHERE user_id IS NOT NULL`);
    const job = t.app.get(FinishAccountDeletionsJob);

    await job.execute();
    expect(await sql(t, `SELECT id FROM ip_registration WHERE id = $1`, [row.id])).toHaveLength(1); // still counted by D19

    await sql(t, `UPDATE ip_registration SET created_at = now() - interval '25 hours' WHERE id = $1`, [row.id]);
    await job.execute();
    expect(await sql(t, `SELECT id FROM ip_registration WHERE id = $1`, [row.id])).toEqual([]);
    // Living accounts' sign-ups are not the job's business.
    expect(await sql(t, `SELECT count(*)::int AS n FROM ip_registration WHERE user_id IS NOT NULL`)).toEqual(live);
  });

  it('is safe when two requests delete the same account at once', async () => {
    const user = await fullAccount();
    const second = await secondSession(user);
    const bystanderLaughs = await laughCount(bystanderImage);
    const answers = await Promise.all([deleteAccount(user, user.email), deleteAccount({ agent: second }, user.email), deleteAccount(user, user.email)]);
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(200);
    // 401 once the account is gone; 429 for a third request while two run (issue 24: IN_FLIGHT_LIMITS.account).
    for (const status of statuses) expect([200, 401, 429]).toContain(status);
    expect(await sql(t, `SELECT id FROM "user" WHERE id = $1`, [user.id])).toEqual([]);
    expect(await sql(t, `SELECT id FROM image WHERE id = ANY($1::uuid[])`, [user.images])).toEqual([]);
    expect(await sql(t, `SELECT count(*)::int AS n FROM credit_transaction WHERE user_id = $1`, [user.id])).toEqual([{ n: 0 }]);
    expect(await laughCount(bystanderImage)).toBe(bystanderLaughs - 1);
  });
});
