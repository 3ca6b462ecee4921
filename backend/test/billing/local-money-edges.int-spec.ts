import { Client } from 'pg';
import { BillingRepository } from '../../src/modules/billing/adapters/typeorm/billing.repository';
import { inFlightOf } from '../../src/shared/auth/user-in-flight';
import { waitFor } from '../support/wait-for';
import { FulfilPaidLocalCheckoutsJob, PAID_GRACE_MS } from '../../src/modules/billing/application/fulfil-paid-local-checkouts.job';
import { signedInAdmin } from '../administration/admin-helpers';
import { unzip } from '../privacy/privacy-helpers';
import type { TestApp } from '../support/test-app';
import {
  balance,
  buyLocally,
  createBillingApp,
  expectLedgerInvariants,
  ledger,
  localSessionId,
  signedInUser,
  sql,
  SUCCESS_CARD,
  type TestUser,
  userRow,
} from './billing-helpers';

const ADMIN_EMAIL = 'boss@example.com';

/**
 * Issue 24: money through the zero-config local test checkout (D28, D30): an upgrade is charged
 * like Stripe charges it, a crash between "paid" and "granted" is repaired by a job, and one user
 * firing many checkouts at once neither stalls anyone nor ends with more than one open checkout.
 */
describe('billing with the local test checkout: the money edge cases (issue 24)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // A long lock wait: the test that holds an account's lock from outside decides when it ends.
    t = await createBillingApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, DB_LOCK_TIMEOUT_MS: '60000' } });
    admin = await signedInAdmin(t);
  });
  afterAll(() => t.close());

  const openCheckouts = async (userId: string) =>
    (await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM billing_checkout_session WHERE user_id = $1 AND status = 'open'`, [userId]))[0].n;

  it('an upgrade is charged the prorated difference by an invoice: in Recent Invoices, the export and Total Revenue, its credits once', async () => {
    const user = await signedInUser(t);
    await buyLocally(user, { tier: 'starter' });
    await sql(
      t,
      `UPDATE billing_subscription SET current_period_start = now() - interval '15 days', current_period_end = now() + interval '15 days' WHERE user_id = $1`,
      [user.id],
    );
    const revenueBefore = (await admin.agent.get('/api/admin/analytics').expect(200)).body.totalRevenue as number;

    const up = await user.agent.post('/api/create-subscription').send({ tier: 'creator' }).expect(200);
    expect(up.body.planChange).toMatchObject({ from: 'starter', to: 'creator', effective: 'now' });
    // Half the period left: (2900 - 1900) / 2 cents, as Stripe's proration would charge.
    const billing = await user.agent.get('/api/user/billing').expect(200);
    const upgradeInvoice = billing.body.invoices.find((i: { amountPaid: number }) => i.amountPaid !== 1900);
    expect(upgradeInvoice).toMatchObject({ status: 'paid', currency: 'usd' });
    expect(upgradeInvoice.amountPaid).toBeGreaterThanOrEqual(499);
    expect(upgradeInvoice.amountPaid).toBeLessThanOrEqual(500);
    expect(upgradeInvoice.hostedInvoiceUrl).toBe(`/api/local-checkout/invoices/${upgradeInvoice.id}`);
    const receipt = await user.agent.get(upgradeInvoice.hostedInvoiceUrl).expect(200);
    expect(receipt.text).toContain(`$${(upgradeInvoice.amountPaid / 100).toFixed(2)} USD`);

    const upgrade = (await ledger(t, user.id)).filter((r) => r.description?.startsWith('Upgrade to'));
    expect(upgrade).toEqual([
      expect.objectContaining({ type: 'subscription', credits: up.body.planChange.creditsGranted, purchase_amount: upgradeInvoice.amountPaid, stripe_transaction_id: upgradeInvoice.id }),
    ]);
    expect(up.body.planChange.creditsGranted).toBeGreaterThanOrEqual(12); // floor((70 - 45) / 2)

    const revenueAfter = (await admin.agent.get('/api/admin/analytics').expect(200)).body.totalRevenue as number;
    expect(Math.round((revenueAfter - revenueBefore) * 100)).toBe(upgradeInvoice.amountPaid);

    const files = await unzip((await user.agent.get('/api/user/export').responseType('blob').expect(200)).body as Buffer);
    const data = JSON.parse(files.get('data.json')!.toString('utf8')) as { invoices: Array<{ id: string; amountPaidCents: number }> };
    expect(data.invoices).toContainEqual(expect.objectContaining({ id: upgradeInvoice.id, amountPaidCents: upgradeInvoice.amountPaid }));

    // The same click again changes nothing and bills nothing.
    await user.agent.post('/api/create-subscription').send({ tier: 'creator' }).expect(409);
    expect((await user.agent.get('/api/user/billing').expect(200)).body.invoices).toHaveLength(2);
    await expectLedgerInvariants(t, user.id);
  });

  describe('a crash between "paid" and "granted"', () => {
    /** The pay request's first step (the session marked paid with the card), then the process dies. */
    async function paidThenCrashed(user: TestUser, body: { pack: string } | { tier: string }, paidSecondsAgo: number): Promise<string> {
      const path = 'pack' in body ? '/api/purchase-credits' : '/api/create-subscription';
      const id = localSessionId((await user.agent.post(path).send(body).expect(200)).body.checkoutUrl);
      const subscriptionId = 'tier' in body ? `lsub_${id.slice(4)}` : null;
      expect(await t.app.get(BillingRepository).claimLocalCheckout(id, subscriptionId, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })).toBe(true);
      await sql(t, `UPDATE billing_checkout_session SET completed_at = now() - make_interval(secs => $2) WHERE id = $1`, [id, paidSecondsAgo]);
      return id;
    }

    it('the recovery job grants a paid pack and a paid plan once, within its 20-second round; a payment still being fulfilled is left alone', async () => {
      const job = t.app.get(FulfilPaidLocalCheckoutsJob);
      expect(job.everyMs).toBeLessThanOrEqual(30_000);
      expect(job.runAtStart).toBe(true);
      expect(PAID_GRACE_MS).toBeLessThan(60_000 - job.everyMs);
      const buyer = await signedInUser(t);
      const subscriber = await signedInUser(t);
      const young = await signedInUser(t);
      await paidThenCrashed(buyer, { pack: 'pack15' }, 30);
      await paidThenCrashed(subscriber, { tier: 'starter' }, 30);
      // Paid "an hour from now", so that this test decides when its grace is over, not the clock.
      const youngId = await paidThenCrashed(young, { pack: 'pack7' }, -3600);
      const [{ completed_at: paidAt }] = await sql<{ completed_at: Date }>(t, `SELECT completed_at FROM billing_checkout_session WHERE id = $1`, [youngId]);

      // (The job also runs in the background every 20 s; the outcome is the same whichever run does it.)
      await job.execute(new Date(paidAt.getTime() + PAID_GRACE_MS - 1_000));
      expect((await balance(t, buyer.id)).regular).toBe(15);
      expect((await balance(t, subscriber.id)).regular).toBe(45);
      expect(await userRow(t, subscriber.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true });
      expect((await balance(t, young.id)).regular).toBe(0); // its own request may still be granting it

      const again = await job.execute(new Date(paidAt.getTime() + PAID_GRACE_MS - 1_000));
      expect(again).toEqual({ fulfilled: 0, failed: 0 });
      expect((await balance(t, buyer.id)).regular).toBe(15);
      // Once its grace is over, the young one is fulfilled too.
      await job.execute(new Date(paidAt.getTime() + PAID_GRACE_MS + 1_000));
      expect((await balance(t, young.id)).regular).toBe(7);
      for (const user of [buyer, subscriber, young]) await expectLedgerInvariants(t, user.id);
    });
  });

  /** A local pack checkout marked paid whose fulfilment has not run (the pay request's first step only). */
  async function paidUnfulfilled(user: TestUser): Promise<string> {
    const id = localSessionId((await user.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200)).body.checkoutUrl);
    expect(await t.app.get(BillingRepository).claimLocalCheckout(id, null, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })).toBe(true);
    // Paid "in the future": the recovery job running in the background never takes it.
    await sql(t, `UPDATE billing_checkout_session SET completed_at = now() + interval '1 hour' WHERE id = $1`, [id]);
    return id;
  }

  describe('one user firing many requests at once', () => {
    it('12 × create-subscription and 12 × purchase-credits at once: no 5xx, exactly one open checkout, and another user is served meanwhile', async () => {
      const flooder = await signedInUser(t);
      const other = await signedInUser(t, { regular: 3 });
      const flood = Promise.all([
        ...Array.from({ length: 12 }, () => flooder.agent.post('/api/create-subscription').send({ tier: 'starter' })),
        ...Array.from({ length: 12 }, () => flooder.agent.post('/api/purchase-credits').send({ pack: 'pack7' })),
      ]);
      const polls = Promise.all(Array.from({ length: 10 }, () => other.agent.get('/api/user/credits')));
      const [answers, otherAnswers] = await Promise.all([flood, polls]);
      const statuses = answers.map((a) => a.status);
      for (const status of statuses) expect([200, 429]).toContain(status);
      for (const a of answers.filter((x) => x.status === 429)) expect(a.body.code).toBe('HTTP.TOO_MANY_IN_FLIGHT');
      expect(otherAnswers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(await openCheckouts(flooder.id)).toBe(1);
      const health = await flooder.agent.get('/api/health');
      expect(health.status).toBe(200);
    });

    it('a fourth billing request while three of the same user are running is answered 429 at once, before it takes a connection', async () => {
      const user = await signedInUser(t);
      const id = await paidUnfulfilled(user);
      // Another instance holds this account's billing lock: the confirms that fulfil wait for it.
      const holder = new Client({ connectionString: t.db.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing:user:' || $1, 0))`, [user.id]);
        const running = Array.from({ length: 3 }, () => user.agent.post(`/api/checkout/sessions/${id}/confirm`).then((r) => r));
        const waiting = async () => (await holder.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)).rows[0].n;
        await waitFor('three confirms running', () => inFlightOf('billing', user.id) === 3);
        await waitFor('a confirm waiting for the lock', async () => (await waiting()) >= 1);
        const fourth = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(429);
        expect(fourth.body).toMatchObject({ code: 'HTTP.TOO_MANY_IN_FLIGHT' });
        // Only one of the three holds a connection waiting on the database; the others queue in memory.
        expect(await waiting()).toBe(1);
        await holder.query('COMMIT');
        expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200, 200]);
      } finally {
        await holder.end();
      }
      expect(inFlightOf('billing', user.id)).toBe(0);
      expect((await balance(t, user.id)).regular).toBe(7);
      await expectLedgerInvariants(t, user.id);
    });

    it('another instance opening a checkout for the same account: 409 "A checkout is already being opened", nothing opened', async () => {
      const user = await signedInUser(t);
      await sql(t, `INSERT INTO billing_checkout_claim (user_id, token, expires_at) VALUES ($1, gen_random_uuid(), now() + interval '1 minute')`, [user.id]);
      const busy = await user.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(409);
      expect(busy.body).toMatchObject({ code: 'BILLING.CHECKOUT_BUSY', message: 'A checkout is already being opened. Please wait a moment and try again.' });
      expect(await openCheckouts(user.id)).toBe(0);
      // A claim left by a crash expires by itself.
      await sql(t, `UPDATE billing_checkout_claim SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
      await user.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(200);
      expect(await sql(t, `SELECT 1 FROM billing_checkout_claim WHERE user_id = $1`, [user.id])).toEqual([]);
    });

    it('the same item again reuses the open checkout; another item closes it first, so at most one can be paid', async () => {
      const user = await signedInUser(t);
      const first = (await user.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200)).body.checkoutUrl;
      expect((await user.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200)).body.checkoutUrl).toBe(first);
      const plan = (await user.agent.post('/api/create-subscription').send({ tier: 'creator' }).expect(200)).body.checkoutUrl;
      expect(await openCheckouts(user.id)).toBe(1);
      await user.agent.post(`/api/local-checkout/sessions/${localSessionId(first)}/pay`).send(SUCCESS_CARD).expect(409);
      await user.agent.post(`/api/local-checkout/sessions/${localSessionId(plan)}/pay`).send(SUCCESS_CARD).expect(200);
      expect((await balance(t, user.id)).regular).toBe(70);
      await expectLedgerInvariants(t, user.id);
    });
  });

  describe('admin credit adjustments (D5, D32)', () => {
    it('the same Idempotency-Key with another amount is a 409 that changes nothing; the same body again is the first answer', async () => {
      const user = await signedInUser(t);
      const path = `/api/admin/users/${user.id}/adjust-credits`;
      const body = { credits: 5, reason: 'gift', notes: 'welcome' };
      const first = await admin.agent.post(path).set('Idempotency-Key', 'adj-issue24').send(body).expect(200);
      const conflict = await admin.agent.post(path).set('Idempotency-Key', 'adj-issue24').send({ ...body, credits: 50 }).expect(409);
      expect(conflict.body).toMatchObject({ code: 'ADMIN.IDEMPOTENCY_KEY_REUSED' });
      expect(conflict.body.message).toContain('already used for a different adjustment');
      await admin.agent.post(path).set('Idempotency-Key', 'adj-issue24').send({ ...body, notes: 'another note' }).expect(409);
      const replay = await admin.agent.post(path).set('Idempotency-Key', 'adj-issue24').send(body).expect(200);
      expect(replay.body).toMatchObject({ applied: false });
      expect(replay.body.transactionId).toBe(first.body.transactionId);
      expect((await balance(t, user.id)).regular).toBe(5);
      const audit = await sql<{ outcome: string; details: Record<string, unknown> }>(t, `SELECT outcome, details FROM admin_audit_log WHERE idempotency_key LIKE $1`, [`%adj-issue24`]);
      expect(audit).toEqual([expect.objectContaining({ outcome: 'succeeded', details: expect.objectContaining({ credits: 5 }) })]);
    });
  });
});
