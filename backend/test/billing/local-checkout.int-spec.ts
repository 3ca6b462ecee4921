import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LocalRenewalJob } from '../../src/modules/billing/application/local-renewal.job';
import { FulfilmentService } from '../../src/modules/billing/application/fulfilment.service';
import { SUBSCRIPTION_ENDED, type SubscriptionEnded } from '../../src/modules/billing';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { EventBus } from '../../src/shared/events/event-bus';
import { readOutbox } from '../support/outbox';
import type { TestApp } from '../support/test-app';
import {
  balance,
  buyLocally,
  createBillingApp,
  DECLINE_CARD,
  ledger,
  localSessionId,
  signedInUser,
  sql,
  SUCCESS_CARD,
  userRow,
} from './billing-helpers';

/**
 * D30: the zero-config payment provider, end to end through the HTTP API on a real database:
 * the same fulfilment code as Stripe's webhooks (D27), the D6/D7 tiers, D3 expiry, D28 plan
 * changes, cancellation (001 §5) and the renewal job.
 */
describe('billing with the local test checkout (D30)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A fixed-length period, so the tests' time travel (moving every date back by what was left
    // of the period) stays exact; calendar months are covered by the Stripe tests and unit tests.
    t = await createBillingApp({ env: { LOCAL_BILLING_PERIOD: '30d' } });
  });
  afterAll(() => t.close());

  const renewalJob = () => t.app.get(LocalRenewalJob);

  /**
   * Time travel: the subscription's period (and every expiry of the user's ledger rows) moves back
   * by what was left of the period, as if the month had gone by.
   */
  async function endPeriodNow(userId: string): Promise<void> {
    const [{ left }] = await sql<{ left: string }>(
      t,
      `SELECT (current_period_end - now() + interval '1 second')::text AS left FROM billing_subscription WHERE user_id = $1 AND ended_at IS NULL`,
      [userId],
    );
    await sql(
      t,
      `UPDATE billing_subscription SET current_period_start = current_period_start - $2::interval, current_period_end = current_period_end - $2::interval
        WHERE user_id = $1 AND ended_at IS NULL`,
      [userId, left],
    );
    await sql(t, `UPDATE credit_transaction SET expires_at = expires_at - $2::interval WHERE user_id = $1 AND expires_at IS NOT NULL`, [userId, left]);
  }

  it('serves the D8 catalogue to anyone, and names the provider', async () => {
    const res = await request(t.http).get('/api/billing/catalogue').expect(200);
    expect(res.body.provider).toBe('local');
    expect(res.body.plans.map((p: { tier: string; priceCents: number; monthlyCredits: number }) => [p.tier, p.priceCents, p.monthlyCredits])).toEqual([
      ['starter', 1900, 45],
      ['creator', 2900, 70],
      ['pro', 4900, 140],
    ]);
    expect(res.body.packs.map((p: { id: string; priceCents: number; credits: number }) => [p.id, p.priceCents, p.credits])).toEqual([
      ['pack1', 100, 1],
      ['pack7', 500, 7],
      ['pack15', 1000, 15],
      ['pack45', 2500, 45],
    ]);
  });

  it('opens a checkout only for signed-in, verified users and known packs and plans', async () => {
    await request(t.http).post('/api/purchase-credits').send({ pack: 'pack7' }).expect(401);
    await request(t.http).post('/api/create-subscription').send({ tier: 'starter' }).expect(401);

    const user = await signedInUser(t);
    await user.agent.post('/api/purchase-credits').send({ pack: 'pack8' }).expect(400);
    await user.agent.post('/api/purchase-credits').send({}).expect(400);
    await user.agent.post('/api/create-subscription').send({ tier: 'paid' }).expect(400);
    await user.agent.post('/api/create-subscription').send({ tier: 'starter', extra: 1 }).expect(400);

    await sql(t, `UPDATE "user" SET email_verified = false WHERE id = $1`, [user.id]);
    const refused = await user.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(403);
    expect(refused.body.code).toBe('BILLING.EMAIL_NOT_VERIFIED');
    expect(await sql(t, `SELECT 1 FROM billing_checkout_session WHERE user_id = $1`, [user.id])).toHaveLength(0);
  });

  it('sells a pack end to end: credits granted once, tier paid, ledger fields right', async () => {
    const user = await signedInUser(t);
    const opened = await user.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200);
    const id = localSessionId(opened.body.checkoutUrl);

    const view = await user.agent.get(`/api/local-checkout/sessions/${id}`).expect(200);
    expect(view.body).toMatchObject({ status: 'open', amountCents: 500, currency: 'usd', email: user.email, item: { kind: 'pack', pack: 'pack7', credits: 7 } });

    const paid = await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(SUCCESS_CARD).expect(200);
    expect(paid.body.redirectUrl).toBe(`/checkout/success?session_id=${id}`);
    // A second click, the success page's confirm, and its polling change nothing.
    await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(SUCCESS_CARD).expect(200);
    const confirmed = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
    expect(confirmed.body).toMatchObject({ status: 'complete', fulfilled: true, item: { kind: 'pack', pack: 'pack7', credits: 7 }, credits: { regular: 7 } });

    expect(await balance(t, user.id)).toEqual({ balance: 7, regular: 7, watermarked: 0 });
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'paid', is_subscribed: false });
    const rows = await ledger(t, user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'purchase',
        credit_kind: 'regular',
        credits: 7,
        source_type: 'pack',
        pack_type: 'pack7',
        purchase_amount: 500,
        currency: 'USD',
        stripe_transaction_id: `lpi_${id.slice(4)}`,
        idempotency_key: `pack:${id}`,
        expires_at: null,
      }),
    ]);
    const me = await user.agent.get('/api/user').expect(200);
    expect(me.body).toMatchObject({ subscriptionTier: 'paid', isSubscribed: false });
  });

  it('grants once when 10 payments and confirms of one checkout race', async () => {
    const user = await signedInUser(t);
    const opened = await user.agent.post('/api/purchase-credits').send({ pack: 'pack15' }).expect(200);
    const id = localSessionId(opened.body.checkoutUrl);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(SUCCESS_CARD) : user.agent.post(`/api/checkout/sessions/${id}/confirm`),
      ),
    );
    // Issue 24: at most 3 billing requests of one user run at once (IN_FLIGHT_LIMITS.billing); the
    // rest are refused at once with 429. The ones that run race each other and grant once.
    const statuses = answers.map((a) => a.status);
    for (const status of statuses) expect([200, 429]).toContain(status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
    expect((await balance(t, user.id)).regular).toBe(15);
    expect(await ledger(t, user.id)).toHaveLength(1);
  });

  it('declines the decline card with Stripe’s message and refuses bad card details; nothing is granted', async () => {
    const user = await signedInUser(t);
    const opened = await user.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(200);
    const id = localSessionId(opened.body.checkoutUrl);
    const declined = await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(DECLINE_CARD).expect(402);
    expect(declined.body).toMatchObject({ code: 'BILLING.CARD_DECLINED', message: 'Your card was declined.' });
    const wrong = await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send({ ...SUCCESS_CARD, cardNumber: '4242 4242 4242 4241' }).expect(400);
    expect(wrong.body.message).toBe('Your card number is incorrect.');
    const expired = await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send({ ...SUCCESS_CARD, expiry: '01/20' }).expect(400);
    expect(expired.body.message).toBe('Your card has expired.');
    await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send({ ...SUCCESS_CARD, cvc: '' }).expect(400);

    const status = await user.agent.get(`/api/checkout/sessions/${id}`).expect(200);
    expect(status.body).toMatchObject({ status: 'open', fulfilled: false });
    expect(await balance(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    expect((await userRow(t, user.id)).subscription_tier).toBe('free');
  });

  it('cancel closes the checkout: it can no longer be paid', async () => {
    const user = await signedInUser(t);
    const opened = await user.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(200);
    const id = localSessionId(opened.body.checkoutUrl);
    const cancelled = await user.agent.post(`/api/local-checkout/sessions/${id}/cancel`).expect(200);
    expect(cancelled.body.redirectUrl).toBe('/pricing?checkout=cancelled');
    const late = await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(SUCCESS_CARD).expect(409);
    expect(late.body.code).toBe('BILLING.CHECKOUT_EXPIRED');
    expect((await balance(t, user.id)).balance).toBe(0);
  });

  it('shows, pays and confirms a checkout only for its owner', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const opened = await owner.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200);
    const id = localSessionId(opened.body.checkoutUrl);
    await other.agent.get(`/api/local-checkout/sessions/${id}`).expect(404);
    await other.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(SUCCESS_CARD).expect(404);
    await other.agent.post(`/api/local-checkout/sessions/${id}/cancel`).expect(404);
    await other.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(404);
    await other.agent.get(`/api/checkout/sessions/${id}`).expect(404);
    await request(t.http).get(`/api/local-checkout/sessions/${id}`).expect(401);
    await owner.agent.get(`/api/checkout/sessions/${'x'.repeat(300)}`).expect(404);
    expect((await balance(t, other.id)).balance).toBe(0);
  });

  it('a refund of a partly spent pack removes only the unspent credits, once (D29)', async () => {
    const user = await signedInUser(t);
    const id = await buyLocally(user, { pack: 'pack7' });
    const credits = t.app.get<CreditsApi>(CREDITS_API);
    for (let i = 0; i < 2; i++) {
      const r = await credits.reserve({ userId: user.id, idempotencyKey: `gen:${randomUUID()}` });
      await credits.capture(r.id);
    }
    expect((await balance(t, user.id)).regular).toBe(5);
    const fulfilment = t.app.get(FulfilmentService);
    const payment = { paymentIntentId: `lpi_${id.slice(4)}`, chargeId: null };
    await Promise.all([fulfilment.packRefunded(payment, 'refund'), fulfilment.packRefunded(payment, 'dispute')]);
    await fulfilment.packRefunded(payment, 'refund');
    expect(await balance(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    const refunds = (await ledger(t, user.id)).filter((r) => r.type === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ credits: -5, source_type: 'refund', idempotency_key: `revoke:${id}` })]);
  });

  it('starts a plan: tier and isSubscribed, 45 credits that roll over one month, the billing card', async () => {
    const user = await signedInUser(t);
    const id = await buyLocally(user, { tier: 'starter' });
    const confirmed = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
    expect(confirmed.body).toMatchObject({ fulfilled: true, item: { kind: 'subscription', tier: 'starter', credits: 45 }, credits: { regular: 45 } });

    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true, subscription_status: 'active' });
    const [sub] = await sql<{ id: string; current_period_start: Date; current_period_end: Date }>(
      t,
      `SELECT id, current_period_start, current_period_end FROM billing_subscription WHERE user_id = $1`,
      [user.id],
    );
    const [grant] = await ledger(t, user.id);
    expect(grant).toMatchObject({ type: 'subscription', source_type: 'subscription', credits: 45, purchase_amount: 1900 });
    // D3: the end of the period after the one they were granted in.
    const periodMs = sub.current_period_end.getTime() - sub.current_period_start.getTime();
    expect(grant.expires_at!.getTime()).toBe(sub.current_period_end.getTime() + periodMs);

    const billing = await user.agent.get('/api/user/billing').expect(200);
    expect(billing.body).toMatchObject({
      provider: 'local',
      subscription: { id: sub.id, status: 'active', tier: 'starter', planName: 'Starter', amount: 1900, interval: 'month', cancelAtPeriodEnd: false, pendingTier: null },
      paymentMethods: [{ card: { brand: 'Test card', last4: '4242', expMonth: 12, expYear: 2034 } }],
      totalCredits: 0,
      purchaseCount: 0,
      creditPurchases: [],
      unavailable: [],
    });
    expect(billing.body.subscription.currentPeriodEnd).toBe(Math.floor(sub.current_period_end.getTime() / 1000));
    expect(billing.body.invoices).toEqual([
      expect.objectContaining({ amountPaid: 1900, currency: 'usd', status: 'paid', hostedInvoiceUrl: expect.stringMatching(/^\/api\/local-checkout\/invoices\/lin_/) }),
    ]);
    const receipt = await user.agent.get(billing.body.invoices[0].hostedInvoiceUrl).expect(200);
    expect(receipt.text).toContain('$19.00 USD');
    const stranger = await signedInUser(t);
    await stranger.agent.get(billing.body.invoices[0].hostedInvoiceUrl).expect(404);

    // D28: one subscription per account; the same plan again is a 409.
    const same = await user.agent.post('/api/create-subscription').send({ tier: 'starter' }).expect(409);
    expect(same.body.message).toBe('You are already subscribed to this plan');
  });

  it('reuses an open plan checkout for the same plan and closes it for another, so two tabs cannot buy two plans', async () => {
    const user = await signedInUser(t);
    const [a, b] = await Promise.all([
      user.agent.post('/api/create-subscription').send({ tier: 'creator' }),
      user.agent.post('/api/create-subscription').send({ tier: 'creator' }),
    ]);
    expect(a.body.checkoutUrl).toBe(b.body.checkoutUrl);
    const other = await user.agent.post('/api/create-subscription').send({ tier: 'pro' }).expect(200);
    expect(other.body.checkoutUrl).not.toBe(a.body.checkoutUrl);
    await user.agent.post(`/api/local-checkout/sessions/${localSessionId(a.body.checkoutUrl)}/pay`).send(SUCCESS_CARD).expect(409);
    await user.agent.post(`/api/local-checkout/sessions/${localSessionId(other.body.checkoutUrl)}/pay`).send(SUCCESS_CARD).expect(200);
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'pro', is_subscribed: true });
  });

  it('upgrades now with prorated credits, downgrades at the renewal, renews by the job (D28, D30)', async () => {
    const user = await signedInUser(t);
    await buyLocally(user, { tier: 'starter' });
    // Half the period left: the upgrade grants floor((140 - 45) / 2) = 47.
    await sql(
      t,
      `UPDATE billing_subscription SET current_period_start = now() - interval '15 days', current_period_end = now() + interval '15 days' WHERE user_id = $1`,
      [user.id],
    );
    const up = await user.agent.post('/api/create-subscription').send({ tier: 'pro' }).expect(200);
    expect(up.body).toMatchObject({ checkoutUrl: null, planChange: { from: 'starter', to: 'pro', effective: 'now' } });
    expect(up.body.planChange.creditsGranted).toBeGreaterThanOrEqual(46);
    expect(up.body.planChange.creditsGranted).toBeLessThanOrEqual(47);
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'pro', is_subscribed: true });
    expect((await balance(t, user.id)).regular).toBe(45 + up.body.planChange.creditsGranted);
    // A retried click grants nothing more.
    await user.agent.post('/api/create-subscription').send({ tier: 'pro' }).expect(409);

    const down = await user.agent.post('/api/create-subscription').send({ tier: 'creator' }).expect(200);
    expect(down.body.planChange).toMatchObject({ from: 'pro', to: 'creator', effective: 'next_renewal', creditsGranted: 0 });
    expect((await userRow(t, user.id)).subscription_tier).toBe('pro');
    const billing = await user.agent.get('/api/user/billing').expect(200);
    expect(billing.body.subscription).toMatchObject({ tier: 'pro', pendingTier: 'creator' });

    const before = (await balance(t, user.id)).regular;
    await endPeriodNow(user.id);
    const first = await renewalJob().execute();
    const again = await renewalJob().execute(); // a second run (or instance) bills nothing more
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    expect(again.renewed).toBe(0);
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'creator', is_subscribed: true });
    expect((await balance(t, user.id)).regular).toBe(before + 70);
    const after = await user.agent.get('/api/user/billing').expect(200);
    expect(after.body.subscription).toMatchObject({ tier: 'creator', pendingTier: null, amount: 2900 });
    // Issue 24: the upgrade was charged (starter → pro with half the period left: (4900 - 1900) / 2).
    expect(after.body.invoices.map((i: { amountPaid: number }) => i.amountPaid)).toEqual([2900, 1500, 1900]);
  });

  it('subscription credits roll over one month, then expire (D3)', async () => {
    const user = await signedInUser(t);
    await buyLocally(user, { tier: 'starter' });
    await endPeriodNow(user.id);
    await renewalJob().execute();
    expect((await balance(t, user.id)).regular).toBe(90); // the first month's 45 rolled over
    // One more period: the first grant expires, the second rolls over, the third arrives.
    await endPeriodNow(user.id);
    await renewalJob().execute();
    expect((await balance(t, user.id)).regular).toBe(90);
    const rows = (await ledger(t, user.id)).filter((r) => r.type === 'subscription');
    expect(rows).toHaveLength(3);
    expect(rows[0].expires_at!.getTime()).toBeLessThan(Date.now());
  });

  it('cancels at period end with both confirmations, mails, can resume, then ends once at the period end (D6, D9)', async () => {
    const user = await signedInUser(t);
    await buyLocally(user, { pack: 'pack1' });
    await buyLocally(user, { tier: 'creator' });
    const ended: SubscriptionEnded[] = [];
    const unsubscribe = t.app.get(EventBus).subscribe<SubscriptionEnded>(SUBSCRIPTION_ENDED, (e) => {
      if (e.userId === user.id) ended.push(e);
    });
    try {
      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: 'someone@else.test', confirmCancel: true }).expect(400);
      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: false }).expect(400);
      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email }).expect(400);
      expect((await user.agent.get('/api/user/billing')).body.subscription.cancelAtPeriodEnd).toBe(false);

      const res = await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email.toUpperCase(), confirmCancel: true }).expect(200);
      const [sub] = await sql<{ current_period_end: Date }>(t, `SELECT current_period_end FROM billing_subscription WHERE user_id = $1`, [user.id]);
      expect(res.body.accessUntil).toBe(sub.current_period_end.toISOString());
      const mails = readOutbox(t.outboxDir).filter((m) => m.to === user.email && /cancelled/.test(m.subject));
      expect(mails).toHaveLength(1);
      // D7: still a paid plan until the end.
      expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'creator', is_subscribed: true });
      expect((await user.agent.get('/api/user/billing')).body.subscription.cancelAtPeriodEnd).toBe(true);

      const resumed = await user.agent.post('/api/user/resume-subscription').expect(200);
      expect(resumed.body.subscription).toMatchObject({ tier: 'creator', status: 'active', cancelAtPeriodEnd: false, planName: 'Creator' });
      expect((await user.agent.get('/api/user/billing')).body.subscription.cancelAtPeriodEnd).toBe(false);
      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(200);

      // D9: what the user saved in My Edits goes when the plan ends (a public image stays in the feed).
      const [saved] = await sql<{ id: string }>(
        t,
        `INSERT INTO image (user_id, prompt, status, is_public, is_saved, is_favorite, saved_at, expires_at)
         VALUES ($1, 'a saved edit', 'completed', true, true, true, now(), now() + interval '60 days') RETURNING id`,
        [user.id],
      );
      await endPeriodNow(user.id);
      const balanceBefore = await balance(t, user.id);
      await Promise.all([renewalJob().execute(), renewalJob().execute()]);
      await renewalJob().execute();
      // D6: the user bought a pack once, so the tier falls back to paid.
      expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'paid', is_subscribed: false, stripe_subscription_id: null });
      expect(ended).toHaveLength(1);
      expect(await sql(t, `SELECT is_saved, is_favorite, expires_at, is_public FROM image WHERE id = $1`, [saved.id])).toEqual([
        { is_saved: false, is_favorite: false, expires_at: null, is_public: true },
      ]);
      expect((await balance(t, user.id)).regular).toBe(balanceBefore.regular); // nothing billed
      expect((await user.agent.get('/api/user/billing').expect(200)).body.subscription).toBeNull();
      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(404);
      // A new plan can be bought after the old one ended.
      await buyLocally(user, { tier: 'starter' });
      expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true });
    } finally {
      unsubscribe();
    }
  });

  it('a user with no pack returns to free when the plan ends', async () => {
    const user = await signedInUser(t);
    await buyLocally(user, { tier: 'starter' });
    await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(200);
    await endPeriodNow(user.id);
    await renewalJob().execute();
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'free', is_subscribed: false });
  });

  it('limits the billing answer to 10 purchases and 5 invoices, with all-time totals', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 12; i++) await buyLocally(user, { pack: 'pack1' });
    await buyLocally(user, { tier: 'starter' });
    for (let i = 0; i < 5; i++) {
      await endPeriodNow(user.id);
      await renewalJob().execute();
    }
    const billing = await user.agent.get('/api/user/billing').expect(200);
    expect(billing.body.creditPurchases).toHaveLength(10);
    expect(billing.body).toMatchObject({ totalCredits: 12, purchaseCount: 12 });
    expect(billing.body.creditPurchases[0]).toMatchObject({ amount: 1, cost: 100, description: 'Credit pack: 1 credit', paymentMethod: 'Test card •••• 4242' });
    expect(billing.body.invoices).toHaveLength(5);
  });

  it('answers billing for a user who never bought anything, and 401 signed out', async () => {
    const user = await signedInUser(t);
    const res = await user.agent.get('/api/user/billing').expect(200);
    expect(res.body).toEqual({
      provider: 'local',
      subscription: null,
      paymentMethods: [],
      totalCredits: 0,
      purchaseCount: 0,
      creditPurchases: [],
      invoices: [],
      unavailable: [],
    });
    await request(t.http).get('/api/user/billing').expect(401);
    await request(t.http).post('/api/user/cancel-subscription').send({ confirmEmail: 'a@b.c', confirmCancel: true }).expect(401);
  });

  it('refuses webhooks when Stripe is not configured, changing nothing', async () => {
    const res = await request(t.http).post('/api/webhooks/stripe').set('Stripe-Signature', 't=1,v1=00').send('{"id":"evt_1","type":"invoice.paid"}').expect(400);
    expect(res.body.code).toBe('BILLING.WEBHOOK_SIGNATURE');
    expect(await sql(t, `SELECT 1 FROM processed_payment_event`)).toHaveLength(0);
  });
});
